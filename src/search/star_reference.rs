//! The Star1/Star2 engine as it was before its chance sums were kept
//! incrementally (`star1.rs`, `star2.rs` and `star_chance.rs` at `bc9a507`,
//! doc comments dropped, names prefixed `Old`), kept only as the oracle of
//! `star_tests.rs`: the new engine must record the same trace, bit for bit.

#![allow(dead_code)]

use crate::model::{Game, NodeId, NodeKind, Utility};
use crate::num::Num;
use crate::search::alphabeta::{Bound, Step};
use crate::search::options::Options;
use crate::search::order::Orderer;
use crate::search::trace::{BoundKind, Cause, CutKind, Event, LeafSource, Trace, Value, Window};
use crate::search::{Algorithm, Interval, root_window};

/// The search shared by `star1`, `star2` and `paranoid`.
pub(crate) struct OldStar<'g> {
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
}

impl<'g> OldStar<'g> {
    pub fn new(game: &'g Game, opts: &'g Options, algorithm: Algorithm, player: Option<u16>) -> OldStar<'g> {
        let trace = Trace::new(algorithm, opts);
        let range = root_window(game, opts);
        let probing = algorithm == Algorithm::Star2;
        OldStar { game, opts, range, order: Orderer::new(game, opts), trace, probing, player }
    }

    pub fn run(mut self) -> Trace {
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
        let n = self.game.node(id).children().len();
        let probs: Vec<Num> = (0..n).map(|i| self.game.prob(id, i)).collect();
        let mut known = vec![Interval { lo: self.range.0, hi: self.range.1 }; n];
        let order = self.order.children(id, depth);
        let mut bet = OldChance::new(probs, depth, alpha, beta, self.range);
        if self.probing {
            let outcome = self.probe_phase(id, &order, &mut bet, &mut known);
            if let Some(high) = outcome {
                return self.chance_exit(&bet, &known, Some(high), window, Num::ZERO);
            }
        }
        let mut sum = Num::ZERO;
        for (k, &i) in order.iter().enumerate() {
            let (a, b) = bet.window(i as usize, &known, self.range);
            let c = self.game.node(id).children()[i as usize].child;
            let (cv, cb) = self.value(c, i, depth + 1, a, b);
            bet.learn(&mut known, i as usize, Interval::of(cv, cb, self.range));
            sum = sum + bet.probs[i as usize] * cv;
            let now = Some(window);
            self.trace.push(Event::Update { child: i, value: Value::Scalar(sum), window: now, best: false });
            let Some(high) = bet.cut(&known, self.opts) else { continue };
            let pruned = &order[k + 1..];
            if !pruned.is_empty() {
                self.push_chance_cut(&bet, &known, high, pruned.to_vec());
            }
            return self.chance_exit(&bet, &known, Some(high), window, sum);
        }
        self.chance_exit(&bet, &known, None, window, sum)
    }

    pub(crate) fn push_chance_cut(&mut self, bet: &OldChance, known: &[Interval], high: bool, pruned: Vec<u32>) {
        let (lo, hi) = bet.totals(known);
        let (value, bound) = if high { (lo, bet.beta) } else { (hi, bet.alpha) };
        let kind = CutKind::Chance { high };
        self.trace.push(Event::Cut { kind, value, bound: bound.v, cause: bound.cause, pruned });
    }

    /// Returns the weighted `sum` of the children's values, or on a cut
    /// the bound that cut.
    fn chance_exit(
        &mut self,
        bet: &OldChance,
        known: &[Interval],
        cut: Option<bool>,
        w: Window,
        sum: Num,
    ) -> (Num, BoundKind) {
        let (lo, hi) = bet.totals(known);
        let v = match cut {
            Some(true) => lo,
            Some(false) => hi,
            None => sum,
        };
        self.exit(v, Interval { lo, hi }, w)
    }
}

impl OldStar<'_> {
    /// Probes the children of chance node `id`, narrowing `known`; returns
    /// `Some(high)` when the chance node is cut during probing (the cut is
    /// recorded, every child counted as pruned).
    pub(crate) fn probe_phase(
        &mut self,
        id: NodeId,
        order: &[u32],
        bet: &mut OldChance,
        known: &mut [Interval],
    ) -> Option<bool> {
        for &i in order {
            let c = self.game.node(id).children()[i as usize].child;
            let node = self.game.node(c);
            let probeable = matches!(node.kind(), NodeKind::Max | NodeKind::Min)
                && self.order.direct_value(c, bet.depth + 1).is_none();
            if !probeable {
                continue;
            }
            let (a, b) = bet.window(i as usize, known, self.range);
            let (v, bound) = self.minmax(c, i, bet.depth + 1, a, b, true);
            bet.learn(known, i as usize, Interval::of(v, bound, self.range));
            if let Some(high) = bet.cut(known, self.opts) {
                self.push_chance_cut(bet, known, high, order.to_vec());
                return Some(high);
            }
        }
        None
    }
}

/// A chance node's probabilities and window, and the arithmetic on them.
pub(crate) struct OldChance {
    pub probs: Vec<Num>,
    pub depth: u32,
    pub alpha: Bound,
    pub beta: Bound,
    /// `pⱼ·loⱼ` and `pⱼ·hiⱼ` of `known[j]`, kept as `known` changes
    /// ([`OldChance::learn`]): the sums below add them in the same order as
    /// before, without multiplying again (exact rationals cost a gcd each).
    lo: Vec<Num>,
    hi: Vec<Num>,
}

impl OldChance {
    /// Nothing known yet: every child in `[L, U]` (`range`).
    pub fn new(probs: Vec<Num>, depth: u32, alpha: Bound, beta: Bound, range: (Num, Num)) -> OldChance {
        let lo = probs.iter().map(|&p| p * range.0).collect();
        let hi = probs.iter().map(|&p| p * range.1).collect();
        OldChance { probs, depth, alpha, beta, lo, hi }
    }

    /// Records what is now known of child `i`.
    pub fn learn(&mut self, known: &mut [Interval], i: usize, k: Interval) {
        (self.lo[i], self.hi[i]) = (self.probs[i] * k.lo, self.probs[i] * k.hi);
        known[i] = k;
    }

    /// `(Σ pⱼ·loⱼ, Σ pⱼ·hiⱼ)`: what the node's value can still be.
    pub fn totals(&self, known: &[Interval]) -> (Num, Num) {
        debug_assert_eq!(known.len(), self.lo.len());
        let sum = |terms: &[Num]| terms.iter().fold(Num::ZERO, |acc, &t| acc + t);
        (sum(&self.lo), sum(&self.hi))
    }

    /// `Some(false)`: fail low (`Σ p·hi ≤ α`); `Some(true)`: fail high.
    pub fn cut(&self, known: &[Interval], opts: &Options) -> Option<bool> {
        let (lo, hi) = self.totals(known);
        if opts.cuts.alpha_cut(hi, self.alpha.v) {
            Some(false)
        } else if opts.cuts.beta_cut(lo, self.beta.v) {
            Some(true)
        } else {
            None
        }
    }

    /// Child i's window: `(max(Aᵢ, L), min(Bᵢ, U))`, each bound caused by
    /// this chance node when it is tighter than the declared range.
    pub fn window(&self, i: usize, known: &[Interval], range: (Num, Num)) -> (Bound, Bound) {
        let p = self.probs[i];
        let (lo_bound, hi_bound) =
            (Bound { v: range.0, cause: Cause::Bounds }, Bound { v: range.1, cause: Cause::Bounds });
        if p.is_zero() {
            return (lo_bound, hi_bound);
        }
        let others = |terms: &[Num]| (0..known.len()).filter(|&j| j != i).fold(Num::ZERO, |acc, j| acc + terms[j]);
        let a = (self.alpha.v - others(&self.hi)) / p;
        let b = (self.beta.v - others(&self.lo)) / p;
        let mine = Cause::Ancestor(self.depth);
        let alpha = if a > range.0 { Bound { v: a, cause: mine } } else { lo_bound };
        let beta = if b < range.1 { Bound { v: b, cause: mine } } else { hi_bound };
        (alpha, beta)
    }
}
