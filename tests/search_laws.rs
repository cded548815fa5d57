//! Algorithm laws for the advanced two-player searches, over generated
//! trees: `negamax-tt`, `pvs`, `mtdf` and `ids` (at full depth) find the
//! minimax value of an independent reference implementation, on trees with
//! `&` transpositions and `[key=…]` transpositions (copies of one subtree
//! text under one key, so equal keys are equal positions), with rational
//! leaves, any first guess, a one-slot table, and depth cutoffs.

use gametree::analysis::Analysis;
use gametree::model::{Game, NodeId, NodeKind};
use gametree::num::Num;
use gametree::search::options::{Options, Order, Replace};
use gametree::search::{self, Algorithm};
use proptest::prelude::*;

#[path = "tools/pruned.rs"]
mod pruned;
use pruned::by_paths;

/// A small deterministic generator of spec text.
struct Gen {
    state: u64,
    names: Vec<String>,
    keyed: Vec<String>,
    next: u32,
    fractions: bool,
    /// Write `&` references and keyed copies.
    transpositions: bool,
}

impl Gen {
    fn rand(&mut self, n: u64) -> u64 {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        self.state % n
    }

    fn leaf(&mut self) -> String {
        let v = self.rand(11) as i64 - 5;
        if self.fractions && self.rand(3) == 0 { format!("{v}/{}", 2 + self.rand(2)) } else { v.to_string() }
    }

    /// An inner node; `plain`: no names and no `&` (a copyable subtree).
    fn inner(&mut self, depth: u32, max: u32, plain: bool) -> String {
        let kind = if self.rand(2) == 0 { "MAX" } else { "MIN" };
        let eval = self.rand(11) as i64 - 5;
        self.next += 1;
        let id = self.next;
        let keyed = plain && self.rand(2) == 0;
        let head = match (plain, keyed) {
            (false, _) => format!("{kind} N{id} [eval={eval}]"),
            (true, true) => format!("{kind} [key=k{id}, eval={eval}]"),
            (true, false) => format!("{kind} [eval={eval}]"),
        };
        let n = 1 + self.rand(3);
        let mut children = Vec::new();
        for _ in 0..n {
            let roll = self.rand(20);
            let leaf = depth + 1 >= max || roll < 6 || (!self.transpositions && roll < 12);
            let child = if leaf {
                self.leaf()
            } else if !plain && roll < 9 && !self.names.is_empty() {
                let i = self.rand(self.names.len() as u64) as usize;
                format!("&{}", self.names[i])
            } else if roll < 12 && !self.keyed.is_empty() {
                let i = self.rand(self.keyed.len() as u64) as usize;
                self.keyed[i].clone()
            } else {
                let sub_plain = plain || self.rand(3) == 0;
                self.inner(depth + 1, max, sub_plain)
            };
            children.push(child);
        }
        let text = format!("{head} {{ {} }}", children.join(" "));
        if !plain {
            self.names.push(format!("N{id}"));
        } else if keyed {
            self.keyed.push(text.clone());
        }
        text
    }
}

fn tree(seed: u64, max: u32, fractions: bool) -> Game {
    tree_with(seed, max, fractions, true)
}

fn tree_with(seed: u64, max: u32, fractions: bool, transpositions: bool) -> Game {
    let mut g = Gen { state: seed | 1, names: vec![], keyed: vec![], next: 0, fractions, transpositions };
    let text = g.inner(0, max, false);
    gametree::load("law.tree", &text).unwrap_or_else(|e| panic!("{text}\n{e:?}"))
}

/// Minimax (with the `eval` cutoff), written independently of `algo`.
fn minimax(game: &Game, id: NodeId, depth: u32, cutoff: Option<u32>) -> Num {
    let node = game.node(id);
    if let Some(u) = node.scalar() {
        return u;
    }
    if cutoff == Some(depth) {
        return node.eval().unwrap();
    }
    let values = node.children().iter().map(|e| minimax(game, e.child, depth + 1, cutoff));
    match node.kind() {
        NodeKind::Max => values.fold(Num::NEG_INF, Num::max),
        _ => values.fold(Num::INF, Num::min),
    }
}

fn value(game: &Game, algo: Algorithm, opts: &Options) -> Num {
    let trace = search::run(game, algo, opts).unwrap();
    Analysis::of(game, &trace).value().unwrap().scalar().unwrap()
}

fn height(game: &Game, id: NodeId) -> u32 {
    game.node(id).children().iter().map(|e| 1 + height(game, e.child)).max().unwrap_or(0)
}

const SEARCHES: [Algorithm; 4] = [Algorithm::NegamaxTt, Algorithm::Pvs, Algorithm::Mtdf, Algorithm::Ids];

#[path = "common/cases.rs"]
mod cases;

proptest! {
    #![proptest_config(cases::cases(1000))]

    #[test]
    fn searches_find_the_minimax_value(seed in any::<u64>(), max in 2u32..5, fractions in any::<bool>(), guess in -6i64..7) {
        let game = tree(seed, max, fractions);
        let truth = minimax(&game, NodeId::ROOT, 0, None);
        let opts = Options { guess: Some(Num::int(guess)), ..Options::default() };
        let root = game.root();
        let leftmost = root.children().iter().position(|e| minimax(&game, e.child, 1, None) == truth).map(|i| i as u32);
        for a in SEARCHES {
            let trace = search::run(&game, a, &opts).unwrap();
            let run = Analysis::of(&game, &trace);
            prop_assert_eq!(run.value().unwrap().scalar().unwrap(), truth, "{}", a);
            let best = run.best_moves(gametree::search::options::Ties::First).first().copied();
            if a == Algorithm::Ids {
                // The previous iteration's best move is searched first, so
                // the first move found attaining the value may not be the
                // leftmost; it attains the value all the same.
                let child = root.children()[best.unwrap() as usize].child;
                prop_assert_eq!(minimax(&game, child, 1, None), truth, "ids best move");
            } else {
                prop_assert_eq!(best, leftmost, "{} best move", a);
            }
        }
    }

    #[test]
    fn a_tiny_table_is_still_correct(seed in any::<u64>(), max in 2u32..5, depth_pref in any::<bool>(), reverse in any::<bool>()) {
        let game = tree(seed, max, true);
        let truth = minimax(&game, NodeId::ROOT, 0, None);
        let opts = Options {
            tt_size: Some(1 + seed % 2),
            tt_replace: if depth_pref { Replace::Depth } else { Replace::Always },
            order: if reverse { Order::Reverse } else { Order::Spec },
            ..Options::default()
        };
        for a in [Algorithm::NegamaxTt, Algorithm::Mtdf] {
            prop_assert_eq!(value(&game, a, &opts), truth, "{}", a);
        }
    }

    /// With `--depth`, a table answers a shallow probe with a deeper
    /// result (Wikipedia's `ttEntry.depth ≥ depth`), so the table searches
    /// equal depth-limited minimax only when no position is reached at two
    /// depths: they are checked on trees without transpositions, the
    /// others on trees with them.
    #[test]
    fn depth_cutoffs_agree_with_depth_limited_minimax(seed in any::<u64>(), max in 2u32..5, cut in 0u32..4, tiny in any::<bool>(), dag in any::<bool>()) {
        let game = tree_with(seed, max, false, dag);
        let depth = cut.min(height(&game, NodeId::ROOT));
        let truth = minimax(&game, NodeId::ROOT, 0, Some(depth));
        let opts = Options {
            depth: Some(depth),
            tt_size: tiny.then_some(1),
            tt_replace: Replace::Depth,
            ..Options::default()
        };
        for a in SEARCHES.into_iter().filter(|a| !dag || !a.uses_table()) {
            prop_assert_eq!(value(&game, a, &opts), truth, "{}", a);
        }
    }

    #[test]
    fn with_declared_bounds_too(seed in any::<u64>(), max in 2u32..5) {
        let mut g = Gen { state: seed | 1, names: vec![], keyed: vec![], next: 0, fractions: true, transpositions: true };
        let text = format!("bounds [-5, 5]\n{}", g.inner(0, max, false));
        let game = gametree::load("law.tree", &text).unwrap();
        let truth = minimax(&game, NodeId::ROOT, 0, None);
        for a in SEARCHES {
            prop_assert_eq!(value(&game, a, &Options::default()), truth, "{}", a);
        }
    }
}

/// The text report's leaves line gives each evaluated leaf the value of
/// the first visit at its path; where the analysis says that is the leaf's
/// own value (`direct_values_agree`, and then it looks nothing up), it is —
/// for every algorithm, with depth cutoffs and `eval`s, transpositions,
/// both cut rules and both fail modes, on 1 500 generated trees. (Some of
/// the leaves checked were entered before: by a scout, an earlier pass or
/// iteration.)
#[test]
fn a_leaf_has_the_value_of_the_first_visit_at_its_path() {
    let mut entered_before = 0;
    for (seed, a, opts, run) in runs(0x9E37_79B9_7F4A_7C15) {
        if !run.direct_values_agree() {
            continue;
        }
        let first = run.first_at_paths();
        for (i, v) in run.visits.iter().enumerate().filter(|(_, v)| v.direct().is_some()) {
            let at_first = run.value_of(&run.visits[first[i] as usize]);
            assert_eq!(at_first, run.value_of(v), "{a} ({opts:?}): leaf {} of seed {seed}", run.path(i));
            entered_before += usize::from(first[i] as usize != i);
        }
    }
    eprintln!("{entered_before} leaves entered before");
    assert!(entered_before > 1000, "only {entered_before} leaves were entered before");
}

/// The pruned edges the analysis lists, each once and never one a counted
/// search entered, are the paths its counted cuts pruned, read path by
/// path (the analysis reads them as edges, each a visit and a child): for every
/// algorithm, with depth cutoffs, transpositions, both cut rules and both
/// fail modes, on 1 500 generated trees.
#[test]
fn the_pruned_edges_are_the_cuts_paths_each_once() {
    let mut cuts = 0;
    for (seed, a, opts, run) in runs(0xD1B5_4A32_D192_ED03) {
        let got: Vec<gametree::model::Path> = run.pruned().collect();
        assert_eq!(got, by_paths(&run), "{a} ({opts:?}) on seed {seed}");
        cuts += run.cuts.len();
    }
    assert!(cuts > 2_000, "only {cuts} cuts");
}

/// Every algorithm that applies, on 1 500 generated trees (seeds spread
/// by `spread`), each under its own options: depth cutoffs 0–3 or none,
/// either fail mode, either cut rule, the written or the reversed order.
fn runs(spread: u64) -> impl Iterator<Item = (u64, Algorithm, Options, Analysis)> {
    use gametree::search::options::{CutRule, FailMode};
    (1..1500u64).flat_map(move |seed| {
        let game = tree(seed.wrapping_mul(spread), 2 + (seed % 3) as u32, true);
        let cut = (seed / 3 % 5) as u32;
        let opts = Options {
            depth: (cut < 4).then_some(cut),
            fail: if seed % 2 == 0 { FailMode::Hard } else { FailMode::Soft },
            cuts: if seed / 2 % 2 == 0 { CutRule::Strict } else { CutRule::OnEquality },
            order: if seed / 5 % 2 == 0 { Order::Reverse } else { Order::Spec },
            ..Options::default()
        };
        let runs: Vec<_> = Algorithm::ALL
            .iter()
            .filter_map(|&a| Some((seed, a, opts.clone(), Analysis::of(&game, &search::run(&game, a, &opts).ok()?))))
            .collect();
        runs
    })
}

/// `solve` reads each trace consuming it (`Analysis::of_owned`, freeing the
/// trace as it goes and growing the visits as it reads); everything else
/// borrows it (`Analysis::of`). Both read the same analysis, on a tree
/// whose traces span several chunks of the trace's storage.
#[test]
fn an_analysis_of_a_consumed_trace_is_the_same() {
    let text = gametree::check::bigtree::uniform(7, 6, 1);
    let game = gametree::model::load("big.tree", &text).expect("a valid tree");
    for algorithm in [Algorithm::Minimax, Algorithm::Alphabeta, Algorithm::NegamaxAb, Algorithm::Pvs, Algorithm::Mtdf] {
        let trace = search::run(&game, algorithm, &Options::default()).expect("it applies");
        let borrowed = Analysis::of(&game, &trace);
        let owned = Analysis::of_owned(&game, trace);
        assert!(borrowed == owned, "{algorithm}: the analyses differ");
    }
}
