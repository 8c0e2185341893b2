//! Helpers shared by the crate's tests: games, crafted positions and plays through the
//! engine, and the doc's table of every sale in figures.

#![allow(dead_code)]

use serde_json::{Value, json};
use tabula_abilene::cattle::Identity;
use tabula_abilene::state::{BoyAt, CowAt};
use tabula_abilene::{Abilene, Action, Field, Kind, Ranch, Stage, State};
use tabula_core::{Game, Turn};

pub fn game(options: Value) -> Abilene {
    Abilene::from_json(&options).unwrap_or_else(|e| panic!("{options}: {e}"))
}

/// Four players, seat 0 starts: seats 0–3 hold ranches A, B, D, E; C and F are free.
pub fn four() -> Abilene {
    game(json!({"first": 0}))
}

pub fn field(name: &str) -> Field {
    name.parse().unwrap_or_else(|e| panic!("{name}: {e}"))
}

pub fn play(g: &Abilene, st: &mut State, text: &str) {
    let a = g.parse_action(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    g.play(st, a).unwrap_or_else(|e| panic!("`{text}` refused: {}\nstate: {st:?}", e.reason));
}

pub fn legal(g: &Abilene, st: &State) -> Vec<String> {
    let mut out = Vec::new();
    g.legal_actions(st, &mut out);
    out.iter().map(|&a| g.action_text(a)).collect()
}

pub fn is_legal(g: &Abilene, st: &State, text: &str) -> bool {
    let a = g.parse_action(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let listed = legal(g, st).contains(&g.action_text(a));
    assert_eq!(listed, g.check(st, a).is_ok(), "`{text}`: legal_actions and check agree");
    listed
}

pub fn valid(g: &Abilene, st: State) -> State {
    g.validate(st).unwrap_or_else(|e| panic!("crafted position refused: {e}"))
}

/// The herds placed, each rancher naming the smallest value he has left every time, so
/// that cow n of every herd is worth 100, 300, 300, 500, 500, 600, 600, 600, 1000 for
/// n = 1 … 9. Then the first turn's roll waits.
pub fn placed(g: &Abilene) -> State {
    let mut st = g.initial_state();
    while st.stage == Stage::Setup {
        let mut acts = Vec::new();
        g.legal_actions(&st, &mut acts);
        g.play(&mut st, acts[0]).unwrap();
    }
    assert_eq!(st.stage, Stage::Roll);
    st
}

/// Four players with the board cleared: every cow gone but the ninth of each herd ($1,000,
/// on the last cow-head field, `a65` in ranch A, so that no ranch is empty), and every
/// cowboy parked on rings 6 and 7 of the free ranches C and F.
pub fn bare(g: &Abilene) -> State {
    let mut st = placed(g);
    for (i, c) in st.cows.iter_mut().enumerate() {
        if i % 9 != 8 {
            c.at = CowAt::Gone;
        }
    }
    let parking: Vec<Field> = [Ranch::C, Ranch::F]
        .into_iter()
        .flat_map(|r| (r.fields_of_kind(Kind::OuterEdge) | ring(r, 6)).iter())
        .filter_map(|s| s.field())
        .collect();
    for s in 0..4 {
        for k in 0..5 {
            st.ranchers[s].cowboys[k].at = BoyAt::Field(parking[5 * s + k]);
        }
    }
    st
}

pub fn ring(r: Ranch, k: u8) -> tabula_abilene::Spaces {
    (0..k).map(|j| Field::new(r, k, j).space()).collect()
}

pub fn put_boy(st: &mut State, seat: usize, k: usize, at: &str) {
    st.ranchers[seat].cowboys[k].at = BoyAt::Field(field(at));
}

pub fn put_cow(st: &mut State, cow: usize, at: &str) {
    st.cows[cow].at = CowAt::Field(field(at));
}

pub fn identity(st: &State, cow: usize) -> Identity {
    st.cows[cow].id.0.expect("a cow on the board has a sticker")
}

/// The cow of seat `herd`'s herd with this value.
pub fn cow_worth(st: &State, herd: usize, value: u16) -> usize {
    (9 * herd..9 * herd + 9).find(|&i| identity(st, i).value == value).expect("a cow of that value")
}

pub fn cowboys_on(st: &State, seat: usize, at: BoyAt) -> usize {
    st.ranchers[seat].cowboys.iter().filter(|b| b.at == at).count()
}

pub fn cash(st: &State) -> Vec<u32> {
    st.ranchers.iter().map(|r| r.cash).collect()
}

/// Plays the player's cowboy moves until the phase ends, each to an empty field or into
/// Abilene (no theft, no duel).
pub fn finish_cowboys(g: &Abilene, st: &mut State) {
    while st.stage == Stage::Cowboys && st.duel.is_none() && st.tasks.is_empty() {
        let mut acts = Vec::new();
        g.legal_actions(st, &mut acts);
        let quiet = acts
            .iter()
            .copied()
            .find(|a| match *a {
                Action::Boy { to, .. } => to.field().is_none_or(|f| st.piece_at(f).is_none()),
                _ => false,
            })
            .unwrap_or_else(|| panic!("no quiet cowboy move among {acts:?}"));
        g.play(st, quiet).unwrap();
    }
}

/// Seat 0's cow `cow` (made seat 0's if it is not, as if stolen) stands on a21 and enters
/// Abilene with a light 1; seat 0's cowboys then make quiet moves with 1 1 1, and the sale
/// waits for the corral cards of seats 1, 2, 3, which play `cards`.
pub fn sell(g: &Abilene, mut st: State, cow: usize, cards: [&str; 3]) -> State {
    st.cows[cow].owner = 0;
    st.cows[cow].known |= 1;
    put_cow(&mut st, cow, "a21");
    let mut st = valid(g, st);
    play(g, &mut st, "roll 0 1 1 1 1");
    play(g, &mut st, "cow a21 abilene 1");
    assert_eq!(st.stage, Stage::Cowboys, "the 0 moves nothing: the cattle phase is over");
    finish_cowboys(g, &mut st);
    assert_eq!(st.stage, Stage::Sales);
    assert_eq!(st.sale.map(|s| s.cow as usize), Some(cow), "one cow: sold without a decision");
    for (k, card) in cards.into_iter().enumerate() {
        assert_eq!(g.turn(&st), Turn::Player(k + 1), "cards from the seller's left");
        play(g, &mut st, &format!("corral {card}"));
    }
    st
}

/// The cows of the table "Every case in figures", seat 0 selling: `'s'` its own brand,
/// `'u'` unbranded (seat 1's, stolen), `'o'` another brand (seat 1's B), with the bank's
/// payment uncontested and contested and the settlement of `own`, `none`, `other` from
/// the card player's side.
pub const FIGURES: [(char, u16, u32, u32, [i32; 3]); 9] = [
    ('s', 100, 1_100, 1_100, [0, -100, -200]),
    ('s', 300, 1_300, 1_300, [0, -300, -600]),
    ('s', 600, 1_600, 1_600, [0, -600, -1_200]),
    ('s', 1_000, 2_000, 2_000, [0, -1_000, -2_000]),
    ('u', 500, 1_500, 1_500, [-500, 500, -500]),
    ('o', 100, 2_100, 0, [-200, -100, 200]),
    ('o', 300, 2_300, 0, [-600, -300, 600]),
    ('o', 600, 2_600, 0, [-1_200, -600, 1_200]),
    ('o', 1_000, 3_000, 0, [-2_000, -1_000, 2_000]),
];
