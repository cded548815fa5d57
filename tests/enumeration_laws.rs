//! Puzzle enumeration (`puzzle::enumerate`, the oracle the faster counts
//! are tested against) against brute force: every assignment of the
//! unknowns filled in and checked whole with `puzzle::passes`. The
//! enumeration abandons a branch when the search's trace before its first
//! unassigned leaf contradicts an expectation; these laws catch a prefix
//! judged wrongly, which would drop solutions. They cover what
//! `puzzle_laws.rs` does not: searches in passes (`mtdf` with and without
//! a first guess, `ids`), a table answering a shared subtree
//! (`negamax-tt`), and, beside them, `alphabeta`; facts of every kind read
//! off a random filling (value, best, pruned edges, leaves, the visit
//! order, node values, counts of visits, leaves and cutoffs). Beside them
//! `pvs`, and `star1`, `star2` and `expectiminimax` on trees whose root's
//! children are CHANCE nodes: with the root's value asked, a branch is also
//! ended when no filling of the rest could give it.

use gametree::check::puzzle::{self, Domain};
use gametree::num::Num;
use gametree::search::{self, Algorithm};
use proptest::prelude::*;

#[path = "common/puzzle_tree.rs"]
mod puzzle_tree;

use puzzle_tree::{T, leaf_at, unknowns};

/// The tree as written: unknowns as `?`, or with `fill` their values in
/// turn; with `chance`, the root's inner children are CHANCE nodes (each
/// outcome equally likely) and MIN/MAX alternate below them.
fn text(t: &T, max: bool, chance: bool, depth: usize, fill: &mut Option<std::slice::Iter<i64>>) -> String {
    match t {
        T::Leaf(Some(v)) => v.to_string(),
        T::Leaf(None) => match fill {
            Some(it) => it.next().map_or("0".into(), |v| v.to_string()),
            None => "?".into(),
        },
        T::Node(cs) => {
            let kind = match (chance, depth, max) {
                (true, 1, _) => "CHANCE",
                (_, _, true) => "MAX",
                (_, _, false) => "MIN",
            };
            // Below a CHANCE node (in MIN's place) MIN moves next.
            let below = if chance && depth == 1 { false } else { !max };
            let kids: Vec<String> = cs.iter().map(|c| text(c, below, chance, depth + 1, fill)).collect();
            format!("{kind} {{ {} }}", kids.join(" "))
        }
    }
}

/// The algorithms, with the options a block may give them.
const ALGORITHMS: [(Algorithm, &str, &str); 9] = [
    (Algorithm::Mtdf, "mtdf", ""),
    (Algorithm::Mtdf, "mtdf", "guess=2"),
    (Algorithm::Ids, "ids", ""),
    (Algorithm::NegamaxTt, "negamax-tt", ""),
    (Algorithm::Alphabeta, "alphabeta", ""),
    (Algorithm::Pvs, "pvs", ""),
    // On trees whose root's inner children are CHANCE nodes.
    (Algorithm::Star1, "star1", ""),
    (Algorithm::Star2, "star2", ""),
    (Algorithm::Expectiminimax, "expectiminimax", ""),
];

/// The algorithms searched on trees with CHANCE nodes.
fn chance(algorithm: Algorithm) -> bool {
    matches!(algorithm, Algorithm::Star1 | Algorithm::Star2 | Algorithm::Expectiminimax)
}

#[derive(Clone, Debug)]
struct Case {
    tree: T,
    truth: Vec<i64>,
    bounds: bool,
    /// The root's first child, named `S`, searched again as the last child
    /// of its last child (`&S`), where both are inner nodes: a position a
    /// table answers the second time.
    shared: bool,
    /// (index into `ALGORITHMS`, which facts: value, best, pruned, leaves,
    /// visited, values, stats)
    block: (usize, [bool; 7]),
}

fn case() -> impl Strategy<Value = Case> {
    let tree = puzzle_tree::tree(3, 12).prop_filter("1–6 unknowns", |t| (1..=6).contains(&unknowns(t)));
    (tree, prop::collection::vec(0i64..=3, 6), any::<bool>(), any::<bool>(), 0..ALGORITHMS.len(), any::<[bool; 7]>())
        .prop_map(|(tree, truth, bounds, shared, algorithm, facts)| {
            let n = unknowns(&tree);
            Case { tree, truth: truth[..n].to_vec(), bounds, shared, block: (algorithm, facts) }
        })
}

/// The case's tree, with its shared subtree when it has one.
fn tree_text(c: &Case, fill: &mut Option<std::slice::Iter<i64>>) -> String {
    let whole = text(&c.tree, true, chance(ALGORITHMS[c.block.0].0), 0, fill);
    let T::Node(children) = &c.tree else { return whole };
    let (Some(T::Node(_)), Some(T::Node(_))) = (children.first(), children.last()) else { return whole };
    if !c.shared || children.len() < 2 || chance(ALGORITHMS[c.block.0].0) {
        return whole;
    }
    let named = whole.replacen("MAX { MIN {", "MAX { MIN S {", 1);
    format!("{} &S }} }}", &named[..named.len() - 4])
}

/// The spec: the tree with `?` leaves and one block read off the truth's search.
fn spec_text(c: &Case) -> String {
    // star1 and star2 need the bounds.
    let star = matches!(ALGORITHMS[c.block.0].0, Algorithm::Star1 | Algorithm::Star2);
    let head = if c.bounds || star { "bounds [0, 3]\n" } else { "" };
    let filled = format!("{head}{}\n", tree_text(c, &mut Some(c.truth.iter())));
    let game = gametree::check::spec::load("filled.tree", &filled).unwrap().game;
    let (which, facts) = c.block;
    let (algorithm, name, opts) = ALGORITHMS[which];
    let mut options = search::options::Options::default();
    if let Some((k, v)) = opts.split_once('=') {
        options.set(k, Some(v)).unwrap();
    }
    let trace = search::run(&game, algorithm, &options).unwrap();
    let report = serde_json::to_value(gametree::report::AlgoReport::new(&game, &trace)).unwrap();
    let paths = |key: &str| -> Vec<String> {
        report[key].as_array().unwrap().iter().map(|p| p.as_str().unwrap().to_string()).collect()
    };
    let mut items = Vec::new();
    if facts[0] {
        // A fraction as written exactly (`1/3`), not as its float.
        let exact = report["value_exact"].as_str().map(str::to_string);
        items.push(format!("value {}", exact.unwrap_or_else(|| report["value"].to_string())));
    }
    if facts[1] && report["best_move"].is_string() {
        items.push(format!("best {}", report["best_move"].as_str().unwrap()));
    }
    if facts[2] {
        items.push(format!("pruned {}", paths("pruned").join(" ")));
    }
    if facts[3] {
        let leaves: Vec<String> = paths("leaf_order").iter().map(|p| leaf_at(&game, p)).collect();
        items.push(format!("leaves {}", leaves.join(" ")));
    }
    if facts[4] {
        items.push(format!("visited {}", paths("visit_order").join(" ")));
    }
    if facts[5] {
        // Every other node entered after the root, each path once, with the
        // value the answer reads there (an `mtdf` run's deciding pass; a
        // node it did not enter has none and is left out).
        let analysis = gametree::analysis::Analysis::of(&game, &trace);
        let mut seen: Vec<&str> = Vec::new();
        for n in report["nodes"].as_array().unwrap() {
            let path = n["path"].as_str().unwrap();
            if !seen.contains(&path) {
                seen.push(path);
            }
        }
        let valued = seen.iter().skip(1).step_by(2).filter_map(|p| {
            let path = gametree::model::Path(p.split('.').map(|i| i.parse::<u32>().unwrap() - 1).collect());
            let v = analysis.visit(&path).and_then(|x| analysis.value_of(x))?;
            Some(format!("{p}={v}"))
        });
        let given: Vec<String> = valued.collect();
        if !given.is_empty() {
            items.push(format!("values {}", given.join(" ")));
        }
    }
    if facts[6] || items.is_empty() {
        let s = &report["stats"];
        items.push(format!(
            "stats nodes_visited={} leaves_evaluated={} cutoffs={}",
            s["nodes_visited"], s["leaves_evaluated"], s["cutoffs"]
        ));
    }
    let opts = if opts.is_empty() { String::new() } else { format!("({opts})") };
    format!("{head}{}\nexpect {name}{opts} {{ {} }}\n", tree_text(c, &mut None), items.join("  "))
}

/// Every assignment over `0..=3`, smallest first, that passes.
fn brute_force(spec: &gametree::check::spec::Spec, n: usize) -> Vec<Vec<Num>> {
    let mut out = Vec::new();
    for code in 0..4usize.pow(n as u32) {
        let values: Vec<Num> = (0..n).rev().map(|k| Num::int((code / 4usize.pow(k as u32) % 4) as i64)).collect();
        if puzzle::passes(&puzzle::assigned(&spec.game, &values).unwrap(), &spec.expects) {
            out.push(values);
        }
    }
    out
}

#[path = "common/cases.rs"]
mod cases;

proptest! {
    #![proptest_config(cases::cases(400))]

    /// Same count and same first solutions as brute force; the truth among them.
    #[test]
    fn enumeration_finds_what_brute_force_finds(c in case()) {
        let text = spec_text(&c);
        let spec = gametree::check::spec::load("puzzle.tree", &text).unwrap();
        let all = brute_force(&spec, c.truth.len());
        let truth: Vec<Num> = c.truth.iter().map(|&v| Num::int(v)).collect();
        prop_assert!(all.contains(&truth), "{}\n{:?}", text, c.truth);
        let listed = puzzle::enumerate(&spec, &Domain::Range(0, 3), 10_000_000, 5).unwrap();
        prop_assert_eq!(&listed.count, &puzzle::Count::from(all.len()), "{}", text);
        prop_assert_eq!(&listed.solutions[..], &all[..all.len().min(5)], "{}", text);
    }
}

/// An `mtdf` run's leaves are judged across its passes. Worked by hand:
/// `MAX { MIN { a b } MIN { c d } }`, first guess 0, no bounds. Pass 1,
/// window (−1, 0): the first MIN node sees a and b (neither ≤ −1), returns
/// min(a, b) ≥ 0 = β, and the root cuts the second: leaves a b. With a = 2,
/// b = 3 the lower bound is 2; pass 2, window (2, 3): the first MIN node
/// (its table entry, ≥ 2, narrows nothing) cuts at a = 2 ≤ α, and the
/// second at c when c ≤ 2, returning c; the root's 2 < 3 makes the upper
/// bound 2 = the lower: value 2. So `leaves 2 3 2 1` fixes a = 2, b = 3,
/// c = 1 and never reads d: 4 solutions.
#[test]
fn leaves_of_every_pass_are_judged_in_order() {
    let text = "MAX { MIN { ? ? } MIN { ? ? } }\nexpect mtdf { leaves 2 3 2 1  value 2 }\n";
    let spec = gametree::check::spec::load("puzzle.tree", text).unwrap();
    let listed = puzzle::enumerate(&spec, &Domain::Range(0, 3), 10_000_000, 5).unwrap();
    let want: Vec<Vec<Num>> = (0..4).map(|d| [2, 3, 1, d].map(Num::int).to_vec()).collect();
    assert_eq!(listed.count, puzzle::Count::from(4usize));
    assert_eq!(listed.solutions, want);
    assert_eq!(brute_force(&spec, 4), want);
}
