//! Random small trees with unknown leaves, for the puzzle laws
//! (`puzzle_laws.rs`, `enumeration_laws.rs`): included by `#[path]`.

use proptest::prelude::*;

#[derive(Clone, Debug)]
pub enum T {
    /// `None`: an unknown leaf.
    Leaf(Option<i64>),
    Node(Vec<T>),
}

/// A tree of 2–3 children a node, up to three levels below the root's
/// children and about `size` nodes, its known leaves in `0..=top` and
/// about two leaves in three unknown.
pub fn tree(top: i64, size: u32) -> impl Strategy<Value = T> {
    let leaf = prop_oneof![(0i64..=top).prop_map(|v| T::Leaf(Some(v))), Just(T::Leaf(None)), Just(T::Leaf(None))];
    let inner = leaf.prop_recursive(2, size, 3, |inner| prop::collection::vec(inner, 2..=3).prop_map(T::Node));
    prop::collection::vec(inner, 2..=3).prop_map(T::Node)
}

/// How many leaves of `t` are unknown.
pub fn unknowns(t: &T) -> usize {
    match t {
        T::Leaf(v) => usize::from(v.is_none()),
        T::Node(cs) => cs.iter().map(unknowns).sum(),
    }
}

/// The value of the leaf at dotted path `p` (`2.1`).
pub fn leaf_at(game: &gametree::model::Game, p: &str) -> String {
    let mut id = gametree::model::NodeId::ROOT;
    for i in p.split('.') {
        id = game.node(id).child(i.parse::<usize>().unwrap() - 1);
    }
    game.node(id).scalar().unwrap().to_string()
}
