//! # tabula-ai
//!
//! Bots for every game. **A bot never sees the true state**: it receives its seat's view
//! and, when it needs full states, samples them through the game's determinization. So a
//! bot cannot cheat by construction, and the same bots can sit at any table.
//!
//! | bot | plays |
//! |---|---|
//! | `random` | a uniformly random legal move |
//! | `greedy` | the move whose next state the game's heuristic values most |
//! | `heuristic` | the game's hand-written beginner policy (greedy where a game has none) |
//! | `mcts` | UCT with chance nodes on determinizations of the view ([`MctsBot`]) |
//! | `ismcts` | single-observer information-set MCTS ([`IsmctsBot`]) |
//! | `easy`, `medium`, `hard`, `expert` | difficulty levels: one of the above with a fixed budget ([`level`]); `expert` values its leaves with a trained network ([`net`]) |
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

mod budget;
mod erased;
mod evaluator;
mod greedy;
mod heuristic;
mod ismcts;
pub mod level;
mod mcts;
pub mod net;
mod random;
mod rollout;
mod scale;

pub use budget::{Budget, Meter};
pub use erased::{BOT_NAMES, bot_names, make_bot};
pub use evaluator::{Evaluator, PolicyRollout, RandomRollout};
pub use greedy::GreedyBot;
pub use heuristic::HeuristicBot;
pub use ismcts::IsmctsBot;
pub use mcts::{Mcts, MctsBot, RootStats, SearchConfig};
pub use random::RandomBot;
pub use rollout::{RolloutBot, RolloutConfig};
pub use scale::ReturnScale;

use rand::Rng;
use tabula_core::Game;

/// A bot: picks an action for the seat whose view it is given.
pub trait Bot<G: Game>: Send {
    /// The bot's name with its settings.
    fn name(&self) -> String;

    /// The action to play. The view must be that of the seat to act.
    fn choose(&mut self, game: &G, view: &G::View) -> G::Action;

    /// The moves the last [`Bot::choose`] weighed, best first, with their visits and mean
    /// value; `None` for bots that do not search.
    fn explain(&self) -> Option<Vec<Considered<G::Action>>> {
        None
    }
}

/// One move a search weighed: how often it was visited and its value for the searching
/// seat (a sum during the search, a mean once reported by [`Bot::explain`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Considered<A> {
    /// The move.
    pub action: A,
    /// Iterations through it.
    pub visits: u64,
    /// Its value for the searching seat.
    pub value: f64,
}

impl<A> Considered<A> {
    /// `value / visits` (0 when unvisited).
    pub fn mean(&self) -> f64 {
        if self.visits == 0 { 0.0 } else { self.value / self.visits as f64 }
    }
}

/// A determinization of `view` for a search from `observer`'s seat: with `beliefs` above 1,
/// one of that many drawn, picked in proportion to [`Game::belief_weight`]
/// (sampling-importance-resampling, by reservoir: the k-th draw replaces the choice with
/// probability its weight over the total so far).
pub fn sample_belief<G: Game, R: Rng + ?Sized>(
    game: &G,
    view: &G::View,
    observer: usize,
    beliefs: usize,
    rng: &mut R,
) -> G::State {
    let mut chosen = game.determinize(view, rng);
    if beliefs <= 1 {
        return chosen;
    }
    let mut total = game.belief_weight(&chosen, observer).max(0.0);
    for _ in 1..beliefs {
        let state = game.determinize(view, rng);
        let weight = game.belief_weight(&state, observer).max(0.0);
        total += weight;
        if total > 0.0 && rng.random::<f64>() * total < weight {
            chosen = state;
        }
    }
    chosen
}

/// The legal actions of the seat whose view this is, found on a determinization (a seat's
/// legal actions depend only on what it sees; the conformance harness checks it).
pub fn legal_from_view<G: Game, R: Rng + ?Sized>(game: &G, view: &G::View, rng: &mut R) -> Vec<G::Action> {
    let state = game.determinize(view, rng);
    let mut actions = Vec::new();
    game.legal_actions(&state, &mut actions);
    actions
}
