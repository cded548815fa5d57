//! `gametree completions SHELL`: a completion script for the shell, made
//! by `clap_complete` from the same clap definition (algorithm names and
//! every other choice included).

use std::io::Write;

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::Cli;
use super::io::Exit;

pub const EXAMPLES: &str = "\
Examples:
  gametree completions bash > ~/.local/share/bash-completion/completions/gametree
  gametree completions zsh > ~/.zfunc/_gametree
  gametree completions fish";

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    shell: Shell,
}

pub fn completions(args: &CompletionsArgs, out: &mut dyn Write) -> Exit {
    // Made in memory first: clap_complete panics on a failed write.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "gametree", &mut script);
    out.write_all(&script)?;
    Ok(0)
}
