//! `gametree solve`: run algorithms on a spec and print their reports —
//! a one-screen summary by default, the tables with `-a` (the first 1000
//! rows of each) or `--detail` (every row), every algorithm side by side
//! with `--all`.

use std::io::{BufWriter, Write};
use std::path::PathBuf;

use clap::Args;

use gametree::diagnostic::DiagnosticKind;
use gametree::model::Game;
use gametree::report::compare::{Comparison, ComparisonText};
use gametree::report::summary::{SummaryLine, SummaryLines};
use gametree::report::{AlgoReport, Report, Text};
use gametree::search::options::Options;
use gametree::search::{self, Algorithm};

use super::args::{self, ConventionArgs, Format};
use super::io::{Exit, Input, Output, internal};

pub const EXAMPLES: &str = "\
Examples:
  gametree solve specs/aima-fig5-2.tree
  gametree solve specs/aima-fig5-2.tree -a alphabeta --trace
  gametree solve specs/chance-1-6.tree -a expectiminimax --format json";

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The spec (`.tree`, or `.yaml`/`.yml` for the YAML form).
    file: PathBuf,
    /// Algorithms to run (repeatable); default: every one that applies,
    /// summarized one line each.
    #[arg(short, long = "algorithm", value_name = "ALGO", value_parser = args::algorithm())]
    algorithms: Vec<Algorithm>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// The full tables (every node's value and window, the cuts) even
    /// without -a, every row of them (with -a alone, a table, cut list or
    /// leaf list longer than 1000 rows shows its first 1000); JSON and
    /// YAML are always in full.
    #[arg(long)]
    detail: bool,
    /// Narrate every step, with α and β (in JSON and YAML too, as `steps`);
    /// implies --detail.
    #[arg(long)]
    trace: bool,
    /// Compare every algorithm that applies side by side (value, best move,
    /// leaves, cutoffs), flagging any disagreement in the root value.
    #[arg(long, conflicts_with_all = ["algorithms", "detail"])]
    all: bool,
    /// Write the report here instead of standard output (never over an
    /// existing file unless --force).
    #[arg(short, long)]
    output: Option<PathBuf>,
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    conventions: ConventionArgs,
}

pub fn solve(args: &SolveArgs, out: &mut dyn Write) -> Exit {
    let Some(path) = &args.output else { return report(args, out) };
    let mut text = Vec::new();
    let code = report(args, &mut text)?;
    if code == 2 {
        return Ok(2); // bad input: nothing is written
    }
    let text = String::from_utf8(text).map_err(std::io::Error::other)?;
    let written = Output { path: Some(path), input: &args.file, force: args.force }.write(out, &text)?;
    Ok(if written != 0 { written } else { code })
}

/// Runs the searches and writes the report to `out`.
fn report(args: &SolveArgs, out: &mut dyn Write) -> Exit {
    let Ok((mut input, mut game)) = Input::read_game(&args.file) else { return Ok(2) };
    let opts = args.conventions.options();
    let chosen = !args.algorithms.is_empty();
    let algorithms = if chosen { args.algorithms.clone() } else { search::applicable(&game) };
    if algorithms.is_empty() {
        // Say why at the place that makes it so (a `?` leaf, …): minimax,
        // the most general search, refuses with a diagnostic.
        match search::run(&game, search::Algorithm::Minimax, &opts) {
            Err(d) => input.report(&[d]),
            Ok(_) => eprintln!("error: no algorithm applies to {}", input.name),
        }
        return Ok(2);
    }
    if args.all {
        return compare(&input, &game, &opts, args.format, out);
    }
    if matches!(args.format, Format::Text) && !(chosen || args.detail || args.trace) {
        return summarize(&input, &game, &opts, &algorithms, out);
    }
    let mut results = Vec::new();
    let count = algorithms.len();
    for (k, a) in algorithms.into_iter().enumerate() {
        let checked = search::check(&game, a, &opts);
        if checked.is_ok() && k + 1 == count {
            // Only the checks report errors, and the last one passed: the
            // text and where each node is written are not needed again.
            input.release_text();
            game.release_spans();
        }
        let run = checked.map(|()| match args.trace {
            true => AlgoReport::narrated(&game, &search::run_checked(&game, a, &opts)),
            false => AlgoReport::run_checked(&game, a, &opts),
        });
        match run {
            Ok(report) => results.push(report),
            // Run by default, an algorithm that refuses these options is
            // skipped with a note; asked for by name, it is an error.
            Err(d) if !chosen && matches!(d.kind, DiagnosticKind::NotApplicable { .. }) && !results.is_empty() => {
                eprintln!("note: {a} skipped: {}", d.kind);
            }
            Err(d) => {
                input.report(&[d]);
                return Ok(2);
            }
        }
    }
    let report = Report { title: game.title().map(str::to_string), results };
    // Streamed: a big tree's report is as large as the tree.
    let mut buffered = BufWriter::with_capacity(1 << 16, &mut *out);
    match args.format {
        Format::Text => {
            // Named with -a, a long table shows its first rows; --detail all.
            let rows = (!(args.detail || args.trace)).then_some(gametree::report::ROWS_SHOWN);
            write!(buffered, "{}", Text { game: &game, report: &report, rows })?
        }
        Format::Json => {
            gametree::report::json::write_report(&mut buffered, &report)?;
            writeln!(buffered)?
        }
        Format::Yaml => gametree::report::yaml::write_report(&mut buffered, &report)?,
    }
    buffered.flush()?;
    Ok(0)
}

/// The default screenful: each algorithm searched and read into its
/// summary line, its trace and report dropped there (a big tree's reports
/// are never all held at once), the algorithms shared among the cores; the
/// lines in the algorithms' order.
fn summarize(input: &Input, game: &Game, opts: &Options, algorithms: &[Algorithm], out: &mut dyn Write) -> Exit {
    let lines = gametree::stack::map_in_order(algorithms.len(), gametree::stack::cores(), |k| {
        search::run(game, algorithms[k], opts).map(|trace| SummaryLine::of(game, &AlgoReport::of(game, trace)))
    });
    let mut summary = SummaryLines::new(game.title().map(str::to_string));
    for (a, line) in algorithms.iter().zip(lines) {
        match line {
            Ok(line) => summary.push(line),
            // An algorithm that refuses these options is skipped with a note.
            Err(d) if matches!(d.kind, DiagnosticKind::NotApplicable { .. }) && !summary.is_empty() => {
                eprintln!("note: {a} skipped: {}", d.kind);
            }
            Err(d) => {
                input.report(&[d]);
                return Ok(2);
            }
        }
    }
    let mut buffered = BufWriter::new(out);
    write!(buffered, "{summary}")?;
    buffered.flush()?;
    Ok(0)
}

/// `solve --all`: every applicable algorithm side by side; exit 1 when
/// they disagree on the root value.
fn compare(input: &Input, game: &Game, opts: &Options, format: Format, out: &mut dyn Write) -> Exit {
    let mut traces = Vec::new();
    for a in search::applicable(game) {
        match search::run(game, a, opts) {
            Ok(t) => traces.push(t),
            Err(d) => {
                input.report(&[d]);
                return Ok(2);
            }
        }
    }
    let c = Comparison::new(game, &traces);
    match format {
        Format::Text => write!(out, "{}", ComparisonText { game, comparison: &c })?,
        Format::Json => match gametree::report::json::layout::to_string(&c) {
            Ok(s) => writeln!(out, "{s}")?,
            Err(e) => return Ok(internal(e)),
        },
        Format::Yaml => match serde_yaml_ng::to_string(&c) {
            Ok(s) => out.write_all(s.as_bytes())?,
            Err(e) => return Ok(internal(e)),
        },
    }
    Ok(if c.agreement { 0 } else { 1 })
}
