//! The builder's checks, one construct at a time.

use super::*;

fn kinds(result: Result<Game, Vec<Diagnostic>>) -> Vec<String> {
    result.err().unwrap_or_default().iter().map(|d| d.kind.to_string()).collect()
}

/// MAX root over one MIN node over the leaves `values`.
fn chain(values: &[i64]) -> (Builder, NodeId) {
    let mut b = Builder::new();
    let root = b.add_node(NodeKind::Max, Span::new(0, 3));
    let min = b.add_node(NodeKind::Min, Span::new(4, 7));
    let leaves: Vec<NodeId> = values.iter().map(|&v| b.add_leaf(Span::new(8, 9), Num::int(v))).collect();
    b.set_plain_children(root, [min]);
    b.set_plain_children(min, leaves);
    (b, min)
}

#[test]
fn a_complete_arena_builds() {
    let (b, _) = chain(&[3, 5]);
    let game = b.build().unwrap();
    assert_eq!(game.len(), 4);
    assert_eq!(game.root().children().len(), 1);
}

#[test]
fn an_empty_arena_or_a_childless_inner_node_is_refused() {
    assert_eq!(kinds(Builder::new().build()).len(), 1);
    let mut b = Builder::new();
    b.add_node(NodeKind::Max, Span::new(0, 3));
    let found = kinds(b.build());
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0], K::NoChildren.to_string());
}

#[test]
fn leaves_outside_the_bounds_are_refused() {
    let (mut b, _) = chain(&[3, 15]);
    b.set_bounds(Some((Num::int(0), Num::int(10))));
    let found = kinds(b.build());
    let kind = K::OutOfBounds { value: "15".into(), lo: "0".into(), hi: "10".into() };
    assert_eq!(found, [kind.to_string()]);
}

#[test]
fn a_cycle_through_a_transposition_is_refused_at_its_ampersand() {
    let mut b = Builder::new();
    let root = b.add_node(NodeKind::Max, Span::new(0, 3));
    let min = b.add_node(NodeKind::Min, Span::new(4, 7));
    let leaf = b.add_leaf(Span::new(8, 9), Num::int(1));
    b.set_plain_children(root, [min]);
    let back = NewEdge { child: Some(root), transposition: true, ..NewEdge::default() };
    let plain = NewEdge { child: Some(leaf), ..NewEdge::default() };
    b.set_children(min, [plain, back]);
    b.set_transposition_span(min, 1, Span::new(20, 22));
    let errors = b.build().unwrap_err();
    assert_eq!(errors.len(), 1);
    assert!(matches!(errors[0].kind, K::Cycle { .. }), "{:?}", errors[0]);
    assert_eq!(errors[0].span, Span::new(20, 22));
}

#[test]
fn probabilities_must_sum_to_one() {
    let mut b = Builder::new();
    let root = b.add_node(NodeKind::Chance, Span::new(0, 6));
    let leaves: Vec<NodeId> = (0..2).map(|v| b.add_leaf(Span::new(7, 8), Num::int(v))).collect();
    let half = Num::parse("1/2").unwrap();
    let third = Num::parse("1/3").unwrap();
    let edges =
        leaves.iter().zip([half, third]).map(|(&c, p)| NewEdge { child: Some(c), prob: Some(p), ..NewEdge::default() });
    b.set_children(root, edges);
    let errors = b.build().unwrap_err();
    assert!(matches!(&errors[0].kind, K::ProbabilitySum { sum } if sum == "5/6"), "{errors:?}");
}

#[test]
fn a_leaf_value_keeps_the_game_valid() {
    let (mut b, min) = chain(&[3, 5]);
    b.set_bounds(Some((Num::int(0), Num::int(10))));
    let mut game = b.build().unwrap();
    let leaf = game.node(min).child(1);
    game.set_leaf_value(leaf, Num::int(7)).unwrap();
    assert_eq!(game.node(leaf).scalar(), Some(Num::int(7)));
    let refused = game.set_leaf_value(leaf, Num::int(11)).unwrap_err();
    assert_eq!(refused, "11 lies outside the declared bounds [0, 10]");
    assert_eq!(game.node(leaf).scalar(), Some(Num::int(7)));
    assert!(game.set_leaf_value(min, Num::int(1)).is_err(), "an inner node has no value");
}
