//! Diagrams: snapshots of every format over `specs/`, and the outputs
//! checked by the tools that read them — Graphviz (`dot`), `pdflatex`, an
//! XML parser, and headless Chromium for the HTML page. A test whose tool
//! is missing prints why and skips, unless GAMETREE_REQUIRE_TOOLS=1 (as in
//! CI), where it fails.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use gametree::draw::{Dot, DrawOptions, Figure, Html, Show, Svg, Tikz};
use gametree::model::Game;
use gametree::search::options::Options;
use gametree::search::{self, Algorithm};

mod tools;
use tools::have;

fn load(path: &Path) -> Game {
    let text = std::fs::read_to_string(path).unwrap();
    gametree::load(&path.display().to_string(), &text).unwrap()
}

/// What `gametree draw` runs by default.
fn default_trace(game: &Game) -> gametree::search::trace::Trace {
    let algo = [Algorithm::Alphabeta, Algorithm::Expectiminimax, Algorithm::Maxn, Algorithm::Minimax]
        .into_iter()
        .find(|a| a.applies(game).is_ok())
        .unwrap();
    search::run(game, algo, &Options::default()).unwrap()
}

fn steps() -> DrawOptions {
    DrawOptions { steps: true, ..DrawOptions::default() }
}

fn specs() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/specs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tree"))
        .collect();
    out.sort();
    out
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gametree-draw-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(cmd: &mut Command) -> Output {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{cmd:?} failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

#[test]
fn dot_snapshots() {
    insta::glob!("../specs", "*.tree", |path| {
        let game = load(path);
        let trace = default_trace(&game);
        insta::assert_snapshot!(Dot(&Figure::new(&game, Some(&trace), DrawOptions::default())).to_string());
    });
}

#[test]
fn svg_snapshots() {
    insta::glob!("../specs", "*.tree", |path| {
        let game = load(path);
        let trace = default_trace(&game);
        let fig = Figure::new(&game, Some(&trace), DrawOptions::default());
        insta::assert_snapshot!(Svg { figure: &fig, frame: 0 }.to_string());
    });
}

#[test]
fn tikz_step_snapshots() {
    insta::glob!("../specs", "*.tree", |path| {
        let game = load(path);
        let trace = default_trace(&game);
        let fig = Figure::new(&game, Some(&trace), steps());
        insta::assert_snapshot!(Tikz { figure: &fig, standalone: false }.to_string());
    });
}

#[test]
fn html_step_snapshots() {
    insta::glob!("../specs", "*.tree", |path| {
        let game = load(path);
        let trace = default_trace(&game);
        insta::assert_snapshot!(Html(&Figure::new(&game, Some(&trace), steps())).to_string());
    });
}

#[test]
fn blank_exam_figure_has_no_answers() {
    let game = load(Path::new("specs/aima-fig5-5.tree"));
    let opts = DrawOptions { shapes: gametree::draw::Shapes::Exam, show: Show::blank(), steps: false };
    let svg = Svg { figure: &Figure::new(&game, None, opts), frame: 0 }.to_string();
    insta::assert_snapshot!(svg);
    for answer in ["α", "β", "≤", "≥", "C0392B", "1F5FAD"] {
        assert!(!svg.contains(answer), "a blank figure shows {answer}");
    }
}

#[test]
fn frames_follow_the_trace() {
    let game = load(Path::new("specs/aima-fig5-5.tree"));
    let trace = default_trace(&game);
    let fig = Figure::new(&game, Some(&trace), steps());
    assert_eq!(fig.frames.len(), trace.len() + 1);
    let c = fig.tree.at(&gametree::model::Path(vec![1])).unwrap();
    let c2 = fig.tree.at(&gametree::model::Path(vec![1, 1])).unwrap();
    // Before the search nothing is known; C's second leaf is pruned only
    // once C has seen its first leaf, and from then on.
    assert_eq!(fig.frames[0].nodes[c].value, None);
    let cut = fig.frames.iter().position(|f| f.nodes[c2].cut.is_some()).unwrap();
    assert!(fig.frames[cut - 1].nodes[c].value.as_deref() == Some("≤ 2"), "{:?}", fig.frames[cut - 1].nodes[c]);
    assert!(fig.frames[cut..].iter().all(|f| f.nodes[c2].grey && f.nodes[c2].cut.is_some()));
    let last = fig.frames.last().unwrap();
    assert_eq!(last.nodes[0].value.as_deref(), Some("3"));
    // The last frame is the figure drawn without --steps.
    let single = Figure::new(&game, Some(&trace), DrawOptions::default());
    assert_eq!(single.frames[0].nodes, last.nodes);
}

#[test]
fn layout_never_overlaps_and_centres_parents() {
    for path in specs() {
        let game = load(&path);
        let trace = default_trace(&game);
        let fig = Figure::new(&game, Some(&trace), steps());
        let pos = &fig.layout.pos;
        for (i, t) in fig.tree.nodes.iter().enumerate() {
            if let (Some(&first), Some(&last)) = (t.children.first(), t.children.last()) {
                let mid = (pos[first].0 + pos[last].0) / 2.0;
                assert!((pos[i].0 - mid).abs() < 1e-6, "{}: {} is not centred", path.display(), t.path);
            }
        }
        // Same level: left to right in preorder, never closer than the shapes.
        let mut by_level: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
        for i in 0..fig.tree.nodes.len() {
            by_level.entry(fig.tree.depth(i)).or_default().push(i);
        }
        for row in by_level.values() {
            for w in row.windows(2) {
                assert!(pos[w[1]].0 - pos[w[0]].0 >= 28.0, "{}: nodes {} and {} overlap", path.display(), w[0], w[1]);
            }
        }
        assert!(pos.iter().all(|p| p.0 > 0.0 && p.0 < fig.width && p.1 > 0.0 && p.1 < fig.height));
    }
}

#[test]
fn svg_is_well_formed_xml_with_unicode_names() {
    let spec = "title \"درخت «آرش» <&>\"\nMAX \"آرش\" { حرکت -> MIN \"بهرام\" { 3 5 } b -> MIN C { 2 \"x&y\"=9 } }";
    let game = gametree::load("fa.tree", spec).unwrap();
    let trace = default_trace(&game);
    let mut docs: Vec<String> = Vec::new();
    let fig = Figure::new(&game, Some(&trace), steps());
    docs.extend((0..fig.frames.len()).map(|k| Svg { figure: &fig, frame: k }.to_string()));
    for path in specs() {
        let game = load(&path);
        let trace = default_trace(&game);
        docs.push(Svg { figure: &Figure::new(&game, Some(&trace), DrawOptions::default()), frame: 0 }.to_string());
    }
    for doc in &docs {
        let xml = roxmltree::Document::parse(doc).unwrap_or_else(|e| panic!("{e}\n{doc}"));
        assert_eq!(xml.root_element().tag_name().name(), "svg");
    }
    let texts: Vec<String> = roxmltree::Document::parse(&docs[docs.len() - specs().len() - 1])
        .unwrap()
        .descendants()
        .filter_map(|n| n.text().map(str::to_string))
        .collect();
    for want in ["آرش", "بهرام", "حرکت", "x&y"] {
        assert!(texts.iter().any(|t| t.contains(want)), "{want} missing from {texts:?}");
    }
}

#[test]
fn html_has_no_url_of_any_kind() {
    for path in specs() {
        let game = load(&path);
        let trace = default_trace(&game);
        let html = Html(&Figure::new(&game, Some(&trace), steps())).to_string();
        for bad in ["http:", "https:", "//www", "src=", "href=", "url(", "@import"] {
            assert!(!html.contains(bad), "{}: the page contains {bad}", path.display());
        }
    }
}

#[test]
fn dot_lists_edges_in_child_order_and_graphviz_reads_it() {
    let check_graphviz = have("dot");
    for path in specs() {
        let game = load(&path);
        let trace = default_trace(&game);
        let dot = Dot(&Figure::new(&game, Some(&trace), DrawOptions::default())).to_string();
        assert!(dot.contains("ordering=out"));
        // Each node's edges come right after it, children in written order.
        let edges: Vec<(&str, &str)> = dot
            .lines()
            .filter_map(|l| l.trim().split_once(" -> "))
            .map(|(a, b)| (a.trim_matches('"'), b.split('"').nth(1).unwrap()))
            .collect();
        for w in edges.windows(2) {
            if w[0].0 == w[1].0 {
                let (x, y) = (w[0].1.rsplit('.').next().unwrap(), w[1].1.rsplit('.').next().unwrap());
                assert_eq!(y.parse::<u32>().unwrap(), x.parse::<u32>().unwrap() + 1, "{}", path.display());
            }
        }
        if check_graphviz {
            let dir = scratch("dot");
            let file = dir.join("t.dot");
            std::fs::write(&file, &dot).unwrap();
            let out = run(Command::new("dot").arg("-Tsvg").arg(&file));
            assert!(String::from_utf8_lossy(&out.stdout).contains("<svg"));
        }
    }
}

fn pdflatex(dir: &Path, name: &str, tex: &str) -> usize {
    std::fs::write(dir.join(format!("{name}.tex")), tex).unwrap();
    let mut cmd = Command::new("pdflatex");
    cmd.args(["-interaction=nonstopmode", "-halt-on-error", &format!("{name}.tex")]).current_dir(dir);
    run(&mut cmd);
    // pdflatex's log says "Output written on NAME.pdf (N pages, …)".
    let log = std::fs::read_to_string(dir.join(format!("{name}.log"))).unwrap();
    let at = log.find("Output written on").expect("no PDF written");
    let rest = &log[at..];
    let open = rest.find('(').unwrap();
    rest[open + 1..].split_whitespace().next().unwrap().parse().unwrap()
}

#[test]
fn tikz_compiles_with_pdflatex() {
    if !have("pdflatex") {
        return;
    }
    let dir = scratch("tikz");
    for path in specs() {
        let game = load(&path);
        let trace = default_trace(&game);
        let fig = Figure::new(&game, Some(&trace), DrawOptions::default());
        assert_eq!(
            pdflatex(&dir, "single", &Tikz { figure: &fig, standalone: true }.to_string()),
            1,
            "{}",
            path.display()
        );
    }
    for name in ["aima-fig5-5", "chance-1-6", "aima-3player"] {
        let game = load(&Path::new("specs").join(format!("{name}.tree")));
        let trace = default_trace(&game);
        let fig = Figure::new(&game, Some(&trace), steps());
        let pages = pdflatex(&dir, "steps", &Tikz { figure: &fig, standalone: true }.to_string());
        assert_eq!(pages, fig.frames.len(), "{name}: one beamer overlay per frame");
    }
}

fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser"].into_iter().find(|c| {
        Command::new("sh").args(["-c", &format!("command -v {c}")]).output().is_ok_and(|o| o.status.success())
    })
}

fn headless(bin: &str, profile: &Path) -> Command {
    let mut cmd = Command::new(bin);
    cmd.args(tools::HEADLESS_CHROMIUM).arg("--hide-scrollbars");
    cmd.arg(format!("--user-data-dir={}", profile.display()));
    cmd
}

/// The ids… no: the set of elements shown at a step, read from the DOM
/// after the page's script ran.
fn shown_at(bin: &str, dir: &Path, page: &Path, step: usize) -> (String, usize) {
    let profile = dir.join(format!("profile-{step}"));
    let url = format!("file://{}#step={step}", page.display());
    let out = run(headless(bin, &profile).args(["--virtual-time-budget=3000", "--dump-dom"]).arg(&url));
    let dom = String::from_utf8_lossy(&out.stdout).into_owned();
    let at = dom.find("data-step=\"").map(|i| &dom[i + 11..]).and_then(|s| s.split('"').next()).unwrap_or("none");
    let hidden = dom.matches("display: none").count();
    (at.to_string(), hidden)
}

#[test]
fn html_page_steps_in_headless_chromium() {
    let Some(bin) = chromium() else {
        // Not installed: skipped, as every tool check is (with
        // GAMETREE_REQUIRE_TOOLS=1, `have` fails the test instead).
        assert!(!have("chromium"), "`command -v chromium` finds what chromium() did not");
        return;
    };
    let dir = scratch("html");
    let game = load(Path::new("specs/aima-fig5-5.tree"));
    let trace = default_trace(&game);
    let page = dir.join("fig5-5.html");
    std::fs::write(&page, Html(&Figure::new(&game, Some(&trace), steps())).to_string()).unwrap();
    let (a, hidden_a) = shown_at(bin, &dir, &page, 5);
    let (b, hidden_b) = shown_at(bin, &dir, &page, 20);
    assert_eq!((a.as_str(), b.as_str()), ("5", "20"), "the page did not step to #step=N");
    assert_ne!(hidden_a, hidden_b, "steps 5 and 20 show the same marks");
    let png = dir.join("shot.png");
    let url = format!("file://{}#step=14", page.display());
    run(headless(bin, &dir.join("profile-shot"))
        .arg(format!("--screenshot={}", png.display()))
        .arg("--window-size=1000,700")
        .arg(&url));
    let bytes = std::fs::read(&png).unwrap();
    assert!(bytes.starts_with(b"\x89PNG") && bytes.len() > 5000, "no screenshot");
}

fn gametree(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gametree")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap()
}

#[test]
fn cli_draws_each_format_and_numbers_svg_frames() {
    let dir = scratch("cli");
    for format in ["dot", "tikz", "svg", "html"] {
        let out = gametree(&["draw", "specs/aima-fig5-5.tree", "--format", format]);
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        assert!(!out.stdout.is_empty());
    }
    let frames = dir.join("frames");
    let f = frames.to_str().unwrap();
    let out = gametree(&["draw", "specs/aima-fig5-5.tree", "--format", "svg", "--steps", "-o", f]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(frames.join("step-000.svg").exists() && frames.join("step-026.svg").exists());
    assert!(!frames.join("step-027.svg").exists());
    let again = gametree(&["draw", "specs/aima-fig5-5.tree", "--format", "svg", "--steps", "-o", f]);
    assert_eq!(again.status.code(), Some(2), "frames are not replaced without --force");
    let forced = gametree(&["draw", "specs/aima-fig5-5.tree", "--format", "svg", "--steps", "-o", f, "--force"]);
    assert_eq!(forced.status.code(), Some(0));
}

#[test]
fn cli_rejects_what_it_cannot_draw() {
    let dot_steps = gametree(&["draw", "specs/aima-fig5-5.tree", "--format", "dot", "--steps"]);
    assert_eq!(dot_steps.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&dot_steps.stderr).contains("--steps needs"));
    let svg_steps = gametree(&["draw", "specs/aima-fig5-5.tree", "--format", "svg", "--steps"]);
    assert_eq!(svg_steps.status.code(), Some(2), "numbered frames need a folder");
    let chance = gametree(&["draw", "specs/chance-1-6.tree", "--format", "svg", "-a", "alphabeta"]);
    assert_eq!(chance.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&chance.stderr).contains("CHANCE"));
    let into_input =
        gametree(&["draw", "specs/aima-fig5-5.tree", "--format", "dot", "-o", "specs/aima-fig5-5.tree", "--force"]);
    assert_eq!(into_input.status.code(), Some(2));
}

// ------------------------------------------------ legends and label placement

const COIN: &str =
    "bounds [-10, 10]\nMAX R { CHANCE A { MIN A1 {2 4} MIN A2 {7 -2} } CHANCE B { MIN B1 {-10 5} MIN B2 {3 9} } }\n";

#[test]
fn the_legend_follows_the_cut_rule_and_explains_chance_cuts() {
    let game = load(Path::new("specs/aima-fig5-2.tree"));
    let html = |opts: &Options| {
        let trace = search::run(&game, Algorithm::Alphabeta, opts).unwrap();
        Html(&Figure::new(&game, Some(&trace), steps())).to_string()
    };
    let default = html(&Options::default());
    assert!(default.contains("α-cut (MIN node, v ≤ α)") && default.contains("β-cut (MAX node, v ≥ β)"));
    let strict = html(&Options { cuts: gametree::search::options::CutRule::Strict, ..Options::default() });
    assert!(strict.contains("α-cut (MIN node, v < α)"), "{strict}");
    assert!(strict.contains("β-cut (MAX node, v > β)"), "{strict}");
    assert!(!strict.contains("chance-branch cut"), "no chance cut, no word on them");

    let coin = gametree::load("coin.tree", COIN).unwrap();
    let run = |opts: &Options| {
        let trace = search::run(&coin, Algorithm::Star2, opts).unwrap();
        Figure::new(&coin, Some(&trace), steps())
    };
    let page = Html(&run(&Options::default())).to_string();
    assert!(page.contains("Σ≤α</span> / <span class=\"beta\">Σ≥β</span> chance-branch cut"), "{page}");
    let strict = run(&Options { cuts: gametree::search::options::CutRule::Strict, ..Options::default() });
    let page = Html(&strict).to_string();
    assert!(page.contains("Σ<α</span> / <span class=\"beta\">Σ>β</span> chance-branch cut"), "{page}");
}

type Pt = (f64, f64);

/// The box a text mark covers (roughly: the painter's own width estimate).
fn text_box(at: (f64, f64), text: &str, size: f64) -> (f64, f64, f64, f64) {
    let w = text.chars().count() as f64 * 0.62 * size;
    (at.0 - w / 2.0, at.1 - size / 2.0, at.0 + w / 2.0, at.1 + size / 2.0)
}

fn crosses(line: ((f64, f64), (f64, f64)), b: (f64, f64, f64, f64)) -> bool {
    (0..=200).any(|k| {
        let t = k as f64 / 200.0;
        let (x, y) = (line.0.0 + (line.1.0 - line.0.0) * t, line.0.1 + (line.1.1 - line.0.1) * t);
        x > b.0 && x < b.2 && y > b.1 && y < b.3
    })
}

#[test]
fn cut_labels_and_edge_labels_keep_clear_of_lines() {
    let coin = gametree::load("coin.tree", COIN).unwrap();
    let trace = search::run(&coin, Algorithm::Star2, &Options::default()).unwrap();
    let aima = load(Path::new("specs/aima-fig5-2.tree"));
    let aima_trace = default_trace(&aima);
    for (game, trace) in [(&coin, &trace), (&aima, &aima_trace)] {
        let fig = Figure::new(game, Some(trace), steps());
        let k = fig.frames.len() - 1;
        let items = fig.paint(k);
        let lines: Vec<(Pt, Pt, f64)> = items
            .iter()
            .filter_map(|i| match &i.mark {
                gametree::draw::Mark::Line { a, b, width, .. } => Some((*a, *b, *width)),
                _ => None,
            })
            .collect();
        let mut checked = 0;
        for item in &items {
            let gametree::draw::Mark::Text { at, text, size, italic, halo: true, .. } = &item.mark else { continue };
            let b = text_box(*at, text, *size);
            for &(a, e, width) in &lines {
                // Cut labels (bold, upright) stay off the strokes (2.2 px
                // wide); edge labels (italic) off every line.
                if *italic || (width - 2.2).abs() < 1e-9 {
                    assert!(!crosses((a, e), b), "`{text}` at {at:?} overlaps the line {a:?}–{e:?}");
                }
            }
            checked += 1;
        }
        assert!(checked >= 3, "{checked}");
    }
}

/// A three-player game with CHANCE nodes: vector values inside ellipses.
const MULTIPLAYER_CHANCE: &str = "players A B C\nA R {\n  CHANCE D {\n    1/3: B P { (1, 2, 6) (4, 2, 3) }\n    \
                                  2/3: B Q { (5, 1, 1) (1, 5, 2) }\n  }\n  CHANCE E { 1/2: (7, 7, 1)  1/2: (5, 4, 5) }\n}\n";

#[test]
fn vector_values_fit_inside_chance_ellipses() {
    let game = gametree::load("t.tree", MULTIPLAYER_CHANCE).unwrap();
    let trace = search::run(&game, Algorithm::Maxn, &Options::default()).unwrap();
    let svg = Svg { figure: &Figure::new(&game, Some(&trace), DrawOptions::default()), frame: 0 }.to_string();
    let xml = roxmltree::Document::parse(&svg).unwrap();
    let attr = |n: roxmltree::Node, a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
    let mut checked = 0;
    for e in xml.descendants().filter(|n| n.has_tag_name("ellipse") && n.attribute("ry") == Some("16")) {
        let (cx, rx, ry) = (attr(e, "cx"), attr(e, "rx"), attr(e, "ry"));
        let text = xml.descendants().find(|t| t.has_tag_name("text") && (attr(*t, "x") - cx).abs() < 0.01).unwrap();
        let value = text.text().unwrap();
        // DejaVu Sans Bold advances (em) at 14px; glyphs reach 0.45em from
        // the middle line; 3px clear of the stroke.
        let em: f64 = value
            .chars()
            .map(|c| {
                if c.is_ascii_digit() {
                    0.696
                } else {
                    [0.457, 0.38, 0.348, 0.365][" ,/()".find(c).map_or(0, |i| [2, 1, 3, 0, 0][i])]
                }
            })
            .sum();
        let (half_w, half_h) = (em * 14.0 / 2.0 + 3.0, 0.45 * 14.0);
        assert!((half_w / rx).powi(2) + (half_h / ry).powi(2) <= 1.0, "`{value}` is clipped by an ellipse rx={rx}");
        checked += 1;
    }
    assert_eq!(checked, 2);
}

#[test]
fn tikz_says_which_engine_compiles_it() {
    let header = |text: &str| {
        let game = gametree::load("t.tree", text).unwrap();
        let tikz = Tikz { figure: &Figure::new(&game, None, DrawOptions::default()), standalone: true }.to_string();
        tikz.lines().next().unwrap().to_string()
    };
    assert!(header("MAX A { a1 -> 3  a2 -> 5 }").contains("Compile with pdflatex."));
    for text in ["MAX A { حرکت -> 3  a2 -> 5 }", "MAX ریشه { 3 5 }", "title \"Bäume\"\nMAX { 3 5 }"] {
        let first = header(text);
        assert!(first.contains("Compile with xelatex or lualatex") && !first.contains("pdflatex."), "{text}: {first}");
    }
}
