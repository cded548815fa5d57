//! Timings of each stage on generated trees (divan):
//!
//! ```text
//! cargo bench --bench pipeline            # every stage, every size
//! cargo bench --bench pipeline -- parse   # one stage
//! ```
//!
//! Sizes are `BxD`: a complete tree of branching B and depth D (B^D
//! leaves, from `gametree::check::bigtree::uniform`). `benches/stages.rs` prints
//! the same stages side by side with peak memory per node.

use divan::Bencher;
use gametree::search::options::Options;
use gametree::search::{self, Algorithm};

fn main() {
    divan::main();
}

// 3x14 (4.8 million leaves) is in `stages` only: a parse takes tens of seconds.
const SIZES: &[&str] = &["10x3", "10x5", "10x6", "3x10"];

fn text(size: &str) -> String {
    let (b, d) = size.split_once('x').expect("BxD");
    gametree::check::bigtree::uniform(b.parse().expect("B"), d.parse().expect("D"), 1)
}

#[divan::bench(args = SIZES, sample_count = 3, sample_size = 1)]
fn parse(bencher: Bencher, size: &str) {
    let text = text(size);
    bencher.bench_local(|| gametree::syntax::parse::parse(&text).expect("parses"));
}

#[divan::bench(args = SIZES, sample_count = 3, sample_size = 1)]
fn validate(bencher: Bencher, size: &str) {
    let file = gametree::syntax::parse::parse(&text(size)).expect("parses");
    bencher.bench_local(|| gametree::model::validate::validate(&file).expect("valid"));
}

fn search(bencher: Bencher, size: &str, algorithm: Algorithm) {
    let game = gametree::load("big.tree", &text(size)).expect("valid");
    let opts = Options::default();
    bencher.bench_local(|| search::run(&game, algorithm, &opts).expect("applies"));
}

#[divan::bench(args = SIZES, sample_count = 3, sample_size = 1)]
fn alphabeta(bencher: Bencher, size: &str) {
    search(bencher, size, Algorithm::Alphabeta);
}

#[divan::bench(args = SIZES, sample_count = 3, sample_size = 1)]
fn minimax(bencher: Bencher, size: &str) {
    search(bencher, size, Algorithm::Minimax);
}
