//! The public record of the last hand's end (rules §What each seat sees): the hands laid
//! down stay in every seat's view after the table is cleared for the next deal; folded and
//! losing hands that need not be shown stay hidden; determinization keeps the record.

mod common;

use common::{deal, game, play};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use tabula_core::Game;
use tabula_sabacc::{Phase, Sabacc, Showdown, State};

/// The record's cards of `seat` as `viewer` sees them (`?` for those hidden).
fn seen(g: &Sabacc, s: &State, viewer: usize, seat: usize) -> Vec<String> {
    let view = g.view(s, viewer);
    let rec = view.state.showdown.expect("a record of the last hand");
    rec.seats()[seat].cards().iter().map(|c| c.to_string()).collect()
}

fn record(s: &State) -> Showdown {
    s.showdown.expect("a record of the last hand")
}

/// Every determinization for every seat gives that seat the same view, and is valid.
fn determinizations_agree(g: &Sabacc, s: &State) {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for seat in 0..s.players() {
        let view = g.view(s, seat);
        for _ in 0..4 {
            let det = g.determinize(&view, &mut rng);
            let det = g.validate(det).unwrap_or_else(|e| panic!("seat {seat}: {e}"));
            assert_eq!(g.view(&det, seat), view, "seat {seat}");
            assert_eq!(det.showdown.unwrap().seats().len(), s.players());
        }
    }
}

#[test]
fn after_a_tarot_showdown_every_seat_sees_the_winning_hand_and_not_the_folded_or_losing_ones() {
    let g = game(json!({"players": 3, "hands": 3}));
    let mut s = g.initial_state();
    assert_eq!(s.showdown, None, "no hand has ended yet");
    // Seat 0: T21 T2 4s (19); seat 1: Ks Qs 10d (17); seat 2: T5 T6 T7, folds in the announce.
    deal(&g, &mut s, "T21 Ks T5 T2 Qs T6 4s 10d T7");
    play(&g, &mut s, "call; call; ready; ready; ready; roll 3; announce see; announce see; announce fold");
    assert_eq!(s.hand_no, 1, "the next hand is being dealt");
    assert!(s.seats.iter().all(|x| x.hand.is_empty()), "the table is cleared");
    let rec = record(&s);
    assert_eq!((rec.hand, rec.dealer, rec.contenders), (0, 2, 0b011));
    assert_eq!(rec.settlement, s.last.unwrap());
    assert_eq!(rec.settlement.winners, 0b001);
    for viewer in 0..3 {
        assert_eq!(seen(&g, &s, viewer, 0), ["T21", "T2", "4s"], "the winner showed (seat {viewer})");
    }
    // Seat 1 lost after seat 0 showed a better hand: he need not show. Seat 2 folded.
    assert_eq!(seen(&g, &s, 0, 1), ["?", "?", "?"]);
    assert_eq!(seen(&g, &s, 2, 1), ["?", "?", "?"]);
    assert_eq!(seen(&g, &s, 1, 1), ["Ks", "Qs", "10d"], "a seat sees its own hand");
    assert_eq!(seen(&g, &s, 0, 2), ["?", "?", "?"]);
    assert_eq!(seen(&g, &s, 2, 2), ["T5", "T6", "T7"]);
    let shown = rec.seats()[0];
    assert!(shown.fully_shown());
    assert_eq!((shown.rank, shown.value), (20, 19), "worth 19");
    assert_eq!((rec.seats()[1].rank, rec.seats()[1].value), (0, 0), "no evaluation for a hidden hand");
    // Money as settled: before the next deal's mouche.
    let stacks: Vec<i32> = rec.seats().iter().map(|l| l.stack).collect();
    let now: Vec<i32> = s.seats.iter().map(|x| x.stack).collect();
    assert_eq!(stacks.iter().zip(&now).map(|(a, b)| a - b).collect::<Vec<_>>(), [1, 1, 1]);
    // The JSON of a view carries the record, with `?` for the hidden cards.
    let json = serde_json::to_value(g.view(&s, 2)).unwrap();
    assert_eq!(json["showdown"]["seats"][0]["cards"], json!(["T21", "T2", "4s"]));
    assert_eq!(json["showdown"]["seats"][1]["cards"], json!(["?", "?", "?"]));
    let back: State = serde_json::from_value(serde_json::to_value(&s).unwrap()).unwrap();
    assert_eq!(back, s, "the record round-trips");
    determinizations_agree(&g, &s);
    // The record stays through the next hand until that hand ends.
    deal(&g, &mut s, "T1 T3 T4 T8 T9 T10 T11 T12 T13");
    assert_eq!(record(&s).hand, 0);
    determinizations_agree(&g, &s);
    play(&g, &mut s, "fold; fold");
    let rec = record(&s);
    assert_eq!(rec.hand, 1, "replaced by the next hand's end");
    assert_eq!(seen(&g, &s, 0, 1), ["?", "?", "?"], "an uncontested winner need not show");
}

#[test]
fn face_up_cards_stay_known_and_communal_cards_are_kept() {
    let g = game(json!({"players": 2, "hands": 2, "deal": "holdem"}));
    let mut s = g.initial_state();
    // Seat 0: T10 (down) T8 (up); seat 1: T9 (down) T7 (up); communal T1.
    deal(&g, &mut s, "T10 T9 T8 T7 T1");
    play(&g, &mut s, "call; ready; ready; roll 3; announce see; announce fold");
    let rec = record(&s);
    assert_eq!(rec.communal().iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["T1"]);
    assert_eq!(seen(&g, &s, 1, 0), ["?", "T8"], "uncontested: only the face-up card is known");
    assert_eq!(seen(&g, &s, 0, 1), ["?", "T7"], "the folded hand's face-up card was seen");
    determinizations_agree(&g, &s);
}

#[test]
fn a_tie_keeps_the_tied_hands_and_every_sudden_death_deal() {
    let g = game(json!({"players": 2, "hands": 2}));
    let mut s = g.initial_state();
    deal(&g, &mut s, "T10 T9 T5 T8 T3 T1");
    play(&g, &mut s, "call; ready; ready; roll 3; announce see; announce see");
    assert_eq!(s.phase, Phase::Sudden);
    let rec = record(&s);
    assert_eq!(rec.hand, 0, "the showdown is on record during the sudden death");
    assert_eq!(seen(&g, &s, 1, 0), ["T10", "T5", "T3"]);
    assert_eq!(seen(&g, &s, 0, 1), ["T9", "T8", "T1"]);
    determinizations_agree(&g, &s);
    deal(&g, &mut s, "T10 T9 T5 T8 T3 T1");
    assert_eq!(s.phase, Phase::Sudden, "tied again");
    determinizations_agree(&g, &s);
    deal(&g, &mut s, "T21 5s T2 6s idiot 7s");
    assert_eq!(s.hand_no, 1);
    let rec = record(&s);
    assert_eq!((rec.deals, rec.tied()), (2, &[0b11, 0b11][..]));
    assert_eq!(rec.settlement.winners, 0b01);
    let deal_cards = |d: usize, p: usize| rec.seats()[p].sudden(d).map(|c| c.to_string()).to_vec();
    assert_eq!(deal_cards(0, 0), ["T10", "T5", "T3"]);
    assert_eq!(deal_cards(1, 0), ["T21", "T2", "idiot"]);
    assert_eq!(deal_cards(1, 1), ["5s", "6s", "7s"]);
    assert_eq!(seen(&g, &s, 1, 0), ["T10", "T5", "T3"], "the showdown hands, before the sudden death");
    let json = serde_json::to_value(g.view(&s, 0)).unwrap();
    assert_eq!(json["showdown"]["seats"][1]["sudden"][1], json!(["5s", "6s", "7s"]));
    determinizations_agree(&g, &s);
}

#[test]
fn canonical_shows_every_hand_in_and_not_the_folded_ones() {
    let g = game(json!({"rules": "canonical", "players": 3, "hands": 2, "tours": 1}));
    let mut s = g.initial_state();
    deal(&g, &mut s, "ace-sabres 9-coins 5-staves master-coins 6-flasks 7-flasks");
    play(&g, &mut s, "call; call; roll 1-2; stand; stand; stand; call; fold");
    assert_eq!(s.hand_no, 1);
    let rec = record(&s);
    assert_eq!(rec.contenders, 0b011);
    // Seat 0: 15 + 14 = 29 bombs out; seat 1: 9 + 6 = 15 wins; seat 2 folded.
    assert_eq!((rec.seats()[0].rank, rec.seats()[0].value), (0, 29));
    assert_eq!(rec.seats()[1].value, 15);
    assert_eq!(rec.settlement.winners, 0b010);
    assert_eq!(seen(&g, &s, 2, 0), ["ace-sabres", "master-coins"]);
    assert_eq!(seen(&g, &s, 0, 2), ["?", "?"]);
    determinizations_agree(&g, &s);
}

#[test]
fn black_knight_keeps_the_banker_and_every_player_still_in() {
    let g = game(json!({"rules": "black-knight", "players": 3, "hands": 2}));
    let mut s = g.initial_state();
    play(&g, &mut s, "bet 4; bet 2");
    deal(&g, &mut s, "T21 T9 T3 T2 T7 T11");
    play(&g, &mut s, "stand; hit; card T20");
    deal(&g, &mut s, "T6");
    assert_eq!(s.hand_no, 1);
    let rec = record(&s);
    assert_eq!(rec.dealer, 2, "the banker of that hand");
    for viewer in 0..3 {
        assert_eq!(seen(&g, &s, viewer, 0), ["T21", "T2"]);
        assert_eq!(seen(&g, &s, viewer, 1), ["T9", "T7", "T20"], "a bust is shown");
        assert_eq!(seen(&g, &s, viewer, 2), ["T3", "T11", "T6"], "the banker turns his cards up");
    }
    assert_eq!(rec.contenders, 0b101, "the bust is out");
    determinizations_agree(&g, &s);
}

#[test]
fn a_record_breaking_the_rules_is_refused() {
    let g = game(json!({"players": 2, "hands": 2}));
    let mut s = g.initial_state();
    deal(&g, &mut s, "T21 Ks T2 Qs 4s 10d");
    play(&g, &mut s, "call; ready; ready; roll 3; announce see; announce see");
    let mut json = serde_json::to_value(&s).unwrap();
    json["showdown"]["seats"][0]["cards"] = json!(["T21", "T21", "4s"]);
    json["showdown"]["seats"][1]["rank"] = json!(5);
    let bad: State = serde_json::from_value(json).unwrap();
    let err = g.validate(bad).unwrap_err().to_string();
    assert!(err.contains("more often than the pack has it"), "{err}");
    assert!(err.contains("seat 1's hand is worth"), "{err}");
}
