//! `negamax-tt`: negamax alpha-beta with a transposition table.
//!
//! Wikipedia, "Negamax", "Negamax with alpha beta pruning and
//! transposition tables":
//!
//! ```text
//! function negamax(node, depth, α, β, color) is
//!     alphaOrig := α
//!     (* Transposition Table Lookup; node is the lookup key for ttEntry *)
//!     ttEntry := transpositionTableLookup(node)
//!     if ttEntry is valid and ttEntry.depth ≥ depth then
//!         if ttEntry.flag = EXACT then
//!             return ttEntry.value
//!         else if ttEntry.flag = LOWERBOUND then
//!             α := max(α, ttEntry.value)
//!         else if ttEntry.flag = UPPERBOUND then
//!             β := min(β, ttEntry.value)
//!         if α ≥ β then
//!             return ttEntry.value
//!     if depth = 0 or node is a terminal node then
//!         return color × the heuristic value of node
//!     childNodes := generateMoves(node)
//!     childNodes := orderMoves(childNodes)
//!     value := −∞
//!     for each child in childNodes do
//!         value := max(value, −negamax(child, depth − 1, −β, −α, −color))
//!         α := max(α, value)
//!         if α ≥ β then
//!             break
//!     (* Transposition Table Store; node is the lookup key for ttEntry *)
//!     ttEntry.value := value
//!     if value ≤ alphaOrig then
//!         ttEntry.flag := UPPERBOUND
//!     else if value ≥ β then
//!         ttEntry.flag := LOWERBOUND
//!     else
//!         ttEntry.flag := EXACT
//!     ttEntry.depth := depth
//!     transpositionTableStore(node, ttEntry)
//!     return value
//! ```
//!
//! `depth` there is the remaining depth. With `--depth N` a node at
//! effective depth e (its ply less the singular extensions on its path, see
//! `horizon`; root 0) stores and needs `N − e`, or 0 past the cutoff (a
//! quiescence extension): a singular child is searched with its parent's
//! remaining depth, not `depth − 1`. Everything the horizon decides below a
//! node depends only on the node and its effective depth, so two searches
//! of a node with the same `N − e` search the same subtree. Without
//! `--depth` every entry is searched to the end of the tree and is deep
//! enough for every probe.
//!
//! As in the pseudocode, a node at the cutoff is entered and probed before
//! `if depth = 0`: an entry stored by a deeper search of the same position
//! answers it (a DAG under `--depth`); otherwise it is evaluated
//! (`Event::Evaluate`) and, like a leaf, not stored. Leaves are neither
//! probed (nothing stores them, so the probe would miss) nor stored. The
//! search is always fail-soft (the table's bounds are fail-soft bounds);
//! the cut rule and side handling are `negamax-ab`'s. The table (`tt.rs`)
//! is kept in MAX's view, so is the trace; the exit bound shown is what the
//! search proved (as in `negamax-ab`), the stored flag is the pseudocode's.

use crate::model::{Game, NodeId};
use crate::num::Num;
use crate::search::alphabeta::Bound;
use crate::search::negamax::side;
use crate::search::negamax_ab::{Step, flip, from_child, leaf, max_view};
use crate::search::options::{FailMode, Options};
use crate::search::order::Orderer;
use crate::search::stream::Sink;
use crate::search::trace::{BoundKind, Cause, Event, LeafSource, Trace, TtEntry, TtOutcome, Value};
use crate::search::tt::Table;
use crate::search::{Algorithm, root_window};

pub fn negamax_tt(game: &Game, opts: &Options, sink: Sink) -> Trace {
    let opts = Options { fail: FailMode::Soft, ..opts.clone() };
    let mut search = TtSearch::new(game, &opts, Algorithm::NegamaxTt);
    search.trace.attach(sink);
    let (lo, hi) = root_window(game, &opts);
    search.root(lo, hi, Cause::Bounds);
    search.trace
}

/// A negamax search whose table outlives one call (MTD(f) makes several).
pub(crate) struct TtSearch<'g> {
    game: &'g Game,
    opts: &'g Options,
    range: (Num, Num),
    order: Orderer<'g>,
    table: Table,
    pub trace: Trace,
}

impl<'g> TtSearch<'g> {
    pub fn new(game: &'g Game, opts: &'g Options, algorithm: Algorithm) -> TtSearch<'g> {
        TtSearch {
            game,
            opts,
            range: root_window(game, opts),
            order: Orderer::new(game, opts),
            table: Table::new(game, opts),
            trace: Trace::new(algorithm, opts),
        }
    }

    /// Searches the root with the window `(lo, hi)` (MAX's view), whose
    /// bounds are `cause`'s; returns the value from MAX's view.
    pub fn root(&mut self, lo: Num, hi: Num, cause: Cause) -> Num {
        let color = side(self.game.root().kind());
        let (a, b) = if color == Num::ONE { (lo, hi) } else { (-hi, -lo) };
        let (a, b) = (Bound { v: a, cause }, Bound { v: b, cause });
        let (v, _) = self.negamax(NodeId::ROOT, 0, 0, color, a, b);
        color * v
    }

    /// The value of `id` for the side `color`, and its bound kind (both in
    /// that side's terms).
    fn negamax(
        &mut self,
        id: NodeId,
        child: u32,
        depth: u32,
        color: Num,
        mut a: Bound,
        mut b: Bound,
    ) -> (Num, BoundKind) {
        let entered = max_view(color, a, b);
        let direct = self.order.direct_value(id, depth);
        if let Some(d @ (_, LeafSource::Utility)) = direct {
            return leaf(&mut self.trace, id, child, entered, d, color);
        }
        self.trace.push(Event::Enter { node: id, child, window: Some(entered) });
        let alpha_orig = a.v;
        let key = Table::key(self.game, id);
        // Counted from the effective depth; past the cutoff (a quiescence
        // extension) nothing remains: 0.
        let eff = self.order.effective_depth(id, depth);
        let remaining = self.opts.depth.map(|d| d.saturating_sub(eff));
        let found = self.table.probe(&key);
        let outcome = match found.entry {
            None => TtOutcome::Miss { occupant: found.occupant },
            Some(e) if !deep_enough(e.depth, remaining) => TtOutcome::Shallow,
            Some(e) => {
                let (v, flag) = (color * e.value, if color == Num::ONE { e.bound } else { flip(e.bound) });
                match flag {
                    BoundKind::Exact => {}
                    BoundKind::Lower if v > a.v => a = Bound { v, cause: Cause::Table },
                    BoundKind::Upper if v < b.v => b = Bound { v, cause: Cause::Table },
                    BoundKind::Lower | BoundKind::Upper => {}
                }
                let window = max_view(color, a, b);
                if flag == BoundKind::Exact {
                    TtOutcome::Exact
                } else if a.v >= b.v {
                    TtOutcome::Cutoff { window }
                } else {
                    TtOutcome::Narrowed { window }
                }
            }
        };
        let answered = outcome.answers();
        self.trace.push(Event::TtProbe {
            key: key.clone(),
            slot: found.slot,
            found: found.entry.map(Box::new),
            outcome,
        });
        if let (true, Some(e)) = (answered, found.entry) {
            let nm_bound = if color == Num::ONE { e.bound } else { flip(e.bound) };
            self.trace.push(Event::Exit {
                value: Value::Scalar(e.value),
                bound: e.bound,
                negamax: Some(color * e.value),
            });
            return (color * e.value, nm_bound);
        }
        if let Some((u, source)) = direct {
            // At the cutoff, unanswered: its eval, not stored (as a leaf).
            self.trace.push(Event::Evaluate { value: Value::Scalar(u), source });
            self.trace.push(Event::Exit { value: Value::Scalar(u), bound: BoundKind::Exact, negamax: Some(color * u) });
            return (color * u, BoundKind::Exact);
        }
        let (value, bound) = self.children(id, depth, color, a, b, alpha_orig);
        let flag = if value <= alpha_orig {
            BoundKind::Upper
        } else if value >= b.v {
            BoundKind::Lower
        } else {
            BoundKind::Exact
        };
        let entry = TtEntry {
            value: color * value,
            bound: if color == Num::ONE { flag } else { flip(flag) },
            depth: remaining,
        };
        let stored = self.table.store(key.clone(), entry);
        self.trace.push(Event::TtStore {
            key,
            slot: stored.slot,
            entry,
            replaced: stored.replaced.map(Box::new),
            kept: stored.kept,
        });
        let max_bound = if color == Num::ONE { bound } else { flip(bound) };
        self.trace.push(Event::Exit { value: Value::Scalar(color * value), bound: max_bound, negamax: Some(value) });
        (value, bound)
    }

    /// The loop over the children, as in `negamax-ab`; returns the value
    /// and what the search proved of it.
    fn children(&mut self, id: NodeId, depth: u32, color: Num, a: Bound, b: Bound, a0: Num) -> (Num, BoundKind) {
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
        (value, known.classify(value, (a0, b.v)))
    }
}

/// Is an entry searched to `have` remaining plies good for a node that
/// needs `need` (`None`: to the end of the tree)?
fn deep_enough(have: Option<u32>, need: Option<u32>) -> bool {
    match (have, need) {
        (None, _) => true,
        (Some(h), Some(n)) => h >= n,
        (Some(_), None) => false,
    }
}
