//! The limit program for the YAML form: the least any program can do to
//! answer "what is this tree's value" from the YAML `convert --to yaml`
//! writes. One pass over the bytes, line by line, folding each node's
//! value into its parent's as its block ends: a node's keys sit at one
//! column, so the first line that starts left of that column (a sibling's
//! `- `, an ancestor's key, or `expect:` at column 0) closes it. No tree,
//! no YAML library, no allocation per line, `f64`, no error reporting (the
//! text is known to be valid).
//!
//! It reads what the writer (`src/syntax/yaml/write.rs`) puts out for the
//! matrix's shapes: headers at column 0 (`players: [A, B, C]` is read, the
//! rest skipped) up to `tree:`, then per node `prob:` (an integer or
//! `p/q`), `kind:` (MAX, MIN, CHANCE or a player), attributes (skipped),
//! `children:` with `- ` items at the key's own column, `value:` (an
//! integer or `[a, b, c]`); it stops at the next column-0 key (`expect:`).
//! The same rules as `limit::value`: minimax on MAX/MIN, expectation on
//! CHANCE (uniform when no probability is written), max^n on players (the
//! first best child).

use crate::limit::{Frame, Val, close, give, int};

/// The root's value, read off the YAML `text` in one pass.
pub fn value_yaml(text: &str) -> Option<Val> {
    let b = text.as_bytes();
    let n = b.len();
    let mut players: Vec<&[u8]> = Vec::new();
    let mut i = 0;
    // Headers, up to `tree:`.
    loop {
        let rest = b.get(i..)?;
        let end = line_end(b, i);
        if rest.starts_with(b"tree:") {
            i = end + 1;
            break;
        }
        if rest.starts_with(b"players:") {
            players =
                b[i + 8..end].split(|&c| matches!(c, b'[' | b']' | b',' | b' ')).filter(|w| !w.is_empty()).collect();
        }
        i = end + 1;
    }
    // The open nodes, and beside each the column of its keys.
    let mut stack: Vec<Frame> = Vec::with_capacity(64);
    let mut cols: Vec<usize> = Vec::with_capacity(64);
    let mut root = None;
    let mut prob: Option<f64> = None;
    while i < n {
        let start = i;
        i = skip_spaces(b, i);
        let mut col = i - start;
        if col == 0 || i >= n {
            break;
        }
        // Every open node whose keys sit right of this line is done.
        while cols.last().is_some_and(|&c| c > col) {
            cols.pop();
            close(&mut stack, &mut root)?;
        }
        if b[i] == b'-' {
            // A new child: its keys start two columns right.
            prob = None;
            i += 2;
            col += 2;
        }
        match b.get(i) {
            Some(b'k') => {
                // `kind: WORD`
                i += 6;
                let end = line_end(b, i);
                let kind = match &b[i..end] {
                    b"MAX" => 0,
                    b"MIN" => 1,
                    b"CHANCE" => 2,
                    w => 3 + players.iter().position(|p| *p == w)? as u8,
                };
                stack.push(Frame::new(kind, prob.take()));
                cols.push(col);
                i = end + 1;
            }
            Some(b'v') => {
                // `value: N` or `value: [a, b, c]`
                i += 7;
                let mut v = [0.0; 3];
                if b.get(i) == Some(&b'[') {
                    let mut k = 0;
                    while i < n && b[i] != b']' {
                        if b[i] == b'-' || b[i].is_ascii_digit() {
                            let (x, next) = int(b, i);
                            v[k.min(2)] = x;
                            k += 1;
                            i = next;
                        } else {
                            i += 1;
                        }
                    }
                } else {
                    let (x, next) = int(b, i);
                    v[0] = x;
                    i = next;
                }
                give(&mut stack, &mut root, v, prob.take());
                i = if b.get(i) == Some(&b'\n') { i + 1 } else { line_end(b, i) + 1 };
            }
            Some(b'p') => {
                // `prob: N` or `prob: p/q`
                let (mut x, next) = int(b, i + 6);
                i = next;
                if b.get(i) == Some(&b'/') {
                    let (d, after) = int(b, i + 1);
                    (x, i) = (x / d, after);
                }
                prob = Some(x);
                i = line_end(b, i) + 1;
            }
            Some(b'c') if b.get(i + 9) == Some(&b'\n') => i += 10,
            // Attributes, `edge:`, `name:`.
            _ => i = line_end(b, i) + 1,
        }
    }
    while !stack.is_empty() {
        close(&mut stack, &mut root)?;
    }
    root
}

/// Past the spaces at `i`, eight bytes at a time.
fn skip_spaces(b: &[u8], mut i: usize) -> usize {
    const SPACES: u64 = u64::from_le_bytes([b' '; 8]);
    while let Some(chunk) = b.get(i..i + 8) {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let run = (word ^ SPACES).trailing_zeros() as usize / 8;
        i += run;
        if run < 8 {
            return i;
        }
    }
    while i < b.len() && b[i] == b' ' {
        i += 1;
    }
    i
}

/// The index of the `\n` ending the line at `i` (or the text's end).
fn line_end(b: &[u8], i: usize) -> usize {
    let mut j = i;
    while j < b.len() && b[j] != b'\n' {
        j += 1;
    }
    j
}
