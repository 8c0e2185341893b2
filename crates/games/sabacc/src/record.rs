//! Writing the public record of a hand's end ([`Showdown`]) from the table: the hands laid
//! down with what they were worth, the sudden-death deals, the settlement and each seat's
//! money.

use crate::config::{Config, Rules};
use crate::deck::Card;
use crate::hand;
use crate::limits::MAX_SUDDEN;
use crate::showdown::{Laid, Showdown};
use crate::state::{MAX_COMMUNAL, PUBLIC, State, seat_bit};

/// Writes the hands on the table into a new record for the hand in progress: what each
/// seat held, which cards everybody saw, what fully shown hands were worth, the communal
/// cards, and each seat's money.
pub fn record_hands(state: &mut State, cfg: &Config) {
    // Written over the previous record, if any, rather than built and moved: the record has
    // room for every seat, and this runs at the end of every hand.
    let (hand_no, dealer, players) = (state.hand_no, state.dealer, state.players());
    let rec = state.showdown.get_or_insert_with(Showdown::default);
    rec.hand = hand_no;
    rec.dealer = dealer;
    rec.players = players as u8;
    rec.settlement.copy_from_option(state.last.as_ref());
    rec.contenders = 0;
    rec.tied = [0; MAX_SUDDEN as usize];
    rec.deals = 0;
    rec.communal = [Card::IDIOT; MAX_COMMUNAL];
    for (o, c) in rec.communal.iter_mut().zip(state.communal.cards()) {
        *o = c;
    }
    rec.communal_len = state.communal.len() as u8;
    for p in 0..players {
        let seat = &state.seats[p];
        let hand = &seat.hand;
        let laid = &mut rec.seats[p];
        *laid = Laid::EMPTY;
        laid.len = hand.len() as u8;
        laid.cards[..hand.len()].copy_from_slice(hand.cards());
        for (i, &k) in hand.known().iter().enumerate() {
            if k & PUBLIC != 0 {
                laid.shown |= 1 << i;
            }
        }
        laid.stack = seat.stack;
        if seat.active() {
            rec.contenders |= seat_bit(p);
        }
        if laid.fully_shown() {
            let (rank, value) = evaluate(hand.cards(), &rec.communal[..rec.communal_len as usize], cfg);
            laid.rank = rank;
            laid.value = value;
        }
    }
}

/// What a hand is worth, as (rank, value) for the record: its own cards, with the communal
/// cards of hold'em and stud.
pub fn evaluate(cards: &[Card], communal: &[Card], cfg: &Config) -> (i16, i16) {
    match cfg.rules {
        Rules::Tarot => {
            let h = hand::tarot_hand_with(cards, communal, cfg.deck);
            (i16::from(h.rank), i16::from(h.value))
        }
        Rules::BlackKnight => {
            let h = hand::tarot_hand(cards, cfg.deck);
            (i16::from(h.rank), i16::from(h.value))
        }
        Rules::Canonical if cfg.theory() => {
            let h = hand::points_hand_in(cards, cfg.deck);
            let rank = if h.is_bust() { -1 } else { h.rank.clamp(-1, i32::from(i16::MAX)) as i16 };
            (rank, h.score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16)
        }
        Rules::Canonical => {
            let h = hand::canon_hand_in(cards, cfg.deck);
            (i16::from(h.rank), h.total.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16)
        }
    }
}

/// Adds the sudden-death deal on the table (the tied players' three face-up cards) to the
/// record, with each seat's money.
pub fn record_sudden(state: &mut State) {
    let (seats, tied) = (&state.seats, state.tied);
    let Some(rec) = state.showdown.as_mut() else { return };
    let deal = rec.deals as usize;
    if deal >= MAX_SUDDEN as usize {
        return;
    }
    rec.tied[deal] = tied;
    rec.deals += 1;
    for (p, (seat, laid)) in seats.iter().zip(rec.seats.iter_mut()).enumerate() {
        laid.stack = seat.stack;
        if tied >> p & 1 == 1 {
            for (o, &c) in laid.sudden[deal].iter_mut().zip(seat.hand.cards()) {
                *o = c;
            }
        }
    }
}

/// The settlement and each seat's money in the record, as the hand is settled.
pub fn record_money(state: &mut State) {
    let Some(rec) = state.showdown.as_mut() else { return };
    rec.settlement.copy_from_option(state.last.as_ref());
    for (laid, seat) in rec.seats.iter_mut().zip(state.seats.iter()) {
        laid.stack = seat.stack;
    }
}

// ---------------------------------------------------------------------------------------
// JSON: lists instead of fixed arrays.
