//! Arenas: bots play many games against each other, seats rotated, in parallel, and a
//! table says how strong each is. `tabula arena`, Python's `tabula.arena` and its Ray
//! arena (`tabula.ray`) all play their games and compute their tables here.
//!
//! Reproducible: game `i` takes its chance seed and its bots' seeds from the arena's seed
//! and `i` alone, and results are gathered in game order, so the same seed gives the same
//! games and the same table whatever the number of threads or machines (the per-move
//! timings aside, and provided no bot's budget is a wall-clock time).
//!
//! Seats: with as many bots as seats or more, the games cycle through every assignment of
//! distinct bots to seats (every bot sits in every seat equally often, against every other
//! bot); with fewer bots than seats, bot `(i + s) mod k` sits in seat `s` of game `i`, so
//! two bots at a four-seat table of two teams play as teams, and swap. The games of one
//! cycle share their chance seed, so each assignment meets the same first deal.

mod positions;
mod spec;
mod stats;

use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabula_core::{DynBot, Record, Registry, Turn};

pub use positions::{Positions, positions};
pub use spec::{BotSpec, parse, parse_list};
pub use stats::{BotSummary, Outcome, Pairwise, bradley_terry, pairwise, summarize, wilson};

/// How one seat's bot spent its time in a game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Timing {
    /// Moves made.
    pub moves: u64,
    /// Seconds spent choosing them.
    pub seconds: f64,
    /// The longest move, in seconds.
    pub max_seconds: f64,
}

/// One game of an arena.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameResult {
    /// The game's number, from 0.
    pub index: usize,
    /// Its chance seed.
    pub seed: u64,
    /// Who sat where, and the returns.
    #[serde(flatten)]
    pub outcome: Outcome,
    /// Actions in the game, chance included.
    pub actions: usize,
    /// Each seat's timing.
    pub timing: Vec<Timing>,
    /// The game's record (bots' labels as seats), for `--records`.
    #[serde(skip)]
    pub record: Record,
}

/// How far an arena has got, shared by the workers and the progress bar: finished games,
/// and actions played (in finished and unfinished games), so that an estimate of the time
/// left is there from the first moves, not only after the first whole game.
#[derive(Debug, Default)]
pub struct Progress {
    /// Games finished.
    pub games: AtomicUsize,
    /// Actions played in every game so far, chance included.
    pub actions: AtomicU64,
    /// Actions of the finished games.
    pub finished_actions: AtomicU64,
}

impl Progress {
    /// The fraction of the arena done, from the actions played against the expected
    /// length of a game: the mean of the finished games, or `first_guess` before any.
    pub fn fraction(&self, games: usize, first_guess: f64) -> f64 {
        let done = self.games.load(Ordering::Relaxed);
        if done >= games {
            return 1.0;
        }
        let length = match done {
            0 => first_guess.max(1.0),
            n => self.finished_actions.load(Ordering::Relaxed) as f64 / n as f64,
        };
        let expected = length * games as f64;
        // Never below the games finished, never 1 before the last one (past 999 of 1,000
        // games the two bounds meet).
        let least = (done as f64 / games as f64).min(0.999);
        (self.actions.load(Ordering::Relaxed) as f64 / expected).clamp(least, 0.999)
    }
}

/// An arena's whole configuration, checked.
#[derive(Debug, Clone)]
pub struct Config {
    /// The game id.
    pub game: String,
    /// Its options.
    pub options: Value,
    /// The bots.
    pub bots: Vec<BotSpec>,
    /// Games to play.
    pub games: usize,
    /// Worker threads.
    pub jobs: usize,
    /// The arena's seed.
    pub seed: u64,
}

impl Config {
    /// Checks an arena's configuration: the game and its options, every bot (made once for
    /// the game, so a bad name or option is refused before any game), at least one game;
    /// the options are completed with their defaults.
    ///
    /// # Errors
    /// An unknown game or bot, bad options or bot options, no games.
    pub fn new(
        registry: &Registry,
        game: &str,
        options: &Value,
        bots: Vec<BotSpec>,
        games: usize,
        jobs: usize,
        seed: u64,
    ) -> Result<Config, String> {
        let made = registry.make(game, options).map_err(|e| e.to_string())?;
        for bot in bots.iter().filter(|b| !b.external) {
            registry
                .make_bot(game, &bot.name, &bot.options, 0)
                .map_err(|e| format!("bot `{}`: {e}", bot.label))?;
        }
        if games == 0 {
            return Err("an arena needs at least one game".to_owned());
        }
        Ok(Config {
            game: game.to_owned(),
            options: made.options().to_json(),
            bots,
            games,
            jobs: jobs.max(1),
            seed,
        })
    }

    /// The seat assignments its games cycle through.
    ///
    /// # Errors
    /// The game cannot be made.
    pub fn plan(&self, registry: &Registry) -> Result<Vec<Vec<usize>>, String> {
        let game = registry.make(&self.game, &self.options).map_err(|e| e.to_string())?;
        Ok(schedule(self.bots.len(), game.num_players()))
    }
}

/// SplitMix64: seeds for each game and seat from the arena's seed.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seat assignments the games cycle through (see the module docs).
pub fn schedule(bots: usize, seats: usize) -> Vec<Vec<usize>> {
    if bots >= seats && permutations_count(bots, seats) <= 5040 {
        let mut out = Vec::new();
        let mut current = Vec::with_capacity(seats);
        permutations(bots, seats, &mut current, &mut out);
        out
    } else {
        (0..bots.max(1)).map(|i| (0..seats).map(|s| (i + s) % bots).collect()).collect()
    }
}

fn permutations_count(bots: usize, seats: usize) -> usize {
    (bots + 1 - seats.min(bots)..=bots).product()
}

fn permutations(bots: usize, seats: usize, current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    if current.len() == seats {
        out.push(current.clone());
        return;
    }
    for b in 0..bots {
        if !current.contains(&b) {
            current.push(b);
            permutations(bots, seats, current, out);
            current.pop();
        }
    }
}

/// Makes the bots the arena's caller provides (`BotSpec::external`): given the bot's index
/// in `Config::bots` and its seed for this game.
pub type ExternalBots<'a> = &'a (dyn Fn(usize, u64) -> Result<Box<dyn DynBot>, String> + Sync);

/// The maker for an arena without external bots.
fn no_external(bot: usize, _seed: u64) -> Result<Box<dyn DynBot>, String> {
    Err(format!("bot {bot} is made by the arena's caller, and none was given"))
}

/// Plays game `index` of the arena.
///
/// # Errors
/// A bot that cannot be made, cannot choose, or plays a move the rules refuse.
pub fn play_one(
    registry: &Registry,
    config: &Config,
    plan: &[Vec<usize>],
    index: usize,
    progress: &Progress,
) -> Result<GameResult, String> {
    play_one_with(registry, config, plan, index, progress, &no_external)
}

/// [`play_one`], with the arena caller's own bots made by `external`.
///
/// # Errors
/// As [`play_one`].
pub fn play_one_with(
    registry: &Registry,
    config: &Config,
    plan: &[Vec<usize>],
    index: usize,
    progress: &Progress,
    external: ExternalBots<'_>,
) -> Result<GameResult, String> {
    let game = registry.make(&config.game, &config.options).map_err(|e| e.to_string())?;
    let seats = plan[index % plan.len()].clone();
    let seed = mix(config.seed ^ mix((index / plan.len()) as u64));
    let mut bots = Vec::with_capacity(seats.len());
    for (seat, &bot) in seats.iter().enumerate() {
        let spec = &config.bots[bot];
        let bot_seed = mix(seed ^ mix(((index as u64) << 8) | seat as u64));
        bots.push(if spec.external {
            external(bot, bot_seed)?
        } else {
            registry.make_bot(&config.game, &spec.name, &spec.options, bot_seed)?
        });
    }
    let mut state = game.new_state(seed);
    let mut timing = vec![Timing::default(); seats.len()];
    let mut actions = 0;
    loop {
        match state.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                state.sample_chance().map_err(|e| e.to_string())?;
            }
            Turn::Player(seat) => {
                let start = Instant::now();
                let text = bots[seat].choose(state.as_ref())?;
                let seconds = start.elapsed().as_secs_f64();
                let t = &mut timing[seat];
                t.moves += 1;
                t.seconds += seconds;
                t.max_seconds = t.max_seconds.max(seconds);
                state.apply(&text).map_err(|e| {
                    format!(
                        "game {index}: {} played `{text}`, which was refused: {e}",
                        config.bots[seats[seat]].label
                    )
                })?;
            }
        }
        actions += 1;
        progress.actions.fetch_add(1, Ordering::Relaxed);
        if actions > game.max_game_length() {
            return Err(format!("game {index} ran past the game's declared length"));
        }
    }
    let record = state.record(seats.iter().map(|&b| config.bots[b].label.clone()).collect());
    progress.finished_actions.fetch_add(actions as u64, Ordering::Relaxed);
    progress.games.fetch_add(1, Ordering::Relaxed);
    Ok(GameResult {
        index,
        seed,
        outcome: Outcome { seats, returns: state.returns() },
        actions,
        timing,
        record,
    })
}

/// Plays every game on `config.jobs` threads, counting games and actions in `progress`.
/// The results are in game order whatever the number of threads.
///
/// # Errors
/// The first error of any game; the other threads stop soon after.
pub fn play_all(
    registry: &Registry,
    config: &Config,
    progress: &Progress,
) -> Result<Vec<GameResult>, String> {
    play_all_with(registry, config, progress, &no_external)
}

/// [`play_all`], with the arena caller's own bots made by `external`.
///
/// # Errors
/// As [`play_all`].
pub fn play_all_with(
    registry: &Registry,
    config: &Config,
    progress: &Progress,
    external: ExternalBots<'_>,
) -> Result<Vec<GameResult>, String> {
    let game = registry.make(&config.game, &config.options).map_err(|e| e.to_string())?;
    let plan = schedule(config.bots.len(), game.num_players());
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let results: Mutex<Vec<Option<GameResult>>> = Mutex::new(vec![None; config.games]);
    let error: Mutex<Option<String>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..config.jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= config.games || failed.load(Ordering::Relaxed) {
                        return;
                    }
                    match play_one_with(registry, config, &plan, index, progress, external) {
                        Ok(result) => {
                            results.lock().expect("no panics while locked")[index] = Some(result);
                        }
                        Err(e) => {
                            failed.store(true, Ordering::Relaxed);
                            error.lock().expect("no panics while locked").get_or_insert(e);
                            return;
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = error.into_inner().expect("threads done") {
        return Err(e);
    }
    Ok(results
        .into_inner()
        .expect("threads done")
        .into_iter()
        .map(|r| r.expect("every game played"))
        .collect())
}

/// Each bot's mean and longest time per move, in milliseconds.
pub fn move_times(config: &Config, results: &[GameResult]) -> Vec<(f64, f64)> {
    let mut totals = vec![(0u64, 0.0f64, 0.0f64); config.bots.len()];
    for r in results {
        for (seat, t) in r.timing.iter().enumerate() {
            let entry = &mut totals[r.outcome.seats[seat]];
            entry.0 += t.moves;
            entry.1 += t.seconds;
            entry.2 = entry.2.max(t.max_seconds);
        }
    }
    totals.iter().map(|&(n, s, m)| (if n > 0 { 1000.0 * s / n as f64 } else { 0.0 }, 1000.0 * m)).collect()
}

/// The statistics of a finished arena: per bot, per pair, and the times per move.
#[derive(Debug, Clone)]
pub struct Report {
    /// The bots' labels, in the order of [`Config::bots`].
    pub labels: Vec<String>,
    /// Per bot: games, wins, draws, losses, rates with their intervals, rating.
    pub summary: Vec<BotSummary>,
    /// Per pair of bots: games and wins between them.
    pub pairs: Pairwise,
    /// Per bot: mean and longest milliseconds per move ([`move_times`]).
    pub times: Vec<(f64, f64)>,
}

impl Report {
    /// The statistics of `results`, played under `config`.
    pub fn new(config: &Config, results: &[GameResult]) -> Report {
        let labels: Vec<String> = config.bots.iter().map(|b| b.label.clone()).collect();
        let outcomes: Vec<Outcome> = results.iter().map(|r| r.outcome.clone()).collect();
        let summary = summarize(&labels, &outcomes);
        let pairs = pairwise(&outcomes, labels.len());
        let times = move_times(config, results);
        Report { labels, summary, pairs, times }
    }

    /// The table printed at the end ([`table`]).
    pub fn table(&self, config: &Config) -> String {
        table(config, &self.summary, &self.pairs, &self.times)
    }

    /// The arena as one JSON document, what `tabula arena --out F.json` writes: the game with
    /// its canonical options, the bots, the settings, the statistics, the times per move, and
    /// every game's result. Python's `tabula.arena` returns it with the printed `table` added
    /// (and the games' `records` when asked).
    pub fn document(&self, config: &Config, canonical: &str, results: &[GameResult], seconds: f64) -> Value {
        serde_json::json!({
            "game": config.game,
            "canonical": canonical,
            "options": config.options,
            "bots": self.labels,
            "games": config.games,
            "seed": config.seed,
            "jobs": config.jobs,
            "seconds": seconds,
            "summary": self.summary,
            "ms_per_move": self.times.iter().map(|t| t.0).collect::<Vec<_>>(),
            "max_ms_per_move": self.times.iter().map(|t| t.1).collect::<Vec<_>>(),
            "pairwise": self.pairs,
            "results": results,
        })
    }
}

/// The table printed at the end.
pub fn table(config: &Config, summary: &[BotSummary], pairs: &Pairwise, times: &[(f64, f64)]) -> String {
    let width = summary.iter().map(|s| s.bot.len()).max().unwrap_or(3).max(3);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<width$}  {:>6}  {:>5} {:>5} {:>5}  {:>6}  {:>15}  {:>15}  {:>7}  {:>9} {:>9}",
        "bot",
        "games",
        "won",
        "drawn",
        "lost",
        "win%",
        "95% CI",
        "mean return",
        "rating",
        "ms/move",
        "max ms"
    );
    for (s, &(mean_ms, max_ms)) in summary.iter().zip(times) {
        let _ = writeln!(
            out,
            "{:<width$}  {:>6}  {:>5} {:>5} {:>5}  {:>5.1}%  {:>6.1}% – {:>5.1}%  {:>+7.3} ± {:<5.3}  {:>+7.0}  {:>9.2} {:>9.1}",
            s.bot,
            s.games,
            s.wins,
            s.draws,
            s.losses,
            100.0 * s.win_rate,
            100.0 * s.win_rate_ci[0],
            100.0 * s.win_rate_ci[1],
            s.mean_return,
            s.mean_return_ci,
            s.rating,
            mean_ms,
            max_ms,
        );
    }
    if config.bots.len() > 2 {
        let _ = writeln!(out, "\nhead to head (row's score against column, wins + draws/2):");
        let label = width + 4;
        let _ = write!(out, "{:<label$}", "");
        for i in 0..config.bots.len() {
            let _ = write!(out, "  {:>8}", format!("#{}", i + 1));
        }
        let _ = writeln!(out);
        for (a, s) in summary.iter().enumerate() {
            let _ = write!(out, "{:<label$}", format!("#{} {}", a + 1, s.bot));
            for b in 0..config.bots.len() {
                let n = pairs.games[a][b];
                let cell = if a == b || n == 0 {
                    "-".to_owned()
                } else {
                    format!("{:.1}%", 100.0 * pairs.score[a][b] / n as f64)
                };
                let _ = write!(out, "  {cell:>8}");
            }
            let _ = writeln!(out);
        }
    }
    let _ = writeln!(
        out,
        "\nwin% counts draws as half, with its 95% Wilson interval; rating: Bradley–Terry on the Elo scale, mean 0."
    );
    out
}
