//! The beginner policy (`Game::heuristic_policy`): always a legal action in every rule set
//! and at every seat count, the obvious move in plain positions, and a move read from the
//! seat's view only (another seat's hidden card changed, the same move).

mod common;

use common::{deal, game, play};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use tabula_core::{Game, Turn, sample_chance};
use tabula_sabacc::mechanics::deck_counts;
use tabula_sabacc::state::visible;
use tabula_sabacc::{Action, Announce, Card, Phase, Sabacc, State};

/// The policy's move for `seat` in `state`, with a generator seeded by `seed`.
fn policy(g: &Sabacc, state: &State, seat: usize, seed: u64) -> Action {
    let mut legal = Vec::new();
    g.legal_actions(state, &mut legal);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let action =
        g.heuristic_policy(&g.view(state, seat), &legal, &mut rng).expect("Sabacc has a beginner policy");
    assert!(legal.contains(&action), "illegal {} in phase {:?}", g.action_text(action), state.phase);
    action
}

/// The player to act in `state`.
fn actor(g: &Sabacc, state: &State) -> usize {
    match g.turn(state) {
        Turn::Player(p) => p,
        other => panic!("no player to act: {other:?}"),
    }
}

/// A copy of `state` where one card `seat` has not seen, in another seat's hand, is swapped
/// for a card still in the deck: `seat`'s view is the same.
fn twin(g: &Sabacc, state: &State, seat: usize) -> Option<State> {
    let counts = deck_counts(state, g.config());
    for q in (0..state.players()).filter(|&q| q != seat) {
        let hand = &state.seats[q].hand;
        for i in 0..hand.len() {
            if visible(hand.known_at(i), seat) {
                continue;
            }
            let old = hand.card(i);
            let new = Card::all().find(|&c| c != old && counts[c.index()] > 0)?;
            let mut other = state.clone();
            other.seats[q].hand.set(i, new, hand.known_at(i));
            return Some(other);
        }
    }
    None
}

/// Plays a session in which even seats (or every seat) follow the policy and the others
/// play at random. At every policy move, checks it is legal and that changing another
/// seat's hidden card changes neither the view nor the move. Returns the policy moves made
/// and how many of them were checked against a changed hidden card.
fn session(options: Value, all_policy: bool, seed: u64) -> (usize, usize) {
    let g = game(options);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = g.initial_state();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let (mut moves, mut twins) = (0, 0);
    for _ in 0..g.max_game_length() {
        let action = match g.turn(&state) {
            Turn::Terminal => return (moves, twins),
            Turn::Chance => sample_chance(&g, &state, &mut outcomes, &mut rng),
            Turn::Player(seat) if all_policy || seat % 2 == 0 => {
                let move_seed = rng.random();
                let action = policy(&g, &state, seat, move_seed);
                if moves % 7 == 0 {
                    if let Some(other) = twin(&g, &state, seat) {
                        assert_eq!(g.view(&state, seat), g.view(&other, seat));
                        twins += 1;
                        assert_eq!(
                            policy(&g, &other, seat, move_seed),
                            action,
                            "the move changed with a hidden card"
                        );
                    }
                }
                moves += 1;
                action
            }
            Turn::Player(_) => {
                g.legal_actions(&state, &mut legal);
                legal[rng.random_range(0..legal.len())]
            }
        };
        g.play(&mut state, action).expect("legal");
    }
    panic!("the session did not end");
}

#[test]
fn legal_in_every_rule_set_and_seat_count() {
    let sets = [
        json!({}),
        json!({"deal": "decouverte", "dice": "d12"}),
        json!({"deal": "holdem"}),
        json!({"deal": "stud", "limit": "no-limit", "dice": "3d6"}),
        json!({"deck": "54", "circuit_change": true, "escalating_mouche": true}),
        json!({"table": "open", "house": 20, "entry": 2, "buy_in": 20}),
        json!({"rules": "canonical"}),
        json!({"rules": "canonical", "deck": "theory", "limit": "no-limit"}),
        json!({"rules": "canonical", "scoring": "points", "exchange": 4}),
        json!({"rules": "canonical", "deck": "west-end"}),
        json!({"rules": "canonical", "scoring": "theory-money", "buy_in": 12, "limit": "no-limit"}),
        json!({"rules": "canonical", "scoring": "points", "contract": true}),
        json!({"contract": true, "buy_in": 10}),
        json!({"rules": "black-knight"}),
        json!({"rules": "black-knight", "deck": "54", "limit": "no-limit"}),
    ];
    let mut twins = 0;
    for (k, set) in sets.iter().enumerate() {
        let black_knight = set["rules"] == "black-knight";
        let seat_counts: &[u64] = if black_knight {
            &[2, 4, 7]
        } else if set["contract"] == true {
            &[4]
        } else {
            &[2, 5, 12]
        };
        for &players in seat_counts {
            let mut options = set.clone();
            options["players"] = json!(players);
            options["hands"] = json!(3);
            for all in [false, true] {
                let (moves, checked) = session(options.clone(), all, k as u64 * 100 + players);
                assert!(moves > 0, "{options}: the policy never moved");
                twins += checked;
            }
        }
    }
    let (moves, _) = session(json!({"players": 24, "decks": 2, "hands": 2}), true, 1);
    assert!(moves > 0);
    println!("{twins} moves checked against a changed hidden card");
    assert!(twins >= 100, "only {twins} moves were checked against a changed hidden card");
}

/// Tarot, two seats: seat 0 is dealt `mine`, seat 1 `theirs` (three cards each).
fn tarot_deal(mine: [&str; 3], theirs: [&str; 3]) -> (Sabacc, State) {
    let g = game(json!({"players": 2}));
    let mut s = g.initial_state();
    let cards: Vec<&str> = (0..3).flat_map(|i| [mine[i], theirs[i]]).collect();
    deal(&g, &mut s, &cards.join(" "));
    (g, s)
}

#[test]
fn tarot_folds_a_hand_over_23_and_plays_a_sabacc_to_the_end() {
    // Seat 0 holds a grand Sabacc (21 + 2 + 0); seat 1 three trumps worth 60.
    let (g, mut s) = tarot_deal(["T21", "T2", "idiot"], ["T20", "T19", "T18"]);
    assert_eq!((s.phase, actor(&g, &s)), (Phase::Bet, 1));
    assert_eq!(policy(&g, &s, 1, 0), Action::Fold);
    // Facing a raise, the Sabacc raises back.
    play(&g, &mut s, "raise 2");
    assert!(matches!(policy(&g, &s, 0, 0), Action::Raise(_)));
    play(&g, &mut s, "call");
    // It blocks its cards before the roll, then lays the Sabacc down at the announce.
    assert_eq!(s.phase, Phase::Window);
    assert!(matches!(policy(&g, &s, 0, 0), Action::Block(_)));
    play(&g, &mut s, "ready; ready; roll 7");
    assert_eq!((s.phase, actor(&g, &s)), (Phase::Announce, 0));
    assert_eq!(policy(&g, &s, 0, 0), Action::Announce(Announce::Sabacc));
}

#[test]
fn tarot_never_claims_a_false_sabacc_and_takes_the_card_that_makes_one() {
    // Seat 0: trump 21, trump 1 and the 9 of swords (worth 13 or 31: 13).
    let (g, mut s) = tarot_deal(["T21", "T1", "9s"], ["5c", "6c", "7d"]);
    play(&g, &mut s, "call; ready; ready; roll 5");
    assert_eq!(s.phase, Phase::Announce);
    for seed in 0..4 {
        assert_ne!(policy(&g, &s, 0, seed), Action::Announce(Announce::Sabacc));
    }
    play(&g, &mut s, "announce continue; announce continue");
    assert_eq!((s.phase, actor(&g, &s)), (Phase::Offer, 0));
    assert_eq!(policy(&g, &s, 0, 0), Action::Take);
    play(&g, &mut s, "take; card idiot");
    // Discarding the 9 leaves trump 21, trump 1 and the Idiot: the petit Sabacc.
    assert_eq!(s.phase, Phase::Discard);
    for seed in 0..4 {
        assert_eq!(policy(&g, &s, 0, seed), Action::Discard(2));
    }
}

/// Black Knight, two seats (seat 1 banks): seat 0 bets the minimum and is dealt `mine`.
fn black_knight_deal(mine: [&str; 2]) -> (Sabacc, State) {
    let g = game(json!({"rules": "black-knight", "players": 2}));
    let mut s = g.initial_state();
    assert_eq!((s.phase, actor(&g, &s)), (Phase::Wager, 0));
    assert_eq!(policy(&g, &s, 0, 0), Action::Bet(1));
    play(&g, &mut s, "bet 2");
    deal(&g, &mut s, &format!("{} 10c {} 9d", mine[0], mine[1]));
    assert_eq!((s.phase, actor(&g, &s)), (Phase::Hit, 0));
    (g, s)
}

#[test]
fn black_knight_hits_a_small_hand_and_stands_on_22() {
    let (g, s) = black_knight_deal(["T2", "3s"]);
    assert_eq!(policy(&g, &s, 0, 0), Action::Hit);
    let (g, s) = black_knight_deal(["T20", "2s"]);
    assert_eq!(policy(&g, &s, 0, 0), Action::Stand);
}

/// Canonical, two seats: seat 0 is dealt `mine`, seat 1 two cards; the first betting round
/// is called and the shift rolled without a double: seat 0 draws.
fn canonical_draw(mine: [&str; 2]) -> (Sabacc, State) {
    let g = game(json!({"rules": "canonical", "players": 2}));
    let mut s = g.initial_state();
    deal(&g, &mut s, &format!("{} 4-coins {} 5-coins", mine[0], mine[1]));
    play(&g, &mut s, "call; roll 1-2");
    assert_eq!((s.phase, actor(&g, &s)), (Phase::Draw, 0));
    (g, s)
}

#[test]
fn canonical_freezes_a_strong_hand_and_draws_to_a_weak_one() {
    // 10 + 11 = 21: into the interference field against the shift.
    let (g, s) = canonical_draw(["10-sabres", "11-staves"]);
    assert!(matches!(policy(&g, &s, 0, 0), Action::Field(_)));
    // 2 + 3 = 5: far from 23, a card is drawn (or one traded).
    let (g, s) = canonical_draw(["2-sabres", "3-staves"]);
    for seed in 0..4 {
        assert!(matches!(policy(&g, &s, 0, seed), Action::Draw | Action::Trade(_)));
    }
}

#[test]
fn the_same_view_and_seed_give_the_same_session() {
    let run = || {
        let g = game(json!({"players": 3, "hands": 2}));
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut state = g.initial_state();
        let mut outcomes = Vec::new();
        let mut history = Vec::new();
        while g.turn(&state) != Turn::Terminal {
            let action = match g.turn(&state) {
                Turn::Chance => sample_chance(&g, &state, &mut outcomes, &mut rng),
                _ => policy(&g, &state, actor(&g, &state), 3),
            };
            history.push(action);
            g.play(&mut state, action).unwrap();
        }
        history
    };
    assert_eq!(run(), run());
}
