//! The layout of gametree's JSON (SPEC §5's example): an object opens one
//! field per line, two spaces an indent; a list of plain values (numbers,
//! strings, `true`/`false`/`null`) stays on one line, `["1", "1.1"]`,
//! unless one of them is a sentence (a string with a space: `--trace`'s
//! narrated steps, warnings), which reads better one to a line; an object
//! that is an item of a list and holds only plain values and such lists
//! stays on one line too, `{"path": "1", "value": 3}`. Everything
//! else breaks as serde_json's pretty layout does. A report of a million
//! visits is about 40% smaller than in serde_json's pretty layout, and a
//! short list reads across, as on a slide.
//!
//! [`lay_out`] re-lays serde_json's compact text; it is the oracle that
//! `solve`'s own writer ([`super::write_report`]) is tested against.

use serde::Serialize;

/// `value` as JSON in this layout.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    let compact = serde_json::to_vec(value)?;
    let mut out = String::with_capacity(compact.len() + compact.len() / 2);
    lay_out(&compact, 0, &mut out);
    Ok(out)
}

/// Appends `compact` (one JSON value as serde_json writes it compactly: no
/// white space) in this layout, its inner lines indented as if the value
/// sat at `depth` (a field of an object whose fields are at `depth`).
pub fn lay_out(compact: &[u8], depth: usize, out: &mut String) {
    value(compact, 0, depth, false, out);
}

/// Writes the value at `b[i..]`, at `depth`, `in_list` when it is an item
/// of a list; returns where it ends.
fn value(b: &[u8], i: usize, depth: usize, in_list: bool, out: &mut String) -> usize {
    match b.get(i) {
        Some(b'[') if b.get(i + 1) == Some(&b']') => {
            out.push_str("[]");
            i + 2
        }
        Some(b'{') if b.get(i + 1) == Some(&b'}') => {
            out.push_str("{}");
            i + 2
        }
        Some(b'[') => {
            let end = skip(b, i);
            if one_line(b, i) {
                push_inline(b, i, end, out);
            } else {
                out.push('[');
                let mut at = i + 1;
                let mut first = true;
                while b[at] != b']' {
                    if !first {
                        out.push(',');
                    }
                    first = false;
                    new_line(out, depth + 1);
                    at = value(b, at, depth + 1, true, out);
                    if b[at] == b',' {
                        at += 1;
                    }
                }
                new_line(out, depth);
                out.push(']');
            }
            end
        }
        Some(b'{') => {
            let end = skip(b, i);
            if in_list && fields(b, i).all(|(_, v)| flat(b, v)) {
                push_inline(b, i, end, out);
            } else {
                out.push('{');
                for (k, (key, v)) in fields(b, i).enumerate() {
                    if k > 0 {
                        out.push(',');
                    }
                    new_line(out, depth + 1);
                    push(b, key, v - 1, out);
                    out.push_str(": ");
                    value(b, v, depth + 1, false, out);
                }
                new_line(out, depth);
                out.push('}');
            }
            end
        }
        _ => {
            let end = skip(b, i);
            push(b, i, end, out);
            end
        }
    }
}

/// [`lay_out`] as the compact text is written: a list of lists or objects
/// an item at a time, so that a long one (a big run's `cuts`) is never held
/// whole; anything else whole, at the end.
pub(super) struct Stream {
    depth: usize,
    /// What is fed and not laid out yet.
    held: Vec<u8>,
    mode: Mode,
    /// Brackets open, outside strings, in the list being streamed.
    nesting: usize,
    in_string: bool,
    escaped: bool,
    items: usize,
}

#[derive(PartialEq)]
enum Mode {
    /// Too little seen to tell.
    Start,
    /// Laid out at the end.
    Whole,
    /// A list of lists or objects, its `[` written.
    Items,
    /// Its `]` written.
    Done,
}

impl Stream {
    /// A value that sits at `depth` (as [`lay_out`]'s).
    pub fn new(depth: usize) -> Stream {
        Stream { depth, held: Vec::new(), mode: Mode::Start, nesting: 1, in_string: false, escaped: false, items: 0 }
    }

    /// Takes in `bytes` of the compact text, appending what is laid out.
    pub fn feed(&mut self, bytes: &[u8], out: &mut String) {
        match self.mode {
            Mode::Start => {
                self.held.extend_from_slice(bytes);
                if self.held.len() < 2 {
                    return;
                }
                if self.held[0] == b'[' && matches!(self.held[1], b'[' | b'{') {
                    self.mode = Mode::Items;
                    out.push('[');
                    let rest = self.held.split_off(1);
                    self.held.clear();
                    self.items_from(&rest, out);
                } else {
                    self.mode = Mode::Whole;
                }
            }
            Mode::Whole => self.held.extend_from_slice(bytes),
            Mode::Items => self.items_from(bytes, out),
            Mode::Done => {}
        }
    }

    /// Appends the rest: what is held, laid out.
    pub fn finish(&mut self, out: &mut String) {
        if matches!(self.mode, Mode::Start | Mode::Whole) && !self.held.is_empty() {
            value(&self.held, 0, self.depth, false, out);
            self.held.clear();
        }
    }

    fn items_from(&mut self, bytes: &[u8], out: &mut String) {
        for &c in bytes {
            if self.mode == Mode::Done {
                return;
            }
            if self.in_string {
                self.held.push(c);
                match c {
                    _ if self.escaped => self.escaped = false,
                    b'\\' => self.escaped = true,
                    b'"' => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match c {
                b',' if self.nesting == 1 => self.item(out),
                b']' if self.nesting == 1 => {
                    self.item(out);
                    new_line(out, self.depth);
                    out.push(']');
                    self.mode = Mode::Done;
                }
                _ => {
                    match c {
                        b'"' => self.in_string = true,
                        b'[' | b'{' => self.nesting += 1,
                        b']' | b'}' => self.nesting -= 1,
                        _ => {}
                    }
                    self.held.push(c);
                }
            }
        }
    }

    /// The item held, on a line of its own.
    fn item(&mut self, out: &mut String) {
        if self.items > 0 {
            out.push(',');
        }
        self.items += 1;
        new_line(out, self.depth + 1);
        value(&self.held, 0, self.depth + 1, true, out);
        self.held.clear();
    }
}

/// A number, string, `true`, `false` or `null`.
fn plain(b: &[u8], i: usize) -> bool {
    !matches!(b[i], b'[' | b'{')
}

/// Plain, or a list on one line.
fn flat(b: &[u8], i: usize) -> bool {
    plain(b, i) || (b[i] == b'[' && one_line(b, i))
}

/// Whether the list at `i` stays on one line: its items are plain values,
/// none of them a sentence (a string with a space).
fn one_line(b: &[u8], i: usize) -> bool {
    items(b, i).all(|(s, e)| plain(b, s) && !(b[s] == b'"' && b[s..e].contains(&b' ')))
}

/// The items of the list at `i`: where each starts and ends.
fn items(b: &[u8], i: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut at = i + 1;
    std::iter::from_fn(move || {
        if b[at] == b']' {
            return None;
        }
        let end = skip(b, at);
        let item = (at, end);
        at = if b[end] == b',' { end + 1 } else { end };
        Some(item)
    })
}

/// The fields of the object at `i`: where each key and its value start.
fn fields(b: &[u8], i: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut at = i + 1;
    std::iter::from_fn(move || {
        if b[at] == b'}' {
            return None;
        }
        let colon = skip(b, at);
        let field = (at, colon + 1);
        let end = skip(b, colon + 1);
        at = if b[end] == b',' { end + 1 } else { end };
        Some(field)
    })
}

/// Where the value at `i` ends.
fn skip(b: &[u8], i: usize) -> usize {
    match b[i] {
        b'"' => {
            let mut at = i + 1;
            while b[at] != b'"' {
                at += if b[at] == b'\\' { 2 } else { 1 };
            }
            at + 1
        }
        b'[' | b'{' => {
            let mut nesting = 0usize;
            let mut at = i;
            loop {
                match b[at] {
                    b'"' => at = skip(b, at),
                    b'[' | b'{' => {
                        nesting += 1;
                        at += 1;
                    }
                    b']' | b'}' => {
                        nesting -= 1;
                        at += 1;
                        if nesting == 0 {
                            return at;
                        }
                    }
                    _ => at += 1,
                }
            }
        }
        _ => {
            let mut at = i;
            while at < b.len() && !matches!(b[at], b',' | b']' | b'}' | b':') {
                at += 1;
            }
            at
        }
    }
}

/// The flat value `b[i..end]` on one line: `, ` after each comma and `: `
/// after each colon outside strings.
fn push_inline(b: &[u8], i: usize, end: usize, out: &mut String) {
    let mut at = i;
    while at < end {
        match b[at] {
            b'"' => {
                let close = skip(b, at);
                push(b, at, close, out);
                at = close;
            }
            b',' => {
                out.push_str(", ");
                at += 1;
            }
            b':' => {
                out.push_str(": ");
                at += 1;
            }
            _ => {
                let next = (at + 1..end).find(|&k| matches!(b[k], b'"' | b',' | b':')).unwrap_or(end);
                push(b, at, next, out);
                at = next;
            }
        }
    }
}

fn push(b: &[u8], i: usize, end: usize, out: &mut String) {
    // serde_json writes UTF-8 and every split here is at an ASCII byte.
    out.push_str(std::str::from_utf8(&b[i..end]).unwrap_or_default());
}

/// A line break and `depth` levels of indent.
pub(super) fn new_line(buf: &mut String, depth: usize) {
    buf.push('\n');
    match SPACES.get(..2 * depth) {
        Some(indent) => buf.push_str(indent),
        None => buf.extend(std::iter::repeat_n(' ', 2 * depth)),
    }
}

/// The indent of up to 32 levels.
const SPACES: &str = "                                                                ";

#[cfg(test)]
mod tests {
    use serde_json::json;

    fn laid_out(v: &serde_json::Value) -> String {
        super::to_string(v).unwrap()
    }

    #[test]
    fn plain_lists_and_flat_rows_stay_on_one_line() {
        let v = json!({
            "pv": ["1", "1.1"],
            "empty": [],
            "none": {},
            "nodes": [{"path": "root", "value": [1, 2], "name": null}, {"path": "1", "v": "a,b: \"c\""}],
            "stats": {"visited": 3},
            "grid": [[1, 2], [3]],
            "mixed": [1, {"k": {"deep": 1}}],
            "steps": ["enter root", "leaf 1.1 = 3"],
            "words": ["max", "min"],
            "row": [{"warnings": ["a b"]}],
        });
        let want = r#"{
  "empty": [],
  "grid": [
    [1, 2],
    [3]
  ],
  "mixed": [
    1,
    {
      "k": {
        "deep": 1
      }
    }
  ],
  "nodes": [
    {"name": null, "path": "root", "value": [1, 2]},
    {"path": "1", "v": "a,b: \"c\""}
  ],
  "none": {},
  "pv": ["1", "1.1"],
  "row": [
    {
      "warnings": [
        "a b"
      ]
    }
  ],
  "stats": {
    "visited": 3
  },
  "steps": [
    "enter root",
    "leaf 1.1 = 3"
  ],
  "words": ["max", "min"]
}"#;
        assert_eq!(laid_out(&v), want);
    }

    #[test]
    fn streamed_in_any_pieces_it_is_laid_out_the_same() {
        let values = [
            json!([{"at": "1", "pruned": ["1.2", "1.3"], "s": "a]b\\\"},[{"}, {"at": "2", "e": {"x": [1, {"y": 2}]}}]),
            json!([[1, 2], [], [[3]]]),
            json!([1, {"k": 2}]),
            json!([]),
            json!({"a": [{"b": 1}]}),
            json!("x"),
            json!(7),
        ];
        for v in values {
            let compact = serde_json::to_vec(&v).unwrap();
            let mut whole = String::new();
            super::lay_out(&compact, 3, &mut whole);
            for piece in [1, 2, 3, 7, compact.len().max(1)] {
                let (mut stream, mut out) = (super::Stream::new(3), String::new());
                compact.chunks(piece).for_each(|c| stream.feed(c, &mut out));
                stream.finish(&mut out);
                assert_eq!(out, whole, "{v} in pieces of {piece}");
            }
        }
    }

    #[test]
    fn laid_out_text_reads_back_as_the_same_value() {
        let deep = (0..40).fold(json!(1), |v, _| json!([v, {"k": [], "e": {}, "s": "x\n\u{e9}"}]));
        for v in [deep, json!([]), json!("s"), json!(-1.5e300), json!([[[]]]), json!({"a": [{"b": [{}]}]})] {
            let text = laid_out(&v);
            let compact: serde_json::Value = serde_json::from_str(&serde_json::to_string(&v).unwrap()).unwrap();
            assert_eq!(serde_json::from_str::<serde_json::Value>(&text).unwrap(), compact, "{text}");
        }
    }
}
