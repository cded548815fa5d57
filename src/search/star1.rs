//! `star1`: Ballard's *-minimax (1983): alpha-beta at MAX/MIN nodes, and
//! at CHANCE nodes a window derived from the declared `bounds [L, U]`.
//!
//! B. W. Ballard, "The *-minimax search procedure for trees containing
//! chance nodes", Artificial Intelligence 21 (1983) 327–350; pseudocode as
//! in T. Hauk, M. Buro, J. Schaeffer, "Rediscovering *-Minimax Search",
//! Computers and Games 2004 (LNCS 3846), for N equally likely outcomes:
//!
//! ```text
//! star1(s, α, β):
//!     A ← N·(α − U) + U;   B ← N·(β − L) + L;   vsum ← 0
//!     for i ← 1 … N:
//!         AX ← max(A, L);   BX ← min(B, U)
//!         v ← search(child i, AX, BX);   vsum ← vsum + v
//!         if v ≤ A: return (vsum + U·(N − i)) / N     // fail low
//!         if v ≥ B: return (vsum + L·(N − i)) / N     // fail high
//!         A ← A + U − v;   B ← B + L − v
//!     return vsum / N
//! ```
//!
//! Here with probabilities pᵢ, as intervals: every child j is known to lie
//! in `[loⱼ, hiⱼ]` (`[L, U]` before it is searched; its value once exact).
//! Child i is searched with `(max(Aᵢ, L), min(Bᵢ, U))`, where
//! `Aᵢ = (α − Σ_{j≠i} pⱼ·hiⱼ) / pᵢ` and `Bᵢ = (β − Σ_{j≠i} pⱼ·loⱼ) / pᵢ`
//! (a zero-probability child gets `[L, U]`). After each child the node stops
//! — a "chance-branch cut" — when `Σ pⱼ·hiⱼ ≤ α` (even the best remaining
//! outcomes cannot reach α; it returns that upper bound) or `Σ pⱼ·loⱼ ≥ β`
//! (it returns that lower bound), by the same cut rule as MAX and MIN
//! (`--strict-cuts`: `<`, `>`). For N equal probabilities this is the
//! pseudocode above. A bound of a child's window set by the chance node's
//! arithmetic names that chance node as its cause; one equal to L or U names
//! the declared bounds ("cut because of the range"). `--ignore-bounds`
//! takes `L = −∞, U = +∞`: then no chance node is cut before its last child,
//! though the last child still gets the window α and β leave for it.
//! MAX/MIN nodes are `alphabeta`, line for line (so on a tree without
//! CHANCE nodes `star1` records exactly `alphabeta`'s trace). The same
//! engine runs `star2` (probing, `star2.rs`) and `paranoid` (a player's
//! component as the scalar, `paranoid.rs`).

use crate::model::{Game, NodeId, NodeKind, Utility};
use crate::num::{Num, WeightedSum};
use crate::search::alphabeta::{Bound, Step};
use crate::search::options::Options;
use crate::search::order::Orderer;
use crate::search::star_chance::{Chance, ChanceRoom};
use crate::search::stream::Sink;
use crate::search::trace::{BoundKind, CutKind, Event, LeafSource, Trace, Value, Window};
use crate::search::{Algorithm, Interval, root_window};

pub fn star1(game: &Game, opts: &Options, sink: Sink) -> Trace {
    Star::new(game, opts, Algorithm::Star1, None).run_to(sink)
}

/// The search shared by `star1`, `star2` and `paranoid`.
pub(crate) struct Star<'g> {
    pub game: &'g Game,
    pub opts: &'g Options,
    /// `[L, U]`: the declared bounds, or everything.
    pub range: (Num, Num),
    pub order: Orderer<'g>,
    pub trace: Trace,
    /// `star2`: probe below chance nodes before searching them.
    pub probing: bool,
    /// `paranoid`: this player's component is the value; its nodes maximize.
    pub player: Option<u16>,
    /// Chance nodes' vectors, for the next ones (one per level in use).
    rooms: Vec<ChanceRoom>,
}

impl<'g> Star<'g> {
    pub fn new(game: &'g Game, opts: &'g Options, algorithm: Algorithm, player: Option<u16>) -> Star<'g> {
        let trace = Trace::new(algorithm, opts);
        let range = root_window(game, opts);
        let probing = algorithm == Algorithm::Star2;
        Star { game, opts, range, order: Orderer::new(game, opts), trace, probing, player, rooms: Vec::new() }
    }

    /// The search, its events sent to `sink`.
    pub fn run_to(mut self, sink: Sink) -> Trace {
        self.trace.attach(sink);
        let (lo, hi) = self.range;
        self.value(NodeId::ROOT, 0, 0, Bound::root(lo), Bound::root(hi));
        self.trace
    }

    fn direct(&self, id: NodeId, depth: u32) -> Option<(Num, LeafSource)> {
        match (self.player, &self.game.node(id).utility()) {
            (Some(p), Utility::Vector(v)) => Some((v[p as usize], LeafSource::Utility)),
            _ => self.order.direct_value(id, depth),
        }
    }

    fn maximizing(&self, kind: NodeKind) -> bool {
        match (self.player, kind) {
            (None, k) => k == NodeKind::Max,
            (Some(p), NodeKind::Player(q)) => p == q,
            (Some(_), _) => false,
        }
    }

    /// A node's value and what it says about the true value.
    pub fn value(&mut self, id: NodeId, child: u32, depth: u32, alpha: Bound, beta: Bound) -> (Num, BoundKind) {
        if let Some((v, source)) = self.direct(id, depth) {
            let window = Some(Window { alpha: alpha.v, beta: beta.v });
            let value = Value::Scalar(v);
            self.trace.push(Event::Leaf { node: id, child, window, value, source, negamax: None });
            return (v, BoundKind::Exact);
        }
        if self.game.node(id).kind() == NodeKind::Chance {
            return self.chance(id, child, depth, alpha, beta);
        }
        self.minmax(id, child, depth, alpha, beta, false)
    }

    /// MAX-VALUE or MIN-VALUE, as `alphabeta`; a `probe` searches only the
    /// first child and records no cut.
    pub fn minmax(&mut self, id: NodeId, child: u32, depth: u32, a: Bound, b: Bound, probe: bool) -> (Num, BoundKind) {
        let window = Window { alpha: a.v, beta: b.v };
        let node = id;
        let w = Some(window);
        self.trace.push(if probe {
            Event::Probe { node, child, window: w }
        } else {
            Event::Enter { node, child, window: w }
        });
        let maximizing = self.maximizing(self.game.node(id).kind());
        let mut step = Step::new(maximizing, depth, self.range, a, b);
        let order = self.order.children(id, depth);
        let searched = if probe { 1 } else { order.len() };
        for (k, &i) in order.iter().enumerate().take(searched) {
            let c = self.game.node(id).children()[i as usize].child;
            let scored = self.value(c, i, depth + 1, step.alpha, step.beta);
            let rest = &order[k + 1..];
            let stop = step.child(&mut self.trace, i, scored, self.opts.cuts, rest, probe);
            if probe && !rest.is_empty() {
                step.skip_rest();
            }
            if stop {
                break;
            }
        }
        self.order.give_back(order);
        let (v, known) = (step.v, step.known);
        if probe {
            return self.probe_exit(maximizing, known);
        }
        self.exit(v, known, window)
    }

    /// A probe returns what its one child proved, even when that is only
    /// the declared range: a MIN node `≤` its first reply, a MAX node `≥`.
    fn probe_exit(&mut self, maximizing: bool, known: Interval) -> (Num, BoundKind) {
        let (v, bound) = match (known.lo == known.hi, maximizing) {
            (true, _) => (known.lo, BoundKind::Exact),
            (false, true) => (known.lo, BoundKind::Lower),
            (false, false) => (known.hi, BoundKind::Upper),
        };
        self.trace.push(Event::Exit { value: Value::Scalar(v), bound, negamax: None });
        (v, bound)
    }

    /// Leaves a node: fail-soft or fail-hard, classified by what is known.
    pub fn exit(&mut self, v: Num, known: Interval, window: Window) -> (Num, BoundKind) {
        crate::search::alphabeta::exit(&mut self.trace, self.opts.fail, v, known, window)
    }

    /// A CHANCE node: Star1's window arithmetic (and `star2`'s probes).
    fn chance(&mut self, id: NodeId, child: u32, depth: u32, alpha: Bound, beta: Bound) -> (Num, BoundKind) {
        let window = Window { alpha: alpha.v, beta: beta.v };
        self.trace.push(Event::Enter { node: id, child, window: Some(window) });
        let order = self.order.children(id, depth);
        let room = self.rooms.pop().unwrap_or_default();
        let mut bet = Chance::new(room, self.game.probs(id), depth, alpha, beta, self.range);
        let out = self.chance_children(id, depth, &order, &mut bet, window);
        self.rooms.push(bet.room());
        self.order.give_back(order);
        out
    }

    /// The CHANCE node's children, in `order`.
    fn chance_children(
        &mut self,
        id: NodeId,
        depth: u32,
        order: &[u32],
        bet: &mut Chance,
        window: Window,
    ) -> (Num, BoundKind) {
        if self.probing {
            let outcome = self.probe_phase(id, order, bet);
            if let Some(high) = outcome {
                return self.chance_exit(bet, Some(high), window, WeightedSum::default());
            }
        }
        // `Σ pᵢ·cvᵢ` so far, reduced only when an update records it or no
        // cut comes (the fold of `sum + pᵢ·cv`: `add_product` is that).
        let mut sum = WeightedSum::default();
        for (k, &i) in order.iter().enumerate() {
            let (a, b) = bet.window(i as usize, self.range);
            let c = self.game.node(id).children()[i as usize].child;
            let (cv, cb) = self.value(c, i, depth + 1, a, b);
            bet.learn(i as usize, Interval::of(cv, cb, self.range));
            sum.add_product(bet.probs[i as usize], cv);
            if self.trace.records_update(false) {
                let (value, now) = (Value::Scalar(sum.value()), Some(window));
                self.trace.push(Event::Update { child: i, value, window: now, best: false });
            }
            let Some(high) = bet.cut(self.opts) else { continue };
            let pruned = &order[k + 1..];
            if !pruned.is_empty() {
                self.push_chance_cut(bet, high, pruned.to_vec());
            }
            return self.chance_exit(bet, Some(high), window, sum);
        }
        self.chance_exit(bet, None, window, sum)
    }

    pub(crate) fn push_chance_cut(&mut self, bet: &Chance, high: bool, pruned: Vec<u32>) {
        let (lo, hi) = bet.totals();
        let (value, bound) = if high { (lo, bet.beta) } else { (hi, bet.alpha) };
        let kind = CutKind::Chance { high };
        self.trace.push(Event::Cut { kind, value, bound: bound.v, cause: bound.cause, pruned });
    }

    /// Returns the weighted `sum` of the children's values, or on a cut
    /// the bound that cut.
    fn chance_exit(&mut self, bet: &Chance, cut: Option<bool>, w: Window, sum: WeightedSum) -> (Num, BoundKind) {
        let (lo, hi) = bet.totals();
        let v = match cut {
            Some(true) => lo,
            Some(false) => hi,
            None => sum.value(),
        };
        self.exit(v, Interval { lo, hi }, w)
    }
}
