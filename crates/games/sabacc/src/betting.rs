//! A betting round (rules §Betting), shared by the tarot and canonical rules.
//!
//! The player on the dealer's left opens with the minimum bet (a forced bet); the others, in
//! turn, call, raise or fold; the round ends when every player still in has matched the
//! highest bet. Table stakes without side pots: nobody is ever asked for more than the
//! poorest player in the hand can pay, so a raise is capped at what that player can still
//! call (keeping back one mouche for a change at a new circuit, in that variant).

use crate::action::Action;
use crate::config::{Config, MAX_STEPS, Rules};
use crate::rules::{self, Why};
use crate::state::{Phase, RollThen, State, Status};
use crate::{canonical, tarot};

/// The mouche of the current tour: the mouche, times the tour's number in the escalating
/// variant (rules §Betting, variant).
pub fn mouche_now(state: &State, cfg: &Config) -> i32 {
    if cfg.escalating { cfg.mouche * i32::from(state.tour) } else { cfg.mouche }
}

/// Money each player keeps back for a change at a new circuit (that variant only).
fn reserve(state: &State, cfg: &Config) -> i32 {
    if cfg.circuit_change { mouche_now(state, cfg) } else { 0 }
}

/// The mouche a raiser pays (tarot); the canonical rules charge none.
fn raise_mouche(state: &State, cfg: &Config) -> i32 {
    if cfg.rules == Rules::Tarot { mouche_now(state, cfg) } else { 0 }
}

/// Starts a betting round: the forced opening bet, then the next player.
pub fn start(state: &mut State, cfg: &Config) {
    state.phase = Phase::Bet;
    state.level = 0;
    state.raises = 0;
    for seat in state.seats.iter_mut() {
        seat.bet = 0;
        seat.acted = false;
    }
    if state.active_count() < 2 {
        rules::win_uncontested(state, cfg);
        return;
    }
    let opener = state.first_active().expect("two seats in the hand");
    let keep = reserve(state, cfg);
    let poorest = state.seats.iter().filter(|s| s.active()).map(|s| s.stack - keep).min().unwrap_or(0);
    let open = cfg.min_bet.min(poorest).max(0);
    let paid = rules::pay_pot(state, opener, open);
    state.seats[opener].bet = paid;
    state.seats[opener].acted = true;
    state.level = paid;
    advance(state, cfg, opener);
}

/// Betting resumes after a change at a new circuit.
pub fn resume(state: &mut State) {
    state.phase = Phase::Bet;
    state.actor = state.resume;
}

/// The next player who must act after `from`, or the end of the round.
fn advance(state: &mut State, cfg: &Config, from: usize) {
    let n = state.players();
    for k in 1..=n {
        let q = (from + k) % n;
        let seat = &state.seats[q];
        if seat.active() && !(seat.acted && seat.bet == state.level) {
            if cfg.circuit_change && state.position(q) <= state.position(from) {
                // A new circuit of the table: the dealer rolls first (tarot variant).
                state.resume = q as u8;
                rules::start_roll(state, cfg, RollThen::Betting);
            } else {
                state.phase = Phase::Bet;
                state.actor = q as u8;
            }
            return;
        }
    }
    match cfg.rules {
        Rules::Tarot => tarot::after_betting(state, cfg),
        _ => canonical::after_betting(state, cfg),
    }
}

/// The largest raise the player to act may make now, in money (a multiple of the minimum
/// bet; 0 when none): what the poorest other player can still call, and what the raiser can
/// pay with the mouche.
pub fn max_raise(state: &State, cfg: &Config) -> i32 {
    let actor = state.actor as usize;
    let keep = reserve(state, cfg);
    let mut cap = i32::MAX;
    for (p, seat) in state.seats.iter().enumerate() {
        if !seat.active() {
            continue;
        }
        let room = if p == actor {
            seat.stack - (state.level - seat.bet) - raise_mouche(state, cfg) - keep
        } else {
            seat.stack + seat.bet - keep - state.level
        };
        cap = cap.min(room);
    }
    (cap.max(0) / cfg.min_bet) * cfg.min_bet
}

/// Whether a betting action is allowed.
pub fn allowed(state: &State, cfg: &Config, action: Action) -> Result<(), Why> {
    let seat = &state.seats[state.actor as usize];
    match action {
        Action::Call => {
            let need = state.level - seat.bet;
            if need > seat.stack { Err(Why::Money { need, have: seat.stack }) } else { Ok(()) }
        }
        Action::Fold => Ok(()),
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
    let seat = &state.seats[state.actor as usize];
    if state.level - seat.bet <= seat.stack {
        out.push(Action::Call);
    }
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
pub fn play(state: &mut State, cfg: &Config, action: Action) {
    let actor = state.actor as usize;
    match action {
        Action::Call => {
            let need = state.level - state.seats[actor].bet;
            let paid = rules::pay_pot(state, actor, need);
            state.seats[actor].bet += paid;
            state.seats[actor].acted = true;
        }
        Action::Fold => {
            let penalty = if cfg.rules == Rules::Tarot { mouche_now(state, cfg) } else { cfg.mouche };
            rules::pay_sabacc(state, actor, penalty);
            let seat = &mut state.seats[actor];
            seat.status = Status::Idle;
            seat.hand.blocked = 0;
            if state.active_count() == 1 {
                rules::win_uncontested(state, cfg);
                return;
            }
        }
        Action::Raise(_) | Action::RaiseMax => {
            let by = match action {
                Action::Raise(k) => i32::from(k) * cfg.min_bet,
                _ => max_raise(state, cfg),
            };
            let need = state.level + by - state.seats[actor].bet;
            let paid = rules::pay_pot(state, actor, need);
            let mouche = raise_mouche(state, cfg);
            rules::pay_sabacc(state, actor, mouche);
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
    advance(state, cfg, actor);
}
