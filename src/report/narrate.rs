//! The narrated trace: one sentence per event, as a lecturer would say it
//! ("C (MIN) sees 2 ≤ α = 3 from A: α-cut, C.2 and C.3 pruned").

use crate::analysis::reference;
use crate::model::{Game, NodeId, NodeKind, Path};
use crate::num::Num;
use crate::report::shown;
use crate::search::horizon::key;
use crate::search::trace::{BoundKind, Cause, CutKind, Event, ExtendReason, LeafSource, Trace, TtOutcome, Window};

/// One line per event of `trace`.
pub fn narrate(game: &Game, trace: &Trace) -> Vec<String> {
    let mut stack: Vec<(NodeId, Path, Option<Window>)> = Vec::new();
    let mut out = Vec::with_capacity(trace.len());
    let strict = trace.options.cuts;
    // The pruned edges of each cut, as the analysis reads them (a `star2`
    // probe entered its child: the edges pruned are below it).
    let analysis = crate::analysis::Analysis::of(game, trace);
    let mut cuts = analysis.cuts.iter();
    for event in trace.events() {
        let line = match &event {
            Event::Enter { node, child, window } => {
                let path = stack.last().map_or(Path::root(), |(_, p, _)| p.child(*child));
                let line = format!("enter {} ({}){}", reference(game, &path), kind(game, *node), with_window(window));
                stack.push((*node, path, *window));
                line
            }
            Event::Probe { node, child, window } => {
                let path = stack.last().map_or(Path::root(), |(_, p, _)| p.child(*child));
                let who = reference(game, &path);
                let line = format!("probe {who} ({}){}: its first child only", kind(game, *node), with_window(window));
                stack.push((*node, path, *window));
                line
            }
            Event::Leaf { node, child, value, source, negamax, .. } => {
                let path = stack.last().map_or(Path::root(), |(_, p, _)| p.child(*child));
                let nm = negamax.map(|n| format!(" (for the side to move: {n})")).unwrap_or_default();
                match source {
                    LeafSource::Utility => format!("leaf {} = {value}{nm}", reference(game, &path)),
                    LeafSource::Eval => {
                        let k = kind(game, *node);
                        let past =
                            trace.options.quiescence && trace.options.depth.is_some_and(|d| path.depth() as u32 > d);
                        let at = if past { "quiet past the cutoff" } else { "at the depth cutoff" };
                        format!("{} ({k}) is {at}: eval = {value}{nm}", reference(game, &path))
                    }
                }
            }
            Event::Update { child, value, window, best } => {
                let Some((node, path, before)) = stack.last_mut() else { continue };
                let from = reference(game, &path.child(*child));
                let mut line = format!("{} ({}): v = {value}", reference(game, path), kind(game, *node));
                line += &if *best { format!(" (best so far: {from})") } else { format!(" (after {from})") };
                if let (Some(w), Some(b)) = (window, before.as_ref()) {
                    if w.alpha != b.alpha {
                        line += &format!(", α = {}", w.alpha.pretty());
                    }
                    if w.beta != b.beta {
                        line += &format!(", β = {}", w.beta.pretty());
                    }
                }
                *before = *window;
                line
            }
            Event::Cut { kind: cut, value, bound, cause, .. } => {
                let secured = game.sum().map(|s| (s, s - *bound));
                let pruned = cuts.next().map(|c| analysis.pruned_paths(c)).unwrap_or_default();
                let Some((node, path, _)) = stack.last() else { continue };
                let cause = match cause {
                    Cause::Ancestor(d) => stack.get(*d as usize).map_or("?".into(), |(_, p, _)| reference(game, p)),
                    Cause::Bounds => "the declared bounds".into(),
                    Cause::Table => "a table entry".into(),
                    Cause::Pass => "the pass's null window".into(),
                };
                let names: Vec<String> = pruned.iter().map(|p| reference(game, p)).collect();
                let who = format!("{} ({})", reference(game, path), kind(game, *node));
                let (value, bound, names) = (value.to_string(), bound.pretty(), and_list(&names));
                match cut {
                    CutKind::Alpha => format!(
                        "{who} sees {value} {} α = {bound} from {cause}: α-cut, {names} pruned",
                        strict.alpha_symbol()
                    ),
                    CutKind::Beta => format!(
                        "{who} sees {value} {} β = {bound} from {cause}: β-cut, {names} pruned",
                        strict.beta_symbol()
                    ),
                    CutKind::Chance { high } => {
                        let (sym, letter, side) = match high {
                            false => (strict.alpha_symbol(), "α", "high"),
                            true => (strict.beta_symbol(), "β", "low"),
                        };
                        format!(
                            "{who}: even if every remaining outcome scored as {side} as it still can, its value would be \
                             {value} {sym} {letter} = {bound} from {cause}: chance-branch cut, {names} pruned"
                        )
                    }
                    CutKind::Shallow => match secured {
                        // Korf's bound: the sum S less what the parent's
                        // player has secured.
                        Some((sum, has)) => format!(
                            "{who} has {value} {} {bound} = sum {} − the {} {cause}'s player already has: \
                             shallow cut, {names} pruned",
                            strict.beta_symbol(),
                            sum.pretty(),
                            has.pretty(),
                        ),
                        None => format!(
                            "{who} has {value} {} {bound} = sum − what {cause}'s player already has: shallow cut, \
                             {names} pruned",
                            strict.beta_symbol()
                        ),
                    },
                }
            }
            Event::Extend { node, child, reason } => {
                let path = stack.last().map_or(Path::root(), |(_, p, _)| p.child(*child));
                let who = format!("{} ({})", reference(game, &path), kind(game, *node));
                let cutoff = trace.options.depth.unwrap_or_default();
                let at = if path.depth() as u32 == cutoff { "at" } else { "past" };
                match reason {
                    ExtendReason::Quiescence => {
                        format!("{who} is noisy {at} the cutoff: quiescence search looks further")
                    }
                    ExtendReason::Singular { at: ply } if *ply as usize == path.depth() => {
                        let m = trace.options.singular.map(|m| m.to_string()).unwrap_or_default();
                        let margin =
                            stack.last().map(|(p, _, _)| singular_margin(game, *p, *child)).unwrap_or_default();
                        format!(
                            "{who} is {at} the cutoff, but its eval {margin} (≥ {m}): \
                             singular extension searches one level deeper"
                        )
                    }
                    ExtendReason::Singular { at: ply } => {
                        let from = stack.get(*ply as usize).map_or("?".into(), |(_, p, _)| reference(game, p));
                        format!("{who} is {at} the cutoff, searched one level deeper below singular move {from}")
                    }
                }
            }
            Event::ForwardPrune { pruned } => {
                let Some((node, path, _)) = stack.last() else { continue };
                let names: Vec<String> = pruned.iter().map(|&i| reference(game, &path.child(i))).collect();
                let beam = trace.options.beam.unwrap_or_default();
                format!(
                    "{} ({}): beam {beam} keeps the {beam} best by eval; never considered: {}",
                    reference(game, path),
                    kind(game, *node),
                    and_list(&names)
                )
            }
            Event::Exit { value, bound, negamax } => {
                let Some((_, path, _)) = stack.pop() else { continue };
                let nm = negamax.map(|n| format!(" (negamax value {n})")).unwrap_or_default();
                let what = if *bound == BoundKind::Exact { "" } else { " (a bound)" };
                format!("{} returns {}{what}{nm}", reference(game, &path), shown(value, *bound))
            }
            Event::TtProbe { key, slot, found, outcome } => {
                let Some((_, path, before)) = stack.last_mut() else { continue };
                let who = reference(game, path);
                let line = crate::report::narrate_passes::probe(game, &who, key, *slot, found.as_deref(), outcome);
                if let TtOutcome::Narrowed { window } | TtOutcome::Cutoff { window } = outcome {
                    *before = Some(*window);
                }
                line
            }
            Event::Evaluate { value, .. } => {
                let Some((node, path, _)) = stack.last() else { continue };
                format!("{} ({}) is at the depth cutoff: eval = {value}", reference(game, path), kind(game, *node))
            }
            Event::TtStore { key, slot, entry, replaced, kept } => {
                let Some((_, path, _)) = stack.last() else { continue };
                let who = reference(game, path);
                crate::report::narrate_passes::store(game, &who, key, *slot, entry, replaced.as_deref(), *kept)
            }
            Event::Research { child, scout, window } => {
                let Some((_, path, w)) = stack.last() else { continue };
                crate::report::narrate_passes::research(
                    &reference(game, &path.child(*child)),
                    *scout,
                    w.as_ref(),
                    window,
                )
            }
            Event::Pass { number, kind } => crate::report::narrate_passes::pass(game, *number, kind),
        };
        out.push(line);
    }
    out
}

/// `9 beats its siblings' best, 5, by 4`: why child `child` of `parent` is singular.
fn singular_margin(game: &Game, parent: NodeId, child: u32) -> String {
    let keys: Vec<Option<Num>> = game.node(parent).children().iter().map(|e| key(game, e.child)).collect();
    let Some(Some(own)) = keys.get(child as usize).copied() else { return String::new() };
    let maximizing = game.node(parent).kind() == NodeKind::Max;
    let others = keys.iter().enumerate().filter(|&(i, _)| i != child as usize).filter_map(|(_, k)| *k);
    let (best, margin) = if maximizing {
        let b = others.fold(Num::NEG_INF, Num::max);
        (b, own - b)
    } else {
        let b = others.fold(Num::INF, Num::min);
        (b, b - own)
    };
    let mover = if maximizing { "MAX" } else { "MIN" };
    format!("{own} beats its siblings' best, {best}, by {margin} for {mover}")
}

fn kind(game: &Game, id: NodeId) -> String {
    match game.node(id).kind() {
        NodeKind::Max => "MAX".into(),
        NodeKind::Min => "MIN".into(),
        NodeKind::Chance => "CHANCE".into(),
        NodeKind::Player(p) => game.players().get(p as usize).cloned().unwrap_or_default(),
        NodeKind::Leaf => "leaf".into(),
    }
}

fn with_window(w: &Option<Window>) -> String {
    match w {
        Some(w) => format!(" with α = {}, β = {}", w.alpha.pretty(), w.beta.pretty()),
        None => String::new(),
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
