//! Belief weights for the search bots ([`tabula_core::Game::belief_weight`]): how likely
//! the opponents' public behaviour in this hand is with the hidden cards a determinization
//! dealt them, as the beginner policy ([`crate::policy`]) would have behaved.
//!
//! A uniform deal gives an opponent who raised the same cards as one who only checked; the
//! search then calls raises with hands that lose to them. The weight reads only what every
//! seat sees (the betting round's bets, the announcements) and each opponent's cards in the
//! determinization, so it cannot leak anything the searching seat may not see:
//!
//! * an opponent whose bet stands at a raised level (it raised, or called a raise) is
//!   weighted by its chance of winning as the beginner reckons it: a raise asks for 55%
//!   ([`crate::policy`]'s first raise), a call much less, so half of the weight is each;
//! * `announce sabacc` asks for a Sabacc, `announce see` for the favourite's hand.
//!
//! Every likelihood has a floor, so a player who bluffs (or a person, who is not the
//! beginner) shifts the belief rather than ruling hands out. Black Knight has no signals:
//! its weight is 1.

use crate::config::{Config, Rules};
use crate::hand::LOSING;
use crate::policy;
use crate::state::{Announce, State};

/// The lowest likelihood a signal gives a hand that contradicts it.
const FLOOR: f64 = 0.1;
/// How sharply a likelihood rises through its threshold (in chance of winning).
const WIDTH: f64 = 0.07;
/// The chance of winning a raise asks for (the beginner's first raise), and a call of a raise.
const RAISE_AT: f64 = policy::RAISE_AT[0];
const CALL_AT: f64 = 0.2;
/// The chance of winning `announce see` asks for.
const SEE_AT: f64 = 0.5;

/// The weight of `state`'s hidden cards for a search from `observer`'s seat: the product
/// over the opponents still in the hand of the likelihood of what they showed.
pub fn weight(cfg: &Config, state: &State, observer: usize) -> f64 {
    if cfg.rules == Rules::BlackKnight {
        return 1.0;
    }
    let in_hand = state.active_seats().count();
    let mut weight = 1.0;
    for o in state.active_seats().filter(|&p| p != observer) {
        let seat = &state.seats[o];
        let raised = state.raises > 0 && state.level > 0 && seat.bet == state.level;
        let announce = seat.announce;
        if !raised && !matches!(announce, Some(Announce::Sabacc | Announce::See)) {
            continue;
        }
        let (p, sabacc) = chance(cfg, state, o, in_hand);
        if raised {
            weight *= 0.5 * soft(p, RAISE_AT) + 0.5 * soft(p, CALL_AT);
        }
        match announce {
            Some(Announce::Sabacc) => weight *= if sabacc { 1.0 } else { FLOOR },
            Some(Announce::See) => weight *= soft(p, SEE_AT),
            _ => {}
        }
    }
    weight
}

/// A likelihood rising from [`FLOOR`] to 1 as `p` passes `threshold`.
fn soft(p: f64, threshold: f64) -> f64 {
    FLOOR + (1.0 - FLOOR) / (1.0 + (-(p - threshold) / WIDTH).exp())
}

/// Seat `o`'s chance of winning with its cards as the beginner reckons it without reading
/// the others' known cards (each other hand a random one), and whether it holds a Sabacc.
fn chance(cfg: &Config, state: &State, o: usize, in_hand: usize) -> (f64, bool) {
    let cards = policy::own_cards(state, o);
    let others = in_hand.saturating_sub(1) as i32;
    if cfg.rules == Rules::Tarot {
        let mine = policy::tarot_rank(cfg, state, &cards);
        if mine.rank == LOSING {
            return (0.0, false);
        }
        (policy::random_hand_below(cfg.deck, mine.rank).powi(others), mine.is_sabacc())
    } else {
        if cfg.theory() {
            policy::theory_chance(cfg, &cards, others, state.called)
        } else {
            policy::canon_chance(cfg, &cards, others, state.called)
        }
    }
}
