//! The first divergence: the earliest step, in the search's order and
//! whatever its kind, where an answer's search leaves the real one — the
//! search enters a child the answer prunes, or cuts children the answer
//! keeps (its `pruned` misses them, or its `leaves` go on into them), or
//! evaluates a different leaf, or enters a node with a window other than
//! the answer's — in words, with the α/β (or, for max^n, the bound) that
//! decided it.
//!
//! Read off the trace and its [`Analysis`] only: the pruned edges named are
//! the analysis's, the windows compared are the ones the trace records at
//! the visit that counts (below a CHANCE node, the window Star1/Star2's
//! arithmetic gives; for a `star2` probe followed by a full search, the full
//! search's). Searches that enter a node more than once in the answer that
//! counts (re-searches, passes) have no single first step: none is given.

use std::collections::BTreeSet;

use crate::analysis::{Analysis, Cut, describe, reference};
use crate::check::answer::{Answer, AnswerItem};
use crate::check::expect::LeafExpect;
use crate::check::grade::{paths, window_text};
use crate::model::{Game, NodeId, NodeKind, Path};
use crate::num::Num;
use crate::search::trace::{BoundKind, CutKind, Event, Trace, Value, Window};

mod words;

pub use words::pruned_detail;
use words::{
    and_list, covered_by_leaves, cut_symbols, given_as_leaves, kind_word, leaf_text, leaves_below, must_continue,
    same_leaf,
};

/// A node being searched, as the divergence walk sees it.
struct Frame {
    path: Path,
    node: NodeId,
    window: Option<Window>,
    value: Option<Value>,
    /// Inside a `star2` probe (only the first child is looked at).
    probe: bool,
    /// Its index in `run.visits`.
    visit: usize,
}

/// What the answer claims that the walk compares.
struct Claims<'a> {
    pruned: Option<BTreeSet<&'a Path>>,
    leaves: Option<&'a Vec<LeafExpect>>,
    windows: Vec<(&'a Path, Num, Num)>,
    /// `value` (the root's) and `values`.
    values: Vec<(Path, &'a Value)>,
}

impl<'a> Claims<'a> {
    fn of(answer: &'a Answer) -> Claims<'a> {
        let mut c = Claims { pruned: None, leaves: None, windows: Vec::new(), values: Vec::new() };
        for item in &answer.items {
            match item {
                AnswerItem::Pruned(ps) if c.pruned.is_none() => c.pruned = Some(ps.iter().collect()),
                AnswerItem::Leaves(ls) if c.leaves.is_none() => c.leaves = Some(ls),
                AnswerItem::Window(p, a, b) => c.windows.push((p, *a, *b)),
                AnswerItem::Value(claim) => c.values.push((Path::root(), &claim.value)),
                AnswerItem::NodeValue(p, claim) => c.values.push((p.clone(), &claim.value)),
                AnswerItem::Pruned(_) | AnswerItem::Leaves(_) | AnswerItem::Best(_) => {}
            }
        }
        c
    }
}

/// The first step where the answer's search leaves the real one, in words.
pub fn divergence(game: &Game, answer: &Answer, trace: &Trace) -> Option<String> {
    if trace.events().any(|e| matches!(e, Event::Research { .. } | Event::Pass { .. })) {
        return None; // nodes are entered more than once: no single "first step"
    }
    let run = Analysis::of(game, trace);
    let mut walk = Walk {
        game,
        run: &run,
        trace,
        truth: run.pruned().collect(),
        claims: Claims::of(answer),
        stack: Vec::new(),
        leaf: 0,
        visit: 0,
        cut: 0,
        as_leaves: Vec::new(),
    };
    for (at, event) in trace.events().enumerate() {
        if let Err(why) = walk.step(at, &event) {
            return Some(why);
        }
    }
    walk.finish()
}

/// Where the walk is; `Err` carries the divergence found.
type Step = Result<(), String>;

struct Walk<'a> {
    game: &'a Game,
    run: &'a Analysis,
    trace: &'a Trace,
    truth: BTreeSet<Path>,
    claims: Claims<'a>,
    stack: Vec<Frame>,
    /// Leaves evaluated so far.
    leaf: usize,
    /// Visits (Enter, Probe, Leaf) so far: the next index into `run.visits`.
    visit: usize,
    /// Cuts so far: the next index into `run.cuts`.
    cut: usize,
    /// Pruned edges the answer gives as the leaves below them.
    as_leaves: Vec<Path>,
}

impl Walk<'_> {
    fn step(&mut self, at: usize, event: &Event) -> Step {
        match event {
            Event::Enter { node, child, window } | Event::Probe { node, child, window } => {
                let probe = matches!(event, Event::Probe { .. }) || self.in_probe();
                let visit = self.visit;
                let path = self.enter(*child, *window, probe)?;
                self.stack.push(Frame { path, node: *node, window: *window, value: None, probe, visit });
            }
            Event::Leaf { node, child, window, value, .. } => {
                let visit = self.visit;
                let path = self.enter(*child, *window, self.in_probe())?;
                self.evaluated(*node, &path, value)?;
                self.returned(&path, visit, value, BoundKind::Exact)?;
                if let Some(top) = self.stack.last_mut() {
                    top.value = Some(top.value.take().unwrap_or_else(|| value.clone()));
                }
            }
            Event::Update { value, window, .. } => {
                if let Some(top) = self.stack.last_mut() {
                    top.value = Some(value.clone());
                    top.window = *window;
                }
            }
            Event::Cut { .. } => {
                let Some(cut) = self.run.cuts.get(self.cut) else { return Ok(()) };
                self.cut += 1;
                self.cut_kept(at, cut)?;
            }
            Event::Evaluate { value, .. } => {
                let Some((node, path)) = self.stack.last().map(|f| (f.node, f.path.clone())) else { return Ok(()) };
                self.evaluated(node, &path, value)?;
            }
            Event::Exit { value, bound, .. } => {
                if let Some(top) = self.stack.pop() {
                    self.returned(&top.path, top.visit, value, *bound)?;
                }
                if let Some(top) = self.stack.last_mut() {
                    top.value = Some(top.value.take().unwrap_or_else(|| value.clone()));
                }
            }
            Event::Extend { .. }
            | Event::ForwardPrune { .. }
            | Event::TtProbe { .. }
            | Event::TtStore { .. }
            | Event::Research { .. }
            | Event::Pass { .. } => {}
        }
        Ok(())
    }

    fn in_probe(&self) -> bool {
        self.stack.last().is_some_and(|f| f.probe)
    }

    /// A node is entered as child `child` of the top frame: the answer must
    /// not prune it (a probe only peeks, so it is exempt) and must give it
    /// the window the search gives it. Returns its path.
    fn enter(&mut self, child: u32, window: Option<Window>, probe: bool) -> Result<Path, String> {
        let visit = self.visit;
        self.visit += 1;
        let Some(parent) = self.stack.last() else { return Ok(Path::root()) };
        let path = parent.path.child(child);
        if !probe && self.claims.pruned.as_ref().is_some_and(|set| set.contains(&path)) {
            let above = self.stack.len().checked_sub(2).map(|i| &self.stack[i]);
            return Err(must_continue(self.game, self.trace, (parent, above), &path));
        }
        let counted = self.run.visit(&path).is_some_and(|v| std::ptr::eq(v, &self.run.visits[visit]));
        let claimed = self.claims.windows.iter().find(|(p, _, _)| **p == path);
        if let (true, Some(&(_, a, b)), Some(w)) = (counted, claimed, window)
            && (w.alpha != a || w.beta != b)
        {
            return Err(self.wrong_window(parent, &path, w, (a, b)));
        }
        Ok(path)
    }

    /// "C.1 is entered with the window (3, +∞), not (0, +∞) (…)".
    fn wrong_window(&self, parent: &Frame, path: &Path, w: Window, (a, b): (Num, Num)) -> String {
        let who = reference(self.game, &parent.path);
        let why = if self.game.node(parent.node).kind() == NodeKind::Chance {
            format!(
                " (below the CHANCE node {who} a child's window is not {who}'s own α and β: Star1 gives outcome i \
                 (max((α − Σⱼ≠ᵢ pⱼ·hiⱼ)/pᵢ, L), min((β − Σⱼ≠ᵢ pⱼ·loⱼ)/pᵢ, U)), from what is known of the other outcomes)"
            )
        } else {
            format!(" (the α and β {who} has then)")
        };
        format!(
            "{} is entered with the window {}, not {}{why}",
            reference(self.game, path),
            window_text(w.alpha, w.beta),
            window_text(a, b)
        )
    }

    /// Visit `visit` at `path` returns `value`: the answer's `value` /
    /// `values` must say so, if this is the visit that counts.
    fn returned(&self, path: &Path, visit: usize, value: &Value, bound: BoundKind) -> Step {
        let Some((_, want)) = self.claims.values.iter().find(|(p, v)| p == path && *v != value) else { return Ok(()) };
        if !self.run.visit(path).is_some_and(|v| std::ptr::eq(v, &self.run.visits[visit])) {
            return Ok(());
        }
        let how = match bound {
            BoundKind::Exact => String::new(),
            BoundKind::Lower => " (a lower bound: it stopped early)".into(),
            BoundKind::Upper => " (an upper bound: it stopped early)".into(),
        };
        Err(format!("{} returns {value}{how}; you wrote {want}", reference(self.game, path)))
    }

    /// The `leaf`-th leaf evaluated is `node` at `path` with `value`.
    fn evaluated(&mut self, node: NodeId, path: &Path, value: &Value) -> Step {
        let Some(want) = self.claims.leaves else { return Ok(()) };
        let count = self.leaf;
        self.leaf += 1;
        if want.get(count).is_some_and(|l| same_leaf(self.game, l, node, value)) {
            return Ok(());
        }
        let yours = want.get(count).map_or("nothing more".into(), leaf_text);
        Err(format!("leaf {} evaluated is {} = {value}; you wrote {yours}", count + 1, reference(self.game, path)))
    }

    /// A node stops early: the answer must prune what it prunes, either in
    /// `pruned` (as topmost edges, or as the leaves below them) or by not
    /// going on into it in `leaves`.
    fn cut_kept(&mut self, at: usize, cut: &Cut) -> Step {
        let edges: Vec<Path> = self.run.pruned_paths(cut).into_iter().filter(|p| self.truth.contains(p)).collect();
        if edges.is_empty() {
            return Ok(());
        }
        if let Some(set) = &self.claims.pruned {
            let mut missing = Vec::new();
            for e in &edges {
                if set.contains(e) {
                    continue;
                }
                if covered_by_leaves(self.game, e, set) {
                    self.as_leaves.push(e.clone());
                } else {
                    missing.push(e.clone());
                }
            }
            if missing.is_empty() {
                return Ok(());
            }
            let searched = format!("you searched {}", paths(self.game, &missing));
            return Err(self.cut_words(cut, &edges, &searched));
        }
        let Some(want) = self.claims.leaves else { return Ok(()) };
        let Some(next) = want.get(self.leaf) else { return Ok(()) };
        if self.next_leaf(at).is_some_and(|(node, v)| same_leaf(self.game, next, node, &v)) {
            return Ok(());
        }
        if !edges.iter().any(|e| leaves_below(self.game, e).iter().any(|(n, v)| same_leaf(self.game, next, *n, v))) {
            return Ok(());
        }
        Err(self.stops_after(cut, &edges, next))
    }

    /// The next leaf the search evaluates after event `at`.
    fn next_leaf(&self, at: usize) -> Option<(NodeId, Value)> {
        let mut last = self.stack.last().map(|f| f.node);
        for e in self.trace.events_from(at + 1) {
            match &e {
                Event::Leaf { node, value, .. } => return Some((*node, value.clone())),
                Event::Evaluate { value, .. } => return last.map(|n| (n, value.clone())),
                Event::Enter { node, .. } | Event::Probe { node, .. } => last = Some(*node),
                _ => {}
            }
        }
        None
    }

    /// "C (MIN) reaches 2 ≤ α = 3 (from A): α-cut, so C.2 C.3 must be pruned; {tail}".
    fn cut_words(&self, cut: &Cut, edges: &[Path], tail: &str) -> String {
        let visit = &self.run.visits[cut.at];
        let at = reference(self.game, &self.run.path(cut.at));
        let kind = kind_word(self.game, visit.node);
        if cut.kind == CutKind::Shallow {
            return format!(
                "{at} ({kind}) reaches {}: a shallow cut (Korf), so {} must be pruned; {tail}",
                self.shallow_bound(cut),
                paths(self.game, edges)
            );
        }
        let (sym, letter, word) = cut_symbols(cut.kind, self.trace.options.cuts);
        format!(
            "{at} ({kind}) reaches {} {sym} {letter} = {} (from {}): {word}, so {} must be pruned; {tail}",
            self.run.cut_value(cut),
            self.run.cut_bound(cut).pretty(),
            self.cause(cut),
            paths(self.game, edges)
        )
    }

    /// "C (MIN) stops after 2 ≤ α = 3 from A: C.2 and C.3 are pruned, but
    /// the answer goes on to evaluate 4".
    fn stops_after(&self, cut: &Cut, edges: &[Path], next: &LeafExpect) -> String {
        let visit = &self.run.visits[cut.at];
        let at = reference(self.game, &self.run.path(cut.at));
        let kind = kind_word(self.game, visit.node);
        let why = if cut.kind == CutKind::Shallow {
            format!("{} (a shallow cut, Korf)", self.shallow_bound(cut))
        } else {
            let (sym, letter, _) = cut_symbols(cut.kind, self.trace.options.cuts);
            format!(
                "{} {sym} {letter} = {} from {}",
                self.run.cut_value(cut),
                self.run.cut_bound(cut).pretty(),
                self.cause(cut)
            )
        };
        let names: Vec<String> = edges.iter().map(|e| describe(self.game, e)).collect();
        let are = if names.len() == 1 { "is" } else { "are" };
        format!(
            "{at} ({kind}) stops after {why}: {} {are} pruned, but the answer goes on to evaluate {}",
            and_list(&names),
            leaf_text(next)
        )
    }

    /// "B's 6 ≥ 10 − 5 = 5 (sum 10; A already has 5 at R)".
    fn shallow_bound(&self, cut: &Cut) -> String {
        let visit = &self.run.visits[cut.at];
        let player = |id: NodeId| kind_word(self.game, id);
        let sum = self.game.sum().unwrap_or(Num::ZERO);
        let Some(parent) = cut.cause().map(|i| &self.run.visits[i]) else {
            return format!("{} ≥ the bound {}", self.run.cut_value(cut), self.run.cut_bound(cut).pretty());
        };
        let lo = self.game.bounds().map_or(Num::ZERO, |b| b.0);
        let others = Num::int(self.game.players().len().saturating_sub(2) as i64) * lo;
        let has = sum - others - self.run.cut_bound(cut);
        let rel = if self.trace.options.shallow_strict() { ">" } else { "≥" };
        let minus = if others == Num::ZERO { String::new() } else { format!(" − {}", others.pretty()) };
        format!(
            "{}'s {} {rel} {} − {}{minus} = {} (sum {}; {} already has {} at {})",
            player(visit.node),
            self.run.cut_value(cut),
            sum.pretty(),
            has.pretty(),
            self.run.cut_bound(cut).pretty(),
            sum.pretty(),
            player(parent.node),
            has.pretty(),
            reference(self.game, &self.run.path_of(parent))
        )
    }

    fn cause(&self, cut: &Cut) -> String {
        match cut.cause() {
            Some(i) => reference(self.game, &self.run.path(i)),
            None if cut.by_table => "the transposition table".into(),
            None if cut.by_pass => "the pass's window".into(),
            None => "the declared bounds".into(),
        }
    }

    /// After the last event: leaves the answer lists past the search's
    /// last, pruned edges listed below topmost ones, or given as leaves.
    fn finish(&self) -> Option<String> {
        if let Some(want) = self.claims.leaves
            && let Some(next) = want.get(self.leaf)
        {
            return Some(format!(
                "the search evaluates {} leaves and stops; you go on to evaluate {}",
                self.leaf,
                leaf_text(next)
            ));
        }
        let set = self.claims.pruned.as_ref()?;
        let below = set.iter().find_map(|p| self.truth.iter().find(|t| t.is_prefix_of(p) && t != p).map(|t| (*p, t)));
        if let Some((p, t)) = below
            && !self.as_leaves.contains(t)
        {
            return Some(format!(
                "you pruned {}, but {} is itself pruned: list only the topmost pruned edges",
                describe(self.game, p),
                describe(self.game, t)
            ));
        }
        let first = self.as_leaves.first()?;
        Some(given_as_leaves(self.game, first))
    }
}
