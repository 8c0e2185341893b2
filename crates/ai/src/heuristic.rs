//! The heuristic bot: the game's hand-written beginner policy, or greedy where the game
//! has none.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tabula_core::Game;

use crate::{Bot, GreedyBot, legal_from_view};

/// Plays [`Game::heuristic_policy`], a sensible beginner's move written for each game.
/// Games without one get the [`GreedyBot`]'s move instead (its name then says so).
#[derive(Debug, Clone)]
pub struct HeuristicBot {
    rng: ChaCha8Rng,
    fallback: GreedyBot,
    fell_back: bool,
}

impl HeuristicBot {
    /// A heuristic bot with its own seeded generator.
    pub fn new(seed: u64) -> Self {
        HeuristicBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            fallback: GreedyBot::new(seed ^ 0x5eed, 4),
            fell_back: false,
        }
    }
}

impl<G: Game> Bot<G> for HeuristicBot {
    fn name(&self) -> String {
        if self.fell_back { "heuristic(greedy)".to_owned() } else { "heuristic".to_owned() }
    }

    fn choose(&mut self, game: &G, view: &G::View) -> G::Action {
        let legal = legal_from_view(game, view, &mut self.rng);
        assert!(!legal.is_empty(), "the seat of this view has no legal action");
        match game.heuristic_policy(view, &legal, &mut self.rng) {
            Some(action) if legal.contains(&action) => action,
            _ => {
                self.fell_back = true;
                <GreedyBot as Bot<G>>::choose(&mut self.fallback, game, view)
            }
        }
    }
}
