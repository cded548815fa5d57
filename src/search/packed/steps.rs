//! A slot read as a [`Step`]: the event it holds with its values left as
//! codes of the trace's own [`Values`] and its lists borrowed. The
//! analysis reads a trace so, keeping the codes as they are (its table is
//! the trace's), with no [`Event`] built, copied and dropped per slot;
//! [`Packed::decode`] makes the [`Event`] from the same step, so the two
//! readings of a slot cannot disagree.

use super::{LEAF_INLINE, NONE, Packed, SIDE_NEGATED, SIDE_SAME, Slot, Tables, Tag};
use crate::model::NodeId;
use crate::search::trace::{BoundKind, Cause, CutKind, Event, ExtendReason, LeafSource, Window};
use crate::search::values::{self, Values};

/// No window: the window codes of an event searched without one.
const NO_WINDOW: [u32; 2] = [NONE, NONE];

/// One event of a trace as it is stored: what [`Event`] says, each value a
/// code of the trace's [`Values`] (`NONE` for none), each window its
/// `[α, β]` codes (both `NONE` for none).
#[derive(Clone, Copy, Debug)]
pub enum Step<'a> {
    Enter {
        node: NodeId,
        child: u32,
        window: [u32; 2],
    },
    Probe {
        node: NodeId,
        child: u32,
        window: [u32; 2],
    },
    Leaf {
        node: NodeId,
        child: u32,
        window: [u32; 2],
        value: u32,
        source: LeafSource,
        negamax: Side,
    },
    Update {
        child: u32,
        value: u32,
        window: [u32; 2],
        best: bool,
    },
    Cut {
        kind: CutKind,
        value: u32,
        bound: u32,
        cause: Cause,
        pruned: &'a [u32],
    },
    Extend {
        node: NodeId,
        child: u32,
        reason: ExtendReason,
    },
    ForwardPrune {
        pruned: &'a [u32],
    },
    Evaluate {
        value: u32,
        source: LeafSource,
    },
    Exit {
        value: u32,
        bound: BoundKind,
        negamax: Side,
    },
    /// Table probes and stores, re-searches, passes: kept whole.
    Rare(&'a Event),
}

/// The side-to-move value of a leaf or an exit (negamax-style searches).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    None,
    /// Its value, bit for bit.
    Same,
    /// Its value negated, bit for bit.
    Negated,
    /// Another number: its code.
    Code(u32),
}

/// The side-to-move value a slot's `flags` and `code` say.
fn side(flags: u8, code: u32) -> Side {
    if flags & SIDE_SAME != 0 {
        Side::Same
    } else if flags & SIDE_NEGATED != 0 {
        Side::Negated
    } else if code == NONE {
        Side::None
    } else {
        Side::Code(code)
    }
}

impl Packed {
    /// What `slot` holds, as it is stored.
    #[inline(always)]
    pub(super) fn step(&self, slot: Slot) -> Step<'_> {
        let Slot { tag, flags, d, a, b, c } = slot;
        let source = if flags & 1 == 0 { LeafSource::Utility } else { LeafSource::Eval };
        match tag {
            Tag::Enter => Step::Enter { node: NodeId(a), child: b, window: self.window_codes(c) },
            Tag::Probe => Step::Probe { node: NodeId(a), child: b, window: self.window_codes(c) },
            Tag::Leaf => {
                let (window, value, negamax) = if flags & LEAF_INLINE != 0 {
                    (self.window_codes(c), values::int_code(d), NONE)
                } else if flags & 2 == 0 {
                    (NO_WINDOW, c, NONE)
                } else {
                    let [window, value, negamax] = self.leaves.items[c as usize];
                    (self.window_codes(window), value, negamax)
                };
                Step::Leaf { node: NodeId(a), child: b, window, value, source, negamax: side(flags, negamax) }
            }
            Tag::Update => Step::Update { child: a, value: b, window: self.window_codes(c), best: flags == 1 },
            Tag::Cut => {
                let kind = match flags & 15 {
                    0 => CutKind::Alpha,
                    1 => CutKind::Beta,
                    2 => CutKind::Chance { high: false },
                    3 => CutKind::Chance { high: true },
                    _ => CutKind::Shallow,
                };
                let cause = match flags >> 4 {
                    0 => Cause::Ancestor(self.lists[a as usize - self.lists_from]),
                    1 => Cause::Bounds,
                    2 => Cause::Table,
                    _ => Cause::Pass,
                };
                Step::Cut { kind, value: b, bound: c, cause, pruned: self.list_at(a as usize + 1) }
            }
            Tag::Extend => {
                let reason = if flags == 0 { ExtendReason::Quiescence } else { ExtendReason::Singular { at: c } };
                Step::Extend { node: NodeId(a), child: b, reason }
            }
            Tag::ForwardPrune => Step::ForwardPrune { pruned: self.list_at(a as usize) },
            Tag::Evaluate => Step::Evaluate { value: a, source },
            Tag::Exit => {
                let bound = match flags & 3 {
                    0 => BoundKind::Exact,
                    1 => BoundKind::Lower,
                    _ => BoundKind::Upper,
                };
                Step::Exit { value: a, bound, negamax: side(flags, b) }
            }
            Tag::Rare => Step::Rare(&self.rare[a as usize - self.rare_from]),
        }
    }

    /// Calls `f` with what `slot` holds and the table its codes are read
    /// in: `f(self.step(slot), values)`, in an arm of its own for each
    /// common kind of step. Built in one place for every kind, a step went
    /// through memory, written a field at a time and read back in wider
    /// words, which the processor cannot forward from the stores: that
    /// stall was a third of the analysis's time. Built where its kind is
    /// known, its fields reach `f` in registers.
    #[inline(always)]
    fn give(&self, slot: Slot, f: &mut impl FnMut(Step<'_>, &Values)) {
        let values = &self.values;
        match slot.tag {
            Tag::Enter => f(self.step(slot), values),
            Tag::Leaf => f(self.step(slot), values),
            Tag::Update => f(self.step(slot), values),
            Tag::Exit => f(self.step(slot), values),
            _ => f(self.step(slot), values),
        }
    }

    /// The event `slot` holds.
    pub(super) fn decode(&self, slot: Slot) -> Event {
        event(self.step(slot), &self.values)
    }

    /// The `[α, β]` codes of window `w` ([`NO_WINDOW`] for `NONE`).
    #[inline]
    fn window_codes(&self, w: u32) -> [u32; 2] {
        self.windows.items.get(w as usize).map_or(NO_WINDOW, |&(alpha, beta)| [alpha, beta])
    }

    /// Run `at` of the pruned lists (its length, then its items).
    fn list_at(&self, at: usize) -> &[u32] {
        let at = at - self.lists_from;
        let n = self.lists[at] as usize;
        &self.lists[at + 1..at + 1 + n]
    }

    /// Calls `f` with each event in order, as stored, and the table its
    /// codes are read in; gives back a copy of that table.
    pub fn each_step(&self, mut f: impl FnMut(Step<'_>, &Values)) -> Values {
        for chunk in &self.slots {
            for &slot in chunk {
                self.give(slot, &mut f);
            }
        }
        self.values.for_reading()
    }

    /// A streamed trace's reader takes in a batch: the side tables'
    /// growth, then its slots, each read with `f`.
    pub(in crate::search) fn read_batch(
        &mut self,
        tables: Tables,
        slots: &[Slot],
        f: &mut impl FnMut(Step<'_>, &Values),
    ) {
        self.absorb(tables);
        for &slot in slots {
            self.give(slot, f);
        }
    }

    /// The table a reader's codes are read in, once it has read everything.
    pub(in crate::search) fn into_values(self) -> Values {
        self.values
    }

    /// [`Packed::each_step`], the trace consumed: each chunk of slots is
    /// freed once read, and the table is given back whole.
    pub fn into_each_step(mut self, mut f: impl FnMut(Step<'_>, &Values)) -> Values {
        for chunk in std::mem::take(&mut self.slots) {
            for &slot in &chunk {
                self.give(slot, &mut f);
            }
        }
        self.values
    }
}

impl Side {
    /// The number it says, beside the value coded `v`.
    fn of(self, v: u32, values: &Values) -> Option<crate::num::Num> {
        match self {
            Side::None => None,
            Side::Same => Some(values.num_at(v)),
            Side::Negated => Some(-values.num_at(v)),
            Side::Code(n) => Some(values.num_at(n)),
        }
    }
}

/// The event `step` says, its codes read in `values`.
pub fn event(step: Step<'_>, values: &Values) -> Event {
    let window = |[alpha, beta]: [u32; 2]| {
        (alpha != NONE).then(|| Window { alpha: values.num_at(alpha), beta: values.num_at(beta) })
    };
    let value = |v| values.value_at(v);
    match step {
        Step::Enter { node, child, window: w } => Event::Enter { node, child, window: window(w) },
        Step::Probe { node, child, window: w } => Event::Probe { node, child, window: window(w) },
        Step::Leaf { node, child, window: w, value: v, source, negamax } => {
            Event::Leaf { node, child, window: window(w), value: value(v), source, negamax: negamax.of(v, values) }
        }
        Step::Update { child, value: v, window: w, best } => {
            Event::Update { child, value: value(v), window: window(w), best }
        }
        Step::Cut { kind, value, bound, cause, pruned } => Event::Cut {
            kind,
            value: values.num_at(value),
            bound: values.num_at(bound),
            cause,
            pruned: pruned.to_vec(),
        },
        Step::Extend { node, child, reason } => Event::Extend { node, child, reason },
        Step::ForwardPrune { pruned } => Event::ForwardPrune { pruned: pruned.to_vec() },
        Step::Evaluate { value: v, source } => Event::Evaluate { value: value(v), source },
        Step::Exit { value: v, bound, negamax } => {
            Event::Exit { value: value(v), bound, negamax: negamax.of(v, values) }
        }
        Step::Rare(event) => event.clone(),
    }
}
