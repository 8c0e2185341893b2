//! Batched stepping for learning agents: N games of one kind stepped together through the
//! generic (monomorphised) API, chance sampled inside from per-game seeded generators,
//! finished games restarted, and each game's observation, mask, rewards and seat to act
//! written into the caller's flat buffers (Python's `tabula.VectorEnv` hands numpy arrays).
//!
//! No history is kept (unlike [`crate::ErasedState`]): a batch is for throughput. Games may
//! be split across threads; the result does not depend on how many. A [`Mode`] says what
//! is written: the observation of the seat to act or of every seat, the masks or not (a
//! game with a large action space samples from its legal lists instead), and a step limit
//! after which a game is cut (`truncated`) and restarted.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use crate::error::{Illegal, OptionsError};
use crate::game::{Game, Turn};
use crate::options::Options;

/// How a batch steps and what it writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mode {
    /// Threads the games are split across in each call (1: the caller's thread).
    pub threads: usize,
    /// A game still going after this many decisions is cut (`truncated`) and restarted;
    /// `None`: games run to their end.
    pub max_steps: Option<u32>,
    /// Write every seat's observation (`n × players × observation`), each from that seat's
    /// view, instead of the seat to act's alone.
    pub every_seat: bool,
    /// Write the legal action masks (off: the masks buffer is empty, and actions are drawn
    /// from each game's legal list, [`DynBatch::legal_actions`]).
    pub masks: bool,
}

impl Default for Mode {
    fn default() -> Self {
        Mode { threads: 1, max_steps: None, every_seat: false, masks: true }
    }
}

/// The buffers one call fills, for `n` games: row `i` of each belongs to game `i`.
pub struct BatchOut<'a> {
    /// The observation of the seat to act (`n × observation_len`, zeros if none), or
    /// every seat's (`n × num_players × observation_len`, [`Mode::every_seat`]).
    pub observations: &'a mut [f32],
    /// `n × num_distinct_actions`: the legal action mask of the seat to act (empty when
    /// [`Mode::masks`] is off).
    pub masks: &'a mut [bool],
    /// `n × num_players`: each seat's return where the step ended the game, else 0.
    pub rewards: &'a mut [f32],
    /// `n`: whether the step ended the game (it was then restarted: the other buffers
    /// describe the new game's first decision).
    pub terminated: &'a mut [bool],
    /// `n`: whether the step cut the game at [`Mode::max_steps`] decisions (then restarted;
    /// its rewards are 0).
    pub truncated: &'a mut [bool],
    /// `n`: the seat to act.
    pub players: &'a mut [i32],
    /// `n`: the decisions played in the game now going (0 right after a restart).
    pub steps: &'a mut [i32],
    /// `n × num_players × observation_len`: where a game ended or was cut by this call,
    /// every seat's observation of its last position (the rows of the other games are
    /// left as they were).
    pub finals: &'a mut [f32],
}

/// The lengths each buffer of a [`BatchOut`] must have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lengths {
    /// [`BatchOut::observations`].
    pub observations: usize,
    /// [`BatchOut::masks`].
    pub masks: usize,
    /// [`BatchOut::rewards`].
    pub rewards: usize,
    /// [`BatchOut::terminated`], [`BatchOut::truncated`], [`BatchOut::players`],
    /// [`BatchOut::steps`]: one value per game.
    pub games: usize,
    /// [`BatchOut::finals`].
    pub finals: usize,
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
    /// The number of values in one seat's observation.
    fn observation_len(&self) -> usize;
    /// The shape of one seat's observation ([`Game::observation_shape`]).
    fn observation_shape(&self) -> Vec<usize>;
    /// How the batch steps and what it writes.
    fn mode(&self) -> Mode;
    /// Sets how the batch steps and what it writes (the buffers' lengths follow:
    /// [`DynBatch::lengths`]).
    fn set_mode(&mut self, mode: Mode);
    /// The lengths the buffers of a call must have, in the current mode.
    fn lengths(&self) -> Lengths;
    /// Restarts every game, game `i`'s chance generator seeded from `seed` and `i`, and
    /// writes the first decisions (rewards 0, nothing terminated).
    ///
    /// # Errors
    /// Buffers of the wrong lengths.
    fn reset(&mut self, seed: u64, out: BatchOut<'_>) -> Result<(), Illegal>;
    /// Restarts the games `ids` only, each drawing its new game from its own generator
    /// (as when a game ends), and rewrites their rows (rewards 0, not terminated); the
    /// other games and rows are left as they are.
    ///
    /// # Errors
    /// Buffers of the wrong lengths or a game number out of range; then nothing changed.
    fn reset_games(&mut self, ids: &[usize], out: BatchOut<'_>) -> Result<(), Illegal>;
    /// Puts game `i` at a position (state JSON, read strictly and checked by the rules),
    /// plays the chance outcomes due from its generator, and rewrites its row.
    ///
    /// # Errors
    /// Buffers of the wrong lengths, a game number out of range, a position the rules
    /// refuse, or one where the game is over; then nothing changed.
    fn load(&mut self, i: usize, position: &Value, out: BatchOut<'_>) -> Result<(), Illegal>;
    /// Plays `actions[i]` (an action index) in game `i` for its seat to act, then the chance
    /// outcomes that follow; a game that ends (or reaches the step limit) is restarted.
    ///
    /// # Errors
    /// Buffers of the wrong lengths, or an action that is out of range or illegal (the
    /// message names the game and the rule); then no game has changed.
    fn step(&mut self, actions: &[i64], out: BatchOut<'_>) -> Result<(), Illegal>;
    /// Game `i`'s legal action indices now, sorted, into `out`; `false` if there is no
    /// game `i`.
    fn legal_actions(&self, i: usize, out: &mut Vec<i64>) -> bool;
    /// One legal action index per game into `out` (`n` values), the `k`-th of its sorted
    /// legal list where `draw(count)` answers `k` (< `count`); -1 where no seat acts.
    fn sample_actions(&self, draw: &mut dyn FnMut(usize) -> usize, out: &mut [i64]);
    /// Game `i`'s full state as JSON (what [`crate::DynGame::load_state`] reads).
    fn state_json(&self, i: usize) -> Option<Value>;
}

/// N games of `G` stepped together.
pub struct Batch<G: Game> {
    game: G,
    states: Vec<G::State>,
    rngs: Vec<ChaCha8Rng>,
    steps: Vec<u32>,
    actions: Vec<G::Action>,
    mode: Mode,
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
    truncated: &'a mut bool,
    player: &'a mut i32,
    steps: &'a mut i32,
    finals: &'a mut [f32],
}

/// A new game keeping the rules alone ([`Game::rules_only`]): a batch steps games for
/// learning, at the rules' own speed; what a view keeps beside the rules (Fowers'
/// Sabotage's deduction aid) is not in its observations.
fn fresh<G: Game>(game: &G) -> G::State {
    let mut state = game.initial_state();
    game.rules_only(&mut state);
    state
}

/// The sizes of one game's rows.
#[derive(Clone, Copy)]
struct Dims {
    /// One seat's observation.
    seat: usize,
    /// The observation row (one seat's or every seat's).
    observation: usize,
    mask: usize,
    players: usize,
    max_steps: Option<u32>,
    every_seat: bool,
}

impl Dims {
    fn finals(self) -> usize {
        self.seat * self.players
    }
}

/// Game `i`'s rows of `out`.
fn row_of<'a>(out: &'a mut BatchOut<'_>, i: usize, d: Dims) -> Row<'a> {
    Row {
        observation: &mut out.observations[i * d.observation..(i + 1) * d.observation],
        mask: &mut out.masks[i * d.mask..(i + 1) * d.mask],
        rewards: &mut out.rewards[i * d.players..(i + 1) * d.players],
        terminated: &mut out.terminated[i],
        truncated: &mut out.truncated[i],
        player: &mut out.players[i],
        steps: &mut out.steps[i],
        finals: &mut out.finals[i * d.finals()..(i + 1) * d.finals()],
    }
}

impl<G: Game> Batch<G> {
    /// `n` games of `game`, seeded from `seed` (call [`DynBatch::reset`] before stepping).
    pub fn new(game: G, n: usize, seed: u64) -> Self {
        let states = vec![fresh(&game); n];
        let rngs = (0..n).map(|i| game_rng(seed, i)).collect();
        Batch { game, states, rngs, steps: vec![0; n], actions: Vec::with_capacity(n), mode: Mode::default() }
    }

    /// Makes the batch from options, for a registry entry.
    ///
    /// # Errors
    /// As [`Game::new`].
    pub fn make(options: &Options, n: usize, seed: u64) -> Result<Box<dyn DynBatch>, OptionsError> {
        Ok(Box::new(Batch::new(G::new(options)?, n, seed)))
    }

    fn dims(&self) -> Dims {
        let seat = self.observation_len();
        let players = self.game.num_players();
        Dims {
            seat,
            observation: if self.mode.every_seat { seat * players } else { seat },
            mask: if self.mode.masks { self.game.num_distinct_actions() } else { 0 },
            players,
            max_steps: self.mode.max_steps,
            every_seat: self.mode.every_seat,
        }
    }

    fn check_lengths(&self, out: &BatchOut<'_>) -> Result<(), Illegal> {
        let want = self.lengths();
        let expected = [
            ("observations", out.observations.len(), want.observations),
            ("masks", out.masks.len(), want.masks),
            ("rewards", out.rewards.len(), want.rewards),
            ("terminated", out.terminated.len(), want.games),
            ("truncated", out.truncated.len(), want.games),
            ("players", out.players.len(), want.games),
            ("steps", out.steps.len(), want.games),
            ("finals", out.finals.len(), want.finals),
        ];
        for (name, given, wanted) in expected {
            if given != wanted {
                return Err(Illegal::new(format!("the {name} buffer holds {given} values, not {wanted}")));
            }
        }
        Ok(())
    }

    /// The legal action indices of `state`, sorted, into `out` (`actions` holds the actions
    /// meanwhile); none where no seat acts.
    fn legal_indices(&self, state: &G::State, actions: &mut Vec<G::Action>, out: &mut Vec<i64>) {
        out.clear();
        actions.clear();
        if self.game.turn(state).player().is_some() {
            self.game.legal_actions(state, actions);
        }
        out.extend(actions.iter().map(|&a| self.game.action_index(a) as i64));
        out.sort_unstable();
    }

    fn check_game(&self, i: usize) -> Result<(), Illegal> {
        let n = self.states.len();
        if i < n {
            Ok(())
        } else {
            Err(Illegal::new(format!("there is no game {i}: games are 0 to {}", n - 1)))
        }
    }

    /// Runs `work` on every game with its rows, split across the batch's threads.
    fn run<W>(&mut self, out: BatchOut<'_>, work: W, with_actions: bool)
    where
        W: Fn(&G, &mut Slot<'_, G>, Option<G::Action>, Row<'_>, &mut Scratch<G>) + Sync,
    {
        let n = self.states.len();
        if n == 0 {
            return;
        }
        let dims = self.dims();
        let per = n.div_ceil(self.mode.threads.clamp(1, n));
        let actions: &[G::Action] = if with_actions { &self.actions } else { &[] };
        let mut parts = split_out(out, per, dims);
        let chunks = self
            .states
            .chunks_mut(per)
            .zip(self.rngs.chunks_mut(per))
            .zip(self.steps.chunks_mut(per))
            .enumerate()
            .map(|(c, ((states, rngs), counts))| Chunk {
                states,
                rngs,
                counts,
                actions: actions.get(c * per..).map(|a| &a[..a.len().min(per)]).unwrap_or(&[]),
                out: parts.next().expect("one part of the buffers per chunk of games"),
            });
        let (game, work) = (&self.game, &work);
        if self.mode.threads <= 1 {
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

/// The buffers cut into parts of `per` games each.
fn split_out<'a>(out: BatchOut<'a>, per: usize, d: Dims) -> impl Iterator<Item = BatchOut<'a>> {
    let BatchOut {
        mut observations,
        mut masks,
        mut rewards,
        mut terminated,
        mut truncated,
        mut players,
        mut steps,
        mut finals,
    } = out;
    std::iter::from_fn(move || {
        if terminated.is_empty() {
            return None;
        }
        let k = per.min(terminated.len());
        fn cut<'b, T>(slice: &mut &'b mut [T], at: usize) -> &'b mut [T] {
            let (head, tail) = std::mem::take(slice).split_at_mut(at);
            *slice = tail;
            head
        }
        Some(BatchOut {
            observations: cut(&mut observations, k * d.observation),
            masks: cut(&mut masks, k * d.mask),
            rewards: cut(&mut rewards, k * d.players),
            terminated: cut(&mut terminated, k),
            truncated: cut(&mut truncated, k),
            players: cut(&mut players, k),
            steps: cut(&mut steps, k),
            finals: cut(&mut finals, k * d.finals()),
        })
    })
}

/// One game as a call's work sees it: its state, generator and decision count.
struct Slot<'a, G: Game> {
    state: &'a mut G::State,
    rng: &'a mut ChaCha8Rng,
    steps: &'a mut u32,
}

/// The games one thread steps, with their actions and rows.
struct Chunk<'a, G: Game> {
    states: &'a mut [G::State],
    rngs: &'a mut [ChaCha8Rng],
    counts: &'a mut [u32],
    actions: &'a [G::Action],
    out: BatchOut<'a>,
}

impl<G: Game> Chunk<'_, G> {
    fn run<W>(mut self, game: &G, dims: Dims, work: &W)
    where
        W: Fn(&G, &mut Slot<'_, G>, Option<G::Action>, Row<'_>, &mut Scratch<G>),
    {
        let mut scratch = Scratch::<G>::new(dims.players);
        for (k, ((state, rng), steps)) in
            self.states.iter_mut().zip(self.rngs.iter_mut()).zip(self.counts.iter_mut()).enumerate()
        {
            let row = row_of(&mut self.out, k, dims);
            let mut slot = Slot { state, rng, steps };
            work(game, &mut slot, self.actions.get(k).copied(), row, &mut scratch);
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

/// Writes seat `seat`'s observation of `state` into `out`.
fn observe<G: Game>(game: &G, state: &G::State, seat: usize, out: &mut [f32]) {
    game.write_observation(&game.view(state, seat), out);
}

/// Writes the decision now due: the acting seat, the observation(s), the mask, the count.
fn write_decision<G: Game>(game: &G, slot: &Slot<'_, G>, row: Row<'_>, dims: Dims, scratch: &mut Scratch<G>) {
    let state = &*slot.state;
    let turn = game.turn(state);
    *row.player = match turn {
        Turn::Player(seat) => seat as i32,
        Turn::Chance => -1,
        _ => -4,
    };
    if dims.every_seat {
        for (seat, out) in row.observation.chunks_mut(dims.seat).enumerate() {
            observe(game, state, seat, out);
        }
    } else if let Turn::Player(seat) = turn {
        observe(game, state, seat, row.observation);
    } else {
        row.observation.fill(0.0);
    }
    if !row.mask.is_empty() {
        game.legal_action_mask(state, &mut scratch.actions, row.mask);
    }
    *row.steps = i32::try_from(*slot.steps).unwrap_or(i32::MAX);
}

/// Starts game `slot` afresh from its own generator.
fn restart<G: Game>(game: &G, slot: &mut Slot<'_, G>, scratch: &mut Scratch<G>) {
    *slot.state = fresh(game);
    *slot.steps = 0;
    settle(game, slot.state, slot.rng, scratch);
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
    fn mode(&self) -> Mode {
        self.mode
    }
    fn set_mode(&mut self, mode: Mode) {
        self.mode = Mode { threads: mode.threads.max(1), ..mode };
    }
    fn lengths(&self) -> Lengths {
        let (n, d) = (self.states.len(), self.dims());
        Lengths {
            observations: n * d.observation,
            masks: n * d.mask,
            rewards: n * d.players,
            games: n,
            finals: n * d.finals(),
        }
    }

    fn reset(&mut self, seed: u64, out: BatchOut<'_>) -> Result<(), Illegal> {
        self.check_lengths(&out)?;
        for (i, rng) in self.rngs.iter_mut().enumerate() {
            *rng = game_rng(seed, i);
        }
        let dims = self.dims();
        let work = |game: &G,
                    slot: &mut Slot<'_, G>,
                    _: Option<G::Action>,
                    row: Row<'_>,
                    scratch: &mut Scratch<G>| {
            restart(game, slot, scratch);
            row.rewards.fill(0.0);
            (*row.terminated, *row.truncated) = (false, false);
            write_decision(game, slot, row, dims, scratch);
        };
        self.run(out, work, false);
        Ok(())
    }

    fn reset_games(&mut self, ids: &[usize], mut out: BatchOut<'_>) -> Result<(), Illegal> {
        self.check_lengths(&out)?;
        for &i in ids {
            self.check_game(i)?;
        }
        let dims = self.dims();
        let mut scratch = Scratch::<G>::new(dims.players);
        for &i in ids {
            let mut slot =
                Slot { state: &mut self.states[i], rng: &mut self.rngs[i], steps: &mut self.steps[i] };
            restart(&self.game, &mut slot, &mut scratch);
            let row = row_of(&mut out, i, dims);
            row.rewards.fill(0.0);
            (*row.terminated, *row.truncated) = (false, false);
            write_decision(&self.game, &slot, row, dims, &mut scratch);
        }
        Ok(())
    }

    fn load(&mut self, i: usize, position: &Value, mut out: BatchOut<'_>) -> Result<(), Illegal> {
        self.check_lengths(&out)?;
        self.check_game(i)?;
        let mut state =
            crate::erased::read_position(&self.game, position).map_err(|e| Illegal::new(e.to_string()))?;
        self.game.rules_only(&mut state);
        let dims = self.dims();
        let mut scratch = Scratch::<G>::new(dims.players);
        let mut rng = self.rngs[i].clone();
        settle(&self.game, &mut state, &mut rng, &mut scratch);
        if self.game.turn(&state) == Turn::Terminal {
            return Err(Illegal::new(
                "the game is over at that position: a VectorEnv game must wait on a seat's decision",
            ));
        }
        self.states[i] = state;
        self.rngs[i] = rng;
        self.steps[i] = 0;
        let slot = Slot { state: &mut self.states[i], rng: &mut self.rngs[i], steps: &mut self.steps[i] };
        let row = row_of(&mut out, i, dims);
        row.rewards.fill(0.0);
        (*row.terminated, *row.truncated) = (false, false);
        write_decision(&self.game, &slot, row, dims, &mut scratch);
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
        let dims = self.dims();
        let work = |game: &G,
                    slot: &mut Slot<'_, G>,
                    action: Option<G::Action>,
                    row: Row<'_>,
                    scratch: &mut Scratch<G>| {
            if let Some(action) = action {
                game.play_unchecked(slot.state, action);
                *slot.steps += 1;
            }
            settle(game, slot.state, slot.rng, scratch);
            row.rewards.fill(0.0);
            let over = game.turn(slot.state) == Turn::Terminal;
            let cut = !over && dims.max_steps.is_some_and(|m| *slot.steps >= m);
            (*row.terminated, *row.truncated) = (over, cut);
            if over {
                game.returns_into(slot.state, &mut scratch.returns);
                for (reward, value) in row.rewards.iter_mut().zip(&scratch.returns) {
                    *reward = *value as f32;
                }
            }
            if over || cut {
                for (seat, out) in row.finals.chunks_mut(dims.seat).enumerate() {
                    observe(game, slot.state, seat, out);
                }
                restart(game, slot, scratch);
            }
            write_decision(game, slot, row, dims, scratch);
        };
        self.run(out, work, true);
        Ok(())
    }

    fn legal_actions(&self, i: usize, out: &mut Vec<i64>) -> bool {
        let Some(state) = self.states.get(i) else {
            out.clear();
            return false;
        };
        self.legal_indices(state, &mut Vec::new(), out);
        true
    }

    fn sample_actions(&self, draw: &mut dyn FnMut(usize) -> usize, out: &mut [i64]) {
        let (mut actions, mut legal) = (Vec::new(), Vec::new());
        for (state, pick) in self.states.iter().zip(out.iter_mut()) {
            self.legal_indices(state, &mut actions, &mut legal);
            *pick = if legal.is_empty() { -1 } else { legal[draw(legal.len()).min(legal.len() - 1)] };
        }
    }

    fn state_json(&self, i: usize) -> Option<Value> {
        self.states.get(i).map(|s| serde_json::to_value(s).expect("game states serialize to JSON"))
    }
}
