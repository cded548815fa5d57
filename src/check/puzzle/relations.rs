//! A region of assignments: each unknown in an interval of positions, plus
//! known order relations between unknowns (`x3 < x7`, `x2 = x5`).
//!
//! A comparison between two unknowns whose intervals overlap splits a box
//! of plain intervals into about as many boxes as the intervals have
//! values (the set `x < y` is a triangle, and boxes tile it along its
//! diagonal). Splitting it instead into the three regions `x < y`, `x = y`
//! and `x > y` keeps a chain of such comparisons to a few regions, which
//! `ordered.rs` counts by dynamic programming over the values.
//!
//! Invariant: the relations never contradict each other (a relation is
//! added only where [`Region::decide`] finds none), and after
//! [`Region::tighten`] each interval is consistent with every relation on
//! its bounds (`x < y` gives `hi(x) < hi(y)` and `lo(x) < lo(y)`).

use std::cmp::Ordering;

/// Unknown `k`'s interval of positions is `iv[k]` (inclusive); `facts`
/// holds `(a, b, Less)` for `a < b` and `(a, b, Equal)` for `a = b`.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Region {
    pub iv: Vec<(i64, i64)>,
    pub facts: Vec<(usize, usize, Ordering)>,
    /// What the facts imply, followed transitively: entry `x * n + y` is
    /// [`AT_LEAST`] when `y >= x` follows from them, [`ABOVE`] when
    /// `y > x` does, else 0. Empty while there are no facts. The search
    /// asks it dozens of times per region, so it is kept closed as facts
    /// are added rather than walked at each question.
    implied: Vec<u8>,
}

/// `y >= x` is implied (by equalities only).
const AT_LEAST: u8 = 1;
/// `y > x` is implied (some chain has a `<`).
const ABOVE: u8 = 2;

impl Region {
    /// Every unknown in `lo..=hi`, no relation known.
    pub fn new(n: usize, lo: i64, hi: i64) -> Region {
        Region { iv: vec![(lo, hi); n], facts: Vec::new(), implied: Vec::new() }
    }

    /// What the relations (followed transitively) say of unknown `i`
    /// against unknown `j`, if anything.
    pub fn decide(&self, i: usize, j: usize) -> Option<Ordering> {
        if self.implied.is_empty() || i == j {
            return None;
        }
        let n = self.iv.len();
        match (self.implied[i * n + j], self.implied[j * n + i]) {
            (ABOVE, _) => Some(Ordering::Less),
            (_, ABOVE) => Some(Ordering::Greater),
            (AT_LEAST, _) | (_, AT_LEAST) => Some(Ordering::Equal),
            _ => None,
        }
    }

    /// Records `to >= from` (`to > from` when `strict`) and all it implies
    /// with what was known (already closed): `y >= x` for each `x` known
    /// at most `from` and each `y` known at least `to`, strict when any
    /// of the three links is.
    fn imply(&mut self, from: usize, to: usize, strict: bool) {
        let n = self.iv.len();
        if self.implied.is_empty() {
            self.implied = vec![0; n * n];
        }
        let m = &self.implied;
        let link = |a: usize, b: usize| if a == b { Some(0) } else { Some(m[a * n + b]).filter(|&r| r != 0) };
        let below: Vec<(usize, u8)> = (0..n).filter_map(|x| link(x, from).map(|r| (x, r))).collect();
        let above: Vec<(usize, u8)> = (0..n).filter_map(|y| link(to, y).map(|r| (y, r))).collect();
        let own = if strict { ABOVE } else { AT_LEAST };
        for &(x, rx) in &below {
            for &(y, ry) in &above {
                if x != y {
                    let r = if rx == ABOVE || ry == ABOVE { ABOVE } else { own };
                    let cell = &mut self.implied[x * n + y];
                    *cell = (*cell).max(r);
                }
            }
        }
    }

    /// This region with `i rel j` added (`rel` Less, Equal or Greater), its
    /// intervals tightened; `None` when no assignment is left.
    pub fn with(&self, i: usize, j: usize, rel: Ordering) -> Option<Region> {
        let mut r = self.clone();
        let fact = match rel {
            Ordering::Greater => (j, i, Ordering::Less),
            _ => (i, j, rel),
        };
        r.facts.push(fact);
        match fact {
            (a, b, Ordering::Less) => r.imply(a, b, true),
            (a, b, _) => {
                r.imply(a, b, false);
                r.imply(b, a, false);
            }
        }
        r.tighten().then_some(r)
    }

    /// This region with unknown `k` in `[lo, hi]`, tightened.
    pub fn narrowed(&self, k: usize, lo: i64, hi: i64) -> Option<Region> {
        let mut r = self.clone();
        r.iv[k] = (lo.max(r.iv[k].0), hi.min(r.iv[k].1));
        r.tighten().then_some(r)
    }

    /// Narrows the intervals until each relation holds between their
    /// bounds; false when an interval empties.
    pub fn tighten(&mut self) -> bool {
        loop {
            let mut changed = false;
            for &(a, b, rel) in &self.facts {
                let ((la, ha), (lb, hb)) = (self.iv[a], self.iv[b]);
                let (na, nb) = match rel {
                    Ordering::Equal => {
                        let both = (la.max(lb), ha.min(hb));
                        (both, both)
                    }
                    _ => ((la, ha.min(hb.saturating_sub(1))), (lb.max(la.saturating_add(1)), hb)),
                };
                if na.0 > na.1 || nb.0 > nb.1 {
                    return false;
                }
                changed |= na != self.iv[a] || nb != self.iv[b];
                (self.iv[a], self.iv[b]) = (na, nb);
            }
            if !changed {
                return true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// x0 < x1 = x2 < x3: x0 < x3 by the chain, x1 = x2 both ways, and on
    /// 0..3 the chain pins x0 to 0..1, x1 = x2 to 1..2 and x3 to 2..3
    /// (x0 < x1 < x3 leaves one value below and one above each).
    #[test]
    fn relations_follow_chains_and_narrow_the_intervals() {
        let r = Region::new(4, 0, 3);
        let r = r.with(0, 1, Ordering::Less).unwrap();
        let r = r.with(2, 1, Ordering::Equal).unwrap();
        let r = r.with(3, 2, Ordering::Greater).unwrap();
        assert_eq!(r.decide(0, 3), Some(Ordering::Less));
        assert_eq!(r.decide(3, 0), Some(Ordering::Greater));
        assert_eq!(r.decide(2, 1), Some(Ordering::Equal));
        assert_eq!(r.decide(1, 3), Some(Ordering::Less));
        assert_eq!(r.iv, vec![(0, 1), (1, 2), (1, 2), (2, 3)]);
        // On 0..1, x0 < x1 pins x1 to 1: x1 = 0 leaves nothing.
        assert_eq!(Region::new(2, 0, 1).with(0, 1, Ordering::Less).unwrap().narrowed(1, 0, 0), None);
    }

    /// Unrelated unknowns stay undecided.
    #[test]
    fn unrelated_unknowns_are_undecided() {
        let r = Region::new(3, 0, 5).with(0, 1, Ordering::Less).unwrap();
        assert_eq!(r.decide(0, 2), None);
        assert_eq!(r.decide(1, 2), None);
    }
}
