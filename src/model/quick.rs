//! The quick loader: the common shape of a spec straight into a [`Game`],
//! without pest or the ast, for big machine-written trees.
//!
//! It reads a subset of the language — ASCII outside comments and strings, `title` and `bounds`
//! headers, `MAX`/`MIN`/`CHANCE` nodes with optional names, plain and
//! named number leaves (`3`, `K=3`), move labels (`a1 -> …`) and comments —
//! and returns `None` the moment it meets anything else (attributes,
//! probabilities, `&B`, `?`, vectors, `players`, `expect` blocks, any
//! error at all). `None` sends the text down the full path, pest and
//! `validate`, which is the definition of the language and reports every
//! error. Invariant (a law in `tests/quick.rs`): when this returns a game,
//! it equals `validate(parse(text))` field by field.

use std::collections::BTreeMap;

use crate::diagnostic::Span;
use crate::model::{Builder, Game, NewEdge, NodeId, NodeKind, Path};
use crate::num::Num;
use crate::syntax::parse::MAX_DEPTH;

/// The game, if `text` lies inside the quick subset and is valid.
pub fn load(text: &str) -> Option<Game> {
    // NUL bytes (binary input, an error) take the full path. So does any
    // non-ASCII character outside a comment or a string (Unicode names,
    // a byte-order mark): no rule here matches a byte above 0x7F.
    if text.contains('\0') {
        return None;
    }
    let mut q = Quick::new(text.as_bytes());
    q.headers()?;
    q.tree()?;
    q.skip_blank();
    if q.at < q.text.len() {
        return None;
    }
    let mut game = q.game;
    game.set_title(q.title);
    game.set_bounds(q.bounds);
    game.set_names(q.names.into_iter().map(|(name, (_, path))| (name, path)).collect());
    // Anything the quick reader let through that breaks an invariant (a
    // leaf outside the bounds) takes the full path, which words the error.
    game.build().ok()
}

/// An inner node being read: its id and where its children start in the
/// pending lists.
struct Open {
    id: NodeId,
    children: usize,
    labels: usize,
}

struct Quick<'a> {
    text: &'a [u8],
    at: usize,
    game: Builder,
    title: Option<String>,
    bounds: Option<(Num, Num)>,
    /// name → (node, path where written)
    names: BTreeMap<String, (NodeId, Path)>,
    /// The open nodes, root first.
    open: Vec<Open>,
    /// The children read so far of every open node, innermost last.
    pending: Vec<NodeId>,
    /// Labels of pending children: (index in `pending`, label).
    labels: Vec<(usize, String)>,
    /// The path of the node being read (0-based child indices).
    path: Path,
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_ident_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'\''
}

impl<'a> Quick<'a> {
    fn new(text: &'a [u8]) -> Quick<'a> {
        let nodes = count_tokens(text);
        Quick {
            text,
            at: 0,
            game: Builder::with_capacity(nodes, nodes),
            title: None,
            bounds: None,
            names: BTreeMap::new(),
            open: Vec::new(),
            pending: Vec::new(),
            labels: Vec::new(),
            path: Path::root(),
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    /// Skips blanks, line breaks and `#`/`//` comments.
    fn skip_blank(&mut self) {
        while let Some(b) = self.peek() {
            match b {
                b' ' | b'\t' | b'\r' | b'\n' => self.at += 1,
                b'#' => self.skip_line(),
                b'/' if self.text.get(self.at + 1) == Some(&b'/') => self.skip_line(),
                _ => return,
            }
        }
    }

    fn skip_line(&mut self) {
        while self.peek().is_some_and(|b| b != b'\n') {
            self.at += 1;
        }
    }

    /// After blanks, `byte` (consumed) or nothing.
    fn eat(&mut self, byte: u8) -> bool {
        self.skip_blank();
        let found = self.peek() == Some(byte);
        if found {
            self.at += 1;
        }
        found
    }

    /// An identifier, as its span.
    fn ident(&mut self) -> Option<Span> {
        let start = self.at;
        if !self.peek().is_some_and(is_ident_start) {
            return None;
        }
        while self.peek().is_some_and(is_ident_char) {
            self.at += 1;
        }
        Some(Span::new(start, self.at))
    }

    fn text_of(&self, span: Span) -> &'a str {
        // Identifiers and numbers are ASCII: their ends are char boundaries.
        std::str::from_utf8(&self.text[span.start..span.end]).unwrap_or_default()
    }

    /// `"…"` on one line with `\"`, `\\`, `\n`, `\t`, unescaped; the span
    /// covers the quotes.
    fn string(&mut self) -> Option<(String, Span)> {
        let start = self.at;
        if self.peek() != Some(b'"') {
            return None;
        }
        self.at += 1;
        // Bytes, not chars: `"` and `\\` never occur inside a UTF-8 sequence,
        // so what lies between them is whole characters.
        let mut out = Vec::new();
        loop {
            let b = self.peek()?;
            self.at += 1;
            match b {
                b'"' => return Some((String::from_utf8(out).ok()?, Span::new(start, self.at))),
                b'\n' | b'\r' => return None,
                b'\\' => {
                    let e = self.peek()?;
                    self.at += 1;
                    out.push(match e {
                        b'"' => b'"',
                        b'\\' => b'\\',
                        b'n' => b'\n',
                        b't' => b'\t',
                        _ => return None,
                    });
                }
                _ => out.push(b),
            }
        }
    }

    /// A name: an identifier or a string.
    fn name(&mut self) -> Option<(String, Span)> {
        match self.peek()? {
            b'"' => self.string(),
            _ => self.ident().map(|s| (self.text_of(s).to_string(), s)),
        }
    }

    /// A number literal as the grammar's `number` reads it, and its value.
    fn number(&mut self) -> Option<(Num, Span)> {
        let start = self.at;
        let neg = self.peek() == Some(b'-');
        if neg {
            self.at += 1;
        }
        let digits_from = self.at;
        let mut whole: i64 = 0;
        while let Some(b @ b'0'..=b'9') = self.peek() {
            whole = whole.wrapping_mul(10).wrapping_add(i64::from(b - b'0'));
            self.at += 1;
        }
        let digits = self.at - digits_from;
        if digits == 0 {
            return None;
        }
        let plain = self.at;
        self.fraction();
        self.exponent();
        if self.at < self.text.len() && self.text[self.at] == b'/' && self.digits_at(self.at + 1) > 0 {
            self.at += 1 + self.digits_at(self.at + 1);
            self.fraction();
        }
        if self.peek().is_some_and(is_ident_char) {
            return None;
        }
        let span = Span::new(start, self.at);
        let value = if self.at == plain && digits <= 18 {
            Num::int(if neg { -whole } else { whole })
        } else {
            Num::parse(self.text_of(span)).ok()?
        };
        Some((value, span))
    }

    fn digits_at(&self, from: usize) -> usize {
        self.text[from.min(self.text.len())..].iter().take_while(|b| b.is_ascii_digit()).count()
    }

    /// `.123` (only with digits after the dot).
    fn fraction(&mut self) {
        if self.peek() == Some(b'.') && self.digits_at(self.at + 1) > 0 {
            self.at += 1 + self.digits_at(self.at + 1);
        }
    }

    /// `e5`, `E-3`, `e+2` (only with digits).
    fn exponent(&mut self) {
        if !matches!(self.peek(), Some(b'e' | b'E')) {
            return;
        }
        let sign = usize::from(matches!(self.text.get(self.at + 1), Some(b'+' | b'-')));
        let n = self.digits_at(self.at + 1 + sign);
        if n > 0 {
            self.at += 1 + sign + n;
        }
    }

    /// `title "…"` and `bounds [lo, hi]`, each at most once, then the
    /// root's kind (left unread).
    fn headers(&mut self) -> Option<()> {
        loop {
            self.skip_blank();
            let start = self.at;
            let word = self.ident()?;
            let word = self.text_of(word).to_ascii_lowercase();
            self.skip_blank();
            match word.as_str() {
                "title" if self.peek() == Some(b'"') && self.title.is_none() => self.title = Some(self.string()?.0),
                "bounds" if self.peek() == Some(b'[') && self.bounds.is_none() => {
                    self.at += 1;
                    self.skip_blank();
                    let (lo, _) = self.number()?;
                    self.eat(b',');
                    self.skip_blank();
                    let (hi, _) = self.number()?;
                    if !self.eat(b']') || lo > hi {
                        return None;
                    }
                    self.bounds = Some((lo, hi));
                }
                "title" | "bounds" | "players" | "sum" => return None,
                _ => {
                    self.at = start;
                    return Some(());
                }
            }
        }
    }

    /// The tree, with explicit stacks (no recursion, any depth up to the
    /// grammar's limit).
    fn tree(&mut self) -> Option<()> {
        self.skip_blank();
        let kind = self.ident()?;
        self.node(kind, None)?;
        while !self.open.is_empty() {
            self.skip_blank();
            match self.peek()? {
                b'}' => {
                    self.at += 1;
                    self.close()?;
                }
                b'-' | b'0'..=b'9' => self.plain_leaves()?,
                _ => self.child()?,
            }
        }
        Some(())
    }

    /// The rest of an inner node after its kind: name, `{`. Records it as
    /// a child of the innermost open node (with its label), then opens it.
    fn node(&mut self, kind: Span, label: Option<String>) -> Option<()> {
        let word = &self.text[kind.start..kind.end];
        let kind_id = [(b"max" as &[u8], NodeKind::Max), (b"min", NodeKind::Min), (b"chance", NodeKind::Chance)]
            .into_iter()
            .find(|(w, _)| w.eq_ignore_ascii_case(word))?
            .1;
        self.skip_blank();
        let name = match self.peek()? {
            b'{' => None,
            _ => Some(self.name()?),
        };
        if !self.eat(b'{') || self.open.len() >= MAX_DEPTH {
            return None;
        }
        let span = kind.to(name.as_ref().map_or(kind, |n| n.1));
        let id = self.add(kind_id, span, name)?;
        if !self.open.is_empty() {
            self.record(label, id);
        }
        self.open.push(Open { id, children: self.pending.len(), labels: self.labels.len() });
        Some(())
    }

    /// Adds a node at the current path, with its name if it has one.
    fn add(&mut self, kind: NodeKind, span: Span, name: Option<(String, Span)>) -> Option<NodeId> {
        let id = self.game.add_node(kind, span);
        if let Some((name, _)) = name {
            if self.names.contains_key(&name) {
                return None;
            }
            self.game.set_name(id, name.clone());
            self.names.insert(name, (id, self.path.clone()));
        }
        Some(id)
    }

    /// A run of plain integer leaves (`3 12, -8`), the bulk of a big tree,
    /// in one tight loop; anything else in the run goes to [`Quick::child`].
    fn plain_leaves(&mut self) -> Option<()> {
        let text = self.text;
        let blank = |b: Option<&u8>| matches!(b, Some(b' ' | b'\n' | b'\t' | b'\r'));
        loop {
            let start = self.at;
            let neg = text.get(start) == Some(&b'-');
            let mut i = start + usize::from(neg);
            let mut whole: i64 = 0;
            while let Some(&b @ b'0'..=b'9') = text.get(i) {
                whole = whole.wrapping_mul(10).wrapping_add(i64::from(b - b'0'));
                i += 1;
            }
            let digits = i - start - usize::from(neg);
            let ends = blank(text.get(i)) || matches!(text.get(i), Some(b',' | b'}'));
            if digits == 0 || digits > 18 || !ends {
                return self.child();
            }
            let value = Num::int(if neg { -whole } else { whole });
            if self.bounds.is_some_and(|(lo, hi)| value < lo || value > hi) {
                return None;
            }
            let mut j = i;
            while blank(text.get(j)) {
                j += 1;
            }
            match text.get(j) {
                Some(b':') => return None,
                Some(b',') => {
                    j += 1;
                    while blank(text.get(j)) {
                        j += 1;
                    }
                }
                _ => {}
            }
            let id = self.game.add_leaf(Span::new(start, i), value);
            self.pending.push(id);
            self.at = j;
            if !matches!(text.get(j), Some(b'-' | b'0'..=b'9')) {
                return Some(());
            }
        }
    }

    /// One child slot: `3`, `K=3`, `MIN B {`, `a1 -> …`.
    fn child(&mut self) -> Option<()> {
        if let Some(b'-' | b'0'..=b'9') = self.peek() {
            // The common case: a plain number leaf, no path needed.
            let id = self.leaf(None)?;
            self.record(None, id);
            self.eat(b',');
            return Some(());
        }
        let index = self.pending.len() - self.open.last()?.children;
        self.path.0.push(index as u32);
        let mut label = None;
        let id = loop {
            match self.peek()? {
                b'-' | b'0'..=b'9' => break self.leaf(None)?,
                b'"' | b'A'..=b'Z' | b'a'..=b'z' | b'_' => {}
                _ => return None,
            }
            let start = self.at;
            let (word, span) = self.name()?;
            self.skip_blank();
            let next = self.peek()?;
            if next == b'-' && self.text.get(self.at + 1) == Some(&b'>') && label.is_none() {
                self.at += 2;
                self.skip_blank();
                label = Some(word);
                continue;
            }
            if next == b'=' {
                self.at += 1;
                self.skip_blank();
                break self.leaf(Some((word, span)))?;
            }
            if self.text[start] == b'"' {
                return None;
            }
            // An inner node: it stays open, so its path stays pushed.
            return self.node(span, label);
        };
        self.path.0.pop();
        self.record(label, id);
        self.eat(b',');
        Some(())
    }

    /// Adds `id` to the innermost open node's children.
    fn record(&mut self, label: Option<String>, id: NodeId) {
        let slot = self.pending.len();
        self.pending.push(id);
        if let Some(label) = label {
            self.labels.push((slot, label));
        }
    }

    /// A number leaf, named or not; the name's span starts the leaf's.
    fn leaf(&mut self, name: Option<(String, Span)>) -> Option<NodeId> {
        let (value, span) = self.number()?;
        if self.bounds.is_some_and(|(lo, hi)| value < lo || value > hi) {
            return None;
        }
        // A number before `:` is a probability.
        self.skip_blank();
        if self.peek() == Some(b':') {
            return None;
        }
        match name {
            None => Some(self.game.add_leaf(span, value)),
            Some((name, at)) => {
                let id = self.add(NodeKind::Leaf, at.to(span), Some((name, at)))?;
                self.game.set_scalar(id, value);
                Some(id)
            }
        }
    }

    /// `}`: gives the innermost open node its children.
    fn close(&mut self) -> Option<()> {
        let open = self.open.pop()?;
        let n = self.pending.len() - open.children;
        if n == 0 {
            return None;
        }
        if self.labels.len() == open.labels {
            self.game.set_plain_children(open.id, self.pending.drain(open.children..));
        } else {
            let mut labels = self.labels.drain(open.labels..).peekable();
            let edges: Vec<NewEdge> = (open.children..self.pending.len())
                .map(|k| NewEdge {
                    child: Some(self.pending[k]),
                    label: labels.next_if(|(at, _)| *at == k).map(|(_, l)| l),
                    ..NewEdge::default()
                })
                .collect();
            self.pending.truncate(open.children);
            self.game.set_children(open.id, edges);
        }
        if !self.open.is_empty() {
            self.path.0.pop();
            self.eat(b',');
        }
        Some(())
    }
}

/// An upper bound on the nodes in `text`: every node starts a token.
fn count_tokens(text: &[u8]) -> usize {
    let mut count = 0;
    let mut inside = false;
    for &b in text {
        let token = !matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b',' | b'{' | b'}');
        count += usize::from(token && !inside);
        inside = token;
    }
    count + 1
}
