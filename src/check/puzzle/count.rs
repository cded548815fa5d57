//! [`Count`]: an exact count of assignments, an unsigned integer of any
//! size. Puzzles over wide domains have far more than 2^128 solutions
//! (twenty free leaves over −1000..1000 alone give 2001^20 ≈ 10^66).
//!
//! Most counts fit in a `u128`, and the dynamic programmes add and
//! multiply them millions of times, so a count is a `u128` until an
//! operation overflows it, and only then little-endian 64-bit limbs.
//!
//! Invariant: `Large` holds a value above `u128::MAX` with no zero limb at
//! the top, so each value has one representation (derived equality is
//! equality of values).

use std::cmp::Ordering;
use std::fmt;

/// An unsigned integer of any size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count(Repr);

#[derive(Clone, Debug, PartialEq, Eq)]
enum Repr {
    Small(u128),
    /// Little-endian limbs, more than two of them significant.
    Large(Vec<u64>),
}

impl Count {
    pub const ZERO: Count = Count(Repr::Small(0));
    pub const ONE: Count = Count(Repr::Small(1));

    pub fn is_zero(&self) -> bool {
        self.0 == Repr::Small(0)
    }

    /// The count as a `u128`, when it fits.
    pub fn to_u128(&self) -> Option<u128> {
        match self.0 {
            Repr::Small(n) => Some(n),
            Repr::Large(_) => None,
        }
    }

    /// `base^exp`.
    pub fn pow(base: u64, exp: u32) -> Count {
        let mut out = Count::ONE;
        for _ in 0..exp {
            out = out.mul_small(base);
        }
        out
    }

    /// `self * m`.
    pub fn mul_small(&self, m: u64) -> Count {
        if let Repr::Small(a) = self.0
            && let Some(p) = a.checked_mul(u128::from(m))
        {
            return Count(Repr::Small(p));
        }
        let mut out = Vec::with_capacity(self.limbs().len() + 1);
        let mut carry = 0u128;
        for &l in self.limbs().iter() {
            let t = u128::from(l) * u128::from(m) + carry;
            out.push(t as u64);
            carry = t >> 64;
        }
        out.push(carry as u64);
        Count::from_limbs(out)
    }

    /// `self / d` and its remainder (`d > 0`).
    pub fn div_small(&self, d: u64) -> (Count, u64) {
        if let Repr::Small(a) = self.0 {
            // One division (a u128 division is a library call, not an instruction).
            let q = a / u128::from(d);
            return (Count(Repr::Small(q)), (a - q * u128::from(d)) as u64);
        }
        let limbs = self.limbs();
        let mut out = vec![0u64; limbs.len()];
        let mut rem = 0u128;
        for (i, &l) in limbs.iter().enumerate().rev() {
            let t = (rem << 64) | u128::from(l);
            out[i] = (t / u128::from(d)) as u64;
            rem = t % u128::from(d);
        }
        (Count::from_limbs(out), rem as u64)
    }

    /// `n choose k`, exactly: each step's product of `i + 1` consecutive
    /// integers is divisible by `(i + 1)!`.
    pub fn binomial(n: u64, k: u64) -> Count {
        if k > n {
            return Count::ZERO;
        }
        let k = k.min(n - k);
        // In a u128 while the products fit (nearly always), then exactly.
        let mut small = 1u128;
        for i in 0..k {
            match small.checked_mul(u128::from(n - i)) {
                Some(p) => small = p / u128::from(i + 1),
                None => {
                    let mut out = Count::from(small);
                    for i in i..k {
                        out = out.mul_small(n - i).div_small(i + 1).0;
                    }
                    return out;
                }
            }
        }
        Count::from(small)
    }

    /// `self - other`, or `None` when `other` is the larger.
    pub fn checked_sub(&self, other: &Count) -> Option<Count> {
        if let (Repr::Small(a), Repr::Small(b)) = (&self.0, &other.0) {
            return a.checked_sub(*b).map(Count::from);
        }
        if other > self {
            return None;
        }
        let (a, b) = (self.limbs(), other.limbs());
        let mut out = Vec::with_capacity(a.len());
        let mut borrow = 0u64;
        for (i, &x) in a.iter().enumerate() {
            let (d, o1) = x.overflowing_sub(b.get(i).copied().unwrap_or(0));
            let (d, o2) = d.overflowing_sub(borrow);
            out.push(d);
            borrow = u64::from(o1 || o2);
        }
        Some(Count::from_limbs(out))
    }

    /// Its bits: the place of its highest one bit (0 for zero).
    pub fn bits(&self) -> u32 {
        match &self.0 {
            Repr::Small(n) => 128 - n.leading_zeros(),
            Repr::Large(l) => 64 * l.len() as u32 - l.last().map_or(64, |top| top.leading_zeros()),
        }
    }

    /// Its little-endian 64-bit limbs.
    pub fn to_limbs(&self) -> Vec<u64> {
        self.limbs().into_owned()
    }

    /// The count of little-endian 64-bit limbs `limbs`.
    pub fn from_limb_slice(limbs: &[u64]) -> Count {
        Count::from_limbs(limbs.to_vec())
    }

    fn limbs(&self) -> std::borrow::Cow<'_, [u64]> {
        match &self.0 {
            Repr::Small(n) => std::borrow::Cow::Owned(vec![*n as u64, (*n >> 64) as u64]),
            Repr::Large(l) => std::borrow::Cow::Borrowed(l),
        }
    }

    fn from_limbs(mut limbs: Vec<u64>) -> Count {
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        if limbs.len() <= 2 {
            let low = limbs.first().copied().unwrap_or(0);
            let high = limbs.get(1).copied().unwrap_or(0);
            return Count(Repr::Small(u128::from(high) << 64 | u128::from(low)));
        }
        Count(Repr::Large(limbs))
    }
}

impl Default for Count {
    fn default() -> Count {
        Count::ZERO
    }
}

impl From<u128> for Count {
    fn from(n: u128) -> Count {
        Count(Repr::Small(n))
    }
}

impl From<u64> for Count {
    fn from(n: u64) -> Count {
        Count(Repr::Small(u128::from(n)))
    }
}

impl From<usize> for Count {
    fn from(n: usize) -> Count {
        Count(Repr::Small(n as u128))
    }
}

impl std::ops::AddAssign<&Count> for Count {
    /// Inlined where both fit a `u128` and so does the sum (the counts over
    /// subtrees add millions of those); else `Count::add_limbs`.
    #[inline]
    fn add_assign(&mut self, other: &Count) {
        if let (Repr::Small(a), Repr::Small(b)) = (&mut self.0, &other.0)
            && let Some(s) = a.checked_add(*b)
        {
            *a = s;
            return;
        }
        self.add_limbs(other);
    }
}

impl Count {
    #[cold]
    #[inline(never)]
    fn add_limbs(&mut self, other: &Count) {
        let (a, b) = (self.limbs(), other.limbs());
        let (long, short) = if a.len() >= b.len() { (&a, &b) } else { (&b, &a) };
        let mut out = Vec::with_capacity(long.len() + 1);
        let mut carry = 0u128;
        for (i, &l) in long.iter().enumerate() {
            let t = u128::from(l) + u128::from(short.get(i).copied().unwrap_or(0)) + carry;
            out.push(t as u64);
            carry = t >> 64;
        }
        out.push(carry as u64);
        *self = Count::from_limbs(out);
    }

    #[cold]
    #[inline(never)]
    fn mul_limbs(&self, other: &Count) -> Count {
        let (a, b) = (self.limbs(), other.limbs());
        let mut out = vec![0u64; a.len() + b.len()];
        for (i, &x) in a.iter().enumerate() {
            let mut carry = 0u128;
            for (j, &y) in b.iter().enumerate() {
                let t = u128::from(x) * u128::from(y) + u128::from(out[i + j]) + carry;
                out[i + j] = t as u64;
                carry = t >> 64;
            }
            out[i + b.len()] = carry as u64;
        }
        Count::from_limbs(out)
    }
}

impl std::ops::Add<&Count> for Count {
    type Output = Count;
    #[inline]
    fn add(mut self, other: &Count) -> Count {
        self += other;
        self
    }
}

impl std::ops::Mul<&Count> for &Count {
    type Output = Count;
    /// Inlined where both fit a `u128` and so does the product; else
    /// `Count::mul_limbs`.
    #[inline]
    fn mul(self, other: &Count) -> Count {
        if let (Repr::Small(a), Repr::Small(b)) = (&self.0, &other.0)
            && let Some(p) = a.checked_mul(*b)
        {
            return Count(Repr::Small(p));
        }
        self.mul_limbs(other)
    }
}

impl Ord for Count {
    fn cmp(&self, other: &Count) -> Ordering {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => a.cmp(b),
            (Repr::Small(_), Repr::Large(_)) => Ordering::Less,
            (Repr::Large(_), Repr::Small(_)) => Ordering::Greater,
            (Repr::Large(a), Repr::Large(b)) => a.len().cmp(&b.len()).then_with(|| a.iter().rev().cmp(b.iter().rev())),
        }
    }
}

impl PartialOrd for Count {
    fn partial_cmp(&self, other: &Count) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Count {
    /// In decimal, every digit.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Repr::Small(n) = self.0 {
            return write!(f, "{n}");
        }
        // Nineteen decimal digits at a time, the lowest first.
        const CHUNK: u64 = 10_000_000_000_000_000_000;
        let mut chunks = Vec::new();
        let mut rest = self.clone();
        while rest.to_u128().is_none_or(|n| n >= u128::from(CHUNK)) {
            let (q, r) = rest.div_small(CHUNK);
            chunks.push(r);
            rest = q;
        }
        write!(f, "{}", rest.to_u128().unwrap_or(0))?;
        for c in chunks.iter().rev() {
            write!(f, "{c:019}")?;
        }
        Ok(())
    }
}

/// A sum of terms of alternating signs, kept as its positive and negative
/// parts (a [`Count`] has no sign).
#[derive(Default)]
pub(super) struct Alternating {
    plus: Count,
    minus: Count,
}

impl Alternating {
    /// Adds `(−1)^power · term`.
    pub fn add(&mut self, power: usize, term: &Count) {
        if power.is_multiple_of(2) { self.plus += term } else { self.minus += term }
    }

    /// The sum, or `None` if it is negative.
    pub fn total(self) -> Option<Count> {
        self.plus.checked_sub(&self.minus)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2^128 = 340282366920938463463374607431768211456 (u128::MAX + 1), and
    /// 2^200 = 1606938044258990275541962092341162602522202993782792835301376
    /// (both from Python's exact integers: `2**128`, `2**200`).
    #[test]
    fn powers_of_two_past_128_bits_print_every_digit() {
        assert_eq!(Count::pow(2, 128).to_string(), "340282366920938463463374607431768211456");
        assert_eq!(Count::from(u128::MAX) + &Count::ONE, Count::pow(2, 128));
        let two_200 = "1606938044258990275541962092341162602522202993782792835301376";
        assert_eq!(Count::pow(2, 200).to_string(), two_200);
        assert_eq!((&Count::pow(2, 100) * &Count::pow(2, 100)).to_string(), two_200);
        assert_eq!(Count::pow(2, 128).to_u128(), None);
    }

    /// 2001^20 (about 10^66) built two ways, as 2001^10 squared and as
    /// twenty multiplications by 2001, must agree; dividing by 2001 ten
    /// times gives 2001^10 back with no remainder, and 2001^20 leaves 1
    /// divided by 2000 (2001 = 1 mod 2000).
    #[test]
    fn big_products_divide_back_exactly() {
        let ten = Count::pow(2001, 10);
        let twenty = &ten * &ten;
        assert_eq!(twenty, Count::pow(2001, 20));
        let mut back = twenty.clone();
        for _ in 0..10 {
            let (q, r) = back.div_small(2001);
            assert_eq!(r, 0);
            back = q;
        }
        assert_eq!(back, ten);
        assert_eq!(twenty.div_small(2000).1, 1);
        assert!(twenty > ten && Count::pow(2, 129) > Count::pow(2, 128));
        assert_eq!(ten.cmp(&twenty), Ordering::Less);
    }

    /// C(2001, 40) from Pascal's rule with exact additions (an independent
    /// route from the product formula), and C(5, 2) = 10, C(3, 5) = 0.
    #[test]
    fn binomials_agree_with_pascals_triangle() {
        let mut row = vec![Count::ONE];
        for _ in 0..2001 {
            let mut next = vec![Count::ONE];
            for w in row.windows(2).take(40) {
                next.push(w[0].clone() + &w[1]);
            }
            if next.len() <= 40 {
                next.push(Count::ONE);
            }
            row = next;
        }
        assert!(row[40] > Count::from(u128::MAX));
        assert_eq!(Count::binomial(2001, 40), row[40]);
        assert_eq!(Count::binomial(5, 2), Count::from(10u64));
        assert_eq!(Count::binomial(3, 5), Count::ZERO);
    }

    /// Subtraction undoes addition at every size, across the u128 edge
    /// too, and refuses to go below zero.
    #[test]
    fn subtraction_undoes_addition() {
        let big = Count::pow(3, 200);
        for small in [Count::ONE, Count::from(u128::MAX), Count::pow(7, 50), Count::pow(2, 300)] {
            let sum = big.clone() + &small;
            assert_eq!(sum.checked_sub(&small), Some(big.clone()));
            assert_eq!(sum.checked_sub(&big), Some(small.clone()));
            assert_eq!(small.checked_sub(&sum), None);
        }
        assert_eq!(Count::pow(2, 128).checked_sub(&Count::ONE), Some(Count::from(u128::MAX)));
        assert_eq!(Count::from(5u64).checked_sub(&Count::from(5u64)), Some(Count::ZERO));
    }
}
