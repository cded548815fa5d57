//! Checking people's answers against the searches: expect blocks, answer
//! files and their grades, puzzles, lint, and generated exam trees.

pub mod answer;
pub mod bigtree;
pub mod divergence;
pub mod expect;
pub mod generate;
pub mod grade;
pub mod lint;
pub mod puzzle;
pub mod resolve;
pub mod spec;
