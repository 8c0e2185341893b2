//! The shared conformance harness (legality, chance, views, determinization, index sweeps,
//! non-interference) on every option set: 2 and 4 players, the intro and the full game,
//! the default and the variable map. Games are cut at ten rounds (the shortest limit) and
//! views thinned, so the crate's tests stay quick: every action also replays the deduction
//! aids.

use serde_json::{Value, json};
use tabula_core::Game as _;
use tabula_core::conformance::{self, Config};
use tabula_sabotage_spies::SabotageSpies;

fn run(options: Value, playouts: usize, view_every: usize, sweep_every: usize, swaps: usize) {
    let game = SabotageSpies::from_json(&options).unwrap_or_else(|e| panic!("{options}: {e}"));
    let report = conformance::check(&game, Config { playouts, seed: 5, view_every, sweep_every, swaps });
    assert_eq!(report.playouts, playouts, "{options}");
    assert!(
        report.chance_nodes > 0 && report.determinizations > 0 && report.sweeps > 0,
        "{options}: {report:?}"
    );
    eprintln!("{options}: {report:?}");
}

#[test]
fn intro_four_players_default_map() {
    run(json!({"intro": true, "round_limit": 10}), 1, 17, 97, 1);
}

#[test]
fn full_four_players_default_map() {
    run(json!({"round_limit": 10}), 1, 17, 97, 1);
}

#[test]
fn intro_two_players_variable_map() {
    run(json!({"players": 2, "intro": true, "map": "variable", "round_limit": 10}), 1, 17, 97, 1);
}

#[test]
fn full_two_players_variable_map() {
    run(json!({"players": 2, "map": "variable", "round_limit": 10}), 1, 17, 97, 1);
}
