//! The log in words (`Game::narrate`), through a narrating game in progress as a table
//! keeps it, for each rule set: every hand ends with who won what, the session with each
//! seat's result; a card dealt face down is named to its holder alone, never to another
//! seat nor to a spectator.

use serde_json::{Value, json};
use tabula_core::{DynGame, ErasedGame, Game, Options, Turn};
use tabula_sabacc::Sabacc;

fn game(options: Value) -> Box<dyn DynGame> {
    ErasedGame::boxed(Sabacc::new(&Options::from_json(Sabacc::spec(), &options).unwrap()).unwrap())
}

/// The lines of history entry `i` told to `observer` (a spectator: `None`).
fn said(state: &dyn tabula_core::DynState, i: usize, observer: Option<usize>) -> Vec<(Option<u64>, String)> {
    let e = state.history_entry(i, observer).unwrap();
    e["said"]
        .as_array()
        .expect("a narrating game tells each step")
        .iter()
        .map(|l| (l["seat"].as_u64(), l["text"].as_str().unwrap().to_owned()))
        .collect()
}

#[test]
fn hands_and_sessions_are_told_and_hidden_cards_stay_with_their_holder() {
    for options in [
        json!({"players": 3, "hands": 3}),
        json!({"rules": "canonical", "players": 3, "hands": 3}),
        json!({"rules": "black-knight", "players": 3, "hands": 3}),
    ] {
        let g = game(options.clone());
        let mut state = g.new_state(11);
        state.narrate();
        let mut k = 0usize;
        while !state.is_terminal() {
            if state.turn() == Turn::Chance {
                state.sample_chance().unwrap();
            } else {
                let legal = state.legal_actions();
                k = (k * 17 + 5) % 101;
                state.apply(&legal[k % legal.len()]).unwrap();
            }
        }
        let mut ends = 0;
        for i in 0..state.history_len() {
            for observer in [None, Some(0), Some(1), Some(2)] {
                for (seat, text) in said(state.as_ref(), i, observer) {
                    // A card dealt to a seat is named only to that seat.
                    if text.starts_with("gets ") || text.starts_with("is dealt ") {
                        assert_eq!(
                            seat,
                            observer.map(|o| o as u64),
                            "{options}: {text} told to {observer:?}"
                        );
                    }
                    if observer.is_none()
                        && (text.contains("hand pot")
                            || text.contains("nobody wins")
                            || text.starts_with("has "))
                    {
                        ends += 1;
                    }
                }
            }
        }
        assert!(ends > 0, "{options}: no hand's end was told");
        let last = said(state.as_ref(), state.history_len() - 1, None);
        assert!(last.iter().any(|(_, t)| t.starts_with("the session is over")), "{options}: {last:?}");
    }
}
