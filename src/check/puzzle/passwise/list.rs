//! Listing the solutions of a count pass by pass, smallest first.

use super::{MOST_LISTED, MOST_LISTING_COUNTS, Passwise, Shape};
use crate::num::Num;

impl Passwise {
    /// The first `max` solutions, smallest first: each unknown in turn
    /// fixed to its least value that some solution takes with those before.
    pub(in crate::check::puzzle) fn list(&mut self, max: usize) -> Option<Vec<Vec<Num>>> {
        if max > MOST_LISTED {
            return self.give_up();
        }
        let mut out = Vec::new();
        let mut at = Vec::new();
        let all = self.count()?;
        self.list_from(0, all, &mut at, &mut out, max)?;
        Some(out)
    }

    /// The solutions that start with `at` (the first `k` unknowns), `count`
    /// of them, smallest first, until `out` holds `max`.
    fn list_from(
        &mut self,
        k: usize,
        count: u128,
        at: &mut Vec<i64>,
        out: &mut Vec<Vec<Num>>,
        max: usize,
    ) -> Option<()> {
        let (lo, hi) = self.range;
        let width = (hi - lo + 1) as u128;
        let free = (k..self.allowed.len()).try_fold(1u128, |acc, _| acc.checked_mul(width));
        if free == Some(count) {
            // Every way to go on passes: listed as they come, no count.
            let mut rest = vec![lo; self.allowed.len() - k];
            while out.len() < max {
                out.push(at.iter().chain(&rest).map(|&v| Num::int(v)).collect());
                let Some(i) = rest.iter().rposition(|&v| v < hi) else { break };
                rest[i] += 1;
                rest[i + 1..].fill(lo);
            }
            return Some(());
        }
        for x in lo..=hi {
            if out.len() >= max {
                break;
            }
            self.narrow(k, (x, x));
            self.listing_counts += 1;
            if self.listing_counts > MOST_LISTING_COUNTS {
                return self.give_up();
            }
            let here = self.count()?;
            if here > 0 {
                at.push(x);
                self.list_from(k + 1, here, at, out, max)?;
                at.pop();
            }
        }
        self.narrow(k, (lo, hi));
        Some(())
    }

    /// Unknown `k` takes `lo..=hi` from now on: the tables of its leaf and
    /// of every node above it are worked out again.
    fn narrow(&mut self, k: usize, allowed: (i64, i64)) {
        self.allowed[k] = allowed;
        let leaf = self.shapes.iter().position(|s| matches!(s, Shape::Unknown(u) if *u == k));
        let mut at = leaf;
        while let Some(n) = at {
            self.memo[n].clear();
            at = self.parent[n];
        }
    }
}
