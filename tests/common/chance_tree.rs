//! Random small trees of MAX, MIN and CHANCE nodes with unknown leaves,
//! for the chance puzzle laws (`chance_puzzle_laws.rs`,
//! `star_puzzle_laws.rs`): included by `#[path]`.

#[derive(Clone, Debug)]
pub enum T {
    /// `None`: an unknown leaf.
    Leaf(Option<i64>),
    /// A kind (0 MAX, 1 MIN, 2 CHANCE), written probability weights (used
    /// at CHANCE nodes when `Some`), children.
    Node(u8, Option<Vec<u8>>, Vec<T>),
}

/// How many leaves of `t` are unknown.
pub fn unknowns(t: &T) -> usize {
    match t {
        T::Leaf(v) => usize::from(v.is_none()),
        T::Node(_, _, cs) => cs.iter().map(unknowns).sum(),
    }
}

/// The tree as written, the unknowns as `?` or, with `fill`, their values
/// taken in turn.
pub fn text(t: &T, fill: &mut Option<std::slice::Iter<i64>>) -> String {
    match t {
        T::Leaf(Some(v)) => v.to_string(),
        T::Leaf(None) => match fill {
            Some(it) => it.next().map_or("0".into(), |v| v.to_string()),
            None => "?".into(),
        },
        T::Node(k, w, cs) => {
            let total: u32 = w.iter().flatten().take(cs.len()).map(|&x| u32::from(x)).sum();
            let kids: Vec<String> = cs
                .iter()
                .enumerate()
                .map(|(i, c)| match (k, w) {
                    (2, Some(w)) => format!("{}/{total}: {}", w[i], text(c, fill)),
                    _ => text(c, fill),
                })
                .collect();
            format!("{} {{ {} }}", ["MAX", "MIN", "CHANCE"][usize::from(*k)], kids.join(" "))
        }
    }
}
