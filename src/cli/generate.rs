//! `gametree generate`: a random exam tree meeting constraints, with its
//! `expect` answers computed (or, with `--plain`, a big bare tree).

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;

use gametree::check::bigtree;
use gametree::check::generate::Constraints;
use gametree::check::puzzle::Domain;

use super::io::{Exit, Output};

pub const EXAMPLES: &str = "\
Examples:
  gametree generate --depth 3 --branching 2 --min-pruned 2 --seed 7 -o exam.tree
  gametree generate --plain --depth 7 --branching 10 --range=-99..99 > big.tree
  gametree generate --depth 2 --branching 3 --pruned 2 --seed 1";

/// What an exam tree must look like and do: the constraints `generate`
/// and `practice` share.
#[derive(Args, Debug, Clone)]
pub struct ConstraintArgs {
    /// Plies below the root (leaves at this depth).
    #[arg(long)]
    pub depth: u32,
    /// Children per inner node.
    #[arg(long)]
    pub branching: u32,
    /// Leaf utilities: integers in lo..hi (inclusive).
    #[arg(long, value_name = "LO..HI", default_value = "0..10", allow_hyphen_values = true)]
    pub range: String,
    /// Make the root's children CHANCE nodes (answers from expectiminimax).
    #[arg(long)]
    pub chance: bool,
    /// Alpha-beta must prune exactly K edges.
    #[arg(long, value_name = "K", conflicts_with = "min_pruned")]
    pub pruned: Option<usize>,
    /// Alpha-beta must prune at least K edges.
    #[arg(long, value_name = "K")]
    pub min_pruned: Option<usize>,
    /// Cuts on equality and strict cuts must prune different edges.
    #[arg(long)]
    pub equality_case: bool,
    /// Two root moves must attain the root's value.
    #[arg(long)]
    pub root_tie: bool,
    /// Declare the range as `bounds` (the root window).
    #[arg(long)]
    pub bounds: bool,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

impl ConstraintArgs {
    /// The library's constraints, or the reason `--range` is unreadable.
    pub fn constraints(&self) -> Result<Constraints, String> {
        let range = match Domain::parse_range(&self.range) {
            Ok(Domain::Range(lo, hi)) => (lo, hi),
            Ok(Domain::Multiset(_)) => return Err(format!("`{}` is not a range LO..HI", self.range)),
            Err(why) => return Err(why),
        };
        Ok(Constraints {
            depth: self.depth,
            branching: self.branching,
            range,
            chance: self.chance,
            pruned: self.pruned,
            min_pruned: self.min_pruned,
            equality_case: self.equality_case,
            root_tie: self.root_tie,
            bounds: self.bounds,
            seed: self.seed,
        })
    }
}

#[derive(Args, Debug)]
pub struct GenerateArgs {
    #[command(flatten)]
    constraints: ConstraintArgs,
    /// Only the tree, complete and without answers or constraints: big
    /// trees for benchmarks and scale tests (10^7 leaves in seconds).
    #[arg(long, conflicts_with_all = ["chance", "pruned", "min_pruned", "equality_case", "root_tie"])]
    plain: bool,
    /// Write here instead of standard output (never over an existing file
    /// unless --force).
    #[arg(short, long)]
    output: Option<PathBuf>,
    #[arg(long)]
    force: bool,
}

pub fn generate(args: &GenerateArgs, out: &mut dyn Write) -> Exit {
    let c = match args.constraints.constraints() {
        Ok(c) => c,
        Err(why) => {
            eprintln!("error: --range: {why}");
            return Ok(2);
        }
    };
    let output = Output { path: args.output.as_deref(), input: Path::new(""), force: args.force };
    if args.plain {
        return match bigtree::plain(c.branching, c.depth, c.seed, c.range, c.bounds) {
            Ok(text) => output.write(out, &text),
            Err(why) => {
                eprintln!("error: --plain: {why}");
                Ok(2)
            }
        };
    }
    match gametree::check::generate::generate(&c, &c.command()) {
        Ok(text) => output.write(out, &text),
        Err(e) => {
            eprintln!("error: {e}");
            Ok(2)
        }
    }
}
