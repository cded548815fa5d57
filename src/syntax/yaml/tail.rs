//! The `expect` and `rubric` entries at the end of a YAML spec, read on
//! their own: the quick loader reads the tree before them (see
//! `model::quick`), and these few lines go through serde_yaml_ng as the
//! whole file would, with spans into the whole text.

use super::*;
use crate::syntax::ast::Rubric;

/// Reads the YAML text from byte `from` on, which must hold only the
/// top-level `expect` and `rubric` entries. Any error: the caller reads the
/// whole file the usual way, which reports it where it belongs.
pub fn from_yaml_tail(text: &str, from: usize) -> Result<(Vec<Expect>, Option<Rubric>), Vec<Diagnostic>> {
    let outside = || vec![Diagnostic::new(DiagnosticKind::Yaml { message: "past the end".into() }, Span::new(0, 0))];
    let tail = text.get(from..).ok_or_else(outside)?;
    if tail.trim().is_empty() {
        return Ok((Vec::new(), None));
    }
    check_depth(tail).map_err(|d| vec![d])?;
    let read: YamlTail = serde_yaml_ng::from_str(tail).map_err(|e| vec![yaml_error(tail, 0, &e)])?;
    let shape = locate::scan(tail).unwrap_or(locate::Shape::Scalar(Span::new(0, 0)));
    let doc = Place::new(&shape);
    let expect = doc.value("expect", 0);
    let expects = read.expect.into_iter().enumerate().map(|(i, e)| e.into_ast(expect.item(i)).shifted(from)).collect();
    Ok((expects, read.rubric.map(|r| r.into_ast(doc).shifted(from))))
}

/// The end of a YAML file: `expect` and `rubric`, each at most once.
struct YamlTail {
    expect: Vec<YamlExpect>,
    rubric: Option<rubric::YamlRubric>,
}

#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum TailKey {
    Expect,
    Rubric,
}

impl<'de> Deserialize<'de> for YamlTail {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(TailVisitor)
    }
}

struct TailVisitor;

impl<'de> Visitor<'de> for TailVisitor {
    type Value = YamlTail;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a mapping with `expect` and `rubric`")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<YamlTail, A::Error> {
        let (mut expect, mut rubric) = (None, None);
        while let Some(key) = map.next_key()? {
            match key {
                TailKey::Expect if expect.is_some() => return Err(de::Error::duplicate_field("expect")),
                TailKey::Expect => expect = Some(map.next_value()?),
                TailKey::Rubric if rubric.is_some() => return Err(de::Error::duplicate_field("rubric")),
                TailKey::Rubric => rubric = Some(map.next_value()?),
            }
        }
        Ok(YamlTail { expect: expect.unwrap_or_default(), rubric })
    }
}
