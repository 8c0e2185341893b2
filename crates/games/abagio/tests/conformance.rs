//! The shared conformance harness over every option set.

use tabula_abagio::Abagio;
use tabula_core::Game;
use tabula_core::conformance::{self, Config};

fn run(game: Abagio, playouts: usize, seed: u64) {
    let report = conformance::check(
        &game,
        Config { playouts, seed, view_every: 7, sweep_every: 13, ..Config::default() },
    );
    assert_eq!(report.playouts, playouts);
    assert!(report.states > playouts * 100, "{report:?}");
    assert!(report.determinizations > 0 && report.sweeps > 0 && report.chance_nodes > playouts * 20);
}

#[test]
fn default_options() {
    run(Abagio::with_defaults(), 12, 11);
}

#[test]
fn shortest_turn_limit() {
    // Random games often outlast 100 turns: this covers the draw at the limit.
    run(Abagio::with_turn_limit(100).unwrap(), 12, 5);
}
