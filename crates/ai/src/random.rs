//! The uniformly random bot.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tabula_core::Game;

use crate::{Bot, legal_from_view};

/// Plays a uniformly random legal action.
#[derive(Debug, Clone)]
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A random bot with its own seeded generator.
    pub fn new(seed: u64) -> Self {
        RandomBot { rng: ChaCha8Rng::seed_from_u64(seed) }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> String {
        "random".to_owned()
    }

    fn choose(&mut self, game: &G, view: &G::View) -> G::Action {
        let actions = legal_from_view(game, view, &mut self.rng);
        assert!(!actions.is_empty(), "the seat of this view has no legal action");
        actions[self.rng.random_range(0..actions.len())]
    }
}
