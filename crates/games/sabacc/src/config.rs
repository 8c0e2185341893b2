//! The options (rules §Options in `docs/rules/sabacc.md`): their spec, and the checked
//! [`Config`] a game is made of.

use tabula_core::{OptionDefault, OptionKind, OptionSpec, Options, OptionsError};

use crate::deck::DeckKind;
use crate::limits::MAX_PLAYERS;

/// The most raise steps (in minimum bets) one raise or one Black Knight bet can be.
pub const MAX_STEPS: u8 = 20;
/// The most hands a session may have.
pub const MAX_HANDS: i64 = 100;
/// The most tours (a deal or a redeal, each with its betting round) in one hand.
pub const MAX_TOURS: i64 = 8;
/// The largest buy-in.
pub const MAX_BUY_IN: i64 = 100_000;
/// The largest organizer's stake and entry fee.
pub const MAX_HOUSE: i64 = 100_000;

/// The rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rules {
    /// La pratique: the 78-card tarot game with betting, dice and blocking.
    Tarot,
    /// La théorie / Cloud City: the 76-card canonical game (or the four-card points game).
    Canonical,
    /// The blackjack-like variant.
    BlackKnight,
}

/// How the three cards are dealt (tarot rules).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DealVariant {
    /// Three cards face down.
    Classic,
    /// One face down, two face up.
    Decouverte,
    /// One down, one up, one communal card.
    Holdem,
    /// As hold'em, with a new communal card at every tour (at most three on the table).
    Stud,
}

impl DealVariant {
    /// Cards each player holds.
    pub const fn hand_size(self) -> u8 {
        match self {
            DealVariant::Classic | DealVariant::Decouverte => 3,
            DealVariant::Holdem | DealVariant::Stud => 2,
        }
    }

    /// Whether the player's `round`-th card (0-based) is dealt face up.
    pub const fn face_up(self, round: u8) -> bool {
        match self {
            DealVariant::Classic => false,
            DealVariant::Decouverte | DealVariant::Holdem | DealVariant::Stud => round >= 1,
        }
    }

    /// Whether a communal card is dealt.
    pub const fn communal(self) -> bool {
        matches!(self, DealVariant::Holdem | DealVariant::Stud)
    }
}

/// The dice the dealer rolls for the change (tarot rules).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dice {
    /// Two six-sided dice; a change on 12.
    TwoD6,
    /// One twelve-sided die; a change on 12.
    D12,
    /// Three six-sided dice; a change on 18.
    ThreeD6,
    /// One twenty-sided die; a change on 20.
    D20,
    /// No change roll (`dice=none`; not the rulebook's game, a simplification for research
    /// and exact solvers): the cards never change, so there is no blocking window either.
    None,
}

impl Dice {
    /// The largest total, which makes the cards change.
    pub const fn max(self) -> u8 {
        match self {
            Dice::TwoD6 | Dice::D12 => 12,
            Dice::ThreeD6 => 18,
            Dice::D20 => 20,
            Dice::None => 0,
        }
    }

    /// The smallest total.
    pub const fn min(self) -> u8 {
        match self {
            Dice::TwoD6 => 2,
            Dice::D12 | Dice::D20 => 1,
            Dice::ThreeD6 => 3,
            Dice::None => 1,
        }
    }

    /// The number of ways (out of [`Dice::ways_total`]) to roll `total`.
    pub fn ways(self, total: u8) -> u32 {
        let t = i32::from(total);
        match self {
            Dice::TwoD6 if (2..=12).contains(&t) => (6 - (t - 7).abs()) as u32,
            Dice::D12 if (1..=12).contains(&t) => 1,
            Dice::D20 if (1..=20).contains(&t) => 1,
            Dice::ThreeD6 if (3..=18).contains(&t) => {
                let mut n = 0;
                for a in 1..=6 {
                    for b in 1..=6 {
                        let c = t - a - b;
                        if (1..=6).contains(&c) {
                            n += 1;
                        }
                    }
                }
                n
            }
            _ => 0,
        }
    }

    /// All equally likely outcomes counted: 36, 12, 216 or 20 (1 without a roll, which has
    /// no outcome).
    pub const fn ways_total(self) -> u32 {
        match self {
            Dice::TwoD6 => 36,
            Dice::D12 => 12,
            Dice::ThreeD6 => 216,
            Dice::D20 => 20,
            Dice::None => 1,
        }
    }

    /// Whether the dealer rolls for a change at all.
    pub const fn rolls(self) -> bool {
        !matches!(self, Dice::None)
    }

    /// The option's word for these dice (`2d6`, `d12`, `3d6`, `d20`, `none`).
    pub fn name(self) -> &'static str {
        match self {
            Dice::TwoD6 => "2d6",
            Dice::D12 => "d12",
            Dice::ThreeD6 => "3d6",
            Dice::D20 => "d20",
            Dice::None => "none",
        }
    }
}

/// What happens to the Sabacc pot at the end of the session, and whether players may buy
/// a new cave (rules §Setup, §End of the session).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Table {
    /// A closed friendly single game: at the end the Sabacc pot is shared among the players
    /// who have not left.
    FriendlySingle,
    /// A closed friendly regular session: the Sabacc pot is kept for the next session.
    FriendlyRegular,
    /// An open game: a player who lost his cave buys another; the organizer seeds the Sabacc
    /// pot (`house`), may charge an entry fee (`entry`) and keeps the pot at the end.
    Open,
}

impl Table {
    fn name(self) -> &'static str {
        match self {
            Table::FriendlySingle => "friendly-single",
            Table::FriendlyRegular => "friendly-regular",
            Table::Open => "open",
        }
    }
}

/// Which canonical game is played, and how it is scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Money: the Cloud City game with its two pots.
    Money,
    /// Points: the seed's four-card theory game ("si vous jouez aux points").
    Points,
    /// The seed's four-card theory game played for money, with the two pots ("si vous jouez
    /// de l'argent, vous ne comptez pas les points").
    TheoryMoney,
}

impl Scoring {
    fn name(self) -> &'static str {
        match self {
            Scoring::Money => "money",
            Scoring::Points => "points",
            Scoring::TheoryMoney => "theory-money",
        }
    }
}

/// Every option, checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Config {
    /// Seats.
    pub players: u8,
    /// The rule set.
    pub rules: Rules,
    /// The deal variant (tarot).
    pub deal: DealVariant,
    /// The deck.
    pub deck: DeckKind,
    /// How many decks are shuffled together.
    pub decks: u8,
    /// The change dice (tarot).
    pub dice: Dice,
    /// Tarot variant: a change roll at each new circuit of a betting round.
    pub circuit_change: bool,
    /// Tarot variant: the mouche is multiplied by the tour's number.
    pub escalating: bool,
    /// The no-limit variant.
    pub no_limit: bool,
    /// The cave each player buys.
    pub buy_in: i32,
    /// The minimum bet (and the step of raises).
    pub min_bet: i32,
    /// The mouche, paid into the Sabacc pot.
    pub mouche: i32,
    /// The largest raise in the limit game, in minimum bets.
    pub max_raise: u8,
    /// The most raises in one betting round.
    pub raises: u8,
    /// The most tours in a hand.
    pub tours: u8,
    /// Hands in the session.
    pub hands: u8,
    /// The table: friendly single, friendly regular or open.
    pub table: Table,
    /// The organizer's initial stake in the Sabacc pot (open game).
    pub house: i32,
    /// The entry fee each player pays into the Sabacc pot (open game).
    pub entry: i32,
    /// Money or points (canonical).
    pub scoring: Scoring,
    /// The most cards exchanged in the theory game.
    pub exchange: u8,
    /// Le Contrat Sabacc: four seats in two teams of two (seats 0 and 2, 1 and 3); each
    /// seat's return is its team's.
    pub contract: bool,
}

/// The options' spec, in canonical order.
pub static OPTIONS: [OptionSpec; 22] = [
    OptionSpec {
        name: "players",
        label: "Players",
        doc: "Seats: 2 to 12 per deck (Black Knight: 2 to 7, the banker included).",
        kind: OptionKind::Int { min: 2, max: MAX_PLAYERS as i64 },
        value_labels: &[],
        default: OptionDefault::Int(4),
    },
    OptionSpec {
        name: "rules",
        label: "Rule set",
        doc: "tarot: La pratique (78 cards, betting, dice, blocking); canonical: La théorie / Cloud City \
              (76 cards); black-knight: the blackjack-like variant.",
        kind: OptionKind::Choice { values: &["tarot", "canonical", "black-knight"] },
        value_labels: &["Tarot (La pratique)", "Canonical (Cloud City)", "Black Knight"],
        default: OptionDefault::Str("tarot"),
    },
    OptionSpec {
        name: "deal",
        label: "Deal (tarot)",
        doc: "Tarot deal: classic (3 hidden), decouverte (1 hidden, 2 up), holdem (1 hidden, 1 up, 1 \
              communal), stud (hold'em with a new communal card each tour).",
        kind: OptionKind::Choice { values: &["classic", "decouverte", "holdem", "stud"] },
        value_labels: &[
            "Classic: 3 hidden",
            "Découverte: 1 hidden, 2 face up",
            "Hold'em: 1 hidden, 1 up, 1 shared",
            "Stud: hold'em, a new shared card each tour",
        ],
        default: OptionDefault::Str("classic"),
    },
    OptionSpec {
        name: "deck",
        label: "Deck",
        doc: "full: the rule set's own deck (tarot and Black Knight: 78; the canonical money game: the 76 \
              cards with the rulebook's values; the theory game: the theory deck); 54: the 54-card variant \
              (tarot, Black Knight); theory: the seed's named face cards, canonical: the 76 cards with the \
              rulebook's values, west-end: the 76 cards with West End Games' values (canonical rules); tiny: \
              five cards (T1, T2, T3, T21, the Idiot), a research deck for exact solvers, not the rulebook's \
              game (tarot rules, 2 players, holdem, one tour, dice=none).",
        kind: OptionKind::Choice { values: &["full", "54", "theory", "canonical", "west-end", "tiny"] },
        value_labels: &[
            "The rule set’s own deck",
            "54 cards",
            "Theory deck",
            "Canonical values",
            "West End Games values",
            "Tiny (5 cards, for study)",
        ],
        default: OptionDefault::Str("full"),
    },
    OptionSpec {
        name: "decks",
        label: "Decks",
        doc: "Decks shuffled together: one per twelve players; with two, the triple Idiot exists.",
        kind: OptionKind::Int { min: 1, max: 2 },
        value_labels: &[],
        default: OptionDefault::Int(1),
    },
    OptionSpec {
        name: "dice",
        label: "Change roll (tarot)",
        doc: "The tarot change roll: 2d6, d12, 3d6 or d20; the cards change on the maximum. none: no change \
              roll and so no blocking (not the rulebook's game: a research simplification).",
        kind: OptionKind::Choice { values: &["2d6", "d12", "3d6", "d20", "none"] },
        value_labels: &["2d6", "d12", "3d6", "d20", "No change roll (for study)"],
        default: OptionDefault::Str("2d6"),
    },
    OptionSpec {
        name: "circuit_change",
        label: "Roll at each circuit",
        doc: "Tarot variant: the dealer also rolls each time a betting round goes round the table again.",
        kind: OptionKind::Bool,
        value_labels: &[],
        default: OptionDefault::Bool(false),
    },
    OptionSpec {
        name: "escalating_mouche",
        label: "Escalating mouche",
        doc: "Tarot variant: the mouche is paid once in the first tour, twice in the second, and so on.",
        kind: OptionKind::Bool,
        value_labels: &[],
        default: OptionDefault::Bool(false),
    },
    OptionSpec {
        name: "limit",
        label: "Betting",
        doc: "limit: raises of 1 to max_raise minimum bets; no-limit: up to 20 minimum bets or `raise max`.",
        kind: OptionKind::Choice { values: &["limit", "no-limit"] },
        value_labels: &["Limit", "No limit"],
        default: OptionDefault::Str("limit"),
    },
    OptionSpec {
        name: "buy_in",
        label: "Buy-in",
        doc: "The cave: the money each player starts with (and buys again in an open game).",
        kind: OptionKind::Int { min: 1, max: MAX_BUY_IN },
        value_labels: &[],
        default: OptionDefault::Int(100),
    },
    OptionSpec {
        name: "min_bet",
        label: "Minimum bet",
        doc: "The minimum bet of each tour; raises and Black Knight bets are multiples of it.",
        kind: OptionKind::Int { min: 1, max: 1000 },
        value_labels: &[],
        default: OptionDefault::Int(2),
    },
    OptionSpec {
        name: "mouche",
        label: "Mouche",
        doc: "The mouche, paid into the Sabacc pot at each deal, raise, fold and change.",
        kind: OptionKind::Int { min: 0, max: 1000 },
        value_labels: &[],
        default: OptionDefault::Int(1),
    },
    OptionSpec {
        name: "max_raise",
        label: "Largest raise",
        doc: "The largest raise (and Black Knight bet) in the limit game, in minimum bets.",
        kind: OptionKind::Int { min: 1, max: MAX_STEPS as i64 },
        value_labels: &[],
        default: OptionDefault::Int(4),
    },
    OptionSpec {
        name: "raises",
        label: "Raises per round",
        doc: "The most raises in one betting round (a house rule that bounds the game).",
        kind: OptionKind::Int { min: 1, max: 8 },
        value_labels: &[],
        default: OptionDefault::Int(3),
    },
    OptionSpec {
        name: "tours",
        label: "Tours per hand",
        doc: "The most tours in one hand; after the last, the hand is shown down.",
        kind: OptionKind::Int { min: 1, max: MAX_TOURS },
        value_labels: &[],
        default: OptionDefault::Int(6),
    },
    OptionSpec {
        name: "hands",
        label: "Hands",
        doc: "Hands in the session.",
        kind: OptionKind::Int { min: 1, max: MAX_HANDS },
        value_labels: &[],
        default: OptionDefault::Int(10),
    },
    OptionSpec {
        name: "table",
        label: "Sabacc pot",
        doc: "friendly-single: the Sabacc pot is shared at the end; friendly-regular: it is kept for the \
              next session; open: caves may be bought again and the organizer keeps the pot.",
        kind: OptionKind::Choice { values: &["friendly-single", "friendly-regular", "open"] },
        value_labels: &[
            "Shared at the end",
            "Kept for the next session",
            "Open game: the organizer keeps it",
        ],
        default: OptionDefault::Str("friendly-single"),
    },
    OptionSpec {
        name: "house",
        label: "Organizer’s stake",
        doc: "Open game: the organizer's initial stake in the Sabacc pot.",
        kind: OptionKind::Int { min: 0, max: MAX_HOUSE },
        value_labels: &[],
        default: OptionDefault::Int(0),
    },
    OptionSpec {
        name: "entry",
        label: "Entry fee",
        doc: "Open game: the entry fee each player pays into the Sabacc pot.",
        kind: OptionKind::Int { min: 0, max: MAX_HOUSE },
        value_labels: &[],
        default: OptionDefault::Int(0),
    },
    OptionSpec {
        name: "scoring",
        label: "Scoring (canonical)",
        doc: "Canonical: money (the Cloud City game), points (the seed's four-card theory game in points) \
              or theory-money (the four-card theory game played for money).",
        kind: OptionKind::Choice { values: &["money", "points", "theory-money"] },
        value_labels: &["Money (Cloud City)", "Points (theory game)", "Theory game for money"],
        default: OptionDefault::Str("money"),
    },
    OptionSpec {
        name: "exchange",
        label: "Cards exchanged (theory)",
        doc: "Theory game (scoring=points or theory-money): the most cards a player may exchange.",
        kind: OptionKind::Int { min: 0, max: 4 },
        value_labels: &[],
        default: OptionDefault::Int(3),
    },
    OptionSpec {
        name: "contract",
        label: "Le Contrat: teams of two",
        doc: "Le Contrat Sabacc: four players in two teams of two (the first and third seats against the second and fourth), the same \
              rules; each seat's return is its team's (tarot and canonical rules).",
        kind: OptionKind::Bool,
        value_labels: &[],
        default: OptionDefault::Bool(false),
    },
];

impl Config {
    /// Reads and checks the options together.
    ///
    /// # Errors
    /// Options of another game, or options that do not go together, naming them.
    pub fn from_options(options: &Options) -> Result<Config, OptionsError> {
        options.expect_game(&crate::SPEC)?;
        let err = |why: String| OptionsError::new("sabacc", why);
        let rules = options.choice(
            "rules",
            &[("tarot", Rules::Tarot), ("canonical", Rules::Canonical), ("black-knight", Rules::BlackKnight)],
        )?;
        let deal = options.choice(
            "deal",
            &[
                ("classic", DealVariant::Classic),
                ("decouverte", DealVariant::Decouverte),
                ("holdem", DealVariant::Holdem),
                ("stud", DealVariant::Stud),
            ],
        )?;
        let scoring = options.choice(
            "scoring",
            &[("money", Scoring::Money), ("points", Scoring::Points), ("theory-money", Scoring::TheoryMoney)],
        )?;
        let theory = scoring != Scoring::Money;
        let deck = match (rules, options.str("deck")) {
            (Rules::Canonical, "full") if theory => DeckKind::Theory,
            (Rules::Canonical, "full" | "canonical") => DeckKind::Canonical,
            (Rules::Canonical, "theory") => DeckKind::Theory,
            (Rules::Canonical, "west-end") => DeckKind::WestEnd,
            (Rules::Canonical, "54") => {
                return Err(err(
                    "the canonical rules use a 76-card deck: `deck` is full, theory, canonical or west-end"
                        .to_owned(),
                ));
            }
            (_, "full") => DeckKind::Tarot,
            (_, "54") => DeckKind::French,
            (Rules::Tarot, "tiny") => DeckKind::Tiny,
            (_, "tiny") => {
                return Err(err(
                    "the `tiny` research deck is played with the tarot rules (rules=tarot)".to_owned()
                ));
            }
            (_, "theory" | "canonical" | "west-end") => {
                return Err(err(format!(
                    "the `{}` deck belongs to the canonical rules (rules=canonical)",
                    options.str("deck")
                )));
            }
            (_, other) => return Err(err(format!("`deck` cannot be `{other}`"))),
        };
        let dice = options.choice(
            "dice",
            &[
                ("2d6", Dice::TwoD6),
                ("d12", Dice::D12),
                ("3d6", Dice::ThreeD6),
                ("d20", Dice::D20),
                ("none", Dice::None),
            ],
        )?;
        let table = options.choice(
            "table",
            &[
                ("friendly-single", Table::FriendlySingle),
                ("friendly-regular", Table::FriendlyRegular),
                ("open", Table::Open),
            ],
        )?;
        let no_limit = options.choice("limit", &[("limit", false), ("no-limit", true)])?;
        let cfg = Config {
            players: options.int("players") as u8,
            rules,
            deal,
            deck,
            decks: options.int("decks") as u8,
            dice,
            circuit_change: options.bool("circuit_change"),
            escalating: options.bool("escalating_mouche"),
            no_limit,
            buy_in: options.int("buy_in") as i32,
            min_bet: options.int("min_bet") as i32,
            mouche: options.int("mouche") as i32,
            max_raise: options.int("max_raise") as u8,
            raises: options.int("raises") as u8,
            tours: options.int("tours") as u8,
            hands: options.int("hands") as u8,
            table,
            house: options.int("house") as i32,
            entry: options.int("entry") as i32,
            scoring,
            exchange: options.int("exchange") as u8,
            contract: options.bool("contract"),
        };
        let mut problems = Vec::new();
        let tarot = rules == Rules::Tarot;
        if !tarot {
            if deal != DealVariant::Classic {
                problems.push("`deal` variants belong to the tarot rules".to_owned());
            }
            if dice != Dice::TwoD6 {
                problems
                    .push("`dice` chooses the tarot change dice; the canonical shift rolls 2d6".to_owned());
            }
            if cfg.circuit_change || cfg.escalating {
                problems.push("`circuit_change` and `escalating_mouche` are tarot variants".to_owned());
            }
        }
        if tarot && !dice.rolls() && cfg.circuit_change {
            problems.push("`circuit_change` adds change rolls: it needs `dice` other than none".to_owned());
        }
        if deck == DeckKind::Tiny {
            // Five cards: two each and one communal card, dealt once; nothing is left to
            // change, redeal or deal a sudden death from.
            let mut needs = Vec::new();
            if cfg.players != 2 {
                needs.push(format!("2 players (not {})", cfg.players));
            }
            if deal != DealVariant::Holdem {
                needs.push("deal=holdem".to_owned());
            }
            if cfg.tours != 1 {
                needs.push(format!("tours=1 (not {})", cfg.tours));
            }
            if dice.rolls() {
                needs.push("dice=none".to_owned());
            }
            if cfg.decks != 1 {
                needs.push("decks=1".to_owned());
            }
            if !needs.is_empty() {
                problems.push(format!(
                    "the `tiny` research deck holds five cards, all dealt at once: it needs {}",
                    needs.join(", ")
                ));
            }
        }
        if rules != Rules::Canonical && scoring != Scoring::Money {
            problems.push(format!("`scoring={}` is the canonical four-card theory game", scoring.name()));
        }
        if !theory && cfg.exchange != 3 {
            problems
                .push("`exchange` applies to the theory game (scoring=points or theory-money)".to_owned());
        }
        if cfg.contract {
            if cfg.players != 4 {
                problems.push(format!(
                    "le Contrat Sabacc is played by two teams of two: `contract` needs 4 players, not {}",
                    cfg.players
                ));
            }
            if rules == Rules::BlackKnight {
                problems.push(
                    "le Contrat Sabacc keeps the rules of standard Sabacc: not Black Knight".to_owned(),
                );
            }
        }
        if cfg.table != Table::Open && (cfg.house > 0 || cfg.entry > 0) {
            problems.push("`house` and `entry` belong to an open game (table=open)".to_owned());
        }
        if rules == Rules::BlackKnight {
            if cfg.players > 7 {
                problems.push(format!(
                    "Black Knight seats at most 7 players, the banker included, not {}",
                    cfg.players
                ));
            }
            if cfg.house > 0 || cfg.entry > 0 {
                problems.push("Black Knight has no Sabacc pot: `house` and `entry` must be 0".to_owned());
            }
        } else if usize::from(cfg.players) > 12 * usize::from(cfg.decks) {
            problems.push(format!(
                "{} players need {} decks: one deck per twelve players (rules §Change)",
                cfg.players,
                usize::from(cfg.players).div_ceil(12)
            ));
        }
        if cfg.buy_in - cfg.entry < 2 * (cfg.min_bet + cfg.mouche) {
            problems.push(format!(
                "the cave ({}) less the entry fee ({}) must pay at least two minimum bets and mouches ({})",
                cfg.buy_in,
                cfg.entry,
                2 * (cfg.min_bet + cfg.mouche)
            ));
        }
        if problems.is_empty() { Ok(cfg) } else { Err(err(problems.join("; "))) }
    }

    /// The options these values came from.
    pub fn to_options(&self, spec: &'static tabula_core::GameSpec) -> Options {
        let mut o = Options::defaults(spec);
        let set = |o: &mut Options, name: &str, v: serde_json::Value| o.set(name, v).expect("valid option");
        set(&mut o, "players", self.players.into());
        set(
            &mut o,
            "rules",
            match self.rules {
                Rules::Tarot => "tarot",
                Rules::Canonical => "canonical",
                Rules::BlackKnight => "black-knight",
            }
            .into(),
        );
        set(
            &mut o,
            "deal",
            match self.deal {
                DealVariant::Classic => "classic",
                DealVariant::Decouverte => "decouverte",
                DealVariant::Holdem => "holdem",
                DealVariant::Stud => "stud",
            }
            .into(),
        );
        let theory = self.theory();
        set(
            &mut o,
            "deck",
            match self.deck {
                DeckKind::Tarot => "full",
                DeckKind::French => "54",
                DeckKind::Canonical if theory => "canonical",
                DeckKind::Canonical => "full",
                DeckKind::Theory if theory => "full",
                DeckKind::Theory => "theory",
                DeckKind::WestEnd => "west-end",
                DeckKind::Tiny => "tiny",
            }
            .into(),
        );
        set(&mut o, "decks", self.decks.into());
        set(&mut o, "dice", self.dice.name().into());
        set(&mut o, "circuit_change", self.circuit_change.into());
        set(&mut o, "escalating_mouche", self.escalating.into());
        set(&mut o, "limit", if self.no_limit { "no-limit" } else { "limit" }.into());
        set(&mut o, "buy_in", self.buy_in.into());
        set(&mut o, "min_bet", self.min_bet.into());
        set(&mut o, "mouche", self.mouche.into());
        set(&mut o, "max_raise", self.max_raise.into());
        set(&mut o, "raises", self.raises.into());
        set(&mut o, "tours", self.tours.into());
        set(&mut o, "hands", self.hands.into());
        set(&mut o, "table", self.table.name().into());
        set(&mut o, "house", self.house.into());
        set(&mut o, "entry", self.entry.into());
        set(&mut o, "scoring", self.scoring.name().into());
        set(&mut o, "exchange", self.exchange.into());
        set(&mut o, "contract", self.contract.into());
        o
    }

    /// The composition of the whole pack (all decks together).
    pub fn composition(&self) -> [u8; crate::deck::Card::NUM] {
        let mut counts = self.deck.composition();
        if self.decks != 1 {
            for n in counts.iter_mut() {
                *n *= self.decks;
            }
        }
        counts
    }

    /// The number of cards in the whole pack.
    pub fn pack_size(&self) -> usize {
        self.deck.size() * usize::from(self.decks)
    }

    /// Whether this is the canonical points game.
    pub fn points(&self) -> bool {
        self.rules == Rules::Canonical && self.scoring == Scoring::Points
    }

    /// Whether this is the seed's four-card theory game (for points or for money).
    pub fn theory(&self) -> bool {
        self.rules == Rules::Canonical && self.scoring != Scoring::Money
    }

    /// Whether this is the four-card theory game played for money.
    pub fn theory_money(&self) -> bool {
        self.rules == Rules::Canonical && self.scoring == Scoring::TheoryMoney
    }

    /// Seat `seat`'s partner in le Contrat Sabacc (seats 0 and 2, 1 and 3), if teams play.
    pub fn partner(&self, seat: usize) -> Option<usize> {
        self.contract.then_some((seat + 2) % 4)
    }

    /// The largest raise (or Black Knight bet) in minimum bets.
    pub fn steps(&self) -> u8 {
        if self.no_limit { MAX_STEPS } else { self.max_raise }
    }

    /// Cards a player holds in the tarot game.
    pub fn hand_size(&self) -> u8 {
        self.deal.hand_size()
    }

    /// The Black Knight card limit: 10 with 78 cards, 7 with 54.
    pub fn card_limit(&self) -> u8 {
        if self.deck == DeckKind::French { 7 } else { 10 }
    }

    /// The most caves a seat can have bought by hand `hand_no` (counted from 0): one at the
    /// start, and in an open game one more at the end of each hand played.
    pub fn max_caves(&self, hand_no: u8) -> i64 {
        if self.table == Table::Open { 1 + i64::from(hand_no) } else { 1 }
    }

    /// The most money a session can ever hold (rules §Returns and money): every seat's caves
    /// (one per hand and one more in an open game) and the organizer's stake. Money is only
    /// moved, never made, so no stack, pot, bet or payout exceeds it; with the options' bounds
    /// it is at most 24 × 100 000 × 101 + 100 000 (about 2.4 × 10⁸), well inside an `i32`,
    /// so no play can overflow. Positions are refused beyond it.
    pub fn max_money(&self) -> i64 {
        i64::from(self.players) * i64::from(self.buy_in) * self.max_caves(self.hands) + i64::from(self.house)
    }

    /// The fewest and the most points one hand of the theory game can score with this deck
    /// (rules §The four-card theory game): at most 23 + 10; at least the lowest four-card
    /// sum (negative face cards), or 46 less the highest sum (a hand over 46 loses sum − 46).
    pub fn points_per_hand(&self) -> (i32, i32) {
        let mut values: Vec<i32> = Vec::new();
        let composition = self.composition();
        for card in crate::deck::Card::all() {
            for _ in 0..composition[card.index()] {
                values.push(card.value_in(self.deck));
            }
        }
        values.sort_unstable();
        let low: i32 = values.iter().take(4).sum();
        let high: i32 = values.iter().rev().take(4).sum();
        (low.min(46 - high).min(0), 23 + 10)
    }

    /// The least money a player needs to play a hand; with less he has lost his cave.
    pub fn threshold(&self) -> i32 {
        match self.rules {
            Rules::BlackKnight => self.min_bet,
            _ if self.points() => 0,
            _ => self.min_bet + self.mouche,
        }
    }
}
