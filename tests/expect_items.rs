//! The expect items that pin what a grader grades — `windows`,
//! `visited-set`, `negamax-values` — as users run them: the shipped spec
//! (hand-worked in specs/WORKED.md, "expect-windows-negamax") passes, each
//! wrong answer fails naming the node and both values, and the YAML form
//! carries them without loss.

mod common;

use common::{gametree, stderr, stdout};

const SPEC: &str = "specs/expect-windows-negamax.tree";

#[test]
fn the_hand_worked_windows_visited_set_and_negamax_values_pass() {
    let out = gametree(&["check", SPEC]);
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).ends_with("2 passed, 0 failed\n"), "{}", stdout(&out));
}

#[test]
fn a_wrong_window_visited_set_or_negamax_value_fails_with_the_node() {
    let dir = common::scratch("expect-items", "wrong");
    let text = std::fs::read_to_string(SPEC).unwrap();
    // D.3 is entered with (3, 5), not (3, 14); C.1 is visited, C.2 is not;
    // C.3's negamax value is +6 (MAX to move at depth 2), not −6.
    let wrong = text
        .replace("D.3=(3, 5)", "D.3=(3, 14)")
        .replace("visited-set D.3 D.2 D.1 D C.1 C", "visited-set D.3 D.2 D.1 D C.2 C")
        .replace("C.3=6", "C.3=-6");
    let file = dir.join("wrong.tree");
    std::fs::write(&file, wrong).unwrap();
    let out = gametree(&["check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains(":18:3: windows\n"), "{text}");
    assert!(text.contains("    D.3 (3.3) expected (3, 14), got (3, 5)\n"), "{text}");
    assert!(text.contains(":20:3: visited-set\n"), "{text}");
    assert!(text.contains("    also visited: C.1 (2.1); not visited: C.2 (2.2)\n"), "{text}");
    assert!(text.contains(":26:3: negamax-values\n"), "{text}");
    assert!(text.contains("    C.3 (2.3) expected -6, got 6\n"), "{text}");
    assert!(text.ends_with("0 passed, 2 failed\n"), "{text}");
}

#[test]
fn the_yaml_form_carries_the_new_items_both_ways() {
    let dir = common::scratch("expect-items", "yaml");
    let yaml = gametree(&["convert", SPEC, "--to", "yaml"]);
    assert_eq!(yaml.status.code(), Some(0), "{}", stderr(&yaml));
    let y = stdout(&yaml);
    assert!(y.contains("  windows:\n    A: [-inf, inf]\n"), "{y}");
    assert!(y.contains("  visited-set: [D.3, D.2, D.1, D, C.1, C, B.3, B.2, B.1, B, A]\n"), "{y}");
    assert!(y.contains("  negamax-values:\n    A: 3\n    B: -3\n"), "{y}");
    let file = dir.join("spec.yaml");
    std::fs::write(&file, &y).unwrap();
    let checked = gametree(&["check", file.to_str().unwrap()]);
    assert_eq!(checked.status.code(), Some(0), "{}{}", stdout(&checked), stderr(&checked));
    let back = gametree(&["convert", file.to_str().unwrap(), "--to", "tree"]);
    // Back in the text form it is the canonical text of the original (the
    // YAML form keeps no comments, and neither does `convert`).
    let canonical = gametree(&["convert", SPEC, "--to", "tree"]);
    assert_eq!(stdout(&back), stdout(&canonical));
}
