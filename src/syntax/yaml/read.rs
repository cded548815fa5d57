//! Reading the YAML form: `Deserialize` for this module's `Yaml*` types.
//! Checks run inside the visitors, so that serde_yaml_ng puts its location
//! (the mapping, list or scalar at fault) on every error.

use super::*;

/// The top-level keys.
#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum FileKey {
    Title,
    Bounds,
    Players,
    Sum,
    Tree,
    Expect,
    Rubric,
}

impl<'de> Deserialize<'de> for YamlFile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(FileVisitor)
    }
}

struct FileVisitor;

impl<'de> Visitor<'de> for FileVisitor {
    type Value = YamlFile;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a mapping with `tree` (and `title`, `bounds`, `players`, `sum`, `expect`, `rubric`)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<YamlFile, A::Error> {
        let (mut headers, mut tree, mut expect, mut rubric) = (Vec::new(), None, None, None);
        while let Some(key) = map.next_key()? {
            match key {
                FileKey::Title => headers.push(YamlHeader::Title(map.next_value()?)),
                FileKey::Bounds => headers.push(YamlHeader::Bounds(map.next_value()?)),
                FileKey::Players => headers.push(YamlHeader::Players(map.next_value()?)),
                FileKey::Sum => headers.push(YamlHeader::Sum(map.next_value()?)),
                FileKey::Tree if tree.is_some() => return Err(de::Error::duplicate_field("tree")),
                FileKey::Tree => tree = Some(map.next_value_seed(NodeVisitor { root: true })?),
                FileKey::Expect if expect.is_some() => return Err(de::Error::duplicate_field("expect")),
                FileKey::Expect => expect = Some(map.next_value()?),
                FileKey::Rubric if rubric.is_some() => return Err(de::Error::duplicate_field("rubric")),
                FileKey::Rubric => rubric = Some(map.next_value()?),
            }
        }
        let tree = tree.ok_or_else(|| de::Error::missing_field("tree"))?;
        Ok(YamlFile { headers, tree, expect: expect.unwrap_or_default(), rubric })
    }
}

/// The keys of a node mapping.
#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum NodeKey {
    Edge,
    Prob,
    Kind,
    Name,
    Eval,
    Key,
    Noisy,
    Children,
    Value,
    Ref,
}

impl<'de> Deserialize<'de> for YamlNode {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        NodeVisitor { root: false }.deserialize(d)
    }
}

/// Reads one node mapping; the root may not have `edge`, `prob`, `value`
/// or `ref`.
struct NodeVisitor {
    root: bool,
}

impl<'de> DeserializeSeed<'de> for NodeVisitor {
    type Value = YamlNode;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<YamlNode, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for NodeVisitor {
    type Value = YamlNode;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a node: a mapping with `kind` and `children`, or `value`, or `ref`")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<YamlNode, A::Error> {
        fn set<T, E: de::Error>(slot: &mut Option<T>, value: T, key: &'static str) -> Result<(), E> {
            match slot.replace(value) {
                Some(_) => Err(E::duplicate_field(key)),
                None => Ok(()),
            }
        }
        let mut node = YamlNode::default();
        while let Some(key) = map.next_key()? {
            match key {
                NodeKey::Edge => set(&mut node.edge, map.next_value()?, "edge")?,
                NodeKey::Prob => set(&mut node.prob, map.next_value()?, "prob")?,
                NodeKey::Kind => set(&mut node.kind, map.next_value()?, "kind")?,
                NodeKey::Name => set(&mut node.name, map.next_value()?, "name")?,
                NodeKey::Eval => node.attrs.push(("eval".to_string(), map.next_value()?)),
                NodeKey::Key => node.attrs.push(("key".to_string(), map.next_value()?)),
                NodeKey::Noisy => node.attrs.push(("noisy".to_string(), map.next_value()?)),
                NodeKey::Children => set(&mut node.children, map.next_value()?, "children")?,
                NodeKey::Value => set(&mut node.value, map.next_value()?, "value")?,
                NodeKey::Ref => set(&mut node.reference, map.next_value()?, "ref")?,
            }
        }
        node.check(self.root).map_err(de::Error::custom)?;
        Ok(node)
    }
}

impl YamlNode {
    /// Exactly one shape: inner (`kind` + `children`), leaf, transposition.
    pub(super) fn check(&self, root: bool) -> Result<(), &'static str> {
        let inner = self.kind.is_some() || self.children.is_some() || !self.attrs.is_empty();
        match (inner, &self.value, &self.reference) {
            (_, Some(_), Some(_)) => Err("a node has `value` (a leaf) or `ref` (a transposition), not both"),
            (true, Some(_), None) => Err("a leaf (`value`) has no `kind`, `children`, `eval`, `key` or `noisy`"),
            (true, None, Some(_)) => Err("a transposition (`ref`) has no `kind`, `children`, `eval`, `key` or `noisy`"),
            (false, None, Some(_)) if self.name.is_some() => {
                Err("a transposition (`ref`) has no `name`: it is the node it refers to")
            }
            (false, None, None) => {
                Err("a node needs `kind` and `children` (an inner node), `value` (a leaf) or `ref` (a transposition)")
            }
            (true, None, None) if self.kind.is_none() => {
                Err("this inner node needs a `kind` (MAX, MIN, CHANCE or a player)")
            }
            (true, None, None) if self.children.is_none() => Err("this inner node needs `children` (a list of nodes)"),
            _ if root && (self.value.is_some() || self.reference.is_some()) => {
                Err("the `tree` must be an inner node, with `kind` and `children`")
            }
            _ if root && (self.edge.is_some() || self.prob.is_some()) => {
                Err("the `tree` (the root) has no `edge` or `prob`")
            }
            _ => Ok(()),
        }
    }
}

/// The keys of an `expect` entry.
#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum ExpectKey {
    Algorithm,
    Options,
    Value,
    Best,
    Pv,
    Values,
    Pruned,
    Visited,
    Leaves,
    Stats,
    #[serde(rename = "visited-set")]
    VisitedSet,
    Windows,
    #[serde(rename = "negamax-values")]
    NegamaxValues,
}

impl<'de> Deserialize<'de> for YamlExpect {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(ExpectVisitor)
    }
}

struct ExpectVisitor;

impl<'de> Visitor<'de> for ExpectVisitor {
    type Value = YamlExpect;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an `expect` entry: a mapping with `algorithm` and answers")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<YamlExpect, A::Error> {
        let (mut algorithm, mut options, mut items) = (None, None, Vec::new());
        while let Some(key) = map.next_key()? {
            let item = match key {
                ExpectKey::Algorithm if algorithm.is_some() => return Err(de::Error::duplicate_field("algorithm")),
                ExpectKey::Algorithm => {
                    algorithm = Some(map.next_value()?);
                    continue;
                }
                ExpectKey::Options if options.is_some() => return Err(de::Error::duplicate_field("options")),
                ExpectKey::Options => {
                    options = Some(map.next_value()?);
                    continue;
                }
                ExpectKey::Value => YamlItem::Value(map.next_value()?),
                ExpectKey::Best => YamlItem::Best(map.next_value()?),
                ExpectKey::Pv => YamlItem::Pv(map.next_value()?),
                ExpectKey::Values => YamlItem::Values(map.next_value()?),
                ExpectKey::Pruned => YamlItem::Pruned(map.next_value()?),
                ExpectKey::Visited => YamlItem::Visited(map.next_value()?),
                ExpectKey::Leaves => YamlItem::Leaves(map.next_value()?),
                ExpectKey::Stats => YamlItem::Stats(map.next_value()?),
                ExpectKey::VisitedSet => YamlItem::VisitedSet(map.next_value()?),
                ExpectKey::Windows => YamlItem::Windows(map.next_value()?),
                ExpectKey::NegamaxValues => YamlItem::NegamaxValues(map.next_value()?),
            };
            items.push(item);
        }
        let algorithm = algorithm.ok_or_else(|| de::Error::missing_field("algorithm"))?;
        Ok(YamlExpect { algorithm, options: options.unwrap_or(Map(Vec::new())), items })
    }
}

/// A scalar's text as written, whatever YAML would type it as.
impl<'de> Deserialize<'de> for Scalar {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Ok(if text == "true" { Scalar::Flag } else { Scalar::Text(text) })
    }
}

impl<'de> Deserialize<'de> for YamlValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = YamlValue;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a number, \"?\" or a list of numbers")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<YamlValue, E> {
        Ok(YamlValue::Scalar(v.to_string()))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<YamlValue, E> {
        Ok(YamlValue::Scalar(v.to_string()))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<YamlValue, E> {
        Ok(YamlValue::Scalar(v.to_string()))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<YamlValue, E> {
        Ok(YamlValue::Scalar(v.to_string()))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<YamlValue, E> {
        Ok(YamlValue::Scalar(v.to_string()))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<YamlValue, E> {
        Ok(YamlValue::Scalar(serde_yaml_ng::Number::from(v).to_string()))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<YamlValue, A::Error> {
        SeqVisitor::<Num, 1>(PhantomData).visit_seq(seq).map(YamlValue::Vector)
    }
}

impl<'de> Deserialize<'de> for Ref {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(RefVisitor)
    }
}

struct RefVisitor;

impl<'de> Visitor<'de> for RefVisitor {
    type Value = Ref;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a node reference such as `C`, `C.2`, `2.3` or `root`")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Ref, E> {
        Ref::parse(v).map_err(E::custom)
    }
}

impl<'de> Deserialize<'de> for OneOrMore {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(OneOrMoreVisitor)
    }
}

struct OneOrMoreVisitor;

impl<'de> Visitor<'de> for OneOrMoreVisitor {
    type Value = OneOrMore;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a node reference or a list of them")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<OneOrMore, E> {
        Ref::parse(v).map(|r| OneOrMore(vec![r])).map_err(E::custom)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<OneOrMore, E> {
        self.visit_str(&v.to_string())
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<OneOrMore, E> {
        Err(E::custom("YAML reads this path as a number: quote it, as in \"1.10\""))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<OneOrMore, A::Error> {
        SeqVisitor::<Ref, 1>(PhantomData).visit_seq(seq).map(|refs| OneOrMore(refs.0))
    }
}

impl<'de, T: Deserialize<'de>, const MIN: usize> Deserialize<'de> for Seq<T, MIN> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(SeqVisitor(PhantomData))
    }
}

struct SeqVisitor<T, const MIN: usize>(PhantomData<T>);

impl<'de, T: Deserialize<'de>, const MIN: usize> Visitor<'de> for SeqVisitor<T, MIN> {
    type Value = Seq<T, MIN>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match MIN {
            0 => f.write_str("a list"),
            _ => f.write_str("a list that is not empty"),
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Seq<T, MIN>, A::Error> {
        let mut out = Vec::new();
        while let Some(element) = seq.next_element()? {
            out.push(element);
        }
        if out.len() < MIN {
            return Err(de::Error::invalid_length(out.len(), &self));
        }
        Ok(Seq(out))
    }
}

impl<'de, K: Deserialize<'de>, V: Deserialize<'de>, const MIN: usize> Deserialize<'de> for Map<K, V, MIN> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(MapVisitor(PhantomData))
    }
}

struct MapVisitor<K, V, const MIN: usize>(PhantomData<(K, V)>);

impl<'de, K: Deserialize<'de>, V: Deserialize<'de>, const MIN: usize> Visitor<'de> for MapVisitor<K, V, MIN> {
    type Value = Map<K, V, MIN>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match MIN {
            0 => f.write_str("a mapping"),
            _ => f.write_str("a mapping that is not empty"),
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Map<K, V, MIN>, A::Error> {
        let mut out = Vec::new();
        while let Some(entry) = map.next_entry()? {
            out.push(entry);
        }
        if out.len() < MIN {
            return Err(de::Error::invalid_length(out.len(), &self));
        }
        Ok(Map(out))
    }
}
