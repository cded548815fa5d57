//! Marks: the simple things a painted frame is made of (lines, polygons,
//! ellipses, text), their colours and anchors, and how wide text is
//! estimated to be. TikZ, SVG and HTML only translate marks.

/// A point in CSS pixels, y downwards.
pub type Pt = (f64, f64);

/// Colours, by what they mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ink {
    Black,
    /// Not searched.
    Grey,
    /// Names, windows, badges' text.
    Soft,
    /// α: α-cuts and α in windows.
    Alpha,
    /// β: β-cuts and β in windows.
    Beta,
    /// The node the current step is about.
    Focus,
    White,
    /// Fill of the focused node.
    FocusFill,
    /// Fill of a visit badge.
    Badge,
    /// No fill.
    None,
}

impl Ink {
    pub const ALL: [Ink; 9] =
        [Ink::Black, Ink::Grey, Ink::Soft, Ink::Alpha, Ink::Beta, Ink::Focus, Ink::White, Ink::FocusFill, Ink::Badge];

    /// The colour's name (TikZ) and its RGB (SVG and TikZ).
    pub fn name(self) -> &'static str {
        match self {
            Ink::Black => "gtblack",
            Ink::Grey => "gtgrey",
            Ink::Soft => "gtsoft",
            Ink::Alpha => "gtalpha",
            Ink::Beta => "gtbeta",
            Ink::Focus => "gtfocus",
            Ink::White => "white",
            Ink::FocusFill => "gtfocusfill",
            Ink::Badge => "gtbadge",
            Ink::None => "none",
        }
    }

    pub fn hex(self) -> &'static str {
        match self {
            Ink::Black => "222222",
            Ink::Grey => "B4B4B4",
            Ink::Soft => "555555",
            Ink::Alpha => "C0392B",
            Ink::Beta => "1F5FAD",
            Ink::Focus => "E67E22",
            Ink::White => "FFFFFF",
            Ink::FocusFill => "FFF1D6",
            Ink::Badge => "EDEDED",
            Ink::None => "none",
        }
    }
}

/// How text sits on its point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Anchor {
    /// The text starts at the point.
    Start,
    Middle,
    /// The text ends at the point.
    End,
}

/// One thing drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    Line {
        a: Pt,
        b: Pt,
        ink: Ink,
        width: f64,
        dash: bool,
    },
    Poly {
        pts: Vec<Pt>,
        stroke: Ink,
        fill: Ink,
        width: f64,
    },
    Ellipse {
        c: Pt,
        rx: f64,
        ry: f64,
        stroke: Ink,
        fill: Ink,
        width: f64,
    },
    /// Text vertically centred on `at`; `halo`: on a white outline, to stay
    /// readable over lines.
    Text {
        at: Pt,
        text: String,
        size: f64,
        anchor: Anchor,
        ink: Ink,
        bold: bool,
        italic: bool,
        halo: bool,
    },
}

/// A mark and the layer it is drawn in (edges 0, marks on edges 1, shapes
/// 2, text 3), so renderers that merge frames keep the stacking order.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub layer: u8,
    pub mark: Mark,
}

/// Roughly how wide `text` is at `size` px in a sans-serif font.
pub fn text_width(text: &str, size: f64) -> f64 {
    let em: f64 = text
        .chars()
        .map(|c| match c {
            ' ' | ',' | '.' | ':' | ';' | '(' | ')' | '[' | ']' | '\'' | '|' | 'i' | 'l' | 'j' | '!' => 0.34,
            '/' | 'f' | 't' | 'r' => 0.42,
            'm' | 'w' | 'M' | 'W' | '∞' | '≥' | '≤' | '−' | '—' => 0.86,
            'A'..='Z' => 0.7,
            c if (c as u32) >= 0x2E80 => 1.0,
            _ => 0.62,
        })
        .sum();
    em * size
}

/// Splits a caption (type `size` px) into lines that fit `width` px.
pub fn wrap(text: &str, width: f64, size: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let next = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if !line.is_empty() && text_width(&next, size) > width {
            lines.push(std::mem::take(&mut line));
            line = word.to_string();
        } else {
            line = next;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The vertical room a caption of `lines` lines takes below the tree.
pub fn caption_height(lines: usize, size: f64) -> f64 {
    if lines == 0 { 0.0 } else { 10.0 + size * 1.4 * lines as f64 }
}
