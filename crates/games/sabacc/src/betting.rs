//! A betting round (rules §Betting), shared by the tarot and canonical rules.
//!
//! The player on the dealer's left opens with the minimum bet (a forced bet); the others, in
//! turn, call, raise or fold; the round ends when every player still in has matched the
//! highest bet or is all in. Table stakes with side pots ([`crate::pots`]): a player who
//! cannot match the bet calls with all he has and is *all in*: he acts no more in the hand's
//! betting, and the others bet on into side pots. A raise is at most what the raiser can pay
//! (with the raise's mouche) and what the richest other player can still call.

use crate::action::Action;
use crate::config::{Config, MAX_STEPS, Rules};
use crate::mechanics::{self, Next, Why};
use crate::state::{Phase, RollThen, State, Status};

/// The mouche of the current tour: the mouche, times the tour's number in the escalating
/// variant (rules §Betting, variant).
pub fn mouche_now(state: &State, cfg: &Config) -> i32 {
    if cfg.escalating { cfg.mouche * i32::from(state.tour) } else { cfg.mouche }
}

/// Whether seat `p` bets in this round: in the hand and not all in.
pub fn can_bet(state: &State, p: usize) -> bool {
    let seat = &state.seats[p];
    seat.active() && seat.stack > 0
}

/// The mouche a raiser pays (tarot); the canonical rules charge none.
fn raise_mouche(state: &State, cfg: &Config) -> i32 {
    if cfg.rules == Rules::Tarot { mouche_now(state, cfg) } else { 0 }
}

/// Starts a betting round: the forced opening bet, then the next player.
pub fn start(state: &mut State, cfg: &Config) -> Next {
    state.phase = Phase::Bet;
    state.level = 0;
    state.raises = 0;
    for seat in state.seats.iter_mut() {
        seat.bet = 0;
        seat.acted = false;
    }
    if state.active_count() < 2 {
        return Next::WinUncontested;
    }
    // With fewer than two players who can bet (the others all in), nobody bets.
    let bettors = state.active_seats().filter(|&p| can_bet(state, p)).count();
    let opener = state.active_seats().find(|&p| can_bet(state, p));
    let Some(opener) = opener.filter(|_| bettors >= 2) else {
        return Next::AfterBetting;
    };
    let paid = mechanics::pay_pot(state, opener, cfg.min_bet);
    state.seats[opener].bet = paid;
    state.seats[opener].acted = true;
    state.level = paid;
    advance(state, cfg, opener)
}

/// Betting resumes after a change at a new circuit.
pub fn resume(state: &mut State) {
    state.phase = Phase::Bet;
    state.actor = state.resume;
}

/// The next player who must act after `from`, or the end of the round.
fn advance(state: &mut State, cfg: &Config, from: usize) -> Next {
    let n = state.players();
    for k in 1..=n {
        let q = (from + k) % n;
        let seat = &state.seats[q];
        if can_bet(state, q) && !(seat.acted && seat.bet == state.level) {
            if cfg.circuit_change && state.position(q) <= state.position(from) {
                // A new circuit of the table: the dealer rolls first (tarot variant).
                state.resume = q as u8;
                return Next::StartRoll(RollThen::Betting);
            }
            state.phase = Phase::Bet;
            state.actor = q as u8;
            return Next::Done;
        }
    }
    // The betting round is over.
    Next::AfterBetting
}

/// The largest raise the player to act may make now, in money (a multiple of the minimum
/// bet; 0 when none): what the raiser can pay with the mouche, and what the richest other
/// player who can still bet could call (a raise nobody can call is no raise).
pub fn max_raise(state: &State, cfg: &Config) -> i32 {
    let actor = state.actor as usize;
    let me = &state.seats[actor];
    let mine = me.stack - (state.level - me.bet) - raise_mouche(state, cfg);
    let theirs = (0..state.players())
        .filter(|&p| p != actor && can_bet(state, p))
        .map(|p| state.seats[p].stack + state.seats[p].bet - state.level)
        .max()
        .unwrap_or(0);
    (mine.min(theirs).max(0) / cfg.min_bet) * cfg.min_bet
}

/// Whether a betting action is allowed.
pub fn allowed(state: &State, cfg: &Config, action: Action) -> Result<(), Why> {
    match action {
        // A player who cannot match the bet calls with all he has (all in).
        Action::Call | Action::Fold => Ok(()),
        Action::Raise(_) | Action::RaiseMax => {
            if state.raises >= cfg.raises {
                return Err(Why::RaiseCount { max: cfg.raises });
            }
            let max = max_raise(state, cfg);
            match action {
                Action::RaiseMax if !cfg.no_limit => Err(Why::Rule(
                    "`raise max` belongs to the no-limit variant; raise by an amount (rules §Betting)",
                )),
                Action::RaiseMax if max == 0 => Err(Why::RaiseCap { max }),
                Action::Raise(k) if k > cfg.steps() => {
                    Err(Why::StepCap { max: i32::from(cfg.steps().min(MAX_STEPS)) * cfg.min_bet })
                }
                Action::Raise(k) if i32::from(k) * cfg.min_bet > max => Err(Why::RaiseCap { max }),
                _ => Ok(()),
            }
        }
        _ => Err(Why::Awaited(Phase::Bet)),
    }
}

/// Writes the legal betting actions.
pub fn legal(state: &State, cfg: &Config, out: &mut Vec<Action>) {
    out.push(Action::Call);
    out.push(Action::Fold);
    if state.raises < cfg.raises {
        let max = max_raise(state, cfg);
        let steps = (max / cfg.min_bet).min(i32::from(cfg.steps()));
        out.extend((1..=steps).map(|k| Action::Raise(k as u8)));
        if cfg.no_limit && max > 0 {
            out.push(Action::RaiseMax);
        }
    }
}

/// Applies a betting action.
pub fn play(state: &mut State, cfg: &Config, action: Action) -> Next {
    let actor = state.actor as usize;
    match action {
        Action::Call => {
            let need = state.level - state.seats[actor].bet;
            let paid = mechanics::pay_pot(state, actor, need);
            state.seats[actor].bet += paid;
            state.seats[actor].acted = true;
        }
        Action::Fold => {
            let penalty = if cfg.rules == Rules::Tarot { mouche_now(state, cfg) } else { cfg.mouche };
            mechanics::pay_sabacc(state, actor, penalty);
            let seat = &mut state.seats[actor];
            seat.status = Status::Idle;
            seat.hand.blocked = 0;
            if state.active_count() == 1 {
                return Next::WinUncontested;
            }
        }
        Action::Raise(_) | Action::RaiseMax => {
            let by = match action {
                Action::Raise(k) => i32::from(k) * cfg.min_bet,
                _ => max_raise(state, cfg),
            };
            let need = state.level + by - state.seats[actor].bet;
            let paid = mechanics::pay_pot(state, actor, need);
            let mouche = raise_mouche(state, cfg);
            mechanics::pay_sabacc(state, actor, mouche);
            state.seats[actor].bet += paid;
            state.level = state.seats[actor].bet;
            state.raises += 1;
            for seat in state.seats.iter_mut() {
                seat.acted = false;
            }
            state.seats[actor].acted = true;
        }
        _ => unreachable!("a betting action"),
    }
    advance(state, cfg, actor)
}
