//! The notations students write in answer files besides gametree's own:
//! infinities as slides write them (`∞`, `+∞`, `−∞` with a Unicode minus,
//! `inf`, `infinity`, YAML's `.inf`), bounds (`≤ 4`, `<= 4`, `≥ 5`,
//! `>= 5`) and windows as text (`(5, inf)`, `[3, +∞]`). Pure text
//! functions: the answer reader turns what they return into diagnostics.

use crate::num::Num;
use crate::search::trace::BoundKind;

/// A number, infinities in any of the accepted spellings included.
pub fn number(text: &str) -> Option<Num> {
    let t = text.trim().replace('\u{2212}', "-");
    let (sign, body) = match t.strip_prefix('-') {
        Some(rest) => ("-", rest.trim_start()),
        None => ("", t.strip_prefix('+').unwrap_or(&t).trim_start()),
    };
    let lower = body.to_ascii_lowercase();
    let infinite = matches!(lower.as_str(), "inf" | ".inf" | "infinity" | "∞");
    if infinite {
        return Some(if sign == "-" { Num::NEG_INF } else { Num::INF });
    }
    Num::parse(&format!("{sign}{body}")).ok()
}

/// Splits a leading bound sign off a value: `≤ 4` is an upper bound 4,
/// `>= 5` a lower bound 5; anything else is a plain value.
pub fn bound(text: &str) -> (Option<BoundKind>, &str) {
    let t = text.trim_start();
    for (sign, kind) in
        [("≤", BoundKind::Upper), ("<=", BoundKind::Upper), ("≥", BoundKind::Lower), (">=", BoundKind::Lower)]
    {
        if let Some(rest) = t.strip_prefix(sign) {
            return (Some(kind), rest);
        }
    }
    (None, text)
}

/// The two ends of a window written as text, brackets of either kind:
/// `(5, inf)`, `[3, +∞]`, `(−∞, 3]`. The numbers are not read here.
pub fn window(text: &str) -> Option<(&str, &str)> {
    let t = text.trim();
    let inner = t.strip_prefix(['(', '['])?.strip_suffix([')', ']'])?;
    let (a, b) = inner.split_once(',')?;
    (!b.contains(',')).then_some((a.trim(), b.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn infinities_in_every_spelling() {
        for t in ["inf", "+inf", "∞", "+∞", "infinity", "Infinity", ".inf", " + ∞ "] {
            assert_eq!(number(t), Some(Num::INF), "{t}");
        }
        for t in ["-inf", "−∞", "-∞", "−inf", "-infinity", "-.inf"] {
            assert_eq!(number(t), Some(Num::NEG_INF), "{t}");
        }
        assert_eq!(number("−3"), Some(Num::int(-3)));
        assert_eq!(number("1/2"), Num::parse("1/2").ok());
        assert_eq!(number("four"), None);
    }

    #[test]
    fn bounds_and_windows_as_slides_write_them() {
        assert_eq!(bound("≤ 4"), (Some(BoundKind::Upper), " 4"));
        assert_eq!(bound("<=4"), (Some(BoundKind::Upper), "4"));
        assert_eq!(bound(">= 5"), (Some(BoundKind::Lower), " 5"));
        assert_eq!(bound("≥5"), (Some(BoundKind::Lower), "5"));
        assert_eq!(bound("-5"), (None, "-5"));
        assert_eq!(window("(5, inf)"), Some(("5", "inf")));
        assert_eq!(window("[3, +∞]"), Some(("3", "+∞")));
        assert_eq!(window("(−∞, 3]"), Some(("−∞", "3")));
        assert_eq!(window("3, 4"), None);
        assert_eq!(window("(1, 2, 3)"), None);
    }
}
