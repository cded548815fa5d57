//! Checking people's answers against the searches: expect blocks, answer
//! files and their grades, puzzles, lint, and generated exam trees.
//!
//! Layer: check, the top of the library, below only the CLI. It owns
//! [`spec::Spec`] (a game with its resolved `expect` blocks).
//!
//! Architecture invariant: a verdict, mark or first divergence is read off
//! the analysis of a real search's trace, never recomputed by hand here.

pub mod answer;
pub mod bigtree;
pub mod convert;
pub mod cs188;
pub mod divergence;
pub mod expect;
pub mod export;
pub mod files;
pub mod generate;
pub mod grade;
pub mod lint;
pub mod notation;
pub mod practice;
pub mod puzzle;
pub mod resolve;
pub mod spec;
