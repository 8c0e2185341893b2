//! The notation and the dense index (docs/rules/abilene.md §Notation): the round trip over
//! the whole index space, the first index of each kind, the accepted spellings, and every
//! kind of refusal with its sentence.

use std::collections::HashSet;

use tabula_abilene::{Action, CorralCard, Field, NUM_ACTIONS, Space};

fn parse(text: &str) -> Action {
    Action::parse(text).unwrap_or_else(|e| panic!("`{text}` should parse: {e}"))
}

fn field(name: &str) -> Field {
    name.parse().unwrap()
}

fn space(name: &str) -> Space {
    name.parse().unwrap()
}

/// The reason of the refusal of `text`, which must be refused.
fn refusal(text: &str) -> String {
    match Action::parse(text) {
        Ok(a) => panic!("`{text}` should be refused, read as {a:?}"),
        Err(e) => {
            assert_eq!(e.text, text, "the error quotes the text");
            e.reason
        }
    }
}

fn assert_refused(text: &str, expected: &str) {
    let reason = refusal(text);
    assert!(reason.contains(expected), "`{text}`: the reason `{reason}` should say `{expected}`");
}

#[test]
fn action_is_small() {
    assert_eq!(std::mem::size_of::<Action>(), 6);
}

#[test]
fn num_actions_is_the_tables_total() {
    assert_eq!(NUM_ACTIONS, 130_996);
    assert_eq!(Action::from_index(NUM_ACTIONS), None);
    assert_eq!(Action::from_index(usize::MAX), None);
}

#[test]
fn every_index_round_trips_through_its_text() {
    let mut texts = HashSet::with_capacity(NUM_ACTIONS);
    for i in 0..NUM_ACTIONS {
        let action = Action::from_index(i).unwrap_or_else(|| panic!("index {i} has no action"));
        assert!(action.is_well_formed(), "{i}: {action:?}");
        assert_eq!(action.index(), i, "{action:?}");
        let text = action.to_string();
        assert_eq!(parse(&text), action, "`{text}`");
        assert_eq!(text.parse::<Action>(), Ok(action));
        assert!(texts.insert(text.clone()), "two actions share the text `{text}`");
    }
}

#[test]
fn the_first_index_of_each_kind_is_the_tables() {
    let firsts = [
        ("first 0", 0),
        ("herd 100", 6),
        ("roll 0 0 1 1 1", 11),
        ("release 0", 431),
        ("place a20", 437),
        ("pass", 599),
        ("cow a20 a20 1", 600),
        ("boy a20 a20 1", 23_280),
        ("duel 1 2", 129_556),
        ("sell 1", 129_568),
        ("corral own", 129_570),
        ("borrow 100", 129_573),
        ("ask 0 100 100", 129_673),
        ("accept", 130_993),
        ("refuse", 130_994),
        ("bankrupt", 130_995),
    ];
    for (text, index) in firsts {
        assert_eq!(parse(text).index(), index, "`{text}`");
        assert_eq!(Action::from_index(index).unwrap().to_string(), text);
        if index > 0 {
            let before = Action::from_index(index - 1).unwrap().to_string();
            let kind = text.split(' ').next().unwrap();
            assert!(!before.starts_with(kind), "`{before}` comes before the first `{kind}`");
        }
    }
    assert_eq!(Action::from_index(NUM_ACTIONS - 1), Some(Action::Bankrupt));
}

#[test]
fn the_index_formulas() {
    // first S: S; herd in the order 100, 300, 500, 600, 1000.
    assert_eq!(parse("first 5").index(), 5);
    assert_eq!(parse("herd 500").index(), 8);
    assert_eq!(parse("herd 1000").index(), 10);
    // roll: 20·pair + triple; 0-1 is pair 1, 1-1 pair 6, 5-5 pair 20; 1-1-2 triple 1, 4-4-4 19.
    assert_eq!(parse("roll 0 1 1 1 2").index(), 11 + 20 + 1);
    assert_eq!(parse("roll 1 1 1 1 1").index(), 11 + 20 * 6);
    assert_eq!(parse("roll 2 5 1 1 3").index(), 11 + 20 * 14 + 2);
    assert_eq!(parse("roll 5 5 4 4 4").index(), 430);
    // place F: F.
    assert_eq!(parse("place f76").index(), 437 + 161);
    // cow: (28·F + g)·5 + d − 1, g = 27 for Abilene.
    let a52 = field("a52").index();
    let a21 = field("a21").in_ranch() as usize;
    assert_eq!(parse("cow a52 a21 3").index(), 600 + (28 * a52 + a21) * 5 + 2);
    assert_eq!(parse("cow a21 abilene 1").index(), 600 + (28 * field("a21").index() + 27) * 5);
    assert_eq!(parse("cow f76 abilene 5").index(), 23_279);
    // boy: (163·F + G)·4 + d − 1.
    let (a40, b52) = (field("a40").index(), field("b52").index());
    assert_eq!(parse("boy a40 b52 4").index(), 23_280 + (163 * a40 + b52) * 4 + 3);
    assert_eq!(parse("boy abilene abilene 4").index(), 129_555);
    // duel: 1-2, 1-3, 1-4, 2-1, …, 4-3.
    let duels: Vec<String> = (129_556..129_568).map(|i| Action::from_index(i).unwrap().to_string()).collect();
    let expected = ["1 2", "1 3", "1 4", "2 1", "2 3", "2 4", "3 1", "3 2", "3 4", "4 1", "4 2", "4 3"];
    assert_eq!(duels, expected.map(|d| format!("duel {d}")));
    // sell, corral, borrow, ask.
    assert_eq!(parse("sell 2").index(), 129_569);
    assert_eq!(parse("corral none").index(), 129_571);
    assert_eq!(parse("corral other").index(), 129_572);
    assert_eq!(parse("borrow 1000").index(), 129_573 + 9);
    assert_eq!(parse("borrow 10000").index(), 129_672);
    assert_eq!(parse("ask 2 1000 1200").index(), 129_673 + (20 * 2 + 9) * 11 + 2);
    assert_eq!(parse("ask 5 2000 3000").index(), 130_992);
}

#[test]
fn the_roll_is_canonical_ascending_within_each_group() {
    let roll = Action::roll([5, 2], [3, 1, 1]);
    assert_eq!(roll, Action::Roll { light: [2, 5], dark: [1, 1, 3] });
    assert_eq!(roll.to_string(), "roll 2 5 1 1 3");
    for text in
        ["roll 2 5 1 1 3", "roll 5 2 3 1 1", "roll 5 2 1 3 1", "roll 25 113", "roll 52 311", "ROLL 52 131"]
    {
        assert_eq!(parse(text), roll, "`{text}`");
        assert_eq!(parse(text).to_string(), "roll 2 5 1 1 3");
    }
    // Not canonical: not well formed, so never an index.
    assert!(!Action::Roll { light: [5, 2], dark: [1, 1, 3] }.is_well_formed());
    assert!(!Action::Roll { light: [2, 5], dark: [3, 1, 1] }.is_well_formed());
}

#[test]
fn alternative_spellings_read_as_the_canonical_action() {
    let same = [
        ("cow a21 town 1", "cow a21 abilene 1"),
        ("COW A21 Town 1", "cow a21 abilene 1"),
        ("boy Town c31 2", "boy abilene c31 2"),
        ("boy a40 TOWN 2", "boy a40 abilene 2"),
        ("corral ok", "corral own"),
        ("corral OK", "corral own"),
        ("corral -", "corral none"),
        ("corral ?", "corral other"),
        ("Corral Other", "corral other"),
        ("borrow $1,000", "borrow 1000"),
        ("borrow 1,000", "borrow 1000"),
        ("borrow $1000", "borrow 1000"),
        ("borrow $10,000", "borrow 10000"),
        ("herd $1,000", "herd 1000"),
        ("herd $600", "herd 600"),
        ("ask 2 $1,000 $1,200", "ask 2 1000 1200"),
        ("  PASS  ", "pass"),
        ("Accept", "accept"),
        ("REFUSE", "refuse"),
        ("Bankrupt", "bankrupt"),
        ("first  3", "first 3"),
        ("Place A74", "place a74"),
        ("release 2", "release 2"),
        ("sell 2", "sell 2"),
        ("duel 3 1", "duel 3 1"),
    ];
    for (text, canonical) in same {
        assert_eq!(parse(text).to_string(), canonical, "`{text}`");
    }
    assert_eq!(parse("corral ?"), Action::Corral(CorralCard::Other));
    assert_eq!(parse("cow a52 a21 3"), Action::Cow { from: field("a52"), to: space("a21"), die: 3 });
    assert_eq!(parse("boy abilene c31 2"), Action::Boy { from: Space::ABILENE, to: space("c31"), die: 2 });
}

#[test]
fn unknown_words_are_refused() {
    assert_refused("", "an empty line is not an action");
    assert_refused("   ", "an empty line is not an action");
    assert_refused("move a52 a21 3", "unknown word `move`: an action starts with `first`, `herd`, `roll`");
    assert_refused("corral maybe", "`maybe` is not a corral card: write `corral own`, `corral none`");
    assert_refused("pass now", "`pass` takes nothing after it");
    assert_refused("accept 2", "`accept` takes nothing after it");
    assert_refused("sell 3", "`3` is not a cow to sell: write `sell 1` or `sell 2`");
    assert_refused("release 6", "`6` is not a number of cowboys to release");
    assert_refused("release x", "`x` is not a number of cowboys to release");
    assert_refused("first 6", "`6` is not a seat: seats are 0 to 5");
}

#[test]
fn wrong_shapes_say_what_was_expected() {
    assert_refused("cow a52 a21", "write `cow FROM TO DIE`");
    assert_refused("boy a40", "write `boy FROM TO DIE`");
    assert_refused("duel 3", "write `duel X Y`");
    assert_refused("first", "write `first S`");
    assert_refused("herd", "write `herd V`");
    assert_refused("place", "write `place F`");
    assert_refused("ask 2 1000", "write `ask S N R`");
    assert_refused("borrow", "write `borrow N`");
    assert_refused("corral", "write `corral own`");
    assert_refused("roll 2 5 1 1", "write `roll L L D D D`");
    assert_refused("roll 251 13", "write `roll L L D D D`");
    assert_refused("roll 2 5 1 1 x", "write `roll L L D D D`");
}

#[test]
fn fields_that_do_not_exist_are_refused() {
    for text in ["place a28", "place g20", "place a2", "cow a80 a70 1", "boy a40 z99 2", "place a10"] {
        assert_refused(text, "is not a space: a field is a ranch letter a–f");
    }
    assert_refused("place abilene", "a piece is placed on a field, never in Abilene");
    assert_refused("place town", "a piece is placed on a field, never in Abilene");
}

#[test]
fn dice_out_of_range_are_refused() {
    assert_refused("roll 6 0 1 1 1", "6 is not a light die: a light die shows 0 to 5");
    assert_refused("roll 0 0 0 1 1", "0 is not a dark die: a dark die shows 1 to 4");
    assert_refused("roll 0 0 1 1 5", "5 is not a dark die: a dark die shows 1 to 4");
    assert_refused("cow a52 a21 6", "`6` is not a light die: a light die shows 0 to 5");
    assert_refused("cow a52 a21 0", "a light die showing 0 moves nothing");
    assert_refused("boy a40 b52 5", "`5` is not a dark die: a dark die shows 1 to 4");
    assert_refused("boy a40 b52 0", "`0` is not a dark die");
    assert_refused("duel 5 1", "`5` is not a dark die");
    assert_refused("duel 0 1", "`0` is not a dark die");
}

#[test]
fn a_duel_with_equal_dice_is_refused() {
    for d in 1..=4 {
        assert_refused(&format!("duel {d} {d}"), "is a tie, and a tie is rolled again");
    }
}

#[test]
fn amounts_out_of_bounds_or_not_in_hundreds_are_refused() {
    assert_refused("borrow 150", "$150 is not a multiple of $100");
    assert_refused("borrow $1,050", "$1050 is not a multiple of $100");
    assert_refused("borrow 0", "the bank lends $100 to $10,000 a loan, not $0");
    assert_refused("borrow 10100", "the bank lends $100 to $10,000 a loan, not $10100");
    assert_refused("borrow 99999900", "the bank lends $100 to $10,000 a loan");
    assert_refused("borrow 1,00", "`1,00` is not a loan: write an amount in dollars");
    assert_refused("borrow 1000,000", "is not a loan");
    assert_refused("borrow $", "is not a loan");
    assert_refused("borrow -100", "is not a loan");
    assert_refused("borrow lots", "is not a loan");
    assert_refused("herd 200", "no cow is worth $200");
    assert_refused("herd 550", "$550 is not a multiple of $100");
    assert_refused("ask 2 2100 2100", "a rancher may be asked for $100 to $2,000, not $2100");
    assert_refused("ask 2 0 100", "a rancher may be asked for $100 to $2,000, not $0");
    assert_refused("ask 2 1000 1250", "$1250 is not a multiple of $100");
    assert_refused("ask 6 1000 1200", "`6` is not a seat");
}

#[test]
fn a_repayment_below_the_loan_or_too_far_above_is_refused() {
    assert_refused("ask 2 1000 900", "the repayment $900 is below the loan $1000");
    assert_refused("ask 2 1000 2100", "the repayment $2100 is more than $1,000 above the loan $1000");
    assert_eq!(parse("ask 2 1000 2000").to_string(), "ask 2 1000 2000");
    assert_eq!(parse("ask 2 1000 1000").to_string(), "ask 2 1000 1000");
}

#[test]
fn a_cow_never_leaves_its_ranch() {
    assert_refused("cow a20 f21 1", "`f21` is not in ranch A: a cow never leaves its ranch (rules §Cattle)");
    assert_refused("cow d20 c32 3", "a cow never leaves its ranch (rules §Cattle)");
    assert_refused("cow abilene a20 1", "a cow in Abilene stays there to be sold");
    // Abilene and every field of its own ranch are ends a cow may name.
    assert!(Action::parse("cow d20 abilene 1").is_ok());
    assert!(Action::parse("cow d20 d76 5").is_ok());
    // A cowboy may go anywhere.
    assert!(Action::parse("boy a20 f21 1").is_ok());
}

#[test]
fn a_long_text_is_quoted_short() {
    let long = format!("cow {}", "x".repeat(500));
    let e = Action::parse(&long).unwrap_err();
    assert!(e.text.chars().count() <= 101, "{}", e.text);
}
