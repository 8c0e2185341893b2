//! What a game declares about itself, as data: tools, bots and tests branch on this
//! rather than on game names (OpenSpiel's `GameType`).

use serde::Serialize;

/// Whether the game has chance nodes (dice, shuffles, draws).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum ChanceKind {
    /// No chance: the game is fully determined by the players' actions.
    Deterministic,
    /// Chance nodes with explicit outcomes and probabilities.
    Explicit,
}

/// Whether every seat sees the whole state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum InformationKind {
    /// Every seat's view is the whole state.
    Perfect,
    /// Some of the state is hidden from some seats.
    Imperfect,
}

/// What the returns of a finished game add up to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum UtilityKind {
    /// The returns of all seats sum to zero.
    ZeroSum,
    /// The returns of all seats sum to the same constant in every game.
    ConstantSum,
    /// No constraint on the sum (money games with a bank, scores).
    GeneralSum,
}

/// The type and allowed values of one option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum OptionKind {
    /// An integer in `min..=max`.
    Int {
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// An integer from a fixed list.
    IntChoice {
        /// The allowed values.
        values: &'static [i64],
    },
    /// `true` or `false`.
    Bool,
    /// A string from a fixed list.
    Choice {
        /// The allowed values.
        values: &'static [&'static str],
    },
}

/// The default value of an option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum OptionDefault {
    /// An integer default.
    Int(i64),
    /// A boolean default.
    Bool(bool),
    /// A string default.
    Str(&'static str),
}

/// One option a game accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OptionSpec {
    /// The option's name, as written in JSON and canonical strings.
    pub name: &'static str,
    /// Its name for players, a few words ("Rule set"), shown by the lobby's form.
    pub label: &'static str,
    /// What the option does, in one sentence written for players (seats counted from 1).
    pub doc: &'static str,
    /// Its type and allowed values.
    #[serde(flatten)]
    pub kind: OptionKind,
    /// How players read each allowed value of a choice, in the order of its values
    /// ("Tarot (La pratique)" for `tarot`); empty: the values as they are written.
    pub value_labels: &'static [&'static str],
    /// The value used when the option is not given.
    pub default: OptionDefault,
}

/// Everything a game declares about itself.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameSpec {
    /// The game id (`sabotage-pipes`).
    pub id: &'static str,
    /// The game's name for people.
    pub name: &'static str,
    /// Smallest number of seats.
    pub min_players: usize,
    /// Largest number of seats.
    pub max_players: usize,
    /// Whether seats play in teams (then each seat's return is its team's).
    pub teams: bool,
    /// Chance nodes or none.
    pub chance: ChanceKind,
    /// Perfect or imperfect information.
    pub information: InformationKind,
    /// What the returns add up to.
    pub utility: UtilityKind,
    /// The smallest and largest return any seat can receive.
    pub min_return: f64,
    /// See `min_return`.
    pub max_return: f64,
    /// The options, in canonical order. Every game names its seat count `players`.
    pub options: &'static [OptionSpec],
    /// Ready-made sets of options for people, the recommended one first (the lobby's
    /// "Play now" starts it).
    pub presets: &'static [Preset],
    /// What the lobby says of the game.
    pub about: About,
}

/// A ready-made set of options (Board Game Arena's presets): "Intro game", "Canonical".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Preset {
    /// Its name for players.
    pub name: &'static str,
    /// What it is, in one sentence.
    pub doc: &'static str,
    /// The options it sets, as `[name, value]`; the others keep their defaults.
    pub options: &'static [(&'static str, OptionDefault)],
}

/// How much there is to learn and weigh in a game (Board Game Geek's weight, in words).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Weight {
    /// A few rules, learnt in one game.
    Light,
    /// A rulebook of some pages; a first game is a lesson.
    Medium,
    /// Many interlocking rules; several games to play well.
    Heavy,
}

/// What the lobby says of a game to someone who has never heard of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct About {
    /// The game in one sentence.
    pub summary: &'static str,
    /// How long a game of the recommended preset takes between people, in minutes (least,
    /// most): the box's figure where there is one, else tabula's estimate.
    pub minutes: [u16; 2],
    /// How much there is to learn.
    pub weight: Weight,
    /// The seats' names for players, per number of seats (`[players, names…]` rows); a
    /// number of seats not listed names them "Seat 1", "Seat 2", …
    pub seats: &'static [SeatNames],
}

impl About {
    /// Nothing said: for games made for tests and examples.
    pub const NONE: About = About { summary: "", minutes: [0, 0], weight: Weight::Light, seats: &[] };

    /// What players call seat `seat` (from 0) of a game of `players` seats.
    pub fn seat_name(&self, players: usize, seat: usize) -> String {
        self.seats
            .iter()
            .find(|s| s.players == players)
            .and_then(|s| s.names.get(seat))
            .map_or_else(|| format!("Seat {}", seat + 1), |n| (*n).to_owned())
    }
}

/// The seats' names for one number of seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatNames {
    /// The number of seats.
    pub players: usize,
    /// Each seat's name, in seat order.
    pub names: &'static [&'static str],
}

impl GameSpec {
    /// The spec of the option called `name`.
    pub fn option(&self, name: &str) -> Option<&'static OptionSpec> {
        self.options.iter().find(|o| o.name == name)
    }
}
