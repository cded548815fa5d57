//! The expanded tree a figure draws: the game's DAG unfolded from the root,
//! one drawn node per path. A transposition (`&B`) is drawn in full again
//! at every place it occurs, because a search enters it there (alpha-beta
//! often with a different window); its incoming edge is marked so the
//! figure shows it is the same position.
//!
//! Invariant: nodes are in preorder, so a node's subtree is the index range
//! `i..end[i]`.

use std::collections::HashMap;

use crate::model::{Game, NodeId, Path};
use crate::num::Num;

/// One drawn node.
#[derive(Clone, Debug)]
pub struct TreeNode {
    pub id: NodeId,
    pub path: Path,
    pub parent: Option<usize>,
    pub children: Vec<usize>,
    /// One past the last node of this subtree (preorder).
    pub end: usize,
    /// The edge from the parent: its move label, probability (CHANCE
    /// parents; uniform filled in), and whether it is a transposition.
    pub label: Option<String>,
    pub prob: Option<Num>,
    pub transposition: bool,
}

/// The unfolded tree, with a map from paths to drawn nodes.
#[derive(Clone, Debug)]
pub struct Tree {
    pub nodes: Vec<TreeNode>,
    by_path: HashMap<Path, usize>,
}

impl Tree {
    pub fn of(game: &Game) -> Tree {
        let mut tree = Tree { nodes: Vec::new(), by_path: HashMap::new() };
        tree.add(game, NodeId::ROOT, Path::root(), None);
        tree
    }

    /// The subtree at `path` (which must exist), with the paths it has in
    /// the whole tree, so frames read off the whole search fit it.
    pub fn under(game: &Game, path: &Path) -> Tree {
        let mut tree = Tree { nodes: Vec::new(), by_path: HashMap::new() };
        tree.add(game, game.at(path).unwrap_or(NodeId::ROOT), path.clone(), None);
        tree
    }

    fn add(&mut self, game: &Game, id: NodeId, path: Path, parent: Option<(usize, usize)>) -> usize {
        let at = self.nodes.len();
        let (label, prob, transposition) = match parent {
            Some((p, i)) => {
                let pid = self.nodes[p].id;
                let edge = game.node(pid).edge(i);
                let chance = game.node(pid).kind() == crate::model::NodeKind::Chance;
                (edge.label.map(str::to_string), chance.then(|| game.prob(pid, i)), edge.transposition)
            }
            None => (None, None, false),
        };
        self.by_path.insert(path.clone(), at);
        let node = TreeNode {
            id,
            path: path.clone(),
            parent: parent.map(|(p, _)| p),
            children: vec![],
            end: at + 1,
            label,
            prob,
            transposition,
        };
        self.nodes.push(node);
        for i in 0..game.node(id).children().len() {
            let child = game.node(id).children()[i].child;
            let c = self.add(game, child, path.child(i as u32), Some((at, i)));
            self.nodes[at].children.push(c);
        }
        self.nodes[at].end = self.nodes.len();
        at
    }

    /// The drawn node at `path`.
    pub fn at(&self, path: &Path) -> Option<usize> {
        self.by_path.get(path).copied()
    }

    /// Levels below the drawn root.
    pub fn depth(&self, i: usize) -> usize {
        self.nodes[i].path.depth() - self.nodes[0].path.depth()
    }
}
