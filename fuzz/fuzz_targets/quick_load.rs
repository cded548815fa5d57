//! Any bytes: the quick loader either refuses or builds exactly the game
//! the full path (pest, then validate) builds. Nothing may panic.
//!
//! ```text
//! cd fuzz && cargo +nightly fuzz run quick_load -- -max_len=512
//! ```
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = gametree::decode(data) else { return };
    let Some(quick) = gametree::model::quick::load(text) else { return };
    let full = gametree::syntax::parse::parse(text).ok().and_then(|f| gametree::model::validate::validate(&f).ok());
    assert_eq!(Some(quick), full, "quick and full loads differ on {text:?}");
});
