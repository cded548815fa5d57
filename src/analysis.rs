//! What a trace says, read off it once: the visits in order with their
//! paths, windows and values; the cuts and the edges they pruned; the best
//! move, the principal variation and the statistics.
//!
//! Invariant: this is a pure function of the trace, so every report,
//! diagram and check built from an [`Analysis`] agrees with the others.

use std::collections::HashMap;

use crate::model::{Game, NodeId, Path};
use crate::num::Num;
use crate::options::Ties;
use crate::trace::{BoundKind, Cause, CutKind, Event, ExtendReason, LeafSource, Trace, Value, Window};

/// One node as the search entered it.
#[derive(Clone, Debug, PartialEq)]
pub struct Visit {
    pub path: Path,
    pub node: NodeId,
    /// The window it was entered with (none for minimax-style searches).
    pub window: Option<Window>,
    /// What it returned (MAX's view).
    pub value: Option<Value>,
    pub bound: BoundKind,
    /// Side-to-move value, for negamax-style algorithms.
    pub negamax: Option<Num>,
    /// Set when the node was evaluated directly (a leaf or at the cutoff).
    pub direct: Option<LeafSource>,
    /// The written index of the child that gave the node its value.
    pub best_child: Option<u32>,
    /// Visit indices of the children entered, in search order.
    pub children: Vec<usize>,
    /// Set when it was searched past the depth cutoff, and why.
    pub extended: Option<ExtendReason>,
}

/// A node that stopped early, and what that pruned.
#[derive(Clone, Debug, PartialEq)]
pub struct Cut {
    /// Visit index of the node that stopped.
    pub at: usize,
    pub kind: CutKind,
    pub value: Num,
    pub bound: Num,
    /// Visit index of the ancestor whose bound it was; `None`: the bounds.
    pub cause: Option<usize>,
    /// The pruned children's paths, in the order they would have come.
    pub pruned: Vec<Path>,
}

/// Counts a report gives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Stats {
    pub nodes_visited: usize,
    pub leaves_evaluated: usize,
    pub cutoffs: usize,
}

/// Everything a trace says.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// In visit order (preorder, as entered).
    pub visits: Vec<Visit>,
    pub cuts: Vec<Cut>,
    /// Children `--beam` never considered, by path, in the order met.
    pub forward_pruned: Vec<Path>,
    by_path: HashMap<Path, usize>,
}

impl Analysis {
    pub fn of(game: &Game, trace: &Trace) -> Analysis {
        let mut visits: Vec<Visit> = Vec::new();
        let mut cuts = Vec::new();
        let mut forward_pruned = Vec::new();
        let mut extend: Option<ExtendReason> = None;
        let mut stack: Vec<usize> = Vec::new();
        let open = |visits: &mut Vec<Visit>, stack: &[usize], node: NodeId, child: u32, window: Option<Window>| {
            let path = match stack.last() {
                Some(&p) => visits[p].path.child(child),
                None => Path::root(),
            };
            let idx = visits.len();
            if let Some(&p) = stack.last() {
                visits[p].children.push(idx);
            }
            let bound = BoundKind::Exact;
            let visit = Visit {
                path,
                node,
                window,
                value: None,
                bound,
                negamax: None,
                direct: None,
                best_child: None,
                children: vec![],
                extended: None,
            };
            visits.push(visit);
            idx
        };
        for event in &trace.events {
            match event {
                Event::Enter { node, child, window } => {
                    let idx = open(&mut visits, &stack, *node, *child, *window);
                    visits[idx].extended = extend.take();
                    stack.push(idx);
                }
                Event::Extend { reason, .. } => extend = Some(*reason),
                Event::ForwardPrune { pruned } => {
                    let Some(&at) = stack.last() else { continue };
                    forward_pruned.extend(pruned.iter().map(|&i| visits[at].path.child(i)));
                }
                Event::Leaf { node, child, window, value, source, negamax } => {
                    let idx = open(&mut visits, &stack, *node, *child, *window);
                    let v = &mut visits[idx];
                    (v.value, v.negamax, v.direct) = (Some(value.clone()), *negamax, Some(*source));
                }
                Event::Update { child, best, .. } => {
                    if let (Some(&top), true) = (stack.last(), *best) {
                        visits[top].best_child = Some(*child);
                    }
                }
                Event::Cut { kind, value, bound, cause, pruned } => {
                    let Some(&at) = stack.last() else { continue };
                    let cause = match cause {
                        Cause::Ancestor(depth) => stack.get(*depth as usize).copied(),
                        Cause::Bounds => None,
                    };
                    let pruned = pruned.iter().map(|&i| visits[at].path.child(i)).collect();
                    cuts.push(Cut { at, kind: *kind, value: *value, bound: *bound, cause, pruned });
                }
                Event::Exit { value, bound, negamax } => {
                    let Some(top) = stack.pop() else { continue };
                    let v = &mut visits[top];
                    (v.value, v.bound, v.negamax) = (Some(value.clone()), *bound, *negamax);
                }
            }
        }
        let _ = game;
        let by_path = visits.iter().enumerate().map(|(i, v)| (v.path.clone(), i)).collect();
        Analysis { visits, cuts, forward_pruned, by_path }
    }

    pub fn root(&self) -> &Visit {
        &self.visits[0]
    }

    /// The root's value.
    pub fn value(&self) -> Option<&Value> {
        self.visits.first()?.value.as_ref()
    }

    /// The visit at `path`, if the search entered it.
    pub fn visit(&self, path: &Path) -> Option<&Visit> {
        self.by_path.get(path).map(|&i| &self.visits[i])
    }

    /// Root moves (written indices) attaining the root's value: the one
    /// that gave it (`first`), or those proven to tie with it.
    pub fn best_moves(&self, ties: Ties) -> Vec<u32> {
        let root = self.root();
        let Some(first) = root.best_child else { return vec![] };
        let tied: Vec<u32> = root
            .children
            .iter()
            .map(|&c| &self.visits[c])
            .filter(|c| {
                let index = c.path.0.last().copied();
                c.value == root.value && (c.bound == BoundKind::Exact || index == Some(first))
            })
            .filter_map(|c| c.path.0.last().copied())
            .collect();
        match ties {
            Ties::First => vec![first],
            Ties::Last => tied.last().map(|&i| vec![i]).unwrap_or(vec![first]),
            Ties::All if tied.is_empty() => vec![first],
            Ties::All => tied,
        }
    }

    /// The principal variation: from the root, each node's best child.
    pub fn pv(&self) -> Vec<Path> {
        let mut out = Vec::new();
        let mut at = 0;
        while let Some(best) = self.visits.get(at).and_then(|v| v.best_child) {
            let Some(&next) = self.visits[at].children.iter().find(|&&c| self.visits[c].path.0.last() == Some(&best))
            else {
                break;
            };
            out.push(self.visits[next].path.clone());
            at = next;
        }
        out
    }

    /// Every pruned edge, by the pruned child's path, in the order cut.
    pub fn pruned(&self) -> impl Iterator<Item = &Path> {
        self.cuts.iter().flat_map(|c| c.pruned.iter())
    }

    /// The directly evaluated nodes, in order.
    pub fn leaves(&self) -> impl Iterator<Item = &Visit> {
        self.visits.iter().filter(|v| v.direct.is_some())
    }

    pub fn stats(&self) -> Stats {
        Stats { nodes_visited: self.visits.len(), leaves_evaluated: self.leaves().count(), cutoffs: self.cuts.len() }
    }
}

/// A reference people read for a path: the nearest named node on it and
/// the rest as indices (`C.2`), or the path itself (`2.2`).
pub fn reference(game: &Game, path: &Path) -> String {
    let mut id = NodeId::ROOT;
    let mut base = game.root().name.clone();
    let mut rest: Vec<String> = Vec::new();
    for &i in &path.0 {
        let Some(edge) = game.node(id).children.get(i as usize) else { return path.to_string() };
        id = edge.child;
        match &game.node(id).name {
            Some(name) => (base, rest) = (Some(name.clone()), vec![]),
            None => rest.push((i + 1).to_string()),
        }
    }
    match base {
        Some(name) => std::iter::once(quote(&name)).chain(rest).collect::<Vec<_>>().join("."),
        None => path.to_string(),
    }
}

/// Quotes a name that is not a plain identifier.
pub fn quote(name: &str) -> String {
    let plain = name.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '\'');
    if plain { name.to_string() } else { format!("{name:?}") }
}

/// `C.2 (2.2)`: the reference and, when different, the path.
pub fn describe(game: &Game, path: &Path) -> String {
    let r = reference(game, path);
    let p = path.to_string();
    if r == p { p } else { format!("{r} ({p})") }
}
