//! The YAML form of a spec (SPEC §1): [`to_yaml`] and [`from_yaml`].
//!
//! One mapping per node (`edge`, `prob`, `kind`, `name`, `eval`, `key`,
//! `noisy`, `children` for an inner node; `value` for a leaf, `ref` for a
//! transposition) under the top-level keys `title`, `bounds`, `players`,
//! `sum`, `tree`, `expect`, `rubric`. serde reads and writes this module's own `Yaml*`
//! types, which convert to and from [`ast::File`](crate::syntax::ast::File); the ast
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
//! trees nested deeper than about 60 levels (serde_yaml_ng's recursion limit).
//!
//! serde_yaml_ng reports no positions for values that read well, so the text
//! is also scanned by `locate` (lightly before reading, so that nesting
//! too deep for the reader is refused before libyaml spends minutes on it)
//! and walked side by side with what serde read: each name, number, reference and option of the ast gets the
//! span of its own value (a number in a list, its item), an attribute or an
//! option its `key: value`, an inner node its `kind: …` and a leaf its
//! value. Errors (bad YAML, an unknown key, a node that is neither inner nor
//! a leaf, a bad reference) are [`DiagnosticKind::Yaml`] at serde_yaml_ng's
//! location, except a duplicate key, which points at the key given again.
//! A leading byte-order mark is skipped. No input makes this module panic.

mod expect;
mod locate;
mod read;
mod rubric;
mod tail;
mod write;

pub use tail::from_yaml_tail;

use locate::Place;
#[cfg(test)]
mod tests;

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

use crate::diagnostic::{Diagnostic, DiagnosticKind, Span};
use crate::syntax::ast::{
    Attr, AttrValue, Child, Expect, ExpectItem, ExpectOption, File, Header, Ident, Item, Leaf, LeafRef, LeafValue,
    Node, Number, Reference, Segment, ValueLit, WindowLit,
};

/// The YAML form of a file.
pub fn to_yaml(file: &File) -> String {
    let block = serde_yaml_ng::to_string(&YamlFile::from_ast(file)).expect("the YAML types serialize without error");
    flow_lists(&block)
}

/// Reads the YAML form of a file, or says what is wrong and where. A
/// leading byte-order mark is skipped (spans still count its bytes).
pub fn from_yaml(text: &str) -> Result<File, Vec<Diagnostic>> {
    let bom = if text.starts_with('\u{FEFF}') { '\u{FEFF}'.len_utf8() } else { 0 };
    check_depth(text).map_err(|d| vec![d])?;
    let yaml: YamlFile = serde_yaml_ng::from_str(&text[bom..]).map_err(|e| vec![yaml_error(text, bom, &e)])?;
    // Nesting was checked: the scan ends with a shape.
    let shape = locate::scan(text).unwrap_or(locate::Shape::Scalar(Span::new(0, 0)));
    Ok(yaml.into_ast(Place::new(&shape)))
}

/// Refuses a YAML text nested deeper than the YAML reader could take,
/// before it is read (the reader would take minutes to say so): for the
/// other YAML files read with serde_yaml_ng (answer files).
pub(crate) fn check_depth(text: &str) -> Result<(), Diagnostic> {
    locate::too_deep(text).map_or(Ok(()), |at| Err(too_deep(text, at)))
}

/// Nesting passes [`locate::MAX_DEPTH`] at byte `at`.
fn too_deep(text: &str, at: usize) -> Diagnostic {
    let message = format!(
        "recursion limit exceeded: nested more than {} levels deep here (a tree fits the YAML form up to about 60 levels)",
        locate::MAX_DEPTH
    );
    let width = text[at..].chars().next().map_or(0, char::len_utf8);
    Diagnostic::new(DiagnosticKind::Yaml { message }, Span::new(at, at + width))
}

/// serde_yaml_ng writes every list as a block, one item per line; lists of
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

/// A serde_yaml_ng error (about `text[bom..]`) as a diagnostic, at its
/// location (width one character); a duplicate key at the key given again,
/// rather than at the start of its mapping.
fn yaml_error(text: &str, bom: usize, error: &serde_yaml_ng::Error) -> Diagnostic {
    let mut message = without_locations(&error.to_string());
    // `value: ?` is how a hand-written unknown leaf often looks; in YAML a
    // bare `?` starts a complex key.
    if message.contains("mapping keys are not allowed") {
        message += " (an unknown leaf is written `value: '?'`, with quotes)";
    }
    let start = bom + error.location().map_or(0, |l| offset(&text[bom..], l.line(), l.column()));
    let width = text[start..].chars().next().map_or(0, char::len_utf8);
    let span = duplicate_key(text, start, &message).unwrap_or(Span::new(start, start + width));
    Diagnostic::new(DiagnosticKind::Yaml { message }, span)
}

/// For ``duplicate field `K` ``, reported at the start of a mapping: the
/// second `K` of that mapping.
fn duplicate_key(text: &str, map_start: usize, message: &str) -> Option<Span> {
    let (_, rest) = message.split_once("duplicate field `")?;
    let (name, _) = rest.split_once('`')?;
    locate::nth_key(locate::scan(text).ok()?.map_at(map_start)?, name, 1)
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

/// serde_yaml_ng's message without ` at line L column C` / ` at position P`:
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
    rubric: Option<rubric::YamlRubric>,
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
    VisitedSet(Seq<Ref, 1>),
    /// `windows: { C: [3, inf] }` (the count of bounds is checked later).
    Windows(Map<Ref, Seq<Num, 0>, 1>),
    NegamaxValues(Map<Ref, Num, 1>),
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
        let rubric = file.rubric.as_ref().map(rubric::YamlRubric::from_ast);
        YamlFile { headers, tree: YamlNode::from_node(&file.root), expect, rubric }
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
// YAML types → ast, each key and value at its place in the text.

/// How many of each key came before: the `nth` of a repeated key.
#[derive(Default)]
struct Seen(Vec<&'static str>);

impl Seen {
    fn next(&mut self, name: &'static str) -> usize {
        let nth = self.0.iter().filter(|&&n| n == name).count();
        self.0.push(name);
        nth
    }
}

impl YamlFile {
    fn into_ast(self, doc: Place) -> File {
        let mut seen = Seen::default();
        let headers = self.headers.into_iter().map(|h| h.into_ast(doc, &mut seen)).collect();
        let root = self.tree.into_node(doc.value("tree", 0));
        let expect = doc.value("expect", 0);
        let expects = self.expect.into_iter().enumerate().map(|(i, e)| e.into_ast(expect.item(i))).collect();
        let rubric = self.rubric.map(|r| r.into_ast(doc));
        File { headers, root, expects, rubric }
    }
}

impl YamlHeader {
    fn into_ast(self, doc: Place, seen: &mut Seen) -> Header {
        let name = match &self {
            YamlHeader::Title(_) => "title",
            YamlHeader::Bounds(_) => "bounds",
            YamlHeader::Players(_) => "players",
            YamlHeader::Sum(_) => "sum",
        };
        let nth = seen.next(name);
        let (span, value) = (doc.entry_span(name, nth), doc.value(name, nth));
        match self {
            YamlHeader::Title(text) => Header::Title { text, span },
            YamlHeader::Bounds((lo, hi)) => Header::Bounds { lo: lo.at(value.item(0)), hi: hi.at(value.item(1)), span },
            YamlHeader::Players(names) => {
                let names = names.0.into_iter().enumerate();
                Header::Players {
                    names: names.map(|(i, text)| Ident { text, span: value.item(i).span() }).collect(),
                    span,
                }
            }
            YamlHeader::Sum(sum) => Header::Sum { value: sum.at(value), span },
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

    fn into_child(mut self, at: Place) -> Child {
        let span = at.entry_span(self.anchor(), 0);
        let ident = |key, text| Ident { text, span: at.value(key, 0).span() };
        let label = self.edge.take().map(|t| ident("edge", t));
        let prob = self.prob.take().map(|n| n.at(at.value("prob", 0)));
        let item = if let Some(target) = self.reference.take() {
            Item::Ref(ident("ref", target))
        } else if let Some(value) = self.value.take() {
            let place = at.value("value", 0);
            let value = match value {
                YamlValue::Scalar(text) if text == "?" => LeafValue::Unknown,
                YamlValue::Scalar(text) => LeafValue::Number(Number { text, span: place.span() }),
                YamlValue::Vector(numbers) => {
                    LeafValue::Vector(numbers.0.into_iter().enumerate().map(|(i, n)| n.at(place.item(i))).collect())
                }
            };
            Item::Leaf(Leaf { name: self.name.take().map(|t| ident("name", t)), value, span: place.span() })
        } else {
            Item::Node(self.into_node(at))
        };
        Child { label, prob, item, span }
    }

    fn into_node(self, at: Place) -> Node {
        let span = at.entry_span("kind", 0);
        let ident = |key, text| Ident { text, span: at.value(key, 0).span() };
        let mut seen = Seen::default();
        let attrs = self
            .attrs
            .into_iter()
            .map(|(key, value)| {
                let name = attr_key(&key);
                let nth = seen.next(name);
                let (key_span, place) = (at.key(name, nth), at.value(name, nth));
                let value = match value {
                    Scalar::Flag => None,
                    Scalar::Text(text) if is_number(&text) => {
                        Some(AttrValue::Number(Number { text, span: place.span() }))
                    }
                    Scalar::Text(text) => Some(AttrValue::Ident(Ident { text, span: place.span() })),
                };
                Attr { key: Ident { text: key, span: key_span }, value, span: at.entry_span(name, nth) }
            })
            .collect();
        let place = at.value("children", 0);
        let children = self.children.unwrap_or_default().into_iter().enumerate();
        let children = children.map(|(i, c)| c.into_child(place.item(i))).collect();
        let kind = ident("kind", self.kind.unwrap_or_default());
        Node { kind, name: self.name.map(|t| ident("name", t)), attrs, children, span }
    }
}
/// The `'static` name of an attribute key read by serde.
fn attr_key(key: &str) -> &'static str {
    match key {
        "eval" => "eval",
        "key" => "key",
        _ => "noisy",
    }
}

impl YamlValue {
    fn into_lit(self, at: Place) -> ValueLit {
        match self {
            YamlValue::Scalar(text) => ValueLit::Number(Number { text, span: at.span() }),
            YamlValue::Vector(numbers) => {
                let numbers = numbers.0.into_iter().enumerate().map(|(i, n)| n.at(at.item(i)));
                ValueLit::Vector(numbers.collect(), at.span())
            }
        }
    }
}

impl Num {
    fn at(self, at: Place) -> Number {
        Number { text: self.0, span: at.span() }
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
