//! `pvs` (NegaScout) run symbolically, in MAX's view, as the other mirrors
//! run: the mirror of `src/search/pvs.rs` step for step.
//!
//! Besides leaves' values, declared bounds and ±∞, `pvs` holds the edges of
//! its null windows: a MAX node searches every child after its first with
//! `(α, α + δ)`, a MIN node with `(β − δ, β)`, where δ is 1 on integer
//! trees, else the smallest gap between the written numbers ([`delta`]).
//! So a value may be an unknown's plus a constant ([`Sym::Shifted`]),
//! compared with the others exactly (`symbolic::compare`). A child whose
//! scout returns strictly inside the node's window (`α < v < β`, a leaf
//! never) is searched again with the window itself, entered a second
//! time, as the real search records it.
//!
//! Below the node a null-window scout of an inner node enters, what
//! contradicts the expected `pruned` list (a node entered that it lists,
//! a cut whose skipped children it does not all list) is kept pending:
//! if the scout is searched again, its cuts prune nothing, and what the
//! re-search cuts may have been entered by the scout and still counts as
//! pruned (only the visits that count are looked at), so it is dropped;
//! if not, the scout's search counts as far as the search around it does,
//! and outside every scout (nothing above can be searched again) it
//! contradicts the answer. The scouted node itself counts as entered
//! either way (a re-search enters it again). The visit
//! order and the leaves are checked in order, as the real search enters
//! and evaluates them, scouts and re-searches alike.

use std::cmp::Ordering;

use super::{Loop, Scale, Search, Stop, Sym};
use crate::check::expect::Expect;
use crate::model::{Game, NodeId, NodeKind, Path};
use crate::num::Num;
use crate::search::options::CutRule;
use crate::search::trace::BoundKind;

/// `pvs`'s null-window width on `game` for block `e`, as `pvs::null_delta`
/// finds it once the unknowns (`unknown` says which nodes) hold values on
/// `scale`: 1 when every written number is an integer, else the smallest
/// gap between distinct ones. `None` when that depends on the values the
/// unknowns take (integers beside written fractions).
pub(super) fn delta(game: &Game, unknown: &dyn Fn(NodeId) -> bool, e: &Expect, scale: &Scale) -> Option<Num> {
    let known = game.ids().filter(|&id| !unknown(id)).map(|id| game.node(id));
    let mut written: Vec<Num> = known.flat_map(|n| n.scalar().into_iter().chain(n.eval())).collect();
    written.extend(game.bounds().filter(|_| !e.options.ignore_bounds).into_iter().flat_map(|(lo, hi)| [lo, hi]));
    let whole = written.iter().all(|v| v.is_whole());
    match scale {
        Scale::Integers if whole => Some(Num::ONE),
        Scale::Integers => None,
        Scale::Values { values, .. } => {
            written.extend(values.iter().copied());
            if written.iter().all(|v| v.is_whole()) {
                return Some(Num::ONE);
            }
            written.sort();
            written.dedup();
            Some(written.windows(2).map(|w| w[1] - w[0]).min().unwrap_or(Num::ONE))
        }
    }
}

impl Search<'_> {
    /// `Pvs::pvs`, with `Step::child` (always cutting on equality) and its
    /// exit (fail-soft; a MIN node's bound classified on the negated
    /// numbers, as the negamax search does).
    pub(super) fn pvs(&mut self, id: NodeId, path: &Path, alpha: Sym, beta: Sym) -> Result<(Sym, BoundKind), Stop> {
        self.scout(id, path, (alpha, beta), Scout::No).map(|(v, b, _)| (v, b))
    }

    /// [`Self::pvs`] of a node searched as `scout` says. The node counts as
    /// entered either way; what contradicts the answer below a null-window
    /// scout is kept pending (the last field), to be dropped if the scout
    /// is searched again.
    fn scout(
        &mut self,
        id: NodeId,
        path: &Path,
        (alpha, beta): (Sym, Sym),
        scout: Scout,
    ) -> Result<(Sym, BoundKind, bool), Stop> {
        let entered = self.enter(id, path);
        self.hoist = false;
        if let Some(v) = entered? {
            return Ok((v, BoundKind::Exact, false));
        }
        let scouted = scout != Scout::No;
        if scouted {
            self.pending.push(false);
        }
        let out = self.below(id, path, (alpha, beta), scout == Scout::Steady);
        let pending = scouted && self.pending.pop().unwrap_or(false);
        out.map(|(v, b)| (v, b, pending))
    }

    /// The loop over an inner node's children and its exit; `steady`: the
    /// node is the innermost scout's, and a re-search of it would stop
    /// against the same end of its window ([`Scout::Steady`]).
    fn below(
        &mut self,
        id: NodeId,
        path: &Path,
        (alpha, beta): (Sym, Sym),
        steady: bool,
    ) -> Result<(Sym, BoundKind), Stop> {
        let window = (alpha, beta);
        let kind = self.game.node(id).kind();
        let mut at = Loop::new(kind == NodeKind::Max, window);
        let order = self.order(id)?;
        // A re-search of a steady scouted node searches its children up to
        // child `n` (exclusive) as the scout did, with the same outcome,
        // when they are leaves: what the scout did there holds either way,
        // as far as the search around it counts.
        let leaf = |c: usize| self.game.node(self.game.node(id).child(c)).kind() == NodeKind::Leaf;
        let same: Vec<bool> = (0..=order.len()).map(|n| steady && order[..n].iter().all(|&c| leaf(c))).collect();
        for (n, &i) in order.iter().enumerate() {
            let (c, to) = (self.game.node(id).child(i), path.child(i as u32));
            let (alpha, beta) = (at.alpha, at.beta);
            // The window the child is first searched with.
            let first = match (n, at.maximizing) {
                (0, _) => (alpha, beta),
                (_, true) => (alpha, alpha.plus(self.delta)),
                (_, false) => (beta.plus(-self.delta), beta),
            };
            // A scout of an inner node may be searched again (a leaf never).
            let child_kind = self.game.node(c).kind();
            let direct = child_kind == NodeKind::Leaf;
            let scout = match (n > 0 && !direct, child_kind != kind) {
                (false, _) => Scout::No,
                (true, true) => Scout::Steady,
                (true, false) => Scout::Yes,
            };
            self.hoist = same[n];
            let (v, b, pending) = self.scout(c, &to, first, scout)?;
            let mut child = (v, b);
            if scout != Scout::No && self.inside(at.maximizing, child.0, (alpha, beta))? {
                child = self.pvs(c, &to, alpha, beta)?;
            } else if pending {
                // Not searched again: what it did counts as far as this does.
                self.contradicts()?;
            }
            let rest = &order[n + 1..];
            if self.fold(&mut at, child, CutRule::OnEquality, None, rest)? {
                if !rest.is_empty() && self.cut(path, rest).is_err() {
                    self.hoist = same[n + 1];
                    self.contradicts()?;
                }
                break;
            }
        }
        let bound = match at.maximizing {
            true => self.classify(at.known, at.v, window)?,
            false => self.classify_negated(at.known, at.v, window)?,
        };
        Ok((at.v, bound))
    }

    /// `a < score && score < b` in the node's side's terms, in the order
    /// the real search compares: at a MAX node `α < v`, then `v < β`; at a
    /// MIN node (`−β < −v`, then `−v < −α`) `v < β`, then `α < v`.
    fn inside(&self, maximizing: bool, v: Sym, (alpha, beta): (Sym, Sym)) -> Result<bool, Stop> {
        let above = |s: &Self| s.is(alpha, v, Ordering::is_lt);
        let below = |s: &Self| s.is(v, beta, Ordering::is_lt);
        Ok(match maximizing {
            true => above(self)? && below(self)?,
            false => below(self)? && above(self)?,
        })
    }
}

/// How a child is searched.
#[derive(Clone, Copy, PartialEq)]
enum Scout {
    /// Not with a null window that may be searched again: a node's first
    /// child, a leaf, a re-search.
    No,
    /// With a null window, searched again when its value falls strictly
    /// inside the window around it.
    Yes,
    /// [`Scout::Yes`] of a MIN child of MAX or a MAX child of MIN: its stop
    /// test is against the end of its window the scout and the re-search
    /// share (`pvs` scouts a MIN child with `(α, α + δ)` and searches it
    /// again with `(α, β)`: the same α; a MAX child with `(β − δ, β)` and
    /// `(α, β)`: the same β).
    Steady,
}
