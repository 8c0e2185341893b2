//! The deck's running count (`State::deck`): always what a recount of the table gives,
//! known at every card drawn in play, unknown in views and states read from JSON (which
//! recount), and known again after validation and determinization.

use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use tabula_core::{Game, Turn};
use tabula_sabacc::mechanics::recount_deck;
use tabula_sabacc::{Sabacc, State};

fn option_sets() -> Vec<Value> {
    vec![
        json!({}),
        json!({"players": 2, "hands": 3}),
        json!({"deal": "decouverte"}),
        json!({"deal": "holdem", "players": 3}),
        json!({"deal": "stud", "players": 5}),
        json!({"deck": "54"}),
        json!({"players": 3, "circuit_change": true, "escalating_mouche": true, "dice": "d12"}),
        json!({"players": 14, "decks": 2, "hands": 2}),
        json!({"rules": "canonical"}),
        json!({"rules": "canonical", "scoring": "points"}),
        json!({"rules": "black-knight"}),
        json!({"players": 3, "table": "friendly-regular", "buy_in": 10, "hands": 6}),
    ]
}

fn recounted(g: &Sabacc, s: &State) -> (Vec<u8>, u32) {
    let fresh = recount_deck(s, g.config());
    let (counts, total) = fresh.get().expect("a recount is known");
    (counts.to_vec(), total)
}

fn running(s: &State) -> Option<(Vec<u8>, u32)> {
    s.deck().get().map(|(counts, total)| (counts.to_vec(), total))
}

#[test]
fn the_running_count_is_a_recount_along_random_games() {
    for options in option_sets() {
        let g = Sabacc::from_json(&options).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
        let (mut draws, mut checked) = (0, 0);
        for _ in 0..100 {
            let mut s = g.initial_state();
            loop {
                if let Some(run) = running(&s) {
                    assert_eq!(run, recounted(&g, &s), "{options}: phase {:?}", s.phase);
                    checked += 1;
                }
                let (action, card) = match g.turn(&s) {
                    Turn::Terminal => break,
                    Turn::Chance => {
                        let a = tabula_core::sample_chance(&g, &s, &mut outcomes, &mut rng);
                        (a, matches!(a, tabula_sabacc::Action::Card(_)))
                    }
                    Turn::Player(_) => {
                        g.legal_actions(&s, &mut actions);
                        (actions[rng.random_range(0..actions.len())], false)
                    }
                };
                g.play_unchecked(&mut s, action);
                if card {
                    draws += 1;
                    assert!(s.deck().get().is_some(), "{options}: a card was drawn and the count is unknown");
                }
            }
        }
        assert!(draws > 0 && checked > draws, "{options}: {draws} draws, {checked} checks");
    }
}

#[test]
fn views_and_json_recount_and_validation_knows() {
    for options in option_sets() {
        let g = Sabacc::from_json(&options).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut s = g.initial_state();
        let mut outcomes = Vec::new();
        // Into the game: the deal and a few moves.
        for _ in 0..40 {
            match g.turn(&s) {
                Turn::Terminal => break,
                Turn::Chance => {
                    let a = tabula_core::sample_chance(&g, &s, &mut outcomes, &mut rng);
                    g.play_unchecked(&mut s, a);
                }
                Turn::Player(_) => {
                    let mut legal = Vec::new();
                    g.legal_actions(&s, &mut legal);
                    g.play_unchecked(&mut s, legal[0]);
                }
            }
        }
        // A view's deck is the cards the seat has not seen: recounted, never the true one.
        let view = g.view(&s, 0);
        assert!(view.state.deck().get().is_none(), "{options}: a view carries the true deck");
        // Read from JSON: unknown, yet the same chance outcomes; validated: known.
        let read: State = serde_json::from_value(serde_json::to_value(&s).unwrap()).unwrap();
        assert_eq!(read, s);
        assert!(read.deck().get().is_none());
        let (mut a, mut b) = (Vec::new(), Vec::new());
        g.chance_outcomes(&s, &mut a);
        g.chance_outcomes(&read, &mut b);
        assert_eq!(a, b, "{options}");
        let valid = g.validate(read).unwrap();
        assert_eq!(running(&valid), Some(recounted(&g, &valid)), "{options}");
        // A determinization deals the hidden cards, and knows its deck.
        let world = g.determinize(&view, &mut rng);
        assert_eq!(running(&world), Some(recounted(&g, &world)), "{options}");
    }
}

#[test]
fn a_state_edited_by_hand_recounts_after_forget_deck() {
    let g = Sabacc::from_json(&json!({"players": 2})).unwrap();
    let mut s = g.initial_state();
    let mut outcomes = Vec::new();
    g.chance_outcomes(&s, &mut outcomes);
    let before = outcomes.len();
    let card: tabula_sabacc::Card = "T21".parse().unwrap();
    s.aside.push(card, 0);
    s.forget_deck();
    g.chance_outcomes(&s, &mut outcomes);
    assert_eq!(outcomes.len(), before - 1, "the card set aside is no longer in the deck");
    assert!(outcomes.iter().all(|&(a, _)| a != tabula_sabacc::Action::Card(card)));
}
