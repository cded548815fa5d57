//! `grade`'s feedback as users read it: the first divergence for missed
//! cuts written as leaf orders, pruned edges given as leaves, windows below
//! CHANCE nodes (Star1/Star2) and max^n shallow cuts. Every expected
//! sentence names what was worked by hand from the specs' comments and
//! `specs/WORKED.md`.

mod common;

use common::{gametree, stderr, stdout};

/// Grades `answer` (YAML text) against `spec` with extra `args`.
fn grade(spec: &str, answer: &str, args: &[&str]) -> (Option<i32>, String) {
    let dir = common::scratch("feedback", &format!("{:x}", fxhash(answer, spec)));
    let file = dir.join("answer.yaml");
    std::fs::write(&file, answer).unwrap();
    let mut all = vec!["grade", spec, file.to_str().unwrap()];
    all.extend_from_slice(args);
    let out = gametree(&all);
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
    (out.status.code(), stdout(&out))
}

/// A name for a scratch folder per case.
fn fxhash(a: &str, b: &str) -> u64 {
    a.bytes().chain(b.bytes()).fold(0xcbf29ce484222325u64, |h, x| (h ^ x as u64).wrapping_mul(0x100000001b3))
}

fn divergence(text: &str) -> &str {
    text.lines().find_map(|l| l.trim().strip_prefix("first divergence: ")).unwrap_or("(none)")
}

const FIG52: &str = "specs/aima-fig5-2.tree";
const COINS: &str = "specs/exam-chance-coin-pruning.tree";
const KORF: &str = "specs/korf-shallow.tree";

#[test]
fn a_leaf_order_that_runs_past_a_cut_names_the_node_that_cuts() {
    // AIMA 5.2: after C.1 = 2, C holds 2 ≤ α = 3 (A has 3 from B): C.2 = 4
    // and C.3 = 6 are pruned. Ben-like answers keep reading C.
    for leaves in ["[3, 12, 8, 2, 4, 6, 14, 5, 2]", "[3, 12, 8, 2, 4, 14, 5, 2]", "[3, 12, 8, 2, 4]"] {
        let (code, text) = grade(FIG52, &format!("value: 3\nleaves: {leaves}\n"), &[]);
        assert_eq!(code, Some(1), "{text}");
        assert_eq!(
            divergence(&text),
            "C (MIN) stops after 2 ≤ α = 3 from A: C.2 (2.2) and C.3 (2.3) are pruned, but the answer goes on to evaluate 4",
            "{leaves}\n{text}"
        );
    }
    // A leaf past the search's last one (D.3 = 2 is the seventh and last).
    let (_, text) = grade(FIG52, "leaves: [3, 12, 8, 2, 14, 5, 2, 7]\n", &[]);
    assert_eq!(divergence(&text), "the search evaluates 7 leaves and stops; you go on to evaluate 7", "{text}");
}

#[test]
fn a_strict_cuts_leaf_order_graded_under_cuts_on_equality_names_the_beta_cut() {
    // strict-vs-nonstrict.tree: under cuts on equality E reaches 6 ≥ β = 6
    // (B holds 6 from D) after its first leaf, so E.2 = 1 and E.3 = 3 are
    // pruned; CS188's strict answer (the spec's `expect
    // alphabeta(strict-cuts)` leaves) reads E.2 = 1 next.
    let spec = "specs/strict-vs-nonstrict.tree";
    let (code, text) = grade(spec, "leaves: [4, 6, 6, 1, 3, 6, 9, 2]\n", &[]);
    assert_eq!(code, Some(1), "{text}");
    assert_eq!(
        divergence(&text),
        "E (MAX) stops after 6 ≥ β = 6 from B: E.2 (1.2.2) and E.3 (1.2.3) are pruned, but the answer goes on to evaluate 1",
        "{text}"
    );
    assert!(text.contains("note: this answer is right under strict cuts (v > β, v < α)"), "{text}");
}

#[test]
fn pruned_leaves_instead_of_the_topmost_edge_are_called_the_same_cut_off_set() {
    // Coins: Star1 prunes p and F; F's leaves are q and r.
    // The same cut-off set written as leaves earns the item (the rubric's
    // rule) with a note naming the convention; nothing is "missing" or "extra".
    let (code, text) = grade(COINS, "algorithm: star1\nvalue: 2\npruned: [p, q, r]\n", &[]);
    assert_eq!(code, Some(0), "{text}");
    assert!(!text.contains("missing"), "{text}");
    assert!(!text.contains("extra"), "{text}");
    assert!(
        text.contains(
            "note: the same cut-off set; the convention is to list only the topmost pruned edges: p (2.1.2) F (2.2)"
        ),
        "{text}"
    );
    // Only one of F's leaves is not the same set: F is missing, r is extra.
    let (_, text) = grade(COINS, "algorithm: star1\npruned: [p, r]\n", &[]);
    assert!(text.contains("missing (the search prunes them): F (2.2)"), "{text}");
    assert!(text.contains("extra (not pruned edges): r (2.2.2)"), "{text}");
    assert!(divergence(&text).starts_with("B (CHANCE) reaches 1 ≤ α = 2 (from R): chance-branch cut"), "{text}");
}

#[test]
fn windows_below_a_chance_node_are_star1s_not_the_chance_nodes_own() {
    // Coins, worked in the spec: R has α = 2 when B is entered with (2, 10);
    // E must beat (2 − 1/2·10)/(1/2) = −6, so E is entered with (−6, 10).
    for algorithm in ["star1", "star2"] {
        let right =
            format!("algorithm: {algorithm}\nvalue: 2\npruned: [p, F]\nwindows: {{ B: [2, 10], E: [-6, 10] }}\n");
        let (code, text) = grade(COINS, &right, &[]);
        assert_eq!(code, Some(0), "{algorithm}\n{text}");
        let copied = format!("algorithm: {algorithm}\npruned: [p, F]\nwindows: {{ E: [2, 10] }}\n");
        let (code, text) = grade(COINS, &copied, &[]);
        assert_eq!(code, Some(1), "{text}");
        assert!(text.contains("WRONG  windows E: you wrote (2, 10); correct: (-6, 10)"), "{text}");
        let first = divergence(&text);
        assert!(
            first.starts_with("E is entered with the window (-6, 10), not (2, 10) (below the CHANCE node B"),
            "{text}"
        );
        assert!(!first.contains("the α and β B has then"), "{text}");
    }
    // star2 probes C and D before searching them: the window that counts is
    // the full search's; a right answer with a wrong leaf still diverges at
    // that leaf (leaves 3 1 3 5 1 7 -8, from the spec's expect star2).
    let (_, text) = grade(COINS, "algorithm: star2\nleaves: [3, 1, 3, 5, 1, 8, -8]\n", &[]);
    assert_eq!(divergence(&text), "leaf 6 evaluated is n = 7; you wrote 8", "{text}");
}

#[test]
fn a_missed_shallow_cut_names_the_node_and_korfs_bound() {
    // Korf 1991 (specs/korf-shallow.tree, sum 10): R's player A has 5 from
    // P; at Q, B's first reply q1 gives B 6 ≥ 10 − 5 = 5: Q.2, Q.3 pruned.
    let bound = "Q (B) reaches B's 6 ≥ 10 − 5 = 5 (sum 10; A already has 5 at R): a shallow cut (Korf), so q2 (2.2) q3 (2.3) must be pruned; you searched q2 (2.2)";
    let (code, text) = grade(KORF, "algorithm: maxn\npruned: [q3]\n", &["--shallow"]);
    assert_eq!(code, Some(1), "{text}");
    assert_eq!(divergence(&text), bound, "{text}");
    let (_, text) = grade(KORF, "algorithm: maxn\nleaves: [p1, p2, q1, q2, q3, t1, t2]\n", &["--shallow"]);
    assert_eq!(
        divergence(&text),
        "Q (B) stops after B's 6 ≥ 10 − 5 = 5 (sum 10; A already has 5 at R) (a shallow cut, Korf): q2 (2.2) and q3 (2.3) are pruned, but the answer goes on to evaluate q2",
        "{text}"
    );
    // At T, B has only 1 after t1 (< 5): T must go on.
    let (_, text) = grade(KORF, "algorithm: maxn\npruned: [q2, q3, t2]\n", &["--shallow"]);
    assert_eq!(
        divergence(&text),
        "you pruned t2 (3.2), but at that point B has 1 at T < the bound 5 = sum 10 − A's 5 at R: T must continue",
        "{text}"
    );
}

#[test]
fn lint_flags_star1_and_shallow_cuts_that_happen_only_on_equality() {
    let out = gametree(&["lint", "tests/fixtures/lint/star1-equality.tree"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("warning: B reaches 2 = α (from R): cutting on equality makes a chance-branch cut (star1) here and prunes B.2 (2.2), strict cuts (--strict-cuts) do not\n --> tests/fixtures/lint/star1-equality.tree:6:37\n"),
        "{}",
        stdout(&out)
    );
    let out = gametree(&["lint", "tests/fixtures/lint/maxn-shallow-equality.tree"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("warning: Q reaches 5 = the shallow bound (from R): cutting on equality makes a shallow cut (maxn --shallow) here and prunes Q.2 (2.2), strict cuts (--strict-cuts) and --ties last do not\n  --> tests/fixtures/lint/maxn-shallow-equality.tree:10:9\n"),
        "{}",
        stdout(&out)
    );
    // The strict searches indeed prune nothing there.
    for (spec, algo) in [("star1-equality", "star1"), ("maxn-shallow-equality", "maxn")] {
        let file = format!("tests/fixtures/lint/{spec}.tree");
        let out = gametree(&["solve", &file, "-a", algo, "--shallow", "--strict-cuts"]);
        assert!(stdout(&out).contains("pruned: nothing"), "{}", stdout(&out));
    }
}
