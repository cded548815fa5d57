//! The limit program: the least any program can do to answer "what is this
//! tree's value" from its text — read the bytes once and fold each node's
//! value into its parent's as its `}` closes. No tree, no trace, no report,
//! `f64` arithmetic, no error reporting (the text is known to be valid).
//!
//! It reads the shapes the matrix benchmark writes: `title`, `bounds` and
//! `players` headers, `MAX`/`MIN`/`CHANCE`/player nodes, `[…]` attributes,
//! `p/q:` probabilities, integer and vector leaves, `#` comments; it stops
//! at `expect`. Minimax on MAX/MIN, expectation on CHANCE (uniform when no
//! probability is written), max^n on players (the first best child).

/// A node's value: one number, or one per player.
pub type Val = [f64; 3];

/// An open node: its kind and what its children gave so far.
pub struct Frame {
    /// 0 MAX, 1 MIN, 2 CHANCE, 3 + i player i.
    kind: u8,
    /// The probability written on this node itself (its parent's edge).
    own: Option<f64>,
    best: Option<Val>,
    sum: f64,
    children: u32,
    /// A probability was written on some child.
    weighted: bool,
}

/// The root's value, read off `text` in one pass.
pub fn value(text: &str) -> Option<Val> {
    let b = text.as_bytes();
    let mut players: Vec<&[u8]> = Vec::new();
    let mut stack: Vec<Frame> = Vec::with_capacity(64);
    let mut kind = None;
    let mut prob: Option<f64> = None;
    let mut root = None;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b' ' | b'\n' | b'\t' | b'\r' | b',' => i += 1,
            b'#' => i = skip_past(b, i, b'\n'),
            b'[' => i = skip_past(b, i, b']'),
            b'"' => i = skip_past(b, i + 1, b'"'),
            b'{' => {
                stack.push(Frame::new(kind.take()?, prob.take()));
                i += 1;
            }
            b'}' => {
                close(&mut stack, &mut root)?;
                i += 1;
            }
            b'(' => {
                let mut v = [0.0; 3];
                let mut k = 0;
                i += 1;
                while b[i] != b')' {
                    if b[i] == b'-' || b[i].is_ascii_digit() {
                        let (n, next) = int(b, i);
                        v[k.min(2)] = n;
                        k += 1;
                        i = next;
                    } else {
                        i += 1;
                    }
                }
                give(&mut stack, &mut root, v, prob.take());
                i += 1;
            }
            b'-' | b'0'..=b'9' => {
                let (mut n, mut next) = int(b, i);
                if b.get(next) == Some(&b'/') {
                    let (d, after) = int(b, next + 1);
                    (n, next) = (n / d, after);
                }
                if b.get(next) == Some(&b':') {
                    prob = Some(n);
                    i = next + 1;
                } else {
                    give(&mut stack, &mut root, [n, 0.0, 0.0], prob.take());
                    i = next;
                }
            }
            _ => {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                let word = &b[start..i.max(start + 1)];
                i = i.max(start + 1);
                match word {
                    b"MAX" => kind = Some(0),
                    b"MIN" => kind = Some(1),
                    b"CHANCE" => kind = Some(2),
                    b"title" => {}
                    b"bounds" => i = skip_past(b, i, b']'),
                    b"expect" => break,
                    b"players" => {
                        let end = skip_past(b, i, b'\n');
                        players = b[i..end].split(|&c| c == b' ' || c == b'\n').filter(|w| !w.is_empty()).collect();
                        i = end;
                    }
                    w => kind = players.iter().position(|p| *p == w).map(|p| 3 + p as u8).or(kind),
                }
            }
        }
    }
    root
}

impl Frame {
    /// A node just opened, of `kind`, with probability `own` on it.
    pub fn new(kind: u8, own: Option<f64>) -> Frame {
        Frame { kind, own, best: None, sum: 0.0, children: 0, weighted: false }
    }

    /// The node's value once its children are all in.
    fn value(&self) -> Option<Val> {
        match self.kind {
            2 if self.weighted => Some([self.sum, 0.0, 0.0]),
            2 => Some([self.sum / f64::from(self.children), 0.0, 0.0]),
            _ => self.best,
        }
    }
}

/// Closes the innermost open node: folds its value, with its own
/// probability, into its parent's (or makes it the root's).
pub fn close(stack: &mut Vec<Frame>, root: &mut Option<Val>) -> Option<()> {
    let f = stack.pop()?;
    give(stack, root, f.value()?, f.own);
    Some(())
}

/// Folds a child's value into the open node (or makes it the root's).
pub fn give(stack: &mut [Frame], root: &mut Option<Val>, v: Val, prob: Option<f64>) {
    let Some(f) = stack.last_mut() else {
        *root = Some(v);
        return;
    };
    f.children += 1;
    let better = |best: &Val| match f.kind {
        0 => v[0] > best[0],
        1 => v[0] < best[0],
        k => v[usize::from(k - 3).min(2)] > best[usize::from(k - 3).min(2)],
    };
    match f.kind {
        2 => {
            f.weighted |= prob.is_some();
            f.sum += prob.unwrap_or(1.0) * v[0];
        }
        _ if f.best.as_ref().is_none_or(better) => f.best = Some(v),
        _ => {}
    }
}

/// An integer at `i`, and where it ends.
pub fn int(b: &[u8], mut i: usize) -> (f64, usize) {
    let neg = b[i] == b'-';
    i += usize::from(neg);
    let mut n: i64 = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        n = n * 10 + i64::from(b[i] - b'0');
        i += 1;
    }
    (if neg { -n as f64 } else { n as f64 }, i)
}

/// Just past the next `end` at or after `i`.
pub fn skip_past(b: &[u8], i: usize, end: u8) -> usize {
    b[i.min(b.len())..].iter().position(|&c| c == end).map_or(b.len(), |k| i + k + 1)
}
