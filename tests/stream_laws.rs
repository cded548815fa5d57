//! A search read as it runs reports what its whole trace reports.
//!
//! `AlgoReport::run` streams a big tree's search to an analysis on a
//! second thread, the trace sent a batch at a time with what its side
//! tables (rationals, huge integers, windows, vectors, pruned lists, table
//! events) gained since the last batch. Here batches are one to a few
//! events, so every table grows between batches, and the streamed report
//! must be the trace's report, field for field (its JSON), for every
//! algorithm that applies, under varied options, on random two-player,
//! chance and three-player trees.

use gametree::check::bigtree::{self, SplitMix64};
use gametree::model::Game;
use gametree::report::AlgoReport;
use gametree::search::options::Options;
use gametree::search::{self, Algorithm};
use proptest::prelude::*;

/// A small deterministic generator of spec text.
struct Gen {
    rng: SplitMix64,
    names: Vec<String>,
    next: u32,
    shape: Shape,
    bounded: bool,
}

#[derive(Clone, Copy, Debug)]
enum Shape {
    TwoPlayer,
    Chance,
    ThreePlayer,
}

impl Gen {
    fn rand(&mut self, n: u64) -> u64 {
        self.rng.next_u64() % n
    }

    /// A scalar of every kind a trace interns: small integers (held in the
    /// slot), integers past 2^30, fractions, decimals.
    fn number(&mut self) -> String {
        let v = self.rand(11) as i64 - 5;
        if self.bounded {
            return v.to_string();
        }
        match self.rand(8) {
            0 => format!("{}", v * 3_000_000_000),
            1 => format!("{v}/{}", 2 + self.rand(3)),
            2 => format!("{v}.5"),
            _ => v.to_string(),
        }
    }

    fn leaf(&mut self) -> String {
        match self.shape {
            Shape::ThreePlayer => {
                let parts: Vec<String> = (0..3).map(|_| self.rand(7).to_string()).collect();
                format!("({})", parts.join(", "))
            }
            _ => self.number(),
        }
    }

    fn kind(&mut self) -> &'static str {
        match (self.shape, self.rand(6)) {
            (Shape::ThreePlayer, r) => ["A", "B", "C"][r as usize % 3],
            (Shape::Chance, 0 | 1) => "CHANCE",
            (_, r) if r % 2 == 0 => "MAX",
            _ => "MIN",
        }
    }

    fn inner(&mut self, depth: u32, max: u32) -> String {
        let kind = self.kind();
        self.next += 1;
        let id = self.next;
        let eval = if kind == "CHANCE" || matches!(self.shape, Shape::ThreePlayer) {
            String::new()
        } else {
            format!(" [eval={}]", self.rand(11) as i64 - 5)
        };
        let n = 1 + self.rand(4);
        // Written probabilities on some CHANCE nodes (else uniform).
        let probs = kind == "CHANCE" && self.rand(2) == 0;
        let mut children = Vec::new();
        for i in 0..n {
            let roll = self.rand(10);
            let child = if depth + 1 >= max || roll < 4 {
                self.leaf()
            } else if roll < 5 && !self.names.is_empty() && kind != "CHANCE" {
                let k = self.rand(self.names.len() as u64) as usize;
                format!("&{}", self.names[k])
            } else {
                self.inner(depth + 1, max)
            };
            children.push(match probs {
                // 1/2, 1/4, … and the rest on the last child: they sum to 1.
                true if i + 1 < n => format!("1/{}: {child}", 2u64 << i),
                true => format!("1/{}: {child}", 1u64 << i),
                false => child,
            });
        }
        self.names.push(format!("N{id}"));
        format!("{kind} N{id}{eval} {{ {} }}", children.join(" "))
    }

    fn spec(&mut self, max: u32) -> String {
        let tree = self.inner(0, max);
        let head = match (self.shape, self.bounded) {
            (Shape::ThreePlayer, _) => "players A B C\nsum 18\n",
            (_, true) => "bounds [-5, 5]\n",
            (_, false) => "",
        };
        format!("{head}{tree}\n")
    }
}

fn game(seed: u64, shape: Shape, bounded: bool, depth: u32) -> (String, Game) {
    let mut g = Gen { rng: SplitMix64::new(seed), names: Vec::new(), next: 0, shape, bounded };
    let text = g.spec(depth);
    let game = gametree::load("random.tree", &text).unwrap_or_else(|d| panic!("{text}\n{d:?}"));
    (text, game)
}

/// Options a run may take that keep it streaming (no depth, no beam).
fn options(pick: u64) -> Options {
    let mut o = Options::default();
    let mut set = |k: &str, v: Option<&str>| o.set(k, v).expect("a valid option");
    if pick & 1 != 0 {
        set("strict-cuts", None);
    }
    if pick & 2 != 0 {
        set("fail-hard", None);
    }
    match (pick >> 2) % 4 {
        1 => set("ties", Some("all")),
        2 => set("ties", Some("last")),
        _ => {}
    }
    match (pick >> 4) % 4 {
        1 => set("order", Some("reverse")),
        2 => set("order", Some("best")),
        3 => set("order", Some("eval")),
        _ => {}
    }
    if pick & 64 != 0 {
        set("tt-size", Some("2"));
    }
    if pick & 128 != 0 {
        set("shallow", None);
    }
    o
}

/// Every run of every applicable algorithm, streamed `batch` events at a
/// time and read from its trace borrowed, against the report of its whole
/// trace consumed.
fn same_reports(text: &str, game: &Game, opts: &Options, batch: usize) -> Result<usize, TestCaseError> {
    let mut algorithms = search::applicable(game);
    if game.is_multiplayer() {
        algorithms.push(Algorithm::Paranoid);
    }
    let mut compared = 0;
    for a in algorithms {
        let Ok(trace) = search::run(game, a, opts) else { continue };
        prop_assert!(search::streams(a, opts));
        // The trace read borrowed (its table copied) and consumed (its
        // table handed over), and streamed.
        let borrowed = serde_json::to_string(&AlgoReport::new(game, &trace)).unwrap();
        let whole = AlgoReport::of(game, trace);
        let streamed = AlgoReport::streamed(game, a, opts, batch).expect("a thread for the reader");
        let (whole, streamed) = (serde_json::to_string(&whole).unwrap(), serde_json::to_string(&streamed).unwrap());
        prop_assert_eq!(&borrowed, &whole, "{} with {:?}, read borrowed\n{}", a, opts, text);
        prop_assert_eq!(&streamed, &whole, "{} with {:?}, batches of {}\n{}", a, opts, batch, text);
        compared += 1;
    }
    Ok(compared)
}

#[path = "common/cases.rs"]
mod cases;

proptest! {
    #![proptest_config(cases::cases(300))]

    #[test]
    fn a_streamed_search_reports_what_its_trace_reports(
        seed in any::<u64>(),
        shape in prop_oneof![Just(Shape::TwoPlayer), Just(Shape::Chance), Just(Shape::ThreePlayer)],
        bounded in any::<bool>(),
        depth in 1u32..6,
        pick in any::<u64>(),
        batch in 1usize..9,
    ) {
        let (text, game) = game(seed, shape, bounded, depth);
        let compared = same_reports(&text, &game, &options(pick), batch)?;
        // Every tree has some algorithm that runs with any of these options.
        prop_assert!(compared > 0, "nothing ran on\n{}", text);
    }
}

/// A tree big enough that `AlgoReport::run` streams it (the CLI's path),
/// with batches of the real size: the same report as the whole trace's.
#[test]
fn a_big_tree_run_as_the_cli_does_reports_what_its_trace_reports() {
    let text = bigtree::uniform(4, 8, 7);
    let game = gametree::load("big.tree", &text).expect("a valid tree");
    assert!(game.len() > 1 << 16, "{} nodes: too few to stream", game.len());
    for a in [Algorithm::Minimax, Algorithm::Alphabeta, Algorithm::Pvs, Algorithm::Ids, Algorithm::NegamaxTt] {
        let opts = Options::default();
        let whole = AlgoReport::of(&game, search::run(&game, a, &opts).expect("it applies"));
        let run = AlgoReport::run(&game, a, &opts).expect("it applies");
        assert_eq!(
            serde_json::to_string(&run).unwrap(),
            serde_json::to_string(&whole).unwrap(),
            "{a} on {} nodes",
            game.len()
        );
    }
}
