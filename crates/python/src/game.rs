//! `tabula.Game`: a game with its options (OpenSpiel's `Game`).

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use serde_json::Value;
use tabula_core::{DynGame, Record};

use crate::convert::{from_py, kwargs_json, to_py};
use crate::error::value_error;
use crate::registry::registry;
use crate::state::State;

/// A game with its options: `tabula.load_game("abagio")`. Its methods follow OpenSpiel's
/// `pyspiel.Game` (`num_players()`, `new_initial_state()`, ...).
#[pyclass(module = "tabula._tabula", name = "Game", frozen)]
pub struct Game {
    pub(crate) inner: Arc<dyn DynGame>,
}

impl Game {
    /// Makes a game from its id (or canonical string) and JSON options.
    pub fn make(id: &str, options: &Value) -> PyResult<Self> {
        let inner = if id.contains('(') {
            if !options.is_null() {
                return Err(value_error(format!(
                    "`{id}` already gives options: give them in the game string or as keyword arguments, not both"
                )));
            }
            registry().make_canonical(id)
        } else {
            registry().make(id, options)
        }
        .map_err(value_error)?;
        Ok(Game { inner: Arc::from(inner) })
    }

    /// The game id.
    pub fn id(&self) -> &'static str {
        self.inner.spec().id
    }
}

/// Reads JSON given as a Python object or as JSON text.
pub fn json_arg(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    if obj.is_instance_of::<PyString>() {
        let text = obj.extract::<String>()?;
        return serde_json::from_str(&text).map_err(|e| value_error(format!("this is not JSON: {e}")));
    }
    from_py(obj)
}

#[pymethods]
impl Game {
    /// Makes a game from its id and options: `Game("sabotage-pipes", players=4)`, or from a
    /// canonical string `Game("sabotage-pipes(players=4)")`.
    #[new]
    #[pyo3(signature = (id, params = None, **options))]
    fn py_new(
        id: &str,
        params: Option<&Bound<'_, PyDict>>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        Game::make(id, &merge_options(params, options)?)
    }

    /// The game id (`abagio`).
    #[getter(id)]
    fn py_id(&self) -> &'static str {
        self.id()
    }

    /// The game's name for people.
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.spec().name
    }

    /// What the game declares about itself: seats, teams, chance, information, utility,
    /// the return bounds and every option with its allowed values and default.
    fn spec<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &serde_json::to_value(self.inner.spec()).map_err(value_error)?)
    }

    /// The complete options, defaults filled in.
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.options().to_json())
    }

    /// The options (OpenSpiel's name).
    fn get_parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.options(py)
    }

    /// The canonical string, e.g. `sabotage-pipes(players=4,demontage=true,rounds=4)`.
    fn canonical(&self) -> String {
        self.inner.canonical()
    }

    /// The number of seats.
    fn num_players(&self) -> usize {
        self.inner.num_players()
    }

    /// The size of the action index space (player actions and chance outcomes together).
    fn num_distinct_actions(&self) -> usize {
        self.inner.num_distinct_actions()
    }

    /// The largest chance outcome index plus one: chance outcomes share the action indices.
    fn max_chance_outcomes(&self) -> usize {
        self.inner.num_distinct_actions()
    }

    /// An upper bound on the number of actions in a game, chance outcomes included.
    fn max_game_length(&self) -> usize {
        self.inner.max_game_length()
    }

    /// The shape of a seat's observation tensor.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        self.inner.observation_shape()
    }

    /// The number of values in a seat's observation tensor.
    fn observation_tensor_size(&self) -> usize {
        self.inner.observation_shape().iter().product()
    }

    /// The smallest return a seat can receive.
    fn min_utility(&self) -> f64 {
        self.inner.spec().min_return
    }

    /// The largest return a seat can receive.
    fn max_utility(&self) -> f64 {
        self.inner.spec().max_return
    }

    /// The unit of the returns with these options: a return divided by it counts the
    /// game's own stakes (Sabacc's money in caves, its `buy_in`); 1 where returns are small.
    /// The environments' `normalize_rewards=True` divides by it.
    fn return_unit(&self) -> f64 {
        self.inner.return_unit()
    }

    /// A new game at its initial state; `seed` seeds the generator that
    /// `State.sample_chance` draws from.
    #[pyo3(signature = (seed = 0))]
    fn new_initial_state(slf: &Bound<'_, Self>, seed: u64) -> State {
        State::new(slf.get().inner.new_state(seed), slf.clone().unbind())
    }

    /// A game at a position given as state JSON (a dict or its text), checked by the
    /// rules; the position has no history.
    ///
    /// Raises `ValueError` listing every rule the position breaks.
    #[pyo3(signature = (state, seed = 0))]
    fn load_state(slf: &Bound<'_, Self>, state: &Bound<'_, PyAny>, seed: u64) -> PyResult<State> {
        let json = json_arg(state)?;
        let inner = slf.get().inner.load_state(&json, seed).map_err(value_error)?;
        Ok(State::new(inner, slf.clone().unbind()))
    }

    /// The state that `State.serialize()` wrote, replayed through the rules.
    ///
    /// Raises `ValueError` for text that is not a record of this game, or an action the
    /// rules refuse (numbered, with the reason).
    fn deserialize_state(slf: &Bound<'_, Self>, text: &str) -> PyResult<State> {
        let record = Record::from_json_str(text).map_err(value_error)?;
        let game = slf.get();
        let options =
            tabula_core::Options::from_json(game.inner.spec(), &record.options).map_err(value_error)?;
        if record.game != game.id() || options != game.inner.options() {
            return Err(value_error(format!(
                "this is a record of {}, not of {}",
                tabula_core::error::quote(&record.game),
                game.inner.canonical()
            )));
        }
        let inner = registry().load_record(&record).map_err(value_error)?;
        Ok(State::new(inner, slf.clone().unbind()))
    }

    fn __str__(&self) -> String {
        self.inner.canonical()
    }

    fn __repr__(&self) -> String {
        format!("tabula.load_game({:?})", self.inner.canonical())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Game>().is_ok_and(|o| o.get().inner.canonical() == self.inner.canonical())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.inner.canonical().hash(&mut hasher);
        hasher.finish()
    }

    /// Pickles as its canonical string.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let load = py.import("tabula._tabula")?.getattr("load_game")?;
        PyTuple::new(py, [load, PyTuple::new(py, [self.inner.canonical()])?.into_any()])
    }
}

/// OpenSpiel's parameter dict and keyword options, as one JSON object.
pub fn merge_options(
    params: Option<&Bound<'_, PyDict>>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Value> {
    let mut merged = match kwargs_json(params)? {
        Value::Object(map) => map,
        _ => serde_json::Map::new(),
    };
    if let Value::Object(map) = kwargs_json(options)? {
        merged.extend(map);
    }
    Ok(if merged.is_empty() { Value::Null } else { Value::Object(merged) })
}
