//! The greedy bot: the action with the best immediate outcome by the game's heuristic.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tabula_core::{Game, InformationKind};

use crate::Bot;

/// Plays the action whose resulting state the game's [`Game::heuristic`] values most for
/// its seat, averaged over a few determinizations when information is hidden; ties are
/// broken at random.
#[derive(Debug, Clone)]
pub struct GreedyBot {
    rng: ChaCha8Rng,
    samples: usize,
}

impl GreedyBot {
    /// A greedy bot averaging over `samples` determinizations (at least 1).
    pub fn new(seed: u64, samples: usize) -> Self {
        GreedyBot { rng: ChaCha8Rng::seed_from_u64(seed), samples: samples.max(1) }
    }
}

impl<G: Game> Bot<G> for GreedyBot {
    fn name(&self) -> String {
        format!("greedy:samples={}", self.samples)
    }

    fn choose(&mut self, game: &G, view: &G::View) -> G::Action {
        let seat = game.view_player(view);
        let samples = if G::spec().information == InformationKind::Perfect { 1 } else { self.samples };
        let mut actions = Vec::new();
        let mut scores: Vec<f64> = Vec::new();
        for _ in 0..samples {
            let state = game.determinize(view, &mut self.rng);
            game.legal_actions(&state, &mut actions);
            scores.resize(actions.len(), 0.0);
            for (score, &action) in scores.iter_mut().zip(&actions) {
                let mut next = state.clone();
                game.play_unchecked(&mut next, action);
                *score += game.heuristic(&next, seat);
            }
        }
        assert!(!actions.is_empty(), "the seat of this view has no legal action");
        let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let ties: Vec<usize> = (0..actions.len()).filter(|&i| scores[i] >= best - 1e-12).collect();
        actions[ties[self.rng.random_range(0..ties.len())]]
    }
}
