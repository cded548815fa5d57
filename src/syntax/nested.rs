//! The nested-list form of a tree, as MIT 6.034 and many course notes
//! write it: `[[3, 12, 8], [2, 4, 6], [14, 5, 2]]`. The outer list is the
//! root, a MAX node; each list inside is a child one ply down, MIN and MAX
//! alternating; each number is a leaf. Inner nodes are named `A`, `B`, …
//! in preorder, as `gametree generate` names them.
//!
//! Read into spec text (then the text form's parser makes the ast, so
//! both forms give the same ast). Every problem is a [`Diagnostic`] into
//! the list's text: a token other than `[`, `]`, `,` or a number, an
//! unclosed or extra bracket, an empty list, a bad number, nesting deeper
//! than [`MAX_DEPTH`]. The reading is iterative: no nesting overflows the
//! stack here.

use crate::diagnostic::{Diagnostic, DiagnosticKind, Span};
use crate::num::Num;
use crate::stack::MAX_DEPTH;

use super::ast::File;

/// `A`…`Z`, then `A1`…`Z1`, `A2`…: the inner nodes' names in preorder.
pub fn node_name(i: usize) -> String {
    let letter = (b'A' + (i % 26) as u8) as char;
    if i < 26 { letter.to_string() } else { format!("{letter}{}", i / 26) }
}

/// A name or label as the text form writes it: bare when it is an ASCII
/// identifier, else a quoted string.
pub fn word(text: &str) -> String {
    let mut chars = text.chars();
    let bare = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if bare {
        return text.to_string();
    }
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            _ => out.push(c),
        }
    }
    out + "\""
}

/// The tree of a nested list, as spec text.
pub fn to_spec(text: &str) -> Result<String, Diagnostic> {
    let tokens = tokens(text)?;
    let syntax = |expected: &[&str], at: Span| {
        let found = if at.start >= text.len() {
            "the end of the input".to_string()
        } else {
            format!("`{}`", &text[at.start..at.end])
        };
        let expected = expected.iter().map(|s| s.to_string()).collect();
        Diagnostic::new(DiagnosticKind::Syntax { expected, found }, at)
    };
    let end = Span::new(text.len(), text.len());
    let mut out = String::new();
    let mut names = 0;
    // Open lists: where each began, and how many children it has so far.
    let mut open: Vec<(Span, usize)> = Vec::new();
    let mut i = 0;
    match tokens.first() {
        Some(Token::Open(_)) => {}
        Some(t) => return Err(syntax(&["`[`"], t.span())),
        None => return Err(syntax(&["`[`"], end)),
    }
    while i < tokens.len() {
        let token = &tokens[i];
        i += 1;
        if open.is_empty() && !out.is_empty() {
            return Err(syntax(&["the end of the input"], token.span()));
        }
        match token {
            Token::Open(span) => {
                if open.len() >= MAX_DEPTH {
                    return Err(Diagnostic::new(DiagnosticKind::TooDeep { limit: MAX_DEPTH }, *span));
                }
                if let Some((_, n)) = open.last_mut() {
                    *n += 1;
                }
                let kind = if open.len().is_multiple_of(2) { "MAX" } else { "MIN" };
                out += &format!("{}{kind} {} {{\n", "  ".repeat(open.len()), node_name(names));
                names += 1;
                open.push((*span, 0));
            }
            Token::Close(span) => {
                let Some((start, n)) = open.pop() else { return Err(syntax(&["the end of the input"], *span)) };
                if n == 0 {
                    return Err(Diagnostic::new(DiagnosticKind::NoChildren, start.to(*span)));
                }
                out += &format!("{}}}\n", "  ".repeat(open.len()));
            }
            Token::Number(span) => {
                let Some((_, n)) = open.last_mut() else { return Err(syntax(&["the end of the input"], *span)) };
                *n += 1;
                let literal = &text[span.start..span.end];
                Num::parse(literal).map_err(|reason| {
                    Diagnostic::new(DiagnosticKind::BadNumber { text: literal.to_string(), reason }, *span)
                })?;
                out += &format!("{}{literal}\n", "  ".repeat(open.len()));
            }
            Token::Comma(span) => return Err(syntax(&["`[`", "a number"], *span)),
        }
        // After a child: a `,` then another child, or the list's `]`.
        if !matches!(token, Token::Open(_)) && !open.is_empty() {
            match tokens.get(i) {
                Some(Token::Comma(_)) => {
                    i += 1;
                    if let Some(t @ Token::Comma(_)) = tokens.get(i) {
                        return Err(syntax(&["`[`", "a number", "`]`"], t.span()));
                    }
                }
                Some(Token::Close(_)) => {}
                Some(t) => return Err(syntax(&["`,`", "`]`"], t.span())),
                None => return Err(syntax(&["`,`", "`]`"], end)),
            }
        }
    }
    if !open.is_empty() {
        return Err(syntax(&["`,`", "`]`"], end));
    }
    Ok(out)
}

/// The ast of a nested list: the same as the text form's for the same tree.
pub fn read(text: &str) -> Result<File, Vec<Diagnostic>> {
    let spec = to_spec(text).map_err(|d| vec![d])?;
    super::parse::parse(&spec)
}

enum Token {
    Open(Span),
    Close(Span),
    Comma(Span),
    Number(Span),
}

impl Token {
    fn span(&self) -> Span {
        match self {
            Token::Open(s) | Token::Close(s) | Token::Comma(s) | Token::Number(s) => *s,
        }
    }
}

/// `[`, `]`, `,` and numbers (`3`, `-2.5`, `1e3`, `1/3`), spaces between.
fn tokens(text: &str) -> Result<Vec<Token>, Diagnostic> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let one = Span::new(i, i + 1);
        match c {
            b'[' => out.push(Token::Open(one)),
            b']' => out.push(Token::Close(one)),
            b',' => out.push(Token::Comma(one)),
            c if c.is_ascii_whitespace() => {}
            c if c.is_ascii_digit() || matches!(c, b'-' | b'+' | b'.') => {
                let start = i;
                while i + 1 < bytes.len() && (bytes[i + 1].is_ascii_alphanumeric() || b"+-./".contains(&bytes[i + 1])) {
                    i += 1;
                }
                out.push(Token::Number(Span::new(start, i + 1)));
            }
            _ => {
                let width = text[i..].chars().next().map_or(1, char::len_utf8);
                let found = format!("`{}`", &text[i..i + width]);
                let expected = ["`[`", "`]`", "`,`", "a number"].iter().map(|s| s.to_string()).collect();
                return Err(Diagnostic::new(DiagnosticKind::Syntax { expected, found }, Span::new(i, i + width)));
            }
        }
        i += 1;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_aima_figure_reads_as_max_over_three_mins() {
        let spec = to_spec("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]").unwrap();
        assert_eq!(
            spec,
            "MAX A {\n  MIN B {\n    3\n    12\n    8\n  }\n  MIN C {\n    2\n    4\n    6\n  }\n  MIN D {\n    14\n    5\n    2\n  }\n}\n"
        );
    }

    #[test]
    fn names_and_words() {
        assert_eq!([node_name(0), node_name(25), node_name(26), node_name(53)], ["A", "Z", "A1", "B2"]);
        assert_eq!(
            [word("b1"), word("min Right"), word("1a"), word("q\"")],
            ["b1", "\"min Right\"", "\"1a\"", "\"q\\\"\""]
        );
    }
}
