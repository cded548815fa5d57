//! `gametree fmt`: specs tidied (the author's layout and comments kept);
//! `--check` for CI, `--write` to rewrite files in place, atomically.
//! Folders are searched for `.tree` files. Exit codes: 0 ok, 1 a file is
//! not tidy (`--check`), 2 bad input.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;

use gametree::FormatError;

use super::io::{Exit, Input, atomic_write};

pub const EXAMPLES: &str = "\
Examples:
  gametree fmt --check specs
  gametree fmt --write specs/aima-fig5-2.tree
  gametree fmt specs/aima-fig5-2.tree";

#[derive(Args, Debug)]
pub struct FmtArgs {
    /// `.tree` files to format, or folders: every `.tree` file inside,
    /// recursively, in sorted order.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print the files that are not tidy; exit 1 if there are any.
    #[arg(long, conflicts_with = "write")]
    check: bool,
    /// Rewrite files in place (atomically), only those that change.
    #[arg(long)]
    write: bool,
}

pub fn fmt(args: &FmtArgs, out: &mut dyn Write) -> Exit {
    let (mut unformatted, mut broken) = (0, 0);
    let files = gametree::files_under(&args.files, &["tree"]);
    if files.is_empty() {
        eprintln!(
            "error: no .tree files in {}",
            args.files.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
        );
        return Ok(2);
    }
    for path in &files {
        let Ok(input) = Input::read(path) else {
            broken += 1;
            continue;
        };
        let formatted = match gametree::format(&input.name, &input.text) {
            Ok(f) => f,
            Err(FormatError::Yaml) => {
                eprintln!("error: {}: fmt formats .tree files; convert YAML with `gametree convert`", input.name);
                broken += 1;
                continue;
            }
            Err(FormatError::Invalid(ds)) => {
                input.report(&ds);
                broken += 1;
                continue;
            }
            Err(FormatError::Unsafe(why)) => {
                eprintln!("error: {}: not formatted, to keep what is written: {why}", input.name);
                broken += 1;
                continue;
            }
        };
        let changed = formatted != input.text;
        if args.check {
            if changed {
                writeln!(out, "would reformat {}", input.name)?;
                unformatted += 1;
            }
        } else if args.write {
            if changed && replace(path, &formatted).is_err() {
                broken += 1;
            }
        } else {
            out.write_all(formatted.as_bytes())?;
        }
    }
    Ok(if broken > 0 {
        2
    } else if unformatted > 0 {
        1
    } else {
        0
    })
}

/// Rewrites `path` atomically: a temporary file beside it, then a rename.
fn replace(path: &Path, text: &str) -> Result<(), ()> {
    atomic_write(path, text, true).map_err(|e| eprintln!("error: cannot write {}: {e}", path.display()))
}
