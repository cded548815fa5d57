//! `gametree check`: every `expect` block of every spec file given or
//! found in the folders given (the work is `gametree::check::files`).

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use gametree::check::files::{check_files, spec_files};

use super::io::Exit;

pub const EXAMPLES: &str = "\
Exit codes: 0 every block passed; 1 a block failed, or no file had any
expect block to check (each such file gets a warning); 2 bad input.

Examples:
  gametree check specs/
  gametree check specs/aima-fig5-2.tree";

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Spec files, or folders searched for `.tree`/`.yaml` files.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

pub fn check(args: &CheckArgs, out: &mut dyn Write) -> Exit {
    let files = spec_files(&args.paths);
    if files.is_empty() {
        let paths: Vec<String> = args.paths.iter().map(|p| p.display().to_string()).collect();
        eprintln!("error: no spec files (.tree, .yaml, .yml) in {}", paths.join(", "));
        return Ok(2);
    }
    let (mut passed, mut failed, mut broken, mut without) = (0, 0, 0, 0);
    for c in check_files(&files) {
        out.write_all(c.out.as_bytes())?;
        out.flush()?; // the file's lines before its errors, in a terminal
        eprint!("{}", c.err);
        (passed, failed, broken) = (passed + c.passed, failed + c.failed, broken + c.broken);
        without += usize::from(c.no_blocks);
    }
    if broken > 0 {
        let s = if broken == 1 { "" } else { "s" };
        writeln!(out, "{broken} file{s} or expect block{s} could not be checked (errors above)")?;
    }
    writeln!(out, "{passed} passed, {failed} failed")?;
    let nothing_checked = without == files.len();
    if nothing_checked {
        out.flush()?;
        eprintln!("error: no expect blocks in any file given: nothing was checked");
    }
    Ok(if broken > 0 {
        2
    } else if failed > 0 || nothing_checked {
        1
    } else {
        0
    })
}
