//! The transposition table shared by `negamax-tt` and `mtdf`.
//!
//! A position's key is its `[key=…]` attribute when given (two nodes with
//! the same key are the same position), else the node itself, so every `&B`
//! reference to a node shares its entry. Unlimited by default: one entry per
//! key. With `--tt-size N` the table has N slots and a key lives in slot
//! `FNV-1a(text) mod N`, where the text is the `[key=…]` value or the path
//! where the node is written (`root`, `2.1`); the slot remembers its key, so
//! a probe for another key misses. `--tt-replace always` lets every store
//! overwrite its slot; `depth` keeps an entry searched to a greater remaining
//! depth (with no `--depth` every entry is searched to the end, so both
//! schemes replace).
//!
//! Invariant: entries are stored from MAX's point of view.

use std::collections::HashMap;

use crate::fx::FxBuild;
use crate::model::{Game, NodeId, Path};
use crate::search::options::{Options, Replace};
use crate::search::trace::{TtEntry, TtKey};

pub(crate) struct Table {
    size: Option<u64>,
    replace: Replace,
    /// Where each node is written, for hashing its key (sized tables only).
    written: HashMap<NodeId, Path, FxBuild>,
    slots: HashMap<u64, (TtKey, TtEntry), FxBuild>,
    unlimited: HashMap<TtKey, TtEntry, FxBuild>,
}

/// What a lookup found.
pub(crate) struct Found {
    pub slot: Option<u64>,
    pub entry: Option<TtEntry>,
    /// The other key holding the slot, when the key itself is absent.
    pub occupant: Option<TtKey>,
}

/// What a store did.
pub(crate) struct Stored {
    pub slot: Option<u64>,
    pub replaced: Option<TtKey>,
    pub kept: bool,
}

impl Table {
    pub fn new(game: &Game, opts: &Options) -> Table {
        let mut written = HashMap::default();
        // Only a sized table hashes paths; an unlimited one needs none.
        let root = opts.tt_size.map(|_| (NodeId::ROOT, Path::root()));
        let mut stack: Vec<(NodeId, Path)> = root.into_iter().collect();
        while let Some((id, path)) = stack.pop() {
            for (i, e) in game.node(id).edges().enumerate() {
                if !e.transposition {
                    stack.push((e.child, path.child(i as u32)));
                }
            }
            written.insert(id, path);
        }
        Table {
            size: opts.tt_size,
            replace: opts.tt_replace,
            written,
            slots: HashMap::default(),
            unlimited: HashMap::default(),
        }
    }

    /// The key of a node.
    pub fn key(game: &Game, id: NodeId) -> TtKey {
        match &game.node(id).key() {
            Some(k) => TtKey::Named(k.to_string()),
            None => TtKey::Node(id),
        }
    }

    fn slot(&self, key: &TtKey) -> Option<u64> {
        let n = self.size?;
        let text = match key {
            TtKey::Named(k) => k.clone(),
            TtKey::Node(id) => self.written.get(id).map(Path::to_string).unwrap_or_default(),
        };
        Some(fnv1a(&text) % n)
    }

    pub fn probe(&self, key: &TtKey) -> Found {
        let Some(slot) = self.slot(key) else {
            return Found { slot: None, entry: self.unlimited.get(key).copied(), occupant: None };
        };
        match self.slots.get(&slot) {
            Some((k, e)) if k == key => Found { slot: Some(slot), entry: Some(*e), occupant: None },
            Some((k, _)) => Found { slot: Some(slot), entry: None, occupant: Some(k.clone()) },
            None => Found { slot: Some(slot), entry: None, occupant: None },
        }
    }

    pub fn store(&mut self, key: TtKey, entry: TtEntry) -> Stored {
        let Some(slot) = self.slot(&key) else {
            self.unlimited.insert(key, entry);
            return Stored { slot: None, replaced: None, kept: true };
        };
        let old = self.slots.get(&slot);
        let deeper = |old: &TtEntry| match (old.depth, entry.depth) {
            (Some(o), Some(n)) => o > n,
            (None, Some(_)) => true,
            (_, None) => false,
        };
        if let (Replace::Depth, Some((_, o))) = (self.replace, old)
            && deeper(o)
        {
            return Stored { slot: Some(slot), replaced: None, kept: false };
        }
        let replaced = old.map(|(k, _)| k.clone()).filter(|k| *k != key);
        self.slots.insert(slot, (key, entry));
        Stored { slot: Some(slot), replaced, kept: true }
    }
}

/// 64-bit FNV-1a, a hash simple enough to compute by hand.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}
