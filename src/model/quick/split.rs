//! A big tree read on two threads: the root's first children on this one,
//! its later children on another, from a point between two of them near
//! the middle of the text; then the two builders are joined
//! ([`Builder::append`]) and the root closed as usual.
//!
//! Invariant: a game read in halves is the game one reader gives, field by
//! field (the law `tests/quick_halves.rs` checks it at every byte of
//! random specs, as the split point). It holds because the first half stops only where
//! the one reader passes between two of the root's children, in the very
//! state the second half starts from but for what the first half read:
//! the root's children so far, which `join` puts back in front. Anything
//! else — the first half stopping elsewhere, either half failing, a name
//! written in both, a NUL byte anywhere — gives `None`, and the caller
//! reads the text on one thread, which also decides every error.
//!
//! The work a half does beside its reading is its own too: counting its
//! tokens (for the arena's room) and looking for a NUL byte, in one pass.
//! What stays on one thread: reading the file, the headers, the join
//! (copying the later half's nodes after the first's) and `build`.

use crate::model::quick::{Open, Quick, count_tokens_and_nul};
use crate::model::{Builder, Game, NodeId};

/// Texts shorter than this are read on one thread: the second thread and
/// the join would cost about what they save.
pub(super) const SPLIT_FROM: usize = 1 << 20;

/// The game written at the start of `text` and the offset after it (as
/// [`super::load_tree`]), read in halves split at `at`, or near the middle
/// when `at` is `None`; `None` when that cannot be done (see the module doc).
pub fn load_tree_in_halves(text: &str, at: Option<usize>) -> Option<(Game, usize)> {
    let bytes = text.as_bytes();
    let mut first = Quick::with_capacity(bytes, 0, 0);
    first.headers()?;
    first.root()?;
    let at = match at {
        Some(at) if at >= first.at && at <= bytes.len() => at,
        Some(_) => return None,
        None => point(bytes, first.at)?,
    };
    let second =
        side_by_side(&mut first, at, count_tokens_and_nul, |q| q.nodes(at, false), |q| q.nodes(usize::MAX, true))?;
    join(&mut first, second)?;
    first.nodes(usize::MAX, false)?;
    first.skip_blank();
    let rest = first.at;
    first.finish_game(rest)
}

/// [`load_tree_in_halves`] for the YAML form: split at the start of the
/// line of one of the root's items (`- ` in its list's column), at `at` or
/// near the middle. The first half reads up to the root's first item,
/// which tells the column of its list, then on to `at`.
pub fn load_yaml_tree_in_halves(text: &str, at: Option<usize>) -> Option<(Game, usize)> {
    let bytes = text.as_bytes();
    let mut first = Quick::with_capacity(bytes, 0, 0);
    first.stop = 0;
    first.yaml_document()?;
    let (dash, _) = first.stopped.take()?;
    let at = match at {
        Some(at) if at >= first.at && at <= bytes.len() => at,
        Some(_) => return None,
        None => yaml_point(bytes, first.at, dash)?,
    };
    // The second half starts at an item of the root's list, as the one
    // reader's list goes on to one.
    if !is_item(bytes, at, dash) {
        return None;
    }
    first.stop = at;
    let count = |b: &[u8]| {
        let (nodes, evals) = super::yaml::count_keys(b);
        (nodes, evals, false)
    };
    let second = side_by_side(&mut first, at, count, |q| q.yaml_items(dash, 0), |q| q.yaml_items(dash, 0))?;
    if first.stopped.take().map(|(column, _)| column) != Some(dash) {
        return None;
    }
    join(&mut first, second)?;
    first.stop = usize::MAX;
    first.close()?;
    let rest = first.yaml_document()?;
    first.finish_game(rest)
}

/// The two halves read side by side, `first` (the root open, the headers
/// read) on this thread up to `at`, the second on another from `at` with
/// the root stood in for. Each half counts its own part with `count`
/// (nodes, rare parts, whether it holds a NUL byte), and the arena is
/// reserved for both. The second half, once both stopped where a join
/// can follow: `first` at `at` and each with only the root open; else
/// `None` (also when no thread can be had, or there is a NUL byte).
fn side_by_side<'a>(
    first: &mut Quick<'a>,
    at: usize,
    count: fn(&[u8]) -> (usize, usize, bool),
    read_first: impl FnOnce(&mut Quick<'a>) -> Option<()>,
    read_second: impl FnOnce(&mut Quick<'a>) -> Option<()> + Send,
) -> Option<Quick<'a>> {
    let bytes = first.text;
    let root = Open { id: NodeId::ROOT, kind: first.open.first()?.kind, children: 0, extras: 0, probs: 0 };
    let (bounds, players, sum) = (first.bounds, first.players.clone(), first.sum);
    let (counted, counts) = std::sync::mpsc::sync_channel(1);
    let (stopped, second) = std::thread::scope(|s| {
        // No thread to be had (a limit on them): the caller reads on one.
        let spawned = std::thread::Builder::new().spawn_scoped(s, move || {
            let (nodes, extras, nul) = count(&bytes[at..]);
            let _ = counted.send((nodes, extras, nul));
            if nul {
                return None;
            }
            let mut second = Quick::with_capacity(bytes, 0, 0);
            second.game = Builder::for_second_half(nodes);
            second.game.reserve_extras(extras);
            (second.bounds, second.players, second.sum) = (bounds, players, sum);
            second.open.push(root);
            second.at = at;
            read_second(&mut second)?;
            second.game.turn_around();
            Some(second)
        });
        let Ok(second) = spawned else { return (None, None) };
        let (nodes, extras, nul) = count(&bytes[..at]);
        let (more, more_extras, nul_after) = counts.recv().unwrap_or((0, 0, true));
        let stopped = if nul || nul_after {
            None
        } else {
            // Room for both halves, which costs only address space
            // until it is written: the other's nodes are copied in as
            // its arena is freed (`Builder::append`), so no more pages
            // are touched at once than one reader touches. Growing ours
            // chunk by chunk instead copied it each time (12 ms more).
            first.game.reserve(nodes + more, extras + more_extras);
            read_first(first)
        };
        (stopped, second.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    });
    stopped?;
    let second = second?;
    (first.at == at && first.open.len() == 1 && second.open.len() == 1).then_some(second)
}

/// The start of a line near the middle of the text, after `from`, that is
/// an item of the root's list: `dash` spaces, then `- `. Lines further in
/// are inside the root's items; a line in column 0 ends the tree (then
/// `None`), as does finding none within a quarter of the text either side.
fn yaml_point(text: &[u8], from: usize, dash: usize) -> Option<usize> {
    let (mid, reach) = (from + (text.len() - from) / 2, (text.len() - from) / 4);
    let item = |line: usize| {
        let top = super::yaml::spaces(text, line) == 0 && text.get(line).is_some_and(|&b| b != b'\n');
        (is_item(text, line, dash), top)
    };
    // Forward from the line after `mid`, then back from it.
    let mut line = mid + text[mid..].iter().position(|&b| b == b'\n')? + 1;
    while line < (mid + reach).min(text.len()) {
        match item(line) {
            (true, _) => return Some(line),
            (_, true) => return None,
            _ => line += text[line..].iter().position(|&b| b == b'\n')? + 1,
        }
    }
    let mut end = mid;
    while end > from.max(mid.saturating_sub(reach)) {
        let line = text[..end - 1].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        if line <= from {
            return None;
        }
        if item(line).0 {
            return Some(line);
        }
        end = line;
    }
    None
}

/// Whether a line starts at `at` and is a list item in column `dash`:
/// `dash` spaces, then `- ` (or `-` alone on its line).
pub(super) fn is_item(text: &[u8], at: usize, dash: usize) -> bool {
    let line = at == 0 || text.get(at - 1) == Some(&b'\n');
    line && at <= text.len()
        && super::yaml::spaces(text, at) == dash
        && text.get(at + dash) == Some(&b'-')
        && matches!(text.get(at + dash + 1), Some(b' ' | b'\n'))
}

/// Puts what `second` read after what `first` read: its nodes after ours,
/// its children of the root after ours (their indices, in paths and
/// `&B` edges, shifted by ours), its names beside ours (`None` if one is
/// written in both halves). `first` then stands where `second` stopped.
fn join(first: &mut Quick, second: Quick) -> Option<()> {
    let before = first.pending.len();
    let shift = first.game.append(second.game);
    first.extras.extend(second.extras.into_iter().map(|(k, e)| (k + before, e)));
    first.probs.extend(second.probs.into_iter().map(|(k, p)| (k + before, p)));
    first.pending.extend(second.pending.iter().map(|&id| shift.id(id)));
    for (name, (id, mut path)) in second.names {
        if first.names.contains_key(&name) {
            return None;
        }
        if let Some(top) = path.0.first_mut() {
            *top += before as u32;
        }
        first.names.insert(name, (shift.id(id), path));
    }
    for (parent, i, name, span) in second.transpositions {
        let i = if parent == NodeId::ROOT { i + before } else { i };
        first.transpositions.push((shift.id(parent), i, name, span));
    }
    first.at = second.at;
    Some(())
}

/// A point near the middle of the tree, whose root's `{` ends at `from`:
/// right after the `}` of one of the root's children, the blanks and the
/// comma after it — where the one reader passes between two children of
/// the root. Found by counting braces, so `None` when a comment or a
/// string could hide one before it; also when no such point lies within a
/// quarter of the tree either side of the middle.
fn point(text: &[u8], from: usize) -> Option<usize> {
    let (len, mid) = (text.len() - from, from + (text.len() - from) / 2);
    let reach = len / 4;
    // The depth before `mid` (the root's children are at depth 1).
    let mut depth = 1 + braces(&text[from..mid])?;
    let start = depth;
    for i in mid..(mid + reach).min(text.len()) {
        match text[i] {
            b'{' => depth += 1,
            b'}' if depth == 2 => return after(text, i + 1),
            b'}' if depth < 2 => return None,
            b'}' => depth -= 1,
            b'#' | b'"' => return None,
            b'/' if text.get(i + 1) == Some(&b'/') => return None,
            _ => {}
        }
    }
    // Going back from `mid`: `depth` is the depth after byte `i`.
    depth = start;
    for i in (mid.saturating_sub(reach).max(from)..mid).rev() {
        match text[i] {
            b'}' if depth == 1 => return after(text, i + 1),
            b'}' => depth += 1,
            b'{' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// Past the blanks and the comma after a child's `}` at `i`, if a child
/// follows (not the root's `}`).
fn after(text: &[u8], mut i: usize) -> Option<usize> {
    while text.get(i).is_some_and(|&b| matches!(b, b' ' | b'\t' | b'\r' | b'\n')) {
        i += 1;
    }
    if text.get(i) == Some(&b',') {
        i += 1;
    }
    let next = text[i..].iter().find(|&&b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'));
    (next.is_some_and(|&b| b != b'}')).then_some(i)
}

/// `{` minus `}` in `text`; `None` if it holds a `#`, `"` or `//`, which
/// could hide braces. Over byte pairs 255 at a time into `u8` sums, as
/// `count_tokens`, which the compiler turns into vector code.
fn braces(text: &[u8]) -> Option<i64> {
    let Some(last) = text.last() else { return Some(0) };
    let (mut opens, mut closes) = (i64::from(*last == b'{'), i64::from(*last == b'}'));
    let (before, next) = (&text[..text.len() - 1], &text[1..]);
    for (xs, ys) in before.chunks(255).zip(next.chunks(255)) {
        let (mut o, mut c, mut hidden) = (0u8, 0u8, 0u8);
        for (&x, &y) in xs.iter().zip(ys) {
            o += u8::from(x == b'{');
            c += u8::from(x == b'}');
            hidden |= u8::from(x == b'#') | u8::from(x == b'"') | u8::from((x == b'/') & (y == b'/'));
        }
        if hidden != 0 {
            return None;
        }
        opens += i64::from(o);
        closes += i64::from(c);
    }
    if matches!(last, b'#' | b'"') {
        return None;
    }
    Some(opens - closes)
}
