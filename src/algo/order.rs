//! Move ordering: the order in which a node's children are searched.
//!
//! `--order best|worst` sort by the children's true (depth-limited,
//! expectiminimax) values, as an oracle would: the best case of AIMA §5.3.1
//! searches each MAX node's best child first and each MIN node's least.
//! `--order eval` sorts by the `eval` attribute (a leaf's own utility when
//! it has none). All sorts are stable, so ties keep the written order.
//! Indices returned are always the written (0-based) child indices.

use std::collections::HashMap;

use crate::model::{Game, NodeId, NodeKind};
use crate::num::Num;
use crate::options::{Options, Order};

/// Hands out child orders, remembering oracle values across calls.
pub struct Orderer<'g> {
    game: &'g Game,
    opts: &'g Options,
    memo: HashMap<(NodeId, u32), Num>,
}

impl<'g> Orderer<'g> {
    pub fn new(game: &'g Game, opts: &'g Options) -> Orderer<'g> {
        Orderer { game, opts, memo: HashMap::new() }
    }

    /// The written indices of `id`'s children, in search order.
    pub fn children(&mut self, id: NodeId, depth: u32) -> Vec<u32> {
        let node = self.game.node(id);
        let mut idx: Vec<u32> = (0..node.children.len() as u32).collect();
        let sign = match node.kind {
            NodeKind::Max => 1,
            NodeKind::Min => -1,
            NodeKind::Chance | NodeKind::Player(_) | NodeKind::Leaf => 0,
        };
        match self.opts.order {
            Order::Spec => {}
            Order::Reverse => idx.reverse(),
            Order::Best | Order::Worst if sign != 0 => {
                let flip = if self.opts.order == Order::Best { sign } else { -sign };
                let keys: Vec<Num> = node.children.iter().map(|e| self.oracle(e.child, depth + 1)).collect();
                idx.sort_by(|&a, &b| {
                    let ord = keys[a as usize].cmp(&keys[b as usize]);
                    if flip > 0 { ord.reverse() } else { ord }
                });
            }
            Order::Eval if sign != 0 => {
                let keys: Vec<Option<Num>> = node.children.iter().map(|e| self.eval_key(e.child)).collect();
                idx.sort_by(|&a, &b| match (keys[a as usize], keys[b as usize]) {
                    (Some(x), Some(y)) if sign > 0 => y.cmp(&x),
                    (Some(x), Some(y)) => x.cmp(&y),
                    (Some(_), None) => std::cmp::Ordering::Less,
                    (None, Some(_)) => std::cmp::Ordering::Greater,
                    (None, None) => std::cmp::Ordering::Equal,
                });
            }
            Order::Best | Order::Worst | Order::Eval => {}
        }
        idx
    }

    fn eval_key(&self, id: NodeId) -> Option<Num> {
        let node = self.game.node(id);
        node.eval.or(node.scalar())
    }

    /// The node's value from MAX's view, as full (depth-limited) search
    /// would find it; CHANCE nodes average.
    pub fn oracle(&mut self, id: NodeId, depth: u32) -> Num {
        let key = (id, if self.opts.depth.is_some() { depth } else { 0 });
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let node = self.game.node(id);
        let v = if let Some(u) = node.scalar() {
            u
        } else if self.opts.depth == Some(depth) && node.eval.is_some() {
            node.eval.unwrap_or(Num::ZERO)
        } else if node.is_leaf() {
            Num::ZERO
        } else {
            let children: Vec<NodeId> = node.children.iter().map(|e| e.child).collect();
            let values: Vec<Num> = children.iter().map(|&c| self.oracle(c, depth + 1)).collect();
            match node.kind {
                NodeKind::Max | NodeKind::Player(_) | NodeKind::Leaf => values.into_iter().fold(Num::NEG_INF, Num::max),
                NodeKind::Min => values.into_iter().fold(Num::INF, Num::min),
                NodeKind::Chance => {
                    values.iter().enumerate().fold(Num::ZERO, |acc, (i, &v)| acc + self.game.prob(id, i) * v)
                }
            }
        };
        self.memo.insert(key, v);
        v
    }
}
