//! Other tree forms in and out, as users run `convert`: nested lists
//! (`--from nested`) and CS188 `GraphGameTreeTest` files (`.test`, read
//! and written). Values asserted here are published or worked by hand.

mod common;

use common::{gametree, stderr, stdout};

fn scratch(name: &str) -> std::path::PathBuf {
    common::scratch("forms", name)
}

/// What a spec's tree is, node by node: path, name, kind, minimax value
/// (from `solve --format json`), the edges' labels in the canonical text,
/// and alpha-beta's cuts. Two specs of the same tree give the same.
fn tree_facts(file: &std::path::Path) -> (Vec<String>, Vec<String>, serde_json::Value) {
    let minimax = solve_json(file, "minimax");
    let nodes = minimax["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| format!("{} {} {} {}", n["path"], n["name"], n["kind"], n["value"]))
        .collect();
    let printed = stdout(&gametree(&["convert", file.to_str().unwrap(), "--to", "tree"]));
    let labels =
        printed.lines().filter_map(|l| l.split_once(" -> ").map(|(label, _)| label.trim().to_string())).collect();
    (nodes, labels, solve_json(file, "alphabeta")["pruned"].clone())
}

fn solve_json(file: &std::path::Path, algorithm: &str) -> serde_json::Value {
    let out = gametree(&["solve", file.to_str().unwrap(), "-a", algorithm, "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    json["results"][0].clone()
}

// ------------------------------------------------------------- nested

#[test]
fn the_aima_figure_as_a_nested_list_has_its_published_answers() {
    let dir = scratch("nested-aima");
    let out = gametree(&["convert", "--from", "nested", "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]", "--to", "tree"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text, "MAX A {\n  MIN B { 3 12 8 }\n  MIN C { 2 4 6 }\n  MIN D { 14 5 2 }\n}\n");
    let file = dir.join("fig5-2.tree");
    std::fs::write(&file, &text).unwrap();
    // AIMA 3e Figure 5.2 and 5.5: value 3 (B), alpha-beta prunes C's second
    // and third leaves.
    let minimax = solve_json(&file, "minimax");
    assert_eq!(minimax["value"], 3);
    assert_eq!(minimax["best_move"], "1");
    assert_eq!(solve_json(&file, "alphabeta")["pruned"], serde_json::json!(["2.2", "2.3"]));
    // The same Game as the shipped spec's tree once names and labels are
    // set aside: same shape and leaves, so the same values everywhere.
    let shipped = solve_json(std::path::Path::new("specs/aima-fig5-2.tree"), "minimax");
    let values = |r: &serde_json::Value| {
        r["nodes"].as_array().unwrap().iter().map(|n| (n["path"].clone(), n["value"].clone())).collect::<Vec<_>>()
    };
    assert_eq!(values(&minimax), values(&shipped));
}

#[test]
fn a_nested_list_file_alternates_max_and_min_at_every_depth_and_goes_to_yaml() {
    let dir = scratch("nested-file");
    let file = dir.join("deep.txt");
    // MAX A { MIN B { MAX C { 1 5 }  2 }  MIN D { 4 } }: C = 5,
    // B = min(5, 2) = 2, D = 4, A = max(2, 4) = 4.
    std::fs::write(&file, "[\n  [[1, 5], 2],\n  [4],\n]\n").unwrap();
    let out = gametree(&["convert", "--from", "nested", file.to_str().unwrap(), "--to", "tree"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("MIN B {") && text.contains("MAX C { 1 5 }") && text.contains("MIN D { 4 }"), "{text}");
    let tree = dir.join("deep.tree");
    std::fs::write(&tree, &text).unwrap();
    assert_eq!(solve_json(&tree, "minimax")["value"], 4);
    let yaml = gametree(&["convert", "--from", "nested", file.to_str().unwrap(), "--to", "yaml"]);
    assert_eq!(yaml.status.code(), Some(0));
    assert!(stdout(&yaml).contains("kind: MAX") || stdout(&yaml).contains("kind: max"), "{}", stdout(&yaml));
}

#[test]
fn a_malformed_nested_list_is_refused_at_its_line_and_column() {
    let dir = scratch("nested-bad");
    let cases: &[(&str, &str, &str)] = &[
        ("[[3, 12, 8],\n [2, 4 6]]\n", "2:8", "expected `,` or `]`, found `6`"),
        ("[[3, 12],\n []]\n", "2:2", "this inner node has no children"),
        ("[[3, x]]", "1:6", "found `x`"),
        ("[[3, 4]", "1:8", "found the end of the input"),
        ("[[3, 4]]]", "1:9", "expected the end of the input"),
        ("[[3, 1/0]]", "1:6", "1/0"),
        ("7", "1:1", "expected `[`"),
    ];
    for (i, (text, at, words)) in cases.iter().enumerate() {
        let file = dir.join(format!("bad{i}.txt"));
        std::fs::write(&file, text).unwrap();
        let out = gametree(&["convert", "--from", "nested", file.to_str().unwrap(), "--to", "tree"]);
        assert_eq!(out.status.code(), Some(2), "{text}");
        let err = stderr(&out);
        assert!(err.contains(&format!("bad{i}.txt:{at}")), "{text}: {err}");
        assert!(err.contains(words) && err.contains('^'), "{text}: {err}");
        assert!(stdout(&out).is_empty());
    }
}

// -------------------------------------------------------------- CS188

#[test]
fn a_cs188_test_file_reads_with_its_terminal_states_and_depth() {
    let file = "tests/fixtures/cs188/deeper-terminal.test";
    let out = gametree(&["convert", file, "--to", "tree"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let dir = scratch("cs188-deeper");
    let tree = dir.join("deeper.tree");
    std::fs::write(&tree, stdout(&out)).unwrap();
    // By hand: minLeft = min(A 4, B 3) = 3. Under minRight, `deeper` is
    // agent 0 again (a MAX ply) with one move to D = 1000, so deeper =
    // 1000 and minRight = min(C 2, 1000) = 2. root = max(3, 2) = 3 by
    // spaceLeft.
    let r = solve_json(&tree, "minimax");
    assert_eq!(r["value"], 3);
    assert_eq!(r["best_move"], "1", "spaceLeft, the first move");
    assert_eq!(r["nodes"][0]["name"], "root");
    let text = stdout(&out);
    assert!(text.contains("spaceRight -> MIN minRight") && text.contains("eRight -> MAX deeper"), "{text}");
}

#[test]
fn cs188_test_1_7_reads_as_the_sourced_spec_and_round_trips() {
    let out = gametree(&["convert", "tests/fixtures/cs188/1-7-minmax.test", "--to", "tree"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let read = stdout(&out);
    let dir = scratch("cs188-round");
    let spec = dir.join("a.tree");
    std::fs::write(&spec, &read).unwrap();
    // Three agents: a MAX, b and c MIN, d MAX again; the names, actions and
    // values of the sourced spec (whose value -1.99 is worked there).
    let shipped = tree_facts(std::path::Path::new("specs/cs188-q3-1-7-minmax.tree"));
    assert_eq!(tree_facts(&spec), shipped);
    assert_eq!(shipped.0.len(), 20);
    assert_eq!(shipped.1.len(), 19);
    // tree → .test → tree gives the same tree.
    let test = dir.join("a.test");
    let out = gametree(&["convert", spec.to_str().unwrap(), "--to", "cs188", "-o", test.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written = std::fs::read_to_string(&test).unwrap();
    assert!(written.contains("num_agents: \"3\"") && written.contains("depth: \"2\""), "{written}");
    assert!(written.contains("b1 Down cx\n") && written.contains("Z -1.99\n"), "{written}");
    let back = gametree(&["convert", test.to_str().unwrap(), "--to", "tree"]);
    assert_eq!(back.status.code(), Some(0), "{}", stderr(&back));
    let file = dir.join("back.tree");
    std::fs::write(&file, stdout(&back)).unwrap();
    assert_eq!(tree_facts(&file), shipped);
    let r = solve_json(&file, "minimax");
    assert_eq!(r["value"], -1.99);
}

#[test]
fn unnamed_trees_round_trip_through_cs188_with_the_same_values_and_cuts() {
    let dir = scratch("cs188-unnamed");
    let test = dir.join("fig.test");
    let out = gametree(&["convert", "specs/aima-fig5-2.tree", "--to", "cs188", "-o", test.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written = std::fs::read_to_string(&test).unwrap();
    // Unnamed leaves become their paths, labels stay.
    assert!(written.contains("B b1 s1_1\n") && written.contains("s1_2 12.0\n"), "{written}");
    let back = dir.join("back.tree");
    let out = gametree(&["convert", test.to_str().unwrap(), "--to", "tree", "-o", back.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let shipped = std::path::Path::new("specs/aima-fig5-2.tree");
    for algorithm in ["minimax", "alphabeta"] {
        let (a, b) = (solve_json(shipped, algorithm), solve_json(&back, algorithm));
        for key in ["value", "best_move", "pruned", "leaf_order"] {
            assert_eq!(a[key], b[key], "{algorithm} {key}");
        }
    }
}

#[test]
fn cs188_files_and_trees_it_cannot_hold_are_refused_with_the_place() {
    let dir = scratch("cs188-bad");
    let good = std::fs::read_to_string("tests/fixtures/cs188/deeper-terminal.test").unwrap();
    let cases: &[(String, &str)] = &[
        (good.replace("D 1000.0\n", ""), "state `D` is a leaf here but has no `evaluation` line"),
        (good.replace("minLeft eLeft A", "minLeft eLeft"), "expected `state action next_state`"),
        (good.replace("num_agents: \"2\"", "num_agents: \"two\""), "expected a whole number"),
        (good.replace("deeper spaceLeft D", "deeper spaceLeft A"), "state `A` is reached twice"),
        (good.replace("C 2.0", "C 2.x"), "`2.x`"),
    ];
    for (i, (text, words)) in cases.iter().enumerate() {
        let file = dir.join(format!("bad{i}.test"));
        std::fs::write(&file, text).unwrap();
        let out = gametree(&["convert", file.to_str().unwrap(), "--to", "tree"]);
        assert_eq!(out.status.code(), Some(2), "{words}");
        let err = stderr(&out);
        assert!(err.contains(words) && err.contains(&format!("bad{i}.test:")) && err.contains('^'), "{err}");
    }
    // A chance tree with unequal probabilities has no CS188 form.
    let out = gametree(&["convert", "specs/chance-1-6.tree", "--to", "cs188"]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stderr(&out).contains("CS188 test file"), "{}", stderr(&out));
}
