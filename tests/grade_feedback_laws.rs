//! Grading laws on generated MAX/MIN trees: the answer read off the true
//! alpha-beta trace gets full marks and no divergence, and each single
//! mutation of it — an extra pruned edge, a missing pruned edge, two leaves
//! swapped, a wrong value — is marked wrong and gets a first divergence that
//! names the right node.
//!
//! "The right node" is derived here from the true trace (the analysis's
//! visit order, leaf order and cuts), never from the grader's divergence
//! walk: an extra pruned edge X diverges when the search enters X; a
//! missing edge at the node that cuts it (X's parent); a swap at the first
//! swapped leaf; a wrong value where that node returns. Leaves have
//! distinct values and every node a name, so the answer is unambiguous.

use std::fmt::Write as _;

use gametree::analysis::Analysis;
use gametree::check::answer;
use gametree::check::divergence::divergence;
use gametree::check::grade::{Rubric, grade};
use gametree::model::{Game, Path};
use gametree::search::options::{CutRule, Options};
use gametree::search::{self, Algorithm};
use proptest::prelude::*;

/// A tree shape: a leaf, or MAX/MIN with children (kinds alternate).
#[derive(Clone, Debug)]
enum Shape {
    Leaf,
    Node(Vec<Shape>),
}

fn shape(height: u32) -> BoxedStrategy<Shape> {
    let leaf = Just(Shape::Leaf).boxed();
    if height == 0 {
        return leaf;
    }
    let child = prop_oneof![1 => leaf, 2 => shape(height - 1)];
    prop::collection::vec(child, 2..=3).prop_map(Shape::Node).boxed()
}

fn count(s: &Shape) -> usize {
    match s {
        Shape::Leaf => 1,
        Shape::Node(cs) => cs.iter().map(count).sum(),
    }
}

/// Spec text: inner nodes `N0, N1…` in preorder, leaves `L0=v…`.
fn render(s: &Shape, max: bool, values: &mut impl Iterator<Item = i64>, names: &mut (usize, usize), out: &mut String) {
    match s {
        Shape::Leaf => {
            let _ = write!(out, " L{}={}", names.1, values.next().unwrap());
            names.1 += 1;
        }
        Shape::Node(cs) => {
            let _ = write!(out, " {} N{} {{", if max { "MAX" } else { "MIN" }, names.0);
            names.0 += 1;
            for c in cs {
                render(c, !max, values, names, out);
            }
            out.push_str(" }");
        }
    }
}

/// A spec with distinct leaf values (a shuffled 1..=n, scaled), maybe
/// with tight bounds, and the cut rule to grade under.
fn case() -> impl Strategy<Value = (String, bool)> {
    let root = prop_oneof![Just(Shape::Node(vec![Shape::Leaf, Shape::Leaf])), shape(4)];
    (root, any::<bool>(), any::<bool>(), any::<bool>()).prop_flat_map(|(s, max, bounded, strict)| {
        let n = count(&s) as i64;
        Just((1..=n).collect::<Vec<i64>>()).prop_shuffle().prop_map(move |vals| {
            let mut text = String::new();
            if bounded {
                let _ = writeln!(text, "bounds [1, {n}]");
            }
            render(&s, max, &mut vals.into_iter(), &mut (0, 0), &mut text);
            (text, strict)
        })
    })
}

/// The answer read off the true run, as YAML keys (edited by mutations).
#[derive(Clone)]
struct Truth {
    value: String,
    best: String,
    pruned: Vec<String>,
    leaves: Vec<String>,
    values: Vec<(String, String)>,
    windows: Vec<(String, String)>,
}

fn name(game: &Game, p: &Path) -> String {
    game.node(game.at(p).unwrap()).name().unwrap().to_string()
}

fn truth(game: &Game, run: &Analysis) -> Truth {
    let root = run.root();
    let best = root.best_child().map(|i| name(game, &Path(vec![i]))).unwrap();
    let window = |v: &gametree::analysis::Visit| {
        let w = run.window(v).unwrap();
        format!("[\"{}\", \"{}\"]", w.alpha, w.beta)
    };
    Truth {
        value: run.value_of(root).unwrap().to_string(),
        best,
        pruned: run.pruned().map(|p| name(game, &p)).collect(),
        leaves: run.leaves().map(|v| name(game, &run.path_of(v))).collect(),
        values: run
            .visits
            .iter()
            .map(|v| (name(game, &run.path_of(v)), run.value_of(v).unwrap().to_string()))
            .collect(),
        windows: run.visits.iter().map(|v| (name(game, &run.path_of(v)), window(v))).collect(),
    }
}

impl Truth {
    fn yaml(&self) -> String {
        let map = |kv: &[(String, String)]| kv.iter().map(|(k, v)| format!("{k}: {v}")).collect::<Vec<_>>().join(", ");
        format!(
            "value: {}\nbest: {}\npruned: [{}]\nleaves: [{}]\nvalues: {{ {} }}\nwindows: {{ {} }}\n",
            self.value,
            self.best,
            self.pruned.join(", "),
            self.leaves.join(", "),
            map(&self.values),
            map(&self.windows)
        )
    }
}

/// Grades `yaml`; returns (all right, the wrong items, the first divergence).
fn graded(game: &Game, yaml: &str, opts: &Options) -> (bool, Vec<String>, Option<String>) {
    let entries = answer::parse(game, yaml).unwrap_or_else(|d| panic!("{yaml}: {d:?}"));
    let answer = entries[0].answer.as_ref().unwrap_or_else(|d| panic!("{yaml}: {d:?}"));
    let g = grade(game, answer, "s", Algorithm::Alphabeta, opts, &Rubric::default()).unwrap();
    let trace = search::run(game, Algorithm::Alphabeta, opts).unwrap();
    let wrong = g.marks.iter().filter(|m| !m.right).map(|m| m.item.clone()).collect();
    (g.all_right(), wrong, divergence(game, answer, &trace))
}

#[path = "common/cases.rs"]
mod cases;

proptest! {
    #![proptest_config(cases::cases(192))]

    #[test]
    fn the_true_answer_and_each_single_mutation(
        (text, strict) in case(),
        pick in any::<prop::sample::Index>(),
        other in any::<prop::sample::Index>(),
    ) {
        let game = gametree::load("t.tree", &text).unwrap();
        let opts = Options { cuts: if strict { CutRule::Strict } else { CutRule::OnEquality }, ..Options::default() };
        let trace = search::run(&game, Algorithm::Alphabeta, &opts).unwrap();
        let run = Analysis::of(&game, &trace);
        let t = truth(&game, &run);
        let (right, wrong, first) = graded(&game, &t.yaml(), &opts);
        prop_assert!(right, "{text}\n{}\nwrong: {wrong:?}", t.yaml());
        prop_assert_eq!(first, None, "{}\n{}", text, t.yaml());

        // An extra pruned edge X (a node the search enters, not the root):
        // the search diverges when it enters X.
        let entered: Vec<Path> = run.visits.iter().map(|v| run.path_of(v)).filter(|p| !p.0.is_empty()).collect();
        let x = name(&game, &entered[pick.index(entered.len())]);
        let mut m = t.clone();
        m.pruned.push(x.clone());
        let (right, wrong, first) = graded(&game, &m.yaml(), &opts);
        prop_assert!(!right && wrong == ["pruned"], "{text}\nextra {x}: {wrong:?}");
        let first = first.unwrap_or_default();
        prop_assert!(first.starts_with(&format!("you pruned {x} (")), "{text}\nextra {x}: {first}");

        // A missing pruned edge E: the node that cuts is E's parent.
        let truth_pruned: Vec<Path> = run.pruned().collect();
        if !truth_pruned.is_empty() {
            let e = &truth_pruned[pick.index(truth_pruned.len())];
            let parent = name(&game, &e.parent().unwrap());
            let mut m = t.clone();
            m.pruned.retain(|p| *p != name(&game, e));
            let (right, wrong, first) = graded(&game, &m.yaml(), &opts);
            prop_assert!(!right && wrong == ["pruned"], "{text}\nmissing {e}: {wrong:?}");
            let first = first.unwrap_or_default();
            prop_assert!(
                first.starts_with(&format!("{parent} (MAX) reaches")) || first.starts_with(&format!("{parent} (MIN) reaches")),
                "{text}\nmissing {}: {first}", name(&game, e)
            );
        }

        // Two leaves swapped: the first of them is where the orders part.
        let n = t.leaves.len();
        let (i, j) = (pick.index(n), other.index(n));
        if i != j {
            let (i, j) = (i.min(j), i.max(j));
            let mut m = t.clone();
            m.leaves.swap(i, j);
            let (right, wrong, first) = graded(&game, &m.yaml(), &opts);
            prop_assert!(!right && wrong == ["leaves"], "{text}\nswap {i} {j}: {wrong:?}");
            let first = first.unwrap_or_default();
            let want = format!("leaf {} evaluated is {} = ", i + 1, t.leaves[i]);
            prop_assert!(first.starts_with(&want), "{text}\nswap {i} {j}: {first}");
        }

        // A wrong value at node N (one of `values`): N returns another.
        let k = other.index(t.values.len());
        let mut m = t.clone();
        let (node, v) = m.values[k].clone();
        m.values[k].1 = format!("{}", v.parse::<i64>().unwrap() + 100);
        let (right, wrong, first) = graded(&game, &m.yaml(), &opts);
        prop_assert!(!right && wrong == [format!("values {node}")], "{text}\nvalue {node}: {wrong:?}");
        let first = first.unwrap_or_default();
        prop_assert!(first.starts_with(&format!("{node} returns {v}")), "{text}\nvalue {node}: {first}");
    }
}
