//! Cuts: where a search stopped early, and the edges that pruned (each an
//! [`Edge`]: a visit and a child index, its path made when asked for).

use std::collections::HashSet;

use super::links::{Children, NONE, write_steps};
use super::{Analysis, Visit};
use crate::model::{Game, Path};
use crate::num::Num;
use crate::search::FxBuild;
use crate::search::trace::CutKind;

/// A node that stopped early, and what that pruned.
#[derive(Clone, Debug, PartialEq)]
pub struct Cut {
    /// Visit index of the node that stopped.
    pub at: usize,
    pub kind: CutKind,
    /// The value it reached and the α or β it reached ([`Analysis::cut_value`],
    /// [`Analysis::cut_bound`]), as codes of the analysis's values.
    pub(super) value: u32,
    pub(super) bound: u32,
    /// Visit index of the ancestor whose bound it was ([`Cut::cause`];
    /// `NONE`: the bounds, or the table when `by_table`).
    pub(super) cause: u32,
    /// The bound came from a transposition-table entry.
    pub by_table: bool,
    /// The bound was an MTD(f) pass's null window.
    pub by_pass: bool,
    /// Its pruned edges, in the order they would have come: indices into
    /// the analysis's edges ([`Analysis::pruned_by`]).
    pub(super) edges: std::ops::Range<u32>,
}

impl Cut {
    /// Visit index of the ancestor whose bound it was; `None`: the bounds
    /// (or the table, when `by_table`; the pass's window, when `by_pass`).
    pub fn cause(&self) -> Option<usize> {
        (self.cause != NONE).then_some(self.cause as usize)
    }
}

impl Analysis {
    /// The value a cut's node reached.
    pub fn cut_value(&self, c: &Cut) -> Num {
        self.values.num_at(c.value)
    }

    /// The α or β (or the shallow bound) a cut's value reached.
    pub fn cut_bound(&self, c: &Cut) -> Num {
        self.values.num_at(c.bound)
    }

    /// Every pruned edge, by the pruned child's path, in the order cut:
    /// each once, and only if no search whose answer counts entered it
    /// (a `star2` probe followed by the full search repeats a cut; a `pvs`
    /// re-search may enter what its scout pruned).
    pub fn pruned(&self) -> impl Iterator<Item = Path> + '_ {
        self.pruned_edges().map(|e| self.edge_path(e))
    }

    /// [`Analysis::pruned`] as edges (no path made when no path was
    /// entered twice by visits whose answers count: a counted cut's pruned
    /// children were then never entered by a counted visit and no other
    /// counted cut prunes them, so nothing is looked up — a `pvs` scout
    /// searched again, and the passes but the deciding one, are superseded).
    /// Repeats are left out by path: two edges from different visits
    /// (nested `star2` probes) may lead to one path.
    pub fn pruned_edges(&self) -> impl Iterator<Item = Edge> + '_ {
        // Worked out once, by node, when the tree is one (see `by_node`).
        let listed = self.pruned_by_node.as_deref();
        let walked = listed.is_none().then(|| self.walk_pruned_edges());
        listed.into_iter().flatten().copied().chain(walked.into_iter().flatten())
    }

    /// [`Analysis::pruned_edges`], each edge's path looked up (unless no
    /// path was entered twice by counted visits).
    fn walk_pruned_edges(&self) -> impl Iterator<Item = Edge> + '_ {
        let plain = self.counted_once;
        // Sized at once (grown by doubling, rehashing was a tenth of a
        // run that looked its paths up).
        let room = if plain { 0 } else { self.edges.len() };
        let (mut widest, mut deepest) = (0, 0);
        for e in self.edges.iter().filter(|_| !plain) {
            (widest, deepest) = (widest.max(e.child), deepest.max(self.edge_depth(*e)));
        }
        let mut seen = SeenPaths::new(room, widest, deepest);
        self.cuts
            .iter()
            .filter(|c| !self.visits[c.at].superseded())
            .flat_map(|c| self.pruned_by(c).iter().copied())
            .filter(move |&e| {
                plain || {
                    let p = self.edge_path(e);
                    self.find(&p).is_none() && seen.insert(p)
                }
            })
    }
}

/// [`Analysis::pruned_edges`] of a tree (no `&` edge, so each node has one
/// path) whose `star2` probes entered some paths twice: the same edges in
/// the same order, each looked up by its node (a bit per node) instead of
/// by walking its path down from the roots (that walk, for each of a
/// 10^6-leaf `star2` run's edges, was a seventh of the run). A visit
/// counts when it and every visit above it are not superseded, as
/// [`Analysis::visit`] finds them.
pub(super) fn by_node(game: &Game, visits: &[Visit], cuts: &[Cut], edges: &[Edge]) -> Vec<Edge> {
    let mut counted = Bits::new(visits.len());
    let mut entered = Bits::new(game.len());
    for (i, v) in visits.iter().enumerate() {
        if !v.superseded() && v.parent().is_none_or(|p| counted.get(p)) {
            counted.set(i);
            entered.set(v.node.index());
        }
    }
    let mut listed = Bits::new(game.len());
    let mut out = Vec::new();
    for c in cuts.iter().filter(|c| !visits[c.at].superseded()) {
        for &e in &edges[c.edges.start as usize..c.edges.end as usize] {
            let child = game.node(visits[e.from as usize].node).child(e.child as usize).index();
            if !entered.get(child) && !listed.get(child) {
                listed.set(child);
                out.push(e);
            }
        }
    }
    out.shrink_to_fit();
    out
}

/// A fixed set of small integers, a bit each.
struct Bits(Vec<u64>);

impl Bits {
    fn new(n: usize) -> Bits {
        Bits(vec![0; n.div_ceil(64)])
    }

    fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
}

/// The edges a cut at visit `at` prunes by not searching child `i`: the
/// edge to it, or — when a `star2` probe already entered that child — the
/// edges to the probed child's children the probe never entered (a pruned
/// edge leads to a node never entered; SPEC §2); pushed onto `out`.
pub(super) fn pruned_edges(game: &Game, visits: &[Visit], at: usize, i: u32, out: &mut Vec<Edge>) {
    let edge = |from: usize, child: u32| Edge { from: u32::try_from(from).expect("fewer than 2^32 visits"), child };
    let probe = Children::of(visits, at).find(|&c| visits[c].probe() && visits[c].index == i);
    let Some(probe) = probe else { return out.push(edge(at, i)) };
    let entered = |k: u32| Children::of(visits, probe).any(|c| visits[c].index == k);
    let n = game.node(visits[probe].node).children().len() as u32;
    out.extend((0..n).filter(|&k| !entered(k)).map(|k| edge(probe, k)));
}

/// A set of paths, each held as its steps packed side by side at the
/// width of the widest step: in 4 bytes when that fits, else in 8, else
/// whole.
pub(super) struct SeenPaths {
    /// Bits a step takes in a key: enough for the widest step + 1.
    width: u32,
    narrow: HashSet<u32, FxBuild>,
    short: HashSet<u64, FxBuild>,
    long: HashSet<Path, FxBuild>,
}

impl SeenPaths {
    /// A set for `n` paths whose steps are at most `widest`, at most
    /// `deepest` long. Which set holds a path depends on its length alone,
    /// so a path always meets its equals in the same one; the room goes
    /// to the set of the longest (most of a tree's paths are near its
    /// depth: 7 steps of 4 bits for 10^7 leaves, b = 10).
    pub(super) fn new(n: usize, widest: u32, deepest: usize) -> SeenPaths {
        let width = 32 - (widest + 1).leading_zeros();
        let (narrow, short) = match deepest as u64 * u64::from(width) {
            0..=32 => (n, 0),
            33..=64 => (0, n),
            _ => (0, 0),
        };
        SeenPaths {
            width,
            narrow: HashSet::with_capacity_and_hasher(narrow, FxBuild::default()),
            short: HashSet::with_capacity_and_hasher(short, FxBuild::default()),
            long: HashSet::default(),
        }
    }

    /// Whether `path` is new (and now seen).
    pub(super) fn insert(&mut self, path: Path) -> bool {
        // Steps + 1 (never 0) side by side: the key's length in steps is
        // its first step's place, so no two paths share a key.
        let key = |steps: &[u32]| steps.iter().fold(0u64, |key, &i| key << self.width | u64::from(i + 1));
        let bits = path.0.len() as u32 * self.width;
        match bits {
            0..=32 => self.narrow.insert(key(&path.0) as u32),
            33..=64 => self.short.insert(key(&path.0)),
            _ => self.long.insert(path),
        }
    }
}

/// A pruned edge: to child `child` (its written index) of the node that
/// visit `from` entered. Eight bytes; its path is made when asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    pub from: u32,
    pub child: u32,
}

impl Analysis {
    /// The edges cut `c` pruned, in the order they would have come (a cut
    /// the search went past, too: see [`Analysis::pruned`] for the edges
    /// that count).
    pub fn pruned_by(&self, c: &Cut) -> &[Edge] {
        &self.edges[c.edges.start as usize..c.edges.end as usize]
    }

    /// The paths of the edges cut `c` pruned, in order.
    pub fn pruned_paths(&self, c: &Cut) -> Vec<Path> {
        self.pruned_by(c).iter().map(|&e| self.edge_path(e)).collect()
    }

    /// The pruned child's path.
    pub fn edge_path(&self, e: Edge) -> Path {
        let mut steps = vec![0; self.edge_depth(e)];
        self.write_edge(e, &mut steps);
        Path(steps)
    }

    /// The pruned child's depth (its path's length).
    pub fn edge_depth(&self, e: Edge) -> usize {
        self.visits[e.from as usize].depth() + 1
    }

    /// Fills `steps` (as long as [`Analysis::edge_depth`]) with the pruned
    /// child's path (no allocation).
    pub fn write_edge(&self, e: Edge, steps: &mut [u32]) {
        if let Some((last, up)) = steps.split_last_mut() {
            *last = e.child;
            write_steps(&self.visits, e.from as usize, up);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SeenPaths;
    use crate::model::Path;

    /// Every path is new exactly once, whichever set holds it: 4-byte keys,
    /// 8-byte keys and whole paths, paths of every length, steps up to the
    /// widest (a key for a path and one for a longer path never meet).
    #[test]
    fn a_path_is_seen_once_in_every_set() {
        for (widest, deepest) in [(2, 3), (9, 7), (9, 12), (300, 5), (70_000, 3)] {
            let mut seen = SeenPaths::new(16, widest, deepest);
            let mut want = std::collections::BTreeSet::new();
            let mut state = 0x2545_F491_4F6C_DD1Du64 ^ u64::from(widest);
            for _ in 0..3000 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let depth = 1 + (state % (deepest as u64 + 4)) as usize;
                let steps: Vec<u32> = (0..depth as u64)
                    .map(|k| {
                        let pick = state.rotate_right((k * 5 % 64) as u32) % 4;
                        [0, 1, widest, widest / 2][pick as usize].min(widest)
                    })
                    .collect();
                let path = Path(steps);
                assert_eq!(seen.insert(path.clone()), want.insert(path.clone()), "{path:?} (widest {widest})");
            }
            assert!(want.len() > 50, "{} distinct paths", want.len());
        }
    }
}
