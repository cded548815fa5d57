//! Writing the YAML form: `Serialize` for this module's `Yaml*` types.

use super::*;

impl Serialize for YamlFile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        for header in &self.headers {
            match header {
                YamlHeader::Title(text) => map.serialize_entry("title", text)?,
                YamlHeader::Bounds(bounds) => map.serialize_entry("bounds", bounds)?,
                YamlHeader::Players(names) => map.serialize_entry("players", names)?,
                YamlHeader::Sum(value) => map.serialize_entry("sum", value)?,
            }
        }
        map.serialize_entry("tree", &self.tree)?;
        if !self.expect.is_empty() {
            map.serialize_entry("expect", &self.expect)?;
        }
        if let Some(rubric) = &self.rubric {
            map.serialize_entry("rubric", rubric)?;
        }
        map.end()
    }
}

impl Serialize for YamlNode {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        if let Some(edge) = &self.edge {
            map.serialize_entry("edge", edge)?;
        }
        if let Some(prob) = &self.prob {
            map.serialize_entry("prob", prob)?;
        }
        if let Some(kind) = &self.kind {
            map.serialize_entry("kind", kind)?;
        }
        if let Some(name) = &self.name {
            map.serialize_entry("name", name)?;
        }
        for (key, value) in &self.attrs {
            map.serialize_entry(key, value)?;
        }
        if let Some(children) = &self.children {
            map.serialize_entry("children", children)?;
        }
        if let Some(value) = &self.value {
            map.serialize_entry("value", value)?;
        }
        if let Some(target) = &self.reference {
            map.serialize_entry("ref", target)?;
        }
        map.end()
    }
}

impl Serialize for YamlExpect {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("algorithm", &self.algorithm)?;
        if !self.options.0.is_empty() {
            map.serialize_entry("options", &self.options)?;
        }
        for item in &self.items {
            match item {
                YamlItem::Value(v) => map.serialize_entry("value", v)?,
                YamlItem::Best(v) => map.serialize_entry("best", v)?,
                YamlItem::Pv(v) => map.serialize_entry("pv", v)?,
                YamlItem::Values(v) => map.serialize_entry("values", v)?,
                YamlItem::Pruned(v) => map.serialize_entry("pruned", v)?,
                YamlItem::Visited(v) => map.serialize_entry("visited", v)?,
                YamlItem::Leaves(v) => map.serialize_entry("leaves", v)?,
                YamlItem::Stats(v) => map.serialize_entry("stats", v)?,
                YamlItem::VisitedSet(v) => map.serialize_entry("visited-set", v)?,
                YamlItem::Windows(v) => map.serialize_entry("windows", v)?,
                YamlItem::NegamaxValues(v) => map.serialize_entry("negamax-values", v)?,
            }
        }
        map.end()
    }
}

/// A YAML number when YAML reads it back as the same text, else a string.
impl Serialize for Num {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match yaml_number(&self.0) {
            Some(n) => n.serialize(s),
            None => s.serialize_str(&self.0),
        }
    }
}

/// `text` as a YAML number, if YAML prints that number as `text` again.
fn yaml_number(text: &str) -> Option<serde_yaml_ng::Number> {
    let Ok(serde_yaml_ng::Value::Number(n)) = serde_yaml_ng::from_str(text) else { return None };
    let printed = serde_yaml_ng::to_string(&n).ok()?;
    (n.to_string() == text && printed.trim_end() == text).then_some(n)
}

impl Serialize for Scalar {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Scalar::Flag => s.serialize_bool(true),
            Scalar::Text(text) => Num(text.clone()).serialize(s),
        }
    }
}

impl Serialize for YamlValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            YamlValue::Scalar(text) => Num(text.clone()).serialize(s),
            YamlValue::Vector(numbers) => numbers.serialize(s),
        }
    }
}

impl Serialize for Ref {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text())
    }
}

impl Serialize for OneOrMore {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0.as_slice() {
            [one] => one.serialize(s),
            many => {
                let mut seq = s.serialize_seq(Some(many.len()))?;
                for r in many {
                    seq.serialize_element(r)?;
                }
                seq.end()
            }
        }
    }
}

impl<T: Serialize, const MIN: usize> Serialize for Seq<T, MIN> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for element in &self.0 {
            seq.serialize_element(element)?;
        }
        seq.end()
    }
}

impl<K: Serialize, V: Serialize, const MIN: usize> Serialize for Map<K, V, MIN> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}
