//! What the page embeds for one problem: the drawn tree's nodes (preorder,
//! so a path's subtree is an index range and the order of paths is the
//! order of indices) and, per convention, the truth and the steps where an
//! answer's first divergence can happen, each with `divergence`'s words.
//!
//! The words are `divergence`'s own: each step asks it about an answer
//! crafted to diverge exactly there, and keeps the sentence (a cut's and a
//! value's without the part the student's marks fill in).

use serde::Serialize;

use super::{Convention, answer};
use crate::analysis::{Analysis, describe};
use crate::check::divergence::divergence;
use crate::check::grade::paths;
use crate::draw::Tree;
use crate::model::{Game, Path};
use crate::search::trace::{Event, Trace, Value};

/// One problem as the page's script reads it (JSON).
#[derive(Clone, Debug, Serialize)]
pub struct ProblemData {
    pub nodes: Vec<NodeData>,
    pub conventions: Vec<ConventionData>,
}

/// One drawn node.
#[derive(Clone, Debug, Serialize)]
pub struct NodeData {
    /// `1.2` (`root` for the root).
    pub path: String,
    /// How grade names it: `C.2`, or `D (1.2)`.
    pub describe: String,
    /// How grade refers to it: `D`.
    pub reference: String,
    pub leaf: bool,
    /// One past the last node of its subtree.
    pub end: usize,
}

/// One convention's search.
#[derive(Clone, Debug, Serialize)]
pub struct ConventionData {
    pub key: String,
    /// The topmost pruned edges (node indices, ascending).
    pub truth: Vec<usize>,
    /// Every node's value as the search returned it (`null`: not searched).
    pub values: Vec<Option<i64>>,
    pub steps: Vec<Step>,
}

/// A place where the first divergence can happen, in the search's order.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum Step {
    /// The search enters `node`: an answer pruning it diverges with `words`.
    Enter { node: usize, words: String },
    /// A node stops and prunes `edges`: an answer keeping some diverges
    /// with `words` followed by the kept edges (`paths`' form).
    Cut { edges: Vec<usize>, words: String },
    /// `node` returns `value`: an answer with another value diverges with
    /// `words` followed by the value written.
    Return { node: usize, value: i64, words: String },
}

/// The page's data for `game`.
pub fn problem_data(game: &Game) -> Result<ProblemData, String> {
    let tree = Tree::of(game);
    let nodes = tree
        .nodes
        .iter()
        .map(|n| NodeData {
            path: n.path.to_string(),
            describe: describe(game, &n.path),
            reference: crate::analysis::reference(game, &n.path),
            leaf: game.node(n.id).is_leaf(),
            end: n.end,
        })
        .collect();
    let mut conventions = Vec::new();
    for c in Convention::all(game) {
        let trace = c.search(game)?;
        conventions.push(convention_data(game, &tree, c, &trace)?);
    }
    Ok(ProblemData { nodes, conventions })
}

fn convention_data(game: &Game, tree: &Tree, c: Convention, trace: &Trace) -> Result<ConventionData, String> {
    let run = Analysis::of(game, trace);
    let index = |p: &Path| tree.at(p).ok_or_else(|| format!("no drawn node at {p}"));
    let truth_paths: Vec<Path> = run.pruned().collect();
    let mut truth = truth_paths.iter().map(index).collect::<Result<Vec<_>, _>>()?;
    truth.sort_unstable();
    let mut values = vec![None; tree.nodes.len()];
    let mut steps = Vec::new();
    let mut stack: Vec<Path> = Vec::new();
    let mut cut = 0;
    let ask = |pruned: &[Path], values: &[(Path, i64)]| divergence(game, &answer(pruned, values), trace);
    let missing = |why: &str| format!("divergence gave no words for {why}");
    for event in trace.events() {
        let event = &event;
        match event {
            Event::Enter { child, .. } | Event::Leaf { child, .. } => {
                let path = stack.last().map_or_else(Path::root, |p| p.child(*child));
                if !stack.is_empty() {
                    let mut pruned = truth_paths.clone();
                    pruned.push(path.clone());
                    let words = ask(&pruned, &[]).ok_or_else(|| missing("pruning a searched node"))?;
                    steps.push(Step::Enter { node: index(&path)?, words });
                }
                if let Event::Leaf { value, .. } = event {
                    values[index(&path)?] = whole(value);
                } else {
                    stack.push(path);
                }
            }
            Event::Cut { .. } => {
                let Some(at) = run.cuts.get(cut) else { continue };
                cut += 1;
                let edges: Vec<Path> = run.pruned_paths(at).into_iter().filter(|p| truth_paths.contains(p)).collect();
                if edges.is_empty() {
                    continue;
                }
                let kept: Vec<Path> = truth_paths.iter().filter(|p| !edges.contains(p)).cloned().collect();
                let all = ask(&kept, &[]).ok_or_else(|| missing("a cut"))?;
                let words = all.strip_suffix(&paths(game, &edges)).ok_or_else(|| missing("a cut's edges"))?;
                let edges = edges.iter().map(index).collect::<Result<_, _>>()?;
                steps.push(Step::Cut { edges, words: words.to_string() });
            }
            Event::Exit { value, .. } => {
                let Some(path) = stack.pop() else { continue };
                let node = index(&path)?;
                let Some(v) = whole(value) else { return Err(format!("{path} returns {value}, not a whole number")) };
                values[node] = Some(v);
                let wrong = v.wrapping_add(1);
                let all = ask(&truth_paths, &[(path.clone(), wrong)]).ok_or_else(|| missing("a wrong value"))?;
                let words = all.strip_suffix(&wrong.to_string()).ok_or_else(|| missing("a value"))?;
                steps.push(Step::Return { node, value: v, words: words.to_string() });
            }
            _ => {}
        }
    }
    Ok(ConventionData { key: c.key(game), truth, values, steps })
}

fn whole(value: &Value) -> Option<i64> {
    value.scalar().and_then(|x| x.as_i64())
}
