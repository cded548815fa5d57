//! TikZ: a `tikzpicture` to paste into a beamer slide (needs `tikz`), or
//! with `standalone` a complete document for `pdflatex`. With steps, every
//! mark is wrapped in `\only<…>` for the beamer overlays it belongs to, so
//! one slide animates the search (overlay k+1 = frame k).
//!
//! Coordinates are the layout's pixels (`x=0.75pt, y=-0.75pt`, y down, as
//! in SVG); the picture is scaled to fit a beamer slide's text area.

use std::fmt::{self, Write};

use super::escape::{TexText, n, pdflatex_sets};
use super::marks::{Anchor, Ink, Mark};
use super::{Figure, ranges};
use crate::model::Game;

/// A figure as TikZ.
pub struct Tikz<'a> {
    pub figure: &'a Figure<'a>,
    /// A complete document: `article` for one figure, `beamer` (one frame,
    /// one overlay per step) with steps.
    pub standalone: bool,
}

/// A beamer slide's usable area, in pt.
const SLIDE_W: f64 = 300.0;
const SLIDE_H: f64 = 210.0;

impl fmt::Display for Tikz<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fig = self.figure;
        let steps = fig.frames.len() > 1;
        if !self.standalone {
            return self.picture(f, fit(fig));
        }
        let title = &super::caption::title(fig.game.title().unwrap_or("Game tree"));
        if pdflatex_sets_all(fig.game) {
            writeln!(f, "% Made by gametree. Compile with pdflatex. Names in scripts other than Latin")?;
            writeln!(f, "% (e.g. Persian) need xelatex or lualatex with fontspec and a font that has them.")?;
        } else {
            writeln!(f, "% Made by gametree. Compile with xelatex or lualatex, with fontspec and a font that")?;
            writeln!(f, "% has every script used here: some text is not Latin, which pdflatex cannot set.")?;
        }
        if steps {
            writeln!(f, "\\RequirePackage{{fix-cm}}\n\\documentclass{{beamer}}")?;
            writeln!(f, "\\usepackage[utf8]{{inputenc}}\n\\usepackage{{tikz}}")?;
            writeln!(f, "\\setbeamertemplate{{navigation symbols}}{{}}")?;
            writeln!(f, "\\setbeamersize{{text margin left=4mm, text margin right=4mm}}")?;
            writeln!(f, "\\begin{{document}}")?;
            writeln!(f, "\\begin{{frame}}{{{}}}", TexText(title))?;
            if let Some((algo, _)) = &fig.algorithm {
                writeln!(f, "\\framesubtitle{{{}}}", TexText(algo.name()))?;
            }
            writeln!(f, "\\centering")?;
            self.picture(f, fit(fig))?;
            writeln!(f, "\\end{{frame}}\n\\end{{document}}")
        } else {
            writeln!(f, "\\RequirePackage{{fix-cm}}\n\\documentclass{{article}}")?;
            writeln!(f, "\\usepackage[utf8]{{inputenc}}\n\\usepackage{{tikz}}")?;
            writeln!(f, "\\pagestyle{{empty}}\n\\hoffset=-1in \\voffset=-1in")?;
            writeln!(f, "\\begin{{document}}")?;
            writeln!(f, "\\newsavebox\\gtfigure")?;
            writeln!(f, "\\sbox\\gtfigure{{%")?;
            self.picture(f, fig.scale.unwrap_or(1.0))?;
            writeln!(f, "}}")?;
            writeln!(f, "\\pdfpagewidth=\\dimexpr\\wd\\gtfigure+20pt\\relax")?;
            writeln!(f, "\\pdfpageheight=\\dimexpr\\ht\\gtfigure+\\dp\\gtfigure+20pt\\relax")?;
            writeln!(f, "\\shipout\\vbox{{\\kern10pt\\hbox{{\\kern10pt\\usebox\\gtfigure}}}}")?;
            writeln!(f, "\\end{{document}}")
        }
    }
}

/// Can pdflatex set every text of the game: title, players, names, labels?
fn pdflatex_sets_all(game: &Game) -> bool {
    let names = game.nodes().filter_map(|n| n.name());
    let labels = game.nodes().flat_map(|n| (0..n.children().len()).filter_map(move |i| n.edge(i).label));
    let players = game.players().iter().map(String::as_str);
    let mut texts = game.title().into_iter().chain(players).chain(names).chain(labels);
    texts.all(pdflatex_sets)
}

/// The scale the figure was sized for; at its natural size, the scale
/// that fits it into a slide's text area (never enlarging).
fn fit(fig: &Figure) -> f64 {
    if let Some(s) = fig.scale {
        return (s * 1000.0).floor() / 1000.0;
    }
    let (w, h) = (fig.width * 0.75, fig.height * 0.75);
    let s = (SLIDE_W / w).min(SLIDE_H / h).min(1.0);
    (s * 100.0).floor() / 100.0
}

impl Tikz<'_> {
    fn picture(&self, f: &mut fmt::Formatter<'_>, scale: f64) -> fmt::Result {
        let fig = self.figure;
        let all = fig.frames.len();
        if let Some(t) = &fig.game.title() {
            writeln!(f, "% {}", t.replace('\n', " "))?;
        }
        if let Some((algo, conventions)) = &fig.algorithm {
            writeln!(f, "% {algo}: {conventions}")?;
        }
        if all > 1 {
            writeln!(f, "% {all} frames as beamer overlays: overlay k+1 shows the search after step k.")?;
        }
        writeln!(f, "\\begingroup")?;
        for ink in Ink::ALL.into_iter().filter(|i| *i != Ink::White) {
            writeln!(f, "\\definecolor{{{}}}{{HTML}}{{{}}}", ink.name(), ink.hex())?;
        }
        writeln!(f, "\\scalebox{{{}}}{{%", (scale * 1000.0).floor() / 1000.0)?;
        writeln!(
            f,
            "\\begin{{tikzpicture}}[x=0.75pt, y=-0.75pt, line cap=round, line join=round, every node/.style={{inner sep=0pt}}]"
        )?;
        writeln!(f, "\\path (0,0) rectangle ({},{});", n(fig.width), n(fig.height))?;
        for (text, frames) in fig.timeline(command) {
            if frames.len() == all {
                writeln!(f, "{text}")?;
            } else {
                writeln!(f, "\\only<{}>{{{text}}}", ranges(&frames, 1))?;
            }
        }
        writeln!(f, "\\end{{tikzpicture}}}}")?;
        writeln!(f, "\\endgroup")
    }
}

fn pt(x: f64) -> String {
    format!("{}pt", n(x * 0.75))
}

/// One mark as a TikZ command.
fn command(mark: &Mark) -> String {
    let mut s = String::new();
    match mark {
        Mark::Line { a, b, ink, width, dash } => {
            let dash = if *dash { ", dash pattern=on 4.5pt off 3pt" } else { "" };
            let _ = write!(
                s,
                "\\draw[{}, line width={}{dash}] ({},{}) -- ({},{});",
                ink.name(),
                pt(*width),
                n(a.0),
                n(a.1),
                n(b.0),
                n(b.1)
            );
        }
        Mark::Poly { pts, stroke, fill, width } => {
            let path: Vec<String> = pts.iter().map(|p| format!("({},{})", n(p.0), n(p.1))).collect();
            let _ = write!(
                s,
                "\\filldraw[draw={}, fill={}, line width={}] {} -- cycle;",
                stroke.name(),
                fill.name(),
                pt(*width),
                path.join(" -- ")
            );
        }
        Mark::Ellipse { c, rx, ry, stroke, fill, width } => {
            let how = match stroke {
                Ink::None => format!("\\fill[{}]", fill.name()),
                _ => format!("\\filldraw[draw={}, fill={}, line width={}]", stroke.name(), fill.name(), pt(*width)),
            };
            let _ = write!(s, "{how} ({},{}) ellipse [x radius={}, y radius={}];", n(c.0), n(c.1), pt(*rx), pt(*ry));
        }
        Mark::Text { at, text, size, anchor, ink, bold, italic, halo } => {
            let anchor = match anchor {
                Anchor::Start => "base west",
                Anchor::Middle => "base",
                Anchor::End => "base east",
            };
            let size = size * 0.75;
            let font = format!(
                "\\sffamily\\fontsize{{{}}}{{{}}}\\selectfont{}{}",
                n(size),
                n(size * 1.2),
                if *bold { "\\bfseries" } else { "" },
                if *italic { "\\itshape" } else { "" }
            );
            let halo = if *halo { ", fill=white, inner sep=1pt" } else { "" };
            let _ = write!(
                s,
                "\\node[anchor={anchor}, text={}, font={font}{halo}] at ({},{}) {{{}}};",
                ink.name(),
                n(at.0),
                n(at.1 + 0.35 * size / 0.75),
                TexText(text)
            );
        }
    }
    s
}
