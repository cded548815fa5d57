//! `gametree convert`: the text form to YAML and back; nested lists and
//! CS188 `.test` files in, CS188 `.test` files out.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use gametree::Form;
use gametree::check::convert::Source;

use super::io::{Exit, Input, Output};

pub const EXAMPLES: &str = "\
Examples:
  gametree convert specs/aima-fig5-2.tree --to yaml -o fig5-2.yaml
  gametree convert specs/aima-fig5-2.tree --to cs188 -o fig5-2.test
  gametree convert --from nested '[[3, 12, 8], [2, 4, 6], [14, 5, 2]]' --to tree";

#[derive(Args, Debug)]
pub struct ConvertArgs {
    /// The input file; with `--from nested`, the list itself may be given
    /// instead (`'[[3, 12, 8], [2, 4, 6]]'`).
    file: PathBuf,
    /// The input's form: a spec (text or YAML, by the file name), a nested
    /// list (MAX at the root, MIN and MAX alternating), or a CS188
    /// GraphGameTreeTest file. Default: cs188 for `.test`, else spec.
    #[arg(long, value_enum)]
    from: Option<FromArg>,
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
    Cs188,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum FromArg {
    Spec,
    Nested,
    Cs188,
}

pub fn convert(args: &ConvertArgs, out: &mut dyn Write) -> Exit {
    let from = match args.from {
        Some(FromArg::Spec) => Source::Spec,
        Some(FromArg::Nested) => Source::Nested,
        Some(FromArg::Cs188) => Source::Cs188,
        None if args.file.extension().is_some_and(|e| e == "test") => Source::Cs188,
        None => Source::Spec,
    };
    let literal =
        args.file.to_str().filter(|t| from == Source::Nested && t.trim_start().starts_with('[') && !args.file.exists());
    let input = match literal {
        Some(text) => Input { name: "<nested list>".into(), text: text.to_string(), again: None },
        None => match Input::read(&args.file) {
            Ok(input) => input,
            Err(code) => return Ok(code),
        },
    };
    let form = match args.to {
        FormArg::Tree => Form::Tree,
        FormArg::Yaml => Form::Yaml,
        FormArg::Cs188 => Form::Cs188,
    };
    let converted = match gametree::check::convert::convert_from(from, &input.name, &input.text, form) {
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
            Form::Cs188 => eprintln!("note: a CS188 test file keeps no comments; {lines} are not carried over"),
            Form::Tree => eprintln!(
                "note: convert prints the spec without comments; {lines} are not carried over (`gametree fmt` keeps them)"
            ),
        }
    }
    Output { path: args.output.as_deref(), input: &args.file, force: args.force }.write(out, &converted.text)
}
