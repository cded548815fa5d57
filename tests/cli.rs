//! The command line as users run it: exit codes (0 ok, 1 a check failed,
//! 2 bad input or usage), formats, and errors on standard error.

use std::path::PathBuf;

mod common;

use common::{gametree, stderr, stdout};

fn scratch(name: &str) -> PathBuf {
    common::scratch("cli", name)
}

const FIG_5_2: &str = "title \"AIMA Figure 5.2\"\nMAX A {\n  a1 -> MIN B { 3 12 8 }\n  a2 -> MIN C { 2 4 6 }\n  a3 -> MIN D { 14 5 2 }\n}\n";

#[test]
fn solve_prints_a_readable_report() {
    let out = gametree(&["solve", "specs/aima-fig5-2.tree", "-a", "alphabeta", "--trace"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("value 3; best move a1"), "{text}");
    assert!(text.contains("C (MIN) sees 2 ≤ α = 3 from A: α-cut, C.2 and C.3 pruned"), "{text}");
}

#[test]
fn solve_json_has_the_contract_fields() {
    let out = gametree(&["solve", "specs/aima-fig5-2.tree", "-a", "alphabeta", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let r = &json["results"][0];
    assert_eq!(r["algorithm"], "alphabeta");
    assert_eq!(r["value"], 3);
    assert_eq!(r["best_move"], "1");
    assert_eq!(r["pv"], serde_json::json!(["1", "1.1"]));
    assert_eq!(r["pruned"], serde_json::json!(["2.2", "2.3"]));
    assert_eq!(r["leaf_order"], serde_json::json!(["1.1", "1.2", "1.3", "2.1", "3.1", "3.2", "3.3"]));
    assert_eq!(r["visit_order"][0], "root");
    assert_eq!(r["nodes"][0]["path"], "root");
    assert_eq!(r["nodes"][0]["kind"], "max");
    assert_eq!(r["nodes"][0]["alpha"], "-inf");
    assert_eq!(r["nodes"][0]["beta"], "inf");
    assert_eq!(r["stats"], serde_json::json!({"nodes_visited": 11, "leaves_evaluated": 7, "cutoffs": 1}));
    assert!(r.get("steps").is_none(), "steps only with --trace");
}

#[test]
fn solve_json_has_the_narrated_steps_with_trace() {
    for format in ["json", "yaml"] {
        let out = gametree(&["solve", "specs/aima-fig5-2.tree", "-a", "alphabeta", "--format", format, "--trace"]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains("C (MIN) sees 2 ≤ α = 3 from A: α-cut, C.2 and C.3 pruned"), "{text}");
    }
}

#[test]
fn solve_yaml_is_yaml() {
    let out = gametree(&["solve", "specs/aima-fig5-2.tree", "-a", "minimax", "--format", "yaml"]);
    assert_eq!(out.status.code(), Some(0));
    let yaml: serde_yaml_ng::Value = serde_yaml_ng::from_str(&stdout(&out)).unwrap();
    assert_eq!(yaml["results"][0]["value"], serde_yaml_ng::Value::from(3));
}

#[test]
fn non_whole_values_carry_an_exact_string() {
    let dir = scratch("exact");
    let spec = dir.join("c.tree");
    std::fs::write(&spec, "MAX { CHANCE { 1/3: 3  2/3: 2 } 1 }").unwrap();
    let out = gametree(&["solve", spec.to_str().unwrap(), "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["results"][0]["value_exact"], "7/3");
    assert!((json["results"][0]["value"].as_f64().unwrap() - 7.0 / 3.0).abs() < 1e-12);
}

#[test]
fn check_passes_on_the_shipped_specs() {
    let out = gametree(&["check", "specs"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr(&out));
    assert!(text.trim_end().lines().last().unwrap().ends_with(" passed, 0 failed"), "{text}");
}

#[test]
fn check_reports_a_wrong_answer_and_exits_1() {
    let dir = scratch("wrong");
    let spec = dir.join("wrong.tree");
    std::fs::write(&spec, format!("{FIG_5_2}expect alphabeta {{ value 3 pruned C.3 }}\n")).unwrap();
    let out = gametree(&["check", spec.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.contains("expected: C.3 (2.3)"), "{text}");
    assert!(text.contains("got:      C.2 (2.2) C.3 (2.3)"), "{text}");
    assert!(text.contains("also pruned: C.2 (2.2)"), "{text}");
    assert!(text.ends_with("0 passed, 1 failed\n"), "{text}");
}

#[test]
fn bad_input_names_file_line_column_and_exits_2() {
    let dir = scratch("bad");
    let spec = dir.join("bad.tree");
    std::fs::write(&spec, "MAX A {\n  MIN B { 3 12 8 }\n  MIN B { 2 }\n}\n").unwrap();
    let out = gametree(&["solve", spec.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("the name `B` is used twice"), "{err}");
    assert!(err.contains("bad.tree:3:7"), "{err}");
    assert!(err.contains("^"), "{err}");
    assert!(stdout(&out).is_empty());
}

#[test]
fn an_algorithm_that_does_not_apply_is_an_error() {
    let dir = scratch("chance");
    let spec = dir.join("c.tree");
    std::fs::write(&spec, "MAX { CHANCE C { 1 2 } 3 }").unwrap();
    let out = gametree(&["solve", spec.to_str().unwrap(), "-a", "alphabeta"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("`alphabeta` does not apply to this tree: it has CHANCE nodes"), "{}", stderr(&out));
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(gametree(&[]).status.code(), Some(2));
    assert_eq!(gametree(&["solve", "specs/aima-fig5-2.tree", "-a", "nosuch"]).status.code(), Some(2));
    assert_eq!(gametree(&["solve", "specs/aima-fig5-2.tree", "--order", "sideways"]).status.code(), Some(2));
    assert_eq!(gametree(&["solve", "no/such/file.tree"]).status.code(), Some(2));
}

#[test]
fn convert_round_trips_without_changing_any_answer() {
    let dir = scratch("convert");
    let yaml = dir.join("f.yaml");
    let back = dir.join("f.tree");
    let out = gametree(&["convert", "specs/aima-fig5-2.tree", "--to", "yaml", "-o", yaml.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = gametree(&["convert", yaml.to_str().unwrap(), "--to", "tree", "-o", back.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let solve = |p: &str| stdout(&gametree(&["solve", p, "--format", "json"]));
    let original = solve("specs/aima-fig5-2.tree");
    assert_eq!(solve(yaml.to_str().unwrap()), original);
    assert_eq!(solve(back.to_str().unwrap()), original);
    let check = gametree(&["check", yaml.to_str().unwrap(), back.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
}

#[test]
fn convert_never_overwrites_without_force() {
    let dir = scratch("overwrite");
    let spec = dir.join("f.tree");
    let target = dir.join("out.yaml");
    std::fs::write(&spec, FIG_5_2).unwrap();
    std::fs::write(&target, "precious").unwrap();
    let out = gametree(&["convert", spec.to_str().unwrap(), "--to", "yaml", "-o", target.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious");
    let out = gametree(&["convert", spec.to_str().unwrap(), "--to", "tree", "-o", spec.to_str().unwrap(), "--force"]);
    assert_eq!(out.status.code(), Some(2), "writing over the input must be refused even with --force");
    assert_eq!(std::fs::read_to_string(&spec).unwrap(), FIG_5_2);
    let out = gametree(&["convert", spec.to_str().unwrap(), "--to", "yaml", "-o", target.to_str().unwrap(), "--force"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(std::fs::read_to_string(&target).unwrap().contains("tree:"));
}

#[test]
fn solve_all_compares_every_algorithm_and_reports_agreement() {
    let o = gametree(&["solve", "specs/tt-dag-saves-leaves.tree", "--all", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(json["agreement"], true);
    let names: Vec<&str> =
        json["algorithms"].as_array().unwrap().iter().map(|r| r["algorithm"].as_str().unwrap()).collect();
    for a in ["negamax-tt", "pvs", "mtdf", "ids"] {
        assert!(names.contains(&a), "{names:?}");
    }
    let o = gametree(&["solve", "specs/tt-dag-saves-leaves.tree", "--tt-size", "0"]);
    assert_eq!(o.status.code(), Some(2));
    let o = gametree(&["solve", "specs/mtdf-passes.tree", "-a", "mtdf", "--guess", "-3", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(json["results"][0]["value"], 4);
    assert!(json["results"][0]["passes"].as_array().unwrap().len() >= 2);
}

#[test]
fn a_closed_output_pipe_ends_quietly_without_a_panic() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    // 147 kB of JSON: more than a pipe holds, so writing outlives the reader.
    let mut child = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(["solve", "specs/move-ordering.tree", "--format", "json"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 64];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_ne!(out.status.code(), Some(101), "panicked: {}", stderr(&out));
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
}

#[cfg(target_os = "linux")]
#[test]
fn an_unwritable_output_is_an_error_not_a_panic() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(["solve", "specs/aima-fig5-2.tree"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).starts_with("error: cannot write the output:"), "{}", stderr(&out));
}

#[test]
fn the_principal_variation_starts_with_the_best_move_under_every_tie_rule() {
    let dir = scratch("ties");
    let spec = dir.join("ties.tree");
    // Every root move is worth 4: first = A, last = C.
    std::fs::write(
        &spec,
        "MAX R { MIN A { MAX {4 4} MAX {3 4} } MIN B { MAX {4 2} MAX {5 1} } MIN C { MAX {2 4} MAX {4 9} } }",
    )
    .unwrap();
    for (ties, best) in [("first", "1"), ("last", "3")] {
        let out = gametree(&["solve", spec.to_str().unwrap(), "-a", "minimax", "--ties", ties, "--format", "json"]);
        let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        let r = &json["results"][0];
        assert_eq!(r["best_move"], best, "--ties {ties}");
        assert_eq!(r["pv"][0], best, "--ties {ties}: {}", r["pv"]);
    }
}

#[test]
fn check_calls_a_block_that_cannot_run_bad_input_not_a_wrong_answer() {
    let out = gametree(&["check", "tests/fixtures/invalid/alphabeta-on-chance.tree"]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stderr(&out).contains("does not apply to this tree"), "{}", stderr(&out));
    let out = gametree(&["check", "tests/fixtures/invalid/depth-without-eval.tree"]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
}

#[test]
fn check_on_a_folder_without_specs_is_an_error() {
    let dir = scratch("empty");
    let out = gametree(&["check", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no spec files"), "{}", stderr(&out));
}

#[test]
fn solve_all_compares_only_values_that_answer_the_same_question() {
    // maxn's vector and paranoid's coalition value are different games.
    let out = gametree(&["solve", "specs/aima-3player.tree", "--all", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["agreement"], true);
    assert_eq!(json["not_compared"][0]["algorithm"], "paranoid");
}

#[test]
fn ids_stops_at_the_trees_height_and_mtdf_guesses_inside_the_bounds() {
    // specs/ids-best-move-changes.tree is 2 plies deep: depth 9 adds nothing.
    let out = gametree(&["solve", "specs/ids-best-move-changes.tree", "-a", "ids", "--depth", "9", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["results"][0]["iterations"].as_array().unwrap().len(), 2);
    // bounds [2, 14]: a first guess of 20 starts at 14, inside the range.
    let out = gametree(&["solve", "specs/bounds-2-14.tree", "-a", "mtdf", "--guess", "20", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let first = &json["results"][0]["passes"][0];
    assert_eq!(first["beta"], 14, "{first}");
    assert_eq!(json["results"][0]["value"], 8);
}

#[test]
fn generate_plain_writes_a_complete_tree_the_benchmarks_use() {
    let out = gametree(&["generate", "--plain", "--depth", "3", "--branching", "4", "--range=-9..9", "--seed", "5"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text, gametree::check::bigtree::uniform_in(4, 3, 5, (-9, 9)));
    let game = gametree::load("plain.tree", &text).unwrap();
    assert_eq!(game.nodes().filter(|n| n.is_leaf()).count(), 64);
    assert!(
        game.nodes()
            .filter_map(|n| n.scalar())
            .all(|v| v >= gametree::num::Num::int(-9) && v <= gametree::num::Num::int(9))
    );
    // The benchmarks' trees are `--range=-99..99`.
    let bench =
        gametree(&["generate", "--plain", "--depth", "2", "--branching", "10", "--range=-99..99", "--seed", "1"]);
    assert_eq!(stdout(&bench), gametree::check::bigtree::uniform(10, 2, 1));
    let bounded = gametree(&["generate", "--plain", "--depth", "1", "--branching", "2", "--bounds"]);
    assert!(stdout(&bounded).starts_with("bounds [0, 10]\nMAX {"), "{}", stdout(&bounded));
    let refused = gametree(&["generate", "--plain", "--depth", "2", "--branching", "2", "--root-tie"]);
    assert_eq!(refused.status.code(), Some(2));
    for bad in [["--depth", "2", "--branching", "0"], ["--depth", "40", "--branching", "10"]] {
        let out = gametree(&[&["generate", "--plain"][..], &bad[..]].concat());
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(stderr(&out).starts_with("error: --plain: "), "{}", stderr(&out));
        assert!(out.stdout.is_empty());
    }
    assert_eq!(
        stdout(&gametree(&["generate", "--plain", "--depth", "0", "--branching", "3", "--seed", "2"])).lines().count(),
        1
    );
}
