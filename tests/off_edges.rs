//! Nothing written on a figure sits on an edge (issue 14): cut labels,
//! windows, names, visit numbers and their badges, move labels, the
//! `TT`/`re` badges of table hits and re-searches. Every spec in specs/
//! under every algorithm its `expect` blocks name, and every slides
//! fixture, frame by frame, at the natural size and on a beamer frame;
//! read back from the SVG itself (what a browser draws), and from the
//! marks TikZ translates (the same marks, so the same geometry).

use std::path::PathBuf;

use gametree::draw::{Anchor, DrawOptions, Figure, Mark, Scope, Size, Svg};
use gametree::search;
use gametree::search::options::Options;

#[path = "tools/geometry.rs"]
mod geometry;
use geometry::{Box4, Pt, algorithms, crosses, inset, svg_text, trees};

/// The box a text covers (see `geometry::text_box`), 0.5 px in from each
/// side, so touching is not crossing.
fn text_box(at: Pt, text: &str, size: f64, anchor: Anchor) -> Box4 {
    inset(geometry::text_box(at, text, size, anchor), 0.5)
}

/// Every spec, then every slides fixture.
fn specs() -> Vec<PathBuf> {
    let mut out = trees("specs");
    out.extend(trees("tests/fixtures/slides"));
    out
}

/// Each figure to check: (what, figure), steps at the natural size and
/// on a beamer frame.
fn each_figure(mut check: impl FnMut(&str, &Figure)) {
    for path in specs() {
        let text = std::fs::read_to_string(&path).unwrap();
        let game = gametree::load(&path.display().to_string(), &text).unwrap();
        for algo in algorithms(&text, &game) {
            let trace = search::run(&game, algo, &Options::default()).unwrap();
            let opts = DrawOptions { steps: true, ..DrawOptions::default() };
            for size in [Size::Natural, Size::Beamer] {
                let fig = Figure::scoped(&game, Some(&trace), opts, &Scope { subtree: None, size: size.clone() });
                check(&format!("{} {} {size:?}", path.display(), algo.name()), &fig);
            }
        }
    }
}

/// Known and not yet fixed, on a beamer frame only (the natural size has
/// none): (file, text). Staggered leaves sit half a width apart, so the
/// edge to a lower-row leaf crosses its upper-row neighbour's box (the
/// layout would have to spread the fan); `E`'s visit number in
/// fail-hard-vs-soft has an edge on each corner and a leaf on each side;
/// a crowded Star1 fan leaves its `Σ≤α` no clear place.
const KNOWN: [(&str, &str); 6] = [
    ("branching5-40.tree", "16"),
    ("branching5-40.tree", "19"),
    ("maxn-18.tree", "(10,0,0)"),
    ("fail-hard-vs-soft.tree", "4"),
    ("fail-hard-vs-soft.tree", "visit badge"),
    ("lecture-chance-1-6-pruning.tree", "Σ≤α"),
];

fn known(what: &str, text: &str) -> bool {
    what.contains("Beamer") && KNOWN.iter().any(|(f, t)| what.contains(&format!("/{f} ")) && *t == text)
}

fn num(n: roxmltree::Node, a: &str) -> f64 {
    n.attribute(a).unwrap().parse().unwrap()
}

#[test]
fn no_text_or_badge_sits_on_an_edge_in_the_svg() {
    let (mut checked, mut bad) = (0, Vec::new());
    each_figure(|what, fig| {
        for k in 0..fig.frames.len() {
            let svg = Svg { figure: fig, frame: k }.to_string();
            let xml = roxmltree::Document::parse(&svg).unwrap();
            // Edges are drawn 1.4 px wide (3.4 on the principal variation);
            // cut strokes 2.2.
            let edges: Vec<(Pt, Pt)> = xml
                .descendants()
                .filter(|n| n.has_tag_name("line") && matches!(n.attribute("stroke-width"), Some("1.4" | "3.4")))
                .map(|n| ((num(n, "x1"), num(n, "y1")), (num(n, "x2"), num(n, "y2"))))
                .collect();
            let mut things: Vec<(String, Box4)> = Vec::new();
            for n in xml.descendants() {
                if n.has_tag_name("text") {
                    // 0.5 px in, as `text_box` here: touching is not crossing.
                    let (t, b) = svg_text(n);
                    things.push((t, inset(b, 0.5)));
                } else if n.has_tag_name("ellipse") && n.attribute("stroke") == Some("none") {
                    // A visit number's badge.
                    let (cx, cy, r) = (num(n, "cx"), num(n, "cy"), num(n, "rx"));
                    let s = r * std::f64::consts::FRAC_1_SQRT_2;
                    things.push(("visit badge".into(), (cx - s, cy - s, cx + s, cy + s)));
                } else if n.has_tag_name("polygon") && n.attribute("stroke-width") == Some("0.8") {
                    // A TT or re badge.
                    let pts: Vec<Pt> = n
                        .attribute("points")
                        .unwrap()
                        .split(' ')
                        .map(|p| {
                            let (x, y) = p.split_once(',').unwrap();
                            (x.parse().unwrap(), y.parse().unwrap())
                        })
                        .collect();
                    let (x0, x1) = pts.iter().map(|p| p.0).fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
                    let (y0, y1) = pts.iter().map(|p| p.1).fold((f64::MAX, f64::MIN), |(a, b), y| (a.min(y), b.max(y)));
                    things.push(("step badge".into(), (x0 + 0.5, y0 + 0.5, x1 - 0.5, y1 - 0.5)));
                }
            }
            for (t, b) in &things {
                if let Some(e) = edges.iter().find(|(p, q)| crosses(*p, *q, *b)).filter(|_| !known(what, t)) {
                    bad.push(format!("{what} frame {k}: `{t}` {b:?} sits on the edge {e:?}"));
                }
                checked += 1;
            }
        }
    });
    assert!(checked > 10_000, "only {checked} texts and badges checked");
    assert!(bad.is_empty(), "{} on edges:\n{}", bad.len(), bad.join("\n"));
}

#[test]
fn no_text_sits_on_an_edge_in_the_marks_tikz_draws() {
    // TikZ translates the painted marks one by one: texts at the same
    // points, edges as the same segments (layer 0).
    let mut bad = Vec::new();
    each_figure(|what, fig| {
        for k in 0..fig.frames.len() {
            let items = fig.paint(k);
            let edges: Vec<(Pt, Pt)> = items
                .iter()
                .filter(|i| i.layer == 0)
                .filter_map(|i| match i.mark {
                    Mark::Line { a, b, .. } => Some((a, b)),
                    _ => None,
                })
                .collect();
            for item in &items {
                let Mark::Text { at, text, size, anchor, .. } = &item.mark else { continue };
                let b = text_box(*at, text, *size, *anchor);
                if let Some(e) = edges.iter().find(|(p, q)| crosses(*p, *q, b)).filter(|_| !known(what, text)) {
                    bad.push(format!("{what} frame {k}: `{text}` {b:?} sits on the edge {e:?}"));
                }
            }
        }
    });
    assert!(bad.is_empty(), "{} on edges:\n{}", bad.len(), bad.join("\n"));
}
