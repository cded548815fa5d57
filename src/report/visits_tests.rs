//! Tests of the per-visit views: dotted paths, descriptions, the cursor.

use super::visits::*;
use crate::analysis::Analysis;
use crate::model::{Path, write_dotted};

#[test]
fn dotted_paths_are_one_based() {
    let text = |p: &[u32]| {
        let mut buf = [0u8; 64];
        write_dotted(p, &mut buf).map(|n| String::from_utf8(buf[..n].to_vec()).unwrap())
    };
    assert_eq!(text(&[]).as_deref(), Some("root"));
    assert_eq!(text(&[0]).as_deref(), Some("1"));
    assert_eq!(text(&[1, 2, 9, 99]).as_deref(), Some("2.3.10.100"));
    assert_eq!(text(&[u32::MAX]).as_deref(), Some("4294967296"));
    assert_eq!(text(&[0; 40]), None);
    // `Path`'s own `Display`, past its 64-byte buffer too.
    for p in [vec![0], vec![9, 99, 999], vec![u32::MAX; 30], (0..100).collect()] {
        let joined: Vec<String> = p.iter().map(|&i| (u64::from(i) + 1).to_string()).collect();
        assert_eq!(Path(p).to_string(), joined.join("."));
    }
    assert_eq!(Path(vec![]).to_string(), "root");
    for p in [vec![], vec![0], vec![4, 0, 12]] {
        assert_eq!(text(&p).unwrap(), Path(p.clone()).to_string());
    }
}

/// `push_to` and `push_describe` against the slow ways they replace
/// (`Path`'s `Display`, `analysis::describe`) on every visit of trees
/// with and without names: quoted ones, a root named `root`, unnamed
/// nodes under named ones, a transposition.
#[test]
fn describe_as_analysis_does() {
    let trees = [
        "MAX { MIN { 3 12 8 } MIN { 2 4 6 } }",
        "MAX root { MIN { 3 x=12 } MIN B { 2 MIN { 5 7 } } }",
        "MAX \"r \\\"q\\\"\" { MIN { \"t\\tb\"=3 1 } MIN Ñandú { 日本=2 MAX { 1 2 } } }",
        "MAX A { MIN B { 1 2 } MIN C { &B 4 } }",
        "MAX { MIN { MAX { MIN { MAX { MIN { MAX { MIN { MAX { MIN { MAX { 1 2 3 4 5 6 7 8 9 10 11 12 } } } } } } } } } } }",
    ];
    for text in trees {
        let game = crate::model::load("t.tree", text).unwrap();
        let trace = crate::search::run(&game, crate::search::Algorithm::Minimax, &Default::default()).unwrap();
        let visits = Visits::new(&game, Analysis::of(&game, &trace));
        assert!(visits.nodes().count() > 3);
        for n in visits.nodes() {
            let mut out = String::from("x");
            n.path.push_to(&mut out);
            assert_eq!(out, format!("x{}", n.path.path()));
            assert_eq!(n.path.dotted_len(), out.len() - 1);
            let mut out = String::from("x");
            visits.push_describe(&game, n.path, &mut PathCursor::default(), &mut out);
            assert_eq!(out, format!("x{}", crate::analysis::describe(&game, &n.path.path())), "{text}");
            assert_eq!(Some(n.node), game.at(&n.path.path()));
        }
    }
}

/// The next of a xorshift stream, below `n`.
fn below(seed: &mut u64, n: u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed % n
}

/// A spec text of a random tree: MAX/MIN/CHANCE levels (CHANCE only
/// when `chance`), 1–3 children, leaves in -9..=9, some named nodes.
fn random_tree(seed: &mut u64, depth: u32, chance: bool, out: &mut String, names: &mut u32) {
    let mut next = |n: u64| below(seed, n);
    if depth == 0 || next(5) == 0 {
        out.push_str(&format!(" {}", next(19) as i64 - 9));
        return;
    }
    let kind = match (depth % 3, chance) {
        (0, true) => "CHANCE",
        (1, _) => "MIN",
        _ => "MAX",
    };
    out.push_str(&format!(" {kind}"));
    if next(4) == 0 {
        *names += 1;
        out.push_str(&format!(" N{names}"));
    }
    out.push_str(" {");
    let children = 1 + next(3);
    for _ in 0..children {
        random_tree(seed, depth - 1, chance, out, names);
    }
    out.push_str(" }");
}

/// The cursor writes every visit's path as `push_to` does, whatever the
/// order the visits are asked for in (visit order, leaves only, reverse,
/// shuffled) and when two analyses take turns, on random trees under
/// searches with several passes (ids, mtdf), probes (star2) and plain
/// ones.
#[test]
fn the_cursor_writes_what_push_to_writes() {
    use crate::search::{Algorithm, run};
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut checked = 0;
    for round in 0..200 {
        let chance = round % 2 == 1;
        let mut text = String::from(if chance { "bounds [-9, 9]\n" } else { "" });
        random_tree(&mut seed, 5, chance, &mut text, &mut 0);
        let Ok(game) = crate::model::load("t.tree", &text) else { continue };
        let algorithms: &[Algorithm] = if chance {
            &[Algorithm::Expectiminimax, Algorithm::Star2]
        } else {
            &[Algorithm::Minimax, Algorithm::Alphabeta, Algorithm::Ids, Algorithm::Mtdf]
        };
        let analyses: Vec<Analysis> = algorithms
            .iter()
            .map(|&a| Analysis::of(&game, &run(&game, a, &Default::default()).expect("applies")))
            .collect();
        for a in &analyses {
            let n = a.visits.len();
            let leaves: Vec<usize> = (0..n).filter(|&i| a.children(i).next().is_none()).collect();
            let mut shuffled: Vec<usize> = (0..n).collect();
            for i in (1..n).rev() {
                shuffled.swap(i, below(&mut seed, i as u64 + 1) as usize);
            }
            let orders = [(0..n).collect::<Vec<_>>(), leaves, (0..n).rev().collect(), shuffled];
            for order in &orders {
                let mut cursor = PathCursor::default();
                let other = &analyses[0];
                for (k, &i) in order.iter().enumerate() {
                    let (mut ours, mut whole) = (String::new(), String::new());
                    cursor.push(a, i, &mut ours);
                    At(a, i).push_to(&mut whole);
                    assert_eq!(ours, whole, "{text}");
                    // The other analysis between two of this one's paths.
                    let j = k % other.visits.len();
                    let (mut ours, mut whole) = (String::new(), String::new());
                    cursor.push(other, j, &mut ours);
                    At(other, j).push_to(&mut whole);
                    assert_eq!(ours, whole, "{text}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}
