//! gametree: game-tree search made teachable and checkable.
//!
//! The pipeline, text to answers, one layer per step (see ARCHITECTURE.md):
//!
//! ```text
//! text ──syntax──▶ ast ──model──▶ Game ──search──▶ Trace ──analysis──▶ Analysis ──▶ report / draw / check
//! ```
//!
//! ```
//! use gametree::analysis::Analysis;
//! use gametree::search::{self, Algorithm, options::Options};
//!
//! let text = "MAX A { MIN B { 3 12 8 } MIN C { 2 4 6 } MIN D { 14 5 2 } }
//!             expect alphabeta { value 3 pruned C.2 C.3 }";
//! let spec = gametree::check::spec::load("fig5-2.tree", text).unwrap();
//! let trace = search::run(&spec.game, Algorithm::Alphabeta, &Options::default()).unwrap();
//! let run = Analysis::of(&spec.game, &trace);
//! assert_eq!(run.value().unwrap().to_string(), "3");
//! let pruned: Vec<String> = run.pruned().map(|p| p.to_string()).collect();
//! assert_eq!(pruned, ["2.2", "2.3"]);
//! let expect = &spec.expects[0];
//! assert!(gametree::check::expect::check(&spec.game, expect, &run).is_empty());
//! ```
//!
//! The library never prints and never exits; the `gametree` binary does.
//! `lib.rs` only declares the layers and re-exports the entry points.

pub mod analysis;
pub mod check;
pub mod diagnostic;
pub mod draw;
pub mod fx;
pub mod model;
pub mod num;
pub mod report;
pub mod search;
pub mod stack;
pub mod syntax;

pub use check::convert::{Converted, Form, FormatError, convert, format};
pub use check::files::files_under;
pub use model::load;
pub use stack::{SHALLOW_NESTING, stack_size, with_stack};
pub use syntax::{decode, is_yaml, parse_any};
