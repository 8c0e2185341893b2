//! Cards, colours, roof squares and the deck's composition (rules §Contents).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A pipe colour. Orange and red are related, and so are blue and lilac (rules §Scoring).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Orange (`o`).
    Orange,
    /// Red (`r`).
    Red,
    /// Blue (`b`).
    Blue,
    /// Lilac (`l`).
    Lilac,
}

impl Colour {
    /// All colours, in index order.
    pub const ALL: [Colour; 4] = [Colour::Orange, Colour::Red, Colour::Blue, Colour::Lilac];

    /// The colour's index, `0..4`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour's one-letter code.
    pub const fn code(self) -> char {
        match self {
            Colour::Orange => 'o',
            Colour::Red => 'r',
            Colour::Blue => 'b',
            Colour::Lilac => 'l',
        }
    }

    /// The colour's name.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Orange => "orange",
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Lilac => "lilac",
        }
    }

    /// The colour with this one-letter code.
    pub fn from_code(c: char) -> Option<Colour> {
        Colour::ALL.into_iter().find(|col| col.code() == c.to_ascii_lowercase())
    }

    /// Orange+red form one family, blue+lilac the other.
    pub const fn family(self) -> u8 {
        match self {
            Colour::Orange | Colour::Red => 0,
            Colour::Blue | Colour::Lilac => 1,
        }
    }
}

/// What a pipe card is: a letter A–I, an X, or a wrench.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PipeKind {
    /// A letter card, `0..9` for A–I: it goes only on the square of that letter.
    Letter(u8),
    /// The X card: any empty square of your own roof.
    X,
    /// The wrench: any square of your own roof, replacing what is there.
    Wrench,
}

impl PipeKind {
    /// The eleven kinds, in index order.
    pub const ALL: [PipeKind; 11] = [
        PipeKind::Letter(0),
        PipeKind::Letter(1),
        PipeKind::Letter(2),
        PipeKind::Letter(3),
        PipeKind::Letter(4),
        PipeKind::Letter(5),
        PipeKind::Letter(6),
        PipeKind::Letter(7),
        PipeKind::Letter(8),
        PipeKind::X,
        PipeKind::Wrench,
    ];

    const fn index(self) -> usize {
        match self {
            PipeKind::Letter(l) => l as usize,
            PipeKind::X => 9,
            PipeKind::Wrench => 10,
        }
    }

    const fn code(self) -> char {
        match self {
            PipeKind::Letter(l) => (b'A' + l) as char,
            PipeKind::X => 'X',
            PipeKind::Wrench => 'W',
        }
    }
}

/// A square of a roof, A–I, laid out as the rulebook's board:
///
/// ```text
/// A B C
/// D E F
/// G H I
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The number of squares on a roof.
    pub const NUM: usize = 9;

    /// All squares, A to I.
    pub const ALL: [Square; 9] =
        [Square(0), Square(1), Square(2), Square(3), Square(4), Square(5), Square(6), Square(7), Square(8)];

    /// The square with this index (`0` = A … `8` = I).
    pub const fn new(index: usize) -> Option<Square> {
        if index < 9 { Some(Square(index as u8)) } else { None }
    }

    /// The square's index, `0..9`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square's letter.
    pub const fn letter(self) -> char {
        (b'A' + self.0) as char
    }

    /// The square with this letter (either case).
    pub fn from_letter(c: char) -> Option<Square> {
        let c = c.to_ascii_uppercase();
        ('A'..='I').contains(&c).then(|| Square(c as u8 - b'A'))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The eight scoring lines: three rows, three columns, two diagonals (rules §Scoring).
pub const LINES: [[usize; 3]; 8] =
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

/// A card. Written `Ao` (letter A, orange), `Xr` (X, red), `Wb` (wrench, blue), `sab`
/// (Sabotage) and `dem` (Démontage).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// The number of distinct cards: 11 pipe kinds × 4 colours, Sabotage and Démontage.
    pub const NUM: usize = 46;
    /// The Sabotage card.
    pub const SABOTAGE: Card = Card(44);
    /// The Démontage card.
    pub const DEMONTAGE: Card = Card(45);

    /// The pipe card of this kind and colour.
    pub const fn pipe(kind: PipeKind, colour: Colour) -> Card {
        Card((kind.index() * 4 + colour.index()) as u8)
    }

    /// The card with this index, `0..46`.
    pub const fn from_index(index: usize) -> Option<Card> {
        if index < Card::NUM { Some(Card(index as u8)) } else { None }
    }

    /// Every distinct card, in index order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..Card::NUM as u8).map(Card)
    }

    /// The card's index, `0..46`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The pipe kind and colour, for a pipe card.
    pub const fn as_pipe(self) -> Option<(PipeKind, Colour)> {
        if self.0 >= 44 {
            return None;
        }
        let kind = match self.0 / 4 {
            9 => PipeKind::X,
            10 => PipeKind::Wrench,
            l => PipeKind::Letter(l),
        };
        Some((kind, Colour::ALL[(self.0 % 4) as usize]))
    }

    /// The colour, for a pipe card.
    pub const fn colour(self) -> Option<Colour> {
        match self.as_pipe() {
            Some((_, c)) => Some(c),
            None => None,
        }
    }

    /// The card's name for people: `A orange`, `X red`, `wrench blue`, `Sabotage`.
    pub fn name(self) -> String {
        match self.as_pipe() {
            Some((PipeKind::Wrench, c)) => format!("wrench {}", c.name()),
            Some((kind, c)) => format!("{} {}", kind.code(), c.name()),
            None if self == Card::SABOTAGE => "Sabotage".to_owned(),
            None => "Démontage".to_owned(),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.as_pipe() {
            Some((kind, colour)) => write!(f, "{}{}", kind.code(), colour.code()),
            None if *self == Card::SABOTAGE => f.write_str("sab"),
            None => f.write_str("dem"),
        }
    }
}

/// A card code that is not a card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadCard(pub String);

impl fmt::Display for BadCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a card: write a letter A-I, X or W (wrench) then a colour o, r, b or l \
             (`Ao`, `Xr`, `Wb`), or `sab` / `dem`",
            self.0
        )
    }
}

impl FromStr for Card {
    type Err = BadCard;

    fn from_str(s: &str) -> Result<Card, BadCard> {
        let bad = || BadCard(s.to_owned());
        match s.to_ascii_lowercase().as_str() {
            "sab" | "sabotage" => return Ok(Card::SABOTAGE),
            "dem" | "demontage" | "démontage" => return Ok(Card::DEMONTAGE),
            _ => {}
        }
        let mut chars = s.chars();
        let (Some(k), Some(c), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(bad());
        };
        let kind = match k.to_ascii_uppercase() {
            'X' => PipeKind::X,
            'W' => PipeKind::Wrench,
            l @ 'A'..='I' => PipeKind::Letter(l as u8 - b'A'),
            _ => return Err(bad()),
        };
        let colour = Colour::from_code(c).ok_or_else(bad)?;
        Ok(Card::pipe(kind, colour))
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

/// How many copies of each pipe kind one colour has, in one of the two copies of the deck
/// (rules-notes §1(b)1: the twelfth pipe kind is read as a second X). Kept as data so a
/// different reading is one edit.
pub const PIPES_PER_COLOUR_COPY: [(PipeKind, u8); 11] = [
    (PipeKind::Letter(0), 1),
    (PipeKind::Letter(1), 1),
    (PipeKind::Letter(2), 1),
    (PipeKind::Letter(3), 1),
    (PipeKind::Letter(4), 1),
    (PipeKind::Letter(5), 1),
    (PipeKind::Letter(6), 1),
    (PipeKind::Letter(7), 1),
    (PipeKind::Letter(8), 1),
    (PipeKind::X, 2),
    (PipeKind::Wrench, 1),
];
/// Each pipe card exists twice in each colour (rules §Contents).
pub const COPIES: u8 = 2;
/// Sabotage cards in the deck.
pub const SABOTAGE_CARDS: u8 = 4;
/// Démontage cards in the deck (removed by the 100-card variant).
pub const DEMONTAGE_CARDS: u8 = 4;

/// The deck: how many of each card, for the 104-card game or the 100-card variant.
pub const fn composition(demontage: bool) -> [u8; Card::NUM] {
    if demontage { FULL_DECK } else { DECK_WITHOUT_DEMONTAGE }
}

/// The number of cards in the deck.
pub const fn deck_size(demontage: bool) -> usize {
    // Summed once at compile time: the rules ask at every turn.
    const FULL: usize = size_of_deck(&FULL_DECK);
    const WITHOUT_DEMONTAGE: usize = size_of_deck(&DECK_WITHOUT_DEMONTAGE);
    if demontage { FULL } else { WITHOUT_DEMONTAGE }
}

const fn size_of_deck(deck: &[u8; Card::NUM]) -> usize {
    let (mut i, mut n) = (0, 0);
    while i < Card::NUM {
        n += deck[i] as usize;
        i += 1;
    }
    n
}

const FULL_DECK: [u8; Card::NUM] = build_composition(true);
const DECK_WITHOUT_DEMONTAGE: [u8; Card::NUM] = build_composition(false);

const fn build_composition(demontage: bool) -> [u8; Card::NUM] {
    let mut counts = [0u8; Card::NUM];
    let mut k = 0;
    while k < PIPES_PER_COLOUR_COPY.len() {
        let (kind, n) = PIPES_PER_COLOUR_COPY[k];
        let mut c = 0;
        while c < 4 {
            counts[Card::pipe(kind, Colour::ALL[c]).index()] = n * COPIES;
            c += 1;
        }
        k += 1;
    }
    counts[Card::SABOTAGE.index()] = SABOTAGE_CARDS;
    counts[Card::DEMONTAGE.index()] = if demontage { DEMONTAGE_CARDS } else { 0 };
    counts
}
