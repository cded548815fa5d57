//! Where a puzzle's unknown values come from: a range of integers, or the
//! orderings of a multiset; and the lists people write them in.

use crate::check::puzzle::Count;
use crate::model::Game;
use crate::num::Num;

/// Where the unknown values come from.
#[derive(Clone, Debug, PartialEq)]
pub enum Domain {
    /// Every integer in `lo..=hi`, for each unknown independently.
    Range(i64, i64),
    /// Every distinct ordering of these values (one per unknown).
    Multiset(Vec<Num>),
}

impl Domain {
    /// `0..10` (inclusive at both ends).
    pub fn parse_range(text: &str) -> Result<Domain, String> {
        let (a, b) = text.split_once("..").ok_or_else(|| format!("`{text}` is not a range `lo..hi`"))?;
        let int = |s: &str| s.trim().parse::<i64>().map_err(|_| format!("`{s}` is not an integer"));
        let (lo, hi) = (int(a)?, int(b.trim_start_matches('='))?);
        if lo > hi {
            return Err(format!("the range {lo}..{hi} is empty"));
        }
        Ok(Domain::Range(lo, hi))
    }

    /// The integers of the spec's declared `bounds` (the default domain).
    pub fn declared(game: &Game) -> Result<Domain, String> {
        let why = "the spec declares no integer `bounds`: give --domain LO..HI or --values V1,V2,…";
        let (lo, hi) = game.bounds().ok_or(why)?;
        match (lo.as_i64(), hi.as_i64()) {
            (Some(lo), Some(hi)) if lo.checked_sub(hi).is_some() => Ok(Domain::Range(lo, hi)),
            _ => Err(why.to_string()),
        }
    }

    /// `9,5,3,…`
    pub fn parse_values(text: &str) -> Result<Domain, String> {
        parse_list(text).map(Domain::Multiset)
    }

    /// How many complete assignments of `unknowns` leaves the domain
    /// holds, exactly, and that number as people read it: `31^9`, or
    /// `9!/(2!)` for a multiset with repeats.
    pub fn space(&self, unknowns: usize) -> (Count, String) {
        let fact = |n: usize| (1..=n as u64).fold(Count::ONE, |a, b| a.mul_small(b));
        match self {
            Domain::Range(lo, hi) => {
                let width = u128::from(hi.abs_diff(*lo)) + 1;
                let space = (0..unknowns).fold(Count::ONE, |a, _| &a * &Count::from(width));
                (space, format!("{width}^{unknowns}"))
            }
            Domain::Multiset(vs) => {
                let mut sorted = vs.clone();
                sorted.sort();
                let mut repeats: Vec<usize> = Vec::new();
                for (i, v) in sorted.iter().enumerate() {
                    match repeats.last_mut() {
                        Some(r) if sorted[i - 1] == *v => *r += 1,
                        _ => repeats.push(1),
                    }
                }
                repeats.retain(|&r| r > 1);
                // Each r! divides what is left (a multinomial coefficient).
                let total =
                    repeats.iter().fold(fact(vs.len()), |a, &r| (2..=r as u64).fold(a, |a, d| a.div_small(d).0));
                let below: Vec<String> = repeats.iter().map(|r| format!("{r}!")).collect();
                let text = if below.is_empty() {
                    format!("{}!", vs.len())
                } else {
                    format!("{}!/({})", vs.len(), below.join("·"))
                };
                (total, text)
            }
        }
    }

    pub(super) fn values(&self) -> Vec<Num> {
        match self {
            Domain::Range(lo, hi) => (*lo..=*hi).map(Num::int).collect(),
            Domain::Multiset(vs) => vs.clone(),
        }
    }
}

/// `1,4,7` (blanks allowed) as numbers.
pub fn parse_list(text: &str) -> Result<Vec<Num>, String> {
    text.split([',', ' '])
        .filter(|s| !s.is_empty())
        .map(|s| Num::parse(s).map_err(|_| format!("`{s}` is not a number")))
        .collect()
}
