//! The quick loader's law: whenever it returns a game, the game equals what
//! the full path (pest, then `validate`) makes of the same text; and it
//! does return one for the shapes big machine-written trees take.

use gametree::check::bigtree;
use gametree::model::{quick, validate};
use gametree::syntax::parse;
use proptest::prelude::*;

/// The full path's game, or `None` for text with errors.
fn full(text: &str) -> Option<gametree::model::Game> {
    let file = parse::parse(text).ok()?;
    validate::validate(&file).ok()
}

/// Checks the law on one text; true when the quick path took it.
fn agrees(text: &str) -> bool {
    match quick::load(text) {
        Some(game) => {
            assert_eq!(Some(&game), full(text).as_ref(), "quick and full loads differ on:\n{text}");
            true
        }
        None => false,
    }
}

#[test]
fn takes_the_shapes_big_trees_come_in() {
    let texts = [
        bigtree::uniform(10, 3, 1),
        bigtree::uniform(3, 5, 7),
        bigtree::chain(50, 1),
        bigtree::wide(500, 1),
        "title \"AIMA \\\"5.2\\\"\" bounds [2, 14]\nMAX A { a1 -> MIN B { 3 12 8 } MIN C { 2, 4, 6 } MIN D { 14 5 2 } }"
            .to_string(),
        "# a comment\nmax { min X { K=1 \"L 2\" = 2.5 } // another\n CHANCE { 1/2 -3e1 } }".to_string(),
        "Bounds[-9 9] MAX{MIN{1}MIN{2 3-4}}".to_string(),
        "MAX { CHANCE { 1/2: MIN B [eval=3] { 1 } 1/2: ? } &B }".to_string(),
        "players A B\nsum 5\nA { B { (1, 2) K=(2 3) } }".to_string(),
        "# AIMA Figure 5.2 — α/β ≤ ∞\ntitle \"Bäume\" MAX { \"ü 1\" = 3 // é\n 4 }".to_string(),
    ];
    for text in &texts {
        assert!(agrees(text), "the quick path refused:\n{text}");
    }
}

#[test]
fn leaves_everything_else_to_the_full_path() {
    let texts = [
        "MAX { }",                              // no children: an error
        "MAX A { MIN A { 1 } }",                // duplicate name
        "bounds [0, 5] MAX { 7 }",              // out of bounds
        "bounds [5, 0] MAX { 1 }",              // empty bounds
        "MAX { 3a }",                           // not a number
        "MAX { 1/2: MIN { 1 } 1/2: 3 }",        // probabilities under MAX
        "CHANCE { 1/2: 1 1/3: 2 }",             // probabilities summing to 5/6
        "MAX { MIN B [eval=x] { 1 } }",         // eval without a number
        "MAX { MIN B { 1 } &C }",               // transposition to nothing
        "MAX B { MIN { 1 } &B }",               // a cycle
        "players A B\nA { (1, 2, 3) }",         // a vector of the wrong length
        "players A B\nMAX { (1, 2) }",          // MAX among players
        "MAX { 1 } expect minimax { value 1 }", // expect blocks (load_tree reads up to them)
        "FOO { 1 }",                            // unknown kind
        "MAX { 1,, 2 }",                        // two commas
        "\u{feff}MAX { 1 }",                    // a byte-order mark
        "MAX { αβ = 1 }",                       // a Unicode name
        "title \"a\" title \"b\" MAX { 1 }",    // header twice
        "MAX { 1e999 }",                        // too large
        "MAX { 1 } # a NUL \0",                 // binary input (found by fuzzing)
    ];
    for text in texts {
        assert!(quick::load(text).is_none(), "the quick path took:\n{text}");
    }
}

#[test]
fn agrees_with_the_full_path_on_every_spec_in_the_repository() {
    let mut taken = 0;
    for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/specs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "tree") {
            let text = std::fs::read_to_string(&path).unwrap();
            // Without its expect blocks, most specs lie in the quick subset.
            let tree = text.split("\nexpect").next().unwrap();
            taken += usize::from(agrees(&text)) + usize::from(agrees(tree));
        }
    }
    assert!(taken >= 10, "the quick path took only {taken} spec trees");
}

#[test]
fn agrees_on_the_inputs_fuzzing_found() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/fuzz");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        if let Ok(text) = gametree::decode(&std::fs::read(entry.unwrap().path()).unwrap()) {
            agrees(text);
            seen += 1;
        }
    }
    assert!(seen >= 2, "the fuzz fixtures are missing");
}

/// Pieces a spec is made of, valid and not, for random texts.
fn piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "MAX",
        "MIN",
        "CHANCE",
        "max",
        "Min",
        "A",
        "B",
        "K",
        "\"n 1\"",
        "\"a\\\"b\"",
        "\"x\\q\"",
        "{",
        "}",
        "{",
        "}",
        "{",
        "}",
        " ",
        " ",
        "\n",
        ",",
        ",",
        "3",
        "-2",
        "0",
        "12",
        "2.5",
        "1e2",
        "1/3",
        "-7/2",
        "3.",
        "1e",
        "9",
        "99999999999999999999",
        "=",
        "->",
        ":",
        "?",
        "&",
        "[",
        "]",
        "(",
        ")",
        "# c\n",
        "// c\n",
        "title",
        "bounds",
        "[0, 20]",
        "[-5 5]",
        "expect",
        "é",
        "# α—β\n",
        "\r\n",
        "# c\r\n",
        "\"ü\"",
        "\u{feff}",
        "α1",
        "\u{301}",
        "\t",
        "-",
        "/",
        "'",
        "_x",
        "a1",
    ])
}

#[path = "common/cases.rs"]
mod cases;

proptest! {
    #![proptest_config(cases::cases(3000))]

    /// Random sequences of pieces: whatever the quick path accepts, the full
    /// path accepts too, with an equal game.
    #[test]
    fn quick_games_equal_full_games(pieces in prop::collection::vec(piece(), 1..40)) {
        agrees(&pieces.concat());
    }

    /// Random valid-looking trees (so the quick path is taken often),
    /// with random headers, names, labels and separators.
    #[test]
    fn quick_games_equal_full_games_on_trees(
        shape in prop::collection::vec((0u8..6, -20i32..20, prop::bool::ANY), 1..60),
        header in 0u8..4,
    ) {
        let mut text = match header {
            0 => String::new(),
            1 => "title \"t\"\n".into(),
            2 => "bounds [-10, 10]\n".into(),
            _ => "bounds [-20 20] title \"t\"\n".into(),
        };
        text.push_str("MAX R {");
        let mut depth = 1;
        for (k, (op, v, flag)) in shape.iter().enumerate() {
            match op {
                0 if depth < 6 => {
                    text.push_str(if *flag { " MIN {" } else { " a -> CHANCE N" });
                    if !*flag {
                        text.push_str(&format!("{k} {{"));
                    }
                    depth += 1;
                }
                1 if depth > 1 => {
                    text.push('}');
                    depth -= 1;
                }
                2 => text.push_str(&format!(" L{k}={v}")),
                3 => text.push_str(&format!(" m{k} -> {v},")),
                _ => text.push_str(&format!(" {v}")),
            }
        }
        text.push_str(&" 1 }".repeat(depth));
        prop_assert!(agrees(&text) || full(&text).is_none(), "valid but refused:\n{text}");
    }

    /// Valid trees with a few random byte edits: wherever an edit lands
    /// (inside a number, a name, a comment, between tokens), the quick
    /// path either refuses or agrees.
    #[test]
    fn quick_games_equal_full_games_after_edits(
        seed in 0u64..1000,
        edits in prop::collection::vec((0usize..10_000, 0u8..3, prop::sample::select(EDIT_BYTES)), 1..4),
    ) {
        let mut text = format!(
            "title \"t ü\" # c — α\nbounds [-99, 99]\nMAX A {{ a1 -> MIN B {{ K=3 -2 1/2 }} {} // d ≤\n CHANCE {{ 4, 5 }} }}",
            gametree::check::bigtree::uniform(2, 3, seed)
        )
        .into_bytes();
        prop_assert!(agrees(std::str::from_utf8(&text).unwrap()), "the unedited text is in the quick subset");
        for (at, op, byte) in edits {
            let at = at % (text.len() + 1);
            match op {
                0 => text.insert(at, byte),
                1 if at < text.len() => {
                    text.remove(at);
                }
                _ if at < text.len() => text[at] = byte,
                _ => {}
            }
        }
        if let Ok(text) = String::from_utf8(text) {
            agrees(&text);
        }
    }
}

/// Bytes an edit may put into a text.
const EDIT_BYTES: &[u8] = b" \n\r\t,{}[]()=:-/.#\"?&'_09aeEMXz";
