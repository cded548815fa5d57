//! What a newcomer reads: every command's `--help` ends with examples on
//! the shipped files, the last of which runs as written; `-a` lists the
//! algorithm names; the shell completions know every command.

use std::process::Command;

mod common;

use common::{gametree, stderr, stdout};

/// The subcommands `gametree --help` lists (clap's own `help` aside).
fn commands() -> Vec<String> {
    let help = stdout(&gametree(&["--help"]));
    let listed = help.split("Commands:\n").nth(1).expect("a Commands section");
    listed
        .lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(String::from)
        .collect()
}

#[test]
fn every_command_is_listed() {
    let want = ["solve", "check", "convert", "grade", "puzzle", "generate", "lint", "fmt", "draw", "completions"];
    assert_eq!(commands(), want);
}

#[test]
fn every_commands_help_ends_with_an_example_that_runs() {
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_gametree")).parent().unwrap().to_path_buf();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    for command in commands() {
        for flag in ["--help", "-h"] {
            let out = gametree(&[&command, flag]);
            assert_eq!(out.status.code(), Some(0), "{command} {flag}: {}", stderr(&out));
            let help = stdout(&out);
            let examples = help.split("\nExamples:\n").nth(1).unwrap_or_else(|| panic!("{command} {flag}: {help}"));
            let lines: Vec<&str> = examples.lines().collect();
            assert!((2..=3).contains(&lines.len()), "{command} {flag}: two or three examples, last: {lines:?}");
            for l in &lines {
                assert!(l.starts_with(&format!("  gametree {command} ")), "{command}: `{l}`");
            }
            // The last one, run as a shell would, with this build first on PATH.
            let last = lines.last().unwrap().trim();
            let out = Command::new("sh")
                .args(["-c", last])
                .env("PATH", &path)
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0), "`{last}`: {}", stderr(&out));
        }
    }
}

#[test]
fn the_algorithm_option_lists_every_algorithm_name() {
    for command in ["solve", "draw", "grade"] {
        let help = stdout(&gametree(&[command, "--help"]));
        for name in gametree::search::Algorithm::names() {
            assert!(help.contains(name), "{command} --help lacks `{name}`");
        }
    }
    let out = gametree(&["solve", "specs/aima-fig5-2.tree", "-a", "alfabeta"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("possible values: minimax, negamax, alphabeta"), "{}", stderr(&out));
}

#[test]
fn completions_know_every_command_and_algorithm() {
    let out = gametree(&["completions", "bash"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let script = stdout(&out);
    for command in commands() {
        assert!(script.contains(&format!("cmd=\"gametree__subcmd__{command}\"")), "bash completion lacks `{command}`");
    }
    assert!(script.contains("negamax-tt"), "the algorithm names are completed");
    for shell in ["zsh", "fish"] {
        let out = gametree(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", stderr(&out));
        assert!(stdout(&out).contains("puzzle"), "{shell}");
    }
}
