//! Every registered game has every bot, the difficulty levels included, and each plays a
//! legal move through the erased layer.

use serde_json::json;
use tabula_core::Turn;

#[test]
fn expert_is_a_level_only_where_a_network_ships() {
    let registry = tabula_registry::registry();
    for entry in registry.entries() {
        let id = entry.spec.id;
        let made = registry.make_bot(id, "expert", &json!({}), 1);
        if tabula_ai::level::has_expert(id) {
            assert!(tabula_ai::net::ValueNet::builtin(id).is_some(), "{id}: expert without a network");
            let name = made.unwrap().name();
            assert!(name.starts_with("expert(") && name.ends_with(";rollout=net)"), "{name}");
        } else {
            let err = made.err().unwrap();
            assert!(err.contains("has no `expert` level yet") && err.contains("easy, medium, hard"), "{err}");
            // A search asked for the game's own network is told there is none.
            let with_one: Vec<&str> = tabula_ai::net::ValueNet::builtin_games().collect();
            for bot in ["mcts", "ismcts", "rollout"] {
                let err = registry.make_bot(id, bot, &json!({"rollout": "net"}), 1).err().unwrap();
                let says = format!("ships no value network (games with one: {})", with_one.join(", "));
                assert!(err.contains(&says), "{err}");
            }
        }
    }
    assert!(tabula_ai::level::has_expert("abagio"));
}

#[test]
fn the_rollout_bot_takes_a_network_at_its_rollouts_cut_off() {
    let registry = tabula_registry::registry();
    let err = registry.make_bot("abagio", "rollout", &json!({"rollout": "random"}), 1).err().unwrap();
    assert_eq!(err, "the rollout bot's rollouts are the game's policy: `rollout` is `policy` or `net`");
    let err = registry.make_bot("abagio", "rollout", &json!({"net": 3}), 1).err().unwrap();
    assert!(err.contains("`net` must be the path of a network file"), "{err}");
    let game = registry.make("abagio", &json!({})).unwrap();
    let mut state = game.new_state(5);
    while state.turn() == Turn::Chance {
        state.sample_chance().unwrap();
    }
    for options in
        [json!({"rollout": "net", "iters": 40, "depth": 8}), json!({"rollout": "net", "iters": 40})]
    {
        let mut bot = registry.make_bot("abagio", "rollout", &options, 3).unwrap();
        assert!(
            bot.name().starts_with("rollout:iters=40") && bot.name().ends_with(";rollout=net"),
            "{}",
            bot.name()
        );
        let text = bot.choose(state.as_ref()).unwrap();
        assert!(state.legal_actions().contains(&text), "{options}: {text}");
    }
}

#[test]
fn every_game_has_every_bot_and_level() {
    let registry = tabula_registry::registry();
    for entry in registry.entries() {
        let expert = tabula_ai::level::has_expert(entry.spec.id);
        let expected: Vec<&str> =
            tabula_ai::BOT_NAMES.iter().copied().chain(expert.then_some("expert")).collect();
        assert_eq!(entry.bots, expected, "{}", entry.spec.id);
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
            if matches!(name, "medium" | "hard" | "expert") {
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
