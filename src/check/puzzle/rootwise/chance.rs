//! A CHANCE root move of `star1` split child by child, where its
//! unknowns are too many to enumerate at once (`rootwise.rs`).
//!
//! A CHANCE node under `star1` searches its children in turn, each with
//! the window its arithmetic gives it (`search::star_chance::Chance`),
//! and learns from each only the value and bound it returns. So each
//! child's unknowns are enumerated once per window it may be entered
//! with, on a game of its own — a MAX root, a leaf holding α, a MIN node,
//! a leaf holding β, the child copied: searched after both leaves, the
//! child gets the very window, at the same depth — judged there by the
//! real search and `expect::check` on the items about the child. The
//! node's loop is followed by the real `Chance` (replayed from the
//! outcomes so far), and its exit by `alphabeta::exit`, as `star1.rs`
//! runs them; what the answer asks of the node itself (its value and
//! window, which of its children are pruned) is judged from that.
//! Children it cuts off are not entered: their unknowns are free, and an
//! item inside one fails.

use std::collections::BTreeSet;
use std::rc::Rc;

use super::{Outcome, Rootwise, Table, ways};
use crate::check::expect::Expect;
use crate::check::puzzle::count::Count;
use crate::model::{Game, NodeId, Path};
use crate::num::{Num, WeightedSum};
use crate::search::Interval;
use crate::search::alphabeta::{Bound, exit};
use crate::search::star_chance::{Chance, ChanceRoom};
use crate::search::trace::{Value, Window};

/// A CHANCE root move split child by child.
pub(super) struct Split {
    pub probs: Vec<Num>,
    pub kids: Vec<Kid>,
    /// What the answer asks of the node itself: values, windows, and for
    /// each `pruned` item which of its children.
    pub values: Vec<Value>,
    pub windows: Vec<(Num, Num)>,
    pub pruned: Vec<BTreeSet<u32>>,
}

/// One child of a split move, on its own game.
pub(super) struct Kid {
    pub game: Game,
    /// The leaves holding α and β.
    pub pads: (NodeId, NodeId),
    pub unknowns: Vec<NodeId>,
    /// The items about it, moved to its game.
    pub local: Expect,
    pub asked: bool,
}

impl Rootwise {
    /// The ways of split move `i` entered with `(alpha, beta)`, by what
    /// it returns.
    pub(super) fn split_table(&mut self, i: usize, alpha: Bound, beta: Bound) -> Option<Rc<Table>> {
        let mut table = Table { outcomes: Vec::new(), ways: Vec::new() };
        let (mut hist, mut rep) = (Vec::new(), Vec::new());
        self.split_ways(i, (alpha, beta), &mut hist, &mut rep, Count::ONE, &mut table)?;
        Some(Rc::new(table))
    }

    /// The node's loop replayed from `hist`, the outcomes of its first
    /// children: the node, the running sum, and whether (and how) it cut.
    fn replay(&self, i: usize, window: (Bound, Bound), hist: &[Outcome]) -> (Chance, WeightedSum, Option<bool>) {
        let split = self.parts[i].split.as_ref().expect("a split move");
        let mut bet =
            Chance::new(ChanceRoom::default(), split.probs.iter().copied(), 1, window.0, window.1, self.range);
        let (mut sum, mut cut) = (WeightedSum::default(), None);
        for (k, &(cv, cb)) in hist.iter().enumerate() {
            bet.learn(k, Interval::of(cv, cb, self.range));
            sum.add_product(split.probs[k], cv);
            cut = bet.cut(&self.options);
        }
        (bet, sum, cut)
    }

    /// Adds to `table` the ways of the children after `hist`, each of the
    /// ways so far counted `mult` times, `rep` one of them.
    fn split_ways(
        &mut self,
        i: usize,
        window: (Bound, Bound),
        hist: &mut Vec<Outcome>,
        rep: &mut Vec<Num>,
        mult: Count,
        table: &mut Table,
    ) -> Option<()> {
        let (bet, sum, cut) = self.replay(i, window, hist);
        let n = self.parts[i].split.as_ref()?.kids.len();
        let k = hist.len();
        if cut.is_some() || k == n {
            let Some((out, free)) = self.split_end(i, window, hist, &bet, sum, cut) else { return Some(()) };
            let mult = &mult * &Count::pow(self.values.len() as u64, free as u32);
            rep.extend(std::iter::repeat_n(self.values[0], free));
            match table.outcomes.iter_mut().find(|(o, _, _)| *o == out) {
                Some((_, c, _)) => *c += &mult,
                None => table.outcomes.push((out, mult, rep.clone())),
            }
            rep.truncate(rep.len() - free);
            return Some(());
        }
        let (a, b) = bet.window(k, self.range);
        let kid = self.kid_table(i, k, a.v, b.v)?;
        for (out, count, first) in &kid.outcomes {
            hist.push(*out);
            rep.extend_from_slice(first);
            let more = self.split_ways(i, window, hist, rep, &mult * count, table);
            rep.truncate(rep.len() - first.len());
            hist.pop();
            more?;
        }
        Some(())
    }

    /// What split move `i` returns once its loop ends after `hist` (cut or
    /// not), and how many unknowns the children it cut off leave free —
    /// or `None` when the answer's items about it fail.
    fn split_end(
        &mut self,
        i: usize,
        window: (Bound, Bound),
        hist: &[Outcome],
        bet: &Chance,
        sum: WeightedSum,
        cut: Option<bool>,
    ) -> Option<(Outcome, usize)> {
        let (lo, hi) = bet.totals();
        let v = match cut {
            Some(true) => lo,
            Some(false) => hi,
            None => sum.value(),
        };
        let w = Window { alpha: window.0.v, beta: window.1.v };
        let out = exit(&mut self.scratch, self.options.fail, v, Interval { lo, hi }, w);
        let split = self.parts[i].split.as_ref()?;
        let rest = &split.kids[hist.len()..];
        let pruned: BTreeSet<u32> = (hist.len() as u32..split.kids.len() as u32).collect();
        let pass = split.values.iter().all(|x| *x == Value::Scalar(out.0))
            && split.windows.iter().all(|&(a, b)| (a, b) == (w.alpha, w.beta))
            && split.pruned.iter().all(|want| *want == pruned)
            && !rest.iter().any(|kid| kid.asked);
        pass.then(|| (out, rest.iter().map(|kid| kid.unknowns.len()).sum()))
    }

    /// Child `k` of split move `i`'s ways when entered with `(a, b)`.
    fn kid_table(&mut self, i: usize, k: usize, a: Num, b: Num) -> Option<Rc<Table>> {
        if let Some(t) = self.kid_tables.get(&(i, k, a, b)) {
            return Some(t.clone());
        }
        if a >= b {
            return None;
        }
        let kid = &mut self.parts[i].split.as_mut()?.kids[k];
        kid.game.set_leaf_value(kid.pads.0, a).ok()?;
        kid.game.set_leaf_value(kid.pads.1, b).ok()?;
        let table = ways(&mut kid.game, &kid.unknowns, &kid.local, &Path(vec![1, 1]), &self.values, &mut self.runs);
        self.gave_up |= self.runs > super::MOST_RUNS;
        let table = Rc::new(table?);
        self.kid_tables.insert((i, k, a, b), table.clone());
        Some(table)
    }

    /// Lists, smallest first, split move `i`'s ways from the loop at `s`
    /// whose continuations pass, after `hist` (its first children's
    /// outcomes, their values in `rep`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn list_split(
        &mut self,
        i: usize,
        s: super::Key,
        window: (Bound, Bound),
        hist: &mut Vec<Outcome>,
        rep: &mut Vec<Num>,
        out: &mut Vec<Vec<Num>>,
        max: usize,
    ) -> Option<()> {
        let (bet, sum, cut) = self.replay(i, window, hist);
        let n = self.parts[i].split.as_ref()?.kids.len();
        let k = hist.len();
        if cut.is_some() || k == n {
            let Some((o, free)) = self.split_end(i, window, hist, &bet, sum, cut) else { return Some(()) };
            let next = self.after(&s, i, o);
            return self.list_free(i + 1, next, free, rep, out, max);
        }
        let (a, b) = bet.window(k, self.range);
        let kid = self.kid_table(i, k, a.v, b.v)?;
        for (assignment, g) in &kid.ways {
            hist.push(kid.outcomes[*g].0);
            rep.extend_from_slice(assignment);
            let more = self.list_split(i, s, window, hist, rep, out, max);
            rep.truncate(rep.len() - assignment.len());
            hist.pop();
            more?;
            if out.len() >= max {
                break;
            }
        }
        Some(())
    }
}

/// Move `k` (node `m`, its unknowns from `first` on among the puzzle's,
/// placed by `place`) split child by child, where `star1` searches it and
/// it is a CHANCE node whose children each have few enough unknowns; the
/// items about it split between the node itself and each child.
pub(super) fn split(
    work: &Game,
    e: &Expect,
    (k, m): (u32, NodeId),
    place: &std::collections::HashMap<NodeId, usize>,
    first: usize,
    d: usize,
) -> Option<Split> {
    use crate::check::expect::{Fact, Item};
    use crate::model::NodeKind;
    if e.algorithm != crate::search::Algorithm::Star1 || work.node(m).kind() != NodeKind::Chance {
        return None;
    }
    let children: Vec<NodeId> = work.node(m).children().iter().map(|c| c.child).collect();
    let n = children.len() as u32;
    let mine = |p: &Path| p.0.first() == Some(&k);
    let (mut values, mut windows, mut pruned) = (Vec::new(), Vec::new(), Vec::new());
    for item in &e.items {
        let paths: Vec<&Path> = match &item.fact {
            Fact::Values(pairs) => pairs.iter().map(|(p, _)| p).collect(),
            Fact::Windows(pairs) => pairs.iter().map(|(p, _, _)| p).collect(),
            Fact::Pruned(edges) | Fact::Visited(edges) => edges.iter().collect(),
            _ => Vec::new(),
        };
        // A path through a child the node does not have: not split here.
        if paths.iter().any(|p| mine(p) && p.0.get(1).is_some_and(|&j| j >= n)) {
            return None;
        }
        let at = |p: &Path| p.0 == [k];
        match &item.fact {
            Fact::Values(pairs) => values.extend(pairs.iter().filter(|(p, _)| at(p)).map(|(_, v)| v.clone())),
            Fact::Windows(pairs) => windows.extend(pairs.iter().filter(|(p, _, _)| at(p)).map(|&(_, a, b)| (a, b))),
            Fact::Pruned(edges) => {
                pruned.push(edges.iter().filter(|p| mine(p) && p.0.len() == 2).map(|p| p.0[1]).collect());
            }
            Fact::Visited(want) => {
                // The node, then its children's blocks in written order.
                let block: Vec<&Path> = want.iter().filter(|p| mine(p)).collect();
                let seconds: Vec<Option<u32>> = block.iter().skip(1).map(|p| p.0.get(1).copied()).collect();
                let shaped = block.first().is_none_or(|p| at(p)) && seconds.iter().all(Option::is_some);
                if !shaped || !seconds.is_sorted() {
                    return None;
                }
            }
            _ => {}
        }
    }
    let mut kids = Vec::with_capacity(children.len());
    let mut next = first;
    for (j, &c) in children.iter().enumerate() {
        let (game, pads, copies) = super::games::kid_game(work, c)?;
        let mut placed: Vec<(usize, NodeId)> =
            copies.iter().filter_map(|(o, id)| Some((*place.get(o)?, *id))).collect();
        placed.sort_unstable();
        if placed.iter().enumerate().any(|(x, &(at, _))| at != next + x)
            || Count::pow(d as u64, placed.len() as u32) > Count::from(super::MOST_PER_MOVE)
        {
            return None;
        }
        next += placed.len();
        let head = [Path::root(), Path(vec![0]), Path(vec![1]), Path(vec![1, 0])];
        let (facts, asked) = super::localize(&e.items, &[k, j as u32], &[1, 1], &head);
        let local = Expect { items: facts.into_iter().map(|fact| Item { fact, span: e.span }).collect(), ..e.clone() };
        kids.push(Kid { game, pads, unknowns: placed.iter().map(|&(_, id)| id).collect(), local, asked });
    }
    let probs = work.probs(m).collect();
    Some(Split { probs, kids, values, windows, pruned })
}
