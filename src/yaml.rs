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
    let message = without_locations(&error.to_string());
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

// ---------------------------------------------------------------------------
// Approximate spans: keys found by scanning the text.

/// Where the keys of the YAML text are, handed out in document order.
struct Locator<'t> {
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
    fn new(text: &'t str) -> Locator<'t> {
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

    fn header(&mut self, name: &str) -> Span {
        let Some((span, next)) = self.find(name, self.headers, self.keys.len(), true) else { return self.fallback };
        self.headers = next;
        span
    }

    /// The next node in preorder, marked by its `kind`, `value` or `ref`.
    fn node(&mut self, anchor: &str) -> Span {
        let Some((span, next)) = self.find(anchor, self.nodes, self.nodes_end, false) else { return self.fallback };
        self.nodes = next;
        span
    }

    /// The next `expect` entry, marked by its `algorithm`.
    fn expect(&mut self) -> Span {
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
    fn item(&mut self, name: &str, expect: Span) -> Span {
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

// ---------------------------------------------------------------------------
// Serialize.

impl Serialize for YamlFile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        for header in &self.headers {
            match header {
                YamlHeader::Title(text) => map.serialize_entry("title", text)?,
                YamlHeader::Bounds(bounds) => map.serialize_entry("bounds", bounds)?,
                YamlHeader::Players(names) => map.serialize_entry("players", names)?,
                YamlHeader::Sum(value) => map.serialize_entry("sum", value)?,
            }
        }
        map.serialize_entry("tree", &self.tree)?;
        if !self.expect.is_empty() {
            map.serialize_entry("expect", &self.expect)?;
        }
        map.end()
    }
}

impl Serialize for YamlNode {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        if let Some(edge) = &self.edge {
            map.serialize_entry("edge", edge)?;
        }
        if let Some(prob) = &self.prob {
            map.serialize_entry("prob", prob)?;
        }
        if let Some(kind) = &self.kind {
            map.serialize_entry("kind", kind)?;
        }
        if let Some(name) = &self.name {
            map.serialize_entry("name", name)?;
        }
        for (key, value) in &self.attrs {
            map.serialize_entry(key, value)?;
        }
        if let Some(children) = &self.children {
            map.serialize_entry("children", children)?;
        }
        if let Some(value) = &self.value {
            map.serialize_entry("value", value)?;
        }
        if let Some(target) = &self.reference {
            map.serialize_entry("ref", target)?;
        }
        map.end()
    }
}

impl Serialize for YamlExpect {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("algorithm", &self.algorithm)?;
        if !self.options.0.is_empty() {
            map.serialize_entry("options", &self.options)?;
        }
        for item in &self.items {
            match item {
                YamlItem::Value(v) => map.serialize_entry("value", v)?,
                YamlItem::Best(v) => map.serialize_entry("best", v)?,
                YamlItem::Pv(v) => map.serialize_entry("pv", v)?,
                YamlItem::Values(v) => map.serialize_entry("values", v)?,
                YamlItem::Pruned(v) => map.serialize_entry("pruned", v)?,
                YamlItem::Visited(v) => map.serialize_entry("visited", v)?,
                YamlItem::Leaves(v) => map.serialize_entry("leaves", v)?,
                YamlItem::Stats(v) => map.serialize_entry("stats", v)?,
            }
        }
        map.end()
    }
}

/// A YAML number when YAML reads it back as the same text, else a string.
impl Serialize for Num {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match yaml_number(&self.0) {
            Some(n) => n.serialize(s),
            None => s.serialize_str(&self.0),
        }
    }
}

/// `text` as a YAML number, if YAML prints that number as `text` again.
fn yaml_number(text: &str) -> Option<serde_yaml::Number> {
    let Ok(serde_yaml::Value::Number(n)) = serde_yaml::from_str(text) else { return None };
    let printed = serde_yaml::to_string(&n).ok()?;
    (n.to_string() == text && printed.trim_end() == text).then_some(n)
}

impl Serialize for Scalar {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Scalar::Flag => s.serialize_bool(true),
            Scalar::Text(text) => Num(text.clone()).serialize(s),
        }
    }
}

impl Serialize for YamlValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            YamlValue::Scalar(text) => Num(text.clone()).serialize(s),
            YamlValue::Vector(numbers) => numbers.serialize(s),
        }
    }
}

impl Serialize for Ref {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text())
    }
}

impl Serialize for OneOrMore {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0.as_slice() {
            [one] => one.serialize(s),
            many => {
                let mut seq = s.serialize_seq(Some(many.len()))?;
                for r in many {
                    seq.serialize_element(r)?;
                }
                seq.end()
            }
        }
    }
}

impl<T: Serialize, const MIN: usize> Serialize for Seq<T, MIN> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for element in &self.0 {
            seq.serialize_element(element)?;
        }
        seq.end()
    }
}

impl<K: Serialize, V: Serialize, const MIN: usize> Serialize for Map<K, V, MIN> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

// ---------------------------------------------------------------------------
// Deserialize. Checks run inside the visitors, so that serde_yaml puts its
// location (the mapping, list or scalar at fault) on every error.

/// The top-level keys.
#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum FileKey {
    Title,
    Bounds,
    Players,
    Sum,
    Tree,
    Expect,
}

impl<'de> Deserialize<'de> for YamlFile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(FileVisitor)
    }
}

struct FileVisitor;

impl<'de> Visitor<'de> for FileVisitor {
    type Value = YamlFile;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a mapping with `tree` (and `title`, `bounds`, `players`, `sum`, `expect`)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<YamlFile, A::Error> {
        let (mut headers, mut tree, mut expect) = (Vec::new(), None, None);
        while let Some(key) = map.next_key()? {
            match key {
                FileKey::Title => headers.push(YamlHeader::Title(map.next_value()?)),
                FileKey::Bounds => headers.push(YamlHeader::Bounds(map.next_value()?)),
                FileKey::Players => headers.push(YamlHeader::Players(map.next_value()?)),
                FileKey::Sum => headers.push(YamlHeader::Sum(map.next_value()?)),
                FileKey::Tree if tree.is_some() => return Err(de::Error::duplicate_field("tree")),
                FileKey::Tree => tree = Some(map.next_value_seed(NodeVisitor { root: true })?),
                FileKey::Expect if expect.is_some() => return Err(de::Error::duplicate_field("expect")),
                FileKey::Expect => expect = Some(map.next_value()?),
            }
        }
        let tree = tree.ok_or_else(|| de::Error::missing_field("tree"))?;
        Ok(YamlFile { headers, tree, expect: expect.unwrap_or_default() })
    }
}

/// The keys of a node mapping.
#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum NodeKey {
    Edge,
    Prob,
    Kind,
    Name,
    Eval,
    Key,
    Noisy,
    Children,
    Value,
    Ref,
}

impl<'de> Deserialize<'de> for YamlNode {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        NodeVisitor { root: false }.deserialize(d)
    }
}

/// Reads one node mapping; the root may not have `edge`, `prob`, `value`
/// or `ref`.
struct NodeVisitor {
    root: bool,
}

impl<'de> DeserializeSeed<'de> for NodeVisitor {
    type Value = YamlNode;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<YamlNode, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for NodeVisitor {
    type Value = YamlNode;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a node: a mapping with `kind` and `children`, or `value`, or `ref`")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<YamlNode, A::Error> {
        fn set<T, E: de::Error>(slot: &mut Option<T>, value: T, key: &'static str) -> Result<(), E> {
            match slot.replace(value) {
                Some(_) => Err(E::duplicate_field(key)),
                None => Ok(()),
            }
        }
        let mut node = YamlNode::default();
        while let Some(key) = map.next_key()? {
            match key {
                NodeKey::Edge => set(&mut node.edge, map.next_value()?, "edge")?,
                NodeKey::Prob => set(&mut node.prob, map.next_value()?, "prob")?,
                NodeKey::Kind => set(&mut node.kind, map.next_value()?, "kind")?,
                NodeKey::Name => set(&mut node.name, map.next_value()?, "name")?,
                NodeKey::Eval => node.attrs.push(("eval".to_string(), map.next_value()?)),
                NodeKey::Key => node.attrs.push(("key".to_string(), map.next_value()?)),
                NodeKey::Noisy => node.attrs.push(("noisy".to_string(), map.next_value()?)),
                NodeKey::Children => set(&mut node.children, map.next_value()?, "children")?,
                NodeKey::Value => set(&mut node.value, map.next_value()?, "value")?,
                NodeKey::Ref => set(&mut node.reference, map.next_value()?, "ref")?,
            }
        }
        node.check(self.root).map_err(de::Error::custom)?;
        Ok(node)
    }
}

impl YamlNode {
    /// Exactly one shape: inner (`kind` + `children`), leaf, transposition.
    fn check(&self, root: bool) -> Result<(), &'static str> {
        let inner = self.kind.is_some() || self.children.is_some() || !self.attrs.is_empty();
        match (inner, &self.value, &self.reference) {
            (_, Some(_), Some(_)) => Err("a node has `value` (a leaf) or `ref` (a transposition), not both"),
            (true, Some(_), None) => Err("a leaf (`value`) has no `kind`, `children`, `eval`, `key` or `noisy`"),
            (true, None, Some(_)) => Err("a transposition (`ref`) has no `kind`, `children`, `eval`, `key` or `noisy`"),
            (false, None, Some(_)) if self.name.is_some() => {
                Err("a transposition (`ref`) has no `name`: it is the node it refers to")
            }
            (false, None, None) => {
                Err("a node needs `kind` and `children` (an inner node), `value` (a leaf) or `ref` (a transposition)")
            }
            (true, None, None) if self.kind.is_none() => {
                Err("this inner node needs a `kind` (MAX, MIN, CHANCE or a player)")
            }
            (true, None, None) if self.children.is_none() => Err("this inner node needs `children` (a list of nodes)"),
            _ if root && (self.value.is_some() || self.reference.is_some()) => {
                Err("the `tree` must be an inner node, with `kind` and `children`")
            }
            _ if root && (self.edge.is_some() || self.prob.is_some()) => {
                Err("the `tree` (the root) has no `edge` or `prob`")
            }
            _ => Ok(()),
        }
    }
}

/// The keys of an `expect` entry.
#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum ExpectKey {
    Algorithm,
    Options,
    Value,
    Best,
    Pv,
    Values,
    Pruned,
    Visited,
    Leaves,
    Stats,
}

impl<'de> Deserialize<'de> for YamlExpect {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(ExpectVisitor)
    }
}

struct ExpectVisitor;

impl<'de> Visitor<'de> for ExpectVisitor {
    type Value = YamlExpect;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an `expect` entry: a mapping with `algorithm` and answers")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<YamlExpect, A::Error> {
        let (mut algorithm, mut options, mut items) = (None, None, Vec::new());
        while let Some(key) = map.next_key()? {
            let item = match key {
                ExpectKey::Algorithm if algorithm.is_some() => return Err(de::Error::duplicate_field("algorithm")),
                ExpectKey::Algorithm => {
                    algorithm = Some(map.next_value()?);
                    continue;
                }
                ExpectKey::Options if options.is_some() => return Err(de::Error::duplicate_field("options")),
                ExpectKey::Options => {
                    options = Some(map.next_value()?);
                    continue;
                }
                ExpectKey::Value => YamlItem::Value(map.next_value()?),
                ExpectKey::Best => YamlItem::Best(map.next_value()?),
                ExpectKey::Pv => YamlItem::Pv(map.next_value()?),
                ExpectKey::Values => YamlItem::Values(map.next_value()?),
                ExpectKey::Pruned => YamlItem::Pruned(map.next_value()?),
                ExpectKey::Visited => YamlItem::Visited(map.next_value()?),
                ExpectKey::Leaves => YamlItem::Leaves(map.next_value()?),
                ExpectKey::Stats => YamlItem::Stats(map.next_value()?),
            };
            items.push(item);
        }
        let algorithm = algorithm.ok_or_else(|| de::Error::missing_field("algorithm"))?;
        Ok(YamlExpect { algorithm, options: options.unwrap_or(Map(Vec::new())), items })
    }
}

/// A scalar's text as written, whatever YAML would type it as.
impl<'de> Deserialize<'de> for Scalar {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Ok(if text == "true" { Scalar::Flag } else { Scalar::Text(text) })
    }
}

impl<'de> Deserialize<'de> for YamlValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = YamlValue;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a number, \"?\" or a list of numbers")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<YamlValue, E> {
        Ok(YamlValue::Scalar(v.to_string()))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<YamlValue, E> {
        Ok(YamlValue::Scalar(v.to_string()))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<YamlValue, E> {
        Ok(YamlValue::Scalar(v.to_string()))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<YamlValue, E> {
        Ok(YamlValue::Scalar(v.to_string()))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<YamlValue, E> {
        Ok(YamlValue::Scalar(v.to_string()))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<YamlValue, E> {
        Ok(YamlValue::Scalar(serde_yaml::Number::from(v).to_string()))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<YamlValue, A::Error> {
        SeqVisitor::<Num, 1>(PhantomData).visit_seq(seq).map(YamlValue::Vector)
    }
}

impl<'de> Deserialize<'de> for Ref {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(RefVisitor)
    }
}

struct RefVisitor;

impl<'de> Visitor<'de> for RefVisitor {
    type Value = Ref;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a node reference such as `C`, `C.2`, `2.3` or `root`")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Ref, E> {
        Ref::parse(v).map_err(E::custom)
    }
}

impl<'de> Deserialize<'de> for OneOrMore {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(OneOrMoreVisitor)
    }
}

struct OneOrMoreVisitor;

impl<'de> Visitor<'de> for OneOrMoreVisitor {
    type Value = OneOrMore;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a node reference or a list of them")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<OneOrMore, E> {
        Ref::parse(v).map(|r| OneOrMore(vec![r])).map_err(E::custom)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<OneOrMore, E> {
        self.visit_str(&v.to_string())
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<OneOrMore, E> {
        Err(E::custom("YAML reads this path as a number: quote it, as in \"1.10\""))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<OneOrMore, A::Error> {
        SeqVisitor::<Ref, 1>(PhantomData).visit_seq(seq).map(|refs| OneOrMore(refs.0))
    }
}

impl<'de, T: Deserialize<'de>, const MIN: usize> Deserialize<'de> for Seq<T, MIN> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(SeqVisitor(PhantomData))
    }
}

struct SeqVisitor<T, const MIN: usize>(PhantomData<T>);

impl<'de, T: Deserialize<'de>, const MIN: usize> Visitor<'de> for SeqVisitor<T, MIN> {
    type Value = Seq<T, MIN>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match MIN {
            0 => f.write_str("a list"),
            _ => f.write_str("a list that is not empty"),
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Seq<T, MIN>, A::Error> {
        let mut out = Vec::new();
        while let Some(element) = seq.next_element()? {
            out.push(element);
        }
        if out.len() < MIN {
            return Err(de::Error::invalid_length(out.len(), &self));
        }
        Ok(Seq(out))
    }
}

impl<'de, K: Deserialize<'de>, V: Deserialize<'de>, const MIN: usize> Deserialize<'de> for Map<K, V, MIN> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(MapVisitor(PhantomData))
    }
}

struct MapVisitor<K, V, const MIN: usize>(PhantomData<(K, V)>);

impl<'de, K: Deserialize<'de>, V: Deserialize<'de>, const MIN: usize> Visitor<'de> for MapVisitor<K, V, MIN> {
    type Value = Map<K, V, MIN>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match MIN {
            0 => f.write_str("a mapping"),
            _ => f.write_str("a mapping that is not empty"),
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Map<K, V, MIN>, A::Error> {
        let mut out = Vec::new();
        while let Some(entry) = map.next_entry()? {
            out.push(entry);
        }
        if out.len() < MIN {
            return Err(de::Error::invalid_length(out.len(), &self));
        }
        Ok(Map(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Source;
    use crate::parse::parse;
    use crate::print::{print, strip_spans, tests::RICH};

    /// `from_yaml(to_yaml(f)) == f` up to spans, and the printed text agrees.
    fn assert_round_trip(text: &str) -> String {
        let file = parse(text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
        let yaml = to_yaml(&file);
        let back = from_yaml(&yaml).unwrap_or_else(|e| panic!("{e:?}\n{yaml}"));
        assert_eq!(strip_spans(&back), strip_spans(&file), "\n{yaml}");
        assert_eq!(print(&back), print(&file));
        assert_eq!(to_yaml(&back), yaml, "writing is deterministic");
        yaml
    }

    /// The diagnostic's message and 1-based line.
    fn error(yaml: &str) -> (String, usize) {
        let diagnostics = from_yaml(yaml).expect_err("this YAML is wrong");
        assert_eq!(diagnostics.len(), 1);
        let DiagnosticKind::Yaml { message } = &diagnostics[0].kind else { panic!("{:?}", diagnostics[0]) };
        (message.clone(), Source { name: "t.yaml", text: yaml }.line_col(diagnostics[0].span.start).0)
    }

    #[test]
    fn rich_example_round_trips() {
        assert_round_trip(RICH);
    }

    #[test]
    fn writes_one_mapping_per_node() {
        let yaml = assert_round_trip(
            "title \"AIMA Figure 5.2\"\nbounds [2, 14]\nMAX A { a1 -> MIN B { 3 12 K=8 } a2 -> 1/2: &B }\n\
             expect alphabeta(order=best, strict-cuts) { value 3 best a1 pruned C.2 C.3 visited root 1 1.1 }\n",
        );
        let expected = "title: AIMA Figure 5.2\nbounds: [2, 14]\ntree:\n  kind: MAX\n  name: A\n  children:\n  \
                        - edge: a1\n    kind: MIN\n    name: B\n    children:\n    - value: 3\n    - value: 12\n    \
                        - name: K\n      value: 8\n  - edge: a2\n    prob: 1/2\n    ref: B\nexpect:\n\
                        - algorithm: alphabeta\n  options:\n    order: best\n    strict-cuts: true\n  value: 3\n  \
                        best: a1\n  pruned: [C.2, C.3]\n  visited: [root, '1', '1.1']\n";
        assert_eq!(yaml, expected);
    }

    #[test]
    fn reads_the_documented_shape() {
        let yaml = r#"
title: AIMA Figure 5.2
bounds: [2, 14]
sum: 10
tree:
  kind: MAX
  name: A
  eval: 5
  children:
    - edge: a1
      kind: MIN
      name: B
      noisy: true
      children:
        - value: 3
        - value: 12
        - {name: K, value: 8}
    - edge: a2
      prob: 1/2
      ref: B
    - value: "?"
    - value: [1, 2, 6]
    - {kind: MAX, key: p7, children: [{value: 0.50}, {value: 1e3}]}
expect:
  - algorithm: alphabeta
    options: {order: best, strict-cuts: true, fail-hard: false, depth: 2}
    value: 3
    best: [a1, a2]
    pv: [a1, B.1]
    values: {B: 3, C: 7/3, 2.3: [1, 2, 6]}
    pruned: [C.2, C.3]
    visited: [root, 1, 1.10]
    leaves: [3, 12.50, 8, K, 1/3]
    stats: {nodes_visited: 11, cutoffs: 1}
  - algorithm: minimax
    best: 2
"#;
        let file = from_yaml(yaml).unwrap_or_else(|e| panic!("{e:?}"));
        let expected = "title \"AIMA Figure 5.2\"\nbounds [2, 14]\nsum 10\n\nMAX A [eval=5] {\n  \
                        a1 -> MIN B [noisy] {\n    3\n    12\n    K=8\n  }\n  a2 -> 1/2: &B\n  ?\n  (1, 2, 6)\n  \
                        MAX [key=p7] { 0.5 1000.0 }\n}\n\n\
                        expect alphabeta(order=best, strict-cuts, fail-hard=false, depth=2) { value 3  best a1 a2  \
                        pv a1 B.1  values B=3 C=7/3 2.3=(1, 2, 6)  pruned C.2 C.3  visited root 1 1.10  \
                        leaves 3 12.50 8 K 1/3  stats nodes_visited=11 cutoffs=1 }\nexpect minimax { best 2 }\n";
        assert_eq!(print(&file), expected);
    }

    #[test]
    fn numbers_keep_their_text() {
        for number in [
            "3",
            "-2",
            "2.5",
            "0.50",
            "1e3",
            "1E+3",
            "1/3",
            "-7/2",
            "0.5/1.5",
            "-0",
            "007",
            "1.0",
            "99999999999999999999999",
        ] {
            let text = format!(
                "bounds [{number}, {number}] sum {number}\nCHANCE [eval={number}] {{ {number}: {number} {number}: ({number}, {number}) }}\n\
                 expect x {{ value {number} values A={number} leaves {number} stats n={number} }}\n"
            );
            assert_round_trip(&text);
        }
    }

    #[test]
    fn names_survive_yaml_quoting() {
        for name in ["true", "null", "~", "yes", "a: b", "#c", "- x", "[x]", "آرش", " pad ", "x\ny:\n- z", "'", "\""]
        {
            let q = format!("{name:?}");
            // `key: 'true'` reads as the flag `[key]`: YAML cannot tell them apart.
            let key = if name == "true" { "p7".to_string() } else { q.clone() };
            let text = format!(
                "title {q}\nMAX {q} [key={key}] {{ {q} -> {q}=3 {q} -> &{q} }}\nexpect minimax(o=v) {{ best {q} leaves {q} }}\n"
            );
            assert_round_trip(&text);
        }
    }

    #[test]
    fn every_spec_round_trips() {
        for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/specs")).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "tree") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let file = parse(&text).unwrap_or_else(|e| panic!("{path:?}: {e:?}"));
            assert_eq!(strip_spans(&parse(&print(&file)).unwrap()), strip_spans(&file), "{path:?}");
            assert_round_trip(&text);
        }
    }

    #[test]
    fn trees_deeper_than_serde_yaml_reads_are_refused() {
        let deep = format!("{}1{}", "MAX {".repeat(100), "}".repeat(100));
        let (message, _) = error(&to_yaml(&parse(&deep).unwrap()));
        assert!(message.contains("recursion limit"), "{message}");
    }

    #[test]
    fn what_yaml_cannot_say_is_read_the_nearest_way() {
        let text =
            "MAX A [key=\"7\", noisy=true] { \"a.b\"=1 \"2\"=3 }\nexpect x { best \"a.b\" \"2\" leaves \"2\" }\n";
        let back = print(&from_yaml(&to_yaml(&parse(text).unwrap())).unwrap());
        assert_eq!(back, "MAX A [key=7, noisy] {\n  \"a.b\"=1\n  \"2\"=3\n}\n\nexpect x { best a.b 2  leaves 2 }\n");
    }

    #[test]
    fn spans_point_at_each_node_line() {
        let text = "MAX A {\n  a1 -> MIN B { 3 K=12 }\n  &B\n}\nexpect minimax { value 3  best a1 }\n";
        let yaml = to_yaml(&parse(text).unwrap());
        let file = from_yaml(&yaml).unwrap();
        let line = |span: Span| Source { name: "t.yaml", text: &yaml }.line_col(span.start).0;
        let line_of = |needle: &str| yaml.lines().position(|l| l.contains(needle)).unwrap() + 1;
        assert_eq!(line(file.root.span), line_of("kind: MAX"));
        let Item::Node(b) = &file.root.children[0].item else { panic!() };
        assert_eq!(line(b.span), line_of("kind: MIN"));
        assert_eq!(line(b.children[1].span), line_of("value: 12"));
        assert_eq!(line(file.root.children[1].span), line_of("ref: B"));
        assert_eq!(line(file.expects[0].span), line_of("algorithm"));
        let ExpectItem::Best { span, .. } = &file.expects[0].items[1] else { panic!() };
        assert_eq!(line(*span), line_of("best"));
    }

    #[test]
    fn bad_indentation_is_a_yaml_error_on_its_line() {
        let (message, line) = error("tree:\n  kind: MAX\n    children: []\n");
        assert_eq!(line, 3, "{message}");
        let (message, line) = error("tree:\n  kind: MAX\n  children:\n  - value: 1\n   - value: 2\n");
        assert_eq!(line, 5, "{message}");
    }

    #[test]
    fn unknown_keys_are_refused_where_they_are() {
        let (message, line) = error("tree:\n  kind: MAX\n  children:\n    - value: 3\n      valeu: 4\n");
        assert_eq!(line, 5);
        assert!(message.contains("unknown field `valeu`"), "{message}");
        let (message, line) = error("title: x\ntre:\n  kind: MAX\n");
        assert_eq!((line, message.contains("unknown field `tre`")), (2, true), "{message}");
    }

    #[test]
    fn a_node_needs_a_shape() {
        let (message, line) = error("tree:\n  kind: MAX\n  children:\n    - value: 3\n    - name: B\n      edge: b\n");
        assert_eq!(line, 5);
        assert!(message.contains("a node needs `kind` and `children`"), "{message}");
        for (yaml, words) in [
            ("tree:\n  kind: MAX\n", "needs `children`"),
            ("tree:\n  children: []\n", "needs a `kind`"),
            ("tree:\n  value: 3\n", "must be an inner node"),
            ("tree:\n  kind: MAX\n  edge: a\n  children: []\n", "has no `edge` or `prob`"),
            ("tree:\n  kind: MAX\n  children:\n  - {value: 3, ref: B}\n", "not both"),
            ("tree:\n  kind: MAX\n  children:\n  - {value: 3, eval: 2}\n", "a leaf"),
            ("tree:\n  kind: MAX\n  children: 3\n", "expected a sequence"),
            ("tree:\n  kind: MAX\n  children:\n  - value: {a: 1}\n", "a number, \"?\" or a list"),
            ("tree:\n  kind: MAX\n  children:\n  - value: []\n", "not empty"),
            ("title: x\n", "missing field `tree`"),
            ("tree: {kind: MAX, children: []}\ntree: {kind: MAX, children: []}\n", "duplicate field `tree`"),
        ] {
            let (message, _) = error(yaml);
            assert!(message.contains(words), "{yaml}: {message}");
        }
    }

    #[test]
    fn bad_references_and_answers_are_refused() {
        let tree = "tree: {kind: MAX, children: [{value: 1}]}\nexpect:\n";
        for (item, words) in [
            ("  - {algorithm: minimax, pruned: [C..2]}\n", "empty part"),
            ("  - {algorithm: minimax, best: C.0}\n", "start at 1"),
            ("  - {algorithm: minimax, best: 1.10}\n", "quote it"),
            ("  - {algorithm: minimax, best: []}\n", "not empty"),
            ("  - {algorithm: minimax, values: {}}\n", "not empty"),
            ("  - {value: 3}\n", "missing field `algorithm`"),
            ("  - {algorithm: minimax, vaule: 3}\n", "unknown field `vaule`"),
        ] {
            let (message, line) = error(&format!("{tree}{item}"));
            assert!(message.contains(words), "{item}: {message}");
            assert_eq!(line, 3, "{item}: {message}");
        }
    }

    #[test]
    fn renders_like_every_other_diagnostic() {
        let yaml = "tree:\n  kind: MAX\n  children:\n  - value: 3\n    vaule: 4\n";
        let diagnostics = from_yaml(yaml).unwrap_err();
        let shown = Source { name: "t.yaml", text: yaml }.render(&diagnostics[0]);
        assert_eq!(
            shown,
            "error: YAML error: tree.children[0]: unknown field `vaule`, expected one of `edge`, `prob`, `kind`, \
             `name`, `eval`, `key`, `noisy`, `children`, `value`, `ref`\n --> t.yaml:5:5\n  |\n5 |     vaule: 4\n  |     ^\n"
        );
    }

    #[test]
    fn messages_leave_the_location_to_the_renderer() {
        let (message, _) = error("tree:\n  kind: MAX\n    children: []\n");
        assert!(!message.contains("line"), "{message}");
        assert_eq!(without_locations("bad at line 3 column 4, while x at line 1 column 2"), "bad, while x");
    }

    #[test]
    fn no_input_makes_it_panic() {
        let yaml = to_yaml(&parse(RICH).unwrap());
        for (i, _) in yaml.char_indices() {
            let _ = from_yaml(&yaml[..i]);
            let _ = from_yaml(&format!("{}\t{}", &yaml[..i], &yaml[i..]));
        }
        for text in [
            "",
            "---",
            "--- a\n--- b\n",
            "[",
            "tree",
            "tree:",
            "tree: !x {}",
            "\u{FEFF}",
            "a: &a [*a]",
            "tree: *x",
            "\0",
        ] {
            let _ = from_yaml(text);
        }
        let deep = format!("tree: {}{}", "{kind: MAX, children: [".repeat(200), "]}".repeat(200));
        assert!(from_yaml(&deep).is_err());
    }
}
