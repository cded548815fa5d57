//! `Num`'s tests: reduction on every path, the binary gcd, parsing,
//! exact chance arithmetic, overflow to floats, `Num::sum` against the fold.

use super::*;

fn p(s: &str) -> Num {
    Num::parse(s).unwrap()
}

/// A xorshift stream from `seed`: each call, a number below `n`.
fn below(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut state = seed;
    move |n| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    }
}

/// Every way into `from_i128` (the 64-bit path, and `i128` values past
/// it) gives a normalised fraction equal to `num/den`, or a float only
/// when the reduced fraction does not fit in `i64`.
#[test]
fn fractions_are_reduced_the_same_on_every_path() {
    let edges = [0i128, 1, -1, 2, -2, 6, -9, 12, 1 << 40, -(1 << 40), 3 << 62, -(3 << 62)];
    let mut all: Vec<i128> = edges.to_vec();
    all.extend([i64::MAX as i128, i64::MIN as i128, i64::MIN as i128 + 1, 2 * i64::MAX as i128]);
    for &num in &all {
        for &den in all.iter().filter(|&&d| d != 0) {
            let got = Num::from_i128(num, den);
            match got.repr() {
                Repr::Ratio(n, d) => {
                    assert!(d > 0, "{num}/{den} → {n}/{d}");
                    assert_eq!(gcd(n as i128, d as i128), 1, "{num}/{den} → {n}/{d}");
                    assert_eq!(n as i128 * den, num * d as i128, "{num}/{den} → {n}/{d}");
                }
                Repr::Float(_) => {
                    let (g, sign) = (gcd(num, den), den.signum());
                    let fits = i64::try_from(sign * num / g).is_ok() && i64::try_from(sign * den / g).is_ok();
                    assert!(!fits, "{num}/{den} became a float though it fits");
                }
            }
        }
    }
}

/// A rational times ±1 is what the product in `i128`, reduced, gives:
/// the same fraction, bit for bit, or the same float where the negation
/// of `i64::MIN` over an odd denominator overflows.
#[test]
fn times_one_or_minus_one_is_the_reduced_product() {
    let nums = [0i64, 1, -1, 7, -7, 3, i64::MAX, i64::MIN, i64::MIN + 1];
    let dens = [1i64, 2, 3, 9, i64::MAX];
    for &n in &nums {
        for &d in &dens {
            let x = Num::from_i128(n.into(), d.into());
            let Repr::Ratio(a, b) = x.repr() else { continue };
            for sign in [1i64, -1] {
                let want = Num::from_i128(i128::from(sign) * i128::from(a), b.into());
                let one = Num::int(sign);
                assert_eq!(format!("{:?}", one * x), format!("{want:?}"), "{sign} × {a}/{b}");
                assert_eq!(format!("{:?}", x * one), format!("{want:?}"), "{a}/{b} × {sign}");
            }
        }
    }
}

/// `Num::sum` is the fold of `+`, term for term: one denominator,
/// mixed ones, numerators and denominators either side of 2^40,
/// floats, infinities and overflow.
#[test]
fn sum_is_the_fold_of_add() {
    let pool: Vec<Num> = [
        "1/10",
        "3/10",
        "-7/10",
        "1/3",
        "2/3",
        "1/6",
        "0",
        "1",
        "-4",
        "0.5",
        "2.5",
        "inf",
        "-inf",
        "1099511627775/1099511627776",
        "1099511627777/1099511627776",
        "9223372036854775807",
        "-9223372036854775807",
        "1/9223372036854775807",
        "4611686018427387903/2",
    ]
    .iter()
    .map(|s| p(s))
    .chain([
        Num::float(0.1),
        Num::float(1e300),
        Num::float(-1e-300),
        Num::float(f64::NAN),
        Num::int(1 << 40),
        Num::int(-(1 << 40)),
        Num::int((1 << 40) - 1),
    ])
    .collect();
    let mut next = below(0x2545_f491_4f6c_dd1d);
    let mut next = |n: usize| next(n as u64) as usize;
    for round in 0..20_000 {
        let len = next(12);
        // Often one denominator throughout, as under a chance node.
        let terms: Vec<Num> = if round % 2 == 0 {
            let d = [1i64, 2, 10, 3, 1 << 39, (1 << 40) - 1, 1 << 40][next(7)];
            (0..len).map(|_| Num::from_i128(next(2001) as i128 - 1000, i128::from(d))).collect()
        } else {
            (0..len).map(|_| pool[next(pool.len())]).collect()
        };
        let fold = terms.iter().fold(Num::ZERO, |a, &b| a + b);
        let sum = Num::sum(terms.iter().copied());
        assert_eq!(sum.bits(), fold.bits(), "{terms:?}: sum {sum:?}, fold {fold:?}");
    }
    assert_eq!(Num::sum((0..10).map(|_| p("1/10"))), Num::ONE);
    assert_eq!(Num::sum(std::iter::empty()).bits(), Num::ZERO.bits());
}

/// The binary gcd against Euclid's, on edges and a pseudo-random sweep.
#[test]
fn binary_gcd_is_euclids() {
    let euclid = |mut a: u64, mut b: u64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let mut all = vec![0u64, 1, 2, 3, 6, 10, 12, 1 << 40, 3 << 61, u64::MAX, u64::MAX - 1, i64::MAX as u64];
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..200 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        all.push(x >> (x % 64));
        all.push((x % 1000) * 720);
    }
    for &a in &all {
        for &b in &all {
            assert_eq!(gcd64(a, b), euclid(a, b), "gcd({a}, {b})");
        }
    }
}

#[test]
fn parses_every_literal_form_exactly() {
    assert_eq!(p("3"), Num::ratio(3, 1));
    assert_eq!(p("-2.5"), Num::ratio(-5, 2));
    assert_eq!(p("1e3"), Num::ratio(1000, 1));
    assert_eq!(p("2.5E-1"), Num::ratio(1, 4));
    assert_eq!(p("1/3"), Num::ratio(1, 3));
    assert_eq!(p("-2/6"), Num::ratio(-1, 3));
    assert_eq!(p("0.1") + p("0.2"), p("3/10"));
    assert_eq!(p("-inf"), Num::NEG_INF);
    // Found by fuzzing: zeros in front of an exponent, and a huge negative one.
    assert_eq!(p("00.10e-00000"), p("1/10"));
    assert_eq!(p("1e-00001"), p("1/10"));
    assert_eq!(p("2E+0003"), Num::int(2000));
}

#[test]
fn rejects_what_cannot_be_held_exactly() {
    assert_eq!(Num::parse("1/0"), Err(NumError::ZeroDenominator));
    assert_eq!(Num::parse(&"9".repeat(10_000)), Err(NumError::TooLarge));
    assert_eq!(Num::parse("1e999999999999"), Err(NumError::TooLarge));
    assert_eq!(Num::parse("1e-40"), Err(NumError::TooLarge));
    assert_eq!(Num::parse("0.5e-99999"), Err(NumError::TooLarge));
    assert_eq!(Num::parse("abc"), Err(NumError::Malformed));
    assert_eq!(Num::parse("1e"), Err(NumError::Malformed));
}

#[test]
fn chance_arithmetic_stays_exact() {
    let v = p("1/3") * p("3") + p("2/3") * p("2");
    assert_eq!(v, p("7/3"));
    assert_eq!(v.to_string(), "7/3");
    assert!(!v.is_whole());
}

#[test]
fn overflow_degrades_to_float_and_still_orders() {
    let big = Num::int(i64::MAX);
    let sum = big + big;
    assert!(!sum.is_exact());
    assert!(sum > big);
    assert!(Num::NEG_INF < big && big < Num::INF);
    assert_eq!(-Num::int(i64::MIN), Num::float(9.223_372_036_854_776e18));
}

#[test]
fn fits_in_sixteen_bytes() {
    assert_eq!(std::mem::size_of::<Num>(), 16);
    assert_eq!(std::mem::size_of::<Option<Num>>(), 16);
    assert_eq!(Num::float(-0.5).to_f64(), -0.5);
    assert!(Num::NEG_INF.is_infinite() && !Num::NEG_INF.is_exact());
}

/// `add_product` is `+` after `*`, bit for bit: small parts (one
/// reduction), parts past 2^20, floats and infinities.
#[test]
fn add_product_is_add_after_mul() {
    let pool: Vec<Num> = [
        "0",
        "1",
        "-1",
        "1/10",
        "3/7",
        "-99/1000",
        "1/3",
        "524287/524288",
        "1048577/3",
        "2/1048577",
        "2147483647/2147483646",
        "-2147483647",
        "1/2147483647",
    ]
    .iter()
    .map(|s| p(s))
    .chain([Num::float(0.25), Num::INF, Num::NEG_INF, Num::int(i64::MAX), Num::int(-(1 << 40))])
    .collect();
    let mut next = below(0x9e37_79b9_7f4a_7c15);
    let mut next = |n: i64| next(n as u64) as i64;
    for round in 0..50_000 {
        let (v, q, x) = if round % 2 == 0 {
            // A running sum, a probability and a value, as under a chance node.
            let v = Num::from_fraction(i128::from(next(200_001) - 100_000), i128::from(1 + next(1000)));
            let q = Num::from_fraction(i128::from(1 + next(9)), i128::from(1 + next(99)));
            let x = Num::from_fraction(i128::from(next(2001) - 1000), i128::from(1 + next(1 << 21)));
            (v, q, x)
        } else {
            let pick = |k: i64| pool[k as usize];
            (pick(next(pool.len() as i64)), pick(next(pool.len() as i64)), pick(next(pool.len() as i64)))
        };
        let (fused, apart) = (v.add_product(q, x), v + q * x);
        assert_eq!(fused.bits(), apart.bits(), "{v:?} + {q:?} * {x:?}: {fused:?}, {apart:?}");
    }
}

/// `WeightedSum` gives what folding `add_product` from zero gives, bit
/// for bit, after every term: a chance node's `1/n` (or written
/// probabilities) times whole numbers, fractions, numbers near `i64`'s
/// limits whose sums overflow, floats and infinities.
#[test]
fn a_weighted_sum_is_the_fold_of_add_product() {
    let values: Vec<Num> =
        ["0", "1", "-7", "99", "-99", "5/2", "-1/3", "3037000499", "-3037000499", "4611686018427387903"]
            .iter()
            .map(|s| p(s))
            .chain([Num::int(i64::MAX), Num::int(i64::MIN + 1), Num::float(0.25), Num::INF, Num::NEG_INF])
            .collect();
    let mut next = below(0x2545_f491_4f6c_dd1d);
    let mut next = |n: usize| next(n as u64) as usize;
    for round in 0..20_000 {
        let n = 1 + next(12);
        let probs: Vec<Num> = match round % 3 {
            0 => vec![Num::int(1) / Num::int(n as i64); n],
            1 => (0..n).map(|_| Num::int(1 + next(9) as i64) / Num::int(1 + next(20) as i64)).collect(),
            _ => (0..n).map(|_| Num::int(1) / Num::int(1 + next(3_000_000_000) as i64)).collect(),
        };
        let (mut sum, mut fold) = (WeightedSum::default(), Num::ZERO);
        for q in probs {
            // Mostly small whole numbers, as leaves are.
            let x = if next(4) == 0 { values[next(values.len())] } else { Num::int(next(201) as i64 - 100) };
            sum.add_product(q, x);
            fold = fold.add_product(q, x);
            assert_eq!(sum.value().bits(), fold.bits(), "{q:?} * {x:?}: {:?}, {fold:?}", sum.value());
        }
    }
}
