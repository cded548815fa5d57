//! Algorithm laws, checked on generated MAX/MIN trees against an independent
//! reference written here straight from the textbook (AIMA 3e Figure 5.7,
//! ALPHA-BETA-SEARCH with MAX-VALUE / MIN-VALUE), plus a few textbook cases
//! through the library.
//!
//! The reference never calls the crate's algorithms: it walks a small
//! test-side tree type, and the crate only sees that tree rendered as spec
//! text and loaded with `gametree::load`. On a failure proptest prints the
//! shrunk input as its spec text (see `impl Debug for Spec`), ready to paste
//! into a `.tree` file.

use std::collections::BTreeSet;
use std::fmt;

use gametree::analysis::Analysis;
use gametree::model::{Game, Path};
use gametree::num::Num;
use gametree::search::options::{CutRule, FailMode, Options, Order, Ties};
use gametree::search::trace::BoundKind;
use gametree::search::{self, Algorithm};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

// ---------------------------------------------------------------------------
// The test-side tree, its spec text, and the generators.

/// A MAX/MIN game tree with integer leaves.
#[derive(Clone, PartialEq, Eq)]
enum Tree {
    Leaf(i64),
    Node { max: bool, children: Vec<Tree> },
}

impl Tree {
    fn render(&self, out: &mut String) {
        match self {
            Tree::Leaf(v) => out.push_str(&v.to_string()),
            Tree::Node { max, children } => {
                out.push_str(if *max { "MAX {" } else { "MIN {" });
                for c in children {
                    out.push(' ');
                    c.render(out);
                }
                out.push_str(" }");
            }
        }
    }

    fn leaf_values(&self, out: &mut Vec<i64>) {
        match self {
            Tree::Leaf(v) => out.push(*v),
            Tree::Node { children, .. } => children.iter().for_each(|c| c.leaf_values(out)),
        }
    }

    /// The length of the longest root-to-leaf path.
    fn height(&self) -> u32 {
        match self {
            Tree::Leaf(_) => 0,
            Tree::Node { children, .. } => 1 + children.iter().map(Tree::height).max().unwrap_or(0),
        }
    }

    /// Every node's path, in preorder.
    fn paths(&self, path: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        out.push(path.clone());
        if let Tree::Node { children, .. } = self {
            for (i, c) in children.iter().enumerate() {
                path.push(i as u32);
                c.paths(path, out);
                path.pop();
            }
        }
    }

    fn at(&self, path: &[u32]) -> &Tree {
        match (path.split_first(), self) {
            (None, _) => self,
            (Some((&i, rest)), Tree::Node { children, .. }) => children[i as usize].at(rest),
            (Some(_), Tree::Leaf(_)) => panic!("no such path"),
        }
    }

    /// The same tree with every leaf below one of `cut` (paths) replaced by
    /// the next value `fresh` gives.
    fn replace_below(
        &self,
        path: &mut Vec<u32>,
        cut: &[Vec<u32>],
        below: bool,
        fresh: &mut dyn FnMut() -> i64,
    ) -> Tree {
        let below = below || cut.iter().any(|c| c == path);
        match self {
            Tree::Leaf(v) => Tree::Leaf(if below { fresh() } else { *v }),
            Tree::Node { max, children } => {
                let mut out = Vec::with_capacity(children.len());
                for (i, c) in children.iter().enumerate() {
                    path.push(i as u32);
                    out.push(c.replace_below(path, cut, below, fresh));
                    path.pop();
                }
                Tree::Node { max: *max, children: out }
            }
        }
    }
}

/// A generated spec: a tree and, optionally, declared bounds.
#[derive(Clone, PartialEq, Eq)]
struct Spec {
    tree: Tree,
    bounds: Option<(i64, i64)>,
}

impl Spec {
    fn text(&self) -> String {
        let mut out = String::new();
        if let Some((lo, hi)) = self.bounds {
            out.push_str(&format!("bounds [{lo}, {hi}]\n"));
        }
        self.tree.render(&mut out);
        out.push('\n');
        out
    }

    fn load(&self) -> Game {
        match gametree::load("gen.tree", &self.text()) {
            Ok(game) => game,
            Err(diags) => panic!("generated spec does not load: {diags:?}\n{}", self.text()),
        }
    }

    /// The root window the options give.
    fn window(&self, opts: &Options) -> (i64, i64) {
        match self.bounds {
            Some((lo, hi)) if !opts.ignore_bounds => (lo, hi),
            _ => (NEG_INF, INF),
        }
    }
}

impl fmt::Debug for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\n{}", self.text())
    }
}

impl fmt::Debug for Tree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.render(&mut s);
        f.write_str(&s)
    }
}

fn leaf() -> BoxedStrategy<Tree> {
    (0i64..=9).prop_map(Tree::Leaf).boxed()
}

/// An inner node of kind `max` at most `height` levels tall (≥ 1), with
/// 1–4 children, each a leaf or an inner node; kinds alternate, or are
/// random when `random_kinds`.
fn inner(height: u32, max: bool, random_kinds: bool) -> BoxedStrategy<Tree> {
    let child = if height <= 1 {
        leaf()
    } else if random_kinds {
        prop_oneof![
            1 => leaf(),
            1 => inner(height - 1, true, true),
            1 => inner(height - 1, false, true),
        ]
        .boxed()
    } else {
        prop_oneof![1 => leaf(), 2 => inner(height - 1, !max, false)].boxed()
    };
    prop::collection::vec(child, 1..=4).prop_map(move |children| Tree::Node { max, children }).boxed()
}

/// Trees of height 1–5, MAX/MIN alternating or (when `random_kinds`) not.
fn tree(random_kinds: bool) -> BoxedStrategy<Tree> {
    (1u32..=5, any::<bool>()).prop_flat_map(move |(h, max)| inner(h, max, random_kinds)).boxed()
}

/// How a generated spec declares bounds.
#[derive(Clone, Copy, Debug)]
enum BoundsGen {
    None,
    /// `[min leaf, max leaf]`: MAX reaching hi and MIN reaching lo cut.
    Tight,
    /// Widened by these amounts below and above.
    Loose(i64, i64),
}

fn bounds_gen() -> impl Strategy<Value = BoundsGen> {
    prop_oneof![
        Just(BoundsGen::None),
        Just(BoundsGen::Tight),
        (0i64..=2, 0i64..=2).prop_map(|(a, b)| BoundsGen::Loose(a, b)),
    ]
}

fn with_bounds(tree: Tree, b: BoundsGen) -> Spec {
    let mut leaves = Vec::new();
    tree.leaf_values(&mut leaves);
    let (lo, hi) = (*leaves.iter().min().unwrap(), *leaves.iter().max().unwrap());
    let bounds = match b {
        BoundsGen::None => None,
        BoundsGen::Tight => Some((lo, hi)),
        BoundsGen::Loose(a, b) => Some((lo - a, hi + b)),
    };
    Spec { tree, bounds }
}

/// Specs over alternating and random-kind trees, with and without bounds.
fn spec() -> impl Strategy<Value = Spec> {
    (prop_oneof![tree(false), tree(true)], bounds_gen()).prop_map(|(t, b)| with_bounds(t, b))
}

/// A uniform tree: every inner node has `b` children, every leaf is at depth
/// `d`, MAX at the root and alternating.
fn uniform(d: u32, b: usize, values: &mut impl Iterator<Item = i64>, max: bool) -> Tree {
    if d == 0 {
        return Tree::Leaf(values.next().unwrap());
    }
    Tree::Node { max, children: (0..b).map(|_| uniform(d - 1, b, values, !max)).collect() }
}

// ---------------------------------------------------------------------------
// The reference implementations.

const INF: i64 = i64::MAX / 4;
const NEG_INF: i64 = -INF;

/// The conventions the reference alpha-beta runs under.
#[derive(Clone, Copy, Debug)]
struct Conventions {
    /// Cut only on `v > β` / `v < α` (otherwise `v >= β` / `v <= α`).
    strict: bool,
    /// Return `v` clamped to the window the node was entered with.
    hard: bool,
    /// The child order.
    order: Order,
}

impl Conventions {
    fn of(opts: &Options) -> Conventions {
        Conventions { strict: opts.cuts == CutRule::Strict, hard: opts.fail == FailMode::Hard, order: opts.order }
    }
}

/// What the reference alpha-beta did.
#[derive(Clone, Debug, Default, PartialEq)]
struct RefRun {
    value: i64,
    /// Paths of the nodes as entered (preorder, root and leaves included).
    visits: Vec<Vec<u32>>,
    /// The window each was entered with, and what it returned.
    windows: Vec<(i64, i64)>,
    returned: Vec<i64>,
    /// Paths of the leaves evaluated, in order.
    leaves: Vec<Vec<u32>>,
    /// For each node that stopped early, the children it never entered.
    pruned: Vec<Vec<u32>>,
    /// Nodes that stopped early with at least one child left.
    cutoffs: usize,
    /// The root child that last strictly improved the root's value, i.e.
    /// the first to attain it.
    best: Option<u32>,
}

/// AIMA 3e Figure 5.7: MAX-VALUE and MIN-VALUE, one function for both, with
/// the root window `[alpha, beta]`.
fn ref_alphabeta(tree: &Tree, conv: Conventions, window: (i64, i64)) -> RefRun {
    let mut run = RefRun::default();
    let mut path = Vec::new();
    run.value = ab_value(tree, conv, window.0, window.1, &mut path, &mut run);
    run
}

fn ab_value(
    tree: &Tree,
    conv: Conventions,
    mut alpha: i64,
    mut beta: i64,
    path: &mut Vec<u32>,
    run: &mut RefRun,
) -> i64 {
    run.visits.push(path.clone());
    run.windows.push((alpha, beta));
    let slot = run.returned.len();
    run.returned.push(0);
    let (max, children) = match tree {
        // if TERMINAL-TEST(state) then return UTILITY(state)
        Tree::Leaf(u) => {
            run.leaves.push(path.clone());
            run.returned[slot] = *u;
            return *u;
        }
        Tree::Node { max, children } => (*max, children),
    };
    let (alpha0, beta0) = (alpha, beta);
    // v ← −∞ (MAX-VALUE) / v ← +∞ (MIN-VALUE)
    let mut v = if max { NEG_INF } else { INF };
    let mut best = None;
    // ACTIONS(state), in the order the options say (stable sorts).
    let mut order: Vec<usize> = (0..children.len()).collect();
    let sign = if max { -1 } else { 1 }; // ascending keys = best first
    match conv.order {
        Order::Spec => {}
        Order::Reverse => order.reverse(),
        Order::Best => order.sort_by_key(|&i| sign * minimax_value(&children[i])),
        Order::Worst => order.sort_by_key(|&i| -sign * minimax_value(&children[i])),
        // No inner node has an `eval`: leaves by utility, then the rest.
        Order::Eval => order.sort_by_key(|&i| match children[i] {
            Tree::Leaf(u) => (0, sign * u),
            Tree::Node { .. } => (1, 0),
        }),
    }
    for (k, &i) in order.iter().enumerate() {
        path.push(i as u32);
        let w = ab_value(&children[i], conv, alpha, beta, path, run);
        path.pop();
        // v ← MAX(v, MIN-VALUE(…)) / v ← MIN(v, MAX-VALUE(…))
        if (max && w > v) || (!max && w < v) {
            v = w;
            best = Some(i as u32);
        }
        // if v ≥ β then return v / if v ≤ α then return v
        let cut = match (max, conv.strict) {
            (true, false) => v >= beta,
            (true, true) => v > beta,
            (false, false) => v <= alpha,
            (false, true) => v < alpha,
        };
        if cut {
            let rest: Vec<Vec<u32>> = order[k + 1..]
                .iter()
                .map(|&j| {
                    let mut p = path.clone();
                    p.push(j as u32);
                    p
                })
                .collect();
            if !rest.is_empty() {
                run.cutoffs += 1;
                run.pruned.extend(rest);
            }
            break;
        }
        // α ← MAX(α, v) / β ← MIN(β, v)
        if max {
            alpha = alpha.max(v);
        } else {
            beta = beta.min(v);
        }
    }
    if path.is_empty() {
        run.best = best;
    }
    let v = if conv.hard { v.max(alpha0).min(beta0) } else { v };
    run.returned[slot] = v;
    v
}

/// MINIMAX-VALUE of every node, by path.
fn ref_minimax(tree: &Tree, path: &mut Vec<u32>, out: &mut Vec<(Vec<u32>, i64)>) -> i64 {
    let slot = out.len();
    out.push((path.clone(), 0));
    let v = match tree {
        Tree::Leaf(u) => *u,
        Tree::Node { max, children } => {
            let mut vals = Vec::new();
            for (i, c) in children.iter().enumerate() {
                path.push(i as u32);
                vals.push(ref_minimax(c, path, out));
                path.pop();
            }
            if *max { *vals.iter().max().unwrap() } else { *vals.iter().min().unwrap() }
        }
    };
    out[slot].1 = v;
    v
}

fn minimax_value(tree: &Tree) -> i64 {
    ref_minimax(tree, &mut Vec::new(), &mut Vec::new())
}

// ---------------------------------------------------------------------------
// Reading the library's answers.

/// What the library's run says, in the reference's terms.
#[derive(Clone, Debug, PartialEq)]
struct LibRun {
    value: i64,
    visits: Vec<Vec<u32>>,
    windows: Vec<Option<(i64, i64)>>,
    returned: Vec<i64>,
    leaves: Vec<Vec<u32>>,
    pruned: Vec<Vec<u32>>,
    cutoffs: usize,
    best: Option<u32>,
}

fn int(v: Option<&gametree::search::trace::Value>) -> i64 {
    let n = v.and_then(|v| v.scalar()).expect("a scalar value");
    n.as_i64().unwrap_or_else(|| panic!("value {n} is not an integer"))
}

/// A window bound, with ±∞ as the reference's `INF` / `NEG_INF`.
fn bound(n: Num) -> i64 {
    if n.is_infinite() {
        if n > Num::ZERO { INF } else { NEG_INF }
    } else {
        n.as_i64().unwrap_or_else(|| panic!("window bound {n} is not an integer"))
    }
}

fn run(game: &Game, algo: Algorithm, opts: &Options) -> Analysis {
    let trace = search::run(game, algo, opts).unwrap_or_else(|d| panic!("{algo} fails: {d:?}"));
    Analysis::of(game, &trace)
}

fn lib_run(game: &Game, algo: Algorithm, opts: &Options) -> (LibRun, Analysis) {
    let an = run(game, algo, opts);
    let best = an.best_moves(Ties::First);
    let lib = LibRun {
        value: int(an.value().as_ref()),
        visits: an.visits.iter().map(|v| an.path_of(v).0).collect(),
        windows: an.visits.iter().map(|v| an.window(v).map(|w| (bound(w.alpha), bound(w.beta)))).collect(),
        returned: an.visits.iter().map(|v| int(an.value_of(v).as_ref())).collect(),
        leaves: an.leaves().map(|v| an.path_of(v).0).collect(),
        pruned: an.pruned().map(|p| p.0.clone()).collect(),
        cutoffs: an.stats().cutoffs,
        best: best.first().copied(),
    };
    (lib, an)
}

fn dotted(paths: &[Vec<u32>]) -> String {
    paths.iter().map(|p| Path(p.clone()).to_string()).collect::<Vec<_>>().join(" ")
}

/// {on-equality, strict} × {soft, hard} × {bounds used, ignored}.
fn window_options() -> Vec<Options> {
    let mut out = Vec::new();
    for cuts in [CutRule::OnEquality, CutRule::Strict] {
        for fail in [FailMode::Soft, FailMode::Hard] {
            for ignore_bounds in [false, true] {
                out.push(Options { cuts, fail, ignore_bounds, ..Options::default() });
            }
        }
    }
    out
}

const ORDERS: [Order; 5] = [Order::Spec, Order::Reverse, Order::Best, Order::Worst, Order::Eval];

/// The window options under every child order.
fn all_options() -> Vec<Options> {
    ORDERS.iter().flat_map(|&order| window_options().into_iter().map(move |o| Options { order, ..o })).collect()
}

/// 256 cases per law (`PROPTEST_CASES` overrides, for a longer hunt).
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(256);
    ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

fn compare(what: &str, opts: &Options, lib: &LibRun, reference: &RefRun) -> Result<(), TestCaseError> {
    let o = desc(opts);
    prop_assert_eq!(lib.value, reference.value, "{}: root value ({})", what, o);
    prop_assert_eq!(dotted(&lib.visits), dotted(&reference.visits), "{}: visit order ({})", what, o);
    prop_assert_eq!(dotted(&lib.leaves), dotted(&reference.leaves), "{}: leaf order ({})", what, o);
    let lib_set: BTreeSet<_> = lib.pruned.iter().cloned().collect();
    let ref_set: BTreeSet<_> = reference.pruned.iter().cloned().collect();
    prop_assert_eq!(
        dotted(&lib_set.into_iter().collect::<Vec<_>>()),
        dotted(&ref_set.into_iter().collect::<Vec<_>>()),
        "{}: pruned edges ({})",
        what,
        o
    );
    prop_assert_eq!(dotted(&lib.pruned), dotted(&reference.pruned), "{}: pruned edges in cut order ({})", what, o);
    let want: Vec<_> = reference.windows.iter().map(|&w| Some(w)).collect();
    prop_assert_eq!(&lib.windows, &want, "{}: each node's window, in visit order ({})", what, o);
    prop_assert_eq!(&lib.returned, &reference.returned, "{}: each node's returned value, in visit order ({})", what, o);
    prop_assert_eq!(lib.cutoffs, reference.cutoffs, "{}: cutoffs ({})", what, o);
    prop_assert_eq!(lib.best, reference.best, "{}: best move, 0-based ({})", what, o);
    Ok(())
}

// ---------------------------------------------------------------------------
// The laws.

proptest! {
    #![proptest_config(config())]

    /// Law 1: alphabeta and negamax-ab agree with AIMA Figure 5.7 — value,
    /// visit order, leaf order, pruned edges, cutoffs and best move — under
    /// every cut rule, fail mode and use of the declared bounds, and every
    /// child order (best/worst by true minimax value, eval by leaf utility;
    /// stable, so ties keep the written order).
    #[test]
    fn law1_alphabeta_matches_the_textbook(spec in spec()) {
        let game = spec.load();
        for opts in all_options() {
            let reference = ref_alphabeta(&spec.tree, Conventions::of(&opts), spec.window(&opts));
            for algo in [Algorithm::Alphabeta, Algorithm::NegamaxAb] {
                let (lib, _) = lib_run(&game, algo, &opts);
                compare(algo.name(), &opts, &lib, &reference)?;
            }
        }
    }

    /// Law 2: alphabeta's root value is the minimax value under every option
    /// (any child order); negamax gives minimax's values at every node; and
    /// negamax-ab does exactly what alphabeta does.
    #[test]
    fn law2_values_agree(spec in spec()) {
        let game = spec.load();
        let mut values = Vec::new();
        let value = ref_minimax(&spec.tree, &mut Vec::new(), &mut values);

        let mm = run(&game, Algorithm::Minimax, &Options::default());
        let nm = run(&game, Algorithm::Negamax, &Options::default());
        for (name, an) in [("minimax", &mm), ("negamax", &nm)] {
            let got: Vec<(Vec<u32>, i64)> = an.visits.iter().map(|v| (an.path_of(v).0, int(an.value_of(v).as_ref()))).collect();
            prop_assert_eq!(&got, &values, "{}: every node's value, in preorder", name);
        }
        // Negamax's side-to-move value: the minimax value at MAX, negated at MIN.
        for v in &nm.visits {
            if let Tree::Node { max, .. } = spec.tree.at(&nm.path_of(v).0) {
                let mv = int(nm.value_of(v).as_ref());
                let want = if *max { mv } else { -mv };
                let got = nm.negamax(v).and_then(|n| n.as_i64());
                prop_assert_eq!(got, Some(want), "negamax side-to-move value at {}", nm.path_of(v));
            }
        }

        for opts in all_options() {
            let (ab, ab_an) = lib_run(&game, Algorithm::Alphabeta, &opts);
            prop_assert_eq!(ab.value, value, "alphabeta root value ({})", desc(&opts));
            let (nab, nab_an) = lib_run(&game, Algorithm::NegamaxAb, &opts);
            prop_assert_eq!(&nab, &ab, "negamax-ab vs alphabeta ({})", desc(&opts));
            let nab_values: Vec<_> = nab_an.visits.iter().map(|v| (nab_an.path_of(v), nab_an.value_of(v), v.bound())).collect();
            let ab_values: Vec<_> = ab_an.visits.iter().map(|v| (ab_an.path_of(v), ab_an.value_of(v), v.bound())).collect();
            prop_assert_eq!(nab_values, ab_values, "negamax-ab vs alphabeta, every node's value ({})", desc(&opts));
        }
    }

    /// Law 3: every node is either visited or below exactly one pruned edge.
    #[test]
    fn law3_visited_or_pruned_once(spec in spec()) {
        let game = spec.load();
        let mut all = Vec::new();
        spec.tree.paths(&mut Vec::new(), &mut all);
        for algo in [Algorithm::Alphabeta, Algorithm::NegamaxAb] {
            for opts in all_options() {
                let (lib, _) = lib_run(&game, algo, &opts);
                let visited: BTreeSet<&Vec<u32>> = lib.visits.iter().collect();
                prop_assert_eq!(visited.len(), lib.visits.len(), "{} visits a node twice ({})", algo, desc(&opts));
                for p in &all {
                    let covering = lib.pruned.iter().filter(|e| p.starts_with(e)).count();
                    let seen = visited.contains(p);
                    prop_assert!(
                        (seen && covering == 0) || (!seen && covering == 1),
                        "{}: node {} visited={} but below {} pruned edges ({})",
                        algo, Path(p.clone()), seen, covering, desc(&opts)
                    );
                }
            }
        }
    }

    /// Law 4: under cuts on equality, fail-hard and fail-soft visit the same
    /// nodes and prune the same edges; under strict cuts they agree on the
    /// root value (fail-hard may prune less there).
    #[test]
    fn law4_fail_hard_prunes_like_fail_soft(spec in spec()) {
        let game = spec.load();
        for opts in all_options().into_iter().filter(|o| o.fail == FailMode::Soft) {
            let hard = Options { fail: FailMode::Hard, ..opts.clone() };
            for algo in [Algorithm::Alphabeta, Algorithm::NegamaxAb] {
                let (s, _) = lib_run(&game, algo, &opts);
                let (h, _) = lib_run(&game, algo, &hard);
                prop_assert_eq!(s.value, h.value, "{}: root value soft vs hard ({})", algo, desc(&opts));
                if opts.cuts == CutRule::OnEquality {
                    prop_assert_eq!(dotted(&s.visits), dotted(&h.visits), "{}: visits soft vs hard ({})", algo, desc(&opts));
                    prop_assert_eq!(dotted(&s.pruned), dotted(&h.pruned), "{}: pruned soft vs hard ({})", algo, desc(&opts));
                }
            }
        }
    }

    /// Law 5: no pruned edge changes the root value: the leaves below the
    /// pruned edges may be anything (within the declared bounds, if any), and
    /// the minimax value — and alphabeta's search — stay the same.
    #[test]
    fn law5_pruned_edges_do_not_matter(spec in spec(), seed in any::<u64>()) {
        let game = spec.load();
        let value = minimax_value(&spec.tree);
        let (lo, hi) = spec.bounds.unwrap_or((-20, 20));
        let mut state = seed | 1;
        let mut fresh = move || {
            // xorshift64
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            lo + (state % (hi - lo + 1) as u64) as i64
        };
        for opts in all_options() {
            let (lib, _) = lib_run(&game, Algorithm::Alphabeta, &opts);
            if lib.pruned.is_empty() {
                continue;
            }
            let changed = Spec { tree: spec.tree.replace_below(&mut Vec::new(), &lib.pruned, false, &mut fresh), bounds: spec.bounds };
            prop_assert_eq!(minimax_value(&changed.tree), value, "minimax value after changing below {} ({}):{:?}", dotted(&lib.pruned), desc(&opts), changed);
            let (again, _) = lib_run(&changed.load(), Algorithm::Alphabeta, &opts);
            prop_assert_eq!(again.value, lib.value, "alphabeta value after changing below {} ({}):{:?}", dotted(&lib.pruned), desc(&opts), changed);
            if matches!(opts.order, Order::Spec | Order::Reverse) {
                // (best, worst and eval order by values, which may change)
                prop_assert_eq!(dotted(&again.visits), dotted(&lib.visits), "visits after changing pruned leaves ({}):{:?}", desc(&opts), changed);
            }
        }
    }

    /// Law 6 (what is a law of ordering): on uniform trees, with cuts on
    /// equality and order=best, alpha-beta evaluates at most the Knuth–Moore
    /// minimal tree's b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves. (`best <= spec <= worst`
    /// is NOT a law: see `best_order_can_evaluate_more_leaves_than_spec`.)
    #[test]
    fn law6_best_order_meets_the_minimal_tree(d in 1u32..=4, b in 1usize..=4, values in prop::collection::vec(0i64..=9, 256)) {
        let tree = uniform(d, b, &mut values.into_iter(), true);
        let spec = Spec { tree, bounds: None };
        let game = spec.load();
        let minimal = b.pow(d.div_ceil(2)) + b.pow(d / 2) - 1;
        for fail in [FailMode::Soft, FailMode::Hard] {
            let opts = Options { order: Order::Best, fail, ..Options::default() };
            let (lib, _) = lib_run(&game, Algorithm::Alphabeta, &opts);
            prop_assert!(lib.leaves.len() <= minimal, "order=best evaluated {} leaves > {} ({})", lib.leaves.len(), minimal, desc(&opts));
        }
        // And no order beats it: proving the value takes a MAX strategy
        // (b^⌊d/2⌋ leaves) and a MIN strategy (b^⌈d/2⌉), sharing one leaf.
        for order in ORDERS {
            for cuts in [CutRule::OnEquality, CutRule::Strict] {
                let opts = Options { order, cuts, ..Options::default() };
                let n = lib_run(&game, Algorithm::Alphabeta, &opts).0.leaves.len();
                prop_assert!(n >= minimal, "{} leaves < the minimal tree's {} ({})", n, minimal, desc(&opts));
            }
        }
    }

    /// Law 6b: on uniform trees of depth ≤ 3 with all leaf values distinct,
    /// order=worst prunes nothing (no bounds, fail-soft, either cut rule).
    /// Not a law at depth 4: a MAX node's worst child (a MIN node searched
    /// first) may be worth less than α, and then cuts — e.g. with α = 5 at
    /// a MIN node `{ 3 4 }` searched 4 first.
    #[test]
    fn law6b_worst_order_prunes_nothing(d in 1u32..=3, b in 1usize..=4, shuffle in Just((0..256i64).collect::<Vec<_>>()).prop_shuffle()) {
        let tree = uniform(d, b, &mut shuffle.into_iter(), true);
        let spec = Spec { tree, bounds: None };
        let game = spec.load();
        for cuts in [CutRule::OnEquality, CutRule::Strict] {
            let opts = Options { order: Order::Worst, cuts, ..Options::default() };
            let (lib, _) = lib_run(&game, Algorithm::Alphabeta, &opts);
            prop_assert_eq!(lib.leaves.len(), b.pow(d), "order=worst pruned {} ({})", dotted(&lib.pruned), desc(&opts));
        }
    }

    /// Law 7: a depth cutoff at the tree's full height changes nothing (and
    /// needs no `eval`, since no inner node sits that deep).
    #[test]
    fn law7_depth_at_full_height_is_no_cutoff(spec in spec()) {
        let game = spec.load();
        let h = spec.tree.height();
        for algo in [Algorithm::Minimax, Algorithm::Negamax, Algorithm::Alphabeta, Algorithm::NegamaxAb] {
            for opts in window_options() {
                let deep = Options { depth: Some(h), ..opts.clone() };
                let (a, aa) = lib_run(&game, algo, &opts);
                let (b, bb) = lib_run(&game, algo, &deep);
                prop_assert_eq!(&b, &a, "{} with depth={} ({})", algo, h, desc(&opts));
                let av: Vec<_> = aa.visits.iter().map(|v| (aa.value_of(v), v.bound(), v.direct())).collect();
                let bv: Vec<_> = bb.visits.iter().map(|v| (bb.value_of(v), v.bound(), v.direct())).collect();
                prop_assert_eq!(bv, av, "{} with depth={}: node values ({})", algo, h, desc(&opts));
            }
        }
    }

    /// Law 8: the analysis is consistent with itself: counts, cuts, and a
    /// principal variation that is a path from the root down to a leaf.
    #[test]
    fn law8_analysis_invariants(spec in spec()) {
        let game = spec.load();
        // Each visit's first visit at the same path, as a linear search of
        // the visit order finds it (searches that enter paths again too).
        for algo in [Algorithm::Minimax, Algorithm::Pvs, Algorithm::Mtdf, Algorithm::Ids, Algorithm::NegamaxTt] {
            let an = run(&game, algo, &Options::default());
            let paths: Vec<Path> = (0..an.visits.len()).map(|i| an.path(i)).collect();
            let first = an.first_at_paths();
            for (i, p) in paths.iter().enumerate() {
                let want = paths.iter().position(|q| q == p);
                prop_assert_eq!(Some(first[i] as usize), want, "{}: first visit at {}", algo, p);
            }
        }
        for algo in [Algorithm::Minimax, Algorithm::Negamax, Algorithm::Alphabeta, Algorithm::NegamaxAb] {
            for opts in all_options() {
                let an = run(&game, algo, &opts);
                let o = desc(&opts);
                let stats = an.stats();
                prop_assert_eq!(stats.nodes_visited, an.visits.len(), "{}: nodes_visited ({})", algo, o);
                prop_assert_eq!(stats.leaves_evaluated, an.leaves().count(), "{}: leaves_evaluated ({})", algo, o);
                let leaf_visits = an.visits.iter().filter(|v| matches!(spec.tree.at(&an.path_of(v).0), Tree::Leaf(_))).count();
                prop_assert_eq!(stats.leaves_evaluated, leaf_visits, "{}: leaves_evaluated vs leaves visited ({})", algo, o);
                prop_assert_eq!(stats.cutoffs, an.cuts.len(), "{}: cutoffs ({})", algo, o);
                for cut in &an.cuts {
                    prop_assert!(!an.pruned_by(cut).is_empty(), "{}: a cut at {} prunes nothing ({})", algo, an.path(cut.at), o);
                    for p in &an.pruned_paths(cut) {
                        prop_assert_eq!(p.parent(), Some(an.path(cut.at)), "{}: pruned edge {} is not below its cut node ({})", algo, p, o);
                    }
                }
                if !algo.uses_window() {
                    prop_assert_eq!(stats.cutoffs, 0, "{} cuts ({})", algo, o);
                }
                let pv = an.pv();
                prop_assert!(!pv.is_empty(), "{}: empty pv ({})", algo, o);
                prop_assert_eq!(pv[0].depth(), 1, "{}: pv starts at {} ({})", algo, &pv[0], o);
                for w in pv.windows(2) {
                    prop_assert!(w[0].is_prefix_of(&w[1]) && w[1].depth() == w[0].depth() + 1, "{}: pv {} then {} ({})", algo, &w[0], &w[1], o);
                }
                let last = pv.last().unwrap();
                let Tree::Leaf(u) = spec.tree.at(&last.0) else {
                    return Err(TestCaseError::fail(format!("{algo}: pv ends at inner node {last} ({o})")));
                };
                prop_assert!(an.visit(last).is_some(), "{}: pv leaf {} was not visited ({})", algo, last, o);
                let best = an.best_moves(Ties::First);
                prop_assert_eq!(best, vec![pv[0].0[0]], "{}: best move vs pv ({})", algo, o);
                if opts.fail == FailMode::Soft {
                    // Fail-soft returns a leaf's value, passed up along the pv.
                    prop_assert_eq!(*u, int(an.value().as_ref()), "{}: pv leaf {} vs root value ({})", algo, last, o);
                }
            }
        }
    }

    /// Law 9: what each visited node's returned value is said to be (exact,
    /// a lower or an upper bound) holds of its true minimax value, and every
    /// best move (ties first, last, all) attains the root's value.
    #[test]
    fn law9_bound_labels_and_best_moves_are_sound(spec in spec()) {
        let game = spec.load();
        for algo in [Algorithm::Alphabeta, Algorithm::NegamaxAb] {
            for opts in all_options() {
                let an = run(&game, algo, &opts);
                for v in &an.visits {
                    let truth = minimax_value(spec.tree.at(&an.path_of(v).0));
                    let got = int(an.value_of(v).as_ref());
                    let ok = match v.bound() {
                        BoundKind::Exact => truth == got,
                        BoundKind::Lower => truth >= got,
                        BoundKind::Upper => truth <= got,
                    };
                    prop_assert!(ok, "{}: {} returned {} ({:?}) but its minimax value is {} ({})", algo, an.path_of(v), got, v.bound(), truth, desc(&opts));
                }
                prop_assert_eq!(an.root().bound(), BoundKind::Exact, "{}: root value not exact ({})", algo, desc(&opts));
                let value = minimax_value(&spec.tree);
                for ties in [Ties::First, Ties::Last, Ties::All] {
                    let moves = an.best_moves(ties);
                    prop_assert!(!moves.is_empty(), "{}: no best move, ties={} ({})", algo, ties, desc(&opts));
                    for m in moves {
                        let child = minimax_value(spec.tree.at(&[m]));
                        prop_assert_eq!(child, value, "{}: best move {} (ties={}) is worth {} ({})", algo, m + 1, ties, child, desc(&opts));
                    }
                }
            }
        }
        // Without pruning every tie is known: all = every root child worth
        // the value, first = the leftmost, last = the rightmost.
        let Tree::Node { children, .. } = &spec.tree else { unreachable!() };
        let value = minimax_value(&spec.tree);
        let tied: Vec<u32> = (0..children.len() as u32).filter(|&i| minimax_value(&children[i as usize]) == value).collect();
        for algo in [Algorithm::Minimax, Algorithm::Negamax] {
            let an = run(&game, algo, &Options::default());
            prop_assert_eq!(an.best_moves(Ties::All), tied.clone(), "{}: ties=all", algo);
            prop_assert_eq!(an.best_moves(Ties::First), vec![tied[0]], "{}: ties=first", algo);
            prop_assert_eq!(an.best_moves(Ties::Last), vec![*tied.last().unwrap()], "{}: ties=last", algo);
        }
    }
}

// ---------------------------------------------------------------------------
// Textbook cases through the library.

fn solve(text: &str, opts: &Options) -> (LibRun, Vec<String>) {
    let game = gametree::load("case.tree", text).expect("loads");
    let (lib, an) = lib_run(&game, Algorithm::Alphabeta, opts);
    let leaf_values = an.leaves().map(|v| an.value_of(v).unwrap().to_string()).collect();
    (lib, leaf_values)
}

const FIG_5_2: &str = "MAX A { MIN B { 3 12 8 } MIN C { 2 4 6 } MIN D { 14 5 2 } }";

#[test]
fn aima_fig_5_2() {
    for opts in window_options() {
        let (lib, leaves) = solve(FIG_5_2, &opts);
        assert_eq!(lib.value, 3, "{}", desc(&opts));
        assert_eq!(dotted(&lib.pruned), "2.2 2.3", "{}", desc(&opts));
        assert_eq!(leaves, ["3", "12", "8", "2", "14", "5", "2"], "{}", desc(&opts));
        assert_eq!(lib.best, Some(0), "{}", desc(&opts));
        assert_eq!(lib.visits.len(), 11, "{}", desc(&opts));
    }
}

#[test]
fn aima_fig_5_2_with_bounds() {
    // The root window [2, 14]: B gets (2, 14), C gets (3, 14) and cuts on its
    // first leaf 2 as before; no node reaches 14 as MAX or 2 before C does.
    let text = format!("bounds [2, 14]\n{FIG_5_2}");
    for opts in window_options() {
        let (lib, leaves) = solve(&text, &opts);
        assert_eq!(lib.value, 3, "{}", desc(&opts));
        assert_eq!(dotted(&lib.pruned), "2.2 2.3", "{}", desc(&opts));
        assert_eq!(leaves, ["3", "12", "8", "2", "14", "5", "2"], "{}", desc(&opts));
    }
    // Reaching a bound cuts: the root (MAX) reaches 14 = hi at once.
    let text = "bounds [2, 14]\nMAX { MIN { 14 14 } MIN { 3 12 8 } }";
    let (lib, _) = solve(text, &Options::default());
    assert_eq!((lib.value, dotted(&lib.pruned)), (14, "2".to_string()));
    let (lib, _) = solve(text, &Options { ignore_bounds: true, ..Options::default() });
    assert_eq!((lib.value, dotted(&lib.pruned)), (14, "2.2 2.3".to_string()));
}

#[test]
fn strict_and_on_equality_cuts_differ() {
    // The second MIN node's first leaf 3 equals α = 3.
    let text = "MAX { MIN { 3 5 } MIN { 3 9 } }";
    let (eq, eq_leaves) = solve(text, &Options::default());
    assert_eq!((eq.value, dotted(&eq.pruned)), (3, "2.2".to_string()));
    assert_eq!(eq_leaves, ["3", "5", "3"]);
    let (strict, strict_leaves) = solve(text, &Options { cuts: CutRule::Strict, ..Options::default() });
    assert_eq!((strict.value, dotted(&strict.pruned)), (3, String::new()));
    assert_eq!(strict_leaves, ["3", "5", "3", "9"]);
}

#[test]
fn best_order_can_evaluate_more_leaves_than_spec() {
    // Why `best <= spec` is not a law: the best-valued reply (the MAX node,
    // value 1) is a big subtree, while the written first reply (2) refutes
    // at once as well.
    let text = "MAX { MIN { 5 } MIN { 2 MAX { 1 1 1 } } }";
    let (spec, _) = solve(text, &Options::default());
    let (best, _) = solve(text, &Options { order: Order::Best, ..Options::default() });
    assert_eq!((spec.value, best.value), (5, 5));
    assert_eq!(spec.leaves.len(), 2);
    assert_eq!(best.leaves.len(), 4);
}

#[test]
fn reference_matches_the_textbook_cases() {
    // The reference itself, on AIMA Figure 5.2.
    let t = |v: &[i64]| Tree::Node { max: false, children: v.iter().map(|&u| Tree::Leaf(u)).collect() };
    let tree = Tree::Node { max: true, children: vec![t(&[3, 12, 8]), t(&[2, 4, 6]), t(&[14, 5, 2])] };
    let r = ref_alphabeta(&tree, Conventions { strict: false, hard: false, order: Order::Spec }, (NEG_INF, INF));
    assert_eq!(r.value, 3);
    assert_eq!(dotted(&r.pruned), "2.2 2.3");
    assert_eq!(dotted(&r.leaves), "1.1 1.2 1.3 2.1 3.1 3.2 3.3");
    assert_eq!(r.best, Some(0));
    assert_eq!(r.cutoffs, 1);
}

/// The options, for failure messages.
fn desc(opts: &Options) -> String {
    format!("{opts:?}")
}
