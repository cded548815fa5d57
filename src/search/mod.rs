//! The search algorithms, one per file, and which trees each applies to.
//!
//! Each algorithm is a pure function `fn(&Game, &Options) -> Trace`. [`run`]
//! checks that the algorithm applies to the tree and that a depth cutoff
//! finds an `eval` everywhere it needs one, then runs it.
//!
//! | algorithm | trees |
//! |---|---|
//! | `minimax`, `negamax`, `alphabeta`, `negamax-ab` | MAX/MIN only |
//! | `negamax-tt`, `pvs`, `mtdf`, `ids` | MAX/MIN only |
//! | `expectiminimax` | MAX/MIN/CHANCE |
//! | `maxn` | multi-player games (`players`), CHANCE allowed |
//! | `star1`, `star2` | two-player MAX/MIN/CHANCE; CHANCE nodes need `bounds` |
//! | `paranoid` | multi-player games; CHANCE nodes need `bounds` |
//!
//! Layer: search, above the model, below analysis. It owns the options
//! (`options.rs`), the trace (`trace.rs`), the shared windows and the
//! Star1/Star2 engine (`star_chance.rs`), move ordering and the horizon.
//!
//! Architecture invariant: an algorithm reads only a `&Game` and its
//! options and records everything it does in one [`trace::Trace`]; it
//! computes no report, diagram or grade (those are read off the trace).

pub(crate) mod alphabeta;
mod expectiminimax;
pub mod horizon;
mod ids;
mod maxn;
mod mtdf;
mod negamax;
mod negamax_ab;
mod negamax_tt;
pub mod options;
pub mod order;
mod packed;
pub mod stream;
use stream::Sink;

/// A quick hasher for maps keyed by our own small integers (not an
/// attacker's): the trace's tables, the analysis's path lookups.
pub(crate) use crate::fx::FxBuild;
mod paranoid;
mod pvs;
mod star1;
mod star2;
pub(crate) mod star_chance;
#[cfg(test)]
mod star_reference;
#[cfg(test)]
mod star_tests;
pub mod trace;
mod tt;
pub mod values;

/// `pvs`'s null-window width, for the puzzles that mirror it.
pub(crate) use pvs::null_delta;

use std::collections::HashSet;
use std::fmt;

use crate::diagnostic::{Diagnostic, DiagnosticKind};
use crate::model::{Game, NodeId, NodeKind};
use crate::num::Num;
use crate::search::options::Options;
use crate::search::trace::{BoundKind, Trace};

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
    /// `maxn`: multi-player vectors (`--shallow`: Korf's shallow pruning).
    Maxn,
    /// `star1`: Ballard's *-minimax, alpha-beta with chance-node pruning.
    Star1,
    /// `star2`: `star1` plus probing below chance nodes.
    Star2,
    /// `paranoid`: one player against the coalition of all others.
    Paranoid,
    /// `negamax-tt`: negamax alpha-beta with a transposition table.
    NegamaxTt,
    /// `pvs`: principal variation search (NegaScout).
    Pvs,
    /// `mtdf`: MTD(f), null-window passes over `negamax-tt`.
    Mtdf,
    /// `ids`: iterative deepening alpha-beta.
    Ids,
}

/// The refusal at `game`'s first `?` leaf, if it has one: no search reads
/// it (in a multi-player game it would be a vector, which `puzzle` does
/// not solve either).
pub fn unknown_leaf(game: &Game) -> Option<Diagnostic> {
    let id = game.first_unknown()?;
    let kind = DiagnosticKind::UnknownLeaf { vector: game.is_multiplayer() };
    Some(Diagnostic::new(kind, game.node(id).span()))
}

impl Algorithm {
    pub const ALL: &[Algorithm] = &[
        Algorithm::Minimax,
        Algorithm::Negamax,
        Algorithm::Alphabeta,
        Algorithm::NegamaxAb,
        Algorithm::Expectiminimax,
        Algorithm::Maxn,
        Algorithm::Star1,
        Algorithm::Star2,
        Algorithm::Paranoid,
        Algorithm::NegamaxTt,
        Algorithm::Pvs,
        Algorithm::Mtdf,
        Algorithm::Ids,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::Negamax => "negamax",
            Algorithm::Alphabeta => "alphabeta",
            Algorithm::NegamaxAb => "negamax-ab",
            Algorithm::Expectiminimax => "expectiminimax",
            Algorithm::Maxn => "maxn",
            Algorithm::Star1 => "star1",
            Algorithm::Star2 => "star2",
            Algorithm::Paranoid => "paranoid",
            Algorithm::NegamaxTt => "negamax-tt",
            Algorithm::Pvs => "pvs",
            Algorithm::Mtdf => "mtdf",
            Algorithm::Ids => "ids",
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
            Algorithm::Alphabeta | Algorithm::NegamaxAb | Algorithm::Star1 | Algorithm::Star2 | Algorithm::Paranoid => {
                true
            }
            Algorithm::NegamaxTt | Algorithm::Pvs | Algorithm::Mtdf | Algorithm::Ids => true,
        }
    }

    /// Does it report side-to-move (negamax) values?
    pub fn is_negamax(self) -> bool {
        match self {
            Algorithm::Minimax
            | Algorithm::Alphabeta
            | Algorithm::Expectiminimax
            | Algorithm::Maxn
            | Algorithm::Star1
            | Algorithm::Star2
            | Algorithm::Paranoid => false,
            Algorithm::Negamax | Algorithm::NegamaxAb => true,
            Algorithm::NegamaxTt | Algorithm::Pvs | Algorithm::Mtdf => true,
            Algorithm::Ids => false,
        }
    }

    /// Does it keep a transposition table (and report probes and stores)?
    pub fn uses_table(self) -> bool {
        matches!(self, Algorithm::NegamaxTt | Algorithm::Mtdf)
    }

    /// Why it cannot run on `game`, pointing at the node that prevents it.
    pub fn applies(self, game: &Game) -> Result<(), Diagnostic> {
        let not = |id: NodeId, why: &str| {
            Diagnostic::new(
                DiagnosticKind::NotApplicable { algorithm: self.name().to_string(), why: why.to_string() },
                game.node(id).span(),
            )
        };
        if let Some(d) = unknown_leaf(game) {
            return Err(d);
        }
        let chance = game.first_of_kind(NodeKind::Chance);
        match self {
            Algorithm::Maxn if !game.is_multiplayer() => {
                Err(not(NodeId::ROOT, "it is a two-player game (declare `players` for max^n)"))
            }
            Algorithm::Maxn => Ok(()),
            Algorithm::Paranoid if !game.is_multiplayer() => {
                Err(not(NodeId::ROOT, "it is a two-player game (paranoid reduces multi-player games to two)"))
            }
            Algorithm::Paranoid | Algorithm::Star1 | Algorithm::Star2 => match chance {
                _ if self != Algorithm::Paranoid && game.is_multiplayer() => {
                    Err(not(NodeId::ROOT, "it is a multi-player game (use maxn or paranoid)"))
                }
                Some(id) if game.bounds().is_none() => Err(not(
                    id,
                    "it has CHANCE nodes but no `bounds [L, U]`, which chance-node pruning needs \
                     (declare them, or use expectiminimax)",
                )),
                _ => Ok(()),
            },
            _ if game.is_multiplayer() => Err(not(NodeId::ROOT, "it is a multi-player game (use maxn)")),
            Algorithm::Expectiminimax => Ok(()),
            Algorithm::Minimax
            | Algorithm::Negamax
            | Algorithm::Alphabeta
            | Algorithm::NegamaxAb
            | Algorithm::NegamaxTt
            | Algorithm::Pvs
            | Algorithm::Mtdf
            | Algorithm::Ids => match chance {
                Some(id) => Err(not(id, "it has CHANCE nodes (use expectiminimax)")),
                None => Ok(()),
            },
        }
    }

    pub fn search(self, game: &Game, opts: &Options) -> Trace {
        self.search_to(game, opts, Sink::none())
    }

    /// The search, its events sent to `sink` as they are recorded (the
    /// trace returned keeps none of them when `sink` has a reader): only for
    /// a run that [`streams`]. The stream is finished when this returns.
    pub fn search_to(self, game: &Game, opts: &Options, sink: Sink) -> Trace {
        let mut trace = match self {
            Algorithm::Minimax => expectiminimax::minimax(game, opts, sink),
            Algorithm::Negamax => negamax::negamax(game, opts, sink),
            Algorithm::Alphabeta => alphabeta::alphabeta(game, opts, sink),
            Algorithm::NegamaxAb => negamax_ab::negamax_ab(game, opts, sink),
            Algorithm::Expectiminimax => expectiminimax::expectiminimax(game, opts, sink),
            Algorithm::Maxn => maxn::maxn(game, opts, sink),
            Algorithm::Star1 => star1::star1(game, opts, sink),
            Algorithm::Star2 => star2::star2(game, opts, sink),
            Algorithm::Paranoid => paranoid::paranoid(game, opts, sink),
            Algorithm::NegamaxTt => negamax_tt::negamax_tt(game, opts, sink),
            Algorithm::Pvs => pvs::pvs(game, opts, sink),
            Algorithm::Mtdf => mtdf::mtdf(game, opts, sink),
            Algorithm::Ids => ids::ids(game, opts, sink),
        };
        trace.finish();
        trace
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
    check(game, algo, opts)?;
    Ok(run_checked(game, algo, opts))
}

/// [`run`] of a run that [`check`] accepted.
pub fn run_checked(game: &Game, algo: Algorithm, opts: &Options) -> Trace {
    let trace = algo.search(game, opts);
    // `ids` joins passes of different depths; `annotate` reads one depth.
    let mut trace = if algo == Algorithm::Ids { trace } else { horizon::annotate(game, trace) };
    // A big search's events outlive it (the report is read off them): no
    // spare capacity from the list's doubling.
    trace.shrink_to_fit();
    trace
}

/// Whether a run of `algo` with `opts` can send its events to a reader as
/// it goes ([`Algorithm::search_to`]): every run but those whose trace is
/// annotated after the search (a depth cutoff or a beam, see
/// [`horizon::annotate`]), for `ids` too (it reads back only its
/// iterations' own traces). Such a run's trace is what [`run`] returns.
pub fn streams(algo: Algorithm, opts: &Options) -> bool {
    algo == Algorithm::Ids || (opts.depth.is_none() && opts.beam.is_none())
}

/// Why `algo` cannot run on `game` with `opts`, if it cannot: what [`run`]
/// checks before it searches.
pub fn check(game: &Game, algo: Algorithm, opts: &Options) -> Result<(), Diagnostic> {
    algo.applies(game)?;
    let not = |why: String| {
        Diagnostic::new(DiagnosticKind::NotApplicable { algorithm: algo.name().into(), why }, game.root().span())
    };
    if let (Algorithm::Maxn | Algorithm::Paranoid, Some(_)) = (algo, opts.depth) {
        return Err(not("a depth cutoff needs vector evaluations, which specs cannot give".into()));
    }
    if algo == Algorithm::Maxn && opts.shallow {
        maxn::shallow_applies(game).map_err(not)?;
    }
    if algo == Algorithm::Paranoid {
        paranoid::player(game, opts).map_err(not)?;
    }
    if let (Algorithm::Maxn, Some(_)) = (algo, opts.beam) {
        return Err(not("forward pruning ranks moves by a scalar `eval`, which max^n cannot use".into()));
    }
    if opts.depth.is_none() && (opts.quiescence || opts.singular.is_some()) {
        return Err(not("--quiescence and --singular-extension extend a depth cutoff: give --depth N too".into()));
    }
    let extends = opts.quiescence || opts.singular.is_some() || opts.beam.is_some();
    if algo == Algorithm::Ids && extends {
        return Err(not(
            "iterative deepening does not combine with --quiescence, --beam or --singular-extension yet".into()
        ));
    }
    check_horizon_with(game, opts)
}

/// The width δ of the null windows of `pvs` and `mtdf` (1 for integer trees).
pub fn null_window(game: &Game, opts: &Options) -> Num {
    pvs::null_delta(game, opts)
}

/// Every algorithm that applies to `game` (`star1` and `star2` only when
/// it has CHANCE nodes: without them they are `alphabeta`, step for step).
pub fn applicable(game: &Game) -> Vec<Algorithm> {
    let chance = game.has_kind(NodeKind::Chance);
    let star = |a: &Algorithm| chance || !matches!(a, Algorithm::Star1 | Algorithm::Star2);
    Algorithm::ALL.iter().copied().filter(|a| a.applies(game).is_ok()).filter(star).collect()
}

/// Fails on the first node the search would evaluate by an `eval` it does
/// not have (following quiescence and singular extensions), or whose
/// siblings `--beam` must rank while it has no `eval`. Beam-dropped
/// children are never reached, so they need nothing.
pub fn check_horizon_with(game: &Game, opts: &Options) -> Result<(), Diagnostic> {
    match horizon_gap(game, opts) {
        Some((id, kind)) => Err(Diagnostic::new(kind, game.node(id).span())),
        None => Ok(()),
    }
}

/// The node [`check_horizon_with`] fails on, and why.
pub(crate) fn horizon_gap(game: &Game, opts: &Options) -> Option<(NodeId, DiagnosticKind)> {
    if opts.depth.is_none() && opts.beam.is_none() {
        return None;
    }
    // In a tree every node is reached once, by one path: a node at one
    // depth is remembered only when `&` edges can bring the walk back.
    let shared = game.has_transpositions();
    let mut seen: HashSet<(NodeId, u32), FxBuild> = HashSet::default();
    let mut stack = vec![(NodeId::ROOT, 0u32)];
    while let Some((id, eff)) = stack.pop() {
        if shared && !seen.insert((id, eff)) {
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
                return Some((id, kind));
            }
            horizon::Decision::Search => {}
        }
        let node = game.node(id);
        if let (Some(i), Some(beam)) = (horizon::unranked_child(game, opts, id), opts.beam) {
            return Some((node.children()[i as usize].child, DiagnosticKind::MissingBeamEval { beam }));
        }
        let dropped = horizon::forward_pruned(game, opts, id);
        for (i, e) in node.children().iter().enumerate().rev() {
            if !dropped.contains(&(i as u32)) {
                stack.push((e.child, horizon::child_depth(game, opts, id, eff, i as u32)));
            }
        }
    }
    None
}

/// The root window: the declared bounds, unless ignored.
pub(crate) fn root_window(game: &Game, opts: &Options) -> (Num, Num) {
    match game.bounds() {
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
