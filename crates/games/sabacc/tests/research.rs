//! The research variant (rules §A research variant in `docs/rules/sabacc.md`): `dice=none`
//! (no change roll, so no blocking window) and the five-card `tiny` deck, small enough for
//! exact solvers. Not the rulebook's game; each rule of it tested here.

mod common;

use common::{cards, deal, game, legal, play, stacks};
use serde_json::json;
use tabula_core::{Game, Turn};
use tabula_sabacc::{Phase, Sabacc, State};

/// The research game: two players, one hand, hold'em on the five-card deck.
fn tiny() -> Sabacc {
    game(json!({"players": 2, "deck": "tiny", "deal": "holdem", "tours": 1, "dice": "none", "hands": 1}))
}

/// Every state of the game below `s` (chance and decisions alike), counted, with the
/// decision nodes and the information states of each seat.
fn walk(
    g: &Sabacc,
    s: &State,
    count: &mut [usize; 2],
    infosets: &mut [std::collections::HashSet<String>; 2],
) {
    assert_ne!(s.phase, Phase::Sudden, "three cards each cannot be dealt from five: no tie can arise");
    count[0] += 1;
    match g.turn(s) {
        Turn::Terminal => {}
        Turn::Chance => {
            let mut outcomes = Vec::new();
            g.chance_outcomes(s, &mut outcomes);
            for (a, p) in outcomes {
                assert!(p > 0.0);
                let mut t = s.clone();
                g.play_unchecked(&mut t, a);
                walk(g, &t, count, infosets);
            }
        }
        Turn::Player(p) => {
            count[1] += 1;
            infosets[p].insert(serde_json::to_string(&g.view(s, p)).expect("a view"));
            let mut actions = Vec::new();
            g.legal_actions(s, &mut actions);
            for a in actions {
                let mut t = s.clone();
                g.play_unchecked(&mut t, a);
                walk(g, &t, count, infosets);
            }
        }
    }
}

#[test]
fn the_tiny_game_tree_is_small_enough_for_exact_solvers() {
    // The deal (5 × 4 × 3 × 2 orders), then the betting and the announce; docs/python.md
    // solves the smallest betting (one raise of one minimum bet) with OpenSpiel's CFR.
    for (extra, most) in [(json!({}), 200_000), (json!({"max_raise": 1, "raises": 1}), 20_000)] {
        let mut options =
            json!({"players": 2, "deck": "tiny", "deal": "holdem", "tours": 1, "dice": "none", "hands": 1});
        options.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        let g = game(options.clone());
        let mut count = [0; 2];
        let mut infosets: [std::collections::HashSet<String>; 2] = Default::default();
        walk(&g, &g.initial_state(), &mut count, &mut infosets);
        let [nodes, decisions] = count;
        println!(
            "{}: {nodes} states, {decisions} decisions, {} + {} distinct views",
            g.options().canonical(),
            infosets[0].len(),
            infosets[1].len()
        );
        assert!(nodes < most, "{nodes} states");
        assert!(decisions > 500, "the players have real choices: {decisions}");
        assert!(infosets.iter().all(|s| s.len() > 20), "{:?}", infosets.each_ref().map(|s| s.len()));
    }
}

#[test]
fn the_tiny_deck_holds_five_cards_dealt_two_each_and_one_communal() {
    let g = tiny();
    let mut s = g.initial_state();
    let mut outcomes = Vec::new();
    g.chance_outcomes(&s, &mut outcomes);
    let first: Vec<String> = outcomes.iter().map(|(a, _)| g.action_text(*a)).collect();
    assert_eq!(first, ["card T1", "card T2", "card T3", "card T21", "card idiot"]);
    assert!(outcomes.iter().all(|(_, p)| (p - 0.2).abs() < 1e-12));
    deal(&g, &mut s, "T21 T3 T2 T1 idiot");
    assert_eq!(cards(&s, 0), ["T21", "T2"]);
    assert_eq!(cards(&s, 1), ["T3", "T1"]);
    assert_eq!(s.phase, Phase::Bet, "the deck is empty: betting follows");
}

#[test]
fn without_a_change_roll_the_announce_follows_the_betting() {
    for options in [
        json!({"players": 2, "dice": "none"}),
        json!({"players": 3, "dice": "none", "deal": "stud", "tours": 3}),
        json!({"players": 2, "deck": "tiny", "deal": "holdem", "tours": 1, "dice": "none"}),
    ] {
        let g = game(options.clone());
        let mut s = g.initial_state();
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
        let mut announces = 0;
        for _ in 0..3000 {
            match g.turn(&s) {
                Turn::Terminal => break,
                Turn::Chance => {
                    let mut outcomes = Vec::new();
                    let a = tabula_core::sample_chance(&g, &s, &mut outcomes, &mut rng);
                    g.play_unchecked(&mut s, a);
                }
                Turn::Player(_) => {
                    let moves = legal(&g, &s);
                    assert!(
                        !moves.iter().any(|m| m.starts_with("block") || m == "ready"),
                        "{options}: {moves:?}"
                    );
                    announces += usize::from(s.phase == Phase::Announce);
                    let k = rand::Rng::random_range(&mut rng, 0..moves.len());
                    play(&g, &mut s, &moves[k]);
                }
            }
            assert!(
                !matches!(s.phase, Phase::Window | Phase::Roll | Phase::Replace),
                "{options}: {:?}",
                s.phase
            );
        }
        assert!(announces > 0, "{options}: the announce came");
    }
    // Seat 1 calls the opening bet: the announce is next, no `ready`, no roll.
    let g = game(json!({"players": 2, "dice": "none", "hands": 1}));
    let mut s = g.initial_state();
    deal(&g, &mut s, "T21 5s T2 6s idiot 7s");
    play(&g, &mut s, "call");
    assert_eq!(s.phase, Phase::Announce);
    assert_eq!(legal(&g, &s), ["announce continue", "announce see", "announce fold", "announce sabacc"]);
}

#[test]
fn a_shown_down_tiny_deal_reads_each_hand_with_the_communal_card() {
    let g = tiny();
    // Seat 0 holds T1 and T2, seat 1 T3 and the Idiot; the communal card is T21: both hands
    // are worth 24, over 23, and nobody wins: the bets go to the Sabacc pot, shared at the
    // end of this one-hand friendly session.
    let mut s = g.initial_state();
    deal(&g, &mut s, "T1 T3 T2 idiot T21");
    play(&g, &mut s, "call; announce see; announce see");
    assert_eq!(g.turn(&s), Turn::Terminal);
    assert_eq!(stacks(&s), [100, 100], "the mouches and bets came back through the Sabacc pot");
    // The communal card T2 gives seat 0 (T1, T21) 24, over; seat 1 (T3, Idiot) the Idiot's
    // Sabacc: it wins the hand pot (the opening bets) and the Sabacc pot (the mouches).
    let mut s = g.initial_state();
    deal(&g, &mut s, "T1 T3 T21 idiot T2");
    play(&g, &mut s, "call; announce see; announce see");
    assert_eq!(stacks(&s), [97, 103]);
}

#[test]
fn options_that_do_not_fit_the_tiny_deck_are_refused_naming_them() {
    let refused = |options: serde_json::Value| Sabacc::from_json(&options).expect_err("refused").to_string();
    let e = refused(json!({"deck": "tiny"}));
    for need in ["2 players (not 4)", "deal=holdem", "tours=1 (not 6)", "dice=none"] {
        assert!(e.contains(need), "{e}");
    }
    let e = refused(json!({"deck": "tiny", "rules": "black-knight", "players": 2}));
    assert!(e.contains("tarot rules"), "{e}");
    let e = refused(json!({"dice": "none", "circuit_change": true, "players": 2}));
    assert!(e.contains("circuit_change"), "{e}");
    let e = refused(json!({"dice": "none", "rules": "canonical", "players": 2}));
    assert!(e.contains("`dice`"), "{e}");
    assert_eq!(
        tiny().options().canonical(),
        "sabacc(players=2,rules=tarot,deal=holdem,deck=tiny,decks=1,dice=none,circuit_change=false,escalating_mouche=false,limit=limit,buy_in=100,min_bet=2,mouche=1,max_raise=4,raises=3,tours=1,hands=1,table=friendly-single,house=0,entry=0,scoring=money,exchange=3,contract=false)"
    );
}

#[test]
fn positions_with_a_roll_the_variant_never_makes_are_refused() {
    let rolling = game(json!({"players": 2, "hands": 1}));
    let mut s = rolling.initial_state();
    deal(&rolling, &mut s, "T21 5s T2 6s idiot 7s");
    play(&rolling, &mut s, "call");
    assert_eq!(s.phase, Phase::Window);
    let position = serde_json::to_value(&s).unwrap();
    let none = game(json!({"players": 2, "hands": 1, "dice": "none"}));
    let raw: State = serde_json::from_value(position).unwrap();
    let e = none.validate(raw).expect_err("no window without a roll");
    assert!(e.to_string().contains("dice=none"), "{e}");
}

#[test]
fn a_sudden_death_the_tiny_pack_cannot_deal_is_refused() {
    let g = tiny();
    let mut s = g.initial_state();
    deal(&g, &mut s, "T1 T3 T2 idiot T21");
    play(&g, &mut s, "call");
    let mut position = serde_json::to_value(&s).unwrap();
    position["phase"] = json!("sudden");
    position["tied"] = json!(3);
    let raw: State = serde_json::from_value(position).unwrap();
    let e = g.validate(raw).expect_err("six cards cannot come from five");
    assert!(e.to_string().contains("more than the pack holds"), "{e}");
}
