//! Painting: one frame of a figure as a list of simple marks (lines,
//! polygons, ellipses, text) at the layout's coordinates. TikZ, SVG and
//! HTML only translate marks, so the three always draw the same picture.

use crate::model::{Game, NodeKind};
use crate::search::options::CutRule;
use crate::search::trace::CutKind;

use super::DrawOptions;
use super::badge::{badge_marks, badges_width, step_badges, text_box, visit_badge};
use super::frame::{Frame, NodeState, num};
use super::layout::{Extent, Layout};
use super::marks::{Anchor, Ink, Item, Mark, Pt, text_width};
use super::place::{Box4, Side, hits, lerp, place, place_or_not};
use super::shape::{Shape, outline, shape, shape_size};
use super::style::Style;
use super::tree::Tree;

/// What is measured once over all frames: shape sizes and the room texts
/// beside them take.
#[derive(Clone, Debug)]
pub struct Sizes {
    pub shape: Vec<(f64, f64)>,
    pub extents: Vec<Extent>,
    pub style: Style,
    /// Stacked styles: per level, the player every node on it belongs to.
    pub legend: Vec<Option<String>>,
    /// How far right of a node's centre its step badges (`re`, `TT 5`)
    /// start: past its shape and its window.
    pub badge_x: Vec<f64>,
}

/// Per level (depth below the drawn root), the player to move when every
/// inner node on it is that player's; empty unless the style stacks.
fn legend(game: &Game, tree: &Tree, style: &Style) -> Vec<Option<String>> {
    if !style.stack {
        return Vec::new();
    }
    let mut out: Vec<Option<Option<u16>>> = Vec::new();
    for (i, t) in tree.nodes.iter().enumerate().filter(|(_, t)| !t.children.is_empty()) {
        let d = tree.depth(i);
        if out.len() <= d {
            out.resize(d + 1, None);
        }
        let p = match game.node(t.id).kind() {
            NodeKind::Player(p) => Some(p),
            _ => None,
        };
        out[d] = match out[d] {
            None => Some(p),
            Some(q) if q == p => Some(q),
            Some(_) => Some(None),
        };
    }
    out.into_iter().map(|p| p.flatten().and_then(|p| game.players().get(p as usize).cloned())).collect()
}

/// Which way from a node's top its visit number (and, stacked, its name)
/// go: away from the edge coming in, read off its place among its
/// siblings (a first child's parent is to its right), so measuring and
/// painting agree before the layout exists. The root: right.
fn away(tree: &Tree, i: usize) -> f64 {
    let Some(p) = tree.nodes[i].parent else { return 1.0 };
    let kids = &tree.nodes[p].children;
    let k = kids.iter().position(|&c| c == i).unwrap_or(0);
    if 2 * k + 1 < kids.len() { -1.0 } else { 1.0 }
}

/// Stacked: the row above an inner node, from its top's middle outwards:
/// `2` px, the visit badge, `3` px, the name. Its width.
fn stack_row(badge: bool, name_w: f64, st: &Style) -> f64 {
    let b = if badge { 2.0 * st.badge_r } else { 0.0 };
    let between = if badge && name_w > 0.0 { 3.0 } else { 0.0 };
    if b + name_w > 0.0 { 2.0 + b + between + name_w } else { 0.0 }
}

/// The name drawn beside a node: its name, and for a player's node the
/// player to move (unless the level's legend says it).
fn name_text(game: &Game, tree: &Tree, i: usize, legend: &[Option<String>]) -> Option<String> {
    let node = game.node(tree.nodes[i].id);
    let told = legend.get(tree.depth(i)).is_some_and(Option::is_some);
    match (node.kind(), node.name()) {
        (NodeKind::Player(_), name) if told => name.map(str::to_string),
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
    let legend = legend(game, tree, st);
    let (shapes, extents, badge_x) = (vec![(0.0, 0.0); n], vec![Extent::default(); n], vec![0.0; n]);
    let mut sizes = Sizes { shape: shapes, extents, style, legend, badge_x };
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
        let name_w = name_text(game, tree, i, &sizes.legend)
            .filter(|_| opts.show.names)
            .map_or(0.0, |n| text_width(&n, st.name));
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
        } else if st.stack {
            // The visit number and the name in a row above, on one side.
            // A name's row 4 px more, so neighbouring rows never read as one.
            let row = stack_row(opts.show.visits, name_w, st) + if name_w > 0.0 { 4.0 } else { 0.0 };
            e.left = w / 2.0 + 0.5;
            e.right = e.left;
            if away(tree, i) < 0.0 {
                e.left = e.left.max(row);
            } else {
                e.right = e.right.max(row);
            }
            e.down = h / 2.0;
            e.up = h / 2.0 + if row > 0.0 { (2.0 * st.badge_r).max(st.name) + 2.0 } else { 0.0 };
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
        let windowed = window_w > 0.0 && !leaf;
        sizes.badge_x[i] = w / 2.0 + if windowed { window_w + 11.0 } else { 4.0 };
        let badges_w = frames
            .iter()
            .filter(|_| opts.show.values)
            .map(|f| badges_width(&step_badges(&f.nodes[i]), st))
            .fold(0.0, f64::max);
        if badges_w > 0.0 {
            e.right = e.right.max(sizes.badge_x[i] + badges_w + 2.0);
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
    let v = if st.stack && v.contains('(') { v.replace(", ", ",") } else { v };
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
    // Every edge, parent's bottom to child's top: badges keep off them.
    let edges: Vec<(Pt, Pt)> = (0..tree.nodes.len())
        .filter_map(|i| {
            let p = tree.nodes[i].parent?;
            let ((px, py), (x, y)) = (layout.pos[p], layout.pos[i]);
            Some(((px, py + sizes.shape[p].1 / 2.0), (x, y - sizes.shape[i].1 / 2.0)))
        })
        .collect();
    // Move labels and probabilities beside their edges (placed first:
    // cut labels keep clear of them too).
    let labels: Vec<Option<(Pt, String)>> = (0..tree.nodes.len())
        .map(|i| {
            let text = edge_text(tree, i, opts)?;
            let p = tree.nodes[i].parent?;
            let edge = |j: usize| {
                let ((px, py), (x, y)) = (layout.pos[p], layout.pos[j]);
                ((px, py + sizes.shape[p].1 / 2.0), (x, y - sizes.shape[j].1 / 2.0))
            };
            let fan: Vec<(Pt, Pt)> = tree.nodes[p].children.iter().map(|&j| edge(j)).collect();
            let (a, b) = edge(i);
            // Beside the edge, not on it: on the outer side of the fan
            // (left of an edge going left, else right), sliding towards
            // the child, where the edges part, or to the other side when
            // a neighbouring edge is in the way.
            let outer = if b.0 - a.0 < -0.5 { Side::Left } else { Side::Right };
            let (w, gap) = (text_width(&text, st.label), 4.0);
            // Flat fans (a slide's short levels): further towards the
            // child, where the edges are further apart.
            let tries =
                || [0.5, 0.58, 0.66, 0.74, 0.82].into_iter().flat_map(move |t| [(t, outer), (t, outer.other())]);
            let at = match place_or_not(a, b, tries().take(6), gap, (w, st.label), (&fan, &boxes)) {
                (at, true) => at,
                _ => place(a, b, tries(), gap, (w, st.label), (&fan, &boxes)),
            };
            Some((at, text))
        })
        .collect();
    let mut cut_clear = boxes.clone();
    for (at, text) in labels.iter().flatten() {
        let (w, h) = (text_width(text, st.label), st.label);
        cut_clear.push((at.0 - w / 2.0, at.1 - h / 2.0, at.0 + w / 2.0, at.1 + h / 2.0));
    }
    // Compact visit badges, placed last: (node, places to try, number, ink).
    let mut later: Vec<(usize, [Pt; 4], usize, Ink)> = Vec::new();
    for (i, label) in labels.iter().enumerate() {
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
            if let Some((at, text)) = label.clone() {
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
                cross(&mut out, (a, b), kind, (&fan, labelled.then_some(&cut_clear[..])), rule, st.cut);
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
        let name = name_text(game, tree, i, &sizes.legend).filter(|_| show.names);
        let name_w = name.as_deref().map_or(0.0, |n| text_width(n, st.name) + 6.0);
        let badge_y = if leaf && show.visits { h / 2.0 + st.badge_r + 4.0 } else { 0.0 };
        // Stacked: the row above the node, away from the edge coming in,
        // always read badge first, then name: it starts `row_x`.
        let (side, row_y) = (away(tree, i), y - h / 2.0 - st.badge_r - 1.0);
        let raw_w = name.as_deref().map_or(0.0, |n| text_width(n, st.name));
        let row_x = if side > 0.0 { x + 2.0 } else { x - stack_row(show.visits, raw_w, st) };
        let badge_w = if show.visits { 2.0 * st.badge_r + 3.0 } else { 0.0 };
        if let Some(name) = name {
            let (at, anchor) = if leaf {
                ((x, y + h / 2.0 + badge_y + 12.0 * st.name / 13.0), Anchor::Middle)
            } else if st.stack {
                ((row_x + badge_w, row_y), Anchor::Start)
            } else {
                ((x - w / 2.0 - 6.0, y), Anchor::End)
            };
            let mark = Mark::Text {
                at,
                text: name,
                size: st.name,
                anchor,
                ink: soft,
                bold: false,
                italic: true,
                halo: st.stack && !leaf,
            };
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
        if show.values {
            badge_marks(&mut out, s, (x + sizes.badge_x[i], y), grey, st);
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
                (false, true) if st.stack => (row_x + r, row_y),
                (false, true) => {
                    // Above the corner away from the edge coming in; in a
                    // flat fan, where a sibling's edge runs there, above
                    // the other corner or beside the node. Placed once
                    // every other text is, to keep clear of them too.
                    let (above, beside) = ((w / 2.0 - r + 2.0, y - h / 2.0 - r - 1.0), (w / 2.0 + r + 2.0, y));
                    // Beside: on the right, the name being on the left
                    // (not when step badges are there), else left of the
                    // name.
                    let right = if step_badges(s).is_empty() { 1.0 } else { away };
                    let left = (w / 2.0 + name_w + r + 2.0, y);
                    let tries = [(away, above), (-away, above), (right, beside), (-1.0, left)]
                        .map(|(side, (dx, cy))| (x + side * dx, cy));
                    later.push((i, tries, n, soft));
                    continue;
                }
                (false, false) => (x - w / 2.0 - name_w - 4.0 - r, y),
            };
            visit_badge(&mut out, c, n, soft, st);
        }
    }
    for (i, tries, n, soft) in later {
        let r = st.badge_r;
        let texts: Vec<Box4> = out
            .iter()
            .filter_map(|item| match &item.mark {
                Mark::Text { at, text, size, anchor, .. } => Some(text_box(*at, text, *size, *anchor)),
                _ => None,
            })
            .collect();
        let meets = |a: &Box4, o: &Box4| a.0 < o.2 && o.0 < a.2 && a.1 < o.3 && o.1 < a.3;
        let clear = |c: &Pt| {
            let b = (c.0 - r, c.1 - r, c.0 + r, c.1 + r);
            !edges.iter().any(|&(p, q)| hits(p, q, b))
                && !boxes.iter().enumerate().any(|(j, o)| j != i && meets(&b, o))
                && !texts.iter().any(|o| meets(&b, o))
        };
        let c = tries.into_iter().find(clear).unwrap_or(tries[0]);
        visit_badge(&mut out, c, n, soft, st);
    }
    legend_marks(&mut out, tree, sizes, layout);
    out
}

/// Stacked: each level's player at the left margin, the first as `to
/// move: A`.
fn legend_marks(out: &mut Vec<Item>, tree: &Tree, sizes: &Sizes, layout: &Layout) {
    let st = &sizes.style;
    let mut first = true;
    for (d, player) in sizes.legend.iter().enumerate() {
        let (Some(player), Some(y)) = (player, level_y(tree, layout, d)) else { continue };
        let text = if first { format!("to move: {player}") } else { player.clone() };
        first = false;
        let at = (st.margin, y);
        let mark = Mark::Text {
            at,
            text,
            size: st.name,
            anchor: Anchor::Start,
            ink: Ink::Soft,
            bold: true,
            italic: false,
            halo: false,
        };
        out.push(Item { layer: 3, mark });
    }
}

/// The height of level `d`'s first row.
fn level_y(tree: &Tree, layout: &Layout, d: usize) -> Option<f64> {
    (0..tree.nodes.len()).filter(|&i| tree.depth(i) == d).map(|i| layout.pos[i].1).reduce(f64::min)
}

/// How far right a stacked figure must move for its legend to keep clear
/// of each level's leftmost node (0 with no legend).
pub fn legend_room(tree: &Tree, sizes: &Sizes, layout: &Layout) -> f64 {
    let st = &sizes.style;
    let mut first = true;
    let mut room: f64 = 0.0;
    for (d, player) in sizes.legend.iter().enumerate() {
        let Some(player) = player else { continue };
        let text = if first { format!("to move: {player}") } else { player.clone() };
        first = false;
        let left = (0..tree.nodes.len())
            .filter(|&i| tree.depth(i) == d)
            .map(|i| layout.pos[i].0 - sizes.extents[i].left)
            .fold(f64::INFINITY, f64::min);
        room = room.max(st.margin + text_width(&text, st.name) * 1.1 + 6.0 - left);
    }
    room
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
fn cross(
    out: &mut Vec<Item>,
    (a, b): (Pt, Pt),
    kind: CutKind,
    (fan, boxes): (&[(Pt, Pt)], Option<&[Box4]>),
    rule: CutRule,
    size: f64,
) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy, ux);
    let m = lerp(a, b, CROSS_AT);
    // Strokes shorter than CROSS where a sibling's edge runs closer than
    // twice that, so the marks of neighbouring pruned edges stay apart.
    let near = fan
        .iter()
        .filter(|(_, q)| (q.0 - b.0).abs() + (q.1 - b.1).abs() > 0.5)
        .map(|&(p, q)| {
            let (ex, ey) = (q.0 - p.0, q.1 - p.1);
            ((ex * (m.1 - p.1) - ey * (m.0 - p.0)) / (ex * ex + ey * ey).sqrt().max(1e-9)).abs()
        })
        .fold(f64::INFINITY, f64::min);
    let half = (0.4 * near).clamp(4.0, CROSS);
    let tilt = 4.0 * half / CROSS;
    // A chance-branch cut is drawn as the side it failed on (its value
    // stayed ≤ α, or ≥ β); Korf's shallow cut as a β-style cut.
    let ink = match kind {
        CutKind::Alpha | CutKind::Chance { high: false } => Ink::Alpha,
        CutKind::Beta | CutKind::Chance { high: true } | CutKind::Shallow => Ink::Beta,
    };
    for side in [-3.5, 3.5] {
        let c = (m.0 + ux * side, m.1 + uy * side);
        let p = (c.0 + nx * half - ux * tilt, c.1 + ny * half - uy * tilt);
        let q = (c.0 - nx * half + ux * tilt, c.1 - ny * half + uy * tilt);
        out.push(Item { layer: 1, mark: Mark::Line { a: p, b: q, ink, width: 2.2, dash: false } });
    }
    let Some(boxes) = boxes else { return };
    let clear = (fan, boxes);
    // Clear of the strokes whatever the text's width and the edge's slope:
    // the strokes reach `half` across the edge, the text box its reach
    // along the normal, and 4 px between them.
    let text = cut_text(kind, rule);
    let tries = || [CROSS_AT, 0.6, 0.48, 0.36, 0.26].into_iter().flat_map(|t| [(t, Side::Left), (t, Side::Right)]);
    let wh = (text_width(&text, size), size);
    // Further out when a crowded fan leaves no room right beside the edge.
    let at = [4.0, 10.0, 16.0]
        .into_iter()
        .map(|more| place_or_not(a, b, tries(), half + more, wh, clear))
        .find(|(_, ok)| *ok)
        .map_or_else(|| place(a, b, tries(), half + 4.0, wh, clear), |(at, _)| at);
    let mark = Mark::Text { at, text, size, anchor: Anchor::Middle, ink, bold: true, italic: false, halo: true };
    out.push(Item { layer: 1, mark });
}
