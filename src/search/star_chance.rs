//! The arithmetic of a CHANCE node under `star1`/`star2`: what its value
//! can still be, when it is cut, and the window each child gets (the
//! formulas are in `star1.rs`'s module doc, after Ballard 1983 and Hauk,
//! Buro & Schaeffer 2004). Invariant: the terms of child j are `pⱼ·loⱼ` and
//! `pⱼ·hiⱼ` of what is known of it: `[L, U]` before it is searched, a
//! probe's bound, or its value.
//!
//! The sums over the children are kept as the children are learned, so a
//! child's window and the cut test cost O(1) instead of O(children) — but
//! only while that provably gives the very `Num` the sum in written order
//! gives (see [`Terms`]); otherwise (floats, a rational that could
//! overflow to a float) they are summed in written order as they always
//! were. `star_tests.rs` checks whole traces against the old code.

use crate::num::Num;
use crate::search::Interval;
use crate::search::alphabeta::Bound;
use crate::search::options::Options;
use crate::search::trace::Cause;

/// A chance node's probabilities and window, and the arithmetic on them.
pub(crate) struct Chance {
    pub probs: Vec<Num>,
    pub depth: u32,
    pub alpha: Bound,
    pub beta: Bound,
    /// `pⱼ·loⱼ` and `pⱼ·hiⱼ` of every child j.
    lo: Terms,
    hi: Terms,
    /// Where it started, before any child was learned.
    start: Start,
}

impl Chance {
    /// Nothing known yet: every child in `[L, U]` (`range`). Its vectors
    /// are `room`'s, which an earlier node gave back ([`Chance::room`]):
    /// a search makes one for every CHANCE node it enters, and their three
    /// allocations each were about a twentieth of `star1`'s time.
    pub fn new(
        room: ChanceRoom,
        probs: impl Iterator<Item = Num>,
        depth: u32,
        alpha: Bound,
        beta: Bound,
        range: (Num, Num),
    ) -> Chance {
        let ChanceRoom { probs: mut own, mut lo, mut hi, start } = room;
        // The probabilities written over the last node's, noting whether
        // they are the same, bit for bit.
        let (before, mut same, mut k) = (own.len(), true, 0);
        for p in probs {
            match own.get_mut(k) {
                Some(q) => {
                    same &= q.bits() == p.bits();
                    *q = p;
                }
                None => {
                    same = false;
                    own.push(p);
                }
            }
            k += 1;
        }
        own.truncate(k);
        same &= k == before;
        // The same probabilities in the same range start from the same
        // terms and sums (`Terms::sum_up` is a function of the factors):
        // copied from where the last node started instead of worked out
        // again, term by term.
        let start = match start {
            Some(start) if same && start.range.0.bits() == range.0.bits() && start.range.1.bits() == range.1.bits() => {
                lo.copy_from(&start.lo);
                hi.copy_from(&start.hi);
                start
            }
            start => {
                lo.reset(&own, range.0);
                hi.reset(&own, range.1);
                // The last start's room, made this node's.
                let (mut l, mut h) = start.map(|s| (s.lo, s.hi)).unwrap_or_default();
                l.copy_from(&lo);
                h.copy_from(&hi);
                Start { range, lo: l, hi: h }
            }
        };
        Chance { probs: own, depth, alpha, beta, lo, hi, start }
    }

    /// Its vectors, for the next chance node, and the terms it started from.
    pub fn room(self) -> ChanceRoom {
        ChanceRoom { probs: self.probs, lo: self.lo, hi: self.hi, start: Some(self.start) }
    }

    /// Records what is now known of child `i`: its terms `pᵢ·lo` and `pᵢ·hi`.
    pub fn learn(&mut self, i: usize, k: Interval) {
        self.lo.set(i, k.lo);
        self.hi.set(i, k.hi);
    }

    /// `(Σ pⱼ·loⱼ, Σ pⱼ·hiⱼ)`: what the node's value can still be.
    pub fn totals(&self) -> (Num, Num) {
        (self.lo.total(), self.hi.total())
    }

    /// `Some(false)`: fail low (`Σ p·hi ≤ α`); `Some(true)`: fail high.
    pub fn cut(&self, opts: &Options) -> Option<bool> {
        if opts.cuts.alpha_cut_by(self.hi.cmp_total(self.alpha.v)) {
            Some(false)
        } else if opts.cuts.beta_cut_by(self.lo.cmp_total(self.beta.v)) {
            Some(true)
        } else {
            None
        }
    }

    /// Child i's window: `(max(Aᵢ, L), min(Bᵢ, U))`, each bound caused by
    /// this chance node when it is tighter than the declared range.
    pub fn window(&self, i: usize, range: (Num, Num)) -> (Bound, Bound) {
        let p = self.probs[i];
        let (lo_bound, hi_bound) =
            (Bound { v: range.0, cause: Cause::Bounds }, Bound { v: range.1, cause: Cause::Bounds });
        if p.is_zero() {
            return (lo_bound, hi_bound);
        }
        let mine = Cause::Ancestor(self.depth);
        // `Aᵢ > L`, and `Aᵢ` only when it is used: from the exact quotient
        // when there is one, else as written.
        let alpha = match (self.hi.quotient(self.alpha.v, i, p), range.0.as_ratio()) {
            (Some(q), Some(l)) if order(q, l).is_le() => lo_bound,
            (Some(q), Some(_)) => Bound { v: Num::from_fraction(q.0, q.1), cause: mine },
            _ => match self.hi.minus_others(self.alpha.v, i) / p {
                a if a > range.0 => Bound { v: a, cause: mine },
                _ => lo_bound,
            },
        };
        let beta = match (self.lo.quotient(self.beta.v, i, p), range.1.as_ratio()) {
            (Some(q), Some(u)) if order(q, u).is_ge() => hi_bound,
            (Some(q), Some(_)) => Bound { v: Num::from_fraction(q.0, q.1), cause: mine },
            _ => match self.lo.minus_others(self.beta.v, i) / p {
                b if b < range.1 => Bound { v: b, cause: mine },
                _ => hi_bound,
            },
        };
        (alpha, beta)
    }
}

/// A chance node's vectors, kept from node to node, and the range and
/// sides the last node started from (for its probabilities, which `probs`
/// still holds).
#[derive(Default)]
pub(crate) struct ChanceRoom {
    probs: Vec<Num>,
    lo: Terms,
    hi: Terms,
    start: Option<Start>,
}

/// The range a chance node's children lie in and both sides' terms before
/// any child is learned: the same for every node of a level with the same
/// probabilities and range.
struct Start {
    range: (Num, Num),
    lo: Terms,
    hi: Terms,
}

/// One side's terms, and their sum kept as they change — while that is
/// safe. Term j is the product `pⱼ·xⱼ` of its two factors (`factors`), as
/// [`Num`]'s `Mul` makes it. The sums the search needs (all terms, or all
/// but one) are defined as folds from zero in written order. When every
/// term is an exact rational `aⱼ/dⱼ` (in any form, not only the reduced
/// one) with `n · max|aⱼ| · lcm(dⱼ) ≤ i64::MAX`, every partial sum of any
/// subset of them, over the common denominator, has a numerator and
/// denominator that fit in `i64` (the reduced forms' are no larger): no
/// addition of the fold overflows to a float, each gives the exact
/// rational, and a reduced rational has one form. So the fold is the
/// exact sum, reduced, and the sum can be kept as an integer numerator
/// over the lcm (`num`), updated without any gcd, and reduced only when a
/// `Num` is asked for — the same `Num`, bit for bit. A term is taken in
/// the form its factors give unreduced (`pₙ·xₙ / p_d·x_d`), so the product
/// is never reduced while the sum is kept. `lcm` and `top` cover every
/// term the side has held. Once a term is a float, or its unreduced form
/// does not fit `i64`, or the bound fails, `exact` is false for good and
/// the folds are computed as written, each term multiplied out.
#[derive(Default)]
struct Terms {
    factors: Vec<(Num, Num)>,
    /// Each term's numerator over `lcm`, while `exact`.
    scaled: Vec<i128>,
    exact: bool,
    /// `Σ termⱼ = num / lcm` (not reduced), while `exact`.
    num: i128,
    /// The lcm of the denominators of every term held so far.
    lcm: u64,
    /// The largest `|numerator|` of every term held so far.
    top: u64,
}

impl Terms {
    #[cfg(test)]
    fn new(factors: Vec<(Num, Num)>) -> Terms {
        let mut side = Terms { factors, ..Terms::default() };
        side.sum_up();
        side
    }

    /// Every term `pⱼ·x`, in this side's room.
    fn reset(&mut self, probs: &[Num], x: Num) {
        self.factors.clear();
        self.factors.extend(probs.iter().map(|&p| (p, x)));
        self.sum_up();
    }

    /// `other`'s terms and sums, in this side's room.
    fn copy_from(&mut self, other: &Terms) {
        self.factors.clone_from(&other.factors);
        self.scaled.clone_from(&other.scaled);
        (self.exact, self.num, self.lcm, self.top) = (other.exact, other.num, other.lcm, other.top);
    }

    /// The sums of the factors as they stand.
    fn sum_up(&mut self) {
        (self.exact, self.num, self.lcm, self.top) = (true, 0, 1, 0);
        for j in 0..self.factors.len() {
            self.exact = self.exact && self.admit(self.parts(j));
        }
        self.exact = self.exact && self.safe();
        self.scaled.clear();
        if self.exact {
            for j in 0..self.factors.len() {
                let scaled = self.scaled(self.parts(j));
                self.scaled.push(scaled);
            }
            self.num = self.scaled.iter().sum();
        }
    }

    /// Term `j`, `pⱼ·xⱼ`, as `Mul` makes it.
    fn term(&self, j: usize) -> Num {
        let (p, x) = self.factors[j];
        p * x
    }

    /// Term `j` as an exact fraction `(num, den)`, `den > 0`, not reduced:
    /// the product of its factors' parts when both are rationals and the
    /// products fit `i64` (then `Mul` gives this value, reduced); `0/1`
    /// when a factor is zero and the other a float (as `Mul` gives `0`);
    /// else none (a float, or too big to tell here).
    fn parts(&self, j: usize) -> Option<(i64, i64)> {
        let (p, x) = self.factors[j];
        match (p.as_ratio(), x.as_ratio()) {
            (Some((a, b)), Some((c, d))) => Some((a.checked_mul(c)?, b.checked_mul(d)?)),
            _ if p.is_zero() || x.is_zero() => Some((0, 1)),
            _ => None,
        }
    }

    /// Widens `lcm` (rescaling `num`) and `top` to cover a term of these
    /// `parts`; false when there are none or the lcm passes `i64::MAX`.
    fn admit(&mut self, parts: Option<(i64, i64)>) -> bool {
        let Some((n, d)) = parts else { return false };
        let d = d.unsigned_abs();
        // The common cases first, without a division.
        if d != 1 && d != self.lcm && !self.lcm.is_multiple_of(d) {
            match (self.lcm / gcd(self.lcm, d)).checked_mul(d) {
                Some(l) if l <= i64::MAX as u64 => {
                    self.num *= i128::from(l / self.lcm);
                    self.lcm = l;
                }
                _ => return false,
            }
        }
        self.top = self.top.max(n.unsigned_abs());
        true
    }

    /// `n · top · lcm ≤ i64::MAX`.
    fn safe(&self) -> bool {
        let n = self.factors.len() as u128;
        n.checked_mul(u128::from(self.top))
            .and_then(|x| x.checked_mul(u128::from(self.lcm)))
            .is_some_and(|x| x <= i64::MAX as u128)
    }

    /// An admitted term's numerator over `lcm` (its `parts`).
    fn scaled(&self, parts: Option<(i64, i64)>) -> i128 {
        let Some((n, d)) = parts else { return 0 };
        let d = d.unsigned_abs();
        let factor = match d {
            d if d == self.lcm => 1,
            1 => self.lcm,
            d => self.lcm / d,
        };
        i128::from(n) * i128::from(factor)
    }

    /// Term `j`'s numerator over `lcm` (the side is exact).
    fn scaled_term(&self, j: usize) -> i128 {
        self.scaled[j]
    }

    /// `num / lcm` reduced: the exact sum (`num` fits `i64`, by the bound;
    /// `skip` says which fold it stands for, should it ever not).
    fn reduced(&self, num: i128, skip: Option<usize>) -> Num {
        match i64::try_from(num) {
            Ok(num) => Num::int(num) / Num::int(self.lcm as i64),
            Err(_) => self.fold(skip),
        }
    }

    /// Makes term `i` `pᵢ·x`.
    fn set(&mut self, i: usize, x: Num) {
        let old = self.exact.then(|| self.scaled_term(i));
        self.factors[i].1 = x;
        // The bound is checked again only when `lcm` or `top` grew.
        let was = (self.lcm, self.top);
        let parts = self.parts(i);
        self.exact = self.exact && self.admit(parts) && ((self.lcm, self.top) == was || self.safe());
        if let (true, Some(old)) = (self.exact, old) {
            // The terms were over the lcm before it grew: rescaled too.
            let grew = i128::from(self.lcm / was.0);
            if grew != 1 {
                self.scaled.iter_mut().for_each(|t| *t *= grew);
            }
            let new = self.scaled(parts);
            self.num += new - old * grew;
            self.scaled[i] = new;
        }
    }

    /// `Σⱼ termⱼ`.
    fn total(&self) -> Num {
        if self.exact { self.reduced(self.num, None) } else { self.fold(None) }
    }

    /// How `Σⱼ termⱼ` compares with `x` (as `Num`'s order has it: exactly
    /// between rationals, so without reducing the sum).
    fn cmp_total(&self, x: Num) -> std::cmp::Ordering {
        match (self.exact, x.as_ratio()) {
            (true, Some((n, d))) => (self.num * i128::from(d)).cmp(&(i128::from(n) * i128::from(self.lcm))),
            _ => self.total().cmp(&x),
        }
    }

    /// `x − Σ_{j≠i} termⱼ`. With `x` and the sum exact, worked out in
    /// `i128` (`|x|`'s parts, `num` and `lcm` are below 2^63, so nothing
    /// overflows) and reduced once: the sum reduced is a rational that
    /// fits, so the subtraction as written gives `from_fraction` of the
    /// same value.
    fn minus_others(&self, x: Num, i: usize) -> Num {
        match (self.exact, x.as_ratio()) {
            (true, Some((n, d))) => {
                let (d, lcm) = (i128::from(d), i128::from(self.lcm));
                let rest = self.num - self.scaled_term(i);
                Num::from_fraction(i128::from(n) * lcm - rest * d, d * lcm)
            }
            _ => x - self.others(i),
        }
    }

    /// `(x − Σ_{j≠i} termⱼ) / p` as an exact fraction `(num, den)`, `den >
    /// 0`, not reduced — when `x`, `p > 0` and the sum are exact and both
    /// steps' unreduced results fit `i64`. Then each step as written gave
    /// an exact rational (its reduced form is no larger), so
    /// `Num::from_fraction` of this is the `Num` they gave, and comparing
    /// it exactly is comparing that `Num`.
    fn quotient(&self, x: Num, i: usize, p: Num) -> Option<(i128, i128)> {
        let ((xn, xd), (pn, pd)) = (x.as_ratio()?, p.as_ratio()?);
        if !self.exact || pn <= 0 {
            return None;
        }
        let fits = |v: i128| i64::try_from(v).is_ok_and(|v| v != i64::MIN);
        let (xd, lcm) = (i128::from(xd), i128::from(self.lcm));
        let rest = self.num - self.scaled_term(i);
        let (dn, dd) = (i128::from(xn) * lcm - rest * xd, xd * lcm);
        if !fits(dn) || !fits(dd) {
            return None;
        }
        let (qn, qd) = (dn * i128::from(pd), dd * i128::from(pn));
        (fits(qn) && fits(qd)).then_some((qn, qd))
    }

    /// `Σ_{j≠i} termⱼ`.
    fn others(&self, i: usize) -> Num {
        if self.exact { self.reduced(self.num - self.scaled_term(i), Some(i)) } else { self.fold(Some(i)) }
    }

    /// `0 + t₀ + t₁ + …` in written order, leaving out `skip`, each term
    /// multiplied out.
    fn fold(&self, skip: Option<usize>) -> Num {
        (0..self.factors.len()).filter(|&j| Some(j) != skip).fold(Num::ZERO, |acc, j| acc + self.term(j))
    }
}

/// How fraction `a` compares with `b` (`(num, den)`, denominators
/// positive, numerators and denominators within `i64`), exactly, as `Num`
/// orders rationals.
fn order(a: (i128, i128), b: (i64, i64)) -> std::cmp::Ordering {
    (a.0 * i128::from(b.1)).cmp(&(i128::from(b.0) * a.1))
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::Terms;
    use crate::num::Num;

    /// Values of every kind a chance node meets: small fractions, numbers
    /// near `i64`'s limits (whose sums and products overflow to floats),
    /// floats, ±∞.
    fn value() -> impl Strategy<Value = Num> {
        prop_oneof![
            4 => (-50i64..50, 1i64..12).prop_map(|(n, d)| Num::int(n) / Num::int(d)),
            2 => (-(1i64 << 62)..(1i64 << 62), 1i64..4).prop_map(|(n, d)| Num::int(n) / Num::int(d)),
            1 => (1i64..1000).prop_map(|n| Num::int(n) / Num::int(1_000_000_007)),
            1 => (-9i64..9).prop_map(|n| Num::int(i64::MAX) * Num::int(3) / Num::int(i64::MAX) + Num::int(n)),
            1 => prop_oneof![Just(Num::INF), Just(Num::NEG_INF), Just(Num::ZERO)],
        ]
    }

    /// Probabilities: `1/d`, other fractions, 0 and 1, a float, and ones
    /// whose products with big values do not fit.
    fn prob() -> impl Strategy<Value = Num> {
        prop_oneof![
            4 => (1i64..12).prop_map(|d| Num::int(1) / Num::int(d)),
            2 => (1i64..6, 2i64..30).prop_map(|(n, d)| Num::int(n) / Num::int(d)),
            1 => prop_oneof![Just(Num::ZERO), Just(Num::ONE), Just(Num::whole_float(1))],
            1 => (1i64..5).prop_map(|n| Num::int(n) / Num::int(i64::MAX / 2)),
        ]
    }

    /// `Σ pⱼ·xⱼ` in written order, leaving out `skip`: the folds the
    /// kept sums stand for.
    fn fold(factors: &[(Num, Num)], skip: Option<usize>) -> Num {
        let terms = factors.iter().enumerate().filter(|&(j, _)| Some(j) != skip);
        terms.fold(Num::ZERO, |acc, (_, &(p, x))| acc + p * x)
    }

    proptest! {
        /// After any replacements, the kept sums are the written-order
        /// folds of the products, bit for bit (by `Debug`: `Ratio(1, 1)`
        /// is not `Float(1.0)`).
        #[test]
        fn kept_sums_are_the_folds(start in prop::collection::vec((prob(), value()), 1..12), sets in prop::collection::vec((0usize..12, value()), 0..24)) {
            let mut side = Terms::new(start);
            for (i, x) in sets {
                let i = i % side.factors.len();
                side.set(i, x);
                let total = fold(&side.factors, None);
                prop_assert_eq!(format!("{:?}", side.total()), format!("{:?}", total));
                let (p, x) = side.factors[i];
                for x in [total, Num::ZERO, Num::int(3) / Num::int(7), Num::INF, Num::NEG_INF, p * x] {
                    prop_assert_eq!(side.cmp_total(x), total.cmp(&x));
                }
                for j in 0..side.factors.len() {
                    let others = fold(&side.factors, Some(j));
                    prop_assert_eq!(format!("{:?}", side.others(j)), format!("{:?}", others));
                    for x in [Num::ZERO, Num::int(-99) / Num::int(7), Num::int(i64::MAX), Num::int(i64::MIN + 1) / Num::int(3), Num::NEG_INF, total] {
                        prop_assert_eq!(format!("{:?}", side.minus_others(x, j)), format!("{:?}", x - others));
                    }
                }
            }
        }
    }

    /// The bound holds exactly at its edge and fails just past it.
    #[test]
    fn the_running_sum_stops_where_overflow_could_start() {
        let third = |n: i64| (Num::int(1) / Num::int(3), Num::int(n));
        let one = |x: Num| (Num::ONE, x);
        let edge = i64::MAX / 6;
        assert!(Terms::new(vec![third(edge), third(1)]).exact);
        assert!(!Terms::new(vec![third(edge + 1), third(1)]).exact);
        assert!(!Terms::new(vec![one(Num::INF), one(Num::ZERO)]).exact);
        // A zero probability times ±∞ is 0, exactly (as `Mul` has it).
        assert!(Terms::new(vec![(Num::ZERO, Num::INF), one(Num::int(2))]).exact);
        let mut side = Terms::new(vec![one(Num::int(2)), third(5)]);
        side.set(0, Num::int(edge) / Num::int(3));
        assert!(side.exact);
        let want = Num::int(edge) / Num::int(3) + Num::int(5) / Num::int(3);
        assert_eq!(format!("{:?}", side.total()), format!("{:?}", want));
        side.set(1, Num::int(i64::MAX / 2));
        assert!(!side.exact);
    }
}
