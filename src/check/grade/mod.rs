//! Grading answers against the computed truth: item by item, the first
//! step where an answer's search diverges from the real one (with the α/β
//! that decided it), and the conventions under which a wrong answer would
//! have been right. Points come from a [`Rubric`]; a class of answer files
//! is graded by [`class`] and rendered by [`render`] (text, CSV, JSON),
//! [`gradescope`] and [`prairielearn`].
//!
//! Each item is checked by turning it into an `expect` fact and running
//! [`expect::check`], so `grade` and `check` can never disagree about what
//! is right. The divergence is read off the trace: the earliest event, in
//! the search's order and whatever its kind, where the search enters a
//! child the answer prunes, or cuts a child the answer keeps, or evaluates
//! a different leaf, or enters a node with a window other than the
//! answer's.

pub mod class;
pub mod gradescope;
pub mod prairielearn;
pub mod render;
pub mod rubric;
mod score;

use crate::analysis::{Analysis, describe, reference};
use crate::check::answer::{Answer, AnswerItem};
use crate::check::divergence;
use crate::check::expect::{self, Expect, Fact, Item, LeafExpect};
use crate::model::{Game, Path};
use crate::num::Num;
use crate::search::options::{CutRule, FailMode, Options, Order, Ties};
use crate::search::{self, Algorithm};

pub use rubric::Rubric;

/// The mark for one item.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Mark {
    /// `value`, `pruned`, `values B`, `windows C`…
    pub item: String,
    pub right: bool,
    /// Points earned, and the points the rubric gives the item.
    #[serde(serialize_with = "render::serialize_points")]
    pub points: f64,
    #[serde(serialize_with = "render::serialize_points")]
    pub max_points: f64,
    /// What the answer says (`(missing)` for a required item not given).
    pub answer: String,
    /// What is right.
    pub correct: String,
    /// What exactly differs (`missing C.2 (2.2)`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// A remark on a right answer (a notation other than the convention).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Which rubric rule prices it.
    #[serde(skip)]
    pub kind: ItemKind,
    /// The share (0 to 1) partial credit gives a wrong answer.
    #[serde(skip)]
    pub credit: f64,
}

/// What an item is, for the rubric.
#[derive(Clone, Debug, PartialEq)]
pub enum ItemKind {
    Value,
    Best,
    Pruned,
    Leaves,
    Values(Path),
    Windows(Path),
}

/// One graded answer.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Grade {
    pub student: String,
    pub algorithm: String,
    pub conventions: String,
    /// Points earned, out of the points of the rubric items that apply
    /// (the required ones and those the answer gives).
    #[serde(serialize_with = "render::serialize_points")]
    pub score: f64,
    #[serde(serialize_with = "render::serialize_points")]
    pub out_of: f64,
    pub marks: Vec<Mark>,
    /// The first step where the answer's search leaves the real one.
    pub first_divergence: Option<String>,
    /// Conventions under which every item would be right.
    pub right_under: Vec<String>,
}

impl Grade {
    /// Every item right, none missing.
    pub fn all_right(&self) -> bool {
        self.marks.iter().all(|m| m.right)
    }
}

/// Which algorithm grades an answer: its own `algorithm`, else `default`,
/// else alpha-beta (or the first that applies).
pub fn algorithm_for(game: &Game, answer: &Answer, default: Option<Algorithm>) -> Algorithm {
    answer.algorithm.or(default).unwrap_or_else(|| {
        let all = search::applicable(game);
        if all.contains(&Algorithm::Alphabeta) {
            Algorithm::Alphabeta
        } else {
            all.first().copied().unwrap_or(Algorithm::Alphabeta)
        }
    })
}

/// Grades `answer` with `algorithm` under `opts`, with `rubric`'s points.
pub fn grade(
    game: &Game,
    answer: &Answer,
    student: &str,
    algorithm: Algorithm,
    opts: &Options,
    rubric: &Rubric,
) -> Result<Grade, crate::diagnostic::Diagnostic> {
    let trace = search::run(game, algorithm, opts)?;
    let run = Analysis::of(game, &trace);
    let mut marked: Vec<Mark> = answer.items.iter().map(|item| mark(game, item, algorithm, opts, &run)).collect();
    marked.extend(score::missing(game, answer, rubric, opts, &run));
    score::price(rubric, &mut marked);
    let mut g = Grade {
        student: student.to_string(),
        algorithm: algorithm.name().to_string(),
        conventions: opts.describe(algorithm.uses_window()),
        score: score::round(marked.iter().map(|m| m.points).sum()),
        out_of: score::round(marked.iter().map(|m| m.max_points).sum()),
        first_divergence: None,
        right_under: Vec::new(),
        marks: marked,
    };
    if g.marks[..answer.items.len()].iter().all(|m| m.right) {
        return Ok(g); // right as far as it goes (any loss is a missing item)
    }
    g.first_divergence = divergence::divergence(game, &score::conventional(game, answer, &run), &trace);
    for (name, variant) in variants(game, algorithm, opts) {
        let Ok(t) = search::run(game, algorithm, &variant) else { continue };
        let run = Analysis::of(game, &t);
        if answer.items.iter().all(|item| mark(game, item, algorithm, &variant, &run).right) {
            g.right_under.push(name);
        }
    }
    Ok(g)
}

/// The other conventions worth trying, each one change from `opts`.
fn variants(game: &Game, algorithm: Algorithm, opts: &Options) -> Vec<(String, Options)> {
    let mut out = Vec::new();
    let mut try_one = |name: &str, o: Options| {
        if &o != opts {
            out.push((name.to_string(), o));
        }
    };
    if algorithm.uses_window() {
        let cuts = match opts.cuts {
            CutRule::OnEquality => ("under strict cuts (v > β, v < α)", CutRule::Strict),
            CutRule::Strict => ("under cuts on equality (v ≥ β, v ≤ α)", CutRule::OnEquality),
        };
        try_one(cuts.0, Options { cuts: cuts.1, ..opts.clone() });
        let fail = match opts.fail {
            FailMode::Soft => ("under fail-hard", FailMode::Hard),
            FailMode::Hard => ("under fail-soft", FailMode::Soft),
        };
        try_one(fail.0, Options { fail: fail.1, ..opts.clone() });
        if game.bounds().is_some() {
            let word =
                if opts.ignore_bounds { "with the declared bounds used" } else { "with the declared bounds ignored" };
            try_one(word, Options { ignore_bounds: !opts.ignore_bounds, ..opts.clone() });
        }
    }
    try_one("with ties: last", Options { ties: Ties::Last, ..opts.clone() });
    try_one("with ties: all", Options { ties: Ties::All, ..opts.clone() });
    try_one("with children searched right to left (order: reverse)", Options { order: Order::Reverse, ..opts.clone() });
    out
}

pub(crate) fn paths(game: &Game, ps: &[Path]) -> String {
    if ps.is_empty() {
        return "(none)".into();
    }
    ps.iter().map(|p| describe(game, p)).collect::<Vec<_>>().join(" ")
}

pub(crate) fn window_text(a: Num, b: Num) -> String {
    format!("({}, {})", a.pretty(), b.pretty())
}

/// A mark with no points yet (the rubric prices it).
fn unpriced(kind: ItemKind, item: String, right: bool, answer: String, correct: String) -> Mark {
    let credit = if right { 1.0 } else { 0.0 };
    Mark { item, right, points: 0.0, max_points: 0.0, answer, correct, detail: None, note: None, kind, credit }
}

fn mark(game: &Game, item: &AnswerItem, algorithm: Algorithm, opts: &Options, run: &Analysis) -> Mark {
    let (kind, name, fact) = match item {
        AnswerItem::Window(path, a, b) => {
            let got = run.visit(path).and_then(|v| run.window(v));
            let correct = match got {
                Some(w) => window_text(w.alpha, w.beta),
                None => "(not entered)".to_string(),
            };
            let right = got.is_some_and(|w| w.alpha == *a && w.beta == *b);
            let item = format!("windows {}", reference(game, path));
            return unpriced(ItemKind::Windows(path.clone()), item, right, window_text(*a, *b), correct);
        }
        AnswerItem::Value(c) => return score::claim(ItemKind::Value, "value".into(), &Path::root(), c, run),
        AnswerItem::NodeValue(p, c) => {
            return score::claim(ItemKind::Values(p.clone()), format!("values {}", reference(game, p)), p, c, run);
        }
        AnswerItem::Best(ps) => (ItemKind::Best, "best".to_string(), Fact::Best(ps.clone())),
        AnswerItem::Pruned(ps) => (ItemKind::Pruned, "pruned".to_string(), Fact::Pruned(ps.clone())),
        AnswerItem::Leaves(ls) => (ItemKind::Leaves, "leaves".to_string(), Fact::Leaves(ls.clone())),
    };
    let expect = Expect {
        algorithm,
        options: opts.clone(),
        items: vec![Item { fact, span: Default::default() }],
        span: Default::default(),
    };
    let answer = answer_text(game, item);
    let Some(m) = expect::check(game, &expect, run).into_iter().next() else {
        return unpriced(kind, name, true, answer.clone(), answer);
    };
    let mut mark = unpriced(kind, name, false, answer, m.got);
    mark.detail = m.detail;
    match item {
        AnswerItem::Pruned(ps) => score::pruned(game, ps, run, &mut mark),
        AnswerItem::Leaves(ls) => mark.credit = score::leaves_credit(game, ls, run),
        _ => {}
    }
    mark
}

fn answer_text(game: &Game, item: &AnswerItem) -> String {
    match item {
        AnswerItem::Value(c) | AnswerItem::NodeValue(_, c) => c.to_string(),
        AnswerItem::Best(ps) | AnswerItem::Pruned(ps) => paths(game, ps),
        AnswerItem::Leaves(ls) => ls.iter().map(LeafExpect::text).collect::<Vec<_>>().join(" "),
        AnswerItem::Window(_, a, b) => window_text(*a, *b),
    }
}
