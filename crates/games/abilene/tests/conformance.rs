//! The shared conformance harness (legality, chance, views, determinization, index sweeps,
//! non-interference) for 3, 4, 5 and 6 players, random placement, a short game and a short
//! turn limit. Playouts are few and views thinned so the crate's tests stay quick.

use serde_json::{Value, json};
use tabula_abilene::Abilene;
use tabula_core::Game as _;
use tabula_core::conformance::{self, Config};

fn run(options: Value, playouts: usize, view_every: usize, sweep_every: usize, swaps: usize) {
    let game = Abilene::from_json(&options).unwrap_or_else(|e| panic!("{options}: {e}"));
    let report = conformance::check(&game, Config { playouts, seed: 3, view_every, sweep_every, swaps });
    assert_eq!(report.playouts, playouts, "{options}");
    assert!(
        report.chance_nodes > 0 && report.determinizations > 0 && report.sweeps > 0,
        "{options}: {report:?}"
    );
    eprintln!("{options}: {report:?}");
}

#[test]
fn four_players_by_default() {
    run(json!({"turn_limit": 120}), 3, 5, 97, 1);
}

#[test]
fn three_players() {
    run(json!({"players": 3, "turn_limit": 90}), 2, 7, 131, 1);
}

#[test]
fn five_players() {
    run(json!({"players": 5, "turn_limit": 100}), 2, 7, 131, 1);
}

#[test]
fn six_players() {
    run(json!({"players": 6, "turn_limit": 100}), 2, 9, 151, 1);
}

#[test]
fn random_placement() {
    run(json!({"placement": "random", "turn_limit": 100}), 3, 5, 97, 2);
}

#[test]
fn short_game_with_a_seat_named_to_start() {
    run(json!({"short_game": 6, "first": 2}), 3, 3, 61, 1);
}

#[test]
fn shortest_turn_limit() {
    run(json!({"players": 3, "turn_limit": 20}), 4, 2, 41, 1);
}
