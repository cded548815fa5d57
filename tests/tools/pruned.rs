//! The pruned edges a run lists, worked out path by path from its cuts
//! (the oracle for `Analysis::pruned`, which reads edges): every counted
//! cut's pruned paths, in order, each once, leaving out those a counted
//! search entered. Shared by `search_laws.rs` and `chance_laws.rs`.

use gametree::analysis::Analysis;
use gametree::model::Path;

pub fn by_paths(run: &Analysis) -> Vec<Path> {
    let mut seen = std::collections::BTreeSet::new();
    let counted = run.cuts.iter().filter(|c| !run.visits[c.at].superseded());
    let paths = counted.flat_map(|c| run.pruned_paths(c));
    paths.filter(|p| run.visit(p).is_none() && seen.insert(p.clone())).collect()
}
