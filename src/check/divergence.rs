//! The first divergence: the earliest step, in the search's order and
//! whatever its kind, where an answer's search leaves the real one — the
//! search enters a child the answer prunes, or cuts a child the answer
//! keeps, or evaluates a different leaf, or enters a node with a window
//! other than the answer's — in words, with the α/β that decided it.

use std::collections::BTreeSet;

use crate::analysis::{Analysis, describe, reference};
use crate::check::answer::{Answer, AnswerItem};
use crate::check::expect::LeafExpect;
use crate::check::grade::{paths, window_text};
use crate::model::{Game, NodeId, NodeKind, Path};
use crate::num::Num;
use crate::search::options::CutRule;
use crate::search::trace::{Cause, CutKind, Event, Trace, Value, Window};

/// A node being searched, as the divergence walk sees it.
struct Frame {
    path: Path,
    node: NodeId,
    window: Option<Window>,
    value: Option<Num>,
}

/// Where the `count`-th leaf evaluated (node `node` at `path`, `value`)
/// differs from the answer's leaf order, in words.
fn leaf_divergence(
    game: &Game,
    leaves: Option<&Vec<LeafExpect>>,
    count: usize,
    node: NodeId,
    path: &Path,
    value: &Value,
) -> Option<String> {
    let want = leaves?;
    let same = match want.get(count) {
        Some(LeafExpect::Value(x)) => value.scalar() == Some(*x),
        Some(LeafExpect::Name(n)) => game.node(node).name() == Some(n.as_str()),
        None => false,
    };
    if same {
        return None;
    }
    let yours = want.get(count).map_or("nothing more".into(), |l| match l {
        LeafExpect::Value(x) => x.to_string(),
        LeafExpect::Name(n) => n.clone(),
    });
    Some(format!("leaf {} evaluated is {} = {value}; you wrote {yours}", count + 1, reference(game, path)))
}

/// The first step where the answer's search leaves the real one, in words.
pub fn divergence(game: &Game, answer: &Answer, trace: &Trace) -> Option<String> {
    let pruned: Option<BTreeSet<&Path>> = answer.items.iter().find_map(|i| match i {
        AnswerItem::Pruned(ps) => Some(ps.iter().collect()),
        _ => None,
    });
    let leaves: Option<&Vec<LeafExpect>> = answer.items.iter().find_map(|i| match i {
        AnswerItem::Leaves(ls) => Some(ls),
        _ => None,
    });
    let windows: Vec<(&Path, Num, Num)> = answer
        .items
        .iter()
        .filter_map(|i| match i {
            AnswerItem::Window(p, a, b) => Some((p, *a, *b)),
            _ => None,
        })
        .collect();
    let cuts = trace.options.cuts;
    let repeats = |e: &Event| matches!(e, Event::Research { .. } | Event::Pass { .. } | Event::Probe { .. });
    if trace.events.iter().any(repeats) {
        return None; // nodes are entered more than once: no single "first step"
    }
    let mut stack: Vec<Frame> = Vec::new();
    let mut leaf_count = 0;
    for event in &trace.events {
        match event {
            Event::Enter { node, child, window } | Event::Leaf { node, child, window, .. } => {
                let path = stack.last().map_or(Path::root(), |f| f.path.child(*child));
                if let (Some(set), Some(parent)) = (&pruned, stack.last())
                    && set.contains(&path)
                {
                    return Some(must_continue(game, parent, &path, cuts));
                }
                if let Some(&(_, a, b)) = windows.iter().find(|(p, _, _)| **p == path)
                    && let Some(w) = window.filter(|w| w.alpha != a || w.beta != b)
                {
                    return Some(format!(
                        "{} is entered with the window {}, not {}{}",
                        reference(game, &path),
                        window_text(w.alpha, w.beta),
                        window_text(a, b),
                        stack
                            .last()
                            .map_or(String::new(), |p| format!(" (the α and β {} has then)", reference(game, &p.path)))
                    ));
                }
                if let Event::Leaf { value, .. } = event {
                    if let Some(why) = leaf_divergence(game, leaves, leaf_count, *node, &path, value) {
                        return Some(why);
                    }
                    leaf_count += 1;
                    if let Some(top) = stack.last_mut() {
                        top.value = value.scalar().or(top.value);
                    }
                } else {
                    stack.push(Frame { path, node: *node, window: *window, value: None });
                }
            }
            Event::Update { value, window, .. } => {
                if let Some(top) = stack.last_mut() {
                    top.value = value.scalar();
                    top.window = *window;
                }
            }
            Event::Cut { kind, value, bound, cause, pruned: cut } => {
                let (Some(set), Some(top)) = (&pruned, stack.last()) else { continue };
                let missing: Vec<Path> = cut.iter().map(|&i| top.path.child(i)).filter(|p| !set.contains(p)).collect();
                if missing.is_empty() {
                    continue;
                }
                let who = match cause {
                    Cause::Ancestor(d) => stack.get(*d as usize).map_or("?".into(), |f| reference(game, &f.path)),
                    Cause::Bounds => "the declared bounds".into(),
                    Cause::Table => "the transposition table".into(),
                    Cause::Pass => "the pass's window".into(),
                };
                let (sym, letter, word) = match kind {
                    CutKind::Alpha => (cuts.alpha_symbol(), "α", "α-cut"),
                    CutKind::Beta => (cuts.beta_symbol(), "β", "β-cut"),
                    CutKind::Chance { high: false } => (cuts.alpha_symbol(), "α", "chance-branch cut"),
                    CutKind::Chance { high: true } => (cuts.beta_symbol(), "β", "chance-branch cut"),
                    CutKind::Shallow => ("≥", "the bound", "shallow cut"),
                };
                return Some(format!(
                    "{} ({}) reaches {value} {sym} {letter} = {} (from {who}): {word}, so {} must be pruned; you searched {}",
                    reference(game, &top.path),
                    kind_word(game, top.node),
                    bound.pretty(),
                    paths(game, &cut.iter().map(|&i| top.path.child(i)).collect::<Vec<_>>()),
                    paths(game, &missing),
                ));
            }
            Event::Evaluate { value, .. } => {
                let Some(top) = stack.last() else { continue };
                if let Some(why) = leaf_divergence(game, leaves, leaf_count, top.node, &top.path, value) {
                    return Some(why);
                }
                leaf_count += 1;
            }
            Event::Extend { .. }
            | Event::ForwardPrune { .. }
            | Event::TtProbe { .. }
            | Event::TtStore { .. }
            | Event::Probe { .. }
            | Event::Research { .. }
            | Event::Pass { .. } => {}
            Event::Exit { value, .. } => {
                stack.pop();
                if let (Some(top), Some(v)) = (stack.last_mut(), value.scalar()) {
                    top.value = top.value.or(Some(v));
                }
            }
        }
    }
    let set = pruned?;
    let analysis = Analysis::of(game, trace);
    let truth: Vec<&Path> = analysis.pruned().collect();
    let below = set.iter().find_map(|p| truth.iter().find(|t| t.is_prefix_of(p) && t != &p).map(|t| (*p, *t)))?;
    Some(format!(
        "you pruned {}, but {} is itself pruned: list only the topmost pruned edges",
        describe(game, below.0),
        describe(game, below.1)
    ))
}

/// "you pruned C.2, but at that point C's value 4 > α = 3: C must continue".
fn must_continue(game: &Game, parent: &Frame, child: &Path, cuts: CutRule) -> String {
    let who = reference(game, &parent.path);
    let head = format!("you pruned {}, but", describe(game, child));
    let Some(w) = parent.window else {
        return format!("{head} {} never prunes: {who} searches every child", "this algorithm");
    };
    let Some(v) = parent.value else {
        return format!(
            "{head} {who} has not seen any child yet (window {}): it must search it",
            window_text(w.alpha, w.beta)
        );
    };
    let maximizing = game.node(parent.node).kind() == NodeKind::Max;
    let (rel, letter, bound) = match (maximizing, cuts) {
        (true, CutRule::OnEquality) => ("<", "β", w.beta),
        (true, CutRule::Strict) => ("≤", "β", w.beta),
        (false, CutRule::OnEquality) => (">", "α", w.alpha),
        (false, CutRule::Strict) => ("≥", "α", w.alpha),
    };
    format!("{head} at that point {who}'s value {v} {rel} {letter} = {}: {who} must continue", bound.pretty())
}

fn kind_word(game: &Game, id: NodeId) -> &'static str {
    match game.node(id).kind() {
        NodeKind::Max => "MAX",
        NodeKind::Min => "MIN",
        NodeKind::Chance => "CHANCE",
        NodeKind::Player(_) => "player",
        NodeKind::Leaf => "leaf",
    }
}
