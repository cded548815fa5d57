//! The bulk of a big YAML tree read in one pass a line: an item that is
//! only a leaf's `value` (an integer, or a one-line list of integers in a
//! game with players), maybe after a `prob: n/d` line, as
//! [`Quick::yaml_node`] would read it, without its key-by-key steps; and
//! an inner node's item that is only its `kind` and `children`. Any other
//! item goes to `yaml_node`.

use crate::diagnostic::Span;
use crate::model::NodeKind;
use crate::model::quick::build::{Attrs, LeafValue};
use crate::model::quick::lex;
use crate::model::quick::yaml::{MAX_TREE_DEPTH, spaces};
use crate::model::quick::{EdgeText, Quick};
use crate::num::Num;

impl Quick<'_> {
    /// An item that is only `value: 3` (an integer `leaf_value` reads, the
    /// bulk of a big tree), or `value: [3, 1, 4]` in a game with players,
    /// maybe after a `prob: n/d` line, added and recorded in one pass over
    /// its lines, as [`Quick::yaml_node`] would: `Some(Some(indent))`, with
    /// `self.at` where `yaml_node` leaves it and `indent` its line's spaces
    /// (as `yaml_indent` counts them). `Some(None)`, `self.at` unmoved, on
    /// anything else (the item's first key is at `self.at`, in column
    /// `col`): a longer or another number, more on the line, another key of
    /// the item after it, a blank line or one `yaml_skip_blank_lines`
    /// refuses. `None` when the leaf is outside the bounds, or its vector
    /// of the wrong length or over the `sum` (the errors `add_leaf` finds).
    pub(super) fn yaml_plain_leaf(&mut self, col: usize) -> Option<Option<usize>> {
        let text = self.text;
        // A `prob: n/d` line may come first (a chance node's item).
        let (prob, at) = match self.yaml_plain_prob(col) {
            Some((prob, at)) => (Some(prob), at),
            None => (None, self.at),
        };
        if !text[at..].starts_with(b"value: ") {
            return Some(None);
        }
        let mut i = at + 7;
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
            let value = Num::int(whole);
            if self.bounds.is_some_and(|(lo, hi)| value < lo || value > hi) {
                return None;
            }
            self.game.add_leaf(span, value)
        } else {
            let values = std::mem::take(&mut self.spare);
            self.add_leaf(LeafValue::Vector(values), span, None)?
        };
        match prob {
            Some(prob) => self.record(EdgeText { prob: Some(prob), ..EdgeText::default() }, id),
            None => self.pending.push(id),
        }
        self.at = at;
        Some(Some(indent))
    }

    /// An inner node's item that is only `kind: MAX` (`MIN`, `CHANCE`) and
    /// `children:` on the next line, in column `col`, maybe after a
    /// `prob: n/d` line, in a two-player game: opened, its children read and
    /// closed as [`Quick::yaml_node`] would (its path already pushed):
    /// `Some(true)`. `Some(false)`, `self.at` unmoved, on anything else
    /// (other keys, blanks after a word, a blank line between).
    pub(super) fn yaml_plain_inner(&mut self, col: usize) -> Option<bool> {
        if !self.players.is_empty() {
            return Some(false);
        }
        let text = self.text;
        let (prob, at) = match self.yaml_plain_prob(col) {
            Some((prob, at)) => (Some(prob), at),
            None => (None, self.at),
        };
        let rest = &text[at..];
        let (kind, word) = if rest.starts_with(b"kind: MAX\n") {
            (NodeKind::Max, 3)
        } else if rest.starts_with(b"kind: MIN\n") {
            (NodeKind::Min, 3)
        } else if rest.starts_with(b"kind: CHANCE\n") {
            (NodeKind::Chance, 6)
        } else {
            return Some(false);
        };
        let end = at + "kind: ".len() + word;
        let next = end + 1;
        if spaces(text, next) != col || !text[next + col..].starts_with(b"children:\n") {
            return Some(false);
        }
        if self.open.len() >= MAX_TREE_DEPTH {
            return None;
        }
        let edge = EdgeText { prob, ..EdgeText::default() };
        self.open_node(kind, Span::new(at, end), None, Attrs::default(), edge)?;
        // At the line break after `children:`, as `yaml_value` leaves it.
        self.at = next + col + "children:".len();
        self.yaml_children(col)?;
        self.close()?;
        Some(true)
    }

    /// `prob: n/d` (integers of at most 18 digits, `d` not zero) alone on
    /// the item's first line, and the next line's key in column `col`: the
    /// probability, as `yaml_node` reads it, and where that key starts.
    fn yaml_plain_prob(&mut self, col: usize) -> Option<(Num, usize)> {
        let text = self.text;
        if !text[self.at..].starts_with(b"prob: ") {
            return None;
        }
        let mut i = self.at + 6;
        while text.get(i) == Some(&b' ') {
            i += 1;
        }
        let (n, slash) = lex::digits(text, i);
        let (d, end) = lex::digits(text, slash + 1);
        let short = |from: usize, to: usize| to > from && to - from <= 18;
        let fraction = short(i, slash) && text.get(slash) == Some(&b'/') && short(slash + 1, end) && d != 0;
        if !fraction || text.get(end) != Some(&b'\n') || spaces(text, end + 1) != col {
            return None;
        }
        Some((self.ratio(n, d), end + 1 + col))
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
