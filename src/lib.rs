//! gametree: game-tree search made teachable and checkable.
//!
//! The pipeline, text to answers:
//!
//! ```text
//! text ──parse──▶ ast ──validate──▶ Game ──algorithm──▶ Trace ──▶ Analysis / Report
//! ```
//!
//! ```
//! use gametree::{algo::{self, Algorithm}, analysis::Analysis, options::Options};
//!
//! let spec = "MAX A { MIN B { 3 12 8 } MIN C { 2 4 6 } MIN D { 14 5 2 } }";
//! let game = gametree::load("fig5-2.tree", spec).unwrap();
//! let trace = algo::run(&game, Algorithm::Alphabeta, &Options::default()).unwrap();
//! let run = Analysis::of(&game, &trace);
//! assert_eq!(run.value().unwrap().to_string(), "3");
//! let pruned: Vec<String> = run.pruned().map(|p| p.to_string()).collect();
//! assert_eq!(pruned, ["2.2", "2.3"]);
//! ```
//!
//! The library never prints and never exits; the `gametree` binary does.

pub mod algo;
pub mod analysis;
pub mod bigtree;
pub mod ast;
pub mod compare;
pub mod diagnostic;
pub mod expect;
pub mod model;
pub mod narrate;
pub mod narrate_search;
pub mod num;
pub mod options;
pub mod parse;
pub mod print;
pub mod report;
pub mod report_search;
pub mod trace;
pub mod validate;
pub mod yaml;

use diagnostic::{Diagnostic, DiagnosticKind, Span};

/// Is this file name the YAML form (`.yaml`, `.yml`)?
pub fn is_yaml(name: &str) -> bool {
    name.ends_with(".yaml") || name.ends_with(".yml")
}

/// Parses a spec in either form, chosen by the file name.
pub fn parse_any(name: &str, text: &str) -> Result<ast::File, Vec<Diagnostic>> {
    if is_yaml(name) { yaml::from_yaml(text) } else { parse::parse(text) }
}

/// Parses and validates a spec.
pub fn load(name: &str, text: &str) -> Result<model::Game, Vec<Diagnostic>> {
    validate::validate(&parse_any(name, text)?)
}

/// The text of a file's bytes, or why it is not text.
pub fn decode(bytes: &[u8]) -> Result<&str, Diagnostic> {
    std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        let detail = format!("invalid UTF-8 at byte {at}");
        Diagnostic::new(DiagnosticKind::BinaryInput { detail }, Span::new(at, at + 1))
    })
}
