//! `pvs`: principal variation search (NegaScout), fail-soft.
//!
//! Wikipedia, "Principal variation search":
//!
//! ```text
//! function pvs(node, depth, α, β, color) is
//!     if depth = 0 or node is a terminal node then
//!         return color × the heuristic value of node
//!     for each child of node do
//!         if child is first child then
//!             score := −pvs(child, depth − 1, −β, −α, −color)
//!         else
//!             score := −pvs(child, depth − 1, −α − 1, −α, −color) (* search with a null window *)
//!             if α < score < β then
//!                 score := −pvs(child, depth − 1, −β, −α, −color) (* if it failed high, do a full re-search *)
//!         α := max(α, score)
//!         if α ≥ β then
//!             break (* beta cut-off *)
//!     return α
//! ```
//!
//! (Older revisions re-search with `(−β, −score)`; both are correct.) This
//! is the fail-soft form: a node returns its best score, not α. The null
//! window is `(α, α + δ)` where δ = 1 when every utility, `eval` and
//! declared bound is an integer (the textbook's `α + 1`), else the smallest
//! gap between two distinct such numbers — so "v ≥ α + δ" means exactly
//! "v > α" for every value a node can return. Cuts always happen on
//! equality (`--strict-cuts` would defeat the null window); `--fail-hard`
//! is not offered. A re-search is recorded as a `Research` event, and the
//! re-searched child is entered again (it appears twice in the visit order);
//! the scout it replaces, and the cuts inside it, are superseded. A leaf,
//! or a node evaluated at the depth cutoff, is never re-searched: its scout
//! value is already exact. (The cutoff counts effective depth: a singular
//! child past the cutoff's ply is searched, and may be re-searched.)

use crate::model::{Game, NodeId, NodeKind};
use crate::num::Num;
use crate::search::alphabeta::Bound;
use crate::search::negamax::side;
use crate::search::negamax_ab::{Step, flip, from_child, leaf, max_view, negate};
use crate::search::options::{CutRule, FailMode, Options};
use crate::search::order::Orderer;
use crate::search::stream::Sink;
use crate::search::trace::{BoundKind, Cause, Event, Trace, Value};
use crate::search::{Algorithm, root_window};

pub fn pvs(game: &Game, opts: &Options, sink: Sink) -> Trace {
    let opts = Options { fail: FailMode::Soft, cuts: CutRule::OnEquality, ..opts.clone() };
    let mut search = Pvs {
        game,
        range: root_window(game, &opts),
        delta: null_delta(game, &opts),
        order: Orderer::new(game, &opts),
        trace: Trace::new(Algorithm::Pvs, &opts),
    };
    search.trace.attach(sink);
    let color = side(game.root().kind());
    let (lo, hi) = search.range;
    let (a, b) = if color == Num::ONE { (lo, hi) } else { (-hi, -lo) };
    search.pvs(NodeId::ROOT, 0, 0, color, Bound::root(a), Bound::root(b));
    search.trace
}

/// The width δ of a null window: 1 for integer trees, else the smallest
/// gap between distinct utilities, evals and declared bounds.
pub(crate) fn null_delta(game: &Game, opts: &Options) -> Num {
    let written = || game.nodes().flat_map(|n| n.scalar().into_iter().chain(n.eval()));
    let bounds = game.bounds().filter(|_| !opts.ignore_bounds).map(|(lo, hi)| [lo, hi]);
    // Most trees are integers: answered off the side table (a slot holds
    // only integers), with no pass over the nodes (it was a sixth of
    // `pvs`'s time on 10^6 leaves) and no list of 16 bytes a node (that
    // list was a quarter of its peak).
    if game.all_whole() && bounds.into_iter().flatten().all(|v| v.is_whole()) {
        return Num::ONE;
    }
    let mut values: Vec<Num> = written().chain(bounds.into_iter().flatten()).collect();
    values.sort();
    values.dedup();
    values.windows(2).map(|w| w[1] - w[0]).min().unwrap_or(Num::ONE)
}

struct Pvs<'g> {
    game: &'g Game,
    range: (Num, Num),
    delta: Num,
    order: Orderer<'g>,
    trace: Trace,
}

impl Pvs<'_> {
    /// Searches child `c` (written index `i`) of a node of side `color` with
    /// the node's window `(a, b)`; returns the score for `color`.
    fn child(&mut self, c: NodeId, i: u32, depth: u32, color: Num, a: Bound, b: Bound) -> (Num, BoundKind) {
        let game = self.game;
        from_child(game, c, color, a, b, |col, a, b| self.pvs(c, i, depth + 1, col, a, b))
    }

    fn pvs(&mut self, id: NodeId, child: u32, depth: u32, color: Num, a: Bound, b: Bound) -> (Num, BoundKind) {
        let entered = max_view(color, a, b);
        if let Some(direct) = self.order.direct_value(id, depth) {
            return leaf(&mut self.trace, id, child, entered, direct, color);
        }
        self.trace.push(Event::Enter { node: id, child, window: Some(entered) });
        let (a0, b0) = (a.v, b.v);
        let mut step = Step::new(color, depth, self.range, a);
        let order = self.order.children(id, depth);
        for (k, &i) in order.iter().enumerate() {
            let c = self.game.node(id).children()[i as usize].child;
            let a = step.a;
            let (mut score, mut sb) = if k == 0 {
                self.child(c, i, depth, color, a, b)
            } else {
                let scout = Bound { v: a.v + self.delta, cause: Cause::Ancestor(depth) };
                self.child(c, i, depth, color, a, scout)
            };
            let direct = self.order.direct_value(c, depth + 1).is_some();
            if k > 0 && a.v < score && score < b.v && !direct {
                let same = self.game.node(c).kind() != NodeKind::Leaf && side(self.game.node(c).kind()) == color;
                let window = if same { max_view(color, a, b) } else { max_view(-color, negate(b), negate(a)) };
                self.trace.push(Event::Research { child: i, scout: color * score, window });
                (score, sb) = self.child(c, i, depth, color, a, b);
            }
            // PVS always cuts on equality (its null windows rely on it).
            if step.child(&mut self.trace, i, (score, sb), b, CutRule::OnEquality, &order[k + 1..]) {
                break;
            }
        }
        let (value, known) = (step.value, step.known);
        let bound = known.classify(value, (a0, b0));
        let max_bound = if color == Num::ONE { bound } else { flip(bound) };
        self.trace.push(Event::Exit { value: Value::Scalar(color * value), bound: max_bound, negamax: Some(value) });
        (value, bound)
    }
}
