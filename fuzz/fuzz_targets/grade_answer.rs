//! Any bytes as a student's answer file, and as a rubric, against the
//! sample class's spec (`tests/fixtures/class.tree`): read, graded with
//! the default rubric, rendered in every format. Nothing may panic.
//!
//! ```text
//! cd fuzz && cargo +nightly fuzz run grade_answer -- -max_len=512
//! ```
#![no_main]

use gametree::check::grade::class::Grader;
use gametree::check::grade::{Rubric, gradescope, prairielearn, render};
use gametree::diagnostic::Source;
use gametree::search::options::Options;
use libfuzzer_sys::fuzz_target;

const SPEC: &str = include_str!("../../tests/fixtures/class.tree");

fuzz_target!(|data: &[u8]| {
    let Ok(text) = gametree::decode(data) else { return };
    let game = gametree::load("class.tree", SPEC).expect("the sample spec loads");
    let _ = Rubric::parse(&game, text);
    let rubric = Rubric::default();
    let grader = Grader {
        game: &game,
        spec: Source { name: "class.tree", text: SPEC },
        rubric: &rubric,
        algorithm: None,
        options: Options::default(),
    };
    let rows = grader.file("answer.yaml", text);
    let _ = render::Text(&rows).to_string();
    let _ = render::csv(&rows);
    let _ = serde_json::to_string(&render::Json::new(&rows));
    for row in &rows {
        let _ = serde_json::to_string(&gradescope::Results::new(row, gradescope::Visibility::Visible));
        let _ = serde_json::to_string(&prairielearn::Results::new(row));
    }
});
