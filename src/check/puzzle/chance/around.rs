//! A CHANCE node's ways around the value its parent is given, without
//! its table.

use super::{Chance, Tally, around_table};
use crate::model::NodeId;
use crate::num::Num;

impl<R: Tally> Chance<'_, R> {
    /// A CHANCE node's ways worse than `w` for its parent (below it, or
    /// above it under a MIN node) and at `w`, read off the sums of all its
    /// children but one and the last one's terms: for each sum `s`, the
    /// terms below (above) `w − s` and at it, by halving over the terms
    /// in order — where its table would meet every sum with every term
    /// (24 unknowns under CHANCE nodes over −1000..1000 asking `value`:
    /// a few thousand products a count instead of millions). Exact sums
    /// only; else its table is counted.
    pub(super) fn around_chance(&mut self, id: NodeId, w: Num, min: bool) -> Option<(R::W, R::W)> {
        let last = self.game.node(id).children().len() as u32 - 1;
        let j = self.scanned(id).unwrap_or(last);
        let others = self.others(id, j)?;
        let mut terms = self.terms(id, j)?;
        let exact = |rows: &[(Num, R::W)]| rows.iter().all(|(v, _)| v.is_exact());
        if !exact(&others) || !exact(&terms) || !w.is_exact() {
            let t = self.average(id)?;
            return Some(around_table(&self.ring, &t, w, min));
        }
        terms.sort_by_key(|t| t.0);
        // Ways of the terms before each place, and from each place on.
        let mut before = vec![self.ring.zero()];
        for (_, b) in &terms {
            let mut next = before.last().expect("one at least").clone();
            self.ring.add(&mut next, b);
            before.push(next);
        }
        let mut after = vec![self.ring.zero(); terms.len() + 1];
        for k in (0..terms.len()).rev() {
            let mut next = after[k + 1].clone();
            self.ring.add(&mut next, &terms[k].1);
            after[k] = next;
        }
        let (mut below, mut at) = (self.ring.zero(), self.ring.zero());
        for (s, a) in others.iter() {
            let target = w - *s;
            let from = terms.partition_point(|(t, _)| *t < target);
            let to = terms.partition_point(|(t, _)| *t <= target);
            let worse = if min { &after[to] } else { &before[from] };
            self.ring.add(&mut below, &self.ring.mul(a, worse));
            for (_, b) in &terms[from..to] {
                self.ring.add(&mut at, &self.ring.mul(a, b));
            }
        }
        self.spend((others.len() + terms.len()) as u64)?;
        Some((below, at))
    }
}
