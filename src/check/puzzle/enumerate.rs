//! Puzzles by enumeration: the unknowns are assigned one value at a time,
//! in the order the searches reach them, and pruned by prefix. A search
//! over a partial assignment is exactly the real search up to the moment
//! it first evaluates an unassigned leaf, so that prefix of the trace is
//! already final; if it contradicts an expectation (an edge pruned that
//! the answer keeps, a node entered that the answer prunes, a wrong leaf,
//! visit or finished value, too many nodes) no completion can pass and the
//! branch is abandoned. Every complete assignment is then checked with
//! [`expect::check`], so pruning only saves time, it never decides.
//!
//! A block asking the root's value of a search that returns it exactly
//! (`plans::returns_exact_root`) is also judged before any search: the
//! root's `minimax` (or `expectiminimax`) value lies between what it is
//! with every unassigned leaf at the least value left and at the most,
//! so an asked value outside that interval ends the branch. So does an
//! asked best move (ties going first, in the written or reverse order,
//! as `minimax` picks it) that some other root move is sure to beat, or,
//! searched before it, sure to match.
//!
//! It works for every algorithm and option, and it is the oracle the box
//! search (`boxes.rs`) is tested against; `solve` uses it where the box
//! search does not apply (other algorithms and options, CHANCE nodes).

use std::collections::BTreeSet;

use crate::analysis::Analysis;
use crate::check::expect::{self, Expect, Fact, LeafExpect, Stat};
use crate::check::puzzle::{Count, PROGRESS_EVERY, Progress, PuzzleError, Solutions};
use crate::model::{Game, NodeId, Path};
use crate::num::Num;
use crate::search::Algorithm;
use crate::search::options::Order;
use crate::search::trace::Event;

/// Enumerates `values` (sorted; a multiset's values each used once) over
/// `unknowns` of `game` (their values set to anything inside the bounds).
#[allow(clippy::too_many_arguments)]
pub(super) fn enumerate<'p>(
    game: Game,
    unknowns: Vec<NodeId>,
    expects: &[Expect],
    values: Vec<Num>,
    multiset: bool,
    limit: u64,
    max_listed: usize,
    stop: bool,
    progress: Option<&'p mut Progress<'p>>,
) -> Result<Solutions, PuzzleError> {
    let mut distinct: Vec<(Num, usize)> = Vec::new();
    for v in values {
        match distinct.last_mut() {
            Some((last, n)) if *last == v => *n += 1,
            _ => distinct.push((v, 1)),
        }
    }
    let mut pending = vec![false; game.len()];
    for id in &unknowns {
        pending[id.index()] = true;
    }
    let n = unknowns.len();
    let whole = distinct.iter().all(|(v, _)| v.as_i64().is_some());
    let exact = expects.iter().filter(|e| whole || e.algorithm != Algorithm::Mtdf);
    let exact: Vec<&Expect> = exact.filter(|e| super::plans::returns_exact_root(&game, e)).collect();
    let roots = exact.iter().filter_map(|e| asked_root_value(e)).collect();
    let bests =
        exact.iter().filter(|e| super::plans::best_as_minimax(&game, e)).filter_map(|e| asked_best(e)).collect();
    let mut search = Search {
        roots,
        bests,
        game,
        unknowns,
        distinct,
        multiset,
        expects,
        limit,
        tried: 0,
        count: Count::ZERO,
        max_listed,
        stop,
        progress,
    };
    if let Some(report) = search.progress.as_mut() {
        report(0, &Count::ZERO); // it has started
    }
    let mut out = BTreeSet::new();
    search.go(&mut vec![None; n], &mut pending, &mut out)?;
    Ok(Solutions {
        unknowns: search.unknowns,
        count: search.count,
        solutions: out.into_iter().collect(),
        tried: search.tried,
    })
}

struct Search<'e, 'p> {
    /// The root values asked of searches that return it exactly.
    roots: Vec<Num>,
    /// The best root moves asked of them, as `minimax` picks them: a
    /// written index, and whether the order is reversed.
    bests: Vec<(usize, bool)>,
    game: Game,
    unknowns: Vec<NodeId>,
    /// Candidate values, sorted, with how many times each may be used
    /// (a multiset) — or unlimited for a range.
    distinct: Vec<(Num, usize)>,
    multiset: bool,
    expects: &'e [Expect],
    limit: u64,
    tried: u64,
    count: Count,
    max_listed: usize,
    /// Stop at the first solution.
    stop: bool,
    progress: Option<&'p mut Progress<'p>>,
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
            report(self.tried, &self.count);
        }
        if self.stop && !self.count.is_zero() {
            return Ok(());
        }
        if self.tried > self.limit {
            return Err(PuzzleError::TooLarge { limit: self.limit });
        }
        let asks_root = !self.roots.is_empty() || !self.bests.is_empty();
        if asks_root && !self.root_may_answer(pending) {
            return Ok(());
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
            let n = if self.stop { Count::ONE } else { self.completions(values) };
            self.count += &n;
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

    /// Whether every asked root value lies between the root's value with
    /// each unassigned leaf at the least value left and at the most, and
    /// every asked best move may still be the first at that value: no
    /// other root move is sure to be better, and none searched before it
    /// sure to be as good.
    fn root_may_answer(&self, pending: &[bool]) -> bool {
        use crate::model::NodeKind;
        // The values are sorted: a range's ends are its first and last (a
        // walk over them at every step made a range of 10^5 values cost
        // 10^10); a multiset's, those not used up.
        let mut left = self.distinct.iter().filter(|&&(_, n)| !self.multiset || n > 0).map(|&(v, _)| v);
        let least = left.next();
        let (Some(least), Some(most)) = (least, left.next_back().or(least)) else { return true };
        let at = intervals(&self.game, pending, least, most);
        // Judged only where the sums are exact (a float could round past
        // the asked value).
        let exact = |&(lo, hi): &(Num, Num)| lo.as_ratio().is_some() && hi.as_ratio().is_some();
        let (lo, hi) = at[0];
        if exact(&at[0]) && !self.roots.iter().all(|v| lo <= *v && *v <= hi) {
            return false;
        }
        let root = self.game.root();
        let moves: Vec<(Num, Num)> = root.children().iter().map(|e| at[e.child.index()]).collect();
        if !matches!(root.kind(), NodeKind::Max | NodeKind::Min) || !moves.iter().all(exact) {
            return true;
        }
        let max = root.kind() == NodeKind::Max;
        self.bests.iter().all(|&(b, reverse)| {
            let Some(&(lo_b, hi_b)) = moves.get(b) else { return true };
            moves.iter().enumerate().filter(|&(c, _)| c != b).all(|(c, &(lo, hi))| {
                let before = if reverse { c > b } else { c < b };
                match (max, before) {
                    (true, false) => lo <= hi_b,
                    (true, true) => lo < hi_b,
                    (false, false) => hi >= lo_b,
                    (false, true) => hi > lo_b,
                }
            })
        })
    }

    /// How many ways the unassigned slots of `values` can be filled.
    fn completions(&self, values: &[Option<Num>]) -> Count {
        let free = values.iter().filter(|v| v.is_none()).count();
        if !self.multiset {
            return Count::pow(self.distinct.len() as u64, free as u32);
        }
        // The multinomial free! / Π left!, as a product of binomials.
        let mut placed = 0u64;
        self.distinct.iter().fold(Count::ONE, |a, &(_, left)| {
            placed += left as u64;
            &a * &Count::binomial(placed, left as u64)
        })
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

/// The root value `e` asks (`value v`, or `values root=v`), if any.
fn asked_root_value(e: &Expect) -> Option<Num> {
    e.items.iter().find_map(|i| match &i.fact {
        Fact::Value(v) => v.scalar(),
        Fact::Values(pairs) => pairs.iter().find(|(p, _)| p.0.is_empty()).and_then(|(_, v)| v.scalar()),
        _ => None,
    })
}

/// The one best root move `e` asks, as a written index, and whether its
/// order is the reverse one.
fn asked_best(e: &Expect) -> Option<(usize, bool)> {
    let reverse = e.options.order == Order::Reverse;
    e.items.iter().find_map(|i| match &i.fact {
        Fact::Best(paths) => match &paths[..] {
            [only] if only.0.len() == 1 => Some((only.0[0] as usize, reverse)),
            _ => None,
        },
        _ => None,
    })
}

/// The least and the most each node's `minimax` (`expectiminimax`) value
/// can be with the `pending` leaves anywhere in `[least, most]`, by node
/// index: each node's interval from its children's, each node once, after
/// its children (a walk from the root: a `&` edge may lead back to a node
/// written before).
fn intervals(game: &Game, pending: &[bool], least: Num, most: Num) -> Vec<(Num, Num)> {
    use crate::model::NodeKind;
    let mut at: Vec<(Num, Num)> = vec![(Num::ZERO, Num::ZERO); game.len()];
    let mut done = vec![false; game.len()];
    let mut stack = vec![(NodeId::ROOT, false)];
    while let Some((id, children_done)) = stack.pop() {
        if done[id.index()] {
            continue;
        }
        let node = game.node(id);
        if !children_done {
            stack.push((id, true));
            stack.extend(node.children().iter().filter(|e| !done[e.child.index()]).map(|e| (e.child, false)));
            continue;
        }
        done[id.index()] = true;
        let child = |k: usize| at[node.child(k).index()];
        at[id.index()] = match node.kind() {
            NodeKind::Leaf if pending[id.index()] => (least, most),
            NodeKind::Leaf => node.scalar().map_or((least, most), |v| (v, v)),
            NodeKind::Chance => game.probs(id).enumerate().fold((Num::ZERO, Num::ZERO), |(lo, hi), (k, p)| {
                let (l, h) = child(k);
                (lo + p * l, hi + p * h)
            }),
            kind => {
                let children = (0..node.children().len()).map(child);
                let pick = |a: Num, b: Num| if kind == NodeKind::Min { a.min(b) } else { a.max(b) };
                children.reduce(|(l, h), (a, b)| (pick(l, a), pick(h, b))).unwrap_or((least, most))
            }
        };
    }
    at
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

/// Can some completion of the assignment still pass `e`? False only when
/// the part of the trace before the first pending (unassigned) leaf
/// contradicts it.
fn prefix_state(game: &Game, e: &Expect, pending: &[bool]) -> State {
    if !matches!(e.options.order, Order::Spec | Order::Reverse) && pending.iter().any(|&p| p) {
        return State::Open(None); // the order itself depends on the unknown values
    }
    let full = e.algorithm.search(game, &e.options);
    let scouts = (e.algorithm == Algorithm::Pvs).then(|| crate::search::null_delta(game, &e.options));
    // The events are decoded once: the walk reads them up to the first
    // pending leaf; should it stop sooner, the rest are looked through
    // for that leaf.
    let is_pending = |ev: &Event| match ev {
        Event::Leaf { node, .. } if pending[node.index()] => Some(*node),
        _ => None,
    };
    let mut events = full.events();
    let mut next = None;
    let prefix = events.by_ref().take_while(|ev| {
        next = is_pending(ev);
        next.is_none()
    });
    if !agrees(game, prefix, &e.items, scouts) {
        return State::Contradicts;
    }
    match next.or_else(|| events.find_map(|ev| is_pending(&ev))) {
        Some(node) => State::Open(Some(node)),
        None if expect::check(game, e, &Analysis::of(game, &full)).is_empty() => State::Settled,
        None => State::Contradicts,
    }
}

/// Does this part of a run (from its start) agree with the expected facts
/// so far? A cheap walk over the events, no [`Analysis`]: it runs once per
/// partial assignment. With `scouts` (`pvs`, its null windows' width δ),
/// a node entered with a window no wider than δ may be inside a scout
/// that a re-search supersedes: then its cuts prune nothing, the
/// re-search may enter what they skipped or prune what it entered, and
/// its value is replaced; so none of that is judged there before the
/// search is complete (the scouted node itself counts as entered: a
/// re-search enters it again). A wider window is outside every scout
/// (windows only narrow below a node): that search is the one that counts.
///
/// A search in passes (`mtdf`, `ids`) reads its value, node values and
/// pruned edges off one pass, which only the whole run tells; but the
/// visit order, the leaves evaluated and the counts of visits and leaves
/// are over every pass, in order, so from the first `Pass` on only those
/// are judged. A table's probe visits nothing: a node it answers is
/// entered and left, as the analysis counts it.
fn agrees(game: &Game, events: impl Iterator<Item = Event>, items: &[expect::Item], scouts: Option<Num>) -> bool {
    let counts = |w: &Option<crate::search::trace::Window>| match (scouts, w) {
        (Some(delta), Some(w)) => w.beta - w.alpha > delta,
        _ => true,
    };
    // The path of the node last entered (its child indices, one buffer for
    // the whole walk), and for each open node whether its search counts.
    let mut path: Vec<u32> = Vec::new();
    let mut stack: Vec<bool> = Vec::new();
    let (mut visited, mut leaves, mut cutoffs) = (0usize, 0usize, 0usize);
    // Past a `Pass`: only what is over every pass is judged.
    let mut in_passes = false;
    let pruned: Vec<&Vec<Path>> = facts(items, |f| if let Fact::Pruned(p) = f { Some(p) } else { None });
    let order: Vec<&Vec<Path>> = facts(items, |f| if let Fact::Visited(p) = f { Some(p) } else { None });
    let leaf_order: Vec<&Vec<LeafExpect>> = facts(items, |f| if let Fact::Leaves(l) = f { Some(l) } else { None });
    let values: Vec<&Vec<(Path, crate::search::trace::Value)>> =
        facts(items, |f| if let Fact::Values(v) = f { Some(v) } else { None });
    let finished = |path: &[u32], value: &crate::search::trace::Value| {
        values.iter().all(|pairs| pairs.iter().all(|(p, want)| p.0 != path || want == value))
    };
    let listed = |want: &[Path], path: &[u32]| want.iter().any(|p| p.0 == path);
    for ev in events {
        match &ev {
            Event::Enter { child, window, .. } | Event::Leaf { child, window, .. } => {
                // A root (each pass's) is at the empty path.
                if !stack.is_empty() {
                    path.push(*child);
                }
                // A scouted node counts as entered (a re-search enters it
                // again); below it, nothing counts yet.
                let entered = !in_passes && stack.last().is_none_or(|&c| c);
                let counted = entered && counts(window);
                if entered && pruned.iter().any(|want| listed(want, &path)) {
                    return false;
                }
                if order.iter().any(|want| want.get(visited).is_none_or(|p| p.0 != path)) {
                    return false;
                }
                visited += 1;
                if let Event::Leaf { node, value, .. } = &ev {
                    let ok = |w: &LeafExpect| match w {
                        LeafExpect::Value(x) => value.scalar() == Some(*x),
                        LeafExpect::Name(n) => game.node(*node).name() == Some(n),
                        LeafExpect::Path(p) => p.0 == path,
                    };
                    if !leaf_order.iter().all(|want| want.get(leaves).is_some_and(ok))
                        || (entered && !finished(&path, value))
                    {
                        return false;
                    }
                    leaves += 1;
                    if !stack.is_empty() {
                        path.pop();
                    }
                } else {
                    stack.push(counted);
                }
            }
            Event::Cut { pruned: cut, .. } => {
                let Some(true) = stack.last() else { continue };
                for &i in cut {
                    path.push(i);
                    let kept = pruned.iter().all(|want| listed(want, &path));
                    path.pop();
                    if !kept {
                        return false;
                    }
                }
                cutoffs += 1;
            }
            Event::Exit { value, .. } => {
                let Some(counted) = stack.pop() else { continue };
                if counted && !finished(&path, value) {
                    return false;
                }
                // Back to the parent's path (a root's is empty already).
                if !stack.is_empty() {
                    path.pop();
                }
            }
            Event::Update { .. } | Event::Extend { .. } | Event::TtStore { .. } | Event::TtProbe { .. } => {}
            Event::Pass { .. } => in_passes = true,
            // Probes, re-searches, evaluations at a cutoff and forward
            // pruning visit or skip nodes in ways this walk does not model:
            // judge such searches only once complete.
            Event::Probe { .. } | Event::Research { .. } | Event::Evaluate { .. } | Event::ForwardPrune { .. } => {
                return true;
            }
        }
    }
    let counts = |st: Stat| match st {
        Stat::NodesVisited => Some(visited),
        Stat::LeavesEvaluated => Some(leaves),
        Stat::Cutoffs => (!in_passes).then_some(cutoffs),
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
