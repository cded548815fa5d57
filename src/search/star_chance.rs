//! The arithmetic of a CHANCE node under `star1`/`star2`: what its value
//! can still be, when it is cut, and the window each child gets (the
//! formulas are in `star1.rs`'s module doc, after Ballard 1983 and Hauk,
//! Buro & Schaeffer 2004). Invariant: `known[j]` holds what is known of
//! child j: `[L, U]` before it is searched, a probe's bound, or its value.

use crate::num::Num;
use crate::search::Interval;
use crate::search::alphabeta::Bound;
use crate::search::options::Options;
use crate::search::trace::Cause;

/// A chance node's probabilities and window, and the arithmetic on them.
pub(crate) struct Chance {
    pub probs: Vec<Num>,
    pub depth: u32,
    pub alpha: Bound,
    pub beta: Bound,
    /// `pⱼ·loⱼ` and `pⱼ·hiⱼ` of `known[j]`, kept as `known` changes
    /// ([`Chance::learn`]): the sums below add them in the same order as
    /// before, without multiplying again (exact rationals cost a gcd each).
    lo: Vec<Num>,
    hi: Vec<Num>,
}

impl Chance {
    /// Nothing known yet: every child in `[L, U]` (`range`).
    pub fn new(probs: Vec<Num>, depth: u32, alpha: Bound, beta: Bound, range: (Num, Num)) -> Chance {
        let lo = probs.iter().map(|&p| p * range.0).collect();
        let hi = probs.iter().map(|&p| p * range.1).collect();
        Chance { probs, depth, alpha, beta, lo, hi }
    }

    /// Records what is now known of child `i`.
    pub fn learn(&mut self, known: &mut [Interval], i: usize, k: Interval) {
        (self.lo[i], self.hi[i]) = (self.probs[i] * k.lo, self.probs[i] * k.hi);
        known[i] = k;
    }

    /// `(Σ pⱼ·loⱼ, Σ pⱼ·hiⱼ)`: what the node's value can still be.
    pub fn totals(&self, known: &[Interval]) -> (Num, Num) {
        debug_assert_eq!(known.len(), self.lo.len());
        let sum = |terms: &[Num]| terms.iter().fold(Num::ZERO, |acc, &t| acc + t);
        (sum(&self.lo), sum(&self.hi))
    }

    /// `Some(false)`: fail low (`Σ p·hi ≤ α`); `Some(true)`: fail high.
    pub fn cut(&self, known: &[Interval], opts: &Options) -> Option<bool> {
        let (lo, hi) = self.totals(known);
        if opts.cuts.alpha_cut(hi, self.alpha.v) {
            Some(false)
        } else if opts.cuts.beta_cut(lo, self.beta.v) {
            Some(true)
        } else {
            None
        }
    }

    /// Child i's window: `(max(Aᵢ, L), min(Bᵢ, U))`, each bound caused by
    /// this chance node when it is tighter than the declared range.
    pub fn window(&self, i: usize, known: &[Interval], range: (Num, Num)) -> (Bound, Bound) {
        let p = self.probs[i];
        let (lo_bound, hi_bound) =
            (Bound { v: range.0, cause: Cause::Bounds }, Bound { v: range.1, cause: Cause::Bounds });
        if p.is_zero() {
            return (lo_bound, hi_bound);
        }
        let others = |terms: &[Num]| (0..known.len()).filter(|&j| j != i).fold(Num::ZERO, |acc, j| acc + terms[j]);
        let a = (self.alpha.v - others(&self.hi)) / p;
        let b = (self.beta.v - others(&self.lo)) / p;
        let mine = Cause::Ancestor(self.depth);
        let alpha = if a > range.0 { Bound { v: a, cause: mine } } else { lo_bound };
        let beta = if b < range.1 { Bound { v: b, cause: mine } } else { hi_bound };
        (alpha, beta)
    }
}
