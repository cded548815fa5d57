//! The limit program for a JSON report: the least a program can do to
//! write `gametree solve FILE -a minimax --format json` (or `-a negamax`)
//! of a MAX/MIN tree, or `-a expectiminimax` of one with CHANCE nodes,
//! byte for byte — read the text once into flat
//! arrays in visit order (kind, depth, index among siblings, value), fold
//! each node's value into its parent's as its `}` closes, then write the
//! report's lists off those arrays: every path once per list, kept as a
//! text a step is pushed onto and cut back from, and every number by
//! hand. One thread, no tree of objects, no trace, no error reporting
//! (the text is known to be valid).
//!
//! It reads what the matrix writes for MAX/MIN and chance trees:
//! `MAX`/`MIN`/`CHANCE` nodes, `p/q:` probabilities (uniform where none
//! is written), `[…]` attributes, a `bounds` header, integer leaves, `#`
//! comments; it stops at `expect`. Values are exact fractions (`i128`
//! numerator and denominator, in lowest terms).

use crate::limit::skip_past;

/// The report of `algorithm` (`minimax`, `negamax` or `expectiminimax`)
/// on the tree `text`, as `gametree solve -a ALGORITHM --format json` writes it.
pub fn report(text: &str, algorithm: &str, out: &mut impl std::io::Write) -> std::io::Result<()> {
    let Some(tree) = Tree::read(text) else {
        return Err(std::io::Error::other("not a tree of MAX, MIN and CHANCE nodes over integers"));
    };
    let negamax = algorithm == "negamax";
    let mut w = Out { buf: Vec::with_capacity(1 << 17), out };
    let n = tree.kind.len();
    w.put(b"{\n  \"title\": null,\n  \"results\": [\n    {\n      \"algorithm\": \"");
    w.put(algorithm.as_bytes());
    w.put(b"\",\n      \"conventions\": \"ties: first, order: spec\",\n      \"value\": ");
    w.value(tree.value[0], b",\n      \"value_exact\": \"");
    if negamax {
        w.put(b",\n      \"negamax_value\": ");
        w.int(tree.value[0].0 as i64 * tree.color(0));
    }
    // The principal variation: from the root, the first child at its
    // value, down to a leaf or a CHANCE node.
    let mut pv = Vec::new();
    let mut at = 0;
    while tree.kind[at] == MAX || tree.kind[at] == MIN {
        let best = tree.children(at).find(|&c| tree.value[c] == tree.value[at]).unwrap_or(at + 1);
        pv.push(best);
        at = best;
    }
    w.put(b",\n      \"best_move\": ");
    match pv.first() {
        Some(&c) => {
            w.put(b"\"");
            w.int(i64::from(tree.index[c]));
            w.put(b"\"");
        }
        None => w.put(b"null"),
    }
    w.put(b",\n      \"pv\": [");
    let mut path = Vec::new();
    for (k, &c) in pv.iter().enumerate() {
        if k > 0 {
            w.put(b", ");
            path.push(b'.');
        }
        path.extend_from_slice(tree.index[c].to_string().as_bytes());
        w.put(b"\"");
        w.put(&path);
        w.put(b"\"");
    }
    w.put(b"],\n      \"pruned\": [],\n      \"cuts\": [],\n      \"visit_order\": [");
    let mut paths = Paths::default();
    for i in 0..n {
        if i > 0 {
            w.put(b", ");
        }
        w.path(&mut paths, &tree, i)?;
    }
    w.put(b"],\n      \"leaf_order\": [");
    let mut first = true;
    for i in 0..n {
        paths.step(&tree, i);
        if tree.kind[i] == LEAF {
            if !first {
                w.put(b", ");
            }
            first = false;
            w.put_path(&paths)?;
        }
    }
    w.put(b"],\n      \"nodes\": [");
    for i in 0..n {
        w.put(if i > 0 { b",\n        {\"path\": " } else { b"\n        {\"path\": " });
        w.path(&mut paths, &tree, i)?;
        w.put(match tree.kind[i] {
            MAX => b", \"name\": null, \"kind\": \"max\", \"value\": ",
            MIN => b", \"name\": null, \"kind\": \"min\", \"value\": ",
            CHANCE => b", \"name\": null, \"kind\": \"chance\", \"value\": ",
            _ => b", \"name\": null, \"kind\": \"leaf\", \"value\": ",
        });
        w.value(tree.value[i], b", \"value_exact\": \"");
        w.put(b", \"bound\": \"exact\"");
        if negamax {
            w.put(b", \"negamax_value\": ");
            w.int(tree.value[i].0 as i64 * tree.color(i));
        }
        w.put(b", \"visit\": ");
        w.int(i as i64 + 1);
        w.put(b"}");
    }
    let leaves = tree.kind.iter().filter(|&&k| k == LEAF).count();
    w.put(b"\n      ],\n      \"stats\": {\n        \"nodes_visited\": ");
    w.int(n as i64);
    w.put(b",\n        \"leaves_evaluated\": ");
    w.int(leaves as i64);
    w.put(b",\n        \"cutoffs\": 0\n      }\n    }\n  ]\n}\n");
    w.flush()
}

const MAX: u8 = 0;
const MIN: u8 = 1;
const CHANCE: u8 = 2;
const LEAF: u8 = 3;

/// A fraction in lowest terms, its denominator positive.
type Frac = (i128, i128);

fn gcd(mut a: i128, mut b: i128) -> i128 {
    (a, b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

fn frac(n: i128, d: i128) -> Frac {
    let g = gcd(n, d) * d.signum();
    (n / g, d / g)
}

fn less(a: Frac, b: Frac) -> bool {
    a.0 * b.1 < b.0 * a.1
}

/// The tree in visit order (preorder): node `i`'s kind, depth, 1-based
/// index among its siblings, value and the probability written on it.
struct Tree {
    kind: Vec<u8>,
    depth: Vec<u16>,
    index: Vec<u32>,
    value: Vec<Frac>,
    prob: Vec<Option<Frac>>,
    /// Where each node's subtree ends (one past its last node).
    end: Vec<u32>,
}

impl Tree {
    fn read(text: &str) -> Option<Tree> {
        let b = text.as_bytes();
        let mut t = Tree {
            kind: Vec::new(),
            depth: Vec::new(),
            index: Vec::new(),
            value: Vec::new(),
            prob: Vec::new(),
            end: Vec::new(),
        };
        let mut prob = None;
        // Open nodes: (node, children so far).
        let mut open: Vec<(usize, u32)> = Vec::with_capacity(64);
        let mut kind = None;
        let mut i = 0;
        let add = |t: &mut Tree, open: &mut Vec<(usize, u32)>, kind: u8, value: Frac, prob: Option<Frac>| {
            let index = match open.last_mut() {
                Some((_, k)) => {
                    *k += 1;
                    *k
                }
                None => 0,
            };
            t.kind.push(kind);
            t.depth.push(open.len() as u16);
            t.index.push(index);
            t.value.push(value);
            t.prob.push(prob);
            t.end.push(0);
            t.kind.len() - 1
        };
        while i < b.len() {
            match b[i] {
                b' ' | b'\n' | b'\t' | b'\r' | b',' => i += 1,
                b'#' => i = skip_past(b, i, b'\n'),
                b'[' => i = skip_past(b, i, b']'),
                b'{' => {
                    let id = add(&mut t, &mut open, kind.take()?, (0, 1), prob.take());
                    open.push((id, 0));
                    i += 1;
                }
                b'}' => {
                    let (id, _) = open.pop()?;
                    t.end[id] = t.kind.len() as u32;
                    let mut v = t.children(id).map(|c| (t.value[c], t.prob[c]));
                    let value = match t.kind[id] {
                        CHANCE => {
                            let n = t.children(id).count() as i128;
                            v.fold((0, 1), |sum: Frac, (x, p)| {
                                let p = p.unwrap_or((1, n));
                                frac(sum.0 * x.1 * p.1 + x.0 * p.0 * sum.1, sum.1 * x.1 * p.1)
                            })
                        }
                        k => {
                            let first = v.next()?.0;
                            v.fold(first, |best, (x, _)| {
                                if if k == MAX { less(best, x) } else { less(x, best) } { x } else { best }
                            })
                        }
                    };
                    t.value[id] = value;
                    i += 1;
                }
                b'-' | b'0'..=b'9' => {
                    let (n, next) = int(b, i);
                    i = next;
                    if b.get(i) == Some(&b'/') {
                        let (d, next) = int(b, i + 1);
                        i = next;
                        if b.get(i) == Some(&b':') {
                            prob = Some(frac(n, d));
                            i += 1;
                            continue;
                        }
                        return None;
                    }
                    if b.get(i) == Some(&b':') {
                        prob = Some((n, 1));
                        i += 1;
                        continue;
                    }
                    let id = add(&mut t, &mut open, LEAF, (n, 1), prob.take());
                    t.end[id] = id as u32 + 1;
                }
                _ => {
                    let start = i;
                    while i < b.len() && b[i].is_ascii_alphanumeric() {
                        i += 1;
                    }
                    i = i.max(start + 1);
                    match &b[start..i] {
                        b"MAX" => kind = Some(MAX),
                        b"MIN" => kind = Some(MIN),
                        b"CHANCE" => kind = Some(CHANCE),
                        b"bounds" => i = skip_past(b, i, b']'),
                        b"expect" => break,
                        _ => return None,
                    }
                }
            }
        }
        Some(t)
    }

    /// Node `i`'s children, in order.
    fn children(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let mut c = i + 1;
        let end = self.end[i] as usize;
        std::iter::from_fn(move || {
            (c < end).then(|| {
                let this = c;
                c = self.end[c] as usize;
                this
            })
        })
    }

    /// +1 where MAX is to move at node `i`, −1 where MIN is: the trees
    /// alternate, MAX at the root, so MAX moves at even depths.
    fn color(&self, i: usize) -> i64 {
        if self.depth[i] % 2 == 0 { 1 } else { -1 }
    }
}

/// The path of the last node stepped on, and where each depth's part of
/// it ends.
#[derive(Default)]
struct Paths {
    text: Vec<u8>,
    ends: Vec<usize>,
}

impl Paths {
    /// Node `i`'s path, from the last one's, which was of the node before
    /// `i` in visit order.
    fn step(&mut self, tree: &Tree, i: usize) {
        let d = usize::from(tree.depth[i]);
        if d == 0 {
            self.text.clear();
            self.ends.clear();
            return;
        }
        let keep = if d == 1 { 0 } else { self.ends[d - 2] };
        self.text.truncate(keep);
        self.ends.truncate(d - 1);
        if d > 1 {
            self.text.push(b'.');
        }
        push_uint(&mut self.text, u64::from(tree.index[i]));
        self.ends.push(self.text.len());
    }
}

struct Out<'w, W: std::io::Write> {
    buf: Vec<u8>,
    out: &'w mut W,
}

impl<W: std::io::Write> Out<'_, W> {
    fn put(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }

    /// Node `i`'s quoted path; `p` holds the path of the node before it
    /// in visit order (whose first steps down to `i`'s parent are `i`'s).
    fn path(&mut self, p: &mut Paths, tree: &Tree, i: usize) -> std::io::Result<()> {
        p.step(tree, i);
        self.put_path(p)
    }

    fn put_path(&mut self, p: &Paths) -> std::io::Result<()> {
        if p.ends.is_empty() {
            self.put(b"\"root\"");
        } else {
            self.buf.push(b'"');
            self.buf.extend_from_slice(&p.text);
            self.buf.push(b'"');
        }
        if self.buf.len() >= 1 << 16 { self.flush() } else { Ok(()) }
    }

    /// A value as gametree writes it: an integer, or a float (the shortest
    /// text that reads back as it) and, after `exact_key`, the fraction.
    fn value(&mut self, (n, d): Frac, exact_key: &[u8]) {
        if d == 1 {
            return self.int(n as i64);
        }
        use std::io::Write;
        let _ = write!(self.buf, "{}", n as f64 / d as f64);
        self.put(exact_key);
        let _ = write!(self.buf, "{n}/{d}\"");
    }

    fn int(&mut self, v: i64) {
        if v < 0 {
            self.buf.push(b'-');
        }
        push_uint(&mut self.buf, v.unsigned_abs());
    }
}

fn push_uint(buf: &mut Vec<u8>, mut u: u64) {
    let mut digits = [0u8; 20];
    let mut k = digits.len();
    loop {
        k -= 1;
        digits[k] = b'0' + (u % 10) as u8;
        u /= 10;
        if u == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[k..]);
}

/// An integer at `i`, and where it ends.
fn int(b: &[u8], mut i: usize) -> (i128, usize) {
    let neg = b[i] == b'-';
    i += usize::from(neg);
    let mut n: i128 = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        n = n * 10 + i128::from(b[i] - b'0');
        i += 1;
    }
    (if neg { -n } else { n }, i)
}
