//! Any bytes: decode → parse → validate → every applicable algorithm →
//! the report as text and JSON, and the spec printed back and as YAML.
//! Nothing may panic, overflow the stack or hang.
//!
//! ```text
//! cd fuzz && cargo +nightly fuzz run parse_solve -- -max_len=512
//! ```
#![no_main]

use gametree::search;
use gametree::search::options::Options;
use gametree::report::{AlgoReport, Report, Text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = gametree::decode(data) else { return };
    let Ok(file) = gametree::syntax::parse::parse(text) else { return };
    let _ = gametree::syntax::print::print(&file);
    let _ = gametree::syntax::yaml::to_yaml(&file);
    let Ok(game) = gametree::model::validate::validate(&file) else { return };
    // Big trees make every algorithm slow, not wrong: keep runs short.
    if game.len() > 2000 {
        return;
    }
    let mut results = Vec::new();
    for a in search::applicable(&game) {
        if let Ok(trace) = search::run(&game, a, &Options::default()) {
            results.push(AlgoReport::narrated(&game, &trace));
        }
    }
    let report = Report { title: game.title().map(str::to_string), results };
    let _ = Text { game: &game, report: &report, rows: None }.to_string();
    let _ = serde_json::to_string(&report);
});
