//! The quick loader: a spec's tree straight into a [`Game`], without pest
//! or the ast, for big machine-written trees.
//!
//! It reads the whole tree language in ASCII — the `title`, `bounds`,
//! `players` and `sum` headers, `MAX`/`MIN`/`CHANCE` and player nodes with
//! names and attributes (`[eval=5, key=p7, noisy]`), move labels
//! (`a1 -> …`), probabilities (`1/6: …`), number, vector and unknown (`?`)
//! leaves, named or not, transpositions (`&B`) and comments — and returns
//! `None` the moment it meets anything else (a non-ASCII character outside
//! a comment or a string) or any error at all. `None` sends the text down
//! the full path, pest and `validate`, which is the definition of the
//! language and words every error; so an error is always reported at the
//! same place, whichever path the text would have taken.
//!
//! The `expect` blocks and the `rubric` after the tree are small: the
//! callers hand them to pest on their own (`syntax::parse::parse_tail`),
//! at the offset [`load_tree`] returns.
//!
//! Invariant (laws in `tests/quick.rs`): when this returns a game, it equals
//! `validate(parse(text))` field by field, spans included.

mod build;
mod lex;
mod pieces;
mod split;
mod tree;
mod yaml;
mod yaml_plain;

use std::collections::{BTreeMap, HashMap};

pub use pieces::load_yaml_tree_in_pieces;
pub use split::{load_tree_in_halves, load_yaml_tree_in_halves};

use crate::diagnostic::Span;
use crate::fx::FxBuild;
use crate::model::{Builder, Game, NodeId, NodeKind, Path};
use crate::num::Num;
use crate::syntax::ast;

/// A whole spec in either form (chosen by the file name), if the quick
/// loader reads its tree and pest or serde_yaml_ng its `expect` blocks
/// after it without an error: the game and those blocks, unresolved.
pub fn load_spec(name: &str, text: &str) -> Option<(Game, Vec<ast::Expect>)> {
    if crate::syntax::is_yaml(name) {
        let (game, rest) = load_yaml_tree(text)?;
        Some((game, crate::syntax::yaml::from_yaml_tail(text, rest).ok()?.0))
    } else {
        let (game, rest) = load_tree(text)?;
        Some((game, crate::syntax::parse::parse_tail(text, rest).ok()?.0))
    }
}

/// The game, if `text` is a tree (with no `expect` block after it) that the
/// quick loader reads, and valid.
pub fn load(text: &str) -> Option<Game> {
    let (game, rest) = load_tree(text)?;
    (rest == text.len()).then_some(game)
}

/// The game written at the start of `text`, if the quick loader reads it and
/// it is valid, and the offset of what follows it after blanks and comments
/// (`text.len()` when nothing does): the `expect` blocks and the rubric.
pub fn load_tree(text: &str) -> Option<(Game, usize)> {
    // NUL bytes (binary input, an error) take the full path. So does any
    // non-ASCII character outside a comment or a string (Unicode names,
    // a byte-order mark): no rule here matches a byte above 0x7F.
    if text.len() >= split::SPLIT_FROM
        && std::thread::available_parallelism().is_ok_and(|n| n.get() > 1)
        && let Some(read) = load_tree_in_halves(text, None)
    {
        return Some(read);
    }
    if text.contains('\0') {
        return None;
    }
    let mut q = Quick::new(text.as_bytes());
    q.headers()?;
    q.tree()?;
    q.skip_blank();
    let rest = q.at;
    q.finish_game(rest)
}

/// The game written in a YAML spec before its `expect` and `rubric`
/// entries, if the quick loader reads it (see `yaml.rs`) and it is valid,
/// and the offset where those entries begin (`text.len()` when there are
/// none).
pub fn load_yaml_tree(text: &str) -> Option<(Game, usize)> {
    if text.len() >= split::SPLIT_FROM
        && std::thread::available_parallelism().is_ok_and(|n| n.get() > 1)
        && let Some(read) = load_yaml_tree_in_halves(text, None)
    {
        return Some(read);
    }
    let (nodes, evals) = yaml::count_keys(text.as_bytes());
    let mut q = Quick::with_capacity(text.as_bytes(), nodes, evals);
    let rest = q.yaml_document()?;
    q.finish_game(rest)
}

/// An inner node being read: its id, its kind, and where its children start
/// in the pending lists.
struct Open {
    id: NodeId,
    kind: NodeKind,
    children: usize,
    extras: usize,
    probs: usize,
}

/// What an edge carries besides its child, as written.
#[derive(Default)]
struct EdgeText {
    label: Option<String>,
    prob: Option<Num>,
    /// The probability is written as a decimal (`0.5`, `1e-1`), so the
    /// probabilities need only sum to 1 within 1e-9.
    decimal: bool,
    transposition: bool,
}

impl EdgeText {
    fn is_plain(&self) -> bool {
        self.label.is_none() && self.prob.is_none() && !self.transposition
    }
}

struct Quick<'a> {
    text: &'a [u8],
    at: usize,
    game: Builder,
    title: Option<String>,
    bounds: Option<(Num, Num)>,
    players: Vec<String>,
    sum: Option<Num>,
    /// name → (node, path where written)
    names: BTreeMap<String, (NodeId, Path)>,
    /// The open nodes, root first.
    open: Vec<Open>,
    /// The children read so far of every open node, innermost last.
    pending: Vec<NodeId>,
    /// Edges of pending children that carry more than the child: (index in
    /// `pending`, what they carry).
    extras: Vec<(usize, EdgeText)>,
    /// Edges of pending children that carry a probability written as a
    /// fraction and nothing else (every edge of a machine-written chance
    /// tree): (index in `pending`, the probability), without an
    /// [`EdgeText`] each.
    probs: Vec<(usize, Num)>,
    /// `&B` edges: (parent, child index, B, where B is written).
    transpositions: Vec<(NodeId, usize, String, Span)>,
    /// The path of the node being read (0-based child indices).
    path: Path,
    /// The vector leaves are read into, again and again (the game keeps
    /// each distinct one once: no allocation per leaf).
    spare: Vec<Num>,
    /// Small vectors read before, by their key (`Quick::small_vector`):
    /// where the game holds each ([`Builder::vector_data`]).
    known_vectors: HashMap<u64, u64, FxBuild>,
    /// The last `n/d` read and its value: a chance tree writes the same
    /// probability on every edge, and each is a division.
    last_ratio: Option<(i64, i64, Num)>,
    /// The YAML form's top-level keys read so far (each at most once).
    yaml_seen: Vec<&'static str>,
    /// `bounds`, `players` or `sum` came after nodes were read (YAML keys
    /// may come in any order), so the leaves read before were not checked
    /// against them.
    late_headers: bool,
    /// Reading half a YAML tree (`split.rs`): the root's list of children
    /// stops before an item whose line starts at or past `stop`, and says
    /// so in `stopped` (the list's column and the item's index).
    stop: usize,
    stopped: Option<(usize, u32)>,
}

/// Where a `&B` edge points until it is resolved.
const DANGLING: NodeId = NodeId(u32::MAX);

impl<'a> Quick<'a> {
    fn new(text: &'a [u8]) -> Quick<'a> {
        let (nodes, attributes) = count_tokens(text);
        Quick::with_capacity(text, nodes, attributes)
    }

    /// With room in the arena for about `nodes` nodes and edges, and for
    /// about `extras` nodes' rare parts.
    fn with_capacity(text: &'a [u8], nodes: usize, extras: usize) -> Quick<'a> {
        let mut game = Builder::with_capacity(nodes, nodes);
        game.reserve_extras(extras);
        Quick {
            text,
            at: 0,
            game,
            title: None,
            bounds: None,
            players: Vec::new(),
            sum: None,
            names: BTreeMap::new(),
            open: Vec::new(),
            pending: Vec::new(),
            extras: Vec::new(),
            probs: Vec::new(),
            transpositions: Vec::new(),
            path: Path::root(),
            spare: Vec::new(),
            known_vectors: HashMap::default(),
            last_ratio: None,
            yaml_seen: Vec::new(),
            late_headers: false,
            stop: usize::MAX,
            stopped: None,
        }
    }

    /// The game read, with its headers, and `rest`; `None` if it breaks an
    /// invariant (the full path words the error).
    fn finish_game(mut self, rest: usize) -> Option<(Game, usize)> {
        if self.open.len() + self.pending.len() > 0 {
            return None;
        }
        // Without `&B` edges every child follows its parent in the arena.
        let forward = self.transpositions.is_empty();
        let mut game = self.finish()?;
        game.set_title(self.title);
        game.set_bounds(self.bounds);
        game.set_players(self.players);
        game.set_sum(self.sum);
        game.set_names(self.names.into_iter().map(|(name, (_, path))| (name, path)).collect());
        // `open_node` shared every `eval` that `build` would share.
        game.extras_shared();
        // `close` checked every node's probabilities, and `add_leaf` every
        // leaf as `build` does when the headers came first.
        if forward && !self.late_headers {
            game.nodes_checked();
        } else {
            game.probabilities_checked();
        }
        Some((game.build().ok()?, rest))
    }

    /// Points every `&B` edge at `B`, in the order they are written (as
    /// `validate` does); `None` if a `B` names no node.
    fn finish(&mut self) -> Option<Builder> {
        for (parent, i, name, span) in std::mem::take(&mut self.transpositions) {
            let (id, _) = self.names.get(&name)?;
            self.game.set_child(parent, i, *id);
            self.game.set_transposition_span(parent, i, span);
        }
        Some(std::mem::take(&mut self.game))
    }
}

/// About the nodes in `text`, for the arena's capacity: every node starts
/// a token. A token that starts with `[` (attributes, `bounds`) or ends
/// with `:` (a probability, `1/10:`) is no node, so it is not counted: in a
/// chance tree with written probabilities and `[eval=…]` that is half the
/// tokens, and the arena would be reserved twice too big. Each comma counts
/// one less: commas separate a vector's components (`(3, 6, 3)` is three
/// tokens and one node; a three-player tree was reserved thrice too big),
/// rarely children.
fn count_tokens(text: &[u8]) -> (usize, usize) {
    let (nodes, brackets, _) = count_tokens_and_nul(text);
    (nodes, brackets)
}

/// [`count_tokens`], and whether `text` holds a NUL byte (which sends it
/// down the full path), in the same pass.
fn count_tokens_and_nul(text: &[u8]) -> (usize, usize, bool) {
    // Counted as token starts (a gap, then a byte that is neither a gap nor
    // `[`) minus tokens ending in `:` (a `:`, then a gap or the end), over
    // byte pairs 255 at a time into `u8` sums, which the compiler turns
    // into vector code: 6× faster than one branchy pass, which was a sixth
    // of the loader's time. (A token starting with `[` and ending with `:`
    // would be subtracted without being counted; none occurs in a tree, and
    // this is only the arena's capacity.) Tokens starting with `[` are
    // counted apart: attribute lists, each a node's `eval` or `key` (and the
    // `bounds`), whose table is reserved with them.
    let gap =
        |b: u8| (b == b' ') | (b == b'\t') | (b == b'\r') | (b == b'\n') | (b == b',') | (b == b'{') | (b == b'}');
    let (Some(&first), Some(&last)) = (text.first(), text.last()) else {
        return (1, 0, false);
    };
    let mut starts = usize::from(!gap(first) & (first != b'['));
    let mut brackets = usize::from(first == b'[');
    let mut colons = usize::from(last == b':');
    let mut commas = 0;
    let mut nul = last == 0;
    let (before, after) = (&text[..text.len() - 1], &text[1..]);
    for (xs, ys) in before.chunks(255).zip(after.chunks(255)) {
        let (mut s, mut o, mut c, mut k, mut z) = (0u8, 0u8, 0u8, 0u8, 0u8);
        for (&x, &y) in xs.iter().zip(ys) {
            s += u8::from(gap(x) & !gap(y) & (y != b'['));
            o += u8::from(gap(x) & (y == b'['));
            c += u8::from((x == b':') & gap(y));
            k += u8::from(x == b',');
            z |= u8::from(x == 0);
        }
        starts += usize::from(s);
        brackets += usize::from(o);
        colons += usize::from(c);
        commas += usize::from(k);
        nul |= z != 0;
    }
    ((starts + 1).saturating_sub(colons + commas).max(1), brackets, nul)
}

#[cfg(test)]
mod tests {
    /// The count as it was first written: one pass, a token at a time.
    fn one_pass(text: &[u8]) -> usize {
        let mut count = 0;
        let mut start: Option<u8> = None;
        let mut last = b' ';
        for &b in text.iter().chain([b' '].iter()) {
            let token = !matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b',' | b'{' | b'}');
            match (start, token) {
                (None, true) => start = Some(b),
                (Some(first), false) => {
                    count += usize::from(first != b'[' && last != b':');
                    start = None;
                }
                _ => {}
            }
            last = b;
        }
        let commas = text[..text.len().saturating_sub(1)].iter().filter(|&&b| b == b',').count();
        (count + 1).saturating_sub(commas).max(1)
    }

    #[test]
    fn the_vector_count_is_the_one_pass_count() {
        let mut texts: Vec<String> = ["", "3", ":", "MAX { 3 12 }", "CHANCE { 1/2: 3, 1/2: MIN [eval=0] { 4 } }x:"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/specs")).expect("specs/") {
            let path = entry.expect("an entry").path();
            if path.extension().is_some_and(|e| e == "tree") {
                texts.push(std::fs::read_to_string(&path).expect("a spec"));
            }
        }
        // Longer than one 255-byte block, with tokens across the blocks' seams.
        texts.push("MAX { 1/3: MIN { -12 7 }, b -> 99 }\n".repeat(40));
        for text in &texts {
            let (nodes, brackets) = super::count_tokens(text.as_bytes());
            assert_eq!(nodes, one_pass(text.as_bytes()), "{text}");
            let starts = std::iter::once(&b' ').chain(text.as_bytes()).zip(text.as_bytes());
            let gap = |b: u8| b" \t\r\n,{}".contains(&b);
            assert_eq!(brackets, starts.filter(|&(&x, &y)| gap(x) && y == b'[').count(), "{text}");
        }
    }
}
