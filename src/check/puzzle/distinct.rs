//! Puzzles over distinct values ("which order of 1..16 gives these
//! cuts?"), counted over subtrees through the orders of the values.
//!
//! Where every leaf is unknown and the values are distinct, whether an
//! assignment passes depends only on how its values compare: the searches
//! the count over subtrees mirrors only compare values with each other
//! (and with ±∞, or with bounds that no value reaches), and the value a
//! root returns is one of its leaves'. So an assignment passes or fails
//! with its *weak order* (which leaves tie, which are below which), and
//! the root's value is one of that order's levels.
//!
//! The count over subtrees (`subtrees.rs`) counts assignments *with*
//! repeats over a range. Over `1..m`, an assignment is a weak order with
//! `j` levels and an increasing map of its levels into `1..m`; with `a`
//! levels below the root's value and `b` above it, there are `C(v−1, a) ·
//! C(m−v, b)` such maps that send the root's level to `v`. So, writing
//! `F(p, q)` for the passing assignments over `1..p+q+1` whose root
//! returns `p+1`, and `W(a, b)` for the passing weak orders with `a` levels
//! below the root's and `b` above,
//!
//! ```text
//! F(p, q) = Σ_{a ≤ p, b ≤ q} C(p, a) · C(q, b) · W(a, b)
//! W(a, b) = Σ_{p ≤ a, q ≤ b} (−1)^(a−p+b−q) · C(a, p) · C(b, q) · F(p, q)
//! ```
//!
//! (binomial inversion, once for each side). An ordering of `n` distinct
//! values is a weak order with `n` levels, one leaf each: the ones whose
//! root value is the `r`-th smallest are `W(r−1, n−r)`. `n` counts over
//! subtrees (over `1..m` for each `m ≤ n`, by the root's value) give every
//! `F` needed.
//!
//! Solutions are listed smallest first, one unknown at a time. A value is
//! tried by the count over subtrees on the puzzle's own values, the
//! unknowns after it allowed any value not yet used: repeats allowed, so
//! a count above zero only says a solution *may* follow, and the walk goes
//! on down on that alone. Where no value at all is left for the next
//! unknown, the values chosen so far are a dead end: then the orderings
//! left after shorter runs of them are counted exactly, to find the first
//! choice no solution follows, and the walk goes back to it. An exact
//! count is by inclusion–exclusion over the sets of values the later
//! unknowns may take; a count depends only on how many of a set's values
//! fall between the values chosen that the rest of the search still
//! compares with (the running values and windows of the nodes open when
//! it reaches the next unknown: `Subtrees::held`), so one count stands for
//! many sets, and a set inside one with no ways has none either. Where that
//! takes too many counts, the walk finds out below; one that meets too
//! many dead ends gives up ([`MAX_CHECKS`]), and the box search answers
//! instead.
//!
//! With known leaves, or `values` items, the rank argument does not hold
//! (the search compares the unknowns with those values too, and a node's
//! value is then not a rank). The count is then the same
//! inclusion–exclusion as a dead end's, with nothing chosen: the values
//! the search compares with besides the unknowns' own (the known leaves',
//! the `value` and `values` answers: the *marks*) split the values into
//! gaps, and a count with repeats depends only on how many of a set's
//! values fall in each gap and which marks it holds; so it takes one count
//! a profile, and gives up past [`MAX_COUNT_PROFILES`] of them (many
//! marks).
//!
//! Invariant: the count is the number of orderings of the values that
//! pass the block, as `expect::check` judges them (`tests/puzzle_laws.rs`
//! compares it with enumeration).

use crate::check::expect::{Expect, Fact, LeafExpect};
use crate::check::puzzle::count::{Alternating, Count};
use crate::check::puzzle::grid::Grid;
use crate::check::puzzle::subtrees::{Subtrees, V};
use crate::model::{Game, NodeId};
use crate::num::Num;

/// The most counts the listing walk runs before it hands over to the box
/// search.
const MAX_CHECKS: u64 = 100_000;

/// The most points of the grid of profiles one exact check of a prefix
/// takes on (one count per profile of the values left over the gaps
/// between the values used, but none for a profile under one with no
/// ways: most are never counted). At 4096 the checks after the first few
/// values gave up on a 24-leaf puzzle with three `values` answers whose
/// grids held 9 500–12 000 points and took 500–1 100 counts, and the walk,
/// not knowing which choice was a dead end, ran out of counts
/// ([`MAX_CHECKS`] still bounds them all).
const MAX_PROFILES: usize = 1 << 16;

/// The most counts the count by profiles over the marks runs, once (each
/// takes well under a millisecond on exam trees: 27 leaves with three
/// `values` answers, 7680 profiles, in about a tenth of a second).
const MAX_COUNT_PROFILES: usize = 1 << 16;

/// A puzzle over distinct values.
pub(super) struct Distinct<'g> {
    /// Every unknown over `1..n`, no `value` item, no bounds: the count,
    /// where every leaf is unknown and no `values` item is asked; `None`:
    /// the count by profiles over the marks.
    ranks: Option<Subtrees<'g>>,
    /// Every unknown over the puzzle's values, as asked: the listing.
    own: Subtrees<'g>,
    /// The values, increasing, as indices into `own`'s table.
    values: Vec<V>,
    /// With `ranks`, the `value` items' answer, when there is one:
    /// `Some(None)` when it is none of the values (or they disagree), so
    /// nothing passes.
    rank: Option<Option<usize>>,
    /// The values besides the unknowns' own that the search and the block
    /// compare with, increasing, as indices into `own`'s table: the known
    /// leaves' values and the `value` and `values` answers.
    marks: Vec<V>,
    /// What each unknown may take as asked (a `values` item gives an
    /// unknown leaf its value): every limit the counts set is within it.
    asked: Vec<Vec<V>>,
    /// Counts over subtrees run (for `Solutions::tried`).
    tried: u64,
}

impl<'g> Distinct<'g> {
    /// The plan for `e` over the orderings of `values`, or `None` when this
    /// way does not apply (repeated values, bounds a value reaches, a
    /// `leaves` item giving a value, or a block the count over subtrees
    /// does not take).
    pub fn new(game: &'g Game, unknowns: &[NodeId], e: &Expect, values: &[Num]) -> Option<Distinct<'g>> {
        let mut sorted = values.to_vec();
        sorted.sort();
        sorted.dedup();
        let n = sorted.len();
        if n != values.len() || n != unknowns.len() {
            return None;
        }
        if let Some((lo, hi)) = game.bounds().filter(|_| !e.options.ignore_bounds)
            && (sorted[0] <= lo || sorted[n - 1] >= hi)
        {
            return None;
        }
        // Leaves' values written in the answer are compared with too.
        let gives_value = |f: &Fact| match f {
            Fact::Leaves(l) => l.iter().any(|x| matches!(x, LeafExpect::Value(_))),
            Fact::NegamaxValues(_) => true,
            _ => false,
        };
        if e.items.iter().any(|i| gives_value(&i.fact)) {
            return None;
        }
        let own = Subtrees::over(game, unknowns, e, sorted.clone())?;
        let values = sorted.iter().map(|&v| own.index(v)).collect::<Option<Vec<V>>>()?;
        let asked = (0..n).map(|k| own.allowed(k).to_vec()).collect();
        let mut marks: Vec<Num> = game.nodes().filter_map(|node| node.scalar()).collect();
        if !marks.is_empty() || e.items.iter().any(|i| matches!(i.fact, Fact::Values(_))) {
            // Known leaves or `values` answers: counted by profiles over
            // the marks.
            for item in &e.items {
                match &item.fact {
                    Fact::Value(v) => marks.extend(v.scalar()),
                    Fact::Values(pairs) => marks.extend(pairs.iter().filter_map(|(_, v)| v.scalar())),
                    _ => {}
                }
            }
            let mut marks = marks.into_iter().map(|m| own.index(m)).collect::<Option<Vec<V>>>()?;
            marks.sort();
            marks.dedup();
            return Some(Distinct { ranks: None, own, values, rank: None, marks, asked, tried: 0 });
        }
        let mut rank = None;
        for item in &e.items {
            if let Fact::Value(v) = &item.fact {
                let at = v.scalar().and_then(|v| sorted.binary_search(&v).ok());
                rank = match rank {
                    None => Some(at),
                    Some(r) if r == at => Some(r),
                    Some(_) => Some(None),
                };
            }
        }
        let mut plain = e.clone();
        plain.items.retain(|i| !matches!(i.fact, Fact::Value(_)));
        plain.options.ignore_bounds = true;
        let ranks = Some(Subtrees::over(game, unknowns, &plain, (1..=n as i64).map(Num::int).collect())?);
        let marks = match rank {
            Some(Some(r)) => vec![values[r]],
            _ => Vec::new(),
        };
        Some(Distinct { ranks, own, values, rank, marks, asked, tried: 0 })
    }
}

impl super::Counted for Distinct<'_> {
    /// How many orderings of the values pass; `None` if a count over
    /// subtrees says what the argument above rules out (a root value that
    /// is no leaf's), so the caller asks the box search instead.
    fn count_all(&mut self) -> Option<Count> {
        let n = self.values.len();
        if self.rank == Some(None) {
            return Some(Count::ZERO);
        }
        let Some(ranks) = self.ranks.as_mut() else {
            let mut allowance = MAX_COUNT_PROFILES as u64;
            return self.exact(&[], &vec![false; n], &mut allowance, MAX_COUNT_PROFILES).ok().flatten();
        };
        // f[p][q]: passing assignments over 1..p+q+1 whose root returns p+1.
        let mut f = vec![vec![Count::ZERO; n]; n];
        for m in 1..=n {
            let domain = (1..=m as i64).map(|v| ranks.index(Num::int(v))).collect::<Option<Vec<V>>>()?;
            for k in 0..n {
                ranks.allow(k, domain.clone());
            }
            self.tried += 1;
            for (v, ways) in ranks.by_value() {
                let x = ranks.value_at(v);
                let p = (1..=m).find(|&p| Num::int(p as i64) == x)? - 1;
                f[p][m - 1 - p] = ways;
            }
        }
        let orders = |r: usize| weak_orders(&f, r - 1, n - r);
        match self.rank {
            Some(Some(i)) => orders(i + 1),
            _ => (1..=n).try_fold(Count::ZERO, |total, r| Some(total + &orders(r)?)),
        }
    }

    /// The first `max` solutions in lexicographic order, or `None` when the
    /// walk gave up ([`MAX_CHECKS`]).
    fn list_first(&mut self, max: usize) -> Option<Vec<Vec<Num>>> {
        if self.rank == Some(None) || max == 0 {
            return Some(Vec::new());
        }
        let used = vec![false; self.values.len()];
        let mut walk = Walk { chosen: Vec::new(), used, known: 0, max, out: Vec::new(), allowance: MAX_CHECKS };
        self.extend(&mut walk).ok()?;
        Some(walk.out)
    }

    fn counts_run(&self) -> u64 {
        self.tried
    }
}

impl Distinct<'_> {
    /// Limits unknown `k` to `values`, within what the block allows it.
    fn limit(&mut self, k: usize, values: Vec<V>) {
        let asked = &self.asked[k];
        self.own.allow(k, values.into_iter().filter(|v| asked.binary_search(v).is_ok()).collect());
    }

    /// Extends `w.chosen` (the values of the first unknowns) by every way
    /// on, smallest first, until `w.out` holds `w.max` solutions.
    ///
    /// A value is kept when the count with repeats (the unknowns after it
    /// over the values left) is above zero: a solution may follow. The walk
    /// goes down on that alone; where it finds no value at all for the
    /// next unknown, the values chosen so far are a dead end, and the
    /// exact counts ([`Distinct::exact`]) of the orderings after shorter
    /// runs of them find the first choice after which none follows (the
    /// first not known to be followed by a solution, then halving the
    /// runs left). The walk then goes back to that choice ([`Step::Back`])
    /// and on with the next value there.
    fn extend(&mut self, w: &mut Walk) -> Result<Step, OutOfCounts> {
        let (k, n) = (w.chosen.len(), self.values.len());
        if k == n {
            w.out.push(w.chosen.iter().map(|&v| self.own.value_at(v)).collect());
            w.known = n;
            return Ok(Step::On);
        }
        let mut any = false;
        for i in 0..n {
            if w.out.len() >= w.max {
                break;
            }
            if w.used[i] {
                continue;
            }
            w.used[i] = true;
            w.chosen.push(self.values[i]);
            let step = self.try_value(w);
            w.chosen.pop();
            w.used[i] = false;
            w.known = w.known.min(k);
            match step? {
                Step::Empty => {}
                Step::On => any = true,
                // This value has nothing after it: go on with the next.
                Step::Back(at) if at == k => any = true,
                back => return Ok(back),
            }
        }
        if any || w.out.len() >= w.max {
            return Ok(Step::On);
        }
        // A dead end: no value can follow the first `k`. Find the shortest
        // run of them that nothing follows: the run of `known` is followed
        // by a solution, that of `k` by none.
        let (mut lo, mut hi) = (w.known, k);
        let mut first = true;
        while hi - lo > 1 {
            // The first choice not known to be followed is tried first: the
            // walk has just come back to it, or to a choice before it.
            let mid = if std::mem::take(&mut first) { lo + 1 } else { lo + (hi - lo) / 2 };
            match self.orderings_after(mid, w)? {
                Some(c) if c.is_zero() => hi = mid,
                _ => lo = mid,
            }
        }
        // Every unknown before the last of that run is back to its value.
        for j in 0..hi.saturating_sub(1) {
            self.limit(j, vec![w.chosen[j]]);
        }
        if hi == 0 {
            return Ok(Step::On);
        }
        Ok(Step::Back(hi - 1))
    }

    /// [`Distinct::extend`] with the last of `w.chosen` just chosen:
    /// [`Step::Empty`] when the count with repeats rules it out.
    fn try_value(&mut self, w: &mut Walk) -> Result<Step, OutOfCounts> {
        let (k, n) = (w.chosen.len() - 1, self.values.len());
        let rest: Vec<V> = (0..n).filter(|&j| !w.used[j]).map(|j| self.values[j]).collect();
        self.limit(k, vec![w.chosen[k]]);
        for later in k + 1..n {
            self.limit(later, rest.clone());
        }
        w.spend(1)?;
        self.tried += 1;
        if self.own.count().is_zero() {
            return Ok(Step::Empty);
        }
        self.extend(w)
    }

    /// The orderings of the values left after the first `len` of
    /// `w.chosen` (the unknowns up to there limited to them), counted
    /// exactly, or `None` where that takes too many counts.
    fn orderings_after(&mut self, len: usize, w: &mut Walk) -> Result<Option<Count>, OutOfCounts> {
        let n = self.values.len();
        let mut used = vec![false; n];
        for &v in &w.chosen[..len] {
            let i = self.values.binary_search(&v).expect("a chosen value is one of the values");
            used[i] = true;
        }
        for (j, &v) in w.chosen[..len].iter().enumerate() {
            self.limit(j, vec![v]);
        }
        let count = self.exact(&w.chosen[..len], &used, &mut w.allowance, MAX_PROFILES)?;
        if count.as_ref().is_some_and(|c| !c.is_zero()) {
            w.known = w.known.max(len);
        }
        Ok(count)
    }
}

/// What a walk below a choice found.
enum Step {
    /// The count with repeats ruled the choice out.
    Empty,
    /// It went on below (solutions found, or the walk is full).
    On,
    /// Nothing follows the choice of the unknown at this index: back to it.
    Back(usize),
}

/// The listing walk's state.
struct Walk {
    /// The values of the first unknowns, so far.
    chosen: Vec<V>,
    /// Which values (by rank) are in `chosen`.
    used: Vec<bool>,
    /// How many of `chosen` are known to be followed by a solution.
    known: usize,
    max: usize,
    out: Vec<Vec<Num>>,
    /// The counts the walk may still run.
    allowance: u64,
}

/// A walk ran out of counts.
struct OutOfCounts;

impl Walk {
    fn spend(&mut self, n: u64) -> Result<(), OutOfCounts> {
        spend(&mut self.allowance, n)
    }
}

/// Takes `n` counts from `allowance`.
fn spend(allowance: &mut u64, n: u64) -> Result<(), OutOfCounts> {
    *allowance = allowance.checked_sub(n).ok_or(OutOfCounts)?;
    Ok(())
}

impl Distinct<'_> {
    /// The orderings of the values `w.used` leaves over the unknowns after
    /// `chosen` (those fixed to it), counted exactly: by
    /// inclusion–exclusion over the set `T` of values the later unknowns
    /// may take (repeats allowed, counted over subtrees), `Σ (−1)^|left∖T|
    /// · count(T)`. A count depends only on how many of `T`'s values fall
    /// in each gap between the fixed values and the marks (and on which
    /// marks it holds), so one count stands for all the sets of its
    /// profile. `None` when that takes more than `most` counts.
    fn exact(
        &mut self,
        chosen: &[V],
        used: &[bool],
        allowance: &mut u64,
        most: usize,
    ) -> Result<Option<Count>, OutOfCounts> {
        // A value chosen splits the values left only if the rest of the
        // search compares with it; a mark always does (a mark that is one
        // of the values left is a gap of its own: in `T` or not).
        let held = if chosen.is_empty() { Some(Vec::new()) } else { self.own.held(chosen) };
        let mut gaps: Vec<Vec<V>> = vec![Vec::new()];
        let mut marks = self.marks.iter().copied().peekable();
        for (i, &v) in self.values.iter().enumerate() {
            while marks.next_if(|&m| m < v).is_some() {
                gaps.push(Vec::new());
            }
            let mark = marks.next_if_eq(&v).is_some();
            if used[i] {
                if mark || held.as_ref().is_none_or(|h| h.contains(&v)) {
                    gaps.push(Vec::new());
                }
            } else if mark {
                gaps.extend([vec![v], Vec::new()]);
            } else if let Some(gap) = gaps.last_mut() {
                gap.push(v);
            }
        }
        gaps.retain(|g| !g.is_empty());
        let caps: Vec<usize> = gaps.iter().map(Vec::len).collect();
        let Some(grid) = Grid::new(&caps, most) else {
            return Ok(None);
        };
        let left: usize = caps.iter().sum();
        let mut sum = Alternating::default();
        // Profiles from the largest down, skipping those below one with no
        // ways (`grid.rs`).
        let mut zero = vec![false; grid.size];
        for at in (0..grid.size).rev() {
            let h = grid.point(at);
            let taken: usize = h.iter().sum();
            if grid.below_none(at, &h, &zero) {
                zero[at] = true;
            } else if taken > 0 {
                let set: Vec<V> = gaps.iter().zip(&h).flat_map(|(g, &t)| g[..t].iter().copied()).collect();
                for later in chosen.len()..self.values.len() {
                    self.limit(later, set.clone());
                }
                spend(allowance, 1)?;
                self.tried += 1;
                let ways = self.own.count();
                if ways.is_zero() {
                    zero[at] = true;
                } else {
                    let sets =
                        caps.iter().zip(&h).fold(Count::ONE, |c, (&g, &t)| &c * &Count::binomial(g as u64, t as u64));
                    sum.add(left - taken, &(&sets * &ways));
                }
            }
        }
        Ok(sum.total())
    }
}

/// `W(a, b)` of the module's doc from `f`: the passing weak orders with
/// `a` levels below the root's value and `b` above. `None` if the sum
/// comes out negative (it cannot, when `f` counts what it says).
fn weak_orders(f: &[Vec<Count>], a: usize, b: usize) -> Option<Count> {
    let mut sum = Alternating::default();
    for (p, row) in f.iter().enumerate().take(a + 1) {
        for (q, ways) in row.iter().enumerate().take(b + 1) {
            if !ways.is_zero() {
                let sets = &Count::binomial(a as u64, p as u64) * &Count::binomial(b as u64, q as u64);
                sum.add(a - p + b - q, &(&sets * ways));
            }
        }
    }
    sum.total()
}
