//! `pvs` counted over subtrees where its null windows change nothing
//! below the root: on trees of up to three plies, each node under a root
//! child a leaf, or a node of leaves of the other kind than that child.
//!
//! Below a root child `c`: a node of leaves looks only at the end of its
//! window it cuts on (β for MAX, α for MIN), and `pvs` scouts each child
//! of `c` after the first with a null window at exactly that end, then
//! searches it again with `c`'s own window, which that child cannot tell
//! apart from the null one. So `c`'s `pvs` run, with any window, is its
//! `alphabeta` run (fail-soft, cuts on equality) in everything counted
//! here: value, best child, pruned edges, values.
//!
//! At a MAX root (β = +∞, or the declared upper bound U) a later child
//! is scouted with `(α, α + δ)`. Fail-soft, the scout returns at most α
//! exactly when the child's value is at most α: then the scout counts,
//! its cuts and values with it. Otherwise it is searched again with
//! `(α, β)`, and the re-search counts — unless the scout returned β
//! itself (U), when there is no re-search and the scout counts. That
//! scout is the re-search, step for step: its nodes of leaves looking only
//! at α meet the same α; those looking at β cut at their first leaf past
//! α, which is U, where the re-search's (β = U, or the child's running
//! value, U) cut too; so the child's running value is U, and the windows
//! it hands down are the same, child after child. Both runs are
//! `alphabeta` runs of the child, and which one counts is decided by its
//! value: so its ways are the scout's returning at most α, then the
//! re-search's returning more (a MIN root mirrors this, at β). No value a
//! node returns lies strictly between α and α + δ (`pvs::null_delta`: δ
//! is 1 on integer trees, else the smallest gap between the numbers
//! written), so the scout's β is the next value above α in the table: its
//! index plus one.
//!
//! What a re-search enters twice (`visited`, `leaves`, the statistics) is
//! counted only with a `visited` item, on trees whose root children are
//! leaves or nodes of the other kind than the root (a child of the root's
//! own kind cuts its scout at its first leaf past α and may search on when
//! searched again). The visits say, for each later root child, whether it
//! is entered twice — searched again, its run returning strictly inside
//! the root's window, `α < v < β`, as `pvs` tests it — or once.
//!
//! A MIN child `c` of a MAX root searched again returned past α in its
//! scout, so the scout cut nowhere in `c` (a MIN node cuts once its running
//! value is `≤ α`): it entered every grandchild once, each in the null
//! window `(α, α + δ)`, where a grandchild of leaves (MAX) stops at its
//! first leaf past α and returns it; the visits say which leaf (`scout`),
//! and the leaves before it are at most α. Some grandchild's scout
//! returned strictly inside the window (else `c`'s scout returned β or
//! more and `c` is not searched again). The re-search is `c`'s own `pvs`
//! run in `(α, β)`: it cuts nowhere either (its value is past α, so is
//! every grandchild's), and scouts and searches again each later
//! grandchild as the visits say. So `c`'s ways, searched again, are a walk
//! over its grandchildren keeping its running value, best child and
//! whether a scout stop lay inside; each grandchild counted once with its
//! re-search window and its scout's stop (`Limit`).
//!
//! Entered once, `c`'s scout returned at most α (counted as in
//! `alphabeta` with `(α, α + δ)`), or β itself (the bound U): then every
//! grandchild's first leaf past α is U, where both the scout and the
//! search the window `(α, β)` makes stop, and the visits' stops are the
//! searched ones. A MIN root mirrors all this, at β.
//!
//! Below a root child a node of leaves searched again is one whose scout
//! did not cut: both enter every leaf.

use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

use super::moves::narrowed;
use super::{NONE, NodeId, Ring, Subtrees, Table, V, over_leaves};
use crate::check::expect::{Expect, Fact};
use crate::model::{Game, Path};
use crate::search::options::{CutRule, FailMode, Options, Order};

/// Whether block `e` of `pvs` on `game` is counted with the root's
/// scouts (the module doc says when).
pub(super) fn applies(game: &Game, e: &Expect) -> bool {
    let shape = game.root().children().iter().all(|c| {
        let kind = game.node(c.child).kind();
        game.node(c.child).children().iter().all(|g| {
            let node = game.node(g.child);
            node.is_leaf() || (node.kind() != kind && over_leaves(game, g.child))
        })
    });
    shape && (asks_what_no_research_changes(e) || asks_visits(game, e))
}

/// Whether `pvs` block `e` on `game` asks what a re-search enters twice
/// (`visited`, `visited-set`, `leaves`, the statistics of nodes, leaves,
/// cutoffs and re-searches), besides what [`asks_what_no_research_changes`]
/// takes, with a `visited` item saying which nodes are searched again and
/// where each of their scouts stops (the module doc), on trees whose root
/// children are leaves or nodes of the other kind than the root.
fn asks_visits(game: &Game, e: &Expect) -> bool {
    // A child of the root's own kind cuts its scout at its first leaf past
    // α and may search on when searched again: only the other kind.
    let root = game.root().kind();
    let shape = game.root().children().iter().all(|c| {
        let node = game.node(c.child);
        node.is_leaf() || node.kind() != root
    });
    let asks = |f: &Fact| match f {
        Fact::Visited(_) | Fact::VisitedSet(_) | Fact::Leaves(_) => true,
        Fact::Stats(pairs) => pairs.iter().all(|(st, _)| super::fixed_stat(*st, true)),
        _ => plain_fact(f),
    };
    let visited = e.items.iter().any(|i| matches!(i.fact, Fact::Visited(_)));
    shape && visited && plain(e) && e.items.iter().all(|i| asks(&i.fact))
}

/// Whether `pvs` block `e` takes no option but the order (written or
/// reverse) and whether bounds are ignored (ties going last among them;
/// `pvs` ignores the cut rule and the fail mode).
fn plain(e: &Expect) -> bool {
    let o = &e.options;
    let plain = Options { cuts: CutRule::default(), fail: FailMode::default(), ..o.clone() }
        == Options { order: o.order, ignore_bounds: o.ignore_bounds, ..Options::default() };
    plain && matches!(o.order, Order::Spec | Order::Reverse)
}

/// The facts no re-search changes: `value`, `best`, `pv`, `pruned`, `values`.
fn plain_fact(f: &Fact) -> bool {
    matches!(f, Fact::Value(_) | Fact::Best(_) | Fact::Pv(_) | Fact::Pruned(_) | Fact::Values(_))
}

/// Whether `pvs` block `e` asks only what no re-search enters twice
/// (`value`, `best`, `pv`, `pruned`, `values`), in the written or reverse
/// order, declared bounds in use or not, and no other option (ties going
/// last among them; `pvs` ignores the cut rule and the fail mode).
pub(in crate::check::puzzle) fn asks_what_no_research_changes(e: &Expect) -> bool {
    plain(e) && e.items.iter().all(|i| plain_fact(&i.fact))
}

impl<R: Ring> Subtrees<'_, R> {
    /// Root child `id`, searched after the first, in the root's window
    /// `(a, b)` (`b` is +∞ or the upper bound at a MAX root, `a` −∞ or
    /// the lower bound at a MIN one): its ways by
    /// the value it returns, from the run that counts. Where a `visited`
    /// item says whether it is searched again, only the values that make
    /// it so.
    pub(super) fn scouted(&mut self, id: NodeId, maximizing: bool, (a, b): (V, V)) -> Table<R::W> {
        // The same for every state of the root entering `id` with `(a, b)`.
        if let Some(t) = self.scouted.get(&(id, a, b)) {
            return t.clone();
        }
        let t = self.scouted_afresh(id, maximizing, (a, b));
        self.scouted.insert((id, a, b), t.clone());
        t
    }

    /// [`Subtrees::scouted`], worked out.
    fn scouted_afresh(&mut self, id: NodeId, maximizing: bool, (a, b): (V, V)) -> Table<R::W> {
        if self.game.node(id).is_leaf() {
            return self.table(id, a, b); // a leaf is never searched again
        }
        // Said only by a `visited` item (`follow_visits`).
        if let Some(again) = self.researched[id.index()] {
            return self.scouted_with_visits(id, maximizing, (a, b), again);
        }
        let (low, high) = if maximizing {
            (self.table(id, a, a + 1), self.table(id, a, b))
        } else {
            (self.table(id, a, b), self.table(id, b - 1, b))
        };
        // Values up to α (MAX) or below β (MIN) from the first, the rest from the second.
        let split = if maximizing { a + 1 } else { b };
        let low = low.iter().take_while(|(r, _)| *r < split);
        let high = high.iter().skip_while(|(r, _)| *r < split);
        Rc::new(low.chain(high).cloned().collect())
    }

    /// Reads the `pvs` run that enters exactly the nodes of `visited`,
    /// in order: for each node, where the run that counts stops (which
    /// must be `searched`), which later children are searched again, and
    /// for a root child searched again, where its scout's grandchildren
    /// stop (`scout`); the visits and the cuts that count (`entered`).
    /// False when no run enters exactly those.
    pub(super) fn follow_visits(&mut self, visited: &[Path]) -> bool {
        let (mut at, mut entered) = (0, Vec::with_capacity(visited.len()));
        let Some(root) = self.entry(NodeId::ROOT, Path::root(), visited, &mut at, &mut entered) else { return false };
        let mut read = Read {
            searched: self.game.ids().map(|id| self.game.node(id).children().len() as u32).collect(),
            researched: vec![None; self.game.len()],
            scout: vec![None; self.game.len()],
            cutoffs: 0,
        };
        if at != visited.len() || !self.read(NodeId::ROOT, &root, true, &mut read) {
            return false;
        }
        if self.searched.as_ref() != Some(&read.searched) {
            return false;
        }
        self.entered = Some((entered, read.cutoffs));
        (self.researched, self.scout) = (read.researched, read.scout);
        true
    }

    /// Node `id`'s entry at `visited[*at]` (which must be `path`), and
    /// those of its children after it, as far as they go in search order.
    fn entry(
        &self,
        id: NodeId,
        path: Path,
        visited: &[Path],
        at: &mut usize,
        entered: &mut Vec<(NodeId, Path)>,
    ) -> Option<Entry> {
        if visited.get(*at) != Some(&path) {
            return None;
        }
        *at += 1;
        entered.push((id, path.clone()));
        let mut children = Vec::new();
        for i in self.order(id) {
            let child = (self.game.node(id).child(i as usize), path.child(i));
            let mut entries = Vec::new();
            while visited.get(*at) == Some(&child.1) && entries.len() < 3 {
                entries.push(self.entry(child.0, child.1.clone(), visited, at, entered)?);
            }
            if entries.is_empty() {
                break;
            }
            children.push(entries);
        }
        Some(Entry { children })
    }

    /// Reads `entry` of node `id` in a search whose answers count into
    /// `read`; `first_ply`: `id` is the root, whose children's scouts are
    /// read too. False where no `pvs` run enters so.
    fn read(&self, id: NodeId, entry: &Entry, first_ply: bool, read: &mut Read) -> bool {
        let order = self.order(id);
        read.searched[id.index()] = entry.children.len() as u32;
        read.cutoffs += usize::from(entry.children.len() < order.len());
        for (k, entries) in entry.children.iter().enumerate() {
            let child = self.game.node(id).child(order[k] as usize);
            let inner = !self.game.node(child).is_leaf();
            match entries.as_slice() {
                [once] => {
                    if k > 0 && inner {
                        read.researched[child.index()] = Some(false);
                    }
                    if !self.read(child, once, false, read) {
                        return false;
                    }
                }
                // A later inner child's scout, superseded by its re-search.
                [scout, again] if k > 0 && inner => {
                    read.researched[child.index()] = Some(true);
                    let all = self.game.node(child).children().len();
                    let grandchildren = self.order(child).into_iter().map(|i| self.game.node(child).child(i as usize));
                    if first_ply {
                        // A root child searched again did not cut in its
                        // scout (it returned past α), and nothing in a
                        // null window is searched again.
                        if scout.children.len() != all || !scout.single() {
                            return false;
                        }
                        for (g, e) in grandchildren.zip(&scout.children) {
                            if !self.game.node(g).is_leaf() {
                                read.scout[g.index()] = Some(e[0].children.len() as u32);
                            }
                        }
                    } else if scout.children.len() != again.children.len() || !scout.single() {
                        // Below, a node of leaves searched again is one
                        // whose scout did not cut: both enter every leaf.
                        return false;
                    }
                    if !self.read(child, again, false, read) {
                        return false;
                    }
                }
                _ => return false,
            }
        }
        true
    }

    /// Root child `id` (of the other kind than the root, or a node of
    /// leaves) after the first, whose visits say whether it is searched
    /// again (`again`): its ways by the value of the run that counts.
    fn scouted_with_visits(&mut self, id: NodeId, maximizing: bool, (a, b): (V, V), again: bool) -> Table<R::W> {
        if again {
            return self.searched_again(id, maximizing, (a, b), true);
        }
        // Entered once: its scout returned α or less (MAX root; β or more
        // at a MIN one), or the bound past the other end, where the scout
        // is the search the window `(a, b)` makes only if it met the bound
        // at each grandchild's first leaf past α (below β).
        let scout = if maximizing { self.table(id, a, a + 1) } else { self.table(id, b - 1, b) };
        let beyond = self.searched_again(id, maximizing, (a, b), false);
        let within = |r: V| if maximizing { r <= a } else { r >= b };
        let mut t: Vec<(V, R::W)> = scout.iter().filter(|(r, _)| within(*r)).cloned().collect();
        t.extend(beyond.iter().cloned());
        t.sort_by_key(|(r, _)| *r);
        Rc::new(t)
    }

    /// Root child `id` (of the other kind than the root) in the root's
    /// window `(a, b)`, after its scout returned past α (`maximizing`: the
    /// root is MAX; below β at a MIN root) — strictly inside the window
    /// and searched again (`again`), or at or past the other end, the
    /// bound, and not: its ways by the value the run that counts returns
    /// (the module doc). It cuts in neither search. Searched again, each
    /// grandchild's scout stops where `scout` says, at its first leaf past
    /// α, and returns that leaf, and the re-search searches a later
    /// grandchild again where `researched` says; not, each grandchild's
    /// first leaf past α is at the bound, where both searches stop.
    fn searched_again(&mut self, id: NodeId, maximizing: bool, (a, b): (V, V), again: bool) -> Table<R::W> {
        let order = self.order(id);
        if self.searched.as_ref().is_some_and(|s| s[id.index()] as usize != order.len()) {
            return Rc::new(Vec::new());
        }
        let beyond = |r: V| if maximizing { r >= b } else { r <= a };
        let child_max = !maximizing;
        let tracks_best = self.best[id.index()].is_some();
        let top = (self.values.len() - 1) as V;
        // (running value, best child, whether some scout returned inside
        // the window) → ways.
        let start = if child_max { 0 } else { top };
        let mut states: BTreeMap<(V, u32, bool), R::W> = BTreeMap::new();
        states.insert((start, NONE, false), self.ring.one());
        for (j, &i) in order.iter().enumerate() {
            let g = self.game.node(id).child(i as usize);
            let mut parts: HashMap<(V, V), Parts<R::W>> = HashMap::new();
            let mut next: BTreeMap<(V, u32, bool), R::W> = BTreeMap::new();
            for ((v, best, any), ways) in std::mem::take(&mut states) {
                let (ga, gb) = narrowed(child_max, v, (a, b));
                let part =
                    parts.entry((ga, gb)).or_insert_with(|| self.scout_parts(g, (ga, gb), (a, b), maximizing, again));
                for (r, scout_inside, w) in part.iter() {
                    // Every grandchild is past α (MAX root) or below β:
                    // the scout returned so.
                    if (maximizing && *r <= a) || (!maximizing && *r >= b) || (!again && !beyond(*r)) {
                        continue;
                    }
                    if let Some(again) = self.researched[g.index()].filter(|_| j > 0)
                        && (ga < *r && *r < gb) != again
                    {
                        continue;
                    }
                    let better = if child_max { *r > v } else { *r < v };
                    let (v, best) = if better { (*r, if tracks_best { i } else { NONE }) } else { (v, best) };
                    let into = next.entry((v, best, any || *scout_inside)).or_insert_with(|| self.ring.zero());
                    self.ring.add(into, &self.ring.mul(&ways, w));
                }
            }
            self.spent += next.len() as u64 + 1;
            states = next;
        }
        let mut by: BTreeMap<V, R::W> = BTreeMap::new();
        for ((v, best, any), w) in states {
            let wanted = self.wanted[id.index()].is_none_or(|x| x == v);
            let best = self.best[id.index()].is_none_or(|x| x == best);
            if any == again && wanted && best {
                self.ring.add(by.entry(v).or_insert_with(|| self.ring.zero()), &w);
            }
        }
        Rc::new(by.into_iter().collect())
    }

    /// Grandchild `g` entered with `(ga, gb)` in a root child's search
    /// in the root's window `(a, b)` ([`Subtrees::searched_again`]): its
    /// ways by the value it returns, and whether its scout returned
    /// strictly inside `(a, b)` (a leaf's scout is its value; a node's,
    /// the leaf it stopped at) — only not, unless the child is searched
    /// `again`.
    fn scout_parts(
        &mut self,
        g: NodeId,
        (ga, gb): (V, V),
        (a, b): (V, V),
        maximizing: bool,
        again: bool,
    ) -> Parts<R::W> {
        let inside = |x: V| a < x && x < b;
        if self.game.node(g).is_leaf() {
            return self.table(g, ga, gb).iter().map(|(r, w)| (*r, inside(*r), w.clone())).collect();
        }
        let stop = match again {
            true => self.scout[g.index()],
            false => self.searched.as_ref().map(|s| s[g.index()]),
        };
        let Some(stop) = stop else { return Vec::new() };
        let mut out = Vec::new();
        for within in [true, false].into_iter().filter(|w| again || !w) {
            self.limit = Some(Limit { node: g, stop, window: (a, b), inside: within, maximizing });
            let ways = self.node(g, ga, gb, false);
            self.limit = None;
            let mut by: BTreeMap<V, R::W> = BTreeMap::new();
            for ((r, _), w) in ways {
                self.ring.add(by.entry(r).or_insert_with(|| self.ring.zero()), &w);
            }
            out.extend(by.into_iter().map(|(r, w)| (r, within, w)));
        }
        out
    }
}

/// A grandchild's ways by the value it returns, each with whether its
/// scout returned strictly inside the root's window.
type Parts<W> = Vec<(V, bool, W)>;

/// One entry of a node in a run's visits: the entries of its children
/// searched, in search order (two where a child is searched again).
struct Entry {
    children: Vec<Vec<Entry>>,
}

impl Entry {
    /// Whether nothing under it is entered twice.
    fn single(&self) -> bool {
        self.children.iter().all(|e| matches!(e.as_slice(), [one] if one.single()))
    }
}

/// What [`Subtrees::follow_visits`] reads off a run's visits.
struct Read {
    searched: Vec<u32>,
    researched: Vec<Option<bool>>,
    scout: Vec<Option<u32>>,
    cutoffs: usize,
}

/// What a root child's scout says of one grandchild's leaves (`node`):
/// it stopped at its `stop`-th leaf in search order, the first past α
/// (`maximizing`: under a MAX root) or below β of the root's `window`;
/// that leaf lies strictly inside the window (`inside`) or beyond it
/// (at or past β, at or below α).
#[derive(Clone, Copy)]
pub(in crate::check::puzzle) struct Limit {
    pub node: NodeId,
    stop: u32,
    window: (V, V),
    inside: bool,
    maximizing: bool,
}

impl Limit {
    /// What the `j`-th leaf in search order may be.
    fn keep(&self, j: usize) -> Keep {
        let (a, b) = self.window;
        let stop = self.stop as usize;
        match (j + 1).cmp(&stop) {
            std::cmp::Ordering::Less if self.maximizing => Keep::AtMost(a),
            std::cmp::Ordering::Less => Keep::AtLeast(b),
            std::cmp::Ordering::Equal => match (self.inside, self.maximizing) {
                (true, _) => Keep::Inside(a, b),
                (false, true) => Keep::AtLeast(b),
                (false, false) => Keep::AtMost(a),
            },
            std::cmp::Ordering::Greater => Keep::All,
        }
    }
}

/// The values a leaf under a [`Limit`] may take.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Keep {
    AtMost(V),
    AtLeast(V),
    /// Strictly between.
    Inside(V, V),
    All,
}

impl Keep {
    fn holds(self, r: V) -> bool {
        match self {
            Keep::AtMost(a) => r <= a,
            Keep::AtLeast(b) => r >= b,
            Keep::Inside(a, b) => a < r && r < b,
            Keep::All => true,
        }
    }
}

impl<R: Ring> Subtrees<'_, R> {
    /// Leaf `child`'s `table`, the `j`-th in search order under `limit`,
    /// cut to what `limit` lets it be (kept until an unknown changes).
    pub(super) fn limited(&mut self, child: NodeId, limit: &Limit, table: Table<R::W>, j: usize) -> Table<R::W> {
        let keep = limit.keep(j);
        if keep == Keep::All {
            return table;
        }
        let cut = self.limited.entry((child, keep));
        cut.or_insert_with(|| Rc::new(table.iter().filter(|(r, _)| keep.holds(*r)).cloned().collect())).clone()
    }
}
