//! The visits as a tree: each visit knows the visit it was entered from
//! and its child index there, and where the visits below it end (they
//! follow it, in preorder), so a path is made only when asked for (a big
//! search's visits hold no paths).

use super::{Analysis, Cut, Visit};
use crate::model::Path;
use crate::search::FxBuild;
use std::collections::HashSet;

/// No visit: a root's parent, a leaf's first child, a last child's next sibling.
pub(super) const NONE: u32 = u32::MAX;

impl Visit {
    /// The visit index of the visit it was entered from (none for a root).
    pub fn parent(&self) -> Option<usize> {
        (self.up != NONE).then_some(self.up as usize)
    }

    /// Its child index as written under its parent (none for a root): the
    /// last step of its path.
    pub fn index(&self) -> Option<u32> {
        self.parent().map(|_| self.index)
    }

    /// Its path's length (0 at the root).
    pub fn depth(&self) -> usize {
        (self.flags >> super::flag::DEPTH_SHIFT) as usize
    }
}

/// The visits entered from one visit, in search order: the visit right
/// after it, then each one after the last visit below the one before, up
/// to the end of its own.
#[derive(Clone)]
pub struct Children<'a> {
    visits: &'a [Visit],
    at: usize,
    end: usize,
}

impl<'a> Children<'a> {
    pub(super) fn of(visits: &'a [Visit], parent: usize) -> Children<'a> {
        Children { visits, at: parent + 1, end: end_of(visits, parent) }
    }
}

/// One past the last visit below visit `at` (all the visits so far while
/// it is open).
fn end_of(visits: &[Visit], at: usize) -> usize {
    match visits[at].end {
        NONE => visits.len(),
        end => end as usize,
    }
}

impl Iterator for Children<'_> {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        let at = (self.at < self.end).then_some(self.at)?;
        self.at = end_of(self.visits, at);
        Some(at)
    }
}

/// The path of visit `at`: the child indices from its root down.
pub(super) fn path_at(visits: &[Visit], at: usize) -> Path {
    let mut steps = vec![0; visits[at].depth()];
    write_steps(visits, at, &mut steps);
    Path(steps)
}

/// Fills `steps` (as long as the visit's depth) with its path's indices.
pub(super) fn write_steps(visits: &[Visit], at: usize, steps: &mut [u32]) {
    let mut v = &visits[at];
    for step in steps.iter_mut().rev() {
        *step = v.index;
        v = &visits[v.up as usize];
    }
}

/// A set of paths, a short one (at most 8 steps, each below 255: most
/// pruned edges) held as the 8 bytes of its steps + 1, the others whole.
pub(super) struct SeenPaths {
    short: HashSet<u64, FxBuild>,
    long: HashSet<Path, FxBuild>,
}

impl SeenPaths {
    pub(super) fn with_capacity(n: usize) -> SeenPaths {
        SeenPaths { short: HashSet::with_capacity_and_hasher(n, FxBuild::default()), long: HashSet::default() }
    }

    /// Whether `path` is new (and now seen).
    pub(super) fn insert(&mut self, path: Path) -> bool {
        let short = path.0.len() <= 8 && path.0.iter().all(|&i| i < 255);
        match short {
            true => self.short.insert(path.0.iter().fold(0u64, |key, &i| key << 8 | u64::from(i + 1))),
            false => self.long.insert(path),
        }
    }
}

/// A pruned edge: to child `child` (its written index) of the node that
/// visit `from` entered. Eight bytes; its path is made when asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

    /// Whether every directly evaluated visit has the value of the first
    /// visit at its path (what the text report's leaves line gives), so
    /// that no [`Analysis::first_at_paths`] is needed: true when no path
    /// was entered twice, or no visit was answered by a transposition
    /// table — then every visit at a leaf's path evaluates the same node
    /// at the same depth (a `star2` probe and its search, a scout and its
    /// re-search, one iteration and the next). Checked on generated trees
    /// for every algorithm (`tests/search_laws.rs`, `tests/chance_laws.rs`).
    pub fn direct_values_agree(&self) -> bool {
        self.once || !self.visits.iter().any(Visit::answered)
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

/// For each visit, the first visit at the same path (itself when it is
/// the first there). Two paths are equal when their parents' paths are and
/// their last steps are, so a visit is looked up by its parent's first
/// visit and its child index: no path is made.
pub(super) fn first_at_paths(visits: &[Visit]) -> Vec<u32> {
    let mut first: Vec<u32> = Vec::with_capacity(visits.len());
    let mut seen: std::collections::HashMap<(u32, u32), u32, FxBuild> = std::collections::HashMap::default();
    for (i, v) in visits.iter().enumerate() {
        let key = match v.parent() {
            Some(p) => (first[p], v.index),
            None => (NONE, 0), // every root is at the empty path
        };
        let at = u32::try_from(i).expect("fewer than 2^32 visits");
        first.push(*seen.entry(key).or_insert(at));
    }
    first
}
