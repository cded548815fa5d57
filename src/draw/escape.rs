//! Escaping, as `fmt::Write` adaptors: whatever is written through them
//! comes out safe for XML (SVG, HTML) or for LaTeX (TikZ).

use std::fmt::{self, Write};

/// XML text and attribute values: `<`, `>`, `&`, quotes escaped; control
/// characters (not allowed in XML) dropped.
pub struct Xml<'a, W: Write + ?Sized>(pub &'a mut W);

impl<W: Write + ?Sized> Write for Xml<'_, W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            match c {
                '<' => self.0.write_str("&lt;")?,
                '>' => self.0.write_str("&gt;")?,
                '&' => self.0.write_str("&amp;")?,
                '"' => self.0.write_str("&quot;")?,
                '\'' => self.0.write_str("&#39;")?,
                c if c.is_control() && c != '\n' && c != '\t' => {}
                c => self.0.write_char(c)?,
            }
        }
        Ok(())
    }
}

/// LaTeX text: the special characters escaped, the symbols figures use
/// (≥ ≤ α β ∞ −) in math mode, so `pdflatex` compiles it. Other non-ASCII
/// text (names in other scripts) is passed through as UTF-8.
pub struct Tex<'a, W: Write + ?Sized>(pub &'a mut W);

impl<W: Write + ?Sized> Write for Tex<'_, W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            let out = match c {
                '\\' => "\\textbackslash{}",
                '{' => "\\{",
                '}' => "\\}",
                '$' => "\\$",
                '&' => "\\&",
                '#' => "\\#",
                '%' => "\\%",
                '_' => "\\_",
                '~' => "\\textasciitilde{}",
                '^' => "\\textasciicircum{}",
                '<' => "$<$",
                '>' => "$>$",
                '|' => "$|$",
                c if c.is_control() => "",
                c => match symbol(c) {
                    Some(out) => out,
                    None => {
                        self.0.write_char(c)?;
                        continue;
                    }
                },
            };
            self.0.write_str(out)?;
        }
        Ok(())
    }
}

/// The LaTeX for a non-ASCII symbol that figures use.
fn symbol(c: char) -> Option<&'static str> {
    Some(match c {
        '≥' => "$\\geq$",
        '≤' => "$\\leq$",
        'α' => "$\\alpha$",
        'β' => "$\\beta$",
        'Σ' => "$\\Sigma$",
        '∞' => "$\\infty$",
        '−' => "$-$",
        '·' => "$\\cdot$",
        '→' => "$\\rightarrow$",
        '—' => "---",
        'ⁿ' => "$^{n}$",
        _ => return None,
    })
}

/// Can `pdflatex` set this text as [`Tex`] writes it? Not when it has
/// letters beyond ASCII (other scripts, accents): those need xelatex or
/// lualatex with a font that has them.
pub fn pdflatex_sets(text: &str) -> bool {
    text.chars().all(|c| c.is_ascii() || c.is_control() || symbol(c).is_some())
}

/// A DOT quoted string's contents: `"` and `\` escaped, line breaks as `\n`.
pub struct DotEsc<'a, W: Write + ?Sized>(pub &'a mut W);

impl<W: Write + ?Sized> Write for DotEsc<'_, W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            match c {
                '"' => self.0.write_str("\\\"")?,
                '\\' => self.0.write_str("\\\\")?,
                '\n' => self.0.write_str("\\n")?,
                c if c.is_control() => {}
                c => self.0.write_char(c)?,
            }
        }
        Ok(())
    }
}

/// `text` escaped for a DOT quoted string, as a `Display`.
pub struct DotText<'a>(pub &'a str);

impl fmt::Display for DotText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        DotEsc(f).write_str(self.0)
    }
}

/// `text` escaped for XML, as a `Display`.
pub struct XmlText<'a>(pub &'a str);

impl fmt::Display for XmlText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Xml(f).write_str(self.0)
    }
}

/// `text` escaped for LaTeX, as a `Display`.
pub struct TexText<'a>(pub &'a str);

impl fmt::Display for TexText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Tex(f).write_str(self.0)
    }
}

/// A coordinate with one decimal and no trailing `.0` (stable snapshots).
pub fn n(x: f64) -> String {
    let r = (x * 10.0).round() / 10.0;
    let r = if r == 0.0 { 0.0 } else { r };
    if r.fract() == 0.0 { format!("{}", r as i64) } else { format!("{r:.1}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xml_escapes_markup_and_keeps_unicode() {
        assert_eq!(XmlText("a<b & \"c\" آرش").to_string(), "a&lt;b &amp; &quot;c&quot; آرش");
    }

    #[test]
    fn tex_escapes_specials_and_symbols() {
        assert_eq!(TexText("x_1 ≥ 50% & α").to_string(), "x\\_1 $\\geq$ 50\\% \\& $\\alpha$");
    }

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(n(3.0), "3");
        assert_eq!(n(-0.04), "0");
        assert_eq!(n(2.25), "2.3");
    }
}
