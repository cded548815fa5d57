//! Every algorithm × input form × output, as ratios to the limit program.
//!
//! ```text
//! cargo bench --bench matrix                 # 10^6 leaves (b=10, d=6)
//! cargo bench --bench matrix -- 10x7         # one size: branching x depth
//! cargo bench --bench matrix -- quick        # only some forms: quick, full, yaml
//! ```
//!
//! For each tree shape (MAX/MIN, chance, three players) and input form
//! (the quick-loader text subset, the full language, YAML; see `forms`),
//! each algorithm runs as `gametree solve FILE -a ALGO [--format json]`
//! does: load, search, report, output (JSON, or the detailed text report)
//! written to a sink that counts bytes. One cell's time is the load's
//! (timed once per form) plus the search, report and output; the ratio is
//! to the limit program (`limit`, the best of 5 runs just before) reading the same
//! text (for YAML: the full text of the same tree). Memory is the peak of
//! live heap bytes (a counting allocator) over the load, or over the
//! search, report and output with the loaded game alive (the spec text is
//! released by then, as the CLI does), whichever is higher, per node of
//! the tree. One run per cell: the machine is shared, so times vary by up
//! to 1.5× between runs.

use std::io::Write;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

#[path = "../common/mod.rs"]
mod common;
mod forms;
mod limit;

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

fn secs(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64())
}

/// One search's report written as `solve` writes it; the bytes written.
fn solve(game: &Game, a: Algorithm, json: bool) -> usize {
    let trace = search::run(game, a, &Options::default()).expect("the algorithm applies");
    let report = Report { title: None, results: vec![AlgoReport::new(game, &trace)] };
    drop(trace);
    let mut out = std::io::BufWriter::with_capacity(1 << 16, Count(0));
    if json {
        gametree::report::json::write_report(&mut out, &report).expect("a sink never fails");
    } else {
        write!(out, "{}", Text { game, report: &report }).expect("a sink never fails");
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

/// The limit program reads the value the library finds (or it would not
/// be a limit for the same work).
fn same_value(game: &Game, a: Algorithm, text: &str) {
    let trace = search::run(game, a, &Options::default()).expect("it applies");
    let analysis = Analysis::of(game, &trace);
    let want: Vec<f64> = match analysis.value().expect("the root has a value") {
        gametree::search::trace::Value::Scalar(n) => vec![n.to_f64()],
        gametree::search::trace::Value::Vector(vs) => vs.iter().map(|n| n.to_f64()).collect(),
    };
    let got = limit::value(text).expect("the limit program reads it");
    for (w, g) in want.iter().zip(got) {
        assert!((w - g).abs() < 1e-9, "the limit program found {got:?}, {a} {want:?}");
    }
}

fn main() {
    let sizes: Vec<(u32, u32)> =
        if std::env::args().skip(1).any(|a| a.contains('x')) { common::sizes() } else { vec![(10, 6)] };
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
            let asked: Vec<String> = std::env::args().skip(1).filter(|a| !a.contains('x') && a != "--bench").collect();
            let yaml = asked.is_empty() || asked.iter().any(|a| a == "yaml");
            let f = forms::forms(shape, b, d, yaml, expect(shape, reference));
            // The limit reads the text form (for YAML: the full text).
            let mut inputs: Vec<(&str, &str, String, String)> = Vec::new();
            if let Some(q) = &f.quick {
                inputs.push(("text, quick subset", "big.tree", q.clone(), q.clone()));
            }
            inputs.push(("text, full language", "big.tree", f.full.clone(), f.full.clone()));
            if let Some(y) = &f.yaml {
                inputs.push(("YAML", "big.yaml", y.clone(), f.full.clone()));
            }
            drop(f);
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
            for (form, name, text, limit_text) in inputs {
                // Other inputs are waiting in `inputs`: count only this one's
                // text, the game and the run.
                let other = LIVE.load(Relaxed) - text.capacity();
                let (t_load, game, load_peak) =
                    measure(|| gametree::load(name, &text).expect("a generated tree is valid"));
                let load_peak = load_peak + text.capacity();
                if name.ends_with(".tree") {
                    same_value(&game, algorithms[0], &text);
                }
                drop(text);
                let game_bytes = LIVE.load(Relaxed) - other;
                let nodes = game.len() as f64;
                for &a in algorithms {
                    // Timed again next to each row (best of 5), as the
                    // machine's load changes.
                    let limit = (0..5).map(|_| measure(|| limit::value(&limit_text)).0).min().expect("five runs");
                    let (t_json, json, json_peak) = measure(|| solve(&game, a, true));
                    let (t_text, text_bytes, text_peak) = measure(|| solve(&game, a, false));
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
