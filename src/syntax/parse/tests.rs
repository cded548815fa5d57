//! The grammar binding's tests: what parses, into which ast, and the words of every error.
use super::*;
use crate::diagnostic::Source;

fn ok(text: &str) -> File {
    parse(text).unwrap_or_else(|d| panic!("{}", Source { name: "t.tree", text }.render(&d[0])))
}

fn err(text: &str) -> String {
    let diagnostics = parse(text).expect_err("a syntax error");
    assert_eq!(diagnostics.len(), 1);
    Source { name: "t.tree", text }.render(&diagnostics[0])
}

fn id(text: &str, start: usize) -> Ident {
    Ident { text: text.into(), span: Span::new(start, start + text.len()) }
}

fn num(text: &str, start: usize) -> Number {
    Number { text: text.into(), span: Span::new(start, start + text.len()) }
}

/// A node in one line: `MAX A[eval=5]{a1->MIN B{3 12} 1/2:K=? &B}`.
fn show(node: &Node) -> String {
    let attrs: Vec<String> = node
        .attrs
        .iter()
        .map(|a| match &a.value {
            None => a.key.text.clone(),
            Some(AttrValue::Number(n)) => format!("{}={}", a.key.text, n.text),
            Some(AttrValue::Ident(i)) => format!("{}={}", a.key.text, i.text),
        })
        .collect();
    let attrs = if attrs.is_empty() { String::new() } else { format!("[{}]", attrs.join(" ")) };
    let name = node.name.as_ref().map(|n| format!(" {}", n.text)).unwrap_or_default();
    let children: Vec<String> = node.children.iter().map(show_child).collect();
    format!("{}{name}{attrs}{{{}}}", node.kind.text, children.join(" "))
}

fn show_child(child: &Child) -> String {
    let label = child.label.as_ref().map(|l| format!("{}->", l.text)).unwrap_or_default();
    let prob = child.prob.as_ref().map(|p| format!("{}:", p.text)).unwrap_or_default();
    let item = match &child.item {
        Item::Node(n) => show(n),
        Item::Ref(r) => format!("&{}", r.text),
        Item::Leaf(leaf) => {
            let name = leaf.name.as_ref().map(|n| format!("{}=", n.text)).unwrap_or_default();
            let value = match &leaf.value {
                LeafValue::Number(n) => n.text.clone(),
                LeafValue::Unknown => "?".into(),
                LeafValue::Vector(v) => {
                    format!("({})", v.iter().map(|n| n.text.as_str()).collect::<Vec<_>>().join(","))
                }
            };
            format!("{name}{value}")
        }
    };
    format!("{label}{prob}{item}")
}

fn tree(text: &str) -> String {
    show(&ok(text).root)
}

fn expect_items(block: &str) -> Vec<ExpectItem> {
    let file = ok(&format!("MAX {{ 1 }}\nexpect alphabeta {{ {block} }}"));
    file.expects.into_iter().next().expect("one expect block").items
}

fn refs(item: &ExpectItem) -> Vec<Vec<Segment>> {
    match item {
        ExpectItem::Best { moves: refs, .. }
        | ExpectItem::Pv { refs, .. }
        | ExpectItem::Pruned { refs, .. }
        | ExpectItem::Visited { refs, .. } => refs.iter().map(|r| r.segments.clone()).collect(),
        other => panic!("not a list of references: {other:?}"),
    }
}

fn name(s: &str) -> Segment {
    Segment::Name(s.into())
}

#[test]
fn parses_the_aima_figure_with_headers_and_spans() {
    let text = "# AIMA 3e Figure 5.2\ntitle \"AIMA \\\"5.2\\\"\"\nBOUNDS [2, 14]\n\
                MAX A {\n  a1 -> MIN B { 3 12 8 }\n  a2 -> MIN C { 2, 4, 6 }  // commas\n  a3 -> MIN D { 14 5 2 }\n}\n";
    let file = ok(text);
    assert_eq!(file.headers[0], Header::Title { text: "AIMA \"5.2\"".into(), span: Span::new(21, 41) });
    assert_eq!(file.headers[1], Header::Bounds { lo: num("2", 50), hi: num("14", 53), span: Span::new(42, 56) });
    assert_eq!(show(&file.root), "MAX A{a1->MIN B{3 12 8} a2->MIN C{2 4 6} a3->MIN D{14 5 2}}");
    let root_at = text.find("MAX A").unwrap();
    assert_eq!(file.root.span, Span::new(root_at, root_at + 5));
    let Item::Node(b) = &file.root.children[0].item else { panic!("B is a node") };
    assert_eq!(b.kind, id("MIN", text.find("MIN B").unwrap()));
    assert_eq!(file.root.children[0].label, Some(id("a1", text.find("a1").unwrap())));
    assert!(file.expects.is_empty());
}

#[test]
fn parses_players_sum_and_bounds_without_comma() {
    let file = ok("players A, B C  # three\nsum 10\nbounds [0 10]\nA root { (1, 2, 7) (3 3 4) }");
    let Header::Players { names, .. } = &file.headers[0] else { panic!("players first") };
    assert_eq!(names, &[id("A", 8), id("B", 11), id("C", 13)]);
    assert!(matches!(&file.headers[1], Header::Sum { value, .. } if value.text == "10"));
    assert!(matches!(&file.headers[2], Header::Bounds { lo, hi, .. } if lo.text == "0" && hi.text == "10"));
    assert_eq!(show(&file.root), "A root{(1,2,7) (3,3,4)}");
}

#[test]
fn parses_attributes() {
    let file = ok("MAX A [eval=5, key=p7 noisy, key=\"pos 7\", eval=-1/2] { 1 }");
    assert_eq!(show(&file.root), "MAX A[eval=5 key=p7 noisy key=pos 7 eval=-1/2]{1}");
    let noisy = &file.root.attrs[2];
    assert_eq!((noisy.key.clone(), noisy.span), (id("noisy", 22), Span::new(22, 27)));
    assert_eq!(tree("MIN [eval=3] { 1 }"), "MIN[eval=3]{1}");
}

#[test]
fn parses_labels_and_probabilities() {
    let text = "CHANCE C { heads -> 1/2: MAX D { 1 } tails -> 0.5: K=4 }";
    assert_eq!(tree(text), "CHANCE C{heads->1/2:MAX D{1} tails->0.5:K=4}");
    assert_eq!(tree("CHANCE { 1/6: 3, 5/6 : -2 }"), "CHANCE{1/6:3 5/6:-2}");
    assert_eq!(tree("MAX { \"move 1\" -> 3 }"), "MAX{move 1->3}");
    let child = &ok(text).root.children[1];
    assert_eq!(child.prob, Some(num("0.5", 46)));
    assert_eq!(child.span, Span::new(37, 37 + "tails -> 0.5: K=4".len()));
}

#[test]
fn parses_every_kind_of_leaf() {
    let text = "MAX { 3 -2.5 1e3 2.5E-1 -7/2 K=3 K = ? ? (1, 2, 6) \"a b\"=(1 2) &B x -> &B 0.25: K=4 }";
    assert_eq!(tree(text), "MAX{3 -2.5 1e3 2.5E-1 -7/2 K=3 K=? ? (1,2,6) a b=(1,2) &B x->&B 0.25:K=4}");
    let Item::Leaf(leaf) = &ok("MAX { K=3 }").root.children[0].item else { panic!("a leaf") };
    assert_eq!(leaf, &Leaf { name: Some(id("K", 6)), value: LeafValue::Number(num("3", 8)), span: Span::new(6, 9) });
}

#[test]
fn keeps_numbers_as_text_without_judging_them() {
    assert_eq!(tree("MAX { 99999999999999999999999999 1/0 1e999999 }"), "MAX{99999999999999999999999999 1/0 1e999999}");
}

#[test]
fn tells_a_named_leaf_from_a_node_and_a_probability_from_a_leaf() {
    assert_eq!(tree("MAX { K=3 K B { 1 } 1/2 1/2: 4 }"), "MAX{K=3 K B{1} 1/2 1/2:4}");
    assert_eq!(tree("MAX{MIN{1}MIN{2}}"), "MAX{MIN{1} MIN{2}}");
}

#[test]
fn parses_unicode_names() {
    let text = "MAX آرش { 1 2 }";
    let file = ok(text);
    assert_eq!(file.root.name, Some(Ident { text: "آرش".into(), span: Span::new(4, 4 + "آرش".len()) }));
    assert_eq!(tree("MAX نیم‌رخ { مُهره -> 1 }"), "MAX نیم‌رخ{مُهره->1}");
    assert_eq!(tree("MAX K' { _x=1 }"), "MAX K'{_x=1}");
}

#[test]
fn parses_expect_headers_and_options() {
    let file =
        ok("MAX { 1 }\nexpect minimax { value 1 }\nEXPECT negamax-ab(order=best, strict-cuts depth=-3 guess=1/2) {}");
    let [minimax, nab] = &file.expects[..] else { panic!("two blocks") };
    assert_eq!((minimax.algorithm.clone(), minimax.span), (id("minimax", 17), Span::new(10, 24)));
    assert_eq!(nab.algorithm.text, "negamax-ab");
    let options: Vec<(&str, Option<&str>)> =
        nab.options.iter().map(|o| (o.key.text.as_str(), o.value.as_ref().map(|v| v.text.as_str()))).collect();
    assert_eq!(
        options,
        [("order", Some("best")), ("strict-cuts", None), ("depth", Some("-3")), ("guess", Some("1/2"))]
    );
    assert!(nab.items.is_empty());
    assert_eq!(
        nab.span.end,
        file.expects[1].span.start + "EXPECT negamax-ab(order=best, strict-cuts depth=-3 guess=1/2)".len()
    );
    assert!(ok("MAX { 1 } expect pvs() { }").expects[0].options.is_empty());
}

#[test]
fn parses_every_expect_item() {
    let items = expect_items(
        "value 3 VALUE (1, 2) best a1, a2 pv a1 B.1 values B=3 2.3=-1/2 C = (1 2) \
                       pruned visited root 1 1.1 leaves 3 K \"L\" 2.5 -1 stats nodes_visited=11, cutoffs=1",
    );
    assert!(matches!(&items[0], ExpectItem::Value { value: ValueLit::Number(n), .. } if n.text == "3"));
    assert!(matches!(&items[1], ExpectItem::Value { value: ValueLit::Vector(v, _), .. } if v.len() == 2));
    assert_eq!(refs(&items[2]), [vec![name("a1")], vec![name("a2")]]);
    assert_eq!(refs(&items[3]), [vec![name("a1")], vec![name("B"), Segment::Index(1)]]);
    let ExpectItem::Values { pairs, .. } = &items[4] else { panic!("values") };
    let shown: Vec<(Vec<Segment>, String)> = pairs
        .iter()
        .map(|(r, v)| {
            (
                r.segments.clone(),
                match v {
                    ValueLit::Number(n) => n.text.clone(),
                    ValueLit::Vector(v, _) => format!("{v:?}").len().to_string(),
                },
            )
        })
        .collect();
    assert_eq!(
        shown[..2],
        [(vec![name("B")], "3".into()), (vec![Segment::Index(2), Segment::Index(3)], "-1/2".into())]
    );
    assert!(matches!(&pairs[2].1, ValueLit::Vector(v, span) if v.len() == 2 && span.end - span.start == 5));
    assert_eq!(refs(&items[5]), Vec::<Vec<Segment>>::new());
    assert_eq!(
        refs(&items[6]),
        [vec![name("root")], vec![Segment::Index(1)], vec![Segment::Index(1), Segment::Index(1)]]
    );
    let ExpectItem::Leaves { leaves, .. } = &items[7] else { panic!("leaves") };
    let shown: Vec<String> = leaves
        .iter()
        .map(|l| match l {
            LeafRef::Value(n) => format!("v{}", n.text),
            LeafRef::Name(i) => format!("n{}", i.text),
        })
        .collect();
    assert_eq!(shown, ["v3", "nK", "nL", "v2.5", "v-1"]);
    let ExpectItem::Stats { pairs, .. } = &items[8] else { panic!("stats") };
    assert_eq!(
        pairs.iter().map(|(k, v)| format!("{}={}", k.text, v.text)).collect::<Vec<_>>(),
        ["nodes_visited=11", "cutoffs=1"]
    );
    assert_eq!(items.len(), 9);
}

#[test]
fn a_reference_list_stops_at_the_next_item_keyword() {
    let items = expect_items("pruned C.2 C.3 leaves 3 12");
    assert_eq!(refs(&items[0]), [vec![name("C"), Segment::Index(2)], vec![name("C"), Segment::Index(3)]]);
    assert!(matches!(&items[1], ExpectItem::Leaves { leaves, .. } if leaves.len() == 2));
    let ExpectItem::Pruned { span, .. } = &items[0] else { panic!("pruned") };
    assert_eq!(span.end - span.start, "pruned C.2 C.3".len());
    let more = expect_items("best \"value\" valueX \"B 1\".2 Stats x=1");
    assert_eq!(refs(&more[0]), [vec![name("value")], vec![name("valueX")], vec![name("B 1"), Segment::Index(2)]]);
    assert!(matches!(&more[1], ExpectItem::Stats { .. }));
}

#[test]
fn reports_a_missing_closing_brace() {
    assert_eq!(
        err("MAX A {\n  MIN B { 3 12 8 }\n"),
        "error: syntax error: expected `}` or a child (a number, `?`, `K=3`, a vector, `&B` or a node like `MIN B { … }`), found end of file\n \
         --> t.tree:3:1\n  |\n3 | \n  | ^\n"
    );
}

#[test]
fn reports_a_stray_parenthesis() {
    assert_eq!(
        err("MAX A { 3 ) }"),
        "error: syntax error: expected `}` or a child (a number, `?`, `K=3`, a vector, `&B` or a node like `MIN B { … }`), found `)`\n \
         --> t.tree:1:11\n  |\n1 | MAX A { 3 ) }\n  |           ^\n"
    );
}

#[test]
fn reports_unclosed_bounds() {
    assert_eq!(
        err("bounds [1 2\nMAX { 1 }"),
        "error: syntax error: expected `]`, found `MAX`\n --> t.tree:2:1\n  |\n2 | MAX { 1 }\n  | ^^^\n"
    );
    assert_eq!(
        err("bounds [1 2"),
        "error: syntax error: expected `]`, found end of file\n --> t.tree:1:12\n  |\n1 | bounds [1 2\n  |            ^\n"
    );
}

#[test]
fn reports_a_stray_character() {
    assert_eq!(
        err("MAX {\n  3 % 4\n}"),
        "error: syntax error: expected `}` or a child (a number, `?`, `K=3`, a vector, `&B` or a node like `MIN B { … }`), found `%`\n \
         --> t.tree:2:5\n  |\n2 |   3 % 4\n  |     ^\n"
    );
}

#[test]
fn refuses_a_nul_byte() {
    assert_eq!(
        err("MAX { 1 \0 }"),
        "error: this is not a text spec: it contains a NUL byte\n --> t.tree:1:9\n  |\n1 | MAX { 1 � }\n  |         ^\n"
    );
}

#[test]
fn refuses_nesting_deeper_than_the_limit_and_accepts_it_at_the_limit() {
    let text = format!("{}1{}", "MAX {\n".repeat(MAX_DEPTH + 5), "}".repeat(MAX_DEPTH + 5));
    let shown = err(&text);
    let line = MAX_DEPTH + 1;
    assert!(
        shown.starts_with(&format!("error: the tree nests deeper than 10000 levels\n     --> t.tree:{line}:5\n")),
        "{shown}"
    );
    let text = format!("{}1{}", "MAX {".repeat(MAX_DEPTH), "}".repeat(MAX_DEPTH));
    assert_eq!(ok(&text).root.kind.text, "MAX");
    assert_eq!(check_text("MAX { \"{{{\" # {{\n // {{\n 1 }"), Ok(1));
}

#[test]
fn reports_what_is_missing_where_a_tree_should_be() {
    assert_eq!(err(""), "error: syntax error: expected a tree, found end of file\n --> t.tree:1:1\n  |\n1 | \n  | ^\n");
    assert!(
        err("title \"t\"\nsum 3\n")
            .starts_with("error: syntax error: expected a tree, found end of file\n --> t.tree:3:1")
    );
    assert!(err("MAX { 1 } %").starts_with(
        "error: syntax error: expected end of file, `expect ALGORITHM { … }` or `rubric { … }`, found `%`"
    ));
}

#[test]
fn reports_a_child_index_that_does_not_fit() {
    assert_eq!(
        err("MAX { 1 }\nexpect minimax { pruned 1.99999999999 }"),
        "error: syntax error: expected a child index (1-based), found `99999999999`\n --> t.tree:2:27\n  |\n\
         2 | expect minimax { pruned 1.99999999999 }\n  |                           ^^^^^^^^^^^\n"
    );
    assert!(err("MAX { 1 } expect minimax { best 0 }").contains("expected a child index (1-based), found `0`"));
}

#[test]
fn reports_a_keyword_where_a_reference_should_be() {
    assert!(err("MAX { 1 } expect minimax { best value 3 }").starts_with(
        "error: syntax error: expected a node reference or leaf name (quote one spelled like a keyword: `\"value\"`), found `value`"
    ));
}

#[test]
fn no_prefix_of_a_spec_makes_the_parser_panic() {
    let text = "title \"t\\\"\" bounds [-1, 1/2] players A B\nA x [eval=1, noisy] { a -> 1/2: B { K=? (1 2) } &x }\n\
                expect maxn(order=best) { values x=(1,2) pruned 1.2 leaves K 2.5 stats n=1 }";
    for (end, _) in text.char_indices() {
        for piece in [&text[..end], &text[end..]] {
            if let Err(diagnostics) = parse(piece) {
                let span = diagnostics[0].span;
                assert!(span.start <= span.end && span.end <= piece.len(), "{piece:?}: {span:?}");
            }
        }
    }
    assert!(parse(text).is_ok());
}
