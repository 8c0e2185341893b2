//! Golden playthroughs: seeded random games written step by step and diffed.
//! Regenerate after an intended change: `TABULA_BLESS=1 cargo test -q golden`.

use std::path::Path;

use tabula_abagio::Abagio;
use tabula_core::Game;
use tabula_core::golden::{assert_golden, playthrough};

fn golden(name: &str, game: Abagio, seed: u64) -> String {
    let text = playthrough(&game, seed, 40);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    assert_golden(&path, &text);
    text
}

#[test]
fn golden_default_game() {
    let text = golden("default-seed-7.txt", Abagio::with_defaults(), 7);
    assert!(text.contains("returns: [1.0, -1.0]") || text.contains("returns: [-1.0, 1.0]"));
}

#[test]
fn golden_draw_at_the_turn_limit() {
    let text = golden("turn-limit-100-seed-20.txt", Abagio::with_turn_limit(100).unwrap(), 20);
    assert!(text.contains("returns: [0.0, 0.0]"), "this seed's game reaches the turn limit");
}
