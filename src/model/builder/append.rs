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
        self.game.spans.reserve_exact(nodes);
        self.game.edges.reserve_exact(nodes);
        self.game.node_extras.reserve_exact(extras);
    }

    /// Moves the spans of the nodes after the first `from` by `by` bytes
    /// (a YAML tree read in pieces, `quick/pieces.rs`: from a piece's
    /// offsets to the file's, saturating as [`Builder::add_node`] does).
    pub(crate) fn shift_spans(&mut self, from: usize, by: usize) {
        let by = u32::try_from(by).unwrap_or(u32::MAX);
        for [start, end] in &mut self.game.spans[from..] {
            *start = start.saturating_add(by);
            *end = end.saturating_add(by);
        }
    }

    /// Turns this second half's nodes, edges and rare parts around, last
    /// first, as [`Builder::append`] takes them: done on the half's own
    /// thread, as soon as it has read its part.
    pub(crate) fn turn_around(&mut self) {
        self.game.slots.reverse();
        self.game.spans.reverse();
        self.game.edges.reverse();
        self.game.node_extras.reverse();
    }

    /// Appends `other`'s nodes after ours (see the module doc), its nodes
    /// and edges turned around ([`Builder::turn_around`]); says where they
    /// went. Theirs are freed a chunk at a time as they are copied, so the
    /// pages of both are never all written at once: a tree read in halves
    /// touches no more memory than one reader's (where ours has room for
    /// both already, as `split.rs` reserves it).
    pub(crate) fn append(&mut self, other: Builder) -> Shift {
        let shift = Shift { by: self.game.slots.len() as u32 - 1 };
        let (first_edge, first_extra) = (self.game.edges.len() as u64, self.game.node_extras.len() as u32);
        let mut theirs = other.game;
        // The root's stand-in: their first node, last once turned around.
        theirs.slots.pop();
        theirs.spans.pop();
        // Each of their vectors, at its place in our table (coded in the
        // order they are met, before their nodes go).
        let mut moved: HashMap<u64, u64, FxBuild> = HashMap::default();
        for slot in theirs.slots.iter().rev().filter(|s| (s.kind, s.extra) == (NodeKind::Leaf, VECTOR)) {
            moved.entry(slot.data).or_insert_with(|| {
                let vector = theirs.vector_at(slot.data);
                (vector.len() as u64) << 32 | u64::from(self.intern_vector(vector))
            });
        }
        // Where each of their rare parts goes: an eval shared among their
        // nodes ([`Builder::set_shared_eval`]) to ours of the same eval if
        // we have one, the others after ours in their order.
        let mut kept = first_extra;
        let mut place: Vec<u32> = Vec::with_capacity(theirs.node_extras.len());
        for x in theirs.node_extras.iter().rev() {
            let at = match x.shared_key() {
                Some(key) => *self.shared_evals.entry(key).or_insert(kept),
                None => kept,
            };
            kept += u32::from(at == kept);
            place.push(at);
        }
        let mut slots = std::mem::take(&mut theirs.slots);
        while let Some(keep) = next_chunk(&mut slots, &mut self.game.slots) {
            for mut slot in slots.drain(keep..).rev() {
                match (slot.kind, slot.extra) {
                    (NodeKind::Leaf, VECTOR) => slot.data = moved[&slot.data],
                    (NodeKind::Leaf, NONE) => {}
                    (_, NONE) => slot.data += first_edge,
                    (NodeKind::Leaf, extra) => slot.extra = place[extra as usize],
                    (_, extra) => {
                        slot.extra = place[extra as usize];
                        slot.data += first_edge;
                    }
                }
                self.game.slots.push(slot);
            }
        }
        let mut spans = std::mem::take(&mut theirs.spans);
        while let Some(keep) = next_chunk(&mut spans, &mut self.game.spans) {
            self.game.spans.extend(spans.drain(keep..).rev());
        }
        let their_edges = theirs.edges.len();
        let mut edges = std::mem::take(&mut theirs.edges);
        while let Some(keep) = next_chunk(&mut edges, &mut self.game.edges) {
            let chunk = edges.drain(keep..).rev().map(|e| Edge { child: shift.id(e.child) });
            self.game.edges.extend(chunk);
        }
        // Their rare parts too: a tree with `[eval=…]` on every inner node
        // has one for each.
        let mut extras = std::mem::take(&mut theirs.node_extras);
        let mut places = place.into_iter();
        while let Some(keep) = next_chunk(&mut extras, &mut self.game.node_extras) {
            for x in extras.drain(keep..).rev() {
                // Places not shared are given in order: the next is ours.
                if places.next() == Some(self.game.node_extras.len() as u32) {
                    self.game.node_extras.push(x);
                }
            }
        }
        let first = first_edge as u32;
        self.game.edge_extras.extend(theirs.edge_extras.into_iter().map(|(k, x)| (k + first, x)));
        if !(self.game.probs.is_empty() && theirs.probs.is_empty()) {
            if self.game.probs.is_empty() {
                let room = self.game.edges.capacity();
                self.game.probs = Codes::nones(first_edge as usize, room);
            }
            // Their codes number their probabilities in the order their
            // edges first carry them, so coding their table in its order
            // codes them in the order they are met.
            let ours: Vec<u32> = theirs.prob_values.iter().map(|&p| self.prob_code(Some(p))).collect();
            for k in 0..their_edges {
                let code = match theirs.probs.get(k) {
                    Some(c) if c != NONE => ours[c as usize],
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

/// Where the next chunk of `v` (2^16 items; `v` turned around, its first
/// items last) starts, `into` grown by exactly the chunk, after freeing
/// the chunk before it; `None` once `v` is empty. `v` shrinks in place, and its
/// last block freed is one item: glibc raises its mmap threshold to the
/// size of any mapped block under 32 MiB that is freed, and from then on
/// every block under that size comes from the heap, which keeps what is
/// freed (a half's 13 MB of nodes at 10^6 leaves, freed whole, made
/// `minimax` about a tenth slower; its 22 MB of edges at 10^7 raised the
/// peak 28 MB).
fn next_chunk<T, U>(v: &mut Vec<T>, into: &mut Vec<U>) -> Option<usize> {
    v.shrink_to_fit();
    if v.is_empty() {
        return None;
    }
    let keep = v.len().saturating_sub(1 << 16).max(usize::from(v.len() > 1));
    into.reserve_exact(v.len() - keep);
    Some(keep)
}
