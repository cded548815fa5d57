//! Puzzles whose blocks ask only the root's `value` (and `best`) of a
//! search that returns the value exactly (`mtdf`, `ids`, `negamax-tt`, `pvs`, the `alphabeta`
//! family under any order, cut rule and fail mode; `star1`, `star2` and
//! `expectiminimax` on trees with CHANCE nodes), counted as the `minimax`
//! or `expectiminimax` blocks they amount to (`puzzle::solve_exact_values`),
//! against plain enumeration (`puzzle::enumerate`, the oracle, which runs
//! the real search on every assignment): random small trees with 1–7
//! unknown leaves among known ones, some inner nodes with an `eval`, the
//! value and best moves read off the real search on a random filling (the
//! value one more now and then, so that some puzzles have no solution),
//! over a range or a multiset; `best` is counted only with ties first,
//! in the written or reverse order, and not for `ids` with `eval`s. Same
//! count, same first solutions; and `puzzle::solve`, which tries this way
//! before enumerating, answers the same. On MAX/MIN trees over a range
//! the count through each node's distribution (`cdf.rs`, for ranges too
//! wide for tables) is compared too, and on ranges wide beside the
//! values written, so that its listing jumps.

use gametree::analysis::Analysis;
use gametree::check::puzzle::{self, Domain};
use gametree::num::Num;
use gametree::search::{self, Algorithm};
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum T {
    /// `None`: an unknown leaf.
    Leaf(Option<i64>),
    /// A kind (0 MAX, 1 MIN, 2 CHANCE), an `eval` (MAX and MIN only),
    /// children.
    Node(u8, Option<i64>, Vec<T>),
}

fn tree(chance: bool) -> impl Strategy<Value = T> {
    let leaf = prop_oneof![(-1i64..=5).prop_map(|v| T::Leaf(Some(v))), Just(T::Leaf(None)), Just(T::Leaf(None))];
    let kinds = if chance { 3u8 } else { 2u8 };
    leaf.prop_recursive(3, 16, 3, move |inner| {
        (0u8..kinds, prop::option::weighted(0.3, -1i64..=5), prop::collection::vec(inner, 1..=3))
            .prop_map(|(k, e, cs)| T::Node(k, e.filter(|_| k < 2), cs))
    })
    .prop_filter("an inner root", |t| matches!(t, T::Node(..)))
}

fn unknowns(t: &T) -> usize {
    match t {
        T::Leaf(v) => usize::from(v.is_none()),
        T::Node(_, _, cs) => cs.iter().map(unknowns).sum(),
    }
}

fn has_chance(t: &T) -> bool {
    match t {
        T::Leaf(_) => false,
        T::Node(k, _, cs) => *k == 2 || cs.iter().any(has_chance),
    }
}

/// The tree as written, the unknowns as `?` or, with `fill`, their values
/// taken in turn.
fn text(t: &T, fill: &mut Option<std::slice::Iter<i64>>) -> String {
    match t {
        T::Leaf(Some(v)) => v.to_string(),
        T::Leaf(None) => match fill {
            Some(it) => it.next().map_or("0".into(), |v| v.to_string()),
            None => "?".into(),
        },
        T::Node(k, eval, cs) => {
            let kids: Vec<String> = cs.iter().map(|c| text(c, fill)).collect();
            let eval = eval.map_or(String::new(), |e| format!(" [eval={e}]"));
            format!("{}{eval} {{ {} }}", ["MAX", "MIN", "CHANCE"][usize::from(*k)], kids.join(" "))
        }
    }
}

/// The searches a MAX/MIN block may name, with the options each may take.
const MINIMAX_FAMILY: [&str; 7] = ["mtdf", "ids", "negamax-tt", "pvs", "alphabeta", "negamax-ab", "negamax"];
const CHANCE_FAMILY: [&str; 3] = ["star1", "star2", "expectiminimax"];
const OPTIONS: [&str; 5] = ["strict-cuts", "fail-hard", "order=reverse", "order=eval", "ties=last"];

#[derive(Clone, Debug)]
struct Case {
    tree: T,
    truth: Vec<i64>,
    /// (which search, options, what it asks beside `value`: 0 nothing, 1
    /// `best`, 2 `pv` for `mtdf` and `best` for the others) per block.
    blocks: Vec<(usize, Vec<&'static str>, u8)>,
    bounds: bool,
    /// The value asked is one more than the truth's.
    lie: bool,
    range: (i64, i64),
    /// Over a multiset instead: the truth's values.
    multiset: bool,
}

fn case() -> impl Strategy<Value = Case> {
    let tree = any::<bool>().prop_flat_map(tree).prop_filter("1–7 unknowns", |t| (1..=7).contains(&unknowns(t)));
    let block = (0usize..7, prop::sample::subsequence(OPTIONS.to_vec(), 0..=2), 0u8..3);
    let parts = (
        tree,
        prop::collection::vec(-1i64..=5, 7),
        prop::collection::vec(block, 1..=2),
        any::<bool>(),
        prop::bool::weighted(0.15),
        (-1i64..=5, -1i64..=5),
        prop::bool::weighted(0.3),
    );
    parts.prop_map(|(tree, truth, blocks, bounds, lie, (a, b), multiset)| {
        let n = unknowns(&tree);
        // `star1` and `star2` need the bounds.
        let bounds = bounds || has_chance(&tree);
        Case { tree, truth: truth[..n].to_vec(), blocks, bounds, lie, range: (a.min(b), a.max(b)), multiset }
    })
}

/// The spec: the tree with `?` leaves and `value` blocks read off the
/// truth's searches.
fn spec_text(c: &Case) -> String {
    let head = if c.bounds { "bounds [-1, 5]\n" } else { "" };
    let filled = format!("{head}{}\n", text(&c.tree, &mut Some(c.truth.iter())));
    let game = gametree::check::spec::load("filled.tree", &filled).unwrap().game;
    let mut out = format!("{head}{}\n", text(&c.tree, &mut None));
    for (which, opts, ask) in &c.blocks {
        let name = if has_chance(&c.tree) { CHANCE_FAMILY[which % 3] } else { MINIMAX_FAMILY[*which] };
        let algorithm = Algorithm::from_name(name).unwrap();
        let mut options = search::options::Options::default();
        for o in opts {
            let (k, v) = o.split_once('=').map_or((*o, None), |(k, v)| (k, Some(v)));
            options.set(k, v).unwrap();
        }
        let trace = search::run(&game, algorithm, &options).unwrap();
        let a = Analysis::of(&game, &trace);
        let value = a.value().and_then(|v| v.scalar()).unwrap();
        let value = if c.lie { value + Num::ONE } else { value };
        let moves: Vec<String> = a.best_moves(options.ties).iter().map(|i| (i + 1).to_string()).collect();
        let pv: Vec<String> =
            a.pv().iter().map(|p| p.0.iter().map(|i| (i + 1).to_string()).collect::<Vec<_>>().join(".")).collect();
        let best = match ask {
            2 if name == "mtdf" && !pv.is_empty() => format!("  pv {}", pv.join(" ")),
            1 | 2 if !moves.is_empty() => format!("  best {}", moves.join(" ")),
            _ => String::new(),
        };
        let opts = if opts.is_empty() { String::new() } else { format!("({})", opts.join(", ")) };
        // Half the blocks ask it as the root's node value, `values root=v`.
        let asked = if (which + usize::from(*ask)) % 2 == 1 { "values root=" } else { "value " };
        out += &format!("expect {name}{opts} {{ {asked}{value}{best} }}\n");
    }
    out
}

/// Whether `best` is asked where it is not counted as `minimax` picks it
/// (ties first, in the written or reverse order; not `ids` with `eval`s,
/// whose last iteration searches the previous one's best move first).
fn refused(text: &str) -> bool {
    text.lines().any(|l| {
        (l.contains("  best ") || l.contains("  pv "))
            && (l.contains("order=eval")
                || l.contains("ties=last")
                || (l.starts_with("expect ids") && text.contains("[eval=")))
    })
}

#[path = "common/cases.rs"]
mod cases;

proptest! {
    #![proptest_config(cases::cases(256))]

    #[test]
    fn exact_values_count_as_minimax(c in case()) {
        let text = spec_text(&c);
        let spec = gametree::check::spec::load("puzzle.tree", &text).unwrap();
        let domain = if c.multiset {
            Domain::Multiset(c.truth.iter().map(|&v| Num::int(v)).collect())
        } else {
            Domain::Range(c.range.0, c.range.1)
        };
        let slow = puzzle::enumerate(&spec, &domain, 10_000_000, 5).unwrap();
        let refused = refused(&text);
        let fast = puzzle::solve_exact_values(&spec, &domain, 5);
        prop_assert_eq!(fast.is_some(), !refused, "{}", text);
        if let Some(fast) = fast {
            prop_assert_eq!(&fast.count, &slow.count, "{}\n{:?}", text, domain);
            prop_assert_eq!(&fast.solutions, &slow.solutions, "{}\n{:?}", text, domain);
        }
        // On MAX/MIN trees over a range, the count through each node's
        // distribution (how ranges too wide for tables are counted) too.
        if !has_chance(&c.tree) && !c.multiset {
            let by_cdf = puzzle::solve_by_distributions(&spec, &domain, 5);
            prop_assert_eq!(by_cdf.is_some(), !refused, "{}", text);
            if let Some(by_cdf) = by_cdf {
                prop_assert_eq!(&by_cdf.count, &slow.count, "{}\n{:?}", text, domain);
                prop_assert_eq!(&by_cdf.solutions, &slow.solutions, "{}\n{:?}", text, domain);
            }
        }
        let solved = puzzle::solve(&spec, &domain, 10_000_000, 5).unwrap();
        prop_assert_eq!(&solved.count, &slow.count, "{}\n{:?}", text, domain);
        prop_assert_eq!(&solved.solutions, &slow.solutions, "{}\n{:?}", text, domain);
    }
}

/// A MAX/MIN case with 1–3 unknowns over a range wide beside the values
/// written (−30..30 around leaves in −1..5), so that the listing's walk
/// jumps over runs of values that stand alike.
fn wide_case() -> impl Strategy<Value = Case> {
    let tree = tree(false).prop_filter("1–3 unknowns", |t| (1..=3).contains(&unknowns(t)));
    let block = (0usize..7, prop::sample::subsequence(OPTIONS.to_vec(), 0..=2), 0u8..3);
    let parts = (
        tree,
        prop::collection::vec(-30i64..=30, 7),
        prop::collection::vec(block, 1..=2),
        prop::bool::weighted(0.15),
        (-30i64..=0, 0i64..=30),
    );
    parts.prop_map(|(tree, truth, blocks, lie, range)| {
        let n = unknowns(&tree);
        let truth = truth[..n].iter().map(|&v| v.clamp(range.0, range.1)).collect();
        Case { tree, truth, blocks, bounds: false, lie, range, multiset: false }
    })
}

proptest! {
    #![proptest_config(cases::cases(96))]

    #[test]
    fn distributions_list_wide_ranges_as_enumeration_does(c in wide_case()) {
        let text = spec_text(&c);
        let spec = gametree::check::spec::load("puzzle.tree", &text).unwrap();
        let domain = Domain::Range(c.range.0, c.range.1);
        let slow = puzzle::enumerate(&spec, &domain, 10_000_000, 60).unwrap();
        let fast = puzzle::solve_by_distributions(&spec, &domain, 60);
        prop_assert_eq!(fast.is_some(), !refused(&text), "{}", text);
        if let Some(fast) = fast {
            prop_assert_eq!(&fast.count, &slow.count, "{}\n{:?}", text, domain);
            prop_assert_eq!(&fast.solutions, &slow.solutions, "{}\n{:?}", text, domain);
        }
    }
}

/// `mtdf` asking the value of nine unknowns over 0..9 (10^9 assignments,
/// which enumeration takes minutes over) is counted: with `v` the value,
/// each MIN node's minimum is at most `v` in `10^3 − (9 − v)^3` ways, so
/// the count is `(10^3 − 5^3)^3 − (10^3 − 6^3)^3 = 875^3 − 784^3` for 4.
#[test]
fn mtdf_value_of_nine_unknowns_is_counted() {
    let text = "bounds [0, 9]\nMAX { MIN { ? ? ? } MIN { ? ? ? } MIN { ? ? ? } }\nexpect mtdf { value 4 }\n";
    let spec = gametree::check::spec::load("mtdf.tree", text).unwrap();
    assert!(puzzle::counts_by_subtrees(&spec, &Domain::Range(0, 9)));
    let found = puzzle::solve(&spec, &Domain::Range(0, 9), 1000, 2).unwrap();
    assert_eq!(found.count.to_string(), (875u64.pow(3) - 784u64.pow(3)).to_string());
    assert_eq!(found.solutions[0], [0, 0, 0, 0, 0, 0, 4, 4, 4].map(Num::int).to_vec());
}

/// `MAX { MIN { a b } c }` asking `value 0` over ±10^6, past the tables
/// of `chance.rs` (2^18 integers). With `N = 10^6` and `W = 2N + 1`
/// integers, a leaf is at most 0 in `N + 1` ways and below 0 in `N`; the
/// MIN node is at most 0 unless both leaves are above (`W² − N²`), below
/// 0 in `W² − (N + 1)²`; the root is at most 0 when both children are, so
/// it is worth 0 in `(W² − N²)(N + 1) − (W² − (N + 1)²) N` ways. The
/// smallest solutions: `a = b = −N` makes the MIN node `−N`, so `c = 0`;
/// then `b` counts up.
#[test]
fn minimax_value_over_a_million_each_way_is_counted() {
    let text = "MAX { MIN { ? ? } ? }\nexpect minimax { value 0 }\n";
    let spec = gametree::check::spec::load("wide.tree", text).unwrap();
    let n: u128 = 1_000_000;
    let w = 2 * n + 1;
    let expected = (w * w - n * n) * (n + 1) - (w * w - (n + 1) * (n + 1)) * n;
    let domain = Domain::Range(-1_000_000, 1_000_000);
    assert!(puzzle::counts_by_subtrees(&spec, &domain));
    let found = puzzle::solve(&spec, &domain, 1000, 3).unwrap();
    assert_eq!(found.count.to_string(), expected.to_string());
    let row = |b: i64| vec![Num::int(-1_000_000), Num::int(b), Num::int(0)];
    assert_eq!(found.solutions, vec![row(-1_000_000), row(-999_999), row(-999_998)]);
}
