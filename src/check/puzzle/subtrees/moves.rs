//! A node's moves at one child, settled with as few products as the ways
//! allow: each state (running value, best child, ways) meets the child's
//! table, and each value the child may return moves the state to a new
//! one (or stops the node). Where several states move to the same place
//! through the same ways of the child, their ways are summed first and
//! multiplied once: `w₁·n + w₂·n = (w₁ + w₂)·n` in either ring, and a sum
//! costs what a term list is long where a product over a multiset costs
//! what two are long multiplied (`multiset.rs`).
//!
//! It happens a lot: a MIN child entered with α = `v` returns `r > v`
//! the same ways for every `v < r` where no cut depends on α, so a MAX
//! node's states below `r` all reach `r` through one entry of the child.
//!
//! Only a ring that tells equal ways apart cheaply groups them
//! ([`Ring::GROUPS`]); plain counts are multiplied one move at a time.
//!
//! Where a node stops (`cuts_at`, under the cut rule) and what it returns
//! there (`returned`, under the fail mode) live here too.
//!
//! Invariant: the products [`Moves::settle`] returns for a place add up
//! to the moves to it multiplied one by one (each state's ways times the
//! child's).

use super::{Ring, Subtrees, Table, V};
use crate::search::options::{CutRule, FailMode};

/// Where a move goes: whether the node stops there, the running value
/// and the best child.
pub(super) type Place = (bool, V, u32);

/// Whether a running value returning `v` is past `x` the way the node
/// moves its running value (up for MAX, down for MIN).
pub(super) fn past(maximizing: bool, v: V, x: V) -> bool {
    if maximizing { v > x } else { v < x }
}

/// The window of a node whose running value became `v` without a cut: a
/// MAX node raises α to it, a MIN node lowers β.
pub(super) fn narrowed(maximizing: bool, v: V, (a, b): (V, V)) -> (V, V) {
    if maximizing { (a.max(v), b) } else { (a, b.min(v)) }
}

/// The moves of one child's step: the tables the states met, the ways of
/// the values each state keeps its running value with (summed), and each
/// move as (state, what it meets, place).
pub(super) struct Moves<W> {
    tables: Vec<Table<W>>,
    kept: Vec<W>,
    moves: Vec<(usize, Meets, Place)>,
}

/// What a state's ways are multiplied by: the child's ways of the values
/// that keep its running value (summed), or an entry of its table.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Meets {
    Kept,
    Entry(usize),
}

/// The child's ways a state meets: `kept`, or an entry of its `table`.
pub(super) fn meets<'t, W>(table: &'t Table<W>, kept: &'t W, m: Meets) -> &'t W {
    match m {
        Meets::Kept => kept,
        Meets::Entry(e) => &table[e].1,
    }
}

/// The ways that reach one place through the same ways of the child: the
/// first state to get there, and the sum of all their ways once a second
/// one does.
struct Group<W> {
    state: usize,
    meets: Meets,
    sum: Option<W>,
}

impl<W: Clone> Moves<W> {
    pub fn new() -> Self {
        Moves { tables: Vec::new(), kept: Vec::new(), moves: Vec::new() }
    }

    /// The next state's table, and the sum of the entries that keep its
    /// running value: states are held in the order they are met.
    pub fn hold(&mut self, table: Table<W>, kept: W) {
        self.tables.push(table);
        self.kept.push(kept);
    }

    /// State `state` (held next, or before) moves to `place` through `meets`.
    pub fn push(&mut self, state: usize, meets: Meets, place: Place) {
        self.moves.push((state, meets, place));
    }

    fn meets(&self, state: usize, m: Meets) -> &W {
        meets(&self.tables[state], &self.kept[state], m)
    }

    /// Whether two states meet the same ways of the child: the same entry
    /// of one table, or ways the ring finds equal.
    fn same(&self, ring: &impl Ring<W = W>, (s, m): (usize, Meets), (t, n): (usize, Meets)) -> bool {
        let shared = std::rc::Rc::ptr_eq(&self.tables[s], &self.tables[t]) && m == n && m != Meets::Kept;
        shared || ring.same(self.meets(s, m), self.meets(t, n))
    }

    /// The ways the moves bring, a product for each group of states that
    /// reach one place through equal ways of the child (places in the
    /// order first reached; the landing sums them by place): `ways(s)`
    /// are state `s`'s. `slot` numbers the places below `slots`.
    pub fn settle<'s, R: Ring<W = W>>(
        self,
        ring: &R,
        ways: impl Fn(usize) -> &'s W,
        slot: impl Fn(Place) -> usize,
        slots: usize,
    ) -> Vec<(Place, W)>
    where
        W: 's,
    {
        let mut at: Vec<u32> = vec![u32::MAX; slots];
        let mut places: Vec<(Place, Vec<Group<W>>)> = Vec::new();
        for &(state, meets, place) in &self.moves {
            let i = &mut at[slot(place)];
            if *i == u32::MAX {
                *i = places.len() as u32;
                places.push((place, Vec::new()));
            }
            let groups = &mut places[*i as usize].1;
            match groups.iter_mut().find(|g| self.same(ring, (g.state, g.meets), (state, meets))) {
                Some(g) => {
                    let sum = g.sum.get_or_insert_with(|| ways(g.state).clone());
                    ring.add(sum, ways(state));
                }
                None => groups.push(Group { state, meets, sum: None }),
            }
        }
        let products = places.into_iter().flat_map(|(place, groups)| groups.into_iter().map(move |g| (place, g)));
        products
            .map(|(place, g)| {
                let w = g.sum.as_ref().unwrap_or_else(|| ways(g.state));
                (place, ring.mul(w, self.meets(g.state, g.meets)))
            })
            .collect()
    }
}

/// Where a node's moves land: the states that go on, summed by slot (and
/// the slots taken, in the order first taken), and the ways it stops,
/// by running value and best child (made what the node returns, times
/// the ways of the children never entered, once the step is over). Its
/// room is kept from node to node (a count enters thousands).
pub(super) struct Landing<W> {
    sums: Vec<Option<W>>,
    touched: Vec<(V, u32)>,
    pub done: Vec<((V, u32), W)>,
}

impl<W> Default for Landing<W> {
    fn default() -> Self {
        Landing { sums: Vec::new(), touched: Vec::new(), done: Vec::new() }
    }
}

impl<W: Clone> Landing<W> {
    /// Ready for a node with `slots` slots (the sums are left empty by
    /// the last node: every state they held went on, its slot emptied).
    pub fn ready(&mut self, slots: usize) {
        debug_assert!(self.sums.iter().all(Option::is_none) && self.touched.is_empty());
        self.sums.resize(slots, None);
    }

    /// The slots of the node it is ready for.
    pub fn slots(&self) -> usize {
        self.sums.len()
    }

    /// Ways that reach `place`, whose state (if it goes on) has slot `at`.
    pub fn put(&mut self, ring: &impl Ring<W = W>, at: usize, (stops, v, best): Place, ways: W) {
        if stops {
            self.done.push(((v, best), ways));
            return;
        }
        match &mut self.sums[at] {
            Some(sum) => ring.add(sum, &ways),
            empty => {
                self.touched.push((v, best));
                *empty = Some(ways);
            }
        }
    }

    /// The states that go on to the next child, into `states` (the sums
    /// emptied).
    pub fn states(&mut self, states: &mut Vec<(V, u32, W)>, slot: impl Fn(V, u32) -> usize) {
        states.clear();
        let sums = &mut self.sums;
        states.extend(self.touched.drain(..).filter_map(|(v, best)| Some((v, best, sums[slot(v, best)].take()?))));
    }
}

impl<R: Ring> Subtrees<'_, R> {
    /// Whether a node whose running value is `v` cuts in window `(a, b)`.
    pub(super) fn cuts_at(&self, maximizing: bool, v: V, (a, b): (V, V)) -> bool {
        self.prunes
            && match (maximizing, self.cuts) {
                (true, CutRule::OnEquality) => v >= b,
                (true, CutRule::Strict) => v > b,
                (false, CutRule::OnEquality) => v <= a,
                (false, CutRule::Strict) => v < a,
            }
    }

    /// What a node entered with `(a0, b0)` returns when its running value
    /// ends at `v`: `--fail-hard` clamps it to that window (minimax has
    /// none).
    pub(super) fn returned(&self, v: V, (a0, b0): (V, V)) -> V {
        match self.fail {
            FailMode::Hard if self.prunes => v.max(a0).min(b0),
            _ => v,
        }
    }
}
