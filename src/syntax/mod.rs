//! Text to syntax: the pest grammar's binding, the spanned ast, the YAML
//! form, and the way back (print, fmt).

pub mod ast;
pub mod fmt;
pub mod parse;
pub mod print;
pub mod yaml;
