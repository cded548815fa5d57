//! The quick loader over the whole tree language: random specs with every
//! construct (headers, players and vectors, attributes, labels,
//! probabilities, `?`, `&B`, comments, `expect` blocks and a rubric), valid
//! and broken, load to the same `Spec` — or fail with the same diagnostics
//! at the same places — whether they take the quick path or pest's.

use gametree::check::bigtree::SplitMix64;
use gametree::check::spec::{self, Spec};
use gametree::diagnostic::Diagnostic;
use gametree::model::quick;
use gametree::syntax::parse;

#[path = "tools/yaml_paths.rs"]
mod yaml_paths;
use yaml_paths::{agree_yaml, full_yaml};

/// What the full path (pest, `validate`, `resolve`) makes of a text.
fn full(text: &str) -> Result<Spec, Vec<Diagnostic>> {
    spec::from_ast(&parse::parse(text)?)
}

/// A random spec in the tree language, mostly valid.
struct Gen {
    rng: SplitMix64,
    out: String,
    /// Names written so far (for `&B` and `expect` references).
    names: Vec<String>,
    count: usize,
    players: usize,
    bounds: Option<(i64, i64)>,
}

impl Gen {
    fn new(seed: u64) -> Gen {
        Gen { rng: SplitMix64::new(seed), out: String::new(), names: Vec::new(), count: 0, players: 0, bounds: None }
    }

    fn roll(&mut self, n: i64) -> i64 {
        self.rng.range(0, n - 1)
    }

    /// One in `n`.
    fn one_in(&mut self, n: i64) -> bool {
        self.roll(n) == 0
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[self.roll(from.len() as i64) as usize]
    }

    /// Blanks and comments between tokens.
    fn gap(&mut self) {
        let g = self.pick(&[" ", " ", " ", "\n  ", "\t", " # c, {}\n", " // α — β\n", "\r\n", ""]);
        self.out.push_str(g);
    }

    fn push(&mut self, s: &str) {
        self.out.push_str(s);
    }

    fn number(&mut self) -> String {
        let (lo, hi) = self.bounds.unwrap_or((-20, 20));
        match self.roll(12) {
            0 => format!("{}.5", self.rng.range(lo, hi - 1)),
            1 => format!("{}/2", self.rng.range(lo, hi)),
            2 => "1e0".into(),
            3 if self.one_in(10) => format!("{}", hi + 1), // outside the bounds when declared
            _ => self.rng.range(lo, hi).to_string(),
        }
    }

    fn spec(mut self) -> String {
        let mut headers = Vec::new();
        if self.one_in(3) {
            headers.push("title \"a \\\"t\\\" é\"".to_string());
        }
        if self.one_in(2) {
            self.bounds = Some((-9, 9));
            headers.push(self.pick(&["bounds [-9, 9]", "BOUNDS[-9 9]", "bounds [ -9 ,9 ]"]).to_string());
        }
        if self.one_in(3) {
            self.players = 3;
            headers.push(self.pick(&["players A B C", "players A, B,C", "Players\tA B C"]).to_string());
            if self.one_in(2) {
                headers.push(self.pick(&["sum 30", "sum 2"]).to_string());
            }
        }
        if self.one_in(15) {
            headers.push("title \"again\"".into());
        }
        for h in headers {
            self.push(&h);
            self.push("\n");
        }
        self.node(0);
        self.expects();
        self.out
    }

    fn kind(&mut self) -> &'static str {
        if self.players > 0 {
            if self.one_in(40) { "MAX" } else { self.pick(&["A", "B", "C", "C", "CHANCE"]) }
        } else if self.one_in(40) {
            "FOO"
        } else {
            self.pick(&["MAX", "MIN", "max", "Min", "CHANCE", "chance"])
        }
    }

    fn node(&mut self, depth: u32) {
        let kind = self.kind();
        self.push(kind);
        self.gap();
        if self.one_in(2) {
            self.count += 1;
            let name = if self.one_in(4) { format!("\"n {}\"", self.count) } else { format!("N{}", self.count) };
            self.names.push(name.clone());
            self.push(&name);
            self.push(" ");
        }
        if self.one_in(4) {
            let attrs = self.pick(&[
                "[eval=3]",
                "[eval=-1/2, noisy]",
                // The same eval as `[eval=3]`, but noisy: not shared with it.
                "[eval=3, noisy]",
                "[key=p1]",
                "[key=\"pos 1\" eval=2]",
                "[key=7]",
                "[noisy]",
            ]);
            let attrs = if self.one_in(20) { self.pick(&["[eval=x]", "[foo]", "[noisy, noisy]"]) } else { attrs };
            self.push(attrs);
            self.gap();
        }
        self.push("{");
        let n = 1 + self.roll(3) as usize;
        let chance = kind.eq_ignore_ascii_case("chance");
        let probs: Vec<String> = match (chance, self.roll(30)) {
            (true, 0..=3) if self.players == 0 => vec![],
            (true, 4..=9) => (0..n).map(|_| format!("{}", 1.0 / n as f64)).collect(),
            (true, 10) => (0..n).map(|i| if i == 0 { "1/2".into() } else { "1/9".into() }).collect(),
            // Off by 1e-12: fine as decimals, wrong as exact fractions.
            (true, 11) => (0..n)
                .map(
                    |i| if i == 0 { format!("{}/{n}000000000000", 1 + 1_000_000_000_000u64) } else { format!("1/{n}") },
                )
                .collect(),
            (true, 12) => (0..n)
                .map(|i| if i == 0 { format!("{:.13}", 1.0 / n as f64 + 1e-12) } else { format!("1/{n}") })
                .collect(),
            (true, _) => (0..n).map(|_| format!("1/{n}")).collect(),
            (false, 0) => vec!["1/2".into()],
            _ => vec![],
        };
        for i in 0..n {
            self.gap();
            if self.one_in(4) {
                self.push(&format!("m{i} ->"));
                self.gap();
            }
            if let Some(p) = probs.get(i) {
                self.push(p);
                let colon = self.pick(&[":", " :", ": ", "\n:"]);
                self.push(colon);
                self.gap();
            }
            self.child(depth);
            if self.one_in(3) {
                self.push(",");
            }
        }
        self.gap();
        self.push("}");
    }

    fn child(&mut self, depth: u32) {
        if depth < 3 && self.one_in(3) {
            return self.node(depth + 1);
        }
        if !self.names.is_empty() && self.one_in(8) {
            let i = self.roll(self.names.len() as i64) as usize;
            let target = self.names[i].clone();
            self.push("&");
            self.push(&target);
            return;
        }
        if self.one_in(4) {
            self.count += 1;
            let name = format!("K{}", self.count);
            self.names.push(name.clone());
            self.push(&name);
            let eq = self.pick(&["=", " = ", "="]);
            self.push(eq);
        }
        match self.roll(10) {
            0 => self.push("?"),
            1 | 2 if self.players > 0 => {
                let v = format!("({}, {} {})", self.number(), self.number(), self.number());
                self.push(&v);
            }
            // Vectors that come again, written as the quick reader's
            // small-vector key must read them (or give up on them).
            _ if self.players > 0 && !self.one_in(30) => {
                let v = self.pick(&[
                    "(1, 2, 3)",
                    "(1, 2, 3)",
                    "(1 2 3)",
                    "( 1,2 ,3 )",
                    "(-0, 0, 9999)",
                    "(-9999, 3, 0)",
                    "(10000, 1, 2)",
                    "(1, 2, 3 # three\n)",
                    "(1, 2)",
                    "(1, 2, 3, 4)",
                    "(1, 2, 3,)",
                    "(1/2, 2, 3)",
                    "(1.5, 2, 3)",
                    "(01, 2, 3)",
                ]);
                self.push(v);
            }
            _ => {
                let v = self.number();
                self.push(&v);
            }
        }
    }

    fn reference(&mut self) -> String {
        if self.names.is_empty() || self.one_in(4) {
            return self.pick(&["root", "1", "root", "1", "Z"]).to_string();
        }
        let i = self.roll(self.names.len() as i64) as usize;
        self.names[i].clone()
    }

    fn expects(&mut self) {
        for _ in 0..self.roll(3) {
            self.gap();
            let algorithm = if self.players > 0 {
                self.pick(&["maxn", "paranoid", "maxn", "nosuch"])
            } else {
                self.pick(&["expectiminimax", "star1", "expectiminimax(strict-cuts)", "nosuch"])
            };
            self.push(&format!("\nexpect {algorithm} {{"));
            for _ in 0..1 + self.roll(3) {
                self.gap();
                let item = match self.roll(6) {
                    0 => format!("value {}", self.number()),
                    1 => format!("values {}={}", self.reference(), self.number()),
                    2 => format!("pruned {}", self.reference()),
                    3 => format!("leaves {} {}", self.number(), self.number()),
                    4 => format!("visited {} {}", self.reference(), self.reference()),
                    _ => format!("windows {}=(-inf, {})", self.reference(), self.number()),
                };
                self.push(&item);
            }
            self.gap();
            self.push("}");
        }
        if self.one_in(5) {
            self.push("\nrubric { value 1 required  pruned 2 partial }");
        }
        if self.one_in(20) {
            self.push(" trailing");
        }
    }
}

/// Both paths agree on `text`; true when the quick path read its tree.
fn agree(text: &str) -> bool {
    let quick_took = quick::load_tree(text).is_some();
    let (a, b) = (spec::load("t.tree", text), full(text));
    assert_eq!(a, b, "the quick and full paths differ on:\n{text}");
    quick_took && a.is_ok()
}

#[test]
fn random_specs_load_the_same_either_way() {
    let (mut taken, mut valid) = (0, 0);
    for seed in 0..4000 {
        let text = Gen::new(seed).spec();
        taken += usize::from(agree(&text));
        valid += usize::from(full(&text).is_ok());
    }
    // The law must hold where it matters: valid specs go the quick way
    // (and the generator makes enough of them).
    assert!(valid >= 1000, "only {valid} of 4000 random specs are valid");
    assert_eq!(taken, valid, "the quick path read only {taken} of {valid} valid specs");
}

/// `text` with 1 to 1 + `more` random edits (a piece inserted, or a byte
/// removed), if it is still UTF-8.
fn broken(text: String, more: i64, pieces: &[&str], rng: &mut SplitMix64) -> Option<String> {
    let mut text = text.into_bytes();
    for _ in 0..1 + rng.range(0, more) {
        let at = rng.range(0, text.len() as i64) as usize;
        match rng.range(0, 2) {
            0 => {
                let piece = pieces[rng.range(0, pieces.len() as i64 - 1) as usize];
                text.splice(at..at, piece.bytes());
            }
            1 if at < text.len() => {
                text.remove(at);
            }
            _ => {}
        }
    }
    String::from_utf8(text).ok()
}

#[test]
fn broken_specs_fail_at_the_same_places_either_way() {
    const PIECES: &[&str] =
        &[" ", "{", "}", "[", "]", "(", ")", ":", ",", "?", "&", "=", "->", "1/0", "-", "\"", "#", "é", "1e999"];
    let mut rng = SplitMix64::new(99);
    for seed in 0..3000 {
        if let Some(text) = broken(Gen::new(seed).spec(), 2, PIECES, &mut rng) {
            agree(&text);
        }
    }
}

#[test]
fn the_quick_path_reads_every_construct() {
    let texts = [
        "MAX { CHANCE C { 1/2: MIN { 1 } 1/2: 3 } }",
        "MAX { CHANCE { 0.25: 1, 0.75: 2 } }",
        "MAX A [eval=3, key=\"p 1\" noisy] { MIN B [key=7] { 1 } }",
        "MAX { MIN B { 1 } a -> &B }",
        "MAX { ? K=? 1 }",
        "players A, B C\nsum 9\nA { B { (1, 2, 3) K=(0 0 0) } CHANCE { 1/3: (1, 1, 1) 2/3: ? } }",
        "MAX { 1 } expect minimax { value 1 } rubric { value 1 }",
        "MAX { CHANCE { m1 -> 1/2 # c\n : 3 m2 -> 1/2: 4 } }",
    ];
    for text in texts {
        assert!(quick::load_tree(text).is_some(), "the quick path refused:\n{text}");
        assert!(agree(text), "not valid:\n{text}");
    }
}

/// The quick path reads `text` (a YAML text when `yaml`), and both paths
/// agree that it is valid.
fn read_quickly(text: &str, yaml: bool) {
    let read = if yaml { quick::load_spec("t.yaml", text).is_some() } else { quick::load_tree(text).is_some() };
    assert!(read, "the quick path refused:\n{text}");
    assert!(if yaml { agree_yaml(text) } else { agree(text) }, "not valid:\n{text}");
}

/// Both paths agree on `text`, and neither takes it as valid.
fn refused_either_way(text: &str, yaml: bool) {
    assert!(!if yaml { agree_yaml(text) } else { agree(text) }, "taken as valid:\n{text}");
}

/// Runs of `n/d: v` children (read in one loop) against the full path,
/// spans and errors included: blanks and line breaks around the `:`, commas,
/// a comment, a decimal, a name or an inner node in the run, a leaf outside
/// the bounds, a second `:`, a zero denominator, a negative probability;
/// and YAML items of a `prob` and a `value`, and vector leaves.
#[test]
fn probability_runs_load_the_same_either_way() {
    let valid = [
        "MAX { CHANCE { 1/3: 1 1/3:2, 1/3 :-3 } }",
        "MAX { CHANCE { 1/2:\n 7 ,\n1/2: -7 } 4 }",
        "MAX { CHANCE { 1/2: 3 # c\n 1/2: 4 } }",
        "MAX { CHANCE { 1/4: 1 1/4: K=2 1/4: 3 1/4: MIN { 4 } } }",
        "MAX { CHANCE { 1/2: 1 0.5: 2 } CHANCE { 1/2: 1 2/4: 2 } }",
        "bounds [0, 9]\nMAX { CHANCE { 1/2: 0 1/2: 9 } }",
    ];
    for text in valid {
        read_quickly(text, false);
    }
    let invalid = [
        "bounds [0, 5]\nMAX { CHANCE { 1/2: 9 1/2: 1 } }",
        "MAX { CHANCE { 1/2: 1 : 2 1/2: 3 } }",
        "MAX { CHANCE { 1/0: 1 1/2: 3 } }",
        "MAX { CHANCE { 1/2: 1 1/3: 3 } }",
        "MAX { CHANCE { 3/2: 1 -1/2: 3 } }",
        "MAX { CHANCE { 1/2: 1 1/2: 3x } }",
        "MAX { CHANCE { 1/2: 1 1/2: 3",
    ];
    for text in invalid {
        refused_either_way(text, false);
    }
    // The same in YAML: an item `prob: n/d` then `value: v` (read in one
    // pass) beside the other ways an item can go on.
    let chance = |items: &str| format!("tree:\n  kind: MAX\n  children:\n  - kind: CHANCE\n    children:\n{items}");
    let valid = [
        "    - prob: 1/2\n      value: 3\n    - prob: 1/2\n      value: -4\n",
        "    - prob: 1/2\n      value: 3\n    - prob: 1/2\n      kind: MIN\n      children:\n      - value: 1\n",
        "    - prob: 1/2\n      value: 3\n    - prob: 0.5\n      value: 2\n",
        "    - prob:   2/4\n      value: 3\n    - prob: 1/2\n      name: K\n      value: 2\n",
        // Inner nodes of only `kind` and `children`, after a `prob` or not.
        "    - prob: 1/2\n      kind: MIN\n      children:\n      - kind: MAX\n        children:\n        - value: 1\n    - prob: 1/2\n      kind: CHANCE\n      children:\n      - value: 2\n",
    ];
    for items in valid {
        read_quickly(&chance(items), true);
    }
    // The same answer either way, whichever path reads it.
    agree_yaml(&chance(
        "    - prob: 1/2\n      kind: MIN\n      children:\n        - value: 1\n    - prob: 1/2\n      kind: MIN \n      children:\n      - value: 2\n",
    ));
    let invalid = [
        "    - prob: 1/2\n      value: 3\n    - prob: 1/3\n      value: 4\n",
        "    - prob: 1/2\n  xxxxvalue: 3\n    - prob: 1/2\n      value: 4\n",
        "    - prob: 1/2\n        value: 3\n    - prob: 1/2\n      value: 4\n",
        "    - prob: 1/0\n      value: 3\n    - prob: 1/2\n      value: 4\n",
        "    - prob: 1/2\n      value: 3\n      value: 3\n    - prob: 1/2\n      value: 4\n",
        "    - prob: 1/2\n      kind: MIN\n        children:\n      - value: 1\n    - prob: 1/2\n      value: 4\n",
        "    - prob: 1/2\n      kind: MIN\n  xxxxchildren:\n      - value: 1\n    - prob: 1/2\n      value: 4\n",
        "    - prob: 1/2\n      kind: MIN\n    children:\n      - value: 1\n    - prob: 1/2\n      value: 4\n",
        "    - prob: 1/2\n      kind: MIN\n      children:\n    - prob: 1/2\n      value: 4\n",
    ];
    for items in invalid {
        refused_either_way(&chance(items), true);
    }
    // Vector leaves in a game with players, read in one pass too.
    let players = |items: &str| format!("players: [A, B]\nsum: 9\ntree:\n  kind: A\n  children:\n{items}");
    let valid = [
        "  - value: [1, 2]\n  - value: [ 3 ,-4 ]\n",
        "  - kind: CHANCE\n    children:\n    - prob: 1/2\n      value: [1, 2]\n    - prob: 1/2\n      value: [0, 0]\n",
        "  - value: [1, 2]\n  - name: K\n    value: [01, 2]\n",
    ];
    for items in valid {
        read_quickly(&players(items), true);
    }
    let invalid = [
        "  - value: [1, 2] x\n  - value: [3, 4]\n",
        "  - value: [1, 2, 3]\n  - value: [3, 4]\n",
        "  - value: [1,, 2]\n  - value: [3, 4]\n",
        "  - value: [5, 5]\n  - value: [3, 4]\n",
        "  - value: [1, 2\n  - value: [3, 4]\n",
        "  - value: 3\n  - value: [3, 4]\n",
    ];
    for items in invalid {
        refused_either_way(&players(items), true);
    }
}

#[test]
fn expect_blocks_keep_their_places_in_the_whole_text() {
    // The `expect` block is parsed on its own, after the quick tree: a
    // failed check must still point into the file where it is written.
    let text = "MAX { MIN B { 3 5 } 2 }\n\nexpect minimax { value 9 }\n";
    let spec = spec::load("t.tree", text).unwrap();
    let at = text.find("value 9").unwrap();
    assert_eq!(spec, full(text).unwrap());
    let debug = format!("{:?}", spec.expects);
    assert!(debug.contains(&format!("start: {at}")), "no span at byte {at} in {debug}");
}

#[test]
fn every_shipped_spec_loads_the_same_either_way_and_most_go_the_quick_way() {
    let mut files = Vec::new();
    for dir in ["specs", "tests/fixtures", "tests/fixtures/slides"] {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "tree") {
                files.push(path);
            }
        }
    }
    let (mut taken, mut valid) = (0, 0);
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let took = agree(&text);
        taken += usize::from(took);
        valid += usize::from(full(&text).is_ok());
        // Only non-ASCII outside comments and strings sends a valid spec
        // the long way.
        if !took && full(&text).is_ok() {
            let code: String = text.lines().map(|l| l.split(['#']).next().unwrap_or("")).collect();
            assert!(!code.is_ascii(), "{} is valid ASCII but took the long way", path.display());
        }
    }
    assert!(valid >= 30 && taken * 10 >= valid * 8, "the quick path took {taken} of {valid} valid specs");
}

// ---------------------------------------------------------------------------
// The YAML form: the quick loader reads the block YAML `convert --to yaml`
// writes; serde_yaml_ng (the full path) reads any YAML.

/// Random specs in the YAML form, as `convert --to yaml` writes them.
fn random_yaml(seed: u64) -> Option<String> {
    let file = parse::parse(&Gen::new(seed).spec()).ok()?;
    Some(gametree::syntax::yaml::to_yaml(&file))
}

#[test]
fn random_yaml_specs_load_the_same_either_way() {
    let (mut taken, mut valid) = (0, 0);
    for seed in 0..3000 {
        let Some(yaml) = random_yaml(seed) else { continue };
        taken += usize::from(agree_yaml(&yaml));
        valid += usize::from(full_yaml(&yaml).is_ok());
    }
    assert!(valid >= 800, "only {valid} random YAML specs are valid");
    // Floats YAML would retype, double-quoted names: the rest goes to serde.
    assert!(taken * 10 >= valid * 7, "the quick path read only {taken} of {valid} valid YAML specs");
}

#[test]
fn broken_yaml_specs_fail_at_the_same_places_either_way() {
    const PIECES: &[&str] =
        &[" ", "  ", "\n", "- ", ":", "'", "[", "]", ",", "#", "?", "kind: MAX", "value: 3", "\t", "é"];
    let mut rng = SplitMix64::new(7);
    for seed in 0..2000 {
        let Some(yaml) = random_yaml(seed) else { continue };
        if let Some(text) = broken(yaml, 1, PIECES, &mut rng) {
            agree_yaml(&text);
        }
    }
}

#[test]
fn the_quick_path_reads_hand_written_yaml() {
    let texts = [
        // Children indented under their key, blank lines, a quoted title.
        "title: 'AIMA: Figure 5.2'\nbounds: [2, 14]\n\ntree:\n  kind: MAX\n  name: A\n  eval: 5\n  children:\n    - edge: a1\n      kind: MIN\n      name: B\n      noisy: true\n      children:\n        - value: 3\n        - name: K\n          value: 12\n    - edge: a2\n      ref: B\n",
        // Players, vectors, a chance node with decimal probabilities, `'?'`.
        "players: [A, B]\nsum: 9\ntree:\n  kind: A\n  children:\n  - kind: CHANCE\n    children:\n    - prob: 0.25\n      value: [1, 2]\n    - prob: 0.75\n      value: '?'\n  - value: [3, 4]\n",
        // An expect block and a rubric after the tree.
        "tree:\n  kind: MAX\n  children:\n  - value: 3\n  - value: 5\nexpect:\n- algorithm: minimax\n  value: 5\nrubric:\n  value:\n    points: 1\n",
    ];
    for text in texts {
        assert!(quick::load_spec("t.yaml", text).is_some(), "the quick path refused:\n{text}");
        assert!(agree_yaml(text), "not valid:\n{text}");
    }
}

#[test]
fn deep_yaml_trees_go_the_quick_way_only_where_the_yaml_reader_reads_them() {
    for depth in [10, 40, 41, 70] {
        let file = parse::parse(&gametree::check::bigtree::chain(depth, 1)).unwrap();
        let yaml = gametree::syntax::yaml::to_yaml(&file);
        let took = agree_yaml(&yaml);
        assert_eq!(took, depth <= 40, "depth {depth}");
    }
}

/// Vectors met again are read by a key of their numbers: every vector a
/// leaf holds is the one written there, whatever numbers come again and
/// whatever their neighbours in the key (signs, the largest and the
/// smallest that fit, those just past, other lengths), in the text form
/// and in the YAML form.
#[test]
fn vectors_met_again_are_the_ones_written() {
    const PARTS: &[&str] =
        &["0", "-0", "1", "-1", "127", "128", "-128", "-129", "16383", "-16384", "9999", "-9999", "10000", "255", "7"];
    let mut rng = SplitMix64::new(5);
    let mut pick = |n: usize| (rng.next_u64() % n as u64) as usize;
    for _ in 0..400 {
        let players = 2 + pick(3);
        let names: Vec<String> = (0..players).map(|p| format!("P{p}")).collect();
        let mut text = format!("players {}\n{} {{", names.join(" "), names[0]);
        let mut yaml = format!("players: [{}]\ntree:\n  kind: {}\n  children:\n", names.join(", "), names[0]);
        // A vector and others one number away from it, each met often.
        let base: Vec<&str> = (0..players).map(|_| PARTS[pick(PARTS.len())]).collect();
        let mut pool = vec![base.clone()];
        for _ in 0..3 {
            let mut near = base.clone();
            near[pick(players)] = PARTS[pick(PARTS.len())];
            pool.push(near);
        }
        // Now and then one with a number more, `0` (a spec to refuse).
        if pick(4) == 0 {
            pool.push([&base[..], &["0"]].concat());
        }
        for _ in 0..4 {
            text.push_str(&format!(" {} {{", names[1]));
            yaml.push_str(&format!("  - kind: {}\n    children:\n", names[1]));
            for _ in 0..6 {
                let v = pool[pick(pool.len())].join(", ");
                text.push_str(&format!(" ({v})"));
                yaml.push_str(&format!("    - value: [{v}]\n"));
            }
            text.push_str(" }");
        }
        text.push_str(" }");
        // In the text form and in the YAML form, whose vectors are read
        // as a key too: the same game, or the same errors.
        let valid = full(&text).is_ok();
        assert_eq!(agree(&text), valid, "the quick path refused:\n{text}");
        assert_eq!(full_yaml(&yaml).is_ok(), valid, "not the same tree:\n{text}\n{yaml}");
        assert_eq!(agree_yaml(&yaml), valid, "the quick path refused:\n{yaml}");
    }
}
