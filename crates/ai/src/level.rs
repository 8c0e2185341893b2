//! Difficulty levels: `easy`, `medium` and `hard`, each a bot with a fixed budget, and
//! `expert` in the games that ship a value network trained by self-play ([`crate::net`]):
//! a search that values its leaves with the network instead of rolling out. Their strength
//! is measured with `tabula arena` and reported in `docs/bots.md`.
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

/// The difficulty levels, weakest first. `expert` is a level only in the games with a line
/// for it in the table below (those that ship a network): see [`levels`].
pub const LEVELS: &[&str] = &["easy", "medium", "hard", "expert"];

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
///
/// `expert` (Abagio): `hard`'s search, its policy rollouts valued at their cut-off by the
/// value network shipped for the game (`crates/ai/nets/abagio.safetensors`) instead of the
/// race count: it beat `hard` 209 games of 260 (80.4%) and the beginner policy 316 of 400 (79.0%)
/// (docs/bots.md "The expert level").
const TUNED: &[(&str, &str, &str, &str)] = &[
    ("sabotage-pipes", "medium", "ismcts", r#"{"iters":1000,"c":1,"depth":30,"rollout":"policy"}"#),
    ("sabotage-pipes", "hard", "ismcts", r#"{"iters":2500,"c":1,"depth":30,"rollout":"policy","ms":900}"#),
    ("abagio", "medium", "mcts", r#"{"iters":100,"depth":10}"#),
    ("abagio", "hard", "mcts", r#"{"iters":150,"c":0.5,"depth":30,"rollout":"policy","ms":900}"#),
    ("abagio", "expert", "mcts", r#"{"iters":150,"c":0.5,"depth":30,"rollout":"net","ms":900}"#),
    ("sabacc", "medium", "ismcts", r#"{"iters":300,"depth":10}"#),
    ("sabacc", "hard", "rollout", r#"{"iters":600,"depth":30,"beliefs":8,"ms":900}"#),
    ("abilene", "medium", "rollout", r#"{"iters":60,"depth":20}"#),
    ("abilene", "hard", "rollout", r#"{"iters":300,"depth":30,"beliefs":4,"ms":900}"#),
    ("sabotage-spies", "medium", "rollout", r#"{"iters":20,"depth":30,"beliefs":4}"#),
    ("sabotage-spies", "hard", "rollout", r#"{"iters":60,"depth":30,"beliefs":4,"ms":900}"#),
];

/// The levels of a game, weakest first: `easy`, `medium`, `hard`, and `expert` where the
/// game has one.
pub fn levels(game: &str) -> &'static [&'static str] {
    if has_expert(game) { LEVELS } else { &LEVELS[..3] }
}

/// Whether a game has the `expert` level (a tuned line, with the network it ships).
pub fn has_expert(game: &str) -> bool {
    TUNED.iter().any(|t| t.0 == game && t.1 == "expert")
}

/// Each level's rating per game, on the Glicko-2 scale of the server's rated games: the
/// beginner policy (`heuristic`) is 1500, and each level 1500 plus the Elo gap of its
/// measured win rate against it (`400·log10(p/(1−p))`), directly or through the level it
/// was measured against. The measurements and their commands: docs/bots.md, "Ratings of the
/// levels". `greedy` is `easy`.
const RATINGS: &[(&str, &[(&str, f64)])] = &[
    // hard 67.3% and medium 48.6% against the policy; easy = hard − 424 (hard won 92.0% against it).
    ("sabotage-pipes", &[("heuristic", 1500.0), ("easy", 1201.0), ("medium", 1490.0), ("hard", 1625.0)]),
    // hard 53.8%; easy = hard − 592 (hard won 96.8% against it); medium = easy + 398 (90.8%).
    // expert 79.0% of 400 against the policy (through hard it would be 1771: 80.4% of 260).
    (
        "abagio",
        &[("heuristic", 1500.0), ("easy", 934.0), ("medium", 1332.0), ("hard", 1526.0), ("expert", 1730.0)],
    ),
    // easy 4.0%, medium 10.8%, hard 60.9% (a session of 10 hands, 4 seats in two pairs).
    ("sabacc", &[("heuristic", 1500.0), ("easy", 948.0), ("medium", 1133.0), ("hard", 1577.0)]),
    // easy 19.0%, medium 52.2%, hard 93.0% (4 seats in two pairs, draws as half).
    ("abilene", &[("heuristic", 1500.0), ("easy", 1248.0), ("medium", 1515.0), ("hard", 1949.0)]),
    // easy 23.3%, medium 67.5%, hard 68.3% (intro game, 2 players; few games: see docs/bots.md).
    ("sabotage-spies", &[("heuristic", 1500.0), ("easy", 1293.0), ("medium", 1627.0), ("hard", 1633.0)]),
];

/// Every measured rating: (game, bot, rating), the beginner policy and the three levels of
/// each game.
pub fn ratings() -> impl Iterator<Item = (&'static str, &'static str, f64)> {
    RATINGS.iter().flat_map(|(game, levels)| levels.iter().map(move |(l, r)| (*game, *l, *r)))
}

/// The measured rating of bot `bot` in game `game`: a level, `greedy` (which is `easy`) or
/// the beginner policy; `None` for the bots not on the scale (`random`, the searching bots
/// with settings of their own) and for a game not measured.
pub fn rating(game: &str, bot: &str) -> Option<f64> {
    let bot = if bot == "greedy" { "easy" } else { bot };
    RATINGS.iter().find(|(g, _)| *g == game)?.1.iter().find(|(l, _)| *l == bot).map(|(_, r)| *r)
}

/// The bot and options a level stands for in a game with this spec, or `None` for a name
/// that is not a level.
pub fn resolve(level: &str, spec: &GameSpec) -> Option<(&'static str, Value)> {
    if !levels(spec.id).contains(&level) {
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
    fn expert_is_a_level_where_it_is_tuned() {
        assert_eq!(levels("abagio"), ["easy", "medium", "hard", "expert"]);
        assert_eq!(levels("sabacc"), ["easy", "medium", "hard"]);
        use tabula_core::Game;
        assert_eq!(resolve("expert", tabula_abagio::Abagio::spec()).unwrap().0, "mcts");
        assert!(resolve("expert", tabula_sabacc::Sabacc::spec()).is_none());
    }

    #[test]
    fn every_tuned_line_is_a_level_with_valid_json() {
        for &(_, level, _, options) in TUNED {
            assert!(LEVELS.contains(&level));
            assert!(serde_json::from_str::<Value>(options).unwrap().is_object());
        }
    }

    #[test]
    fn every_level_of_every_measured_game_is_rated_in_order() {
        for (game, _) in RATINGS {
            let r = |l| rating(game, l).unwrap();
            assert!(r("easy") < r("medium") && r("medium") < r("hard"), "{game}");
            if has_expert(game) {
                assert!(r("hard") < r("expert"), "{game}");
            }
            assert_eq!(r("greedy"), r("easy"));
            assert_eq!(r("heuristic"), 1500.0);
        }
        assert_eq!(rating("abagio", "random"), None);
        assert_eq!(rating("chess", "easy"), None);
    }
}
