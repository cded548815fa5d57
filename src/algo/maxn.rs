//! `maxn`: multi-player search over utility vectors, no pruning.
//!
//! Luckhardt & Irani (1986), as in AIMA 3e §5.2.2 (Figure 5.4): the player
//! to move at a node picks the child whose vector is best in that player's
//! own component. Ties go to the leftmost child searched (`--ties last`:
//! the last). CHANCE nodes average the vectors component by component.

use crate::algo::Algorithm;
use crate::algo::order::Orderer;
use crate::model::{Game, NodeId, NodeKind, Utility};
use crate::num::Num;
use crate::options::{Options, Ties};
use crate::trace::{BoundKind, Event, LeafSource, Trace, Value};

pub fn maxn(game: &Game, opts: &Options) -> Trace {
    let mut search =
        Maxn { game, order: Orderer::new(game, opts), ties: opts.ties, trace: Trace::new(Algorithm::Maxn, opts) };
    search.value(NodeId::ROOT, 0, 0);
    search.trace
}

struct Maxn<'g> {
    game: &'g Game,
    order: Orderer<'g>,
    ties: Ties,
    trace: Trace,
}

impl Maxn<'_> {
    fn value(&mut self, id: NodeId, child: u32, depth: u32) -> Vec<Num> {
        let node = self.game.node(id);
        if let Utility::Vector(u) = &node.utility {
            let value = Value::Vector(u.clone());
            self.trace.push(Event::Leaf {
                node: id,
                child,
                window: None,
                value,
                source: LeafSource::Utility,
                negamax: None,
            });
            return u.clone();
        }
        self.trace.push(Event::Enter { node: id, child, window: None });
        let kind = node.kind;
        let mut v: Option<Vec<Num>> = None;
        for i in self.order.children(id, depth) {
            let c = self.game.node(id).children[i as usize].child;
            let cv = self.value(c, i, depth + 1);
            let best = match (kind, &v) {
                (NodeKind::Player(p), Some(cur)) => {
                    let (new, old) = (cv[p as usize], cur[p as usize]);
                    new > old || (self.ties != Ties::First && new == old)
                }
                (NodeKind::Player(_), None) => true,
                _ => false,
            };
            if kind == NodeKind::Chance {
                let p = self.game.prob(id, i as usize);
                let acc = v.take().unwrap_or_else(|| vec![Num::ZERO; cv.len()]);
                v = Some(acc.iter().zip(&cv).map(|(&a, &b)| a + p * b).collect());
            } else if best {
                v = Some(cv);
            }
            let value = Value::Vector(v.clone().unwrap_or_default());
            self.trace.push(Event::Update { child: i, value, window: None, best });
        }
        let v = v.unwrap_or_default();
        self.trace.push(Event::Exit { value: Value::Vector(v.clone()), bound: BoundKind::Exact, negamax: None });
        v
    }
}
