//! `expect` blocks between the ast and the YAML form: `YamlExpect` and
//! `YamlItem` from the ast (for writing) and back (with spans located in
//! the YAML text, for diagnostics).

use super::*;

impl YamlExpect {
    pub(super) fn from_ast(expect: &Expect) -> YamlExpect {
        let options = expect
            .options
            .iter()
            .map(|o| (o.key.text.clone(), o.value.as_ref().map_or(Scalar::Flag, |v| Scalar::Text(v.text.clone()))))
            .collect();
        let refs = |refs: &[Reference]| refs.iter().map(Ref::of).collect();
        let items = expect
            .items
            .iter()
            .map(|item| match item {
                ExpectItem::Value { value, .. } => YamlItem::Value(YamlValue::of(value)),
                ExpectItem::Best { moves, .. } => YamlItem::Best(OneOrMore(refs(moves))),
                ExpectItem::Pv { refs: r, .. } => YamlItem::Pv(Seq(refs(r))),
                ExpectItem::Values { pairs, .. } => {
                    YamlItem::Values(Map(pairs.iter().map(|(r, v)| (Ref::of(r), YamlValue::of(v))).collect()))
                }
                ExpectItem::Pruned { refs: r, .. } => YamlItem::Pruned(Seq(refs(r))),
                ExpectItem::Visited { refs: r, .. } => YamlItem::Visited(Seq(refs(r))),
                ExpectItem::Leaves { leaves, .. } => YamlItem::Leaves(Seq(leaves
                    .iter()
                    .map(|l| match l {
                        LeafRef::Value(n) => Num::of(n),
                        LeafRef::Name(name) => Num(name.text.clone()),
                    })
                    .collect())),
                ExpectItem::Stats { pairs, .. } => {
                    YamlItem::Stats(Map(pairs.iter().map(|(k, v)| (k.text.clone(), Num::of(v))).collect()))
                }
                ExpectItem::VisitedSet { refs: r, .. } => YamlItem::VisitedSet(Seq(refs(r))),
                ExpectItem::Windows { pairs, .. } => YamlItem::Windows(Map(pairs
                    .iter()
                    .map(|(r, w)| (Ref::of(r), Seq(w.bounds.iter().map(Num::of).collect())))
                    .collect())),
                ExpectItem::NegamaxValues { pairs, .. } => {
                    YamlItem::NegamaxValues(Map(pairs.iter().map(|(r, v)| (Ref::of(r), Num::of(v))).collect()))
                }
            })
            .collect();
        YamlExpect { algorithm: expect.algorithm.text.clone(), options: Map(options), items }
    }
}

impl YamlExpect {
    pub(super) fn into_ast(self, at: Place) -> Expect {
        let span = at.entry_span("algorithm", 0);
        let algorithm = Ident { text: self.algorithm, span: at.value("algorithm", 0).span() };
        let place = at.value("options", 0);
        let options = self.options.0.into_iter().enumerate();
        let options = options
            .map(|(i, (key, value))| {
                let (key_span, value_place) = place.pair(i);
                let value = match value {
                    Scalar::Flag => None,
                    Scalar::Text(text) => Some(Ident { text, span: value_place.span() }),
                };
                let span = key_span.to(value_place.span());
                ExpectOption { key: Ident { text: key, span: key_span }, value, span }
            })
            .collect();
        let mut seen = Seen::default();
        let items = self.items.into_iter().map(|item| item.into_ast(at, &mut seen)).collect();
        Expect { algorithm, options, items, span }
    }
}

impl YamlItem {
    fn into_ast(self, expect: Place, seen: &mut Seen) -> ExpectItem {
        let nth = seen.next(self.key());
        let (span, at) = (expect.entry_span(self.key(), nth), expect.value(self.key(), nth));
        let refs = |refs: Vec<Ref>| refs.into_iter().enumerate().map(|(i, r)| r.at(at.item(i).span())).collect();
        match self {
            YamlItem::Value(value) => ExpectItem::Value { value: value.into_lit(at), span },
            YamlItem::Best(moves) => ExpectItem::Best { moves: refs(moves.0), span },
            YamlItem::Pv(r) => ExpectItem::Pv { refs: refs(r.0), span },
            YamlItem::Values(pairs) => {
                let pairs = pairs.0.into_iter().enumerate().map(|(i, (r, v))| {
                    let (key, value) = at.pair(i);
                    (r.at(key), v.into_lit(value))
                });
                ExpectItem::Values { pairs: pairs.collect(), span }
            }
            YamlItem::Pruned(r) => ExpectItem::Pruned { refs: refs(r.0), span },
            YamlItem::Visited(r) => ExpectItem::Visited { refs: refs(r.0), span },
            YamlItem::Leaves(leaves) => {
                let leaves = leaves.0.into_iter().enumerate().map(|(i, n)| match is_number(&n.0) {
                    true => LeafRef::Value(n.at(at.item(i))),
                    false => LeafRef::Name(Ident { text: n.0, span: at.item(i).span() }),
                });
                ExpectItem::Leaves { leaves: leaves.collect(), span }
            }
            YamlItem::Stats(pairs) => {
                let pairs = pairs.0.into_iter().enumerate().map(|(i, (k, v))| {
                    let (key, value) = at.pair(i);
                    (Ident { text: k, span: key }, v.at(value))
                });
                ExpectItem::Stats { pairs: pairs.collect(), span }
            }
            YamlItem::VisitedSet(r) => ExpectItem::VisitedSet { refs: refs(r.0), span },
            YamlItem::Windows(pairs) => {
                let pairs = pairs.0.into_iter().enumerate().map(|(i, (r, w))| {
                    let (key, value) = at.pair(i);
                    let bounds = w.0.into_iter().enumerate().map(|(k, n)| n.at(value.item(k))).collect();
                    (r.at(key), WindowLit { bounds, span: value.span() })
                });
                ExpectItem::Windows { pairs: pairs.collect(), span }
            }
            YamlItem::NegamaxValues(pairs) => {
                let pairs = pairs.0.into_iter().enumerate().map(|(i, (r, v))| {
                    let (key, value) = at.pair(i);
                    (r.at(key), v.at(value))
                });
                ExpectItem::NegamaxValues { pairs: pairs.collect(), span }
            }
        }
    }

    fn key(&self) -> &'static str {
        match self {
            YamlItem::Value(_) => "value",
            YamlItem::Best(_) => "best",
            YamlItem::Pv(_) => "pv",
            YamlItem::Values(_) => "values",
            YamlItem::Pruned(_) => "pruned",
            YamlItem::Visited(_) => "visited",
            YamlItem::Leaves(_) => "leaves",
            YamlItem::Stats(_) => "stats",
            YamlItem::VisitedSet(_) => "visited-set",
            YamlItem::Windows(_) => "windows",
            YamlItem::NegamaxValues(_) => "negamax-values",
        }
    }
}
