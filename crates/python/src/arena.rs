//! `tabula.arena`: bots against each other with the statistics of `tabula arena` (the same
//! Rust code plays the games and computes the table), and the pieces `tabula.ray` spreads
//! over a cluster.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde::Deserialize;
use serde_json::{Value, json};
use tabula_core::Record;
use tabula_registry::arena::{
    self as engine, BotSpec, Config, GameResult, Outcome, Progress, Report, Timing,
};

use crate::convert::{from_py, kwargs_json, to_py};
use crate::error::value_error;
use crate::registry::registry;

/// Bot specs from a list of strings or one comma-separated string.
fn bot_specs(bots: &Bound<'_, PyAny>) -> PyResult<Vec<BotSpec>> {
    if let Ok(text) = bots.extract::<String>() {
        return engine::parse_list(&text).map_err(value_error);
    }
    let list: Vec<String> = bots.extract()?;
    engine::parse_list(&list.join(",")).map_err(value_error)
}

fn config_json(config: &Config) -> Value {
    json!({
        "game": config.game,
        "options": config.options,
        "bots": config.bots.iter().map(|b| b.label.clone()).collect::<Vec<_>>(),
        "games": config.games,
        "seed": config.seed,
    })
}

fn config_from(value: &Value, jobs: usize) -> PyResult<Config> {
    let field =
        |name: &str| value.get(name).ok_or_else(|| value_error(format!("an arena config has no `{name}`")));
    let labels: Vec<String> = serde_json::from_value(field("bots")?.clone()).map_err(value_error)?;
    let bots = engine::parse_list(&labels.join(",")).map_err(value_error)?;
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
/// games and statistics do not depend on it.
///
/// Raises `ValueError` for an unknown game or bot or bad options, before any game.
#[pyfunction(name = "arena")]
#[pyo3(signature = (game, bots, games = 100, seed = 0, jobs = None, records = false, **options))]
#[allow(clippy::too_many_arguments)]
pub fn play_arena(
    py: Python<'_>,
    game: &str,
    bots: &Bound<'_, PyAny>,
    games: usize,
    seed: u64,
    jobs: Option<usize>,
    records: bool,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let config = Config::new(registry(), game, &kwargs_json(options)?, bot_specs(bots)?, games, jobs, seed)
        .map_err(value_error)?;
    let start = std::time::Instant::now();
    let results =
        py.detach(|| engine::play_all(registry(), &config, &Progress::default())).map_err(value_error)?;
    let seconds = start.elapsed().as_secs_f64();
    Ok(to_py(py, &report(&config, &results, seconds, records))?.unbind())
}

/// An arena's checked configuration, for `tabula.ray` to send to its tasks.
#[pyfunction(name = "_arena_config")]
#[pyo3(signature = (game, bots, games = 100, seed = 0, **options))]
pub fn arena_config(
    py: Python<'_>,
    game: &str,
    bots: &Bound<'_, PyAny>,
    games: usize,
    seed: u64,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let config = Config::new(registry(), game, &kwargs_json(options)?, bot_specs(bots)?, games, 1, seed)
        .map_err(value_error)?;
    Ok(to_py(py, &config_json(&config))?.unbind())
}

/// Plays the arena's games with these indices (one thread, GIL released) and returns their
/// results with their records.
#[pyfunction(name = "_arena_play")]
pub fn arena_play(py: Python<'_>, config: &Bound<'_, PyAny>, indices: Vec<usize>) -> PyResult<Py<PyAny>> {
    let config = config_from(&from_py(config)?, 1)?;
    let plan = config.plan(registry()).map_err(value_error)?;
    let results = py
        .detach(|| {
            let progress = Progress::default();
            indices
                .iter()
                .map(|&index| engine::play_one(registry(), &config, &plan, index, &progress))
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
