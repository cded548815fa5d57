//! `solve --all`: every algorithm that applies, side by side, and whether
//! they agree on the root value (a disagreement is a bug in gametree, or a
//! convention that changes the answer, and is flagged as such).

use std::fmt;

use serde::Serialize;

use crate::model::Game;
use crate::report::{AlgoReport, Dotted, Number};
use crate::search::trace::Trace;

/// The comparison report.
#[derive(Serialize, Debug)]
pub struct Comparison {
    pub title: Option<String>,
    pub algorithms: Vec<Row>,
    /// True when every algorithm found the same root value.
    pub agreement: bool,
    /// The distinct root values, each with the algorithms that found it
    /// (more than one entry only when they disagree).
    pub values: Vec<ValueGroup>,
    /// Algorithms whose value answers another question, left out of the
    /// agreement check, and why.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_compared: Vec<NotCompared>,
}

#[derive(Serialize, Debug)]
pub struct NotCompared {
    pub algorithm: String,
    pub why: &'static str,
}

/// Why `algorithm`'s root value is not expected to equal the others', if so.
fn not_comparable(game: &Game, trace: &Trace) -> Option<&'static str> {
    use crate::search::Algorithm;
    let shared = game.shares_positions();
    match trace.algorithm {
        Algorithm::Paranoid => Some("paranoid solves the two-player coalition game for one player's component"),
        Algorithm::NegamaxTt | Algorithm::Mtdf if shared && trace.options.depth.is_some() => Some(
            "under --depth, a table entry from a deeper search of a shared position can answer a shallower one \
             (Wikipedia's rule), so the value may differ from depth-limited minimax",
        ),
        _ => None,
    }
}

/// One algorithm's line.
#[derive(Serialize, Debug)]
pub struct Row {
    pub algorithm: String,
    pub value: Option<Number>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_exact: Option<String>,
    pub best_move: Option<Dotted>,
    pub nodes_visited: usize,
    pub leaves_evaluated: usize,
    pub cutoffs: usize,
}

#[derive(Serialize, Debug)]
pub struct ValueGroup {
    pub value: String,
    pub algorithms: Vec<String>,
}

impl Comparison {
    pub fn new(game: &Game, traces: &[Trace]) -> Comparison {
        let mut values: Vec<ValueGroup> = Vec::new();
        let mut not_compared = Vec::new();
        let algorithms = traces
            .iter()
            .map(|t| {
                let r = AlgoReport::new(game, t);
                let a = r.visits.analysis();
                let shown = a.value().map_or("?".to_string(), |v| v.to_string());
                match (not_comparable(game, t), values.iter_mut().find(|g| g.value == shown)) {
                    (Some(why), _) => not_compared.push(NotCompared { algorithm: r.algorithm.clone(), why }),
                    (None, Some(g)) => g.algorithms.push(r.algorithm.clone()),
                    (None, None) => values.push(ValueGroup { value: shown, algorithms: vec![r.algorithm.clone()] }),
                }
                Row {
                    algorithm: r.algorithm,
                    value: r.value,
                    value_exact: r.value_exact,
                    best_move: r.best_move,
                    nodes_visited: r.stats.nodes_visited,
                    leaves_evaluated: r.stats.leaves_evaluated,
                    cutoffs: r.stats.cutoffs,
                }
            })
            .collect();
        Comparison {
            title: game.title().map(str::to_string),
            algorithms,
            agreement: values.len() <= 1,
            values,
            not_compared,
        }
    }
}

/// The text form.
pub struct ComparisonText<'a> {
    pub game: &'a Game,
    pub comparison: &'a Comparison,
}

impl fmt::Display for ComparisonText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.comparison;
        if let Some(t) = &c.title {
            writeln!(f, "{t}")?;
        }
        let mut rows =
            vec![["algorithm", "value", "best move", "nodes", "leaves", "cutoffs"].map(String::from).to_vec()];
        for r in &c.algorithms {
            let value = value_text(r.value_exact.as_ref(), r.value.as_ref());
            let best = r.best_move.as_ref().map_or("(none)".to_string(), |m| crate::analysis::describe(self.game, m));
            let counts = [r.nodes_visited, r.leaves_evaluated, r.cutoffs].map(|n| n.to_string());
            rows.push([vec![r.algorithm.clone(), value, best], counts.to_vec()].concat());
        }
        write_columns(f, &rows)?;
        for n in &c.not_compared {
            writeln!(f, "  not compared: {}: {}", n.algorithm, n.why)?;
        }
        if c.agreement {
            writeln!(f, "  agreement: every algorithm compared finds the same root value")
        } else {
            let groups: Vec<String> =
                c.values.iter().map(|g| format!("{} ({})", g.value, g.algorithms.join(", "))).collect();
            writeln!(f, "  DISAGREEMENT (a bug, please report it): root values {}", groups.join(" vs "))
        }
    }
}

/// A root value as the text reports write it: exact (`7/3`) when it is a
/// rational that is not whole, `?` when there is none.
pub(crate) fn value_text(exact: Option<&String>, value: Option<&Number>) -> String {
    match (exact, value) {
        (Some(e), _) => e.clone(),
        (None, Some(Number::Num(v))) => v.to_string(),
        (None, Some(Number::Vector(vs))) => crate::search::trace::Value::Vector(vs.as_slice().into()).to_string(),
        (None, None) => "?".into(),
    }
}

/// Rows as left-aligned columns, indented by two spaces.
pub(crate) fn write_columns(f: &mut fmt::Formatter<'_>, rows: &[Vec<String>]) -> fmt::Result {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let width: Vec<usize> = (0..columns)
        .map(|i| rows.iter().filter_map(|r| r.get(i)).map(|s| s.chars().count()).max().unwrap_or(0))
        .collect();
    for row in rows {
        let cells: Vec<String> =
            row.iter().zip(&width).map(|(s, w)| format!("{s}{}", " ".repeat(w - s.chars().count()))).collect();
        writeln!(f, "  {}", cells.join("  ").trim_end())?;
    }
    Ok(())
}
