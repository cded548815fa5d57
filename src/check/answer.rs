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
//! leaves: [3, 12, 8, 2] # values or leaf names
//! values: { B: 3, C: 2 }
//! windows: { C: [3, inf] }   # the (α, β) a node is entered with
//! ```
//!
//! Every problem is a [`Diagnostic`] pointing into the answer file: YAML
//! syntax errors where serde_yaml_ng locates them, unknown keys and references
//! at their first occurrence in the text. Nesting too deep for the reader is
//! refused first (as for specs: [`crate::syntax::yaml`]).

use crate::check::expect::LeafExpect;
use crate::diagnostic::{Diagnostic, DiagnosticKind, Span};
use crate::model::{Game, Path};
use crate::num::Num;
use crate::search::Algorithm;
use crate::search::trace::Value;
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
    Value(Value),
    Best(Vec<Path>),
    Pruned(Vec<Path>),
    Leaves(Vec<LeafExpect>),
    /// One entry of `values`.
    NodeValue(Path, Value),
    /// One entry of `windows`: the window the node is entered with.
    Window(Path, Num, Num),
}

const KEYS: &[&str] = &["student", "name", "algorithm", "value", "best", "pruned", "leaves", "values", "windows"];

/// Reads every answer in an answer file.
pub fn parse(game: &Game, text: &str) -> Result<Vec<Answer>, Diagnostic> {
    crate::syntax::yaml::check_depth(text)?;
    let doc: Yaml = serde_yaml_ng::from_str(text).map_err(|e| {
        let message = e.to_string();
        // Reader errors (a control character) come with the location 1:1
        // but " at position N" (a byte offset) in the message.
        let at = byte_position(&message).or_else(|| e.location().map(|l| l.index())).unwrap_or(0).min(text.len());
        Diagnostic::new(DiagnosticKind::Yaml { message: strip_location(&message) }, Span::new(at, at + 1))
    })?;
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
        match self.text.find(near).filter(|_| !near.is_empty()) {
            Some(i) => Span::new(i, i + near.len()),
            None => Span::new(0, 0),
        }
    }

    /// The first occurrence of `near` after the first `anchor` (a key),
    /// else of `anchor`, else the start of the file.
    fn locate_after(&self, anchor: &str, near: &str) -> Span {
        let Some(from) = self.text.find(anchor) else { return Span::new(0, 0) };
        match self.text[from..].find(near).filter(|_| !near.is_empty()) {
            Some(i) => Span::new(from + i, from + i + near.len()),
            None => Span::new(from, from + anchor.len()),
        }
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
        let text = scalar_text(v);
        Num::parse(text.trim_start_matches('.')).or_else(|_| Num::parse(&text.replace(".inf", "inf"))).map_err(|_| {
            let kind = DiagnosticKind::BadExpect { why: format!("`{text}` is not a number") };
            Diagnostic::new(kind, self.locate(&text))
        })
    }

    fn value(&self, v: &Yaml) -> Result<Value, Diagnostic> {
        match v {
            Yaml::Sequence(items) => items.iter().map(|x| self.number(x)).collect::<Result<_, _>>().map(Value::Vector),
            _ => self.number(v).map(Value::Scalar),
        }
    }

    fn window(&self, v: &Yaml) -> Result<(Num, Num), Diagnostic> {
        match v {
            Yaml::Sequence(items) if items.len() == 2 => Ok((self.number(&items[0])?, self.number(&items[1])?)),
            _ => Err(self.error("a window is `[α, β]`, as in `[3, inf]`", &scalar_text(v))),
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

    fn leaves(&self, v: &Yaml) -> Result<Vec<LeafExpect>, Diagnostic> {
        let mut out = Vec::new();
        for item in self.list(v) {
            let text = scalar_text(item);
            if let Ok(n) = Num::parse(&text) {
                out.push(LeafExpect::Value(n));
                continue;
            }
            let is_leaf =
                self.game.names().get(&text).and_then(|p| self.game.at(p)).map(|id| self.game.node(id).is_leaf());
            if is_leaf != Some(true) {
                let why = "`leaves` lists leaf values or leaf names".to_string();
                let kind = DiagnosticKind::UnknownReference { reference: text.clone(), why };
                return Err(Diagnostic::new(kind, self.locate(&text)));
            }
            out.push(LeafExpect::Name(text));
        }
        Ok(out)
    }
}

/// A YAML scalar as text (`2.3`, `C.2`, `true`), or a short rendering.
fn scalar_text(v: &Yaml) -> String {
    match v {
        Yaml::String(s) => s.clone(),
        Yaml::Number(n) => n.to_string(),
        Yaml::Bool(b) => b.to_string(),
        Yaml::Null => String::new(),
        other => serde_yaml_ng::to_string(other).unwrap_or_default().trim().to_string(),
    }
}
