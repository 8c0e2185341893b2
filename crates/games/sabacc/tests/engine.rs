//! Hidden information, notation, sizes, position checks: what every game owes the engine.

mod common;

use common::{deal, game, play};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use tabula_core::Game;
use tabula_sabacc::{Action, Card, NUM_ACTIONS, Phase, State};

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

// §What each seat sees

#[test]
fn two_states_differing_only_in_another_seats_hidden_cards_give_the_same_view() {
    let g = game(json!({"players": 3, "deal": "decouverte"}));
    let mut a = g.initial_state();
    deal(&g, &mut a, "T1 T2 T3 T4 T5 T6 T7 T8 T9");
    // Seat 1's hidden card (T2) swapped with a card of the deck.
    let mut b = a.clone();
    let known = b.seats[1].hand.known_at(0);
    b.seats[1].hand.set(0, card("Kd"), known);
    let b = g.validate(b).unwrap();
    assert_ne!(a, b);
    for seat in [0, 2] {
        assert_eq!(g.view(&a, seat), g.view(&b, seat), "seat {seat} cannot see seat 1's hidden card");
        let json = serde_json::to_string(&g.view(&a, seat)).unwrap();
        assert!(!json.contains("\"T2\""), "{json}");
    }
    assert_ne!(g.view(&a, 1), g.view(&b, 1), "seat 1 sees its own card");
    // Face-up cards are public.
    let json = serde_json::to_string(&g.view(&a, 0)).unwrap();
    assert!(json.contains("\"T5\"") && json.contains("\"T8\""), "{json}");
}

#[test]
fn a_card_dealt_to_another_seat_is_observed_as_a_question_mark() {
    let g = game(json!({"players": 2, "deal": "decouverte"}));
    let s = g.initial_state();
    let t21 = Action::Card(card("T21"));
    // The first card goes face down to seat 0.
    assert_eq!(g.observe_action(&s, t21, 0), "card T21");
    assert_eq!(g.observe_action(&s, t21, 1), "card ?");
    // The third card goes face up to seat 0: everyone sees it.
    let mut s = s;
    deal(&g, &mut s, "T1 T2");
    assert_eq!(g.observe_action(&s, t21, 1), "card T21");
}

#[test]
fn determinization_deals_the_unseen_cards_anew_consistently_with_the_view() {
    let g = game(json!({"players": 4, "deal": "holdem"}));
    let mut s = g.initial_state();
    deal(&g, &mut s, "T1 T2 T3 T4 T5 T6 T7 T8 T9");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let view = g.view(&s, 2);
    let mut differs = false;
    for _ in 0..20 {
        let det = g.validate(g.determinize(&view, &mut rng)).unwrap();
        assert_eq!(g.view(&det, 2), view);
        assert_eq!(det.seats[2].hand.cards(), s.seats[2].hand.cards(), "its own cards stay");
        assert_eq!(det.seats[1].hand.card(1), s.seats[1].hand.card(1), "face-up cards stay");
        differs |= det.seats[0].hand.card(0) != s.seats[0].hand.card(0);
    }
    assert!(differs, "hidden cards are dealt anew");
}

/// The reproduction: twelve players exchange four cards each, so the eighth draws
/// from the discards shuffled back in. A card shuffled back is unknown to all but its drawer.
#[test]
fn a_discard_shuffled_back_into_the_deck_is_known_to_its_drawer_only() {
    use rand::SeedableRng;
    let g =
        game(json!({"players": 12, "rules": "canonical", "scoring": "points", "exchange": 4, "hands": 1}));
    let mut s = g.initial_state();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut buffer = Vec::new();
    let mut chance = |s: &mut State| {
        while g.turn(s) == tabula_core::Turn::Chance {
            let a = g.sample_chance(s, &mut buffer, &mut rng);
            g.play(s, a).unwrap();
        }
    };
    chance(&mut s);
    let mut history: Vec<(State, Action)> = Vec::new();
    for _ in 0..8 {
        play(&g, &mut s, "exchange 1 2 3 4");
        while g.turn(&s) == tabula_core::Turn::Chance {
            let a = g.sample_chance(&s, &mut buffer, &mut rng);
            history.push((s.clone(), a));
            g.play(&mut s, a).unwrap();
        }
    }
    // The eighth player (seat 7) drew from the discards shuffled back in.
    let reshuffled = history
        .iter()
        .filter(|(b, _)| {
            tabula_sabacc::mechanics::source(b, g.config()) == tabula_sabacc::mechanics::Source::Aside
        })
        .count();
    assert!(reshuffled > 0, "the discards were shuffled back in");
    for (p, seat) in s.seats.iter().enumerate() {
        for (i, &k) in seat.hand.known().iter().enumerate() {
            assert_eq!(k, 1 << p, "seat {p}'s card {} is known to its holder only", i + 1);
        }
    }
    for viewer in 0..12 {
        let view = g.view(&s, viewer);
        for p in (0..12).filter(|&p| p != viewer) {
            assert!(
                view.state.seats[p].hand.cards().iter().all(|c| c.is_hidden()),
                "seat {viewer} sees seat {p}'s cards"
            );
        }
    }
    for (before, a) in &history {
        let drawer = before.actor as usize;
        for viewer in (0..12).filter(|&v| v != drawer) {
            assert_eq!(
                g.observe_action(before, *a, viewer),
                "card ?",
                "seat {viewer} sees seat {drawer}'s card"
            );
        }
    }
    let g2 = g.validate(s.clone()).unwrap();
    assert_eq!(g2, s);
}

// §Notation

#[test]
fn notation_reads_what_people_type_and_every_index_round_trips() {
    let g = game(json!({"min_bet": 5}));
    for (typed, canonical) in [
        ("  RAISE   10 ", "raise 10"),
        ("raise max", "raise max"),
        ("Announce See", "announce see"),
        ("block 2", "block 2"),
        ("exchange 3 1", "exchange 1 3"),
        ("keep", "keep"),
        ("card t21", "card T21"),
        ("card EXCUSE", "card idiot"),
        ("card kd", "card Kd"),
        ("card ace-coins", "card ace-coins"),
        ("roll 5-2", "roll 2-5"),
        ("roll 12", "roll 12"),
        ("bet 100", "bet 100"),
        ("call hand", "call hand"),
    ] {
        let action = g.parse_action(typed).unwrap_or_else(|e| panic!("{typed}: {e}"));
        assert_eq!(g.action_text(action), canonical);
    }
    for bad in [
        "",
        "raise 7",
        "raise 0",
        "raise 105",
        "block 0",
        "announce maybe",
        "card ?",
        "card Zz",
        "roll 7-1",
        "roll 21",
        "exchange 2 2",
        "dance",
    ] {
        let err = g.parse_action(bad).unwrap_err();
        assert!(!err.reason.is_empty(), "{bad}");
    }
    assert_eq!(g.num_distinct_actions(), NUM_ACTIONS);
    for i in 0..NUM_ACTIONS {
        let a = g.action_from_index(i).unwrap();
        assert_eq!(g.action_index(a), i);
        assert_eq!(g.parse_action(&g.action_text(a)).unwrap(), a);
    }
}

#[test]
fn action_and_state_are_small_values() {
    let action = std::mem::size_of::<Action>();
    let state = std::mem::size_of::<State>();
    println!("Action: {action} bytes, State: {state} bytes");
    assert!(action <= 4, "Action is {action} bytes");
    // 24 seats of up to 10 cards with knowledge masks, two piles the size of two decks, and
    // the last hand's public record (24 seats' cards, sudden-death deals and money), and the
    // side pots (a pot per seat, in the last settlement, its record, and through a sudden
    // death; copied only as far as they are used).
    assert!(state <= 5632, "State is {state} bytes");
}

// §Illegal actions are explained

#[test]
fn a_refused_action_says_why_and_changes_nothing() {
    let g = game(json!({"players": 2}));
    let mut s = g.initial_state();
    let before = s.clone();
    let err = g.play(&mut s, Action::Call).unwrap_err();
    assert!(err.reason.contains("being dealt"), "{}", err.reason);
    assert_eq!(s, before);
    deal(&g, &mut s, "T1 T2 T3 T4 T5 T6");
    let err = g.play(&mut s, Action::Card(card("T7"))).unwrap_err();
    assert!(err.reason.contains("no card or die") || err.reason.contains("betting round"), "{}", err.reason);
    play(&g, &mut s, "call; ready; ready");
    assert_eq!(s.phase, Phase::Roll);
    let err = g.play(&mut s, g.parse_action("roll 1").unwrap()).unwrap_err();
    assert!(err.reason.contains("cannot show"), "{}", err.reason);
    let err = g.play(&mut s, g.parse_action("roll 3-3").unwrap()).unwrap_err();
    assert!(err.reason.contains("total"), "{}", err.reason);
}

// §Positions

#[test]
fn a_position_breaking_rules_lists_every_problem() {
    let g = game(json!({"players": 2}));
    let mut s = g.initial_state();
    deal(&g, &mut s, "T1 T2 T3 T4 T5 T6");
    let mut bad = s.clone();
    bad.seats[0].hand.set(0, card("T2"), 1); // T2 twice
    bad.seats[1].stack += 50; // money from nowhere
    bad.seats[0].hand.blocked = 0b1000; // a token on no card
    bad.seats[1].hand.push(card("7-sabres"), 2, false); // a canonical card in a tarot game
    let err = g.validate(bad).unwrap_err();
    let text = err.to_string();
    assert!(text.contains("trump 2 appears 2 times"), "{text}");
    assert!(text.contains("money is neither made nor lost"), "{text}");
    assert!(text.contains("beyond its 3 cards"), "{text}");
    assert!(text.contains("not in this pack"), "{text}");
    assert!(err.problems.len() >= 4, "{:?}", err.problems);
    let other = game(json!({"players": 3}));
    assert!(other.validate(s).unwrap_err().to_string().contains("2 seats but the game 3"));
}

#[test]
fn options_that_do_not_go_together_are_refused_with_a_reason() {
    for (options, why) in [
        (json!({"players": 13}), "2 decks"),
        (json!({"rules": "canonical", "deal": "stud"}), "tarot rules"),
        (json!({"rules": "canonical", "deck": "54"}), "76-card deck"),
        (json!({"rules": "black-knight", "players": 8}), "at most 7"),
        (json!({"scoring": "points"}), "canonical four-card theory game"),
        (json!({"scoring": "theory-money"}), "canonical four-card theory game"),
        (json!({"rules": "canonical", "exchange": 4}), "theory game"),
        (json!({"house": 5}), "open game"),
        (json!({"buy_in": 5}), "cave"),
        (json!({"deck": "theory"}), "canonical rules"),
        (json!({"deck": "west-end"}), "canonical rules"),
        (json!({"rules": "black-knight", "deck": "canonical"}), "canonical rules"),
        (json!({"contract": true, "players": 3}), "needs 4 players, not 3"),
        (json!({"contract": true, "players": 4, "rules": "black-knight"}), "not Black Knight"),
        (json!({"deck": "tarot"}), "deck"),
        (json!({"scoring": "cards"}), "scoring"),
    ] {
        let err = tabula_sabacc::Sabacc::from_json(&options).unwrap_err();
        assert!(err.to_string().contains(why), "{options}: {err}");
    }
    let g = game(json!({"players": 5, "rules": "canonical", "scoring": "points"}));
    assert!(g.options().canonical().starts_with("sabacc(players=5,rules=canonical,deal=classic"));
}

#[test]
fn the_heuristic_prefers_a_stronger_hand_and_more_money() {
    let g = game(json!({"players": 2}));
    let mut a = g.initial_state();
    deal(&g, &mut a, "T21 T5 T2 T6 idiot T7");
    play(&g, &mut a, "call");
    assert!(g.heuristic(&a, 0) > g.heuristic(&a, 1), "a grand Sabacc against 18, equal bets");
    let mut b = a.clone();
    b.seats[1].stack += 10;
    b.seats[0].stack -= 10;
    assert!(g.heuristic(&b, 1) > g.heuristic(&a, 1), "more money is better");
}
