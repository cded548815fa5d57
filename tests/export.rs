//! Quiz exports and chance-pruning questions as users run them:
//! `generate --chance --bounds --min-pruned`, `generate --count N
//! --export moodle|qti|prairielearn|gift`. Each export is read back by the
//! format's own structure (XML, zip, JSON, Python, GIFT blocks).

mod common;

use common::{gametree, stderr, stdout};

fn scratch(name: &str) -> std::path::PathBuf {
    common::scratch("export", name)
}

// ------------------------------------------------------ chance pruning

#[test]
fn a_chance_tree_asked_to_prune_two_edges_really_prunes_them_under_star1() {
    let dir = scratch("chance");
    let file = dir.join("c.tree");
    let args = [
        "generate",
        "--depth",
        "3",
        "--branching",
        "2",
        "--chance",
        "--bounds",
        "--range",
        "0..9",
        "--min-pruned",
        "2",
        "--seed",
        "11",
    ];
    let out = gametree(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    // The tree it gives (seed 11, attempt 7):
    //   MAX A { CHANCE B { MIN C { 0 8 }  MIN D { 0 0 } }
    //           CHANCE E { MIN F { 0 1 }  MIN G { 8 2 } } }, bounds [0, 9].
    assert!(text.contains("MIN C { 0 8 }") && text.contains("MIN G { 8 2 }"), "{text}");
    std::fs::write(&file, &text).unwrap();
    // Star1 by hand (Ballard 1983; children of a CHANCE node p = 1/2,
    // leaves in [L, U] = [0, 9]). Root window (0, 9).
    // B: for C, A = (α − p_D·U)/p_C = (0 − 4.5)/0.5 = −9 → clipped to 0,
    //   so C is searched with (0, 9); C.1 = 0 ≤ α = 0 cuts C.2. C = 0.
    //   B's upper bound 0.5·0 + 0.5·9 = 4.5 > α: go on. For D,
    //   A = (0 − 0.5·0)/0.5 = 0; D.1 = 0 ≤ 0 cuts D.2. B = 0, α = 0.
    // E: F as C was: F.1 = 0 ≤ 0 cuts F.2; F = 0. G: A = 0, G = min(8, 2)
    //   = 2 > 0, no cut. E = 0.5·0 + 0.5·2 = 1 > α: value 1, best E.
    // Pruned: C.2, D.2, F.2 (paths 1.1.2, 1.2.2, 2.1.2): three ≥ 2.
    let solve = gametree(&["solve", file.to_str().unwrap(), "-a", "star1", "--format", "json"]);
    assert_eq!(solve.status.code(), Some(0), "{}", stderr(&solve));
    let json: serde_json::Value = serde_json::from_str(&stdout(&solve)).unwrap();
    let result = &json["results"][0];
    assert_eq!(result["value"], 1);
    assert_eq!(result["pruned"], serde_json::json!(["1.1.2", "1.2.2", "2.1.2"]));
    assert!(text.contains("expect star1 { value 1  best E  pruned C.2 D.2 F.2"), "{text}");
    let check = gametree(&["check", file.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
}
