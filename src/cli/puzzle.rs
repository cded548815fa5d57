//! `gametree puzzle`: the unknown leaves (`?`) that reproduce a spec's
//! `expect` blocks, and multiple-choice options judged. Exit codes: 0 at
//! least one solution, 1 none, 2 bad input or usage.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use gametree::check::files::nums;
use gametree::check::puzzle::{self, Count, Domain};
use gametree::num::Num;
use gametree::report::Number;

use super::io::{Exit, Input, internal};

pub const EXAMPLES: &str = "\
Examples:
  gametree puzzle specs/puzzles/exam-pruning-puzzle.tree --values 2,3,4,5,6,7,8,9,10 --format json
  gametree puzzle specs/puzzles/exam-pruning-puzzle.tree --values 2,3,4,5,6,7,8,9,10";

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq)]
pub enum PuzzleFormat {
    Text,
    Json,
}

#[derive(Args, Debug)]
pub struct PuzzleArgs {
    /// A spec with unknown leaves (`?`) and `expect` blocks.
    file: PathBuf,
    /// Try every integer in lo..hi (inclusive) for each unknown leaf
    /// (default: the declared integer bounds).
    #[arg(long, value_name = "LO..HI", conflicts_with = "values", allow_hyphen_values = true)]
    domain: Option<String>,
    /// Try every distinct ordering of these values (one per unknown leaf).
    #[arg(long, value_name = "V1,V2,…")]
    values: Option<String>,
    /// A multiple-choice option to judge: the unknown leaves' values, left
    /// to right (repeatable).
    #[arg(long = "option", value_name = "V1,V2,…")]
    options: Vec<String>,
    #[arg(long, value_enum, default_value_t = PuzzleFormat::Text)]
    format: PuzzleFormat,
    /// List at most this many solutions, the first in sorted order (all
    /// are counted, exactly); 0: list all, when there are at most 100000
    /// (past that, the first 20). (`--max-solutions` is an old
    /// name for it.)
    #[arg(long, value_name = "N", default_value_t = 20, alias = "max-solutions")]
    limit: usize,
}

/// Steps (boxes of assignments, or partial assignments where boxes do not
/// apply) `puzzle` takes before giving up.
const PUZZLE_LIMIT: u64 = 50_000_000;
/// Complete assignments beyond which `puzzle` announces the search's size.
const LARGE_SPACE: u128 = 1_000_000;
/// How often a long `puzzle` search prints a progress line.
const PROGRESS_INTERVAL: std::time::Duration = std::time::Duration::from_secs(3);

pub fn puzzle(args: &PuzzleArgs, out: &mut dyn Write) -> Exit {
    let Ok(input) = Input::read(&args.file) else { return Ok(2) };
    let Ok(spec) = input.spec() else { return Ok(2) };
    let game = &spec.game;
    let domain = match (&args.domain, &args.values) {
        (Some(d), _) => Domain::parse_range(d),
        (None, Some(v)) => Domain::parse_values(v),
        (None, None) => Domain::declared(game),
    };
    let domain = match domain {
        Ok(d) => d,
        Err(why) => {
            eprintln!("error: {why}");
            return Ok(2);
        }
    };
    let max = if args.limit == 0 { usize::MAX } else { args.limit };
    if let (Some(d), Domain::Range(lo, hi), Some((blo, bhi))) = (&args.domain, &domain, game.bounds())
        && (Num::int(*lo) < blo || Num::int(*hi) > bhi)
    {
        eprintln!("error: --domain {d} goes outside the declared bounds [{blo}, {bhi}]");
        return Ok(2);
    }
    // A long search says so up front and then shows it is alive.
    let unknowns = puzzle::unknowns(game).len();
    let (space, space_text) = domain.space(unknowns);
    let counted = !matches!(&domain, Domain::Multiset(vs) if vs.len() != unknowns);
    let large = counted && unknowns > 0 && space > Count::from(LARGE_SPACE);
    let note = || {
        eprintln!(
            "note: searching up to {space_text} = {space} assignments (with pruning; giving up after {PUZZLE_LIMIT} steps)…"
        )
    };
    // Said as the search through the assignments starts (it reports
    // first with no steps): where another way answers (a count over
    // subtrees, root move by root move, without windows…), none runs.
    let mut noted = !large;
    let start = std::time::Instant::now();
    let mut last = start;
    let mut progress = |tried: u64, found: &Count| {
        if !noted {
            note();
            noted = true;
        }
        if last.elapsed() >= PROGRESS_INTERVAL {
            last = std::time::Instant::now();
            let secs = start.elapsed().as_secs();
            eprintln!("  … {tried} steps, {found} solutions so far ({secs} s)");
        }
    };
    let solved = match puzzle::solve_reporting(&spec, &domain, PUZZLE_LIMIT, max, &mut progress) {
        Ok(s) => s,
        Err(puzzle::PuzzleError::NotApplicable(d)) => {
            input.report(&[d]);
            return Ok(2);
        }
        Err(puzzle::PuzzleError::OutOfBounds { value }) => {
            let (lo, hi) = game.bounds().unwrap_or((value, value));
            match (&args.domain, &args.values) {
                (Some(d), _) => eprintln!("error: --domain {d} goes outside the declared bounds [{lo}, {hi}]"),
                (None, Some(_)) => eprintln!("error: --values: {value} lies outside the declared bounds [{lo}, {hi}]"),
                (None, None) => {
                    eprintln!("error: {}: {value} lies outside the declared bounds [{lo}, {hi}]", input.name)
                }
            }
            return Ok(2);
        }
        Err(e) => {
            eprintln!("error: {}: {e}", input.name);
            return Ok(2);
        }
    };
    let verdicts: Vec<puzzle::Verdict> = args.options.iter().map(|o| puzzle::judge(&spec, &domain, o)).collect();
    match args.format {
        PuzzleFormat::Json => {
            let solutions: Vec<Vec<Number>> =
                solved.solutions.iter().map(|s| s.iter().map(|v| Number::Num(*v)).collect()).collect();
            #[derive(serde::Serialize)]
            struct Json<'a> {
                /// Every digit, as a JSON number of any length.
                count: Box<serde_json::value::RawValue>,
                unique: bool,
                solutions: Vec<Vec<Number>>,
                options: &'a [puzzle::Verdict],
            }
            let count = match serde_json::value::RawValue::from_string(solved.count.to_string()) {
                Ok(raw) => raw,
                Err(e) => return Ok(internal(e)),
            };
            let json = Json { count, unique: solved.count == Count::ONE, solutions, options: &verdicts };
            match gametree::report::json::layout::to_string(&json) {
                Ok(s) => writeln!(out, "{s}")?,
                Err(e) => return Ok(internal(e)),
            }
        }
        PuzzleFormat::Text => {
            let names = puzzle::references(game, &solved.unknowns);
            writeln!(out, "unknown leaves, left to right: {}", names.join(" "))?;
            let unique = match solved.count.to_u128() {
                Some(0) => "no assignment reproduces the expectations".to_string(),
                Some(1) => "1 solution (unique)".to_string(),
                _ => format!("{} solutions (not unique)", solved.count),
            };
            writeln!(out, "{unique}")?;
            for s in &solved.solutions {
                writeln!(out, "  {}", nums(s))?;
            }
            let shown = solved.solutions.len();
            if Count::from(shown) < solved.count {
                let all = puzzle::LIST_ALL_AT_MOST;
                if solved.count <= Count::from(all) {
                    writeln!(out, "  … (the first {shown} listed; --limit 0 lists all)")?;
                } else if args.limit == 0 {
                    writeln!(
                        out,
                        "  … (the first {shown} listed: --limit 0 lists all only up to {all}; --limit N lists the first N)"
                    )?;
                } else {
                    writeln!(out, "  … (the first {shown} listed; --limit N lists the first N)")?;
                }
            }
            for v in &verdicts {
                let word = if v.correct { "correct" } else { "wrong" };
                writeln!(out, "option {}: {word}: {}", v.option, v.reason)?;
            }
        }
    }
    Ok(if solved.count.is_zero() { 1 } else { 0 })
}
