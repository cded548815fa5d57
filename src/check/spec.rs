//! A spec as the checking commands see it: the validated [`Game`] and its
//! resolved `expect` blocks.
//!
//! Invariant: every [`Expect`] names an algorithm, options and nodes that
//! exist in its `game`.

use crate::check::expect::Expect;
use crate::check::resolve;
use crate::diagnostic::Diagnostic;
use crate::model::{self, Game, validate};
use crate::syntax::{self, ast};

/// A validated game with the hand-worked answers written below it.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    pub game: Game,
    pub expects: Vec<Expect>,
}

/// Parses, validates and resolves a spec in either form (chosen by the
/// file name); on failure, every problem found.
pub fn load(name: &str, text: &str) -> Result<Spec, Vec<Diagnostic>> {
    if let Some((game, expects)) = model::quick::load_spec(name, text) {
        let expects = resolve::resolve(&game, &expects)?;
        return Ok(Spec { game, expects });
    }
    crate::stack::with_stack(syntax::parse::nesting(text), || from_ast(&syntax::parse_any(name, text)?))
}

/// Validates a parsed file and resolves its `expect` blocks.
pub fn from_ast(file: &ast::File) -> Result<Spec, Vec<Diagnostic>> {
    let game = validate::validate(file)?;
    let expects = resolve::resolve(&game, &file.expects)?;
    Ok(Spec { game, expects })
}
