//! `gametree check` over files and folders: every `expect` block of every
//! spec file, each file's result as text (the CLI prints it), checked on
//! every core (each thread takes the next file by index) and returned in
//! file order.
//!
//! Invariant: one bad file never stops the others; it is counted as
//! `broken` with its rendered diagnostics in `err`.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::analysis::Analysis;
use crate::check::expect::{self, Expect};
use crate::check::puzzle::{self, Domain};
use crate::check::spec::Spec;
use crate::diagnostic::{Diagnostic, Source};
use crate::model::Game;
use crate::search;

/// Steps (boxes of assignments, or partial assignments) `check` takes on
/// a puzzle spec (it only needs one solution) before giving up.
pub const PUZZLE_LIMIT: u64 = 2_000_000;

/// Every spec file (`.tree`, `.yaml`, `.yml`) under `paths`: files as
/// given, folders searched recursively, each folder's files sorted.
pub fn spec_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    files_under(paths, &["tree", "yaml", "yml"])
}

/// The files of `paths`: files as given, folders searched recursively for
/// files with one of `extensions`, each folder's in sorted order (what
/// `check DIR`, `lint DIR` and `grade SPEC FOLDER` read).
///
/// A folder is read once however it is reached: a link back to a folder
/// above it (`ln -s . loop`) or a second link to one already read adds
/// nothing (it made every answer a row about forty times over).
/// Extensions match in any case (`Ana.YAML`, from a class's uploads).
/// Hidden files and folders (`.git`, macOS's `._ana.yaml` copies) and the
/// `__MACOSX` folder a Mac puts in a zip are not read: they are never a
/// student's answer.
pub fn files_under(paths: &[PathBuf], extensions: &[&str]) -> Vec<PathBuf> {
    walk(paths, extensions).0
}

/// [`files_under`], and the other files found in the folders (not hidden),
/// sorted: what a grader should hear was not graded (`bob.txt`).
pub fn walk(paths: &[PathBuf], extensions: &[&str]) -> (Vec<PathBuf>, Vec<PathBuf>) {
    type Found = (Vec<PathBuf>, Vec<PathBuf>);
    fn collect(dir: &Path, extensions: &[&str], seen: &mut HashSet<PathBuf>, out: &mut Found) {
        if !std::fs::canonicalize(dir).is_ok_and(|real| seen.insert(real)) {
            return;
        }
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with('.') || name == "__MACOSX" {
                continue;
            }
            let path = entry.path();
            if path.is_dir() {
                collect(&path, extensions, seen, out);
            } else if path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.iter().any(|x| x.eq_ignore_ascii_case(e)))
            {
                out.0.push(path);
            } else {
                out.1.push(path);
            }
        }
    }
    let (mut out, mut other) = (Vec::new(), Vec::new());
    for p in paths {
        if p.is_dir() {
            let mut found = (Vec::new(), Vec::new());
            collect(p, extensions, &mut HashSet::new(), &mut found);
            found.0.sort();
            found.1.sort();
            out.extend(found.0);
            other.extend(found.1);
        } else {
            out.push(p.clone());
        }
    }
    (out, other)
}

/// One file's `check` result: what goes to standard output (`ok`/`FAIL`
/// lines) and to standard error (diagnostics, warnings), and the counts.
#[derive(Default, Debug)]
pub struct FileCheck {
    pub out: String,
    pub err: String,
    pub passed: usize,
    pub failed: usize,
    /// Blocks (or the file itself) that could not be checked: bad input.
    pub broken: usize,
    /// The file loaded but has no `expect` block (nor unknown leaves).
    pub no_blocks: bool,
}

/// Checks `files` on every core; the results come back in the order of
/// `files`, so the output is the same bytes on every run.
pub fn check_files(files: &[PathBuf]) -> Vec<FileCheck> {
    check_files_on(files, crate::stack::cores())
}

/// [`check_files`] on at most `threads` threads (1: serially), each with
/// room on its stack for deep trees. Each thread takes the next unchecked file by index, so one slow
/// file (a big puzzle) does not hold up a whole share of the others; each
/// result goes into its file's slot.
pub fn check_files_on(files: &[PathBuf], threads: usize) -> Vec<FileCheck> {
    crate::stack::map_in_order(files.len(), threads, |i| check_file(&files[i]))
}

/// The diagnostics with carets, and how many there were.
pub fn render(source: &Source, diagnostics: &[Diagnostic]) -> String {
    let mut out: String = diagnostics.iter().map(|d| source.render(d)).collect();
    let n = diagnostics.len();
    let _ = writeln!(out, "{n} error{} in {}", if n == 1 { "" } else { "s" }, source.name);
    out
}

/// Checks every `expect` block of one file.
pub fn check_file(path: &Path) -> FileCheck {
    let mut c = FileCheck::default();
    let name = path.display().to_string();
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) => {
            c.err = format!("error: cannot read {name}: {e}\n");
            c.broken = 1;
            return c;
        }
    };
    let (text, spec) = match crate::decode(&bytes) {
        Ok(text) => {
            let source = Source { name: &name, text };
            (text.to_string(), crate::check::spec::load(&name, text).map_err(|ds| render(&source, &ds)))
        }
        Err(d) => {
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let err = render(&Source { name: &name, text: &text }, &[d]);
            (text, Err(err))
        }
    };
    let spec = match spec {
        Ok(spec) => spec,
        Err(err) => {
            (c.err, c.broken) = (err, 1);
            return c;
        }
    };
    let (source, game) = (Source { name: &name, text: &text }, &spec.game);
    if let (Some(d), true) = (search::unknown_leaf(game), game.is_multiplayer()) {
        // Not a puzzle `check` can solve: bad input (exit 2), not a failure.
        (c.err, c.broken) = (render(&source, &[d]), 1);
        return c;
    }
    let unknowns = puzzle::unknowns(game);
    if !unknowns.is_empty() {
        match check_puzzle(&spec, &source, &mut c.out) {
            true => c.passed += 1,
            false => c.failed += 1,
        }
        return c;
    }
    if spec.expects.is_empty() {
        c.no_blocks = true;
        c.err = format!("warning: {name}: no expect blocks to check\n");
    }
    for e in &spec.expects {
        match check_one(game, &source, e, &mut c.out, &mut c.err) {
            Outcome::Passed => c.passed += 1,
            Outcome::Failed => c.failed += 1,
            Outcome::CannotRun => c.broken += 1,
        }
    }
    c
}

/// How one `expect` block fared.
enum Outcome {
    Passed,
    Failed,
    /// The spec is wrong for it (an algorithm that does not apply, a depth
    /// cutoff without `eval`): bad input, not a wrong answer.
    CannotRun,
}

/// Checks one `expect` block, writing its result to `out` (and why it
/// cannot run to `err`).
fn check_one(game: &Game, source: &Source, e: &Expect, out: &mut String, err: &mut String) -> Outcome {
    let (line, col) = source.line_col(e.span.start);
    let what = format!("expect {}", e.algorithm);
    let trace = match search::run(game, e.algorithm, &e.options) {
        Ok(t) => t,
        Err(d) => {
            let _ = writeln!(out, "ERROR {}:{line}:{col}: {what}: cannot run", source.name);
            err.push_str(&source.render(&d));
            return Outcome::CannotRun;
        }
    };
    let mismatches = expect::check(game, e, &Analysis::of(game, &trace));
    if mismatches.is_empty() {
        let _ = writeln!(out, "ok   {}:{line}:{col}: {what}", source.name);
        return Outcome::Passed;
    }
    let _ =
        writeln!(out, "FAIL {}:{line}:{col}: {what} ({})", source.name, e.options.describe(e.algorithm.uses_window()));
    for m in mismatches {
        let (l, c) = source.line_col(m.span.start);
        let _ = writeln!(out, "  {}:{l}:{c}: {}", source.name, m.field);
        let _ = writeln!(out, "    expected: {}", m.expected);
        let _ = writeln!(out, "    got:      {}", m.got);
        if let Some(d) = m.detail {
            let _ = writeln!(out, "    {d}");
        }
    }
    Outcome::Failed
}

/// `check` on a spec with unknown leaves: it passes when some assignment
/// over the declared integer bounds meets every `expect` block.
pub fn check_puzzle(spec: &Spec, source: &Source, out: &mut String) -> bool {
    let game = &spec.game;
    let at = spec.expects.first().map_or(0, |e| e.span.start);
    let (line, col) = source.line_col(at);
    let head = format!("{}:{line}:{col}: puzzle", source.name);
    let found = Domain::declared(game)
        .map_err(|_| {
            format!(
                "the spec declares no integer `bounds` to search: declare them, or run `gametree puzzle {} --domain LO..HI` (or `--values V1,V2,…`)",
                source.name
            )
        })
        .and_then(|d| puzzle::find_one(spec, &d, PUZZLE_LIMIT).map_err(|e| e.to_string()));
    match found {
        Ok(s) if !s.count.is_zero() => {
            let example = s.solutions.first().map(|v| nums(v)).unwrap_or_default();
            let _ = writeln!(
                out,
                "ok   {head}: solvable over the declared bounds, e.g. {example} (`gametree puzzle` lists every solution)"
            );
            true
        }
        Ok(_) => {
            let _ = writeln!(out, "FAIL {head}: no assignment over the declared bounds meets the expectations");
            false
        }
        Err(why) => {
            let _ = writeln!(out, "FAIL {head}: cannot solve: {why}");
            false
        }
    }
}

/// Values as a puzzle's solution is written: `5 8 6`.
pub fn nums(vs: &[crate::num::Num]) -> String {
    vs.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
}
