//! Puzzles over a multiset with repeated values ("which order of 1, 1, 2,
//! 2, 3, … gives these cuts?"), counted over subtrees by the values each
//! way uses.
//!
//! The count over subtrees (`subtrees.rs`) lets every unknown take any
//! value; an ordering of a multiset must use each value exactly as often
//! as it is given. So here a subtree's ways are not a number but a
//! polynomial: a term `c · x₁^k₁ ⋯ x_d^k_d` says that `c` ways fill the
//! subtree's unknowns using the `i`-th value `kᵢ` times. Ways multiply as
//! polynomials, terms using a value more often than the multiset has it
//! dropped; the orderings that pass are the coefficient of the whole
//! multiset at the root. Every polynomial of a subtree has the degree of
//! the number of its unknowns, so a product that reaches every unknown
//! has one term, found by looking up each term's complement.
//!
//! It applies where the count over subtrees does, over a multiset of at
//! most [`MAX_KINDS`] distinct values each given at most [`MAX_REPEATS`]
//! times; `distinct.rs` is tried first over distinct values. Known
//! leaves and `leaves` items giving values are allowed. Solutions are listed smallest first as the count over
//! subtrees lists them (each unknown's smallest value that leaves the
//! count above zero). Where the polynomials grow past [`MAX_WORK`] term
//! products the count gives up and the box search answers.
//!
//! Invariant: the count is the number of distinct orderings of the
//! multiset that pass the block, as `expect::check` judges them
//! (`tests/puzzle_laws.rs` compares it with enumeration).

use std::cell::{Cell, RefCell};
use std::ops::Range;

use crate::check::expect::Expect;
use crate::check::puzzle::count::Count;
use crate::check::puzzle::subtrees::{Ring, Subtrees, V};
use crate::model::{Game, NodeId};
use crate::num::Num;

/// The most distinct values: each has a field of at most 5 bits in a key
/// ([`field_width`]).
const MAX_KINDS: usize = 25;

/// The most times one value may be given (its field then has 5 bits: it
/// holds up to 15, and the sum of two fields up to 30 with no carry into
/// the next).
const MAX_REPEATS: usize = 15;

/// The most term products one puzzle's count (and then its listing) takes
/// before the box search answers instead (counted as the pairs of terms a
/// product tests, once [`Uses::parts`] has set aside the parts that cannot
/// fit): up to a few seconds each. 27 leaves on three plies over 1..9
/// three times each took 1.0–2.3 s to count and list (2.6–6.1·10^8
/// products), about half that since the keys are tested as `u64`s;
/// nothing else answers them within a minute. (Counted before the split,
/// the budget was 2·10^9: the split set aside about half.)
const MAX_WORK: u64 = 1_000_000_000;

/// The fewest pairs of terms a pair of parts must meet to be split
/// further by a value's field ([`Uses::parts`]).
const SPLIT_PAIRS: usize = 4096;

/// The most sub-multisets (a table of this many slots sums products):
/// 22 distinct values, a key of 8 bytes a slot (32 MB, its pages written
/// only where a sum lands) and the ways beside it made when first needed.
/// At 2^20 a puzzle over 21 distinct values was left to the box search,
/// which did not answer in 7 minutes; the count answers in about 2 s.
const MAX_SLOTS: usize = 1 << 22;

/// The width of the field of a value given `n` times: the bits of `n`,
/// and a top bit that a sum of two fields plus the headroom `2^(w-1) - 1
/// - n` sets exactly where the sum passes `n` (it is at most `n + 2^(w-1)
/// - 1 < 2^w`: no carry into the next field). Values given once take 2
/// bits (18 distinct values: 36 bits, tested a word at a time by
/// [`Met::sum`], where 5-bit fields took two words).
fn field_width(n: u32) -> u32 {
    u32::BITS - n.leading_zeros() + 1
}

/// The ways of a subtree by the values they use: `(key, ways)`, keys
/// increasing, each key the uses of every value in its field (`Uses::at`).
/// Every term has `degree` uses in all.
#[derive(Clone, Debug, Default)]
pub(super) struct Poly {
    degree: u32,
    terms: Vec<(u64, Count)>,
}

/// Polynomials truncated at the multiset.
pub(super) struct Uses {
    /// The multiset's distinct values, increasing, and how often each is given.
    kinds: Vec<(Num, u32)>,
    /// Each distinct value's field in a key: its shift and its mask.
    at: Vec<(u32, u64)>,
    /// For each value of the table (by `V`), its place in `kinds`, if it
    /// is one of the multiset's.
    kind: Vec<Option<usize>>,
    /// The whole multiset as a key, and its number of values.
    whole: u64,
    degree: u32,
    /// Added to a sum of keys: a field's top bit is then set exactly where
    /// the sum uses that value more often than the multiset has it.
    headroom: u64,
    top: u64,
    /// Term products so far; past [`MAX_WORK`], products are empty.
    work: Cell<u64>,
    /// Each value's place in a slot number (the product of the counts + 1
    /// of the values before it).
    place: Vec<usize>,
    /// Room for a product's terms, a slot for every sub-multiset.
    sums: RefCell<Sums>,
    /// How many sub-multisets of each size there are (an estimate's
    /// ceiling on a product's terms, [`Uses::cheapest_order`]).
    sizes: Vec<u64>,
}

/// A product's terms as they are summed: ways and key by slot, and the
/// slots used so far (all others hold zero). Ways that cannot pass 64
/// bits are summed in `narrow`, others in `ways` (each made when first
/// needed: most products need only one of them).
#[derive(Default)]
struct Sums {
    ways: Vec<Count>,
    narrow: Vec<u64>,
    keys: Vec<u64>,
    touched: Vec<u32>,
}

/// The multiset's distinct values, increasing, and how often each is given.
pub(super) fn kinds(values: &[Num]) -> Vec<(Num, u32)> {
    let mut sorted = values.to_vec();
    sorted.sort();
    let mut kinds: Vec<(Num, u32)> = Vec::new();
    for v in sorted {
        match kinds.last_mut() {
            Some((last, n)) if *last == v => *n += 1,
            _ => kinds.push((v, 1)),
        }
    }
    kinds
}

impl Uses {
    /// The polynomials over a multiset of `degree` values given as `kinds`,
    /// or `None` past [`MAX_KINDS`], [`MAX_REPEATS`] or [`MAX_SLOTS`].
    pub(super) fn new(kinds: Vec<(Num, u32)>, degree: u32) -> Option<Uses> {
        if kinds.len() > MAX_KINDS || kinds.iter().any(|&(_, n)| n as usize > MAX_REPEATS) {
            return None;
        }
        let mut place = Vec::with_capacity(kinds.len());
        let mut slots = 1usize;
        for &(_, n) in &kinds {
            place.push(slots);
            slots = slots.checked_mul(n as usize + 1).filter(|&s| s <= MAX_SLOTS)?;
        }
        let sums = Sums { ways: Vec::new(), narrow: Vec::new(), keys: vec![0; slots], touched: Vec::new() };
        let (mut whole, mut headroom, mut top) = (0u64, 0u64, 0u64);
        let mut at = Vec::with_capacity(kinds.len());
        let mut shift = 0;
        for &(_, n) in &kinds {
            let width = field_width(n);
            // Every field in one word, where products test keys an add
            // and a mask at a time: a field of `w` bits is for a value
            // given `n ≥ 2^(w-2)` times, a factor `n + 1 ≥ 2^(w/2)` of
            // the slots, so within [`MAX_SLOTS`] (2^22) the fields take at
            // most 44 bits.
            if shift + width > u64::BITS {
                return None;
            }
            let half = 1u64 << (width - 1);
            whole |= u64::from(n) << shift;
            headroom |= (half - 1 - u64::from(n)) << shift;
            top |= half << shift;
            at.push((shift, (1u64 << width) - 1));
            shift += width;
        }
        Some(Uses {
            sizes: estimate::sub_multisets(&kinds),
            kinds,
            at,
            kind: Vec::new(),
            whole,
            degree,
            headroom,
            top,
            work: Cell::new(0),
            place,
            sums: RefCell::new(sums),
        })
    }

    /// Whether the counts gave up ([`MAX_WORK`]).
    fn exhausted(&self) -> bool {
        self.work.get() > MAX_WORK
    }

    /// The slot of `key`: its uses as digits of mixed radix.
    fn slot(&self, key: u64) -> usize {
        self.place.iter().zip(&self.at).map(|(p, &(shift, mask))| ((key >> shift) & mask) as usize * p).sum()
    }

    /// Splits two lists of terms (keys increasing; only the fields below
    /// `level` may differ within each) by the fields of the values from
    /// `level` down, into the pairs of parts whose uses of those values fit
    /// together: the part where a value's field is `i` meets those where
    /// it is at most its count minus `i`. A pair of parts that meets fewer
    /// than [`SPLIT_PAIRS`] pairs of terms is not split further: the values
    /// below are checked term by term. (Split by five values at most, as
    /// it was, a product over 18 distinct values tested twice the pairs
    /// and took 0.72 s where it now takes 0.48.)
    fn parts(
        &self,
        (a, ar): (&[u64], Range<usize>),
        (b, br): (&[u64], Range<usize>),
        level: usize,
        out: &mut Vec<(Range<usize>, Range<usize>)>,
    ) {
        if ar.is_empty() || br.is_empty() {
            return;
        }
        if level == 0 || ar.len() * br.len() < SPLIT_PAIRS {
            out.push((ar, br));
            return;
        }
        let level = level - 1;
        let ((shift, mask), n) = (self.at[level], self.kinds[level].1 as usize);
        // Where each field value's part starts (and the last one ends).
        let starts = |keys: &[u64], r: &Range<usize>| -> Vec<usize> {
            let part = &keys[r.clone()];
            (0..=n + 1).map(|v| r.start + part.partition_point(|k| ((k >> shift) & mask) < v as u64)).collect()
        };
        let (sa, sb) = (starts(a, &ar), starts(b, &br));
        for i in 0..=n {
            for j in 0..=n - i {
                self.parts((a, sa[i]..sa[i + 1]), (b, sb[j]..sb[j + 1]), level, out);
            }
        }
    }

    /// Starts a new budget of work.
    fn renew(&self) {
        self.work.set(0);
    }

    /// Counts `n` term products; false once past the budget.
    fn spend(&self, n: u64) -> bool {
        self.work.set(self.work.get().saturating_add(n));
        !self.exhausted()
    }
}

impl Ring for Uses {
    type W = Poly;
    const GROUPS: bool = true;

    fn bind(&mut self, values: &[Num]) {
        self.kind = values.iter().map(|v| self.kinds.binary_search_by(|(k, _)| k.cmp(v)).ok()).collect();
    }

    fn zero(&self) -> Poly {
        Poly::default()
    }

    fn one(&self) -> Poly {
        Poly { degree: 0, terms: vec![(0, Count::ONE)] }
    }

    fn leaf(&self, v: V) -> Poly {
        match self.kind.get(v as usize).copied().flatten() {
            Some(i) => Poly { degree: 1, terms: vec![(1u64 << self.at[i].0, Count::ONE)] },
            None => Poly::default(),
        }
    }

    fn add(&self, into: &mut Poly, w: &Poly) {
        if w.terms.is_empty() {
            return;
        }
        if into.terms.is_empty() {
            *into = w.clone();
            return;
        }
        debug_assert_eq!(into.degree, w.degree, "a subtree's ways use as many values each");
        let old = std::mem::take(&mut into.terms);
        let mut merged = Vec::with_capacity(old.len() + w.terms.len());
        let mut rest = w.terms.iter().peekable();
        for (k, n) in old {
            while let Some(t) = rest.next_if(|(kb, _)| *kb < k) {
                merged.push(t.clone());
            }
            match rest.next_if(|(kb, _)| *kb == k) {
                Some((_, m)) => merged.push((k, n + m)),
                None => merged.push((k, n)),
            }
        }
        merged.extend(rest.cloned());
        into.terms = merged;
    }

    fn mul(&self, a: &Poly, b: &Poly) -> Poly {
        if a.terms.is_empty() || b.terms.is_empty() {
            return Poly::default();
        }
        let degree = a.degree + b.degree;
        let (small, big) = if a.terms.len() <= b.terms.len() { (a, b) } else { (b, a) };
        if degree == self.degree {
            // Every unknown: the only term is the whole multiset, and each
            // term meets at most one, its complement.
            if !self.spend(small.terms.len() as u64) {
                return Poly::default();
            }
            let mut total = Count::ZERO;
            for (k, n) in &small.terms {
                // Each field of `k` is at most the multiset's: no borrow.
                let want = self.whole - k;
                if let Ok(j) = big.terms.binary_search_by(|(key, _)| key.cmp(&want)) {
                    total += &(n * &big.terms[j].1);
                }
            }
            let terms = if total.is_zero() { Vec::new() } else { vec![(self.whole, total)] };
            return Poly { degree, terms };
        }
        // Sums land in a table with a slot for every sub-multiset: a key's
        // slot is its uses read as digits of mixed radix (each value's
        // count + 1), which orders slots as keys, and a sum's slot is the
        // sum of the slots when no value is overused.
        let mut sums = self.sums.borrow_mut();
        let Sums { ways, narrow, keys, touched } = &mut *sums;
        let slots = |p: &Poly| -> Vec<usize> { p.terms.iter().map(|(k, _)| self.slot(*k)).collect() };
        let keys_of = |p: &Poly| -> Vec<u64> { p.terms.iter().map(|(k, _)| *k).collect() };
        let (a_at, b_at) = ((keys_of(a), slots(a)), (keys_of(b), slots(b)));
        let mut parts = Vec::new();
        self.parts((&a_at.0, 0..a.terms.len()), (&b_at.0, 0..b.terms.len()), self.kinds.len(), &mut parts);
        if !self.spend(parts.iter().map(|(x, y)| (x.len() * y.len()) as u64).sum()) {
            return Poly::default();
        }
        let room = keys.len();
        let met = Met { parts, a: a_at, b: b_at, keys, touched };
        let terms = match (narrow_counts(a), narrow_counts(b)) {
            // No slot's sum can pass 64 bits (each term of the shorter list
            // meets a given sum once at most): plain machine words.
            (Some(na), Some(nb))
                if largest(&na)
                    .checked_mul(largest(&nb))
                    .and_then(|p| p.checked_mul(na.len().min(nb.len()) as u64))
                    .is_some() =>
            {
                if narrow.is_empty() {
                    narrow.resize(room, 0);
                }
                // Slices, not the vectors: the loop then keeps their ends
                // in registers across the writes it makes.
                let (sums, na, nb) = (&mut narrow[..], &na[..], &nb[..]);
                met.sum(self, |at, i, j| {
                    let empty = sums[at] == 0;
                    sums[at] += na[i] * nb[j];
                    empty
                })
                .into_iter()
                .map(|(key, at)| (key, Count::from(std::mem::take(&mut narrow[at]))))
                .collect()
            }
            _ => {
                if ways.is_empty() {
                    ways.resize(room, Count::ZERO);
                }
                met.sum(self, |at, i, j| {
                    let empty = ways[at].is_zero();
                    ways[at] += &(&a.terms[i].1 * &b.terms[j].1);
                    empty
                })
                .into_iter()
                .map(|(key, at)| (key, std::mem::take(&mut ways[at])))
                .collect()
            }
        };
        Poly { degree, terms }
    }

    fn size(&self, w: &Poly) -> usize {
        w.terms.len()
    }

    fn product(&self, factors: Vec<&Poly>) -> Poly {
        if factors.iter().any(|f| f.terms.is_empty()) {
            return Poly::default();
        }
        let order = self.cheapest_order(&factors);
        order.into_iter().fold(self.one(), |w, i| self.mul(&w, factors[i]))
    }

    fn same(&self, a: &Poly, b: &Poly) -> bool {
        a.degree == b.degree && a.terms == b.terms
    }

    fn may_follow(&self, chosen: &[V], v: V) -> bool {
        // A value is used at most as often as the multiset has it.
        let Some(i) = self.kind.get(v as usize).copied().flatten() else { return false };
        let given = self.kinds[i].1 as usize;
        chosen.iter().filter(|&&c| c == v).count() < given
    }

    fn total(&self, w: &Poly) -> Count {
        match w.terms.binary_search_by(|(k, _)| k.cmp(&self.whole)) {
            Ok(j) if w.degree == self.degree => w.terms[j].1.clone(),
            _ => Count::ZERO,
        }
    }
}

/// A product's pairs of terms to meet: the pairs of parts of the two
/// lists ([`Uses::parts`]), each list's keys and slots, and where the
/// sums' keys and the slots they fill are noted.
struct Met<'s> {
    parts: Vec<(Range<usize>, Range<usize>)>,
    a: (Vec<u64>, Vec<usize>),
    b: (Vec<u64>, Vec<usize>),
    keys: &'s mut Vec<u64>,
    touched: &'s mut Vec<u32>,
}

impl Met<'_> {
    /// Meets every pair of terms that overuses no value: `add(slot, i, j)`
    /// adds the product of `a`'s `i`-th and `b`'s `j`-th ways into the
    /// slot of their sum and says whether it held nothing before. Returns
    /// the sums' keys and slots, keys increasing.
    ///
    /// Most pairs overuse a value and are only tested: every field lies in
    /// one word ([`Uses::new`]), so a test is an add and a mask (a third
    /// less time on 27 leaves over 1..9 than two words for a `u128`).
    fn sum(self, uses: &Uses, add: impl FnMut(usize, usize, usize) -> bool) -> Vec<(u64, usize)> {
        let Met { parts, a: (ka, sa), b: (kb, sb), keys, touched } = self;
        meet(&parts, (&ka, &sa), (&kb, &sb), (uses.headroom, uses.top), keys, touched, add);
        touched.sort_unstable();
        touched.drain(..).map(|at| (keys[at as usize], at as usize)).collect()
    }
}

/// [`Met::sum`]'s loop: each pair of terms of the parts whose sum
/// overuses no value (no field passes its headroom into its top bit) is
/// added into its slot. A function of its own, over slices, so that its
/// pointers and masks stay in registers.
#[inline(never)]
fn meet(
    parts: &[(Range<usize>, Range<usize>)],
    (ka, sa): (&[u64], &[usize]),
    (kb, sb): (&[u64], &[usize]),
    (headroom, top): (u64, u64),
    keys: &mut [u64],
    touched: &mut Vec<u32>,
    mut add: impl FnMut(usize, usize, usize) -> bool,
) {
    for (x, y) in parts {
        let (kb, sb) = (&kb[y.clone()], &sb[y.clone()]);
        for i in x.clone() {
            let (ki, si) = (ka[i], sa[i]);
            for (j, (&k, &s)) in (y.start..).zip(kb.iter().zip(sb)) {
                let sum = ki + k;
                if (sum + headroom) & top == 0 {
                    let at = si + s;
                    if add(at, i, j) {
                        touched.push(at as u32);
                        keys[at] = sum;
                    }
                }
            }
        }
    }
}

/// A polynomial's counts as 64-bit words, if every one fits.
fn narrow_counts(p: &Poly) -> Option<Vec<u64>> {
    p.terms.iter().map(|(_, n)| n.to_u128().and_then(|n| u64::try_from(n).ok())).collect()
}

fn largest(counts: &[u64]) -> u64 {
    counts.iter().copied().max().unwrap_or(0)
}

/// Expectimax puzzles over a multiset (`chance.rs`) count in these
/// polynomials too, with the same budget.
impl super::chance::Tally for Uses {
    fn is_nothing(&self, w: &Poly) -> bool {
        w.terms.is_empty()
    }

    fn gave_up(&self) -> bool {
        self.exhausted()
    }

    fn renew(&self) {
        Uses::renew(self);
    }
}

/// A puzzle over a multiset, counted by the values each way uses.
pub(super) struct Repeats<'g> {
    plan: Subtrees<'g, Uses>,
}

impl<'g> Repeats<'g> {
    /// The plan for `e` over the orderings of `values`, or `None` when
    /// this way does not apply (too many distinct values or repeats, or a
    /// block the count over subtrees does not take).
    pub fn new(game: &'g Game, unknowns: &[NodeId], e: &Expect, values: &[Num]) -> Option<Repeats<'g>> {
        if values.len() != unknowns.len() {
            return None;
        }
        let kinds = kinds(values);
        if least_work(game, unknowns, &kinds) > MAX_WORK / 4 {
            return None;
        }
        let uses = Uses::new(kinds, values.len() as u32)?;
        let domain = uses.kinds.iter().map(|&(v, _)| v).collect();
        let plan = Subtrees::with_ring(game, unknowns, e, domain, uses, None)?;
        Some(Repeats { plan })
    }
}

impl super::Counted for Repeats<'_> {
    /// How many orderings pass, or `None` when the count gave up.
    fn count_all(&mut self) -> Option<Count> {
        let count = self.plan.count();
        (!self.plan.ring().exhausted()).then_some(count)
    }

    /// The first `max` passing orderings, smallest first, or `None` when
    /// a count on the way gave up.
    fn list_first(&mut self, max: usize) -> Option<Vec<Vec<Num>>> {
        self.plan.ring().renew();
        let out = self.plan.list(max);
        (!self.plan.ring().exhausted()).then_some(out)
    }

    /// Counts over subtrees run (for `Solutions::tried`).
    fn counts_run(&self) -> u64 {
        self.plan.tried
    }
}

mod estimate;
use estimate::least_work;
#[cfg(test)]
mod tests;
