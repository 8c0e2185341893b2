//! Random games through the rules engine: every option set plays to the end, every listed
//! action passes `check`, the roll's odds sum to 1, and the state's JSON round-trips.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tabula_core::Options;
use tabula_sabotage_spies::action::Action;
use tabula_sabotage_spies::config::{Config, SPEC};
use tabula_sabotage_spies::rules;
use tabula_sabotage_spies::state::{Phase, State};

fn config(json: serde_json::Value) -> Config {
    Config::from_options(&Options::from_json(&SPEC, &json).unwrap()).unwrap()
}

fn play(cfg: &Config, seed: u64) -> (State, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = rules::initial(cfg);
    let mut legal = Vec::new();
    let mut steps = 0;
    while state.phase != Phase::Over {
        rules::legal(&state, cfg, &mut legal);
        assert!(!legal.is_empty(), "seed {seed} step {steps}: no legal action in {:?}", state.phase);
        let action = legal[rng.random_range(0..legal.len())];
        if let Err(e) = rules::check(&state, cfg, action) {
            panic!("seed {seed} step {steps}: listed {action} refused: {e}");
        }
        rules::apply(&mut state, cfg, action);
        steps += 1;
        if steps % 97 == 0 {
            let json = serde_json::to_string(&state).unwrap();
            let back: State = serde_json::from_str(&json).unwrap();
            assert_eq!(back, state, "seed {seed} step {steps}: JSON does not round-trip");
        }
        assert!(steps < 200_000, "seed {seed}: no end");
    }
    (state, steps)
}

#[test]
fn the_roll_has_126_outcomes_summing_to_one() {
    let rolls: Vec<_> = rules::rolls().collect();
    assert_eq!(rolls.len(), 126);
    let total: f64 = rolls.iter().map(|r| r.1).sum();
    assert!((total - 1.0).abs() < 1e-12);
    let p1234 = rolls.iter().find(|r| r.0 == [1, 2, 3, 4]).unwrap().1;
    assert!((p1234 - 24.0 / 1296.0).abs() < 1e-12);
}

#[test]
fn random_games_end_on_every_option_set() {
    let sets = [
        serde_json::json!({}),
        serde_json::json!({"intro": true}),
        serde_json::json!({"players": 2, "map": "variable"}),
        serde_json::json!({"players": 2, "intro": true, "map": "variable", "round_limit": 10}),
    ];
    for (i, set) in sets.iter().enumerate() {
        let cfg = config(set.clone());
        for seed in 0..4 {
            let (state, steps) = play(&cfg, 100 * i as u64 + seed);
            assert!(state.outcome.is_some());
            assert!(steps > 20);
        }
    }
}

#[test]
fn actions_round_trip_through_text() {
    let a: Action = "die 3 on 2".parse().unwrap();
    assert_eq!(a.to_string(), "die 3 on 2");
}

#[test]
#[ignore = "statistics for a person: cargo test -p tabula-sabotage-spies --test playouts -- --ignored --nocapture"]
fn statistics_of_random_games() {
    use tabula_sabotage_spies::state::{Event, Outcome};
    for set in [serde_json::json!({}), serde_json::json!({"intro": true})] {
        let cfg = config(set.clone());
        let (mut v, mut s, mut d, mut steps, mut rounds, mut said) = (0, 0, 0, 0, 0, 0);
        for seed in 0..40 {
            let (state, n) = play(&cfg, seed);
            steps += n;
            rounds += usize::from(state.round);
            said += state.log.iter().filter(|e| matches!(e, Event::Said { .. })).count();
            match state.outcome {
                Some(Outcome::Win(tabula_sabotage_spies::Team::Villains)) => v += 1,
                Some(Outcome::Win(_)) => s += 1,
                _ => d += 1,
            }
        }
        println!(
            "{set}: villains {v} spies {s} draws {d}; {:.0} actions, {:.1} rounds, {:.0} declarations a game",
            steps as f64 / 40.0,
            rounds as f64 / 40.0,
            said as f64 / 40.0
        );
    }
}

/// The rules never read the deduction aids: a game keeping the rules alone
/// (`Game::rules_only`) plays the same game as one keeping them, position for position, and
/// every position it reaches is accepted back by `validate` from its JSON, which never
/// carries an aid.
#[test]
fn the_rules_play_the_same_game_without_the_aids() {
    use tabula_core::{Game, Turn};
    use tabula_sabotage_spies::SabotageSpies;
    for (set, steps) in [
        (serde_json::json!({"intro": true}), 400),
        (serde_json::json!({"players": 2, "map": "variable"}), 150),
    ] {
        let game = SabotageSpies::from_json(&set).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut kept = game.initial_state();
        let mut bare = game.initial_state();
        game.rules_only(&mut bare);
        let (mut legal, mut buffer) = (Vec::new(), Vec::new());
        for step in 0..steps {
            let action = match game.turn(&kept) {
                Turn::Terminal => break,
                Turn::Chance => game.sample_chance(&kept, &mut buffer, &mut rng),
                Turn::Player(_) => {
                    game.legal_actions(&kept, &mut legal);
                    let mut other = Vec::new();
                    game.legal_actions(&bare, &mut other);
                    assert_eq!(legal, other, "{set} step {step}: the legal actions differ");
                    legal[rng.random_range(0..legal.len())]
                }
            };
            game.play_unchecked(&mut kept, action);
            game.play_unchecked(&mut bare, action);
            assert_eq!(kept, bare, "{set} step {step}: the positions differ after {action}");
            let json = serde_json::to_value(&bare).unwrap();
            assert!(json.get("aid").is_none(), "a position's JSON carries no aid");
            let back: State = serde_json::from_value(json).unwrap();
            let back = game.validate(back).unwrap_or_else(|e| panic!("{set} step {step}: {e}"));
            assert_eq!(back, kept, "{set} step {step}: the position read back differs");
            // The views of the game keeping the rules alone hold no world.
            let view = game.view(&bare, 0);
            assert_eq!(view.deduction.worlds, 0);
            assert!(!view.deduction.exact && !view.deduction.complete);
        }
        assert!(kept.aid.tracking && !bare.aid.tracking);
        assert!(game.view(&kept, 0).deduction.worlds > 0, "the game keeping them has its aids");
    }
}
