//! `mtdf` run symbolically, in MAX's view: the mirror of
//! `src/search/mtdf.rs` and of the `negamax-tt` passes it makes
//! (`src/search/negamax_tt.rs`), step for step.
//!
//! Where no position is shared and the table is unlimited, a node's entry
//! is written only by the searches of that node, so the table is one slot
//! a node: the value (a [`Sym`]) and the flag its last search stored, in
//! MAX's view. Every value a pass returns is a leaf's value (fail-soft: a
//! node's best child, or a stored value), so the passes' windows are such
//! a value and that value plus or minus δ ([`Sym::Shifted`], as `pvs`'s
//! null windows are), and the loop's guesses and bounds are leaves'
//! values, declared bounds or ±∞: every test the loop makes (`g ==
//! lower`, `g < β`, `lower >= upper`) is a comparison the box decides.
//!
//! In MAX's view the table narrows a node's window the same way at a MAX
//! and a MIN node (a lower bound above α raises α, an upper bound below β
//! lowers β: negated, the side's tests are these), and the flag stored is
//! the side's read back: `v ≤` the window's low edge an upper bound, `v ≥`
//! its high edge a lower one, else exact, where the window is `(α₀, β)` at
//! a MAX node and `(α, β₀)` at a MIN node (its side's `−v ≥ −α`, `−v ≤
//! −β₀`), α₀, β₀ the window the node was entered with and α, β the window
//! the table left.
//!
//! The visit order and the leaves evaluated are over every pass, in
//! order, and are checked as the passes go. The pruned edges, node values
//! and best move are the deciding pass's, which only the whole run tells,
//! so nothing here judges them: the box's corner is judged by the real
//! search once every comparison is decided.

use std::cmp::Ordering;

use super::{Loop, Search, Stop, Sym};
use crate::model::{NodeId, NodeKind, Path};
use crate::num::Num;
use crate::search::options::CutRule;
use crate::search::trace::BoundKind;

/// What the table holds for each node (by index): its value and flag.
type Table = Vec<Option<(Sym, BoundKind)>>;

impl Search<'_> {
    /// `mtdf`'s loop of null-window passes from its first guess.
    pub(super) fn mtdf(&mut self) -> Result<(), Stop> {
        let mut table: Table = vec![None; self.game.len()];
        let (mut lower, mut upper) = self.range;
        let (Sym::Const(lo), Sym::Const(hi)) = (lower, upper) else { return Err(Stop::Contradicts) };
        let mut g = Sym::Const(self.e.options.guess.unwrap_or(Num::ZERO).clamp(lo, hi));
        let delta = self.delta;
        loop {
            let at_lower = self.is(g, lower, Ordering::is_eq)?;
            let beta = if at_lower { g.plus(delta) } else { g };
            // δ lost in floating point: only a constant can lose it (the
            // unknowns' values and δ are exact rationals, `applies`).
            let lost = match beta {
                Sym::Const(b) => b - delta >= b,
                _ => false,
            };
            if lost || (at_lower && self.is(beta, lower, Ordering::is_le)?) {
                return self.pass(&mut table, lower, upper).map(|_| ());
            }
            let before = (lower, upper);
            g = self.pass(&mut table, beta.plus(-delta), beta)?;
            if self.is(g, beta, Ordering::is_lt)? {
                upper = g;
            } else {
                lower = g;
            }
            if self.is(lower, upper, Ordering::is_ge)? {
                return Ok(());
            }
            if self.is(lower, before.0, Ordering::is_le)? && self.is(upper, before.1, Ordering::is_ge)? {
                return self.pass(&mut table, lower, upper).map(|_| ());
            }
        }
    }

    /// One pass: the root searched with `(alpha, beta)`; its value.
    fn pass(&mut self, table: &mut Table, alpha: Sym, beta: Sym) -> Result<Sym, Stop> {
        self.with_table(table, NodeId::ROOT, &Path::root(), (alpha, beta)).map(|(v, _)| v)
    }

    /// `TtSearch::negamax` in MAX's view: the probe, the children's loop
    /// (`negamax-ab`'s, always cutting on equality), the store and the
    /// bound the node leaves with.
    fn with_table(
        &mut self,
        table: &mut Table,
        id: NodeId,
        path: &Path,
        (alpha, beta): (Sym, Sym),
    ) -> Result<(Sym, BoundKind), Stop> {
        if let Some(v) = self.enter(id, path)? {
            return Ok((v, BoundKind::Exact));
        }
        let (mut a, mut b) = (alpha, beta);
        if let Some((e, flag)) = table[id.index()] {
            match flag {
                BoundKind::Exact => return Ok((e, flag)),
                BoundKind::Lower if self.is(e, a, Ordering::is_gt)? => a = e,
                BoundKind::Upper if self.is(e, b, Ordering::is_lt)? => b = e,
                BoundKind::Lower | BoundKind::Upper => {}
            }
            if self.is(a, b, Ordering::is_ge)? {
                return Ok((e, flag));
            }
        }
        let maximizing = self.game.node(id).kind() == NodeKind::Max;
        let mut at = Loop::new(maximizing, (a, b));
        let order = self.order(id)?;
        for (n, &i) in order.iter().enumerate() {
            let window = (at.alpha, at.beta);
            let child = self.with_table(table, self.game.node(id).child(i), &path.child(i as u32), window)?;
            if self.fold(&mut at, child, CutRule::OnEquality, None, &order[n + 1..])? {
                break;
            }
        }
        let v = at.v;
        // The window the side's tests read: `(α₀, β)` at MAX, `(α, β₀)` at
        // MIN. `α < β` there, so the two tests never both hold and their
        // order does not matter.
        let window = if maximizing { (alpha, b) } else { (a, beta) };
        let flag = if self.is(v, window.0, Ordering::is_le)? {
            BoundKind::Upper
        } else if self.is(v, window.1, Ordering::is_ge)? {
            BoundKind::Lower
        } else {
            BoundKind::Exact
        };
        let bound =
            if maximizing { self.classify(at.known, v, window)? } else { self.classify_negated(at.known, v, window)? };
        table[id.index()] = Some((v, flag));
        Ok((v, bound))
    }
}
