//! Any bytes as a student's answer file, graded against every spec in
//! `specs/`: parse, marks, first divergence, conventions, text and CSV.
//! Nothing may panic (the body is `fuzz/grade_answer_body.rs`, also run by
//! `tests/grade_fuzz.rs` as a proptest).
//!
//! ```text
//! cd fuzz && cargo +nightly fuzz run grade_answer_specs -- -max_len=512
//! ```
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;

const GRADE_SPECS: &str = "../specs";

include!("../grade_answer_body.rs");

static SPECS: OnceLock<Vec<gametree::model::Game>> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    for game in SPECS.get_or_init(shipped_specs) {
        grade_bytes(game, data);
    }
});
