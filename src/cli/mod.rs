//! The command line: the clap types of every command and [`run`]. Each
//! command's file turns its arguments into library options, calls the
//! library and prints the result; `args.rs` holds the shared argument
//! groups, `io.rs` reading inputs and writing outputs.
//!
//! Exit codes: 0 ok, 1 a check or answer failed, 2 bad input or usage.
//! Architecture invariant: only this module prints, and only through the
//! writer `run` hands out (never `print!`, which panics on a closed pipe).
#![deny(clippy::print_stdout)]

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod args;
mod check;
mod completions;
mod convert;
mod draw;
mod fmt;
mod generate;
mod grade;
mod io;
mod lint;
mod practice;
mod puzzle;
mod solve;

/// Game-tree search made teachable and checkable.
#[derive(Parser, Debug)]
#[command(
    name = "gametree",
    version,
    about,
    after_help = "Start with:\n  gametree solve specs/aima-fig5-2.tree\n\nEvery command's --help ends with examples."
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Evaluate a spec with one or more algorithms and report what each did.
    #[command(after_help = solve::EXAMPLES)]
    Solve(solve::SolveArgs),
    /// Evaluate every `expect` block in files or folders; exit 1 on a mismatch.
    #[command(after_help = check::EXAMPLES)]
    Check(check::CheckArgs),
    /// Convert a spec between the text form and the YAML form.
    #[command(after_help = convert::EXAMPLES)]
    Convert(convert::ConvertArgs),
    /// Grade students' answer files (YAML) against the computed truth.
    #[command(after_help = grade::EXAMPLES)]
    Grade(grade::GradeArgs),
    /// Solve a spec with unknown leaves (`?`) against its `expect` blocks.
    #[command(after_help = puzzle::EXAMPLES)]
    Puzzle(puzzle::PuzzleArgs),
    /// Generate a random exam tree with its answers computed.
    #[command(after_help = generate::EXAMPLES)]
    Generate(generate::GenerateArgs),
    /// Write an offline practice page: alpha-beta problems to prune by hand and check.
    #[command(
        after_help = practice::EXAMPLES,
        mut_arg("depth", |a| a.required(false).default_value("3")),
        mut_arg("branching", |a| a.required(false).default_value("3")),
        mut_arg("min_pruned", |a| a.default_value("2")),
        // The page practises alpha-beta on MAX/MIN trees (--chance is refused).
        mut_arg("chance", |a| a.hide(true)),
        mut_arg("algorithm", |a| a.hide(true)),
        mut_arg("pruned", |a| a.help("Alpha-beta must prune exactly K edges")),
    )]
    Practice(practice::PracticeArgs),
    /// Warn about specs that are legal but suspicious.
    #[command(after_help = lint::EXAMPLES)]
    Lint(lint::LintArgs),
    /// Print specs in the canonical layout (comments kept).
    #[command(after_help = fmt::EXAMPLES)]
    Fmt(fmt::FmtArgs),
    /// Draw the tree and a search of it (DOT, TikZ, SVG, HTML; --steps animates).
    #[command(after_help = draw::EXAMPLES)]
    Draw(draw::DrawArgs),
    /// Print a shell completion script (bash, zsh, fish, …).
    #[command(after_help = completions::EXAMPLES)]
    Completions(completions::CompletionsArgs),
}

/// Runs the command line; returns the process's exit code.
pub fn run() -> ExitCode {
    ExitCode::from(run_from(std::env::args_os()))
}

/// Runs the command line on `args` (the program's name first), as the
/// Python package's `gametree` command does; returns the exit code.
pub fn run_from<I, T>(args: I) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return u8::try_from(e.exit_code()).unwrap_or(2);
        }
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result = match cli.command {
        Command::Solve(args) => solve::solve(&args, &mut out),
        Command::Check(args) => check::check(&args, &mut out),
        Command::Convert(args) => convert::convert(&args, &mut out),
        Command::Grade(args) => grade::grade(&args, &mut out),
        Command::Puzzle(args) => puzzle::puzzle(&args, &mut out),
        Command::Generate(args) => generate::generate(&args, &mut out),
        Command::Practice(args) => practice::practice(&args, &mut out),
        Command::Lint(args) => lint::lint(&args, &mut out),
        Command::Fmt(args) => fmt::fmt(&args, &mut out),
        Command::Draw(args) => draw::draw(&args, &mut out),
        Command::Completions(args) => completions::completions(&args, &mut out),
    };
    io::exit_code(result.and_then(|code| out.flush().map(|()| code)))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_clap_definition_is_consistent() {
        use clap::CommandFactory;
        super::Cli::command().debug_assert();
    }
}
