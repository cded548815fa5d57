//! `mtdf` puzzles counted over subtrees, pass by pass.
//!
//! MTD(f) (`search/mtdf.rs`) runs null-window `negamax-tt` passes whose
//! table lives across them. On an integer tree with no shared position
//! and an unlimited table three facts make its run countable node by node:
//!
//! 1. Every node entered in a pass sees that pass's window `(γ − 1, γ)` (in
//!    MAX's view): a null window cannot narrow, a child's value below γ at
//!    a MAX node is at most γ − 1 = α, so α never moves without a cut.
//! 2. So what a node does in a pass depends only on γ and on what its
//!    subtree's table entries hold, which only its own earlier entries
//!    wrote: a node's part in the whole run is a function of its leaves
//!    and the thresholds `γ` of the passes that enter it, in order.
//! 3. The table entry a pass leaves is the value and `Lower` (value ≥ γ)
//!    or `Upper` (value ≤ γ − 1): a later pass with threshold γ' is
//!    answered by it when `Lower` and value ≥ γ', or `Upper` and value <
//!    γ' (never `Exact`: no integer lies strictly inside a null window).
//!
//! So each node gets a table, per list of thresholds it is entered with
//! and which of those entries is the deciding pass: for each list of
//! values it returns (one an entry), how many ways its unknowns can take
//! that pass what the answer asks inside it. A node's table is read off
//! its children's by dynamic programming over them, per guess of which of
//! its entries its own table entry answers (checked once the values are
//! known), carrying for each searched entry whether it has cut yet and the
//! value so far. The root's run is guessed whole — each pass's value,
//! which sets the next window as `mtdf.rs`'s loop does — and counted with
//! the root's table for those thresholds, where the root's values must be
//! the guessed ones. The deciding pass (`analysis::deciding`) is then the
//! last pass that moved the bound on the root's side (a MAX root's last
//! pass failing high); the root is never answered by its own entry in such
//! a run (a fail-high pass leaves `Lower g` and the next threshold is g +
//! 1; a fail-low one leaves `Upper g` and the next is g), which the count
//! checks rather than assumes.
//!
//! The deciding pass's facts are judged where they arise: an edge pruned
//! there is one a node searched in that pass cut before reaching (a node
//! its table entry answered cuts nothing); a node's value is what it
//! returned in that pass, and a node not entered in it has none; the best
//! move is the root's first child with the best value in that pass (ties
//! first), and the principal variation that move alone. `visited` is
//! every pass's visits in turn, each pass's starting at the root: a node's
//! entry knows where in its pass's visits it starts (the node must be
//! there), and its table says where its visits end (one visit when its
//! table entry answers it).
//!
//! Solutions are listed smallest first, one unknown at a time, by a count
//! for each value tried; asked for more than [`MOST_LISTED`] (or past
//! [`MOST_LISTING_COUNTS`] counts) it leaves the listing to the box
//! search, which lists a region at a time.
//!
//! It applies to `mtdf` blocks in written or reverse order with ties first, no depth
//! cutoff, beam or extension, an unlimited table, an integer guess, on an
//! integer MAX/MIN tree with no shared position or named key, over a
//! range of at most [`WIDEST`] values, asking `value`, `best`, `pv`,
//! `values`, `pruned` and `visited`. Invariant: the count is the number of
//! assignments that pass the block, as `expect::check` judges them;
//! `tests/puzzle_laws.rs` compares it with enumeration.

use std::collections::HashMap;
use std::rc::Rc;

use crate::check::expect::Expect;
use crate::check::puzzle::count::Count;
use crate::model::{Game, NodeId, NodeKind};
use crate::num::Num;
use crate::search::options::{Order, Ties};
use crate::search::{Algorithm, FxBuild, root_window};

mod asked;
mod list;
use asked::{Asked, whole};

/// The most values a leaf may take.
const WIDEST: i64 = 12;

/// The most steps of the dynamic programming in one count (a child's way
/// met by a state: about a second, at 3–4 million a second) before it
/// gives up and the ways after it are tried.
const MOST_WORK: u64 = 3_000_000;

/// The most counts a listing runs (about half a second on 16 leaves)
/// before it gives up: listing tens of thousands, one count a value tried,
/// is the box search's to do (it lists a region at a time).
const MOST_LISTING_COUNTS: u64 = 5_000;

/// The most solutions it lists itself (asked for more, it leaves the
/// listing to the box search).
const MOST_LISTED: usize = 1_000;

/// The most passes a run may make (entries are bits of a `u32`).
const MOST_PASSES: usize = 30;

/// No value yet.
const NONE: i64 = i64::MIN;

/// A node's ways: for each list of values it returns (one an entry;
/// then, where `visited` is asked, where its visits end in each entry)
/// and, at the root, its best child in the deciding pass, how many.
type Table = HashMap<(Vec<i64>, u32), u128, FxBuild>;

/// A node's tables worked out so far, by the entries it is entered with
/// and which of them is the deciding pass.
type Tables = HashMap<(Vec<Entry>, Option<usize>), Rc<Table>, FxBuild>;

/// A pass entering a node: its threshold γ, and where `visited` is asked,
/// which pass it is and where in that pass's visits the node's come (else
/// both 0, so the runs share tables).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Entry {
    gamma: i64,
    pass: u32,
    start: u32,
}

/// A node: a leaf (its place among the unknowns, or its value) or a MAX
/// (`max`) or MIN node and its children.
enum Shape {
    Known(i64),
    Unknown(usize),
    Inner { max: bool, children: Vec<usize> },
}

/// The loop over a node's children in its searched entries: for each,
/// the value so far (`NONE` before the first child) and whether it cut
/// (a bit an entry), and at the root the best child in the deciding pass.
#[derive(Clone, PartialEq, Eq, Hash)]
struct State {
    best: Vec<i64>,
    cut: u32,
    first: u32,
    /// Where `visited` is asked: where the next child's visits start.
    at: Vec<u32>,
}

pub(super) struct Passwise {
    shapes: Vec<Shape>,
    parent: Vec<Option<usize>>,
    /// The values each unknown may take (narrowed one by one as solutions
    /// are listed).
    allowed: Vec<(i64, i64)>,
    range: (i64, i64),
    asked: Asked,
    /// An item no assignment passes (a path to no node, two values asked
    /// of one node…).
    hopeless: bool,
    max_root: bool,
    /// Children searched right to left (`order=reverse`).
    reverse: bool,
    /// The first guess and the bounds, as `mtdf.rs` starts from them.
    start: (i64, i64, i64),
    /// Every value a leaf can hold, smallest first.
    candidates: Vec<i64>,
    memo: Vec<Tables>,
    work: u64,
    /// `work` when the count under way started.
    counted_from: u64,
    listing_counts: u64,
    gave_up: bool,
}

impl Passwise {
    pub(super) fn new(work: &Game, unknowns: &[NodeId], e: &Expect, (lo, hi): (i64, i64)) -> Option<Passwise> {
        let o = &e.options;
        let plain = matches!(o.order, Order::Spec | Order::Reverse)
            && o.ties == Ties::First
            && o.depth.is_none()
            && o.beam.is_none()
            && o.singular.is_none()
            && !o.quiescence
            && o.tt_size.is_none();
        let root_kind = work.node(NodeId::ROOT).kind();
        if e.algorithm != Algorithm::Mtdf
            || !plain
            || !matches!(root_kind, NodeKind::Max | NodeKind::Min)
            || work.shares_positions()
            || work.is_multiplayer()
            || hi < lo
            || hi - lo + 1 > WIDEST
        {
            return None;
        }
        let guess = whole(o.guess.unwrap_or(Num::ZERO))?;
        let side = |v: Num, inf: i64| if v.is_infinite() { Some(inf) } else { whole(v) };
        let (lower, upper) = root_window(work, o);
        let (lower, upper) = (side(lower, i64::MIN)?, side(upper, i64::MAX)?);
        let unknown_at: HashMap<NodeId, usize> = unknowns.iter().enumerate().map(|(k, &u)| (u, k)).collect();
        let n = work.len();
        let mut shapes = Vec::with_capacity(n);
        let mut parent = vec![None; n];
        let mut candidates: Vec<i64> = (lo..=hi).collect();
        for i in 0..n {
            let id = NodeId(u32::try_from(i).ok()?);
            let node = work.node(id);
            if node.key().is_some() || node.eval().is_some_and(|v| !v.is_whole()) {
                return None;
            }
            let shape = match node.kind() {
                NodeKind::Leaf => match unknown_at.get(&id) {
                    Some(&k) => Shape::Unknown(k),
                    None => {
                        let v = whole(node.scalar()?)?;
                        candidates.push(v);
                        Shape::Known(v)
                    }
                },
                kind @ (NodeKind::Max | NodeKind::Min) => {
                    let children: Vec<usize> = node.children().iter().map(|c| c.child.index()).collect();
                    for &c in &children {
                        parent[c] = Some(i);
                    }
                    Shape::Inner { max: kind == NodeKind::Max, children }
                }
                _ => return None,
            };
            shapes.push(shape);
        }
        candidates.sort_unstable();
        candidates.dedup();
        let mut p = Passwise {
            shapes,
            parent,
            allowed: vec![(lo, hi); unknowns.len()],
            range: (lo, hi),
            asked: Asked {
                value: None,
                best: None,
                values: vec![None; n],
                judge_pruned: false,
                pruned: vec![false; n],
                pruned_from: vec![false; n],
                visited: None,
                under: vec![false; n],
            },
            hopeless: false,
            max_root: root_kind != NodeKind::Min,
            reverse: o.order == Order::Reverse,
            start: (guess.clamp(lower, upper), lower, upper),
            candidates,
            memo: (0..n).map(|_| HashMap::default()).collect(),
            work: 0,
            counted_from: 0,
            listing_counts: 0,
            gave_up: false,
        };
        p.read_items(work, e)?;
        Some(p)
    }

    pub(super) fn gave_up(&self) -> bool {
        self.gave_up
    }

    pub(super) fn work(&self) -> u64 {
        self.work
    }

    /// [`Passwise::count`] as a [`Count`].
    pub(super) fn total(&mut self) -> Option<Count> {
        self.count().map(Count::from)
    }

    /// How many assignments pass, or `None` when it gives up.
    pub(super) fn count(&mut self) -> Option<u128> {
        if self.hopeless {
            return Some(0);
        }
        self.counted_from = self.work;
        let (g, lower, upper) = self.start;
        let mut runs = Vec::new();
        self.runs(g, lower, upper, &mut Vec::new(), &mut Vec::new(), &mut runs);
        let mut total: u128 = 0;
        for (gammas, gs, odd) in runs {
            if gammas.len() > MOST_PASSES {
                return self.give_up();
            }
            let Some(c) = self.run(&gammas, &gs) else { return self.give_up() };
            // A run whose last pass moves no bound ends in a full-window
            // pass (`mtdf.rs`), which is not counted here.
            if odd && c > 0 {
                return self.give_up();
            }
            total = total.checked_add(c)?;
        }
        Some(total)
    }

    fn give_up<T>(&mut self) -> Option<T> {
        self.gave_up = true;
        None
    }

    /// Every run `mtdf.rs`'s loop can make from guess `g` and the bounds:
    /// the thresholds of its passes, their values, and whether it would
    /// end in a full-window pass (no bound moved).
    fn runs(
        &self,
        g: i64,
        lower: i64,
        upper: i64,
        gammas: &mut Vec<i64>,
        gs: &mut Vec<i64>,
        out: &mut Vec<(Vec<i64>, Vec<i64>, bool)>,
    ) {
        let beta = if g == lower { g + 1 } else { g };
        for &x in &self.candidates {
            let (l, u) = if x < beta { (lower, x) } else { (x, upper) };
            gammas.push(beta);
            gs.push(x);
            if l >= u {
                out.push((gammas.clone(), gs.clone(), false));
            } else if l <= lower && u >= upper {
                out.push((gammas.clone(), gs.clone(), true));
            } else if gammas.len() <= MOST_PASSES {
                self.runs(x, l, u, gammas, gs, out);
            } else {
                out.push((gammas.clone(), gs.clone(), true));
            }
            gammas.pop();
            gs.pop();
        }
    }

    /// The assignments that make the run of thresholds `gammas` return
    /// `gs` and pass the block.
    fn run(&mut self, gammas: &[i64], gs: &[i64]) -> Option<u128> {
        let m = gammas.len();
        let d = (0..m).rev().find(|&p| (gs[p] >= gammas[p]) == self.max_root).unwrap_or(m - 1);
        if self.asked.value.is_some_and(|v| v != gs[d]) {
            return Some(0);
        }
        // Each pass's visits, all of them the root's.
        let ends: Option<Vec<i64>> = self.asked.visited.as_ref().map(|v| v.iter().map(|p| p.len() as i64).collect());
        if ends.as_ref().is_some_and(|e| e.len() != m) {
            return Some(0);
        }
        let visits = ends.is_some();
        let entries: Vec<Entry> = (0..m).map(|p| self.entry(gammas[p], p, 0, visits)).collect();
        let table = self.table(0, &entries, Some(d))?;
        let mut total: u128 = 0;
        for ((rv, first), &c) in table.iter() {
            let ended = ends.as_ref().is_none_or(|e| rv[m..] == e[..]);
            if rv[..m] == *gs && ended && self.asked.best.is_none_or(|b| b == *first) {
                total = total.checked_add(c)?;
            }
        }
        Some(total)
    }

    fn entry(&self, gamma: i64, pass: usize, start: u32, visits: bool) -> Entry {
        match visits {
            true => Entry { gamma, pass: pass as u32, start },
            false => Entry { gamma, pass: 0, start: 0 },
        }
    }

    /// Whether node `n` is where `visited` says the visit `e` is (always,
    /// when it is not asked).
    fn placed(&self, n: usize, e: &Entry) -> bool {
        self.asked.visited.as_ref().is_none_or(|v| v[e.pass as usize].get(e.start as usize) == Some(&n))
    }

    /// Node `n`'s table when entered with `seq`, entry `dpos` the deciding
    /// pass (none: not entered in it).
    fn table(&mut self, n: usize, seq: &[Entry], dpos: Option<usize>) -> Option<Rc<Table>> {
        let key = (seq.to_vec(), dpos);
        if let Some(t) = self.memo[n].get(&key) {
            return Some(t.clone());
        }
        let mut out = Table::default();
        if (seq.is_empty() || dpos.is_none()) && self.asked.under[n] {
            // Not entered in the deciding pass: nothing asked at it or
            // below holds.
        } else if seq.is_empty() {
            out.insert((Vec::new(), 0), self.ways(n)?);
        } else if !seq.iter().all(|e| self.placed(n, e)) {
            // Entered where `visited` has another node: no way.
        } else {
            match &self.shapes[n] {
                Shape::Known(v) => self.leaf(&mut out, n, *v, *v, seq, dpos),
                &Shape::Unknown(k) => {
                    let (lo, hi) = self.allowed[k];
                    self.leaf(&mut out, n, lo, hi, seq, dpos);
                }
                Shape::Inner { .. } => self.inner(&mut out, n, seq, dpos)?,
            }
        }
        let t = Rc::new(out);
        self.memo[n].insert(key, t.clone());
        Some(t)
    }

    /// A leaf holding one of `lo..=hi`: it returns its value in every entry
    /// (one visit each).
    fn leaf(&self, out: &mut Table, n: usize, lo: i64, hi: i64, seq: &[Entry], dpos: Option<usize>) {
        let visits = self.asked.visited.is_some();
        let ends = seq.iter().filter(|_| visits).map(|e| i64::from(e.start) + 1);
        let ends: Vec<i64> = ends.collect();
        for x in lo..=hi {
            if self.asked.values[n].is_some_and(|v| v != x || dpos.is_none()) {
                continue;
            }
            let mut rv = vec![x; seq.len()];
            rv.extend_from_slice(&ends);
            out.insert((rv, 0), 1);
        }
    }

    /// How many ways node `n`'s unknowns can take.
    fn ways(&self, n: usize) -> Option<u128> {
        match &self.shapes[n] {
            Shape::Known(_) => Some(1),
            &Shape::Unknown(k) => Some((self.allowed[k].1 - self.allowed[k].0 + 1) as u128),
            Shape::Inner { children, .. } => children.iter().try_fold(1u128, |acc, &c| acc.checked_mul(self.ways(c)?)),
        }
    }

    /// A MAX or MIN node's table, read off its children's.
    fn inner(&mut self, out: &mut Table, n: usize, seq: &[Entry], dpos: Option<usize>) -> Option<()> {
        let Shape::Inner { max, children } = &self.shapes[n] else { return Some(()) };
        // In the order searched, each child with its written index.
        let mut children: Vec<(usize, usize)> = children.iter().copied().enumerate().collect();
        if self.reverse {
            children.reverse();
        }
        let max = *max;
        let j = seq.len();
        let root = n == 0;
        let visits = self.asked.visited.is_some();
        let gammas: Vec<i64> = seq.iter().map(|e| e.gamma).collect();
        // Which later entries its own table entry answers (never the first,
        // with nothing stored; the root's, never: see the module doc).
        let guesses: u32 = if root || j <= 1 { 1 } else { 1 << (j - 1) };
        for mask in 0..guesses {
            let answered = |t: usize| t > 0 && (mask >> (t - 1)) & 1 == 1;
            let searched: Vec<usize> = (0..j).filter(|&t| !answered(t)).collect();
            let ds = dpos.and_then(|d| searched.iter().position(|&t| t == d));
            // Answered in the deciding pass, it cuts nothing there.
            if dpos.is_some() && ds.is_none() && self.asked.pruned_from[n] {
                continue;
            }
            let k = searched.len();
            let mut states: HashMap<State, u128, FxBuild> = HashMap::default();
            let at = searched.iter().filter(|_| visits).map(|&t| seq[t].start + 1).collect();
            states.insert(State { best: vec![NONE; k], cut: 0, first: 0, at }, 1);
            for &(ci, c) in &children {
                let mut next: HashMap<State, u128, FxBuild> = HashMap::default();
                for (st, &cnt) in &states {
                    if let Some(ds) = ds
                        && self.asked.judge_pruned
                        && (st.cut >> ds & 1 == 1) != self.asked.pruned[c]
                    {
                        continue;
                    }
                    let open: Vec<usize> = (0..k).filter(|&s| st.cut >> s & 1 == 0).collect();
                    let cseq: Vec<Entry> = open
                        .iter()
                        .map(|&s| {
                            let e = seq[searched[s]];
                            Entry { start: if visits { st.at[s] } else { 0 }, ..e }
                        })
                        .collect();
                    let cd = ds.and_then(|ds| open.iter().position(|&s| s == ds));
                    let tc = self.table(c, &cseq, cd)?;
                    self.work += tc.len() as u64;
                    if self.work - self.counted_from > MOST_WORK {
                        return self.give_up();
                    }
                    for ((rv, _), &m) in tc.iter() {
                        let mut s2 = st.clone();
                        for (pos, &s) in open.iter().enumerate() {
                            if visits {
                                s2.at[s] = u32::try_from(rv[open.len() + pos]).ok()?;
                            }
                            let (r, b) = (rv[pos], s2.best[s]);
                            let better = if max { r > b } else { r < b };
                            if b == NONE || better {
                                s2.best[s] = r;
                                if root && Some(s) == ds {
                                    s2.first = ci as u32;
                                }
                            }
                            let g = gammas[searched[s]];
                            let cut = if max { s2.best[s] >= g } else { s2.best[s] < g };
                            if cut {
                                s2.cut |= 1 << s;
                            }
                        }
                        let add = cnt.checked_mul(m)?;
                        let slot = next.entry(s2).or_insert(0);
                        *slot = slot.checked_add(add)?;
                    }
                }
                states = next;
            }
            for (st, cnt) in states {
                let Some(mut rv) = replay(&gammas, &st.best, &answered) else { continue };
                if self.asked.values[n].is_some_and(|v| dpos.map(|d| rv[d]) != Some(v)) {
                    continue;
                }
                if visits {
                    // An answered entry is the node's one visit; a searched
                    // one ends where its last child's did.
                    let mut at = st.at.iter();
                    for (t, e) in seq.iter().enumerate() {
                        let end = if answered(t) { e.start + 1 } else { *at.next()? };
                        rv.push(i64::from(end));
                    }
                }
                let slot = out.entry((rv, if root { st.first } else { 0 })).or_insert(0);
                *slot = slot.checked_add(cnt)?;
            }
        }
        Some(())
    }
}

/// A node's values entry by entry, given the values its searched entries
/// (`best`, in order) came to, replaying its table entry: an entry is
/// answered exactly when the entry stored last answers its threshold
/// (`answered` must say so), and then returns the stored value. `None`
/// when the guess of which entries are answered is wrong.
fn replay(seq: &[i64], best: &[i64], answered: &dyn Fn(usize) -> bool) -> Option<Vec<i64>> {
    let mut rv = Vec::with_capacity(seq.len());
    let mut stored: Option<(i64, bool)> = None;
    let mut searched = best.iter();
    for (t, &g) in seq.iter().enumerate() {
        let hit = stored.is_some_and(|(v, lower)| if lower { v >= g } else { v < g });
        if hit != answered(t) {
            return None;
        }
        match stored {
            Some((v, _)) if hit => rv.push(v),
            _ => {
                let &b = searched.next()?;
                rv.push(b);
                stored = Some((b, b >= g));
            }
        }
    }
    Some(rv)
}
