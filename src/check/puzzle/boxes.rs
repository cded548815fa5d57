//! Puzzles over a range of integers by branch and bound on boxes: each
//! unknown leaf lies in an interval, and a box is judged whole.
//!
//! A box is run through the symbolic searches ([`symbolic::run`]). Either
//! the part of a search before an undecided comparison already contradicts
//! an expectation (the whole box fails: dropped), or a comparison is
//! undecided (the box is split in two at the value that decides it; a
//! comparison between two unknowns splits it in three by their order
//! instead, see `relations.rs`), or every comparison is decided. Then the expectations' own numbers (`value
//! 3`, `leaves 3 12 8`, `values B=3`, windows) are compared with each
//! unknown the searches evaluated, splitting again until each is decided.
//! Such a box is uniform: every assignment in it gives the same searches
//! with the same values in the same places, so checking one assignment
//! (the box's lowest corner, which obeys its order relations) with the
//! real search and [`expect::check`] judges all of them, and a passing box
//! adds its size to the count (with relations, counted in `ordered.rs`).
//!
//! Invariant: the count is exact at any size (a [`Count`]: twenty free
//! unknowns over −1000..1000 have 2001^20 ≈ 10^66 assignments), and the
//! listed solutions are the lexicographically smallest.

use std::cmp::Ordering;
use std::collections::BTreeSet;

use crate::check::expect::{Expect, Fact, LeafExpect};
use crate::check::puzzle::arrange::Arrangements;
use crate::check::puzzle::count::Count;
use crate::check::puzzle::ordered::{self, Memo, Ordered};
use crate::check::puzzle::relations::Region;
use crate::check::puzzle::symbolic::{self, Intervals, Scale, Split, Stop};
use crate::check::puzzle::{PROGRESS_EVERY, Progress, PuzzleError, passes};
use crate::model::{Game, NodeId};
use crate::num::Num;
use crate::search::trace::Value;

/// What the box search found.
pub(super) struct Found {
    pub count: Count,
    pub solutions: Vec<Vec<Num>>,
    /// Boxes examined.
    pub tried: u64,
}

impl Found {
    /// The answer for these unknowns.
    pub fn solutions_of(self, unknowns: Vec<NodeId>) -> super::Solutions {
        super::Solutions { unknowns, count: self.count, solutions: self.solutions, tried: self.tried }
    }
}

/// The puzzle's fixed parts.
pub(super) struct Boxes<'e, 'p> {
    /// The game, whose unknown leaves are set to each box's lowest corner.
    pub game: Game,
    pub unknowns: Vec<NodeId>,
    pub expects: &'e [Expect],
    /// List at most this many solutions.
    pub max_listed: usize,
    /// Stop at the first solution (count 1).
    pub stop: bool,
    pub limit: u64,
    pub progress: Option<&'p mut Progress<'p>>,
    /// Integers, or the positions of a multiset's values.
    pub scale: Scale,
}

impl Boxes<'_, '_> {
    /// Counts (and lists the first of) the assignments of positions
    /// `lo..=hi` to every unknown that pass every expectation (for a
    /// multiset: its orderings).
    pub fn solve(mut self, lo: i64, hi: i64) -> Result<Found, PuzzleError> {
        let n = self.unknowns.len();
        let mut slots = vec![None; self.game.len()];
        for (k, id) in self.unknowns.iter().enumerate() {
            slots[id.index()] = Some(k);
        }
        // (A `pvs` null window's ends are `x` and `x ± δ`: a `windows` item
        // holds only where `x` is one of its two numbers, which `x` is
        // compared with, so a box decided against them decides it.)
        let constants = constants(self.expects);
        if let Some(report) = self.progress.as_mut() {
            report(0, &Count::ZERO); // it has started
        }
        let mut stack: Vec<Region> = vec![Region::new(n, lo, hi)];
        let (mut count, mut tried) = (Count::ZERO, 0u64);
        let mut listed: BTreeSet<Vec<Num>> = BTreeSet::new();
        let mut memo = Memo::default();
        while let Some(b) = stack.pop() {
            tried += 1;
            if tried.is_multiple_of(PROGRESS_EVERY)
                && let Some(report) = self.progress.as_mut()
            {
                report(tried, &count);
            }
            if tried > self.limit {
                return Err(PuzzleError::TooLarge { limit: self.limit });
            }
            match self.judge(&slots, &constants, &b, &mut memo)? {
                Judged::Split(Split::At { k, at }) => {
                    let (l, h) = b.iv[k];
                    stack.extend(b.narrowed(k, at + 1, h));
                    stack.extend(b.narrowed(k, l, at));
                }
                Judged::Split(Split::Order(i, j)) => {
                    stack.extend(b.with(i, j, Ordering::Greater));
                    stack.extend(b.with(i, j, Ordering::Equal).filter(|r| self.may_share(r.iv[i])));
                    stack.extend(b.with(i, j, Ordering::Less));
                }
                Judged::Fails => {}
                Judged::Passes(n) => {
                    if self.stop {
                        self.list(&b, 1, &mut listed);
                        count = Count::ONE;
                        break;
                    }
                    count += &n;
                    self.list(&b, self.max_listed, &mut listed);
                }
            }
        }
        Ok(Found { count, solutions: listed.into_iter().collect(), tried })
    }

    /// Whether two unknowns can be equal inside `iv`: always over a range,
    /// and over a multiset where some value there has two copies.
    fn may_share(&self, (lo, hi): (i64, i64)) -> bool {
        match &self.scale {
            Scale::Integers => true,
            Scale::Values { counts, .. } => (lo..=hi).any(|p| counts.get(p as usize).is_some_and(|&c| c >= 2)),
        }
    }

    /// Splits, drops or judges region `r` whole. Its lowest corner obeys
    /// its relations (tightened, `x < y` has `lo(x) < lo(y)`), so it stands
    /// for every assignment in it.
    fn judge(
        &mut self,
        slots: &[Option<usize>],
        constants: &[Num],
        r: &Region,
        memo: &mut Memo,
    ) -> Result<Judged, PuzzleError> {
        let b = r.iv.as_slice();
        if let Scale::Values { counts, .. } = &self.scale
            && !crate::check::puzzle::arrange::may_fit(b, counts)
        {
            return Ok(Judged::Fails);
        }
        let mut seen = vec![false; b.len()];
        for e in self.expects {
            match symbolic::run(&self.game, slots, e, (&self.scale, r), &mut seen) {
                Ok(()) => {}
                Err(Stop::Split(s)) => return Ok(Judged::Split(s)),
                Err(Stop::Contradicts) => return Ok(Judged::Fails),
            }
        }
        for (k, _) in seen.iter().enumerate().filter(|(_, s)| **s) {
            for &c in constants {
                if let Err(s) = symbolic::against(&self.scale, b, k, c) {
                    return Ok(Judged::Split(s));
                }
            }
        }
        let n = self.size(r, memo);
        if n.is_zero() {
            return Ok(Judged::Fails);
        }
        for (&id, &(lo, _)) in self.unknowns.iter().zip(b) {
            let v = self.scale.num(lo);
            self.game.set_leaf_value(id, v).map_err(|_| PuzzleError::OutOfBounds { value: v })?;
        }
        Ok(if passes(&self.game, self.expects) { Judged::Passes(n) } else { Judged::Fails })
    }

    /// How many assignments region `r` holds, exactly: the product of its
    /// widths, or a multiset's orderings inside it.
    fn size(&self, r: &Region, memo: &mut Memo) -> Count {
        let b = r.iv.as_slice();
        if !r.facts.is_empty() {
            let counts = match &self.scale {
                Scale::Values { counts, .. } => Some(counts.as_slice()),
                Scale::Integers => None,
            };
            return Ordered::new(r, counts).map_or(Count::ZERO, |o| o.count_in(memo));
        }
        match &self.scale {
            Scale::Integers => {
                b.iter().fold(Count::ONE, |n, &(lo, hi)| &n * &Count::from(u128::from(hi.abs_diff(lo)) + 1))
            }
            Scale::Values { counts, .. } => Arrangements::new(b, counts.len()).count(0, &mut counts.clone()),
        }
    }

    /// Adds box `b`'s assignments to `out`, which keeps the `max` smallest
    /// seen; they come in lexicographic order, so the first not kept ends it.
    fn list(&self, r: &Region, max: usize, out: &mut BTreeSet<Vec<Num>>) {
        let b = r.iv.as_slice();
        if !r.facts.is_empty() {
            let counts = match &self.scale {
                Scale::Values { counts, .. } => Some(counts.as_slice()),
                Scale::Integers => None,
            };
            return ordered::list(r, counts, &|p| self.scale.num(p), (max, out));
        }
        let mut keep = |solution: Vec<Num>| {
            if out.len() < max {
                out.insert(solution);
            } else if out.last().is_some_and(|last| solution < *last) {
                out.insert(solution);
                out.pop_last();
            } else {
                return false;
            }
            true
        };
        match &self.scale {
            Scale::Integers => integers(b, &mut keep),
            Scale::Values { counts, values } => {
                let num = |p: &[usize]| p.iter().map(|&j| values[j]).collect::<Vec<Num>>();
                Arrangements::new(b, counts.len()).list(&mut counts.clone(), &mut |p| keep(num(p)));
            }
        }
    }
}

enum Judged {
    Split(Split),
    Fails,
    /// Every assignment passes; there are this many.
    Passes(Count),
}

/// Box `b`'s points, in lexicographic order, until `keep` says no more.
fn integers(b: &Intervals, keep: &mut dyn FnMut(Vec<Num>) -> bool) {
    let mut point: Vec<i64> = b.iter().map(|&(lo, _)| lo).collect();
    loop {
        if !keep(point.iter().map(|&v| Num::int(v)).collect()) {
            return;
        }
        // The next point in lexicographic order: the last coordinate that
        // can go up does, and those after it start again.
        let Some(k) = (0..point.len()).rev().find(|&k| point[k] < b[k].1) else { return };
        point[k] += 1;
        for (j, p) in point.iter_mut().enumerate().skip(k + 1) {
            *p = b[j].0;
        }
    }
}

/// The numbers the expectations compare values with, sorted: an evaluated
/// unknown must be decided against each before its box is uniform.
fn constants(expects: &[Expect]) -> Vec<Num> {
    let mut out = Vec::new();
    let scalar = |v: &Value| v.scalar();
    for e in expects {
        for item in &e.items {
            match &item.fact {
                Fact::Value(v) => out.extend(scalar(v)),
                Fact::Values(pairs) => out.extend(pairs.iter().filter_map(|(_, v)| scalar(v))),
                Fact::Leaves(ls) => out.extend(ls.iter().filter_map(|l| match l {
                    LeafExpect::Value(v) => Some(*v),
                    _ => None,
                })),
                Fact::Windows(ws) => out.extend(ws.iter().flat_map(|&(_, a, b)| [a, b])),
                Fact::NegamaxValues(vs) => out.extend(vs.iter().flat_map(|&(_, v)| [v, -v])),
                Fact::Best(_) | Fact::Pv(_) | Fact::Pruned(_) | Fact::Visited(_) | Fact::VisitedSet(_) => {}
                Fact::Stats(_) => {}
            }
        }
    }
    out.retain(|v| !v.is_infinite());
    out.sort();
    out.dedup();
    out
}
