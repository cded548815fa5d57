//! Joining two builders that read one tree in two halves (the quick
//! loader's `split.rs`): ours read the root and its first children, the
//! other the root's later children, with a stand-in for the root as its
//! node 0. The result is the builder one reader of the whole text has at
//! the same point, field by field: the other's nodes and edges come after
//! ours in the arenas, as they come after ours in the text, and its
//! vectors and probabilities are coded again in the order they are met.

use std::collections::HashMap;

use crate::fx::FxBuild;
use crate::model::codes::{Codes, NONE};
use crate::model::{Builder, Edge, NodeId, NodeKind, VECTOR};

/// Where the other builder's nodes went: its node 0 (the root's stand-in)
/// is the root, its node k is `k + by`; `NodeId(u32::MAX)` (an edge still
/// to resolve) stays as it is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shift {
    by: u32,
}

impl Shift {
    pub(crate) fn id(self, id: NodeId) -> NodeId {
        match id.0 {
            0 => NodeId::ROOT,
            u32::MAX => id,
            k => NodeId(k + self.by),
        }
    }
}

impl Builder {
    /// A builder for the nodes after a split, whose node 0 stands for the
    /// root (a MAX node without children, never given any).
    pub(crate) fn for_second_half(nodes: usize) -> Builder {
        let mut half = Builder::with_capacity(nodes + 1, nodes);
        half.add_node(NodeKind::Max, crate::diagnostic::Span::new(0, 0));
        half
    }

    /// Room for `nodes` more nodes and edges, and `extras` more nodes'
    /// rare parts (as [`Builder::with_capacity`] and
    /// [`Builder::reserve_extras`] make).
    pub(crate) fn reserve(&mut self, nodes: usize, extras: usize) {
        self.game.slots.reserve_exact(nodes);
        self.game.edges.reserve_exact(nodes);
        self.game.node_extras.reserve_exact(extras);
    }

    /// Appends `other`'s nodes after ours (see the module doc); says where
    /// they went.
    pub(crate) fn append(&mut self, other: Builder) -> Shift {
        let shift = Shift { by: self.game.slots.len() as u32 - 1 };
        let (first_edge, first_extra) = (self.game.edges.len() as u64, self.game.node_extras.len() as u32);
        let theirs = other.game;
        // Each of their vectors, at its place in our table.
        let mut moved: HashMap<u64, u64, FxBuild> = HashMap::default();
        self.game.slots.reserve(theirs.slots.len().saturating_sub(1));
        for slot in theirs.slots.iter().skip(1) {
            let mut slot = slot.clone();
            match (slot.kind, slot.extra) {
                (NodeKind::Leaf, VECTOR) => {
                    let data = slot.data;
                    slot.data = *moved.entry(data).or_insert_with(|| {
                        let vector = theirs.vector_at(data);
                        (vector.len() as u64) << 32 | u64::from(self.intern_vector(vector))
                    });
                }
                (NodeKind::Leaf, NONE) => {}
                (_, NONE) => slot.data += first_edge,
                (NodeKind::Leaf, extra) => slot.extra = extra + first_extra,
                (_, extra) => {
                    slot.extra = extra + first_extra;
                    slot.data += first_edge;
                }
            }
            self.game.slots.push(slot);
        }
        let edges = theirs.edges.iter().map(|e| Edge { child: shift.id(e.child) });
        self.game.edges.extend(edges);
        let their_edges = theirs.edges.len();
        release(theirs.slots);
        release(theirs.edges);
        self.game.node_extras.extend(theirs.node_extras);
        let first = first_edge as u32;
        self.game.edge_extras.extend(theirs.edge_extras.into_iter().map(|(k, x)| (k + first, x)));
        if !(self.game.probs.is_empty() && theirs.probs.is_empty()) {
            if self.game.probs.is_empty() {
                let room = self.game.edges.capacity();
                self.game.probs = Codes::nones(first_edge as usize, room);
            }
            for k in 0..their_edges {
                let code = match theirs.probs.get(k) {
                    Some(c) if c != NONE => self.prob_code(Some(theirs.prob_values[c as usize])),
                    _ => NONE,
                };
                self.game.probs.push(code);
            }
        }
        if self.game.first_chance.is_none() {
            self.game.first_chance = theirs.first_chance.map(|id| shift.id(id));
        }
        self.game.named |= theirs.named;
        shift
    }
}

/// Frees a big vector by shrinking it to one item first. glibc raises its
/// mmap threshold to the size of any mapped block under 32 MiB that is
/// freed, and from then on every block under that size comes from the
/// heap, which keeps what is freed: the half's 13 MB of nodes at 10^6
/// leaves made `minimax` about a tenth slower, its 22 MB of edges at 10^7
/// the peak 28 MB higher. A mapped block shrunk in place to a page and
/// then freed leaves the threshold as it was.
fn release<T>(mut v: Vec<T>) {
    v.truncate(1);
    v.shrink_to_fit();
}
