//! `tabula.VectorEnv`: N games of one kind stepped per call in Rust, with the GIL released,
//! chance sampled inside and finished games restarted; numpy buffers written in place.

use numpy::{PyArray1, PyArray2, PyArrayDyn, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use tabula_core::{BatchOut, DynBatch};

use crate::convert::{kwargs_json, to_py};
use crate::error::value_error;
use crate::game::Game;
use crate::registry::registry;

/// `n` games of one kind stepped together: `VectorEnv("abagio", 1024, seed=0)`.
///
/// Every game always waits on a seat's decision: chance outcomes are drawn inside from a
/// per-game generator seeded from `seed` and the game's number, and a game that ends is
/// restarted at once (its `rewards` row holds the final returns, `terminated` is true, and
/// the other arrays already describe the new game). `threads` splits the games across
/// threads in each call; the results do not depend on it.
///
/// The arrays returned are the environment's own buffers, overwritten by the next call:
/// copy what you keep.
#[pyclass(module = "tabula._tabula", name = "VectorEnv")]
pub struct VectorEnv {
    batch: Box<dyn DynBatch>,
    game: Py<Game>,
    seed: u64,
    observations: Py<PyArrayDyn<f32>>,
    masks: Py<PyArray2<bool>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    players: Py<PyArray1<i32>>,
    /// The generator of `sample_actions` (SplitMix64), seeded from the environment's seed.
    sampler: u64,
    /// What the rewards are divided by (`normalize_rewards`: the game's return unit).
    reward_unit: f32,
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
    fn run(&mut self, py: Python<'_>, actions: Option<&[i64]>, seed: u64) -> PyResult<()> {
        let mut observations = self.observations.bind(py).readwrite();
        let mut masks = self.masks.bind(py).readwrite();
        let mut rewards = self.rewards.bind(py).readwrite();
        let mut terminated = self.terminated.bind(py).readwrite();
        let mut players = self.players.bind(py).readwrite();
        let out = BatchOut {
            observations: observations.as_slice_mut()?,
            masks: masks.as_slice_mut()?,
            rewards: rewards.as_slice_mut()?,
            terminated: terminated.as_slice_mut()?,
            players: players.as_slice_mut()?,
        };
        let batch = &mut self.batch;
        py.detach(|| match actions {
            Some(actions) => batch.step(actions, out),
            None => batch.reset(seed, out),
        })
        .map_err(value_error)?;
        if self.reward_unit != 1.0 {
            rewards.as_slice_mut()?.iter_mut().for_each(|r| *r /= self.reward_unit);
        }
        Ok(())
    }

    fn outputs<'py>(&self, py: Python<'py>, step: bool) -> PyResult<Bound<'py, PyTuple>> {
        let mut items: Vec<Bound<'py, PyAny>> =
            vec![self.observations.bind(py).clone().into_any(), self.masks.bind(py).clone().into_any()];
        if step {
            items.push(self.rewards.bind(py).clone().into_any());
            items.push(self.terminated.bind(py).clone().into_any());
        }
        items.push(self.players.bind(py).clone().into_any());
        PyTuple::new(py, items)
    }
}

#[pymethods]
impl VectorEnv {
    /// Makes `n` games of `id` with these options (or a canonical string), seeded from
    /// `seed`, and resets them.
    ///
    /// Raises `ValueError` for an unknown game or bad options.
    #[new]
    ///
    /// `normalize_rewards=True` divides the rewards by the game's return unit
    /// (`Game.return_unit`: Sabacc's money in caves).
    #[pyo3(signature = (id, n, seed = Some(0), threads = 1, normalize_rewards = false, **options))]
    fn py_new(
        py: Python<'_>,
        id: &str,
        n: usize,
        seed: Option<u64>,
        threads: usize,
        normalize_rewards: bool,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        // `seed=None`: a seed drawn from the system, kept in `env.seed` to replay the run.
        let seed = seed.unwrap_or_else(fresh_seed);
        if n == 0 {
            return Err(value_error("a VectorEnv needs at least one game"));
        }
        let game = Game::make(id, &kwargs_json(options)?)?;
        let mut batch = registry()
            .make_batch(game.id(), &game.inner.options().to_json(), n, seed)
            .map_err(value_error)?;
        batch.set_threads(threads);
        let mut shape = vec![n];
        shape.extend(batch.observation_shape());
        let (actions, seats) = (batch.num_distinct_actions(), batch.num_players());
        let mut env = VectorEnv {
            observations: PyArrayDyn::<f32>::zeros(py, shape, false).unbind(),
            masks: PyArray2::<bool>::zeros(py, [n, actions], false).unbind(),
            rewards: PyArray2::<f32>::zeros(py, [n, seats], false).unbind(),
            terminated: PyArray1::<bool>::zeros(py, n, false).unbind(),
            players: PyArray1::<i32>::zeros(py, n, false).unbind(),
            batch,
            reward_unit: if normalize_rewards { game.inner.return_unit() as f32 } else { 1.0 },
            game: Py::new(py, game)?,
            seed,
            sampler: seed,
        };
        env.run(py, None, seed)?;
        Ok(env)
    }

    /// Restarts every game (from `seed`, or the last seed given) and returns
    /// `(observations, action_masks, current_players)`.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<Bound<'py, PyTuple>> {
        self.seed = seed.unwrap_or(self.seed);
        self.sampler = self.seed;
        self.run(py, None, self.seed)?;
        self.outputs(py, false)
    }

    /// Plays `actions[i]` (an action index for game `i`'s seat to act) in every game and
    /// returns `(observations, action_masks, rewards, terminated, current_players)`:
    /// `observations` (`n × observation shape`, float32) and `action_masks` (`n ×
    /// num_actions`, bool) are those of the seat now to act, `rewards` (`n × num_players`,
    /// float32) each seat's return where a game just ended, else 0.
    ///
    /// Raises `ValueError` naming the game and the rule for an illegal action; then no game
    /// has changed.
    /// Actions that are not whole numbers (floats, booleans) are refused, never cut to a
    /// whole number.
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
        self.run(py, Some(array.as_slice()?), self.seed)?;
        self.outputs(py, true)
    }

    /// One legal action per game, drawn uniformly from the seat to act's legal actions
    /// (the current masks), in Rust: `env.step(env.sample_actions())` plays random games
    /// without building random numbers over every action index in Python. Its generator
    /// starts from the environment's seed at each reset.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let masks = self.masks.bind(py).readonly();
        let masks = masks.as_slice()?;
        let width = self.batch.num_distinct_actions();
        let state = &mut self.sampler;
        let picks: Vec<i64> = py.detach(|| {
            masks
                .chunks(width.max(1))
                .map(|row| {
                    let legal = row.iter().filter(|&&m| m).count();
                    if legal == 0 {
                        return -1;
                    }
                    let k = (next_random(state) % legal as u64) as usize;
                    row.iter().enumerate().filter(|(_, m)| **m).nth(k).map_or(-1, |(i, _)| i as i64)
                })
                .collect()
        });
        Ok(PyArray1::from_vec(py, picks))
    }

    /// Game `i`'s legal actions now (the indices its mask row holds), sorted: a short list
    /// where the mask is long (Abilene: 131,000 action indices).
    fn legal_actions<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let n = self.batch.len();
        if i >= n {
            return Err(value_error(format!("there is no game {i}: games are 0 to {}", n - 1)));
        }
        let width = self.batch.num_distinct_actions();
        let masks = self.masks.bind(py).readonly();
        let row = &masks.as_slice()?[i * width..(i + 1) * width];
        let legal: Vec<i64> = row.iter().enumerate().filter(|(_, m)| **m).map(|(k, _)| k as i64).collect();
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

    /// The shape of one observation.
    #[getter]
    fn observation_shape(&self) -> Vec<usize> {
        self.batch.observation_shape()
    }

    /// The game.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// The observations of the seats to act (the buffer the last call wrote).
    #[getter]
    fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArrayDyn<f32>> {
        self.observations.bind(py).clone()
    }

    /// The legal action masks of the seats to act.
    #[getter]
    fn action_masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        self.masks.bind(py).clone()
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

    /// The seat to act in each game.
    #[getter]
    fn current_players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
        self.players.bind(py).clone()
    }

    /// Game `i`'s full state as a dict (what `Game.load_state` reads).
    fn state_json<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Bound<'py, PyAny>> {
        let json = self.batch.state_json(i).ok_or_else(|| {
            value_error(format!("there is no game {i}: games are 0 to {}", self.batch.len() - 1))
        })?;
        to_py(py, &json)
    }

    fn __len__(&self) -> usize {
        self.batch.len()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!("tabula.VectorEnv({:?}, {})", self.game.bind(py).get().inner.canonical(), self.batch.len())
    }
}
