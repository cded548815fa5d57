//! The YAML form of a spec (SPEC §1): [`to_yaml`] and [`from_yaml`].
//!
//! One mapping per node (`edge`, `prob`, `kind`, `name`, `eval`, `key`,
//! `noisy`, `children` for an inner node; `value` for a leaf, `ref` for a
//! transposition) under the top-level keys `title`, `bounds`, `players`,
//! `sum`, `tree`, `expect`. serde reads and writes this module's own `Yaml*`
//! types, which convert to and from [`ast::File`](crate::ast::File); the ast
//! derives nothing.
//!
//! Invariant: `from_yaml(&to_yaml(f))` equals `f` up to spans. Order is kept
//! (headers, attributes, `expect` items, `values` pairs), and so are
//! repeated headers, attributes and items. Numbers keep their text: written
//! as YAML numbers only when YAML reads them back as the same text (`3`,
//! `2.5`), as strings otherwise (`"1/3"`, `"1e3"`). Scalars are read as
//! written (`0.50` stays `0.50`), except a lone leaf or answer `value`,
//! which YAML types: a hand-written float there comes back as YAML prints it
//! (`2.50` → `2.5`). What YAML cannot say: a reference segment naming a
//! node whose name contains a dot, is all digits, or is empty; a name equal
//! to a number in `leaves` (read as the number); an attribute or option
//! whose value is the text `true` (read as a bare flag); attributes other
//! than `eval`, `key`, `noisy` (written, then refused as unknown keys);
//! trees nested deeper than about 60 levels (serde_yaml's recursion limit).
//!
//! serde_yaml reports no positions for values that read well, so the spans
//! of the ast built here are approximate: each node gets the line of its
//! `kind:`, `value:` or `ref:` key, found by scanning the text in document
//! order. Errors (bad YAML, an unknown key, a node that is neither inner nor
//! a leaf, a bad reference) are [`DiagnosticKind::Yaml`] at serde_yaml's
//! location. No input makes this module panic.

mod locate;
mod read;
mod write;

use locate::Locator;
#[cfg(test)]
mod tests;

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

use crate::ast::{
    Attr, AttrValue, Child, Expect, ExpectItem, ExpectOption, File, Header, Ident, Item, Leaf, LeafRef, LeafValue,
    Node, Number, Reference, Segment, ValueLit,
};
use crate::diagnostic::{Diagnostic, DiagnosticKind, Span};

/// The YAML form of a file.
pub fn to_yaml(file: &File) -> String {
    let block = serde_yaml::to_string(&YamlFile::from_ast(file)).expect("the YAML types serialize without error");
    flow_lists(&block)
}

/// Reads the YAML form of a file, or says what is wrong and where.
pub fn from_yaml(text: &str) -> Result<File, Vec<Diagnostic>> {
    let yaml: YamlFile = serde_yaml::from_str(text).map_err(|e| vec![yaml_error(text, &e)])?;
    Ok(yaml.into_ast(&mut Locator::new(text)))
}

/// serde_yaml writes every list as a block, one item per line; lists of
/// short scalars read better on one line: `key:` + `- 1` `- 2` → `key: [1, 2]`.
/// The text of a block scalar (`key: |-` and the lines below it) is copied.
fn flow_lists(yaml: &str) -> String {
    let lines: Vec<&str> = yaml.lines().collect();
    let mut out = String::with_capacity(yaml.len());
    let mut i = 0;
    while let Some(&line) = lines.get(i) {
        if let Some(items) = flow_items(line, &lines[i + 1..]) {
            out += &format!("{line} [{}]\n", items.join(", "));
            i += 1 + items.len();
            continue;
        }
        let mut below = 0;
        if line.trim_end_matches(|c: char| c.is_ascii_digit() || c == '-' || c == '+').ends_with(['|', '>']) {
            let indent = |l: &str| l.len() - l.trim_start_matches(' ').len();
            let item = line.trim_start_matches([' ', '-']).starts_with(['|', '>']);
            let column = if item { indent(line) } else { key_column(line) };
            below = lines[i + 1..].iter().take_while(|l| l.trim().is_empty() || indent(l) > column).count();
        }
        for l in &lines[i..=i + below] {
            out += l;
            out.push('\n');
        }
        i += 1 + below;
    }
    out
}

/// The items below `key:` when they are all short scalars.
fn flow_items<'a>(line: &str, below: &[&'a str]) -> Option<Vec<&'a str>> {
    line.strip_suffix(':')?;
    let prefix = format!("{}- ", " ".repeat(key_column(line)));
    let items: Vec<&str> = below.iter().map_while(|l| l.strip_prefix(prefix.as_str())).collect();
    (!items.is_empty() && items.iter().all(|item| is_flow_safe(item))).then_some(items)
}

/// Where a line's key starts, after indentation and `- `.
fn key_column(line: &str) -> usize {
    line.len() - line.trim_start_matches([' ', '-']).len()
}

/// A scalar that means the same inside `[…]` as on its own: a plain or
/// single-quoted word of letters, digits, blanks and `_ . ' / + - ?`.
fn is_flow_safe(item: &str) -> bool {
    let indicator = ["-", "?", "- ", "? "].iter().any(|i| item == *i || (i.len() == 2 && item.starts_with(i)));
    !item.is_empty()
        && !indicator
        && item.chars().all(|c| c.is_alphanumeric() || matches!(c, ' ' | '_' | '.' | '\'' | '/' | '+' | '-' | '?'))
}

/// A serde_yaml error as a diagnostic, at its location (width one character).
fn yaml_error(text: &str, error: &serde_yaml::Error) -> Diagnostic {
    let mut message = without_locations(&error.to_string());
    // `value: ?` is how a hand-written unknown leaf often looks; in YAML a
    // bare `?` starts a complex key.
    if message.contains("mapping keys are not allowed") {
        message += " (an unknown leaf is written `value: '?'`, with quotes)";
    }
    let start = error.location().map_or(0, |l| offset(text, l.line(), l.column()));
    let width = text[start..].chars().next().map_or(0, char::len_utf8);
    Diagnostic::new(DiagnosticKind::Yaml { message }, Span::new(start, start + width))
}

/// The byte offset of a 1-based line and column (in characters), clamped to
/// the text.
fn offset(text: &str, line: usize, column: usize) -> usize {
    let mut start = 0;
    for _ in 1..line {
        match text[start..].find('\n') {
            Some(i) => start += i + 1,
            None => return text.len(),
        }
    }
    let line_text = &text[start..text[start..].find('\n').map_or(text.len(), |i| start + i)];
    start + line_text.char_indices().nth(column.saturating_sub(1)).map_or(line_text.len(), |(i, _)| i)
}

/// serde_yaml's message without ` at line L column C` / ` at position P`:
/// the rendered diagnostic shows where.
fn without_locations(message: &str) -> String {
    let mut out = message.to_string();
    for marker in [" at line ", " at position "] {
        while let Some(at) = out.find(marker) {
            let rest = &out[at + marker.len()..];
            let digits = |s: &str| s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
            let mut end = digits(rest);
            if let Some(col) = rest[end..].strip_prefix(" column ") {
                end += " column ".len() + digits(col);
            }
            out.replace_range(at..at + marker.len() + end, "");
        }
    }
    out
}

// ---------------------------------------------------------------------------
// The serde types.

/// A whole YAML spec: the headers in their order, the tree, the answers.
struct YamlFile {
    headers: Vec<YamlHeader>,
    tree: YamlNode,
    expect: Vec<YamlExpect>,
}

/// `title: …`, `bounds: [lo, hi]`, `players: [A, B]`, `sum: 10`.
enum YamlHeader {
    Title(String),
    Bounds((Num, Num)),
    Players(Seq<String, 1>),
    Sum(Num),
}

/// One node mapping: an inner node (`kind`, `children`), a leaf (`value`)
/// or a transposition (`ref`), with its `edge` and `prob` as a child.
#[derive(Default)]
struct YamlNode {
    edge: Option<String>,
    prob: Option<Num>,
    kind: Option<String>,
    name: Option<String>,
    /// `eval: 5`, `key: p7`, `noisy: true`, in their order.
    attrs: Vec<(String, Scalar)>,
    children: Option<Vec<YamlNode>>,
    value: Option<YamlValue>,
    reference: Option<String>,
}

/// One `expect` entry: `algorithm`, `options`, then the items in order.
struct YamlExpect {
    algorithm: String,
    options: Map<String, Scalar, 0>,
    items: Vec<YamlItem>,
}

/// One hand-worked answer.
enum YamlItem {
    Value(YamlValue),
    Best(OneOrMore),
    Pv(Seq<Ref, 1>),
    Values(Map<Ref, YamlValue, 1>),
    Pruned(Seq<Ref, 0>),
    Visited(Seq<Ref, 1>),
    Leaves(Seq<Num, 1>),
    Stats(Map<String, Num, 1>),
}

/// A number as written: `3`, `"1/3"`. Read as the scalar's text.
#[derive(Deserialize)]
#[serde(transparent)]
struct Num(String);

/// An attribute's or an option's value: `true` is a bare flag.
enum Scalar {
    Flag,
    Text(String),
}

/// A leaf's or an answer's value: a number (or `"?"`) or a list of numbers.
enum YamlValue {
    Scalar(String),
    Vector(Seq<Num, 1>),
}

/// A node reference: `"C.2"`, `"2.3"`, `root`, `a2`.
struct Ref(Vec<Segment>);

/// `best: a1` or `best: [a1, a2]`.
struct OneOrMore(Vec<Ref>);

/// A list with at least `MIN` entries.
struct Seq<T, const MIN: usize>(Vec<T>);

/// A mapping with at least `MIN` entries, in its order (repeats kept).
struct Map<K, V, const MIN: usize>(Vec<(K, V)>);

// ---------------------------------------------------------------------------
// ast → YAML types.

impl YamlFile {
    fn from_ast(file: &File) -> YamlFile {
        let headers = file
            .headers
            .iter()
            .map(|h| match h {
                Header::Title { text, .. } => YamlHeader::Title(text.clone()),
                Header::Bounds { lo, hi, .. } => YamlHeader::Bounds((Num::of(lo), Num::of(hi))),
                Header::Players { names, .. } => {
                    YamlHeader::Players(Seq(names.iter().map(|n| n.text.clone()).collect()))
                }
                Header::Sum { value, .. } => YamlHeader::Sum(Num::of(value)),
            })
            .collect();
        let expect = file.expects.iter().map(YamlExpect::from_ast).collect();
        YamlFile { headers, tree: YamlNode::from_node(&file.root), expect }
    }
}

impl YamlNode {
    fn from_node(node: &Node) -> YamlNode {
        let attrs = node
            .attrs
            .iter()
            .map(|a| {
                let value = match &a.value {
                    None => Scalar::Flag,
                    Some(AttrValue::Number(n)) => Scalar::Text(n.text.clone()),
                    Some(AttrValue::Ident(i)) => Scalar::Text(i.text.clone()),
                };
                (a.key.text.clone(), value)
            })
            .collect();
        YamlNode {
            kind: Some(node.kind.text.clone()),
            name: node.name.as_ref().map(|n| n.text.clone()),
            attrs,
            children: Some(node.children.iter().map(YamlNode::from_child).collect()),
            ..YamlNode::default()
        }
    }

    fn from_child(child: &Child) -> YamlNode {
        let mut node = match &child.item {
            Item::Node(node) => YamlNode::from_node(node),
            Item::Leaf(leaf) => YamlNode {
                name: leaf.name.as_ref().map(|n| n.text.clone()),
                value: Some(match &leaf.value {
                    LeafValue::Number(n) => YamlValue::Scalar(n.text.clone()),
                    LeafValue::Vector(numbers) => YamlValue::Vector(Seq(numbers.iter().map(Num::of).collect())),
                    LeafValue::Unknown => YamlValue::Scalar("?".to_string()),
                }),
                ..YamlNode::default()
            },
            Item::Ref(target) => YamlNode { reference: Some(target.text.clone()), ..YamlNode::default() },
        };
        node.edge = child.label.as_ref().map(|l| l.text.clone());
        node.prob = child.prob.as_ref().map(Num::of);
        node
    }
}

impl YamlExpect {
    fn from_ast(expect: &Expect) -> YamlExpect {
        let options = expect
            .options
            .iter()
            .map(|o| (o.key.text.clone(), o.value.as_ref().map_or(Scalar::Flag, |v| Scalar::Text(v.text.clone()))))
            .collect();
        let refs = |refs: &[Reference]| refs.iter().map(Ref::of).collect();
        let items = expect
            .items
            .iter()
            .map(|item| match item {
                ExpectItem::Value { value, .. } => YamlItem::Value(YamlValue::of(value)),
                ExpectItem::Best { moves, .. } => YamlItem::Best(OneOrMore(refs(moves))),
                ExpectItem::Pv { refs: r, .. } => YamlItem::Pv(Seq(refs(r))),
                ExpectItem::Values { pairs, .. } => {
                    YamlItem::Values(Map(pairs.iter().map(|(r, v)| (Ref::of(r), YamlValue::of(v))).collect()))
                }
                ExpectItem::Pruned { refs: r, .. } => YamlItem::Pruned(Seq(refs(r))),
                ExpectItem::Visited { refs: r, .. } => YamlItem::Visited(Seq(refs(r))),
                ExpectItem::Leaves { leaves, .. } => YamlItem::Leaves(Seq(leaves
                    .iter()
                    .map(|l| match l {
                        LeafRef::Value(n) => Num::of(n),
                        LeafRef::Name(name) => Num(name.text.clone()),
                    })
                    .collect())),
                ExpectItem::Stats { pairs, .. } => {
                    YamlItem::Stats(Map(pairs.iter().map(|(k, v)| (k.text.clone(), Num::of(v))).collect()))
                }
            })
            .collect();
        YamlExpect { algorithm: expect.algorithm.text.clone(), options: Map(options), items }
    }
}

impl Num {
    fn of(number: &Number) -> Num {
        Num(number.text.clone())
    }
}

impl YamlValue {
    fn of(value: &ValueLit) -> YamlValue {
        match value {
            ValueLit::Number(n) => YamlValue::Scalar(n.text.clone()),
            ValueLit::Vector(numbers, _) => YamlValue::Vector(Seq(numbers.iter().map(Num::of).collect())),
        }
    }
}

impl Ref {
    fn of(reference: &Reference) -> Ref {
        Ref(reference.segments.clone())
    }

    fn text(&self) -> String {
        let parts: Vec<String> = self
            .0
            .iter()
            .map(|s| match s {
                Segment::Name(name) => name.clone(),
                Segment::Index(i) => i.to_string(),
            })
            .collect();
        parts.join(".")
    }

    /// `C.2` → `[Name("C"), Index(2)]`: digits are 1-based indices.
    fn parse(text: &str) -> Result<Ref, String> {
        let segment = |s: &str| {
            if s.is_empty() {
                return Err(format!("`{text}` is not a node reference: it has an empty part"));
            }
            if !s.bytes().all(|b| b.is_ascii_digit()) {
                return Ok(Segment::Name(s.to_string()));
            }
            match s.parse::<u32>() {
                Ok(i) if i > 0 => Ok(Segment::Index(i)),
                _ => Err(format!("`{text}` is not a node reference: child indices start at 1 and fit 32 bits")),
            }
        };
        text.split('.').map(segment).collect::<Result<_, _>>().map(Ref)
    }
}

// ---------------------------------------------------------------------------
// YAML types → ast, with approximate spans.

impl YamlFile {
    fn into_ast(self, loc: &mut Locator) -> File {
        let headers = self.headers.into_iter().map(|h| h.into_ast(loc)).collect();
        let span = loc.node("kind");
        let root = self.tree.into_node(span, loc);
        let expects = self.expect.into_iter().map(|e| e.into_ast(loc)).collect();
        File { headers, root, expects }
    }
}

impl YamlHeader {
    fn into_ast(self, loc: &mut Locator) -> Header {
        let number = |n: Num, span| Number { text: n.0, span };
        match self {
            YamlHeader::Title(text) => Header::Title { text, span: loc.header("title") },
            YamlHeader::Bounds((lo, hi)) => {
                let span = loc.header("bounds");
                Header::Bounds { lo: number(lo, span), hi: number(hi, span), span }
            }
            YamlHeader::Players(names) => {
                let span = loc.header("players");
                Header::Players { names: names.0.into_iter().map(|text| Ident { text, span }).collect(), span }
            }
            YamlHeader::Sum(value) => {
                let span = loc.header("sum");
                Header::Sum { value: number(value, span), span }
            }
        }
    }
}

impl YamlNode {
    /// The key every node of this shape has, which marks where it is.
    fn anchor(&self) -> &'static str {
        match (&self.reference, &self.value) {
            (Some(_), _) => "ref",
            (None, Some(_)) => "value",
            (None, None) => "kind",
        }
    }

    fn into_child(mut self, loc: &mut Locator) -> Child {
        let span = loc.node(self.anchor());
        let ident = |text| Ident { text, span };
        let label = self.edge.take().map(ident);
        let prob = self.prob.take().map(|n| n.at(span));
        let item = if let Some(target) = self.reference.take() {
            Item::Ref(ident(target))
        } else if let Some(value) = self.value.take() {
            let value = match value {
                YamlValue::Scalar(text) if text == "?" => LeafValue::Unknown,
                YamlValue::Scalar(text) => LeafValue::Number(Number { text, span }),
                YamlValue::Vector(numbers) => LeafValue::Vector(numbers.0.into_iter().map(|n| n.at(span)).collect()),
            };
            Item::Leaf(Leaf { name: self.name.take().map(ident), value, span })
        } else {
            Item::Node(self.into_node(span, loc))
        };
        Child { label, prob, item, span }
    }

    fn into_node(self, span: Span, loc: &mut Locator) -> Node {
        let ident = |text| Ident { text, span };
        let attrs = self
            .attrs
            .into_iter()
            .map(|(key, value)| {
                let value = match value {
                    Scalar::Flag => None,
                    Scalar::Text(text) if is_number(&text) => Some(AttrValue::Number(Number { text, span })),
                    Scalar::Text(text) => Some(AttrValue::Ident(ident(text))),
                };
                Attr { key: ident(key), value, span }
            })
            .collect();
        let children = self.children.unwrap_or_default().into_iter().map(|c| c.into_child(loc)).collect();
        Node { kind: ident(self.kind.unwrap_or_default()), name: self.name.map(ident), attrs, children, span }
    }
}

impl YamlExpect {
    fn into_ast(self, loc: &mut Locator) -> Expect {
        let span = loc.expect();
        let ident = |text| Ident { text, span };
        let options = self
            .options
            .0
            .into_iter()
            .map(|(key, value)| {
                let value = match value {
                    Scalar::Flag => None,
                    Scalar::Text(text) => Some(ident(text)),
                };
                ExpectOption { key: ident(key), value, span }
            })
            .collect();
        let items = self.items.into_iter().map(|item| item.into_ast(loc, span)).collect();
        Expect { algorithm: ident(self.algorithm), options, items, span }
    }
}

impl YamlItem {
    fn into_ast(self, loc: &mut Locator, expect: Span) -> ExpectItem {
        let span = loc.item(self.key(), expect);
        let refs = |refs: Vec<Ref>| refs.into_iter().map(|r| r.at(span)).collect();
        match self {
            YamlItem::Value(value) => ExpectItem::Value { value: value.into_lit(span), span },
            YamlItem::Best(moves) => ExpectItem::Best { moves: refs(moves.0), span },
            YamlItem::Pv(r) => ExpectItem::Pv { refs: refs(r.0), span },
            YamlItem::Values(pairs) => ExpectItem::Values {
                pairs: pairs.0.into_iter().map(|(r, v)| (r.at(span), v.into_lit(span))).collect(),
                span,
            },
            YamlItem::Pruned(r) => ExpectItem::Pruned { refs: refs(r.0), span },
            YamlItem::Visited(r) => ExpectItem::Visited { refs: refs(r.0), span },
            YamlItem::Leaves(leaves) => {
                let leaves = leaves
                    .0
                    .into_iter()
                    .map(|n| match is_number(&n.0) {
                        true => LeafRef::Value(n.at(span)),
                        false => LeafRef::Name(Ident { text: n.0, span }),
                    })
                    .collect();
                ExpectItem::Leaves { leaves, span }
            }
            YamlItem::Stats(pairs) => {
                let pairs = pairs.0.into_iter().map(|(k, v)| (Ident { text: k, span }, v.at(span))).collect();
                ExpectItem::Stats { pairs, span }
            }
        }
    }

    fn key(&self) -> &'static str {
        match self {
            YamlItem::Value(_) => "value",
            YamlItem::Best(_) => "best",
            YamlItem::Pv(_) => "pv",
            YamlItem::Values(_) => "values",
            YamlItem::Pruned(_) => "pruned",
            YamlItem::Visited(_) => "visited",
            YamlItem::Leaves(_) => "leaves",
            YamlItem::Stats(_) => "stats",
        }
    }
}

impl YamlValue {
    fn into_lit(self, span: Span) -> ValueLit {
        match self {
            YamlValue::Scalar(text) => ValueLit::Number(Number { text, span }),
            YamlValue::Vector(numbers) => ValueLit::Vector(numbers.0.into_iter().map(|n| n.at(span)).collect(), span),
        }
    }
}

impl Num {
    fn at(self, span: Span) -> Number {
        Number { text: self.0, span }
    }
}

impl Ref {
    fn at(self, span: Span) -> Reference {
        Reference { segments: self.0, span }
    }
}

/// Does this text read as a number in the `.tree` grammar (`-2.5`, `1e3`,
/// `7/2`)?
fn is_number(text: &str) -> bool {
    fn digits(s: &str) -> Option<&str> {
        let n = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
        (n > 0).then(|| &s[n..])
    }
    fn decimal(s: &str) -> Option<&str> {
        let rest = digits(s)?;
        match rest.strip_prefix('.') {
            Some(frac) => digits(frac),
            None => Some(rest),
        }
    }
    let Some(mut rest) = decimal(text.strip_prefix('-').unwrap_or(text)) else { return false };
    if let Some(exp) = rest.strip_prefix(['e', 'E']) {
        match digits(exp.strip_prefix(['+', '-']).unwrap_or(exp)) {
            Some(r) => rest = r,
            None => return false,
        }
    }
    if let Some(den) = rest.strip_prefix('/') {
        match decimal(den) {
            Some(r) => rest = r,
            None => return false,
        }
    }
    rest.is_empty()
}
