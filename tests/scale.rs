//! Big, deep and hostile inputs: each gets a correct answer or a clear
//! error — never a crash, a stack overflow or a hang. Sizes are kept small
//! enough for a debug build (the benchmarks in `benches/` go bigger).

use gametree::analysis::Analysis;
use gametree::check::bigtree;
use gametree::diagnostic::{Diagnostic, Source};
use gametree::report::{AlgoReport, Report, Text};
use gametree::search::options::Options;
use gametree::search::{self, Algorithm};
use gametree::syntax::parse::MAX_DEPTH;

fn errors(text: &str) -> String {
    let diagnostics: Vec<Diagnostic> = gametree::load("t.tree", text).expect_err("an error");
    let source = Source { name: "t.tree", text };
    diagnostics.iter().map(|d| source.render(d)).collect()
}

fn root_value(game: &gametree::model::Game, a: Algorithm) -> String {
    let trace = search::run(game, a, &Options::default()).unwrap();
    Analysis::of(game, &trace).value().unwrap().to_string()
}

/// The minimax value of `bigtree::chain`, computed from the bottom up.
fn chain_value(text: &str) -> i64 {
    let leaves: Vec<i64> = text.split_whitespace().filter_map(|t| t.parse().ok()).collect();
    let depth = leaves.len() - 1;
    let (mut v, mut rest) = (leaves[depth], &leaves[..depth]);
    while let Some((&leaf, init)) = rest.split_last() {
        let maximizing = init.len().is_multiple_of(2);
        v = if maximizing { v.max(leaf) } else { v.min(leaf) };
        rest = init;
    }
    v
}

#[test]
fn a_chain_at_the_depth_limit_parses_validates_and_solves() {
    let text = bigtree::chain(MAX_DEPTH as u32, 3);
    assert_eq!(gametree::syntax::parse::nesting(&text), MAX_DEPTH);
    let game = gametree::load("deep.tree", &text).unwrap();
    assert_eq!(game.len(), 2 * MAX_DEPTH + 1);
    let expected = chain_value(&text).to_string();
    gametree::with_stack(MAX_DEPTH, || {
        assert_eq!(root_value(&game, Algorithm::Alphabeta), expected);
        let trace = search::run(&game, Algorithm::Minimax, &Options::default()).unwrap();
        assert_eq!(trace.root_value().unwrap().to_string(), expected);
        let report = Report {
            title: None,
            results: vec![AlgoReport::narrated(
                &game,
                &search::run(&game, Algorithm::Alphabeta, &Options::default()).unwrap(),
            )],
        };
        assert!(Text { game: &game, report: &report, rows: None }.to_string().contains(&format!("value {expected}")));
    });
}

#[test]
fn a_chain_at_the_depth_limit_converts_to_yaml_that_cannot_be_read_back() {
    // The YAML reader (serde_yaml_ng) refuses documents nested deeper than its recursion limit:
    // a clear error, not a crash (`convert` writes the YAML all the same).
    let text = bigtree::chain(2000, 3);
    let file = gametree::with_stack(2000, || {
        let file = gametree::syntax::parse::parse(&text).unwrap();
        let yaml = gametree::syntax::yaml::to_yaml(&file);
        gametree::syntax::yaml::from_yaml(&yaml).map(|_| ()).map_err(|d| d[0].kind.to_string())
    });
    assert!(file.unwrap_err().contains("recursion limit exceeded"));
}

#[test]
fn a_million_levels_is_refused_naming_the_limit() {
    let text = bigtree::chain(1_000_000, 3);
    let shown = errors(&text);
    assert!(shown.starts_with("error: the tree nests deeper than 10000 levels\n"), "{}", &shown[..200]);
    assert!(shown.contains(&format!("--> t.tree:{}:5\n", MAX_DEPTH + 1)), "{}", &shown[..200]);
}

#[test]
fn deep_brackets_of_every_kind_are_a_clear_error() {
    let n = 1_000_000;
    for (prefix, open, expected) in [
        ("", "{", "error: the tree nests deeper than 10000 levels"),
        ("", "MAX {", "error: the tree nests deeper than 10000 levels"),
        ("MAX { ", "(", "error: syntax error: expected a number, found `(`"),
        ("MAX ", "[", "error: syntax error: expected a name"),
        ("", "(", "error: syntax error: expected a tree, found `(`"),
        ("", "[", "error: syntax error: expected a tree, found `[`"),
        ("MAX { ", "&", "error: syntax error: expected a name or a quoted string, found `&`"),
    ] {
        let text = format!("{prefix}{}{}", open.repeat(n), "}".repeat(n));
        let shown = errors(&text);
        assert!(shown.starts_with(expected), "{open}: {}", &shown[..shown.len().min(300)]);
    }
}

#[test]
fn a_million_children_under_one_node() {
    let n = 1_000_000;
    let text = bigtree::wide(n, 5);
    let game = gametree::load("wide.tree", &text).unwrap();
    assert_eq!(game.root().children().len(), n as usize);
    let best = text.split_whitespace().filter_map(|t| t.parse::<i64>().ok()).max().unwrap();
    assert_eq!(root_value(&game, Algorithm::Alphabeta), best.to_string());
    assert_eq!(root_value(&game, Algorithm::Minimax), best.to_string());
}

#[test]
fn a_hundred_thousand_children_under_one_node_through_pest() {
    let n = 100_000;
    let text = bigtree::wide(n, 5);
    let game = gametree::model::validate::validate(&gametree::syntax::parse::parse(&text).unwrap()).unwrap();
    assert_eq!(game.root().children().len(), n as usize);
    let best = text.split_whitespace().filter_map(|t| t.parse::<i64>().ok()).max().unwrap();
    assert_eq!(root_value(&game, Algorithm::Alphabeta), best.to_string());
    assert_eq!(root_value(&game, Algorithm::Minimax), best.to_string());
}

#[test]
fn huge_numbers_nul_bytes_and_bad_utf8_are_explained() {
    let digits = "9".repeat(10_000);
    let shown = errors(&format!("MAX {{ 1 {digits} }}"));
    assert!(shown.starts_with("error: "), "{shown}");
    assert!(shown.contains("is too large or too precise to hold exactly"), "{}", &shown[..200]);
    assert!(errors("MAX { 1 \0 2 }").starts_with("error: this is not a text spec: it contains a NUL byte"));
    let d = gametree::decode(b"MAX { 1 \xff }").unwrap_err();
    assert!(d.kind.to_string().contains("invalid UTF-8 at byte 8"), "{}", d.kind);
}

#[test]
fn a_uniform_tree_agrees_across_algorithms() {
    let game = gametree::load("u.tree", &bigtree::uniform(3, 7, 11)).unwrap();
    assert_eq!(game.len(), (3usize.pow(8) - 1) / 2);
    let value = root_value(&game, Algorithm::Minimax);
    for a in search::applicable(&game) {
        assert_eq!(root_value(&game, a), value, "{}", a.name());
    }
}

#[test]
fn check_over_a_thousand_files_prints_the_same_in_file_order_every_time() {
    let dir = std::env::temp_dir().join(format!("gametree-scale-{}-check", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let specs: Vec<_> = std::fs::read_dir("specs")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tree"))
        .collect();
    for i in 0..1000 {
        let spec = &specs[i % specs.len()];
        std::fs::copy(spec, dir.join(format!("{i:04}-{}", spec.file_name().unwrap().to_string_lossy()))).unwrap();
    }
    std::fs::write(dir.join("0500-broken.tree"), "MAX { 1 &nowhere }").unwrap();
    let run = || {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_gametree")).arg("check").arg(&dir).output().unwrap();
        (out.status.code(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
    };
    let first = run();
    assert_eq!(first.0, Some(2));
    assert!(first.1.ends_with(" passed, 0 failed\n"), "{}", first.1);
    assert!(first.2.contains("0500-broken.tree"), "{}", first.2);
    let files: Vec<&str> = (first.1.lines())
        .filter(|l| l.starts_with("ok ") || l.starts_with("FAIL "))
        .filter_map(|l| l.split_whitespace().nth(1)?.split(':').next())
        .collect();
    assert!(files.len() > 1000, "{}", first.1);
    let mut sorted = files.clone();
    sorted.sort();
    assert_eq!(files, sorted, "file order");
    for _ in 0..2 {
        assert_eq!(run(), first);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// What the fuzz target (`fuzz/fuzz_targets/parse_solve.rs`) does with its
/// input: every stage, every applicable algorithm, every output.
fn whole_pipeline(data: &[u8]) {
    let Ok(text) = gametree::decode(data) else { return };
    let Ok(file) = gametree::syntax::parse::parse(text) else { return };
    let _ = gametree::syntax::print::print(&file);
    let _ = gametree::syntax::yaml::to_yaml(&file);
    let Ok(game) = gametree::model::validate::validate(&file) else { return };
    let mut results = Vec::new();
    for a in search::applicable(&game) {
        if let Ok(trace) = search::run(&game, a, &Options::default()) {
            results.push(AlgoReport::narrated(&game, &trace));
        }
    }
    let report = Report { title: game.title().map(str::to_string), results };
    let _ = Text { game: &game, report: &report, rows: None }.to_string();
    let _ = serde_json::to_string(&report).unwrap();
}

const TOKENS: &[&str] = &[
    "MAX",
    "MIN",
    "CHANCE",
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "1",
    "-2.5",
    "1/2",
    "0",
    "7",
    ":",
    "->",
    "&A",
    "&B",
    "A",
    "B",
    "K=",
    "=",
    "?",
    ",",
    "eval=3",
    "noisy",
    "key=p",
    "players A B",
    "sum 10",
    "bounds [0, 10]",
    "title \"t\"",
    "expect",
    "alphabeta",
    "minimax",
    "maxn",
    "star2",
    "value",
    "values",
    "best",
    "pruned",
    "leaves",
    "1.2",
    "\"",
    "#",
    "//",
    "\n",
    "1e999",
    "99999999999999999999",
    "\u{FEFF}",
    "\0",
    "é",
];

#[path = "common/cases.rs"]
mod cases;

proptest::proptest! {
    #![proptest_config(cases::cases(256))]

    #[test]
    fn no_token_soup_makes_the_pipeline_panic(picks in proptest::collection::vec(0..TOKENS.len(), 0..60)) {
        let text: Vec<&str> = picks.iter().map(|&i| TOKENS[i]).collect();
        // Half start as a tree does, to get past the first token.
        let prefix = if picks.len() % 2 == 0 { "MAX { 1 MIN { " } else { "" };
        whole_pipeline(format!("{prefix}{}", text.join(" ")).as_bytes());
    }

    #[test]
    fn no_bytes_make_the_pipeline_panic(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..200)) {
        whole_pipeline(&bytes);
    }
}

#[test]
fn fuzz_regressions_stay_fixed() {
    let Ok(entries) = std::fs::read_dir("tests/fixtures/fuzz") else { return };
    for entry in entries {
        whole_pipeline(&std::fs::read(entry.unwrap().path()).unwrap());
    }
}

#[test]
fn mtdf_finds_the_value_when_floating_point_loses_its_step() {
    // Found by fuzzing: huge values with tiny gaps, where `g + δ` rounds
    // to `g`; MTD(f) looped (until out of memory), then stopped at a bound.
    for name in ["mtdf-float-delta-lost.tree", "mtdf-no-progress-in-floating-point.tree"] {
        let data = std::fs::read(format!("tests/fixtures/fuzz/{name}")).unwrap();
        let game = gametree::load(name, gametree::decode(&data).unwrap()).unwrap();
        assert_eq!(root_value(&game, Algorithm::Mtdf), root_value(&game, Algorithm::Minimax), "{name}");
    }
}
