//! Every algorithm, timed on its own, on generated trees: the load (parse
//! and validate, through the quick loader), then each algorithm that
//! applies to a two-player tree (`search::applicable`), with the nodes it
//! visited and the peak heap its trace took per node of the tree.
//!
//! ```text
//! cargo bench --bench algorithms                 # 10^3, 10^5, 10^6, 10^7 leaves (b=10) and 3^14
//! cargo bench --bench algorithms -- 10x6         # one size: branching x depth
//! cargo bench --bench algorithms -- chance 10x6  # the matrix's chance tree (MAX, CHANCE, MIN, CHANCE, …)
//! cargo bench --bench algorithms -- chance full 10x6  # the same, probabilities written (`1/10:`)
//! ```
//!
//! Times are the best of a few runs (one run from 10^6 leaves up).

use std::hint::black_box;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

mod common;
#[path = "matrix/forms.rs"]
#[allow(dead_code)]
mod forms;

use common::{LIVE, PEAK};
use gametree::search;
use gametree::search::options::Options;
use gametree::search::trace::Event;

#[global_allocator]
static ALLOC: common::Counting = common::Counting;

/// The best time of `runs` runs of `f`, the peak heap one run added, and
/// its last result.
fn best<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, usize, T) {
    let mut best = Duration::MAX;
    let mut out = None;
    let mut peak = 0;
    for _ in 0..runs {
        drop(out.take());
        let base = LIVE.load(Relaxed);
        PEAK.store(base, Relaxed);
        let start = Instant::now();
        let value = black_box(f());
        best = best.min(start.elapsed());
        peak = peak.max(PEAK.load(Relaxed) - base);
        out = Some(value);
    }
    (best, peak, out.expect("at least one run"))
}

fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1e3)
}

/// Times the load and every applicable algorithm on one tree.
fn rows(branching: u32, depth: u32, shape: Shape) {
    let text = match shape {
        Shape::TwoPlayer => gametree::check::bigtree::uniform(branching, depth, 1),
        Shape::Chance { full } => {
            let f = forms::forms(forms::Shape::Chance, branching, depth, false, |_| String::new());
            if full { f.full } else { f.quick.expect("the chance tree has a quick form") }
        }
    };
    let leaves = gametree::check::bigtree::leaves(branching, depth);
    let runs = match leaves {
        1_000_000.. => 1,
        100_000.. => 3,
        _ => 20,
    };
    let (t_load, heap, game) = best(runs, || gametree::load("big.tree", &text).expect("a generated tree is valid"));
    let nodes = game.len() as f64;
    let size = format!("{branching}^{depth}");
    println!("| {size} | load (parse + validate) | {} | {} | {:.0} |", ms(t_load), game.len(), heap as f64 / nodes);
    let opts = Options::default();
    for a in search::applicable(&game) {
        let (t, heap, trace) = best(runs, || search::run(&game, a, &opts).expect("applicable"));
        let visited = trace.events().filter(|e| matches!(e, Event::Enter { .. } | Event::Leaf { .. })).count();
        println!("| {size} | {} | {} | {visited} | {:.0} |", a.name(), ms(t), heap as f64 / nodes);
    }
}

/// Which tree: the two-player one, or the matrix's chance tree (`full`:
/// with its probabilities written on the edges).
#[derive(Clone, Copy)]
enum Shape {
    TwoPlayer,
    Chance { full: bool },
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let shape = match args.iter().any(|a| a == "chance") {
        true => Shape::Chance { full: args.iter().any(|a| a == "full") },
        false => Shape::TwoPlayer,
    };
    let sizes = common::sizes();
    println!("| tree | stage | ms | nodes (load) / visits (search) | peak heap B/node |");
    println!("|---|---|---|---|---|");
    for (b, d) in sizes {
        rows(b, d, shape);
    }
}
