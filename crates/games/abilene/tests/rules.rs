//! The rules of docs/rules/abilene.md, section by section, played through the engine on
//! crafted positions, with every worked example of the rulebook (the doc's "## Tests").
//!
//! Positions are built from the initial state with `first` fixed: the herds are placed, then
//! pieces are moved and money set by hand, and every crafted position goes through
//! `validate` before it is played on.

use serde_json::json;
use tabula_abilene::board::ranches_in_play;
use tabula_abilene::cattle::{self, Brand, Identity};
use tabula_abilene::money;
use tabula_abilene::state::{BoyAt, CowAt, Sticker};
use tabula_abilene::{Abilene, Action, Field, Kind, Ranch, Space, Stage, State};
use tabula_core::{Game, Turn};

// ---------------------------------------------------------------------------------------
// Helpers: tests/common
// ---------------------------------------------------------------------------------------

mod common;

use common::*;

// ---------------------------------------------------------------------------------------
// Components and setup
// ---------------------------------------------------------------------------------------

#[test]
fn the_ranches_in_play_for_three_to_six_players() {
    use Ranch::*;
    let expected: [(usize, &[Ranch]); 4] =
        [(3, &[A, C, E]), (4, &[A, B, D, E]), (5, &[A, B, C, D, E]), (6, &[A, B, C, D, E, F])];
    for (n, ranches) in expected {
        assert_eq!(ranches_in_play(n), Some(ranches));
        let g = game(json!({"players": n, "first": 0}));
        assert_eq!(g.config().ranches(), ranches);
        // Each seat's cowboys start on its ranch's boots, its cows on its cow heads.
        let st = placed(&g);
        for (s, &r) in ranches.iter().enumerate() {
            let boots: tabula_abilene::Spaces =
                st.ranchers[s].cowboys.iter().filter_map(|b| b.at.space()).collect();
            assert_eq!(boots, r.fields_of_kind(Kind::Boot), "{n} players, seat {s}");
            let heads: tabula_abilene::Spaces =
                st.cows[9 * s..9 * s + 9].iter().filter_map(|c| c.at.field()).map(Field::space).collect();
            assert_eq!(heads, r.fields_of_kind(Kind::CowHead), "{n} players, seat {s}");
        }
    }
    // Four players: the two free ranches face each other.
    assert_eq!((Ranch::C.index() + 3) % 6, Ranch::F.index());
    assert_eq!(ranches_in_play(2), None);
    assert_eq!(ranches_in_play(7), None);
}

#[test]
fn the_setup() {
    // 54 cows, 27 fields a ranch: 5 boots, 9 cow heads, 7 of the outer edge, 6 plain.
    assert_eq!(cattle::all_cows().len(), 54);
    assert_eq!(cattle::all_cows().iter().filter(|c| c.brand == Brand::Unbranded).count(), 12);
    for r in Ranch::ALL {
        assert_eq!(r.fields().len(), 27);
        let counts: Vec<usize> = Kind::ALL.iter().map(|&k| r.fields_of_kind(k).len()).collect();
        assert_eq!(counts, [5, 9, 7, 6], "ranch {r}");
    }
    let g = four();
    let st0 = g.initial_state();
    assert_eq!(st0.stage, Stage::Setup);
    assert_eq!(g.turn(&st0), Turn::Player(0), "first=0: seat 0 places its herd first");
    let st = placed(&g);
    assert_eq!(st.cows.len(), 36, "four herds of nine");
    for s in 0..4 {
        let r = g.config().ranches()[s];
        let rancher = &st.ranchers[s];
        assert_eq!(rancher.cash, 10_000);
        assert_eq!((rancher.bank_debt, rancher.owes, rancher.bankrupt), (0, [0; 6], None));
        assert_eq!(rancher.in_prison(), 0, "the prison is empty");
        for b in &rancher.cowboys {
            assert_eq!(b.at.space().and_then(Space::field).map(Field::kind), Some(Kind::Boot));
        }
        // Nine cows worth $4,500: seven of the ranch's brand, two unbranded.
        let herd = &st.cows[9 * s..9 * s + 9];
        assert!(herd.iter().all(|c| c.owner as usize == s && c.known == 1 << s));
        assert_eq!(herd.iter().map(|c| u32::from(c.id.0.unwrap().value)).sum::<u32>(), 4_500);
        assert_eq!(herd.iter().filter(|c| c.id.0.unwrap().brand == Brand::Of(r)).count(), 7);
        // The n-th cow on the n-th cow-head field, in field order.
        let order: Vec<Field> = r.fields_of_kind(Kind::CowHead).iter().filter_map(|x| x.field()).collect();
        for (n, c) in herd.iter().enumerate() {
            assert_eq!(c.at, CowAt::Field(order[n]));
        }
    }
    assert_eq!(
        st.cows[0..9].iter().map(|c| c.at.to_string()).collect::<Vec<_>>(),
        ["a51", "a52", "a53", "a60", "a61", "a62", "a63", "a64", "a65"]
    );
    assert_eq!(g.turn(&st), Turn::Chance, "the first player's turn begins with the roll");
    assert_eq!(st.turn, 0);
}

#[test]
fn who_starts_is_a_chance_draw_or_the_seat_named() {
    for n in 3..=6u8 {
        let g = game(json!({"players": n}));
        let st = g.initial_state();
        assert_eq!(g.turn(&st), Turn::Chance);
        let mut out = Vec::new();
        g.chance_outcomes(&st, &mut out);
        assert_eq!(out.len(), n as usize);
        for (s, (a, p)) in out.iter().enumerate() {
            assert_eq!(g.action_text(*a), format!("first {s}"));
            assert!((p - 1.0 / f64::from(n)).abs() < 1e-12);
        }
    }
    let g = game(json!({"first": 2}));
    let mut st = g.initial_state();
    assert_eq!(g.turn(&st), Turn::Player(2), "seat 2 starts and places its herd first");
    for _ in 0..9 {
        if st.turn != 2 {
            break;
        }
        let mut acts = Vec::new();
        g.legal_actions(&st, &mut acts);
        g.play(&mut st, acts[0]).unwrap();
    }
    assert_eq!(st.turn, 3, "then the herds clockwise");
}

/// §Setup step 4: a rancher names the value of each cow; when the cows left all have one
/// value they are placed without a decision.
#[test]
fn the_herds_are_placed_value_by_value() {
    let g = four();
    let mut st = g.initial_state();
    assert_eq!(legal(&g, &st), ["herd 100", "herd 300", "herd 500", "herd 600", "herd 1000"]);
    play(&g, &mut st, "herd 1000");
    assert_eq!(st.cows[0].at, CowAt::Field(field("a51")));
    assert_eq!(st.cows[0].id, Sticker(Some(Identity { brand: Brand::Of(Ranch::A), value: 1000 })));
    assert!(!is_legal(&g, &st, "herd 1000"), "no second $1,000 cow");
    play(&g, &mut st, "herd 500");
    assert_eq!(st.cows[1].id.0.unwrap().brand, Brand::Unbranded, "500 is an unbranded cow");
    for v in ["600", "600", "600", "300", "100", "300"] {
        play(&g, &mut st, &format!("herd {v}"));
    }
    // One unbranded cow left: it goes onto a65, and seat 1 places next.
    assert_eq!(st.herd_left(0).only_value(), Some(500));
    while st.turn == 0 {
        let mut acts = Vec::new();
        g.legal_actions(&st, &mut acts);
        assert_eq!(acts, [Action::Herd(500)], "nothing else to place");
        g.play(&mut st, acts[0]).unwrap();
    }
    assert_eq!(st.cows[8].at, CowAt::Field(field("a65")));
    assert_eq!(st.cows[8].id.0.unwrap(), Identity { brand: Brand::Unbranded, value: 500 });
    assert_eq!(g.turn(&st), Turn::Player(1));
    // Other seats see only `herd ?`.
    let a = g.parse_action("herd 600").unwrap();
    assert_eq!(g.observe_action(&st, a, 2), "herd ?");
    assert_eq!(g.observe_action(&st, a, 1), "herd 600");
}

// ---------------------------------------------------------------------------------------
// The roll and the chance nodes
// ---------------------------------------------------------------------------------------

#[test]
fn the_roll_has_420_outcomes() {
    let g = four();
    let st = placed(&g);
    let mut out = Vec::new();
    g.chance_outcomes(&st, &mut out);
    assert_eq!(out.len(), 420, "21 light pairs times 20 dark triples");
    let total: f64 = out.iter().map(|(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-12, "{total}");
    let p = |text: &str| {
        let a = g.parse_action(text).unwrap();
        out.iter().find(|(b, _)| *b == a).map(|(_, p)| *p).unwrap()
    };
    let close = |x: f64, y: f64| (x - y).abs() < 1e-15;
    assert!(close(p("roll 0 0 4 4 4"), 1.0 / 36.0 / 216.0));
    assert!(close(p("roll 2 5 1 1 1"), 2.0 / 36.0 / 27.0));
    assert!(close(p("roll 5 2 3 2 1"), 2.0 / 36.0 / 9.0), "each group in any order");
    assert!(close(p("roll 3 3 1 1 2"), 1.0 / 36.0 * 3.0 / 27.0));
    // Every roll is a chance node of the turn's player; he sees it before deciding.
    assert_eq!(g.turn(&st), Turn::Chance);
}

#[test]
fn a_duel_has_12_outcomes_in_26ths() {
    let g = four();
    let mut st = bare(&g);
    put_boy(&mut st, 0, 0, "a32");
    put_boy(&mut st, 1, 0, "a42");
    let mut st = valid(&g, st);
    play(&g, &mut st, "roll 0 0 1 1 1");
    play(&g, &mut st, "boy a32 a42 1");
    assert_eq!(g.turn(&st), Turn::Chance, "a duel is resolved at once");
    let mut out = Vec::new();
    g.chance_outcomes(&st, &mut out);
    assert_eq!(out.len(), 12);
    let weights: Vec<(String, f64)> = out.iter().map(|(a, p)| (g.action_text(*a), p * 26.0)).collect();
    let expected = [
        ("duel 1 2", 4.0),
        ("duel 1 3", 2.0),
        ("duel 1 4", 2.0),
        ("duel 2 1", 4.0),
        ("duel 2 3", 2.0),
        ("duel 2 4", 2.0),
        ("duel 3 1", 2.0),
        ("duel 3 2", 2.0),
        ("duel 3 4", 1.0),
        ("duel 4 1", 2.0),
        ("duel 4 2", 2.0),
        ("duel 4 3", 1.0),
    ];
    for ((text, w), (t, x)) in weights.iter().zip(expected) {
        assert_eq!(text, t);
        assert!((w - x).abs() < 1e-9, "{text}: {w} 26ths");
    }
    let attacker: f64 = out
        .iter()
        .filter(|(a, _)| matches!(a, Action::Duel { attacker, defender } if attacker > defender))
        .map(|(_, p)| p)
        .sum();
    assert!((attacker - 0.5).abs() < 1e-12, "the attacker wins half the time: {attacker}");
    assert!((out.iter().map(|(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-12);
}

#[test]
fn random_placement_deals_each_value_by_the_cows_left() {
    let g = game(json!({"first": 0, "placement": "random"}));
    let mut st = g.initial_state();
    assert_eq!(g.turn(&st), Turn::Chance);
    let outcomes = |st: &State| {
        let mut out = Vec::new();
        g.chance_outcomes(st, &mut out);
        out.iter().map(|(a, p)| (g.action_text(*a), *p)).collect::<Vec<_>>()
    };
    let check = |got: Vec<(String, f64)>, want: &[(&str, f64)]| {
        assert_eq!(got.len(), want.len(), "{got:?}");
        for ((a, p), (b, q)) in got.iter().zip(want) {
            assert_eq!(a, b);
            assert!((p - q).abs() < 1e-12, "{a}: {p} vs {q}");
        }
    };
    let n = 9.0;
    check(
        outcomes(&st),
        &[
            ("herd 100", 1.0 / n),
            ("herd 300", 2.0 / n),
            ("herd 500", 2.0 / n),
            ("herd 600", 3.0 / n),
            ("herd 1000", 1.0 / n),
        ],
    );
    play(&g, &mut st, "herd 600");
    play(&g, &mut st, "herd 100");
    let n = 7.0;
    check(
        outcomes(&st),
        &[("herd 300", 2.0 / n), ("herd 500", 2.0 / n), ("herd 600", 2.0 / n), ("herd 1000", 1.0 / n)],
    );
    // Seen only by the owner.
    let a = g.parse_action("herd 300").unwrap();
    assert_eq!(g.observe_action(&st, a, 1), "herd ?");
    assert_eq!(g.observe_action(&st, a, 0), "herd 300");
}

// ---------------------------------------------------------------------------------------
// §1 Prison
// ---------------------------------------------------------------------------------------

/// Seat 0 with `n` cowboys in prison (the others on the boots) and `cash`, after the roll.
fn prisoners(g: &Abilene, n: usize, cash: u32) -> State {
    let mut st = placed(g);
    for k in 0..n {
        st.ranchers[0].cowboys[k].at = BoyAt::Prison;
    }
    st.ranchers[0].cash = cash;
    let mut st = valid(g, st);
    play(g, &mut st, "roll 1 2 1 2 3");
    st
}

/// §Prison's example: $10,000 and four in prison; `release 2` pays $3,000, places the two,
/// pays $500 of fees: $6,500 left and two in prison.
#[test]
fn the_prisons_example() {
    let g = four();
    let mut st = prisoners(&g, 4, 10_000);
    assert_eq!(g.turn(&st), Turn::Player(0));
    assert_eq!(legal(&g, &st), ["release 0", "release 1", "release 2", "release 3", "release 4"]);
    play(&g, &mut st, "release 2");
    assert_eq!(st.ranchers[0].cash, 7_000, "two payments of $1,500 first");
    assert_eq!(cowboys_on(&st, 0, BoyAt::Held), 2);
    // Each on a free boot or outer-edge field of his ranch, his owner's choice.
    let places = legal(&g, &st);
    let mut want: Vec<String> = ["a31", "a40", "a41", "a42", "a70", "a71", "a72", "a73", "a74", "a75", "a76"]
        .iter()
        .map(|f| format!("place {f}"))
        .collect();
    want.retain(|p| places.contains(p));
    assert_eq!(places.len(), 4 + 7, "four free boots and the outer edge: {places:?}");
    assert_eq!(want.len(), places.len());
    assert!(!is_legal(&g, &st, "place a52"), "not a cow head");
    assert!(!is_legal(&g, &st, "place a30"), "not a plain field");
    assert!(!is_legal(&g, &st, "place b74"), "not another ranch");
    play(&g, &mut st, "place a74");
    play(&g, &mut st, "place a40");
    assert_eq!(st.ranchers[0].cash, 6_500, "then $500 of fees for the two left");
    assert_eq!(st.ranchers[0].in_prison(), 2);
    assert_eq!(cowboys_on(&st, 0, BoyAt::Field(field("a74"))), 1);
    assert_eq!(st.stage, Stage::Cattle);
    // Released cowboys may move this turn, once the cows have moved.
    while st.stage == Stage::Cattle {
        let a = g.parse_action(&legal(&g, &st)[0]).unwrap();
        g.play(&mut st, a).unwrap();
    }
    assert_eq!(st.stage, Stage::Cowboys);
    assert!(legal(&g, &st).iter().any(|a| a.starts_with("boy a74 ")), "{:?}", legal(&g, &st));
}

#[test]
fn prison_fees_and_releases() {
    let g = four();
    // One or two in prison: fees, no release offered.
    for (n, fees) in [(1, 300), (2, 500)] {
        let st = prisoners(&g, n, 10_000);
        assert_eq!(st.stage, Stage::Cattle, "{n} in prison: no decision");
        assert!(!legal(&g, &st).iter().any(|a| a.starts_with("release")));
        assert_eq!(st.ranchers[0].cash, 10_000 - fees);
        assert_eq!(st.ranchers[0].in_prison(), n as u8);
    }
    // Three with `release 0`: $600; five with `release 0`: $800.
    for (n, fees) in [(3, 600), (5, 800)] {
        let mut st = prisoners(&g, n, 10_000);
        assert!(is_legal(&g, &st, &format!("release {n}")));
        play(&g, &mut st, "release 0");
        assert_eq!(st.ranchers[0].cash, 10_000 - fees);
        assert_eq!(st.ranchers[0].in_prison(), n as u8);
        assert_eq!(st.stage, Stage::Cattle);
    }
    // Three with `release 3`: $4,500 and no fees.
    let mut st = prisoners(&g, 3, 10_000);
    play(&g, &mut st, "release 3");
    for f in ["a70", "a71", "a72"] {
        play(&g, &mut st, &format!("place {f}"));
    }
    assert_eq!(st.ranchers[0].cash, 5_500);
    assert_eq!(st.ranchers[0].in_prison(), 0);
    assert_eq!(st.stage, Stage::Cattle);
}

/// A rancher cannot release more cowboys than his ranch has free boot and outer-edge fields.
#[test]
fn releases_need_free_fields() {
    let g = four();
    let mut st = placed(&g);
    for k in 0..4 {
        st.ranchers[0].cowboys[k].at = BoyAt::Prison;
    }
    // Fill the four free boots and five of the outer edge: two fields left.
    let fill = ["a31", "a40", "a41", "a42", "a70", "a71", "a72", "a73", "a74"];
    for (i, f) in fill.iter().enumerate() {
        let (s, k) = (1 + i / 5, i % 5);
        put_boy(&mut st, s, k, f);
    }
    let mut st = valid(&g, st);
    play(&g, &mut st, "roll 1 2 1 2 3");
    assert_eq!(legal(&g, &st), ["release 0", "release 1", "release 2"]);
    let before = st.clone();
    let err = g.play(&mut st, g.parse_action("release 3").unwrap()).unwrap_err();
    assert!(err.reason.contains("rules §1 Prison"), "{}", err.reason);
    assert_eq!(st, before);
}

// ---------------------------------------------------------------------------------------
// §Money: loans and bankruptcy
// ---------------------------------------------------------------------------------------

/// §Faillite's example: short by $1,000, `borrow 1000` leaves a debt of $1,300, taken off
/// the final money.
#[test]
fn the_loans_example() {
    let g = four();
    // $500 in hand, three in prison, `release 1`: the $1,500 payment is $1,000 short.
    let mut st = prisoners(&g, 3, 500);
    play(&g, &mut st, "release 1");
    assert_eq!(g.turn(&st), Turn::Player(0));
    let acts = legal(&g, &st);
    assert_eq!(acts.first().map(String::as_str), Some("borrow 1000"), "from the shortfall");
    assert!(acts.contains(&"borrow 10000".to_owned()));
    assert!(acts.contains(&"bankrupt".to_owned()));
    assert!(acts.contains(&"ask 1 1000 2000".to_owned()) && !acts.contains(&"ask 1 900 900".to_owned()));
    assert!(!acts.iter().any(|a| a.starts_with("ask 0 ")), "not of himself");
    let before = st.clone();
    let err = g.play(&mut st, g.parse_action("borrow 900").unwrap()).unwrap_err();
    assert!(err.reason.contains("at least $1000") && err.reason.contains("rules §Money"), "{}", err.reason);
    assert_eq!(st, before);
    play(&g, &mut st, "borrow 1000");
    assert_eq!(st.ranchers[0].bank_debt, 1_300);
    assert_eq!(st.ranchers[0].cash, 0, "the release is paid");
    play(&g, &mut st, "place a74");
    // The fees for the two left, $500: this time a loan from seat 1, repaid $600.
    assert_eq!(g.turn(&st), Turn::Player(0));
    play(&g, &mut st, "ask 1 500 600");
    assert_eq!(g.turn(&st), Turn::Player(1), "the lender answers");
    assert_eq!(legal(&g, &st), ["accept", "refuse"]);
    play(&g, &mut st, "accept");
    assert_eq!(st.ranchers[1].cash, 9_500);
    assert_eq!(st.ranchers[0].owes[1], 600);
    assert_eq!(st.ranchers[0].cash, 0);
    assert_eq!(st.stage, Stage::Cattle);
    // The final money: cash less what he owes, plus what he is owed.
    assert_eq!(st.final_money(0), -1_300 - 600);
    assert_eq!(st.final_money(1), 9_500 + 600);
}

#[test]
fn bank_interest_is_a_quarter_rounded_up_per_loan() {
    for (loan, repay) in [(1000, 1300), (400, 500), (100, 200), (1100, 1400), (1600, 2000), (1500, 1900)] {
        assert_eq!(money::bank_repayment(loan), repay, "${loan}");
    }
    // The same through the engine: short by the loan on a $1,500 release.
    let g = four();
    for (loan, repay) in [(400, 500), (100, 200), (1100, 1400), (1600, 2000)] {
        let short = loan.min(1500);
        let mut st = prisoners(&g, 3, 1500 - short);
        play(&g, &mut st, "release 1");
        play(&g, &mut st, &format!("borrow {loan}"));
        assert_eq!(st.ranchers[0].bank_debt, repay, "${loan}");
        assert_eq!(st.ranchers[0].cash, 1500 - short + loan - 1500);
    }
}

#[test]
fn a_refused_loan_lets_the_borrower_choose_again() {
    let g = four();
    let mut st = prisoners(&g, 2, 200);
    assert_eq!(g.turn(&st), Turn::Player(0), "$300 short of the $500 fees");
    play(&g, &mut st, "ask 2 300 300");
    play(&g, &mut st, "refuse");
    assert_eq!(g.turn(&st), Turn::Player(0));
    assert!(!legal(&g, &st).iter().any(|a| a.starts_with("ask 2 ")), "seat 2 was asked already");
    assert!(is_legal(&g, &st, "ask 3 300 400"));
    play(&g, &mut st, "borrow 300");
    assert_eq!((st.ranchers[0].cash, st.ranchers[0].bank_debt), (0, 400));
}

#[test]
fn bankruptcy() {
    let g = four();
    // Seat 0 has nothing and owes $300 of fees.
    let mut st = prisoners(&g, 1, 0);
    assert_eq!(g.turn(&st), Turn::Player(0));
    play(&g, &mut st, "bankrupt");
    let r = &st.ranchers[0];
    assert_eq!(r.bankrupt, Some(0));
    assert!(r.cowboys.iter().all(|b| b.at == BoyAt::Box), "his cowboys go back to the box");
    assert_eq!(st.cows_in_ranch(0), 9, "his cows stay on the board");
    assert_eq!((st.stage, st.turn), (Stage::Roll, 1), "his turn ends at once");
    // He ranks below everyone who stayed in.
    assert_eq!(g.returns(&st), [-1.0, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0]);

    // His cows may be stolen: seat 1's cowboy next to a51 takes it.
    put_boy(&mut st, 1, 0, "a41");
    let mut st = valid(&g, st);
    play(&g, &mut st, "roll 0 0 1 1 1");
    assert!(is_legal(&g, &st, "boy a41 a51 1"), "{:?}", legal(&g, &st));
    play(&g, &mut st, "boy a41 a51 1");
    assert_eq!(st.cows[0].owner, 1);
}

/// A payer who cannot pay and goes bankrupt gives his cash to his creditor; his debts lapse
/// and he plays no more corral cards.
#[test]
fn a_bankrupts_cash_goes_to_his_creditor() {
    let g = four();
    let mut st = placed(&g);
    st.ranchers[3].cash = 300;
    let cow = cow_worth(&st, 0, 1000);
    // `none` on the seller's own $1,000 cow: seat 3 owes $1,000.
    let mut st = sell(&g, st, cow, ["own", "own", "none"]);
    assert_eq!(g.turn(&st), Turn::Player(3), "seat 3 is $700 short");
    play(&g, &mut st, "bankrupt");
    assert_eq!(st.ranchers[3].bankrupt, Some(0));
    assert_eq!(st.ranchers[3].cash, 0);
    assert_eq!(st.ranchers[0].cash, 10_000 + 2_000 + 300, "the bank's $2,000 and seat 3's $300");
    assert_eq!((st.stage, st.turn), (Stage::Roll, 1), "seat 0's turn ends normally");
    // Seat 1's sale: only seats 2 and 0 play cards.
    let mut st2 = st.clone();
    let c = cow_worth(&st2, 1, 1000);
    put_cow(&mut st2, c, "b21");
    let mut st2 = valid(&g, st2);
    play(&g, &mut st2, "roll 0 1 1 1 1");
    play(&g, &mut st2, "cow b21 abilene 1");
    finish_cowboys(&g, &mut st2);
    assert_eq!(g.turn(&st2), Turn::Player(2));
    play(&g, &mut st2, "corral own");
    assert_eq!(g.turn(&st2), Turn::Player(0), "seat 3 is skipped");
    play(&g, &mut st2, "corral own");
    assert_eq!(st2.last_sale.map(|r| r.bank), Some(2_000));
    assert_eq!((st2.stage, st2.turn), (Stage::Roll, 2));
    // Bankrupt seat 3 has no turn either: after seat 2 comes seat 0.
    let mut st3 = st2;
    play(&g, &mut st3, "roll 0 0 1 1 1");
    finish_cowboys(&g, &mut st3);
    assert_eq!((st3.stage, st3.turn), (Stage::Roll, 0));
}

// ---------------------------------------------------------------------------------------
// §2 Cattle
// ---------------------------------------------------------------------------------------

/// Ranch A empty but for a cow on a52.
fn lone_cow(g: &Abilene) -> State {
    let mut st = bare(g);
    st.cows[8].at = CowAt::Gone;
    put_cow(&mut st, 0, "a52");
    valid(g, st)
}

/// §Déplacement des vaches' illustration: a light 3 takes the cow on a52 to a21 (a52 a42
/// a32 a21, turning at a32); a 4 takes it into Abilene.
#[test]
fn the_cattle_illustration() {
    let g = four();
    let mut st = lone_cow(&g);
    play(&g, &mut st, "roll 0 3 1 1 1");
    assert!(is_legal(&g, &st, "cow a52 a21 3"));
    assert!(!is_legal(&g, &st, "cow a52 abilene 3"), "Abilene is four steps away");
    for near in ["a42", "a32", "a41", "a53"] {
        assert!(is_legal(&g, &st, &format!("cow a52 {near} 3")), "fewer steps than the die: {near}");
    }
    play(&g, &mut st, "cow a52 a21 3");
    assert_eq!(st.cows[0].at, CowAt::Field(field("a21")));

    let mut st = lone_cow(&g);
    play(&g, &mut st, "roll 0 4 1 1 1");
    assert!(is_legal(&g, &st, "cow a52 abilene 4"));
    play(&g, &mut st, "cow a52 abilene 4");
    assert_eq!(st.cows[0].at, CowAt::Abilene);
    assert_eq!(st.town.as_slice(), [0]);
}

/// A rancher with one cow moves it with the die of his choice and loses the other.
#[test]
fn one_cow_left_uses_either_light_die() {
    let g = four();
    for (mv, end) in [("cow a52 a32 2", "a32"), ("cow a52 a21 3", "a21")] {
        let mut st = lone_cow(&g);
        play(&g, &mut st, "roll 2 3 1 1 1");
        assert!(is_legal(&g, &st, "cow a52 a32 2") && is_legal(&g, &st, "cow a52 a21 3"));
        play(&g, &mut st, mv);
        assert_eq!(st.cows[0].at, CowAt::Field(field(end)));
        assert_eq!(st.stage, Stage::Cowboys, "the other die is lost");
        assert_eq!(st.dice.light_used, [true, true]);
    }
    // Two cows, two dice: a different cow for each.
    let mut st = lone_cow(&g);
    put_cow(&mut st, 1, "a60");
    let mut st = valid(&g, st);
    play(&g, &mut st, "roll 2 3 1 1 1");
    play(&g, &mut st, "cow a52 a32 2");
    assert_eq!(st.stage, Stage::Cattle);
    assert!(!legal(&g, &st).iter().any(|a| a.starts_with("cow a32 ")), "the moved cow does not move again");
    assert!(legal(&g, &st).iter().all(|a| a.starts_with("cow a60 ") && a.ends_with(" 3")));
    // The other cow must use the die left (Interpretation 16); `0 0` moves nothing.
    play(&g, &mut st, "cow a60 a50 3");
    assert_eq!(st.stage, Stage::Cowboys);
    let mut st = lone_cow(&g);
    play(&g, &mut st, "roll 0 0 1 1 1");
    assert_eq!(st.stage, Stage::Cowboys, "with 0 0 nothing moves");
}

/// "Les actions 2 et 3 sont systématiques": the cows must move while one can (Interpretation
/// 16). No `pass` is offered, and one typed is refused, naming the rule; a cow may stop
/// short of its die, and a die is lost only when no cow left can use it.
#[test]
fn the_cows_must_move_while_one_can() {
    let g = four();
    let mut st = lone_cow(&g);
    put_cow(&mut st, 1, "a60");
    let mut st = valid(&g, st);
    play(&g, &mut st, "roll 2 3 1 1 1");
    assert!(!legal(&g, &st).contains(&"pass".to_owned()), "{:?}", legal(&g, &st));
    assert!(is_legal(&g, &st, "cow a52 a42 2"), "a cow may go fewer fields than its die");
    let before = st.clone();
    let err = g.play(&mut st, Action::Pass).unwrap_err();
    for words in [
        "seat 0 must move a cow",
        "Les actions 2 et 3 sont systématiques",
        "not stay put",
        "rules §2 Cattle",
        "Interpretation 16",
    ] {
        assert!(err.reason.contains(words), "{words}: {}", err.reason);
    }
    assert_eq!(st, before, "a refused `pass` changes nothing");
    play(&g, &mut st, "cow a52 a42 2");
    assert_eq!(st.stage, Stage::Cattle, "the second die must be used too");
    assert!(g.check(&st, Action::Pass).is_err());
    play(&g, &mut st, "cow a60 a61 3");
    assert_eq!(st.stage, Stage::Cowboys);

    // A cow hemmed in by seat 1's cowboys cannot use the die the other cow left: it is
    // lost, and the phase ends by itself.
    let mut st = lone_cow(&g);
    put_cow(&mut st, 1, "a65");
    let hem = field("a65").space().neighbours() & Ranch::A.fields();
    for (k, s) in hem.iter().enumerate() {
        put_boy(&mut st, 1, k, &s.to_string());
    }
    let mut st = valid(&g, st);
    play(&g, &mut st, "roll 2 3 1 1 1");
    assert!(legal(&g, &st).iter().all(|a| a.starts_with("cow a52 ")), "{:?}", legal(&g, &st));
    play(&g, &mut st, "cow a52 a32 2");
    assert_eq!((st.stage, st.dice.light_used), (Stage::Cowboys, [true, true]), "the 3 is lost");
}

/// Cows pass empty fields and their owner's cowboys, nothing else; they end on empty
/// fields of their ranch or in Abilene.
#[test]
fn cows_pass_their_own_cowboys_and_nothing_else() {
    let g = four();
    let with = |blocker: &dyn Fn(&mut State)| {
        let mut st = lone_cow(&g);
        blocker(&mut st);
        let mut st = valid(&g, st);
        play(&g, &mut st, "roll 0 2 1 1 1");
        st
    };
    let st = with(&|st| put_boy(st, 0, 0, "a42"));
    assert!(is_legal(&g, &st, "cow a52 a32 2"), "through its owner's cowboy");
    assert!(!is_legal(&g, &st, "cow a52 a42 2"), "but not onto him");
    let st = with(&|st| put_boy(st, 1, 0, "a42"));
    assert!(!is_legal(&g, &st, "cow a52 a32 2"), "not through another rancher's cowboy");
    assert!(!is_legal(&g, &st, "cow a52 a42 2"));
    let st = with(&|st| put_cow(st, 1, "a42"));
    assert!(!is_legal(&g, &st, "cow a52 a32 2"), "not through a cow, its owner's included");
    assert!(!is_legal(&g, &st, "cow a52 a42 2"));
    // Never into another ranch, used or free: the text is refused.
    let err = g.parse_action("cow a50 f50 1").unwrap_err();
    assert!(err.reason.contains("a cow never leaves its ranch"), "{}", err.reason);
    // Nor into Abilene from further than the die allows, nor through it.
    let mut st = lone_cow(&g);
    put_cow(&mut st, 0, "a20");
    let mut st = valid(&g, st);
    play(&g, &mut st, "roll 0 4 1 1 1");
    assert!(is_legal(&g, &st, "cow a20 abilene 4"), "one step of the 4");
    let mut acts = Vec::new();
    g.legal_actions(&st, &mut acts);
    for a in acts {
        if let Action::Cow { to, .. } = a {
            assert!(to.is_abilene() || to.field().is_some_and(|f| f.ranch() == Ranch::A), "{a}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// §3 Cowboys
// ---------------------------------------------------------------------------------------

/// §Cowboys' illustration: on an empty board a cowboy on a30 with a dark 4 that goes a20,
/// Abilene, d20 ends on d30, d31 or c32, never d21; with a 2 he may stop in Abilene.
#[test]
fn through_abilene() {
    let g = four();
    let mut st = bare(&g);
    put_boy(&mut st, 0, 0, "a30");
    let mut st = valid(&g, st);
    play(&g, &mut st, "roll 0 0 2 4 4");
    for end in ["d30", "d31", "c32"] {
        assert!(is_legal(&g, &st, &format!("boy a30 {end} 4")), "{end}");
    }
    assert!(!is_legal(&g, &st, "boy a30 d21 4"), "d21 is not away from Abilene");
    assert!(!is_legal(&g, &st, "boy a30 d20 4"), "a cowboy moves exactly his die: d20 is on the way");
    assert!(is_legal(&g, &st, "boy a30 abilene 2"));
    play(&g, &mut st, "boy a30 abilene 2");
    assert_eq!(st.ranchers[0].cowboys[0].at, BoyAt::Abilene);
    assert_eq!(st.duel, None);
}

/// The first legal cowboy move that `pick` accepts and that ends on an empty field or in
/// Abilene.
fn quiet_move(g: &Abilene, st: &State, pick: impl Fn(Space, u8) -> bool) -> Action {
    let mut acts = Vec::new();
    g.legal_actions(st, &mut acts);
    acts.into_iter()
        .find(|a| match *a {
            Action::Boy { from, to, die } => {
                pick(from, die) && to.field().is_none_or(|f| st.piece_at(f).is_none())
            }
            _ => false,
        })
        .unwrap_or_else(|| panic!("no such move among {:?}", legal(g, st)))
}

/// Cowboys move exactly the die's number, and must use every die some cowboy can use.
#[test]
fn cowboys_move_exactly_and_use_every_die_they_can() {
    let g = four();
    let mut st = bare(&g);
    put_boy(&mut st, 0, 0, "a30");
    // a30's two neighbours shared with a40 (a41, f43) are blocked: a40 lies one step away
    // and cannot be reached in exactly two.
    put_boy(&mut st, 1, 0, "a41");
    put_boy(&mut st, 1, 1, "f43");
    let mut st = valid(&g, st);
    play(&g, &mut st, "roll 0 0 1 2 2");
    assert_eq!(st.stage, Stage::Cowboys);
    assert!(is_legal(&g, &st, "boy a30 a40 1"));
    assert!(!is_legal(&g, &st, "boy a30 a40 2"), "a cowboy may not stop short of his die");
    assert!(is_legal(&g, &st, "boy a30 a50 2"));
    assert!(!legal(&g, &st).contains(&"pass".to_owned()));
    let before = st.clone();
    let err = g.play(&mut st, Action::Pass).unwrap_err();
    assert!(err.reason.contains("must be used") && err.reason.contains("rules §3 Cowboys"), "{}", err.reason);
    assert_eq!(st, before);
    play(&g, &mut st, "boy a30 a50 2");
    assert_eq!(st.stage, Stage::Cowboys, "two dice left, and cowboys to use them");
    assert!(!legal(&g, &st).iter().any(|a| a.starts_with("boy a50 ")), "a cowboy moves once a turn");
    let a = quiet_move(&g, &st, |_, _| true);
    g.play(&mut st, a).unwrap();
    assert_eq!(st.stage, Stage::Cowboys);
    let a = quiet_move(&g, &st, |_, _| true);
    g.play(&mut st, a).unwrap();
    assert_eq!((st.stage, st.turn, st.turns), (Stage::Roll, 1, 1), "all three used: the turn is over");
}

/// With three cowboys in prison the rancher moves two, with the two dice of his choice;
/// the third die is lost.
#[test]
fn three_in_prison_use_two_dark_dice_of_his_choice() {
    let g = four();
    for (first, second) in [(4, 1), (2, 4), (1, 2)] {
        let mut st = bare(&g);
        for k in 0..3 {
            st.ranchers[0].cowboys[k].at = BoyAt::Prison;
        }
        let mut st = valid(&g, st);
        play(&g, &mut st, "roll 0 0 1 2 4");
        play(&g, &mut st, "release 0");
        assert_eq!(st.ranchers[0].cash, 9_400);
        assert_eq!(st.stage, Stage::Cowboys);
        for die in [1, 2, 4] {
            assert!(legal(&g, &st).iter().any(|a| a.ends_with(&format!(" {die}"))), "die {die}");
        }
        let a = quiet_move(&g, &st, |_, d| d == first);
        g.play(&mut st, a).unwrap();
        assert_eq!(st.stage, Stage::Cowboys);
        let a = quiet_move(&g, &st, |_, d| d == second);
        g.play(&mut st, a).unwrap();
        assert_eq!((st.stage, st.turn), (Stage::Roll, 1), "dice {first} and {second} used, the third lost");
    }
}

// ---------------------------------------------------------------------------------------
// §4 Duels
// ---------------------------------------------------------------------------------------

/// Seat 0's cowboy on `from` moves one step onto seat 1's cowboy on `to`: the duel waits
/// for its dice.
fn duel_at(g: &Abilene, from: &str, to: &str, more: &dyn Fn(&mut State)) -> State {
    let mut st = bare(g);
    put_boy(&mut st, 0, 0, from);
    put_boy(&mut st, 1, 0, to);
    more(&mut st);
    let mut st = valid(g, st);
    play(g, &mut st, "roll 0 0 1 1 1");
    play(g, &mut st, &format!("boy {from} {to} 1"));
    assert_eq!(g.turn(&st), Turn::Chance, "the duel is resolved at once");
    assert!(st.duel.is_some());
    st
}

fn places(g: &Abilene, st: &State) -> Vec<String> {
    legal(g, st).into_iter().map(|a| a.strip_prefix("place ").expect("a placement").to_owned()).collect()
}

fn names(r: Ranch, kind: Kind) -> Vec<String> {
    r.fields_of_kind(kind).iter().map(|s| s.to_string()).collect()
}

/// a) In the winner's ranch, the loser goes to prison.
#[test]
fn a_duel_in_the_winners_ranch_sends_the_loser_to_prison() {
    let g = four();
    // The attacker wins at home.
    let mut st = duel_at(&g, "a32", "a42", &|_| {});
    play(&g, &mut st, "duel 3 1");
    assert_eq!(st.ranchers[1].in_prison(), 1);
    assert_eq!(cowboys_on(&st, 0, BoyAt::Field(field("a42"))), 1, "the winner keeps the field");
    assert!(st.tasks.is_empty());
    assert_eq!((st.stage, g.turn(&st)), (Stage::Cowboys, Turn::Player(0)));
    // The defender wins at home.
    let mut st = duel_at(&g, "b32", "b42", &|_| {});
    play(&g, &mut st, "duel 1 3");
    assert_eq!(st.ranchers[0].in_prison(), 1);
    assert_eq!(cowboys_on(&st, 1, BoyAt::Field(field("b42"))), 1);
    assert_eq!(cowboys_on(&st, 0, BoyAt::Field(field("b42"))), 0);
}

/// b) In the loser's ranch, the winner puts him on a free outer-edge field of it.
#[test]
fn a_duel_in_the_losers_ranch_sends_him_to_its_outer_edge() {
    let g = four();
    let mut st = duel_at(&g, "b32", "b42", &|_| {});
    play(&g, &mut st, "duel 3 1");
    assert_eq!(g.turn(&st), Turn::Player(0), "the winner places the loser");
    assert_eq!(places(&g, &st), names(Ranch::B, Kind::OuterEdge));
    play(&g, &mut st, "place b73");
    assert_eq!(cowboys_on(&st, 1, BoyAt::Field(field("b73"))), 1);
    assert_eq!(cowboys_on(&st, 0, BoyAt::Field(field("b42"))), 1, "the attacker takes the field");
    // The defender wins in the attacker's ranch: the attacker is put on A's outer edge, by
    // seat 1, whose turn it is not; his die and his move are spent.
    let mut st = duel_at(&g, "a32", "a42", &|_| {});
    play(&g, &mut st, "duel 2 4");
    assert_eq!(g.turn(&st), Turn::Player(1));
    assert_eq!(places(&g, &st), names(Ranch::A, Kind::OuterEdge));
    play(&g, &mut st, "place a70");
    assert_eq!(cowboys_on(&st, 0, BoyAt::Field(field("a70"))), 1);
    assert_eq!(cowboys_on(&st, 1, BoyAt::Field(field("a42"))), 1);
    assert_eq!(g.turn(&st), Turn::Player(0));
    assert!(!legal(&g, &st).iter().any(|a| a.starts_with("boy a70 ")), "the loser has moved");
    assert_eq!(st.dice.dark_used.iter().filter(|&&u| u).count(), 1);
    // With the outer edge full, any free field of the loser's ranch.
    let mut st = duel_at(&g, "b32", "b42", &|st| {
        for (i, f) in names(Ranch::B, Kind::OuterEdge).iter().enumerate() {
            put_boy(st, 2 + i / 5, i % 5, f);
        }
    });
    play(&g, &mut st, "duel 4 1");
    let p = places(&g, &st);
    assert!(p.contains(&"b30".to_owned()) && p.contains(&"b40".to_owned()), "{p:?}");
    assert!(!p.iter().any(|f| f.starts_with("b7") || f == "b42" || f == "b65"), "{p:?}");
}

/// c) In any other ranch, a free ranch included, the loser goes to a free boot field of his
/// ranch, or if none is free to a free outer-edge field.
#[test]
fn a_duel_elsewhere_sends_the_loser_to_his_boots() {
    let g = four();
    // In free ranch C.
    let mut st = duel_at(&g, "c31", "c32", &|_| {});
    play(&g, &mut st, "duel 4 2");
    assert_eq!(g.turn(&st), Turn::Player(0));
    assert_eq!(places(&g, &st), names(Ranch::B, Kind::Boot));
    play(&g, &mut st, "place b41");
    assert_eq!(cowboys_on(&st, 1, BoyAt::Field(field("b41"))), 1);
    assert_eq!(cowboys_on(&st, 0, BoyAt::Field(field("c32"))), 1);
    // In seat 2's ranch D; the defender wins and puts the attacker on A's boots.
    let mut st = duel_at(&g, "d31", "d30", &|_| {});
    play(&g, &mut st, "duel 1 2");
    assert_eq!(g.turn(&st), Turn::Player(1));
    assert_eq!(places(&g, &st), names(Ranch::A, Kind::Boot));
    play(&g, &mut st, "place a43");
    assert_eq!(cowboys_on(&st, 0, BoyAt::Field(field("a43"))), 1);
    // B's boots taken: the outer edge.
    let mut st = duel_at(&g, "c31", "c32", &|st| {
        for (k, f) in names(Ranch::B, Kind::Boot).iter().enumerate() {
            put_boy(st, 2, k, f);
        }
    });
    play(&g, &mut st, "duel 3 2");
    assert_eq!(places(&g, &st), names(Ranch::B, Kind::OuterEdge));
    // One boot free: no decision.
    let mut st = duel_at(&g, "c31", "c32", &|st| {
        for (k, f) in names(Ranch::B, Kind::Boot).iter().skip(1).enumerate() {
            put_boy(st, 2, k, f);
        }
    });
    play(&g, &mut st, "duel 3 2");
    assert_eq!(cowboys_on(&st, 1, BoyAt::Field(field("b31"))), 1);
    assert_eq!(g.turn(&st), Turn::Player(0));
}

/// The sheriff keeps the peace: cowboys of any colours meet in Abilene without a duel.
#[test]
fn no_duel_in_abilene() {
    let g = four();
    let mut st = bare(&g);
    put_boy(&mut st, 0, 0, "a20");
    st.ranchers[1].cowboys[0].at = BoyAt::Abilene;
    st.ranchers[2].cowboys[0].at = BoyAt::Abilene;
    let mut st = valid(&g, st);
    play(&g, &mut st, "roll 0 0 1 1 1");
    assert!(is_legal(&g, &st, "boy a20 abilene 1"));
    play(&g, &mut st, "boy a20 abilene 1");
    assert_eq!(st.duel, None);
    assert_eq!(g.turn(&st), Turn::Player(0));
    for s in 0..3 {
        assert_eq!(cowboys_on(&st, s, BoyAt::Abilene), 1);
    }
    // Never onto one's own piece.
    let mut st = bare(&g);
    put_boy(&mut st, 0, 0, "a32");
    put_boy(&mut st, 0, 1, "a42");
    let mut st = valid(&g, st);
    play(&g, &mut st, "roll 0 0 1 1 1");
    assert!(!is_legal(&g, &st, "boy a32 a42 1"));
}

// ---------------------------------------------------------------------------------------
// Rustling
// ---------------------------------------------------------------------------------------

/// Seat 0's cowboy on b42 next to seat 1's cow 9 (B1) on b52, after the roll.
fn rustler(g: &Abilene, more: &dyn Fn(&mut State)) -> State {
    let mut st = bare(g);
    put_cow(&mut st, 9, "b52");
    put_boy(&mut st, 0, 0, "b42");
    more(&mut st);
    let mut st = valid(g, st);
    play(g, &mut st, "roll 0 0 1 1 1");
    st
}

/// Seat 0's whole herd back on A's cow heads.
fn full_heads(st: &mut State) {
    for (n, f) in names(Ranch::A, Kind::CowHead).iter().enumerate() {
        put_cow(st, n, f);
    }
}

#[test]
fn a_stolen_cow_goes_to_a_cow_head_of_the_thiefs_ranch() {
    let g = four();
    let mut st = rustler(&g, &|_| {});
    assert!(is_legal(&g, &st, "boy b42 b52 1"));
    play(&g, &mut st, "boy b42 b52 1");
    assert_eq!(st.cows[9].at, CowAt::Held);
    assert_eq!(st.cows[9].owner, 0);
    assert_eq!(g.turn(&st), Turn::Player(0), "the thief chooses the field");
    let mut heads = names(Ranch::A, Kind::CowHead);
    heads.retain(|f| f != "a65");
    assert_eq!(places(&g, &st), heads);
    play(&g, &mut st, "place a61");
    assert_eq!(st.cows[9].at, CowAt::Field(field("a61")));
    assert_eq!(st.cows[9].known, 0b11, "the thief looks at it; its first owner knows it");
    assert_eq!(st.cows[9].id.0.unwrap().brand, Brand::Of(Ranch::B), "its brand never changes");
    assert_eq!(cowboys_on(&st, 0, BoyAt::Field(field("b52"))), 1, "the cowboy stays where he stole");
    assert_eq!(st.cows_in_ranch(0), 2);
    // One cow head free: no decision.
    let mut st = rustler(&g, &|st| {
        full_heads(st);
        st.cows[3].at = CowAt::Gone; // a60 free
    });
    play(&g, &mut st, "boy b42 b52 1");
    assert_eq!(st.cows[9].at, CowAt::Field(field("a60")));
    assert_eq!(g.turn(&st), Turn::Player(0));
    assert_eq!(st.stage, Stage::Cowboys);
}

#[test]
fn a_stolen_cow_goes_to_the_outer_edge_when_no_cow_head_is_free() {
    let g = four();
    let mut st = rustler(&g, &full_heads);
    play(&g, &mut st, "boy b42 b52 1");
    assert_eq!(places(&g, &st), names(Ranch::A, Kind::OuterEdge));
    play(&g, &mut st, "place a76");
    assert_eq!((st.cows[9].at, st.cows[9].owner), (CowAt::Field(field("a76")), 0));
}

#[test]
fn no_theft_without_room() {
    let g = four();
    let mut st = rustler(&g, &|st| {
        full_heads(st);
        for (i, f) in names(Ranch::A, Kind::OuterEdge).iter().enumerate() {
            put_boy(st, 2 + i / 5, i % 5, f);
        }
    });
    assert!(!is_legal(&g, &st, "boy b42 b52 1"));
    let before = st.clone();
    let err = g.play(&mut st, g.parse_action("boy b42 b52 1").unwrap()).unwrap_err();
    assert!(err.reason.contains("rules §Rustling"), "{}", err.reason);
    assert_eq!(st, before);
}

/// Seat 0's ranch A full for a stolen cow but for the field the thief leaves: his whole
/// herd on A's cow heads but for `head_left` (its cowboy stands there instead, if any), and
/// A's outer edge held by cowboys of seats 2 and 3, but for `edge_left` (its cowboy there).
/// Seat 1's cow 9 (B1) stands on b60, one step from a65 and a76; the roll waits.
fn full_but_the_thiefs_field(g: &Abilene, head_left: Option<&str>, edge_left: Option<&str>) -> State {
    let mut st = bare(g);
    for (n, f) in names(Ranch::A, Kind::CowHead).iter().enumerate() {
        if Some(f.as_str()) == head_left {
            st.cows[n].at = CowAt::Gone;
            put_boy(&mut st, 0, 0, f);
        } else {
            put_cow(&mut st, n, f);
        }
    }
    let mut k = 0;
    for f in names(Ranch::A, Kind::OuterEdge) {
        if Some(f.as_str()) == edge_left {
            put_boy(&mut st, 0, 0, &f);
        } else {
            put_boy(&mut st, 2 + k / 5, k % 5, &f);
            k += 1;
        }
    }
    put_cow(&mut st, 9, "b60");
    let mut st = valid(g, st);
    play(g, &mut st, "roll 0 0 1 1 1");
    st
}

/// The stolen cow is put down after the cowboy's move (§Vol de bétail: "la replace sur
/// l'une des cases de départ de son propre Ranch"): the cow-head field the thief leaves is
/// free for it, even when every other cow head and every outer-edge field is taken.
#[test]
fn the_cow_head_the_thief_leaves_takes_the_stolen_cow() {
    let g = four();
    let mut st = full_but_the_thiefs_field(&g, Some("a65"), None);
    assert!(is_legal(&g, &st, "boy a65 b60 1"), "{:?}", legal(&g, &st));
    play(&g, &mut st, "boy a65 b60 1");
    assert_eq!(
        (st.cows[9].at, st.cows[9].owner),
        (CowAt::Field(field("a65")), 0),
        "the only field: no decision"
    );
    assert_eq!(cowboys_on(&st, 0, BoyAt::Field(field("b60"))), 1, "the cowboy stays where he stole");
    assert_eq!(st.stage, Stage::Cowboys);
    assert_eq!(g.turn(&st), Turn::Player(0));
}

/// "Si aucune case n'est libre, il la pose sur une case de son choix au bord extérieur du
/// Ranch": every cow head taken, the outer-edge field the thief leaves takes the cow.
#[test]
fn the_outer_edge_field_the_thief_leaves_takes_the_stolen_cow() {
    let g = four();
    let mut st = full_but_the_thiefs_field(&g, None, Some("a76"));
    assert!(is_legal(&g, &st, "boy a76 b60 1"), "{:?}", legal(&g, &st));
    play(&g, &mut st, "boy a76 b60 1");
    assert_eq!((st.cows[9].at, st.cows[9].owner), (CowAt::Field(field("a76")), 0));
    assert_eq!(cowboys_on(&st, 0, BoyAt::Field(field("b60"))), 1);
    // A cowboy leaving any other field finds no room: with the ranch full but for a plain
    // field he leaves, the theft is refused, naming the rule.
    let mut st = bare(&g);
    full_heads(&mut st);
    for (i, f) in names(Ranch::A, Kind::OuterEdge).iter().enumerate() {
        put_boy(&mut st, 2 + i / 5, i % 5, f);
    }
    put_boy(&mut st, 0, 0, "b50");
    put_cow(&mut st, 9, "b60");
    let mut st = valid(&g, st);
    play(&g, &mut st, "roll 0 0 1 1 1");
    assert!(!is_legal(&g, &st, "boy b50 b60 1"));
    let err = g.play(&mut st, g.parse_action("boy b50 b60 1").unwrap()).unwrap_err();
    assert!(
        err.reason.contains("even once the cowboy has left b50") && err.reason.contains("rules §Rustling"),
        "{}",
        err.reason
    );
}

// ---------------------------------------------------------------------------------------
// §5 Sales: the corral
// ---------------------------------------------------------------------------------------

/// Every cell of the payment table and every row of the bank's, through whole sales.
#[test]
fn every_case_in_figures() {
    let g = four();
    for (kind, v, bank, contested, settle) in FIGURES {
        let base = placed(&g);
        let cow = cow_worth(&base, if kind == 's' { 0 } else { 1 }, v);
        for (cards, bank) in [(["own", "none", "other"], contested), (["own", "none", "none"], bank)] {
            let st = sell(&g, base.clone(), cow, cards);
            let rec = st.last_sale.expect("a sale's record");
            assert_eq!(rec.bank, bank, "{kind} {v} {cards:?}: the bank");
            let want: Vec<i32> = cards
                .iter()
                .map(|c| match *c {
                    "own" => settle[0],
                    "none" => settle[1],
                    _ => settle[2],
                })
                .collect();
            assert_eq!(rec.transfers[1..4], want[..], "{kind} {v} {cards:?}");
            let gain = i64::from(bank) - want.iter().map(|&t| i64::from(t)).sum::<i64>();
            assert_eq!(i64::from(st.ranchers[0].cash), 10_000 + gain, "{kind} {v} {cards:?}: the seller");
            for s in 1..4 {
                assert_eq!(i64::from(st.ranchers[s].cash), 10_000 + i64::from(want[s - 1]));
            }
            assert_eq!(st.cows[cow].at, CowAt::Sold);
            assert_eq!((st.sold, st.stage, st.turn), (1, Stage::Roll, 1));
        }
    }
}

/// §Produit de la vente's example: `other` on an unbranded cow pays the seller $500 and the
/// bank pays $1,500; on a $600 cow of another brand it receives $1,200 and the bank pays
/// nothing.
#[test]
fn the_corrals_example() {
    let g = four();
    let base = placed(&g);
    let st = sell(&g, base.clone(), cow_worth(&base, 0, 500), ["other", "own", "own"]);
    let rec = st.last_sale.unwrap();
    assert_eq!((rec.bank, rec.transfers[1]), (1_500, -500));
    assert_eq!(st.ranchers[1].cash, 9_500);
    let st = sell(&g, base.clone(), cow_worth(&base, 1, 600), ["other", "own", "own"]);
    let rec = st.last_sale.unwrap();
    assert_eq!((rec.bank, rec.transfers[1]), (0, 1_200));
    assert_eq!(st.ranchers[1].cash, 11_200);
}

/// The doc's whole sale: seat 0 sells ranch B's stolen $1,000 cow; seats 1, 2, 3 play
/// `other`, `own`, `none`.
#[test]
fn a_whole_sale() {
    let g = four();
    let base = placed(&g);
    let cow = cow_worth(&base, 1, 1000);
    let mut before = base.clone();
    before.cows[cow].owner = 0;
    before.cows[cow].known |= 1;
    put_cow(&mut before, cow, "a21");
    let mut st = valid(&g, before);
    play(&g, &mut st, "roll 0 1 1 1 1");
    play(&g, &mut st, "cow a21 abilene 1");
    finish_cowboys(&g, &mut st);
    // The cards are committed face down from the seller's left; the seller plays none.
    for (s, card) in [(1, "other"), (2, "own"), (3, "none")] {
        assert_eq!(g.turn(&st), Turn::Player(s));
        assert_eq!(legal(&g, &st), ["corral own", "corral none", "corral other"]);
        play(&g, &mut st, &format!("corral {card}"));
    }
    let rec = st.last_sale.unwrap();
    assert_eq!(rec.seller, 0);
    assert_eq!(rec.bank, 0, "contested: the bank pays nothing");
    assert_eq!(rec.transfers[..4], [0, 2_000, -2_000, -1_000]);
    assert_eq!(cash(&st), [11_000, 12_000, 8_000, 9_000], "the seller gains $1,000");
    assert_eq!(st.cows[cow].known, 0b1111, "the reveal: everybody knows it now");

    // The seller pays out of what the sale brought him: with no cash of his own he is
    // paid first by seats 2 and 3, then pays seat 1, and is never short.
    let mut broke = base.clone();
    broke.ranchers[0].cash = 0;
    let st = sell(&g, broke, cow, ["other", "own", "none"]);
    assert_eq!(cash(&st), [1_000, 12_000, 8_000, 9_000]);
    assert_eq!((st.stage, st.turn), (Stage::Roll, 1));
}

/// Two cows in Abilene: the seller chooses which is sold first.
#[test]
fn two_sales_in_the_order_the_seller_chooses() {
    let g = four();
    let mut st = placed(&g);
    let (c1, c2) = (cow_worth(&st, 0, 100), cow_worth(&st, 0, 1000));
    put_cow(&mut st, c1, "a20");
    put_cow(&mut st, c2, "a21");
    let mut st = valid(&g, st);
    play(&g, &mut st, "roll 1 1 1 1 1");
    play(&g, &mut st, "cow a20 abilene 1");
    play(&g, &mut st, "cow a21 abilene 1");
    assert_eq!(st.town.as_slice(), [c1 as u8, c2 as u8]);
    finish_cowboys(&g, &mut st);
    assert_eq!(g.turn(&st), Turn::Player(0));
    assert_eq!(legal(&g, &st), ["sell 1", "sell 2"]);
    play(&g, &mut st, "sell 2");
    assert_eq!(st.sale.map(|s| s.cow as usize), Some(c2), "the second to enter is sold first");
    for _ in 0..3 {
        play(&g, &mut st, "corral own");
    }
    assert_eq!(st.sale.map(|s| s.cow as usize), Some(c1));
    for _ in 0..3 {
        play(&g, &mut st, "corral own");
    }
    assert_eq!(st.sold, 2);
    assert_eq!(st.ranchers[0].cash, 10_000 + 2_000 + 1_100);
    assert_eq!((st.stage, st.turn), (Stage::Roll, 1));
}

// ---------------------------------------------------------------------------------------
// End of the game and returns
// ---------------------------------------------------------------------------------------

/// §Fin de la partie's example: four players, `short_game=16`.
#[test]
fn the_short_game() {
    let g = game(json!({"first": 0, "short_game": 16}));
    let mut st = placed(&g);
    // 14 cows sold already (each ranch keeps some).
    for i in (9..14).chain(18..23).chain(27..31) {
        st.cows[i].at = CowAt::Sold;
        st.cows[i].known = 0b1111;
    }
    st.sold = 14;
    // The 15th: the game goes on.
    let cow = cow_worth(&st, 0, 1000);
    let st = sell(&g, st, cow, ["own", "own", "own"]);
    assert_eq!(st.sold, 15);
    assert_eq!((st.stage, st.turn), (Stage::Roll, 1), "the game goes on after 15 cows sold");
    // The 16th, in seat 1's turn: the game ends at the end of that turn.
    let mut st = st;
    let cow = cow_worth(&st, 1, 1000);
    put_cow(&mut st, cow, "b21");
    let mut st = valid(&g, st);
    play(&g, &mut st, "roll 0 1 1 1 1");
    play(&g, &mut st, "cow b21 abilene 1");
    finish_cowboys(&g, &mut st);
    for _ in 0..3 {
        assert_ne!(st.stage, Stage::Over);
        play(&g, &mut st, "corral own");
    }
    assert_eq!(st.sold, 16);
    assert_eq!(st.stage, Stage::Over);
    assert_eq!(g.turn(&st), Turn::Terminal);
    assert_eq!(g.returns(&st), [2.0 / 3.0, 2.0 / 3.0, -2.0 / 3.0, -2.0 / 3.0]);

    // The turn in which the 16th is sold is played out: a second cow in Abilene is still
    // sold, 17 in all.
    let mut st = placed(&g);
    for i in (9..14).chain(18..23).chain(27..32) {
        st.cows[i].at = CowAt::Sold;
        st.cows[i].known = 0b1111;
    }
    st.sold = 15;
    put_cow(&mut st, 0, "a20");
    put_cow(&mut st, 8, "a21");
    let mut st = valid(&g, st);
    play(&g, &mut st, "roll 1 1 1 1 1");
    play(&g, &mut st, "cow a20 abilene 1");
    play(&g, &mut st, "cow a21 abilene 1");
    finish_cowboys(&g, &mut st);
    play(&g, &mut st, "sell 1");
    for _ in 0..3 {
        play(&g, &mut st, "corral own");
    }
    assert_eq!((st.sold, st.stage), (16, Stage::Sales), "the second cow waits");
    for _ in 0..3 {
        play(&g, &mut st, "corral own");
    }
    assert_eq!((st.sold, st.stage), (17, Stage::Over));
}

/// The game ends at the end of a turn when a rancher has no cow left in his ranch; one
/// whose last cow entered Abilene still sells it.
#[test]
fn the_end_when_a_ranch_is_empty() {
    let g = four();
    let st = bare(&g);
    assert_eq!(st.cows_in_ranch(0), 1);
    let st = sell(&g, st, 8, ["own", "own", "own"]);
    assert_eq!(st.cows[8].at, CowAt::Sold);
    assert_eq!(st.cows_in_ranch(0), 0);
    assert_eq!(st.stage, Stage::Over);
    assert_eq!(g.turn(&st), Turn::Terminal);
    assert_eq!(cash(&st), [12_000, 10_000, 10_000, 10_000]);
    assert_eq!(g.returns(&st), [1.0, -1.0 / 3.0, -1.0 / 3.0, -1.0 / 3.0]);
    let mut none = Vec::new();
    g.legal_actions(&st, &mut none);
    assert!(none.is_empty());
}

/// Returns are ranks by final money (cash less debts): 12,000, 9,000, 9,000 and 5,000 give
/// +1, 0, 0 and −1.
#[test]
fn rank_returns() {
    let g = four();
    let mut st = placed(&g);
    st.stage = Stage::Over;
    for (s, c) in [12_000, 9_000, 9_000, 6_300].into_iter().enumerate() {
        st.ranchers[s].cash = c;
    }
    st.ranchers[3].bank_debt = 1_300;
    let st = valid(&g, st);
    assert_eq!((0..4).map(|s| st.final_money(s)).collect::<Vec<_>>(), [12_000, 9_000, 9_000, 5_000]);
    assert_eq!(g.turn(&st), Turn::Terminal);
    assert_eq!(g.returns(&st), [1.0, 0.0, 0.0, -1.0]);
    // What a rancher is owed counts for him.
    let mut st = st;
    st.ranchers[1].owes[2] = 3_100;
    assert_eq!(st.final_money(2), 12_100);
    assert_eq!(g.returns(&st), [1.0 / 3.0, -1.0 / 3.0, 1.0, -1.0]);
}
