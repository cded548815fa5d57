//! SVG: one frame as a standalone SVG document (UTF-8, every text XML-
//! escaped, no external references); the HTML page reuses [`element`].

use std::fmt::{self, Write};

use super::Figure;
use super::escape::{XmlText, n};
use super::paint::{Anchor, Ink, Mark};

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
        if let Some(t) = &fig.game.title() {
            writeln!(f, "<title>{}</title>", XmlText(t))?;
        }
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
    format!(
        "<svg{ns} width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"{FONT}\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>"
    )
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
