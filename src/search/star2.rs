//! `star2`: `star1` plus Ballard's probing phase at CHANCE nodes.
//!
//! Ballard (1983), §4; pseudocode as in Hauk, Buro & Schaeffer,
//! "Rediscovering *-Minimax Search" (2004), for N equally likely outcomes
//! whose successors are MAX nodes (their negamax form):
//!
//! ```text
//! star2(s, α, β):
//!     A ← N·(α − U) + U;   B ← N·(β − L) + L;   vsum ← 0
//!     for i ← 1 … N:                       // probing phase
//!         BX ← min(B, U)
//!         W[i] ← probe(child i, max(A, L), BX)   // search one successor only
//!         vsum ← vsum + W[i]
//!         if W[i] ≥ B: return (vsum + L·(N − i)) / N   // fail high
//!         B ← B + L − W[i]
//!     … then star1's loop, with W[j] in place of L for the children
//!       not yet searched …
//! ```
//!
//! Here, with probabilities and both sides: before searching a CHANCE
//! node's children, each MAX or MIN child (not a leaf, not at the depth
//! cutoff, not a CHANCE node) is *probed*: entered (`Event::Probe`) and
//! only its first child in search order searched, with the window star1
//! would give it. A MIN child's first reply bounds it above, a MAX child's
//! below; these bounds replace `[L, U]` in star1's arithmetic, so the chance
//! node may be cut during probing, and the search phase (star1's loop) works
//! with tighter windows. A probe returns its bound (`≤ v` / `≥ v`), never
//! clamped. A probed child is searched again in full if the chance node
//! goes on, so it, and its first child's subtree, appear twice in the visit
//! order (and its leaves twice in the leaf order). A child only probed, never
//! searched in full, counts as pruned when the chance node stops early.

use crate::model::{NodeId, NodeKind};
use crate::search::Interval;
use crate::search::star_chance::Chance;
use crate::search::star1::Star;

pub fn star2(
    game: &crate::model::Game,
    opts: &crate::search::options::Options,
    sink: crate::search::stream::Sink,
) -> crate::search::trace::Trace {
    Star::new(game, opts, crate::search::Algorithm::Star2, None).run_to(sink)
}

impl Star<'_> {
    /// Probes the children of chance node `id`, narrowing what `bet` knows; returns
    /// `Some(high)` when the chance node is cut during probing (the cut is
    /// recorded, every child counted as pruned).
    pub(crate) fn probe_phase(&mut self, id: NodeId, order: &[u32], bet: &mut Chance) -> Option<bool> {
        for &i in order {
            let c = self.game.node(id).children()[i as usize].child;
            let node = self.game.node(c);
            let probeable = matches!(node.kind(), NodeKind::Max | NodeKind::Min)
                && self.order.direct_value(c, bet.depth + 1).is_none();
            if !probeable {
                continue;
            }
            let (a, b) = bet.window(i as usize, self.range);
            let (v, bound) = self.minmax(c, i, bet.depth + 1, a, b, true);
            bet.learn(i as usize, Interval::of(v, bound, self.range));
            if let Some(high) = bet.cut(self.opts) {
                self.push_chance_cut(bet, high, order.to_vec());
                return Some(high);
            }
        }
        None
    }
}
