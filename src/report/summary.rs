//! The screenful `gametree solve FILE` prints when no algorithm is named:
//! one line per algorithm (value, best move, leaves evaluated, pruned
//! edges) under a header stating the conventions, and a hint for the full
//! tables. Read off the same [`AlgoReport`]s as the full text and JSON, one
//! at a time: a [`SummaryLine`] is all it keeps of each.

use std::fmt;

use crate::analysis::reference;
use crate::model::Game;
use crate::report::compare::{value_text, write_columns};
use crate::report::{AlgoReport, move_text};
use crate::search::Algorithm;

/// Pruned edges listed by name on a summary line; the rest are counted.
const PRUNED_SHOWN: usize = 4;

/// One algorithm's line of the summary, with what the header and the
/// warnings take from its report: all a summary keeps of a report, so a
/// big tree's reports can be read one at a time and dropped.
#[derive(Clone, Debug)]
pub struct SummaryLine {
    /// The search has a window: its conventions state every rule.
    windowed: bool,
    conventions: String,
    algorithm: String,
    row: Vec<String>,
    warnings: Vec<String>,
}

impl SummaryLine {
    pub fn of(game: &Game, r: &AlgoReport) -> SummaryLine {
        SummaryLine {
            windowed: Algorithm::from_name(&r.algorithm).is_some_and(|a| a.uses_window()),
            conventions: r.conventions.clone(),
            algorithm: r.algorithm.clone(),
            row: row(game, r),
            warnings: r.warnings.clone(),
        }
    }
}

/// The summary, one line per algorithm in the order pushed.
#[derive(Clone, Debug, Default)]
pub struct SummaryLines {
    title: Option<String>,
    lines: Vec<SummaryLine>,
}

impl SummaryLines {
    pub fn new(title: Option<String>) -> SummaryLines {
        SummaryLines { title, lines: Vec::new() }
    }

    pub fn push(&mut self, line: SummaryLine) {
        self.lines.push(line);
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }
}

impl fmt::Display for SummaryLines {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let results = &self.lines;
        if let Some(t) = &self.title {
            writeln!(f, "{t}")?;
        }
        // The conventions of a search with a window state every rule the
        // others use too (ties, order, depth).
        let windowed = results.iter().find(|r| r.windowed);
        if let Some(r) = windowed.or(results.first()) {
            writeln!(f, "conventions: {}", r.conventions)?;
        }
        let mut rows = vec![["algorithm", "value", "best move", "leaves", "pruned"].map(String::from).to_vec()];
        rows.extend(results.iter().map(|r| r.row.clone()));
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

fn row(game: &Game, r: &AlgoReport) -> Vec<String> {
    let value = value_text(r.value_exact.as_ref(), r.value.as_ref());
    let moves = r.best_moves.clone().unwrap_or_else(|| r.best_move.iter().cloned().collect());
    let moves: Vec<String> = moves.iter().map(|m| move_text(game, m)).collect();
    let best = if moves.is_empty() { "(none)".into() } else { moves.join(", ") };
    let leaves = r.stats.leaves_evaluated.to_string();
    vec![r.algorithm.clone(), value, best, leaves, pruned(game, r)]
}

/// `0`, or the count and the first few edges: `2: C.2, C.3`.
fn pruned(game: &Game, r: &AlgoReport) -> String {
    let mut count = 0;
    let mut shown: Vec<String> = Vec::new();
    for p in r.visits.pruned() {
        if count < PRUNED_SHOWN {
            shown.push(reference(game, &p.path()));
        }
        count += 1;
    }
    if count == 0 {
        return "0".into();
    }
    if count > PRUNED_SHOWN {
        shown.push("…".into());
    }
    format!("{count}: {}", shown.join(", "))
}
