//! Quiz exports: generated exam trees as questions for learning platforms
//! (`gametree generate --count N --export moodle|qti|prairielearn|gift`).
//! One file per format: [`moodle`] (Moodle XML, Cloze), [`qti`] (an IMS QTI
//! 1.2 zip Canvas imports), [`prairielearn`] (question folders whose
//! `server.py` grades as `gametree grade` does), [`gift`] (GIFT text).
//!
//! Each question asks what `grade` marks with the default rubric: the
//! root's value, and the edges the pruning search cuts (the one the spec's
//! `expect` blocks answer: alpha-beta; Star1 or Star2 on a CHANCE tree
//! with declared bounds; none on a CHANCE tree without bounds). The answers and the worked solution
//! are read off the same searches as every other output.
//!
//! Invariant: the same questions give the same bytes (no clock, no random
//! identifiers: every identifier derives from the seed and the index).

pub mod gift;
pub mod moodle;
pub mod prairielearn;
pub mod qti;

use crate::analysis::{Analysis, reference};
use crate::diagnostic::Diagnostic;
use crate::draw::{DrawOptions, Figure, Show, Svg};
use crate::model::{Game, NodeId, Path};
use crate::num::Num;
use crate::search::options::Options;
use crate::search::{self, Algorithm};

/// A platform to export to (`--export`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Moodle XML: one Cloze question per tree (`-o quiz.xml`).
    Moodle,
    /// IMS QTI 1.2 in a zip, as Canvas imports it (`-o quiz.zip`).
    Qti,
    /// PrairieLearn question folders (`-o COURSE`: `COURSE/questions/…`).
    PrairieLearn,
    /// Moodle's GIFT text: two questions per tree (`-o quiz.gift`).
    Gift,
}

/// What an export writes.
#[derive(Clone, Debug, PartialEq)]
pub enum Export {
    /// One file: `-o` names it.
    File(Vec<u8>),
    /// Files under the folder `-o` names, by relative path (`/`-separated).
    Folder(Vec<(String, Vec<u8>)>),
}

/// One generated tree as a question, with its answers.
#[derive(Clone, Debug)]
pub struct Question {
    /// `tree-1`, `tree-2`…: file and identifier stem.
    pub name: String,
    /// `Game tree 1 (seed 7)`.
    pub title: String,
    /// The seed and the question's index: identifiers derive from them.
    pub seed: u64,
    pub index: usize,
    /// The spec as generated (with its computed `expect` blocks).
    pub spec: String,
    pub game: Game,
    /// The algorithm whose value is asked (minimax or expectiminimax).
    pub exact: Algorithm,
    pub value: Num,
    /// The algorithm whose cuts are asked, if the tree asks for cuts.
    pub pruner: Option<Algorithm>,
    /// The edges it prunes (paths to their child), in search order.
    pub pruned: Vec<Path>,
    /// Every edge a student may tick: the paths of all nodes but the root,
    /// in preorder.
    pub edges: Vec<Path>,
    /// The tree with no answers (shape, names, leaf values), as SVG.
    pub svg: String,
    /// The worked solution: the pruning search (else the exact one),
    /// one narrated step per line.
    pub solution: Vec<String>,
}

impl Question {
    /// The question of the spec `text` (a generated tree), `index` from 1.
    pub fn new(seed: u64, index: usize, text: &str) -> Result<Question, Vec<Diagnostic>> {
        let spec = crate::check::spec::load("generated.tree", text)?;
        let game = spec.game;
        // The pruning question is the one the spec's expect blocks answer.
        let asked = spec.expects.iter().map(|e| e.algorithm);
        let pruner = asked.clone().find(|a| matches!(a, Algorithm::Alphabeta | Algorithm::Star1 | Algorithm::Star2));
        let exact = if search::applicable(&game).contains(&Algorithm::Alphabeta) {
            Algorithm::Minimax
        } else {
            Algorithm::Expectiminimax
        };
        let opts = Options::default();
        let truth = search::run(&game, exact, &opts).map_err(|d| vec![d])?;
        let value = Analysis::of(&game, &truth).value().and_then(|v| v.scalar()).unwrap_or(Num::int(0));
        let shown = match pruner {
            Some(a) => search::run(&game, a, &opts).map_err(|d| vec![d])?,
            None => truth,
        };
        let pruned = if pruner.is_some() { Analysis::of(&game, &shown).pruned().collect() } else { vec![] };
        let solution = crate::report::narrate::narrate(&game, &shown);
        let svg = {
            let opts = DrawOptions { show: Show::blank(), ..DrawOptions::default() };
            let figure = Figure::new(&game, None, opts);
            Svg { figure: &figure, frame: 0 }.to_string()
        };
        let mut edges = Vec::new();
        preorder(&game, NodeId::ROOT, Path::root(), &mut edges);
        edges.remove(0);
        Ok(Question {
            name: format!("tree-{index}"),
            title: format!("Game tree {index} (seed {seed})"),
            seed,
            index,
            spec: text.to_string(),
            game,
            exact,
            value,
            pruner,
            pruned,
            edges,
            svg,
            solution,
        })
    }

    /// How people name a node: `C.2`, `B`.
    pub fn reference(&self, path: &Path) -> String {
        reference(&self.game, path)
    }

    /// The pruned edges as references, in search order; `none` for none.
    pub fn pruned_text(&self) -> String {
        if self.pruned.is_empty() {
            return NONE.to_string();
        }
        self.pruned.iter().map(|p| self.reference(p)).collect::<Vec<_>>().join(" ")
    }

    /// The value as a decimal (`2.5`), rounded to 4 places when it is not
    /// exact in decimals.
    pub fn value_decimal(&self) -> String {
        if self.value.is_whole() {
            return self.value.to_string();
        }
        let text = format!("{:.4}", self.value.to_f64());
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    }

    /// The tolerance a numeric answer gets: 0 for a whole value, else
    /// half a hundredth (answers to two decimals).
    pub fn tolerance(&self) -> &'static str {
        if self.value.is_whole() { "0" } else { "0.005" }
    }

    /// The question's words, the same on every platform.
    pub fn prompt(&self) -> String {
        let who = match self.exact {
            Algorithm::Minimax => "MAX is at the root; MAX and MIN alternate",
            _ => {
                "MAX is at the root; CHANCE nodes pick their children with the probabilities shown (uniform when none are shown)"
            }
        };
        format!("{who}. Children are searched left to right.")
    }

    /// What the pruned-edges part asks, if the tree asks it.
    pub fn pruned_prompt(&self) -> Option<String> {
        let a = self.pruner?;
        let cuts = match a {
            Algorithm::Star1 => "Star1 (with the leaves' bounds as the root window, cutting on equality)",
            Algorithm::Star2 => {
                "Star2 (probing first, with the leaves' bounds as the root window, cutting on equality)"
            }
            _ => "alpha-beta (cutting on equality: v ≥ β, v ≤ α)",
        };
        Some(format!(
            "Which edges does {cuts} prune? Name each edge by the node below it (C.2 is the second child of C); list only the topmost pruned edges, or `{NONE}`."
        ))
    }
}

/// The answer that means "no edge is pruned".
pub const NONE: &str = "none";

fn preorder(game: &Game, id: NodeId, path: Path, out: &mut Vec<Path>) {
    out.push(path.clone());
    for (i, e) in game.node(id).children().iter().enumerate() {
        preorder(game, e.child, path.child(i as u32), out);
    }
}

/// The questions of generated specs (in order, numbered from 1).
pub fn questions(seed: u64, specs: &[String]) -> Result<Vec<Question>, Vec<Diagnostic>> {
    specs.iter().enumerate().map(|(i, text)| Question::new(seed, i + 1, text)).collect()
}

/// The questions written for `format`.
pub fn export(format: Format, questions: &[Question]) -> Result<Export, String> {
    Ok(match format {
        Format::Moodle => Export::File(moodle::quiz(questions).into_bytes()),
        Format::Gift => Export::File(gift::quiz(questions).into_bytes()),
        Format::Qti => Export::File(qti::zip(questions)?),
        Format::PrairieLearn => Export::Folder(prairielearn::folders(questions)),
    })
}

/// A deterministic identifier: 32 hex digits from the seed, the index
/// and a salt (a splitmix64 stream), for UUIDs and QTI idents.
pub fn hex_id(seed: u64, index: usize, salt: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325; // FNV-1a over the salt
    for b in salt.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    let mut rng = crate::check::bigtree::SplitMix64::new(seed ^ h ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    format!("{:016x}{:016x}", rng.next_u64(), rng.next_u64())
}

/// A version-4-form UUID (`xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx`)
/// derived from the seed and the index, so the same seed gives the same one.
pub fn uuid(seed: u64, index: usize) -> String {
    let h: Vec<char> = hex_id(seed, index, "uuid").chars().collect();
    let s = |a: usize, b: usize| h[a..b].iter().collect::<String>();
    let variant = ['8', '9', 'a', 'b'][h[16].to_digit(16).unwrap_or(0) as usize % 4];
    format!("{}-{}-4{}-{variant}{}-{}", s(0, 8), s(8, 12), s(13, 16), s(17, 20), s(20, 32))
}

/// Base64 (RFC 4648, with padding), for images embedded in XML.
pub fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Text for HTML (and XML) content and attributes.
pub fn html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// The worked solution as an HTML list.
pub fn solution_html(q: &Question) -> String {
    let mut out = format!("<p>Value: {}.", html(&q.value.to_string()));
    if q.pruner.is_some() {
        out += &format!(" Pruned: {}.", html(&q.pruned_text()));
    }
    out += "</p><ol>";
    for line in &q.solution {
        out += &format!("<li>{}</li>", html(line));
    }
    out + "</ol>"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_rfc_4648_test_vectors() {
        // RFC 4648 §10.
        for (plain, coded) in
            [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE=")]
        {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn uuids_have_the_version_4_form_and_follow_the_seed() {
        let u = uuid(7, 1);
        let parts: Vec<&str> = u.split('-').collect();
        assert_eq!(parts.iter().map(|p| p.len()).collect::<Vec<_>>(), [8, 4, 4, 4, 12]);
        assert!(parts[2].starts_with('4') && "89ab".contains(&parts[3][..1]), "{u}");
        assert_eq!(uuid(7, 1), u);
        assert_ne!(uuid(7, 2), u);
        assert_ne!(uuid(8, 1), u);
    }
}
