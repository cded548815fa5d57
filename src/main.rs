//! The `gametree` command. All the work is in the library and `cli.rs`.

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
