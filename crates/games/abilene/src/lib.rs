//! # Abilene (Roland Siegers; Hexagames 1983, Schmidt Spiele 1993): the board and movement
//!
//! Three to six ranchers drive their cows to the town of Abilene and sell them there, while
//! their cowboys guard the herds, steal other ranchers' cows and fight duels. Rules source:
//! `shared/seeds/abilene.fr.txt`; the rules as implemented, the board, the notation and
//! every interpretation are in `docs/rules/abilene.md`.
//!
//! The crate holds the **board** ([`board`]: hexes, the town, the 162 fields in six
//! ranches, their kinds, the ranches in play), the **movement** of cows and cowboys
//! ([`paths`]), the **options** ([`config`]), the **actions** ([`action`]: notation and
//! dense index), the **cows** ([`cattle`]), the **corral** ([`corral`]), **money**
//! ([`money`]), the **state** ([`state`]), the **rules engine** ([`rules`]: turns, dice,
//! prison, rustling, duels, sales, loans, bankruptcy, the end), **views** and
//! determinization ([`view`]), **positions** ([`setup`]) and the beginner's policy
//! ([`policy`]). **The board's layout is ours**: the printed board is lost (rules,
//! Interpretation 3).
//!
//! ```
//! use tabula_abilene::{paths, Field, Space, Spaces};
//!
//! // Ranch A empty but for a cow on a52: with a light 3 it reaches a21 (a52 a42 a32 a21,
//! // turning at a32), with a 4 the town.
//! let a52: Field = "a52".parse().unwrap();
//! let empty = Spaces::FIELDS.without(a52.space());
//! let ends = paths::cow_ends(a52, 3, empty, Spaces::EMPTY);
//! assert!(ends.contains("a21".parse().unwrap()));
//! assert!(!ends.contains(Space::ABILENE));
//! assert!(paths::cow_ends(a52, 4, empty, Spaces::EMPTY).contains(Space::ABILENE));
//! ```

#![deny(missing_docs)]

pub mod action;
pub mod board;
pub mod cattle;
pub mod config;
pub mod corral;
pub mod money;
pub mod narrate;
pub mod observation;
pub mod paths;
pub mod policy;
pub mod rules;
pub mod setup;
pub mod spaces;
pub mod state;
pub mod view;
pub mod words;

use rand::Rng;
use tabula_core::{Game, GameSpec, Illegal, Options, OptionsError, ParseActionError, Said, SetupError, Turn};

pub use action::{Action, CorralCard, NUM_ACTIONS};
pub use board::{Dir, Field, Hex, Kind, Ranch, Space};
pub use cattle::{Brand, Identity};
pub use config::{Config, Placement, SPEC};
pub use spaces::Spaces;
pub use state::{Stage, State};
pub use view::View;

/// The most actions one turn can hold: the roll, the release and five placements, the
/// fees, two cow moves and a spare (once a `pass`, no longer played), three cowboy moves
/// with their duels and placements, the order of the sales and ten corral cards, and 26
/// payments, each with a loan asked of every other seat and answered before a bank loan or
/// a bankruptcy.
const MAX_TURN_ACTIONS: usize = 2 + 5 + 3 + 3 * 3 + 1 + 10 + 26 * 12;

/// Abilene with its options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Abilene {
    cfg: Config,
}

impl Abilene {
    /// The checked options.
    pub fn config(&self) -> &Config {
        &self.cfg
    }
}

impl Game for Abilene {
    type State = State;
    type Action = Action;
    type View = View;

    fn spec() -> &'static GameSpec {
        &SPEC
    }

    fn new(options: &Options) -> Result<Self, OptionsError> {
        Ok(Abilene { cfg: Config::from_options(options)? })
    }

    fn options(&self) -> Options {
        self.cfg.options()
    }

    fn num_players(&self) -> usize {
        self.cfg.players as usize
    }

    fn num_distinct_actions(&self) -> usize {
        NUM_ACTIONS
    }

    fn max_game_length(&self) -> usize {
        1 + cattle::NUM_COWS + self.cfg.turn_limit as usize * MAX_TURN_ACTIONS
    }

    fn initial_state(&self) -> State {
        rules::initial_state(&self.cfg)
    }

    fn turn(&self, state: &State) -> Turn {
        rules::turn(state, &self.cfg)
    }

    fn legal_actions(&self, state: &State, out: &mut Vec<Action>) {
        rules::legal_actions(state, &self.cfg, out)
    }

    fn chance_outcomes(&self, state: &State, out: &mut Vec<(Action, f64)>) {
        rules::chance_outcomes(state, &self.cfg, out)
    }

    fn sample_chance<R: Rng + ?Sized>(
        &self,
        state: &State,
        buffer: &mut Vec<(Action, f64)>,
        rng: &mut R,
    ) -> Action {
        match rules::sample_dice(state, rng) {
            Some(a) => a,
            None => tabula_core::sample_listed(self, state, buffer, rng),
        }
    }

    fn check(&self, state: &State, action: Action) -> Result<(), Illegal> {
        rules::check(state, &self.cfg, action)
    }

    fn play_unchecked(&self, state: &mut State, action: Action) {
        rules::play(state, &self.cfg, action)
    }

    fn returns_into(&self, state: &State, out: &mut [f64]) {
        rules::returns_into(state, out)
    }

    fn view(&self, state: &State, player: usize) -> View {
        view::view(state, player)
    }

    fn public_view(&self, state: &State) -> View {
        view::public(state)
    }

    fn view_player(&self, view: &View) -> usize {
        view.player as usize
    }

    fn determinize<R: Rng + ?Sized>(&self, view: &View, rng: &mut R) -> State {
        view::determinize(view, &self.cfg, rng)
    }

    fn belief_weight(&self, state: &State, observer: usize) -> f64 {
        policy::belief_weight(&self.cfg, state, observer)
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![observation::Layout::new(self.cfg.players as usize).len]
    }

    fn write_observation(&self, view: &View, out: &mut [f32]) {
        observation::write(view, self.cfg.turn_limit, out)
    }

    fn observation_view(&self, view: &View) -> View {
        observation::observation_view(view)
    }

    fn action_text(&self, action: Action) -> String {
        action.to_string()
    }

    fn parse_action(&self, text: &str) -> Result<Action, ParseActionError> {
        Action::parse(text)
    }

    fn action_index(&self, action: Action) -> usize {
        action.index()
    }

    fn action_from_index(&self, index: usize) -> Option<Action> {
        Action::from_index(index)
    }

    fn observe_action(&self, state: &State, action: Action, observer: usize) -> String {
        match action {
            // Another seat's herd: which cow goes where is its own (rules §What each seat sees).
            Action::Herd(_) if state.turn as usize != observer => "herd ?".to_owned(),
            // Another seat's corral card stays face down until the reveal.
            Action::Corral(_) => match state.sale.and_then(|sale| rules::next_card_seat(state, &sale)) {
                Some(s) if s as usize != observer => "corral hidden".to_owned(),
                _ => action.to_string(),
            },
            _ => action.to_string(),
        }
    }

    fn narrate(&self, before: &View, after: &View, actor: Turn, seen: Option<&str>) -> Vec<Said> {
        narrate::narrate(&self.cfg, &before.state, &after.state, actor, seen)
    }

    fn validate(&self, state: State) -> Result<State, SetupError> {
        setup::validate(state, &self.cfg)
    }

    fn heuristic_policy<R: Rng + ?Sized>(
        &self,
        view: &View,
        legal: &[Action],
        rng: &mut R,
    ) -> Option<Action> {
        Some(policy::beginner_move(&self.cfg, view, legal, rng))
    }

    fn heuristic(&self, state: &State, player: usize) -> f64 {
        policy::heuristic(state, player)
    }
}
