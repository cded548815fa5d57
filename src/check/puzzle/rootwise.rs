//! `star1` and `star2` puzzles counted root move by root move.
//!
//! At a MAX (or MIN) root these searches run `alphabeta`'s loop
//! (`search::alphabeta::Step`): each root move is entered with the window
//! the moves before it left, and what it does inside depends on nothing
//! else; all the root learns from it is the value and bound it returns.
//! So the ways to fill one root move's unknowns are worked out once per
//! window it may be entered with — grouped by what it returns, keeping
//! only those that pass what the answer says inside that move — and the
//! count is a sum over the root's loop, root move by root move, of those
//! groups' sizes. Four CHANCE moves of four unknowns over `0..5`: a few
//! thousand small searches per window instead of 6^16 assignments.
//!
//! A root move is judged on a game of its own: the root, a leaf holding
//! the window's end that the moves before it set (searched first, it
//! gives the move the same window), and the move's subtree copied. There
//! the real search runs and [`expect::check`] judges the items about the
//! move, their paths moved to the copy: `values` and `windows` of its
//! nodes, the edges `pruned` inside it, its block of `visited` (a visit
//! order is the root, then each entered move's visits in turn). The
//! items about the root (`value`, `best`, the root's `values` and
//! `windows`, the root moves `pruned`, and `pv` where every root move is
//! a CHANCE node or a leaf, which has no best child) depend only on what the root's
//! loop holds at its end; they are judged by the real search on one
//! assignment that reaches it. A root move the root cuts off is not
//! entered: its unknowns are free, and any item inside it fails.
//!
//! A CHANCE root move of `star1` is split the same way, child by child,
//! one level down (`rootwise/chance.rs`): its children's ways met through
//! its own loop instead of all its unknowns enumerated at once (6^8
//! assignments a move of eight unknowns; 16 unknowns in 0.01–0.06 s).
//!
//! It applies to one search's blocks, `star1` or `star2`, over a range,
//! in written order with ties going first, on a tree (no shared position)
//! whose root is MAX or MIN, with finite bounds and items among `value`,
//! `best`, `values`, `windows`, `pruned`, `visited` and (as above) `pv`.
//!
//! Invariant: the count is the number of assignments that pass the block,
//! as `expect::check` judges them; `tests/puzzle_laws.rs` compares it with
//! enumeration.

use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

use crate::analysis::Analysis;
use crate::check::expect::{self, Expect, Fact, Item};
use crate::check::puzzle::count::Count;
use crate::model::{Game, NodeId, NodeKind, Path};
use crate::num::Num;
use crate::search::alphabeta::{Bound, Step};
use crate::search::options::{Order, Ties};
use crate::search::trace::{BoundKind, Cause, Trace};
use crate::search::{Algorithm, Interval, root_window};

mod chance;
mod games;
use games::{OwnGame, advance, localize, own_game, ways};

/// The most assignments of one root move's unknowns it enumerates.
const MOST_PER_MOVE: u64 = 50_000;

/// The most small searches it runs (about 4 s of them) before it gives
/// up and the ways after it are tried.
const MOST_RUNS: u64 = 1_000_000;

/// What the root's loop holds after some root moves: the running value,
/// what is known of the true value, the window, the move that gave the
/// value, and the move after which it cut, if it did.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    v: Num,
    lo: Num,
    hi: Num,
    alpha: Num,
    beta: Num,
    best: Option<u32>,
    stopped: Option<u32>,
}

/// One root move: its unknowns' places in the puzzle's, its own game,
/// and the items about it, moved to that game.
struct Part {
    /// In its own game: the leaf holding the window's end, and its unknowns.
    game: Game,
    pad: NodeId,
    unknowns: Vec<NodeId>,
    /// The items about it (an empty `pruned`: nothing pruned inside it).
    local: Expect,
    /// Whether an item asks something inside it, which fails when the
    /// root cuts it off.
    asked: bool,
    /// Where it is split child by child (`chance.rs`).
    split: Option<chance::Split>,
}

/// What a node returns: its value and what that says of the true value.
type Outcome = (Num, BoundKind);

/// A root move's (or a split move's child's) ways for one window: what the
/// assignments that pass return, how many return each and one of them;
/// the assignments in lexicographic order, each with its outcome's index
/// (none kept for a split move, whose ways are listed child by child).
struct Table {
    outcomes: Vec<(Outcome, Count, Vec<Num>)>,
    ways: Vec<(Vec<Num>, usize)>,
}

pub(super) struct Rootwise {
    work: Game,
    unknowns: Vec<NodeId>,
    algorithm: Algorithm,
    options: crate::search::options::Options,
    root_items: Expect,
    /// The root moves each `pruned` item asks.
    root_pruned: Vec<BTreeSet<Path>>,
    values: Vec<Num>,
    parts: Vec<Part>,
    max: bool,
    range: (Num, Num),
    /// No assignment can pass (a `visited` that does not start at the root).
    hopeless: bool,
    scratch: Trace,
    tables: HashMap<(usize, Num), Rc<Table>>,
    kid_tables: HashMap<(usize, usize, Num, Num), Rc<Table>>,
    memo: HashMap<(usize, Key), Count>,
    verdicts: HashMap<Key, bool>,
    runs: u64,
    gave_up: bool,
}

impl Rootwise {
    /// The count for `e` (one search's blocks merged) over `lo..=hi`, where
    /// it applies. `work` is the game with every unknown given a value.
    /// With `split_all`, every CHANCE move it can split is split (what
    /// `solve` does); else only those with too many unknowns to enumerate
    /// (for tests, which compare both with enumeration).
    pub(super) fn new(
        work: &Game,
        unknowns: &[NodeId],
        e: &Expect,
        (lo, hi): (i64, i64),
        split_all: bool,
    ) -> Option<Rootwise> {
        let o = &e.options;
        let plain = o.order == Order::Spec
            && o.ties == Ties::First
            && o.depth.is_none()
            && o.beam.is_none()
            && o.singular.is_none()
            && !o.quiescence;
        let kind = work.node(NodeId::ROOT).kind();
        let max = kind == NodeKind::Max;
        if !matches!(e.algorithm, Algorithm::Star1 | Algorithm::Star2)
            || !plain
            || !matches!(kind, NodeKind::Max | NodeKind::Min)
            || work.shares_positions()
            || work.is_multiplayer()
        {
            return None;
        }
        let range = root_window(work, o);
        if range.0.is_infinite() || range.1.is_infinite() {
            return None;
        }
        let values: Vec<Num> = (lo..=hi).map(Num::int).collect();
        let moves: Vec<NodeId> = work.node(NodeId::ROOT).children().iter().map(|c| c.child).collect();
        let n = moves.len() as u32;
        let inside = |p: &Path| p.0.first().is_none_or(|&i| i < n);
        // The root's items here; each move's are moved to its own game below.
        let mut root_items = Vec::new();
        let mut root_pruned = Vec::new();
        let mut hopeless = false;
        for item in &e.items {
            match &item.fact {
                Fact::Value(_) | Fact::Best(_) => root_items.push(item.clone()),
                // A CHANCE node (or a leaf) has no best child, so the
                // principal variation is the best root move alone.
                Fact::Pv(_)
                    if moves.iter().all(|&m| matches!(work.node(m).kind(), NodeKind::Chance | NodeKind::Leaf)) =>
                {
                    root_items.push(item.clone())
                }
                Fact::Values(pairs) => {
                    if !pairs.iter().all(|(p, _)| inside(p)) {
                        return None;
                    }
                    let root: Vec<_> = pairs.iter().filter(|(p, _)| p.0.is_empty()).cloned().collect();
                    if !root.is_empty() {
                        root_items.push(Item { fact: Fact::Values(root), span: item.span });
                    }
                }
                Fact::Windows(pairs) => {
                    if !pairs.iter().all(|(p, _, _)| inside(p)) {
                        return None;
                    }
                    let root: Vec<_> = pairs.iter().filter(|(p, _, _)| p.0.is_empty()).cloned().collect();
                    if !root.is_empty() {
                        root_items.push(Item { fact: Fact::Windows(root), span: item.span });
                    }
                }
                Fact::Pruned(edges) => {
                    if !edges.iter().all(|p| inside(p) && !p.0.is_empty()) {
                        return None;
                    }
                    root_pruned.push(edges.iter().filter(|p| p.0.len() == 1).cloned().collect());
                }
                Fact::Visited(want) => {
                    if !want.iter().all(inside) {
                        return None;
                    }
                    // The root, then blocks of moves in written order.
                    let firsts: Vec<u32> =
                        want.iter().skip(1).map(|p| p.0.first().copied().unwrap_or(u32::MAX)).collect();
                    let again = want.iter().skip(1).any(|p| p.0.is_empty());
                    hopeless |= want.first() != Some(&Path::root()) || again || !firsts.is_sorted();
                }
                _ => return None,
            }
        }
        // Each move's unknowns, contiguous and in written order.
        let place: HashMap<NodeId, usize> = unknowns.iter().enumerate().map(|(k, &id)| (id, k)).collect();
        let mut parts = Vec::with_capacity(moves.len());
        let mut next = 0;
        for (k, &m) in moves.iter().enumerate() {
            let OwnGame { game, pad, copies } = own_game(work, kind, m)?;
            let mut mine = Vec::new();
            for (orig, id) in copies {
                if let Some(&at) = place.get(&orig) {
                    mine.push((at, id));
                }
            }
            mine.sort_unstable();
            if mine.iter().enumerate().any(|(j, &(at, _))| at != next + j) {
                return None;
            }
            let many = Count::pow(values.len() as u64, mine.len() as u32) > Count::from(MOST_PER_MOVE);
            let split = match many || split_all {
                true => chance::split(work, e, (k as u32, m), &place, next, values.len()),
                false => None,
            };
            if many && split.is_none() {
                return None;
            }
            let (facts, asked) = localize(&e.items, &[k as u32], &[1], &[Path::root(), Path(vec![0])]);
            let local =
                Expect { items: facts.into_iter().map(|fact| Item { fact, span: e.span }).collect(), ..e.clone() };
            let unknowns = mine.iter().map(|&(_, id)| id).collect();
            parts.push(Part { game, pad, unknowns, local, asked, split });
            next += mine.len();
        }
        if next != unknowns.len() {
            return None;
        }
        let root_items = Expect { items: root_items, ..e.clone() };
        Some(Rootwise {
            work: work.clone(),
            unknowns: unknowns.to_vec(),
            algorithm: e.algorithm,
            options: e.options.clone(),
            root_items,
            root_pruned,
            values,
            parts,
            max,
            range,
            hopeless,
            scratch: Trace::new(e.algorithm, &e.options),
            tables: HashMap::new(),
            kid_tables: HashMap::new(),
            memo: HashMap::new(),
            verdicts: HashMap::new(),
            runs: 0,
            gave_up: false,
        })
    }

    pub(super) fn gave_up(&self) -> bool {
        self.gave_up
    }

    pub(super) fn runs(&self) -> u64 {
        self.runs
    }

    /// The root's loop before any move.
    fn start(&self) -> Key {
        let (lo, hi) = self.range;
        let v = if self.max { Num::NEG_INF } else { Num::INF };
        Key { v, lo: v, hi: v, alpha: lo, beta: hi, best: None, stopped: None }
    }

    /// Root move `i` returning `out` to the loop at `s`.
    fn after(&mut self, s: &Key, i: usize, out: (Num, BoundKind)) -> Key {
        let (alpha, beta) = self.window(s);
        let mut step = Step::new(self.max, 0, self.range, alpha, beta);
        (step.v, step.known) = (s.v, Interval { lo: s.lo, hi: s.hi });
        let best = if self.max { out.0 > s.v } else { out.0 < s.v };
        let rest: Vec<u32> = (i as u32 + 1..self.parts.len() as u32).collect();
        let cut = step.child(&mut self.scratch, i as u32, out, self.options.cuts, &rest, false);
        if self.scratch.len() > 1 << 16 {
            self.scratch = Trace::new(self.algorithm, &self.options);
        }
        Key {
            v: step.v,
            lo: step.known.lo,
            hi: step.known.hi,
            alpha: step.alpha.v,
            beta: step.beta.v,
            best: if best { Some(i as u32) } else { s.best },
            stopped: (cut && !rest.is_empty()).then_some(i as u32),
        }
    }

    /// The end of the window move `i` is entered with that the moves
    /// before it set: α at a MAX root, β at a MIN one.
    fn end(&self, s: &Key) -> Num {
        if self.max { s.alpha } else { s.beta }
    }

    /// The window the loop at `s` enters its next move with, each end's
    /// cause as the root's loop gives it (the declared bound, or the root).
    fn window(&self, s: &Key) -> (Bound, Bound) {
        let cause = |v: Num, end: Num| Bound { v, cause: if v == end { Cause::Bounds } else { Cause::Ancestor(0) } };
        (cause(s.alpha, self.range.0), cause(s.beta, self.range.1))
    }

    /// Lists the ways from move `i` on at the loop `s`, `free` unknowns
    /// before it taking every value (in order, the last fastest).
    fn list_free(
        &mut self,
        i: usize,
        s: Key,
        free: usize,
        rep: &mut Vec<Num>,
        out: &mut Vec<Vec<Num>>,
        max: usize,
    ) -> Option<()> {
        rep.extend(std::iter::repeat_n(self.values[0], free));
        let none = self.ways(i, s, rep)?.is_zero();
        rep.truncate(rep.len() - free);
        if none {
            return Some(());
        }
        let mut digits = vec![0usize; free];
        loop {
            rep.extend(digits.iter().map(|&j| self.values[j]));
            self.list_from(i, s, rep, out, max)?;
            rep.truncate(rep.len() - free);
            if out.len() >= max || !advance(&mut digits, self.values.len()) {
                return Some(());
            }
        }
    }

    /// Move `i`'s ways when entered with the window `s` holds.
    fn table(&mut self, i: usize, s: &Key) -> Option<Rc<Table>> {
        let end = self.end(s);
        if let Some(t) = self.tables.get(&(i, end)) {
            return Some(t.clone());
        }
        if self.parts[i].split.is_some() {
            let (alpha, beta) = self.window(s);
            let table = self.split_table(i, alpha, beta)?;
            self.tables.insert((i, end), table.clone());
            return Some(table);
        }
        let part = &mut self.parts[i];
        part.game.set_leaf_value(part.pad, end).ok()?;
        let table = ways(&mut part.game, &part.unknowns, &part.local, &Path(vec![1]), &self.values, &mut self.runs);
        self.gave_up |= self.runs > MOST_RUNS;
        let table = Rc::new(table?);
        self.tables.insert((i, end), table.clone());
        Some(table)
    }

    /// Whether the root's items pass at the loop's end `s`, judged on
    /// `rep`, an assignment that reaches it.
    fn root_passes(&mut self, s: &Key, rep: &[Num]) -> Option<bool> {
        if let Some(&v) = self.verdicts.get(s) {
            return Some(v);
        }
        let mut game = self.work.clone();
        for (&id, &v) in self.unknowns.iter().zip(rep) {
            game.set_leaf_value(id, v).ok()?;
        }
        self.runs += 1;
        let trace = crate::search::run_checked(&game, self.algorithm, &self.options);
        let analysis = Analysis::of(&game, &trace);
        let mut pass = expect::check(&game, &self.root_items, &analysis).is_empty();
        if !self.root_pruned.is_empty() {
            let got: BTreeSet<Path> = analysis.pruned().filter(|p| p.0.len() == 1).collect();
            pass &= self.root_pruned.iter().all(|want| *want == got);
        }
        self.verdicts.insert(*s, pass);
        Some(pass)
    }

    /// The ways to fill moves `i..` from the loop at `s`, the moves before
    /// filled with `rep`.
    fn ways(&mut self, i: usize, s: Key, rep: &mut Vec<Num>) -> Option<Count> {
        if i == self.parts.len() {
            return Some(Count::from(u64::from(self.root_passes(&s, rep)?)));
        }
        if let Some(c) = self.memo.get(&(i, s)) {
            return Some(c.clone());
        }
        let k = self.parts[i].unknowns.len();
        let count = if s.stopped.is_some() {
            if self.parts[i].asked {
                Count::ZERO
            } else {
                rep.extend(std::iter::repeat_n(self.values[0], k));
                let rest = self.ways(i + 1, s, rep);
                rep.truncate(rep.len() - k);
                &rest? * &Count::pow(self.values.len() as u64, k as u32)
            }
        } else {
            let table = self.table(i, &s)?;
            let mut total = Count::ZERO;
            for (out, n, first) in &table.outcomes {
                let next = self.after(&s, i, *out);
                rep.extend_from_slice(first);
                let rest = self.ways(i + 1, next, rep);
                rep.truncate(rep.len() - k);
                total += &(&rest? * n);
            }
            total
        };
        self.memo.insert((i, s), count.clone());
        Some(count)
    }

    pub(super) fn count(&mut self) -> Option<Count> {
        if self.hopeless {
            return Some(Count::ZERO);
        }
        let start = self.start();
        self.ways(0, start, &mut Vec::new())
    }

    /// The first `max` solutions, smallest first.
    pub(super) fn list(&mut self, max: usize) -> Option<Vec<Vec<Num>>> {
        let mut out = Vec::new();
        if !self.hopeless && max > 0 {
            let start = self.start();
            self.list_from(0, start, &mut Vec::new(), &mut out, max)?;
        }
        Some(out)
    }

    fn list_from(&mut self, i: usize, s: Key, rep: &mut Vec<Num>, out: &mut Vec<Vec<Num>>, max: usize) -> Option<()> {
        if out.len() >= max {
            return Some(());
        }
        if i == self.parts.len() {
            if self.root_passes(&s, rep)? {
                out.push(rep.clone());
            }
            return Some(());
        }
        let k = self.parts[i].unknowns.len();
        if s.stopped.is_some() {
            if self.parts[i].asked {
                return Some(());
            }
            return self.list_free(i + 1, s, k, rep, out, max);
        }
        if self.parts[i].split.is_some() {
            let window = self.window(&s);
            return self.list_split(i, s, window, &mut Vec::new(), rep, out, max);
        }
        let table = self.table(i, &s)?;
        for (assignment, g) in &table.ways {
            let next = self.after(&s, i, table.outcomes[*g].0);
            rep.extend_from_slice(assignment);
            if !self.ways(i + 1, next, rep)?.is_zero() {
                self.list_from(i + 1, next, rep, out, max)?;
            }
            rep.truncate(rep.len() - k);
            if out.len() >= max {
                break;
            }
        }
        Some(())
    }
}
