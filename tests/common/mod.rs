//! Running the `gametree` binary as a user would, for the CLI tests.

use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs `gametree ARGS…` from the repository root.
pub fn gametree(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gametree")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh scratch folder for one test (`group` keeps test files apart).
pub fn scratch(group: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gametree-{group}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
