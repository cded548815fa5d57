//! `solve`'s JSON report in gametree's JSON layout ([`layout`]: a list of
//! plain values on one line, each visit's row on one line), byte for byte.
//!
//! [`write_report`] writes the per-visit lists (`nodes`, `visit_order`,
//! `leaf_order`, `pruned`) itself, straight into one buffer, and hands
//! every other field to serde and [`layout::lay_out`] at the depth it sits
//! at. Invariant: the same bytes as [`layout::to_string`] of the
//! [`Report`] (its `Serialize` stays the oracle the tests compare with).

pub mod layout;

use std::io;

use serde::Serialize;

use crate::num::Num;
use crate::report::digits::{push_f64, push_int, push_uint};
use crate::report::visits::{At, NodeReport, PathCursor, PathText, Visits};
use crate::report::{AlgoReport, Fields, Number, Report};
use layout::new_line;

/// Writes `report` as [`layout::to_string`] does, the per-visit lists
/// without serde.
pub fn write_report<W: io::Write>(writer: W, report: &Report) -> io::Result<()> {
    let mut out = Out { w: writer, buf: String::with_capacity(CHUNK + 4096), float: Vec::new() };
    out.buf.push('{');
    let mut top = Object { out: &mut out, depth: 1, first: true };
    top.field("title", &report.title)?;
    top.key("results");
    if report.results.is_empty() {
        out.buf.push_str("[]");
    } else {
        out.buf.push('[');
        for (k, r) in report.results.iter().enumerate() {
            if k > 0 {
                out.buf.push(',');
            }
            new_line(&mut out.buf, 2);
            out.buf.push('{');
            algo(&mut out, r, 3)?;
            new_line(&mut out.buf, 2);
            out.buf.push('}');
        }
        new_line(&mut out.buf, 1);
        out.buf.push(']');
    }
    new_line(&mut out.buf, 0);
    out.buf.push('}');
    out.flush()
}

/// One run's object, its fields at `depth` (it has some: `algorithm` …).
fn algo<W: io::Write>(out: &mut Out<W>, r: &AlgoReport, depth: usize) -> io::Result<()> {
    r.fields(&mut Object { out, depth, first: true })
}

/// Output is written in pieces of about this size.
const CHUNK: usize = 1 << 16;

/// The writer and the buffer in front of it.
struct Out<W> {
    w: W,
    buf: String,
    /// Room for a float ([`push_f64`]).
    float: Vec<u8>,
}

impl<W: io::Write> Out<W> {
    fn flush(&mut self) -> io::Result<()> {
        self.w.write_all(self.buf.as_bytes())?;
        self.buf.clear();
        Ok(())
    }

    fn flush_if_full(&mut self) -> io::Result<()> {
        if self.buf.len() >= CHUNK { self.flush() } else { Ok(()) }
    }

    /// A report number as `Number`'s `Serialize` writes it, a vector on
    /// one line.
    fn number(&mut self, n: &Number) -> io::Result<()> {
        match n {
            Number::Num(v) => self.num(v),
            Number::Vector(vs) if vs.is_empty() => {
                self.buf.push_str("[]");
                Ok(())
            }
            Number::Vector(vs) => {
                self.buf.push('[');
                for (k, v) in vs.iter().enumerate() {
                    if k > 0 {
                        self.buf.push_str(", ");
                    }
                    self.num(v)?;
                }
                self.buf.push(']');
                Ok(())
            }
        }
    }

    /// `"inf"`/`"-inf"`, an integer when whole, else a float as serde_json
    /// writes an `f64`.
    fn num(&mut self, n: &Num) -> io::Result<()> {
        match n.as_i64() {
            _ if n.is_infinite() => {
                self.buf.push('"');
                self.buf.push_str(if n.to_f64() > 0.0 { "inf" } else { "-inf" });
                self.buf.push('"');
            }
            Some(i) => push_int(&mut self.buf, i),
            None => push_f64(&mut self.buf, &mut self.float, n.to_f64()),
        }
        Ok(())
    }

    /// A JSON string: as it is when nothing in it needs escaping, else
    /// escaped by serde_json.
    fn string(&mut self, s: &str) -> io::Result<()> {
        if s.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
            self.buf.push_str(&serde_json::to_string(s)?);
        } else {
            self.buf.push('"');
            self.buf.push_str(s);
            self.buf.push('"');
        }
        Ok(())
    }

    /// A word of ours (`max`, `exact`): never escaped.
    fn word(&mut self, s: &str) {
        self.buf.push('"');
        self.buf.push_str(s);
        self.buf.push('"');
    }

    fn path(&mut self, p: impl PathText, cursor: &mut PathCursor) {
        self.buf.push('"');
        p.push_with(cursor, &mut self.buf);
        self.buf.push('"');
    }

    /// One visit's object on one line, as `NodeReport`'s derived
    /// `Serialize` writes it.
    fn node(&mut self, n: &NodeReport<'_>, cursor: &mut PathCursor) -> io::Result<()> {
        self.buf.push_str("{\"path\": ");
        self.path(n.path, cursor);
        self.buf.push_str(", \"name\": ");
        match n.name {
            Some(name) => self.string(name)?,
            None => self.buf.push_str("null"),
        }
        self.buf.push_str(", \"kind\": ");
        self.word(n.kind);
        self.buf.push_str(", \"value\": ");
        match &n.value {
            Some(v) => self.number(v)?,
            None => self.buf.push_str("null"),
        }
        if let Some(x) = &n.value_exact {
            self.buf.push_str(", \"value_exact\": ");
            self.string(x)?;
        }
        self.buf.push_str(", \"bound\": ");
        self.word(n.bound);
        for (key, v) in
            [(", \"alpha\": ", &n.alpha), (", \"beta\": ", &n.beta), (", \"negamax_value\": ", &n.negamax_value)]
        {
            if let Some(v) = v {
                self.buf.push_str(key);
                self.number(v)?;
            }
        }
        self.buf.push_str(", \"visit\": ");
        push_uint(&mut self.buf, n.visit as u64);
        if n.probe {
            self.buf.push_str(", \"probe\": true");
        }
        self.buf.push('}');
        Ok(())
    }

    /// Block `b` of `rows`, each row after its separator (but the very
    /// first's): a comma and a line break at `depth` for `nodes`, `, ` for
    /// a list of paths; paths written whole at the block's start, so a
    /// block needs nothing from the one before. With `flush`, the buffer
    /// goes to the writer whenever it is full.
    fn rows(&mut self, rows: &Rows, b: usize, depth: usize, flush: bool) -> io::Result<()> {
        let mut cursor = PathCursor::default();
        let visits = rows.visits();
        let analysis = visits.analysis();
        let count = analysis.visits.len();
        for i in b * BLOCK..count.min((b + 1) * BLOCK) {
            match *rows {
                Rows::Nodes(_) => {
                    if i > 0 {
                        self.buf.push(',');
                    }
                    new_line(&mut self.buf, depth);
                    self.node(&visits.node(i), &mut cursor)?;
                }
                Rows::Visits(_) => {
                    if i > 0 {
                        self.buf.push_str(", ");
                    }
                    self.path(At(analysis, i), &mut cursor);
                }
                Rows::Leaves(_, first) => {
                    if analysis.visits[i].direct().is_none() {
                        continue;
                    }
                    if i > first {
                        self.buf.push_str(", ");
                    }
                    self.path(At(analysis, i), &mut cursor);
                }
            }
            if flush {
                self.flush_if_full()?;
            }
        }
        Ok(())
    }
}

/// serde_json's compact text of a field, laid out into the buffer as it
/// comes.
struct Laid<'o, W> {
    stream: layout::Stream,
    out: &'o mut Out<W>,
}

impl<W: io::Write> io::Write for Laid<'_, W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.stream.feed(bytes, &mut self.out.buf);
        self.out.flush_if_full()?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// What a list of a row per visit holds: every visit's object (`nodes`),
/// every visit's path (`visit_order`), or the paths of the visits that
/// evaluate a leaf (`leaf_order`; the first of them at visit `.1`).
enum Rows<'v> {
    Nodes(&'v Visits),
    Visits(&'v Visits),
    Leaves(&'v Visits, usize),
}

impl Rows<'_> {
    fn visits(&self) -> &Visits {
        match *self {
            Rows::Nodes(v) | Rows::Visits(v) | Rows::Leaves(v, _) => v,
        }
    }
}

/// Rows from which a list of a row per visit is written by two threads, and rows a block
/// (the second thread's blocks are a few hundred KiB each, at most six
/// buffers of them ever made: two on their way, one being filled, one
/// being written and two handed back to be filled again).
const SHARED_FROM: usize = 1 << 15;
const BLOCK: usize = 1 << 11;

/// An object being written: its fields at `depth`.
struct Object<'o, W> {
    out: &'o mut Out<W>,
    depth: usize,
    first: bool,
}

impl<W: io::Write> Object<'_, W> {
    fn key(&mut self, key: &str) {
        if !self.first {
            self.out.buf.push(',');
        }
        self.first = false;
        new_line(&mut self.out.buf, self.depth);
        self.out.buf.push('"');
        self.out.buf.push_str(key);
        self.out.buf.push_str("\": ");
    }
}

impl<W: io::Write> Fields for Object<'_, W> {
    type Error = io::Error;

    /// Handed to serde, then laid out at this depth as it comes: a list
    /// of objects (`cuts`, `steps`) an item at a time.
    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> io::Result<()> {
        self.key(key);
        let mut stream = Laid { stream: layout::Stream::new(self.depth), out: &mut *self.out };
        serde_json::to_writer(&mut stream, value)?;
        stream.stream.finish(&mut stream.out.buf);
        self.out.flush_if_full()
    }

    fn paths<P: PathText, I: Iterator<Item = P>>(
        &mut self,
        key: &'static str,
        paths: impl Fn() -> I,
    ) -> io::Result<()> {
        // A list of plain values, on one line.
        self.key(key);
        self.out.buf.push('[');
        let mut cursor = PathCursor::default();
        for (k, p) in paths().enumerate() {
            if k > 0 {
                self.out.buf.push_str(", ");
            }
            self.out.path(p, &mut cursor);
            self.out.flush_if_full()?;
        }
        self.out.buf.push(']');
        Ok(())
    }

    fn nodes(&mut self, key: &'static str, visits: &Visits) -> io::Result<()> {
        self.key(key);
        self.out.buf.push('[');
        if visits.analysis().visits.is_empty() {
            self.out.buf.push(']');
            return Ok(());
        }
        self.shared(&Rows::Nodes(visits))?;
        new_line(&mut self.out.buf, self.depth);
        self.out.buf.push(']');
        Ok(())
    }

    fn visit_paths(&mut self, key: &'static str, visits: &Visits, leaves: bool) -> io::Result<()> {
        self.key(key);
        self.out.buf.push('[');
        let analysis = visits.analysis();
        let rows = if leaves {
            // None when no leaf was evaluated.
            analysis.visits.iter().position(|v| v.direct().is_some()).map(|first| Rows::Leaves(visits, first))
        } else {
            Some(Rows::Visits(visits))
        };
        if let Some(rows) = rows {
            self.shared(&rows)?;
        }
        self.out.buf.push(']');
        Ok(())
    }
}

impl<W: io::Write> Object<'_, W> {
    /// Every block of `rows`, in order; on a big report every other block
    /// is written by a second thread and put out in turn: the same bytes.
    fn shared(&mut self, rows: &Rows) -> io::Result<()> {
        let count = rows.visits().analysis().visits.len();
        let blocks = count.div_ceil(BLOCK);
        let depth = self.depth + 1;
        if count < SHARED_FROM {
            return (0..blocks).try_for_each(|b| self.out.rows(rows, b, depth, true));
        }
        std::thread::scope(|scope| -> io::Result<()> {
            let (tx, rx) = std::sync::mpsc::sync_channel::<io::Result<String>>(2);
            let (spare_tx, spare_rx) = std::sync::mpsc::sync_channel::<String>(2);
            scope.spawn(move || {
                let mut out = Out { w: io::sink(), buf: String::new(), float: Vec::new() };
                for b in (1..blocks).step_by(2) {
                    out.buf = spare_rx.try_recv().unwrap_or_else(|_| String::with_capacity(BLOCK * 256));
                    let block = out.rows(rows, b, depth, false).map(|()| std::mem::take(&mut out.buf));
                    if tx.send(block).is_err() {
                        return;
                    }
                }
            });
            for b in 0..blocks {
                if b % 2 == 0 {
                    self.out.rows(rows, b, depth, true)?;
                } else {
                    let mut text = rx.recv().map_err(io::Error::other)??;
                    self.out.flush()?;
                    self.out.w.write_all(text.as_bytes())?;
                    text.clear();
                    let _ = spare_tx.try_send(text);
                }
            }
            Ok(())
        })
    }
}
