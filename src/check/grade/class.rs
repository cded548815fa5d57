//! Grading a class: each answer file becomes one row per answer in it. A
//! file that cannot be read or is not YAML becomes one row carrying its
//! error (with file, line, column and caret) and scoring 0; an answer in a
//! list or mapping that cannot be read becomes its own student's row with
//! its error, and the others in the file are graded. Neither ever stops
//! the other files. Names are never merged: two files naming the same
//! student are two rows, each with its file.

use std::path::PathBuf;

use super::{Grade, Rubric, grade};
use crate::check::answer;
use crate::diagnostic::{Diagnostic, Source};
use crate::model::Game;
use crate::search::Algorithm;
use crate::search::options::Options;

/// What grades every answer of a class.
pub struct Grader<'a> {
    pub game: &'a Game,
    /// The spec's name and text, for errors that point into it.
    pub spec: Source<'a>,
    pub rubric: &'a Rubric,
    /// For answers that name no algorithm (see [`super::algorithm_for`]).
    pub algorithm: Option<Algorithm>,
    pub options: Options,
}

/// One answer's row: who, from which file, and its grade or its error.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub student: String,
    pub file: String,
    pub outcome: Result<Grade, RowError>,
}

/// Why an answer could not be graded.
#[derive(Clone, Debug, PartialEq)]
pub struct RowError {
    /// One line: `file:line:col: message`.
    pub message: String,
    /// rustc-style, with the source line and a caret.
    pub rendered: String,
    /// The points the rubric requires, all lost.
    pub out_of: f64,
}

impl Row {
    pub fn score(&self) -> f64 {
        self.outcome.as_ref().map_or(0.0, |g| g.score)
    }

    pub fn out_of(&self) -> f64 {
        match &self.outcome {
            Ok(g) => g.out_of,
            Err(e) => e.out_of,
        }
    }

    /// Graded, with every item right and none missing.
    pub fn all_right(&self) -> bool {
        self.outcome.as_ref().is_ok_and(Grade::all_right)
    }
}

impl Grader<'_> {
    /// Whether the search answers are graded against by default runs on
    /// this spec with these options (an algorithm that does not apply, or
    /// `--depth` without `eval`, is the grader's mistake, not the class's).
    pub fn search_applies(&self) -> Result<(), Diagnostic> {
        let nothing = answer::Answer { algorithm: None, items: Vec::new() };
        let algorithm = super::algorithm_for(self.game, &nothing, self.algorithm);
        crate::search::run(self.game, algorithm, &self.options).map(drop)
    }

    /// Every answer in the file at `path`; a file that cannot be read, or
    /// is not text, is one row with the error.
    pub fn path(&self, path: &std::path::Path) -> Vec<Row> {
        let name = path.display().to_string();
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => return vec![self.unreadable(&name, &e.to_string())],
        };
        match crate::decode(&bytes) {
            Ok(text) => self.file(&name, text),
            Err(d) => vec![self.undecodable(&name, &String::from_utf8_lossy(&bytes), &d)],
        }
    }

    /// Every answer in one file's text, graded; an answer that cannot be
    /// read is its student's row with the error, and the others are graded.
    pub fn file(&self, file: &str, text: &str) -> Vec<Row> {
        let stem = stem(file);
        let source = Source { name: file, text };
        let entries = match answer::parse(self.game, text) {
            Ok(list) => list,
            Err(d) => return vec![self.error_row(stem, file, &source, &d)],
        };
        let many = entries.len() > 1;
        let mut rows = Vec::with_capacity(entries.len());
        for (i, entry) in entries.into_iter().enumerate() {
            let student =
                entry.student.unwrap_or_else(|| if many { format!("{stem}#{}", i + 1) } else { stem.clone() });
            let a = match entry.answer {
                Ok(a) => a,
                Err(d) => {
                    rows.push(self.error_row(student, file, &source, &d));
                    continue;
                }
            };
            let algorithm = super::algorithm_for(self.game, &a, self.algorithm);
            let outcome = grade(self.game, &a, &student, algorithm, &self.options, self.rubric);
            rows.push(match outcome {
                Ok(g) => Row { student, file: file.to_string(), outcome: Ok(g) },
                Err(d) => self.error_row(student, file, &self.spec, &d),
            });
        }
        rows
    }

    /// The row of a file that could not be read at all (`why` says why).
    pub fn unreadable(&self, file: &str, why: &str) -> Row {
        let message = format!("{file}: {why}");
        let rendered = format!("error: cannot read {file}: {why}\n");
        Row { student: stem(file), file: file.to_string(), outcome: Err(self.row_error(message, rendered)) }
    }

    /// The row of a file whose bytes are not text (`d` from [`crate::decode`]).
    fn undecodable(&self, file: &str, text: &str, d: &Diagnostic) -> Row {
        self.error_row(stem(file), file, &Source { name: file, text }, d)
    }

    fn error_row(&self, student: String, file: &str, source: &Source, d: &Diagnostic) -> Row {
        let (line, col) = source.line_col(d.span.start);
        let message = format!("{}:{line}:{col}: {}", source.name, d.kind);
        Row { student, file: file.to_string(), outcome: Err(self.row_error(message, source.render(d))) }
    }

    fn row_error(&self, message: String, rendered: String) -> RowError {
        RowError { message, rendered, out_of: self.required_points() }
    }

    /// What an answer that gives nothing is out of.
    pub fn required_points(&self) -> f64 {
        let r = self.rubric;
        let whole =
            [&r.value, &r.best, &r.pruned, &r.leaves].iter().filter(|x| x.required).map(|x| x.points).sum::<f64>();
        let nodes = |n: &super::rubric::NodeRule| n.required.iter().map(|p| n.points_for(p)).sum::<f64>();
        super::score::round(whole + nodes(&r.values) + nodes(&r.windows))
    }
}

/// A file's name without folders and extension: the default student name.
fn stem(file: &str) -> String {
    let base = file.rsplit(['/', '\\']).next().unwrap_or(file);
    match base.rsplit_once('.') {
        Some((s, _)) if !s.is_empty() => s.to_string(),
        _ => base.to_string(),
    }
}

/// The answer files of `paths` (files as given, folders searched
/// recursively for `.yaml`/`.yml` files in any case, in sorted order), and
/// the other files in the folders, which are not graded (hidden ones are
/// neither: see [`crate::files_under`]).
pub fn answer_files(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<PathBuf>) {
    crate::check::files::walk(paths, &["yaml", "yml"])
}
