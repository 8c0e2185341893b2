//! Golden playthroughs: seeded random games written step by step and diffed.
//! Regenerate after an intended change: `TABULA_BLESS=1 cargo test -q golden`.

use std::path::Path;

use tabula_core::golden::{assert_golden, playthrough};
use tabula_sabotage_pipes::SabotagePipes;

fn golden(name: &str, game: SabotagePipes, seed: u64) {
    let text = playthrough(&game, seed, 60);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    assert_golden(&path, &text);
}

#[test]
fn golden_two_players() {
    golden("two-players-seed-7.txt", SabotagePipes::with(2, true, 4).unwrap(), 7);
}

#[test]
fn golden_four_players_one_round_without_demontage() {
    golden("four-players-no-demontage-seed-3.txt", SabotagePipes::with(4, false, 1).unwrap(), 3);
}
