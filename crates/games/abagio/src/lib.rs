//! # Abagio (Michael & Autumn Moore; New Classics Games / Sunriver Games)
//!
//! Two players race twelve frogs each around a 6×6 board and into the central pond with
//! two dice, stacking, hitting blots back to the start, covering pairs, blocking with heaps
//! and maxed stacks, and placing the neutral Top Frog. Rules source:
//! `shared/seeds/abagio.fr.txt`; the rules as implemented, the board with every square
//! numbered, the notation and every interpretation are in `docs/rules/abagio.md`.
//!
//! | option | values | default | |
//! |---|---|---|---|
//! | `players` | 2 | 2 | seat 0 plays red, seat 1 purple |
//! | `turn_limit` | 100–50000 | 1000 | not in the rulebook: a safety net, the game is a draw after this many turns |
//!
//! ```
//! use tabula_core::{Game, Turn};
//! use tabula_abagio::{Abagio, Action, Phase};
//!
//! let game = Abagio::with_defaults();
//! let mut state = game.initial_state();
//! assert_eq!(game.turn(&state), Turn::Chance); // the opening roll
//! game.play(&mut state, game.parse_action("open r5 p3").unwrap()).unwrap(); // red starts
//! game.play(&mut state, game.parse_action("roll 6-4").unwrap()).unwrap();
//! assert_eq!(game.turn(&state), Turn::Player(0));
//! game.play(&mut state, game.parse_action("root/20").unwrap()).unwrap();
//! let err = game.play(&mut state, Action::Pass).unwrap_err();
//! assert!(err.reason.contains("leaps to make"));
//! assert_eq!(state.phase, Phase::Leap);
//! ```

#![deny(missing_docs)]

pub mod action;
pub mod board;
pub mod diagram;
pub mod leaps;
pub mod narrate;
pub mod observation;
mod policy;
pub mod position;
pub mod rules;
pub mod setup;
pub mod state;
pub mod view;

use rand::Rng;
use tabula_core::{
    About, ChanceKind, Game, GameSpec, Illegal, InformationKind, OptionDefault, OptionKind, OptionSpec,
    Options, OptionsError, ParseActionError, Preset, Said, SeatNames, SetupError, Turn, UtilityKind, Weight,
};

pub use action::{Action, NUM_ACTIONS};
pub use board::{Colour, Square, Stack};
pub use state::{Board, Dice, Phase, State};
pub use view::View;

/// The most turns the `turn_limit` option allows.
pub const MAX_TURN_LIMIT: u16 = 50_000;
/// The default turn limit: far beyond any game seen in random play (see the docs).
pub const DEFAULT_TURN_LIMIT: u16 = 1_000;

static SPEC: GameSpec = GameSpec {
    id: "abagio",
    name: "Abagio",
    min_players: 2,
    max_players: 2,
    teams: false,
    chance: ChanceKind::Explicit,
    information: InformationKind::Perfect,
    utility: UtilityKind::ZeroSum,
    min_return: -1.0,
    max_return: 1.0,
    options: &[
        OptionSpec {
            name: "players",
            label: "Players",
            doc: "Seats: always 2 (the first plays red, the second purple).",
            kind: OptionKind::IntChoice { values: &[2] },
            value_labels: &[],
            default: OptionDefault::Int(2),
        },
        OptionSpec {
            name: "turn_limit",
            label: "Turn limit (invented)",
            doc: "Not in the rulebook: the game is a draw after this many turns, so that every game ends \
                  (frogs can be hit back to the start without end).",
            kind: OptionKind::Int { min: 100, max: MAX_TURN_LIMIT as i64 },
            value_labels: &[],
            default: OptionDefault::Int(DEFAULT_TURN_LIMIT as i64),
        },
    ],
    presets: &[Preset {
        name: "The rulebook's game",
        doc: "Two players race their twelve frogs.",
        options: &[],
    }],
    about: About {
        summary: "A frog race with two dice, stacks that carry, hits that send frogs home, and the Top Frog.",
        // tabula's estimate: a backgammon-like race of some forty turns.
        minutes: [20, 40],
        weight: Weight::Light,
        seats: &[SeatNames { players: 2, names: &["Red", "Purple"] }],
    },
};

/// Abagio with its options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Abagio {
    turn_limit: u16,
}

impl Abagio {
    /// The game with this turn limit (100 to [`MAX_TURN_LIMIT`]).
    ///
    /// # Errors
    /// A limit outside the option's range.
    pub fn with_turn_limit(turn_limit: u16) -> Result<Self, OptionsError> {
        let mut options = Options::defaults(&SPEC);
        options.set("turn_limit", i64::from(turn_limit))?;
        Self::new(&options)
    }

    /// The turn limit: after this many turns the game is a draw.
    pub fn turn_limit(&self) -> u16 {
        self.turn_limit
    }
}

impl Game for Abagio {
    type State = State;
    type Action = Action;
    type View = View;

    fn spec() -> &'static GameSpec {
        &SPEC
    }

    fn new(options: &Options) -> Result<Self, OptionsError> {
        options.expect_game(&SPEC)?;
        Ok(Abagio { turn_limit: options.int("turn_limit") as u16 })
    }

    fn options(&self) -> Options {
        let mut options = Options::defaults(&SPEC);
        options.set("turn_limit", i64::from(self.turn_limit)).expect("valid");
        options
    }

    fn num_players(&self) -> usize {
        2
    }

    fn num_distinct_actions(&self) -> usize {
        NUM_ACTIONS
    }

    fn max_game_length(&self) -> usize {
        // The opening roll, then per turn a roll, at most four leaps and a Top Frog decision.
        1 + self.turn_limit as usize * 6
    }

    fn initial_state(&self) -> State {
        setup::initial_state()
    }

    fn turn(&self, state: &State) -> Turn {
        rules::turn(state)
    }

    fn legal_actions(&self, state: &State, out: &mut Vec<Action>) {
        rules::legal_actions(state, out)
    }

    fn chance_outcomes(&self, state: &State, out: &mut Vec<(Action, f64)>) {
        rules::chance_outcomes(state, out)
    }

    fn check(&self, state: &State, action: Action) -> Result<(), Illegal> {
        rules::check(state, action)
    }

    fn play_unchecked(&self, state: &mut State, action: Action) {
        rules::play(state, action, self.turn_limit)
    }

    fn returns_into(&self, state: &State, out: &mut [f64]) {
        rules::returns_into(state, out)
    }

    fn view(&self, state: &State, player: usize) -> View {
        view::view(state, player)
    }

    fn narrate(&self, before: &View, after: &View, _actor: Turn, seen: Option<&str>) -> Vec<Said> {
        narrate::narrate(before, after, seen)
    }

    fn public_view(&self, state: &State) -> View {
        view::view(state, 0)
    }

    fn view_player(&self, view: &View) -> usize {
        view.player as usize
    }

    fn determinize<R: Rng + ?Sized>(&self, view: &View, _rng: &mut R) -> State {
        view.state
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![observation::LEN]
    }

    fn write_observation(&self, view: &View, out: &mut [f32]) {
        observation::write(view, self.turn_limit, out)
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

    fn validate(&self, state: State) -> Result<State, SetupError> {
        position::validate(state, self.turn_limit)
    }

    fn heuristic_policy<R: Rng + ?Sized>(
        &self,
        view: &View,
        legal: &[Action],
        rng: &mut R,
    ) -> Option<Action> {
        policy::beginner_move(self, view, legal, rng)
    }

    fn heuristic(&self, state: &State, player: usize) -> f64 {
        if state.phase == Phase::Over {
            let mut out = [0.0; 2];
            rules::returns_into(state, &mut out);
            return out[player];
        }
        // The race: how much shorter my way to the pond is than my opponent's (a hit
        // sends a frog back to 26, so it counts too).
        let me = Colour::of_seat(player).expect("seat 0 or 1");
        let lead = f64::from(state.pip_count(me.other())) - f64::from(state.pip_count(me));
        (lead / 60.0).tanh()
    }
}
