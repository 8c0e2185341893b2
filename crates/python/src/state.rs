//! `tabula.State`: a game in progress (OpenSpiel's `State`), with its history and seeded
//! chance generator.

use numpy::{IntoPyArray, PyArray1, PyArrayDyn, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use serde_json::Value;
use tabula_core::{DynState, Turn};

use crate::convert::to_py;
use crate::error::value_error;
use crate::game::Game;

/// OpenSpiel's player id at a chance node.
pub const CHANCE_PLAYER_ID: i64 = -1;
/// OpenSpiel's player id at a terminal state.
pub const TERMINAL_PLAYER_ID: i64 = -4;

/// A game in progress. Actions are indices in `0..game.num_distinct_actions()` (chance
/// outcomes included) or text in the game's notation; a refused action raises `ValueError`
/// with the rule's sentence and changes nothing.
#[pyclass(module = "tabula._tabula", name = "State")]
pub struct State {
    pub(crate) inner: Box<dyn DynState>,
    game: Py<Game>,
}

impl State {
    /// Wraps an erased state with its Python game.
    pub fn new(inner: Box<dyn DynState>, game: Py<Game>) -> Self {
        State { inner, game }
    }

    fn seat(&self, player: Option<i64>) -> PyResult<usize> {
        let n = self.inner.game().num_players();
        match player {
            Some(p) if p >= 0 && (p as usize) < n => Ok(p as usize),
            Some(p) => Err(value_error(format!("there is no seat {p}: seats are 0 to {}", n - 1))),
            None => match self.inner.turn() {
                Turn::Player(p) => Ok(p),
                _ => {
                    Err(value_error("no player is to act: name the seat (a chance node or the game is over)"))
                }
            },
        }
    }

    fn index(&self, text: &str) -> PyResult<usize> {
        Ok(self.inner.parse(text).map_err(value_error)?.1)
    }
}

/// An action index from Python (an int or a numpy integer).
fn action_index(action: i64) -> PyResult<usize> {
    usize::try_from(action).map_err(|_| value_error(format!("action index {action} is negative")))
}

#[pymethods]
impl State {
    /// The seat to act, or `CHANCE_PLAYER_ID` (-1) at a chance node, or
    /// `TERMINAL_PLAYER_ID` (-4) when the game is over (OpenSpiel's numbers).
    fn current_player(&self) -> i64 {
        match self.inner.turn() {
            Turn::Player(p) => p as i64,
            Turn::Chance => CHANCE_PLAYER_ID,
            Turn::Terminal => TERMINAL_PLAYER_ID,
        }
    }

    /// Whether a chance outcome is due.
    fn is_chance_node(&self) -> bool {
        self.inner.turn() == Turn::Chance
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }

    /// Whether a seat is to act.
    fn is_player_node(&self) -> bool {
        matches!(self.inner.turn(), Turn::Player(_))
    }

    /// Whether seats act one at a time: always (hidden commitments are sequential).
    fn is_simultaneous_node(&self) -> bool {
        false
    }

    /// The number of seats.
    fn num_players(&self) -> usize {
        self.inner.game().num_players()
    }

    /// The indices of the legal actions (at a chance node, of the outcomes), in a stable
    /// order. With `player`: empty unless that seat is to act (OpenSpiel's convention).
    #[pyo3(signature = (player = None))]
    fn legal_actions(&self, player: Option<i64>) -> Vec<usize> {
        match player {
            Some(p) if p != self.current_player() => Vec::new(),
            _ => self.inner.legal_indices(),
        }
    }

    /// The legal actions (or chance outcomes) in text notation, in the order of
    /// `legal_actions()`.
    fn legal_actions_text(&self) -> Vec<String> {
        self.inner.legal_actions()
    }

    /// The legal action mask, a numpy `bool` array of `num_distinct_actions()` entries:
    /// true exactly at the legal actions of the seat to act (all false at a chance node, a
    /// terminal state, or for a `player` who is not to act).
    #[pyo3(signature = (player = None))]
    fn legal_actions_mask<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let mut mask = vec![false; self.inner.game().num_distinct_actions()];
        if player.is_none_or(|p| p == self.current_player()) {
            self.inner.legal_action_mask(&mut mask).map_err(value_error)?;
        }
        Ok(mask.into_pyarray(py))
    }

    /// At a chance node, each outcome's action index and probability; otherwise empty.
    fn chance_outcomes(&self) -> PyResult<Vec<(usize, f64)>> {
        self.inner.chance_outcomes().into_iter().map(|(text, p)| Ok((self.index(&text)?, p))).collect()
    }

    /// Applies the action with this index (at a chance node: forces that outcome) and
    /// returns its text.
    ///
    /// Raises `ValueError` (the rule's sentence) for an illegal action or an index out of
    /// range; the state is then unchanged.
    fn apply_action(&mut self, action: i64) -> PyResult<String> {
        self.inner.apply_index(action_index(action)?).map_err(value_error)
    }

    /// Applies an action given in text notation and returns its canonical text.
    ///
    /// Raises `ValueError` for unreadable text or an illegal action; the state is then
    /// unchanged.
    fn apply_text(&mut self, text: &str) -> PyResult<String> {
        self.inner.apply(text).map_err(value_error)
    }

    /// Draws the chance outcome from the state's seeded generator, applies it and returns
    /// its index. The outcome depends only on the seed and the move number, so a state
    /// replayed from its record draws the same.
    ///
    /// Raises `ValueError` when no chance outcome is due.
    fn sample_chance(&mut self) -> PyResult<usize> {
        let text = self.inner.sample_chance().map_err(value_error)?;
        self.index(&text)
    }

    /// A position sampled from seat `player`'s view alone, drawn with `seed`: what the seat
    /// cannot see is invented, consistently with everything it has seen (a determinization,
    /// for searches over hidden information). The new state has no history.
    ///
    /// Raises `ValueError` for a seat outside the game.
    #[pyo3(signature = (player, seed = 0))]
    fn determinize(&self, py: Python<'_>, player: i64, seed: u64) -> PyResult<State> {
        let inner = self.inner.determinize(self.seat(Some(player))?, seed).map_err(value_error)?;
        Ok(State { inner, game: self.game.clone_ref(py) })
    }

    /// Each seat's return (final when the game is over).
    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    /// Seat `player`'s return.
    fn player_return(&self, player: i64) -> PyResult<f64> {
        let seat = self.seat(Some(player))?;
        Ok(self.inner.returns()[seat])
    }

    /// Seat `player`'s observation tensor (default: the seat to act), a numpy `float32`
    /// array of the game's `observation_tensor_shape()`, written from that seat's view
    /// alone (layout: docs/python-observations.md).
    #[pyo3(signature = (player = None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
        let seat = self.seat(player)?;
        let shape = self.inner.game().observation_shape();
        let mut values = vec![0.0f32; shape.iter().product()];
        self.inner.observation(seat, &mut values).map_err(value_error)?;
        values.into_pyarray(py).reshape(shape)
    }

    /// Seat `player`'s view as a dict `{"player", "view", "history"}`: what that seat
    /// sees, and every action as it observed it. Without `player`: what every seat sees
    /// (a spectator's `{"view", "history"}`).
    #[pyo3(signature = (player = None))]
    fn view<'py>(&self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        let json = match player {
            Some(_) => self.inner.view(self.seat(player)?).map_err(value_error)?,
            None => self.inner.public_view(),
        };
        to_py(py, &json)
    }

    /// The referee's view: the full state and history (never show it to a seat).
    fn referee_view<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.referee_view())
    }

    /// The full state as JSON (what `Game.load_state` reads).
    fn state_json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.state_json())
    }

    /// Seat `player`'s information state as text (default: the seat to act): its view and
    /// its history as JSON, equal exactly when the seat cannot tell two states apart.
    ///
    /// `prefix`, JSON text of a list, goes before the history: what the seat had observed
    /// before this state began (a determinized state starts without history).
    #[pyo3(signature = (player = None, prefix = None))]
    fn information_state_string(&self, player: Option<i64>, prefix: Option<&str>) -> PyResult<String> {
        let mut view = self.inner.view(self.seat(player)?).map_err(value_error)?;
        if let Some(prefix) = prefix {
            prepend_history(&mut view, prefix)?;
        }
        Ok(view.to_string())
    }

    /// Seat `player`'s history as it observed it, as JSON text of a list, after `prefix`
    /// (JSON text of a list) when given.
    #[pyo3(signature = (player = None, prefix = None))]
    fn observed_history(&self, player: Option<i64>, prefix: Option<&str>) -> PyResult<String> {
        let mut view = self.inner.view(self.seat(player)?).map_err(value_error)?;
        if let Some(prefix) = prefix {
            prepend_history(&mut view, prefix)?;
        }
        Ok(view.get("history").cloned().unwrap_or(Value::Array(Vec::new())).to_string())
    }

    /// Seat `player`'s view without the history, as JSON text (default: the seat to act).
    #[pyo3(signature = (player = None))]
    fn observation_string(&self, player: Option<i64>) -> PyResult<String> {
        Ok(self.inner.seat_view(self.seat(player)?).map_err(value_error)?.to_string())
    }

    /// A copy of this game in progress (history and seed included).
    fn clone(&self, py: Python<'_>) -> State {
        State { inner: self.inner.clone(), game: self.game.clone_ref(py) }
    }

    fn __copy__(&self, py: Python<'_>) -> State {
        self.clone(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> State {
        self.clone(py)
    }

    /// The game record so far as JSON text (game, options, seed, actions); the game's
    /// `deserialize_state` and `tabula.load_record` replay it.
    fn serialize(&self) -> String {
        serde_json::to_string(&self.inner.record(Vec::new())).unwrap_or_default()
    }

    /// The game record so far as a dict, with these seat names.
    #[pyo3(signature = (seats = None))]
    fn record<'py>(&self, py: Python<'py>, seats: Option<Vec<String>>) -> PyResult<Bound<'py, PyAny>> {
        let record = self.inner.record(seats.unwrap_or_default());
        to_py(py, &serde_json::to_value(record).map_err(value_error)?)
    }

    /// The index of every action applied so far, chance outcomes included.
    fn history(&self) -> PyResult<Vec<usize>> {
        self.inner.history().iter().map(|text| self.index(text)).collect()
    }

    /// Every action applied so far in text notation.
    fn history_text(&self) -> Vec<String> {
        self.inner.history()
    }

    /// The number of actions applied so far, chance outcomes included.
    fn move_number(&self) -> usize {
        self.inner.history_len()
    }

    /// The seed of the chance generator.
    fn seed(&self) -> u64 {
        self.inner.seed()
    }

    /// The text of an action index: `action_to_string(action)` or OpenSpiel's
    /// `action_to_string(player, action)`.
    #[pyo3(signature = (first, second = None))]
    fn action_to_string(&self, first: i64, second: Option<i64>) -> PyResult<String> {
        let action = second.unwrap_or(first);
        self.inner.index_text(action_index(action)?).map_err(value_error)
    }

    /// The index of an action written in text notation (OpenSpiel's `string_to_action`,
    /// with or without a leading player).
    #[pyo3(signature = (first, second = None))]
    fn string_to_action(&self, first: &Bound<'_, PyAny>, second: Option<&str>) -> PyResult<usize> {
        match second {
            Some(text) => self.index(text),
            None => self.index(&first.extract::<String>()?),
        }
    }

    /// The game.
    fn get_game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    fn __str__(&self) -> String {
        self.inner.state_json().to_string()
    }

    fn __repr__(&self) -> String {
        format!("<tabula.State {} after {} actions>", self.inner.game().canonical(), self.inner.history_len())
    }

    /// Pickles as its record.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let load = py.import("tabula._tabula")?.getattr("load_record")?;
        PyTuple::new(py, [load, PyTuple::new(py, [self.serialize()])?.into_any()])
    }
}

/// Turns a JSON record into a state of a fresh game.
pub fn state_from_record(py: Python<'_>, record: &Value) -> PyResult<State> {
    let record = tabula_core::Record::from_json(record).map_err(value_error)?;
    let inner = crate::registry::registry().load_record(&record).map_err(value_error)?;
    let game = Game::make(&record.game, &record.options)?;
    Ok(State::new(inner, Py::new(py, game)?))
}

/// Puts the entries of `prefix` (JSON text of a list) before the view's `history`.
fn prepend_history(view: &mut Value, prefix: &str) -> PyResult<()> {
    let Value::Array(mut entries) = serde_json::from_str(prefix)
        .map_err(|e| value_error(format!("the history prefix is not JSON: {e}")))?
    else {
        return Err(value_error("the history prefix must be a JSON list"));
    };
    if let Some(Value::Array(history)) = view.get_mut("history") {
        entries.append(history);
        *history = entries;
    }
    Ok(())
}
