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
//! leaves: [3, 12, 8, 2] # values, leaf names or quoted leaf paths ("2.1");
//!                       # under a depth cutoff, the inner nodes evaluated
//! values: { B: 3, C: ≤ 2 }   # a bound as slides write it: ≤ 2, "<= 2", ≥ 5
//! windows: { C: [3, inf], D: "(3, +∞)" }   # the (α, β) a node is entered with
//! ```
//!
//! Slide notation ([`notation`]) is read here; the leaves below a cut in
//! `pruned` are read as written and judged by the grader.
//!
//! Every problem is a [`Diagnostic`] pointing into the answer file: YAML
//! syntax errors where serde_yaml_ng locates them (they spoil the whole
//! file), and what is wrong in one answer (an unknown key or reference, a
//! node given twice in `values`) at its first occurrence within that
//! answer's entry and key. A bad answer spoils only itself ([`Entry`]).
//! Nesting too deep for the reader is refused first (as for specs:
//! [`crate::syntax::yaml`]).

use crate::check::expect::LeafExpect;
use crate::check::export::NONE;
use crate::check::notation;
use crate::diagnostic::{Diagnostic, DiagnosticKind, Span};
use crate::model::{Game, Path};
use crate::num::{Num, NumError};
use crate::search::Algorithm;
use crate::search::trace::{BoundKind, Value};
use serde_yaml_ng::Value as Yaml;

mod text;

use text::{close, find_key, find_token, regions};
pub(crate) use text::{load_yaml, locate, locate_after, scalar_text};

/// One student's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
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

/// One answer of a file, read or refused on its own: a bad entry in a list
/// or a mapping of answers costs only the student who wrote it.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// Its own `student` (or `name`), else its key in a mapping from students.
    pub student: Option<String>,
    pub answer: Result<Answer, Diagnostic>,
}

/// Reads every answer in an answer file. The error is the file's (YAML
/// syntax, no answer at all); each entry carries its own. Documents
/// separated by `---` are read one after another, as a list would be.
pub fn parse(game: &Game, text: &str) -> Result<Vec<Entry>, Diagnostic> {
    let docs = text::documents(text)?;
    if let [(doc, region)] = &docs[..] {
        return entries(game, text, doc, *region);
    }
    let mut out = Vec::new();
    for (doc, region) in &docs {
        match entries(game, text, doc, *region) {
            Ok(list) => out.extend(list),
            Err(d) => out.push(Entry { student: None, answer: Err(d) }),
        }
    }
    Ok(out)
}

/// The answers of one document, written in `region` of `text`.
fn entries(game: &Game, text: &str, doc: &Yaml, region: (usize, usize)) -> Result<Vec<Entry>, Diagnostic> {
    let whole = Reader { game, text, from: region.0, to: region.1 };
    let shape = "an answer file holds an answer (`value: …`, `pruned: […]`…), a list of them, or a mapping from students to answers";
    match doc {
        Yaml::Sequence(items) if items.is_empty() => {
            Err(whole.error(&format!("this list holds no answer: {shape}"), "["))
        }
        Yaml::Sequence(items) => Ok(items
            .iter()
            .zip(regions(text, region, items.len()))
            .map(|(a, (from, to))| {
                let r = Reader { from, to, ..whole };
                Entry { student: r.student(a), answer: r.answer(a) }
            })
            .collect()),
        Yaml::Mapping(m) if one_answer(m) => Ok(vec![Entry { student: whole.student(doc), answer: whole.answer(doc) }]),
        Yaml::Mapping(m) if !m.is_empty() => Ok(m
            .iter()
            .zip(regions(text, region, m.len()))
            .map(|((k, a), (from, to))| {
                let r = Reader { from, to, ..whole };
                Entry { student: Some(r.student(a).unwrap_or_else(|| scalar_text(k))), answer: r.answer(a) }
            })
            .collect()),
        _ => Err(whole.error(shape, "")),
    }
}

/// Whether a mapping is one answer rather than a mapping from students:
/// it has an answer's key, or a value that is not an answer (`Value: 5`
/// is a mistyped key, not a student "Value"), or an answer's key in
/// another case whose value has none of an answer's keys (`Values: {B:
/// 3}`; a student Best answers `Best: {value: 3}`).
fn one_answer(m: &serde_yaml_ng::Mapping) -> bool {
    let answer_keys = |m: &serde_yaml_ng::Mapping| m.keys().any(|k| k.as_str().is_some_and(|k| KEYS.contains(&k)));
    answer_keys(m)
        || m.iter().any(|(k, v)| match v {
            Yaml::Mapping(a) => KEYS.contains(&scalar_text(k).to_lowercase().as_str()) && !answer_keys(a),
            _ => true,
        })
}

/// Reads answers. Errors point into `text[from..to]`, the entry being
/// read (narrowed to the key being read): at the first occurrence there
/// of what is wrong, else at its start.
#[derive(Clone, Copy)]
struct Reader<'a> {
    game: &'a Game,
    text: &'a str,
    from: usize,
    to: usize,
}

impl Reader<'_> {
    /// An error pointing at `near` (see [`Reader::locate`]).
    fn error(&self, why: &str, near: &str) -> Diagnostic {
        Diagnostic::new(DiagnosticKind::BadExpect { why: why.to_string() }, self.locate(near))
    }

    /// The first occurrence of `near` in the region, as a whole token
    /// (`C` is not the C of `C.2`) if it is there as one; else the
    /// region's start.
    fn locate(&self, near: &str) -> Span {
        let region = &self.text[self.from..self.to];
        match find_token(region, near).or_else(|| region.find(near)).filter(|_| !near.is_empty()) {
            Some(i) => Span::new(self.from + i, self.from + i + near.len()),
            None => Span::new(self.from, self.from),
        }
    }

    /// The reader of what follows `key:` in the region (the region itself
    /// when the key is not written there as it reads, as with escapes).
    fn after(&self, key: &str) -> Self {
        match find_key(&self.text[self.from..self.to], key) {
            Some(i) => Reader { from: self.from + i, ..*self },
            None => *self,
        }
    }

    /// The `student` (or `name`) an answer gives, however bad the rest.
    fn student(&self, doc: &Yaml) -> Option<String> {
        let Yaml::Mapping(m) = doc else { return None };
        let (_, v) = m.iter().find(|(k, _)| matches!(k.as_str(), Some("student" | "name")))?;
        matches!(v, Yaml::String(_) | Yaml::Number(_)).then(|| scalar_text(v))
    }

    /// An answer; its `student` is read by [`Reader::student`] (here only
    /// checked to be a name).
    fn answer(&self, doc: &Yaml) -> Result<Answer, Diagnostic> {
        let Yaml::Mapping(m) = doc else {
            return Err(self.error("an answer is a mapping (`value: 3`, `pruned: [C.2]`, …)", &scalar_text(doc)));
        };
        let mut answer = Answer { algorithm: None, items: Vec::new() };
        for (k, v) in m {
            let key = scalar_text(k);
            let r = self.after(&key);
            // A key left blank (`value:` in a template) answers nothing:
            // the item is not given, so never right by accident.
            if v.is_null() && KEYS.contains(&key.as_str()) {
                continue;
            }
            match key.as_str() {
                "student" | "name" => {
                    if !matches!(v, Yaml::String(_) | Yaml::Number(_)) {
                        return Err(r.error(&format!("`{key}` is the student's name, as in `{key}: Ana`"), &key));
                    }
                }
                "algorithm" => {
                    let name = scalar_text(v);
                    let Some(a) = Algorithm::from_name(&name) else {
                        let known = Algorithm::names().join(", ");
                        return Err(r.error(&format!("unknown algorithm `{name}`: expected one of {known}"), &name));
                    };
                    answer.algorithm = Some(a);
                }
                "value" => answer.items.push(AnswerItem::Value(r.value(v)?)),
                "best" => {
                    let moves = r.references(v)?;
                    if let Some(p) = moves.iter().find(|p| p.depth() != 1) {
                        return Err(r.error(&format!("`best` names a move of the root; {p} is not one"), "best"));
                    }
                    answer.items.push(AnswerItem::Best(moves));
                }
                "pruned" => answer.items.push(AnswerItem::Pruned(r.pruned(v)?)),
                "leaves" => answer.items.push(AnswerItem::Leaves(r.leaves(v)?)),
                "values" | "windows" => {
                    let mut seen: Vec<(Path, String)> = Vec::new();
                    for (node, x) in r.mapping(v, &key)? {
                        let (at, written) = (r.after(&scalar_text(node)), scalar_text(node));
                        let path = at.reference(node)?;
                        if x.is_null() {
                            continue; // `B:` left blank
                        }
                        if let Some((_, first)) = seen.iter().find(|(p, _)| *p == path) {
                            let node = crate::analysis::describe(self.game, &path);
                            let why = format!("`{key}` gives node {node} twice: as `{first}` and as `{written}`");
                            return Err(at.error(&why, &written));
                        }
                        answer.items.push(match key.as_str() {
                            "values" => AnswerItem::NodeValue(path.clone(), at.value(x)?),
                            _ => {
                                let (a, b) = at.window(x)?;
                                AnswerItem::Window(path.clone(), a, b)
                            }
                        });
                        seen.push((path, written));
                    }
                }
                _ => {
                    let same = KEYS.iter().find(|k| k.eq_ignore_ascii_case(&key));
                    let hint = match same.or_else(|| KEYS.iter().find(|k| close(k, &key))) {
                        Some(k) => format!(" (did you mean `{k}`?)"),
                        None => String::new(),
                    };
                    let why = format!("unknown key `{key}`{hint}: expected one of {}", KEYS.join(", "));
                    return Err(r.error(&why, &key));
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

    /// A YAML list, or one text listing items as `expect` does or with
    /// commas (`pruned: C.2 C.3`, `pruned: C.2, C.3`: YAML reads either as
    /// one string), or one item.
    fn list(&self, v: &Yaml) -> Vec<Yaml> {
        match v {
            Yaml::Sequence(items) => items.clone(),
            Yaml::Null => vec![],
            Yaml::String(s) if s.trim().contains([',', ' ', '\t', '\n']) => {
                s.split([',', ' ', '\t', '\n']).filter(|x| !x.is_empty()).map(|x| Yaml::String(x.into())).collect()
            }
            one => vec![one.clone()],
        }
    }

    fn number(&self, v: &Yaml) -> Result<Num, Diagnostic> {
        self.number_text(&scalar_text(v))
    }

    /// A number as gametree prints it or slides write it (`−∞`, `infinity`).
    fn number_text(&self, text: &str) -> Result<Num, Diagnostic> {
        notation::number(text).ok_or_else(|| {
            let t = text.trim();
            let reason = Num::parse(&t.replace('\u{2212}', "-")).err().unwrap_or(NumError::Malformed);
            Diagnostic::new(DiagnosticKind::BadNumber { text: t.to_string(), reason }, self.locate(t))
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

    /// A `pruned` answer's edges: none for `none` (as the quiz exports ask
    /// it written) where no node is named so.
    fn pruned(&self, v: &Yaml) -> Result<Vec<Path>, Diagnostic> {
        match v {
            Yaml::String(s) if s.trim().eq_ignore_ascii_case(NONE) && self.reference(v).is_err() => Ok(Vec::new()),
            _ => self.references(v),
        }
    }

    fn references(&self, v: &Yaml) -> Result<Vec<Path>, Diagnostic> {
        self.list(v).iter().map(|r| self.reference(r)).collect()
    }

    /// Leaf values (YAML numbers, `"3"`), leaf names, or leaf paths
    /// (quoted: `"2.1"`, `C.1`): a quoted text that names a node is that
    /// node. Inner nodes count, for the nodes a depth cutoff evaluates
    /// (and a quoted `"1.1"` that names one is never read as 1.1).
    fn leaves(&self, v: &Yaml) -> Result<Vec<LeafExpect>, Diagnostic> {
        let mut out = Vec::new();
        for item in &self.list(v) {
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

    /// A node's name, or a reference (`2.1`, `C.1`) to a node; a bare
    /// integer (`"3"`) is a value, never a path.
    fn leaf_reference(&self, text: &str) -> Option<LeafExpect> {
        if self.game.names().get(text).is_some() {
            return Some(LeafExpect::Name(text.to_string()));
        }
        if text.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let r = crate::syntax::parse::parse_reference(text).ok()?;
        let path = self.game.resolve(&r.segments).ok()?;
        Some(LeafExpect::Path(path))
    }
}
