//! A node of a [`Game`] as the algorithms read it: its slot, its rare
//! parts and its place in the text, through accessors.

use super::{Edge, EdgeView, Game, NodeExtra, NodeId, NodeKind, Payload, Slot, Utility, VECTOR};
use crate::diagnostic::Span;
use crate::num::Num;

/// A node of a [`Game`], read through its accessors.
#[derive(Clone, Copy, Debug)]
pub struct NodeRef<'a> {
    pub(super) game: &'a Game,
    pub(super) id: NodeId,
    pub(super) slot: &'a Slot,
    pub(super) extra: Option<&'a NodeExtra>,
}

impl<'a> NodeRef<'a> {
    pub fn kind(&self) -> NodeKind {
        self.slot.kind
    }

    pub fn is_leaf(&self) -> bool {
        self.slot.kind == NodeKind::Leaf
    }

    pub fn name(&self) -> Option<&'a str> {
        self.extra.and_then(|x| x.words.as_ref()?.name.as_deref())
    }

    /// The edges to the children, in written order.
    pub fn children(&self) -> &'a [Edge] {
        &self.game.edges[self.slot.edges()]
    }

    /// The `i`-th child's id.
    pub fn child(&self, i: usize) -> NodeId {
        self.children()[i].child
    }

    /// The `i`-th edge with its label, probability and `&` flag.
    pub fn edge(&self, i: usize) -> EdgeView<'a> {
        let range = self.slot.edges();
        assert!(i < range.len(), "edge {i} of a node with {} children", range.len());
        self.game.view(range.start + i)
    }

    /// Every edge, with what is written on it.
    pub fn edges(&self) -> impl DoubleEndedIterator<Item = EdgeView<'a>> + ExactSizeIterator + 'a {
        let game = self.game;
        self.slot.edges().map(move |k| game.view(k))
    }

    pub fn utility(&self) -> Utility<'a> {
        if self.slot.kind != NodeKind::Leaf {
            return Utility::None;
        }
        if self.slot.extra == VECTOR {
            return Utility::Vector(self.game.vector_at(self.slot.data));
        }
        match self.extra.map(|x| &x.payload) {
            Some(Payload::Vector(v)) => Utility::Vector(v),
            Some(Payload::Unknown) => Utility::Unknown,
            Some(Payload::Scalar(v)) => Utility::Scalar(*v),
            _ => Utility::Scalar(Num::int(self.slot.data as i64)),
        }
    }

    /// The scalar utility of a two-player leaf.
    pub fn scalar(&self) -> Option<Num> {
        match self.utility() {
            Utility::Scalar(v) => Some(v),
            _ => None,
        }
    }

    pub fn eval(&self) -> Option<Num> {
        match self.extra.map(|x| &x.payload) {
            Some(Payload::Eval(v)) => Some(*v),
            _ => None,
        }
    }

    pub fn key(&self) -> Option<&'a str> {
        self.extra.and_then(|x| x.words.as_ref()?.key.as_deref())
    }

    pub fn noisy(&self) -> bool {
        self.extra.is_some_and(|x| x.noisy)
    }

    /// Where the node is written (its kind and name, or the leaf); the
    /// empty span at 0 once the game gave its spans back
    /// ([`Game::release_spans`]).
    pub fn span(&self) -> Span {
        match self.game.spans.get(self.id.index()) {
            Some(&[start, end]) => Span { start: start as usize, end: end as usize },
            None => Span { start: 0, end: 0 },
        }
    }
}
