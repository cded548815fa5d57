//! Counting and listing the assignments of a [`Region`] whose
//! unknowns carry order relations, by dynamic programming over the
//! positions in increasing order.
//!
//! The unknowns in a relation (and, for a multiset, those whose interval
//! is not every position) are grouped into units, one per class of equal
//! unknowns. The state before position `j` is the set of units already
//! given a smaller position; at `j` any set of units may take it whose
//! interval holds `j`, whose smaller partners are all placed, and (for a
//! multiset) that fit in the copies of value `j`. For a multiset the other
//! unknowns (free: every position, no relation) take the copies left: at
//! `j`, `r` copies go to `r` of the `f` free unknowns still without a
//! value, `C(f, r)` ways. For a range, an unknown in no relation takes
//! any value of its interval independently of the rest.
//!
//! Invariant: the count is exactly the number of assignments (positions,
//! unknown by unknown) inside every interval that satisfy every relation
//! and, for a multiset, use position `j` exactly `counts[j]` times.

use std::cmp::Ordering;
use std::collections::{BTreeSet, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

use crate::check::puzzle::count::Count;
use crate::check::puzzle::relations::Region;
use crate::num::Num;

/// A region prepared for the dynamic programme.
pub(super) struct Ordered<'a> {
    region: &'a Region,
    /// A multiset's copies of each position; `None` for a range.
    counts: Option<&'a [usize]>,
    /// The unknowns of each unit (equal to each other).
    units: Vec<Vec<usize>>,
    /// Each unit's interval (the same for all its unknowns once tightened).
    span: Vec<(i64, i64)>,
    /// Each unit's smaller partners, as a bit set of units.
    preds: Vec<u64>,
    /// The unknowns in no unit.
    free: Vec<usize>,
}

/// At most this many units (a state is a 64-bit set of them).
pub(super) const MAX_UNITS: usize = 63;

impl<'a> Ordered<'a> {
    /// `None` when more than [`MAX_UNITS`] unknowns would be units.
    pub fn new(region: &'a Region, counts: Option<&'a [usize]>) -> Option<Ordered<'a>> {
        let n = region.iv.len();
        let mut class: Vec<usize> = (0..n).collect();
        fn root(class: &mut [usize], mut k: usize) -> usize {
            while class[k] != k {
                class[k] = class[class[k]];
                k = class[k];
            }
            k
        }
        let mut related = vec![false; n];
        for &(a, b, rel) in &region.facts {
            (related[a], related[b]) = (true, true);
            if rel == Ordering::Equal {
                let (ra, rb) = (root(&mut class, a), root(&mut class, b));
                class[ra] = rb;
            }
        }
        let last_position = counts.map_or(0, |c| c.len() as i64 - 1);
        let narrow = |k: usize| counts.is_some() && region.iv[k] != (0, last_position);
        let mut unit_of: HashMap<usize, usize> = HashMap::new();
        let (mut units, mut free): (Vec<Vec<usize>>, Vec<usize>) = (Vec::new(), Vec::new());
        for (k, &linked) in related.iter().enumerate() {
            if !linked && !narrow(k) {
                free.push(k);
                continue;
            }
            let r = root(&mut class, k);
            let u = *unit_of.entry(r).or_insert_with(|| {
                units.push(Vec::new());
                units.len() - 1
            });
            units[u].push(k);
        }
        if units.len() > MAX_UNITS {
            return None;
        }
        let span: Vec<(i64, i64)> = units
            .iter()
            .map(|m| m.iter().fold((i64::MIN, i64::MAX), |(l, h), &k| (l.max(region.iv[k].0), h.min(region.iv[k].1))))
            .collect();
        let mut preds = vec![0u64; units.len()];
        for &(a, b, rel) in &region.facts {
            if rel == Ordering::Less {
                let (ua, ub) = (unit_of[&root(&mut class, a)], unit_of[&root(&mut class, b)]);
                preds[ub] |= 1 << ua;
            }
        }
        Some(Ordered { region, counts, units, span, preds, free })
    }

    fn size(&self, set: u64) -> usize {
        (0..self.units.len()).filter(|&u| set >> u & 1 == 1).map(|u| self.units[u].len()).sum()
    }

    /// Free unknowns still without a value before position `j`, with the
    /// units in `placed` placed (a multiset only; `None` when negative).
    fn free_left(&self, j: i64, placed: u64) -> Option<usize> {
        let counts = self.counts?;
        let below: usize = counts[..j as usize].iter().sum();
        (self.free.len() + self.size(placed)).checked_sub(below)
    }

    /// The ways units `set` can take position `j` from state `placed`
    /// (they are not in it): 0 when they cannot.
    fn step(&self, j: i64, placed: u64, set: u64) -> Count {
        let Some(counts) = self.counts else { return Count::ONE };
        let (Some(f), taken) = (self.free_left(j, placed), self.size(set)) else { return Count::ZERO };
        match counts[j as usize].checked_sub(taken) {
            Some(r) if r <= f => Count::binomial(f as u64, r as u64),
            _ => Count::ZERO,
        }
    }

    /// The units that may take a position whose units are `inside`, from
    /// state `placed` (not placed yet, every smaller partner placed).
    fn available(&self, inside: u64, placed: u64) -> u64 {
        let (mut out, mut rest) = (0u64, inside & !placed);
        while rest != 0 {
            let u = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.preds[u] & !placed == 0 {
                out |= 1 << u;
            }
        }
        out
    }

    /// The units whose interval holds position `j`.
    fn inside(&self, j: i64) -> u64 {
        (0..self.units.len()).filter(|&u| self.span[u].0 <= j && j <= self.span[u].1).fold(0, |m, u| m | 1 << u)
    }

    /// The states after the last position, with their ways.
    fn ends(&self) -> States {
        let Some(counts) = self.counts else { return self.runs() };
        let mut current = start();
        for j in 0..counts.len() as i64 {
            let (must, inside) = (self.must(j), self.inside(j));
            let mut next = States::default();
            for (placed, ways) in current.into_iter().filter(|&(m, _)| m & must == must) {
                let avail = self.available(inside, placed);
                subsets(avail, &self.units, counts[j as usize], &mut |set| {
                    let w = self.step(j, placed, set);
                    if !w.is_zero() {
                        *next.entry(placed | set).or_insert(Count::ZERO) += &(&ways * &w);
                    }
                });
            }
            current = next;
        }
        current
    }

    /// The units that must be placed before position `j` (their interval
    /// ends below it).
    fn must(&self, j: i64) -> u64 {
        (0..self.units.len()).filter(|&u| self.span[u].1 < j).fold(0, |m, u| m | 1 << u)
    }

    /// [`Self::ends`] over a range, a run of values at a time: between two
    /// consecutive ends of the units' intervals the same units may take
    /// each value, so placing units in `k` successive groups (each group
    /// one value, in increasing order) inside a run of `L` values can be
    /// done in `C(L, k)` ways, whatever `L` is.
    fn runs(&self) -> States {
        let mut ends: Vec<i64> = self.span.iter().flat_map(|&(lo, hi)| [lo, hi.saturating_add(1)]).collect();
        ends.sort();
        ends.dedup();
        let mut current = start();
        for w in ends.windows(2) {
            let (start, length) = (w[0], w[1].abs_diff(w[0]));
            let (must, inside) = (self.must(start), self.inside(start));
            let mut next = States::default();
            let mut groups: States = current.into_iter().filter(|&(m, _)| m & must == must).collect();
            // C(length, k), from C(length, k - 1) exactly.
            let (mut k, mut choose) = (0u64, Count::ONE);
            while !groups.is_empty() && k <= length {
                for (&placed, ways) in &groups {
                    *next.entry(placed).or_insert(Count::ZERO) += &(ways * &choose);
                }
                let mut more = States::default();
                for (placed, ways) in groups {
                    let avail = self.available(inside, placed);
                    subsets(avail, &self.units, usize::MAX, &mut |set| {
                        if set != 0 {
                            *more.entry(placed | set).or_insert(Count::ZERO) += &ways;
                        }
                    });
                }
                groups = more;
                choose = choose.mul_small(length - k).div_small(k + 1).0;
                k += 1;
            }
            current = next;
        }
        current
    }

    fn full(&self) -> u64 {
        (0..self.units.len()).fold(0, |m, u| m | 1 << u)
    }

    /// How many assignments the region holds, exactly.
    pub fn count(&self) -> Count {
        let ends = self.ends().remove(&self.full()).unwrap_or(Count::ZERO);
        match self.counts {
            Some(_) => ends,
            None => self.free.iter().fold(ends, |n, &k| {
                let (lo, hi) = self.region.iv[k];
                &n * &Count::from(u128::from(hi.abs_diff(lo)) + 1)
            }),
        }
    }
}

/// The programme's states (sets of units placed, as bits) with their ways.
/// They are hashed with a multiply-and-rotate of the 64 bits rather than
/// the default SipHash, which took a third of the time.
type States = HashMap<u64, Count, BuildHasherDefault<StateHasher>>;

fn start() -> States {
    let mut s = States::default();
    s.insert(0, Count::ONE);
    s
}

/// Hashes a state's bits (FxHash's step).
#[derive(Default)]
struct StateHasher(u64);

impl Hasher for StateHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// Calls `each` with every set (bits of units) drawn from `avail` whose
/// unknowns number at most `cap`, the empty set first.
fn subsets(avail: u64, units: &[Vec<usize>], cap: usize, each: &mut dyn FnMut(u64)) {
    fn go(avail: u64, units: &[Vec<usize>], cap: usize, set: u64, each: &mut dyn FnMut(u64)) {
        if avail == 0 {
            each(set);
            return;
        }
        let u = avail.trailing_zeros() as usize;
        let rest = avail & (avail - 1);
        go(rest, units, cap, set, each);
        if units[u].len() <= cap {
            go(rest, units, cap - units[u].len(), set | 1 << u, each);
        }
    }
    go(avail, units, cap, 0, each);
}

/// Adds the region's assignments to `out` (values by `num`), which keeps
/// the `max` lexicographically smallest: unknown by unknown, each value
/// tried in increasing order where some completion exists, stopping once
/// the prefix is past the largest kept.
pub(super) fn list(
    region: &Region,
    counts: Option<&[usize]>,
    num: &dyn Fn(i64) -> Num,
    max: usize,
    out: &mut BTreeSet<Vec<Num>>,
) {
    let mut prefix = Vec::with_capacity(region.iv.len());
    walk(region, counts, num, max, out, &mut prefix);
}

/// False: stop (every later assignment is past the largest kept).
fn walk(
    region: &Region,
    counts: Option<&[usize]>,
    num: &dyn Fn(i64) -> Num,
    max: usize,
    out: &mut BTreeSet<Vec<Num>>,
    prefix: &mut Vec<Num>,
) -> bool {
    let k = prefix.len();
    if k == region.iv.len() {
        if out.len() < max {
            out.insert(prefix.clone());
        } else if out.last().is_some_and(|last| &**prefix < last) {
            out.insert(prefix.clone());
            out.pop_last();
        } else {
            return false;
        }
        return true;
    }
    let (lo, hi) = region.iv[k];
    for p in lo..=hi {
        prefix.push(num(p));
        let past = out.len() >= max && out.last().is_some_and(|last| prefix.as_slice() > &last[..=k]);
        if past {
            prefix.pop();
            return false;
        }
        let fixed = region.narrowed(k, p, p);
        let some = match counts {
            // Over a range a tightened region is never empty: its lowest
            // corner obeys every relation (`relations.rs`).
            None => fixed.is_some(),
            Some(_) => fixed.as_ref().and_then(|r| Ordered::new(r, counts)).is_some_and(|o| !o.count().is_zero()),
        };
        let more = !some || walk(fixed.as_ref().unwrap_or(region), counts, num, max, out, prefix);
        prefix.pop();
        if !more {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three unknowns over 0..4 with x0 < x1 < x2: choose 3 of the 5
    /// values, C(5, 3) = 10; with x1 = x2 instead of x1 < x2, choose 2,
    /// C(5, 2) = 10; the free x3 multiplies by its 5 values.
    #[test]
    fn a_chain_over_a_range_counts_the_binomial() {
        let r = Region::new(4, 0, 4).with(0, 1, Ordering::Less).unwrap();
        let chain = r.with(1, 2, Ordering::Less).unwrap();
        assert_eq!(Ordered::new(&chain, None).unwrap().count(), Count::from(10u64 * 5));
        let tied = r.with(1, 2, Ordering::Equal).unwrap();
        assert_eq!(Ordered::new(&tied, None).unwrap().count(), Count::from(10u64 * 5));
    }

    /// x0 in 0..9 below x1 in 5..14: of the 10 * 10 pairs, those with
    /// x0 >= x1 have x1 in 5..9 and x0 in x1..9, 5 + 4 + 3 + 2 + 1 = 15 of
    /// them, so 85. x0 < x1 over -1000..1000: C(2001, 2) = 2001000.
    #[test]
    fn runs_of_values_count_across_intervals_that_overlap_in_part() {
        let mut r = Region::new(2, 0, 9);
        r.iv[1] = (5, 14);
        let r = r.with(0, 1, Ordering::Less).unwrap();
        assert_eq!(Ordered::new(&r, None).unwrap().count(), Count::from(85u64));
        let wide = Region::new(2, -1000, 1000).with(1, 0, Ordering::Greater).unwrap();
        assert_eq!(Ordered::new(&wide, None).unwrap().count(), Count::from(2_001_000u64));
    }

    /// The values {1, 2, 3, 4} (positions 0..3) with x0 < x1: half of the
    /// 4! orderings, 12. With x0 < x1 < x2 as well: a sixth, 4. With
    /// {1, 1, 2, 3} and x0 = x1: both take the 1s, the other two 2! ways.
    #[test]
    fn orders_over_a_multiset_count_their_share_of_the_orderings() {
        let counts = [1, 1, 1, 1];
        let r = Region::new(4, 0, 3).with(0, 1, Ordering::Less).unwrap();
        assert_eq!(Ordered::new(&r, Some(&counts)).unwrap().count(), Count::from(12u64));
        let r = r.with(1, 2, Ordering::Less).unwrap();
        assert_eq!(Ordered::new(&r, Some(&counts)).unwrap().count(), Count::from(4u64));
        let repeats = [2, 1, 1];
        let tied = Region::new(4, 0, 2).with(0, 1, Ordering::Equal).unwrap();
        assert_eq!(Ordered::new(&tied, Some(&repeats)).unwrap().count(), Count::from(2u64));
        let mut seen = BTreeSet::new();
        list(&tied, Some(&repeats), &|p| Num::int(p + 1), 10, &mut seen);
        let want: Vec<Vec<Num>> = [[1, 1, 2, 3], [1, 1, 3, 2]].iter().map(|v| v.map(Num::int).to_vec()).collect();
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), want);
    }
}
