//! Frames: what a figure shows after the first k events of a trace.
//!
//! Frame k is read off [`Analysis`] of the trace's first k events (so every
//! event kind an algorithm records, now or later, shows up as the analysis
//! reads it), plus the running value and window that `Update` events give
//! the nodes still open. The last frame is the whole trace: the figure
//! drawn without `--steps`.

use std::collections::HashMap;

use crate::analysis::{Analysis, Visit, reference};
use crate::model::{Game, NodeKind, Utility};
use crate::num::Num;
use crate::report::narrate::narrate;
use crate::search::Algorithm;
use crate::search::trace::{BoundKind, CutKind, Event, PassKind, Trace, Value, Window};

use super::caption;
use super::tree::Tree;

/// Per drawn node, the marks steps leave on it: a table hit's badge, and
/// whether it is being searched again.
type Badges = HashMap<usize, (Option<String>, bool)>;

/// What one drawn node shows in one frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NodeState {
    /// The text in the shape: a leaf's utility, a value found (`3`,
    /// `≥ 3`), or a running value while the node is open (`−∞`, `≤ 3`).
    pub value: Option<String>,
    /// True when `value` is what the search computed (not the input).
    pub computed: bool,
    /// 1-based position in the visit order.
    pub visit: Option<usize>,
    pub window: Option<Window>,
    /// Not searched: below a pruned edge, or (once the search is over)
    /// never entered.
    pub grey: bool,
    /// The edge into this node was pruned by this kind of cut.
    pub cut: Option<CutKind>,
    /// This is the first edge its cut pruned (where the cut is labelled).
    pub first_cut: bool,
    /// The edge into this node is on the principal variation.
    pub pv: bool,
    /// A transposition-table hit answered or narrowed it: what the table
    /// gave (`TT 5`, `TT ≥ 4`).
    pub tt: Option<String>,
    /// It is searched again after its null-window scout (`pvs`).
    pub research: bool,
}

/// One picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    pub nodes: Vec<NodeState>,
    /// The node the step is about (entered, evaluated, updated, cut, left).
    pub focus: Option<usize>,
    /// The narrated step (`--steps` only).
    pub caption: Option<String>,
}

/// The tree before any search: shapes and leaf utilities only.
pub fn blank(game: &Game, tree: &Tree) -> Frame {
    let nodes = tree
        .nodes
        .iter()
        .map(|t| NodeState { value: utility(&game.node(t.id).utility()), ..NodeState::default() })
        .collect();
    Frame { nodes, focus: None, caption: None }
}

/// Every frame of `trace` (`steps`: frame 0 before the search, then one per
/// event), or only the last.
pub fn frames(game: &Game, tree: &Tree, trace: &Trace, steps: bool) -> Vec<Frame> {
    let lines = narrate(game, trace);
    let n = trace.len();
    let mut live: HashMap<usize, (Option<Value>, Option<Window>)> = HashMap::new();
    let mut prev = Analysis::of(game, &prefix(trace, 0));
    let mut out = Vec::new();
    let star = matches!(trace.algorithm, Algorithm::Star1 | Algorithm::Star2);
    let bounds = game.bounds().filter(|_| star);
    let mut badges: Badges = HashMap::new();
    let build = |a: &Analysis, live: &HashMap<usize, (Option<Value>, Option<Window>)>, badges: &Badges| {
        let mut f = build(game, tree, a, live, bounds);
        for (&t, (tt, research)) in badges {
            f.nodes[t].tt.clone_from(tt);
            f.nodes[t].research = *research;
        }
        f
    };
    if steps {
        let mut f = build(&prev, &live, &badges);
        f.caption = Some("Before the search.".into());
        out.push(f);
    }
    // With steps, a new pass (MTD(f), iterative deepening) starts from a
    // clean tree: each frame shows the current pass only, its caption
    // says which.
    let mut start = 0;
    let mut pass_note: Option<String> = None;
    for (k, event) in trace.events().enumerate() {
        if let (true, Event::Pass { number, kind }) = (steps, &event) {
            start = k;
            live.clear();
            badges.clear();
            prev = Analysis::of(game, &slice(trace, k, k));
            pass_note = Some(match kind {
                PassKind::Mtdf { window, .. } => {
                    format!("[pass {number}: null window ({}, {})]", num(window.alpha), num(window.beta))
                }
                PassKind::Deepening { depth, .. } => format!("[iteration {number}: depth {depth}]"),
            });
        }
        let star_note = match (&event, bounds) {
            (
                Event::Enter { child, window: Some(w), .. }
                | Event::Probe { child, window: Some(w), .. }
                | Event::Leaf { child, window: Some(w), .. },
                Some(b),
            ) if steps => star_window_note(game, trace.algorithm, &prev, (*child, *w), b),
            _ => None,
        };
        let a = Analysis::of(game, &slice(trace, start, k + 1));
        let focus = if a.visits.len() > prev.visits.len() { Some(a.visits.len() - 1) } else { deepest_open(&prev) };
        // A node entered again starts without the marks of its last visit.
        for v in prev.visits.len().min(a.visits.len())..a.visits.len() {
            if let Some(b) = tree.at(&a.path(v)).and_then(|t| badges.get_mut(&t)) {
                b.0 = None;
            }
        }
        if let (Event::Update { value, window, .. }, Some(top)) = (&event, deepest_open(&a)) {
            live.insert(top, (Some(value.clone()), *window));
        }
        let own = own_words(game, tree, &event, &a, &live, &mut badges);
        if steps || k + 1 == n {
            let mut f = build(&a, &live, &badges);
            if steps {
                f.focus = focus.and_then(|v| tree.at(&a.path(v)));
                let notes = [star_note, pass_note.clone().filter(|_| k > start)];
                f.caption = own.or_else(|| lines.get(k).cloned()).map(|l| {
                    let c = notes.iter().flatten().fold(format!("{}. {l}", k + 1), |c, n| format!("{c} {n}"));
                    caption::minus_signs(&c)
                });
            }
            out.push(f);
        }
        prev = a;
    }
    out
}

/// A table probe or a re-search: the badge it leaves on its node, and the
/// step in the figure's own short words (other steps: `None`, the
/// narration's).
fn own_words(
    game: &Game,
    tree: &Tree,
    event: &Event,
    a: &Analysis,
    live: &HashMap<usize, (Option<Value>, Option<Window>)>,
    badges: &mut Badges,
) -> Option<String> {
    let top = deepest_open(a)?;
    let visit = &a.visits[top];
    match event {
        Event::TtProbe { key, found, outcome, .. } => {
            let t = tree.at(&a.path(top))?;
            badges.entry(t).or_default().0 = caption::tt_badge(found.as_deref(), outcome);
            Some(caption::probe(game, &reference(game, &a.path(top)), key, found.as_deref(), outcome))
        }
        Event::Research { child, scout, window } => {
            let path = a.path(top).child(*child);
            let t = tree.at(&path)?;
            *badges.entry(t).or_default() = (None, true);
            let node_window = live.get(&top).and_then(|l| l.1).or(a.window(visit));
            let (who, parent) = (reference(game, &path), reference(game, &a.path(top)));
            Some(caption::research(&who, &parent, *scout, node_window.as_ref(), window))
        }
        _ => None,
    }
}

fn prefix(trace: &Trace, k: usize) -> Trace {
    slice(trace, 0, k)
}

/// Events `from..to` of the trace, as a trace.
fn slice(trace: &Trace, from: usize, to: usize) -> Trace {
    trace.slice(from, to)
}

/// The innermost node entered and not yet left.
fn deepest_open(a: &Analysis) -> Option<usize> {
    a.visits.iter().rposition(|v| !v.has_value())
}

/// `bounds`: the declared bounds, when the search is Star1/Star2, whose
/// open CHANCE nodes show their running bounds.
fn build(
    game: &Game,
    tree: &Tree,
    a: &Analysis,
    live: &HashMap<usize, (Option<Value>, Option<Window>)>,
    bounds: Option<(Num, Num)>,
) -> Frame {
    let mut frame = blank(game, tree);
    for (i, v) in a.visits.iter().enumerate() {
        let Some(t) = tree.at(&a.path(i)) else { continue };
        let kind = game.node(v.node).kind();
        let (running, window) = live.get(&i).cloned().unwrap_or((None, None));
        let s = &mut frame.nodes[t];
        s.visit = Some(i + 1);
        s.window = if v.direct().is_some() { None } else { window.or(a.window(v)) };
        let shown = match (a.value_of(v), kind) {
            (Some(value), _) => Some(value_text(&value, v.bound())),
            (None, NodeKind::Max | NodeKind::Min) => Some(running_text(kind, running.as_ref())),
            (None, NodeKind::Chance) => bounds.map(|b| running_bounds(game, a, i, b)),
            // max^n: the vector the player to move has chosen so far.
            (None, NodeKind::Player(_)) => running.as_ref().map(|v| value_text(v, BoundKind::Exact)),
            (None, _) => None,
        };
        if shown.is_some() {
            s.computed = !game.node(v.node).is_leaf();
            s.value = shown;
        }
    }
    for cut in &a.cuts {
        for (j, p) in a.pruned_paths(cut).iter().enumerate() {
            let Some(t) = tree.at(p) else { continue };
            frame.nodes[t].cut = Some(cut.kind);
            frame.nodes[t].first_cut = j == 0;
            for s in &mut frame.nodes[t..tree.nodes[t].end] {
                s.grey = true;
            }
        }
    }
    let done = a.visits.first().is_some_and(Visit::has_value);
    if done {
        for s in frame.nodes.iter_mut().filter(|s| s.visit.is_none()) {
            s.grey = true;
        }
        for p in a.pv() {
            if let Some(t) = tree.at(&p) {
                frame.nodes[t].pv = true;
            }
        }
    }
    frame
}

/// Star1's running bounds on an open CHANCE node (Ballard 1983): each
/// child's value as far as the search knows it (exact, or a bound on one
/// side), the declared bounds `L`, `U` for the rest, weighted by the
/// probabilities: `[lo, hi]`. The cut compares these with α and β.
fn running_bounds(game: &Game, a: &Analysis, v: usize, bounds: (Num, Num)) -> String {
    let visit = &a.visits[v];
    let known = known(game, a, v, bounds);
    let (lo, hi) = (0..known.len()).fold((Num::ZERO, Num::ZERO), |(lo, hi), i| {
        let p = game.prob(visit.node, i);
        (lo + p * known[i].0, hi + p * known[i].1)
    });
    format!("[{}, {}]", num(lo), num(hi))
}

/// What an open CHANCE node (visit `v`) knows of each child: `[v, v]`
/// once searched, one side once bounded, the declared bounds before.
fn known(game: &Game, a: &Analysis, v: usize, (lo_b, hi_b): (Num, Num)) -> Vec<(Num, Num)> {
    let visit = &a.visits[v];
    let n = game.node(visit.node).children().len();
    let mut known = vec![(lo_b, hi_b); n];
    for c in a.children(v) {
        let cv = &a.visits[c];
        let (Some(val), Some(i)) = (a.scalar_of(cv), cv.index()) else { continue };
        known[i as usize] = match cv.bound() {
            BoundKind::Exact => (val, val),
            BoundKind::Lower => (val, hi_b),
            BoundKind::Upper => (lo_b, val),
        };
    }
    known
}

/// Under Star1/Star2, the step entering child `child` of an open CHANCE
/// node (`prev`'s deepest open visit) with `window`: how that window
/// came from the node's own and its running bounds (Ballard 1983; the
/// arithmetic of `search::star_chance`): `α = max(L, (α − Σ_{j≠i} p_j·hi_j)
/// / p_i)`, `β = min(U, (β − Σ_{j≠i} p_j·lo_j) / p_i)`. `None` when the
/// numbers read off the trace do not give the window it recorded.
fn star_window_note(
    game: &Game,
    algorithm: Algorithm,
    prev: &Analysis,
    (child, window): (u32, Window),
    bounds: (Num, Num),
) -> Option<String> {
    let top = deepest_open(prev)?;
    let visit = &prev.visits[top];
    let node = game.node(visit.node);
    if node.kind() != NodeKind::Chance {
        return None;
    }
    let w = prev.window(visit)?;
    let known = known(game, prev, top, bounds);
    let i = child as usize;
    let p = game.prob(visit.node, i);
    if p.is_zero() || i >= known.len() {
        return None;
    }
    let others = |side: fn(&(Num, Num)) -> Num| -> (Num, String) {
        let terms: Vec<(Num, String)> = (0..known.len())
            .filter(|&j| j != i)
            .map(|j| {
                let (pj, x) = (game.prob(visit.node, j), side(&known[j]));
                let shown = if x < Num::ZERO { format!("({})", num(x)) } else { num(x) };
                (pj * x, format!("{}·{shown}", num(pj)))
            })
            .collect();
        let sum = terms.iter().fold(Num::ZERO, |acc, t| acc + t.0);
        let text: Vec<String> = terms.into_iter().map(|t| t.1).collect();
        (sum, if text.is_empty() { "0".into() } else { text.join(" + ") })
    };
    let ((hi_sum, hi_text), (lo_sum, lo_text)) = (others(|k| k.1), others(|k| k.0));
    let a = ((w.alpha - hi_sum) / p).max(bounds.0);
    let b = ((w.beta - lo_sum) / p).min(bounds.1);
    if a != window.alpha || b != window.beta {
        return None;
    }
    let over = if num(p).contains('/') { format!("({})", num(p)) } else { num(p) };
    let star = if algorithm == Algorithm::Star2 { "Star2" } else { "Star1" };
    Some(format!(
        "({star}: α = max({}, ({} − {hi_text}) / {over}) = {}, β = min({}, ({} − {lo_text}) / {over}) = {}, \
         from {}'s window less the most and the least the other outcomes can still add)",
        num(bounds.0),
        num(w.alpha),
        num(a),
        num(bounds.1),
        num(w.beta),
        num(b),
        game.display_name(visit.node, &prev.path(top)),
    ))
}

/// `3`, `−2`, `7/2`, `(1, 2, 6)`, `?`.
pub fn utility(u: &Utility) -> Option<String> {
    match u {
        Utility::None => None,
        Utility::Scalar(n) => Some(num(*n)),
        Utility::Vector(vs) => Some(vector(vs)),
        Utility::Unknown => Some("?".into()),
    }
}

/// A number as figures print it: `−` for minus, `±∞`.
pub fn num(n: Num) -> String {
    let s = n.pretty();
    match s.strip_prefix('-') {
        Some(rest) => format!("−{rest}"),
        None => s,
    }
}

fn vector(vs: &[Num]) -> String {
    let parts: Vec<String> = vs.iter().map(|v| num(*v)).collect();
    format!("({})", parts.join(", "))
}

fn value_text(value: &Value, bound: BoundKind) -> String {
    let v = match value {
        Value::Scalar(n) => num(*n),
        Value::Vector(vs) => vector(vs),
    };
    match bound {
        BoundKind::Exact => v,
        BoundKind::Lower => format!("≥ {v}"),
        BoundKind::Upper => format!("≤ {v}"),
    }
}

/// An open MAX node's value so far is a lower bound (`−∞` before any
/// child), an open MIN node's an upper bound.
fn running_text(kind: NodeKind, running: Option<&Value>) -> String {
    let max = kind == NodeKind::Max;
    match running.and_then(Value::scalar) {
        None => (if max { "−∞" } else { "+∞" }).into(),
        Some(v) if v.is_infinite() => num(v),
        Some(v) => format!("{} {}", if max { "≥" } else { "≤" }, num(v)),
    }
}
