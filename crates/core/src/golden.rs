//! Golden playthroughs: a seeded random game written out step by step (whose turn, the
//! legal actions, the full state, each seat's view, the action taken), checked in under a
//! game's `tests/golden/` and diffed by a test.
//!
//! Regenerate after an intended change with `TABULA_BLESS=1 cargo test -q golden`.

use std::fmt::Write as _;
use std::path::Path;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::game::{Game, Turn, sample_listed};

/// Writes a seeded random game. Steps below `detail` are written in full (state, views,
/// legal actions); later steps as one line each, and the final returns at the end.
pub fn playthrough<G: Game>(game: &G, seed: u64, detail: usize) -> String {
    let mut out = String::new();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = game.initial_state();
    let mut actions = Vec::new();
    let mut outcomes = Vec::new();
    let compact = |v: &dyn erased_json::Json| v.json();
    writeln!(out, "game: {}\nseed: {seed}", game.options()).unwrap();
    for step in 0.. {
        let turn = game.turn(&state);
        if step < detail || turn == Turn::Terminal {
            writeln!(out, "\n## step {step}").unwrap();
            writeln!(out, "turn: {}", turn_text(turn)).unwrap();
            writeln!(out, "state: {}", compact(&state)).unwrap();
            for seat in 0..game.num_players() {
                writeln!(out, "view {seat}: {}", compact(&game.view(&state, seat))).unwrap();
            }
            if turn == Turn::Chance {
                game.chance_outcomes(&state, &mut outcomes);
                let list: Vec<String> =
                    outcomes.iter().map(|&(a, p)| format!("{}={p:.6}", game.action_text(a))).collect();
                writeln!(out, "outcomes: {}", list.join(" ")).unwrap();
            } else if let Turn::Player(_) = turn {
                game.legal_actions(&state, &mut actions);
                let list: Vec<String> = actions.iter().map(|&a| game.action_text(a)).collect();
                writeln!(out, "legal: {}", list.join(" | ")).unwrap();
            }
        }
        let action = match turn {
            Turn::Terminal => break,
            // Drawn from the listed outcomes, whatever the game's own sampler: a playthrough
            // pins the rules, and a faster sampler must not re-deal every golden file (the
            // conformance harness checks the sampler against the list).
            Turn::Chance => sample_listed(game, &state, &mut outcomes, &mut rng),
            Turn::Player(_) => {
                game.legal_actions(&state, &mut actions);
                actions[rng.random_range(0..actions.len())]
            }
        };
        if step < detail {
            writeln!(out, "action: {}", game.action_text(action)).unwrap();
        } else {
            writeln!(out, "{step:>4} {:<8} {}", turn_text(turn), game.action_text(action)).unwrap();
        }
        game.play(&mut state, action).expect("a legal action is accepted");
    }
    writeln!(out, "returns: {:?}", game.returns(&state)).unwrap();
    out
}

fn turn_text(turn: Turn) -> String {
    match turn {
        Turn::Player(p) => format!("player {p}"),
        Turn::Chance => "chance".to_owned(),
        Turn::Terminal => "terminal".to_owned(),
    }
}

mod erased_json {
    /// Anything serializable, as compact JSON, behind `dyn`.
    pub trait Json {
        fn json(&self) -> String;
    }
    impl<T: serde::Serialize> Json for T {
        fn json(&self) -> String {
            serde_json::to_string(self).expect("serializes")
        }
    }
}

/// Compares `actual` with the golden file at `path`; with `TABULA_BLESS=1` in the
/// environment, writes it instead.
///
/// # Panics
/// When the file is missing or differs, naming the first differing line and how to bless.
pub fn assert_golden(path: &Path, actual: &str) {
    if std::env::var_os("TABULA_BLESS").is_some_and(|v| v == "1") {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).expect("create golden folder");
        }
        std::fs::write(path, actual).expect("write golden file");
        return;
    }
    let expected = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!("cannot read golden file {}: {e}; create it with TABULA_BLESS=1", path.display())
    });
    if expected != actual {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| expected.lines().count().min(actual.lines().count()));
        let want = expected.lines().nth(line).unwrap_or("<end of file>");
        let got = actual.lines().nth(line).unwrap_or("<end of output>");
        panic!(
            "golden playthrough {} differs at line {}:\n  expected: {want}\n  actual:   {got}\n\
             if the change is intended, regenerate with TABULA_BLESS=1 cargo test -q golden",
            path.display(),
            line + 1
        );
    }
}
