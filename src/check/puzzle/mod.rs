//! Puzzles: specs with unknown leaves (`?`) solved against their `expect`
//! blocks ("which order of these nine values gives the marked cuts?").
//!
//! The unknowns are the `?` leaves in left-to-right (written) order; a
//! solution gives their values in that order. Candidates come from a
//! [`Domain`]: every integer in a range, or every distinct ordering of a
//! multiset. Two solvers give the same answers:
//!
//! - `boxes.rs`: branch and bound over boxes of assignments (each unknown
//!   in an interval), run through symbolic `minimax`/`alphabeta`
//!   (`symbolic.rs`, which stand for `negamax`/`negamax-ab` too); a box is dropped, split at the value a comparison
//!   turns on, or judged whole and counted at once. A comparison between
//!   two unknowns splits by order instead (`x < y`,
//!   `x = y`, `x > y`: `relations.rs`), and a region with such relations
//!   is counted by dynamic programming over the values (`ordered.rs`).
//!   Used when every expectation is `minimax`, `alphabeta`, `negamax` or
//!   `negamax-ab` in written or reverse order without a depth cutoff, on a
//!   MAX/MIN tree.
//! - `subtrees.rs` (one search's blocks over a small range) and
//!   `distinct.rs` (over a multiset of distinct values): dynamic
//!   programming over subtrees, each subtree's ways counted once per
//!   window it may be entered with; over distinct values the counts with
//!   repeats over `1..m` are turned into orderings by binomial inversion
//!   (with known leaves or `values` items, by inclusion–exclusion over
//!   the profiles of the sets of values); `multiset.rs` (over any
//!   multiset, repeats and known leaves allowed) counts each subtree's
//!   ways by the values they use. Tried first where they apply (not where a `&` edge searches a
//!   subtree from two places: its unknowns are shared).
//! - `chance.rs`: `expectiminimax` (and `minimax`) blocks over a range or a multiset,
//!   counted over subtrees: no pruning, so each node's table of values and
//!   ways is read off its children's (CHANCE nodes by their running sums);
//!   also `alphabeta`-family blocks asking only `value` and `best`, which
//!   amount to `minimax` blocks (`plans.rs`, `as_minimax`).
//! - `rootwise.rs`: `star1` and `star2` blocks over a range at a MAX or
//!   MIN root, root move by root move: each move's unknowns enumerated
//!   once per window the moves before it can leave it.
//! - `pvs` blocks on trees of two plies are counted as the `alphabeta`
//!   blocks they amount to (`plans.rs`, `pvs_as_alphabeta`), by the ways
//!   above.
//! - `enumerate.rs`: one value at a time with prefix pruning, for every
//!   other algorithm and option; the oracle the box search is tested
//!   against ([`enumerate`]).
//!
//! Invariant: a solution is reported iff every `expect` block passes on the
//! game with those values; the count is exact at any size ([`Count`]: an
//! unsigned integer with as many digits as it needs).

use std::collections::BTreeSet;

use crate::analysis::Analysis;
use crate::check::expect::{self, Expect};
use crate::check::spec::Spec;
use crate::model::{Game, NodeId, Path, Utility};
use crate::num::Num;
use crate::search::Algorithm;

/// The steps of the box search's short try before a count through order
/// types that takes many counts (`wide.rs`): about a tenth of a second.
const QUICK_BOX_STEPS: u64 = 10_000;

mod arrange;
mod boxes;
mod cdf;
mod chance;
mod count;
mod distinct;
mod domain;
mod enumerate;
mod grid;
mod multiset;
mod ordered;
mod passwise;
mod plans;
mod relations;
mod rootwise;
mod subtrees;
mod symbolic;
mod wide;
pub use count::Count;
pub use domain::{Domain, parse_list};
use plans::{
    Counted, answer, as_minimax, chance_plan, distinct_plan, exact_values, passwise_plan, pvs_as_alphabeta,
    repeats_plan, rootwise_plan, subtrees_plan, wide_plan,
};
pub use plans::{
    solve_as_minimax, solve_by_distributions, solve_by_order_types, solve_by_subtrees, solve_by_subtrees_within_budget,
    solve_exact_values, solve_passwise, solve_rootwise,
};

/// Why a puzzle cannot be searched.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleError {
    /// The spec has no `?` leaf.
    NoUnknowns,
    /// No `expect` block to solve against.
    NoExpectations,
    /// `--values` has a different number of values than there are unknowns.
    WrongCount { unknowns: usize, values: usize },
    /// A candidate value outside the declared bounds.
    OutOfBounds { value: Num },
    /// An expectation's algorithm does not apply to the tree, or the
    /// tree is not a puzzle (a multi-player game's `?` would be a vector).
    NotApplicable(crate::diagnostic::Diagnostic),
    /// More than `limit` boxes (or partial assignments) were examined.
    TooLarge { limit: u64 },
}

impl std::fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PuzzleError::NoUnknowns => write!(f, "the spec has no unknown leaf (`?`): nothing to solve"),
            PuzzleError::NoExpectations => write!(f, "the spec has no `expect` block: nothing to solve against"),
            PuzzleError::WrongCount { unknowns, values } => {
                write!(f, "{values} values given for {unknowns} unknown leaves")
            }
            PuzzleError::OutOfBounds { value } => write!(f, "the value {value} lies outside the declared bounds"),
            PuzzleError::NotApplicable(d) => write!(f, "{}", d.kind),
            PuzzleError::TooLarge { limit } => {
                write!(f, "more than {limit} steps (boxes or partial assignments): narrow the domain or give --values")
            }
        }
    }
}

/// The verdict on one multiple-choice option.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Verdict {
    pub option: String,
    pub correct: bool,
    pub reason: String,
}

/// Every solution, in lexicographic order of the unknowns' values.
#[derive(Clone, Debug, PartialEq)]
pub struct Solutions {
    /// The unknown leaves, left to right.
    pub unknowns: Vec<NodeId>,
    /// How many assignments pass, exactly (past 2^128 too: twenty free
    /// leaves over −1000..1000 alone give 2001^20).
    pub count: Count,
    /// The first `max_listed` solutions in lexicographic order (not the
    /// first found: the search does not find them in that order).
    pub solutions: Vec<Vec<Num>>,
    /// Boxes (or partial assignments) examined (for the curious and for tests).
    pub tried: u64,
}

/// The unknown leaves, left to right as written.
pub fn unknowns(game: &Game) -> Vec<NodeId> {
    game.ids().filter(|&id| game.node(id).utility() == Utility::Unknown).collect()
}

/// The references people read (`B.2`) of `ids`, in the order given.
pub fn references(game: &Game, ids: &[NodeId]) -> Vec<String> {
    let mut paths: Vec<Option<Path>> = vec![None; ids.len()];
    let mut stack = vec![(NodeId::ROOT, Path::root())];
    while let Some((n, p)) = stack.pop() {
        if paths.iter().all(Option::is_some) {
            break;
        }
        for (k, &id) in ids.iter().enumerate() {
            if id == n && paths[k].is_none() {
                paths[k] = Some(p.clone());
            }
        }
        for (i, e) in game.node(n).children().iter().enumerate().rev() {
            stack.push((e.child, p.child(i as u32)));
        }
    }
    paths.into_iter().map(|p| p.map_or_else(|| "?".into(), |p| crate::analysis::reference(game, &p))).collect()
}

/// Solves `spec` over `domain`, examining at most `limit` boxes (or partial
/// assignments) and listing at most `max_listed` solutions (all are
/// counted); `usize::MAX` asks for all of them, which lists what
/// [`listed`] says.
pub fn solve(spec: &Spec, domain: &Domain, limit: u64, max_listed: usize) -> Result<Solutions, PuzzleError> {
    search(spec, domain, limit, max_listed, false, None, Method::Best)
}

/// [`solve`], calling `progress(tried, solutions_so_far)` every
/// [`PROGRESS_EVERY`] boxes (for a long search's progress line).
pub fn solve_reporting(
    spec: &Spec,
    domain: &Domain,
    limit: u64,
    max_listed: usize,
    progress: &mut Progress<'_>,
) -> Result<Solutions, PuzzleError> {
    search(spec, domain, limit, max_listed, false, Some(progress), Method::Best)
}

/// [`solve`] by enumeration only, whatever the spec: slower, and the
/// oracle the box search is tested against.
pub fn enumerate(spec: &Spec, domain: &Domain, limit: u64, max_listed: usize) -> Result<Solutions, PuzzleError> {
    search(spec, domain, limit, max_listed, false, None, Method::Enumerate)
}

/// What a long search calls as it goes: steps (boxes or partial
/// assignments) tried so far, and solutions counted so far — first with
/// none, as it starts (the box search and enumeration, the ways limited
/// by steps; no other way calls it).
pub type Progress<'a> = dyn FnMut(u64, &Count) + 'a;

/// How often (in boxes or partial assignments) [`solve_reporting`] reports.
pub const PROGRESS_EVERY: u64 = 1 << 14;

/// Some solution, if there is one: the search stops at the first found, so
/// `count` is 0 or 1.
pub fn find_one(spec: &Spec, domain: &Domain, limit: u64) -> Result<Solutions, PuzzleError> {
    search(spec, domain, limit, 1, true, None, Method::Best)
}

/// A listing of "all" solutions (`max_listed` = `usize::MAX`, `puzzle
/// --limit 0`) lists every one when there are at most this many.
pub const LIST_ALL_AT_MOST: usize = 100_000;

/// What a listing of "all" lists when there are more than
/// [`LIST_ALL_AT_MOST`]: the first this many, as the default listing does.
/// Listing them all could never end (`some-known.tree` has about 3.9·10^48),
/// and a listing of millions would take minutes and teach nothing.
pub const LISTED_OF_TOO_MANY: usize = 20;

/// How many of `count` solutions a listing of at most `max_listed` lists
/// (`usize::MAX`: all, see [`LIST_ALL_AT_MOST`]).
pub fn listed(max_listed: usize, count: &Count) -> usize {
    let count = count.to_u128().map_or(usize::MAX, |c| usize::try_from(c).unwrap_or(usize::MAX));
    match max_listed {
        usize::MAX if count <= LIST_ALL_AT_MOST => count,
        usize::MAX => LISTED_OF_TOO_MANY,
        max => max.min(count),
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Method {
    /// Boxes where they apply, else enumeration.
    Best,
    Enumerate,
}

/// Every way of solving, listing what [`listed`] says: a way that counts
/// before it lists asks for no more than that, the box search keeps 20
/// first, enumeration keeps at most [`LIST_ALL_AT_MOST`] for "all" as it
/// goes and its list is cut once the count is known.
fn search<'p>(
    spec: &Spec,
    domain: &Domain,
    limit: u64,
    max_listed: usize,
    stop: bool,
    progress: Option<&'p mut Progress<'p>>,
    method: Method,
) -> Result<Solutions, PuzzleError> {
    // What enumeration keeps as it goes.
    let kept = if max_listed == usize::MAX { LIST_ALL_AT_MOST } else { max_listed };
    let game = &spec.game;
    let unknowns = unknowns(game);
    if unknowns.is_empty() {
        return Err(PuzzleError::NoUnknowns);
    }
    if game.is_multiplayer() {
        // Its `?` leaves would be vectors: said at the first of them, as
        // every other command says it.
        return Err(PuzzleError::NotApplicable(crate::search::unknown_leaf(game).expect("an unknown leaf")));
    }
    if spec.expects.is_empty() {
        return Err(PuzzleError::NoExpectations);
    }
    if let Domain::Multiset(vs) = domain
        && vs.len() != unknowns.len()
    {
        return Err(PuzzleError::WrongCount { unknowns: unknowns.len(), values: vs.len() });
    }
    let (least, most) = match domain {
        Domain::Range(lo, hi) => (Num::int(*lo), Num::int(*hi)),
        Domain::Multiset(vs) => {
            (vs.iter().copied().min().unwrap_or(Num::ZERO), vs.iter().copied().max().unwrap_or(Num::ZERO))
        }
    };
    if let Some((lo, hi)) = game.bounds() {
        if least < lo {
            return Err(PuzzleError::OutOfBounds { value: least });
        }
        if most > hi {
            return Err(PuzzleError::OutOfBounds { value: most });
        }
    }
    let work = filled(game, &unknowns).map_err(|value| PuzzleError::OutOfBounds { value })?;
    for e in &spec.expects {
        crate::search::run(&work, e.algorithm, &e.options).map_err(PuzzleError::NotApplicable)?;
    }
    let scale = scale(domain);
    // `pvs` on two plies prunes as `alphabeta` does (`pvs_as_alphabeta`).
    if method == Method::Best
        && let Some(spec) = pvs_as_alphabeta(spec)
    {
        return search(&spec, domain, limit, max_listed, stop, progress, method);
    }
    let applies = method == Method::Best && symbolic::applies(game, &spec.expects, &scale);
    let answered = |plan: &mut dyn Counted| answer(plan, &unknowns, stop, max_listed);
    // `blocks` counted without windows (`chance.rs`, `cdf.rs`), where that applies.
    let by_chance = |blocks: &[Expect]| answered(&mut *chance_plan(spec, &work, blocks, domain, &unknowns)?);
    // `minimax` and `negamax` blocks over a range: nothing is pruned, so
    // the count without windows (`chance.rs`) is the natural way, and it
    // takes milliseconds over ranges as wide as −1000..1000, where the
    // ways that follow windows or order types may take seconds or not end
    // (16 leaves, 8 known, asking `values` and `pv`: 13 s through order
    // types).
    let plain = |e: &Expect| matches!(e.algorithm, Algorithm::Minimax | Algorithm::Negamax);
    if method == Method::Best
        && let Domain::Range(..) = domain
        && spec.expects.iter().all(plain)
        && let Some(found) = by_chance(&spec.expects)
    {
        return Ok(found);
    }
    if applies {
        if let Some(found) = subtrees_plan(spec, domain, &unknowns, false).and_then(|mut p| answered(&mut p)) {
            return Ok(found);
        }
        if let Domain::Range(..) = domain
            && let Some(found) = as_minimax(spec).and_then(|blocks| by_chance(&blocks))
        {
            return Ok(found);
        }
        let mut wide = wide_plan(spec, domain, &unknowns);
        if let Some(plan) = wide.as_mut().filter(|p| !p.heavy())
            && let Some(found) = answered(plan)
        {
            return Ok(found);
        }
        // On a narrow range, past the work the count over subtrees is sure
        // to take on, it is still tried, within a budget: it enters far
        // fewer windows than its estimate counts.
        if let Some(found) = subtrees_plan(spec, domain, &unknowns, true).and_then(|mut p| answered(&mut p)) {
            return Ok(found);
        }
        // The box search's short try, over `lo..=hi` (a range, or the
        // indices of a multiset's values). Asked for "all", it lists as
        // many as it would of too many, and answers only if that is all
        // there are or there are too many (listing thousands in regions
        // takes it seconds).
        let quick_boxes = |lo: i64, hi: i64, steps: u64| {
            let quick = boxes::Boxes {
                game: work.clone(),
                unknowns: unknowns.clone(),
                expects: &spec.expects,
                max_listed: if max_listed == usize::MAX { LISTED_OF_TOO_MANY } else { max_listed },
                stop,
                limit: limit.min(steps),
                progress: None,
                scale: scale.clone(),
            };
            let found = quick.solve(lo, hi).ok().map(|found| found.solutions_of(unknowns.clone()))?;
            (stop || found.solutions.len() >= listed(max_listed, &found.count)).then_some(found)
        };
        // Where the count through order types takes many counts (many
        // known leaves), the box search is given a short try first: it
        // answers some such puzzles (most of the tree pruned) at once.
        if let Domain::Range(lo, hi) = domain
            && wide.is_some()
            && let Some(found) = quick_boxes(*lo, *hi, QUICK_BOX_STEPS)
        {
            return Ok(found);
        }
        if let Some(found) = wide.and_then(|mut p| answered(&mut p)) {
            return Ok(found);
        }
        if let Some(found) = distinct_plan(spec, domain, &unknowns).and_then(|mut p| answered(&mut p)) {
            return Ok(found);
        }
        // Over a multiset with repeats (or known leaves), blocks that amount
        // to `minimax` ones are counted without windows first (27 leaves
        // over 1..9 asking `best` of `alphabeta`: 1 s, where the count by
        // the values used with windows took 6 s).
        if let Domain::Multiset(..) = domain
            && let Some(found) = as_minimax(spec).and_then(|blocks| by_chance(&blocks))
        {
            return Ok(found);
        }
        if let Some(mut plan) = repeats_plan(spec, domain, &unknowns) {
            // No short try of the box search first, as before a heavy
            // `wide.rs`: on every heavy count of the sweeps it failed, and
            // took up to 5.6 s doing so (`benches/README.md`).
            if let Some(found) = answered(&mut plan) {
                return Ok(found);
            }
        }
    }
    if method == Method::Best
        && let Some(found) = by_chance(&spec.expects)
    {
        return Ok(found);
    }
    // Blocks asking only the root's value of a search that returns it
    // exactly (`mtdf`, `star1`, …): counted as `minimax` or
    // `expectiminimax`, where the box search or enumeration would not end.
    if method == Method::Best
        && let Some(found) = exact_values(spec).and_then(|blocks| by_chance(&blocks))
    {
        return Ok(found);
    }
    // `star1` and `star2` at a MAX or MIN root: root move by root move,
    // `star1`'s CHANCE moves child by child.
    if method == Method::Best
        && let Some(found) = rootwise_plan(spec, &work, domain, &unknowns, true).and_then(|mut p| answered(&mut p))
    {
        return Ok(found);
    }
    // `mtdf` over a narrow range: over subtrees, pass by pass.
    if method == Method::Best
        && let Some(found) = passwise_plan(spec, &work, domain, &unknowns).and_then(|mut p| answered(&mut p))
    {
        return Ok(found);
    }
    // The box search also follows `--order best|worst|eval` (`symbolic::boxes_apply`).
    if applies || (method == Method::Best && symbolic::boxes_apply(game, &spec.expects, &scale)) {
        let (lo, hi) = match (domain, &scale) {
            (Domain::Range(lo, hi), _) => (*lo, *hi),
            (_, symbolic::Scale::Values { values, .. }) => (0, values.len() as i64 - 1),
            (_, symbolic::Scale::Integers) => (0, 0),
        };
        // Asked for all, the box search first keeps as many as it lists
        // of too many (keeping 100000 as it goes, in regions, took it 27 s
        // where 20 took 0.16 s); where the count is few enough to list
        // them all, it runs again for them.
        let first = if max_listed == usize::MAX { LISTED_OF_TOO_MANY } else { max_listed };
        let boxes = |max_listed, progress| boxes::Boxes {
            game: work.clone(),
            unknowns: unknowns.clone(),
            expects: &spec.expects,
            max_listed,
            stop,
            limit,
            progress,
            scale: scale.clone(),
        };
        let found = boxes(first, progress).solve(lo, hi)?.solutions_of(unknowns.clone());
        let want = listed(max_listed, &found.count);
        if stop || found.solutions.len() >= want {
            return Ok(found);
        }
        // (Should listing more take it past its steps, what it found stands.)
        return Ok(boxes(want, None).solve(lo, hi).map_or(found, |all| all.solutions_of(unknowns)));
    }
    let mut values = domain.values();
    values.sort();
    let multiset = matches!(domain, Domain::Multiset(_));
    let mut found = enumerate::enumerate(work, unknowns, &spec.expects, values, multiset, limit, kept, stop, progress)?;
    if !stop {
        found.solutions.truncate(listed(max_listed, &found.count));
    }
    Ok(found)
}

/// Whether [`solve`] counts `spec` over `domain` by dynamic programming
/// over subtrees (`subtrees.rs`, `wide.rs` over a range too wide for it,
/// `distinct.rs` over distinct values, or `multiset.rs` over a multiset):
/// its work does not grow with the number
/// of assignments, so a caller need not warn of a search through them
/// (the count over a multiset, and the count over subtrees tried past its
/// estimate on a narrow range, may still give up, past a budget of about
/// a second, and hand over to the box search, which then says so).
pub fn counts_by_subtrees(spec: &Spec, domain: &Domain) -> bool {
    let unknowns = unknowns(&spec.game);
    if unknowns.is_empty() {
        return false;
    }
    if let Some(spec) = pvs_as_alphabeta(spec) {
        return counts_by_subtrees(&spec, domain);
    }
    let by_chance = |blocks: &[Expect]| {
        filled(&spec.game, &unknowns).is_ok_and(|work| chance_plan(spec, &work, blocks, domain, &unknowns).is_some())
    };
    (symbolic::applies(&spec.game, &spec.expects, &scale(domain))
        && (subtrees_plan(spec, domain, &unknowns, false).is_some()
            || subtrees_plan(spec, domain, &unknowns, true).is_some()
            || (matches!(domain, Domain::Range(..)) && as_minimax(spec).is_some_and(|b| by_chance(&b)))
            || wide_plan(spec, domain, &unknowns).is_some()
            || distinct_plan(spec, domain, &unknowns).is_some()
            || repeats_plan(spec, domain, &unknowns).is_some()))
        || by_chance(&spec.expects)
        || exact_values(spec).is_some_and(|b| by_chance(&b))
}

/// `game` with every unknown given a placeholder (the least declared
/// bound, else 0), so its searches run; `Err` with the placeholder when
/// it lies outside the bounds.
fn filled(game: &Game, unknowns: &[NodeId]) -> Result<Game, Num> {
    let mut work = game.clone();
    let placeholder = game.bounds().map_or(Num::ZERO, |(lo, _)| lo);
    for &id in unknowns {
        work.set_leaf_value(id, placeholder).map_err(|_| placeholder)?;
    }
    Ok(work)
}

/// What the box search's positions stand for over `domain`.
fn scale(domain: &Domain) -> symbolic::Scale {
    match domain {
        Domain::Range(..) => symbolic::Scale::Integers,
        Domain::Multiset(vs) => symbolic::Scale::multiset(vs),
    }
}

/// Does every `expect` block pass on `game` (all leaves known)?
pub fn passes(game: &Game, expects: &[Expect]) -> bool {
    expects.iter().all(|e| first_failure(game, e).is_none())
}

/// The first way `e` fails on `game`, in words, or `None` when it passes.
pub fn first_failure(game: &Game, e: &Expect) -> Option<String> {
    let trace = match crate::search::run(game, e.algorithm, &e.options) {
        Ok(t) => t,
        Err(d) => return Some(d.kind.to_string()),
    };
    let m = expect::check(game, e, &Analysis::of(game, &trace)).into_iter().next()?;
    let detail = m.detail.map(|d| format!(" ({d})")).unwrap_or_default();
    Some(format!("expect {}: {} expected {}, got {}{detail}", e.algorithm, m.field, m.expected, m.got))
}

/// `game` with its unknown leaves given `values`, in leaf order; why not,
/// when a value lies outside the declared bounds.
pub fn assigned(game: &Game, values: &[Num]) -> Result<Game, String> {
    let mut filled = game.clone();
    for (id, &v) in unknowns(game).into_iter().zip(values) {
        filled.set_leaf_value(id, v)?;
    }
    Ok(filled)
}

/// Judges a multiple-choice option: an assignment written `v1,v2,…`.
pub fn judge(spec: &Spec, domain: &Domain, option: &str) -> Verdict {
    let game = &spec.game;
    let verdict = |correct, reason: String| Verdict { option: option.to_string(), correct, reason };
    let values = match parse_list(option) {
        Ok(v) => v,
        Err(why) => return verdict(false, why),
    };
    let unknowns = unknowns(game);
    if values.len() != unknowns.len() {
        let why = format!("it gives {} values; the tree has {} unknown leaves", values.len(), unknowns.len());
        return verdict(false, why);
    }
    if let Some(why) = not_from(domain, &values) {
        return verdict(false, why);
    }
    let filled = match assigned(game, &values) {
        Ok(g) => g,
        Err(why) => return verdict(false, why),
    };
    match spec.expects.iter().find_map(|e| first_failure(&filled, e)) {
        Some(why) => verdict(false, why),
        None => verdict(true, "reproduces every expectation".to_string()),
    }
}

/// Why `values` is not drawn from `domain`, if it is not.
fn not_from(domain: &Domain, values: &[Num]) -> Option<String> {
    match domain {
        Domain::Range(lo, hi) => values
            .iter()
            .find(|v| **v < Num::int(*lo) || **v > Num::int(*hi) || !v.is_whole())
            .map(|v| format!("{v} is not an integer in {lo}..{hi}")),
        Domain::Multiset(given) => {
            let (mut a, mut b) = (given.clone(), values.to_vec());
            a.sort();
            b.sort();
            if a == b {
                return None;
            }
            let count = |xs: &[Num], v: Num| xs.iter().filter(|&&x| x == v).count();
            let all: BTreeSet<Num> = a.iter().chain(&b).copied().collect();
            let differ = all.into_iter().find(|&v| count(&a, v) != count(&b, v))?;
            let (want, got) = (count(&a, differ), count(&b, differ));
            let list = given.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(",");
            Some(format!(
                "not an ordering of {list}: it uses {differ} {} and the values have it {}",
                times(got),
                times(want)
            ))
        }
    }
}

fn times(n: usize) -> String {
    match n {
        0 => "no time".into(),
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{n} times"),
    }
}
