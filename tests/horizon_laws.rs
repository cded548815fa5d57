//! Horizon laws (depth cutoff, quiescence, beam, singular extensions),
//! checked on generated MAX/MIN trees whose inner nodes carry random
//! `eval`s (some missing) and `[noisy]` marks, against a reference written
//! here from the rules in the README (AIMA 3e §5.4):
//!
//! - the library's minimax equals the reference: root value, best move,
//!   visit order and every visited node's value; it refuses to run exactly
//!   when the reference meets a node it must evaluate (or rank) with no
//!   `eval`;
//! - every algorithm agrees with minimax at the root under the same
//!   options, so the machinery is the same for all of them;
//! - with the cutoff at the tree's full height, quiescence and singular
//!   extensions change nothing; a beam as wide as the widest node changes
//!   nothing.
//!
//! On a failure proptest prints the shrunk spec text, ready for a `.tree`.

use std::fmt;

use gametree::analysis::Analysis;
use gametree::model::{Game, Path};
use gametree::num::Num;
use gametree::search::options::{CutRule, FailMode, Options, Order, Ties};
use gametree::search::trace::Value;
use gametree::search::{self, Algorithm};
use proptest::prelude::*;

/// A MAX/MIN tree with integer leaves, optional evals and noisy marks.
#[derive(Clone, PartialEq, Eq)]
enum Tree {
    Leaf(i64),
    Node { max: bool, eval: Option<i64>, noisy: bool, children: Vec<Tree> },
}

impl Tree {
    fn render(&self, out: &mut String) {
        match self {
            Tree::Leaf(v) => out.push_str(&v.to_string()),
            Tree::Node { max, eval, noisy, children } => {
                out.push_str(if *max { "MAX" } else { "MIN" });
                let attrs: Vec<String> =
                    eval.map(|e| format!("eval={e}")).into_iter().chain(noisy.then(|| "noisy".to_string())).collect();
                if !attrs.is_empty() {
                    out.push_str(&format!(" [{}]", attrs.join(", ")));
                }
                out.push_str(" {");
                for c in children {
                    out.push(' ');
                    c.render(out);
                }
                out.push_str(" }");
            }
        }
    }

    fn height(&self) -> u32 {
        match self {
            Tree::Leaf(_) => 0,
            Tree::Node { children, .. } => 1 + children.iter().map(Tree::height).max().unwrap_or(0),
        }
    }

    fn width(&self) -> usize {
        match self {
            Tree::Leaf(_) => 0,
            Tree::Node { children, .. } => children.len().max(children.iter().map(Tree::width).max().unwrap_or(0)),
        }
    }

    /// The ranking key: `eval`, or a leaf's value.
    fn key(&self) -> Option<i64> {
        match self {
            Tree::Leaf(v) => Some(*v),
            Tree::Node { eval, .. } => *eval,
        }
    }

    fn text(&self) -> String {
        let mut s = String::new();
        self.render(&mut s);
        s.push('\n');
        s
    }

    fn load(&self) -> Game {
        gametree::load("gen.tree", &self.text()).unwrap_or_else(|d| panic!("{d:?}\n{}", self.text()))
    }
}

impl fmt::Debug for Tree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\n{}", self.text())
    }
}

fn node(height: u32, max: bool) -> BoxedStrategy<Tree> {
    let leaf = (-9i64..=9).prop_map(Tree::Leaf);
    let child = if height <= 1 { leaf.boxed() } else { prop_oneof![1 => leaf, 2 => node(height - 1, !max)].boxed() };
    let eval = prop_oneof![1 => Just(None), 6 => (-9i64..=9).prop_map(Some)];
    (prop::collection::vec(child, 1..=4), eval, prop::bool::weighted(0.3))
        .prop_map(move |(children, eval, noisy)| Tree::Node { max, eval, noisy, children })
        .boxed()
}

fn tree() -> BoxedStrategy<Tree> {
    (1u32..=4, any::<bool>()).prop_flat_map(|(h, max)| node(h, max)).boxed()
}

/// Depth, quiescence, beam and singular-extension settings.
fn horizon() -> impl Strategy<Value = (Option<u32>, bool, Option<u32>, Option<i64>)> {
    (prop::option::of(0u32..=3), any::<bool>(), prop::option::of(1u32..=3), prop::option::of(1i64..=6)).prop_map(
        |(depth, q, beam, m)| {
            // Quiescence and singular extensions need a cutoff.
            (depth, q && depth.is_some(), beam, m.filter(|_| depth.is_some()))
        },
    )
}

fn options((depth, quiescence, beam, singular): (Option<u32>, bool, Option<u32>, Option<i64>)) -> Options {
    Options { depth, quiescence, beam, singular: singular.map(Num::int), ..Options::default() }
}

// ---------------------------------------------------------------------------
// The reference: H-MINIMAX with the horizon rules, written out directly.

struct Reference<'a> {
    opts: &'a Options,
    /// Paths in preorder, with the value each returned.
    visits: Visits,
}

impl Reference<'_> {
    /// The value at `t` reached at effective depth `eff`, or `None` when a
    /// needed `eval` is missing.
    fn value(&mut self, t: &Tree, path: &mut Vec<u32>, eff: u32) -> Option<i64> {
        let at = self.visits.len();
        self.visits.push((path.clone(), 0));
        let v = self.search(t, path, eff)?;
        self.visits[at].1 = v;
        Some(v)
    }

    fn search(&mut self, t: &Tree, path: &mut Vec<u32>, eff: u32) -> Option<i64> {
        let Tree::Node { max, eval, noisy, children } = t else { return t.key() };
        if self.opts.depth.is_some_and(|cutoff| eff >= cutoff) && !(self.opts.quiescence && *noisy) {
            return *eval;
        }
        let sign = if *max { 1 } else { -1 };
        let mut kept: Vec<usize> = (0..children.len()).collect();
        if let Some(k) = self.opts.beam.map(|k| k as usize).filter(|&k| children.len() > k) {
            let keys: Vec<i64> = children.iter().map(|c| c.key().map(|v| sign * v)).collect::<Option<_>>()?;
            // Best first; ties: the earlier child.
            kept.sort_by_key(|&i| (-keys[i], i));
            kept.truncate(k);
            kept.sort();
        }
        let singular = self.opts.singular.and_then(|m| {
            let keys: Vec<i64> = children.iter().map(|c| c.key().map(|v| sign * v)).collect::<Option<_>>()?;
            if keys.len() < 2 {
                return None;
            }
            let best = (0..keys.len()).max_by_key(|&i| (keys[i], std::cmp::Reverse(i)))?;
            let second = (0..keys.len()).filter(|&i| i != best).map(|i| keys[i]).max()?;
            (Num::int(keys[best] - second) >= m).then_some(best)
        });
        let mut v: Option<i64> = None;
        for i in kept {
            path.push(i as u32);
            let child_eff = if singular == Some(i) { eff } else { eff + 1 };
            let cv = self.value(&children[i], path, child_eff);
            path.pop();
            let cv = cv?;
            v = Some(match v {
                None => cv,
                Some(v) if *max => v.max(cv),
                Some(v) => v.min(cv),
            });
        }
        v
    }
}

/// The reference's root value, best move (first kept child attaining it)
/// and visits; `None` when the search needs an `eval` the tree lacks.
/// Each visited node's path and value, in preorder.
type Visits = Vec<(Vec<u32>, i64)>;

fn reference(t: &Tree, opts: &Options) -> Option<(i64, Option<u32>, Visits)> {
    let mut r = Reference { opts, visits: vec![] };
    let value = r.value(t, &mut vec![], 0)?;
    let best = r.visits.iter().find(|(p, v)| p.len() == 1 && *v == value).map(|(p, _)| p[0]);
    Some((value, best, r.visits))
}

fn scalar(v: Option<&Value>) -> Option<Num> {
    v.and_then(Value::scalar)
}

fn run(game: &Game, algo: Algorithm, opts: &Options) -> Option<Analysis> {
    search::run(game, algo, opts).ok().map(|t| Analysis::of(game, &t))
}

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(256);
    ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

proptest! {
    #![proptest_config(config())]

    /// The library's minimax is the reference: it runs exactly when the
    /// reference can, and then agrees on the value, the best move, the
    /// visit order and every node's value. Extended nodes lie at or past
    /// the cutoff's ply; forward-pruned children are never visited.
    #[test]
    fn minimax_is_the_reference(t in tree(), h in horizon()) {
        let game = t.load();
        let opts = options(h);
        let lib = run(&game, Algorithm::Minimax, &opts);
        let reference = reference(&t, &opts);
        prop_assert_eq!(lib.is_some(), reference.is_some(), "runs ({:?})", opts);
        let (Some(lib), Some((value, best, visits))) = (lib, reference) else { return Ok(()) };
        prop_assert_eq!(scalar(lib.value().as_ref()), Some(Num::int(value)), "value ({:?})", opts);
        prop_assert_eq!(lib.best_moves(Ties::First).first().copied(), best, "best move ({:?})", opts);
        let got: Vec<(Vec<u32>, Option<Num>)> = lib.visits.iter().enumerate().map(|(i, v)| (lib.path(i).0, lib.scalar_of(v))).collect();
        let want: Vec<(Vec<u32>, Option<Num>)> = visits.into_iter().map(|(p, v)| (p, Some(Num::int(v)))).collect();
        prop_assert_eq!(got, want, "visits and values ({:?})", opts);
        for (i, v) in lib.visits.iter().enumerate() {
            if lib.extended(i).is_some() {
                prop_assert!(opts.depth.is_some_and(|d| v.depth() as u32 >= d), "extended above the cutoff: {}", lib.path(i));
            }
        }
        for p in &lib.forward_pruned {
            prop_assert!(lib.visit(p).is_none(), "forward-pruned {} was visited", p);
        }
    }

    /// Every two-player algorithm finds minimax's root value under the same
    /// horizon options (and every order, cut rule and fail mode). These
    /// trees share no positions, so no deeper table entry of `negamax-tt`
    /// or `mtdf` answers a shallower probe (which may change a value).
    #[test]
    fn every_algorithm_agrees_with_minimax(t in tree(), h in horizon(), order in 0usize..5, strict: bool, hard: bool) {
        let game = t.load();
        let order = [Order::Spec, Order::Reverse, Order::Best, Order::Worst, Order::Eval][order];
        let cuts = if strict { CutRule::Strict } else { CutRule::OnEquality };
        let fail = if hard { FailMode::Hard } else { FailMode::Soft };
        let opts = Options { order, cuts, fail, ..options(h) };
        let Some(mm) = run(&game, Algorithm::Minimax, &opts) else { return Ok(()) };
        let others = [
            Algorithm::Negamax,
            Algorithm::Alphabeta,
            Algorithm::NegamaxAb,
            Algorithm::Expectiminimax,
            Algorithm::NegamaxTt,
            Algorithm::Pvs,
            Algorithm::Mtdf,
            Algorithm::Star1,
            Algorithm::Star2,
        ];
        for algo in others {
            let other = run(&game, algo, &opts);
            prop_assert!(other.is_some(), "{} refuses what minimax runs ({:?})", algo, opts);
            let other = other.unwrap_or_else(|| unreachable!());
            prop_assert_eq!(scalar(other.value().as_ref()), scalar(mm.value().as_ref()), "{} root value ({:?})", algo, opts);
            let pruned: Vec<&Path> = other.forward_pruned.iter().filter(|p| mm.visit(p).is_some()).collect();
            prop_assert!(pruned.is_empty(), "{} forward-pruned what minimax searched: {:?}", algo, pruned);
            // The leaves counted as the analysis reads the search (those
            // evaluated at the cutoff too) are the visits evaluated directly.
            prop_assert_eq!(other.stats().leaves_evaluated, other.leaves().count(), "{} leaves ({:?})", algo, opts);
        }
        prop_assert_eq!(mm.stats().leaves_evaluated, mm.leaves().count(), "minimax leaves ({:?})", opts);
    }

    /// With the cutoff at the tree's full height, quiescence and singular
    /// extensions change nothing: the same nodes, values and best move as
    /// plain minimax (and alphabeta).
    #[test]
    fn a_cutoff_at_full_height_is_no_cutoff(t in tree(), q: bool, m in prop::option::of(1i64..=6)) {
        let game = t.load();
        let deep = Options { depth: Some(t.height()), quiescence: q, singular: m.map(Num::int), ..Options::default() };
        for algo in [Algorithm::Minimax, Algorithm::Alphabeta] {
            let plain = run(&game, algo, &Options::default()).unwrap_or_else(|| unreachable!());
            let cut = run(&game, algo, &deep);
            prop_assert!(cut.is_some(), "{} refuses depth={} ({:?})", algo, t.height(), deep);
            let cut = cut.unwrap_or_else(|| unreachable!());
            prop_assert_eq!(&cut.visits.iter().enumerate().map(|(i, v)| (cut.path(i), cut.value_of(v))).collect::<Vec<_>>(),
                &plain.visits.iter().enumerate().map(|(i, v)| (plain.path(i), plain.value_of(v))).collect::<Vec<_>>(), "{} ({:?})", algo, deep);
            prop_assert_eq!(cut.best_moves(Ties::First), plain.best_moves(Ties::First));
        }
    }

    /// A beam at least as wide as the widest node forward-prunes nothing
    /// and changes nothing.
    #[test]
    fn a_beam_wider_than_every_node_is_no_beam(t in tree(), h in horizon(), extra in 0u32..=2) {
        let game = t.load();
        let narrow = options(h);
        let wide = Options { beam: Some(t.width() as u32 + extra), ..narrow.clone() };
        let none = Options { beam: None, ..narrow };
        for algo in [Algorithm::Minimax, Algorithm::Alphabeta] {
            let (Some(a), Some(b)) = (run(&game, algo, &none), run(&game, algo, &wide)) else { continue };
            prop_assert!(b.forward_pruned.is_empty());
            prop_assert_eq!(&a.visits, &b.visits, "{} ({:?})", algo, wide);
        }
    }
}
