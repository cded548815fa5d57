//! gametree: game-tree search made teachable and checkable.
//!
//! The pipeline, text to answers:
//!
//! ```text
//! text ──parse──▶ ast ──validate──▶ Game ──algorithm──▶ Trace ──▶ Analysis / Report
//! ```
//!
//! ```
//! use gametree::{search::{self, Algorithm}, analysis::Analysis, search::options::Options};
//!
//! let spec = "MAX A { MIN B { 3 12 8 } MIN C { 2 4 6 } MIN D { 14 5 2 } }";
//! let game = gametree::load("fig5-2.tree", spec).unwrap();
//! let trace = search::run(&game, Algorithm::Alphabeta, &Options::default()).unwrap();
//! let run = Analysis::of(&game, &trace);
//! assert_eq!(run.value().unwrap().to_string(), "3");
//! let pruned: Vec<String> = run.pruned().map(|p| p.to_string()).collect();
//! assert_eq!(pruned, ["2.2", "2.3"]);
//! ```
//!
//! The library never prints and never exits; the `gametree` binary does.

pub mod analysis;
pub mod check;
pub mod diagnostic;
pub mod draw;
pub mod model;
pub mod num;
pub mod report;
pub mod search;
pub mod stack;
pub mod syntax;

pub use model::load;
pub use stack::{SHALLOW_NESTING, stack_size, with_stack};
pub use syntax::{decode, is_yaml, parse_any};
