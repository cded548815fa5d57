//! Counting and listing the orderings of a multiset inside a box: unknown
//! k takes a value whose position lies in `b[k]`, and value j is used
//! exactly `counts[j]` times.
//!
//! Unknowns whose interval is every position are free: once the others
//! have their values, the free ones take the rest in any order, which is
//! the multinomial coefficient `f! / (r_0! r_1! …)` of the values left.
//! The constrained unknowns are tried value by value, remembering the
//! count for each (unknown, values left) already seen.

use std::collections::HashMap;

use crate::check::puzzle::count::Count;
use crate::check::puzzle::symbolic::Intervals;

/// The orderings of one box.
pub(super) struct Arrangements<'a> {
    b: &'a Intervals,
    /// For each unknown, whether its interval is every position.
    free: Vec<bool>,
    memo: HashMap<(usize, Vec<usize>), Count>,
}

impl<'a> Arrangements<'a> {
    pub fn new(b: &'a Intervals, positions: usize) -> Arrangements<'a> {
        let last = positions as i64 - 1;
        let free = b.iter().map(|&(lo, hi)| lo == 0 && hi == last).collect();
        Arrangements { b, free, memo: HashMap::new() }
    }

    /// How many ways unknowns `k..` can take the values `left` (counts by
    /// position), exactly.
    pub fn count(&mut self, k: usize, left: &mut [usize]) -> Count {
        let Some(next) = (k..self.b.len()).find(|&j| !self.free[j]) else {
            return multinomial(left);
        };
        if let Some(n) = self.memo.get(&(next, left.to_vec())) {
            return n.clone();
        }
        let (lo, hi) = self.b[next];
        let mut total = Count::ZERO;
        for j in lo..=hi {
            let j = j as usize;
            if left[j] == 0 {
                continue;
            }
            left[j] -= 1;
            total += &self.count(next + 1, left);
            left[j] += 1;
        }
        self.memo.insert((next, left.to_vec()), total.clone());
        total
    }

    /// Calls `emit` with each ordering (positions, unknown by unknown) in
    /// lexicographic order until it returns false.
    pub fn list(&mut self, left: &mut [usize], emit: &mut dyn FnMut(&[usize]) -> bool) {
        let mut chosen = Vec::with_capacity(self.b.len());
        self.walk(left, &mut chosen, emit);
    }

    fn walk(&mut self, left: &mut [usize], chosen: &mut Vec<usize>, emit: &mut dyn FnMut(&[usize]) -> bool) -> bool {
        let k = chosen.len();
        if k == self.b.len() {
            return emit(chosen);
        }
        let (lo, hi) = self.b[k];
        for j in lo..=hi {
            let j = j as usize;
            if left[j] == 0 {
                continue;
            }
            left[j] -= 1;
            chosen.push(j);
            let more = self.count(k + 1, left).is_zero() || self.walk(left, chosen, emit);
            chosen.pop();
            left[j] += 1;
            if !more {
                return false;
            }
        }
        true
    }
}

/// Hall's condition on the windows the narrowed intervals span: no window
/// of positions `[lo, hi]` holds the intervals of more unknowns than the
/// multiset has values there. False: box `b` holds no ordering (so the
/// search drops it before running anything, as it does the boxes where two
/// unknowns would share a value the multiset has once).
pub(super) fn may_fit(b: &Intervals, counts: &[usize]) -> bool {
    let last = counts.len() as i64 - 1;
    let narrow: Vec<(i64, i64)> = b.iter().copied().filter(|&(lo, hi)| !(lo == 0 && hi == last)).collect();
    let mut below = vec![0usize; counts.len() + 1]; // below[j]: values at positions < j
    for (j, c) in counts.iter().enumerate() {
        below[j + 1] = below[j] + c;
    }
    narrow.iter().all(|&(lo, _)| {
        narrow.iter().filter(|&&(_, hi)| hi >= lo).all(|&(_, hi)| {
            let inside = narrow.iter().filter(|&&(l, h)| l >= lo && h <= hi).count();
            inside <= below[hi as usize + 1] - below[lo as usize]
        })
    })
}

/// `(Σ r)! / Π r!`, exactly: the orderings of a multiset with these
/// multiplicities, as a product of binomial coefficients.
fn multinomial(counts: &[usize]) -> Count {
    let mut total = 0u64;
    let mut out = Count::ONE;
    for &r in counts {
        let r = r as u64;
        total += r;
        out = &out * &Count::binomial(total, r);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The orderings of {1, 1, 2, 3} are 4!/2! = 12 (by hand: choose the
    /// places of 2 and 3 among 4, 4·3 = 12).
    #[test]
    fn free_unknowns_give_the_multinomial() {
        let b = [(0, 2); 4];
        let mut a = Arrangements::new(&b, 3);
        assert_eq!(a.count(0, &mut [2, 1, 1]), Count::from(12u64));
    }

    /// {1, 2, 3}: two unknowns both exactly 1 cannot be (1 is there once);
    /// three unknowns within {1, 2} cannot either (two values there); one
    /// at 1 and one within {1, 2} can (1 then 2).
    #[test]
    fn boxes_that_ask_for_more_values_than_there_are_do_not_fit() {
        assert!(!may_fit(&[(0, 0), (0, 0), (0, 2)], &[1, 1, 1]));
        assert!(!may_fit(&[(0, 1), (0, 1), (0, 1)], &[1, 1, 1]));
        assert!(may_fit(&[(0, 0), (0, 1), (0, 2)], &[1, 1, 1]));
        assert!(may_fit(&[(0, 0), (0, 0), (1, 2), (0, 2)], &[2, 1, 1]));
    }

    /// {1, 2, 3} with the first unknown at most 2 (positions 0..1) and the
    /// second exactly 3: the first is 1 or 2, the third the value left,
    /// so (1,3,2) and (2,3,1), in that order.
    #[test]
    fn constrained_unknowns_are_counted_and_listed_in_order() {
        let b = [(0, 1), (2, 2), (0, 2)];
        let mut a = Arrangements::new(&b, 3);
        assert_eq!(a.count(0, &mut [1, 1, 1]), Count::from(2u64));
        let mut seen = Vec::new();
        a.list(&mut [1, 1, 1], &mut |p| {
            seen.push(p.to_vec());
            true
        });
        assert_eq!(seen, vec![vec![0, 2, 1], vec![1, 2, 0]]);
    }
}
