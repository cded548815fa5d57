//! The points of a box of counts (`m_i ≤ caps_i`), as `distinct.rs` and
//! `wide.rs` count them: how many values a count takes from each gap
//! between the values the search compares with.
//!
//! Both count from the largest point down: a count on fewer values has no
//! more ways, so a point below one with none has none either, and is not
//! counted ([`Grid::below_none`]).

/// The points by index, the first gap's count the lowest digit.
pub(super) struct Grid {
    caps: Vec<usize>,
    pub strides: Vec<usize>,
    pub size: usize,
}

impl Grid {
    /// The grid, or `None` when it has more than `max` points.
    pub fn new(caps: &[usize], max: usize) -> Option<Grid> {
        let mut strides = Vec::with_capacity(caps.len());
        let mut size = 1usize;
        for &c in caps {
            strides.push(size);
            size = size.checked_mul(c + 1)?;
        }
        (size <= max).then(|| Grid { caps: caps.to_vec(), strides, size })
    }

    /// The point at index `at`.
    pub fn point(&self, mut at: usize) -> Vec<usize> {
        self.caps
            .iter()
            .map(|&c| {
                let d = at % (c + 1);
                at /= c + 1;
                d
            })
            .collect()
    }

    /// Whether point `m` (at index `at`) is below one `zero` marks as having
    /// no ways (one step up along some gap: those are counted first).
    pub fn below_none(&self, at: usize, m: &[usize], zero: &[bool]) -> bool {
        (0..m.len()).any(|i| m[i] < self.caps[i] && zero[at + self.strides[i]])
    }
}
