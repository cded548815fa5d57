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

use crate::model::{Game, NodeId, NodeKind};
use crate::num::Num;
use crate::search::alphabeta::Bound;
use crate::search::negamax::side;
use crate::search::options::{CutRule, FailMode, Options};
use crate::search::order::Orderer;
use crate::search::stream::Sink;
use crate::search::trace::{BoundKind, Cause, CutKind, Event, LeafSource, Trace, Value, Window};
use crate::search::{Algorithm, Interval, root_window};

pub fn negamax_ab(game: &Game, opts: &Options, sink: Sink) -> Trace {
    let mut search = NegamaxAb {
        game,
        opts,
        range: root_window(game, opts),
        order: Orderer::new(game, opts),
        trace: Trace::new(Algorithm::NegamaxAb, opts),
    };
    search.trace.attach(sink);
    let color = side(game.root().kind());
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

/// Records a node evaluated directly (a leaf, or at the cutoff) by a
/// negamax-style search for the side `color`; returns its negamax score.
pub(crate) fn leaf(
    trace: &mut Trace,
    node: NodeId,
    child: u32,
    window: Window,
    (u, source): (Num, LeafSource),
    color: Num,
) -> (Num, BoundKind) {
    let (value, negamax) = (Value::Scalar(u), Some(color * u));
    trace.push(Event::Leaf { node, child, window: Some(window), value, source, negamax });
    (color * u, BoundKind::Exact)
}

/// Scores child `c` for its parent's side `color`, given the parent's
/// window `(a, b)`: a child of the same side is searched with that window
/// as is; any other is searched for the other side with the window negated
/// and swapped, and its score and bound negated. `search(color, a, b)`
/// searches the child.
pub(crate) fn from_child(
    game: &Game,
    c: NodeId,
    color: Num,
    a: Bound,
    b: Bound,
    search: impl FnOnce(Num, Bound, Bound) -> (Num, BoundKind),
) -> (Num, BoundKind) {
    let kind = game.node(c).kind();
    if kind != NodeKind::Leaf && side(kind) == color {
        return search(color, a, b);
    }
    let (v, vb) = search(-color, negate(b), negate(a));
    (-v, flip(vb))
}

/// One negamax node's loop over its children: the running value, what is
/// known of the true value, and α, with the events every negamax-style
/// search (`negamax-ab`, `negamax-tt`, `pvs`) records after a child
/// returns. All numbers are in the node's side's (negamax) terms.
pub(crate) struct Step {
    color: Num,
    depth: u32,
    /// Where any value lies, in the node's side's terms.
    range: (Num, Num),
    pub value: Num,
    pub known: Interval,
    pub a: Bound,
}

impl Step {
    /// `range` is the game's (MAX's) value range.
    pub fn new(color: Num, depth: u32, range: (Num, Num), a: Bound) -> Step {
        let range = if color == Num::ONE { range } else { (-range.1, -range.0) };
        Step { color, depth, range, value: Num::NEG_INF, known: Interval::start(true), a }
    }

    /// Folds in child `i`'s score and bound; records the update, and the
    /// cut when the node stops with children `rest` left. True: stop.
    pub fn child(
        &mut self,
        trace: &mut Trace,
        i: u32,
        (score, sb): (Num, BoundKind),
        b: Bound,
        cuts: CutRule,
        rest: &[u32],
    ) -> bool {
        self.known.absorb(true, Interval::of(score, sb, self.range));
        let best = score > self.value;
        if best {
            self.value = score;
        }
        let cut = cuts.beta_cut(self.value, b.v);
        if !cut && self.value > self.a.v {
            self.a = Bound { v: self.value, cause: Cause::Ancestor(self.depth) };
        }
        let (color, value) = (self.color, self.value);
        let now = Some(max_view(color, self.a, b));
        trace.push(Event::Update { child: i, value: Value::Scalar(color * value), window: now, best });
        if cut && !rest.is_empty() {
            self.known.absorb(true, Interval { lo: self.range.0, hi: self.range.1 });
            let kind = if color == Num::ONE { CutKind::Beta } else { CutKind::Alpha };
            let (value, bound) = (color * value, color * b.v);
            trace.push(Event::Cut { kind, value, bound, cause: b.cause, pruned: rest.to_vec() });
        }
        cut
    }
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
    fn negamax(&mut self, id: NodeId, child: u32, depth: u32, color: Num, a: Bound, b: Bound) -> (Num, BoundKind) {
        let entered = max_view(color, a, b);
        if let Some(direct) = self.order.direct_value(id, depth) {
            return leaf(&mut self.trace, id, child, entered, direct, color);
        }
        self.trace.push(Event::Enter { node: id, child, window: Some(entered) });
        let (a0, b0) = (a.v, b.v);
        let mut step = Step::new(color, depth, self.range, a);
        let order = self.order.children(id, depth);
        for (k, &i) in order.iter().enumerate() {
            let (game, c) = (self.game, self.game.node(id).children()[i as usize].child);
            let scored = from_child(game, c, color, step.a, b, |col, a, b| self.negamax(c, i, depth + 1, col, a, b));
            if step.child(&mut self.trace, i, scored, b, self.opts.cuts, &order[k + 1..]) {
                break;
            }
        }
        let (value, known) = (step.value, step.known);
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
