//! The fast report writers against slow, independent ways of writing the
//! same thing:
//!
//! - `solve`'s JSON (`report::json::write_report`, which writes the
//!   per-visit lists itself) against `report::json::layout::to_string` of
//!   the same `Report` (serde_json's compact text of the `Serialize` impls,
//!   laid out again), and that text against the compact text itself (the
//!   same JSON value);
//! - `solve`'s YAML (`report::yaml::write_report`, the per-visit lists
//!   written by hand too) against `serde_yaml_ng::to_string` of the same
//!   `Report`;
//! - the text report's table of visits and its leaves line against the
//!   way they were written before (kept here as the oracle: a `String` per
//!   cell, `describe` and `Game::at` per row, `Display` for every number).
//!
//! Over every spec and fixture that loads, under several conventions, and
//! over random trees with names that need quoting and escaping, non-ASCII
//! names, fractions, decimals, chance nodes and vector leaves.

use std::collections::HashMap;
use std::path::{Path as FsPath, PathBuf};

use gametree::analysis::describe;
use gametree::check::bigtree::SplitMix64;
use gametree::model::{Game, NodeKind, Path};
use gametree::report::visits::NodeReport;
use gametree::report::{AlgoReport, Number, Report, Text};
use gametree::search::options::Options;
use gametree::search::trace::Value;

/// Checks both writers on every run of `game` under `opts` (an algorithm
/// that refuses the options is skipped); returns how many runs it checked.
fn check(name: &str, game: &Game, opts: &Options, narrated: bool) -> usize {
    let mut results = Vec::new();
    for a in gametree::search::applicable(game) {
        let Ok(trace) = gametree::search::run(game, a, opts) else { continue };
        results.push(if narrated { AlgoReport::narrated(game, &trace) } else { AlgoReport::new(game, &trace) });
    }
    let runs = results.len();
    let report = Report { title: game.title().map(str::to_string), results };
    let mut fast = Vec::new();
    gametree::report::json::write_report(&mut fast, &report).unwrap();
    let fast = String::from_utf8(fast).unwrap();
    let slow = gametree::report::json::layout::to_string(&report).unwrap();
    same_value(&slow, &report);
    assert!(fast == slow, "{name} {opts:?}: JSON differs at byte {}", first_difference(&fast, &slow));
    let mut fast = Vec::new();
    gametree::report::yaml::write_report(&mut fast, &report).unwrap();
    let fast = String::from_utf8(fast).unwrap();
    let slow = serde_yaml_ng::to_string(&report).unwrap();
    assert!(
        fast == slow,
        "{name} {opts:?}: YAML differs at byte {}: {}",
        first_difference(&fast, &slow),
        around(&fast, &slow)
    );

    let text = Text { game, report: &report, rows: None }.to_string();
    for r in &report.results {
        let table = old_table(game, r);
        assert!(text.contains(&table), "{name} {opts:?} {}: table differs\n{table}\n--- in ---\n{text}", r.algorithm);
        let leaves = old_leaves(game, r);
        assert!(text.contains(&leaves), "{name} {opts:?} {}: leaves differ\n{leaves}\n--- in ---\n{text}", r.algorithm);
    }
    runs
}

/// The laid-out text reads back as the JSON value of serde_json's compact
/// text (both read by the same parser: its floats do not round-trip).
fn same_value(text: &str, report: &Report) {
    let read: serde_json::Value = serde_json::from_str(text).unwrap();
    let compact: serde_json::Value = serde_json::from_str(&serde_json::to_string(report).unwrap()).unwrap();
    assert!(read == compact, "the laid-out text reads back as another value");
}

/// The text of both around their first difference.
fn around(a: &str, b: &str) -> String {
    let at = first_difference(a, b);
    let piece = |s: &str| s.get(at.saturating_sub(120)..(at + 120).min(s.len())).unwrap_or("").to_string();
    format!("\n--- ours ---\n{}\n--- serde_yaml ---\n{}", piece(a), piece(b))
}

fn first_difference(a: &str, b: &str) -> usize {
    a.bytes().zip(b.bytes()).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()))
}

/// Conventions that change windows, bounds, orders and the rows' values.
fn conventions() -> Vec<Options> {
    let mut all = vec![Options::default()];
    for (key, value) in [
        ("strict-cuts", None),
        ("fail-hard", None),
        ("ties", Some("all")),
        ("order", Some("reverse")),
        ("ignore-bounds", None),
    ] {
        let mut o = Options::default();
        o.set(key, value).unwrap();
        all.push(o);
    }
    all
}

fn trees_under(dir: &FsPath, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            trees_under(&path, out);
        } else if path.extension().is_some_and(|e| e == "tree") {
            out.push(path);
        }
    }
}

#[test]
fn specs_and_fixtures() {
    let root = FsPath::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    trees_under(&root.join("specs"), &mut files);
    trees_under(&root.join("tests/fixtures"), &mut files);
    files.sort();
    let (mut loaded, mut runs) = (0, 0);
    for file in &files {
        let name = file.display().to_string();
        // Files that do not load (the invalid fixtures, some not UTF-8)
        // have no report.
        let Ok(text) = String::from_utf8(std::fs::read(file).unwrap()) else { continue };
        let Ok(game) = gametree::load(&name, &text) else { continue };
        loaded += 1;
        for (k, opts) in conventions().iter().enumerate() {
            runs += check(&name, &game, opts, k == 0);
        }
    }
    assert!(loaded >= 60 && runs >= 1000, "{loaded} specs, {runs} runs");
}

#[test]
fn random_trees() {
    let mut rng = SplitMix64::new(15);
    let mut runs = 0;
    for k in 0..300 {
        let shape = [Shape::TwoPlayer, Shape::Chance, Shape::Players][k % 3];
        let text = random_tree(&mut rng, shape);
        let game = gametree::load("random.tree", &text).unwrap_or_else(|e| panic!("{text}\n{e:?}"));
        runs += check(&text, &game, &Options::default(), k % 5 == 0);
        if k % 4 == 0 {
            runs += check(&text, &game, &conventions()[k / 4 % 6], false);
        }
    }
    assert!(runs >= 900, "{runs} runs");
}

/// A report past the size from which `write_report` writes its rows a
/// block at a time on two threads: still the laid-out bytes (rows with
/// quoted and escaped names, fractions, windows, chance nodes).
#[test]
fn a_big_report_written_on_two_threads() {
    let mut rng = SplitMix64::new(7);
    for (shape, head, algorithms) in [
        (Shape::TwoPlayer, "", ["minimax", "negamax-ab"]),
        (Shape::Chance, "bounds [-10, 10]\n", ["expectiminimax", "star2"]),
    ] {
        let (mut text, mut names) = (format!("{head}MAX {{ "), 0);
        while text.len() < 1_000_000 {
            node(&mut rng, shape, 1, 4, &mut names, &mut text);
            text.push(' ');
        }
        text.push_str("}\n");
        let game = gametree::load("big.tree", &text).unwrap_or_else(|e| panic!("{e:?}"));
        let algorithms = algorithms.map(|a| gametree::search::Algorithm::from_name(a).expect("a name"));
        let results: Vec<AlgoReport> =
            algorithms.iter().map(|&a| AlgoReport::run(&game, a, &Options::default()).expect("it applies")).collect();
        let rows = results.iter().map(|r| r.visits.analysis().visits.len()).max().unwrap_or(0);
        assert!(rows > 1 << 15, "{rows} rows: too few to share");
        let report = Report { title: None, results };
        let mut fast = Vec::new();
        gametree::report::json::write_report(&mut fast, &report).unwrap();
        let fast = String::from_utf8(fast).unwrap();
        let slow = gametree::report::json::layout::to_string(&report).unwrap();
        same_value(&slow, &report);
        assert!(fast == slow, "JSON differs at byte {}", first_difference(&fast, &slow));
        let mut fast = Vec::new();
        gametree::report::yaml::write_report(&mut fast, &report).unwrap();
        let fast = String::from_utf8(fast).unwrap();
        let slow = serde_yaml_ng::to_string(&report).unwrap();
        assert!(fast == slow, "YAML differs at byte {}: {}", first_difference(&fast, &slow), around(&fast, &slow));
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Shape {
    TwoPlayer,
    Chance,
    Players,
}

/// A random tree of depth 1–4 and branching 1–4 in the spec language.
fn random_tree(rng: &mut SplitMix64, shape: Shape) -> String {
    let mut out = String::new();
    match shape {
        Shape::TwoPlayer => {}
        Shape::Chance => out.push_str("bounds [-10, 10]\n"),
        Shape::Players => out.push_str("players A Ωmega C\n"),
    }
    if rng.range(0, 3) == 0 {
        out.push_str("title \"a \\\"random\\\" tree\"\n");
    }
    let depth = rng.range(1, 4) as u32;
    let mut names = 0;
    node(rng, shape, 0, depth, &mut names, &mut out);
    out.push('\n');
    out
}

fn node(rng: &mut SplitMix64, shape: Shape, level: u32, depth: u32, names: &mut u32, out: &mut String) {
    let name = |rng: &mut SplitMix64, names: &mut u32| -> String {
        *names += 1;
        let n = *names;
        match rng.range(0, 10) {
            0 => format!("n{n}"),
            1 => format!("\"q\\\"{n}\""),
            2 => format!("\"t\\t{n}\\\\\""),
            8 => format!("\"b\\\\{n}\""),
            3 => format!("Ñandú{n}"),
            4 => format!("\"sp ace {n}\""),
            5 => format!("日本{n}"),
            6 => format!("\"nl\\n{n}\""),
            // A root named `root` is described as `root` alone.
            7 if n == 1 => "root".to_string(),
            7 => format!("r'{n}"),
            _ => String::new(),
        }
    };
    let named = rng.range(0, 2) == 0;
    if level == depth {
        if named {
            let n = name(rng, names);
            if !n.is_empty() {
                out.push_str(&n);
                out.push('=');
            }
        }
        if shape == Shape::Players {
            let v: Vec<String> = (0..3).map(|_| leaf_value(rng, false)).collect();
            out.push_str(&format!("({})", v.join(", ")));
        } else {
            out.push_str(&leaf_value(rng, true));
        }
        return;
    }
    let kind = match shape {
        Shape::TwoPlayer => ["MAX", "MIN"][level as usize % 2],
        Shape::Chance => ["MAX", "CHANCE", "MIN", "CHANCE"][level as usize % 4],
        Shape::Players => ["A", "Ωmega", "C"][level as usize % 3],
    };
    out.push_str(kind);
    if named {
        let n = name(rng, names);
        if !n.is_empty() {
            out.push(' ');
            out.push_str(&n);
        }
    }
    out.push_str(" {");
    for _ in 0..rng.range(1, 4) {
        out.push(' ');
        node(rng, shape, level + 1, depth, names, out);
    }
    out.push_str(" }");
}

/// A leaf value in -9..9: whole, a fraction or a decimal.
fn leaf_value(rng: &mut SplitMix64, fractions: bool) -> String {
    let n = rng.range(-9, 9);
    match rng.range(0, 5) {
        0 if fractions => format!("{}/3", n),
        1 if fractions => format!("{n}.5"),
        _ => n.to_string(),
    }
}

// ---- The oracle: the text table and leaves as they were written before.

fn old_table(game: &Game, r: &AlgoReport) -> String {
    let a = r.visits.analysis();
    let windows = a.visits.iter().any(|v| a.window(v).is_some());
    let negamax = a.visits.iter().any(|v| a.negamax(v).is_some());
    let mut head = vec!["#".to_string(), "node".into(), "kind".into()];
    if windows {
        head.push("window (α, β)".into());
    }
    head.push("value".into());
    if negamax {
        head.push("negamax".into());
    }
    let rows: Vec<Vec<String>> = r.visits.nodes().map(|n| old_row(game, &n, windows, negamax)).collect();
    let mut width: Vec<usize> = head.iter().map(|s| s.chars().count()).collect();
    for row in &rows {
        for (w, s) in width.iter_mut().zip(row) {
            *w = (*w).max(s.chars().count());
        }
    }
    let line = |row: &[String]| {
        let cells: Vec<String> =
            row.iter().enumerate().map(|(c, s)| format!("{s}{}", " ".repeat(width[c] - s.chars().count()))).collect();
        format!("  {}\n", cells.join("  ").trim_end())
    };
    std::iter::once(line(&head)).chain(rows.iter().map(|r| line(r))).collect()
}

fn old_row(game: &Game, n: &NodeReport, windows: bool, negamax: bool) -> Vec<String> {
    let path: &Path = &n.path.path();
    let id = game.at(path);
    let kind = match (id, n.kind) {
        (_, "horizon") => "eval".to_string(),
        (Some(id), _) => old_kind(game, game.node(id).kind()),
        _ => n.kind.to_string(),
    };
    let node = format!("{}{}", "  ".repeat(path.depth()), describe(game, path));
    let kind = if n.probe { format!("{kind} probe") } else { kind };
    let mut row = vec![n.visit.to_string(), node, kind];
    if windows {
        row.push(match (&n.alpha, &n.beta) {
            (Some(a), Some(b)) => format!("({}, {})", old_pretty(a), old_pretty(b)),
            _ => String::new(),
        });
    }
    let value = n.value.as_ref().map(old_number).unwrap_or_default();
    row.push(match n.bound {
        "upper" => format!("≤ {value}"),
        "lower" => format!("≥ {value}"),
        _ => value,
    });
    if negamax {
        row.push(n.negamax_value.as_ref().map(old_number).unwrap_or_default());
    }
    row
}

fn old_kind(game: &Game, kind: NodeKind) -> String {
    match kind {
        NodeKind::Max => "MAX".into(),
        NodeKind::Min => "MIN".into(),
        NodeKind::Chance => "CHANCE".into(),
        NodeKind::Player(p) => game.players().get(p as usize).cloned().unwrap_or_default(),
        NodeKind::Leaf => "leaf".into(),
    }
}

fn old_number(n: &Number) -> String {
    match n {
        Number::Num(v) => v.to_string(),
        Number::Vector(vs) => Value::Vector(vs.as_slice().into()).to_string(),
    }
}

fn old_pretty(n: &Number) -> String {
    match n {
        Number::Num(v) => v.pretty(),
        Number::Vector(_) => old_number(n),
    }
}

fn old_leaves(game: &Game, r: &AlgoReport) -> String {
    let once = r.visits.analysis().entered_once();
    let analysis = r.visits.analysis();
    let mut first: HashMap<Path, usize> = HashMap::new();
    for i in (0..analysis.visits.len()).filter(|_| !once) {
        first.entry(analysis.path(i)).or_insert(i);
    }
    let mut out = String::from("  leaves evaluated:");
    for (i, _) in r.visits.leaf_order() {
        let path = analysis.path(i);
        let node = if once { Some(i) } else { first.get(&path).copied() };
        let value = node.map(|i| r.visits.node(i)).and_then(|n| n.value.as_ref().map(old_number)).unwrap_or_default();
        let text = match game.at(&path).and_then(|id| game.node(id).name()) {
            Some(name) => format!("{name}={value}"),
            None => value,
        };
        out.push(' ');
        out.push_str(&text);
    }
    if r.visits.leaf_order().next().is_none() {
        out.push(' ');
    }
    out + "\n"
}
