//! `gametree fmt`: the author's layout, tidied. Line breaks, blank lines
//! and comments stay where the author put them; only spacing and
//! indentation are normalised:
//!
//! - each line is indented two spaces per open `{` (a line that starts
//!   with `}` one level less);
//! - within a line the author's spacing stays (it often aligns columns or
//!   groups children), with the spaces the reading needs put in: at least
//!   one on each side of `->`, after `,`, after `{`, before `}` and before
//!   a trailing comment; none before `,`; a run with a tab becomes one space;
//! - runs of blank lines become one; none at the start or the end; the
//!   text ends with one newline (`\n`, also for a file written with
//!   `\r\n`); trailing spaces go.
//!
//! Invariants, checked before anything is returned: the result parses to
//! the same tree (the canonical [`print`](crate::syntax::print::print) of
//! both is equal), holds exactly the original comments in the same order,
//! and formatting it again changes nothing. Otherwise [`format()`] refuses,
//! so no comment and no answer is ever lost.

use crate::syntax::{parse, print};

/// Why a text could not be formatted.
#[derive(Debug)]
pub enum FmtError {
    /// It does not parse.
    Parse(Vec<crate::diagnostic::Diagnostic>),
    /// The result would not keep what was written (a formatter bug).
    Unsafe(String),
}

/// The tidied layout of a `.tree` text, comments and line breaks kept.
pub fn format(text: &str) -> Result<String, FmtError> {
    let file = parse::parse(text).map_err(FmtError::Parse)?;
    let once = tidy(text);
    let again = parse::parse(&once).map_err(|_| FmtError::Unsafe("the tidied text does not parse".into()))?;
    if print::print(&again) != print::print(&file) {
        return Err(FmtError::Unsafe("tidying changed the tree or its answers".into()));
    }
    let texts = |t: &str| comments(t).into_iter().map(|c| c.text).collect::<Vec<_>>();
    if texts(&once) != texts(text) {
        return Err(FmtError::Unsafe("a comment would be lost or moved".into()));
    }
    if tidy(&once) != once {
        return Err(FmtError::Unsafe("formatting is not stable on this file".into()));
    }
    Ok(once)
}

/// The text with its spacing and indentation normalised (see the module doc).
fn tidy(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    let mut blank = false;
    for raw in text.split('\n') {
        let line = raw.trim_end_matches([' ', '\t', '\r']);
        let lead = line.len() - line.trim_start_matches([' ', '\t']).len();
        let body = &line[lead..];
        if body.is_empty() {
            blank = !out.is_empty();
            continue;
        }
        if blank {
            out.push('\n');
            blank = false;
        }
        let tidied = tidy_line(body);
        let indent = depth.saturating_sub(usize::from(body.starts_with('}')));
        out.extend(std::iter::repeat_n("  ", indent));
        out += &tidied.text;
        out.push('\n');
        depth = depth.saturating_add_signed(tidied.opened);
    }
    out
}

/// One line (no indentation, no trailing space), re-spaced.
struct Tidied {
    text: String,
    /// Braces opened minus braces closed on the line.
    opened: isize,
}

/// What was last written on a line, for the spacing before the next token.
#[derive(Clone, Copy, PartialEq)]
enum Last {
    Start,
    OpenBrace,
    Comma,
    Arrow,
    Other,
}

fn tidy_line(text: &str) -> Tidied {
    let body = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let (mut last, mut opened, mut i) = (Last::Start, 0isize, 0);
    while i < body.len() {
        let gap = i;
        while i < body.len() && (body[i] == b' ' || body[i] == b'\t') {
            i += 1;
        }
        let written = &text[gap..i];
        let c = body[i];
        let comment = c == b'#' || (c == b'/' && body.get(i + 1) == Some(&b'/'));
        let arrow = c == b'-' && body.get(i + 1) == Some(&b'>');
        let needed = match (last, c) {
            (Last::Start, _) | (_, b',') => None,
            _ if comment => Some(" "),
            (Last::Arrow | Last::Comma | Last::OpenBrace, _) => Some(" "),
            (_, b'{' | b'}') => Some(" "),
            _ if arrow => Some(" "),
            _ => Some(""),
        };
        match needed {
            None => {}
            Some(_) if written.contains('\t') => out.push(' '),
            Some(least) if written.len() < least.len() => out += least,
            Some(_) => out += written,
        }
        if comment {
            out += &text[i..];
            break;
        }
        let end = match c {
            b'"' => string_end(body, i),
            _ if arrow => i + 2,
            _ => i + text[i..].chars().next().map_or(1, char::len_utf8),
        };
        out += &text[i..end];
        last = match c {
            b'{' => Last::OpenBrace,
            b',' => Last::Comma,
            _ if arrow => Last::Arrow,
            _ => Last::Other,
        };
        opened += match c {
            b'{' => 1,
            b'}' => -1,
            _ => 0,
        };
        i = end;
    }
    Tidied { text: out, opened }
}

/// The end of the string literal starting at `i` (past its closing quote,
/// or the end of the line when it has none).
fn string_end(body: &[u8], i: usize) -> usize {
    let mut k = i + 1;
    while k < body.len() && body[k] != b'"' {
        k += if body[k] == b'\\' { 2 } else { 1 };
    }
    (k + 1).min(body.len())
}

/// A comment in a text: `# …` or `// …` to the end of the line.
#[derive(Clone, Debug, PartialEq)]
pub struct Comment {
    pub start: usize,
    pub text: String,
    /// Code stands before it on its line.
    pub trailing: bool,
}

/// Every comment, skipping `#` and `//` inside quoted strings.
pub fn comments(text: &str) -> Vec<Comment> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut code_on_line = false;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                code_on_line = false;
                i += 1;
            }
            b'"' => {
                code_on_line = true;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'#' | b'/' if bytes[i] == b'#' || bytes.get(i + 1) == Some(&b'/') => {
                let end = text[i..].find('\n').map_or(text.len(), |k| i + k);
                let body = text[i..end].trim_end().to_string();
                out.push(Comment { start: i, text: body, trailing: code_on_line });
                i = end;
            }
            b' ' | b'\t' | b'\r' => i += 1,
            _ => {
                code_on_line = true;
                i += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str) -> String {
        format(text).unwrap_or_else(|e| panic!("{e:?}"))
    }

    #[test]
    fn line_breaks_blank_lines_and_comments_stay_where_they_are() {
        let text = "# header\ntitle \"A # not a comment\"\n\n\n\nMAX A {   // root\n  a1 -> MIN B { 3, 12, 8 }\n\n  # C is cut\n  a2 -> MIN C {\n     2 # first\n     4  # second\n     6\n  }\n}\n// answers\nexpect alphabeta {\n      value 3\n   pruned C.2 C.3\n}\n";
        let want = "# header\ntitle \"A # not a comment\"\n\nMAX A {   // root\n  a1 -> MIN B { 3, 12, 8 }\n\n  # C is cut\n  a2 -> MIN C {\n    2 # first\n    4  # second\n    6\n  }\n}\n// answers\nexpect alphabeta {\n  value 3\n  pruned C.2 C.3\n}\n";
        assert_eq!(ok(text), want);
        assert_eq!(ok(want), want, "idempotent");
    }

    #[test]
    fn the_spaces_reading_needs_are_put_in_and_the_authors_kept() {
        let text = "bounds [2,14]\nMAX A{a1->MIN B {3   12 8} a2  ->  MIN C{ 2 ,4 }}# c\nexpect alphabeta { value 3 pruned C.2   leaves 3 12 8 2 }\n";
        let want = "bounds [2, 14]\nMAX A { a1 -> MIN B { 3   12 8 } a2  ->  MIN C { 2, 4 } } # c\nexpect alphabeta { value 3 pruned C.2   leaves 3 12 8 2 }\n";
        assert_eq!(ok(text), want);
    }

    #[test]
    fn tokens_written_together_stay_together() {
        assert_eq!(ok("CHANCE { 1/2: 3  1/2:4 }\n"), "CHANCE { 1/2: 3  1/2:4 }\n");
        let text = "players A B\nA { K=(1,2) B { (3,0) } }\nexpect maxn(shallow) { value (1, 2) }\n";
        assert_eq!(ok(text), "players A B\nA { K=(1, 2) B { (3, 0) } }\nexpect maxn(shallow) { value (1, 2) }\n");
    }

    #[test]
    fn crlf_tabs_and_trailing_blank_lines_are_tidied() {
        let text = "\r\n\r\nMAX {\r\n\t1 \t2\r\n\tMIN { 3 }  \r\n}\r\n\r\n\r\n";
        assert_eq!(ok(text), "MAX {\n  1 2\n  MIN { 3 }\n}\n");
    }

    #[test]
    fn strings_and_comments_are_kept_verbatim() {
        let text = "title   \"two  spaces, -> and { inside\"\nMAX {   1   }   #  a   comment  {\n";
        assert_eq!(ok(text), "title   \"two  spaces, -> and { inside\"\nMAX {   1   }   #  a   comment  {\n");
    }

    #[test]
    fn a_negative_number_is_not_an_arrow() {
        assert_eq!(ok("MAX { -3 a->-2 }\n"), "MAX { -3 a -> -2 }\n");
    }
}
