//! What an `mtdf` block asks, read into [`Asked`]: per node, what the
//! deciding pass must show there.

use super::Passwise;
use crate::check::expect::{Expect, Fact};
use crate::model::{Game, NodeId, Path};
use crate::num::Num;

/// What the block asks, by node index.
pub(super) struct Asked {
    pub(super) value: Option<i64>,
    pub(super) best: Option<u32>,
    pub(super) values: Vec<Option<i64>>,
    /// Whether `pruned` is asked at all.
    pub(super) judge_pruned: bool,
    /// The edge into the node is pruned in the deciding pass.
    pub(super) pruned: Vec<bool>,
    /// Some edge out of the node is.
    pub(super) pruned_from: Vec<bool>,
    /// `visited`, pass by pass (each pass starts at the root): the node
    /// at each place (`usize::MAX`: a path to no node).
    pub(super) visited: Option<Vec<Vec<usize>>>,
    /// Something is asked of the node or below it (its value, an edge out
    /// of it or of a node below): none of it holds if it is not entered.
    pub(super) under: Vec<bool>,
}

/// An integer `Num`, or none.
pub(super) fn whole(v: Num) -> Option<i64> {
    v.as_ratio().filter(|&(_, d)| d == 1).map(|(n, _)| n)
}

impl Passwise {
    /// Takes in what the block asks; `None` for an item it does not count.
    pub(super) fn read_items(&mut self, game: &Game, e: &Expect) -> Option<()> {
        let root_moves = game.node(NodeId::ROOT).children().len() as u32;
        let best = |p: &mut Passwise, want: Option<u32>| match (p.asked.best, want) {
            (_, None) => p.hopeless = true,
            (Some(b), Some(w)) if b != w => p.hopeless = true,
            (_, w) => p.asked.best = w,
        };
        for item in &e.items {
            match &item.fact {
                Fact::Value(v) => match (v.scalar().and_then(whole), self.asked.value) {
                    (Some(v), Some(w)) if v != w => self.hopeless = true,
                    (Some(v), _) => self.asked.value = Some(v),
                    (None, _) => self.hopeless = true,
                },
                // Ties first: the one first best move, as a set.
                Fact::Best(want) => {
                    let mut want = want.clone();
                    want.sort();
                    want.dedup();
                    let one = match want.as_slice() {
                        [p] if p.0.len() == 1 && p.0[0] < root_moves => Some(p.0[0]),
                        _ => None,
                    };
                    best(self, one);
                }
                // A null-window pass proves a bound, not a line: the
                // principal variation is the best move alone.
                Fact::Pv(want) => match want.as_slice() {
                    [p] if p.0.len() == 1 => {
                        let one = (p.0[0] < root_moves).then_some(p.0[0]);
                        best(self, one);
                    }
                    _ => return None,
                },
                Fact::Values(pairs) => {
                    for (path, v) in pairs {
                        let (Some(id), Some(v)) = (game.at(path), v.scalar().and_then(whole)) else {
                            self.hopeless = true;
                            continue;
                        };
                        let i = id.index();
                        match self.asked.values[i] {
                            Some(w) if w != v => self.hopeless = true,
                            _ => self.asked.values[i] = Some(v),
                        }
                        self.mark_under(i);
                    }
                }
                Fact::Pruned(want) => {
                    self.asked.judge_pruned = true;
                    for path in want {
                        let Some(id) = game.at(path).filter(|_| !path.0.is_empty()) else {
                            self.hopeless = true;
                            continue;
                        };
                        let i = id.index();
                        self.asked.pruned[i] = true;
                        let from = self.parent[i]?;
                        self.asked.pruned_from[from] = true;
                        self.mark_under(from);
                    }
                }
                Fact::Visited(want) => {
                    let at = |p: &Path| game.at(p).map_or(usize::MAX, NodeId::index);
                    let mut passes: Vec<Vec<usize>> = Vec::new();
                    for p in want {
                        match passes.last_mut() {
                            Some(pass) if !p.0.is_empty() => pass.push(at(p)),
                            _ => passes.push(vec![at(p)]),
                        }
                    }
                    let starts_at_root = want.first().is_some_and(|p| p.0.is_empty());
                    if !starts_at_root || self.asked.visited.as_ref().is_some_and(|v| *v != passes) {
                        self.hopeless = true;
                    }
                    self.asked.visited = Some(passes);
                }
                _ => return None,
            }
        }
        Some(())
    }

    /// Something is asked at node `i`: at it and every node above it.
    fn mark_under(&mut self, i: usize) {
        let mut at = Some(i);
        while let Some(n) = at {
            self.asked.under[n] = true;
            at = self.parent[n];
        }
    }
}
