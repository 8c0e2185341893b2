//! # Sabotage (Robert Abbott; franjos 1996; originally *Leopard*, 1963)
//!
//! Two players (or two teams of two) build pipe systems on 3×3 roofs and sabotage each
//! other's. Rules source: `shared/seeds/sabotage-pipes.abbott.fr.txt`; the rules as
//! implemented, with every interpretation, are in `docs/rules/sabotage-pipes.md`.
//!
//! | option | values | default | |
//! |---|---|---|---|
//! | `players` | 2, 4 | 2 | four players play in two teams sharing a roof |
//! | `demontage` | true, false | true | false: the author's 100-card variant without Démontage |
//! | `rounds` | 1–8 | 4 | the rulebook plays four rounds |
//!
//! ```
//! use tabula_core::{Game, Turn};
//! use tabula_sabotage_pipes::{Action, SabotagePipes};
//!
//! let game = SabotagePipes::with_defaults();
//! let mut state = game.initial_state();
//! assert_eq!(game.turn(&state), Turn::Chance); // the deal
//! game.play(&mut state, game.parse_action("card Ao").unwrap()).unwrap();
//! assert!(game.play(&mut state, Action::End).is_err()); // still dealing
//! ```

#![deny(missing_docs)]

pub mod action;
pub mod card;
pub mod narrate;
pub mod observation;
pub mod policy;
pub mod rules;
pub mod setup;
pub mod state;
pub mod view;

use rand::Rng;
use tabula_core::{
    About, ChanceKind, Game, GameSpec, Illegal, InformationKind, OptionDefault, OptionKind, OptionSpec,
    Options, OptionsError, ParseActionError, Preset, Said, SeatNames, SetupError, Turn, UtilityKind, Weight,
};

pub use action::{Action, NUM_ACTIONS, Side};
pub use card::{Card, Colour, PipeKind, Square};
pub use state::{Cards, MAX_ROOF_VALUE, Phase, Roof, RoundResult, State, roof_value, round_score};
pub use view::View;

static SPEC: GameSpec = GameSpec {
    id: "sabotage-pipes",
    name: "Sabotage (Robert Abbott)",
    min_players: 2,
    max_players: 4,
    teams: true,
    chance: ChanceKind::Explicit,
    information: InformationKind::Imperfect,
    utility: UtilityKind::ZeroSum,
    min_return: -1.0,
    max_return: 1.0,
    options: &[
        OptionSpec {
            name: "players",
            label: "Players",
            doc: "Seats: 2, or 4 in two teams of two sharing a roof (the first and third seats against the second \
                  and fourth).",
            kind: OptionKind::IntChoice { values: &[2, 4] },
            value_labels: &["2 players", "4 players, two teams of two"],
            default: OptionDefault::Int(2),
        },
        OptionSpec {
            name: "demontage",
            label: "Démontage cards",
            doc: "Whether the four Démontage cards are in the deck (false: the author's 100-card variant).",
            kind: OptionKind::Bool,
            value_labels: &[],
            default: OptionDefault::Bool(true),
        },
        OptionSpec {
            name: "rounds",
            label: "Rounds",
            doc: "Rounds in a game; the rulebook plays 4 (with four players each deals once).",
            kind: OptionKind::Int { min: 1, max: state::MAX_ROUNDS as i64 },
            value_labels: &[],
            default: OptionDefault::Int(4),
        },
    ],
    presets: &[
        Preset { name: "2 players", doc: "The rulebook's game: four rounds, one roof each.", options: &[] },
        Preset {
            name: "4 players in teams",
            doc: "Two teams of two, each sharing a roof; each player deals once.",
            options: &[("players", OptionDefault::Int(4))],
        },
        Preset {
            name: "Without Démontage",
            doc: "The author's 100-card variant: no card takes a pipe off a roof.",
            options: &[("demontage", OptionDefault::Bool(false))],
        },
    ],
    about: About {
        summary: "Lay pipe cards on your 3×3 roof to carry the water in, and sabotage your rival’s.",
        // tabula's estimate: four short rounds.
        minutes: [15, 30],
        weight: Weight::Light,
        seats: &[SeatNames {
            players: 4,
            names: &[
                "Team 1, first player",
                "Team 2, first player",
                "Team 1, second player",
                "Team 2, second player",
            ],
        }],
    },
};

/// Sabotage with its options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SabotagePipes {
    players: u8,
    demontage: bool,
    rounds: u8,
}

impl SabotagePipes {
    /// The game for `players` seats (2 or 4), with or without Démontage, over `rounds` rounds.
    ///
    /// # Errors
    /// Values outside the options' ranges.
    pub fn with(players: u8, demontage: bool, rounds: u8) -> Result<Self, OptionsError> {
        let mut options = Options::defaults(&SPEC);
        options.set("players", i64::from(players))?;
        options.set("demontage", demontage)?;
        options.set("rounds", i64::from(rounds))?;
        Self::new(&options)
    }
}

impl Game for SabotagePipes {
    type State = State;
    type Action = Action;
    type View = View;

    fn spec() -> &'static GameSpec {
        &SPEC
    }

    fn new(options: &Options) -> Result<Self, OptionsError> {
        options.expect_game(&SPEC)?;
        Ok(SabotagePipes {
            players: options.int("players") as u8,
            demontage: options.bool("demontage"),
            rounds: options.int("rounds") as u8,
        })
    }

    fn options(&self) -> Options {
        let mut options = Options::defaults(&SPEC);
        options.set("players", i64::from(self.players)).expect("valid");
        options.set("demontage", self.demontage).expect("valid");
        options.set("rounds", i64::from(self.rounds)).expect("valid");
        options
    }

    fn num_players(&self) -> usize {
        self.players as usize
    }

    fn num_distinct_actions(&self) -> usize {
        NUM_ACTIONS
    }

    fn max_game_length(&self) -> usize {
        // Per round: each of the 104 cards is dealt or drawn once (chance) and played once;
        // each of the at most 104 turns adds at most `end`, `refuse` and `draw`.
        self.rounds as usize * 104 * 5
    }

    fn initial_state(&self) -> State {
        rules::initial_state(self.players, self.demontage, self.rounds)
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
        rules::play(state, action)
    }

    fn returns_into(&self, state: &State, out: &mut [f64]) {
        rules::returns_into(state, out)
    }

    fn view(&self, state: &State, player: usize) -> View {
        view::view(state, player)
    }

    fn narrate(&self, before: &View, after: &View, actor: Turn, seen: Option<&str>) -> Vec<Said> {
        narrate::narrate(before, after, actor, seen)
    }

    fn observation_view(&self, view: &View) -> View {
        observation::observation_view(view)
    }

    fn public_view(&self, state: &State) -> View {
        view::public(state)
    }

    fn view_player(&self, view: &View) -> usize {
        view.player as usize
    }

    fn determinize<R: Rng + ?Sized>(&self, view: &View, rng: &mut R) -> State {
        view::determinize(view, rng)
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![observation::Layout::new(self.players as usize, self.rounds as usize).len]
    }

    fn write_observation(&self, view: &View, out: &mut [f32]) {
        observation::write(view, out)
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
            // Only the seat receiving a card sees it.
            Action::Deal(_) if state.to_move as usize != observer => "card ?".to_owned(),
            _ => action.to_string(),
        }
    }

    fn validate(&self, state: State) -> Result<State, SetupError> {
        let state = setup::validate(state)?;
        let mut problems = Vec::new();
        if state.players != self.players {
            problems.push(format!("the position has {} seats but the game {}", state.players, self.players));
        }
        if state.demontage != self.demontage {
            problems.push(format!(
                "the position's `demontage` is {} but the game's is {}",
                state.demontage, self.demontage
            ));
        }
        if state.rounds != self.rounds {
            problems.push(format!("the position has {} rounds but the game {}", state.rounds, self.rounds));
        }
        if problems.is_empty() { Ok(state) } else { Err(SetupError { problems }) }
    }

    fn heuristic_policy<R: Rng + ?Sized>(
        &self,
        view: &View,
        legal: &[Action],
        rng: &mut R,
    ) -> Option<Action> {
        policy::beginner_move(view, legal, rng)
    }

    fn heuristic(&self, state: &State, player: usize) -> f64 {
        if state.phase == Phase::Over {
            let mut out = [0.0; 4];
            rules::returns_into(state, &mut out);
            return out[player];
        }
        // Banked points count in full; what each roof would score if the round ended now
        // counts half, since it is not banked until the round ends (the opponents may still
        // sabotage it). So a greedy player ends a round it leads by 3 or more.
        let totals = state.totals();
        let values = state.values();
        let team = State::team(player as u8);
        let banked = f64::from(totals[team] - totals[1 - team]);
        let provisional = f64::from(round_score(values[team]) - round_score(values[1 - team]));
        ((banked + 0.5 * provisional) / 20.0).tanh()
    }
}
