//! Points: what each mark earns under a [`Rubric`], partial credit for
//! `pruned` and `leaves`, required items an answer left out, and the
//! notations that mean the same as the convention (bounds `≤ 2`, the
//! leaves below a cut instead of the topmost pruned edge).

use std::collections::BTreeSet;

use super::{ItemKind, Mark, Rubric, paths, unpriced, window_text};
use crate::analysis::{Analysis, reference};
use crate::check::answer::{Answer, AnswerItem, Claim};
use crate::check::expect::LeafExpect;
use crate::model::{Game, NodeId, Path};
use crate::search::options::Options;
use crate::search::trace::BoundKind;

/// Points to two decimals, so that sums and renderings stay stable.
pub(super) fn round(points: f64) -> f64 {
    (points * 100.0).round() / 100.0
}

/// Gives every mark its points: the rubric's for a right one, the partial
/// share of them for a wrong one where the rubric allows it, else 0.
pub(super) fn price(rubric: &Rubric, marks: &mut [Mark]) {
    for m in marks {
        let (max, partial) = match &m.kind {
            ItemKind::Value => (rubric.value.points, false),
            ItemKind::Best => (rubric.best.points, false),
            ItemKind::Pruned => (rubric.pruned.points, rubric.pruned.partial),
            ItemKind::Leaves => (rubric.leaves.points, rubric.leaves.partial),
            ItemKind::Values(p) => (rubric.values.points_for(p), false),
            ItemKind::Windows(p) => (rubric.windows.points_for(p), false),
        };
        m.max_points = round(max);
        m.points = match (m.right, partial) {
            (true, _) => m.max_points,
            (false, true) => round(max * m.credit.clamp(0.0, 1.0)),
            (false, false) => 0.0,
        };
    }
}

/// A value or a bound (`≤ 2`) at `path`: right when the search returned
/// that value there, and, for a bound, returned it as that kind of bound.
pub(super) fn claim(kind: ItemKind, item: String, path: &Path, c: &Claim, run: &Analysis) -> Mark {
    let got = if path.0.is_empty() {
        run.value().map(|v| (v, run.root().bound())) // the root's value, as `check` reads it
    } else {
        run.visit(path).and_then(|v| run.value_of(v).map(|value| (value, v.bound())))
    };
    let Some((value, bound)) = got else {
        return unpriced(kind, item, false, c.to_string(), "(not visited)".into());
    };
    let truth = Claim { value: value.clone(), bound: (bound != BoundKind::Exact).then_some(bound) };
    let same_value = value == c.value;
    let right = same_value && c.bound.is_none_or(|b| b == bound);
    let mut mark = unpriced(kind, item, right, c.to_string(), if right { c.to_string() } else { truth.to_string() });
    if same_value && !right {
        mark.detail = Some(format!("the search returns {value} as {}", bound_words(bound)));
    }
    mark
}

fn bound_words(bound: BoundKind) -> &'static str {
    match bound {
        BoundKind::Exact => "the exact value",
        BoundKind::Lower => "a lower bound (≥)",
        BoundKind::Upper => "an upper bound (≤)",
    }
}

/// A wrong `pruned`: which edges are missing and extra, the same cut-off
/// set written as the leaves below the cuts (right, with a note), and the
/// partial credit: each missing or extra edge (or leaf, when the answer
/// lists leaves) costs an equal share.
pub(super) fn pruned(game: &Game, answer: &[Path], run: &Analysis, mark: &mut Mark) {
    let truth: Vec<Path> = run.pruned().collect();
    let (want, below) = (cut_off(game, &truth), cut_off(game, answer));
    if !want.is_empty() && want == below {
        mark.right = true;
        mark.credit = 1.0;
        mark.correct = mark.answer.clone();
        mark.note = Some(format!(
            "the same cut-off set; the convention is to list only the topmost pruned edges: {}",
            paths(game, &truth)
        ));
        return;
    }
    mark.detail = Some(crate::check::divergence::pruned_detail(game, answer, run));
    let by_leaves = answer.iter().any(|p| truth.iter().any(|t| t.is_prefix_of(p) && t != p));
    let (errors, size) = if by_leaves {
        (want.symmetric_difference(&below).count(), want.len())
    } else {
        let (t, a): (BTreeSet<&Path>, BTreeSet<&Path>) = (truth.iter().collect(), answer.iter().collect());
        (t.symmetric_difference(&a).count(), t.len())
    };
    mark.credit = (1.0 - errors as f64 / size.max(1) as f64).max(0.0);
}

/// The leaves at or below the given paths.
fn cut_off(game: &Game, tops: &[Path]) -> BTreeSet<Path> {
    let mut out = BTreeSet::new();
    for top in tops {
        let Some(id) = game.at(top) else { continue };
        let mut stack: Vec<(NodeId, Path)> = vec![(id, top.clone())];
        while let Some((n, p)) = stack.pop() {
            let children = game.node(n).children();
            if children.is_empty() {
                out.insert(p);
                continue;
            }
            stack.extend(children.iter().enumerate().map(|(i, e)| (e.child, p.child(i as u32))));
        }
    }
    out
}

/// The answer as the convention writes it: a `pruned` that lists the
/// leaves below the true cuts becomes the topmost pruned edges, so the
/// divergence walk reads it as meant.
pub(super) fn conventional(game: &Game, answer: &Answer, run: &Analysis) -> Answer {
    let truth: Vec<Path> = run.pruned().collect();
    let want = cut_off(game, &truth);
    let mut out = answer.clone();
    for item in &mut out.items {
        if let AnswerItem::Pruned(ps) = item
            && !want.is_empty()
            && cut_off(game, ps) == want
        {
            *ps = truth.clone();
        }
    }
    out
}

/// Leaves earn credit up to the first divergence, out of the longer of
/// the true and the answered sequence (extra leaves cost too).
pub(super) fn leaves_credit(game: &Game, answer: &[LeafExpect], run: &Analysis) -> f64 {
    let got: Vec<_> = run.leaves().collect();
    let right = answer.iter().zip(&got).take_while(|(w, v)| w.matches(game, run, v)).count();
    right as f64 / answer.len().max(got.len()).max(1) as f64
}

/// A mark of 0 for each required item the answer does not give.
pub(super) fn missing(game: &Game, answer: &Answer, rubric: &Rubric, opts: &Options, run: &Analysis) -> Vec<Mark> {
    let given = |f: &dyn Fn(&AnswerItem) -> bool| answer.items.iter().any(f);
    let absent = |kind: ItemKind, item: String, correct: String| {
        let mut m = unpriced(kind, item, false, "(missing)".into(), correct);
        m.detail = Some("required by the rubric".into());
        m
    };
    let mut out = Vec::new();
    if rubric.value.required && !given(&|i| matches!(i, AnswerItem::Value(_))) {
        let v = run.value().map_or("(none)".into(), |v| v.to_string());
        out.push(absent(ItemKind::Value, "value".into(), v));
    }
    if rubric.best.required && !given(&|i| matches!(i, AnswerItem::Best(_))) {
        let best: Vec<Path> = run.best_moves(opts.ties).into_iter().map(|i| Path(vec![i])).collect();
        out.push(absent(ItemKind::Best, "best".into(), paths(game, &best)));
    }
    if rubric.pruned.required && !given(&|i| matches!(i, AnswerItem::Pruned(_))) {
        let truth: Vec<Path> = run.pruned().collect();
        out.push(absent(ItemKind::Pruned, "pruned".into(), paths(game, &truth)));
    }
    if rubric.leaves.required && !given(&|i| matches!(i, AnswerItem::Leaves(_))) {
        let leaves: Vec<String> = run.leaves().filter_map(|v| run.value_of(v).map(|x| x.to_string())).collect();
        out.push(absent(ItemKind::Leaves, "leaves".into(), leaves.join(" ")));
    }
    for p in &rubric.values.required {
        if !given(&|i| matches!(i, AnswerItem::NodeValue(q, _) if q == p)) {
            let v = run.visit(p).and_then(|v| run.value_of(v)).map_or("(not visited)".into(), |v| v.to_string());
            out.push(absent(ItemKind::Values(p.clone()), format!("values {}", reference(game, p)), v));
        }
    }
    for p in &rubric.windows.required {
        if !given(&|i| matches!(i, AnswerItem::Window(q, ..) if q == p)) {
            let w = run.visit(p).and_then(|v| run.window(v));
            let w = w.map_or("(not entered)".into(), |w| window_text(w.alpha, w.beta));
            out.push(absent(ItemKind::Windows(p.clone()), format!("windows {}", reference(game, p)), w));
        }
    }
    out
}
