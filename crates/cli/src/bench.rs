//! `tabula bench`: random playouts through the generic API, timed.

use serde_json::{Value, json};
use tabula_core::Options;

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
    if args.playouts == 0 {
        return Err("--playouts must be at least 1".to_owned());
    }
    let stats = (entry.playouts)(&options, args.playouts, args.seed).map_err(|e| e.to_string())?;
    let seconds = stats.seconds.max(1e-9);
    let _ = args.json;
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
