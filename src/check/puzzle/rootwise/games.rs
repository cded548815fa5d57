//! The small games `rootwise.rs` judges a root move (or a split move's
//! child) on — the move copied beneath leaves that give it its window —
//! the items about it moved there, and its ways enumerated on them.

use super::Table;
use crate::analysis::Analysis;
use crate::check::expect::{self, Expect, Fact, Item};
use crate::check::puzzle::count::Count;
use crate::diagnostic::Span;
use crate::model::{Builder, Game, NodeId, NodeKind, Path};
use crate::num::Num;

/// Every assignment of `values` to `unknowns` of `game`, in lexicographic
/// order, that passes `local` (its search and items), grouped by what the
/// node at `at` returns; each search counted in `runs`, and none past
/// `MOST_RUNS`. `None` when that many are run, or the node is not entered.
pub(super) fn ways(
    game: &mut Game,
    unknowns: &[NodeId],
    local: &Expect,
    at: &Path,
    values: &[Num],
    runs: &mut u64,
) -> Option<Table> {
    let mut table = Table { outcomes: Vec::new(), ways: Vec::new() };
    let mut digits = vec![0usize; unknowns.len()];
    loop {
        let assignment: Vec<Num> = digits.iter().map(|&j| values[j]).collect();
        for (&id, &v) in unknowns.iter().zip(&assignment) {
            game.set_leaf_value(id, v).ok()?;
        }
        *runs += 1;
        if *runs > super::MOST_RUNS {
            return None;
        }
        let trace = crate::search::run_checked(game, local.algorithm, &local.options);
        let analysis = Analysis::of(game, &trace);
        // Entered, a node is judged on every item that says anything
        // inside it, even "nothing pruned here".
        if expect::check(game, local, &analysis).is_empty() {
            let visit = analysis.visit(at)?;
            let out = (analysis.scalar_of(visit)?, visit.bound());
            let g = match table.outcomes.iter().position(|(o, _, _)| *o == out) {
                Some(g) => g,
                None => {
                    table.outcomes.push((out, Count::ZERO, assignment.clone()));
                    table.outcomes.len() - 1
                }
            };
            table.outcomes[g].1 += &Count::ONE;
            table.ways.push((assignment, g));
        }
        if !advance(&mut digits, values.len()) {
            return Some(table);
        }
    }
}

/// The next assignment after `digits` (each an index among `d` values),
/// the last fastest; false after the last.
pub(super) fn advance(digits: &mut [usize], d: usize) -> bool {
    let Some(j) = (0..digits.len()).rev().find(|&j| digits[j] + 1 < d) else { return false };
    digits[j] += 1;
    digits[j + 1..].iter_mut().for_each(|x| *x = 0);
    true
}

/// A root move's own game, its leaf holding the window's end, and each
/// node of the move's subtree beside its copy.
pub(super) struct OwnGame {
    pub game: Game,
    pub pad: NodeId,
    pub copies: Vec<(NodeId, NodeId)>,
}

/// A game of the root (of `kind`) with two children: a leaf (the window's
/// end, set before each search) and a copy of `work`'s subtree at `m`.
pub(super) fn own_game(work: &Game, kind: NodeKind, m: NodeId) -> Option<OwnGame> {
    let span = Span::new(0, 0);
    let mut b = Builder::new();
    b.set_bounds(work.bounds());
    let root = b.add_node(kind, span);
    let (lo, _) = work.bounds()?;
    let pad = b.add_leaf(span, lo);
    let mut copies = Vec::new();
    let top = copy(&mut b, work, m, &mut copies)?;
    b.set_plain_children(root, [pad, top]);
    let game = b.build().ok()?;
    Some(OwnGame { game, pad, copies })
}

fn copy(b: &mut Builder, work: &Game, id: NodeId, copies: &mut Vec<(NodeId, NodeId)>) -> Option<NodeId> {
    let node = work.node(id);
    let span = Span::new(0, 0);
    let kind = node.kind();
    let mine = if kind == NodeKind::Leaf { b.add_leaf(span, node.scalar()?) } else { b.add_node(kind, span) };
    copies.push((id, mine));
    if kind != NodeKind::Leaf {
        let children: Vec<NodeId> = node.children().iter().map(|c| c.child).collect();
        let mut made = Vec::with_capacity(children.len());
        for c in children {
            made.push(copy(b, work, c, copies)?);
        }
        if kind == NodeKind::Chance {
            b.set_prob_children(mine, made, work.probs(id).collect::<Vec<_>>());
        } else {
            b.set_plain_children(mine, made);
        }
    }
    Some(mine)
}

/// A child's own game: a MAX root, a leaf (α), a MIN node, a leaf (β),
/// the child `c` of `work` copied; the two leaves, and each node of the
/// child's subtree beside its copy.
#[allow(clippy::type_complexity)]
pub(super) fn kid_game(work: &Game, c: NodeId) -> Option<(Game, (NodeId, NodeId), Vec<(NodeId, NodeId)>)> {
    let span = Span::new(0, 0);
    let (lo, hi) = work.bounds()?;
    let mut b = Builder::new();
    b.set_bounds(work.bounds());
    let root = b.add_node(NodeKind::Max, span);
    let a = b.add_leaf(span, lo);
    let min = b.add_node(NodeKind::Min, span);
    let beta = b.add_leaf(span, hi);
    let mut copies = Vec::new();
    let top = copy(&mut b, work, c, &mut copies)?;
    b.set_plain_children(min, [beta, top]);
    b.set_plain_children(root, [a, min]);
    Some((b.build().ok()?, (a, beta), copies))
}

/// The facts of `items` about the subtree at path `at` — its nodes'
/// `values` and `windows`, the edges `pruned` below it, its block of
/// `visited` after `head` — their paths moved under `to`; and whether
/// any asks something inside it.
pub(super) fn localize(items: &[Item], at: &[u32], to: &[u32], head: &[Path]) -> (Vec<Fact>, bool) {
    let under = |p: &Path| p.0.starts_with(at);
    let moved = |p: &Path| Path(to.iter().chain(&p.0[at.len()..]).copied().collect());
    let (mut facts, mut asked) = (Vec::new(), false);
    for item in items {
        let fact = match &item.fact {
            Fact::Values(pairs) => {
                Fact::Values(pairs.iter().filter(|(p, _)| under(p)).map(|(p, v)| (moved(p), v.clone())).collect())
            }
            Fact::Windows(pairs) => Fact::Windows(
                pairs.iter().filter(|(p, _, _)| under(p)).map(|&(ref p, a, b)| (moved(p), a, b)).collect(),
            ),
            Fact::Pruned(edges) => {
                Fact::Pruned(edges.iter().filter(|p| under(p) && p.0.len() > at.len()).map(moved).collect())
            }
            Fact::Visited(want) => {
                let block = want.iter().filter(|p| under(p)).map(moved);
                Fact::Visited(head.iter().cloned().chain(block).collect())
            }
            _ => continue,
        };
        asked |= match &fact {
            Fact::Values(v) => !v.is_empty(),
            Fact::Windows(w) => !w.is_empty(),
            Fact::Pruned(p) => !p.is_empty(),
            Fact::Visited(v) => v.len() > head.len(),
            _ => false,
        };
        facts.push(fact);
    }
    (facts, asked)
}
