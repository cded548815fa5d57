//! Resolving `expect` blocks against a validated game: the algorithm and
//! its options are known, every reference names a node that exists, every
//! number is well formed. Every problem becomes a [`Diagnostic`].

use crate::analysis::quote;
use crate::check::expect::{Expect, Fact, Item, LeafExpect, Stat};
use crate::diagnostic::{Diagnostic, DiagnosticKind as K, Span};
use crate::model::{Game, Path};
use crate::num::Num;
use crate::search::Algorithm;
use crate::search::options::Options;
use crate::search::trace::Value;
use crate::syntax::ast;

/// The spec's `expect` blocks, resolved against `game`; on failure, every problem found.
pub fn resolve(game: &Game, blocks: &[ast::Expect]) -> Result<Vec<Expect>, Vec<Diagnostic>> {
    let mut r = Resolver::default();
    let expects = blocks.iter().filter_map(|e| r.expect(game, e)).collect();
    if r.errors.is_empty() { Ok(expects) } else { Err(r.errors) }
}

#[derive(Default)]
struct Resolver {
    errors: Vec<Diagnostic>,
}

impl Resolver {
    fn error(&mut self, kind: K, span: Span) {
        self.errors.push(Diagnostic::new(kind, span));
    }

    fn num(&mut self, n: &ast::Number) -> Option<Num> {
        n.value().map_err(|d| self.errors.push(d)).ok()
    }

    fn expect(&mut self, game: &Game, e: &ast::Expect) -> Option<Expect> {
        let Some(algorithm) = Algorithm::from_name(&e.algorithm.text) else {
            let kind = K::UnknownAlgorithm { name: e.algorithm.text.clone(), known: Algorithm::names() };
            self.error(kind, e.algorithm.span);
            return None;
        };
        let mut options = Options::default();
        for o in &e.options {
            if let Err(why) = options.set(&o.key.text, o.value.as_ref().map(|v| v.text.as_str())) {
                self.error(K::BadOption { option: o.key.text.clone(), why }, o.span);
            }
        }
        let items = e.items.iter().filter_map(|item| self.expect_item(game, algorithm, item)).collect();
        Some(Expect { algorithm, options, items, span: e.span })
    }

    fn reference(&mut self, game: &Game, r: &ast::Reference) -> Option<Path> {
        match game.resolve(&r.segments) {
            Ok(p) => Some(p),
            Err(why) => {
                let reference = reference_text(r);
                // The word the quiz exports and answer files take for "nothing".
                let why = match reference.eq_ignore_ascii_case(crate::check::export::NONE) {
                    true => format!("{why}; to say nothing is pruned, write `pruned` alone"),
                    false => why,
                };
                self.error(K::UnknownReference { reference, why }, r.span);
                None
            }
        }
    }

    fn references(&mut self, game: &Game, refs: &[ast::Reference]) -> Option<Vec<Path>> {
        let resolved: Vec<Option<Path>> = refs.iter().map(|r| self.reference(game, r)).collect();
        resolved.into_iter().collect()
    }

    fn value(&mut self, v: &ast::ValueLit) -> Option<Value> {
        match v {
            ast::ValueLit::Number(n) => self.num(n).map(Value::Scalar),
            ast::ValueLit::Vector(parts, _) => {
                let nums: Vec<Option<Num>> = parts.iter().map(|p| self.num(p)).collect();
                nums.into_iter().collect::<Option<Vec<Num>>>().map(|v| Value::Vector(v.into()))
            }
        }
    }

    /// A window's bound: a number, or `inf` written as the report writes it
    /// (`+∞`, `−∞`) or as YAML does (`.inf`).
    fn bound(&mut self, n: &ast::Number) -> Option<Num> {
        let text = n.text.replace('∞', "inf").replace('−', "-").replace(".inf", "inf");
        let text = text.strip_prefix('+').unwrap_or(&text);
        self.num(&ast::Number { text: text.to_string(), span: n.span })
    }

    /// `windows C=(3, inf) …`: two bounds each, α ≤ β, each node once.
    fn windows(&mut self, game: &Game, pairs: &[(ast::Reference, ast::WindowLit)]) -> Option<Vec<(Path, Num, Num)>> {
        let mut out: Vec<(Path, Num, Num)> = Vec::new();
        for (r, w) in pairs {
            let p = self.reference(game, r)?;
            let [a, b] = &w.bounds[..] else {
                let why = format!("a window is two bounds `(α, β)`; this one has {}", w.bounds.len());
                self.error(K::BadExpect { why }, w.span);
                return None;
            };
            let (a, b) = (self.bound(a)?, self.bound(b)?);
            if a > b {
                let why = format!("a window `(α, β)` has α ≤ β; here α = {a} > β = {b}");
                self.error(K::BadExpect { why }, w.span);
                return None;
            }
            if out.iter().any(|(q, _, _)| *q == p) {
                self.error(K::BadExpect { why: format!("`windows` gives {} twice", reference_text(r)) }, r.span);
                return None;
            }
            out.push((p, a, b));
        }
        Some(out)
    }

    /// `negamax-values B=-3 …`: only for algorithms that report them.
    fn negamax_values(
        &mut self,
        game: &Game,
        algorithm: Algorithm,
        pairs: &[(ast::Reference, ast::Number)],
        span: Span,
    ) -> Option<Vec<(Path, Num)>> {
        if !algorithm.is_negamax() {
            let why = format!(
                "`negamax-values` are side-to-move values, which {} does not report (negamax, negamax-ab, negamax-tt, pvs and mtdf do)",
                algorithm.name()
            );
            self.error(K::BadExpect { why }, span);
            return None;
        }
        let mut out: Vec<(Path, Num)> = Vec::new();
        for (r, n) in pairs {
            let (p, v) = (self.reference(game, r)?, self.num(n)?);
            if out.iter().any(|(q, _)| *q == p) {
                let why = format!("`negamax-values` gives {} twice", reference_text(r));
                self.error(K::BadExpect { why }, r.span);
                return None;
            }
            out.push((p, v));
        }
        Some(out)
    }

    fn expect_item(&mut self, game: &Game, algorithm: Algorithm, item: &ast::ExpectItem) -> Option<Item> {
        use ast::ExpectItem as E;
        let (fact, span) = match item {
            E::Value { value, span } => (Fact::Value(self.value(value)?), *span),
            E::Best { moves, span } => {
                let paths = self.references(game, moves)?;
                if let Some((p, r)) = paths.iter().zip(moves).find(|(p, _)| p.depth() != 1) {
                    let why = format!("`best` names a move of the root; `{}` is {}", reference_text(r), p);
                    self.error(K::BadExpect { why }, r.span);
                    return None;
                }
                (Fact::Best(paths), *span)
            }
            E::Pv { refs, span } => (Fact::Pv(self.references(game, refs)?), *span),
            E::Pruned { refs, span } => (Fact::Pruned(self.references(game, refs)?), *span),
            E::Visited { refs, span } => (Fact::Visited(self.references(game, refs)?), *span),
            E::VisitedSet { refs, span } => (Fact::VisitedSet(self.references(game, refs)?), *span),
            E::Windows { pairs, span } => (Fact::Windows(self.windows(game, pairs)?), *span),
            E::NegamaxValues { pairs, span } => {
                (Fact::NegamaxValues(self.negamax_values(game, algorithm, pairs, *span)?), *span)
            }
            E::Values { pairs, span } => {
                let mut out: Vec<(Path, Value)> = Vec::new();
                for (r, v) in pairs {
                    let (p, v) = (self.reference(game, r)?, self.value(v)?);
                    if out.iter().any(|(q, _)| *q == p) {
                        let why = format!("`values` gives {} twice", reference_text(r));
                        self.error(K::BadExpect { why }, r.span);
                        return None;
                    }
                    out.push((p, v));
                }
                (Fact::Values(out), *span)
            }
            E::Leaves { leaves, span } => {
                let mut out = Vec::new();
                for l in leaves {
                    out.push(match l {
                        ast::LeafRef::Value(n) => LeafExpect::Value(self.num(n)?),
                        ast::LeafRef::Name(i) => {
                            let is_leaf =
                                game.names().get(&i.text).and_then(|p| game.at(p)).map(|id| game.node(id).is_leaf());
                            if is_leaf != Some(true) {
                                let why = "`leaves` lists leaf values or leaf names".to_string();
                                self.error(K::UnknownReference { reference: i.text.clone(), why }, i.span);
                                return None;
                            }
                            LeafExpect::Name(i.text.clone())
                        }
                    });
                }
                (Fact::Leaves(out), *span)
            }
            E::Stats { pairs, span } => {
                let mut out = Vec::new();
                for (k, n) in pairs {
                    let Some(stat) = Stat::from_name(&k.text) else {
                        let why = format!("unknown statistic `{}`; expected {}", k.text, Stat::NAMES.join(", "));
                        self.error(K::BadExpect { why }, k.span);
                        return None;
                    };
                    out.push((stat, self.num(n)?));
                }
                (Fact::Stats(out), *span)
            }
        };
        Some(Item { fact, span })
    }
}

/// A reference as written, for messages.
pub fn reference_text(r: &ast::Reference) -> String {
    let parts: Vec<String> = r
        .segments
        .iter()
        .map(|s| match s {
            ast::Segment::Name(n) => quote(n),
            ast::Segment::Index(i) => i.to_string(),
        })
        .collect();
    parts.join(".")
}
