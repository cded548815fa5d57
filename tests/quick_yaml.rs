//! The quick YAML loader's one-pass leaf (`- value: 3` items, the bulk of
//! a big tree, read without the general key/value reader): every way a
//! leaf line can differ from that shape, and every way the line after it
//! can end the item or not, loads to the same `Spec` — spans included —
//! or the same errors, whichever path the text takes.

#[path = "tools/yaml_paths.rs"]
mod yaml_paths;
use yaml_paths::agree_yaml;

/// A tree with the item `leaf` (its `- ` at column 4) between two plain
/// leaves, then `after`.
fn tree(header: &str, leaf: &str, after: &str) -> String {
    format!(
        "{header}tree:\n  kind: MAX\n  children:\n  - value: 3\n  - kind: MIN\n    children:\n    {leaf}\n    - value: 5\n{after}"
    )
}

#[test]
fn leaf_lines_of_every_shape_load_the_same_either_way() {
    // (the item, whether the quick path reads the tree)
    let leaves: &[(&str, bool)] = &[
        ("- value: 7", true),
        ("- value: -7", true),
        ("- value: 0", true),
        ("- value: 123456789012345", true),
        ("- value:  7", true),
        ("-   value: 7", true),
        ("- value: 7\n      name: K", true),
        ("- name: K\n      value: 7", true),
        ("- value: 7\n\n", true),
        ("- value: 7\n   \n", true),
        ("- value: 2.5", true),
        ("- value: 1/2", true),
        ("- value: -0", false),
        ("- value: 007", false),
        ("- value: +7", false),
        ("- value: 7.0", false),
        ("- value: 1234567890123456", false),
        ("- value: 99999999999999999999", false),
        ("- value: 0x10", false),
        // Blanks after a value: `yaml_line_end` refuses them (so does the
        // one-pass leaf).
        ("- value: 7 ", false),
        ("- value: 7\t", false),
        ("- value: 7\r", false),
        ("- value: 7 # seven", false),
        ("- value: 7\n# a comment", false),
        ("- value: 7\n      # a comment", false),
        ("- value: 7\n        name: K", false),
        ("- value: 7\n     name: K", false),
        ("- value: 7\n      value: 8", false),
        ("- value: '7'", false),
        ("- value: 7-", false),
        ("- value: 7:", false),
        ("- value:7", false),
        ("-value: 7", false),
    ];
    for &(leaf, quick) in leaves {
        for header in ["", "bounds: [-10, 10]\n", "bounds: [0, 6]\n", "players: [A, B]\n"] {
            for after in ["", "expect:\n- algorithm: minimax\n  value: 5\n", "   ", "\n\n"] {
                let text = tree(header, leaf, after);
                let took = agree_yaml(&text);
                if header.is_empty() {
                    assert_eq!(took, quick, "the quick path {} it:\n{text}", if took { "read" } else { "refused" });
                }
            }
        }
    }
}

#[test]
fn a_plain_leaf_at_the_end_of_the_text_loads_the_same_either_way() {
    let base = "tree:\n  kind: MAX\n  children:\n  - value: 3\n  - value: -12";
    for (end, quick) in [("", true), ("\n", true), ("  ", false), ("\n  ", true), ("\n\n", true), ("\n  \n", true)] {
        let text = format!("{base}{end}");
        assert_eq!(agree_yaml(&text), quick, "{text:?}");
    }
    // Out of the bounds, last or not: the same error either way.
    let text = format!("bounds: [-5, 5]\n{base}\n");
    assert!(!agree_yaml(&text));
}

/// `bounds`, `players` and `sum` may follow the tree in YAML. The quick
/// loader checks a leaf against them as it reads it, so the leaves read
/// before them must still be checked afterwards: out of the bounds, a
/// number where the players need a vector, a vector of the wrong length —
/// the same errors either way, and the same game where there are none.
#[test]
fn headers_after_the_tree_hold_its_leaves_the_same_either_way() {
    let headers = ["bounds: [-5, 5]\n", "bounds: [0, 6]\n", "players: [A, B]\n", "players: [A, B, C]\n", "sum: 4\n"];
    let mut refused = 0;
    for header in headers {
        for leaf in
            ["- value: 4", "- value: 7", "- value: -12", "- value: 2.5", "- value: [1, 2]", "- value: [1, 2, 6]"]
        {
            let text = format!("{}{header}", tree("", leaf, ""));
            // Read by either path, with the header after the tree.
            refused += usize::from(gametree::check::spec::load("t.yaml", &text).is_err());
            agree_yaml(&text);
        }
    }
    // Most of them break a rule the header sets.
    assert!(refused >= 20, "{refused} of 30 refused");
    // The players first, their `sum` after the tree: one vector over it.
    // (The quick path once took this spec, vector over the sum and all.)
    for (second, over) in [("[1, 2]", false), ("[3, 4]", true)] {
        let text =
            format!("players: [A, B]\ntree:\n  kind: A\n  children:\n  - value: [1, 2]\n  - value: {second}\nsum: 4\n");
        agree_yaml(&text);
        assert_eq!(gametree::check::spec::load("t.yaml", &text).is_err(), over, "{text}");
    }
}
