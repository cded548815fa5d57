//! The words of the first divergence and of the `pruned` mark: why a node
//! must go on (α/β, or max^n's shallow bound), pruned edges given as the
//! leaves below them, and the small helpers both read.

use std::collections::BTreeSet;

use crate::analysis::{Analysis, describe, reference};
use crate::check::expect::LeafExpect;
use crate::check::grade::{paths, window_text};
use crate::model::{Game, NodeId, NodeKind, Path, Utility};
use crate::num::Num;
use crate::search::options::CutRule;
use crate::search::trace::{CutKind, Trace, Value};

use super::Frame;

/// `missing (the search prunes them): …; extra (not pruned edges): …`,
/// and a pruned edge given as the leaves below it said as such.
pub fn pruned_detail(game: &Game, answer: &[Path], run: &Analysis) -> String {
    let truth: Vec<Path> = run.pruned().collect();
    let set: BTreeSet<&Path> = answer.iter().collect();
    let as_leaves: Vec<&Path> = truth.iter().filter(|t| !set.contains(t) && covered_by_leaves(game, t, &set)).collect();
    let missing: Vec<Path> = truth.iter().filter(|p| !set.contains(p) && !as_leaves.contains(p)).cloned().collect();
    let extra: Vec<Path> =
        answer.iter().filter(|p| !truth.contains(p) && !as_leaves.iter().any(|t| t.is_prefix_of(p))).cloned().collect();
    let mut parts = Vec::new();
    if !missing.is_empty() {
        parts.push(format!("missing (the search prunes them): {}", paths(game, &missing)));
    }
    if !extra.is_empty() {
        parts.push(format!("extra (not pruned edges): {}", paths(game, &extra)));
    }
    for t in as_leaves {
        parts.push(format!(
            "{} is given as the leaves below it ({}): the same cut-off set, but the convention lists the topmost pruned edge",
            describe(game, t),
            paths(game, &leaf_paths(game, t))
        ));
    }
    parts.join("; ")
}

/// "the same cut-off set is given as leaves: …".
pub(super) fn given_as_leaves(game: &Game, edge: &Path) -> String {
    let leaves = leaf_paths(game, edge);
    format!(
        "you listed the leaves below {} ({}) instead of the edge itself: the same cut-off set, \
         but pruned edges are given as the topmost edges (the convention)",
        describe(game, edge),
        paths(game, &leaves)
    )
}

/// `A and B`, `A, B and C`.
pub(super) fn and_list(names: &[String]) -> String {
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

pub(super) fn cut_symbols(kind: CutKind, cuts: CutRule) -> (&'static str, &'static str, &'static str) {
    match kind {
        CutKind::Alpha => (cuts.alpha_symbol(), "α", "α-cut"),
        CutKind::Beta => (cuts.beta_symbol(), "β", "β-cut"),
        CutKind::Chance { high: false } => (cuts.alpha_symbol(), "α", "chance-branch cut"),
        CutKind::Chance { high: true } => (cuts.beta_symbol(), "β", "chance-branch cut"),
        CutKind::Shallow => ("≥", "the bound", "shallow cut"),
    }
}

pub(super) fn leaf_text(l: &LeafExpect) -> String {
    l.text()
}

/// Whether an answer's leaf entry stands for leaf `node` with `value`.
pub(super) fn same_leaf(game: &Game, want: &LeafExpect, node: NodeId, value: &Value) -> bool {
    match want {
        LeafExpect::Value(x) => value.scalar() == Some(*x),
        LeafExpect::Name(n) => game.node(node).name() == Some(n.as_str()),
        LeafExpect::Path(p) => game.at(p) == Some(node),
    }
}

/// The paths of the leaves at or below `path`, left to right.
pub(crate) fn leaf_paths(game: &Game, path: &Path) -> Vec<Path> {
    let mut out = Vec::new();
    let Some(id) = game.at(path) else { return out };
    let mut todo = vec![(id, path.clone())];
    while let Some((id, p)) = todo.pop() {
        let node = game.node(id);
        if node.is_leaf() {
            out.push(p);
            continue;
        }
        for (i, e) in node.children().iter().enumerate().rev() {
            todo.push((e.child, p.child(i as u32)));
        }
    }
    out
}

/// The leaves at or below `path` with their utilities.
pub(super) fn leaves_below(game: &Game, path: &Path) -> Vec<(NodeId, Value)> {
    leaf_paths(game, path)
        .iter()
        .filter_map(|p| game.at(p))
        .filter_map(|id| match game.node(id).utility() {
            Utility::Scalar(x) => Some((id, Value::Scalar(x))),
            Utility::Vector(v) => Some((id, Value::Vector(v.into()))),
            Utility::None | Utility::Unknown => None,
        })
        .collect()
}

/// Whether the answer's entries strictly below pruned edge `edge` name
/// exactly its subtree (every leaf below it, nothing else): the same cut,
/// written as leaves (or lower edges) instead of the topmost edge.
pub(crate) fn covered_by_leaves(game: &Game, edge: &Path, set: &BTreeSet<&Path>) -> bool {
    let below: Vec<&&Path> = set.iter().filter(|p| edge.is_prefix_of(p) && **p != edge).collect();
    if below.is_empty() {
        return false;
    }
    let want: BTreeSet<Path> = leaf_paths(game, edge).into_iter().collect();
    let got: BTreeSet<Path> = below.iter().flat_map(|p| leaf_paths(game, p)).collect();
    want == got
}

/// "you pruned C.2, but at that point C's value 4 > α = 3: C must continue".
/// `above` is the parent's parent, if any.
pub(super) fn must_continue(
    game: &Game,
    trace: &Trace,
    (parent, above): (&Frame, Option<&Frame>),
    child: &Path,
) -> String {
    let who = reference(game, &parent.path);
    let head = format!("you pruned {}, but", describe(game, child));
    if let NodeKind::Player(p) = game.node(parent.node).kind() {
        return shallow_continue(game, trace, (parent, above), p, &head);
    }
    let Some(w) = parent.window else {
        return format!("{head} this algorithm never prunes: {who} searches every child");
    };
    let Some(v) = parent.value.as_ref().and_then(Value::scalar) else {
        return format!(
            "{head} {who} has not seen any child yet (window {}): it must search it",
            window_text(w.alpha, w.beta)
        );
    };
    let cuts = trace.options.cuts;
    let (rel, letter, bound) = match (game.node(parent.node).kind(), cuts) {
        (NodeKind::Max, CutRule::OnEquality) => ("<", "β", w.beta),
        (NodeKind::Max, CutRule::Strict) => ("≤", "β", w.beta),
        (NodeKind::Chance, _) => {
            return format!(
                "{head} at that point {who} (CHANCE) can still reach its window {}: {who} must continue",
                window_text(w.alpha, w.beta)
            );
        }
        (_, CutRule::OnEquality) => (">", "α", w.alpha),
        (_, CutRule::Strict) => ("≥", "α", w.alpha),
    };
    format!("{head} at that point {who}'s value {v} {rel} {letter} = {}: {who} must continue", bound.pretty())
}

/// Why a max^n node of player `p` must go on (Korf's shallow pruning:
/// it stops once `p` has at least `sum − (n−2)·lo − what the player above
/// already has`).
pub(super) fn shallow_continue(
    game: &Game,
    trace: &Trace,
    (parent, above): (&Frame, Option<&Frame>),
    p: u16,
    head: &str,
) -> String {
    let who = reference(game, &parent.path);
    if !trace.options.shallow {
        return format!("{head} max^n without --shallow never prunes: {who} searches every child");
    }
    let Some(Value::Vector(v)) = &parent.value else {
        return format!("{head} {who} has not seen any child yet: it must search it");
    };
    let q = above.and_then(|f| match game.node(f.node).kind() {
        NodeKind::Player(q) if q != p => Some((q, f)),
        _ => None,
    });
    let Some((q, up)) = q else {
        return format!(
            "{head} shallow pruning only cuts at a node directly below another player's node: {who} searches every child"
        );
    };
    let Some(Value::Vector(best)) = &up.value else {
        return format!(
            "{head} {} has not seen any child yet, so {who} has no bound: it must search every child",
            reference(game, &up.path)
        );
    };
    let lo = game.bounds().map_or(Num::ZERO, |b| b.0);
    let others = Num::int(game.players().len().saturating_sub(2) as i64) * lo;
    let sum = game.sum().unwrap_or(Num::ZERO);
    let has = best[q as usize];
    let bound = sum - others - has;
    let rel = if trace.options.shallow_strict() { "≤" } else { "<" };
    format!(
        "{head} at that point {} has {} at {who} {rel} the bound {} = sum {} − {}'s {} at {}: {who} must continue",
        player_name(game, p),
        v[p as usize],
        bound.pretty(),
        sum.pretty(),
        player_name(game, q),
        has,
        reference(game, &up.path)
    )
}

pub(super) fn player_name(game: &Game, p: u16) -> String {
    game.players().get(p as usize).cloned().unwrap_or_else(|| format!("player {}", p + 1))
}

/// `MAX`, `MIN`, `CHANCE`, or the player to move.
pub(super) fn kind_word(game: &Game, id: NodeId) -> String {
    match game.node(id).kind() {
        NodeKind::Max => "MAX".into(),
        NodeKind::Min => "MIN".into(),
        NodeKind::Chance => "CHANCE".into(),
        NodeKind::Player(p) => player_name(game, p),
        NodeKind::Leaf => "leaf".into(),
    }
}
