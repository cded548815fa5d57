//! Reports: serializable types built from a [`Game`] and its runs.
//!
//! JSON and YAML are serde over [`Report`] (field names are the contract of
//! SPEC §5: users' scripts rely on them); text is its `Display`. Paths are
//! dotted and 1-based; values are MAX's; numbers that are not whole are
//! floats with an exact `…_exact` string beside them. The per-visit lists
//! are views of the run's analysis ([`crate::report::visits`]), written as
//! they are serialized; the narrated `steps` are made only when asked for
//! ([`AlgoReport::narrated`], `solve --trace`).
//!
//! Layer: report, beside `draw`, above analysis.
//!
//! Architecture invariant: every row is read off a run's analysis (so off
//! its one trace); nothing here searches or prints.

pub mod compare;
pub mod digits;
pub mod json;
pub mod narrate;
pub mod narrate_passes;
pub mod passes;
mod run;
pub mod summary;
mod table;
pub mod visits;
#[cfg(test)]
mod visits_tests;
pub mod yaml;

use std::fmt;

use serde::Serialize;

use crate::analysis::{Analysis, describe};
use crate::model::{Game, Path};
use crate::num::Num;
use crate::report::narrate::narrate;
use crate::report::visits::{At, CauseReport, Lazy, PathCursor, PathText, Visits};
use crate::search::trace::{BoundKind, ExtendReason, Trace, Value};

/// A whole `solve` report.
#[derive(Serialize, Debug)]
pub struct Report {
    pub title: Option<String>,
    pub results: Vec<AlgoReport>,
}

/// One algorithm's run. Serialized field by field (see its `Serialize`),
/// the per-visit lists straight from [`Visits`].
#[derive(Debug)]
pub struct AlgoReport {
    pub algorithm: String,
    /// The cut rule the run used, for the `≤`/`<` of the text report.
    pub cut_rule: crate::search::options::CutRule,
    /// Whether Korf's shallow cut needed `>` (see `Options::shallow_strict`).
    pub shallow_strict: bool,
    /// Every convention the run used (cut rule, fail mode, bounds, ties, order, depth).
    pub conventions: String,
    pub value: Option<Number>,
    pub value_exact: Option<String>,
    pub negamax_value: Option<Number>,
    pub best_move: Option<Dotted>,
    /// With `--ties all`: every move proven to attain the value.
    pub best_moves: Option<Vec<Dotted>>,
    pub pv: Vec<Dotted>,
    /// `--beam`: children never considered (forward pruning, not cuts).
    pub forward_pruned: Vec<Dotted>,
    /// Nodes searched past the depth cutoff, and why.
    pub extended: Vec<ExtendReport>,
    /// What the run's options cost, e.g. a best move lost to forward pruning.
    pub warnings: Vec<String>,
    /// The visits and cuts: `nodes`, `cuts`, `pruned`, `visit_order`, `leaf_order`.
    pub visits: Visits,
    pub stats: crate::analysis::Stats,
    /// The narrated steps, only when asked for (`--trace`, see
    /// [`AlgoReport::narrated`]): one line per event, costly on big trees.
    pub steps: Option<Vec<String>>,
    /// `mtdf`: one row per pass.
    pub passes: Option<Vec<crate::report::passes::PassReport>>,
    /// `ids`: one row per depth.
    pub iterations: Option<Vec<crate::report::passes::IterationReport>>,
    /// `negamax-tt`, `mtdf`: the nodes the table answered (their children
    /// are not searched and not counted as pruned).
    pub tt_answered: Option<Vec<Dotted>>,
}

/// A node searched past the depth cutoff.
#[derive(Serialize, Debug)]
pub struct ExtendReport {
    pub path: Dotted,
    /// `quiescence` (a `[noisy]` node) or `singular` (a singular extension).
    pub reason: &'static str,
}

/// A path in a report, written as its dotted text (`root`, `2.3`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dotted(pub Path);

impl Serialize for Dotted {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

impl std::ops::Deref for Dotted {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl std::fmt::Display for Dotted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

fn dotted(paths: &[Path]) -> Vec<Dotted> {
    paths.iter().cloned().map(Dotted).collect()
}

/// A number as JSON wants it: an integer when whole, else a float; the
/// infinities as the strings `"inf"` and `"-inf"`; vectors as arrays.
#[derive(Debug, Clone, PartialEq)]
pub enum Number {
    Num(Num),
    Vector(Vec<Num>),
}

impl Serialize for Number {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        fn one<S: serde::Serializer>(n: &Num, s: S) -> Result<S::Ok, S::Error> {
            match n.as_i64() {
                _ if n.is_infinite() => s.serialize_str(&n.to_string()),
                Some(i) => s.serialize_i64(i),
                None => s.serialize_f64(n.to_f64()),
            }
        }
        match self {
            Number::Num(n) => one(n, s),
            Number::Vector(vs) => {
                use serde::ser::SerializeSeq;
                let mut seq = s.serialize_seq(Some(vs.len()))?;
                for v in vs {
                    seq.serialize_element(&Number::Num(*v))?;
                }
                seq.end()
            }
        }
    }
}

pub fn number(v: &Value) -> Number {
    match v {
        Value::Scalar(n) => Number::Num(*n),
        Value::Vector(vs) => Number::Vector(vs.to_vec()),
    }
}

pub fn exact(v: &Value) -> Option<String> {
    match v {
        Value::Scalar(n) if n.is_exact() && !n.is_whole() => Some(n.to_string()),
        Value::Vector(vs) if vs.iter().any(|n| n.is_exact() && !n.is_whole()) => Some(v.to_string()),
        _ => None,
    }
}

impl AlgoReport {
    pub fn new(game: &Game, trace: &Trace) -> AlgoReport {
        AlgoReport::with(game, trace, Analysis::of(game, trace))
    }

    /// The same as [`AlgoReport::new`], the trace consumed as the analysis
    /// reads it (so a big search never holds both whole: what `solve` does).
    pub fn of(game: &Game, trace: Trace) -> AlgoReport {
        let run = Trace::new(trace.algorithm, &trace.options);
        AlgoReport::with(game, &run, Analysis::of_owned(game, trace))
    }

    /// The report of analysis `a`; of `trace` it reads only the run's
    /// algorithm and options.
    fn with(game: &Game, trace: &Trace, a: Analysis) -> AlgoReport {
        let ties = trace.options.ties;
        let value = a.value();
        let best = a.best_moves(ties);
        AlgoReport {
            algorithm: trace.algorithm.name().to_string(),
            cut_rule: trace.options.cuts,
            shallow_strict: trace.options.shallow_strict(),
            conventions: trace.options.describe(trace.algorithm.uses_window())
                + &crate::report::passes::conventions(game, trace),
            value_exact: value.as_ref().and_then(exact),
            value: value.as_ref().map(number),
            negamax_value: a.negamax(a.root()).filter(|_| trace.algorithm.is_negamax()).map(Number::Num),
            best_move: best.first().map(|i| Dotted(Path(vec![*i]))),
            best_moves: (ties == crate::search::options::Ties::All)
                .then(|| best.iter().map(|i| Dotted(Path(vec![*i]))).collect()),
            pv: dotted(&a.pv()),
            forward_pruned: dotted(&a.forward_pruned),
            extended: a
                .extended_visits()
                .map(|(i, reason)| {
                    let reason = match reason {
                        ExtendReason::Quiescence => "quiescence",
                        ExtendReason::Singular { .. } => "singular",
                    };
                    ExtendReport { path: Dotted(a.path(i)), reason }
                })
                .collect(),
            warnings: beam_warning(game, trace, &a).into_iter().collect(),
            stats: a.stats(),
            steps: None,
            passes: crate::report::passes::passes(&a),
            iterations: crate::report::passes::iterations(game, &a),
            tt_answered: crate::report::passes::answered(trace, &a),
            visits: Visits::new(game, a),
        }
    }
}

/// Where a run's fields go, one call each in SPEC §5's order: serde (YAML,
/// the Python binding) through [`AlgoReport`]'s `Serialize`, or the JSON
/// writer of `solve` ([`crate::report::json::write_report`]), which writes
/// the per-visit lists itself.
pub trait Fields {
    type Error;
    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Self::Error>;
    /// A list of paths (`pruned`, `visit_order`, `leaf_order`), made by `paths`.
    fn paths<P: PathText, I: Iterator<Item = P>>(
        &mut self,
        key: &'static str,
        paths: impl Fn() -> I,
    ) -> Result<(), Self::Error>;
    /// A row per visit (`nodes`).
    fn nodes(&mut self, key: &'static str, visits: &Visits) -> Result<(), Self::Error>;
    /// Every visit's path (`visit_order`), or with `leaves` those of the
    /// visits that evaluate a leaf (`leaf_order`).
    fn visit_paths(&mut self, key: &'static str, visits: &Visits, leaves: bool) -> Result<(), Self::Error> {
        if leaves {
            self.paths(key, || visits.leaf_order().map(|(i, _)| At(visits.analysis(), i)))
        } else {
            self.paths(key, || visits.visit_order())
        }
    }
}

impl AlgoReport {
    /// The fields of SPEC §5 in a fixed order; optional ones only when set.
    pub fn fields<F: Fields>(&self, m: &mut F) -> Result<(), F::Error> {
        let v = &self.visits;
        m.field("algorithm", &self.algorithm)?;
        m.field("conventions", &self.conventions)?;
        m.field("value", &self.value)?;
        if let Some(x) = &self.value_exact {
            m.field("value_exact", x)?;
        }
        if let Some(x) = &self.negamax_value {
            m.field("negamax_value", x)?;
        }
        m.field("best_move", &self.best_move)?;
        if let Some(x) = &self.best_moves {
            m.field("best_moves", x)?;
        }
        m.field("pv", &self.pv)?;
        m.paths("pruned", || v.pruned())?;
        if !self.forward_pruned.is_empty() {
            m.field("forward_pruned", &self.forward_pruned)?;
        }
        if !self.extended.is_empty() {
            m.field("extended", &self.extended)?;
        }
        if !self.warnings.is_empty() {
            m.field("warnings", &self.warnings)?;
        }
        m.field("cuts", &Lazy(|| v.cuts()))?;
        m.visit_paths("visit_order", v, false)?;
        m.visit_paths("leaf_order", v, true)?;
        m.nodes("nodes", v)?;
        m.field("stats", &self.stats)?;
        if let Some(x) = &self.steps {
            m.field("steps", x)?;
        }
        if let Some(x) = &self.passes {
            m.field("passes", x)?;
        }
        if let Some(x) = &self.iterations {
            m.field("iterations", x)?;
        }
        if let Some(x) = &self.tt_answered {
            m.field("tt_answered", x)?;
        }
        Ok(())
    }
}

impl Serialize for AlgoReport {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut m = Serde(s.serialize_struct("AlgoReport", 21)?);
        self.fields(&mut m)?;
        m.0.end()
    }
}

/// [`Fields`] as a serde struct.
struct Serde<M>(M);

impl<M: serde::ser::SerializeStruct> Fields for Serde<M> {
    type Error = M::Error;

    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), M::Error> {
        self.0.serialize_field(key, value)
    }

    fn paths<P: PathText, I: Iterator<Item = P>>(
        &mut self,
        key: &'static str,
        paths: impl Fn() -> I,
    ) -> Result<(), M::Error> {
        self.0.serialize_field(key, &Lazy(paths))
    }

    fn nodes(&mut self, key: &'static str, visits: &Visits) -> Result<(), M::Error> {
        self.0.serialize_field(key, &Lazy(|| visits.nodes()))
    }
}

impl AlgoReport {
    /// The report with the narrated steps (`solve --trace`).
    pub fn narrated(game: &Game, trace: &Trace) -> AlgoReport {
        AlgoReport { steps: Some(narrate(game, trace)), ..AlgoReport::new(game, trace) }
    }
}

/// With `--beam`: what forward pruning lost, when the same search without
/// it finds another root value or best move.
fn beam_warning(game: &Game, trace: &Trace, a: &Analysis) -> Option<String> {
    trace.options.beam?;
    let full_opts = crate::search::options::Options { beam: None, ..trace.options.clone() };
    let full = crate::search::run(game, trace.algorithm, &full_opts).ok()?;
    let f = Analysis::of(game, &full);
    let ties = trace.options.ties;
    let (value, best) = (f.value()?, f.best_moves(ties));
    let moves: Vec<String> = best.iter().map(|&i| move_text(game, &Path(vec![i]))).collect();
    if best != a.best_moves(ties) {
        Some(format!(
            "forward pruning lost the best move: without --beam the value is {value} via {}",
            moves.join(", ")
        ))
    } else if Some(&value) != a.value().as_ref() {
        Some(format!("forward pruning changed the value: without --beam it is {value} (the same best move)"))
    } else {
        None
    }
}

/// The text report: what a person reads.
pub struct Text<'a> {
    pub game: &'a Game,
    pub report: &'a Report,
    /// The most rows each long part shows (the table of visits, the cuts,
    /// the leaves evaluated, the pruned edges), each cut short saying how
    /// many more there are; `None`: every row (`--detail`, `--trace`).
    pub rows: Option<usize>,
}

/// Rows a long part of the text report shows when `-a` names the
/// algorithms without `--detail`: a table of a million visits is no table a
/// person reads (and takes 20 times as long to write as the search).
pub const ROWS_SHOWN: usize = 1000;

/// What follows the count of the rows a long part of the text report
/// leaves out.
pub(super) fn cut_short(most: usize) -> String {
    format!("(the first {most} shown; --detail shows every one)")
}

/// `3`, `≤ 2`, `≥ 5`.
pub fn shown(value: &Value, bound: BoundKind) -> String {
    match bound {
        BoundKind::Exact => value.to_string(),
        BoundKind::Upper => format!("≤ {value}"),
        BoundKind::Lower => format!("≥ {value}"),
    }
}

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = self.game;
        if let Some(t) = &self.report.title {
            writeln!(f, "{t}")?;
        }
        for (k, r) in self.report.results.iter().enumerate() {
            if k > 0 || self.report.title.is_some() {
                writeln!(f)?;
            }
            writeln!(f, "{} — {}", r.algorithm, r.conventions)?;
            let most = self.rows.unwrap_or(usize::MAX);
            write_summary(f, game, r, most)?;
            table::write_table(f, game, r, most)?;
            // Each cut's line written into one buffer, its paths described
            // straight into it (`Visits::push_describe`), not a `String` each.
            let (mut line, mut cursor) = (String::new(), PathCursor::default());
            let mut cuts = 0;
            for c in r.visits.cuts() {
                cuts += 1;
                if cuts > most {
                    continue;
                }
                let (low, high) = (r.cut_rule.alpha_symbol(), r.cut_rule.beta_symbol());
                let (word, sym, letter) = match (c.kind, c.side) {
                    ("alpha", _) => ("α-cut", low, "α"),
                    ("chance", Some("low")) => ("chance-branch cut", low, "α"),
                    ("chance", _) => ("chance-branch cut", high, "β"),
                    ("shallow", _) => ("shallow cut", if r.shallow_strict { ">" } else { "≥" }, "sum − parent's"),
                    _ => ("β-cut", high, "β"),
                };
                let (v, b) = (show_number(&c.value), show_number(&c.bound));
                let (what, old) = if c.superseded { ("skipped", " [superseded]") } else { ("pruned", "") };
                line.clear();
                line.push_str("  ");
                line.push_str(word);
                line.push_str(" at ");
                r.visits.push_describe(game, c.at, &mut cursor, &mut line);
                for piece in [": ", &v, " ", sym, " ", letter, " = ", &b, " (from "] {
                    line.push_str(piece);
                }
                match c.cause {
                    CauseReport::Bounds => line.push_str("the declared bounds"),
                    CauseReport::Table => line.push_str("a table entry"),
                    CauseReport::Pass => line.push_str("the pass's null window"),
                    CauseReport::Node(p) => r.visits.push_describe(game, p, &mut cursor, &mut line),
                }
                line.push_str("); ");
                line.push_str(what);
                line.push(' ');
                for (k, p) in c.pruned.iter().enumerate() {
                    if k > 0 {
                        line.push_str(", ");
                    }
                    r.visits.push_describe(game, p, &mut cursor, &mut line);
                }
                line.push_str(old);
                line.push('\n');
                f.write_str(&line)?;
            }
            if cuts > most {
                writeln!(f, "  … {} more cuts {}", cuts - most, cut_short(most))?;
            }
            write_horizon(f, game, r)?;
            // The first visit at each path (as a linear search would find
            // it); where that has each leaf's own value, each leaf's own.
            let analysis = r.visits.analysis();
            let own = analysis.direct_values_agree();
            let first = if own { Vec::new() } else { analysis.first_at_paths() };
            // ` name=value` or ` value` a leaf, in one buffer written in pieces.
            let mut buf = String::from("  leaves evaluated:");
            // The shown ones; the stats count them all.
            let leaves = r.stats.leaves_evaluated;
            for (i, v) in r.visits.leaf_order().take(most) {
                let node = if own { Some(i) } else { first.get(i).map(|&f| f as usize) };
                buf.push(' ');
                if let Some(name) = game.node(v.node).name() {
                    buf.push_str(name);
                    buf.push('=');
                }
                if let Some(value) = node.and_then(|i| analysis.value_of(&analysis.visits[i])) {
                    digits::push_value(&mut buf, &value);
                }
                if buf.len() >= 1 << 16 {
                    f.write_str(&buf)?;
                    buf.clear();
                }
            }
            if leaves == 0 {
                buf.push(' ');
            }
            if leaves > most {
                buf.push_str(&format!(" … {} more {}", leaves - most, cut_short(most)));
            }
            writeln!(f, "{buf}")?;
            let s = &r.stats;
            let cutoffs = if s.cutoffs == 1 { "cutoff" } else { "cutoffs" };
            writeln!(
                f,
                "  stats: {} nodes visited, {} leaves evaluated, {} {cutoffs}",
                s.nodes_visited, s.leaves_evaluated, s.cutoffs
            )?;
            let rows = crate::report::passes::Rows {
                game,
                passes: r.passes.as_deref(),
                iterations: r.iterations.as_deref(),
                answered: r.tt_answered.as_deref(),
                stats: &r.stats,
            };
            write!(f, "{rows}")?;
            if let Some(steps) = &r.steps {
                writeln!(f, "  trace:")?;
                for (i, step) in steps.iter().enumerate() {
                    writeln!(f, "  {:>3}. {step}", i + 1)?;
                }
            }
        }
        Ok(())
    }
}

/// Forward-pruned edges, extensions and warnings, when there are any.
fn write_horizon(f: &mut fmt::Formatter<'_>, game: &Game, r: &AlgoReport) -> fmt::Result {
    if !r.forward_pruned.is_empty() {
        let never: Vec<String> = r.forward_pruned.iter().map(|p| describe(game, p)).collect();
        writeln!(f, "  forward pruned (never considered, --beam): {}", never.join(", "))?;
    }
    if !r.extended.is_empty() {
        let ext: Vec<String> =
            r.extended.iter().map(|e| format!("{} [{}]", describe(game, &e.path), e.reason)).collect();
        writeln!(f, "  searched past the cutoff: {}", ext.join(", "))?;
    }
    for w in &r.warnings {
        writeln!(f, "  warning: {w}")?;
    }
    Ok(())
}

/// The value, best move, principal variation and pruned edges (the first
/// `most` of them).
fn write_summary(f: &mut fmt::Formatter<'_>, game: &Game, r: &AlgoReport, most: usize) -> fmt::Result {
    let value = r.value.as_ref().map(show_number).unwrap_or_else(|| "?".into());
    let negamax = r
        .negamax_value
        .as_ref()
        .map(|n| format!(" (negamax value at the root: {})", show_number(n)))
        .unwrap_or_default();
    let moves = r.best_moves.clone().unwrap_or_else(|| r.best_move.iter().cloned().collect());
    let moves: Vec<String> = moves.iter().map(|m| move_text(game, m)).collect();
    writeln!(
        f,
        "  value {value}{negamax}; best move {}",
        if moves.is_empty() { "(none)".into() } else { moves.join(", ") }
    )?;
    let pv: Vec<String> = r.pv.iter().map(|p| describe(game, p)).collect();
    writeln!(f, "  principal variation: {}", if pv.is_empty() { "(none)".into() } else { pv.join(" → ") })?;
    let mut line = String::from("  pruned: ");
    let mut cursor = PathCursor::default();
    let mut pruned = 0;
    for p in r.visits.pruned() {
        pruned += 1;
        if pruned > most {
            continue;
        }
        if pruned > 1 {
            line.push_str(", ");
        }
        r.visits.push_describe(game, p, &mut cursor, &mut line);
    }
    if pruned == 0 {
        line.push_str("nothing");
    }
    if pruned > most {
        line.push_str(&format!(", … ({pruned} in all, the first {most} shown; --detail lists every one)"));
    }
    line.push('\n');
    f.write_str(&line)
}

pub(crate) fn move_text(game: &Game, path: &Path) -> String {
    let root = game.root();
    let label =
        path.0.first().filter(|&&i| (i as usize) < root.children().len()).and_then(|&i| root.edge(i as usize).label);
    match label {
        Some(l) => format!("{l} → {}", describe(game, path)),
        None => describe(game, path),
    }
}

fn show_number(n: &Number) -> String {
    match n {
        Number::Num(v) => v.to_string(),
        Number::Vector(vs) => Value::Vector(vs.as_slice().into()).to_string(),
    }
}
