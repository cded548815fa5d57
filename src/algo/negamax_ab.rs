//! `negamax-ab`: negamax with alpha-beta pruning, fail-soft or fail-hard.
//!
//! Wikipedia, "Negamax", "Negamax with alpha beta pruning":
//!
//! ```text
//! function negamax(node, depth, α, β, color) is
//!     if depth = 0 or node is a terminal node then
//!         return color × the heuristic value of node
//!     value := −∞
//!     for each child in childNodes do
//!         value := max(value, −negamax(child, depth − 1, −β, −α, −color))
//!         α := max(α, value)
//!         if α ≥ β then break (* cut-off *)
//!     return value
//! ```
//!
//! The stop test is written `value ≥ β` (then `α := max(α, value)`), which
//! is the same test for every window the search creates and keeps the
//! pruning identical to `alphabeta` under `--strict-cuts` (`value > β`) too.
//! `--fail-hard` returns the value clamped to `[α, β]` as entered (β on a
//! cut, α when every child failed low). As in `negamax`, a child of the
//! same side as its parent keeps the window and is not negated. Events are
//! recorded from MAX's view; exits also carry the negamax value.

use crate::algo::alphabeta::Bound;
use crate::algo::negamax::side;
use crate::algo::order::Orderer;
use crate::algo::{Algorithm, Interval, root_window};
use crate::model::{Game, NodeId, NodeKind};
use crate::num::Num;
use crate::options::{FailMode, Options};
use crate::trace::{BoundKind, CutKind, Event, Trace, Value, Window};

pub fn negamax_ab(game: &Game, opts: &Options) -> Trace {
    let mut search = NegamaxAb {
        game,
        opts,
        range: root_window(game, opts),
        order: Orderer::new(game, opts),
        trace: Trace::new(Algorithm::NegamaxAb, opts),
    };
    let color = side(game.root().kind);
    let (lo, hi) = search.range;
    let (a, b) = if color == Num::ONE { (lo, hi) } else { (-hi, -lo) };
    search.negamax(NodeId::ROOT, 0, 0, color, Bound::root(a), Bound::root(b));
    search.trace
}

pub(crate) fn negate(b: Bound) -> Bound {
    Bound { v: -b.v, cause: b.cause }
}

pub(crate) fn flip(bound: BoundKind) -> BoundKind {
    match bound {
        BoundKind::Exact => BoundKind::Exact,
        BoundKind::Lower => BoundKind::Upper,
        BoundKind::Upper => BoundKind::Lower,
    }
}

/// The negamax window `(a, b)` of a node with side `color`, from MAX's view.
pub(crate) fn max_view(color: Num, a: Bound, b: Bound) -> Window {
    if color == Num::ONE { Window { alpha: a.v, beta: b.v } } else { Window { alpha: -b.v, beta: -a.v } }
}

struct NegamaxAb<'g> {
    game: &'g Game,
    opts: &'g Options,
    range: (Num, Num),
    order: Orderer<'g>,
    trace: Trace,
}

impl NegamaxAb<'_> {
    /// The value of `id` for the side `color`, and its bound kind (both in
    /// that side's terms).
    fn negamax(&mut self, id: NodeId, child: u32, depth: u32, color: Num, mut a: Bound, b: Bound) -> (Num, BoundKind) {
        let entered = max_view(color, a, b);
        if let Some((u, source)) = self.order.direct_value(id, depth) {
            let (value, negamax) = (Value::Scalar(u), Some(color * u));
            self.trace.push(Event::Leaf { node: id, child, window: Some(entered), value, source, negamax });
            return (color * u, BoundKind::Exact);
        }
        self.trace.push(Event::Enter { node: id, child, window: Some(entered) });
        let (a0, b0) = (a.v, b.v);
        let range = if color == Num::ONE { self.range } else { (-self.range.1, -self.range.0) };
        let mut value = Num::NEG_INF;
        let mut known = Interval::start(true);
        let order = self.order.children(id, depth);
        for (k, &i) in order.iter().enumerate() {
            let c = self.game.node(id).children[i as usize].child;
            let kind = self.game.node(c).kind;
            let (score, sb) = if kind != NodeKind::Leaf && side(kind) == color {
                self.negamax(c, i, depth + 1, color, a, b)
            } else {
                let (v, vb) = self.negamax(c, i, depth + 1, -color, negate(b), negate(a));
                (-v, flip(vb))
            };
            known.absorb(true, Interval::of(score, sb, range));
            let best = score > value;
            if best {
                value = score;
            }
            let cut = self.opts.cuts.beta_cut(value, b.v);
            if !cut && value > a.v {
                a = Bound { v: value, cause: crate::trace::Cause::Ancestor(depth) };
            }
            let now = Some(max_view(color, a, b));
            self.trace.push(Event::Update { child: i, value: Value::Scalar(color * value), window: now, best });
            let pruned = &order[k + 1..];
            if cut && !pruned.is_empty() {
                known.absorb(true, Interval { lo: range.0, hi: range.1 });
                let kind = if color == Num::ONE { CutKind::Beta } else { CutKind::Alpha };
                let (value, bound) = (color * value, color * b.v);
                self.trace.push(Event::Cut { kind, value, bound, cause: b.cause, pruned: pruned.to_vec() });
            }
            if cut {
                break;
            }
        }
        let returned = match self.opts.fail {
            FailMode::Soft => value,
            FailMode::Hard => value.clamp(a0, b0),
        };
        let bound = known.classify(returned, (a0, b0));
        let max_bound = if color == Num::ONE { bound } else { flip(bound) };
        let exit = Event::Exit { value: Value::Scalar(color * returned), bound: max_bound, negamax: Some(returned) };
        self.trace.push(exit);
        (returned, bound)
    }
}
