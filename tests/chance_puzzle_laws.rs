//! Puzzles on `expectiminimax` (and `minimax`, `negamax`) counted over subtrees
//! (`puzzle::solve`) against plain enumeration (`puzzle::enumerate`, the
//! oracle): random small trees of MAX, MIN and CHANCE nodes (uniform or
//! written probabilities), 1–7 unknown leaves among known ones, and blocks
//! asking `value`, `values` of random nodes, `best` and `pv`, read off a
//! random filling (so some solution exists when the range holds it), over
//! a range or a multiset (the filling's values, or others), under the
//! written or reversed order and ties first, last or all; some blocks
//! also ask `visited` or `stats`, which no value changes. Same count, same
//! first solutions, and `find_one` finds one exactly when there is one.

use gametree::analysis::Analysis;
use gametree::check::puzzle::{self, Domain};
use gametree::num::Num;
use gametree::search::{self, Algorithm};
use proptest::prelude::*;

#[path = "common/chance_tree.rs"]
mod chance_tree;
use chance_tree::{T, text, unknowns};

fn tree() -> impl Strategy<Value = T> {
    let leaf = prop_oneof![(-1i64..=5).prop_map(|v| T::Leaf(Some(v))), Just(T::Leaf(None)), Just(T::Leaf(None))];
    let weights = prop::option::of(prop::collection::vec(1u8..=3, 4));
    leaf.prop_recursive(3, 16, 3, move |inner| {
        (0u8..3, weights.clone(), prop::collection::vec(inner, 1..=3)).prop_map(|(k, w, cs)| T::Node(k, w, cs))
    })
    .prop_filter("an inner root", |t| matches!(t, T::Node(..)))
}

fn has_chance(t: &T) -> bool {
    match t {
        T::Leaf(_) => false,
        T::Node(k, _, cs) => *k == 2 || cs.iter().any(has_chance),
    }
}

/// A block's options, and which facts it asks: value, values (a mask
/// over the nodes), best, pv, visited, stats.
type Block = (Vec<&'static str>, bool, u32, bool, bool, bool, bool);

#[derive(Clone, Debug)]
struct Case {
    tree: T,
    truth: Vec<i64>,
    blocks: Vec<Block>,
    /// The `pv`, `visited` and `stats` asked are wrong (one step short,
    /// reversed, one node more): no assignment passes.
    lie: bool,
    range: (i64, i64),
    /// Over a multiset instead: the truth's values (`Some(None)`) or
    /// others (`Some(Some(…))`).
    multiset: Option<Option<Vec<i64>>>,
}

fn case() -> impl Strategy<Value = Case> {
    let tree = tree().prop_filter("1–7 unknowns", |t| (1..=7).contains(&unknowns(t)));
    let opts = prop::sample::subsequence(vec!["order=reverse", "ties=last", "ties=all"], 0..=2)
        .prop_filter("one tie rule", |o| o.iter().filter(|s| s.starts_with("ties")).count() <= 1);
    let facts = (
        any::<bool>(),
        any::<u32>(),
        any::<bool>(),
        any::<bool>(),
        prop::bool::weighted(0.1),
        prop::bool::weighted(0.1),
    );
    let block = (opts, facts).prop_map(|(o, (a, b, c, d, e, f))| (o, a, b, c, d, e, f));
    let blocks = prop::collection::vec(block, 1..=2);
    let multiset = prop_oneof![
        2 => Just(None),
        1 => Just(Some(None)),
        1 => prop::collection::vec(-1i64..=5, 7).prop_map(|v| Some(Some(v))),
    ];
    let parts = (tree, prop::collection::vec(-1i64..=5, 7), blocks, -2i64..=5, -2i64..=5, prop::bool::weighted(0.1));
    (parts, multiset).prop_map(|((tree, truth, blocks, a, b, lie), multiset)| {
        let n = unknowns(&tree);
        let multiset = multiset.map(|m| m.map(|v| v[..n].to_vec()));
        Case { tree, truth: truth[..n].to_vec(), blocks, range: (a.min(b), a.max(b)), multiset, lie }
    })
}

/// The spec: the tree with `?` leaves and expectations read off the
/// truth's searches.
fn spec_text(c: &Case) -> String {
    let filled = format!("{}\n", text(&c.tree, &mut Some(c.truth.iter())));
    let game = gametree::check::spec::load("filled.tree", &filled).unwrap().game;
    let mut out = format!("{}\n", text(&c.tree, &mut None));
    // On MAX/MIN trees `minimax` and `negamax` too (by the truth's first value).
    let (name, algorithm) = match c.truth[0].rem_euclid(3) {
        _ if has_chance(&c.tree) => ("expectiminimax", Algorithm::Expectiminimax),
        0 => ("minimax", Algorithm::Minimax),
        1 => ("negamax", Algorithm::Negamax),
        _ => ("expectiminimax", Algorithm::Expectiminimax),
    };
    for (opts, value, values, best, pv, visited, stats) in &c.blocks {
        let mut options = search::options::Options::default();
        for o in opts {
            let (k, v) = o.split_once('=').map_or((*o, None), |(k, v)| (k, Some(v)));
            options.set(k, v).unwrap();
        }
        let trace = search::run(&game, algorithm, &options).unwrap();
        let a = Analysis::of(&game, &trace);
        let dotted = |p: &gametree::model::Path| if p.0.is_empty() { "root".to_string() } else { p.to_string() };
        let mut items = Vec::new();
        if *value {
            items.push(format!("value {}", a.value().unwrap()));
        }
        let picked: Vec<String> = (0..a.visits.len())
            .filter(|i| values >> (i % 32) & 1 == 1 && i % 3 == 0)
            .map(|i| format!("{}={}", dotted(&a.path(i)), a.value_of(&a.visits[i]).unwrap()))
            .collect();
        if !picked.is_empty() {
            items.push(format!("values {}", picked.join(" ")));
        }
        let moves = a.best_moves(options.ties);
        if *best && !moves.is_empty() {
            let moves: Vec<String> = moves.iter().map(|i| (i + 1).to_string()).collect();
            items.push(format!("best {}", moves.join(" ")));
        }
        let lie = usize::from(c.lie);
        if *pv && a.pv().len() > lie {
            let pv = a.pv();
            items.push(format!("pv {}", pv[..pv.len() - lie].iter().map(dotted).collect::<Vec<_>>().join(" ")));
        }
        if *visited {
            let mut order: Vec<String> = (0..a.visits.len()).map(|i| dotted(&a.path(i))).collect();
            if c.lie {
                order.reverse();
            }
            items.push(format!("visited {}", order.join(" ")));
        }
        if *stats {
            let s = a.stats();
            let nodes = s.nodes_visited + lie;
            items.push(format!("stats nodes_visited={nodes} leaves_evaluated={}", s.leaves_evaluated));
        }
        if items.is_empty() {
            items.push(format!("value {}", a.value().unwrap()));
        }
        let opts = if opts.is_empty() { String::new() } else { format!("({})", opts.join(", ")) };
        out += &format!("expect {name}{opts} {{ {} }}\n", items.join("  "));
    }
    out
}

fn agree(c: &Case) -> Result<(), TestCaseError> {
    let text = spec_text(c);
    let spec = gametree::check::spec::load("puzzle.tree", &text).unwrap();
    let truth: Vec<Num> = c.truth.iter().map(|&v| Num::int(v)).collect();
    let lied = c.lie && c.blocks.iter().any(|b| b.4 || b.5 || b.6);
    prop_assert!(
        lied || puzzle::passes(&puzzle::assigned(&spec.game, &truth).unwrap(), &spec.expects),
        "{}\n{:?}",
        text,
        c.truth
    );
    // The box search is not used on these trees; the count over subtrees is.
    let (lo, mut hi) = c.range;
    while hi > lo && ((hi - lo + 1) as f64).powi(c.truth.len() as i32) > 20_000.0 {
        hi -= 1;
    }
    let nums = |v: &[i64]| v.iter().map(|&x| Num::int(x)).collect::<Vec<Num>>();
    let domain = match &c.multiset {
        None => Domain::Range(lo, hi),
        Some(None) => Domain::Multiset(nums(&c.truth)),
        Some(Some(other)) => Domain::Multiset(nums(other)),
    };
    let inside = match &c.multiset {
        None => c.truth.iter().all(|v| (lo..=hi).contains(v)),
        Some(other) => other.is_none(),
    };
    prop_assert!(puzzle::counts_by_subtrees(&spec, &domain), "{}", text);
    let fast = puzzle::solve(&spec, &domain, 10_000_000, 6).unwrap();
    let slow = puzzle::enumerate(&spec, &domain, 10_000_000, 6).unwrap();
    prop_assert!(lied || !inside || !fast.count.is_zero(), "{}\n{:?} {:?}", text, domain, c.truth);
    prop_assert_eq!(&fast.count, &slow.count, "{}\n{:?}", text, domain);
    prop_assert_eq!(&fast.solutions, &slow.solutions, "{}\n{:?}", text, domain);
    let one = puzzle::find_one(&spec, &domain, 10_000_000).unwrap();
    prop_assert_eq!(one.count, if slow.count.is_zero() { puzzle::Count::ZERO } else { puzzle::Count::ONE });
    if let Some(s) = one.solutions.first() {
        prop_assert!(puzzle::passes(&puzzle::assigned(&spec.game, s).unwrap(), &spec.expects), "{}\n{:?}", text, s);
    }
    Ok(())
}

#[path = "common/cases.rs"]
mod cases;

proptest! {
    #![proptest_config(cases::cases(512))]

    #[test]
    fn chance_counts_agree_with_enumeration(c in case()) {
        agree(&c)?;
    }
}

/// Counts past 2^128: thirty unknown leaves over 0..20 under a CHANCE
/// node beside a known 10, the root's best move the 10. Ties go to the
/// first move, so the average must stay below 10: the thirty leaves sum
/// below 300. Their sums are symmetric about 300 (x ↦ 20 − x), so that is
/// (21^30 − N(300)) / 2, with N(300) the 30-tuples summing to exactly 300
/// (55 539 293 229 270 569 906 771 777 308 006 971 975, counted apart by
/// a dozen lines of Python convolving the range thirty times):
/// (4 640 650 289 117 164 100 520 051 333 566 036 654 601 − N(300)) / 2.
#[test]
fn counts_past_u128_are_exact() {
    let leaves = vec!["?"; 30].join(" ");
    let text = format!("MAX {{ CHANCE {{ {leaves} }} 10 }}\nexpect expectiminimax {{ value 10 best 2 }}\n");
    let spec = gametree::check::spec::load("q.tree", &text).unwrap();
    let found = puzzle::solve(&spec, &Domain::Range(0, 20), 10_000_000, 1).unwrap();
    assert_eq!(found.count.to_string(), "2292555497943946765306639778129014841313");
    assert_eq!(found.solutions[0], vec![Num::int(0); 30]);
}

/// Twenty-four unknowns under two CHANCE nodes over −1000..1000 (each the
/// average of four MIN nodes over three leaves), the root's value 3 and
/// its best move the second: the second average exactly 3, the first
/// below it. Its count, worked apart by a dozen lines of Python (the
/// distribution of a MIN of three leaves, `(1001 − m)^3 − (1000 − m)^3`
/// ways at `m`, convolved to the sum of four; the ways at sum 12 times
/// the ways below 12), passes 2^128 at the CHANCE nodes' sums: counted
/// in 64-bit limbs on the grid, it answers in about a second (it took
/// the sums one by one a minute and more, then enumeration).
#[test]
fn sums_past_u128_over_a_wide_range_are_exact() {
    let min = "MIN { ? ? ? }";
    let chance = format!("CHANCE {{ {min} {min} {min} {min} }}");
    let text = format!("MAX {{ {chance} {chance} }}\nexpect expectiminimax {{ value 3 best 2 }}\n");
    let spec = gametree::check::spec::load("q.tree", &text).unwrap();
    let found = puzzle::solve(&spec, &Domain::Range(-1000, 1000), 10_000_000, 1).unwrap();
    assert_eq!(found.count.to_string(), "471328076075591129316744176232443377078825998632722515197453166931472911705");
    // The first in order: the first average at −1000; the second's MIN
    // nodes −1000, −988, 1000, 1000 (sum 12), each as low as it may be.
    let mut first = vec![-1000; 15];
    first.extend([-988, -988, -988, 1000, 1000, 1000, 1000, 1000, 1000]);
    assert_eq!(found.solutions[0], first.into_iter().map(Num::int).collect::<Vec<_>>());
}
