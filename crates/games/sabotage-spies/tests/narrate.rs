//! The log in words (`Game::narrate`), through a narrating game in progress as a table
//! keeps it: every step is told to every seat and to a spectator; a team's plan is told in
//! full to that team alone, the other team and the spectators hear it planned "in secret";
//! the winner is told.

use serde_json::{Value, json};
use tabula_core::{DynGame, ErasedGame, Game, Options, Turn};
use tabula_sabotage_spies::{SPEC, SabotageSpies};

fn game(options: Value) -> Box<dyn DynGame> {
    ErasedGame::boxed(SabotageSpies::new(&Options::from_json(&SPEC, &options).unwrap()).unwrap())
}

/// The lines of history entry `i` told to `observer` (a spectator: `None`).
fn said(state: &dyn tabula_core::DynState, i: usize, observer: Option<usize>) -> Vec<String> {
    let e = state.history_entry(i, observer).unwrap();
    e["said"]
        .as_array()
        .expect("a narrating game tells each step")
        .iter()
        .map(|l| l["text"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn a_plan_is_told_to_its_team_alone_and_the_end_to_everyone() {
    for (options, seats) in [
        (json!({"players": 2, "intro": true, "round_limit": 10}), 2),
        (json!({"players": 4, "intro": true, "round_limit": 10}), 4),
    ] {
        let g = game(options);
        let mut state = g.new_state(5);
        state.narrate();
        let mut k = 0usize;
        while !state.is_terminal() {
            if state.turn() == Turn::Chance {
                state.sample_chance().unwrap();
            } else {
                let legal = state.legal_actions();
                k = (k * 31 + 7) % 1009;
                state.apply(&legal[k % legal.len()]).unwrap();
            }
        }
        let (mut secret, mut full) = (0, 0);
        for i in 0..state.history_len() {
            let public = said(state.as_ref(), i, None);
            for line in &public {
                assert!(!line.contains("plans:"), "a spectator was told a plan: {line}");
            }
            for seat in 0..seats {
                for line in said(state.as_ref(), i, Some(seat)) {
                    if line.contains("plans:") {
                        full += 1;
                    }
                    if line.contains("plans in secret") {
                        secret += 1;
                    }
                }
            }
        }
        assert!(full > 0 && secret > 0, "plans told {full}, in secret {secret}");
        let last = said(state.as_ref(), state.history_len() - 1, None).join(" ");
        assert!(last.contains("win") || state.returns().iter().all(|r| *r == 0.0), "{last}");
    }
}
