//! `ids`: iterative deepening alpha-beta.
//!
//! AIMA 3e §3.4.5 (ITERATIVE-DEEPENING-SEARCH: `for depth = 0 to ∞ do
//! result ← DEPTH-LIMITED-SEARCH(problem, depth)`), applied to games as in
//! §5.4 with `alphabeta` and EVAL at the horizon:
//!
//! ```text
//! function ITERATIVE-DEEPENING-DECISION(state) returns an action
//!     best ← none
//!     for depth = 1 to D do
//!         order the root moves with best first
//!         best, value ← ALPHA-BETA-SEARCH(state) cut off at depth
//!     return best
//! ```
//!
//! D is `--depth` (default: the tree's height, so the last iteration is the
//! full search); with `--depth 0` the only iteration evaluates the root.
//! Every iteration after the first searches the previous iteration's best
//! root move first (the rest in the `--order` order). An iteration at a
//! depth where an inner node has no `eval` cannot run: it is recorded and
//! skipped. Each iteration is a `Pass` event followed by a whole alphabeta
//! search, so the visit and leaf orders are the concatenation of the
//! iterations; the value, best move, node values and pruned edges are the
//! last iteration's.

use crate::algo::alphabeta::alphabeta_first;
use crate::algo::{Algorithm, check_horizon};
use crate::analysis::Analysis;
use crate::model::{Game, NodeId};
use crate::options::{Options, Ties};
use crate::trace::{Event, PassKind, Trace};

pub fn ids(game: &Game, opts: &Options) -> Trace {
    let mut trace = Trace::new(Algorithm::Ids, opts);
    let last = opts.depth.unwrap_or_else(|| height(game, NodeId::ROOT));
    let mut first = None;
    for (number, depth) in (last.min(1)..=last).enumerate() {
        let missing_eval = check_horizon(game, depth).err().and_then(|d| game.find(|n| n.span == d.span));
        let kind = PassKind::Deepening { depth, first, missing_eval };
        trace.push(Event::Pass { number: number as u32 + 1, kind });
        if missing_eval.is_some() {
            continue;
        }
        let run = alphabeta_first(game, &Options { depth: Some(depth), ..opts.clone() }, first);
        first = Analysis::of(game, &run).best_moves(Ties::First).first().copied();
        trace.events.extend(run.events);
    }
    trace
}

/// The longest path from `id` to a leaf.
fn height(game: &Game, id: NodeId) -> u32 {
    let node = game.node(id);
    node.children.iter().map(|e| 1 + height(game, e.child)).max().unwrap_or(0)
}
