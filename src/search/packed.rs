//! The trace's storage: every event in a 16-byte slot, values interned.
//!
//! An [`Event`] as algorithms push it and readers match on it is ~96 bytes;
//! a search that visits every node of a 10^7-leaf tree records ~2·10^7 of
//! them. Here each event is one [`Slot`] (a tag, a byte of flags and three
//! `u32`s) and what does not fit lives in side tables:
//!
//! - a value ([`Val`]) is an integer in ±2^30 held in the slot itself, or
//!   an index into an interned table of numbers (rationals, floats), or
//!   into the table of vectors (multi-player values, interned: a node's
//!   vector is usually one of its children's, and payoffs repeat);
//! - a window is an index into an interned table of `(α, β)` pairs;
//! - a `Leaf` with a window but no side-to-move value whose value is an
//!   integer in ±2^15 holds its window's index and, in the slot's two
//!   spare bytes, its value (the common case of every search with a
//!   window); any other `Leaf` with a window or a side-to-move value points
//!   at an interned `(window, value, negamax)` triple;
//! - pruned lists are runs in one flat `u32` list;
//! - the rare events (table probes and stores, re-searches, passes) are
//!   kept whole.
//!
//! Invariant: [`Packed::get`] gives back exactly the event pushed (a
//! property test pushes random events and every algorithm's on random
//! trees), so decoding is invisible to every reader.

use crate::num::Num;
use crate::search::stream::Sink;
use crate::search::trace::{BoundKind, Cause, CutKind, Event, ExtendReason, LeafSource, Value, Window};
use crate::search::values::{self, Interned, Values, index};

mod steps;
pub use steps::{Side, Step};

/// Events per chunk of slots (1 MiB).
const CHUNK_SHIFT: usize = 16;
const CHUNK: usize = 1 << CHUNK_SHIFT;

/// "None" for an optional value or window.
const NONE: u32 = u32::MAX;

/// One event: `tag` says which, the meaning of `flags`, `a`, `b` and `c`
/// is per tag (see [`Packed::push`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Slot {
    tag: Tag,
    flags: u8,
    /// A `Leaf`'s integer value, when it is held here (two bytes the
    /// slot would pad anyway).
    d: i16,
    a: u32,
    b: u32,
    c: u32,
}

const _: () = assert!(std::mem::size_of::<Slot>() == 16);

/// A `Leaf`'s flags: its value is the slot's `d`, its window `c`.
const LEAF_INLINE: u8 = 4;
/// A `Leaf`'s or an `Exit`'s flags: its side-to-move value is its value
/// (`SIDE_SAME`), or its value negated (`SIDE_NEGATED`), bit for bit.
const SIDE_SAME: u8 = 8;
const SIDE_NEGATED: u8 = 16;

/// How a side-to-move value `m` stands to the value `n`: the flag
/// that says it, or 0 when it is neither `n` nor `-n` bit for bit.
#[inline]
fn side(n: Num, m: Num) -> u8 {
    if m.bits() == n.bits() {
        SIDE_SAME
    } else if m.bits() == (-n).bits() {
        SIDE_NEGATED
    } else {
        0
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tag {
    Enter,
    Probe,
    Leaf,
    Update,
    Cut,
    Extend,
    ForwardPrune,
    Evaluate,
    Exit,
    /// `TtProbe`, `TtStore`, `Research`, `Pass`: `a` indexes `rare`.
    Rare,
}

/// The events of one search, packed.
#[derive(Clone, Debug, Default)]
pub struct Packed {
    /// The slots, in chunks of [`CHUNK`] (the first grows to it as a
    /// vector does): a growing trace never copies what it holds, and a
    /// reader that consumes it ([`Packed::into_each_step`]) frees each chunk it has read.
    slots: Vec<Vec<Slot>>,
    len: usize,
    /// Every value and number an event holds (see [`Values`]).
    values: Values,
    windows: Interned<(u32, u32)>,
    /// A `Leaf`'s `(window, value, negamax)` when it has a window or a
    /// side-to-move value.
    leaves: Interned<[u32; 3]>,
    /// Pruned lists and a cut's cause, as runs: see [`Packed::push`].
    lists: Vec<u32>,
    rare: Vec<Event>,
    /// The index of `lists[0]` and of `rare[0]` among all the trace's: 0,
    /// but in a streaming trace, which sends these tables with each batch
    /// and keeps only what its slots being filled (or read) point into.
    lists_from: usize,
    rare_from: usize,
    /// Where full chunks go while the search runs ([`super::stream`]);
    /// then only the chunk being filled is held.
    sink: Sink,
    /// Every event as pushed, for the round-trip tests to compare with.
    #[cfg(test)]
    pub(super) pushed: Vec<Event>,
}

/// An event of a search that keeps its values as codes
/// ([`Trace::push_coded`](crate::search::trace::Trace::push_coded)): a
/// leaf's utility, an update without a window, an exit without a
/// side-to-move value.
#[derive(Clone, Copy, Debug)]
pub enum Coded {
    Leaf { node: crate::model::NodeId, child: u32, value: u32 },
    Update { child: u32, value: u32, best: bool },
    Exit { value: u32, bound: BoundKind },
}

impl Coded {
    /// The event it stands for.
    pub fn event(self, values: &Values) -> Event {
        match self {
            Coded::Leaf { node, child, value } => Event::Leaf {
                node,
                child,
                window: None,
                value: values.value_at(value),
                source: LeafSource::Utility,
                negamax: None,
            },
            Coded::Update { child, value, best } => {
                Event::Update { child, value: values.value_at(value), window: None, best }
            }
            Coded::Exit { value, bound } => Event::Exit { value: values.value_at(value), bound, negamax: None },
        }
    }
}

/// How long each interned table was (when a streaming trace last sent a batch).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Lengths {
    values: values::Lengths,
    windows: usize,
    leaves: usize,
}

/// What the interned tables gained since they had some [`Lengths`], and
/// the pruned lists and rare events of a batch's slots (from their index
/// `lists_from`, `rare_from` among all the trace's).
#[derive(Debug, Default)]
pub(super) struct Tables {
    values: values::Added,
    windows: Vec<(u32, u32)>,
    leaves: Vec<[u32; 3]>,
    lists: Vec<u32>,
    lists_from: usize,
    rare: Vec<Event>,
    rare_from: usize,
}

impl Packed {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many events enter a node (`Enter`, `Probe`, `Leaf`) and how
    /// many are `Cut`s, in one pass without decoding any.
    pub fn counts(&self) -> (usize, usize) {
        self.slots.iter().flatten().fold((0, 0), |(entered, cuts), s| match s.tag {
            Tag::Enter | Tag::Probe | Tag::Leaf => (entered + 1, cuts),
            Tag::Cut => (entered, cuts + 1),
            _ => (entered, cuts),
        })
    }

    /// Frees what only pushing needs (the interning maps) and spare
    /// capacity. Events pushed later still decode exactly; their values
    /// are just no longer shared with the earlier ones.
    pub fn shrink_to_fit(&mut self) {
        if let Some(last) = self.slots.last_mut() {
            last.shrink_to_fit();
        }
        self.slots.shrink_to_fit();
        self.windows.shrink_to_fit();
        self.leaves.shrink_to_fit();
        self.values.shrink_to_fit();
        self.lists.shrink_to_fit();
        self.rare.shrink_to_fit();
    }

    /// Bytes held, tables included (for the benchmarks).
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        self.slots.iter().map(|c| c.capacity() * size_of::<Slot>()).sum::<usize>()
            + self.slots.capacity() * size_of::<Vec<Slot>>()
            + self.values.heap_bytes()
            + self.windows.items.capacity() * 8
            + self.leaves.items.capacity() * 12
            + self.lists.capacity() * 4
            + self.rare.capacity() * size_of::<Event>()
    }

    /// Records `event`. The events a search without windows pushes for
    /// every node (enter, leaf, update, exit, with a number for a value)
    /// are packed here, inline where they are pushed, so the search's
    /// `Event` is never built; the rest by [`Packed::push_any`]. Both give
    /// the slot that decodes to the event pushed.
    ///
    /// A streaming trace sends no update that found no new best: its
    /// reader is an analysis, which reads of an update only that (see
    /// [`crate::search::stream`]).
    #[inline(always)]
    pub fn push(&mut self, event: Event) {
        if let Event::Update { best, .. } = event
            && !self.records_update(best)
        {
            return;
        }
        #[cfg(test)]
        self.pushed.push(event.clone());
        let slot = |tag, flags, a, b, c| Slot { tag, flags, d: 0, a, b, c };
        let s = match event {
            Event::Enter { node, child, window: None } => slot(Tag::Enter, 0, node.0, child, NONE),
            // A negamax leaf's side-to-move value is a flag (see `push_any`).
            Event::Leaf { node, child, window: None, value: Value::Scalar(n), source, negamax }
                if negamax.is_none_or(|m| side(n, m) != 0) =>
            {
                let flags = source_code(source) | negamax.map_or(0, |m| side(n, m));
                slot(Tag::Leaf, flags, node.0, child, self.values.num(n))
            }
            Event::Update { child, value: Value::Scalar(n), window: None, best } => {
                slot(Tag::Update, u8::from(best), child, self.values.num(n), NONE)
            }
            // So is an exit's (in the negamax searches, always).
            Event::Exit { value: Value::Scalar(n), bound, negamax } => {
                let side = negamax.map_or(0, |m| side(n, m));
                let negamax = match negamax {
                    Some(m) if side == 0 => self.values.num(m),
                    _ => NONE,
                };
                slot(Tag::Exit, bound_code(bound) | side, self.values.num(n), negamax, 0)
            }
            event => return self.push_any(event),
        };
        self.push_slot(s);
    }

    /// [`Packed::push`] of any event.
    #[inline(never)]
    fn push_any(&mut self, event: Event) {
        let slot = |tag, flags, a, b, c| Slot { tag, flags, d: 0, a, b, c };
        let s = match event {
            Event::Enter { node, child, window } => slot(Tag::Enter, 0, node.0, child, self.window(window)),
            Event::Probe { node, child, window } => slot(Tag::Probe, 0, node.0, child, self.window(window)),
            Event::Leaf { node, child, window, value, source, negamax } => {
                let mut flags = source_code(source);
                // A side-to-move value that is the value or its negation
                // (always, in the negamax searches) is a flag.
                let negamax = match (&value, negamax) {
                    (Value::Scalar(n), Some(m)) => match side(*n, m) {
                        0 => Some(m),
                        side => {
                            flags |= side;
                            None
                        }
                    },
                    (_, m) => m,
                };
                let small = match &value {
                    Value::Scalar(n) => n.as_i64().filter(|_| n.is_exact()).and_then(|i| i16::try_from(i).ok()),
                    Value::Vector(_) => None,
                };
                if let (Some(d), Some(w), None) = (small, window, negamax) {
                    let s = slot(Tag::Leaf, flags | LEAF_INLINE, node.0, child, self.window(Some(w)));
                    return self.push_slot(Slot { d, ..s });
                }
                let value = self.values.value(value);
                if window.is_none() && negamax.is_none() {
                    slot(Tag::Leaf, flags, node.0, child, value)
                } else {
                    let triple = [self.window(window), value, negamax.map_or(NONE, |n| self.values.num(n))];
                    slot(Tag::Leaf, flags | 2, node.0, child, self.leaves.intern(triple))
                }
            }
            Event::Update { child, value, window, best } => {
                let (value, window) = (self.values.value(value), self.window(window));
                slot(Tag::Update, u8::from(best), child, value, window)
            }
            Event::Cut { kind, value, bound, cause, pruned } => {
                let (cause, depth) = match cause {
                    Cause::Ancestor(d) => (0, d),
                    Cause::Bounds => (1, 0),
                    Cause::Table => (2, 0),
                    Cause::Pass => (3, 0),
                };
                let kind = match kind {
                    CutKind::Alpha => 0,
                    CutKind::Beta => 1,
                    CutKind::Chance { high: false } => 2,
                    CutKind::Chance { high: true } => 3,
                    CutKind::Shallow => 4,
                };
                let at = index(self.lists_from + self.lists.len());
                self.lists.push(depth);
                self.list(&pruned);
                slot(Tag::Cut, kind | cause << 4, at, self.values.num(value), self.values.num(bound))
            }
            Event::Extend { node, child, reason } => match reason {
                ExtendReason::Quiescence => slot(Tag::Extend, 0, node.0, child, 0),
                ExtendReason::Singular { at } => slot(Tag::Extend, 1, node.0, child, at),
            },
            Event::ForwardPrune { pruned } => {
                let at = index(self.lists_from + self.lists.len());
                self.list(&pruned);
                slot(Tag::ForwardPrune, 0, at, 0, 0)
            }
            Event::Evaluate { value, source } => {
                slot(Tag::Evaluate, source_code(source), self.values.value(value), 0, 0)
            }
            Event::Exit { value, bound, negamax } => {
                let (value, negamax) = (self.values.value(value), negamax.map_or(NONE, |n| self.values.num(n)));
                slot(Tag::Exit, bound_code(bound), value, negamax, 0)
            }
            rare @ (Event::TtProbe { .. } | Event::TtStore { .. } | Event::Research { .. } | Event::Pass { .. }) => {
                self.rare.push(rare);
                slot(Tag::Rare, 0, index(self.rare_from + self.rare.len() - 1), 0, 0)
            }
        };
        self.push_slot(s);
    }

    /// Records an event whose value is already a code of this trace's
    /// values ([`Packed::vector_code`]): the slot [`Packed::push`] makes of
    /// the same event with the value itself, without the value handed in
    /// (for `maxn`, a shared vector's reference count changed each time).
    pub fn push_coded(&mut self, event: Coded) {
        let slot = |tag, flags, a, b, c| Slot { tag, flags, d: 0, a, b, c };
        let s = match event {
            Coded::Leaf { node, child, value } => {
                slot(Tag::Leaf, source_code(LeafSource::Utility), node.0, child, value)
            }
            Coded::Update { child, value, best } if self.records_update(best) => {
                slot(Tag::Update, u8::from(best), child, value, NONE)
            }
            Coded::Update { .. } => return,
            Coded::Exit { value, bound } => slot(Tag::Exit, bound_code(bound), value, NONE, 0),
        };
        #[cfg(test)]
        self.pushed.push(event.event(&self.values));
        self.push_slot(s);
    }

    /// The code of vector `vs` among this trace's values.
    pub fn vector_code(&mut self, vs: std::sync::Arc<[Num]>) -> u32 {
        self.values.vector_code(vs)
    }

    /// The numbers of a vector's code.
    pub fn vector_numbers(&self, code: u32) -> &[Num] {
        self.values.vector_numbers(code)
    }

    fn push_slot(&mut self, s: Slot) {
        match self.slots.last_mut() {
            Some(chunk) if chunk.len() < CHUNK => chunk.push(s),
            // The first chunk grows as a vector does (most traces are
            // small); the next ones are made whole.
            last => {
                let mut chunk = Vec::with_capacity(if last.is_none() { 16 } else { CHUNK });
                chunk.push(s);
                self.slots.push(chunk);
            }
        }
        self.len += 1;
        if let Some(out) = &self.sink.0
            && self.slots.last().is_some_and(|c| c.len() >= out.batch)
        {
            self.send(true);
        }
    }

    /// Whether an update that finds a new best (`best`) or none is
    /// recorded: a streaming trace records only those that find one (see
    /// [`Packed::push`]).
    pub fn records_update(&self, best: bool) -> bool {
        best || self.sink.0.is_none()
    }

    /// Sends its events to `sink`'s reader, a batch at a time: given to
    /// a trace before anything is recorded.
    pub fn attach(&mut self, sink: Sink) {
        debug_assert!(self.is_empty(), "a stream starts with its trace");
        self.sink = sink;
    }

    /// Sends what is left to the reader and closes the stream: the reader
    /// has every event. Nothing for a trace that keeps its events.
    pub fn finish(&mut self) {
        if self.sink.0.is_some() {
            while !self.slots.is_empty() {
                self.send(false);
            }
            self.sink = Sink::none();
        }
    }

    /// A streaming trace sends its oldest chunk of slots, with the side
    /// tables' growth since the last batch, and (`refill`) fills a fresh one.
    fn send(&mut self, refill: bool) {
        let Some(out) = self.sink.0.as_mut() else { return };
        let chunk = self.slots.remove(0);
        let now = Lengths {
            values: self.values.lengths(),
            windows: self.windows.items.len(),
            leaves: self.leaves.items.len(),
        };
        let was = std::mem::replace(&mut out.sent, now);
        // The lists and rare events go whole: only this batch's slots
        // point into them (the slots in the chunk still to fill, none yet).
        let tables = Tables {
            values: self.values.added_since(was.values),
            windows: self.windows.items[was.windows..].to_vec(),
            leaves: self.leaves.items[was.leaves..].to_vec(),
            lists: std::mem::take(&mut self.lists),
            lists_from: self.lists_from,
            rare: std::mem::take(&mut self.rare),
            rare_from: self.rare_from,
        };
        self.lists_from += tables.lists.len();
        self.rare_from += tables.rare.len();
        let next = out.send(chunk, tables);
        if refill && self.slots.is_empty() {
            self.slots.push(next);
        }
    }

    /// A reader of a streamed trace takes in the side tables' growth, and
    /// the lists and rare events of the batch it reads next (those of the
    /// batch before, all read, are dropped).
    fn absorb(&mut self, tables: Tables) {
        self.values.absorb(tables.values);
        self.windows.items.extend(tables.windows);
        self.leaves.items.extend(tables.leaves);
        (self.lists, self.lists_from) = (tables.lists, tables.lists_from);
        (self.rare, self.rare_from) = (tables.rare, tables.rare_from);
    }

    /// The event at `i`, decoded (of a trace that keeps its events).
    pub fn get(&self, i: usize) -> Option<Event> {
        let slot = *self.slots.get(i >> CHUNK_SHIFT)?.get(i & (CHUNK - 1))?;
        Some(self.decode(slot))
    }

    /// Events `from..to` alone, with this trace's tables.
    pub fn slice(&self, from: usize, to: usize) -> Packed {
        let to = to.min(self.len());
        let mut out = Packed::default();
        for i in from.min(to)..to {
            out.push_slot(self.slots[i >> CHUNK_SHIFT][i & (CHUNK - 1)]);
        }
        out.values = self.values.for_reading();
        out.windows = self.windows.for_reading();
        out.leaves = self.leaves.for_reading();
        out.lists.clone_from(&self.lists);
        out.rare.clone_from(&self.rare);
        (out.lists_from, out.rare_from) = (self.lists_from, self.rare_from);
        #[cfg(test)]
        out.pushed.extend_from_slice(&self.pushed[from.min(to)..to]);
        out
    }

    fn list(&mut self, items: &[u32]) {
        self.lists.push(index(items.len()));
        self.lists.extend_from_slice(items);
    }

    fn window(&mut self, w: Option<Window>) -> u32 {
        match w {
            None => NONE,
            Some(Window { alpha, beta }) => {
                let key = (self.values.num(alpha), self.values.num(beta));
                self.windows.intern(key)
            }
        }
    }
}

fn bound_code(bound: BoundKind) -> u8 {
    match bound {
        BoundKind::Exact => 0,
        BoundKind::Lower => 1,
        BoundKind::Upper => 2,
    }
}

fn source_code(source: LeafSource) -> u8 {
    match source {
        LeafSource::Utility => 0,
        LeafSource::Eval => 1,
    }
}

#[cfg(test)]
#[path = "packed_tests.rs"]
mod tests;
