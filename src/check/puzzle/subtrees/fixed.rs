//! What a `pruned` item fixes: where every node stops, so the nodes
//! entered are the same for every assignment, and the facts about them
//! (`leaves`, `visited`, the static `stats`) are checked once. A `visited`
//! (or `visited-set`) item fixes the same: the edges pruned are those from
//! a node entered to a child not entered. And what a `values` item fixes
//! (the value a node returns, and that it is entered) and a `pv` item (the
//! child each node on it gets its value from).

use super::{NodeId, Ring, Subtrees, V};
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

    /// The edges pruned when the nodes entered are exactly `entered`: those
    /// from a node entered to a child that is not. `None` when no run
    /// enters exactly those (the root not among them, or a node whose
    /// parent is not).
    pub(super) fn implied_pruned(&self, entered: &[Path]) -> Option<Vec<Path>> {
        let entered: std::collections::BTreeSet<&Path> = entered.iter().collect();
        let root = Path::root();
        let mut stack = vec![(NodeId::ROOT, root)];
        let (mut reached, mut pruned) = (0, Vec::new());
        while let Some((id, path)) = stack.pop() {
            if !entered.contains(&path) {
                return None;
            }
            reached += 1;
            for (i, e) in self.game.node(id).children().iter().enumerate() {
                let child = path.child(i as u32);
                if entered.contains(&child) {
                    stack.push((e.child, child));
                } else {
                    pruned.push(child);
                }
            }
        }
        (reached == entered.len()).then_some(pruned)
    }

    /// Applies `pv` (`paths`, from a root child down): each node on it
    /// gets its value from the next, and the last is a leaf (the variation
    /// goes on to one). False when no assignment can pass it.
    pub(super) fn follow(&mut self, paths: &[Path]) -> bool {
        let (mut id, mut at) = (NodeId::ROOT, Path::root());
        for p in paths {
            let Some((&i, above)) = p.0.split_last() else { return false };
            if above != at.0.as_slice() || self.best[id.index()].is_some_and(|b| b != i) {
                return false;
            }
            let Some(child) = self.enter(p) else { return false };
            self.best[id.index()] = Some(i);
            (id, at) = (child, p.clone());
        }
        self.game.node(id).kind() == NodeKind::Leaf
    }

    /// Applies `values N=v` to the node at `path`: it must return `v`,
    /// and so be entered (each node above it searches at least as far as
    /// the child toward it). An unknown leaf is limited to `v`. False
    /// when no assignment can pass it.
    pub(super) fn want(&mut self, path: &Path, v: V) -> bool {
        let Some(id) = self.enter(path) else { return false };
        match (self.slots[id.index()], self.game.node(id).kind()) {
            (Some(k), _) => {
                self.allowed[k].retain(|&x| x == v);
                !self.allowed[k].is_empty()
            }
            (None, NodeKind::Leaf) => self.game.node(id).scalar() == Some(self.values[v as usize]),
            (None, _) => *self.wanted[id.index()].get_or_insert(v) == v,
        }
    }

    /// The node at `path`, which must be entered: each node above it
    /// searches at least as far as the child toward it (`reach`). `None`
    /// when the tree has no such node.
    fn enter(&mut self, path: &Path) -> Option<NodeId> {
        let mut id = NodeId::ROOT;
        for &i in &path.0 {
            let k = self.order(id).iter().position(|&c| c == i)?;
            self.reach[id.index()] = self.reach[id.index()].max(k as u32 + 1);
            id = self.game.node(id).child(i as usize);
        }
        Some(id)
    }

    /// The nodes entered, in order, when every node stops where
    /// `searched` says (for `pvs`, those its `visited` item lists:
    /// `scouts.rs`).
    pub(super) fn visits(&self) -> Vec<(NodeId, Path)> {
        if let Some((entered, _)) = &self.entered {
            return entered.clone();
        }
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

    /// Applies the facts about the nodes entered (`fixed`: `leaves`,
    /// `visited`, `visited-set`, the static `stats`). `None` where they are
    /// not the same for every assignment: only where `pruned` (or a
    /// `visited` item) says where every node stops, and for `pvs` only
    /// where a `visited` item also says which children are searched again.
    pub(super) fn fix_visits(&mut self, fixed: Vec<&Fact>) -> Option<()> {
        self.searched.as_ref()?;
        if self.scouts {
            let visited = fixed.iter().find_map(|f| match f {
                Fact::Visited(p) => Some(p),
                _ => None,
            })?;
            // Where no run enters exactly those, nothing passes.
            if !self.follow_visits(visited) {
                self.impossible = true;
                return Some(());
            }
        }
        let visits = self.visits();
        let ok = fixed.into_iter().all(|f| self.fix(f, &visits));
        self.impossible |= !ok;
        Some(())
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
                    Stat::Researches => self.researched.iter().filter(|r| **r == Some(true)).count(),
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
        if let Some((_, cutoffs)) = self.entered {
            return cutoffs;
        }
        let searched = self.searched.as_deref().unwrap_or_default();
        let left = |id: NodeId| (searched[id.index()] as usize) < self.game.node(id).children().len();
        visits.iter().filter(|(id, _)| left(*id)).count()
    }
}
