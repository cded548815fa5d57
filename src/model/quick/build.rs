//! Building the game from what the quick readers (the text form's
//! `tree.rs`, the YAML form's `yaml.rs`) read: each node checked as
//! `validate` checks it, `None` wherever it would report an error.
//!
//! The readers keep `path` as the path of the node being read: they push a
//! child's index before handing it over; [`Quick::close`] pops an inner
//! node's, the reader a leaf's.

use crate::diagnostic::Span;
use crate::model::quick::{EdgeText, Open, Quick};
use crate::model::{NewEdge, NodeId, NodeKind};
use crate::num::Num;
use crate::syntax::parse::MAX_DEPTH;

/// An inner node's `eval`, `key` and `noisy`, read before the node is added.
#[derive(Default)]
pub(super) struct Attrs {
    pub eval: Option<Num>,
    pub key: Option<String>,
    pub noisy: bool,
}

/// A leaf's utility as written.
pub(super) enum LeafValue {
    Scalar(Num),
    Vector(Vec<Num>),
    /// A vector the game holds already, read and checked before (its
    /// length and start in the game's table, as [`Builder::vector_data`]
    /// gives them).
    ///
    /// [`Builder::vector_data`]: crate::model::Builder::vector_data
    Known(u64),
    Unknown,
}

impl Quick<'_> {
    /// The kind a node's first word names, as `validate` reads it.
    pub(super) fn kind(&self, word: &str) -> Option<NodeKind> {
        if let Some(i) = self.players.iter().position(|p| p == word) {
            return Some(NodeKind::Player(i as u16));
        }
        let is = |kind: &str| word.eq_ignore_ascii_case(kind);
        if is("chance") {
            Some(NodeKind::Chance)
        } else if is("max") && self.players.is_empty() {
            Some(NodeKind::Max)
        } else if is("min") && self.players.is_empty() {
            Some(NodeKind::Min)
        } else {
            None
        }
    }

    /// Adds a node at the current path, with its name if it has one.
    pub(super) fn add(&mut self, kind: NodeKind, span: Span, name: Option<(String, Span)>) -> Option<NodeId> {
        let id = self.game.add_node(kind, span);
        if let Some((name, _)) = name {
            if self.names.contains_key(&name) {
                return None;
            }
            self.game.set_name(id, name.clone());
            self.names.insert(name, (id, self.path.clone()));
        }
        Some(id)
    }

    /// Adds `id` to the innermost open node's children.
    pub(super) fn record(&mut self, edge: EdgeText, id: NodeId) {
        if let (None, false, false, Some(p)) = (&edge.label, edge.transposition, edge.decimal, edge.prob) {
            return self.record_prob(p, id);
        }
        let slot = self.pending.len();
        self.pending.push(id);
        if !edge.is_plain() {
            self.extras.push((slot, edge));
        }
    }

    /// [`Quick::record`] of an edge that carries probability `p`, written
    /// as a fraction, and nothing else.
    pub(super) fn record_prob(&mut self, p: Num, id: NodeId) {
        self.probs.push((self.pending.len(), p));
        self.pending.push(id);
    }

    /// `}`: gives the innermost open node its children, checking their
    /// probabilities as `validate` does.
    pub(super) fn close(&mut self) -> Option<()> {
        let open = self.open.pop()?;
        let n = self.pending.len() - open.children;
        if n == 0 {
            return None;
        }
        if self.probs.len() > open.probs && self.extras.len() > open.extras {
            self.merge_probs(&open);
        }
        if self.probs.len() > open.probs {
            self.fractions(&open, n)?;
            let probs = self.probs.drain(open.probs..).map(|(_, p)| p);
            self.game.set_prob_children(open.id, self.pending.drain(open.children..), probs);
        } else {
            self.probabilities(&open, n)?;
            if self.extras.len() == open.extras {
                self.game.set_plain_children(open.id, self.pending.drain(open.children..));
            } else {
                let mut extras = self.extras.drain(open.extras..).peekable();
                let pending = &self.pending;
                let edges = (open.children..pending.len()).map(|k| {
                    let e = extras.next_if(|(at, _)| *at == k).map(|(_, e)| e).unwrap_or_default();
                    NewEdge { child: Some(pending[k]), label: e.label, prob: e.prob, transposition: e.transposition }
                });
                self.game.set_children(open.id, edges);
                self.pending.truncate(open.children);
            }
        }
        if !self.open.is_empty() {
            self.path.0.pop();
        }
        Some(())
    }

    /// Puts the probabilities of `open`'s children that [`Quick::record_prob`]
    /// kept apart back among the other edges that carry something (some
    /// carry a label or a decimal probability), in child order.
    fn merge_probs(&mut self, open: &Open) {
        let others = self.extras.split_off(open.extras);
        let mut probs = self.probs.split_off(open.probs).into_iter().peekable();
        let text = |p: Num| EdgeText { prob: Some(p), ..EdgeText::default() };
        for (slot, edge) in others {
            while let Some((k, p)) = probs.next_if(|&(k, _)| k < slot) {
                self.extras.push((k, text(p)));
            }
            self.extras.push((slot, edge));
        }
        self.extras.extend(probs.map(|(k, p)| (k, text(p))));
    }

    /// [`Quick::probabilities`] for a node whose probabilities are all in
    /// `probs` (fractions, on edges that carry nothing else): under
    /// CHANCE, on all its `n` children, none negative, summing to exactly
    /// one. `n` times the same fraction sums to one when it is `1/n`; else
    /// they are summed.
    fn fractions(&self, open: &Open, n: usize) -> Option<()> {
        let probs = &self.probs[open.probs..];
        if open.kind != NodeKind::Chance || probs.len() != n {
            return None;
        }
        let first = probs[0].1;
        if first.as_ratio() == Some((1, n as i64)) && probs.iter().all(|&(_, p)| p.bits() == first.bits()) {
            return Some(());
        }
        if probs.iter().any(|&(_, p)| p < Num::ZERO) {
            return None;
        }
        (Num::sum(probs.iter().map(|&(_, p)| p)) == Num::ONE).then_some(())
    }

    /// Probabilities only under CHANCE, on all its children or none (none
    /// only in two-player games), none negative, summing to 1 (within 1e-9
    /// when one is written as a decimal).
    fn probabilities(&self, open: &Open, n: usize) -> Option<()> {
        let edges = &self.extras[open.extras..];
        let written = || edges.iter().filter(|(_, e)| e.prob.is_some()).map(|(_, e)| e);
        let count = written().count();
        if open.kind != NodeKind::Chance {
            return (count == 0).then_some(());
        }
        if count == 0 {
            return self.players.is_empty().then_some(());
        }
        if count != n || written().any(|e| e.prob.is_some_and(|p| p < Num::ZERO)) {
            return None;
        }
        let sum = Num::sum(written().filter_map(|e| e.prob));
        let ok = if written().any(|e| e.decimal) { (sum.to_f64() - 1.0).abs() <= 1e-9 } else { sum == Num::ONE };
        ok.then_some(())
    }

    /// Adds an inner node, records it as a child of the innermost open node
    /// (with what its edge carries), and opens it.
    pub(super) fn open_node(
        &mut self,
        kind: NodeKind,
        span: Span,
        name: Option<(String, Span)>,
        attrs: Attrs,
        edge: EdgeText,
    ) -> Option<()> {
        if self.open.len() >= MAX_DEPTH {
            return None;
        }
        let named = name.is_some();
        let id = self.add(kind, span, name)?;
        match (attrs.eval, attrs.key) {
            // `[eval=0]` on every inner node: one entry for them all.
            (Some(eval), None) if !named => self.game.set_shared_eval(id, eval, attrs.noisy),
            (eval, key) => {
                if let Some(eval) = eval {
                    self.game.set_eval(id, eval);
                }
                if let Some(key) = key {
                    self.game.set_key(id, key);
                }
                if attrs.noisy {
                    self.game.set_noisy(id);
                }
            }
        }
        if !self.open.is_empty() {
            self.record(edge, id);
        }
        let (children, extras, probs) = (self.pending.len(), self.extras.len(), self.probs.len());
        self.open.push(Open { id, kind, children, extras, probs });
        Some(())
    }

    /// Adds an unnamed leaf (not yet recorded as a child) whose vector is
    /// `spare`'s numbers: one met before in this text (by its
    /// [`vector_key`]) takes its place in the game's table without being
    /// checked or looked up again.
    pub(super) fn add_spare_vector_leaf(&mut self, span: Span) -> Option<NodeId> {
        let key = vector_key(&self.spare);
        if let Some(&data) = key.and_then(|k| self.known_vectors.get(&k)) {
            return self.add_leaf(LeafValue::Known(data), span, None);
        }
        let values = std::mem::take(&mut self.spare);
        let id = self.add_leaf(LeafValue::Vector(values), span, None)?;
        self.known(key, id);
        Some(id)
    }

    /// Keeps where leaf `id`'s vector is in the game's table, under `key`.
    pub(super) fn known(&mut self, key: Option<u64>, id: NodeId) {
        if let (Some(key), Some(data)) = (key, self.game.vector_data(id)) {
            self.known_vectors.insert(key, data);
        }
    }

    /// Adds a leaf (not yet recorded as a child): a number inside the
    /// bounds in a two-player game; a vector of one value per player, inside
    /// the bounds, not over `sum`; or `?`. `span` is the node's (in the
    /// text form it starts at the name, in YAML it is the value's).
    pub(super) fn add_leaf(&mut self, value: LeafValue, span: Span, name: Option<(String, Span)>) -> Option<NodeId> {
        let inside = |v: &Num| self.bounds.is_none_or(|(lo, hi)| *v >= lo && *v <= hi);
        match &value {
            LeafValue::Scalar(v) if !self.players.is_empty() || !inside(v) => return None,
            LeafValue::Vector(vs) => {
                let over = |s: Num| Num::sum(vs.iter().copied()) > s;
                if vs.len() != self.players.len() || !vs.iter().all(inside) || self.sum.is_some_and(over) {
                    return None;
                }
            }
            _ => {}
        }
        if let (LeafValue::Scalar(v), None) = (&value, &name) {
            return Some(self.game.add_leaf(span, *v));
        }
        let id = self.add(NodeKind::Leaf, span, name)?;
        match value {
            LeafValue::Scalar(v) => self.game.set_scalar(id, v),
            LeafValue::Vector(vs) => {
                self.game.set_vector(id, &vs);
                self.spare = vs;
            }
            LeafValue::Known(data) => self.game.set_vector_data(id, data),
            LeafValue::Unknown => self.game.set_unknown(id),
        }
        Some(id)
    }
}

/// A vector of at most four integers within `±9999` as one word: its
/// length, and each number's 15-bit two's complement, [`mixed`] (so two
/// vectors have the same key only if they hold the same numbers).
/// [`Quick`]'s text reader makes the same key from the text
/// (`Quick::small_vector`).
pub(super) fn vector_key(values: &[Num]) -> Option<u64> {
    if values.len() > 4 {
        return None;
    }
    let mut packed = 0;
    for (n, v) in values.iter().enumerate() {
        let v = v.is_exact().then(|| v.as_i64()).flatten().filter(|v| v.abs() <= 9999)?;
        packed |= pack(v, n);
    }
    Some(key(packed, values.len()))
}

/// The key of a vector of `len` numbers packed as [`pack`] packs them:
/// its length in the top bits, then [`mixed`].
pub(super) fn key(packed: u64, len: usize) -> u64 {
    mixed(packed | (len as u64) << 60)
}

/// A vector's packed numbers mixed so that every bit of the key moves its
/// low bits (splitmix64's finalizer, a bijection: keys stay apart). The
/// maps hash with one multiply ([`crate::fx::Fx`]), whose low bits, the
/// bucket, see only the key's low bits: packed as they are, the vectors
/// of a million leaves fell into the buckets of their first number.
fn mixed(mut key: u64) -> u64 {
    key = (key ^ (key >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    key = (key ^ (key >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    key ^ (key >> 31)
}

/// Number `v` of a vector as its key holds it, the `n`th.
pub(super) fn pack(v: i64, n: usize) -> u64 {
    (v as u64 & 0x7fff) << (15 * n)
}
