//! `solve --format yaml`: the report as `serde_yaml_ng::to_string` writes
//! it, byte for byte, but its per-visit lists (`nodes`, `visit_order`,
//! `leaf_order`, `pruned`) written straight into a buffer, a line at a
//! time, and put out as they fill it: serde_yaml's emitter took 2.9 s and
//! the whole text in memory for a 10^6-leaf `minimax` report. Every other
//! field (and a name, which may need quoting) goes through serde_yaml
//! alone and is indented to its place, as its block layout nests a value
//! under a key: a list at the key's indent, a mapping two spaces in, a
//! block scalar's lines after its first one at the key's indent.
//!
//! Invariant: the same bytes as `serde_yaml_ng::to_string` of the
//! [`Report`] (`tests/report_writers.rs` compares them on every spec,
//! fixture and random tree).

use std::io;

use serde::Serialize;

use crate::num::Num;
use crate::report::digits::{push_f64, push_int, push_uint};
use crate::report::visits::{PathCursor, PathText, Visits};
use crate::report::{Fields, Number, Report};

/// Output is written in pieces of about this size.
const CHUNK: usize = 1 << 16;

/// Writes `report` as `serde_yaml_ng::to_string` does.
pub fn write_report<W: io::Write>(writer: W, report: &Report) -> io::Result<()> {
    let mut out = Out { w: writer, buf: String::with_capacity(CHUNK + 4096), float: Vec::new() };
    out.field(0, 0, "title", &report.title)?;
    if report.results.is_empty() {
        out.buf.push_str("results: []\n");
    } else {
        out.buf.push_str("results:\n");
        for r in &report.results {
            r.fields(&mut Item { out: &mut out, first: true })?;
        }
    }
    out.flush()
}

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

    /// `key: value`, the key's line begun `indent` spaces in, the value as
    /// serde_yaml writes it alone, nested by the indent `nest` (an item's
    /// first key follows its `- `, yet what nests under it goes by the
    /// item's indent).
    fn field<T: Serialize + ?Sized>(&mut self, indent: usize, nest: usize, key: &str, value: &T) -> io::Result<()> {
        let text = serde_yaml_ng::to_string(value).map_err(io::Error::other)?;
        spaces(&mut self.buf, indent);
        self.buf.push_str(key);
        self.buf.push(':');
        self.nested(nest, &text);
        self.flush_if_full()
    }

    /// serde_yaml's text of a value alone, put after a key at `indent`
    /// whose `:` is written.
    fn nested(&mut self, indent: usize, text: &str) {
        let mut lines = text.lines();
        let Some(first) = lines.next() else { return self.buf.push('\n') };
        let (list, more) = (first.starts_with("- ") || first == "-", text.len() > first.len() + 1);
        if !list && (!more || first.starts_with('|') || first.starts_with('>')) {
            // A scalar, an empty list or map, or a block scalar, whose
            // later lines (already indented two spaces) go at the key's.
            self.buf.push(' ');
            self.buf.push_str(first);
            self.buf.push('\n');
            for line in lines {
                spaces(&mut self.buf, indent);
                self.buf.push_str(line);
                self.buf.push('\n');
            }
            return;
        }
        // A list at the key's indent, a mapping two spaces in.
        let inner = if list { indent } else { indent + 2 };
        self.buf.push('\n');
        for line in text.lines() {
            if !line.is_empty() {
                spaces(&mut self.buf, inner);
            }
            self.buf.push_str(line);
            self.buf.push('\n');
        }
    }

    /// A path as serde_yaml writes the string: quoted when it would read
    /// as a number (`1`, `1.2`), plain from two dots on.
    fn path(&mut self, p: impl PathText, cursor: &mut PathCursor) {
        if p.depth() == 0 {
            return self.buf.push_str("root");
        }
        let quoted = p.depth() <= 2;
        if quoted {
            self.buf.push('\'');
        }
        p.push_with(cursor, &mut self.buf);
        if quoted {
            self.buf.push('\'');
        }
    }

    /// A number as `Number`'s `Serialize` gives it to serde_yaml; a
    /// vector as a list under its key at `indent`.
    fn number(&mut self, n: &Number, indent: usize) {
        match n {
            Number::Num(v) => {
                self.buf.push(' ');
                self.num(v);
                self.buf.push('\n');
            }
            Number::Vector(vs) if vs.is_empty() => self.buf.push_str(" []\n"),
            Number::Vector(vs) => {
                self.buf.push('\n');
                for v in vs.iter() {
                    spaces(&mut self.buf, indent);
                    self.buf.push_str("- ");
                    self.num(v);
                    self.buf.push('\n');
                }
            }
        }
    }

    fn num(&mut self, n: &Num) {
        match n.as_i64() {
            _ if n.is_infinite() => self.buf.push_str(if n.to_f64() > 0.0 { "inf" } else { "-inf" }),
            Some(i) => push_int(&mut self.buf, i),
            None => push_f64(&mut self.buf, &mut self.float, n.to_f64()),
        }
    }
}

/// `-?digits/digits`, as a rational's exact text is written.
fn is_fraction(s: &str) -> bool {
    let s = s.strip_prefix('-').unwrap_or(s);
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    s.split_once('/').is_some_and(|(n, d)| digits(n) && digits(d))
}

/// `n` spaces.
fn spaces(buf: &mut String, n: usize) {
    buf.extend(std::iter::repeat_n(' ', n));
}

/// One run: an item of `results`, its fields at indent 2, the first after
/// the item's `- `.
struct Item<'o, W> {
    out: &'o mut Out<W>,
    first: bool,
}

impl<W: io::Write> Item<'_, W> {
    /// The indent of the next key's line, and its `- ` for the first.
    fn begin(&mut self) -> usize {
        if std::mem::take(&mut self.first) {
            self.out.buf.push_str("- ");
            0
        } else {
            2
        }
    }

    fn list_key(&mut self, key: &str, empty: bool) -> bool {
        let indent = self.begin();
        spaces(&mut self.out.buf, indent);
        self.out.buf.push_str(key);
        self.out.buf.push_str(if empty { ": []\n" } else { ":\n" });
        !empty
    }
}

impl<W: io::Write> Fields for Item<'_, W> {
    type Error = io::Error;

    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> io::Result<()> {
        let indent = self.begin();
        self.out.field(indent, 2, key, value)
    }

    fn paths<P: PathText, I: Iterator<Item = P>>(
        &mut self,
        key: &'static str,
        paths: impl Fn() -> I,
    ) -> io::Result<()> {
        let mut items = paths().peekable();
        if self.list_key(key, items.peek().is_none()) {
            let mut cursor = PathCursor::default();
            for p in items {
                self.out.buf.push_str("  - ");
                self.out.path(p, &mut cursor);
                self.out.buf.push('\n');
                self.out.flush_if_full()?;
            }
        }
        Ok(())
    }

    fn nodes(&mut self, key: &'static str, visits: &Visits) -> io::Result<()> {
        let count = visits.analysis().visits.len();
        if !self.list_key(key, count == 0) {
            return Ok(());
        }
        let mut cursor = PathCursor::default();
        let out = &mut *self.out;
        for i in 0..count {
            let n = visits.node(i);
            out.buf.push_str("  - path: ");
            out.path(n.path, &mut cursor);
            out.buf.push_str("\n    name:");
            match n.name {
                Some(name) => {
                    let text = serde_yaml_ng::to_string(name).map_err(io::Error::other)?;
                    out.nested(4, &text);
                }
                None => out.buf.push_str(" null\n"),
            }
            out.buf.push_str("    kind: ");
            out.buf.push_str(n.kind);
            out.buf.push_str("\n    value:");
            match &n.value {
                Some(v) => out.number(v, 4),
                None => out.buf.push_str(" null\n"),
            }
            if let Some(x) = &n.value_exact {
                out.buf.push_str("    value_exact:");
                if is_fraction(x) {
                    // `7/3`, `-1/2`: no YAML type reads them, so plain.
                    out.buf.push(' ');
                    out.buf.push_str(x);
                    out.buf.push('\n');
                } else {
                    let text = serde_yaml_ng::to_string(x).map_err(io::Error::other)?;
                    out.nested(4, &text);
                }
            }
            out.buf.push_str("    bound: ");
            out.buf.push_str(n.bound);
            out.buf.push('\n');
            for (key, v) in [("    alpha:", &n.alpha), ("    beta:", &n.beta), ("    negamax_value:", &n.negamax_value)]
            {
                if let Some(v) = v {
                    out.buf.push_str(key);
                    out.number(v, 4);
                }
            }
            out.buf.push_str("    visit: ");
            push_uint(&mut out.buf, n.visit as u64);
            out.buf.push('\n');
            if n.probe {
                out.buf.push_str("    probe: true\n");
            }
            out.flush_if_full()?;
        }
        Ok(())
    }
}
