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

/// A product of three or four factors, in the order
/// [`Uses::cheapest_order`] picks, has the terms of the product taken in
/// every other order: complete (every unknown reached, the last step a
/// lookup) or not, with factors of very different lengths so that the
/// order picked is not the written one.
#[test]
fn products_in_the_cheapest_order_equal_products_in_every_order() {
    let given = [1u32; 12];
    let kinds: Vec<(Num, u32)> = given.iter().enumerate().map(|(i, &n)| (Num::int(i as i64), n)).collect();
    let uses = Uses::new(kinds, 12).expect("twelve distinct values");
    // Every `keep`-th term of the sub-multisets of `size` values.
    let poly = |size: u32, keep: usize, salt: u64| Poly {
        degree: size,
        terms: keys_of_size(&uses, size)
            .into_iter()
            .step_by(keep)
            .map(|k| (k, Count::from((k ^ salt) % 5 + 1)))
            .collect(),
    };
    let fold = |factors: &[&Poly]| factors.iter().fold(uses.one(), |w, f| uses.mul(&w, f));
    let cases: Vec<Vec<Poly>> = vec![
        vec![poly(4, 1, 1), poly(4, 1, 2), poly(4, 9, 3)],
        vec![poly(3, 1, 4), poly(3, 7, 5), poly(3, 1, 6), poly(3, 2, 7)],
        vec![poly(2, 1, 8), poly(5, 3, 9), poly(3, 1, 10)],
        vec![poly(3, 1, 11), poly(2, 5, 12), poly(4, 1, 13)],
    ];
    let mut reordered = 0;
    for factors in &cases {
        let refs: Vec<&Poly> = factors.iter().collect();
        let order = uses.cheapest_order(&refs);
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..refs.len()).collect::<Vec<_>>(), "an order of every factor");
        reordered += usize::from(order != sorted);
        let picked = uses.product(refs.clone());
        assert!(!picked.terms.is_empty(), "some term survives");
        for perm in permutations(refs.len()) {
            let other: Vec<&Poly> = perm.iter().map(|&i| refs[i]).collect();
            let folded = fold(&other);
            assert_eq!(picked.degree, folded.degree);
            assert_eq!(picked.terms, folded.terms, "order {perm:?}");
        }
    }
    assert!(reordered >= 2, "the cases make it pick other orders than the written one");
}

fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for at in 0..=p.len() {
            let mut q = p.clone();
            q.insert(at, n - 1);
            out.push(q);
        }
    }
    out
}
