//! Spans for the YAML form. serde_yaml_ng reports no positions for values that
//! read well, so [`scan`] reads the text a second time, lightly: block and
//! flow mappings and sequences, quoted, plain and block scalars, comments.
//! The result, a [`Shape`], is walked side by side with what serde read
//! (through [`Place`]), so that each key and value of the ast gets its own
//! span. Invariant: scanning never panics and always ends; where the shape
//! does not match what serde read, a [`Place`] falls back to the span of
//! the nearest enclosing thing it did find.
//!
//! The scan also guards the YAML reader: libyaml takes time quadratic in
//! the depth of nested flow collections (`[[[…]]]`: 32,000 levels took 16 s,
//! 200,000 would take minutes), although the reader refuses anything nested
//! deeper than 128 levels in the end. A text nested deeper than
//! [`MAX_DEPTH`] is refused before the reader sees it; the scan counts at
//! most two levels for each level YAML has (a key then a flow collection,
//! an anchor on its own line), so it refuses nothing the reader would take.

use crate::diagnostic::Span;

/// A YAML node's place in the text, as the scanner sees it.
pub(super) enum Shape {
    /// A scalar, quotes included (empty for a missing value).
    Scalar(Span),
    /// A mapping: its span and its entries in order (repeats kept).
    Map(Span, Vec<Entry>),
    /// A sequence: its span and its items.
    Seq(Span, Vec<Shape>),
}

/// `key: value` in a mapping.
pub(super) struct Entry {
    name: String,
    key: Span,
    value: Shape,
}

impl Shape {
    fn span(&self) -> Span {
        match self {
            Shape::Scalar(span) | Shape::Map(span, _) | Shape::Seq(span, _) => *span,
        }
    }

    /// The innermost mapping that starts at `start`.
    pub(super) fn map_at(&self, start: usize) -> Option<&[Entry]> {
        let inner = match self {
            Shape::Scalar(_) => None,
            Shape::Map(_, entries) => entries.iter().find_map(|e| e.value.map_at(start)),
            Shape::Seq(_, items) => items.iter().find_map(|s| s.map_at(start)),
        };
        match self {
            Shape::Map(span, entries) if inner.is_none() && span.start == start => Some(entries),
            _ => inner,
        }
    }
}

/// The `nth` key called `name` among these entries.
pub(super) fn nth_key(entries: &[Entry], name: &str, nth: usize) -> Option<Span> {
    entries.iter().filter(|e| e.name == name).nth(nth).map(|e| e.key)
}

/// A place in the scanned text, or (when the scan found nothing there) the
/// span of the nearest enclosing place that it did find.
#[derive(Clone, Copy)]
pub(super) struct Place<'s> {
    shape: Option<&'s Shape>,
    fallback: Span,
}

impl<'s> Place<'s> {
    pub(super) fn new(shape: &'s Shape) -> Place<'s> {
        Place { shape: Some(shape), fallback: shape.span() }
    }

    pub(super) fn span(self) -> Span {
        self.shape.map_or(self.fallback, Shape::span)
    }

    fn missing(self) -> Place<'s> {
        Place { shape: None, fallback: self.span() }
    }

    fn entry(self, name: &str, nth: usize) -> Option<&'s Entry> {
        let Some(Shape::Map(_, entries)) = self.shape else { return None };
        entries.iter().filter(|e| e.name == name).nth(nth)
    }

    /// The `nth` key called `name`.
    pub(super) fn key(self, name: &str, nth: usize) -> Span {
        self.entry(name, nth).map_or(self.span(), |e| e.key)
    }

    /// The value of the `nth` key called `name`.
    pub(super) fn value(self, name: &str, nth: usize) -> Place<'s> {
        self.entry(name, nth).map_or(self.missing(), |e| Place { shape: Some(&e.value), fallback: e.key })
    }

    /// The `nth` key called `name`, from the key to the end of its value.
    pub(super) fn entry_span(self, name: &str, nth: usize) -> Span {
        self.entry(name, nth).map_or(self.span(), |e| e.key.to(e.value.span()))
    }

    /// The key and the value of the mapping's `i`th entry.
    pub(super) fn pair(self, i: usize) -> (Span, Place<'s>) {
        match self.shape {
            Some(Shape::Map(_, entries)) if i < entries.len() => {
                let e = &entries[i];
                (e.key, Place { shape: Some(&e.value), fallback: e.key })
            }
            _ => (self.span(), self.missing()),
        }
    }

    /// The sequence's `i`th item (a lone scalar stands for itself).
    pub(super) fn item(self, i: usize) -> Place<'s> {
        match self.shape {
            Some(Shape::Seq(_, items)) if i < items.len() => Place::new(&items[i]),
            _ => self.missing(),
        }
    }
}

/// Nesting the scan refuses: far beyond the reader's own limit, far below
/// where libyaml gets slow (0.13 s at 2,000 levels).
pub(super) const MAX_DEPTH: usize = 1000;

/// The shape of a YAML text (a leading byte-order mark is skipped), or the
/// byte offset where its nesting passes [`MAX_DEPTH`].
pub(super) fn scan(text: &str) -> Result<Shape, usize> {
    scan_with(text, true)
}

/// Where the nesting of a YAML text passes [`MAX_DEPTH`], if it does: the
/// same scan, keeping nothing (a big text's shape is as big as the text).
pub(super) fn too_deep(text: &str) -> Option<usize> {
    scan_with(text, false).err()
}

fn scan_with(text: &str, keep: bool) -> Result<Shape, usize> {
    let mut s = Scanner { text: text.as_bytes(), pos: 0, depth: 0, too_deep: None, keep };
    if text.starts_with('\u{FEFF}') {
        s.pos = '\u{FEFF}'.len_utf8();
    }
    s.skip_blank();
    if s.text[s.pos..].starts_with(b"---") && s.blank_at(s.pos + 3) {
        s.pos += 3;
        s.skip_blank();
    }
    let shape = s.node(0);
    s.too_deep.map_or(Ok(shape), Err)
}

struct Scanner<'t> {
    text: &'t [u8],
    pos: usize,
    depth: usize,
    /// Where the nesting passed [`MAX_DEPTH`]; the scan stopped there.
    too_deep: Option<usize>,
    /// Keep the entries and items found (else only spans and depth).
    keep: bool,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    /// A blank, a line end or the end of the text at `at`.
    fn blank_at(&self, at: usize) -> bool {
        matches!(self.text.get(at), None | Some(b' ' | b'\t' | b'\r' | b'\n'))
    }

    /// The column of `pos`, in bytes from the start of its line (a
    /// byte-order mark does not count).
    fn column(&self) -> usize {
        let line_start = self.text[..self.pos].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let bom = if line_start == 0 && self.text.starts_with("\u{FEFF}".as_bytes()) { 3 } else { 0 };
        (self.pos - line_start).saturating_sub(bom)
    }

    fn skip_spaces(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.pos += 1;
        }
    }

    /// Skips blanks, line ends and comments.
    fn skip_blank(&mut self) {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\r' | b'\n') => self.pos += 1,
                Some(b'#') => self.skip_line(),
                _ => return,
            }
        }
    }

    fn skip_line(&mut self) {
        self.pos = self.text[self.pos..].iter().position(|&b| b == b'\n').map_or(self.text.len(), |i| self.pos + i);
    }

    /// At a line end or a comment (after blanks)?
    fn at_line_end(&self) -> bool {
        matches!(self.peek(), None | Some(b'\r' | b'\n' | b'#'))
    }

    /// At `-` followed by a blank: a block sequence item.
    fn at_dash(&self) -> bool {
        self.peek() == Some(b'-') && self.blank_at(self.pos + 1)
    }

    /// Nested too deep here: stop scanning.
    fn stop_too_deep(&mut self) -> Shape {
        self.too_deep.get_or_insert(self.pos);
        self.pos = self.text.len();
        Shape::Scalar(Span::new(self.pos, self.pos))
    }

    /// A block node starting at `pos`.
    fn node(&mut self, parent: usize) -> Shape {
        if self.depth >= MAX_DEPTH {
            return self.stop_too_deep();
        }
        self.depth += 1;
        let col = self.column();
        let shape = if self.at_dash() {
            self.block_seq(col)
        } else if self.key_here().is_some() {
            self.block_map(col)
        } else {
            self.inline(parent)
        };
        self.depth -= 1;
        shape
    }

    /// A value on the rest of a line: flow, quoted, block or plain.
    fn inline(&mut self, parent: usize) -> Shape {
        // Anchors and tags before the value (`&a !t value`), or before a
        // node on the lines below.
        while matches!(self.peek(), Some(b'&' | b'!')) {
            let anchor = self.pos;
            while !self.blank_at(self.pos) {
                self.pos += 1;
            }
            self.skip_spaces();
            if self.at_line_end() {
                self.skip_blank();
                let below = self.column() > parent;
                return if below { self.node(parent) } else { Shape::Scalar(Span::new(anchor, anchor)) };
            }
        }
        let start = self.pos;
        match self.peek() {
            Some(b'[' | b'{') => self.flow(),
            Some(b'"' | b'\'') => {
                self.quoted();
                Shape::Scalar(Span::new(start, self.pos))
            }
            Some(b'|' | b'>') => {
                self.skip_line();
                loop {
                    let line = self.pos + 1;
                    let rest = self.text.get(line..).unwrap_or_default();
                    let indent = rest.iter().take_while(|&&b| b == b' ').count();
                    let blank = matches!(rest.get(indent), Some(b'\n' | b'\r'));
                    if rest.is_empty() || !(blank || indent > parent) {
                        break;
                    }
                    self.pos = line;
                    self.skip_line();
                }
                Shape::Scalar(Span::new(start, self.pos))
            }
            _ => {
                let end = self.plain_end(false);
                self.pos = end;
                Shape::Scalar(Span::new(start, end))
            }
        }
    }

    /// Skips a quoted scalar (which may run over lines).
    fn quoted(&mut self) {
        let quote = self.text[self.pos];
        self.pos += 1;
        while let Some(b) = self.peek() {
            self.pos += 1;
            match b {
                b'\\' if quote == b'"' => self.pos += 1,
                b'\'' if quote == b'\'' && self.peek() == Some(b'\'') => self.pos += 1,
                _ if b == quote => return,
                _ => {}
            }
        }
        self.pos = self.pos.min(self.text.len());
    }

    /// Where a plain scalar starting at `pos` ends: the line's end or a
    /// comment, and in flow also `,`, `[`, `]`, `{`, `}` or `: `; blanks
    /// trimmed.
    fn plain_end(&self, flow: bool) -> usize {
        let mut end = self.pos;
        let mut i = self.pos;
        while let Some(&b) = self.text.get(i) {
            let stop = match b {
                b'\n' | b'\r' => true,
                b'#' => i > self.pos && matches!(self.text[i - 1], b' ' | b'\t'),
                b',' | b'[' | b']' | b'{' | b'}' => flow,
                b':' => flow && (self.blank_at(i + 1) || matches!(self.text.get(i + 1), Some(b',' | b']' | b'}'))),
                _ => false,
            };
            if stop {
                break;
            }
            i += 1;
            if !matches!(b, b' ' | b'\t') {
                end = i;
            }
        }
        end
    }

    /// A block mapping key at `pos`: its span and where its `:` ends.
    fn key_here(&self) -> Option<(Span, usize)> {
        let start = self.pos;
        let end = match self.peek()? {
            b'"' | b'\'' => {
                let mut s = Scanner { text: self.text, pos: self.pos, depth: 0, too_deep: None, keep: false };
                s.quoted();
                s.skip_spaces();
                (s.peek() == Some(b':')).then_some(s.pos)?
            }
            b'[' | b'{' | b'#' | b'&' | b'!' | b'*' | b'|' | b'>' | b'%' | b'@' | b'`' => return None,
            _ => {
                let mut i = start;
                loop {
                    match self.text.get(i) {
                        None | Some(b'\n' | b'\r') => return None,
                        Some(b'#') if i > start && matches!(self.text[i - 1], b' ' | b'\t') => return None,
                        Some(b':') if self.blank_at(i + 1) => break i,
                        _ => i += 1,
                    }
                }
            }
        };
        let key_end =
            start + self.text[start..end].iter().rposition(|b| !matches!(b, b' ' | b'\t')).map_or(0, |i| i + 1);
        Some((Span::new(start, key_end), end + 1))
    }

    /// The text of a key, without quotes.
    fn name(&self, key: Span) -> String {
        let raw = String::from_utf8_lossy(&self.text[key.start..key.end]);
        let unquoted = raw.strip_prefix(['"', '\'']).and_then(|r| r.strip_suffix(['"', '\'']));
        unquoted.unwrap_or(&raw).to_string()
    }

    fn block_map(&mut self, col: usize) -> Shape {
        let start = self.pos;
        let mut entries = Vec::new();
        let mut end = start;
        while let Some((key, after)) = self.key_here() {
            self.pos = after;
            self.skip_spaces();
            let value = if self.at_line_end() {
                self.skip_blank();
                let c = self.column();
                match self.peek() {
                    Some(_) if c > col || (c == col && self.at_dash()) => self.node(col),
                    _ => Shape::Scalar(Span::new(after, after)),
                }
            } else {
                self.inline(col)
            };
            end = end.max(value.span().end).max(key.end);
            if self.keep {
                entries.push(Entry { name: self.name(key), key, value });
            }
            self.skip_blank();
            if self.peek().is_none() || self.column() != col || self.at_dash() {
                break;
            }
        }
        Shape::Map(Span::new(start, end), entries)
    }

    fn block_seq(&mut self, col: usize) -> Shape {
        let start = self.pos;
        let mut items = Vec::new();
        let mut end = start + 1;
        while self.at_dash() {
            self.pos += 1;
            self.skip_spaces();
            let item = if self.at_line_end() {
                let empty = Shape::Scalar(Span::new(self.pos, self.pos));
                self.skip_blank();
                if self.peek().is_some() && self.column() > col { self.node(col) } else { empty }
            } else {
                self.node(col)
            };
            end = end.max(item.span().end);
            if self.keep {
                items.push(item);
            }
            self.skip_blank();
            if self.column() != col {
                break;
            }
        }
        Shape::Seq(Span::new(start, end), items)
    }

    /// A flow mapping or sequence at `pos` (`{` or `[`), over any lines.
    fn flow(&mut self) -> Shape {
        if self.depth >= MAX_DEPTH {
            return self.stop_too_deep();
        }
        self.depth += 1;
        let start = self.pos;
        let map = self.text[start] == b'{';
        let close = if map { b'}' } else { b']' };
        self.pos += 1;
        let (mut entries, mut items) = (Vec::new(), Vec::new());
        loop {
            self.skip_blank();
            let before = self.pos;
            match self.peek() {
                None => break,
                Some(b) if b == close => {
                    self.pos += 1;
                    break;
                }
                Some(b',') => {
                    self.pos += 1;
                    continue;
                }
                _ => {}
            }
            let first = self.flow_node();
            self.skip_blank();
            if self.peek() == Some(b':') {
                self.pos += 1;
                self.skip_blank();
                let value = match self.peek() {
                    Some(b',' | b'}' | b']') | None => Shape::Scalar(Span::new(self.pos, self.pos)),
                    _ => self.flow_node(),
                };
                let key = first.span();
                if self.keep {
                    entries.push(Entry { name: self.name(key), key, value });
                }
            } else if self.keep {
                items.push(first);
            }
            if self.pos == before {
                self.pos += 1;
            }
        }
        self.depth -= 1;
        let span = Span::new(start, self.pos.min(self.text.len()));
        if map { Shape::Map(span, entries) } else { Shape::Seq(span, items) }
    }

    fn flow_node(&mut self) -> Shape {
        // Anchors, tags and `? ` before the node: `&a !t [1]`.
        while matches!(self.peek(), Some(b'&' | b'!')) || (self.peek() == Some(b'?') && self.blank_at(self.pos + 1)) {
            while !self.blank_at(self.pos) && !matches!(self.peek(), Some(b',' | b'[' | b']' | b'{' | b'}')) {
                self.pos += 1;
            }
            self.skip_blank();
        }
        let start = self.pos;
        match self.peek() {
            Some(b'[' | b'{') => self.flow(),
            Some(b'"' | b'\'') => {
                self.quoted();
                Shape::Scalar(Span::new(start, self.pos))
            }
            _ => {
                self.pos = self.plain_end(true);
                Shape::Scalar(Span::new(start, self.pos))
            }
        }
    }
}
