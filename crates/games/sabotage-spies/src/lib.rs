//! # Sabotage (Tim Fowers and Jeff Krause, Fowers Games 2019): the foundation
//!
//! Two Spies sneak through the Villains' volcano fortress to hack three Doomsday Machines,
//! while two Villains hunt them on their own copy of the map, behind a screen. Rules
//! source: `shared/seeds/sabotage-spies.fowers.en.txt` and the publisher's FAQ; the rules as
//! implemented, the data, the notation and every interpretation are in
//! `docs/rules/sabotage-spies.md`.
//!
//! The crate, in the order the rules are read:
//! - the **components**: the data file (`data/sabotage-spies.json`, [`data`], compiled in
//!   [`tiles`]: the default map, the dice→direction key, the player board, the starting and
//!   advanced tiles, patterns and devices, each entry the seed's or marked *invented*), the
//!   [`map`] (rooms `a1`–`d4`, walls, areas, the variable setup) and the options
//!   ([`config`]);
//! - the **position**: a team's hidden [`side`] (its characters' rooms, plans and boards,
//!   hidden devices, cubes) and the [`state`] around it (the public part), built by
//!   [`setup`];
//! - the **rules**: the moves and their notation ([`action`]), the plan steps ([`plan`]),
//!   the round, its execution and the devices ([`rules`]);
//! - what each seat **sees** ([`view`]), its [`observation`] tensor, the log in words
//!   ([`narrate`]), and the beginner [`policy`];
//! - the **deduction aid**: the sets of the other team's possible sides ([`worlds`]),
//!   computed action by action beside the rules ([`aid`]) and used to determinize.
//!
//! ```
//! use tabula_sabotage_spies::map::{Dir, Layout, Room};
//!
//! // On the default map a wall lies between b1 and b2: b1's only way out is sideways.
//! let map = Layout::default_map();
//! let b1: Room = "b1".parse().unwrap();
//! assert_eq!(map.walls.neighbour(b1, Dir::Down), None);
//! assert_eq!(map.walls.adjacent(b1).to_string(), "a1 c1");
//! ```

#![deny(missing_docs)]

pub mod action;
pub mod aid;
pub mod config;
pub mod data;
pub mod map;
pub mod narrate;
pub mod observation;
pub mod plan;
pub mod policy;
pub mod rules;
pub mod setup;
pub mod side;
pub mod state;
mod text;
pub mod tiles;
pub mod view;
pub mod worlds;

pub use config::{Config, MapSetup, SPEC};
pub use data::{Data, DataError, Team};
pub use map::{Area, Dir, Edge, Half, Layout, Quad, Room, Rooms, Walls};

pub use action::{Action, NUM_ACTIONS};
pub use state::State;
pub use view::View;

use rand::Rng;
use tabula_core::{Game, GameSpec, Illegal, Options, OptionsError, ParseActionError, Said, SetupError, Turn};

/// The most actions a round can hold: the roll, 4 × 9 plan steps, the two choices of who
/// goes first, and per character five actions, each with a target, a slide window and
/// unlock markers.
const MAX_ROUND_ACTIONS: usize = 1 + 36 + 2 + 4 * 5 * 4;

/// Sabotage (Fowers & Krause) with its options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SabotageSpies {
    cfg: Config,
}

impl SabotageSpies {
    /// The checked options.
    pub fn config(&self) -> &Config {
        &self.cfg
    }
}

impl Game for SabotageSpies {
    type State = State;
    type Action = Action;
    type View = View;

    fn spec() -> &'static GameSpec {
        &SPEC
    }

    fn new(options: &Options) -> Result<Self, OptionsError> {
        Ok(SabotageSpies { cfg: Config::from_options(options)? })
    }

    fn options(&self) -> Options {
        self.cfg.options()
    }

    fn num_players(&self) -> usize {
        usize::from(self.cfg.players)
    }

    fn num_distinct_actions(&self) -> usize {
        NUM_ACTIONS
    }

    fn max_game_length(&self) -> usize {
        4 + 10 + 2 + self.cfg.round_limit as usize * MAX_ROUND_ACTIONS
    }

    fn initial_state(&self) -> State {
        rules::initial(&self.cfg)
    }

    fn turn(&self, state: &State) -> Turn {
        if state.outcome.is_some() {
            return Turn::Terminal;
        }
        match rules::deciding_slot(state) {
            Some(slot) => Turn::Player(self.cfg.seat_of_slot(slot).unwrap_or(0)),
            None => Turn::Chance,
        }
    }

    fn legal_actions(&self, state: &State, out: &mut Vec<Action>) {
        rules::legal(state, &self.cfg, out);
    }

    fn chance_outcomes(&self, state: &State, out: &mut Vec<(Action, f64)>) {
        out.clear();
        match state.phase {
            state::Phase::Roll if state.outcome.is_none() => {
                out.extend(rules::rolls().map(|(r, p)| (Action::Roll(r), p)));
            }
            state::Phase::Starter => {
                out.extend([(Action::Starter(Team::Villains), 0.5), (Action::Starter(Team::Spies), 0.5)]);
            }
            _ => {}
        }
    }

    fn sample_chance<R: Rng + ?Sized>(
        &self,
        state: &State,
        buffer: &mut Vec<(Action, f64)>,
        rng: &mut R,
    ) -> Action {
        if state.phase == state::Phase::Roll {
            let mut dice = [0u8; 4];
            for d in &mut dice {
                *d = rng.random_range(1..=6);
            }
            dice.sort_unstable();
            return Action::Roll(dice);
        }
        tabula_core::sample_listed(self, state, buffer, rng)
    }

    fn check(&self, state: &State, action: Action) -> Result<(), Illegal> {
        if self.turn(state) == Turn::Chance {
            let mut outcomes = Vec::new();
            self.chance_outcomes(state, &mut outcomes);
            let mut sorted = action;
            if let Action::Roll(mut d) = action {
                d.sort_unstable();
                sorted = Action::Roll(d);
            }
            return if outcomes.iter().any(|(a, _)| *a == sorted) {
                Ok(())
            } else {
                Err(Illegal::new(
                    rules::check(state, &self.cfg, action)
                        .err()
                        .unwrap_or_else(|| "a chance node: only its outcomes are played here".to_owned()),
                ))
            };
        }
        rules::check(state, &self.cfg, action).map_err(Illegal::new)
    }

    fn play_unchecked(&self, state: &mut State, action: Action) {
        aid::play(state, &self.cfg, action);
    }

    /// Drops the deduction aids: the rules never read them (rules §The deduction aid).
    fn rules_only(&self, state: &mut State) {
        state.aid = aid::Aids::unknown();
    }

    fn returns_into(&self, state: &State, out: &mut [f64]) {
        for (seat, r) in out.iter_mut().enumerate() {
            let team = self.cfg.team_of(seat);
            *r = match (state.outcome, team) {
                (Some(state::Outcome::Win(w)), Some(t)) if w == t => 1.0,
                (Some(state::Outcome::Win(_)), Some(_)) => -1.0,
                _ => 0.0,
            };
        }
    }

    fn heuristic_policy<R: Rng + ?Sized>(
        &self,
        view: &View,
        legal: &[Action],
        rng: &mut R,
    ) -> Option<Action> {
        Some(policy::beginner_move(view, legal, rng))
    }

    fn heuristic(&self, state: &State, player: usize) -> f64 {
        match self.cfg.team_of(player) {
            Some(team) => policy::heuristic(state, team, self.cfg.intro),
            None => 0.0,
        }
    }

    fn view(&self, state: &State, player: usize) -> View {
        view::view(state, &self.cfg, player)
    }

    fn public_view(&self, state: &State) -> View {
        view::public(state, &self.cfg)
    }

    fn view_player(&self, view: &View) -> usize {
        view.seat
    }

    fn determinize<R: Rng + ?Sized>(&self, view: &View, rng: &mut R) -> State {
        view::determinize(view, &self.cfg, rng)
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![observation::Layout::new(self.cfg.players as usize).len]
    }

    fn write_observation(&self, view: &View, out: &mut [f32]) {
        observation::write(view, self.cfg.round_limit, out)
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
        view::observe(state, &self.cfg, action, observer)
    }

    fn narrate(&self, before: &View, after: &View, actor: Turn, seen: Option<&str>) -> Vec<Said> {
        seen.map(|text| narrate::tell(&self.cfg, before, after, actor, text).lines).unwrap_or_default()
    }

    /// With four players the two seats of a team share a channel (seats 0–1 the Villains,
    /// 2–3 the Spies): "Teammates can talk and even whisper to each other in any way they
    /// like" (§Declare Action). With two, each team is one seat and needs none.
    fn team_channel(&self, seat: usize) -> Option<usize> {
        (self.cfg.players == 4 && seat < 4).then_some(seat / 2)
    }

    fn validate(&self, state: State) -> Result<State, SetupError> {
        setup::validate(state, &self.cfg)
    }
}
