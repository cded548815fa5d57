//! The outside tools the diagram tests check outputs with (Graphviz,
//! pdflatex, Chromium, poppler): skipped when missing, except in CI.

use std::process::Command;

/// How the tests start Chromium: headless, and quiet on this machine's
/// closed network (no background connections, updates or sync).
#[allow(dead_code)] // slides.rs draws no HTML
pub const HEADLESS_CHROMIUM: [&str; 8] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];

/// Is `tool` installed? If not: skip (printing why), or fail in CI.
pub fn have(tool: &str) -> bool {
    let found =
        Command::new("sh").args(["-c", &format!("command -v {tool}")]).output().is_ok_and(|o| o.status.success());
    if !found {
        let required = std::env::var("GAMETREE_REQUIRE_TOOLS").is_ok_and(|v| v == "1");
        assert!(!required, "{tool} is not installed, and GAMETREE_REQUIRE_TOOLS=1 requires it");
        eprintln!("SKIPPED: {tool} is not installed (apt-get install it, or run .ci/run); this check did not run");
    }
    found
}
