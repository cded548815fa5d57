//! Writing a valid spec again: in the other form (`gametree convert`) or
//! tidied (`gametree fmt`). Both refuse a spec the other commands refuse,
//! so nothing invalid is ever written back.

use crate::diagnostic::Diagnostic;

/// The two written forms of a spec (`gametree convert --to`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// The text form (`.tree`), in the canonical layout without comments.
    Tree,
    /// The YAML form (`.yaml`/`.yml`).
    Yaml,
    /// CS188's `GraphGameTreeTest` file (`.test`): [`crate::check::cs188`].
    Cs188,
}

/// The forms `gametree convert --from` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A spec: the text form, or YAML by the file name.
    Spec,
    /// A nested list, `[[3, 12, 8], [2, 4, 6]]` ([`crate::syntax::nested`]).
    Nested,
    /// A CS188 `GraphGameTreeTest` file ([`crate::syntax::cs188`]).
    Cs188,
}

/// A spec converted to another form.
#[derive(Debug)]
pub struct Converted {
    pub text: String,
    /// Comment lines of the source that the result leaves out (neither
    /// form is printed with them).
    pub comments_dropped: usize,
}

/// Converts a valid spec (`name` tells its form) to `to`, without loss of
/// meaning.
pub fn convert(name: &str, text: &str, to: Form) -> Result<Converted, Vec<Diagnostic>> {
    convert_from(Source::Spec, name, text, to)
}

/// Converts a tree written in the form `from` to `to`; diagnostics point
/// into `text`.
pub fn convert_from(from: Source, name: &str, text: &str, to: Form) -> Result<Converted, Vec<Diagnostic>> {
    let file = match from {
        Source::Spec => crate::syntax::parse_any(name, text)?,
        Source::Nested => crate::syntax::nested::read(text)?,
        Source::Cs188 => crate::syntax::cs188::read(text)?,
    };
    let game = crate::model::validate::validate(&file)?;
    let out = match to {
        Form::Tree => crate::syntax::print::print(&file),
        Form::Yaml => crate::syntax::yaml::to_yaml(&file),
        Form::Cs188 => crate::check::cs188::write(&game).map_err(|why| {
            let kind = crate::diagnostic::DiagnosticKind::Form { form: "CS188 test file", why };
            vec![Diagnostic::new(kind, file.root.span)]
        })?,
    };
    let spec_text = from == Source::Spec && !crate::syntax::is_yaml(name);
    let comments_dropped = if spec_text { crate::syntax::fmt::comments(text).len() } else { 0 };
    Ok(Converted { text: out, comments_dropped })
}

/// Why `gametree fmt` leaves a file as it is.
#[derive(Debug)]
pub enum FormatError {
    /// YAML specs are not formatted (`convert` them).
    Yaml,
    /// The spec is not one `solve`, `check` and `convert` accept.
    Invalid(Vec<Diagnostic>),
    /// The result would not keep what was written (a printer limitation).
    Unsafe(String),
}

/// A `.tree` spec in the canonical layout, comments kept; only a spec the
/// other commands accept (unknown `?` leaves included).
pub fn format(name: &str, text: &str) -> Result<String, FormatError> {
    if crate::syntax::is_yaml(name) {
        return Err(FormatError::Yaml);
    }
    let file = crate::syntax::parse_any(name, text).map_err(FormatError::Invalid)?;
    crate::model::validate::validate(&file).map_err(FormatError::Invalid)?;
    crate::syntax::fmt::format(text).map_err(|e| match e {
        crate::syntax::fmt::FmtError::Parse(ds) => FormatError::Invalid(ds),
        crate::syntax::fmt::FmtError::Unsafe(why) => FormatError::Unsafe(why),
    })
}
