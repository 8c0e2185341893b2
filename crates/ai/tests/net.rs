//! Value networks: read from safetensors, computed as the file says, refused with a sentence
//! when they are not one or not the game's, and played by the search at its leaves.

use std::collections::HashMap;
use std::sync::Arc;

use safetensors::tensor::{Dtype, TensorView};
use tabula_abagio::Abagio;
use tabula_ai::net::{NetEvaluator, ValueNet};
use tabula_ai::{Bot, Evaluator, MctsBot, RolloutBot, RolloutConfig, SearchConfig};
use tabula_core::{Game, Turn, sample_chance};

/// A network file from layers `(weight [out][in], bias [out])`.
fn file(layers: &[(Vec<Vec<f32>>, Vec<f32>)], meta: &[(&str, &str)]) -> Vec<u8> {
    let mut data: Vec<(String, Vec<usize>, Vec<u8>)> = Vec::new();
    for (i, (w, b)) in layers.iter().enumerate() {
        let bytes: Vec<u8> = w.iter().flatten().flat_map(|x| x.to_le_bytes()).collect();
        data.push((format!("layers.{i}.weight"), vec![w.len(), w[0].len()], bytes));
        data.push((
            format!("layers.{i}.bias"),
            vec![b.len()],
            b.iter().flat_map(|x| x.to_le_bytes()).collect(),
        ));
    }
    let views: Vec<(String, TensorView)> = data
        .iter()
        .map(|(name, shape, bytes)| {
            (name.clone(), TensorView::new(Dtype::F32, shape.clone(), bytes).unwrap())
        })
        .collect();
    let meta: HashMap<String, String> = meta.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    safetensors::serialize(views, Some(meta)).unwrap()
}

#[test]
fn a_network_computes_what_its_layers_say() {
    // 3 inputs -> 2 (ReLU) -> 1.
    let bytes = file(
        &[
            (vec![vec![1.0, -1.0, 0.5], vec![-2.0, 0.0, 1.0]], vec![0.5, -0.25]),
            (vec![vec![0.5, -1.5]], vec![0.125]),
        ],
        &[("game", "abagio")],
    );
    let net = ValueNet::from_bytes(&bytes).unwrap();
    assert_eq!(net.inputs(), 3);
    assert_eq!(net.meta()["game"], "abagio");
    let rows = [1.0, 2.0, 4.0, 0.0, 1.0, -1.0];
    let mut out = [0.0; 2];
    net.forward(&rows, 2, &mut out).unwrap();
    let by_hand = |x: [f32; 3]| {
        let h0 = (x[0] - x[1] + 0.5 * x[2] + 0.5).max(0.0);
        let h1 = (-2.0 * x[0] + x[2] - 0.25).max(0.0);
        0.5 * h0 - 1.5 * h1 + 0.125
    };
    assert!((out[0] - by_hand([1.0, 2.0, 4.0])).abs() < 1e-6, "{out:?}");
    assert!((out[1] - by_hand([0.0, 1.0, -1.0])).abs() < 1e-6, "{out:?}");
    // A batch of the wrong length is the caller's mistake, said.
    assert!(net.forward(&rows[..5], 2, &mut out).unwrap_err().contains("5 values for 2 observations"));
}

#[test]
fn what_is_not_a_value_network_is_refused_in_a_sentence() {
    let err = |bytes: &[u8]| ValueNet::from_bytes(bytes).unwrap_err();
    assert!(err(b"hello").contains("not a value network"));
    // A safetensors file whose tensors are named otherwise.
    let bytes = 1.0f32.to_le_bytes();
    let other = TensorView::new(Dtype::F32, vec![1], &bytes).unwrap();
    let none = err(&safetensors::serialize([("weights", other)], None).unwrap());
    assert!(none.contains("no layer"), "{none}");
    let two_outputs = file(&[(vec![vec![1.0], vec![2.0]], vec![0.0, 0.0])], &[]);
    assert!(err(&two_outputs).contains("2 outputs, not one value"));
    let mismatch = file(&[(vec![vec![1.0, 2.0]], vec![0.0]), (vec![vec![1.0, 1.0]], vec![0.0])], &[]);
    assert!(err(&mismatch).contains("takes 2 inputs but the layer before gives 1"));
    let biases = file(&[(vec![vec![1.0]], vec![0.0, 1.0])], &[]);
    assert!(err(&biases).contains("1 outputs but 2 biases"));
    assert!(ValueNet::from_file("/no/such/net.safetensors").unwrap_err().contains("cannot read the network"));
    assert_eq!(ValueNet::from_file("/dev/zero").unwrap_err(), "the network /dev/zero is not a file");
}

/// A network over Abagio's observation that values every position `bias`.
fn constant(bias: f32, game: &str) -> Arc<ValueNet> {
    let inputs = Abagio::with_defaults().observation_shape()[0];
    Arc::new(
        ValueNet::from_bytes(&file(&[(vec![vec![0.0; inputs]], vec![bias])], &[("game", game)])).unwrap(),
    )
}

/// Plays `state` on for at most `steps` actions or to its end: chance by its odds, a seat's
/// turn by `choose(state, seat)`.
fn play_on(
    game: &Abagio,
    state: &mut <Abagio as Game>::State,
    rng: &mut tabula_core::Rng,
    steps: usize,
    mut choose: impl FnMut(&<Abagio as Game>::State, usize) -> <Abagio as Game>::Action,
) {
    for _ in 0..steps {
        let action = match game.turn(state) {
            Turn::Terminal => break,
            Turn::Chance => sample_chance(game, state, &mut Vec::new(), rng),
            Turn::Player(seat) => choose(state, seat),
        };
        game.play(state, action).unwrap();
    }
}

#[test]
fn a_network_is_checked_against_the_game() {
    let game = Abagio::with_defaults();
    assert!(constant(0.0, "abagio").check(&game).is_ok());
    assert_eq!(
        constant(0.0, "sabacc").check(&game).unwrap_err(),
        "this network was trained for sabacc, not abagio"
    );
    let short = ValueNet::from_bytes(&file(&[(vec![vec![0.0; 3]], vec![0.0])], &[])).unwrap();
    assert_eq!(
        short.check(&game).unwrap_err(),
        "this network reads 3 values, but a abagio observation has 363"
    );
}

#[test]
fn the_evaluator_reads_each_seat_s_observation_and_a_finished_game_s_returns() {
    let game = Abagio::with_defaults();
    let mut state = game.initial_state();
    let mut rng = <tabula_core::Rng as rand::SeedableRng>::seed_from_u64(1);
    let mut eval = NetEvaluator::<Abagio>::new(constant(0.25, "abagio"));
    let mut out = [0.0; 2];
    eval.evaluate(&game, &mut state, &mut rng, &mut out);
    assert_eq!(out, [0.25, 0.25]);
    // Played to its end: the returns, not the network.
    let mut bot = tabula_ai::RandomBot::new(2);
    play_on(&game, &mut state, &mut rng, usize::MAX, |state, seat| {
        bot.choose(&game, &game.view(state, seat))
    });
    eval.evaluate(&game, &mut state, &mut rng, &mut out);
    assert_eq!(out.iter().sum::<f64>(), 0.0);
    assert_eq!(out.iter().map(|x| x.abs()).sum::<f64>(), 2.0);
}

#[test]
fn a_search_with_a_network_at_its_leaves_plays_legal_moves() {
    let game = Abagio::with_defaults();
    let mut state = game.initial_state();
    let mut rng = <tabula_core::Rng as rand::SeedableRng>::seed_from_u64(3);
    while game.turn(&state) == Turn::Chance {
        let a = sample_chance(&game, &state, &mut Vec::new(), &mut rng);
        game.play(&mut state, a).unwrap();
    }
    let seat = game.turn(&state).player().unwrap();
    let eval = NetEvaluator::new(constant(0.0, "abagio"));
    let mut bot = MctsBot::with_evaluator(SearchConfig::iterations(50), eval, 1, 4);
    let action = bot.choose(&game, &game.view(&state, seat));
    assert!(game.check(&state, action).is_ok());
}

#[test]
fn the_rollout_bot_plays_the_move_its_network_values_most() {
    // A network that values a position by a fixed random mix of its observation; with no
    // rollout the bot values each move's position by it alone, and Abagio's information
    // is perfect, so every world agrees: it plays the network's best move.
    let game = Abagio::with_defaults();
    let inputs = game.observation_shape()[0];
    let mut rng = <tabula_core::Rng as rand::SeedableRng>::seed_from_u64(11);
    let weights: Vec<f32> = (0..inputs).map(|i| ((i * 7919 % 101) as f32 - 50.0) / 50.0).collect();
    let net =
        Arc::new(ValueNet::from_bytes(&file(&[(vec![weights], vec![0.0])], &[("game", "abagio")])).unwrap());
    let mut state = game.initial_state();
    let mut chosen = 0;
    play_on(&game, &mut state, &mut rng, 40, |state, seat| {
        let mut legal = Vec::new();
        game.legal_actions(state, &mut legal);
        let value = |a| {
            let mut after = *state;
            game.play(&mut after, a).unwrap();
            if game.turn(&after) == Turn::Terminal {
                return game.returns(&after)[seat];
            }
            let mut obs = vec![0.0; inputs];
            game.write_observation(&game.view(&after, seat), &mut obs);
            let mut out = [0.0];
            net.forward(&obs, 1, &mut out).unwrap();
            f64::from(out[0]) * game.return_unit()
        };
        let best = legal.iter().map(|&a| value(a)).fold(f64::NEG_INFINITY, f64::max);
        let config = RolloutConfig {
            budget: tabula_ai::Budget::iterations(4 * legal.len() as u64),
            ..Default::default()
        };
        let mut bot = RolloutBot::with_evaluator(config, NetEvaluator::new(Arc::clone(&net)), 5);
        let action = bot.choose(&game, &game.view(state, seat));
        if legal.len() > 1 {
            assert_eq!(value(action), best, "{legal:?}");
            chosen += 1;
        }
        action
    });
    assert!(chosen > 5, "too few choices to test: {chosen}");
}

#[test]
fn every_shipped_network_reads_its_game_s_observations() {
    for id in ValueNet::builtin_games() {
        let net = ValueNet::builtin(id).unwrap_or_else(|| panic!("{id}'s shipped network does not read"));
        assert_eq!(net.meta().get("game").map(String::as_str), Some(id));
        assert_eq!(net.inputs(), observation_len(id), "{id}");
        for key in ["command", "seed", "positions", "seconds"] {
            assert!(net.meta().contains_key(key), "{id}'s network does not say its {key}");
        }
    }
}

/// The observation length of a game that ships a network (the registry is above this
/// crate: a game that ships one is added here).
fn observation_len(id: &str) -> usize {
    match id {
        "abagio" => Abagio::with_defaults().observation_shape().iter().product(),
        _ => panic!("{id} ships a network: add its observation's length to this test"),
    }
}
