//! What `multiset.rs`'s work is estimated to cost: the order a product's
//! factors are met in ([`Uses::cheapest_order`]) and the fewest term
//! products a count takes ([`least_work`]), before it is started, both
//! from how many sub-multisets of each size there are ([`sub_multisets`]).

use super::{Poly, Uses};
use crate::check::puzzle::subtrees::upward;
use crate::model::{Game, NodeId};
use crate::num::Num;

/// The most factors whose every order [`Uses::cheapest_order`] weighs.
const ORDERED_FACTORS: usize = 6;

impl Uses {
    /// The order to multiply `factors` in that should cost least: each
    /// order (all of them, for up to [`ORDERED_FACTORS`]; else smallest
    /// first) costs the pairs of terms each product meets, the running
    /// product's terms taken as the product of its factors' terms or the
    /// sub-multisets of its size, whichever is fewer, and the product that
    /// reaches every unknown a lookup a term of its shorter side. With
    /// three CHANCE children of a MAX root, the product of the two whose
    /// ways below a value are wide, met first in the children's order,
    /// took about 2·10^9 pairs over 18 distinct values, where the one held
    /// at the value met first and the widest looked up takes a tenth.
    pub(super) fn cheapest_order(&self, factors: &[&Poly]) -> Vec<usize> {
        let mut order: Vec<usize> = (0..factors.len()).collect();
        if factors.len() > ORDERED_FACTORS {
            order.sort_by_key(|&i| factors[i].terms.len());
            return order;
        }
        let cost = |order: &[usize]| {
            let (mut terms, mut degree, mut cost) = (1f64, 0u32, 0f64);
            for &i in order {
                let (t, d) = (factors[i].terms.len() as f64, factors[i].degree);
                if degree + d == self.degree {
                    cost += terms.min(t);
                    terms = 1.0;
                } else {
                    cost += terms * t;
                    let most = self.sizes.get((degree + d) as usize).map_or(0.0, |&n| n as f64);
                    terms = (terms * t).min(most);
                }
                degree += d;
            }
            cost
        };
        let mut best = (cost(&order), order.clone());
        // Every order, by Heap's algorithm.
        let mut c = vec![0usize; order.len()];
        let mut i = 1;
        while i < order.len() {
            if c[i] < i {
                let j = if i % 2 == 0 { 0 } else { c[i] };
                order.swap(j, i);
                let here = cost(&order);
                if here < best.0 {
                    best = (here, order.clone());
                }
                c[i] += 1;
                i = 1;
            } else {
                c[i] = 0;
                i += 1;
            }
        }
        best.1
    }
}

/// The fewest term products a count takes: at each inner node, the ways of
/// its children so far meet each next child's (one term product per pair
/// of terms, for at least one window and value each), but for the root's
/// last child, whose terms are only looked up. A subtree with `s`
/// unknowns has up to as many terms as the multiset has sub-multisets of
/// `s` values, and that many where the values it takes are free, so this
/// is the work of the count when every subtree's terms are all there,
/// for one state of each node's loop. The states multiply it (counts that
/// finished took 3–9 times this), so past a quarter of [`MAX_WORK`](super::MAX_WORK) the
/// count would most likely give up after seconds of work: it is not
/// started, and the box search answers at once.
pub(super) fn least_work(game: &Game, unknowns: &[NodeId], kinds: &[(Num, u32)]) -> u64 {
    if game.has_transpositions() {
        // Not counted over subtrees (and a walk could meet a subtree often).
        return u64::MAX;
    }
    let sub = sub_multisets(kinds);
    let terms = |s: usize| sub.get(s).copied().unwrap_or(0);
    // Unknowns under each node: each node after its children.
    let mut under = vec![0usize; game.len()];
    for &id in unknowns {
        under[id.index()] = 1;
    }
    for id in upward(game) {
        let below: usize = game.node(id).children().iter().map(|e| under[e.child.index()]).sum();
        under[id.index()] += below;
    }
    let mut work = 0u64;
    for id in game.ids() {
        let children = game.node(id).children();
        let mut so_far = 0;
        for (j, e) in children.iter().enumerate() {
            let child = under[e.child.index()];
            if !(id == NodeId::ROOT && j + 1 == children.len()) {
                work = work.saturating_add(terms(so_far).saturating_mul(terms(child)));
            }
            so_far += child;
        }
    }
    work
}

/// `sub[s]`: how many sub-multisets of `s` values the multiset of `kinds`
/// has (saturating at `u64::MAX`).
pub(super) fn sub_multisets(kinds: &[(Num, u32)]) -> Vec<u64> {
    let mut sub = vec![1u64];
    for &(_, n) in kinds {
        let mut next = vec![0u64; sub.len() + n as usize];
        for (s, &w) in sub.iter().enumerate() {
            for extra in 0..=n as usize {
                next[s + extra] = next[s + extra].saturating_add(w);
            }
        }
        sub = next;
    }
    sub
}
