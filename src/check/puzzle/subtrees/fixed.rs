//! What a `pruned` item fixes: where every node stops, so the nodes
//! entered are the same for every assignment, and the facts about them
//! (`leaves`, `visited`, the static `stats`) are checked once.

use super::{NodeId, Ring, Subtrees};
use crate::check::expect::{Fact, LeafExpect, Stat};
use crate::model::{NodeKind, Path};
use crate::num::Num;

impl<R: Ring> Subtrees<'_, R> {
    /// Where each node stops for the pruned edges to be exactly `paths`:
    /// the children it searches. `None` when no run prunes exactly those
    /// (a listed edge that is not a searched node's child, listed children
    /// that are not the last ones in search order, or a node's first).
    pub(super) fn stops(&self, paths: &[Path]) -> Option<Vec<u32>> {
        let mut searched: Vec<u32> = self.game.ids().map(|id| self.game.node(id).children().len() as u32).collect();
        let mut stack = vec![(NodeId::ROOT, Path::root())];
        let mut found = 0;
        while let Some((id, path)) = stack.pop() {
            let order = self.order(id);
            let listed: Vec<bool> = order.iter().map(|&i| paths.contains(&path.child(i))).collect();
            let k = listed.iter().position(|&l| l).unwrap_or(order.len());
            if k == 0 && !order.is_empty() || listed[k..].iter().any(|&l| !l) {
                return None;
            }
            found += order.len() - k;
            searched[id.index()] = k as u32;
            for &i in &order[..k] {
                stack.push((self.game.node(id).child(i as usize), path.child(i)));
            }
        }
        (found == paths.len()).then_some(searched)
    }

    /// The nodes entered, in order, when every node stops where
    /// `searched` says.
    pub(super) fn visits(&self) -> Vec<(NodeId, Path)> {
        let searched = self.searched.as_deref().unwrap_or_default();
        let mut out = Vec::new();
        let mut stack = vec![(NodeId::ROOT, Path::root())];
        while let Some((id, path)) = stack.pop() {
            let order = self.order(id);
            let k = searched.get(id.index()).map_or(order.len(), |&k| k as usize);
            for &i in order[..k].iter().rev() {
                stack.push((self.game.node(id).child(i as usize), path.child(i)));
            }
            out.push((id, path));
        }
        out
    }

    /// Applies fact `f` about `visits` (fixed by `pruned`): checks what
    /// it says of the tree, and limits each unknown leaf it gives a value
    /// to that value. False when no assignment can pass it.
    pub(super) fn fix(&mut self, f: &Fact, visits: &[(NodeId, Path)]) -> bool {
        let leaves: Vec<&(NodeId, Path)> =
            visits.iter().filter(|(id, _)| self.game.node(*id).kind() == NodeKind::Leaf).collect();
        let paths = || visits.iter().map(|(_, p)| p);
        match f {
            Fact::Visited(want) => want.iter().eq(paths()),
            Fact::VisitedSet(want) => {
                let want: std::collections::BTreeSet<&Path> = want.iter().collect();
                want == paths().collect()
            }
            Fact::Stats(pairs) => pairs.iter().all(|(st, n)| {
                let got = match st {
                    Stat::NodesVisited => visits.len(),
                    Stat::LeavesEvaluated => leaves.len(),
                    _ => self.cutoffs(visits),
                };
                Num::int(got as i64) == *n
            }),
            Fact::Leaves(want) if want.len() != leaves.len() => false,
            Fact::Leaves(want) => want.iter().zip(leaves).all(|(w, (id, path))| match w {
                LeafExpect::Name(n) => self.game.node(*id).name() == Some(n),
                LeafExpect::Path(p) => p == path,
                LeafExpect::Value(c) => match (self.slots[id.index()], self.game.node(*id).scalar()) {
                    (Some(k), _) => {
                        self.allowed[k].retain(|&v| self.values[v as usize] == *c);
                        !self.allowed[k].is_empty()
                    }
                    (None, known) => known == Some(*c),
                },
            }),
            _ => true,
        }
    }

    /// The nodes entered that cut with children left (the `cutoffs` stat).
    fn cutoffs(&self, visits: &[(NodeId, Path)]) -> usize {
        let searched = self.searched.as_deref().unwrap_or_default();
        let left = |id: NodeId| (searched[id.index()] as usize) < self.game.node(id).children().len();
        visits.iter().filter(|(id, _)| left(*id)).count()
    }
}
