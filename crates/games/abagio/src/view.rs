//! What one seat sees. Abagio has no hidden information: every seat sees the whole state,
//! so a view is the state and the seat, and determinization gives the state back.

use serde::Serialize;

use crate::board::Colour;
use crate::state::State;

/// Seat `player`'s view of the game: everything.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct View {
    /// Whose view this is (0: red, 1: purple).
    pub player: u8,
    /// That seat's colour.
    pub colour: Colour,
    /// The whole state.
    pub state: State,
}

/// Builds seat `player`'s view.
pub fn view(state: &State, player: usize) -> View {
    let colour = Colour::of_seat(player).expect("Abagio has seats 0 and 1");
    View { player: player as u8, colour, state: *state }
}
