//! Move ordering: the order in which a node's children are searched.
//!
//! `--order best|worst` sort by the children's true (depth-limited,
//! expectiminimax) values, as an oracle would: the best case of AIMA §5.3.1
//! searches each MAX node's best child first and each MIN node's least.
//! `--order eval` sorts by the `eval` attribute (a leaf's own utility when
//! it has none). All sorts are stable, so ties keep the written order.
//! Indices returned are always the written (0-based) child indices.
//!
//! The orderer is also where the search meets its horizon (see
//! `horizon`): `children` leaves out what `--beam` never considers, and it
//! remembers, for each ply of the current path, the node's effective depth
//! and singular child, so that [`Orderer::direct_value`] can tell whether
//! a node sits at the cutoff. Invariant: an algorithm calls `children` on
//! each node it searches before evaluating that node's children (as a
//! depth-first search does).

use std::collections::HashMap;

use crate::model::{Game, NodeId, NodeKind};
use crate::num::Num;
use crate::search::horizon::{self, Decision};
use crate::search::options::{Options, Order};
use crate::search::trace::LeafSource;

/// Hands out child orders, remembering oracle values across calls.
pub struct Orderer<'g> {
    game: &'g Game,
    opts: &'g Options,
    memo: HashMap<(NodeId, u32), Num, crate::fx::FxBuild>,
    /// For each ply of the current path: the node searched there, its
    /// effective depth and its singular child.
    path: Vec<(NodeId, u32, Option<u32>)>,
    /// Orders given back ([`Orderer::give_back`]), to fill again: a search
    /// that visits every node asks one of each inner node.
    spare: Vec<Vec<u32>>,
}

impl<'g> Orderer<'g> {
    pub fn new(game: &'g Game, opts: &'g Options) -> Orderer<'g> {
        Orderer { game, opts, memo: HashMap::default(), path: Vec::new(), spare: Vec::new() }
    }

    /// The effective depth of `id` reached at ply `depth` on the current
    /// path: the ply, less one for each singular child on the way. Valid
    /// once `children` has been called on `id`'s parent (and before it is
    /// called on another node at `id`'s parent's ply).
    pub fn effective_depth(&self, id: NodeId, depth: u32) -> u32 {
        match depth.checked_sub(1).and_then(|p| self.path.get(p as usize)) {
            Some(&(parent, eff, singular)) => {
                let same = singular.is_some_and(|s| self.game.node(parent).children()[s as usize].child == id);
                if same { eff } else { eff + 1 }
            }
            None => depth,
        }
    }

    /// A node's value without search (a leaf's utility, or `eval` at the
    /// cutoff), or `None` when it is to be searched, at the node's
    /// effective depth (so singular extensions apply).
    pub fn direct_value(&self, id: NodeId, depth: u32) -> Option<(Num, LeafSource)> {
        match horizon::decide(self.game, self.opts, id, self.effective_depth(id, depth)) {
            Decision::Direct(v, source) => Some((v, source)),
            Decision::MissingEval | Decision::Search => None,
        }
    }

    /// The written indices of `id`'s children, in search order, without
    /// those `--beam` never considers.
    pub fn children(&mut self, id: NodeId, depth: u32) -> Vec<u32> {
        let eff = self.effective_depth(id, depth);
        self.path.truncate(depth as usize);
        self.path.push((id, eff, horizon::singular_child(self.game, self.opts, id)));
        let dropped = horizon::forward_pruned(self.game, self.opts, id);
        let mut idx = self.ordered(id, eff);
        if !dropped.is_empty() {
            idx.retain(|i| !dropped.contains(i));
        }
        idx
    }

    /// An order [`Orderer::children`] gave, to be filled again.
    pub fn give_back(&mut self, order: Vec<u32>) {
        self.spare.push(order);
    }

    /// Every child of `id` (at effective depth `eff`), in search order.
    fn ordered(&mut self, id: NodeId, eff: u32) -> Vec<u32> {
        let node = self.game.node(id);
        let mut idx = self.spare.pop().unwrap_or_default();
        idx.clear();
        idx.extend(0..node.children().len() as u32);
        let sign = match node.kind() {
            NodeKind::Max => 1,
            NodeKind::Min => -1,
            NodeKind::Chance | NodeKind::Player(_) | NodeKind::Leaf => 0,
        };
        match self.opts.order {
            Order::Spec => {}
            Order::Reverse => idx.reverse(),
            Order::Best | Order::Worst if sign != 0 => {
                let flip = if self.opts.order == Order::Best { sign } else { -sign };
                let keys: Vec<Num> = (0..node.children().len() as u32)
                    .map(|i| {
                        let c = node.children()[i as usize].child;
                        self.oracle(c, horizon::child_depth(self.game, self.opts, id, eff, i))
                    })
                    .collect();
                idx.sort_by(|&a, &b| {
                    let ord = keys[a as usize].cmp(&keys[b as usize]);
                    if flip > 0 { ord.reverse() } else { ord }
                });
            }
            Order::Eval if sign != 0 => {
                let keys: Vec<Option<Num>> = node.children().iter().map(|e| self.eval_key(e.child)).collect();
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
        node.eval().or(node.scalar())
    }

    /// The node's value from MAX's view, as full (depth-limited) search
    /// would find it at effective depth `eff`, under the same horizon
    /// (quiescence, beam, singular extensions); CHANCE nodes average.
    pub fn oracle(&mut self, id: NodeId, eff: u32) -> Num {
        let key = (id, if self.opts.depth.is_some() { eff } else { 0 });
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let node = self.game.node(id);
        let v = match horizon::decide(self.game, self.opts, id, eff) {
            Decision::Direct(v, _) => v,
            Decision::MissingEval => Num::ZERO,
            Decision::Search if node.is_leaf() => Num::ZERO,
            Decision::Search => {
                let dropped = horizon::forward_pruned(self.game, self.opts, id);
                let mut values = Vec::new();
                for (i, e) in node.children().iter().enumerate() {
                    if !dropped.contains(&(i as u32)) {
                        let d = horizon::child_depth(self.game, self.opts, id, eff, i as u32);
                        values.push((i, self.oracle(e.child, d)));
                    }
                }
                match node.kind() {
                    NodeKind::Max | NodeKind::Player(_) | NodeKind::Leaf => {
                        values.into_iter().map(|(_, v)| v).fold(Num::NEG_INF, Num::max)
                    }
                    NodeKind::Min => values.into_iter().map(|(_, v)| v).fold(Num::INF, Num::min),
                    NodeKind::Chance => values.iter().fold(Num::ZERO, |acc, &(i, v)| acc + self.game.prob(id, i) * v),
                }
            }
        };
        self.memo.insert(key, v);
        v
    }
}
