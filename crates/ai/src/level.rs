//! Difficulty levels: `easy`, `medium` and `hard`, each a bot with a fixed budget, the same
//! for every game and chosen by what the game declares (perfect information: UCT on the
//! one true state; hidden information: information-set MCTS). Their strength is measured
//! with `tabula arena` and reported in `docs/bots.md`.
//!
//! Budgets are counted in iterations, so a level plays the same moves from the same seed
//! on any machine; `hard` also has a time cap as a safety net so that a move never takes
//! much more than a second on a slow machine (only when the cap is reached does the
//! machine's speed change the move).

use serde_json::{Value, json};
use tabula_core::{GameSpec, InformationKind};

/// The difficulty levels, weakest first.
pub const LEVELS: &[&str] = &["easy", "medium", "hard"];

/// The bot and options a level stands for in a game with this spec, or `None` for a name
/// that is not a level.
pub fn resolve(level: &str, spec: &GameSpec) -> Option<(&'static str, Value)> {
    let search = match spec.information {
        InformationKind::Perfect => "mcts",
        InformationKind::Imperfect => "ismcts",
    };
    match level {
        "easy" => Some(("heuristic", json!({}))),
        "medium" => Some((search, json!({"iters": 300}))),
        "hard" => Some((search, json!({"iters": 3000, "ms": 900}))),
        _ => None,
    }
}
