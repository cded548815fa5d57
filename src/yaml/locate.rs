//! Approximate spans for the YAML form: keys found by scanning the text,
//! handed out in document order (serde_yaml reports no positions for
//! values that read well).

use super::*;

/// Where the keys of the YAML text are, handed out in document order.
pub(super) struct Locator<'t> {
    keys: Vec<Key<'t>>,
    /// The `tree:` key, where a node we cannot place points.
    fallback: Span,
    headers: usize,
    nodes: usize,
    nodes_end: usize,
    expects: usize,
    expects_end: usize,
    /// The key index of the current `expect` entry's items, and its end.
    items: usize,
    items_end: usize,
}

/// `name:` at the start of a line (after indentation and `- `) or after `{`
/// or `,`; the span runs to the end of the line.
struct Key<'t> {
    name: &'t str,
    span: Span,
    top_level: bool,
}

impl<'t> Locator<'t> {
    pub(super) fn new(text: &'t str) -> Locator<'t> {
        let keys = scan(text);
        let region = |name: &str| {
            let Some(at) = keys.iter().position(|k| k.top_level && k.name == name) else { return (0, keys.len()) };
            let end = keys[at + 1..].iter().position(|k| k.top_level).map_or(keys.len(), |i| at + 1 + i);
            (at + 1, end)
        };
        let (nodes, nodes_end) = region("tree");
        let (expects, expects_end) = region("expect");
        let fallback = keys.iter().find(|k| k.top_level && k.name == "tree").map_or(Span::default(), |k| k.span);
        Locator { keys, fallback, headers: 0, nodes, nodes_end, expects, expects_end, items: 0, items_end: 0 }
    }

    /// The next key called `name` in `from..end`, and the index after it.
    fn find(&self, name: &str, from: usize, end: usize, top_level: bool) -> Option<(Span, usize)> {
        let end = end.min(self.keys.len());
        let found = self.keys.get(from..end)?.iter().position(|k| k.name == name && (k.top_level || !top_level))?;
        Some((self.keys[from + found].span, from + found + 1))
    }

    pub(super) fn header(&mut self, name: &str) -> Span {
        let Some((span, next)) = self.find(name, self.headers, self.keys.len(), true) else { return self.fallback };
        self.headers = next;
        span
    }

    /// The next node in preorder, marked by its `kind`, `value` or `ref`.
    pub(super) fn node(&mut self, anchor: &str) -> Span {
        let Some((span, next)) = self.find(anchor, self.nodes, self.nodes_end, false) else { return self.fallback };
        self.nodes = next;
        span
    }

    /// The next `expect` entry, marked by its `algorithm`.
    pub(super) fn expect(&mut self) -> Span {
        let Some((span, next)) = self.find("algorithm", self.expects, self.expects_end, false) else {
            self.items = self.keys.len();
            return self.fallback;
        };
        self.expects = next;
        self.items = next;
        self.items_end = self.find("algorithm", next, self.expects_end, false).map_or(self.expects_end, |(_, n)| n - 1);
        span
    }

    /// The next item of the current `expect` entry.
    pub(super) fn item(&mut self, name: &str, expect: Span) -> Span {
        let Some((span, next)) = self.find(name, self.items, self.items_end, false) else { return expect };
        self.items = next;
        span
    }
}

/// Every `key:` of the text, in order.
fn scan(text: &str) -> Vec<Key<'_>> {
    let mut keys = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end();
        let line_end = start + body.len();
        let mut rest = body.trim_start_matches(' ');
        let top_level = rest.len() == body.len();
        while let Some(after) = rest.strip_prefix('-').filter(|r| r.is_empty() || r.starts_with(' ')) {
            rest = after.trim_start_matches(' ');
        }
        let at = line_end - rest.len();
        if let Some(len) = key_len(rest) {
            keys.push(Key { name: &rest[..len], span: Span::new(at, line_end), top_level: top_level && at == start });
        }
        for (i, c) in rest.char_indices().filter(|&(_, c)| c == '{' || c == ',') {
            let after = rest[i + c.len_utf8()..].trim_start_matches(' ');
            if let Some(len) = key_len(after) {
                let key_at = line_end - after.len();
                keys.push(Key { name: &after[..len], span: Span::new(key_at, line_end), top_level: false });
            }
        }
        start += line.len();
    }
    keys
}

/// The length of a plain key followed by `:` and a blank or the line's end.
fn key_len(s: &str) -> Option<usize> {
    let len = s.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-')).unwrap_or(s.len());
    let after = s[len..].strip_prefix(':')?;
    (len > 0 && (after.is_empty() || after.starts_with([' ', '\t']))).then_some(len)
}
