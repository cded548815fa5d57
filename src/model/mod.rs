//! The validated game: a flat arena of nodes that every algorithm reads.
//!
//! Layer: model, above syntax (validation reads the ast), below search.
//! It owns [`Game`] and its nodes, paths, the [`Builder`], validation of
//! the ast (`validate.rs`) and the quick loader (`quick.rs`).
//!
//! Architecture invariant: a [`Game`] is always valid. Its fields are
//! private and the only way to make one is [`Builder::build`], which
//! checks the invariants below and returns every diagnostic otherwise.
//!
//! Invariants (relied on everywhere else): the
//! root is `NodeId(0)`; inner nodes have at least one child; edges only
//! point forward in a DAG (no cycles); CHANCE children carry probabilities
//! that are non-negative and sum to 1; leaf utilities lie inside `bounds`;
//! vector leaves appear exactly in multi-player games and have one
//! component per player. A transposition (`&B`) is an edge to B's id.

pub mod builder;
mod codes;
mod node;
mod path;
pub mod quick;
pub mod validate;

pub use builder::Builder;
pub use node::NodeRef;
pub use path::{Path, write_dotted};

use crate::diagnostic::{Diagnostic, Span};
use crate::num::Num;
use codes::Codes;

/// Parses and validates a spec (on a thread with a big enough stack when
/// the text nests deeply).
pub fn load(name: &str, text: &str) -> Result<Game, Vec<Diagnostic>> {
    // The quick loader reads the tree; the `expect` blocks after it are
    // still read, so that what the full path refuses there is reported.
    if let Some((game, _)) = quick::load_spec(name, text) {
        return Ok(game);
    }
    crate::stack::with_stack(crate::syntax::parse::nesting(text), || {
        validate::validate(&crate::syntax::parse_any(name, text)?)
    })
}

/// An index into [`Game::nodes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl NodeId {
    pub const ROOT: NodeId = NodeId(0);

    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Who (or what) decides at a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// `MAX`: picks the largest value.
    Max,
    /// `MIN`: picks the smallest value.
    Min,
    /// `CHANCE`: the probability-weighted average.
    Chance,
    /// A player declared with `players`, by index (max^n games).
    Player(u16),
    /// A terminal node with a utility.
    Leaf,
}

impl NodeKind {
    /// `max`, `min`, `chance`, `player`, `leaf` (the JSON report's words).
    pub fn word(self) -> &'static str {
        match self {
            NodeKind::Max => "max",
            NodeKind::Min => "min",
            NodeKind::Chance => "chance",
            NodeKind::Player(_) => "player",
            NodeKind::Leaf => "leaf",
        }
    }
}

/// A leaf's utility, as read from the game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Utility<'a> {
    /// Inner nodes have none.
    None,
    Scalar(Num),
    /// One component per player (max^n).
    Vector(&'a [Num]),
    /// `?`: to be found by `puzzle`.
    Unknown,
}

/// An edge from a node to one of its children: 4 bytes in the arena. Its
/// rarely written parts (label, `&`) live in a side table keyed by the
/// edge's index, its probability in a column of its own (see
/// [`Game`]'s `probs`); read them through [`NodeRef::edge`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Edge {
    pub child: NodeId,
}

/// An edge with everything written on it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EdgeView<'a> {
    pub child: NodeId,
    /// The move's name, `a1 -> …`.
    pub label: Option<&'a str>,
    /// For CHANCE parents: the probability as written (uniform when omitted).
    pub prob: Option<Num>,
    /// True when written as `&B` (a transposition to an existing node).
    pub transposition: bool,
}

/// An edge to add with [`Builder::set_children`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NewEdge {
    pub child: Option<NodeId>,
    pub label: Option<String>,
    pub prob: Option<Num>,
    pub transposition: bool,
}

/// "No side-table entry".
const NONE: u32 = codes::NONE;
/// A leaf whose vector is in the game's table of vectors and has no other
/// rare part: its `data` is the vector's `len << 32 | start` there.
const VECTOR: u32 = u32::MAX - 1;

/// One position of the game, as stored: 16 bytes. Names, attributes,
/// vector and non-integer utilities are rare, so they live in a side table
/// (`extra`); where it is written is in the game's `spans`, a column a run
/// gives back once nothing will be reported at a place in the text.
#[derive(Clone, Debug, PartialEq)]
struct Slot {
    kind: NodeKind,
    extra: u32,
    /// An inner node's children: `len << 32 | first`, the `len` edges from
    /// `first` in the edge arena. A leaf's integer utility, as an `i64`
    /// (unless its extra holds a `scalar`).
    data: u64,
}

impl Slot {
    fn edges(&self) -> std::ops::Range<usize> {
        if self.kind == NodeKind::Leaf {
            return 0..0;
        }
        let first = (self.data & u64::from(u32::MAX)) as usize;
        first..first + (self.data >> 32) as usize
    }
}

/// The rarely written parts of a node: 40 bytes (every inner node of a
/// tree written with `[eval=…]` has one, and every leaf of a multi-player
/// game), names and keys boxed apart as rarer still.
#[derive(Clone, Debug, Default, PartialEq)]
struct NodeExtra {
    payload: Payload,
    words: Option<Box<Words>>,
    /// `[noisy]`: not quiescent.
    noisy: bool,
}

/// An inner node's `eval` or a leaf's utility when the slot cannot hold it:
/// a node has one or the other, never both (attributes are written only on
/// inner nodes).
#[derive(Clone, Debug, Default, PartialEq)]
enum Payload {
    #[default]
    None,
    /// `[eval=…]`: the heuristic value used at a depth cutoff.
    Eval(Num),
    /// A scalar utility that is not an exact integer.
    Scalar(Num),
    Vector(Box<[Num]>),
    Unknown,
}

#[derive(Clone, Debug, Default, PartialEq)]
struct Words {
    name: Option<String>,
    /// `[key=…]`: the transposition-table key (defaults to the node itself).
    key: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
struct EdgeExtra {
    label: Option<String>,
    transposition: bool,
    /// Where a transposition's `&B` is written.
    span: Option<Span>,
}

/// A validated game tree (a DAG when transpositions are used), stored as
/// a flat arena: nodes in written (pre-)order, edges grouped by parent.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    title: Option<String>,
    /// `bounds [lo, hi]`: every utility lies in this closed range.
    bounds: Option<(Num, Num)>,
    /// Declared players (multi-player games); empty for MAX/MIN games.
    players: Vec<String>,
    /// `sum S`: the components of every vector add up to at most S.
    sum: Option<Num>,
    slots: Vec<Slot>,
    /// Where each node is written, `[start, end)` as `u32` offsets (sources
    /// are far below 4 GiB), by node index; empty once given back
    /// ([`Game::release_spans`]).
    spans: Vec<[u32; 2]>,
    edges: Vec<Edge>,
    node_extras: Vec<NodeExtra>,
    /// Leaves' vectors, each distinct one once, end to end (a leaf slot
    /// marked [`VECTOR`] points into it): payoffs repeat, and a vector in
    /// its own side-table entry was ~100 bytes a leaf.
    vectors: Vec<Num>,
    /// (edge index, its extra), sorted by edge index.
    edge_extras: Vec<(u32, EdgeExtra)>,
    /// The probability written on each edge, by edge index; empty when no
    /// edge has one, as in most trees. A probability is written on nearly
    /// every edge of a chance tree that has them, so a column is smaller
    /// than a keyed side table (an `EdgeExtra` with its key is 80 bytes).
    probs: Codes,
    /// The distinct probabilities written, each once: `probs` holds an
    /// index here for each edge (`NONE`: none written), a byte an edge
    /// while there are fewer than 255 of them, else 4 bytes.
    prob_values: Vec<Num>,
    /// Each name and the path where its node is written.
    names: std::collections::BTreeMap<String, Path>,
    /// The first CHANCE node in arena order, kept as nodes are added: which
    /// algorithms apply asks on every run, and a scan of a 10^7-node arena
    /// for a kind it lacks is 30 ms.
    first_chance: Option<NodeId>,
    /// Whether some node has a name (references then walk their paths).
    named: bool,
}

impl Game {
    /// An arena with no node: only a [`Builder`] holds one.
    fn empty() -> Game {
        let (slots, edges, node_extras, edge_extras, probs, vectors) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Codes::default(), Vec::new());
        let names = std::collections::BTreeMap::new();
        Game {
            title: None,
            bounds: None,
            players: Vec::new(),
            sum: None,
            slots,
            spans: Vec::new(),
            edges,
            node_extras,
            vectors,
            edge_extras,
            probs,
            prob_values: Vec::new(),
            names,
            first_chance: None,
            named: false,
        }
    }

    /// `title "…"`.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// `bounds [lo, hi]`: every utility lies in this closed range.
    pub fn bounds(&self) -> Option<(Num, Num)> {
        self.bounds
    }

    /// Declared players (multi-player games); empty for MAX/MIN games.
    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// `sum S`: the components of every vector add up to at most S.
    pub fn sum(&self) -> Option<Num> {
        self.sum
    }

    /// Each name and the path where its node is written.
    pub fn names(&self) -> &std::collections::BTreeMap<String, Path> {
        &self.names
    }

    /// Where the `i`-th edge of `id` is written when it is a transposition
    /// (`&B`); the child's own span is where B is defined.
    pub fn transposition_span(&self, id: NodeId, i: usize) -> Option<Span> {
        let index = (self.slots[id.index()].edges().start + i) as u32;
        let k = self.edge_extras.binary_search_by_key(&index, |(k, _)| *k).ok()?;
        self.edge_extras[k].1.span
    }

    /// The edge at `index` in the arena, with its extra.
    fn view(&self, index: usize) -> EdgeView<'_> {
        let child = self.edges[index].child;
        let extra = match self.edge_extras.is_empty() {
            true => None,
            false => self.edge_extras.binary_search_by_key(&(index as u32), |(k, _)| *k).ok(),
        };
        let prob = self.prob_at(index);
        match extra.map(|k| &self.edge_extras[k].1) {
            Some(x) => EdgeView { child, label: x.label.as_deref(), prob, transposition: x.transposition },
            None => EdgeView { child, label: None, prob, transposition: false },
        }
    }

    /// How many numbers the table of vectors holds, end to end.
    pub fn vector_table_len(&self) -> usize {
        self.vectors.len()
    }

    /// Where a leaf's vector (as [`NodeRef::utility`] gave it) starts in
    /// the table of vectors, if it is held there (a vector stored on its
    /// own leaf is not): leaves with the same vector give the same place.
    pub fn vector_start(&self, v: &[Num]) -> Option<usize> {
        let offset = (v.as_ptr() as usize).checked_sub(self.vectors.as_ptr() as usize)?;
        let start = offset / std::mem::size_of::<Num>();
        (!v.is_empty() && start + v.len() <= self.vectors.len()).then_some(start)
    }

    /// The vector at `len << 32 | start` in the table of vectors.
    fn vector_at(&self, data: u64) -> &[Num] {
        let start = (data & u64::from(u32::MAX)) as usize;
        &self.vectors[start..start + (data >> 32) as usize]
    }

    pub fn node(&self, id: NodeId) -> NodeRef<'_> {
        let slot = &self.slots[id.index()];
        NodeRef { game: self, id, slot, extra: self.node_extras.get(slot.extra as usize) }
    }

    pub fn root(&self) -> NodeRef<'_> {
        self.node(NodeId::ROOT)
    }

    /// How many nodes the arena holds.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Every node id, in arena (written) order.
    pub fn ids(&self) -> impl DoubleEndedIterator<Item = NodeId> + ExactSizeIterator + use<> {
        (0..self.slots.len() as u32).map(NodeId)
    }

    /// Every node, in arena (written) order.
    pub fn nodes(&self) -> impl Iterator<Item = NodeRef<'_>> {
        self.ids().map(|id| self.node(id))
    }

    /// True when some node has a `key` or some edge is a `&` (positions shared).
    pub fn shares_positions(&self) -> bool {
        self.has_transpositions() || self.node_extras.iter().any(|x| x.words.as_ref().is_some_and(|w| w.key.is_some()))
    }

    /// True when every scalar utility and every `eval` written is a whole
    /// number: read off the side table alone, since a node's slot holds
    /// only integers.
    pub fn all_whole(&self) -> bool {
        self.node_extras.iter().all(|x| match &x.payload {
            Payload::Eval(v) | Payload::Scalar(v) => v.is_whole(),
            _ => true,
        })
    }

    /// True when some edge is a `&`: a node can then be reached by more
    /// than one path (without one, the arena is a tree).
    pub fn has_transpositions(&self) -> bool {
        self.edge_extras.iter().any(|(_, x)| x.transposition)
    }

    /// True when some node has a name.
    pub fn has_names(&self) -> bool {
        self.named
    }

    pub fn has_kind(&self, kind: NodeKind) -> bool {
        self.first_of_kind(kind).is_some()
    }

    /// The first node of `kind` in arena order.
    pub fn first_of_kind(&self, kind: NodeKind) -> Option<NodeId> {
        if kind == NodeKind::Chance {
            return self.first_chance;
        }
        self.slots.iter().position(|n| n.kind == kind).map(|i| NodeId(i as u32))
    }

    /// The first `?` leaf in arena order (found through the side table).
    pub fn first_unknown(&self) -> Option<NodeId> {
        if !self.node_extras.iter().any(|x| x.payload == Payload::Unknown) {
            return None;
        }
        self.find(|n| n.utility() == Utility::Unknown)
    }

    pub fn is_multiplayer(&self) -> bool {
        !self.players.is_empty()
    }

    /// Gives back where each node is written: from here on
    /// [`NodeRef::span`] is the empty span at 0. For a run whose checks
    /// have passed and whose text is gone (`solve` on a big tree), so that
    /// its searches and their analysis have the room: 8 bytes a node.
    ///
    /// Shrunk to one span's room rather than freed: glibc serves a big
    /// block with `mmap`, and freeing one of up to 32 MiB raises its
    /// `mmap` threshold to that size (mallopt(3)), after which the
    /// analysis's growing blocks come from the heap, where the ones it
    /// outgrows are kept (measured: 71 → 75 MB at 10^6 leaves). Shrinking
    /// it is a `realloc`, which gives the pages back with `mremap` and
    /// leaves the threshold as it is.
    pub fn release_spans(&mut self) {
        self.spans.clear();
        self.spans.shrink_to(1);
    }

    /// The first node (in arena order) for which `pred` holds.
    pub fn find(&self, pred: impl Fn(&NodeRef<'_>) -> bool) -> Option<NodeId> {
        self.ids().find(|&id| pred(&self.node(id)))
    }

    /// The probability of the `i`-th child of a CHANCE node.
    pub fn prob(&self, id: NodeId, i: usize) -> Num {
        let node = self.node(id);
        node.edge(i).prob.unwrap_or_else(|| Num::ONE / Num::int(node.children().len() as i64))
    }

    /// The probabilities of a CHANCE node's children in written order:
    /// [`Game::prob`] of each, the uniform one computed once.
    pub fn probs(&self, id: NodeId) -> impl Iterator<Item = Num> + '_ {
        let range = self.slots[id.index()].edges();
        let uniform = Num::ONE / Num::int(range.len() as i64);
        range.map(move |k| self.prob_at(k).unwrap_or(uniform))
    }

    /// The probability written on edge `k`, if any.
    fn prob_at(&self, k: usize) -> Option<Num> {
        let code = self.probs.get(k)?;
        (code != NONE).then(|| self.prob_values[code as usize])
    }

    /// A label for people: the node's name, else its path.
    pub fn display_name(&self, id: NodeId, path: &Path) -> String {
        match self.node(id).name() {
            Some(name) => name.to_string(),
            None => path.to_string(),
        }
    }

    /// Resolves a reference (`C`, `2.3`, `root`, `C.2`, `a2`, `a2.b1`) to
    /// the path it names, or says why it names nothing.
    pub fn resolve(&self, segments: &[crate::syntax::ast::Segment]) -> Result<Path, String> {
        use crate::syntax::ast::Segment;
        let Some((first, rest)) = segments.split_first() else { return Err("empty reference".into()) };
        let mut path = match first {
            Segment::Name(n) if n == "root" => Path::root(),
            Segment::Name(n) => match self.names.get(n) {
                Some(p) => p.clone(),
                None => match self.label_index(NodeId::ROOT, n) {
                    Some(i) => Path(vec![i]),
                    None => return Err(format!("no node is named `{n}` and no root move is labelled `{n}`")),
                },
            },
            Segment::Index(_) => Path::root(),
        };
        let rest = if matches!(first, Segment::Index(_)) { segments } else { rest };
        for seg in rest {
            let Some(id) = self.at(&path) else { return Err(format!("{path} does not exist")) };
            let i = match seg {
                Segment::Index(i) => {
                    let n = self.node(id).children().len();
                    if *i == 0 || *i as usize > n {
                        return Err(format!(
                            "{} has {n} children, so there is no child {i}",
                            self.display_name(id, &path)
                        ));
                    }
                    i - 1
                }
                Segment::Name(l) => match self.label_index(id, l) {
                    Some(i) => i,
                    None => return Err(format!("{} has no move labelled `{l}`", self.display_name(id, &path))),
                },
            };
            path = path.child(i);
        }
        Ok(path)
    }

    fn label_index(&self, id: NodeId, label: &str) -> Option<u32> {
        self.node(id).edges().position(|e| e.label == Some(label)).map(|i| i as u32)
    }

    /// The node reached by following `path` from the root, if it exists.
    pub fn at(&self, path: &Path) -> Option<NodeId> {
        let mut id = NodeId::ROOT;
        for &i in &path.0 {
            id = self.node(id).children().get(i as usize)?.child;
        }
        Some(id)
    }
}

/// A byte offset as stored in a [`Slot`].
fn offset(at: usize) -> u32 {
    u32::try_from(at).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests;
