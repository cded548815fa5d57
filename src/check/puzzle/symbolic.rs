//! `minimax` and `alphabeta` run symbolically over a box of assignments:
//! each unknown leaf lies in an integer interval, and every comparison the
//! real search makes (`v > best`, `v >= β`, clamping, saying whether a
//! returned value is exact or a bound) is either decided over the whole
//! box or answered with the split that would decide it.
//!
//! On MAX/MIN trees searched in written (or reverse) order without a depth
//! cutoff, every value these searches hold — a node's running value, α, β,
//! what they return — is a leaf's value, a declared bound or ±∞. So a value
//! is a [`Sym`]: a constant, or "the value of unknown k". When every
//! comparison is decided over a box, the real search makes the same
//! choices for every assignment in it: the same events, with each value
//! the same constant or the same unknown's value. Two unknowns are also
//! decided by the box's order relations (`relations.rs`).
//!
//! `negamax` and `negamax-ab` compare the same values as `minimax` and
//! `alphabeta`, negated at MIN nodes (`-v > -best` is `v < best`, `-v >=
//! -α` is `v <= α`), so the same mirrors stand for them in MAX's view;
//! only `negamax-ab`'s bound at a MIN node is classified on the negated
//! numbers (`Search::classify_negated`). `negamax-tt` where no position is
//! shared and `ids` where no node has an `eval` make the same comparisons
//! as `negamax-ab` and `alphabeta` ([`mirrored`] says why). `pvs` has its
//! own mirror (`scout.rs`): its null windows hold an unknown's value plus
//! δ ([`Sym::Shifted`]). Values and comparisons live in `compare.rs`.
//!
//! Invariant: [`run`] returns `Ok` only when every comparison the search
//! makes is decided (less, equal or greater) over the whole box; a
//! comparison with a shifted value, only as far as the search asks (`v <
//! α + δ` is false for `v` equal to or greater than `α + δ`). The mirrors
//! of `src/search/alphabeta.rs` (`Step::child`, `exit`, `Interval`) and of
//! `src/search/pvs.rs` must stay step for step; the differential property
//! test in `tests/puzzle_laws.rs` holds them to it.

use std::cmp::Ordering;

use crate::check::expect::{Expect, Fact, LeafExpect};
use crate::check::puzzle::relations::Region;
use crate::model::{Game, NodeId, NodeKind, Path, Utility};
use crate::num::Num;
use crate::search::Algorithm;
use crate::search::options::{CutRule, FailMode, Order};
use crate::search::trace::BoundKind;

mod compare;
mod mtdf;
mod scout;

use compare::maybe;
pub(super) use compare::{Intervals, Maybe, Scale, Split, Sym, against, compare};

/// Why a symbolic search stopped early.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Stop {
    /// A comparison is not decided over the box: split it here.
    Split(Split),
    /// What the search did before this point (the same for every
    /// assignment in the box) already contradicts the expectation.
    Contradicts,
}

impl From<Split> for Stop {
    fn from(s: Split) -> Stop {
        Stop::Split(s)
    }
}

/// Whether the symbolic searches can stand in for the real ones on this
/// game and these expectations, with the unknowns' values on `scale`.
/// The other ways that take the searches' comparisons as the box search
/// does (over subtrees, through order types…) follow the written or the
/// reverse order only.
pub(super) fn applies(game: &Game, expects: &[Expect], scale: &Scale) -> bool {
    boxes_apply(game, expects, scale) && expects.iter().all(|e| matches!(e.options.order, Order::Spec | Order::Reverse))
}

/// Whether the box search can run the symbolic searches for these
/// expectations: as [`applies`], and also under `--order best|worst|eval`,
/// whose orders the mirrors sort by the children's minimax values or
/// `eval`s over the box (`Search::order`). (`ids` is mirrored only where
/// no node has an `eval`: then its one iteration is the full search, with
/// no best root move from an iteration before to put first.)
pub(super) fn boxes_apply(game: &Game, expects: &[Expect], scale: &Scale) -> bool {
    let tree = game.ids().all(|id| matches!(game.node(id).kind(), NodeKind::Max | NodeKind::Min | NodeKind::Leaf));
    tree && expects.iter().all(|e| {
        let o = &e.options;
        let sorted = matches!(o.order, Order::Best | Order::Worst | Order::Eval);
        mirrored(game, e).is_some()
            && (!matches!(e.algorithm, Algorithm::Pvs | Algorithm::Mtdf)
                || scout::delta(game, &|_| false, e, scale).is_some())
            && (e.algorithm != Algorithm::Mtdf || exact(game, scale))
            && (matches!(o.order, Order::Spec | Order::Reverse) || sorted)
            && o.depth.is_none()
            && o.beam.is_none()
            && o.singular.is_none()
            && !o.quiescence
    })
}

/// Whether every number `mtdf`'s arithmetic can meet is an exact
/// rational: the written leaves, evals and bounds, and the values on
/// `scale` (then a value less δ is never the value itself, and only a
/// constant is tested for it, `mtdf.rs`).
fn exact(game: &Game, scale: &Scale) -> bool {
    let rational = |v: Num| v.as_ratio().is_some();
    let written = game.nodes().flat_map(|n| n.scalar().into_iter().chain(n.eval()));
    let bounds = game.bounds().into_iter().flat_map(|(lo, hi)| [lo, hi]);
    let values = match scale {
        Scale::Integers => &[][..],
        Scale::Values { values, .. } => values.as_slice(),
    };
    written.chain(bounds).all(rational) && values.iter().all(|&v| rational(v))
}

/// The search the mirrors run for `e`, and its fail mode, when they can
/// stand for it. Besides the five they mirror (`pvs` always fail-soft and
/// cutting on equality, as it runs):
///
/// - `negamax-tt` on a game where no position is shared (no `&` edge, no
///   `[key=…]`): every node is entered once, so every probe misses and
///   the table never narrows a window or answers a node; what is left is
///   `negamax-ab`, always fail-soft (the table's bounds are fail-soft).
/// - `mtdf` on a game where no position is shared, with an unlimited
///   table: its own mirror (`mtdf.rs`), the table one slot a node.
/// - `ids` on a game with no `eval`: each iteration short of the tree's
///   height meets an inner node at its horizon with no `eval` and is
///   skipped, so the only search is the last, `alphabeta` to the end of
///   the tree in the written order.
///
/// The table's events, passes and statistics are read off the real search
/// at each box's corner (`boxes.rs` judges a decided box by running it),
/// so only the comparisons need to be the same.
pub(super) fn mirrored(game: &Game, e: &Expect) -> Option<(Algorithm, FailMode)> {
    match e.algorithm {
        a @ (Algorithm::Minimax | Algorithm::Alphabeta | Algorithm::Negamax | Algorithm::NegamaxAb) => {
            Some((a, e.options.fail))
        }
        Algorithm::Pvs => Some((Algorithm::Pvs, FailMode::Soft)),
        Algorithm::NegamaxTt if !game.shares_positions() => Some((Algorithm::NegamaxAb, FailMode::Soft)),
        Algorithm::Ids if game.nodes().all(|n| n.eval().is_none()) => Some((Algorithm::Alphabeta, e.options.fail)),
        Algorithm::Mtdf if !game.shares_positions() && e.options.tt_size.is_none() => {
            Some((Algorithm::Mtdf, FailMode::Soft))
        }
        _ => None,
    }
}

/// Runs `e`'s search symbolically over box `b`; marks in `seen` the
/// unknowns the search evaluates. `Err(Stop::Contradicts)` when the part
/// of the search before an undecided comparison already breaks an
/// expected `pruned`, `visited` or `leaves` fact.
pub(super) fn run(
    game: &Game,
    slots: &[Option<usize>],
    e: &Expect,
    (scale, b): (&Scale, &Region),
    seen: &mut [bool],
) -> Result<(), Stop> {
    let range = match game.bounds() {
        Some((lo, hi)) if !e.options.ignore_bounds => (Sym::Const(lo), Sym::Const(hi)),
        _ => (Sym::Const(Num::NEG_INF), Sym::Const(Num::INF)),
    };
    let pick = |f: &Fact| match f {
        Fact::Pruned(p) => Some(p.clone()),
        _ => None,
    };
    let pruned: Vec<Path> = e.items.iter().filter_map(|i| pick(&i.fact)).flatten().collect();
    let any_pruned = e.items.iter().any(|i| matches!(i.fact, Fact::Pruned(_)));
    let visited = e.items.iter().find_map(|i| if let Fact::Visited(v) = &i.fact { Some(v.as_slice()) } else { None });
    let leaves = e.items.iter().find_map(|i| if let Fact::Leaves(l) = &i.fact { Some(l.as_slice()) } else { None });
    let Some((algorithm, fail)) = mirrored(game, e) else {
        return Err(Stop::Contradicts);
    };
    let delta = match algorithm {
        Algorithm::Pvs | Algorithm::Mtdf => {
            scout::delta(game, &|id| slots[id.index()].is_some(), e, scale).ok_or(Stop::Contradicts)?
        }
        _ => Num::ONE,
    };
    // `mtdf`'s pruned edges are its deciding pass's, which only the whole
    // run tells: not judged as it goes (`mtdf.rs`).
    let (pruned, any_pruned) = match algorithm {
        Algorithm::Mtdf => (Vec::new(), false),
        _ => (pruned, any_pruned),
    };
    let mut s = Search {
        game,
        slots,
        scale,
        b,
        seen,
        e,
        algorithm,
        fail,
        delta,
        range,
        expected: Expected { pruned, any_pruned, visited, leaves },
        entered: 0,
        pending: Vec::new(),
        hoist: false,
        evaluated: 0,
    };
    match algorithm {
        Algorithm::Alphabeta | Algorithm::NegamaxAb => {
            s.alphabeta(NodeId::ROOT, &Path::root(), range.0, range.1).map(|_| ())
        }
        Algorithm::Pvs => s.pvs(NodeId::ROOT, &Path::root(), range.0, range.1).map(|_| ()),
        Algorithm::Mtdf => s.mtdf(),
        _ => s.minimax(NodeId::ROOT, &Path::root()).map(|_| ()),
    }
}

/// The expected facts a search can contradict as it goes.
struct Expected<'e> {
    /// Every path in every `pruned` item (a node entered that is listed
    /// contradicts each item listing it).
    pruned: Vec<Path>,
    any_pruned: bool,
    visited: Option<&'e [Path]>,
    leaves: Option<&'e [LeafExpect]>,
}

struct Search<'a> {
    game: &'a Game,
    /// For each node (by index), which unknown it is, if one.
    slots: &'a [Option<usize>],
    scale: &'a Scale,
    b: &'a Region,
    seen: &'a mut [bool],
    e: &'a Expect,
    /// The search mirrored and its fail mode ([`mirrored`]).
    algorithm: Algorithm,
    fail: FailMode,
    /// The width of `pvs`'s null windows (`scout::delta`).
    delta: Num,
    range: (Sym, Sym),
    expected: Expected<'a>,
    /// Nodes entered and leaves evaluated so far.
    entered: usize,
    /// For each `pvs` null-window scout of an inner node the search is in,
    /// innermost last: whether what it did so far contradicts the answer
    /// if it is not searched again (`scout.rs`).
    pending: Vec<bool>,
    /// The next contradiction holds whether or not the innermost scout is
    /// searched again: it goes to the one around it (`scout.rs`).
    hoist: bool,
    evaluated: usize,
}

/// A node's loop over its children, in MAX's view: its running value,
/// what is known of its true value (`Interval`), and its window.
struct Loop {
    maximizing: bool,
    v: Sym,
    known: (Sym, Sym),
    alpha: Sym,
    beta: Sym,
}

impl Loop {
    fn new(maximizing: bool, (alpha, beta): (Sym, Sym)) -> Loop {
        let start = Sym::Const(if maximizing { Num::NEG_INF } else { Num::INF });
        Loop { maximizing, v: start, known: (start, start), alpha, beta }
    }
}

impl Search<'_> {
    fn cmp(&self, x: Sym, y: Sym) -> Result<Ordering, Split> {
        compare(self.scale, self.b, x, y)
    }

    /// Whether `x` compares with `y` as `test` asks, over the whole box.
    /// Only where a value is shifted (see [`shifted`]) may that be decided
    /// while the comparison itself is not (`x ≥ y` for `x` equal to or
    /// greater than `y`): elsewhere the search's values and the analysis's
    /// ties rest on the three-way answer.
    fn is(&self, x: Sym, y: Sym, test: fn(Ordering) -> bool) -> Result<bool, Split> {
        match maybe(self.scale, self.b, x, y)? {
            Maybe::One(o) => Ok(test(o)),
            Maybe::Either(o, p, _) if test(o) == test(p) => Ok(test(o)),
            Maybe::Either(_, _, split) => Err(split),
        }
    }

    /// `Num::max`: `y` only when greater.
    fn max(&self, x: Sym, y: Sym) -> Result<Sym, Split> {
        Ok(if self.is(y, x, Ordering::is_gt)? { y } else { x })
    }

    /// `Num::min`: `y` only when less.
    fn min(&self, x: Sym, y: Sym) -> Result<Sym, Split> {
        Ok(if self.is(y, x, Ordering::is_lt)? { y } else { x })
    }

    /// Enters the node at `path` (checking it against `pruned` and
    /// `visited`); a leaf's value (marking an unknown as evaluated, and
    /// checked against `leaves`), or `None` for an inner node.
    fn enter(&mut self, id: NodeId, path: &Path) -> Result<Option<Sym>, Stop> {
        let x = &self.expected;
        if x.visited.is_some_and(|v| v.get(self.entered) != Some(path)) {
            return Err(Stop::Contradicts);
        }
        if x.pruned.contains(path) {
            self.contradicts()?;
        }
        self.entered += 1;
        let node = self.game.node(id);
        let Some(value) = self.leaf(id) else { return Ok(None) };
        if let Sym::Unknown(k) = value {
            self.seen[k] = true;
        }
        if let Some(leaves) = self.expected.leaves {
            let ok = match leaves.get(self.evaluated) {
                None => false,
                Some(LeafExpect::Value(c)) => self.cmp(value, Sym::Const(*c))? == Ordering::Equal,
                Some(LeafExpect::Name(n)) => node.name() == Some(n),
                Some(LeafExpect::Path(p)) => p == path,
            };
            if !ok {
                return Err(Stop::Contradicts);
            }
        }
        self.evaluated += 1;
        Ok(Some(value))
    }

    /// Something contradicts the answer if the search it is in counts: at
    /// once outside every `pvs` scout, else pending on the innermost (or,
    /// with `hoist`, the one around it).
    fn contradicts(&mut self) -> Result<(), Stop> {
        let skip = usize::from(std::mem::take(&mut self.hoist));
        match self.pending.len().checked_sub(1 + skip) {
            Some(i) => {
                self.pending[i] = true;
                Ok(())
            }
            None => Err(Stop::Contradicts),
        }
    }

    /// A node stops with `rest` (written indices) unsearched.
    fn cut(&self, path: &Path, rest: &[usize]) -> Result<(), Stop> {
        let listed = |&i: &usize| self.expected.pruned.contains(&path.child(i as u32));
        match !self.expected.any_pruned || rest.iter().all(listed) {
            true => Ok(()),
            false => Err(Stop::Contradicts),
        }
    }

    /// The children's written indices in search order. `--order
    /// best|worst` sorts them by their minimax values and `--order eval`
    /// by their `eval`s (a leaf's own value without one; those with none
    /// last), as `Orderer` does: a stable sort (ties keep the written
    /// order), each comparison decided over the box or split, so the
    /// sort's answers, and the order, are the same for every assignment in
    /// it.
    fn order(&self, id: NodeId) -> Result<Vec<usize>, Split> {
        let node = self.game.node(id);
        let n = node.children().len();
        let mut idx: Vec<usize> = (0..n).collect();
        let maximizing = node.kind() == NodeKind::Max;
        // What each child is sorted by (`None` last), and whether greatest first.
        let (keys, descending) = match self.e.options.order {
            Order::Spec => return Ok(idx),
            Order::Reverse => {
                idx.reverse();
                return Ok(idx);
            }
            order @ (Order::Best | Order::Worst) => {
                let keys = (0..n).map(|i| self.oracle(node.child(i)).map(Some)).collect::<Result<Vec<_>, Split>>()?;
                // Best first: MAX's greatest, MIN's least; worst first the other way.
                (keys, maximizing == (order == Order::Best))
            }
            Order::Eval => ((0..n).map(|i| self.eval_key(node.child(i))).collect(), maximizing),
        };
        // Whether child `a` goes after child `b`.
        let after = |a: usize, b: usize| -> Result<bool, Split> {
            Ok(match (keys[a], keys[b]) {
                (Some(x), Some(y)) => self.cmp(x, y)? == if descending { Ordering::Less } else { Ordering::Greater },
                (None, Some(_)) => true,
                (Some(_), None) | (None, None) => false,
            })
        };
        for k in 1..n {
            let mut j = k;
            while j > 0 && after(idx[j - 1], idx[j])? {
                idx.swap(j - 1, j);
                j -= 1;
            }
        }
        Ok(idx)
    }

    /// A leaf's value: the unknown it is, or its written utility; `None`
    /// for an inner node.
    fn leaf(&self, id: NodeId) -> Option<Sym> {
        match (self.slots[id.index()], self.game.node(id).utility()) {
            (Some(k), _) => Some(Sym::Unknown(k)),
            (None, Utility::Scalar(v)) => Some(Sym::Const(v)),
            _ => None,
        }
    }

    /// `Orderer::eval_key`: the node's `eval`, else a leaf's own value.
    fn eval_key(&self, id: NodeId) -> Option<Sym> {
        self.game.node(id).eval().map(Sym::Const).or_else(|| self.leaf(id))
    }

    /// A node's minimax value (`Orderer::oracle` with no depth cutoff),
    /// without entering it.
    fn oracle(&self, id: NodeId) -> Result<Sym, Split> {
        if let Some(v) = self.leaf(id) {
            return Ok(v);
        }
        let node = self.game.node(id);
        let maximizing = node.kind() == NodeKind::Max;
        let mut v = Sym::Const(if maximizing { Num::NEG_INF } else { Num::INF });
        for i in 0..node.children().len() {
            let c = self.oracle(node.child(i))?;
            v = if maximizing { self.max(v, c)? } else { self.min(v, c)? };
        }
        Ok(v)
    }

    fn minimax(&mut self, id: NodeId, path: &Path) -> Result<Sym, Stop> {
        if let Some(v) = self.enter(id, path)? {
            return Ok(v);
        }
        let maximizing = self.game.node(id).kind() == NodeKind::Max;
        let mut v = Sym::Const(if maximizing { Num::NEG_INF } else { Num::INF });
        for i in self.order(id)? {
            let cv = self.minimax(self.game.node(id).child(i), &path.child(i as u32))?;
            let best = self.cmp(cv, v)? == if maximizing { Ordering::Greater } else { Ordering::Less };
            if best {
                v = cv;
            }
        }
        Ok(v)
    }

    /// `AlphaBeta::value` with `Step::child` and `exit`.
    fn alphabeta(&mut self, id: NodeId, path: &Path, alpha: Sym, beta: Sym) -> Result<(Sym, BoundKind), Stop> {
        if let Some(v) = self.enter(id, path)? {
            return Ok((v, BoundKind::Exact));
        }
        let window = (alpha, beta);
        let mut at = Loop::new(self.game.node(id).kind() == NodeKind::Max, window);
        let order = self.order(id)?;
        for (n, &i) in order.iter().enumerate() {
            let (alpha, beta) = (at.alpha, at.beta);
            let child = self.alphabeta(self.game.node(id).child(i), &path.child(i as u32), alpha, beta)?;
            if self.fold(&mut at, child, self.e.options.cuts, Some(path), &order[n + 1..])? {
                break;
            }
        }
        let (maximizing, v, known) = (at.maximizing, at.v, at.known);
        let returned = match self.fail {
            FailMode::Soft => v,
            FailMode::Hard => {
                let up = self.max(v, window.0)?;
                self.min(up, window.1)?
            }
        };
        let bound = match (maximizing, self.algorithm) {
            (false, Algorithm::NegamaxAb) => self.classify_negated(known, returned, window)?,
            _ => self.classify(known, returned, window)?,
        };
        Ok((returned, bound))
    }

    /// `Step::child`: folds a child's returned value and bound into the
    /// node's loop; true when the node stops. A cut with children `rest`
    /// left must prune them all when `pruned` is expected, which is checked
    /// at `path` (`None`: not checked, see `scout.rs`).
    fn fold(
        &self,
        at: &mut Loop,
        (cv, cb): (Sym, BoundKind),
        cuts: CutRule,
        path: Option<&Path>,
        rest: &[usize],
    ) -> Result<bool, Stop> {
        let maximizing = at.maximizing;
        let child = match cb {
            BoundKind::Exact => (cv, cv),
            BoundKind::Lower => (cv, self.range.1),
            BoundKind::Upper => (self.range.0, cv),
        };
        at.known = self.absorb(maximizing, at.known, child)?;
        let best = self.is(cv, at.v, if maximizing { Ordering::is_gt } else { Ordering::is_lt })?;
        if best {
            at.v = cv;
        }
        let v = at.v;
        let cut = match (maximizing, cuts) {
            (true, CutRule::OnEquality) => self.is(v, at.beta, Ordering::is_ge)?,
            (true, CutRule::Strict) => self.is(v, at.beta, Ordering::is_gt)?,
            (false, CutRule::OnEquality) => self.is(v, at.alpha, Ordering::is_le)?,
            (false, CutRule::Strict) => self.is(v, at.alpha, Ordering::is_lt)?,
        };
        if !cut && maximizing && self.is(v, at.alpha, Ordering::is_gt)? {
            at.alpha = v;
        } else if !cut && !maximizing && self.is(v, at.beta, Ordering::is_lt)? {
            at.beta = v;
        }
        if cut && !rest.is_empty() {
            at.known = self.absorb(maximizing, at.known, self.range)?;
            if let Some(path) = path {
                self.cut(path, rest)?;
            }
        }
        Ok(cut)
    }

    /// `Interval::absorb`.
    fn absorb(&self, maximizing: bool, known: (Sym, Sym), child: (Sym, Sym)) -> Result<(Sym, Sym), Split> {
        Ok(match maximizing {
            true => (self.max(known.0, child.0)?, self.max(known.1, child.1)?),
            false => (self.min(known.0, child.0)?, self.min(known.1, child.1)?),
        })
    }

    /// `Interval::classify`.
    fn classify(&self, known: (Sym, Sym), value: Sym, window: (Sym, Sym)) -> Result<BoundKind, Split> {
        let point = self.is(known.0, known.1, Ordering::is_eq)?;
        Ok(if point && self.is(known.0, value, Ordering::is_eq)? {
            BoundKind::Exact
        } else if self.is(known.1, value, Ordering::is_le)? {
            BoundKind::Upper
        } else if self.is(known.0, value, Ordering::is_ge)? {
            BoundKind::Lower
        } else if self.is(value, window.0, Ordering::is_le)? {
            BoundKind::Upper
        } else {
            BoundKind::Lower
        })
    }

    /// `Interval::classify` as `negamax-ab` runs it at a MIN node: on the
    /// negated interval, value and window (`(-hi, -lo)`, `-v`, `(-β, -α)`),
    /// its answer flipped back to MAX's view. The same as [`Self::classify`]
    /// except on an empty or null window (`α >= β`, which `--strict-cuts`
    /// can make), where a value at both ends is a lower bound here.
    fn classify_negated(&self, known: (Sym, Sym), value: Sym, window: (Sym, Sym)) -> Result<BoundKind, Split> {
        let point = self.is(known.0, known.1, Ordering::is_eq)?;
        Ok(if point && self.is(known.1, value, Ordering::is_eq)? {
            BoundKind::Exact
        } else if self.is(known.0, value, Ordering::is_ge)? {
            BoundKind::Lower
        } else if self.is(known.1, value, Ordering::is_le)? {
            BoundKind::Upper
        } else if self.is(value, window.1, Ordering::is_ge)? {
            BoundKind::Lower
        } else {
            BoundKind::Upper
        })
    }
}

#[cfg(test)]
mod tests;
