//! How a search scales returns to `0..=1` for UCT, so that one exploration constant suits
//! games whose returns are ±1 and games whose returns are money.

use tabula_core::Game;

/// The scale of returns in one search.
///
/// `Declared` divides by the game's declared return range (`max_return - min_return`):
/// right for win/loss games. `Observed` divides by the range of the returns the search
/// has met so far (as MuZero normalises values): right for money games, whose declared
/// bounds are the whole table's stakes and would drown every difference in exploration.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ReturnScale {
    declared: f64,
    observed: bool,
    low: f64,
    high: f64,
}

impl ReturnScale {
    /// The scale for game `G`, declared or observed.
    pub fn new<G: Game>(observed: bool) -> Self {
        let spec = G::spec();
        let range = spec.max_return - spec.min_return;
        let declared = if range.is_finite() && range > 0.0 { 1.0 / range } else { 1.0 };
        ReturnScale { declared, observed, low: f64::INFINITY, high: f64::NEG_INFINITY }
    }

    /// Forgets the returns seen (a new search).
    pub fn reset(&mut self) {
        self.low = f64::INFINITY;
        self.high = f64::NEG_INFINITY;
    }

    /// Notes the returns of one iteration.
    pub fn observe(&mut self, returns: &[f64]) {
        if self.observed {
            for &r in returns {
                self.low = self.low.min(r);
                self.high = self.high.max(r);
            }
        }
    }

    /// The factor that brings a mean return to the `0..=1` scale.
    pub fn factor(&self) -> f64 {
        match self.observed {
            false => self.declared,
            true if self.high > self.low => 1.0 / (self.high - self.low),
            true => 1.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::doc_example::Nim;

    #[test]
    fn declared_uses_the_spec_and_observed_the_returns_seen() {
        let mut declared = ReturnScale::new::<Nim>(false);
        declared.observe(&[300.0, -100.0]);
        assert_eq!(declared.factor(), 0.5);
        let mut observed = ReturnScale::new::<Nim>(true);
        assert_eq!(observed.factor(), 1.0);
        observed.observe(&[300.0, -100.0]);
        observed.observe(&[20.0, 0.0]);
        assert_eq!(observed.factor(), 1.0 / 400.0);
        observed.reset();
        assert_eq!(observed.factor(), 1.0);
    }
}
