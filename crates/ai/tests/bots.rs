//! Bots play legal moves from views alone, through the generic and the erased API.

use rand::SeedableRng;
use serde_json::json;
use tabula_ai::{Bot, GreedyBot, RandomBot, make_bot};
use tabula_core::{ErasedGame, Game, Turn, sample_chance};
use tabula_sabotage_pipes::SabotagePipes;

/// Plays one game with one bot per seat; returns seat 0's return.
fn play(game: &SabotagePipes, bots: &mut [Box<dyn Bot<SabotagePipes>>], seed: u64) -> f64 {
    let mut rng = tabula_core::Rng::seed_from_u64(seed);
    let mut state = game.initial_state();
    let mut buffer = Vec::new();
    loop {
        match game.turn(&state) {
            Turn::Terminal => return game.returns(&state)[0],
            Turn::Chance => {
                let a = sample_chance(game, &state, &mut buffer, &mut rng);
                game.play(&mut state, a).unwrap();
            }
            Turn::Player(p) => {
                let view = game.view(&state, p);
                let a = bots[p % bots.len()].choose(game, &view);
                game.play(&mut state, a).expect("bots play legal actions");
            }
        }
    }
}

#[test]
fn greedy_beats_random_at_two_players() {
    let game = SabotagePipes::with(2, true, 4).unwrap();
    let mut score = 0.0;
    let games = 16;
    for i in 0..games {
        // Alternate seats so neither bot always starts.
        let greedy: Box<dyn Bot<SabotagePipes>> = Box::new(GreedyBot::new(i, 1));
        let random: Box<dyn Bot<SabotagePipes>> = Box::new(RandomBot::new(i + 100));
        score += if i % 2 == 0 {
            play(&game, &mut [greedy, random], i)
        } else {
            -play(&game, &mut [random, greedy], i)
        };
    }
    assert!(score > games as f64 / 2.0, "greedy's net wins over {games} games: {score}");
}

#[test]
fn bots_finish_four_player_games() {
    let game = SabotagePipes::with(4, false, 2).unwrap();
    let mut bots: Vec<Box<dyn Bot<SabotagePipes>>> = vec![
        Box::new(GreedyBot::new(1, 2)),
        Box::new(RandomBot::new(2)),
        Box::new(RandomBot::new(3)),
        Box::new(GreedyBot::new(4, 2)),
    ];
    let r = play(&game, &mut bots, 9);
    assert!((-1.0..=1.0).contains(&r));
}

#[test]
fn erased_bots_answer_with_legal_text() {
    let erased = ErasedGame::boxed(SabotagePipes::with_defaults());
    let mut state = erased.new_state(4);
    let mut greedy = make_bot::<SabotagePipes>("greedy", &json!({"samples": 2}), 1).unwrap();
    let mut random = make_bot::<SabotagePipes>("random", &json!(null), 1).unwrap();
    assert!(greedy.choose(state.as_ref()).is_err(), "nobody to act at the deal");
    while state.turn() == Turn::Chance {
        state.sample_chance().unwrap();
    }
    let mut rollout = make_bot::<SabotagePipes>("rollout", &json!({"iters": 60, "depth": 10}), 1).unwrap();
    for bot in [&mut greedy, &mut random, &mut rollout] {
        let text = bot.choose(state.as_ref()).unwrap();
        assert!(state.legal_actions().contains(&text), "{text}");
    }
    assert_eq!(greedy.name(), "greedy:samples=2");
}

#[test]
fn bad_bot_requests_are_explained() {
    let err = |name: &str, options| make_bot::<SabotagePipes>(name, &options, 0).err().unwrap();
    assert!(err("alphazero", json!({})).contains("unknown bot `alphazero`"));
    assert!(err("random", json!({"depth": 3})).contains("no option `depth`"));
    assert!(err("greedy", json!({"samples": 0})).contains("`samples` must be"));
    assert!(err("greedy", json!([1])).contains("JSON object"));
    assert!(err("mcts", json!({"iters": 0})).contains("`iters` must be"));
    assert!(err("ismcts", json!({"scale": "huge"})).contains("`scale` must be"));
    assert!(err("ismcts", json!({"epsilon": 0.2})).contains("`epsilon` goes with `rollout=policy`"));
    assert!(err("ismcts", json!({"worlds": 2})).contains("no option `worlds`"));
    assert!(err("hard", json!({"iters": 5})).contains("no option `iters`"));
    assert!(err("ismcts", json!({"opponents": "oracle"})).contains("`opponents` must be"));
    assert!(err("mcts", json!({"opponents": "policy"})).contains("no option `opponents`"));
    assert!(err("rollout", json!({"beliefs": 0})).contains("`beliefs` must be"));
    assert!(err("rollout", json!({"c": 1})).contains("no option `c`"));
}
