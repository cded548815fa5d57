//! gametree: game-tree search made teachable and checkable.

pub mod ast;
pub mod diagnostic;
pub mod num;
pub mod parse;
