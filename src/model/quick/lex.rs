//! The quick loader's tokens: blanks and comments, identifiers, strings and
//! numbers, read exactly as the grammar's rules of the same names read them
//! (ASCII only: anything else makes the caller step aside).

use crate::diagnostic::Span;
use crate::model::quick::Quick;
use crate::num::Num;

pub(super) fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

pub(super) fn is_ident_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'\''
}

/// The run of ASCII digits at `from`: its value (wrapping past `i64`; the
/// callers take it only for 18 digits or fewer) and where the run ends.
#[inline]
pub(super) fn digits(text: &[u8], from: usize) -> (i64, usize) {
    let (mut whole, mut i) = (0i64, from);
    while let Some(&b @ b'0'..=b'9') = text.get(i) {
        whole = whole.wrapping_mul(10).wrapping_add(i64::from(b - b'0'));
        i += 1;
    }
    (whole, i)
}

/// A blank inside a `leaf_run` (no comments there).
pub(super) fn is_run_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

impl<'a> Quick<'a> {
    pub(super) fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    /// Skips blanks, line breaks and `#`/`//` comments.
    pub(super) fn skip_blank(&mut self) {
        while let Some(b) = self.peek() {
            match b {
                b' ' | b'\t' | b'\r' | b'\n' => self.at += 1,
                b'#' => self.skip_line(),
                b'/' if self.text.get(self.at + 1) == Some(&b'/') => self.skip_line(),
                _ => return,
            }
        }
    }

    fn skip_line(&mut self) {
        while self.peek().is_some_and(|b| b != b'\n') {
            self.at += 1;
        }
    }

    /// After blanks, `byte` (consumed) or nothing.
    pub(super) fn eat(&mut self, byte: u8) -> bool {
        self.skip_blank();
        let found = self.peek() == Some(byte);
        if found {
            self.at += 1;
        }
        found
    }

    /// An identifier, as its span.
    pub(super) fn ident(&mut self) -> Option<Span> {
        let start = self.at;
        if !self.peek().is_some_and(is_ident_start) {
            return None;
        }
        while self.peek().is_some_and(is_ident_char) {
            self.at += 1;
        }
        Some(Span::new(start, self.at))
    }

    pub(super) fn text_of(&self, span: Span) -> &'a str {
        // Identifiers and numbers are ASCII: their ends are char boundaries.
        std::str::from_utf8(&self.text[span.start..span.end]).unwrap_or_default()
    }

    /// `"…"` on one line with `\"`, `\\`, `\n`, `\t`, unescaped; the span
    /// covers the quotes.
    pub(super) fn string(&mut self) -> Option<(String, Span)> {
        let start = self.at;
        if self.peek() != Some(b'"') {
            return None;
        }
        self.at += 1;
        // Bytes, not chars: `"` and `\\` never occur inside a UTF-8 sequence,
        // so what lies between them is whole characters.
        let mut out = Vec::new();
        loop {
            let b = self.peek()?;
            self.at += 1;
            match b {
                b'"' => return Some((String::from_utf8(out).ok()?, Span::new(start, self.at))),
                b'\n' | b'\r' => return None,
                b'\\' => {
                    let e = self.peek()?;
                    self.at += 1;
                    out.push(match e {
                        b'"' => b'"',
                        b'\\' => b'\\',
                        b'n' => b'\n',
                        b't' => b'\t',
                        _ => return None,
                    });
                }
                _ => out.push(b),
            }
        }
    }

    /// A name: an identifier or a string.
    pub(super) fn name(&mut self) -> Option<(String, Span)> {
        match self.peek()? {
            b'"' => self.string(),
            _ => self.ident().map(|s| (self.text_of(s).to_string(), s)),
        }
    }

    /// A number literal as the grammar's `number` reads it, and its value.
    pub(super) fn number(&mut self) -> Option<(Num, Span)> {
        let start = self.at;
        let neg = self.peek() == Some(b'-');
        if neg {
            self.at += 1;
        }
        let digits_from = self.at;
        let (whole, end) = digits(self.text, self.at);
        self.at = end;
        let digits = self.at - digits_from;
        if digits == 0 {
            return None;
        }
        let plain = self.at;
        self.fraction();
        self.exponent();
        // `n/d` of two integers (a written probability) is read here, as
        // `Num::parse` would read it; anything else goes to it.
        let mut over = None;
        if self.at < self.text.len() && self.text[self.at] == b'/' && self.digits_at(self.at + 1) > 0 {
            let (den, end) = self::digits(self.text, self.at + 1);
            over = (self.at == plain && end - self.at - 1 <= 18 && den != 0).then_some((den, end));
            self.at = end;
            self.fraction();
        }
        if self.peek().is_some_and(is_ident_char) {
            return None;
        }
        let span = Span::new(start, self.at);
        let whole = if neg { -whole } else { whole };
        let value = match over {
            None if self.at == plain && digits <= 18 => Num::int(whole),
            Some((den, end)) if end == self.at && digits <= 18 => self.ratio(whole, den),
            _ => Num::parse(self.text_of(span)).ok()?,
        };
        Some((value, span))
    }

    /// A number's value as [`Quick::number`] reads it, an integer of at
    /// most 18 digits (the common case: a vector's components) read
    /// straight off its digits.
    pub(super) fn number_value(&mut self) -> Option<Num> {
        let neg = self.peek() == Some(b'-');
        let from = self.at + usize::from(neg);
        let (whole, end) = digits(self.text, from);
        let more = self.text.get(end).is_some_and(|&b| matches!(b, b'.' | b'e' | b'E' | b'/') || is_ident_char(b));
        if end > from && end - from <= 18 && !more {
            self.at = end;
            return Some(Num::int(if neg { -whole } else { whole }));
        }
        self.number().map(|(value, _)| value)
    }

    /// `n / d`, as the last one read if it is the same.
    pub(super) fn ratio(&mut self, n: i64, d: i64) -> Num {
        match self.last_ratio {
            Some((a, b, v)) if (a, b) == (n, d) => v,
            _ => {
                let v = Num::int(n) / Num::int(d);
                self.last_ratio = Some((n, d, v));
                v
            }
        }
    }

    fn digits_at(&self, from: usize) -> usize {
        self.text[from.min(self.text.len())..].iter().take_while(|b| b.is_ascii_digit()).count()
    }

    /// `.123` (only with digits after the dot).
    fn fraction(&mut self) {
        if self.peek() == Some(b'.') && self.digits_at(self.at + 1) > 0 {
            self.at += 1 + self.digits_at(self.at + 1);
        }
    }

    /// `e5`, `E-3`, `e+2` (only with digits).
    fn exponent(&mut self) {
        if !matches!(self.peek(), Some(b'e' | b'E')) {
            return;
        }
        let sign = usize::from(matches!(self.text.get(self.at + 1), Some(b'+' | b'-')));
        let n = self.digits_at(self.at + 1 + sign);
        if n > 0 {
            self.at += 1 + sign + n;
        }
    }

    /// Is the next thing, after blanks without comments, a `:`? (What
    /// makes a number a probability rather than a leaf in a `leaf_run`.)
    pub(super) fn colon_follows_in_run(&self) -> bool {
        let rest = &self.text[self.at..];
        rest.iter().find(|&&b| !is_run_blank(b)) == Some(&b':')
    }
}
