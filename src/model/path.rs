//! Paths: where a node lies in the expanded tree, and their dotted text.

/// A position in the expanded tree: 0-based child indices from the root.
/// Displayed 1-based and dotted (`2.3`); the empty path is `root`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Path(pub Vec<u32>);

impl Path {
    pub fn root() -> Path {
        Path(Vec::new())
    }

    pub fn child(&self, i: u32) -> Path {
        let mut p = self.0.clone();
        p.push(i);
        Path(p)
    }

    pub fn parent(&self) -> Option<Path> {
        let (_, init) = self.0.split_last()?;
        Some(Path(init.to_vec()))
    }

    pub fn depth(&self) -> usize {
        self.0.len()
    }

    pub fn is_prefix_of(&self, other: &Path) -> bool {
        other.0.starts_with(&self.0)
    }
}

impl std::fmt::Display for Path {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Written once from a buffer on the stack (a report describes every
        // pruned edge this way); a path too long for it a step at a time.
        let mut buf = [0u8; 128];
        if let Some(n) = write_dotted(&self.0, &mut buf) {
            return f.write_str(std::str::from_utf8(&buf[..n]).unwrap_or_default());
        }
        for (k, i) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(".")?;
            }
            write!(f, "{}", u64::from(*i) + 1)?;
        }
        Ok(())
    }
}

/// `2.3` for `[1, 2]` (`root` for `[]`) into `buf`; its length, or `None`
/// when it does not fit.
pub fn write_dotted(path: &[u32], buf: &mut [u8]) -> Option<usize> {
    if path.is_empty() {
        buf.get_mut(..4)?.copy_from_slice(b"root");
        return Some(4);
    }
    let mut n = 0;
    for (k, &i) in path.iter().enumerate() {
        if k > 0 {
            *buf.get_mut(n)? = b'.';
            n += 1;
        }
        let mut digits = [0u8; 10];
        let (mut v, mut d) = (u64::from(i) + 1, digits.len());
        while v > 0 || d == digits.len() {
            d -= 1;
            digits[d] = b'0' + (v % 10) as u8;
            v /= 10;
        }
        let len = digits.len() - d;
        buf.get_mut(n..n + len)?.copy_from_slice(&digits[d..]);
        n += len;
    }
    Some(n)
}
