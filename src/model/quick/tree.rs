//! The quick loader's rules for the text form: the headers, then the tree
//! with explicit stacks (no recursion, any depth up to the grammar's
//! limit), handing each node to `build.rs`.

use crate::diagnostic::Span;
use crate::model::NodeId;
use crate::model::quick::build::{Attrs, LeafValue, key, pack};
use crate::model::quick::lex::{digits, is_run_blank};
use crate::model::quick::{DANGLING, EdgeText, Quick};
use crate::num::Num;

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
        self.root()?;
        self.nodes(usize::MAX, false)
    }

    /// The root's kind, name and attributes, and its `{`: the root is open.
    pub(super) fn root(&mut self) -> Option<()> {
        self.skip_blank();
        let kind = self.ident()?;
        self.node(kind, EdgeText::default())
    }

    /// The nodes from `at` on, until every node is closed. Reading half a
    /// tree (`split.rs`) it stops sooner: between two nodes once `at` has
    /// reached `stop`, or (`root_end`) where the root's `}` is next.
    pub(super) fn nodes(&mut self, stop: usize, root_end: bool) -> Option<()> {
        while !self.open.is_empty() {
            if self.at >= stop {
                return Some(());
            }
            self.skip_blank();
            match self.peek()? {
                b'}' if root_end && self.open.len() == 1 => return Some(()),
                b'}' => {
                    self.at += 1;
                    self.close()?;
                    if !self.open.is_empty() {
                        self.eat(b',');
                    }
                }
                b'-' | b'0'..=b'9' => self.plain_leaves()?,
                _ => self.child()?,
            }
        }
        Some(())
    }

    /// The rest of an inner node after its kind: name, attributes, `{`;
    /// then opens it.
    fn node(&mut self, kind: Span, edge: EdgeText) -> Option<()> {
        let kind_id = self.kind(self.text_of(kind))?;
        self.skip_blank();
        let name = match self.peek()? {
            b'{' | b'[' => None,
            _ => Some(self.name()?),
        };
        self.skip_blank();
        let attrs = if self.peek() == Some(b'[') { self.attrs()? } else { Attrs::default() };
        if !self.eat(b'{') {
            return None;
        }
        let span = kind.to(name.as_ref().map_or(kind, |n| n.1));
        self.open_node(kind_id, span, name, attrs, edge)
    }

    /// `[eval=5, key=p7, noisy]`: each known attribute at most once, with
    /// the value it takes.
    fn attrs(&mut self) -> Option<Attrs> {
        self.at += 1;
        let mut attrs = Attrs::default();
        // The known keys seen, as bits (any other key is refused below).
        let mut seen = 0u8;
        loop {
            self.skip_blank();
            let key = self.ident()?;
            let key = self.text_of(key);
            let bit = match key {
                "eval" => 1,
                "key" => 2,
                "noisy" => 4,
                _ => 0,
            };
            if seen & bit != 0 {
                return None;
            }
            seen |= bit;
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
            let (whole, i) = digits(text, start + usize::from(neg));
            let digits = i - start - usize::from(neg);
            let ends = blank(text.get(i)) || matches!(text.get(i), Some(b',' | b'}'));
            if !neg && digits > 0 && text.get(i) == Some(&b'/') {
                return self.prob_leaves();
            }
            if digits == 0 || digits > 18 || !ends {
                return self.child();
            }
            let value = LeafValue::Scalar(Num::int(if neg { -whole } else { whole }));
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
            let id = self.add_leaf(value, Span::new(start, i), None)?;
            self.pending.push(id);
            self.at = j;
            if !matches!(text.get(j), Some(b'-' | b'0'..=b'9')) {
                return Some(());
            }
        }
    }

    /// A run of `n/d: v` children, integer probabilities over integer
    /// leaves (a machine-written chance node's), in one loop that reads
    /// each as [`Quick::child`] does, the probability's value worked out
    /// once for the run ([`Quick::ratio`]); anything else in the run (a
    /// comment, a decimal, a name, an inner node) goes to `child`, from
    /// where that child starts.
    fn prob_leaves(&mut self) -> Option<()> {
        let text = self.text;
        let blank = |b: Option<&u8>| b.is_some_and(|&b| is_run_blank(b));
        let skip = |mut k: usize| {
            while blank(text.get(k)) {
                k += 1;
            }
            k
        };
        loop {
            let start = self.at;
            let (n, i) = digits(text, start);
            let (d, j) = digits(text, i + 1);
            let short = |from: usize, to: usize| to > from && to - from <= 18;
            let fraction = short(start, i) && text.get(i) == Some(&b'/') && short(i + 1, j) && d != 0;
            // Only blanks between the probability and its `:`, and between
            // the `:` and the leaf.
            let colon = skip(j);
            if !fraction || !(blank(text.get(j)) || colon == j) || text.get(colon) != Some(&b':') {
                return self.child();
            }
            let leaf = skip(colon + 1);
            let neg = text.get(leaf) == Some(&b'-');
            let (whole, end) = digits(text, leaf + usize::from(neg));
            let ends = blank(text.get(end)) || matches!(text.get(end), Some(b',' | b'}'));
            // (A `:` after the leaf is refused where the run goes on.)
            if !short(leaf + usize::from(neg), end) || !ends {
                return self.child();
            }
            let value = LeafValue::Scalar(Num::int(if neg { -whole } else { whole }));
            let id = self.add_leaf(value, Span::new(leaf, end), None)?;
            let prob = self.ratio(n, d);
            self.record_prob(prob, id);
            self.at = end;
            self.eat(b',');
            self.skip_blank();
            if !self.peek().is_some_and(|b| b.is_ascii_digit()) {
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
                    // A leaf, its number read once.
                    break self.end_leaf(LeafValue::Scalar(value), span, None)?;
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
            // A string is unescaped at once; an identifier is copied only if
            // it names a label or a leaf, not for every inner node's kind.
            let (quoted, span) = match self.peek()? {
                b'"' => self.string().map(|(word, span)| (Some(word), span))?,
                _ => (None, self.ident()?),
            };
            let word = |q: &Self, quoted: Option<String>| quoted.unwrap_or_else(|| q.text_of(span).to_string());
            self.skip_blank();
            let next = self.peek()?;
            if next == b'-' && self.text.get(self.at + 1) == Some(&b'>') && edge.label.is_none() && edge.prob.is_none()
            {
                self.at += 2;
                self.skip_blank();
                edge.label = Some(word(self, quoted));
                continue;
            }
            if next == b'=' {
                self.at += 1;
                self.skip_blank();
                break self.leaf(Some((word(self, quoted), span)))?;
            }
            if quoted.is_some() {
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

    /// A leaf: a number, `?` or a vector, named or not; the name's span
    /// starts the leaf's.
    fn leaf(&mut self, name: Option<(String, Span)>) -> Option<NodeId> {
        let start = self.at;
        let value = match self.peek()? {
            b'?' => {
                self.at += 1;
                LeafValue::Unknown
            }
            b'(' if name.is_none() => return self.unnamed_vector_leaf(),
            b'(' => LeafValue::Vector(self.vector()?),
            _ => LeafValue::Scalar(self.number()?.0),
        };
        self.end_leaf(value, Span::new(start, self.at), name)
    }

    /// An unnamed vector leaf. A vector of up to four small integers is
    /// read first as its key ([`Quick::small_vector`]); one read before is
    /// the game's already, checked then: the leaf takes its place in the
    /// table without a number made or checked again (a three-player tree
    /// of a million leaves holds a thousand distinct vectors).
    fn unnamed_vector_leaf(&mut self) -> Option<NodeId> {
        let start = self.at;
        let key = self.small_vector();
        if let Some(&data) = key.and_then(|k| self.known_vectors.get(&k)) {
            return self.end_leaf(LeafValue::Known(data), Span::new(start, self.at), None);
        }
        self.at = start;
        let value = LeafValue::Vector(self.vector()?);
        let id = self.end_leaf(value, Span::new(start, self.at), None)?;
        self.known(key, id);
        Some(id)
    }

    /// `(1, 2, 6)` as [`Quick::vector`] reads it, when it holds at most four
    /// integers of at most four digits each, each followed by a blank, a
    /// comment, `,` or `)`: its count and its numbers' 15-bit two's
    /// complements packed in a word, as [`key`] keys them (the key
    /// [`vector_key`](super::build::vector_key) makes of the numbers). Else
    /// none, `at` anywhere.
    fn small_vector(&mut self) -> Option<u64> {
        self.at += 1;
        let mut packed = 0;
        for n in 0..4 {
            self.skip_blank();
            let neg = self.peek() == Some(b'-');
            let from = self.at + usize::from(neg);
            let (whole, end) = digits(self.text, from);
            let ends = matches!(self.text.get(end), Some(b' ' | b'\t' | b'\r' | b'\n' | b'#' | b',' | b')'));
            if end == from || end - from > 4 || !ends {
                return None;
            }
            let v = if neg { -whole } else { whole };
            packed |= pack(v, n);
            self.at = end;
            if self.eat(b')') {
                return Some(key(packed, n + 1));
            }
            self.eat(b',');
        }
        None
    }

    /// A leaf whose value has been read (`span` is the value's): added,
    /// unless a `:` follows (a number before `:` is a probability, which
    /// cannot come here).
    fn end_leaf(&mut self, value: LeafValue, span: Span, name: Option<(String, Span)>) -> Option<NodeId> {
        self.skip_blank();
        if self.peek() == Some(b':') {
            return None;
        }
        let span = name.as_ref().map_or(span, |(_, n)| n.to(span));
        self.add_leaf(value, span, name)
    }

    /// `(1, 2, 6)`.
    fn vector(&mut self) -> Option<Vec<Num>> {
        self.at += 1;
        let mut values = std::mem::take(&mut self.spare);
        values.clear();
        loop {
            self.skip_blank();
            values.push(self.number_value()?);
            if self.eat(b')') {
                return Some(values);
            }
            self.eat(b',');
        }
    }
}
