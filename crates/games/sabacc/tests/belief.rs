//! Belief weights (`Game::belief_weight`): an opponent who raised, or announced, is
//! believed to hold the cards the beginner would have done it with; nothing shown, no
//! belief.

mod common;

use common::{deal, game, play};
use serde_json::json;
use tabula_core::Game;
use tabula_sabacc::{Announce, Sabacc, State};

/// Tarot, two seats: seat 0 is dealt `mine`, seat 1 `theirs`, then `actions` are played.
fn tarot(mine: [&str; 3], theirs: [&str; 3], actions: &str) -> (Sabacc, State) {
    let g = game(json!({"players": 2}));
    let mut s = g.initial_state();
    let cards: Vec<&str> = (0..3).flat_map(|i| [mine[i], theirs[i]]).collect();
    deal(&g, &mut s, &cards.join(" "));
    play(&g, &mut s, actions);
    (g, s)
}

const MINE: [&str; 3] = ["5c", "9d", "Qs"];
/// 21 + 2: a Sabacc.
const STRONG: [&str; 3] = ["T21", "T2", "idiot"];
/// 2 + 3 − 4: a hand of 1.
const WEAK: [&str; 3] = ["2c", "3d", "4s"];

#[test]
fn a_raise_makes_strong_hands_likelier() {
    let (g, strong) = tarot(MINE, STRONG, "raise 2");
    let (_, weak) = tarot(MINE, WEAK, "raise 2");
    assert_eq!(g.view(&strong, 0), g.view(&weak, 0), "seat 0 cannot tell them apart");
    let (ws, ww) = (g.belief_weight(&strong, 0), g.belief_weight(&weak, 0));
    assert!(ws > 0.0 && ww > 0.0, "no hand is ruled out: {ws} {ww}");
    assert!(ws > 3.0 * ww, "a raise with a Sabacc is likelier than with a 1: {ws} vs {ww}");
}

#[test]
fn nothing_shown_no_belief() {
    // Before anyone bets, every deal is as likely as dealt.
    let (g, strong) = tarot(MINE, STRONG, "");
    let (_, weak) = tarot(MINE, WEAK, "");
    assert_eq!(g.belief_weight(&strong, 0), 1.0);
    assert_eq!(g.belief_weight(&weak, 0), 1.0);
    // The searching seat's own raise says nothing about its own cards.
    let (g, s) = tarot(MINE, STRONG, "call");
    assert_eq!(g.belief_weight(&s, 1), 1.0);
}

#[test]
fn an_announced_sabacc_is_believed() {
    // With three or more seats the announce goes round the table: seat 1 has announced
    // `sabacc` and seat 0 is still to announce (set on the state, the rest as dealt).
    for actions in ["", "raise 2"] {
        let (g, mut strong) = tarot(MINE, STRONG, actions);
        let (_, mut weak) = tarot(MINE, WEAK, actions);
        for s in [&mut strong, &mut weak] {
            s.seats[1].announce = Some(Announce::Sabacc);
        }
        let (ws, ww) = (g.belief_weight(&strong, 0), g.belief_weight(&weak, 0));
        assert!(ws >= 5.0 * ww && ww > 0.0, "{ws} vs {ww}");
    }
}

#[test]
fn black_knight_has_no_signals() {
    let g = game(json!({"rules": "black-knight", "players": 3}));
    let mut s = g.initial_state();
    play(&g, &mut s, "bet 2; bet 8");
    assert_eq!(g.belief_weight(&s, 0), 1.0);
}
