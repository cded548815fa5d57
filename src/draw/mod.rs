//! Diagrams of a search: the tree with values, α/β windows, visit numbers,
//! cut marks and the principal variation, as Graphviz DOT, TikZ, SVG or a
//! self-contained HTML page; with `steps`, one frame per trace event.
//!
//! The pipeline: the game unfolded into the drawn [`tree::Tree`] → the
//! [`frame::Frame`]s read off the trace → one [`layout::Layout`], measured
//! over every frame and shared by TikZ, SVG and HTML → each frame painted
//! as marks (`paint`) → a renderer, a `Display` wrapper, translates them.
//! DOT leaves layout to Graphviz. Output is deterministic.
//!
//! ```
//! use gametree::{search::{self, Algorithm}, draw::{DrawOptions, Figure, Svg}, search::options::Options};
//!
//! let game = gametree::load("t.tree", "MAX A { MIN B { 3 12 } MIN C { 2 4 } }").unwrap();
//! let trace = search::run(&game, Algorithm::Alphabeta, &Options::default()).unwrap();
//! let figure = Figure::new(&game, Some(&trace), DrawOptions::default());
//! assert!(Svg { figure: &figure, frame: 0 }.to_string().contains("<svg"));
//! ```
//!
//! Layer: draw, beside `report` (it borrows the narration for captions),
//! above analysis. Architecture invariant: a frame is read off the trace.

mod badge;
mod caption;
mod dot;
mod escape;
mod frame;
mod html;
mod layout;
mod marks;
mod paint;
mod place;
mod shape;
mod style;
mod svg;
mod text;
mod tikz;
mod tree;

use std::collections::HashMap;

pub use badge::text_box;
pub use dot::Dot;
pub use escape::XmlText;
pub use frame::{Frame, NodeState};
pub use html::Html;
pub use layout::Layout;
pub use marks::{Anchor, Item, Mark, text_width};
pub use style::{Length, MIN_TEXT_PT, Size, Style, Unit};
pub use svg::{Svg, element as svg_element, open_tag as svg_open_tag};
pub use text::Text;
pub use tikz::Tikz;
pub use tree::Tree;

use crate::model::{Game, Path};
use crate::search::Algorithm;
use crate::search::options::CutRule;
use crate::search::trace::Trace;

/// Node shapes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shapes {
    /// AIMA: ▲ MAX, ▼ MIN, ○ CHANCE, □ leaf.
    #[default]
    Aima,
    /// Exam papers: square MAX, circle MIN, diamond CHANCE, triangle leaf.
    Exam,
}

/// What a figure shows; each can be switched off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Show {
    /// Node names.
    pub names: bool,
    /// Values the search computed (leaf utilities are always shown).
    pub values: bool,
    /// The α/β window beside each inner node.
    pub windows: bool,
    /// Visit numbers (the preorder of entering).
    pub visits: bool,
    /// Move labels on edges.
    pub labels: bool,
    /// Probabilities on a CHANCE node's edges.
    pub probs: bool,
    /// The principal variation in bold.
    pub pv: bool,
    /// Cut marks on pruned edges, and greyed unsearched subtrees.
    pub cuts: bool,
    /// Cut marks only: the `//` strokes on pruned edges, with no α/β
    /// beside them and nothing greyed (an exam figure with the cuts given).
    pub marks_only: bool,
}

impl Default for Show {
    fn default() -> Show {
        Show {
            names: true,
            values: true,
            windows: true,
            visits: true,
            labels: true,
            probs: true,
            pv: true,
            cuts: true,
            marks_only: false,
        }
    }
}

impl Show {
    /// For exam questions: the tree's shape, names, labels, probabilities
    /// and leaf values; no answers.
    pub fn blank() -> Show {
        Show { values: false, windows: false, visits: false, pv: false, cuts: false, ..Show::default() }
    }

    /// An exam figure with the `//` on the pruned edges and no answers.
    pub fn blank_with_cut_marks() -> Show {
        Show { cuts: true, marks_only: true, ..Show::blank() }
    }
}

/// Where and how big: the part of the tree drawn and the size asked for.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scope {
    /// Draw only the subtree at this path (the search still runs on the
    /// whole tree, so windows and cuts are the whole search's).
    pub subtree: Option<Path>,
    pub size: Size,
}

/// How to draw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrawOptions {
    pub shapes: Shapes,
    pub show: Show,
    /// One frame per trace event (and one before the search).
    pub steps: bool,
}

/// Everything the renderers need, computed once: the drawn tree, its
/// frames, the shared layout, and what each frame paints.
#[derive(Clone, Debug)]
pub struct Figure<'a> {
    pub game: &'a Game,
    pub tree: Tree,
    pub frames: Vec<Frame>,
    pub layout: Layout,
    pub opts: DrawOptions,
    /// The algorithm and the conventions it ran under, when there is a trace.
    pub algorithm: Option<(Algorithm, String)>,
    /// When the search cuts (`v ≥ β` or `v > β`): the cut marks and the
    /// legend say which.
    pub cuts: CutRule,
    sizes: paint::Sizes,
    /// Each frame's caption, wrapped.
    captions: Vec<Vec<String>>,
    /// The whole drawing, captions included.
    pub width: f64,
    pub height: f64,
    /// The size asked for, and the scale (pt per 0.75 px) that gives it;
    /// `None` at the natural size.
    pub size: Size,
    pub scale: Option<f64>,
    /// The smallest text at that scale, in pt (at scale 1 when natural).
    pub min_text_pt: f64,
}

impl<'a> Figure<'a> {
    /// A figure of `trace` on `game`; without a trace, the bare tree.
    pub fn new(game: &'a Game, trace: Option<&Trace>, opts: DrawOptions) -> Figure<'a> {
        Figure::scoped(game, trace, opts, &Scope::default())
    }

    /// A figure of part of the tree, or at a size: the roomiest style whose
    /// text stays at least [`MIN_TEXT_PT`] at that size (the tightest when
    /// none does; [`Figure::unreadable`] then says so).
    pub fn scoped(game: &'a Game, trace: Option<&Trace>, opts: DrawOptions, scope: &Scope) -> Figure<'a> {
        let tree = match &scope.subtree {
            Some(p) => Tree::under(game, p),
            None => Tree::of(game),
        };
        let frames = match trace {
            Some(t) => frame::frames(game, &tree, t, opts.steps),
            None => vec![frame::blank(game, &tree)],
        };
        let algorithm = trace.map(|t| (t.algorithm, t.options.describe(t.algorithm.uses_window())));
        let cuts = trace.map_or(CutRule::OnEquality, |t| t.options.cuts);
        let styles = match scope.size {
            Size::Natural => vec![Style::ROOMY],
            _ => Style::candidates().to_vec(),
        };
        let mut best = None;
        for style in styles {
            let fig = Figure::styled(game, tree.clone(), frames.clone(), opts, style, scope.size.clone());
            let fig = Figure { algorithm: algorithm.clone(), cuts, ..fig };
            let fits = fig.min_text_pt >= MIN_TEXT_PT - 1e-9;
            best = Some(fig);
            if fits {
                break;
            }
        }
        let fig = best.expect("at least one style");
        fig.stretched(trace.map(|t| t.options.cuts))
    }

    /// A beamer frame whose picture is held by its width, with room to
    /// spare below: the levels drawn further apart (up to twice), so the
    /// tree fills the frame and edges are long enough for their labels
    /// and cut marks. The scale, and so every text size, stays the same.
    /// When labels still collide (a small tree whose frame height goes to
    /// its longest caption: short edges, no clear place for a move label
    /// or probability), the levels are spread further, up to twice, and
    /// the picture shrinks, as long as its text stays readable
    /// ([`MIN_TEXT_PT`]): the first spread with the fewest collisions.
    fn stretched(self, cuts: Option<CutRule>) -> Figure<'a> {
        let (Size::Beamer, Some(scale)) = (&self.size, self.scale) else { return self };
        let depth = (0..self.tree.nodes.len()).map(|i| self.tree.depth(i)).max().unwrap_or(0);
        if depth == 0 {
            return self;
        }
        let (base, algorithm, cuts) = (*self.style(), self.algorithm.clone(), cuts.unwrap_or(self.cuts));
        let (game, tree, frames, opts) = (self.game, self.tree.clone(), self.frames.clone(), self.opts);
        let at = |level: f64| {
            let style = Style { level, ..base };
            let fig = Figure::styled(game, tree.clone(), frames.clone(), opts, style, Size::Beamer);
            Figure { algorithm: algorithm.clone(), cuts, ..fig }
        };
        let room = style::BEAMER_H / (0.75 * scale) - self.height;
        let mut best = None;
        if room >= 8.0 {
            let fig = at(base.level + (room / depth as f64).min(base.level));
            // Rounding may leave the taller figure a hair over: keep the old one.
            if fig.scale.is_some_and(|s| s >= scale - 1e-6) {
                best = Some(fig);
            }
        }
        let mut best = best.unwrap_or(Figure { algorithm: algorithm.clone(), cuts, ..self });
        let mut crowd = best.collisions();
        for f in [1.25, 1.5, 1.75, 2.0] {
            if crowd == 0 {
                break;
            }
            if base.level * f <= best.style().level + 1e-9 {
                continue;
            }
            let fig = at(base.level * f);
            if fig.min_text_pt < MIN_TEXT_PT - 1e-9 {
                break;
            }
            let c = fig.collisions();
            if c < crowd {
                (best, crowd) = (fig, c);
            }
        }
        best
    }

    /// How many pairs of texts overlap, over every frame: each text's box
    /// the painter's width estimate by 0.8 em (cap height and descenders),
    /// touching (within half a px) not counted.
    fn collisions(&self) -> usize {
        let mut n = 0;
        for k in 0..self.frames.len() {
            let boxes: Vec<place::Box4> = self
                .paint(k)
                .into_iter()
                .filter_map(|i| match i.mark {
                    Mark::Text { at, text, size, anchor, .. } => {
                        let w = text_width(&text, size);
                        let x0 = match anchor {
                            Anchor::Start => at.0,
                            Anchor::Middle => at.0 - w / 2.0,
                            Anchor::End => at.0 - w,
                        };
                        Some((x0, at.1 - 0.4 * size, x0 + w, at.1 + 0.4 * size))
                    }
                    _ => None,
                })
                .collect();
            for (i, a) in boxes.iter().enumerate() {
                n += boxes[i + 1..]
                    .iter()
                    .filter(|b| a.0 < b.2 - 0.5 && b.0 < a.2 - 0.5 && a.1 < b.3 - 0.5 && b.1 < a.3 - 0.5)
                    .count();
            }
        }
        n
    }

    fn styled(
        game: &'a Game,
        tree: Tree,
        frames: Vec<Frame>,
        opts: DrawOptions,
        style: Style,
        size: Size,
    ) -> Figure<'a> {
        let sizes = paint::measure(game, &tree, &frames, &opts, style);
        let mut layout = Layout::styled(&tree, &sizes.extents, &style);
        let room = paint::legend_room(&tree, &sizes, &layout);
        for p in &mut layout.pos {
            p.0 += room;
        }
        layout.width += room;
        let captioned = frames.iter().any(|f| f.caption.is_some());
        let width = if captioned { layout.width.max(460.0 + 2.0 * style.margin) } else { layout.width };
        let dx = (width - layout.width) / 2.0;
        for p in &mut layout.pos {
            p.0 += dx;
        }
        let text_w = width - 2.0 * style.margin;
        let wrap = |c: &str| marks::wrap(c, text_w, style.caption);
        let windows = style.compact && opts.show.windows;
        let captions: Vec<Vec<String>> = frames
            .iter()
            .map(|f| {
                let text = f.caption.as_deref().map(|c| {
                    match window_note(game, &tree, f).filter(|_| windows && !c.contains("α = ")) {
                        Some(w) => format!("{c} {w}"),
                        None => c.to_string(),
                    }
                });
                text.as_deref().map(wrap).unwrap_or_default()
            })
            .collect();
        let lines = captions.iter().map(Vec::len).max().unwrap_or(0);
        let height = layout.height + marks::caption_height(lines, style.caption);
        let scale = size.scale(width, height);
        let (algorithm, cuts) = (None, CutRule::OnEquality);
        let mut fig = Figure {
            game,
            tree,
            frames,
            layout,
            opts,
            algorithm,
            cuts,
            sizes,
            captions,
            width,
            height,
            size,
            scale,
            min_text_pt: 0.0,
        };
        fig.min_text_pt = fig.smallest_text_px() * 0.75 * scale.unwrap_or(1.0);
        fig
    }

    /// The style the figure is drawn in.
    pub fn style(&self) -> &Style {
        &self.sizes.style
    }

    /// The smallest type in the figure (px): its last frame's texts, and
    /// the caption when there is one.
    fn smallest_text_px(&self) -> f64 {
        let last = self.frames.len() - 1;
        let caption = if self.captions.iter().any(|c| !c.is_empty()) { self.style().caption } else { f64::INFINITY };
        self.paint(last)
            .iter()
            .filter_map(|i| match &i.mark {
                Mark::Text { size, .. } => Some(*size),
                _ => None,
            })
            .fold(caption, f64::min)
    }

    /// When the figure is too small to read at its size: why, and what
    /// to do instead (a warning; the figure is still drawn).
    pub fn unreadable(&self) -> Option<String> {
        if self.scale.is_none() || self.min_text_pt >= MIN_TEXT_PT - 1e-9 {
            return None;
        }
        Some(format!(
            "at this size the smallest text is {:.1} pt, under {MIN_TEXT_PT} pt and hard to read when projected: \
             hide some parts (e.g. --hide visits,windows,names) or draw one part of the tree (--subtree PATH)",
            (self.min_text_pt * 10.0).floor() / 10.0
        ))
    }

    /// The marks of frame `k`, caption included.
    pub fn paint(&self, k: usize) -> Vec<Item> {
        let frame = &self.frames[k];
        let mut items = paint::paint(self.game, &self.tree, &self.sizes, &self.layout, frame, &self.opts, self.cuts);
        for (j, line) in self.captions[k].iter().enumerate() {
            let size = self.style().caption;
            let at = (self.style().margin, self.layout.height + 10.0 + size * 1.4 * (j as f64 + 0.5));
            let mark = Mark::Text {
                at,
                text: line.clone(),
                size,
                anchor: marks::Anchor::Start,
                ink: marks::Ink::Black,
                bold: false,
                italic: false,
                halo: false,
            };
            items.push(Item { layer: 3, mark });
        }
        items.sort_by_key(|i| i.layer);
        items
    }

    /// Does some frame show a cut of this kind (chance cuts of either side
    /// count as one kind)?
    pub fn shows_cut(&self, kind: crate::search::trace::CutKind) -> bool {
        use crate::search::trace::CutKind::Chance;
        let same = |k: crate::search::trace::CutKind| match (k, kind) {
            (Chance { .. }, Chance { .. }) => true,
            (a, b) => a == b,
        };
        self.opts.show.cuts && self.frames.iter().any(|f| f.nodes.iter().any(|s| s.cut.is_some_and(same)))
    }

    /// Every frame's marks merged: each distinct rendered mark once, with
    /// the frames it appears in, in drawing order (by layer, then first
    /// appearance). Renderers that animate (beamer overlays, the HTML
    /// page) show each mark only in its frames.
    pub fn timeline(&self, render: impl Fn(&Mark) -> String) -> Vec<(String, Vec<usize>)> {
        let mut out: Vec<(u8, String, Vec<usize>)> = Vec::new();
        let mut seen: HashMap<(u8, String), usize> = HashMap::new();
        for k in 0..self.frames.len() {
            for item in self.paint(k) {
                let key = (item.layer, render(&item.mark));
                match seen.get(&key) {
                    Some(&i) => {
                        if out[i].2.last() != Some(&k) {
                            out[i].2.push(k);
                        }
                    }
                    None => {
                        seen.insert(key.clone(), out.len());
                        out.push((key.0, key.1, vec![k]));
                    }
                }
            }
        }
        out.sort_by_key(|e| e.0);
        out.into_iter().map(|(_, s, f)| (s, f)).collect()
    }
}

/// In a compact figure's caption: the window of the step's node
/// (`[B: α = 3, β = +∞]`), which is not drawn beside it.
fn window_note(game: &Game, tree: &Tree, frame: &Frame) -> Option<String> {
    let i = frame.focus?;
    let w = frame.nodes[i].window?;
    let t = &tree.nodes[i];
    let name = game.display_name(t.id, &t.path);
    Some(format!("[{name}: α = {}, β = {}]", frame::num(w.alpha), frame::num(w.beta)))
}

/// `0-3,5` (0-based frame numbers as ranges; `base` is added).
pub fn ranges(frames: &[usize], base: usize) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < frames.len() {
        let mut j = i;
        while j + 1 < frames.len() && frames[j + 1] == frames[j] + 1 {
            j += 1;
        }
        let (a, b) = (frames[i] + base, frames[j] + base);
        parts.push(if a == b { a.to_string() } else { format!("{a}-{b}") });
        i = j + 1;
    }
    parts.join(",")
}

/// The algorithm a figure shows when none is named: alphabeta if it
/// applies, else expectiminimax, else maxn, else minimax.
pub fn default_algorithm(game: &Game) -> Algorithm {
    let order = [Algorithm::Alphabeta, Algorithm::Expectiminimax, Algorithm::Maxn, Algorithm::Minimax];
    order.into_iter().find(|a| a.applies(game).is_ok()).unwrap_or(Algorithm::Minimax)
}
