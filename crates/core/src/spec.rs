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
    /// What the option does, in one sentence.
    pub doc: &'static str,
    /// Its type and allowed values.
    #[serde(flatten)]
    pub kind: OptionKind,
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
}

impl GameSpec {
    /// The spec of the option called `name`.
    pub fn option(&self, name: &str) -> Option<&'static OptionSpec> {
        self.options.iter().find(|o| o.name == name)
    }
}
