//! Round trips and errors of the YAML form.

use super::*;
use crate::diagnostic::Source;
use crate::syntax::parse::parse;
use crate::syntax::print::{print, strip_spans, tests::RICH};

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
    for name in ["true", "null", "~", "yes", "a: b", "#c", "- x", "[x]", "آرش", " pad ", "x\ny:\n- z", "'", "\""] {
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
fn trees_deeper_than_the_yaml_reader_allows_are_refused() {
    let deep = format!("{}1{}", "MAX {".repeat(100), "}".repeat(100));
    let (message, _) = error(&to_yaml(&parse(&deep).unwrap()));
    assert!(message.contains("recursion limit"), "{message}");
}

#[test]
fn what_yaml_cannot_say_is_read_the_nearest_way() {
    let text = "MAX A [key=\"7\", noisy=true] { \"a.b\"=1 \"2\"=3 }\nexpect x { best \"a.b\" \"2\" leaves \"2\" }\n";
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
    for text in
        ["", "---", "--- a\n--- b\n", "[", "tree", "tree:", "tree: !x {}", "\u{FEFF}", "a: &a [*a]", "tree: *x", "\0"]
    {
        let _ = from_yaml(text);
    }
    let deep = format!("tree: {}{}", "{kind: MAX, children: [".repeat(200), "]}".repeat(200));
    assert!(from_yaml(&deep).is_err());
}

/// Every `text` of the ast read from `yaml` with the span of that text
/// (quotes aside): `(text as Debug, span)` pairs taken from the ast's Debug.
fn spanned_texts(yaml: &str) -> Vec<(String, String)> {
    let debug = format!("{:?}", from_yaml(yaml).unwrap_or_else(|e| panic!("{e:?}\n{yaml}")));
    let mut out = Vec::new();
    let mut rest = debug.as_str();
    while let Some(at) = rest.find("{ text: \"") {
        // A title's span is the whole header.
        let title = rest[..at].ends_with("Title ");
        rest = &rest[at + "{ text: ".len()..];
        let mut end = 1;
        while rest.as_bytes()[end] != b'"' {
            end += if rest.as_bytes()[end] == b'\\' { 2 } else { 1 };
        }
        let text = rest[..=end].to_string();
        let Some(span) = rest[end + 1..].strip_prefix(", span: Span { start: ").filter(|_| !title) else { continue };
        let (start, span) = span.split_once(", end: ").unwrap();
        let stop = span.split_once(' ').unwrap().0;
        let (start, stop): (usize, usize) = (start.parse().unwrap(), stop.parse().unwrap());
        let written = &yaml[start..stop];
        let quoted = ["'", "\""].iter().find_map(|q| written.strip_prefix(q)?.strip_suffix(q));
        let written = quoted.unwrap_or(written);
        out.push((text, format!("{written:?}")));
    }
    out
}

#[test]
fn every_name_and_number_points_at_its_own_text() {
    let mut texts = vec![RICH.to_string()];
    for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/specs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "tree") {
            texts.push(std::fs::read_to_string(&path).unwrap());
        }
    }
    for text in texts {
        let yaml = to_yaml(&parse(&text).unwrap());
        let pairs = spanned_texts(&yaml);
        assert!(pairs.len() > 3, "{yaml}");
        for (text, written) in pairs {
            assert_eq!(text, written, "\n{yaml}");
        }
    }
}

#[test]
fn hand_written_layouts_are_located_too() {
    let yaml = "\u{FEFF}# comment\ntitle: 'T' # why\nbounds:\n- 0\n- 10\ntree:\n    kind: CHANCE\n    children:\n      \
                - {prob: 1/2, value: 3}\n      -   prob: \"1/2\"\n          kind: MAX\n          eval: 4\n          \
                children:\n            - value: [1,  2]\n            - name: K\n              value: 7\nexpect:\n\
                - algorithm: expectiminimax\n  options: {depth: 1}\n  values:\n    K: 7\n  leaves: [3, K]\n";
    let pairs = spanned_texts(yaml);
    let texts: Vec<&str> = pairs.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(
        texts,
        [
            "\"0\"",
            "\"10\"",
            "\"CHANCE\"",
            "\"1/2\"",
            "\"3\"",
            "\"1/2\"",
            "\"MAX\"",
            "\"eval\"",
            "\"4\"",
            "\"1\"",
            "\"2\"",
            "\"K\"",
            "\"7\"",
            "\"expectiminimax\"",
            "\"depth\"",
            "\"1\"",
            "\"7\"",
            "\"3\"",
            "\"K\""
        ]
    );
    for (text, written) in pairs {
        assert_eq!(text, written, "\n{yaml}");
    }
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let file = from_yaml("\u{FEFF}title: t\ntree:\n  kind: MAX\n  children: [{value: 1}]\n").unwrap();
    assert_eq!(
        file.root.kind.span,
        Span::new(3 + "title: t\ntree:\n  kind: ".len(), 3 + "title: t\ntree:\n  kind: MAX".len())
    );
    let (message, line) = error("\u{FEFF}tree:\n  kind: MAX\n  kind: MIN\n  children: [{value: 1}]\n");
    assert_eq!((message.contains("duplicate field `kind`"), line), (true, 3));
}

#[test]
fn nesting_far_past_the_readers_limit_is_refused_before_reading() {
    // libyaml takes minutes over 100,000 nested flow collections; the scan
    // refuses them at once, at the level past the limit, however written.
    let n = 100_000;
    for (open, close) in [("[", "]"), ("{a: ", "}"), ("[&a ", "]"), ("[!t ", "]"), ("[? ", "]"), ("- ", "")] {
        let yaml = format!("tree:\n  {}1{}\n", open.repeat(n), close.repeat(n));
        let (message, line) = error(&yaml);
        assert!(message.starts_with("recursion limit exceeded: nested more than 1000 levels"), "{open}: {message}");
        assert_eq!(line, 2, "{open}");
    }
    let yaml = format!("tree:\n  {}1\n", "&a !t ".repeat(n));
    assert!(from_yaml(&yaml).is_err(), "a long run of anchors and tags ends without a stack overflow");
}

#[test]
fn nesting_just_past_the_readers_limit_is_left_to_the_reader() {
    // 130 levels (65 nodes): the reader's own error, where serde_yaml put it
    // too (line 1, column 1478: the list entered at level 128).
    let yaml = format!("tree: {}{{value: 1}}{}\n", "{kind: MAX, children: [".repeat(65), "]}".repeat(65));
    let diagnostics = from_yaml(&yaml).unwrap_err();
    assert_eq!(diagnostics[0].kind.to_string(), "YAML error: recursion limit exceeded");
    assert_eq!(Source { name: "t.yaml", text: &yaml }.line_col(diagnostics[0].span.start), (1, 1478));
}
