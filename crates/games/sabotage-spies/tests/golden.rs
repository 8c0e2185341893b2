//! Golden playthroughs: seeded random games written step by step and diffed, for the
//! intro and the full game, 2 and 4 players, the default and the variable map.
//! Regenerate after an intended change: `TABULA_BLESS=1 cargo test -q golden`.

use std::path::Path;

use serde_json::json;
use tabula_core::Game as _;
use tabula_core::golden::{assert_golden, playthrough};
use tabula_sabotage_spies::SabotageSpies;

fn golden(name: &str, options: serde_json::Value, seed: u64, detail: usize) {
    let game = SabotageSpies::from_json(&options).unwrap();
    // The state's deduction aid (thousands of worlds, and summarised in each view's
    // `deduction`) is left out of the file; `tests/aid.rs` covers it.
    let text: String = playthrough(&game, seed, detail)
        .lines()
        .map(|line| match line.strip_prefix("state: ") {
            Some(json) => {
                let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
                v.as_object_mut().unwrap().remove("aid");
                format!("state: {v}\n")
            }
            None => format!("{line}\n"),
        })
        .collect();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    assert_golden(&path, &text);
}

#[test]
fn golden_intro_four_players() {
    golden("intro-4p-seed-1.txt", json!({"intro": true, "round_limit": 10}), 1, 6);
}

#[test]
fn golden_full_four_players() {
    golden("full-4p-seed-2.txt", json!({"round_limit": 10}), 2, 4);
}

#[test]
fn golden_full_two_players_variable_map() {
    golden("full-2p-variable-seed-3.txt", json!({"players": 2, "map": "variable", "round_limit": 10}), 3, 4);
}

#[test]
fn golden_intro_two_players_variable_map() {
    golden(
        "intro-2p-variable-seed-4.txt",
        json!({"intro": true, "players": 2, "map": "variable", "round_limit": 10}),
        4,
        4,
    );
}
