//! The setup (rules §Setup): the board before the opening roll and the three corner stacks
//! the opening roll places. Positions read from JSON are checked in `position`.

use crate::board::{
    CORNER_STACK, CORNER_STEPS, CORNER_TOP_IS_FIRST, Colour, ROOT, ROOT_FROGS, Square, Stack,
};
use crate::state::{Board, Dice, Phase, State};

/// The state before the opening roll: six frogs of each colour at the root. The corner
/// stacks wait for the opening roll, since their top colours depend on who plays first.
pub fn initial_state() -> State {
    State {
        phase: Phase::Opening,
        to_move: Colour::Red,
        dice: Dice::NONE,
        root: [ROOT_FROGS; 2],
        pond: [0; 2],
        board: Board::default(),
        top_frog: None,
        turn: 0,
        winner: None,
    }
}

/// The mixed stack of a corner: four frogs of alternating colours, `top` on top.
pub fn corner_stack(top: Colour) -> Stack {
    let mut stack = Stack::EMPTY;
    for level in 0..CORNER_STACK {
        let from_top = CORNER_STACK - 1 - level;
        stack.push(if from_top % 2 == 0 { top } else { top.other() });
    }
    stack
}

/// The square of each corner stack, top-left, top-right, bottom-right.
pub fn corner_squares() -> [Square; 3] {
    CORNER_STEPS.map(|step| Square::shared(ROOT - step).expect("corners are outer squares"))
}

/// Places the three mixed corner stacks for `first` playing first (the rulebook's
/// diagrams 1 and 2).
pub fn place_corner_stacks(state: &mut State, first: Colour) {
    for (square, first_on_top) in corner_squares().into_iter().zip(CORNER_TOP_IS_FIRST) {
        *state.board.get_mut(square) = corner_stack(if first_on_top { first } else { first.other() });
    }
}
