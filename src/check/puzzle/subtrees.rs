//! Puzzles over a small range by dynamic programming over subtrees: the
//! number of ways to fill a subtree's unknowns, for each window it may be
//! entered with, by the value its search returns.
//!
//! Alpha-beta on a MAX/MIN tree enters a node with a window `(α, β)` and
//! returns a value; what happens inside depends on nothing else. So the
//! assignments of a subtree's unknowns that keep its part of the answer
//! (the edges pruned below it) can be counted once per window, as a table
//! from returned value to count, and a node's table is read off its
//! children's by following its loop (running value, α, β) child by child.
//! Where the answer lists pruned edges, it fixes where every node stops:
//! the pruned children of a node are the last ones in search order, and
//! it must cut right before them (and nowhere earlier); a node with none
//! listed may cut only at its last child. Unknowns under pruned children
//! are free. The box search instead multiplies the ways separate subtrees
//! can go, one box each (27 unknowns on three plies over 0..3 took it from
//! 2 s to more than 100 s; this takes milliseconds).
//!
//! It applies to one `expect` block (or several of one search, merged by
//! the caller) whose search the symbolic mirrors stand for (`pvs` only
//! where its scouts are `alphabeta` runs: `subtrees/scouts.rs`) and whose
//! items are `value`, `pruned`, `best` and `pv` (ties first)
//! and `values`, over an integer range small enough ([`MAX_WORK`]) on a
//! tree (no `&` edge: a subtree searched from two places has its unknowns
//! once); with `pruned`, which fixes every node entered, also `leaves`,
//! `visited`, `visited-set` and the `stats` of nodes, leaves and cutoffs
//! (checked on those visits; a leaf given a value is limited to it); a
//! `visited` or `visited-set` item alone fixes the same. A node `values`
//! gives a value keeps only its ways returning it, and each node on the
//! way to it must search far enough to enter it; a node on the `pv`
//! keeps only its ways whose best child (the last to better its running
//! value) is the next one on it (`subtrees/fixed.rs`). Solutions are
//! listed smallest first, one unknown at a time: the smallest value that
//! leaves the count above zero. `distinct.rs` counts orderings of
//! distinct values with these counts, and asks [`Subtrees::held`] what
//! the search still compares with after the first unknowns.
//!
//! Invariant: the count is the number of assignments that pass the block,
//! as `expect::check` judges them; `tests/puzzle_laws.rs` compares it with
//! enumeration.

use std::collections::HashMap;
use std::rc::Rc;

use crate::check::expect::{Expect, Fact, Stat};
use crate::check::puzzle::count::Count;
use crate::model::{Game, NodeId, NodeKind, Path, Utility};
use crate::num::Num;
use crate::search::options::{CutRule, FailMode, Order, Ties};
use crate::search::{Algorithm, FxBuild};

mod fixed;
mod held;
mod list;
mod moves;
mod ring;
pub(super) mod scouts;
mod tables;
mod uniform;
use moves::{Landing, Meets, Moves, Place, narrowed};
pub(super) use ring::{Plain, Ring};
pub(super) use tables::parents;
pub(in crate::check::puzzle) use tables::upward;
use tables::{over_leaves, work};
use uniform::Step;

/// The most work this way takes on, in steps: a node at depth 2 or more
/// may be entered with up to values² windows (values at depth 1, one at
/// the root; a node over leaves only is counted once per one end of its
/// window, so values), and for each, each child's values meet each
/// running value.
/// 27 unknowns on three plies over 0..50 take about 0.3 s (2·10^8 steps);
/// past this, the count is still tried, with [`TRIAL_STEPS`].
const MAX_WORK: f64 = 5e8;

/// What a count past [`MAX_WORK`] may spend before it gives up and the
/// next way (the box search, then `wide.rs` where it is heavy) is tried:
/// steps of [`Subtrees::node`]'s loop, each a child's value meeting a
/// running value, times the 128-bit words a count may take. About 10^8
/// steps of two-word counts a second here: about a second, spent in vain
/// only where the other ways take longer still (at 4·10^7, 21 unknowns of
/// 27 over −150..150 stopped at 0.2 s, and nothing answered in 20 s). The
/// estimate counts every window a node could be entered with; the search
/// enters far fewer, so many such counts finish well within it (20 leaves,
/// 17 unknowns over 0..100: 0.03 s, where the box search took 1.8 s; 15 of
/// 20 over −100..100: 2.4·10^7 steps, 0.3 s, where nothing else took 10 s).
const TRIAL_STEPS: u64 = 200_000_000;

/// The widest range a count past [`MAX_WORK`] is tried on: its work grows
/// about as the cube of the width (11 unknowns among 16 leaves: 0.07 s over
/// −125..125, 0.5 s over −250..250, 3.5 s over −500..500). Up to −300..300
/// it often finishes within its budget where nothing else does (21 of 27
/// over −250..250: 0.25–0.7 s, none in 20 s before); over −1000..1000 it
/// rarely does, and spending it there before the count through order types
/// (`wide.rs`) made those 1–2 s answers take 5–7 s.
const MAX_TRIAL_WIDTH: i128 = 601;

/// The statistics a fixed set of visits answers alone.
const STATIC: [Stat; 3] = [Stat::NodesVisited, Stat::LeavesEvaluated, Stat::Cutoffs];

/// Whether fixed visits answer statistic `st`: [`STATIC`]'s, and for
/// `pvs` (`scouts`) its re-searches, which its `visited` item fixes
/// (`scouts.rs`).
fn fixed_stat(st: Stat, scouts: bool) -> bool {
    STATIC.contains(&st) || scouts && st == Stat::Researches
}

/// A value, as its index in the sorted table of every value a search can
/// hold (so comparing indices compares values).
pub(super) type V = u32;

/// A subtree's table: each value it may return, with its ways.
type Table<W> = Rc<Vec<(V, W)>>;

/// A node's tables, by the window it is entered with.
type Tables<W> = HashMap<(V, V), Table<W>, FxBuild>;

/// No best child yet (at the root), or not tracked (below it).
const NONE: u32 = u32::MAX;

/// The puzzle's fixed parts.
pub(super) struct Subtrees<'g, R: Ring = Plain> {
    game: &'g Game,
    ring: R,
    /// For each node (by index), which unknown it is, if one.
    slots: Vec<Option<usize>>,
    values: Vec<Num>,
    /// Each unknown's allowed values (indices into `values`).
    allowed: Vec<Vec<V>>,
    reverse: bool,
    /// Alpha-beta (else minimax: no cuts).
    prunes: bool,
    /// `pvs`: the root scouts each child after its first (`scouts.rs`).
    scouts: bool,
    cuts: CutRule,
    fail: FailMode,
    range: (V, V),
    /// With a `pruned` item (or a `visited` one, which implies it): for
    /// each node (by index), how many children it searches (the rest are
    /// pruned); `None`: nothing said about pruning.
    searched: Option<Vec<u32>>,
    /// `pvs` with a `visited` item: for each node after the first child
    /// of a root child or of the root (by index), whether the run that
    /// counts searches it again (`scouts.rs`); `None`: not said.
    researched: Vec<Option<bool>>,
    /// `pvs` with a `visited` item: for each grandchild of the root under
    /// a root child searched again (by index), how many children it
    /// searches in that child's scout (`scouts.rs`).
    scout: Vec<Option<u32>>,
    /// `pvs` with a `visited` item: the nodes it enters, in order, and
    /// how many of them cut in the searches whose answers count.
    entered: Option<(Vec<(NodeId, Path)>, usize)>,
    /// While a root child searched again is counted (`scouts.rs`): what
    /// its scout says of one grandchild's leaves.
    limit: Option<scouts::Limit>,
    /// `pvs`: each root child's scouted table by the root's window
    /// (`scouts.rs`), emptied whenever an unknown's values change.
    scouted: HashMap<(NodeId, V, V), Table<R::W>>,
    /// `pvs`: a leaf's table cut to what a scout's `Limit` lets it be.
    limited: HashMap<(NodeId, scouts::Keep), Table<R::W>>,
    /// With a `values` item: for each node (by index), the value it must
    /// return, and how many children (in search order) it must search at
    /// least, to enter the nodes given values below it (`fixed.rs`).
    wanted: Vec<Option<V>>,
    reach: Vec<u32>,
    value: Option<V>,
    /// With a `best` or `pv` item: for each node (by index), the child
    /// (written index) that gives its value, the last to better its
    /// running value.
    best: Vec<Option<u32>>,
    /// Each node's tables by the window it was entered with (one entry
    /// for a leaf, and without cuts for any node). Kept between counts:
    /// limiting an unknown clears only the tables of it and its ancestors.
    memo: Vec<Tables<R::W>>,
    /// Each node's parent (the root's is itself).
    parent: Vec<NodeId>,
    /// For each node (by index), whether it is an inner node whose
    /// children are all leaves.
    shallow: Vec<bool>,
    /// For each node (by index), the node whose `memo` holds its tables:
    /// the first with the same subtree (`tables.rs`).
    same: Vec<NodeId>,
    /// An unknown's values changed since `same` was worked out.
    stale: bool,
    /// The unknowns' nodes.
    unknowns: Vec<NodeId>,
    /// A fact about the (fixed) visits fails whatever the values.
    impossible: bool,
    /// Subtrees counted (for `Solutions::tried`).
    pub tried: u64,
    /// Steps spent, and the most this count may spend (`None`: no limit).
    spent: u64,
    budget: Option<u64>,
    /// Landings a node's loop is done with, kept for the next (`moves.rs`).
    spare: Vec<Landing<R::W>>,
    /// Every node, children before their parents, and room to sum a
    /// table by value (`tables.rs`).
    upward: Vec<NodeId>,
    sum_room: Vec<Option<R::W>>,
}

impl<'g> Subtrees<'g, Plain> {
    /// The plan for `e` over `lo..=hi`, or `None` when this way does not
    /// apply (then the box search does).
    pub fn new(game: &'g Game, unknowns: &[NodeId], e: &Expect, (lo, hi): (i64, i64)) -> Option<Subtrees<'g>> {
        let width = (i128::from(hi) - i128::from(lo) + 1) as f64;
        if hi < lo || work(game, width) > MAX_WORK {
            return None;
        }
        Subtrees::over(game, unknowns, e, (lo..=hi).map(Num::int).collect())
    }

    /// The plan for `e` over `lo..=hi` where [`Subtrees::new`] would take on
    /// too much work by its estimate (`None` where it would not, or the
    /// range is wider than [`MAX_TRIAL_WIDTH`]): its counts give up past
    /// [`TRIAL_STEPS`] ([`Subtrees::gave_up`]).
    pub fn trial(game: &'g Game, unknowns: &[NodeId], e: &Expect, (lo, hi): (i64, i64)) -> Option<Subtrees<'g>> {
        let width = i128::from(hi) - i128::from(lo) + 1;
        if hi < lo || width > MAX_TRIAL_WIDTH || work(game, width as f64) <= MAX_WORK {
            return None;
        }
        // A step adds and multiplies counts of up to width^unknowns.
        let words = 1 + (unknowns.len() as f64 * (width as f64).log2() / 128.0) as u64;
        let values = (lo..=hi).map(Num::int).collect();
        Subtrees::with_ring(game, unknowns, e, values, Plain, Some(TRIAL_STEPS / words))
    }

    /// The plan for `e` with every unknown over `domain` (sorted, distinct
    /// values), or `None` when this way does not apply.
    pub fn over(game: &'g Game, unknowns: &[NodeId], e: &Expect, domain: Vec<Num>) -> Option<Subtrees<'g>> {
        Subtrees::with_ring(game, unknowns, e, domain, Plain, None)
    }
}

impl<'g, R: Ring> Subtrees<'g, R> {
    /// [`Subtrees::over`], the ways counted in `ring`. With a `budget` of
    /// steps, whatever the work it would take on by its estimate: its
    /// counts give up past that budget ([`Subtrees::gave_up`]).
    pub fn with_ring(
        game: &'g Game,
        unknowns: &[NodeId],
        e: &Expect,
        domain: Vec<Num>,
        mut ring: R,
        budget: Option<u64>,
    ) -> Option<Subtrees<'g, R>> {
        let (algorithm, fail) = super::symbolic::mirrored(game, e)?;
        let prunes = match algorithm {
            Algorithm::Alphabeta | Algorithm::NegamaxAb | Algorithm::Pvs => true,
            Algorithm::Minimax | Algorithm::Negamax => false,
            _ => return None,
        };
        let scouts = algorithm == Algorithm::Pvs;
        if scouts && !scouts::applies(game, e) {
            return None;
        }
        // Under a `&` edge a subtree is searched from two places, and its
        // unknowns are the same ones: the ways of separate subtrees would
        // not multiply.
        let leaf = game.root().kind() == NodeKind::Leaf;
        if leaf
            || game.has_transpositions()
            || domain.is_empty()
            || (budget.is_none() && work(game, domain.len() as f64) > MAX_WORK)
        {
            return None;
        }
        let (mut value, mut best, mut pruned, mut pv) = (None, None, None, None);
        let mut fixed: Vec<&Fact> = Vec::new();
        let mut wanted: Vec<(&Path, Num)> = Vec::new();
        // The same fact asked twice (blocks of one search, merged) with
        // different answers: no assignment passes both.
        let mut clash = false;
        for item in &e.items {
            match &item.fact {
                f @ (Fact::Leaves(_) | Fact::Visited(_) | Fact::VisitedSet(_)) => fixed.push(f),
                f @ Fact::Stats(pairs) if pairs.iter().all(|(st, _)| fixed_stat(*st, scouts)) => fixed.push(f),
                Fact::Value(v) => once(&mut value, v.scalar()?, &mut clash),
                Fact::Best(moves) if e.options.ties == Ties::First && moves.len() == 1 => {
                    // A best move is a root child (a path of length 1).
                    let i = *moves[0].0.first().filter(|_| moves[0].depth() == 1)?;
                    once(&mut best, i, &mut clash);
                }
                Fact::Pruned(paths) => {
                    let set: std::collections::BTreeSet<Path> = paths.iter().cloned().collect();
                    once(&mut pruned, set, &mut clash);
                }
                Fact::Pv(paths) if e.options.ties == Ties::First => once(&mut pv, paths, &mut clash),
                Fact::Values(pairs) => {
                    for (p, v) in pairs {
                        wanted.push((p, v.scalar()?));
                    }
                }
                _ => return None,
            }
        }
        let mut slots = vec![None; game.len()];
        for (k, id) in unknowns.iter().enumerate() {
            slots[id.index()] = Some(k);
        }
        let range = match game.bounds() {
            Some(b) if !e.options.ignore_bounds => Some(b),
            _ => None,
        };
        let mut values: Vec<Num> = vec![Num::NEG_INF, Num::INF];
        values.extend(game.nodes().filter_map(|n| n.scalar()));
        values.extend(domain.iter().copied());
        values.extend(range.into_iter().flat_map(|(a, b)| [a, b]));
        values.extend(value);
        values.extend(wanted.iter().map(|&(_, v)| v));
        values.sort();
        values.dedup();
        let at = |v: Num| values.binary_search(&v).ok().map(|i| i as V);
        let domain: Vec<V> = domain.into_iter().filter_map(at).collect();
        let (a, b) = range.unwrap_or((Num::NEG_INF, Num::INF));
        let (range, value) = ((at(a)?, at(b)?), value.and_then(at));
        ring.bind(&values);
        let mut plan = Subtrees {
            game,
            ring,
            slots,
            values,
            allowed: vec![domain; unknowns.len()],
            reverse: e.options.order == Order::Reverse,
            prunes,
            scouts,
            cuts: if scouts { CutRule::OnEquality } else { e.options.cuts },
            fail,
            range,
            searched: None,
            researched: vec![None; game.len()],
            scout: vec![None; game.len()],
            entered: None,
            limit: None,
            scouted: HashMap::new(),
            limited: HashMap::new(),
            wanted: vec![None; game.len()],
            reach: vec![0; game.len()],
            value,
            best: vec![None; game.len()],
            memo: (0..game.len()).map(|_| HashMap::default()).collect(),
            parent: parents(game),
            shallow: game.ids().map(|id| over_leaves(game, id)).collect(),
            same: game.ids().collect(),
            stale: true,
            unknowns: unknowns.to_vec(),
            impossible: clash,
            tried: 0,
            spent: 0,
            budget,
            spare: Vec::new(),
            upward: tables::upward(game),
            sum_room: Vec::new(),
        };
        if let Some(paths) = pruned {
            let paths: Vec<Path> = paths.into_iter().collect();
            plan.searched = Some(plan.stops(&paths)?);
        } else if let Some(entered) = fixed.iter().find_map(|f| match f {
            Fact::Visited(p) | Fact::VisitedSet(p) => Some(p),
            _ => None,
        }) {
            // The nodes entered say where every node stops; where no run
            // enters exactly those, nothing passes.
            match plan.implied_pruned(entered).and_then(|p| plan.stops(&p)) {
                Some(searched) => plan.searched = Some(searched),
                None => plan.impossible = true,
            }
        }
        plan.best[NodeId::ROOT.index()] = best;
        if let Some(pv) = pv {
            plan.impossible |= !plan.follow(pv);
        }
        for (path, v) in wanted {
            let v = plan.index(v)?;
            plan.impossible |= !plan.want(path, v);
        }
        if !fixed.is_empty() {
            plan.fix_visits(fixed)?;
        }
        Some(plan)
    }

    /// The children's written indices in search order.
    fn order(&self, id: NodeId) -> Vec<u32> {
        let n = self.game.node(id).children().len() as u32;
        if self.reverse { (0..n).rev().collect() } else { (0..n).collect() }
    }

    /// How many assignments (with unknown `k` limited to `allowed[k]`)
    /// pass the block.
    pub fn count(&mut self) -> Count {
        let mut total = Count::ZERO;
        for (v, n) in self.by_value() {
            if self.value.is_none_or(|x| x == v) {
                total += &n;
            }
        }
        total
    }

    /// [`Subtrees::count`] by the value the root returns (a `value` item
    /// not applied), in increasing order of values.
    pub fn by_value(&mut self) -> Vec<(V, Count)> {
        if self.impossible {
            return Vec::new();
        }
        if std::mem::take(&mut self.stale) {
            self.share();
        }
        let (a, b) = self.range;
        let mut by: std::collections::BTreeMap<V, R::W> = std::collections::BTreeMap::new();
        for ((v, _), n) in self.node(NodeId::ROOT, a, b, true) {
            self.ring.add(by.entry(v).or_insert_with(|| self.ring.zero()), &n);
        }
        by.into_iter().map(|(v, w)| (v, self.ring.total(&w))).collect()
    }

    /// What the ways are counted in.
    pub fn ring(&self) -> &R {
        &self.ring
    }

    /// Whether a count gave up, past its budget: then what it answered is
    /// not to be used.
    pub fn gave_up(&self) -> bool {
        self.budget.is_some_and(|b| self.spent > b)
    }

    /// The index of value `v` in the table of values, if it is there.
    pub fn index(&self, v: Num) -> Option<V> {
        self.values.binary_search(&v).ok().map(|i| i as V)
    }

    /// The value at index `v`.
    pub fn value_at(&self, v: V) -> Num {
        self.values[v as usize]
    }

    /// The values unknown `k` may take (indices, increasing).
    pub fn allowed(&self, k: usize) -> &[V] {
        &self.allowed[k]
    }

    /// Limits unknown `k` to `values` (indices, increasing).
    pub fn allow(&mut self, k: usize, values: Vec<V>) {
        if self.allowed[k] == values {
            return;
        }
        self.allowed[k] = values;
        self.stale = true;
        self.scouted.clear();
        self.limited.clear();
        // The tables that counted unknown `k`'s old values: its own and
        // its ancestors'.
        let mut id = self.unknowns[k];
        loop {
            self.memo[id.index()].clear();
            if id == NodeId::ROOT {
                break;
            }
            id = self.parent[id.index()];
        }
    }

    /// Inner node `id`'s loop from `(a, b)`: each way it can return, as
    /// (returned value, best child where a `best` or `pv` item names
    /// it), with the number of ways.
    fn node(&mut self, id: NodeId, a0: V, b0: V, root: bool) -> Vec<((V, u32), R::W)> {
        self.tried += 1;
        // A node's best child is told apart only where the block asks it.
        let wanted_best = self.best[id.index()];
        let tracks_best = wanted_best.is_some();
        // Its slots by value are steps too.
        let width = if tracks_best { self.game.node(id).children().len() + 1 } else { 1 };
        self.spent += (self.values.len() * width) as u64 / 8;
        if self.gave_up() {
            return Vec::new();
        }
        let maximizing = self.game.node(id).kind() == NodeKind::Max;
        let order = self.order(id);
        let searched = self.searched.as_ref().map(|s| s[id.index()] as usize);
        let start = if maximizing { 0 } else { (self.values.len() - 1) as V };
        // A state that goes on is its running value (and, at the root, its
        // best child): the window follows from it, a MAX node having raised
        // α to it and a MIN node lowered β, as no cut stopped them.
        let window = |v: V| narrowed(maximizing, v, (a0, b0));
        let slot = |v: V, best: u32| v as usize * width + if best == NONE { 0 } else { best as usize + 1 };
        // (running value, best child, ways), and the next child's sums by slot.
        let mut states: Vec<(V, u32, R::W)> = vec![(start, NONE, self.ring.one())];
        let mut landing = self.spare.pop().unwrap_or_default();
        landing.ready(self.values.len() * width);
        let mut now = Vec::new();
        let reach = self.reach[id.index()] as usize;
        for (j, &i) in order.iter().enumerate() {
            let child = self.game.node(id).child(i as usize);
            std::mem::swap(&mut now, &mut states);
            let stopped = landing.done.len();
            let step = Step { root, maximizing, window: (a0, b0), searched, j, children: order.len(), reach };
            let scouted = root && self.scouts && j > 0;
            // A leaf's table, and with no cuts any child's, is the same
            // whatever the window: its moves are summed by value.
            let uniform = !scouted && (!self.prunes || self.game.node(child).kind() == NodeKind::Leaf);
            if uniform {
                let mut table = self.table(child, a0, b0);
                if let Some(limit) = self.limit.filter(|l| l.node == id) {
                    table = self.limited(child, &limit, table, j);
                }
                self.spent += (table.len() + now.len()) as u64;
                let best = if tracks_best { i } else { NONE };
                self.uniform(&step, &mut now, &table, best, &mut landing, slot);
            } else {
                let mut moves = Moves::new();
                for (s, (v, best, ways)) in now.iter().enumerate() {
                    let (v, best) = (*v, *best);
                    let (a, b) = window(v);
                    let mut table = match scouted {
                        true => self.scouted(child, maximizing, (a, b)),
                        false => self.table(child, a, b),
                    };
                    // Below the root, `pvs` searches a later child again
                    // when its scout lands strictly inside the window.
                    if let Some(again) = self.researched[child.index()].filter(|_| !root && j > 0) {
                        table = Rc::new(table.iter().filter(|(r, _)| (a < *r && *r < b) == again).cloned().collect());
                    }
                    self.spent += table.len() as u64 + 1;
                    // The child's values that leave the running value as it is
                    // lead to one state: their ways are summed first.
                    let split = table.partition_point(|(r, _)| if maximizing { *r <= v } else { *r < v });
                    let (same, changed) =
                        if maximizing { (0..split, split..table.len()) } else { (split..table.len(), 0..split) };
                    let mut kept = self.ring.zero();
                    for (_, n) in &table[same.clone()] {
                        self.ring.add(&mut kept, n);
                    }
                    let kept_too = (!same.is_empty()).then_some((v, Meets::Kept));
                    let entries = changed.map(|e| (table[e].0, Meets::Entry(e)));
                    for (r, meets) in kept_too.into_iter().chain(entries) {
                        let better = if maximizing { r > v } else { r < v };
                        let (v, best) = if better { (r, if tracks_best { i } else { NONE }) } else { (v, best) };
                        let Some(stops) = self.goes(&step, v, (a, b)) else { continue };
                        match R::GROUPS {
                            true => moves.push(s, meets, (stops, v, best)),
                            false => {
                                let ways = self.ring.mul(ways, moves::meets(&table, &kept, meets));
                                landing.put(&self.ring, slot(v, best), (stops, v, best), ways);
                            }
                        }
                    }
                    if R::GROUPS {
                        moves.hold(table, kept);
                    }
                }
                if R::GROUPS {
                    let place = |(stops, v, best): Place| slot(v, best) * 2 + stops as usize;
                    for (p, ways) in moves.settle(&self.ring, |s| &now[s].2, place, landing.slots() * 2) {
                        landing.put(&self.ring, slot(p.1, p.2), p, ways);
                    }
                }
            }
            // Where the node stops, the children after this one are never
            // entered: their unknowns are free.
            if landing.done.len() > stopped {
                let free = order[j + 1..].iter().map(|&c| self.free(self.game.node(id).child(c as usize)));
                let rest = free.fold(self.ring.one(), |w, f| self.ring.mul(&w, &f));
                for ((v, _), ways) in &mut landing.done[stopped..] {
                    *v = self.returned(*v, (a0, b0));
                    *ways = self.ring.mul(ways, &rest);
                }
            }
            landing.states(&mut states, slot);
        }
        let mut done = std::mem::take(&mut landing.done);
        self.spare.push(landing);
        if let Some(w) = self.wanted[id.index()] {
            done.retain(|((r, _), _)| *r == w);
        }
        if let Some(i) = wanted_best {
            done.retain(|((_, best), _)| *best == i);
        }
        done
    }
}

/// Keeps the first answer to a fact in `slot`; a different one later
/// sets `clash`.
fn once<T: PartialEq>(slot: &mut Option<T>, new: T, clash: &mut bool) {
    match slot {
        None => *slot = Some(new),
        Some(old) => *clash |= *old != new,
    }
}
