//! How people name a node: by the nearest named node on its path and the
//! steps below it (`C.2`), or by its path (`2.2`).

use crate::model::{Game, NodeId, Path};

/// A reference people read for a path: the nearest named node on it and
/// the rest as indices (`C.2`), or the path itself (`2.2`).
pub fn reference(game: &Game, path: &Path) -> String {
    named_reference(game, path).unwrap_or_else(|| path.to_string())
}

/// [`reference`] when some node on the path has a name.
fn named_reference(game: &Game, path: &Path) -> Option<String> {
    use std::fmt::Write;
    if !game.has_names() {
        return None;
    }
    let mut id = NodeId::ROOT;
    let mut base = game.root().name();
    // The indices after the last named node.
    let mut rest = 0;
    for (k, &i) in path.0.iter().enumerate() {
        id = game.node(id).children().get(i as usize)?.child;
        if let Some(name) = game.node(id).name() {
            (base, rest) = (Some(name), k + 1);
        }
    }
    let mut out = quote(base?);
    for &i in &path.0[rest..] {
        write!(out, ".{}", i + 1).ok()?;
    }
    Some(out)
}

/// Quotes a name that is not a plain identifier.
pub fn quote(name: &str) -> String {
    let plain = name.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '\'');
    if plain { name.to_string() } else { format!("{name:?}") }
}

/// `C.2 (2.2)`: the reference and, when different, the path.
pub fn describe(game: &Game, path: &Path) -> String {
    let p = path.to_string();
    match named_reference(game, path) {
        Some(r) if r != p => format!("{r} ({p})"),
        _ => p,
    }
}
