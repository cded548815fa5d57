//! Where the time and the memory go, stage by stage, on generated trees:
//! the load (the quick loader, and for reference pest and validate, the
//! full path), alphabeta, the analysis and report, and its JSON.
//!
//! ```text
//! cargo bench --bench stages                 # 10^3, 10^5, 10^6, 10^7 leaves (b=10) and 3^14
//! cargo bench --bench stages -- 10x7         # one size: branching x depth
//! ```
//!
//! Times are the best of a few runs (one run for 10^6 leaves and more, but
//! at least five for alphabeta, the report and its JSON).
//! Memory is measured by a counting global allocator: the peak of live heap
//! bytes while the whole pipeline runs as `gametree solve -a alphabeta
//! --format json` does (spec text, load, search, report, JSON), divided
//! by the tree's node count.

use std::hint::black_box;
use std::io::Write;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

mod common;

use common::{LIVE, PEAK};
use gametree::report::{AlgoReport, Report};
use gametree::search::options::Options;
use gametree::search::{self, Algorithm};

#[global_allocator]
static ALLOC: common::Counting = common::Counting;

/// The best time of `runs` runs of `f`, and its last result.
fn best<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..runs {
        drop(out.take());
        let start = Instant::now();
        let value = black_box(f());
        best = best.min(start.elapsed());
        out = Some(value);
    }
    (best, out.expect("at least one run"))
}

fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1e3)
}

/// Runs the pipeline on one tree and prints its row.
fn row(branching: u32, depth: u32) {
    let text = gametree::check::bigtree::uniform(branching, depth, 1);
    let leaves = gametree::check::bigtree::leaves(branching, depth);
    let runs = if leaves >= 1_000_000 {
        1
    } else if leaves >= 100_000 {
        3
    } else {
        20
    };
    let opts = Options::default();
    // The full path (pest, then validate) is what every spec goes through
    // when the quick loader steps aside; too slow to time past 10^6 leaves.
    let (t_parse, t_validate) = if leaves <= 1_000_000 {
        let (t_parse, file) = best(runs, || gametree::syntax::parse::parse(&text).expect("a generated tree parses"));
        let (t_validate, _) = best(runs, || gametree::model::validate::validate(&file).expect("and is valid"));
        (ms(t_parse), ms(t_validate))
    } else {
        ("—".to_string(), "—".to_string())
    };
    let (t_load, game) = best(runs, || gametree::load("big.tree", &text).expect("a generated tree is valid"));
    // The stages after the model are fast: at least 5 runs each.
    let fast = runs.max(5);
    let (t_ab, trace) = best(fast, || search::run(&game, Algorithm::Alphabeta, &opts).expect("alphabeta applies"));
    let (t_report, report) = best(fast, || AlgoReport::new(&game, &trace));
    let report = Report { title: None, results: vec![report] };
    let (t_json, bytes) = best(fast, || {
        let mut out = std::io::BufWriter::with_capacity(1 << 16, CountingSink(0));
        gametree::report::json::write_report(&mut out, &report).expect("JSON");
        out.flush().expect("flush");
        out.get_ref().0
    });
    let nodes = game.len();
    let visited = report.results[0].stats.nodes_visited;
    drop((game, trace, report));

    // Peak memory of the whole `solve -a alphabeta --format json` pipeline.
    let base = LIVE.load(Relaxed);
    PEAK.store(base, Relaxed);
    {
        let text = text.clone();
        let game = gametree::load("big.tree", &text).expect("valid");
        let trace = search::run(&game, Algorithm::Alphabeta, &opts).expect("alphabeta applies");
        let report = Report { title: None, results: vec![AlgoReport::new(&game, &trace)] };
        let mut out = std::io::BufWriter::with_capacity(1 << 16, CountingSink(0));
        gametree::report::json::write_report(&mut out, &report).expect("JSON");
        out.flush().expect("flush");
    }
    let peak = PEAK.load(Relaxed) - base;
    let total = t_load + t_ab + t_report + t_json;
    println!(
        "| {branching}^{depth} = {leaves} | {nodes} | {:.1} | {visited} | {t_parse} | {t_validate} | {} | {} | {} | {} | {} | {:.0} | {:.1} |",
        text.len() as f64 / 1e6,
        ms(t_load),
        ms(t_ab),
        ms(t_report),
        ms(t_json),
        ms(total),
        peak as f64 / nodes as f64,
        bytes as f64 / 1e6,
    );
}

/// Counts the bytes written to it.
struct CountingSink(usize);

impl Write for CountingSink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn main() {
    let sizes = common::sizes();
    println!(
        "| leaves | nodes | spec MB | visited (αβ) | pest parse ms | validate ms | load ms | alphabeta ms | report ms \
         | JSON ms | load→JSON ms (αβ) | peak heap B/node | JSON MB |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (b, d) in sizes {
        row(b, d);
    }
}
