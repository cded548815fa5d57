//! JSON output in serde_json's pretty layout (two-space indent), byte for
//! byte, but each line break is written with its indent in one call rather
//! than one call per level: a big tree's report has millions of lines.

use std::io;

use serde::Serialize;
use serde_json::ser::Formatter;

/// Writes `value` as `serde_json::to_writer_pretty` does.
pub fn to_writer_pretty<W: io::Write, T: Serialize + ?Sized>(writer: W, value: &T) -> serde_json::Result<()> {
    let mut ser = serde_json::Serializer::with_formatter(writer, Pretty::default());
    value.serialize(&mut ser)
}

/// A line break and up to 128 levels of indent.
const BREAK: [u8; 257] = {
    let mut b = [b' '; 257];
    b[0] = b'\n';
    b
};

/// serde_json's `PrettyFormatter` with the indent `"  "`.
#[derive(Default)]
struct Pretty {
    depth: usize,
    has_value: bool,
}

impl Pretty {
    fn new_line<W: ?Sized + io::Write>(&self, w: &mut W) -> io::Result<()> {
        match BREAK.get(..1 + 2 * self.depth) {
            Some(line) => w.write_all(line),
            None => {
                w.write_all(b"\n")?;
                (0..self.depth).try_for_each(|_| w.write_all(b"  "))
            }
        }
    }

    fn close<W: ?Sized + io::Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.depth -= 1;
        if self.has_value {
            self.new_line(w)?;
        }
        w.write_all(bracket)
    }

    fn item<W: ?Sized + io::Write>(&self, w: &mut W, first: bool) -> io::Result<()> {
        if !first {
            w.write_all(b",")?;
        }
        self.new_line(w)
    }
}

impl Formatter for Pretty {
    fn begin_array<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        w.write_all(b"[")
    }

    fn end_array<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"]")
    }

    fn begin_array_value<W: ?Sized + io::Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.item(w, first)
    }

    fn end_array_value<W: ?Sized + io::Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        w.write_all(b"{")
    }

    fn end_object<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"}")
    }

    fn begin_object_key<W: ?Sized + io::Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.item(w, first)
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }

    fn end_object_value<W: ?Sized + io::Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn same_bytes_as_serde_json_pretty() {
        let deep = (0..140).fold(serde_json::json!(1), |v, _| serde_json::json!([v, {"k": [], "e": {}}]));
        let values = [
            serde_json::json!({"a": [1, 2, {"b": null, "c": "x\n"}], "d": [], "e": {}, "f": [[]]}),
            serde_json::json!([]),
            serde_json::json!("s"),
            deep,
        ];
        for v in values {
            let mut ours = Vec::new();
            super::to_writer_pretty(&mut ours, &v).unwrap();
            assert_eq!(String::from_utf8(ours).unwrap(), serde_json::to_string_pretty(&v).unwrap());
        }
    }
}
