//! `multiset.rs`'s products checked against products taken pair by pair.

use super::*;

/// Every sub-multiset of `kinds` with `size` values, as a key.
fn keys_of_size(uses: &Uses, size: u32) -> Vec<u64> {
    let mut keys = vec![(0u64, 0u32)];
    for (&(_, n), &(shift, _)) in uses.kinds.iter().zip(&uses.at) {
        let grown = keys.iter().flat_map(|&(k, s)| (0..=n).map(move |u| (k | (u64::from(u) << shift), s + u)));
        keys = grown.collect();
    }
    let mut out: Vec<u64> = keys.into_iter().filter(|&(_, s)| s == size).map(|(k, _)| k).collect();
    out.sort_unstable();
    out
}

/// A product that splits its terms into parts (big enough to be split:
/// thousands of pairs of terms) has the terms of the product taken
/// pair by pair, overused values dropped.
#[test]
fn split_products_equal_products_pair_by_pair() {
    // Fields of 2 bits (values given once) and 3 (twice or three times),
    // side by side in every order.
    let twelve = [1, 2, 1, 1, 2, 1, 1, 1, 2, 1, 1, 1];
    let thirteen = [1, 1, 2, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1];
    for given in [&[3, 3, 2, 3, 1, 2, 3][..], &twelve, &thirteen, &[1, 2, 1, 1, 2, 1, 1, 1, 2, 1, 1, 1, 1, 2]] {
        split_products_are_pair_by_pair(given);
    }
}

fn split_products_are_pair_by_pair(given: &[u32]) {
    let kinds: Vec<(Num, u32)> = given.iter().enumerate().map(|(i, &n)| (Num::int(i as i64), n)).collect();
    let uses = Uses::new(kinds.clone(), given.iter().sum()).expect("a small multiset");
    let poly = |size: u32, salt: u64| Poly {
        degree: size,
        terms: keys_of_size(&uses, size).into_iter().map(|k| (k, Count::from((k ^ salt) % 7 + 1))).collect(),
    };
    for (da, db) in [(4, 5), (6, 6), (3, 8)] {
        let (a, b) = (poly(da, 3), poly(db, 11));
        assert!(a.terms.len() * b.terms.len() > 4 * SPLIT_PAIRS, "big enough to split");
        let mut naive: std::collections::BTreeMap<u64, Count> = std::collections::BTreeMap::new();
        for (ka, na) in &a.terms {
            for (kb, nb) in &b.terms {
                let sum = ka + kb;
                if (sum + uses.headroom) & uses.top == 0 {
                    *naive.entry(sum).or_insert(Count::ZERO) += &(na * nb);
                }
            }
        }
        let product = uses.mul(&a, &b);
        assert_eq!(product.terms, naive.into_iter().collect::<Vec<_>>(), "degrees {da} and {db}");
    }
}
