//! The bulk of a big YAML tree read in one pass a line: a list item that
//! is only a leaf's `value` (an integer, or a one-line list of integers in
//! a game with players) or only an inner node's `kind` and `children`,
//! maybe after a `prob: n/d` line, as [`Quick::yaml_node`] would read it,
//! without its key-by-key steps. Any other item goes to `yaml_node`.

use crate::diagnostic::Span;
use crate::model::NodeKind;
use crate::model::quick::build::{Attrs, LeafValue};
use crate::model::quick::lex;
use crate::model::quick::yaml::{MAX_TREE_DEPTH, spaces};
use crate::model::quick::{EdgeText, Quick};
use crate::num::Num;

impl Quick<'_> {
    /// The list item whose first key is at `self.at`, in column `col`, the
    /// `index`-th child of the innermost open node, if it is plain: a leaf
    /// that is only `value: 3` (an integer `leaf_value` reads, the bulk of a
    /// big tree) or `value: [3, 1, 4]` in a game with players, or an inner
    /// node that is only `kind: MAX` (`MIN`, `CHANCE`) and `children:` on
    /// the next line in a two-player game; either maybe after a `prob: n/d`
    /// line. Read as [`Quick::yaml_node`] would read it: `Some(Some(indent))`,
    /// with `self.at` where `yaml_node` leaves it and `indent` that line's
    /// spaces (as `yaml_indent` counts them). `Some(None)`, `self.at`
    /// unmoved, on anything else: other keys, a longer or another number,
    /// more on a line, blanks after a word, a blank line or one
    /// `yaml_skip_blank_lines` refuses. `None` on the errors `add_leaf` and
    /// `yaml_node` find (a leaf outside the bounds, a vector of the wrong
    /// length or over the `sum`, a tree too deep).
    pub(super) fn yaml_plain_item(&mut self, col: usize, index: u32) -> Option<Option<usize>> {
        let (prob, at) = self.yaml_plain_prob(col);
        let edge = EdgeText { prob, ..EdgeText::default() };
        let rest = &self.text[at..];
        if rest.starts_with(b"value: ") {
            self.yaml_plain_leaf(col, at, edge)
        } else if rest.starts_with(b"kind: ") {
            self.yaml_plain_inner(col, at, index, edge)
        } else {
            Some(None)
        }
    }

    /// The leaf whose `value:` key is at `at`.
    fn yaml_plain_leaf(&mut self, col: usize, at: usize, edge: EdgeText) -> Option<Option<usize>> {
        let text = self.text;
        let mut i = at + "value: ".len();
        while text.get(i) == Some(&b' ') {
            i += 1;
        }
        let start = i;
        let scalar = self.players.is_empty();
        let (whole, end) = if scalar {
            match canonical_int(text, start) {
                Some(int) => int,
                None => return Some(None),
            }
        } else {
            self.spare.clear();
            match flow_ints(text, start, &mut self.spare) {
                Some(end) => (0, end),
                None => return Some(None),
            }
        };
        if !matches!(text.get(end), Some(b'\n') | None) {
            return Some(None);
        }
        let next = (end + 1).min(text.len());
        let indent = spaces(text, next);
        let at = match text.get(next + indent) {
            // The end of the text (after its blanks, as `yaml_node` stops).
            None => next + indent,
            Some(b'\n' | b'\t' | b'\r' | b'#') => return Some(None),
            Some(_) if indent >= col => return Some(None),
            Some(_) => next,
        };
        let span = Span::new(start, end);
        let id = if scalar {
            self.add_leaf(LeafValue::Scalar(Num::int(whole)), span, None)?
        } else {
            self.add_spare_vector_leaf(span)?
        };
        self.record(edge, id);
        self.at = at;
        Some(Some(indent))
    }

    /// The inner node whose `kind:` key is at `at`: opened, its children
    /// read, closed.
    fn yaml_plain_inner(&mut self, col: usize, at: usize, index: u32, edge: EdgeText) -> Option<Option<usize>> {
        if !self.players.is_empty() {
            return Some(None);
        }
        let text = self.text;
        let rest = &text[at..];
        let (kind, word) = if rest.starts_with(b"kind: MAX\n") {
            (NodeKind::Max, 3)
        } else if rest.starts_with(b"kind: MIN\n") {
            (NodeKind::Min, 3)
        } else if rest.starts_with(b"kind: CHANCE\n") {
            (NodeKind::Chance, 6)
        } else {
            return Some(None);
        };
        let end = at + "kind: ".len() + word;
        let next = end + 1;
        if spaces(text, next) != col || !text[next + col..].starts_with(b"children:\n") {
            return Some(None);
        }
        if self.open.len() >= MAX_TREE_DEPTH {
            return None;
        }
        self.path.0.push(index);
        self.open_node(kind, Span::new(at, end), None, Attrs::default(), edge)?;
        // At the line break after `children:`, as `yaml_value` leaves it.
        self.at = next + col + "children:".len();
        self.yaml_children(col)?;
        self.close()?;
        Some(Some(spaces(self.text, self.at)))
    }

    /// `prob: n/d` (integers of at most 18 digits, `d` not zero) alone on
    /// the item's first line, with the next line's key in column `col`: the
    /// probability, as `yaml_node` reads it, and where that key starts;
    /// else no probability, and the item's first key at `self.at`.
    fn yaml_plain_prob(&mut self, col: usize) -> (Option<Num>, usize) {
        let text = self.text;
        if !text[self.at..].starts_with(b"prob: ") {
            return (None, self.at);
        }
        let mut i = self.at + "prob: ".len();
        while text.get(i) == Some(&b' ') {
            i += 1;
        }
        let (n, slash) = lex::digits(text, i);
        let (d, end) = lex::digits(text, slash + 1);
        let short = |from: usize, to: usize| to > from && to - from <= 18;
        let fraction = short(i, slash) && text.get(slash) == Some(&b'/') && short(slash + 1, end) && d != 0;
        if !fraction || text.get(end) != Some(&b'\n') || spaces(text, end + 1) != col {
            return (None, self.at);
        }
        (Some(self.ratio(n, d)), end + 1 + col)
    }
}

/// The integer at `from` in the form `leaf_value` reads back as written
/// (at most 15 digits, no leading zero, no `-0`), and where it ends.
fn canonical_int(text: &[u8], from: usize) -> Option<(i64, usize)> {
    let neg = text.get(from) == Some(&b'-');
    let first = from + usize::from(neg);
    let (whole, end) = lex::digits(text, first);
    let digits = end - first;
    let canonical = (1..=15).contains(&digits) && (text[first] != b'0' || (digits == 1 && !neg));
    canonical.then_some((if neg { -whole } else { whole }, end))
}

/// `[3, -1, 4]` at `from`: a one-line flow list of such integers, spaces
/// around them, as `yaml_value` and `leaf_value` read it; the values go to
/// `out`, and where the list ends (past its `]`) comes back.
fn flow_ints(text: &[u8], from: usize, out: &mut Vec<Num>) -> Option<usize> {
    let skip = |mut i: usize| {
        while text.get(i) == Some(&b' ') {
            i += 1;
        }
        i
    };
    let mut i = from + 1;
    if text.get(from) != Some(&b'[') {
        return None;
    }
    loop {
        let (v, end) = canonical_int(text, skip(i))?;
        out.push(Num::int(v));
        i = skip(end);
        match text.get(i) {
            Some(b',') => i += 1,
            Some(b']') => return Some(i + 1),
            _ => return None,
        }
    }
}
