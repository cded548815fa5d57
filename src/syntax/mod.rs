//! Text to syntax: the pest grammar's binding, the spanned ast, the YAML
//! form, and the way back (print, fmt).
//!
//! Layer: syntax, above the leaf utilities (`num`, `diagnostic`, `stack`),
//! below the model. Architecture invariant: only `parse` touches pest's
//! `Pair`/`Rule`; everything else sees the [`ast`], which mirrors the text
//! and carries spans. Nothing here knows what a node's value means.

pub mod ast;
pub mod cs188;
pub mod fmt;
pub mod nested;
pub mod parse;
pub mod print;
pub mod yaml;

use crate::diagnostic::{Diagnostic, DiagnosticKind, Span};

/// Is this file name the YAML form (`.yaml`, `.yml`)?
pub fn is_yaml(name: &str) -> bool {
    name.ends_with(".yaml") || name.ends_with(".yml")
}

/// Parses a spec in either form, chosen by the file name.
pub fn parse_any(name: &str, text: &str) -> Result<ast::File, Vec<Diagnostic>> {
    if is_yaml(name) { yaml::from_yaml(text) } else { parse::parse(text) }
}

/// The text of a file's bytes, or why it is not text.
pub fn decode(bytes: &[u8]) -> Result<&str, Diagnostic> {
    std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        let detail = format!("invalid UTF-8 at byte {at}");
        Diagnostic::new(DiagnosticKind::BinaryInput { detail }, Span::new(at, at + 1))
    })
}
