//! From syntax to a validated [`Game`], collecting every error.
//!
//! Checks (each a [`DiagnosticKind`](crate::diagnostic::DiagnosticKind) pointing at the offending text): number
//! literals, headers given once and sane, node kinds known, names unique,
//! `&` references and expect references resolved, no cycles, probabilities
//! only under CHANCE and summing to 1 (exactly, or within 1e-9 when any is
//! written as a decimal), leaves inside `bounds` and of the game's shape,
//! attributes known, expect algorithms and options known.

use std::collections::BTreeMap;

use crate::diagnostic::{Diagnostic, DiagnosticKind as K, Span};
use crate::model::{Builder, Game, NewEdge, NodeId, NodeKind, Path};
use crate::num::Num;
use crate::syntax::ast::{self, AttrValue, Header, Item as AstItem, LeafValue};

/// Validates a parsed file; on failure, every problem found.
pub fn validate(file: &ast::File) -> Result<Game, Vec<Diagnostic>> {
    let mut v = Validator::default();
    v.headers(&file.headers);
    v.inner(&file.root, &mut Path::root());
    v.resolve_transpositions();
    if !v.errors.is_empty() {
        return Err(v.errors);
    }
    let mut game = std::mem::take(&mut v.game);
    game.set_title(v.title.take());
    game.set_bounds(v.bounds);
    game.set_players(v.players.clone());
    game.set_sum(v.sum);
    game.set_names(v.names.iter().map(|(n, (_, p, _))| (n.clone(), p.clone())).collect());
    game.build()
}

#[derive(Default)]
struct Validator {
    errors: Vec<Diagnostic>,
    title: Option<String>,
    bounds: Option<(Num, Num)>,
    players: Vec<String>,
    sum: Option<Num>,
    /// The arena being built (headers are copied in at the end).
    game: Builder,
    /// name → (node, path where written, span of the name)
    names: BTreeMap<String, (NodeId, Path, Span)>,
    /// `&B` edges: (parent, child index, B)
    transpositions: Vec<(NodeId, usize, ast::Ident)>,
}

const DANGLING: NodeId = NodeId(u32::MAX);

impl Validator {
    fn error(&mut self, kind: K, span: Span) {
        self.errors.push(Diagnostic::new(kind, span));
    }

    fn num(&mut self, n: &ast::Number) -> Option<Num> {
        n.value().map_err(|d| self.errors.push(d)).ok()
    }

    fn headers(&mut self, headers: &[Header]) {
        let mut seen: Vec<&'static str> = Vec::new();
        for h in headers {
            let (word, span) = match h {
                Header::Title { span, .. } => ("title", *span),
                Header::Bounds { span, .. } => ("bounds", *span),
                Header::Players { span, .. } => ("players", *span),
                Header::Sum { span, .. } => ("sum", *span),
            };
            if seen.contains(&word) {
                self.error(K::DuplicateHeader { header: word }, span);
                continue;
            }
            seen.push(word);
            match h {
                Header::Title { text, .. } => self.title = Some(text.clone()),
                Header::Bounds { lo, hi, span } => {
                    if let (Some(l), Some(u)) = (self.num(lo), self.num(hi)) {
                        if l > u {
                            self.error(K::EmptyBounds, *span);
                        } else {
                            self.bounds = Some((l, u));
                        }
                    }
                }
                Header::Players { names, .. } => {
                    for n in names {
                        if self.players.contains(&n.text) {
                            self.error(K::DuplicateName { name: n.text.clone() }, n.span);
                        }
                        self.players.push(n.text.clone());
                    }
                }
                Header::Sum { value, .. } => self.sum = self.num(value),
            }
        }
    }

    fn kind(&mut self, kind: &ast::Ident) -> NodeKind {
        let lower = kind.text.to_lowercase();
        if let Some(i) = self.players.iter().position(|p| *p == kind.text) {
            return NodeKind::Player(i as u16);
        }
        match lower.as_str() {
            "chance" => return NodeKind::Chance,
            "max" | "min" if !self.players.is_empty() => {
                self.error(K::TwoPlayerKindInMultiplayer { kind: kind.text.clone() }, kind.span);
            }
            "max" => return NodeKind::Max,
            "min" => return NodeKind::Min,
            _ => self.error(K::UnknownKind { kind: kind.text.clone(), players: self.players.clone() }, kind.span),
        }
        NodeKind::Max
    }

    fn alloc(&mut self, kind: NodeKind, span: Span, name: Option<&ast::Ident>, path: &Path) -> NodeId {
        let id = self.game.add_node(kind, span);
        if let Some(name) = name {
            self.game.set_name(id, name.text.clone());
            if let Some((_, _, first)) = self.names.get(&name.text) {
                let d = Diagnostic::new(K::DuplicateName { name: name.text.clone() }, name.span);
                self.errors.push(d.with_related(*first, "first used here"));
            } else {
                self.names.insert(name.text.clone(), (id, path.clone(), name.span));
            }
        }
        id
    }

    /// `path` is where `n` is written; it is restored before returning.
    fn inner(&mut self, n: &ast::Node, path: &mut Path) -> NodeId {
        let kind = self.kind(&n.kind);
        let id = self.alloc(kind, n.span, n.name.as_ref(), path);
        self.attrs(id, &n.attrs);
        if n.children.is_empty() {
            self.error(K::NoChildren, n.span);
        }
        let mut edges = Vec::with_capacity(n.children.len());
        for (i, c) in n.children.iter().enumerate() {
            path.0.push(i as u32);
            let child = match &c.item {
                AstItem::Node(inner) => self.inner(inner, path),
                AstItem::Leaf(leaf) => self.leaf(leaf, path),
                AstItem::Ref(name) => {
                    self.transpositions.push((id, i, name.clone()));
                    DANGLING
                }
            };
            path.0.pop();
            let prob = c.prob.as_ref().and_then(|p| self.num(p));
            let transposition = matches!(c.item, AstItem::Ref(_));
            let label = c.label.as_ref().map(|l| l.text.clone());
            edges.push(NewEdge { child: Some(child), label, prob, transposition });
        }
        self.probabilities(kind, n, &edges);
        self.game.set_children(id, edges);
        id
    }

    /// Reads `[eval=…, key=…, noisy]` onto node `id`.
    fn attrs(&mut self, id: NodeId, attrs: &[ast::Attr]) {
        let mut seen: Vec<&str> = Vec::new();
        for a in attrs {
            let name = a.key.text.as_str();
            let bad = |why: &str| K::BadAttribute { attr: name.to_string(), why: why.to_string() };
            if seen.contains(&name) {
                self.error(bad("given twice"), a.span);
                continue;
            }
            seen.push(name);
            match (name, &a.value) {
                ("eval", Some(AttrValue::Number(n))) => {
                    if let Some(v) = self.num(n) {
                        self.game.set_eval(id, v);
                    }
                }
                ("eval", _) => self.error(bad("needs a number, as in `[eval=5]`"), a.span),
                ("key", Some(AttrValue::Ident(i))) => self.game.set_key(id, i.text.clone()),
                ("key", Some(AttrValue::Number(n))) => self.game.set_key(id, n.text.clone()),
                ("key", None) => self.error(bad("needs a value, as in `[key=p7]`"), a.span),
                ("noisy", None) => self.game.set_noisy(id),
                ("noisy", Some(_)) => self.error(bad("takes no value: write `[noisy]`"), a.span),
                _ => self.error(bad("unknown; expected eval, key or noisy"), a.key.span),
            }
        }
    }

    fn leaf(&mut self, leaf: &ast::Leaf, path: &Path) -> NodeId {
        let id = self.alloc(NodeKind::Leaf, leaf.span, leaf.name.as_ref(), path);
        match &leaf.value {
            LeafValue::Unknown => self.game.set_unknown(id),
            LeafValue::Number(n) => {
                if !self.players.is_empty() {
                    let expected = format!("a vector of {} values, one per player", self.players.len());
                    self.error(K::LeafShape { expected }, n.span);
                }
                if let Some(v) = self.num(n) {
                    self.in_bounds(v, n.span);
                    self.game.set_scalar(id, v);
                }
            }
            LeafValue::Vector(parts) => {
                let values = self.vector(parts, leaf.span);
                self.game.set_vector(id, &values);
            }
        }
        id
    }

    fn vector(&mut self, parts: &[ast::Number], span: Span) -> Vec<Num> {
        if self.players.is_empty() {
            self.error(K::LeafShape { expected: "a number (vectors need `players`)".into() }, span);
        } else if parts.len() != self.players.len() {
            self.error(K::VectorLength { expected: self.players.len(), found: parts.len() }, span);
        }
        let values: Vec<Num> = parts.iter().map(|p| self.num(p).unwrap_or(Num::ZERO)).collect();
        for (v, p) in values.iter().zip(parts) {
            self.in_bounds(*v, p.span);
        }
        let total = Num::sum(values.iter().copied());
        if let Some(sum) = self.sum.filter(|&s| total > s) {
            self.error(K::SumExceeded { total: total.to_string(), sum: sum.to_string() }, span);
        }
        values
    }

    fn in_bounds(&mut self, v: Num, span: Span) {
        if let Some((lo, hi)) = self.bounds.filter(|&(lo, hi)| v < lo || v > hi) {
            self.error(K::OutOfBounds { value: v.to_string(), lo: lo.to_string(), hi: hi.to_string() }, span);
        }
    }

    fn probabilities(&mut self, kind: NodeKind, n: &ast::Node, edges: &[NewEdge]) {
        let written: Vec<&ast::Number> = n.children.iter().filter_map(|c| c.prob.as_ref()).collect();
        if kind != NodeKind::Chance {
            if let Some(p) = written.first() {
                self.error(K::ProbabilityOutsideChance, p.span);
            }
            return;
        }
        if written.is_empty() {
            if !self.players.is_empty() {
                self.error(K::MultiplayerChanceWithoutProbabilities, n.span);
            }
            return;
        }
        if written.len() != n.children.len() {
            self.error(K::PartialProbabilities, n.span);
            return;
        }
        for (e, w) in edges.iter().zip(&written) {
            if e.prob.is_some_and(|p| p < Num::ZERO) {
                self.error(K::NegativeProbability { value: w.text.clone() }, w.span);
            }
        }
        let Some(probs) = edges.iter().map(|e| e.prob).collect::<Option<Vec<Num>>>() else { return };
        let sum = Num::sum(probs.iter().copied());
        let decimal = written.iter().any(|w| w.text.contains(['.', 'e', 'E']));
        let ok = if decimal { (sum.to_f64() - 1.0).abs() <= 1e-9 } else { sum == Num::ONE };
        if !ok {
            self.error(K::ProbabilitySum { sum: sum.to_string() }, n.span);
        }
    }

    fn resolve_transpositions(&mut self) {
        for (parent, i, name) in std::mem::take(&mut self.transpositions) {
            match self.names.get(&name.text) {
                Some((id, _, _)) => {
                    self.game.set_child(parent, i, *id);
                    self.game.set_transposition_span(parent, i, name.span);
                }
                None => {
                    let why = "`&` must name a node written elsewhere in the tree".to_string();
                    self.error(K::UnknownReference { reference: format!("&{}", name.text), why }, name.span);
                }
            }
        }
    }
}
