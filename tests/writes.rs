//! Files are written atomically (a temporary file beside the target, then a
//! rename): two `gametree` processes writing the same files at once never
//! leave a partial file, a mixture of both, or a stray temporary file.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

mod common;

use common::{gametree, stderr, stdout};

fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

/// A spec of about 4 kB that `fmt` changes: commas, odd spacing, one
/// comment per child (kept by fmt, so the result is checkable).
fn messy(k: usize) -> String {
    let mut text = format!("title \"file {k}\"\nMAX R {{\n");
    for i in 0..120 {
        text += &format!("   MIN   {{ {i},{},  {}  }}   # child {i}\n", i + k, 2 * i);
    }
    text + "}\n"
}

#[test]
fn concurrent_fmt_write_never_leaves_a_partial_or_temporary_file() {
    let dir = common::scratch("writes", "fmt");
    let files: Vec<PathBuf> = (0..16).map(|k| dir.join(format!("f{k:02}.tree"))).collect();
    // What each file must end up as: what `gametree fmt` prints for it.
    let want: Vec<String> = files
        .iter()
        .enumerate()
        .map(|(k, f)| {
            std::fs::write(f, messy(k)).unwrap();
            stdout(&gametree(&["fmt", f.to_str().unwrap()]))
        })
        .collect();
    assert!(want.iter().enumerate().all(|(k, w)| *w != messy(k)), "fmt changes every file");
    let paths: Vec<&str> = files.iter().map(|p| p.to_str().unwrap()).collect();
    let expected_names: Vec<String> = (0..files.len()).map(|k| format!("f{k:02}.tree")).collect();
    for round in 0..4 {
        for (k, f) in files.iter().enumerate() {
            std::fs::write(f, messy(k)).unwrap();
        }
        let mut args = vec!["fmt", "--write"];
        args.extend(&paths);
        let writers = [spawn(&args), spawn(&args)];
        for w in writers {
            let out = w.wait_with_output().unwrap();
            // A partial file read by the other writer would fail to parse (exit 2).
            assert_eq!(out.status.code(), Some(0), "round {round}: {}", stderr(&out));
        }
        for (k, f) in files.iter().enumerate() {
            assert_eq!(std::fs::read_to_string(f).unwrap(), want[k], "round {round}: {}", f.display());
        }
        assert_eq!(names(&dir), expected_names, "round {round}: no temporary file is left");
    }
}

#[test]
fn concurrent_convert_to_one_target_leaves_one_complete_result() {
    let dir = common::scratch("writes", "convert");
    let target = dir.join("out.yaml");
    let t = target.to_str().unwrap();
    // Two big specs (10^4 leaves; about 230 kB of YAML each), so that
    // writing takes long enough for the writers to overlap.
    let specs: Vec<String> = (0..2).map(|k| dir.join(format!("in{k}.tree")).to_str().unwrap().to_string()).collect();
    let complete: Vec<String> = specs
        .iter()
        .enumerate()
        .map(|(k, s)| {
            let text = gametree::check::bigtree::uniform(10, 4, k as u64);
            std::fs::write(s, &text).unwrap();
            gametree::syntax::yaml::to_yaml(&gametree::parse_any(s, &text).unwrap())
        })
        .collect();
    assert_ne!(complete[0], complete[1]);
    std::fs::write(&target, &complete[1]).unwrap();
    for round in 0..6 {
        let writers: Vec<Child> =
            (0..4).map(|i| spawn(&["convert", &specs[(i + round) % 2], "--to", "yaml", "-o", t, "--force"])).collect();
        // Read while they write: every read is one complete result.
        let mut writers: Vec<Child> = writers;
        while writers.iter_mut().any(|w| w.try_wait().unwrap().is_none()) {
            let now = std::fs::read_to_string(&target).unwrap();
            assert!(complete.contains(&now), "round {round}: a partial or mixed file ({} bytes)", now.len());
        }
        for w in writers {
            let out = w.wait_with_output().unwrap();
            assert_eq!(out.status.code(), Some(0), "round {round}: {}", stderr(&out));
        }
        let last = std::fs::read_to_string(&target).unwrap();
        assert!(complete.contains(&last), "round {round}");
        let valid = gametree::load("out.yaml", &last);
        assert!(valid.is_ok(), "round {round}: the result loads");
        assert_eq!(names(&dir), ["in0.tree", "in1.tree", "out.yaml"], "round {round}: no temporary file is left");
    }
}
