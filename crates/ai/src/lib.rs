//! # tabula-ai
//!
//! Bots for every game. **A bot never sees the true state**: it receives its seat's view
//! and, when it needs full states, samples them through the game's determinization. So a
//! bot cannot cheat by construction, and the same bots can sit at any table.
//!
//! ```
//! use tabula_ai::{Bot, RandomBot};
//! use tabula_core::{Game, Turn, sample_chance};
//! use tabula_sabotage_pipes::SabotagePipes;
//!
//! let game = SabotagePipes::with_defaults();
//! let mut state = game.initial_state();
//! let mut bot = RandomBot::new(1);
//! let mut rng = <tabula_core::Rng as rand::SeedableRng>::seed_from_u64(2);
//! while let Turn::Chance = game.turn(&state) {
//!     let card = sample_chance(&game, &state, &mut Vec::new(), &mut rng);
//!     game.play(&mut state, card).unwrap();
//! }
//! let seat = game.turn(&state).player().unwrap();
//! let action = bot.choose(&game, &game.view(&state, seat));
//! assert!(game.play(&mut state, action).is_ok());
//! ```

#![deny(missing_docs)]

mod erased;
mod greedy;
mod random;

pub use erased::{BOT_NAMES, make_bot};
pub use greedy::GreedyBot;
pub use random::RandomBot;

use rand::Rng;
use tabula_core::Game;

/// A bot: picks an action for the seat whose view it is given.
pub trait Bot<G: Game>: Send {
    /// The bot's name with its settings.
    fn name(&self) -> String;

    /// The action to play. The view must be that of the seat to act.
    fn choose(&mut self, game: &G, view: &G::View) -> G::Action;
}

/// The legal actions of the seat whose view this is, found on a determinization (a seat's
/// legal actions depend only on what it sees; the conformance harness checks it).
pub fn legal_from_view<G: Game, R: Rng + ?Sized>(game: &G, view: &G::View, rng: &mut R) -> Vec<G::Action> {
    let state = game.determinize(view, rng);
    let mut actions = Vec::new();
    game.legal_actions(&state, &mut actions);
    actions
}
