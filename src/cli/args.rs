//! Argument groups several commands share: the search conventions
//! (→ [`Options`]), `-a/--algorithm` (its names listed in `--help` and
//! completions), and the report formats.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, ValueEnum};

use gametree::num::Num;
use gametree::search::Algorithm;
use gametree::search::options::{self, CutRule, FailMode, Options, Order, Replace, Ties};

/// `-a NAME`: one of [`Algorithm::names`], checked and listed by clap.
pub fn algorithm() -> impl TypedValueParser<Value = Algorithm> {
    PossibleValuesParser::new(Algorithm::names())
        .try_map(|name| Algorithm::from_name(&name).ok_or_else(|| format!("unknown algorithm `{name}`")))
}

/// `-a NAME` kept as the name (for `grade`, which resolves it itself).
pub fn algorithm_name() -> PossibleValuesParser {
    PossibleValuesParser::new(Algorithm::names())
}

/// A report's format.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq)]
pub enum Format {
    Text,
    Json,
    Yaml,
}

/// The conventions every algorithm honours (SPEC §2).
#[derive(Args, Debug, Clone)]
pub struct ConventionArgs {
    /// Cut only on strict inequality (v > β, v < α), as CS188's autograder.
    #[arg(long)]
    strict_cuts: bool,
    /// Return values clamped to the window (β on a cut).
    #[arg(long)]
    fail_hard: bool,
    /// Search from (-inf, +inf) even when the spec declares `bounds`.
    #[arg(long)]
    ignore_bounds: bool,
    /// Which root move is best when several tie.
    #[arg(long, value_enum, default_value_t = TiesArg::First)]
    ties: TiesArg,
    /// The order children are searched in.
    #[arg(long, value_enum, default_value_t = OrderArg::Spec)]
    order: OrderArg,
    /// Cut the search at this depth (root = 0) and use `eval` there.
    #[arg(long, value_name = "N")]
    depth: Option<u32>,
    /// Past the cutoff, search `[noisy]` nodes until quiet ones (needs --depth).
    #[arg(long)]
    quiescence: bool,
    /// Forward pruning: each MAX/MIN node considers only its K best children by `eval`.
    #[arg(long, value_name = "K", value_parser = options::parse_beam)]
    beam: Option<u32>,
    /// Search one level deeper below a child whose `eval` beats all its siblings' by at least M (needs --depth).
    #[arg(long, value_name = "M", value_parser = options::parse_margin)]
    singular_extension: Option<Num>,
    /// maxn: Korf's shallow pruning (needs the spec's `sum`).
    #[arg(long)]
    shallow: bool,
    /// paranoid: the player whose component is maximized (others minimize it).
    #[arg(long, value_name = "NAME")]
    player: Option<String>,
    /// Transposition-table entries (negamax-tt, mtdf): slot = hash(key) mod N; default unlimited.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    tt_size: Option<u64>,
    /// Which entry a full table slot keeps.
    #[arg(long, value_enum, default_value_t = ReplaceArg::Always)]
    tt_replace: ReplaceArg,
    /// MTD(f)'s first guess.
    #[arg(long, value_name = "F", allow_hyphen_values = true, value_parser = parse_num)]
    guess: Option<Num>,
}

fn parse_num(s: &str) -> Result<Num, String> {
    Num::parse(s).map_err(|_| format!("`{s}` is not a number"))
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum ReplaceArg {
    /// A new entry always replaces the slot's.
    Always,
    /// Keep the entry searched to the greater remaining depth.
    Depth,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum TiesArg {
    First,
    Last,
    All,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum OrderArg {
    Spec,
    Reverse,
    Best,
    Worst,
    Eval,
}

impl ConventionArgs {
    pub fn options(&self) -> Options {
        Options {
            cuts: if self.strict_cuts { CutRule::Strict } else { CutRule::OnEquality },
            fail: if self.fail_hard { FailMode::Hard } else { FailMode::Soft },
            ignore_bounds: self.ignore_bounds,
            ties: match self.ties {
                TiesArg::First => Ties::First,
                TiesArg::Last => Ties::Last,
                TiesArg::All => Ties::All,
            },
            order: match self.order {
                OrderArg::Spec => Order::Spec,
                OrderArg::Reverse => Order::Reverse,
                OrderArg::Best => Order::Best,
                OrderArg::Worst => Order::Worst,
                OrderArg::Eval => Order::Eval,
            },
            depth: self.depth,
            shallow: self.shallow,
            player: self.player.clone(),
            tt_size: self.tt_size,
            tt_replace: match self.tt_replace {
                ReplaceArg::Always => Replace::Always,
                ReplaceArg::Depth => Replace::Depth,
            },
            guess: self.guess,
            quiescence: self.quiescence,
            beam: self.beam,
            singular: self.singular_extension,
        }
    }
}
