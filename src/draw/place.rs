//! Where a label goes beside an edge: along it, on one side, clear of
//! the other edges of its fan and of the nodes with their texts.

use super::marks::Pt;

pub fn lerp(a: Pt, b: Pt, t: f64) -> Pt {
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
}

/// A side of an edge, as seen on the page.
#[derive(Clone, Copy, PartialEq)]
pub enum Side {
    Left,
    Right,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
}

/// Where a text `w` × `h` goes beside the edge `a`–`b`: the first of
/// `tries` (how far along the edge, which side) where its box, `gap` px
/// clear of the edge, touches none of the `fan`'s edges and none of the
/// `boxes` (nodes with their texts); else the first try clear of the fan;
/// else the first try.
pub fn place(a: Pt, b: Pt, tries: impl IntoIterator<Item = (f64, Side)>, gap: f64, (w, h): Pt, clear: Clear) -> Pt {
    let (at, _) = place_or_not(a, b, tries, gap, (w, h), clear);
    at
}

/// As [`place`], and whether the place found is clear of both the fan and
/// the boxes.
pub fn place_or_not(
    a: Pt,
    b: Pt,
    tries: impl IntoIterator<Item = (f64, Side)>,
    gap: f64,
    (w, h): Pt,
    clear: Clear,
) -> (Pt, bool) {
    let (fan, boxes) = clear;
    let (nx, ny) = normal(a, b);
    let d = gap + reach((nx, ny), w, h);
    let at = |(t, side): (f64, Side)| {
        let m = lerp(a, b, t);
        // The normal's x decides which way is left.
        let s = if (nx < 0.0) == (side == Side::Left) { 1.0 } else { -1.0 };
        (m.0 + nx * d * s, m.1 + ny * d * s)
    };
    let (mut first, mut off_fan) = (None, None);
    for t in tries {
        let c = at(t);
        first = first.or(Some(c));
        let bx = (c.0 - w / 2.0 - 1.0, c.1 - h / 2.0 - 1.0, c.0 + w / 2.0 + 1.0, c.1 + h / 2.0 + 1.0);
        if fan.iter().any(|&(p, q)| hits(p, q, bx)) {
            continue;
        }
        off_fan = off_fan.or(Some(c));
        if !boxes.iter().any(|o| bx.0 < o.2 && o.0 < bx.2 && bx.1 < o.3 && o.1 < bx.3) {
            return (c, true);
        }
    }
    (off_fan.or(first).unwrap_or(lerp(a, b, 0.5)), false)
}

/// A box: left, top, right, bottom.
pub type Box4 = (f64, f64, f64, f64);

/// What a label keeps clear of: the edges of its fan, and boxes.
pub type Clear<'a> = (&'a [(Pt, Pt)], &'a [Box4]);

/// Does the segment `p`–`q` touch the box (x0, y0, x1, y1)? (Liang–Barsky.)
pub fn hits(p: Pt, q: Pt, (x0, y0, x1, y1): (f64, f64, f64, f64)) -> bool {
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for (pk, qk) in [(-dx, p.0 - x0), (dx, x1 - p.0), (-dy, p.1 - y0), (dy, y1 - p.1)] {
        if pk.abs() < 1e-12 {
            if qk < 0.0 {
                return false;
            }
        } else {
            let r = qk / pk;
            if pk < 0.0 {
                lo = lo.max(r);
            } else {
                hi = hi.min(r);
            }
        }
    }
    lo <= hi
}

/// The unit normal of the edge from `a` to `b`.
fn normal(a: Pt, b: Pt) -> Pt {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    (-dy / len, dx / len)
}

/// How far a text box `w` wide and `h` high reaches from its centre along
/// the unit direction `n`.
fn reach(n: Pt, w: f64, h: f64) -> f64 {
    n.0.abs() * w / 2.0 + n.1.abs() * h / 2.0
}
