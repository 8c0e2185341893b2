//! Difficulty levels: `easy`, `medium` and `hard`, each a bot with a fixed budget. Their
//! strength is measured with `tabula arena` and reported in `docs/bots.md`.
//!
//! `easy` is the greedy bot everywhere: it looks one move ahead with the game's evaluation,
//! and a person who plans at all beats it. The hand-written `heuristic` bot (a sensible
//! beginner) is not a level: in Sabotage it is about as strong as `medium` (measured in
//! `docs/bots.md`), so it is offered as a bot of its own.
//!
//! By default `medium` and `hard` are chosen by what the game declares: perfect information gets UCT on
//! the one true state (`mcts`), hidden information gets information-set MCTS (`ismcts`),
//! with random rollouts. A game whose measurements showed a better setting has its own
//! line in the table `TUNED` below (data, not code: the bots themselves are the same for every game).
//!
//! Budgets are counted in iterations, so a level plays the same moves from the same seed
//! on any machine; `hard` also has a time cap as a safety net so that a move never takes
//! much more than a second on a slow machine (only when the cap is reached does the
//! machine's speed change the move).

use serde_json::{Value, json};
use tabula_core::{GameSpec, InformationKind};

/// The difficulty levels, weakest first.
pub const LEVELS: &[&str] = &["easy", "medium", "hard"];

/// The time cap of `hard`, in milliseconds.
pub const HARD_CAP_MS: u64 = 900;

/// Levels measured and tuned per game: `(game id, level, bot, options)`.
///
/// Sabotage: random rollouts misjudge it (a random opponent never punishes an unguarded
/// roof), so its levels roll out with its beginner policy, cut off after 30 actions and
/// valued by its heuristic; `c = 1` suits the heuristic's scale. Abagio: random rollouts
/// through a whole race lose to greedy (50 iterations: 19% over 400 games); rollouts of
/// 10 actions valued by the game's heuristic win (100 iterations: 34 of 40). Its beginner
/// policy then beat that `hard` (2000 iterations, random rollouts of 10 actions: 35 of 100);
/// more random iterations (20,000) or a smaller `c` did not help (40–43% over 40 games),
/// since the heuristic at the cut-off counts only the race. `hard` now rolls out with the
/// beginner policy for 30 actions (several turns, so hits on blots happen in the rollout),
/// 150 iterations, `c = 0.5`. Sabacc: with random rollouts through ten hands `ismcts` lost money
/// to `greedy`, with rollouts of 10 actions it won; against the beginner policy no tree
/// search setting won money (money returns drown UCB's values, and a tree compares its moves
/// on different deals). `hard` is the rollout bot: the beginner policy improved by 600
/// rollouts of 30 actions compared on the same deals, opponents' cards weighed by their bets.
/// Abilene: the rollout bot over the beginner policy, rollouts of 30 actions valued by the
/// heuristic (200 iterations beat the beginner policy 18 games of 20, none lost).
/// Fowers' Sabotage: `ismcts` at 3000 iterations spent its whole 900 ms cap on every move
/// (a determinization completes hidden plans, and random playouts wander for a hundred
/// rounds), so four intro games took over five minutes; the rollout bot over the beginner
/// policy moves in about 15 ms and beat `greedy` 18 games of 20 (60 iterations).
const TUNED: &[(&str, &str, &str, &str)] = &[
    ("sabotage-pipes", "medium", "ismcts", r#"{"iters":1000,"c":1,"depth":30,"rollout":"policy"}"#),
    ("sabotage-pipes", "hard", "ismcts", r#"{"iters":2500,"c":1,"depth":30,"rollout":"policy","ms":900}"#),
    ("abagio", "medium", "mcts", r#"{"iters":100,"depth":10}"#),
    ("abagio", "hard", "mcts", r#"{"iters":150,"c":0.5,"depth":30,"rollout":"policy","ms":900}"#),
    ("sabacc", "medium", "ismcts", r#"{"iters":300,"depth":10}"#),
    ("sabacc", "hard", "rollout", r#"{"iters":600,"depth":30,"beliefs":8,"ms":900}"#),
    ("abilene", "medium", "rollout", r#"{"iters":60,"depth":20}"#),
    ("abilene", "hard", "rollout", r#"{"iters":300,"depth":30,"beliefs":4,"ms":900}"#),
    ("sabotage-spies", "medium", "rollout", r#"{"iters":20,"depth":30,"beliefs":4}"#),
    ("sabotage-spies", "hard", "rollout", r#"{"iters":60,"depth":30,"beliefs":4,"ms":900}"#),
];

/// The bot and options a level stands for in a game with this spec, or `None` for a name
/// that is not a level.
pub fn resolve(level: &str, spec: &GameSpec) -> Option<(&'static str, Value)> {
    if !LEVELS.contains(&level) {
        return None;
    }
    if let Some(&(_, _, bot, options)) = TUNED.iter().find(|t| t.0 == spec.id && t.1 == level) {
        return Some((bot, serde_json::from_str(options).expect("the tuned options are JSON")));
    }
    let search = match spec.information {
        InformationKind::Perfect => "mcts",
        InformationKind::Imperfect => "ismcts",
    };
    match level {
        "easy" => Some(("greedy", json!({}))),
        "medium" => Some((search, json!({"iters": 300}))),
        _ => Some((search, json!({"iters": 3000, "ms": HARD_CAP_MS}))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tuned_line_is_a_level_with_valid_json() {
        for &(_, level, _, options) in TUNED {
            assert!(LEVELS.contains(&level));
            assert!(serde_json::from_str::<Value>(options).unwrap().is_object());
        }
    }
}
