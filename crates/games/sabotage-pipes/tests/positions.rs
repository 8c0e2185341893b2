//! Positions read from JSON are accepted only if the rules could have reached them, and
//! what the rules keep within bounds (a roof's value, the legal list's capacity) stays
//! there for every accepted position.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use tabula_core::{Game, Turn};
use tabula_sabotage_pipes::rules::MAX_LEGAL;
use tabula_sabotage_pipes::{MAX_ROOF_VALUE, SabotagePipes, State, roof_value, round_score};

/// A finished first round of a seeded random game.
fn after_first_round(game: &SabotagePipes, seed: u64) -> State {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = game.initial_state();
    let mut legal = Vec::new();
    while state.results.is_empty() {
        game.legal_actions(&state, &mut legal);
        let action = legal[rng.random_range(0..legal.len())];
        game.play_unchecked(&mut state, action);
    }
    state
}

#[test]
fn a_round_result_above_the_greatest_roof_value_is_refused() {
    let game = SabotagePipes::with(2, true, 4).unwrap();
    let state = after_first_round(&game, 3);
    let mut json = serde_json::to_value(&state).unwrap();
    json["results"][0]["values"] = json!([17, 0]);
    let closer = json["results"][0]["closer"].as_u64();
    let penalty = |team: u64| i32::from(closer.is_some_and(|c| c % 2 == team));
    json["results"][0]["points"] = json!([round_score(17) - penalty(0), -penalty(1)]);
    let edited: State = serde_json::from_value(json).unwrap();
    let err = game.validate(edited).unwrap_err().to_string();
    assert!(err.contains("a roof is worth at most 16"), "{err}");
    assert_eq!(MAX_ROOF_VALUE, 16);
}

#[test]
fn a_roof_of_one_colour_is_worth_the_most() {
    let ao: tabula_sabotage_pipes::Card = "Xo".parse().unwrap();
    assert_eq!(roof_value(&[Some(ao); 9]), MAX_ROOF_VALUE);
}

#[test]
fn a_hand_the_deal_cannot_have_given_is_refused() {
    let game = SabotagePipes::with(2, true, 4).unwrap();
    let state = after_first_round(&game, 5);
    let mut json = serde_json::to_value(&state).unwrap();
    json["hands"][0] = json!(["Ao", "Bo", "Co", "Do", "Eo", "Fo", "Go", "Ho", "Io", "Ab"]);
    let edited: State = serde_json::from_value(json).unwrap();
    let err = game.validate(edited).unwrap_err().to_string();
    assert!(err.contains("seat 0 should hold 5, not 10"), "{err}");
}

/// The legal list never outgrows the capacity it is written into (`Plays::push` relies on
/// it): over random games of both seat counts, at every player turn.
#[test]
fn legal_lists_fit_max_legal() {
    let mut longest = 0;
    for players in [2, 4] {
        let game = SabotagePipes::with(players, true, 4).unwrap();
        for seed in 0..60 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut state = game.initial_state();
            let mut legal = Vec::new();
            while game.turn(&state) != Turn::Terminal {
                game.legal_actions(&state, &mut legal);
                longest = longest.max(legal.len());
                let action = legal[rng.random_range(0..legal.len())];
                game.play_unchecked(&mut state, action);
            }
        }
    }
    assert!(longest > 40 && longest <= MAX_LEGAL, "longest legal list {longest}, capacity {MAX_LEGAL}");
}
