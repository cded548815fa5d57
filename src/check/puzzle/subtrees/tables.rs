//! A node's tables, worked out once and shared where they must be equal:
//! between the windows a node cannot tell apart (a node over leaves looks
//! at one end of its window only), and between nodes whose subtrees are
//! the same (same kinds, same stops, unknowns allowed the same values), as
//! in a puzzle whose later unknowns all range over the same values (and
//! the same values given by a `values` item).
//!
//! Invariant: `memo[n]` holds only tables of `n`'s subtree as it is now
//! (`allow` clears the memo of every node above an unknown it changes),
//! and `same[n]` is a node with the same subtree as `n` (worked out again
//! before a count whenever an unknown changed), so `n` may read `memo[same[n]]`.

use std::collections::HashMap;
use std::rc::Rc;

use super::{FailMode, Game, NONE, NodeId, NodeKind, Ring, Subtrees, Table, Utility, V};
use crate::search::FxBuild;

/// What a subtree's tables depend on, its children by their shapes'
/// numbers.
#[derive(Hash, PartialEq, Eq)]
enum Shape {
    /// An unknown, by the number of its set of allowed values.
    Unknown(u32),
    /// A leaf with a value (its index).
    Known(V),
    /// Any other leaf: its own.
    Leaf(NodeId),
    Inner {
        kind: NodeKind,
        searched: u32,
        wanted: Option<V>,
        best: Option<u32>,
        reach: u32,
        /// `pvs`: searched again, and where its scout stops (`scouts.rs`).
        again: Option<bool>,
        scout: Option<u32>,
        children: Children,
    },
}

/// A node's children by their shapes' numbers: up to four in place (a
/// count works the shapes out again after every change of an unknown's
/// values, thousands of times a puzzle, and most nodes have few children).
#[derive(Hash, PartialEq, Eq)]
enum Children {
    Few(u8, [u32; 4]),
    Many(Vec<u32>),
}

impl Children {
    fn of(numbers: impl ExactSizeIterator<Item = u32>) -> Children {
        let n = numbers.len();
        if n > 4 {
            return Children::Many(numbers.collect());
        }
        let mut few = [0; 4];
        for (slot, k) in few.iter_mut().zip(numbers) {
            *slot = k;
        }
        Children::Few(n as u8, few)
    }
}

/// Every node of `game`, children before their parents (the reverse of a
/// breadth-first order).
pub(in crate::check::puzzle) fn upward(game: &Game) -> Vec<NodeId> {
    let mut order = vec![NodeId::ROOT];
    let mut i = 0;
    while let Some(&id) = order.get(i) {
        order.extend(game.node(id).children().iter().map(|e| e.child));
        i += 1;
    }
    order.reverse();
    order
}

impl<R: Ring> Subtrees<'_, R> {
    /// Works out `same`: for each node, the first (children before their
    /// parents) whose subtree has its shape.
    pub(super) fn share(&mut self) {
        // Sized once: grown as it fills, a map was half the time of this.
        let mut sets: HashMap<&[V], u32, FxBuild> =
            HashMap::with_capacity_and_hasher(self.unknowns.len(), FxBuild::default());
        let mut shapes: HashMap<Shape, (u32, NodeId), FxBuild> =
            HashMap::with_capacity_and_hasher(self.game.len(), FxBuild::default());
        let mut number = vec![0u32; self.game.len()];
        for &id in &self.upward {
            let node = self.game.node(id);
            let shape = if let Some(k) = self.slots[id.index()] {
                let next = sets.len() as u32;
                Shape::Unknown(*sets.entry(&self.allowed[k]).or_insert(next))
            } else if node.kind() != NodeKind::Leaf {
                Shape::Inner {
                    kind: node.kind(),
                    searched: self.searched.as_ref().map_or(u32::MAX, |s| s[id.index()]),
                    wanted: self.wanted[id.index()],
                    best: self.best[id.index()],
                    reach: self.reach[id.index()],
                    again: self.researched[id.index()],
                    scout: self.scout[id.index()],
                    children: Children::of(node.children().iter().map(|e| number[e.child.index()])),
                }
            } else if let Utility::Scalar(u) = node.utility() {
                Shape::Known(self.values.binary_search(&u).map_or(0, |i| i as V))
            } else {
                Shape::Leaf(id)
            };
            let next = shapes.len() as u32;
            let &mut (n, first) = shapes.entry(shape).or_insert((next, id));
            number[id.index()] = n;
            self.same[id.index()] = first;
        }
    }

    /// The table of `id` entered with `(a, b)` (memoized).
    pub(super) fn table(&mut self, id: NodeId, a: V, b: V) -> Table<R::W> {
        let id = self.same[id.index()];
        let node = self.game.node(id);
        // A leaf's table, and without cuts any node's, is the same for
        // every window: one table a node.
        if node.kind() == NodeKind::Leaf {
            return self.computed(id, NONE, NONE);
        }
        if !self.prunes {
            let (a, b) = self.range;
            return self.computed(id, a, b);
        }
        // A node given a value keeps only its ways returning it, from its
        // own window (clamping after that would change what it returns).
        if !self.shallow[id.index()] || self.wanted[id.index()].is_some() {
            return self.computed(id, a, b);
        }
        // A node whose children are all leaves passes its window to no one:
        // a MAX node looks only at β (to cut) and a MIN node only at α, and
        // the other end only clamps what it returns under `--fail-hard`. So
        // the table is worked out once for every window sharing that end.
        let maximizing = node.kind() == NodeKind::Max;
        let top = (self.values.len() - 1) as V;
        let base = if maximizing { self.computed(id, 0, b) } else { self.computed(id, a, top) };
        if self.fail != FailMode::Hard || (maximizing && a == 0) || (!maximizing && b == top) {
            return base;
        }
        if let Some(t) = self.memo[id.index()].get(&(a, b)) {
            return t.clone();
        }
        let t = Rc::new(self.clamped(&base, maximizing, if maximizing { a } else { b }));
        self.memo[id.index()].insert((a, b), t.clone());
        t
    }

    /// `table` with each value past `end` (below it for a MAX node, above
    /// it for a MIN node) returned as `end`, its ways summed there.
    fn clamped(&self, table: &[(V, R::W)], maximizing: bool, end: V) -> Vec<(V, R::W)> {
        let past = |v: V| if maximizing { v <= end } else { v >= end };
        let mut at_end = self.ring.zero();
        let mut any = false;
        let mut rest = Vec::with_capacity(table.len());
        for (v, n) in table {
            if past(*v) {
                self.ring.add(&mut at_end, n);
                any = true;
            } else {
                rest.push((*v, n.clone()));
            }
        }
        if any {
            // Sorted by value: the clamped values sit at one end.
            if maximizing { rest.insert(0, (end, at_end)) } else { rest.push((end, at_end)) }
        }
        rest
    }

    /// The ways to fill the unknowns under `id` freely (it is never entered).
    pub(super) fn free(&self, id: NodeId) -> R::W {
        let mut ways = self.ring.one();
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            if let Some(k) = self.slots[n.index()] {
                let mut any = self.ring.zero();
                for &v in &self.allowed[k] {
                    self.ring.add(&mut any, &self.ring.leaf(v));
                }
                ways = self.ring.mul(&ways, &any);
            }
            stack.extend(self.game.node(n).children().iter().map(|e| e.child));
        }
        ways
    }

    /// The table of `id` entered with exactly `(a, b)` (memoized).
    fn computed(&mut self, id: NodeId, a: V, b: V) -> Table<R::W> {
        if let Some(t) = self.memo[id.index()].get(&(a, b)) {
            return t.clone();
        }
        if let Some(k) = self.slots[id.index()] {
            let t: Table<R::W> = Rc::new(self.allowed[k].iter().map(|&v| (v, self.ring.leaf(v))).collect());
            self.memo[id.index()].insert((a, b), t.clone());
            return t;
        }
        if let Utility::Scalar(u) = self.game.node(id).utility() {
            let v = self.values.binary_search(&u).map_or(0, |i| i as V);
            return Rc::new(vec![(v, self.ring.one())]);
        }
        // The ways by value returned, in a slot a value (the slots kept
        // from one table to the next: allocated for each, they were a
        // fifth of a count over distinct values).
        let ways = self.node(id, a, b, false);
        let mut merged = std::mem::take(&mut self.sum_room);
        merged.resize(self.values.len(), None);
        let mut used = 0;
        for ((v, _), n) in ways {
            match &mut merged[v as usize] {
                Some(sum) => self.ring.add(sum, &n),
                empty => {
                    *empty = Some(n);
                    used += 1;
                }
            }
        }
        let mut t: Vec<(V, R::W)> = Vec::with_capacity(used);
        t.extend(merged.iter_mut().enumerate().filter_map(|(v, n)| Some((v as V, n.take()?))));
        self.sum_room = merged;
        let t = Rc::new(t);
        self.memo[id.index()].insert((a, b), t.clone());
        t
    }
}

/// Whether `id` is an inner node whose children are all leaves.
pub(super) fn over_leaves(game: &Game, id: NodeId) -> bool {
    let node = game.node(id);
    node.kind() != NodeKind::Leaf && node.children().iter().all(|e| game.node(e.child).kind() == NodeKind::Leaf)
}

/// About how many steps counting `game` over `d` values takes (`MAX_WORK`).
pub(super) fn work(game: &Game, d: f64) -> f64 {
    let mut steps = 0.0;
    let mut stack = vec![(NodeId::ROOT, 0)];
    while let Some((id, depth)) = stack.pop() {
        let children = game.node(id).children();
        // A node over leaves only is counted once per one end of its
        // window (`table` above).
        let windows = d.powi(depth.min(if over_leaves(game, id) { 1 } else { 2 }));
        steps += windows * children.len() as f64 * d * d;
        stack.extend(children.iter().map(|e| (e.child, depth + 1)));
    }
    steps
}

/// Each node's parent in `game` (a tree: no `&` edge), the root its own.
pub(in crate::check::puzzle) fn parents(game: &Game) -> Vec<NodeId> {
    let mut parent = vec![NodeId::ROOT; game.len()];
    for id in game.ids() {
        for e in game.node(id).children() {
            parent[e.child.index()] = id;
        }
    }
    parent
}
