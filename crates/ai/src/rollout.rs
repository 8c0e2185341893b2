//! The rollout bot: one step of policy improvement over the game's beginner policy
//! (Tesauro & Galperin's Monte Carlo rollouts, 1996).
//!
//! For each sampled world (a determinization of the view, resampled by the game's
//! [`Game::belief_weight`] so that opponents hold cards that agree with their bets), every
//! legal move is played and the game is rolled out with [`Game::heuristic_policy`] for
//! every seat; the world and the rollout's random stream are the same for every move
//! (common random numbers), so moves are compared on the same cards and the same draws and
//! the noise of the game cancels out of the comparison. The bot plays what the policy
//! plays unless another move did better over the same worlds by more than `margin`
//! standard errors of the paired difference: it is the policy wherever the evidence is
//! thin, and better where the rollouts show a better move. In a game without a policy the
//! rollouts are random and the bot plays the move with the best mean.
//!
//! Where a search tree spreads its iterations over a tree and compares each move on
//! different worlds, this bot spends them all on the root: in games whose value lies in
//! judging one decision against an opponent well modelled by the policy (Sabacc's bets),
//! that is what matters.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tabula_core::Game;

use crate::budget::Budget;
use crate::evaluator::{Evaluator, PolicyRollout};
use crate::{Bot, Considered, legal_from_view, sample_belief};

/// The settings of the rollout bot.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RolloutConfig {
    /// How many rollouts (one per move per world) or how long.
    pub budget: Budget,
    /// Rollouts stop after this many actions and the game's heuristic values the state
    /// (`None`: to the end of the game).
    pub depth: Option<usize>,
    /// Random moves in the rollouts, with this probability.
    pub epsilon: f64,
    /// Determinizations drawn per world, one kept in proportion to its belief weight.
    pub beliefs: usize,
    /// How many standard errors better than the policy's move another move must be.
    pub margin: f64,
}

impl Default for RolloutConfig {
    fn default() -> Self {
        RolloutConfig { budget: Budget::iterations(1000), depth: None, epsilon: 0.0, beliefs: 1, margin: 1.0 }
    }
}

/// The rollout bot. Its rollouts are the game's policy (`E` = [`PolicyRollout`]) unless it
/// is given another evaluator, such as a policy rollout whose cut-off a value network
/// values ([`crate::net::NetEvaluator::after`]).
#[derive(Debug, Clone)]
pub struct RolloutBot<G: Game, E: Evaluator<G> = PolicyRollout<G>> {
    config: RolloutConfig,
    rng: ChaCha8Rng,
    evaluator: E,
    returns: Vec<f64>,
    last: Option<Vec<Considered<G::Action>>>,
    iterations: u64,
}

impl<G: Game> RolloutBot<G> {
    /// A rollout bot with its own seeded generator.
    pub fn new(config: RolloutConfig, seed: u64) -> Self {
        RolloutBot {
            config,
            rng: ChaCha8Rng::seed_from_u64(seed),
            evaluator: PolicyRollout::new(config.depth, config.epsilon),
            returns: Vec::new(),
            last: None,
            iterations: 0,
        }
    }
}

impl<G: Game, E: Evaluator<G>> RolloutBot<G, E> {
    /// A rollout bot whose rollouts are `evaluator` (it is given each move's state after
    /// the move, with the same random stream for every move of a world). `config.depth` and
    /// `config.epsilon` are then the evaluator's business.
    pub fn with_evaluator(config: RolloutConfig, evaluator: E, seed: u64) -> Self {
        RolloutBot {
            config,
            rng: ChaCha8Rng::seed_from_u64(seed),
            evaluator,
            returns: Vec::new(),
            last: None,
            iterations: 0,
        }
    }

    /// The rollouts the last move ran.
    pub fn last_iterations(&self) -> u64 {
        self.iterations
    }
}

impl<G: Game, E: Evaluator<G>> Bot<G> for RolloutBot<G, E> {
    fn name(&self) -> String {
        let mut name = format!("rollout:{}", self.config.budget);
        if let Some(depth) = self.config.depth {
            name.push_str(&format!(";depth={depth}"));
        }
        if self.config.beliefs > 1 {
            name.push_str(&format!(";beliefs={}", self.config.beliefs));
        }
        name
    }

    fn choose(&mut self, game: &G, view: &G::View) -> G::Action {
        let legal = legal_from_view(game, view, &mut self.rng);
        assert!(!legal.is_empty(), "the seat of this view has no legal action");
        let policy = game.heuristic_policy(view, &legal, &mut self.rng).filter(|a| legal.contains(a));
        if legal.len() == 1 {
            self.last = Some(vec![Considered { action: legal[0], visits: 0, value: 0.0 }]);
            self.iterations = 0;
            return legal[0];
        }
        let me = game.view_player(view);
        let base = policy.and_then(|p| legal.iter().position(|&a| a == p));
        self.returns.resize(game.num_players(), 0.0);
        // Per move: the sum of its returns, and the sums of its difference from the
        // policy's move (plain and squared) over the same worlds.
        let mut sum = vec![0.0; legal.len()];
        let mut diff = vec![(0.0, 0.0); legal.len()];
        let mut worlds = 0u64;
        let mut meter = self.config.budget.start();
        let mut value = vec![0.0; legal.len()];
        'worlds: loop {
            let world = sample_belief(game, view, me, self.config.beliefs, &mut self.rng);
            let seed: u64 = self.rng.random();
            for (i, &action) in legal.iter().enumerate() {
                if !meter.tick() {
                    break 'worlds;
                }
                let mut state = world.clone();
                game.play_unchecked(&mut state, action);
                let mut stream = ChaCha8Rng::seed_from_u64(seed);
                self.evaluator.evaluate(game, &mut state, &mut stream, &mut self.returns);
                value[i] = self.returns[me];
            }
            worlds += 1;
            for i in 0..legal.len() {
                sum[i] += value[i];
                if let Some(b) = base {
                    let d = value[i] - value[b];
                    diff[i].0 += d;
                    diff[i].1 += d * d;
                }
            }
        }
        self.iterations = meter.done();
        let mean = |i: usize| if worlds == 0 { 0.0 } else { sum[i] / worlds as f64 };
        let best = (0..legal.len()).max_by(|&a, &b| mean(a).total_cmp(&mean(b))).unwrap_or(0);
        let choice = match base {
            None => best,
            Some(b) if worlds < 2 => b,
            Some(b) => {
                // The paired difference's mean and standard error.
                let n = worlds as f64;
                let (s, s2) = diff[best];
                let d = s / n;
                let var = ((s2 - s * s / n) / (n - 1.0)).max(0.0);
                if d > self.config.margin * (var / n).sqrt() { best } else { b }
            }
        };
        let mut stats: Vec<Considered<G::Action>> = legal
            .iter()
            .enumerate()
            .map(|(i, &action)| Considered { action, visits: worlds, value: mean(i) })
            .collect();
        stats.sort_by(|a, b| b.value.total_cmp(&a.value));
        if let Some(pos) = stats.iter().position(|c| c.action == legal[choice]) {
            let chosen = stats.remove(pos);
            stats.insert(0, chosen);
        }
        self.last = Some(stats);
        legal[choice]
    }

    fn explain(&self) -> Option<Vec<Considered<G::Action>>> {
        self.last.clone()
    }
}
