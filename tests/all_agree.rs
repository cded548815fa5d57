//! The law that ties every algorithm together: on any MAX/MIN tree, under
//! any conventions and horizon options, every algorithm that runs finds
//! the root value minimax finds under the same options (and expectiminimax
//! over CHANCE trees agrees with star1/star2). Trees here have an `eval` on
//! every inner node and random `[noisy]` marks, so every depth cutoff,
//! quiescence, beam and singular extension can run.

use gametree::analysis::Analysis;
use gametree::search::options::Options;
use gametree::search::{self, Algorithm};
use proptest::prelude::*;

/// A random tree as spec text; `chance` allows CHANCE nodes (uniform).
fn tree(chance: bool) -> impl Strategy<Value = String> {
    let leaf = (0i64..10).prop_map(|v| v.to_string()).boxed();
    leaf.prop_recursive(4, 40, 4, move |inner| {
        let kinds = if chance { vec!["MAX", "MIN", "CHANCE"] } else { vec!["MAX", "MIN"] };
        (prop::sample::select(kinds), 0i64..10, any::<bool>(), prop::collection::vec(inner, 1..4)).prop_map(
            |(kind, eval, noisy, children)| {
                let noisy = if noisy { ", noisy" } else { "" };
                format!("{kind} [eval={eval}{noisy}] {{ {} }}", children.join(" "))
            },
        )
    })
    .prop_filter("the root must be an inner node", |t| t.contains('{'))
}

fn options() -> impl Strategy<Value = Vec<(&'static str, Option<String>)>> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        prop::sample::select(vec!["spec", "reverse", "best", "worst", "eval"]),
        prop::option::of(0u32..4),
        any::<bool>(),
        prop::option::of(1u32..4),
        prop::option::of(1i64..5),
    )
        .prop_map(|(strict, hard, ignore, order, depth, quiescence, beam, singular)| {
            let mut o: Vec<(&'static str, Option<String>)> = vec![("order", Some(order.to_string()))];
            if strict {
                o.push(("strict-cuts", None));
            }
            if hard {
                o.push(("fail-hard", None));
            }
            if ignore {
                o.push(("ignore-bounds", None));
            }
            if let Some(d) = depth {
                o.push(("depth", Some(d.to_string())));
                if quiescence {
                    o.push(("quiescence", None));
                }
                if let Some(m) = singular {
                    o.push(("singular-extension", Some(m.to_string())));
                }
            }
            if let Some(k) = beam {
                o.push(("beam", Some(k.to_string())));
            }
            o
        })
}

fn root_value(game: &gametree::model::Game, a: Algorithm, opts: &Options) -> Option<String> {
    let trace = search::run(game, a, opts).ok()?;
    Analysis::of(game, &trace).value().map(|v| v.to_string())
}

fn agree(text: &str, settings: &[(&'static str, Option<String>)], reference: Algorithm) -> Result<(), TestCaseError> {
    let game = gametree::load("gen.tree", text).map_err(|e| TestCaseError::fail(format!("{text}: {e:?}")))?;
    let mut opts = Options::default();
    for (k, v) in settings {
        opts.set(k, v.as_deref()).unwrap();
    }
    let Some(truth) = root_value(&game, reference, &opts) else { return Ok(()) };
    for &a in Algorithm::ALL {
        if let Some(v) = root_value(&game, a, &opts) {
            prop_assert_eq!(&v, &truth, "{} disagrees with {} under {:?} on\n{}", a, reference, settings, text);
        }
    }
    Ok(())
}

#[path = "common/cases.rs"]
mod cases;

proptest! {
    #![proptest_config(cases::cases(1500))]

    #[test]
    fn every_algorithm_finds_the_minimax_value(text in tree(false), settings in options(), bounds in any::<bool>()) {
        let text = if bounds { format!("bounds [0, 9]\n{text}") } else { text };
        agree(&text, &settings, Algorithm::Minimax)?;
    }

    #[test]
    fn every_chance_algorithm_finds_the_expectiminimax_value(text in tree(true), settings in options()) {
        agree(&format!("bounds [0, 9]\n{text}"), &settings, Algorithm::Expectiminimax)?;
    }
}

#[test]
fn the_law_actually_compares_algorithms() {
    // A fixed tree under a cutoff with quiescence: many algorithms must run.
    let text = "MAX [eval=1] { MIN [eval=4, noisy] { 3 MAX [eval=2] { 5 1 } } MIN [eval=2] { 6 2 } 4 }";
    let game = gametree::load("t.tree", text).unwrap();
    let mut opts = Options::default();
    opts.set("depth", Some("1")).unwrap();
    opts.set("quiescence", None).unwrap();
    let ran: Vec<Algorithm> =
        Algorithm::ALL.iter().copied().filter(|&a| root_value(&game, a, &opts).is_some()).collect();
    assert!(ran.len() >= 8, "{ran:?}");
    let values: Vec<String> = ran.iter().map(|&a| root_value(&game, a, &opts).unwrap()).collect();
    // By hand: at depth 1, B is noisy, so quiescence searches it: B = min(3,
    // MAX[eval=2] at depth 2, quiet → 2) = 2; C is quiet at the cutoff → 2;
    // the leaf 4 keeps its utility. The root is max(2, 2, 4) = 4.
    assert!(values.iter().all(|v| v == "4"), "{values:?}");
}
