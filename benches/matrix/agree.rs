//! Before any timing: the two limit programs find the library's value on
//! random small trees of every shape (the bench has `harness = false`, so
//! this runs at its startup instead of as a `#[test]`; a disagreement
//! stops the bench).
//!
//! Per shape, `TREES` trees from a SplitMix64 stream: branching 1..=4
//! per node, depth up to 5, a node at depth ≥ 1 a leaf with chance 1/4;
//! kinds drawn per node (MAX/MIN; MAX/MIN/CHANCE; players A/B/C), so
//! leaves sit at mixed depths and kinds repeat (a node's block can end
//! several levels at once). MAX/MIN nodes carry `[eval=0]`; each CHANCE
//! node has written probabilities `w/W:` (weights 1..=9, so they sum to
//! 1 exactly) or, one time in four, none (uniform); one tree in three has
//! a `title`. Each tree is written in the full language, converted to
//! YAML by the library (`convert --to yaml`), and the root value from
//! `limit::value` (text), `limit_yaml::value_yaml` (YAML) and the library
//! (`load` + search + analysis, exact rationals) must agree within 1e-9.

use gametree::check::bigtree::SplitMix64;
use gametree::check::convert::{Form, convert};
use gametree::search::Algorithm;

use crate::forms::Shape;
use crate::{library_value, limit, limit_yaml};

/// Random trees per shape.
const TREES: u64 = 200;

/// Checks every shape; panics on the first disagreement, with the tree.
pub fn check() {
    for shape in [Shape::TwoPlayer, Shape::Chance, Shape::Players] {
        let algorithm = match shape {
            Shape::TwoPlayer => Algorithm::Minimax,
            Shape::Chance => Algorithm::Expectiminimax,
            Shape::Players => Algorithm::Maxn,
        };
        for seed in 0..TREES {
            let text = random_tree(shape, seed);
            let yaml = convert("small.tree", &text, Form::Yaml).expect("a generated tree is valid").text;
            let game = gametree::load("small.tree", &text).expect("a generated tree is valid");
            let want = library_value(&game, algorithm);
            let from_text = limit::value(&text).expect("the text limit reads it");
            let from_yaml = limit_yaml::value_yaml(&yaml).expect("the YAML limit reads it");
            for (k, w) in want.iter().enumerate() {
                assert!(
                    (w - from_text[k]).abs() < 1e-9 && (w - from_yaml[k]).abs() < 1e-9,
                    "{algorithm} gives {want:?}, the text limit {from_text:?}, the YAML limit \
                     {from_yaml:?}\n{text}\n{yaml}"
                );
            }
        }
    }
    eprintln!("limits agree with the library on {TREES} random trees per shape (text and YAML)");
}

/// One random tree of `shape` in the full language.
fn random_tree(shape: Shape, seed: u64) -> String {
    let mut rng = SplitMix64::new(seed * 3 + shape as u64);
    let mut out = String::new();
    if rng.range(0, 2) == 0 {
        out.push_str(&format!("title \"tree {seed}\"\n"));
    }
    match shape {
        Shape::TwoPlayer => {}
        Shape::Chance => out.push_str("bounds [-99, 99]\n"),
        Shape::Players => out.push_str("players A B C\n"),
    }
    let depth = rng.range(1, 5) as u32;
    node(&mut out, shape, &mut rng, 0, depth);
    out.push('\n');
    out
}

/// Writes one node (inner at depth 0, else a leaf one time in four or at
/// the bottom) and its subtree.
fn node(out: &mut String, shape: Shape, rng: &mut SplitMix64, level: u32, depth: u32) {
    if level == depth || (level > 0 && rng.range(0, 3) == 0) {
        match shape {
            Shape::Players => {
                let v: Vec<String> = (0..3).map(|_| rng.range(0, 9).to_string()).collect();
                out.push_str(&format!("({})", v.join(", ")));
            }
            _ => out.push_str(&rng.range(-99, 99).to_string()),
        }
        return;
    }
    let kind = match shape {
        Shape::TwoPlayer => ["MAX", "MIN"][rng.range(0, 1) as usize],
        Shape::Chance => ["MAX", "MIN", "CHANCE"][rng.range(0, 2) as usize],
        Shape::Players => ["A", "B", "C"][rng.range(0, 2) as usize],
    };
    out.push_str(kind);
    if kind == "MAX" || kind == "MIN" {
        out.push_str(" [eval=0]");
    }
    out.push_str(" {");
    let children = rng.range(1, 4) as usize;
    let weights: Vec<i64> = (0..children).map(|_| rng.range(1, 9)).collect();
    let written = kind == "CHANCE" && rng.range(0, 3) != 0;
    for w in &weights {
        out.push(' ');
        if written {
            out.push_str(&format!("{w}/{}: ", weights.iter().sum::<i64>()));
        }
        node(out, shape, rng, level + 1, depth);
    }
    out.push_str(" }");
}
