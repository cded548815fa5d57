//! What figures say in their own words, short enough for a slide: the
//! step captions of table probes and re-searches (the reports keep the
//! narration's longer sentences), the badges those steps leave on a node
//! (`TT 5`, `re`), a figure's minus signs, and titles as typeset.

use crate::model::Game;
use crate::num::Num;
use crate::report::narrate_passes::key_text;
use crate::search::trace::{BoundKind, TtEntry, TtKey, TtOutcome, Window};

use super::frame::num;

/// The badge a table hit leaves on the node it answered or narrowed:
/// `TT 5` (exact), `TT ≥ 4`, `TT ≤ 2`; `None` for a miss or an entry too
/// shallow to use.
pub fn tt_badge(found: Option<&TtEntry>, outcome: &TtOutcome) -> Option<String> {
    let e = found.filter(|_| outcome.is_hit())?;
    Some(format!("TT {}", bounded(e.value, e.bound)))
}

fn bounded(v: Num, bound: BoundKind) -> String {
    match bound {
        BoundKind::Exact => num(v),
        BoundKind::Lower => format!("≥ {}", num(v)),
        BoundKind::Upper => format!("≤ {}", num(v)),
    }
}

fn window(w: &Window) -> String {
    format!("({}, {})", num(w.alpha), num(w.beta))
}

/// A probe's step, as a slide says it: `TT hit at E: exact 5, E returns
/// at once`, `TT hit at A: ≥ 4, α := 4`, `TT miss at B`.
pub fn probe(game: &Game, who: &str, key: &TtKey, found: Option<&TtEntry>, outcome: &TtOutcome) -> String {
    let named = if let TtKey::Named(_) = key { format!(" {}", key_text(game, key)) } else { String::new() };
    let at = format!("{who}{named}");
    let Some(e) = found else {
        return match outcome {
            TtOutcome::Miss { occupant: Some(o) } => format!("TT miss at {at}: its slot holds {}", key_text(game, o)),
            _ => format!("TT miss at {at}"),
        };
    };
    let v = num(e.value);
    match outcome {
        TtOutcome::Miss { .. } => format!("TT miss at {at}"),
        TtOutcome::Shallow => {
            let depth = e.depth.map_or(String::new(), |d| format!(" (depth {d})"));
            format!("TT entry for {at}{depth} too shallow: not used")
        }
        TtOutcome::Exact => format!("TT hit at {at}: exact {v}, {who} returns at once"),
        TtOutcome::Narrowed { window } | TtOutcome::Cutoff { window } => {
            let step = match e.bound {
                BoundKind::Lower => format!("α := {}", num(window.alpha)),
                _ => format!("β := {}", num(window.beta)),
            };
            let end = match outcome {
                TtOutcome::Cutoff { .. } => format!(", α ≥ β: {who} returns {v} at once"),
                _ => String::new(),
            };
            format!("TT hit at {at}: {}, {step}{end}", bounded(e.value, e.bound))
        }
    }
}

/// A re-search's step: `re-search C with (3, +∞): its null-window scout
/// returned 6, inside A's window (3, +∞)`.
pub fn research(who: &str, parent: &str, scout: Num, node_window: Option<&Window>, new: &Window) -> String {
    let inside = node_window.map_or(String::new(), |w| format!(", inside {parent}'s window {}", window(w)));
    format!("re-search {who} with {}: its null-window scout returned {}{inside}", window(new), num(scout))
}

/// `text` with each ASCII hyphen that is a minus sign (before a digit or
/// `∞`, after no letter or digit) written `−`, as figures write numbers.
pub fn minus_signs(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    for (i, &c) in chars.iter().enumerate() {
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        let minus = c == '-'
            && after.is_some_and(|a| a.is_ascii_digit() || a == '∞')
            && !before.is_some_and(|b| b.is_alphanumeric() || b == '-' || b == '.');
        out.push(if minus { '−' } else { c });
    }
    out
}

/// A title as figures set it: `max^n` as `maxⁿ` (TikZ typesets `ⁿ` as a
/// superscript n).
pub fn title(text: &str) -> String {
    text.replace("max^n", "maxⁿ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minus_signs_only_where_a_number_is_negative() {
        assert_eq!(minus_signs("v = -7, α = -∞ (after B-2)"), "v = −7, α = −∞ (after B-2)");
        assert_eq!(minus_signs("null-window scout returned -3"), "null-window scout returned −3");
        assert_eq!(minus_signs("(-1, 0) and x-1"), "(−1, 0) and x-1");
    }

    #[test]
    fn max_n_in_a_title_is_a_superscript() {
        assert_eq!(title("three-player max^n, 18 leaves"), "three-player maxⁿ, 18 leaves");
    }
}
