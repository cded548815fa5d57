//! The horizon options as users run them: text reports (narrated) and JSON
//! of the horizon specs under their own options (the glob snapshots in
//! `snapshots.rs` use the default options), and the command-line flags.

use std::process::Command;

use gametree::algo::{self, Algorithm};
use gametree::options::Options;
use gametree::report::{AlgoReport, Report, Text};

/// Solves `specs/{spec}` with each algorithm under `options` (written as in
/// an `expect` block: `depth=1, quiescence`).
fn report(spec: &str, algorithms: &[Algorithm], options: &str) -> (gametree::model::Game, Report) {
    let name = format!("specs/{spec}");
    let text = std::fs::read_to_string(&name).unwrap();
    let game = gametree::load(&name, &text).unwrap();
    let mut opts = Options::default();
    for item in options.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (k, v) = match item.split_once('=') {
            Some((k, v)) => (k, Some(v)),
            None => (item, None),
        };
        opts.set(k, v).unwrap();
    }
    let results =
        algorithms.iter().map(|&a| AlgoReport::narrated(&game, &algo::run(&game, a, &opts).unwrap())).collect();
    (game.clone(), Report { title: game.title.clone(), results })
}

fn text(spec: &str, algorithms: &[Algorithm], options: &str) -> String {
    let (game, report) = report(spec, algorithms, options);
    Text { game: &game, report: &report }.to_string()
}

#[test]
fn quiescence_text() {
    insta::assert_snapshot!(text(
        "quiescence.tree",
        &[Algorithm::Minimax, Algorithm::Alphabeta],
        "depth=1, quiescence"
    ));
}

#[test]
fn beam_text() {
    insta::assert_snapshot!(text("beam.tree", &[Algorithm::Minimax, Algorithm::Alphabeta], "beam=2"));
}

#[test]
fn beam_json() {
    let (_, report) = report("beam.tree", &[Algorithm::Alphabeta], "beam=2");
    insta::assert_snapshot!(serde_json::to_string_pretty(&report).unwrap());
}

#[test]
fn singular_extension_text() {
    insta::assert_snapshot!(text(
        "singular-extension.tree",
        &[Algorithm::Minimax, Algorithm::NegamaxAb],
        "depth=1, singular-extension=2"
    ));
}

#[test]
fn horizon_effect_text() {
    insta::assert_snapshot!(text("horizon-effect.tree", &[Algorithm::Alphabeta], "depth=2"));
}

#[test]
fn a_beam_that_keeps_the_best_move_says_nothing() {
    let (_, report) = report("beam.tree", &[Algorithm::Minimax], "beam=3");
    assert!(report.results[0].warnings.is_empty());
    assert!(report.results[0].forward_pruned.is_empty());
}

#[test]
fn command_line_flags_reach_every_algorithm() {
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_gametree"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, out, err) = run(&["solve", "specs/quiescence.tree", "--depth", "1", "--quiescence"]);
    assert_eq!(code, Some(0), "{err}");
    // minimax, negamax, alphabeta, negamax-ab, expectiminimax, negamax-tt,
    // pvs and mtdf all apply (ids refuses quiescence and is skipped).
    assert_eq!(out.matches("  value 5").count(), 8, "{out}");
    assert_eq!(out.matches("best move a2").count(), 8, "{out}");
    assert_eq!(out.matches("depth cutoff 1, quiescence").count(), 8, "{out}");
    let (code, out, _) = run(&["solve", "specs/beam.tree", "-a", "minimax", "--beam", "2"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("warning: forward pruning lost the best move: without --beam the value is 7 via a3"), "{out}");
    let (code, out, _) = run(&[
        "solve",
        "specs/singular-extension.tree",
        "-a",
        "alphabeta",
        "--depth",
        "1",
        "--singular-extension",
        "3",
    ]);
    assert_eq!(code, Some(0));
    assert!(out.contains("value 5; best move a2"), "{out}");
    let (code, _, err) = run(&["solve", "specs/beam.tree", "--beam", "0"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("not a beam width"), "{err}");
    let (code, _, err) = run(&["solve", "specs/beam.tree", "--quiescence"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("give --depth N too"), "{err}");
}
