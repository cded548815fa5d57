//! Practice problems for the offline practice page (`gametree practice`):
//! MAX/MIN trees a student prunes by hand under alpha-beta, with every
//! convention's search worked in Rust and embedded in the page.
//!
//! The page gives feedback in `grade`'s words without searching: for each
//! convention, `steps` reads the trace once into the steps where the
//! first divergence can happen for an answer the page can express (pruned
//! edges and inner nodes' values), each carrying the words
//! [`divergence`] says there — got by
//! asking `divergence` itself about a crafted answer, never rewritten here.
//! `practice.js` walks those steps with the student's marks; [`feedback`]
//! is the same question asked of `divergence` directly (the differential
//! test holds the two to the same string).
//!
//! Architecture invariant: every answer and every word in the page is read
//! off the analysis of a real alphabeta search.

mod page;
mod steps;

pub use page::page;
pub use steps::{ConventionData, NodeData, ProblemData, Step, problem_data};

use crate::check::answer::{Answer, AnswerItem, Claim};
use crate::check::divergence::divergence;
use crate::check::generate::{self, Constraints};
use crate::diagnostic::{Diagnostic, DiagnosticKind};
use crate::model::{Game, NodeKind, Path, Utility};
use crate::num::Num;
use crate::search::options::{CutRule, Options};
use crate::search::trace::{Trace, Value};
use crate::search::{self, Algorithm};

/// One problem: a MAX/MIN tree with integer leaves.
#[derive(Clone, Debug)]
pub struct Problem {
    pub title: String,
    pub game: Game,
}

/// A convention the page can switch to: when a node cuts, and whether the
/// declared bounds are the root window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Convention {
    pub strict: bool,
    pub ignore_bounds: bool,
}

impl Convention {
    /// The conventions a game offers: cut on equality or strictly, and,
    /// when it declares bounds, with them used or ignored.
    pub fn all(game: &Game) -> Vec<Convention> {
        let bounds: &[bool] = if game.bounds().is_some() { &[false, true] } else { &[false] };
        let mut out = Vec::new();
        for &ignore_bounds in bounds {
            for strict in [false, true] {
                out.push(Convention { strict, ignore_bounds });
            }
        }
        out
    }

    pub fn options(self) -> Options {
        let cuts = if self.strict { CutRule::Strict } else { CutRule::OnEquality };
        Options { cuts, ignore_bounds: self.ignore_bounds, ..Options::default() }
    }

    /// The page's key for it: `equality` or `strict`, then `-bounds` or
    /// `-nobounds` when the tree declares bounds.
    pub fn key(self, game: &Game) -> String {
        let cut = if self.strict { "strict" } else { "equality" };
        match (game.bounds().is_some(), self.ignore_bounds) {
            (false, _) => cut.into(),
            (true, false) => format!("{cut}-bounds"),
            (true, true) => format!("{cut}-nobounds"),
        }
    }

    /// The alphabeta search of `game` under this convention.
    pub fn search(self, game: &Game) -> Result<Trace, String> {
        search::run(game, Algorithm::Alphabeta, &self.options()).map_err(|d| d.kind.to_string())
    }
}

/// The most leaves a problem may have: a tree to prune by hand (the
/// words of every step are worked for each, so the page's cost grows with
/// the square of the tree).
pub const MAX_LEAVES: usize = 256;

/// The largest whole number the page's script (JavaScript numbers, IEEE
/// doubles) holds exactly, with every smaller one: a value past it could
/// be read as a neighbour, and a wrong answer judged right.
const MAX_EXACT: u64 = (1 << 53) - 1;

/// Why the page cannot practise `game`, if it cannot, at the node that
/// says so: it takes MAX/MIN trees with integer leaves (what the value
/// boxes accept) within ±(2^53 − 1), what its script holds exactly.
pub fn refuse(game: &Game) -> Option<Diagnostic> {
    let at = |node: &crate::model::NodeRef<'_>, why: &str| {
        let kind = DiagnosticKind::NotApplicable { algorithm: "practice".into(), why: why.to_string() };
        Some(Diagnostic::new(kind, node.span()))
    };
    if game.root().is_leaf() {
        return at(&game.root(), "it is a single leaf: there is nothing to prune");
    }
    let leaves = game.nodes().filter(|n| n.is_leaf()).count();
    if leaves > MAX_LEAVES {
        let why = format!("it has {leaves} leaves, more than a page can have pruned by hand ({MAX_LEAVES} at most)");
        return at(&game.root(), &why);
    }
    for node in game.nodes() {
        match node.kind() {
            NodeKind::Chance => {
                return at(&node, "it has CHANCE nodes; the practice page practises alpha-beta on MAX/MIN trees");
            }
            NodeKind::Player(_) => {
                return at(
                    &node,
                    "it is a multi-player (max^n) tree; the practice page practises alpha-beta on MAX/MIN trees",
                );
            }
            NodeKind::Max | NodeKind::Min => {}
            NodeKind::Leaf => match node.utility() {
                Utility::Scalar(x) if x.as_i64().is_some_and(|v| v.unsigned_abs() <= MAX_EXACT) => {}
                Utility::Scalar(x) if x.as_i64().is_some() => {
                    return at(
                        &node,
                        "this leaf's value is past ±(2^53 − 1), which the page's script cannot hold exactly",
                    );
                }
                Utility::Scalar(_) => {
                    return at(&node, "this leaf's value is not a whole number; the page's value boxes take integers");
                }
                Utility::Unknown => return at(&node, "it has unknown leaves (`?`): solve it with `gametree puzzle`"),
                Utility::Vector(_) | Utility::None => return at(&node, "every leaf needs a number"),
            },
        }
    }
    None
}

/// `count` random problems meeting `c`, from the sub-seeds `c.seed`,
/// `c.seed + 1`, …, skipping a tree already drawn so that all differ.
pub fn generated(c: &Constraints, count: usize) -> Result<Vec<Problem>, String> {
    if c.chance {
        return Err("--chance trees are not offered: the practice page practises alpha-beta on MAX/MIN trees".into());
    }
    let mut out: Vec<Problem> = Vec::new();
    let mut seed = c.seed;
    let tries = count.saturating_mul(50).max(50) as u64;
    for _ in 0..tries {
        if out.len() == count {
            break;
        }
        let this = Constraints { seed, ..c.clone() };
        seed = seed.wrapping_add(1);
        let text = generate::generate(&this, &this.command()).map_err(|e| e.to_string())?;
        let game = crate::load("generated.tree", &text).map_err(|_| "a generated tree did not load".to_string())?;
        if let Some(d) = refuse(&game) {
            return Err(d.kind.to_string());
        }
        if out.iter().any(|p| same_leaves(&p.game, &game)) {
            continue;
        }
        let title = format!("Problem {}", out.len() + 1);
        out.push(Problem { title, game });
    }
    if out.len() < count {
        return Err(format!("only {} different trees meet these constraints; ask for fewer", out.len()));
    }
    Ok(out)
}

/// Same shape (the constraints fix it) and the same leaves in order.
fn same_leaves(a: &Game, b: &Game) -> bool {
    let leaves = |g: &Game| -> Vec<Option<Num>> { g.nodes().filter(|n| n.is_leaf()).map(|n| n.scalar()).collect() };
    a.len() == b.len() && leaves(a) == leaves(b)
}

/// The answer the page's marks stand for: the pruned edges (as paths to
/// the nodes below them) and the values written into inner nodes' boxes.
pub fn answer(pruned: &[Path], values: &[(Path, i64)]) -> Answer {
    let mut items = vec![AnswerItem::Pruned(pruned.to_vec())];
    for (p, v) in values {
        let claim = Claim { value: Value::Scalar(Num::int(*v)), bound: None };
        items.push(AnswerItem::NodeValue(p.clone(), claim));
    }
    Answer { algorithm: Some(Algorithm::Alphabeta), items }
}

/// `grade`'s first divergence of the page's marks under `convention`
/// (`None`: the marks follow the search).
pub fn feedback(game: &Game, convention: Convention, pruned: &[Path], values: &[(Path, i64)]) -> Option<String> {
    let trace = convention.search(game).ok()?;
    divergence(game, &answer(pruned, values), &trace)
}
