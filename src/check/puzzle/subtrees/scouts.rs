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
//! What a re-search enters twice (`visited`, `leaves`, the statistics) is
//! counted on two plies only, each root child a leaf or a node of leaves
//! of the other kind than the root, and only with a `visited` item, which
//! says which root children are searched again: those it enters twice. There a scout that is searched
//! again cut nowhere (a MIN child cuts at its first leaf `≤ α` and then
//! returns at most α), and its re-search cuts nowhere either (every leaf
//! is past α), so both enter the same nodes: the child and all its
//! leaves, twice over (`visits`). A child searched again is one whose run
//! returns a value strictly inside the root's window, `α < v < β`, as
//! `pvs` tests it; a child entered once, one that does not. (On three
//! plies the scout and its re-search may stop at different grandchildren,
//! and the grandchildren are scouted and searched again in turn: left to
//! the box search.)

use std::rc::Rc;

use super::{NodeId, Ring, Subtrees, Table, V, over_leaves};
use crate::check::expect::{Expect, Fact};
use crate::model::{Game, Path};
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
    shape && (asks_what_no_research_changes(e) || asks_visits_on_two_plies(game, e))
}

/// Whether `pvs` block `e` on `game` asks what a re-search enters twice
/// (`visited`, `visited-set`, `leaves`, the statistics of nodes, leaves,
/// cutoffs and re-searches), besides what [`asks_what_no_research_changes`]
/// takes, on two plies, with a `visited` item saying which root children
/// are searched again (the module doc).
fn asks_visits_on_two_plies(game: &Game, e: &Expect) -> bool {
    // A child of the root's own kind cuts its scout at its first leaf past
    // α and may search on when searched again: only the other kind.
    let root = game.root().kind();
    let two_plies = game.root().children().iter().all(|c| {
        let node = game.node(c.child);
        node.is_leaf() || (node.kind() != root && over_leaves(game, c.child))
    });
    let asks = |f: &Fact| match f {
        Fact::Visited(_) | Fact::VisitedSet(_) | Fact::Leaves(_) => true,
        Fact::Stats(pairs) => pairs.iter().all(|(st, _)| super::fixed_stat(*st, true)),
        _ => plain_fact(f),
    };
    let visited = e.items.iter().any(|i| matches!(i.fact, Fact::Visited(_)));
    two_plies && visited && plain(e) && e.items.iter().all(|i| asks(&i.fact))
}

/// Whether `pvs` block `e` takes no option but the order (written or
/// reverse) and whether bounds are ignored (ties going last among them;
/// `pvs` ignores the cut rule and the fail mode).
fn plain(e: &Expect) -> bool {
    let o = &e.options;
    let plain = Options { cuts: CutRule::default(), fail: FailMode::default(), ..o.clone() }
        == Options { order: o.order, ignore_bounds: o.ignore_bounds, ..Options::default() };
    plain && matches!(o.order, Order::Spec | Order::Reverse)
}

/// The facts no re-search changes: `value`, `best`, `pv`, `pruned`, `values`.
fn plain_fact(f: &Fact) -> bool {
    matches!(f, Fact::Value(_) | Fact::Best(_) | Fact::Pv(_) | Fact::Pruned(_) | Fact::Values(_))
}

/// Whether `pvs` block `e` asks only what no re-search enters twice
/// (`value`, `best`, `pv`, `pruned`, `values`), in the written or reverse
/// order, declared bounds in use or not, and no other option (ties going
/// last among them; `pvs` ignores the cut rule and the fail mode).
pub(in crate::check::puzzle) fn asks_what_no_research_changes(e: &Expect) -> bool {
    plain(e) && e.items.iter().all(|i| plain_fact(&i.fact))
}

impl<R: Ring> Subtrees<'_, R> {
    /// Root child `id`, searched after the first, in the root's window
    /// `(a, b)` (`b` is +∞ or the upper bound at a MAX root, `a` −∞ or
    /// the lower bound at a MIN one): its ways by
    /// the value it returns, from the run that counts. Where a `visited`
    /// item says whether it is searched again, only the values that make
    /// it so.
    pub(super) fn scouted(&mut self, id: NodeId, maximizing: bool, (a, b): (V, V)) -> Table<R::W> {
        if self.game.node(id).is_leaf() {
            return self.table(id, a, b); // a leaf is never searched again
        }
        let again = self.researched[id.index()];
        let kept = move |(r, _): &&(V, R::W)| again.is_none_or(|again| again == (a < *r && *r < b));
        let (low, high) = if maximizing {
            (self.table(id, a, a + 1), self.table(id, a, b))
        } else {
            (self.table(id, a, b), self.table(id, b - 1, b))
        };
        // Values up to α (MAX) or below β (MIN) from the first, the rest from the second.
        let split = if maximizing { a + 1 } else { b };
        let low = low.iter().take_while(|(r, _)| *r < split);
        let high = high.iter().skip_while(|(r, _)| *r < split);
        Rc::new(low.chain(high).filter(kept).cloned().collect())
    }

    /// Which root children a `pvs` run entering the nodes of `visited`
    /// searches again (those it enters twice), on two plies; `None` for
    /// the others.
    pub(super) fn researched(&self, visited: &[Path]) -> Vec<Option<bool>> {
        let mut again = vec![None; self.game.len()];
        for (j, i) in self.order(NodeId::ROOT).into_iter().enumerate() {
            let child = self.game.root().child(i as usize);
            let path = Path::root().child(i);
            let times = visited.iter().filter(|p| **p == path).count();
            if j > 0 && times > 0 && !self.game.node(child).is_leaf() {
                again[child.index()] = Some(times > 1);
            }
        }
        again
    }
}
