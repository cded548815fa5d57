//! How many cases a property test runs: its own number, or
//! `PROPTEST_CASES` where that is set, for a longer hunt
//! (`PROPTEST_CASES=3000 cargo test --release --test puzzle_laws`).

use proptest::test_runner::Config;

/// `default` cases, or `PROPTEST_CASES`.
pub fn cases(default: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default);
    Config { cases, ..Config::default() }
}
