//! Hand-worked answers (`expect` blocks) and checking them against a run.
//!
//! An [`Expect`] is resolved by validation: its algorithm and options are
//! known, its references are paths that exist. [`check`] compares each item
//! with the [`Analysis`] of the run and returns every [`Mismatch`].

use std::collections::BTreeSet;

use crate::analysis::{Analysis, describe};
use crate::diagnostic::Span;
use crate::model::{Game, Path};
use crate::num::Num;
use crate::search::Algorithm;
use crate::search::options::Options;
use crate::search::trace::Value;

/// A resolved `expect ALGO(options) { … }` block.
#[derive(Clone, Debug, PartialEq)]
pub struct Expect {
    pub algorithm: Algorithm,
    pub options: Options,
    pub items: Vec<Item>,
    pub span: Span,
}

/// One expected fact, with where it is written.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub fact: Fact,
    pub span: Span,
}

/// What an answer states.
#[derive(Clone, Debug, PartialEq)]
pub enum Fact {
    Value(Value),
    /// Root moves (paths of length 1), as a set.
    Best(Vec<Path>),
    Pv(Vec<Path>),
    Values(Vec<(Path, Value)>),
    Pruned(Vec<Path>),
    Visited(Vec<Path>),
    Leaves(Vec<LeafExpect>),
    Stats(Vec<(Stat, Num)>),
    /// The nodes visited, as a set (`visited-set`).
    VisitedSet(Vec<Path>),
    /// The `(α, β)` each node is entered with (`windows`).
    Windows(Vec<(Path, Num, Num)>),
    /// Side-to-move values (`negamax-values`).
    NegamaxValues(Vec<(Path, Num)>),
}

/// An entry of `leaves`: a value or a leaf's name (or, in answer files, a
/// leaf's path: `"2.1"`).
#[derive(Clone, Debug, PartialEq)]
pub enum LeafExpect {
    Value(Num),
    Name(String),
    Path(Path),
}

impl LeafExpect {
    /// Whether the leaf `visit` (evaluated with the value it holds) is this one.
    pub fn matches(&self, game: &Game, run: &Analysis, visit: &crate::analysis::Visit) -> bool {
        match self {
            LeafExpect::Value(x) => run.scalar_of(visit) == Some(*x),
            LeafExpect::Name(n) => game.node(visit.node).name() == Some(n),
            LeafExpect::Path(p) => visit.depth() == p.depth() && run.path_of(visit) == *p,
        }
    }

    /// As written: `3`, `K`, `2.1`.
    pub fn text(&self) -> String {
        match self {
            LeafExpect::Value(x) => x.to_string(),
            LeafExpect::Name(n) => n.clone(),
            LeafExpect::Path(p) => p.to_string(),
        }
    }
}

/// The statistics an answer may state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stat {
    NodesVisited,
    LeavesEvaluated,
    Cutoffs,
    TtProbes,
    TtHits,
    TtCutoffs,
    TtStores,
    Researches,
    Passes,
}

impl Stat {
    pub const NAMES: &[&str] = &[
        "nodes_visited",
        "leaves_evaluated",
        "cutoffs",
        "tt_probes",
        "tt_hits",
        "tt_cutoffs",
        "tt_stores",
        "researches",
        "passes",
    ];

    pub fn from_name(name: &str) -> Option<Stat> {
        match name {
            "nodes_visited" => Some(Stat::NodesVisited),
            "leaves_evaluated" => Some(Stat::LeavesEvaluated),
            "cutoffs" => Some(Stat::Cutoffs),
            "tt_probes" => Some(Stat::TtProbes),
            "tt_hits" => Some(Stat::TtHits),
            "tt_cutoffs" => Some(Stat::TtCutoffs),
            "tt_stores" => Some(Stat::TtStores),
            "researches" => Some(Stat::Researches),
            "passes" => Some(Stat::Passes),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        Stat::NAMES[self as usize]
    }
}

/// An answer that does not match the run.
#[derive(Clone, Debug, PartialEq)]
pub struct Mismatch {
    pub span: Span,
    /// `value`, `pruned`, `leaves`…
    pub field: &'static str,
    pub expected: String,
    pub got: String,
    /// What exactly differs (`missing C.3 (2.3)`, `first difference at 4`).
    pub detail: Option<String>,
}

/// Every way `analysis` differs from `expect`.
pub fn check(game: &Game, expect: &Expect, analysis: &Analysis) -> Vec<Mismatch> {
    expect.items.iter().filter_map(|item| check_item(game, expect, analysis, item)).collect()
}

fn paths(game: &Game, ps: &[Path]) -> String {
    if ps.is_empty() {
        return "(none)".into();
    }
    ps.iter().map(|p| describe(game, p)).collect::<Vec<_>>().join(" ")
}

/// Where `want` was written as a decimal (`4.33`: a fraction over a power
/// of ten) and `got` rounds to it at those places but is another number
/// (13/3): `want` as a decimal, and a note that values are compared
/// exactly, so the answer should be written as `got` is.
fn rounded(want: &Value, got: &Value) -> Option<(String, String)> {
    let ((wn, wd), (gn, gd)) = (want.scalar()?.as_ratio()?, got.scalar()?.as_ratio()?);
    let (wn, wd, gn, gd) = (i128::from(wn), i128::from(wd), i128::from(gn), i128::from(gd));
    // The places written: the least k with wd dividing 10^k.
    let (mut places, mut ten) = (0, 1i128);
    while wd > 1 && ten % wd != 0 {
        (places, ten) = (places + 1, ten.checked_mul(10)?);
    }
    // |want − got| ≤ ½·10^−k, in integers: 2·10^k·|wn·gd − gn·wd| ≤ wd·gd.
    let gap = wn.checked_mul(gd)?.checked_sub(gn.checked_mul(wd)?)?.checked_abs()?;
    let rounds = wd > 1 && gap.checked_mul(2)?.checked_mul(ten)? <= wd.checked_mul(gd)?;
    if !rounds || got == want {
        return None;
    }
    let digits = (wn.abs() * (ten / wd)).to_string();
    let digits = format!("{digits:0>width$}", width = places + 1);
    let (whole, tail) = digits.split_at(digits.len() - places);
    let written = format!("{}{whole}.{tail}", if wn < 0 { "-" } else { "" });
    let s = if places == 1 { "" } else { "s" };
    Some((
        written,
        format!("{got} rounds to the {places} place{s} written, but values are compared exactly: write {got}"),
    ))
}

fn check_item(game: &Game, expect: &Expect, analysis: &Analysis, item: &Item) -> Option<Mismatch> {
    let mismatch = |field, expected: String, got: String, detail: Option<String>| {
        Some(Mismatch { span: item.span, field, expected, got, detail })
    };
    match &item.fact {
        Fact::Value(v) => {
            let got = analysis.value()?;
            let (expected, hint) = match rounded(v, &got) {
                Some((written, hint)) => (written, Some(hint)),
                None => (v.to_string(), None),
            };
            (got != *v).then(|| mismatch("value", expected, got.to_string(), hint))?
        }
        Fact::Best(want) => {
            let got: Vec<Path> = analysis.best_moves(expect.options.ties).into_iter().map(|i| Path(vec![i])).collect();
            let (w, g): (BTreeSet<_>, BTreeSet<_>) = (want.iter().collect(), got.iter().collect());
            (w != g).then(|| mismatch("best", paths(game, want), paths(game, &got), None))?
        }
        Fact::Pv(want) => {
            let got = analysis.pv();
            (want != &got).then(|| mismatch("pv", paths(game, want), paths(game, &got), None))?
        }
        Fact::Values(pairs) => {
            let wrong: Vec<String> = pairs
                .iter()
                .filter_map(|(p, v)| match analysis.visit(p).and_then(|x| analysis.value_of(x)) {
                    Some(got) if got == *v => None,
                    Some(got) => {
                        let (want, hint) = match rounded(v, &got) {
                            Some((written, hint)) => (written, format!(" ({hint})")),
                            None => (v.to_string(), String::new()),
                        };
                        Some(format!("{} expected {want}, got {got}{hint}", describe(game, p)))
                    }
                    None => Some(format!("{} expected {v}, but it was not visited", describe(game, p))),
                })
                .collect();
            let shown =
                |f: &dyn Fn(&Path, &Value) -> String| pairs.iter().map(|(p, v)| f(p, v)).collect::<Vec<_>>().join(" ");
            let expected = shown(&|p, v| format!("{}={v}", describe(game, p)));
            let got = shown(&|p, _| match analysis.visit(p).and_then(|x| analysis.value_of(x)) {
                Some(g) => format!("{}={g}", describe(game, p)),
                None => format!("{}=(not visited)", describe(game, p)),
            });
            (!wrong.is_empty()).then(|| mismatch("values", expected, got, Some(wrong.join("; "))))?
        }
        Fact::Pruned(want) => {
            let got: Vec<Path> = analysis.pruned().collect();
            let (w, g): (BTreeSet<&Path>, BTreeSet<&Path>) = (want.iter().collect(), got.iter().collect());
            if w == g {
                return None;
            }
            let missing: Vec<Path> = w.difference(&g).map(|p| (*p).clone()).collect();
            let extra: Vec<Path> = g.difference(&w).map(|p| (*p).clone()).collect();
            let mut detail = Vec::new();
            if !missing.is_empty() {
                detail.push(format!("not pruned: {}", paths(game, &missing)));
            }
            if !extra.is_empty() {
                detail.push(format!("also pruned: {}", paths(game, &extra)));
            }
            mismatch("pruned", paths(game, want), paths(game, &got), Some(detail.join("; ")))
        }
        Fact::Visited(want) => {
            let got: Vec<Path> = (0..analysis.visits.len()).map(|i| analysis.path(i)).collect();
            let at = first_difference(want, &got)?;
            mismatch(
                "visited",
                paths(game, want),
                paths(game, &got),
                Some(format!("first difference at position {}", at + 1)),
            )
        }
        Fact::Leaves(want) => {
            let got: Vec<_> = analysis.leaves().collect();
            let matches = |w: &LeafExpect, v: &&crate::analysis::Visit| w.matches(game, analysis, v);
            let at = (0..want.len().max(got.len()))
                .find(|&i| !matches!((want.get(i), got.get(i)), (Some(w), Some(g)) if matches(w, g)))?;
            let expected = want.iter().map(LeafExpect::text);
            let got_text = got.iter().map(|v| match (&game.node(v.node).name(), analysis.value_of(v)) {
                (Some(n), Some(val)) => format!("{n}={val}"),
                (_, Some(val)) => val.to_string(),
                _ => "?".into(),
            });
            let expected: Vec<String> = expected.collect();
            let got_text: Vec<String> = got_text.collect();
            mismatch(
                "leaves",
                expected.join(" "),
                got_text.join(" "),
                Some(format!("first difference at leaf {}", at + 1)),
            )
        }
        Fact::Stats(pairs) => {
            let s = analysis.stats();
            let get = |st: Stat| match st {
                Stat::NodesVisited => s.nodes_visited,
                Stat::LeavesEvaluated => s.leaves_evaluated,
                Stat::Cutoffs => s.cutoffs,
                Stat::TtProbes => s.tt_probes.unwrap_or(0),
                Stat::TtHits => s.tt_hits.unwrap_or(0),
                Stat::TtCutoffs => s.tt_cutoffs.unwrap_or(0),
                Stat::TtStores => s.tt_stores.unwrap_or(0),
                Stat::Researches => s.researches.unwrap_or(0),
                Stat::Passes => s.passes.unwrap_or(0),
            };
            let wrong: Vec<&(Stat, Num)> = pairs.iter().filter(|(st, n)| Num::int(get(*st) as i64) != *n).collect();
            let expected = wrong.iter().map(|(st, n)| format!("{}={n}", st.name())).collect::<Vec<_>>().join(" ");
            let got = wrong.iter().map(|(st, _)| format!("{}={}", st.name(), get(*st))).collect::<Vec<_>>().join(" ");
            (!wrong.is_empty()).then(|| mismatch("stats", expected, got, None))?
        }
        Fact::VisitedSet(want) => {
            let (expected, got, detail) = visited_set(game, want, analysis)?;
            mismatch("visited-set", expected, got, Some(detail))
        }
        Fact::Windows(pairs) => {
            let (expected, got, detail) = windows(game, pairs, analysis)?;
            mismatch("windows", expected, got, Some(detail))
        }
        Fact::NegamaxValues(pairs) => {
            let (expected, got, detail) = negamax_values(game, pairs, analysis)?;
            mismatch("negamax-values", expected, got, Some(detail))
        }
    }
}

/// `visited-set`: the same nodes, whatever the order.
fn visited_set(game: &Game, want: &[Path], analysis: &Analysis) -> Option<(String, String, String)> {
    let paths: Vec<Path> = (0..analysis.visits.len()).map(|i| analysis.path(i)).collect();
    let got: BTreeSet<&Path> = paths.iter().collect();
    let w: BTreeSet<&Path> = want.iter().collect();
    if w == got {
        return None;
    }
    let list = |ps: Vec<&&Path>| ps.into_iter().map(|p| describe(game, p)).collect::<Vec<_>>().join(" ");
    let mut detail = Vec::new();
    let missing: Vec<&&Path> = got.difference(&w).collect();
    let extra: Vec<&&Path> = w.difference(&got).collect();
    if !missing.is_empty() {
        detail.push(format!("also visited: {}", list(missing)));
    }
    if !extra.is_empty() {
        detail.push(format!("not visited: {}", list(extra)));
    }
    Some((list(w.iter().collect()), list(got.iter().collect()), detail.join("; ")))
}

/// `windows`: each node's entry window; `(not entered)` when it was not.
fn windows(game: &Game, pairs: &[(Path, Num, Num)], analysis: &Analysis) -> Option<(String, String, String)> {
    let text = |a: Num, b: Num| format!("({}, {})", a, b);
    let got = |p: &Path| analysis.visit(p).and_then(|v| analysis.window(v));
    let wrong: Vec<String> = pairs
        .iter()
        .filter_map(|(p, a, b)| match got(p) {
            Some(w) if w.alpha == *a && w.beta == *b => None,
            Some(w) => Some(format!("{} expected {}, got {}", describe(game, p), text(*a, *b), text(w.alpha, w.beta))),
            None => {
                Some(format!("{} expected {}, but it was not entered with a window", describe(game, p), text(*a, *b)))
            }
        })
        .collect();
    if wrong.is_empty() {
        return None;
    }
    let expected = pairs.iter().map(|(p, a, b)| format!("{}={}", describe(game, p), text(*a, *b)));
    let shown = pairs.iter().map(|(p, _, _)| match got(p) {
        Some(w) => format!("{}={}", describe(game, p), text(w.alpha, w.beta)),
        None => format!("{}=(not entered)", describe(game, p)),
    });
    Some((expected.collect::<Vec<_>>().join(" "), shown.collect::<Vec<_>>().join(" "), wrong.join("; ")))
}

/// `negamax-values`: each node's side-to-move value.
fn negamax_values(game: &Game, pairs: &[(Path, Num)], analysis: &Analysis) -> Option<(String, String, String)> {
    let got = |p: &Path| analysis.visit(p).and_then(|v| analysis.negamax(v));
    let wrong: Vec<String> = pairs
        .iter()
        .filter_map(|(p, v)| match got(p) {
            Some(g) if g == *v => None,
            Some(g) => Some(format!("{} expected {v}, got {g}", describe(game, p))),
            None => Some(format!("{} expected {v}, but it has no negamax value (not visited)", describe(game, p))),
        })
        .collect();
    if wrong.is_empty() {
        return None;
    }
    let expected = pairs.iter().map(|(p, v)| format!("{}={v}", describe(game, p)));
    let shown = pairs.iter().map(|(p, _)| match got(p) {
        Some(g) => format!("{}={g}", describe(game, p)),
        None => format!("{}=(not visited)", describe(game, p)),
    });
    Some((expected.collect::<Vec<_>>().join(" "), shown.collect::<Vec<_>>().join(" "), wrong.join("; ")))
}

fn first_difference<T: PartialEq>(a: &[T], b: &[T]) -> Option<usize> {
    (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i))
}
