//! `gametree grade`: students' answer files (or folders of them) against
//! the computed truth. Exit codes: 0 every answer fully right, 1 some
//! answer is not (or could not be read), 2 a bad spec, rubric or usage.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use gametree::check::grade::class::{self, Grader, Row};
use gametree::check::grade::{Rubric, gradescope, prairielearn, render};
use gametree::diagnostic::Source;
use gametree::search::Algorithm;

use super::args::{self, ConventionArgs};
use super::io::{Exit, Input, internal};

pub const EXAMPLES: &str = "\
Examples:
  gametree grade tests/fixtures/class.tree tests/fixtures/class
  gametree grade specs/strict-vs-nonstrict.tree tests/fixtures/answers/class.yaml --format csv
  gametree grade specs/aima-fig5-2.tree tests/fixtures/answers/ana.yaml --format gradescope";

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq)]
pub enum GradeFormat {
    Text,
    Csv,
    Json,
    /// Gradescope's autograder results.json (one submission).
    Gradescope,
    /// PrairieLearn's external-grader results.json (one submission).
    Prairielearn,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq)]
pub enum VisibilityArg {
    Visible,
    Hidden,
    #[value(name = "after_due_date")]
    AfterDueDate,
    #[value(name = "after_published")]
    AfterPublished,
}

#[derive(Args, Debug)]
pub struct GradeArgs {
    /// The spec the answers answer.
    file: PathBuf,
    /// Answer files (YAML: one answer, a list, or a mapping student →
    /// answer), or folders: every .yaml/.yml inside, recursively, sorted.
    #[arg(required = true)]
    answers: Vec<PathBuf>,
    /// The algorithm to grade against when an answer does not name one
    /// (default: alphabeta).
    #[arg(short, long = "algorithm", value_name = "ALGO", value_parser = args::algorithm_name())]
    algorithm: Option<String>,
    /// Points per item, required items, partial credit (YAML; default: the
    /// spec's `rubric`, else the rubric in examples/rubric.yaml).
    #[arg(long, value_name = "FILE")]
    rubric: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = GradeFormat::Text)]
    format: GradeFormat,
    /// Gradescope's `visibility` for the results and each test.
    #[arg(long, value_enum, default_value_t = VisibilityArg::Visible)]
    visibility: VisibilityArg,
    #[command(flatten)]
    conventions: ConventionArgs,
}

pub fn grade(args: &GradeArgs, out: &mut dyn Write) -> Exit {
    let Ok(input) = Input::read(&args.file) else { return Ok(2) };
    let Ok(game) = input.game() else { return Ok(2) };
    if let Some(d) = gametree::search::unknown_leaf(&game) {
        input.report(&[d]);
        return Ok(2);
    }
    let algorithm = match &args.algorithm {
        None => None,
        Some(name) => match Algorithm::from_name(name) {
            Some(a) => Some(a),
            None => {
                eprintln!("error: unknown algorithm `{name}`: expected one of {}", Algorithm::names().join(", "));
                return Ok(2);
            }
        },
    };
    let rubric = match &args.rubric {
        None => match Rubric::declared(&input.name, &input.text, &game) {
            Ok(r) => r.unwrap_or_default(),
            Err(ds) => {
                input.report(&ds);
                return Ok(2);
            }
        },
        Some(path) => {
            let Ok(file) = Input::read(path) else { return Ok(2) };
            match Rubric::parse(&game, &file.text) {
                Ok(r) => r,
                Err(d) => {
                    file.report(&[d]);
                    return Ok(2);
                }
            }
        }
    };
    let (files, others) = class::answer_files(&args.answers);
    for other in &others {
        eprintln!("note: not graded (not a .yaml or .yml file): {}", other.display());
    }
    let one = matches!(args.format, GradeFormat::Gradescope | GradeFormat::Prairielearn);
    if files.is_empty() && !one {
        eprintln!("error: no answer files (.yaml, .yml) found");
        return Ok(2);
    }
    let grader = Grader {
        game: &game,
        spec: Source { name: &input.name, text: &input.text },
        rubric: &rubric,
        algorithm,
        options: args.conventions.options(),
    };
    if let Err(d) = grader.search_applies() {
        input.report(&[d]);
        return Ok(2);
    }
    let rows: Vec<Row> = files.iter().flat_map(|path| grader.path(path)).collect();
    if one && rows.len() > 1 {
        let format = format!("{:?}", args.format).to_lowercase();
        eprintln!("error: --format {format} grades one submission; {} answers were given", rows.len());
        return Ok(2);
    }
    let printed = match args.format {
        GradeFormat::Text => Ok(render::terminal_safe(&render::Text(&rows).to_string())),
        GradeFormat::Csv => Ok(render::csv(&rows)),
        GradeFormat::Json => serde_json::to_string_pretty(&render::Json::new(&rows)),
        GradeFormat::Gradescope => {
            let v = visibility(args.visibility);
            let none = format!("No answer file (.yaml or .yml) was found in the submission.{}", holds(&others));
            let none = none.as_str();
            serde_json::to_string_pretty(
                &rows.first().map_or_else(|| gradescope::Results::empty(none, v), |r| gradescope::Results::new(r, v)),
            )
        }
        GradeFormat::Prairielearn => {
            let none = format!("No answer file (.yaml or .yml) was submitted.{}", holds(&others));
            let none = none.as_str();
            serde_json::to_string_pretty(
                &rows.first().map_or_else(|| prairielearn::Results::not_gradable(none, ""), prairielearn::Results::new),
            )
        }
    };
    match printed {
        Ok(s) => writeln!(out, "{}", s.trim_end())?,
        Err(e) => return Ok(internal(e)),
    }
    Ok(if !rows.is_empty() && rows.iter().all(Row::all_right) { 0 } else { 1 })
}

/// What a submission with no answer file holds instead, for the student
/// who uploaded `answer.txt`: " It holds answer.txt; rename …".
fn holds(others: &[PathBuf]) -> String {
    if others.is_empty() {
        return String::new();
    }
    let names: Vec<String> = others
        .iter()
        .map(|p| p.file_name().map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into()))
        .collect();
    format!(" It holds {}: an answer file's name ends in .yaml or .yml.", names.join(", "))
}

fn visibility(v: VisibilityArg) -> gradescope::Visibility {
    match v {
        VisibilityArg::Visible => gradescope::Visibility::Visible,
        VisibilityArg::Hidden => gradescope::Visibility::Hidden,
        VisibilityArg::AfterDueDate => gradescope::Visibility::AfterDueDate,
        VisibilityArg::AfterPublished => gradescope::Visibility::AfterPublished,
    }
}
