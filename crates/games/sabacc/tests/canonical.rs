//! The canonical rules (La théorie, Cloud City) and the four-card points game, played
//! through the engine with chosen cards. Section names follow `docs/rules/sabacc.md`.

mod common;

use common::{cards, deal, game, legal, play, refused, stacks};
use serde_json::json;
use tabula_core::Game;
use tabula_sabacc::{Phase, Sabacc, State};

fn money() -> Sabacc {
    game(json!({"rules": "canonical", "players": 2, "hands": 1}))
}

/// Seat 0 holds `a`, seat 1 holds `b` (two cards each); the first betting round is called.
fn dealt(g: &Sabacc, a: &str, b: &str) -> State {
    let mut s = g.initial_state();
    let (a, b): (Vec<&str>, Vec<&str>) = (a.split(' ').collect(), b.split(' ').collect());
    deal(g, &mut s, &format!("{} {} {} {}", a[0], b[0], a[1], b[1]));
    play(g, &mut s, "call");
    s
}

// §Canonical turn

#[test]
fn everyone_antes_into_both_pots_and_gets_two_cards() {
    let g = game(json!({"rules": "canonical", "players": 2, "hands": 2}));
    let mut s = g.initial_state();
    assert_eq!(
        (s.hand_pot, s.sabacc_pot),
        (4, 2),
        "the minimum bet to the hand pot, the mouche to the Sabacc pot"
    );
    assert_eq!(stacks(&s), [97, 97]);
    deal(&g, &mut s, "7-sabres 8-coins 9-flasks 10-staves");
    assert_eq!(cards(&s, 0), ["7-sabres", "9-flasks"]);
    assert_eq!((s.phase, s.actor, s.hand_pot), (Phase::Bet, 1, 6), "seat 0 opened with the minimum bet");
    play(&g, &mut s, "fold");
    assert_eq!(s.sabacc_pot, 3, "folding costs the mouche; the next hand finds the Sabacc pot full");
    assert_eq!(s.hand_pot, 4, "the next hand's antes");
}

#[test]
fn after_betting_the_shift_roll_then_each_player_draws_trades_or_stands() {
    let g = money();
    let mut s = dealt(&g, "7-sabres 9-flasks", "8-coins 10-staves");
    assert_eq!(s.phase, Phase::Roll);
    let mut outcomes = Vec::new();
    g.chance_outcomes(&s, &mut outcomes);
    assert_eq!(outcomes.len(), 21, "two dice, unordered");
    let doubles: f64 = outcomes
        .iter()
        .filter(|(a, _)| matches!(a, tabula_sabacc::Action::Dice(x, y) if x == y))
        .map(|(_, p)| p)
        .sum();
    assert!((doubles - 1.0 / 6.0).abs() < 1e-12, "a shift on doubles: one chance in six");
    play(&g, &mut s, "roll 2-5");
    assert_eq!((s.phase, s.actor), (Phase::Draw, 0));
    assert_eq!(legal(&g, &s), ["field 1", "field 2", "draw", "trade 1", "trade 2", "stand"]);
    assert!(refused(&g, &s, "call hand").contains("fourth tour"));
    play(&g, &mut s, "trade 1; card 5-sabres; draw; card 2-coins");
    assert_eq!(cards(&s, 0), ["9-flasks", "5-sabres"]);
    assert_eq!(cards(&s, 1), ["8-coins", "10-staves", "2-coins"]);
    assert_eq!(g.view(&s, 1).state.aside.cards()[0].to_string(), "?", "a traded card is discarded face down");
    assert_eq!((s.tour, s.phase), (2, Phase::Bet));
}

#[test]
fn the_interference_field_freezes_cards_face_up_against_the_shift() {
    let g = money();
    let mut s = dealt(&g, "7-sabres 9-flasks", "8-coins 10-staves");
    play(&g, &mut s, "roll 1-2; field 2");
    assert!(refused(&g, &s, "trade 2").contains("frozen"));
    assert!(refused(&g, &s, "field 2").contains("already"));
    assert_eq!(g.view(&s, 1).state.seats[0].hand.cards()[1].to_string(), "9-flasks");
    play(&g, &mut s, "stand; stand; call");
    // A double: every card outside the field is replaced.
    play(&g, &mut s, "roll 4-4");
    assert_eq!(s.phase, Phase::Replace);
    deal(&g, &mut s, "1-coins 2-staves 3-flasks");
    assert_eq!(cards(&s, 0), ["1-coins", "9-flasks"]);
    assert_eq!(cards(&s, 1), ["2-staves", "3-flasks"]);
    assert_eq!(s.phase, Phase::Draw);
}

#[test]
fn the_hand_is_called_from_the_fourth_tour_then_a_last_betting_round_and_the_showdown() {
    let g = money();
    let mut s = dealt(&g, "ace-sabres 8-coins", "master-coins 6-flasks");
    play(&g, &mut s, "roll 1-2; stand; stand");
    for _ in 2..4 {
        play(&g, &mut s, "call; roll 1-2; stand; stand");
    }
    play(&g, &mut s, "call; roll 1-2");
    assert_eq!(s.tour, 4);
    play(&g, &mut s, "call hand");
    assert!(s.called);
    assert_eq!(s.phase, Phase::Bet);
    let sabacc = s.sabacc_pot;
    play(&g, &mut s, "call");
    // Seat 0's pure Sabacc (23) beats 20 and takes both pots.
    let last = s.last.unwrap();
    assert_eq!((last.winners, last.sabacc), (0b01, sabacc));
}

#[test]
fn a_bombed_out_hand_pays_the_hand_pot_into_the_sabacc_pot() {
    let g = game(
        json!({"rules": "canonical", "players": 2, "hands": 1, "tours": 1, "table": "friendly-regular"}),
    );
    let mut s = dealt(&g, "ace-sabres 9-coins", "master-coins 6-flasks");
    play(&g, &mut s, "roll 1-2; stand; stand");
    assert!(s.called, "after the last tour the hand is called: a last betting round");
    play(&g, &mut s, "call");
    // 24 bombs out: seat 0 pays the hand pot (12) into the Sabacc pot; 20 wins the hand pot.
    assert_eq!(s.last.unwrap().winners, 0b10);
    assert_eq!(s.sabacc_pot, 2 + 12);
    assert_eq!(g.returns(&s), [-19.0, 5.0]);
}

#[test]
fn every_hand_bombing_out_leaves_the_bets_to_the_sabacc_pot() {
    let g = game(
        json!({"rules": "canonical", "players": 2, "hands": 1, "tours": 1, "table": "friendly-regular"}),
    );
    let mut s = dealt(&g, "queen 2-coins", "star evil-one");
    play(&g, &mut s, "roll 1-2; stand; stand; call");
    assert_eq!(s.last.unwrap().winners, 0);
    // 0 and −32 both bomb out: each pays the 12 of the hand pot, which goes there too.
    assert_eq!((s.hand_pot, s.sabacc_pot), (0, 2 + 12 + 12 + 12));
}

#[test]
fn positive_beats_negative_and_equal_hands_share() {
    let g = game(json!({"rules": "canonical", "players": 3, "hands": 1, "tours": 1}));
    let mut s = g.initial_state();
    // Seat 0: +20, seat 1: −20, seat 2: +20.
    deal(&g, &mut s, "master-coins star master-sabres 6-flasks 3-sabres 6-staves");
    play(&g, &mut s, "call; call; roll 1-2; stand; stand; stand; call; call");
    assert_eq!(s.last.unwrap().winners, 0b101);
}

// §The four-card exchange game

#[test]
fn the_points_game_deals_four_cards_exchanges_and_scores() {
    let g =
        game(json!({"rules": "canonical", "scoring": "points", "deck": "theory", "players": 2, "hands": 1}));
    let mut s = g.initial_state();
    assert_eq!((s.hand_pot, s.sabacc_pot), (0, 0), "no money changes hands");
    deal(&g, &mut s, "10-sabres 10-coins 10-flasks 10-staves 1-staves 2-sabres 9-coins rancor");
    assert_eq!(cards(&s, 0), ["10-sabres", "10-flasks", "1-staves", "9-coins"]);
    assert_eq!(s.phase, Phase::Exchange);
    assert!(refused(&g, &s, "exchange 1 2 3 4").contains("at most 3"));
    play(&g, &mut s, "exchange 3 4");
    assert_eq!(s.phase, Phase::ExchangeCard);
    deal(&g, &mut s, "2-coins 1-flasks");
    // Seat 0: 10 + 10 + 2 + 1 = 23, a pure Sabacc; seat 1: 10 + 10 + 2 + 17 = 39 → 16.
    play(&g, &mut s, "keep");
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(g.returns(&s), [33.0, 16.0], "the winner scores 23 + 10, the loser his score");
}

#[test]
fn a_hand_over_46_loses_its_score_minus_46() {
    let g =
        game(json!({"rules": "canonical", "scoring": "points", "deck": "theory", "players": 2, "hands": 1}));
    let mut s = g.initial_state();
    deal(&g, &mut s, "rancor 1-sabres rancor 2-sabres sith-lord 3-sabres dark-jedi 4-sabres");
    play(&g, &mut s, "keep; keep");
    // Seat 0: 17 + 17 + 15 + 14 = 63 → loses 17; seat 1: 10, the winner: 20.
    assert_eq!(g.returns(&s), [-17.0, 20.0]);
}

#[test]
fn exchanges_draw_from_the_discards_once_the_deck_is_used_up() {
    let g =
        game(json!({"rules": "canonical", "scoring": "points", "players": 12, "hands": 1, "exchange": 4}));
    let mut s = g.initial_state();
    let mut outcomes = Vec::new();
    while g.turn(&s) == tabula_core::Turn::Chance {
        g.chance_outcomes(&s, &mut outcomes);
        g.play(&mut s, outcomes[0].0).unwrap();
    }
    // 48 cards dealt, 28 left: twelve players exchanging four each need 48.
    for _ in 0..12 {
        play(&g, &mut s, "exchange 1 2 3 4");
        while g.turn(&s) == tabula_core::Turn::Chance {
            g.chance_outcomes(&s, &mut outcomes);
            g.play(&mut s, outcomes[0].0).unwrap();
        }
    }
    assert_eq!(s.phase, Phase::Over);
}

// §The four-card theory game, played for money

#[test]
fn the_theory_game_for_money_antes_bets_exchanges_bets_and_pays_the_best_hand() {
    let g = game(json!({"rules": "canonical", "scoring": "theory-money", "players": 2, "hands": 1}));
    assert_eq!(g.config().deck, tabula_sabacc::DeckKind::Theory, "the theory game's own deck");
    let mut s = g.initial_state();
    assert_eq!((s.hand_pot, s.sabacc_pot), (4, 2), "the ante and the Sabacc pot's mouche");
    deal(&g, &mut s, "10-sabres 5-sabres 10-coins 5-coins 2-flasks 5-flasks 1-staves 5-staves");
    assert_eq!(s.phase, Phase::Bet);
    play(&g, &mut s, "call");
    assert_eq!(s.phase, Phase::Exchange);
    play(&g, &mut s, "keep; keep");
    assert_eq!((s.phase, s.called), (Phase::Bet, true), "a last betting round");
    play(&g, &mut s, "call");
    // Seat 0: 10 + 10 + 2 + 1 = 23, a pure Sabacc: the hand pot (12) and the Sabacc pot (2).
    let last = s.last.unwrap();
    assert_eq!((last.winners, last.pot, last.sabacc), (0b01, 12, 2));
    assert_eq!(g.returns(&s), [7.0, -7.0], "money, not points");
}

#[test]
fn in_the_theory_game_for_money_an_impure_sabacc_wins_the_hand_pot_only() {
    let g = game(json!({"rules": "canonical", "scoring": "theory-money", "players": 2, "hands": 1}));
    let mut s = g.initial_state();
    // Seat 0: 17 + 17 + 6 + 6 = 46, an impure Sabacc; seat 1: 20.
    deal(&g, &mut s, "rancor 5-sabres rancor 5-coins 6-flasks 5-flasks 6-staves 5-staves");
    play(&g, &mut s, "call; keep; keep; call");
    let last = s.last.unwrap();
    assert_eq!(
        (last.winners, last.pot, last.sabacc),
        (0b01, 12, 0),
        "the Sabacc pot needs 23 or the Idiot's combination"
    );
    // The Sabacc pot (2) is shared at the end of the session.
    assert_eq!(g.returns(&s), [6.0, -6.0]);
}

#[test]
fn in_the_theory_game_for_money_a_hand_over_46_cannot_win() {
    let g = game(json!({"rules": "canonical", "scoring": "theory-money", "players": 2, "hands": 2}));
    let mut s = g.initial_state();
    // Seat 0: 17 + 17 + 15 + 15 = 64; seat 1: 2 + 2 + 1 + 1 = 6.
    deal(&g, &mut s, "rancor 2-sabres rancor 2-coins sith-lord 1-flasks sith-lord 1-staves");
    play(&g, &mut s, "call; keep; keep; call");
    assert_eq!(s.last.unwrap().winners, 0b10);
}

// §Le Contrat Sabacc

#[test]
fn in_le_contrat_sabacc_each_seat_gets_its_teams_return_and_sees_only_its_own_cards() {
    let g = game(json!({"players": 4, "hands": 1, "contract": true}));
    let mut s = g.initial_state();
    deal(&g, &mut s, "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12");
    let view = g.view(&s, 2);
    assert!(
        view.state.seats[0].hand.cards().iter().all(|c| c.is_hidden()),
        "partners do not see each other's cards"
    );
    // Seat 0 opens; everyone else folds (a mouche each).
    play(&g, &mut s, "fold; fold; fold");
    assert_eq!(s.phase, Phase::Over);
    // Own results: +1, 0, 0, −1 (the Sabacc pot of 7 shared 2, 2, 2, 1 from seat 0).
    assert_eq!(stacks(&s), [101, 100, 100, 99]);
    assert_eq!(g.returns(&s), [1.0, -1.0, 1.0, -1.0], "seats 0 and 2 against 1 and 3");
}
