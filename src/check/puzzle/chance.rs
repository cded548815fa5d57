//! Puzzles on `expectiminimax` (and `minimax` and `negamax`, the same
//! answers on MAX/MIN trees) over a range or a multiset, by dynamic programming over
//! subtrees: for each node, the ways to fill its subtree's unknowns by the
//! value the node gets (plain counts over a range; over a multiset
//! `multiset.rs`'s polynomials in the values used, whose coefficient of
//! the whole multiset at the root counts the orderings).
//!
//! Nothing is pruned, so every node is searched whatever the values, and
//! separate subtrees (no `&` edge) have separate unknowns: a node's table
//! is read off its children's alone.
//!
//! - a CHANCE node's values are the running sums `v + p·c` in search order,
//!   the very sums the search makes (exact rationals; a sum that is not
//!   exact gives up), each with the product of its children's ways;
//! - a MAX (MIN) node has value `v` in `Π (L + E) − Π L` ways, `L` a
//!   child's ways below (above) `v`, `E` its ways at `v` (over a multiset,
//!   where nothing subtracts, summed over which child is the first at
//!   `v`: those before it below, those after it up to `v`); where the answer
//!   names the child that gives the value (`best`, `pv`), each child is
//!   held below `v` (searched before it, under ties first), at `v` (it),
//!   or anywhere up to `v`, and the ways are `Π` of those;
//! - `value` and `values N=v` keep a node's ways at `v` only.
//!
//! It applies to `expectiminimax`, `minimax` and `negamax` blocks (any number, each
//! with its own order and tie rule) asking
//! `value`, `values`, `best`, `pv`, and the facts no value changes here
//! (`visited`, `visited-set`, the counts of nodes, leaves and cutoffs),
//! with the written or reversed order and no depth cutoff. Solutions are
//! listed smallest first, one unknown at a time: the smallest value that
//! leaves the count above zero, found by halving the values left
//! (`chance/list.rs`), only the tables on its path counted again. Where
//! the answer gives a MAX/MIN node's value, a CHANCE child's ways below
//! and at it are read off its last sum, without its table
//! (`chance/around.rs`).
//!
//! Invariant: the count is the number of assignments that pass the
//! blocks, as `expect::check` judges them; `tests/chance_puzzle_laws.rs`
//! compares it with enumeration.

use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

use crate::check::expect::{Expect, Fact, Stat};
use crate::check::puzzle::count::Count;
use crate::check::puzzle::subtrees::{Plain, V};
use crate::model::{Game, NodeId, NodeKind, Path, Utility};
use crate::num::Num;
use crate::search::Algorithm;
use crate::search::options::{Options, Order, Ties};

mod around;
mod list;
mod tables;
pub(super) use tables::Tally;
use tables::at_value;

/// The most work (value pairs met, or cells of a sliding sum) a count and
/// its listing take on together, a few seconds; past it, enumeration
/// answers.
const MAX_WORK: u64 = 1_000_000_000;

/// The most values one node may take; past it, enumeration answers.
const MAX_STATES: usize = 1 << 18;

/// A node's table: each value it may get, ascending, with its ways (never
/// zero).
type Table<W> = Rc<Vec<(Num, W)>>;

/// What the answer says of one child of a MAX/MIN node, for the value `v`
/// the node gets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Held {
    /// Anything up to `v` (MAX; from `v` up for MIN).
    Any,
    /// Strictly worse than `v` for the node's player.
    Worse,
    /// Exactly `v`.
    At,
}

impl<R: Tally> super::Counted for Chance<'_, R> {
    fn count_all(&mut self) -> Option<Count> {
        let count = self.total();
        count.filter(|_| !self.ring.gave_up())
    }

    /// Smallest first, one unknown at a time.
    fn list_first(&mut self, max: usize) -> Option<Vec<Vec<Num>>> {
        self.ring.renew();
        let mut out = Vec::new();
        if max > 0 && !self.total()?.is_zero() {
            self.descend(0, max, &mut out)?;
        }
        (!self.ring.gave_up()).then_some(out)
    }

    fn counts_run(&self) -> u64 {
        self.tried
    }
}

/// A listing trying one unknown's values: the CHANCE and MAX/MIN nodes
/// above its leaf (each with the written index of the child toward it),
/// and, by node index, the sums of each CHANCE node's other children.
struct Level<W> {
    path: Vec<(NodeId, u32)>,
    others: HashMap<usize, Table<W>>,
}

/// The puzzle's fixed parts and the tables counted so far.
pub(super) struct Chance<'g, R: Tally = Plain> {
    game: &'g Game,
    ring: R,
    /// For each node (by index), which unknown it is, if one.
    slots: Vec<Option<usize>>,
    /// The unknowns' leaves, in order.
    leaves: Vec<NodeId>,
    /// Each node's parent (the root's is itself).
    parents: Vec<NodeId>,
    /// Each node's value as the answer gives it.
    want: Vec<Option<Num>>,
    /// At MAX/MIN nodes the answer names a best child of: each child's
    /// [`Held`], by written index.
    held: Vec<Option<Vec<Held>>>,
    /// No assignment passes (two answers clash, or a fixed fact fails).
    impossible: bool,
    /// The values an unknown may take, increasing (`V` indexes them).
    domain: Vec<Num>,
    /// The unknowns given a value so far while listing.
    fixed: Vec<Option<V>>,
    /// While a listing looks for an unknown's next value: that unknown,
    /// held within `lo..=hi`.
    span: Option<(usize, V, V)>,
    tables: Vec<Option<Table<R::W>>>,
    /// A child's ways below and at the value the answer gives its parent
    /// (by node index), while its table stands.
    around: Vec<Option<(R::W, R::W)>>,
    /// While listing, one per unknown being tried, outermost first.
    levels: Vec<Level<R::W>>,
    work: u64,
    tried: u64,
}

impl<'g> Chance<'g> {
    /// The plan for `blocks` on `game` (its unknowns `?`) over `lo..=hi`, or
    /// `None` where it does not apply. `filled` is the game with every
    /// unknown given some value, to check the facts no value changes.
    pub fn new(
        game: &'g Game,
        filled: &Game,
        unknowns: &[NodeId],
        blocks: &[Expect],
        (lo, hi): (i64, i64),
    ) -> Option<Chance<'g>> {
        let width = i128::from(hi) - i128::from(lo) + 1;
        if hi < lo || width > MAX_STATES as i128 {
            return None;
        }
        Chance::with_ring(game, filled, unknowns, blocks, (lo..=hi).map(Num::int).collect(), Plain)
    }
}

impl<'g, R: Tally> Chance<'g, R> {
    /// [`Chance::new`] with every unknown over `domain` (increasing,
    /// distinct), the ways counted in `ring`.
    pub fn with_ring(
        game: &'g Game,
        filled: &Game,
        unknowns: &[NodeId],
        blocks: &[Expect],
        domain: Vec<Num>,
        mut ring: R,
    ) -> Option<Chance<'g, R>> {
        // `negamax` reports values from MAX's view, and picks the first
        // child at its value as `minimax` does.
        let searches = |a| matches!(a, Algorithm::Expectiminimax | Algorithm::Minimax | Algorithm::Negamax);
        let applies = |e: &Expect| searches(e.algorithm) && plain(&e.options);
        if blocks.is_empty() || !blocks.iter().all(applies) {
            return None;
        }
        if domain.is_empty() {
            return None;
        }
        ring.bind(&domain);
        let root_kind = game.root().kind();
        if root_kind == NodeKind::Leaf || game.has_transpositions() || game.is_multiplayer() {
            return None;
        }
        let n = game.len();
        let mut plan = Chance {
            game,
            ring,
            slots: vec![None; n],
            leaves: unknowns.to_vec(),
            parents: super::subtrees::parents(game),
            want: vec![None; n],
            held: vec![None; n],
            impossible: false,
            domain,
            fixed: vec![None; unknowns.len()],
            span: None,
            tables: vec![None; n],
            around: vec![None; n],
            levels: Vec::new(),
            work: 0,
            tried: 0,
        };
        for (k, id) in unknowns.iter().enumerate() {
            plan.slots[id.index()] = Some(k);
        }
        for e in blocks {
            let reverse = e.options.order == Order::Reverse;
            let mut still = Vec::new();
            for item in &e.items {
                match &item.fact {
                    Fact::Value(v) => plan.hold_value(NodeId::ROOT, v.scalar()?),
                    Fact::Values(pairs) => {
                        for (path, v) in pairs {
                            match plan.at(path) {
                                Some(id) => plan.hold_value(id, v.scalar()?),
                                None => plan.impossible = true,
                            }
                        }
                    }
                    Fact::Best(moves) => plan.hold_best(moves, e.options.ties, reverse),
                    Fact::Pv(paths) => plan.hold_pv(paths, e.options.ties, reverse),
                    Fact::Visited(_) | Fact::VisitedSet(_) => still.push(item.clone()),
                    Fact::Stats(pairs) if pairs.iter().all(|(s, _)| STILL.contains(s)) => still.push(item.clone()),
                    _ => return None,
                }
            }
            if !still.is_empty() {
                let e = Expect { items: still, ..e.clone() };
                plan.impossible |= super::first_failure(filled, &e).is_some();
            }
        }
        Some(plan)
    }

    fn total(&mut self) -> Option<Count> {
        self.tried += 1;
        if self.impossible {
            return Some(Count::ZERO);
        }
        let table = self.table(NodeId::ROOT)?;
        Some(table.iter().fold(Count::ZERO, |sum, (_, w)| sum + &self.ring.total(w)))
    }

    /// The node's table, counted once until a value below it changes.
    fn table(&mut self, id: NodeId) -> Option<Table<R::W>> {
        if let Some(t) = &self.tables[id.index()] {
            return Some(t.clone());
        }
        let node = self.game.node(id);
        let mut rows: Vec<(Num, R::W)> = match node.kind() {
            NodeKind::Leaf => match (self.slots[id.index()], node.utility()) {
                (Some(k), _) => {
                    let (lo, hi) = match (self.fixed[k], self.span) {
                        (Some(v), _) => (v, v),
                        (None, Some((at, lo, hi))) if at == k => (lo, hi),
                        (None, _) => (0, self.domain.len() as V - 1),
                    };
                    (lo..=hi).map(|v| (self.domain[v as usize], self.ring.leaf(v))).collect()
                }
                (None, Utility::Scalar(v)) => vec![(v, self.ring.one())],
                _ => return None,
            },
            NodeKind::Chance => self.average(id)?,
            NodeKind::Max | NodeKind::Min => self.extreme(id, node.kind() == NodeKind::Min)?,
            NodeKind::Player(_) => return None,
        };
        if let Some(w) = self.want[id.index()] {
            rows.retain(|(v, _)| *v == w);
        }
        let t = Rc::new(rows);
        self.tables[id.index()] = Some(t.clone());
        Some(t)
    }

    /// The written indices of `id`'s children, in search order (written,
    /// or reversed). The counts take them as written: each child is held
    /// by its written index, and sums of exact rationals and products do
    /// not depend on their order.
    fn searched(&self, id: NodeId, reverse: bool) -> Vec<u32> {
        let n = self.game.node(id).children().len() as u32;
        match reverse {
            true => (0..n).rev().collect(),
            false => (0..n).collect(),
        }
    }

    fn child(&self, id: NodeId, i: u32) -> NodeId {
        self.game.node(id).children()[i as usize].child
    }

    /// A CHANCE node: the running sums in search order.
    fn average(&mut self, id: NodeId) -> Option<Vec<(Num, R::W)>> {
        let Some(j) = self.scanned(id) else { return self.sums(id, None) };
        let others = self.others(id, j)?;
        let terms = self.terms(id, j)?;
        let rows = self.ring.convolve(&others, &terms, &mut self.work)?;
        self.spend(0)?;
        Some(rows)
    }

    /// The child of CHANCE node `id` toward the unknown a listing is
    /// trying values of, if that unknown lies below `id`.
    fn scanned(&self, id: NodeId) -> Option<u32> {
        self.levels.last()?.path.iter().find(|(a, _)| *a == id).map(|&(_, j)| j)
    }

    /// The sums of CHANCE node `id`'s children but child `j`. While a
    /// listing tries the values of one unknown, the sums of the other
    /// children of each CHANCE node above it stay the same: kept.
    fn others(&mut self, id: NodeId, j: u32) -> Option<Table<R::W>> {
        if self.scanned(id) != Some(j) {
            return Some(Rc::new(self.sums(id, Some(j))?));
        }
        if let Some(t) = self.levels.last().and_then(|l| l.others.get(&id.index())) {
            return Some(t.clone());
        }
        let t = Rc::new(self.sums(id, Some(j))?);
        self.levels.last_mut()?.others.insert(id.index(), t.clone());
        Some(t)
    }

    /// The running sums of a CHANCE node's children (but child `skip`).
    fn sums(&mut self, id: NodeId, skip: Option<u32>) -> Option<Vec<(Num, R::W)>> {
        let mut sums: Vec<(Num, R::W)> = vec![(Num::ZERO, self.ring.one())];
        for i in self.searched(id, false).into_iter().filter(|&i| Some(i) != skip) {
            let terms = self.terms(id, i)?;
            sums = self.ring.convolve(&sums, &terms, &mut self.work)?;
            self.spend(0)?;
            if sums.len() > MAX_STATES {
                return None;
            }
        }
        Some(sums)
    }

    /// Child `i`'s values weighted by its probability (`p·c`, as the
    /// search makes it), with their ways.
    fn terms(&mut self, id: NodeId, i: u32) -> Option<Vec<(Num, R::W)>> {
        let p = self.game.prob(id, i as usize);
        let child = self.table(self.child(id, i))?;
        Some(child.iter().map(|(c, w)| (p * *c, w.clone())).collect())
    }

    /// A MAX (MIN) node: for each value, the ways it is the best child's.
    fn extreme(&mut self, id: NodeId, min: bool) -> Option<Vec<(Num, R::W)>> {
        let order = self.searched(id, false);
        let held: Vec<Held> = match &self.held[id.index()] {
            Some(h) => order.iter().map(|&i| h[i as usize]).collect(),
            None => vec![Held::Any; order.len()],
        };
        if let Some(w) = self.want[id.index()] {
            return self.only_at(id, &order, &held, w, min);
        }
        let mut tables = Vec::with_capacity(order.len());
        for &i in &order {
            tables.push(self.table(self.child(id, i))?);
        }
        // Every value a child may take, worst first for the node's player
        // (the tables merged: each is ascending).
        let mut heads = vec![0usize; tables.len()];
        let mut values: Vec<Num> = Vec::new();
        loop {
            let least = tables.iter().zip(&heads).filter_map(|(t, &h)| t.get(h).map(|r| r.0)).min();
            let Some(v) = least else { break };
            for (t, h) in tables.iter().zip(heads.iter_mut()) {
                if t.get(*h).is_some_and(|r| r.0 == v) {
                    *h += 1;
                }
            }
            values.push(v);
        }
        if min {
            values.reverse();
        }
        self.spend((values.len() * tables.len()) as u64)?;
        Some(self.ring.extreme(&tables, &values, &held, min))
    }

    /// [`Chance::extreme`] when the answer gives the node's value `w`:
    /// only that row, from each child's ways below and at `w` (kept per
    /// child until its table changes: a listing changes one at a time).
    /// A CHANCE child's two counts are read off its last sum without its
    /// table ([`Chance::around_chance`]).
    fn only_at(&mut self, id: NodeId, order: &[u32], held: &[Held], w: Num, min: bool) -> Option<Vec<(Num, R::W)>> {
        let mut parts = Vec::with_capacity(order.len());
        for &i in order {
            let child = self.child(id, i);
            if self.around[child.index()].is_none() {
                let plain_chance =
                    self.game.node(child).kind() == NodeKind::Chance && self.want[child.index()].is_none();
                let around = match plain_chance {
                    true => self.around_chance(child, w, min)?,
                    false => {
                        let t = self.table(child)?;
                        around_table(&self.ring, &t, w, min)
                    }
                };
                self.around[child.index()] = Some(around);
            }
            parts.push(self.around[child.index()].clone().expect("just kept"));
        }
        let ways = at_value(&self.ring, &parts, held);
        Some(if self.ring.is_nothing(&ways) { vec![] } else { vec![(w, ways)] })
    }

    fn spend(&mut self, steps: u64) -> Option<()> {
        self.work += steps;
        (self.work <= MAX_WORK).then_some(())
    }

    /// The node at `path`, if the tree has one.
    fn at(&self, path: &Path) -> Option<NodeId> {
        let mut id = NodeId::ROOT;
        for &i in &path.0 {
            id = self.game.node(id).children().get(i as usize)?.child;
        }
        Some(id)
    }

    fn hold_value(&mut self, id: NodeId, v: Num) {
        match self.want[id.index()] {
            Some(w) if w != v => self.impossible = true,
            _ => self.want[id.index()] = Some(v),
        }
    }

    /// Holds each child of `id` as `held` says (by search position).
    fn hold(&mut self, id: NodeId, reverse: bool, held: impl Fn(usize) -> Held) {
        let order = self.searched(id, reverse);
        let mut by_index = self.held[id.index()].take().unwrap_or_else(|| vec![Held::Any; order.len()]);
        for (pos, &i) in order.iter().enumerate() {
            let slot = &mut by_index[i as usize];
            match both(*slot, held(pos)) {
                Some(h) => *slot = h,
                None => self.impossible = true,
            }
        }
        self.held[id.index()] = Some(by_index);
    }

    /// `id`'s best child is its child `i` (written index): the first at
    /// the node's value in search order, or the last.
    fn hold_best_child(&mut self, id: NodeId, i: u32, last: bool, reverse: bool) {
        let Some(pos) = self.searched(id, reverse).iter().position(|&c| c == i) else {
            self.impossible = true;
            return;
        };
        self.hold(id, reverse, |p| around_best(p, pos, last));
    }

    /// `best`: the root's best moves under the tie rule, as a set.
    fn hold_best(&mut self, moves: &[Path], ties: Ties, reverse: bool) {
        let root = self.game.root();
        if !matches!(root.kind(), NodeKind::Max | NodeKind::Min) {
            // A CHANCE root has no best move: only no move passes, and
            // `best` always names one.
            self.impossible |= !(moves.is_empty() && root.kind() == NodeKind::Chance);
            return;
        }
        match best_holds(moves, ties, &self.searched(NodeId::ROOT, reverse)) {
            Some(held) => self.hold(NodeId::ROOT, reverse, |p| held[p]),
            None => self.impossible = true,
        }
    }

    /// `pv`: from the root, the best move under the tie rule, then each
    /// MAX/MIN node's first child at its value, to a leaf or a CHANCE node.
    fn hold_pv(&mut self, paths: &[Path], ties: Ties, reverse: bool) {
        let mut id = NodeId::ROOT;
        for depth in 0.. {
            let kind = self.game.node(id).kind();
            if !matches!(kind, NodeKind::Max | NodeKind::Min) {
                self.impossible |= paths.len() != depth;
                return;
            }
            let Some(step) = paths.get(depth) else {
                self.impossible = true;
                return;
            };
            let n = self.game.node(id).children().len() as u32;
            let i = match step.0.split_last() {
                Some((&i, above))
                    if step.depth() == depth + 1 && i < n && self.at(&Path(above.to_vec())) == Some(id) =>
                {
                    i
                }
                _ => {
                    self.impossible = true;
                    return;
                }
            };
            self.hold_best_child(id, i, depth == 0 && ties == Ties::Last, reverse);
            id = self.child(id, i);
        }
    }
}

/// The statistics no value changes when nothing is pruned.
const STILL: [Stat; 3] = [Stat::NodesVisited, Stat::LeavesEvaluated, Stat::Cutoffs];

/// What a MAX/MIN root's best moves `moves` under `ties` ask of its
/// children, by position in the search `order` (their written indices),
/// or `None` where no assignment gives them: a move that is not one of
/// the root's, or not exactly one move under a rule that names one.
pub(super) fn best_holds(moves: &[Path], ties: Ties, order: &[u32]) -> Option<Vec<Held>> {
    let n = order.len() as u32;
    let firsts: BTreeSet<u32> =
        moves.iter().map(|p| p.0.first().copied().filter(|&i| p.depth() == 1 && i < n)).collect::<Option<_>>()?;
    let firsts: Vec<u32> = firsts.into_iter().collect();
    match (ties, firsts.as_slice()) {
        (Ties::First | Ties::Last, [i]) => {
            let pos = order.iter().position(|c| c == i)?;
            Some((0..order.len()).map(|p| around_best(p, pos, ties == Ties::Last)).collect())
        }
        (Ties::All, [_, ..]) => {
            Some(order.iter().map(|c| if firsts.contains(c) { Held::At } else { Held::Worse }).collect())
        }
        _ => None,
    }
}

/// A table's ways worse than `w` for its parent (below it, or above it
/// under a MIN node) and at `w`.
fn around_table<R: Tally>(ring: &R, table: &[(Num, R::W)], w: Num, min: bool) -> (R::W, R::W) {
    let mut below = ring.zero();
    for (_, n) in table.iter().filter(|(x, _)| if min { *x > w } else { *x < w }) {
        ring.add(&mut below, n);
    }
    let at = table.iter().find(|(x, _)| *x == w).map_or_else(|| ring.zero(), |(_, n)| n.clone());
    (below, at)
}

/// What the best child at search position `pos` asks of the child at
/// position `p`: the first at the node's value in search order (those
/// before it worse), or with `last` the last (those after it worse).
fn around_best(p: usize, pos: usize, last: bool) -> Held {
    match p.cmp(&pos) {
        std::cmp::Ordering::Equal => Held::At,
        std::cmp::Ordering::Less if !last => Held::Worse,
        std::cmp::Ordering::Greater if last => Held::Worse,
        _ => Held::Any,
    }
}

/// Two answers' demands on one child at once, or `None` where they clash.
pub(super) fn both(a: Held, b: Held) -> Option<Held> {
    match (a, b) {
        (Held::Any, h) | (h, Held::Any) => Some(h),
        (a, b) if a == b => Some(a),
        _ => None,
    }
}

/// Options under which the search is the plain recursion: every child in
/// written (or reversed) order, every leaf its utility.
pub(super) fn plain(o: &Options) -> bool {
    matches!(o.order, Order::Spec | Order::Reverse)
        && o.depth.is_none()
        && !o.quiescence
        && o.beam.is_none()
        && o.singular.is_none()
}
