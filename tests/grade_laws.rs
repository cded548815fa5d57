//! Grading laws on generated MAX/MIN trees: the answer read off the true
//! alpha-beta trace gets full marks in every format (text, CSV, JSON,
//! Gradescope, PrairieLearn), and each single mutation of it (an extra
//! pruned edge, a missing pruned edge, two different leaves swapped, a
//! wrong root value) loses points; and however a file holds the true
//! answer (block or text lists, in a list, a mapping or documents, beside
//! other answers) it gets the same marks.

use gametree::analysis::Analysis;
use gametree::check::grade::class::{Grader, Row};
use gametree::check::grade::{Rubric, gradescope, prairielearn, render};
use gametree::diagnostic::Source;
use gametree::model::Game;
use gametree::search::options::{Options, Ties};
use gametree::search::{self, Algorithm};
use proptest::prelude::*;

/// A MAX/MIN tree as spec text: 1–4 children per node, leaves 0–9.
fn tree(height: u32, max: bool) -> BoxedStrategy<String> {
    let leaf = (0i64..=9).prop_map(|v| v.to_string()).boxed();
    let child = if height <= 1 { leaf } else { prop_oneof![1 => leaf, 2 => tree(height - 1, !max)].boxed() };
    prop::collection::vec(child, 1..=4)
        .prop_map(move |cs| format!("{} {{ {} }}", if max { "MAX" } else { "MIN" }, cs.join(" ")))
        .boxed()
}

fn spec() -> impl Strategy<Value = String> {
    (1u32..=4, any::<bool>()).prop_flat_map(|(h, max)| tree(h, max))
}

/// The true answer, item by item, as YAML lines.
struct Truth {
    value: String,
    best: Vec<String>,
    pruned: Vec<String>,
    leaves: Vec<String>,
    values: Vec<(String, String)>,
    windows: Vec<(String, String, String)>,
    /// Entered nodes below the root (candidates for a wrong extra cut).
    entered: Vec<String>,
}

impl Truth {
    fn of(game: &Game) -> Truth {
        let trace = search::run(game, Algorithm::Alphabeta, &Options::default()).unwrap();
        let run = Analysis::of(game, &trace);
        let inner: Vec<_> = run.visits.iter().enumerate().filter(|(_, v)| v.direct().is_none()).collect();
        Truth {
            value: run.value().unwrap().to_string(),
            best: run.best_moves(Ties::First).iter().map(|i| (i + 1).to_string()).collect(),
            pruned: run.pruned().map(|p| p.to_string()).collect(),
            leaves: run.leaves().map(|v| run.value_of(v).unwrap().to_string()).collect(),
            values: inner
                .iter()
                .filter_map(|(i, v)| Some((run.path(*i).to_string(), run.value_of(v)?.to_string())))
                .collect(),
            windows: inner
                .iter()
                .filter_map(|(i, v)| {
                    run.window(v).map(|w| (run.path(*i).to_string(), w.alpha.to_string(), w.beta.to_string()))
                })
                .collect(),
            entered: (1..run.visits.len()).map(|i| run.path(i).to_string()).collect(),
        }
    }

    fn yaml(&self) -> String {
        let list = |xs: &[String]| xs.iter().map(|x| format!("\"{x}\"")).collect::<Vec<_>>().join(", ");
        let values: Vec<String> = self.values.iter().map(|(p, v)| format!("\"{p}\": {v}")).collect();
        let windows: Vec<String> =
            self.windows.iter().map(|(p, a, b)| format!("\"{p}\": [\"{a}\", \"{b}\"]")).collect();
        format!(
            "student: S\nvalue: {}\nbest: [{}]\npruned: [{}]\nleaves: [{}]\nvalues: {{ {} }}\nwindows: {{ {} }}\n",
            self.value,
            list(&self.best),
            list(&self.pruned),
            self.leaves.join(", "),
            values.join(", "),
            windows.join(", ")
        )
    }
}

fn grade(game: &Game, spec: &str, answer: &str) -> Row {
    let rubric = Rubric::default();
    let grader = Grader {
        game,
        spec: Source { name: "spec.tree", text: spec },
        rubric: &rubric,
        algorithm: None,
        options: Options::default(),
    };
    let mut rows = grader.file("s.yaml", answer);
    assert_eq!(rows.len(), 1);
    rows.remove(0)
}

fn full_marks_everywhere(row: &Row) -> Result<(), TestCaseError> {
    let g = row.outcome.as_ref().map_err(|e| TestCaseError::fail(e.rendered.clone()))?;
    prop_assert!(g.all_right() && g.score == g.out_of && g.out_of > 0.0, "{g}");
    let text = render::Text(std::slice::from_ref(row)).to_string();
    let whole = render::points(g.out_of);
    prop_assert!(text.contains(&format!("S: {whole}/{whole} (")) && !text.contains("WRONG"), "{text}");
    let csv = render::csv(std::slice::from_ref(row));
    prop_assert!(csv.lines().nth(1).unwrap().starts_with(&format!("S,s.yaml,{whole},{whole},")), "{csv}");
    let json = serde_json::to_value(render::Json::new(std::slice::from_ref(row))).unwrap();
    prop_assert_eq!(&json["grades"][0]["score"], &json["grades"][0]["out_of"]);
    let gs = serde_json::to_value(gradescope::Results::new(row, gradescope::Visibility::Visible)).unwrap();
    let tests = gs["tests"].as_array().unwrap();
    let max: f64 = tests.iter().map(|t| t["max_score"].as_f64().unwrap()).sum();
    prop_assert!(tests.iter().all(|t| t["score"] == t["max_score"]), "{gs}");
    prop_assert_eq!(gs["score"].as_f64(), Some(max));
    let pl = serde_json::to_value(prairielearn::Results::new(row)).unwrap();
    prop_assert_eq!(&pl["gradable"], &serde_json::json!(true));
    prop_assert_eq!(pl["score"].as_f64(), Some(1.0));
    Ok(())
}

fn loses_points(game: &Game, spec: &str, answer: &str, what: &str) -> Result<(), TestCaseError> {
    let row = grade(game, spec, answer);
    let g = row.outcome.as_ref().map_err(|e| TestCaseError::fail(e.rendered.clone()))?;
    prop_assert!(g.score < g.out_of && !g.all_right(), "{what} kept full marks:\n{spec}\n{answer}\n{g}");
    Ok(())
}

fn node(game: &Game, path: &str) -> gametree::model::NodeId {
    let segments: Vec<u32> = path.split('.').map(|s| s.parse::<u32>().unwrap() - 1).collect();
    game.at(&gametree::model::Path(segments)).unwrap()
}

fn is_leaf(game: &Game, path: &str) -> bool {
    game.node(node(game, path)).children().is_empty()
}

/// The dotted paths of the leaves at or below `path`.
fn leaves_below(game: &Game, path: &str) -> Vec<String> {
    let children = game.node(node(game, path)).children().len();
    if children == 0 {
        return vec![path.to_string()];
    }
    (1..=children).flat_map(|i| leaves_below(game, &format!("{path}.{i}"))).collect()
}

#[path = "common/cases.rs"]
mod cases;

proptest! {
    #![proptest_config(cases::cases(200))]

    #[test]
    fn the_true_answer_gets_full_marks_and_every_mutation_loses_points(spec in spec(), pick in any::<prop::sample::Index>(), pick2 in any::<prop::sample::Index>()) {
        let game = gametree::load("spec.tree", &spec).unwrap();
        let truth = Truth::of(&game);
        full_marks_everywhere(&grade(&game, &spec, &truth.yaml()))?;

        let mut extra = Truth::of(&game);
        extra.pruned.push(pick.get(&truth.entered).clone());
        loses_points(&game, &spec, &extra.yaml(), "an extra pruned edge")?;

        if !truth.pruned.is_empty() {
            let mut missing = Truth::of(&game);
            missing.pruned.remove(pick.index(truth.pruned.len()));
            loses_points(&game, &spec, &missing.yaml(), "a missing pruned edge")?;
        }

        let (i, j) = (pick.index(truth.leaves.len()), pick2.index(truth.leaves.len()));
        if truth.leaves[i] != truth.leaves[j] {
            let mut swapped = Truth::of(&game);
            swapped.leaves.swap(i, j);
            loses_points(&game, &spec, &swapped.yaml(), "two leaves swapped")?;
        }

        // The leaves below the cuts instead of the topmost edges: the same
        // cut-off set, full marks on `pruned`, with a note.
        if truth.pruned.iter().any(|p| !is_leaf(&game, p)) {
            let mut crossed = Truth::of(&game);
            crossed.pruned = truth.pruned.iter().flat_map(|p| leaves_below(&game, p)).collect();
            let row = grade(&game, &spec, &crossed.yaml());
            let g = row.outcome.as_ref().unwrap();
            let mark = g.marks.iter().find(|m| m.item == "pruned").unwrap();
            prop_assert!(mark.right && mark.points == mark.max_points && mark.note.is_some(), "{g}");
            prop_assert!(g.first_divergence.is_none(), "{g}");
        }

        let mut wrong = Truth::of(&game);
        wrong.value = format!("{}", wrong.value.parse::<i64>().unwrap() + 1);
        loses_points(&game, &spec, &wrong.yaml(), "a wrong value")?;
    }
}

impl Truth {
    /// The same answer with its lists as YAML blocks, one item a line,
    /// indented by `pad` (as an entry of a list or a mapping).
    fn block(&self, pad: &str) -> String {
        let mut out = format!("{pad}value: {}\n", self.value);
        let mut list = |key: &str, xs: &[String], quote: bool| {
            if xs.is_empty() {
                out += &format!("{pad}{key}: []\n");
                return;
            }
            out += &format!("{pad}{key}:\n");
            for x in xs {
                out += &if quote { format!("{pad}  - \"{x}\"\n") } else { format!("{pad}  - {x}\n") };
            }
        };
        list("best", &self.best, true);
        list("pruned", &self.pruned, true);
        list("leaves", &self.leaves, false);
        out += &format!("{pad}values:\n");
        for (p, v) in &self.values {
            out += &format!("{pad}  \"{p}\": {v}\n");
        }
        out += &format!("{pad}windows:\n");
        for (p, a, b) in &self.windows {
            out += &format!("{pad}  \"{p}\": \"({a}, {b})\"\n");
        }
        out
    }

    /// The same answer with its lists written as `expect` writes them.
    fn text_lists(&self) -> String {
        let words = |xs: &[String]| if xs.is_empty() { "[]".to_string() } else { format!("\"{}\"", xs.join(" ")) };
        let values: Vec<String> = self.values.iter().map(|(p, v)| format!("\"{p}\": {v}")).collect();
        format!(
            "student: S\nvalue: {}\nbest: {}\npruned: {}\nleaves: {}\nvalues: {{ {} }}\n",
            self.value,
            words(&self.best),
            words(&self.pruned),
            words(&self.leaves),
            values.join(", ")
        )
    }
}

/// Every row of one answer file.
fn grade_all(game: &Game, spec: &str, answers: &str) -> Vec<Row> {
    let rubric = Rubric::default();
    let options = Options::default();
    let grader =
        Grader { game, spec: Source { name: "spec.tree", text: spec }, rubric: &rubric, algorithm: None, options };
    grader.file("s.yaml", answers)
}

proptest! {
    #![proptest_config(cases::cases(100))]

    /// However a file holds the true answer — flow or block lists, lists
    /// as text, one of a list, of a mapping of students or of `---`
    /// documents, beside a wrong answer and an unreadable one — its row is
    /// the same full marks, and its neighbours' rows are their own.
    #[test]
    fn the_true_answer_is_graded_alike_in_every_form_of_file(spec in spec()) {
        let game = gametree::load("spec.tree", &spec).unwrap();
        let truth = Truth::of(&game);
        let base = grade(&game, &spec, &truth.yaml());
        full_marks_everywhere(&base)?;
        let marks = |row: &Row| row.outcome.as_ref().map(|g| g.marks.clone()).map_err(|e| e.message.clone());
        let want = marks(&base);
        let mut wrong = Truth::of(&game);
        wrong.value = format!("{}", wrong.value.parse::<i64>().unwrap() + 1);
        let wrong_alone = marks(&grade(&game, &spec, &wrong.yaml()));
        let block = truth.block("  ");
        let forms = [
            format!("student: S\n{}", truth.block("")),
            truth.text_lists(),
            format!("- student: W\n{}- student: Z\n  valu: 1\n- student: S\n{block}", wrong.block("  ")),
            format!("W:\n{}Z:\n  value: x\nS:\n{block}", wrong.block("  ")),
            format!("# two answers\n---\nstudent: W\n{}--- # S\nstudent: S\n{}---\n", wrong.block(""), truth.block("")),
        ];
        for (k, text) in forms.iter().enumerate() {
            let rows = grade_all(&game, &spec, text);
            let s = rows.iter().find(|r| r.student == "S").unwrap_or_else(|| panic!("no S in form {k}:\n{text}"));
            if k == 1 {
                // No windows in this form: the same marks less those.
                let g = s.outcome.as_ref().map_err(|e| TestCaseError::fail(format!("{}\n{text}", e.rendered)))?;
                let base_marks = want.as_ref().unwrap();
                let kept: Vec<_> = base_marks.iter().filter(|m| !m.item.starts_with("windows")).cloned().collect();
                prop_assert_eq!(&g.marks, &kept, "form {}:\n{}", k, text);
                continue;
            }
            prop_assert_eq!(&marks(s), &want, "form {}:\n{}", k, text);
            if let Some(w) = rows.iter().find(|r| r.student == "W") {
                prop_assert_eq!(&marks(w), &wrong_alone, "form {}:\n{}", k, text);
            }
            if let Some(z) = rows.iter().find(|r| r.student == "Z") {
                prop_assert!(z.outcome.is_err(), "form {}: {:?}", k, z);
            }
        }
    }
}
