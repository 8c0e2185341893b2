//! The tarot rules (La pratique), one test per rule at least, played through the engine
//! with chosen cards. Section names follow `docs/rules/sabacc.md`.

mod common;

use common::{cards, deal, game, legal, play, refused, stacks};
use serde_json::json;
use tabula_core::{Game, Turn};
use tabula_sabacc::{Announce, Phase, Sabacc, State, Status, mechanics};

/// Two players, one hand: seat 1 deals, seat 0 plays first.
fn two() -> Sabacc {
    game(json!({"players": 2, "hands": 1}))
}

/// A two-player hand dealt and bet: seat 0 holds `a`, seat 1 holds `b` (three cards each,
/// dealt alternately), seat 1 calls the opening bet; the dealer is about to roll.
fn dealt(g: &Sabacc, a: &str, b: &str) -> State {
    let mut s = g.initial_state();
    let (a, b): (Vec<&str>, Vec<&str>) = (a.split(' ').collect(), b.split(' ').collect());
    let order: Vec<&str> = (0..3).flat_map(|i| [a[i], b[i]]).collect();
    deal(g, &mut s, &order.join(" "));
    play(g, &mut s, "call; ready; ready");
    s
}

// §Setup and §Deal

#[test]
fn each_player_pays_the_mouche_and_gets_three_hidden_cards_one_at_a_time() {
    let g = two();
    let mut s = g.initial_state();
    assert_eq!((s.dealer, s.sabacc_pot), (1, 2), "seat 1 deals; two mouches in the Sabacc pot");
    assert_eq!(stacks(&s), [99, 99]);
    deal(&g, &mut s, "T21 5s T2 6s idiot");
    assert_eq!(cards(&s, 0), ["T21", "T2", "idiot"]);
    assert_eq!(cards(&s, 1), ["5s", "6s"]);
    assert_eq!(s.seats[0].hand.up, 0, "classic: all hidden");
    let view = g.view(&s, 1);
    assert_eq!(
        view.state.seats[0].hand.cards().iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        ["?", "?", "?"]
    );
}

#[test]
fn decouverte_holdem_and_stud_deal_face_up_and_communal_cards() {
    let g = game(json!({"players": 2, "deal": "decouverte"}));
    let mut s = g.initial_state();
    deal(&g, &mut s, "T1 T2 T3 T4 T5 T6");
    assert_eq!((s.seats[0].hand.up, s.seats[1].hand.up), (0b110, 0b110), "one hidden, two face up");
    let view = g.view(&s, 1);
    let seen: Vec<String> = view.state.seats[0].hand.cards().iter().map(|c| c.to_string()).collect();
    assert_eq!(seen, ["?", "T3", "T5"]);
    for variant in ["holdem", "stud"] {
        let g = game(json!({"players": 2, "deal": variant}));
        let mut s = g.initial_state();
        deal(&g, &mut s, "T1 T2 T3 T4 T5");
        assert_eq!(cards(&s, 0), ["T1", "T3"]);
        assert_eq!(s.seats[0].hand.up, 0b10, "one hidden, one face up");
        assert_eq!(s.communal.cards().map(|c| c.to_string()).collect::<Vec<_>>(), ["T5"]);
        assert_eq!(s.phase, Phase::Bet);
    }
}

#[test]
fn the_deal_passes_to_the_left() {
    let g = game(json!({"players": 3, "hands": 3}));
    let mut s = g.initial_state();
    assert_eq!(s.dealer, 2);
    deal(&g, &mut s, "T1 T2 T3 T4 T5 T6 T7 T8 T9");
    play(&g, &mut s, "fold; fold");
    assert_eq!((s.hand_no, s.dealer), (1, 0), "the hand is over; seat 0 deals the next");
    assert_eq!(g.turn(&s), Turn::Chance);
}

// §Betting

#[test]
fn the_opener_bets_the_minimum_then_call_raise_or_fold() {
    let g = two();
    let mut s = g.initial_state();
    deal(&g, &mut s, "T21 5s T2 6s idiot 7s");
    assert_eq!((s.phase, s.actor, s.level, s.hand_pot), (Phase::Bet, 1, 2, 2), "seat 0 opened with 2");
    assert_eq!(stacks(&s), [97, 99]);
    assert_eq!(legal(&g, &s), ["call", "fold", "raise 2", "raise 4", "raise 6", "raise 8"]);
    assert!(refused(&g, &s, "raise 10").contains("at most 8"));
    assert!(refused(&g, &s, "block 1").contains("betting round"));
    assert!(refused(&g, &s, "raise max").contains("no-limit"));
    // A raiser pays the mouche into the Sabacc pot.
    play(&g, &mut s, "raise 4");
    assert_eq!((s.level, s.hand_pot, s.sabacc_pot, s.actor), (6, 8, 3, 0));
    assert_eq!(stacks(&s), [97, 92]);
    play(&g, &mut s, "call");
    assert_eq!((s.hand_pot, s.phase, s.actor), (12, Phase::Window, 0), "bets are equal: the change phase");
}

#[test]
fn a_player_who_folds_pays_the_mouche_and_the_last_one_takes_the_pot() {
    let g = two();
    let mut s = g.initial_state();
    deal(&g, &mut s, "T5 5s T6 6s T7 7s");
    play(&g, &mut s, "fold");
    // Seat 1 paid the mouche; seat 0 takes the hand pot (its 2) without showing.
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(s.last.unwrap().pot, 2);
    assert_eq!(g.returns(&s), [1.0, -1.0], "with the 4-mouche Sabacc pot shared at the end");
}

#[test]
fn an_uncontested_winner_holding_a_sabacc_shows_it_and_takes_the_sabacc_pot() {
    let g = two();
    let mut s = g.initial_state();
    deal(&g, &mut s, "T21 5s T2 6s idiot 7s");
    play(&g, &mut s, "fold");
    let last = s.last.unwrap();
    assert_eq!((last.pot, last.sabacc), (2, 3));
    assert_eq!(stacks(&s), [102, 98]);
    assert_eq!(g.view(&s, 1).state.seats[0].hand.cards()[0].to_string(), "T21", "shown");
}

#[test]
fn a_player_short_of_the_bet_calls_all_in_and_the_others_bet_on() {
    let g = game(json!({"players": 3, "hands": 1}));
    let mut s = g.initial_state();
    // Move money from seat 2 to seat 1: seat 2 keeps 7.
    s.seats[2].stack -= 92;
    s.seats[1].stack += 92;
    let mut s = g.validate(s).unwrap();
    deal(&g, &mut s, "T1 T2 T3 T4 T5 T6 T7 T8 T9");
    // Seat 0 opened 2; seat 1 may raise as much as the limit allows: seat 0 can still call.
    assert_eq!(legal(&g, &s), ["call", "fold", "raise 2", "raise 4", "raise 6", "raise 8"]);
    assert!(refused(&g, &s, "raise 10").contains("at most 8"));
    play(&g, &mut s, "raise 8");
    // Seat 2 cannot match 10: his call puts in all he has.
    assert_eq!(legal(&g, &s), ["call", "fold"]);
    play(&g, &mut s, "call");
    assert_eq!((s.seats[2].stack, s.seats[2].bet), (0, 7), "all in");
    // Seat 0 calls and may raise again: seat 1 could call it.
    assert!(legal(&g, &s).contains(&"raise 2".to_owned()));
    play(&g, &mut s, "raise 2; call");
    assert_eq!(s.phase, Phase::Window, "the all-in seat acts no more in the betting");
    assert_eq!((s.seats[0].staked, s.seats[1].staked, s.seats[2].staked), (12, 12, 7));
}

#[test]
fn a_betting_round_allows_three_raises() {
    let g = two();
    let mut s = g.initial_state();
    deal(&g, &mut s, "T1 T2 T3 T4 T5 T6");
    play(&g, &mut s, "raise 2; raise 2; raise 2");
    assert_eq!(legal(&g, &s), ["call", "fold"]);
    assert!(refused(&g, &s, "raise 2").contains("at most 3 raises"));
}

#[test]
fn no_limit_raises_up_to_the_poorest_stack() {
    let g = game(json!({"players": 2, "limit": "no-limit"}));
    let mut s = g.initial_state();
    deal(&g, &mut s, "T1 T2 T3 T4 T5 T6");
    assert!(legal(&g, &s).contains(&"raise 40".to_owned()));
    play(&g, &mut s, "raise max");
    // Seat 0 has 97 left after the opening: seat 1 raised by 96 (a multiple of 2) and the mouche.
    assert_eq!((s.level, s.seats[1].stack), (98, 0));
    assert_eq!(legal(&g, &s), ["call", "fold"]);
}

#[test]
fn in_the_escalating_variant_the_mouche_grows_with_the_tour() {
    let g = game(json!({"players": 2, "escalating_mouche": true}));
    let mut s = g.initial_state();
    deal(&g, &mut s, "T1 T2 T3 T4 T5 T6");
    play(&g, &mut s, "call; ready; ready; roll 3; announce continue; announce continue; decline; decline");
    assert_eq!((s.tour, s.phase), (2, Phase::Bet));
    let before = s.sabacc_pot;
    play(&g, &mut s, "raise 2");
    assert_eq!(s.sabacc_pot - before, 2, "the second tour's mouche is twice the mouche");
}

#[test]
fn with_circuit_change_the_dealer_rolls_when_the_table_goes_round_again() {
    let g = game(json!({"players": 3, "circuit_change": true}));
    let mut s = g.initial_state();
    deal(&g, &mut s, "T1 T2 T3 T4 T5 T6 T7 T8 T9");
    play(&g, &mut s, "raise 2; call");
    // Seat 0 must call the raise: a new circuit, so a roll first.
    assert_eq!(s.phase, Phase::Window);
    play(&g, &mut s, "ready; ready; ready; roll 5");
    assert_eq!((s.phase, s.actor), (Phase::Bet, 0));
    play(&g, &mut s, "call");
    assert_eq!(s.phase, Phase::Window, "the round is over: the change phase");
}

// §Change and §Blocking

#[test]
fn on_the_maximum_every_unblocked_card_is_replaced_and_everyone_pays_the_mouche() {
    let g = two();
    let mut s = g.initial_state();
    deal(&g, &mut s, "T21 5s T2 6s idiot 7s");
    play(&g, &mut s, "call; block 1; block 2; ready; ready");
    assert_eq!(s.phase, Phase::Roll);
    let mut outcomes = Vec::new();
    g.chance_outcomes(&s, &mut outcomes);
    assert_eq!(outcomes.len(), 11, "2d6: totals 2 to 12");
    assert!((outcomes[10].1 - 1.0 / 36.0).abs() < 1e-12);
    let before = s.sabacc_pot;
    play(&g, &mut s, "roll 12");
    assert_eq!(s.sabacc_pot - before, 2, "each player pays the mouche");
    assert_eq!(s.phase, Phase::Replace);
    // The Idiot is set aside: it cannot come back in this change.
    assert!(refused(&g, &s, "card idiot").contains("not in the deck"));
    deal(&g, &mut s, "4s Ks Qs 10d");
    assert_eq!(cards(&s, 0), ["T21", "T2", "4s"], "blocked cards keep their value");
    assert_eq!(cards(&s, 1), ["Ks", "Qs", "10d"]);
    assert_eq!(s.phase, Phase::Announce);
    assert!(s.aside.is_empty() && s.under.is_empty(), "the replaced cards are shuffled back");
    assert_eq!(mechanics::deck_counts(&s, g.config())[tabula_sabacc::Card::IDIOT.index()], 1);
}

#[test]
fn a_roll_below_the_maximum_changes_nothing() {
    let g = game(json!({"players": 2, "dice": "d20"}));
    let mut s = g.initial_state();
    deal(&g, &mut s, "T1 T2 T3 T4 T5 T6");
    play(&g, &mut s, "call; ready; ready");
    let mut outcomes = Vec::new();
    g.chance_outcomes(&s, &mut outcomes);
    assert_eq!(outcomes.len(), 20);
    play(&g, &mut s, "roll 12");
    assert_eq!(
        (s.phase, cards(&s, 0)),
        (Phase::Announce, vec!["T1".to_owned(), "T3".to_owned(), "T5".to_owned()])
    );
}

#[test]
fn blocked_cards_lie_face_up_two_tokens_each_and_change_once_per_window() {
    let g = two();
    let mut s = g.initial_state();
    deal(&g, &mut s, "T21 5s T2 6s idiot 7s");
    play(&g, &mut s, "call; block 3");
    assert_eq!(
        g.view(&s, 1).state.seats[0].hand.cards()[2].to_string(),
        "idiot",
        "a blocked card is on the table"
    );
    assert!(refused(&g, &s, "unblock 3").contains("before this roll"));
    assert!(refused(&g, &s, "unblock 1").contains("not blocked"));
    play(&g, &mut s, "block 1");
    assert!(refused(&g, &s, "block 2").contains("two blocking tokens"));
    assert!(g.parse_action("block 4").is_err(), "a tarot hand holds three cards");
    play(&g, &mut s, "ready; ready; roll 4");
    // The next tour's window: unblocking is allowed again (not during a roll).
    play(
        &g,
        &mut s,
        "announce continue; announce continue; decline; decline; call; unblock 1; block 2; ready",
    );
    assert_eq!(s.seats[0].hand.blocked, 0b110);
    assert_eq!(g.view(&s, 1).state.seats[0].hand.cards()[0].to_string(), "T21", "once seen, still known");
}

// §Announce and §Showdown

#[test]
fn the_best_hand_wins_the_bets_and_a_losing_hand_is_not_shown() {
    let g = two();
    let mut s = dealt(&g, "T21 T2 4s", "Ks Qs 10d");
    play(&g, &mut s, "roll 3; announce see; announce see");
    // 19 for seat 0 (21 + 2 − 4), 17 for seat 1: seat 0 wins the 4 in the pot.
    let last = s.last.unwrap();
    assert_eq!((last.winners, last.pot, last.sabacc), (0b01, 4, 0));
    assert_eq!(g.view(&s, 0).state.seats[1].hand.cards()[0].to_string(), "?", "the loser need not show");
    assert_eq!(g.view(&s, 1).state.seats[0].hand.cards()[0].to_string(), "T21");
    assert_eq!(g.returns(&s), [2.0, -2.0], "the Sabacc pot (2) is shared at the end");
}

#[test]
fn a_sabacc_also_wins_the_sabacc_pot() {
    let g = two();
    let mut s = dealt(&g, "T21 T2 idiot", "Ks Qs 10d");
    play(&g, &mut s, "roll 3; announce see; announce see");
    let last = s.last.unwrap();
    assert_eq!((last.pot, last.sabacc), (4, 2));
    assert_eq!(g.returns(&s), [3.0, -3.0]);
}

#[test]
fn every_hand_over_23_sends_the_bets_to_the_sabacc_pot() {
    let g = game(json!({"players": 2, "hands": 1, "table": "friendly-regular"}));
    let mut s = dealt(&g, "T21 T20 T19", "T18 T17 T16");
    play(&g, &mut s, "roll 3; announce see; announce see");
    assert_eq!(s.last.unwrap().winners, 0);
    assert_eq!((s.hand_pot, s.sabacc_pot), (0, 6), "kept for the next session (friendly regular)");
    assert_eq!(g.returns(&s), [-3.0, -3.0]);
}

#[test]
fn a_false_sabacc_claim_costs_five_mouches_and_the_hand() {
    let g = game(json!({"players": 3}));
    let mut s = g.initial_state();
    deal(&g, &mut s, "T5 T10 T9 T6 T2 T4 T7 T3 T1");
    play(&g, &mut s, "call; call; ready; ready; ready; roll 3");
    let (stack, pot) = (s.seats[0].stack, s.sabacc_pot);
    play(&g, &mut s, "announce sabacc");
    assert_eq!((stack - s.seats[0].stack, s.sabacc_pot - pot), (5, 5));
    assert_eq!((s.seats[0].announce, s.seats[0].status), (Some(Announce::Sabacc), Status::Idle));
    assert_eq!(g.view(&s, 1).state.seats[0].hand.cards()[0].to_string(), "T5", "the cards were laid down");
    assert_eq!((s.phase, s.actor), (Phase::Announce, 1), "the others announce on");
}

#[test]
fn seers_drop_out_when_two_continue_and_the_others_go_on_to_the_redeal() {
    let g = game(json!({"players": 3}));
    let mut s = g.initial_state();
    deal(&g, &mut s, "T21 T10 T9 T2 T5 T4 idiot T3 T6");
    play(&g, &mut s, "call; call; ready; ready; ready; roll 2");
    play(&g, &mut s, "announce continue; announce see; announce continue");
    assert_eq!(s.seats[1].status, Status::Idle, "seat 1 asked to see: out until the next deal");
    assert_eq!((s.phase, s.actor), (Phase::Offer, 0));
    // With one player (or none) continuing, the seers stay in and the hands are compared.
    let mut t = g.initial_state();
    deal(&g, &mut t, "T21 T10 T9 T2 T5 T4 idiot T3 T6");
    play(
        &g,
        &mut t,
        "call; call; ready; ready; ready; roll 2; announce see; announce continue; announce see",
    );
    assert_eq!(t.last.unwrap().winners, 0b001, "seat 0's grand Sabacc beats the others");
}

#[test]
fn a_seer_who_shows_a_sabacc_stays_in_and_calls_the_showdown() {
    let g = game(json!({"players": 4, "hands": 1}));
    let mut s = g.initial_state();
    deal(&g, &mut s, "T21 T10 T9 T8 T2 T5 T4 T7 idiot T3 T6 T1");
    play(&g, &mut s, "call; call; call; ready; ready; ready; ready; roll 2");
    play(&g, &mut s, "announce sabacc; announce continue; announce continue; announce see");
    let last = s.last.unwrap();
    assert_eq!(last.winners, 0b0001, "seat 0's Sabacc wins");
    assert!(last.sabacc > 0, "and the Sabacc pot");
    assert_eq!(s.seats[3].status, Status::Idle, "seat 3 saw without a Sabacc: out");
}

#[test]
fn ties_go_to_sudden_death_and_a_sabacc_there_wins_the_sabacc_pot() {
    let g = two();
    let mut s = dealt(&g, "T10 T5 T3", "T9 T8 T1");
    play(&g, &mut s, "roll 3; announce see; announce see");
    assert_eq!((s.phase, s.tied), (Phase::Sudden, 0b11), "18 each: a new three-card deal");
    assert!(s.seats.iter().all(|x| x.hand.is_empty()));
    deal(&g, &mut s, "T21 5s T2 6s idiot 7s");
    let last = s.last.unwrap();
    assert_eq!((last.winners, last.pot, last.sabacc), (0b01, 4, 2));
}

#[test]
fn tied_again_after_three_sudden_deaths_the_pot_is_shared() {
    let g = two();
    let mut s = dealt(&g, "T10 T5 T3", "T9 T8 T1");
    play(&g, &mut s, "roll 3; announce see; announce see");
    for _ in 0..3 {
        assert_eq!(s.phase, Phase::Sudden);
        deal(&g, &mut s, "T10 T9 T5 T8 T3 T1");
    }
    let last = s.last.unwrap();
    assert_eq!((last.winners, last.pot, last.sabacc), (0b11, 4, 0));
    assert_eq!(g.returns(&s), [0.0, 0.0]);
}

// §Redeal

#[test]
fn the_redeal_offers_a_card_and_discards_go_under_the_deck_in_order() {
    let g = game(json!({"players": 3}));
    let mut s = g.initial_state();
    deal(&g, &mut s, "T21 T10 T9 T2 T5 T4 idiot T3 T6");
    play(&g, &mut s, "call; call; ready; ready; ready; roll 2");
    play(&g, &mut s, "announce continue; announce continue; announce continue");
    play(&g, &mut s, "take; card 8s");
    assert_eq!((s.phase, cards(&s, 0).len()), (Phase::Discard, 4));
    assert!(g.parse_action("discard 5").is_err(), "four cards at most after taking one");
    play(&g, &mut s, "discard 4; decline; take; card 9s; discard 1");
    assert_eq!(s.under.cards().iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["8s", "T9"]);
    assert_eq!(cards(&s, 2), ["T4", "T6", "9s"]);
    // Each discard is seen by its discarder only.
    let under = |seat: usize| -> Vec<String> {
        g.view(&s, seat).state.under.cards().iter().map(|c| c.to_string()).collect()
    };
    assert_eq!(
        (under(0), under(1), under(2)),
        (vec!["8s".into(), "?".into()], vec!["?".into(), "?".into()], vec!["?".into(), "T9".into()])
    );
    assert_eq!((s.tour, s.phase, s.actor), (2, Phase::Bet, 1), "a new tour: seat 0 opened");
}

#[test]
fn once_the_deck_is_used_up_the_cards_under_it_come_back_in_order() {
    let g = game(json!({"players": 3}));
    let mut s = g.initial_state();
    deal(&g, &mut s, "T21 T10 T9 T2 T5 T4 idiot T3 T6");
    play(&g, &mut s, "call; call; ready; ready; ready; roll 2");
    play(&g, &mut s, "announce continue; announce continue; announce continue; take; card 8s; discard 4");
    // Put the rest of the deck aside from play (under the deck, behind the 8s).
    let counts = mechanics::deck_counts(&s, g.config());
    for card in tabula_sabacc::Card::all() {
        for _ in 0..counts[card.index()] {
            s.under.push(card, 0);
        }
    }
    let mut s = g.validate(s).unwrap();
    play(&g, &mut s, "take");
    let mut outcomes = Vec::new();
    g.chance_outcomes(&s, &mut outcomes);
    assert_eq!(outcomes.len(), 1);
    assert_eq!(g.action_text(outcomes[0].0), "card 8s");
    assert_eq!(g.observe_action(&s, outcomes[0].0, 0), "card 8s", "seat 0 discarded it: it knows");
    assert_eq!(g.observe_action(&s, outcomes[0].0, 2), "card ?");
    play(&g, &mut s, "card 8s");
    assert!(g.view(&s, 0).state.seats[1].hand.cards().iter().any(|c| c.to_string() == "8s"));
}

#[test]
fn discarding_a_face_up_card_turns_another_one_face_up() {
    let g = game(json!({"players": 2, "deal": "decouverte"}));
    let mut s = g.initial_state();
    deal(&g, &mut s, "T1 T2 T3 T4 T5 T6");
    play(&g, &mut s, "call; ready; ready; roll 2; announce continue; announce continue; take; card 9s");
    assert_eq!(s.seats[0].hand.up, 0b0110);
    play(&g, &mut s, "discard 2");
    assert_eq!(s.phase, Phase::Show);
    assert!(refused(&g, &s, "show 2").contains("face up already"));
    play(&g, &mut s, "show 3");
    assert_eq!(cards(&s, 0), ["T1", "T5", "9s"]);
    assert_eq!(s.seats[0].hand.up, 0b0110);
    assert_eq!(g.view(&s, 1).state.under.cards()[0].to_string(), "T3", "a face-up discard is public");
}

// §Stud

#[test]
fn stud_adds_a_communal_card_each_tour_and_retires_the_oldest_at_four() {
    let g = game(json!({"players": 2, "deal": "stud", "tours": 6}));
    let mut s = g.initial_state();
    deal(&g, &mut s, "T1 T2 T3 T4 T5");
    let tour = "call; ready; ready; roll 2; announce continue; announce continue; decline; decline";
    let communal = |s: &State| s.communal.cards().map(|c| c.to_string()).collect::<Vec<_>>();
    play(&g, &mut s, tour);
    assert_eq!(s.phase, Phase::StudCard);
    deal(&g, &mut s, "T6");
    assert_eq!(communal(&s), ["T5", "T6"]);
    play(&g, &mut s, tour);
    deal(&g, &mut s, "T7");
    play(&g, &mut s, tour);
    deal(&g, &mut s, "T8");
    assert_eq!(communal(&s), ["T6", "T7", "T8"], "the fourth card retires the oldest");
    assert_eq!(s.under.cards()[0].to_string(), "T5");
    // Each player uses his two cards and the communal card of his choice.
    assert_eq!(tabula_sabacc::tarot::evaluate(&s, g.config(), 0).value, 12, "1 + 3 + 8");
}

// §End of the game

#[test]
fn a_closed_game_ends_when_one_player_is_left_and_shares_the_sabacc_pot() {
    let g = game(json!({"players": 2, "buy_in": 8, "hands": 5}));
    let mut s = g.initial_state();
    deal(&g, &mut s, "T21 5s T2 6s idiot 7s");
    play(&g, &mut s, "raise 2; call; ready; ready; roll 3; announce see; announce see");
    // Seat 1 has 2 left, less than a minimum bet and a mouche: he leaves the table.
    assert_eq!(s.seats[1].status, Status::Out);
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(g.returns(&s), [6.0, -6.0], "the Sabacc pot went to seat 0's Sabacc; nothing left to share");
}

#[test]
fn in_an_open_game_a_broke_player_buys_a_new_cave_and_the_organizer_keeps_the_pot() {
    let g = game(json!({"players": 2, "buy_in": 8, "hands": 2, "table": "open", "house": 10, "entry": 1}));
    let mut s = g.initial_state();
    assert_eq!(s.sabacc_pot, 10 + 2 + 2, "the organizer's stake, two entry fees, two mouches");
    deal(&g, &mut s, "T21 5s T2 6s 4s 7s");
    play(&g, &mut s, "raise 2; call; ready; ready; roll 3; announce see; announce see");
    assert_eq!(
        (s.seats[1].status, s.seats[1].bought, s.seats[1].stack),
        (Status::Active, 16, 8),
        "a second cave (1 + 8, less the new deal's mouche)"
    );
    assert_eq!(s.hand_no, 1);
    deal(&g, &mut s, "T1 T2 T3 T4 T5 T6");
    play(&g, &mut s, "fold");
    assert_eq!(s.phase, Phase::Over);
    assert!(s.house_take > 0 && s.sabacc_pot == 0);
    let returns = g.returns(&s);
    assert_eq!(
        returns.iter().sum::<f64>(),
        -f64::from(s.house_take - 10),
        "what the organizer kept beyond his stake"
    );
}
