//! The tidy-tree layout shared by TikZ, SVG and HTML (Reingold–Tilford
//! with contours): each subtree is built bottom-up, siblings are pushed
//! apart just enough that no level of one overlaps the next, and every
//! parent is centred over its first and last child. Nodes have their own
//! widths (text beside a shape takes room), measured over every frame so a
//! node keeps its place while a walk-through fills it in.
//!
//! Coordinates are in CSS pixels, y downwards; TikZ maps 1 px to 0.75 pt.

use super::style::Style;
use super::tree::Tree;

/// The room a node takes around its centre.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Extent {
    pub left: f64,
    pub right: f64,
    /// Above the centre (shape, visit badge).
    pub up: f64,
    /// Below the centre (shape, a leaf's name).
    pub down: f64,
}

/// Every node's centre and the size of the whole drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub pos: Vec<(f64, f64)>,
    pub width: f64,
    pub height: f64,
}

/// Per level and row (two rows a level: the second holds staggered
/// leaves), the leftmost and rightmost point, relative to a subtree's root.
type Contour = Vec<Option<(f64, f64)>>;

impl Layout {
    /// The layout in the default (roomy) style.
    pub fn new(tree: &Tree, extents: &[Extent]) -> Layout {
        Layout::styled(tree, extents, &Style::ROOMY)
    }

    /// The layout with `style`'s gaps and level distance; with `stagger`,
    /// every second leaf of a fan of leaves one row lower.
    pub fn styled(tree: &Tree, extents: &[Extent], style: &Style) -> Layout {
        let n = tree.nodes.len();
        let rows = Rows::of(tree, extents, style);
        let mut rel = vec![0.0; n];
        let contour = place(tree, extents, &rows, 0, &mut rel);
        let left = contour.iter().flatten().map(|c| c.0).fold(f64::INFINITY, f64::min);
        let right = contour.iter().flatten().map(|c| c.1).fold(f64::NEG_INFINITY, f64::max);
        let top = (0..n).map(|i| extents[i].up - rows.y(tree, i)).fold(0.0, f64::max);
        let mut pos = vec![(0.0, 0.0); n];
        let margin = style.margin;
        pos[0] = (margin - left, margin + top);
        for i in 1..n {
            let p = tree.nodes[i].parent.unwrap_or(0);
            pos[i] = (pos[p].0 + rel[i], pos[0].1 + rows.y(tree, i));
        }
        let bottom = (0..n).map(|i| pos[i].1 + extents[i].down).fold(0.0, f64::max);
        Layout { pos, width: right - left + 2.0 * margin, height: bottom + margin }
    }
}

/// Which nodes sit in a level's second row, and how far below the first.
struct Rows {
    lower: Vec<bool>,
    drop: f64,
    gap: f64,
    level: f64,
}

impl Rows {
    fn of(tree: &Tree, extents: &[Extent], style: &Style) -> Rows {
        let mut lower = vec![false; tree.nodes.len()];
        let mut drop: f64 = 0.0;
        for t in tree.nodes.iter().filter(|t| style.stagger && t.children.len() > 1) {
            if t.children.iter().all(|&c| tree.nodes[c].children.is_empty()) {
                for &c in t.children.iter().skip(1).step_by(2) {
                    lower[c] = true;
                }
                drop = t.children.iter().map(|&c| extents[c].up + extents[c].down + 3.0).fold(drop, f64::max);
            }
        }
        Rows { lower, drop, gap: style.gap, level: style.level }
    }

    /// Below the root's centre.
    fn y(&self, tree: &Tree, i: usize) -> f64 {
        self.level * tree.depth(i) as f64 + if self.lower[i] { self.drop } else { 0.0 }
    }
}

/// Lays out the subtree at `i`; `rel[c]` gets each child's offset from its
/// parent. Returns the subtree's contour.
fn place(tree: &Tree, extents: &[Extent], rows: &Rows, i: usize, rel: &mut [f64]) -> Contour {
    let own = Some((-extents[i].left, extents[i].right));
    let mut contour = if rows.lower[i] { vec![None, own] } else { vec![own, None] };
    let children = &tree.nodes[i].children;
    if children.is_empty() {
        return contour;
    }
    let mut merged: Contour = Vec::new();
    let mut offsets = Vec::with_capacity(children.len());
    for (k, &c) in children.iter().enumerate() {
        let sub = place(tree, extents, rows, c, rel);
        // Left to right, at least half their widths apart (staggered
        // neighbours share no row), else as close as the contours allow.
        let order = match k.checked_sub(1) {
            Some(j) => offsets[j] + (extents[children[j]].right + extents[c].left) / 2.0 + 1.5,
            None => 0.0,
        };
        let shift = merged
            .iter()
            .zip(&sub)
            .filter_map(|(m, s)| Some(m.as_ref()?.1 - s.as_ref()?.0 + rows.gap))
            .fold(order, f64::max);
        for (d, s) in sub.iter().enumerate() {
            let s = s.map(|s| (s.0 + shift, s.1 + shift));
            if d >= merged.len() {
                merged.push(s);
            } else if let (Some(m), Some(s)) = (&mut merged[d], s) {
                m.1 = s.1.max(m.1);
            } else if merged[d].is_none() {
                merged[d] = s;
            }
        }
        offsets.push(shift);
    }
    let centre = (offsets[0] + offsets[offsets.len() - 1]) / 2.0;
    for (&c, o) in children.iter().zip(&offsets) {
        rel[c] = o - centre;
    }
    contour.extend(merged.iter().map(|m| m.map(|m| (m.0 - centre, m.1 - centre))));
    contour
}
