//! What the benchmarks share: the counting allocator (from the
//! `counting-alloc` dev-dependency) and the tree sizes to run.

pub use counting_alloc::{Counting, LIVE, PEAK};

/// The tree sizes asked for as `BxD` arguments (`cargo bench` adds
/// `--bench`, which is skipped), or by default 10^3, 10^5, 10^6 and 10^7
/// leaves (b=10) and 3^14.
pub fn sizes() -> Vec<(u32, u32)> {
    let asked: Vec<(u32, u32)> = std::env::args()
        .skip(1)
        .filter_map(|a| {
            let (b, d) = a.split_once('x')?;
            Some((b.parse().ok()?, d.parse().ok()?))
        })
        .collect();
    if asked.is_empty() { vec![(10, 3), (10, 5), (10, 6), (10, 7), (3, 14)] } else { asked }
}
