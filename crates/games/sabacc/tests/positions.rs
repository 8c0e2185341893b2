//! Positions (rules §Positions): a position is accepted only if the rules can reach it, so
//! that the engine plays on from it: every player to act has a legal action, no amount can
//! overflow, the returns stay within what the game declares. Issue 11's cases, then a
//! mutation sweep over reachable states.

mod common;

use common::{game, play};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use tabula_core::{Game, Turn};
use tabula_sabacc::{Sabacc, State};

fn refused(g: &Sabacc, s: State) -> String {
    g.validate(s).expect_err("the position is refused").to_string()
}

#[test]
fn a_black_knight_bet_out_of_the_pot_or_beyond_the_limit_is_refused() {
    let g = game(json!({"rules": "black-knight", "players": 3}));
    let mut s = g.initial_state();
    play(&g, &mut s, "bet 2");
    let mut bad = s.clone();
    bad.seats[1].bet = 131072;
    let text = refused(&g, bad);
    assert!(text.contains("1 to 4 minimum bets"), "{text}");
    assert!(text.contains("staked"), "{text}");
    // A bet that is not in the hand pot, though the money adds up.
    let mut bad = s.clone();
    bad.seats[0].bet = 4;
    bad.seats[0].staked = 4;
    bad.seats[0].stack -= 2;
    bad.seats[1].stack += 2;
    let text = refused(&g, bad);
    assert!(text.contains("every bet lies in the hand pot"), "{text}");
    // More than the banker can cover at 3 to 2.
    let mut bad = s.clone();
    let banker = bad.dealer as usize;
    let moved = bad.seats[banker].stack - 2;
    bad.seats[banker].stack -= moved;
    bad.seats[1].stack += moved;
    let text = refused(&g, bad);
    assert!(text.contains("must cover 3 to 2"), "{text}");
}

#[test]
fn money_beyond_what_a_session_can_hold_is_refused_in_every_rule_set() {
    for options in [
        json!({"players": 3}),
        json!({"rules": "canonical", "players": 3}),
        json!({"rules": "black-knight", "players": 3}),
        json!({"rules": "canonical", "scoring": "theory-money", "players": 3, "table": "open"}),
    ] {
        let g = game(options.clone());
        let mut s = g.initial_state();
        // Raised by 2 147 483 500: within an i32, and money is conserved.
        s.seats[0].bought += 2_147_483_500;
        s.seats[0].stack += 2_147_483_500;
        let text = refused(&g, s);
        assert!(text.contains("buys whole caves"), "{options}: {text}");
        assert!(text.contains("the most money this session can hold"), "{options}: {text}");
    }
    // An open game buys a cave a hand at most.
    let g = game(json!({"players": 3, "table": "open"}));
    let mut s = g.initial_state();
    s.seats[0].bought += 100;
    s.seats[0].stack += 100;
    let text = refused(&g, s);
    assert!(
        text.contains("at most 1 caves by hand 1") || text.contains("one more at the end of each hand"),
        "{text}"
    );
}

#[test]
fn a_hand_cannot_be_given_more_cards_than_the_rules_deal() {
    // The canonical draw: a hand of ten cannot draw (the rules refuse, and a position
    // drawing an eleventh is refused).
    let g = game(json!({"rules": "canonical", "players": 2}));
    let mut s = g.initial_state();
    common::deal(&g, &mut s, "1-sabres 2-sabres 3-sabres 4-sabres");
    play(&g, &mut s, "call; roll 1-2");
    assert_eq!(s.phase, tabula_sabacc::Phase::Draw);
    let mut json: Value = serde_json::to_value(&s).unwrap();
    let ten: Vec<&str> = vec![
        "1-flasks",
        "2-flasks",
        "3-flasks",
        "4-flasks",
        "5-flasks",
        "6-flasks",
        "7-flasks",
        "8-flasks",
        "9-flasks",
        "10-flasks",
    ];
    json["seats"][0]["hand"]["cards"] = json!(ten);
    json["seats"][0]["hand"]["known"] = json!(vec![1; 10]);
    json["phase"] = json!("draw-card");
    let s10: State = serde_json::from_value(json.clone()).unwrap();
    let text = refused(&g, s10);
    assert!(text.contains("draws with 10 cards"), "{text}");
    // Eleven cards do not even read.
    let mut eleven = ten.clone();
    eleven.push("11-flasks");
    json["seats"][0]["hand"]["cards"] = json!(eleven);
    json["seats"][0]["hand"]["known"] = json!(vec![1; 11]);
    assert!(serde_json::from_value::<State>(json).is_err());
    // A deal whose count does not match the hands.
    let mut s = g.initial_state();
    common::deal(&g, &mut s, "1-sabres");
    let mut bad = s.clone();
    bad.step = 2;
    assert!(refused(&g, bad).contains("cards of the deal give it"));
}

#[test]
fn scores_beyond_what_the_hands_played_can_score_are_refused() {
    let g = game(json!({"rules": "canonical", "scoring": "points", "players": 2}));
    let mut s = g.initial_state();
    s.seats[0].points = 5;
    assert!(refused(&g, s.clone()).contains("0 hands score 0 to 0"));
    s.hand_no = 1;
    s.seats[0].points = 34;
    assert!(refused(&g, s).contains("a hand scores -18 to 33"));
}

/// Mutations tried at each state of the playouts (`TABULA_MUTATIONS` for a longer sweep).
const MUTATIONS: usize = 6;

/// Interesting values a mutation writes into a number of the state's JSON.
const VALUES: [i64; 12] = [0, 1, 2, -1, 3, 7, 23, 100, 131_072, 2_147_483_600, 2_147_483_647, -2_147_483_648];

/// Words a mutation writes into a string of the state's JSON (those that do not fit the
/// field are refused when the JSON is read).
const WORDS: [&str; 20] = [
    "out", "idle", "active", "deal", "bet", "window", "roll", "replace", "announce", "offer", "discard",
    "show", "sudden", "draw", "exchange", "wager", "hit", "over", "T21", "idiot",
];

/// Every number's, boolean's and string's path in a JSON value.
fn numbers(v: &Value, path: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    match v {
        Value::Number(_) | Value::Bool(_) | Value::String(_) => out.push(path.clone()),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                path.push(json!(i));
                numbers(item, path, out);
                path.pop();
            }
        }
        Value::Object(map) => {
            for (k, item) in map {
                path.push(json!(k));
                numbers(item, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(v: &'a mut Value, path: &[Value]) -> &'a mut Value {
    path.iter().fold(v, |v, k| match k {
        Value::String(k) => &mut v[k.as_str()],
        Value::Number(i) => &mut v[i.as_u64().unwrap() as usize],
        _ => unreachable!(),
    })
}

/// Plays randomly to the end from an accepted position: a player to act always has a legal
/// action, every state stays valid, the returns stay within the spec.
fn plays_on(g: &Sabacc, mut s: State, rng: &mut ChaCha8Rng, what: &str) {
    let spec = Sabacc::spec();
    let mut legal = Vec::new();
    let mut buffer = Vec::new();
    for _ in 0..4000 {
        match g.turn(&s) {
            Turn::Terminal => break,
            Turn::Chance => {
                let a = g.sample_chance(&s, &mut buffer, rng);
                g.play(&mut s, a).unwrap_or_else(|e| panic!("{what}: chance refused: {e}"));
            }
            Turn::Player(_) => {
                g.legal_actions(&s, &mut legal);
                assert!(
                    !legal.is_empty(),
                    "{what}: no legal action in {}",
                    serde_json::to_string(&s).unwrap()
                );
                let a = legal[rng.random_range(0..legal.len())];
                g.play(&mut s, a).unwrap();
            }
        }
        if let Err(e) = g.validate(s.clone()) {
            panic!(
                "{what}: the engine refuses its own next state: {e}\n{}",
                serde_json::to_string(&s).unwrap()
            );
        }
        for r in g.returns(&s) {
            assert!((spec.min_return..=spec.max_return).contains(&r), "{what}: return {r}");
        }
    }
}

#[test]
fn every_accepted_mutation_of_a_reachable_state_plays_on() {
    let seed = std::env::var("TABULA_MUTATION_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(11);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for options in [
        json!({"players": 3, "hands": 2}),
        json!({"players": 3, "hands": 2, "deal": "stud", "limit": "no-limit", "table": "open"}),
        json!({"rules": "canonical", "players": 3, "hands": 2}),
        json!({"rules": "canonical", "scoring": "points", "players": 3, "hands": 2}),
        json!({"rules": "canonical", "scoring": "theory-money", "players": 4, "hands": 2, "contract": true}),
        json!({"rules": "black-knight", "players": 3, "hands": 2}),
    ] {
        let g = game(options.clone());
        let mut s = g.initial_state();
        let mut legal = Vec::new();
        let mut buffer = Vec::new();
        let mut accepted = 0;
        while g.turn(&s) != Turn::Terminal {
            let json = serde_json::to_value(&s).unwrap();
            let mut paths = Vec::new();
            numbers(&json, &mut Vec::new(), &mut paths);
            let mutations =
                std::env::var("TABULA_MUTATIONS").ok().and_then(|v| v.parse().ok()).unwrap_or(MUTATIONS);
            for _ in 0..mutations {
                let path = &paths[rng.random_range(0..paths.len())];
                let mut m = json.clone();
                let slot = at(&mut m, path);
                *slot = match slot {
                    Value::Bool(b) => json!(!*b),
                    Value::String(_) => json!(WORDS[rng.random_range(0..WORDS.len())]),
                    _ => json!(VALUES[rng.random_range(0..VALUES.len())]),
                };
                let Ok(state) = serde_json::from_value::<State>(m) else { continue };
                if let Ok(state) = g.validate(state) {
                    accepted += 1;
                    plays_on(&g, state, &mut rng, &format!("{options} with {path:?} changed"));
                }
            }
            let a = match g.turn(&s) {
                Turn::Chance => g.sample_chance(&s, &mut buffer, &mut rng),
                _ => {
                    g.legal_actions(&s, &mut legal);
                    legal[rng.random_range(0..legal.len())]
                }
            };
            g.play(&mut s, a).unwrap();
        }
        assert!(accepted > 0, "{options}: some mutations are harmless and accepted");
    }
}
