//! Grading answers against the computed truth: item by item, the first
//! step where an answer's search diverges from the real one (with the α/β
//! that decided it), and the conventions under which a wrong answer would
//! have been right.
//!
//! Each item is checked by turning it into an `expect` fact and running
//! [`expect::check`], so `grade` and `check` can never disagree about what
//! is right. The divergence is read off the trace: the earliest event, in
//! the search's order and whatever its kind, where the search enters a
//! child the answer prunes, or cuts a child the answer keeps, or evaluates
//! a different leaf, or enters a node with a window other than the
//! answer's.

use crate::analysis::{Analysis, describe, reference};
use crate::check::answer::{Answer, AnswerItem};
use crate::check::divergence;
use crate::check::expect::{self, Expect, Fact, Item, LeafExpect};
use crate::model::{Game, Path};
use crate::num::Num;
use crate::search::options::{CutRule, FailMode, Options, Order, Ties};
use crate::search::trace::Trace;
use crate::search::{self, Algorithm};

/// The mark for one item.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Mark {
    /// `value`, `pruned`, `values B`, `windows C`…
    pub item: String,
    pub right: bool,
    /// What the answer says.
    pub answer: String,
    /// What is right.
    pub correct: String,
    /// What exactly differs (`missing C.2 (2.2)`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// One graded answer.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Grade {
    pub student: String,
    pub algorithm: String,
    pub conventions: String,
    pub score: usize,
    pub out_of: usize,
    pub marks: Vec<Mark>,
    /// The first step where the answer's search leaves the real one.
    pub first_divergence: Option<String>,
    /// Conventions under which every item would be right.
    pub right_under: Vec<String>,
}

impl Grade {
    pub fn all_right(&self) -> bool {
        self.score == self.out_of
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

/// Grades `answer` with `algorithm` under `opts`.
pub fn grade(
    game: &Game,
    answer: &Answer,
    student: &str,
    algorithm: Algorithm,
    opts: &Options,
) -> Result<Grade, crate::diagnostic::Diagnostic> {
    let trace = search::run(game, algorithm, opts)?;
    let marked = marks(game, answer, algorithm, opts, &trace);
    let score = marked.iter().filter(|m| m.right).count();
    let mut g = Grade {
        student: student.to_string(),
        algorithm: algorithm.name().to_string(),
        conventions: opts.describe(algorithm.uses_window()),
        score,
        out_of: marked.len(),
        first_divergence: None,
        right_under: Vec::new(),
        marks: marked,
    };
    if g.all_right() {
        return Ok(g);
    }
    g.first_divergence = divergence::divergence(game, answer, &trace);
    for (name, variant) in variants(game, algorithm, opts) {
        let Ok(t) = search::run(game, algorithm, &variant) else { continue };
        if marks(game, answer, algorithm, &variant, &t).iter().all(|m| m.right) {
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

fn marks(game: &Game, answer: &Answer, algorithm: Algorithm, opts: &Options, trace: &Trace) -> Vec<Mark> {
    let run = Analysis::of(game, trace);
    answer.items.iter().map(|item| mark(game, item, algorithm, opts, &run)).collect()
}

pub(super) fn paths(game: &Game, ps: &[Path]) -> String {
    if ps.is_empty() {
        return "(none)".into();
    }
    ps.iter().map(|p| describe(game, p)).collect::<Vec<_>>().join(" ")
}

pub(super) fn window_text(a: Num, b: Num) -> String {
    format!("({}, {})", a.pretty(), b.pretty())
}

fn mark(game: &Game, item: &AnswerItem, algorithm: Algorithm, opts: &Options, run: &Analysis) -> Mark {
    let (name, fact) = match item {
        AnswerItem::Window(path, a, b) => {
            let got = run.visit(path).and_then(|v| v.window);
            let correct = match got {
                Some(w) => window_text(w.alpha, w.beta),
                None => "(not entered)".to_string(),
            };
            let right = got.is_some_and(|w| w.alpha == *a && w.beta == *b);
            let item = format!("windows {}", reference(game, path));
            return Mark { item, right, answer: window_text(*a, *b), correct, detail: None };
        }
        AnswerItem::Value(v) => ("value".to_string(), Fact::Value(v.clone())),
        AnswerItem::Best(ps) => ("best".to_string(), Fact::Best(ps.clone())),
        AnswerItem::Pruned(ps) => ("pruned".to_string(), Fact::Pruned(ps.clone())),
        AnswerItem::Leaves(ls) => ("leaves".to_string(), Fact::Leaves(ls.clone())),
        AnswerItem::NodeValue(p, v) => {
            (format!("values {}", reference(game, p)), Fact::Values(vec![(p.clone(), v.clone())]))
        }
    };
    let expect = Expect {
        algorithm,
        options: opts.clone(),
        items: vec![Item { fact, span: Default::default() }],
        span: Default::default(),
    };
    let answer = answer_text(game, item);
    match expect::check(game, &expect, run).into_iter().next() {
        None => Mark { item: name, right: true, correct: answer.clone(), answer, detail: None },
        Some(m) => {
            let correct = match item {
                AnswerItem::NodeValue(p, _) => {
                    run.visit(p).and_then(|v| v.value.as_ref()).map_or("(not visited)".into(), |v| v.to_string())
                }
                _ => m.got,
            };
            let detail = match item {
                AnswerItem::Pruned(ps) => Some(divergence::pruned_detail(game, ps, run)),
                _ => m.detail,
            };
            Mark { item: name, right: false, answer, correct, detail }
        }
    }
}

fn answer_text(game: &Game, item: &AnswerItem) -> String {
    match item {
        AnswerItem::Value(v) | AnswerItem::NodeValue(_, v) => v.to_string(),
        AnswerItem::Best(ps) | AnswerItem::Pruned(ps) => paths(game, ps),
        AnswerItem::Leaves(ls) => ls
            .iter()
            .map(|l| match l {
                LeafExpect::Value(x) => x.to_string(),
                LeafExpect::Name(n) => n.clone(),
            })
            .collect::<Vec<_>>()
            .join(" "),
        AnswerItem::Window(_, a, b) => window_text(*a, *b),
    }
}

/// One row of a gradebook: the student, the score, and a mark per item
/// (`right`, `wrong`, or empty when the answer does not give it).
pub fn csv(grades: &[Grade]) -> String {
    let mut items: Vec<&str> = Vec::new();
    for g in grades {
        for m in &g.marks {
            if !items.contains(&m.item.as_str()) {
                items.push(&m.item);
            }
        }
    }
    let mut out = String::new();
    let header: Vec<String> =
        ["student", "score", "out_of"].iter().map(|s| s.to_string()).chain(items.iter().map(|s| field(s))).collect();
    out += &header.join(",");
    out.push('\n');
    for g in grades {
        let mut row = vec![field(&g.student), g.score.to_string(), g.out_of.to_string()];
        for item in &items {
            row.push(match g.marks.iter().find(|m| m.item == *item) {
                Some(m) if m.right => "right".into(),
                Some(_) => "wrong".into(),
                None => String::new(),
            });
        }
        out += &row.join(",");
        out.push('\n');
    }
    out
}

/// A CSV field, quoted when it must be.
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_string() }
}

impl std::fmt::Display for Grade {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "{}: {}/{} ({}; {})", self.student, self.score, self.out_of, self.algorithm, self.conventions)?;
        for m in &self.marks {
            if m.right {
                writeln!(f, "  right  {}: {}", m.item, m.answer)?;
            } else {
                writeln!(f, "  WRONG  {}: you wrote {}; correct: {}", m.item, m.answer, m.correct)?;
                if let Some(d) = &m.detail {
                    writeln!(f, "         {d}")?;
                }
            }
        }
        if let Some(d) = &self.first_divergence {
            writeln!(f, "  first divergence: {d}")?;
        }
        for c in &self.right_under {
            writeln!(f, "  note: this answer is right {c}")?;
        }
        Ok(())
    }
}
