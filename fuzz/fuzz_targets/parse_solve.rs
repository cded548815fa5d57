//! Any bytes: decode → parse → validate → every applicable algorithm →
//! the report as text and JSON, and the spec printed back and as YAML.
//! Nothing may panic, overflow the stack or hang.
//!
//! ```text
//! cd fuzz && cargo +nightly fuzz run parse_solve -- -max_len=512
//! ```
#![no_main]

use gametree::algo;
use gametree::options::Options;
use gametree::report::{AlgoReport, Report, Text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = gametree::decode(data) else { return };
    let Ok(file) = gametree::parse::parse(text) else { return };
    let _ = gametree::print::print(&file);
    let _ = gametree::yaml::to_yaml(&file);
    let Ok(game) = gametree::validate::validate(&file) else { return };
    // Big trees make every algorithm slow, not wrong: keep runs short.
    if game.len() > 2000 {
        return;
    }
    let mut results = Vec::new();
    for a in algo::applicable(&game) {
        if let Ok(trace) = algo::run(&game, a, &Options::default()) {
            results.push(AlgoReport::narrated(&game, &trace));
        }
    }
    let report = Report { title: game.title.clone(), results };
    let _ = Text { game: &game, report: &report }.to_string();
    let _ = serde_json::to_string(&report);
});
