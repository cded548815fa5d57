//! Numbers written straight into a `String`, as their `Display` writes
//! them, without going through `core::fmt` for the common case (a whole
//! number): a big tree's report writes millions of them.
//!
//! Invariant: every function here appends exactly the bytes of the
//! `Display` (or `pretty`) it names; the tests compare them on edge cases.

use std::fmt::Write;

use crate::num::Num;
use crate::report::Number;
use crate::search::trace::Value;

/// `i` in decimal, as `i64`'s `Display`.
pub fn push_int(out: &mut String, i: i64) {
    if i < 0 {
        out.push('-');
    }
    push_uint(out, i.unsigned_abs());
}

/// A finite `v` as serde_json and serde_yaml both write an `f64` (ryu's
/// shortest form, `0.1`, `3.25`, `1e-7`); `scratch` is room for it.
pub fn push_f64(out: &mut String, scratch: &mut Vec<u8>, v: f64) {
    scratch.clear();
    // Writing into a vector cannot fail, and serde_json writes ASCII.
    if serde_json::to_writer(&mut *scratch, &v).is_ok() {
        out.push_str(std::str::from_utf8(scratch).unwrap_or_default());
    }
}

/// `u` in decimal, as `u64`'s `Display`.
pub fn push_uint(out: &mut String, mut u: u64) {
    if u < 10 {
        return out.push(char::from(b'0' + u as u8));
    }
    if u < 100 {
        return out.push_str(pair(u as usize));
    }
    // Two digits at a time from the right, then written from the left.
    let mut pairs = [0u8; 10];
    let mut n = 0;
    while u >= 100 {
        pairs[n] = (u % 100) as u8;
        u /= 100;
        n += 1;
    }
    // The leading one or two digits, with no leading zero.
    if u < 10 {
        out.push(char::from(b'0' + u as u8));
    } else {
        out.push_str(pair(u as usize));
    }
    for &k in pairs[..n].iter().rev() {
        out.push_str(pair(usize::from(k)));
    }
}

/// How many digits `u` has in decimal.
pub fn digits(mut u: u64) -> usize {
    let mut n = 1;
    while u >= 100 {
        u /= 100;
        n += 2;
    }
    n + usize::from(u >= 10)
}

/// The width `push_num` would give `n`, in chars; `scratch` is room to
/// write the rare ones that are not whole.
pub fn num_width(n: &Num, scratch: &mut String) -> usize {
    match n.as_i64() {
        Some(i) => usize::from(i < 0) + digits(i.unsigned_abs()),
        None => {
            scratch.clear();
            push_num(scratch, n);
            scratch.chars().count()
        }
    }
}

/// `k` (below 100) as two digits.
fn pair(k: usize) -> &'static str {
    &PAIRS[2 * k..2 * k + 2]
}

/// `00`, `01`, … `99`.
const PAIRS: &str = "00010203040506070809101112131415161718192021222324252627282930313233343536373839\
                     40414243444546474849505152535455565758596061626364656667686970717273747576777879\
                     8081828384858687888990919293949596979899";

/// `n` as `Num`'s `Display` writes it (`3`, `-7/3`, `2.5`, `inf`).
pub fn push_num(out: &mut String, n: &Num) {
    match n.as_i64() {
        // `Display` writes a whole number (a ratio over 1, or a whole
        // float) as the integer `as_i64` gives.
        Some(i) => push_int(out, i),
        None => write!(out, "{n}").unwrap_or_default(),
    }
}

/// `n` as `Num::pretty` writes it (`+∞`, `−∞` for the infinities).
pub fn push_pretty(out: &mut String, n: &Num) {
    match n.as_i64() {
        Some(i) => push_int(out, i),
        None => out.push_str(&n.pretty()),
    }
}

/// A report number as the text report shows it: a `Num`, or a vector as
/// `Value`'s `Display` writes it (`(1, 2, 6)`).
pub fn push_number(out: &mut String, n: &Number) {
    match n {
        Number::Num(v) => push_num(out, v),
        Number::Vector(vs) => push_vector(out, vs),
    }
}

/// A value as `Value`'s `Display` writes it.
pub fn push_value(out: &mut String, v: &Value) {
    match v {
        Value::Scalar(n) => push_num(out, n),
        Value::Vector(vs) => push_vector(out, vs),
    }
}

fn push_vector(out: &mut String, vs: &[Num]) {
    out.push('(');
    for (k, v) in vs.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        push_num(out, v);
    }
    out.push(')');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nums() -> Vec<Num> {
        let mut all: Vec<Num> = [
            "0",
            "-0",
            "1",
            "-1",
            "9",
            "10",
            "-10",
            "99",
            "1000",
            "123456789",
            "1/3",
            "-7/2",
            "2.5",
            "-2.5",
            "1e3",
            "1e15",
            "9e15",
            "1e16",
            "-1e16",
            "0.1",
            "3.0",
            "-3.0",
            "1/1000000007",
        ]
        .iter()
        .map(|s| Num::parse(s).unwrap())
        .collect();
        all.extend([Num::int(i64::MAX), Num::int(i64::MIN), Num::int(i64::MIN + 1)]);
        all.extend([Num::INF, Num::NEG_INF, Num::parse("-1e-7").unwrap()]);
        // Floats from arithmetic past i64: whole (below and past 9e15) and not.
        let big = Num::int(i64::MAX);
        all.extend([big * Num::int(3), -(big * Num::int(3)), big / Num::int(7) * Num::int(5) / Num::int(3)]);
        all.extend([Num::int(3) / (big * Num::int(2)), big * Num::int(2) / big]);
        assert!(all.iter().filter(|n| !n.is_exact()).count() >= 6);
        all
    }

    /// The oracle is `Display` itself (and `pretty`, `Value`'s `Display`).
    #[test]
    fn same_text_as_display() {
        for n in nums() {
            let mut out = String::from("x");
            push_num(&mut out, &n);
            assert_eq!(out, format!("x{n}"), "{n:?}");
            assert_eq!(num_width(&n, &mut String::new()), n.to_string().chars().count(), "{n:?}");
            let mut out = String::new();
            push_pretty(&mut out, &n);
            assert_eq!(out, n.pretty(), "{n:?}");
        }
        for i in [0, 1, -1, 9, 10, 11, 99, 100, i64::MAX, i64::MIN] {
            let mut out = String::new();
            push_int(&mut out, i);
            assert_eq!(out, i.to_string());
        }
        for u in (0..=100_000).chain([999_999, 1_000_000, 1_048_576, u64::MAX - 1, u64::MAX]) {
            let mut out = String::from("x");
            push_uint(&mut out, u);
            assert_eq!(out, format!("x{u}"));
            assert_eq!(digits(u), out.len() - 1);
        }
        for v in [
            Value::Vector(nums().into()),
            Value::Vector(vec![].into()),
            Value::Vector(vec![Num::int(1)].into()),
            Value::Scalar(nums()[10]),
        ] {
            let mut out = String::new();
            push_value(&mut out, &v);
            assert_eq!(out, v.to_string());
        }
    }
}
