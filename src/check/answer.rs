//! Students' answer files (YAML), read into [`Answer`]s resolved against a
//! game: references become paths, values numbers.
//!
//! One file holds one answer (a mapping with the keys below), a list of
//! answers, or a mapping from student names to answers:
//!
//! ```yaml
//! student: Ana          # or `name`; default: the file name
//! algorithm: alphabeta  # optional; default: `grade -a`, else alphabeta
//! value: 3
//! best: a1              # a root move, or a list of them
//! pruned: [C.2, C.3]    # quote numeric paths: "2.10"
//! leaves: [3, 12, 8, 2] # values, leaf names or quoted leaf paths ("2.1")
//! values: { B: 3, C: ≤ 2 }   # a bound as slides write it: ≤ 2, "<= 2", ≥ 5
//! windows: { C: [3, inf], D: "(3, +∞)" }   # the (α, β) a node is entered with
//! ```
//!
//! Slide notation ([`notation`]) is read here; the leaves below a cut in
//! `pruned` are read as written and judged by the grader.
//!
//! Every problem is a [`Diagnostic`] pointing into the answer file: YAML
//! syntax errors where serde_yaml_ng locates them, unknown keys and references
//! at their first occurrence in the text. Nesting too deep for the reader is
//! refused first (as for specs: [`crate::syntax::yaml`]).

use crate::check::expect::LeafExpect;
use crate::check::notation;
use crate::diagnostic::{Diagnostic, DiagnosticKind, Span};
use crate::model::{Game, Path};
use crate::num::Num;
use crate::search::Algorithm;
use crate::search::trace::{BoundKind, Value};
use serde_yaml_ng::Value as Yaml;

/// One student's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    pub student: Option<String>,
    pub algorithm: Option<Algorithm>,
    pub items: Vec<AnswerItem>,
}

/// One thing an answer states; each is marked right or wrong.
#[derive(Clone, Debug, PartialEq)]
pub enum AnswerItem {
    Value(Claim),
    Best(Vec<Path>),
    Pruned(Vec<Path>),
    Leaves(Vec<LeafExpect>),
    /// One entry of `values`.
    NodeValue(Path, Claim),
    /// One entry of `windows`: the window the node is entered with.
    Window(Path, Num, Num),
}

/// A value as an answer states it: `3`, or a bound as slides write it
/// (`≤ 2`, `>= 5`): the search returned that value as an upper (lower)
/// bound.
#[derive(Clone, Debug, PartialEq)]
pub struct Claim {
    pub value: Value,
    /// `None` for a plain value, which matches whatever the bound.
    pub bound: Option<BoundKind>,
}

impl std::fmt::Display for Claim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.bound {
            Some(BoundKind::Upper) => write!(f, "≤ {}", self.value),
            Some(BoundKind::Lower) => write!(f, "≥ {}", self.value),
            Some(BoundKind::Exact) | None => write!(f, "{}", self.value),
        }
    }
}

const KEYS: &[&str] = &["student", "name", "algorithm", "value", "best", "pruned", "leaves", "values", "windows"];

/// Reads every answer in an answer file.
pub fn parse(game: &Game, text: &str) -> Result<Vec<Answer>, Diagnostic> {
    let doc = load_yaml(text)?;
    let r = Reader { game, text };
    match &doc {
        Yaml::Sequence(items) => items.iter().map(|a| r.answer(a, None)).collect(),
        Yaml::Mapping(m) if m.keys().any(|k| k.as_str().is_some_and(|k| KEYS.contains(&k))) => {
            Ok(vec![r.answer(&doc, None)?])
        }
        Yaml::Mapping(m) if !m.is_empty() => m.iter().map(|(k, a)| r.answer(a, Some(scalar_text(k)))).collect(),
        _ => Err(r.error("an answer file holds an answer (`value: …`, `pruned: […]`…), a list of them, or a mapping from students to answers", "")),
    }
}

/// Reads a YAML document; a syntax error points where serde_yaml_ng found it.
pub(crate) fn load_yaml(text: &str) -> Result<Yaml, Diagnostic> {
    crate::syntax::yaml::check_depth(text)?;
    serde_yaml_ng::from_str(text).map_err(|e| {
        let message = e.to_string();
        // Reader errors (a control character) come with the location 1:1
        // but " at position N" (a byte offset) in the message.
        let at = byte_position(&message).or_else(|| e.location().map(|l| l.index())).unwrap_or(0).min(text.len());
        Diagnostic::new(DiagnosticKind::Yaml { message: strip_location(&message) }, Span::new(at, at + 1))
    })
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

/// The N of " at position N" in a serde_yaml_ng message.
fn byte_position(message: &str) -> Option<usize> {
    let rest = &message[message.find(" at position ")? + " at position ".len()..];
    rest.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

struct Reader<'a> {
    game: &'a Game,
    text: &'a str,
}

impl Reader<'_> {
    /// An error pointing at the first occurrence of `near` in the text
    /// (the start of the file when it cannot be found).
    fn error(&self, why: &str, near: &str) -> Diagnostic {
        Diagnostic::new(DiagnosticKind::BadExpect { why: why.to_string() }, self.locate(near))
    }

    fn locate(&self, near: &str) -> Span {
        locate(self.text, near)
    }

    fn locate_after(&self, anchor: &str, near: &str) -> Span {
        locate_after(self.text, anchor, near)
    }

    fn answer(&self, doc: &Yaml, student: Option<String>) -> Result<Answer, Diagnostic> {
        let Yaml::Mapping(m) = doc else {
            return Err(self.error("an answer is a mapping (`value: 3`, `pruned: [C.2]`, …)", &scalar_text(doc)));
        };
        let mut answer = Answer { student, algorithm: None, items: Vec::new() };
        for (k, v) in m {
            let key = scalar_text(k);
            match key.as_str() {
                "student" | "name" => answer.student = Some(scalar_text(v)),
                "algorithm" => {
                    let name = scalar_text(v);
                    let Some(a) = Algorithm::from_name(&name) else {
                        let known = Algorithm::names().join(", ");
                        return Err(self.error(&format!("unknown algorithm `{name}`: expected one of {known}"), &name));
                    };
                    answer.algorithm = Some(a);
                }
                "value" => answer.items.push(AnswerItem::Value(self.value(v)?)),
                "best" => {
                    let moves = self.references(v)?;
                    if let Some(p) = moves.iter().find(|p| p.depth() != 1) {
                        return Err(self.error(&format!("`best` names a move of the root; {p} is not one"), "best"));
                    }
                    answer.items.push(AnswerItem::Best(moves));
                }
                "pruned" => answer.items.push(AnswerItem::Pruned(self.references(v)?)),
                "leaves" => answer.items.push(AnswerItem::Leaves(self.leaves(v)?)),
                "values" => {
                    for (r, value) in self.mapping(v, "values")? {
                        answer.items.push(AnswerItem::NodeValue(self.reference(r)?, self.value(value)?));
                    }
                }
                "windows" => {
                    for (r, w) in self.mapping(v, "windows")? {
                        let path = self.reference(r)?;
                        let (a, b) = self.window(w).map_err(|mut d| {
                            if d.span == Span::new(0, 0) {
                                d.span = self.locate_after("windows", &scalar_text(r));
                            }
                            d
                        })?;
                        answer.items.push(AnswerItem::Window(path, a, b));
                    }
                }
                _ => {
                    let why = format!("unknown key `{key}`: expected one of {}", KEYS.join(", "));
                    return Err(self.error(&why, &key));
                }
            }
        }
        Ok(answer)
    }

    fn mapping<'y>(&self, v: &'y Yaml, key: &str) -> Result<Vec<(&'y Yaml, &'y Yaml)>, Diagnostic> {
        match v {
            Yaml::Mapping(m) => Ok(m.iter().collect()),
            _ => Err(self.error(&format!("`{key}` is a mapping from nodes, as in `{key}: {{ B: 3 }}`"), key)),
        }
    }

    fn list<'y>(&self, v: &'y Yaml) -> Vec<&'y Yaml> {
        match v {
            Yaml::Sequence(items) => items.iter().collect(),
            Yaml::Null => vec![],
            one => vec![one],
        }
    }

    fn number(&self, v: &Yaml) -> Result<Num, Diagnostic> {
        self.number_text(&scalar_text(v))
    }

    /// A number as gametree prints it or slides write it (`−∞`, `infinity`).
    fn number_text(&self, text: &str) -> Result<Num, Diagnostic> {
        notation::number(text).ok_or_else(|| {
            let kind = DiagnosticKind::BadExpect { why: format!("`{}` is not a number", text.trim()) };
            Diagnostic::new(kind, self.locate(text.trim()))
        })
    }

    /// `3`, `[1, 2]` (a vector), or a bound: `≤ 4`, `<= 4`, `≥ 5`, `>= 5`.
    fn value(&self, v: &Yaml) -> Result<Claim, Diagnostic> {
        match v {
            Yaml::Sequence(items) => {
                let value = items.iter().map(|x| self.number(x)).collect::<Result<_, _>>().map(Value::Vector)?;
                Ok(Claim { value, bound: None })
            }
            _ => {
                let text = scalar_text(v);
                let (bound, rest) = notation::bound(&text);
                Ok(Claim { value: Value::Scalar(self.number_text(rest)?), bound })
            }
        }
    }

    /// `[α, β]`, or a string as printed or on slides: `(5, inf)`, `[3, +∞]`.
    fn window(&self, v: &Yaml) -> Result<(Num, Num), Diagnostic> {
        let why = "a window is `[α, β]` or `\"(α, β)\"`, as in `[3, inf]` or `\"(3, +∞)\"`";
        match v {
            Yaml::Sequence(items) if items.len() == 2 => Ok((self.number(&items[0])?, self.number(&items[1])?)),
            Yaml::String(s) => match notation::window(s) {
                Some((a, b)) => Ok((self.number_text(a)?, self.number_text(b)?)),
                None => Err(self.error(why, s)),
            },
            _ => Err(self.error(why, &scalar_text(v))),
        }
    }

    fn reference(&self, v: &Yaml) -> Result<Path, Diagnostic> {
        let text = scalar_text(v);
        let at = self.locate(&text);
        let shift = |mut d: Diagnostic| {
            d.span = if at.end > at.start { Span::new(at.start + d.span.start, at.start + d.span.end) } else { at };
            d
        };
        let r = crate::syntax::parse::parse_reference(&text).map_err(shift)?;
        self.game
            .resolve(&r.segments)
            .map_err(|why| Diagnostic::new(DiagnosticKind::UnknownReference { reference: text.clone(), why }, at))
    }

    fn references(&self, v: &Yaml) -> Result<Vec<Path>, Diagnostic> {
        self.list(v).into_iter().map(|r| self.reference(r)).collect()
    }

    /// Leaf values (YAML numbers, `"3"`), leaf names, or leaf paths
    /// (quoted: `"2.1"`, `C.1`): a quoted text with a dot or a letter that
    /// names a leaf is that leaf.
    fn leaves(&self, v: &Yaml) -> Result<Vec<LeafExpect>, Diagnostic> {
        let mut out = Vec::new();
        for item in self.list(v) {
            let text = scalar_text(item);
            if let Yaml::String(_) = item
                && let Some(leaf) = self.leaf_reference(&text)
            {
                out.push(leaf);
                continue;
            }
            if let Some(n) = notation::number(&text) {
                out.push(LeafExpect::Value(n));
                continue;
            }
            let Some(leaf) = self.leaf_reference(&text) else {
                let why = "`leaves` lists leaf values, leaf names or leaf paths".to_string();
                let kind = DiagnosticKind::UnknownReference { reference: text.clone(), why };
                return Err(Diagnostic::new(kind, self.locate(&text)));
            };
            out.push(leaf);
        }
        Ok(out)
    }

    /// A leaf's name, or a reference (`2.1`, `C.1`) to a leaf; a bare
    /// integer (`"3"`) is a value, never a path.
    fn leaf_reference(&self, text: &str) -> Option<LeafExpect> {
        let is_leaf = |p: &Path| self.game.at(p).is_some_and(|id| self.game.node(id).is_leaf());
        if self.game.names().get(text).is_some_and(is_leaf) {
            return Some(LeafExpect::Name(text.to_string()));
        }
        if text.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let r = crate::syntax::parse::parse_reference(text).ok()?;
        let path = self.game.resolve(&r.segments).ok().filter(is_leaf)?;
        Some(LeafExpect::Path(path))
    }
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
