//! Positions (docs/rules/abilene.md §The state and positions): `validate` never panics on a
//! position read from JSON, and a position it accepts is one the rules play on from: every
//! state reached from it by legal play is accepted too.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use tabula_abilene::{Abilene, State};
use tabula_core::{Game, Turn};

mod common;

use common::*;
use tabula_abilene::Stage;
use tabula_abilene::state::{BoyAt, CowAt, Sale, Slot};

/// `validate` refuses the position, without a panic, with a problem containing `why`; the
/// problem it names is the only one.
fn refused(g: &Abilene, st: State, why: &str) {
    let e = match std::panic::catch_unwind(|| g.validate(st)) {
        Ok(result) => result.expect_err(why),
        Err(_) => panic!("validate panicked ({why})"),
    };
    assert!(e.problems.iter().any(|p| p.contains(why)), "{why}: {e}");
}

/// The herds half placed: seats 0 and 1 have placed theirs, seat 2 three cows, seat 3 none.
fn mid_setup(g: &Abilene) -> State {
    let mut st = g.initial_state();
    for _ in 0..9 + 9 + 3 {
        let mut acts = Vec::new();
        g.legal_actions(&st, &mut acts);
        g.play(&mut st, acts[0]).unwrap();
    }
    assert_eq!((st.stage, st.turn), (Stage::Setup, 2));
    valid(g, st)
}

/// Fuzzing found a cowboy put during setup on a cow-head field that a cow of the herd being
/// placed takes a move later ("holds 2 pieces"). During setup the cowboys stand on their
/// boots and the cow heads still to be filled hold nothing (rules §Setup), and the herds are
/// placed whole, from the first player clockwise.
#[test]
fn setup_positions_keep_the_cow_heads_to_fill_empty() {
    let g = four();
    let good = mid_setup(&g);
    // Seat 2 (ranch D) places its fourth cow on d60 next, seat 3 (ranch E) all of e51 … e65.
    for (seat, at) in [(0, "d60"), (1, "d65"), (3, "e51"), (2, "e62")] {
        let mut st = good.clone();
        put_boy(&mut st, seat, 0, at);
        refused(&g, st.clone(), &format!("{at} is the cow-head field where a cow of herd"));
        refused(&g, st, &format!("during setup seat {seat}'s five cowboys stand on the boot fields"));
    }
    // A cowboy off his boots, even on a field no cow will take, or in town.
    let mut st = good.clone();
    put_boy(&mut st, 1, 2, "b30");
    refused(&g, st, "during setup seat 1's five cowboys stand on the boot fields of ranch B");
    let mut st = good.clone();
    st.ranchers[0].cowboys[4].at = BoyAt::Abilene;
    refused(&g, st, "during setup seat 0's five cowboys stand on the boot fields of ranch A");
    // A cow head already filled may not be left to a cowboy either: it holds the cow.
    let mut st = good.clone();
    put_boy(&mut st, 1, 0, "d51");
    refused(&g, st, "d51 holds 2 pieces");
    // The herds are placed whole, one seat after the other from the first player.
    let mut st = good.clone();
    st.turn = 3;
    refused(&g, st, "seat 2 has 3 cows placed, but the herds are placed whole");
    let mut st = good.clone();
    st.first = Some(1);
    refused(&g, st, "seat 0 has 9 cows placed");
    // Played on from the good position, every state is accepted, up to the first roll.
    let mut st = good;
    while st.stage == Stage::Setup {
        let first = legal(&g, &st)[0].clone();
        play(&g, &mut st, &first);
        valid(&g, st.clone());
    }
}

/// Positions the rules could not play on from, or only by breaking a rule, are refused too:
/// a third cow moved with two light dice (it would enter a town that holds two), the dice
/// used out of step with the phase, a cow both waiting in town and being sold, a bankrupt
/// rancher's turn or placement, and a turn beginning in a game that is over.
#[test]
fn positions_the_rules_cannot_reach_are_refused() {
    let g = four();
    // Two cows of seat 0 in town, the light dice unused, a third cow on a21.
    let mut st = bare(&g);
    put_cow(&mut st, 0, "a21");
    let mut in_town = st.clone();
    for c in [1, 2] {
        in_town.cows[c].at = CowAt::Abilene;
        in_town.cows[c].moved = true;
    }
    in_town.stage = Stage::Cattle;
    in_town.dice.light = [1, 1];
    in_town.dice.dark = [1, 1, 1];
    in_town.released = true;
    let mut three = in_town.clone();
    three.town = serde_json::from_value(json!([1, 2])).unwrap();
    refused(&g, three, "2 cows moved with 0 light dice used: each light die moves one cow");
    // The dice used follow the phases.
    let mut st2 = in_town.clone();
    st2.cows[1].at = CowAt::Field(field("a20"));
    st2.cows[2].at = CowAt::Field(field("a30"));
    st2.cows[1].moved = false;
    st2.cows[2].moved = false;
    let st2 = valid(&g, st2);
    let mut st = st2.clone();
    st.dice.dark_used = [true, false, false];
    refused(&g, st, "in stage Cattle the dice used are wrong");
    let mut st = st2.clone();
    st.stage = Stage::Cowboys;
    refused(&g, st, "in stage Cowboys the dice used are wrong");
    // A cow both in town and being sold.
    let mut sold = st2.clone();
    sold.stage = Stage::Sales;
    sold.dice.light_used = [true, true];
    sold.dice.dark_used = [true, true, true];
    sold.cows[0].at = CowAt::Abilene;
    sold.cows[0].moved = true;
    sold.sale = Some(Sale { cow: 0, cards: [Slot::Empty; 6] });
    let ok = valid(&g, sold.clone());
    assert_eq!(g.turn(&ok), Turn::Player(1));
    sold.town = serde_json::from_value(json!([0])).unwrap();
    refused(&g, sold, "`town` lists cow 0, which is not waiting in Abilene");
    // A bankrupt rancher has no turn, and places nobody.
    let mut st = placed(&g);
    st.turn = 2;
    st.ranchers[2].bankrupt = Some(0);
    st.ranchers[2].cash = 0;
    st.bankruptcies = 1;
    for b in &mut st.ranchers[2].cowboys {
        b.at = BoyAt::Box;
    }
    refused(&g, st.clone(), "seat 2 is bankrupt and out of the game: he has no more turns");
    st.turn = 3;
    let st = valid(&g, st);
    let mut st = st.clone();
    st.stage = Stage::Cowboys;
    st.dice = tabula_abilene::state::Dice {
        light: [0, 0],
        light_used: [true, true],
        dark: [1, 1, 1],
        dark_used: [true, false, false],
    };
    st.released = true;
    st.ranchers[3].cowboys[0].at = BoyAt::Held;
    st.ranchers[3].cowboys[0].moved = true;
    st.tasks =
        serde_json::from_value(json!([{"task": "place-boy", "owner": 3, "by": 2, "place": "boot"}])).unwrap();
    refused(&g, st, "a cowboy placement waits for a held cowboy, placed by a rancher in the game");
    // A turn does not begin in a game that is over.
    let mut st = placed(&g);
    for c in 9..18 {
        st.cows[c].at = CowAt::Gone;
    }
    refused(&g, st, "seat 1 has no cow left in his ranch, so the game is over");
    let g4 = common::game(json!({"first": 0, "short_game": 2}));
    let mut st = placed(&g4);
    for c in [0, 1] {
        st.cows[c].at = CowAt::Sold;
        st.cows[c].known = 0b1111;
    }
    st.sold = 2;
    refused(&g4, st, "2 cows are sold, and the short game ends after 2");
}

// ---------------------------------------------------------------------------------------
// Mutations: random positions with their JSON changed in one to three places.
// ---------------------------------------------------------------------------------------

/// A state of a seeded random game, stopped at a random step.
fn random_state(g: &Abilene, rng: &mut ChaCha8Rng) -> State {
    let mut st = g.initial_state();
    let mut legal = Vec::new();
    let mut buffer = Vec::new();
    let stop = rng.random_range(0..400);
    for _ in 0..stop {
        let a = match g.turn(&st) {
            Turn::Terminal => break,
            Turn::Chance => g.sample_chance(&st, &mut buffer, rng),
            Turn::Player(_) => {
                g.legal_actions(&st, &mut legal);
                legal[rng.random_range(0..legal.len())]
            }
        };
        g.play(&mut st, a).unwrap();
    }
    st
}

/// The path (keys and indices) of every value in a JSON tree.
fn leaves(v: &Value, path: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    out.push(path.clone());
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                path.push(json!(k));
                leaves(x, path, out);
                path.pop();
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                path.push(json!(i));
                leaves(x, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

/// The value at a path.
fn at<'a>(v: &'a mut Value, path: &[Value]) -> &'a mut Value {
    path.iter().fold(v, |v, k| match k {
        Value::String(k) => &mut v[k.as_str()],
        Value::Number(i) => &mut v[i.as_u64().unwrap() as usize],
        _ => unreachable!(),
    })
}

/// Every string in a JSON tree: the field names, stages, stickers and cards of the state.
fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Object(m) => m.values().for_each(|x| strings(x, out)),
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        _ => {}
    }
}

/// Numbers a mutation tries: small counts, seats and dice, and the edges of a byte.
const EDGES: [i64; 12] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 255, 100_000];

/// One random change to the JSON of a state: a number moved by one or set to an edge, a
/// flag flipped, a string replaced by another of the state's or a field's name, an entry
/// of a list dropped or repeated. Returns what it did.
fn mutate(v: &mut Value, rng: &mut ChaCha8Rng) -> String {
    let mut all = Vec::new();
    leaves(v, &mut Vec::new(), &mut all);
    let mut words = Vec::new();
    strings(v, &mut words);
    for w in
        ["setup", "roll", "prison", "cattle", "cowboys", "sales", "over", "abilene", "prison", "held", "box"]
    {
        words.push(w.to_owned());
    }
    for r in "abcdef".chars() {
        for k in 2..=7 {
            words.push(format!("{r}{k}{}", rng.random_range(0..k)));
        }
    }
    // A third of the time a piece moves: the place of a cowboy or a cow, where the
    // occupancy of the fields is at stake.
    let places: Vec<&Vec<Value>> = all.iter().filter(|p| p.last() == Some(&json!("at"))).collect();
    let path = if rng.random_range(0..3) == 0 && !places.is_empty() {
        let path = places[rng.random_range(0..places.len())].clone();
        let f =
            format!("{}{}", ["a", "b", "c", "d", "e", "f"][rng.random_range(0..6)], rng.random_range(2..8));
        let name = format!("{f}{}", rng.random_range(0..f[1..].parse::<u8>().unwrap()));
        let target = at(v, &path);
        let before = target.clone();
        *target = json!(name);
        return format!("{path:?}: {before} -> {name}");
    } else {
        all[rng.random_range(0..all.len())].clone()
    };
    let target = at(v, &path);
    let before = target.clone();
    match (&before, rng.random_range(0..4)) {
        (Value::Bool(b), _) => *target = json!(!b),
        (Value::Number(n), 0) => *target = json!(n.as_i64().unwrap_or(0) + 1),
        (Value::Number(n), 1) => *target = json!(n.as_i64().unwrap_or(0) - 1),
        (Value::Number(_), _) => *target = json!(EDGES[rng.random_range(0..EDGES.len())]),
        (Value::String(_), _) => *target = json!(words[rng.random_range(0..words.len())]),
        (Value::Null, _) => *target = json!(EDGES[rng.random_range(0..EDGES.len())]),
        (Value::Array(a), 0) if !a.is_empty() => {
            let i = rng.random_range(0..a.len());
            target.as_array_mut().unwrap().remove(i);
        }
        (Value::Array(a), 1) if !a.is_empty() => {
            let i = rng.random_range(0..a.len());
            target.as_array_mut().unwrap().push(a[i].clone());
        }
        _ => return "nothing".into(),
    }
    format!("{path:?}: {before} -> {}", at(v, &path))
}

/// The message of a caught panic.
fn panic_text(p: Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

/// Plays on from an accepted position; every state reached is accepted too.
fn play_on(g: &Abilene, mut st: State, rng: &mut ChaCha8Rng, steps: usize) -> Result<(), String> {
    let mut legal = Vec::new();
    let mut buffer = Vec::new();
    for step in 0..steps {
        let a = match g.turn(&st) {
            Turn::Terminal => return Ok(()),
            Turn::Chance => g.sample_chance(&st, &mut buffer, rng),
            Turn::Player(_) => {
                g.legal_actions(&st, &mut legal);
                if legal.is_empty() {
                    return Err(format!("no legal action at step {step}"));
                }
                legal[rng.random_range(0..legal.len())]
            }
        };
        let text = g.action_text(a);
        g.play(&mut st, a).map_err(|e| format!("step {step}: `{text}` refused: {}", e.reason))?;
        if let Err(e) = g.validate(st.clone()) {
            return Err(format!("step {step}: after `{text}` the position is refused: {e}"));
        }
    }
    Ok(())
}

/// `validate` never panics on a mutated position; a position it accepts plays on by legal
/// actions without a panic or a refusal, through positions it accepts.
#[test]
fn mutated_positions_never_panic_and_accepted_ones_play_on() {
    let cases: usize = std::env::var("ABILENE_FUZZ_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(600);
    let seed: u64 = std::env::var("ABILENE_FUZZ_SEED").ok().and_then(|c| c.parse().ok()).unwrap_or(29);
    let games = [
        common::game(json!({"turn_limit": 60})),
        common::game(json!({"players": 3, "placement": "random", "short_game": 4, "turn_limit": 60})),
        common::game(json!({"players": 6, "first": 1, "turn_limit": 60})),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut accepted, mut refused, mut unread) = (0, 0, 0);
    let mut failures = Vec::new();
    for case in 0..cases {
        let g = &games[case % games.len()];
        let base = random_state(g, &mut rng);
        let mut v = serde_json::to_value(&base).unwrap();
        let did: Vec<String> = (0..rng.random_range(1..=3)).map(|_| mutate(&mut v, &mut rng)).collect();
        let did = did.join("; ");
        let Ok(st) = serde_json::from_value::<State>(v.clone()) else {
            unread += 1;
            continue;
        };
        let label = format!("case {case}, {}: {did}", g.options());
        let checked = std::panic::catch_unwind(|| g.validate(st));
        match checked {
            Err(p) => failures.push(format!("{label}: validate panicked: {}\n{v}", panic_text(p))),
            Ok(Err(e)) => {
                refused += 1;
                assert!(e.problems.iter().all(|p| !p.is_empty()), "{label}");
            }
            Ok(Ok(st)) => {
                accepted += 1;
                let mut play_rng = ChaCha8Rng::seed_from_u64(case as u64);
                match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    play_on(g, st, &mut play_rng, 200)
                })) {
                    Err(p) => {
                        failures.push(format!("{label}: accepted, then panicked: {}\n{v}", panic_text(p)))
                    }
                    Ok(Err(e)) => failures.push(format!("{label}: accepted, then {e}\n{v}")),
                    Ok(Ok(())) => {}
                }
            }
        }
    }
    eprintln!("accepted {accepted}, refused {refused}, unread {unread}, failures {}", failures.len());
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n\n"));
    assert!(accepted > 0 && refused > 0);
}
