//! `expectiminimax`: MAX, MIN and CHANCE nodes, no pruning.
//!
//! AIMA 3e §5.5.1:
//!
//! ```text
//! EXPECTIMINIMAX(s) =
//!     UTILITY(s)                                    if TERMINAL-TEST(s)
//!     max_a EXPECTIMINIMAX(RESULT(s, a))            if PLAYER(s) = MAX
//!     min_a EXPECTIMINIMAX(RESULT(s, a))            if PLAYER(s) = MIN
//!     Σ_r P(r) · EXPECTIMINIMAX(RESULT(s, r))       if PLAYER(s) = CHANCE
//! ```
//!
//! On a tree without CHANCE nodes this is AIMA's MINIMAX (Figure 5.3), so
//! `minimax` runs this same search under its own name. A node at the depth
//! cutoff returns its `eval` (§5.4, H-MINIMAX). Values stay exact rationals
//! (7/3, not 2.333…). At a CHANCE node each update records the running
//! weighted sum; no child is "best" there.

use crate::model::{Game, NodeId, NodeKind};
use crate::num::{Num, WeightedSum};
use crate::search::Algorithm;
use crate::search::options::Options;
use crate::search::order::Orderer;
use crate::search::stream::Sink;
use crate::search::trace::{BoundKind, Event, Trace, Value};

pub fn expectiminimax(game: &Game, opts: &Options, sink: Sink) -> Trace {
    search(game, opts, Algorithm::Expectiminimax, sink)
}

/// `minimax`: the same search, on trees without CHANCE nodes.
pub fn minimax(game: &Game, opts: &Options, sink: Sink) -> Trace {
    search(game, opts, Algorithm::Minimax, sink)
}

fn search(game: &Game, opts: &Options, algorithm: Algorithm, sink: Sink) -> Trace {
    let (order, trace) = (Orderer::new(game, opts), Trace::new(algorithm, opts));
    let mut search = Expectiminimax { game, order, trace, rooms: Vec::new() };
    search.trace.attach(sink);
    search.value(NodeId::ROOT, 0, 0);
    search.trace
}

struct Expectiminimax<'g> {
    game: &'g Game,
    order: Orderer<'g>,
    trace: Trace,
    /// Chance nodes' vectors of probabilities, for the next ones (one per
    /// level in use), as `star1` keeps them: not one allocated for every
    /// chance node.
    rooms: Vec<Vec<Num>>,
}

impl Expectiminimax<'_> {
    /// MAX-VALUE, MIN-VALUE or the chance average, by the node's kind.
    fn value(&mut self, id: NodeId, child: u32, depth: u32) -> Num {
        if let Some((v, source)) = self.order.direct_value(id, depth) {
            let value = Value::Scalar(v);
            self.trace.push(Event::Leaf { node: id, child, window: None, value, source, negamax: None });
            return v;
        }
        self.trace.push(Event::Enter { node: id, child, window: None });
        let kind = self.game.node(id).kind();
        let mut v = match kind {
            NodeKind::Max => Num::NEG_INF,
            NodeKind::Min => Num::INF,
            _ => Num::ZERO,
        };
        // The probabilities once per node (each `1/n` is a division).
        let mut probs = Vec::new();
        if kind == NodeKind::Chance {
            probs = self.rooms.pop().unwrap_or_default();
            probs.clear();
            probs.extend(self.game.probs(id));
        }
        // A chance node's running sum, reduced only when an update records it.
        let mut sum = WeightedSum::default();
        let order = self.order.children(id, depth);
        for &i in &order {
            let c = self.game.node(id).children()[i as usize].child;
            let cv = self.value(c, i, depth + 1);
            let best = match kind {
                NodeKind::Max => cv > v,
                NodeKind::Min => cv < v,
                _ => false,
            };
            if kind == NodeKind::Chance {
                sum.add_product(probs[i as usize], cv);
                if !self.trace.records_update(false) {
                    continue;
                }
                v = sum.value();
            } else if best {
                v = cv;
            }
            self.trace.push(Event::Update { child: i, value: Value::Scalar(v), window: None, best });
        }
        if kind == NodeKind::Chance {
            v = sum.value();
        }
        self.order.give_back(order);
        if kind == NodeKind::Chance {
            self.rooms.push(probs);
        }
        self.trace.push(Event::Exit { value: Value::Scalar(v), bound: BoundKind::Exact, negamax: None });
        v
    }
}
