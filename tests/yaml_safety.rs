//! Hostile YAML, as spec or as answer file: an alias bomb ("billion
//! laughs") and a document nested 100,000 levels deep are refused with a
//! clear diagnostic and exit 2, quickly, without a stack overflow and
//! within a memory limit far below what expanding them would take.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// Nine levels of nine aliases each: 9^9 (387 million) nodes once expanded.
fn laughs(first: &str, level: impl Fn(char, char) -> String) -> String {
    let mut text = first.to_string();
    for (prev, name) in "abcdefgh".chars().zip("bcdefghi".chars()) {
        text += &level(prev, name);
    }
    text
}

/// A spec whose tree is a billion-laughs DAG of valid nodes.
fn laughing_tree() -> String {
    let leaves = ["{value: 1}"; 9].join(", ");
    let first = format!("tree:\n  kind: MAX\n  children:\n  - &a {{kind: MAX, children: [{leaves}]}}\n");
    laughs(&first, |prev, name| {
        format!("  - &{name} {{kind: MAX, children: [{}]}}\n", vec![format!("*{prev}"); 9].join(", "))
    })
}

/// An answer file whose `pruned` list is a billion laughs.
fn laughing_answer() -> String {
    let first = format!("a: &a [{}]\n", ["lol"; 9].join(", "));
    laughs(&first, |prev, name| format!("{name}: &{name} [{}]\n", vec![format!("*{prev}"); 9].join(", ")))
        + "pruned: *i\n"
}

const DEEP: usize = 100_000;

/// A spec whose tree nests `DEEP` flow mappings.
fn deep_tree() -> String {
    format!("tree: {}{{value: 1}}{}\n", "{kind: MAX, children: [".repeat(DEEP), "]}".repeat(DEEP))
}

/// An answer file whose `pruned` list nests `DEEP` flow sequences.
fn deep_answer() -> String {
    format!("pruned: {}{}\n", "[".repeat(DEEP), "]".repeat(DEEP))
}

/// `text` in a fresh scratch folder, as `NAME.yaml`.
fn write(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gametree-yaml-safety-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.yaml"));
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs `gametree ARGS…` with its address space limited to 1 GiB (`ulimit -v`),
/// and how long it took.
fn limited(args: &[&Path]) -> (Output, Duration) {
    let start = Instant::now();
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1048576 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_gametree"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (out, start.elapsed())
}

/// Exit 2 (a spec) or 1 (an answer file: a row of its own that could
/// not be read), the message, the file named at a line and column, in seconds.
fn assert_refused(out: &Output, took: Duration, file: &Path, message: &str) {
    let answer = file.file_name().unwrap().to_str().unwrap().contains("answer");
    let err = String::from_utf8_lossy(if answer { &out.stdout } else { &out.stderr });
    assert_eq!(out.status.code(), Some(if answer { 1 } else { 2 }), "{err}");
    assert!(err.contains(message), "{err}");
    let name = file.file_name().unwrap().to_str().unwrap();
    assert!(err.contains(&format!("{name}:1:")) || err.contains(&format!("{name}:2:")), "{err}");
    assert!(took < Duration::from_secs(20), "took {took:?}");
}

#[test]
fn an_alias_bomb_spec_is_refused() {
    let file = write("laughs", &laughing_tree());
    let (out, took) = limited(&[Path::new("solve"), &file, Path::new("-a"), Path::new("minimax")]);
    assert_refused(&out, took, &file, "error: YAML error: repetition limit exceeded");
}

#[test]
fn an_alias_bomb_answer_file_is_refused() {
    let file = write("laughs-answer", &laughing_answer());
    let (out, took) = limited(&[Path::new("grade"), Path::new("specs/aima-fig5-2.tree"), &file]);
    assert_refused(&out, took, &file, "repetition limit exceeded");
}

#[test]
fn a_spec_nested_100000_deep_is_refused() {
    let file = write("deep", &deep_tree());
    let (out, took) = limited(&[Path::new("solve"), &file, Path::new("-a"), Path::new("minimax")]);
    assert_refused(&out, took, &file, "error: YAML error: recursion limit exceeded");
}

#[test]
fn an_answer_file_nested_100000_deep_is_refused() {
    let file = write("deep-answer", &deep_answer());
    let (out, took) = limited(&[Path::new("grade"), Path::new("specs/aima-fig5-2.tree"), &file]);
    assert_refused(&out, took, &file, "recursion limit exceeded");
}
