//! Writing a tree as a CS188 `GraphGameTreeTest` file (the form
//! [`crate::syntax::cs188`] reads; UC Berkeley's Pacman projects,
//! `multiagent/test_cases/q2/*.test`). Agent 0 is MAX, at the root and
//! every n plies; the n − 1 agents between are MIN (`MinimaxAgent`) or
//! uniform CHANCE (`ExpectimaxAgent`); n is the ply of the first MAX below
//! the root (2 at least). States are the nodes' names (a node without a
//! usable name gets `s` and its path, `s1_2`; the root `root`), actions the
//! edge labels (else `a1`, `a2`, … by position). `depth` is the plies to
//! the deepest leaf, in full rounds of all agents; a leaf above that
//! depth is listed among the terminal states (`win_states` when its
//! value is 0 or more, else `lose_states`: both are evaluated, which list
//! changes no value). The diagram is the tree in outline.

use std::collections::HashSet;

use crate::model::{Game, NodeId, NodeKind, Path};
use crate::num::Num;

/// Why a tree has no CS188 form.
pub fn write(game: &Game) -> Result<String, String> {
    let mut nodes: Vec<(NodeId, Path)> = Vec::new();
    let mut stack = vec![(NodeId::ROOT, Path::root())];
    let mut seen = HashSet::new();
    while let Some((id, path)) = stack.pop() {
        if !seen.insert(id) {
            return Err(format!("node {path} is shared (`&`): a CS188 test file holds a tree"));
        }
        let node = game.node(id);
        for (i, e) in node.children().iter().enumerate().rev() {
            stack.push((e.child, path.child(i as u32)));
        }
        nodes.push((id, path));
    }
    // Agent 0 (MAX) moves at plies 0, n, 2n…; the other agents between.
    let inner_ply = |kind: NodeKind| nodes.iter().filter(move |(id, p)| p.depth() > 0 && game.node(*id).kind() == kind);
    let deepest_inner = nodes.iter().filter(|(id, _)| !game.node(*id).is_leaf()).map(|(_, p)| p.depth()).max();
    let agents =
        inner_ply(NodeKind::Max).map(|(_, p)| p.depth()).min().unwrap_or(deepest_inner.unwrap_or(0) + 1).max(2);
    let mut expectimax = false;
    for (id, path) in &nodes {
        let kind = game.node(*id).kind();
        let max_ply = path.depth() % agents == 0;
        let ok = match kind {
            NodeKind::Leaf => true,
            NodeKind::Max => max_ply,
            NodeKind::Min => !max_ply,
            NodeKind::Chance => {
                expectimax = true;
                let n = game.node(*id).children().len();
                let uniform = (0..n).all(|i| game.prob(*id, i) == Num::ONE / Num::int(n as i64));
                !max_ply && uniform
            }
            NodeKind::Player(_) => false,
        };
        if !ok {
            return Err(format!(
                "node {path} is {} at ply {}: a CS188 GraphGameTreeTest has MAX (agent 0) at the root and every {agents} plies, MIN or uniform CHANCE (the other agents) between",
                kind.word(),
                path.depth()
            ));
        }
    }
    if expectimax && nodes.iter().any(|(id, _)| game.node(*id).kind() == NodeKind::Min) {
        return Err("the tree mixes MIN and CHANCE: a CS188 test has one kind of opponent".into());
    }
    let state = |id: NodeId, path: &Path| -> String {
        match game.node(id).name() {
            Some(n) if !n.is_empty() && !n.chars().any(char::is_whitespace) => n.to_string(),
            _ if path.0.is_empty() => "root".to_string(),
            _ => format!("s{}", path.0.iter().map(|i| (i + 1).to_string()).collect::<Vec<_>>().join("_")),
        }
    };
    let names: Vec<String> = nodes.iter().map(|(id, p)| state(*id, p)).collect();
    if names.iter().collect::<HashSet<_>>().len() != names.len() {
        return Err("two nodes would get the same state name (names with spaces become paths `s1_2`)".into());
    }
    let deepest = nodes.iter().map(|(_, p)| p.depth()).max().unwrap_or(0);
    let depth = deepest.div_ceil(agents).max(1);
    let (mut successors, mut evaluation, mut diagram) = (String::new(), String::new(), String::new());
    let (mut win, mut lose) = (Vec::new(), Vec::new());
    for (k, (id, path)) in nodes.iter().enumerate() {
        let node = game.node(*id);
        let indent = "  ".repeat(path.depth());
        if let Some(v) = node.scalar() {
            let value = number(v);
            evaluation += &format!("{} {value}\n", names[k]);
            diagram += &format!("{indent}{} = {value}\n", names[k]);
            if path.depth() < depth * agents {
                if v >= Num::int(0) { &mut win } else { &mut lose }.push(names[k].clone());
            }
            continue;
        }
        diagram += &format!("{indent}{} ({})\n", names[k], node.kind().word());
        for (i, e) in node.edges().enumerate() {
            let child = nodes.iter().position(|(c, _)| *c == e.child).map_or("", |j| names[j].as_str());
            let action = match e.label {
                Some(l) if !l.is_empty() && !l.chars().any(char::is_whitespace) => l.to_string(),
                _ => format!("a{}", i + 1),
            };
            successors += &format!("{} {action} {child}\n", names[k]);
        }
    }
    let alg = if expectimax { "ExpectimaxAgent" } else { "MinimaxAgent" };
    let mut out = String::from("class: \"GraphGameTreeTest\"\n");
    out += &format!("alg: \"{alg}\"\ndepth: \"{depth}\"\n\n");
    out += &format!("diagram: \"\"\"\n{diagram}\"\"\"\n");
    out += &format!("num_agents: \"{agents}\"\n\n");
    out += &format!("start_state: \"{}\"\n", names[0]);
    out += &format!("win_states: \"{}\"\nlose_states: \"{}\"\n\n", win.join(" "), lose.join(" "));
    out += &format!("successors: \"\"\"\n{successors}\"\"\"\n\n");
    out += &format!("evaluation: \"\"\"\n{evaluation}\"\"\"\n");
    Ok(out)
}

/// A value as CS188 writes it (`4.0`); a fraction as its decimal.
fn number(v: Num) -> String {
    if v.is_whole() {
        return format!("{v}.0");
    }
    let text = v.to_string();
    if text.contains('/') { format!("{}", v.to_f64()) } else { text }
}
