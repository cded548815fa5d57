//! Gradescope's autograder `results.json` for one submission, as its
//! "Autograder Specifications" page describes it: top-level `score`,
//! `output` and `visibility`, and `tests[]`, each with `name`, `score`,
//! `max_score`, `output` and `visibility`. One test per marked item; an
//! answer file that cannot be read is one test worth the rubric's required
//! points, scored 0, whose output is the error.

use super::class::Row;
use super::render::{points, serialize_points};

/// When students see a result (Gradescope's `visibility`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visibility {
    /// `visible`
    Visible,
    /// `hidden`
    Hidden,
    /// `after_due_date`
    AfterDueDate,
    /// `after_published`
    AfterPublished,
}

impl Visibility {
    pub const NAMES: &[&str] = &["visible", "hidden", "after_due_date", "after_published"];

    pub fn name(self) -> &'static str {
        Visibility::NAMES[self as usize]
    }
}

impl serde::Serialize for Visibility {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// `results.json`.
#[derive(Debug, serde::Serialize)]
pub struct Results {
    #[serde(serialize_with = "serialize_points")]
    pub score: f64,
    pub output: String,
    pub visibility: Visibility,
    pub tests: Vec<Test>,
}

/// One entry of `tests`.
#[derive(Debug, serde::Serialize)]
pub struct Test {
    pub name: String,
    #[serde(serialize_with = "serialize_points")]
    pub score: f64,
    #[serde(serialize_with = "serialize_points")]
    pub max_score: f64,
    pub output: String,
    pub visibility: Visibility,
}

impl Results {
    /// The results of one graded (or unreadable) answer.
    pub fn new(row: &Row, visibility: Visibility) -> Results {
        let test = |name: String, score, max_score, output| Test { name, score, max_score, output, visibility };
        match &row.outcome {
            Ok(g) => {
                let tests =
                    g.marks.iter().map(|m| test(m.item.clone(), m.points, m.max_points, m.feedback())).collect();
                Results { score: g.score, output: g.to_string(), visibility, tests }
            }
            Err(e) => {
                let output = format!("Your answer file could not be read:\n{}", e.rendered);
                let name = format!("answer file {}", row.file);
                let tests = vec![test(name, 0.0, e.out_of, output.clone())];
                let output = format!("{}: 0/{}\n{output}", row.student, points(e.out_of));
                Results { score: 0.0, output, visibility, tests }
            }
        }
    }

    /// The results when the submission holds no answer file at all.
    pub fn empty(why: &str, visibility: Visibility) -> Results {
        Results { score: 0.0, output: why.to_string(), visibility, tests: Vec::new() }
    }
}
