//! Sentences for the events of the advanced two-player searches: table
//! probes and stores (`negamax-tt`, `mtdf`), re-searches (`pvs`) and passes
//! (`mtdf`, `ids`). Values and windows are MAX's, as everywhere.

use crate::analysis::reference;
use crate::model::{Game, NodeId, Path};
use crate::num::Num;
use crate::report::shown;
use crate::search::trace::{BoundKind, PassKind, TtEntry, TtKey, TtOutcome, Value, Window};

/// How people read a key: the position's name (or where it is written),
/// or `[key=k]`.
pub fn key_text(game: &Game, key: &TtKey) -> String {
    match key {
        TtKey::Named(k) => format!("[key={k}]"),
        TtKey::Node(id) => reference(game, &written(game, *id)),
    }
}

/// The path where a node is written (its first occurrence not through `&`).
fn written(game: &Game, target: NodeId) -> Path {
    let mut stack = vec![(NodeId::ROOT, Path::root())];
    while let Some((id, path)) = stack.pop() {
        if id == target {
            return path;
        }
        for (i, e) in game.node(id).edges().enumerate().rev() {
            if !e.transposition {
                stack.push((e.child, path.child(i as u32)));
            }
        }
    }
    Path::root()
}

fn entry_text(who: &str, e: &TtEntry) -> String {
    let depth = e.depth.map_or("to the end".to_string(), |d| format!("depth {d}"));
    format!("{who} {} ({depth})", shown_bound(e.value, e.bound))
}

fn shown_bound(v: Num, bound: BoundKind) -> String {
    match bound {
        BoundKind::Exact => format!("= {}", shown(&Value::Scalar(v), bound)),
        _ => shown(&Value::Scalar(v), bound),
    }
}

fn at_slot(slot: Option<u64>) -> String {
    slot.map(|s| format!(" (slot {s})")).unwrap_or_default()
}

pub fn probe(
    game: &Game,
    who: &str,
    key: &TtKey,
    slot: Option<u64>,
    found: Option<&TtEntry>,
    outcome: &TtOutcome,
) -> String {
    let named = if let TtKey::Named(_) = key { format!(" {}", key_text(game, key)) } else { String::new() };
    let head = format!("probe the table for {who}{named}{}", at_slot(slot));
    let Some(e) = found else {
        return match outcome {
            TtOutcome::Miss { occupant: Some(o) } => format!("{head}: miss (the slot holds {})", key_text(game, o)),
            _ => format!("{head}: miss"),
        };
    };
    let what = entry_text(who, e);
    match outcome {
        TtOutcome::Miss { .. } => format!("{head}: miss"),
        TtOutcome::Shallow => format!("{head}: found {what}, too shallow: not used"),
        TtOutcome::Exact => format!("{head}: hit, {what}: {who} returns {} at once", e.value),
        TtOutcome::Narrowed { window } | TtOutcome::Cutoff { window } => {
            let step = match e.bound {
                BoundKind::Lower => format!("α := max(α, {}) = {}", e.value, window.alpha.pretty()),
                _ => format!("β := min(β, {}) = {}", e.value, window.beta.pretty()),
            };
            let end = if let TtOutcome::Cutoff { .. } = outcome {
                format!("; α ≥ β: {who} returns {} at once", e.value)
            } else {
                String::new()
            };
            format!("{head}: hit, {what}: {step}{end}")
        }
    }
}

pub fn store(
    game: &Game,
    who: &str,
    key: &TtKey,
    slot: Option<u64>,
    entry: &TtEntry,
    replaced: Option<&TtKey>,
    kept: bool,
) -> String {
    let named = if let TtKey::Named(_) = key { format!(" {}", key_text(game, key)) } else { String::new() };
    if !kept {
        return format!(
            "do not store {}{named}{}: the slot keeps a deeper entry",
            entry_text(who, entry),
            at_slot(slot)
        );
    }
    let over = replaced.map(|k| format!(", replacing {}", key_text(game, k))).unwrap_or_default();
    format!("store {}{named} in the table{}{over}", entry_text(who, entry), at_slot(slot))
}

pub fn research(who: &str, scout: Num, node_window: Option<&Window>, window: &Window) -> String {
    let inside =
        node_window.map(|w| format!(" inside ({}, {})", w.alpha.pretty(), w.beta.pretty())).unwrap_or_default();
    format!(
        "{who}'s null-window scout returned {scout},{inside}: search {who} again with α = {}, β = {}",
        window.alpha.pretty(),
        window.beta.pretty()
    )
}

pub fn pass(game: &Game, number: u32, kind: &PassKind) -> String {
    match kind {
        PassKind::Mtdf { window, lower, upper } => format!(
            "pass {number}: window ({}, {}): is the value ≥ {}? (so far {} ≤ value ≤ {})",
            window.alpha.pretty(),
            window.beta.pretty(),
            window.beta.pretty(),
            lower.pretty(),
            upper.pretty()
        ),
        PassKind::Deepening { depth, first: _, missing_eval: Some(id) } => {
            let who = reference(game, &written(game, *id));
            format!("iteration {number}, depth {depth}: cannot run, {who} at the horizon has no eval")
        }
        PassKind::Deepening { depth, first: Some(i), missing_eval: None } => {
            let m = reference(game, &Path(vec![*i]));
            format!("iteration {number}, depth {depth}: the previous best move {m} is searched first")
        }
        PassKind::Deepening { depth, first: None, missing_eval: None } => {
            format!("iteration {number}, depth {depth}")
        }
    }
}
