//! `fmt`'s laws on every shipped spec with its whitespace shuffled: the
//! result is accepted, keeps the tree, the answers and the comments, keeps
//! every line break that separates code, and formatting it again changes
//! nothing.

use gametree::syntax::{fmt, parse, print};
use proptest::prelude::*;

fn specs() -> Vec<String> {
    let mut out = Vec::new();
    for dir in ["specs", "specs/puzzles"] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "tree") {
                out.push(std::fs::read_to_string(path).unwrap());
            }
        }
    }
    out.sort();
    out
}

/// The places where whitespace may grow: after a space or a tab outside
/// strings and comments, and at the start of each line.
fn gaps(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let (mut in_string, mut in_comment) = (false, false);
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'\n' => {
                in_comment = false;
                out.push(i + 1);
            }
            b'"' if !in_comment => in_string = !in_string,
            b'#' if !in_string => in_comment = true,
            b'/' if !in_string && bytes.get(i + 1) == Some(&b'/') => in_comment = true,
            b' ' if !in_string && !in_comment => out.push(i + 1),
            _ => {}
        }
    }
    out
}

/// `text` with `extra[k]` inserted at the `k`-th gap (modulo the count).
/// Headers end at their line's end, so line breaks go only into the tree
/// and the `expect` blocks, after the first `{`.
fn shuffle(text: &str, edits: &[(usize, &str)]) -> String {
    let places = gaps(text);
    let tree = text.find('{').unwrap_or(0);
    let body: Vec<usize> = places.iter().copied().filter(|&i| i > tree).collect();
    let mut at: Vec<(usize, &str)> = edits
        .iter()
        .map(|&(k, s)| match s.contains('\n') {
            true => (body[k % body.len()], s),
            false => (places[k % places.len()], s),
        })
        .collect();
    at.sort_by_key(|&(i, _)| std::cmp::Reverse(i));
    let mut out = text.to_string();
    for (i, s) in at {
        out.insert_str(i, s);
    }
    out
}

fn code_lines(text: &str) -> usize {
    text.lines().filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#')).count()
}

#[path = "common/cases.rs"]
mod cases;

proptest! {
    #![proptest_config(cases::cases(200))]

    #[test]
    fn shuffled_whitespace_formats_to_the_same_tree(
        which in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<usize>(), prop::sample::select(vec![" ", "  ", "\t", "\n", "\n\n", "   \t "])), 0..12),
    ) {
        let all = specs();
        let original = which.get(&all);
        let text = shuffle(original, &edits.iter().map(|(k, s)| (*k, *s)).collect::<Vec<_>>());
        let once = fmt::format(&text).map_err(|e| TestCaseError::fail(format!("{e:?}\n{text}")))?;
        prop_assert_eq!(fmt::format(&once).unwrap(), once.clone(), "not idempotent");
        let tree = |t: &str| print::print(&parse::parse(t).unwrap());
        prop_assert_eq!(tree(&once), tree(original));
        let comments = |t: &str| fmt::comments(t).into_iter().map(|c| c.text).collect::<Vec<_>>();
        prop_assert_eq!(comments(&once), comments(original));
        prop_assert!(code_lines(&once) >= code_lines(original), "a line break was lost:\n{}", once);
        prop_assert!(!once.contains("\n\n\n") && once.ends_with('\n') && !once.ends_with("\n\n"));
    }
}
