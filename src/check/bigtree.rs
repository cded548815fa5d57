//! Big generated trees, as spec text, for benchmarks and stress tests.
//!
//! Every generator is deterministic: the same arguments give the same text,
//! byte for byte, on every platform (a SplitMix64 stream seeded by `seed`).
//! Inner nodes alternate MAX (at even depths, the root included) and MIN;
//! leaves are integers in `-99..=99`. The text is compact — one line, no
//! names — as a program, not a person, would write it.

/// SplitMix64 (Steele, Lea and Flood 2014): tiny, fast, the same on every
/// platform; used by these generators and by `gametree generate`.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi` (the tiny modulo bias does not matter here).
    /// Any `lo <= hi` of `i64`, the whole of it too (then the span, 2^64,
    /// is no `u64`, and every draw is in range).
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        let x = self.next_u64();
        match (hi.wrapping_sub(lo) as u64).checked_add(1) {
            Some(span) => lo.wrapping_add((x % span) as i64),
            None => x as i64,
        }
    }

    /// A leaf utility in `-99..=99`.
    pub fn leaf(&mut self) -> i64 {
        self.range(-99, 99)
    }
}

/// The number of leaves of [`uniform`]`(branching, depth, _)`: `branching^depth`.
pub fn leaves(branching: u32, depth: u32) -> u64 {
    u64::from(branching).pow(depth)
}

/// A complete tree: every inner node has `branching` children, every leaf
/// is at `depth` (the root is depth 0; `depth == 0` is a MAX node with one
/// leaf), leaves in `-99..=99`.
pub fn uniform(branching: u32, depth: u32, seed: u64) -> String {
    uniform_in(branching, depth, seed, (-99, 99))
}

/// `gametree generate --plain`: [`uniform_in`] as a spec, with the range
/// declared as `bounds` when asked; refuses an empty shape or more than
/// 2^30 leaves.
pub fn plain(branching: u32, depth: u32, seed: u64, range: (i64, i64), bounds: bool) -> Result<String, String> {
    if branching == 0 {
        return Err("--branching must be 1 or more".into());
    }
    if u64::from(branching).checked_pow(depth).is_none_or(|n| n > 1 << 30) {
        return Err(format!("{branching}^{depth} leaves is more than 2^30"));
    }
    let header = if bounds { format!("bounds [{}, {}]\n", range.0, range.1) } else { String::new() };
    Ok(header + &uniform_in(branching, depth, seed, range))
}

/// [`uniform`] with leaves in `lo..=hi` (`gametree generate --plain`).
pub fn uniform_in(branching: u32, depth: u32, seed: u64, (lo, hi): (i64, i64)) -> String {
    let branching = branching.max(1);
    let nodes = leaves(branching, depth);
    let mut out = String::with_capacity((nodes as usize).saturating_mul(4).saturating_add(64));
    let mut rng = SplitMix64::new(seed);
    if depth == 0 {
        out.push_str("MAX { ");
        push_leaf(&mut out, rng.range(lo, hi));
        out.push_str("}\n");
        return out;
    }
    // An explicit stack of "children still to write" per open node, so any
    // depth is fine.
    let mut open: Vec<u32> = Vec::with_capacity(depth as usize);
    open_node(&mut out, 0);
    open.push(branching);
    while let Some(left) = open.last_mut() {
        if *left == 0 {
            open.pop();
            out.push_str("} ");
            continue;
        }
        *left -= 1;
        if open.len() == depth as usize {
            push_leaf(&mut out, rng.range(lo, hi));
        } else {
            open_node(&mut out, open.len());
            open.push(branching);
        }
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

/// A chain `depth` inner nodes deep: each inner node has a leaf and then the
/// next inner node as children (the deepest has two leaves). It nests
/// `depth` levels of braces, one level per line.
pub fn chain(depth: u32, seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    let mut out = String::with_capacity(depth as usize * 12 + 16);
    for d in 0..depth as usize {
        open_node(&mut out, d);
        push_leaf(&mut out, rng.leaf());
        out.push('\n');
    }
    push_leaf(&mut out, rng.leaf());
    out.push_str(&"}".repeat(depth as usize));
    out.push('\n');
    out
}

/// One MAX node with `n` leaf children: the widest tree of `n` leaves.
pub fn wide(n: u32, seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    let mut out = String::with_capacity(n as usize * 4 + 16);
    out.push_str("MAX { ");
    for _ in 0..n {
        push_leaf(&mut out, rng.leaf());
    }
    out.push_str("}\n");
    out
}

fn open_node(out: &mut String, depth: usize) {
    out.push_str(if depth.is_multiple_of(2) { "MAX { " } else { "MIN { " });
}

fn push_leaf(out: &mut String, value: i64) {
    use std::fmt::Write;
    let _ = write!(out, "{value} ");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniform_writes_a_complete_tree() {
        let text = uniform(2, 2, 7);
        assert!(text.starts_with("MAX { MIN { "), "{text}");
        assert_eq!(text.matches('{').count(), 3);
        let game = crate::load("u.tree", &text).unwrap();
        assert_eq!(game.nodes().filter(|n| n.is_leaf()).count(), 4);
        assert_eq!(uniform(2, 2, 7), text, "same seed, same tree");
        assert_ne!(uniform(2, 2, 8), text);
        assert_eq!(crate::load("u.tree", &uniform(3, 0, 1)).unwrap().len(), 2);
    }

    #[test]
    fn chain_and_wide_are_what_they_say() {
        let game = crate::load("c.tree", &chain(5, 1)).unwrap();
        assert_eq!((game.len(), game.nodes().filter(|n| n.is_leaf()).count()), (11, 6));
        let game = crate::load("w.tree", &wide(1000, 1)).unwrap();
        assert_eq!(game.root().children().len(), 1000);
    }
}
