//! The command line: clap types, turned into plain option structs, and the
//! commands that print. Exit codes: 0 ok, 1 a check or answer failed,
//! 2 bad input or usage.

use std::io::Write;
use std::path::{Path as FsPath, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

use gametree::check::spec::Spec;
use gametree::diagnostic::{Diagnostic, DiagnosticKind, Source};
use gametree::model::Game;
use gametree::num::Num;
use gametree::report::compare::{Comparison, ComparisonText};
use gametree::report::{AlgoReport, Report, Text};
use gametree::search::options::{self, CutRule, FailMode, Options, Order, Replace, Ties};
use gametree::search::{self, Algorithm};

mod check;
mod draw;
mod exam;

/// Game-tree search made teachable and checkable.
#[derive(Parser, Debug)]
#[command(name = "gametree", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Evaluate a spec with one or more algorithms and report what each did.
    Solve(SolveArgs),
    /// Evaluate every `expect` block in files or folders; exit 1 on a mismatch.
    Check(CheckArgs),
    /// Convert a spec between the text form and the YAML form.
    Convert(ConvertArgs),
    /// Grade students' answer files (YAML) against the computed truth.
    Grade(exam::GradeArgs),
    /// Solve a spec with unknown leaves (`?`) against its `expect` blocks.
    Puzzle(exam::PuzzleArgs),
    /// Generate a random exam tree with its answers computed.
    Generate(exam::GenerateArgs),
    /// Warn about specs that are legal but suspicious.
    Lint(exam::LintArgs),
    /// Print specs in the canonical layout (comments kept).
    Fmt(exam::FmtArgs),
    /// Draw the tree and a search of it (DOT, TikZ, SVG, HTML; --steps animates).
    Draw(draw::DrawArgs),
}

#[derive(Args, Debug)]
struct SolveArgs {
    /// The spec (`.tree`, or `.yaml`/`.yml` for the YAML form).
    file: PathBuf,
    /// Algorithms to run (repeatable); default: every one that applies.
    #[arg(short, long = "algorithm", value_name = "ALGO")]
    algorithms: Vec<String>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Narrate every step, with α and β (in JSON and YAML too, as `steps`).
    #[arg(long)]
    trace: bool,
    /// Compare every algorithm that applies side by side (value, best move,
    /// leaves, cutoffs), flagging any disagreement in the root value.
    #[arg(long, conflicts_with = "algorithms")]
    all: bool,
    #[command(flatten)]
    conventions: ConventionArgs,
}

/// The conventions every algorithm honours (SPEC §2).
#[derive(Args, Debug, Clone)]
struct ConventionArgs {
    /// Cut only on strict inequality (v > β, v < α), as CS188's autograder.
    #[arg(long)]
    strict_cuts: bool,
    /// Return values clamped to the window (β on a cut).
    #[arg(long)]
    fail_hard: bool,
    /// Search from (-inf, +inf) even when the spec declares `bounds`.
    #[arg(long)]
    ignore_bounds: bool,
    /// Which root move is best when several tie.
    #[arg(long, value_enum, default_value_t = TiesArg::First)]
    ties: TiesArg,
    /// The order children are searched in.
    #[arg(long, value_enum, default_value_t = OrderArg::Spec)]
    order: OrderArg,
    /// Cut the search at this depth (root = 0) and use `eval` there.
    #[arg(long, value_name = "N")]
    depth: Option<u32>,
    /// Past the cutoff, search `[noisy]` nodes until quiet ones (needs --depth).
    #[arg(long)]
    quiescence: bool,
    /// Forward pruning: each MAX/MIN node considers only its K best children by `eval`.
    #[arg(long, value_name = "K", value_parser = options::parse_beam)]
    beam: Option<u32>,
    /// Search one level deeper below a child whose `eval` beats all its siblings' by at least M (needs --depth).
    #[arg(long, value_name = "M", value_parser = options::parse_margin)]
    singular_extension: Option<Num>,
    /// maxn: Korf's shallow pruning (needs the spec's `sum`).
    #[arg(long)]
    shallow: bool,
    /// paranoid: the player whose component is maximized (others minimize it).
    #[arg(long, value_name = "NAME")]
    player: Option<String>,
    /// Transposition-table entries (negamax-tt, mtdf): slot = hash(key) mod N; default unlimited.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    tt_size: Option<u64>,
    /// Which entry a full table slot keeps.
    #[arg(long, value_enum, default_value_t = ReplaceArg::Always)]
    tt_replace: ReplaceArg,
    /// MTD(f)'s first guess.
    #[arg(long, value_name = "F", allow_hyphen_values = true, value_parser = parse_num)]
    guess: Option<Num>,
}

fn parse_num(s: &str) -> Result<Num, String> {
    Num::parse(s).map_err(|_| format!("`{s}` is not a number"))
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum ReplaceArg {
    /// A new entry always replaces the slot's.
    Always,
    /// Keep the entry searched to the greater remaining depth.
    Depth,
}

#[derive(Args, Debug)]
struct CheckArgs {
    /// Spec files, or folders searched for `.tree`/`.yaml` files.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

#[derive(Args, Debug)]
struct ConvertArgs {
    file: PathBuf,
    /// The form to write.
    #[arg(long, value_enum)]
    to: Form,
    /// Write here instead of standard output (never over an existing file
    /// unless --force).
    #[arg(short, long)]
    output: Option<PathBuf>,
    #[arg(long)]
    force: bool,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq)]
enum Format {
    Text,
    Json,
    Yaml,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum Form {
    Tree,
    Yaml,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum TiesArg {
    First,
    Last,
    All,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum OrderArg {
    Spec,
    Reverse,
    Best,
    Worst,
    Eval,
}

impl ConventionArgs {
    fn options(&self) -> Options {
        Options {
            cuts: if self.strict_cuts { CutRule::Strict } else { CutRule::OnEquality },
            fail: if self.fail_hard { FailMode::Hard } else { FailMode::Soft },
            ignore_bounds: self.ignore_bounds,
            ties: match self.ties {
                TiesArg::First => Ties::First,
                TiesArg::Last => Ties::Last,
                TiesArg::All => Ties::All,
            },
            order: match self.order {
                OrderArg::Spec => Order::Spec,
                OrderArg::Reverse => Order::Reverse,
                OrderArg::Best => Order::Best,
                OrderArg::Worst => Order::Worst,
                OrderArg::Eval => Order::Eval,
            },
            depth: self.depth,
            shallow: self.shallow,
            player: self.player.clone(),
            tt_size: self.tt_size,
            tt_replace: match self.tt_replace {
                ReplaceArg::Always => Replace::Always,
                ReplaceArg::Depth => Replace::Depth,
            },
            guess: self.guess,
            quiescence: self.quiescence,
            beam: self.beam,
            singular: self.singular_extension,
        }
    }
}

/// Runs the command line; returns the process's exit code.
pub fn run() -> ExitCode {
    restore_sigpipe();
    report_output_errors();
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Solve(args) => solve(&args),
        Command::Check(args) => check::check(&args),
        Command::Convert(args) => convert(&args),
        Command::Grade(args) => exam::grade(&args),
        Command::Puzzle(args) => exam::puzzle(&args),
        Command::Generate(args) => exam::generate(&args),
        Command::Lint(args) => exam::lint(&args),
        Command::Fmt(args) => exam::fmt(&args),
        Command::Draw(args) => draw::draw(&args),
    };
    ExitCode::from(code)
}

/// A file read as text, kept for rendering diagnostics.
struct Input {
    name: String,
    text: String,
}

impl Input {
    fn read(path: &FsPath) -> Result<Input, u8> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| {
            eprintln!("error: cannot read {name}: {e}");
            2
        })?;
        match gametree::decode(&bytes) {
            // The bytes become the text without a copy.
            Ok(_) => Ok(Input { name, text: String::from_utf8(bytes).unwrap_or_default() }),
            Err(d) => {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                Input { name, text }.report(&[d]);
                Err(2)
            }
        }
    }

    fn report(&self, diagnostics: &[Diagnostic]) {
        eprint!("{}", self.render(diagnostics));
    }

    /// The diagnostics with carets, and how many there were.
    fn render(&self, diagnostics: &[Diagnostic]) -> String {
        let source = Source { name: &self.name, text: &self.text };
        let mut out: String = diagnostics.iter().map(|d| source.render(d)).collect();
        let n = diagnostics.len();
        out += &format!("{n} error{} in {}\n", if n == 1 { "" } else { "s" }, self.name);
        out
    }

    /// Lets the source text go once no diagnostic can point into it any
    /// more: on a big tree it is a tenth of what the report needs.
    fn release_text(&mut self) {
        self.text = String::new();
    }

    fn game(&self) -> Result<Game, u8> {
        self.spec().map(|s| s.game)
    }

    /// The validated game with its resolved `expect` blocks.
    fn spec(&self) -> Result<Spec, u8> {
        gametree::check::spec::load(&self.name, &self.text).map_err(|ds| {
            self.report(&ds);
            2
        })
    }
}

fn solve(args: &SolveArgs) -> u8 {
    let Ok(mut input) = Input::read(&args.file) else { return 2 };
    let Ok(game) = input.game() else { return 2 };
    let opts = args.conventions.options();
    let algorithms = if args.algorithms.is_empty() {
        let all = search::applicable(&game);
        if all.is_empty() {
            eprintln!("error: no algorithm applies to {}", input.name);
            return 2;
        }
        all
    } else {
        let mut out = Vec::new();
        for name in &args.algorithms {
            match Algorithm::from_name(name) {
                Some(a) => out.push(a),
                None => {
                    eprintln!("error: unknown algorithm `{name}`: expected one of {}", Algorithm::names().join(", "));
                    return 2;
                }
            }
        }
        out
    };
    if args.all {
        return compare(&input, &game, &opts, args.format);
    }
    let mut results = Vec::new();
    let chosen = !args.algorithms.is_empty();
    let count = algorithms.len();
    for (k, a) in algorithms.into_iter().enumerate() {
        let run = search::run(&game, a, &opts);
        if run.is_ok() && k + 1 == count {
            input.release_text(); // only searches report errors, and the last one is done
        }
        match run {
            Ok(trace) if args.trace => results.push(AlgoReport::narrated(&game, &trace)),
            Ok(trace) => results.push(AlgoReport::new(&game, &trace)),
            // Run by default, an algorithm that refuses these options is
            // skipped with a note; asked for by name, it is an error.
            Err(d) if !chosen && matches!(d.kind, DiagnosticKind::NotApplicable { .. }) && !results.is_empty() => {
                eprintln!("note: {a} skipped: {}", d.kind);
            }
            Err(d) => {
                input.report(&[d]);
                return 2;
            }
        }
    }
    let report = Report { title: game.title().map(str::to_string), results };
    match args.format {
        Format::Text => print!("{}", Text { game: &game, report: &report }),
        Format::Json => {
            // Streamed: a big tree's report is as large as the tree.
            let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
            let written = gametree::report::json::to_writer_pretty(&mut out, &report).map_err(std::io::Error::from);
            if let Err(e) = written.and_then(|()| writeln!(out)).and_then(|()| out.flush()) {
                return internal(e);
            }
        }
        Format::Yaml => match serde_yaml::to_string(&report) {
            Ok(s) => print!("{s}"),
            Err(e) => return internal(e),
        },
    }
    0
}

/// `solve --all`: every applicable algorithm side by side; exit 1 when
/// they disagree on the root value.
fn compare(input: &Input, game: &Game, opts: &Options, format: Format) -> u8 {
    let mut traces = Vec::new();
    for a in search::applicable(game) {
        match search::run(game, a, opts) {
            Ok(t) => traces.push(t),
            Err(d) => {
                input.report(&[d]);
                return 2;
            }
        }
    }
    let c = Comparison::new(game, &traces);
    match format {
        Format::Text => print!("{}", ComparisonText { game, comparison: &c }),
        Format::Json => match serde_json::to_string_pretty(&c) {
            Ok(s) => println!("{s}"),
            Err(e) => return internal(e),
        },
        Format::Yaml => match serde_yaml::to_string(&c) {
            Ok(s) => print!("{s}"),
            Err(e) => return internal(e),
        },
    }
    if c.agreement { 0 } else { 1 }
}

fn internal(e: impl std::fmt::Display) -> u8 {
    eprintln!("error: {e}");
    2
}

/// Every spec file under the given paths, sorted, folders recursively.
fn spec_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found = Vec::new();
            collect(p, &mut found);
            found.sort();
            out.extend(found);
        } else {
            out.push(p.clone());
        }
    }
    out
}

fn collect(dir: &FsPath, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "tree" || e == "yaml" || e == "yml") {
            out.push(path);
        }
    }
}

fn convert(args: &ConvertArgs) -> u8 {
    let Ok(input) = Input::read(&args.file) else { return 2 };
    let file = match gametree::parse_any(&input.name, &input.text) {
        Ok(f) => f,
        Err(ds) => {
            input.report(&ds);
            return 2;
        }
    };
    if let Err(ds) = gametree::model::validate::validate(&file) {
        input.report(&ds);
        return 2;
    }
    let out = match args.to {
        Form::Tree => gametree::syntax::print::print(&file),
        Form::Yaml => gametree::syntax::yaml::to_yaml(&file),
    };
    // Neither form is printed with the source's comments: say so.
    let n = if gametree::is_yaml(&input.name) { 0 } else { gametree::syntax::fmt::comments(&input.text).len() };
    if n > 0 {
        let lines = format!("{n} comment line{} of {}", if n == 1 { "" } else { "s" }, input.name);
        match args.to {
            Form::Yaml => eprintln!("note: the YAML form has no comments; {lines} are not carried over"),
            Form::Tree => eprintln!(
                "note: convert prints the spec without comments; {lines} are not carried over (`gametree fmt` keeps them)"
            ),
        }
    }
    write_output(args.output.as_deref(), &args.file, args.force, &out)
}

/// Writes to stdout, or atomically to `path` (temp file + rename), never
/// over the input and never over an existing file without `--force`.
fn write_output(path: Option<&FsPath>, input: &FsPath, force: bool, text: &str) -> u8 {
    let Some(path) = path else {
        print!("{text}");
        return 0;
    };
    let same = |a: &FsPath, b: &FsPath| match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    };
    if same(path, input) {
        eprintln!("error: refusing to write over the input file {}", input.display());
        return 2;
    }
    if path.exists() && !force {
        eprintln!("error: {} exists; pass --force to replace it", path.display());
        return 2;
    }
    // Through a symlink to its target, keeping the replaced file's permissions.
    if let Err(e) = exam::atomic_write(path, text) {
        eprintln!("error: cannot write {}: {e}", path.display());
        return 2;
    }
    0
}

/// `print!` panics when standard output cannot be written (a full disk,
/// `> /dev/full`); say so plainly and exit 2 instead of showing a panic.
fn report_output_errors() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload.downcast_ref::<String>().map(String::as_str).or(payload.downcast_ref::<&str>().copied());
        match message.and_then(|m| m.strip_prefix("failed printing to stdout: ")) {
            Some(why) => {
                eprintln!("error: cannot write the output: {why}");
                std::process::exit(2);
            }
            None => default(info),
        }
    }));
}

/// Rust ignores SIGPIPE, so `gametree … | head` would panic on the closed
/// pipe; restore the default (end quietly), as Unix tools do.
#[cfg(unix)]
fn restore_sigpipe() {
    unsafe extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: setting a signal's disposition to the default has no preconditions.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
}

#[cfg(not(unix))]
fn restore_sigpipe() {}
