//! Helpers shared by the rules tests: games from JSON, actions by their text, chosen cards
//! dealt through the real chance nodes.

#![allow(dead_code)]

use serde_json::Value;
use tabula_core::{Game, Turn};
use tabula_sabacc::{Card, Sabacc, State};

pub fn game(options: Value) -> Sabacc {
    Sabacc::from_json(&options).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays each action (text, `;`-separated), panicking with the refusal's reason.
pub fn play(g: &Sabacc, s: &mut State, texts: &str) {
    for text in texts.split(';').map(str::trim).filter(|t| !t.is_empty()) {
        let action = g.parse_action(text).unwrap_or_else(|e| panic!("{e}"));
        g.play(s, action)
            .unwrap_or_else(|e| panic!("`{text}` refused: {e} (phase {:?}, actor {})", s.phase, s.actor));
    }
}

/// Deals these cards (space-separated) at the chance nodes.
pub fn deal(g: &Sabacc, s: &mut State, cards: &str) {
    for c in cards.split_whitespace() {
        assert_eq!(g.turn(s), Turn::Chance, "dealing {c} but a player is to act");
        play(g, s, &format!("card {c}"));
    }
}

/// The refusal of `text`, checking that the state did not change.
pub fn refused(g: &Sabacc, s: &State, text: &str) -> String {
    let mut copy = s.clone();
    let action = g.parse_action(text).unwrap_or_else(|e| panic!("{e}"));
    let err = g.play(&mut copy, action).expect_err(text);
    assert_eq!(&copy, s, "a refused action changes nothing");
    err.reason
}

pub fn legal(g: &Sabacc, s: &State) -> Vec<String> {
    let mut out = Vec::new();
    g.legal_actions(s, &mut out);
    out.into_iter().map(|a| g.action_text(a)).collect()
}

pub fn cards(s: &State, seat: usize) -> Vec<String> {
    s.seats[seat].hand.cards().iter().map(Card::to_string).collect()
}

pub fn stacks(s: &State) -> Vec<i32> {
    s.seats.iter().map(|x| x.stack).collect()
}
