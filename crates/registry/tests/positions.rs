//! An accepted position is a position the rules can play on from. For every game and a
//! spread of option sets, proptest takes a valid state from a seeded random game, mutates
//! its JSON (a number pushed to an edge or off by a little, a flag flipped, a card moved,
//! an entry dropped or doubled, a field removed), and hands it to `set_state`'s path
//! (`DynGame::load_state`). The position must be refused with a sentence per problem, or
//! be playable: a legal action at every player turn, chance outcomes that sum to 1, every
//! bot answering a legal move without panicking, and returns in the declared range.
//!
//! `PROPTEST_CASES` raises the number of positions per option set (default 48), and
//! `TABULA_PROPTEST_SEED` picks other positions than CI's.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use tabula_core::{DynGame, DynState, Registry, Turn};

/// The option sets tried for each game.
fn option_sets() -> Vec<(&'static str, Value)> {
    vec![
        ("sabotage-pipes", json!({})),
        ("sabotage-pipes", json!({"players": 4, "rounds": 2})),
        ("abagio", json!({})),
        ("sabacc", json!({"hands": 2})),
        ("sabacc", json!({"players": 4, "hands": 2, "deal": "stud"})),
        ("sabacc", json!({"rules": "canonical", "hands": 2})),
        ("sabacc", json!({"rules": "canonical", "players": 5, "scoring": "points", "hands": 1})),
        ("sabacc", json!({"rules": "black-knight", "players": 3, "hands": 2})),
        ("sabacc", json!({"rules": "canonical", "players": 3, "scoring": "theory-money", "hands": 2})),
        ("sabacc", json!({"rules": "canonical", "deck": "west-end", "hands": 2})),
        ("sabacc", json!({"players": 4, "contract": true, "hands": 2})),
        ("sabacc", json!({"players": 3, "table": "open", "hands": 3})),
        // Random games of Abilene last up to the turn limit: short ones keep the play-on quick.
        ("abilene", json!({"turn_limit": 50})),
        ("abilene", json!({"players": 3, "placement": "random", "short_game": 8, "turn_limit": 50})),
        ("abilene", json!({"players": 6, "first": 1, "turn_limit": 40})),
        ("sabotage-spies", json!({"intro": true, "round_limit": 10})),
        ("sabotage-spies", json!({"players": 2, "map": "variable", "round_limit": 10})),
    ]
}

/// A state from a random game of `seed`, stopped at a random step.
fn base_state(game: &dyn DynGame, seed: u64) -> Box<dyn DynState> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = game.new_state(seed);
    let stop = rng.random_range(0..game.max_game_length().min(400));
    for step in 0..stop {
        if step == 1 && game.spec().id == "sabotage-spies" {
            // A position read without its history keeps the rules alone (no deduction
            // aid): the random game goes on at the rules' speed.
            state = game.load_state(&state.state_json(), seed).unwrap();
        }
        if !random_step(state.as_mut(), &mut rng) {
            break;
        }
    }
    state
}

/// Plays one uniformly random action (a player's, or the sampled chance outcome); `false`
/// once the game is over.
fn random_step(state: &mut dyn DynState, rng: &mut ChaCha8Rng) -> bool {
    match state.turn() {
        Turn::Terminal => return false,
        Turn::Chance => {
            state.sample_chance().unwrap();
        }
        Turn::Player(_) => {
            let legal = state.legal_actions();
            state.apply(&legal[rng.random_range(0..legal.len())]).unwrap();
        }
    }
    true
}

/// Where a mutation may land: a path of keys and indices into the JSON.
#[derive(Debug, Clone)]
enum Step {
    Key(String),
    Index(usize),
}

fn paths(value: &Value, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    out.push(path.clone());
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                path.push(Step::Key(key.clone()));
                paths(v, path, out);
                path.pop();
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                path.push(Step::Index(i));
                paths(v, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(value: &'a mut Value, path: &[Step]) -> &'a mut Value {
    path.iter().fold(value, |v, step| match step {
        Step::Key(k) => &mut v[k.as_str()],
        Step::Index(i) => &mut v[*i],
    })
}

/// Numbers a mutation tries: edges of the integer types and of the games' small counts.
const EDGES: &[i64] = &[
    0,
    1,
    -1,
    2,
    3,
    7,
    8,
    9,
    12,
    13,
    16,
    17,
    24,
    255,
    256,
    131_072,
    i32::MAX as i64,
    i32::MAX as i64 + 1,
    i32::MIN as i64,
    u32::MAX as i64,
    i64::MAX,
    i64::MIN,
];

/// Applies mutation `kind` (with `pick` for its choices) at `path`; returns what it did.
fn mutate(state: &mut Value, path: &[Step], kind: u8, pick: u64) -> String {
    let target = at(state, path);
    let before = target.clone();
    let edge = EDGES[(pick % EDGES.len() as u64) as usize];
    match (kind % 8, &before) {
        (0, Value::Number(n)) => *target = json!(n.as_i64().unwrap_or(0).saturating_add(edge.signum())),
        (1, Value::Number(n)) => *target = json!(n.as_i64().unwrap_or(0).saturating_add(edge)),
        (_, Value::Bool(b)) => *target = json!(!b),
        (2, Value::Array(items)) if !items.is_empty() => {
            let i = (pick % items.len() as u64) as usize;
            target.as_array_mut().unwrap().remove(i);
        }
        (3, Value::Array(items)) if !items.is_empty() => {
            let i = (pick % items.len() as u64) as usize;
            target.as_array_mut().unwrap().push(items[i].clone());
        }
        (4, Value::Object(map)) if !map.is_empty() => {
            let key = map.keys().nth((pick % map.len() as u64) as usize).unwrap().clone();
            target.as_object_mut().unwrap().remove(&key);
        }
        (5, Value::String(_)) => {
            // Another string of the same kind from elsewhere in the state (a card, a phase).
            *target = json!(["x", "", "Ao", "dem", "card", "play", "deal", "0", "T12"][(pick % 9) as usize]);
        }
        (6, _) => *target = Value::Null,
        (_, Value::Number(_)) => *target = json!(edge),
        (_, Value::String(_)) => *target = json!(edge),
        (_, Value::Null) => *target = json!(edge),
        _ => *target = json!(edge),
    }
    format!("{before} -> {}", at(state, path))
}

fn path_text(path: &[Step]) -> String {
    path.iter()
        .map(|s| match s {
            Step::Key(k) => format!(".{k}"),
            Step::Index(i) => format!("[{i}]"),
        })
        .collect()
}

/// Plays on from an accepted position, checking what the rules and the bots promise.
fn play_on(registry: &Registry, id: &str, game: &dyn DynGame, mut state: Box<dyn DynState>, seed: u64) {
    let spec = game.spec();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let bots = registry.entry(id).unwrap().bots;
    for step in 0..=game.max_game_length() {
        match state.turn() {
            Turn::Terminal => {
                assert!(state.legal_actions().is_empty(), "legal actions at the end");
                for r in state.returns() {
                    assert!(
                        (spec.min_return..=spec.max_return).contains(&r),
                        "return {r} outside the declared range"
                    );
                }
                return;
            }
            Turn::Chance => {
                let outcomes = state.chance_outcomes();
                assert!(!outcomes.is_empty(), "a chance node without outcomes at step {step}");
                let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
                assert!((total - 1.0).abs() < 1e-9, "chance probabilities sum to {total}");
                state.sample_chance().unwrap();
            }
            Turn::Player(p) => {
                assert!(p < game.num_players(), "seat {p} acts");
                let legal = state.legal_actions();
                assert!(!legal.is_empty(), "seat {p} is to act with no legal action at step {step}");
                for seat in 0..game.num_players() {
                    state.view(seat).unwrap();
                }
                if step % 40 == 0 {
                    let name = bots[rng.random_range(0..bots.len())];
                    let options = match name {
                        "rollout" | "mcts" | "ismcts" | "hard" | "medium" => json!({"iters": 8, "depth": 12}),
                        _ => json!({}),
                    };
                    // Levels keep their own budgets and refuse options.
                    let options =
                        if matches!(name, "easy" | "medium" | "hard") { json!({}) } else { options };
                    if !matches!(name, "medium" | "hard") {
                        let mut bot = registry.make_bot(id, name, &options, seed).unwrap();
                        let choice = bot.choose(state.as_ref()).unwrap();
                        assert!(legal.contains(&choice), "bot {name} chose `{choice}`, not a legal action");
                    }
                }
                let text = legal[rng.random_range(0..legal.len())].clone();
                state.apply(&text).unwrap_or_else(|e| panic!("legal `{text}` refused: {e}"));
            }
        }
    }
    panic!("the game did not end within max_game_length ({})", game.max_game_length());
}

/// The 32 bytes of a ChaCha seed from a number.
fn seed_bytes(seed: u64) -> [u8; 32] {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    bytes
}

/// The message of a caught panic.
fn panic_text(panic: Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

/// Runs the mutations on every option set of game `id`.
fn mutations(id: &str) {
    let registry = tabula_registry::registry();
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(48);
    let accepted = std::cell::Cell::new(0usize);
    let refused = std::cell::Cell::new(0usize);
    for (_, options) in option_sets().into_iter().filter(|(game, _)| *game == id) {
        let game = registry.make(id, &options).unwrap();
        // A fixed seed by default, so that CI runs the same positions every time;
        // `TABULA_PROPTEST_SEED` explores others.
        let seed =
            std::env::var("TABULA_PROPTEST_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x007a_b11a);
        let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes(seed));
        let mut runner =
            TestRunner::new_with_rng(Config { cases, failure_persistence: None, ..Config::default() }, rng);
        let strategy = (any::<u64>(), any::<u64>(), any::<u8>(), any::<u64>());
        runner
            .run(&strategy, |(seed, where_, kind, pick)| {
                let base = base_state(game.as_ref(), seed);
                let mut json = base.state_json();
                let mut all = Vec::new();
                paths(&json, &mut Vec::new(), &mut all);
                let path = all[(where_ % all.len() as u64) as usize].clone();
                let did = mutate(&mut json, &path, kind, pick);
                let label = format!("{id} {options}: seed {seed}, at {}: {did}", path_text(&path));
                let loaded =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| game.load_state(&json, seed)))
                        .map_err(|panic| {
                        TestCaseError::fail(format!("{label}: set_state panicked: {}", panic_text(panic)))
                    })?;
                match loaded {
                    Err(error) => {
                        refused.set(refused.get() + 1);
                        prop_assert!(!error.problems.is_empty(), "{label}: refused without a reason");
                        for problem in &error.problems {
                            prop_assert!(
                                !problem.is_empty() && problem.len() < 600,
                                "{label}: a problem is empty or too long: {problem}"
                            );
                        }
                    }
                    Ok(state) => {
                        accepted.set(accepted.get() + 1);
                        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            play_on(&registry, id, game.as_ref(), state, seed)
                        }));
                        if let Err(panic) = result {
                            prop_assert!(false, "{label}: accepted, then: {}\n{json}", panic_text(panic));
                        }
                    }
                }
                Ok(())
            })
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let (accepted, refused) = (accepted.get(), refused.get());
    eprintln!("{id}: accepted {accepted}, refused {refused}");
    assert!(accepted > 0 && refused > 0, "{id}: accepted {accepted}, refused {refused}");
}

#[test]
fn sabotage_pipes_positions() {
    mutations("sabotage-pipes");
}

#[test]
fn abagio_positions() {
    mutations("abagio");
}

#[test]
fn sabacc_positions() {
    mutations("sabacc");
}

#[test]
fn abilene_positions() {
    mutations("abilene");
}

#[test]
fn sabotage_spies_positions() {
    mutations("sabotage-spies");
}

/// Every position a game reaches can be taken back: its state JSON is accepted by
/// `set_state` (`DynGame::load_state`) and written again identically, at every step of
/// seeded random games of every option set.
#[test]
fn every_reached_position_round_trips_through_set_state() {
    let registry = tabula_registry::registry();
    for (id, options) in option_sets() {
        let game = registry.make(id, &options).unwrap();
        for seed in 0..2u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut state = game.new_state(seed);
            for step in 0..game.max_game_length().min(600) {
                let json = state.state_json();
                let back = game.load_state(&json, seed).unwrap_or_else(|e| {
                    panic!("{id} {options} seed {seed} step {step}: refused: {e}\n{json}")
                });
                assert_eq!(
                    back.state_json(),
                    json,
                    "{id} {options} seed {seed} step {step}: not the same position"
                );
                if step == 1 && id == "sabotage-spies" {
                    // Without its history the position keeps the rules alone (no deduction
                    // aid): the game goes on at the rules' speed.
                    state = back;
                }
                if !random_step(state.as_mut(), &mut rng) {
                    break;
                }
            }
        }
    }
}
