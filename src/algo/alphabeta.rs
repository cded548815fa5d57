//! `alphabeta`: AIMA's ALPHA-BETA-SEARCH, fail-soft (or `--fail-hard`).
//!
//! AIMA 3e Figure 5.7:
//!
//! ```text
//! function MAX-VALUE(state, α, β) returns a utility value
//!     if TERMINAL-TEST(state) then return UTILITY(state)
//!     v ← −∞
//!     for each a in ACTIONS(state) do
//!         v ← MAX(v, MIN-VALUE(RESULT(s, a), α, β))
//!         if v ≥ β then return v
//!         α ← MAX(α, v)
//!     return v
//! ```
//!
//! and MIN-VALUE symmetrically (`if v ≤ α then return v; β ← MIN(β, v)`).
//! The root window is the declared `bounds` (else `(−∞, +∞)`); `--strict-cuts`
//! stops only on `v > β` / `v < α`; `--fail-hard` returns `v` clamped to the
//! window the node was entered with. Each bound carries the depth of the
//! ancestor that set it, so a cut can name its cause.

use crate::algo::order::Orderer;
use crate::algo::{Algorithm, Interval, root_window};
use crate::model::{Game, NodeId, NodeKind};
use crate::num::Num;
use crate::options::{FailMode, Options};
use crate::trace::{BoundKind, Cause, CutKind, Event, Trace, Value, Window};

pub fn alphabeta(game: &Game, opts: &Options) -> Trace {
    alphabeta_first(game, opts, None)
}

/// `alphabeta` searching root move `first` (a written index) first, as
/// iterative deepening does with the previous iteration's best move.
pub(crate) fn alphabeta_first(game: &Game, opts: &Options, first: Option<u32>) -> Trace {
    let mut search = AlphaBeta {
        game,
        opts,
        range: root_window(game, opts),
        order: Orderer::new(game, opts),
        first,
        trace: Trace::new(Algorithm::Alphabeta, opts),
    };
    let (lo, hi) = search.range;
    search.value(NodeId::ROOT, 0, 0, Bound::root(lo), Bound::root(hi));
    search.trace
}

/// A window bound and who set it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bound {
    pub v: Num,
    pub cause: Cause,
}

impl Bound {
    pub fn root(v: Num) -> Bound {
        Bound { v, cause: Cause::Bounds }
    }
}

struct AlphaBeta<'g> {
    game: &'g Game,
    opts: &'g Options,
    /// Where any value lies: the declared bounds, or everything.
    range: (Num, Num),
    order: Orderer<'g>,
    /// The root move to search first, if any.
    first: Option<u32>,
    trace: Trace,
}

impl AlphaBeta<'_> {
    /// MAX-VALUE or MIN-VALUE by the node's kind; returns the value and
    /// what it says about the true value.
    fn value(&mut self, id: NodeId, child: u32, depth: u32, mut alpha: Bound, mut beta: Bound) -> (Num, BoundKind) {
        let window = Window { alpha: alpha.v, beta: beta.v };
        if let Some((v, source)) = self.order.direct_value(id, depth) {
            let value = Value::Scalar(v);
            self.trace.push(Event::Leaf { node: id, child, window: Some(window), value, source, negamax: None });
            return (v, BoundKind::Exact);
        }
        self.trace.push(Event::Enter { node: id, child, window: Some(window) });
        let maximizing = self.game.node(id).kind == NodeKind::Max;
        let cuts = self.opts.cuts;
        let mut v = if maximizing { Num::NEG_INF } else { Num::INF };
        let mut known = Interval::start(maximizing);
        let mut order = self.order.children(id, depth);
        if let (0, Some(first)) = (depth, self.first) {
            order.retain(|&i| i != first);
            order.insert(0, first);
        }
        for (k, &i) in order.iter().enumerate() {
            let c = self.game.node(id).children[i as usize].child;
            let (cv, cb) = self.value(c, i, depth + 1, alpha, beta);
            known.absorb(maximizing, Interval::of(cv, cb, self.range));
            let best = if maximizing { cv > v } else { cv < v };
            if best {
                v = cv;
            }
            let cut = if maximizing { cuts.beta_cut(v, beta.v) } else { cuts.alpha_cut(v, alpha.v) };
            if !cut {
                if maximizing && v > alpha.v {
                    alpha = Bound { v, cause: Cause::Ancestor(depth) };
                } else if !maximizing && v < beta.v {
                    beta = Bound { v, cause: Cause::Ancestor(depth) };
                }
            }
            let now = Some(Window { alpha: alpha.v, beta: beta.v });
            self.trace.push(Event::Update { child: i, value: Value::Scalar(v), window: now, best });
            let pruned = &order[k + 1..];
            if cut && !pruned.is_empty() {
                known.absorb(maximizing, Interval { lo: self.range.0, hi: self.range.1 });
                let (kind, bound) = if maximizing { (CutKind::Beta, beta) } else { (CutKind::Alpha, alpha) };
                let event = Event::Cut { kind, value: v, bound: bound.v, cause: bound.cause, pruned: pruned.to_vec() };
                self.trace.push(event);
            }
            if cut {
                break;
            }
        }
        let returned = match self.opts.fail {
            FailMode::Soft => v,
            FailMode::Hard => v.clamp(window.alpha, window.beta),
        };
        let bound = known.classify(returned, (window.alpha, window.beta));
        self.trace.push(Event::Exit { value: Value::Scalar(returned), bound, negamax: None });
        (returned, bound)
    }
}
