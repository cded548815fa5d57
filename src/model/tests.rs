//! Tests of the arena: utilities in the compact slot, the rare parts.

use super::*;

#[test]
fn arena_nodes_and_edges_stay_small() {
    assert_eq!(std::mem::size_of::<Slot>(), 24);
    assert_eq!(std::mem::size_of::<Edge>(), 4);
}

/// A tree written with `[eval=…]` on every inner node keeps one of
/// these per inner node: its size is a tenth of a node's share of the
/// arena's budget (the issue-15 benchmark's 64 B a node).
#[test]
fn a_nodes_rare_parts_stay_small() {
    assert!(std::mem::size_of::<NodeExtra>() <= 40, "{}", std::mem::size_of::<NodeExtra>());
}

#[test]
fn utilities_round_trip_through_the_compact_slot() {
    let mut game = Builder::new();
    let root = game.add_node(NodeKind::Max, Span::new(0, 3));
    let values = [Num::int(-7), Num::int(i64::MIN), Num::parse("5/2").unwrap(), Num::INF, Num::int(3) / Num::int(1)];
    let leaves: Vec<NodeId> = values.iter().map(|_| game.add_node(NodeKind::Leaf, Span::new(4, 5))).collect();
    for (&id, &v) in leaves.iter().zip(&values) {
        game.set_scalar(id, v);
    }
    game.set_plain_children(root, leaves.iter().copied());
    let mut game = game.build().unwrap();
    for (&id, &v) in leaves.iter().zip(&values) {
        assert_eq!(game.node(id).scalar(), Some(v));
        assert_eq!(game.node(id).scalar().map(|s| s.is_exact()), Some(v.is_exact()));
    }
    game.set_leaf_value(leaves[2], Num::int(4)).unwrap();
    assert_eq!(game.node(leaves[2]).scalar(), Some(Num::int(4)));
    assert_eq!(game.node(root).children().len(), values.len());
    assert!(game.node(leaves[0]).children().is_empty());
}
