//! Black Knight: Sabacc played like blackjack against a banker. Section names follow
//! `docs/rules/sabacc.md`.

mod common;

use common::{cards, deal, game, legal, play, refused, stacks};
use serde_json::json;
use tabula_core::Game;
use tabula_sabacc::{Phase, Sabacc, Status};

fn three() -> Sabacc {
    game(json!({"rules": "black-knight", "players": 3, "hands": 1}))
}

#[test]
fn players_bet_against_the_banker_who_shows_one_card() {
    let g = three();
    let mut s = g.initial_state();
    assert_eq!((s.dealer, s.phase, s.actor), (2, Phase::Wager, 0), "seat 2 deals and banks");
    assert_eq!(legal(&g, &s), ["bet 2", "bet 4", "bet 6", "bet 8"]);
    assert!(refused(&g, &s, "bet 10").contains("at most 8"));
    play(&g, &mut s, "bet 4; bet 2");
    assert_eq!((s.hand_pot, stacks(&s)), (6, vec![96, 98, 100]));
    deal(&g, &mut s, "T10 T9 T3 T8 T7 T11");
    assert_eq!(cards(&s, 2), ["T3", "T11"]);
    let banker: Vec<String> =
        g.view(&s, 0).state.seats[2].hand.cards().iter().map(|c| c.to_string()).collect();
    assert_eq!(banker, ["T3", "?"], "the banker's first card is face up");
    assert_eq!((s.phase, s.actor), (Phase::Hit, 0));
}

#[test]
fn the_banker_draws_to_19_and_stands_on_20_then_closer_to_23_wins() {
    let g = three();
    let mut s = g.initial_state();
    play(&g, &mut s, "bet 4; bet 2");
    deal(&g, &mut s, "T10 T9 T3 T8 T7 T11");
    // Seat 0 stands on 18; seat 1 hits to 20.
    play(&g, &mut s, "stand; hit; card T4; stand");
    assert_eq!(s.phase, Phase::BankerCard, "the banker has 14: he draws");
    assert_eq!(
        g.view(&s, 0).state.seats[2].hand.cards()[1].to_string(),
        "T11",
        "his hidden card is turned up"
    );
    deal(&g, &mut s, "T6");
    // 20: the banker stands. Seat 0's 18 loses, seat 1's 20 pushes.
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(stacks(&s), [96, 100, 104]);
    assert_eq!(g.returns(&s), [-4.0, 0.0, 4.0]);
}

#[test]
fn a_sabacc_pays_three_to_two_and_a_bust_loses_at_once() {
    let g = three();
    let mut s = g.initial_state();
    play(&g, &mut s, "bet 4; bet 2");
    deal(&g, &mut s, "T21 T9 T3 T2 T7 T11");
    play(&g, &mut s, "stand; hit; card T20");
    // Seat 1: 9 + 7 + 20 = 36, over 23 whatever he chooses: he loses his bet at once.
    assert_eq!(s.seats[1].status, Status::Idle);
    assert_eq!(g.view(&s, 0).state.seats[1].hand.cards()[2].to_string(), "T20", "a bust is shown");
    deal(&g, &mut s, "T6");
    // Seat 0's grand Sabacc (21 + 2) beats the banker's 20 and is paid 3 to 2.
    assert_eq!(stacks(&s), [106, 98, 96]);
}

#[test]
fn a_banker_over_23_pays_every_player_still_in() {
    let g = three();
    let mut s = g.initial_state();
    play(&g, &mut s, "bet 4; bet 2");
    deal(&g, &mut s, "T10 T9 T3 T8 T7 T11");
    play(&g, &mut s, "stand; stand");
    deal(&g, &mut s, "T19");
    assert_eq!(stacks(&s), [104, 102, 94]);
}

#[test]
fn at_the_card_limit_a_player_stands() {
    let g = game(json!({"rules": "black-knight", "players": 2, "deck": "54", "hands": 1}));
    let mut s = g.initial_state();
    play(&g, &mut s, "bet 2");
    deal(&g, &mut s, "As Kd Ad Qd");
    for c in ["2s", "2d", "3s", "3d"] {
        play(&g, &mut s, &format!("hit; card {c}"));
    }
    assert_eq!(cards(&s, 0).len(), 6);
    play(&g, &mut s, "hit; card 4s");
    assert_eq!(cards(&s, 0).len(), 7, "seven cards: the limit with 54 cards");
    assert_ne!((s.phase, s.actor), (Phase::Hit, 0), "he stands");
}

#[test]
fn bets_are_limited_by_what_the_banker_can_cover() {
    let g = three();
    let mut s = g.initial_state();
    s.seats[2].stack -= 95;
    s.seats[0].stack += 95;
    let mut s = g.validate(s).unwrap();
    // The banker has 5: a bet of 2 could cost him 3 (a Sabacc), a bet of 4 would cost 6.
    assert_eq!(legal(&g, &s), ["bet 2"]);
    assert!(refused(&g, &s, "bet 4").contains("cannot cover"));
    play(&g, &mut s, "bet 2");
    // Seat 1 cannot be covered any more: he sits this hand out.
    assert_eq!(s.seats[1].status, Status::Idle);
    assert_eq!(s.phase, Phase::Deal);
}
