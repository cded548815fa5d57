//! Tests of the arena: utilities in the compact slot, the rare parts.

use super::*;

#[test]
fn arena_nodes_and_edges_stay_small() {
    assert_eq!(std::mem::size_of::<Slot>(), 16);
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

/// Vectors live in the game's table, each distinct one once; a leaf with
/// a name (another rare part) keeps its own, and a leaf given a vector and
/// then a name, or a vector and then a number, reads what it was given
/// last.
#[test]
fn vectors_are_stored_once_and_read_back_exactly() {
    let v = |xs: &[&str]| xs.iter().map(|x| Num::parse(x).unwrap()).collect::<Vec<Num>>();
    let mut game = Builder::new();
    game.set_players(vec!["A".into(), "B".into()]);
    let root = game.add_node(NodeKind::Player(0), Span::new(0, 1));
    let written = [v(&["1", "2"]), v(&["3", "4"]), v(&["1", "2"]), v(&["1", "5/2"]), v(&["1", "2"]), v(&["5", "6"])];
    let leaves: Vec<NodeId> = written.iter().map(|_| game.add_node(NodeKind::Leaf, Span::new(2, 3))).collect();
    game.set_name(leaves[4], "named".into());
    for (&id, vs) in leaves.iter().zip(&written) {
        game.set_vector(id, vs);
    }
    game.set_vector(leaves[5], &v(&["7", "8"]));
    game.set_name(leaves[5], "late".into());
    game.set_plain_children(root, leaves.iter().copied());
    let game = game.build().unwrap();
    let want = [v(&["1", "2"]), v(&["3", "4"]), v(&["1", "2"]), v(&["1", "5/2"]), v(&["1", "2"]), v(&["7", "8"])];
    for (&id, w) in leaves.iter().zip(&want) {
        let Utility::Vector(got) = game.node(id).utility() else { panic!("a vector leaf") };
        let bits = |xs: &[Num]| xs.iter().map(|n| n.bits()).collect::<Vec<_>>();
        assert_eq!(bits(got), bits(w));
    }
    assert_eq!(game.node(leaves[5]).name(), Some("late"));
    // (1, 2), (3, 4), (1, 5/2), (5, 6), and (7, 8) before the name moved
    // it out: five, not seven.
    assert_eq!(game.vectors.len(), 5 * 2);
    let mut b = Builder::of(game);
    b.set_scalar(leaves[1], Num::int(9));
    assert_eq!(b.node(leaves[1]).utility(), Utility::Scalar(Num::int(9)));
}

/// Inner nodes that carry only the same `eval` share one rare-parts entry;
/// a name, another `eval` or `[noisy]` keeps its own, and every node reads
/// back what was written on it.
#[test]
fn equal_evals_share_one_entry() {
    let text = "MAX [eval=0] { MIN [eval=0] { 1 2 } MIN [eval=0] { 3 ? } MIN C [eval=0] { 5 6 } \
                MIN [eval=1/2] { 7 8 } MIN [eval=0, noisy] { 9 10 } MIN [eval=0] { 11 12 } }";
    let game = load("t.tree", text).unwrap();
    let kids: Vec<NodeId> = game.root().children().iter().map(|e| e.child).collect();
    let evals: Vec<Option<Num>> = kids.iter().map(|&id| game.node(id).eval()).collect();
    let half = Num::parse("1/2").unwrap();
    let zero = Some(Num::ZERO);
    assert_eq!(evals, vec![zero, zero, zero, Some(half), zero, zero]);
    assert_eq!(game.root().eval(), zero);
    assert_eq!(game.node(kids[2]).name(), Some("C"));
    let noisy: Vec<bool> = kids.iter().map(|&id| game.node(id).noisy()).collect();
    assert_eq!(noisy, vec![false, false, false, false, true, false]);
    // eval 0 (root and four MINs), C, eval 1/2, eval 0 noisy, the `?` leaf.
    assert_eq!(game.node_extras.len(), 5);
    assert_eq!(game.first_unknown(), Some(game.node(kids[1]).child(1)));
}
