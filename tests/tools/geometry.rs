//! What the figure tests measure: the box a text mark covers, overlaps,
//! edges crossing boxes, and which specs and algorithms to draw. Shared by
//! `slides.rs`, `off_edges.rs` and `beamer_overlaps.rs` (each uses part).
#![allow(dead_code)]

use std::path::PathBuf;

use gametree::draw::Anchor;
pub use gametree::draw::text_box;
use gametree::model::Game;
use gametree::search::Algorithm;

pub type Pt = (f64, f64);
pub type Box4 = (f64, f64, f64, f64);

/// The text of an SVG `<text>` element and the box it covers
/// ([`text_box`], the painter's estimate: 0.8 em high), placed by its
/// baseline, 0.35 em below the text's centre, as SVG and Graphviz write it.
pub fn svg_text(n: roxmltree::Node) -> (String, Box4) {
    let num = |a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
    let size = num("font-size");
    let anchor = match n.attribute("text-anchor") {
        Some("start") => Anchor::Start,
        Some("end") => Anchor::End,
        _ => Anchor::Middle,
    };
    let t = n.text().unwrap_or("").to_string();
    let b = text_box((num("x"), num("y") - 0.35 * size), &t, size, anchor);
    (t, b)
}

/// The box `by` in from each side.
pub fn inset((x0, y0, x1, y1): Box4, by: f64) -> Box4 {
    (x0 + by, y0 + by, x1 - by, y1 - by)
}

/// Overlapping by more than half a pixel each way (touching is not
/// overlapping).
pub fn overlap(a: Box4, b: Box4) -> bool {
    a.0 < b.2 - 0.5 && b.0 < a.2 - 0.5 && a.1 < b.3 - 0.5 && b.1 < a.3 - 0.5
}

/// Does the segment `p`–`q` cross the box? (Liang–Barsky clipping.)
pub fn crosses(p: Pt, q: Pt, (x0, y0, x1, y1): Box4) -> bool {
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for (pk, qk) in [(-dx, p.0 - x0), (dx, x1 - p.0), (-dy, p.1 - y0), (dy, y1 - p.1)] {
        if pk.abs() < 1e-12 {
            if qk < 0.0 {
                return false;
            }
        } else if pk < 0.0 {
            lo = lo.max(qk / pk);
        } else {
            hi = hi.min(qk / pk);
        }
    }
    lo < hi
}

/// The `.tree` files of a folder, sorted.
pub fn trees(dir: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    out.retain(|p| p.extension().is_some_and(|e| e == "tree"));
    out.sort();
    out
}

/// The algorithms a spec's `expect` blocks name, and the one `draw` runs
/// by default; those that apply to it.
pub fn algorithms(text: &str, game: &Game) -> Vec<Algorithm> {
    let named = text.lines().filter_map(|l| l.strip_prefix("expect ")).map(|l| {
        let end = l.find(|c: char| !(c.is_ascii_alphanumeric() || c == '-')).unwrap_or(l.len());
        l[..end].to_string()
    });
    let defaults = ["alphabeta", "expectiminimax", "maxn", "minimax", "star2"].map(String::from);
    let mut out: Vec<Algorithm> = Vec::new();
    for name in named.chain(defaults) {
        let Some(a) = Algorithm::from_name(&name) else { continue };
        if a.applies(game).is_ok() && !out.contains(&a) {
            out.push(a);
        }
    }
    out
}
