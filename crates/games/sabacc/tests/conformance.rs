//! The shared conformance harness over every rule set and deal variant, at 2, 5 and 12
//! seats (few playouts, views and sweeps thinned so the crate's tests stay quick).

use serde_json::{Value, json};
use tabula_core::Game as _;
use tabula_core::conformance::{self, Config};
use tabula_sabacc::Sabacc;

fn run(mut options: Value, playouts: usize, view_every: usize, sweep_every: usize) {
    let obj = options.as_object_mut().unwrap();
    obj.entry("hands").or_insert(json!(2));
    let game = Sabacc::from_json(&options).unwrap_or_else(|e| panic!("{options}: {e}"));
    let report =
        conformance::check(&game, Config { playouts, seed: 5, view_every, sweep_every, ..Config::default() });
    assert_eq!(report.playouts, playouts, "{options}");
    assert!(
        report.chance_nodes > 0 && report.determinizations > 0 && report.sweeps > 0,
        "{options}: {report:?}"
    );
    eprintln!("{options}: {report:?}");
}

fn seats(rules: Value) {
    for (players, playouts, view_every, sweep_every) in [(2, 4, 3, 11), (5, 3, 5, 17), (12, 2, 13, 37)] {
        let mut o = rules.clone();
        o["players"] = json!(players);
        run(o, playouts, view_every, sweep_every);
    }
}

#[test]
fn tarot_classic() {
    seats(json!({}));
}

#[test]
fn tarot_decouverte() {
    seats(json!({"deal": "decouverte"}));
}

#[test]
fn tarot_holdem() {
    seats(json!({"deal": "holdem"}));
}

#[test]
fn tarot_stud() {
    seats(json!({"deal": "stud"}));
}

#[test]
fn tarot_54_cards() {
    seats(json!({"deck": "54"}));
}

#[test]
fn tarot_variants() {
    run(json!({"players": 3, "circuit_change": true, "escalating_mouche": true, "dice": "d12"}), 3, 3, 11);
    run(json!({"players": 4, "limit": "no-limit", "dice": "3d6", "deal": "stud"}), 3, 4, 13);
    run(json!({"players": 5, "dice": "d20", "table": "open", "house": 50, "entry": 5, "hands": 4}), 2, 5, 17);
    run(json!({"players": 3, "table": "friendly-regular", "buy_in": 10, "hands": 6}), 3, 3, 11);
    run(json!({"players": 14, "decks": 2}), 1, 15, 41);
    run(json!({"players": 4, "decks": 2, "deck": "54"}), 3, 5, 17);
}

#[test]
fn canonical_money() {
    seats(json!({"rules": "canonical"}));
    run(json!({"rules": "canonical", "players": 3, "deck": "theory", "limit": "no-limit"}), 3, 3, 11);
}

#[test]
fn canonical_points() {
    seats(json!({"rules": "canonical", "scoring": "points"}));
    run(
        json!({"rules": "canonical", "scoring": "points", "deck": "theory", "exchange": 4, "players": 3}),
        3,
        2,
        7,
    );
}

#[test]
fn black_knight() {
    for (players, deck) in [(2, "full"), (5, "full"), (7, "54"), (7, "full")] {
        run(json!({"rules": "black-knight", "players": players, "deck": deck, "hands": 4}), 3, 3, 11);
    }
    run(
        json!({"rules": "black-knight", "players": 3, "limit": "no-limit", "table": "open", "buy_in": 20}),
        3,
        2,
        7,
    );
}

#[test]
fn canonical_decks_and_the_theory_game_for_money() {
    run(json!({"rules": "canonical", "players": 3, "deck": "west-end"}), 3, 3, 11);
    run(json!({"rules": "canonical", "scoring": "points", "deck": "canonical", "players": 3}), 3, 2, 7);
    run(json!({"rules": "canonical", "scoring": "points", "deck": "west-end", "players": 4}), 2, 3, 7);
    seats(json!({"rules": "canonical", "scoring": "theory-money"}));
    run(
        json!({"rules": "canonical", "scoring": "theory-money", "deck": "canonical", "exchange": 4, "limit": "no-limit"}),
        3,
        3,
        11,
    );
}

#[test]
fn side_pots_with_short_stacks() {
    // Small caves and no limit: players go all in and bet on into side pots.
    run(json!({"players": 5, "buy_in": 12, "limit": "no-limit", "hands": 4}), 3, 4, 13);
    run(json!({"players": 4, "buy_in": 10, "deal": "stud", "circuit_change": true, "hands": 4}), 3, 4, 13);
    run(json!({"rules": "canonical", "players": 4, "buy_in": 12, "limit": "no-limit", "hands": 4}), 3, 4, 13);
    run(
        json!({"rules": "canonical", "scoring": "theory-money", "players": 5, "buy_in": 8, "limit": "no-limit", "hands": 4}),
        3,
        4,
        13,
    );
}

#[test]
fn le_contrat_sabacc() {
    run(json!({"players": 4, "contract": true}), 3, 3, 11);
    run(json!({"players": 4, "contract": true, "rules": "canonical"}), 3, 3, 11);
    run(json!({"players": 4, "contract": true, "rules": "canonical", "scoring": "points"}), 3, 3, 11);
    run(
        json!({"players": 4, "contract": true, "rules": "canonical", "scoring": "theory-money", "table": "open"}),
        3,
        3,
        11,
    );
}

/// Twelve seats exchanging four cards each use up the deck, so the set-aside discards are
/// shuffled back in: the non-interference check must find them unknown to every seat but
/// the drawer (issue 11's leak).
#[test]
fn discards_shuffled_back_are_unknown_to_all() {
    let options =
        json!({"players": 12, "rules": "canonical", "scoring": "points", "exchange": 4, "hands": 1});
    let game = Sabacc::from_json(&options).unwrap();
    let config = Config { playouts: 40, seed: 1, view_every: 97, sweep_every: 1000, swaps: 12 };
    let report = conformance::check(&game, config);
    assert!(report.swaps > 0 && report.chance_nodes > 40 * 48, "{report:?}");
}

#[test]
fn the_research_variant() {
    run(
        json!({"players": 2, "deck": "tiny", "deal": "holdem", "tours": 1, "dice": "none", "hands": 3}),
        6,
        1,
        3,
    );
    run(
        json!({"players": 2, "deck": "tiny", "deal": "holdem", "tours": 1, "dice": "none", "max_raise": 1, "raises": 1}),
        6,
        1,
        3,
    );
    run(json!({"players": 4, "dice": "none", "deal": "decouverte"}), 3, 3, 11);
}
