//! The tidy-tree layout shared by TikZ, SVG and HTML (Reingold–Tilford
//! with contours): each subtree is built bottom-up, siblings are pushed
//! apart just enough that no level of one overlaps the next, and every
//! parent is centred over its first and last child. Nodes have their own
//! widths (text beside a shape takes room), measured over every frame so a
//! node keeps its place while a walk-through fills it in.
//!
//! Coordinates are in CSS pixels, y downwards; TikZ maps 1 px to 0.75 pt.

use super::tree::Tree;

/// Room between neighbouring nodes on a level.
const GAP: f64 = 14.0;
/// Distance between levels.
pub const LEVEL: f64 = 92.0;
/// Space around the drawing.
pub const MARGIN: f64 = 16.0;

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

/// Per level, the leftmost and rightmost point, relative to a subtree's root.
type Contour = Vec<(f64, f64)>;

impl Layout {
    pub fn new(tree: &Tree, extents: &[Extent]) -> Layout {
        let n = tree.nodes.len();
        let mut rel = vec![0.0; n];
        let contour = place(tree, extents, 0, &mut rel);
        let left = contour.iter().map(|c| c.0).fold(f64::INFINITY, f64::min);
        let right = contour.iter().map(|c| c.1).fold(f64::NEG_INFINITY, f64::max);
        let top = (0..n).map(|i| extents[i].up - LEVEL * tree.depth(i) as f64).fold(0.0, f64::max);
        let mut pos = vec![(0.0, 0.0); n];
        pos[0] = (MARGIN - left, MARGIN + top);
        for i in 1..n {
            let p = tree.nodes[i].parent.unwrap_or(0);
            pos[i] = (pos[p].0 + rel[i], pos[0].1 + LEVEL * tree.depth(i) as f64);
        }
        let bottom = (0..n).map(|i| pos[i].1 + extents[i].down).fold(0.0, f64::max);
        Layout { pos, width: right - left + 2.0 * MARGIN, height: bottom + MARGIN }
    }
}

/// Lays out the subtree at `i`; `rel[c]` gets each child's offset from its
/// parent. Returns the subtree's contour.
fn place(tree: &Tree, extents: &[Extent], i: usize, rel: &mut [f64]) -> Contour {
    let own = (-extents[i].left, extents[i].right);
    let children = &tree.nodes[i].children;
    if children.is_empty() {
        return vec![own];
    }
    let mut merged: Contour = Vec::new();
    let mut offsets = Vec::with_capacity(children.len());
    for &c in children {
        let sub = place(tree, extents, c, rel);
        let shift = if merged.is_empty() {
            0.0
        } else {
            merged.iter().zip(&sub).map(|(m, s)| m.1 - s.0 + GAP).fold(f64::NEG_INFINITY, f64::max)
        };
        for (d, s) in sub.iter().enumerate() {
            let s = (s.0 + shift, s.1 + shift);
            match merged.get_mut(d) {
                Some(m) => m.1 = s.1.max(m.1),
                None => merged.push(s),
            }
        }
        offsets.push(shift);
    }
    let centre = (offsets[0] + offsets[offsets.len() - 1]) / 2.0;
    for (&c, o) in children.iter().zip(&offsets) {
        rel[c] = o - centre;
    }
    let mut contour = vec![own];
    contour.extend(merged.iter().map(|m| (m.0 - centre, m.1 - centre)));
    contour
}
