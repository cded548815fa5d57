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
//! Units with the same interval, size and partners are interchangeable and
//! form a class; a state counts how many of each class are placed, and
//! placing `r` of the `m` left can be done in `C(m, r)` ways. The answer
//! depends only on the classes (over a range, on their intervals up to a
//! common shift), so a search over a range keeps the answers by that
//! shape ([`Memo`]),
//! with the classes listed in an order of their own features: boxes that
//! differ only in which unknown is which share one.
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
    /// The units, in classes of interchangeable ones.
    classes: Vec<Class>,
    /// The unknowns in no unit.
    free: Vec<usize>,
}

/// Units that are interchangeable: the same interval, the same number of
/// unknowns, the same smaller partners and the same greater ones. Which of
/// them take a value does not change what may follow, so the state keeps
/// only how many of the class are placed, and placing `r` of the `m` not
/// yet placed can be done in `C(m, r)` ways.
struct Class {
    /// Units in the class.
    size: u64,
    /// Unknowns per unit (equal to each other).
    len: usize,
    span: (i64, i64),
    /// The classes whose units must all be placed before any of this one
    /// (its units' smaller partners), as a bit set of classes.
    preds: u64,
    /// Where the class's count of placed units sits in a state.
    shift: u32,
}

/// At most this many units (a state packs a count per class into 64 bits,
/// a class of `s` units taking at most `s` bits).
pub(super) const MAX_UNITS: usize = 63;

/// `C(n, k)` for `n <= 63`: products of them over the classes of one step
/// stay below 2^63 (`C(m, r) <= 2^m`, and the `m`s sum to at most 63).
fn small_binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1u64, |c, i| (u128::from(c) * u128::from(n - i) / u128::from(i + 1)) as u64)
}

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
        let mut unit_of: Vec<usize> = vec![usize::MAX; n]; // by root
        let (mut units, mut free): (Vec<Vec<usize>>, Vec<usize>) = (Vec::new(), Vec::new());
        for (k, &linked) in related.iter().enumerate() {
            if !linked && !narrow(k) {
                free.push(k);
                continue;
            }
            let r = root(&mut class, k);
            if unit_of[r] == usize::MAX {
                unit_of[r] = units.len();
                units.push(Vec::new());
            }
            let u = unit_of[r];
            units[u].push(k);
        }
        if units.len() > MAX_UNITS {
            return None;
        }
        let span: Vec<(i64, i64)> = units
            .iter()
            .map(|m| m.iter().fold((i64::MIN, i64::MAX), |(l, h), &k| (l.max(region.iv[k].0), h.min(region.iv[k].1))))
            .collect();
        let (mut preds, mut succs) = (vec![0u64; units.len()], vec![0u64; units.len()]);
        for &(a, b, rel) in &region.facts {
            if rel == Ordering::Less {
                let (ua, ub) = (unit_of[root(&mut class, a)], unit_of[root(&mut class, b)]);
                preds[ub] |= 1 << ua;
                succs[ua] |= 1 << ub;
            }
        }
        // Classes of units with the same interval, size and partners.
        let mut class_of = vec![0usize; units.len()];
        let mut keys: Vec<((i64, i64), usize, u64, u64)> = Vec::new();
        for u in 0..units.len() {
            let key = (span[u], units[u].len(), preds[u], succs[u]);
            class_of[u] = keys.iter().position(|k| *k == key).unwrap_or_else(|| {
                keys.push(key);
                keys.len() - 1
            });
        }
        let mut classes: Vec<Class> = Vec::with_capacity(keys.len());
        let mut shift = 0;
        for (c, &(span, len, unit_preds, _)) in keys.iter().enumerate() {
            let size = class_of.iter().filter(|&&k| k == c).count() as u64;
            let preds = (0..units.len()).filter(|&p| unit_preds >> p & 1 == 1).fold(0u64, |m, p| m | 1 << class_of[p]);
            classes.push(Class { size, len, span, preds, shift });
            shift += u64::BITS - size.leading_zeros();
        }
        Some(Ordered { region, counts, classes, free })
    }

    /// How many of class `c` state `s` has placed.
    fn placed(&self, s: u64, c: usize) -> u64 {
        let k = &self.classes[c];
        s >> k.shift & ((1u64 << (u64::BITS - k.size.leading_zeros())) - 1)
    }

    /// Unknowns placed in state `s`.
    fn size(&self, s: u64) -> usize {
        (0..self.classes.len()).map(|c| self.placed(s, c) as usize * self.classes[c].len).sum()
    }

    /// The state with every unit of the classes in `set` placed.
    fn filled(&self, set: u64) -> u64 {
        (0..self.classes.len())
            .filter(|&c| set >> c & 1 == 1)
            .fold(0, |s, c| s | self.classes[c].size << self.classes[c].shift)
    }

    /// The ways `f` free unknowns (still without a value) fill the `copies`
    /// of a position left once `taken` unknowns of the units took it.
    fn step(f: usize, copies: usize, taken: usize) -> Count {
        match copies.checked_sub(taken) {
            Some(r) if r <= f && f <= 63 => Count::from(small_binomial(f as u64, r as u64)),
            Some(r) if r <= f => Count::binomial(f as u64, r as u64),
            _ => Count::ZERO,
        }
    }

    /// The classes with units that may take a position whose classes are
    /// `inside`, from state `placed` (a bit set): some not placed yet, and
    /// every smaller partner placed.
    fn available(&self, inside: u64, placed: u64) -> u64 {
        let full = (0..self.classes.len()).filter(|&c| self.placed(placed, c) == self.classes[c].size);
        let full = full.fold(0u64, |m, c| m | 1 << c);
        (0..self.classes.len())
            .filter(|&c| inside >> c & 1 == 1 && full >> c & 1 == 0 && self.classes[c].preds & !full == 0)
            .fold(0, |m, c| m | 1 << c)
    }

    /// The classes whose interval holds position `j`.
    fn inside(&self, j: i64) -> u64 {
        (0..self.classes.len())
            .filter(|&c| self.classes[c].span.0 <= j && j <= self.classes[c].span.1)
            .fold(0, |m, c| m | 1 << c)
    }

    /// The classes that must be full before position `j` (their interval
    /// ends below it), as a state.
    fn must(&self, j: i64) -> u64 {
        self.filled((0..self.classes.len()).filter(|&c| self.classes[c].span.1 < j).fold(0, |m, c| m | 1 << c))
    }

    /// Whether state `s` has placed every unit that `must` (a state of full
    /// classes) asks for.
    fn meets(&self, s: u64, must: u64) -> bool {
        (0..self.classes.len()).all(|c| self.placed(must, c) == 0 || self.placed(s, c) == self.classes[c].size)
    }

    /// Calls `each(added, unknowns, ways)` for every way to give one value
    /// to some not yet placed units of the classes `avail` (a bit set; from
    /// state `placed`), at most `cap` unknowns in all: `added` is what the
    /// state gains, `ways` how many sets of units that is (the empty way
    /// first).
    fn choices(&self, placed: u64, avail: u64, cap: usize, each: &mut dyn FnMut(u64, usize, u64)) {
        fn go(
            o: &Ordered,
            placed: u64,
            avail: u64,
            cap: usize,
            at: (u64, usize, u64),
            each: &mut dyn FnMut(u64, usize, u64),
        ) {
            if avail == 0 {
                each(at.0, at.1, at.2);
                return;
            }
            let c = avail.trailing_zeros() as usize;
            let rest = avail & (avail - 1);
            let k = &o.classes[c];
            let left = k.size - o.placed(placed, c);
            for r in 0..=left {
                let unknowns = r as usize * k.len;
                if unknowns > cap {
                    break;
                }
                let way = (at.0 + (r << k.shift), at.1 + unknowns, at.2 * small_binomial(left, r));
                go(o, placed, rest, cap - unknowns, way, each);
            }
        }
        go(self, placed, avail, cap, (0, 0, 1), each);
    }

    /// The states after the last position, with their ways.
    fn ends(&self) -> States {
        let Some(counts) = self.counts else { return self.runs() };
        let mut current = start();
        let mut below = 0; // copies at positions before j
        for j in 0..counts.len() as i64 {
            let (must, inside) = (self.must(j), self.inside(j));
            let copies = counts[j as usize];
            let mut next = States::with_capacity_and_hasher(current.len() * 2, Default::default());
            for (placed, ways) in current.into_iter().filter(|&(s, _)| self.meets(s, must)) {
                // The free unknowns still without a value.
                let Some(f) = (self.free.len() + self.size(placed)).checked_sub(below) else { continue };
                let avail = self.available(inside, placed);
                self.choices(placed, avail, copies, &mut |added, taken, w| {
                    let step = Ordered::step(f, copies, taken);
                    if !step.is_zero() {
                        *next.entry(placed + added).or_insert(Count::ZERO) += &(&ways.mul_small(w) * &step);
                    }
                });
            }
            below += copies;
            current = next;
        }
        current
    }

    /// [`Self::ends`] over a range, a run of values at a time: between two
    /// consecutive ends of the units' intervals the same units may take
    /// each value, so placing units in `k` successive groups (each group
    /// one value, in increasing order) inside a run of `L` values can be
    /// done in `C(L, k)` ways, whatever `L` is.
    fn runs(&self) -> States {
        let mut ends: Vec<i64> = self.classes.iter().flat_map(|k| [k.span.0, k.span.1.saturating_add(1)]).collect();
        ends.sort();
        ends.dedup();
        let mut current = start();
        for w in ends.windows(2) {
            let (start, length) = (w[0], w[1].abs_diff(w[0]));
            let (must, inside) = (self.must(start), self.inside(start));
            let mut next = States::with_capacity_and_hasher(current.len() * 2, Default::default());
            let mut groups: States = current.into_iter().filter(|&(s, _)| self.meets(s, must)).collect();
            // C(length, k), from C(length, k - 1) exactly.
            let (mut k, mut choose) = (0u64, Count::ONE);
            while !groups.is_empty() && k <= length {
                for (&placed, ways) in &groups {
                    *next.entry(placed).or_insert(Count::ZERO) += &(ways * &choose);
                }
                let mut more = States::with_capacity_and_hasher(groups.len() * 2, Default::default());
                for (placed, ways) in groups {
                    let avail = self.available(inside, placed);
                    self.choices(placed, avail, usize::MAX, &mut |added, _, w| {
                        if added != 0 {
                            *more.entry(placed + added).or_insert(Count::ZERO) += &ways.mul_small(w);
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

    /// The ways the units can take their values (the programme's answer).
    fn placements(&self) -> Count {
        let full = self.filled((0..self.classes.len()).fold(0, |m, c| m | 1 << c));
        self.ends().remove(&full).unwrap_or(Count::ZERO)
    }

    /// How many assignments the region holds, exactly.
    pub fn count(&self) -> Count {
        self.times_free(self.placements())
    }

    /// [`Self::count`], running the programme only when `memo` has no
    /// programme of the same shape: the answer depends on nothing else.
    pub fn count_in(&self, memo: &mut Memo) -> Count {
        // Over a multiset the regions of one search seldom repeat: building
        // the shape cost more than the answers it found (measured on the
        // fixtures over 1..16 and 1..20), so those are counted afresh.
        if self.counts.is_some() {
            return self.count();
        }
        // Over a range, moving every interval by the same amount moves
        // each assignment with it: the shape is taken from the lowest end.
        let low = if self.counts.is_some() { 0 } else { self.classes.iter().map(|k| k.span.0).min().unwrap_or(0) };
        let shift = |(lo, hi): (i64, i64)| (lo.wrapping_sub(low), hi.wrapping_sub(low));
        // Renaming the classes renames the assignments: the shape lists
        // them in an order of their own features (interval, size, number of
        // partners), so boxes alike but for which unknown is which share one.
        let degree = |c: usize| {
            let succs = self.classes.iter().filter(|k| k.preds >> c & 1 == 1).count();
            (self.classes[c].preds.count_ones() as usize, succs)
        };
        let mut order: Vec<usize> = (0..self.classes.len()).collect();
        order.sort_by_cached_key(|&c| {
            (shift(self.classes[c].span), self.classes[c].size, self.classes[c].len, degree(c))
        });
        let mut rank = vec![0; order.len()];
        for (r, &c) in order.iter().enumerate() {
            rank[c] = r;
        }
        let renamed = |preds: u64| (0..rank.len()).filter(|&p| preds >> p & 1 == 1).fold(0u64, |m, p| m | 1 << rank[p]);
        let shape = Shape {
            free: if self.counts.is_some() { self.free.len() } else { 0 },
            classes: order
                .iter()
                .map(|&c| {
                    let k = &self.classes[c];
                    (k.size, k.len, shift(k.span), renamed(k.preds))
                })
                .collect(),
        };
        let placements = match memo.0.get(&shape) {
            Some(n) => n.clone(),
            None => {
                let n = self.placements();
                memo.0.insert(shape, n.clone());
                n
            }
        };
        self.times_free(placements)
    }

    /// `placements` times the ways of the unknowns in no unit: over a
    /// range each takes any value of its interval; over a multiset the
    /// programme already placed them.
    fn times_free(&self, placements: Count) -> Count {
        let ends = placements;
        match self.counts {
            Some(_) => ends,
            None => self.free.iter().fold(ends, |n, &k| {
                let (lo, hi) = self.region.iv[k];
                &n * &Count::from(u128::from(hi.abs_diff(lo)) + 1)
            }),
        }
    }
}

/// What a programme's answer depends on: its classes (size, unknowns per
/// unit, interval, smaller partners), and over a multiset how many free
/// unknowns share the copies (the multiset itself is the same all search).
#[derive(PartialEq, Eq, Hash)]
struct Shape {
    free: usize,
    classes: Vec<(u64, usize, (i64, i64), u64)>,
}

/// Answers of programmes already run, by shape. The boxes of one puzzle
/// repeat shapes often (27 unknowns over −1000..1000: about 1500 shapes
/// among 11664 boxes counted).
#[derive(Default)]
pub(super) struct Memo(HashMap<Shape, Count, BuildHasherDefault<StateHasher>>);

/// The programme's states (how many units of each class are placed,
/// packed in 64 bits) with their ways. They are hashed with a
/// multiply-and-rotate of the 64 bits rather than the default SipHash,
/// which took a third of the time.
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

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn write_i64(&mut self, n: i64) {
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// Adds the region's assignments to `out` (values by `num`), which keeps
/// the `max` lexicographically smallest: unknown by unknown, each value
/// tried in increasing order where some completion exists, stopping once
/// the prefix is past the largest kept.
pub(super) fn list(
    region: &Region,
    counts: Option<&[usize]>,
    num: &dyn Fn(i64) -> Num,
    (max, out): (usize, &mut BTreeSet<Vec<Num>>),
) {
    let mut prefix = Vec::with_capacity(region.iv.len());
    walk(region, counts, num, (max, out), &mut prefix);
}

/// False: stop (every later assignment is past the largest kept).
fn walk(
    region: &Region,
    counts: Option<&[usize]>,
    num: &dyn Fn(i64) -> Num,
    (max, out): (usize, &mut BTreeSet<Vec<Num>>),
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
        let more = !some || walk(fixed.as_ref().unwrap_or(region), counts, num, (max, &mut *out), prefix);
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
        list(&tied, Some(&repeats), &|p| Num::int(p + 1), (10, &mut seen));
        let want: Vec<Vec<Num>> = [[1, 1, 2, 3], [1, 1, 3, 2]].iter().map(|v| v.map(Num::int).to_vec()).collect();
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), want);
    }

    /// Interchangeable units share a class: x0 < x2 and x1 < x2 over 0..4
    /// put x0 and x1 together. With x2 = v they take any of the v values
    /// below it: 0 + 1 + 4 + 9 + 16 = 30. Over the values {1, 2, 3}, x2 is
    /// 3 and x0, x1 share 1 and 2 two ways.
    #[test]
    fn interchangeable_units_are_counted_together() {
        let r = Region::new(3, 0, 4).with(0, 2, Ordering::Less).unwrap().with(1, 2, Ordering::Less).unwrap();
        let o = Ordered::new(&r, None).unwrap();
        assert_eq!(o.classes.len(), 2);
        assert_eq!(o.count(), Count::from(30u64));
        let multiset = Region::new(3, 0, 2).with(0, 2, Ordering::Less).unwrap().with(1, 2, Ordering::Less).unwrap();
        assert_eq!(Ordered::new(&multiset, Some(&[1, 1, 1])).unwrap().count(), Count::from(2u64));
    }

    /// The memo answers a region whose relations are another's with the
    /// unknowns renamed (x1 < x0 and x2 < x0 is x0 < x2 and x1 < x2 with
    /// x0 and x2 swapped: 30 again, and the one programme run answers
    /// both), and does not answer a different one: the chain x0 < x1 < x2
    /// over 0..4 has C(5, 3) = 10 assignments.
    #[test]
    fn the_memo_answers_only_the_same_shape() {
        let mut memo = Memo::default();
        let r = Region::new(3, 0, 4).with(0, 2, Ordering::Less).unwrap().with(1, 2, Ordering::Less).unwrap();
        assert_eq!(Ordered::new(&r, None).unwrap().count_in(&mut memo), Count::from(30u64));
        let renamed = Region::new(3, 0, 4).with(1, 0, Ordering::Less).unwrap().with(2, 0, Ordering::Less).unwrap();
        assert_eq!(Ordered::new(&renamed, None).unwrap().count_in(&mut memo), Count::from(30u64));
        assert_eq!(memo.0.len(), 1);
        let chain = Region::new(3, 0, 4).with(0, 1, Ordering::Less).unwrap().with(1, 2, Ordering::Less).unwrap();
        assert_eq!(Ordered::new(&chain, None).unwrap().count_in(&mut memo), Count::from(10u64));
        assert_eq!(memo.0.len(), 2);
    }
}
