//! The `grade_answer` fuzz target's body (`fuzz/grade_answer_body.rs`) as a
//! proptest, for machines where `cargo fuzz` (nightly, libFuzzer) cannot
//! run: random bytes, and random answer-shaped YAML built from keys, node
//! names and numbers that occur in the specs, graded against every spec in
//! `specs/`. Nothing may panic; errors point inside the file.

use proptest::prelude::*;

const GRADE_SPECS: &str = "specs";

include!("../fuzz/grade_answer_body.rs");

fn specs() -> &'static [gametree::model::Game] {
    static SPECS: std::sync::OnceLock<Vec<gametree::model::Game>> = std::sync::OnceLock::new();
    SPECS.get_or_init(shipped_specs)
}

/// Answer-shaped YAML: the keys graders read, with references and numbers
/// that exist in the specs, odd ones and broken syntax mixed in.
fn answerish() -> impl Strategy<Value = String> {
    let word = prop::sample::select(vec![
        "A",
        "B",
        "C",
        "D",
        "E",
        "F",
        "C.2",
        "C.3",
        "2.1",
        "\"2.10\"",
        "root",
        "a1",
        "p",
        "q2",
        "Q.2",
        "1",
        "-1",
        "3",
        "1/2",
        "inf",
        "-inf",
        ".inf",
        "0",
        "14",
        "(1, 2)",
        "[1, 2]",
        "[3, inf]",
        "[]",
        "{}",
        "~",
        "?",
        "&x",
        "'",
        "\"",
        "star1",
        "star2",
        "maxn",
        "alphabeta",
        "negamax",
        "pvs",
        "mtdf",
        "paranoid",
    ]);
    let key = prop::sample::select(vec![
        "value",
        "best",
        "pruned",
        "leaves",
        "values",
        "windows",
        "algorithm",
        "student",
        "name",
        "junk",
    ]);
    let entry =
        (key, prop::collection::vec(word.clone(), 0..5), word.clone(), 0..4u8).prop_map(
            |(k, ws, w, form)| match form {
                0 => format!("{k}: [{}]", ws.join(", ")),
                1 => format!("{k}: {{ {}: {w} }}", ws.first().unwrap_or(&"B")),
                2 => format!("{k}: {w}"),
                _ => format!("{k}:\n  - {}", ws.join("\n  - ")),
            },
        );
    prop::collection::vec(entry, 0..6).prop_map(|es| es.join("\n"))
}

#[path = "common/cases.rs"]
mod cases;

proptest! {
    #![proptest_config(cases::cases(256))]

    #[test]
    fn grading_any_bytes_never_panics(data in prop::collection::vec(any::<u8>(), 0..256)) {
        for game in specs() {
            grade_bytes(game, &data);
        }
    }

    #[test]
    fn grading_answer_shaped_yaml_never_panics(text in answerish()) {
        for game in specs() {
            grade_bytes(game, text.as_bytes());
        }
    }
}

#[test]
fn the_fuzz_body_reads_the_shipped_specs() {
    assert!(specs().len() >= 20, "{}", specs().len());
}
