//! The `rubric` key of the YAML form: a mapping from items (`value`,
//! `pruned`, …) to `{ points, required, partial, nodes }`, the same shape
//! as a `grade --rubric` file, e.g.
//! `values: { points: 1, required: [B, C], nodes: { C: 2 } }`.
//! `required` is `true`/`false` or a list of nodes; `partial` is a flag.

use super::*;
use crate::syntax::ast::{Rubric, RubricItem};

/// The items in their order.
pub(super) struct YamlRubric(Map<String, YamlRubricItem, 0>);

pub(super) struct YamlRubricItem {
    points: Num,
    required: Required,
    partial: bool,
    nodes: Map<Ref, Num, 0>,
}

/// `required: true`, `required: false` (or absent), `required: [B, C]`.
enum Required {
    No,
    Yes,
    Nodes(Vec<Ref>),
}

// ----------------------------------------------------------------- ast ↔ YAML

impl YamlRubric {
    pub(super) fn from_ast(rubric: &Rubric) -> YamlRubric {
        let items = rubric.items.iter().map(|i| {
            let required = match &i.required {
                None => Required::No,
                Some((_, refs)) if refs.is_empty() => Required::Yes,
                Some((_, refs)) => Required::Nodes(refs.iter().map(Ref::of).collect()),
            };
            let nodes = Map(i.nodes.iter().map(|(r, n)| (Ref::of(r), Num::of(n))).collect());
            let item = YamlRubricItem { points: Num::of(&i.points), required, partial: i.partial.is_some(), nodes };
            (i.key.text.clone(), item)
        });
        YamlRubric(Map(items.collect()))
    }

    /// The ast, each part at its place under the `rubric` key (`doc`).
    pub(super) fn into_ast(self, doc: Place) -> Rubric {
        let (span, at) = (doc.key("rubric", 0), doc.value("rubric", 0));
        let items = self.0.0.into_iter().enumerate().map(|(i, (key, item))| {
            let (key_span, place) = at.pair(i);
            let required_at = place.value("required", 0);
            let required = match item.required {
                Required::No => None,
                Required::Yes => Some((place.key("required", 0), Vec::new())),
                Required::Nodes(refs) => {
                    let refs = refs.into_iter().enumerate().map(|(j, r)| r.at(required_at.item(j).span()));
                    Some((place.key("required", 0), refs.collect()))
                }
            };
            let nodes_at = place.value("nodes", 0);
            let nodes = item.nodes.0.into_iter().enumerate().map(|(j, (r, n))| {
                let (k, v) = nodes_at.pair(j);
                (r.at(k), n.at(v))
            });
            RubricItem {
                key: Ident { text: key, span: key_span },
                points: item.points.at(place.value("points", 0)),
                required,
                partial: item.partial.then(|| place.key("partial", 0)),
                nodes: nodes.collect(),
                span: key_span.to(place.span()),
            }
        });
        Rubric { items: items.collect(), span }
    }
}

// ---------------------------------------------------------------- serde

impl Serialize for YamlRubric {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl Serialize for YamlRubricItem {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("points", &self.points)?;
        match &self.required {
            Required::No => {}
            Required::Yes => map.serialize_entry("required", &true)?,
            Required::Nodes(refs) => map.serialize_entry("required", refs)?,
        }
        if self.partial {
            map.serialize_entry("partial", &true)?;
        }
        if !self.nodes.0.is_empty() {
            map.serialize_entry("nodes", &self.nodes)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for YamlRubric {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Map::deserialize(d).map(YamlRubric)
    }
}

/// The keys of a rubric item.
#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum ItemKey {
    Points,
    Required,
    Partial,
    Nodes,
}

impl<'de> Deserialize<'de> for YamlRubricItem {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(ItemVisitor)
    }
}

struct ItemVisitor;

impl<'de> Visitor<'de> for ItemVisitor {
    type Value = YamlRubricItem;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a rubric item: a mapping with `points` (and `required`, `partial`, `nodes`)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<YamlRubricItem, A::Error> {
        let (mut points, mut required, mut partial, mut nodes) = (None, None, None, None);
        while let Some(key) = map.next_key()? {
            match key {
                ItemKey::Points if points.is_some() => return Err(de::Error::duplicate_field("points")),
                ItemKey::Points => points = Some(map.next_value()?),
                ItemKey::Required if required.is_some() => return Err(de::Error::duplicate_field("required")),
                ItemKey::Required => required = Some(map.next_value()?),
                ItemKey::Partial if partial.is_some() => return Err(de::Error::duplicate_field("partial")),
                ItemKey::Partial => partial = Some(map.next_value()?),
                ItemKey::Nodes if nodes.is_some() => return Err(de::Error::duplicate_field("nodes")),
                ItemKey::Nodes => nodes = Some(map.next_value()?),
            }
        }
        Ok(YamlRubricItem {
            points: points.ok_or_else(|| de::Error::missing_field("points"))?,
            required: required.unwrap_or(Required::No),
            partial: partial.unwrap_or(false),
            nodes: nodes.unwrap_or(Map(Vec::new())),
        })
    }
}

impl<'de> Deserialize<'de> for Required {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(RequiredVisitor)
    }
}

struct RequiredVisitor;

impl<'de> Visitor<'de> for RequiredVisitor {
    type Value = Required;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("`true`, `false` or a list of nodes")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Required, E> {
        Ok(if v { Required::Yes } else { Required::No })
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Required, A::Error> {
        let mut refs = Vec::new();
        while let Some(r) = seq.next_element()? {
            refs.push(r);
        }
        Ok(Required::Nodes(refs))
    }
}
