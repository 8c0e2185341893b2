//! Side pots (rules §Side pots): a seat that has bet all its money is all in; it can win
//! only what it matched from each other seat, and the others bet on into side pots.

mod common;

use common::{deal, game, play, stacks};
use serde_json::json;
use tabula_core::Game;
use tabula_sabacc::{Phase, Pot, Sabacc, State};

/// A fresh game whose seats hold these stacks after the deal's mouche, money moved to or
/// from the last seat (validated).
fn with_stacks(g: &Sabacc, stacks: &[i32]) -> State {
    let mut s = g.initial_state();
    let n = stacks.len();
    for (p, &want) in stacks.iter().enumerate().take(n - 1) {
        let delta = want - s.seats[p].stack;
        s.seats[p].stack += delta;
        s.seats[n - 1].stack -= delta;
    }
    assert_eq!(s.seats[n - 1].stack, stacks[n - 1], "the stacks add up");
    g.validate(s).unwrap()
}

fn pots(s: &State) -> Vec<Pot> {
    s.last.expect("the hand is settled").pots.as_slice().to_vec()
}

#[test]
fn two_all_in_seats_win_only_what_they_matched() {
    let g = game(json!({"players": 3, "hands": 1, "limit": "no-limit"}));
    // Seat 0 opens with 4, seat 2 has 8, seat 1 the rest.
    let mut s = with_stacks(&g, &[4, 285, 8]);
    // Seat 0: T21 T1 idiot (a petit Sabacc); seat 1: T2 T3 T4 (9); seat 2: T10 T5 T6 (21).
    deal(&g, &mut s, "T21 T2 T10 T1 T3 T5 idiot T4 T6");
    // Seat 0 opened 2; seat 1 raises as high as anyone can call: seat 2's 8.
    play(&g, &mut s, "raise max");
    assert_eq!(s.level, 8);
    play(&g, &mut s, "call; call");
    assert_eq!(stacks(&s)[0], 0);
    assert_eq!(stacks(&s)[2], 0);
    assert_eq!(s.phase, Phase::Window);
    let sabacc_pot = s.sabacc_pot;
    let before = stacks(&s);
    play(&g, &mut s, "ready; ready; ready; roll 3; announce see; announce see; announce see");
    // Stakes 4, 8, 8: the main pot (4 from each) is open to all, the side pot (4 from seats 1
    // and 2) to seats 1 and 2 only.
    assert_eq!(
        pots(&s),
        [
            Pot { amount: 12, eligible: 0b111, winners: 0b001 },
            Pot { amount: 8, eligible: 0b110, winners: 0b100 }
        ]
    );
    let last = s.last.unwrap();
    assert_eq!((last.winners, last.pot, last.sabacc), (0b101, 20, sabacc_pot));
    // Seat 0's petit Sabacc wins the main pot and the Sabacc pot; seat 2's 21 the side pot.
    assert_eq!(s.phase, Phase::Over);
    let after = stacks(&s);
    assert_eq!(after[1], before[1], "seat 1 loses both pots (and gets nothing of the emptied Sabacc pot)");
    assert_eq!(after[0], 12 + sabacc_pot);
    assert_eq!(after[2], 8);
}

#[test]
fn three_all_in_seats_each_win_the_pots_they_staked_for() {
    let g = game(json!({"players": 4, "hands": 1, "limit": "no-limit"}));
    let mut s = with_stacks(&g, &[4, 372, 8, 12]);
    // Seat 0: T21 T1 idiot (petit Sabacc); seat 1: T2 T3 T4 (9); seat 2: T10 T5 T6 (21);
    // seat 3: T7 T11 2s (20).
    deal(&g, &mut s, "T21 T2 T10 T7 T1 T3 T5 T11 idiot T4 T6 2s");
    play(&g, &mut s, "raise max");
    assert_eq!(s.level, 12, "as much as the richest other seat (seat 3) can call");
    play(&g, &mut s, "call; call; call");
    assert_eq!((s.seats[0].staked, s.seats[1].staked, s.seats[2].staked, s.seats[3].staked), (4, 12, 8, 12));
    assert_eq!(s.phase, Phase::Window, "three seats all in: the betting is over");
    let sabacc_pot = s.sabacc_pot;
    play(
        &g,
        &mut s,
        "ready; ready; ready; ready; roll 5; announce see; announce see; announce see; announce see",
    );
    assert_eq!(
        pots(&s),
        [
            Pot { amount: 16, eligible: 0b1111, winners: 0b0001 },
            Pot { amount: 12, eligible: 0b1110, winners: 0b0100 },
            Pot { amount: 8, eligible: 0b1010, winners: 0b1000 },
        ]
    );
    assert_eq!(s.last.unwrap().sabacc, sabacc_pot, "the best hand of all, a Sabacc, takes the Sabacc pot");
    assert_eq!(stacks(&s)[0], 16 + sabacc_pot);
    assert_eq!(stacks(&s)[2], 12);
    assert_eq!(stacks(&s)[3], 8);
    let total: i64 = s.seats.iter().map(|x| i64::from(x.stack)).sum();
    assert_eq!(total, 400, "money is conserved");
}

#[test]
fn money_nobody_still_in_the_hand_matched_goes_back_to_its_owner() {
    let g = game(json!({"players": 3, "hands": 2, "limit": "no-limit"}));
    let mut s = with_stacks(&g, &[4, 197, 96]);
    deal(&g, &mut s, "T21 T2 T10 T1 T3 T5 idiot T4 T6");
    // Seat 1 raises, seat 2 calls, seat 0 goes all in with 4.
    play(&g, &mut s, "raise 20; call; call");
    assert_eq!((s.seats[0].staked, s.seats[1].staked, s.seats[2].staked), (4, 22, 22));
    let (stack1, stack2) = (s.seats[1].stack, s.seats[2].stack);
    // Seats 1 and 2 fold at the announce: seat 0 wins what he matched, 4 from each.
    play(&g, &mut s, "ready; ready; ready; roll 3; announce continue; announce fold; announce fold");
    let last = s.last.unwrap();
    assert_eq!((last.winners, last.pot), (0b001, 12));
    let rec = s.showdown.as_ref().unwrap();
    assert_eq!(rec.seats()[1].stack, stack1 + 18, "seat 1's 18 unmatched come back");
    assert_eq!(rec.seats()[2].stack, stack2 + 18, "seat 2's 18 unmatched come back");
}

#[test]
fn canonical_side_pots_send_a_pot_no_hand_can_win_to_the_sabacc_pot() {
    let g = game(json!({"rules": "canonical", "players": 3, "hands": 1, "tours": 1, "limit": "no-limit"}));
    // After the ante (2) and the Sabacc pot's mouche (1): seat 0 has 6.
    let mut s = with_stacks(&g, &[6, 194, 91]);
    // Seat 0: 10 + 9 = 19; seat 1: ace + master = 29 (bombs out); seat 2: star + evil-one = −32.
    deal(&g, &mut s, "10-sabres ace-coins star 9-coins master-coins evil-one");
    play(&g, &mut s, "raise 4; call; call");
    assert_eq!((s.seats[0].staked, s.seats[1].staked, s.seats[2].staked), (8, 8, 8));
    assert_eq!(s.seats[0].stack, 0, "all in");
    // Seats 1 and 2 bet on into a side pot after the shift and the draw.
    play(&g, &mut s, "roll 1-2; stand; stand; stand");
    assert!(s.called, "the last tour calls the hand");
    assert_eq!((s.actor, s.seats[1].bet), (2, 2), "seat 1 opens: seat 0 is all in");
    play(&g, &mut s, "raise 10; call");
    assert_eq!(s.phase, Phase::Over);
    let p = pots(&s);
    assert_eq!(p[0], Pot { amount: 24, eligible: 0b111, winners: 0b001 });
    // Both other hands bomb out: nobody can win the side pot; it goes to the Sabacc pot.
    assert_eq!(p[1], Pot { amount: 24, eligible: 0b110, winners: 0 });
    assert_eq!(s.last.unwrap().sabacc, 0, "19 is no Sabacc");
}
