//! [`File`] → canonical `.tree` text: what `gametree fmt`
//! prints and what `gametree convert --to tree` writes.
//!
//! Layout: headers one per line, a blank line, the tree indented by two
//! spaces (an inner node whose children are all plain leaves on one line,
//! otherwise one child per line), then a blank line and one `expect` block
//! per line, items in their original order. Numbers are printed exactly as
//! written; names are quoted only when they are not plain identifiers or
//! when they would read as a keyword (`value`, `best`, …, `root`).
//!
//! Invariant: `parse(&print(f))` equals `f` up to spans, for every `f` that
//! came from `parse` (and from `yaml::from_yaml`). Text the grammar cannot
//! hold is printed as is and then fails to parse, never silently changes:
//! a name containing a carriage return, a kind, attribute key, player,
//! algorithm, option or stat key that is not an identifier.

use std::borrow::Cow;
use std::fmt::Write;

use crate::diagnostic::Span;
use crate::syntax::ast::{
    Attr, AttrValue, Child, Expect, ExpectItem, ExpectOption, File, Header, Ident, Item, Leaf, LeafRef, LeafValue,
    Node, Number, Reference, Rubric, RubricItem, Segment, ValueLit, WindowLit,
};

/// The canonical `.tree` text of a file.
pub fn print(file: &File) -> String {
    let mut out = String::new();
    for header in &file.headers {
        out += &print_header(header);
        out.push('\n');
    }
    if !file.headers.is_empty() {
        out.push('\n');
    }
    print_node(&mut out, &file.root, 0);
    out.push('\n');
    if !file.expects.is_empty() {
        out.push('\n');
    }
    for expect in &file.expects {
        out += &print_expect(expect);
        out.push('\n');
    }
    if let Some(rubric) = &file.rubric {
        out.push('\n');
        out += &print_rubric(rubric);
    }
    out
}

/// `rubric {`, one item a line, `}`.
fn print_rubric(rubric: &Rubric) -> String {
    let mut out = String::from("rubric {\n");
    for item in &rubric.items {
        let mut line = format!("  {} {}", item.key.text, item.points.text);
        if let Some((_, refs)) = &item.required {
            line += " required";
            if !refs.is_empty() {
                let _ = write!(line, " [{}]", refs.iter().map(reference).collect::<Vec<_>>().join(" "));
            }
        }
        if item.partial.is_some() {
            line += " partial";
        }
        for (r, points) in &item.nodes {
            let _ = write!(line, " {}={}", reference(r), points.text);
        }
        out += &line;
        out.push('\n');
    }
    out + "}\n"
}

fn print_header(header: &Header) -> String {
    match header {
        Header::Title { text, .. } => format!("title {}", quote(text)),
        Header::Bounds { lo, hi, .. } => format!("bounds [{}, {}]", lo.text, hi.text),
        Header::Players { names, .. } => {
            let names: Vec<&str> = names.iter().map(|n| n.text.as_str()).collect();
            format!("players {}", names.join(" "))
        }
        Header::Sum { value, .. } => format!("sum {}", value.text),
    }
}

/// `KIND name [attrs] { … }`, starting at the current position (the caller
/// wrote the indentation and any label or probability); no final newline.
fn print_node(out: &mut String, node: &Node, depth: usize) {
    out.push_str(&node.kind.text);
    if let Some(name) = &node.name {
        out.push(' ');
        out.push_str(&name_text(&name.text));
    }
    if !node.attrs.is_empty() {
        let attrs: Vec<String> = node.attrs.iter().map(print_attr).collect();
        let _ = write!(out, " [{}]", attrs.join(", "));
    }
    if node.children.is_empty() {
        out.push_str(" {}");
        return;
    }
    if node.children.iter().all(is_plain_leaf) {
        let leaves: Vec<String> = node.children.iter().map(|c| print_item_inline(&c.item)).collect();
        let _ = write!(out, " {{ {} }}", leaves.join(" "));
        return;
    }
    out.push_str(" {\n");
    for child in &node.children {
        out.push_str(&"  ".repeat(depth + 1));
        print_child(out, child, depth + 1);
        out.push('\n');
    }
    out.push_str(&"  ".repeat(depth));
    out.push('}');
}

fn print_attr(attr: &Attr) -> String {
    match &attr.value {
        None => attr.key.text.clone(),
        Some(AttrValue::Number(n)) => format!("{}={}", attr.key.text, n.text),
        Some(AttrValue::Ident(i)) => format!("{}={}", attr.key.text, name_text(&i.text)),
    }
}

/// A leaf with no label, probability or name: it may share a line.
fn is_plain_leaf(child: &Child) -> bool {
    child.label.is_none() && child.prob.is_none() && matches!(&child.item, Item::Leaf(leaf) if leaf.name.is_none())
}

/// `label -> prob: item`.
fn print_child(out: &mut String, child: &Child, depth: usize) {
    if let Some(label) = &child.label {
        let _ = write!(out, "{} -> ", name_text(&label.text));
    }
    if let Some(prob) = &child.prob {
        let _ = write!(out, "{}: ", prob.text);
    }
    match &child.item {
        Item::Node(node) => print_node(out, node, depth),
        item => out.push_str(&print_item_inline(item)),
    }
}

/// A leaf or a transposition (an inner node only through [`print_node`]).
fn print_item_inline(item: &Item) -> String {
    match item {
        Item::Leaf(leaf) => print_leaf(leaf),
        Item::Ref(target) => format!("&{}", name_text(&target.text)),
        Item::Node(node) => {
            let mut out = String::new();
            print_node(&mut out, node, 0);
            out
        }
    }
}

fn print_leaf(leaf: &Leaf) -> String {
    let value = match &leaf.value {
        LeafValue::Number(n) => n.text.clone(),
        LeafValue::Vector(numbers) => vector(numbers),
        LeafValue::Unknown => "?".to_string(),
    };
    match &leaf.name {
        Some(name) => format!("{}={value}", name_text(&name.text)),
        None => value,
    }
}

fn vector(numbers: &[Number]) -> String {
    let parts: Vec<&str> = numbers.iter().map(|n| n.text.as_str()).collect();
    format!("({})", parts.join(", "))
}

/// `expect ALGO(opt=v, flag) { item  item }` on one line.
fn print_expect(expect: &Expect) -> String {
    let mut out = format!("expect {}", expect.algorithm.text);
    if !expect.options.is_empty() {
        let options: Vec<String> = expect.options.iter().map(print_option).collect();
        let _ = write!(out, "({})", options.join(", "));
    }
    if expect.items.is_empty() {
        return out + " {}";
    }
    let items: Vec<String> = expect.items.iter().map(print_item).collect();
    let _ = write!(out, " {{ {} }}", items.join("  "));
    out
}

fn print_option(option: &ExpectOption) -> String {
    match &option.value {
        Some(value) => format!("{}={}", option.key.text, value.text),
        None => option.key.text.clone(),
    }
}

fn print_item(item: &ExpectItem) -> String {
    let (keyword, parts): (&str, Vec<String>) = match item {
        ExpectItem::Value { value, .. } => ("value", vec![value_lit(value)]),
        ExpectItem::Best { moves, .. } => ("best", moves.iter().map(reference).collect()),
        ExpectItem::Pv { refs, .. } => ("pv", refs.iter().map(reference).collect()),
        ExpectItem::Values { pairs, .. } => {
            ("values", pairs.iter().map(|(r, v)| format!("{}={}", reference(r), value_lit(v))).collect())
        }
        ExpectItem::Pruned { refs, .. } => ("pruned", refs.iter().map(reference).collect()),
        ExpectItem::Visited { refs, .. } => ("visited", refs.iter().map(reference).collect()),
        ExpectItem::Leaves { leaves, .. } => ("leaves", leaves.iter().map(leaf_ref).collect()),
        ExpectItem::Stats { pairs, .. } => {
            ("stats", pairs.iter().map(|(k, v)| format!("{}={}", k.text, v.text)).collect())
        }
        ExpectItem::VisitedSet { refs, .. } => ("visited-set", refs.iter().map(reference).collect()),
        ExpectItem::Windows { pairs, .. } => {
            ("windows", pairs.iter().map(|(r, w)| format!("{}={}", reference(r), window(w))).collect())
        }
        ExpectItem::NegamaxValues { pairs, .. } => {
            ("negamax-values", pairs.iter().map(|(r, v)| format!("{}={}", reference(r), v.text)).collect())
        }
    };
    std::iter::once(keyword.to_string()).chain(parts).collect::<Vec<_>>().join(" ")
}

/// `(3, inf)`: always round brackets (the report's); a YAML window with
/// another count of bounds (an error resolution reports) keeps them all.
fn window(w: &WindowLit) -> String {
    let bounds: Vec<&str> = w.bounds.iter().map(|n| n.text.as_str()).collect();
    format!("({})", bounds.join(", "))
}

fn value_lit(value: &ValueLit) -> String {
    match value {
        ValueLit::Number(n) => n.text.clone(),
        ValueLit::Vector(numbers, _) => vector(numbers),
    }
}

/// `C.2`, `2.3`, `root`, `"B 1".2` (`root` bare: quoted, it reads the same).
fn reference(r: &Reference) -> String {
    let segments: Vec<Cow<str>> = r
        .segments
        .iter()
        .map(|s| match s {
            Segment::Name(name) if name == "root" => Cow::Borrowed("root"),
            Segment::Name(name) => name_text(name),
            Segment::Index(i) => Cow::Owned(i.to_string()),
        })
        .collect();
    segments.join(".")
}

fn leaf_ref(leaf: &LeafRef) -> String {
    match leaf {
        LeafRef::Value(n) => n.text.clone(),
        LeafRef::Name(name) => name_text(&name.text).into_owned(),
    }
}

/// A name as written: bare when it is a plain identifier that cannot read as
/// a keyword, quoted otherwise.
fn name_text(name: &str) -> Cow<'_, str> {
    if is_ident(name) && !is_reserved(name) { Cow::Borrowed(name) } else { Cow::Owned(quote(name)) }
}

/// Words that end a list of references in an `expect` block, `root`, and
/// the words of a `rubric` item.
fn is_reserved(name: &str) -> bool {
    const RESERVED: [&str; 12] = [
        "value", "values", "best", "pv", "pruned", "visited", "leaves", "stats", "windows", "root", "required",
        "partial",
    ];
    RESERVED.iter().any(|word| word.eq_ignore_ascii_case(name))
}

/// The grammar's `ident`: a Unicode letter or `_`, then letters, marks,
/// decimal digits, `_`, `'` and the zero-width (non-)joiners. Uses pest's
/// Unicode tables, the ones the grammar's `LETTER` and `MARK` use.
fn is_ident(name: &str) -> bool {
    use pest::unicode::{DECIMAL_NUMBER, LETTER, MARK};
    let mut chars = name.chars();
    let Some(first) = chars.next() else { return false };
    (LETTER(first) || first == '_')
        && chars.all(|c| LETTER(c) || MARK(c) || DECIMAL_NUMBER(c) || matches!(c, '_' | '\'' | '\u{200C}' | '\u{200D}'))
}

/// `"…"` with `\"`, `\\`, `\n`, `\t` escaped.
fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

// ---------------------------------------------------------------------------
// Spans erased, for comparing files read from different texts.

/// The same file with every [`Span`] set to `Span::default()`.
#[doc(hidden)]
pub fn strip_spans(file: &File) -> File {
    File {
        headers: file.headers.iter().map(strip_header).collect(),
        root: strip_node(&file.root),
        expects: file.expects.iter().map(strip_expect).collect(),
        rubric: file.rubric.as_ref().map(strip_rubric),
    }
}

fn strip_rubric(rubric: &Rubric) -> Rubric {
    let items = rubric
        .items
        .iter()
        .map(|i| RubricItem {
            key: ident(&i.key),
            points: num(&i.points),
            required: i.required.as_ref().map(|(_, refs)| (Span::default(), refs.iter().map(strip_ref).collect())),
            partial: i.partial.map(|_| Span::default()),
            nodes: i.nodes.iter().map(|(r, n)| (strip_ref(r), num(n))).collect(),
            span: Span::default(),
        })
        .collect();
    Rubric { items, span: Span::default() }
}

fn strip_header(header: &Header) -> Header {
    let span = Span::default();
    match header {
        Header::Title { text, .. } => Header::Title { text: text.clone(), span },
        Header::Bounds { lo, hi, .. } => Header::Bounds { lo: num(lo), hi: num(hi), span },
        Header::Players { names, .. } => Header::Players { names: names.iter().map(ident).collect(), span },
        Header::Sum { value, .. } => Header::Sum { value: num(value), span },
    }
}

fn strip_node(node: &Node) -> Node {
    Node {
        kind: ident(&node.kind),
        name: node.name.as_ref().map(ident),
        attrs: node.attrs.iter().map(strip_attr).collect(),
        children: node.children.iter().map(strip_child).collect(),
        span: Span::default(),
    }
}

fn strip_attr(attr: &Attr) -> Attr {
    let value = attr.value.as_ref().map(|v| match v {
        AttrValue::Number(n) => AttrValue::Number(num(n)),
        AttrValue::Ident(i) => AttrValue::Ident(ident(i)),
    });
    Attr { key: ident(&attr.key), value, span: Span::default() }
}

fn strip_child(child: &Child) -> Child {
    let item = match &child.item {
        Item::Node(node) => Item::Node(strip_node(node)),
        Item::Leaf(leaf) => Item::Leaf(strip_leaf(leaf)),
        Item::Ref(target) => Item::Ref(ident(target)),
    };
    Child { label: child.label.as_ref().map(ident), prob: child.prob.as_ref().map(num), item, span: Span::default() }
}

fn strip_leaf(leaf: &Leaf) -> Leaf {
    let value = match &leaf.value {
        LeafValue::Number(n) => LeafValue::Number(num(n)),
        LeafValue::Vector(numbers) => LeafValue::Vector(numbers.iter().map(num).collect()),
        LeafValue::Unknown => LeafValue::Unknown,
    };
    Leaf { name: leaf.name.as_ref().map(ident), value, span: Span::default() }
}

fn strip_expect(expect: &Expect) -> Expect {
    let options = expect
        .options
        .iter()
        .map(|o| ExpectOption { key: ident(&o.key), value: o.value.as_ref().map(ident), span: Span::default() })
        .collect();
    Expect {
        algorithm: ident(&expect.algorithm),
        options,
        items: expect.items.iter().map(strip_item).collect(),
        span: Span::default(),
    }
}

fn strip_item(item: &ExpectItem) -> ExpectItem {
    let span = Span::default();
    let refs = |refs: &[Reference]| refs.iter().map(strip_ref).collect();
    match item {
        ExpectItem::Value { value, .. } => ExpectItem::Value { value: strip_value(value), span },
        ExpectItem::Best { moves, .. } => ExpectItem::Best { moves: refs(moves), span },
        ExpectItem::Pv { refs: r, .. } => ExpectItem::Pv { refs: refs(r), span },
        ExpectItem::Values { pairs, .. } => {
            ExpectItem::Values { pairs: pairs.iter().map(|(r, v)| (strip_ref(r), strip_value(v))).collect(), span }
        }
        ExpectItem::Pruned { refs: r, .. } => ExpectItem::Pruned { refs: refs(r), span },
        ExpectItem::Visited { refs: r, .. } => ExpectItem::Visited { refs: refs(r), span },
        ExpectItem::Leaves { leaves, .. } => {
            let leaves = leaves
                .iter()
                .map(|l| match l {
                    LeafRef::Value(n) => LeafRef::Value(num(n)),
                    LeafRef::Name(i) => LeafRef::Name(ident(i)),
                })
                .collect();
            ExpectItem::Leaves { leaves, span }
        }
        ExpectItem::Stats { pairs, .. } => {
            ExpectItem::Stats { pairs: pairs.iter().map(|(k, v)| (ident(k), num(v))).collect(), span }
        }
        ExpectItem::VisitedSet { refs: r, .. } => ExpectItem::VisitedSet { refs: refs(r), span },
        ExpectItem::Windows { pairs, .. } => {
            let strip = |w: &WindowLit| WindowLit { bounds: w.bounds.iter().map(num).collect(), span };
            ExpectItem::Windows { pairs: pairs.iter().map(|(r, w)| (strip_ref(r), strip(w))).collect(), span }
        }
        ExpectItem::NegamaxValues { pairs, .. } => {
            ExpectItem::NegamaxValues { pairs: pairs.iter().map(|(r, v)| (strip_ref(r), num(v))).collect(), span }
        }
    }
}

fn strip_value(value: &ValueLit) -> ValueLit {
    match value {
        ValueLit::Number(n) => ValueLit::Number(num(n)),
        ValueLit::Vector(numbers, _) => ValueLit::Vector(numbers.iter().map(num).collect(), Span::default()),
    }
}

fn strip_ref(r: &Reference) -> Reference {
    Reference { segments: r.segments.clone(), span: Span::default() }
}

fn ident(i: &Ident) -> Ident {
    Ident { text: i.text.clone(), span: Span::default() }
}

fn num(n: &Number) -> Number {
    Number { text: n.text.clone(), span: Span::default() }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::syntax::parse::parse;

    /// Every construct of the language, in a non-canonical layout.
    pub(crate) const RICH: &str = r#"
# comments vanish
title "Rich \"example\"\twith\\escapes"
bounds [-2.5, 1e3]
players A B C
sum 10

A R [eval=5, key=p7, noisy] {
  a1 -> B آرش { (1, 2, 6), (4, 2, 3) ? }
  "move two" -> C "node 2" [key="pos 7", eval=-1/2] {
    K=(1, 2, 3)  "value"=?  L'=(0.5, 1, 1)
    heads -> 1/2: CHANCE X { 1/3: (1, 1, 1) 2/3: &"node 2" }
    0.25: &آرش
    tails -> 1/4: (1e3, -7/2, 0)
    CHANCE { }
  }
  MAX_ر [eval=1] { K2=(2, 2, 2) }
}

expect maxn(order=best, depth=2, strict-cuts) { best a1 value (1, 2, 6)
  pv a1 آرش.1 "node 2".2 "root"  values آرش=(1, 2, 6) 2.1=3 pruned C.2 2.3
  visited root 1 1.1 "value" leaves 3 -2.5 K "leaves" 1/3 stats nodes_visited=11 cutoffs=1 }
expect minimax { pruned }
expect alphabeta() { value 7/3 }
rubric { Value 1 required  pruned 2 partial required
  values 1.5 required [آرش, "node 2".2] 2.1=2  windows 0 "required"=1 }
"#;

    fn reparsed(text: &str) -> File {
        strip_spans(&parse(text).unwrap_or_else(|e| panic!("{e:?}\n{text}")))
    }

    #[test]
    fn rich_example_prints_canonically() {
        let printed = print(&parse(RICH).unwrap());
        let expected = r#"title "Rich \"example\"\twith\\escapes"
bounds [-2.5, 1e3]
players A B C
sum 10

A R [eval=5, key=p7, noisy] {
  a1 -> B آرش { (1, 2, 6) (4, 2, 3) ? }
  "move two" -> C "node 2" [key="pos 7", eval=-1/2] {
    K=(1, 2, 3)
    "value"=?
    L'=(0.5, 1, 1)
    heads -> 1/2: CHANCE X {
      1/3: (1, 1, 1)
      2/3: &"node 2"
    }
    0.25: &آرش
    tails -> 1/4: (1e3, -7/2, 0)
    CHANCE {}
  }
  MAX_ر [eval=1] {
    K2=(2, 2, 2)
  }
}

expect maxn(order=best, depth=2, strict-cuts) { best a1  value (1, 2, 6)  pv a1 آرش.1 "node 2".2 root  values آرش=(1, 2, 6) 2.1=3  pruned C.2 2.3  visited root 1 1.1 "value"  leaves 3 -2.5 K "leaves" 1/3  stats nodes_visited=11 cutoffs=1 }
expect minimax { pruned }
expect alphabeta { value 7/3 }

rubric {
  Value 1 required
  pruned 2 required partial
  values 1.5 required [آرش "node 2".2] 2.1=2
  windows 0 "required"=1
}
"#;
        assert_eq!(printed, expected);
    }

    #[test]
    fn printed_text_parses_back_to_the_same_file() {
        let original = reparsed(RICH);
        let printed = print(&original);
        assert_eq!(reparsed(&printed), original);
        assert_eq!(print(&reparsed(&printed)), printed, "printing is idempotent");
    }

    #[test]
    fn leaf_only_nodes_share_a_line() {
        let text = "MAX A { a1 -> MIN B { 3 12 8 } MIN C { 2, 4, 6 } }";
        assert_eq!(print(&parse(text).unwrap()), "MAX A {\n  a1 -> MIN B { 3 12 8 }\n  MIN C { 2 4 6 }\n}\n");
    }

    #[test]
    fn names_are_quoted_only_when_needed() {
        for (name, shown) in [
            ("B", "B"),
            ("آرش", "آرش"),
            ("_x'", "_x'"),
            ("2a", "\"2a\""),
            ("a b", "\"a b\""),
            ("root", "\"root\""),
            ("Values", "\"Values\""),
            ("stats", "\"stats\""),
            ("", "\"\""),
            ("a\"b\\c\nd", "\"a\\\"b\\\\c\\nd\""),
        ] {
            assert_eq!(name_text(name), shown);
        }
    }

    #[test]
    fn quoted_names_survive_every_position() {
        let names = ["a b", "value", "root", "2", "x\"y", "tab\there", "é"];
        for name in names {
            let q = quote(name);
            let text =
                format!("MAX {q} [key={q}] {{ {q} -> {q}=3 &{q} }}\nexpect minimax {{ best {q}.1 leaves {q} }}\n");
            let file = reparsed(&text);
            assert_eq!(reparsed(&print(&file)), file, "{name:?}");
        }
    }
}
