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

/// A big YAML spec of about `len` bytes read from `source` a piece at a time, its text never
/// held whole ([`model::quick::load_yaml_tree_in_pieces`]), with its
/// `expect` blocks resolved: what [`load`] gives for the file's text.
/// `None` when the quick reader refuses it or anything in it is an error:
/// then the caller reads the text whole and [`load`] words the error.
pub fn load_yaml_in_pieces(source: &mut dyn std::io::Read, len: usize, piece: usize) -> Option<Spec> {
    let (game, tail, at) = model::quick::load_yaml_tree_in_pieces(source, len, piece)?;
    let (expects, _) = syntax::yaml::from_yaml_tail(&tail, 0).ok()?;
    let expects: Vec<_> = expects.into_iter().map(|e| e.shifted(at)).collect();
    let expects = resolve::resolve(&game, &expects).ok()?;
    Some(Spec { game, expects })
}

/// Validates a parsed file and resolves its `expect` blocks.
pub fn from_ast(file: &ast::File) -> Result<Spec, Vec<Diagnostic>> {
    let game = validate::validate(file)?;
    let expects = resolve::resolve(&game, &file.expects)?;
    Ok(Spec { game, expects })
}
