//! `minimax` and `alphabeta` run symbolically over a box of assignments:
//! each unknown leaf lies in an integer interval, and every comparison the
//! real search makes (`v > best`, `v >= β`, clamping, saying whether a
//! returned value is exact or a bound) is either decided over the whole
//! box or answered with the split that would decide it.
//!
//! On MAX/MIN trees searched in written (or reverse) order without a depth
//! cutoff, every value these searches hold — a node's running value, α, β,
//! what they return — is a leaf's value, a declared bound or ±∞. So a value
//! is a [`Sym`]: a constant, or "the value of unknown k". When every
//! comparison is decided over a box, the real search makes the same
//! choices for every assignment in it: the same events, with each value
//! the same constant or the same unknown's value. Two unknowns are also
//! decided by the box's order relations (`relations.rs`).
//!
//! `negamax` and `negamax-ab` compare the same values as `minimax` and
//! `alphabeta`, negated at MIN nodes (`-v > -best` is `v < best`, `-v >=
//! -α` is `v <= α`), so the same mirrors stand for them in MAX's view;
//! only `negamax-ab`'s bound at a MIN node is classified on the negated
//! numbers (`Search::classify_negated`). `negamax-tt` where no position is
//! shared and `ids` where no node has an `eval` make the same comparisons
//! as `negamax-ab` and `alphabeta` ([`mirrored`] says why).
//!
//! Invariant: [`run`] returns `Ok` only when every comparison the search
//! makes is decided (less, equal or greater) over the whole box. The mirror
//! of `src/search/alphabeta.rs` (`Step::child`, `exit`, `Interval`) must
//! stay step for step; the differential property test in
//! `tests/puzzle_laws.rs` holds the two to it.

use std::cmp::Ordering;

use crate::check::expect::{Expect, Fact, LeafExpect};
use crate::check::puzzle::relations::Region;
use crate::model::{Game, NodeId, NodeKind, Path, Utility};
use crate::num::Num;
use crate::search::Algorithm;
use crate::search::options::{CutRule, FailMode, Order};
use crate::search::trace::BoundKind;

/// A value during a symbolic search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Sym {
    Const(Num),
    /// The value of unknown `k` (the k-th `?` leaf, left to right).
    Unknown(usize),
}

/// How to cut a region that a comparison does not decide.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Split {
    /// Cut unknown `k`'s interval `[lo, hi]` into `[lo, at]` and
    /// `[at + 1, hi]` (`lo <= at < hi`).
    At { k: usize, at: i64 },
    /// Cut it into the regions where unknown `i` is less than, equal to
    /// and greater than unknown `j`.
    Order(usize, usize),
}

/// Why a symbolic search stopped early.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Stop {
    /// A comparison is not decided over the box: split it here.
    Split(Split),
    /// What the search did before this point (the same for every
    /// assignment in the box) already contradicts the expectation.
    Contradicts,
}

impl From<Split> for Stop {
    fn from(s: Split) -> Stop {
        Stop::Split(s)
    }
}

/// A box: unknown k lies in `intervals[k]` (inclusive), positions on a
/// [`Scale`].
pub(super) type Intervals = [(i64, i64)];

/// Whether a comparison between unknowns `i` and `j` splits by order
/// ([`Split::Order`]) rather than by value: when their intervals share at
/// least two positions (sharing one, a value split decides it in two
/// boxes), and there are at most 63 unknowns (`ordered.rs` counts a region
/// with relations over sets of them held in 64 bits).
fn by_order(b: &Intervals, i: usize, j: usize) -> bool {
    let shared = b[i].1.min(b[j].1).saturating_sub(b[i].0.max(b[j].0));
    shared >= 1 && b.len() <= crate::check::puzzle::ordered::MAX_UNITS
}

/// What the positions of a box's intervals stand for.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Scale {
    /// Position i is the integer i.
    Integers,
    /// Position i is `values[i]` (distinct, increasing), which a multiset
    /// holds `counts[i]` times.
    Values { values: Vec<Num>, counts: Vec<usize> },
}

impl Scale {
    pub fn multiset(vs: &[Num]) -> Scale {
        let mut sorted = vs.to_vec();
        sorted.sort();
        let (mut values, mut counts): (Vec<Num>, Vec<usize>) = (Vec::new(), Vec::new());
        for v in sorted {
            match values.last() {
                Some(&last) if last == v => *counts.last_mut().unwrap_or(&mut 0) += 1,
                _ => {
                    values.push(v);
                    counts.push(1);
                }
            }
        }
        Scale::Values { values, counts }
    }

    /// The value at position `i`.
    pub fn num(&self, i: i64) -> Num {
        match self {
            Scale::Integers => Num::int(i),
            Scale::Values { values, .. } => {
                usize::try_from(i).ok().and_then(|i| values.get(i)).copied().unwrap_or(Num::ZERO)
            }
        }
    }
}

/// Whether the symbolic searches can stand in for the real ones on this
/// game and these expectations.
pub(super) fn applies(game: &Game, expects: &[Expect]) -> bool {
    let tree = game.ids().all(|id| matches!(game.node(id).kind(), NodeKind::Max | NodeKind::Min | NodeKind::Leaf));
    tree && expects.iter().all(|e| {
        let o = &e.options;
        mirrored(game, e).is_some()
            && matches!(o.order, Order::Spec | Order::Reverse)
            && o.depth.is_none()
            && o.beam.is_none()
            && o.singular.is_none()
            && !o.quiescence
    })
}

/// The search the mirrors run for `e`, and its fail mode, when they can
/// stand for it. Besides the four they mirror:
///
/// - `negamax-tt` on a game where no position is shared (no `&` edge, no
///   `[key=…]`): every node is entered once, so every probe misses and
///   the table never narrows a window or answers a node; what is left is
///   `negamax-ab`, always fail-soft (the table's bounds are fail-soft).
/// - `ids` on a game with no `eval`: each iteration short of the tree's
///   height meets an inner node at its horizon with no `eval` and is
///   skipped, so the only search is the last, `alphabeta` to the end of
///   the tree in the written order.
///
/// The table's events, passes and statistics are read off the real search
/// at each box's corner (`boxes.rs` judges a decided box by running it),
/// so only the comparisons need to be the same.
fn mirrored(game: &Game, e: &Expect) -> Option<(Algorithm, FailMode)> {
    match e.algorithm {
        a @ (Algorithm::Minimax | Algorithm::Alphabeta | Algorithm::Negamax | Algorithm::NegamaxAb) => {
            Some((a, e.options.fail))
        }
        Algorithm::NegamaxTt if !game.shares_positions() => Some((Algorithm::NegamaxAb, FailMode::Soft)),
        Algorithm::Ids if game.nodes().all(|n| n.eval().is_none()) => Some((Algorithm::Alphabeta, e.options.fail)),
        _ => None,
    }
}

/// Compares two values over the whole region, or says which split
/// decides it.
pub(super) fn compare(scale: &Scale, r: &Region, x: Sym, y: Sym) -> Result<Ordering, Split> {
    let b = r.iv.as_slice();
    match (x, y) {
        (Sym::Const(p), Sym::Const(q)) => Ok(p.cmp(&q)),
        (Sym::Unknown(k), Sym::Const(c)) => against(scale, b, k, c),
        (Sym::Const(c), Sym::Unknown(k)) => against(scale, b, k, c).map(Ordering::reverse),
        (Sym::Unknown(i), Sym::Unknown(j)) if i == j => Ok(Ordering::Equal),
        (Sym::Unknown(i), Sym::Unknown(j)) => match between(b, i, j) {
            Ok(o) => Ok(o),
            Err(split) => match r.decide(i, j) {
                Some(o) => Ok(o),
                None if by_order(b, i, j) => Err(Split::Order(i, j)),
                None => Err(split),
            },
        },
    }
}

/// Unknown `k` against the constant `c`.
pub(super) fn against(scale: &Scale, b: &Intervals, k: usize, c: Num) -> Result<Ordering, Split> {
    let (lo, hi) = b[k];
    if scale.num(hi) < c {
        return Ok(Ordering::Less);
    }
    if scale.num(lo) > c {
        return Ok(Ordering::Greater);
    }
    if lo == hi {
        return Ok(Ordering::Equal); // lo <= c <= hi = lo
    }
    if scale.num(lo) < c {
        // The largest `at` in [lo, hi - 1] below c: [lo, at] < c <= [at + 1, hi].
        let (mut a, mut z) = (lo, hi - 1);
        while a < z {
            let mid = midpoint(a, z, 1);
            if scale.num(mid) < c { a = mid } else { z = mid - 1 }
        }
        return Err(Split::At { k, at: a });
    }
    Err(Split::At { k, at: lo }) // c = lo: [lo, lo] = c < [lo + 1, hi]
}

/// Two different unknowns (positions are in the values' order).
fn between(b: &Intervals, i: usize, j: usize) -> Result<Ordering, Split> {
    let ((li, hi), (lj, hj)) = (b[i], b[j]);
    if hi < lj {
        return Ok(Ordering::Less);
    }
    if li > hj {
        return Ok(Ordering::Greater);
    }
    if li == hi && lj == hj {
        return Ok(Ordering::Equal); // overlapping single points
    }
    // Cut the wider interval where the other begins or ends; when the two
    // are the same, in half. Each piece is smaller, so splitting ends.
    let width = |l: i64, h: i64| h.abs_diff(l);
    let (x, (lx, hx), (ly, hy)) = if width(li, hi) >= width(lj, hj) { (i, b[i], b[j]) } else { (j, b[j], b[i]) };
    let at = if lx < ly {
        ly - 1
    } else if hy < hx {
        hy
    } else {
        midpoint(lx, hx, 0)
    };
    Err(Split::At { k: x, at })
}

/// The middle of `a..=z` (`a <= z`), rounded up by `up` (0 or 1), without
/// overflow for any `i64`s.
fn midpoint(a: i64, z: i64, up: i128) -> i64 {
    let mid = (i128::from(a) + i128::from(z) + up).div_euclid(2);
    i64::try_from(mid).unwrap_or(a)
}

/// Runs `e`'s search symbolically over box `b`; marks in `seen` the
/// unknowns the search evaluates. `Err(Stop::Contradicts)` when the part
/// of the search before an undecided comparison already breaks an
/// expected `pruned`, `visited` or `leaves` fact.
pub(super) fn run(
    game: &Game,
    slots: &[Option<usize>],
    e: &Expect,
    (scale, b): (&Scale, &Region),
    seen: &mut [bool],
) -> Result<(), Stop> {
    let range = match game.bounds() {
        Some((lo, hi)) if !e.options.ignore_bounds => (Sym::Const(lo), Sym::Const(hi)),
        _ => (Sym::Const(Num::NEG_INF), Sym::Const(Num::INF)),
    };
    let pick = |f: &Fact| match f {
        Fact::Pruned(p) => Some(p.clone()),
        _ => None,
    };
    let pruned: Vec<Path> = e.items.iter().filter_map(|i| pick(&i.fact)).flatten().collect();
    let any_pruned = e.items.iter().any(|i| matches!(i.fact, Fact::Pruned(_)));
    let visited = e.items.iter().find_map(|i| if let Fact::Visited(v) = &i.fact { Some(v.as_slice()) } else { None });
    let leaves = e.items.iter().find_map(|i| if let Fact::Leaves(l) = &i.fact { Some(l.as_slice()) } else { None });
    let Some((algorithm, fail)) = mirrored(game, e) else {
        return Err(Stop::Contradicts);
    };
    let mut s = Search {
        game,
        slots,
        scale,
        b,
        seen,
        e,
        algorithm,
        fail,
        range,
        expected: Expected { pruned, any_pruned, visited, leaves },
        entered: 0,
        evaluated: 0,
    };
    match algorithm {
        Algorithm::Alphabeta | Algorithm::NegamaxAb => {
            s.alphabeta(NodeId::ROOT, &Path::root(), range.0, range.1).map(|_| ())
        }
        _ => s.minimax(NodeId::ROOT, &Path::root()).map(|_| ()),
    }
}

/// The expected facts a search can contradict as it goes.
struct Expected<'e> {
    /// Every path in every `pruned` item (a node entered that is listed
    /// contradicts each item listing it).
    pruned: Vec<Path>,
    any_pruned: bool,
    visited: Option<&'e [Path]>,
    leaves: Option<&'e [LeafExpect]>,
}

struct Search<'a> {
    game: &'a Game,
    /// For each node (by index), which unknown it is, if one.
    slots: &'a [Option<usize>],
    scale: &'a Scale,
    b: &'a Region,
    seen: &'a mut [bool],
    e: &'a Expect,
    /// The search mirrored and its fail mode ([`mirrored`]).
    algorithm: Algorithm,
    fail: FailMode,
    range: (Sym, Sym),
    expected: Expected<'a>,
    /// Nodes entered and leaves evaluated so far.
    entered: usize,
    evaluated: usize,
}

impl Search<'_> {
    fn cmp(&self, x: Sym, y: Sym) -> Result<Ordering, Split> {
        compare(self.scale, self.b, x, y)
    }

    /// `Num::max`: `y` only when greater.
    fn max(&self, x: Sym, y: Sym) -> Result<Sym, Split> {
        Ok(if self.cmp(y, x)? == Ordering::Greater { y } else { x })
    }

    /// `Num::min`: `y` only when less.
    fn min(&self, x: Sym, y: Sym) -> Result<Sym, Split> {
        Ok(if self.cmp(y, x)? == Ordering::Less { y } else { x })
    }

    /// Enters the node at `path` (checking it against `pruned` and
    /// `visited`); a leaf's value (marking an unknown as evaluated, and
    /// checked against `leaves`), or `None` for an inner node.
    fn enter(&mut self, id: NodeId, path: &Path) -> Result<Option<Sym>, Stop> {
        let x = &self.expected;
        if x.pruned.contains(path) || x.visited.is_some_and(|v| v.get(self.entered) != Some(path)) {
            return Err(Stop::Contradicts);
        }
        self.entered += 1;
        let node = self.game.node(id);
        let value = match (self.slots[id.index()], node.utility()) {
            (Some(k), _) => {
                self.seen[k] = true;
                Sym::Unknown(k)
            }
            (None, Utility::Scalar(v)) => Sym::Const(v),
            _ => return Ok(None),
        };
        if let Some(leaves) = self.expected.leaves {
            let ok = match leaves.get(self.evaluated) {
                None => false,
                Some(LeafExpect::Value(c)) => self.cmp(value, Sym::Const(*c))? == Ordering::Equal,
                Some(LeafExpect::Name(n)) => node.name() == Some(n),
                Some(LeafExpect::Path(p)) => p == path,
            };
            if !ok {
                return Err(Stop::Contradicts);
            }
        }
        self.evaluated += 1;
        Ok(Some(value))
    }

    /// A node stops with `rest` (written indices) unsearched.
    fn cut(&self, path: &Path, rest: &[usize]) -> Result<(), Stop> {
        let listed = |&i: &usize| self.expected.pruned.contains(&path.child(i as u32));
        match !self.expected.any_pruned || rest.iter().all(listed) {
            true => Ok(()),
            false => Err(Stop::Contradicts),
        }
    }

    /// The children's written indices in search order.
    fn order(&self, id: NodeId) -> Vec<usize> {
        let n = self.game.node(id).children().len();
        match self.e.options.order {
            Order::Reverse => (0..n).rev().collect(),
            _ => (0..n).collect(),
        }
    }

    fn minimax(&mut self, id: NodeId, path: &Path) -> Result<Sym, Stop> {
        if let Some(v) = self.enter(id, path)? {
            return Ok(v);
        }
        let maximizing = self.game.node(id).kind() == NodeKind::Max;
        let mut v = Sym::Const(if maximizing { Num::NEG_INF } else { Num::INF });
        for i in self.order(id) {
            let cv = self.minimax(self.game.node(id).child(i), &path.child(i as u32))?;
            let best = self.cmp(cv, v)? == if maximizing { Ordering::Greater } else { Ordering::Less };
            if best {
                v = cv;
            }
        }
        Ok(v)
    }

    /// `AlphaBeta::value` with `Step::child` and `exit`.
    fn alphabeta(&mut self, id: NodeId, path: &Path, alpha: Sym, beta: Sym) -> Result<(Sym, BoundKind), Stop> {
        if let Some(v) = self.enter(id, path)? {
            return Ok((v, BoundKind::Exact));
        }
        let window = (alpha, beta);
        let maximizing = self.game.node(id).kind() == NodeKind::Max;
        let start = Sym::Const(if maximizing { Num::NEG_INF } else { Num::INF });
        let (mut v, mut known) = (start, (start, start));
        let (mut alpha, mut beta) = (alpha, beta);
        let order = self.order(id);
        for (n, &i) in order.iter().enumerate() {
            let (cv, cb) = self.alphabeta(self.game.node(id).child(i), &path.child(i as u32), alpha, beta)?;
            let child = match cb {
                BoundKind::Exact => (cv, cv),
                BoundKind::Lower => (cv, self.range.1),
                BoundKind::Upper => (self.range.0, cv),
            };
            known = self.absorb(maximizing, known, child)?;
            let best = self.cmp(cv, v)? == if maximizing { Ordering::Greater } else { Ordering::Less };
            if best {
                v = cv;
            }
            let cut = match (maximizing, self.e.options.cuts) {
                (true, CutRule::OnEquality) => self.cmp(v, beta)? != Ordering::Less,
                (true, CutRule::Strict) => self.cmp(v, beta)? == Ordering::Greater,
                (false, CutRule::OnEquality) => self.cmp(v, alpha)? != Ordering::Greater,
                (false, CutRule::Strict) => self.cmp(v, alpha)? == Ordering::Less,
            };
            if !cut && maximizing && self.cmp(v, alpha)? == Ordering::Greater {
                alpha = v;
            } else if !cut && !maximizing && self.cmp(v, beta)? == Ordering::Less {
                beta = v;
            }
            if cut && n + 1 < order.len() {
                known = self.absorb(maximizing, known, self.range)?;
                self.cut(path, &order[n + 1..])?;
            }
            if cut {
                break;
            }
        }
        let returned = match self.fail {
            FailMode::Soft => v,
            FailMode::Hard => {
                let up = self.max(v, window.0)?;
                self.min(up, window.1)?
            }
        };
        let bound = match (maximizing, self.algorithm) {
            (false, Algorithm::NegamaxAb) => self.classify_negated(known, returned, window)?,
            _ => self.classify(known, returned, window)?,
        };
        Ok((returned, bound))
    }

    /// `Interval::absorb`.
    fn absorb(&self, maximizing: bool, known: (Sym, Sym), child: (Sym, Sym)) -> Result<(Sym, Sym), Split> {
        Ok(match maximizing {
            true => (self.max(known.0, child.0)?, self.max(known.1, child.1)?),
            false => (self.min(known.0, child.0)?, self.min(known.1, child.1)?),
        })
    }

    /// `Interval::classify`.
    fn classify(&self, known: (Sym, Sym), value: Sym, window: (Sym, Sym)) -> Result<BoundKind, Split> {
        use Ordering::*;
        let point = self.cmp(known.0, known.1)? == Equal;
        Ok(if point && self.cmp(known.0, value)? == Equal {
            BoundKind::Exact
        } else if self.cmp(known.1, value)? != Greater {
            BoundKind::Upper
        } else if self.cmp(known.0, value)? != Less {
            BoundKind::Lower
        } else if self.cmp(value, window.0)? != Greater {
            BoundKind::Upper
        } else {
            BoundKind::Lower
        })
    }

    /// `Interval::classify` as `negamax-ab` runs it at a MIN node: on the
    /// negated interval, value and window (`(-hi, -lo)`, `-v`, `(-β, -α)`),
    /// its answer flipped back to MAX's view. The same as [`Self::classify`]
    /// except on an empty or null window (`α >= β`, which `--strict-cuts`
    /// can make), where a value at both ends is a lower bound here.
    fn classify_negated(&self, known: (Sym, Sym), value: Sym, window: (Sym, Sym)) -> Result<BoundKind, Split> {
        use Ordering::*;
        let point = self.cmp(known.0, known.1)? == Equal;
        Ok(if point && self.cmp(known.1, value)? == Equal {
            BoundKind::Exact
        } else if self.cmp(known.0, value)? != Less {
            BoundKind::Lower
        } else if self.cmp(known.1, value)? != Greater {
            BoundKind::Upper
        } else if self.cmp(value, window.1)? != Less {
            BoundKind::Lower
        } else {
            BoundKind::Upper
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::trace::Event;

    /// The bound the mirror gives each inner node (`exit`'s `classify`,
    /// fed by the bounds of the nodes below it), searched with the window
    /// the real search gave it, is the real search's, for `alphabeta` and
    /// `negamax-ab` (which classifies at MIN nodes on negated numbers),
    /// both cut rules and both fail modes, on every filling with 0..3 of a
    /// two-ply tree under a MAX root and under a MIN root, with bounds
    /// [0, 3] (finite windows, and null ones under strict cuts) and without
    /// (a cut node's bound then reaches ±∞).
    #[test]
    fn the_mirror_bounds_each_node_as_the_real_searches_do() {
        let shapes = [("MAX", "MIN"), ("MIN", "MAX")];
        let mut kinds = std::collections::BTreeSet::new();
        for ((root, child), head) in shapes.into_iter().flat_map(|s| [(s, "bounds [0, 3]\n"), (s, "")]) {
            for filling in 0..4u32.pow(6) {
                let v: Vec<u32> = (0..6).map(|i| filling / 4u32.pow(i) % 4).collect();
                let tree = format!(
                    "{head}{root} {{ {child} {{ {} {} }} {child} {{ {} {} }} {child} {{ {} {} }} }}\n",
                    v[0], v[1], v[2], v[3], v[4], v[5]
                );
                for algorithm in ["alphabeta", "negamax-ab"] {
                    for opts in ["", "(strict-cuts)", "(fail-hard)", "(strict-cuts, fail-hard)"] {
                        let text = format!("{tree}expect {algorithm}{opts} {{ value 0 }}\n");
                        let spec = crate::check::spec::load("t.tree", &text).expect("loads");
                        let e = &spec.expects[0];
                        let real = crate::search::run(&spec.game, e.algorithm, &e.options).expect("runs");
                        let mut open = Vec::new();
                        for event in real.events() {
                            match event {
                                Event::Enter { node, window: Some(w), .. } => open.push((node, w)),
                                Event::Exit { bound, .. } => {
                                    let (node, w) = open.pop().expect("entered");
                                    let got = mirror(&spec.game, e, node, (w.alpha, w.beta));
                                    assert_eq!(got, Some(bound), "{text}node {node:?}, window {w:?}");
                                    kinds.insert(format!("{:?} {bound:?}", spec.game.node(node).kind()));
                                }
                                _ => {}
                            }
                        }
                    }
                }
            }
        }
        // Cut nodes' bounds were compared as well as exact values (a MAX
        // node cut is a lower bound, a MIN node's an upper one).
        assert!(kinds.contains("Max Lower") && kinds.contains("Min Upper"), "{kinds:?}");
    }

    /// The bound the mirror returns for `node` searched with `window`.
    fn mirror(game: &Game, e: &Expect, node: NodeId, (alpha, beta): (Num, Num)) -> Option<BoundKind> {
        let region = Region::new(0, 0, 0);
        let slots = vec![None; game.len()];
        let range = match game.bounds() {
            Some((lo, hi)) => (Sym::Const(lo), Sym::Const(hi)),
            None => (Sym::Const(Num::NEG_INF), Sym::Const(Num::INF)),
        };
        let expected = Expected { pruned: vec![], any_pruned: false, visited: None, leaves: None };
        let mut s = Search {
            game,
            slots: &slots,
            scale: &Scale::Integers,
            b: &region,
            seen: &mut [],
            e,
            algorithm: e.algorithm,
            fail: e.options.fail,
            range,
            expected,
            entered: 0,
            evaluated: 0,
        };
        s.alphabeta(node, &Path::root(), Sym::Const(alpha), Sym::Const(beta)).ok().map(|(_, b)| b)
    }
}
