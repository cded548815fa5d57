//! Styles and sizes: the type sizes and spacing a figure is drawn with,
//! from roomy to tight, and the size a figure is asked to have (a width,
//! or a beamer frame). A figure takes the roomiest style whose smallest
//! text, once the picture is scaled to its size, is at least
//! [`MIN_TEXT_PT`]: the layout gets tighter (narrower gaps, visit numbers
//! stacked above the nodes, the window of the step's node in the caption,
//! leaves in two staggered rows, then names stacked above the nodes and
//! each level's player written once) before any text shrinks.
//!
//! Lengths in a style are CSS pixels (1 px = 0.75 pt at scale 1).

/// The smallest text a lecturer can project: 6 pt on a 128 mm frame.
pub const MIN_TEXT_PT: f64 = 6.0;

/// Type sizes (px) and spacing of one figure.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    /// Values in shapes.
    pub value: f64,
    /// Node names.
    pub name: f64,
    /// Windows.
    pub small: f64,
    /// Visit numbers, and their badge's radius.
    pub badge: f64,
    pub badge_r: f64,
    /// Move labels and probabilities on edges.
    pub label: f64,
    /// Cut marks' text.
    pub cut: f64,
    /// The step caption.
    pub caption: f64,
    /// Room between neighbouring nodes on a level.
    pub gap: f64,
    /// Distance between levels.
    pub level: f64,
    /// Space around the drawing.
    pub margin: f64,
    /// Compact: tighter shapes, `≥3` for `≥ 3`, an inner node's visit
    /// number above its corner instead of beside it, and the window of the
    /// step's node in the caption instead of beside every node.
    pub compact: bool,
    /// Sibling leaves alternate between two rows, so neighbours can be
    /// closer than their width.
    pub stagger: bool,
    /// Stacked: an inner node's name goes above it, after its visit
    /// number, on the side away from the edge coming in; vectors drop
    /// their spaces (`(5,1,4)`); when every node on a level is the same
    /// player's, the player is written once at the level's left (AIMA's
    /// Figure 5.4 "to move" column) instead of beside every name.
    pub stack: bool,
}

impl Default for Style {
    fn default() -> Style {
        Style::ROOMY
    }
}

impl Style {
    /// The default look (what every figure had before sizes existed).
    pub const ROOMY: Style = Style {
        value: 14.0,
        name: 13.0,
        small: 11.0,
        badge: 9.5,
        badge_r: 8.0,
        label: 12.0,
        cut: 14.0,
        caption: 14.0,
        gap: 14.0,
        level: 92.0,
        margin: 16.0,
        compact: false,
        stagger: false,
        stack: false,
    };

    /// The candidates a fitted figure tries, roomiest first. The tighter
    /// ones keep every text at 11 px or more, so they may be scaled down
    /// further before any text is under 6 pt.
    pub fn candidates() -> [Style; 5] {
        let narrow = Style { gap: 5.0, ..Style::ROOMY };
        let compact = Style {
            value: 12.0,
            name: 11.0,
            small: 11.0,
            badge: 11.0,
            badge_r: 8.0,
            label: 11.0,
            cut: 12.0,
            caption: 12.0,
            gap: 2.5,
            level: 52.0,
            margin: 4.0,
            compact: true,
            stagger: false,
            stack: false,
        };
        // The tightest: every text at 11 px (values too, so shapes are
        // narrower), names stacked, a gap of 1 px, shorter levels.
        let stacked = Style {
            value: 11.0,
            cut: 11.0,
            caption: 11.0,
            badge_r: 7.5,
            gap: 1.0,
            level: 44.0,
            stagger: true,
            stack: true,
            ..compact
        };
        [Style::ROOMY, narrow, compact, Style { stagger: true, ..compact }, stacked]
    }
}

/// A length as users write it: `12cm`, `120mm`, `340pt`, `4.5in`, `800px`.
#[derive(Clone, Debug, PartialEq)]
pub struct Length {
    pub amount: f64,
    pub unit: Unit,
}

/// The units `--width` takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    Cm,
    Mm,
    Pt,
    In,
    Px,
}

impl Unit {
    fn name(self) -> &'static str {
        match self {
            Unit::Cm => "cm",
            Unit::Mm => "mm",
            Unit::Pt => "pt",
            Unit::In => "in",
            Unit::Px => "px",
        }
    }

    /// Points (1/72.27 in, TeX's) in one of this unit; a CSS pixel is 0.75 pt.
    fn pt(self) -> f64 {
        match self {
            Unit::Cm => 72.27 / 2.54,
            Unit::Mm => 72.27 / 25.4,
            Unit::Pt => 1.0,
            Unit::In => 72.27,
            Unit::Px => 0.75,
        }
    }
}

impl Length {
    /// Reads `12cm`, `340 pt`, `4.5in`…; says why not.
    pub fn parse(text: &str) -> Result<Length, String> {
        let t = text.trim();
        let split = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(t.len());
        let (number, unit) = (t[..split].trim(), t[split..].trim());
        let units = [Unit::Cm, Unit::Mm, Unit::Pt, Unit::In, Unit::Px];
        let Some(unit) = units.into_iter().find(|u| u.name() == unit) else {
            return Err(format!("`{text}` needs a unit: cm, mm, pt, in or px (as in `12cm`)"));
        };
        match number.parse::<f64>() {
            Ok(amount) if amount > 0.0 && amount.is_finite() => Ok(Length { amount, unit }),
            _ => Err(format!("`{text}` is not a positive length (as in `12cm`)")),
        }
    }

    pub fn pt(&self) -> f64 {
        self.amount * self.unit.pt()
    }

    /// As SVG writes it (`12cm`; pixels without a unit).
    pub fn svg(&self, factor: f64) -> String {
        let x = format!("{}", (self.amount * factor * 100.0).round() / 100.0);
        match self.unit {
            Unit::Px => x,
            u => format!("{x}{}", u.name()),
        }
    }
}

/// The size a figure is asked to have.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Size {
    /// Drawn at its own size, in the roomy style (TikZ without steps is
    /// scaled down to a slide's text width at most).
    #[default]
    Natural,
    /// Scaled to this width.
    Width(Length),
    /// Fits a 128 mm × 96 mm beamer frame (below its title, with the step
    /// caption), using its height as well as its width.
    Beamer,
}

/// Room for the picture on a beamer frame whose side margins are 4 mm
/// (the standalone document sets them), in pt: 120 mm wide, and 96 mm less
/// the title, subtitle and a little room.
pub const BEAMER_W: f64 = 335.0;
pub const BEAMER_H: f64 = 212.0;

impl Size {
    /// The scale (pt per 0.75 px, i.e. 1 draws a px as 0.75 pt) that makes
    /// a `w` × `h` px picture this size; `None` for the natural size.
    pub fn scale(&self, w: f64, h: f64) -> Option<f64> {
        match self {
            Size::Natural => None,
            Size::Width(len) => Some(len.pt() / (w * 0.75)),
            Size::Beamer => Some((BEAMER_W / (w * 0.75)).min(BEAMER_H / (h * 0.75)).min(2.0)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_read_their_units() {
        // 12 cm = 12/2.54 in = 341.43 pt (TeX's 72.27 pt to the inch).
        assert!((Length::parse("12cm").unwrap().pt() - 341.433).abs() < 1e-3);
        assert_eq!(Length::parse("340 pt").unwrap().pt(), 340.0);
        assert_eq!(Length::parse("800px").unwrap().pt(), 600.0);
        assert_eq!(Length::parse("1in").unwrap().pt(), 72.27);
        assert!(Length::parse("12").unwrap_err().contains("needs a unit"));
        assert!(Length::parse("-3cm").is_err() && Length::parse("0mm").is_err() && Length::parse("cm").is_err());
    }
}
