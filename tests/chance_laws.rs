//! Laws of the chance-node and multi-player searches, on random trees:
//! star1 == star2 == expectiminimax at the root (every convention); no
//! pruned edge (star1) or unvisited leaf (star2) changes the root value;
//! every node is visited by star1 or below exactly one pruned edge; star1
//! is alphabeta step for step without CHANCE nodes; maxn == maxn --shallow;
//! paranoid == minimax over the derived two-player tree.

use gametree::analysis::Analysis;
use gametree::model::{Game, Path};
use gametree::search::options::Options;
use gametree::search::trace::Value;
use gametree::search::{self, Algorithm};
use proptest::prelude::*;

#[path = "tools/pruned.rs"]
mod pruned;
use pruned::by_paths;

/// A generated tree: leaves hold one number per player (one for MAX/MIN).
#[derive(Clone, Debug)]
enum T {
    Leaf(Vec<i64>),
    /// `MAX`, `MIN`, `CHANCE` or a player's name; children with weights.
    Inner(String, Vec<(u32, T)>),
}

/// A tiny deterministic generator (xorshift), seeded by proptest.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
}

struct Shape {
    kinds: Vec<&'static str>,
    /// Leaf components: `n` numbers in `[lo, hi]` adding up to at most `sum`.
    n: usize,
    lo: i64,
    hi: i64,
    sum: Option<i64>,
}

fn grow(rng: &mut Rng, shape: &Shape, depth: u32) -> T {
    if depth == 0 || (depth < 3 && rng.below(4) == 0) {
        return T::Leaf(leaf(rng, shape));
    }
    let kind = shape.kinds[rng.below(shape.kinds.len() as u64) as usize].to_string();
    let k = 1 + rng.below(3) as usize;
    let mut children: Vec<(u32, T)> = (0..k).map(|_| (rng.below(4) as u32, grow(rng, shape, depth - 1))).collect();
    if children.iter().all(|c| c.0 == 0) {
        children[0].0 = 1;
    }
    T::Inner(kind, children)
}

fn leaf(rng: &mut Rng, shape: &Shape) -> Vec<i64> {
    let Some(mut left) = shape.sum else { return (0..shape.n).map(|_| rng.range(shape.lo, shape.hi)).collect() };
    (0..shape.n)
        .map(|i| {
            // Leave room for the components still to come, at `lo` each.
            let room = left - (shape.n - 1 - i) as i64 * shape.lo;
            let v = rng.range(shape.lo, shape.hi.min(room));
            left -= v;
            v
        })
        .collect()
}

fn render(t: &T, out: &mut String) {
    match t {
        T::Leaf(v) if v.len() == 1 => out.push_str(&format!("{} ", v[0])),
        T::Leaf(v) => {
            let parts: Vec<String> = v.iter().map(|x| x.to_string()).collect();
            out.push_str(&format!("({}) ", parts.join(", ")));
        }
        T::Inner(kind, children) => {
            out.push_str(&format!("{kind} {{ "));
            let total: u32 = children.iter().map(|c| c.0).sum();
            for (w, c) in children {
                if kind == "CHANCE" {
                    out.push_str(&format!("{w}/{total}: "));
                }
                render(c, out);
            }
            out.push_str("} ");
        }
    }
}

fn spec_text(header: &str, t: &T) -> String {
    let mut text = format!("{header}\n");
    render(t, &mut text);
    text
}

fn spec(header: &str, t: &T) -> Game {
    let text = spec_text(header, t);
    gametree::load("gen.tree", &text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

fn run(game: &Game, a: Algorithm, opts: &Options) -> Analysis {
    Analysis::of(game, &search::run(game, a, opts).unwrap())
}

fn root(game: &Game, a: Algorithm, opts: &Options) -> Value {
    run(game, a, opts).value().unwrap().clone()
}

/// `maxn`'s value of `t` by definition (AIMA 3e §5.2.2): a player's node
/// takes the vector of the child best in that player's component (the
/// first of those tied, or with `last` the last), a CHANCE node the
/// weighted average of its children's, component by component, as exact
/// fractions `(numerator, denominator)`.
fn by_definition(t: &T, last: bool) -> Vec<(i128, i128)> {
    match t {
        T::Leaf(v) => v.iter().map(|&x| (i128::from(x), 1)).collect(),
        T::Inner(kind, children) if kind == "CHANCE" => {
            let total: u32 = children.iter().map(|c| c.0).sum();
            let mut sum: Vec<(i128, i128)> = Vec::new();
            for (w, c) in children {
                let v = by_definition(c, last);
                sum.resize(v.len(), (0, 1));
                for (s, (n, d)) in sum.iter_mut().zip(v) {
                    *s = reduce(s.0 * d * i128::from(total) + i128::from(*w) * n * s.1, s.1 * d * i128::from(total));
                }
            }
            sum
        }
        T::Inner(kind, children) => {
            let player = ["A", "B", "C"].iter().position(|p| p == kind).expect("a player");
            let mut best: Option<Vec<(i128, i128)>> = None;
            for (_, c) in children {
                let v = by_definition(c, last);
                let better = match &best {
                    None => true,
                    Some(b) => {
                        let (new, old) = (v[player].0 * b[player].1, b[player].0 * v[player].1);
                        new > old || (last && new == old)
                    }
                };
                if better {
                    best = Some(v);
                }
            }
            best.expect("children")
        }
    }
}

fn reduce(n: i128, d: i128) -> (i128, i128) {
    let (mut a, mut b) = (n.abs(), d.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    (n / a.max(1), d / a.max(1))
}

/// A fraction as the report writes a number: `3`, `-7/2`.
fn fraction(n: i128, d: i128) -> String {
    if d == 1 { n.to_string() } else { format!("{n}/{d}") }
}

/// The subtree at `path`, mutably.
fn at<'t>(t: &'t mut T, path: &[u32]) -> &'t mut T {
    match (path.split_first(), t) {
        (None, t) => t,
        (Some((&i, rest)), T::Inner(_, cs)) => at(&mut cs[i as usize].1, rest),
        (Some(_), t) => t,
    }
}

/// Every path in the tree, preorder.
fn paths(t: &T, here: Vec<u32>, out: &mut Vec<Path>) {
    out.push(Path(here.clone()));
    if let T::Inner(_, cs) = t {
        for (i, (_, c)) in cs.iter().enumerate() {
            let mut p = here.clone();
            p.push(i as u32);
            paths(c, p, out);
        }
    }
}

fn rerandomize(rng: &mut Rng, t: &mut T, shape: &Shape) {
    match t {
        T::Leaf(v) => *v = leaf(rng, shape),
        T::Inner(_, cs) => cs.iter_mut().for_each(|(_, c)| rerandomize(rng, c, shape)),
    }
}

fn conventions() -> Vec<Options> {
    let mut all = Vec::new();
    for flags in [&[][..], &["strict-cuts"], &["fail-hard"], &["ignore-bounds"], &["strict-cuts", "fail-hard"]] {
        let mut o = Options::default();
        for f in flags {
            o.set(f, None).unwrap();
        }
        all.push(o);
    }
    all
}

/// A random two-player tree with chance nodes (depth at most 4): its
/// header, the tree, and the game it loads as.
fn two_player_game(seed: u64) -> (String, T, Game) {
    let mut rng = Rng(seed);
    let (shape, header) = two_player(&mut rng);
    let t = grow(&mut rng, &shape, 4);
    let game = spec(&header, &t);
    (header, t, game)
}

fn two_player(rng: &mut Rng) -> (Shape, String) {
    let lo = rng.range(-5, 0);
    let hi = rng.range(1, 6);
    (Shape { kinds: vec!["MAX", "MIN", "CHANCE"], n: 1, lo, hi, sum: None }, format!("bounds [{lo}, {hi}]"))
}

#[path = "common/cases.rs"]
mod cases;

proptest! {
    #![proptest_config(cases::cases(300))]

    #[test]
    fn star1_star2_and_expectiminimax_agree_at_the_root(seed in 1u64..u64::MAX) {
        let (_, _, game) = two_player_game(seed);
        let truth = root(&game, Algorithm::Expectiminimax, &Options::default());
        for opts in conventions() {
            prop_assert_eq!(&root(&game, Algorithm::Star1, &opts), &truth, "star1 {:?}", opts);
            prop_assert_eq!(&root(&game, Algorithm::Star2, &opts), &truth, "star2 {:?}", opts);
        }
    }

    #[test]
    fn pruned_subtrees_do_not_matter(seed in 1u64..u64::MAX) {
        let mut rng = Rng(seed);
        let (shape, header) = two_player(&mut rng);
        let t = grow(&mut rng, &shape, 4);
        let game = spec(&header, &t);
        let truth = root(&game, Algorithm::Expectiminimax, &Options::default());
        for opts in conventions() {
            // star1: anything below a pruned edge.
            let a = run(&game, Algorithm::Star1, &opts);
            let mut changed = t.clone();
            for p in a.pruned() {
                rerandomize(&mut rng, at(&mut changed, &p.0), &shape);
            }
            let other = spec(&header, &changed);
            prop_assert_eq!(&root(&other, Algorithm::Expectiminimax, &Options::default()), &truth, "star1 {:?}", opts);
            // star2: any leaf it never looked at (a probe's leaves count).
            let a = run(&game, Algorithm::Star2, &opts);
            let mut changed = t.clone();
            let mut all = Vec::new();
            paths(&t, vec![], &mut all);
            for p in all.iter().filter(|p| a.visit(p).is_none()) {
                if let leaf @ T::Leaf(_) = at(&mut changed, &p.0) {
                    rerandomize(&mut rng, leaf, &shape);
                }
            }
            let other = spec(&header, &changed);
            prop_assert_eq!(&root(&other, Algorithm::Expectiminimax, &Options::default()), &truth, "star2 {:?}", opts);
        }
    }

    /// The text report gives each evaluated leaf the value of the first
    /// visit at its path; where the analysis says that is the leaf's own
    /// (`direct_values_agree`), it is: a `star2` probe evaluates a leaf
    /// as its search does.
    #[test]
    fn a_leaf_has_the_value_of_the_first_visit_at_its_path(seed in 1u64..u64::MAX) {
        let (header, t, game) = two_player_game(seed);
        for opts in conventions() {
            for a in [Algorithm::Expectiminimax, Algorithm::Star1, Algorithm::Star2] {
                let run = run(&game, a, &opts);
                prop_assert!(run.direct_values_agree(), "{:?}: no table, so the leaves agree", a);
                let first = run.first_at_paths();
                for (i, v) in run.visits.iter().enumerate().filter(|(_, v)| v.direct().is_some()) {
                    let at_first = run.value_of(&run.visits[first[i] as usize]);
                    prop_assert_eq!(at_first, run.value_of(v), "{:?}: leaf {}\n{}", a, run.path(i), spec_text(&header, &t));
                }
            }
        }
    }

    /// The pruned edges listed, each once and never one a counted search
    /// entered, are the paths the counted cuts pruned, read path by path
    /// (the analysis reads them as edges, each a visit and a child: nested
    /// `star2` probes prune one path from two visits).
    #[test]
    fn the_pruned_edges_are_the_cuts_paths_each_once(seed in 1u64..u64::MAX) {
        let (header, t, game) = two_player_game(seed);
        for opts in conventions() {
            for a in [Algorithm::Star1, Algorithm::Star2] {
                let run = run(&game, a, &opts);
                let want = by_paths(&run);
                let got: Vec<Path> = run.pruned().collect();
                prop_assert_eq!(got, want, "{:?}\n{}", a, spec_text(&header, &t));
            }
        }
    }

    #[test]
    fn star_searches_visit_each_node_or_prune_it_exactly_once(seed in 1u64..u64::MAX) {
        let (header, t, game) = two_player_game(seed);
        let mut all = Vec::new();
        paths(&t, vec![], &mut all);
        for (opts, star) in conventions().into_iter().flat_map(|o| [(o.clone(), Algorithm::Star1), (o, Algorithm::Star2)]) {
            let a = run(&game, star, &opts);
            let pruned: Vec<Path> = a.pruned().collect();
            for p in &all {
                let below = pruned.iter().filter(|q| q.is_prefix_of(p)).count();
                let visited = a.visit(p).is_some();
                prop_assert!(visited && below == 0 || !visited && below == 1, "{:?}: {} visited {} below {}\n{}", star, p, visited, below, spec_text(&header, &t));
            }
        }
    }

    #[test]
    fn star1_is_alphabeta_without_chance_nodes(seed in 1u64..u64::MAX) {
        let mut rng = Rng(seed);
        let (mut shape, header) = two_player(&mut rng);
        shape.kinds = vec!["MAX", "MIN"];
        let t = grow(&mut rng, &shape, 4);
        let game = spec(&header, &t);
        for opts in conventions() {
            let ab = search::run(&game, Algorithm::Alphabeta, &opts).unwrap();
            for star in [Algorithm::Star1, Algorithm::Star2] {
                let events: Vec<_> = search::run(&game, star, &opts).unwrap().events().collect();
                prop_assert_eq!(events, ab.events().collect::<Vec<_>>());
            }
        }
    }

    /// `maxn`'s root vector is the one its definition gives, worked out
    /// here in exact fractions: with and without CHANCE nodes, ties to
    /// the first child or the last.
    #[test]
    fn maxn_is_its_definition(seed in 1u64..u64::MAX) {
        let mut rng = Rng(seed);
        let shape = Shape { kinds: vec!["A", "B", "C", "CHANCE"], n: 3, lo: -3, hi: 9, sum: None };
        let t = grow(&mut rng, &shape, 4);
        let game = spec("players A B C", &t);
        for (ties, last) in [("first", false), ("last", true)] {
            let mut opts = Options::default();
            opts.set("ties", Some(ties)).unwrap();
            let want: Vec<String> = by_definition(&t, last).iter().map(|&(n, d)| fraction(n, d)).collect();
            let Value::Vector(got) = root(&game, Algorithm::Maxn, &opts) else { panic!("not a vector") };
            let got: Vec<String> = got.iter().map(|x| x.to_string()).collect();
            prop_assert_eq!(got, want, "{}", spec_text("players A B C", &t));
        }
    }

    #[test]
    fn shallow_pruning_keeps_the_maxn_vector(seed in 1u64..u64::MAX) {
        let mut rng = Rng(seed);
        let sum = rng.range(3, 12);
        let lo = rng.range(-2, 0);
        let shape = Shape { kinds: vec!["A", "B", "C", "CHANCE"], n: 3, lo, hi: sum - 2 * lo, sum: Some(sum) };
        let t = grow(&mut rng, &shape, 4);
        let game = spec(&format!("players A B C\nsum {sum}\nbounds [{lo}, {}]", sum - 2 * lo), &t);
        for ties in ["first", "last"] {
            for strict in [false, true] {
                let mut plain = Options::default();
                plain.set("ties", Some(ties)).unwrap();
                plain.set("strict-cuts", Some(if strict { "true" } else { "false" })).unwrap();
                let mut shallow = plain.clone();
                shallow.set("shallow", None).unwrap();
                prop_assert_eq!(root(&game, Algorithm::Maxn, &shallow), root(&game, Algorithm::Maxn, &plain));
            }
        }
    }

    #[test]
    fn paranoid_is_minimax_over_the_coalition_tree(seed in 1u64..u64::MAX) {
        let mut rng = Rng(seed);
        let shape = Shape { kinds: vec!["A", "B", "C"], n: 3, lo: -4, hi: 6, sum: None };
        let t = grow(&mut rng, &shape, 4);
        let game = spec("players A B C", &t);
        for (p, name) in ["A", "B", "C"].iter().enumerate() {
            fn scalar(t: &T, p: usize, me: &str) -> T {
                match t {
                    T::Leaf(v) => T::Leaf(vec![v[p]]),
                    T::Inner(k, cs) => {
                        let kind = if k == me { "MAX" } else { "MIN" };
                        T::Inner(kind.into(), cs.iter().map(|(w, c)| (*w, scalar(c, p, me))).collect())
                    }
                }
            }
            let two = spec("", &scalar(&t, p, name));
            let mut opts = Options::default();
            opts.set("player", Some(name)).unwrap();
            prop_assert_eq!(root(&game, Algorithm::Paranoid, &opts), root(&two, Algorithm::Minimax, &Options::default()));
        }
    }
}

#[test]
fn star1_needs_bounds_with_chance_nodes() {
    let game = gametree::load("t.tree", "MAX { CHANCE { 1 2 } 3 }").unwrap();
    let err = search::run(&game, Algorithm::Star1, &Options::default()).unwrap_err();
    assert!(format!("{:?}", err.kind).contains("bounds"), "{err:?}");
    assert!(!search::applicable(&game).contains(&Algorithm::Star2));
}

#[test]
fn paranoid_names_an_unknown_player() {
    let game = gametree::load("t.tree", "players A B\nA { B { (1, 2) (3, 0) } (2, 2) }").unwrap();
    let mut opts = Options::default();
    opts.set("player", Some("Z")).unwrap();
    let err = search::run(&game, Algorithm::Paranoid, &opts).unwrap_err();
    assert!(format!("{:?}", err.kind).contains("`Z` is not a declared player"), "{err:?}");
}

#[test]
fn shallow_needs_sum() {
    let game = gametree::load("t.tree", "players A B\nA { B { (1, 2) (3, 0) } (2, 2) }").unwrap();
    let mut opts = Options::default();
    opts.set("shallow", None).unwrap();
    let err = search::run(&game, Algorithm::Maxn, &opts).unwrap_err();
    assert!(format!("{:?}", err.kind).contains("sum"), "{err:?}");
}
