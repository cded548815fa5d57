//! Slides at real size (issue 14): the five lecture-sized trees in
//! `tests/fixtures/slides/` (binary 32 leaves, ternary 27, branching 5 with
//! 40, chance 24 under Star2, three-player max^n 18) drawn as beamer
//! frames, compiled with pdflatex, and measured in the PDF with
//! `pdftotext -bbox` (poppler-utils): no text under 6 pt, nothing off the
//! page; and no two labels overlapping in any frame's layout or SVG.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use gametree::draw::{DrawOptions, Figure, Mark, Scope, Size, Svg};
use gametree::search::options::Options;
use gametree::search::{self, Algorithm};

mod tools;
use tools::have;
#[path = "tools/geometry.rs"]
mod geometry;
use geometry::{Box4, crosses, overlap, svg_text, text_box};

/// Each fixture and the algorithm drawn; all five are readable (6 pt)
/// with the default flags: nothing hidden.
const TREES: [(&str, &str); 5] = [
    ("binary-32", "alphabeta"),
    ("ternary-27", "alphabeta"),
    ("branching5-40", "alphabeta"),
    ("chance-24", "star2"),
    ("maxn-18", "maxn"),
];

fn fixture(name: &str) -> String {
    format!("tests/fixtures/slides/{name}.tree")
}

fn gametree(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gametree")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gametree-slides-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn ok(out: &Output, what: &str) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(0), "{what}: {err}{}", String::from_utf8_lossy(&out.stdout));
    err
}

/// Every word's box on pages `pages` of a PDF: (page width, page height,
/// words as (text, xMin, yMin, xMax, yMax)).
fn words(pdf: &Path, page: usize) -> (f64, f64, Vec<(String, [f64; 4])>) {
    let p = page.to_string();
    let out = Command::new("pdftotext").args(["-bbox", "-f", &p, "-l", &p]).arg(pdf).arg("-").output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let attr = |line: &str, name: &str| -> f64 {
        let at = line.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        line[at..].split('"').next().unwrap().parse().unwrap()
    };
    let page_line = text.lines().find(|l| l.contains("<page ")).unwrap();
    let (w, h) = (attr(page_line, "width"), attr(page_line, "height"));
    let words = text
        .lines()
        .filter(|l| l.contains("<word "))
        .map(|l| {
            let word = l.split('>').nth(1).unwrap().split('<').next().unwrap().to_string();
            (word, [attr(l, "xMin"), attr(l, "yMin"), attr(l, "xMax"), attr(l, "yMax")])
        })
        .collect();
    (w, h, words)
}

/// pdftotext's word box runs from the font's ascender to its descender:
/// 0.86 of the type size for Computer Modern Sans (measured on the frames:
/// 7.15 pt digits give 6.14 pt boxes). 6 pt type gives 5.15 pt boxes.
const BOX_OF_6PT: f64 = 0.85 * 6.0;

#[test]
fn beamer_frames_are_readable_and_on_the_page() {
    if !have("pdflatex") || !have("pdftotext") {
        return;
    }
    let dir = scratch("beamer");
    for (name, algo) in TREES {
        let tex = dir.join(format!("{name}.tex"));
        let (file, out) = (fixture(name), tex.display().to_string());
        let args = ["draw", "--format", "tikz", "--steps", "--standalone", "-a", algo, "-o", &out, &file];
        let err = ok(&gametree(&args), name);
        assert!(!err.contains("warning"), "{name}: {err}");
        let mut cmd = Command::new("pdflatex");
        cmd.args(["-interaction=nonstopmode", "-halt-on-error"]).arg(&tex).current_dir(&dir);
        ok(&cmd.output().unwrap(), name);
        let log = std::fs::read_to_string(dir.join(format!("{name}.log"))).unwrap();
        assert!(!log.contains("Overfull \\hbox"), "{name}: the picture is wider than the frame");
        let pdf = dir.join(format!("{name}.pdf"));
        let pages = log.split("Output written on").nth(1).unwrap().split('(').nth(1).unwrap();
        let pages: usize = pages.split_whitespace().next().unwrap().parse().unwrap();
        for page in [1, pages / 2, pages] {
            let (w, h, words) = words(&pdf, page);
            assert!(words.len() > 20, "{name} page {page}: {} words", words.len());
            for (word, [x0, y0, x1, y1]) in &words {
                assert!(y1 - y0 >= BOX_OF_6PT, "{name} page {page}: `{word}` is {:.1} pt high", y1 - y0);
                assert!(
                    *x0 >= 0.0 && *y0 >= 0.0 && *x1 <= w && *y1 <= h,
                    "{name} page {page}: `{word}` is off the page"
                );
            }
        }
    }
}

/// A complete binary tree of `depth` levels below the root, MAX and MIN
/// alternating, leaves `i * 7 mod 20` left to right.
fn binary(depth: u32) -> String {
    fn node(level: u32, depth: u32, next: &mut u32) -> String {
        if level == depth {
            *next += 1;
            return ((*next * 7) % 20).to_string();
        }
        let kind = if level.is_multiple_of(2) { "MAX" } else { "MIN" };
        let kids: Vec<String> = (0..2).map(|_| node(level + 1, depth, next)).collect();
        format!("{kind} {{ {} }}", kids.join(" "))
    }
    node(0, depth, &mut 0)
}

#[test]
fn trees_too_big_to_read_say_so_and_still_draw() {
    // 64 leaves: twice the biggest tree a frame holds at 6 pt.
    let dir = scratch("big");
    let big = dir.join("binary-64.tree");
    std::fs::write(&big, binary(6)).unwrap();
    let file = big.display().to_string();
    let out = gametree(&["draw", &file, "--format", "tikz", "--steps"]);
    let err = ok(&out, "binary-64");
    assert!(err.contains("warning") && err.contains("under 6 pt"), "{err}");
    assert!(err.contains("--hide") && err.contains("--subtree"), "{err}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("\\begin{tikzpicture}"));
    // Its left half is a 32-leaf tree, which fits.
    let part = gametree(&["draw", &file, "--format", "tikz", "--steps", "--subtree", "1"]);
    assert!(!ok(&part, "subtree").contains("warning"), "half the tree fits");
}

// ------------------------------------------------------------- overlaps

fn figure_of<'a>(game: &'a gametree::model::Game, algo: &str, size: Size) -> Figure<'a> {
    let trace = search::run(game, Algorithm::from_name(algo).unwrap(), &Options::default()).unwrap();
    let opts = DrawOptions { steps: true, ..DrawOptions::default() };
    Figure::scoped(game, Some(&trace), opts, &Scope { subtree: None, size })
}

/// No two texts of a frame overlap: names, values, windows, visit
/// numbers, edge labels, probabilities, cut labels, the caption.
fn assert_no_overlaps(fig: &Figure, what: &str) {
    for k in 0..fig.frames.len() {
        let texts: Vec<(String, Box4)> = fig
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
        for (i, (a, ba)) in texts.iter().enumerate() {
            for (b, bb) in &texts[i + 1..] {
                assert!(!overlap(*ba, *bb), "{what} frame {k}: `{a}` {ba:?} overlaps `{b}` {bb:?}");
            }
        }
    }
}

#[test]
fn no_labels_overlap_on_the_slides_trees() {
    for (name, algo) in TREES {
        let text = std::fs::read_to_string(fixture(name)).unwrap();
        let game = gametree::load(name, &text).unwrap();
        for size in [Size::Beamer, Size::Natural] {
            assert_no_overlaps(&figure_of(&game, algo, size.clone()), &format!("{name} {size:?}"));
        }
    }
}

#[test]
fn no_labels_overlap_in_the_svg_of_every_spec() {
    let mut specs: Vec<PathBuf> = std::fs::read_dir("specs").unwrap().map(|e| e.unwrap().path()).collect();
    specs.retain(|p| p.extension().is_some_and(|e| e == "tree"));
    specs.sort();
    for path in specs {
        let text = std::fs::read_to_string(&path).unwrap();
        let game = gametree::load(&path.display().to_string(), &text).unwrap();
        let algo = ["alphabeta", "expectiminimax", "maxn", "minimax"]
            .into_iter()
            .find(|a| Algorithm::from_name(a).unwrap().applies(&game).is_ok())
            .unwrap();
        let trace = search::run(&game, Algorithm::from_name(algo).unwrap(), &Options::default()).unwrap();
        let fig = Figure::new(&game, Some(&trace), DrawOptions::default());
        // Read the boxes back from the SVG itself.
        let svg = Svg { figure: &fig, frame: 0 }.to_string();
        let xml = roxmltree::Document::parse(&svg).unwrap();
        let boxes: Vec<(String, Box4)> = xml.descendants().filter(|n| n.has_tag_name("text")).map(svg_text).collect();
        for (i, (a, ba)) in boxes.iter().enumerate() {
            for (b, bb) in &boxes[i + 1..] {
                assert!(!overlap(*ba, *bb), "{}: `{a}` overlaps `{b}`", path.display());
            }
        }
    }
}

// ------------------------------------------------------------ sizes and text

#[test]
fn width_scales_tikz_and_svg() {
    let svg = ok(&gametree(&["draw", "specs/aima-fig5-5.tree", "--format", "svg", "--width", "12cm"]), "svg");
    let _ = svg;
    let out = gametree(&["draw", "specs/aima-fig5-5.tree", "--format", "svg", "--width", "12cm"]);
    let svg = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(svg.contains("width=\"12cm\""), "{}", &svg[..300]);
    let out = gametree(&["draw", "specs/aima-fig5-5.tree", "--format", "tikz", "--width", "60mm"]);
    let tikz = String::from_utf8_lossy(&out.stdout).into_owned();
    // The picture is `width` px drawn at 0.75 pt each, times the scale.
    let scale: f64 = tikz.split("\\scalebox{").nth(1).unwrap().split('}').next().unwrap().parse().unwrap();
    let width: f64 = tikz.split("rectangle (").nth(1).unwrap().split(',').next().unwrap().parse().unwrap();
    let pt = width * 0.75 * scale;
    let want = 60.0 * 72.27 / 25.4;
    assert!((pt - want).abs() < 0.5, "{pt} pt, want {want}");
    let bad = gametree(&["draw", "specs/aima-fig5-5.tree", "--format", "svg", "--width", "12"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("needs a unit"));
}

#[test]
fn svg_is_accessible() {
    let out = gametree(&["draw", "specs/aima-fig5-5.tree", "--format", "svg"]);
    let svg = String::from_utf8_lossy(&out.stdout).into_owned();
    let xml = roxmltree::Document::parse(&svg).unwrap();
    let root = xml.root_element();
    assert_eq!(root.attribute("role"), Some("img"));
    let kids: Vec<&str> = root.children().filter(|n| n.is_element()).map(|n| n.tag_name().name()).collect();
    assert_eq!(&kids[..3], ["rect", "title", "desc"]);
    let desc = root.children().find(|n| n.has_tag_name("desc")).unwrap().text().unwrap();
    // AIMA Figure 5.5: the root's value is 3; alpha-beta prunes two leaves.
    assert!(desc.contains("value is 3") && desc.contains("2 pruned edges"), "{desc}");
}

#[test]
fn html_stepper_announces_each_step() {
    let out = gametree(&["draw", "specs/aima-fig5-5.tree", "--format", "html", "--steps"]);
    let html = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(html.contains("aria-live=\"polite\""));
    assert!(html.contains("aria-keyshortcuts=\"ArrowRight\""));
    // One announcement per frame: before the search and 26 events.
    let list = html.split("<ol id=\"captions\" hidden>").nth(1).unwrap().split("</ol>").next().unwrap();
    assert_eq!(list.matches("<li>").count(), 27);
    assert!(list.contains("Step 1. "), "{list}");
}

#[test]
fn text_format_draws_the_tree_in_box_characters() {
    let out = gametree(&["draw", "specs/aima-fig5-5.tree", "--format", "text"]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    // AIMA Figure 5.5: A = 3; C gets ≤ 2 after its first leaf and its
    // other two leaves (4 and 6) are pruned.
    assert!(text.contains("MAX A  3"), "{text}");
    assert!(text.contains("├── a2: MIN C  ≤ 2"), "{text}");
    assert_eq!(text.matches("// α").count(), 2, "{text}");
    assert!(text.lines().any(|l| l.contains("└── // α  c3: 6  (not searched)")), "{text}");
}

#[test]
fn blank_with_cut_marks_shows_the_cuts_and_no_answers() {
    let out = gametree(&["draw", "specs/aima-fig5-5.tree", "--format", "svg", "--blank", "--cut-marks"]);
    let svg = String::from_utf8_lossy(&out.stdout).into_owned();
    // Two pruned edges, two strokes each, in the α colour; no α/β text,
    // no window, no computed value, nothing greyed.
    assert_eq!(svg.matches("stroke=\"#C0392B\" stroke-width=\"2.2\"").count(), 4, "{svg}");
    for answer in [">α<", ">β<", "≤", "≥", "#B4B4B4", "font-weight=\"bold\""] {
        assert!(!svg.contains(answer), "a blank figure shows {answer}");
    }
}

#[test]
fn star_cut_marks_compile_with_pdflatex() {
    if !have("pdflatex") {
        return;
    }
    let dir = scratch("sigma");
    let tex = dir.join("coin.tex");
    let t = tex.display().to_string();
    let args =
        ["draw", "specs/exam-chance-coin-pruning.tree", "-a", "star1", "--format", "tikz", "--standalone", "-o", &t];
    ok(&gametree(&args), "coin");
    assert!(std::fs::read_to_string(&tex).unwrap().contains("$\\Sigma$"));
    let mut cmd = Command::new("pdflatex");
    cmd.args(["-interaction=nonstopmode", "-halt-on-error"]).arg(&tex).current_dir(&dir);
    ok(&cmd.output().unwrap(), "pdflatex");
}

#[test]
fn star1_frames_show_a_chance_nodes_running_bounds() {
    // specs/exam-chance-coin-pruning.tree, worked by hand in its comment:
    // leaves in [-10, 10]; at B, E's first leaf o = -8 makes E ≤ -8, so
    // B ≤ 1/2·(-8) + 1/2·10 = 1 ≤ α = 2 and F is cut.
    let text = std::fs::read_to_string("specs/exam-chance-coin-pruning.tree").unwrap();
    let game = gametree::load("coin.tree", &text).unwrap();
    for algo in [Algorithm::Star1, Algorithm::Star2] {
        let trace = search::run(&game, algo, &Options::default()).unwrap();
        let fig = Figure::new(&game, Some(&trace), DrawOptions { steps: true, ..DrawOptions::default() });
        let b = fig.tree.at(&gametree::model::Path(vec![1])).unwrap();
        let shown: Vec<Option<&str>> = fig.frames.iter().map(|f| f.nodes[b].value.as_deref()).collect();
        let fresh = shown.iter().position(|v| *v == Some("[−10, 10]"));
        let after_e = shown.iter().position(|v| *v == Some("[−10, 1]"));
        assert!(fresh.is_some() && after_e.is_some() && fresh < after_e, "{algo:?}: {shown:?}");
        let cut = fig
            .frames
            .iter()
            .position(|f| {
                f.nodes
                    .iter()
                    .any(|s| s.cut.is_some_and(|k| matches!(k, gametree::search::trace::CutKind::Chance { .. })))
            })
            .unwrap();
        assert!(after_e.unwrap() < cut, "{algo:?}: the bounds are shown before the chance cut");
    }
}

#[test]
fn mtdf_frames_start_each_pass_afresh_and_name_it() {
    // specs/mtdf-passes.tree (worked in specs/WORKED.md): A = MAX over
    // B = MIN{4, 7} and C = MIN{2, 9}. Pass 1, null window (−1, 0): B = 4
    // ≥ β = 0, so A fails high and C is pruned. Pass 2, (4, 5): B.1 = 4 ≤
    // α = 4 prunes B.2; C is searched now, and C.1 = 2 ≤ 4 prunes C.2.
    let text = std::fs::read_to_string("specs/mtdf-passes.tree").unwrap();
    let game = gametree::load("mtdf.tree", &text).unwrap();
    let trace = search::run(&game, Algorithm::Mtdf, &Options::default()).unwrap();
    let fig = Figure::new(&game, Some(&trace), DrawOptions { steps: true, ..DrawOptions::default() });
    let at = |p: &[u32]| fig.tree.at(&gametree::model::Path(p.to_vec())).unwrap();
    let caption = |f: &gametree::draw::Frame| f.caption.clone().unwrap_or_default();
    let pass1_cut = fig.frames.iter().position(|f| f.nodes[at(&[1])].cut.is_some()).unwrap();
    assert!(caption(&fig.frames[pass1_cut]).contains("[pass 1: null window (−1, 0)]"), "{:?}", fig.frames[pass1_cut]);
    let pass2 = fig.frames.iter().position(|f| caption(f).contains("[pass 2: null window (4, 5)]")).unwrap();
    assert!(pass2 > pass1_cut);
    assert!(fig.frames[pass2].nodes.iter().all(|s| s.cut.is_none()), "pass 1's cut of C is gone");
    let last = fig.frames.last().unwrap();
    assert!(last.nodes[at(&[0, 1])].cut.is_some() && last.nodes[at(&[1, 1])].cut.is_some());
    assert!(last.nodes[at(&[1])].cut.is_none(), "C is searched in pass 2");
}

#[test]
fn star_frames_say_how_a_childs_window_was_derived() {
    // specs/exam-chance-coin-pruning.tree, worked in its comment: R's α is
    // 2 when B (p = 1/2 each, leaves in [−10, 10]) enters E (Star2: probes
    // it). E's window:
    // α = (2 − 1/2·10) / (1/2) = −6, above L = −10; β = (10 − 1/2·(−10))
    // / (1/2) = 30, so U = 10.
    let text = std::fs::read_to_string("specs/exam-chance-coin-pruning.tree").unwrap();
    let game = gametree::load("coin.tree", &text).unwrap();
    for (algo, name) in [(Algorithm::Star1, "Star1"), (Algorithm::Star2, "Star2")] {
        let trace = search::run(&game, algo, &Options::default()).unwrap();
        let fig = Figure::new(&game, Some(&trace), DrawOptions { steps: true, ..DrawOptions::default() });
        let captions: Vec<String> = fig.frames.iter().filter_map(|f| f.caption.clone()).collect();
        let e = captions.iter().find(|c| c.contains(" E (MIN) with α = −6")).unwrap();
        let want =
            format!("({name}: α = max(−10, (2 − 1/2·10) / (1/2)) = −6, β = min(10, (10 − 1/2·(−10)) / (1/2)) = 10");
        assert!(e.contains(&want) && e.contains("from B's window"), "{algo:?}: {e}");
    }
}

/// DOT as Graphviz lays it out (`dot -Tsvg`): no two texts of a spec's
/// or a slides fixture's drawing overlap (node names with visit numbers
/// and windows as xlabels, values, edge labels, cut words).
#[test]
fn no_labels_overlap_in_the_dot_of_every_spec() {
    if !have("dot") {
        return;
    }
    let mut specs: Vec<PathBuf> = std::fs::read_dir("specs").unwrap().map(|e| e.unwrap().path()).collect();
    specs.extend(TREES.map(|t| PathBuf::from(fixture(t.0))));
    specs.retain(|p| p.extension().is_some_and(|e| e == "tree"));
    specs.sort();
    let mut bad = Vec::new();
    for path in specs {
        let out = gametree(&["draw", &path.display().to_string(), "--format", "dot"]);
        ok(&out, "dot");
        let mut cmd = Command::new("dot");
        cmd.arg("-Tsvg").stdin(std::process::Stdio::piped()).stdout(std::process::Stdio::piped());
        let mut child = cmd.spawn().unwrap();
        use std::io::Write;
        child.stdin.take().unwrap().write_all(&out.stdout).unwrap();
        let svg = child.wait_with_output().unwrap();
        let svg = String::from_utf8_lossy(&svg.stdout).into_owned();
        let opts = roxmltree::ParsingOptions { allow_dtd: true, ..Default::default() };
        let xml = roxmltree::Document::parse_with_options(&svg, opts).unwrap();
        // Graphviz places text by its baseline; the graph's own label (the
        // title) is left out: it sits above everything.
        let boxes: Vec<(String, Box4)> = xml
            .descendants()
            .filter(|n| n.has_tag_name("text") && n.parent().is_some_and(|g| g.attribute("class") != Some("graph")))
            .map(svg_text)
            .collect();
        for (i, (a, ba)) in boxes.iter().enumerate() {
            for (b, bb) in &boxes[i + 1..] {
                if overlap(*ba, *bb) {
                    bad.push(format!("{}: `{a}` overlaps `{b}`", path.display()));
                }
            }
        }
    }
    assert!(bad.is_empty(), "{} overlaps:\n{}", bad.len(), bad.join("\n"));
}

#[test]
fn maxn_frames_fill_in_vectors_and_name_the_shallow_bound() {
    // specs/korf-shallow.tree, worked in its comment: sum 10. R (A) has
    // (5, 3, 2) from P; at Q, B's first reply q1 = (3, 6, 1) gives B 6 ≥
    // 10 − 5 = 5, so q2 and q3 are pruned; T's t2 = (6, 3, 1) beats P for A.
    let text = std::fs::read_to_string("specs/korf-shallow.tree").unwrap();
    let game = gametree::load("korf.tree", &text).unwrap();
    let options = Options { shallow: true, ..Options::default() };
    let trace = search::run(&game, Algorithm::Maxn, &options).unwrap();
    let fig = Figure::new(&game, Some(&trace), DrawOptions { steps: true, ..DrawOptions::default() });
    let root = fig.tree.at(&gametree::model::Path(vec![])).unwrap();
    let q = fig.tree.at(&gametree::model::Path(vec![1])).unwrap();
    let caption = |f: &gametree::draw::Frame| f.caption.clone().unwrap_or_default();
    // While R is open its box shows the vector chosen so far: P's, then T's.
    let shown: Vec<Option<&str>> = fig.frames.iter().map(|f| f.nodes[root].value.as_deref()).collect();
    let p = shown.iter().position(|v| *v == Some("(5, 3, 2)")).unwrap();
    let t = shown.iter().position(|v| *v == Some("(6, 3, 1)")).unwrap();
    assert!(p < t && !caption(&fig.frames[p]).contains("R returns"), "{shown:?}");
    let cut = fig.frames.iter().position(|f| caption(f).contains("shallow cut")).unwrap();
    assert_eq!(fig.frames[cut - 1].nodes[q].value.as_deref(), Some("(3, 6, 1)"), "Q's box before the cut");
    let c = caption(&fig.frames[cut]);
    assert!(c.contains("Q (B) has 6 ≥ 5 = sum 10 − the 5 R's player already has"), "{c}");
}

#[test]
fn cut_labels_keep_off_the_edges_on_the_slides_trees() {
    // A cut's α/β (bold, on a white halo) sits beside its strokes, never
    // on an edge: its own or a neighbour's.
    for (name, algo) in TREES {
        let text = std::fs::read_to_string(fixture(name)).unwrap();
        let game = gametree::load(name, &text).unwrap();
        for size in [Size::Beamer, Size::Natural] {
            let fig = figure_of(&game, algo, size.clone());
            for k in 0..fig.frames.len() {
                let items = fig.paint(k);
                let edges: Vec<((f64, f64), (f64, f64))> = items
                    .iter()
                    .filter(|i| i.layer == 0)
                    .filter_map(|i| match i.mark {
                        Mark::Line { a, b, .. } => Some((a, b)),
                        _ => None,
                    })
                    .collect();
                for item in &items {
                    let Mark::Text { at, text, size, anchor, bold: true, halo: true, .. } = &item.mark else {
                        continue;
                    };
                    let b = text_box(*at, text, *size, *anchor);
                    let inner = (b.0 + 0.5, b.1 + 0.5, b.2 - 0.5, b.3 - 0.5);
                    let hit = edges.iter().find(|(p, q)| crosses(*p, *q, inner));
                    assert!(hit.is_none(), "{name} {size:?} frame {k}: `{text}` {b:?} sits on the edge {hit:?}");
                }
            }
        }
    }
}
