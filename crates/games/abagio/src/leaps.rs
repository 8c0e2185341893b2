//! Leaping (rules §Leaping, §Stacks, §Final leaps, §Other leaping rules): whether one frog
//! may leap with one die, what a leap does, and which leaps keep a maximal sequence of
//! leaps possible — searched over the dice left, like a backgammon move generator. The
//! search runs on bit sets over the player's path (`leaps/reach.rs`); [`single_leap`]
//! states the same rules square by square, for checking and explaining one leap.

mod reach;

use reach::Reach;

use crate::action::Action;
use crate::board::{Colour, FROGS, ROOT, Square};
use crate::state::{Dice, State};

/// The most leaps offered at once: the root and one square per frog as sources (13), each
/// with at most two different numbers. The capacity of a list of leaps.
pub const MAX_LEAPS: usize = 2 * (FROGS as usize + 1);

/// Where a leap ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Landing {
    /// On a square of the board.
    Square(Square),
    /// In the pond: a final leap.
    Pond,
}

/// Why one frog may not leap with one die, whatever the other dice (one rule each).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// No frog of the player's there.
    NoFrog,
    /// The player's frogs there are under another frog (only the top frog leaps).
    Buried {
        /// The colour of the top frog.
        top: Colour,
    },
    /// The Top Frog sits on the frog.
    Frozen,
    /// A final leap while some frog is still at the root or on the outer path.
    PondClosed,
    /// A final leap with a larger number from a frog that is not the farthest.
    NotFarthest {
        /// The square of the farthest frog.
        farthest: u8,
    },
    /// The Top Frog sits on the landing square.
    TopFrogThere(Square),
    /// The landing stack is maxed.
    Maxed(Square),
    /// The landing stack has an opposing heap on top.
    Heap {
        /// The landing square.
        square: Square,
        /// How many opposing frogs lie on top.
        run: u8,
    },
}

/// Whether `player`'s top frog on `from` (26: the root) may leap `die` squares, and where it
/// lands. Only the landing square matters: frogs leap over anything.
///
/// # Errors
/// The rule that forbids the leap.
pub fn single_leap(state: &State, player: Colour, from: u8, die: u8) -> Result<Landing, Refusal> {
    if from == ROOT {
        if state.root[player.index()] == 0 {
            return Err(Refusal::NoFrog);
        }
    } else {
        let square = Square::at(player, from).ok_or(Refusal::NoFrog)?;
        let stack = state.stack(square);
        match stack.top() {
            Some(top) if top == player => {}
            Some(top) if stack.count(player) > 0 => return Err(Refusal::Buried { top }),
            _ => return Err(Refusal::NoFrog),
        }
        if state.frozen(square) {
            return Err(Refusal::Frozen);
        }
    }
    if die >= from {
        if !state.all_inner(player) {
            return Err(Refusal::PondClosed);
        }
        if die > from {
            let farthest = state.farthest(player);
            if farthest > from {
                return Err(Refusal::NotFarthest { farthest });
            }
        }
        return Ok(Landing::Pond);
    }
    let target = Square::at(player, from - die).expect("a square between the root and the pond");
    if state.frozen(target) {
        return Err(Refusal::TopFrogThere(target));
    }
    let stack = state.stack(target);
    if stack.height() >= target.max_height() {
        return Err(Refusal::Maxed(target));
    }
    match stack.top() {
        Some(top) if top != player && stack.top_run() >= 3 => {
            Err(Refusal::Heap { square: target, run: stack.top_run() })
        }
        _ => Ok(Landing::Square(target)),
    }
}

/// Where a leap of `die` from `from` ends, if it is allowed: what [`single_leap`] says
/// when it says yes.
pub(crate) fn landing(player: Colour, from: u8, die: u8) -> Landing {
    if die >= from {
        Landing::Pond
    } else {
        Landing::Square(Square::at(player, from - die).expect("a square between the root and the pond"))
    }
}

/// Makes a leap that [`single_leap`] allowed: a blot of the other player on the landing
/// square goes back to its root, a pair is covered, and twelve frogs in the pond win.
pub fn apply_leap(state: &mut State, player: Colour, from: u8, landing: Landing) {
    if from == ROOT {
        state.root[player.index()] -= 1;
    } else {
        let square = Square::at(player, from).expect("a leap starts on a square");
        state.board.get_mut(square).pop();
    }
    match landing {
        Landing::Pond => state.pond[player.index()] += 1,
        Landing::Square(target) => {
            let stack = state.board.get_mut(target);
            if stack.top() == Some(player.other()) && stack.top_run() == 1 {
                stack.pop();
                state.root[player.other().index()] += 1;
            }
            stack.push(player);
        }
    }
}

/// Whether `player` can make any leap with one of `dice`.
pub fn any_leap(state: &State, player: Colour, dice: Dice) -> bool {
    !dice.is_empty()
        && (reach::some_leap_onto_board(state, player, dice) || Reach::new(state, player).any(dice))
}

/// The most leaps `player` can make in a row with `dice`, in any order, every landing legal.
pub fn max_leaps(state: &State, player: Colour, dice: Dice) -> u8 {
    Reach::new(state, player).most(dice)
}

/// The most leaps in a sequence that starts with this one. A leap that brings the twelfth
/// frog into the pond ends the game, so it counts as playing every number left.
fn after_leap(state: &State, player: Colour, from: u8, die: u8, landing: Landing, dice: Dice) -> u8 {
    let mut next = *state;
    apply_leap(&mut next, player, from, landing);
    if next.has_won(player) { dice.len() as u8 } else { 1 + max_leaps(&next, player, dice.without(die)) }
}

/// The leaps the player to move may make now (rules §Other leaping rules): those after
/// which the most leaps the dice allow can still be made; and when only one of two
/// different numbers can be played, those with the larger if it can be. Written into `out`
/// (cleared first), by square (root first) then die (larger first).
pub fn legal_leaps(state: &State, out: &mut Vec<Action>) {
    out.clear();
    Reach::new(state, state.to_move).legal(state.dice).write(out);
}

/// What the forced-move rules say about one leap that is possible on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Forced {
    /// The leap keeps a maximal sequence possible.
    Allowed,
    /// After it only `after` more leaps can be made, where `best` leaps in all are possible.
    TooFew {
        /// Leaps possible after this one.
        after: u8,
        /// The most leaps possible this turn from here, this one included.
        best: u8,
    },
    /// Only one number can be played and the larger can: the smaller may not be.
    Larger {
        /// The larger number.
        larger: u8,
    },
}

/// Judges a leap that [`single_leap`] allows by the forced-move rules.
pub fn forced(state: &State, from: u8, die: u8) -> Forced {
    let mut legal = Vec::with_capacity(MAX_LEAPS);
    legal_leaps(state, &mut legal);
    if legal.contains(&Action::Leap { from, die }) {
        return Forced::Allowed;
    }
    let player = state.to_move;
    let best = max_leaps(state, player, state.dice);
    let landing = single_leap(state, player, from, die).expect("judged only when possible on its own");
    let most = after_leap(state, player, from, die, landing, state.dice);
    if most < best {
        Forced::TooFew { after: most - 1, best }
    } else {
        Forced::Larger { larger: state.dice.as_slice()[0] }
    }
}
