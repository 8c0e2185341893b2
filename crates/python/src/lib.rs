//! The `tabula` Python package's native module, `tabula._tabula`: every registered game
//! through the type-erased layer, as OpenSpiel-style games and states with numpy
//! observations and masks, and every bot as a policy. The pure-Python parts (the
//! PettingZoo environment) live in `python/tabula/`; docs/python.md is the guide.
//!
//! Bad input raises `ValueError` with the engine's sentence; nothing here panics on it.

mod arena;
mod bot;
mod convert;
mod error;
mod game;
mod registry;
mod state;
mod vector;

use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::{kwargs_json, to_py};
use crate::game::{Game, json_arg, merge_options};
use crate::registry::registry;
use crate::state::{CHANCE_PLAYER_ID, State, TERMINAL_PLAYER_ID, state_from_record};

/// Every game: its id, name, seats, chance, information, utility, options (with allowed
/// values and defaults), bots and default canonical string.
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    to_py(py, &serde_json::Value::Array(registry().games_json()))
}

/// A game by id with its options: `load_game("sabotage-pipes", players=4)`, OpenSpiel's
/// `load_game("sabotage-pipes", {"players": 4})`, or a canonical string
/// `load_game("sabotage-pipes(players=4)")`.
///
/// Raises `ValueError` for an unknown game (listing the known ones) or a bad option
/// (naming what it allows).
#[pyfunction]
#[pyo3(signature = (id, params = None, **options))]
fn load_game(
    id: &str,
    params: Option<&Bound<'_, PyDict>>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Game> {
    Game::make(id, &merge_options(params, options)?)
}

/// Replays a game record (a dict or its JSON text) through the rules.
///
/// Raises `ValueError` naming the first refused action and why.
#[pyfunction]
fn load_record(py: Python<'_>, record: &Bound<'_, PyAny>) -> PyResult<State> {
    state_from_record(py, &json_arg(record)?)
}

/// The names of the bots every game has; a game that ships a value network also has
/// `expert` (each game's own list is its `bots` in `games()`).
#[pyfunction]
fn bots() -> Vec<&'static str> {
    tabula_ai::BOT_NAMES.to_vec()
}

/// A bot as a policy: `tabula.bot("hard")(state)` is the action index it plays.
///
/// Raises `ValueError` for an unknown bot or a bad option.
#[pyfunction(name = "bot")]
#[pyo3(signature = (name, seed = 0, **options))]
fn make_bot(name: &str, seed: u64, options: Option<&Bound<'_, PyDict>>) -> PyResult<bot::Bot> {
    bot::Bot::new(name, kwargs_json(options)?, seed)
}

/// The values tabula's Rust evaluator (the one the search runs at its leaves) gives
/// observations `[rows, inputs]` with the value network in file `path`: what a network
/// trained in Python (`tabula.train`) is checked against before the search uses it.
///
/// Raises `ValueError` for a file that is not a value network, or observations of another
/// length.
#[pyfunction]
fn net_values<'py>(
    py: Python<'py>,
    path: &str,
    observations: numpy::PyReadonlyArray2<'py, f32>,
) -> PyResult<Bound<'py, numpy::PyArray1<f32>>> {
    use numpy::{IntoPyArray, PyUntypedArrayMethods};
    let net = tabula_ai::net::ValueNet::from_file(path).map_err(pyo3::exceptions::PyValueError::new_err)?;
    let [rows, inputs] = observations.shape() else { unreachable!("a two-dimensional array") };
    let (rows, inputs) = (*rows, *inputs);
    if inputs != net.inputs() {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "the network reads {} values, but the observations have {inputs}",
            net.inputs()
        )));
    }
    let batch: Vec<f32> = observations.as_array().iter().copied().collect();
    let mut out = vec![0.0f32; rows];
    net.forward(&batch, rows, &mut out).map_err(pyo3::exceptions::PyValueError::new_err)?;
    Ok(out.into_pyarray(py))
}

/// The native module.
#[pymodule]
fn _tabula(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(load_record, m)?)?;
    m.add_function(wrap_pyfunction!(bots, m)?)?;
    m.add_function(wrap_pyfunction!(net_values, m)?)?;
    m.add_function(wrap_pyfunction!(make_bot, m)?)?;
    m.add_function(wrap_pyfunction!(arena::play_arena, m)?)?;
    m.add_function(wrap_pyfunction!(arena::arena_config, m)?)?;
    m.add_function(wrap_pyfunction!(arena::arena_play, m)?)?;
    m.add_function(wrap_pyfunction!(arena::arena_report, m)?)?;
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_class::<bot::Bot>()?;
    m.add_class::<vector::VectorEnv>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("CHANCE_PLAYER_ID", CHANCE_PLAYER_ID)?;
    m.add("TERMINAL_PLAYER_ID", TERMINAL_PLAYER_ID)?;
    Ok(())
}
