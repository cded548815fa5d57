//! Puzzles: specs with unknown leaves (`?`) solved against their `expect`
//! blocks ("which order of these nine values gives the marked cuts?").
//!
//! The unknowns are the `?` leaves in left-to-right (written) order; a
//! solution gives their values in that order. Candidates come from a
//! [`Domain`]: every integer in a range, or every distinct ordering of a
//! multiset. The search assigns the unknowns left to right and prunes: a
//! search over a partial assignment is exactly the real search up to the
//! moment it first evaluates an unassigned leaf, so that prefix of the trace
//! is already final; if it contradicts an expectation (an edge pruned that
//! the answer keeps, a node entered that the answer prunes, a wrong leaf,
//! visit or finished value, too many nodes) no completion can pass and the
//! branch is abandoned. Every complete assignment is then checked with
//! [`expect::check`], so pruning only saves time, it never decides.
//!
//! Invariant: a solution is reported iff every `expect` block passes on the
//! game with those values.

use std::collections::BTreeSet;

use crate::analysis::Analysis;
use crate::check::expect::{self, Expect, Fact, LeafExpect, Stat};
use crate::check::spec::Spec;
use crate::model::{Game, NodeId, Path, Utility};
use crate::num::Num;
use crate::search::options::Order;
use crate::search::trace::Event;

mod domain;
pub use domain::{Domain, parse_list};

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
    /// An expectation's algorithm does not apply to the tree.
    NotApplicable(crate::diagnostic::Diagnostic),
    /// More than `limit` partial assignments were tried.
    TooLarge { limit: u64 },
    /// A multi-player game: its `?` leaves would be vectors.
    MultiPlayer,
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
                write!(f, "more than {limit} partial assignments: narrow the domain or give --values")
            }
            PuzzleError::MultiPlayer => write!(
                f,
                "puzzles solve two-player trees; in a multi-player game a `?` leaf would be a vector, so give its values"
            ),
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
    /// How many assignments pass (saturating at `u128::MAX`).
    pub count: u128,
    /// The first `max_listed` solutions in lexicographic order (not the
    /// first found: the search does not find them in that order).
    pub solutions: Vec<Vec<Num>>,
    /// Partial assignments examined (for the curious and for tests).
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

/// Solves `spec` over `domain`, trying at most `limit` partial assignments
/// and listing at most `max_listed` solutions (all are counted).
pub fn solve(spec: &Spec, domain: &Domain, limit: u64, max_listed: usize) -> Result<Solutions, PuzzleError> {
    search(spec, domain, limit, max_listed, false, None)
}

/// [`solve`], calling `progress(tried, solutions_so_far)` every
/// [`PROGRESS_EVERY`] partial assignments (for a long search's progress line).
pub fn solve_reporting(
    spec: &Spec,
    domain: &Domain,
    limit: u64,
    max_listed: usize,
    progress: &mut dyn FnMut(u64, u128),
) -> Result<Solutions, PuzzleError> {
    search(spec, domain, limit, max_listed, false, Some(progress))
}

/// How often (in partial assignments) [`solve_reporting`] reports.
pub const PROGRESS_EVERY: u64 = 1 << 14;

/// Some solution, if there is one: the search stops at the first found, so
/// `count` is 0 or 1.
pub fn find_one(spec: &Spec, domain: &Domain, limit: u64) -> Result<Solutions, PuzzleError> {
    search(spec, domain, limit, 1, true, None)
}

fn search(
    spec: &Spec,
    domain: &Domain,
    limit: u64,
    max_listed: usize,
    stop: bool,
    progress: Option<&mut dyn FnMut(u64, u128)>,
) -> Result<Solutions, PuzzleError> {
    let game = &spec.game;
    let unknowns = unknowns(game);
    if unknowns.is_empty() {
        return Err(PuzzleError::NoUnknowns);
    }
    if game.is_multiplayer() {
        return Err(PuzzleError::MultiPlayer);
    }
    if spec.expects.is_empty() {
        return Err(PuzzleError::NoExpectations);
    }
    let mut values = domain.values();
    values.sort();
    if let Domain::Multiset(vs) = domain
        && vs.len() != unknowns.len()
    {
        return Err(PuzzleError::WrongCount { unknowns: unknowns.len(), values: vs.len() });
    }
    if let Some((lo, hi)) = game.bounds()
        && let Some(&value) = values.iter().find(|&&v| v < lo || v > hi)
    {
        return Err(PuzzleError::OutOfBounds { value });
    }
    let mut work = game.clone();
    let placeholder = game.bounds().map_or(Num::ZERO, |(lo, _)| lo);
    for &id in &unknowns {
        work.set_leaf_value(id, placeholder).map_err(|_| PuzzleError::OutOfBounds { value: placeholder })?;
    }
    for e in &spec.expects {
        crate::search::run(&work, e.algorithm, &e.options).map_err(PuzzleError::NotApplicable)?;
    }
    let mut distinct: Vec<(Num, usize)> = Vec::new();
    for v in values {
        match distinct.last_mut() {
            Some((last, n)) if *last == v => *n += 1,
            _ => distinct.push((v, 1)),
        }
    }
    let multiset = matches!(domain, Domain::Multiset(_));
    let mut search = Search {
        game: work,
        unknowns: unknowns.clone(),
        distinct,
        multiset,
        expects: &spec.expects,
        limit,
        tried: 0,
        count: 0,
        max_listed,
        stop,
        progress,
    };
    let mut pending = vec![false; game.len()];
    for id in &unknowns {
        pending[id.index()] = true;
    }
    let mut out = BTreeSet::new();
    search.go(&mut vec![None; unknowns.len()], &mut pending, &mut out)?;
    Ok(Solutions { unknowns, count: search.count, solutions: out.into_iter().collect(), tried: search.tried })
}

struct Search<'e, 'p> {
    game: Game,
    unknowns: Vec<NodeId>,
    /// Candidate values, sorted, with how many times each may be used
    /// (a multiset) — or unlimited for a range.
    distinct: Vec<(Num, usize)>,
    multiset: bool,
    expects: &'e [Expect],
    limit: u64,
    tried: u64,
    count: u128,
    max_listed: usize,
    /// Stop at the first solution.
    stop: bool,
    progress: Option<&'p mut dyn FnMut(u64, u128)>,
}

impl Search<'_, '_> {
    /// Extends the assignment (`values[k]` for `unknowns[k]`; `pending`
    /// marks the unassigned) by the leaf the searches reach first.
    fn go(
        &mut self,
        values: &mut [Option<Num>],
        pending: &mut [bool],
        out: &mut BTreeSet<Vec<Num>>,
    ) -> Result<(), PuzzleError> {
        self.tried += 1;
        if self.tried.is_multiple_of(PROGRESS_EVERY)
            && let Some(report) = self.progress.as_mut()
        {
            report(self.tried, self.count);
        }
        if self.stop && self.count > 0 {
            return Ok(());
        }
        if self.tried > self.limit {
            return Err(PuzzleError::TooLarge { limit: self.limit });
        }
        let mut next: Option<NodeId> = None;
        let mut settled = true;
        for e in self.expects {
            match prefix_state(&self.game, e, pending) {
                State::Contradicts => return Ok(()),
                State::Open(leaf) => {
                    settled = false;
                    next = next.or(leaf);
                }
                State::Settled => {}
            }
        }
        if settled {
            // Every search is over before reaching the rest: any values pass.
            let n = if self.stop { 1 } else { self.completions(values) };
            self.count = self.count.saturating_add(n);
            self.complete(0, values, out);
            return Ok(());
        }
        let Some(id) = next.or_else(|| self.unknowns.iter().copied().find(|id| pending[id.index()])) else {
            return Ok(());
        };
        let Some(k) = self.unknowns.iter().position(|&u| u == id) else { return Ok(()) };
        for i in 0..self.distinct.len() {
            let (v, left) = self.distinct[i];
            if self.multiset && left == 0 {
                continue;
            }
            self.distinct[i].1 = left.saturating_sub(1);
            self.game.set_leaf_value(id, v).map_err(|_| PuzzleError::OutOfBounds { value: v })?;
            pending[id.index()] = false;
            values[k] = Some(v);
            let result = self.go(values, pending, out);
            values[k] = None;
            pending[id.index()] = true;
            self.distinct[i].1 = left;
            result?;
        }
        Ok(())
    }

    /// How many ways the unassigned slots of `values` can be filled.
    fn completions(&self, values: &[Option<Num>]) -> u128 {
        let free = values.iter().filter(|v| v.is_none()).count() as u32;
        if !self.multiset {
            return (self.distinct.len() as u128).saturating_pow(free);
        }
        let fact = |n: usize| (1..=n as u128).fold(1u128, |a, b| a.saturating_mul(b));
        self.distinct.iter().fold(fact(free as usize), |a, &(_, left)| a / fact(left))
    }

    /// Adds the completions of `values` from unknown `k` on (all passing)
    /// to `out`, which keeps the `max_listed` smallest seen. Completions come
    /// in lexicographic order, so the first one that would not be kept ends
    /// the walk (false: stop).
    fn complete(&mut self, k: usize, values: &mut [Option<Num>], out: &mut BTreeSet<Vec<Num>>) -> bool {
        let Some(slot) = values.get(k).copied() else {
            let solution: Vec<Num> = values.iter().map(|v| v.unwrap_or(Num::ZERO)).collect();
            if out.len() < self.max_listed {
                out.insert(solution);
            } else if out.last().is_some_and(|last| solution < *last) {
                out.insert(solution);
                out.pop_last();
            } else {
                return false;
            }
            return true;
        };
        if slot.is_some() {
            return self.complete(k + 1, values, out);
        }
        for i in 0..self.distinct.len() {
            let (v, left) = self.distinct[i];
            if self.multiset && left == 0 {
                continue;
            }
            self.distinct[i].1 = left.saturating_sub(1);
            values[k] = Some(v);
            let more = self.complete(k + 1, values, out);
            values[k] = None;
            self.distinct[i].1 = left;
            if !more {
                return false;
            }
        }
        true
    }
}

/// What the part of a search before the first pending leaf says.
enum State {
    /// It contradicts the expectation: no completion passes.
    Contradicts,
    /// It agrees so far; the pending leaf it reaches next, if known.
    Open(Option<NodeId>),
    /// The search never reaches a pending leaf and passes: every
    /// completion passes.
    Settled,
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

/// Can some completion of the assignment still pass `e`? False only when
/// the part of the trace before the first pending (unassigned) leaf
/// contradicts it.
fn prefix_state(game: &Game, e: &Expect, pending: &[bool]) -> State {
    if !matches!(e.options.order, Order::Spec | Order::Reverse) && pending.iter().any(|&p| p) {
        return State::Open(None); // the order itself depends on the unknown values
    }
    let full = e.algorithm.search(game, &e.options);
    let stop = full.events().position(|ev| matches!(ev, Event::Leaf { node, .. } if pending[node.index()]));
    let stop = stop.unwrap_or(full.len());
    if !agrees(game, &full.events().take(stop).collect::<Vec<_>>(), &e.items) {
        return State::Contradicts;
    }
    match full.get(stop) {
        Some(Event::Leaf { node, .. }) => State::Open(Some(node)),
        _ if expect::check(game, e, &Analysis::of(game, &full)).is_empty() => State::Settled,
        _ => State::Contradicts,
    }
}

/// Does this part of a run (from its start) agree with the expected facts
/// so far? A cheap walk over the events, no [`Analysis`]: it runs once per
/// partial assignment.
fn agrees(game: &Game, events: &[Event], items: &[expect::Item]) -> bool {
    let mut stack: Vec<Path> = Vec::new();
    let (mut visited, mut leaves, mut cutoffs) = (0usize, 0usize, 0usize);
    let pruned: Vec<&Vec<Path>> = facts(items, |f| if let Fact::Pruned(p) = f { Some(p) } else { None });
    let order: Vec<&Vec<Path>> = facts(items, |f| if let Fact::Visited(p) = f { Some(p) } else { None });
    let leaf_order: Vec<&Vec<LeafExpect>> = facts(items, |f| if let Fact::Leaves(l) = f { Some(l) } else { None });
    let values: Vec<&Vec<(Path, crate::search::trace::Value)>> =
        facts(items, |f| if let Fact::Values(v) = f { Some(v) } else { None });
    let finished = |path: &Path, value: &crate::search::trace::Value| {
        values.iter().all(|pairs| pairs.iter().all(|(p, want)| p != path || want == value))
    };
    for ev in events {
        match ev {
            Event::Enter { child, .. } | Event::Leaf { child, .. } => {
                let path = stack.last().map_or(Path::root(), |p| p.child(*child));
                if pruned.iter().any(|want| want.contains(&path)) {
                    return false;
                }
                if order.iter().any(|want| want.get(visited) != Some(&path)) {
                    return false;
                }
                visited += 1;
                if let Event::Leaf { node, value, .. } = ev {
                    let ok = |w: &LeafExpect| match w {
                        LeafExpect::Value(x) => value.scalar() == Some(*x),
                        LeafExpect::Name(n) => game.node(*node).name() == Some(n),
                        LeafExpect::Path(p) => *p == path,
                    };
                    if !leaf_order.iter().all(|want| want.get(leaves).is_some_and(ok)) || !finished(&path, value) {
                        return false;
                    }
                    leaves += 1;
                } else {
                    stack.push(path);
                }
            }
            Event::Cut { pruned: cut, .. } => {
                let Some(at) = stack.last() else { continue };
                if !pruned.iter().all(|want| cut.iter().all(|&i| want.contains(&at.child(i)))) {
                    return false;
                }
                cutoffs += 1;
            }
            Event::Exit { value, .. } => {
                if let Some(path) = stack.pop()
                    && !finished(&path, value)
                {
                    return false;
                }
            }
            Event::Update { .. } | Event::Extend { .. } | Event::TtStore { .. } => {}
            // Probes, re-searches, passes, table answers and forward pruning
            // visit or skip nodes in ways this walk does not model: judge
            // such searches only once complete.
            Event::Probe { .. }
            | Event::Research { .. }
            | Event::Pass { .. }
            | Event::TtProbe { .. }
            | Event::Evaluate { .. }
            | Event::ForwardPrune { .. } => return true,
        }
    }
    let counts = |st: Stat| match st {
        Stat::NodesVisited => Some(visited),
        Stat::LeavesEvaluated => Some(leaves),
        Stat::Cutoffs => Some(cutoffs),
        Stat::TtProbes | Stat::TtHits | Stat::TtCutoffs | Stat::TtStores | Stat::Researches | Stat::Passes => None,
    };
    items.iter().all(|item| match &item.fact {
        Fact::Stats(pairs) => pairs.iter().all(|(st, n)| counts(*st).is_none_or(|c| Num::int(c as i64) <= *n)),
        _ => true,
    })
}

fn facts<'a, T>(items: &'a [expect::Item], pick: impl Fn(&'a Fact) -> Option<T>) -> Vec<T> {
    items.iter().filter_map(|i| pick(&i.fact)).collect()
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
    let mut filled = game.clone();
    for (&id, &v) in unknowns.iter().zip(&values) {
        if let Err(why) = filled.set_leaf_value(id, v) {
            return verdict(false, why);
        }
    }
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
