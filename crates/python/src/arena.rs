//! `tabula.arena`: bots against each other with the statistics of `tabula arena` (the same
//! Rust code plays the games and computes the table), and the pieces `tabula.ray` spreads
//! over a cluster.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde::Deserialize;
use serde_json::{Value, json};
use tabula_arena::{self as engine, BotSpec, Config, GameResult, Outcome, Progress, Report, Timing};
use tabula_core::Record;

use tabula_core::{DynBot, DynState, Turn};

use crate::convert::{from_py, kwargs_json, to_py};
use crate::error::value_error;
use crate::game::Game;
use crate::registry::registry;
use crate::state::State;

/// Bot specs from a list of strings or one comma-separated string.
fn bot_specs(bots: &Bound<'_, PyAny>) -> PyResult<Vec<BotSpec>> {
    if let Ok(text) = bots.extract::<String>() {
        return engine::parse_list(&text).map_err(value_error);
    }
    let list: Vec<String> = bots.extract()?;
    engine::parse_list(&list.join(",")).map_err(value_error)
}

/// The Python policies of an arena, by the index of their bot (`None`: a tabula bot).
type Policies = Vec<Option<Py<PyAny>>>;

/// The arena's bots: one comma-separated string, or a list whose items are bot specs
/// (strings), Python policies (a callable `policy(state) -> action index`, or an object
/// with OpenSpiel's `step(state)`), or `(label, policy)` pairs. The policies come back
/// beside the specs, by the index of their spec.
fn arena_bots(bots: &Bound<'_, PyAny>) -> PyResult<(Vec<BotSpec>, Policies)> {
    if bots.extract::<String>().is_ok() {
        let specs = bot_specs(bots)?;
        let policies = specs.iter().map(|_| None).collect();
        return Ok((specs, policies));
    }
    let mut specs = Vec::new();
    let mut policies = Vec::new();
    for item in bots.try_iter()? {
        let item = item?;
        if let Ok(text) = item.extract::<String>() {
            specs.push(engine::parse(&text).map_err(value_error)?);
            policies.push(None);
            continue;
        }
        let (label, policy) = match item.extract::<(String, Bound<'_, PyAny>)>() {
            Ok((label, policy)) => (label, policy),
            Err(_) => (policy_label(&item)?, item),
        };
        if !policy.is_callable() && !policy.hasattr("step")? {
            return Err(value_error(format!(
                "an arena's bot is a name (`mcts:iterations=200`), a callable `policy(state) -> action`, \
                 an object with `step(state)`, or a `(label, policy)` pair, not {}",
                policy.repr()?
            )));
        }
        specs.push(BotSpec::external(&label));
        policies.push(Some(policy.unbind()));
    }
    if specs.is_empty() {
        return Err(value_error("an arena needs at least one bot"));
    }
    let mut seen = std::collections::HashSet::new();
    for spec in &specs {
        if !seen.insert(spec.label.as_str()) && spec.external {
            return Err(value_error(format!(
                "two bots are labelled `{}`: give each Python policy its own label, as a `(label, policy)` pair",
                spec.label
            )));
        }
    }
    Ok((specs, policies))
}

/// A Python policy's label in the arena's table: its `name` attribute, else its
/// `__name__` (a function), else its type's name.
fn policy_label(policy: &Bound<'_, PyAny>) -> PyResult<String> {
    for attr in ["name", "__name__"] {
        if let Ok(name) = policy.getattr(attr).and_then(|n| n.extract::<String>()) {
            return Ok(name);
        }
    }
    Ok(policy.get_type().name()?.to_string())
}

/// A Python policy seated in the arena: at its turn it is given a state drawn from its
/// seat's view (`State.determinize`: it can read only what its seat knows) and answers an
/// action index, played on the real game.
struct PyPolicy {
    label: String,
    policy: Py<PyAny>,
    game: Py<Game>,
    seed: u64,
}

/// The Python policy of bot `bot` for one game.
fn seat_policy(
    config: &Config,
    policies: &Policies,
    game: &Py<Game>,
    bot: usize,
    seed: u64,
) -> Result<Box<dyn DynBot>, String> {
    let policy =
        policies.get(bot).and_then(Option::as_ref).ok_or("no Python policy was given for this bot")?;
    let (policy, game) = Python::attach(|py| (policy.clone_ref(py), game.clone_ref(py)));
    Ok(Box::new(PyPolicy { label: config.bots[bot].label.clone(), policy, game, seed }))
}

impl DynBot for PyPolicy {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn choose(&mut self, state: &dyn DynState) -> Result<String, String> {
        let Turn::Player(seat) = state.turn() else {
            return Err("no player is to act".to_owned());
        };
        self.seed = self.seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let seen = state.determinize(seat, self.seed).map_err(|e| e.to_string())?;
        let index = Python::attach(|py| -> PyResult<usize> {
            let given = Py::new(py, State::new(seen, self.game.clone_ref(py)))?;
            let policy = self.policy.bind(py);
            let answer = if policy.is_callable() {
                policy.call1((given,))?
            } else {
                policy.call_method1("step", (given,))?
            };
            answer.extract::<usize>()
        })
        .map_err(|e| format!("{}: {e}", self.label))?;
        state.index_text(index).map_err(|e| format!("{} answered action {index}: {e}", self.label))
    }
}

fn config_json(config: &Config) -> Value {
    json!({
        "game": config.game,
        "options": config.options,
        "bots": config.bots.iter().map(|b| b.label.clone()).collect::<Vec<_>>(),
        "python": config.bots.iter().map(|b| b.external).collect::<Vec<_>>(),
        "games": config.games,
        "seed": config.seed,
    })
}

fn config_from(value: &Value, jobs: usize) -> PyResult<Config> {
    let field =
        |name: &str| value.get(name).ok_or_else(|| value_error(format!("an arena config has no `{name}`")));
    let labels: Vec<String> = serde_json::from_value(field("bots")?.clone()).map_err(value_error)?;
    let python: Vec<bool> = match value.get("python") {
        Some(flags) => serde_json::from_value(flags.clone()).map_err(value_error)?,
        None => vec![false; labels.len()],
    };
    let bots =
        labels
            .iter()
            .zip(python.iter().chain(std::iter::repeat(&false)))
            .map(|(label, &python)| {
                if python { Ok(BotSpec::external(label)) } else { engine::parse(label).map_err(value_error) }
            })
            .collect::<PyResult<Vec<_>>>()?;
    let games = field("games")?.as_u64().ok_or_else(|| value_error("`games` must be a count"))? as usize;
    let seed = field("seed")?.as_u64().ok_or_else(|| value_error("`seed` must be an integer"))?;
    let game = field("game")?.as_str().ok_or_else(|| value_error("`game` must be a game id"))?;
    Config::new(registry(), game, field("options")?, bots, games, jobs, seed).map_err(value_error)
}

fn result_json(result: &GameResult) -> Value {
    let mut value = serde_json::to_value(result).unwrap_or(Value::Null);
    if let Value::Object(map) = &mut value {
        map.insert("record".to_owned(), serde_json::to_value(&result.record).unwrap_or(Value::Null));
    }
    value
}

/// One game's result as `_arena_play` gave it.
#[derive(Deserialize)]
struct Played {
    index: usize,
    seed: u64,
    seats: Vec<usize>,
    returns: Vec<f64>,
    actions: usize,
    timing: Vec<Timing>,
    record: Record,
}

fn report(config: &Config, results: &[GameResult], seconds: f64, records: bool) -> Value {
    let report = Report::new(config, results);
    let canonical = registry().make(&config.game, &config.options).map(|g| g.canonical()).unwrap_or_default();
    let mut document = report.document(config, &canonical, results, seconds);
    document["table"] = Value::String(report.table(config));
    if records {
        document["records"] = Value::Array(
            results.iter().map(|r| serde_json::to_value(&r.record).unwrap_or(Value::Null)).collect(),
        );
    }
    document
}

/// Bots against each other, as `tabula arena` plays them: `arena("abagio", ["hard",
/// "greedy"], games=400, seed=0, jobs=None, records=False, **options)`. Returns a dict with
/// `summary` (per bot: games, wins, draws, losses, win rate with its 95% interval, mean
/// return with its interval, Bradley–Terry rating), `pairwise`, `results` (per game: seats,
/// returns, seed, actions, timing), `ms_per_move`, the printed `table`, and with `records`
/// every game's record. `jobs` threads (default: every core) with the GIL released; the
/// games and statistics do not depend on it. With `positions` (a number of positions per
/// game, evenly spaced; 0 for all), `positions` holds what a value network learns from, as
/// `tabula arena --positions` writes it: numpy arrays `observations` (`[rows, inputs]`, each
/// seat's observation before an action), `returns` (that seat's return at the end, in
/// return units), `seats` and `games`.
///
/// Raises `ValueError` for an unknown game or bot or bad options, before any game.
#[pyfunction(name = "arena")]
#[pyo3(signature = (game, bots, games = 100, seed = 0, jobs = None, records = false, positions = None, **options))]
#[allow(clippy::too_many_arguments)]
pub fn play_arena(
    py: Python<'_>,
    game: &str,
    bots: &Bound<'_, PyAny>,
    games: usize,
    seed: u64,
    jobs: Option<usize>,
    records: bool,
    positions: Option<usize>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let (specs, policies) = arena_bots(bots)?;
    let config = Config::new(registry(), game, &kwargs_json(options)?, specs, games, jobs, seed)
        .map_err(value_error)?;
    let made = Py::new(
        py,
        Game { inner: registry().make(&config.game, &config.options).map_err(value_error)?.into() },
    )?;
    let external = |bot: usize, seed: u64| seat_policy(&config, &policies, &made, bot, seed);
    let start = std::time::Instant::now();
    let results = py
        .detach(|| engine::play_all_with(registry(), &config, &Progress::default(), &external))
        .map_err(value_error)?;
    let seconds = start.elapsed().as_secs_f64();
    let document = to_py(py, &report(&config, &results, seconds, records))?;
    if let Some(per_game) = positions {
        use numpy::{IntoPyArray, PyArrayMethods};
        let p = py
            .detach(|| engine::positions(registry(), &config, &results, (per_game > 0).then_some(per_game)))
            .map_err(value_error)?;
        let (rows, inputs) = (p.len(), p.inputs);
        let out = PyDict::new(py);
        out.set_item("observations", p.observations.into_pyarray(py).reshape([rows, inputs])?)?;
        out.set_item("returns", p.returns.into_pyarray(py))?;
        out.set_item("seats", p.seats.into_pyarray(py))?;
        out.set_item("games", p.games.into_pyarray(py))?;
        document.set_item("positions", out)?;
    }
    Ok(document.unbind())
}

/// An arena's checked configuration, for `tabula.ray` to send to its tasks, and its Python
/// policies by bot (`None` for tabula's bots), sent beside it.
#[pyfunction(name = "_arena_config")]
#[pyo3(signature = (game, bots, games = 100, seed = 0, **options))]
pub fn arena_config(
    py: Python<'_>,
    game: &str,
    bots: &Bound<'_, PyAny>,
    games: usize,
    seed: u64,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<(Py<PyAny>, Policies)> {
    let (specs, policies) = arena_bots(bots)?;
    let config =
        Config::new(registry(), game, &kwargs_json(options)?, specs, games, 1, seed).map_err(value_error)?;
    Ok((to_py(py, &config_json(&config))?.unbind(), policies))
}

/// Plays the arena's games with these indices (one thread, GIL released) and returns their
/// results with their records; `policies` are the Python policies `_arena_config` gave.
#[pyfunction(name = "_arena_play")]
#[pyo3(signature = (config, indices, policies = None))]
pub fn arena_play(
    py: Python<'_>,
    config: &Bound<'_, PyAny>,
    indices: Vec<usize>,
    policies: Option<Policies>,
) -> PyResult<Py<PyAny>> {
    let config = config_from(&from_py(config)?, 1)?;
    let policies = policies.unwrap_or_default();
    let plan = config.plan(registry()).map_err(value_error)?;
    let made = Py::new(
        py,
        Game { inner: registry().make(&config.game, &config.options).map_err(value_error)?.into() },
    )?;
    let external = |bot: usize, seed: u64| seat_policy(&config, &policies, &made, bot, seed);
    let results = py
        .detach(|| {
            let progress = Progress::default();
            indices
                .iter()
                .map(|&index| engine::play_one_with(registry(), &config, &plan, index, &progress, &external))
                .collect::<Result<Vec<_>, String>>()
        })
        .map_err(value_error)?;
    let list = PyList::empty(py);
    for result in &results {
        list.append(to_py(py, &result_json(result))?)?;
    }
    Ok(list.into_any().unbind())
}

/// The report of `arena` from results gathered elsewhere (in game order).
#[pyfunction(name = "_arena_report")]
pub fn arena_report(
    py: Python<'_>,
    config: &Bound<'_, PyAny>,
    results: &Bound<'_, PyAny>,
    seconds: f64,
    jobs: usize,
    records: bool,
) -> PyResult<Py<PyAny>> {
    let config = config_from(&from_py(config)?, jobs)?;
    let played: Vec<Played> = serde_json::from_value(from_py(results)?).map_err(value_error)?;
    let results: Vec<GameResult> = played
        .into_iter()
        .map(|p| GameResult {
            index: p.index,
            seed: p.seed,
            outcome: Outcome { seats: p.seats, returns: p.returns },
            actions: p.actions,
            timing: p.timing,
            record: p.record,
        })
        .collect();
    Ok(to_py(py, &report(&config, &results, seconds, records))?.unbind())
}
