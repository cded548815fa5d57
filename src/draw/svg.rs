//! SVG: one frame as a standalone SVG document (UTF-8, every text XML-
//! escaped, no external references); the HTML page reuses [`element`].

use std::fmt::{self, Write};

use super::escape::{XmlText, n};
use super::marks::{Anchor, Ink, Mark};
use super::{Figure, Size};

/// Frame `frame` of a figure as an SVG document.
pub struct Svg<'a> {
    pub figure: &'a Figure<'a>,
    pub frame: usize,
}

pub const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

impl fmt::Display for Svg<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fig = self.figure;
        writeln!(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
        writeln!(f, "{}", open_tag(fig, true))?;
        writeln!(f, "<title>{}</title>", XmlText(&super::caption::title(fig.game.title().unwrap_or("Game tree"))))?;
        writeln!(f, "<desc>{}</desc>", XmlText(&describe(fig, self.frame)))?;
        for item in fig.paint(self.frame) {
            writeln!(f, "{}", element(&item.mark))?;
        }
        writeln!(f, "</svg>")
    }
}

/// The `<svg>` start tag; `xmlns` only for a standalone file (inline SVG in
/// HTML needs none, and the page carries no URL of any kind).
pub fn open_tag(fig: &Figure, xmlns: bool) -> String {
    let ns = if xmlns { " xmlns=\"http://www.w3.org/2000/svg\"" } else { "" };
    let (w, h) = (n(fig.width), n(fig.height));
    let (sw, sh) = match (&fig.size, fig.scale) {
        (Size::Width(len), _) => (len.svg(1.0), len.svg(fig.height / fig.width)),
        (_, Some(s)) => (n(fig.width * s), n(fig.height * s)),
        (_, None) => (w.clone(), h.clone()),
    };
    format!(
        "<svg{ns} role=\"img\" width=\"{sw}\" height=\"{sh}\" viewBox=\"0 0 {w} {h}\" font-family=\"{FONT}\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>"
    )
}

/// What frame `k` shows, in words, for screen readers: the algorithm, the
/// step's caption or the root's value, and how many edges are pruned.
pub fn describe(fig: &Figure, k: usize) -> String {
    let frame = &fig.frames[k];
    let mut parts: Vec<String> = Vec::new();
    match (&fig.algorithm, fig.opts.show.values) {
        (Some((algo, conventions)), true) => {
            parts.push(format!("A game tree searched by {} ({conventions}).", algo.name()))
        }
        _ => parts.push("A game tree.".into()),
    }
    match (&frame.caption, frame.nodes[0].value.as_ref().filter(|_| frame.nodes[0].computed)) {
        (Some(c), _) => parts.push(format!("Step {c}")),
        (None, Some(v)) if fig.opts.show.values => parts.push(format!("The root's value is {v}.")),
        _ => {}
    }
    let cuts = frame.nodes.iter().filter(|s| s.cut.is_some()).count();
    if cuts > 0 && fig.opts.show.cuts {
        parts.push(format!("{cuts} pruned edge{} marked //.", if cuts == 1 { "" } else { "s" }));
    }
    parts.join(" ")
}

fn color(ink: Ink) -> String {
    match ink {
        Ink::None => "none".into(),
        other => format!("#{}", other.hex()),
    }
}

/// One mark as an SVG element.
pub fn element(mark: &Mark) -> String {
    let mut s = String::new();
    match mark {
        Mark::Line { a, b, ink, width, dash } => {
            let dash = if *dash { " stroke-dasharray=\"6 4\"" } else { "" };
            let _ = write!(
                s,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\"{dash}/>",
                n(a.0),
                n(a.1),
                n(b.0),
                n(b.1),
                color(*ink),
                n(*width)
            );
        }
        Mark::Poly { pts, stroke, fill, width } => {
            let points: Vec<String> = pts.iter().map(|p| format!("{},{}", n(p.0), n(p.1))).collect();
            let _ = write!(
                s,
                "<polygon points=\"{}\" stroke=\"{}\" fill=\"{}\" stroke-width=\"{}\"/>",
                points.join(" "),
                color(*stroke),
                color(*fill),
                n(*width)
            );
        }
        Mark::Ellipse { c, rx, ry, stroke, fill, width } => {
            let _ = write!(
                s,
                "<ellipse cx=\"{}\" cy=\"{}\" rx=\"{}\" ry=\"{}\" stroke=\"{}\" fill=\"{}\" stroke-width=\"{}\"/>",
                n(c.0),
                n(c.1),
                n(*rx),
                n(*ry),
                color(*stroke),
                color(*fill),
                n(*width)
            );
        }
        Mark::Text { at, text, size, anchor, ink, bold, italic, halo } => {
            let anchor = match anchor {
                Anchor::Start => "start",
                Anchor::Middle => "middle",
                Anchor::End => "end",
            };
            let weight = if *bold { " font-weight=\"bold\"" } else { "" };
            let style = if *italic { " font-style=\"italic\"" } else { "" };
            let halo = if *halo { " stroke=\"#fff\" stroke-width=\"4\" paint-order=\"stroke\"" } else { "" };
            let _ = write!(
                s,
                "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"{anchor}\" fill=\"{}\"{weight}{style}{halo}>{}</text>",
                n(at.0),
                n(at.1 + 0.35 * size),
                n(*size),
                color(*ink),
                XmlText(text)
            );
        }
    }
    s
}
