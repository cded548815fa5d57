//! What a trace says, read off it once: the visits in order with their
//! paths, windows and values; the cuts and the edges they pruned; the best
//! move, the principal variation and the statistics.
//!
//! Invariant: this is a pure function of the trace, so every report,
//! diagram and check built from an [`Analysis`] agrees with the others.
//!
//! Layer: analysis, above search, below report, draw and check.

use crate::model::{Game, Path};
use crate::num::Num;
use crate::search::options::Ties;
mod cuts;
mod links;
mod names;
mod visit;

use cuts::pruned_edges;
pub use cuts::{Cut, Edge};
pub use links::Children;
use links::{NONE, first_at_paths, path_at, write_steps};
pub use names::{describe, quote, reference};
pub use visit::Visit;
use visit::flag;

use crate::search::trace::{BoundKind, Cause, Event, ExtendReason, PassKind, Side, Step, Steps, Trace, Value, Window};
use crate::search::values::{Interned, Values};

/// One pass over the tree (an MTD(f) pass, a deepening iteration).
#[derive(Clone, Debug, PartialEq)]
pub struct Pass {
    pub number: u32,
    pub kind: PassKind,
    /// Visit index of its root (none for an iteration that could not run).
    pub root: Option<usize>,
    /// Visits and cuts it made: indices `visits.start..visits.end`.
    pub visits: std::ops::Range<usize>,
}

/// Transposition-table counts read off a trace.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct TableCounts {
    probes: usize,
    hits: usize,
    stores: usize,
}

/// Counts a report gives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Stats {
    pub nodes_visited: usize,
    pub leaves_evaluated: usize,
    pub cutoffs: usize,
    /// Transposition-table lookups (`negamax-tt`, `mtdf`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tt_probes: Option<usize>,
    /// Lookups that found a deep-enough entry for the position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tt_hits: Option<usize>,
    /// Nodes the table answered outright (EXACT, or a bound with α ≥ β):
    /// their children were not searched, and are not counted as pruned.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tt_cutoffs: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tt_stores: Option<usize>,
    /// Null-window scouts searched again (`pvs`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub researches: Option<usize>,
    /// MTD(f) passes or deepening iterations.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub passes: Option<usize>,
}

/// How the visits' vector is sized: at once, for `n` visits; or as the
/// trace is read (and freed), `AS_READ` visits at a time, or an eighth
/// more once they are many, up to `n`, so the two together never hold
/// much more than the trace did. (Growing a fixed step at a time, a big
/// tree's visits were moved to new addresses hundreds of times while the
/// search ran on the other core: each move of a mapping's pages flushes
/// that core's TLB. At 10^7 leaves the analysis's `mremap`s went from
/// 1356 to 51.)
#[derive(Clone, Copy)]
enum Room {
    All(usize),
    AsRead(usize),
}

/// Visits added to the room at a time as the trace is read (256 KiB: the
/// room a step adds but does not yet use is part of the peak).
const AS_READ: usize = 1 << 13;

/// Everything a trace says.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// In visit order (preorder, as entered).
    pub visits: Vec<Visit>,
    pub cuts: Vec<Cut>,
    /// Passes over the tree, in order (empty for one-pass algorithms).
    pub passes: Vec<Pass>,
    /// Visit index of the root whose answer counts (the deciding pass's).
    pub root: usize,
    /// Children `--beam` never considered, by path, in the order met.
    pub forward_pruned: Vec<Path>,
    /// Visit indices of the visits entered from no parent (each pass's root).
    roots: Vec<usize>,
    /// No path was entered twice: one pass, no probes, no re-searches.
    once: bool,
    /// No path was entered twice by visits whose answers count: no
    /// `star2` probe (a scout that was searched again, and every pass but
    /// the deciding one, are superseded; within what is left, each path
    /// is entered once).
    counted_once: bool,
    /// The run's tie rule: the principal variation starts with its best move.
    ties: Ties,
    table: Option<TableCounts>,
    researches: Option<usize>,
    /// The visits' windows and side-to-move values: a visit's `extra`
    /// indexes `extras`, whose triples are codes of `values` (α, β, the
    /// side-to-move value; `NONE`: it has none), each distinct one once, so
    /// a visit that has neither costs nothing. A side-to-move value that is the visit's
    /// value or its negation (always, in negamax searches) is a flag.
    extras: Interned<[u32; 3]>,
    /// The visits' values, by code.
    values: Values,
    /// Visits searched past the depth cutoff, and why (by visit index, in order).
    extended: Vec<(u32, ExtendReason)>,
    /// Every cut's pruned edges, cut after cut (a cut's `edges` index them).
    edges: Vec<Edge>,
    /// How many visits were evaluated directly ([`Analysis::leaves`]).
    leaves: usize,
    /// [`Analysis::pruned_edges`], worked out by node ([`cuts::by_node`]):
    /// for a tree whose probes entered paths twice.
    pruned_by_node: Option<Vec<Edge>>,
}

impl Analysis {
    pub fn of(game: &Game, trace: &Trace) -> Analysis {
        let (entered, cuts) = trace.counts();
        Analysis::build(game, trace.algorithm, trace.options.ties, Room::All(entered), cuts, trace)
    }

    /// The same as [`Analysis::of`], the trace consumed: each part of it is
    /// freed once read, so a big search's trace and analysis are never
    /// held whole at once (what `solve` does).
    pub fn of_owned(game: &Game, trace: Trace) -> Analysis {
        let ((entered, cuts), algorithm, ties) = (trace.counts(), trace.algorithm, trace.options.ties);
        Analysis::build(game, algorithm, ties, Room::AsRead(entered), cuts, trace)
    }

    /// What a run of `algorithm` says, its events read as they come
    /// (from a [`Stream`](crate::search::stream::Stream) while the search
    /// runs): the same as [`Analysis::of`] its trace.
    pub fn of_steps(game: &Game, algorithm: crate::search::Algorithm, ties: Ties, steps: impl Steps) -> Analysis {
        Analysis::build(game, algorithm, ties, Room::AsRead(usize::MAX), 0, steps)
    }

    /// What `steps` say, read once. The visits and cuts keep the steps'
    /// own value codes: the analysis's table is the one they are read in.
    fn build(
        game: &Game,
        algorithm: crate::search::Algorithm,
        ties: Ties,
        room: Room,
        cut_count: usize,
        steps: impl Steps,
    ) -> Analysis {
        let mut visits: Vec<Visit> = match room {
            Room::All(n) => Vec::with_capacity(n),
            Room::AsRead(_) => Vec::new(),
        };
        let mut roots = Vec::new();
        // Cuts and edges: all at once, or as the trace is read (its start
        // is the peak: room taken then would add to it).
        let (mut cuts, mut edges) = match room {
            Room::All(_) => (Vec::with_capacity(cut_count), Vec::with_capacity(cut_count)),
            Room::AsRead(_) => (Vec::new(), Vec::new()),
        };
        let mut forward_pruned = Vec::new();
        let mut extend: Option<ExtendReason> = None;
        let mut extended = Vec::new();
        let mut stack: Vec<usize> = Vec::new();
        let mut passes: Vec<Pass> = Vec::new();
        let mut table = algorithm.uses_table().then(TableCounts::default);
        let mut researches = (algorithm == crate::search::Algorithm::Pvs).then_some(0);
        // The visits evaluated directly, counted as they are marked.
        let mut leaves = 0;
        // Whether a probe was entered (`star2`).
        let mut probed = false;
        // Windows and side-to-move values, only for the visits that have them.
        let mut extras: Interned<[u32; 3]> = Interned::default();
        let at = |i: usize| u32::try_from(i).expect("fewer than 2^32 visits");
        // A visit's side-to-move value, once its value is set.
        let keep = |v: &mut Visit, extras: &mut Interned<[u32; 3]>, values: &Values, side: Side| {
            let n = match side {
                Side::None => return,
                Side::Same => return v.flags |= flag::NEGAMAX_SAME,
                Side::Negated => return v.flags |= flag::NEGAMAX_NEGATED,
                Side::Code(n) => n,
            };
            let n_bits = values.num_at(n).bits();
            match values.scalar_at(v.value) {
                Some(x) if x.bits() == n_bits => v.flags |= flag::NEGAMAX_SAME,
                Some(x) if (-x).bits() == n_bits => v.flags |= flag::NEGAMAX_NEGATED,
                _ => {
                    let [alpha, beta, _] = extras.get(v.extra).copied().unwrap_or([NONE; 3]);
                    v.extra = extras.intern([alpha, beta, n]);
                }
            }
        };
        let mut open = |visits: &mut Vec<Visit>,
                        extras: &mut Interned<[u32; 3]>,
                        stack: &[usize],
                        node,
                        child,
                        [alpha, beta]: [u32; 2]| {
            let idx = visits.len();
            if let (Room::AsRead(n), true) = (room, idx == visits.capacity()) {
                visits.reserve_exact(n.saturating_sub(idx).clamp(1, AS_READ.max(idx / 8)));
            }
            let (up, index, depth) = match stack.last() {
                Some(&p) => (p as u32, child, visits[p].depth() as u32 + 1),
                None => {
                    roots.push(idx);
                    (NONE, 0, 0)
                }
            };
            let extra = if alpha == NONE { NONE } else { extras.intern([alpha, beta, NONE]) };
            let flags = depth << flag::DEPTH_SHIFT | flag::kind(game.node(node).kind());
            visits.push(Visit { up, index, end: NONE, node, value: NONE, best: NONE, flags, extra });
            idx
        };
        let mut values = steps.each_step(|step, values| match step {
            Step::Enter { node, child, window } => {
                let idx = open(&mut visits, &mut extras, &stack, node, child, window);
                if let Some(reason) = extend.take() {
                    extended.push((at(idx), reason));
                }
                if let (true, Some(p)) = (stack.is_empty(), passes.last_mut()) {
                    p.root = Some(idx);
                }
                stack.push(idx);
            }
            Step::Probe { node, child, window } => {
                let idx = open(&mut visits, &mut extras, &stack, node, child, window);
                visits[idx].flags |= flag::PROBE;
                probed = true;
                stack.push(idx);
            }
            Step::Extend { reason, .. } => extend = Some(reason),
            Step::ForwardPrune { pruned } => {
                let Some(&top) = stack.last() else { return };
                let path = path_at(&visits, top);
                forward_pruned.extend(pruned.iter().map(|&i| path.child(i)));
            }
            Step::Leaf { node, child, window, value, source, negamax } => {
                let idx = open(&mut visits, &mut extras, &stack, node, child, window);
                if let (true, Some(p)) = (stack.is_empty(), passes.last_mut()) {
                    p.root = Some(idx);
                }
                let v = &mut visits[idx];
                (v.value, v.end) = (value, at(idx + 1));
                keep(v, &mut extras, values, negamax);
                v.set_direct(source);
                leaves += 1;
            }
            Step::Update { child, best, .. } => {
                if let (Some(&top), true) = (stack.last(), best) {
                    visits[top].best = child;
                }
            }
            Step::Cut { kind, value, bound, cause, pruned } => {
                let Some(&top) = stack.last() else { return };
                let (by_table, by_pass) = (cause == Cause::Table, cause == Cause::Pass);
                let cause = match cause {
                    Cause::Ancestor(depth) => stack.get(depth as usize).map_or(NONE, |&i| at(i)),
                    Cause::Bounds | Cause::Table | Cause::Pass => NONE,
                };
                // A step at a time, a quarter more once they are big.
                if cuts.len() == cuts.capacity() {
                    cuts.reserve_exact(cut_count.saturating_sub(cuts.len()).clamp(1, AS_READ.max(cuts.len() / 4)));
                }
                if edges.capacity() - edges.len() < pruned.len() {
                    edges.reserve_exact(pruned.len().max(AS_READ).max(edges.len() / 4));
                }
                let start = at(edges.len());
                for &i in pruned {
                    pruned_edges(game, &visits, top, i, &mut edges);
                }
                let edges = start..at(edges.len());
                cuts.push(Cut { at: top, kind, value, bound, cause, by_table, by_pass, edges });
            }
            Step::Evaluate { source, .. } => {
                if let Some(&top) = stack.last() {
                    leaves += usize::from(visits[top].direct().is_none());
                    visits[top].set_direct(source);
                }
            }
            Step::Exit { value, bound, negamax } => {
                let Some(top) = stack.pop() else { return };
                let end = at(visits.len());
                let v = &mut visits[top];
                (v.value, v.end) = (value, end);
                keep(v, &mut extras, values, negamax);
                v.set_bound(bound);
            }
            Step::Rare(Event::TtProbe { outcome, .. }) => {
                let Some(t) = table.as_mut() else { return };
                t.probes += 1;
                t.hits += usize::from(outcome.is_hit());
                if let (true, Some(&top)) = (outcome.answers(), stack.last()) {
                    visits[top].flags |= flag::ANSWERED;
                }
            }
            Step::Rare(Event::TtStore { .. }) => {
                if let Some(t) = table.as_mut() {
                    t.stores += 1;
                }
            }
            Step::Rare(&Event::Research { child, .. }) => {
                *researches.get_or_insert(0) += 1;
                let Some(&top) = stack.last() else { return };
                let scout = Children::of(&visits, top).filter(|&c| visits[c].index == child).last();
                for v in scout.map_or(0..0, |s| s..visits.len()) {
                    visits[v].flags |= flag::SUPERSEDED;
                }
            }
            Step::Rare(&Event::Pass { number, kind }) => {
                if let Some(p) = passes.last_mut() {
                    p.visits.end = visits.len();
                }
                let at = visits.len();
                passes.push(Pass { number, kind, root: None, visits: at..at });
            }
            // Rare events are only those four.
            Step::Rare(_) => {}
        });
        // Visits the trace left open hold everything entered after them.
        let end = at(visits.len());
        for &open in &stack {
            visits[open].end = end;
        }
        if let Some(p) = passes.last_mut() {
            p.visits.end = visits.len();
        }
        values.shrink_to_fit();
        extras.shrink_to_fit();
        cuts.shrink_to_fit();
        edges.shrink_to_fit();
        let root = deciding(game, &visits, &values, &passes);
        if let Some(decider) = passes.iter().find(|p| p.root == Some(root)) {
            for (i, v) in visits.iter_mut().enumerate() {
                if !decider.visits.contains(&i) {
                    v.flags |= flag::SUPERSEDED;
                }
            }
        }
        // Each path entered at most once: one pass at most entered nodes
        // (iterative deepening records the iterations it skips as passes
        // without visits), no re-search, no probe.
        let searching = passes.iter().filter(|p| !p.visits.is_empty()).count();
        let counted_once = !probed;
        let once = searching <= 1 && researches.unwrap_or(0) == 0 && counted_once;
        let pruned_by_node =
            (!counted_once && !game.has_transpositions()).then(|| cuts::by_node(game, &visits, &cuts, &edges));
        Analysis {
            visits,
            extras,
            values,
            extended,
            cuts,
            edges,
            forward_pruned,
            passes,
            root,
            roots,
            once,
            counted_once,
            ties,
            table,
            researches,
            leaves,
            pruned_by_node,
        }
    }

    /// What a visit of this analysis returned (MAX's view).
    pub fn value_of(&self, visit: &Visit) -> Option<Value> {
        self.values.value_opt(visit.value)
    }

    /// What a visit of this analysis returned, when it is a number.
    pub fn scalar_of(&self, visit: &Visit) -> Option<Num> {
        self.values.scalar_at(visit.value)
    }

    /// The visits searched past the depth cutoff, and why, in visit order.
    pub fn extended_visits(&self) -> impl Iterator<Item = (usize, ExtendReason)> + '_ {
        self.extended.iter().map(|&(i, reason)| (i as usize, reason))
    }

    /// Why visit `i` was searched past the depth cutoff, if it was.
    pub fn extended(&self, i: usize) -> Option<ExtendReason> {
        let i = u32::try_from(i).ok()?;
        let at = self.extended.binary_search_by_key(&i, |&(v, _)| v).ok()?;
        Some(self.extended[at].1)
    }

    /// No path was entered twice (one pass, no probes, no re-searches):
    /// each visit is the only one at its path.
    pub fn entered_once(&self) -> bool {
        self.once
    }

    pub fn root(&self) -> &Visit {
        &self.visits[self.root]
    }

    /// The window a visit of this analysis was entered with (none for
    /// minimax-style searches).
    pub fn window(&self, visit: &Visit) -> Option<Window> {
        let &[alpha, beta, _] = self.extras.get(visit.extra)?;
        let num = |code| self.values.num_at(code);
        (alpha != NONE).then(|| Window { alpha: num(alpha), beta: num(beta) })
    }

    /// A visit's side-to-move value, for negamax-style algorithms.
    pub fn negamax(&self, visit: &Visit) -> Option<Num> {
        if visit.flags & flag::NEGAMAX_SAME != 0 {
            return self.scalar_of(visit);
        }
        if visit.flags & flag::NEGAMAX_NEGATED != 0 {
            return self.scalar_of(visit).map(|x| -x);
        }
        let &[_, _, n] = self.extras.get(visit.extra)?;
        self.values.num_opt(n)
    }

    /// The path of visit `i`.
    pub fn path(&self, i: usize) -> Path {
        path_at(&self.visits, i)
    }

    /// The path of a visit of this analysis.
    pub fn path_of(&self, visit: &Visit) -> Path {
        let mut steps = vec![0; visit.depth()];
        if let (Some(last), Some(up)) = (steps.last_mut(), visit.parent()) {
            *last = visit.index;
            let n = steps.len() - 1;
            write_steps(&self.visits, up, &mut steps[..n]);
        }
        Path(steps)
    }

    /// Fills `steps`, as long as visit `i`'s depth, with its path's indices
    /// (no allocation: a report writes paths this way).
    pub fn write_path(&self, i: usize, steps: &mut [u32]) {
        write_steps(&self.visits, i, steps);
    }

    /// For each visit, the index of the first visit at the same path (as a
    /// linear search of the visit order would find it).
    pub fn first_at_paths(&self) -> Vec<u32> {
        first_at_paths(&self.visits)
    }

    /// The visits entered from visit `i`, in search order.
    pub fn children(&self, i: usize) -> Children<'_> {
        Children::of(&self.visits, i)
    }

    /// The root's value.
    pub fn value(&self) -> Option<Value> {
        self.value_of(self.visits.get(self.root)?)
    }

    /// The visit at `path`, if the search entered it (the last visit, when a
    /// `star2` probe entered it first).
    pub fn visit(&self, path: &Path) -> Option<&Visit> {
        self.find(path).map(|i| &self.visits[i])
    }

    /// The index of the last visit at `path` in a search whose answer
    /// counts, found by walking down from the roots (a counted visit's
    /// parent is counted too), so no map of every visit's path is kept.
    fn find(&self, path: &Path) -> Option<usize> {
        self.roots.iter().filter_map(|&r| self.find_below(r, &path.0)).max()
    }

    /// The last counted visit reached from visit `at` by the child indices `rest`.
    fn find_below(&self, at: usize, rest: &[u32]) -> Option<usize> {
        if self.visits[at].superseded() {
            return None;
        }
        let Some((&k, rest)) = rest.split_first() else { return Some(at) };
        let children = self.children(at);
        children.filter(|&c| self.visits[c].index == k).filter_map(|c| self.find_below(c, rest)).max()
    }

    /// Root moves (written indices) attaining the root's value: the one
    /// that gave it (`first`), or those proven to tie with it.
    pub fn best_moves(&self, ties: Ties) -> Vec<u32> {
        let root = self.root();
        let Some(first) = root.best_child() else { return vec![] };
        let value = self.value_of(root);
        let tied: Vec<u32> = self
            .children(self.root)
            .map(|c| &self.visits[c])
            .filter(|c| !c.superseded())
            .filter(|c| self.value_of(c) == value && (c.bound() == BoundKind::Exact || c.index == first))
            .map(|c| c.index)
            .collect();
        match ties {
            Ties::First => vec![first],
            Ties::Last => tied.last().map(|&i| vec![i]).unwrap_or(vec![first]),
            Ties::All if tied.is_empty() => vec![first],
            Ties::All => tied,
        }
    }

    /// The principal variation: from the root, each node's best child.
    pub fn pv(&self) -> Vec<Path> {
        let mut out = Vec::new();
        let mut at = self.root;
        let null_window = self.passes.iter().any(|p| matches!(p.kind, PassKind::Mtdf { .. }));
        // From the root, the best move under the run's tie rule; below it,
        // each node's best child.
        let best_at = |at: usize| match at == self.root {
            true => self.best_moves(self.ties).first().copied(),
            false => self.visits.get(at).and_then(Visit::best_child),
        };
        while let Some(best) = best_at(at) {
            let is_best = |c: &usize| !self.visits[*c].superseded() && self.visits[*c].index == best;
            let Some(next) = self.children(at).find(is_best) else {
                break;
            };
            out.push(self.path(next));
            if null_window {
                break;
            }
            at = next;
        }
        out
    }

    /// The nodes the transposition table answered (superseded ones left out).
    pub fn answered(&self) -> impl Iterator<Item = &Visit> {
        self.visits.iter().filter(|v| v.answered() && !v.superseded())
    }

    /// The directly evaluated nodes, in order.
    pub fn leaves(&self) -> impl Iterator<Item = &Visit> {
        self.visits.iter().filter(|v| v.direct().is_some())
    }

    /// Counts: visits and leaves over all the work done (every pass, every
    /// scout); cutoffs in the searches whose answers count.
    pub fn stats(&self) -> Stats {
        let t = self.table;
        Stats {
            nodes_visited: self.visits.len(),
            leaves_evaluated: self.leaves,
            cutoffs: self.cuts.iter().filter(|c| !self.visits[c.at].superseded()).count(),
            tt_probes: t.map(|t| t.probes),
            tt_hits: t.map(|t| t.hits),
            tt_cutoffs: t.map(|_| self.answered().count()),
            tt_stores: t.map(|t| t.stores),
            researches: self.researches,
            passes: (!self.passes.is_empty()).then_some(self.passes.len()),
        }
    }
}

/// The root visit whose answer counts: the last iteration's; for MTD(f) the
/// last pass that searched the root's children and either moved the bound
/// on the root player's side (the lower bound for MAX: its cutting root move
/// is the leftmost attaining the value) or returned a value strictly inside
/// its window (an exact value); the first visit for one-pass algorithms.
fn deciding(game: &Game, visits: &[Visit], values: &Values, passes: &[Pass]) -> usize {
    let max_root = game.root().kind() != crate::model::NodeKind::Min;
    let searched = |p: &Pass| p.root.is_some_and(|r| visits[r].best_child().is_some());
    let decides = |p: &&Pass| match (p.kind, p.root.and_then(|r| values.scalar_at(visits[r].value))) {
        (PassKind::Mtdf { window, .. }, Some(g)) => {
            let inside = window.alpha < g && g < window.beta;
            searched(p) && (inside || (g >= window.beta) == max_root)
        }
        (_, g) => g.is_some(),
    };
    let decider = passes.iter().rev().find(decides).and_then(|p| p.root);
    decider.or_else(|| passes.iter().rev().find_map(|p| p.root)).unwrap_or(0)
}
