//! Every registered game has every bot, the difficulty levels included, and each plays a
//! legal move through the erased layer.

use serde_json::json;
use tabula_core::Turn;

#[test]
fn every_game_has_every_bot_and_level() {
    let registry = tabula_registry::registry();
    for entry in registry.entries() {
        assert_eq!(entry.bots, tabula_ai::BOT_NAMES, "{}", entry.spec.id);
        let game = registry.make(entry.spec.id, &json!({})).unwrap();
        let mut state = game.new_state(1);
        while state.turn() == Turn::Chance {
            state.sample_chance().unwrap();
        }
        for &name in entry.bots {
            // Levels are made as they are; searches get a small budget to keep this fast.
            let options = match name {
                "mcts" | "ismcts" => json!({"iters": 20}),
                "rollout" => json!({"iters": 20, "depth": 10}),
                _ => json!({}),
            };
            let mut bot = registry.make_bot(entry.spec.id, name, &options, 7).unwrap();
            if matches!(name, "medium" | "hard") {
                assert!(bot.name().starts_with(name), "{}", bot.name());
                continue;
            }
            let text = bot.choose(state.as_ref()).unwrap();
            assert!(state.legal_actions().contains(&text), "{} {name}: {text}", entry.spec.id);
            let explained = bot.last_explanation();
            assert_eq!(
                explained.is_some(),
                matches!(name, "mcts" | "ismcts" | "rollout"),
                "{} {name}",
                entry.spec.id
            );
        }
    }
}
