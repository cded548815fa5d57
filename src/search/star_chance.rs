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
}

impl Chance {
    /// `(Σ pⱼ·loⱼ, Σ pⱼ·hiⱼ)`: what the node's value can still be.
    pub fn totals(&self, known: &[Interval]) -> (Num, Num) {
        let weigh =
            |f: fn(&Interval) -> Num| self.probs.iter().zip(known).fold(Num::ZERO, |acc, (&p, k)| acc + p * f(k));
        (weigh(|k| k.lo), weigh(|k| k.hi))
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
        let others = |f: fn(&Interval) -> Num| {
            (0..known.len()).filter(|&j| j != i).fold(Num::ZERO, |acc, j| acc + self.probs[j] * f(&known[j]))
        };
        let a = (self.alpha.v - others(|k| k.hi)) / p;
        let b = (self.beta.v - others(|k| k.lo)) / p;
        let mine = Cause::Ancestor(self.depth);
        let alpha = if a > range.0 { Bound { v: a, cause: mine } } else { lo_bound };
        let beta = if b < range.1 { Bound { v: b, cause: mine } } else { hi_bound };
        (alpha, beta)
    }
}
