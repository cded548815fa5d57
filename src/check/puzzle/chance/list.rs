//! `chance.rs`'s listing: the unknowns given values one at a time,
//! smallest first, each next value found by halving.

use super::{Chance, Level, Tally, V};
use crate::model::NodeId;
use crate::num::Num;
use std::collections::HashMap;

impl<R: Tally> Chance<'_, R> {
    /// Lists the solutions with unknowns `..k` as given, smallest first,
    /// into `out`, up to `max` in all (`None`: past the budget).
    pub(super) fn descend(&mut self, k: usize, max: usize, out: &mut Vec<Vec<Num>>) -> Option<()> {
        if k == self.fixed.len() {
            out.push(self.fixed.iter().map(|v| self.domain[v.expect("every unknown given") as usize]).collect());
            return Some(());
        }
        let mut path = Vec::new();
        let mut at = self.leaves[k];
        while at != NodeId::ROOT {
            let up = self.parents[at.index()];
            let i = self.game.node(up).children().iter().position(|e| e.child == at)? as u32;
            path.push((up, i));
            at = up;
        }
        self.levels.push(Level { path, others: HashMap::new() });
        let found = self.scan(k, max, out);
        self.levels.pop();
        found
    }

    /// Tries unknown `k`'s values in turn, smallest first: each next value
    /// that leaves the count above zero is found by halving the values
    /// left (the count with the unknown held within a span of values is
    /// the sum of the counts at each), so a wide range is not tried a
    /// value at a time (24 unknowns over −1000..1000 asking `values`: a
    /// few hundred counts, where trying each value took thousands). Values
    /// the unknowns before have used up (over a multiset) are passed over
    /// without a count, and the value found is not counted again: the
    /// halving leaves it with a count above zero. Both matter where the
    /// counts are long: 24 unknowns over 1..9 with repeats took 480
    /// counts to list 20 solutions without them, the first dozen up to
    /// 0.1 s each.
    fn scan(&mut self, k: usize, max: usize, out: &mut Vec<Vec<Num>>) -> Option<()> {
        let chosen: Vec<V> = self.fixed[..k].iter().map(|v| v.expect("the unknowns before given")).collect();
        let last = self.domain.len() as V;
        let mut from = 0;
        while out.len() < max {
            while from < last && !self.ring.may_follow(&chosen, from) {
                from += 1;
            }
            let Some(i) = self.next_value(k, from)? else { break };
            from = i + 1;
            self.give(k, Some(i));
            self.descend(k + 1, max, out)?;
        }
        self.give(k, None);
        Some(())
    }

    /// The smallest value from `from` on that unknown `k` may take with
    /// the count above zero (the others free), if any: `from` itself when
    /// it does (the common case while listing), else by halving. The
    /// count over `lo..=hi` stays above zero as the span halves, so the
    /// value it ends on has a count above zero.
    fn next_value(&mut self, k: usize, from: V) -> Option<Option<V>> {
        let last = self.domain.len() as V;
        if from >= last {
            return Some(None);
        }
        let within = |plan: &mut Self, lo: V, hi: V| -> Option<bool> {
            plan.span = Some((k, lo, hi));
            plan.give(k, None);
            let found = !plan.total()?.is_zero();
            plan.span = None;
            plan.give(k, None);
            Some(found)
        };
        if within(self, from, from)? {
            return Some(Some(from));
        }
        let (mut lo, mut hi) = (from + 1, last - 1);
        if lo > hi || !within(self, lo, hi)? {
            return Some(None);
        }
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if within(self, lo, mid)? {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        Some(Some(lo))
    }

    /// Gives unknown `k` a value (or takes it back): the tables on its
    /// path are counted again.
    fn give(&mut self, k: usize, v: Option<V>) {
        self.fixed[k] = v;
        let mut at = self.leaves[k];
        loop {
            self.tables[at.index()] = None;
            self.around[at.index()] = None;
            if at == NodeId::ROOT {
                break;
            }
            at = self.parents[at.index()];
        }
    }
}
