//! The search trace: what an algorithm did, as a list of events.
//!
//! Every algorithm records events in the order it does things; values,
//! visit order, pruned edges, statistics, the narrated trace and diagrams
//! are all read off this one list (see `analysis`), so they can never
//! disagree. Events nest like a depth-first walk: `Enter … Exit` brackets an
//! inner node, `Leaf` stands for entering and leaving a node evaluated
//! directly. All values and windows are from MAX's point of view, for
//! negamax-style algorithms too (which add the side-to-move value on exits).

use crate::model::NodeId;
use crate::num::Num;
use crate::search::options::Options;
use crate::search::packed::Packed;
pub use crate::search::packed::{Coded, Side, Step};
use crate::search::stream::Sink;
use crate::search::values::Values;

/// A node's value: a number, or a vector in multi-player games.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Scalar(Num),
    /// Shared: a node's vector is one of its children's, so visits and the
    /// trace hold one copy.
    Vector(std::sync::Arc<[Num]>),
}

impl Value {
    pub fn scalar(&self) -> Option<Num> {
        match self {
            Value::Scalar(v) => Some(*v),
            Value::Vector(_) => None,
        }
    }
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Scalar(v) => write!(f, "{v}"),
            Value::Vector(vs) => {
                let parts: Vec<String> = vs.iter().map(|v| v.to_string()).collect();
                write!(f, "({})", parts.join(", "))
            }
        }
    }
}

/// The `(α, β)` window a node is searched with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Window {
    pub alpha: Num,
    pub beta: Num,
}

/// What a returned value says about the node's true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoundKind {
    /// The true value.
    Exact,
    /// The true value is at least this (a MAX node that cut).
    Lower,
    /// The true value is at most this (a MIN node that cut).
    Upper,
}

impl BoundKind {
    pub fn word(self) -> &'static str {
        match self {
            BoundKind::Exact => "exact",
            BoundKind::Lower => "lower",
            BoundKind::Upper => "upper",
        }
    }
}

/// The two kinds of cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CutKind {
    /// At a MIN node: `v ≤ α`.
    Alpha,
    /// At a MAX node: `v ≥ β`.
    Beta,
    /// At a CHANCE node (`star1`, `star2`): even if every remaining outcome
    /// scored the best the bounds allow, its value stays `≤ α`
    /// (`high: false`), or even at the worst it stays `≥ β` (`high: true`):
    /// a "chance-branch cut". `value` is that bound on the chance node's
    /// value; `bound` is α or β.
    Chance { high: bool },
    /// At a max^n node (`maxn --shallow`, Korf 1991): the player to move has
    /// `value ≥ bound = sum − what the parent's player already has`, so the
    /// parent's player cannot gain here.
    Shallow,
}

/// Whose bound made a node stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// The ancestor at this depth on the current path (root = 0) set it.
    Ancestor(u32),
    /// The root window: the declared `bounds`.
    Bounds,
    /// The node's own bound, tightened by a transposition-table entry.
    Table,
    /// The root window of an MTD(f) pass (its null window).
    Pass,
}

/// Where a directly evaluated node's value came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeafSource {
    /// A terminal node's utility.
    Utility,
    /// An inner node at the depth cutoff: its `eval`.
    Eval,
}

/// Why a node at or past the depth cutoff's ply is searched, not evaluated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExtendReason {
    /// `--quiescence`: it is `[noisy]`, so the search looks further.
    Quiescence,
    /// `--singular-extension`: the node at ply `at` on its path (maybe
    /// itself) stood out among its siblings, so its depth counter was not
    /// advanced.
    Singular { at: u32 },
}

/// One thing an algorithm did.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// Start searching an inner node, reached as child number `child`
    /// (0-based, as written) of the node being searched; the root is 0.
    Enter { node: NodeId, child: u32, window: Option<Window> },
    /// Start a `star2` probe of a MAX/MIN child of a CHANCE node: like
    /// `Enter`, closed by `Exit`, but only the node's first child (in search
    /// order) is searched, for a cheap bound. The node may be entered again
    /// for its full search.
    Probe { node: NodeId, child: u32, window: Option<Window> },
    /// Evaluate a node directly (a leaf, or a node at the depth cutoff).
    Leaf { node: NodeId, child: u32, window: Option<Window>, value: Value, source: LeafSource, negamax: Option<Num> },
    /// Child `child` of the current node returned; `value` is the node's
    /// running value, `window` its window after the update, `best` whether
    /// this child is now the node's best.
    Update { child: u32, value: Value, window: Option<Window>, best: bool },
    /// The current node stops early: `value` passed `bound` (β for a
    /// beta-cut, α for an alpha-cut); `pruned` are the children never
    /// entered, in the order they would have been searched.
    Cut { kind: CutKind, value: Num, bound: Num, cause: Cause, pruned: Vec<u32> },
    /// The next `Enter` (child `child` of the current node) is past the
    /// depth cutoff, searched because of `reason`.
    Extend { node: NodeId, child: u32, reason: ExtendReason },
    /// `--beam`: the current node never considers these children (written
    /// indices, in written order); unlike a cut, no value caused it.
    ForwardPrune { pruned: Vec<u32> },
    /// The current node, entered and looked up in the transposition table
    /// without an answer, is at the depth cutoff: it is evaluated directly
    /// after all (`negamax-tt`, `mtdf`; the table is probed before the
    /// cutoff test, as in the pseudocode). Its `Exit` follows.
    Evaluate { value: Value, source: LeafSource },
    /// Leave the current node returning `value`.
    Exit { value: Value, bound: BoundKind, negamax: Option<Num> },
    /// Look the current node up in the transposition table (`slot`: its
    /// index in a table of `--tt-size` entries); `found` is the entry for
    /// this key, if any (boxed: every event is as big as the biggest, and
    /// probes are rare), and `outcome` what the search did with it.
    TtProbe { key: TtKey, slot: Option<u64>, found: Option<Box<TtEntry>>, outcome: TtOutcome },
    /// Store the current node's result; `replaced` is the other position
    /// whose entry it overwrote; `kept` is false when the depth-preferred
    /// scheme kept a deeper entry instead.
    TtStore { key: TtKey, slot: Option<u64>, entry: TtEntry, replaced: Option<Box<TtKey>>, kept: bool },
    /// Child `child` of the current node returned `scout` from a null-window
    /// search, inside the node's window: it is searched again with `window`
    /// (the child's window, MAX's view). The child appears again in the visit
    /// order.
    Research { child: u32, scout: Num, window: Window },
    /// A new pass over the tree starts (MTD(f) passes, iterative-deepening
    /// iterations): the root is entered again after this.
    Pass { number: u32, kind: PassKind },
}

/// A transposition-table key: a node's `[key=…]`, or the node itself (so
/// every `&B` reference to it shares one entry).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TtKey {
    Node(NodeId),
    Named(String),
}

/// What the table holds for a position, from MAX's point of view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TtEntry {
    pub value: Num,
    /// EXACT, LOWERBOUND or UPPERBOUND (of the MAX value).
    pub bound: BoundKind,
    /// The remaining depth it was searched to; `None`: to the end of the
    /// tree (no `--depth`), deep enough for every probe.
    pub depth: Option<u32>,
}

/// What a probe did.
#[derive(Clone, Debug, PartialEq)]
pub enum TtOutcome {
    /// No entry for this key; `occupant` is the other position whose entry
    /// holds the slot (a lossy table).
    Miss { occupant: Option<TtKey> },
    /// An entry searched to a smaller remaining depth than needed: unused.
    Shallow,
    /// An EXACT entry: the node returns its value at once.
    Exact,
    /// A LOWER/UPPER entry tightened the window to `window` (α := max(α, v)
    /// or β := min(β, v), MAX's view); the search goes on.
    Narrowed { window: Window },
    /// A bound that leaves no window (α ≥ β): the node returns its value.
    Cutoff { window: Window },
}

impl TtOutcome {
    /// Did the entry answer the node (its children are not searched)?
    pub fn answers(&self) -> bool {
        matches!(self, TtOutcome::Exact | TtOutcome::Cutoff { .. })
    }

    /// Was a deep-enough entry found for this key?
    pub fn is_hit(&self) -> bool {
        !matches!(self, TtOutcome::Miss { .. } | TtOutcome::Shallow)
    }
}

/// Which kind of pass over the tree.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PassKind {
    /// An MTD(f) pass with the null window `window` (MAX's view), run when
    /// the root's value was known to lie in `[lower, upper]`.
    Mtdf { window: Window, lower: Num, upper: Num },
    /// An iterative-deepening iteration to `depth`, searching root move
    /// `first` (the previous iteration's best) first. `missing_eval`: the
    /// iteration could not run, since this node at the horizon has no `eval`.
    Deepening { depth: u32, first: Option<u32>, missing_eval: Option<NodeId> },
}

/// Everything an algorithm run recorded: its events, packed (16 bytes
/// each, see `packed`) and read back as [`Event`]s.
#[derive(Clone, Debug)]
pub struct Trace {
    pub algorithm: crate::search::Algorithm,
    pub options: Options,
    events: Packed,
}

/// Two traces are equal when they record the same events.
impl PartialEq for Trace {
    fn eq(&self, other: &Trace) -> bool {
        self.algorithm == other.algorithm
            && self.options == other.options
            && self.len() == other.len()
            && self.events().eq(other.events())
    }
}

impl Trace {
    pub fn new(algorithm: crate::search::Algorithm, options: &Options) -> Trace {
        Trace { algorithm, options: options.clone(), events: Packed::default() }
    }

    /// The root's best child in a one-pass search: the last child whose
    /// `Update` improved the root's value (the leftmost of the best, as
    /// `Analysis::best_moves(Ties::First)` reads it).
    pub fn root_best_child(&self) -> Option<u32> {
        let (mut depth, mut found) = (0usize, None);
        for event in self.events() {
            match event {
                Event::Enter { .. } | Event::Probe { .. } => depth += 1,
                Event::Exit { .. } => depth = depth.saturating_sub(1),
                Event::Update { child, best: true, .. } if depth == 1 => found = Some(child),
                _ => {}
            }
        }
        found
    }

    #[inline(always)]
    pub fn push(&mut self, event: Event) {
        self.events.push(event);
    }

    /// Records an event whose value is a code of [`Trace::vector_code`]'s.
    pub fn push_coded(&mut self, event: Coded) {
        self.events.push_coded(event);
    }

    /// The code of vector `vs` among the trace's values: a search may keep
    /// its vectors as codes and push their events with
    /// [`Trace::push_coded`].
    pub fn vector_code(&mut self, vs: std::sync::Arc<[Num]>) -> u32 {
        self.events.vector_code(vs)
    }

    /// The numbers of a vector's code.
    pub fn vector_numbers(&self, code: u32) -> &[Num] {
        self.events.vector_numbers(code)
    }

    /// Sends the events to `sink`'s reader as they are pushed, a batch at
    /// a time ([`crate::search::stream`]): given to a new trace, and
    /// [`Trace::finish`]ed once the search is over. Such a trace keeps
    /// none of its events.
    pub fn attach(&mut self, sink: Sink) {
        self.events.attach(sink);
    }

    /// Whether an update that finds a new best (`best`) or none is
    /// recorded: a trace that streams records only those that find one
    /// (its reader is an analysis, which reads nothing else of an
    /// update), so a search need not work out the value of one it would
    /// drop.
    pub fn records_update(&self, best: bool) -> bool {
        self.events.records_update(best)
    }

    /// Sends the last events to the reader, if it has one, and ends its stream.
    pub fn finish(&mut self) {
        self.events.finish();
    }

    /// Appends every event of `other` (an iterative-deepening iteration).
    pub fn extend(&mut self, other: &Trace) {
        for event in other.events() {
            self.push(event);
        }
    }

    /// How many events were recorded.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// How many nodes were entered (`Enter`, `Probe` and `Leaf` events)
    /// and how many cuts were made (`Cut` events).
    pub fn counts(&self) -> (usize, usize) {
        self.events.counts()
    }

    /// Event `i`, decoded.
    pub fn get(&self, i: usize) -> Option<Event> {
        self.events.get(i)
    }

    /// The events in order, decoded one at a time.
    pub fn events(&self) -> Events<'_> {
        self.events_from(0)
    }

    /// The events from number `start` on.
    pub fn events_from(&self, start: usize) -> Events<'_> {
        Events { packed: &self.events, at: start, end: self.events.len() }
    }

    /// Events `from..to` of the same run, as a trace (a diagram's frame).
    pub fn slice(&self, from: usize, to: usize) -> Trace {
        Trace { algorithm: self.algorithm, options: self.options.clone(), events: self.events.slice(from, to) }
    }

    /// Drops what only recording needs, once the search is over.
    pub fn shrink_to_fit(&mut self) {
        self.events.shrink_to_fit();
    }

    #[cfg(test)]
    pub(crate) fn packed(&self) -> &Packed {
        &self.events
    }

    /// Heap bytes the events take (for the benchmarks).
    pub fn heap_bytes(&self) -> usize {
        self.events.heap_bytes()
    }

    /// The value the root returned.
    pub fn root_value(&self) -> Option<Value> {
        match self.get(self.len().checked_sub(1)?)? {
            Event::Exit { value, .. } | Event::Leaf { value, .. } => Some(value),
            _ => None,
        }
    }
}

/// Events that can be read once, in order, as [`Step`]s: a trace,
/// borrowed or consumed, or a [`Stream`](super::stream::Stream) of one.
pub trait Steps {
    /// Calls `f` with each event in order, as stored, and the table its
    /// codes are read in (a stream's only grows as it is read); gives
    /// back the whole table.
    fn each_step(self, f: impl FnMut(Step<'_>, &Values)) -> Values;
}

impl Steps for &Trace {
    fn each_step(self, f: impl FnMut(Step<'_>, &Values)) -> Values {
        self.events.each_step(f)
    }
}

/// The trace consumed: what has been read is freed as the reading goes
/// (a report of a big search never holds the whole trace and the whole
/// analysis at once).
impl Steps for Trace {
    fn each_step(self, f: impl FnMut(Step<'_>, &Values)) -> Values {
        self.events.into_each_step(f)
    }
}

/// A trace's events, decoded as they are read.
#[derive(Clone, Debug)]
pub struct Events<'a> {
    packed: &'a Packed,
    at: usize,
    end: usize,
}

impl Iterator for Events<'_> {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        if self.at >= self.end {
            return None;
        }
        self.at += 1;
        self.packed.get(self.at - 1)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.end.saturating_sub(self.at);
        (n, Some(n))
    }

    fn nth(&mut self, n: usize) -> Option<Event> {
        self.at = self.at.saturating_add(n).min(self.end);
        self.next()
    }
}

impl DoubleEndedIterator for Events<'_> {
    fn next_back(&mut self) -> Option<Event> {
        if self.at >= self.end {
            return None;
        }
        self.end -= 1;
        self.packed.get(self.end)
    }
}

impl ExactSizeIterator for Events<'_> {}
