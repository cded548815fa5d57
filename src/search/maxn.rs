//! `maxn`: multi-player search over utility vectors; `--shallow` adds
//! Korf's shallow pruning.
//!
//! Luckhardt & Irani (1986), as in AIMA 3e §5.2.2 (Figure 5.4): the player
//! to move at a node picks the child whose vector is best in that player's
//! own component. Ties go to the leftmost child searched (`--ties last`:
//! the last). CHANCE nodes average the vectors component by component.
//!
//! Shallow pruning, R. E. Korf, "Multi-player alpha-beta pruning",
//! Artificial Intelligence 48 (1991) 99–111, §3:
//!
//! ```text
//! shallow(node, bound):            // bound = S − Best[parent's player]
//!     best ← shallow(first child, S)
//!     for each other child:
//!         if best[player] ≥ bound: return best     // shallow cut
//!         current ← shallow(child, S − best[player])
//!         if current[player] > best[player]: best ← current
//!     return best
//! ```
//!
//! With `sum S` (components add up to at most S) and every component at
//! least `lo` (the declared lower bound, or 0 without `bounds`; then a
//! negative component is an error): when the player `p` to move at a node
//! already has `x`, the parent's player `q ≠ p` can get at most
//! `S − x − (n − 2)·lo` there, so once `x ≥ bound = S − best_q − (n−2)·lo`
//! the parent will not choose this node and its other children are pruned.
//! The cut is on equality only under `--ties first` (the parent keeps its
//! earlier child on a tie) and the default cut rule; `--ties last|all` or
//! `--strict-cuts` cut only on `x > bound`. Only a player node directly
//! below another player's node prunes (not below CHANCE nodes, not deep
//! pruning). A node that cut returns its best vector so far as a bound:
//! its own player's component is a lower bound (`lower`), the vector is not
//! its value. `--ignore-bounds` does not change maxn.

use std::sync::Arc;

use crate::model::{Game, NodeId, NodeKind, Utility};
use crate::num::Num;
use crate::search::Algorithm;
use crate::search::options::{Options, Ties};
use crate::search::order::Orderer;
use crate::search::stream::Sink;
use crate::search::trace::{BoundKind, Cause, Coded, CutKind, Event, Trace};

pub fn maxn(game: &Game, opts: &Options, sink: Sink) -> Trace {
    let ties = opts.ties;
    let lo = game.bounds().map_or(Num::ZERO, |b| b.0);
    let others = Num::int(game.players().len().saturating_sub(2) as i64) * lo;
    let shallow = if opts.shallow { game.sum().map(|s| s - others) } else { None };
    let strict = opts.shallow_strict();
    let mut trace = Trace::new(Algorithm::Maxn, opts);
    trace.attach(sink);
    let leaves = Shared::new(game);
    let mut search = Maxn { game, order: Orderer::new(game, opts), ties, shallow, strict, trace, leaves };
    search.value(NodeId::ROOT, 0, 0, None);
    search.trace
}

/// Why `--shallow` cannot run on `game`.
pub(crate) fn shallow_applies(game: &Game) -> Result<(), String> {
    if game.sum().is_none() {
        return Err("shallow pruning needs `sum S` (the most the components of a vector add up to)".into());
    }
    if game.bounds().is_none() {
        let negative =
            game.nodes().any(|n| matches!(n.utility(), Utility::Vector(v) if v.iter().any(|x| *x < Num::ZERO)));
        if negative {
            return Err("shallow pruning takes 0 as every component's lower bound, but a leaf has a negative one \
                        (declare `bounds [lo, hi]`)"
                .into());
        }
    }
    Ok(())
}

/// What the parent's player already has, for a shallow cut.
#[derive(Clone, Copy)]
struct Parent {
    player: u16,
    best: Num,
    depth: u32,
}

struct Maxn<'g> {
    game: &'g Game,
    order: Orderer<'g>,
    ties: Ties,
    /// `S − (n − 2)·lo` with `--shallow`.
    shallow: Option<Num>,
    strict: bool,
    trace: Trace,
    leaves: Shared,
}

/// The codes of the leaves' vectors among the trace's values, by where
/// each starts in the game's table: the game stores each distinct vector
/// once, so leaves that hold the same one are coded once (`NONE`: not yet).
/// A vector stored on its own leaf is coded each time.
struct Shared(Vec<u32>);

const NONE: u32 = u32::MAX;

impl Shared {
    fn new(game: &Game) -> Shared {
        Shared(vec![NONE; game.vector_table_len()])
    }

    fn code(&mut self, game: &Game, trace: &mut Trace, u: &[Num]) -> u32 {
        let Some(start) = game.vector_start(u) else { return trace.vector_code(u.into()) };
        match self.0[start] {
            code if code != NONE && trace.vector_numbers(code).len() == u.len() => code,
            _ => {
                let code = trace.vector_code(u.into());
                self.0[start] = code;
                code
            }
        }
    }
}

impl Maxn<'_> {
    /// A node's vector, as its code among the trace's values: a child's
    /// vector passed up is the same code all the way, and its events are
    /// pushed with it ([`Coded`]), no vector handed from one to the next.
    fn value(&mut self, id: NodeId, child: u32, depth: u32, parent: Option<Parent>) -> u32 {
        let node = self.game.node(id);
        if let Utility::Vector(u) = node.utility() {
            let value = self.leaves.code(self.game, &mut self.trace, u);
            self.trace.push_coded(Coded::Leaf { node: id, child, value });
            return value;
        }
        self.trace.push(Event::Enter { node: id, child, window: None });
        let kind = node.kind();
        let mut v: Option<u32> = None;
        // A CHANCE node's sum so far, coded when an event records it.
        let mut sum: Vec<Num> = Vec::new();
        let mut bound = BoundKind::Exact;
        let order = self.order.children(id, depth);
        for (k, &i) in order.iter().enumerate() {
            let c = self.game.node(id).children()[i as usize].child;
            let me = match (kind, v) {
                (NodeKind::Player(p), Some(cur)) => Some(Parent { player: p, best: self.at(cur, p), depth }),
                _ => None,
            };
            let cv = self.value(c, i, depth + 1, me);
            let best = match (kind, v) {
                (NodeKind::Player(p), Some(cur)) => {
                    let (new, old) = (self.at(cv, p), self.at(cur, p));
                    new > old || (self.ties != Ties::First && new == old)
                }
                (NodeKind::Player(_), None) => true,
                _ => false,
            };
            if kind == NodeKind::Chance {
                let p = self.game.prob(id, i as usize);
                let child = self.trace.vector_numbers(cv);
                if k == 0 {
                    sum.resize(child.len(), Num::ZERO);
                }
                for (a, &b) in sum.iter_mut().zip(child) {
                    *a = *a + p * b;
                }
                v = None;
            } else if best {
                v = Some(cv);
            }
            if self.trace.records_update(best) {
                let value = self.code(&mut v, &sum, kind);
                self.trace.push_coded(Coded::Update { child: i, value, best });
            }
            let pruned = &order[k + 1..];
            let mine = v.map(|code| self.trace.vector_numbers(code));
            if let (Some((value, limit, cause)), false) = (self.shallow_cut(kind, mine, parent), pruned.is_empty()) {
                let pruned = pruned.to_vec();
                self.trace.push(Event::Cut { kind: CutKind::Shallow, value, bound: limit, cause, pruned });
                bound = BoundKind::Lower;
                break;
            }
        }
        self.order.give_back(order);
        let value = self.code(&mut v, &sum, kind);
        self.trace.push_coded(Coded::Exit { value, bound });
        value
    }

    /// Component `p` of the vector coded `code`.
    fn at(&self, code: u32, p: u16) -> Num {
        self.trace.vector_numbers(code)[p as usize]
    }

    /// The code of the node's vector so far: a CHANCE node's `sum` (kept
    /// in `v` until the sum changes), else `v`'s, else the empty vector's.
    fn code(&mut self, v: &mut Option<u32>, sum: &[Num], kind: NodeKind) -> u32 {
        match *v {
            Some(code) => code,
            None => {
                let numbers: Arc<[Num]> = if kind == NodeKind::Chance { sum.into() } else { Arc::from([]) };
                let code = self.trace.vector_code(numbers);
                if kind == NodeKind::Chance {
                    *v = Some(code);
                }
                code
            }
        }
    }

    /// The shallow cut at a node of player p whose parent's player q ≠ p
    /// already has `best`: `x ≥ S − best − (n−2)·lo` (or `>`).
    fn shallow_cut(&self, kind: NodeKind, v: Option<&[Num]>, parent: Option<Parent>) -> Option<(Num, Num, Cause)> {
        let (Some(limit), NodeKind::Player(p), Some(v), Some(parent)) = (self.shallow, kind, v, parent) else {
            return None;
        };
        if parent.player == p {
            return None;
        }
        let (x, bound) = (v[p as usize], limit - parent.best);
        let cut = if self.strict { x > bound } else { x >= bound };
        cut.then_some((x, bound, Cause::Ancestor(parent.depth)))
    }
}
