//! `gametree generate`: a random exam tree meeting constraints, with its
//! `expect` answers computed (or, with `--plain`, a big bare tree).

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use gametree::check::bigtree;
use gametree::check::export::{self, Export, Format};
use gametree::check::generate::Constraints;
use gametree::check::puzzle::Domain;

use super::io::{Exit, Output, atomic_write};

pub const EXAMPLES: &str = "\
Examples:
  gametree generate --depth 3 --branching 2 --min-pruned 2 --seed 7 -o exam.tree
  gametree generate --depth 3 --branching 2 --min-pruned 2 --count 10 --export moodle -o quiz.xml
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
    /// Alpha-beta (with --chance --bounds: Star1, or --algorithm star2)
    /// must prune exactly K edges.
    #[arg(long, value_name = "K", conflicts_with = "min_pruned")]
    pub pruned: Option<usize>,
    /// ... or at least K edges.
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
    /// With --chance --bounds: whose cuts --pruned and --min-pruned count
    /// (and the expect block gives).
    #[arg(long, value_enum, value_name = "ALGO", default_value = "star1")]
    pub algorithm: ChanceAlgorithm,
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
            star2: matches!(self.algorithm, ChanceAlgorithm::Star2),
            seed: self.seed,
        })
    }
}

/// The chance-pruning search a generated CHANCE tree's question is about.
#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum ChanceAlgorithm {
    Star1,
    Star2,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum ExportArg {
    Moodle,
    Qti,
    Prairielearn,
    Gift,
}

#[derive(Args, Debug)]
pub struct GenerateArgs {
    #[command(flatten)]
    constraints: ConstraintArgs,
    /// Only the tree, complete and without answers or constraints: big
    /// trees for benchmarks and scale tests (10^7 leaves in seconds).
    #[arg(long, conflicts_with_all = ["chance", "pruned", "min_pruned", "equality_case", "root_tie", "count", "export", "algorithm"])]
    plain: bool,
    /// Make N different trees (sub-seeds of --seed). Without --export,
    /// -o names a folder that gets tree-1.tree … tree-N.tree.
    #[arg(long, value_name = "N", default_value_t = 1)]
    count: usize,
    /// Write the trees as quiz questions for a platform: a Moodle XML file,
    /// a QTI zip for Canvas, PrairieLearn question folders under -o, or
    /// GIFT text.
    #[arg(long, value_enum, value_name = "FORMAT")]
    export: Option<ExportArg>,
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
    if args.count == 0 {
        eprintln!("error: --count must be 1 or more");
        return Ok(2);
    }
    let command = c.command() + &if args.count > 1 { format!(" --count {}", args.count) } else { String::new() };
    if args.count == 1 && args.export.is_none() {
        return match gametree::check::generate::generate(&c, &command) {
            Ok(text) => output.write(out, &text),
            Err(e) => {
                eprintln!("error: {e}");
                Ok(2)
            }
        };
    }
    let Some(format) = args.export else { return trees(args, &c, &command) };
    let format = match format {
        ExportArg::Moodle => Format::Moodle,
        ExportArg::Qti => Format::Qti,
        ExportArg::Prairielearn => Format::PrairieLearn,
        ExportArg::Gift => Format::Gift,
    };
    if matches!(format, Format::Qti | Format::PrairieLearn) && args.output.is_none() {
        eprintln!("error: --export qti and prairielearn write files: give -o OUT");
        return Ok(2);
    }
    let specs = match gametree::check::generate::generate_many(&c, args.count, &command) {
        Ok(specs) => specs,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(2);
        }
    };
    let questions = match export::questions(c.seed, &specs) {
        Ok(qs) => qs,
        Err(ds) => {
            eprintln!(
                "error: a generated tree does not load: {}",
                ds.first().map(|d| format!("{:?}", d.kind)).unwrap_or_default()
            );
            return Ok(2);
        }
    };
    match export::export(format, &questions) {
        Ok(Export::File(bytes)) => output.write_bytes(out, &bytes),
        Ok(Export::Folder(files)) => write_folder(args.output.as_deref().unwrap_or(Path::new(".")), &files, args.force),
        Err(why) => {
            eprintln!("error: cannot write the export: {why}");
            Ok(2)
        }
    }
}

/// `--count N` without `--export`: N spec files in the folder `-o` names.
fn trees(args: &GenerateArgs, c: &gametree::check::generate::Constraints, command: &str) -> Exit {
    let Some(dir) = args.output.as_deref() else {
        eprintln!("error: --count {} writes {} files: give -o FOLDER (or --export FORMAT)", args.count, args.count);
        return Ok(2);
    };
    match gametree::check::generate::generate_many(c, args.count, command) {
        Ok(specs) => {
            let files: Vec<(String, Vec<u8>)> =
                specs.into_iter().enumerate().map(|(i, t)| (format!("tree-{}.tree", i + 1), t.into_bytes())).collect();
            write_folder(dir, &files, args.force)
        }
        Err(e) => {
            eprintln!("error: {e}");
            Ok(2)
        }
    }
}

/// Writes files under `dir` (made if missing), each atomically; refuses
/// before writing anything when one exists and `force` is off.
fn write_folder(dir: &Path, files: &[(String, Vec<u8>)], force: bool) -> Exit {
    if dir.is_file() {
        eprintln!("error: {} is a file; this output is a folder", dir.display());
        return Ok(2);
    }
    let paths: Vec<PathBuf> = files.iter().map(|(rel, _)| dir.join(rel)).collect();
    if !force && let Some(p) = paths.iter().find(|p| p.exists()) {
        eprintln!("error: {} exists; pass --force to replace it", p.display());
        return Ok(2);
    }
    for (path, (_, bytes)) in paths.iter().zip(files) {
        let made = path.parent().map_or(Ok(()), std::fs::create_dir_all);
        if let Err(e) = made.and_then(|()| atomic_write(path, bytes, force)) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return Ok(2);
        }
    }
    Ok(0)
}
