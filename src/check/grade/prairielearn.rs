//! PrairieLearn's external-grader result (`/grade/results/results.json`),
//! as its "External Grading" page describes it: `gradable`, `score` from 0
//! to 1, `message`, `output`, and `tests[]`, each with `name`, `points`,
//! `max_points` and `message`. An answer that cannot be read is
//! `gradable: false` with the error in `message` and `format_errors`: the
//! student loses no attempt.

use super::class::Row;
use super::render::serialize_points;

/// `results.json`.
#[derive(Debug, serde::Serialize)]
pub struct Results {
    pub gradable: bool,
    pub score: f64,
    pub message: String,
    pub output: String,
    pub tests: Vec<Test>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub format_errors: Vec<String>,
}

/// One entry of `tests`.
#[derive(Debug, serde::Serialize)]
pub struct Test {
    pub name: String,
    #[serde(serialize_with = "serialize_points")]
    pub points: f64,
    #[serde(serialize_with = "serialize_points")]
    pub max_points: f64,
    pub message: String,
}

impl Results {
    /// The result of one graded (or unreadable) answer.
    pub fn new(row: &Row) -> Results {
        match &row.outcome {
            Ok(g) => {
                let tests = g
                    .marks
                    .iter()
                    .map(|m| Test {
                        name: m.item.clone(),
                        points: m.points,
                        max_points: m.max_points,
                        message: m.feedback(),
                    })
                    .collect();
                let score = if g.out_of > 0.0 {
                    (g.score / g.out_of).clamp(0.0, 1.0)
                } else if g.all_right() {
                    1.0
                } else {
                    0.0
                };
                let message = format!("{}/{}", super::render::points(g.score), super::render::points(g.out_of));
                Results { gradable: true, score, message, output: g.to_string(), tests, format_errors: Vec::new() }
            }
            Err(e) => Results::not_gradable(&e.message, &e.rendered),
        }
    }

    /// An invalid submission: no points awarded or lost.
    pub fn not_gradable(message: &str, output: &str) -> Results {
        Results {
            gradable: false,
            score: 0.0,
            message: message.to_string(),
            output: output.to_string(),
            tests: Vec::new(),
            format_errors: vec![message.to_string()],
        }
    }
}
