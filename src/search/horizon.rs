//! The search horizon: where a depth-limited search stops, and how
//! quiescence, forward pruning and singular extensions move it.
//!
//! AIMA 3e §5.4 "Imperfect real-time decisions": H-MINIMAX replaces
//! TERMINAL-TEST by CUTOFF-TEST(s, d) and UTILITY by EVAL; §5.4.2
//! (quiescence search: a non-quiescent position is expanded further);
//! §5.4.3 (forward pruning: beam search keeps the n best moves at each
//! ply; singular extensions: a move "clearly better than all other moves"
//! is searched beyond the normal depth limit).
//!
//! Every rule lives here, as pure functions of the game, the options and a
//! node's *effective depth*: its ply minus the singular extensions on its
//! path (a singular child's depth counter is not advanced). Algorithms
//! reach them through [`Orderer`](crate::search::order::Orderer), which
//! tracks effective depths along the path (its `children` and
//! `direct_value`); [`annotate`] then records in the trace what the
//! horizon did, the same way for every algorithm.
//!
//! - A leaf always gives its utility.
//! - An inner node at effective depth ≥ the cutoff gives its `eval`, except
//!   that with `--quiescence` a `[noisy]` one is searched (its own `eval`
//!   is not used: no "stand pat").
//! - `--beam K`: a searched MAX or MIN node considers only its K children
//!   with the best key (MAX: highest, MIN: lowest; the key is `eval`, a
//!   leaf's utility); ties keep the written order. CHANCE nodes keep all.
//! - `--singular-extension M`: a MAX or MIN node's child is singular when
//!   its key beats every sibling's by at least M (M > 0) from the mover's
//!   view. It needs at least one sibling, and every sibling must have a key.

use crate::model::{Game, NodeId, NodeKind};
use crate::num::Num;
use crate::search::options::Options;
use crate::search::trace::{Event, ExtendReason, LeafSource, Trace};

/// What the horizon says about a node at some effective depth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Decision {
    /// Evaluate it directly: a leaf's utility, or `eval` at the cutoff.
    Direct(Num, LeafSource),
    /// At the cutoff, quiet, and without `eval`: the spec is incomplete.
    MissingEval,
    /// Search its children.
    Search,
}

/// The horizon rule for node `id` at effective depth `eff`.
pub fn decide(game: &Game, opts: &Options, id: NodeId, eff: u32) -> Decision {
    let node = game.node(id);
    if let Some(u) = node.scalar() {
        return Decision::Direct(u, LeafSource::Utility);
    }
    match opts.depth {
        Some(cutoff) if eff >= cutoff && !(opts.quiescence && node.noisy()) => match node.eval() {
            Some(e) => Decision::Direct(e, LeafSource::Eval),
            None => Decision::MissingEval,
        },
        _ => Decision::Search,
    }
}

/// The key beam search and singular extensions rank a node by: its
/// `eval`, or a leaf's utility.
pub fn key(game: &Game, id: NodeId) -> Option<Num> {
    let node = game.node(id);
    node.eval().or(node.scalar())
}

/// +1 at MAX, −1 at MIN, `None` where no one chooses (CHANCE, players).
fn mover(game: &Game, id: NodeId) -> Option<Num> {
    match game.node(id).kind() {
        NodeKind::Max => Some(Num::ONE),
        NodeKind::Min => Some(Num::int(-1)),
        NodeKind::Chance | NodeKind::Player(_) | NodeKind::Leaf => None,
    }
}

/// The written indices of `id`'s children that `--beam K` never considers
/// (in written order); empty without a beam or where it keeps them all.
/// A child without a key ranks after every child with one.
pub fn forward_pruned(game: &Game, opts: &Options, id: NodeId) -> Vec<u32> {
    let (Some(k), Some(sign)) = (opts.beam, mover(game, id)) else { return vec![] };
    let node = game.node(id);
    if node.children().len() <= k as usize {
        return vec![];
    }
    let keys: Vec<Option<Num>> = node.children().iter().map(|e| key(game, e.child).map(|v| sign * v)).collect();
    let mut ranked: Vec<u32> = (0..node.children().len() as u32).collect();
    ranked.sort_by(|&a, &b| keys[b as usize].cmp(&keys[a as usize]));
    let mut dropped = ranked.split_off(k as usize);
    dropped.sort_unstable();
    dropped
}

/// The first child of a searched MAX or MIN node (written index) whose
/// key lacks, if `--beam` must rank its children and cannot.
pub fn unranked_child(game: &Game, opts: &Options, id: NodeId) -> Option<u32> {
    let k = opts.beam?;
    mover(game, id)?;
    let node = game.node(id);
    if node.children().len() <= k as usize {
        return None;
    }
    node.children().iter().position(|e| key(game, e.child).is_none()).map(|i| i as u32)
}

/// The written index of `id`'s singular child under
/// `--singular-extension M`, if it has one.
pub fn singular_child(game: &Game, opts: &Options, id: NodeId) -> Option<u32> {
    let margin = opts.singular?;
    let sign = mover(game, id)?;
    let node = game.node(id);
    if node.children().len() < 2 {
        return None;
    }
    let keys: Option<Vec<Num>> = node.children().iter().map(|e| key(game, e.child).map(|v| sign * v)).collect();
    let keys = keys?;
    let best = (0..keys.len()).max_by(|&a, &b| keys[a].cmp(&keys[b]).then(b.cmp(&a)))?;
    let runner_up = keys.iter().enumerate().filter(|&(i, _)| i != best).map(|(_, &v)| v).max()?;
    (keys[best] - runner_up >= margin && margin > Num::ZERO).then_some(best as u32)
}

/// The effective depth of `id`'s child number `child` when `id` is at
/// effective depth `eff`.
pub fn child_depth(game: &Game, opts: &Options, id: NodeId, eff: u32, child: u32) -> u32 {
    if singular_child(game, opts, id) == Some(child) { eff } else { eff + 1 }
}

/// Records in `trace` what the horizon did: an [`Event::Extend`] before
/// each node searched at or past the cutoff ply, and an
/// [`Event::ForwardPrune`] after entering each node whose beam dropped
/// children. These follow from the options and the nodes entered, so they
/// are added here once, for every algorithm, after the search.
pub fn annotate(game: &Game, trace: Trace) -> Trace {
    let opts = trace.options.clone();
    if opts.depth.is_none() && opts.beam.is_none() {
        return trace;
    }
    /// An entered node: its id, effective depth, and the ply of the
    /// deepest singular child on its path (itself included).
    struct Frame {
        id: NodeId,
        eff: u32,
        singular_at: Option<u32>,
    }
    let mut stack: Vec<Frame> = Vec::new();
    let mut events = Trace::new(trace.algorithm, &trace.options);
    for event in trace.events() {
        match &event {
            Event::Enter { node, child, .. } => {
                let ply = stack.len() as u32;
                let (eff, singular_at) = match stack.last() {
                    None => (0, None),
                    Some(p) => {
                        let eff = child_depth(game, &opts, p.id, p.eff, *child);
                        (eff, if eff == p.eff { Some(ply) } else { p.singular_at })
                    }
                };
                // Entered only to probe the table (`negamax-tt`), then evaluated:
                // neither searched past the cutoff nor beamed.
                let evaluated = matches!(decide(game, &opts, *node, eff), Decision::Direct(..));
                if let Some(cutoff) = opts.depth.filter(|&c| ply >= c && !evaluated) {
                    let reason = match singular_at {
                        Some(at) if eff < cutoff => ExtendReason::Singular { at },
                        _ => ExtendReason::Quiescence,
                    };
                    events.push(Event::Extend { node: *node, child: *child, reason });
                }
                let pruned = if evaluated { Vec::new() } else { forward_pruned(game, &opts, *node) };
                stack.push(Frame { id: *node, eff, singular_at });
                events.push(event);
                if !pruned.is_empty() {
                    events.push(Event::ForwardPrune { pruned });
                }
                continue;
            }
            Event::Probe { node, child, .. } => {
                // A `star2` probe enters the node too (no annotations of its own).
                let eff = stack.last().map_or(0, |p| child_depth(game, &opts, p.id, p.eff, *child));
                let singular_at = stack.last().and_then(|p| p.singular_at);
                stack.push(Frame { id: *node, eff, singular_at });
            }
            Event::Exit { .. } => {
                stack.pop();
            }
            Event::Leaf { .. }
            | Event::Evaluate { .. }
            | Event::Update { .. }
            | Event::Cut { .. }
            | Event::TtProbe { .. }
            | Event::TtStore { .. }
            | Event::Research { .. }
            | Event::Pass { .. } => {}
            Event::Extend { .. } | Event::ForwardPrune { .. } => continue,
        }
        events.push(event);
    }
    events
}
