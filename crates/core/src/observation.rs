//! Observation tensors: a seat's view written as `f32`s for learning agents (the Python
//! package's `observation`), and the cursor games write them with.
//!
//! A game declares the tensor's shape ([`Game::observation_shape`](crate::Game::observation_shape),
//! fixed for the game with its options) and writes a view into a caller's buffer
//! ([`Game::write_observation`](crate::Game::write_observation)), allocating nothing. The
//! layout of each game is documented in its `observation` module and in
//! `docs/python-observations.md`. Conventions every game follows:
//!
//! - categorical values (a card, a phase, a seat) are one-hot, with all zeros for "none";
//! - counts and money are scaled to roughly `0..1` by a bound the game names;
//! - seats are written from the observing seat's perspective where natural: the seat itself
//!   first, then the others in turn order, and the seat's absolute number as a one-hot, so
//!   that views of different seats never share a tensor;
//! - every value is written, zero where nothing is set, so a buffer can be reused.
//!
//! ```
//! use tabula_core::observation::Writer;
//!
//! let mut out = [9.0f32; 7];
//! let mut w = Writer::new(&mut out);
//! w.one_hot(2, 4); // a phase: 0 0 1 0
//! w.flag(true); // 1
//! w.scaled(30.0, 120.0); // 0.25
//! w.skip(1); // left at 0
//! w.finish();
//! assert_eq!(out, [0.0, 0.0, 1.0, 0.0, 1.0, 0.25, 0.0]);
//! ```

/// A cursor that writes an observation front to back into a caller's buffer. [`Writer::new`]
/// zeroes the buffer, so what is not written stays 0; [`Writer::finish`] checks that the
/// layout filled the buffer exactly.
#[derive(Debug)]
pub struct Writer<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl<'a> Writer<'a> {
    /// A writer at the start of `out`, which it fills with zeros.
    pub fn new(out: &'a mut [f32]) -> Self {
        out.fill(0.0);
        Writer { out, at: 0 }
    }

    /// How many values have been written (or skipped) so far: the offset of the next one.
    pub fn position(&self) -> usize {
        self.at
    }

    /// Leaves the next `n` values at 0.
    ///
    /// # Panics
    /// Past the end of the buffer.
    pub fn skip(&mut self, n: usize) {
        assert!(self.at + n <= self.out.len(), "observation layout runs past its shape");
        self.at += n;
    }

    /// Writes one value.
    ///
    /// # Panics
    /// Past the end of the buffer.
    pub fn value(&mut self, v: f32) {
        self.out[self.at] = v;
        self.at += 1;
    }

    /// Writes 1 for true, 0 for false.
    ///
    /// # Panics
    /// Past the end of the buffer.
    pub fn flag(&mut self, b: bool) {
        self.value(if b { 1.0 } else { 0.0 });
    }

    /// Writes `v / scale`: a count or an amount brought to roughly `0..1` by its bound.
    ///
    /// # Panics
    /// Past the end of the buffer.
    pub fn scaled(&mut self, v: f64, scale: f64) {
        self.value((v / scale) as f32);
    }

    /// Writes `n` values, all 0 but a 1 at `index`. An index at or past `n` is a layout bug:
    /// it panics in debug builds and writes all zeros otherwise.
    ///
    /// # Panics
    /// Past the end of the buffer.
    pub fn one_hot(&mut self, index: usize, n: usize) {
        debug_assert!(index < n, "one-hot index {index} out of 0..{n}");
        self.one_hot_opt(Some(index).filter(|&i| i < n), n);
    }

    /// As [`Writer::one_hot`], with all zeros for `None`.
    ///
    /// # Panics
    /// Past the end of the buffer.
    pub fn one_hot_opt(&mut self, index: Option<usize>, n: usize) {
        let start = self.at;
        self.skip(n);
        if let Some(i) = index.filter(|&i| i < n) {
            self.out[start + i] = 1.0;
        }
    }

    /// Writes the `n` low bits of `bits` as flags, bit 0 first.
    ///
    /// # Panics
    /// Past the end of the buffer, or `n` over 64.
    pub fn bits(&mut self, bits: u64, n: usize) {
        assert!(n <= 64, "at most 64 bits");
        for i in 0..n {
            self.flag(bits >> i & 1 == 1);
        }
    }

    /// The next `n` values, to fill directly (they are 0), and moves past them.
    ///
    /// # Panics
    /// Past the end of the buffer.
    pub fn section(&mut self, n: usize) -> &mut [f32] {
        let start = self.at;
        self.skip(n);
        &mut self.out[start..start + n]
    }

    /// Ends the observation.
    ///
    /// # Panics
    /// If the layout did not fill the buffer exactly: the shape and the writer disagree.
    pub fn finish(self) {
        assert_eq!(
            self.at,
            self.out.len(),
            "the observation layout writes {} values but its shape holds {}",
            self.at,
            self.out.len()
        );
    }
}

/// `ln(1 + n) / ln(1 + max)`: a count that may be large (possible worlds, money won) squashed
/// to `0..1` at `max`, still distinct for distinct counts.
pub fn log_scaled(n: f64, max: f64) -> f64 {
    (1.0 + n.max(0.0)).ln() / (1.0 + max).ln()
}

/// `±ln(1 + |x| / unit)`: money that may grow without a fixed bound (winnings, debts) brought
/// to a few units at most, linear near 0, keeping its sign.
pub fn signed_log(x: f64, unit: f64) -> f64 {
    x.signum() * (1.0 + x.abs() / unit).ln()
}

/// The seat `seat` as seen from `observer` among `n` seats: 0 for the observer itself, then
/// 1, 2, … for the seats after it in seat order.
pub fn relative_seat(seat: usize, observer: usize, n: usize) -> usize {
    (seat + n - observer % n) % n
}

/// The product of a shape's dimensions: the number of values an observation holds.
pub fn shape_len(shape: &[usize]) -> usize {
    shape.iter().product()
}
