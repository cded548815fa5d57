//! A report straight from a run: on a big tree, the search and the
//! analysis that reads its events run side by side.

use crate::analysis::Analysis;
use crate::diagnostic::Diagnostic;
use crate::model::Game;
use crate::report::AlgoReport;
use crate::search::options::Options;
use crate::search::{self, Algorithm, stream};

/// Nodes from which [`AlgoReport::run`] reads a search as it goes (below,
/// a second thread costs more than it saves).
const STREAM_FROM: usize = 1 << 16;

impl AlgoReport {
    /// The report of a run of `algo` on `game`: the same as
    /// [`AlgoReport::of`] the trace [`search::run`] gives, or why it
    /// cannot run. On a big tree, a run that [`search::streams`] is read as
    /// it goes: the analysis takes in the events on a second thread while
    /// the search records them, and the trace is never held whole.
    pub fn run(game: &Game, algo: Algorithm, opts: &Options) -> Result<AlgoReport, Diagnostic> {
        search::check(game, algo, opts)?;
        Ok(AlgoReport::run_checked(game, algo, opts))
    }

    /// [`AlgoReport::run`] of a run that [`search::check`] accepted.
    pub fn run_checked(game: &Game, algo: Algorithm, opts: &Options) -> AlgoReport {
        if search::streams(algo, opts)
            && game.len() >= STREAM_FROM
            && let Some(report) = AlgoReport::streamed(game, algo, opts, stream::BATCH)
        {
            return report;
        }
        AlgoReport::of(game, search::run_checked(game, algo, opts))
    }

    /// The report of a run that [`search::check`] accepted and that
    /// [`search::streams`], its events read `batch` at a time on a second
    /// thread as the search records them (none if no thread can be made).
    pub fn streamed(game: &Game, algo: Algorithm, opts: &Options, batch: usize) -> Option<AlgoReport> {
        let (sink, events) = stream::channel(batch);
        std::thread::scope(|scope| {
            let reader = std::thread::Builder::new()
                .spawn_scoped(scope, move || Analysis::of_steps(game, algo, opts.ties, events))
                .ok()?;
            let trace = algo.search_to(game, opts, sink);
            let analysis = reader.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            Some(AlgoReport::with(game, &trace, analysis))
        })
    }
}
