//! Listing solutions smallest first, one unknown at a time: the smallest
//! value it may take with the count of what follows above zero, found by
//! counts over runs of its values (a count over several values is the sum
//! of their counts).
//!
//! Invariant: the solutions come in lexicographic order of the unknowns'
//! values, left to right, each once, and every unknown is allowed again
//! what it was allowed before when the listing returns.

use super::{Num, Ring, Subtrees, V};

impl<R: Ring> Subtrees<'_, R> {
    /// The first `max` solutions in lexicographic order (values of the
    /// unknowns left to right).
    pub fn list(&mut self, max: usize) -> Vec<Vec<Num>> {
        let mut out = Vec::new();
        if self.impossible {
            return out;
        }
        let mut fixed = Vec::new();
        self.extend(&mut fixed, max, &mut out);
        out
    }

    fn extend(&mut self, fixed: &mut Vec<V>, max: usize, out: &mut Vec<Vec<Num>>) {
        let k = fixed.len();
        if k == self.allowed.len() {
            out.push(fixed.iter().map(|&v| self.values[v as usize]).collect());
            return;
        }
        let all = self.allowed[k].clone();
        let candidates: Vec<V> = all.iter().copied().filter(|&v| self.ring.may_follow(fixed, v)).collect();
        let mut from = 0;
        while out.len() < max
            && let Some(at) = self.first_passing(k, &candidates[from..])
        {
            let v = candidates[from + at];
            self.allow(k, vec![v]);
            fixed.push(v);
            self.extend(fixed, max, out);
            fixed.pop();
            from += at + 1;
        }
        self.allow(k, all);
    }

    /// The index of the first of `candidates` that unknown `k` may take
    /// with some assignment of the unknowns after it passing (those before
    /// it as allowed), or `None`. A count over several values is the sum of
    /// their counts, so runs of values with none are skipped whole:
    /// doubling runs from the start, then halving the first run with some.
    /// One count when the first candidate passes; about 2·log₂ of the
    /// distance to the first that does otherwise (a value an answer pins
    /// down in a wide range is found in a few dozen counts, not thousands).
    fn first_passing(&mut self, k: usize, candidates: &[V]) -> Option<usize> {
        let (mut lo, mut len) = (0, 1);
        while lo < candidates.len() {
            let hi = (lo + len).min(candidates.len());
            self.allow(k, candidates[lo..hi].to_vec());
            if !self.count().is_zero() {
                // The first with ways lies in lo..hi; none before lo.
                let (mut a, mut b) = (lo, hi);
                while b - a > 1 {
                    let m = (a + b) / 2;
                    self.allow(k, candidates[a..m].to_vec());
                    if self.count().is_zero() { a = m } else { b = m }
                }
                return Some(a);
            }
            (lo, len) = (hi, len * 2);
        }
        None
    }
}
