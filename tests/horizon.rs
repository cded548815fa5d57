//! The horizon options as users run them: text reports (narrated) and JSON
//! of the horizon specs under their own options (the glob snapshots in
//! `snapshots.rs` use the default options), and the command-line flags.

use std::process::Command;

use gametree::analysis::Analysis;
use gametree::num::Num;
use gametree::report::{AlgoReport, Report, Text};
use gametree::search::options::{Options, Ties};
use gametree::search::trace::Event;
use gametree::search::{self, Algorithm};

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
        algorithms.iter().map(|&a| AlgoReport::narrated(&game, &search::run(&game, a, &opts).unwrap())).collect();
    (game.clone(), Report { title: game.title().map(str::to_string), results })
}

fn text(spec: &str, algorithms: &[Algorithm], options: &str) -> String {
    let (game, report) = report(spec, algorithms, options);
    Text { game: &game, report: &report, rows: None }.to_string()
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

/// The root value and first best move of `algorithm` on `game`.
fn answer(game: &gametree::model::Game, algorithm: Algorithm, opts: &Options) -> (String, Option<u32>) {
    let trace = search::run(game, algorithm, opts).unwrap();
    let analysis = Analysis::of(game, &trace);
    (analysis.value().unwrap().to_string(), analysis.best_moves(Ties::First).first().copied())
}

#[test]
fn singular_extensions_reach_every_alpha_beta_search() {
    let text = std::fs::read_to_string("specs/singular-extension.tree").unwrap();
    let game = gametree::load("singular-extension.tree", &text).unwrap();
    let plain = Options { depth: Some(1), ..Options::default() };
    let extended = Options { singular: Some(Num::int(3)), ..plain.clone() };
    // By hand (the spec's comment): at depth 1 the root takes B's eval 9
    // via a1; with the extension B is searched, worth min(2, 4) = 2, and
    // a2 (C = 5) is best.
    assert_eq!(answer(&game, Algorithm::Alphabeta, &plain), ("9".to_string(), Some(0)));
    let want = answer(&game, Algorithm::Alphabeta, &extended);
    assert_eq!(want, ("5".to_string(), Some(1)));
    for a in [Algorithm::NegamaxTt, Algorithm::Pvs, Algorithm::Mtdf, Algorithm::Star1, Algorithm::Star2] {
        assert_eq!(answer(&game, a, &extended), want, "{a}");
    }
}

#[test]
fn pvs_re_searches_a_singular_child_past_the_cutoff_ply() {
    // C beats B by 5 at the root and D beats E by 6 at C, so both are
    // singular under --singular-extension 5: C and D are searched although
    // C sits at the cutoff ply. C's null-window scout cuts in D after 4 (a
    // lower bound), so C must be re-searched: D = 7, C = min(7, E's eval
    // 9) = 7. Without the extension C is worth its eval 5.
    let game = gametree::load(
        "t.tree",
        "MAX A { c1 -> MIN B [eval=0] { 1 2 } c2 -> MIN C [eval=5] { MAX D [eval=3] { 4 7 } MAX E [eval=9] { 9 9 } } }",
    )
    .unwrap();
    let opts = Options { depth: Some(1), singular: Some(Num::int(5)), ..Options::default() };
    assert_eq!(answer(&game, Algorithm::Pvs, &Options { singular: None, ..opts.clone() }).0, "5");
    let trace = search::run(&game, Algorithm::Pvs, &opts).unwrap();
    assert!(trace.events().any(|e| matches!(e, Event::Research { child: 1, .. })));
    assert_eq!(answer(&game, Algorithm::Pvs, &opts), ("7".to_string(), Some(1)));
}

#[test]
fn a_singular_child_keeps_its_parents_remaining_depth_in_the_table() {
    // With --depth 1, B is singular at the root: effective depth 0, so it
    // is stored as searched 1 ply deep (not 0, as its ply would say).
    let text = std::fs::read_to_string("specs/singular-extension.tree").unwrap();
    let game = gametree::load("singular-extension.tree", &text).unwrap();
    let opts = Options { depth: Some(1), singular: Some(Num::int(3)), ..Options::default() };
    let trace = search::run(&game, Algorithm::NegamaxTt, &opts).unwrap();
    let stored: Vec<Option<u32>> = trace
        .events()
        .filter_map(|e| match e {
            Event::TtStore { entry, .. } => Some(entry.depth),
            _ => None,
        })
        .collect();
    // B, then the root (which has 1 ply left too).
    assert_eq!(stored, [Some(1), Some(1)]);
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
    let (code, out, err) = run(&["solve", "specs/quiescence.tree", "--depth", "1", "--quiescence", "--detail"]);
    assert_eq!(code, Some(0), "{err}");
    // minimax, negamax, alphabeta, negamax-ab, expectiminimax, negamax-tt,
    // pvs and mtdf all apply (ids refuses quiescence and is skipped).
    assert_eq!(out.matches("  value 5").count(), 8, "{out}");
    assert_eq!(out.matches("best move a2").count(), 8, "{out}");
    assert_eq!(out.matches("depth cutoff 1, quiescence").count(), 8, "{out}");
    // The default summary (its searches shared among the cores) lists the
    // same eight in the order they run, and says why ids is not among them.
    let (code, out, err) = run(&["solve", "specs/quiescence.tree", "--depth", "1", "--quiescence"]);
    assert_eq!(code, Some(0), "{err}");
    let listed: Vec<&str> = out.lines().filter_map(|l| l.strip_prefix("  ")?.split_whitespace().next()).collect();
    let eight = ["minimax", "negamax", "alphabeta", "negamax-ab", "expectiminimax", "negamax-tt", "pvs", "mtdf"];
    assert_eq!(listed, ["algorithm"].iter().chain(&eight).copied().collect::<Vec<_>>(), "{out}");
    assert!(err.starts_with("note: ids skipped: `ids` does not apply"), "{err}");
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
