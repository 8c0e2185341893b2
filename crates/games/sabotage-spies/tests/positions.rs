//! Positions (`set_state`): every kind of broken position that fuzzing handed the engine is
//! refused with a sentence naming the rule, and a position the rules play on from is
//! accepted. Each case mutates the JSON of a real position of a seeded random game.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use tabula_core::{Game, Turn};
use tabula_sabotage_spies::SabotageSpies;
use tabula_sabotage_spies::state::{Phase, State};

/// A position of a random game (rules alone) once `stop` says so.
fn position(options: Value, seed: u64, stop: impl Fn(&State) -> bool) -> (SabotageSpies, Value) {
    let game = SabotageSpies::from_json(&options).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = game.initial_state();
    game.rules_only(&mut state);
    let (mut legal, mut buffer) = (Vec::new(), Vec::new());
    while !stop(&state) {
        let action = match game.turn(&state) {
            Turn::Terminal => panic!("the game ended before the position wanted"),
            Turn::Chance => game.sample_chance(&state, &mut buffer, &mut rng),
            Turn::Player(_) => {
                game.legal_actions(&state, &mut legal);
                legal[rng.random_range(0..legal.len())]
            }
        };
        game.play_unchecked(&mut state, action);
    }
    (game, serde_json::to_value(&state).unwrap())
}

fn load(game: &SabotageSpies, json: &Value) -> Result<State, String> {
    let state: State = serde_json::from_value(json.clone()).map_err(|e| e.to_string())?;
    game.validate(state).map_err(|e| e.to_string())
}

/// The mutated position is refused, one of the problems containing `words`.
fn refused(game: &SabotageSpies, base: &Value, change: impl Fn(&mut Value), words: &str) {
    let mut json = base.clone();
    change(&mut json);
    match load(game, &json) {
        Ok(_) => panic!("accepted a position that should be refused ({words})"),
        Err(e) => assert!(e.contains(words), "refused, but not for `{words}`: {e}"),
    }
}

fn round_two_plan() -> (SabotageSpies, Value) {
    position(json!({}), 3, |s| s.round == 2 && s.phase == Phase::Plan && s.slot == 1)
}

#[test]
fn a_real_position_is_accepted() {
    let (game, base) = round_two_plan();
    load(&game, &base).unwrap();
    let (game, base) = position(json!({}), 3, |s| s.round == 2 && s.phase == Phase::Execute);
    load(&game, &base).unwrap();
}

#[test]
fn cubes_beyond_the_supply_are_refused() {
    let (game, base) = round_two_plan();
    refused(&game, &base, |j| j["modify"][0] = json!(255), "modify cubes");
    refused(&game, &base, |j| j["modify"][1] = json!(9), "modify cubes");
    refused(&game, &base, |j| j["slide"] = json!(4), "slide cubes");
    refused(&game, &base, |j| j["sides"][0]["modify_used"] = json!(200), "placed 200 modify cubes");
    refused(&game, &base, |j| j["sides"][1]["slide_spent"] = json!(3), "spent 3 slide cubes");
    refused(&game, &base, |j| j["sides"][0]["modify_spent"] = json!(3), "spent 3 before, but received 2");
}

#[test]
fn a_broken_map_is_refused() {
    let (game, base) = position(json!({}), 1, |s| s.phase == Phase::Characters);
    // A Generator moved into a Doomsday Machine's room.
    refused(&game, &base, |j| j["generators"][0]["room"] = j["machines"][0]["room"].clone(), "share room");
    // One Generator removed from the default map.
    refused(
        &game,
        &base,
        |j| {
            j["generators"].as_array_mut().unwrap().pop();
        },
        "Generators",
    );
    // Walls enclosing a1 (its two inner edges: a1–b1 and a1–a2).
    refused(
        &game,
        &base,
        |j| {
            j["walls"].as_array_mut().unwrap().extend([json!("a1|b1"), json!("a1|a2")]);
        },
        "surrounded by walls",
    );
}

#[test]
fn characters_of_the_wrong_team_or_chosen_twice_are_refused() {
    let (game, base) = round_two_plan();
    refused(
        &game,
        &base,
        |j| j["sides"][1]["chars"][1]["id"] = j["sides"][1]["chars"][0]["id"].clone(),
        "chosen twice",
    );
    refused(
        &game,
        &base,
        |j| j["sides"][1]["chars"][0]["id"] = j["sides"][0]["chars"][0]["id"].clone(),
        "character",
    );
}

#[test]
fn boards_beyond_their_tracks_are_refused() {
    let (game, base) = round_two_plan();
    refused(&game, &base, |j| j["sides"][1]["chars"][0]["swagger"] = json!(6), "Swagger");
    refused(&game, &base, |j| j["sides"][1]["chars"][0]["tier"] = json!(7), "action tiers");
    refused(&game, &base, |j| j["sides"][0]["chars"][0]["unlock_spaces"] = json!(255), "unlock spaces");
    let (intro, base) = position(json!({"intro": true}), 2, |s| s.round == 1 && s.phase == Phase::Plan);
    refused(&intro, &base, |j| j["sides"][0]["chars"][0]["unlock_spaces"] = json!(63), "unlock");
}

#[test]
fn rolls_of_impossible_faces_or_out_of_order_are_refused() {
    let (game, base) = round_two_plan();
    refused(&game, &base, |j| j["roll"] = json!([0, 2, 3, 4]), "the roll");
    refused(&game, &base, |j| j["roll"] = json!([1, 2, 3, 7]), "the roll");
    refused(&game, &base, |j| j["roll"] = json!([4, 3, 2, 1]), "ascending order");
}

#[test]
fn a_slot_out_of_range_is_refused() {
    let (game, base) = position(json!({}), 1, |s| s.phase == Phase::Characters && s.slot == 2);
    refused(&game, &base, |j| j["slot"] = json!(4), "`slot` is 4");
    let (game, base) = round_two_plan();
    refused(&game, &base, |j| j["slot"] = json!(4), "`slot` is 4");
}

#[test]
fn plans_no_round_could_make_are_refused() {
    let (game, base) = round_two_plan();
    refused(&game, &base, |j| j["sides"][0]["chars"][1]["plan"]["die_steps"] = json!(5), "4 dice");
    refused(&game, &base, |j| j["sides"][1]["chars"][0]["plan"]["tile_steps"] = json!(2), "steps");
    refused(&game, &base, |j| j["sides"][0]["chars"][0]["plan"]["lazy"] = json!(true), "deduction world");
}

#[test]
fn a_position_carries_no_aid_and_an_aid_field_is_refused() {
    let (game, mut base) = round_two_plan();
    assert!(base.get("aid").is_none());
    base["aid"] = json!({});
    assert!(load(&game, &base).unwrap_err().contains("aid"));
}

/// Values at the edge of their type (found by the registry's proptest) are refused, never a
/// panic: a Doomsday Machine with 255 cubes, 255 skipped plan steps, a die showing 8 while
/// a plan is being made.
#[test]
fn values_at_the_edge_of_their_type_are_refused_without_a_panic() {
    let (game, base) = round_two_plan();
    refused(&game, &base, |j| j["machines"][1]["cubes"] = json!(255), "cubes");
    refused(&game, &base, |j| j["sides"][0]["chars"][0]["plan"]["skipped"] = json!(255), "a plan has");
    refused(&game, &base, |j| j["roll"][3] = json!(8), "the roll");
    let (game, base) = position(json!({"players": 2, "map": "variable"}), 4, |s| s.phase == Phase::Plan);
    refused(&game, &base, |j| j["roll"][3] = json!(8), "the roll");
}

/// An execution order that is no order of the characters, or a stage naming a third
/// character of a team, is refused (found by fuzzing the engine: a Spy's slot 4 was
/// accepted, and the next step panicked).
#[test]
fn an_execution_order_or_stage_out_of_range_is_refused() {
    let (game, base) = position(json!({"players": 2}), 3, |s| s.round == 2 && s.phase == Phase::Execute);
    refused(&game, &base, |j| j["order"][3] = json!(4), "execution order");
    refused(&game, &base, |j| j["order"] = json!([0, 0, 2, 3]), "execution order");
    refused(&game, &base, |j| j["order"] = json!([2, 3, 0, 1]), "execution order");
    refused(&game, &base, |j| j["stage"] = json!({"spy": 2}), "execution stage");
    refused(&game, &base, |j| j["stage"] = json!({"villain": 7}), "execution stage");
    let mut swapped = base.clone();
    swapped["order"] = json!([1, 0, 3, 2]);
    load(&game, &swapped).unwrap();
}
