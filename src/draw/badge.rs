//! Badges: the small marks beside a node that are not its value — the
//! visit number in its round badge, and the boxes a step leaves (`re` on
//! a node searched again, `TT 5` on one the table answered or narrowed).

use super::frame::NodeState;
use super::marks::{Anchor, Ink, Item, Mark, Pt, text_width};
use super::place::Box4;
use super::style::Style;

/// The badges a step left on a node: `re` when it is searched again, the
/// table's answer (`TT 5`) when a hit answered or narrowed it.
pub fn step_badges(s: &NodeState) -> Vec<(String, bool)> {
    let re = s.research.then(|| ("re".to_string(), true));
    re.into_iter().chain(s.tt.clone().map(|t| (t, false))).collect()
}

/// A badge's width: its text and 3 px either side.
fn badge_width(text: &str, st: &Style) -> f64 {
    text_width(text, st.small) + 6.0
}

/// The row of badges' width, 3 px between them.
pub fn badges_width(badges: &[(String, bool)], st: &Style) -> f64 {
    let n = badges.len() as f64;
    badges.iter().map(|(t, _)| badge_width(t, st)).sum::<f64>() + 3.0 * (n - 1.0).max(0.0)
}

/// The step badges right of a node at `(x, y)`: `re` in the focus colour,
/// `TT 5` in grey, each a box with its text.
pub fn badge_marks(out: &mut Vec<Item>, s: &NodeState, (x, y): Pt, grey: bool, st: &Style) {
    let mut left = x;
    for (text, re) in step_badges(s) {
        let (w, h) = (badge_width(&text, st), st.small * 1.3);
        let (stroke, fill) = match (grey, re) {
            (true, _) => (Ink::Grey, Ink::White),
            (false, true) => (Ink::Focus, Ink::FocusFill),
            (false, false) => (Ink::Soft, Ink::Badge),
        };
        let pts = vec![(left, y - h / 2.0), (left + w, y - h / 2.0), (left + w, y + h / 2.0), (left, y + h / 2.0)];
        out.push(Item { layer: 2, mark: Mark::Poly { pts, stroke, fill, width: 0.8 } });
        let ink = if grey { Ink::Grey } else { Ink::Black };
        let mark = Mark::Text {
            at: (left + w / 2.0, y),
            text,
            size: st.small,
            anchor: Anchor::Middle,
            ink,
            bold: false,
            italic: false,
            halo: false,
        };
        out.push(Item { layer: 3, mark });
        left += w + 3.0;
    }
}

/// A visit number in its round badge.
pub fn visit_badge(out: &mut Vec<Item>, c: Pt, n: usize, soft: Ink, st: &Style) {
    let r = st.badge_r;
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

/// The box a text covers, as the painter estimates it (0.8 em high).
pub fn text_box(at: Pt, text: &str, size: f64, anchor: Anchor) -> Box4 {
    let w = text_width(text, size);
    let x0 = match anchor {
        Anchor::Start => at.0,
        Anchor::Middle => at.0 - w / 2.0,
        Anchor::End => at.0 - w,
    };
    (x0, at.1 - 0.4 * size, x0 + w, at.1 + 0.4 * size)
}
