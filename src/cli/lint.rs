//! `gametree lint`: what is legal but suspicious in specs. Exit codes:
//! 0 clean, 1 warnings, 2 bad input.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use gametree::check::files::spec_files;

use super::io::{Exit, Input};

pub const EXAMPLES: &str = "\
Examples:
  gametree lint specs/
  gametree lint specs/aima-fig5-2.tree";

#[derive(Args, Debug)]
pub struct LintArgs {
    /// Spec files, or folders searched for `.tree`/`.yaml` files.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

pub fn lint(args: &LintArgs, out: &mut dyn Write) -> Exit {
    let (mut warned, mut broken) = (0, 0);
    for path in spec_files(&args.paths) {
        let Ok(input) = Input::read(&path) else {
            broken += 1;
            continue;
        };
        let warnings = match gametree::check::lint::lint_spec(&input.name, &input.text) {
            Ok(w) => w,
            Err(ds) => {
                input.report(&ds);
                broken += 1;
                continue;
            }
        };
        let source = input.source();
        for w in &warnings {
            write!(out, "{}", source.render_warning(&w.message, w.span))?;
        }
        if !warnings.is_empty() {
            let n = warnings.len();
            writeln!(out, "{n} warning{} in {}", if n == 1 { "" } else { "s" }, input.name)?;
            warned += 1;
        }
    }
    Ok(if broken > 0 {
        2
    } else if warned > 0 {
        1
    } else {
        0
    })
}
