//! Every algorithm × input form × output, as ratios to the limit program.
//!
//! ```text
//! cargo bench --bench matrix                 # 10^6 leaves (b=10, d=6)
//! cargo bench --bench matrix -- 10x7         # one size: branching x depth
//! cargo bench --bench matrix -- quick        # only some forms: quick, full, yaml
//! cargo bench --bench matrix -- chance       # only some shapes: minmax, chance, players
//! cargo bench --bench matrix -- write DIR    # only write the trees to DIR (for `whole_process.py`)
//! ```
//!
//! For each tree shape (MAX/MIN, chance, three players) and input form
//! (the quick-loader text subset, the full language, YAML; see `forms`),
//! each algorithm runs as `gametree solve FILE -a ALGO [--format json]`
//! does: load, search, report, output (JSON, or the text report as `-a`
//! prints it, its long parts cut at 1000 rows) written to a sink that
//! counts bytes. One cell's time is the load's
//! (timed once per form) plus the search, report and output; the ratio is
//! to the limit program (the best of 5 runs just before) reading the same
//! text: `limit` for the text forms, `limit_yaml` for YAML. Before any
//! timing, `agree` checks both limits against the library on random small
//! trees of every shape. Memory is the peak of
//! live heap bytes (a counting allocator) over the load, or over the
//! search, report and output with the loaded game alive (the spec text is
//! released by then, as the CLI does), whichever is higher, per node of
//! the tree. One run per cell: the machine is shared, so times vary by up
//! to 1.5× between runs.

use std::io::Write;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

mod agree;
#[path = "../common/mod.rs"]
mod common;
mod forms;
mod limit;
mod limit_yaml;

use common::{LIVE, PEAK};
use forms::Shape;
use gametree::analysis::Analysis;
use gametree::model::Game;
use gametree::report::{AlgoReport, Report, Text};
use gametree::search::options::Options;
use gametree::search::{self, Algorithm};

#[global_allocator]
static ALLOC: common::Counting = common::Counting;

/// A writer that keeps nothing and counts bytes.
struct Count(usize);

impl Write for Count {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Runs `f` and gives its time, its result, and the peak live heap above
/// what was live before it.
fn measure<T>(f: impl FnOnce() -> T) -> (Duration, T, usize) {
    let base = LIVE.load(Relaxed);
    PEAK.store(base, Relaxed);
    let start = Instant::now();
    let out = f();
    (start.elapsed(), out, PEAK.load(Relaxed) - base)
}

/// [`measure`], best of 3 runs when one takes under a second (the
/// limit beside it is best of 5), else the one run: the least time, the
/// highest peak.
fn best_of_3<T>(mut f: impl FnMut() -> T) -> (Duration, T, usize) {
    let (mut t, mut out, mut peak) = measure(&mut f);
    if t < Duration::from_secs(1) {
        for _ in 1..3 {
            drop(out);
            let (t2, o, p) = measure(&mut f);
            (t, out, peak) = (t.min(t2), o, peak.max(p));
        }
    }
    (t, out, peak)
}

fn secs(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64())
}

/// One search's report written as `solve FILE -a ALGO [--format json]`
/// writes it (the text's long parts cut at their first
/// [`gametree::report::ROWS_SHOWN`] rows, as `-a` without `--detail` does);
/// the bytes written.
fn solve(game: &Game, a: Algorithm, json: bool) -> usize {
    let result = AlgoReport::run(game, a, &Options::default()).expect("the algorithm applies");
    let report = Report { title: None, results: vec![result] };
    let mut out = std::io::BufWriter::with_capacity(1 << 16, Count(0));
    if json {
        gametree::report::json::write_report(&mut out, &report).expect("a sink never fails");
    } else {
        let rows = Some(gametree::report::ROWS_SHOWN);
        write!(out, "{}", Text { game, report: &report, rows }).expect("a sink never fails");
    }
    out.into_inner().map(|c| c.0).unwrap_or(0)
}

/// The expect block for a tree: its root value, worked by the library on
/// the quick form (exact rationals) or, for vectors, by the limit program.
fn expect(shape: Shape, algorithm: Algorithm) -> impl Fn(&str) -> String {
    move |text: &str| {
        let value = match shape {
            Shape::Players => {
                let v = limit::value(text).expect("the limit program reads it");
                format!("({}, {}, {})", v[0], v[1], v[2])
            }
            _ => {
                let game = gametree::load("big.tree", text).expect("a generated tree is valid");
                let trace = search::run(&game, algorithm, &Options::default()).expect("it applies");
                let a = Analysis::of(&game, &trace);
                a.value().expect("the root has a value").to_string()
            }
        };
        format!("expect {algorithm} {{\n  value {value}\n}}\n")
    }
}

/// The root value `a` finds on `game` (exact, then as `f64`s).
fn library_value(game: &Game, a: Algorithm) -> Vec<f64> {
    let trace = search::run(game, a, &Options::default()).expect("it applies");
    let analysis = Analysis::of(game, &trace);
    match analysis.value().expect("the root has a value") {
        gametree::search::trace::Value::Scalar(n) => vec![n.to_f64()],
        gametree::search::trace::Value::Vector(vs) => vs.iter().map(|n| n.to_f64()).collect(),
    }
}

/// The limit program reads the value the library finds (or it would not
/// be a limit for the same work).
fn same_value(game: &Game, a: Algorithm, text: &str, limit: Limit) {
    let want = library_value(game, a);
    let got = limit(text).expect("the limit program reads it");
    for (w, g) in want.iter().zip(got) {
        assert!((w - g).abs() < 1e-9, "the limit program found {got:?}, {a} {want:?}");
    }
}

/// A size word, `10x7` (not `minmax`, which also holds an `x`).
fn is_size(word: &str) -> bool {
    word.split_once('x').is_some_and(|(b, d)| b.parse::<u32>().is_ok() && d.parse::<u32>().is_ok())
}

/// A limit program: the root's value from one form's text.
type Limit = fn(&str) -> Option<limit::Val>;

fn main() {
    let sizes: Vec<(u32, u32)> =
        if std::env::args().skip(1).any(|a| is_size(&a)) { common::sizes() } else { vec![(10, 6)] };
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|a| a == "write") {
        let dir = args.get(at + 1).expect("write DIR: the folder to write the trees to");
        return write_forms(std::path::Path::new(dir), &sizes);
    }
    agree::check();
    println!(
        "| leaves | tree | form | algorithm | limit s | JSON s | JSON × limit | text s | text × limit | peak B/node (JSON / text) | JSON MB | text MB |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    let shapes: [(Shape, &[Algorithm]); 3] = [
        (
            Shape::TwoPlayer,
            &[
                Algorithm::Minimax,
                Algorithm::Negamax,
                Algorithm::Alphabeta,
                Algorithm::NegamaxAb,
                Algorithm::NegamaxTt,
                Algorithm::Pvs,
                Algorithm::Mtdf,
                Algorithm::Ids,
            ],
        ),
        (Shape::Chance, &[Algorithm::Expectiminimax, Algorithm::Star1, Algorithm::Star2]),
        (Shape::Players, &[Algorithm::Maxn]),
    ];
    for (b, d) in sizes {
        for (shape, algorithms) in shapes {
            let reference = if shape == Shape::Chance { Algorithm::Expectiminimax } else { algorithms[0] };
            let shape_words = ["minmax", "chance", "players"];
            let words: Vec<String> = std::env::args().skip(1).filter(|a| !is_size(a) && a != "--bench").collect();
            let shapes_asked: Vec<&String> = words.iter().filter(|a| shape_words.contains(&a.as_str())).collect();
            let key = match shape {
                Shape::TwoPlayer => "minmax",
                Shape::Chance => "chance",
                Shape::Players => "players",
            };
            if !shapes_asked.is_empty() && !shapes_asked.iter().any(|a| *a == key) {
                continue;
            }
            let asked: Vec<String> = words.into_iter().filter(|a| !shape_words.contains(&a.as_str())).collect();
            let yaml = asked.is_empty() || asked.iter().any(|a| a == "yaml");
            let f = forms::forms(shape, b, d, yaml, expect(shape, reference));
            if let Some(y) = &f.yaml {
                // What reading YAML costs the limit, beside the text limit
                // on the full text of the same tree (best of 5 each).
                let best = |f: &dyn Fn() -> Option<limit::Val>| (0..5).map(|_| measure(f).0).min().expect("five runs");
                let (t_full, t_yaml) = (best(&|| limit::value(&f.full)), best(&|| limit_yaml::value_yaml(y)));
                eprintln!(
                    "{} leaves, {}: limit on the full text {} s ({:.1} MB), on YAML {} s ({:.1} MB): {:.2}x",
                    gametree::check::bigtree::leaves(b, d),
                    shape.name(),
                    secs(t_full),
                    f.full.len() as f64 / 1e6,
                    secs(t_yaml),
                    y.len() as f64 / 1e6,
                    t_yaml.as_secs_f64() / t_full.as_secs_f64()
                );
            }
            // Each form's limit reads that form's text.
            let mut inputs: Vec<(&str, &str, String, Limit)> = Vec::new();
            if let Some(q) = f.quick {
                inputs.push(("text, quick subset", "big.tree", q, limit::value));
            }
            inputs.push(("text, full language", "big.tree", f.full, limit::value));
            if let Some(y) = f.yaml {
                inputs.push(("YAML", "big.yaml", y, limit_yaml::value_yaml));
            }
            let wanted = |form: &str| {
                let key = if form.contains("quick") {
                    "quick"
                } else if form.contains("full") {
                    "full"
                } else {
                    "yaml"
                };
                asked.is_empty() || asked.iter().any(|a| a == key)
            };
            inputs.retain(|(form, ..)| wanted(form));
            for (form, name, text, limit_of) in inputs {
                // The limit's own copy, kept for its runs beside each row.
                let limit_text = text.clone();
                // Other inputs are waiting in `inputs`: count only this one's
                // text, the game and the run.
                let other = LIVE.load(Relaxed) - text.capacity();
                // The load, best of 3 (the limit is best of 5; one load
                // timed at a bad moment shifted every row of its form).
                let load = || gametree::load(name, &text).expect("a generated tree is valid");
                let (mut t_load, mut game, mut load_peak) = measure(load);
                for _ in 1..3 {
                    drop(game);
                    let (t, g, p) = measure(load);
                    (t_load, game, load_peak) = (t_load.min(t), g, load_peak.max(p));
                }
                let load_peak = load_peak + text.capacity();
                same_value(&game, algorithms[0], &text, limit_of);
                drop(text);
                let game_bytes = LIVE.load(Relaxed) - other;
                let nodes = game.len() as f64;
                for &a in algorithms {
                    // Timed again next to each row (best of 5), as the
                    // machine's load changes.
                    let limit = (0..5).map(|_| measure(|| limit_of(&limit_text)).0).min().expect("five runs");
                    let (t_json, json, json_peak) = best_of_3(|| solve(&game, a, true));
                    let (t_text, text_bytes, text_peak) = best_of_3(|| solve(&game, a, false));
                    let per = |p: usize| (load_peak.max(game_bytes + p)) as f64 / nodes;
                    let (j, t) = (t_load + t_json, t_load + t_text);
                    let ratio = |x: Duration| x.as_secs_f64() / limit.as_secs_f64();
                    println!(
                        "| {} | {} | {form} | {a} | {} | {} | {:.1} | {} | {:.1} | {:.0} / {:.0} | {:.1} | {:.1} |",
                        gametree::check::bigtree::leaves(b, d),
                        shape.name(),
                        secs(limit),
                        secs(j),
                        ratio(j),
                        secs(t),
                        ratio(t),
                        per(json_peak),
                        per(text_peak),
                        json as f64 / 1e6,
                        text_bytes as f64 / 1e6,
                    );
                    std::io::stdout().flush().ok();
                }
            }
        }
    }
}

/// Writes every shape's forms at each size to `dir`, as
/// `SHAPE-FORM-BxD.tree` (or `.yaml`), for `benches/whole_process.py`,
/// which times and measures `gametree solve` on them as whole processes.
fn write_forms(dir: &std::path::Path, sizes: &[(u32, u32)]) {
    std::fs::create_dir_all(dir).expect("the folder can be made");
    for &(b, d) in sizes {
        for (shape, key) in [(Shape::TwoPlayer, "minmax"), (Shape::Chance, "chance"), (Shape::Players, "players")] {
            let algorithm = match shape {
                Shape::TwoPlayer => Algorithm::Minimax,
                Shape::Chance => Algorithm::Expectiminimax,
                Shape::Players => Algorithm::Maxn,
            };
            let f = forms::forms(shape, b, d, true, expect(shape, algorithm));
            let texts = [("quick", "tree", f.quick), ("full", "tree", Some(f.full)), ("yaml", "yaml", f.yaml)];
            for (form, ext, text) in texts {
                let Some(text) = text else { continue };
                let path = dir.join(format!("{key}-{form}-{b}x{d}.{ext}"));
                std::fs::write(&path, text).expect("the tree can be written");
                println!("{}", path.display());
            }
        }
    }
}
