//! `gametree practice`: an offline practice page (one HTML file) with
//! alpha-beta problems a student prunes by hand and checks, from random
//! trees meeting `generate`'s constraints or from spec files.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;

use gametree::check::practice::{self, Problem};

use super::generate::ConstraintArgs;
use super::io::{Exit, Input, Output};

pub const EXAMPLES: &str = "\
Examples:
  gametree practice --count 5 -o practice.html
  gametree practice --count 10 --min-pruned 3 --equality-case --bounds --seed 7 -o p.html
  gametree practice --from specs/aima-fig5-2.tree specs/strict-vs-nonstrict.tree --title \"Week 5\"";

#[derive(Args, Debug)]
pub struct PracticeArgs {
    /// How many random problems.
    #[arg(long, default_value_t = 5, conflicts_with = "from")]
    count: usize,
    #[command(flatten)]
    constraints: ConstraintArgs,
    /// Problems from these specs (MAX/MIN trees with integer leaves)
    /// instead of random trees.
    #[arg(long, value_name = "SPEC", num_args = 1..)]
    from: Vec<PathBuf>,
    /// The page's title.
    #[arg(long, default_value = "Alpha-beta practice")]
    title: String,
    /// Write here instead of standard output (never over an existing file
    /// unless --force).
    #[arg(short, long)]
    output: Option<PathBuf>,
    #[arg(long)]
    force: bool,
}

pub fn practice(args: &PracticeArgs, out: &mut dyn Write) -> Exit {
    let problems = if args.from.is_empty() { generated(args) } else { from_files(&args.from) };
    let problems = match problems {
        Ok(p) => p,
        Err(code) => return Ok(code),
    };
    let page = match practice::page(&args.title, &problems) {
        Ok(page) => page,
        Err(why) => {
            eprintln!("error: {why}");
            return Ok(2);
        }
    };
    let input = args.from.first().map_or(Path::new(""), PathBuf::as_path);
    Output { path: args.output.as_deref(), input, force: args.force }.write(out, &page)
}

fn generated(args: &PracticeArgs) -> Result<Vec<Problem>, u8> {
    let mut c = args.constraints.constraints().map_err(|why| {
        eprintln!("error: --range: {why}");
        2u8
    })?;
    if c.pruned.is_some() {
        c.min_pruned = None; // the default of --min-pruned, which --pruned replaces
    }
    if args.count == 0 {
        eprintln!("error: --count must be 1 or more");
        return Err(2);
    }
    practice::generated(&c, args.count).map_err(|why| {
        eprintln!("error: {why}");
        2
    })
}

fn from_files(files: &[PathBuf]) -> Result<Vec<Problem>, u8> {
    let mut problems = Vec::new();
    for file in files {
        let input = Input::read(file)?;
        let game = input.game()?;
        if let Some(d) = practice::refuse(&game) {
            input.report(&[d]);
            return Err(2);
        }
        let title = game.title().map_or_else(|| input.name.clone(), str::to_string);
        problems.push(Problem { title, game });
    }
    Ok(problems)
}
