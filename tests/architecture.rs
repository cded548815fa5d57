//! The layer rule, read off the source: a module uses only its own layer
//! or the layers below it, and no two top-level modules use each other.
//!
//! ```text
//! cli → check → report, draw → analysis → search → model → syntax → num, diagnostic, stack, fx
//! ```
//!
//! `lib.rs` and `main.rs` are the crate's doors, not a layer. A failure
//! names the file, the line and the offending path. (After rust-analyzer's
//! `xtask/src/tidy.rs`, which tests its architecture the same way.)

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Each top-level module and its floor, lowest first. Modules on the same
/// floor may use each other, but not both ways.
const FLOORS: &[(&str, u8)] = &[
    ("num", 0),
    ("diagnostic", 0),
    ("stack", 0),
    ("fx", 0),
    ("syntax", 1),
    ("model", 2),
    ("search", 3),
    ("analysis", 4),
    ("report", 5),
    ("draw", 5),
    ("check", 6),
    ("cli", 7),
];

fn floor(module: &str) -> Option<u8> {
    FLOORS.iter().find(|(m, _)| *m == module).map(|&(_, f)| f)
}

/// One use of another top-level module: where, and what was written.
#[derive(Clone, Debug)]
struct Use {
    file: String,
    line: usize,
    from: String,
    to: String,
    text: String,
}

/// The top-level module a file of `src/` belongs to (`None` for the doors).
fn owner(relative: &Path) -> Option<String> {
    let first = relative.components().next()?.as_os_str().to_string_lossy().into_owned();
    let module = first.strip_suffix(".rs").unwrap_or(&first).to_string();
    (module != "lib" && module != "main").then_some(module)
}

/// A line without its comment and string literals (enough for `use` and
/// `crate::` paths; doc comments may name anything).
fn code(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        match (in_string, c) {
            (false, '/') if chars.peek() == Some(&'/') => break,
            (false, '"') => in_string = true,
            (true, '\\') => {
                chars.next();
            }
            (true, '"') => in_string = false,
            (false, c) => out.push(c),
            (true, _) => {}
        }
    }
    out
}

/// Every path into another top-level module that `text` (from `file`, in
/// module `from`) writes: `crate::m…`, `crate::{m, …}`, and in the binary
/// `gametree::m…`.
fn uses(file: &str, from: &str, text: &str) -> Vec<Use> {
    let mut out = Vec::new();
    for (k, raw) in text.lines().enumerate() {
        let line = code(raw);
        for root in ["crate::", "gametree::"] {
            for (at, _) in line.match_indices(root) {
                let before = line[..at].chars().last();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                    continue;
                }
                let rest = &line[at + root.len()..];
                let targets: Vec<String> = match rest.strip_prefix('{') {
                    Some(group) => group
                        .split([',', '}'])
                        .map(|part| part.trim().split("::").next().unwrap_or("").trim().to_string())
                        .collect(),
                    None => vec![rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect()],
                };
                for to in targets.into_iter().filter(|t| floor(t).is_some() && t != from) {
                    out.push(Use {
                        file: file.to_string(),
                        line: k + 1,
                        from: from.to_string(),
                        to,
                        text: raw.trim().to_string(),
                    });
                }
            }
        }
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn all_uses() -> Vec<Use> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut out = Vec::new();
    for path in files {
        let relative = path.strip_prefix(&src).unwrap();
        let Some(from) = owner(relative) else { continue };
        assert!(
            floor(&from).is_some(),
            "src/{} is in no layer: add `{from}` to FLOORS and ARCHITECTURE.md",
            relative.display()
        );
        let text = std::fs::read_to_string(&path).unwrap();
        out.extend(uses(&format!("src/{}", relative.display()), &from, &text));
    }
    out
}

/// Uses that go up a floor, and pairs of modules that use each other.
fn violations(uses: &[Use]) -> Vec<String> {
    let mut out = Vec::new();
    for u in uses {
        if floor(&u.to) > floor(&u.from) {
            out.push(format!("{}:{}: `{}` (a lower layer) uses `{}`: {}", u.file, u.line, u.from, u.to, u.text));
        }
    }
    let edges: BTreeSet<(&str, &str)> = uses.iter().map(|u| (u.from.as_str(), u.to.as_str())).collect();
    let mut first: BTreeMap<(&str, &str), &Use> = BTreeMap::new();
    for u in uses {
        first.entry((u.from.as_str(), u.to.as_str())).or_insert(u);
    }
    for &(a, b) in &edges {
        if a < b && edges.contains(&(b, a)) {
            let (x, y) = (first[&(a, b)], first[&(b, a)]);
            out.push(format!(
                "`{a}` and `{b}` use each other: {}:{}: {} and {}:{}: {}",
                x.file, x.line, x.text, y.file, y.line, y.text
            ));
        }
    }
    out
}

#[test]
fn every_module_uses_only_its_layer_or_lower_ones() {
    let uses = all_uses();
    assert!(uses.len() > 100, "the scan found only {} uses: is it reading src/?", uses.len());
    let bad = violations(&uses);
    assert!(bad.is_empty(), "the layer rule is broken:\n{}", bad.join("\n"));
}

#[test]
fn the_rule_catches_an_upward_use_and_a_cycle() {
    let model =
        uses("src/model/mod.rs", "model", "use crate::search::trace::Trace; // fine in a comment: crate::cli\n");
    let report = uses("src/report/mod.rs", "report", "let d = crate::draw::Dot(g);\n");
    let draw = uses("src/draw/frame.rs", "draw", "use crate::{report::narrate, num::Num};\n");
    let bad = violations(&[model, report, draw].concat());
    assert_eq!(bad.len(), 2, "{bad:#?}");
    assert!(bad[0].starts_with("src/model/mod.rs:1: `model` (a lower layer) uses `search`"), "{}", bad[0]);
    assert!(bad[1].starts_with("`draw` and `report` use each other"), "{}", bad[1]);
}

#[test]
fn comments_and_strings_are_not_uses() {
    let found = uses("src/num.rs", "num", "/// See [`crate::model::Game`].\nlet s = \"crate::cli\"; // crate::check\n");
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn no_source_file_is_over_600_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let long: Vec<String> = files
        .iter()
        .map(|p| (p, std::fs::read_to_string(p).unwrap().lines().count()))
        .filter(|&(_, n)| n > 600)
        .map(|(p, n)| format!("{} has {n} lines", p.strip_prefix(&src).unwrap().display()))
        .collect();
    assert!(long.is_empty(), "split these files (at most about 600 lines each):\n{}", long.join("\n"));
}

#[test]
fn architecture_md_names_every_folder_of_src() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let mut folders: Vec<String> = files
        .iter()
        .filter_map(|f| f.parent()?.strip_prefix(root).ok().map(|p| p.display().to_string()))
        .filter(|f| f != "src")
        .collect();
    folders.sort();
    folders.dedup();
    assert!(folders.len() >= 8, "{folders:?}");
    // A folder is named by its path from src/ or, inside a named layer, by
    // its own name (`grade/` in the row of `src/check/`).
    let unnamed: Vec<&String> = folders
        .iter()
        .filter(|f| {
            let own = f.rsplit('/').next().unwrap_or(f);
            !doc.contains(&format!("`{f}/`")) && !doc.contains(&format!("`{own}/`"))
        })
        .collect();
    assert!(unnamed.is_empty(), "ARCHITECTURE.md does not name {unnamed:?}");
}
