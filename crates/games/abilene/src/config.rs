//! The game's options (rules §Options): what it declares about itself, and the options
//! read into a checked [`Config`].

use serde_json::Value;
use tabula_core::{
    About, ChanceKind, GameSpec, InformationKind, OptionDefault, OptionKind, OptionSpec, Options,
    OptionsError, Preset, UtilityKind, Weight,
};

use crate::board::{Ranch, ranches_in_play};

/// The most turns the `turn_limit` option allows.
pub const MAX_TURN_LIMIT: u32 = 50_000;

/// What Abilene declares: 3 to 6 seats, no teams, dice and hidden cows, rank returns from
/// −1 to +1 summing to 0 (rules §End of the game and returns).
pub static SPEC: GameSpec = GameSpec {
    id: "abilene",
    name: "Abilene (Roland Siegers)",
    min_players: 3,
    max_players: 6,
    teams: false,
    chance: ChanceKind::Explicit,
    information: InformationKind::Imperfect,
    utility: UtilityKind::ZeroSum,
    min_return: -1.0,
    max_return: 1.0,
    options: &[
        OptionSpec {
            name: "players",
            label: "Players",
            doc: "Seats, one rancher each: 3 (ranches A, C, E), 4 (A, B, D, E), 5 (A-E) or 6.",
            kind: OptionKind::IntChoice { values: &[3, 4, 5, 6] },
            value_labels: &[],
            default: OptionDefault::Int(4),
        },
        OptionSpec {
            name: "first",
            label: "First player",
            doc: "Who starts: drawn by chance (the rulebook's biggest boots), or the seat chosen.",
            kind: OptionKind::Choice { values: &["random", "0", "1", "2", "3", "4", "5"] },
            value_labels: &["Drawn by chance", "Seat 1", "Seat 2", "Seat 3", "Seat 4", "Seat 5", "Seat 6"],
            default: OptionDefault::Str("random"),
        },
        OptionSpec {
            name: "placement",
            label: "Placing the herds",
            doc: "Each rancher places his own cows (the rulebook), or they are dealt onto the cow-head fields \
                  by chance (invented, for quick games and study).",
            kind: OptionKind::Choice { values: &["choose", "random"] },
            value_labels: &["Each rancher places his cows", "Dealt by chance (invented)"],
            default: OptionDefault::Str("choose"),
        },
        OptionSpec {
            name: "short_game",
            label: "Short game: cows sold",
            doc: "The rulebook's shorter game: it ends after this many cows sold in all (its example: 16 for \
                  four players); 0 plays the full game.",
            kind: OptionKind::Int { min: 0, max: 54 },
            value_labels: &[],
            default: OptionDefault::Int(0),
        },
        OptionSpec {
            name: "turn_limit",
            label: "Turn limit (invented)",
            doc: "Not in the rulebook (invented): the game ends after this many turns in all, counted as at \
                  any end, so that every game ends.",
            kind: OptionKind::Int { min: 20, max: MAX_TURN_LIMIT as i64 },
            value_labels: &[],
            default: OptionDefault::Int(1000),
        },
    ],
    presets: &[
        Preset {
            name: "Short game, 4 players",
            doc: "The rulebook's shorter game: it ends when 16 cows have been sold.",
            options: &[("players", OptionDefault::Int(4)), ("short_game", OptionDefault::Int(16))],
        },
        Preset {
            name: "Full game, 4 players",
            doc: "Played until a rancher has sold all his cows.",
            options: &[("players", OptionDefault::Int(4))],
        },
        Preset {
            name: "Full game, 3 players",
            doc: "Three ranches, A, C and E: more room on the range.",
            options: &[("players", OptionDefault::Int(3))],
        },
        Preset {
            name: "Full game, 6 players",
            doc: "Every ranch in play: a crowded range.",
            options: &[("players", OptionDefault::Int(6))],
        },
    ],
    about: About {
        summary: "Drive cattle across the hex board, rustle, duel, and sell at the Abilene stockyards — by bluff.",
        // tabula's estimate for the short game.
        minutes: [30, 60],
        weight: Weight::Medium,
        seats: &[],
    },
};

/// How the herds are placed at the start (rules §Setup).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Placement {
    /// Each rancher places his own cows, field by field (the rulebook).
    Choose,
    /// The cows are dealt onto the cow-head fields by chance (invented).
    Random,
}

/// The options, checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Config {
    /// Seats, 3 to 6.
    pub players: u8,
    /// The seat that starts, or `None` for a chance draw.
    pub first: Option<u8>,
    /// How the herds are placed.
    pub placement: Placement,
    /// Cows sold in all that end the game; 0 for the full game.
    pub short_game: u8,
    /// Turns after which the game ends.
    pub turn_limit: u32,
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
    /// A starting seat the game does not have, or an option of another game.
    pub fn from_options(options: &Options) -> Result<Config, OptionsError> {
        options.expect_game(&SPEC)?;
        let players = options.int("players") as u8;
        let first = match options.str("first") {
            "random" => None,
            seat => {
                let seat: u8 = seat.parse().map_err(|_| {
                    OptionsError::new(
                        SPEC.id,
                        format!("option `first` must be `random` or a seat, not `{seat}`"),
                    )
                })?;
                if seat >= players {
                    return Err(OptionsError::new(
                        SPEC.id,
                        format!(
                            "option `first` names seat {seat}, but {players} players sit at seats 0 to {}",
                            players - 1
                        ),
                    ));
                }
                Some(seat)
            }
        };
        let placement =
            options.choice("placement", &[("choose", Placement::Choose), ("random", Placement::Random)])?;
        Ok(Config {
            players,
            first,
            placement,
            short_game: options.int("short_game") as u8,
            turn_limit: options.int("turn_limit") as u32,
        })
    }

    /// The options these are.
    pub fn options(&self) -> Options {
        let mut options = Options::defaults(&SPEC);
        let set = |options: &mut Options, name: &str, value: Value| {
            options.set(name, value).expect("a checked config writes valid options");
        };
        set(&mut options, "players", i64::from(self.players).into());
        set(&mut options, "first", self.first.map_or("random".to_owned(), |s| s.to_string()).into());
        set(
            &mut options,
            "placement",
            match self.placement {
                Placement::Choose => "choose",
                Placement::Random => "random",
            }
            .into(),
        );
        set(&mut options, "short_game", i64::from(self.short_game).into());
        set(&mut options, "turn_limit", i64::from(self.turn_limit).into());
        options
    }

    /// The ranches of seats 0, 1, … (rules §The board: ranches in play).
    pub fn ranches(&self) -> &'static [Ranch] {
        ranches_in_play(self.players as usize).expect("3 to 6 players, as the option allows")
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn config(options: Value) -> Result<Config, OptionsError> {
        Config::from_options(&Options::from_json(&SPEC, &options)?)
    }

    #[test]
    fn the_defaults_and_their_canonical_string() {
        let defaults = Options::defaults(&SPEC);
        assert_eq!(
            defaults.canonical(),
            "abilene(players=4,first=random,placement=choose,short_game=0,turn_limit=1000)",
            "as docs/rules/abilene.md gives it"
        );
        let c = Config::default();
        assert_eq!(
            (c.players, c.first, c.placement, c.short_game, c.turn_limit),
            (4, None, Placement::Choose, 0, 1000)
        );
        assert_eq!(c.options(), defaults);
        assert_eq!(c.ranches(), &[Ranch::A, Ranch::B, Ranch::D, Ranch::E]);
    }

    #[test]
    fn options_round_trip_and_a_seat_may_be_given_as_a_number() {
        let c = config(json!({"players": 3, "first": 2, "placement": "random", "short_game": 12})).unwrap();
        assert_eq!((c.players, c.first, c.placement, c.short_game), (3, Some(2), Placement::Random, 12));
        assert_eq!(Config::from_options(&c.options()).unwrap(), c);
        let text = c.options().canonical();
        assert_eq!(text, "abilene(players=3,first=2,placement=random,short_game=12,turn_limit=1000)");
        assert_eq!(Config::from_options(&Options::from_canonical(&SPEC, &text).unwrap()).unwrap(), c);
        assert_eq!(config(json!({"first": "1"})).unwrap().first, Some(1));
    }

    #[test]
    fn bad_options_are_refused_naming_them() {
        let err = |o: Value| config(o).unwrap_err().to_string();
        assert!(err(json!({"players": 2})).contains("`players` must be one of 3, 4, 5, 6"));
        assert!(
            err(json!({"players": 3, "first": 3}))
                .contains("names seat 3, but 3 players sit at seats 0 to 2")
        );
        assert!(err(json!({"first": 7})).contains("`first` must be one of random, 0"));
        assert!(err(json!({"placement": "dealt"})).contains("`placement` must be one of choose, random"));
        assert!(err(json!({"short_game": 55})).contains("`short_game` must be an integer from 0 to 54"));
        assert!(err(json!({"turn_limit": 10})).contains("from 20 to 50000"));
    }
}
