//! What the search still compares with, part of the way through: the
//! values `distinct.rs` and `wide.rs` split the values left by.

use super::moves::narrowed;
use super::{NodeId, NodeKind, Ring, Subtrees, Utility, V};

impl<R: Ring> Subtrees<'_, R> {
    /// The values the search holds — the running values and windows of
    /// the nodes open — when, with the first unknowns given `chosen`, it
    /// first reaches an unknown past them (none when it ends first): all
    /// the rest of the search compares with, since a finished subtree
    /// returns one value and its leaves are never looked at again. `None`
    /// in reverse order, where the search meets the unknowns last first,
    /// and for `pvs`, whose scouts compare with more.
    pub fn held(&self, chosen: &[V]) -> Option<Vec<V>> {
        if self.reverse || self.scouts {
            return None;
        }
        let mut held = Vec::new();
        self.run_to_unchosen(NodeId::ROOT, self.range, chosen, &mut held);
        Some(held)
    }

    /// The value `id` returns with the unknowns given `chosen`, or `None`
    /// when the search reaches one past them (then `held` has the open
    /// nodes' values).
    fn run_to_unchosen(&self, id: NodeId, (a0, b0): (V, V), chosen: &[V], held: &mut Vec<V>) -> Option<V> {
        let node = self.game.node(id);
        if node.kind() == NodeKind::Leaf {
            // A known leaf returns its value (as `computed` reads it).
            return match (self.slots[id.index()], node.utility()) {
                (Some(k), _) => chosen.get(k).copied(),
                (None, Utility::Scalar(u)) => Some(self.values.binary_search(&u).map_or(0, |i| i as V)),
                (None, _) => Some(0),
            };
        }
        let maximizing = node.kind() == NodeKind::Max;
        let (mut a, mut b) = (a0, b0);
        let mut v = if maximizing { 0 } else { (self.values.len() - 1) as V };
        for e in node.children() {
            let Some(r) = self.run_to_unchosen(e.child, (a, b), chosen, held) else {
                held.extend([a, b, v]);
                return None;
            };
            v = if maximizing { v.max(r) } else { v.min(r) };
            if self.cuts_at(maximizing, v, (a, b)) {
                break;
            }
            (a, b) = narrowed(maximizing, v, (a, b));
        }
        Some(self.returned(v, (a0, b0)))
    }
}
