//! The only way to make a [`Game`]: add nodes and edges, give the headers,
//! then [`Builder::build`], which checks the arena's invariants and returns
//! the game or every problem found. The pest path (`validate`, which also
//! serves the YAML form), the quick loader and so `generate` all build
//! through it; `puzzle` changes a built game only through
//! [`Game::set_leaf_value`], which keeps it valid.

mod append;
mod share;

use std::collections::{BTreeMap, HashMap};

use crate::fx::{FxBuild, bits_key};

use crate::diagnostic::{Diagnostic, DiagnosticKind as K, Span};
use crate::model::codes::Codes;
use crate::model::{
    Edge, EdgeExtra, Game, NONE, NewEdge, NodeExtra, NodeId, NodeKind, NodeRef, Path, Payload, Slot, Utility, VECTOR,
    offset,
};
use crate::num::Num;

/// A game being built. Reads (`node`, `len`) see what is added so far.
#[derive(Debug)]
pub struct Builder {
    game: Game,
    /// Where each distinct vector starts in the game's table, by a hash of
    /// its numbers' bits (checked on a hit; a collision adds a copy).
    vectors: HashMap<u64, u32, FxBuild>,
    /// Each distinct probability's index in the game's table, by its bits.
    probs: HashMap<(i64, i64), u32, FxBuild>,
    /// The last probability coded, and its code (a chance node's edges
    /// mostly carry the same one).
    last_prob: Option<((i64, i64), u32)>,
    /// What the caller checked as it added the nodes, which `build` then
    /// does not check again.
    checked: Checked,
    /// The entry of each `eval` (and `[noisy]`) given through
    /// [`Builder::set_shared_eval`], by the eval's bits.
    shared_evals: HashMap<((i64, i64), bool), u32, FxBuild>,
    /// Every entry that `share_extras` would share was shared as it was
    /// made ([`Builder::set_shared_eval`]): `build` need not read every
    /// slot again to share them.
    extras_shared: bool,
}

/// How much of what [`Builder::build`] checks its caller checked already.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Checked {
    Nothing,
    /// Every node's probabilities (the quick loader's `close`, stricter
    /// than `build`).
    Probabilities,
    /// Every node, as `build` checks it (the quick loader's, with the
    /// headers read before the tree), and every child follows its parent
    /// in the arena.
    Nodes,
}

impl Default for Builder {
    fn default() -> Builder {
        Builder::of(Game::empty())
    }
}

impl Builder {
    pub fn new() -> Builder {
        Builder::default()
    }

    /// An empty game with room for `nodes` nodes and `edges` edges.
    pub fn with_capacity(nodes: usize, edges: usize) -> Builder {
        let (slots, spans, edges) = (Vec::with_capacity(nodes), Vec::with_capacity(nodes), Vec::with_capacity(edges));
        let game = Game { slots, spans, edges, ..Game::empty() };
        Builder::of(game)
    }

    pub(super) fn of(game: Game) -> Builder {
        Builder {
            game,
            vectors: HashMap::default(),
            probs: HashMap::default(),
            last_prob: None,
            checked: Checked::Nothing,
            shared_evals: HashMap::default(),
            extras_shared: false,
        }
    }

    /// Room for about `n` nodes with rare parts (names, `eval`s, vectors…),
    /// so that their table is not grown by doubling.
    pub fn reserve_extras(&mut self, n: usize) {
        self.game.node_extras.reserve_exact(n);
    }

    /// Adds a node without children; the first one added is the root.
    pub fn add_node(&mut self, kind: NodeKind, span: Span) -> NodeId {
        let id = NodeId(self.game.slots.len() as u32);
        let (start, end) = (offset(span.start), offset(span.end));
        self.game.slots.push(Slot { kind, extra: NONE, data: 0 });
        self.game.spans.push([start, end]);
        if kind == NodeKind::Chance && self.game.first_chance.is_none() {
            self.game.first_chance = Some(id);
        }
        id
    }

    /// Gives `id` its children, once: they are appended to the edge arena.
    /// An edge without a `child` points at the root until
    /// [`Builder::set_child`] fixes it.
    pub fn set_children(&mut self, id: NodeId, edges: impl IntoIterator<Item = NewEdge>) {
        let first = self.game.edges.len();
        for e in edges {
            if e.label.is_some() || e.transposition {
                let extra = EdgeExtra { label: e.label, transposition: e.transposition, span: None };
                self.game.edge_extras.push((self.game.edges.len() as u32, extra));
            }
            if e.prob.is_some() && self.game.probs.is_empty() {
                // The first probability: a column for every edge from now on.
                let room = self.game.edges.capacity().max(self.game.edges.len() + 1);
                self.game.probs = Codes::nones(self.game.edges.len(), room);
            }
            if !self.game.probs.is_empty() || e.prob.is_some() {
                let code = self.prob_code(e.prob);
                self.game.probs.push(code);
            }
            self.game.edges.push(Edge { child: e.child.unwrap_or(NodeId::ROOT) });
        }
        self.set_range(id, first);
    }

    /// Gives `id` children whose edges carry a probability each (`probs`,
    /// in child order) and nothing else.
    pub fn set_prob_children(
        &mut self,
        id: NodeId,
        children: impl IntoIterator<Item = NodeId>,
        probs: impl IntoIterator<Item = Num>,
    ) {
        let first = self.game.edges.len();
        if self.game.probs.is_empty() {
            // The first probability: a column for every edge from now on.
            let room = self.game.edges.capacity().max(first + 1);
            self.game.probs = Codes::nones(first, room);
        }
        self.game.edges.extend(children.into_iter().map(|child| Edge { child }));
        for p in probs {
            let code = self.prob_code(Some(p));
            self.game.probs.push(code);
        }
        self.set_range(id, first);
    }

    /// Says that every node's probabilities were checked as they were
    /// given, by rules at least as strict as [`Builder::build`]'s (under
    /// CHANCE only, on all children or none, none negative, summing to 1),
    /// so that `build` need not check them again.
    pub(crate) fn probabilities_checked(&mut self) {
        self.checked = Checked::Probabilities;
    }

    /// Says that every node was checked as it was added by rules at least
    /// as strict as [`Builder::build`]'s (children, probabilities, a leaf's
    /// shape and bounds), and that every child follows its parent in the
    /// arena (no `&B` edge), so that `build` need not read the nodes again:
    /// at 10^7 leaves that read is a pass over 260 MB.
    pub(crate) fn nodes_checked(&mut self) {
        self.checked = Checked::Nodes;
    }

    /// The index of probability `p` in the game's table (`NONE` for none).
    #[inline]
    fn prob_code(&mut self, p: Option<Num>) -> u32 {
        let Some(p) = p else { return NONE };
        match self.last_prob {
            Some((bits, code)) if bits == p.bits() => code,
            _ => self.new_prob_code(p),
        }
    }

    /// [`Builder::prob_code`] of a probability other than the last one.
    fn new_prob_code(&mut self, p: Num) -> u32 {
        let values = &mut self.game.prob_values;
        let code = *self.probs.entry(p.bits()).or_insert_with(|| {
            values.push(p);
            u32::try_from(values.len() - 1).expect("fewer than 2^32 probabilities")
        });
        self.last_prob = Some((p.bits(), code));
        code
    }

    /// Records that `id`'s children are the edges from `first` to the end.
    fn set_range(&mut self, id: NodeId, first: usize) {
        let len = (self.game.edges.len() - first) as u64;
        let slot = &mut self.game.slots[id.index()];
        debug_assert!(slot.kind != NodeKind::Leaf, "a leaf cannot have children");
        slot.data = len << 32 | first as u64;
    }

    /// Gives `id` children that carry nothing but the child (the common case).
    pub fn set_plain_children(&mut self, id: NodeId, children: impl IntoIterator<Item = NodeId>) {
        let first = self.game.edges.len();
        self.game.edges.extend(children.into_iter().map(|child| Edge { child }));
        if !self.game.probs.is_empty() {
            self.game.probs.pad(self.game.edges.len());
        }
        self.set_range(id, first);
    }

    /// Points the `i`-th edge of `id` at `child` (a resolved `&B`).
    pub fn set_child(&mut self, id: NodeId, i: usize, child: NodeId) {
        let first = self.game.slots[id.index()].edges().start;
        self.game.edges[first + i].child = child;
    }

    /// Gives leaf `id` its utility.
    pub fn set_scalar(&mut self, id: NodeId, value: Num) {
        debug_assert!(self.game.slots[id.index()].kind == NodeKind::Leaf, "only leaves have utilities");
        let whole = value.is_exact().then(|| value.as_i64()).flatten();
        let slot = &mut self.game.slots[id.index()];
        if slot.extra == VECTOR {
            slot.extra = NONE;
        }
        slot.data = whole.unwrap_or(0) as u64;
        match whole {
            None => self.extra_mut(id).payload = Payload::Scalar(value),
            Some(_) => {
                if let Some(x) = self.extra_mut_if_any(id) {
                    x.payload = Payload::None;
                }
            }
        }
    }

    /// Gives leaf `id` its vector: in the game's table of vectors (each
    /// distinct one once) unless the leaf has other rare parts already.
    pub fn set_vector(&mut self, id: NodeId, values: &[Num]) {
        if !matches!(self.game.slots[id.index()].extra, NONE | VECTOR) {
            self.extra_mut(id).payload = Payload::Vector(values.into());
            return;
        }
        let start = self.intern_vector(values);
        let slot = &mut self.game.slots[id.index()];
        slot.extra = VECTOR;
        slot.data = (values.len() as u64) << 32 | u64::from(start);
    }

    /// Leaf `id`'s vector as its slot holds it, `len << 32 | start` in the
    /// game's table, when it is there.
    pub fn vector_data(&self, id: NodeId) -> Option<u64> {
        let slot = &self.game.slots[id.index()];
        (slot.extra == VECTOR).then_some(slot.data)
    }

    /// Gives leaf `id` (with no rare parts) the vector at `data` in the
    /// game's table, as [`Builder::vector_data`] gave it for another leaf.
    pub fn set_vector_data(&mut self, id: NodeId, data: u64) {
        let slot = &mut self.game.slots[id.index()];
        debug_assert!(slot.kind == NodeKind::Leaf && slot.extra == NONE, "a leaf with no rare parts");
        slot.extra = VECTOR;
        slot.data = data;
    }

    /// Where `values` starts in the game's table of vectors, added there
    /// unless the same numbers already are.
    fn intern_vector(&mut self, values: &[Num]) -> u32 {
        let key = bits_key(values);
        let table = &self.game.vectors;
        let same = |&&start: &&u32| {
            let stored = table.get(start as usize..start as usize + values.len());
            stored.is_some_and(|s| s.iter().map(|n| n.bits()).eq(values.iter().map(|n| n.bits())))
        };
        match self.vectors.get(&key).filter(same) {
            Some(&start) => start,
            None => {
                let start = u32::try_from(table.len()).expect("vectors of fewer than 2^32 numbers");
                self.game.vectors.extend_from_slice(values);
                self.vectors.insert(key, start);
                start
            }
        }
    }

    pub fn set_unknown(&mut self, id: NodeId) {
        self.extra_mut(id).payload = Payload::Unknown;
    }

    pub fn set_name(&mut self, id: NodeId, name: String) {
        self.extra_mut(id).words.get_or_insert_default().name = Some(name);
        self.game.named = true;
    }

    pub fn set_eval(&mut self, id: NodeId, eval: Num) {
        debug_assert!(self.game.slots[id.index()].kind != NodeKind::Leaf, "only inner nodes have an eval");
        self.extra_mut(id).payload = Payload::Eval(eval);
    }

    pub fn set_key(&mut self, id: NodeId, key: String) {
        self.extra_mut(id).words.get_or_insert_default().key = Some(key);
    }

    pub fn set_noisy(&mut self, id: NodeId) {
        self.extra_mut(id).noisy = true;
    }

    fn extra_mut(&mut self, id: NodeId) -> &mut NodeExtra {
        let slot = &self.game.slots[id.index()];
        // A vector in the table moves into the leaf's own entry.
        let payload = match slot.extra {
            VECTOR => match self.game.node(id).utility() {
                Utility::Vector(vs) => Payload::Vector(vs.into()),
                _ => Payload::None,
            },
            _ => Payload::None,
        };
        let slot = &mut self.game.slots[id.index()];
        if matches!(slot.extra, NONE | VECTOR) {
            slot.extra = self.game.node_extras.len() as u32;
            self.game.node_extras.push(NodeExtra { payload, ..NodeExtra::default() });
        }
        &mut self.game.node_extras[slot.extra as usize]
    }

    fn extra_mut_if_any(&mut self, id: NodeId) -> Option<&mut NodeExtra> {
        let extra = self.game.slots[id.index()].extra;
        self.game.node_extras.get_mut(extra as usize)
    }

    /// Records where the `i`-th edge of `id`, a transposition, is written.
    pub fn set_transposition_span(&mut self, id: NodeId, i: usize, span: Span) {
        let index = (self.game.slots[id.index()].edges().start + i) as u32;
        if let Ok(k) = self.game.edge_extras.binary_search_by_key(&index, |(k, _)| *k) {
            self.game.edge_extras[k].1.span = Some(span);
        }
    }

    /// Adds a leaf with a scalar utility (the quick loader's common case).
    pub fn add_leaf(&mut self, span: Span, value: Num) -> NodeId {
        let id = self.add_node(NodeKind::Leaf, span);
        match value.is_exact().then(|| value.as_i64()).flatten() {
            Some(v) => self.game.slots[id.index()].data = v as u64,
            None => self.set_scalar(id, value),
        }
        id
    }

    /// `title "…"`.
    pub fn set_title(&mut self, title: Option<String>) {
        self.game.title = title;
    }

    /// `bounds [lo, hi]`.
    pub fn set_bounds(&mut self, bounds: Option<(Num, Num)>) {
        self.game.bounds = bounds;
    }

    /// `players A B C`.
    pub fn set_players(&mut self, players: Vec<String>) {
        self.game.players = players;
    }

    /// `sum S`.
    pub fn set_sum(&mut self, sum: Option<Num>) {
        self.game.sum = sum;
    }

    /// Each name and the path where its node is written.
    pub fn set_names(&mut self, names: BTreeMap<String, Path>) {
        self.game.names = names;
    }

    pub fn node(&self, id: NodeId) -> NodeRef<'_> {
        self.game.node(id)
    }

    pub fn len(&self) -> usize {
        self.game.len()
    }

    pub fn is_empty(&self) -> bool {
        self.game.is_empty()
    }

    /// The game, once its invariants hold (see [`crate::model`]); else
    /// every broken one, at the node or edge that breaks it.
    pub fn build(self) -> Result<Game, Vec<Diagnostic>> {
        let (checked, shared) = (self.checked, self.extras_shared);
        let mut game = self.game;
        if game.is_empty() {
            return Err(vec![Diagnostic::new(K::NoChildren, Span::new(0, 0))]);
        }
        let errors = match checked {
            Checked::Nodes => Vec::new(),
            _ => node_errors(&game, checked == Checked::Nothing),
        };
        if !errors.is_empty() {
            return Err(errors);
        }
        if shared {
            game.node_extras.shrink_to_fit();
        } else {
            share::share_extras(&mut game);
        }
        // The loaders reserve by estimates; a game lives through the whole
        // run, so room it will never use is given back (in place).
        if game.slots.capacity() > game.slots.len() + game.slots.len() / 8 {
            game.slots.shrink_to_fit();
            game.spans.shrink_to_fit();
        }
        if game.edges.capacity() > game.edges.len() + game.edges.len() / 8 {
            game.edges.shrink_to_fit();
        }
        if game.probs.capacity() > game.probs.len() + game.probs.len() / 8 {
            game.probs.shrink_to_fit();
        }
        Ok(game)
    }
}

impl Game {
    /// Gives a scalar leaf (a `?` one, for puzzles) the value `v`, which
    /// must lie inside the declared bounds: the game stays valid.
    pub fn set_leaf_value(&mut self, id: NodeId, v: Num) -> Result<(), String> {
        if self.is_multiplayer() {
            return Err("the game has players, so its leaves are vectors, not single values".to_string());
        }
        if !self.node(id).is_leaf() {
            return Err(format!("node {} is not a leaf", id.0));
        }
        if let Some((lo, hi)) = self.bounds.filter(|&(lo, hi)| v < lo || v > hi) {
            return Err(format!("{v} lies outside the declared bounds [{lo}, {hi}]"));
        }
        let mut b = Builder::of(std::mem::replace(self, Game::empty()));
        b.set_scalar(id, v);
        *self = b.game;
        Ok(())
    }
}

/// What is wrong with `game`'s nodes (their children, probabilities,
/// leaves' shapes and bounds, `&` cycles), the probabilities only if
/// `check_probabilities`.
fn node_errors(game: &Game, check_probabilities: bool) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    let (bounds, players) = (game.bounds, game.players.len());
    let probabilities_written = !game.probs.is_empty();
    let mut forward = true;
    for (i, slot) in game.slots.iter().enumerate() {
        let id = NodeId(i as u32);
        // The common case read straight off the slot: an integer leaf
        // with nothing else written, in a two-player game.
        if slot.kind == NodeKind::Leaf && slot.extra == NONE && players == 0 {
            let v = slot.data as i64;
            if bounds.is_some_and(|(lo, hi)| Num::int(v) < lo || Num::int(v) > hi) {
                errors.extend(out_of_bounds(game, Num::int(v), game.node(id).span()));
            }
            continue;
        }
        if slot.kind != NodeKind::Leaf {
            let edges = &game.edges[slot.edges()];
            forward &= edges.iter().all(|e| e.child > id);
            let at = game.node(id).span();
            if edges.is_empty() {
                errors.push(Diagnostic::new(K::NoChildren, at));
            } else if check_probabilities
                && (probabilities_written || slot.kind == NodeKind::Chance)
                && let Some(kind) = probabilities(game, id)
            {
                errors.push(Diagnostic::new(kind, at));
            }
            continue;
        }
        let node = game.node(id);
        let at = node.span();
        match node.utility() {
            Utility::None | Utility::Unknown => {}
            Utility::Scalar(v) => {
                if players > 0 {
                    let expected = format!("a vector of {players} values, one per player");
                    errors.push(Diagnostic::new(K::LeafShape { expected }, at));
                }
                errors.extend(out_of_bounds(game, v, at));
            }
            Utility::Vector(vs) => {
                if vs.len() != players {
                    let kind = K::VectorLength { expected: players, found: vs.len() };
                    errors.push(Diagnostic::new(kind, at));
                }
                if bounds.is_some() {
                    errors.extend(vs.iter().filter_map(|&v| out_of_bounds(game, v, at)));
                }
            }
        }
    }
    if !forward {
        errors.extend(cycle(game));
    }
    errors
}

/// A leaf value outside the declared bounds.
fn out_of_bounds(game: &Game, v: Num, at: Span) -> Option<Diagnostic> {
    let (lo, hi) = game.bounds.filter(|&(lo, hi)| v < lo || v > hi)?;
    Some(Diagnostic::new(K::OutOfBounds { value: v.to_string(), lo: lo.to_string(), hi: hi.to_string() }, at))
}

/// What is wrong with the probabilities on `id`'s edges, if anything: only
/// CHANCE edges carry them, on every child or none, none negative, summing
/// to 1 (within 1e-9: validation holds exact fractions to exactly 1).
fn probabilities(game: &Game, id: NodeId) -> Option<K> {
    let node = game.node(id);
    if game.probs.is_empty() {
        // No edge carries a probability (the common, machine-written case).
        let bare_chance = node.kind() == NodeKind::Chance && game.is_multiplayer();
        return bare_chance.then_some(K::MultiplayerChanceWithoutProbabilities);
    }
    // Read in passes over the edges' codes, with no list made per node.
    let edges = game.slots[id.index()].edges();
    let probs = || edges.clone().filter_map(|k| game.prob_at(k));
    let written = probs().count();
    if node.kind() != NodeKind::Chance {
        return (written > 0).then_some(K::ProbabilityOutsideChance);
    }
    if written == 0 {
        return game.is_multiplayer().then_some(K::MultiplayerChanceWithoutProbabilities);
    }
    if written != node.children().len() {
        return Some(K::PartialProbabilities);
    }
    if let Some(p) = probs().find(|&p| p < Num::ZERO) {
        return Some(K::NegativeProbability { value: p.to_string() });
    }
    let sum = Num::sum(probs());
    ((sum.to_f64() - 1.0).abs() > 1e-9).then(|| K::ProbabilitySum { sum: sum.to_string() })
}

/// A cycle through `&` edges, reported at the `&` that closes it (only
/// searched for when some edge points backwards: children follow their
/// parents in the arena except through `&`).
fn cycle(game: &Game) -> Option<Diagnostic> {
    #[derive(Clone, Copy, PartialEq)]
    enum Color {
        White,
        Grey,
        Black,
    }
    let mut color = vec![Color::White; game.len()];
    let mut stack: Vec<(NodeId, usize)> = vec![(NodeId::ROOT, 0)];
    color[0] = Color::Grey;
    while let Some(&mut (id, ref mut next)) = stack.last_mut() {
        let Some(edge) = game.node(id).children().get(*next).copied() else {
            color[id.index()] = Color::Black;
            stack.pop();
            continue;
        };
        let edge_index = *next;
        *next += 1;
        let c = edge.child;
        match color[c.index()] {
            Color::White => {
                color[c.index()] = Color::Grey;
                stack.push((c, 0));
            }
            Color::Grey => {
                let name = game.node(c).name().unwrap_or_default().to_string();
                let span = game.transposition_span(id, edge_index).unwrap_or_default();
                return Some(Diagnostic::new(K::Cycle { name }, span));
            }
            Color::Black => {}
        }
    }
    None
}

#[cfg(test)]
mod tests;
