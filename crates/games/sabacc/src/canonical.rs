//! The canonical rules (La théorie, as played at Cloud City): the money game with its two
//! pots, shifts, the interference field and bomb-outs; and the seed's four-card exchange
//! game scored in points (`scoring=points`). Rules §Canonical in `docs/rules/sabacc.md`.

use crate::action::Action;
use crate::betting;
use crate::config::Config;
use crate::hand::{self, PointsHand};
use crate::mechanics::{self, Next, Why};
use crate::payout;
use crate::pots::Pots;
use crate::state::{MAX_HAND, MAX_PLAYERS, PUBLIC, Phase, RollThen, Settlement, State, seat_bit};

/// The tour from which a player may call the hand: after three pot-building tours, or in the
/// last tour when `tours` is smaller.
pub fn call_tour(cfg: &Config) -> u8 {
    4.min(cfg.tours)
}

/// A hand starts: in the money game each player antes the minimum bet into the hand pot,
/// and the mouche into the Sabacc pot when that pot is empty; then the deal.
pub fn start_hand(state: &mut State, cfg: &Config) {
    if !cfg.points() {
        let refill = state.sabacc_pot == 0;
        for p in 0..state.players() {
            if state.seats[p].active() {
                mechanics::pay_pot(state, p, cfg.min_bet);
                if refill {
                    mechanics::pay_sabacc(state, p, cfg.mouche);
                }
            }
        }
    }
    state.phase = Phase::Deal;
}

/// The deal is done: betting (money) or the exchange (points).
pub fn after_deal(state: &mut State, cfg: &Config) -> Next {
    state.tour = 1;
    if cfg.points() {
        start_exchange(state);
        return Next::Done;
    }
    betting::start(state, cfg)
}

/// The exchange: each player in the hand in turn.
fn start_exchange(state: &mut State) {
    state.phase = Phase::Exchange;
    state.actor = state.first_active().expect("players in the hand") as u8;
}

/// A betting round is over: the shift, or after a call the showdown. In the theory game for
/// money: the exchange after the first round, the showdown after the second.
pub fn after_betting(state: &mut State, cfg: &Config) -> Next {
    if state.called && cfg.theory() {
        theory_showdown(state, cfg)
    } else if state.called {
        showdown(state, cfg)
    } else if cfg.theory() {
        start_exchange(state);
        Next::Done
    } else {
        Next::StartRoll(RollThen::Draw)
    }
}

/// The draw phase: each player in the hand in turn.
pub fn start_draw(state: &mut State) {
    state.phase = Phase::Draw;
    state.actor = state.first_active().expect("players in the hand") as u8;
}

fn next_in_pass(state: &State, from: usize) -> Option<usize> {
    let pos = state.position(from);
    state.active_seats().find(|&p| state.position(p) > pos)
}

/// Whether a canonical decision is allowed.
pub fn allowed(state: &State, cfg: &Config, action: Action) -> Result<(), Why> {
    let hand = &state.seats[state.actor as usize].hand;
    let len = hand.len();
    let position =
        |i: u8| if (i as usize) < len { Ok(()) } else { Err(Why::Position { pos: i, len: len as u8 }) };
    match (state.phase, action) {
        (Phase::Draw, Action::Field(i)) => {
            position(i)?;
            if hand.is_blocked(i as usize) {
                Err(Why::Rule("that card is in the interference field already (rules §Interference field)"))
            } else {
                Ok(())
            }
        }
        (Phase::Draw, Action::Draw) => {
            if len >= MAX_HAND {
                Err(Why::Rule(
                    "you hold ten cards, the most a hand may hold: trade or stand (rules §Canonical turn)",
                ))
            } else if !mechanics::card_available(state, cfg) {
                Err(Why::Rule("no card is left to draw (rules §Canonical turn)"))
            } else {
                Ok(())
            }
        }
        (Phase::Draw, Action::Trade(i)) => {
            position(i)?;
            if hand.is_blocked(i as usize) {
                Err(Why::Rule(
                    "a card in the interference field is frozen: it cannot be traded (rules §Interference field)",
                ))
            } else {
                Ok(())
            }
        }
        (Phase::Draw, Action::Stand) => Ok(()),
        (Phase::Draw, Action::CallHand) => {
            if state.tour >= call_tour(cfg) {
                Ok(())
            } else {
                Err(Why::Rule(
                    "the hand may be called only from the fourth tour, after three pot-building tours (rules §Canonical turn)",
                ))
            }
        }
        (Phase::Exchange, Action::Exchange(mask)) => {
            if u32::from(mask) >> len != 0 {
                let pos = 7 - mask.leading_zeros() as u8;
                return Err(Why::Position { pos, len: len as u8 });
            }
            if mask.count_ones() > u32::from(cfg.exchange) {
                return Err(Why::ExchangeMax { max: cfg.exchange });
            }
            Ok(())
        }
        (phase, _) => Err(Why::Awaited(phase)),
    }
}

/// Writes the legal canonical decisions.
pub fn legal(state: &State, cfg: &Config, out: &mut Vec<Action>) {
    let len = state.seats[state.actor as usize].hand.len() as u8;
    let mut push = |a: Action| {
        if allowed(state, cfg, a).is_ok() {
            out.push(a);
        }
    };
    match state.phase {
        Phase::Draw => {
            (0..len).for_each(|i| push(Action::Field(i)));
            push(Action::Draw);
            (0..len).for_each(|i| push(Action::Trade(i)));
            push(Action::Stand);
            push(Action::CallHand);
        }
        Phase::Exchange => (0..16u8).for_each(|m| push(Action::Exchange(m))),
        _ => {}
    }
}

/// Applies a canonical decision.
pub fn play(state: &mut State, cfg: &Config, action: Action) -> Next {
    let actor = state.actor as usize;
    match action {
        Action::Field(i) => {
            // Frozen in the interference field, face up in the middle of the table.
            let hand = &mut state.seats[actor].hand;
            hand.blocked |= 1 << i;
            hand.reveal(i as usize, PUBLIC);
        }
        Action::Draw => state.phase = Phase::DrawCard,
        Action::Trade(i) => {
            let (card, known) = state.seats[actor].hand.remove(i as usize);
            state.aside.push(card, known | seat_bit(actor));
            state.phase = Phase::DrawCard;
        }
        Action::Stand => return next_draw(state, cfg, actor),
        Action::CallHand => {
            state.called = true;
            return betting::start(state, cfg);
        }
        Action::Exchange(mask) => {
            for i in (0..4).rev() {
                if mask >> i & 1 == 1 {
                    let (card, known) = state.seats[actor].hand.remove(i);
                    state.aside.push(card, known | seat_bit(actor));
                }
            }
            state.step = mask.count_ones() as u8;
            if state.step == 0 {
                return next_exchange(state, cfg, actor);
            }
            state.phase = Phase::ExchangeCard;
        }
        _ => unreachable!("a canonical decision"),
    }
    Next::Done
}

/// After the card drawn or traded for.
pub fn after_draw(state: &mut State, cfg: &Config) -> Next {
    next_draw(state, cfg, state.actor as usize)
}

/// The draw phase moves on; after the last player the tour ends: the next tour's betting,
/// or, after the last tour, the hand is called.
fn next_draw(state: &mut State, cfg: &Config, from: usize) -> Next {
    if let Some(p) = next_in_pass(state, from) {
        state.phase = Phase::Draw;
        state.actor = p as u8;
        return Next::Done;
    }
    if state.tour >= cfg.tours {
        state.called = true;
    } else {
        state.tour += 1;
    }
    betting::start(state, cfg)
}

/// Every player in the hand shows. Bombed-out hands (over 23, under −23, or 0) pay a penalty
/// equal to the hand pot into the Sabacc pot; in each pot the best other hand among those it
/// is open to wins it (rules §Side pots), and the best hand of all wins the Sabacc pot too
/// with a pure Sabacc or the Idiot's Array. Equal best hands share.
fn showdown(state: &mut State, cfg: &Config) -> Next {
    if state.active_count() == 1 {
        return Next::WinUncontested;
    }
    let split = payout::split(state);
    let penalty = state.hand_pot;
    let mut ranks = [None; MAX_PLAYERS];
    let mut sabacc = 0u32;
    let contenders = payout::contenders(state);
    for p in (0..state.players()).filter(|&p| contenders >> p & 1 == 1) {
        mechanics::reveal(state, p);
        let h = hand::canon_hand_in(state.seats[p].hand.cards(), cfg.deck);
        if h.bombs() {
            mechanics::pay_sabacc(state, p, penalty);
        } else {
            ranks[p] = Some(i32::from(h.rank));
        }
        if h.is_sabacc() {
            sabacc |= seat_bit(p);
        }
    }
    settle(state, split, &ranks, sabacc)
}

/// Pays each pot to the best hand it is open to (by `ranks`; `None` cannot win), and the
/// Sabacc pot to the best hand of all when it is one of `sabacc`; then the next hand.
fn settle(state: &mut State, mut split: Pots, ranks: &[Option<i32>; MAX_PLAYERS], sabacc: u32) -> Next {
    for pot in split.as_mut_slice() {
        pot.winners = payout::best(state, pot.eligible, |p| ranks[p]);
    }
    let top = payout::best(state, payout::contenders(state), |p| ranks[p]);
    let sabacc_to = if top & sabacc == top { top } else { 0 };
    payout::pay(state, &split, sabacc_to);
    Next::EndHand
}

/// After a replacement card of the exchange.
pub fn after_exchange_card(state: &mut State, cfg: &Config) -> Next {
    state.step -= 1;
    if state.step > 0 {
        return Next::Done;
    }
    next_exchange(state, cfg, state.actor as usize)
}

fn next_exchange(state: &mut State, cfg: &Config, from: usize) -> Next {
    match next_in_pass(state, from) {
        Some(p) => {
            state.phase = Phase::Exchange;
            state.actor = p as u8;
            Next::Done
        }
        None if cfg.theory_money() => {
            // The exchange is over: the last betting round, then the showdown.
            state.called = true;
            betting::start(state, cfg)
        }
        None => theory_showdown(state, cfg),
    }
}

/// The theory game's showdown: every hand is shown. For points, the best hand scores its
/// score + 10, every other hand its score, and a hand over 46 loses (sum − 46) points; for
/// money, each pot goes to the best hand it is open to (a hand over 46 cannot win), and the
/// Sabacc pot to the best hand of all when it is a pure Sabacc or the Idiot's combination
/// (rules §The four-card theory game).
fn theory_showdown(state: &mut State, cfg: &Config) -> Next {
    if cfg.theory_money() {
        if state.active_count() == 1 {
            return Next::WinUncontested;
        }
        let split = payout::split(state);
        let mut ranks = [None; MAX_PLAYERS];
        let mut sabacc = 0u32;
        let contenders = payout::contenders(state);
        for p in (0..state.players()).filter(|&p| contenders >> p & 1 == 1) {
            mechanics::reveal(state, p);
            let h = hand::points_hand_in(state.seats[p].hand.cards(), cfg.deck);
            if !h.is_bust() {
                ranks[p] = Some(h.rank);
            }
            if hand::points_sabacc(h) {
                sabacc |= seat_bit(p);
            }
        }
        return settle(state, split, &ranks, sabacc);
    }
    points_showdown(state, cfg)
}

/// The points game's showdown: the best hand scores its score + 10, every other hand its
/// score, and a hand over 46 loses (sum − 46) points (rules §The four-card exchange game).
fn points_showdown(state: &mut State, cfg: &Config) -> Next {
    let mut best = i32::MIN;
    let mut hands = [None::<PointsHand>; crate::state::MAX_PLAYERS];
    for (p, slot) in hands.iter_mut().enumerate().take(state.players()) {
        if !state.seats[p].active() {
            continue;
        }
        mechanics::reveal(state, p);
        let h = hand::points_hand_in(state.seats[p].hand.cards(), cfg.deck);
        if !h.is_bust() {
            best = best.max(h.rank);
        }
        *slot = Some(h);
    }
    let mut winners = 0u32;
    for (p, h) in hands.iter().enumerate() {
        let Some(h) = h else { continue };
        let seat = &mut state.seats[p];
        if h.is_bust() {
            seat.points -= h.score;
        } else if h.rank == best {
            seat.points += h.score + 10;
            winners |= seat_bit(p);
        } else {
            seat.points += h.score;
        }
    }
    state.last = Some(Settlement { winners, ..Settlement::default() });
    Next::EndHand
}
