//! Exact numbers for utilities, probabilities and windows.
//!
//! A [`Num`] is an exact rational (`i64 / i64`, denominator positive, in
//! lowest terms) whenever the input is rational and the arithmetic fits;
//! otherwise — an overflow deep in a chance tree, or an infinite window
//! bound — it is an `f64`. Invariant: `Ratio` is always normalised, so two
//! equal rationals are equal field by field.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Div, Mul, Neg, Sub};

/// A utility, probability or window bound, in 16 bytes: a negative `den`
/// (`FLOAT`) marks a float whose bits are in `num` (see `Repr`). The
/// denominator is never zero, so `Option<Num>` is 16 bytes too.
#[derive(Clone, Copy)]
pub struct Num {
    num: i64,
    den: std::num::NonZeroI64,
}

/// The `den` of a float.
const FLOAT: std::num::NonZeroI64 = match std::num::NonZeroI64::new(-1) {
    Some(d) => d,
    None => panic!(),
};

/// What a [`Num`] holds, for matching.
#[derive(Clone, Copy, Debug)]
enum Repr {
    /// `num / den`, `den > 0`, `gcd(num, den) == 1`.
    Ratio(i64, i64),
    /// A value that is not (or no longer) an exact rational, including ±∞.
    Float(f64),
}

impl Num {
    /// `n / d`; the caller guarantees `d > 0` and lowest terms.
    const fn ratio(num: i64, den: i64) -> Num {
        match std::num::NonZeroI64::new(den) {
            Some(den) if den.get() > 0 => Num { num, den },
            _ => panic!("a rational's denominator is positive"),
        }
    }

    const fn float(f: f64) -> Num {
        Num { num: f.to_bits() as i64, den: FLOAT }
    }

    fn repr(self) -> Repr {
        if self.den == FLOAT {
            Repr::Float(f64::from_bits(self.num as u64))
        } else {
            Repr::Ratio(self.num, self.den.get())
        }
    }
}

impl fmt::Debug for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.repr().fmt(f)
    }
}

/// Why a literal is not a number we accept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumError {
    /// Not a number literal at all.
    Malformed,
    /// `1/0`.
    ZeroDenominator,
    /// Too many digits, or an exponent too large, to hold exactly.
    TooLarge,
}

/// Stein's binary gcd: shifts and subtractions, no division (a `u64`
/// division costs tens of cycles, and every rational operation reduces).
fn gcd64(mut a: u64, mut b: u64) -> u64 {
    if a == 0 || b == 0 {
        return a | b;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            (a, b) = (b, a);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Num {
    pub const ZERO: Num = Num::ratio(0, 1);
    pub const ONE: Num = Num::ratio(1, 1);
    pub const INF: Num = Num::float(f64::INFINITY);
    pub const NEG_INF: Num = Num::float(f64::NEG_INFINITY);

    pub fn int(n: i64) -> Num {
        Num::ratio(n, 1)
    }

    /// Builds `num / den` in lowest terms, falling back to a float when the
    /// result does not fit in `i64`.
    fn from_i128(num: i128, den: i128) -> Num {
        debug_assert!(den != 0);
        // The common case, whole numbers and small fractions, in 64-bit
        // arithmetic: `u128` division is a slow library call. The reduced
        // fraction is unique, so both ways give the same `Num`.
        if den == 1
            && let Ok(n) = i64::try_from(num)
        {
            return Num::ratio(n, 1);
        }
        if let (Ok(n), Ok(d)) = (i64::try_from(num), i64::try_from(den))
            && n != i64::MIN
            && d != i64::MIN
        {
            let g = gcd64(n.unsigned_abs(), d.unsigned_abs()).max(1) as i64;
            // Already in lowest terms (common): no division.
            let (n, d) = if g == 1 { (n, d) } else { (n / g, d / g) };
            return if d < 0 { Num::ratio(-n, -d) } else { Num::ratio(n, d) };
        }
        let g = gcd(num, den).max(1);
        let (mut n, mut d) = (num / g, den / g);
        if d < 0 {
            n = -n;
            d = -d;
        }
        match (i64::try_from(n), i64::try_from(d)) {
            (Ok(n), Ok(d)) => Num::ratio(n, d),
            _ => Num::float(n as f64 / d as f64),
        }
    }

    /// `num / den` as [`Num::as_ratio`] gave it (lowest terms, `den > 0`):
    /// the same `Num`, bit for bit, without reducing again.
    pub(crate) fn from_ratio(num: i64, den: i64) -> Num {
        debug_assert!(den > 0 && gcd64(num.unsigned_abs(), den as u64) == 1, "{num}/{den} is not in lowest terms");
        Num::ratio(num, den)
    }

    /// The whole number `n` as a float: equal to `Num::int(n)` but with
    /// other bits, as an overflow deep in a chance tree leaves it.
    #[cfg(test)]
    pub(crate) fn whole_float(n: i64) -> Num {
        Num::float(n as f64)
    }

    /// `num / den` (`den ≠ 0`) as every operation on rationals makes its
    /// result: reduced, or a float when the reduced fraction does not fit.
    /// It depends only on the value, not on how it is written, so an
    /// expression worked out exactly in `i128` gives what the operations
    /// one by one give whenever their intermediate results all fit.
    pub(crate) fn from_fraction(num: i128, den: i128) -> Num {
        if den == 0 {
            return Num::float(num as f64 / 0.0);
        }
        Num::from_i128(num, den)
    }

    /// The sum of `terms`, exactly what `fold(Num::ZERO, |a, b| a + b)`
    /// gives, with terms over one denominator (a chance node's written
    /// probabilities, a vector's whole numbers) added as integers and
    /// reduced once, instead of a gcd per term. Within the bounds kept
    /// here (numerators and denominator under 2^40, at most 2^20 terms)
    /// no partial sum can overflow either way, and the reduced fraction of
    /// a value is unique, so the two agree; past them the rest is folded.
    pub fn sum(terms: impl IntoIterator<Item = Num>) -> Num {
        const SMALL: u64 = 1 << 40;
        const MOST_TERMS: u32 = 1 << 20;
        let (mut total, mut den, mut count) = (0i128, 0i64, 0u32);
        let mut terms = terms.into_iter();
        for t in terms.by_ref() {
            match t.repr() {
                Repr::Ratio(n, d)
                    if (den == 0 || d == den)
                        && n.unsigned_abs() < SMALL
                        && (d as u64) < SMALL
                        && count < MOST_TERMS =>
                {
                    den = d;
                    total += i128::from(n);
                    count += 1;
                }
                _ => {
                    let so_far = if den == 0 { Num::ZERO } else { Num::from_i128(total, i128::from(den)) };
                    return terms.fold(so_far + t, |a, b| a + b);
                }
            }
        }
        if den == 0 { Num::ZERO } else { Num::from_i128(total, i128::from(den)) }
    }

    /// `self + p * x`, exactly what those two operations give, reduced
    /// once where every part is under 2^20 (a chance node's running sum of
    /// probability times value: no product or sum can overflow `i64`, and
    /// the reduced fraction of a value is unique); else the two operations.
    pub fn add_product(self, p: Num, x: Num) -> Num {
        const SMALL: u64 = 1 << 20;
        if let (Repr::Ratio(a, b), Repr::Ratio(c, d), Repr::Ratio(e, f)) = (self.repr(), p.repr(), x.repr())
            && [a, b, c, d, e, f].iter().all(|n| n.unsigned_abs() < SMALL)
        {
            let (num, den) = (a * d * f + c * e * b, b * d * f);
            let g = gcd64(num.unsigned_abs(), den as u64).max(1) as i64;
            return Num::ratio(num / g, den / g);
        }
        self + p * x
    }

    /// Parses `3`, `-2.5`, `1e3`, `2.5E-1`, `1/3`, `-7/2`, `inf`, `-inf`.
    pub fn parse(text: &str) -> Result<Num, NumError> {
        let t = text.trim();
        match t {
            "inf" | "+inf" | "∞" | "+∞" => return Ok(Num::INF),
            "-inf" | "-∞" => return Ok(Num::NEG_INF),
            _ => {}
        }
        if let Some((a, b)) = t.split_once('/') {
            let (n, d) = (Num::parse_decimal(a)?, Num::parse_decimal(b)?);
            if d.is_zero() {
                return Err(NumError::ZeroDenominator);
            }
            return match (n.repr(), d.repr()) {
                (Repr::Ratio(..), Repr::Ratio(..)) => Ok(n / d),
                _ => Err(NumError::TooLarge),
            };
        }
        Num::parse_decimal(t)
    }

    /// A decimal literal, exactly: `-12.50e-1` is `-5/4`.
    fn parse_decimal(t: &str) -> Result<Num, NumError> {
        if let Some(n) = Num::parse_small_integer(t) {
            return Ok(Num::int(n));
        }
        let (neg, body) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        let (mantissa, exp) = match body.find(['e', 'E']) {
            Some(i) => (&body[..i], Some(&body[i + 1..])),
            None => (body, None),
        };
        let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if int_part.is_empty() && frac_part.is_empty() || !all_digits(int_part) || !all_digits(frac_part) {
            return Err(NumError::Malformed);
        }
        let digits = format!("{int_part}{frac_part}");
        let digits = digits.trim_start_matches('0');
        if digits.len() > 36 {
            return Err(NumError::TooLarge);
        }
        let mut num: i128 = if digits.is_empty() { 0 } else { digits.parse().map_err(|_| NumError::TooLarge)? };
        let mut scale: i64 = -(frac_part.len() as i64);
        if let Some(e) = exp {
            let e = e.strip_prefix('+').unwrap_or(e);
            let (eneg, edigits) = match e.strip_prefix('-') {
                Some(rest) => (true, rest),
                None => (false, e),
            };
            if edigits.is_empty() || !all_digits(edigits) {
                return Err(NumError::Malformed);
            }
            // Leading zeros do not make an exponent large: `1e-00001` is 1/10.
            let edigits = edigits.trim_start_matches('0');
            let ev: i64 = if edigits.len() > 4 { i64::MAX } else { edigits.parse().unwrap_or(0) };
            scale = if eneg { scale.saturating_sub(ev) } else { scale.saturating_add(ev) };
        }
        if num == 0 {
            return Ok(Num::ZERO);
        }
        if neg {
            num = -num;
        }
        let pow = |k: i64| -> Result<i128, NumError> {
            u32::try_from(k).ok().and_then(|k| 10i128.checked_pow(k)).ok_or(NumError::TooLarge)
        };
        let (n, d) = if scale >= 0 {
            (num.checked_mul(pow(scale)?).ok_or(NumError::TooLarge)?, 1)
        } else {
            (num, pow(scale.saturating_neg())?)
        };
        match Num::from_i128(n, d) {
            r if r.is_exact() => Ok(r),
            _ => Err(NumError::TooLarge),
        }
    }

    /// The common case, quickly: `-?[0-9]{1,18}` (it fits `i64`).
    fn parse_small_integer(t: &str) -> Option<i64> {
        let digits = t.strip_prefix('-').unwrap_or(t);
        if digits.is_empty() || digits.len() > 18 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n = digits.bytes().fold(0i64, |n, b| n * 10 + i64::from(b - b'0'));
        Some(if digits.len() < t.len() { -n } else { n })
    }

    pub fn is_zero(&self) -> bool {
        match self.repr() {
            Repr::Ratio(n, _) => n == 0,
            Repr::Float(f) => f == 0.0,
        }
    }

    pub fn is_infinite(&self) -> bool {
        matches!(self.repr(), Repr::Float(f) if f.is_infinite())
    }

    /// Whole numbers print without a fraction and serialize as JSON integers.
    pub fn is_whole(&self) -> bool {
        match self.repr() {
            Repr::Ratio(_, d) => d == 1,
            Repr::Float(f) => f.is_finite() && f.fract() == 0.0 && f.abs() < 9.0e15,
        }
    }

    /// The two words a `Num` is stored in: equal bits, the same number
    /// written the same way (`1` and `1.0` are equal `Num`s with different
    /// bits). For tables that must give back exactly what was put in.
    pub fn bits(self) -> (i64, i64) {
        (self.num, self.den.get())
    }

    /// `(numerator, denominator)` of an exact rational, in lowest terms
    /// with the denominator positive; `None` for a float.
    pub fn as_ratio(&self) -> Option<(i64, i64)> {
        match self.repr() {
            Repr::Ratio(n, d) => Some((n, d)),
            Repr::Float(_) => None,
        }
    }

    /// True for exact rationals (including whole numbers).
    pub fn is_exact(&self) -> bool {
        self.den != FLOAT
    }

    pub fn to_f64(&self) -> f64 {
        match self.repr() {
            Repr::Ratio(n, d) => n as f64 / d as f64,
            Repr::Float(f) => f,
        }
    }

    /// The whole value as an `i64`, when it is one.
    pub fn as_i64(&self) -> Option<i64> {
        match self.repr() {
            Repr::Ratio(n, 1) => Some(n),
            Repr::Float(f) if self.is_whole() => Some(f as i64),
            _ => None,
        }
    }

    pub fn min(self, other: Num) -> Num {
        if other < self { other } else { self }
    }

    pub fn max(self, other: Num) -> Num {
        if other > self { other } else { self }
    }

    /// Clamps into `[lo, hi]` (fail-hard returns).
    pub fn clamp(self, lo: Num, hi: Num) -> Num {
        self.max(lo).min(hi)
    }
}

impl PartialEq for Num {
    fn eq(&self, other: &Num) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Num {}

impl PartialOrd for Num {
    fn partial_cmp(&self, other: &Num) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Num {
    fn cmp(&self, other: &Num) -> Ordering {
        match (self.repr(), other.repr()) {
            (Repr::Ratio(a, b), Repr::Ratio(c, d)) => (a as i128 * d as i128).cmp(&(c as i128 * b as i128)),
            _ => self.to_f64().total_cmp(&other.to_f64()),
        }
    }
}

impl std::hash::Hash for Num {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        match self.repr() {
            Repr::Ratio(n, d) => (n, d).hash(state),
            Repr::Float(f) => f.to_bits().hash(state),
        }
    }
}

impl Add for Num {
    type Output = Num;
    fn add(self, other: Num) -> Num {
        match (self.repr(), other.repr()) {
            // The same denominator (whole numbers, a chance node's terms):
            // the smaller sum, the same reduced fraction.
            (Repr::Ratio(a, b), Repr::Ratio(c, d)) if b == d && a.checked_add(c).is_some() => {
                Num::from_i128((a + c) as i128, b as i128)
            }
            (Repr::Ratio(a, b), Repr::Ratio(c, d)) => {
                Num::from_i128(a as i128 * d as i128 + c as i128 * b as i128, b as i128 * d as i128)
            }
            _ => Num::float(self.to_f64() + other.to_f64()),
        }
    }
}

impl Sub for Num {
    type Output = Num;
    fn sub(self, other: Num) -> Num {
        self + (-other)
    }
}

impl Mul for Num {
    type Output = Num;
    fn mul(self, other: Num) -> Num {
        match (self.repr(), other.repr()) {
            // Times ±1 (the negamax searches' color, on every node): the
            // other rational as it is, or negated — the same reduced
            // fraction, or the same float where its negation overflows.
            (Repr::Ratio(1, 1), Repr::Ratio(..)) => other,
            (Repr::Ratio(-1, 1), Repr::Ratio(..)) => -other,
            (Repr::Ratio(..), Repr::Ratio(1, 1)) => self,
            (Repr::Ratio(..), Repr::Ratio(-1, 1)) => -self,
            (Repr::Ratio(a, b), Repr::Ratio(c, d)) => Num::from_i128(a as i128 * c as i128, b as i128 * d as i128),
            _ if self.is_zero() || other.is_zero() => Num::ZERO,
            _ => Num::float(self.to_f64() * other.to_f64()),
        }
    }
}

impl Div for Num {
    type Output = Num;
    /// Exact when both are rationals; division by zero gives a float (±∞).
    fn div(self, other: Num) -> Num {
        match (self.repr(), other.repr()) {
            (Repr::Ratio(a, b), Repr::Ratio(c, d)) if c != 0 => {
                Num::from_i128(a as i128 * d as i128, b as i128 * c as i128)
            }
            _ => Num::float(self.to_f64() / other.to_f64()),
        }
    }
}

impl Neg for Num {
    type Output = Num;
    fn neg(self) -> Num {
        match self.repr() {
            Repr::Ratio(n, d) => match n.checked_neg() {
                Some(n) => Num::ratio(n, d),
                None => Num::float(-(n as f64) / d as f64),
            },
            Repr::Float(f) => Num::float(-f),
        }
    }
}

impl fmt::Display for Num {
    /// `3`, `-7/3`, `2.5` (a float), `inf`, `-inf`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.repr() {
            Repr::Ratio(n, 1) => write!(f, "{n}"),
            Repr::Ratio(n, d) => write!(f, "{n}/{d}"),
            Repr::Float(x) if x == f64::INFINITY => f.write_str("inf"),
            Repr::Float(x) if x == f64::NEG_INFINITY => f.write_str("-inf"),
            Repr::Float(x) if self.is_whole() => write!(f, "{}", x as i64),
            Repr::Float(x) => write!(f, "{x}"),
        }
    }
}

impl Num {
    /// Like `Display`, but with `∞` for infinities and `−` for minus, for
    /// text reports and diagrams.
    pub fn pretty(&self) -> String {
        match self.repr() {
            Repr::Float(x) if x == f64::INFINITY => "+∞".into(),
            Repr::Float(x) if x == f64::NEG_INFINITY => "−∞".into(),
            _ => self.to_string(),
        }
    }
}

/// `Σ pᵢ·xᵢ` from zero, the same `Num` as [`Num::add_product`] folds it,
/// without a reduction per term where it can: a chance node's weighted
/// sum, whose running value a search needs only at the end when nothing
/// records it child by child.
///
/// While every product is an exact rational over one denominator (a
/// chance node's `1/n` times whole numbers: always), the sum is kept as
/// an integer numerator over it, as [`Num::sum`] adds terms already
/// multiplied (here no product is reduced either). As long as that numerator, that
/// denominator and each product's own fit in `i64`, every reduced
/// product and partial sum the fold makes fits too, so each of its steps
/// is exact and it holds the exact sum reduced: what [`WeightedSum::value`]
/// gives. A term that does not fit that way turns the sum into the fold
/// itself, from the value so far.
#[derive(Clone, Copy, Debug)]
pub enum WeightedSum {
    /// `num / den`, not reduced.
    Over { num: i64, den: i64 },
    /// The fold of `add_product`, as it goes.
    Folded(Num),
}

impl Default for WeightedSum {
    fn default() -> WeightedSum {
        WeightedSum::Over { num: 0, den: 1 }
    }
}

impl WeightedSum {
    /// Adds `p · x`.
    #[inline]
    pub fn add_product(&mut self, p: Num, x: Num) {
        if let (WeightedSum::Over { num, den }, Repr::Ratio(c, d), Repr::Ratio(e, f)) = (&mut *self, p.repr(), x.repr())
            && let (Some(pd), Some(t)) = (d.checked_mul(f), c.checked_mul(e))
            && (pd == *den || *num == 0)
            && let Some(sum) = num.checked_add(t)
        {
            (*num, *den) = (sum, pd);
            return;
        }
        *self = WeightedSum::Folded(self.value().add_product(p, x));
    }

    /// The sum so far, reduced.
    pub fn value(&self) -> Num {
        match *self {
            WeightedSum::Over { num, den } => Num::from_i128(i128::from(num), i128::from(den)),
            WeightedSum::Folded(v) => v,
        }
    }
}

#[cfg(test)]
mod tests;
