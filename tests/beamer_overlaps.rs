//! No two labels overlap on a beamer frame of any spec (issue 14, item 2):
//! every spec in specs/ under every algorithm its `expect` blocks name
//! (and the one `draw` runs by default), every frame of `--steps`, at the
//! size `draw --format tikz --steps --standalone` fits to a frame. The
//! boxes are read from the painted marks TikZ translates one by one, and
//! back from the SVG of the same frame at the same size.

use std::collections::BTreeSet;
use std::path::PathBuf;

use gametree::draw::{Anchor, DrawOptions, Figure, Mark, Scope, Size, Svg, text_width};
use gametree::model::Game;
use gametree::search::options::Options;
use gametree::search::{self, Algorithm};

type Box4 = (f64, f64, f64, f64);

/// The box a text mark covers: the painter's width estimate, the type's
/// height (0.8 em: cap height and descenders), as `Anchor` places it.
fn text_box(at: (f64, f64), text: &str, size: f64, anchor: Anchor) -> Box4 {
    let w = text_width(text, size);
    let x0 = match anchor {
        Anchor::Start => at.0,
        Anchor::Middle => at.0 - w / 2.0,
        Anchor::End => at.0 - w,
    };
    (x0, at.1 - 0.4 * size, x0 + w, at.1 + 0.4 * size)
}

/// Overlapping by more than half a pixel each way (touching is not
/// overlapping).
fn overlap(a: Box4, b: Box4) -> bool {
    a.0 < b.2 - 0.5 && b.0 < a.2 - 0.5 && a.1 < b.3 - 0.5 && b.1 < a.3 - 0.5
}

fn specs() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir("specs").unwrap().map(|e| e.unwrap().path()).collect();
    out.retain(|p| p.extension().is_some_and(|e| e == "tree"));
    out.sort();
    out
}

/// The algorithms a spec's `expect` blocks name, and the one `draw` runs
/// by default; those that apply to it.
fn algorithms(text: &str, game: &Game) -> Vec<Algorithm> {
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

#[test]
fn no_labels_overlap_on_beamer_frames_of_every_spec() {
    let (mut checked, mut bad) = (0usize, BTreeSet::new());
    for path in specs() {
        let text = std::fs::read_to_string(&path).unwrap();
        let game = gametree::load(&path.display().to_string(), &text).unwrap();
        for algo in algorithms(&text, &game) {
            let trace = search::run(&game, algo, &Options::default()).unwrap();
            let opts = DrawOptions { steps: true, ..DrawOptions::default() };
            let fig = Figure::scoped(&game, Some(&trace), opts, &Scope { subtree: None, size: Size::Beamer });
            for k in 0..fig.frames.len() {
                let marks: Vec<(String, Box4)> = fig
                    .paint(k)
                    .into_iter()
                    .filter_map(|i| match i.mark {
                        Mark::Text { at, text, size, anchor, .. } => {
                            let b = text_box(at, &text, size, anchor);
                            Some((text, b))
                        }
                        _ => None,
                    })
                    .collect();
                // The SVG of the same frame at the same fitted size, read
                // back: texts by their baseline, 0.35 em below the centre.
                let svg = Svg { figure: &fig, frame: k }.to_string();
                let xml = roxmltree::Document::parse(&svg).unwrap();
                let num = |n: roxmltree::Node, a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
                let drawn: Vec<(String, Box4)> = xml
                    .descendants()
                    .filter(|n| n.has_tag_name("text"))
                    .map(|n| {
                        let size = num(n, "font-size");
                        let anchor = match n.attribute("text-anchor") {
                            Some("start") => Anchor::Start,
                            Some("end") => Anchor::End,
                            _ => Anchor::Middle,
                        };
                        let t = n.text().unwrap_or("").to_string();
                        let b = text_box((num(n, "x"), num(n, "y") - 0.35 * size), &t, size, anchor);
                        (t, b)
                    })
                    .collect();
                for (kind, texts) in [("tikz", marks), ("svg", drawn)] {
                    checked += texts.len();
                    for (i, (a, ba)) in texts.iter().enumerate() {
                        for (b, bb) in &texts[i + 1..] {
                            if overlap(*ba, *bb) {
                                bad.insert(format!("{} {} {kind}: `{a}` overlaps `{b}`", path.display(), algo.name()));
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 10_000, "only {checked} texts checked");
    assert!(bad.is_empty(), "{} overlapping pairs:\n{}", bad.len(), bad.into_iter().collect::<Vec<_>>().join("\n"));
}
