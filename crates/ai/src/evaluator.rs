//! Leaf evaluation, kept apart from the search tree (OpenSpiel `mcts.h`'s `Evaluator`):
//! the tree asks what a new leaf is worth to every seat and backs that up.

use rand_chacha::ChaCha8Rng;
use tabula_core::{Game, Turn, random_playout, sample_chance};

/// Estimates every seat's return from a state.
pub trait Evaluator<G: Game>: Send {
    /// Writes each seat's estimated return from `state` into `out` (length `num_players`).
    /// `state` is the search's scratch copy and may be played on.
    fn evaluate(&mut self, game: &G, state: &mut G::State, rng: &mut ChaCha8Rng, out: &mut [f64]);
}

/// Plays uniformly random actions (chance sampled by its probabilities) to the end of the
/// game, or for at most `depth` actions and then asks [`Game::heuristic`] for every seat.
#[derive(Debug, Clone)]
pub struct RandomRollout<G: Game> {
    depth: Option<usize>,
    actions: Vec<G::Action>,
    outcomes: Vec<(G::Action, f64)>,
}

impl<G: Game> RandomRollout<G> {
    /// Rollouts to the end of the game (`depth = None`) or for at most `depth` actions.
    pub fn new(depth: Option<usize>) -> Self {
        RandomRollout { depth, actions: Vec::new(), outcomes: Vec::new() }
    }

    /// The depth limit, if any.
    pub fn depth(&self) -> Option<usize> {
        self.depth
    }
}

impl<G: Game> Evaluator<G> for RandomRollout<G> {
    fn evaluate(&mut self, game: &G, state: &mut G::State, rng: &mut ChaCha8Rng, out: &mut [f64]) {
        let Some(depth) = self.depth else {
            random_playout(game, state, &mut self.actions, &mut self.outcomes, rng);
            game.returns_into(state, out);
            return;
        };
        use rand::Rng;
        for _ in 0..depth {
            let action = match game.turn(state) {
                Turn::Terminal => break,
                Turn::Chance => sample_chance(game, state, &mut self.outcomes, rng),
                Turn::Player(_) => {
                    game.legal_actions(state, &mut self.actions);
                    self.actions[rng.random_range(0..self.actions.len())]
                }
            };
            game.play_unchecked(state, action);
        }
        if game.turn(state) == Turn::Terminal {
            game.returns_into(state, out);
        } else {
            for (seat, value) in out.iter_mut().enumerate() {
                *value = game.heuristic(state, seat);
            }
        }
    }
}

/// Plays the game's [`Game::heuristic_policy`] for every seat (a uniformly random move
/// with probability `epsilon`, or where the game has no policy), chance sampled, to the
/// end or for at most `depth` actions and then [`Game::heuristic`].
///
/// Random rollouts model every opponent as a random player, which misjudges games where a
/// sensible opponent punishes greed at once (Sabotage: a roof left unguarded is sabotaged);
/// these "heavy" rollouts cost more per iteration but judge leaves far better.
#[derive(Debug, Clone)]
pub struct PolicyRollout<G: Game> {
    depth: Option<usize>,
    epsilon: f64,
    actions: Vec<G::Action>,
    outcomes: Vec<(G::Action, f64)>,
}

impl<G: Game> PolicyRollout<G> {
    /// Policy rollouts cut off at `depth` actions (`None`: to the end), exploring with
    /// probability `epsilon`.
    pub fn new(depth: Option<usize>, epsilon: f64) -> Self {
        PolicyRollout { depth, epsilon, actions: Vec::new(), outcomes: Vec::new() }
    }
}

impl<G: Game> PolicyRollout<G> {
    /// Plays the rollout's actions on `state`, to the end or for at most `depth` actions.
    pub fn advance(&mut self, game: &G, state: &mut G::State, rng: &mut ChaCha8Rng) {
        use rand::Rng;
        let mut steps = 0;
        loop {
            if self.depth.is_some_and(|d| steps >= d) {
                break;
            }
            let action = match game.turn(state) {
                Turn::Terminal => break,
                Turn::Chance => sample_chance(game, state, &mut self.outcomes, rng),
                Turn::Player(seat) => {
                    game.legal_actions(state, &mut self.actions);
                    let random = self.actions[rng.random_range(0..self.actions.len())];
                    if self.actions.len() == 1 || rng.random::<f64>() < self.epsilon {
                        random
                    } else {
                        let view = game.view(state, seat);
                        game.heuristic_policy(&view, &self.actions, rng).unwrap_or(random)
                    }
                }
            };
            game.play_unchecked(state, action);
            steps += 1;
        }
    }
}

impl<G: Game> Evaluator<G> for PolicyRollout<G> {
    fn evaluate(&mut self, game: &G, state: &mut G::State, rng: &mut ChaCha8Rng, out: &mut [f64]) {
        self.advance(game, state, rng);
        if game.turn(state) == Turn::Terminal {
            game.returns_into(state, out);
        } else {
            for (seat, value) in out.iter_mut().enumerate() {
                *value = game.heuristic(state, seat);
            }
        }
    }
}
