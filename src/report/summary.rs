//! The screenful `gametree solve FILE` prints when no algorithm is named:
//! one line per algorithm (value, best move, leaves evaluated, pruned
//! edges) under a header stating the conventions, and a hint for the full
//! tables. Read off the same [`Report`] as the full text and JSON.

use std::fmt;

use crate::analysis::reference;
use crate::model::Game;
use crate::report::compare::{value_text, write_columns};
use crate::report::{AlgoReport, Report, move_text};
use crate::search::Algorithm;

/// Pruned edges listed by name on a summary line; the rest are counted.
const PRUNED_SHOWN: usize = 4;

/// The summary's text form.
pub struct Summary<'a> {
    pub game: &'a Game,
    pub report: &'a Report,
}

impl fmt::Display for Summary<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let results = &self.report.results;
        if let Some(t) = &self.report.title {
            writeln!(f, "{t}")?;
        }
        // The conventions of a search with a window state every rule the
        // others use too (ties, order, depth).
        let windowed = results.iter().find(|r| Algorithm::from_name(&r.algorithm).is_some_and(|a| a.uses_window()));
        if let Some(r) = windowed.or(results.first()) {
            writeln!(f, "conventions: {}", r.conventions)?;
        }
        let mut rows = vec![["algorithm", "value", "best move", "leaves", "pruned"].map(String::from).to_vec()];
        rows.extend(results.iter().map(|r| self.row(r)));
        write_columns(f, &rows)?;
        // Each warning once, with the algorithms it is about.
        let mut warnings: Vec<(&str, Vec<&str>)> = Vec::new();
        for r in results {
            for w in &r.warnings {
                match warnings.iter_mut().find(|(text, _)| text == w) {
                    Some((_, algorithms)) => algorithms.push(&r.algorithm),
                    None => warnings.push((w, vec![&r.algorithm])),
                }
            }
        }
        for (w, algorithms) in warnings {
            writeln!(f, "  warning ({}): {w}", algorithms.join(", "))?;
        }
        writeln!(f, "-a ALGO (repeatable) or --detail for the full tables; --trace narrates every step with α and β")
    }
}

impl Summary<'_> {
    fn row(&self, r: &AlgoReport) -> Vec<String> {
        let value = value_text(r.value_exact.as_ref(), r.value.as_ref());
        let moves = r.best_moves.clone().unwrap_or_else(|| r.best_move.iter().cloned().collect());
        let moves: Vec<String> = moves.iter().map(|m| move_text(self.game, m)).collect();
        let best = if moves.is_empty() { "(none)".into() } else { moves.join(", ") };
        let leaves = r.stats.leaves_evaluated.to_string();
        vec![r.algorithm.clone(), value, best, leaves, self.pruned(r)]
    }

    /// `0`, or the count and the first few edges: `2: C.2, C.3`.
    fn pruned(&self, r: &AlgoReport) -> String {
        let pruned: Vec<_> = r.visits.pruned().collect();
        if pruned.is_empty() {
            return "0".into();
        }
        let mut shown: Vec<String> = pruned.iter().take(PRUNED_SHOWN).map(|p| reference(self.game, p)).collect();
        if pruned.len() > PRUNED_SHOWN {
            shown.push("…".into());
        }
        format!("{}: {}", pruned.len(), shown.join(", "))
    }
}
