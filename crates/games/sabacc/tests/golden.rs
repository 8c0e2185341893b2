//! Golden playthroughs: seeded random sessions written step by step and diffed.
//! Regenerate after an intended change: `TABULA_BLESS=1 cargo test -q golden`.

use std::path::Path;

use serde_json::json;
use tabula_core::Game as _;
use tabula_core::golden::{assert_golden, playthrough};
use tabula_sabacc::Sabacc;

fn golden(name: &str, options: serde_json::Value, seed: u64, detail: usize) {
    let game = Sabacc::from_json(&options).unwrap();
    let text = playthrough(&game, seed, detail);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    assert_golden(&path, &text);
}

#[test]
fn golden_tarot_two_players() {
    golden("tarot-2p-seed-7.txt", json!({"players": 2, "hands": 3}), 7, 40);
}

#[test]
fn golden_tarot_stud_three_players() {
    golden("tarot-stud-3p-seed-2.txt", json!({"players": 3, "deal": "stud", "hands": 2}), 2, 30);
}

#[test]
fn golden_canonical_two_players() {
    golden("canonical-2p-seed-4.txt", json!({"rules": "canonical", "players": 2, "hands": 2}), 4, 30);
}

#[test]
fn golden_canonical_points_three_players() {
    golden(
        "points-3p-seed-1.txt",
        json!({"rules": "canonical", "scoring": "points", "players": 3, "hands": 2}),
        1,
        30,
    );
}

#[test]
fn golden_black_knight_three_players() {
    golden("black-knight-3p-seed-5.txt", json!({"rules": "black-knight", "players": 3, "hands": 3}), 5, 30);
}
