//! The small games `rootwise.rs` judges a root move (or a split move's
//! child) on: the move copied beneath leaves that give it its window.

use crate::diagnostic::Span;
use crate::model::{Builder, Game, NodeId, NodeKind};

/// A root move's own game, its leaf holding the window's end, and each
/// node of the move's subtree beside its copy.
pub(super) struct OwnGame {
    pub game: Game,
    pub pad: NodeId,
    pub copies: Vec<(NodeId, NodeId)>,
}

/// A game of the root (of `kind`) with two children: a leaf (the window's
/// end, set before each search) and a copy of `work`'s subtree at `m`.
pub(super) fn own_game(work: &Game, kind: NodeKind, m: NodeId) -> Option<OwnGame> {
    let span = Span::new(0, 0);
    let mut b = Builder::new();
    b.set_bounds(work.bounds());
    let root = b.add_node(kind, span);
    let (lo, _) = work.bounds()?;
    let pad = b.add_leaf(span, lo);
    let mut copies = Vec::new();
    let top = copy(&mut b, work, m, &mut copies)?;
    b.set_plain_children(root, [pad, top]);
    let game = b.build().ok()?;
    Some(OwnGame { game, pad, copies })
}

fn copy(b: &mut Builder, work: &Game, id: NodeId, copies: &mut Vec<(NodeId, NodeId)>) -> Option<NodeId> {
    let node = work.node(id);
    let span = Span::new(0, 0);
    let kind = node.kind();
    let mine = if kind == NodeKind::Leaf { b.add_leaf(span, node.scalar()?) } else { b.add_node(kind, span) };
    copies.push((id, mine));
    if kind != NodeKind::Leaf {
        let children: Vec<NodeId> = node.children().iter().map(|c| c.child).collect();
        let mut made = Vec::with_capacity(children.len());
        for c in children {
            made.push(copy(b, work, c, copies)?);
        }
        if kind == NodeKind::Chance {
            b.set_prob_children(mine, made, work.probs(id).collect::<Vec<_>>());
        } else {
            b.set_plain_children(mine, made);
        }
    }
    Some(mine)
}

/// A child's own game: a MAX root, a leaf (α), a MIN node, a leaf (β),
/// the child `c` of `work` copied; the two leaves, and each node of the
/// child's subtree beside its copy.
#[allow(clippy::type_complexity)]
pub(super) fn kid_game(work: &Game, c: NodeId) -> Option<(Game, (NodeId, NodeId), Vec<(NodeId, NodeId)>)> {
    let span = Span::new(0, 0);
    let (lo, hi) = work.bounds()?;
    let mut b = Builder::new();
    b.set_bounds(work.bounds());
    let root = b.add_node(NodeKind::Max, span);
    let a = b.add_leaf(span, lo);
    let min = b.add_node(NodeKind::Min, span);
    let beta = b.add_leaf(span, hi);
    let mut copies = Vec::new();
    let top = copy(&mut b, work, c, &mut copies)?;
    b.set_plain_children(min, [beta, top]);
    b.set_plain_children(root, [a, min]);
    Some((b.build().ok()?, (a, beta), copies))
}
