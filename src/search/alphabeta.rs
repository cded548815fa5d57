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

use crate::model::{Game, NodeId, NodeKind};
use crate::num::Num;
use crate::search::options::{CutRule, FailMode, Options};
use crate::search::order::Orderer;
use crate::search::stream::Sink;
use crate::search::trace::{BoundKind, Cause, CutKind, Event, Trace, Value, Window};
use crate::search::{Algorithm, Interval, root_window};

pub fn alphabeta(game: &Game, opts: &Options, sink: Sink) -> Trace {
    alphabeta_first(game, opts, None, sink)
}

/// `alphabeta` searching root move `first` (a written index) first, as
/// iterative deepening does with the previous iteration's best move.
pub(crate) fn alphabeta_first(game: &Game, opts: &Options, first: Option<u32>, sink: Sink) -> Trace {
    let mut search = AlphaBeta {
        game,
        opts,
        range: root_window(game, opts),
        order: Orderer::new(game, opts),
        first,
        trace: Trace::new(Algorithm::Alphabeta, opts),
    };
    search.trace.attach(sink);
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

/// One MAX or MIN node's loop over its children: the running value `v`,
/// what is known of the true value, and the window, with the events every
/// MAX-view alpha-beta search (`alphabeta`, `star1`, `star2`, `paranoid`)
/// records after a child returns.
pub(crate) struct Step {
    maximizing: bool,
    depth: u32,
    range: (Num, Num),
    pub v: Num,
    pub known: Interval,
    pub alpha: Bound,
    pub beta: Bound,
}

impl Step {
    pub fn new(maximizing: bool, depth: u32, range: (Num, Num), alpha: Bound, beta: Bound) -> Step {
        let v = if maximizing { Num::NEG_INF } else { Num::INF };
        Step { maximizing, depth, range, v, known: Interval::start(maximizing), alpha, beta }
    }

    /// Folds in child `i`'s value and bound; records the update, and the
    /// cut when the node stops with children `rest` left (unless `quiet`,
    /// as a `star2` probe). True: stop.
    pub fn child(
        &mut self,
        trace: &mut Trace,
        i: u32,
        (cv, cb): (Num, BoundKind),
        cuts: CutRule,
        rest: &[u32],
        quiet: bool,
    ) -> bool {
        let max = self.maximizing;
        self.known.absorb(max, Interval::of(cv, cb, self.range));
        let best = if max { cv > self.v } else { cv < self.v };
        if best {
            self.v = cv;
        }
        let v = self.v;
        let cut = if max { cuts.beta_cut(v, self.beta.v) } else { cuts.alpha_cut(v, self.alpha.v) };
        if !cut && max && v > self.alpha.v {
            self.alpha = Bound { v, cause: Cause::Ancestor(self.depth) };
        } else if !cut && !max && v < self.beta.v {
            self.beta = Bound { v, cause: Cause::Ancestor(self.depth) };
        }
        let now = Some(Window { alpha: self.alpha.v, beta: self.beta.v });
        trace.push(Event::Update { child: i, value: Value::Scalar(v), window: now, best });
        if cut && !rest.is_empty() {
            self.skip_rest();
            if !quiet {
                let (kind, bound) = if max { (CutKind::Beta, self.beta) } else { (CutKind::Alpha, self.alpha) };
                trace.push(Event::Cut { kind, value: v, bound: bound.v, cause: bound.cause, pruned: rest.to_vec() });
            }
        }
        cut
    }

    /// The children left unsearched could be anything in the range.
    pub fn skip_rest(&mut self) {
        self.known.absorb(self.maximizing, Interval { lo: self.range.0, hi: self.range.1 });
    }
}

/// Leaves a MAX-view node with value `v`: returned as found (fail-soft) or
/// clamped to the window it was entered with (fail-hard), and classified by
/// what is `known` of the true value.
pub(crate) fn exit(trace: &mut Trace, fail: FailMode, v: Num, known: Interval, window: Window) -> (Num, BoundKind) {
    let returned = match fail {
        FailMode::Soft => v,
        FailMode::Hard => v.clamp(window.alpha, window.beta),
    };
    let bound = known.classify(returned, (window.alpha, window.beta));
    trace.push(Event::Exit { value: Value::Scalar(returned), bound, negamax: None });
    (returned, bound)
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
    fn value(&mut self, id: NodeId, child: u32, depth: u32, alpha: Bound, beta: Bound) -> (Num, BoundKind) {
        let window = Window { alpha: alpha.v, beta: beta.v };
        if let Some((v, source)) = self.order.direct_value(id, depth) {
            let value = Value::Scalar(v);
            self.trace.push(Event::Leaf { node: id, child, window: Some(window), value, source, negamax: None });
            return (v, BoundKind::Exact);
        }
        self.trace.push(Event::Enter { node: id, child, window: Some(window) });
        let maximizing = self.game.node(id).kind() == NodeKind::Max;
        let cuts = self.opts.cuts;
        let mut step = Step::new(maximizing, depth, self.range, alpha, beta);
        let mut order = self.order.children(id, depth);
        if let (0, Some(first)) = (depth, self.first) {
            order.retain(|&i| i != first);
            order.insert(0, first);
        }
        for (k, &i) in order.iter().enumerate() {
            let c = self.game.node(id).children()[i as usize].child;
            let scored = self.value(c, i, depth + 1, step.alpha, step.beta);
            if step.child(&mut self.trace, i, scored, cuts, &order[k + 1..], false) {
                break;
            }
        }
        exit(&mut self.trace, self.opts.fail, step.v, step.known, window)
    }
}
