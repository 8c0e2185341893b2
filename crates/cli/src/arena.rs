//! `tabula arena`: bots play many games against each other, seats rotated, in parallel,
//! and a table says how strong each is.
//!
//! Reproducible: game `i` takes its chance seed and its bots' seeds from `--seed` and `i`
//! alone, and results are gathered in game order, so the same seed gives the same games
//! and the same table whatever `--jobs` is (the per-move timings aside, and provided no
//! bot's budget is a wall-clock time).
//!
//! Seats: with as many bots as seats or more, the games cycle through every assignment of
//! distinct bots to seats (every bot sits in every seat equally often, against every other
//! bot); with fewer bots than seats, bot `(i + s) mod k` sits in seat `s` of game `i`, so
//! two bots at a four-seat table of two teams play as teams, and swap. The games of one
//! cycle share their chance seed, so each assignment meets the same first deal.

mod spec;
mod stats;

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use serde_json::{Value, json};
use tabula_core::{Record, Registry, Turn};

pub use spec::{BotSpec, parse_list};
pub use stats::{BotSummary, Outcome, Pairwise, pairwise, summarize};

/// Arguments of `tabula arena`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game id.
    #[arg(long)]
    pub game: String,
    /// Game options as a JSON object, e.g. '{"players":4}'.
    #[arg(long, default_value = "{}")]
    pub options: String,
    /// The bots, comma-separated, each `name` or `name:key=value;key=value`, e.g.
    /// `mcts:iters=2000;c=1.4,greedy`. Bots: random, greedy, heuristic, rollout, mcts, ismcts,
    /// easy, medium, hard.
    #[arg(long)]
    pub bots: String,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Games played at once (default: the number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Seed of the whole arena.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Write every game and the table to this file: JSON, or CSV if it ends in `.csv`
    /// (one row per game and seat; the table goes to `FILE.summary.csv` beside it).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Write every game's record to this file, one JSON record per line (JSON Lines), so
    /// that any game of the arena can be replayed (`tabula replay FILE --game N`).
    #[arg(long, value_name = "FILE")]
    pub records: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// How one seat's bot spent its time in a game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
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
        (self.actions.load(Ordering::Relaxed) as f64 / expected).clamp(done as f64 / games as f64, 0.999)
    }
}

/// `1:02:03` or `2:03`.
fn clock(seconds: f64) -> String {
    let s = seconds.round() as u64;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
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
    let game = registry.make(&config.game, &config.options).map_err(|e| e.to_string())?;
    let seats = plan[index % plan.len()].clone();
    let seed = mix(config.seed ^ mix((index / plan.len()) as u64));
    let mut bots = Vec::with_capacity(seats.len());
    for (seat, &bot) in seats.iter().enumerate() {
        let spec = &config.bots[bot];
        let bot_seed = mix(seed ^ mix(((index as u64) << 8) | seat as u64));
        bots.push(registry.make_bot(&config.game, &spec.name, &spec.options, bot_seed)?);
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
                    match play_one(registry, config, &plan, index, progress) {
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
fn move_times(config: &Config, results: &[GameResult]) -> Vec<(f64, f64)> {
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

/// A CSV field, quoted.
fn field(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

/// One row per game and seat, each naming the game and its options.
fn csv(config: &Config, canonical: &str, results: &[GameResult]) -> String {
    let mut out = String::from("game,options,index,seed,seat,bot,return,moves,seconds\n");
    let (game, options) = (field(&config.game), field(canonical));
    for r in results {
        for (seat, (&bot, &ret)) in r.outcome.seats.iter().zip(&r.outcome.returns).enumerate() {
            let t = r.timing[seat];
            let bot = field(&config.bots[bot].label);
            let _ = writeln!(
                out,
                "{game},{options},{},{},{seat},{bot},{ret},{},{:.6}",
                r.index, r.seed, t.moves, t.seconds
            );
        }
    }
    out
}

/// The table as CSV: one row per bot, naming the game and its options.
fn summary_csv(config: &Config, canonical: &str, summary: &[BotSummary], times: &[(f64, f64)]) -> String {
    let mut out = String::from(
        "game,options,bot,games,won,drawn,lost,win_rate,win_rate_low,win_rate_high,\
         mean_return,mean_return_ci,rating,ms_per_move,max_ms_per_move\n",
    );
    for (s, &(mean_ms, max_ms)) in summary.iter().zip(times) {
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{:.6},{:.6},{:.6},{:.6},{:.6},{:.1},{:.3},{:.3}",
            field(&config.game),
            field(canonical),
            field(&s.bot),
            s.games,
            s.wins,
            s.draws,
            s.losses,
            s.win_rate,
            s.win_rate_ci[0],
            s.win_rate_ci[1],
            s.mean_return,
            s.mean_return_ci,
            s.rating,
            mean_ms,
            max_ms
        );
    }
    out
}

/// `results.csv` -> `results.summary.csv`.
fn summary_path(path: &std::path::Path) -> PathBuf {
    let stem = path.file_stem().map_or_else(|| "arena".into(), |s| s.to_string_lossy().into_owned());
    path.with_file_name(format!("{stem}.summary.csv"))
}

/// Reads and checks the arguments.
///
/// # Errors
/// An unknown game or bot, bad options or bot options, no games.
pub fn config(registry: &Registry, args: &Args) -> Result<Config, String> {
    let options: Value =
        serde_json::from_str(&args.options).map_err(|e| format!("--options is not JSON: {e}"))?;
    let game = registry.make(&args.game, &options).map_err(|e| e.to_string())?;
    let bots = parse_list(&args.bots)?;
    for bot in &bots {
        registry
            .make_bot(&args.game, &bot.name, &bot.options, 0)
            .map_err(|e| format!("bot `{}`: {e}", bot.label))?;
    }
    if args.games == 0 {
        return Err("--games must be at least 1".to_owned());
    }
    let jobs =
        args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    Ok(Config {
        game: args.game.clone(),
        options: game.options().to_json(),
        bots,
        games: args.games,
        jobs,
        seed: args.seed,
    })
}

/// Runs the arena, prints the table and writes `--out`.
///
/// # Errors
/// As [`config`], a game that fails, or a file that cannot be written.
pub fn run(args: Args) -> Result<(), String> {
    let registry = tabula_registry::registry();
    let config = config(&registry, &args)?;
    let canonical = registry.make(&config.game, &config.options).map_err(|e| e.to_string())?.canonical();
    let bar = if args.quiet { ProgressBar::hidden() } else { ProgressBar::new(config.games as u64) };
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} {bar:40} {pos}/{len} games  {elapsed_precise} elapsed, {msg}",
        )
        .expect("a valid template"),
    );
    // A first guess at a game's length (random playouts, a few milliseconds) gives an ETA
    // from the first moves; the finished games' mean length replaces it. Up to 20 playouts,
    // within about a second: a game whose playouts are slow (Fowers' Sabotage tracks its
    // deduction aids) must not hold the arena up for minutes.
    let first_guess = registry
        .entry(&config.game)
        .and_then(|entry| {
            let options = tabula_core::Options::from_json(entry.spec, &config.options).ok()?;
            let begun = Instant::now();
            let (mut games, mut actions) = (0u64, 0u64);
            for i in 0..20 {
                let stats = (entry.playouts)(&options, 1, config.seed.wrapping_add(i)).ok()?;
                games += stats.playouts as u64;
                actions += stats.actions;
                if begun.elapsed() > Duration::from_secs(1) {
                    break;
                }
            }
            Some(actions as f64 / games.max(1) as f64)
        })
        .unwrap_or(100.0);
    bar.set_message("ETA: estimating…");
    bar.enable_steady_tick(Duration::from_millis(200));
    let start = Instant::now();
    let progress = Progress::default();
    let done = AtomicBool::new(false);
    let results = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(250));
                bar.set_position(progress.games.load(Ordering::Relaxed) as u64);
                let fraction = progress.fraction(config.games, first_guess);
                let elapsed = start.elapsed().as_secs_f64();
                if fraction > 0.0 && elapsed > 0.5 {
                    bar.set_message(format!("ETA {}", clock(elapsed * (1.0 - fraction) / fraction)));
                }
            }
        });
        let results = play_all(&registry, &config, &progress);
        done.store(true, Ordering::Relaxed);
        results
    })?;
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let labels: Vec<String> = config.bots.iter().map(|b| b.label.clone()).collect();
    let outcomes: Vec<Outcome> = results.iter().map(|r| r.outcome.clone()).collect();
    let summary = summarize(&labels, &outcomes);
    let pairs = pairwise(&outcomes, labels.len());
    let times = move_times(&config, &results);
    println!(
        "{canonical}: {} games, seed {}, {} jobs, {seconds:.1} s",
        config.games, config.seed, config.jobs
    );
    print!("{}", table(&config, &summary, &pairs, &times));
    if let Some(path) = &args.out {
        let text = if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("csv")) {
            let table_path = summary_path(path);
            std::fs::write(&table_path, summary_csv(&config, &canonical, &summary, &times))
                .map_err(|e| format!("cannot write {}: {e}", table_path.display()))?;
            eprintln!("the table written to {}", table_path.display());
            csv(&config, &canonical, &results)
        } else {
            let document = json!({
                "game": config.game,
                "canonical": canonical,
                "options": config.options,
                "bots": labels,
                "games": config.games,
                "seed": config.seed,
                "jobs": config.jobs,
                "seconds": seconds,
                "summary": summary,
                "ms_per_move": times.iter().map(|t| t.0).collect::<Vec<_>>(),
                "max_ms_per_move": times.iter().map(|t| t.1).collect::<Vec<_>>(),
                "pairwise": pairs,
                "results": results,
            });
            serde_json::to_string_pretty(&document).expect("JSON") + "\n"
        };
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!("results written to {}", path.display());
    }
    if let Some(path) = &args.records {
        let mut text = String::new();
        for r in &results {
            text.push_str(&serde_json::to_string(&r.record).expect("a record is JSON"));
            text.push('\n');
        }
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!(
            "{} game records written to {} (replay one: tabula replay {} --game N)",
            results.len(),
            path.display(),
            path.display()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(bots: &str, games: usize, jobs: usize, options: Value) -> Config {
        Config {
            game: "sabotage-pipes".into(),
            options,
            bots: parse_list(bots).unwrap(),
            games,
            jobs,
            seed: 11,
        }
    }

    #[test]
    fn every_bot_sits_in_every_seat_equally() {
        for (bots, seats) in [(2, 2), (3, 2), (2, 4), (4, 4), (3, 3)] {
            let plan = schedule(bots, seats);
            let mut count = vec![vec![0; seats]; bots];
            for assignment in &plan {
                assert_eq!(assignment.len(), seats);
                for (seat, &bot) in assignment.iter().enumerate() {
                    count[bot][seat] += 1;
                }
            }
            let first = count[0][0];
            assert!(count.iter().flatten().all(|&c| c == first), "{bots} bots, {seats} seats: {count:?}");
        }
        // Two bots at a four-seat table sit as teams (seats 0 and 2, 1 and 3), and swap.
        assert_eq!(schedule(2, 4), vec![vec![0, 1, 0, 1], vec![1, 0, 1, 0]]);
        // Three bots at two seats: every ordered pair.
        assert_eq!(schedule(3, 2).len(), 6);
    }

    #[test]
    fn the_same_seed_gives_the_same_games_whatever_the_jobs() {
        let registry = tabula_registry::registry();
        let options = serde_json::json!({"rounds": 1});
        let progress = Progress::default();
        let one = play_all(&registry, &config("greedy,random", 6, 1, options.clone()), &progress).unwrap();
        assert_eq!(progress.games.load(Ordering::Relaxed), 6);
        assert_eq!(progress.fraction(6, 10.0), 1.0);
        let two = play_all(&registry, &config("greedy,random", 6, 2, options), &Progress::default()).unwrap();
        let strip =
            |r: &[GameResult]| r.iter().map(|g| (g.seed, g.outcome.clone(), g.actions)).collect::<Vec<_>>();
        assert_eq!(strip(&one), strip(&two));
        // Seats alternate, and both games of a pair share their deal.
        assert_eq!(one[0].outcome.seats, vec![0, 1]);
        assert_eq!(one[1].outcome.seats, vec![1, 0]);
        assert_eq!(one[0].seed, one[1].seed);
        assert_ne!(one[0].seed, one[2].seed);
    }

    #[test]
    fn a_bad_bot_is_named_before_any_game() {
        let registry = tabula_registry::registry();
        let args = Args {
            game: "sabotage-pipes".into(),
            options: "{}".into(),
            bots: "mcts:iters=0,random".into(),
            games: 2,
            jobs: Some(1),
            seed: 0,
            out: None,
            records: None,
            quiet: true,
        };
        let err = super::config(&registry, &args).unwrap_err();
        assert!(err.contains("mcts:iters=0") && err.contains("`iters` must be"), "{err}");
    }
}
