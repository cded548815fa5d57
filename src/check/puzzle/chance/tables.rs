//! The arithmetic of `chance.rs`'s tables ([`Tally`]): a MAX/MIN node's
//! table read off its children's, and a CHANCE node's running sums, in
//! any ring; for plain counts, in `u128` while they fit, and the sums on a
//! dense grid where the values allow (a sliding sum for an unknown leaf's
//! range).

use std::collections::BTreeMap;

use super::Held;
use crate::check::puzzle::count::Count;
use crate::check::puzzle::subtrees::{Plain, Ring};
use crate::num::Num;

/// What `chance.rs` counts in: a [`Ring`] (plain counts, or over a
/// multiset the polynomials of `multiset.rs`), with the two steps of a
/// node's table, the plain counts' on a dense grid and in `u128`.
pub(in crate::check::puzzle) trait Tally: Ring {
    /// No way at all (a row with it is dropped).
    fn is_nothing(&self, w: &Self::W) -> bool;

    /// Every sum of a value of `sums` and one of `terms`, with the product
    /// of their ways, ascending; `None` when a sum is not exact.
    fn convolve(
        &self,
        sums: &[(Num, Self::W)],
        terms: &[(Num, Self::W)],
        work: &mut u64,
    ) -> Option<Vec<(Num, Self::W)>> {
        sums_of(self, sums, terms, work)
    }

    /// A MAX (MIN) node's table from its children's (in the order of
    /// `held`), for each of `values` (worst first for the node's player).
    fn extreme(
        &self,
        tables: &[super::Table<Self::W>],
        values: &[Num],
        held: &[Held],
        min: bool,
    ) -> Vec<(Num, Self::W)> {
        by_first(self, tables, values, held, min)
    }

    /// The counts gave up (past a budget of their own).
    fn gave_up(&self) -> bool {
        false
    }

    /// A new budget, for a listing.
    fn renew(&self) {}
}

impl Tally for Plain {
    fn is_nothing(&self, w: &Count) -> bool {
        w.is_zero()
    }

    fn convolve(&self, sums: &[(Num, Count)], terms: &[(Num, Count)], work: &mut u64) -> Option<Vec<(Num, Count)>> {
        match terms {
            [_, _, ..] => on_grid(sums, terms, work).map_or_else(|| sums_of(self, sums, terms, work), Some),
            _ => sums_of(self, sums, terms, work),
        }
    }

    fn extreme(&self, tables: &[super::Table<Count>], values: &[Num], held: &[Held], min: bool) -> Vec<(Num, Count)> {
        // In `u128` while the ways fit (most puzzles), else in `Count`.
        let small: Option<Vec<Vec<(Num, u128)>>> =
            tables.iter().map(|t| t.iter().map(|(v, w)| Some((*v, w.to_u128()?))).collect()).collect();
        match small.and_then(|small| best_of(&small, values, held, min)) {
            Some(rows) => rows.into_iter().map(|(v, w)| (v, Count::from(w))).collect(),
            None => by_first(self, tables, values, held, min),
        }
    }
}

/// [`Tally::convolve`] in any ring: one term moves every sum by it (an
/// unknown given its value); more are summed by value.
fn sums_of<R: Tally + ?Sized>(
    ring: &R,
    sums: &[(Num, R::W)],
    terms: &[(Num, R::W)],
    work: &mut u64,
) -> Option<Vec<(Num, R::W)>> {
    if let [(t, b)] = terms {
        *work += sums.len() as u64;
        let moved = sums.iter().map(|(s, a)| Some((*s + *t, ring.mul(a, b))).filter(|(v, _)| v.is_exact()));
        let moved: Vec<(Num, R::W)> = moved.collect::<Option<_>>()?;
        return Some(moved.into_iter().filter(|(_, w)| !ring.is_nothing(w)).collect());
    }
    // Each step here costs about ten on the grid.
    *work += 10 * (sums.len() * terms.len()) as u64;
    let mut next: BTreeMap<Num, R::W> = BTreeMap::new();
    for (s, a) in sums {
        for (t, b) in terms {
            let v = *s + *t;
            if !v.is_exact() {
                return None;
            }
            let ways = ring.mul(a, b);
            match next.get_mut(&v) {
                Some(sum) => ring.add(sum, &ways),
                None => {
                    next.insert(v, ways);
                }
            }
        }
    }
    Some(next.into_iter().filter(|(_, w)| !ring.is_nothing(w)).collect())
}

/// [`Tally::extreme`] in any ring: each value's ways by [`at_value`], from
/// each child's ways below and at it, the children's tables read once
/// from their worst row.
fn by_first<R: Tally + ?Sized>(
    ring: &R,
    tables: &[super::Table<R::W>],
    values: &[Num],
    held: &[Held],
    min: bool,
) -> Vec<(Num, R::W)> {
    let mut next: Vec<usize> = tables.iter().map(|t| if min { t.len() } else { 0 }).collect();
    let mut below: Vec<R::W> = vec![ring.zero(); tables.len()];
    let mut rows = Vec::new();
    for &v in values {
        let mut parts = Vec::with_capacity(tables.len());
        for (c, t) in tables.iter().enumerate() {
            let row = if min { next[c].checked_sub(1).map(|r| &t[r]) } else { t.get(next[c]) };
            let at = match row {
                Some((x, w)) if *x == v => {
                    next[c] = if min { next[c] - 1 } else { next[c] + 1 };
                    w.clone()
                }
                _ => ring.zero(),
            };
            parts.push((below[c].clone(), at.clone()));
            ring.add(&mut below[c], &at);
        }
        let ways = at_value(ring, &parts, held);
        if !ring.is_nothing(&ways) {
            rows.push((v, ways));
        }
    }
    if min {
        rows.reverse();
    }
    rows
}

/// A MAX (MIN) node's ways at one value `v` from each child's ways
/// `(below v, at v)`, each child held as `held` says: the product of what
/// each may take where some child is held at `v`; else the ways the first
/// child at `v` is `j`, summed over `j` (those before it below `v`, those
/// after it up to `v`).
///
/// Each product's factors are met in the order the ring picks
/// ([`Ring::product`]): a product of polynomials over a multiset costs what
/// its two factors are long multiplied, and one that reaches every
/// unknown only a lookup a term (`multiset.rs`), so the largest factor is
/// best met last, and `multiset.rs` weighs every order by that. While a
/// listing fixes the unknowns under one child, the others stay free and
/// large: multiplying two of them first (as the products of the children
/// after each one did) made each count of 18 unknowns over 18 values
/// under three CHANCE nodes take 0.4 s, and the listing give up. The
/// product where a child is held at `v` kept the children's order until
/// the orders were weighed (sorted by length, a `pv` over four CHANCE
/// nodes of 16 distinct values took 0.57 s instead of 0.36 s); in that
/// order, the best move of three CHANCE nodes over 1..18 met the two
/// nodes held below `v` first, 2·10^9 pairs, and was left to the box
/// search.
pub(super) fn at_value<R: Ring + ?Sized>(ring: &R, parts: &[(R::W, R::W)], held: &[Held]) -> R::W {
    let up_to = |(below, at): &(R::W, R::W)| {
        let mut sum = below.clone();
        ring.add(&mut sum, at);
        sum
    };
    if held.contains(&Held::At) {
        let factors: Vec<R::W> = parts
            .iter()
            .zip(held)
            .map(|(part, h)| match h {
                Held::Any => up_to(part),
                Held::Worse => part.0.clone(),
                Held::At => part.1.clone(),
            })
            .collect();
        return ring.product(factors.iter().collect());
    }
    let ups: Vec<R::W> = parts.iter().map(up_to).collect();
    let mut total = ring.zero();
    for j in 0..parts.len() {
        let below = parts[..j].iter().map(|(below, _)| below);
        let factors = below.chain([&parts[j].1]).chain(&ups[j + 1..]).collect();
        ring.add(&mut total, &ring.product(factors));
    }
    total
}

/// [`Tally::extreme`] for plain counts in `u128`: the ways the children's
/// best is each value are `Π (L + E) − Π L`, or where a child is held at
/// the value `Π` of what each child is held to. `None` when they overflow.
fn best_of(tables: &[Vec<(Num, u128)>], values: &[Num], held: &[Held], min: bool) -> Option<Vec<(Num, u128)>> {
    let pinned = held.contains(&Held::At);
    // Per child: the next row not yet below, and the ways below so far.
    let mut next: Vec<usize> = tables.iter().map(|t| if min { t.len() } else { 0 }).collect();
    let mut below: Vec<u128> = vec![0; tables.len()];
    let mut rows = Vec::new();
    for &v in values {
        let (mut with, mut without) = (1u128, 1u128);
        for (c, t) in tables.iter().enumerate() {
            let row = match min {
                true => next[c].checked_sub(1).map(|r| &t[r]),
                false => t.get(next[c]),
            };
            let at = match row {
                Some(&(x, w)) if x == v => {
                    next[c] = if min { next[c] - 1 } else { next[c] + 1 };
                    w
                }
                _ => 0,
            };
            let up_to = below[c].checked_add(at)?;
            let factor = match held[c] {
                Held::Any => up_to,
                Held::Worse => below[c],
                Held::At => at,
            };
            with = with.checked_mul(factor)?;
            without = without.checked_mul(below[c])?;
            below[c] = up_to;
        }
        // `with ≥ without`: each child's factor is at least its ways below.
        let ways = if pinned { with } else { with - without };
        if ways != 0 {
            rows.push((v, ways));
        }
    }
    if min {
        rows.reverse();
    }
    Some(rows)
}

/// [`Tally::convolve`] for plain counts on a dense grid, where every
/// value is a multiple of one step `1/den` (small) over a short span;
/// `None` otherwise. The cells are `u128`s while the counts fit (most
/// puzzles), else exact counts of a few 64-bit limbs side by side
/// ([`Cells`]: 24 unknowns under CHANCE nodes over −1000..1000 count
/// past 2^128 at the sums). Sums of exact rationals are the same
/// rationals however they are added, so this gives what adding one by
/// one gives.
fn on_grid(sums: &[(Num, Count)], terms: &[(Num, Count)], work: &mut u64) -> Option<Vec<(Num, Count)>> {
    const MOST: i128 = 1 << 20;
    let mut den: i128 = 1;
    for (v, _) in sums.iter().chain(terms) {
        let (_, d) = v.as_ratio()?;
        let d = i128::from(d);
        den = den / gcd(den, d) * d;
        if den > MOST {
            return None;
        }
    }
    let at = |v: &Num| v.as_ratio().map_or(0, |(n, d)| i128::from(n) * (den / i128::from(d)));
    let s: Vec<Placed> = sums.iter().map(|(v, w)| (at(v), w)).collect();
    let t: Vec<Placed> = terms.iter().map(|(v, w)| (at(v), w)).collect();
    let lo = |p: &[Placed]| p.iter().map(|x| x.0).min().unwrap_or(0);
    let hi = |p: &[Placed]| p.iter().map(|x| x.0).max().unwrap_or(0);
    let (s_lo, t_lo) = (lo(&s), lo(&t));
    let grid = Grid { s_lo, s_len: (hi(&s) - s_lo + 1) as usize, span: hi(&s) - s_lo + hi(&t) - t_lo + 1, t_lo };
    if grid.span > MOST {
        return None;
    }
    *work += match evenly(&t) {
        Some(_) => (grid.span as usize + s.len()) as u64,
        None => (s.len() * t.len()) as u64,
    };
    let cells: Vec<Count> = match small(&s, &t, &grid) {
        Some(cells) => cells.into_iter().map(Count::from).collect(),
        None => wide(&s, &t, &grid)?,
    };
    let mut rows = Vec::new();
    for (k, c) in cells.into_iter().enumerate().filter(|(_, c)| !c.is_zero()) {
        let v = Num::from_fraction(s_lo + t_lo + k as i128, den);
        if !v.is_exact() {
            return None;
        }
        rows.push((v, c));
    }
    Some(rows)
}

/// A row's value as its place on the grid, and its ways.
type Placed<'a> = (i128, &'a Count);

/// Where a convolution's points lie: the sums' from `s_lo` (`s_len`
/// cells), the terms' from `t_lo`, the result's `span` cells from
/// `s_lo + t_lo`.
struct Grid {
    s_lo: i128,
    s_len: usize,
    span: i128,
    t_lo: i128,
}

/// [`on_grid`]'s cells in `u128`, or `None` when a count does not fit.
fn small(s: &[Placed], t: &[Placed], g: &Grid) -> Option<Vec<u128>> {
    let fit =
        |p: &[Placed]| -> Option<Vec<(i128, u128)>> { p.iter().map(|(at, w)| Some((*at, w.to_u128()?))).collect() };
    let (s, t) = (fit(s)?, fit(t)?);
    match evenly(&t) {
        // Every term once, a step apart (an unknown leaf's range): each
        // cell is a sliding sum over the sums' cells a step apart.
        Some((step, b)) => {
            let mut dense = vec![0u128; g.s_len];
            for &(i, a) in &s {
                dense[(i - g.s_lo) as usize] = a;
            }
            let at = |m: i128| if (0..dense.len() as i128).contains(&m) { dense[m as usize] } else { 0 };
            let reach = step * t.len() as i128;
            let mut grid = vec![0u128; g.span as usize];
            for m in 0..g.span {
                let before = if m >= step { grid[(m - step) as usize] } else { 0 };
                grid[m as usize] = before.checked_add(at(m))? - at(m - reach);
            }
            grid.iter().map(|&c| c.checked_mul(b)).collect()
        }
        None => {
            let mut grid = vec![0u128; g.span as usize];
            for &(i, a) in &s {
                let i = i - g.s_lo;
                for &(k, b) in &t {
                    let cell = &mut grid[(i + k - g.t_lo) as usize];
                    *cell = cell.checked_add(a.checked_mul(b)?)?;
                }
            }
            Some(grid)
        }
    }
}

/// [`on_grid`]'s cells as exact counts of a few limbs each, wide enough
/// for every sum (`None` only past 2^4096).
fn wide(s: &[Placed], t: &[Placed], g: &Grid) -> Option<Vec<Count>> {
    let bits = |p: &[Placed]| p.iter().map(|(_, w)| w.bits()).max().unwrap_or(0);
    let terms = 128 - (t.len() as u128).leading_zeros();
    match evenly(t) {
        Some((step, b)) => {
            let mut dense = Cells::new(g.s_len, bits(s) + 128 - (s.len() as u128).leading_zeros() + 1)?;
            for &(i, a) in s {
                dense.add(g.s_lo_cell(i), &a.to_limbs());
            }
            let reach = step * t.len() as i128;
            let mut grid = Cells::new(g.span as usize, dense.bits())?;
            for m in 0..g.span {
                if m >= step {
                    grid.copy(m as usize, (m - step) as usize);
                }
                if (0..g.s_len as i128).contains(&m) {
                    grid.add(m as usize, dense.at(m as usize));
                }
                if (0..g.s_len as i128).contains(&(m - reach)) {
                    grid.sub(m as usize, dense.at((m - reach) as usize));
                }
            }
            Some((0..g.span as usize).map(|m| &grid.count(m) * b).collect())
        }
        None => {
            let mut grid = Cells::new(g.span as usize, bits(s) + bits(t) + terms + 1)?;
            let t: Vec<(i128, Vec<u64>)> = t.iter().map(|(k, b)| (*k, b.to_limbs())).collect();
            for &(i, a) in s {
                let (i, a) = (i - g.s_lo, a.to_limbs());
                for (k, b) in &t {
                    grid.add_product((i + k - g.t_lo) as usize, &a, b);
                }
            }
            Some((0..g.span as usize).map(|m| grid.count(m)).collect())
        }
    }
}

impl Grid {
    /// The sums' cell of position `i`.
    fn s_lo_cell(&self, i: i128) -> usize {
        (i - self.s_lo) as usize
    }
}

/// Exact counts of `limbs` 64-bit limbs each (little-endian), side by
/// side in one vector: no allocation per cell. Sized by the caller for
/// the largest count a cell may reach, so nothing carries out of a cell.
struct Cells {
    limbs: usize,
    data: Vec<u64>,
}

impl Cells {
    /// `n` cells of at least `bits` bits each (`None` past 4096 bits).
    fn new(n: usize, bits: u32) -> Option<Cells> {
        let limbs = (bits as usize).div_ceil(64).max(1);
        (limbs <= 64).then(|| Cells { limbs, data: vec![0; n * limbs] })
    }

    fn bits(&self) -> u32 {
        self.limbs as u32 * 64
    }

    fn at(&self, i: usize) -> &[u64] {
        &self.data[i * self.limbs..(i + 1) * self.limbs]
    }

    fn count(&self, i: usize) -> Count {
        Count::from_limb_slice(self.at(i))
    }

    /// Cell `i` = cell `from`.
    fn copy(&mut self, i: usize, from: usize) {
        let n = self.limbs;
        self.data.copy_within(from * n..(from + 1) * n, i * n);
    }

    /// Cell `i` += `a`.
    fn add(&mut self, i: usize, a: &[u64]) {
        let cell = &mut self.data[i * self.limbs..(i + 1) * self.limbs];
        let mut carry = 0u128;
        for (k, c) in cell.iter_mut().enumerate() {
            let t = u128::from(*c) + u128::from(a.get(k).copied().unwrap_or(0)) + carry;
            *c = t as u64;
            carry = t >> 64;
        }
    }

    /// Cell `i` −= `a` (never below zero: the caller takes away what it added).
    fn sub(&mut self, i: usize, a: &[u64]) {
        let cell = &mut self.data[i * self.limbs..(i + 1) * self.limbs];
        let mut borrow = false;
        for (k, c) in cell.iter_mut().enumerate() {
            let (d, o1) = c.overflowing_sub(a.get(k).copied().unwrap_or(0));
            let (d, o2) = d.overflowing_sub(u64::from(borrow));
            *c = d;
            borrow = o1 || o2;
        }
    }

    /// Cell `i` += `a · b`.
    fn add_product(&mut self, i: usize, a: &[u64], b: &[u64]) {
        let cell = &mut self.data[i * self.limbs..(i + 1) * self.limbs];
        for (j, &x) in a.iter().enumerate() {
            let mut carry = 0u128;
            for (k, c) in cell.iter_mut().enumerate().skip(j) {
                let y = b.get(k - j).copied().unwrap_or(0);
                if y == 0 && carry == 0 && k - j >= b.len() {
                    break;
                }
                let t = u128::from(x) * u128::from(y) + u128::from(*c) + carry;
                *c = t as u64;
                carry = t >> 64;
            }
        }
    }
}

/// `(step, ways)` when `points` (ascending) are a step apart, each with
/// the same ways.
fn evenly<W: PartialEq + Copy>(points: &[(i128, W)]) -> Option<(i128, W)> {
    let [(first, b), (second, _), ..] = points else { return None };
    let step = second - first;
    let even = step > 0 && points.windows(2).all(|w| w[1].0 - w[0].0 == step && w[1].1 == *b);
    even.then_some((step, *b))
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.abs().max(1)
}

#[cfg(test)]
mod tests {
    use super::{Plain, on_grid, sums_of};
    use crate::check::puzzle::count::Count;
    use crate::num::Num;

    /// The grid in limbs gives what the sums one by one give, past 2^128:
    /// sums of random rationals (quarters) with random counts scaled far
    /// past `u128`, against terms that are a leaf's range (the sliding
    /// sum) or random (the products), each small or huge.
    #[test]
    fn the_grid_past_u128_adds_as_the_sums_one_by_one_do() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let mut wide = 0;
        for case in 0..300 {
            let huge = Count::pow(2001, 12 + (case % 3) as u32);
            let scale = |c: u64, big: bool| if big { &huge * &Count::from(c + 1) } else { Count::from(c + 1) };
            let (big_s, big_t) = (case % 2 == 0, case % 4 < 2);
            let mut sums: Vec<(Num, Count)> = Vec::new();
            for v in 0..1 + next(40) as i64 {
                if next(3) > 0 {
                    sums.push((Num::from_fraction(i128::from(v * 3 - 20), 4), scale(next(1000), big_s)));
                }
            }
            let terms: Vec<(Num, Count)> = match case % 3 {
                // A leaf's range: each value once, a step apart.
                0 => (-5..5 + next(30) as i64).map(|v| (Num::int(v), Count::ONE)).collect(),
                _ => (0..2 + next(30) as i64)
                    .map(|v| (Num::from_fraction(i128::from(v - 7), 2), scale(next(1000), big_t)))
                    .collect(),
            };
            if sums.is_empty() {
                continue;
            }
            let grid = on_grid(&sums, &terms, &mut 0).expect("on a grid");
            let one_by_one = sums_of(&Plain, &sums, &terms, &mut 0).expect("exact sums");
            assert_eq!(grid, one_by_one, "case {case}");
            wide += usize::from(grid.iter().any(|(_, c)| c.to_u128().is_none()));
        }
        assert!(wide > 100, "only {wide} cases past 2^128");
    }
}
