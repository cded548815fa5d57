//! Rubrics: how many points each answer item earns, which items an answer
//! must give, and which earn partial credit. Read from YAML
//! (`grade --rubric FILE`), resolved against the game so node references
//! are paths; every problem is a [`Diagnostic`] pointing into the rubric.
//!
//! ```yaml
//! value:   { points: 1, required: true }
//! best:    { points: 1 }
//! pruned:  { points: 2, required: true, partial: true }
//! leaves:  { points: 2, partial: true }
//! values:  { points: 1, required: [B, C, D], nodes: { C: 2 } }
//! windows: { points: 1 }
//! ```
//!
//! An item the rubric leaves out is worth 0 points (still marked right or
//! wrong). Partial credit: `pruned` loses `points / max(1, true edges)`
//! per missing or extra edge, never below 0; `leaves` earns
//! `points × (leaves right before the first divergence) / max(true
//! leaves, answered leaves)`.

use serde_yaml_ng::Value as Yaml;

use crate::check::answer::{load_yaml, locate, locate_after, scalar_text};
use crate::diagnostic::{Diagnostic, DiagnosticKind, Span};
use crate::model::{Game, Path};
use crate::syntax::ast;

/// Points and rules for every item an answer may give.
#[derive(Clone, Debug, PartialEq)]
pub struct Rubric {
    pub value: Rule,
    pub best: Rule,
    pub pruned: Rule,
    pub leaves: Rule,
    /// `values` entries, each node on its own.
    pub values: NodeRule,
    /// `windows` entries, each node on its own.
    pub windows: NodeRule,
}

/// The rule for a whole-answer item (`value`, `best`, `pruned`, `leaves`).
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    pub points: f64,
    /// A missing required item scores 0 of its points; a missing optional
    /// one is not counted at all.
    pub required: bool,
    /// Partial credit (for `pruned` and `leaves`; see the module doc).
    pub partial: bool,
}

/// The rule for per-node items (`values`, `windows`).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct NodeRule {
    /// Points for each node an answer gives (unless `nodes` says otherwise).
    pub points: f64,
    /// Nodes every answer must give.
    pub required: Vec<Path>,
    /// Points for particular nodes.
    pub nodes: Vec<(Path, f64)>,
}

impl NodeRule {
    pub fn points_for(&self, path: &Path) -> f64 {
        self.nodes.iter().find(|(p, _)| p == path).map_or(self.points, |(_, n)| *n)
    }
}

impl Default for Rubric {
    /// The rubric a course can use as it is (`examples/rubric.yaml`).
    fn default() -> Rubric {
        let rule = |points, required, partial| Rule { points, required, partial };
        Rubric {
            value: rule(1.0, true, false),
            best: rule(1.0, false, false),
            pruned: rule(2.0, true, true),
            leaves: rule(2.0, false, true),
            values: NodeRule { points: 1.0, ..NodeRule::default() },
            windows: NodeRule { points: 1.0, ..NodeRule::default() },
        }
    }
}

const ITEMS: &[&str] = &["value", "best", "pruned", "leaves", "values", "windows"];

impl Rubric {
    /// Reads a rubric file; a top-level `rubric:` key around it is allowed.
    pub fn parse(game: &Game, text: &str) -> Result<Rubric, Diagnostic> {
        let doc = load_yaml(text)?;
        let doc = match &doc {
            Yaml::Mapping(m) if m.len() == 1 && m.get("rubric").is_some() => {
                m.get("rubric").cloned().unwrap_or_default()
            }
            _ => doc,
        };
        let r = Reader { game, text };
        let Yaml::Mapping(m) = &doc else {
            return Err(r.error("a rubric is a mapping from items (`value`, `pruned`, …) to their points", ""));
        };
        let mut rubric = Rubric::empty();
        for (k, v) in m {
            let key = scalar_text(k);
            match key.as_str() {
                "value" => rubric.value = r.rule(&key, v, false)?,
                "best" => rubric.best = r.rule(&key, v, false)?,
                "pruned" => rubric.pruned = r.rule(&key, v, true)?,
                "leaves" => rubric.leaves = r.rule(&key, v, true)?,
                "values" => rubric.values = r.node_rule(&key, v)?,
                "windows" => rubric.windows = r.node_rule(&key, v)?,
                _ => {
                    return Err(
                        r.error(&format!("unknown rubric item `{key}`: expected one of {}", ITEMS.join(", ")), &key)
                    );
                }
            }
        }
        Ok(rubric)
    }
}

impl Rubric {
    /// The rubric a spec declares (`rubric { … }`, or the YAML form's
    /// `rubric:` key), its references resolved against `game`. An item the
    /// block leaves out is worth 0 points, as in a rubric file.
    pub fn from_ast(game: &Game, block: &ast::Rubric) -> Result<Rubric, Diagnostic> {
        let mut rubric = Rubric::empty();
        let mut seen: Vec<String> = Vec::new();
        for item in &block.items {
            let key = item.key.text.to_ascii_lowercase();
            if !ITEMS.contains(&key.as_str()) {
                let why = format!("unknown rubric item `{}`: expected one of {}", item.key.text, ITEMS.join(", "));
                return Err(bad(why, item.key.span));
            }
            if seen.contains(&key) {
                return Err(bad(format!("`{key}` is given twice in the rubric"), item.key.span));
            }
            seen.push(key.clone());
            match key.as_str() {
                "values" => rubric.values = node_rule(game, item)?,
                "windows" => rubric.windows = node_rule(game, item)?,
                "value" => rubric.value = whole_rule(&key, item)?,
                "best" => rubric.best = whole_rule(&key, item)?,
                "pruned" => rubric.pruned = whole_rule(&key, item)?,
                _ => rubric.leaves = whole_rule(&key, item)?,
            }
        }
        Ok(rubric)
    }

    /// The rubric the spec `text` (named `name`, the spec of `game`)
    /// declares, if any.
    pub fn declared(name: &str, text: &str, game: &Game) -> Result<Option<Rubric>, Vec<Diagnostic>> {
        if !text.contains("rubric") {
            return Ok(None); // no second parse of a big tree
        }
        let file = crate::parse_any(name, text)?;
        file.rubric.map(|r| Rubric::from_ast(game, &r)).transpose().map_err(|d| vec![d])
    }

    /// Every item worth 0 points.
    fn empty() -> Rubric {
        let zero = Rule { points: 0.0, required: false, partial: false };
        Rubric {
            value: zero.clone(),
            best: zero.clone(),
            pruned: zero.clone(),
            leaves: zero,
            values: NodeRule::default(),
            windows: NodeRule::default(),
        }
    }
}

fn bad(why: String, span: Span) -> Diagnostic {
    Diagnostic::new(DiagnosticKind::BadExpect { why }, span)
}

/// Points as written in a spec: a number, 0 or more.
fn points_of(n: &ast::Number) -> Result<f64, Diagnostic> {
    match crate::num::Num::parse(&n.text).map(|n| n.to_f64()) {
        Ok(p) if p.is_finite() && p >= 0.0 => Ok(p),
        _ => Err(bad(format!("points are a number, 0 or more; `{}` is not", n.text), n.span)),
    }
}

/// `value`, `best`, `pruned`, `leaves`: points, `required`, `partial`.
fn whole_rule(key: &str, item: &ast::RubricItem) -> Result<Rule, Diagnostic> {
    if let Some(span) = item.partial.filter(|_| !matches!(key, "pruned" | "leaves")) {
        return Err(bad(format!("`partial` applies to `pruned` and `leaves`, not `{key}`"), span));
    }
    if let Some((r, _)) = item.nodes.first() {
        return Err(bad(format!("points per node apply to `values` and `windows`, not `{key}`"), r.span));
    }
    if let Some((span, refs)) = &item.required
        && !refs.is_empty()
    {
        return Err(bad(format!("`{key}` is required or not: list nodes only for `values` and `windows`"), *span));
    }
    Ok(Rule { points: points_of(&item.points)?, required: item.required.is_some(), partial: item.partial.is_some() })
}

/// `values`, `windows`: points per node, the nodes required, nodes' own points.
fn node_rule(game: &Game, item: &ast::RubricItem) -> Result<NodeRule, Diagnostic> {
    if let Some(span) = item.partial {
        return Err(bad(format!("`partial` applies to `pruned` and `leaves`, not `{}`", item.key.text), span));
    }
    let resolve = |r: &ast::Reference| {
        game.resolve(&r.segments).map_err(|why| {
            let kind = DiagnosticKind::UnknownReference { reference: game_reference_text(r), why };
            Diagnostic::new(kind, r.span)
        })
    };
    let required = item.required.iter().flat_map(|(_, refs)| refs).map(resolve).collect::<Result<_, _>>()?;
    let nodes = item.nodes.iter().map(|(r, n)| Ok((resolve(r)?, points_of(n)?))).collect::<Result<_, Diagnostic>>()?;
    Ok(NodeRule { points: points_of(&item.points)?, required, nodes })
}

/// A reference as written, for messages.
fn game_reference_text(r: &ast::Reference) -> String {
    r.segments
        .iter()
        .map(|s| match s {
            ast::Segment::Name(n) => n.clone(),
            ast::Segment::Index(i) => i.to_string(),
        })
        .collect::<Vec<_>>()
        .join(".")
}

struct Reader<'a> {
    game: &'a Game,
    text: &'a str,
}

impl Reader<'_> {
    fn error(&self, why: &str, near: &str) -> Diagnostic {
        self.error_at(why, locate(self.text, near))
    }

    fn error_at(&self, why: &str, span: Span) -> Diagnostic {
        Diagnostic::new(DiagnosticKind::BadExpect { why: why.to_string() }, span)
    }

    /// The entries of `item: { … }`, each key checked against `keys`.
    fn entries<'y>(&self, item: &str, v: &'y Yaml, keys: &[&str]) -> Result<Vec<(String, &'y Yaml)>, Diagnostic> {
        let Yaml::Mapping(m) = v else {
            let why = format!("`{item}` is a mapping, as in `{item}: {{ points: 2, required: true }}`");
            return Err(self.error(&why, item));
        };
        let mut out = Vec::new();
        for (k, value) in m {
            let key = scalar_text(k);
            if !keys.contains(&key.as_str()) {
                let why = format!("unknown key `{key}` in `{item}`: expected one of {}", keys.join(", "));
                return Err(self.error_at(&why, locate_after(self.text, item, &key)));
            }
            out.push((key, value));
        }
        Ok(out)
    }

    fn points(&self, item: &str, key: &str, v: &Yaml) -> Result<f64, Diagnostic> {
        let text = scalar_text(v);
        match v.as_f64() {
            Some(p) if p.is_finite() && p >= 0.0 => Ok(p),
            _ => Err(self.error_at(
                &format!("points are a number, 0 or more; `{text}` is not"),
                locate_after(self.text, &format!("{item}:"), if text.is_empty() { key } else { &text }),
            )),
        }
    }

    fn flag(&self, item: &str, key: &str, v: &Yaml) -> Result<bool, Diagnostic> {
        v.as_bool().ok_or_else(|| {
            let why = format!("`{key}` is `true` or `false`, not `{}`", scalar_text(v));
            self.error_at(&why, locate_after(self.text, &format!("{item}:"), key))
        })
    }

    fn rule(&self, item: &str, v: &Yaml, partial_allowed: bool) -> Result<Rule, Diagnostic> {
        let keys: &[&str] = if partial_allowed { &["points", "required", "partial"] } else { &["points", "required"] };
        let mut rule = Rule { points: 1.0, required: false, partial: false };
        for (key, value) in self.entries(item, v, keys)? {
            match key.as_str() {
                "points" => rule.points = self.points(item, &key, value)?,
                "required" => rule.required = self.flag(item, &key, value)?,
                _ => rule.partial = self.flag(item, &key, value)?,
            }
        }
        Ok(rule)
    }

    fn node_rule(&self, item: &str, v: &Yaml) -> Result<NodeRule, Diagnostic> {
        let mut rule = NodeRule { points: 1.0, ..NodeRule::default() };
        for (key, value) in self.entries(item, v, &["points", "required", "nodes"])? {
            match key.as_str() {
                "points" => rule.points = self.points(item, &key, value)?,
                "required" => {
                    let list: Vec<&Yaml> = match value {
                        Yaml::Sequence(s) => s.iter().collect(),
                        Yaml::Bool(false) | Yaml::Null => vec![],
                        one => vec![one],
                    };
                    rule.required = list.into_iter().map(|r| self.reference(item, r)).collect::<Result<_, _>>()?;
                }
                _ => {
                    let Yaml::Mapping(m) = value else {
                        let why = format!("`nodes` maps nodes to points, as in `{item}: {{ nodes: {{ B: 2 }} }}`");
                        return Err(self.error_at(&why, locate_after(self.text, item, "nodes")));
                    };
                    for (r, p) in m {
                        rule.nodes.push((self.reference(item, r)?, self.points(item, &scalar_text(r), p)?));
                    }
                }
            }
        }
        Ok(rule)
    }

    fn reference(&self, item: &str, v: &Yaml) -> Result<Path, Diagnostic> {
        let text = scalar_text(v);
        let at = locate_after(self.text, &format!("{item}:"), &text);
        let r = crate::syntax::parse::parse_reference(&text).map_err(|mut d| {
            d.span = at;
            d
        })?;
        self.game
            .resolve(&r.segments)
            .map_err(|why| Diagnostic::new(DiagnosticKind::UnknownReference { reference: text.clone(), why }, at))
    }
}
