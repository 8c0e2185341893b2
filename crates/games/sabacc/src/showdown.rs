//! The public record of the last hand's end (rules §What each seat sees): the hands laid
//! down at the showdown with what they were worth, the communal cards they played with, the
//! sudden-death deals, who was still in the hand and each seat's money as the hand was
//! settled. The engine deals the next hand in the same step as a showdown, so this record is
//! what keeps the cards every player at a real table saw laid down; it stays until the next
//! hand's end (or sudden death) replaces it.
//!
//! A fixed-size value like the rest of the state. Every card in it is either public (laid
//! down, face up, blocked, shown: its position is in [`Laid::shown`]) or known to its owner
//! only: a seat sees its own cards of the last hand, and the public ones of the others.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::deck::Card;
use crate::limits::MAX_SUDDEN;
use crate::limits::{MAX_COMMUNAL, MAX_HAND, MAX_PLAYERS};
use crate::pots::Settlement;

/// The cards each tied player gets in one sudden-death deal.
pub const SUDDEN_CARDS: usize = 3;

/// One seat's part in the last hand's end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Laid {
    pub(crate) len: u8,
    pub(crate) cards: [Card; MAX_HAND],
    /// The positions every seat saw (laid down, face up, blocked or shown); the others only
    /// the seat itself saw.
    pub shown: u16,
    /// When the whole hand was shown: its rank in the rule set's order, best highest (tarot
    /// and Black Knight: 0 over 23, 1–23 for values 0–22, 24–27 the Sabaccs; canonical: 0 a
    /// bomb-out … 47 the Idiot's Array; points game: the score's order, −1 over 46); else 0.
    pub rank: i16,
    /// When the whole hand was shown: its value (tarot: the best value, or the smallest over
    /// 23 when it loses; canonical: the signed total; points game: the score); else 0.
    pub value: i16,
    /// The sudden-death deals (three face-up cards each) this seat took part in, by deal.
    pub(crate) sudden: [[Card; SUDDEN_CARDS]; MAX_SUDDEN as usize],
    /// The seat's money as the hand was settled (before the next deal's mouche or ante, and
    /// before a new cave).
    pub stack: i32,
}

impl Default for Laid {
    fn default() -> Self {
        Laid::EMPTY
    }
}

impl Laid {
    pub(crate) const EMPTY: Laid = Laid {
        len: 0,
        cards: [Card::IDIOT; MAX_HAND],
        shown: 0,
        rank: 0,
        value: 0,
        sudden: [[Card::IDIOT; SUDDEN_CARDS]; MAX_SUDDEN as usize],
        stack: 0,
    };

    /// The cards the seat held at the end (at the showdown, before any sudden death), `?`
    /// for those a view does not show.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// Whether every card was shown (and the hand was not empty).
    pub fn fully_shown(&self) -> bool {
        self.len > 0 && u32::from(self.shown) == (1u32 << self.len) - 1
    }

    /// Whether the card at position `i` was shown to everybody.
    pub fn is_shown(&self, i: usize) -> bool {
        self.shown >> i & 1 == 1
    }

    /// The three cards of sudden-death deal `deal` (meaningful when the seat was tied in it).
    pub fn sudden(&self, deal: usize) -> &[Card; SUDDEN_CARDS] {
        &self.sudden[deal]
    }
}

/// How the last hand ended, as every seat saw it. Equality, hashing and debug output look
/// at the seats in use only (the rest of the fixed array is never read).
#[derive(Clone, Copy)]
pub struct Showdown {
    /// The hand, from 0.
    pub hand: u8,
    /// The dealer of that hand (Black Knight: the banker).
    pub dealer: u8,
    /// The seats still in the hand when it was settled (bit per seat): those who reached the
    /// showdown (Black Knight: who did not bust; tied players still tied after the sudden
    /// death stay in).
    pub contenders: u32,
    /// The communal cards the hands played with (hold'em, stud).
    pub(crate) communal_len: u8,
    pub(crate) communal: [Card; MAX_COMMUNAL],
    /// The seats tied in each sudden-death deal (bit per seat); `deals` of them.
    pub(crate) tied: [u32; MAX_SUDDEN as usize],
    /// How many sudden-death deals were played.
    pub deals: u8,
    /// Who won the hand pot, and what was paid (as in `State::last`).
    pub settlement: Settlement,
    pub(crate) players: u8,
    pub(crate) seats: [Laid; MAX_PLAYERS],
}

impl Default for Showdown {
    fn default() -> Self {
        // A constant, so that a new record is one copy rather than a loop over the seats.
        const EMPTY: Showdown = Showdown {
            hand: 0,
            dealer: 0,
            contenders: 0,
            communal_len: 0,
            communal: [Card::IDIOT; MAX_COMMUNAL],
            tied: [0; MAX_SUDDEN as usize],
            deals: 0,
            settlement: Settlement { winners: 0, pot: 0, sabacc: 0, pots: crate::pots::Pots::EMPTY },
            players: 0,
            seats: [Laid::EMPTY; MAX_PLAYERS],
        };
        EMPTY
    }
}

impl PartialEq for Showdown {
    fn eq(&self, other: &Showdown) -> bool {
        self.header() == other.header() && self.seats() == other.seats()
    }
}

impl Eq for Showdown {}

impl std::hash::Hash for Showdown {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.header().hash(h);
        self.seats().hash(h);
    }
}

impl std::fmt::Debug for Showdown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Showdown")
            .field("hand", &self.hand)
            .field("dealer", &self.dealer)
            .field("contenders", &self.contenders)
            .field("communal", &self.communal())
            .field("tied", &self.tied())
            .field("settlement", &self.settlement)
            .field("seats", &self.seats())
            .finish()
    }
}

/// Every field of a [`Showdown`] but the seats, for equality and hashing.
type Header = (u8, u8, u32, u8, [Card; MAX_COMMUNAL], [u32; MAX_SUDDEN as usize], u8, Settlement, u8);

impl Showdown {
    fn header(&self) -> Header {
        (
            self.hand,
            self.dealer,
            self.contenders,
            self.communal_len,
            self.communal,
            self.tied,
            self.deals,
            self.settlement,
            self.players,
        )
    }

    /// Makes this record a copy of `src`, copying only the seats in use.
    pub fn copy_from(&mut self, src: &Showdown) {
        let n = src.players as usize;
        let Showdown {
            hand,
            dealer,
            contenders,
            communal_len,
            communal,
            tied,
            deals,
            settlement,
            players,
            seats,
        } = src;
        self.hand = *hand;
        self.dealer = *dealer;
        self.contenders = *contenders;
        self.communal_len = *communal_len;
        self.communal = *communal;
        self.tied = *tied;
        self.deals = *deals;
        self.settlement.copy_from(settlement);
        self.players = *players;
        self.seats[..n].copy_from_slice(&seats[..n]);
    }

    /// The seats' records.
    pub fn seats(&self) -> &[Laid] {
        &self.seats[..self.players as usize]
    }

    /// The communal cards the hands played with.
    pub fn communal(&self) -> &[Card] {
        &self.communal[..self.communal_len as usize]
    }

    /// The seats tied in each sudden-death deal played, in order.
    pub fn tied(&self) -> &[u32] {
        &self.tied[..self.deals as usize]
    }

    /// The record as `seat` sees it: the others' cards it did not see are `?`.
    pub fn masked(&self, seat: usize) -> Showdown {
        let mut s = *self;
        for (p, laid) in s.seats[..s.players as usize].iter_mut().enumerate() {
            if p == seat {
                continue;
            }
            for i in 0..laid.len as usize {
                if !laid.is_shown(i) {
                    laid.cards[i] = Card::HIDDEN;
                }
            }
        }
        s
    }

    /// Sorts the three cards of each seat's sudden-death deals (the observation tensor counts
    /// them, and they were all face up).
    pub fn sort_sudden(&mut self) {
        for laid in self.seats[..self.players as usize].iter_mut() {
            for deal in laid.sudden.iter_mut() {
                deal.sort();
            }
        }
    }

    /// Deals a card for each `?` from `pool` (the pack less every card this record shows),
    /// with `draw`.
    pub fn fill_hidden(&mut self, mut draw: impl FnMut() -> Card) {
        for laid in self.seats[..self.players as usize].iter_mut() {
            for i in 0..laid.len as usize {
                if laid.cards[i].is_hidden() {
                    laid.cards[i] = draw();
                }
            }
        }
    }

    /// Every card of the hands and the communal cards (the showdown's pack), `?` included.
    pub fn showdown_cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.seats().iter().flat_map(|l| l.cards().iter().copied()).chain(self.communal().iter().copied())
    }

    /// The cards of sudden-death deal `deal`.
    pub fn deal_cards(&self, deal: usize) -> impl Iterator<Item = Card> + '_ {
        let tied = self.tied[deal];
        self.seats()
            .iter()
            .enumerate()
            .filter(move |(p, _)| tied >> p & 1 == 1)
            .flat_map(move |(_, l)| l.sudden[deal])
    }
}

#[derive(Serialize, Deserialize)]
struct LaidJson {
    cards: Vec<Card>,
    shown: u16,
    #[serde(default)]
    rank: i16,
    #[serde(default)]
    value: i16,
    /// One entry per sudden-death deal: the seat's three cards, or none when not tied in it.
    #[serde(default)]
    sudden: Vec<Vec<Card>>,
    stack: i32,
}

#[derive(Serialize, Deserialize)]
struct ShowdownJson {
    hand: u8,
    dealer: u8,
    contenders: u32,
    communal: Vec<Card>,
    tied: Vec<u32>,
    settlement: Settlement,
    seats: Vec<LaidJson>,
}

impl Serialize for Showdown {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let tied = self.tied();
        ShowdownJson {
            hand: self.hand,
            dealer: self.dealer,
            contenders: self.contenders,
            communal: self.communal().to_vec(),
            tied: tied.to_vec(),
            settlement: self.settlement,
            seats: self
                .seats()
                .iter()
                .enumerate()
                .map(|(p, l)| LaidJson {
                    cards: l.cards().to_vec(),
                    shown: l.shown,
                    rank: l.rank,
                    value: l.value,
                    sudden: tied
                        .iter()
                        .enumerate()
                        .map(|(d, &t)| if t >> p & 1 == 1 { l.sudden[d].to_vec() } else { Vec::new() })
                        .collect(),
                    stack: l.stack,
                })
                .collect(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Showdown {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Showdown, D::Error> {
        use serde::de::Error;
        let j = ShowdownJson::deserialize(d)?;
        if j.seats.len() > MAX_PLAYERS
            || j.communal.len() > MAX_COMMUNAL
            || j.tied.len() > MAX_SUDDEN as usize
        {
            return Err(D::Error::custom(format!(
                "a showdown has at most {MAX_PLAYERS} seats, {MAX_COMMUNAL} communal cards and {MAX_SUDDEN} \
                 sudden-death deals"
            )));
        }
        let mut rec = Showdown {
            hand: j.hand,
            dealer: j.dealer,
            contenders: j.contenders,
            communal_len: j.communal.len() as u8,
            deals: j.tied.len() as u8,
            settlement: j.settlement,
            players: j.seats.len() as u8,
            ..Showdown::default()
        };
        rec.communal[..j.communal.len()].copy_from_slice(&j.communal);
        rec.tied[..j.tied.len()].copy_from_slice(&j.tied);
        for (p, (laid, lj)) in rec.seats.iter_mut().zip(j.seats).enumerate() {
            if lj.cards.len() > MAX_HAND {
                return Err(D::Error::custom(format!("a hand holds at most {MAX_HAND} cards")));
            }
            if lj.sudden.len() != rec.deals as usize {
                return Err(D::Error::custom("each seat lists one entry per sudden-death deal"));
            }
            laid.len = lj.cards.len() as u8;
            laid.cards[..lj.cards.len()].copy_from_slice(&lj.cards);
            laid.shown = lj.shown;
            laid.rank = lj.rank;
            laid.value = lj.value;
            laid.stack = lj.stack;
            for (deal, cards) in lj.sudden.iter().enumerate() {
                let tied = rec.tied[deal] >> p & 1 == 1;
                match (tied, cards.len()) {
                    (true, SUDDEN_CARDS) => laid.sudden[deal].copy_from_slice(cards),
                    (false, 0) => {}
                    _ => {
                        return Err(D::Error::custom(format!(
                            "a sudden-death deal gives {SUDDEN_CARDS} cards to each tied seat and none to the others"
                        )));
                    }
                }
            }
        }
        Ok(rec)
    }
}
