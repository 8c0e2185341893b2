//! `tabula bench`: random playouts through the generic API, timed; with `--bot`, a bot's
//! time per move (and a searching bot's iterations per second).

use std::time::Instant;

use serde_json::{Value, json};
use tabula_core::{Options, Turn};

/// Arguments of `tabula bench`.
#[derive(clap::Args)]
pub struct Args {
    /// The game id.
    #[arg(long)]
    game: String,
    /// Options as a JSON object, e.g. '{"players":4}'.
    #[arg(long, default_value = "{}")]
    options: String,
    /// Random playouts to run.
    #[arg(long, default_value_t = 1000)]
    playouts: usize,
    /// Seed of the random generator.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Instead of playouts: time this bot over positions from seeded random games, and
    /// report its time per move; a searching bot (`mcts`, `ismcts`, `rollout`) runs
    /// `--iterations` per move and reports its iterations per second. Levels (`easy`,
    /// `medium`, `hard`) and the other bots keep their own settings.
    #[arg(long)]
    bot: Option<String>,
    /// With `--bot` and a searching bot: iterations per search (default 1000).
    #[arg(long)]
    iterations: Option<u64>,
    /// With `--bot`: positions searched (each a decision with at least two moves).
    #[arg(long, default_value_t = 20)]
    positions: usize,
    /// With `--bot`: further bot options as a JSON object; `mcts` defaults to one world
    /// (one search of `--iterations`, like OpenSpiel's `MCTSBot`).
    #[arg(long, default_value = "{}")]
    bot_options: String,
    /// Random playouts keep what a game served to people keeps beside the rules for the
    /// views (Fowers' Sabotage's deduction aid), as the server, the terminal client and the
    /// engine protocol do; by default they keep the rules alone. The games played are the
    /// same either way.
    #[arg(long)]
    views: bool,
    /// Print one JSON object (for scripts) instead of a table.
    #[arg(long)]
    json: bool,
}

/// Prints the result: its JSON with `--json`, else a table of labelled figures.
fn report(out: &Value, json: bool) {
    if json {
        println!("{out}");
    } else {
        print!("{}", table(out));
    }
}

/// The rows a person reads: (JSON field, label, unit), in order; missing or null fields
/// are left out.
const ROWS: &[(&str, &str, &str)] = &[
    ("bot", "bot", ""),
    ("seed", "seed", ""),
    ("views", "views kept", ""),
    ("playouts", "playouts", ""),
    ("actions", "actions", ""),
    ("chance_actions", "of which chance", ""),
    ("positions", "positions searched", ""),
    ("iterations", "iterations", ""),
    ("seconds", "time", "s"),
    ("playouts_per_s", "playouts per second", "/s"),
    ("actions_per_s", "actions per second", "/s"),
    ("iterations_per_s", "iterations per second", "/s"),
    ("ms_per_search", "time per move", "ms"),
    ("moves_per_s", "moves per second", "/s"),
    ("remaining_actions", "actions left (random playout)", ""),
];

/// The benchmark's figures as an aligned table, with the game and the build on top.
fn table(out: &Value) -> String {
    let mut text = format!("{}\n", out["canonical"].as_str().unwrap_or_default());
    if out["release_build"] == false {
        text.push_str("(a debug build: time a release build, `cargo run --release -- bench ...`)\n");
    }
    let width = ROWS.iter().map(|r| r.1.len()).max().unwrap_or(0);
    for &(key, label, unit) in ROWS {
        let value = match &out[key] {
            Value::Null => continue,
            Value::String(s) => s.clone(),
            Value::Bool(b) => (if *b { "yes" } else { "no" }).to_owned(),
            Value::Number(n) if n.is_f64() => {
                let x = n.as_f64().unwrap_or_default();
                let digits = if x >= 100.0 {
                    0
                } else if x >= 1.0 {
                    2
                } else {
                    4
                };
                group(&format!("{x:.digits$}"))
            }
            other => group(&other.to_string()),
        };
        let unit = if unit.is_empty() { String::new() } else { format!(" {unit}") };
        text.push_str(&format!("  {label:<width$}  {value:>14}{unit}\n"));
    }
    text
}

/// `1234567.5` as `1,234,567.5`.
fn group(number: &str) -> String {
    let (int, frac) = number.split_once('.').map_or((number, None), |(i, f)| (i, Some(f)));
    let (sign, digits) = int.strip_prefix('-').map_or(("", int), |d| ("-", d));
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    match frac {
        Some(f) => format!("{sign}{grouped}.{f}"),
        None => format!("{sign}{grouped}"),
    }
}

/// Runs the benchmark and prints its table (or its JSON).
pub fn run(args: Args) -> Result<(), String> {
    let registry = tabula_registry::registry();
    let entry = registry.entry(&args.game).ok_or_else(|| {
        let known: Vec<&str> = registry.entries().iter().map(|e| e.spec.id).collect();
        format!("unknown game `{}`; known games: {}", args.game, known.join(", "))
    })?;
    let options: Value =
        serde_json::from_str(&args.options).map_err(|e| format!("--options is not JSON: {e}"))?;
    let options = Options::from_json(entry.spec, &options).map_err(|e| e.to_string())?;
    if let Some(bot) = &args.bot {
        return search(&registry, &args, bot, &options);
    }
    if args.playouts == 0 {
        return Err("--playouts must be at least 1".to_owned());
    }
    let stats =
        (entry.playouts)(&options, args.playouts, args.seed, args.views).map_err(|e| e.to_string())?;
    let seconds = stats.seconds.max(1e-9);
    let out = json!({
        "game": entry.spec.id,
        "canonical": options.canonical(),
        "options": options.to_json(),
        "seed": args.seed,
        "views": args.views,
        "playouts": stats.playouts,
        "actions": stats.actions,
        "chance_actions": stats.chance_actions,
        "seconds": stats.seconds,
        "playouts_per_s": stats.playouts as f64 / seconds,
        "actions_per_s": stats.actions as f64 / seconds,
        "release_build": !cfg!(debug_assertions),
    });
    report(&out, args.json);
    Ok(())
}

/// Random playouts run from each searched position to measure `remaining_actions`.
const REMAINING_PLAYOUTS: u64 = 200;

/// Plays `state` to its end with uniformly random moves and chance outcomes sampled by the
/// game; returns the number of actions played.
fn random_playout(
    state: &dyn tabula_core::DynState,
    rng: &mut rand_chacha::ChaCha8Rng,
) -> Result<u64, String> {
    use rand::Rng;
    let mut state = state.clone_box();
    let mut actions = 0;
    loop {
        match state.turn() {
            Turn::Terminal => return Ok(actions),
            Turn::Chance => {
                let outcomes = state.chance_outcomes();
                let mut left = rng.random::<f64>() * outcomes.iter().map(|(_, p)| p).sum::<f64>();
                let pick = outcomes.iter().position(|(_, p)| {
                    left -= p;
                    left < 0.0
                });
                let (text, _) = &outcomes[pick.unwrap_or(outcomes.len() - 1)];
                state.apply(text).map_err(|e| e.to_string())?;
            }
            Turn::Player(_) => {
                let legal = state.legal_indices();
                state.apply_index(legal[rng.random_range(0..legal.len())]).map_err(|e| e.to_string())?;
            }
        }
        actions += 1;
    }
}

/// Iterations per search when `--iterations` is not given.
const DEFAULT_ITERATIONS: u64 = 1000;

/// The bots whose budget is `--iterations`.
const SEARCHERS: &[&str] = &["mcts", "ismcts", "rollout"];

/// Times `bot` at `--positions` decisions taken along seeded random games (every fifth
/// decision with a choice, so positions spread over the game).
fn search(registry: &tabula_core::Registry, args: &Args, bot: &str, options: &Options) -> Result<(), String> {
    use rand::{Rng, SeedableRng};
    // Iterations per search, for a bot whose budget they are.
    let per_search = match (SEARCHERS.contains(&bot), args.iterations) {
        (true, n) => Some(n.unwrap_or(DEFAULT_ITERATIONS)),
        (false, None) => None,
        (false, Some(_)) => {
            return Err(format!(
                "--iterations sets the budget of a searching bot ({}); `{bot}` keeps its own",
                SEARCHERS.join(", ")
            ));
        }
    };
    if per_search == Some(0) || args.positions == 0 {
        return Err("--iterations and --positions must be at least 1".to_owned());
    }
    let mut bot_options: Value =
        serde_json::from_str(&args.bot_options).map_err(|e| format!("--bot-options is not JSON: {e}"))?;
    let map = bot_options.as_object_mut().ok_or("--bot-options must be a JSON object")?;
    if let Some(n) = per_search {
        map.insert("iters".to_owned(), json!(n));
    }
    if bot == "mcts" {
        map.entry("worlds").or_insert(json!(1));
    }
    let game = registry.make(&args.game, &options.to_json()).map_err(|e| e.to_string())?;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(args.seed);
    let mut searcher = registry.make_bot(&args.game, bot, &bot_options, args.seed)?;
    let (mut searched, mut seconds, mut game_number) = (0usize, 0.0f64, 0u64);
    // Untimed: the length of uniformly random playouts from each position searched (chance
    // actions included), so that simulations per second compare between games by what a
    // simulation has left to play. Its own generator leaves the positions as they were.
    let mut playout_rng = rand_chacha::ChaCha8Rng::seed_from_u64(args.seed ^ 0x9e37_79b9_7f4a_7c15);
    let (mut playout_actions, mut playouts) = (0u64, 0u64);
    while searched < args.positions {
        let mut state = game.new_state(args.seed.wrapping_add(game_number));
        game_number += 1;
        let mut decisions = 0;
        while searched < args.positions {
            match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    state.sample_chance().map_err(|e| e.to_string())?;
                }
                Turn::Player(_) => {
                    let legal = state.legal_actions();
                    if legal.len() > 1 {
                        decisions += 1;
                        if decisions % 5 == 0 {
                            let start = Instant::now();
                            searcher.choose(state.as_ref())?;
                            seconds += start.elapsed().as_secs_f64();
                            searched += 1;
                            for _ in 0..REMAINING_PLAYOUTS {
                                playout_actions += random_playout(state.as_ref(), &mut playout_rng)?;
                                playouts += 1;
                            }
                        }
                    }
                    let text = &legal[rng.random_range(0..legal.len())];
                    state.apply(text).map_err(|e| e.to_string())?;
                }
            }
        }
    }
    let iterations = per_search.map(|n| n * searched as u64);
    let out = json!({
        "game": args.game,
        "canonical": options.canonical(),
        "bot": searcher.name(),
        "seed": args.seed,
        "positions": searched,
        "iterations": iterations,
        "seconds": seconds,
        "iterations_per_s": iterations.map(|n| n as f64 / seconds.max(1e-9)),
        "ms_per_search": 1000.0 * seconds / searched as f64,
        "moves_per_s": searched as f64 / seconds.max(1e-9),
        "remaining_actions": playout_actions as f64 / playouts.max(1) as f64,
        "release_build": !cfg!(debug_assertions),
    });
    report(&out, args.json);
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_table_labels_each_figure_and_groups_digits() {
        let out = json!({"canonical": "abagio(turn_limit=0)", "playouts": 2000, "seconds": 0.25,
            "actions_per_s": 1234567.89, "iterations": null, "release_build": true});
        let text = table(&out);
        assert!(text.starts_with("abagio(turn_limit=0)\n"), "{text}");
        assert!(text.contains("playouts") && text.contains("2,000"), "{text}");
        assert!(text.contains("actions per second") && text.contains("1,234,568 /s"), "{text}");
        assert!(text.contains("0.2500 s") && !text.contains("iterations"), "{text}");
        assert_eq!(group("-1234.5"), "-1,234.5");
    }
}
