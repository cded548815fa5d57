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

use crate::model::{Game, NodeId};
use crate::search::alphabeta::alphabeta_first;
use crate::search::options::Options;
use crate::search::stream::Sink;
use crate::search::trace::{Event, PassKind, Trace};
use crate::search::{Algorithm, horizon_gap};

pub fn ids(game: &Game, opts: &Options, sink: Sink) -> Trace {
    let mut trace = Trace::new(Algorithm::Ids, opts);
    trace.attach(sink);
    // Past the tree's height every iteration is the full search again.
    let full = height(game);
    let last = opts.depth.map_or(full, |d| d.min(full));
    let mut first = None;
    for (number, depth) in (last.min(1)..=last).enumerate() {
        // At the tree's height no inner node is at the horizon (the check
        // uses no extension): nothing to look for in a walk of every node.
        let missing_eval = match depth < full {
            true => horizon_gap(game, &Options { depth: Some(depth), ..Options::default() }).map(|(id, _)| id),
            false => None,
        };
        let kind = PassKind::Deepening { depth, first, missing_eval };
        trace.push(Event::Pass { number: number as u32 + 1, kind });
        if missing_eval.is_some() {
            continue;
        }
        let run = alphabeta_first(game, &Options { depth: Some(depth), ..opts.clone() }, first, Sink::none());
        first = run.root_best_child();
        trace.extend(&run);
    }
    trace
}

/// The longest path from the root to a leaf (each shared node once).
fn height(game: &Game) -> u32 {
    // Children come after their parents in the arena except through `&`
    // edges: without any, one backward sweep fills the heights bottom-up;
    // with some, an explicit post-order does.
    if !game.has_transpositions() {
        let mut heights = vec![0u32; game.len()];
        for id in game.ids().rev() {
            let children = game.node(id).children();
            heights[id.index()] = children.iter().map(|e| heights[e.child.index()] + 1).max().unwrap_or(0);
        }
        return heights[NodeId::ROOT.index()];
    }
    let mut memo: Vec<Option<u32>> = vec![None; game.len()];
    let mut stack = vec![(NodeId::ROOT, false)];
    while let Some((id, expanded)) = stack.pop() {
        if memo[id.index()].is_some() {
            continue;
        }
        let node = game.node(id);
        if expanded || node.children().is_empty() {
            let h = node.children().iter().filter_map(|e| memo[e.child.index()]).map(|h| h + 1).max().unwrap_or(0);
            memo[id.index()] = Some(h);
            continue;
        }
        stack.push((id, true));
        stack.extend(node.children().iter().map(|e| (e.child, false)));
    }
    memo[NodeId::ROOT.index()].unwrap_or(0)
}
