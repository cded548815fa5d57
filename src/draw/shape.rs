//! Node shapes: which shape a node kind has under each convention, how
//! big it is for the widest value it ever shows, and its outline.

use crate::model::{Game, NodeKind};

use super::Shapes;
use super::marks::{Ink, Mark, Pt};
use super::style::Style;
use super::tree::Tree;

/// The shapes a node can have.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    Up,
    Down,
    Round,
    Box,
    Diamond,
}

pub fn shape(game: &Game, tree: &Tree, i: usize, shapes: Shapes) -> Shape {
    let kind = game.node(tree.nodes[i].id).kind();
    match (shapes, kind) {
        (Shapes::Aima, NodeKind::Max) => Shape::Up,
        (Shapes::Aima, NodeKind::Min) => Shape::Down,
        (Shapes::Aima, NodeKind::Chance) => Shape::Round,
        (Shapes::Aima, NodeKind::Leaf) => Shape::Box,
        (Shapes::Exam, NodeKind::Max) => Shape::Box,
        (Shapes::Exam, NodeKind::Min) => Shape::Round,
        (Shapes::Exam, NodeKind::Chance) => Shape::Diamond,
        (Shapes::Exam, NodeKind::Leaf) => Shape::Up,
        (_, NodeKind::Player(_)) => Shape::Box,
    }
}

/// A node's shape size for the widest value it ever shows.
pub fn shape_size(s: Shape, leaf: bool, text_w: f64, st: &Style) -> (f64, f64) {
    if st.compact {
        // Compact: tighter padding, the same proportions.
        return match (s, leaf) {
            // Taller, with the value nearer the wide side.
            (Shape::Up | Shape::Down, _) => ((1.15 * text_w + 8.0).max(30.0), 32.0),
            (Shape::Round, _) => ((text_w + 12.0).max(ellipse_around(text_w, 14.0, st.value)).max(30.0), 28.0),
            (Shape::Diamond, _) => ((1.5 * text_w + 12.0).max(34.0), 30.0),
            (Shape::Box, true) => ((text_w + 4.0).max(18.0), 20.0),
            (Shape::Box, false) => ((text_w + 10.0).max(26.0), 25.0),
        };
    }
    match (s, leaf) {
        (Shape::Up | Shape::Down, _) => ((1.7 * text_w + 16.0).max(42.0), 32.0),
        (Shape::Round, _) => ((text_w + 18.0).max(ellipse_around(text_w, 16.0, st.value)).max(34.0), 32.0),
        (Shape::Diamond, _) => ((1.6 * text_w + 18.0).max(40.0), 36.0),
        (Shape::Box, true) => ((text_w + 14.0).max(28.0), 26.0),
        (Shape::Box, false) => ((text_w + 16.0).max(32.0), 30.0),
    }
}

/// The width of an ellipse of half-height `ry` that holds a value `text_w`
/// wide (estimated for regular type; computed values are bold, about 15%
/// wider) and its cap height, with a little room at the sides: the
/// ellipse narrows above and below its middle line, where the text still is.
fn ellipse_around(text_w: f64, ry: f64, size: f64) -> f64 {
    let half_height = 0.4 * size;
    let inner = 1.15 * text_w + 8.0;
    inner / (1.0 - (half_height / ry).powi(2)).sqrt()
}

pub fn outline(s: Shape, (x, y): Pt, w: f64, h: f64, stroke: Ink, fill: Ink, width: f64) -> Mark {
    let (l, r, t, b) = (x - w / 2.0, x + w / 2.0, y - h / 2.0, y + h / 2.0);
    let pts = match s {
        Shape::Up => vec![(x, t), (r, b), (l, b)],
        Shape::Down => vec![(l, t), (r, t), (x, b)],
        Shape::Box => vec![(l, t), (r, t), (r, b), (l, b)],
        Shape::Diamond => vec![(x, t), (r, y), (x, b), (l, y)],
        Shape::Round => return Mark::Ellipse { c: (x, y), rx: w / 2.0, ry: h / 2.0, stroke, fill, width },
    };
    Mark::Poly { pts, stroke, fill, width }
}
