//! The shared conformance harness over every option set.

use tabula_core::Game;
use tabula_core::conformance::{self, Config};
use tabula_sabotage_pipes::SabotagePipes;

fn run(players: u8, demontage: bool, rounds: u8, playouts: usize) {
    let game = SabotagePipes::with(players, demontage, rounds).unwrap();
    let report = conformance::check(
        &game,
        Config { playouts, seed: 11, view_every: 5, sweep_every: 23, ..Config::default() },
    );
    assert_eq!(report.playouts, playouts);
    assert!(report.states > playouts * 50 * rounds as usize, "{report:?}");
    assert!(report.determinizations > 0 && report.sweeps > 0 && report.chance_nodes > 0);
    let _ = game.options();
}

#[test]
fn two_players() {
    run(2, true, 4, 4);
}

#[test]
fn two_players_without_demontage() {
    run(2, false, 4, 4);
}

#[test]
fn four_players() {
    run(4, true, 4, 3);
}

#[test]
fn four_players_without_demontage() {
    run(4, false, 4, 3);
}

#[test]
fn short_games() {
    run(2, true, 1, 8);
    run(4, false, 1, 6);
}
