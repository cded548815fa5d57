//! `gametree check`: every `expect` block of every spec file, on worker
//! threads, printed in file order; specs with `?` leaves are checked as
//! puzzles (solvable over their declared bounds). Exit codes: 0 all pass,
//! 1 a mismatch, 2 a file or block that cannot be checked.

use std::path::{Path as FsPath, PathBuf};

use gametree::analysis::Analysis;
use gametree::check::expect::{self, Expect};
use gametree::check::puzzle;
use gametree::check::spec::Spec;
use gametree::diagnostic::{Diagnostic, DiagnosticKind, Source};
use gametree::model::Game;
use gametree::search;

use super::exam::{declared_domain, nums};
use super::{CheckArgs, Input, spec_files};

/// Partial assignments `check` tries on a puzzle spec, which only needs one
/// solution.
const CHECK_LIMIT: u64 = 2_000_000;

pub(super) fn check(args: &CheckArgs) -> u8 {
    let (mut passed, mut failed, mut broken) = (0, 0, 0);
    let files = spec_files(&args.paths);
    if files.is_empty() {
        let paths: Vec<String> = args.paths.iter().map(|p| p.display().to_string()).collect();
        eprintln!("error: no spec files (.tree, .yaml, .yml) in {}", paths.join(", "));
        return 2;
    }
    for c in check_files(&files) {
        print!("{}", c.out);
        eprint!("{}", c.err);
        (passed, failed, broken) = (passed + c.passed, failed + c.failed, broken + c.broken);
    }
    if broken > 0 {
        println!(
            "{broken} file{} or expect block{} could not be checked (errors above)",
            plural(broken),
            plural(broken)
        );
    }
    println!("{passed} passed, {failed} failed");
    if broken > 0 {
        2
    } else if failed > 0 {
        1
    } else {
        0
    }
}

/// One file's `check` output, made on a worker thread, printed in file order.
#[derive(Default)]
struct Checked {
    out: String,
    err: String,
    passed: usize,
    failed: usize,
    broken: usize,
}

/// Checks `files` on every core, in contiguous chunks; the results come
/// back in the order of `files`, so the output is the same on every run.
fn check_files(files: &[PathBuf]) -> Vec<Checked> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = files.len().div_ceil(cores).max(1);
    let stack = gametree::stack_size(gametree::syntax::parse::MAX_DEPTH);
    std::thread::scope(|scope| {
        let workers: Vec<_> = files
            .chunks(chunk)
            .map(|part| {
                let work = move || part.iter().map(|p| check_file(p)).collect::<Vec<_>>();
                (part, std::thread::Builder::new().stack_size(stack).spawn_scoped(scope, work))
            })
            .collect();
        let mut out = Vec::with_capacity(files.len());
        for (part, worker) in workers {
            match worker.map(|w| w.join()) {
                Ok(Ok(checked)) => out.extend(checked),
                Ok(Err(panic)) => std::panic::resume_unwind(panic),
                Err(_) => out.extend(part.iter().map(|p| check_file(p))),
            }
        }
        out
    })
}

/// Checks every `expect` block of one file.
fn check_file(path: &FsPath) -> Checked {
    let mut c = Checked::default();
    let name = path.display().to_string();
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) => {
            c.err = format!("error: cannot read {name}: {e}\n");
            c.broken = 1;
            return c;
        }
    };
    let (input, spec) = match gametree::decode(&bytes) {
        Ok(text) => {
            let input = Input { name, text: text.to_string() };
            let spec = gametree::check::spec::load(&input.name, &input.text).map_err(|ds| input.render(&ds));
            (input, spec)
        }
        Err(d) => {
            let input = Input { name, text: String::from_utf8_lossy(&bytes).into_owned() };
            let err = input.render(&[d]);
            (input, Err(err))
        }
    };
    let spec = match spec {
        Ok(spec) => spec,
        Err(err) => {
            (c.err, c.broken) = (err, 1);
            return c;
        }
    };
    let (source, game) = (Source { name: &input.name, text: &input.text }, &spec.game);
    if let (Some(&id), true) = (gametree::check::puzzle::unknowns(game).first(), game.is_multiplayer()) {
        // Not a puzzle `check` can solve: bad input (exit 2), not a failure.
        let d = Diagnostic::new(DiagnosticKind::UnknownLeaf { vector: true }, game.node(id).span());
        (c.err, c.broken) = (input.render(&[d]), 1);
        return c;
    }
    if !gametree::check::puzzle::unknowns(game).is_empty() {
        match check_puzzle(&spec, &source, &mut c.out) {
            true => c.passed += 1,
            false => c.failed += 1,
        }
        return c;
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

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
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
    use std::fmt::Write as _;
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
fn check_puzzle(spec: &Spec, source: &Source, out: &mut String) -> bool {
    use std::fmt::Write as _;
    let game = &spec.game;
    let at = spec.expects.first().map_or(0, |e| e.span.start);
    let (line, col) = source.line_col(at);
    let head = format!("{}:{line}:{col}: puzzle", source.name);
    let found = declared_domain(game)
        .map_err(|_| {
            format!(
                "the spec declares no integer `bounds` to search: declare them, or run `gametree puzzle {} --domain LO..HI` (or `--values V1,V2,…`)",
                source.name
            )
        })
        .and_then(|d| puzzle::find_one(spec, &d, CHECK_LIMIT).map_err(|e| e.to_string()));
    match found {
        Ok(s) if s.count > 0 => {
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
