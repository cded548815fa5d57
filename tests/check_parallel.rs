//! `check` over many files on both cores: the same bytes as one thread,
//! file by file in the order given, and a bad file among them reported in
//! its place while the others are checked.

mod common;
use common::{gametree, scratch, stderr, stdout};
use gametree::check::files::{FileCheck, check_files, check_files_on, spec_files};

/// 200 specs `MAX { MIN { a b } MIN { c d } }`, each with the minimax value
/// worked out here (max of the two minima); every seventh written wrong on
/// purpose (value + 1), and file 100 not a spec at all.
fn folder(name: &str) -> std::path::PathBuf {
    let dir = scratch("check-parallel", name);
    for i in 0..200i64 {
        let (a, b, c, d) = (i % 7, (i * 3) % 11, (i * 5) % 13, i % 4);
        let value = a.min(b).max(c.min(d)) + i64::from(i % 7 == 0);
        let text = match i {
            100 => "MAX { MIN { 1 2 }\n".to_string(),
            _ => format!("MAX {{ MIN {{ {a} {b} }} MIN {{ {c} {d} }} }}\nexpect minimax {{ value {value} }}\n"),
        };
        std::fs::write(dir.join(format!("spec-{i:03}.tree")), text).unwrap();
    }
    dir
}

fn bytes(checks: &[FileCheck]) -> (String, String) {
    (checks.iter().map(|c| c.out.as_str()).collect(), checks.iter().map(|c| c.err.as_str()).collect())
}

#[test]
fn two_threads_give_the_bytes_one_thread_gives_in_file_order() {
    let dir = folder("bytes");
    let files = spec_files(std::slice::from_ref(&dir));
    assert_eq!(files.len(), 200);
    let serial = check_files_on(&files, 1);
    let parallel = check_files_on(&files, 2);
    assert_eq!(bytes(&serial), bytes(&parallel));
    assert_eq!(bytes(&serial), bytes(&check_files(&files)));
    // In order: file i's line names file i.
    for (i, c) in serial.iter().enumerate() {
        if i != 100 {
            assert!(c.out.contains(&format!("spec-{i:03}.tree:")), "{i}: {}", c.out);
        }
    }
    // 0, 7, …, 196 are wrong (29 files, 100 is not among them); 100 is broken.
    let count = |f: fn(&FileCheck) -> usize| parallel.iter().map(f).sum::<usize>();
    assert_eq!((count(|c| c.passed), count(|c| c.failed), count(|c| c.broken)), (170, 29, 1));
    assert!(
        parallel[100].err.contains("--> ") && parallel[100].err.contains("spec-100.tree:2:1"),
        "{}",
        parallel[100].err
    );
    assert!(parallel[99].out.starts_with("ok ") && parallel[101].out.starts_with("ok "));
}

#[test]
fn the_cli_prints_every_file_in_order_with_the_bad_one_in_its_place() {
    let dir = folder("cli");
    let out = gametree(&["check", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2)); // a broken file
    let text = stdout(&out);
    let named: Vec<usize> = text
        .lines()
        .filter(|l| l.starts_with("ok ") || l.starts_with("FAIL "))
        .filter_map(|l| l.split("spec-").nth(1))
        .map(|rest| rest[..3].parse().unwrap())
        .collect();
    let want: Vec<usize> = (0..200).filter(|&i| i != 100).collect();
    assert_eq!(named, want, "{text}");
    assert!(stderr(&out).contains("1 error in ") && stderr(&out).contains("spec-100.tree"), "{}", stderr(&out));
    assert!(
        text.ends_with("1 file or expect block could not be checked (errors above)\n170 passed, 29 failed\n"),
        "{text}"
    );
}
