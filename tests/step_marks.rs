//! What a figure shows of the advanced searches' steps (issue 14): a
//! table hit leaves a `TT` badge with the table's value on its node, a
//! re-search a `re` badge, and their captions say it in a slide's words;
//! captions write minus signs as the rest of the figure does; `max^n` in
//! a title is typeset.
//!
//! The expected values are the specs' own hand-worked answers (their
//! comments and specs/WORKED.md), worked again below.

use std::path::PathBuf;

use gametree::draw::{DrawOptions, Figure, Mark, Svg, Tikz};
use gametree::model::{Game, Path};
use gametree::search::options::Options;
use gametree::search::{self, Algorithm};

fn load(path: &str) -> Game {
    let text = std::fs::read_to_string(path).unwrap();
    gametree::load(path, &text).unwrap()
}

fn figure<'a>(game: &'a Game, algo: &str, steps: bool) -> Figure<'a> {
    let trace = search::run(game, Algorithm::from_name(algo).unwrap(), &Options::default()).unwrap();
    Figure::new(game, Some(&trace), DrawOptions { steps, ..DrawOptions::default() })
}

fn captions(fig: &Figure) -> Vec<String> {
    fig.frames.iter().filter_map(|f| f.caption.clone()).collect()
}

/// The texts painted in frame `k`.
fn texts(fig: &Figure, k: usize) -> Vec<String> {
    fig.paint(k)
        .into_iter()
        .filter_map(|i| match i.mark {
            Mark::Text { text, .. } => Some(text),
            _ => None,
        })
        .collect()
}

#[test]
fn a_table_hit_shows_a_tt_badge_with_the_tables_value() {
    // A (MAX) { B (MIN) { E (MAX) { 3 5 } 9 } C (MIN) { &E 7 } }: E is
    // searched in full under B with (−∞, +∞): max(3, 5) = 5, stored EXACT.
    // Under C the probe for E (C.1, reached through &E) finds E = 5 EXACT:
    // E returns 5 at once. That is the search's one hit (tt_hits=1).
    let game = load("specs/tt-dag-saves-leaves.tree");
    let fig = figure(&game, "negamax-tt", true);
    let caps = captions(&fig);
    let hits: Vec<usize> = (0..fig.frames.len())
        .filter(|&k| fig.frames[k].caption.as_deref().is_some_and(|c| c.contains("TT hit")))
        .collect();
    assert_eq!(hits.len(), 1, "{caps:#?}");
    let k = hits[0];
    let caption = fig.frames[k].caption.clone().unwrap();
    assert!(caption.contains("TT hit at E: exact 5, E returns at once"), "{caption}");
    let second_e = fig.tree.at(&Path(vec![1, 0])).unwrap();
    let first_e = fig.tree.at(&Path(vec![0, 0])).unwrap();
    assert_eq!(fig.frames[k].nodes[second_e].tt.as_deref(), Some("TT 5"));
    assert_eq!(fig.frames[k].nodes[first_e].tt, None, "E under B was searched, not answered");
    assert!(texts(&fig, k).contains(&"TT 5".to_string()));
    // Before the hit, no badge; misses leave none.
    assert!((0..k).all(|j| fig.frames[j].nodes.iter().all(|s| s.tt.is_none())));
    assert!(caps.iter().any(|c| c.contains("TT miss at A")), "{caps:#?}");
    // The figure without steps shows the whole search: the badge too, in
    // SVG and TikZ alike.
    let whole = figure(&game, "negamax-tt", false);
    assert!(Svg { figure: &whole, frame: 0 }.to_string().contains(">TT 5</text>"));
    assert!(Tikz { figure: &whole, standalone: false }.to_string().contains("{TT 5}"));
    let text = gametree::draw::Text(&whole).to_string();
    let second = text.lines().filter(|l| l.contains("MAX E")).nth(1).unwrap();
    assert!(second.contains("  TT 5  "), "{text}");
}

#[test]
fn mtdf_hits_that_narrow_the_window_show_the_bound() {
    // Pass 1, window (−1, 0): B = min(4, 7) = 4 ≥ 0 fails high, stored B ≥ 4;
    // A ≥ 4 (C cut by the null window), stored A ≥ 4. Pass 2, window (4, 5):
    // the probe of A finds ≥ 4, α := max(4, 4) = 4; so does B's. Two hits.
    let game = load("specs/mtdf-passes.tree");
    let fig = figure(&game, "mtdf", true);
    let caps = captions(&fig);
    let hits: Vec<&String> = caps.iter().filter(|c| c.contains("TT hit")).collect();
    assert_eq!(hits.len(), 2, "{caps:#?}");
    assert!(hits[0].contains("TT hit at A: ≥ 4, α := 4 [pass 2: null window (4, 5)]"), "{}", hits[0]);
    assert!(hits[1].contains("TT hit at B: ≥ 4, α := 4"), "{}", hits[1]);
    let k = fig.frames.iter().position(|f| f.caption.as_deref() == Some(hits[0].as_str())).unwrap();
    assert_eq!(fig.frames[k].nodes[0].tt.as_deref(), Some("TT ≥ 4"));
    // A pass starts afresh: pass 1's frames have no badge.
    let pass2 = caps.iter().position(|c| c.contains("[pass 2")).unwrap();
    assert!(fig.frames[..=pass2].iter().all(|f| f.nodes.iter().all(|s| s.tt.is_none())));
}

#[test]
fn a_re_search_shows_a_re_badge_and_its_window() {
    // A (MAX) { B { 3 8 } C { 6 9 } D { 2 7 } }: B = 3 with the full
    // window, so A's window is (3, +∞). C's scout with (3, 4) returns
    // min(6, 9) = 6 > 3, inside (3, +∞): C is searched again with (3, +∞).
    let game = load("specs/pvs-research.tree");
    let fig = figure(&game, "pvs", true);
    let caps = captions(&fig);
    let re: Vec<usize> = (0..fig.frames.len())
        .filter(|&k| fig.frames[k].caption.as_deref().is_some_and(|c| c.contains("re-search")))
        .collect();
    assert_eq!(re.len(), 1, "{caps:#?}");
    let caption = fig.frames[re[0]].caption.clone().unwrap();
    assert!(
        caption.contains("re-search C with (3, +∞): its null-window scout returned 6, inside A's window (3, +∞)"),
        "{caption}"
    );
    let c = fig.tree.at(&Path(vec![1])).unwrap();
    let (b, d) = (fig.tree.at(&Path(vec![0])).unwrap(), fig.tree.at(&Path(vec![2])).unwrap());
    assert!(fig.frames[re[0]..].iter().all(|f| f.nodes[c].research));
    assert!(fig.frames.iter().all(|f| !f.nodes[b].research && !f.nodes[d].research));
    assert!(texts(&fig, re[0]).contains(&"re".to_string()));
    let whole = figure(&game, "pvs", false);
    assert!(Svg { figure: &whole, frame: 0 }.to_string().contains(">re</text>"));
    let text = gametree::draw::Text(&whole).to_string();
    assert!(text.lines().any(|l| l.contains("MIN C  6") && l.contains("  re  ")), "{text}");
}

fn specs() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir("specs").unwrap().map(|e| e.unwrap().path()).collect();
    out.retain(|p| p.extension().is_some_and(|e| e == "tree"));
    out.sort();
    out
}

/// An ASCII hyphen used as a minus: before a digit or `∞`, after no
/// letter, digit, point or hyphen.
fn ascii_minus(text: &str) -> bool {
    let c: Vec<char> = text.chars().collect();
    (0..c.len()).any(|i| {
        c[i] == '-'
            && c.get(i + 1).is_some_and(|a| a.is_ascii_digit() || *a == '∞')
            && !(i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '.' || c[i - 1] == '-'))
    })
}

#[test]
fn captions_write_minus_signs_as_the_figure_does() {
    assert!(ascii_minus("v = -7") && !ascii_minus("v = −7") && !ascii_minus("null-window"));
    let mut negative = 0;
    for path in specs() {
        let game = load(&path.display().to_string());
        let algo = ["alphabeta", "expectiminimax", "maxn", "minimax"]
            .into_iter()
            .find(|a| Algorithm::from_name(a).unwrap().applies(&game).is_ok())
            .unwrap();
        for c in captions(&figure(&game, algo, true)) {
            assert!(!ascii_minus(&c), "{}: {c}", path.display());
            negative += usize::from(c.contains('−'));
        }
    }
    // The specs do have negative numbers in their steps (−∞ in every
    // window, negative leaves): the check above is not vacuous.
    assert!(negative > 0);
}

#[test]
fn max_n_in_a_title_is_typeset() {
    let game = load("tests/fixtures/slides/maxn-18.tree");
    let fig = figure(&game, "maxn", true);
    let tikz = Tikz { figure: &fig, standalone: true }.to_string();
    assert!(tikz.contains("\\begin{frame}{Slides: three-player max$^{n}$, 18 leaves}"), "{}", &tikz[..600]);
    assert!(!tikz.contains("textasciicircum"));
    let svg = Svg { figure: &fig, frame: 0 }.to_string();
    assert!(svg.contains("<title>Slides: three-player maxⁿ, 18 leaves</title>"));
}
