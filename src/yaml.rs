//! TEMPORARY STUB by the lead so the crate compiles; the YAML/printer helper replaces this whole file.
pub fn print(_: &crate::ast::File) -> String {
    String::new()
}
pub fn to_yaml(_: &crate::ast::File) -> String {
    String::new()
}
pub fn from_yaml(_: &str) -> Result<crate::ast::File, Vec<crate::diagnostic::Diagnostic>> {
    Err(vec![])
}
