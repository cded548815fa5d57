//! One visit of the analysis, packed in 32 bytes: a search that visits
//! every node of a big tree keeps one of these per node.

use super::links::NONE;
use crate::model::{NodeId, NodeKind};
use crate::search::trace::{BoundKind, LeafSource};

/// One node as the search entered it, in 32 bytes.
///
/// It knows its place by its parent visit and its index there, not by a
/// path of its own: [`Analysis::path_of`](super::Analysis::path_of) walks up to make the path, and
/// [`Analysis::children`](super::Analysis::children) lists the visits entered from it. Its value is a
/// code of the analysis's table ([`Analysis::value_of`](super::Analysis::value_of)); the rest of what
/// it says is read through its methods.
#[derive(Clone, Debug, PartialEq)]
pub struct Visit {
    /// Visit index of the visit it was entered from (`NONE` for a root).
    pub(super) up: u32,
    /// Its child index as written under its parent (0 for a root).
    pub(super) index: u32,
    /// One past the last visit entered below it: visits are in preorder,
    /// so those entered below it come right after it (`NONE` while it is
    /// open, as the analysis is built).
    pub(super) end: u32,
    pub node: NodeId,
    /// What it returned (MAX's view): a code of the analysis's values
    /// (`NONE`: nothing yet), read by [`Analysis::value_of`](super::Analysis::value_of).
    pub(super) value: u32,
    /// The written index of the child that gave the node its value (`NONE`).
    pub(super) best: u32,
    /// Its bound, how it was evaluated, its marks and its path's length:
    /// see [`flag`].
    pub(super) flags: u32,
    /// The window it was entered with (none for minimax-style searches)
    /// and its side-to-move value (negamax-style algorithms), when it has
    /// either: an index into the analysis's `extras` (else `NONE`), read by
    /// [`Analysis::window`](super::Analysis::window) and [`Analysis::negamax`](super::Analysis::negamax).
    pub(super) extra: u32,
}

// A search that visits every node keeps one of these per node.
const _: () = assert!(std::mem::size_of::<Visit>() == 32);
const _: () = assert!(std::mem::size_of::<super::Cut>() == 32);

/// The bits of [`Visit::flags`].
pub(super) mod flag {
    use crate::model::NodeKind;

    /// The bound: 0 exact, 1 lower, 2 upper.
    pub const BOUND: u32 = 3;
    /// Evaluated directly: 0 no, 1 a terminal's utility, 2 an `eval`.
    pub const DIRECT_SHIFT: u32 = 2;
    pub const DIRECT: u32 = 3 << DIRECT_SHIFT;
    /// A `star2` probe (only the first child looked at); the node may be
    /// visited again for its full search.
    pub const PROBE: u32 = 1 << 4;
    /// Replaced by later work: inside a null-window scout that was
    /// re-searched, or in a pass other than the deciding one (MTD(f),
    /// iterative deepening). Counted as work, not read for answers.
    pub const SUPERSEDED: u32 = 1 << 5;
    /// The transposition table answered it (its children were not searched).
    pub const ANSWERED: u32 = 1 << 6;
    /// Its side-to-move value is its value, or its value negated (the
    /// same bits either way; else it is kept in the analysis's `extras`).
    pub const NEGAMAX_SAME: u32 = 1 << 7;
    pub const NEGAMAX_NEGATED: u32 = 1 << 8;
    /// Its node's kind: see [`kind`].
    pub const KIND_SHIFT: u32 = 9;
    pub const KIND: u32 = 7 << KIND_SHIFT;
    /// Its path's length is `flags >> DEPTH_SHIFT` (a spec nests at most
    /// `stack::MAX_DEPTH` deep, far below 2^20).
    pub const DEPTH_SHIFT: u32 = 12;

    /// The bits of a node's kind in a visit's flags.
    pub fn kind(kind: NodeKind) -> u32 {
        let code = match kind {
            NodeKind::Max => 0,
            NodeKind::Min => 1,
            NodeKind::Chance => 2,
            NodeKind::Player(_) => 3,
            NodeKind::Leaf => 4,
        };
        code << KIND_SHIFT
    }

    /// The kinds by their bits (a player's number is not kept: a report
    /// says `player`).
    pub const KINDS: [NodeKind; 5] =
        [NodeKind::Max, NodeKind::Min, NodeKind::Chance, NodeKind::Player(0), NodeKind::Leaf];
}

impl Visit {
    /// What it returned: exact, or a bound.
    pub fn bound(&self) -> BoundKind {
        match self.flags & flag::BOUND {
            0 => BoundKind::Exact,
            1 => BoundKind::Lower,
            _ => BoundKind::Upper,
        }
    }

    pub(super) fn set_bound(&mut self, bound: BoundKind) {
        let code = match bound {
            BoundKind::Exact => 0,
            BoundKind::Lower => 1,
            BoundKind::Upper => 2,
        };
        self.flags = (self.flags & !flag::BOUND) | code;
    }

    /// Set when the node was evaluated directly (a leaf or at the cutoff).
    pub fn direct(&self) -> Option<LeafSource> {
        match (self.flags & flag::DIRECT) >> flag::DIRECT_SHIFT {
            0 => None,
            1 => Some(LeafSource::Utility),
            _ => Some(LeafSource::Eval),
        }
    }

    pub(super) fn set_direct(&mut self, source: LeafSource) {
        let code = match source {
            LeafSource::Utility => 1,
            LeafSource::Eval => 2,
        };
        self.flags = (self.flags & !flag::DIRECT) | code << flag::DIRECT_SHIFT;
    }

    /// Whether it has returned a value (false while it is open).
    pub fn has_value(&self) -> bool {
        self.value != NONE
    }

    /// The written index of the child that gave the node its value.
    pub fn best_child(&self) -> Option<u32> {
        (self.best != NONE).then_some(self.best)
    }

    /// A `star2` probe (only the first child looked at); the node may be
    /// visited again for its full search.
    pub fn probe(&self) -> bool {
        self.flags & flag::PROBE != 0
    }

    /// Replaced by later work: inside a null-window scout that was
    /// re-searched, or in a pass other than the deciding one (MTD(f),
    /// iterative deepening). Counted as work, not read for answers.
    pub fn superseded(&self) -> bool {
        self.flags & flag::SUPERSEDED != 0
    }

    /// The transposition table answered it (its children were not searched).
    pub fn answered(&self) -> bool {
        self.flags & flag::ANSWERED != 0
    }

    /// The word a report gives its kind: its node's kind (`max`, `leaf`,
    /// …), or `horizon` for an inner node evaluated directly (at a depth
    /// cutoff).
    pub fn kind_word(&self) -> &'static str {
        let kind = flag::KINDS[((self.flags & flag::KIND) >> flag::KIND_SHIFT) as usize];
        if self.direct().is_some() && kind != NodeKind::Leaf { "horizon" } else { kind.word() }
    }
}

#[cfg(test)]
mod tests {
    use super::flag;
    use crate::model::NodeKind;

    #[test]
    fn a_visits_kind_bits_read_back_as_the_kinds_word() {
        for kind in [NodeKind::Max, NodeKind::Min, NodeKind::Chance, NodeKind::Player(2), NodeKind::Leaf] {
            let bits = flag::kind(kind);
            assert_eq!(bits & !flag::KIND, 0, "{kind:?} stays inside its bits");
            assert_eq!(flag::KINDS[(bits >> flag::KIND_SHIFT) as usize].word(), kind.word());
        }
    }
}
