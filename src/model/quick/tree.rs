//! The quick loader's rules: the headers, then the tree with explicit
//! stacks (no recursion, any depth up to the grammar's limit), checking
//! what `validate` checks and stepping aside (`None`) wherever it would
//! report an error.

use crate::diagnostic::Span;
use crate::model::quick::lex::is_run_blank;
use crate::model::quick::{DANGLING, EdgeText, Open, Quick};
use crate::model::{NewEdge, NodeId, NodeKind};
use crate::num::Num;
use crate::syntax::parse::MAX_DEPTH;

/// An inner node's `[eval=…, key=…, noisy]`, read before the node is added.
#[derive(Default)]
struct Attrs {
    eval: Option<Num>,
    key: Option<String>,
    noisy: bool,
}

impl<'a> Quick<'a> {
    /// The headers, each at most once, then the root's kind (left unread).
    pub(super) fn headers(&mut self) -> Option<()> {
        let mut seen: Vec<String> = Vec::new();
        loop {
            self.skip_blank();
            let start = self.at;
            let word = self.ident()?;
            let word = self.text_of(word).to_ascii_lowercase();
            if matches!(word.as_str(), "title" | "bounds" | "players" | "sum") {
                if seen.contains(&word) {
                    return None;
                }
                seen.push(word.clone());
            }
            match word.as_str() {
                "title" => {
                    self.skip_blank();
                    self.title = Some(self.string()?.0);
                }
                "bounds" => {
                    if !self.eat(b'[') {
                        return None;
                    }
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
                "players" => self.players()?,
                "sum" => {
                    self.skip_blank();
                    self.sum = Some(self.number()?.0);
                }
                _ => {
                    self.at = start;
                    return Some(());
                }
            }
        }
    }

    /// `players A B C` on one line: blanks (not line breaks) and at most
    /// one comma between the names, which are all different.
    fn players(&mut self) -> Option<()> {
        loop {
            let before = self.at;
            let gap = |b: &u8| matches!(b, b' ' | b'\t');
            let mut i = self.at + self.text[self.at..].iter().take_while(|b| gap(b)).count();
            let blanks = i > self.at;
            if self.text.get(i) == Some(&b',') {
                i += 1;
                i += self.text[i..].iter().take_while(|b| gap(b)).count();
            } else if !blanks {
                break;
            }
            self.at = i;
            let Some(name) = self.ident() else {
                self.at = before;
                break;
            };
            let name = self.text_of(name).to_string();
            if self.players.contains(&name) {
                return None;
            }
            self.players.push(name);
        }
        (!self.players.is_empty()).then_some(())
    }

    /// The tree.
    pub(super) fn tree(&mut self) -> Option<()> {
        self.skip_blank();
        let kind = self.ident()?;
        self.node(kind, EdgeText::default())?;
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

    /// The kind a node's first word names, as `validate` reads it.
    fn kind(&self, word: Span) -> Option<NodeKind> {
        let word = self.text_of(word);
        if let Some(i) = self.players.iter().position(|p| p == word) {
            return Some(NodeKind::Player(i as u16));
        }
        match word.to_ascii_lowercase().as_str() {
            "chance" => Some(NodeKind::Chance),
            "max" if self.players.is_empty() => Some(NodeKind::Max),
            "min" if self.players.is_empty() => Some(NodeKind::Min),
            _ => None,
        }
    }

    /// The rest of an inner node after its kind: name, attributes, `{`.
    /// Records it as a child of the innermost open node (with what its edge
    /// carries), then opens it.
    fn node(&mut self, kind: Span, edge: EdgeText) -> Option<()> {
        let kind_id = self.kind(kind)?;
        self.skip_blank();
        let name = match self.peek()? {
            b'{' | b'[' => None,
            _ => Some(self.name()?),
        };
        self.skip_blank();
        let attrs = if self.peek() == Some(b'[') { self.attrs()? } else { Attrs::default() };
        if !self.eat(b'{') || self.open.len() >= MAX_DEPTH {
            return None;
        }
        let span = kind.to(name.as_ref().map_or(kind, |n| n.1));
        let id = self.add(kind_id, span, name)?;
        if let Some(eval) = attrs.eval {
            self.game.set_eval(id, eval);
        }
        if let Some(key) = attrs.key {
            self.game.set_key(id, key);
        }
        if attrs.noisy {
            self.game.set_noisy(id);
        }
        if !self.open.is_empty() {
            self.record(edge, id);
        }
        self.open.push(Open { id, kind: kind_id, children: self.pending.len(), extras: self.extras.len() });
        Some(())
    }

    /// `[eval=5, key=p7, noisy]`: each known attribute at most once, with
    /// the value it takes.
    fn attrs(&mut self) -> Option<Attrs> {
        self.at += 1;
        let mut attrs = Attrs::default();
        let mut seen: Vec<&str> = Vec::new();
        loop {
            self.skip_blank();
            let key = self.ident()?;
            let key = self.text_of(key);
            if seen.contains(&key) {
                return None;
            }
            seen.push(key);
            let valued = self.eat(b'=');
            self.skip_blank();
            match (key, valued) {
                ("eval", true) => attrs.eval = Some(self.number()?.0),
                ("key", true) => {
                    attrs.key = Some(match self.peek()? {
                        b'-' | b'0'..=b'9' => {
                            let (_, span) = self.number()?;
                            self.text_of(span).to_string()
                        }
                        _ => self.name()?.0,
                    })
                }
                ("noisy", false) => attrs.noisy = true,
                _ => return None,
            }
            if self.eat(b']') {
                return Some(attrs);
            }
            self.eat(b',');
        }
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
        if !self.players.is_empty() {
            // Leaves are vectors there; a number starts a probability.
            return self.child();
        }
        let text = self.text;
        let blank = |b: Option<&u8>| b.is_some_and(|&b| is_run_blank(b));
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
                // A probability: the child it belongs to is no plain leaf.
                Some(b':') => return self.child(),
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

    /// One child slot: `3`, `K=3`, `?`, `(1, 2)`, `&B`, `MIN B {`, with an
    /// optional `a1 ->` label and then an optional `1/2:` probability.
    fn child(&mut self) -> Option<()> {
        let index = self.pending.len() - self.open.last()?.children;
        self.path.0.push(index as u32);
        let mut edge = EdgeText::default();
        let id = loop {
            match self.peek()? {
                b'-' | b'0'..=b'9' => {
                    let from = self.at;
                    let (value, span) = self.number()?;
                    // Without a label, only blanks may stand between a
                    // probability and its `:` (the grammar's `leaf_run`).
                    let colon = if edge.label.is_none() {
                        self.colon_follows_in_run()
                    } else {
                        self.skip_blank();
                        self.peek() == Some(b':')
                    };
                    if colon && edge.prob.is_none() {
                        self.eat(b':');
                        self.skip_blank();
                        edge.decimal = self.text[span.start..span.end].iter().any(|b| matches!(b, b'.' | b'e' | b'E'));
                        edge.prob = Some(value);
                        continue;
                    }
                    self.at = from;
                    break self.leaf(None)?;
                }
                b'?' | b'(' => break self.leaf(None)?,
                b'&' => {
                    self.at += 1;
                    self.skip_blank();
                    let (name, span) = self.name()?;
                    let parent = self.open.last()?.id;
                    self.transpositions.push((parent, index, name, span));
                    edge.transposition = true;
                    break DANGLING;
                }
                b'"' | b'A'..=b'Z' | b'a'..=b'z' | b'_' => {}
                _ => return None,
            }
            let start = self.at;
            let (word, span) = self.name()?;
            self.skip_blank();
            let next = self.peek()?;
            if next == b'-' && self.text.get(self.at + 1) == Some(&b'>') && edge.label.is_none() && edge.prob.is_none()
            {
                self.at += 2;
                self.skip_blank();
                edge.label = Some(word);
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
            self.at = span.end;
            return self.node(span, edge);
        };
        self.path.0.pop();
        self.record(edge, id);
        self.eat(b',');
        Some(())
    }

    /// Adds `id` to the innermost open node's children.
    fn record(&mut self, edge: EdgeText, id: NodeId) {
        let slot = self.pending.len();
        self.pending.push(id);
        if !edge.is_plain() {
            self.extras.push((slot, edge));
        }
    }

    /// A leaf: a number, `?` or a vector, named or not; the name's span
    /// starts the leaf's.
    fn leaf(&mut self, name: Option<(String, Span)>) -> Option<NodeId> {
        let start = self.at;
        let mut value = None;
        let mut vector = None;
        match self.peek()? {
            b'?' => self.at += 1,
            b'(' => vector = Some(self.vector()?),
            _ => {
                let (v, _) = self.number()?;
                if !self.players.is_empty() || self.bounds.is_some_and(|(lo, hi)| v < lo || v > hi) {
                    return None;
                }
                value = Some(v);
            }
        }
        let span = Span::new(start, self.at);
        // A number before `:` is a probability, which cannot come here.
        self.skip_blank();
        if self.peek() == Some(b':') {
            return None;
        }
        let at = name.as_ref().map_or(span, |(_, n)| n.to(span));
        let id = match (value, name) {
            (Some(v), None) => return Some(self.game.add_leaf(span, v)),
            (_, name) => self.add(NodeKind::Leaf, at, name)?,
        };
        match (value, vector) {
            (Some(v), _) => self.game.set_scalar(id, v),
            (None, Some(vs)) => self.game.set_vector(id, vs),
            (None, None) => self.game.set_unknown(id),
        }
        Some(id)
    }

    /// `(1, 2, 6)`: one value per player, inside the bounds, not over `sum`.
    fn vector(&mut self) -> Option<Vec<Num>> {
        self.at += 1;
        let mut values = Vec::new();
        loop {
            self.skip_blank();
            values.push(self.number()?.0);
            if self.eat(b')') {
                break;
            }
            self.eat(b',');
        }
        let inside = |v: &Num| self.bounds.is_none_or(|(lo, hi)| *v >= lo && *v <= hi);
        if values.len() != self.players.len() || !values.iter().all(inside) {
            return None;
        }
        let total = values.iter().fold(Num::ZERO, |a, &b| a + b);
        if self.sum.is_some_and(|s| total > s) {
            return None;
        }
        Some(values)
    }

    /// `}`: gives the innermost open node its children, checking their
    /// probabilities as `validate` does.
    pub(super) fn close(&mut self) -> Option<()> {
        let open = self.open.pop()?;
        let n = self.pending.len() - open.children;
        if n == 0 {
            return None;
        }
        self.probabilities(&open, n)?;
        if self.extras.len() == open.extras {
            self.game.set_plain_children(open.id, self.pending.drain(open.children..));
        } else {
            let mut extras = self.extras.drain(open.extras..).peekable();
            let edges: Vec<NewEdge> = (open.children..self.pending.len())
                .map(|k| {
                    let e = extras.next_if(|(at, _)| *at == k).map(|(_, e)| e).unwrap_or_default();
                    NewEdge {
                        child: Some(self.pending[k]),
                        label: e.label,
                        prob: e.prob,
                        transposition: e.transposition,
                    }
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

    /// Probabilities only under CHANCE, on all its children or none (none
    /// only in two-player games), none negative, summing to 1 (within 1e-9
    /// when one is written as a decimal).
    fn probabilities(&self, open: &Open, n: usize) -> Option<()> {
        let edges = &self.extras[open.extras..];
        let written: Vec<(Num, bool)> = edges.iter().filter_map(|(_, e)| e.prob.map(|p| (p, e.decimal))).collect();
        if open.kind != NodeKind::Chance {
            return written.is_empty().then_some(());
        }
        if written.is_empty() {
            return self.players.is_empty().then_some(());
        }
        if written.len() != n || written.iter().any(|(p, _)| *p < Num::ZERO) {
            return None;
        }
        let sum = written.iter().fold(Num::ZERO, |a, &(p, _)| a + p);
        let ok = if written.iter().any(|(_, d)| *d) { (sum.to_f64() - 1.0).abs() <= 1e-9 } else { sum == Num::ONE };
        ok.then_some(())
    }
}
