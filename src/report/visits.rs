//! The per-visit parts of a report — `nodes`, `cuts`, `pruned`,
//! `visit_order`, `leaf_order` — as views of the run's [`Analysis`].
//!
//! Invariant: they hold no copy of a path or a value per visit. The report
//! keeps the analysis itself (one path per visit, already built) and each
//! row is made as it is written, so a big tree's report costs what its
//! analysis costs, and paths are formatted only once, straight into the
//! output.

use std::collections::HashMap;

use serde::Serialize;

use crate::analysis::{Analysis, Edge, Visit, quote};
use crate::model::{Game, NodeId, Path, write_dotted};
use crate::report::digits::{digits, push_uint};
use crate::report::{Number, exact, number};
use crate::search::trace::CutKind;

/// A run's visits and cuts, with what a report says about their nodes.
#[derive(Debug)]
pub struct Visits {
    analysis: Analysis,
    /// The names of the named nodes visited.
    names: HashMap<NodeId, Name>,
    /// Whether any node of the game has a name (else every node is
    /// described by its path alone).
    named: bool,
}

/// A visited node's name, and how a reference writes it.
#[derive(Debug)]
struct Name {
    text: String,
    /// [`quote`]d: `B`, `"pos 7"`.
    quoted: String,
}

impl Visits {
    pub fn new(game: &Game, analysis: Analysis) -> Visits {
        let mut names = HashMap::new();
        let named = game.has_names();
        for v in analysis.visits.iter().filter(|_| named) {
            if let Some(name) = game.node(v.node).name() {
                names.entry(v.node).or_insert_with(|| Name { text: name.to_string(), quoted: quote(name) });
            }
        }
        Visits { analysis, names, named }
    }

    pub fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    /// One row per visit, in visit order.
    pub fn nodes(&self) -> impl Iterator<Item = NodeReport<'_>> {
        (0..self.analysis.visits.len()).map(|i| self.node(i))
    }

    /// The row of visit `i`.
    pub fn node(&self, i: usize) -> NodeReport<'_> {
        let v = &self.analysis.visits[i];
        let value = self.analysis.value_of(v);
        NodeReport {
            path: At(&self.analysis, i),
            node: v.node,
            name: if self.names.is_empty() { None } else { self.names.get(&v.node).map(|n| n.text.as_str()) },
            kind: v.kind_word(),
            value: value.as_ref().map(number),
            value_exact: value.as_ref().and_then(exact),
            bound: v.bound().word(),
            alpha: self.analysis.window(v).map(|w| Number::Num(w.alpha)),
            beta: self.analysis.window(v).map(|w| Number::Num(w.beta)),
            negamax_value: self.analysis.negamax(v).map(Number::Num),
            visit: i + 1,
            probe: v.probe(),
        }
    }

    pub fn cuts(&self) -> impl Iterator<Item = CutReport<'_>> {
        let visits = &self.analysis.visits;
        self.analysis.cuts.iter().map(|c| CutReport {
            at: At(&self.analysis, c.at),
            kind: match c.kind {
                CutKind::Alpha => "alpha",
                CutKind::Beta => "beta",
                CutKind::Chance { .. } => "chance",
                CutKind::Shallow => "shallow",
            },
            side: match c.kind {
                CutKind::Chance { high } => Some(if high { "high" } else { "low" }),
                _ => None,
            },
            value: Number::Num(self.analysis.cut_value(c)),
            bound: Number::Num(self.analysis.cut_bound(c)),
            cause: match (c.cause(), c.by_table, c.by_pass) {
                (Some(i), _, _) => CauseReport::Node(At(&self.analysis, i)),
                (None, true, _) => CauseReport::Table,
                (None, _, true) => CauseReport::Pass,
                (None, false, false) => CauseReport::Bounds,
            },
            pruned: Paths(&self.analysis, self.analysis.pruned_by(c)),
            superseded: visits[c.at].superseded(),
        })
    }

    /// [`Analysis::pruned`], as paths written when asked.
    pub fn pruned(&self) -> impl Iterator<Item = EdgeAt<'_>> {
        self.analysis.pruned_edges().map(|e| EdgeAt(&self.analysis, e))
    }

    pub fn visit_order(&self) -> impl Iterator<Item = At<'_>> {
        (0..self.analysis.visits.len()).map(|i| At(&self.analysis, i))
    }

    /// The directly evaluated visits, in order, with their indices.
    pub fn leaf_order(&self) -> impl Iterator<Item = (usize, &Visit)> {
        self.analysis.visits.iter().enumerate().filter(|(_, v)| v.direct().is_some())
    }

    /// Whether some node of the game has a name: when none has, a node is
    /// described by its path alone.
    pub fn named(&self) -> bool {
        self.named
    }

    /// Appends [`crate::analysis::describe`]`(game, path)` (`C.2 (2.2)`: the reference and,
    /// when different, the path) without allocating: the names on the
    /// path come quoted from the visits' own table.
    pub fn push_describe(&self, game: &Game, path: impl PathText, cursor: &mut PathCursor, out: &mut String) {
        let Some((base, rest)) = self.named.then(|| named_base(game, path)).flatten() else {
            return path.push_with(cursor, out);
        };
        // The reference: the last named node on the path, then the
        // 1-based indices after it.
        let start = out.len();
        match self.names.get(&base) {
            Some(name) => out.push_str(&name.quoted),
            None => out.push_str(&quote(game.node(base).name().unwrap_or_default())),
        }
        path.with_steps(|steps| {
            for &i in &steps[rest..] {
                out.push('.');
                push_uint(out, u64::from(i) + 1);
            }
        });
        // Then the path, kept only when it says something else.
        let reference = out.len();
        path.push_with(cursor, out);
        if out[start..reference] == out[reference..] {
            out.truncate(reference);
        } else {
            out.insert_str(reference, " (");
            out.push(')');
        }
    }
}

/// The last named node on `path` (the root included) and how many steps
/// lead to it; `None` when no node on it is named or it leaves the tree
/// (as `describe` then falls back to the path).
fn named_base(game: &Game, path: impl PathText) -> Option<(NodeId, usize)> {
    path.with_steps(|steps| {
        let mut id = NodeId::ROOT;
        let mut base = game.root().name().map(|_| (id, 0));
        for (k, &i) in steps.iter().enumerate() {
            id = game.node(id).children().get(i as usize)?.child;
            if game.node(id).name().is_some() {
                base = Some((id, k + 1));
            }
        }
        base
    })
}

/// One visited node.
#[derive(Serialize, Debug)]
pub struct NodeReport<'a> {
    pub path: At<'a>,
    /// The node visited (not serialized: `path` says where it is).
    #[serde(skip)]
    pub node: NodeId,
    pub name: Option<&'a str>,
    pub kind: &'static str,
    pub value: Option<Number>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_exact: Option<String>,
    pub bound: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alpha: Option<Number>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub beta: Option<Number>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub negamax_value: Option<Number>,
    /// 1-based position in the visit order.
    pub visit: usize,
    /// A `star2` probe visit (only the first child searched).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub probe: bool,
}

/// One cut.
#[derive(Serialize, Debug)]
pub struct CutReport<'a> {
    /// Where the search stopped.
    pub at: At<'a>,
    /// `alpha` (at a MIN node, v ≤ α) or `beta` (at a MAX node, v ≥ β).
    pub kind: &'static str,
    pub value: Number,
    pub bound: Number,
    /// The ancestor whose α or β it was (`bounds`: the declared bounds;
    /// `table`: a transposition-table entry).
    pub cause: CauseReport<'a>,
    /// For a `chance` cut: `low` (value ≤ α even if the rest scored the
    /// upper bound) or `high` (value ≥ β even at the lower bound).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<&'static str>,
    pub pruned: Paths<'a>,
    /// In a search whose answer was replaced (a re-searched scout, an
    /// earlier pass): not among `pruned`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub superseded: bool,
}

/// Whose bound made a node stop: an ancestor (by path), the declared
/// `bounds`, a transposition-table entry, or an MTD(f) pass's window.
#[derive(Clone, Copy, Debug)]
pub enum CauseReport<'a> {
    Node(At<'a>),
    Bounds,
    Table,
    Pass,
}

impl Serialize for CauseReport<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            CauseReport::Node(p) => p.serialize(s),
            CauseReport::Bounds => s.serialize_str("bounds"),
            CauseReport::Table => s.serialize_str("table"),
            CauseReport::Pass => s.serialize_str("pass"),
        }
    }
}

/// A borrowed path, written as its dotted text (`root`, `2.3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dot<'a>(pub &'a Path);

impl std::ops::Deref for Dot<'_> {
    type Target = Path;
    fn deref(&self) -> &Path {
        self.0
    }
}

/// A path as a report writes it: a borrowed [`Path`] ([`Dot`]) or a
/// visit's path read off the analysis's links ([`At`]).
pub trait PathText: Copy + Serialize {
    /// How many steps from the root.
    fn depth(&self) -> usize;

    /// Calls `f` with the 0-based child indices from the root down.
    fn with_steps<R>(&self, f: impl FnOnce(&[u32]) -> R) -> R;

    /// The length of the dotted text, in bytes (and chars: it is ASCII).
    fn dotted_len(&self) -> usize {
        self.with_steps(|steps| match steps.len() {
            0 => 4,
            d => d - 1 + steps.iter().map(|&i| digits(u64::from(i) + 1)).sum::<usize>(),
        })
    }

    /// Appends the dotted text as [`PathText::push_to`] does, through a
    /// cursor that remembers the paths it wrote ([`At`] uses it; other
    /// paths are written whole).
    fn push_with(&self, cursor: &mut PathCursor, out: &mut String) {
        let _ = cursor;
        self.push_to(out)
    }

    /// Appends the dotted text (`root`, `2.3`), as `Display` writes it.
    fn push_to(&self, out: &mut String) {
        self.with_steps(|steps| {
            if steps.is_empty() {
                return out.push_str("root");
            }
            for (k, &i) in steps.iter().enumerate() {
                if k > 0 {
                    out.push('.');
                }
                push_uint(out, u64::from(i) + 1);
            }
        })
    }
}

impl PathText for Dot<'_> {
    fn depth(&self) -> usize {
        self.0.depth()
    }

    fn with_steps<R>(&self, f: impl FnOnce(&[u32]) -> R) -> R {
        f(&self.0.0)
    }
}

/// A visit's path, written as its dotted text (`root`, `2.3`) straight
/// from the analysis's parent links: no path is kept or made.
#[derive(Clone, Copy)]
pub struct At<'a>(pub &'a Analysis, pub usize);

impl At<'_> {
    /// The visit's path (allocated).
    pub fn path(&self) -> Path {
        self.0.path(self.1)
    }
}

impl PathText for At<'_> {
    fn depth(&self) -> usize {
        self.0.visits[self.1].depth()
    }

    fn push_with(&self, cursor: &mut PathCursor, out: &mut String) {
        cursor.push(self.0, self.1, out)
    }

    fn with_steps<R>(&self, f: impl FnOnce(&[u32]) -> R) -> R {
        with_short(self.depth(), |steps| self.0.write_path(self.1, steps), || self.path(), f)
    }
}

/// The dotted paths of one analysis's visits written one after another.
/// It keeps the text of the path it wrote last and, for each of its
/// depths, the visit there and where its text ends; a visit is written as
/// its deepest ancestor on that path plus the steps below it. A list in
/// visit order, or any subsequence of it, then costs a step or two a
/// path, not its depth. Another analysis starts it afresh.
#[derive(Default)]
pub struct PathCursor {
    /// The analysis whose visits `at` names.
    of: Option<*const Analysis>,
    text: String,
    /// `at[d]`: the visit at depth `d` of the last path (`at[0]` stands for
    /// any root: depth 0 is always a match) and its text's length.
    at: Vec<(usize, usize)>,
    /// The visits below the deepest match, deepest first (kept for its room).
    chain: Vec<usize>,
}

impl PathCursor {
    /// Appends visit `i`'s dotted path to `out`.
    pub fn push(&mut self, analysis: &Analysis, i: usize, out: &mut String) {
        let visits = &analysis.visits;
        if self.of != Some(analysis as *const Analysis) || self.at.is_empty() {
            self.of = Some(analysis as *const Analysis);
            self.text.clear();
            self.at.clear();
            self.at.push((usize::MAX, 0));
        }
        // Up from `i` (as `write_steps` walks: one step a depth) to the
        // deepest visit that is on the cursor's path.
        self.chain.clear();
        let (mut v, mut d) = (i, visits[i].depth());
        while d > 0 && self.at.get(d).is_none_or(|&(w, _)| w != v) {
            self.chain.push(v);
            v = visits[v].parent().unwrap_or(v);
            d -= 1;
        }
        self.at.truncate(d + 1);
        self.text.truncate(self.at[d].1);
        for &w in self.chain.iter().rev() {
            d += 1;
            if d > 1 {
                self.text.push('.');
            }
            push_uint(&mut self.text, u64::from(visits[w].index().unwrap_or(0)) + 1);
            self.at.push((w, self.text.len()));
        }
        out.push_str(if self.at.len() == 1 { "root" } else { &self.text });
    }
}

impl std::fmt::Debug for At<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "At({})", self.path())
    }
}

impl Serialize for At<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.with_steps(|steps| serialize_dotted(steps, s))
    }
}

impl Serialize for Dot<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_dotted(&self.0.0, s)
    }
}

/// A pruned edge's path, written as its dotted text straight from the
/// analysis's links (the visit it leaves, then the child's index).
#[derive(Clone, Copy)]
pub struct EdgeAt<'a>(pub &'a Analysis, pub Edge);

impl EdgeAt<'_> {
    /// The pruned child's path (allocated).
    pub fn path(&self) -> Path {
        self.0.edge_path(self.1)
    }
}

impl PathText for EdgeAt<'_> {
    fn depth(&self) -> usize {
        self.0.edge_depth(self.1)
    }

    fn with_steps<R>(&self, f: impl FnOnce(&[u32]) -> R) -> R {
        with_short(self.depth(), |steps| self.0.write_edge(self.1, steps), || self.path(), f)
    }
}

impl Serialize for EdgeAt<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.with_steps(|steps| serialize_dotted(steps, s))
    }
}

/// Calls `f` with a path's steps: filled into a stack buffer by `fill`
/// when the path is short (`depth` steps), else made whole.
fn with_short<R>(
    depth: usize,
    fill: impl FnOnce(&mut [u32]),
    whole: impl FnOnce() -> Path,
    f: impl FnOnce(&[u32]) -> R,
) -> R {
    let mut short = [0u32; 32];
    match short.get_mut(..depth) {
        Some(steps) => {
            fill(steps);
            f(steps)
        }
        None => f(&whole().0),
    }
}

/// Writes a path's dotted text as one string, formatted into a stack
/// buffer (most paths are short); deeper paths go through `Display`.
fn serialize_dotted<S: serde::Serializer>(steps: &[u32], s: S) -> Result<S::Ok, S::Error> {
    let mut buf = [0u8; 64];
    match write_dotted(steps, &mut buf) {
        Some(n) => s.serialize_str(std::str::from_utf8(&buf[..n]).expect("ASCII digits and dots")),
        None => s.collect_str(&Path(steps.to_vec())),
    }
}

/// A cut's pruned edges, written as a list of dotted texts.
#[derive(Clone, Copy, Debug)]
pub struct Paths<'a>(pub &'a Analysis, pub &'a [Edge]);

impl<'a> Paths<'a> {
    pub fn iter(&self) -> impl ExactSizeIterator<Item = EdgeAt<'a>> + Clone {
        let analysis = self.0;
        self.1.iter().map(move |&e| EdgeAt(analysis, e))
    }
}

impl Serialize for Paths<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

/// A list made as it is written: `f` gives its items.
pub struct Lazy<F>(pub F);

impl<F, I> Serialize for Lazy<F>
where
    F: Fn() -> I,
    I: Iterator<Item: Serialize>,
{
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq((self.0)())
    }
}
