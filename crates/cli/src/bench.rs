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
    /// Print one JSON object (the default; kept for scripts that pass it).
    #[arg(long)]
    json: bool,
}

/// Runs the benchmark and prints its JSON.
pub fn run(args: Args) -> Result<(), String> {
    let registry = tabula_registry::registry();
    let entry = registry.entry(&args.game).ok_or_else(|| {
        let known: Vec<&str> = registry.entries().iter().map(|e| e.spec.id).collect();
        format!("unknown game `{}`; known games: {}", args.game, known.join(", "))
    })?;
    let options: Value =
        serde_json::from_str(&args.options).map_err(|e| format!("--options is not JSON: {e}"))?;
    let options = Options::from_json(entry.spec, &options).map_err(|e| e.to_string())?;
    let _ = args.json;
    if let Some(bot) = &args.bot {
        return search(&registry, &args, bot, &options);
    }
    if args.playouts == 0 {
        return Err("--playouts must be at least 1".to_owned());
    }
    let stats = (entry.playouts)(&options, args.playouts, args.seed).map_err(|e| e.to_string())?;
    let seconds = stats.seconds.max(1e-9);
    let out = json!({
        "game": entry.spec.id,
        "canonical": options.canonical(),
        "options": options.to_json(),
        "seed": args.seed,
        "playouts": stats.playouts,
        "actions": stats.actions,
        "chance_actions": stats.chance_actions,
        "seconds": stats.seconds,
        "playouts_per_s": stats.playouts as f64 / seconds,
        "actions_per_s": stats.actions as f64 / seconds,
        "release_build": !cfg!(debug_assertions),
    });
    println!("{out}");
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
    println!("{out}");
    Ok(())
}
