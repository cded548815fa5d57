//! What the counts over subtrees count in: plain numbers of assignments,
//! or (`multiset.rs`) polynomials in the values they use.

use super::V;
use crate::check::puzzle::count::Count;
use crate::num::Num;

/// What the ways are counted in: plain numbers of assignments
/// ([`Plain`]), or, over a multiset with repeats, numbers of assignments
/// by the values they use (`multiset.rs`). Sums and products only, so
/// the dynamic programming of `subtrees.rs` is the same for both.
pub(in crate::check::puzzle) trait Ring {
    type W: Clone;
    /// Whether moves that meet equal ways are summed before their product
    /// (`subtrees/moves.rs`): worth it where a product costs far more than
    /// a sum and a comparison.
    const GROUPS: bool = false;
    /// Learns the table of values (`V` indexes it) before any count.
    fn bind(&mut self, _values: &[Num]) {}
    fn zero(&self) -> Self::W;
    /// No unknown: one way.
    fn one(&self) -> Self::W;
    /// One unknown given the value `v`.
    fn leaf(&self, v: V) -> Self::W;
    fn add(&self, into: &mut Self::W, w: &Self::W);
    fn mul(&self, a: &Self::W, b: &Self::W) -> Self::W;
    /// About what multiplying by `w` costs, to multiply the smallest
    /// first ([`Ring::product`]): the same for every plain count.
    fn size(&self, _w: &Self::W) -> usize {
        1
    }
    /// The product of `factors`, multiplied in the order this ring expects
    /// to cost least: smallest first by [`Ring::size`] unless the ring
    /// knows better.
    fn product(&self, mut factors: Vec<&Self::W>) -> Self::W {
        factors.sort_by_key(|w| self.size(w));
        factors.into_iter().fold(self.one(), |w, f| self.mul(&w, f))
    }
    /// Whether `a` and `b` are equal (asked only where [`Ring::GROUPS`]).
    fn same(&self, _a: &Self::W, _b: &Self::W) -> bool {
        false
    }
    /// The number of assignments of every unknown that `w` stands for.
    fn total(&self, w: &Self::W) -> Count;
    /// Whether the unknown after those given `chosen` may take `v` at all
    /// (a listing skips the values that cannot follow without a count).
    fn may_follow(&self, _chosen: &[V], _v: V) -> bool {
        true
    }
}

/// Ways as plain numbers of assignments.
pub(in crate::check::puzzle) struct Plain;

impl Ring for Plain {
    type W = Count;
    fn zero(&self) -> Count {
        Count::ZERO
    }
    fn one(&self) -> Count {
        Count::ONE
    }
    fn leaf(&self, _: V) -> Count {
        Count::ONE
    }
    fn add(&self, into: &mut Count, w: &Count) {
        *into += w;
    }
    fn mul(&self, a: &Count, b: &Count) -> Count {
        a * b
    }
    fn total(&self, w: &Count) -> Count {
        w.clone()
    }
}
