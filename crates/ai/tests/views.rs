//! Searching bots see views only: a hidden card changed in the true state changes nothing
//! they do; and the same seed gives the same moves.

use rand::SeedableRng;
use serde_json::json;
use tabula_ai::make_bot;
use tabula_core::{Game, Turn, sample_chance};
use tabula_sabotage_pipes::{Card, SabotagePipes, State};

/// A position after the deal, seat 0 to play, with a card of seat 1's hand swapped for one
/// still in the pile: seat 0's view is the same in both.
fn twin_positions() -> (State, State) {
    let game = SabotagePipes::with_defaults();
    let mut rng = tabula_core::Rng::seed_from_u64(5);
    let mut state = game.initial_state();
    let mut buffer = Vec::new();
    while game.turn(&state) == Turn::Chance {
        let card = sample_chance(&game, &state, &mut buffer, &mut rng);
        game.play(&mut state, card).unwrap();
    }
    let mut twin = state.clone();
    let theirs = twin.hands[1].distinct().next().unwrap();
    let stock = twin.stock();
    let other = Card::all().find(|&c| c != theirs && stock.contains(c)).unwrap();
    twin.hands[1].remove(theirs);
    twin.hands[1].add(other);
    assert_ne!(state, twin);
    assert_eq!(game.view(&state, 0), game.view(&twin, 0));
    assert_eq!(game.turn(&state), Turn::Player(0));
    (state, twin)
}

#[test]
fn searching_bots_play_the_same_whatever_the_hidden_cards() {
    let game = tabula_core::ErasedGame::boxed(SabotagePipes::with_defaults());
    let (state, twin) = twin_positions();
    for (bot, options) in [
        ("ismcts", json!({"iters": 200})),
        ("mcts", json!({"iters": 200, "worlds": 4})),
        ("ismcts", json!({"iters": 100, "rollout": "policy", "depth": 20})),
        ("ismcts", json!({"iters": 100, "opponents": "policy", "beliefs": 4})),
        ("rollout", json!({"iters": 200, "depth": 20, "beliefs": 2})),
        ("greedy", json!({})),
    ] {
        let mut answers = Vec::new();
        for position in [&state, &twin] {
            let erased = game.load_state(&serde_json::to_value(position).unwrap(), 1).unwrap();
            let mut bot = make_bot::<SabotagePipes>(bot, &options, 42).unwrap();
            let action = bot.choose(erased.as_ref()).unwrap();
            answers.push((action, bot.last_explanation()));
        }
        assert_eq!(answers[0], answers[1], "{bot} {options}");
    }
}

#[test]
fn the_same_seed_gives_the_same_moves() {
    let game = tabula_core::ErasedGame::boxed(SabotagePipes::with(2, true, 1).unwrap());
    let play = |seed: u64| {
        let mut state = game.new_state(9);
        let mut bots = [
            make_bot::<SabotagePipes>("ismcts", &json!({"iters": 50}), seed).unwrap(),
            make_bot::<SabotagePipes>("mcts", &json!({"iters": 50}), seed + 1).unwrap(),
        ];
        for _ in 0..60 {
            match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    state.sample_chance().unwrap();
                }
                Turn::Player(p) => {
                    let text = bots[p].choose(state.as_ref()).unwrap();
                    state.apply(&text).unwrap();
                }
            }
        }
        state.history()
    };
    assert_eq!(play(3), play(3));
}
