use super::*;
use crate::search::trace::Event;

/// The bound the mirror gives each inner node (`exit`'s `classify`,
/// fed by the bounds of the nodes below it), searched with the window
/// the real search gave it, is the real search's, for `alphabeta` and
/// `negamax-ab` (which classifies at MIN nodes on negated numbers),
/// both cut rules and both fail modes, on every filling with 0..3 of a
/// two-ply tree under a MAX root and under a MIN root, with bounds
/// [0, 3] (finite windows, and null ones under strict cuts) and without
/// (a cut node's bound then reaches ±∞).
#[test]
fn the_mirror_bounds_each_node_as_the_real_searches_do() {
    let shapes = [("MAX", "MIN"), ("MIN", "MAX")];
    let mut kinds = std::collections::BTreeSet::new();
    for ((root, child), head) in shapes.into_iter().flat_map(|s| [(s, "bounds [0, 3]\n"), (s, "")]) {
        for filling in 0..4u32.pow(6) {
            let v: Vec<u32> = (0..6).map(|i| filling / 4u32.pow(i) % 4).collect();
            let tree = format!(
                "{head}{root} {{ {child} {{ {} {} }} {child} {{ {} {} }} {child} {{ {} {} }} }}\n",
                v[0], v[1], v[2], v[3], v[4], v[5]
            );
            for algorithm in ["alphabeta", "negamax-ab"] {
                for opts in ["", "(strict-cuts)", "(fail-hard)", "(strict-cuts, fail-hard)"] {
                    let text = format!("{tree}expect {algorithm}{opts} {{ value 0 }}\n");
                    let spec = crate::check::spec::load("t.tree", &text).expect("loads");
                    let e = &spec.expects[0];
                    let real = crate::search::run(&spec.game, e.algorithm, &e.options).expect("runs");
                    let mut open = Vec::new();
                    for event in real.events() {
                        match event {
                            Event::Enter { node, window: Some(w), .. } => open.push((node, w)),
                            Event::Exit { bound, .. } => {
                                let (node, w) = open.pop().expect("entered");
                                let got = mirror(&spec.game, e, node, (w.alpha, w.beta));
                                assert_eq!(got, Some(bound), "{text}node {node:?}, window {w:?}");
                                kinds.insert(format!("{:?} {bound:?}", spec.game.node(node).kind()));
                            }
                            _ => {}
                        }
                    }
                }
            }
        }
    }
    // Cut nodes' bounds were compared as well as exact values (a MAX
    // node cut is a lower bound, a MIN node's an upper one).
    assert!(kinds.contains("Max Lower") && kinds.contains("Min Upper"), "{kinds:?}");
}

/// The bound the mirror returns for `node` searched with `window`.
fn mirror(game: &Game, e: &Expect, node: NodeId, (alpha, beta): (Num, Num)) -> Option<BoundKind> {
    let region = Region::new(0, 0, 0);
    let slots = vec![None; game.len()];
    let range = match game.bounds() {
        Some((lo, hi)) => (Sym::Const(lo), Sym::Const(hi)),
        None => (Sym::Const(Num::NEG_INF), Sym::Const(Num::INF)),
    };
    let expected = Expected { pruned: vec![], any_pruned: false, visited: None, leaves: None };
    let mut s = Search {
        game,
        slots: &slots,
        scale: &Scale::Integers,
        b: &region,
        seen: &mut [],
        e,
        algorithm: e.algorithm,
        fail: e.options.fail,
        delta: Num::ONE,
        range,
        expected,
        entered: 0,
        pending: Vec::new(),
        hoist: false,
        evaluated: 0,
    };
    s.alphabeta(node, &Path::root(), Sym::Const(alpha), Sym::Const(beta)).ok().map(|(_, b)| b)
}
