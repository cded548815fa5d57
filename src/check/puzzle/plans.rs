//! The ways `solve` counts a puzzle without searching its assignments,
//! each built from the spec where it applies ("plans"), the one interface
//! they answer through ([`Counted`]), and, for tests, each way alone.
//!
//! Invariant: a plan that answers gives the same count and the same first
//! solutions as enumeration (`tests/puzzle_laws.rs` checks each way alone).

use super::count::Count;
use super::{Domain, Solutions, cdf, chance, distinct, filled, multiset, scale, subtrees, symbolic, unknowns, wide};
use crate::check::expect::Expect;
use crate::check::spec::Spec;
use crate::model::{Game, NodeId};
use crate::num::Num;

/// The count over subtrees (`subtrees.rs`) of `spec`'s blocks over a
/// range, where it applies: blocks of one search (the same algorithm and
/// options) asked as one. The symbolic searches' conditions are checked
/// apart. With `trial`, the count past the work it is sure to take on,
/// within a budget (only that one: `None` where the first applies).
pub(super) fn subtrees_plan<'g>(
    spec: &'g Spec,
    domain: &Domain,
    unknowns: &[NodeId],
    trial: bool,
) -> Option<subtrees::Subtrees<'g>> {
    let Domain::Range(lo, hi) = domain else { return None };
    let game = &spec.game;
    let merged = merged(spec)?;
    if trial {
        subtrees::Subtrees::trial(game, unknowns, &merged, (*lo, *hi))
    } else {
        subtrees::Subtrees::new(game, unknowns, &merged, (*lo, *hi))
    }
}

/// The count over subtrees of `spec`'s `expectiminimax` (or `minimax`)
/// blocks, where it applies (`chance.rs`): over a range in plain counts,
/// over a multiset by the values used (`multiset.rs`'s polynomials);
/// `filled` is the game with its unknowns given a placeholder.
pub(super) fn chance_plan<'g>(
    spec: &'g Spec,
    filled: &Game,
    blocks: &[Expect],
    domain: &Domain,
    unknowns: &[NodeId],
) -> Option<Box<dyn Counted + 'g>> {
    let game = &spec.game;
    let blocks = &unsorted(blocks);
    match domain {
        Domain::Range(lo, hi) => match chance::Chance::new(game, filled, unknowns, blocks, (*lo, *hi)) {
            Some(plan) => Some(Box::new(plan) as Box<dyn Counted>),
            // Past its tables' width: the root's `value` and `best` on a
            // MAX/MIN tree through each node's distribution.
            None => Some(Box::new(cdf::Cdf::new(game, filled, unknowns, blocks, (*lo, *hi))?)),
        },
        Domain::Multiset(values) => {
            let kinds = multiset::kinds(values);
            let distinct = kinds.iter().map(|&(v, _)| v).collect();
            let uses = multiset::Uses::new(kinds, values.len() as u32)?;
            Some(Box::new(chance::Chance::with_ring(game, filled, unknowns, blocks, distinct, uses)?))
        }
    }
}

/// `blocks` with each `minimax` or `negamax` block searching best or
/// worst first (`--order best|worst`) and asking only `value`, `values`,
/// `best` or `pv` as the same block in the written order: such a search
/// visits every node whatever the order, so node values do not depend on
/// it, and a node's children sorted by their values (a stable sort) keep
/// those of equal value together in their written order, so the first
/// (or last) searched at the best value is the first (or last) written.
fn unsorted(blocks: &[Expect]) -> Vec<Expect> {
    use crate::check::expect::Fact;
    use crate::search::Algorithm;
    use crate::search::options::Order;
    let mut out = blocks.to_vec();
    for e in &mut out {
        let plain = matches!(e.algorithm, Algorithm::Minimax | Algorithm::Negamax);
        let asks =
            e.items.iter().all(|i| matches!(i.fact, Fact::Value(_) | Fact::Values(_) | Fact::Best(_) | Fact::Pv(_)));
        if plain && asks && matches!(e.options.order, Order::Best | Order::Worst) {
            e.options.order = Order::Spec;
        }
    }
    out
}

/// `spec`'s blocks as the `minimax` (or `negamax`) blocks they amount to,
/// where every one is of the `alphabeta` family or `pvs` (as the symbolic
/// searches mirror them), or `minimax` or `negamax` itself (so that, over
/// a wide range, `cdf.rs` counts them before the count through order
/// types is tried), and asks only `value`, `best` and `pv` with ties going
/// to the first: the root's window holds the minimax value (leaves lie
/// within declared bounds), so the root returns it exactly, whatever the
/// cut rule or fail mode; and a later child worth as much as the best so
/// far returns at most α, never more (`pvs`: its null-window scout fails
/// low), so the best move is the first at that value in search order, as
/// `minimax` picks it. Down the principal variation the same holds node
/// by node: a node on it is entered with a window its value lies within
/// (strictly inside, or at a declared bound no child can pass), each child
/// searched before its best one is worse or returns a bound no better
/// than the running value, and the best one returns its exact value. Counted without
/// windows (`chance.rs`), such a block takes milliseconds where the count
/// over subtrees may not finish (26 unknowns over 1..100).
pub(super) fn as_minimax(spec: &Spec) -> Option<Vec<Expect>> {
    use crate::check::expect::Fact;
    use crate::search::Algorithm;
    use crate::search::options::Ties;
    let plain = |e: &Expect| match symbolic::mirrored(&spec.game, e)?.0 {
        Algorithm::Minimax | Algorithm::Alphabeta => Some(Algorithm::Minimax),
        Algorithm::Negamax | Algorithm::NegamaxAb | Algorithm::Pvs => Some(Algorithm::Negamax),
        _ => None,
    };
    let only = |e: &Expect| {
        e.options.ties == Ties::First
            && e.items.iter().all(|i| matches!(i.fact, Fact::Value(_) | Fact::Best(_) | Fact::Pv(_)))
    };
    spec.expects.iter().map(|e| Some(Expect { algorithm: plain(e).filter(|_| only(e))?, ..e.clone() })).collect()
}

/// `spec` with each `pvs` block on a tree of at most two plies as the
/// `alphabeta` block it amounts to (fail-soft, cutting on
/// equality, in the same order), where every `pvs` block qualifies and
/// at least one is there; `None` otherwise. Under the root every child is
/// a leaf or a node of leaves. The first child is searched with the
/// root's window, as alpha-beta does; each later node child with the null
/// window `(α, α + δ)`. A MIN child (at a MAX root) cuts at its first
/// leaf `≤ α` (the node's running value `≤ α`: the test alpha-beta's
/// `(α, β)` makes there) and then returns that leaf's value, or, finding
/// none, returns the least of its leaves, `> α`, and is searched again
/// with `(α, β)` as alpha-beta searches it, cutting nowhere — or, when
/// that least leaf is the declared upper bound β itself, not searched
/// again: the scout has done just what alpha-beta does. A MAX child cuts
/// its scout at its first leaf `> α`, or returns its greatest, `≤ α`,
/// having cut nowhere, as alpha-beta does; past α it is searched again as
/// alpha-beta searches it, unless that leaf is the upper bound, where
/// alpha-beta cuts too. (A MIN root mirrors this.) So each node returns
/// what alpha-beta's returns, the same edges are cut, and the root keeps
/// the same best child: `value`, `best`, `pv`, `pruned` and `values`
/// (read at a node's last visit) are the same, whatever the values, with
/// or without declared bounds. The visit order, the leaves evaluated, the
/// windows and the statistics are not (a re-searched node is entered
/// twice): a block asking them with a `visited` item, which names the
/// children searched again, is counted over subtrees as `pvs`
/// (`subtrees/scouts.rs`); without one, or asking the windows, it is
/// left to the box search, as are ties going last, shared positions and
/// any other option.
/// `tests/puzzle_laws.rs`
/// compares the count with enumeration on random two-ply trees. A `pvs`
/// block asking `pv` and `values` of 16 values
/// (`tests/fixtures/puzzles/pvs-two-plies.tree`), which the box search
/// had not finished after 5 minutes, is counted over orderings in
/// hundredths of a second.
pub(super) fn pvs_as_alphabeta(spec: &Spec) -> Option<Spec> {
    use crate::model::NodeKind;
    use crate::search::Algorithm;
    use crate::search::options::Options;
    let game = &spec.game;
    // Every child of the root a leaf or a node of leaves (a leaf has none).
    let leaves_below =
        |e: &crate::model::Edge| game.node(e.child).children().iter().all(|g| game.node(g.child).is_leaf());
    let two_plies = !game.has_kind(NodeKind::Chance) && game.root().children().iter().all(leaves_below);
    if !two_plies || game.shares_positions() || !spec.expects.iter().any(|e| e.algorithm == Algorithm::Pvs) {
        return None;
    }
    let rewrite = |e: &Expect| {
        if e.algorithm != Algorithm::Pvs {
            return Some(e.clone());
        }
        let o = &e.options;
        let options = Options { order: o.order, ignore_bounds: o.ignore_bounds, ..Options::default() };
        subtrees::scouts::asks_what_no_research_changes(e).then(|| Expect {
            algorithm: Algorithm::Alphabeta,
            options,
            ..e.clone()
        })
    };
    let expects = spec.expects.iter().map(rewrite).collect::<Option<Vec<Expect>>>()?;
    Some(Spec { game: spec.game.clone(), expects })
}

/// `spec`'s blocks as the `minimax` (or, with CHANCE nodes,
/// `expectiminimax`) blocks they amount to, where every one asks only
/// `value`, and `best` with ties going to the first, of a search that
/// returns the root's exact value: one that sees the whole tree (no depth
/// cutoff, beam or singular extension) and whose root window holds every
/// value a leaf may take, so that no cut or bound changes what the root
/// returns, whatever its order, cut rule, fail mode or table: `minimax`,
/// `negamax`, the `alphabeta` family, `pvs`, `mtdf` (on integer leaves,
/// where its null windows converge on the value), `ids` (its last
/// iteration reaches every leaf), `negamax-tt` where no two written nodes
/// share a `key` (a table answering one for another would be a different
/// tree's value), and `expectiminimax`, `star1` and `star2`. The best move
/// is the first child at the root's value in the order searched, as
/// `minimax` picks it, so `best` is counted under the written or reverse
/// order only, and not for `ids` where a node has an `eval` (its last
/// iteration searches the previous one's best move first). `mtdf`'s `pv`
/// is its best move alone, and is counted as that; `values root=v` asks
/// the root's `value v`. The count
/// without windows (`chance.rs`) answers such a puzzle in milliseconds
/// where enumeration would not end (`mtdf` asking `value` of 9 unknowns
/// over 0..9). `tests/exact_value_puzzle_laws.rs` checks it against
/// enumeration.
pub(super) fn exact_values(spec: &Spec) -> Option<Vec<Expect>> {
    use crate::check::expect::{Fact, Item};
    use crate::model::NodeKind;
    use crate::search::Algorithm as A;
    use crate::search::options::{Options, Order, Ties};
    let game = &spec.game;
    // `mtdf`'s passes search with null windows, so its principal variation
    // is the best root move alone (`Analysis::pv`): a `pv` of one root move
    // asks that `best`, ties going first.
    let as_best = |e: &Expect, i: &Item| match &i.fact {
        Fact::Pv(paths) if e.algorithm == A::Mtdf && e.options.ties == Ties::First => match &paths[..] {
            [root_move] if root_move.0.len() == 1 => Some(Item { fact: Fact::Best(paths.clone()), span: i.span }),
            _ => None,
        },
        Fact::Value(_) | Fact::Best(_) => Some(i.clone()),
        // The root's value read at its visit is the value the search returns.
        Fact::Values(pairs) => match &pairs[..] {
            [(root, v), rest @ ..] if root.0.is_empty() && rest.iter().all(|(p, w)| p.0.is_empty() && w == v) => {
                Some(Item { fact: Fact::Value(v.clone()), span: i.span })
            }
            _ => None,
        },
        _ => None,
    };
    let algorithm = if game.has_kind(NodeKind::Chance) { A::Expectiminimax } else { A::Minimax };
    let block = |e: &Expect| {
        let items = e.items.iter().map(|i| as_best(e, i)).collect::<Option<Vec<Item>>>()?;
        let best = items.iter().any(|i| matches!(i.fact, Fact::Best(_)));
        let applies = returns_exact_root(game, e) && (!best || best_as_minimax(game, e));
        // The order matters only to `best`.
        let order = if best { e.options.order } else { Order::Spec };
        applies.then(|| Expect { algorithm, options: Options { order, ..Options::default() }, items, ..e.clone() })
    };
    spec.expects.iter().map(block).collect()
}

/// Whether `e`'s search returns the root's exact `minimax` (or
/// `expectiminimax`) value on `game`, whatever its leaves (see
/// [`exact_values`]): it sees the whole tree, and its root window holds
/// every value a leaf may take.
pub(super) fn returns_exact_root(game: &Game, e: &Expect) -> bool {
    use crate::search::Algorithm as A;
    let integers = || game.nodes().filter_map(|n| n.scalar()).all(|v| v.as_i64().is_some());
    let keyed = || game.nodes().any(|n| n.key().is_some());
    let exact = match e.algorithm {
        A::Minimax | A::Negamax | A::Alphabeta | A::NegamaxAb | A::Pvs | A::Ids => true,
        A::Expectiminimax | A::Star1 | A::Star2 => true,
        A::Mtdf => integers(),
        A::NegamaxTt => !keyed(),
        _ => false,
    };
    let o = &e.options;
    exact && o.depth.is_none() && o.beam.is_none() && o.singular.is_none() && !o.quiescence
}

/// Whether `e`'s best root move is the one `minimax` picks, the first in
/// its order at the root's value (where `e` returns the root exactly, see
/// [`exact_values`]): ties going first, in the written or reverse order,
/// and not `ids` where a node has an `eval`.
pub(super) fn best_as_minimax(game: &Game, e: &Expect) -> bool {
    use crate::search::Algorithm as A;
    use crate::search::options::{Order, Ties};
    e.options.ties == Ties::First
        && matches!(e.options.order, Order::Spec | Order::Reverse)
        && !(e.algorithm == A::Ids && game.nodes().any(|n| n.eval().is_some()))
}

/// A count over subtrees, ready to answer (`subtrees.rs` here;
/// `distinct.rs`, `multiset.rs` and `chance.rs` beside their plans).
pub(super) trait Counted {
    /// How many assignments pass, or `None` when this way gives up.
    fn count_all(&mut self) -> Option<Count>;
    /// The first `max` solutions, smallest first, or `None` when it gives up.
    fn list_first(&mut self, max: usize) -> Option<Vec<Vec<Num>>>;
    /// Counts over subtrees run (for `Solutions::tried`).
    fn counts_run(&self) -> u64;
}

impl Counted for subtrees::Subtrees<'_> {
    fn count_all(&mut self) -> Option<Count> {
        let count = self.count();
        (!self.gave_up()).then_some(count)
    }
    fn list_first(&mut self, max: usize) -> Option<Vec<Vec<Num>>> {
        let listed = self.list(max);
        (!self.gave_up()).then_some(listed)
    }
    fn counts_run(&self) -> u64 {
        self.tried
    }
}

impl Counted for super::rootwise::Rootwise {
    fn count_all(&mut self) -> Option<Count> {
        self.count().filter(|_| !self.gave_up())
    }
    fn list_first(&mut self, max: usize) -> Option<Vec<Vec<Num>>> {
        self.list(max).filter(|_| !self.gave_up())
    }
    fn counts_run(&self) -> u64 {
        self.runs()
    }
}

/// The count root move by root move (`rootwise.rs`) of `spec`'s blocks
/// over a range, where it applies.
pub(super) fn rootwise_plan(
    spec: &Spec,
    work: &Game,
    domain: &Domain,
    unknowns: &[NodeId],
    split_all: bool,
) -> Option<super::rootwise::Rootwise> {
    let Domain::Range(lo, hi) = domain else { return None };
    super::rootwise::Rootwise::new(work, unknowns, &merge(&spec.expects)?, (*lo, *hi), split_all)
}

/// `solve` by the count root move by root move alone (with `split_all`,
/// every CHANCE move `star1` searches that it can split child by child
/// split so), or `None` where it does not apply: for tests, which compare
/// it with enumeration.
pub fn solve_rootwise(spec: &Spec, domain: &Domain, max_listed: usize, split_all: bool) -> Option<Solutions> {
    let unknowns = unknowns(&spec.game);
    let work = filled(&spec.game, &unknowns).ok()?;
    answer(&mut rootwise_plan(spec, &work, domain, &unknowns, split_all)?, &unknowns, false, max_listed)
}

impl Counted for super::passwise::Passwise {
    fn count_all(&mut self) -> Option<Count> {
        self.total().filter(|_| !self.gave_up())
    }
    fn list_first(&mut self, max: usize) -> Option<Vec<Vec<Num>>> {
        self.list(max).filter(|_| !self.gave_up())
    }
    fn counts_run(&self) -> u64 {
        self.work()
    }
}

/// The count over subtrees pass by pass (`passwise.rs`) of `spec`'s
/// `mtdf` blocks over a range, where it applies.
pub(super) fn passwise_plan(
    spec: &Spec,
    work: &Game,
    domain: &Domain,
    unknowns: &[NodeId],
) -> Option<super::passwise::Passwise> {
    let Domain::Range(lo, hi) = domain else { return None };
    super::passwise::Passwise::new(work, unknowns, &merge(&spec.expects)?, (*lo, *hi))
}

/// `solve` by the count pass by pass alone, or `None` where it does not
/// apply or gives up: for tests, which compare it with enumeration.
pub fn solve_passwise(spec: &Spec, domain: &Domain, max_listed: usize) -> Option<Solutions> {
    let unknowns = unknowns(&spec.game);
    let work = filled(&spec.game, &unknowns).ok()?;
    answer(&mut passwise_plan(spec, &work, domain, &unknowns)?, &unknowns, false, max_listed)
}

/// What `plan` answers for [`search`] (with `stop`, only whether one
/// solution exists), or `None` when it gives up and the box search must.
pub(super) fn answer(plan: &mut dyn Counted, unknowns: &[NodeId], stop: bool, max_listed: usize) -> Option<Solutions> {
    let count = if stop { Count::ZERO } else { plan.count_all()? };
    let solutions = plan.list_first(if stop { 1 } else { super::listed(max_listed, &count) })?;
    let count = if stop { Count::from(solutions.len()) } else { count };
    Some(Solutions { unknowns: unknowns.to_vec(), count, solutions, tried: plan.counts_run() })
}

/// The blocks of one search (the same algorithm and options) asked as
/// one, or `None` when they ask different searches.
fn merged(spec: &Spec) -> Option<Expect> {
    merge(&spec.expects)
}

/// `blocks` asked as one, or `None` when they ask different searches.
pub(super) fn merge(blocks: &[Expect]) -> Option<Expect> {
    let [first, rest @ ..] = blocks else { return None };
    if rest.iter().any(|e| e.algorithm != first.algorithm || e.options != first.options) {
        return None;
    }
    let items = blocks.iter().flat_map(|e| e.items.iter().cloned()).collect();
    Some(Expect { items, ..first.clone() })
}

/// The count through order types (`wide.rs`) of `spec`'s blocks over a
/// range, where it applies.
pub(super) fn wide_plan<'g>(spec: &'g Spec, domain: &Domain, unknowns: &[NodeId]) -> Option<wide::Wide<'g>> {
    let Domain::Range(lo, hi) = domain else { return None };
    wide::Wide::new(&spec.game, unknowns, &merged(spec)?, (*lo, *hi))
}

/// `solve` through order types alone (`wide.rs`: the way a range too
/// wide for the count over subtrees is counted), with no other way tried,
/// or `None` where it does not apply or gives up: for tests, which compare
/// it with enumeration on ranges small enough to enumerate.
pub fn solve_by_order_types(spec: &Spec, domain: &Domain, max_listed: usize) -> Option<Solutions> {
    let unknowns = mirrored_unknowns(spec, domain)?;
    answer(&mut wide_plan(spec, domain, &unknowns)?, &unknowns, false, max_listed)
}

/// `solve` by the count over subtrees tried within a budget alone (the
/// way a narrow range past the work that count is sure to take on is
/// counted first), or `None` where it does not apply or gives up: for
/// tests, which compare it with enumeration.
pub fn solve_by_subtrees_within_budget(spec: &Spec, domain: &Domain, max_listed: usize) -> Option<Solutions> {
    let unknowns = mirrored_unknowns(spec, domain)?;
    answer(&mut subtrees_plan(spec, domain, &unknowns, true)?, &unknowns, false, max_listed)
}

/// `solve` by the count over subtrees (`subtrees.rs`) alone, or `None`
/// where it does not apply: for tests, which compare it with enumeration.
pub fn solve_by_subtrees(spec: &Spec, domain: &Domain, max_listed: usize) -> Option<Solutions> {
    let unknowns = mirrored_unknowns(spec, domain)?;
    answer(&mut subtrees_plan(spec, domain, &unknowns, false)?, &unknowns, false, max_listed)
}

/// `solve` with `spec`'s `alphabeta`-family blocks counted as the
/// `minimax` blocks they amount to (`as_minimax`), no other way tried, or
/// `None` where that does not apply: for tests, which compare it with
/// enumeration.
pub fn solve_as_minimax(spec: &Spec, domain: &Domain, max_listed: usize) -> Option<Solutions> {
    let unknowns = mirrored_unknowns(spec, domain)?;
    let work = filled(&spec.game, &unknowns).ok()?;
    let mut plan = chance_plan(spec, &work, &as_minimax(spec)?, domain, &unknowns)?;
    answer(&mut *plan, &unknowns, false, max_listed)
}

/// `solve` with `spec`'s blocks asking only `value` counted as the
/// `minimax` (or `expectiminimax`) blocks they amount to (`exact_values`),
/// no other way tried, or `None` where that does not apply: for tests,
/// which compare it with enumeration.
pub fn solve_exact_values(spec: &Spec, domain: &Domain, max_listed: usize) -> Option<Solutions> {
    let unknowns = unknowns(&spec.game);
    let work = filled(&spec.game, &unknowns).ok()?;
    let mut plan = chance_plan(spec, &work, &exact_values(spec)?, domain, &unknowns)?;
    answer(&mut *plan, &unknowns, false, max_listed)
}

/// `solve` with `spec`'s blocks as `exact_values` gives them, counted
/// through each node's distribution (`cdf.rs`, the way ranges too wide
/// for `chance.rs`'s tables are counted) whatever the range, no other way
/// tried, or `None` where that does not apply: for tests, which compare
/// it with enumeration on small ranges.
pub fn solve_by_distributions(spec: &Spec, domain: &Domain, max_listed: usize) -> Option<Solutions> {
    let Domain::Range(lo, hi) = domain else { return None };
    let unknowns = unknowns(&spec.game);
    let work = filled(&spec.game, &unknowns).ok()?;
    let mut plan = cdf::Cdf::new(&spec.game, &work, &unknowns, &exact_values(spec)?, (*lo, *hi))?;
    answer(&mut plan, &unknowns, false, max_listed)
}

/// The unknowns of `spec`, where the symbolic searches stand for its
/// blocks' (as [`solve`] tries the ways above only there).
fn mirrored_unknowns(spec: &Spec, domain: &Domain) -> Option<Vec<NodeId>> {
    symbolic::applies(&spec.game, &spec.expects, &scale(domain)).then(|| unknowns(&spec.game))
}

/// The count through orderings (`distinct.rs`) of `spec`'s blocks over a
/// multiset of distinct values, where it applies.
pub(super) fn distinct_plan<'g>(
    spec: &'g Spec,
    domain: &Domain,
    unknowns: &[NodeId],
) -> Option<distinct::Distinct<'g>> {
    let Domain::Multiset(values) = domain else { return None };
    // Blocks that amount to `minimax` ones are counted as those: without
    // windows, a node has one table, not one a window. So are blocks of a
    // search that returns the root exactly asking only its value (`mtdf`
    // asking `value` of 27 unknowns over 1..27: a minute in the box search).
    let block = as_minimax(spec).or_else(|| exact_values(spec)).and_then(|blocks| merge(&blocks));
    distinct::Distinct::new(&spec.game, unknowns, &block.or_else(|| merged(spec))?, values)
}

/// The count by the values used (`multiset.rs`) of `spec`'s blocks over
/// a multiset, where it applies.
pub(super) fn repeats_plan<'g>(spec: &'g Spec, domain: &Domain, unknowns: &[NodeId]) -> Option<multiset::Repeats<'g>> {
    let Domain::Multiset(values) = domain else { return None };
    multiset::Repeats::new(&spec.game, unknowns, &merged(spec)?, values)
}
