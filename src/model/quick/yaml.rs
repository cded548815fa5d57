//! The quick loader's rules for the YAML form: the block-style YAML that
//! `gametree convert --to yaml` writes (and most people write by hand) —
//! one `key: value` a line, block lists of node mappings, plain and
//! single-quoted scalars, one-line flow lists — read straight into the
//! builder. Anything else YAML allows (comments, tabs, double quotes,
//! anchors, flow mappings, multi-line scalars, floats YAML would retype) or
//! any error sends the text to serde_yaml_ng, the YAML form's definition.
//!
//! Spans are the YAML reader's (`syntax::yaml::locate`): an inner node is
//! its `kind: …` entry, a leaf its value (quotes and brackets included), a
//! transposition's target its `ref` value.
//!
//! Lean for big trees (issue 15): values are borrowed from the text (a
//! `String` is made only for what the game keeps: names, labels, keys,
//! the title); an item that is only a leaf's `value` (`3`, or `[3, 1, 4]`
//! with players), or only an inner node's `kind` and `children`, maybe
//! after a `prob: n/d` line, the bulk of a big tree, is read in one pass
//! over its lines (`yaml_plain.rs`);
//! indentation is skipped eight bytes at a time; and the arena is reserved
//! by a count of the `value:`, `kind:` and `ref:` keys ([`count_keys`]),
//! not by the text form's token count, which counts two or three tokens a
//! YAML node.

use crate::diagnostic::Span;
use crate::model::NodeKind;
use crate::model::quick::build::{Attrs, LeafValue};
use crate::model::quick::{EdgeText, Quick};
use crate::num::Num;

/// Tree depth past which the YAML reader's own recursion limit (128 nested
/// collections, two a tree level) may refuse what this would read.
pub(super) const MAX_TREE_DEPTH: usize = 40;

/// A scalar or flow list after `key: `, with its span, borrowed from the
/// text (a single-quoted scalar is read only without `''` in it, so its
/// text is what lies between the quotes).
enum Value<'t> {
    /// Plain or single-quoted (the span includes the quotes).
    Scalar(&'t str, Span),
    /// `[a, b]` on one line: the items as written, with their spans.
    List(Vec<(&'t str, Span)>, Span),
    /// Nothing on the line: a block follows.
    Block,
}

/// The keys of one node mapping, read before its children.
#[derive(Default)]
struct NodeKeys<'t> {
    edge: Option<&'t str>,
    prob: Option<(Num, bool)>,
    kind: Option<(&'t str, Span)>,
    name: Option<(&'t str, Span)>,
    attrs: Attrs,
    /// Attribute keys seen (each at most once).
    attr_count: usize,
    value: Option<(LeafValue, Span)>,
    reference: Option<(&'t str, Span)>,
    children: bool,
}

impl<'a> Quick<'a> {
    /// The headers and the tree; the offset where `expect` or `rubric`
    /// begins (or the end of the text).
    ///
    /// Reading half a tree (`split.rs`) it returns where the root's list
    /// stopped (see [`Quick::yaml_items`]); called again once the root is
    /// closed, it reads on after the tree.
    pub(super) fn yaml_document(&mut self) -> Option<usize> {
        loop {
            self.yaml_skip_blank_lines()?;
            if self.at == self.text.len() {
                return Some(self.at);
            }
            if self.yaml_indent() != 0 {
                return None;
            }
            let start = self.at;
            let key = self.yaml_key()?;
            if matches!(key, "expect" | "rubric") {
                return Some(start);
            }
            if self.yaml_seen.contains(&key) {
                return None;
            }
            self.yaml_seen.push(key);
            let late = !self.game.is_empty();
            // `build` holds the leaves read before to a late `bounds` or
            // `players`, but not to a late `sum`: the full path does.
            if late && key == "sum" {
                return None;
            }
            self.late_headers |= late && matches!(key, "bounds" | "players");
            match (key, self.yaml_value()?) {
                ("title", Value::Scalar(text, span)) if !typed(text) || text.len() < span.end - span.start => {
                    self.title = Some(text.to_string())
                }
                ("bounds", Value::List(items, _)) if items.len() == 2 => {
                    let (lo, hi) = (number(items[0].0)?, number(items[1].0)?);
                    if lo > hi {
                        return None;
                    }
                    self.bounds = Some((lo, hi));
                }
                ("players", Value::List(items, _)) => {
                    for (name, _) in items {
                        if self.players.iter().any(|p| p == name) || typed(name) {
                            return None;
                        }
                        self.players.push(name.to_string());
                    }
                }
                ("sum", Value::Scalar(text, _)) => self.sum = Some(number(text)?),
                ("tree", Value::Block) => {
                    self.yaml_skip_blank_lines()?;
                    let col = self.yaml_indent();
                    if col == 0 || self.yaml_at_dash() {
                        return None;
                    }
                    self.at += col;
                    self.yaml_node(col, true, EdgeText::default())?;
                    if self.stopped.is_some() {
                        return Some(self.at);
                    }
                }
                _ => return None,
            }
            if key != "tree" {
                self.yaml_line_end()?;
            }
        }
    }

    /// One node mapping whose first key is at `self.at`, in column `col`.
    fn yaml_node(&mut self, col: usize, root: bool, mut edge: EdgeText) -> Option<()> {
        let mut keys = NodeKeys::default();
        loop {
            let key_start = self.at;
            let key = self.yaml_key()?;
            let value = self.yaml_value()?;
            let scalar = |v: Value<'a>| match v {
                Value::Scalar(text, span) => Some((text, span)),
                _ => None,
            };
            let word =
                |v: Value<'a>| scalar(v).filter(|(text, span)| !typed(text) || text.len() < span.end - span.start);
            match key {
                "edge" if keys.edge.is_none() => keys.edge = Some(word(value)?.0),
                "prob" if keys.prob.is_none() => {
                    let text = scalar(value)?.0;
                    keys.prob = Some((number(text)?, text.contains('.')));
                }
                "kind" if keys.kind.is_none() => {
                    let (text, span) = word(value)?;
                    keys.kind = Some((text, Span::new(key_start, span.end)));
                }
                "name" if keys.name.is_none() => keys.name = Some(word(value)?),
                "eval" if keys.attrs.eval.is_none() => {
                    keys.attrs.eval = Some(number(scalar(value)?.0)?);
                    keys.attr_count += 1;
                }
                "key" if keys.attrs.key.is_none() => {
                    let text = word(value)?.0;
                    if text == "true" {
                        return None;
                    }
                    keys.attrs.key = Some(text.to_string());
                    keys.attr_count += 1;
                }
                "noisy" if !keys.attrs.noisy => {
                    if scalar(value)?.0 != "true" {
                        return None;
                    }
                    keys.attrs.noisy = true;
                    keys.attr_count += 1;
                }
                "value" if keys.value.is_none() => keys.value = Some(leaf_value(value)?),
                "ref" if keys.reference.is_none() => keys.reference = Some(word(value)?),
                "children" if matches!(value, Value::Block) => keys.children = true,
                _ => return None,
            }
            if keys.children {
                break;
            }
            self.yaml_line_end()?;
            self.yaml_skip_blank_lines()?;
            let indent = self.yaml_indent();
            if self.at == self.text.len() || indent < col {
                break;
            }
            if indent > col || self.yaml_at_dash() {
                return None;
            }
            self.at += indent;
        }
        edge.label = keys.edge.map(str::to_string);
        let name = keys.name.map(|(name, span)| (name.to_string(), span));
        if let Some((p, decimal)) = keys.prob {
            edge.prob = Some(p);
            edge.decimal = decimal;
        }
        let inner = keys.kind.is_some() || keys.children || keys.attr_count > 0;
        if root && (edge.label.is_some() || edge.prob.is_some()) {
            return None;
        }
        match (inner, keys.value, keys.reference) {
            (false, Some((value, span)), None) if !root => {
                let id = self.add_leaf(value, span, name)?;
                self.path.0.pop();
                self.record(edge, id);
                Some(())
            }
            (false, None, Some((target, span))) if !root && name.is_none() => {
                let parent = self.open.last()?.id;
                let index = self.path.0.pop()? as usize;
                self.transpositions.push((parent, index, target.to_string(), span));
                edge.transposition = true;
                self.record(edge, crate::model::quick::DANGLING);
                Some(())
            }
            (true, None, None) if keys.children => {
                let (kind, span) = keys.kind?;
                let kind = self.yaml_kind(kind)?;
                if self.open.len() >= MAX_TREE_DEPTH {
                    return None;
                }
                self.open_node(kind, span, name, keys.attrs, edge)?;
                self.yaml_children(col)?;
                if self.stopped.is_some() {
                    return Some(());
                }
                self.close()
            }
            _ => None,
        }
    }

    /// The block list of children after `children:` of a mapping in column
    /// `col`: `- ` items in one column, at or right of `col`.
    pub(super) fn yaml_children(&mut self, col: usize) -> Option<()> {
        self.yaml_skip_blank_lines()?;
        let dash = self.yaml_indent();
        if dash < col || !self.yaml_at_dash() {
            return None;
        }
        self.yaml_items(dash, 0)
    }

    /// The items of a block list with its dashes in column `dash`, from
    /// the `index`-th, whose line starts at `self.at`. Reading half a tree
    /// (`split.rs`), the root's list stops before an item whose line starts
    /// at or past `self.stop`.
    pub(super) fn yaml_items(&mut self, dash: usize, mut index: u32) -> Option<()> {
        loop {
            if self.open.len() == 1 && self.at >= self.stop {
                self.stopped = Some((dash, index));
                return Some(());
            }
            self.at += dash + 1;
            let spaces = spaces(self.text, self.at);
            if spaces == 0 {
                return None;
            }
            self.at += spaces;
            let col = dash + 1 + spaces;
            let indent = match self.yaml_plain_item(col, index)? {
                Some(indent) => indent,
                None => {
                    self.path.0.push(index);
                    self.yaml_node(col, false, EdgeText::default())?;
                    self.yaml_indent()
                }
            };
            index += 1;
            // The item ended at a line in a column left of its keys.
            if self.at == self.text.len() || indent < dash || (indent == dash && !self.yaml_dash_after(indent)) {
                return Some(());
            }
            if indent != dash {
                return None;
            }
        }
    }

    /// The kind a `kind:` names (`MAX`, `MIN`, `CHANCE` as `convert` writes
    /// them without a lowercase copy; the rest as [`Quick::kind`] reads it).
    fn yaml_kind(&self, word: &str) -> Option<NodeKind> {
        match word {
            "MAX" if self.players.is_empty() => Some(NodeKind::Max),
            "MIN" if self.players.is_empty() => Some(NodeKind::Min),
            "CHANCE" if self.players.is_empty() => Some(NodeKind::Chance),
            _ => self.kind(word),
        }
    }

    /// A key and its `:` (followed by a blank or the line's end).
    fn yaml_key(&mut self) -> Option<&'static str> {
        const KEYS: [&str; 17] = [
            "title", "bounds", "players", "sum", "tree", "expect", "rubric", "edge", "prob", "kind", "name", "eval",
            "key", "noisy", "children", "value", "ref",
        ];
        let rest = &self.text[self.at..];
        let n = rest.iter().take_while(|b| b.is_ascii_lowercase()).count();
        let key = KEYS.iter().find(|k| k.as_bytes() == &rest[..n])?;
        if rest.get(n) != Some(&b':') || !matches!(rest.get(n + 1), Some(b' ' | b'\n') | None) {
            return None;
        }
        self.at += n + 1;
        Some(key)
    }

    /// What follows `key:` on its line.
    fn yaml_value(&mut self) -> Option<Value<'a>> {
        while self.peek() == Some(b' ') {
            self.at += 1;
        }
        let start = self.at;
        let text: &'a [u8] = self.text;
        let end = start + text[start..].iter().take_while(|&&b| b != b'\n').count();
        let line = std::str::from_utf8(&text[start..end]).ok()?.trim_end_matches(' ');
        self.at = start + line.len();
        let span = Span::new(start, self.at);
        match line.bytes().next() {
            None => Some(Value::Block),
            Some(b'\'') => {
                let inner = line.strip_prefix('\'')?.strip_suffix('\'')?;
                (!inner.contains('\'')).then_some(Value::Scalar(inner, span))
            }
            Some(b'[') => {
                let inner = line.strip_prefix('[')?.strip_suffix(']')?;
                let mut items = Vec::new();
                let mut at = start + 1;
                for part in inner.split(',') {
                    let lead = part.len() - part.trim_start_matches(' ').len();
                    let item = part.trim_matches(' ');
                    if !is_plain(item, true) {
                        return None;
                    }
                    items.push((item, Span::new(at + lead, at + lead + item.len())));
                    at += part.len() + 1;
                }
                Some(Value::List(items, span))
            }
            _ => is_plain(line, false).then_some(Value::Scalar(line, span)),
        }
    }

    /// At the end of a value's line: nothing more on it.
    fn yaml_line_end(&mut self) -> Option<()> {
        match self.peek() {
            None => Some(()),
            Some(b'\n') => {
                self.at += 1;
                Some(())
            }
            Some(_) => None,
        }
    }

    /// Skips lines of blanks; stays at the start of the next line with text.
    fn yaml_skip_blank_lines(&mut self) -> Option<()> {
        loop {
            let spaces = self.yaml_indent();
            match self.text.get(self.at + spaces) {
                Some(b'\n') => self.at += spaces + 1,
                None => {
                    self.at += spaces;
                    return Some(());
                }
                Some(b'\t' | b'\r' | b'#') => return None,
                Some(_) => return Some(()),
            }
        }
    }

    /// The spaces starting at `self.at` (the start of a line).
    fn yaml_indent(&self) -> usize {
        spaces(self.text, self.at)
    }

    /// Is the line at `self.at` a list item (`- ` after its indentation)?
    fn yaml_at_dash(&self) -> bool {
        self.yaml_dash_after(self.yaml_indent())
    }

    /// Is the line at `self.at`, with `indent` spaces, a list item?
    fn yaml_dash_after(&self, indent: usize) -> bool {
        let i = self.at + indent;
        self.text.get(i) == Some(&b'-') && matches!(self.text.get(i + 1), Some(b' ' | b'\n') | None)
    }
}

/// The spaces in `text` from `at` (at most its length), eight at a time
/// where it can: most of a big YAML tree is indentation.
pub(super) fn spaces(text: &[u8], from: usize) -> usize {
    let mut at = from;
    while let Some(word) = text.get(at..at + 8).and_then(|w| <[u8; 8]>::try_from(w).ok()) {
        if u64::from_ne_bytes(word) != u64::from_ne_bytes([b' '; 8]) {
            break;
        }
        at += 8;
    }
    at + text[at..].iter().take_while(|&&b| b == b' ').count() - from
}

/// About the nodes of a YAML spec, for the arena's capacity, and about how
/// many have an `eval:` key (so a rare part each), in one pass. Each node
/// has one `value:` or `kind:` key (and a `ref:` one more edge), so the
/// first counts the `:` after `ue`, `nd` or `ef`; the second the `:` after
/// `al`. A `value:` in an `expect` block or a title counts too: estimates.
pub(super) fn count_keys(text: &[u8]) -> (usize, usize) {
    // Without branches, 64 bytes at a time, so that the loop is vectorized.
    let node = |w: &[u8], k: usize| {
        let (x, y, z) = (w[k], w[k + 1], w[k + 2]);
        (z == b':') & ((x == b'u') & (y == b'e') | (x == b'n') & (y == b'd') | (x == b'e') & (y == b'f'))
    };
    let eval = |w: &[u8], k: usize| (w[k] == b'a') & (w[k + 1] == b'l') & (w[k + 2] == b':');
    let (mut nodes, mut evals) = (0, 0);
    let mut i = 0;
    while i + 66 <= text.len() {
        let w: &[u8; 66] = text[i..i + 66].try_into().unwrap_or(&[0; 66]);
        nodes += (0..64).map(|k| u8::from(node(w, k))).sum::<u8>() as usize;
        evals += (0..64).map(|k| u8::from(eval(w, k))).sum::<u8>() as usize;
        i += 64;
    }
    let tail = &text[i..];
    let ks = 0..tail.len().saturating_sub(2);
    (nodes + ks.clone().filter(|&k| node(tail, k)).count() + 1, evals + ks.filter(|&k| eval(tail, k)).count())
}

/// A plain scalar that YAML reads as its text (on one line; in a flow
/// list, without `,` and brackets): not starting with an indicator or a
/// blank, no `: ` or ` #` inside, no tab.
fn is_plain(text: &str, flow: bool) -> bool {
    let Some(first) = text.bytes().next() else { return false };
    // A `-` starts a plain scalar (`-7`) unless a blank follows it.
    let dash = first == b'-' && text.len() > 1 && !text.starts_with("- ");
    let indicator = b"-?:,[]{}#&*!|>'\"%@` ".contains(&first) && !dash;
    let breaks = text.contains(": ") || text.contains(" #") || text.ends_with(':') || text.contains('\t');
    let flow_breaks = flow && text.contains([',', '[', ']', '{', '}']);
    !(indicator || breaks || flow_breaks)
}

/// A scalar YAML would type (null, a boolean, a special float) rather than
/// leave as a string: refused where a name is expected.
fn typed(text: &str) -> bool {
    const WORDS: [&str; 12] = ["true", "false", "null", "~", "yes", "no", "on", "off", "y", "n", ".inf", ".nan"];
    let word = text.trim_start_matches(['-', '+']);
    WORDS.iter().any(|w| w.eq_ignore_ascii_case(word))
}

/// A number as the `.tree` grammar writes one, in the forms YAML leaves
/// as written: `-7`, `3/4`, `0.25`.
fn number(text: &str) -> Option<Num> {
    let body = text.strip_prefix('-').unwrap_or(text);
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let ok = match body.split_once(['/', '.']) {
        None => digits(body),
        Some((a, b)) => digits(a) && digits(b),
    };
    if ok { Num::parse(text).ok() } else { None }
}

/// A leaf's `value`: `'?'`, a number YAML leaves as written or types
/// back to the same text (`-7`, `3/4`, `2.5`: no sign, leading zero,
/// trailing zero or exponent it would rewrite), or a list of numbers.
fn leaf_value(value: Value) -> Option<(LeafValue, Span)> {
    match value {
        Value::Scalar(text, span) if text == "?" && span.end - span.start == 3 => Some((LeafValue::Unknown, span)),
        Value::Scalar(text, span) if text.len() == span.end - span.start => {
            let body = text.strip_prefix('-').unwrap_or(text);
            let canonical = |digits: &str| {
                !digits.is_empty()
                    && digits.len() <= 15
                    && digits.bytes().all(|b| b.is_ascii_digit())
                    && (digits == "0" || !digits.starts_with('0'))
            };
            let ok = match body.split_once(['/', '.']) {
                None => canonical(body) && text != "-0",
                Some((a, b)) if body.contains('/') => canonical(a) && canonical(b),
                Some((a, b)) => {
                    canonical(a)
                        && b.bytes().all(|c| c.is_ascii_digit())
                        && !b.ends_with('0')
                        && !b.is_empty()
                        && b.len() <= 6
                }
            };
            if !ok {
                return None;
            }
            Some((LeafValue::Scalar(Num::parse(text).ok()?), span))
        }
        Value::List(items, span) => {
            let values = items.iter().map(|(t, _)| number(t)).collect::<Option<Vec<Num>>>()?;
            Some((LeafValue::Vector(values), span))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The count is one more than the nodes of a tree `convert` writes
    /// (so the arena is reserved to fit), at every length, so at every
    /// place of a key against the 64-byte steps.
    #[test]
    fn count_evals_finds_every_eval_key() {
        for n in 0..40 {
            let node = "- kind: MAX\n  eval: 3\n  children:\n  - value: 1\n";
            let text = format!("tree:\n{}", node.repeat(n));
            let naive = text.as_bytes().windows(3).filter(|w| w == b"al:").count();
            assert_eq!((count_keys(text.as_bytes()).1, naive), (n, n));
        }
    }

    #[test]
    fn count_nodes_counts_each_node_once() {
        for leaves in 1..60 {
            let values: Vec<String> = (0..leaves).map(|v| (v * 7 % 23 - 11).to_string()).collect();
            let tree = format!("MAX {{ 4 MIN {{ {} }} CHANCE {{ 1: &A }} MIN A {{ 2 }} }}", values.join(" "));
            let yaml = crate::syntax::yaml::to_yaml(&crate::syntax::parse::parse(&tree).unwrap());
            let (game, _) = crate::model::quick::load_yaml_tree(&yaml).unwrap();
            // `ref: A` counts as a node: the edge it makes needs room too.
            assert_eq!(count_keys(yaml.as_bytes()).0, game.len() + 2, "{yaml}");
        }
        assert_eq!(count_keys(b"").0, 1);
        assert_eq!(count_keys(b"value:").0, 2);
    }
}
