//! Paying the hand pot out (rules §Side pots in `docs/rules/sabacc.md`).
//!
//! At the settlement the hand pot is split by what each seat staked in the hand (antes and
//! bets, [`crate::state::Seat::staked`]): the main pot holds, from every seat, up to the
//! smallest stake of the seats still in the hand, and each side pot the next slice, open to
//! the seats still in that staked at least as much. Money staked above the largest stake of
//! the seats still in the hand was matched by nobody still in it: it goes back to whoever
//! put it in. Each pot goes to the best hand among those it is open to; a pot no hand can
//! win (every one over 23, bombed out, over 46) goes to the Sabacc pot, after the Sabacc
//! pot itself is paid.

use crate::pots::{Pot, Pots, Settlement};
use crate::state::{State, seat_bit};

/// The seats still in the hand (bit per seat).
pub fn contenders(state: &State) -> u32 {
    state.seats.iter().enumerate().filter(|(_, s)| s.active()).fold(0, |m, (p, _)| m | seat_bit(p))
}

/// Gives back the money no seat still in the hand matched (staked above the largest stake
/// of those seats) to whoever staked it, and splits the rest of the hand pot into the main
/// pot and the side pots, each open to the seats still in that staked up to it. The pots'
/// winners are left to the caller. The hand pot holds what the seats staked (a rule every
/// play keeps and validation checks), so the pots hold the whole hand pot.
pub fn split(state: &mut State) -> Pots {
    let contenders = contenders(state);
    let in_hand = |p: usize| contenders >> p & 1 == 1;
    let cap = (0..state.players()).filter(|&p| in_hand(p)).map(|p| state.seats[p].staked).max().unwrap_or(0);
    for p in 0..state.players() {
        let excess = state.seats[p].staked - cap;
        if excess > 0 {
            let seat = &mut state.seats[p];
            seat.staked -= excess;
            seat.stack += excess;
            state.hand_pot -= excess;
        }
    }
    let mut pots = Pots::default();
    // Nobody all in (every seat still in staked the same): one pot, the whole hand pot.
    if (0..state.players()).filter(|&p| in_hand(p)).all(|p| state.seats[p].staked == cap) {
        if cap > 0 {
            pots.push(Pot { amount: state.hand_pot, eligible: contenders, winners: 0 });
        }
        return pots;
    }
    let mut below = 0;
    // Each stake level of a seat still in the hand, lowest first.
    while let Some(level) = (0..state.players())
        .filter(|&p| in_hand(p) && state.seats[p].staked > below)
        .map(|p| state.seats[p].staked)
        .min()
    {
        let amount: i32 = state.seats.iter().map(|s| s.staked.min(level) - s.staked.min(below)).sum();
        let eligible = (0..state.players())
            .filter(|&p| in_hand(p) && state.seats[p].staked >= level)
            .fold(0, |m, p| m | seat_bit(p));
        pots.push(Pot { amount, eligible, winners: 0 });
        below = level;
    }
    pots
}

/// The seats among `eligible` with the best hand, by `rank` (higher wins; `None`: that hand
/// cannot win). 0 when none can win.
pub fn best(state: &State, eligible: u32, rank: impl Fn(usize) -> Option<i32>) -> u32 {
    let mut top = None;
    let mut winners = 0;
    for p in (0..state.players()).filter(|&p| eligible >> p & 1 == 1) {
        let Some(r) = rank(p) else { continue };
        match top {
            Some(t) if r < t => {}
            Some(t) if r == t => winners |= seat_bit(p),
            _ => {
                top = Some(r);
                winners = seat_bit(p);
            }
        }
    }
    winners
}

/// Shares `amount` among the seats of `winners`; the odd units go one each to the first
/// winners from the dealer's left.
pub fn share(state: &mut State, winners: u32, amount: i32) {
    let k = winners.count_ones() as i32;
    if k == 0 {
        return;
    }
    let (each, mut rest) = (amount / k, amount % k);
    let (n, first) = (state.players(), state.dealer as usize + 1);
    for p in (0..n).map(|i| (first + i) % n).filter(|&p| winners >> p & 1 == 1) {
        state.seats[p].stack += each + i32::from(rest > 0);
        rest -= 1;
    }
}

/// Pays the hand: the Sabacc pot to `sabacc_to` (shared; nobody when 0), then each pot to
/// its winners (shared), or into the Sabacc pot when nobody can win it; records the
/// settlement in [`State::last`].
pub fn pay(state: &mut State, pots: &Pots, sabacc_to: u32) {
    let won = if sabacc_to != 0 { std::mem::take(&mut state.sabacc_pot) } else { 0 };
    share(state, sabacc_to, won);
    let (mut winners, mut paid) = (0u32, 0i32);
    for pot in pots.as_slice() {
        if pot.winners == 0 {
            state.sabacc_pot += pot.amount;
        } else {
            share(state, pot.winners, pot.amount);
            winners |= pot.winners;
            paid += pot.amount;
        }
    }
    state.hand_pot = 0;
    for seat in state.seats.iter_mut() {
        seat.staked = 0;
    }
    // Written in place: a settlement has room for every pot, and this runs at the end of
    // every hand of every search.
    let last = state.last.get_or_insert_with(Settlement::default);
    last.winners = winners;
    last.pot = paid;
    last.sabacc = won;
    if pots.has_side_pots() {
        last.pots.copy_from(pots);
    } else {
        last.pots.clear();
    }
}
