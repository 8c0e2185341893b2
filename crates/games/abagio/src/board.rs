//! The board as data (rules §The board): the path and its numbering, the squares, the
//! colours and the stacks of frogs.
//!
//! Every square is numbered by its **distance to the pond**, the way the rulebook numbers
//! the two diamonds Eight and One: the root (the start) is 26, the outer path runs 25 → 9,
//! Eight is 8, each player's safe sector is 7 → 2, One is 1 and the pond is 0. A leap of
//! `d` from square `n` lands on `n − d`. The outer path, Eight and One are shared by both
//! players; each safe sector belongs to one player, so "square 5" is red's 5 for red and
//! purple's 5 for purple.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------------------------------
// The table. The rulebook gives a 6×6 board, a 12-square inner path (two safe sectors of
// six) with the diamonds Eight and One, and three corner stacks. The length of the outer
// path and the squares of the corner stacks are readings (rules-notes §4(b)2 and
// docs/rules/abagio.md, Interpretations); another reading changes these lines only.
// ---------------------------------------------------------------------------------------

/// Squares of the outer path between the root and Eight (the root itself not counted).
pub const OUTER_SQUARES: u8 = 17;
/// Squares of each safe sector: half of the 12-square inner path.
pub const SECTOR_SQUARES: u8 = 6;
/// The corner squares holding the mixed stacks at the start, in steps from the root:
/// top-left, top-right, bottom-right.
pub const CORNER_STEPS: [u8; 3] = [5, 10, 15];
/// For each corner of [`CORNER_STEPS`]: whether the player who plays first has the top
/// frog of its stack (the rulebook's diagrams: red first puts red on top in the top-right
/// corner only).
pub const CORNER_TOP_IS_FIRST: [bool; 3] = [false, true, false];
/// Frogs in each mixed corner stack, alternating colours.
pub const CORNER_STACK: u8 = 4;
/// Frogs of each player at the root at the start.
pub const ROOT_FROGS: u8 = 6;
/// Frogs per player.
pub const FROGS: u8 = 12;
/// A stack is maxed at this many frogs, of any colours (rules §Maxed stacks)...
pub const MAX_STACK: u8 = 5;
/// ...except on the diamonds Eight and One.
pub const MAX_STACK_DIAMOND: u8 = 2;

// The numbering that follows from the table.

/// The pond (distance 0).
pub const POND: u8 = 0;
/// The diamond One, just above the pond: the last square of both paths.
pub const ONE: u8 = 1;
/// The diamond Eight: the entry to the inner path, where the paths fork.
pub const EIGHT: u8 = SECTOR_SQUARES + 2;
/// The last outer square before Eight.
pub const OUTER_LAST: u8 = EIGHT + 1;
/// The first outer square after the root.
pub const OUTER_FIRST: u8 = EIGHT + OUTER_SQUARES;
/// The root: both players' start, not counted as a square of the path.
pub const ROOT: u8 = OUTER_FIRST + 1;

// A stack keeps its colours in the five high bits of a byte.
const _: () = assert!(MAX_STACK <= 5 && MAX_STACK_DIAMOND <= MAX_STACK);
const _: () = assert!(CORNER_STACK <= MAX_STACK && 2 * ROOT_FROGS + 3 * CORNER_STACK == 2 * FROGS);

/// A player's colour. Seat 0 plays red, seat 1 purple.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Red: seat 0; its safe sector is the left half of the inner path.
    Red,
    /// Purple: seat 1; its safe sector is the right half of the inner path.
    Purple,
}

impl Colour {
    /// Both colours, in seat order.
    pub const ALL: [Colour; 2] = [Colour::Red, Colour::Purple];
    /// The number of colours (and seats).
    pub const NUM: usize = 2;

    /// The seat, `0..2`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour of seat `seat`.
    pub fn of_seat(seat: usize) -> Option<Colour> {
        Colour::ALL.get(seat).copied()
    }

    /// The other player.
    pub const fn other(self) -> Colour {
        match self {
            Colour::Red => Colour::Purple,
            Colour::Purple => Colour::Red,
        }
    }

    /// The one-letter code used in stacks and square names: `r` or `p`.
    pub const fn code(self) -> char {
        match self {
            Colour::Red => 'r',
            Colour::Purple => 'p',
        }
    }

    /// The colour's name.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Purple => "purple",
        }
    }

    /// The colour with this one-letter code (either case).
    pub fn from_code(c: char) -> Option<Colour> {
        match c.to_ascii_lowercase() {
            'r' => Some(Colour::Red),
            'p' => Some(Colour::Purple),
            _ => None,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A square of the board where frogs stack: an outer square, Eight, One, or a square of
/// one player's safe sector. The root and the pond are not squares (stacking there does
/// not matter, rules §Maxed stacks); they are counts in the state.
///
/// Written as its number (`14`, `8`, `1`), sector squares with their owner's letter (`r5`,
/// `p3`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// Index of Eight; the outer squares come before it in path order.
const EIGHT_INDEX: u8 = OUTER_SQUARES;
/// Index of the first square of red's sector; purple's follows it.
const SECTOR_INDEX: u8 = EIGHT_INDEX + 1;
/// Index of One.
const ONE_INDEX: u8 = SECTOR_INDEX + 2 * SECTOR_SQUARES;

impl Square {
    /// The number of squares: the outer path, two sectors, Eight and One.
    pub const NUM: usize = OUTER_SQUARES as usize + 2 * SECTOR_SQUARES as usize + 2;
    /// Eight.
    pub const EIGHT: Square = Square(EIGHT_INDEX);
    /// One.
    pub const ONE: Square = Square(ONE_INDEX);

    /// Every square, in index order: the outer path from the root, Eight, red's sector,
    /// purple's sector, One.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Square::NUM as u8).map(Square)
    }

    /// The outer squares, in path order (25 down to 9).
    pub fn outer() -> impl Iterator<Item = Square> {
        (0..OUTER_SQUARES).map(Square)
    }

    /// The square's index, `0..NUM`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square with this index.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < Square::NUM { Some(Square(index as u8)) } else { None }
    }

    /// The square `pip` squares from the pond on `player`'s path (`1..=25`); `None` for the
    /// root, the pond, or beyond the root.
    pub const fn at(player: Colour, pip: u8) -> Option<Square> {
        Some(Square(match pip {
            ONE => ONE_INDEX,
            2..=7 => SECTOR_INDEX + player.index() as u8 * SECTOR_SQUARES + (SECTOR_SQUARES + 1 - pip),
            EIGHT => EIGHT_INDEX,
            OUTER_LAST..=OUTER_FIRST => OUTER_FIRST - pip,
            _ => return None,
        }))
    }

    /// The outer square, Eight or One numbered `pip`: the squares both players share.
    pub fn shared(pip: u8) -> Option<Square> {
        match pip {
            ONE | EIGHT | OUTER_LAST..=OUTER_FIRST => Square::at(Colour::Red, pip),
            _ => None,
        }
    }

    /// The square's distance to the pond.
    pub const fn pip(self) -> u8 {
        match self.0 {
            i if i < EIGHT_INDEX => OUTER_FIRST - i,
            EIGHT_INDEX => EIGHT,
            ONE_INDEX => ONE,
            i => SECTOR_SQUARES + 1 - (i - SECTOR_INDEX) % SECTOR_SQUARES,
        }
    }

    /// The player whose safe sector holds this square, if it is a sector square.
    pub const fn owner(self) -> Option<Colour> {
        match self.0 {
            i if i > EIGHT_INDEX && i < ONE_INDEX => {
                Some(if i < SECTOR_INDEX + SECTOR_SQUARES { Colour::Red } else { Colour::Purple })
            }
            _ => None,
        }
    }

    /// Whether the square is on the outer path.
    pub const fn is_outer(self) -> bool {
        self.0 < EIGHT_INDEX
    }

    /// Whether the square is Eight or One.
    pub const fn is_diamond(self) -> bool {
        self.0 == EIGHT_INDEX || self.0 == ONE_INDEX
    }

    /// The most frogs its stack may hold: 5, or 2 on Eight and One (rules §Maxed stacks).
    pub const fn max_height(self) -> u8 {
        if self.is_diamond() { MAX_STACK_DIAMOND } else { MAX_STACK }
    }

    /// Whether a mixed corner stack stands here at the start.
    pub fn is_corner(self) -> bool {
        CORNER_STEPS.iter().any(|&step| self.is_outer() && self.0 + 1 == step)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.owner() {
            Some(owner) => write!(f, "{}{}", owner.code(), self.pip()),
            None => write!(f, "{}", self.pip()),
        }
    }
}

impl FromStr for Square {
    type Err = String;

    fn from_str(s: &str) -> Result<Square, String> {
        let s = s.trim();
        let bad = || {
            format!(
                "`{s}` is not a square: squares are {OUTER_LAST} to {OUTER_FIRST} (outer path), {EIGHT}, {ONE}, \
                 and r2 to r7 / p2 to p7 (the safe sectors)"
            )
        };
        let mut chars = s.chars();
        match chars.next().and_then(Colour::from_code) {
            Some(owner) => {
                let pip: u8 = chars.as_str().parse().map_err(|_| bad())?;
                if (2..=SECTOR_SQUARES + 1).contains(&pip) {
                    Square::at(owner, pip).ok_or_else(bad)
                } else {
                    Err(bad())
                }
            }
            None => s.parse::<u8>().ok().and_then(Square::shared).ok_or_else(bad),
        }
    }
}

impl Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A stack of frogs on one square, bottom to top, at most [`MAX_STACK`] high. Written as
/// its colours from the bottom up: `rprp` is a red frog at the bottom and a purple on top.
///
/// One byte: the height in the low three bits, then one bit per frog (set for purple).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Stack(u8);

const HEIGHT_BITS: u8 = 3;
const HEIGHT_MASK: u8 = (1 << HEIGHT_BITS) - 1;

impl Stack {
    /// No frog.
    pub const EMPTY: Stack = Stack(0);

    /// The stack of these frogs, bottom first.
    ///
    /// # Panics
    /// With more than [`MAX_STACK`] frogs.
    pub fn of(frogs: &[Colour]) -> Stack {
        assert!(frogs.len() <= MAX_STACK as usize, "a stack holds at most {MAX_STACK} frogs");
        let mut stack = Stack::EMPTY;
        for &frog in frogs {
            stack.push(frog);
        }
        stack
    }

    /// How many frogs.
    pub const fn height(self) -> u8 {
        self.0 & HEIGHT_MASK
    }

    /// Whether there is no frog.
    pub const fn is_empty(self) -> bool {
        self.height() == 0
    }

    /// The frog at level `i` (0 = bottom).
    pub const fn frog(self, i: u8) -> Colour {
        if self.0 & (1 << (HEIGHT_BITS + i)) != 0 { Colour::Purple } else { Colour::Red }
    }

    /// The colour of the top frog.
    pub const fn top(self) -> Option<Colour> {
        match self.height() {
            0 => None,
            h => Some(self.frog(h - 1)),
        }
    }

    /// How many frogs of the top frog's colour lie together on top: 1 is a blot, 2 a pair,
    /// 3 or more a heap (rules §Stacks).
    pub fn top_run(self) -> u8 {
        let Some(top) = self.top() else { return 0 };
        let h = self.height();
        (0..h).rev().take_while(|&i| self.frog(i) == top).count() as u8
    }

    /// How many frogs of `colour`.
    pub fn count(self, colour: Colour) -> u8 {
        let purple = ((self.0 >> HEIGHT_BITS) & ((1u8 << self.height()) - 1)).count_ones() as u8;
        match colour {
            Colour::Purple => purple,
            Colour::Red => self.height() - purple,
        }
    }

    /// Puts a frog on top. The caller keeps the height within its square's
    /// [`Square::max_height`]: the rules never land on a full stack and validation refuses
    /// a position with one (tests/positions.rs checks both).
    pub fn push(&mut self, frog: Colour) {
        let h = self.height();
        debug_assert!(h < MAX_STACK);
        let bit = 1u8 << (HEIGHT_BITS + h);
        self.0 = (self.0 & !HEIGHT_MASK & !bit) | (h + 1);
        if frog == Colour::Purple {
            self.0 |= bit;
        }
    }

    /// The stack's byte: the height in the low three bits, then one bit per frog from the
    /// bottom (set for purple); the bits above the height are always clear.
    pub(crate) const fn bits(self) -> u8 {
        self.0
    }

    /// The stack whose byte is `bits` (see [`Stack::bits`]).
    pub(crate) const fn from_bits(bits: u8) -> Stack {
        Stack(bits)
    }

    /// Takes the top frog off.
    pub fn pop(&mut self) -> Option<Colour> {
        let top = self.top()?;
        let h = self.height() - 1;
        self.0 = (self.0 & !HEIGHT_MASK & !(1u8 << (HEIGHT_BITS + h))) | h;
        Some(top)
    }

    /// The frogs, bottom first.
    pub fn frogs(self) -> impl Iterator<Item = Colour> {
        (0..self.height()).map(move |i| self.frog(i))
    }
}

impl fmt::Display for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.frogs().try_for_each(|frog| write!(f, "{}", frog.code()))
    }
}

impl FromStr for Stack {
    type Err = String;

    fn from_str(s: &str) -> Result<Stack, String> {
        let s = s.trim();
        if s.chars().count() > MAX_STACK as usize {
            return Err(format!("`{s}`: no stack holds more than {MAX_STACK} frogs"));
        }
        let frogs = s
            .chars()
            .map(|c| {
                Colour::from_code(c)
                    .ok_or_else(|| format!("`{s}`: a stack is written with r and p, bottom first"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Stack::of(&frogs))
    }
}
