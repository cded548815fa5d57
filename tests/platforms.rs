//! The course-platform scripts in `examples/` as the platforms run them:
//! Gradescope's `run_autograder` and PrairieLearn's external grader
//! `run.sh`, pointed at temporary folders through the environment
//! variables they honour, on sample submissions; the `results.json` each
//! writes is checked against the platform's documented format.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

const GAMETREE: &str = env!("CARGO_BIN_EXE_gametree");

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gametree-platforms-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn copy(from: &str, to: &Path) {
    std::fs::create_dir_all(to.parent().unwrap()).unwrap();
    std::fs::copy(from, to).unwrap();
}

fn run(script: &str, var: &str, dir: &Path) -> Value {
    let out = Command::new("bash").arg(script).env(var, dir).env("GAMETREE", GAMETREE).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(dir.join("results/results.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn number(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// Gradescope's results.json: `score`, `output`, `visibility`, and tests
/// with `name`, `score`, `max_score`, `output`, `visibility`.
fn gradescope_format(json: &Value) {
    let visibilities = ["visible", "hidden", "after_due_date", "after_published"];
    number(&json["score"]);
    assert!(json["output"].is_string(), "{json}");
    assert!(visibilities.contains(&json["visibility"].as_str().unwrap()), "{json}");
    let mut sum = 0.0;
    for t in json["tests"].as_array().unwrap() {
        assert!(t["name"].is_string() && t["output"].is_string(), "{t}");
        assert!(number(&t["score"]) <= number(&t["max_score"]), "{t}");
        assert!(visibilities.contains(&t["visibility"].as_str().unwrap()), "{t}");
        sum += number(&t["score"]);
    }
    assert!((sum - number(&json["score"])).abs() < 1e-9, "{json}");
}

fn gradescope(name: &str, answers: &[(&str, &str)]) -> Value {
    let dir = scratch(name);
    copy("examples/gradescope/question.tree", &dir.join("source/question.tree"));
    copy("examples/gradescope/rubric.yaml", &dir.join("source/rubric.yaml"));
    std::fs::create_dir_all(dir.join("submission")).unwrap();
    for (file, text) in answers {
        std::fs::write(dir.join("submission").join(file), text).unwrap();
    }
    let json = run("examples/gradescope/run_autograder", "GAMETREE_AUTOGRADER", &dir);
    gradescope_format(&json);
    json
}

#[test]
fn gradescope_run_autograder_writes_results_json() {
    let right = std::fs::read_to_string("examples/gradescope/submission-example/answer.yaml").unwrap();
    // value 1, best 1, pruned 2, leaves 2: 6 of 6.
    let json = gradescope("gs-right", &[("answer.yaml", &right)]);
    assert_eq!(json["score"], 6);
    assert_eq!(json["tests"].as_array().unwrap().len(), 4);
    // Only the value, and wrong: 0 of value 1 + pruned 2 (required).
    let json = gradescope("gs-wrong", &[("answer.yml", "value: 2\n")]);
    assert_eq!(json["score"], 0);
    let max: f64 = json["tests"].as_array().unwrap().iter().map(|t| number(&t["max_score"])).sum();
    assert_eq!(max, 3.0);
    // A malformed file: graded 0 with the error and its caret in the output.
    let json = gradescope("gs-bad", &[("answer.yaml", "pruned: [E.2\n")]);
    assert_eq!(json["score"], 0);
    assert!(json["output"].as_str().unwrap().contains("answer.yaml:2:1"), "{json}");
    // Two answer files: not graded, score 0, and why.
    let json = gradescope("gs-two", &[("a.yaml", &right), ("b.yaml", &right)]);
    assert_eq!(json["score"], 0);
    assert!(json["output"].as_str().unwrap().contains("grades one submission"), "{json}");
}

/// PrairieLearn's results.json: `gradable`, `score` in [0, 1], `message`,
/// tests with `name`, `points`, `max_points`, `message`.
fn prairielearn_format(json: &Value) {
    assert!(json["gradable"].is_boolean(), "{json}");
    let score = number(&json["score"]);
    assert!((0.0..=1.0).contains(&score), "{json}");
    assert!(json["message"].is_string(), "{json}");
    for t in json["tests"].as_array().unwrap() {
        assert!(t["name"].is_string() && t["message"].is_string(), "{t}");
        assert!(number(&t["points"]) <= number(&t["max_points"]), "{t}");
    }
    if json["gradable"] == false {
        assert!(!json["format_errors"].as_array().unwrap().is_empty(), "{json}");
    }
}

fn prairielearn(name: &str, answer: Option<&str>) -> Value {
    let dir = scratch(name);
    let question = "examples/prairielearn/questions/alphaBetaPruning/tests";
    copy(&format!("{question}/question.tree"), &dir.join("tests/question.tree"));
    copy(&format!("{question}/rubric.yaml"), &dir.join("tests/rubric.yaml"));
    std::fs::create_dir_all(dir.join("student")).unwrap();
    if let Some(text) = answer {
        std::fs::write(dir.join("student/answer.yaml"), text).unwrap();
    }
    let json = run("examples/prairielearn/serverFilesCourse/gametree/run.sh", "GAMETREE_GRADE", &dir);
    prairielearn_format(&json);
    json
}

#[test]
fn prairielearn_run_sh_writes_results_json() {
    let right = std::fs::read_to_string("examples/gradescope/submission-example/answer.yaml").unwrap();
    let json = prairielearn("pl-right", Some(&right));
    assert_eq!(json["gradable"], true);
    assert_eq!(json["score"], 1.0);
    // value right 1, pruned: G missing, 2 - 2/2 = 1: 2 of 3.
    let json = prairielearn("pl-partly", Some("value: 5\npruned: [E.2]\n"));
    assert!((number(&json["score"]) - 2.0 / 3.0).abs() < 1e-9, "{json}");
    let json = prairielearn("pl-bad", Some("value: [5\n"));
    assert_eq!(json["gradable"], false);
    assert!(json["message"].as_str().unwrap().contains("answer.yaml:2:1"), "{json}");
    let json = prairielearn("pl-none", None);
    assert_eq!(json["gradable"], false);
}
