//! `gametree fmt`: the canonical layout of [`crate::syntax::print::print`], with
//! every comment carried through.
//!
//! The printer drops comments, so they are put back by position. Anchors
//! are the starts of headers, nodes, children, `expect` blocks and their
//! items; the formatted text is parsed again, and its anchors correspond
//! one to one with the original's. A comment alone on its line goes on its
//! own line(s) before the line of the first anchor after it (indented like
//! that line; blank lines between a comment group and what follows are
//! kept as one); a comment after code on its line is appended to the line
//! of the last anchor before it.
//!
//! Invariants, checked before anything is returned: the result parses to
//! the same tree, holds exactly the original comments, and formatting it
//! again changes nothing. Otherwise [`format`] refuses, so no comment and no
//! answer is ever lost.

use std::collections::BTreeMap;

use crate::syntax::ast::{self, File, Item};

/// Why a text could not be formatted.
#[derive(Debug)]
pub enum FmtError {
    /// It does not parse.
    Parse(Vec<crate::diagnostic::Diagnostic>),
    /// The result would not keep what was written (a printer limitation).
    Unsafe(String),
}

/// The canonical layout of a `.tree` text, comments kept.
pub fn format(text: &str) -> Result<String, FmtError> {
    let once = format_once(text)?;
    let twice = format_once(&once)?;
    if twice != once {
        return Err(FmtError::Unsafe("formatting is not stable on this file".into()));
    }
    Ok(once)
}

fn format_once(text: &str) -> Result<String, FmtError> {
    let file = crate::syntax::parse::parse(text).map_err(FmtError::Parse)?;
    let printed = crate::syntax::print::print(&file);
    let reparsed = crate::syntax::parse::parse(&printed)
        .map_err(|_| FmtError::Unsafe("the canonical printer wrote text that does not parse".into()))?;
    let (old, new) = (anchors(&file), anchors(&reparsed));
    if old.len() != new.len() {
        return Err(FmtError::Unsafe("the canonical printer changed the tree's shape".into()));
    }
    let comments = comments(text);
    let out = place(&printed, &comments, &old, &new, text);
    let mut want: Vec<&str> = comments.iter().map(|c| c.text.as_str()).collect();
    let kept = self::comments(&out);
    let mut got: Vec<&str> = kept.iter().map(|c| c.text.as_str()).collect();
    want.sort();
    got.sort();
    if want != got {
        return Err(FmtError::Unsafe("a comment could not be placed".into()));
    }
    Ok(out)
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

/// Where each header, node, child, expect block and item starts.
fn anchors(file: &File) -> Vec<usize> {
    let mut out = Vec::new();
    for h in &file.headers {
        out.push(match h {
            ast::Header::Title { span, .. }
            | ast::Header::Bounds { span, .. }
            | ast::Header::Players { span, .. }
            | ast::Header::Sum { span, .. } => span.start,
        });
    }
    node_anchors(&file.root, &mut out);
    for e in &file.expects {
        out.push(e.span.start);
        for item in &e.items {
            out.push(match item {
                ast::ExpectItem::Value { span, .. }
                | ast::ExpectItem::Best { span, .. }
                | ast::ExpectItem::Pv { span, .. }
                | ast::ExpectItem::Values { span, .. }
                | ast::ExpectItem::Pruned { span, .. }
                | ast::ExpectItem::Visited { span, .. }
                | ast::ExpectItem::Leaves { span, .. }
                | ast::ExpectItem::Stats { span, .. }
                | ast::ExpectItem::VisitedSet { span, .. }
                | ast::ExpectItem::Windows { span, .. }
                | ast::ExpectItem::NegamaxValues { span, .. } => span.start,
            });
        }
    }
    out
}

fn node_anchors(node: &ast::Node, out: &mut Vec<usize>) {
    out.push(node.span.start);
    for child in &node.children {
        out.push(child.span.start);
        if let Item::Node(inner) = &child.item {
            node_anchors(inner, out);
        }
    }
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count()
}

/// Is there a blank line between `a` and `b` in `text`?
fn blank_between(text: &str, a: usize, b: usize) -> bool {
    let between = &text[a.min(b)..b.min(text.len())];
    between
        .split('\n')
        .skip(1)
        .collect::<Vec<_>>()
        .split_last()
        .is_some_and(|(_, mid)| mid.iter().any(|l| l.trim().is_empty()))
}

/// Puts `comments` (from `original`) into `printed`.
fn place(printed: &str, comments: &[Comment], old: &[usize], new: &[usize], original: &str) -> String {
    let lines: Vec<&str> = printed.lines().collect();
    let mut before: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    let mut after: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    let mut tail: Vec<String> = Vec::new();
    for (k, c) in comments.iter().enumerate() {
        let prev = old.iter().rposition(|&a| a < c.start);
        if c.trailing
            && let Some(i) = prev
        {
            after.entry(line_of(printed, new[i])).or_default().push(c.text.clone());
            continue;
        }
        let Some(i) = old.iter().position(|&a| a > c.start) else {
            tail.push(c.text.clone());
            continue;
        };
        let line = line_of(printed, new[i]);
        let group = before.entry(line).or_default();
        // Keep one blank line where the original had any between this
        // comment and the next comment or anchor.
        let next = comments.get(k + 1).filter(|n| n.start < old[i] && !n.trailing).map_or(old[i], |n| n.start);
        group.push(c.text.clone());
        if blank_between(original, c.start, next) {
            group.push(String::new());
        }
    }
    // Several trailing comments for one line go above it instead, so that
    // each stays a comment of its own.
    for (line, group) in std::mem::take(&mut after) {
        if group.len() == 1 {
            after.insert(line, group);
        } else {
            before.entry(line).or_default().extend(group);
        }
    }
    let mut out = String::new();
    for (n, line) in lines.iter().enumerate() {
        if let Some(group) = before.get(&n) {
            let indent: String = line.chars().take_while(|c| *c == ' ').collect();
            for c in group {
                if c.is_empty() {
                    out.push('\n');
                } else {
                    out += &format!("{indent}{c}\n");
                }
            }
        }
        out += line;
        if let Some(trailing) = after.get(&n) {
            out += "  ";
            out += &trailing.join("  ");
        }
        out.push('\n');
    }
    if !tail.is_empty() {
        out.push('\n');
        for c in tail {
            out += &c;
            out.push('\n');
        }
    }
    out
}
