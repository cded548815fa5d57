//! `negamax`: minimax written once, for the side to move.
//!
//! Wikipedia, "Negamax", the plain version with color:
//!
//! ```text
//! function negamax(node, depth, color) is
//!     if depth = 0 or node is a terminal node then
//!         return color × the heuristic value of node
//!     value := −∞
//!     for each child of node do
//!         value := max(value, −negamax(child, depth − 1, −color))
//!     return value
//! ```
//!
//! The color is the node's side: MAX is +1, MIN is −1 (a MIN root starts
//! with color −1). A leaf belongs to the side opposite its parent. So that
//! trees whose MAX and MIN levels do not alternate stay correct, a child of
//! the same side as its parent is not negated. The trace records values
//! from MAX's view and the side-to-move (negamax) value beside them.

use crate::model::{Game, NodeId, NodeKind};
use crate::num::Num;
use crate::search::Algorithm;
use crate::search::options::Options;
use crate::search::order::Orderer;
use crate::search::stream::Sink;
use crate::search::trace::{BoundKind, Event, Trace, Value};

pub fn negamax(game: &Game, opts: &Options, sink: Sink) -> Trace {
    let mut search = Negamax { game, order: Orderer::new(game, opts), trace: Trace::new(Algorithm::Negamax, opts) };
    search.trace.attach(sink);
    let color = side(game.root().kind());
    search.negamax(NodeId::ROOT, 0, 0, color);
    search.trace
}

/// +1 for MAX, −1 for MIN.
pub(crate) fn side(kind: NodeKind) -> Num {
    if kind == NodeKind::Min { Num::int(-1) } else { Num::ONE }
}

struct Negamax<'g> {
    game: &'g Game,
    order: Orderer<'g>,
    trace: Trace,
}

impl Negamax<'_> {
    /// The value of `id` for the side `color` to move there.
    fn negamax(&mut self, id: NodeId, child: u32, depth: u32, color: Num) -> Num {
        if let Some((v, source)) = self.order.direct_value(id, depth) {
            let negamax = color * v;
            let value = Value::Scalar(v);
            self.trace.push(Event::Leaf { node: id, child, window: None, value, source, negamax: Some(negamax) });
            return negamax;
        }
        self.trace.push(Event::Enter { node: id, child, window: None });
        let mut value = Num::NEG_INF;
        let order = self.order.children(id, depth);
        for &i in &order {
            let c = self.game.node(id).children()[i as usize].child;
            let score = match self.game.node(c).kind() {
                kind if kind != NodeKind::Leaf && side(kind) == color => self.negamax(c, i, depth + 1, color),
                _ => -self.negamax(c, i, depth + 1, -color),
            };
            let best = score > value;
            if best {
                value = score;
            }
            // (A streamed trace drops an update that finds no new best.)
            if self.trace.records_update(best) {
                self.trace.push(Event::Update { child: i, value: Value::Scalar(color * value), window: None, best });
            }
        }
        self.order.give_back(order);
        let exit = Event::Exit { value: Value::Scalar(color * value), bound: BoundKind::Exact, negamax: Some(value) };
        self.trace.push(exit);
        value
    }
}
