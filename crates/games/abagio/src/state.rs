//! The full state: every stack, the root and the pond, the dice left, the Top Frog, and
//! where the turn stands.

use std::fmt;

use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::board::{Colour, FROGS, ROOT, Square, Stack};

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// The opening roll (chance): each player rolls one die; the higher plays first, and
    /// the corner stacks are set up accordingly.
    Opening,
    /// The player to move rolls two dice (chance).
    Roll,
    /// The player to move leaps, one die at a time.
    Leap,
    /// The player to move may play the Top Frog, or `pass`.
    TopFrog,
    /// The game is over.
    Over,
}

/// The dice left to play this turn, largest first: two different numbers, or up to four
/// of a double. Written in JSON as a list, `[6, 4]` or `[3, 3, 3]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Dice([u8; 4]);

impl Dice {
    /// No die left.
    pub const NONE: Dice = Dice([0; 4]);

    /// The dice of a roll: two leaps, or four with a double.
    pub fn roll(a: u8, b: u8) -> Dice {
        let (hi, lo) = if a >= b { (a, b) } else { (b, a) };
        if hi == lo { Dice([hi; 4]) } else { Dice([hi, lo, 0, 0]) }
    }

    /// These dice (each `1..=6`, at most four), in any order.
    ///
    /// # Errors
    /// More than four dice, or a number outside 1 to 6.
    pub fn of(values: &[u8]) -> Result<Dice, String> {
        if values.len() > 4 {
            return Err(format!("at most four dice are left to play, not {}", values.len()));
        }
        if let Some(bad) = values.iter().find(|v| !(1..=6).contains(*v)) {
            return Err(format!("a die shows 1 to 6, not {bad}"));
        }
        let mut dice = [0u8; 4];
        dice[..values.len()].copy_from_slice(values);
        dice.sort_unstable_by(|a, b| b.cmp(a));
        Ok(Dice(dice))
    }

    /// The dice, largest first.
    pub fn as_slice(&self) -> &[u8] {
        &self.0[..self.len()]
    }

    /// How many dice are left.
    pub fn len(&self) -> usize {
        // The dice fill the low bytes and the rest are 0, so the zero high bytes of the
        // little-endian word count the dice missing.
        4 - (u32::from_le_bytes(self.0).leading_zeros() / 8) as usize
    }

    /// Whether no die is left.
    pub fn is_empty(&self) -> bool {
        self.0[0] == 0
    }

    /// Whether a die showing `die` is left.
    pub fn contains(&self, die: u8) -> bool {
        die != 0 && self.0.contains(&die)
    }

    /// The different numbers left, largest first (at most two).
    pub fn distinct(&self) -> impl Iterator<Item = u8> + '_ {
        let d = &self.0;
        (0..4).filter(move |&i| d[i] != 0 && (i == 0 || d[i] != d[i - 1])).map(move |i| d[i])
    }

    /// Whether two different numbers are left (the "larger number" rule can apply).
    pub fn two_numbers(&self) -> bool {
        self.0[1] != 0 && self.0[0] != self.0[1]
    }

    /// The dice with one `die` used.
    pub fn without(self, die: u8) -> Dice {
        let mut d = self.0;
        if let Some(i) = d.iter().position(|&x| x == die) {
            d.copy_within(i + 1.., i);
            d[3] = 0;
        }
        Dice(d)
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.as_slice().iter().enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == self.len() { " and " } else { ", " })?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl Serialize for Dice {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice())
    }
}

impl<'de> Deserialize<'de> for Dice {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Dice, D::Error> {
        let values = Vec::<u8>::deserialize(d)?;
        Dice::of(&values).map_err(de::Error::custom)
    }
}

/// Every stack on the board, by [`Square`] index. Written in JSON as an object from square
/// name to stack, empty squares left out: `{"21": "rprp", "8": "p", "r5": "rr"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board(pub [Stack; Square::NUM]);

impl Board {
    /// The stack on `square`.
    pub fn get(&self, square: Square) -> Stack {
        self.0[square.index()]
    }

    /// The stack on `square`, to change.
    pub fn get_mut(&mut self, square: Square) -> &mut Stack {
        &mut self.0[square.index()]
    }

    /// Every square with its stack, empty ones included.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Stack)> + '_ {
        Square::all().map(|sq| (sq, self.0[sq.index()]))
    }
}

impl Serialize for Board {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let occupied = self.0.iter().filter(|st| !st.is_empty()).count();
        let mut map = s.serialize_map(Some(occupied))?;
        for (square, stack) in self.iter().filter(|(_, st)| !st.is_empty()) {
            map.serialize_entry(&square.to_string(), &stack.to_string())?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Board, D::Error> {
        struct BoardVisitor;
        impl<'de> Visitor<'de> for BoardVisitor {
            type Value = Board;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object from square name to stack, such as {\"21\": \"rprp\"}")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Board, A::Error> {
                let mut board = Board::default();
                let mut seen = [false; Square::NUM];
                while let Some((name, stack)) = map.next_entry::<String, String>()? {
                    let square: Square = name.parse().map_err(de::Error::custom)?;
                    if std::mem::replace(&mut seen[square.index()], true) {
                        return Err(de::Error::custom(format!("square {square} is given twice")));
                    }
                    *board.get_mut(square) =
                        stack.parse().map_err(|e| de::Error::custom(format!("square {square}: {e}")))?;
                }
                Ok(board)
            }
        }
        d.deserialize_map(BoardVisitor)
    }
}

/// The full state of a game of Abagio. There is no hidden information: every seat sees it
/// all. Per-player arrays are indexed by seat (red, purple).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    /// Where the game stands.
    pub phase: Phase,
    /// The player to act (or to roll); red during the opening roll; at the end, the winner,
    /// or after the turn limit the player who would have moved next.
    pub to_move: Colour,
    /// The dice left to play (only while leaping).
    pub dice: Dice,
    /// Frogs at the root (the start), per player.
    pub root: [u8; 2],
    /// Frogs in the pond, per player.
    pub pond: [u8; 2],
    /// The stacks.
    pub board: Board,
    /// The square of the Top Frog, if it is on the board. It is always the one the other
    /// player (who moved last) placed there at the end of their turn.
    pub top_frog: Option<Square>,
    /// Turns begun (rolls of two dice) since the opening roll.
    pub turn: u16,
    /// The winner, once the game is over (none after the turn limit: a draw).
    pub winner: Option<Colour>,
}

impl State {
    /// The stack on `square`.
    pub fn stack(&self, square: Square) -> Stack {
        self.board.get(square)
    }

    /// How many of `player`'s frogs are on the board, the root and the pond together.
    pub fn frogs(&self, player: Colour) -> u32 {
        let i = player.index();
        let on_board: u32 = self.board.0.iter().map(|s| u32::from(s.count(player))).sum();
        u32::from(self.root[i]) + u32::from(self.pond[i]) + on_board
    }

    /// Whether every frog of `player` not in the pond is on the inner path (its safe
    /// sector, Eight or One): the condition for final leaps (rules §Final leaps).
    pub fn all_inner(&self, player: Colour) -> bool {
        self.root[player.index()] == 0 && Square::outer().all(|sq| self.stack(sq).count(player) == 0)
    }

    /// The distance to the pond of `player`'s farthest frog not in the pond (26 for the
    /// root), 0 when all are in the pond.
    pub fn farthest(&self, player: Colour) -> u8 {
        if self.root[player.index()] > 0 {
            return ROOT;
        }
        self.board.iter().filter(|(_, st)| st.count(player) > 0).map(|(sq, _)| sq.pip()).max().unwrap_or(0)
    }

    /// The race still to run: the sum of the distances to the pond of `player`'s frogs.
    pub fn pip_count(&self, player: Colour) -> u32 {
        let root = u32::from(self.root[player.index()]) * u32::from(ROOT);
        let board: u32 =
            self.board.iter().map(|(sq, st)| u32::from(st.count(player)) * u32::from(sq.pip())).sum();
        root + board
    }

    /// Whether `player` has brought all twelve frogs into the pond.
    pub fn has_won(&self, player: Colour) -> bool {
        self.pond[player.index()] == FROGS
    }

    /// Whether the frogs on `square` may not leap: the Top Frog sits on them.
    pub fn frozen(&self, square: Square) -> bool {
        self.top_frog == Some(square)
    }
}
