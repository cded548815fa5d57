//! The text report's table of visits: a row per visit (`#`, node, kind,
//! window, value, negamax value), each column as wide as its widest cell
//! counted in chars, two spaces apart, trailing spaces dropped.
//!
//! A big tree's table is most of its report (a row per node), so each row
//! is written straight into one buffer: no `String` per cell, no
//! `core::fmt`, names quoted once per node ([`Visits::push_describe`]).
//! The widths need every row first, so the rows are written twice: into a
//! scratch line to measure them, then into the output.

use std::fmt;

use crate::model::{Game, NodeKind};
use crate::report::AlgoReport;
use crate::report::Number;
use crate::report::digits::{digits, num_width, push_number, push_pretty, push_uint};
use crate::report::visits::{NodeReport, PathCursor, PathText, Visits};

/// Output is handed to the formatter in pieces of about this size.
const CHUNK: usize = 1 << 16;

/// The columns there can be.
const COLUMNS: usize = 6;

/// Writes the table: its head, then a row per visit, the first `most`
/// (the columns as wide as those rows need), then how many more there are.
pub(super) fn write_table(f: &mut fmt::Formatter<'_>, game: &Game, r: &AlgoReport, most: usize) -> fmt::Result {
    // The first pass measures every column there can be and learns which
    // there are: a window column when some visit had a window (α and β),
    // a negamax column when some visit had a negamax value.
    let every = Table { game, visits: &r.visits, windows: true, negamax: true };
    let mut width = [0; COLUMNS];
    for (w, h) in width.iter_mut().zip(HEAD) {
        *w = chars(h);
    }
    let (mut windows, mut negamax) = (false, false);
    let (mut scratch, mut cursor) = (String::new(), PathCursor::default());
    for n in r.visits.nodes().take(most) {
        windows |= n.alpha.is_some();
        negamax |= n.negamax_value.is_some();
        every.measure(&n, &mut scratch, &mut cursor, &mut width);
    }
    let table = Table { game, visits: &r.visits, windows, negamax };
    // Each cell padded to its column's width and followed by the two
    // spaces before the next; the line's trailing spaces are then cut.
    let mut pad = |out: &mut String, c: usize, start: usize| {
        let w = chars(&out[start..]);
        push_spaces(out, width[c].saturating_sub(w) + 2);
    };
    let mut buf = String::with_capacity(CHUNK + 1024);
    let end_line = |buf: &mut String, start: usize| {
        let kept = buf[start..].trim_end().len();
        buf.truncate(start + kept);
        buf.push('\n');
    };
    buf.push_str("  ");
    let start = buf.len();
    for (c, h) in HEAD.iter().enumerate().filter(|&(c, _)| table.shows(c)) {
        let at = buf.len();
        buf.push_str(h);
        pad(&mut buf, c, at);
    }
    end_line(&mut buf, start);
    for n in r.visits.nodes().take(most) {
        buf.push_str("  ");
        let start = buf.len();
        table.cells(&n, &mut buf, &mut cursor, &mut pad);
        end_line(&mut buf, start);
        if buf.len() >= CHUNK {
            f.write_str(&buf)?;
            buf.clear();
        }
    }
    f.write_str(&buf)?;
    let visits = r.visits.analysis().visits.len();
    if visits > most {
        writeln!(f, "  … {} more visits {}", visits - most, super::cut_short(most))?;
    }
    Ok(())
}

/// Every column's head; the window and negamax columns are shown only
/// when some row has one.
const HEAD: [&str; COLUMNS] = ["#", "node", "kind", "window (α, β)", "value", "negamax"];
const WINDOW: usize = 3;
const NEGAMAX: usize = 5;

/// What the table shows of a run.
struct Table<'a> {
    game: &'a Game,
    visits: &'a Visits,
    /// Whether there is a window column (searches with α and β).
    windows: bool,
    /// Whether there is a negamax column.
    negamax: bool,
}

impl Table<'_> {
    /// Whether column `c` of [`HEAD`] is shown.
    fn shows(&self, c: usize) -> bool {
        match c {
            WINDOW => self.windows,
            NEGAMAX => self.negamax,
            _ => true,
        }
    }

    /// Widens `width` to fit one visit's cells, as [`Table::cells`] would
    /// write them (only the rare cells are written, into `scratch`).
    fn measure(&self, n: &NodeReport, scratch: &mut String, cursor: &mut PathCursor, width: &mut [usize; COLUMNS]) {
        let mut fit = |c: usize, w: usize| width[c] = width[c].max(w);
        fit(0, digits(n.visit as u64));
        let node = written(scratch, |out| self.visits.push_describe(self.game, n.path, cursor, out));
        fit(1, 2 * n.path.depth() + node);
        fit(2, chars(self.kind(n)) + if n.probe { " probe".len() } else { 0 });
        if self.windows && n.alpha.is_some() {
            fit(WINDOW, written(scratch, |out| self.window(n, out)));
        }
        let bound = if matches!(n.bound, "upper" | "lower") { "≤ ".chars().count() } else { 0 };
        fit(4, bound + n.value.as_ref().map_or(0, |v| number_width(v, scratch)));
        if self.negamax {
            fit(NEGAMAX, n.negamax_value.as_ref().map_or(0, |v| number_width(v, scratch)));
        }
    }

    /// The kind cell's word: `eval` at a depth cutoff, else the node's kind.
    fn kind(&self, n: &NodeReport) -> &str {
        match n.kind {
            "horizon" => "eval",
            _ => kind_word(self.game, self.game.node(n.node).kind()),
        }
    }

    /// The window cell: `(α, β)` when the visit had one.
    fn window(&self, n: &NodeReport, out: &mut String) {
        if let (Some(a), Some(b)) = (&n.alpha, &n.beta) {
            out.push('(');
            pretty(out, a);
            out.push_str(", ");
            pretty(out, b);
            out.push(')');
        }
    }

    /// Appends one visit's cells to `out`, calling `end(out, column,
    /// start)` after each, `column` its index in [`HEAD`] and `start`
    /// where the cell begins.
    fn cells(
        &self,
        n: &NodeReport,
        out: &mut String,
        cursor: &mut PathCursor,
        end: &mut impl FnMut(&mut String, usize, usize),
    ) {
        let game = self.game;
        let mut c = 0;
        let mut cell = |out: &mut String, start: usize| {
            end(out, c, start);
            c += 1;
            c += usize::from(c == WINDOW && !self.windows);
        };
        let start = out.len();
        push_uint(out, n.visit as u64);
        cell(out, start);

        let start = out.len();
        push_spaces(out, 2 * n.path.depth());
        self.visits.push_describe(game, n.path, cursor, out);
        cell(out, start);

        let start = out.len();
        out.push_str(self.kind(n));
        if n.probe {
            out.push_str(" probe");
        }
        cell(out, start);

        if self.windows {
            let start = out.len();
            self.window(n, out);
            cell(out, start);
        }

        let start = out.len();
        out.push_str(match n.bound {
            "upper" => "≤ ",
            "lower" => "≥ ",
            _ => "",
        });
        if let Some(v) = &n.value {
            push_number(out, v);
        }
        cell(out, start);

        if self.negamax {
            let start = out.len();
            if let Some(v) = &n.negamax_value {
                push_number(out, v);
            }
            cell(out, start);
        }
    }
}

/// A node kind as the table names it (a player by its name).
fn kind_word(game: &Game, kind: NodeKind) -> &str {
    match kind {
        NodeKind::Max => "MAX",
        NodeKind::Min => "MIN",
        NodeKind::Chance => "CHANCE",
        NodeKind::Player(p) => game.players().get(p as usize).map_or("", String::as_str),
        NodeKind::Leaf => "leaf",
    }
}

/// A window bound: `Num::pretty`, or a vector as the value column shows it.
fn pretty(out: &mut String, n: &Number) {
    match n {
        Number::Num(v) => push_pretty(out, v),
        Number::Vector(_) => push_number(out, n),
    }
}

/// The width of what `write` writes, written into `scratch`.
fn written(scratch: &mut String, write: impl FnOnce(&mut String)) -> usize {
    scratch.clear();
    write(scratch);
    chars(scratch)
}

/// The width of a report number as `push_number` writes it.
fn number_width(n: &Number, scratch: &mut String) -> usize {
    match n {
        Number::Num(v) => num_width(v, scratch),
        Number::Vector(_) => written(scratch, |out| push_number(out, n)),
    }
}

/// `n` spaces.
fn push_spaces(out: &mut String, n: usize) {
    match SPACES.get(..n) {
        Some(s) => out.push_str(s),
        None => out.extend(std::iter::repeat_n(' ', n)),
    }
}

const SPACES: &str = "                                                                ";

/// A cell's width: its chars.
fn chars(s: &str) -> usize {
    if s.is_ascii() { s.len() } else { s.chars().count() }
}
