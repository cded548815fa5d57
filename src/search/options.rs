//! The conventions and settings an algorithm runs under.
//!
//! One [`Options`] value is built either from command-line flags (`cli.rs`)
//! or from the options of an `expect ALGO(…)` block; both go through
//! [`Options::set`], so `--order best` and `expect alphabeta(order=best)`
//! can never mean different things. Every report states these.

use std::fmt;

/// When a node stops searching its children.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CutRule {
    /// `v >= β` at MAX, `v <= α` at MIN (AIMA's ALPHA-BETA-SEARCH).
    #[default]
    OnEquality,
    /// `v > β`, `v < α` only (`--strict-cuts`, CS188's autograder).
    Strict,
}

/// What a node returns when its value falls outside its window.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FailMode {
    /// The value found, even outside `[α, β]`.
    #[default]
    Soft,
    /// The value clamped to the window the node was entered with.
    Hard,
}

/// Which root child is the best move when several attain the value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ties {
    /// The first found, in search order (the leftmost with `--order spec`).
    #[default]
    First,
    /// The last proven to attain the value.
    Last,
    /// Every child proven to attain the value.
    All,
}

/// The order in which a node's children are searched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Order {
    /// Left to right as written.
    #[default]
    Spec,
    /// Right to left.
    Reverse,
    /// Best first by true minimax value: MAX descending, MIN ascending.
    Best,
    /// Worst first: MAX ascending, MIN descending.
    Worst,
    /// By `eval` (a leaf's utility when it has none): MAX descending, MIN
    /// ascending; children with neither keep their place after the others.
    Eval,
}

/// Which entry a full transposition-table slot keeps (`--tt-replace`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Replace {
    /// A new entry always replaces the slot's.
    #[default]
    Always,
    /// A new entry replaces the slot's only if searched at least as deep.
    Depth,
}

/// Everything that changes what an algorithm does or reports.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Options {
    pub cuts: CutRule,
    pub fail: FailMode,
    /// False with `--ignore-bounds`: the root window is `(-∞, +∞)`.
    pub ignore_bounds: bool,
    pub ties: Ties,
    pub order: Order,
    /// `--depth N`: nodes at depth N (root 0) use their `eval`.
    pub depth: Option<u32>,
    /// `--shallow`: max^n with Korf's shallow pruning (needs `sum`).
    pub shallow: bool,
    /// `--player NAME`: whose component `paranoid` maximizes (default: the
    /// player to move at the root).
    pub player: Option<String>,
    /// `--tt-size N`: transposition-table entries (slot = hash(key) mod N);
    /// `None`: unlimited, one entry per position.
    pub tt_size: Option<u64>,
    /// `--tt-replace always|depth`.
    pub tt_replace: Replace,
    /// `--guess F`: MTD(f)'s first guess (default 0).
    pub guess: Option<crate::num::Num>,
    /// `--quiescence`: past the cutoff, `[noisy]` nodes are searched.
    pub quiescence: bool,
    /// `--beam K`: each MAX/MIN node considers only its K best children by `eval`.
    pub beam: Option<u32>,
    /// `--singular-extension M`: a child whose `eval` beats its siblings'
    /// by at least M is searched one level deeper.
    pub singular: Option<crate::num::Num>,
}

/// The option names `set` accepts, for error messages.
pub const OPTION_NAMES: &[&str] = &[
    "strict-cuts",
    "fail-hard",
    "fail-soft",
    "ignore-bounds",
    "ties",
    "order",
    "depth",
    "shallow",
    "player",
    "tt-size",
    "tt-replace",
    "guess",
    "quiescence",
    "beam",
    "singular-extension",
];

impl Options {
    /// Sets one option by its command-line name (`order`, `strict-cuts`…),
    /// as written in `expect ALGO(key=value, flag)`.
    pub fn set(&mut self, key: &str, value: Option<&str>) -> Result<(), String> {
        fn need(v: Option<&str>) -> Result<&str, String> {
            v.ok_or_else(|| "needs a value (`key=value`)".to_string())
        }
        let flag = |v: Option<&str>| match v {
            None | Some("true") | Some("yes") => Ok(true),
            Some("false") | Some("no") => Ok(false),
            Some(other) => Err(format!("is a flag; `{other}` is not true or false")),
        };
        match key {
            "strict-cuts" => self.cuts = if flag(value)? { CutRule::Strict } else { CutRule::OnEquality },
            "fail-hard" => self.fail = if flag(value)? { FailMode::Hard } else { FailMode::Soft },
            "fail-soft" => self.fail = if flag(value)? { FailMode::Soft } else { FailMode::Hard },
            "ignore-bounds" => self.ignore_bounds = flag(value)?,
            "ties" => self.ties = parse_ties(need(value)?)?,
            "order" => self.order = parse_order(need(value)?)?,
            "depth" => {
                let v = need(value)?;
                self.depth = Some(v.parse().map_err(|_| format!("`{v}` is not a depth (0, 1, 2, …)"))?);
            }
            "shallow" => self.shallow = flag(value)?,
            "player" => self.player = Some(need(value)?.to_string()),
            "tt-size" => {
                let v = need(value)?;
                let n: u64 = v.parse().map_err(|_| format!("`{v}` is not a table size (1, 2, …)"))?;
                if n == 0 {
                    return Err("must be at least 1".into());
                }
                self.tt_size = Some(n);
            }
            "tt-replace" => self.tt_replace = parse_replace(need(value)?)?,
            "guess" => {
                let v = need(value)?;
                self.guess = Some(crate::num::Num::parse(v).map_err(|_| format!("`{v}` is not a number"))?);
            }
            "quiescence" => self.quiescence = flag(value)?,
            "beam" => self.beam = Some(parse_beam(need(value)?)?),
            "singular-extension" => self.singular = Some(parse_margin(need(value)?)?),
            _ => return Err(format!("unknown option; expected one of {}", OPTION_NAMES.join(", "))),
        }
        Ok(())
    }
}

/// `--beam K`: a width of at least 1.
pub fn parse_beam(v: &str) -> Result<u32, String> {
    match v.parse::<u32>() {
        Ok(k) if k >= 1 => Ok(k),
        _ => Err(format!("`{v}` is not a beam width (1, 2, 3, …)")),
    }
}

/// `--singular-extension M`: a positive margin (`3`, `1/2`, `0.5`).
pub fn parse_margin(v: &str) -> Result<crate::num::Num, String> {
    match crate::num::Num::parse(v) {
        Ok(m) if m > crate::num::Num::ZERO && !m.is_infinite() => Ok(m),
        _ => Err(format!("`{v}` is not a positive margin (a number > 0)")),
    }
}

pub fn parse_ties(v: &str) -> Result<Ties, String> {
    match v {
        "first" => Ok(Ties::First),
        "last" => Ok(Ties::Last),
        "all" => Ok(Ties::All),
        _ => Err(format!("`{v}` is not one of first, last, all")),
    }
}

pub fn parse_replace(v: &str) -> Result<Replace, String> {
    match v {
        "always" => Ok(Replace::Always),
        "depth" => Ok(Replace::Depth),
        _ => Err(format!("`{v}` is not one of always, depth")),
    }
}

pub fn parse_order(v: &str) -> Result<Order, String> {
    match v {
        "spec" => Ok(Order::Spec),
        "reverse" => Ok(Order::Reverse),
        "best" => Ok(Order::Best),
        "worst" => Ok(Order::Worst),
        "eval" => Ok(Order::Eval),
        _ => Err(format!("`{v}` is not one of spec, reverse, best, worst, eval")),
    }
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Order::Spec => "spec",
            Order::Reverse => "reverse",
            Order::Best => "best",
            Order::Worst => "worst",
            Order::Eval => "eval",
        })
    }
}

impl fmt::Display for Ties {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ties::First => "first",
            Ties::Last => "last",
            Ties::All => "all",
        })
    }
}

impl CutRule {
    /// Does a MAX node with value `v` stop against `beta`?
    pub fn beta_cut(self, v: crate::num::Num, beta: crate::num::Num) -> bool {
        self.beta_cut_by(v.cmp(&beta))
    }

    /// Does a MIN node with value `v` stop against `alpha`?
    pub fn alpha_cut(self, v: crate::num::Num, alpha: crate::num::Num) -> bool {
        self.alpha_cut_by(v.cmp(&alpha))
    }

    /// [`CutRule::beta_cut`], given how `v` compares with `beta`.
    pub fn beta_cut_by(self, v_vs_beta: std::cmp::Ordering) -> bool {
        match self {
            CutRule::OnEquality => v_vs_beta.is_ge(),
            CutRule::Strict => v_vs_beta.is_gt(),
        }
    }

    /// [`CutRule::alpha_cut`], given how `v` compares with `alpha`.
    pub fn alpha_cut_by(self, v_vs_alpha: std::cmp::Ordering) -> bool {
        match self {
            CutRule::OnEquality => v_vs_alpha.is_le(),
            CutRule::Strict => v_vs_alpha.is_lt(),
        }
    }

    /// `v ≥ β` or `v > β`, for narration.
    pub fn beta_symbol(self) -> &'static str {
        match self {
            CutRule::OnEquality => "≥",
            CutRule::Strict => ">",
        }
    }

    pub fn alpha_symbol(self) -> &'static str {
        match self {
            CutRule::OnEquality => "≤",
            CutRule::Strict => "<",
        }
    }
}

impl Options {
    /// Does `maxn --shallow` cut only on `x > bound`? Yes under
    /// `--strict-cuts`, and when a tie could change the parent's choice.
    pub fn shallow_strict(&self) -> bool {
        self.cuts == CutRule::Strict || self.ties != Ties::First
    }

    /// One line naming every convention a run used, for the report header;
    /// `windowed` algorithms (alpha-beta family) also cut, fail and bound.
    pub fn describe(&self, windowed: bool) -> String {
        let cuts = match self.cuts {
            CutRule::OnEquality => "cut on equality (v ≥ β, v ≤ α)",
            CutRule::Strict => "strict cuts (v > β, v < α)",
        };
        let fail = match self.fail {
            FailMode::Soft => "fail-soft",
            FailMode::Hard => "fail-hard",
        };
        let bounds = if self.ignore_bounds { "bounds ignored" } else { "declared bounds used" };
        let mut depth = self.depth.map(|d| format!(", depth cutoff {d}")).unwrap_or_default();
        if self.quiescence {
            depth += ", quiescence";
        }
        if let Some(k) = self.beam {
            depth += &format!(", beam {k}");
        }
        if let Some(m) = self.singular {
            depth += &format!(", singular extension {m}");
        }
        let shallow = match (self.shallow, self.shallow_strict()) {
            (false, _) => "",
            (true, false) => ", shallow pruning (x ≥ sum − parent's)",
            (true, true) => ", shallow pruning (x > sum − parent's)",
        };
        let player = self.player.as_ref().map(|p| format!(", player {p}")).unwrap_or_default();
        let common = format!("ties: {}, order: {}{depth}{shallow}{player}", self.ties, self.order);
        if windowed { format!("{cuts}, {fail}, {bounds}, {common}") } else { common }
    }
}
