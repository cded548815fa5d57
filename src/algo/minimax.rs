//! `minimax`: every node's exact value, searched depth first.
//!
//! AIMA 3e Figure 5.3 (MINIMAX-DECISION, MAX-VALUE, MIN-VALUE), with the
//! depth cutoff of §5.4 (H-MINIMAX: a node at the cutoff depth returns its
//! `eval`). MAX and MIN may appear in any arrangement; a node's kind, not
//! its depth, says who moves.

use crate::algo::Algorithm;
use crate::algo::order::Orderer;
use crate::model::{Game, NodeId, NodeKind};
use crate::num::Num;
use crate::options::Options;
use crate::trace::{BoundKind, Event, Trace, Value};

pub fn minimax(game: &Game, opts: &Options) -> Trace {
    let mut search = Minimax { game, order: Orderer::new(game, opts), trace: Trace::new(Algorithm::Minimax, opts) };
    search.value(NodeId::ROOT, 0, 0);
    search.trace
}

struct Minimax<'g> {
    game: &'g Game,
    order: Orderer<'g>,
    trace: Trace,
}

impl Minimax<'_> {
    /// MAX-VALUE or MIN-VALUE, by the node's kind.
    fn value(&mut self, id: NodeId, child: u32, depth: u32) -> Num {
        if let Some((v, source)) = self.order.direct_value(id, depth) {
            let value = Value::Scalar(v);
            self.trace.push(Event::Leaf { node: id, child, window: None, value, source, negamax: None });
            return v;
        }
        self.trace.push(Event::Enter { node: id, child, window: None });
        let maximizing = self.game.node(id).kind == NodeKind::Max;
        let mut v = if maximizing { Num::NEG_INF } else { Num::INF };
        for i in self.order.children(id, depth) {
            let c = self.game.node(id).children[i as usize].child;
            let cv = self.value(c, i, depth + 1);
            let best = if maximizing { cv > v } else { cv < v };
            if best {
                v = cv;
            }
            self.trace.push(Event::Update { child: i, value: Value::Scalar(v), window: None, best });
        }
        self.trace.push(Event::Exit { value: Value::Scalar(v), bound: BoundKind::Exact, negamax: None });
        v
    }
}
