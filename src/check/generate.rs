//! Random exam trees meeting constraints, with their answers computed.
//!
//! A tree is drawn from a small self-contained PRNG (splitmix64), so the
//! same seed gives the same file on every machine. Attempt `k` uses the
//! sub-seed `seed + k`; the first tree that meets every constraint is
//! written, with `expect` blocks filled in from the algorithms' own results
//! and a comment saying so, with the seed and the constraints.
//!
//! Invariant: every generated file loads and passes `gametree check`.

use crate::analysis::{Analysis, reference};
pub use crate::check::bigtree::SplitMix64;
use crate::model::{Game, Path};
use crate::search::options::{CutRule, Options};
use crate::search::{self, Algorithm};

/// What the tree must look like and do.
#[derive(Clone, Debug, PartialEq)]
pub struct Constraints {
    pub depth: u32,
    pub branching: u32,
    /// Leaf utilities are integers in `lo..=hi`.
    pub range: (i64, i64),
    /// The nodes at depth 1 are CHANCE nodes (uniform).
    pub chance: bool,
    /// Alpha-beta prunes exactly this many edges (`star1`, with `chance`).
    pub pruned: Option<usize>,
    /// ... or at least this many.
    pub min_pruned: Option<usize>,
    /// Cuts on equality and strict cuts prune different edges.
    pub equality_case: bool,
    /// Two root moves attain the root's value.
    pub root_tie: bool,
    /// Declare `bounds [lo, hi]` (the range), used as the root window.
    pub bounds: bool,
    /// With `chance` and `bounds`, the pruning question is Star2's (its
    /// probing phase cuts more) instead of Star1's.
    pub star2: bool,
    pub seed: u64,
}

/// How many sub-seeds to try before giving up.
pub const ATTEMPTS: u64 = 20_000;

/// Why no tree could be generated.
#[derive(Clone, Debug, PartialEq)]
pub enum GenerateError {
    /// The constraints contradict each other or the tree's shape.
    Impossible(String),
    /// No attempt met them.
    GaveUp { attempts: u64 },
}

impl std::fmt::Display for GenerateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GenerateError::Impossible(why) => write!(f, "{why}"),
            GenerateError::GaveUp { attempts } => write!(
                f,
                "no tree met the constraints in {attempts} attempts: loosen them (another --seed, a wider --range, a larger tree)"
            ),
        }
    }
}

/// The spec text of the first tree meeting `c`.
pub fn generate(c: &Constraints, command: &str) -> Result<String, GenerateError> {
    check(c)?;
    first_from(c, 0, command).map(|(text, _)| text)
}

/// `count` different trees meeting `c`, for quizzes: the first one is
/// [`generate`]'s, each next one the first tree after it in the sequence of
/// sub-seeds (`seed + attempt`) that meets `c` and differs from every tree
/// before it; each gets up to [`ATTEMPTS`] tries of its own.
pub fn generate_many(c: &Constraints, count: usize, command: &str) -> Result<Vec<String>, GenerateError> {
    check(c)?;
    let mut out: Vec<String> = Vec::with_capacity(count);
    let mut trees: Vec<String> = Vec::with_capacity(count);
    let mut start = 0;
    while out.len() < count {
        let (text, attempt) = first_from(c, start, command)?;
        start = attempt + 1;
        let tree = text.lines().filter(|l| !l.starts_with('#')).collect::<Vec<_>>().join("\n");
        if trees.contains(&tree) {
            continue;
        }
        trees.push(tree);
        out.push(text);
    }
    Ok(out)
}

/// The first tree meeting `c` from attempt `start` on, and its attempt.
fn first_from(c: &Constraints, start: u64, command: &str) -> Result<(String, u64), GenerateError> {
    for attempt in start..start.saturating_add(ATTEMPTS) {
        let mut rng = SplitMix64::new(c.seed.wrapping_add(attempt));
        let tree = tree_text(c, &mut rng);
        let header = header(c, command, attempt);
        let Ok(game) = crate::load("generated.tree", &format!("{header}{tree}")) else { continue };
        if let Some(expects) = answers(c, &game) {
            return Ok((format!("{header}{tree}\n{expects}"), attempt));
        }
    }
    Err(GenerateError::GaveUp { attempts: ATTEMPTS })
}

fn check(c: &Constraints) -> Result<(), GenerateError> {
    let no = |why: &str| Err(GenerateError::Impossible(why.to_string()));
    if c.depth == 0 || c.branching < 2 {
        return no("a tree needs --depth 1 or more and --branching 2 or more");
    }
    if c.range.0 > c.range.1 {
        return no("the --range is empty");
    }
    let leaves = (c.branching as u64).checked_pow(c.depth);
    if leaves.is_none_or(|n| n > 4096) {
        return no("that tree would have more than 4096 leaves");
    }
    if c.chance && c.equality_case {
        return no("--equality-case is about alpha-beta, which does not apply with --chance");
    }
    if c.chance && !c.bounds && (c.pruned.is_some() || c.min_pruned.is_some()) {
        return no(
            "with --chance, --pruned and --min-pruned count star1's cuts, which need the leaves' bounds: add --bounds",
        );
    }
    if c.star2 && !(c.chance && c.bounds) {
        return no("--algorithm star2 asks Star2's cuts, on CHANCE trees with bounds: add --chance --bounds");
    }
    if c.pruned.is_some() && c.min_pruned.is_some() {
        return no("give --pruned or --min-pruned, not both");
    }
    Ok(())
}

fn header(c: &Constraints, command: &str, attempt: u64) -> String {
    let mut out = format!("# Generated by `{command}` (seed {}, attempt {attempt}).\n", c.seed);
    out += "# The expect blocks below were COMPUTED by gametree from this tree (they are\n";
    out += "# the truth under the default conventions), not worked by hand.\n";
    out += &format!("title \"Generated exam tree (seed {})\"\n", c.seed);
    if c.bounds {
        out += &format!("bounds [{}, {}]\n", c.range.0, c.range.1);
    }
    out + "\n"
}

fn tree_text(c: &Constraints, rng: &mut SplitMix64) -> String {
    let mut out = String::new();
    let mut names = 0;
    node_text(c, rng, 0, &mut names, &mut out);
    out.push('\n');
    out
}

fn node_text(c: &Constraints, rng: &mut SplitMix64, depth: u32, names: &mut usize, out: &mut String) {
    let kind = match depth {
        1 if c.chance => "CHANCE",
        d if (d - u32::from(c.chance && d > 1)) % 2 == 0 => "MAX",
        _ => "MIN",
    };
    let indent = "  ".repeat(depth as usize);
    out.push_str(&format!("{kind} {}", crate::syntax::nested::node_name(*names)));
    *names += 1;
    if depth + 1 == c.depth {
        let leaves: Vec<String> = (0..c.branching).map(|_| rng.range(c.range.0, c.range.1).to_string()).collect();
        out.push_str(&format!(" {{ {} }}", leaves.join(" ")));
        return;
    }
    out.push_str(" {\n");
    for _ in 0..c.branching {
        out.push_str(&indent);
        out.push_str("  ");
        node_text(c, rng, depth + 1, names, out);
        out.push('\n');
    }
    out.push_str(&indent);
    out.push('}');
}

fn refs(game: &Game, paths: &[Path]) -> String {
    paths.iter().map(|p| reference(game, p)).collect::<Vec<_>>().join(" ")
}

/// The `expect` blocks, if the tree meets the constraints.
fn answers(c: &Constraints, game: &Game) -> Option<String> {
    let exact = if c.chance { Algorithm::Expectiminimax } else { Algorithm::Minimax };
    let base = Options::default();
    let truth = Analysis::of(game, &search::run(game, exact, &base).ok()?);
    let root = truth.root();
    let value = truth.value_of(root)?;
    let tied =
        truth.children(truth.root).filter(|&i| truth.value_of(&truth.visits[i]).as_ref() == Some(&value)).count();
    if c.root_tie && tied < 2 {
        return None;
    }
    let best = truth.best_moves(base.ties).first().map(|&i| reference(game, &Path(vec![i])))?;
    let values: Vec<String> = truth
        .visits
        .iter()
        .enumerate()
        .filter(|(_, v)| v.depth() > 0 && v.direct().is_none())
        .filter_map(|(i, v)| Some(format!("{}={}", reference(game, &truth.path(i)), truth.value_of(v)?)))
        .collect();
    let mut out = format!("expect {exact} {{ value {value}  best {best}  values {} }}\n", values.join(" "));
    if c.chance && !c.bounds {
        return Some(out);
    }
    // With CHANCE nodes and bounds the pruning question is star1's (or,
    // asked, star2's).
    let pruner = match (c.chance, c.star2) {
        (true, true) => Algorithm::Star2,
        (true, false) => Algorithm::Star1,
        (false, _) => Algorithm::Alphabeta,
    };
    let block = |opts: &Options| -> Option<(String, Vec<Path>)> {
        let run = Analysis::of(game, &search::run(game, pruner, opts).ok()?);
        let pruned: Vec<Path> = run.pruned().collect();
        let leaves: Vec<String> = run.leaves().filter_map(|v| run.value_of(v).map(|x| x.to_string())).collect();
        let best = run.best_moves(opts.ties).first().map(|&i| reference(game, &Path(vec![i])))?;
        let text =
            format!("value {}  best {best}  pruned {}  leaves {}", run.value()?, refs(game, &pruned), leaves.join(" "));
        Some((text.replace("pruned   ", "pruned  "), pruned))
    };
    let (ab, pruned) = block(&base)?;
    match (c.pruned, c.min_pruned) {
        (Some(k), _) if pruned.len() != k => return None,
        (_, Some(k)) if pruned.len() < k => return None,
        _ => {}
    }
    out += &format!("expect {pruner} {{ {ab} }}\n");
    let strict = Options { cuts: CutRule::Strict, ..base.clone() };
    let (sb, strict_pruned) = block(&strict)?;
    if c.equality_case && strict_pruned == pruned {
        return None;
    }
    if strict_pruned != pruned {
        out += &format!("expect {pruner}(strict-cuts) {{ {sb} }}\n");
    }
    Some(out)
}

impl Constraints {
    /// The command line that asks for these constraints, written into the
    /// generated file's header so that it can be made again.
    pub fn command(&self) -> String {
        let (lo, hi) = self.range;
        let mut command =
            format!("gametree generate --depth {} --branching {} --range {lo}..{hi}", self.depth, self.branching);
        for (on, flag) in [
            (self.chance, "--chance"),
            (self.equality_case, "--equality-case"),
            (self.root_tie, "--root-tie"),
            (self.bounds, "--bounds"),
        ] {
            if on {
                command += &format!(" {flag}");
            }
        }
        if self.star2 {
            command += " --algorithm star2";
        }
        if let Some(k) = self.pruned {
            command += &format!(" --pruned {k}");
        }
        if let Some(k) = self.min_pruned {
            command += &format!(" --min-pruned {k}");
        }
        command + &format!(" --seed {}", self.seed)
    }
}
