//! A trace read while the search still runs: its slots go in batches to a
//! reader on another thread, so a big search's trace is never held whole
//! and reading it (the analysis) overlaps the search.
//!
//! The reader decodes the events pushed, in order: each batch carries its
//! slots and what the trace's side tables (values, windows, pruned lists,
//! rare events) gained since the previous batch. The tables only ever
//! grow, so the reader's copy of them is always the whole table a slot's
//! index points into. The reader is an analysis, and of an update it
//! reads only whether a new best was found: updates that found none (most
//! of a search's events, in the searches that visit every node) are not
//! sent. Invariant: the analysis of a streamed search is the analysis of
//! its whole trace ([`Trace::events`](super::trace::Trace::events)), so
//! their reports are the same (`tests/stream_laws.rs` compares them on
//! random trees, with batches of a few events).
//!
//! Only a search that never reads its own trace back may stream (see
//! [`super::streams`]): the slots it has sent are gone from it.

use std::sync::Mutex;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use crate::search::packed::{Lengths, Packed, Slot, Tables};
use crate::search::trace::{Step, Steps};
use crate::search::values::Values;

/// Events a streaming trace sends at a time (256 KiB of slots: with the
/// batches in flight and their spares, a few MiB at most, whatever the
/// tree's size; bigger batches were no faster).
pub const BATCH: usize = 1 << 14;

/// Batches on their way to the reader at most (the search waits past
/// that: a reader that falls behind costs no memory).
const IN_FLIGHT: usize = 4;

/// Where a trace sends its events, if anywhere: given to a search with
/// [`Algorithm::search_to`](super::Algorithm::search_to).
#[derive(Debug, Default)]
pub struct Sink(pub(super) Option<Outlet>);

/// A copy of a streaming trace keeps its events: the events go to one reader.
impl Clone for Sink {
    fn clone(&self) -> Sink {
        Sink(None)
    }
}

impl Sink {
    /// No reader: the trace keeps its events.
    pub fn none() -> Sink {
        Sink(None)
    }
}

/// A sink and the reader of what reaches it, `batch` events at a time.
pub fn channel(batch: usize) -> (Sink, Stream) {
    let batch = batch.clamp(1, BATCH);
    let (tx, rx) = sync_channel(IN_FLIGHT);
    let (spare_tx, spare_rx) = sync_channel(IN_FLIGHT);
    let outlet = Outlet { tx, spare: Mutex::new(spare_rx), batch, sent: Lengths::default() };
    let stream = Stream { reader: Packed::default(), rx, spare: spare_tx };
    (Sink(Some(outlet)), stream)
}

/// The sending end, held by a streaming trace.
#[derive(Debug)]
pub(super) struct Outlet {
    tx: SyncSender<Batch>,
    /// Slot vectors the reader is done with, to fill again (in a mutex
    /// only so that a trace stays `Sync`: one thread ever takes from it).
    spare: Mutex<Receiver<Vec<Slot>>>,
    pub(super) batch: usize,
    /// How long each side table was when the last batch went: only what
    /// was added since goes with the next.
    pub(super) sent: Lengths,
}

/// Slots and the side tables' growth since the previous batch.
#[derive(Debug)]
pub(super) struct Batch {
    slots: Vec<Slot>,
    tables: Tables,
}

impl Outlet {
    /// Sends `slots` with `tables`; gives back an empty vector to fill next.
    pub(super) fn send(&mut self, slots: Vec<Slot>, tables: Tables) -> Vec<Slot> {
        let spare = self.spare.get_mut().ok().and_then(|spare| spare.try_recv().ok());
        let next = spare.unwrap_or_else(|| Vec::with_capacity(self.batch));
        // A reader that is gone (it panicked) takes nothing more; the
        // search runs on and the panic is raised where the reader is joined.
        let _ = self.tx.send(Batch { slots, tables });
        next
    }
}

/// The reading end: the events in order, as the search sends them, read
/// with [`Steps::each_step`]; they end when the search is over
/// ([`Trace::finish`](super::trace::Trace::finish)).
#[derive(Debug)]
pub struct Stream {
    /// The side tables as received so far (its own slots are unused).
    reader: Packed,
    rx: Receiver<Batch>,
    spare: SyncSender<Vec<Slot>>,
}

impl Steps for Stream {
    fn each_step(self, mut f: impl FnMut(Step<'_>, &Values)) -> Values {
        let Stream { mut reader, rx, spare } = self;
        while let Ok(Batch { slots, tables }) = rx.recv() {
            reader.read_batch(tables, &slots, &mut f);
            let mut done = slots;
            done.clear();
            // The search may have all the vectors it needs: then this one goes.
            let _ = spare.try_send(done);
        }
        reader.into_values()
    }
}
