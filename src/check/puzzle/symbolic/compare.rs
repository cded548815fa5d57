//! The values of the symbolic searches and how two compare over a box of
//! assignments: decided (less, equal or greater) for every assignment in
//! it, or the split that would decide it.

use std::cmp::Ordering;

use crate::check::puzzle::relations::Region;
use crate::num::Num;

/// A value during a symbolic search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(in crate::check::puzzle) enum Sym {
    Const(Num),
    /// The value of unknown `k` (the k-th `?` leaf, left to right).
    Unknown(usize),
    /// The value of unknown `k` plus a constant other than 0: the edge of
    /// a `pvs` null window, `α + δ` or `β − δ` (see `scout.rs`).
    Shifted(usize, Num),
}

impl Sym {
    /// This value plus `d`.
    pub(in crate::check::puzzle) fn plus(self, d: Num) -> Sym {
        match self.parts() {
            Err(c) => Sym::Const(c + d),
            Ok((k, o)) if o + d == Num::ZERO => Sym::Unknown(k),
            Ok((k, o)) => Sym::Shifted(k, o + d),
        }
    }

    /// An unknown and what is added to its value, or a constant.
    fn parts(self) -> Result<(usize, Num), Num> {
        match self {
            Sym::Const(c) => Err(c),
            Sym::Unknown(k) => Ok((k, Num::ZERO)),
            Sym::Shifted(k, o) => Ok((k, o)),
        }
    }
}

/// How to cut a region that a comparison does not decide.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(in crate::check::puzzle) enum Split {
    /// Cut unknown `k`'s interval `[lo, hi]` into `[lo, at]` and
    /// `[at + 1, hi]` (`lo <= at < hi`).
    At { k: usize, at: i64 },
    /// Cut it into the regions where unknown `i` is less than, equal to
    /// and greater than unknown `j`.
    Order(usize, usize),
}

/// A box: unknown k lies in `intervals[k]` (inclusive), positions on a
/// [`Scale`].
pub(in crate::check::puzzle) type Intervals = [(i64, i64)];

/// Whether a comparison between unknowns `i` and `j` splits by order
/// ([`Split::Order`]) rather than by value: when their intervals share at
/// least two positions (sharing one, a value split decides it in two
/// boxes), and there are at most 63 unknowns (`ordered.rs` counts a region
/// with relations over sets of them held in 64 bits).
fn by_order(b: &Intervals, i: usize, j: usize) -> bool {
    let shared = b[i].1.min(b[j].1).saturating_sub(b[i].0.max(b[j].0));
    shared >= 1 && b.len() <= crate::check::puzzle::ordered::MAX_UNITS
}

/// What the positions of a box's intervals stand for.
#[derive(Clone, Debug, PartialEq)]
pub(in crate::check::puzzle) enum Scale {
    /// Position i is the integer i.
    Integers,
    /// Position i is `values[i]` (distinct, increasing), which a multiset
    /// holds `counts[i]` times.
    Values { values: Vec<Num>, counts: Vec<usize> },
}

impl Scale {
    pub fn multiset(vs: &[Num]) -> Scale {
        let mut sorted = vs.to_vec();
        sorted.sort();
        let (mut values, mut counts): (Vec<Num>, Vec<usize>) = (Vec::new(), Vec::new());
        for v in sorted {
            match values.last() {
                Some(&last) if last == v => *counts.last_mut().unwrap_or(&mut 0) += 1,
                _ => {
                    values.push(v);
                    counts.push(1);
                }
            }
        }
        Scale::Values { values, counts }
    }

    /// The least distance between two different values on the scale.
    pub fn gap(&self) -> Num {
        match self {
            Scale::Integers => Num::ONE,
            Scale::Values { values, .. } => values.windows(2).map(|w| w[1] - w[0]).min().unwrap_or(Num::INF),
        }
    }

    /// The value at position `i`.
    pub fn num(&self, i: i64) -> Num {
        match self {
            Scale::Integers => Num::int(i),
            Scale::Values { values, .. } => {
                usize::try_from(i).ok().and_then(|i| values.get(i)).copied().unwrap_or(Num::ZERO)
            }
        }
    }
}

/// Compares two values over the whole region, or says which split
/// decides it.
pub(in crate::check::puzzle) fn compare(scale: &Scale, r: &Region, x: Sym, y: Sym) -> Result<Ordering, Split> {
    match maybe(scale, r, x, y)? {
        Maybe::One(o) => Ok(o),
        Maybe::Either(_, _, split) => Err(split),
    }
}

/// How two values compare over a whole region: one way, or (only where a
/// value is shifted, see [`shifted`]) one of two ways, with the split
/// that tells them apart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(in crate::check::puzzle) enum Maybe {
    One(Ordering),
    Either(Ordering, Ordering, Split),
}

/// [`compare`], also saying when only two outcomes are possible.
pub(in crate::check::puzzle) fn maybe(scale: &Scale, r: &Region, x: Sym, y: Sym) -> Result<Maybe, Split> {
    let b = r.iv.as_slice();
    let one = |o: Result<Ordering, Split>| o.map(Maybe::One);
    match (x.parts(), y.parts()) {
        (Err(p), Err(q)) => Ok(Maybe::One(p.cmp(&q))),
        (Ok((k, o)), Err(c)) => one(against(scale, b, k, c - o)),
        (Err(c), Ok((k, o))) => one(against(scale, b, k, c - o).map(Ordering::reverse)),
        (Ok((i, p)), Ok((j, q))) if i == j => Ok(Maybe::One(p.cmp(&q))),
        (Ok((i, p)), Ok((j, q))) if p != q => shifted(scale, r, i, j, q - p),
        (Ok((i, _)), Ok((j, _))) => one(match between(b, i, j) {
            Ok(o) => Ok(o),
            Err(split) => match r.decide(i, j) {
                Some(o) => Ok(o),
                None if by_order(b, i, j) => Err(Split::Order(i, j)),
                None => Err(split),
            },
        }),
    }
}

/// Unknown `i` against unknown `j` plus `d` (not 0): decided by their
/// values' intervals, or by their order: two different values on the
/// scale are at least its [`Scale::gap`] apart, so with `x > y`, `x`
/// against `y + d` is greater for `d` below the gap, and equal or greater
/// for `d` at it (`pvs` asks `x < y + δ`, false either way). Else the
/// wider interval is cut in half, so that splitting ends (two single
/// points are decided).
fn shifted(scale: &Scale, r: &Region, i: usize, j: usize, d: Num) -> Result<Maybe, Split> {
    use Ordering::*;
    let b = r.iv.as_slice();
    let ((li, hi), (lj, hj)) = (b[i], b[j]);
    let (x, y) = ((scale.num(li), scale.num(hi)), (scale.num(lj) + d, scale.num(hj) + d));
    let (k, lo, up) = if hi.abs_diff(li) >= hj.abs_diff(lj) { (i, li, hi) } else { (j, lj, hj) };
    let split = Split::At { k, at: midpoint(lo, up, 0) };
    if x.1 < y.0 {
        return Ok(Maybe::One(Less));
    }
    if x.0 > y.1 {
        return Ok(Maybe::One(Greater));
    }
    if li == hi && lj == hj {
        return Ok(Maybe::One(x.0.cmp(&y.0)));
    }
    if x.0 >= y.1 {
        return Ok(Maybe::Either(Equal, Greater, split));
    }
    if x.1 <= y.0 {
        return Ok(Maybe::Either(Less, Equal, split));
    }
    let gap = scale.gap();
    match r.decide(i, j) {
        Some(Equal) => Ok(Maybe::One(Num::ZERO.cmp(&d))),
        Some(Greater) if d < gap => Ok(Maybe::One(Greater)),
        Some(Greater) if d == gap => Ok(Maybe::Either(Equal, Greater, split)),
        Some(Less) if d > -gap => Ok(Maybe::One(Less)),
        Some(Less) if d == -gap => Ok(Maybe::Either(Less, Equal, split)),
        _ => Err(split),
    }
}

/// Unknown `k` against the constant `c`.
pub(in crate::check::puzzle) fn against(scale: &Scale, b: &Intervals, k: usize, c: Num) -> Result<Ordering, Split> {
    let (lo, hi) = b[k];
    if scale.num(hi) < c {
        return Ok(Ordering::Less);
    }
    if scale.num(lo) > c {
        return Ok(Ordering::Greater);
    }
    if lo == hi {
        return Ok(Ordering::Equal); // lo <= c <= hi = lo
    }
    if scale.num(lo) < c {
        // The largest `at` in [lo, hi - 1] below c: [lo, at] < c <= [at + 1, hi].
        let (mut a, mut z) = (lo, hi - 1);
        while a < z {
            let mid = midpoint(a, z, 1);
            if scale.num(mid) < c { a = mid } else { z = mid - 1 }
        }
        return Err(Split::At { k, at: a });
    }
    Err(Split::At { k, at: lo }) // c = lo: [lo, lo] = c < [lo + 1, hi]
}

/// Two different unknowns (positions are in the values' order).
fn between(b: &Intervals, i: usize, j: usize) -> Result<Ordering, Split> {
    let ((li, hi), (lj, hj)) = (b[i], b[j]);
    if hi < lj {
        return Ok(Ordering::Less);
    }
    if li > hj {
        return Ok(Ordering::Greater);
    }
    if li == hi && lj == hj {
        return Ok(Ordering::Equal); // overlapping single points
    }
    // Cut the wider interval where the other begins or ends; when the two
    // are the same, in half. Each piece is smaller, so splitting ends.
    let width = |l: i64, h: i64| h.abs_diff(l);
    let (x, (lx, hx), (ly, hy)) = if width(li, hi) >= width(lj, hj) { (i, b[i], b[j]) } else { (j, b[j], b[i]) };
    let at = if lx < ly {
        ly - 1
    } else if hy < hx {
        hy
    } else {
        midpoint(lx, hx, 0)
    };
    Err(Split::At { k: x, at })
}

/// The middle of `a..=z` (`a <= z`), rounded up by `up` (0 or 1), without
/// overflow for any `i64`s.
fn midpoint(a: i64, z: i64, up: i128) -> i64 {
    let mid = (i128::from(a) + i128::from(z) + up).div_euclid(2);
    i64::try_from(mid).unwrap_or(a)
}
