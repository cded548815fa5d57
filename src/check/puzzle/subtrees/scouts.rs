//! `pvs` counted over subtrees where its null windows change nothing
//! below the root: on trees of up to three plies, each node under a root
//! child a leaf, or a node of leaves of the other kind than that child.
//!
//! Below a root child `c`: a node of leaves looks only at the end of its
//! window it cuts on (β for MAX, α for MIN), and `pvs` scouts each child
//! of `c` after the first with a null window at exactly that end, then
//! searches it again with `c`'s own window, which that child cannot tell
//! apart from the null one. So `c`'s `pvs` run, with any window, is its
//! `alphabeta` run (fail-soft, cuts on equality) in everything counted
//! here: value, best child, pruned edges, values.
//!
//! At a MAX root (β = +∞, or the declared upper bound U) a later child
//! is scouted with `(α, α + δ)`. Fail-soft, the scout returns at most α
//! exactly when the child's value is at most α: then the scout counts,
//! its cuts and values with it. Otherwise it is searched again with
//! `(α, β)`, and the re-search counts — unless the scout returned β
//! itself (U), when there is no re-search and the scout counts. That
//! scout is the re-search, step for step: its nodes of leaves looking only
//! at α meet the same α; those looking at β cut at their first leaf past
//! α, which is U, where the re-search's (β = U, or the child's running
//! value, U) cut too; so the child's running value is U, and the windows
//! it hands down are the same, child after child. Both runs are
//! `alphabeta` runs of the child, and which one counts is decided by its
//! value: so its ways are the scout's returning at most α, then the
//! re-search's returning more (a MIN root mirrors this, at β). No value a
//! node returns lies strictly between α and α + δ (`pvs::null_delta`: δ
//! is 1 on integer trees, else the smallest gap between the numbers
//! written), so the scout's β is the next value above α in the table: its
//! index plus one.
//!
//! What is left out: what a re-search enters twice (`visited`, `leaves`,
//! the statistics), as for two plies (`plans.rs`'s `pvs_as_alphabeta`).

use std::rc::Rc;

use super::{NodeId, Ring, Subtrees, Table, V, over_leaves};
use crate::check::expect::{Expect, Fact};
use crate::model::Game;
use crate::search::options::{CutRule, FailMode, Options, Order};

/// Whether block `e` of `pvs` on `game` is counted with the root's
/// scouts (the module doc says when).
pub(super) fn applies(game: &Game, e: &Expect) -> bool {
    let shape = game.root().children().iter().all(|c| {
        let kind = game.node(c.child).kind();
        game.node(c.child).children().iter().all(|g| {
            let node = game.node(g.child);
            node.is_leaf() || (node.kind() != kind && over_leaves(game, g.child))
        })
    });
    shape && asks_what_no_research_changes(e)
}

/// Whether `pvs` block `e` asks only what no re-search enters twice
/// (`value`, `best`, `pv`, `pruned`, `values`), in the written or reverse
/// order, with no declared bounds in use and no other option (ties going
/// last among them; `pvs` ignores the cut rule and the fail mode).
pub(in crate::check::puzzle) fn asks_what_no_research_changes(e: &Expect) -> bool {
    let o = &e.options;
    let plain = Options { cuts: CutRule::default(), fail: FailMode::default(), ..o.clone() }
        == Options { order: o.order, ignore_bounds: o.ignore_bounds, ..Options::default() };
    let asks = |f: &Fact| matches!(f, Fact::Value(_) | Fact::Best(_) | Fact::Pv(_) | Fact::Pruned(_) | Fact::Values(_));
    plain && matches!(o.order, Order::Spec | Order::Reverse) && e.items.iter().all(|i| asks(&i.fact))
}

impl<R: Ring> Subtrees<'_, R> {
    /// Root child `id`, searched after the first, in the root's window
    /// `(a, b)` (`b` is +∞ or the upper bound at a MAX root, `a` −∞ or
    /// the lower bound at a MIN one): its ways by
    /// the value it returns, from the run that counts.
    pub(super) fn scouted(&mut self, id: NodeId, maximizing: bool, (a, b): (V, V)) -> Table<R::W> {
        if self.game.node(id).is_leaf() {
            return self.table(id, a, b); // a leaf is never searched again
        }
        let (low, high) = if maximizing {
            (self.table(id, a, a + 1), self.table(id, a, b))
        } else {
            (self.table(id, a, b), self.table(id, b - 1, b))
        };
        // Values up to α (MAX) or below β (MIN) from the first, the rest from the second.
        let split = if maximizing { a + 1 } else { b };
        let low = low.iter().take_while(|(r, _)| *r < split);
        let high = high.iter().skip_while(|(r, _)| *r < split);
        Rc::new(low.chain(high).cloned().collect())
    }
}
