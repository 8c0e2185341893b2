//! Golden playthroughs: seeded random games written step by step and diffed.
//! Regenerate after an intended change: `TABULA_BLESS=1 cargo test -q golden`.

use std::path::Path;

use serde_json::json;
use tabula_abilene::Abilene;
use tabula_core::Game as _;
use tabula_core::golden::{assert_golden, playthrough};

fn golden(name: &str, options: serde_json::Value, seed: u64, detail: usize) {
    let game = Abilene::from_json(&options).unwrap();
    let text = playthrough(&game, seed, detail);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    assert_golden(&path, &text);
}

#[test]
fn golden_four_players_short_game() {
    golden("4p-short-seed-3.txt", json!({"short_game": 4, "turn_limit": 40}), 3, 8);
}

#[test]
fn golden_three_players_random_placement() {
    golden("3p-random-seed-8.txt", json!({"players": 3, "placement": "random", "turn_limit": 25}), 8, 6);
}

#[test]
fn golden_five_players() {
    golden("5p-seed-4.txt", json!({"players": 5, "turn_limit": 30}), 4, 4);
}

#[test]
fn golden_six_players_short_game() {
    golden("6p-short-seed-6.txt", json!({"players": 6, "short_game": 3, "turn_limit": 40}), 6, 4);
}
