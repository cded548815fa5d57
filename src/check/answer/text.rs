//! The text of answer (and rubric) files: YAML read with its errors
//! located, where each entry of a file is written, and where a key or a
//! token is, for errors that point at what the student wrote.

use crate::diagnostic::{Diagnostic, DiagnosticKind, Span};
use crate::num::NumError;
use serde_yaml_ng::Value as Yaml;

/// Where something is written: bytes `from..to` of the text.
pub(super) type Region = (usize, usize);

/// Where each of the `n` top-level entries of a block list or mapping
/// written in `text[from..to]` starts and ends: the lines at the
/// indentation of the first one. When they are not exactly `n` (flow
/// style, `{…}` or `[…]`), every entry is searched in the whole region.
pub(super) fn regions(text: &str, (from, to): Region, n: usize) -> Vec<Region> {
    let mut starts = Vec::new();
    let mut top = None;
    let mut offset = from;
    for line in text[from..to].split_inclusive('\n') {
        let body = line.trim_start_matches(' ');
        let indent = line.len() - body.len();
        if content(body) && *top.get_or_insert(indent) == indent {
            starts.push(offset);
        }
        offset += line.len();
    }
    if starts.len() != n {
        return vec![(from, to); n];
    }
    let ends = starts.iter().skip(1).copied().chain([to]);
    starts.iter().copied().zip(ends).collect()
}

/// Whether a line (without its indentation) holds YAML content: not blank,
/// a comment, a directive or a document marker.
fn content(line: &str) -> bool {
    let line = line.trim_end();
    !(line.is_empty() || line.starts_with(['#', '%']) || marker(line).is_some() || line.starts_with("..."))
}

/// What follows a document marker `---` at the start of `line`.
fn marker(line: &str) -> Option<&str> {
    line.strip_prefix("---").filter(|rest| rest.is_empty() || rest.starts_with([' ', '\t', '\r', '\n']))
}

/// The length of a leading byte-order mark (skipped; spans count it).
fn bom(text: &str) -> usize {
    if text.starts_with('\u{FEFF}') { '\u{FEFF}'.len_utf8() } else { 0 }
}

/// Reads a YAML document (after any byte-order mark); a syntax error
/// points where serde_yaml_ng found it.
pub(crate) fn load_yaml(text: &str) -> Result<Yaml, Diagnostic> {
    crate::syntax::yaml::check_depth(text)?;
    let skip = bom(text);
    serde_yaml_ng::from_str(&text[skip..]).map_err(|e| yaml_error(text, skip, &e))
}

/// The documents of an answer file that are not empty, each with the
/// region it is written in: one (the whole text) unless `---` lines
/// separate several (answers pasted one after another).
pub(super) fn documents(text: &str) -> Result<Vec<(Yaml, Region)>, Diagnostic> {
    use serde::Deserialize;
    crate::syntax::yaml::check_depth(text)?;
    let skip = bom(text);
    let body = &text[skip..];
    let one = match serde_yaml_ng::from_str::<Yaml>(body) {
        Ok(doc) => return Ok(vec![(doc, (skip, text.len()))]),
        Err(e) => e,
    };
    if !one.to_string().contains("more than one document") {
        return Err(yaml_error(text, skip, &one));
    }
    let mut docs = Vec::new();
    for d in serde_yaml_ng::Deserializer::from_str(body) {
        docs.push(Yaml::deserialize(d).map_err(|e| yaml_error(text, skip, &e))?);
    }
    // Each `---` line starts a document; the pieces with content are the
    // documents that are not empty.
    let mut starts = vec![skip];
    let mut offset = skip;
    for line in body.split_inclusive('\n') {
        if marker(line).is_some() && offset > skip {
            starts.push(offset);
        }
        offset += line.len();
    }
    let ends = starts.iter().skip(1).copied().chain([text.len()]);
    let pieces: Vec<Region> = starts.iter().copied().zip(ends).filter(|&(a, b)| has_content(&text[a..b])).collect();
    let docs: Vec<Yaml> = docs.into_iter().filter(|d| !d.is_null()).collect();
    if docs.is_empty() {
        return Ok(vec![(Yaml::Null, (skip, text.len()))]); // no answer at all
    }
    if pieces.len() == docs.len() {
        Ok(docs.into_iter().zip(pieces).collect())
    } else {
        Ok(docs.into_iter().map(|d| (d, (skip, text.len()))).collect())
    }
}

/// Whether a document's text holds anything but comments and markers
/// (`--- value: 3` holds `value: 3`).
fn has_content(piece: &str) -> bool {
    piece.lines().any(|line| {
        let line = line.trim_start();
        match marker(line) {
            Some(rest) => !rest.trim().is_empty() && !rest.trim_start().starts_with('#'),
            None => content(line),
        }
    })
}

/// A serde_yaml_ng error in `text` (read from byte `skip` on), located.
fn yaml_error(text: &str, skip: usize, e: &serde_yaml_ng::Error) -> Diagnostic {
    let message = e.to_string();
    // Reader errors (a control character) come with the location 1:1
    // but " at position N" (a byte offset) in the message.
    let at = byte_position(&message).or_else(|| e.location().map(|l| l.index())).unwrap_or(0);
    let at = (at + skip).min(text.len());
    // An integer past 64 bits is refused by serde_yaml_ng's `Value` as
    // an "invalid type"; it is a number too large, as in a spec.
    if let Some(digits) = too_wide(&message) {
        let kind = DiagnosticKind::BadNumber { text: digits.to_string(), reason: NumError::TooLarge };
        return Diagnostic::new(kind, Span::new(at, (at + digits.len()).min(text.len())));
    }
    Diagnostic::new(DiagnosticKind::Yaml { message: strip_location(&message) }, Span::new(at, at + 1))
}

/// The first occurrence of `near` in `text` (the start when it is not there).
pub(crate) fn locate(text: &str, near: &str) -> Span {
    match text.find(near).filter(|_| !near.is_empty()) {
        Some(i) => Span::new(i, i + near.len()),
        None => Span::new(0, 0),
    }
}

/// The first occurrence of `near` after the first `anchor` (a key), else
/// of `anchor`, else the start of the text.
pub(crate) fn locate_after(text: &str, anchor: &str, near: &str) -> Span {
    let Some(from) = text.find(anchor) else { return Span::new(0, 0) };
    match text[from..].find(near).filter(|_| !near.is_empty()) {
        Some(i) => Span::new(from + i, from + i + near.len()),
        None => Span::new(from, from + anchor.len()),
    }
}

/// serde_yaml_ng appends " at line L column C" (or " at position N"); we
/// show the caret instead.
fn strip_location(message: &str) -> String {
    match message.find(" at line ").or_else(|| message.find(" at position ")) {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

/// The digits of serde_yaml_ng's "invalid type: integer `N` as u128".
fn too_wide(message: &str) -> Option<&str> {
    let rest = &message[message.find("invalid type: integer `")? + "invalid type: integer `".len()..];
    let (digits, tail) = rest.split_once('`')?;
    (tail.starts_with(" as u128") || tail.starts_with(" as i128")).then_some(digits)
}

/// The N of " at position N" in a serde_yaml_ng message.
fn byte_position(message: &str) -> Option<usize> {
    let rest = &message[message.find(" at position ")? + " at position ".len()..];
    rest.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

/// Whether `written` is `key` mistyped: in another case, or one or two
/// letters off (`Value`, `prune`, `window`, `leafs`).
pub(super) fn close(key: &str, written: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (key.chars().collect(), written.to_lowercase().chars().collect());
    // Levenshtein distance, one row at a time.
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb)).min(row[j] + 1).min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()] <= 2.min(a.len() / 2)
}

/// Where `key` is written as a key (followed by `:`) in `region`.
pub(super) fn find_key(region: &str, key: &str) -> Option<usize> {
    if key.is_empty() {
        return None;
    }
    region.match_indices(key).map(|(i, _)| i).find(|&i| {
        let before = region[..i].chars().next_back();
        let rest = region[i + key.len()..].trim_start_matches(['"', '\'']).trim_start_matches([' ', '\t']);
        before.is_none_or(|c| !c.is_alphanumeric() && c != '_' && c != '.') && rest.starts_with(':')
    })
}

/// The first occurrence of `near` in `region` not inside a longer name or
/// path.
pub(super) fn find_token(region: &str, near: &str) -> Option<usize> {
    let part = |c: char| c.is_alphanumeric() || c == '_' || c == '.';
    region.match_indices(near).map(|(i, _)| i).find(|&i| {
        let before = region[..i].chars().next_back();
        let after = region[i + near.len()..].chars().next();
        before.is_none_or(|c| !part(c)) && after.is_none_or(|c| !part(c))
    })
}

/// A YAML scalar as text (`2.3`, `C.2`, `true`), or a short rendering.
pub(crate) fn scalar_text(v: &Yaml) -> String {
    match v {
        Yaml::String(s) => s.clone(),
        Yaml::Number(n) => n.to_string(),
        Yaml::Bool(b) => b.to_string(),
        Yaml::Null => String::new(),
        other => serde_yaml_ng::to_string(other).unwrap_or_default().trim().to_string(),
    }
}
