//! A child whose table is the same for every state of its parent's loop
//! (a leaf, or any child of a search that cuts nowhere): its moves are
//! summed by the value they lead to instead of met state by state.
//!
//! A MAX node's state with running value `v` keeps `v` with the ways of
//! the child's values `r ≤ v`, and moves to `r` with those of `r > v`.
//! So the ways that keep `v` are `w_v · Σ_{r ≤ v} n_r`, a prefix sum of
//! the table, and those that reach `r` from below are `n_r · Σ_{v < r}
//! w_v`, a running sum over the states in increasing order: one product
//! a state and one a value, where meeting every state with every value
//! took their product (21 unknowns over −150..150 spent most of their
//! time there). A MIN node mirrors it. Where a move goes (on, stopped,
//! nowhere) depends only on the value it leads to and on the end of the
//! window the node never moves ([`Subtrees::goes`]), so each sum is
//! exactly what its moves one by one add up to.

use super::moves::past;
use super::{Landing, Ring, Subtrees, V};

/// One child's step of a node's loop: what decides where a move goes.
#[derive(Clone, Copy)]
pub(super) struct Step {
    pub root: bool,
    pub maximizing: bool,
    /// The window the node was entered with.
    pub window: (V, V),
    /// Where the answer says the node stops (its children searched), if
    /// it says.
    pub searched: Option<usize>,
    /// The child's place in search order, and the node's children.
    pub j: usize,
    pub children: usize,
    /// The node must search at least this many children.
    pub reach: usize,
}

impl<R: Ring> Subtrees<'_, R> {
    /// Where a move that leaves the running value at `v` goes, `(a, b)`
    /// being the window the state before it gave the child: `None` where
    /// no way through it passes, else whether the node stops there.
    pub(super) fn goes(&self, step: &Step, v: V, (a, b): (V, V)) -> Option<bool> {
        // The root's running value only grows (MAX) or shrinks (MIN), and
        // so does what it returns: once past the asked value, no way from
        // here returns it.
        if step.root && self.value.is_some_and(|x| past(step.maximizing, self.returned(v, step.window), x)) {
            return None;
        }
        let cut = self.cuts_at(step.maximizing, v, (a, b));
        let last = step.j + 1 == step.children;
        let stops = match step.searched {
            // The answer says where it stops: exactly there.
            Some(k) if step.j + 1 < k => match cut {
                true => return None,
                false => false,
            },
            Some(k) if step.j + 1 == k => {
                if k < step.children && !cut {
                    return None;
                }
                true
            }
            Some(_) => return None,
            None => cut || last,
        };
        // A node given a value below a later child is entered.
        if stops && step.j + 1 < step.reach {
            return None;
        }
        Some(stops)
    }

    /// The moves of `states` (running value, best child, ways) through a
    /// child whose `table` is the same for each of them, into `landing`;
    /// a move to a better value makes `best` the best child. `states` are
    /// left sorted.
    pub(super) fn uniform(
        &self,
        step: &Step,
        states: &mut [(V, u32, R::W)],
        table: &[(V, R::W)],
        best: u32,
        landing: &mut Landing<R::W>,
        slot: impl Fn(V, u32) -> usize,
    ) {
        let maximizing = step.maximizing;
        let better = |r: V, v: V| if maximizing { r > v } else { r < v };
        // States and the table's values worst first (a table is in
        // increasing order of value).
        states.sort_unstable_by(|x, y| if maximizing { x.0.cmp(&y.0) } else { y.0.cmp(&x.0) });
        let n = table.len();
        let entry = |k: usize| &table[if maximizing { k } else { n - 1 - k }];
        // kept[k]: the ways of the k worst values.
        let mut kept = Vec::with_capacity(n + 1);
        kept.push(self.ring.zero());
        for k in 0..n {
            let mut sum = kept[k].clone();
            self.ring.add(&mut sum, &entry(k).1);
            kept.push(sum);
        }
        // Each state keeps its value with the values no better.
        let mut k = 0;
        for (v, b, w) in states.iter() {
            while k < n && !better(entry(k).0, *v) {
                k += 1;
            }
            if k > 0
                && let Some(stops) = self.goes(step, *v, step.window)
            {
                landing.put(&self.ring, slot(*v, *b), (stops, *v, *b), self.ring.mul(w, &kept[k]));
            }
        }
        // Each value is reached from the states it betters.
        let (mut below, mut s) = (self.ring.zero(), 0);
        for k in 0..n {
            let (r, ways) = entry(k);
            while s < states.len() && better(*r, states[s].0) {
                self.ring.add(&mut below, &states[s].2);
                s += 1;
            }
            if s > 0
                && let Some(stops) = self.goes(step, *r, step.window)
            {
                landing.put(&self.ring, slot(*r, best), (stops, *r, best), self.ring.mul(&below, ways));
            }
        }
    }
}
