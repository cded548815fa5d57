//! Multi-player (max^n, paranoid) specs with `?` leaves, through every
//! command that reads them: an answer or a clear error with exit 2, never a
//! panic (issue 13 item 7). A `?` in a multi-player game would be a vector,
//! which `puzzle` does not search.

mod common;

use common::{gametree, stderr, stdout};

const SPEC: &str = "tests/fixtures/multiplayer-unknown.tree";
const WHY: &str = "error: this leaf is unknown (`?`): in a multi-player game a leaf is a vector of utilities, so give it (`gametree puzzle` solves only two-player trees)\n --> tests/fixtures/multiplayer-unknown.tree:9:20\n";

#[test]
fn puzzle_refuses_a_multi_player_puzzle_at_the_unknown_leaf_with_exit_2() {
    for domain in [&["--domain", "0..5"][..], &["--values", "1,2"][..], &[][..]] {
        let mut args = vec!["puzzle", SPEC];
        args.extend_from_slice(domain);
        let out = gametree(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).starts_with(WHY), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn check_with_declared_bounds_points_at_the_unknown_leaf_and_exits_2() {
    let out = gametree(&["check", SPEC]);
    assert_eq!(out.status.code(), Some(2), "{}{}", stdout(&out), stderr(&out));
    assert!(stderr(&out).starts_with(WHY), "{}", stderr(&out));
    assert!(stdout(&out).ends_with("0 passed, 0 failed\n"), "{}", stdout(&out));
}

#[test]
fn grade_points_at_the_unknown_leaf_and_exits_2() {
    let dir = common::scratch("multiplayer", "grade");
    let answer = dir.join("a.yaml");
    std::fs::write(&answer, "algorithm: maxn\npruned: [Q.2]\n").unwrap();
    let out = gametree(&["grade", SPEC, answer.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}{}", stdout(&out), stderr(&out));
    assert!(stderr(&out).starts_with(WHY), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
}

#[test]
fn draw_blank_draws_the_tree_with_the_unknown_leaf_and_a_search_refuses() {
    let out = gametree(&["draw", SPEC, "--blank", "--format", "dot"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let dot = stdout(&out);
    assert!(dot.starts_with("digraph"), "{dot}");
    assert!(dot.contains('?'), "the unknown leaf is drawn as ?: {dot}");
    for algorithm in ["maxn", "paranoid"] {
        let out = gametree(&["draw", SPEC, "-a", algorithm, "--format", "dot"]);
        assert_eq!(out.status.code(), Some(2), "{algorithm}: {}", stdout(&out));
        assert!(stderr(&out).starts_with(WHY), "{algorithm}: {}", stderr(&out));
    }
}
