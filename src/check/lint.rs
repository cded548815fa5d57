//! Problems that are legal but suspicious, as warnings pointing at the text.
//!
//! - duplicate edge labels among siblings (a reference by label is ambiguous);
//! - `players` declared but never moving; `sum` in a two-player game;
//! - `eval` attributes when no `expect` block sets a depth cutoff (unused),
//!   and inner nodes at an `expect`'s depth cutoff without `eval`;
//! - cuts that happen only because of equality (`v = β` or `v = α`,
//!   including a leaf exactly at a declared bound): cutting on `≥` and on
//!   `>` prune differently there — alpha-beta's, Star1's chance-branch cuts
//!   (trees with CHANCE nodes) and max^n's shallow cuts (with `sum`);
//! - ties at the root: the best move depends on `--ties`.

use std::collections::BTreeSet;

use crate::analysis::{Analysis, describe, reference};
use crate::check::spec::Spec;
use crate::diagnostic::Span;
use crate::model::{Game, NodeId, NodeKind, Path};
use crate::search::options::Options;
use crate::search::trace::CutKind;
use crate::search::{self, Algorithm};
use crate::syntax::ast::{self, Header, Item};

/// One warning and where it points.
#[derive(Clone, Debug, PartialEq)]
pub struct Warning {
    pub message: String,
    pub span: Span,
}

/// Lints a spec's text: its warnings, or the diagnostics that make it
/// invalid (`name` tells its form).
pub fn lint_spec(name: &str, text: &str) -> Result<Vec<Warning>, Vec<crate::diagnostic::Diagnostic>> {
    let file = crate::parse_any(name, text)?;
    let spec = crate::check::spec::from_ast(&file)?;
    Ok(lint(&file, &spec))
}

/// Every warning for a parsed and validated spec, in source order.
pub fn lint(file: &ast::File, spec: &Spec) -> Vec<Warning> {
    let game = &spec.game;
    let mut out = Vec::new();
    labels(&file.root, &mut out);
    headers(file, game, &mut out);
    evals(spec, &mut out);
    equality_cuts(game, &mut out);
    root_ties(game, &mut out);
    out.sort_by_key(|w| (w.span.start, w.span.end));
    out.dedup();
    out
}

fn labels(node: &ast::Node, out: &mut Vec<Warning>) {
    let mut seen: Vec<&str> = Vec::new();
    for child in &node.children {
        if let Some(label) = &child.label {
            if seen.contains(&label.text.as_str()) {
                let message = format!(
                    "two moves of one node are labelled `{}`: a reference by this label names the first",
                    label.text
                );
                out.push(Warning { message, span: label.span });
            }
            seen.push(&label.text);
        }
        if let Item::Node(inner) = &child.item {
            labels(inner, out);
        }
    }
}

fn headers(file: &ast::File, game: &Game, out: &mut Vec<Warning>) {
    for h in &file.headers {
        match h {
            Header::Players { names, .. } => {
                for (i, n) in names.iter().enumerate() {
                    if !game.has_kind(NodeKind::Player(i as u16)) {
                        let message = format!("player `{}` is declared but never moves", n.text);
                        out.push(Warning { message, span: n.span });
                    }
                }
            }
            Header::Sum { span, .. } if !game.is_multiplayer() => {
                let message = "`sum` is only used in multi-player games (declare `players`)".to_string();
                out.push(Warning { message, span: *span });
            }
            _ => {}
        }
    }
}

/// Inner nodes at `depth`, in written order.
fn at_depth(game: &Game, depth: u32) -> Vec<NodeId> {
    let mut out = Vec::new();
    let mut stack = vec![(NodeId::ROOT, 0u32)];
    let mut seen = BTreeSet::new();
    while let Some((id, d)) = stack.pop() {
        let node = game.node(id);
        if node.is_leaf() || !seen.insert((id, d)) {
            continue;
        }
        if d == depth {
            out.push(id);
            continue;
        }
        stack.extend(node.children().iter().rev().map(|e| (e.child, d + 1)));
    }
    out
}

fn evals(spec: &Spec, out: &mut Vec<Warning>) {
    let game = &spec.game;
    let depths: BTreeSet<u32> = spec.expects.iter().filter_map(|e| e.options.depth).collect();
    // `--beam` and `--order eval` rank children by `eval` without a cutoff.
    let ranks =
        spec.expects.iter().any(|e| e.options.beam.is_some() || e.options.order == crate::search::options::Order::Eval);
    if depths.is_empty() && !ranks {
        if let Some(id) = game.find(|n| n.eval().is_some()) {
            let message =
                "`eval` is only used at a depth cutoff or to rank moves (beam, order=eval), and no expect block does either"
                    .to_string();
            out.push(Warning { message, span: game.node(id).span() });
        }
        return;
    }
    for d in depths {
        for id in at_depth(game, d) {
            if game.node(id).eval().is_none() {
                let message = format!("this node is at the depth cutoff {d} of an expect block but has no `eval`");
                out.push(Warning { message, span: game.node(id).span() });
            }
        }
    }
}

/// The pruning search a spec's equality cuts are read off: alpha-beta,
/// Star1 when there are CHANCE nodes, max^n with Korf's shallow pruning in
/// a multi-player game with `sum`.
fn pruning_search(game: &Game) -> Option<(Algorithm, Options)> {
    if game.is_multiplayer() {
        return game.sum().map(|_| (Algorithm::Maxn, Options { shallow: true, ..Options::default() }));
    }
    let algorithm = if game.has_kind(NodeKind::Chance) { Algorithm::Star1 } else { Algorithm::Alphabeta };
    Some((algorithm, Options::default()))
}

fn equality_cuts(game: &Game, out: &mut Vec<Warning>) {
    let Some((algorithm, opts)) = pruning_search(game) else { return };
    let Ok(trace) = search::run(game, algorithm, &opts) else { return };
    let run = Analysis::of(game, &trace);
    for cut in run.cuts.iter().filter(|c| run.cut_value(c) == run.cut_bound(c)) {
        let at = &run.visits[cut.at];
        let Some(last) = run.children(cut.at).last() else { continue };
        let trigger = &run.visits[last];
        let (letter, word, strict) = match cut.kind {
            CutKind::Alpha => ("α", "an α-cut", "strict cuts (--strict-cuts) do not"),
            CutKind::Beta => ("β", "a β-cut", "strict cuts (--strict-cuts) do not"),
            CutKind::Chance { high: false } => {
                ("α", "a chance-branch cut (star1)", "strict cuts (--strict-cuts) do not")
            }
            CutKind::Chance { high: true } => {
                ("β", "a chance-branch cut (star1)", "strict cuts (--strict-cuts) do not")
            }
            CutKind::Shallow => (
                "the shallow bound",
                "a shallow cut (maxn --shallow)",
                "strict cuts (--strict-cuts) and --ties last do not",
            ),
        };
        let cause = match cut.cause() {
            Some(i) => format!("from {}", reference(game, &run.path(i))),
            None => "the declared bound: a leaf exactly at the bounds".to_string(),
        };
        let pruned: Vec<String> = run.pruned_paths(cut).iter().map(|p| describe(game, p)).collect();
        let message = format!(
            "{} reaches {} = {letter} ({cause}): cutting on equality makes {word} here and prunes {}, {strict}",
            reference(game, &run.path(cut.at)),
            run.cut_value(cut),
            pruned.join(" ")
        );
        // Reached through `&E`: point at that `&E`, not at E's definition.
        let edge = trigger.index().and_then(|i| game.transposition_span(at.node, i as usize));
        out.push(Warning { message, span: edge.unwrap_or_else(|| game.node(trigger.node).span()) });
    }
}

fn root_ties(game: &Game, out: &mut Vec<Warning>) {
    let exact = if game.has_kind(NodeKind::Chance) { Algorithm::Expectiminimax } else { Algorithm::Minimax };
    let Ok(trace) = search::run(game, exact, &Options::default()) else { return };
    let run = Analysis::of(game, &trace);
    let root = run.root();
    let tied: Vec<Path> = run
        .children(run.root)
        .filter(|&i| run.value_of(&run.visits[i]) == run.value_of(root))
        .map(|i| run.path(i))
        .collect();
    if tied.len() > 1 {
        let names: Vec<String> = tied.iter().map(|p| describe(game, p)).collect();
        let value = run.value_of(root).map(|v| v.to_string()).unwrap_or_default();
        let message =
            format!("the root moves {} all attain {value}: the best move depends on --ties", names.join(", "));
        out.push(Warning { message, span: game.root().span() });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_through_a_transposition_points_at_the_ampersand() {
        // C's first child is B's leaf E again: 5 = α cuts C.2 on equality.
        let text = "MAX A {\n  MIN B { E=5 7 }\n  MIN C { &E 9 }\n}\n";
        let file = crate::syntax::parse::parse(text).unwrap();
        let spec = crate::check::spec::from_ast(&file).unwrap();
        let warnings = lint(&file, &spec);
        let cut: Vec<&Warning> = warnings.iter().filter(|w| w.message.contains("cutting on equality")).collect();
        assert_eq!(cut.len(), 1, "{warnings:?}");
        let at = text.find("&E").unwrap();
        assert_eq!(&text[cut[0].span.start..cut[0].span.end], "E", "{:?}", cut[0]);
        assert_eq!(cut[0].span.start, at + 1);
    }
}
