//! gametree: game-tree search made teachable and checkable.
//!
//! The pipeline, text to answers:
//!
//! ```text
//! text ──parse──▶ ast ──validate──▶ Game ──algorithm──▶ Trace ──▶ Analysis / Report
//! ```
//!
//! ```
//! use gametree::{search::{self, Algorithm}, analysis::Analysis, search::options::Options};
//!
//! let spec = "MAX A { MIN B { 3 12 8 } MIN C { 2 4 6 } MIN D { 14 5 2 } }";
//! let game = gametree::load("fig5-2.tree", spec).unwrap();
//! let trace = search::run(&game, Algorithm::Alphabeta, &Options::default()).unwrap();
//! let run = Analysis::of(&game, &trace);
//! assert_eq!(run.value().unwrap().to_string(), "3");
//! let pruned: Vec<String> = run.pruned().map(|p| p.to_string()).collect();
//! assert_eq!(pruned, ["2.2", "2.3"]);
//! ```
//!
//! The library never prints and never exits; the `gametree` binary does.

pub mod analysis;
pub mod check;
pub mod diagnostic;
pub mod draw;
pub mod model;
pub mod num;
pub mod report;
pub mod search;
pub mod syntax;

use diagnostic::{Diagnostic, DiagnosticKind, Span};

/// Is this file name the YAML form (`.yaml`, `.yml`)?
pub fn is_yaml(name: &str) -> bool {
    name.ends_with(".yaml") || name.ends_with(".yml")
}

/// Parses a spec in either form, chosen by the file name.
pub fn parse_any(name: &str, text: &str) -> Result<syntax::ast::File, Vec<Diagnostic>> {
    if is_yaml(name) { syntax::yaml::from_yaml(text) } else { syntax::parse::parse(text) }
}

/// Parses and validates a spec (on a thread with a big enough stack when
/// the text nests deeply).
pub fn load(name: &str, text: &str) -> Result<model::Game, Vec<Diagnostic>> {
    if !is_yaml(name)
        && let Some(game) = model::quick::load(text)
    {
        return Ok(game);
    }
    with_stack(syntax::parse::nesting(text), || model::validate::validate(&parse_any(name, text)?))
}

/// Nesting that every stage (parse, validate, search, report, dropping the
/// trees) handles on any thread's stack, debug builds included.
pub const SHALLOW_NESTING: usize = 200;

/// Stack bytes per level of nesting, for the hungriest stage in a debug
/// build (pest and the ast builders), with room to spare.
const STACK_PER_LEVEL: usize = 16 << 10;

/// A thread stack, in bytes, that holds text nested `depth` deep (up to
/// [`syntax::parse::MAX_DEPTH`]) through every stage.
pub fn stack_size(depth: usize) -> usize {
    (1 << 20) + depth.min(syntax::parse::MAX_DEPTH).saturating_mul(STACK_PER_LEVEL)
}

/// Runs `f` where the stack holds `depth` levels of nesting: here when
/// that is shallow, else on a scoped thread with a stack sized for it (only
/// what is touched is ever committed). The recursive stages — pest, the ast
/// builders, validation, the searches, dropping the ast — need it for trees
/// nested deeper than [`SHALLOW_NESTING`]; [`syntax::parse::MAX_DEPTH`] bounds it.
/// Panics in `f` are passed on.
pub fn with_stack<T: Send>(depth: usize, f: impl FnOnce() -> T + Send) -> T {
    if depth <= SHALLOW_NESTING {
        return f();
    }
    let size = stack_size(depth);
    let mut job = Some(f);
    let done = std::thread::scope(|scope| {
        let thread = std::thread::Builder::new().stack_size(size).spawn_scoped(scope, || job.take().map(|f| f()));
        thread.ok().map(|t| t.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    });
    match (done.flatten(), job) {
        (Some(out), _) => out,
        // No thread could be made: try here (pest's own stack guard still fails cleanly).
        (None, Some(f)) => f(),
        (None, None) => unreachable!("a job that ran returned its result"),
    }
}

/// The files of `paths`: files as given, folders searched recursively for
/// files with one of `extensions`, each folder's in sorted order (what
/// `check DIR`, `lint DIR` and `grade SPEC FOLDER` read).
pub fn files_under(paths: &[std::path::PathBuf], extensions: &[&str]) -> Vec<std::path::PathBuf> {
    fn collect(dir: &std::path::Path, extensions: &[&str], out: &mut Vec<std::path::PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                collect(&path, extensions, out);
            } else if path.extension().and_then(|e| e.to_str()).is_some_and(|e| extensions.contains(&e)) {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found = Vec::new();
            collect(p, extensions, &mut found);
            found.sort();
            out.extend(found);
        } else {
            out.push(p.clone());
        }
    }
    out
}

/// The text of a file's bytes, or why it is not text.
pub fn decode(bytes: &[u8]) -> Result<&str, Diagnostic> {
    std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        let detail = format!("invalid UTF-8 at byte {at}");
        Diagnostic::new(DiagnosticKind::BinaryInput { detail }, Span::new(at, at + 1))
    })
}
