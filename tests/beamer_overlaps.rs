//! No two labels overlap on a beamer frame of any spec (issue 14, item 2):
//! every spec in specs/ under every algorithm its `expect` blocks name
//! (and the one `draw` runs by default), every frame of `--steps`, at the
//! size `draw --format tikz --steps --standalone` fits to a frame. The
//! boxes are read from the painted marks TikZ translates one by one, and
//! back from the SVG of the same frame at the same size.

use std::collections::BTreeSet;

use gametree::draw::{DrawOptions, Figure, Mark, Scope, Size, Svg};
use gametree::search;
use gametree::search::options::Options;

#[path = "tools/geometry.rs"]
mod geometry;
use geometry::{Box4, algorithms, overlap, svg_text, text_box, trees};

#[test]
fn no_labels_overlap_on_beamer_frames_of_every_spec() {
    let (mut checked, mut bad) = (0usize, BTreeSet::new());
    for path in trees("specs") {
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
                let drawn: Vec<(String, Box4)> =
                    xml.descendants().filter(|n| n.has_tag_name("text")).map(svg_text).collect();
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
