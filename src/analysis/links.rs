//! The visits as a tree: each visit knows the visit it was entered from
//! and its child index there, and where the visits below it end (they
//! follow it, in preorder), so a path is made only when asked for (a big
//! search's visits hold no paths).

use super::{Analysis, Visit};
use crate::model::Path;
use crate::search::FxBuild;

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

impl Analysis {
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
