//! `gametree grade`: students' answer files against the computed truth.
//! Exit codes: 0 every answer fully right, 1 some answer is not, 2 bad
//! input or usage.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use gametree::check::answer;
use gametree::check::grade::{self, Grade};
use gametree::check::puzzle;
use gametree::search::Algorithm;

use super::args::{self, ConventionArgs};
use super::io::{Exit, Input, internal};

pub const EXAMPLES: &str = "\
Examples:
  gametree grade specs/strict-vs-nonstrict.tree tests/fixtures/answers/class.yaml --format csv
  gametree grade specs/aima-fig5-2.tree tests/fixtures/answers/ana.yaml";

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq)]
pub enum GradeFormat {
    Text,
    Csv,
    Json,
}

#[derive(Args, Debug)]
pub struct GradeArgs {
    /// The spec the answers answer.
    file: PathBuf,
    /// Answer files (YAML): one answer, a list, or a mapping student → answer.
    #[arg(required = true)]
    answers: Vec<PathBuf>,
    /// The algorithm to grade against when an answer does not name one
    /// (default: alphabeta).
    #[arg(short, long = "algorithm", value_name = "ALGO", value_parser = args::algorithm_name())]
    algorithm: Option<String>,
    #[arg(long, value_enum, default_value_t = GradeFormat::Text)]
    format: GradeFormat,
    #[command(flatten)]
    conventions: ConventionArgs,
}

pub fn grade(args: &GradeArgs, out: &mut dyn Write) -> Exit {
    let Ok(input) = Input::read(&args.file) else { return Ok(2) };
    let Ok(game) = input.game() else { return Ok(2) };
    if let Some(&id) = puzzle::unknowns(&game).first() {
        let d = gametree::diagnostic::Diagnostic::new(
            gametree::diagnostic::DiagnosticKind::UnknownLeaf,
            game.node(id).span(),
        );
        input.report(&[d]);
        return Ok(2);
    }
    let default = match &args.algorithm {
        None => None,
        Some(name) => match Algorithm::from_name(name) {
            Some(a) => Some(a),
            None => {
                eprintln!("error: unknown algorithm `{name}`: expected one of {}", Algorithm::names().join(", "));
                return Ok(2);
            }
        },
    };
    let mut answers = Vec::new();
    let mut bad = false;
    for path in &args.answers {
        let Ok(file) = Input::read(path) else {
            bad = true;
            continue;
        };
        match answer::parse(&game, &file.text) {
            Ok(list) => {
                let stem = path.file_stem().map_or_else(|| file.name.clone(), |s| s.to_string_lossy().into_owned());
                let many = list.len() > 1;
                for (i, a) in list.into_iter().enumerate() {
                    let name = a
                        .student
                        .clone()
                        .unwrap_or_else(|| if many { format!("{stem}#{}", i + 1) } else { stem.clone() });
                    answers.push((name, a));
                }
            }
            Err(d) => {
                file.report(&[d]);
                bad = true;
            }
        }
    }
    if bad {
        return Ok(2);
    }
    let opts = args.conventions.options();
    let mut grades: Vec<Grade> = Vec::new();
    for (name, a) in &answers {
        let algorithm = grade::algorithm_for(&game, a, default);
        match grade::grade(&game, a, name, algorithm, &opts) {
            Ok(g) => grades.push(g),
            Err(d) => {
                input.report(&[d]);
                return Ok(2);
            }
        }
    }
    match args.format {
        GradeFormat::Text => {
            for g in &grades {
                write!(out, "{g}")?;
            }
            let right = grades.iter().filter(|g| g.all_right()).count();
            writeln!(out, "{right} of {} answers fully right", grades.len())?;
        }
        GradeFormat::Csv => write!(out, "{}", grade::csv(&grades))?,
        GradeFormat::Json => match serde_json::to_string_pretty(&GradesJson { grades: &grades }) {
            Ok(s) => writeln!(out, "{s}")?,
            Err(e) => return Ok(internal(e)),
        },
    }
    Ok(if grades.iter().all(Grade::all_right) { 0 } else { 1 })
}

#[derive(serde::Serialize)]
struct GradesJson<'a> {
    grades: &'a [Grade],
}
