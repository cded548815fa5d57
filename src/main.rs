//! The `gametree` command: `cli::run` parses the arguments, runs the
//! command (the work is in the library) and gives the exit code.

mod cli;

fn main() -> std::process::ExitCode {
    // The searches recurse once per level: give them a stack for the
    // deepest tree the parser accepts (only what is used is committed).
    gametree::with_stack(gametree::syntax::parse::MAX_DEPTH, cli::run)
}
