//! Puzzles over a wide range ("each leaf in −1000..1000"), counted over
//! subtrees through the orders of the values, on a few values of the
//! range.
//!
//! The searches the count over subtrees mirrors only compare values: with
//! each other and with the values the spec writes (known leaves, bounds,
//! a `value` answer, the values a `values` item gives: the *marks*). So
//! whether an assignment passes depends only on its *order type*: which
//! unknowns tie, which are below which,
//! and where each stands against the marks (a `leaves` item's values are
//! marks too: it fixes those unknowns to them). The marks cut the range into
//! *gaps* (the integers strictly between two marks, or past the last);
//! an order type puts `j_i` levels in gap `i`, and is made by
//! `Π C(M_i, j_i)` assignments over a range whose gap `i` has `M_i`
//! integers. Writing `c(m)` for the passing assignments when gap `i` has
//! only `m_i` integers (its lowest ones) and `W(j)` for the passing order
//! types with `j_i` levels in gap `i`,
//!
//! ```text
//! c(m) = Σ_j W(j) · Π C(m_i, j_i)      W(j) = Σ_{m ≤ j} Π (−1)^(j_i − m_i) C(j_i, m_i) · c(m)
//! count = Σ_j W(j) · Π C(M_i, j_i)
//! ```
//!
//! with `Σ j_i` at most the number of unknowns. So a few counts over
//! subtrees on at most `n` integers a gap give the count over the whole
//! range, whatever its width (`distinct.rs` is the same argument with one
//! level a value).
//!
//! Solutions are listed smallest first, one unknown at a time. Whether a
//! value can follow the ones chosen is one count over subtrees on the
//! lowest `r` integers of each gap between the marks and the values
//! chosen (`r` the unknowns left): any completion has an order type that
//! fits there. A value is tried at the lowest `r` integers of each gap,
//! then once in its middle, where it stands as well as anywhere (at least
//! `r` integers below and above it), then at the highest `r`.
//!
//! Invariant: the count is the number of assignments over the range that
//! pass the block, as `expect::check` judges them (`tests/puzzle_laws.rs`
//! compares it with enumeration on small ranges, and with the count over
//! subtrees on the whole range).

use std::collections::HashSet;

use crate::check::expect::{Expect, Fact, LeafExpect};
use crate::check::puzzle::count::{Alternating, Count};
use crate::check::puzzle::grid::Grid;
use crate::check::puzzle::subtrees::{Subtrees, V};
use crate::model::{Game, NodeId};
use crate::num::Num;

/// The most counts over subtrees the count may take (points `m`), and the
/// most points times the unknowns squared (a count's cost grows with the
/// unknowns: 26 unknowns on three plies over 4 060 points take about 2 s,
/// 16 unknowns over 20 349 points 0.7 s).
const MAX_POINTS: usize = 50_000;
const MAX_POINT_WORK: usize = 6_000_000;

/// Past this many points the count is [`Wide::heavy`].
const LIGHT_POINTS: usize = 4096;

/// The most counts the listing may run before it gives up.
const MAX_CHECKS: u64 = 20_000;

/// A puzzle over a wide range of integers.
pub(super) struct Wide<'g> {
    game: &'g Game,
    unknowns: Vec<NodeId>,
    block: Expect,
    range: (i64, i64),
    /// The integer marks (known leaves, bounds, `value` and `values`
    /// answers), sorted.
    marks: Vec<i64>,
    /// What the count counts on: the marks in the range and the lowest `n`
    /// integers of each gap, and each gap's positions among them
    /// ([`Wide::compressed`]).
    counted_on: (Vec<Num>, Vec<Vec<usize>>),
    /// Counts over subtrees run (for `Solutions::tried`).
    tried: u64,
}

impl<'g> Wide<'g> {
    /// The plan for `block` over `lo..=hi`, or `None` where this way does not
    /// apply (a mark that is no integer, or a block the count over
    /// subtrees does not take).
    pub fn new(game: &'g Game, unknowns: &[NodeId], block: &Expect, (lo, hi): (i64, i64)) -> Option<Wide<'g>> {
        if unknowns.is_empty() || lo > hi {
            return None;
        }
        // A known leaf under an edge the block's `pruned` item names, or
        // off the paths its `visited` item lists, is never entered by an
        // assignment that passes, so never compared: not a mark (fewer
        // gaps, far fewer counts).
        let unseen = unseen(game, block);
        let mut marks: Vec<Num> =
            game.ids().filter(|id| !unseen.contains(id)).filter_map(|id| game.node(id).scalar()).collect();
        marks.extend(game.bounds().into_iter().flat_map(|(a, b)| [a, b]));
        for item in &block.items {
            match &item.fact {
                Fact::Value(v) => marks.push(v.scalar()?),
                Fact::Values(pairs) => {
                    for (_, v) in pairs {
                        marks.push(v.scalar()?);
                    }
                }
                Fact::Leaves(l) => {
                    for x in l {
                        if let LeafExpect::Value(v) = x {
                            marks.push(*v);
                        }
                    }
                }
                _ => {}
            }
        }
        let mut marks = marks.iter().map(Num::as_i64).collect::<Option<Vec<i64>>>()?;
        marks.sort_unstable();
        marks.dedup();
        let mut plan = Wide {
            game,
            unknowns: unknowns.to_vec(),
            block: block.clone(),
            range: (lo, hi),
            marks,
            counted_on: (Vec::new(), Vec::new()),
            tried: 0,
        };
        plan.counted_on = plan.compressed(&plan.marks, unknowns.len());
        // The count over subtrees must take the block on those values.
        Subtrees::over(game, unknowns, block, plan.counted_on.0.clone())?;
        Some(plan)
    }

    /// Whether the count takes many counts over subtrees (more than
    /// [`LIGHT_POINTS`]).
    pub fn heavy(&self) -> bool {
        let n = self.unknowns.len() - self.pinned().iter().filter(|&&p| p).count();
        let caps: Vec<usize> = self.counted_on.1.iter().map(|g| g.len().min(n)).collect();
        points(&caps, n) > LIGHT_POINTS
    }

    /// The unknowns under an edge the block's `pruned` item names: no
    /// assignment that passes ever looks at them (the edge is pruned in
    /// each), so whether one passes does not depend on them, and the count
    /// is the count with each of them held at one value times the range's
    /// width for each. Held at a mark, they take no level of an order
    /// type, and the grid of counts shrinks with them. Only where some mark
    /// lies in the range and no `leaves` item fixes them.
    fn pinned(&self) -> Vec<bool> {
        let mut pinned = vec![false; self.unknowns.len()];
        let (lo, hi) = self.range;
        if !self.marks.iter().any(|&m| m >= lo && m <= hi) {
            return pinned;
        }
        if self.block.items.iter().any(|i| matches!(i.fact, Fact::Leaves(_))) {
            return pinned;
        }
        let below = below_pruned(self.game, &self.block);
        for (k, u) in self.unknowns.iter().enumerate() {
            pinned[k] = below.contains(u);
        }
        pinned
    }

    /// The range cut by `marks`, in increasing order: each mark in it, and
    /// each gap between them as (lowest, highest) integers.
    fn segments(&self, marks: &[i64]) -> Vec<Segment> {
        let (lo, hi) = self.range;
        let mut out = Vec::new();
        // The next integer not yet in a segment (past `hi` at the end).
        let mut from = i128::from(lo);
        for &m in marks.iter().filter(|&&m| m >= lo && m <= hi) {
            if i128::from(m) > from {
                out.push(Segment::Gap(from as i64, m - 1));
            }
            out.push(Segment::Mark(m));
            from = i128::from(m) + 1;
        }
        if from <= i128::from(hi) {
            out.push(Segment::Gap(from as i64, hi));
        }
        out
    }

    /// The gaps between `marks` in the range, as (lowest, highest) integers.
    fn gaps(&self, marks: &[i64]) -> Vec<(i64, i64)> {
        let gap = |s: Segment| match s {
            Segment::Gap(a, b) => Some((a, b)),
            Segment::Mark(_) => None,
        };
        self.segments(marks).into_iter().filter_map(gap).collect()
    }

    /// The values to count on: the marks in the range and the lowest
    /// `per_gap` integers of each gap (increasing); with, for each gap, the
    /// positions of its values in that list.
    fn compressed(&self, marks: &[i64], per_gap: usize) -> (Vec<Num>, Vec<Vec<usize>>) {
        let (lo, hi) = self.range;
        let mut values: Vec<i64> = marks.iter().copied().filter(|&m| m >= lo && m <= hi).collect();
        let gaps = self.gaps(marks);
        for &(a, b) in &gaps {
            values.extend(lowest(a, b, per_gap));
        }
        values.sort_unstable();
        let at = |v: i64| values.binary_search(&v).expect("a gap's value is in the list");
        let positions = gaps.iter().map(|&(a, b)| lowest(a, b, per_gap).map(at).collect()).collect();
        (values.into_iter().map(Num::int).collect(), positions)
    }
}

impl super::Counted for Wide<'_> {
    fn count_all(&mut self) -> Option<Count> {
        let pinned = self.pinned();
        let n = self.unknowns.len() - pinned.iter().filter(|&&p| p).count();
        let gaps = self.gaps(&self.marks);
        let (values, positions) = &self.counted_on;
        let mut plan = Subtrees::over(self.game, &self.unknowns, &self.block, values.clone())?;
        let at = |plan: &Subtrees, i: usize| plan.index(values[i]).expect("a value counted on is in the table");
        let in_gaps: std::collections::BTreeSet<usize> = positions.iter().flatten().copied().collect();
        let marks: Vec<V> = (0..values.len()).filter(|i| !in_gaps.contains(i)).map(|i| at(&plan, i)).collect();
        let gap_values: Vec<Vec<V>> = positions.iter().map(|p| p.iter().map(|&i| at(&plan, i)).collect()).collect();
        let caps: Vec<usize> = gap_values.iter().map(|g| g.len().min(n)).collect();
        let grid = within_limits(&caps, n)?;
        // What the block fixes (a `leaves` item's values) stays fixed; an
        // unknown under a pruned edge is held at the first mark.
        let fixed: Vec<Vec<V>> = (0..self.unknowns.len())
            .map(|k| if pinned[k] { vec![marks[0]] } else { plan.allowed(k).to_vec() })
            .collect();
        // c(m) at each point of the grid with Σ m ≤ n, from the largest
        // down: with fewer values there are no more ways, so a point below
        // one with none has none either, and is not counted.
        let mut c: Vec<Count> = vec![Count::ZERO; grid.size];
        let mut zero = vec![false; grid.size];
        for at in (0..grid.size).rev() {
            let m = grid.point(at);
            if m.iter().sum::<usize>() > n {
                continue;
            }
            if grid.below_none(at, &m, &zero) {
                zero[at] = true;
                continue;
            }
            let mut allowed: Vec<V> = marks.clone();
            for (vs, &t) in gap_values.iter().zip(&m) {
                allowed.extend_from_slice(&vs[..t]);
            }
            allowed.sort_unstable();
            for (k, fixed) in fixed.iter().enumerate() {
                plan.allow(k, allowed.iter().copied().filter(|v| fixed.binary_search(v).is_ok()).collect());
            }
            self.tried += 1;
            c[at] = plan.count();
            zero[at] = c[at].is_zero();
        }
        // W(j), one gap at a time: after gap i, the order types with j_i
        // levels in gap i and, in the gaps after it, assignments.
        for (i, &stride) in grid.strides.iter().enumerate() {
            let mut next = vec![Count::ZERO; grid.size];
            for (at, out) in next.iter_mut().enumerate() {
                let m = grid.point(at);
                if m.iter().sum::<usize>() > n {
                    continue;
                }
                let j = m[i];
                let mut sum = Alternating::default();
                for t in 0..=j {
                    let ways = &c[at - (j - t) * stride];
                    if !ways.is_zero() {
                        sum.add(j - t, &(&Count::binomial(j as u64, t as u64) * ways));
                    }
                }
                *out = sum.total()?;
            }
            c = next;
        }
        let widths: Vec<u64> =
            gaps.iter().map(|&(a, b)| u64::try_from(i128::from(b) - i128::from(a) + 1).ok()).collect::<Option<_>>()?;
        let mut total = Count::ZERO;
        for (at, w) in c.iter().enumerate() {
            if w.is_zero() {
                continue;
            }
            let m = grid.point(at);
            let sets = m.iter().zip(&widths).fold(Count::ONE, |s, (&j, &width)| &s * &Count::binomial(width, j as u64));
            total += &(&sets * w);
        }
        // Each pinned unknown takes any value of the range.
        let width = u64::try_from(i128::from(self.range.1) - i128::from(self.range.0) + 1).ok()?;
        let free = pinned.iter().filter(|&&p| p).count() as u32;
        Some(&total * &Count::pow(width, free))
    }

    fn list_first(&mut self, max: usize) -> Option<Vec<Vec<Num>>> {
        let mut walk = Walk { chosen: Vec::new(), max, out: Vec::new(), allowance: MAX_CHECKS };
        if max > 0 {
            self.extend(&mut walk).ok()?;
        }
        Some(walk.out.into_iter().map(|s| s.into_iter().map(Num::int).collect()).collect())
    }

    fn counts_run(&self) -> u64 {
        self.tried
    }
}

/// The listing walk's state.
struct Walk {
    /// The values of the first unknowns, so far.
    chosen: Vec<i64>,
    max: usize,
    out: Vec<Vec<i64>>,
    /// The counts the walk may still run.
    allowance: u64,
}

/// A walk ran out of counts.
struct OutOfCounts;

/// A piece of the range cut by marks.
enum Segment {
    Mark(i64),
    Gap(i64, i64),
}

/// The lowest `k` integers of `a..=b` (all of them if fewer).
fn lowest(a: i64, b: i64, k: usize) -> impl Iterator<Item = i64> {
    (a..=b).take(k)
}

/// Where the next unknown's value is tried, in increasing order.
enum Try {
    /// This value.
    One(i64),
    /// Every value of `from..=to`, which all stand alike.
    Middle(i64, i64),
}

impl Wide<'_> {
    /// Extends `w.chosen` by every way on, smallest first, until `w.out`
    /// holds `w.max` solutions.
    fn extend(&mut self, w: &mut Walk) -> Result<(), OutOfCounts> {
        let (k, n) = (w.chosen.len(), self.unknowns.len());
        if k == n {
            w.out.push(w.chosen.clone());
            return Ok(());
        }
        let mut marks = self.marks.clone();
        marks.extend_from_slice(&w.chosen);
        marks.sort_unstable();
        marks.dedup();
        // The unknowns after this one.
        let later = n - k - 1;
        let mut tries = Vec::new();
        for segment in self.segments(&marks) {
            match segment {
                Segment::Mark(m) => tries.push(Try::One(m)),
                // Every integer where the gap is narrow; else the lowest
                // and highest `later` one by one, and the middle (at least
                // `later` integers of the gap on each side) once.
                Segment::Gap(a, b) if i128::from(b) - i128::from(a) < 2 * later as i128 + 1 => {
                    tries.extend((a..=b).map(Try::One));
                }
                Segment::Gap(a, b) => {
                    let later = later as i64;
                    tries.extend((a..a + later).map(Try::One));
                    tries.push(Try::Middle(a + later, b - later));
                    let mut top: Vec<i64> = (a..=b).rev().take(later as usize).collect();
                    top.reverse();
                    tries.extend(top.into_iter().map(Try::One));
                }
            }
        }
        for t in tries {
            if w.out.len() >= w.max {
                break;
            }
            match t {
                Try::One(x) => {
                    if self.follows(w, x)? {
                        w.chosen.push(x);
                        let walked = self.extend(w);
                        w.chosen.pop();
                        walked?;
                    }
                }
                Try::Middle(a, b) => {
                    if self.follows(w, a)? {
                        for x in a..=b {
                            if w.out.len() >= w.max {
                                break;
                            }
                            w.chosen.push(x);
                            let walked = self.extend(w);
                            w.chosen.pop();
                            walked?;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether a solution follows `w.chosen` and then `x`: one count over
    /// subtrees, the unknowns after them on the marks, the values the
    /// search still compares with after those chosen (`Subtrees::held`)
    /// and the lowest integers of each gap between them, as many as
    /// unknowns are left.
    fn follows(&mut self, w: &mut Walk, x: i64) -> Result<bool, OutOfCounts> {
        w.allowance = w.allowance.checked_sub(1).ok_or(OutOfCounts)?;
        self.tried += 1;
        let n = self.unknowns.len();
        let mut chosen = w.chosen.clone();
        chosen.push(x);
        let mut known: Vec<Num> = chosen.iter().map(|&v| Num::int(v)).collect();
        known.sort();
        known.dedup();
        let probe = Subtrees::over(self.game, &self.unknowns, &self.block, known.clone()).ok_or(OutOfCounts)?;
        let at = |plan: &Subtrees, v: i64| plan.index(Num::int(v)).expect("a value chosen is in the table");
        let chosen_at: Vec<V> = chosen.iter().map(|&v| at(&probe, v)).collect();
        let splits: Vec<i64> = match probe.held(&chosen_at) {
            Some(held) => held.into_iter().filter_map(|v| probe.value_at(v).as_i64()).collect(),
            None => chosen.clone(),
        };
        let mut marks = self.marks.clone();
        marks.extend(splits);
        marks.sort_unstable();
        marks.dedup();
        let (later, _) = self.compressed(&marks, n - chosen.len());
        let mut values = later.clone();
        values.extend(known);
        values.sort();
        values.dedup();
        let mut plan = Subtrees::over(self.game, &self.unknowns, &self.block, values).ok_or(OutOfCounts)?;
        for (k, &v) in chosen.iter().enumerate() {
            let v = at(&plan, v);
            // Unless the block fixes it to another.
            let only = if plan.allowed(k).contains(&v) { vec![v] } else { Vec::new() };
            plan.allow(k, only);
        }
        let later: Vec<V> = later.iter().filter_map(|&v| plan.index(v)).collect();
        for k in chosen.len()..n {
            let fixed = plan.allowed(k).to_vec();
            plan.allow(k, later.iter().copied().filter(|v| fixed.binary_search(v).is_ok()).collect());
        }
        Ok(!plan.count().is_zero())
    }
}

/// How many points `m` with `m_i ≤ caps_i` have `Σ m ≤ n` (a small
/// knapsack count, by the sum so far).
fn points(caps: &[usize], n: usize) -> usize {
    let mut by_sum = vec![0usize; n + 1];
    by_sum[0] = 1;
    for &c in caps {
        let mut next = vec![0usize; n + 1];
        for (s, &ways) in by_sum.iter().enumerate() {
            for t in 0..=c.min(n - s) {
                next[s + t] = next[s + t].saturating_add(ways);
            }
        }
        by_sum = next;
    }
    by_sum.iter().fold(0usize, |a, &b| a.saturating_add(b))
}

/// The grid of points of a count over `caps`, or `None` when it holds more
/// than [`MAX_POINTS`] points with `Σ m ≤ n` (or [`MAX_POINT_WORK`] with
/// `n` unknowns).
fn within_limits(caps: &[usize], n: usize) -> Option<Grid> {
    let points = points(caps, n);
    let work = points.saturating_mul(n * n);
    if points > MAX_POINTS || work > MAX_POINT_WORK {
        return None;
    }
    Grid::new(caps, 1 << 24)
}

/// The nodes a search that passes `block` never enters, for a one-pass
/// `alphabeta` or `negamax-ab` on a tree (no `&` edge: a shared node may
/// be reached another way): those under an edge its `pruned` item names,
/// and those off the paths its `visited` (or `visited-set`) item lists;
/// none where a `leaves` item fixes the leaves evaluated. Such a search
/// makes only the comparisons its own path makes, so an assignment's
/// order against their values never changes whether it passes.
fn unseen(game: &Game, block: &Expect) -> HashSet<NodeId> {
    use crate::model::Path;
    use crate::search::Algorithm;
    let one_pass = matches!(block.algorithm, Algorithm::Alphabeta | Algorithm::NegamaxAb);
    if !one_pass || game.has_transpositions() || block.items.iter().any(|i| matches!(i.fact, Fact::Leaves(_))) {
        return HashSet::new();
    }
    let mut out = below_pruned(game, block);
    for item in &block.items {
        let (Fact::Visited(seen) | Fact::VisitedSet(seen)) = &item.fact else { continue };
        let seen: HashSet<&Path> = seen.iter().collect();
        let mut stack = vec![(NodeId::ROOT, Path::root())];
        while let Some((id, path)) = stack.pop() {
            if !seen.contains(&path) {
                out.insert(id);
            }
            for (i, e) in game.node(id).children().iter().enumerate() {
                stack.push((e.child, path.child(i as u32)));
            }
        }
    }
    out
}

/// The nodes under an edge `block`'s `pruned` item names.
fn below_pruned(game: &Game, block: &Expect) -> HashSet<NodeId> {
    let paths = block.items.iter().filter_map(|i| match &i.fact {
        Fact::Pruned(p) => Some(p),
        _ => None,
    });
    let mut stack: Vec<NodeId> = paths.flatten().filter_map(|p| game.at(p)).collect();
    let mut out = HashSet::new();
    while let Some(id) = stack.pop() {
        if out.insert(id) {
            stack.extend(game.node(id).children().iter().map(|e| e.child));
        }
    }
    out
}
