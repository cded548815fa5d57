//! Specs are data, answers are snapshots: every `specs/*.tree` is solved
//! with every algorithm that applies (text report with the narrated trace,
//! and the JSON report as `solve --format json` writes it, without steps), and every `tests/fixtures/invalid/*` file's
//! rendered diagnostics are snapshotted, caret art included.

use std::path::Path;

use gametree::diagnostic::Source;
use gametree::report::{AlgoReport, Report, Text};
use gametree::search;
use gametree::search::options::Options;

fn read(path: &Path) -> (String, String) {
    let name = format!("specs/{}", path.file_name().unwrap().to_string_lossy());
    (name, std::fs::read_to_string(path).unwrap())
}

/// Every applicable algorithm's report, made by `new` (`AlgoReport::new`,
/// or `AlgoReport::narrated` as `solve --trace` does).
fn report(
    path: &Path,
    new: fn(&gametree::model::Game, &gametree::search::trace::Trace) -> AlgoReport,
) -> (gametree::model::Game, Report) {
    let (name, text) = read(path);
    let game = gametree::load(&name, &text).unwrap_or_else(|ds| {
        let src = Source { name: &name, text: &text };
        panic!("{}", ds.iter().map(|d| src.render(d)).collect::<String>())
    });
    let results = search::applicable(&game)
        .into_iter()
        .map(|a| new(&game, &search::run(&game, a, &Options::default()).unwrap()))
        .collect();
    let report = Report { title: game.title().map(str::to_string), results };
    (game, report)
}

#[test]
fn text_reports() {
    insta::glob!("../specs", "*.tree", |path| {
        let (game, report) = report(path, AlgoReport::narrated);
        insta::assert_snapshot!(Text { game: &game, report: &report, rows: None }.to_string());
    });
}

#[test]
fn json_reports() {
    insta::glob!("../specs", "*.tree", |path| {
        let (_, report) = report(path, AlgoReport::new);
        // As `solve` writes it (the per-visit lists without serde).
        let mut json = Vec::new();
        gametree::report::json::write_report(&mut json, &report).unwrap();
        insta::assert_snapshot!(String::from_utf8(json).unwrap());
    });
}

#[test]
fn invalid_inputs_are_explained_with_a_caret() {
    insta::glob!("fixtures/invalid", "*.{tree,yaml}", |path| {
        let name = format!("invalid/{}", path.file_name().unwrap().to_string_lossy());
        let bytes = std::fs::read(path).unwrap();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let src = Source { name: &name, text: &text };
        let diagnostics = match gametree::decode(&bytes) {
            Err(d) => vec![d],
            Ok(text) => match gametree::check::spec::load(&name, text) {
                Err(ds) => ds,
                Ok(game) => {
                    // Valid files here must fail when run: an algorithm that
                    // does not apply, or a depth cutoff without `eval`.
                    let e = game.expects.first().expect("an invalid fixture that loads needs an expect block");
                    vec![search::run(&game.game, e.algorithm, &e.options).expect_err("fixture should not run")]
                }
            },
        };
        assert!(!diagnostics.is_empty());
        insta::assert_snapshot!(diagnostics.iter().map(|d| src.render(d)).collect::<Vec<_>>().join("\n"));
    });
}
