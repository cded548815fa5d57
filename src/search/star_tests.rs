//! `star1` and `star2` record exactly the trace the engine recorded before
//! its chance sums were kept incrementally (`star_reference.rs`, the old
//! code): every window, value, cut and visit, compared by `Debug` forms so
//! that a float and the equal rational stay apart.
//!
//! Random chance trees over integers, fractions, and numbers near `i64`'s
//! limits (whose products overflow to floats, some chance nodes starting
//! exact and turning float midway); probabilities written as fractions
//! (small or with large prime denominators), decimals, zeros, or left
//! uniform; declared bounds or `--ignore-bounds` (infinite windows); both
//! cut rules, fail-soft and fail-hard, and four orders.

use proptest::prelude::*;

use crate::model::Game;
use crate::search::Algorithm;
use crate::search::options::{CutRule, FailMode, Options, Order};
use crate::search::star_reference::OldStar;
use crate::search::star1::Star;

/// A tiny deterministic generator (xorshift), seeded by proptest.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    /// Uniform-ish in `lo..=hi`, for any span (worked in `i128`, so a span
    /// past `i64` does not overflow).
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        let span = (i128::from(hi) - i128::from(lo) + 1) as u128;
        (i128::from(lo) + (u128::from(self.next()) % span) as i128) as i64
    }
}

/// What the leaves are.
#[derive(Clone, Copy, Debug)]
enum Numbers {
    Integers,
    Fractions,
    /// Mostly small integers, now and then one near ±2^62.
    SomeHuge,
    /// Every leaf near ±2^62.
    Huge,
}

/// A leaf's text and its value as an `f64`, for the bounds.
fn leaf(rng: &mut Rng, numbers: Numbers) -> (String, f64) {
    let huge = |rng: &mut Rng| {
        let v = rng.range(-(1 << 62), 1 << 62);
        (v.to_string(), v as f64)
    };
    match numbers {
        Numbers::Integers => {
            let v = rng.range(-20, 20);
            (v.to_string(), v as f64)
        }
        Numbers::Fractions => {
            let (n, d) = (rng.range(-40, 40), rng.range(1, 7));
            (format!("{n}/{d}"), n as f64 / d as f64)
        }
        Numbers::SomeHuge if rng.below(6) == 0 => huge(rng),
        Numbers::SomeHuge => {
            let v = rng.range(-20, 20);
            (v.to_string(), v as f64)
        }
        Numbers::Huge => huge(rng),
    }
}

/// The probabilities of `k` children, as written (`None`: left uniform).
fn probabilities(rng: &mut Rng, k: usize) -> Option<Vec<String>> {
    match rng.below(5) {
        0 => None,
        1 if k == 2 => {
            let a = ["0.25", "0.5", "0.125", "0"][rng.below(4) as usize];
            let b = match a {
                "0.25" => "0.75",
                "0.5" => "0.5",
                "0.125" => "0.875",
                _ => "1",
            };
            Some(vec![a.into(), b.into()])
        }
        2 => {
            // Large prime denominators: products overflow sooner.
            let p = [1_000_000_007i64, 998_244_353, 2_147_483_647][rng.below(3) as usize];
            let mut left = p;
            let mut out = Vec::new();
            for i in 0..k {
                let w = if i + 1 == k { left } else { rng.range(0, left) };
                left -= w;
                out.push(format!("{w}/{p}"));
            }
            Some(out)
        }
        _ => {
            let mut w: Vec<i64> = (0..k).map(|_| rng.range(0, 4)).collect();
            if w.iter().all(|&x| x == 0) {
                w[0] = 1;
            }
            let total: i64 = w.iter().sum();
            Some(w.iter().map(|x| format!("{x}/{total}")).collect())
        }
    }
}

/// Writes a random subtree; collects the leaves' values.
fn grow(rng: &mut Rng, numbers: Numbers, depth: u32, out: &mut String, leaves: &mut Vec<f64>) {
    let root = out.is_empty();
    if depth == 0 || (!root && depth < 3 && rng.below(4) == 0) {
        let (text, v) = leaf(rng, numbers);
        out.push_str(&text);
        out.push(' ');
        leaves.push(v);
        return;
    }
    let kind = ["MAX", "MIN", "CHANCE", "CHANCE"][rng.below(4) as usize];
    let k = 1 + rng.below(4) as usize;
    let probs = if kind == "CHANCE" { probabilities(rng, k) } else { None };
    out.push_str(kind);
    out.push_str(" { ");
    for i in 0..k {
        if let Some(p) = &probs {
            out.push_str(&p[i]);
            out.push_str(": ");
        }
        grow(rng, numbers, depth - 1, out, leaves);
    }
    out.push_str("} ");
}

/// A random spec (bounds declared around its leaves) and options.
fn case(seed: u64) -> (String, Options) {
    let mut rng = Rng(seed | 1);
    let numbers = [Numbers::Integers, Numbers::Fractions, Numbers::SomeHuge, Numbers::Huge][rng.below(4) as usize];
    let mut tree = String::new();
    let mut leaves = Vec::new();
    let depth = 1 + rng.below(4) as u32;
    grow(&mut rng, numbers, depth, &mut tree, &mut leaves);
    let (min, max) = leaves.iter().fold((0f64, 0f64), |(a, b), &v| (a.min(v), b.max(v)));
    let (lo, hi) = match numbers {
        Numbers::SomeHuge | Numbers::Huge => ("-4611686018427387904".to_string(), "4611686018427387904".to_string()),
        _ => ((min.floor() as i64 - rng.range(0, 3)).to_string(), (max.ceil() as i64 + rng.range(0, 3)).to_string()),
    };
    let text = format!("bounds [{lo}, {hi}]\n{tree}\n");
    let opts = Options {
        cuts: if rng.below(2) == 0 { CutRule::OnEquality } else { CutRule::Strict },
        fail: if rng.below(2) == 0 { FailMode::Soft } else { FailMode::Hard },
        ignore_bounds: rng.below(4) == 0,
        order: [Order::Spec, Order::Reverse, Order::Best, Order::Worst][rng.below(4) as usize],
        ..Options::default()
    };
    (text, opts)
}

fn load(text: &str) -> Game {
    crate::model::load("gen.tree", text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

/// The new and the old engine's traces, as `Debug` text: the whole trace
/// (its packed form) and its decoded events one per line.
fn both(game: &Game, opts: &Options, algorithm: Algorithm) -> [(String, String); 2] {
    let new = Star::new(game, opts, algorithm, None).run_to(Default::default());
    let old = OldStar::new(game, opts, algorithm, None).run();
    let events = |t: &crate::search::trace::Trace| t.events().map(|e| format!("{e:?}\n")).collect::<String>();
    [(format!("{new:?}"), events(&new)), (format!("{old:?}"), events(&old))]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn star_traces_are_the_old_traces_bit_for_bit(seed in any::<u64>()) {
        let (text, opts) = case(seed);
        let game = load(&text);
        for algorithm in [Algorithm::Star1, Algorithm::Star2] {
            let [(new, new_events), (old, old_events)] = both(&game, &opts, algorithm);
            prop_assert_eq!(new_events, old_events, "{:?} {:?} on\n{}", algorithm, opts, text);
            prop_assert_eq!(new, old, "{:?} {:?} on\n{}", algorithm, opts, text);
        }
    }
}

/// A multi-player tree for `paranoid` (the same engine, one player's
/// component as the value): players A and B, written probabilities,
/// leaves of two components, small or near ±2^62.
fn paranoid_case(seed: u64) -> String {
    fn grow(rng: &mut Rng, huge: bool, depth: u32, out: &mut String) {
        if depth == 0 || (!out.ends_with('\n') && depth < 3 && rng.below(4) == 0) {
            let mut v = || if huge && rng.below(3) == 0 { rng.range(-(1 << 62), 1 << 62) } else { rng.range(-9, 9) };
            let (a, b) = (v(), v());
            out.push_str(&format!("({a}, {b}) "));
            return;
        }
        let kind = ["A", "B", "CHANCE"][rng.below(3) as usize];
        let k = 1 + rng.below(3) as usize;
        let probs = match kind {
            "CHANCE" => probabilities(rng, k).or_else(|| Some(vec![format!("1/{k}"); k])),
            _ => None,
        };
        out.push_str(kind);
        out.push_str(" { ");
        for i in 0..k {
            if let Some(p) = &probs {
                out.push_str(&p[i]);
                out.push_str(": ");
            }
            grow(rng, huge, depth - 1, out);
        }
        out.push_str("} ");
    }
    let mut rng = Rng(seed | 1);
    let huge = rng.below(2) == 0;
    let mut text = String::from("players A B\nbounds [-4611686018427387904, 4611686018427387904]\n");
    let depth = 1 + rng.below(4) as u32;
    grow(&mut rng, huge, depth, &mut text);
    text.push('\n');
    text
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn paranoid_traces_are_the_old_traces_bit_for_bit(seed in any::<u64>(), player in 0u16..2, strict in any::<bool>()) {
        let text = paranoid_case(seed);
        let game = load(&text);
        let cuts = if strict { CutRule::Strict } else { CutRule::OnEquality };
        let opts = Options { cuts, ..Options::default() };
        let new = Star::new(&game, &opts, Algorithm::Paranoid, Some(player)).run_to(Default::default());
        let old = OldStar::new(&game, &opts, Algorithm::Paranoid, Some(player)).run();
        prop_assert_eq!(format!("{new:?}"), format!("{old:?}"), "{}", text);
    }
}

/// The cases above reach what they are meant to: traces with floats (from
/// overflow, and from infinite windows), with fractions, with chance cuts,
/// and chance nodes that hold exact values and floats in one trace.
#[test]
fn the_random_cases_reach_floats_fractions_and_cuts() {
    let (mut floats, mut fractions, mut cuts, mut mixed) = (0, 0, 0, 0);
    for seed in 0..2000u64 {
        let (text, opts) = case(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let game = load(&text);
        let [(_, events), (_, old)] = both(&game, &opts, Algorithm::Star1);
        assert_eq!(events, old, "{text}");
        let float = events.contains("Float(") && !opts.ignore_bounds;
        let ratio = events.lines().any(|l| l.contains("Ratio(") && !l.contains(", 1)"));
        floats += usize::from(float);
        fractions += usize::from(ratio);
        cuts += usize::from(events.contains("Chance {"));
        mixed += usize::from(float && events.lines().any(|l| l.contains("Update") && l.contains("Ratio(")));
    }
    assert!(floats > 100 && fractions > 400 && cuts > 100 && mixed > 50, "{floats} {fractions} {cuts} {mixed}");
}

/// A hand-worked tree: `CHANCE { 1/3: 6  2/3: MIN { 3 9 } }` in `[0, 9]`,
/// window `[0, 9]`. Child 0 gets `A₀ = (0 − 2/3·9)/(1/3) = −18 → L = 0` and
/// `B₀ = (9 − 2/3·0)/(1/3) = 27 → U = 9`; after 6, child 1 gets
/// `A₁ = (0 − 1/3·6)/(2/3) = −3 → 0` and `B₁ = (9 − 2)/(2/3) = 21/2 → 9`;
/// the node's value is `1/3·6 + 2/3·3 = 4`.
#[test]
fn a_hand_worked_chance_node() {
    let game = load("bounds [0, 9]\nCHANCE { 1/3: 6 2/3: MIN { 3 9 } }\n");
    let trace = Star::new(&game, &Options::default(), Algorithm::Star1, None).run_to(Default::default());
    let events: Vec<String> = trace.events().map(|e| format!("{e:?}")).collect();
    let last = events.last().expect("events");
    assert!(last.contains("Exit") && last.contains("Scalar(Ratio(4, 1))"), "{events:#?}");
    let min = events.iter().find(|e| e.starts_with("Enter") && e.contains("child: 1")).expect("MIN entered");
    assert!(min.contains("alpha: Ratio(0, 1), beta: Ratio(9, 1)"), "{min}");
}
