//! The YAML form read both ways, for the tests that hold the quick YAML
//! loader to the full path (serde_yaml_ng, `validate`, `resolve`).

use gametree::check::spec::{self, Spec};
use gametree::diagnostic::Diagnostic;
use gametree::model::quick;

/// What the full path makes of a YAML text.
pub fn full_yaml(text: &str) -> Result<Spec, Vec<Diagnostic>> {
    spec::from_ast(&gametree::syntax::yaml::from_yaml(text)?)
}

/// Both paths agree on a YAML text; true when the quick path read it.
pub fn agree_yaml(text: &str) -> bool {
    let quick_took = quick::load_spec("t.yaml", text).is_some();
    let (a, b) = (spec::load("t.yaml", text), full_yaml(text));
    assert_eq!(a, b, "the quick and full paths differ on:\n{text}");
    quick_took && a.is_ok()
}
