//! `tabula.bot(name)`: every tabula bot and level as a policy, `policy(state) -> action`.

use std::collections::HashMap;
use std::sync::Mutex;

use pyo3::prelude::*;
use serde_json::Value;
use tabula_core::DynBot;

use crate::convert::to_py;
use crate::error::value_error;
use crate::registry::registry;
use crate::state::State;

/// A bot by name (`random`, `greedy`, `mcts`, `easy`, `hard`, ...) with its options and
/// seed. Called on a state it returns the action index it would play for the seat to act
/// (the state is not changed); it reads only that seat's view. One bot serves every game:
/// it is made for a game the first time it sees one.
#[pyclass(module = "tabula._tabula", name = "Bot")]
pub struct Bot {
    name: String,
    options: Value,
    seed: u64,
    /// The bot made for each game id; behind a lock because a search runs with the GIL
    /// released, so several Python threads may call one bot: they take turns.
    made: Mutex<HashMap<&'static str, Box<dyn DynBot>>>,
}

impl Bot {
    /// Makes the bot, checking its name and options against the first registered game.
    pub fn new(name: &str, options: Value, seed: u64) -> PyResult<Self> {
        let first = registry().entries().first().map(|e| e.spec.id).unwrap_or_default();
        let made = registry().make_bot(first, name, &options, seed).map_err(value_error)?;
        let bot = Bot { name: name.to_owned(), options, seed, made: Mutex::new(HashMap::new()) };
        bot.made.lock().map_err(value_error)?.insert(first, made);
        Ok(bot)
    }

    /// The action text the bot chooses, searching with the GIL released.
    ///
    /// The bot's lock is taken with the GIL released too: a thread that waits for the bot
    /// (another thread is searching with it) never holds the GIL the searching thread needs
    /// to return, so one bot shared by many threads serves them in turn, never deadlocks.
    fn choose_text(&self, py: Python<'_>, state: &State) -> PyResult<String> {
        let id = state.inner.game().spec().id;
        let inner = &*state.inner;
        py.detach(|| {
            let mut made = self.made.lock().map_err(|e| e.to_string())?;
            let bot = match made.entry(id) {
                std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::hash_map::Entry::Vacant(e) => e.insert(
                    registry()
                        .make_bot(id, &self.name, &self.options, self.seed)
                        .map_err(|e| e.to_string())?,
                ),
            };
            bot.choose(inner).map_err(|e| e.to_string())
        })
        .map_err(value_error)
    }
}

#[pymethods]
impl Bot {
    /// The action index the bot would play now.
    ///
    /// Raises `ValueError` when no seat is to act.
    fn __call__(&self, py: Python<'_>, state: PyRef<'_, State>) -> PyResult<usize> {
        let text = self.choose_text(py, &state)?;
        Ok(state.inner.parse(&text).map_err(value_error)?.1)
    }

    /// The action index the bot would play now (OpenSpiel's `Bot.step`).
    fn step(&self, py: Python<'_>, state: PyRef<'_, State>) -> PyResult<usize> {
        self.__call__(py, state)
    }

    /// The action the bot would play now, in text notation.
    fn choose(&self, py: Python<'_>, state: PyRef<'_, State>) -> PyResult<String> {
        self.choose_text(py, &state)
    }

    /// The candidates the last choice for this state's game weighed, best first, as
    /// `[{"action", "visits", "value"}]`; `None` for bots that do not search.
    fn explain<'py>(&self, py: Python<'py>, state: PyRef<'_, State>) -> PyResult<Bound<'py, PyAny>> {
        let id = state.inner.game().spec().id;
        // Waiting for the lock without the GIL (see `choose_text`).
        let explanation = py
            .detach(|| {
                let made = self.made.lock().map_err(|e| e.to_string())?;
                Ok::<_, String>(made.get(id).and_then(|bot| bot.last_explanation()))
            })
            .map_err(value_error)?;
        to_py(py, &serde_json::to_value(explanation).map_err(value_error)?)
    }

    /// The bot's name as asked for.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    fn __repr__(&self) -> String {
        format!("tabula.bot({:?}, seed={})", self.name, self.seed)
    }
}
