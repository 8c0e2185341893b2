//! The engine around the rules (docs/rules/abilene.md §Notation, §What each seat sees):
//! notation and index round-trips, refusals that name the rule and leave the state
//! untouched, the views, and `validate` refusing broken positions.

use serde_json::{Value, json};
use tabula_abilene::action::NUM_ACTIONS;
use tabula_abilene::state::{BoyAt, CowAt, Slot};
use tabula_abilene::{Abilene, Action, CorralCard, Stage, State};
use tabula_core::{Game, Turn};

// ---------------------------------------------------------------------------------------
// Helpers: tests/common, and the sale below
// ---------------------------------------------------------------------------------------

mod common;

use common::*;

/// Seat 0 brings seat 1's $1,000 cow (stolen) from a21 into Abilene; the sale waits for
/// seat 1's corral card.
fn sale(g: &Abilene) -> (State, usize) {
    let mut st = placed(g);
    let cow = cow_worth(&st, 1, 1000);
    st.cows[cow].owner = 0;
    st.cows[cow].known |= 1;
    st.cows[cow].at = CowAt::Field(field("a21"));
    let mut st = valid(g, st);
    play(g, &mut st, "roll 0 1 1 1 1");
    play(g, &mut st, "cow a21 abilene 1");
    finish_cowboys(g, &mut st);
    assert_eq!(g.turn(&st), Turn::Player(1));
    (st, cow)
}

// ---------------------------------------------------------------------------------------
// Notation and index
// ---------------------------------------------------------------------------------------

#[test]
fn every_index_round_trips_through_its_text() {
    let g = four();
    assert_eq!(NUM_ACTIONS, 130_996);
    assert_eq!(g.num_distinct_actions(), NUM_ACTIONS);
    for i in 0..NUM_ACTIONS {
        let a = Action::from_index(i).unwrap_or_else(|| panic!("index {i}"));
        assert_eq!(g.action_from_index(i), Some(a));
        assert_eq!(a.index(), i, "{a}");
        let text = g.action_text(a);
        let back = g.parse_action(&text).unwrap_or_else(|e| panic!("{i}: `{text}`: {e}"));
        assert_eq!(back, a, "`{text}`");
        assert_eq!(g.action_index(back), i, "`{text}`");
    }
    assert_eq!(Action::from_index(NUM_ACTIONS), None);
    assert_eq!(g.action_from_index(NUM_ACTIONS), None);
}

#[test]
fn the_index_table_of_the_notation() {
    let g = four();
    let index = |t: &str| g.action_index(g.parse_action(t).unwrap());
    // The first index of each kind is tests/action.rs's; here a few inside the kinds.
    assert_eq!(index("herd 1000"), 10);
    assert_eq!(index("roll 5 5 4 4 4"), 430);
    assert_eq!(index("cow a21 abilene 1"), 600 + (28 + 27) * 5);
    assert_eq!(index("boy abilene abilene 4"), 23_280 + (163 * 162 + 162) * 4 + 3);
    assert_eq!(index("duel 4 3"), 129_567);
    assert_eq!(index("ask 2 1000 1200"), 129_673 + (20 * 2 + 9) * 11 + 2);
}

#[test]
fn the_notations_variants_and_refusals() {
    let g = four();
    let same = |a: &str, b: &str| {
        assert_eq!(g.parse_action(a).unwrap(), g.parse_action(b).unwrap(), "`{a}` is `{b}`");
    };
    same("roll 25 113", "roll 2 5 1 1 3");
    same("ROLL 5 2 3 1 1", "roll 2 5 1 1 3");
    same("cow a21 town 1", "cow a21 abilene 1");
    same("corral ok", "corral own");
    same("corral -", "corral none");
    same("corral ?", "corral other");
    same("borrow $1,000", "borrow 1000");
    same("ask 2 $1,000 $1,200", "ask 2 1000 1200");
    assert_eq!(g.action_text(g.parse_action("roll 52 311").unwrap()), "roll 2 5 1 1 3");
    let refused = |text: &str, why: &str| {
        let e = g.parse_action(text).unwrap_err();
        assert!(e.reason.contains(why), "`{text}`: {}", e.reason);
    };
    refused("cow a20 f21 1", "a cow never leaves its ranch (rules §Cattle)");
    refused("duel 2 2", "a tie is rolled again");
    refused("herd 700", "no cow is worth $700");
    refused("borrow 150", "not a multiple of $100");
    refused("borrow 10100", "$100 to $10,000");
    refused("ask 1 1000 2100", "more than $1,000 above the loan");
    refused("ask 1 1000 900", "below the loan");
    refused("place abilene", "never in Abilene");
    refused("cow a70 a80 1", "not a space");
    refused("roll 6 0 1 1 1", "6 is not a light die");
    refused("roll 0 0 0 1 1", "0 is not a dark die");
    refused("sell 3", "not a cow to sell");
    refused("whistle", "unknown word `whistle`");
}

// ---------------------------------------------------------------------------------------
// Refusals
// ---------------------------------------------------------------------------------------

/// `play` refuses the action with a reason naming the rule (a section of the rules, or for
/// the invented bounds on loans the Interpretation that gives them), and leaves the state as
/// it was.
fn refuses(g: &Abilene, st: &State, text: &str, why: &str) {
    let a = g.parse_action(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut after = st.clone();
    let err = g.play(&mut after, a).expect_err(text);
    assert!(
        err.reason.contains("rules §") || err.reason.contains("rules Interpretation"),
        "`{text}`: no rule named: {}",
        err.reason
    );
    assert!(err.reason.contains(why), "`{text}`: {}", err.reason);
    assert_eq!(&after, st, "`{text}` refused changes nothing");
    let mut legal = Vec::new();
    g.legal_actions(st, &mut legal);
    assert!(!legal.contains(&a), "`{text}` is not listed either");
}

#[test]
fn refusals_name_the_rule() {
    let g = four();
    // Setup.
    let mut st = g.initial_state();
    play(&g, &mut st, "herd 1000");
    refuses(&g, &st, "herd 1000", "no cow worth $1000 left to place (a herd is seven cows");
    refuses(&g, &st, "roll 1 2 1 2 3", "places its herd, cow by cow (`herd V`, rules §Setup)");

    // The roll.
    let st = placed(&g);
    refuses(&g, &st, "pass", "the dice are rolled (`roll`, rules §A turn)");

    // Cattle: a lone cow on a52, light 0 and 3.
    let mut st = bare(&g);
    st.cows[8].at = CowAt::Gone;
    st.cows[0].at = CowAt::Field(field("a52"));
    st.ranchers[0].cowboys[0].at = BoyAt::Field(field("a30"));
    let mut st = valid(&g, st);
    play(&g, &mut st, "roll 0 3 1 2 4");
    refuses(&g, &st, "cow a52 abilene 3", "cannot reach abilene with a 3");
    refuses(&g, &st, "cow a52 a42 5", "no unused light die shows 5");
    refuses(&g, &st, "cow b65 b64 3", "is not seat 0's: a rancher moves only his own cows (rules §2 Cattle)");
    refuses(&g, &st, "cow a51 a41 3", "there is no cow on a51 (rules §2 Cattle)");
    refuses(&g, &st, "boy a30 a40 1", "the cows move first");
    refuses(&g, &st, "release 1", "moves cows with the light dice");
    play(&g, &mut st, "cow a52 a21 3");

    // Cowboys.
    assert_eq!(st.stage, Stage::Cowboys);
    refuses(&g, &st, "pass", "the dark dice must be used while a cowboy can move");
    refuses(&g, &st, "boy a30 a60 2", "cannot reach a60 with a 2");
    refuses(&g, &st, "boy a30 a21 1", "never ends his move on one of his rancher's own pieces");
    refuses(&g, &st, "boy a30 a40 3", "no unused dark die shows 3");
    refuses(&g, &st, "boy a41 a40 1", "seat 0 has no cowboy on a41 that can move (rules §3 Cowboys)");

    // Prison: four in prison, at most four released; then the placements.
    let mut st = placed(&g);
    for k in 0..4 {
        st.ranchers[0].cowboys[k].at = BoyAt::Prison;
    }
    let mut st = valid(&g, st);
    play(&g, &mut st, "roll 1 2 1 2 3");
    refuses(&g, &st, "release 5", "seat 0 has only 4 cowboys in prison (rules §1 Prison)");
    play(&g, &mut st, "release 1");
    refuses(&g, &st, "place a52", "a released cowboy goes to a free boot or outer-edge field");
    refuses(&g, &st, "place a43", "a released cowboy goes to a free boot or outer-edge field");

    // Money: $500 in hand and a $1,500 release to pay.
    let mut st = placed(&g);
    for k in 0..3 {
        st.ranchers[0].cowboys[k].at = BoyAt::Prison;
    }
    st.ranchers[0].cash = 500;
    let mut st = valid(&g, st);
    play(&g, &mut st, "roll 1 2 1 2 3");
    play(&g, &mut st, "release 1");
    refuses(&g, &st, "borrow 900", "borrow at least $1000 (rules §Money)");
    refuses(&g, &st, "ask 0 1000 1000", "a rancher cannot lend to himself (rules §Money)");
    refuses(&g, &st, "ask 1 900 1000", "ask for at least $1000 (rules §Money)");
    refuses(&g, &st, "accept", "seat 0 is $1000 short for a payment");
    play(&g, &mut st, "ask 1 1000 1000");
    refuses(&g, &st, "borrow 1000", "seat 1 answers a loan asked (`accept` or `refuse`, rules §Money)");
    play(&g, &mut st, "refuse");
    refuses(&g, &st, "ask 1 1000 1100", "seat 1 was already asked for this payment");

    // A sale.
    let (st, _) = sale(&g);
    refuses(&g, &st, "sell 1", "seat 1 commits a corral card (`corral`, rules §5 Sales)");

    // The end.
    let mut st = placed(&g);
    st.stage = Stage::Over;
    let st = valid(&g, st);
    refuses(&g, &st, "roll 1 1 1 1 1", "the game is over (rules §End of the game)");
}

// ---------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------

fn sees(g: &Abilene, st: &State, seat: usize, cow: usize) -> bool {
    g.view(st, seat).state.cows[cow].id.0.is_some()
}

/// The thief sees a stolen cow, the others do not, its first owner still does.
#[test]
fn the_thief_sees_a_stolen_cow() {
    let g = four();
    let mut st = bare(&g);
    st.cows[9].at = CowAt::Field(field("b52"));
    st.ranchers[0].cowboys[0].at = BoyAt::Field(field("b42"));
    let mut st = valid(&g, st);
    play(&g, &mut st, "roll 0 0 1 1 1");
    assert_eq!([0, 1, 2, 3].map(|s| sees(&g, &st, s, 9)), [false, true, false, false]);
    play(&g, &mut st, "boy b42 b52 1");
    play(&g, &mut st, "place a61");
    assert_eq!(st.cows[9].owner, 0);
    assert_eq!([0, 1, 2, 3].map(|s| sees(&g, &st, s, 9)), [true, true, false, false]);
    // Where it stands and whose it is are public.
    let v2 = g.view(&st, 2).state;
    assert_eq!((v2.cows[9].at, v2.cows[9].owner, v2.cows[9].known), (CowAt::Field(field("a61")), 0, 0b11));
    // Own herds are known from the setup on.
    for s in 0..4 {
        let v = g.view(&st, s).state;
        for i in 0..36 {
            let mine = i / 9 == s;
            if mine || st.cows[i].known & (1 << s) != 0 {
                assert!(v.cows[i].id.0.is_some(), "seat {s} knows cow {i}");
            } else {
                assert!(v.cows[i].id.0.is_none(), "seat {s} does not know cow {i}");
            }
        }
    }
}

/// A sold cow is public; another seat's corral card is `?` until the reveal, and its
/// commitment is observed as `corral hidden`.
#[test]
fn corral_cards_are_hidden_until_the_reveal_and_a_sold_cow_is_public() {
    let g = four();
    let (mut st, cow) = sale(&g);
    assert_eq!([0, 1, 2, 3].map(|s| sees(&g, &st, s, cow)), [true, true, false, false]);
    let other = Action::Corral(CorralCard::Other);
    assert_eq!(g.observe_action(&st, other, 1), "corral other", "the seat's own card");
    for s in [0, 2, 3] {
        assert_eq!(g.observe_action(&st, other, s), "corral hidden", "seat {s}");
    }
    g.play(&mut st, other).unwrap();
    // Committed: seat 1 sees its card, the others see that it has committed, not what.
    assert_eq!(g.view(&st, 1).state.sale.unwrap().cards[1], Slot::Card(CorralCard::Other));
    for s in [0, 2, 3] {
        let sale = g.view(&st, s).state.sale.unwrap();
        assert_eq!(sale.cards[1], Slot::Hidden, "seat {s}");
        assert_eq!(sale.cards[2], Slot::Empty);
    }
    let own = Action::Corral(CorralCard::Own);
    assert_eq!(g.observe_action(&st, own, 1), "corral hidden", "seat 2's card, to seat 1");
    assert_eq!(g.observe_action(&st, own, 2), "corral own");
    play(&g, &mut st, "corral own");
    assert_eq!(g.view(&st, 2).state.sale.unwrap().cards[1], Slot::Hidden);
    assert_eq!(g.view(&st, 2).state.sale.unwrap().cards[2], Slot::Card(CorralCard::Own));
    assert_eq!(g.view(&st, 1).state.sale.unwrap().cards[2], Slot::Hidden);
    play(&g, &mut st, "corral none");
    // The reveal: every card, and the cow, public.
    assert_eq!(st.sale, None);
    for s in 0..4 {
        let v = g.view(&st, s).state;
        let rec = v.last_sale.unwrap();
        assert_eq!(
            rec.cards[..4],
            [
                Slot::Empty,
                Slot::Card(CorralCard::Other),
                Slot::Card(CorralCard::Own),
                Slot::Card(CorralCard::None)
            ]
        );
        assert_eq!(v.cows[cow].at, CowAt::Sold);
        assert!(v.cows[cow].id.0.is_some(), "seat {s} sees the sold cow");
    }
}

/// Two states that differ only in cows a seat has not seen give it the same view.
#[test]
fn unseen_cows_do_not_change_a_view() {
    let g = four();
    let st = placed(&g);
    let (low, high) = (cow_worth(&st, 1, 100), cow_worth(&st, 1, 1000));
    let mut other = st.clone();
    other.cows[low].id = st.cows[high].id;
    other.cows[high].id = st.cows[low].id;
    let other = valid(&g, other);
    assert_ne!(st, other);
    for s in [0, 2, 3] {
        assert_eq!(g.view(&st, s), g.view(&other, s), "seat {s}");
    }
    assert_ne!(g.view(&st, 1), g.view(&other, 1), "seat 1 knows its herd");
    // The same in play: a sale's hidden card differs.
    let (mut a, _) = sale(&g);
    let mut b = a.clone();
    play(&g, &mut a, "corral own");
    play(&g, &mut b, "corral other");
    for s in [0, 2, 3] {
        assert_eq!(g.view(&a, s), g.view(&b, s), "seat {s}");
    }
    assert_ne!(g.view(&a, 1), g.view(&b, 1));
}

// ---------------------------------------------------------------------------------------
// Positions
// ---------------------------------------------------------------------------------------

fn problems(g: &Abilene, st: State) -> String {
    g.validate(st).expect_err("a broken position").to_string()
}

#[test]
fn validate_refuses_broken_positions() {
    let g = four();
    let good = placed(&g);
    assert!(g.validate(good.clone()).is_ok());

    let mut st = good.clone();
    st.cows[0].at = CowAt::Field(field("b30"));
    let e = problems(&g, st);
    assert!(e.contains("cow A1 stands on b30, outside its owner's ranch"), "{e}");

    let mut st = good.clone();
    st.ranchers[1].cowboys[0].at = BoyAt::Field(field("a51"));
    let e = problems(&g, st);
    assert!(e.contains("a51 holds 2 pieces: each field holds one piece"), "{e}");

    let mut st = good.clone();
    st.ranchers[2].cash = 10_050;
    let e = problems(&g, st);
    assert!(e.contains("seat 2's cash $10050 must be a multiple of $100"), "{e}");

    let mut st = good.clone();
    st.ranchers[3].bank_debt = 1_250;
    let e = problems(&g, st);
    assert!(e.contains("seat 3's bank debt $1250 must be a multiple of $100"), "{e}");

    let mut st = good.clone();
    st.dice.light = [2, 3];
    let e = problems(&g, st);
    assert!(e.contains("before it they are all 0"), "{e}");

    // Several problems are named together.
    let mut st = good.clone();
    st.ranchers[0].cash = 1;
    st.cows[9].at = CowAt::Field(field("a30"));
    let e = g.validate(st).unwrap_err();
    assert_eq!(e.problems.len(), 2, "{e}");
}

/// A seat out of range in a position with a sale in progress (fuzzing found `turn` 6
/// indexing the sale's cards) is refused with a clear message, never a panic; so are the
/// other seats and cows a position names.
#[test]
fn seats_out_of_range_are_refused_without_a_panic() {
    let g = four();
    let (good, cow) = sale(&g);
    assert!(g.validate(good.clone()).is_ok());
    let refused = |edit: &dyn Fn(&mut State)| {
        let mut st = good.clone();
        edit(&mut st);
        match std::panic::catch_unwind(|| g.validate(st)) {
            Ok(result) => result.expect_err("refused").to_string(),
            Err(_) => panic!("validate panicked"),
        }
    };
    for turn in [4, 5, 6, 7, 255] {
        let e = refused(&|st| st.turn = turn);
        assert!(e.contains(&format!("`turn` is seat {turn}, but the seats are 0 to 3")), "{e}");
    }
    let e = refused(&|st| st.sale.as_mut().unwrap().cow = 200);
    assert!(e.contains("a sale is of a cow in Abilene"), "{e}");
    let e = refused(&|st| st.sale.as_mut().unwrap().cards[5] = Slot::Card(CorralCard::Own));
    assert!(e.contains("with corral cards from the other ranchers in the game"), "{e}");
    let e = refused(&|st| st.cows[cow].owner = 9);
    assert!(e.contains("belongs to seat 9, but the seats are 0 to 3"), "{e}");
    let e = refused(&|st| {
        st.turn = 6;
        st.first = Some(6);
        st.duel = Some(tabula_abilene::state::Duel { field: field("a42"), attacker: 6, defender: 7 });
        st.last_sale = Some(tabula_abilene::state::SaleRecord {
            seller: 6,
            cow: 200,
            cards: [Slot::Empty; 6],
            bank: 0,
            transfers: [0; 6],
        });
    });
    for words in [
        "`turn` is seat 6",
        "`first` is seat 6",
        "a duel is fought",
        "`last_sale` is the record of a cow sold",
    ] {
        assert!(e.contains(words), "{words}: {e}");
    }
}

/// Unknown field names, and unknown keys, are refused when a position is read.
#[test]
fn positions_with_unknown_names_are_not_read() {
    let g = four();
    let good = serde_json::to_value(placed(&g)).unwrap();
    let back: State = serde_json::from_value(good.clone()).unwrap();
    assert_eq!(back, placed(&g), "a position reads back");
    let read = |edit: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        edit(&mut v);
        serde_json::from_value::<State>(v).expect_err("refused").to_string()
    };
    let e = read(&|v| v["cows"][0]["at"] = json!("a99"));
    assert!(e.contains("a cow is on a field (`a52`)") && e.contains("not `a99`"), "{e}");
    let e = read(&|v| v["cows"][0]["at"] = json!("g52"));
    assert!(e.contains("not `g52`"), "{e}");
    let e = read(&|v| v["ranchers"][0]["cowboys"][0]["at"] = json!("town hall"));
    assert!(e.contains("a cowboy is on a field (`a40`)") && e.contains("not `town hall`"), "{e}");
    let e = read(&|v| v["cows"][0]["id"] = json!("A 700"));
    assert!(e.contains("no cow is A 700"), "{e}");
    let e = read(&|v| v["cattle"] = json!(3));
    assert!(e.contains("unknown field `cattle`"), "{e}");
}
