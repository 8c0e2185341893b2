//! How long a search may run: a number of iterations, a wall-clock time, or both (the
//! first reached stops it).

use std::time::{Duration, Instant};

/// A search budget. Iteration budgets are reproducible from the seed; time budgets depend
/// on the machine, so arenas and tests use iterations (a time cap only as a safety net).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The most iterations (simulations), if limited.
    pub iterations: Option<u64>,
    /// The most wall-clock milliseconds, if limited.
    pub millis: Option<u64>,
}

impl Budget {
    /// At most `n` iterations (at least 1).
    pub fn iterations(n: u64) -> Self {
        Budget { iterations: Some(n.max(1)), millis: None }
    }

    /// At most `ms` milliseconds (at least one iteration is always run).
    pub fn millis(ms: u64) -> Self {
        Budget { iterations: None, millis: Some(ms) }
    }

    /// This budget shared out in `parts` equal parts (for one search per determinization).
    pub fn split(self, parts: usize) -> Self {
        let parts = parts.max(1) as u64;
        Budget {
            iterations: self.iterations.map(|n| (n / parts).max(1)),
            millis: self.millis.map(|ms| ms / parts),
        }
    }

    /// Starts the clock.
    pub fn start(self) -> Meter {
        Meter { budget: self, start: Instant::now(), done: 0 }
    }
}

impl std::fmt::Display for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.iterations, self.millis) {
            (Some(n), Some(ms)) => write!(f, "iters={n};ms={ms}"),
            (Some(n), None) => write!(f, "iters={n}"),
            (None, Some(ms)) => write!(f, "ms={ms}"),
            (None, None) => f.write_str("iters=1"),
        }
    }
}

/// A running budget: counts iterations and watches the clock.
#[derive(Debug, Clone, Copy)]
pub struct Meter {
    budget: Budget,
    start: Instant,
    done: u64,
}

impl Meter {
    /// Whether another iteration may run; counts it if so. The first always may.
    pub fn tick(&mut self) -> bool {
        if self.done > 0 {
            if self.budget.iterations.is_some_and(|n| self.done >= n) {
                return false;
            }
            // The clock is read every few iterations: cheap next to a rollout, and a time
            // budget overshoots by at most a few iterations.
            if let Some(ms) = self.budget.millis {
                if self.done % 4 == 0 && self.start.elapsed() >= Duration::from_millis(ms) {
                    return false;
                }
            }
            if self.budget.iterations.is_none() && self.budget.millis.is_none() {
                return false;
            }
        }
        self.done += 1;
        true
    }

    /// Iterations run so far.
    pub fn done(&self) -> u64 {
        self.done
    }
}
