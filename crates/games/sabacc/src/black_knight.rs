//! Black Knight: Sabacc played like blackjack against a banker (rules §Black Knight in
//! `docs/rules/sabacc.md`). The rulebook stops after its seat and card limits; the rest is
//! rules-notes §2(b)6's reading: each player bets against the banker, two cards each (one of
//! the banker's face up), players hit or stand, the banker draws to 19 and stands on 20,
//! closer to 23 wins even money, a Sabacc pays 3 to 2.

use crate::action::Action;
use crate::config::Config;
use crate::hand::{self, LOSING, TarotHand};
use crate::mechanics::{self, Next, Why};
use crate::state::{Phase, Settlement, State, Status, seat_bit};

/// What a winning bet of `bet` pays with a Sabacc (3 to 2, rounded down).
pub fn sabacc_payout(bet: i32) -> i32 {
    bet * 3 / 2
}

/// The banker draws while his hand is worth 19 or less (and is no Sabacc), below the card
/// limit.
pub const BANKER_STANDS_ON: u8 = 20;

fn evaluate(state: &State, cfg: &Config, seat: usize) -> TarotHand {
    hand::tarot_hand(state.seats[seat].hand.cards(), cfg.deck)
}

/// What the banker has promised to cover: a Sabacc payout on every bet placed.
fn covered(state: &State) -> i32 {
    let banker = state.dealer as usize;
    (0..state.players()).filter(|&p| p != banker).map(|p| sabacc_payout(state.seats[p].bet)).sum()
}

/// The largest bet, in minimum bets, the player to act may place: what he holds, what the
/// banker can still cover, and the limit game's largest bet.
fn max_steps(state: &State, cfg: &Config, seat: usize) -> u8 {
    let room = state.seats[state.dealer as usize].stack - covered(state);
    let stack = state.seats[seat].stack;
    (1..=cfg.steps())
        .rev()
        .find(|&k| {
            let bet = i32::from(k) * cfg.min_bet;
            bet <= stack && sabacc_payout(bet) <= room
        })
        .unwrap_or(0)
}

/// A hand starts: each player in turn bets against the banker (the dealer).
pub fn start_hand(state: &mut State, cfg: &Config) -> Next {
    next_wager(state, cfg, None)
}

/// The next player in the hand after `from` in this pass (from the banker's left when
/// `None`); the banker plays last, on his own.
fn next_in_pass(state: &State, from: Option<usize>) -> Option<usize> {
    let banker = state.dealer as usize;
    let after = |p: usize| from.is_none_or(|f| state.position(p) > state.position(f));
    state.active_seats().find(|&p| p != banker && after(p))
}

/// The next player who can bet; one who cannot (too poor, or the banker cannot cover even
/// the minimum bet) sits the hand out. With no bet at all the hand is void.
fn next_wager(state: &mut State, cfg: &Config, from: Option<usize>) -> Next {
    let mut from = from;
    while let Some(p) = next_in_pass(state, from) {
        if max_steps(state, cfg, p) >= 1 {
            state.phase = Phase::Wager;
            state.actor = p as u8;
            return Next::Done;
        }
        state.seats[p].status = Status::Idle;
        from = Some(p);
    }
    if state.seats.iter().all(|s| s.bet == 0) {
        state.last = Some(Settlement::default());
        return Next::EndHand;
    }
    state.phase = Phase::Deal;
    state.step = 0;
    Next::Done
}

/// Whether a Black Knight decision is allowed.
pub fn allowed(state: &State, cfg: &Config, action: Action) -> Result<(), Why> {
    let actor = state.actor as usize;
    match (state.phase, action) {
        (Phase::Wager, Action::Bet(k)) => {
            let bet = i32::from(k) * cfg.min_bet;
            if k > cfg.steps() {
                Err(Why::StepCap { max: i32::from(cfg.steps()) * cfg.min_bet })
            } else if bet > state.seats[actor].stack {
                Err(Why::Money { need: bet, have: state.seats[actor].stack })
            } else if k > max_steps(state, cfg, actor) {
                Err(Why::Rule(
                    "the banker cannot cover that bet: he must be able to pay 3 to 2 on every bet (rules §Black Knight)",
                ))
            } else {
                Ok(())
            }
        }
        (Phase::Hit, Action::Hit) => {
            if state.seats[actor].hand.len() >= cfg.card_limit() as usize {
                Err(Why::Rule(
                    "you hold the most cards allowed (10 with 78 cards, 7 with 54): stand (rules §Black Knight)",
                ))
            } else if !mechanics::card_available(state, cfg) {
                Err(Why::Rule("no card is left in the deck: stand (rules §Black Knight)"))
            } else {
                Ok(())
            }
        }
        (Phase::Hit, Action::Stand) => Ok(()),
        (phase, _) => Err(Why::Awaited(phase)),
    }
}

/// Writes the legal Black Knight decisions.
pub fn legal(state: &State, cfg: &Config, out: &mut Vec<Action>) {
    match state.phase {
        Phase::Wager => {
            let max = max_steps(state, cfg, state.actor as usize);
            out.extend((1..=max).map(Action::Bet));
        }
        Phase::Hit => {
            if allowed(state, cfg, Action::Hit).is_ok() {
                out.push(Action::Hit);
            }
            out.push(Action::Stand);
        }
        _ => {}
    }
}

/// Applies a Black Knight decision.
pub fn play(state: &mut State, cfg: &Config, action: Action) -> Next {
    let actor = state.actor as usize;
    match action {
        Action::Bet(k) => {
            let paid = mechanics::pay_pot(state, actor, i32::from(k) * cfg.min_bet);
            state.seats[actor].bet = paid;
            next_wager(state, cfg, Some(actor))
        }
        Action::Hit => {
            state.phase = Phase::HitCard;
            Next::Done
        }
        Action::Stand => next_hitter(state, cfg, Some(actor)),
        _ => unreachable!("a Black Knight decision"),
    }
}

/// A player over 23 loses his bet to the banker at once and shows his cards.
fn bust(state: &mut State, seat: usize) {
    let banker = state.dealer as usize;
    let bet = std::mem::take(&mut state.seats[seat].bet);
    state.seats[seat].staked = 0;
    state.hand_pot -= bet;
    state.seats[banker].stack += bet;
    state.seats[seat].status = Status::Idle;
    mechanics::reveal(state, seat);
}

/// The deal is done: hands already over 23 lose; the players' turns.
pub fn after_deal(state: &mut State, cfg: &Config) -> Next {
    let banker = state.dealer as usize;
    for p in 0..state.players() {
        if p != banker && state.seats[p].active() && evaluate(state, cfg, p).rank == LOSING {
            bust(state, p);
        }
    }
    next_hitter(state, cfg, None)
}

/// The next player to hit or stand; players at the card limit stand. After the last, the
/// banker plays.
fn next_hitter(state: &mut State, cfg: &Config, from: Option<usize>) -> Next {
    let mut from = from;
    while let Some(p) = next_in_pass(state, from) {
        if state.seats[p].hand.len() < cfg.card_limit() as usize {
            state.phase = Phase::Hit;
            state.actor = p as u8;
            return Next::Done;
        }
        from = Some(p);
    }
    let banker = state.dealer as usize;
    mechanics::reveal(state, banker);
    state.actor = banker as u8;
    if state.active_seats().any(|p| p != banker) { banker_plays(state, cfg) } else { settle(state, cfg) }
}

/// After the card a player hit.
pub fn after_hit(state: &mut State, cfg: &Config) -> Next {
    let actor = state.actor as usize;
    if evaluate(state, cfg, actor).rank == LOSING {
        bust(state, actor);
        next_hitter(state, cfg, Some(actor))
    } else if state.seats[actor].hand.len() >= cfg.card_limit() as usize {
        next_hitter(state, cfg, Some(actor))
    } else {
        state.phase = Phase::Hit;
        Next::Done
    }
}

/// The banker draws while he must, then the bets are settled.
pub fn banker_plays(state: &mut State, cfg: &Config) -> Next {
    let banker = state.dealer as usize;
    let h = evaluate(state, cfg, banker);
    let must_draw = !h.is_sabacc()
        && h.rank != LOSING
        && h.value < BANKER_STANDS_ON
        && state.seats[banker].hand.len() < cfg.card_limit() as usize;
    if must_draw && mechanics::card_available(state, cfg) {
        state.phase = Phase::BankerCard;
        return Next::Done;
    }
    settle(state, cfg)
}

/// Each player still in against the banker: better wins (3 to 2 with a Sabacc, else even
/// money), equal pushes, worse loses; a banker over 23 pays every player still in.
fn settle(state: &mut State, cfg: &Config) -> Next {
    let banker = state.dealer as usize;
    let hb = evaluate(state, cfg, banker);
    let mut winners = 0u32;
    let mut paid = 0;
    for p in 0..state.players() {
        if p == banker || !state.seats[p].active() {
            continue;
        }
        mechanics::reveal(state, p);
        let hp = evaluate(state, cfg, p);
        let bet = std::mem::take(&mut state.seats[p].bet);
        state.seats[p].staked = 0;
        state.hand_pot -= bet;
        if hb.rank == LOSING || hp.rank > hb.rank {
            let win = if hp.is_sabacc() { sabacc_payout(bet) } else { bet };
            state.seats[banker].stack -= win;
            state.seats[p].stack += bet + win;
            paid += win;
            winners |= seat_bit(p);
        } else if hp.rank == hb.rank {
            state.seats[p].stack += bet;
        } else {
            state.seats[banker].stack += bet;
        }
    }
    state.last = Some(Settlement { winners, pot: paid, ..Settlement::default() });
    Next::EndHand
}
