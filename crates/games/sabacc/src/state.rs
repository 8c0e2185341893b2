//! The full (referee) state and its pieces.
//!
//! Everything is a fixed-size value (no heap): up to 24 seats of up to 10 cards, two piles
//! the size of two tarot decks. Every card in a hand or a pile carries a *knowledge mask*:
//! the seats that have seen it (bit `p`), or [`PUBLIC`]. Views are this same state with the
//! cards a seat has not seen replaced by [`Card::HIDDEN`]; who-knows-what is itself public
//! (it follows from public events: who was dealt a face-up card, who discarded under the
//! deck), so the masks stay in views.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::deck::Card;
use crate::pots::Pots;
pub use crate::pots::Settlement;
use crate::showdown::Showdown;

pub use crate::limits::{MAX_COMMUNAL, MAX_HAND, MAX_PLAYERS, NOBODY, PILE_CAP, PUBLIC, seat_bit, visible};

/// A list of at most `N` cards in order, each with its knowledge mask: what a hand and a
/// pile hold. Fixed-size (no heap); equality, hashing and debug output look at the cards
/// held only (what lies past them is never read).
#[derive(Clone, Copy)]
pub struct Cards<const N: usize> {
    len: u8,
    cards: [Card; N],
    known: [u32; N],
}

impl<const N: usize> PartialEq for Cards<N> {
    fn eq(&self, other: &Self) -> bool {
        self.cards() == other.cards() && self.known() == other.known()
    }
}

impl<const N: usize> Eq for Cards<N> {}

impl<const N: usize> std::hash::Hash for Cards<N> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.cards().hash(h);
        self.known().hash(h);
    }
}

impl<const N: usize> std::fmt::Debug for Cards<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let cards: Vec<String> = self.cards().iter().map(|c| c.to_string()).collect();
        write!(f, "{} known {:x?}", cards.join(" "), self.known())
    }
}

impl<const N: usize> Default for Cards<N> {
    fn default() -> Self {
        Cards { len: 0, cards: [Card::IDIOT; N], known: [0; N] }
    }
}

impl<const N: usize> Cards<N> {
    /// How many cards.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there is no card.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The cards, first to last.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// Their knowledge masks, one per card.
    pub fn known(&self) -> &[u32] {
        &self.known[..self.len as usize]
    }

    /// The card at position `i`.
    pub fn card(&self, i: usize) -> Card {
        self.cards[i]
    }

    /// Who knows the card at position `i`.
    pub fn known_at(&self, i: usize) -> u32 {
        self.known[i]
    }

    /// Makes this list a copy of `src`, copying only the cards it holds.
    pub fn copy_from(&mut self, src: &Self) {
        let n = src.len as usize;
        self.len = src.len;
        self.cards[..n].copy_from_slice(&src.cards[..n]);
        self.known[..n].copy_from_slice(&src.known[..n]);
    }

    /// Adds a card at the end.
    ///
    /// # Panics
    /// When the list already holds `N` cards.
    pub fn push(&mut self, card: Card, known: u32) {
        let i = self.len as usize;
        self.cards[i] = card;
        self.known[i] = known;
        self.len += 1;
    }

    /// Removes the card at position `i`, shifting the later ones down; returns it and its mask.
    pub fn remove(&mut self, i: usize) -> (Card, u32) {
        let out = (self.cards[i], self.known[i]);
        let n = self.len as usize;
        self.cards.copy_within(i + 1..n, i);
        self.known.copy_within(i + 1..n, i);
        self.len -= 1;
        out
    }

    /// Puts `card` at position `i` in place of what was there (who knows it unchanged).
    pub fn set(&mut self, i: usize, card: Card) {
        self.cards[i] = card;
    }

    /// Empties the list.
    pub fn clear(&mut self) {
        *self = Cards::default();
    }

    /// The same list with the cards `seat` has not seen hidden (and nothing past them).
    pub fn masked(&self, seat: usize) -> Self {
        let mut c = Cards::default();
        for (i, (&card, &known)) in self.cards().iter().zip(self.known()).enumerate() {
            c.cards[i] = if visible(known, seat) { card } else { Card::HIDDEN };
            c.known[i] = known;
        }
        c.len = self.len;
        c
    }

    /// Reads a list from its JSON parts, naming `what` it is when they do not fit.
    fn from_parts(cards: &[Card], known: &[u32], what: &str) -> Result<Self, String> {
        if cards.len() > N || known.len() != cards.len() {
            return Err(format!("{what} holds at most {N} cards, with one knowledge mask each"));
        }
        let mut c = Cards::default();
        for (&card, &k) in cards.iter().zip(known) {
            c.push(card, k);
        }
        Ok(c)
    }
}

/// One player's cards, in the order received (positions 1, 2, … in the notation), and
/// which of them are face up, blocked or being changed. Equality, hashing and debug output
/// look at the cards held only.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Hand {
    held: Cards<MAX_HAND>,
    /// Cards dealt or turned face up (bit `i` for position `i`).
    pub up: u16,
    /// Blocked cards (tarot, under a token) or cards in the interference field (canonical).
    pub blocked: u16,
    /// Cards to be replaced by the change in progress.
    pub pending: u16,
}

impl std::fmt::Debug for Hand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Hand({:?} up {:b} blocked {:b} pending {:b})",
            self.held, self.up, self.blocked, self.pending
        )
    }
}

/// The hand's cards, read-only: changing them goes through [`Hand`]'s own methods, which
/// keep the face-up, blocked and pending bits in step.
impl std::ops::Deref for Hand {
    type Target = Cards<MAX_HAND>;
    fn deref(&self) -> &Cards<MAX_HAND> {
        &self.held
    }
}

/// Removes bit `i` of `mask`, shifting the higher bits down.
const fn drop_bit(mask: u16, i: usize) -> u16 {
    let low = mask & ((1u16 << i) - 1);
    let high = (mask >> (i + 1)) << i;
    low | high
}

impl Hand {
    /// Adds a card at the end.
    ///
    /// # Panics
    /// When the hand already holds [`MAX_HAND`] cards.
    pub fn push(&mut self, card: Card, known: u32, up: bool) {
        if up {
            self.up |= 1 << self.held.len();
        }
        self.held.push(card, known);
    }

    /// Removes the card at position `i`, shifting the later ones down; returns it and its mask.
    pub fn remove(&mut self, i: usize) -> (Card, u32) {
        self.up = drop_bit(self.up, i);
        self.blocked = drop_bit(self.blocked, i);
        self.pending = drop_bit(self.pending, i);
        self.held.remove(i)
    }

    /// Puts `card` at position `i` in place of what was there.
    pub fn set(&mut self, i: usize, card: Card, known: u32) {
        self.held.cards[i] = card;
        self.held.known[i] = known;
    }

    /// Adds knowledge to the card at position `i`.
    pub fn reveal(&mut self, i: usize, known: u32) {
        self.held.known[i] |= known;
    }

    /// Whether position `i` is face up.
    pub fn is_up(&self, i: usize) -> bool {
        self.up >> i & 1 == 1
    }

    /// Whether position `i` is blocked (or in the interference field).
    pub fn is_blocked(&self, i: usize) -> bool {
        self.blocked >> i & 1 == 1
    }

    /// How many cards are blocked.
    pub fn blocked_count(&self) -> u32 {
        self.blocked.count_ones()
    }

    /// Empties the hand.
    pub fn clear(&mut self) {
        *self = Hand::default();
    }

    /// The same hand with the cards `seat` has not seen hidden.
    pub fn masked(&self, seat: usize) -> Hand {
        Hand { held: self.held.masked(seat), ..*self }
    }
}

#[derive(Serialize, Deserialize)]
struct HandJson {
    cards: Vec<Card>,
    known: Vec<u32>,
    #[serde(default)]
    up: u16,
    #[serde(default)]
    blocked: u16,
    #[serde(default)]
    pending: u16,
}

impl Serialize for Hand {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        HandJson {
            cards: self.cards().to_vec(),
            known: self.known().to_vec(),
            up: self.up,
            blocked: self.blocked,
            pending: self.pending,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Hand {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Hand, D::Error> {
        let j = HandJson::deserialize(d)?;
        let held = Cards::from_parts(&j.cards, &j.known, "a hand").map_err(serde::de::Error::custom)?;
        Ok(Hand { held, up: j.up, blocked: j.blocked, pending: j.pending })
    }
}

/// An ordered pile of face-down cards, each with its knowledge mask: the cards under the
/// deck (tarot discards, drawn in order once the shuffled deck is used up) or the cards set
/// aside (a change in progress; canonical discards).
pub type Pile = Cards<PILE_CAP>;

#[derive(Serialize, Deserialize)]
struct PileJson {
    cards: Vec<Card>,
    known: Vec<u32>,
}

impl Serialize for Pile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        PileJson { cards: self.cards().to_vec(), known: self.known().to_vec() }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Pile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Pile, D::Error> {
        let j = PileJson::deserialize(d)?;
        Cards::from_parts(&j.cards, &j.known, "a pile").map_err(serde::de::Error::custom)
    }
}

/// The communal cards (hold'em, stud), face up in the middle of the table; the newest last.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Communal {
    len: u8,
    cards: [Option<Card>; MAX_COMMUNAL],
    /// Cards to be replaced by the change in progress.
    pub pending: u8,
}

impl Communal {
    /// The cards, oldest first.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.cards[..self.len as usize].iter().flatten().copied()
    }

    /// The cards into a buffer, returning how many.
    pub fn copy_into(&self, out: &mut [Card; MAX_COMMUNAL]) -> usize {
        for (o, c) in out.iter_mut().zip(self.cards()) {
            *o = c;
        }
        self.len as usize
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The card at position `i`.
    pub fn card(&self, i: usize) -> Card {
        self.cards[i].expect("a communal card below len")
    }

    /// Adds the newest card.
    pub fn push(&mut self, card: Card) {
        self.cards[self.len as usize] = Some(card);
        self.len += 1;
    }

    /// Removes the oldest card and returns it.
    pub fn remove_oldest(&mut self) -> Card {
        let out = self.card(0);
        self.cards.copy_within(1.., 0);
        self.len -= 1;
        self.cards[self.len as usize] = None;
        self.pending >>= 1;
        out
    }

    /// Replaces card `i`.
    pub fn set(&mut self, i: usize, card: Card) {
        self.cards[i] = Some(card);
    }

    /// Removes every card.
    pub fn clear(&mut self) {
        *self = Communal::default();
    }
}

impl Serialize for Communal {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct J {
            cards: Vec<Card>,
            pending: u8,
        }
        J { cards: self.cards().collect(), pending: self.pending }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Communal {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Communal, D::Error> {
        #[derive(Deserialize)]
        struct J {
            cards: Vec<Card>,
            #[serde(default)]
            pending: u8,
        }
        let j = J::deserialize(d)?;
        if j.cards.len() > MAX_COMMUNAL {
            return Err(serde::de::Error::custom(format!("at most {MAX_COMMUNAL} communal cards")));
        }
        let mut c = Communal { pending: j.pending, ..Communal::default() };
        for card in j.cards {
            c.push(card);
        }
        Ok(c)
    }
}

/// Where a seat stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Left the session (lost his cave in a closed game).
    Out,
    /// Not in this hand: folded, dropped out, or (Black Knight) sat it out or went bust.
    Idle,
    /// In the hand.
    Active,
}

/// A tarot announcement (rules §Announce).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Announce {
    /// Wants to go on to another tour.
    Continue,
    /// Wants to see.
    See,
    /// Folds.
    Fold,
    /// Lays down a Sabacc (true or false).
    Sabacc,
}

impl Announce {
    /// All four, in index order.
    pub const ALL: [Announce; 4] = [Announce::Continue, Announce::See, Announce::Fold, Announce::Sabacc];

    /// The word in the notation.
    pub const fn word(self) -> &'static str {
        match self {
            Announce::Continue => "continue",
            Announce::See => "see",
            Announce::Fold => "fold",
            Announce::Sabacc => "sabacc",
        }
    }
}

/// One seat: its money, its part in the hand, its cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Seat {
    /// Money in front of the player.
    pub stack: i32,
    /// Money the player has brought to the table (caves bought).
    pub bought: i32,
    /// This betting round's bet (Black Knight: the wager); the money itself is in the hand pot.
    pub bet: i32,
    /// Everything the seat put in the hand pot this hand (antes, bets; Black Knight: the
    /// wager): what it can win back from each other seat (rules §Side pots).
    #[serde(default)]
    pub staked: i32,
    /// In the hand, out of it, or out of the session.
    pub status: Status,
    /// Has acted since the last raise (betting), stood (Black Knight), or is done (window).
    pub acted: bool,
    /// This tour's announcement.
    pub announce: Option<Announce>,
    /// Positions blocked or unblocked in the current blocking window (each once at most).
    pub toggled: u16,
    /// Points (canonical points game).
    pub points: i32,
    /// The cards.
    pub hand: Hand,
}

impl Seat {
    /// A seat with a fresh cave.
    pub fn new(buy_in: i32) -> Seat {
        Seat {
            stack: buy_in,
            bought: buy_in,
            bet: 0,
            staked: 0,
            status: Status::Active,
            acted: false,
            announce: None,
            toggled: 0,
            points: 0,
            hand: Hand::default(),
        }
    }

    /// Whether the seat is in the hand.
    pub fn active(&self) -> bool {
        self.status == Status::Active
    }
}

/// The seats at the table: a fixed-capacity list written in JSON as a list. Equality,
/// hashing and debug output look at the seats in use only.
#[derive(Clone, Copy)]
pub struct Seats {
    len: u8,
    items: [Seat; MAX_PLAYERS],
}

impl PartialEq for Seats {
    fn eq(&self, other: &Seats) -> bool {
        self.items[..self.len as usize] == other.items[..other.len as usize]
    }
}

impl Eq for Seats {}

impl std::hash::Hash for Seats {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.items[..self.len as usize].hash(h);
    }
}

impl std::fmt::Debug for Seats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Seats {
    /// `players` seats with a fresh cave each.
    pub fn new(players: usize, buy_in: i32) -> Seats {
        Seats { len: players as u8, items: [Seat::new(buy_in); MAX_PLAYERS] }
    }

    /// How many seats.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Makes these seats a copy of `src`, copying only the seats in use (the others are
    /// never read).
    pub fn copy_from(&mut self, src: &Seats) {
        let n = src.len as usize;
        self.len = src.len;
        self.items[..n].copy_from_slice(&src.items[..n]);
    }

    /// Whether there is no seat.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The seats.
    pub fn iter(&self) -> impl Iterator<Item = &Seat> {
        self.items[..self.len as usize].iter()
    }

    /// The seats, mutably.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut Seat> {
        self.items[..self.len as usize].iter_mut()
    }
}

impl std::ops::Index<usize> for Seats {
    type Output = Seat;
    fn index(&self, i: usize) -> &Seat {
        &self.items[..self.len as usize][i]
    }
}

impl std::ops::IndexMut<usize> for Seats {
    fn index_mut(&mut self, i: usize) -> &mut Seat {
        &mut self.items[..self.len as usize][i]
    }
}

impl Serialize for Seats {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Seats {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Seats, D::Error> {
        let list = Vec::<Seat>::deserialize(d)?;
        if list.len() > MAX_PLAYERS {
            return Err(serde::de::Error::custom(format!("at most {MAX_PLAYERS} seats")));
        }
        let mut seats = Seats { len: list.len() as u8, items: [Seat::new(0); MAX_PLAYERS] };
        seats.items[..list.len()].copy_from_slice(&list);
        Ok(seats)
    }
}

/// Where the game stands: who acts and what is awaited.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Chance: the deal, one card at a time (`step` counts the cards dealt).
    Deal,
    /// A player bets: call, raise or fold.
    Bet,
    /// Before a roll, each player in turn may block or unblock cards, then says `ready`.
    Window,
    /// Chance: the dealer rolls.
    Roll,
    /// Chance: a new card for each unblocked card after a change.
    Replace,
    /// A player announces: continue, see, fold or Sabacc.
    Announce,
    /// A player is offered a card: take or decline.
    Offer,
    /// Chance: the offered card.
    OfferCard,
    /// A player discards one card after taking the offered one.
    Discard,
    /// A player turns a card face up in place of a face-up card discarded.
    Show,
    /// Chance: a new communal card at a new tour (stud).
    StudCard,
    /// Chance: a sudden-death deal between tied players.
    Sudden,
    /// Canonical: a player draws, trades, stands or calls the hand (and may freeze cards).
    Draw,
    /// Chance: the card drawn.
    DrawCard,
    /// Points game: a player exchanges cards.
    Exchange,
    /// Chance: a replacement card.
    ExchangeCard,
    /// Black Knight: a player places his bet.
    Wager,
    /// Black Knight: a player hits or stands.
    Hit,
    /// Chance: the card a Black Knight player hits.
    HitCard,
    /// Chance: a card the banker draws.
    BankerCard,
    /// The session is over.
    Over,
}

/// What follows a roll once it (and any change) is done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RollThen {
    /// The tarot change phase: then the announce.
    Announce,
    /// A roll at a new circuit of a betting round (tarot variant): then betting resumes.
    Betting,
    /// The canonical shift: then the draw phase.
    Draw,
}

/// The shuffled deck's running count: each card's copies in the deck and their total, kept
/// in step by the rules as cards are drawn and the table is gathered, so that a card chance
/// node does not recount the pack from every hand and pile (`mechanics::deck_counts`).
///
/// Not part of the state's identity: it follows from the rest, is not in the JSON, and
/// equality and hashing ignore it. It may be unknown (a state read from JSON, a seat's view,
/// a state edited by hand after [`State::forget_deck`]): the rules then recount, and the
/// next card drawn makes it known again.
#[derive(Clone, Copy)]
pub struct DeckCount {
    counts: [u8; Card::NUM],
    total: u16,
    known: bool,
}

impl Default for DeckCount {
    fn default() -> Self {
        DeckCount { counts: [0; Card::NUM], total: 0, known: false }
    }
}

impl PartialEq for DeckCount {
    fn eq(&self, _: &DeckCount) -> bool {
        true
    }
}

impl Eq for DeckCount {}

impl std::hash::Hash for DeckCount {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl std::fmt::Debug for DeckCount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.known {
            write!(f, "DeckCount({} cards)", self.total)
        } else {
            f.write_str("DeckCount(unknown)")
        }
    }
}

impl DeckCount {
    /// A known count.
    pub fn new(counts: [u8; Card::NUM], total: u32) -> DeckCount {
        DeckCount { counts, total: total as u16, known: true }
    }

    /// The counts and their total, when known.
    pub fn get(&self) -> Option<(&[u8; Card::NUM], u32)> {
        self.known.then_some((&self.counts, u32::from(self.total)))
    }

    /// One copy of `card` leaves the deck (drawn).
    pub fn take(&mut self, card: Card) {
        if self.known {
            self.counts[card.index()] -= 1;
            self.total -= 1;
        }
    }

    /// One copy of `card` goes back into the deck (gathered and shuffled in).
    pub fn put_back(&mut self, card: Card) {
        if self.known && !card.is_hidden() {
            self.counts[card.index()] += 1;
            self.total += 1;
        }
    }
}

/// The full state of a Sabacc session.
///
/// It has room for the largest table (24 seats, two decks), so `clone_from` copies only
/// the seats and pile cards in use: searches overwrite one scratch state from the root at
/// every iteration, and a two-seat table then copies a fraction of the bytes.
///
/// Besides what its JSON holds, the state keeps the deck's running count
/// ([`State::deck`]). Code that edits the hands, the communal cards or the piles by hand
/// and then plays on calls [`State::forget_deck`] (or validates).
#[derive(Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    /// The hand being played, from 0 (equal to `hands` when the session is over).
    pub hand_no: u8,
    /// The dealer (Black Knight: the banker).
    pub dealer: u8,
    /// What is awaited.
    pub phase: Phase,
    /// The seat to act, or the seat receiving the next card.
    pub actor: u8,
    /// A counter within the phase (cards dealt so far).
    pub step: u8,
    /// The tour within the hand, from 1.
    pub tour: u8,
    /// The highest bet of the betting round.
    pub level: i32,
    /// Raises so far in the betting round.
    pub raises: u8,
    /// What follows the roll.
    pub roll_then: RollThen,
    /// The seat that acts when betting resumes after a change at a new circuit.
    pub resume: u8,
    /// Canonical: the hand has been called (final betting round, then the showdown).
    pub called: bool,
    /// Sudden-death deals so far.
    pub sudden: u8,
    /// The seats in the sudden death (bit per seat).
    pub tied: u32,
    /// The hand pot (the bets).
    pub hand_pot: i32,
    /// The Sabacc pot.
    pub sabacc_pot: i32,
    /// What the organizer kept at the end of an open game.
    pub house_take: i32,
    /// The seats.
    pub seats: Seats,
    /// The communal cards.
    pub communal: Communal,
    /// Cards under the deck, in the order they were put there.
    pub under: Pile,
    /// Cards set aside (replaced by a change; canonical discards).
    pub aside: Pile,
    /// How the last hand was settled.
    pub last: Option<Settlement>,
    /// The hand pot's pots while a sudden death decides who wins them (rules §Side pots);
    /// empty otherwise.
    #[serde(default, skip_serializing_if = "Pots::is_empty")]
    pub pots: Pots,
    /// The public record of the last hand's end: the hands laid down, the sudden-death
    /// deals, each seat's money at the settlement (rules §What each seat sees).
    pub showdown: Option<Showdown>,
    /// The deck's running count.
    #[serde(skip)]
    pub(crate) deck: DeckCount,
}

impl Clone for State {
    fn clone(&self) -> Self {
        State {
            hand_no: self.hand_no,
            dealer: self.dealer,
            phase: self.phase,
            actor: self.actor,
            step: self.step,
            tour: self.tour,
            level: self.level,
            raises: self.raises,
            roll_then: self.roll_then,
            resume: self.resume,
            called: self.called,
            sudden: self.sudden,
            tied: self.tied,
            hand_pot: self.hand_pot,
            sabacc_pot: self.sabacc_pot,
            house_take: self.house_take,
            seats: self.seats,
            communal: self.communal,
            under: self.under,
            aside: self.aside,
            last: self.last,
            pots: self.pots,
            showdown: self.showdown,
            deck: self.deck,
        }
    }

    fn clone_from(&mut self, src: &Self) {
        // Destructured so that a new field cannot be forgotten here.
        let State {
            hand_no,
            dealer,
            phase,
            actor,
            step,
            tour,
            level,
            raises,
            roll_then,
            resume,
            called,
            sudden,
            tied,
            hand_pot,
            sabacc_pot,
            house_take,
            seats,
            communal,
            under,
            aside,
            last,
            pots,
            showdown,
            deck,
        } = src;
        self.hand_no = *hand_no;
        self.dealer = *dealer;
        self.phase = *phase;
        self.actor = *actor;
        self.step = *step;
        self.tour = *tour;
        self.level = *level;
        self.raises = *raises;
        self.roll_then = *roll_then;
        self.resume = *resume;
        self.called = *called;
        self.sudden = *sudden;
        self.tied = *tied;
        self.hand_pot = *hand_pot;
        self.sabacc_pot = *sabacc_pot;
        self.house_take = *house_take;
        self.seats.copy_from(seats);
        self.communal = *communal;
        self.under.copy_from(under);
        self.aside.copy_from(aside);
        match (&mut self.last, last) {
            (Some(mine), Some(theirs)) => mine.copy_from(theirs),
            (mine, None) => *mine = None,
            (mine @ None, Some(theirs)) => *mine = Some(*theirs),
        }
        self.pots.copy_from(pots);
        match (&mut self.showdown, showdown) {
            (Some(mine), Some(theirs)) => mine.copy_from(theirs),
            // Only the tag is written (a whole `Option` would be copied, unused seats and all).
            (mine, None) => *mine = None,
            (mine @ None, Some(theirs)) => *mine = Some(*theirs),
        }
        self.deck = *deck;
    }
}

impl State {
    /// The deck's running count (unknown in a state read from JSON, a view, or a state
    /// edited by hand; `mechanics::deck_counts` recounts it).
    pub fn deck(&self) -> &DeckCount {
        &self.deck
    }

    /// Marks the deck's running count unknown: call after editing the hands, the communal
    /// cards or the piles by hand (the rules recount, and keep count again from the next
    /// card drawn).
    pub fn forget_deck(&mut self) {
        self.deck = DeckCount::default();
    }

    /// The number of seats.
    pub fn players(&self) -> usize {
        self.seats.len()
    }

    /// The seat after `seat` (to its left: play goes clockwise).
    pub fn next_seat(&self, seat: usize) -> usize {
        (seat + 1) % self.players()
    }

    /// Seat `seat`'s place in the order of play, from 0 for the dealer's left.
    pub fn position(&self, seat: usize) -> usize {
        let n = self.players();
        (seat + n - self.dealer as usize - 1) % n
    }

    /// The seats in order of play, from the dealer's left.
    pub fn order(&self) -> impl Iterator<Item = usize> + '_ {
        let n = self.players();
        let first = self.dealer as usize + 1;
        (0..n).map(move |k| (first + k) % n)
    }

    /// The seats in the hand, in order of play.
    pub fn active_seats(&self) -> impl Iterator<Item = usize> + '_ {
        self.order().filter(|&p| self.seats[p].active())
    }

    /// The first seat in the hand from the dealer's left.
    pub fn first_active(&self) -> Option<usize> {
        self.active_seats().next()
    }

    /// How many seats are in the hand.
    pub fn active_count(&self) -> usize {
        self.seats.iter().filter(|s| s.active()).count()
    }

    /// The first seat in the hand after `seat` in order of play, if any other.
    pub fn next_active_after(&self, seat: usize) -> Option<usize> {
        let n = self.players();
        (1..n).map(|k| (seat + k) % n).find(|&p| self.seats[p].active())
    }

    /// Total money at the table: stacks, pots (bets and Black Knight wagers lie in the hand
    /// pot) and the organizer's take. It changes only when caves are bought (and by the
    /// organizer's stake).
    pub fn money(&self) -> i64 {
        let seats: i64 = self.seats.iter().map(|s| i64::from(s.stack)).sum();
        seats + i64::from(self.hand_pot) + i64::from(self.sabacc_pot) + i64::from(self.house_take)
    }

    /// Money brought by the players.
    pub fn bought(&self) -> i64 {
        self.seats.iter().map(|s| i64::from(s.bought)).sum()
    }

    /// The state as seen by `seat`: every card it has not seen replaced by [`Card::HIDDEN`].
    pub fn masked(&self, seat: usize) -> State {
        let mut s = self.clone();
        for p in 0..s.players() {
            s.seats[p].hand = s.seats[p].hand.masked(seat);
        }
        s.under = s.under.masked(seat);
        s.aside = s.aside.masked(seat);
        s.showdown = s.showdown.map(|r| r.masked(seat));
        // The deck a seat can count holds the cards it has not seen: recounted on demand.
        s.forget_deck();
        s
    }
}
