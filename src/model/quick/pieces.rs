//! A big YAML tree read from its file a piece at a time, so that its text
//! is never held whole (issue 15: the YAML form is about 50 bytes a node,
//! and holding it beside the game being built was most of a big run's
//! peak memory).
//!
//! One reader, as [`super::load_yaml_tree`] runs it, whose text is changed
//! under it between two items of the root's list. A piece is whole lines:
//! the first holds the headers and the root's keys, up to the line of the
//! root's first item; each later one runs from the line of an item of the
//! root's list to the line of another (or to the end of the file), read
//! on until it holds at least `piece` bytes and an item's line past them.
//! There the reader stands, between two of the root's items, in the state
//! the one reader has at that line but for its offset: it reads the piece
//! from offset 0, and the spans of what it made there (nodes, `ref`s) are
//! moved by the piece's place in the file. A piece's end is a line
//! in the root list's column, where every item of it ends, so the reader
//! closes the same nodes at the piece's end as at that line. When the
//! root's list ends inside a piece, the rest of the file is read and the
//! one reader goes on there (the root's end, headers after the tree); what
//! follows the tree (`expect`, `rubric`: small) is handed back as text.
//! Anything else — a piece that is not UTF-8, a read error, a head longer
//! than [`HEAD_MOST`], the reader refusing — gives `None`, and the caller
//! reads the file whole (which also words every error). The law `tests/quick_halves.rs`
//! checks the game read in pieces of any size against one reader's.
//!
//! Items are the root's: a root with few big children holds one child's
//! text at a time (two children: half of it), as it must.

use std::io::Read;

use crate::model::Game;
use crate::model::quick::{Quick, split, yaml};

/// The most the headers and the root's keys may take before its first
/// item: past it the file is read whole.
const HEAD_MOST: usize = 1 << 20;

/// Past the most glibc raises its `mmap` threshold to (32 MiB): see
/// `cli/io.rs`, `BIG_ROOM`.
const BIG_ROOM: usize = 33 << 20;

/// The game of a YAML spec of about `len` bytes read from `source` in
/// pieces of about `piece` bytes (see the module doc), the text after its
/// tree (where `expect` or `rubric` begins, or nothing) and that text's
/// offset in the file; else `None`.
///
/// Memory: glibc raises its `mmap` threshold to the size of a freed block
/// (up to 32 MiB), and then the search's blocks come from the heap, where
/// the freed ones are kept (`cli/io.rs`). So nothing big is grown by
/// doubling here: a big file's pieces are read into room past that size,
/// and the arena is reserved once, by the first piece's nodes a byte times
/// `len` and a quarter more. Room not written costs address space, not memory.
pub fn load_yaml_tree_in_pieces(source: &mut dyn Read, len: usize, piece: usize) -> Option<(Game, String, usize)> {
    let piece = piece.max(1);
    let mut buf: Vec<u8> = Vec::with_capacity(if len >= 1 << 20 { BIG_ROOM.max(piece * 4) } else { 0 });
    // The head, in whole lines, read on until the reader stops at the
    // root's first item (`stop` 0 stops it there, as `split.rs` does).
    let (mut reader, dash, mut start, mut eof) = loop {
        let eof = fill(source, &mut buf, piece)?;
        let lines = if eof { buf.len() } else { whole_lines(&buf) };
        let head = std::str::from_utf8(&buf[..lines]).ok()?;
        let mut q = Quick::with_capacity(head.as_bytes(), 0, 0);
        q.stop = 0;
        if q.yaml_document().is_some()
            && let Some((dash, 0)) = q.stopped.take()
            && q.open.len() == 1
        {
            let at = q.at;
            break (q.over(&[]), dash, at, eof);
        }
        if eof || buf.len() > HEAD_MOST {
            return None;
        }
    };
    reader.stop = usize::MAX;
    // Where `buf[0]` is in the file; item lines were looked for before `scanned`.
    let (mut base, mut scanned) = (0usize, start + 1);
    loop {
        if !eof && buf.len() < start + piece {
            let want = start + piece - buf.len();
            eof = fill(source, &mut buf, want)?;
        }
        // The piece ends at the last item line read, read on until there is one.
        let stop = loop {
            if let Some(at) = last_item(&buf, scanned.saturating_sub(dash + 2).max(start + 1), dash) {
                break Some(at);
            }
            scanned = buf.len();
            if eof {
                break None;
            }
            eof = fill(source, &mut buf, piece)?;
        };
        let end = stop.unwrap_or(buf.len());
        let text = std::str::from_utf8(&buf[start..end]).ok()?;
        let (nodes, evals) = yaml::count_keys(text.as_bytes());
        if base == 0 {
            // The first piece: room for the whole tree, by its density.
            let scale = |n: usize| n.saturating_mul(len / text.len().max(1) + 1).saturating_add(n / 4);
            reader.game.reserve(scale(nodes), scale(evals));
        } else {
            reader.game.reserve(nodes, evals);
        }
        let (made, refs) = (reader.game.len(), reader.transpositions.len());
        let mut q = reader.over(&buf[..end]);
        q.at = start;
        // The root's items so far (only the root is open).
        let index = u32::try_from(q.pending.len()).ok()?;
        let read = q.yaml_items(dash, index);
        q.shift_spans(made, refs, base);
        read?;
        if q.open.len() != 1 {
            return None;
        }
        if stop.is_some() && q.at == end {
            // Between two of the root's items: the next piece.
            reader = q.over(&[]);
            buf.drain(..end);
            (base, start, scanned) = (base + end, 0, buf.len());
            continue;
        }
        // The root's list ended in this piece: the tree is read but for
        // its root's end and what follows it, which the rest of the file holds.
        let at = q.at;
        let reader = q.over(&[]);
        while !eof {
            eof = fill(source, &mut buf, 1 << 20)?;
        }
        std::str::from_utf8(&buf[end..]).ok()?;
        let (made, refs) = (reader.game.len(), reader.transpositions.len());
        let mut q = reader.over(&buf);
        q.at = at;
        q.close()?;
        let rest = q.yaml_document();
        q.shift_spans(made, refs, base);
        let rest = rest?;
        let (game, rest) = q.finish_game(rest)?;
        let tail = String::from_utf8(buf.split_off(rest)).ok()?;
        return Some((game, tail, base + rest));
    }
}

/// Reads `want` more bytes into `buf`, or up to the end of the file;
/// whether it ended (`None` on a read error).
fn fill(source: &mut dyn Read, buf: &mut Vec<u8>, want: usize) -> Option<bool> {
    let got = Read::take(&mut *source, want as u64).read_to_end(buf).ok()?;
    Some(got < want)
}

/// The length of `buf`'s whole lines (up to its last `\n`).
fn whole_lines(buf: &[u8]) -> usize {
    buf.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1)
}

/// The start of the last line in `buf` at or after `from` that is an item
/// of the root's list (`split::is_item`: `dash` spaces, then `- `, or `-`
/// alone on its line). Eight bytes at a time: the newlines of a word
/// found at once (`(x − 1…1) & !x & 80…80` marks every zero byte of `x`,
/// and may mark a byte after one, which the check by hand then refuses).
fn last_item(buf: &[u8], from: usize, dash: usize) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let item = |line: usize| split::is_item(buf, line, dash);
    let from = from.max(1);
    if from >= buf.len() {
        return None;
    }
    // Newlines at `from - 1` and on, the last first.
    let words = &buf[from - 1..];
    let tail = words.len() % 8;
    let mut last = None;
    for (k, &b) in words[words.len() - tail..].iter().enumerate() {
        let line = from - 1 + words.len() - tail + k + 1;
        if b == b'\n' && item(line) {
            last = Some(line);
        }
    }
    if last.is_some() {
        return last;
    }
    for (w, chunk) in words[..words.len() - tail].chunks_exact(8).enumerate().rev() {
        let x = u64::from_le_bytes(chunk.try_into().ok()?) ^ (ONES * u64::from(b'\n'));
        let mut marks = x.wrapping_sub(ONES) & !x & HIGH;
        while marks != 0 {
            let top = 63 - marks.leading_zeros() as usize;
            let line = from - 1 + w * 8 + top / 8 + 1;
            if item(line) {
                return Some(line);
            }
            marks &= !(1u64 << top);
        }
    }
    None
}

impl<'a> Quick<'a> {
    /// This reader over `text`, from offset 0 (its caller sets `at`).
    fn over<'b>(self, text: &'b [u8]) -> Quick<'b> {
        Quick {
            text,
            at: 0,
            game: self.game,
            title: self.title,
            bounds: self.bounds,
            players: self.players,
            sum: self.sum,
            names: self.names,
            open: self.open,
            pending: self.pending,
            extras: self.extras,
            probs: self.probs,
            transpositions: self.transpositions,
            path: self.path,
            spare: self.spare,
            known_vectors: self.known_vectors,
            last_ratio: self.last_ratio,
            yaml_seen: self.yaml_seen,
            late_headers: self.late_headers,
            stop: self.stop,
            stopped: self.stopped,
        }
    }

    /// Moves the spans of the nodes made after the first `made` and of the
    /// `ref`s after the first `refs` by `by` bytes: from the piece's
    /// offsets to the file's.
    fn shift_spans(&mut self, made: usize, refs: usize, by: usize) {
        if by == 0 {
            return;
        }
        self.game.shift_spans(made, by);
        for (_, _, _, span) in &mut self.transpositions[refs..] {
            span.start += by;
            span.end += by;
        }
    }
}
