//! The trees the matrix runs on, in each input form.
//!
//! Three shapes, complete, branching `b`, depth `d` (`b^d` leaves), leaves
//! from a SplitMix64 stream:
//!
//! - two-player: `bigtree::uniform` (MAX/MIN, leaves in -99..=99);
//! - chance: levels MAX, CHANCE, MIN, CHANCE, … with `bounds [-99, 99]`;
//! - three players `A B C` taking turns, vector leaves in 0..=9 each.
//!
//! and three forms of each: plain text (kinds, braces, integers: the
//! quick loader's original subset; none for the vector tree, written only
//! in the full form), the full language (`[eval=0]` on every MAX/MIN node,
//! written probabilities, an `expect` block), and YAML (`convert --to
//! yaml` of the full form).

use gametree::check::bigtree::{SplitMix64, uniform};
use gametree::check::convert::{Form, convert};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    TwoPlayer,
    Chance,
    Players,
}

impl Shape {
    pub fn name(self) -> &'static str {
        match self {
            Shape::TwoPlayer => "MAX/MIN",
            Shape::Chance => "chance",
            Shape::Players => "3 players",
        }
    }
}

/// One tree in its forms.
pub struct Forms {
    pub quick: Option<String>,
    pub full: String,
    /// Made only when asked for (converting goes through pest and the ast).
    pub yaml: Option<String>,
}

/// The tree of `shape` with branching `b` and depth `d`, in every form;
/// `expect` is the block appended to the full form (its answer, worked by
/// the limit program or the library on the quick form).
pub fn forms(shape: Shape, b: u32, d: u32, yaml: bool, expect: impl Fn(&str) -> String) -> Forms {
    let (quick, full) = match shape {
        Shape::TwoPlayer => {
            let quick = uniform(b, d, 1);
            let full = quick.replace("MAX {", "MAX [eval=0] {").replace("MIN {", "MIN [eval=0] {");
            (Some(quick), full)
        }
        Shape::Chance => (Some(chance(b, d, false)), chance(b, d, true)),
        Shape::Players => (None, players(b, d)),
    };
    let full = format!("{full}\n{}", expect(quick.as_deref().unwrap_or(&full)));
    let yaml = yaml.then(|| convert("big.tree", &full, Form::Yaml).expect("a generated tree is valid").text);
    // Each text as the CLI holds a file it reads: no spare capacity (a
    // string grown by doubling may hold up to twice its bytes, which the
    // load's peak counts).
    let exact = |mut s: String| {
        s.shrink_to_fit();
        s
    };
    Forms { quick: quick.map(exact), full: exact(full), yaml: yaml.map(exact) }
}

/// MAX, CHANCE, MIN, CHANCE, … (probabilities written when `written`,
/// with `[eval=0]` on the MAX/MIN nodes).
fn chance(b: u32, d: u32, written: bool) -> String {
    let mut out = String::from("bounds [-99, 99]\n");
    let mut rng = SplitMix64::new(1);
    let p = if written { format!("1/{b}: ") } else { String::new() };
    let attr = if written { " [eval=0]" } else { "" };
    grow(&mut out, b, d, 0, &mut |out: &mut String, level: u32, parent: Option<u32>, inner: bool| {
        if parent == Some(1) {
            out.push_str(&p);
        }
        if !inner {
            out.push_str(&rng.leaf().to_string());
            return 0;
        }
        let k = level % 4;
        out.push_str(match k {
            0 => "MAX",
            2 => "MIN",
            _ => "CHANCE",
        });
        if k.is_multiple_of(2) {
            out.push_str(attr);
        }
        k % 2
    });
    out
}

/// Players A, B, C in turn, vector leaves.
fn players(b: u32, d: u32) -> String {
    let mut out = String::from("players A B C\n");
    let mut rng = SplitMix64::new(1);
    grow(&mut out, b, d, 0, &mut |out: &mut String, level: u32, _, inner: bool| {
        if inner {
            out.push_str(["A", "B", "C"][level as usize % 3]);
        } else {
            let v: Vec<String> = (0..3).map(|_| rng.range(0, 9).to_string()).collect();
            out.push_str(&format!("({})", v.join(", ")));
        }
        0
    });
    out
}

/// Writes one node's head (or a leaf): `(out, level, parent's mark,
/// inner)`, and returns its mark.
type Node<'a> = dyn FnMut(&mut String, u32, Option<u32>, bool) -> u32 + 'a;

/// Writes a complete tree depth-first: `node(out, level, parent's mark,
/// inner)` writes a node's head (or a leaf) and returns its mark.
fn grow(out: &mut String, b: u32, d: u32, level: u32, node: &mut Node<'_>) {
    fn go(out: &mut String, b: u32, d: u32, level: u32, parent: Option<u32>, node: &mut Node<'_>) {
        let mark = node(out, level, parent, level < d);
        if level < d {
            out.push_str(" {");
            for _ in 0..b {
                out.push(' ');
                go(out, b, d, level + 1, Some(mark), node);
            }
            out.push_str(" }");
        }
    }
    go(out, b, d, level, None, node);
    out.push('\n');
}
