//! The checking of a position read from JSON (rules §Setup and every rule a position must
//! keep): every broken rule is named. Above the rules, which it asks whether a position can
//! go on (whether the Top Frog may be played).

use tabula_core::SetupError;

use crate::board::{Colour, FROGS};
use crate::leaps;
use crate::rules::may_play_top_frog;
use crate::setup::initial_state;
use crate::state::{Phase, State};

/// Checks `state` against the rules for a game whose turn limit is `turn_limit`; returns it
/// if every rule holds.
///
/// # Errors
/// Every problem found, one sentence each.
pub fn validate(state: State, turn_limit: u16) -> Result<State, SetupError> {
    if state.phase == Phase::Opening {
        // The corner stacks wait for the opening roll: only the initial state is possible.
        return if state == initial_state() {
            Ok(state)
        } else {
            Err(SetupError::one(
                "before the opening roll, six frogs of each colour are at the root and nothing else has happened",
            ))
        };
    }
    let mut problems = Vec::new();
    let mut bad = |p: String| problems.push(p);
    for player in Colour::ALL {
        let n = state.frogs(player);
        if n != u32::from(FROGS) {
            bad(format!("{player} has {n} frogs (root, board and pond together), not {FROGS}"));
        }
    }
    for (square, stack) in state.board.iter() {
        if stack.height() > square.max_height() {
            bad(format!(
                "the stack on {square} has {} frogs; at most {} fit there",
                stack.height(),
                square.max_height()
            ));
        }
        if let Some(owner) = square.owner() {
            if stack.count(owner.other()) > 0 {
                bad(format!(
                    "square {square} is {owner}'s safe sector, where no {} frog may be",
                    owner.other()
                ));
            }
        }
        if square.is_diamond() && stack.height() == 2 && stack.top_run() == 1 {
            bad(format!(
                "the stack on {square} mixes colours, which cannot happen: a frog landing on a lone opposing frog \
                 there hits it"
            ));
        }
    }
    if let Some(square) = state.top_frog {
        let stack = state.stack(square);
        let placer = state.to_move.other();
        if !square.is_outer() {
            bad(format!("the Top Frog is on {square}, but it goes only on the outer path"));
        } else if stack.top().is_some_and(|top| top != placer) {
            bad(format!(
                "the Top Frog sits on a {} frog at {square}, but {placer}, who moved last, placed it and may put it only \
                 on their own frogs or an empty square",
                state.to_move
            ));
        } else if stack.height() >= square.max_height() {
            bad(format!("the Top Frog sits on a maxed stack at {square}"));
        }
    }
    if state.turn > turn_limit {
        bad(format!("turn {} is past the game's turn limit of {turn_limit}", state.turn));
    }
    if state.winner.is_some() && state.phase != Phase::Over {
        bad("only a finished game has a winner".to_owned());
    }
    if state.phase != Phase::Over {
        for player in Colour::ALL {
            if state.has_won(player) {
                bad(format!("{player} has all twelve frogs in the pond, so the game is over"));
            }
        }
    }
    if !matches!(state.phase, Phase::Leap) && !state.dice.is_empty() {
        bad("dice are left to play only while leaping".to_owned());
    }
    if !problems.is_empty() {
        return Err(SetupError { problems });
    }
    check_phase(&state, turn_limit, &mut problems);
    if problems.is_empty() { Ok(state) } else { Err(SetupError { problems }) }
}

/// What each phase requires of the position.
fn check_phase(state: &State, turn_limit: u16, problems: &mut Vec<String>) {
    let mut bad = |p: &str| problems.push(p.to_owned());
    let player = state.to_move;
    match state.phase {
        Phase::Opening => unreachable!("checked first"),
        Phase::Roll => {
            if state.turn >= turn_limit {
                bad("the turn limit is reached: the game is over");
            }
        }
        Phase::Leap => {
            let dice = state.dice.as_slice();
            let double = dice.windows(2).all(|w| w[0] == w[1]);
            if dice.is_empty() {
                bad("a player leaping has dice left to play");
            } else if !double && dice.len() > 2 {
                bad("dice left are two different numbers, or up to four of a double");
            } else if !leaps::any_leap(state, player, state.dice) {
                bad("no leap is possible with the dice left, so the leaps are over");
            }
            if state.turn == 0 {
                bad("leaping comes after a roll: the turn count is at least 1");
            }
        }
        Phase::TopFrog => {
            if state.root[player.index()] > 0 {
                bad("a player with a frog at the root may not play the Top Frog");
            } else if !may_play_top_frog(state) {
                bad("no square takes the Top Frog, so it is not asked for");
            }
            if state.turn == 0 {
                bad("the Top Frog is played after a roll: the turn count is at least 1");
            }
        }
        Phase::Over => match state.winner {
            Some(winner) => {
                if !state.has_won(winner) {
                    bad("the winner has brought all twelve frogs into the pond");
                }
                if state.to_move != winner {
                    bad("the game ends on the winner's last leap: the winner is the player to move");
                }
                if state.has_won(winner.other()) {
                    bad("only one player can bring all twelve frogs into the pond");
                }
            }
            None => {
                if state.turn != turn_limit {
                    bad("a game without a winner is over only at the turn limit");
                }
            }
        },
    }
}
