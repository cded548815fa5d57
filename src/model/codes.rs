//! A column of small codes, one per edge: a byte each while every code
//! fits in one (the probabilities of a chance tree are a handful of
//! distinct values, `1/2`, `1/6`, …), four bytes each from the first code
//! that does not. Either way a code reads back as it was pushed.

/// No code (a `u32` code read back for a byte's [`NARROW_NONE`]).
pub const NONE: u32 = u32::MAX;

/// The byte that stands for [`NONE`] in a narrow column.
const NARROW_NONE: u8 = u8::MAX;

#[derive(Clone, Debug)]
pub enum Codes {
    /// Codes `0..255` and `NONE`, a byte each.
    Narrow(Vec<u8>),
    Wide(Vec<u32>),
}

impl Default for Codes {
    fn default() -> Codes {
        Codes::Narrow(Vec::new())
    }
}

/// Equal when they read the same codes (however wide).
impl PartialEq for Codes {
    fn eq(&self, other: &Codes) -> bool {
        self.len() == other.len() && (0..self.len()).all(|k| self.get(k) == other.get(k))
    }
}

impl Codes {
    /// `len` times `NONE`, with room for `room` codes.
    pub fn nones(len: usize, room: usize) -> Codes {
        let mut bytes = Vec::with_capacity(room.max(len));
        bytes.resize(len, NARROW_NONE);
        Codes::Narrow(bytes)
    }

    pub fn len(&self) -> usize {
        match self {
            Codes::Narrow(v) => v.len(),
            Codes::Wide(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The code at `k`, if the column is that long.
    pub fn get(&self, k: usize) -> Option<u32> {
        match self {
            Codes::Narrow(v) => v.get(k).map(|&b| widened(b)),
            Codes::Wide(v) => v.get(k).copied(),
        }
    }

    #[inline]
    pub fn push(&mut self, code: u32) {
        if let Codes::Narrow(v) = self {
            match u8::try_from(code) {
                Ok(b) if b != NARROW_NONE => return v.push(b),
                _ if code == NONE => return v.push(NARROW_NONE),
                _ => self.widen(),
            }
        }
        if let Codes::Wide(v) = self {
            v.push(code);
        }
    }

    /// Pads the column with `NONE` up to `len` codes.
    pub fn pad(&mut self, len: usize) {
        match self {
            Codes::Narrow(v) => v.resize(len.max(v.len()), NARROW_NONE),
            Codes::Wide(v) => v.resize(len.max(v.len()), NONE),
        }
    }

    pub fn shrink_to_fit(&mut self) {
        match self {
            Codes::Narrow(v) => v.shrink_to_fit(),
            Codes::Wide(v) => v.shrink_to_fit(),
        }
    }

    pub fn capacity(&self) -> usize {
        match self {
            Codes::Narrow(v) => v.capacity(),
            Codes::Wide(v) => v.capacity(),
        }
    }

    /// Four bytes a code from now on (once: a wide column stays wide).
    fn widen(&mut self) {
        if let Codes::Narrow(v) = self {
            let mut wide = Vec::with_capacity(v.capacity().max(v.len() + 1));
            wide.extend(v.iter().map(|&b| widened(b)));
            *self = Codes::Wide(wide);
        }
    }
}

/// A narrow column's byte as the code it stands for.
fn widened(b: u8) -> u32 {
    if b == NARROW_NONE { NONE } else { u32::from(b) }
}

#[cfg(test)]
mod tests {
    use super::{Codes, NONE};

    #[test]
    fn codes_read_back_as_pushed_across_the_widening() {
        let mut c = Codes::nones(3, 8);
        let pushed: Vec<u32> = vec![0, 7, NONE, 254, 255, 0, NONE, 70_000, 3];
        for &k in &pushed {
            c.push(k);
        }
        assert!(matches!(c, Codes::Wide(_)), "255 does not fit in a byte beside NONE");
        let read: Vec<u32> = (0..c.len()).map(|k| c.get(k).unwrap()).collect();
        let want: Vec<u32> = [NONE, NONE, NONE].into_iter().chain(pushed).collect();
        assert_eq!(read, want);
        assert_eq!(c.get(c.len()), None);
        c.pad(14);
        assert_eq!((c.len(), c.get(13)), (14, Some(NONE)));
        let mut narrow = Codes::default();
        for k in [1, NONE, 2] {
            narrow.push(k);
        }
        let wide = Codes::Wide(vec![1, NONE, 2]);
        assert_eq!(narrow, wide, "the same codes, one a byte each and one four");
        assert_ne!(narrow, Codes::Wide(vec![1, NONE, 3]));
    }

    #[test]
    fn a_few_distinct_codes_stay_a_byte_each() {
        let mut c = Codes::default();
        for k in 0..1000u32 {
            c.push(if k % 10 == 0 { NONE } else { k % 254 });
        }
        assert!(matches!(c, Codes::Narrow(_)));
        assert_eq!((c.get(0), c.get(1), c.get(253), c.get(999)), (Some(NONE), Some(1), Some(253), Some(999 % 254)));
    }
}
