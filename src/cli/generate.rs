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

#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// Plies below the root (leaves at this depth).
    #[arg(long)]
    depth: u32,
    /// Children per inner node.
    #[arg(long)]
    branching: u32,
    /// Leaf utilities: integers in lo..hi (inclusive).
    #[arg(long, value_name = "LO..HI", default_value = "0..10", allow_hyphen_values = true)]
    range: String,
    /// Make the root's children CHANCE nodes (answers from expectiminimax).
    #[arg(long)]
    chance: bool,
    /// Alpha-beta must prune exactly K edges.
    #[arg(long, value_name = "K", conflicts_with = "min_pruned")]
    pruned: Option<usize>,
    /// Alpha-beta must prune at least K edges.
    #[arg(long, value_name = "K")]
    min_pruned: Option<usize>,
    /// Cuts on equality and strict cuts must prune different edges.
    #[arg(long)]
    equality_case: bool,
    /// Two root moves must attain the root's value.
    #[arg(long)]
    root_tie: bool,
    /// Declare the range as `bounds` (the root window).
    #[arg(long)]
    bounds: bool,
    #[arg(long, default_value_t = 1)]
    seed: u64,
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
    let range = match Domain::parse_range(&args.range) {
        Ok(Domain::Range(lo, hi)) => (lo, hi),
        Ok(Domain::Multiset(_)) => return Ok(2),
        Err(why) => {
            eprintln!("error: --range: {why}");
            return Ok(2);
        }
    };
    let output = Output { path: args.output.as_deref(), input: Path::new(""), force: args.force };
    if args.plain {
        return match bigtree::plain(args.branching, args.depth, args.seed, range, args.bounds) {
            Ok(text) => output.write(out, &text),
            Err(why) => {
                eprintln!("error: --plain: {why}");
                Ok(2)
            }
        };
    }
    let c = Constraints {
        depth: args.depth,
        branching: args.branching,
        range,
        chance: args.chance,
        pruned: args.pruned,
        min_pruned: args.min_pruned,
        equality_case: args.equality_case,
        root_tie: args.root_tie,
        bounds: args.bounds,
        seed: args.seed,
    };
    match gametree::check::generate::generate(&c, &c.command()) {
        Ok(text) => output.write(out, &text),
        Err(e) => {
            eprintln!("error: {e}");
            Ok(2)
        }
    }
}
