//! `tabula arena`: bots play many games against each other, seats rotated, in parallel,
//! and a table says how strong each is. The games and the table are played and computed by
//! `tabula_arena` (shared with Python's `tabula.arena` and `tabula.ray`); this
//! module reads the arguments, shows progress and writes the files.
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

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use serde_json::Value;
use tabula_core::Registry;

use tabula_arena::{BotSummary, Config, GameResult, Progress, Report, parse_list, play_all};

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
    /// easy, medium, hard, and expert in a game that ships a value network.
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
    /// Write every position of the games to this file (safetensors): each seat's
    /// observation before every action, with that seat's return at the end of the game, what
    /// a value network learns from (docs/python.md, "Training a value network").
    #[arg(long, value_name = "FILE")]
    pub positions: Option<PathBuf>,
    /// With `--positions`: this many positions of each game, evenly spaced (default: all).
    #[arg(long, value_name = "N", requires = "positions")]
    pub per_game: Option<usize>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
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
    let bots = parse_list(&args.bots)?;
    if args.games == 0 {
        return Err("--games must be at least 1".to_owned());
    }
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    Config::new(registry, &args.game, &options, bots, args.games, jobs, args.seed)
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
                let stats = (entry.playouts)(&options, 1, config.seed.wrapping_add(i), false).ok()?;
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
    let report = Report::new(&config, &results);
    println!(
        "{canonical}: {} games, seed {}, {} jobs, {seconds:.1} s",
        config.games, config.seed, config.jobs
    );
    print!("{}", report.table(&config));
    if let Some(path) = &args.out {
        let text = if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("csv")) {
            let table_path = summary_path(path);
            std::fs::write(&table_path, summary_csv(&config, &canonical, &report.summary, &report.times))
                .map_err(|e| format!("cannot write {}: {e}", table_path.display()))?;
            eprintln!("the table written to {}", table_path.display());
            csv(&config, &canonical, &results)
        } else {
            let document = report.document(&config, &canonical, &results, seconds);
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
    if let Some(path) = &args.positions {
        let positions = tabula_arena::positions(&registry, &config, &results, args.per_game)?;
        let meta = [
            ("game", config.game.clone()),
            ("options", canonical.clone()),
            ("bots", args.bots.clone()),
            ("games", config.games.to_string()),
            ("seed", config.seed.to_string()),
        ];
        let bytes = positions.to_safetensors(meta.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())?;
        std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!(
            "{} positions ({} values each) written to {}",
            positions.len(),
            positions.inputs,
            path.display()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_arena::schedule;

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
    fn progress_past_999_of_1000_games_is_a_fraction() {
        // 1,999 of 2,000 games finished: the floor (0.9995) is past the ceiling (0.999).
        let progress = Progress::default();
        progress.games.store(1999, Ordering::Relaxed);
        progress.finished_actions.store(1999 * 300, Ordering::Relaxed);
        progress.actions.store(1999 * 300 + 10, Ordering::Relaxed);
        assert_eq!(progress.fraction(2000, 300.0), 0.999);
        progress.actions.store(0, Ordering::Relaxed);
        assert_eq!(progress.fraction(2000, 300.0), 0.999);
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
            positions: None,
            per_game: None,
            quiet: true,
        };
        let err = super::config(&registry, &args).unwrap_err();
        assert!(err.contains("mcts:iters=0") && err.contains("`iters` must be"), "{err}");
    }
}
