//! Batched stepping for learning agents: N games of one kind stepped together through the
//! generic (monomorphised) API, chance sampled inside from per-game seeded generators,
//! finished games restarted, and each game's observation, mask, rewards and seat to act
//! written into the caller's flat buffers (Python's `tabula.VectorEnv` hands numpy arrays).
//!
//! No history is kept (unlike [`crate::ErasedState`]): a batch is for throughput. Games may
//! be split across threads; the result does not depend on how many.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use crate::error::{Illegal, OptionsError};
use crate::game::{Game, Turn};
use crate::options::Options;

/// The buffers one call fills, for `n` games: row `i` of each belongs to game `i`.
pub struct BatchOut<'a> {
    /// `n × observation_len`: the observation of the seat to act (zeros if none).
    pub observations: &'a mut [f32],
    /// `n × num_distinct_actions`: the legal action mask of the seat to act.
    pub masks: &'a mut [bool],
    /// `n × num_players`: each seat's return where the step ended the game, else 0.
    pub rewards: &'a mut [f32],
    /// `n`: whether the step ended the game (it was then restarted: the other buffers
    /// describe the new game's first decision).
    pub terminated: &'a mut [bool],
    /// `n`: the seat to act.
    pub players: &'a mut [i32],
}

/// N games stepped together, type-erased.
pub trait DynBatch: Send + Sync {
    /// The number of games.
    fn len(&self) -> usize;
    /// Whether the batch holds no game.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The number of seats of each game.
    fn num_players(&self) -> usize;
    /// The size of the action index space.
    fn num_distinct_actions(&self) -> usize;
    /// The number of values in one observation.
    fn observation_len(&self) -> usize;
    /// The shape of one observation ([`Game::observation_shape`]).
    fn observation_shape(&self) -> Vec<usize>;
    /// Splits the games across this many threads in each call (1: the caller's thread).
    fn set_threads(&mut self, threads: usize);
    /// Restarts every game, game `i`'s chance generator seeded from `seed` and `i`, and
    /// writes the first decisions (rewards 0, nothing terminated).
    ///
    /// # Errors
    /// Buffers of the wrong lengths.
    fn reset(&mut self, seed: u64, out: BatchOut<'_>) -> Result<(), Illegal>;
    /// Plays `actions[i]` (an action index) in game `i` for its seat to act, then the chance
    /// outcomes that follow; a game that ends is restarted.
    ///
    /// # Errors
    /// Buffers of the wrong lengths, or an action that is out of range or illegal (the
    /// message names the game and the rule); then no game has changed.
    fn step(&mut self, actions: &[i64], out: BatchOut<'_>) -> Result<(), Illegal>;
    /// Game `i`'s full state as JSON (what [`crate::DynGame::load_state`] reads).
    fn state_json(&self, i: usize) -> Option<Value>;
}

/// N games of `G` stepped together.
pub struct Batch<G: Game> {
    game: G,
    states: Vec<G::State>,
    rngs: Vec<ChaCha8Rng>,
    actions: Vec<G::Action>,
    threads: usize,
}

/// Reusable buffers of one thread.
struct Scratch<G: Game> {
    actions: Vec<G::Action>,
    outcomes: Vec<(G::Action, f64)>,
    returns: Vec<f64>,
}

impl<G: Game> Scratch<G> {
    fn new(players: usize) -> Self {
        Scratch { actions: Vec::new(), outcomes: Vec::new(), returns: vec![0.0; players] }
    }
}

/// One game's rows of the output buffers.
struct Row<'a> {
    observation: &'a mut [f32],
    mask: &'a mut [bool],
    rewards: &'a mut [f32],
    terminated: &'a mut bool,
    player: &'a mut i32,
}

/// A new game keeping the rules alone ([`Game::rules_only`]): a batch steps games for
/// learning, at the rules' own speed; what a view keeps beside the rules (Fowers'
/// Sabotage's deduction aid) is not in its observations.
fn fresh<G: Game>(game: &G) -> G::State {
    let mut state = game.initial_state();
    game.rules_only(&mut state);
    state
}

impl<G: Game> Batch<G> {
    /// `n` games of `game`, seeded from `seed` (call [`DynBatch::reset`] before stepping).
    pub fn new(game: G, n: usize, seed: u64) -> Self {
        let states = vec![fresh(&game); n];
        let rngs = (0..n).map(|i| game_rng(seed, i)).collect();
        Batch { game, states, rngs, actions: Vec::with_capacity(n), threads: 1 }
    }

    /// Makes the batch from options, for a registry entry.
    ///
    /// # Errors
    /// As [`Game::new`].
    pub fn make(options: &Options, n: usize, seed: u64) -> Result<Box<dyn DynBatch>, OptionsError> {
        Ok(Box::new(Batch::new(G::new(options)?, n, seed)))
    }

    fn check_lengths(&self, out: &BatchOut<'_>) -> Result<(), Illegal> {
        let n = self.states.len();
        let expected = [
            ("observations", out.observations.len(), n * self.observation_len()),
            ("masks", out.masks.len(), n * self.game.num_distinct_actions()),
            ("rewards", out.rewards.len(), n * self.game.num_players()),
            ("terminated", out.terminated.len(), n),
            ("players", out.players.len(), n),
        ];
        for (name, given, wanted) in expected {
            if given != wanted {
                return Err(Illegal::new(format!("the {name} buffer holds {given} values, not {wanted}")));
            }
        }
        Ok(())
    }

    /// Runs `work` on every game with its rows, split across the batch's threads.
    fn run<W>(&mut self, out: BatchOut<'_>, work: W, with_actions: bool)
    where
        W: Fn(&G, &mut G::State, &mut ChaCha8Rng, Option<G::Action>, Row<'_>, &mut Scratch<G>) + Sync,
    {
        let n = self.states.len();
        if n == 0 {
            return;
        }
        let dims = Dims {
            observation: self.observation_len(),
            mask: self.game.num_distinct_actions(),
            players: self.game.num_players(),
        };
        let per = n.div_ceil(self.threads.clamp(1, n));
        let actions: &[G::Action] = if with_actions { &self.actions } else { &[] };
        let chunks = self
            .states
            .chunks_mut(per)
            .zip(self.rngs.chunks_mut(per))
            .zip(out.observations.chunks_mut(per * dims.observation))
            .zip(out.masks.chunks_mut(per * dims.mask))
            .zip(out.rewards.chunks_mut(per * dims.players))
            .zip(out.terminated.chunks_mut(per))
            .zip(out.players.chunks_mut(per))
            .enumerate()
            .map(|(c, ((((((states, rngs), observations), masks), rewards), terminated), players))| Chunk {
                states,
                rngs,
                actions: actions.get(c * per..).map(|a| &a[..a.len().min(per)]).unwrap_or(&[]),
                out: BatchOut { observations, masks, rewards, terminated, players },
            });
        let (game, work) = (&self.game, &work);
        if self.threads <= 1 {
            chunks.for_each(|chunk| chunk.run(game, dims, work));
        } else {
            std::thread::scope(|scope| {
                for chunk in chunks {
                    scope.spawn(move || chunk.run(game, dims, work));
                }
            });
        }
    }
}

/// The sizes of one game's rows.
#[derive(Clone, Copy)]
struct Dims {
    observation: usize,
    mask: usize,
    players: usize,
}

/// The games one thread steps, with their actions and rows.
struct Chunk<'a, G: Game> {
    states: &'a mut [G::State],
    rngs: &'a mut [ChaCha8Rng],
    actions: &'a [G::Action],
    out: BatchOut<'a>,
}

impl<G: Game> Chunk<'_, G> {
    fn run<W>(self, game: &G, dims: Dims, work: &W)
    where
        W: Fn(&G, &mut G::State, &mut ChaCha8Rng, Option<G::Action>, Row<'_>, &mut Scratch<G>),
    {
        let mut scratch = Scratch::<G>::new(dims.players);
        let rows = self
            .out
            .observations
            .chunks_mut(dims.observation)
            .zip(self.out.masks.chunks_mut(dims.mask))
            .zip(self.out.rewards.chunks_mut(dims.players))
            .zip(self.out.terminated.iter_mut())
            .zip(self.out.players.iter_mut());
        for (k, ((state, rng), ((((observation, mask), rewards), terminated), player))) in
            self.states.iter_mut().zip(self.rngs.iter_mut()).zip(rows).enumerate()
        {
            let row = Row { observation, mask, rewards, terminated, player };
            work(game, state, rng, self.actions.get(k).copied(), row, &mut scratch);
        }
    }
}

/// Game `i`'s chance generator: one stream of the batch's seed per game.
fn game_rng(seed: u64, i: usize) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(i as u64);
    rng
}

/// Plays chance outcomes until a seat acts or the game is over.
fn settle<G: Game>(game: &G, state: &mut G::State, rng: &mut ChaCha8Rng, scratch: &mut Scratch<G>) {
    while game.turn(state) == Turn::Chance {
        let outcome = game.sample_chance(state, &mut scratch.outcomes, rng);
        game.play_unchecked(state, outcome);
    }
}

/// Writes the decision now due: the acting seat, its observation and mask.
fn write_decision<G: Game>(game: &G, state: &G::State, row: Row<'_>, scratch: &mut Scratch<G>) {
    match game.turn(state) {
        Turn::Player(seat) => {
            game.write_observation(&game.view(state, seat), row.observation);
            *row.player = seat as i32;
        }
        _ => {
            row.observation.fill(0.0);
            *row.player = if game.turn(state) == Turn::Chance { -1 } else { -4 };
        }
    }
    game.legal_action_mask(state, &mut scratch.actions, row.mask);
}

impl<G: Game> DynBatch for Batch<G> {
    fn len(&self) -> usize {
        self.states.len()
    }
    fn num_players(&self) -> usize {
        self.game.num_players()
    }
    fn num_distinct_actions(&self) -> usize {
        self.game.num_distinct_actions()
    }
    fn observation_len(&self) -> usize {
        crate::observation::shape_len(&self.game.observation_shape())
    }
    fn observation_shape(&self) -> Vec<usize> {
        self.game.observation_shape()
    }
    fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    fn reset(&mut self, seed: u64, out: BatchOut<'_>) -> Result<(), Illegal> {
        self.check_lengths(&out)?;
        for (i, rng) in self.rngs.iter_mut().enumerate() {
            *rng = game_rng(seed, i);
        }
        let work = |game: &G,
                    state: &mut G::State,
                    rng: &mut ChaCha8Rng,
                    _: Option<G::Action>,
                    row: Row<'_>,
                    scratch: &mut Scratch<G>| {
            *state = fresh(game);
            settle(game, state, rng, scratch);
            row.rewards.fill(0.0);
            *row.terminated = false;
            write_decision(game, state, row, scratch);
        };
        self.run(out, work, false);
        Ok(())
    }

    fn step(&mut self, actions: &[i64], out: BatchOut<'_>) -> Result<(), Illegal> {
        self.check_lengths(&out)?;
        let n = self.states.len();
        if actions.len() != n {
            return Err(Illegal::new(format!("{} actions for {n} games", actions.len())));
        }
        // Every action is checked before any is played, so a refusal changes nothing.
        self.actions.clear();
        let limit = self.game.num_distinct_actions();
        for (i, (&index, state)) in actions.iter().zip(&self.states).enumerate() {
            let action =
                usize::try_from(index).ok().and_then(|index| self.game.action_from_index(index)).ok_or_else(
                    || Illegal::new(format!("game {i}: action index {index} is outside 0..{limit}")),
                )?;
            if self.game.turn(state).player().is_none() {
                return Err(Illegal::new(format!("game {i}: no seat is to act")));
            }
            self.game.check(state, action).map_err(|e| Illegal::new(format!("game {i}: {}", e.reason)))?;
            self.actions.push(action);
        }
        let work = |game: &G,
                    state: &mut G::State,
                    rng: &mut ChaCha8Rng,
                    action: Option<G::Action>,
                    row: Row<'_>,
                    scratch: &mut Scratch<G>| {
            if let Some(action) = action {
                game.play_unchecked(state, action);
            }
            settle(game, state, rng, scratch);
            row.rewards.fill(0.0);
            *row.terminated = game.turn(state) == Turn::Terminal;
            if *row.terminated {
                game.returns_into(state, &mut scratch.returns);
                for (reward, value) in row.rewards.iter_mut().zip(&scratch.returns) {
                    *reward = *value as f32;
                }
                *state = fresh(game);
                settle(game, state, rng, scratch);
            }
            write_decision(game, state, row, scratch);
        };
        self.run(out, work, true);
        Ok(())
    }

    fn state_json(&self, i: usize) -> Option<Value> {
        self.states.get(i).map(|s| serde_json::to_value(s).expect("game states serialize to JSON"))
    }
}
