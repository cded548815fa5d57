//! The report parts of the advanced two-player searches: one row per
//! MTD(f) pass or iterative-deepening iteration, the nodes a transposition
//! table answered, and the conventions they add (table size, replacement,
//! null-window width, first guess).

use std::fmt;

use serde::Serialize;

use crate::analysis::{Analysis, Pass, describe};
use crate::model::{Game, Path};
use crate::num::Num;
use crate::report::{Dotted, Number};
use crate::search::Algorithm;
use crate::search::options::Replace;
use crate::search::trace::{PassKind, Trace};

/// One MTD(f) pass.
#[derive(Serialize, Debug)]
pub struct PassReport {
    pub pass: u32,
    /// The null window (MAX's view).
    pub alpha: Number,
    pub beta: Number,
    /// What the pass returned, and whether it is a `lower` bound (≥ β),
    /// an `upper` bound (≤ α), or `exact` (strictly inside the window:
    /// MTD(f)'s last pass over a wide window, or a guess between values).
    pub value: Option<Number>,
    pub bound: &'static str,
    /// The bounds on the root's value after the pass.
    pub lower: Number,
    pub upper: Number,
    pub leaves_evaluated: usize,
    pub cutoffs: usize,
}

/// One iterative-deepening iteration.
#[derive(Serialize, Debug)]
pub struct IterationReport {
    pub depth: u32,
    pub value: Option<Number>,
    pub best_move: Option<Dotted>,
    /// The root move searched first (the previous iteration's best).
    pub first: Option<Dotted>,
    pub leaves_evaluated: usize,
    pub cutoffs: usize,
    /// Why the iteration could not run (a horizon node without `eval`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skipped: Option<String>,
}

fn counts(a: &Analysis, p: &Pass) -> (usize, usize) {
    let leaves = a.visits[p.visits.clone()].iter().filter(|v| v.direct().is_some()).count();
    let cutoffs = a.cuts.iter().filter(|c| p.visits.contains(&c.at)).count();
    (leaves, cutoffs)
}

fn root_value(a: &Analysis, p: &Pass) -> Option<Num> {
    a.scalar_of(a.visits.get(p.root?)?)
}

pub fn passes(a: &Analysis) -> Option<Vec<PassReport>> {
    let rows: Vec<PassReport> = a
        .passes
        .iter()
        .filter_map(|p| {
            let PassKind::Mtdf { window, lower, upper } = p.kind else { return None };
            let g = root_value(a, p);
            let (bound, lower, upper) = match g {
                Some(g) if g >= window.beta => ("lower", g, upper),
                Some(g) if g > window.alpha => ("exact", g, g),
                Some(g) => ("upper", lower, g),
                None => ("upper", lower, upper),
            };
            let (leaves_evaluated, cutoffs) = counts(a, p);
            Some(PassReport {
                pass: p.number,
                alpha: Number::Num(window.alpha),
                beta: Number::Num(window.beta),
                value: g.map(Number::Num),
                bound,
                lower: Number::Num(lower),
                upper: Number::Num(upper),
                leaves_evaluated,
                cutoffs,
            })
        })
        .collect();
    (!rows.is_empty()).then_some(rows)
}

pub fn iterations(game: &Game, a: &Analysis) -> Option<Vec<IterationReport>> {
    let rows: Vec<IterationReport> = a
        .passes
        .iter()
        .filter_map(|p| {
            let PassKind::Deepening { depth, first, missing_eval } = p.kind else { return None };
            let best = p.root.and_then(|r| a.visits[r].best_child());
            let (leaves_evaluated, cutoffs) = counts(a, p);
            let skipped = missing_eval.map(|id| format!("{} has no eval", game.display_name(id, &Path::root())));
            Some(IterationReport {
                depth,
                value: root_value(a, p).map(Number::Num),
                best_move: best.map(|i| Dotted(Path(vec![i]))),
                first: first.map(|i| Dotted(Path(vec![i]))),
                leaves_evaluated,
                cutoffs,
                skipped,
            })
        })
        .collect();
    (!rows.is_empty()).then_some(rows)
}

/// The nodes a table answered, for algorithms with a table.
pub fn answered(trace: &Trace, a: &Analysis) -> Option<Vec<Dotted>> {
    trace.algorithm.uses_table().then(|| {
        let answered = |(_, v): &(usize, &crate::analysis::Visit)| v.answered() && !v.superseded();
        a.visits.iter().enumerate().filter(answered).map(|(i, _)| Dotted(a.path(i))).collect()
    })
}

/// What the advanced searches add to the conventions line.
pub fn conventions(game: &Game, trace: &Trace) -> String {
    let o = &trace.options;
    let mut out = String::new();
    if trace.algorithm.uses_table() {
        let size = o.tt_size.map_or("unlimited".to_string(), |n| format!("{n} slots"));
        let replace = match o.tt_replace {
            Replace::Always => "always",
            Replace::Depth => "depth-preferred",
        };
        out += &format!(", table: {size}, replace {replace}");
    }
    if matches!(trace.algorithm, Algorithm::Pvs | Algorithm::Mtdf) {
        out += &format!(", null window width {}", crate::search::null_window(game, o));
    }
    if trace.algorithm == Algorithm::Mtdf {
        out += &format!(", first guess {}", o.guess.unwrap_or(Num::ZERO));
    }
    out
}

/// The rows people read under the stats line.
pub struct Rows<'a> {
    pub game: &'a Game,
    pub passes: Option<&'a [PassReport]>,
    pub iterations: Option<&'a [IterationReport]>,
    pub answered: Option<&'a [Dotted]>,
    pub stats: &'a crate::analysis::Stats,
}

fn show(n: &Number) -> String {
    match n {
        Number::Num(v) => v.pretty(),
        Number::Vector(_) => String::new(),
    }
}

impl fmt::Display for Rows<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.stats;
        if let (Some(p), Some(h), Some(c), Some(st)) = (s.tt_probes, s.tt_hits, s.tt_cutoffs, s.tt_stores) {
            writeln!(f, "  table: {p} probes, {h} hits, {c} nodes answered, {st} stores")?;
        }
        if let Some(r) = s.researches {
            writeln!(f, "  re-searches: {r}")?;
        }
        if let Some(answered) = self.answered {
            let names: Vec<String> = answered.iter().map(|p| describe(self.game, p)).collect();
            let list = if names.is_empty() { "none".to_string() } else { names.join(", ") };
            writeln!(f, "  answered by the table (children not searched): {list}")?;
        }
        for p in self.passes.unwrap_or_default() {
            let v = p.value.as_ref().map(show).unwrap_or_default();
            let sym = match p.bound {
                "lower" => "≥",
                "exact" => "=",
                _ => "≤",
            };
            writeln!(
                f,
                "  pass {}: window ({}, {}) returned {v}: value {sym} {v}; now {} ≤ value ≤ {}; {}, {}",
                p.pass,
                show(&p.alpha),
                show(&p.beta),
                show(&p.lower),
                show(&p.upper),
                count(p.leaves_evaluated, "leaf", "leaves"),
                count(p.cutoffs, "cutoff", "cutoffs")
            )?;
        }
        for it in self.iterations.unwrap_or_default() {
            if let Some(why) = &it.skipped {
                writeln!(f, "  depth {}: skipped ({why})", it.depth)?;
                continue;
            }
            let v = it.value.as_ref().map(show).unwrap_or_default();
            let best = it.best_move.as_ref().map_or("(none)".to_string(), |m| describe(self.game, m));
            let first = it.first.as_ref().map(|m| format!(", {} searched first", describe(self.game, m)));
            writeln!(
                f,
                "  depth {}: value {v}, best move {best}; {}, {}{}",
                it.depth,
                count(it.leaves_evaluated, "leaf", "leaves"),
                count(it.cutoffs, "cutoff", "cutoffs"),
                first.unwrap_or_default()
            )?;
        }
        Ok(())
    }
}

/// `1 leaf`, `2 leaves`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
