//! The law of a big tree read on two threads (`model/quick/split.rs`):
//! split anywhere, the game read in halves is the game one reader makes,
//! field by field (spans, names and their paths, `&B` edges, probabilities
//! and their codes, vectors, attributes), and so is the offset after it —
//! or the split is refused and the text read on one thread. And of a big
//! YAML tree read from its file in pieces (`model/quick/pieces.rs`): at
//! any piece size, the game one reader makes of the whole text.

use gametree::check::bigtree;
use gametree::model::{Game, quick, validate};
use gametree::syntax::parse;
use proptest::prelude::*;

/// The full path's game, or `None` for text with errors.
fn full(text: &str) -> Option<Game> {
    validate::validate(&parse::parse(text).ok()?).ok()
}

/// A reader of a whole spec, and the same split at a byte.
type Whole = fn(&str) -> Option<(Game, usize)>;
type Halves = fn(&str, Option<usize>) -> Option<(Game, usize)>;

/// Splits `text` at every byte: each split taken gives what one reader
/// gives (texts this short are read on one thread). How many were taken.
fn every_split_agrees_in(text: &str, whole: Whole, halves: Halves) -> usize {
    let one = whole(text);
    let mut taken = 0;
    for at in 0..=text.len() {
        if let Some(halves) = halves(text, Some(at)) {
            assert_eq!(Some(&halves), one.as_ref(), "split at {at} differs on:\n{text}");
            taken += 1;
        }
    }
    taken
}

/// The text form's splits.
fn every_split_agrees(text: &str) -> usize {
    every_split_agrees_in(text, quick::load_tree, quick::load_tree_in_halves)
}

/// A small random generator, so that one seed is one text.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A random valid tree with every kind of thing the text form writes:
/// names, `&B` edges to nodes already closed, labels, attributes,
/// probabilities (written or not), comments, commas, decimal, unknown and
/// named leaves; vectors when `players`.
fn tree(seed: u64, players: bool) -> String {
    let mut r = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut text = String::from(if players { "players A B\nsum 90\n" } else { "bounds [-50, 50]\n" });
    let mut closed: Vec<String> = Vec::new();
    let mut id = 0;
    node(&mut r, &mut text, &mut closed, &mut id, 0, players, None);
    if r.below(3) == 0 {
        text.push_str("\nexpect minimax { value 0 }\n");
    }
    text
}

fn node(
    r: &mut Rng,
    text: &mut String,
    closed: &mut Vec<String>,
    id: &mut u32,
    depth: u32,
    players: bool,
    prob: Option<u64>,
) {
    *id += 1;
    let me = *id;
    if depth > 0 && r.below(4) == 0 {
        text.push_str(&format!("m{me} -> "));
    }
    if let Some(n) = prob {
        text.push_str(&format!("1/{n}: "));
    }
    let leaf = depth >= 4 || (depth > 0 && r.below(3) == 0);
    if leaf {
        if !closed.is_empty() && r.below(8) == 0 {
            let to = r.below(closed.len() as u64) as usize;
            text.push_str(&format!("&{}", closed[to]));
            return;
        }
        if r.below(5) == 0 {
            text.push_str(&format!("K{me}="));
            closed.push(format!("K{me}"));
        }
        let v = r.below(41) as i64 - 20;
        match (players, r.below(6)) {
            (true, _) => text.push_str(&format!("({}, {})", v.abs(), r.below(30))),
            (false, 0) => text.push_str(&format!("{v}.5")),
            (false, 1) => text.push('?'),
            _ => text.push_str(&v.to_string()),
        }
        return;
    }
    let kinds: &[&str] = if players { &["A", "B", "CHANCE"] } else { &["MAX", "MIN", "CHANCE"] };
    let kind = kinds[r.below(3) as usize];
    let named = r.below(3) == 0;
    text.push_str(kind);
    if named {
        text.push_str(&format!(" N{me}"));
    }
    if r.below(4) == 0 {
        text.push_str(&format!(" [eval={}]", r.below(9)));
    }
    text.push_str(" {");
    let n = 1 + r.below(4);
    // Under a CHANCE node, probabilities on every child or none (always, with players).
    let probs = (kind == "CHANCE" && (players || r.below(2) == 0)).then_some(n);
    for k in 0..n {
        text.push_str(match r.below(6) {
            0 => "\n",
            1 if k > 0 => ", ",
            2 => " # a comment { }\n",
            _ => " ",
        });
        node(r, text, closed, id, depth + 1, players, probs);
    }
    text.push_str(" }");
    if named {
        closed.push(format!("N{me}"));
    }
}

#[test]
fn a_split_between_two_children_of_the_root_is_taken() {
    let text =
        "players A B\nA R { B { (1, 2) (3, 4) } CHANCE N { 1/2: (5, 6) 1/2: K=(1, 2) }, x -> B { (1, 2) &N (9, 9) } }";
    let one = quick::load_tree(text).expect("a valid tree");
    assert_eq!(Some(&one.0), full(text).as_ref());
    // After the first child's `}` (and the blank), and after the second's `},`.
    let first = text.find("} CHANCE").unwrap() + 2;
    let second = text.find("}, x").unwrap() + 2;
    for at in [first, second] {
        assert_eq!(quick::load_tree_in_halves(text, Some(at)), Some(one.clone()), "split at {at}");
    }
    // Not inside a child, nor past the root.
    let inside = text.find("(3, 4)").unwrap();
    assert_eq!(quick::load_tree_in_halves(text, Some(inside)), None);
    assert_eq!(quick::load_tree_in_halves(text, Some(text.len() + 1)), None);
    assert!(every_split_agrees(text) >= 2);
}

#[test]
fn a_name_written_in_both_halves_is_refused_as_by_one_reader() {
    let text = "MAX { MIN A { 1 } MIN A { 2 } }";
    assert_eq!(quick::load_tree(text), None);
    let at = text.find("} MIN A { 2").unwrap() + 2;
    assert_eq!(quick::load_tree_in_halves(text, Some(at)), None);
}

#[test]
fn a_nul_byte_in_either_half_is_refused_as_by_one_reader() {
    // NUL is binary input, for the full path to word: in a comment, the
    // quick reader alone would skip it.
    for text in
        ["MAX { MIN { 1 } # \0\n MIN { 2 } }", "MAX { MIN { 1 } MIN { 2 } } # \0", "\0MAX { MIN { 1 } MIN { 2 } }"]
    {
        assert_eq!(quick::load_tree(text), None);
        for at in 0..=text.len() {
            assert_eq!(quick::load_tree_in_halves(text, Some(at)), None, "split at {at} of {text:?}");
        }
    }
}

#[test]
fn a_big_tree_is_read_in_halves_and_equals_the_full_path() {
    // Over a mebibyte, so `load_tree` itself splits.
    let text = format!("title \"big\"\nbounds [-99, 99]\n{}", bigtree::uniform(4, 10, 7));
    assert!(text.len() > 1 << 20, "{} bytes", text.len());
    let halves = quick::load_tree_in_halves(&text, None).expect("a split point near the middle");
    assert_eq!(Some(&halves.0), full(&text).as_ref());
    assert_eq!(quick::load_tree(&text), Some(halves));
}

/// A second half of more than one chunk (the join copies and frees 2^16
/// nodes at a time), its vectors repeating ones of the first half and of its own:
/// each still coded once, in the order met, as one reader codes them.
#[test]
fn a_big_three_player_tree_is_read_in_halves_and_equals_the_full_path() {
    let mut text = String::from("players A B C\nA R {\n");
    for i in 0..20_000 {
        let (a, b, c) = (i % 97, i % 13, i % 7);
        text.push_str(&format!(
            "  B {{ C {{ ({a}, {b}, 1) ({c}, 2, {a}) }} C {{ (3, {i}, 3) ({b}, 1, {c}) (3, {i}, 3) }} }}\n"
        ));
    }
    text.push_str("}\n");
    assert!(text.len() > 1 << 20, "{} bytes", text.len());
    let halves = quick::load_tree_in_halves(&text, None).expect("a split point near the middle");
    assert!(halves.0.len() / 2 > 1 << 16, "{} nodes", halves.0.len());
    assert_eq!(Some(&halves.0), full(&text).as_ref());
    let yaml = yaml_of(&text);
    let yaml_halves = quick::load_yaml_tree_in_halves(&yaml, None).expect("a split point near the middle");
    let whole = validate::validate(&gametree::syntax::parse_any("t.yaml", &yaml).unwrap()).ok();
    assert_eq!(Some(&yaml_halves.0), whole.as_ref());
}

/// The YAML form's splits.
fn every_yaml_split_agrees(yaml: &str) -> usize {
    every_split_agrees_in(yaml, quick::load_yaml_tree, quick::load_yaml_tree_in_halves)
}

/// The YAML `convert` writes for a tree text.
fn yaml_of(text: &str) -> String {
    gametree::syntax::yaml::to_yaml(&parse::parse(text).expect("a valid tree"))
}

#[test]
fn a_yaml_split_between_two_items_of_the_root_is_taken() {
    let text = "bounds [-9, 9]\nMAX R { MIN { 1 2 } a -> CHANCE Nx { 1/2: 5 1/2: K=3 } MIN { &Nx -4 } }";
    let yaml = yaml_of(text);
    let one = quick::load_yaml_tree(&yaml).expect("the quick YAML reader takes what convert writes");
    let full_yaml = validate::validate(&gametree::syntax::parse_any("t.yaml", &yaml).unwrap()).ok();
    assert_eq!(Some(&one.0), full_yaml.as_ref());
    // The root's items are the lines `  - ` (its list's column is 2).
    let items: Vec<usize> = yaml.match_indices("\n  - ").map(|(i, _)| i + 1).collect();
    assert_eq!(items.len(), 3, "{yaml}");
    for &at in &items[1..] {
        assert_eq!(quick::load_yaml_tree_in_halves(&yaml, Some(at)), Some(one.clone()), "split at {at}");
    }
    // Not inside an item.
    let inside = yaml.find("value: 2").unwrap();
    assert_eq!(quick::load_yaml_tree_in_halves(&yaml, Some(inside)), None);
    assert!(every_yaml_split_agrees(&yaml) >= 2);
}

#[test]
fn a_big_yaml_tree_is_read_in_halves_and_equals_the_text() {
    let text = format!("bounds [-99, 99]\n{}", bigtree::uniform(4, 9, 3));
    let yaml = yaml_of(&text);
    assert!(yaml.len() > 1 << 20, "{} bytes", yaml.len());
    let halves = quick::load_yaml_tree_in_halves(&yaml, None).expect("a split point near the middle");
    assert_eq!(quick::load_yaml_tree(&yaml), Some(halves.clone()));
    // The YAML form's spans differ from the text's; everything else is one game.
    assert_eq!(halves.0.len(), quick::load_tree(&text).unwrap().0.len());
}

/// With no thread to be had for the second half (a limit on processes),
/// a big spec is read on one thread: the same answer, no panic. Run as
/// `nobody` under bash's `ulimit -u`, so only where the tests run as root
/// with `runuser` (as `.ci/run` does); elsewhere it says so and passes.
#[test]
fn without_a_second_thread_a_big_spec_is_read_on_one() {
    use std::process::Command;
    let root = Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout == b"0\n");
    let have = |tool: &str| Command::new(tool).arg("--help").output().is_ok();
    if !root || !have("runuser") || !have("bash") {
        eprintln!("skipped: needs root, runuser and bash");
        return;
    }
    let dir = std::env::temp_dir().join(format!("gametree-halves-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (tree, yaml) = (dir.join("big.tree"), dir.join("big.yaml"));
    let text = bigtree::uniform(4, 9, 5);
    // Past the size read in halves, so that a second thread is wanted.
    assert!(text.len() > 1 << 20, "{} bytes", text.len());
    std::fs::write(&tree, &text).unwrap();
    std::fs::write(&yaml, yaml_of(&text)).unwrap();
    let bin = env!("CARGO_BIN_EXE_gametree");
    for file in [&tree, &yaml] {
        let open = Command::new(bin).args(["solve", "-a", "alphabeta"]).arg(file).output().unwrap();
        for most in [1, 2] {
            let script = format!("ulimit -u {most}; exec {bin} solve -a alphabeta {}", file.display());
            let limited = Command::new("runuser").args(["-u", "nobody", "--", "bash", "-c", &script]).output().unwrap();
            let said = String::from_utf8_lossy(&limited.stderr);
            assert!(limited.status.success() && !said.contains("panicked"), "ulimit -u {most}: {said}");
            assert_eq!(limited.stdout, open.stdout, "ulimit -u {most} on {}", file.display());
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A reader that gives at most `most` bytes a call, as a pipe may.
struct Trickle<'a> {
    bytes: &'a [u8],
    most: usize,
}

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = self.most.min(out.len()).min(self.bytes.len());
        out[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

/// A YAML spec read in pieces of every size here, from whole reads and
/// from reads of a few bytes: the game one reader makes of the whole text
/// (spans and all), the text after the tree and its offset — or `None`
/// exactly when one reader refuses. How many piece sizes took more than
/// one piece.
fn every_piece_size_agrees(yaml: &str) -> usize {
    let one = quick::load_yaml_tree(yaml).map(|(game, rest)| (game, yaml[rest..].to_string(), rest));
    let mut split = 0;
    for piece in [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 377, 1000, 1 << 20] {
        let read = quick::load_yaml_tree_in_pieces(&mut yaml.as_bytes(), yaml.len(), piece);
        assert_eq!(read, one, "pieces of {piece} bytes differ on:\n{yaml}");
        let most = 1 + piece % 4;
        let trickled = quick::load_yaml_tree_in_pieces(&mut Trickle { bytes: yaml.as_bytes(), most }, 0, piece);
        assert_eq!(trickled, one, "pieces of {piece} bytes, read {most} at a time, differ on:\n{yaml}");
        split += usize::from(piece < yaml.len() / 2);
    }
    split
}

#[test]
fn a_yaml_tree_read_in_pieces_is_the_tree_read_whole() {
    // The root's list in its keys' column, blank lines between items, a
    // `ref` and a name in different pieces, headers after the tree, and
    // an `expect` after it (handed back as text, at its offset).
    let yaml = "title: t\ntree:\n  kind: MAX\n  children:\n  - kind: MIN\n    name: A\n    children:\n    - value: 1\n\n    - value: 2\n\n  - edge: b\n    kind: CHANCE\n    children:\n    - prob: 1/2\n      value: 5\n    - prob: 1/2\n      ref: A\n  - value: -3\nbounds: [-9, 9]\nexpect:\n- algorithm: minimax\n  value: 2\n";
    let (game, rest) = quick::load_yaml_tree(yaml).expect("the quick YAML reader takes this");
    assert_eq!(&yaml[rest..], "expect:\n- algorithm: minimax\n  value: 2\n");
    assert!(every_piece_size_agrees(yaml) > 5);
    // And it is the full path's game.
    let whole = validate::validate(&gametree::syntax::parse_any("t.yaml", yaml).unwrap()).unwrap();
    assert_eq!(game, whole);
    // The children list further right than the keys.
    let indented = root_list_moved_right(yaml);
    assert!(quick::load_yaml_tree(&indented).is_some(), "{indented}");
    every_piece_size_agrees(&indented);
}

/// `yaml` with its root's list two columns further right (the lines of
/// the tree after the root's `children:`).
fn root_list_moved_right(yaml: &str) -> String {
    let Some(start) = yaml.find("  children:\n").map(|i| i + "  children:\n".len()) else { return yaml.to_string() };
    let (head, rest) = yaml.split_at(start);
    let mut inside = true;
    let moved: Vec<String> = rest
        .lines()
        .map(|l| {
            inside &= l.starts_with(' ') || l.is_empty();
            if inside && !l.is_empty() { format!("  {l}") } else { l.to_string() }
        })
        .collect();
    format!("{head}{}\n", moved.join("\n"))
}

#[test]
fn a_yaml_tree_the_quick_reader_refuses_is_refused_in_pieces_too() {
    let good =
        "tree:\n  kind: MAX\n  children:\n  - value: 1\n  - kind: MIN\n    children:\n    - value: 2\n    - value: 3\n";
    for bad in [
        good.replace("value: 3", "value: three"),
        good.replace("value: 3", "value: 3 # a comment"),
        good.replace("    - value: 2\n", "    - value: 2\n   - value: 9\n"),
        good.replace("kind: MIN", "kind: MIN\n    kind: MAX"),
        good.replace("value: 2", "ref: nowhere"),
        format!("{good}  eval: 3\n"),
    ] {
        assert_eq!(quick::load_yaml_tree(&bad), None, "{bad}");
        every_piece_size_agrees(&bad);
    }
    // Not UTF-8 in a later piece.
    let mut bytes = good.as_bytes().to_vec();
    let at = bytes.len() - 3;
    bytes[at] = 0xFF;
    for piece in [1, 5, 40] {
        assert_eq!(quick::load_yaml_tree_in_pieces(&mut bytes.as_slice(), bytes.len(), piece), None);
    }
}

/// `solve` reads a big YAML spec in pieces: the same report as from the
/// same tree's text, and an error found after the tree was read (a `?`
/// leaf for `minimax`) is shown at its line and column, with a caret,
/// from the file read again.
#[test]
fn solve_reads_a_big_yaml_spec_in_pieces() {
    use std::process::Command;
    let dir = std::env::temp_dir().join(format!("gametree-pieces-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = format!("bounds [-99, 99]\n{}", bigtree::uniform(4, 9, 11));
    let yaml = yaml_of(&text);
    // Past the size `solve` reads in pieces (4 MiB).
    assert!(yaml.len() > 4 << 20, "{} bytes", yaml.len());
    let (tree_file, yaml_file) = (dir.join("big.tree"), dir.join("big.yaml"));
    std::fs::write(&tree_file, &text).unwrap();
    std::fs::write(&yaml_file, &yaml).unwrap();
    let bin = env!("CARGO_BIN_EXE_gametree");
    let solve = |file: &std::path::Path, algorithm: &str| {
        Command::new(bin).args(["solve", "-a", algorithm, "--format", "json"]).arg(file).output().unwrap()
    };
    for algorithm in ["alphabeta", "minimax"] {
        let (from_text, from_yaml) = (solve(&tree_file, algorithm), solve(&yaml_file, algorithm));
        assert!(from_yaml.status.success(), "{}", String::from_utf8_lossy(&from_yaml.stderr));
        assert_eq!(from_yaml.stdout, from_text.stdout, "{algorithm}");
    }
    // An unknown leaf past the middle of the file.
    let at = yaml[yaml.len() / 2..].find("value: ").unwrap() + yaml.len() / 2 + "value: ".len();
    let end = at + yaml[at..].find('\n').unwrap();
    let unknown = format!("{}'?'{}", &yaml[..at], &yaml[end..]);
    std::fs::write(&yaml_file, &unknown).unwrap();
    let out = solve(&yaml_file, "minimax");
    let said = String::from_utf8_lossy(&out.stderr);
    let line = unknown[..at].matches('\n').count() + 1;
    let column = at - unknown[..at].rfind('\n').unwrap();
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains(&format!("big.yaml:{line}:{column}")), "{said}");
    assert!(said.contains("value: '?'") && said.contains("^^^"), "{said}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[path = "common/cases.rs"]
mod cases;

proptest! {
    #![proptest_config(cases::cases(160))]

    /// The same random trees in the YAML form, split at every byte.
    #[test]
    fn a_yaml_game_read_in_halves_is_the_game_read_whole(seed in any::<u64>(), players in any::<bool>()) {
        let text = tree(seed, players);
        let yaml = yaml_of(text.split("\nexpect").next().unwrap());
        prop_assert!(quick::load_yaml_tree(&yaml).is_some(), "the quick YAML reader refused:\n{yaml}");
        every_yaml_split_agrees(&yaml);
    }

    /// The same random trees in the YAML form (with their `expect` blocks),
    /// read in pieces of every size.
    #[test]
    fn a_yaml_game_read_in_pieces_is_the_game_read_whole(seed in any::<u64>(), players in any::<bool>()) {
        let yaml = yaml_of(&tree(seed, players));
        prop_assert!(quick::load_yaml_tree(&yaml).is_some(), "the quick YAML reader refused:\n{yaml}");
        every_piece_size_agrees(&yaml);
        // Laid out as people write it: blank lines here and there, and the
        // root's list further right than its keys.
        let mut r = Rng(seed | 1);
        let blank: Vec<String> =
            yaml.lines().map(|l| if r.below(5) == 0 { format!("\n{l}") } else { l.to_string() }).collect();
        every_piece_size_agrees(&format!("{}\n", blank.join("\n")));
        let shifted = root_list_moved_right(&yaml);
        prop_assert!(quick::load_yaml_tree(&shifted).is_some(), "the quick YAML reader refused:\n{shifted}");
        every_piece_size_agrees(&shifted);
    }

    /// Random trees with everything the text form writes, split at every byte.
    #[test]
    fn a_game_read_in_halves_is_the_game_read_whole(seed in any::<u64>(), players in any::<bool>()) {
        let text = tree(seed, players);
        let one = quick::load_tree(&text);
        prop_assert!(one.is_some(), "the generator writes valid trees in the quick subset:\n{text}");
        let whole = full(text.split("\nexpect").next().unwrap());
        prop_assert_eq!(one.as_ref().map(|(g, _)| g), whole.as_ref());
        every_split_agrees(&text);
    }
}
