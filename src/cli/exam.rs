//! The exam workflow's commands: `grade`, `puzzle`, `generate`, `lint`,
//! `fmt`, and `check` on puzzle specs. Exit codes as everywhere: 0 ok,
//! 1 an answer is not fully right / a puzzle has no solution / a lint
//! warning / a file is not formatted, 2 bad input or usage.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use gametree::check::answer;
use gametree::check::grade::{self, Grade};
use gametree::check::puzzle::{self, Domain};
use gametree::diagnostic::Source;
use gametree::model::Game;
use gametree::num::Num;
use gametree::report::Number;
use gametree::search::Algorithm;

use super::{ConventionArgs, Input};

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq)]
pub enum GradeFormat {
    Text,
    Csv,
    Json,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq)]
pub enum PuzzleFormat {
    Text,
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
    #[arg(short, long = "algorithm", value_name = "ALGO")]
    algorithm: Option<String>,
    #[arg(long, value_enum, default_value_t = GradeFormat::Text)]
    format: GradeFormat,
    #[command(flatten)]
    conventions: ConventionArgs,
}

pub fn grade(args: &GradeArgs) -> u8 {
    let Ok(input) = Input::read(&args.file) else { return 2 };
    let Ok(game) = input.game() else { return 2 };
    if let Some(&id) = puzzle::unknowns(&game).first() {
        let d = gametree::diagnostic::Diagnostic::new(
            gametree::diagnostic::DiagnosticKind::UnknownLeaf { vector: game.is_multiplayer() },
            game.node(id).span(),
        );
        input.report(&[d]);
        return 2;
    }
    let default = match &args.algorithm {
        None => None,
        Some(name) => match Algorithm::from_name(name) {
            Some(a) => Some(a),
            None => {
                eprintln!("error: unknown algorithm `{name}`: expected one of {}", Algorithm::names().join(", "));
                return 2;
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
        return 2;
    }
    let opts = args.conventions.options();
    let mut grades: Vec<Grade> = Vec::new();
    for (name, a) in &answers {
        let algorithm = grade::algorithm_for(&game, a, default);
        match grade::grade(&game, a, name, algorithm, &opts) {
            Ok(g) => grades.push(g),
            Err(d) => {
                input.report(&[d]);
                return 2;
            }
        }
    }
    match args.format {
        GradeFormat::Text => {
            for g in &grades {
                print!("{g}");
            }
            let right = grades.iter().filter(|g| g.all_right()).count();
            println!("{right} of {} answers fully right", grades.len());
        }
        GradeFormat::Csv => print!("{}", grade::csv(&grades)),
        GradeFormat::Json => match serde_json::to_string_pretty(&GradesJson { grades: &grades }) {
            Ok(s) => println!("{s}"),
            Err(e) => return super::internal(e),
        },
    }
    if grades.iter().all(Grade::all_right) { 0 } else { 1 }
}

#[derive(serde::Serialize)]
struct GradesJson<'a> {
    grades: &'a [Grade],
}

#[derive(Args, Debug)]
pub struct PuzzleArgs {
    /// A spec with unknown leaves (`?`) and `expect` blocks.
    file: PathBuf,
    /// Try every integer in lo..hi (inclusive) for each unknown leaf
    /// (default: the declared integer bounds).
    #[arg(long, value_name = "LO..HI", conflicts_with = "values", allow_hyphen_values = true)]
    domain: Option<String>,
    /// Try every distinct ordering of these values (one per unknown leaf).
    #[arg(long, value_name = "V1,V2,…")]
    values: Option<String>,
    /// A multiple-choice option to judge: the unknown leaves' values, left
    /// to right (repeatable).
    #[arg(long = "option", value_name = "V1,V2,…")]
    options: Vec<String>,
    #[arg(long, value_enum, default_value_t = PuzzleFormat::Text)]
    format: PuzzleFormat,
    /// List at most this many solutions (all are counted); 0: no limit.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    max_solutions: usize,
}

/// Partial assignments `puzzle` tries before giving up.
const PUZZLE_LIMIT: u64 = 50_000_000;
/// Complete assignments beyond which `puzzle` announces the search's size.
const LARGE_SPACE: u128 = 1_000_000;
/// How often a long `puzzle` search prints a progress line.
const PROGRESS_INTERVAL: std::time::Duration = std::time::Duration::from_secs(3);

/// The domain a puzzle spec declares: the integers of its bounds.
pub(super) fn declared_domain(game: &Game) -> Result<Domain, String> {
    let why = "the spec declares no integer `bounds`: give --domain LO..HI or --values V1,V2,…";
    let (lo, hi) = game.bounds().ok_or(why)?;
    match (lo.as_i64(), hi.as_i64()) {
        (Some(lo), Some(hi)) if lo.checked_sub(hi).is_some() => Ok(Domain::Range(lo, hi)),
        _ => Err(why.to_string()),
    }
}

pub(super) fn nums(vs: &[Num]) -> String {
    vs.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
}

pub fn puzzle(args: &PuzzleArgs) -> u8 {
    let Ok(input) = Input::read(&args.file) else { return 2 };
    let Ok(spec) = input.spec() else { return 2 };
    let game = &spec.game;
    let domain = match (&args.domain, &args.values) {
        (Some(d), _) => Domain::parse_range(d),
        (None, Some(v)) => Domain::parse_values(v),
        (None, None) => declared_domain(game),
    };
    let domain = match domain {
        Ok(d) => d,
        Err(why) => {
            eprintln!("error: {why}");
            return 2;
        }
    };
    let max = if args.max_solutions == 0 { usize::MAX } else { args.max_solutions };
    if let (Some(d), Domain::Range(lo, hi), Some((blo, bhi))) = (&args.domain, &domain, game.bounds())
        && (Num::int(*lo) < blo || Num::int(*hi) > bhi)
    {
        eprintln!("error: --domain {d} goes outside the declared bounds [{blo}, {bhi}]");
        return 2;
    }
    // A long search says so up front and then shows it is alive.
    let unknowns = puzzle::unknowns(game).len();
    let (space, space_text) = domain.space(unknowns);
    let counted = !matches!(&domain, Domain::Multiset(vs) if vs.len() != unknowns);
    if counted && unknowns > 0 && space > LARGE_SPACE {
        eprintln!(
            "note: searching up to {space_text} = {space} assignments (with pruning; giving up after {PUZZLE_LIMIT} partial assignments)…"
        );
    }
    let start = std::time::Instant::now();
    let mut last = start;
    let mut progress = |tried: u64, found: u128| {
        if last.elapsed() >= PROGRESS_INTERVAL {
            last = std::time::Instant::now();
            let secs = start.elapsed().as_secs();
            eprintln!("  … {tried} partial assignments tried, {found} solutions so far ({secs} s)");
        }
    };
    let solved = match puzzle::solve_reporting(&spec, &domain, PUZZLE_LIMIT, max, &mut progress) {
        Ok(s) => s,
        Err(puzzle::PuzzleError::NotApplicable(d)) => {
            input.report(&[d]);
            return 2;
        }
        Err(puzzle::PuzzleError::OutOfBounds { value }) => {
            let (lo, hi) = game.bounds().unwrap_or((value, value));
            match (&args.domain, &args.values) {
                (Some(d), _) => eprintln!("error: --domain {d} goes outside the declared bounds [{lo}, {hi}]"),
                (None, Some(_)) => eprintln!("error: --values: {value} lies outside the declared bounds [{lo}, {hi}]"),
                (None, None) => {
                    eprintln!("error: {}: {value} lies outside the declared bounds [{lo}, {hi}]", input.name)
                }
            }
            return 2;
        }
        Err(e) => {
            eprintln!("error: {}: {e}", input.name);
            return 2;
        }
    };
    let verdicts: Vec<puzzle::Verdict> = args.options.iter().map(|o| puzzle::judge(&spec, &domain, o)).collect();
    match args.format {
        PuzzleFormat::Json => {
            let solutions: Vec<Vec<Number>> =
                solved.solutions.iter().map(|s| s.iter().map(|v| Number::Num(*v)).collect()).collect();
            #[derive(serde::Serialize)]
            struct Json<'a> {
                count: u64,
                unique: bool,
                solutions: Vec<Vec<Number>>,
                options: &'a [puzzle::Verdict],
            }
            let count = u64::try_from(solved.count).unwrap_or(u64::MAX);
            let json = Json { count, unique: solved.count == 1, solutions, options: &verdicts };
            match serde_json::to_string_pretty(&json) {
                Ok(s) => println!("{s}"),
                Err(e) => return super::internal(e),
            }
        }
        PuzzleFormat::Text => {
            let names: Vec<String> = solved.unknowns.iter().map(|&id| leaf_reference(game, id)).collect();
            println!("unknown leaves, left to right: {}", names.join(" "));
            let unique = match solved.count {
                0 => "no assignment reproduces the expectations".to_string(),
                1 => "1 solution (unique)".to_string(),
                n => format!("{n} solutions (not unique)"),
            };
            println!("{unique}");
            for s in &solved.solutions {
                println!("  {}", nums(s));
            }
            if (solved.solutions.len() as u128) < solved.count {
                println!("  … (the first {} listed; --max-solutions 0 lists all)", solved.solutions.len());
            }
            for v in &verdicts {
                let word = if v.correct { "correct" } else { "wrong" };
                println!("option {}: {word}: {}", v.option, v.reason);
            }
        }
    }
    if solved.count == 0 { 1 } else { 0 }
}

/// A leaf's reference as people read it (`B.2`).
fn leaf_reference(game: &Game, id: gametree::model::NodeId) -> String {
    let mut found = None;
    let mut stack = vec![(gametree::model::NodeId::ROOT, gametree::model::Path::root())];
    while let Some((n, p)) = stack.pop() {
        if n == id {
            found = Some(p);
            break;
        }
        for (i, e) in game.node(n).children().iter().enumerate().rev() {
            stack.push((e.child, p.child(i as u32)));
        }
    }
    found.map_or_else(|| "?".into(), |p| gametree::analysis::reference(game, &p))
}

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

pub fn generate(args: &GenerateArgs) -> u8 {
    let range = match Domain::parse_range(&args.range) {
        Ok(Domain::Range(lo, hi)) => (lo, hi),
        Ok(Domain::Multiset(_)) => return 2,
        Err(why) => {
            eprintln!("error: --range: {why}");
            return 2;
        }
    };
    if args.plain {
        if args.branching == 0 {
            eprintln!("error: --plain: --branching must be 1 or more");
            return 2;
        }
        if u64::from(args.branching).checked_pow(args.depth).is_none_or(|n| n > 1 << 30) {
            eprintln!("error: --plain: {}^{} leaves is more than 2^30", args.branching, args.depth);
            return 2;
        }
        let bounds = if args.bounds { format!("bounds [{}, {}]\n", range.0, range.1) } else { String::new() };
        let tree = gametree::check::bigtree::uniform_in(args.branching, args.depth, args.seed, range);
        return super::write_output(args.output.as_deref(), std::path::Path::new(""), args.force, &(bounds + &tree));
    }
    let c = gametree::check::generate::Constraints {
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
    let mut command =
        format!("gametree generate --depth {} --branching {} --range {}..{}", c.depth, c.branching, range.0, range.1);
    for (on, flag) in [
        (c.chance, "--chance"),
        (c.equality_case, "--equality-case"),
        (c.root_tie, "--root-tie"),
        (c.bounds, "--bounds"),
    ] {
        if on {
            command += &format!(" {flag}");
        }
    }
    if let Some(k) = c.pruned {
        command += &format!(" --pruned {k}");
    }
    if let Some(k) = c.min_pruned {
        command += &format!(" --min-pruned {k}");
    }
    command += &format!(" --seed {}", c.seed);
    match gametree::check::generate::generate(&c, &command) {
        Ok(text) => super::write_output(args.output.as_deref(), std::path::Path::new(""), args.force, &text),
        Err(e) => {
            eprintln!("error: {e}");
            2
        }
    }
}

#[derive(Args, Debug)]
pub struct LintArgs {
    /// Spec files, or folders searched for `.tree`/`.yaml` files.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

pub fn lint(args: &LintArgs) -> u8 {
    let (mut warned, mut broken) = (0, 0);
    for path in super::spec_files(&args.paths) {
        let Ok(input) = Input::read(&path) else {
            broken += 1;
            continue;
        };
        let file = match gametree::parse_any(&input.name, &input.text) {
            Ok(f) => f,
            Err(ds) => {
                input.report(&ds);
                broken += 1;
                continue;
            }
        };
        let spec = match gametree::check::spec::from_ast(&file) {
            Ok(s) => s,
            Err(ds) => {
                input.report(&ds);
                broken += 1;
                continue;
            }
        };
        let source = Source { name: &input.name, text: &input.text };
        let warnings = gametree::check::lint::lint(&file, &spec);
        for w in &warnings {
            print!("{}", source.render_warning(&w.message, w.span));
        }
        if !warnings.is_empty() {
            let n = warnings.len();
            println!("{n} warning{} in {}", if n == 1 { "" } else { "s" }, input.name);
            warned += 1;
        }
    }
    if broken > 0 {
        2
    } else if warned > 0 {
        1
    } else {
        0
    }
}

#[derive(Args, Debug)]
pub struct FmtArgs {
    /// `.tree` files to format.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print nothing; exit 1 if any file is not in the canonical layout.
    #[arg(long, conflicts_with = "write")]
    check: bool,
    /// Rewrite files in place (atomically), only those that change.
    #[arg(long)]
    write: bool,
}

pub fn fmt(args: &FmtArgs) -> u8 {
    let (mut unformatted, mut broken) = (0, 0);
    for path in &args.files {
        let Ok(input) = Input::read(path) else {
            broken += 1;
            continue;
        };
        if gametree::is_yaml(&input.name) {
            eprintln!("error: {}: fmt formats .tree files; convert YAML with `gametree convert`", input.name);
            broken += 1;
            continue;
        }
        // Format only what solve/check/convert accept (`?` leaves included).
        match gametree::parse_any(&input.name, &input.text).map(|f| gametree::model::validate::validate(&f)) {
            Ok(Ok(_)) => {}
            Ok(Err(ds)) | Err(ds) => {
                input.report(&ds);
                broken += 1;
                continue;
            }
        }
        let formatted = match gametree::syntax::fmt::format(&input.text) {
            Ok(f) => f,
            Err(gametree::syntax::fmt::FmtError::Parse(ds)) => {
                input.report(&ds);
                broken += 1;
                continue;
            }
            Err(gametree::syntax::fmt::FmtError::Unsafe(why)) => {
                eprintln!("error: {}: not formatted, to keep what is written: {why}", input.name);
                broken += 1;
                continue;
            }
        };
        let changed = formatted != input.text;
        if args.check {
            if changed {
                println!("would reformat {}", input.name);
                unformatted += 1;
            }
        } else if args.write {
            if changed && replace(path, &formatted).is_err() {
                broken += 1;
            }
        } else {
            print!("{formatted}");
        }
    }
    if broken > 0 {
        2
    } else if unformatted > 0 {
        1
    } else {
        0
    }
}

/// Rewrites `path` atomically: a temporary file beside it, then a rename.
fn replace(path: &std::path::Path, text: &str) -> Result<(), ()> {
    atomic_write(path, text).map_err(|e| eprintln!("error: cannot write {}: {e}", path.display()))
}

/// Writes `text` to `path` atomically (a temporary file beside the real
/// file, then a rename) without changing what `path` is: through a symlink
/// to its target (the link stays a link), and keeping an existing file's
/// permissions (a private file stays private; the temporary file has them
/// from its creation on). Shared by `fmt --write` and every `-o`.
pub(super) fn atomic_write(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    let target = if is_link { resolve_link(path)? } else { path.to_path_buf() };
    let permissions = std::fs::metadata(&target).ok().map(|m| m.permissions());
    let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    let name = target.file_name().and_then(|n| n.to_str()).unwrap_or("out");
    let tmp = dir.join(format!(".{name}.gametree-tmp"));
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    if let Some(p) = &permissions {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        options.mode(p.mode() & 0o7777);
    }
    let result = options.open(&tmp).and_then(|mut f| {
        if let Some(p) = permissions {
            f.set_permissions(p)?; // the mode above is cut by the umask
        }
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        drop(f);
        std::fs::rename(&tmp, &target)
    });
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Where a symlink finally points: its canonical path, or for a dangling
/// link, the path it names (relative to the link's folder).
fn resolve_link(path: &std::path::Path) -> std::io::Result<PathBuf> {
    if let Ok(real) = std::fs::canonicalize(path) {
        return Ok(real);
    }
    let mut at = path.to_path_buf();
    for _ in 0..40 {
        if !std::fs::symlink_metadata(&at).is_ok_and(|m| m.file_type().is_symlink()) {
            return Ok(at);
        }
        let to = std::fs::read_link(&at)?;
        at = match at.parent() {
            Some(dir) if to.is_relative() => dir.join(to),
            _ => to,
        };
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}
