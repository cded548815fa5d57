//! The validated game: a flat arena of nodes that every algorithm reads.
//!
//! Invariants (established by `validate`, relied on everywhere else): the
//! root is `NodeId(0)`; inner nodes have at least one child; edges only
//! point forward in a DAG (no cycles); CHANCE children carry probabilities
//! that are non-negative and sum to 1; leaf utilities lie inside `bounds`;
//! vector leaves appear exactly in multi-player games and have one
//! component per player. A transposition (`&B`) is an edge to B's id.

use crate::diagnostic::Span;
use crate::num::Num;

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

/// A leaf's utility.
#[derive(Clone, Debug, PartialEq)]
pub enum Utility {
    /// Inner nodes have none.
    None,
    Scalar(Num),
    /// One component per player (max^n).
    Vector(Vec<Num>),
    /// `?`: to be found by `puzzle`.
    Unknown,
}

/// An edge from a node to one of its children.
#[derive(Clone, Debug, PartialEq)]
pub struct Edge {
    pub child: NodeId,
    /// The move's name, `a1 -> …`.
    pub label: Option<String>,
    /// For CHANCE parents: the probability (uniform when omitted).
    pub prob: Option<Num>,
    /// True when written as `&B` (a transposition to an existing node).
    pub transposition: bool,
}

/// One position of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub kind: NodeKind,
    pub name: Option<String>,
    pub children: Vec<Edge>,
    pub utility: Utility,
    /// `[eval=…]`: the heuristic value used at a depth cutoff.
    pub eval: Option<Num>,
    /// `[key=…]`: the transposition-table key (defaults to the node itself).
    pub key: Option<String>,
    /// `[noisy]`: not quiescent.
    pub noisy: bool,
    /// Where the node is written (its kind and name, or the leaf).
    pub span: Span,
}

impl Node {
    pub fn is_leaf(&self) -> bool {
        self.kind == NodeKind::Leaf
    }

    /// The scalar utility of a two-player leaf.
    pub fn scalar(&self) -> Option<Num> {
        match self.utility {
            Utility::Scalar(v) => Some(v),
            _ => None,
        }
    }
}

/// A validated game tree (a DAG when transpositions are used).
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    pub title: Option<String>,
    /// `bounds [lo, hi]`: every utility lies in this closed range.
    pub bounds: Option<(Num, Num)>,
    /// Declared players (multi-player games); empty for MAX/MIN games.
    pub players: Vec<String>,
    /// `sum S`: the components of every vector add up to at most S.
    pub sum: Option<Num>,
    pub nodes: Vec<Node>,
    /// Each name and the path where its node is written.
    pub names: std::collections::BTreeMap<String, Path>,
    pub expects: Vec<crate::expect::Expect>,
}

impl Game {
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    pub fn root(&self) -> &Node {
        self.node(NodeId::ROOT)
    }

    pub fn has_kind(&self, kind: NodeKind) -> bool {
        self.nodes.iter().any(|n| n.kind == kind)
    }

    pub fn is_multiplayer(&self) -> bool {
        !self.players.is_empty()
    }

    /// The first node (in arena order) for which `pred` holds.
    pub fn find(&self, pred: impl Fn(&Node) -> bool) -> Option<NodeId> {
        self.nodes.iter().position(pred).map(|i| NodeId(i as u32))
    }

    /// The probability of the `i`-th child of a CHANCE node.
    pub fn prob(&self, id: NodeId, i: usize) -> Num {
        let node = self.node(id);
        node.children[i].prob.unwrap_or_else(|| Num::ONE / Num::int(node.children.len() as i64))
    }

    /// A label for people: the node's name, else its path.
    pub fn display_name(&self, id: NodeId, path: &Path) -> String {
        match &self.node(id).name {
            Some(name) => name.clone(),
            None => path.to_string(),
        }
    }

    /// Resolves a reference (`C`, `2.3`, `root`, `C.2`, `a2`, `a2.b1`) to
    /// the path it names, or says why it names nothing.
    pub fn resolve(&self, segments: &[crate::ast::Segment]) -> Result<Path, String> {
        use crate::ast::Segment;
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
                    let n = self.node(id).children.len();
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
        let children = &self.node(id).children;
        children.iter().position(|e| e.label.as_deref() == Some(label)).map(|i| i as u32)
    }

    /// The node reached by following `path` from the root, if it exists.
    pub fn at(&self, path: &Path) -> Option<NodeId> {
        let mut id = NodeId::ROOT;
        for &i in &path.0 {
            id = self.node(id).children.get(i as usize)?.child;
        }
        Some(id)
    }
}

/// A position in the expanded tree: 0-based child indices from the root.
/// Displayed 1-based and dotted (`2.3`); the empty path is `root`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Path(pub Vec<u32>);

impl Path {
    pub fn root() -> Path {
        Path(Vec::new())
    }

    pub fn child(&self, i: u32) -> Path {
        let mut p = self.0.clone();
        p.push(i);
        Path(p)
    }

    pub fn parent(&self) -> Option<Path> {
        let (_, init) = self.0.split_last()?;
        Some(Path(init.to_vec()))
    }

    pub fn depth(&self) -> usize {
        self.0.len()
    }

    pub fn is_prefix_of(&self, other: &Path) -> bool {
        other.0.starts_with(&self.0)
    }
}

impl std::fmt::Display for Path {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0.is_empty() {
            return f.write_str("root");
        }
        for (k, i) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(".")?;
            }
            write!(f, "{}", i + 1)?;
        }
        Ok(())
    }
}
