//! The observation tensor: a seat's [`View`] (the whole board: Abagio hides nothing) as
//! `f32`s (see `tabula_core::observation` for the conventions, `docs/python-observations.md`
//! for every game).
//!
//! Shape `[363]`, one flat vector, from the observing seat's side: "own" is its colour,
//! "other" the opponent's. Squares are in *perspective order*: the 17 outer squares from the
//! root (25 down to 9), Eight, the seat's own safe sector (7 down to 2), the opponent's safe
//! sector (7 down to 2), One — so both seats see their own path the same way.
//!
//! | offset | section | values | what |
//! |---|---|---|---|
//! | 0 | `seat` | 2 | the seat's colour, one-hot (red, purple) |
//! | 2 | `phase` | 5 | opening roll, roll, leap, Top Frog, over |
//! | 7 | `to_move` | 2 | the player to act (own, other); at the end the winner, or after the turn limit the next to move |
//! | 9 | `winner` | 2 | own, other; zeros: none (yet, or a draw) |
//! | 11 | `dice` | 6 | the dice left to play: how many show 1 … 6, / 4 |
//! | 17 | `root` | 2 | frogs at the root / 12 (own, other) |
//! | 19 | `pond` | 2 | frogs in the pond / 12 (own, other) |
//! | 21 | `board` | 31 × 5 × 2 | per square (perspective order), per stack level from the bottom: an own frog, an other frog |
//! | 331 | `top_frog` | 31 | the Top Frog's square (perspective order), zeros: off the board |
//! | 362 | `turn` | 1 | turns begun / the turn limit |
//!
//! The tensor loses nothing of the view.

use tabula_core::observation::Writer;

use crate::board::{Colour, FROGS, MAX_STACK, SECTOR_SQUARES, Square};
use crate::state::Phase;
use crate::view::View;

/// Where the board section starts.
pub const BOARD: usize = 21;
/// Values per square on the board: two per stack level.
pub const PER_SQUARE: usize = 2 * MAX_STACK as usize;
/// Where the Top Frog's square starts.
pub const TOP_FROG: usize = BOARD + Square::NUM * PER_SQUARE;
/// The number of values.
pub const LEN: usize = TOP_FROG + Square::NUM + 1;

/// The index of the first square of red's safe sector; purple's follows it.
const SECTOR: usize = Square::EIGHT.index() + 1;

/// Square `square`'s place in the perspective order of `me`: the sectors swap for purple.
pub fn perspective(square: Square, me: Colour) -> usize {
    let i = square.index();
    let s = SECTOR_SQUARES as usize;
    match me {
        Colour::Purple if (SECTOR..SECTOR + s).contains(&i) => i + s,
        Colour::Purple if (SECTOR + s..SECTOR + 2 * s).contains(&i) => i - s,
        _ => i,
    }
}

fn phase_index(phase: Phase) -> usize {
    match phase {
        Phase::Opening => 0,
        Phase::Roll => 1,
        Phase::Leap => 2,
        Phase::TopFrog => 3,
        Phase::Over => 4,
    }
}

/// Writes `view` into `out` (length [`LEN`]); `turn_limit` scales the turn count.
///
/// # Panics
/// If `out` has another length.
pub fn write(view: &View, turn_limit: u16, out: &mut [f32]) {
    let me = view.colour;
    let s = &view.state;
    let sides = [me, me.other()];
    let side = |c: Colour| usize::from(c != me);
    let mut w = Writer::new(out);
    w.one_hot(me.index(), 2);
    w.one_hot(phase_index(s.phase), 5);
    w.one_hot(side(s.to_move), 2);
    w.one_hot_opt(s.winner.map(side), 2);
    for face in 1..=6 {
        let n = s.dice.as_slice().iter().filter(|&&d| d == face).count();
        w.scaled(n as f64, 4.0);
    }
    for c in sides {
        w.scaled(f64::from(s.root[c.index()]), f64::from(FROGS));
    }
    for c in sides {
        w.scaled(f64::from(s.pond[c.index()]), f64::from(FROGS));
    }
    debug_assert_eq!(w.position(), BOARD);
    let board = w.section(Square::NUM * PER_SQUARE);
    for (square, stack) in s.board.iter() {
        let at = perspective(square, me) * PER_SQUARE;
        for level in 0..stack.height() {
            board[at + 2 * level as usize + side(stack.frog(level))] = 1.0;
        }
    }
    w.one_hot_opt(s.top_frog.map(|sq| perspective(sq, me)), Square::NUM);
    w.scaled(f64::from(s.turn), f64::from(turn_limit));
    w.finish();
}

#[cfg(test)]
mod tests {
    use tabula_core::Game;

    use super::*;
    use crate::Abagio;

    #[test]
    fn each_seat_sees_the_board_from_its_side() {
        let game = Abagio::with_defaults();
        assert_eq!(game.observation_shape(), vec![LEN]);
        let mut state = game.initial_state();
        for text in ["open r5 p3", "roll 6-4"] {
            game.play(&mut state, game.parse_action(text).unwrap()).unwrap();
        }
        let mut red = vec![0.0; LEN];
        let mut purple = vec![0.0; LEN];
        game.write_observation(&game.view(&state, 0), &mut red);
        game.write_observation(&game.view(&state, 1), &mut purple);
        assert_eq!(red[0], 1.0);
        assert_eq!(purple[1], 1.0);
        // Red leaps: it is to act, from its side and from purple's.
        assert_eq!((red[7], purple[8]), (1.0, 1.0));
        assert_eq!((red[11 + 3], red[11 + 5]), (0.25, 0.25), "a 4 and a 6 to play");
        assert_eq!(red[17], 6.0 / 12.0, "six red frogs at the root");
        // The corner stacks hold both colours: each frog shows as own for its colour.
        let corner = Square::from_index(4).unwrap();
        assert!(corner.is_corner());
        let stack = state.board.get(corner);
        let bottom = stack.frog(0);
        let at = BOARD + perspective(corner, Colour::Red) * PER_SQUARE;
        assert_eq!(red[at + usize::from(bottom != Colour::Red)], 1.0);
        assert_eq!(purple[at + usize::from(bottom != Colour::Purple)], 1.0);
    }

    #[test]
    fn the_sectors_swap_for_purple() {
        let red_first = Square::at(Colour::Red, 7).unwrap();
        let purple_first = Square::at(Colour::Purple, 7).unwrap();
        assert_eq!(perspective(red_first, Colour::Red), perspective(purple_first, Colour::Purple));
        assert_eq!(perspective(Square::ONE, Colour::Purple), Square::ONE.index());
    }
}
