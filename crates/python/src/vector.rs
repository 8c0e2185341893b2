//! `tabula.VectorEnv`: N games of one kind stepped per call in Rust, with the GIL released,
//! chance sampled inside and finished games restarted; numpy buffers written in place.

use numpy::{PyArray1, PyArray2, PyArrayDyn, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use tabula_core::{BatchOut, DynBatch, Mode};

use crate::convert::{kwargs_json, to_py};
use crate::error::value_error;
use crate::game::{Game, json_arg};
use crate::registry::registry;

/// `n` games of one kind stepped together: `VectorEnv("abagio", 1024, seed=0)`.
///
/// Every game always waits on a seat's decision: chance outcomes are drawn inside from a
/// per-game generator seeded from `seed` and the game's number, and a game that ends (or
/// reaches `max_steps` decisions) is restarted at once: its `rewards` row holds the final
/// returns, `terminated` (or `truncated`) is true, `info["final_observation"]` holds every
/// seat's observation of its last position, and the other arrays already describe the new
/// game. `threads` splits the games across threads in each call; the results do not
/// depend on it.
///
/// The arrays returned are the environment's own buffers, overwritten by the next call:
/// copy what you keep.
#[pyclass(module = "tabula._tabula", name = "VectorEnv")]
pub struct VectorEnv {
    batch: Box<dyn DynBatch>,
    game: Py<Game>,
    seed: u64,
    observations: Py<PyArrayDyn<f32>>,
    masks: Option<Py<PyArray2<bool>>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    players: Py<PyArray1<i32>>,
    steps: Py<PyArray1<i32>>,
    finals: Py<PyArrayDyn<f32>>,
    /// `terminated | truncated`: the rows of `finals` that the last call wrote.
    ended: Py<PyArray1<bool>>,
    /// `0..n`, for `info["env_id"]`.
    ids: Py<PyArray1<i64>>,
    /// The generator of `sample_actions` (SplitMix64), seeded from the environment's seed.
    sampler: u64,
    /// What the rewards are divided by (`normalize_rewards`: the game's return unit).
    reward_unit: f32,
}

/// What a call does to the games.
enum Call<'a> {
    Reset(u64),
    ResetGames(&'a [usize]),
    Load(usize, &'a serde_json::Value),
    Step(&'a [i64]),
}

/// SplitMix64's next value.
fn next_random(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seed from the operating system's randomness (`seed=None`).
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()),
    );
    hasher.finish()
}

impl VectorEnv {
    fn run(&mut self, py: Python<'_>, call: Call<'_>) -> PyResult<()> {
        let mut observations = self.observations.bind(py).readwrite();
        let mut masks = self.masks.as_ref().map(|m| m.bind(py).readwrite());
        let mut rewards = self.rewards.bind(py).readwrite();
        let mut terminated = self.terminated.bind(py).readwrite();
        let mut truncated = self.truncated.bind(py).readwrite();
        let mut players = self.players.bind(py).readwrite();
        let mut steps = self.steps.bind(py).readwrite();
        let mut finals = self.finals.bind(py).readwrite();
        let out = BatchOut {
            observations: observations.as_slice_mut()?,
            masks: match masks.as_mut() {
                Some(m) => m.as_slice_mut()?,
                None => &mut [],
            },
            rewards: rewards.as_slice_mut()?,
            terminated: terminated.as_slice_mut()?,
            truncated: truncated.as_slice_mut()?,
            players: players.as_slice_mut()?,
            steps: steps.as_slice_mut()?,
            finals: finals.as_slice_mut()?,
        };
        let batch = &mut self.batch;
        py.detach(|| match call {
            Call::Reset(seed) => batch.reset(seed, out),
            Call::ResetGames(ids) => batch.reset_games(ids, out),
            Call::Load(i, position) => batch.load(i, position, out),
            Call::Step(actions) => batch.step(actions, out),
        })
        .map_err(value_error)?;
        if self.reward_unit != 1.0 {
            rewards.as_slice_mut()?.iter_mut().for_each(|r| *r /= self.reward_unit);
        }
        let mut ended = self.ended.bind(py).readwrite();
        for ((e, t), u) in
            ended.as_slice_mut()?.iter_mut().zip(terminated.as_slice()?).zip(truncated.as_slice()?)
        {
            *e = *t || *u;
        }
        Ok(())
    }

    /// The `info` dict of a call: arrays the environment owns (no copies).
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let info = PyDict::new(py);
        info.set_item("env_id", self.ids.bind(py))?;
        info.set_item("current_player", self.players.bind(py))?;
        info.set_item("elapsed_step", self.steps.bind(py))?;
        if let Some(masks) = &self.masks {
            info.set_item("action_mask", masks.bind(py))?;
        }
        info.set_item("final_observation", self.finals.bind(py))?;
        info.set_item("_final_observation", self.ended.bind(py))?;
        Ok(info)
    }

    /// `(observations, info)`.
    fn reset_outputs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, [self.observations.bind(py).clone().into_any(), self.info(py)?.into_any()])
    }

    fn check_game(&self, i: usize) -> PyResult<()> {
        let n = self.batch.len();
        if i >= n {
            return Err(value_error(format!("there is no game {i}: games are 0 to {}", n - 1)));
        }
        Ok(())
    }
}

#[pymethods]
impl VectorEnv {
    /// Makes `n` games of `id` with these options (or a canonical string), seeded from
    /// `seed`, and resets them.
    ///
    /// - `seed=None` draws a seed from the system (`env.seed` tells which).
    /// - `normalize_rewards=True` divides the rewards by the game's return unit
    ///   (`Game.return_unit`: Sabacc's money in caves).
    /// - `max_steps`: a game still going after that many decisions is cut (`truncated`)
    ///   and restarted.
    /// - `every_seat=True`: observations of every seat (`n × num_players × shape`), each
    ///   from its own view, instead of the seat to act's.
    /// - `masks=False`: no mask array (Abilene's is 131,000 values a game); draw actions
    ///   with `sample_actions()` or read `legal_actions(i)`.
    ///
    /// Raises `ValueError` for an unknown game or bad options.
    #[new]
    #[pyo3(signature = (id, n, seed = Some(0), threads = 1, normalize_rewards = false, max_steps = None, every_seat = false, masks = true, **options))]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        py: Python<'_>,
        id: &str,
        n: usize,
        seed: Option<u64>,
        threads: usize,
        normalize_rewards: bool,
        max_steps: Option<u32>,
        every_seat: bool,
        masks: bool,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let seed = seed.unwrap_or_else(fresh_seed);
        if n == 0 {
            return Err(value_error("a VectorEnv needs at least one game"));
        }
        if max_steps == Some(0) {
            return Err(value_error("max_steps must be at least 1 (None: games run to their end)"));
        }
        let game = Game::make(id, &kwargs_json(options)?)?;
        let mut batch = registry()
            .make_batch(game.id(), &game.inner.options().to_json(), n, seed)
            .map_err(value_error)?;
        batch.set_mode(Mode { threads, max_steps, every_seat, masks });
        let (actions, seats) = (batch.num_distinct_actions(), batch.num_players());
        let mut shape = vec![n];
        if every_seat {
            shape.push(seats);
        }
        shape.extend(batch.observation_shape());
        let mut finals_shape = vec![n, seats];
        finals_shape.extend(batch.observation_shape());
        let mut env = VectorEnv {
            observations: PyArrayDyn::<f32>::zeros(py, shape, false).unbind(),
            masks: masks.then(|| PyArray2::<bool>::zeros(py, [n, actions], false).unbind()),
            rewards: PyArray2::<f32>::zeros(py, [n, seats], false).unbind(),
            terminated: PyArray1::<bool>::zeros(py, n, false).unbind(),
            truncated: PyArray1::<bool>::zeros(py, n, false).unbind(),
            players: PyArray1::<i32>::zeros(py, n, false).unbind(),
            steps: PyArray1::<i32>::zeros(py, n, false).unbind(),
            finals: PyArrayDyn::<f32>::zeros(py, finals_shape, false).unbind(),
            ended: PyArray1::<bool>::zeros(py, n, false).unbind(),
            ids: PyArray1::from_vec(py, (0..n as i64).collect()).unbind(),
            batch,
            reward_unit: if normalize_rewards { game.inner.return_unit() as f32 } else { 1.0 },
            game: Py::new(py, game)?,
            seed,
            sampler: seed,
        };
        env.run(py, Call::Reset(seed))?;
        Ok(env)
    }

    /// Restarts every game (from `seed`, or the last seed given) and returns
    /// `(observations, info)`.
    ///
    /// `ids`: restart only these games, each drawing its new game from its own generator
    /// (as when a game ends); the others are left as they are. `seed` and `ids` do not go
    /// together.
    #[pyo3(signature = (seed = None, ids = None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<u64>,
        ids: Option<Vec<usize>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        match ids {
            Some(_) if seed.is_some() => {
                return Err(value_error(
                    "reset takes a seed (every game restarts from it) or ids (those games restart from their own generators), not both",
                ));
            }
            Some(ids) => self.run(py, Call::ResetGames(&ids))?,
            None => {
                self.seed = seed.unwrap_or(self.seed);
                self.sampler = self.seed;
                self.run(py, Call::Reset(self.seed))?;
            }
        }
        self.reset_outputs(py)
    }

    /// Puts game `i` at a position: state JSON (a dict or its text, as `state_json(i)` or
    /// `State.state_json()` give it) or a `tabula.State` (from `Game.load_state`,
    /// `tabula.load_record`…); the chance outcomes due are drawn from game `i`'s generator.
    /// Returns `(observations, info)`; its step count starts at 0.
    ///
    /// Raises `ValueError` listing what the rules refuse in the position, or if the game is
    /// over there; then nothing changed.
    fn load<'py>(
        &mut self,
        py: Python<'py>,
        i: usize,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        self.check_game(i)?;
        let json = if let Ok(state) = position.cast::<crate::state::State>() {
            let state = state.borrow();
            let (theirs, ours) = (state.inner.game().canonical(), self.game.bind(py).get().inner.canonical());
            if theirs != ours {
                return Err(value_error(format!("that is a state of {theirs}, not of {ours}")));
            }
            state.inner.state_json()
        } else {
            json_arg(position)?
        };
        self.run(py, Call::Load(i, &json))?;
        self.reset_outputs(py)
    }

    /// Plays `actions[i]` (an action index for game `i`'s seat to act) in every game and
    /// returns `(observations, rewards, terminated, truncated, info)`: `observations` (`n ×
    /// shape`, or `n × num_players × shape` with `every_seat`, float32) those of the seat
    /// now to act, `rewards` (`n × num_players`, float32) each seat's return where a game
    /// just ended, else 0; `info` holds `action_mask`, `current_player`, `env_id`,
    /// `elapsed_step`, and `final_observation` (`n × num_players × shape`: every seat's
    /// observation of the last position, in the rows where `_final_observation`, that is
    /// `terminated | truncated`, is true).
    ///
    /// Raises `ValueError` naming the game and the rule for an illegal action; then no game
    /// has changed. Actions that are not whole numbers (floats, booleans) are refused,
    /// never cut to a whole number.
    fn step<'py>(&mut self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
        let array: PyReadonlyArray1<'py, i64> = match actions.extract::<PyReadonlyArray1<'py, i64>>() {
            Ok(array) if array.is_c_contiguous() => array,
            _ => {
                let numpy = py.import("numpy")?;
                let given = numpy.call_method1("asarray", (actions,))?;
                let kind: String = given.getattr("dtype")?.getattr("kind")?.extract()?;
                if kind != "i" && kind != "u" {
                    return Err(value_error(format!(
                        "actions are action indices, whole numbers, not {} (a {} is never cut to a whole number)",
                        given.getattr("dtype")?.str()?,
                        if kind == "f" { "float such as 4.5" } else { "value of that type" }
                    )));
                }
                numpy
                    .call_method1("ascontiguousarray", (given, "int64"))?
                    .extract::<PyReadonlyArray1<'py, i64>>()?
            }
        };
        self.run(py, Call::Step(array.as_slice()?))?;
        PyTuple::new(
            py,
            [
                self.observations.bind(py).clone().into_any(),
                self.rewards.bind(py).clone().into_any(),
                self.terminated.bind(py).clone().into_any(),
                self.truncated.bind(py).clone().into_any(),
                self.info(py)?.into_any(),
            ],
        )
    }

    /// One legal action per game, drawn uniformly from the seat to act's legal actions, in
    /// Rust: `env.step(env.sample_actions())` plays random games without building random
    /// numbers over every action index in Python, and without masks. Its generator starts
    /// from the environment's seed at each reset.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let mut picks = vec![0i64; self.batch.len()];
        let (batch, state) = (&self.batch, &mut self.sampler);
        py.detach(|| {
            let mut draw = |count: usize| (next_random(state) % count as u64) as usize;
            batch.sample_actions(&mut draw, &mut picks);
        });
        PyArray1::from_vec(py, picks)
    }

    /// Game `i`'s legal actions now, sorted: a short list where the mask is long (Abilene:
    /// 131,000 action indices).
    fn legal_actions<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Bound<'py, PyArray1<i64>>> {
        self.check_game(i)?;
        let mut legal = Vec::new();
        self.batch.legal_actions(i, &mut legal);
        Ok(PyArray1::from_vec(py, legal))
    }

    /// The seed the games were started from (the one drawn for `seed=None`).
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.batch.len()
    }

    /// The number of seats of each game.
    #[getter]
    fn num_players(&self) -> usize {
        self.batch.num_players()
    }

    /// The size of the action index space.
    #[getter]
    fn num_actions(&self) -> usize {
        self.batch.num_distinct_actions()
    }

    /// The shape of one seat's observation.
    #[getter]
    fn observation_shape(&self) -> Vec<usize> {
        self.batch.observation_shape()
    }

    /// The decisions after which a game is cut (`None`: games run to their end).
    #[getter]
    fn max_steps(&self) -> Option<u32> {
        self.batch.mode().max_steps
    }

    /// Whether observations are every seat's.
    #[getter]
    fn every_seat(&self) -> bool {
        self.batch.mode().every_seat
    }

    /// The game.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// The observations (the buffer the last call wrote).
    #[getter]
    fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArrayDyn<f32>> {
        self.observations.bind(py).clone()
    }

    /// The legal action masks of the seats to act (`None` with `masks=False`).
    #[getter]
    fn action_masks<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyArray2<bool>>> {
        self.masks.as_ref().map(|m| m.bind(py).clone())
    }

    /// The rewards of the last step.
    #[getter]
    fn rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.rewards.bind(py).clone()
    }

    /// Which games the last step ended.
    #[getter]
    fn terminated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.terminated.bind(py).clone()
    }

    /// Which games the last step cut at `max_steps`.
    #[getter]
    fn truncated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.truncated.bind(py).clone()
    }

    /// The seat to act in each game.
    #[getter]
    fn current_players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
        self.players.bind(py).clone()
    }

    /// The decisions played in each game since it began.
    #[getter]
    fn elapsed_steps<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
        self.steps.bind(py).clone()
    }

    /// Every seat's observation of the last position of the games the last step ended or
    /// cut (`info["final_observation"]`; the other rows hold older values).
    #[getter]
    fn final_observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArrayDyn<f32>> {
        self.finals.bind(py).clone()
    }

    /// Game `i`'s full state as a dict (what `Game.load_state` and `load` read).
    fn state_json<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Bound<'py, PyAny>> {
        self.check_game(i)?;
        let json = self.batch.state_json(i).expect("a game in range");
        to_py(py, &json)
    }

    fn __len__(&self) -> usize {
        self.batch.len()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!("tabula.VectorEnv({:?}, {})", self.game.bind(py).get().inner.canonical(), self.batch.len())
    }
}
