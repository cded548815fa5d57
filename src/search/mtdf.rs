//! `mtdf`: Plaat's MTD(f), a sequence of null-window `negamax-tt` passes.
//!
//! Aske Plaat, "MTD(f), a minimax algorithm faster than NegaScout" (1997):
//!
//! ```text
//! function MTDF(root : node_type; f : integer; d : integer) : integer;
//!     g := f;
//!     upperbound := +INFINITY;
//!     lowerbound := -INFINITY;
//!     repeat
//!         if g == lowerbound then beta := g + 1 else beta := g;
//!         g := AlphaBetaWithMemory(root, beta - 1, beta, d);
//!         if g < beta then upperbound := g else lowerbound := g;
//!     until lowerbound >= upperbound;
//!     return g;
//! ```
//!
//! AlphaBetaWithMemory is `negamax-tt`, whose table lives across passes.
//! Windows and values are MAX's. The first guess f is `--guess` (default
//! 0). The bounds start at the declared `bounds` (±∞ without them or with
//! `--ignore-bounds`). "+1" is "+δ", δ as in `pvs` (1 for integer trees,
//! else the smallest gap between distinct utilities, evals and bounds), so
//! the pass with window (β − δ, β) asks exactly "is the value ≥ β?". Each
//! pass is a `Pass` event followed by a whole search from the root: the
//! visit order is the concatenation of the passes. The value, best move,
//! node values and pruned edges are read from the deciding pass — the last
//! one that searched the root's children and raised the bound on the root
//! player's side (the lower bound for a MAX root: its cutting root move is
//! the leftmost move attaining the value), or returned a value strictly
//! inside its window (possible when the guess is not a leaf value). The
//! principal variation is that move only: a null-window pass proves a
//! bound, not the line below it. When floating point loses δ (huge values
//! with tiny gaps, where a null window cannot move a bound), a last pass
//! searches the whole window left, `(lower, upper)`.

use crate::model::Game;
use crate::num::Num;
use crate::search::Algorithm;
use crate::search::negamax_tt::TtSearch;
use crate::search::options::{CutRule, FailMode, Options};
use crate::search::pvs::null_delta;
use crate::search::root_window;
use crate::search::stream::Sink;
use crate::search::trace::{Cause, Event, PassKind, Trace, Window};

pub fn mtdf(game: &Game, opts: &Options, sink: Sink) -> Trace {
    let opts = Options { fail: FailMode::Soft, cuts: CutRule::OnEquality, ..opts.clone() };
    let delta = null_delta(game, &opts);
    let mut search = TtSearch::new(game, &opts, Algorithm::Mtdf);
    search.trace.attach(sink);
    let (mut lower, mut upper) = root_window(game, &opts);
    // A first guess outside what the bounds allow is moved to the nearest bound.
    let mut g = opts.guess.unwrap_or(Num::ZERO).clamp(lower, upper);
    let mut number = 1;
    loop {
        let beta = if g == lower { g + delta } else { g };
        if beta - delta >= beta || (g == lower && beta <= lower) {
            // δ is lost in floating point (huge values, tiny gaps): no null
            // window can tell more. One last pass over all that is left.
            return last_pass(search, number, lower, upper);
        }
        let window = Window { alpha: beta - delta, beta };
        search.trace.push(Event::Pass { number, kind: PassKind::Mtdf { window, lower, upper } });
        let before = (lower, upper);
        g = search.root(beta - delta, beta, Cause::Pass);
        if g < beta {
            upper = g;
        } else {
            lower = g;
        }
        number += 1;
        if lower >= upper {
            return search.trace;
        }
        if lower <= before.0 && upper >= before.1 {
            // Rounding kept the pass from moving either bound (found by
            // fuzzing: it would loop for ever).
            return last_pass(search, number, lower, upper);
        }
    }
}

/// Searches the root once with the window `(lower, upper)`, which holds the
/// value: alpha-beta with the table's memory, fail-soft, so the value
/// comes out exact (or as the bound it equals).
fn last_pass(mut search: TtSearch<'_>, number: u32, lower: Num, upper: Num) -> Trace {
    let window = Window { alpha: lower, beta: upper };
    search.trace.push(Event::Pass { number, kind: PassKind::Mtdf { window, lower, upper } });
    search.root(lower, upper, Cause::Pass);
    search.trace
}
