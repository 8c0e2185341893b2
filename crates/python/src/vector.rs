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
        .map_err(value_error)
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
    #[pyo3(signature = (id, n, seed = 0, threads = 1, **options))]
    fn py_new(
        py: Python<'_>,
        id: &str,
        n: usize,
        seed: u64,
        threads: usize,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
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
            game: Py::new(py, game)?,
            seed,
        };
        env.run(py, None, seed)?;
        Ok(env)
    }

    /// Restarts every game (from `seed`, or the last seed given) and returns
    /// `(observations, action_masks, current_players)`.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<Bound<'py, PyTuple>> {
        self.seed = seed.unwrap_or(self.seed);
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
    fn step<'py>(&mut self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
        let array: PyReadonlyArray1<'py, i64> = match actions.extract::<PyReadonlyArray1<'py, i64>>() {
            Ok(array) if array.is_c_contiguous() => array,
            _ => py
                .import("numpy")?
                .call_method1("ascontiguousarray", (actions, "int64"))?
                .extract::<PyReadonlyArray1<'py, i64>>()?,
        };
        self.run(py, Some(array.as_slice()?), self.seed)?;
        self.outputs(py, true)
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
