//! Money is conserved: at every step of long sessions, the stacks and pots together hold
//! exactly what the players brought (and the organizer's stake); it changes only when a cave
//! is bought. The sessions are played by a policy that rarely folds, so that every phase of
//! every rule set is reached (the test asserts it), and each state is also validated and
//! determinized from each seat's view.

use std::collections::BTreeSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use tabula_core::{Game, Turn, sample_chance};
use tabula_sabacc::mechanics::Target;
use tabula_sabacc::rules;
use tabula_sabacc::{Action, Announce, Phase, Sabacc};

/// Plays `games` sessions; returns the phases met.
fn sessions(options: Value, games: u64) -> BTreeSet<String> {
    let game = Sabacc::from_json(&options).unwrap();
    let house = i64::from(game.config().house);
    let mut phases = BTreeSet::new();
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = game.initial_state();
        let mut bought = state.bought();
        for step in 0.. {
            assert!(step <= game.max_game_length(), "{options}: longer than max_game_length");
            phases.insert(format!("{:?}", state.phase));
            assert_eq!(
                state.money(),
                state.bought() + house,
                "{options} seed {seed} step {step}: money appeared or vanished"
            );
            assert!(state.bought() >= bought, "money brought never decreases");
            bought = state.bought();
            if step % 7 == 0 {
                for seat in 0..game.num_players() {
                    let view = game.view(&state, seat);
                    let det = game.determinize(&view, &mut rng);
                    let det = game.validate(det).unwrap_or_else(|e| panic!("{options} seed {seed}: {e}"));
                    assert_eq!(game.view(&det, seat), view);
                }
            }
            let action = match game.turn(&state) {
                Turn::Terminal => break,
                Turn::Chance => sample_chance(&game, &state, &mut outcomes, &mut rng),
                Turn::Player(_) => {
                    game.legal_actions(&state, &mut actions);
                    pick(&actions, &mut rng)
                }
            };
            let target = matches!(action, Action::Card(_)).then(|| rules::target(&state, game.config()));
            let observed: Vec<String> =
                (0..game.num_players()).map(|o| game.observe_action(&state, action, o)).collect();
            game.play(&mut state, action).unwrap();
            game.validate(state.clone()).unwrap_or_else(|e| panic!("{options} seed {seed} step {step}: {e}"));
            // The history never shows a seat a card its view hides.
            if let (Some(target), Action::Card(card)) = (target, action) {
                for (o, text) in observed.iter().enumerate() {
                    let slot = match target {
                        Target::Seat { seat, .. } => {
                            let hand = &game.view(&state, o).state.seats[seat].hand;
                            hand.cards().last().copied()
                        }
                        Target::Slot { seat, pos } => {
                            game.view(&state, o).state.seats[seat].hand.cards().get(pos).copied()
                        }
                        Target::Communal | Target::CommunalSlot(_) => Some(card),
                    };
                    if text != "card ?" && slot.is_some() {
                        assert_eq!(
                            slot,
                            Some(card),
                            "{options} seed {seed} step {step}: seat {o} observes {text}"
                        );
                    }
                }
            }
        }
    }
    phases
}

/// Uniform among the actions, but folding (and a Sabacc claim) only now and then.
fn pick(actions: &[Action], rng: &mut ChaCha8Rng) -> Action {
    loop {
        let a = actions[rng.random_range(0..actions.len())];
        let rare =
            matches!(a, Action::Fold | Action::Announce(Announce::Fold) | Action::Announce(Announce::Sabacc));
        if !rare || actions.len() == 1 || rng.random_bool(0.05) {
            return a;
        }
    }
}

fn assert_phases(met: &BTreeSet<String>, expected: &[Phase]) {
    for p in expected {
        assert!(met.contains(&format!("{p:?}")), "phase {p:?} never reached; met {met:?}");
    }
}

#[test]
fn tarot_sessions_conserve_money_and_reach_every_phase() {
    let mut met = BTreeSet::new();
    for options in [
        json!({"players": 3, "hands": 6}),
        json!({"players": 5, "deal": "decouverte", "hands": 4, "dice": "d12"}),
        json!({"players": 4, "deal": "stud", "hands": 4, "circuit_change": true, "escalating_mouche": true}),
        json!({"players": 12, "deal": "holdem", "hands": 2, "dice": "d20"}),
        json!({"players": 6, "table": "open", "house": 40, "entry": 3, "buy_in": 12, "hands": 8}),
        json!({"players": 13, "decks": 2, "hands": 2, "deck": "54"}),
        json!({"players": 3, "limit": "no-limit", "buy_in": 30, "hands": 8, "table": "friendly-regular"}),
    ] {
        met.extend(sessions(options, 12));
    }
    use Phase::*;
    assert_phases(
        &met,
        &[
            Deal, Bet, Window, Roll, Replace, Announce, Offer, OfferCard, Discard, Show, StudCard, Sudden,
            Over,
        ],
    );
}

#[test]
fn canonical_sessions_conserve_money_and_reach_every_phase() {
    let mut met = BTreeSet::new();
    for options in [
        json!({"rules": "canonical", "players": 3, "hands": 5}),
        json!({"rules": "canonical", "players": 12, "hands": 2, "deck": "theory"}),
        json!({"rules": "canonical", "players": 4, "hands": 4, "scoring": "points", "exchange": 4}),
        json!({"rules": "canonical", "players": 4, "hands": 6, "scoring": "theory-money", "buy_in": 10}),
        json!({"rules": "canonical", "players": 4, "hands": 6, "deck": "west-end", "buy_in": 12, "contract": true}),
    ] {
        met.extend(sessions(options, 10));
    }
    use Phase::*;
    assert_phases(&met, &[Deal, Bet, Roll, Replace, Draw, DrawCard, Exchange, ExchangeCard, Over]);
}

#[test]
fn black_knight_sessions_conserve_money_and_reach_every_phase() {
    let mut met = BTreeSet::new();
    for options in [
        json!({"rules": "black-knight", "players": 7, "hands": 6}),
        json!({"rules": "black-knight", "players": 3, "hands": 10, "deck": "54", "buy_in": 12, "table": "open"}),
    ] {
        met.extend(sessions(options, 10));
    }
    use Phase::*;
    assert_phases(&met, &[Deal, Wager, Hit, HitCard, BankerCard, Over]);
}
