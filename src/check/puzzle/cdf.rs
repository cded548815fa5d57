//! `minimax` (and `negamax`) blocks over a range of any width, on MAX/MIN
//! trees, asking the root's `value` and `best`: counted from each node's
//! distribution, at the asked value alone.
//!
//! With `W` integers in the range and `T_n = W^u` assignments of the `u`
//! unknowns below node `n`, write `L_n(x)` for those where `n`'s minimax
//! value is at most `x` and `S_n(x)` for those where it is below `x`. An
//! unknown leaf has `L(x) = #{lo..=min(x, hi)}`, a known leaf `v` has
//! `L(x) = [v ≤ x]`; a MAX node is at most `x` when every child is
//! (`L = Π L_c`), a MIN node when some child is (`L = T − Π (T_c − L_c)`),
//! and `S` likewise. The root is worth exactly `V` in `L(V) − S(V)` ways;
//! its best move is child `i` (ties to the first in search order, at a MAX
//! root) in `Π_{before} S_c(V) · (L_i(V) − S_i(V)) · Π_{after} L_c(V)`
//! ways (a MIN root with `T − L`, `T − S`). So the count takes two passes
//! over the tree, whatever the range: `chance.rs`'s tables, one slot a
//! value, refuse ranges past 2^18 integers (±10^6), where this answers in
//! microseconds.
//!
//! Solutions are listed smallest first, an unknown at a time, each value
//! checked by a count with the unknowns before it fixed; where a value
//! fails and lies more than `r` integers (the unknowns after it) from
//! every value written or chosen and from the range's ends, every value
//! up to that distance from the next one fails too (the searches only
//! compare, and the later unknowns have room on both sides either way),
//! so the walk jumps there.
//!
//! Invariant: the count is the number of assignments over the range that
//! pass the blocks, as `expect::check` judges them
//! (`tests/exact_value_puzzle_laws.rs` compares it with enumeration).

use super::chance::{Held, best_holds, both, plain};
use super::count::Count;
use crate::check::expect::{Expect, Fact};
use crate::model::{Game, NodeId, NodeKind, Path, Utility};
use crate::num::Num;
use crate::search::Algorithm;
use crate::search::options::{Order, Ties};

/// The most counts the listing may run before it gives up.
const MAX_CHECKS: u64 = 200_000;

/// A count of a MAX/MIN tree's `value` and `best` over a range.
pub(super) struct Cdf<'g> {
    game: &'g Game,
    /// By node: the unknown's index, for the unknowns.
    slots: Vec<Option<usize>>,
    range: (i64, i64),
    /// The root's value asked.
    value: i64,
    /// What each of the root's children must be worth, when a `best` is asked.
    held: Option<Vec<Held>>,
    /// No assignment passes (two values asked, or `visited`/`stats` wrong).
    impossible: bool,
    /// The integers written (known leaves, the value): where a listed
    /// value's standing can change.
    marks: Vec<i64>,
    /// The unknowns' values chosen so far by the listing.
    fixed: Vec<Option<i64>>,
    tried: u64,
}

impl<'g> Cdf<'g> {
    /// The plan for `blocks` on `game` (its `unknowns` `?`) over
    /// `lo..=hi`, or `None` where it does not apply: a tree with CHANCE
    /// nodes or shared positions, a leaf that is no integer, a block that
    /// is not `minimax` or `negamax` in the written or reverse order, or asks
    /// anything but `value`, `best`, `visited` and `stats` (which no value
    /// changes: checked once on `filled`), or no `value`.
    pub fn new(
        game: &'g Game,
        filled: &Game,
        unknowns: &[NodeId],
        blocks: &[Expect],
        (lo, hi): (i64, i64),
    ) -> Option<Cdf<'g>> {
        let root = game.root();
        if lo > hi || blocks.is_empty() || !matches!(root.kind(), NodeKind::Max | NodeKind::Min) {
            return None;
        }
        if game.has_transpositions() || game.is_multiplayer() {
            return None;
        }
        let mut marks = Vec::new();
        for n in game.nodes() {
            match (n.kind(), n.utility()) {
                (NodeKind::Max | NodeKind::Min, _) => {}
                (NodeKind::Leaf, Utility::Unknown) => {}
                (NodeKind::Leaf, Utility::Scalar(v)) => marks.push(v.as_i64()?),
                _ => return None,
            }
        }
        let mut slots = vec![None; game.len()];
        for (k, id) in unknowns.iter().enumerate() {
            slots[id.index()] = Some(k);
        }
        let mut plan = Cdf {
            game,
            slots,
            range: (lo, hi),
            value: 0,
            held: None,
            impossible: false,
            marks: Vec::new(),
            fixed: vec![None; unknowns.len()],
            tried: 0,
        };
        let mut value: Option<Num> = None;
        for e in blocks {
            let o = &e.options;
            if !matches!(e.algorithm, Algorithm::Minimax | Algorithm::Negamax) || !plain(o) {
                return None;
            }
            let reverse = o.order == Order::Reverse;
            let mut still = Vec::new();
            for item in &e.items {
                match &item.fact {
                    Fact::Value(v) => {
                        let v = v.scalar()?;
                        plan.impossible |= value.is_some_and(|w| w != v);
                        value = Some(v);
                    }
                    Fact::Best(moves) => plan.hold_best(moves, o.ties, reverse),
                    Fact::Visited(_) | Fact::VisitedSet(_) | Fact::Stats(_) => still.push(item.clone()),
                    _ => return None,
                }
            }
            if !still.is_empty() {
                let e = Expect { items: still, ..e.clone() };
                plan.impossible |= super::first_failure(filled, &e).is_some();
            }
        }
        // A value that is no integer: no assignment of integers reaches it.
        match value?.as_i64() {
            Some(v) => plan.value = v,
            None => plan.impossible = true,
        }
        marks.push(plan.value);
        marks.sort_unstable();
        marks.dedup();
        plan.marks = marks;
        Some(plan)
    }

    /// `best`: what the root's best moves under the tie rule ask of each
    /// child, on top of what is held already (`chance.rs`'s rules).
    fn hold_best(&mut self, moves: &[Path], ties: Ties, reverse: bool) {
        let n = self.game.root().children().len() as u32;
        let order: Vec<u32> = if reverse { (0..n).rev().collect() } else { (0..n).collect() };
        let Some(by_position) = best_holds(moves, ties, &order) else {
            self.impossible = true;
            return;
        };
        let held = self.held.get_or_insert_with(|| vec![Held::Any; order.len()]);
        for (&c, h) in order.iter().zip(by_position) {
            match both(held[c as usize], h) {
                Some(h) => held[c as usize] = h,
                None => self.impossible = true,
            }
        }
    }

    /// The integers in the range.
    fn width(&self) -> u128 {
        (i128::from(self.range.1) - i128::from(self.range.0) + 1) as u128
    }

    /// `(T, L(x), S(x))` of the subtree at `id`.
    fn spread(&self, id: NodeId, x: i64) -> (Count, Count, Count) {
        let node = self.game.node(id);
        let (lo, hi) = (i128::from(self.range.0), i128::from(self.range.1));
        let at_most = |t: i128| Count::from((t.min(hi) - lo + 1).max(0) as u128);
        let one = |b: bool| if b { Count::ONE } else { Count::ZERO };
        if node.kind() == NodeKind::Leaf {
            let known = match self.slots[id.index()] {
                Some(k) => self.fixed[k],
                None => node.scalar().and_then(|v| v.as_i64()),
            };
            return match known {
                Some(v) => (Count::ONE, one(v <= x), one(v < x)),
                None => (Count::from(self.width()), at_most(i128::from(x)), at_most(i128::from(x) - 1)),
            };
        }
        let max = node.kind() == NodeKind::Max;
        let (mut t, mut l, mut s) = (Count::ONE, Count::ONE, Count::ONE);
        for e in node.children() {
            let (tc, lc, sc) = self.spread(e.child, x);
            t = &t * &tc;
            if max {
                l = &l * &lc;
                s = &s * &sc;
            } else {
                // Ways every child is above x (MIN above x), kept as products.
                l = &l * &tc.checked_sub(&lc).unwrap_or_default();
                s = &s * &tc.checked_sub(&sc).unwrap_or_default();
            }
        }
        if !max {
            (l, s) = (t.checked_sub(&l).unwrap_or_default(), t.checked_sub(&s).unwrap_or_default());
        }
        (t, l, s)
    }

    /// The assignments of the unknowns not fixed that pass.
    fn count(&mut self) -> Count {
        self.tried += 1;
        if self.impossible {
            return Count::ZERO;
        }
        let v = self.value;
        let Some(held) = &self.held else {
            let (_, l, s) = self.spread(NodeId::ROOT, v);
            return l.checked_sub(&s).unwrap_or_default();
        };
        let max = self.game.root().kind() == NodeKind::Max;
        let mut ways = Count::ONE;
        for (e, h) in self.game.root().children().iter().zip(held) {
            let (t, l, s) = self.spread(e.child, v);
            let here = match (h, max) {
                (Held::At, _) => l.checked_sub(&s).unwrap_or_default(),
                (Held::Any, true) => l,
                (Held::Worse, true) => s,
                (Held::Any, false) => t.checked_sub(&s).unwrap_or_default(),
                (Held::Worse, false) => t.checked_sub(&l).unwrap_or_default(),
            };
            ways = &ways * &here;
            if ways.is_zero() {
                break;
            }
        }
        // `hold_best` holds some child at the value (the root's best move).
        ways
    }

    /// Extends the listing from unknown `k` on, smallest first; `None` past
    /// [`MAX_CHECKS`].
    fn extend(&mut self, k: usize, max: usize, out: &mut Vec<Vec<Num>>) -> Option<()> {
        if out.len() >= max {
            return Some(());
        }
        if k == self.fixed.len() {
            out.push(self.fixed.iter().map(|v| Num::int(v.expect("every unknown given"))).collect());
            return Some(());
        }
        let (lo, hi) = self.range;
        let later = (self.fixed.len() - k - 1) as i128;
        let mut marks: Vec<i128> =
            self.marks.iter().chain(self.fixed[..k].iter().flatten()).map(|&m| i128::from(m)).collect();
        marks.extend([i128::from(lo) - 1, i128::from(hi) + 1]);
        marks.sort_unstable();
        let mut x = i128::from(lo);
        while x <= i128::from(hi) && out.len() < max {
            if self.tried >= MAX_CHECKS {
                return None;
            }
            self.fixed[k] = Some(x as i64);
            let passes = !self.count().is_zero();
            if passes {
                self.extend(k + 1, max, out)?;
                x += 1;
                continue;
            }
            // Far from every mark, every value up to as far from the next
            // stands as this one does.
            let next = marks.iter().copied().find(|&m| m > x).unwrap_or(i128::from(hi) + 1);
            // (A mark itself is never far: it ties.)
            let prev = marks.iter().copied().rev().find(|&m| m <= x).unwrap_or(i128::from(lo) - 1);
            let far = x - prev > later + 1 && next - x > later + 1;
            x = if far { (next - later - 1).max(x + 1) } else { x + 1 };
        }
        self.fixed[k] = None;
        Some(())
    }
}

impl super::Counted for Cdf<'_> {
    fn count_all(&mut self) -> Option<Count> {
        Some(self.count())
    }

    fn list_first(&mut self, max: usize) -> Option<Vec<Vec<Num>>> {
        let mut out = Vec::new();
        if max > 0 && !self.impossible {
            self.extend(0, max, &mut out)?;
        }
        self.fixed.iter_mut().for_each(|f| *f = None);
        Some(out)
    }

    fn counts_run(&self) -> u64 {
        self.tried
    }
}
