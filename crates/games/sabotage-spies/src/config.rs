//! The game's options (rules, the options table): what it declares about itself, and the
//! options read into a checked [`Config`].

use serde_json::Value;
use tabula_core::{
    About, ChanceKind, GameSpec, InformationKind, OptionDefault, OptionKind, OptionSpec, Options,
    OptionsError, Preset, SeatNames, UtilityKind, Weight,
};

use crate::data::Team;

/// The fewest rounds the `round_limit` option allows.
pub const MIN_ROUND_LIMIT: u32 = 10;
/// The most rounds the `round_limit` option allows.
pub const MAX_ROUND_LIMIT: u32 = 500;

/// What Sabotage declares: 2 or 4 seats in two teams, dice and a screen, team returns of
/// +1 and −1 (0 each in a draw), summing to 0 (rules §End of the game and returns).
pub static SPEC: GameSpec = GameSpec {
    id: "sabotage-spies",
    name: "Sabotage (Fowers & Krause)",
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
            doc: "4: one character per seat (the first two the Villains, the last two the Spies); 2: one seat \
                  per team, playing both its characters (the first the Villains, the second the Spies).",
            kind: OptionKind::IntChoice { values: &[2, 4] },
            value_labels: &["2 players: one per team", "4 players: one per character"],
            default: OptionDefault::Int(4),
        },
        OptionSpec {
            name: "intro",
            label: "Intro game",
            doc: "The rulebook's Intro Game: no advanced tiles, Villains without unlock markers, tracks of 3 + 3 \
                  and 4 cubes; the Spies win at 5 hacks and the Villains at 4 hits.",
            kind: OptionKind::Bool,
            value_labels: &[],
            default: OptionDefault::Bool(false),
        },
        OptionSpec {
            name: "map",
            label: "Map",
            doc: "The ready-made map of tabula's data file (invented), or the rulebook's Variable Map Setup: \
                  the teams place walls, machines and generators in turn.",
            kind: OptionKind::Choice { values: &["default", "variable"] },
            value_labels: &["The ready-made map (invented)", "Variable map: the teams build it"],
            default: OptionDefault::Str("default"),
        },
        OptionSpec {
            name: "round_limit",
            label: "Round limit (invented)",
            doc: "Not in the rulebook (invented): after this many rounds the game ends in a draw.",
            kind: OptionKind::Int { min: MIN_ROUND_LIMIT as i64, max: MAX_ROUND_LIMIT as i64 },
            value_labels: &[],
            default: OptionDefault::Int(100),
        },
    ],
    presets: &[
        Preset {
            name: "Intro game",
            doc: "The rulebook's first game: no advanced tiles; you play a whole team.",
            options: &[("players", OptionDefault::Int(2)), ("intro", OptionDefault::Bool(true))],
        },
        Preset {
            name: "Full game",
            doc: "Advanced tiles, unlock markers and devices; you play a whole team.",
            options: &[("players", OptionDefault::Int(2))],
        },
        Preset {
            name: "Full game, 4 players",
            doc: "One character each: two Villains against two Spies.",
            options: &[("players", OptionDefault::Int(4))],
        },
        Preset {
            name: "Full game, variable map",
            doc: "The teams build the map in turn before the first round.",
            options: &[("players", OptionDefault::Int(2)), ("map", OptionDefault::Str("variable"))],
        },
    ],
    about: About {
        summary: "Spies hack the villains’ doomsday machines while the villains hunt them on a hidden map.",
        // tabula's estimate for the intro game.
        minutes: [45, 90],
        weight: Weight::Heavy,
        seats: &[
            SeatNames { players: 2, names: &["Villains", "Spies"] },
            SeatNames { players: 4, names: &["Villain 1", "Villain 2", "Spy 1", "Spy 2"] },
        ],
    },
};

/// How the map is set up (rules §Setup step 8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MapSetup {
    /// The data file's layout (*invented*).
    Default,
    /// The rulebook's Variable Map Setup.
    Variable,
}

/// The options, checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Config {
    /// Seats: 2 (one per team) or 4 (one per character).
    pub players: u8,
    /// The Intro Game.
    pub intro: bool,
    /// How the map is set up.
    pub map: MapSetup,
    /// Rounds after which the game is a draw.
    pub round_limit: u32,
}

impl Default for Config {
    fn default() -> Self {
        Config::from_options(&Options::defaults(&SPEC)).expect("the defaults are valid")
    }
}

impl Config {
    /// Reads options the spec has checked one by one, and checks them together.
    ///
    /// # Errors
    /// Options of another game, or a seat count other than 2 or 4 (the spec refuses it
    /// first; kept for options built by hand).
    pub fn from_options(options: &Options) -> Result<Config, OptionsError> {
        options.expect_game(&SPEC)?;
        let players = options.int("players");
        if players != 2 && players != 4 {
            return Err(OptionsError::new(
                SPEC.id,
                format!(
                    "option `players` is {players}, but Sabotage is played by two teams of two characters; a team \
                     is one seat or two (options §players)"
                ),
            ));
        }
        let map =
            options.choice("map", &[("default", MapSetup::Default), ("variable", MapSetup::Variable)])?;
        Ok(Config {
            players: players as u8,
            intro: options.bool("intro"),
            map,
            round_limit: options.int("round_limit") as u32,
        })
    }

    /// The options these are.
    pub fn options(&self) -> Options {
        let mut options = Options::defaults(&SPEC);
        let set = |options: &mut Options, name: &str, value: Value| {
            options.set(name, value).expect("a checked config writes valid options");
        };
        set(&mut options, "players", i64::from(self.players).into());
        set(&mut options, "intro", self.intro.into());
        set(
            &mut options,
            "map",
            match self.map {
                MapSetup::Default => "default",
                MapSetup::Variable => "variable",
            }
            .into(),
        );
        set(&mut options, "round_limit", i64::from(self.round_limit).into());
        options
    }

    /// The team of a seat (rules §Seats, teams and characters): seats 0–1 the Villains and
    /// 2–3 the Spies with 4 players; seat 0 the Villains and seat 1 the Spies with 2.
    pub fn team_of(&self, seat: usize) -> Option<Team> {
        match (self.players, seat) {
            (4, 0 | 1) | (2, 0) => Some(Team::Villains),
            (4, 2 | 3) | (2, 1) => Some(Team::Spies),
            _ => None,
        }
    }

    /// The seat playing character slot `slot` (0 Villain 1, 1 Villain 2, 2 Spy 1, 3 Spy 2).
    pub fn seat_of_slot(&self, slot: usize) -> Option<usize> {
        match (self.players, slot) {
            (4, 0..=3) => Some(slot),
            (2, 0..=3) => Some(slot / 2),
            _ => None,
        }
    }

    /// The seat that takes a team's decisions: its first seat (rules, Interpretation 6).
    pub fn team_seat(&self, team: Team) -> usize {
        match (team, self.players) {
            (Team::Villains, _) => 0,
            (Team::Spies, 4) => 2,
            (Team::Spies, _) => 1,
        }
    }

    /// Hits that win for the Villains: 5, or 4 in the intro game (the hit that finds the Hit
    /// track empty, rules §End of the game).
    pub fn hits_to_win(&self) -> u8 {
        if self.intro { 4 } else { 5 }
    }

    /// Hacks that win for the Spies: 8, or 5 in the intro game.
    pub fn hacks_to_win(&self) -> u8 {
        if self.intro { 5 } else { 8 }
    }
}
