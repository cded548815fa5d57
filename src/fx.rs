//! A fast hasher for keys the program makes itself. Leaf utility.

use std::hash::Hasher;

use crate::num::Num;

/// FxHash's multiply-rotate: the keys are small integers we made (a
/// trace's values, a vector's bits), hashed once each, so SipHash's cost
/// buys nothing.
#[derive(Default)]
pub struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    /// One round, as for a `u64`: the default writes the eight bytes one
    /// by one, and every slice and array key (`[u32; 3]`) begins with its
    /// length, which cost eight rounds a key.
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_i64(&mut self, n: i64) {
        self.write_u64(n as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// Maps and sets keyed with [`Fx`].
pub type FxBuild = std::hash::BuildHasherDefault<Fx>;

/// A key for numbers by their bits (`1` and `1.0` apart): tables that
/// keep each distinct vector once look vectors up by it, and check the
/// numbers on a hit.
pub fn bits_key(nums: &[Num]) -> u64 {
    let mut h = Fx::default();
    for n in nums {
        let (a, b) = n.bits();
        h.write_i64(a);
        h.write_i64(b);
    }
    h.finish()
}
