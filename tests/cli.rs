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
fn a_value_written_rounded_fails_and_says_to_write_it_exactly() {
    // 4, 4, 5 each at 1/3: the chance node is worth 13/3 = 4.333…; an
    // answer key's 4.33 is another number, and `check` says which to write.
    let dir = scratch("rounded");
    let spec = dir.join("rounded.tree");
    let tree = "MAX { CHANCE C { 1/3: 4  1/3: 4  1/3: 5 } 1 }\n";
    std::fs::write(&spec, format!("{tree}expect expectiminimax {{ value 4.33  values C=4.3 }}\n")).unwrap();
    let out = gametree(&["check", spec.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.contains("expected: 4.33\n    got:      13/3\n"), "{text}");
    assert!(
        text.contains("13/3 rounds to the 2 places written, but values are compared exactly: write 13/3"),
        "{text}"
    );
    assert!(text.contains("C (1) expected 4.3, got 13/3 (13/3 rounds to the 1 place written"), "{text}");
    // A decimal that does not round to the value gets no such note.
    std::fs::write(&spec, format!("{tree}expect expectiminimax {{ value 4.34 }}\n")).unwrap();
    let text = stdout(&gametree(&["check", spec.to_str().unwrap()]));
    assert!(text.contains("expected: 217/50\n    got:      13/3\n0 passed"), "{text}");
    // Written exactly, it passes.
    std::fs::write(&spec, format!("{tree}expect expectiminimax {{ value 13/3  values C=13/3 }}\n")).unwrap();
    assert_eq!(gametree(&["check", spec.to_str().unwrap()]).status.code(), Some(0));
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
    // 147 kB of JSON, and the text tables: more than a pipe holds, so
    // writing outlives the reader (`gametree solve … | head -1`).
    for format in ["json", "text"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gametree"))
            .args(["solve", "specs/move-ordering.tree", "--detail", "--trace", "--format", format])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 64];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{format}: {}", stderr(&out));
        assert_eq!(stderr(&out), "", "{format}: no message");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn an_unwritable_output_is_an_error_not_a_panic() {
    // A report past the output buffer is written as it goes (the YAML one
    // by serde_yaml's emitter): its write error is still told as one, not
    // as an internal error.
    let big = scratch("unwritable").join("big.tree");
    let tree = gametree(&["generate", "--plain", "--depth", "5", "--branching", "6", "--seed", "1"]);
    std::fs::write(&big, stdout(&tree)).unwrap();
    let small = "specs/aima-fig5-2.tree";
    let big = big.to_str().unwrap();
    for args in [
        &[small][..],
        &[big, "-a", "minimax", "--format", "yaml"],
        &[big, "-a", "minimax", "--format", "json"],
        &[big, "-a", "minimax"],
    ] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_gametree"))
            .arg("solve")
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).starts_with("error: cannot write the output:"), "{args:?}: {}", stderr(&out));
    }
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

#[test]
fn solve_without_an_algorithm_fits_a_screen() {
    let out = gametree(&["solve", "specs/aima-fig5-2.tree"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.lines().count() <= 24, "{text}");
    let row = |algorithm: &str| {
        let line = text.lines().find(|l| l.split_whitespace().next() == Some(algorithm));
        line.unwrap_or_else(|| panic!("no {algorithm} row: {text}")).split_whitespace().collect::<Vec<_>>().join(" ")
    };
    // The spec's expect blocks (AIMA Figures 5.2 and 5.5): value 3 via a1;
    // minimax evaluates all 9 leaves; alpha-beta 7 (3 12 8 2 14 5 2),
    // pruning C.2 and C.3; negamax-ab the same.
    assert_eq!(row("minimax"), "minimax 3 a1 → B (1) 9 0");
    assert_eq!(row("negamax"), "negamax 3 a1 → B (1) 9 0");
    assert_eq!(row("alphabeta"), "alphabeta 3 a1 → B (1) 7 2: C.2, C.3");
    assert_eq!(row("negamax-ab"), "negamax-ab 3 a1 → B (1) 7 2: C.2, C.3");
    assert!(text.contains("cut on equality (v ≥ β, v ≤ α)"), "the conventions are stated: {text}");
    assert!(text.trim_end().ends_with("--trace narrates every step with α and β"), "{text}");
    insta::assert_snapshot!("solve_summary_aima_fig5_2", text);
}

#[test]
fn the_summary_keeps_the_warnings() {
    // specs/beam.tree: keeping 2 children per node loses a3, worth 7.
    let out = gametree(&["solve", "specs/beam.tree", "--beam", "2"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let warning = "forward pruning lost the best move: without --beam the value is 7 via a3";
    assert_eq!(text.matches(warning).count(), 1, "said once for every algorithm: {text}");
    assert!(text.contains("  warning (minimax, negamax, alphabeta,"), "{text}");
}

#[test]
fn solve_prints_the_full_tables_when_asked() {
    let summary = stdout(&gametree(&["solve", "specs/aima-fig5-2.tree"]));
    for args in [&["-a", "alphabeta", "-a", "minimax"][..], &["--detail"], &["--trace"]] {
        let out = gametree(&[&["solve", "specs/aima-fig5-2.tree"][..], args].concat());
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains("alphabeta — cut on equality"), "{args:?}: {text}");
        assert!(text.contains("window (α, β)"), "{args:?}: {text}");
        assert!(!text.contains("--detail for the full tables"), "{args:?}");
        assert!(text.lines().count() > summary.lines().count(), "{args:?}");
    }
    // JSON stays the full report of every algorithm (SPEC §5).
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&gametree(&["solve", "specs/aima-fig5-2.tree", "--format", "json"]))).unwrap();
    let results = json["results"].as_array().unwrap();
    assert!(results.len() >= 4 && results.iter().all(|r| r["nodes"].is_array() && r["visit_order"].is_array()));
}

#[test]
fn check_warns_about_a_file_without_expect_blocks() {
    let dir = scratch("no-expect");
    std::fs::write(dir.join("bare.tree"), FIG_5_2).unwrap();
    let bare = dir.join("bare.tree");
    // Alone: nothing was checked, which is a failure.
    let out = gametree(&["check", bare.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let warning = format!("warning: {}: no expect blocks to check", bare.display());
    assert!(stderr(&out).contains(&warning), "{}", stderr(&out));
    // Beside a file that has blocks: a warning, and the run passes.
    std::fs::copy("specs/aima-fig5-2.tree", dir.join("fig.tree")).unwrap();
    let out = gametree(&["check", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains(&warning), "{}", stderr(&out));
    assert!(stdout(&out).ends_with("5 passed, 0 failed\n"), "{}", stdout(&out));
}

// ------------------------------------------------- help, examples, completions
// What a newcomer reads: every command's `--help` ends with examples on the
// shipped files, the last of which runs as written; `-a` lists the
// algorithm names; the shell completions know every command.

/// The subcommands `gametree --help` lists (clap's own `help` aside).
fn commands() -> Vec<String> {
    let help = stdout(&gametree(&["--help"]));
    let listed = help.split("Commands:\n").nth(1).expect("a Commands section");
    listed
        .lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(String::from)
        .collect()
}

#[test]
fn every_command_is_listed() {
    let want =
        ["solve", "check", "convert", "grade", "puzzle", "generate", "practice", "lint", "fmt", "draw", "completions"];
    assert_eq!(commands(), want);
}

#[test]
fn every_commands_help_ends_with_an_example_that_runs() {
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_gametree")).parent().unwrap().to_path_buf();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    for command in commands() {
        for flag in ["--help", "-h"] {
            let out = gametree(&[&command, flag]);
            assert_eq!(out.status.code(), Some(0), "{command} {flag}: {}", stderr(&out));
            let help = stdout(&out);
            let examples = help.split("\nExamples:\n").nth(1).unwrap_or_else(|| panic!("{command} {flag}: {help}"));
            let lines: Vec<&str> = examples.lines().collect();
            assert!((2..=3).contains(&lines.len()), "{command} {flag}: two or three examples, last: {lines:?}");
            for l in &lines {
                assert!(l.starts_with(&format!("  gametree {command} ")), "{command}: `{l}`");
            }
            // The last one, run as a shell would, with this build first on PATH.
            let last = lines.last().unwrap().trim();
            let out = std::process::Command::new("sh")
                .args(["-c", last])
                .env("PATH", &path)
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0), "`{last}`: {}", stderr(&out));
        }
    }
}

#[test]
fn the_algorithm_option_lists_every_algorithm_name() {
    for command in ["solve", "draw", "grade"] {
        let help = stdout(&gametree(&[command, "--help"]));
        for name in gametree::search::Algorithm::names() {
            assert!(help.contains(name), "{command} --help lacks `{name}`");
        }
    }
    let out = gametree(&["solve", "specs/aima-fig5-2.tree", "-a", "alfabeta"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("possible values: minimax, negamax, alphabeta"), "{}", stderr(&out));
}

#[test]
fn completions_know_every_command_and_algorithm() {
    let out = gametree(&["completions", "bash"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let script = stdout(&out);
    for command in commands() {
        assert!(script.contains(&format!("cmd=\"gametree__subcmd__{command}\"")), "bash completion lacks `{command}`");
    }
    assert!(script.contains("negamax-tt"), "the algorithm names are completed");
    for shell in ["zsh", "fish"] {
        let out = gametree(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", stderr(&out));
        assert!(stdout(&out).contains("puzzle"), "{shell}");
    }
}

#[test]
fn solve_writes_its_report_to_a_file_only_where_it_may() {
    let dir = scratch("solve-o");
    let target = dir.join("report.json");
    let t = target.to_str().unwrap();
    let out = gametree(&["solve", "specs/aima-fig5-2.tree", "-a", "alphabeta", "--format", "json", "-o", t]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&target).unwrap()).unwrap();
    assert_eq!(json["results"][0]["pruned"], serde_json::json!(["2.2", "2.3"]));
    let out = gametree(&["solve", "specs/aima-fig5-2.tree", "-o", t]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("exists; pass --force"), "{}", stderr(&out));
    let out = gametree(&["solve", "specs/aima-fig5-2.tree", "-o", t, "--force"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::read_to_string(&target).unwrap().starts_with("AIMA 3e Figure 5.2\nconventions:"));
    let out = gametree(&["solve", "specs/aima-fig5-2.tree", "-o", "specs/aima-fig5-2.tree", "--force"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("refusing to write over the input file"), "{}", stderr(&out));
}

#[test]
fn solve_on_a_puzzle_spec_points_at_the_unknown_leaf() {
    let out = gametree(&["solve", "specs/puzzles/exam-pruning-puzzle.tree"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("this leaf is unknown (`?`)"), "{err}");
    assert!(err.contains("--> specs/puzzles/exam-pruning-puzzle.tree:29:11"), "{err}");
    assert!(stdout(&out).is_empty());
}

/// A MAX/MIN tree of `b^d` leaves, values from a small generator.
fn uniform_tree(b: usize, d: usize) -> String {
    fn node(b: usize, d: usize, max: bool, seed: &mut u64, out: &mut String) {
        if d == 0 {
            *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            out.push_str(&format!(" {}", (*seed >> 33) % 199));
            return;
        }
        out.push_str(if max { " MAX {" } else { " MIN {" });
        for _ in 0..b {
            node(b, d - 1, !max, seed, out);
        }
        out.push_str(" }");
    }
    let mut out = String::new();
    node(b, d, true, &mut 7, &mut out);
    out.push('\n');
    out
}

#[test]
fn a_long_table_shows_its_first_thousand_rows_and_detail_shows_all() {
    let path = scratch("long").join("long.tree");
    std::fs::write(&path, uniform_tree(6, 6)).unwrap();
    let file = path.to_str().unwrap();
    let json = gametree(&["solve", file, "-a", "alphabeta", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&json)).unwrap();
    let r = &json["results"][0];
    let (visits, leaves, pruned) = (
        r["visit_order"].as_array().unwrap().len(),
        r["leaf_order"].as_array().unwrap().len(),
        r["pruned"].as_array().unwrap().len(),
    );
    let cuts = r["cuts"].as_array().unwrap().len();
    assert!(visits > 1000 && leaves > 1000 && pruned > 1000 && cuts > 1000, "{visits} {leaves} {pruned} {cuts}");

    let short = stdout(&gametree(&["solve", file, "-a", "alphabeta"]));
    let full = stdout(&gametree(&["solve", file, "-a", "alphabeta", "--detail"]));
    // A table row starts with its visit number; the columns' widths may
    // differ (the first rows are narrower), so rows compare by their words.
    let rows = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.split_whitespace().next().is_some_and(|w| w.parse::<usize>().is_ok()))
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect()
    };
    let (short_rows, full_rows) = (rows(&short), rows(&full));
    assert_eq!(full_rows.len(), visits);
    assert_eq!(short_rows.len(), 1000);
    assert_eq!(short_rows[..], full_rows[..1000]);
    assert!(
        short
            .contains(&format!("  … {} more visits (the first 1000 shown; --detail shows every one)\n", visits - 1000)),
        "{short}"
    );
    let cut_lines =
        |text: &str| text.lines().filter(|l| l.starts_with("  β-cut at ") || l.starts_with("  α-cut at ")).count();
    assert_eq!((cut_lines(&short), cut_lines(&full)), (1000, cuts));
    assert!(short.contains(&format!("  … {} more cuts (the first 1000 shown", cuts - 1000)), "{short}");
    let line = |text: &str, start: &str| text.lines().find(|l| l.starts_with(start)).unwrap().to_string();
    let pruned_line = line(&short, "  pruned: ");
    assert!(pruned_line.ends_with(&format!(", … ({pruned} in all, the first 1000 shown; --detail lists every one)")));
    assert_eq!(line(&full, "  pruned: ").matches(", ").count() + 1, pruned);
    let leaves_line = line(&short, "  leaves evaluated:");
    assert!(
        leaves_line.ends_with(&format!(" … {} more (the first 1000 shown; --detail shows every one)", leaves - 1000))
    );
    assert_eq!(line(&full, "  leaves evaluated:").split_whitespace().count(), 2 + leaves);
    // What is not a list is the same.
    for start in ["  value ", "  principal variation: ", "  stats: "] {
        assert_eq!(line(&short, start), line(&full, start));
    }
    // A report of no more than 1000 rows is whole either way.
    let small =
        |extra: &[&str]| stdout(&gametree(&[&["solve", "specs/aima-fig5-2.tree", "-a", "alphabeta"], extra].concat()));
    assert_eq!(small(&[]), small(&["--detail"]));
}

/// `solve -a` gives back the text and the nodes' spans before it searches
/// (`Game::release_spans`); what a report says of a node is still said of
/// that node. Here `ids`'s first iteration (depth 1) stops at B, the MIN
/// node without an `eval`, and says so by name; the second, at the tree's
/// height, searches it all: max(min(3, 4), min(5, 6)) = 5 through B.
#[test]
fn a_report_names_its_nodes_after_the_spans_are_given_back() {
    let spec = scratch("spans-released").join("ids.tree");
    std::fs::write(&spec, "MAX { MIN [eval=1] { 3 4 } MIN B { 5 6 } }\n").unwrap();
    let out = gametree(&["solve", spec.to_str().unwrap(), "-a", "ids", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let r = &json["results"][0];
    assert_eq!(r["value"], 5);
    assert_eq!(r["best_move"], "2");
    let iterations = r["iterations"].as_array().expect("the iterations");
    assert_eq!(iterations[0]["skipped"], "B has no eval", "{iterations:?}");
    assert_eq!(iterations[1]["value"], 5);
}

/// `pruned none` (the word quiz exports and answer files take for
/// nothing) is not a node in a spec: the error says so, where it is
/// written, and says to write `pruned` alone.
#[test]
fn pruned_none_in_a_spec_says_to_write_pruned_alone() {
    let dir = scratch("pruned-none");
    let file = dir.join("t.tree");
    std::fs::write(&file, "MAX { 1 2 }\nexpect alphabeta {\n  pruned none\n}\n").unwrap();
    let out = gametree(&["check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    let err = stderr(&out);
    assert!(err.contains("to say nothing is pruned, write `pruned` alone"), "{err}");
    assert!(err.contains("t.tree:3:10"), "{err}");
    std::fs::write(&file, "MAX { 1 2 }\nexpect alphabeta {\n  pruned\n}\n").unwrap();
    assert_eq!(gametree(&["check", file.to_str().unwrap()]).status.code(), Some(0));
}
