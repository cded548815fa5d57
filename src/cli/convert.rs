//! `gametree convert`: the text form to YAML and back.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use gametree::Form;

use super::io::{Exit, Input, Output};

pub const EXAMPLES: &str = "\
Examples:
  gametree convert specs/aima-fig5-2.tree --to yaml -o fig5-2.yaml
  gametree convert specs/aima-fig5-2.tree --to yaml";

#[derive(Args, Debug)]
pub struct ConvertArgs {
    file: PathBuf,
    /// The form to write.
    #[arg(long, value_enum)]
    to: FormArg,
    /// Write here instead of standard output (never over an existing file
    /// unless --force).
    #[arg(short, long)]
    output: Option<PathBuf>,
    #[arg(long)]
    force: bool,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum FormArg {
    Tree,
    Yaml,
}

pub fn convert(args: &ConvertArgs, out: &mut dyn Write) -> Exit {
    let Ok(input) = Input::read(&args.file) else { return Ok(2) };
    let form = match args.to {
        FormArg::Tree => Form::Tree,
        FormArg::Yaml => Form::Yaml,
    };
    let converted = match gametree::convert(&input.name, &input.text, form) {
        Ok(c) => c,
        Err(ds) => {
            input.report(&ds);
            return Ok(2);
        }
    };
    // Neither form is printed with the source's comments: say so.
    let n = converted.comments_dropped;
    if n > 0 {
        let lines = format!("{n} comment line{} of {}", if n == 1 { "" } else { "s" }, input.name);
        match form {
            Form::Yaml => eprintln!("note: the YAML form has no comments; {lines} are not carried over"),
            Form::Tree => eprintln!(
                "note: convert prints the spec without comments; {lines} are not carried over (`gametree fmt` keeps them)"
            ),
        }
    }
    Output { path: args.output.as_deref(), input: &args.file, force: args.force }.write(out, &converted.text)
}
