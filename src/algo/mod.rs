//! The search algorithms, one per file, and which trees each applies to.
//!
//! Each algorithm is a pure function `fn(&Game, &Options) -> Trace`. [`run`]
//! checks that the algorithm applies to the tree and that a depth cutoff
//! finds an `eval` everywhere it needs one, then runs it.
//!
//! | algorithm | trees |
//! |---|---|
//! | `minimax`, `negamax`, `alphabeta`, `negamax-ab` | MAX/MIN only |
//! | `expectiminimax` | MAX/MIN/CHANCE |
//! | `maxn` | multi-player games (`players`), CHANCE allowed |

mod alphabeta;
mod expectiminimax;
pub mod horizon;
mod maxn;
mod minimax;
mod negamax;
mod negamax_ab;
pub mod order;

use std::collections::HashSet;
use std::fmt;

use crate::diagnostic::{Diagnostic, DiagnosticKind};
use crate::model::{Game, NodeId, NodeKind, Utility};
use crate::num::Num;
use crate::options::Options;
use crate::trace::{BoundKind, LeafSource, Trace};

/// The algorithms, by their command-line names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// `minimax`: AIMA MINIMAX-DECISION.
    Minimax,
    /// `negamax`: negamax with color.
    Negamax,
    /// `alphabeta`: AIMA ALPHA-BETA-SEARCH (fail-soft; `--fail-hard`).
    Alphabeta,
    /// `negamax-ab`: negamax with alpha-beta.
    NegamaxAb,
    /// `expectiminimax`: MAX/MIN/CHANCE, no pruning.
    Expectiminimax,
    /// `maxn`: multi-player vectors.
    Maxn,
}

impl Algorithm {
    pub const ALL: &[Algorithm] = &[
        Algorithm::Minimax,
        Algorithm::Negamax,
        Algorithm::Alphabeta,
        Algorithm::NegamaxAb,
        Algorithm::Expectiminimax,
        Algorithm::Maxn,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::Negamax => "negamax",
            Algorithm::Alphabeta => "alphabeta",
            Algorithm::NegamaxAb => "negamax-ab",
            Algorithm::Expectiminimax => "expectiminimax",
            Algorithm::Maxn => "maxn",
        }
    }

    pub fn names() -> Vec<&'static str> {
        Algorithm::ALL.iter().map(|a| a.name()).collect()
    }

    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.iter().copied().find(|a| a.name() == name)
    }

    /// Does it keep an `(α, β)` window (and so report windows and cuts)?
    pub fn uses_window(self) -> bool {
        match self {
            Algorithm::Minimax | Algorithm::Negamax | Algorithm::Expectiminimax | Algorithm::Maxn => false,
            Algorithm::Alphabeta | Algorithm::NegamaxAb => true,
        }
    }

    /// Does it report side-to-move (negamax) values?
    pub fn is_negamax(self) -> bool {
        match self {
            Algorithm::Minimax | Algorithm::Alphabeta | Algorithm::Expectiminimax | Algorithm::Maxn => false,
            Algorithm::Negamax | Algorithm::NegamaxAb => true,
        }
    }

    /// Does it take its horizon from [`order::Orderer`] (children and
    /// `direct_value` both), so that singular extensions reach it? An
    /// algorithm that calls the free [`direct_value`] honours `--depth`,
    /// `--quiescence` and `--beam` but not `--singular-extension`.
    pub fn follows_orderer_horizon(self) -> bool {
        match self {
            Algorithm::Minimax
            | Algorithm::Negamax
            | Algorithm::Alphabeta
            | Algorithm::NegamaxAb
            | Algorithm::Expectiminimax => true,
            Algorithm::Maxn => false,
        }
    }

    /// Why it cannot run on `game`, pointing at the node that prevents it.
    pub fn applies(self, game: &Game) -> Result<(), Diagnostic> {
        let not = |id: NodeId, why: &str| {
            Diagnostic::new(
                DiagnosticKind::NotApplicable { algorithm: self.name().to_string(), why: why.to_string() },
                game.node(id).span,
            )
        };
        if let Some(id) = game.find(|n| n.utility == Utility::Unknown) {
            return Err(Diagnostic::new(DiagnosticKind::UnknownLeaf, game.node(id).span));
        }
        let chance = game.find(|n| n.kind == NodeKind::Chance);
        match self {
            Algorithm::Maxn if !game.is_multiplayer() => {
                Err(not(NodeId::ROOT, "it is a two-player game (declare `players` for max^n)"))
            }
            Algorithm::Maxn => Ok(()),
            _ if game.is_multiplayer() => Err(not(NodeId::ROOT, "it is a multi-player game (use maxn)")),
            Algorithm::Expectiminimax => Ok(()),
            Algorithm::Minimax | Algorithm::Negamax | Algorithm::Alphabeta | Algorithm::NegamaxAb => match chance {
                Some(id) => Err(not(id, "it has CHANCE nodes (use expectiminimax)")),
                None => Ok(()),
            },
        }
    }

    pub fn search(self, game: &Game, opts: &Options) -> Trace {
        match self {
            Algorithm::Minimax => minimax::minimax(game, opts),
            Algorithm::Negamax => negamax::negamax(game, opts),
            Algorithm::Alphabeta => alphabeta::alphabeta(game, opts),
            Algorithm::NegamaxAb => negamax_ab::negamax_ab(game, opts),
            Algorithm::Expectiminimax => expectiminimax::expectiminimax(game, opts),
            Algorithm::Maxn => maxn::maxn(game, opts),
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Runs `algo` on `game`, after checking it applies and that the horizon
/// options make sense; the trace records what the horizon did.
pub fn run(game: &Game, algo: Algorithm, opts: &Options) -> Result<Trace, Diagnostic> {
    algo.applies(game)?;
    let not = |why: &str| {
        Diagnostic::new(
            DiagnosticKind::NotApplicable { algorithm: algo.name().into(), why: why.into() },
            game.root().span,
        )
    };
    if let (Algorithm::Maxn, Some(_)) = (algo, opts.depth) {
        return Err(not("a depth cutoff needs vector evaluations, which specs cannot give"));
    }
    if let (Algorithm::Maxn, Some(_)) = (algo, opts.beam) {
        return Err(not("forward pruning ranks moves by a scalar `eval`, which max^n cannot use"));
    }
    if opts.depth.is_none() && (opts.quiescence || opts.singular.is_some()) {
        return Err(not("--quiescence and --singular-extension extend a depth cutoff: give --depth N too"));
    }
    if opts.singular.is_some() && !algo.follows_orderer_horizon() {
        return Err(not("it does not implement --singular-extension"));
    }
    check_horizon_with(game, opts)?;
    Ok(horizon::annotate(game, algo.search(game, opts)))
}

/// Every algorithm that applies to `game`.
pub fn applicable(game: &Game) -> Vec<Algorithm> {
    Algorithm::ALL.iter().copied().filter(|a| a.applies(game).is_ok()).collect()
}

/// Fails on the first inner node at depth `depth` that has no `eval`.
pub fn check_horizon(game: &Game, depth: u32) -> Result<(), Diagnostic> {
    check_horizon_with(game, &Options { depth: Some(depth), ..Options::default() })
}

/// Fails on the first node the search would evaluate by an `eval` it does
/// not have (following quiescence and singular extensions), or whose
/// siblings `--beam` must rank while it has no `eval`. Beam-dropped
/// children are never reached, so they need nothing.
pub fn check_horizon_with(game: &Game, opts: &Options) -> Result<(), Diagnostic> {
    if opts.depth.is_none() && opts.beam.is_none() {
        return Ok(());
    }
    let mut seen = HashSet::new();
    let mut stack = vec![(NodeId::ROOT, 0u32)];
    while let Some((id, eff)) = stack.pop() {
        if !seen.insert((id, eff)) {
            continue;
        }
        match horizon::decide(game, opts, id, eff) {
            horizon::Decision::Direct(..) => continue,
            horizon::Decision::MissingEval => {
                let depth = opts.depth.unwrap_or(eff);
                let kind = if eff > depth {
                    DiagnosticKind::MissingQuietEval { depth }
                } else {
                    DiagnosticKind::MissingEval { depth }
                };
                return Err(Diagnostic::new(kind, game.node(id).span));
            }
            horizon::Decision::Search => {}
        }
        let node = game.node(id);
        if let (Some(i), Some(beam)) = (horizon::unranked_child(game, opts, id), opts.beam) {
            let child = game.node(node.children[i as usize].child);
            return Err(Diagnostic::new(DiagnosticKind::MissingBeamEval { beam }, child.span));
        }
        let dropped = horizon::forward_pruned(game, opts, id);
        for (i, e) in node.children.iter().enumerate().rev() {
            if !dropped.contains(&(i as u32)) {
                stack.push((e.child, horizon::child_depth(game, opts, id, eff, i as u32)));
            }
        }
    }
    Ok(())
}

/// The value of a node evaluated without search: a leaf's utility, or an
/// inner node's `eval` at the depth cutoff (`depth` counted as the ply; a
/// `[noisy]` node there is searched under `--quiescence`). Algorithms that
/// keep an [`order::Orderer`] should ask its `direct_value` instead, which
/// also knows singular extensions.
pub fn direct_value(game: &Game, opts: &Options, id: NodeId, depth: u32) -> Option<(Num, LeafSource)> {
    match horizon::decide(game, opts, id, depth) {
        horizon::Decision::Direct(v, source) => Some((v, source)),
        horizon::Decision::MissingEval | horizon::Decision::Search => None,
    }
}

/// The root window: the declared bounds, unless ignored.
pub(crate) fn root_window(game: &Game, opts: &Options) -> (Num, Num) {
    match game.bounds {
        Some((lo, hi)) if !opts.ignore_bounds => (lo, hi),
        _ => (Num::NEG_INF, Num::INF),
    }
}

/// What is known of a node's true value: it lies in `[lo, hi]`.
/// Used to say whether a returned value is exact or only a bound.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Interval {
    pub lo: Num,
    pub hi: Num,
}

impl Interval {
    /// Before any child: the identity for max (or min).
    pub fn start(maximizing: bool) -> Interval {
        let v = if maximizing { Num::NEG_INF } else { Num::INF };
        Interval { lo: v, hi: v }
    }

    /// What a child's returned value and bound say; `range` is what any
    /// value may be (the declared bounds, or everything).
    pub fn of(value: Num, bound: BoundKind, range: (Num, Num)) -> Interval {
        match bound {
            BoundKind::Exact => Interval { lo: value, hi: value },
            BoundKind::Lower => Interval { lo: value, hi: range.1 },
            BoundKind::Upper => Interval { lo: range.0, hi: value },
        }
    }

    /// Folds in one child (or a pruned one, as `range`).
    pub fn absorb(&mut self, maximizing: bool, child: Interval) {
        if maximizing {
            self.lo = self.lo.max(child.lo);
            self.hi = self.hi.max(child.hi);
        } else {
            self.lo = self.lo.min(child.lo);
            self.hi = self.hi.min(child.hi);
        }
    }

    /// Classifies a returned value: exact when the interval is that point;
    /// an upper bound when the true value cannot exceed it; a lower bound
    /// when it cannot be less. (Only if neither is known, the window says.)
    pub fn classify(self, value: Num, window: (Num, Num)) -> BoundKind {
        if self.lo == self.hi && self.lo == value {
            BoundKind::Exact
        } else if self.hi <= value {
            BoundKind::Upper
        } else if self.lo >= value {
            BoundKind::Lower
        } else if value <= window.0 {
            BoundKind::Upper
        } else {
            BoundKind::Lower
        }
    }
}
