//! Inner nodes whose rare parts are only the same `eval` (and `[noisy]`)
//! share one entry: a tree written with `[eval=0]` on every inner node
//! keeps one, not one per node. The pest path makes an entry per node and
//! [`Builder::build`] shares them (`share_extras`, a pass over every
//! slot); the quick loader shares each as it is made
//! ([`Builder::set_shared_eval`]) and says so, and `build` skips that pass.
//! Either way the entries are the same, in the order of their nodes.

use std::collections::HashMap;

use crate::fx::FxBuild;
use crate::model::builder::Builder;
use crate::model::{Game, NONE, NodeExtra, NodeId, Payload, VECTOR};
use crate::num::Num;

impl Builder {
    /// Gives inner node `id`, which has no rare parts yet and will get no
    /// others, `eval` (and `[noisy]`), in one entry shared with every such
    /// node given the same (as `build` would share it).
    pub(crate) fn set_shared_eval(&mut self, id: NodeId, eval: Num, noisy: bool) {
        debug_assert!(self.game.slots[id.index()].extra == NONE, "a node without rare parts");
        let fresh = self.game.node_extras.len() as u32;
        let at = *self.shared_evals.entry((eval.bits(), noisy)).or_insert(fresh);
        if at == fresh {
            self.game.node_extras.push(NodeExtra { payload: Payload::Eval(eval), words: None, noisy });
        }
        self.game.slots[id.index()].extra = at;
    }

    /// Says that every node entry `build` would share with another was
    /// given through [`Builder::set_shared_eval`] (and that entries were
    /// made in the order of their nodes), so `build` need not share them.
    pub(crate) fn extras_shared(&mut self) {
        self.extras_shared = true;
    }
}

/// Inner nodes whose rare parts are only the same `eval` (and `[noisy]`)
/// share one entry: a tree written with `[eval=0]` on every inner node
/// keeps one, not one per node. Nothing changes an inner node's rare parts
/// once the game is built (`set_leaf_value` changes leaves only).
pub(super) fn share_extras(game: &mut Game) {
    if !game.node_extras.iter().any(|x| x.shared_key().is_some()) {
        return;
    }
    // Entries kept in the order of their nodes, as they move.
    let mut old: Vec<Option<NodeExtra>> = std::mem::take(&mut game.node_extras).into_iter().map(Some).collect();
    let mut shared: HashMap<((i64, i64), bool), u32, FxBuild> = HashMap::default();
    let mut moved: Vec<u32> = vec![NONE; old.len()];
    for slot in game.slots.iter_mut().filter(|s| !matches!(s.extra, NONE | VECTOR)) {
        let at = slot.extra as usize;
        if let Some(x) = old[at].take() {
            let fresh = game.node_extras.len() as u32;
            moved[at] = match x.shared_key() {
                Some(key) => *shared.entry(key).or_insert(fresh),
                None => fresh,
            };
            if moved[at] == fresh {
                game.node_extras.push(x);
            }
        }
        slot.extra = moved[at];
    }
    game.node_extras.shrink_to_fit();
    // Freed whole, the old entries (one for each inner node of a tree
    // with `[eval=…]` on all) would raise glibc's mmap threshold to their
    // size (see `append::next_chunk`): shrunk in place to one first.
    old.truncate(1);
    old.shrink_to_fit();
}

impl NodeExtra {
    /// What makes this entry one `build` shares with every node that has
    /// the same: an `eval` (and `[noisy]`) and nothing else.
    pub(super) fn shared_key(&self) -> Option<((i64, i64), bool)> {
        match (&self.payload, &self.words) {
            (Payload::Eval(n), None) => Some((n.bits(), self.noisy)),
            _ => None,
        }
    }
}
