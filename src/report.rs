//! Reports: serializable types built from a [`Game`] and its runs.
//!
//! JSON and YAML are serde over [`Report`] (field names are the contract of
//! SPEC §5: users' scripts rely on them); text is its `Display`. Paths are
//! dotted and 1-based; values are MAX's; numbers that are not whole are
//! floats with an exact `…_exact` string beside them.

use std::fmt;

use serde::Serialize;

use crate::analysis::{Analysis, describe};
use crate::model::{Game, NodeKind, Path};
use crate::narrate::narrate;
use crate::num::Num;
use crate::trace::{BoundKind, CutKind, ExtendReason, Trace, Value};

/// A whole `solve` report.
#[derive(Serialize, Debug)]
pub struct Report {
    pub title: Option<String>,
    pub results: Vec<AlgoReport>,
}

/// One algorithm's run.
#[derive(Serialize, Debug)]
pub struct AlgoReport {
    pub algorithm: String,
    /// The cut rule the run used, for the `≤`/`<` of the text report.
    #[serde(skip)]
    pub cut_rule: crate::options::CutRule,
    /// Whether Korf's shallow cut needed `>` (see `Options::shallow_strict`).
    #[serde(skip)]
    pub shallow_strict: bool,
    /// Every convention the run used (cut rule, fail mode, bounds, ties, order, depth).
    pub conventions: String,
    pub value: Option<Number>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_exact: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub negamax_value: Option<Number>,
    pub best_move: Option<Dotted>,
    /// With `--ties all`: every move proven to attain the value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_moves: Option<Vec<Dotted>>,
    pub pv: Vec<Dotted>,
    pub pruned: Vec<Dotted>,
    /// `--beam`: children never considered (forward pruning, not cuts).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub forward_pruned: Vec<Dotted>,
    /// Nodes searched past the depth cutoff, and why.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub extended: Vec<ExtendReport>,
    /// What the run's options cost, e.g. a best move lost to forward pruning.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    pub cuts: Vec<CutReport>,
    pub visit_order: Vec<Dotted>,
    pub leaf_order: Vec<Dotted>,
    pub nodes: Vec<NodeReport>,
    pub stats: crate::analysis::Stats,
    /// The narrated steps, only when asked for (`--trace`, see
    /// [`AlgoReport::narrated`]): one line per event, costly on big trees.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<Vec<String>>,
    /// `mtdf`: one row per pass.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub passes: Option<Vec<crate::report_search::PassReport>>,
    /// `ids`: one row per depth.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iterations: Option<Vec<crate::report_search::IterationReport>>,
    /// `negamax-tt`, `mtdf`: the nodes the table answered (their children
    /// are not searched and not counted as pruned).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tt_answered: Option<Vec<Dotted>>,
}

/// One visited node.
#[derive(Serialize, Debug)]
pub struct NodeReport {
    pub path: Dotted,
    pub name: Option<String>,
    pub kind: &'static str,
    pub value: Option<Number>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_exact: Option<String>,
    pub bound: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alpha: Option<Number>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub beta: Option<Number>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub negamax_value: Option<Number>,
    /// 1-based position in the visit order.
    pub visit: usize,
    /// A `star2` probe visit (only the first child searched).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub probe: bool,
}

/// A node searched past the depth cutoff.
#[derive(Serialize, Debug)]
pub struct ExtendReport {
    pub path: Dotted,
    /// `quiescence` (a `[noisy]` node) or `singular` (a singular extension).
    pub reason: &'static str,
}

/// One cut.
#[derive(Serialize, Debug)]
pub struct CutReport {
    /// Where the search stopped.
    pub at: Dotted,
    /// `alpha` (at a MIN node, v ≤ α) or `beta` (at a MAX node, v ≥ β).
    pub kind: &'static str,
    pub value: Number,
    pub bound: Number,
    /// The ancestor whose α or β it was (`bounds`: the declared bounds;
    /// `table`: a transposition-table entry).
    pub cause: CauseReport,
    /// For a `chance` cut: `low` (value ≤ α even if the rest scored the
    /// upper bound) or `high` (value ≥ β even at the lower bound).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<&'static str>,
    pub pruned: Vec<Dotted>,
    /// In a search whose answer was replaced (a re-searched scout, an
    /// earlier pass): not among `pruned`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub superseded: bool,
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

/// Whose bound made a node stop: an ancestor (by path), the declared
/// `bounds`, a transposition-table entry, or an MTD(f) pass's window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CauseReport {
    Node(Path),
    Bounds,
    Table,
    Pass,
}

impl Serialize for CauseReport {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            CauseReport::Node(p) => s.collect_str(p),
            CauseReport::Bounds => s.serialize_str("bounds"),
            CauseReport::Table => s.serialize_str("table"),
            CauseReport::Pass => s.serialize_str("pass"),
        }
    }
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

fn number(v: &Value) -> Number {
    match v {
        Value::Scalar(n) => Number::Num(*n),
        Value::Vector(vs) => Number::Vector(vs.clone()),
    }
}

fn exact(v: &Value) -> Option<String> {
    match v {
        Value::Scalar(n) if n.is_exact() && !n.is_whole() => Some(n.to_string()),
        Value::Vector(vs) if vs.iter().any(|n| n.is_exact() && !n.is_whole()) => Some(v.to_string()),
        _ => None,
    }
}

impl AlgoReport {
    pub fn new(game: &Game, trace: &Trace) -> AlgoReport {
        let a = Analysis::of(game, trace);
        let ties = trace.options.ties;
        let value = a.value().cloned();
        let best = a.best_moves(ties);
        let nodes = a
            .visits
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let node = game.node(v.node);
                let kind = if v.direct.is_some() && !node.is_leaf() { "horizon" } else { node.kind.word() };
                NodeReport {
                    path: Dotted(v.path.clone()),
                    name: node.name.clone(),
                    kind,
                    value: v.value.as_ref().map(number),
                    value_exact: v.value.as_ref().and_then(exact),
                    bound: v.bound.word(),
                    alpha: v.window.map(|w| Number::Num(w.alpha)),
                    beta: v.window.map(|w| Number::Num(w.beta)),
                    negamax_value: v.negamax.map(Number::Num),
                    visit: i + 1,
                    probe: v.probe,
                }
            })
            .collect();
        let cuts = a
            .cuts
            .iter()
            .map(|c| CutReport {
                at: Dotted(a.visits[c.at].path.clone()),
                kind: match c.kind {
                    CutKind::Alpha => "alpha",
                    CutKind::Beta => "beta",
                    CutKind::Chance { .. } => "chance",
                    CutKind::Shallow => "shallow",
                },
                side: match c.kind {
                    CutKind::Chance { high } => Some(if high { "high" } else { "low" }),
                    _ => None,
                },
                value: Number::Num(c.value),
                bound: Number::Num(c.bound),
                cause: match (c.cause, c.by_table, c.by_pass) {
                    (Some(i), _, _) => CauseReport::Node(a.visits[i].path.clone()),
                    (None, true, _) => CauseReport::Table,
                    (None, _, true) => CauseReport::Pass,
                    (None, false, false) => CauseReport::Bounds,
                },
                pruned: dotted(&c.pruned),
                superseded: a.visits[c.at].superseded,
            })
            .collect();
        AlgoReport {
            algorithm: trace.algorithm.name().to_string(),
            cut_rule: trace.options.cuts,
            shallow_strict: trace.options.shallow_strict(),
            conventions: trace.options.describe(trace.algorithm.uses_window())
                + &crate::report_search::conventions(game, trace),
            value_exact: value.as_ref().and_then(exact),
            value: value.as_ref().map(number),
            negamax_value: a.root().negamax.filter(|_| trace.algorithm.is_negamax()).map(Number::Num),
            best_move: best.first().map(|i| Dotted(Path(vec![*i]))),
            best_moves: (ties == crate::options::Ties::All)
                .then(|| best.iter().map(|i| Dotted(Path(vec![*i]))).collect()),
            pv: dotted(&a.pv()),
            pruned: a.pruned().cloned().map(Dotted).collect(),
            forward_pruned: dotted(&a.forward_pruned),
            extended: a
                .visits
                .iter()
                .filter_map(|v| {
                    let reason = match v.extended? {
                        ExtendReason::Quiescence => "quiescence",
                        ExtendReason::Singular { .. } => "singular",
                    };
                    Some(ExtendReport { path: Dotted(v.path.clone()), reason })
                })
                .collect(),
            warnings: beam_warning(game, trace, &a).into_iter().collect(),
            cuts,
            visit_order: a.visits.iter().map(|v| Dotted(v.path.clone())).collect(),
            leaf_order: a.leaves().map(|v| Dotted(v.path.clone())).collect(),
            nodes,
            stats: a.stats(),
            steps: None,
            passes: crate::report_search::passes(&a),
            iterations: crate::report_search::iterations(game, &a),
            tt_answered: crate::report_search::answered(trace, &a),
        }
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
    let full_opts = crate::options::Options { beam: None, ..trace.options.clone() };
    let full = crate::algo::run(game, trace.algorithm, &full_opts).ok()?;
    let f = Analysis::of(game, &full);
    let ties = trace.options.ties;
    let (value, best) = (f.value()?, f.best_moves(ties));
    let moves: Vec<String> = best.iter().map(|&i| move_text(game, &Path(vec![i]))).collect();
    if best != a.best_moves(ties) {
        Some(format!(
            "forward pruning lost the best move: without --beam the value is {value} via {}",
            moves.join(", ")
        ))
    } else if Some(value) != a.value() {
        Some(format!("forward pruning changed the value: without --beam it is {value} (the same best move)"))
    } else {
        None
    }
}

/// The text report: what a person reads.
pub struct Text<'a> {
    pub game: &'a Game,
    pub report: &'a Report,
}

/// `3`, `≤ 2`, `≥ 5`.
pub fn shown(value: &Value, bound: BoundKind) -> String {
    match bound {
        BoundKind::Exact => value.to_string(),
        BoundKind::Upper => format!("≤ {value}"),
        BoundKind::Lower => format!("≥ {value}"),
    }
}

fn kind_word(game: &Game, kind: NodeKind) -> String {
    match kind {
        NodeKind::Max => "MAX".into(),
        NodeKind::Min => "MIN".into(),
        NodeKind::Chance => "CHANCE".into(),
        NodeKind::Player(p) => game.players.get(p as usize).cloned().unwrap_or_default(),
        NodeKind::Leaf => "leaf".into(),
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
            write_summary(f, game, r)?;
            write_table(f, game, r)?;
            for c in &r.cuts {
                let at = describe(game, &c.at);
                let pruned: Vec<String> = c.pruned.iter().map(|p| describe(game, p)).collect();
                let (low, high) = (r.cut_rule.alpha_symbol(), r.cut_rule.beta_symbol());
                let (word, sym, letter) = match (c.kind, c.side) {
                    ("alpha", _) => ("α-cut", low, "α"),
                    ("chance", Some("low")) => ("chance-branch cut", low, "α"),
                    ("chance", _) => ("chance-branch cut", high, "β"),
                    ("shallow", _) => ("shallow cut", if r.shallow_strict { ">" } else { "≥" }, "sum − parent's"),
                    _ => ("β-cut", high, "β"),
                };
                let cause = match &c.cause {
                    CauseReport::Bounds => "the declared bounds".to_string(),
                    CauseReport::Table => "a table entry".to_string(),
                    CauseReport::Pass => "the pass's null window".to_string(),
                    CauseReport::Node(p) => describe(game, p),
                };
                let (v, b) = (show_number(&c.value), show_number(&c.bound));
                let (what, old) = if c.superseded { ("skipped", " [superseded]") } else { ("pruned", "") };
                let p = pruned.join(", ");
                writeln!(f, "  {word} at {at}: {v} {sym} {letter} = {b} (from {cause}); {what} {p}{old}")?;
            }
            write_horizon(f, game, r)?;
            // The first visit at each path (as a linear search would find it).
            let mut first: std::collections::HashMap<&Path, &NodeReport> = std::collections::HashMap::new();
            for n in &r.nodes {
                first.entry(&n.path.0).or_insert(n);
            }
            let leaves: Vec<String> =
                r.leaf_order.iter().map(|p| leaf_text(game, first.get(&p.0).copied(), p)).collect();
            writeln!(f, "  leaves evaluated: {}", leaves.join(" "))?;
            let s = &r.stats;
            let cutoffs = if s.cutoffs == 1 { "cutoff" } else { "cutoffs" };
            writeln!(
                f,
                "  stats: {} nodes visited, {} leaves evaluated, {} {cutoffs}",
                s.nodes_visited, s.leaves_evaluated, s.cutoffs
            )?;
            let rows = crate::report_search::Rows {
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

fn write_summary(f: &mut fmt::Formatter<'_>, game: &Game, r: &AlgoReport) -> fmt::Result {
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
    let pruned: Vec<String> = r.pruned.iter().map(|p| describe(game, p)).collect();
    writeln!(f, "  pruned: {}", if pruned.is_empty() { "nothing".into() } else { pruned.join(", ") })
}

fn write_table(f: &mut fmt::Formatter<'_>, game: &Game, r: &AlgoReport) -> fmt::Result {
    let windows = r.nodes.iter().any(|n| n.alpha.is_some());
    let negamax = r.nodes.iter().any(|n| n.negamax_value.is_some());
    let mut rows: Vec<Vec<String>> = vec![];
    let mut head = vec!["#".to_string(), "node".into(), "kind".into()];
    if windows {
        head.push("window (α, β)".into());
    }
    head.push("value".into());
    if negamax {
        head.push("negamax".into());
    }
    rows.push(head);
    for n in &r.nodes {
        let path = &n.path.0;
        let id = game.at(path);
        let kind = match (id, n.kind) {
            (_, "horizon") => "eval".to_string(),
            (Some(id), _) => kind_word(game, game.node(id).kind),
            _ => n.kind.to_string(),
        };
        let indent = "  ".repeat(path.depth());
        let kind = if n.probe { format!("{kind} probe") } else { kind };
        let mut row = vec![n.visit.to_string(), format!("{indent}{}", describe(game, path)), kind];
        if windows {
            let w = match (&n.alpha, &n.beta) {
                (Some(a), Some(b)) => format!("({}, {})", pretty(a), pretty(b)),
                _ => String::new(),
            };
            row.push(w);
        }
        let value = n.value.as_ref().map(show_number).unwrap_or_default();
        row.push(match n.bound {
            "upper" => format!("≤ {value}"),
            "lower" => format!("≥ {value}"),
            _ => value,
        });
        if negamax {
            row.push(n.negamax_value.as_ref().map(show_number).unwrap_or_default());
        }
        rows.push(row);
    }
    let cols = rows[0].len();
    let width: Vec<usize> = (0..cols).map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0)).collect();
    for row in rows {
        let cells: Vec<String> =
            row.iter().enumerate().map(|(c, s)| format!("{s}{}", " ".repeat(width[c] - s.chars().count()))).collect();
        writeln!(f, "  {}", cells.join("  ").trim_end())?;
    }
    Ok(())
}

fn move_text(game: &Game, path: &Path) -> String {
    let label = path.0.first().and_then(|&i| game.root().children.get(i as usize)).and_then(|e| e.label.clone());
    match label {
        Some(l) => format!("{l} → {}", describe(game, path)),
        None => describe(game, path),
    }
}

fn leaf_text(game: &Game, node: Option<&NodeReport>, path: &Path) -> String {
    let value = node.and_then(|n| n.value.as_ref()).map(show_number).unwrap_or_default();
    match game.at(path).and_then(|id| game.node(id).name.clone()) {
        Some(name) => format!("{name}={value}"),
        None => value,
    }
}

fn show_number(n: &Number) -> String {
    match n {
        Number::Num(v) => v.to_string(),
        Number::Vector(vs) => Value::Vector(vs.clone()).to_string(),
    }
}

fn pretty(n: &Number) -> String {
    match n {
        Number::Num(v) => v.pretty(),
        Number::Vector(_) => show_number(n),
    }
}
