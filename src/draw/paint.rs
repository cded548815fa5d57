//! Painting: one frame of a figure as a list of simple marks (lines,
//! polygons, ellipses, text) at the layout's coordinates. TikZ, SVG and
//! HTML only translate marks, so the three always draw the same picture.

use crate::model::{Game, NodeKind};
use crate::search::options::CutRule;
use crate::search::trace::CutKind;

use super::frame::{Frame, NodeState, num};
use super::layout::{Extent, Layout};
use super::place::{Box4, Clear, Side, lerp, place};
use super::style::Style;
use super::tree::Tree;
use super::{DrawOptions, Shapes};

/// A point in CSS pixels, y downwards.
pub type Pt = (f64, f64);

/// Colours, by what they mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ink {
    Black,
    /// Not searched.
    Grey,
    /// Names, windows, badges' text.
    Soft,
    /// α: α-cuts and α in windows.
    Alpha,
    /// β: β-cuts and β in windows.
    Beta,
    /// The node the current step is about.
    Focus,
    White,
    /// Fill of the focused node.
    FocusFill,
    /// Fill of a visit badge.
    Badge,
    /// No fill.
    None,
}

impl Ink {
    pub const ALL: [Ink; 9] =
        [Ink::Black, Ink::Grey, Ink::Soft, Ink::Alpha, Ink::Beta, Ink::Focus, Ink::White, Ink::FocusFill, Ink::Badge];

    /// The colour's name (TikZ) and its RGB (SVG and TikZ).
    pub fn name(self) -> &'static str {
        match self {
            Ink::Black => "gtblack",
            Ink::Grey => "gtgrey",
            Ink::Soft => "gtsoft",
            Ink::Alpha => "gtalpha",
            Ink::Beta => "gtbeta",
            Ink::Focus => "gtfocus",
            Ink::White => "white",
            Ink::FocusFill => "gtfocusfill",
            Ink::Badge => "gtbadge",
            Ink::None => "none",
        }
    }

    pub fn hex(self) -> &'static str {
        match self {
            Ink::Black => "222222",
            Ink::Grey => "B4B4B4",
            Ink::Soft => "555555",
            Ink::Alpha => "C0392B",
            Ink::Beta => "1F5FAD",
            Ink::Focus => "E67E22",
            Ink::White => "FFFFFF",
            Ink::FocusFill => "FFF1D6",
            Ink::Badge => "EDEDED",
            Ink::None => "none",
        }
    }
}

/// How text sits on its point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Anchor {
    /// The text starts at the point.
    Start,
    Middle,
    /// The text ends at the point.
    End,
}

/// One thing drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    Line {
        a: Pt,
        b: Pt,
        ink: Ink,
        width: f64,
        dash: bool,
    },
    Poly {
        pts: Vec<Pt>,
        stroke: Ink,
        fill: Ink,
        width: f64,
    },
    Ellipse {
        c: Pt,
        rx: f64,
        ry: f64,
        stroke: Ink,
        fill: Ink,
        width: f64,
    },
    /// Text vertically centred on `at`; `halo`: on a white outline, to stay
    /// readable over lines.
    Text {
        at: Pt,
        text: String,
        size: f64,
        anchor: Anchor,
        ink: Ink,
        bold: bool,
        italic: bool,
        halo: bool,
    },
}

/// A mark and the layer it is drawn in (edges 0, marks on edges 1, shapes
/// 2, text 3), so renderers that merge frames keep the stacking order.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub layer: u8,
    pub mark: Mark,
}

/// Roughly how wide `text` is at `size` px in a sans-serif font.
pub fn text_width(text: &str, size: f64) -> f64 {
    let em: f64 = text
        .chars()
        .map(|c| match c {
            ' ' | ',' | '.' | ':' | ';' | '(' | ')' | '[' | ']' | '\'' | '|' | 'i' | 'l' | 'j' | '!' => 0.34,
            '/' | 'f' | 't' | 'r' => 0.42,
            'm' | 'w' | 'M' | 'W' | '∞' | '≥' | '≤' | '−' | '—' => 0.86,
            'A'..='Z' => 0.7,
            c if (c as u32) >= 0x2E80 => 1.0,
            _ => 0.62,
        })
        .sum();
    em * size
}

/// The shapes a node can have.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Shape {
    Up,
    Down,
    Round,
    Box,
    Diamond,
}

fn shape(game: &Game, tree: &Tree, i: usize, shapes: Shapes) -> Shape {
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
fn shape_size(s: Shape, leaf: bool, text_w: f64, st: &Style) -> (f64, f64) {
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

/// What is measured once over all frames: shape sizes and the room texts
/// beside them take.
#[derive(Clone, Debug)]
pub struct Sizes {
    pub shape: Vec<(f64, f64)>,
    pub extents: Vec<Extent>,
    pub style: Style,
}

/// The name drawn beside a node: its name, and for a player's node the
/// player to move.
fn name_text(game: &Game, tree: &Tree, i: usize) -> Option<String> {
    let node = game.node(tree.nodes[i].id);
    match (node.kind(), node.name()) {
        (NodeKind::Player(p), name) => {
            let player = game.players().get(p as usize).cloned().unwrap_or_default();
            Some(match name {
                Some(n) => format!("{n} ({player})"),
                None => player,
            })
        }
        (_, name) => name.map(str::to_string),
    }
}

fn edge_text(tree: &Tree, i: usize, opts: &DrawOptions) -> Option<String> {
    let t = &tree.nodes[i];
    let label = t.label.clone().filter(|_| opts.show.labels);
    let prob = t.prob.map(num).filter(|_| opts.show.probs);
    match (label, prob) {
        (Some(l), Some(p)) => Some(format!("{l} ({p})")),
        (l, p) => l.or(p),
    }
}

fn window_lines(s: &NodeState) -> Option<[String; 2]> {
    let w = s.window?;
    Some([format!("α = {}", num(w.alpha)), format!("β = {}", num(w.beta))])
}

pub fn measure(game: &Game, tree: &Tree, frames: &[Frame], opts: &DrawOptions, style: Style) -> Sizes {
    let n = tree.nodes.len();
    let st = &style;
    let mut sizes = Sizes { shape: vec![(0.0, 0.0); n], extents: vec![Extent::default(); n], style };
    for i in 0..n {
        let leaf = tree.nodes[i].children.is_empty();
        let states = frames.iter().map(|f| &f.nodes[i]);
        let value_w = states
            .clone()
            .filter_map(|s| visible_value(s, opts, st))
            .map(|v| text_width(&v, st.value))
            .fold(0.0, f64::max);
        let (w, h) = shape_size(shape(game, tree, i, opts.shapes), leaf, value_w, st);
        sizes.shape[i] = (w, h);
        let name_w = name_text(game, tree, i).filter(|_| opts.show.names).map_or(0.0, |n| text_width(&n, st.name));
        let window_w = states
            .filter(|_| opts.show.windows && !leaf && !st.compact)
            .filter_map(window_lines)
            .flat_map(|l| l.map(|t| text_width(&t, st.small)))
            .fold(0.0, f64::max);
        let label_w = edge_text(tree, i, opts).map_or(0.0, |l| text_width(&l, st.label));
        let badge = if opts.show.visits { 2.0 * st.badge_r + 5.0 } else { 0.0 };
        let named = if name_w > 0.0 { name_w + 6.0 } else { 0.0 };
        let e = &mut sizes.extents[i];
        if leaf {
            e.left = (w / 2.0).max(name_w / 2.0);
            e.right = e.left;
            e.down = h / 2.0 + badge + if name_w > 0.0 { st.name + 5.0 } else { 0.0 };
        } else if st.compact {
            // The visit number above a corner, the window under the tree.
            e.left = w / 2.0 + named + 2.0;
            e.right = w / 2.0 + 2.0;
            e.down = h / 2.0;
            e.up = h / 2.0 + if badge > 0.0 { 2.0 * st.badge_r + 1.0 } else { 0.0 };
        } else {
            e.left = w / 2.0 + named + badge;
            e.right = w / 2.0 + if window_w > 0.0 { window_w + 7.0 } else { 0.0 };
            e.down = h / 2.0;
        }
        e.left = e.left.max(label_w);
        e.right = e.right.max(label_w);
        e.up = e.up.max(h / 2.0);
    }
    sizes
}

fn visible_value(s: &NodeState, opts: &DrawOptions, st: &Style) -> Option<String> {
    if s.computed && !opts.show.values {
        return None;
    }
    // Compact: `≥3`, not `≥ 3`.
    let v = s.value.clone()?;
    Some(if st.compact { v.replace("≥ ", "≥").replace("≤ ", "≤") } else { v })
}

/// Paints one frame.
pub fn paint(
    game: &Game,
    tree: &Tree,
    sizes: &Sizes,
    layout: &Layout,
    frame: &Frame,
    opts: &DrawOptions,
    rule: CutRule,
) -> Vec<Item> {
    let mut out = Vec::new();
    let show = &opts.show;
    let st = &sizes.style;
    // What labels on edges keep clear of: every node with its texts.
    let boxes: Vec<Box4> = (0..tree.nodes.len())
        .map(|i| {
            let ((x, y), e) = (layout.pos[i], sizes.extents[i]);
            (x - e.left, y - e.up, x + e.right, y + e.down)
        })
        .collect();
    for i in 0..tree.nodes.len() {
        let s = &frame.nodes[i];
        let (x, y) = layout.pos[i];
        let (w, h) = sizes.shape[i];
        let grey = s.grey && show.cuts && !show.marks_only;
        let ink = if grey { Ink::Grey } else { Ink::Black };
        let soft = if grey { Ink::Grey } else { Ink::Soft };
        if let Some(p) = tree.nodes[i].parent {
            let (px, py) = layout.pos[p];
            let a = (px, py + sizes.shape[p].1 / 2.0);
            let b = (x, y - h / 2.0);
            let bold = s.pv && show.pv;
            let width = if bold { 3.4 } else { 1.4 };
            out.push(Item { layer: 0, mark: Mark::Line { a, b, ink, width, dash: tree.nodes[i].transposition } });
            // The fan of edges from the parent: labels keep clear of them.
            let fan: Vec<(Pt, Pt)> = tree.nodes[p]
                .children
                .iter()
                .map(|&j| (a, (layout.pos[j].0, layout.pos[j].1 - sizes.shape[j].1 / 2.0)))
                .collect();
            if let Some(text) = edge_text(tree, i, opts) {
                // Beside the edge, not on it: on the outer side of the fan
                // (left of an edge going left, else right), sliding towards
                // the child, where the edges part, or to the other side when
                // a neighbouring edge is in the way.
                let outer = if b.0 - a.0 < -0.5 { Side::Left } else { Side::Right };
                let (w, gap) = (text_width(&text, st.label), 4.0);
                let tries = [0.5, 0.58, 0.66].into_iter().flat_map(|t| [(t, outer), (t, outer.other())]);
                let at = place(a, b, tries, gap, (w, st.label), (&fan, &boxes));
                let mark = Mark::Text {
                    at,
                    text,
                    size: st.label,
                    anchor: Anchor::Middle,
                    ink: soft,
                    bold: false,
                    italic: true,
                    halo: true,
                };
                out.push(Item { layer: 1, mark });
            }
            if let (Some(kind), true) = (s.cut, show.cuts) {
                let labelled = s.first_cut && !show.marks_only;
                cross(&mut out, (a, b), kind, labelled.then_some((fan.as_slice(), &boxes)), rule, st.cut);
            }
        }
        let focus = frame.focus == Some(i);
        let (stroke, fill, width) = match (focus, grey) {
            (true, _) => (Ink::Focus, Ink::FocusFill, 3.0),
            (false, true) => (Ink::Grey, Ink::White, 1.4),
            (false, false) => (Ink::Black, Ink::White, 1.6),
        };
        let sh = shape(game, tree, i, opts.shapes);
        out.push(Item { layer: 2, mark: outline(sh, (x, y), w, h, stroke, fill, width) });
        let leaf = tree.nodes[i].children.is_empty();
        if let Some(v) = visible_value(s, opts, st) {
            let low = if st.compact { 0.3 } else { 0.16 };
            let dy = match sh {
                Shape::Up => h * low,
                Shape::Down => -h * low,
                _ => 0.0,
            };
            let bold = s.computed;
            let mark = Mark::Text {
                at: (x, y + dy),
                text: v,
                size: st.value,
                anchor: Anchor::Middle,
                ink,
                bold,
                italic: false,
                halo: false,
            };
            out.push(Item { layer: 3, mark });
        }
        let name = name_text(game, tree, i).filter(|_| show.names);
        let name_w = name.as_deref().map_or(0.0, |n| text_width(n, st.name) + 6.0);
        let badge_y = if leaf && show.visits { h / 2.0 + st.badge_r + 4.0 } else { 0.0 };
        if let Some(name) = name {
            let (at, anchor) = if leaf {
                ((x, y + h / 2.0 + badge_y + 12.0 * st.name / 13.0), Anchor::Middle)
            } else {
                ((x - w / 2.0 - 6.0, y), Anchor::End)
            };
            let mark =
                Mark::Text { at, text: name, size: st.name, anchor, ink: soft, bold: false, italic: true, halo: false };
            out.push(Item { layer: 3, mark });
        }
        if let (Some(lines), true, false, false) = (window_lines(s), show.windows, leaf, st.compact) {
            let inks = if grey { [Ink::Grey, Ink::Grey] } else { [Ink::Alpha, Ink::Beta] };
            for (k, (text, ink)) in lines.into_iter().zip(inks).enumerate() {
                let at = (x + w / 2.0 + 7.0, y + st.small / 11.0 * (14.0 * k as f64 - 7.0));
                let mark = Mark::Text {
                    at,
                    text,
                    size: st.small,
                    anchor: Anchor::Start,
                    ink,
                    bold: false,
                    italic: false,
                    halo: false,
                };
                out.push(Item { layer: 3, mark });
            }
        }
        if let (Some(n), true) = (s.visit, show.visits) {
            let r = st.badge_r;
            // Compact: above the corner away from the edge coming in.
            let away = match tree.nodes[i].parent {
                Some(p) if layout.pos[p].0 > x + 0.5 => -1.0,
                _ => 1.0,
            };
            let c = match (leaf, st.compact) {
                (true, _) => (x, y + badge_y),
                (false, true) => (x + away * (w / 2.0 - r + 2.0), y - h / 2.0 - r - 1.0),
                (false, false) => (x - w / 2.0 - name_w - 4.0 - r, y),
            };
            let mark = Mark::Ellipse { c, rx: r, ry: r, stroke: Ink::None, fill: Ink::Badge, width: 0.0 };
            out.push(Item { layer: 2, mark });
            let mark = Mark::Text {
                at: c,
                text: n.to_string(),
                size: st.badge,
                anchor: Anchor::Middle,
                ink: soft,
                bold: false,
                italic: false,
                halo: false,
            };
            out.push(Item { layer: 3, mark });
        }
    }
    out
}

/// The text beside a cut mark: `α`, `β`, `Σ≤α` (`Σ<α` under strict cuts)…
pub fn cut_text(kind: CutKind, rule: CutRule) -> String {
    match kind {
        CutKind::Alpha => "α".into(),
        CutKind::Beta => "β".into(),
        CutKind::Chance { high: false } => format!("Σ{}α", rule.alpha_symbol()),
        CutKind::Chance { high: true } => format!("Σ{}β", rule.beta_symbol()),
        CutKind::Shallow => "shallow".into(),
    }
}

/// Half the length of a cut mark's strokes, across the edge.
const CROSS: f64 = 9.0;
/// Where along a pruned edge its cut mark sits (0 parent, 1 child).
const CROSS_AT: f64 = 0.74;

/// The cut mark on a pruned edge: a double stroke across it, in the cut's
/// colour, with `α` or `β` beside it.
///
/// `fan`, when the mark is labelled: the edges from the same parent. The
/// label goes on the left (towards the siblings searched) when it is clear
/// of them there, else on the right.
fn cross(out: &mut Vec<Item>, (a, b): (Pt, Pt), kind: CutKind, clear: Option<Clear>, rule: CutRule, size: f64) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy, ux);
    let m = lerp(a, b, CROSS_AT);
    // A chance-branch cut is drawn as the side it failed on (its value
    // stayed ≤ α, or ≥ β); Korf's shallow cut as a β-style cut.
    let ink = match kind {
        CutKind::Alpha | CutKind::Chance { high: false } => Ink::Alpha,
        CutKind::Beta | CutKind::Chance { high: true } | CutKind::Shallow => Ink::Beta,
    };
    for side in [-3.5, 3.5] {
        let c = (m.0 + ux * side, m.1 + uy * side);
        let p = (c.0 + nx * CROSS - ux * 4.0, c.1 + ny * CROSS - uy * 4.0);
        let q = (c.0 - nx * CROSS + ux * 4.0, c.1 - ny * CROSS + uy * 4.0);
        out.push(Item { layer: 1, mark: Mark::Line { a: p, b: q, ink, width: 2.2, dash: false } });
    }
    let Some(clear) = clear else { return };
    // Clear of the strokes whatever the text's width and the edge's slope:
    // the strokes reach CROSS across the edge, the text box its reach
    // along the normal, and 4 px between them.
    let text = cut_text(kind, rule);
    let tries = [CROSS_AT, 0.6, 0.48].into_iter().flat_map(|t| [(t, Side::Left), (t, Side::Right)]);
    let at = place(a, b, tries, CROSS + 4.0, (text_width(&text, size), size), clear);
    let mark = Mark::Text { at, text, size, anchor: Anchor::Middle, ink, bold: true, italic: false, halo: true };
    out.push(Item { layer: 1, mark });
}

fn outline(s: Shape, (x, y): Pt, w: f64, h: f64, stroke: Ink, fill: Ink, width: f64) -> Mark {
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

/// Splits a caption (type `size` px) into lines that fit `width` px.
pub fn wrap(text: &str, width: f64, size: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let next = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if !line.is_empty() && text_width(&next, size) > width {
            lines.push(std::mem::take(&mut line));
            line = word.to_string();
        } else {
            line = next;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The vertical room a caption of `lines` lines takes below the tree.
pub fn caption_height(lines: usize, size: f64) -> f64 {
    if lines == 0 { 0.0 } else { 10.0 + size * 1.4 * lines as f64 }
}
