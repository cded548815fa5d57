//! `paranoid`: a multi-player game as two-player alpha-beta (Sturtevant &
//! Korf, "On pruning techniques for multi-player games", AAAI 2000: the
//! paranoid assumption, every other player forms a coalition against one).
//!
//! ```text
//! value(s) = UTILITY(s)[P]                       at a leaf
//!          = max over children     if P is to move at s
//!          = min over children     if another player is to move
//!          = Σ p · value(child)    at a CHANCE node (star1's rule: needs bounds)
//! ```
//!
//! The player P is `--player NAME` (default: the player to move at the
//! root, or the first declared player when the root is a CHANCE node). The
//! search is `alphabeta` over these scalars (the same trace, the same cut
//! rule, fail-soft or fail-hard, causes): values and windows are P's
//! component, so "MAX's point of view" is P's. The declared `bounds` bound
//! every component and are the root window, as in alphabeta.

use crate::model::{Game, NodeKind};
use crate::search::Algorithm;
use crate::search::options::Options;
use crate::search::star1::Star;
use crate::search::stream::Sink;
use crate::search::trace::Trace;

pub fn paranoid(game: &Game, opts: &Options, sink: Sink) -> Trace {
    let p = player(game, opts).unwrap_or(0);
    let mut trace = Star::new(game, opts, Algorithm::Paranoid, Some(p)).run_to(sink);
    // Reports state whose view it was, also when the player was defaulted.
    trace.options.player = game.players().get(p as usize).cloned();
    trace
}

/// The index of the paranoid player, or why the name is not a player.
pub(crate) fn player(game: &Game, opts: &Options) -> Result<u16, String> {
    let Some(name) = &opts.player else {
        return Ok(match game.root().kind() {
            NodeKind::Player(p) => p,
            _ => 0,
        });
    };
    match game.players().iter().position(|p| p == name) {
        Some(i) => Ok(i as u16),
        None => Err(format!("`{name}` is not a declared player (players: {})", game.players().join(", "))),
    }
}
