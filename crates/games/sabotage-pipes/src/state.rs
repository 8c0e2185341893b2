//! The full (referee) state, its pieces, and the scoring of a roof (rules §Scoring).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::{Card, LINES, Square};

/// The most seats: four players in two teams.
pub const MAX_PLAYERS: usize = 4;
/// The most rounds the `rounds` option allows.
pub const MAX_ROUNDS: usize = 8;
/// Cards dealt to each player (rules §Preparation).
pub const HAND_SIZE: u8 = 8;

/// A multiset of cards (a hand, the discard pile): a count per distinct card. Written in
/// JSON as the list of its cards, `["Ao","Ao","sab"]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cards(pub [u8; Card::NUM]);

impl Default for Cards {
    fn default() -> Self {
        Cards([0; Card::NUM])
    }
}

impl Cards {
    /// How many cards in all.
    pub fn len(&self) -> usize {
        // Eight counts at a time in a u64 (SWAR): pairs of bytes are added into u16 lanes,
        // then the lanes are summed by one multiplication. Counts are at most 104 (the deck),
        // so no lane overflows. This runs several times per action in every playout.
        const LOW: u64 = 0x00FF_00FF_00FF_00FF;
        let mut total = 0usize;
        let mut chunks = self.0.chunks_exact(8);
        for chunk in &mut chunks {
            let x = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
            let pairs = (x & LOW) + ((x >> 8) & LOW);
            total += (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as usize;
        }
        total + chunks.remainder().iter().map(|&n| n as usize).sum::<usize>()
    }

    /// Whether there is no card.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// How many copies of `card`.
    pub fn count(&self, card: Card) -> u8 {
        self.0[card.index()]
    }

    /// Whether `card` is among them.
    pub fn contains(&self, card: Card) -> bool {
        self.count(card) > 0
    }

    /// Adds one `card`.
    pub fn add(&mut self, card: Card) {
        self.0[card.index()] += 1;
    }

    /// Removes one `card` (which must be there).
    pub fn remove(&mut self, card: Card) {
        debug_assert!(self.contains(card));
        self.0[card.index()] -= 1;
    }

    /// The distinct cards present, in index order.
    pub fn distinct(&self) -> impl Iterator<Item = Card> + '_ {
        Card::all().filter(|&c| self.contains(c))
    }

    /// Every card, with repeats, in index order.
    pub fn to_vec(&self) -> Vec<Card> {
        Card::all().flat_map(|c| std::iter::repeat_n(c, self.count(c) as usize)).collect()
    }
}

impl Serialize for Cards {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.to_vec())
    }
}

impl<'de> Deserialize<'de> for Cards {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Cards, D::Error> {
        let list = Vec::<Card>::deserialize(d)?;
        let mut cards = Cards::default();
        for card in list {
            let n = &mut cards.0[card.index()];
            *n = n.checked_add(1).ok_or_else(|| serde::de::Error::custom("too many copies of a card"))?;
        }
        Ok(cards)
    }
}

/// A roof: nine squares, each empty or holding a pipe card.
pub type Roof = [Option<Card>; Square::NUM];

/// The points of a line of three squares: 2 for one colour, 1 for related colours
/// (orange/red, blue/lilac), 0 otherwise or with an empty square.
pub fn line_points(roof: &Roof, line: [usize; 3]) -> u8 {
    let (a, b, c) = (colour_code(roof[line[0]]), colour_code(roof[line[1]]), colour_code(roof[line[2]]));
    // Codes: colour index 0..4 (orange, red, blue, lilac; family = index / 2), or 4+ for
    // an empty square or a card without colour.
    if a >= 4 || b >= 4 || c >= 4 {
        0
    } else if a == b && b == c {
        2
    } else if a >> 1 == b >> 1 && b >> 1 == c >> 1 {
        1
    } else {
        0
    }
}

/// The colour index of what lies on a square, or 4 when it holds no coloured card; read
/// from a table, since scoring runs at every turn of every playout.
fn colour_code(square: Option<Card>) -> u8 {
    const CODES: [u8; Card::NUM] = {
        let mut codes = [4u8; Card::NUM];
        let mut i = 0;
        while i < Card::NUM {
            if let Some(card) = Card::from_index(i) {
                if let Some(colour) = card.colour() {
                    codes[i] = colour.index() as u8;
                }
            }
            i += 1;
        }
        codes
    };
    match square {
        Some(card) => CODES[card.index()],
        None => 4,
    }
}

/// A roof's value: the points of its eight lines.
pub fn roof_value(roof: &Roof) -> u8 {
    LINES.iter().map(|&line| line_points(roof, line)).sum()
}

/// A roof's score at the end of a round: every point above 5 counts double (the
/// rulebook's table: 5→5, 6→7, 7→9 … 16→27); values up to 5 count as they are.
pub fn round_score(value: u8) -> i32 {
    let v = i32::from(value);
    if v <= 5 { v } else { 5 + 2 * (v - 5) }
}

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// The dealer deals eight cards to each player, one at a time (chance).
    Deal,
    /// The player to move may end the round before drawing (roof worth 5 or more).
    Start,
    /// The player to move draws a card (chance).
    Draw,
    /// The player to move plays or discards one card.
    Play,
    /// Four players: the partner of the player to move answers the request to end.
    Consent,
    /// The last round is over.
    Over,
}

/// What happened in one finished round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct RoundResult {
    /// Each team's roof value at the end.
    pub values: [u8; 2],
    /// Each team's points for the round (bonus and closing penalty applied).
    pub points: [i32; 2],
    /// The seat that ended the round, if one did.
    pub closer: Option<u8>,
}

/// The finished rounds, in order: a fixed-capacity list (no heap in the state), written
/// in JSON as a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Results {
    len: u8,
    items: [RoundResult; MAX_ROUNDS],
}

impl Results {
    /// The finished rounds.
    pub fn as_slice(&self) -> &[RoundResult] {
        &self.items[..self.len as usize]
    }

    /// Adds a finished round.
    ///
    /// # Panics
    /// Past `MAX_ROUNDS` rounds.
    pub fn push(&mut self, result: RoundResult) {
        self.items[self.len as usize] = result;
        self.len += 1;
    }

    /// How many rounds are finished.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no round is finished.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Serialize for Results {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice())
    }
}

impl<'de> Deserialize<'de> for Results {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Results, D::Error> {
        let list = Vec::<RoundResult>::deserialize(d)?;
        if list.len() > MAX_ROUNDS {
            return Err(serde::de::Error::custom(format!("at most {MAX_ROUNDS} rounds")));
        }
        let mut results = Results::default();
        for r in list {
            results.push(r);
        }
        Ok(results)
    }
}

/// The full state of a game of Sabotage.
///
/// Team `t` is seats `t` and `t + 2` (with four players) and owns roof `t`; with two
/// players each seat is its own team.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    /// Seats: 2 or 4.
    pub players: u8,
    /// Whether the four Démontage cards are in the deck.
    pub demontage: bool,
    /// Rounds in the game.
    pub rounds: u8,
    /// The round being played, from 0 (equal to `rounds` when the game is over).
    pub round: u8,
    /// The phase.
    pub phase: Phase,
    /// The seat to act (in `Deal`: the seat receiving the next card; in `Consent`: the seat
    /// that asked to end; its partner answers).
    pub to_move: u8,
    /// Each seat's hand (unused seats empty).
    pub hands: [Cards; MAX_PLAYERS],
    /// Each team's roof.
    pub roofs: [Roof; 2],
    /// The discard pile, face up.
    pub discards: Cards,
    /// The card on top of the discard pile.
    pub top_discard: Option<Card>,
    /// Whether the partner refused to end the round this turn (four players).
    pub refused: bool,
    /// The finished rounds.
    pub results: Results,
}

impl State {
    /// The dealer of round `round`: the deal passes to the left (the next seat) each round;
    /// seat `players - 1` deals first, so seat 0 plays first.
    pub fn dealer_of(players: u8, round: u8) -> u8 {
        (players - 1 + round) % players
    }

    /// The dealer of the current round.
    pub fn dealer(&self) -> u8 {
        State::dealer_of(self.players, self.round % self.rounds.max(1))
    }

    /// A seat's team (and roof).
    pub fn team(seat: u8) -> usize {
        (seat % 2) as usize
    }

    /// Cards not in any hand, roof or the discard pile: the face-down pile.
    pub fn stock(&self) -> Cards {
        let mut stock = Cards(crate::card::composition(self.demontage));
        for hand in &self.hands[..(self.players as usize).min(MAX_PLAYERS)] {
            for (n, h) in stock.0.iter_mut().zip(hand.0) {
                *n = n.saturating_sub(h);
            }
        }
        for card in self.roofs.iter().flatten().flatten() {
            let n = &mut stock.0[card.index()];
            *n = n.saturating_sub(1);
        }
        for (n, d) in stock.0.iter_mut().zip(self.discards.0) {
            *n = n.saturating_sub(d);
        }
        stock
    }

    /// The number of cards in the face-down pile.
    pub fn stock_len(&self) -> usize {
        let composition = crate::card::deck_size(self.demontage);
        let hands: usize =
            self.hands[..(self.players as usize).min(MAX_PLAYERS)].iter().map(Cards::len).sum();
        let roofs = self.roofs.iter().flatten().filter(|c| c.is_some()).count();
        composition - hands - roofs - self.discards.len()
    }

    /// Each team's points so far (finished rounds only).
    pub fn totals(&self) -> [i32; 2] {
        self.results.as_slice().iter().fold([0, 0], |acc, r| [acc[0] + r.points[0], acc[1] + r.points[1]])
    }

    /// Each team's roof value now.
    pub fn values(&self) -> [u8; 2] {
        [roof_value(&self.roofs[0]), roof_value(&self.roofs[1])]
    }
}
