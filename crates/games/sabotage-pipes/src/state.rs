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

    /// The counts as six little-endian `u64` words of eight counts each (the last word
    /// holds the six counts 40..46 and two zero bytes), for counting several cards at once.
    fn words(&self) -> [u64; 6] {
        let word = |at: usize| u64::from_le_bytes(self.0[at..at + 8].try_into().expect("eight bytes"));
        // The last word is read overlapping the fifth and shifted: counts 38..46 >> 2 bytes.
        [word(0), word(8), word(16), word(24), word(32), word(38) >> 16]
    }

    /// The distinct cards present as a bit set: bit `i` is set when card `i` is there.
    /// Walking its bits visits the cards in index order, as [`Cards::distinct`] does.
    pub fn present(&self) -> u64 {
        // Per word: the high bit of each nonzero byte, then those eight bits gathered into
        // one byte by a multiplication (every product bit lands on its own position).
        const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let mut mask = 0u64;
        for (k, x) in self.words().into_iter().enumerate() {
            let nonzero = (((x & LOW7) + LOW7) | x) & HIGH;
            mask |= (nonzero.wrapping_mul(0x0002_0408_1020_4081) >> 56) << (8 * k);
        }
        mask
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
    match square {
        Some(card) => COLOUR_CODES[card.index()],
        None => 4,
    }
}

/// Each card's colour index, or 4 for a card without a colour.
const COLOUR_CODES: [u8; Card::NUM] = {
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

/// The most a roof can be worth: each of its eight lines scores at most 2 (one colour and
/// one family), which a roof of a single colour reaches.
pub const MAX_ROOF_VALUE: u8 = 2 * crate::card::LINES.len() as u8;

/// A roof's value: the points of its eight lines, at most [`MAX_ROOF_VALUE`].
pub fn roof_value(roof: &Roof) -> u8 {
    // A line scores 1 for lying within the squares of one family and 1 more for lying
    // within the squares of one colour (a square holds one card, so a line lies within at
    // most one colour's and one family's squares): the same points as `line_points`,
    // counted from each colour's squares as a 9-bit set and a table of the lines within
    // each set. Scoring runs at every turn of every playout.
    //
    // `sets` holds the four colours' square sets 16 bits apart: square `i` holding a card
    // of colour `c` is bit `16 c + i`.
    const COLOUR_BIT: [u64; Card::NUM] = {
        let mut bits = [0u64; Card::NUM];
        let mut i = 0;
        while i < Card::NUM {
            if COLOUR_CODES[i] < 4 {
                bits[i] = 1 << (16 * COLOUR_CODES[i] as u32);
            }
            i += 1;
        }
        bits
    };
    let mut sets = 0u64;
    for (i, square) in roof.iter().enumerate() {
        if let Some(card) = square {
            sets |= COLOUR_BIT[card.index()] << i;
        }
    }
    let colour = |c: usize| (sets >> (16 * c)) as usize & 0x1FF;
    let family = |f: usize| (sets | sets >> 16) >> (32 * f) & 0x1FF;
    LINES_WITHIN[colour(0)]
        + LINES_WITHIN[colour(1)]
        + LINES_WITHIN[colour(2)]
        + LINES_WITHIN[colour(3)]
        + LINES_WITHIN[family(0) as usize]
        + LINES_WITHIN[family(1) as usize]
}

/// `LINES_WITHIN[set]`: how many of the eight lines lie within a 9-bit set of squares.
static LINES_WITHIN: [u8; 1 << Square::NUM] = {
    let mut table = [0u8; 1 << Square::NUM];
    let mut set = 0;
    while set < table.len() {
        let mut k = 0;
        while k < LINES.len() {
            let [a, b, c] = LINES[k];
            if set & (1 << a) != 0 && set & (1 << b) != 0 && set & (1 << c) != 0 {
                table[set] += 1;
            }
            k += 1;
        }
        set += 1;
    }
    table
};

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
///
/// Besides what its JSON holds, the state keeps the face-down pile ([`State::pile`]) in
/// step as cards are dealt and drawn, so that a chance node does not recount it from the
/// deck, the hands, the roofs and the discards. Reading a state from JSON and
/// `setup::validate` recount it; code that edits `hands`, `roofs` or `discards`
/// by hand and then plays on calls [`State::recount_pile`] (or validates).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "StateJson")]
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
    /// Each team's roof as the last finished round ended (every card on a roof is face up),
    /// so that a table can show it once the next round is dealt; empty before.
    #[serde(skip_serializing_if = "no_roofs")]
    pub last_roofs: [Roof; 2],
    /// The running pile: each card's copies in the face-down pile. Not in the JSON (it
    /// follows from the rest); always equal to [`State::stock`] for a state the rules made.
    #[serde(skip)]
    pile: Cards,
    /// How many cards `pile` holds.
    #[serde(skip)]
    pile_len: u8,
}

/// A state as written in JSON: [`State`] without its running pile, which is recounted on
/// reading. Its fields are `State`'s JSON fields; the two change together.
#[derive(Deserialize)]
struct StateJson {
    players: u8,
    demontage: bool,
    rounds: u8,
    round: u8,
    phase: Phase,
    to_move: u8,
    hands: [Cards; MAX_PLAYERS],
    roofs: [Roof; 2],
    discards: Cards,
    top_discard: Option<Card>,
    refused: bool,
    results: Results,
    #[serde(default)]
    last_roofs: [Roof; 2],
}

/// Whether both roofs are empty.
pub(crate) fn no_roofs(roofs: &[Roof; 2]) -> bool {
    roofs.iter().all(|r| r.iter().all(Option::is_none))
}

impl From<StateJson> for State {
    fn from(j: StateJson) -> State {
        let mut state = State::new(j.players, j.demontage, j.rounds, j.round, j.phase, j.to_move);
        state.hands = j.hands;
        state.roofs = j.roofs;
        state.discards = j.discards;
        state.top_discard = j.top_discard;
        state.refused = j.refused;
        state.results = j.results;
        state.last_roofs = j.last_roofs;
        state.recount_pile();
        state
    }
}

impl State {
    /// A state with empty hands, roofs and discards, no finished round, and the whole
    /// deck in the pile.
    pub(crate) fn new(
        players: u8,
        demontage: bool,
        rounds: u8,
        round: u8,
        phase: Phase,
        to_move: u8,
    ) -> State {
        State {
            players,
            demontage,
            rounds,
            round,
            phase,
            to_move,
            hands: [Cards::default(); MAX_PLAYERS],
            roofs: [[None; Square::NUM]; 2],
            discards: Cards::default(),
            top_discard: None,
            refused: false,
            results: Results::default(),
            last_roofs: [[None; Square::NUM]; 2],
            pile: Cards(crate::card::composition(demontage)),
            pile_len: crate::card::deck_size(demontage) as u8,
        }
    }

    /// The running pile: each card's copies in the face-down pile, kept in step by the
    /// rules (equal to [`State::stock`] unless the fields were edited by hand since).
    pub fn pile(&self) -> &Cards {
        &self.pile
    }

    /// How many cards the running pile holds.
    pub fn pile_len(&self) -> usize {
        self.pile_len as usize
    }

    /// Recounts the running pile from the deck, the hands, the roofs and the discards:
    /// needed after editing those fields by hand.
    pub fn recount_pile(&mut self) {
        self.pile = self.stock();
        self.pile_len = self.pile.len() as u8;
    }

    /// Sets the running pile (to what a caller counted already).
    pub(crate) fn set_pile(&mut self, pile: Cards) {
        self.pile = pile;
        self.pile_len = pile.len() as u8;
    }

    /// Takes `card` (which must be there) out of the running pile.
    pub(crate) fn take_from_pile(&mut self, card: Card) {
        self.pile.remove(card);
        self.pile_len -= 1;
    }

    /// Puts the whole deck back in the running pile (between rounds).
    pub(crate) fn refill_pile(&mut self) {
        self.pile = Cards(crate::card::composition(self.demontage));
        self.pile_len = crate::card::deck_size(self.demontage) as u8;
    }

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

    /// The number of cards in the face-down pile, counted from the deck, the hands, the
    /// roofs and the discards (as [`State::stock`]; the rules decide the turn's steps by
    /// it, so they follow hand-edited fields).
    pub fn stock_len(&self) -> usize {
        // Byte-wise sums of the seated hands and the discards, word by word: a card has at
        // most 4 copies, so a byte of the sum over arrays is at most 4, and over the six
        // words at most 24; no byte carries into the next.
        let add = |sum: [u64; 6], cards: &Cards| {
            let words = cards.words();
            std::array::from_fn(|k| sum[k].wrapping_add(words[k]))
        };
        let mut sum = add(add(self.discards.words(), &self.hands[0]), &self.hands[1]);
        if self.players as usize >= MAX_PLAYERS {
            sum = add(add(sum, &self.hands[2]), &self.hands[3]);
        }
        let bytes = sum.into_iter().fold(0u64, u64::wrapping_add);
        let held = (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize;
        let roofs = self.roofs.iter().flatten().filter(|c| c.is_some()).count();
        crate::card::deck_size(self.demontage).saturating_sub(held + roofs)
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

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};

    use super::*;

    #[test]
    fn roof_value_is_the_sum_of_the_line_points() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        for _ in 0..20_000 {
            // Any card or none on each square, Sabotage and Démontage included.
            let roof: Roof = std::array::from_fn(|_| Card::from_index(rng.random_range(0..Card::NUM + 12)));
            let by_lines: u8 = LINES.iter().map(|&line| line_points(&roof, line)).sum();
            assert_eq!(roof_value(&roof), by_lines, "{roof:?}");
        }
    }

    #[test]
    fn present_lists_the_distinct_cards() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
        for _ in 0..2_000 {
            let cards =
                Cards(std::array::from_fn(
                    |_| if rng.random_bool(0.3) { rng.random_range(1..=4) } else { 0 },
                ));
            let expected = cards.distinct().fold(0u64, |set, card| set | 1 << card.index());
            assert_eq!(cards.present(), expected, "{cards:?}");
        }
    }
}
