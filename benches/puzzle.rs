//! The puzzle solver on 12 to 27 unknown leaves (divan):
//!
//! ```text
//! cargo bench --bench puzzle
//! cargo bench --bench puzzle -- boxes      # the solver only (`puzzle::solve`: the count over
//!                                          # subtrees where it applies, else the box search)
//! ```
//!
//! The puzzles are the hand-worked fixtures in `tests/fixtures/puzzles/`:
//! `twelve-leaves` (a multiset, the values 1..12), `sixteen-values` (the
//! values 1..16), `sixteen-repeats` (four 1s, 2s, 3s and 4s), `sixteen-chains` (leaves compared with each other along
//! chains: the values 1..16, and each leaf in 1..16), `pvs-two-plies`
//! (`pvs` asking `pv` and `values`, the values 1..16), `twenty-chains` (the
//! same with a fifth MIN node, the values 1..20), `sixteen`, `twenty` and
//! `twenty-seven` (over their declared bounds, 0..3 or 0..2),
//! `three-plies` (27 unknowns on a random three-ply tree, over 0..3),
//! `twenty-seven-values` (the values 1..27 on three plies), `some-known`
//! (21 unknowns among 27 leaves over −150..150; its own leaves are one
//! solution, so its count is checked to be above zero before it is
//! timed), `twenty-seven-repeats` (the values 1..9 three times each on
//! three plies; its fixture names one solution, checked the same way),
//! `wide`
//! (4 unknowns over −1000..1000); and three over −1000..1000 whose counts
//! pass 2^128 (`-wide`: `sixteen-chains`, `twenty-chains`, and
//! `twenty-seven` with its bounds removed); `expectimax` (12 unknowns
//! under three CHANCE nodes, over 0..5 and over −1000..1000),
//! `expectimax-eighteen` and `expectimax-twenty-one` (the values 1..18,
//! and 21 distinct values beside six known leaves, under three CHANCE
//! nodes). `enumerate` times the one-value-at-a-time
//! search the box search replaced, on the 12-leaf puzzle, after checking
//! that both give the same count and the same first 20 solutions.

use divan::Bencher;
use gametree::check::puzzle::{self, Domain};

fn main() {
    divan::main();
}

/// (fixture, its domain: `None` for the declared bounds)
const PUZZLES: &[&str] = &[
    "12-multiset",
    "16",
    "16-multiset",
    "16-repeats",
    "16-chains",
    "16-chains-range",
    "16-pvs",
    "20",
    "20-chains",
    "27",
    "27-three-plies",
    "27-values",
    "27-some-known",
    "27-repeats",
    "27-pvs",
    "wide",
    "16-chains-wide",
    "20-chains-wide",
    "27-wide",
    "12-expectimax",
    "12-expectimax-wide",
    "18-expectimax-values",
    "21-expectimax-values",
];

fn puzzle(name: &str) -> (gametree::check::spec::Spec, Domain) {
    let (file, domain) = match name {
        "12-multiset" => ("twelve-leaves", Some(Domain::parse_values("1,2,3,4,5,6,7,8,9,10,11,12").expect("values"))),
        "16" => ("sixteen", None),
        "16-multiset" => {
            ("sixteen-values", Some(Domain::parse_values("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16").expect("values")))
        }
        "16-chains" => {
            ("sixteen-chains", Some(Domain::parse_values("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16").expect("values")))
        }
        "16-chains-range" => ("sixteen-chains", Some(Domain::Range(1, 16))),
        "16-pvs" => {
            ("pvs-two-plies", Some(Domain::parse_values("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16").expect("values")))
        }
        "16-repeats" => {
            ("sixteen-repeats", Some(Domain::parse_values("1,1,1,1,2,2,2,2,3,3,3,3,4,4,4,4").expect("values")))
        }
        "20" => ("twenty", None),
        "20-chains" => {
            let values: Vec<String> = (1..=20).map(|v| v.to_string()).collect();
            ("twenty-chains", Some(Domain::parse_values(&values.join(",")).expect("values")))
        }
        "27" => ("twenty-seven", None),
        "27-three-plies" => ("three-plies", Some(Domain::Range(0, 3))),
        "27-pvs" => ("pvs-twenty-seven", Some(Domain::Range(0, 3))),
        "27-values" => {
            let values: Vec<String> = (1..=27).map(|v| v.to_string()).collect();
            ("twenty-seven-values", Some(Domain::parse_values(&values.join(",")).expect("values")))
        }
        "27-some-known" => ("some-known", Some(Domain::Range(-150, 150))),
        "27-repeats" => {
            let values: Vec<String> = (0..27).map(|i| (i % 9 + 1).to_string()).collect();
            ("twenty-seven-repeats", Some(Domain::parse_values(&values.join(",")).expect("values")))
        }
        "16-chains-wide" => ("sixteen-chains", Some(Domain::Range(-1000, 1000))),
        "20-chains-wide" => ("twenty-chains", Some(Domain::Range(-1000, 1000))),
        "27-wide" => ("twenty-seven", Some(Domain::Range(-1000, 1000))),
        "12-expectimax" => ("expectimax", Some(Domain::Range(0, 5))),
        "12-expectimax-wide" => ("expectimax", Some(Domain::Range(-1000, 1000))),
        "18-expectimax-values" => (
            "expectimax-eighteen",
            Some(Domain::parse_values("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18").expect("values")),
        ),
        "21-expectimax-values" => (
            "expectimax-twenty-one",
            Some(Domain::parse_values("1,2,3,4,5,7,8,9,10,13,14,15,17,18,20,22,23,24,25,26,27").expect("values")),
        ),
        _ => ("wide", Some(Domain::Range(-1000, 1000))),
    };
    let path = format!("{}/tests/fixtures/puzzles/{file}.tree", env!("CARGO_MANIFEST_DIR"));
    let mut text = std::fs::read_to_string(&path).expect("fixture");
    if name == "27-wide" {
        text = text.lines().filter(|l| !l.starts_with("bounds")).map(|l| format!("{l}\n")).collect();
    }
    let spec = gametree::check::spec::load(&path, &text).expect("loads");
    let domain = domain.unwrap_or_else(|| Domain::declared(&spec.game).expect("bounds"));
    (spec, domain)
}

#[divan::bench(args = PUZZLES, sample_count = 5, sample_size = 1)]
fn boxes(bencher: Bencher, name: &str) {
    let (spec, domain) = puzzle(name);
    if name == "27-some-known" || name == "27-repeats" {
        // The tree's own leaves are a solution, the first listed or not:
        // the solver answers, with at least that one.
        let found = puzzle::solve(&spec, &domain, u64::MAX, 20).expect("solves");
        assert!(!found.count.is_zero() && !found.solutions.is_empty());
    }
    bencher.bench_local(|| puzzle::solve(&spec, &domain, u64::MAX, 20).expect("solves"));
}

#[divan::bench(args = ["12-multiset"], sample_count = 2, sample_size = 1)]
fn enumerate(bencher: Bencher, name: &str) {
    let (spec, domain) = puzzle(name);
    // The two searches agree before either is timed.
    let slow = puzzle::enumerate(&spec, &domain, u64::MAX, 20).expect("solves");
    let fast = puzzle::solve(&spec, &domain, u64::MAX, 20).expect("solves");
    assert_eq!((slow.count, &slow.solutions), (fast.count, &fast.solutions));
    bencher.bench_local(|| puzzle::enumerate(&spec, &domain, u64::MAX, 20).expect("solves"));
}
