//! Values in four bytes: a small integer or a small fraction held in the
//! code itself, any other number or a vector by its index in a table,
//! each stored once. The trace's events hold their values so
//! (`super::packed`), and so do the analysis's visits.
//!
//! Invariant: [`Values::value_at`] gives back exactly the value put in
//! (the same bits: `1` and `1.0` stay apart), and a value has one code
//! (a number that fits in a code is never put in the table).

use std::collections::HashMap;
use std::sync::Arc;

use crate::fx::{FxBuild, bits_key};
use crate::num::Num;
use crate::search::trace::Value;

/// "No value": never a code [`Values::value`] hands out (tables stop
/// short of 2^30 entries).
pub const NONE: u32 = u32::MAX;
/// A code's top two bits say what it holds: an integer `n + BIAS` for
/// `n` in `-BIAS..BIAS` (`00`), a fraction (`01`, [`fraction_code`]), a
/// number's index in the table (`10`) or a vector's (`11`).
const BIAS: i64 = 1 << 29;
const FRACTION: u32 = 1 << 30;
const TABLE: u32 = 2 << 30;
const VECTOR: u32 = 3 << 30;
/// A fraction in a code: `n / d` in lowest terms with `d` in
/// `2..=DEN_MAX` (the low [`DEN_BITS`] bits hold `d − 2`) and `n` in
/// `-NUM_BIAS..NUM_BIAS` (the next 19 bits hold `n + NUM_BIAS`). The
/// weighted sums of chance trees and `star1`'s windows are mostly such
/// (leaves under 200 in size with probabilities of 1/2..1/10 over a
/// few levels), and are then coded without a table look-up.
const DEN_BITS: u32 = 11;
const DEN_MAX: i64 = (1 << DEN_BITS) + 1;
const NUM_BIAS: i64 = 1 << (30 - DEN_BITS - 1);

/// A table that hands out one index per distinct key (the trace's values,
/// windows and leaves; the analysis's windows).
#[derive(Clone, Debug)]
pub struct Interned<K> {
    pub(crate) items: Vec<K>,
    index: HashMap<K, u32, FxBuild>,
    /// The key interned last, and its index: the same key often comes
    /// again at once (a node's children share its window), and is then
    /// answered without hashing.
    last: Option<(K, u32)>,
}

impl<K> Default for Interned<K> {
    fn default() -> Interned<K> {
        Interned { items: Vec::new(), index: HashMap::default(), last: None }
    }
}

impl<K: Clone + Eq + std::hash::Hash> Interned<K> {
    /// The index of `key`, stored once.
    pub fn intern(&mut self, key: K) -> u32 {
        if let Some((last, at)) = &self.last
            && *last == key
        {
            return *at;
        }
        let next = index(self.items.len());
        let at = *self.index.entry(key.clone()).or_insert_with(|| {
            self.items.push(key.clone());
            next
        });
        self.last = Some((key, at));
        at
    }

    /// The key at `i`.
    pub fn get(&self, i: u32) -> Option<&K> {
        self.items.get(i as usize)
    }

    /// Frees what only interning needs, and spare room: what is added
    /// later is just not shared with what is here.
    pub fn shrink_to_fit(&mut self) {
        self.index = HashMap::default();
        self.last = None;
        self.items.shrink_to_fit();
    }

    /// The same keys, without the map only interning needs.
    pub fn for_reading(&self) -> Interned<K> {
        Interned { items: self.items.clone(), index: HashMap::default(), last: None }
    }
}

impl<K: PartialEq> PartialEq for Interned<K> {
    fn eq(&self, other: &Interned<K>) -> bool {
        self.items == other.items
    }
}

/// A `usize` index as a code (tables never reach 2^30 entries: each entry
/// stands for at least one event of a tree that fits in memory, and codes
/// keep two bits for what they hold).
pub(crate) fn index(i: usize) -> u32 {
    u32::try_from(i).ok().filter(|&i| i < (1 << 30) - 1).expect("a trace table outgrew 2^30 entries")
}

/// The code of a small integer (every `i16` is held in its code).
#[inline]
pub fn int_code(i: i16) -> u32 {
    (i64::from(i) + BIAS) as u32
}

/// The code of `n / d` (lowest terms, `2 ≤ d ≤ DEN_MAX`, `|n|` within
/// `NUM_BIAS`).
fn fraction_code(n: i64, d: i64) -> u32 {
    FRACTION | ((n + NUM_BIAS) as u32) << DEN_BITS | (d - 2) as u32
}

/// The table behind the codes.
#[derive(Clone, Debug, Default)]
pub struct Values {
    /// Numbers that are not small integers, with the key of each (`Num`'s
    /// own equality calls 1 and 1.0 equal; the key tells them apart).
    nums: Interned<(i64, i64)>,
    num_values: Vec<Num>,
    /// Vectors, each once (decoding shares them), and the index of a
    /// vector by a hash of its numbers' bits (checked against the numbers
    /// on a hit; a collision adds a copy).
    vectors: Vec<Arc<[Num]>>,
    vector_index: HashMap<u64, u32, FxBuild>,
    /// The index of each vector in `vectors` by its address: a vector
    /// handed in again (a leaf's vector, which `maxn` shares among the
    /// leaves that hold it) is found without hashing its numbers. The
    /// table holds each, so no other vector can take its address.
    by_address: HashMap<usize, u32, FxBuild>,
    /// The vectors coded last, as handed in, with their codes: a vector
    /// passed on (a child's value becoming its parent's, then its return)
    /// is the same allocation, found by its address without hashing. Each
    /// is held here, so its address cannot be reused by another vector.
    recent: [Option<(Arc<[Num]>, u32)>; RECENT],
    next_recent: usize,
}

/// Vectors [`Values`] knows by address.
const RECENT: usize = 4;

/// Where a vector's numbers are.
fn address(vs: &Arc<[Num]>) -> usize {
    vs.as_ptr() as usize
}

impl Values {
    /// The code of number `n`.
    pub fn num(&mut self, n: Num) -> u32 {
        match n.as_ratio() {
            Some((i, 1)) if (-BIAS..BIAS).contains(&i) => (i + BIAS) as u32,
            Some((i, d)) if d <= DEN_MAX && (-NUM_BIAS..NUM_BIAS).contains(&i) => fraction_code(i, d),
            _ => {
                let before = self.nums.items.len();
                let at = self.nums.intern(n.bits());
                if self.nums.items.len() > before {
                    self.num_values.push(n);
                }
                TABLE | at
            }
        }
    }

    /// The code of value `v`.
    pub fn value(&mut self, v: Value) -> u32 {
        match v {
            Value::Scalar(n) => self.num(n),
            Value::Vector(vs) => self.vector_code(vs),
        }
    }

    /// The code of vector `vs` (as [`Values::value`] gives it).
    pub fn vector_code(&mut self, vs: Arc<[Num]>) -> u32 {
        VECTOR | self.vector(vs)
    }

    /// The numbers of a vector's code.
    pub fn vector_numbers(&self, code: u32) -> &[Num] {
        &self.vectors[(code & !VECTOR) as usize]
    }

    /// The index of vector `vs`, stored once.
    fn vector(&mut self, vs: Arc<[Num]>) -> u32 {
        if let Some((_, at)) = self.recent.iter().flatten().find(|(v, _)| Arc::ptr_eq(v, &vs)) {
            return *at;
        }
        if let Some(&at) = self.by_address.get(&address(&vs)) {
            return at;
        }
        let key = bits_key(&vs);
        let same = |at: u32| self.vectors[at as usize].iter().map(|n| n.bits()).eq(vs.iter().map(|n| n.bits()));
        let at = match self.vector_index.get(&key).filter(|&&at| same(at)) {
            Some(&at) => at,
            None => {
                let at = index(self.vectors.len());
                self.by_address.insert(address(&vs), at);
                self.vectors.push(vs.clone());
                self.vector_index.insert(key, at);
                at
            }
        };
        self.recent[self.next_recent % RECENT] = Some((vs, at));
        self.next_recent = self.next_recent.wrapping_add(1);
        at
    }

    /// The number of a code that holds one (a vector's code is not one).
    pub fn num_at(&self, v: u32) -> Num {
        match v & VECTOR {
            0 => Num::int(i64::from(v) - BIAS),
            FRACTION => {
                let (n, d) = (i64::from((v & !VECTOR) >> DEN_BITS), i64::from(v & ((1 << DEN_BITS) - 1)));
                Num::from_ratio(n - NUM_BIAS, d + 2)
            }
            _ => self.num_values[(v & !VECTOR) as usize],
        }
    }

    /// The number of a code, if it holds one (none for [`NONE`]).
    pub fn num_opt(&self, v: u32) -> Option<Num> {
        (v != NONE).then(|| self.num_at(v))
    }

    /// The value of a code.
    pub fn value_at(&self, v: u32) -> Value {
        match v & VECTOR {
            VECTOR => Value::Vector(self.vectors[(v & !VECTOR) as usize].clone()),
            _ => Value::Scalar(self.num_at(v)),
        }
    }

    /// The value of a code, if any (none for [`NONE`]).
    pub fn value_opt(&self, v: u32) -> Option<Value> {
        (v != NONE).then(|| self.value_at(v))
    }

    /// The number of a code that holds a scalar value (none for [`NONE`]
    /// and vectors).
    pub fn scalar_at(&self, v: u32) -> Option<Num> {
        (v != NONE && v & VECTOR != VECTOR).then(|| self.num_at(v))
    }

    /// The same tables without the maps that only adding needs: codes
    /// read the same; values added later are just not shared with these.
    pub fn for_reading(&self) -> Values {
        Values {
            nums: self.nums.for_reading(),
            num_values: self.num_values.clone(),
            vectors: self.vectors.clone(),
            ..Values::default()
        }
    }

    /// Frees the maps only adding needs, and spare capacity.
    pub fn shrink_to_fit(&mut self) {
        self.nums.shrink_to_fit();
        self.vector_index = HashMap::default();
        self.by_address = HashMap::default();
        self.recent = Default::default();
        self.vectors.shrink_to_fit();
        self.num_values.shrink_to_fit();
    }

    /// How many distinct vectors are stored.
    pub fn vectors(&self) -> usize {
        self.vectors.len()
    }

    pub fn lengths(&self) -> Lengths {
        Lengths { nums: self.num_values.len(), vectors: self.vectors.len() }
    }

    /// The numbers and vectors stored since the table had `was`.
    pub fn added_since(&self, was: Lengths) -> Added {
        Added { nums: self.num_values[was.nums..].to_vec(), vectors: self.vectors[was.vectors..].to_vec() }
    }

    /// Takes in what another table gained (a reader's copy of it): codes
    /// made there read the same here. Only for reading: nothing is interned.
    pub fn absorb(&mut self, added: Added) {
        self.num_values.extend(added.nums);
        self.vectors.extend(added.vectors);
    }

    /// Bytes held (for the benchmarks).
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        self.num_values.capacity() * size_of::<Num>()
            + self.nums.items.capacity() * 16
            + self.vectors.iter().map(|v| 32 + v.len() * size_of::<Num>()).sum::<usize>()
            + self.vector_index.capacity() * 16
    }
}

/// How many numbers and vectors a table held.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lengths {
    nums: usize,
    vectors: usize,
}

/// What a table gained since it had some [`Lengths`] (for a reader that
/// decodes codes as they are made: see `search::stream`).
#[derive(Debug, Default)]
pub struct Added {
    nums: Vec<Num>,
    vectors: Vec<Arc<[Num]>>,
}

/// Two tables are equal when their codes read the same values.
impl PartialEq for Values {
    fn eq(&self, other: &Values) -> bool {
        self.num_values.len() == other.num_values.len()
            && self.num_values.iter().zip(&other.num_values).all(|(a, b)| a.bits() == b.bits())
            && self.vectors == other.vectors
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vector(xs: &[i64]) -> Arc<[Num]> {
        xs.iter().map(|&x| Num::int(x)).collect()
    }

    /// Numbers at the edges of what a code holds read back with their
    /// own bits, and two numbers get the same code exactly when their
    /// bits are equal (`1` and `1.0` apart; a fraction that fits a code
    /// never in the table).
    #[test]
    fn numbers_at_the_edges_of_a_code_read_back_exactly_and_have_one_code() {
        let mut nums = Vec::new();
        for n in [0, 1, -1, BIAS - 1, BIAS, BIAS + 1, -BIAS - 1, -BIAS, -BIAS + 1, i64::MAX, i64::MIN + 1] {
            nums.push(Num::int(n));
        }
        for n in [1, -1, 3, NUM_BIAS - 1, NUM_BIAS, NUM_BIAS + 1, -NUM_BIAS - 1, -NUM_BIAS, -NUM_BIAS + 1] {
            for d in [2, 3, 10, DEN_MAX - 1, DEN_MAX, DEN_MAX + 1, 1 << 40] {
                nums.push(Num::int(n) / Num::int(d));
            }
        }
        nums.extend([Num::whole_float(1), Num::whole_float(0), Num::whole_float(-3), Num::INF, Num::NEG_INF]);
        let mut values = Values::default();
        let codes: Vec<u32> = nums.iter().chain(nums.iter().rev()).map(|&n| values.num(n)).collect();
        for (&n, &code) in nums.iter().chain(nums.iter().rev()).zip(&codes) {
            assert_eq!(values.num_at(code).bits(), n.bits(), "{n:?} read back from {code:#x}");
        }
        for (i, &a) in nums.iter().enumerate() {
            for (j, &b) in nums.iter().enumerate() {
                assert_eq!(codes[i] == codes[j], a.bits() == b.bits(), "{a:?} and {b:?}");
            }
        }
        // Inline: small fractions; in the table: one past either edge.
        assert_eq!(values.num(Num::int(NUM_BIAS - 1) / Num::int(DEN_MAX)) & VECTOR, FRACTION);
        assert_eq!(values.num(Num::int(-NUM_BIAS) / Num::int(3)) & VECTOR, FRACTION);
        assert_eq!(values.num(Num::int(NUM_BIAS) / Num::int(3)) & VECTOR, TABLE);
        assert_eq!(values.num(Num::int(1) / Num::int(DEN_MAX + 1)) & VECTOR, TABLE);
        assert_eq!(values.num(Num::int(BIAS)) & VECTOR, TABLE);
    }

    /// A vector passed on is found by its address; one with the same
    /// numbers in another allocation by its hash; neither is stored twice,
    /// and every code reads back its own numbers.
    #[test]
    fn vectors_passed_on_or_written_again_get_one_code() {
        let mut values = Values::default();
        let (a, b) = (vector(&[1, 2, 3]), vector(&[3, 2, 1]));
        let mut pushed = Vec::new();
        // Interleaved so that a is sometimes among the last four coded and
        // sometimes not; fresh allocations of each, and other vectors.
        for round in 0..12i64 {
            for v in [a.clone(), vector(&[round, 0, 0]), b.clone(), vector(&[1, 2, 3]), vector(&[round % 3, 9, 9])] {
                pushed.push((values.value(Value::Vector(v.clone())), v));
            }
        }
        for (code, v) in &pushed {
            assert_eq!(values.value_at(*code), Value::Vector(v.clone()));
        }
        let code_of = |v: &Arc<[Num]>| pushed.iter().find(|(_, w)| w == v).map(|(c, _)| *c);
        assert!(pushed.iter().all(|(c, v)| Some(*c) == code_of(v)), "one code per vector");
        // a, b, [round, 0, 0] for 12 rounds (round 1..3 repeat none of the
        // others'), [0|1|2, 9, 9]: 2 + 12 + 3 distinct vectors.
        assert_eq!(values.vectors(), 17);
    }
}
