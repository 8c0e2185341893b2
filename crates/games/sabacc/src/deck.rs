//! Cards: their identities and text notation, the four decks' compositions and the value
//! tables (rules §Decks in `docs/rules/sabacc.md`).
//!
//! One identity space serves every deck, so an action `card X` has one index whatever the
//! rule set:
//!
//! | ids | cards | notation |
//! |---|---|---|
//! | 0–20 | tarot trumps 1–21 | `T1` … `T21` |
//! | 21–76 | tarot and 54-card suits: swords, batons, cups, deniers × A 2–10 J N Q K | `As`, `10b`, `Nc`, `Kd` |
//! | 77 | the Idiot (tarot Excuse, 54-card joker, canonical Idiot) | `idiot` |
//! | 78–137 | canonical suits: sabres, staves, flasks, coins × 1–11, commander, mistress, master, ace | `7-sabres`, `ace-coins` |
//! | 138–144 | canonical (Cloud City) face cards | `queen`, `endurance`, … `star` |
//! | 145–151 | the seed's theory face cards | `smuggler`, … `rancor` |
//!
//! Values live in tables here (`TAROT_RANK_VALUE`, `FRENCH_RANK_VALUE`, `CANONICAL_FACE_VALUE`,
//! `WEST_END_FACE_VALUE`, `THEORY_FACE_VALUE`) so that a different reading is a one-line change.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A card identity (`0..Card::NUM`), or [`Card::HIDDEN`] in a view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

/// A tarot / 54-card suit. Swords and batons are the *Armes*, cups and deniers the
/// *Richesses* (rules §Card values).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Suit {
    /// Épées (swords; spades in a 54-card deck), `s`.
    Swords,
    /// Bâtons (batons; diamonds), `b`.
    Batons,
    /// Coupes (cups; hearts), `c`.
    Cups,
    /// Deniers (coins; clubs), `d`.
    Deniers,
}

impl Suit {
    /// All four, in id order.
    pub const ALL: [Suit; 4] = [Suit::Swords, Suit::Batons, Suit::Cups, Suit::Deniers];

    /// Whether the suit is one of the *Armes* (swords, batons); otherwise a *Richesse*.
    pub const fn is_arme(self) -> bool {
        matches!(self, Suit::Swords | Suit::Batons)
    }

    const fn code(self) -> char {
        match self {
            Suit::Swords => 's',
            Suit::Batons => 'b',
            Suit::Cups => 'c',
            Suit::Deniers => 'd',
        }
    }
}

/// A canonical suit (rules §Decks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CanonSuit {
    /// Sabres.
    Sabres,
    /// Staves (the seed's *barres* / *portées*).
    Staves,
    /// Flasks (*flasques*).
    Flasks,
    /// Coins (*pièces*).
    Coins,
}

impl CanonSuit {
    /// All four, in id order.
    pub const ALL: [CanonSuit; 4] =
        [CanonSuit::Sabres, CanonSuit::Staves, CanonSuit::Flasks, CanonSuit::Coins];

    const fn name(self) -> &'static str {
        match self {
            CanonSuit::Sabres => "sabres",
            CanonSuit::Staves => "staves",
            CanonSuit::Flasks => "flasks",
            CanonSuit::Coins => "coins",
        }
    }
}

/// What a card is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A tarot trump, 1–21.
    Trump(u8),
    /// A tarot / 54-card suit card; rank 1 = ace, 2–10, 11 = jack (valet), 12 = knight
    /// (cavalier, tarot only), 13 = queen (dame), 14 = king (roi).
    Suited(Suit, u8),
    /// The Idiot (0).
    Idiot,
    /// A canonical suit card; rank 1–11, 12 commander, 13 mistress, 14 master, 15 ace.
    Canon(CanonSuit, u8),
    /// A canonical or theory face card: an index into [`FACE_NAMES`].
    Face(u8),
}

const TRUMPS: u8 = 0;
const SUITED: u8 = 21;
const IDIOT: u8 = 77;
const CANON: u8 = 78;
const FACES: u8 = 138;

/// The face cards' names: seven canonical (Cloud City) ones, then the seed's seven theory ones.
pub const FACE_NAMES: [&str; 14] = [
    "queen",
    "endurance",
    "balance",
    "demise",
    "moderation",
    "evil-one",
    "star",
    "smuggler",
    "bounty-hunter",
    "jedi-knight",
    "jedi-master",
    "dark-jedi",
    "sith-lord",
    "rancor",
];

/// The canonical face cards' values as the rulebook lists them (rules §Decks, Interpretation 3):
/// the Queen of Air and Darkness −2, Endurance −8, Balance (*Équilibre*) −13, Demise
/// (*Échec*) −11, Moderation −13, The Evil One −15, The Star −17. The rulebook writes them
/// "±": it calls them "null or negative values", the ± recalling that a hand counts in
/// positive or negative.
pub const CANONICAL_FACE_VALUE: [i32; 7] = [-2, -8, -13, -11, -13, -15, -17];

/// The canonical face cards' values of West End Games, *Crisis on Cloud City* (1989; see
/// rules-notes §2(a)), the `deck=west-end` option: the same but Balance −11, Demise −13,
/// Moderation −14.
pub const WEST_END_FACE_VALUE: [i32; 7] = [-2, -8, -11, -13, -14, -15, -17];

/// The theory deck's face cards (Smuggler, Bounty Hunter, Jedi Knight, Jedi Master, Dark
/// Jedi, Sith Lord, Rancor). No source gives their values; this is rules-notes §2(b)1's
/// proposal: the magnitudes of the canonical face cards, counted positive.
pub const THEORY_FACE_VALUE: [i32; 7] = [2, 8, 11, 13, 14, 15, 17];

/// Tarot suit card values by rank (index 1–14; the ace's 1 may also count 15, see
/// [`TAROT_ACE_HIGH`]): valet 11, cavalier 12, dame 13, roi 14 (rules §Card values).
pub const TAROT_RANK_VALUE: [i32; 15] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];
/// The tarot ace's other value.
pub const TAROT_ACE_HIGH: i32 = 15;

/// 54-card suit values by rank: no cavalier; valet 11, dame 12, roi 13, ace 1 or 14
/// (rules §Decks). Index 12 (the knight) does not occur.
pub const FRENCH_RANK_VALUE: [i32; 15] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 12, 13];
/// The 54-card ace's other value.
pub const FRENCH_ACE_HIGH: i32 = 14;

impl Card {
    /// The number of card identities.
    pub const NUM: usize = 152;
    /// A card this seat may not see (views only).
    pub const HIDDEN: Card = Card(255);
    /// The Idiot.
    pub const IDIOT: Card = Card(IDIOT);

    /// Trump `n` (1–21).
    pub const fn trump(n: u8) -> Card {
        debug_assert!(n >= 1 && n <= 21);
        Card(TRUMPS + n - 1)
    }

    /// A tarot / 54-card suit card of rank 1–14 (1 = ace, 11 J, 12 N, 13 Q, 14 K).
    pub const fn suited(suit: Suit, rank: u8) -> Card {
        debug_assert!(rank >= 1 && rank <= 14);
        Card(SUITED + suit as u8 * 14 + rank - 1)
    }

    /// A canonical suit card of rank 1–15.
    pub const fn canon(suit: CanonSuit, rank: u8) -> Card {
        debug_assert!(rank >= 1 && rank <= 15);
        Card(CANON + suit as u8 * 15 + rank - 1)
    }

    /// Face card `i` of [`FACE_NAMES`].
    pub const fn face(i: u8) -> Card {
        debug_assert!(i < 14);
        Card(FACES + i)
    }

    /// The card's index in `0..NUM`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The card with this index.
    pub const fn from_index(i: usize) -> Option<Card> {
        if i < Card::NUM { Some(Card(i as u8)) } else { None }
    }

    /// Whether this is [`Card::HIDDEN`].
    pub const fn is_hidden(self) -> bool {
        self.0 == 255
    }

    /// What the card is.
    pub const fn kind(self) -> Kind {
        let i = self.0;
        if i < SUITED {
            Kind::Trump(i - TRUMPS + 1)
        } else if i < IDIOT {
            let k = i - SUITED;
            Kind::Suited(Suit::ALL[(k / 14) as usize], k % 14 + 1)
        } else if i == IDIOT {
            Kind::Idiot
        } else if i < FACES {
            let k = i - CANON;
            Kind::Canon(CanonSuit::ALL[(k / 15) as usize], k % 15 + 1)
        } else {
            Kind::Face(i - FACES)
        }
    }

    /// Every card identity, in index order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..Card::NUM as u8).map(Card)
    }

    /// The card's value in the canonical and theory games with the rulebook's values (the
    /// default decks; signed; rules §Decks). [`Card::value_in`] reads a given deck's.
    pub fn canonical_value(self) -> i32 {
        self.value_in(DeckKind::Canonical)
    }

    /// The card's value in a canonical or theory game played with `deck` (signed; rules
    /// §Decks): only the West End Games deck gives the face cards other values.
    pub fn value_in(self, deck: DeckKind) -> i32 {
        match self.kind() {
            Kind::Canon(_, rank) => i32::from(rank),
            Kind::Face(i) if i < 7 && matches!(deck, DeckKind::WestEnd) => WEST_END_FACE_VALUE[i as usize],
            Kind::Face(i) if i < 7 => CANONICAL_FACE_VALUE[i as usize],
            Kind::Face(i) => THEORY_FACE_VALUE[(i - 7) as usize],
            Kind::Idiot => 0,
            // Tarot cards never meet the canonical rules; their face value is harmless.
            Kind::Trump(n) => i32::from(n),
            Kind::Suited(_, rank) => i32::from(rank),
        }
    }

    /// Whether this is a canonical suit card of rank `rank` (the 2 and 3 of the Idiot's Array).
    pub fn is_canon_rank(self, rank: u8) -> bool {
        matches!(self.kind(), Kind::Canon(_, r) if r == rank)
    }

    /// The card's name in English, for messages.
    pub fn name(self) -> String {
        match self.kind() {
            _ if self.is_hidden() => "a hidden card".to_owned(),
            Kind::Trump(n) => format!("trump {n}"),
            Kind::Suited(suit, rank) => {
                let r = match rank {
                    1 => "ace".to_owned(),
                    11 => "valet".to_owned(),
                    12 => "cavalier".to_owned(),
                    13 => "dame".to_owned(),
                    14 => "roi".to_owned(),
                    n => n.to_string(),
                };
                let s = match suit {
                    Suit::Swords => "swords",
                    Suit::Batons => "batons",
                    Suit::Cups => "cups",
                    Suit::Deniers => "deniers",
                };
                format!("{r} of {s}")
            }
            Kind::Idiot => "the Idiot".to_owned(),
            _ => self.to_string(),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_hidden() {
            return f.write_str("?");
        }
        match self.kind() {
            Kind::Trump(n) => write!(f, "T{n}"),
            Kind::Suited(suit, rank) => {
                match rank {
                    1 => f.write_str("A")?,
                    11 => f.write_str("J")?,
                    12 => f.write_str("N")?,
                    13 => f.write_str("Q")?,
                    14 => f.write_str("K")?,
                    n => write!(f, "{n}")?,
                }
                write!(f, "{}", suit.code())
            }
            Kind::Idiot => f.write_str("idiot"),
            Kind::Canon(suit, rank) => {
                let r = match rank {
                    12 => "commander",
                    13 => "mistress",
                    14 => "master",
                    15 => "ace",
                    _ => "",
                };
                if r.is_empty() {
                    write!(f, "{rank}-{}", suit.name())
                } else {
                    write!(f, "{r}-{}", suit.name())
                }
            }
            Kind::Face(i) => f.write_str(FACE_NAMES[i as usize]),
        }
    }
}

/// Text that names no card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseCardError(pub String);

impl fmt::Display for ParseCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a card: write trumps T1-T21, suit cards like As 10b Nc Kd (s swords, b batons, \
             c cups, d deniers; A 2-10 J N Q K), idiot, canonical cards like 7-sabres ace-coins, or a face \
             card (queen, endurance, balance, demise, moderation, evil-one, star, smuggler, bounty-hunter, \
             jedi-knight, jedi-master, dark-jedi, sith-lord, rancor)",
            self.0
        )
    }
}

impl std::error::Error for ParseCardError {}

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(text: &str) -> Result<Card, ParseCardError> {
        let lower = text.trim().to_ascii_lowercase();
        match lower.as_str() {
            "?" => return Ok(Card::HIDDEN),
            "excuse" | "joker" | "fool" => return Ok(Card::IDIOT),
            _ => {}
        }
        Card::all()
            .find(|c| c.to_string().to_ascii_lowercase() == lower)
            .ok_or_else(|| ParseCardError(text.to_owned()))
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Which deck a game uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DeckKind {
    /// The 78-card tarot deck (La pratique).
    Tarot,
    /// The 54-card deck: four suits without cavaliers, two jokers as Idiots.
    French,
    /// The canonical 76-card deck with the rulebook's face-card values.
    Canonical,
    /// The seed's theory deck: the canonical suits with the seven named face cards.
    Theory,
    /// The canonical 76-card deck with West End Games' face-card values (`deck=west-end`).
    WestEnd,
    /// Five cards, trumps 1, 2, 3 and 21 and the Idiot (`deck=tiny`): not the rulebook's
    /// game, a research deck small enough for exact solvers (CFR, exploitability), yet
    /// holding every kind of tarot Sabacc (grand: T21 T2 and the Idiot; petit: T21 T1 and
    /// the Idiot; the Idiot's: the Idiot, T2 and T3) and hands over 23.
    Tiny,
}

/// Each deck's composition, in the order of [`DeckKind`]'s variants.
const COMPOSITIONS: [[u8; Card::NUM]; 6] = [
    DeckKind::Tarot.build_composition(),
    DeckKind::French.build_composition(),
    DeckKind::Canonical.build_composition(),
    DeckKind::Theory.build_composition(),
    DeckKind::WestEnd.build_composition(),
    DeckKind::Tiny.build_composition(),
];

impl DeckKind {
    /// The number of copies of each card in one deck.
    pub const fn composition(self) -> [u8; Card::NUM] {
        // Read from a table built at compile time: the deck is recounted at every draw.
        COMPOSITIONS[self as usize]
    }

    const fn build_composition(self) -> [u8; Card::NUM] {
        let mut counts = [0u8; Card::NUM];
        let mut i = 0;
        while i < Card::NUM {
            counts[i] = match self {
                DeckKind::Tarot => (i < CANON as usize) as u8,
                // Trumps 1, 2, 3 and 21 (ids 0, 1, 2, 20) and the Idiot.
                DeckKind::Tiny => (matches!(i, 0 | 1 | 2 | 20) || i == IDIOT as usize) as u8,
                DeckKind::French => {
                    if i < SUITED as usize {
                        0
                    } else if i < IDIOT as usize {
                        // No cavalier (rank 12) in a 54-card deck.
                        ((i - SUITED as usize) % 14 != 11) as u8
                    } else if i == IDIOT as usize {
                        2
                    } else {
                        0
                    }
                }
                DeckKind::Canonical | DeckKind::Theory | DeckKind::WestEnd => {
                    if i == IDIOT as usize {
                        2
                    } else if i >= CANON as usize && i < FACES as usize {
                        1
                    } else if i >= FACES as usize {
                        let theory = i >= FACES as usize + 7;
                        if theory == matches!(self, DeckKind::Theory) { 2 } else { 0 }
                    } else {
                        0
                    }
                }
            };
            i += 1;
        }
        counts
    }

    /// The number of cards in one deck.
    pub const fn size(self) -> usize {
        match self {
            DeckKind::Tarot => 78,
            DeckKind::French => 54,
            DeckKind::Tiny => 5,
            DeckKind::Canonical | DeckKind::Theory | DeckKind::WestEnd => 76,
        }
    }

    /// The identities this deck can hold (a range of indices, for quick iteration).
    pub const fn ids(self) -> std::ops::Range<usize> {
        match self {
            DeckKind::Tarot | DeckKind::French | DeckKind::Tiny => 0..CANON as usize,
            DeckKind::Canonical | DeckKind::Theory | DeckKind::WestEnd => IDIOT as usize..Card::NUM,
        }
    }

    /// Whether the deck has trumps (and so the petit Sabacc).
    pub const fn has_trumps(self) -> bool {
        matches!(self, DeckKind::Tarot | DeckKind::Tiny)
    }

    /// A card's value as a suit card of this deck (the ace's low value).
    pub const fn rank_value(self, rank: u8) -> i32 {
        match self {
            DeckKind::French => FRENCH_RANK_VALUE[rank as usize],
            _ => TAROT_RANK_VALUE[rank as usize],
        }
    }

    /// The ace's high value in this deck.
    pub const fn ace_high(self) -> i32 {
        match self {
            DeckKind::French => FRENCH_ACE_HIGH,
            _ => TAROT_ACE_HIGH,
        }
    }
}
