//! Hand evaluation for every rule set (rules §Hands in `docs/rules/sabacc.md`).
//!
//! * Tarot (and 54-card, and Black Knight): trumps add; the player picks which tint (Armes
//!   or Richesses) adds and which subtracts, and each ace's value (1 or 15; 1 or 14 with 54
//!   cards); the sign of the total does not matter. The engine always makes the best choice
//!   for the player, so a hand has one [`TarotHand::rank`].
//! * Canonical: the signed sum; bomb-outs; pure Sabacc and the Idiot's Array.
//! * Theory (`scoring=points`): the seed's 23 / 46 scoring.

use crate::deck::{Card, DeckKind, Kind};

/// A hand over 23 (or that no choice brings to 23 or below): it loses.
pub const LOSING: u8 = 0;
/// The triple Idiot's Sabacc: two Idiots and any card (several decks, or the 54-card deck's
/// two jokers); beaten by every other Sabacc.
pub const TRIPLE_IDIOT: u8 = 24;
/// The Idiot's Sabacc: the Idiot, a 2 and a 3 (trumps or suit cards).
pub const IDIOT_SABACC: u8 = 25;
/// The petit Sabacc: trump 21, trump 1 and the Idiot.
pub const PETIT_SABACC: u8 = 26;
/// The grand Sabacc: a hand worth 23.
pub const GRAND_SABACC: u8 = 27;
/// The best rank a tarot hand can have.
pub const MAX_TAROT_RANK: u8 = GRAND_SABACC;

/// A tarot hand's evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TarotHand {
    /// 0 losing; 1–23 for values 0–22; 24–27 the Sabaccs (triple Idiot, Idiot's, petit, grand).
    pub rank: u8,
    /// The best value the player can make (closest to 23 without going over), or the smallest
    /// value over 23 when every choice goes over.
    pub value: u8,
}

impl TarotHand {
    /// Whether the hand is one of the Sabaccs (it wins the Sabacc pot when it wins).
    pub fn is_sabacc(self) -> bool {
        self.rank >= TRIPLE_IDIOT
    }

    /// The hand's name, for messages and views.
    pub fn describe(self) -> String {
        match self.rank {
            GRAND_SABACC => "grand Sabacc (23)".to_owned(),
            PETIT_SABACC => "petit Sabacc (trump 21, trump 1 and the Idiot)".to_owned(),
            IDIOT_SABACC => "the Idiot's Sabacc (the Idiot, a 2 and a 3)".to_owned(),
            TRIPLE_IDIOT => "the triple Idiot's Sabacc (two Idiots and a card)".to_owned(),
            LOSING => format!("a losing hand ({} is over 23)", self.value),
            _ => format!("{}", self.value),
        }
    }
}

/// Every value a tarot hand can be given (tints' signs and aces chosen by the player), sorted
/// and without repeats; written into `out`. Used by the rules' examples.
pub fn tarot_values(cards: &[Card], deck: DeckKind, out: &mut Vec<u8>) {
    out.clear();
    each_value(cards, deck, |v| out.push(v.min(255) as u8));
    out.sort_unstable();
    out.dedup();
}

/// What one card adds to a tarot hand's sums (trumps, Armes, Richesses, each tint's aces).
#[derive(Clone, Copy)]
struct Part {
    trumps: i8,
    armes: i8,
    riches: i8,
    arme_aces: u8,
    riche_aces: u8,
    idiots: u8,
    /// [`TWO`], [`THREE`], [`TRUMP_1`], [`TRUMP_21`]: what the special Sabaccs look for.
    marks: u8,
}

/// A 2 (trump or suit card).
const TWO: u8 = 1;
/// A 3 (trump or suit card).
const THREE: u8 = 2;
/// Trump 1.
const TRUMP_1: u8 = 4;
/// Trump 21.
const TRUMP_21: u8 = 8;

const fn marks(n: u8) -> u8 {
    match n {
        2 => TWO,
        3 => THREE,
        _ => 0,
    }
}

/// One entry per possible card byte: [`Card::HIDDEN`] and the other bytes past the pack
/// add nothing.
const fn parts(deck: DeckKind) -> [Part; 256] {
    let none = Part { trumps: 0, armes: 0, riches: 0, arme_aces: 0, riche_aces: 0, idiots: 0, marks: 0 };
    let mut out = [none; 256];
    let mut i = 0;
    while i < Card::NUM {
        let Some(card) = Card::from_index(i) else { break };
        out[i] = match card.kind() {
            Kind::Trump(n) => {
                let ends = match n {
                    1 => TRUMP_1,
                    21 => TRUMP_21,
                    _ => 0,
                };
                Part { trumps: n as i8, marks: marks(n) | ends, ..none }
            }
            Kind::Idiot => Part { idiots: 1, ..none },
            Kind::Suited(suit, rank) => {
                let value = deck.rank_value(rank);
                let ace = (rank == 1) as u8;
                if suit.is_arme() {
                    Part { armes: value as i8, arme_aces: ace, marks: marks(rank), ..none }
                } else {
                    Part { riches: value as i8, riche_aces: ace, marks: marks(rank), ..none }
                }
            }
            // Cards of other decks add nothing here.
            _ => none,
        };
        i += 1;
    }
    out
}

/// Each card's part in a tarot hand, built at compile time: with the tarot deck's values,
/// and with the 54-card deck's.
static PARTS: [[Part; 256]; 2] = [parts(DeckKind::Tarot), parts(DeckKind::French)];

/// Calls `f` with every absolute value the hand can take; returns the hand's Idiots and
/// its marks (every card's, or-ed).
fn each_value(cards: &[Card], deck: DeckKind, mut f: impl FnMut(i32)) -> (u32, u8) {
    let table = &PARTS[usize::from(deck == DeckKind::French)];
    let (mut trumps, mut armes, mut riches, mut arme_aces, mut riche_aces) = (0i32, 0i32, 0i32, 0i32, 0i32);
    let (mut idiots, mut marks) = (0u32, 0u8);
    for &card in cards {
        let part = table[card.index() & 0xff];
        trumps += i32::from(part.trumps);
        armes += i32::from(part.armes);
        riches += i32::from(part.riches);
        arme_aces += i32::from(part.arme_aces);
        riche_aces += i32::from(part.riche_aces);
        idiots += u32::from(part.idiots);
        marks |= part.marks;
    }
    let extra = deck.ace_high() - 1;
    for high_a in 0..=arme_aces {
        for high_r in 0..=riche_aces {
            let a = armes + high_a * extra;
            let r = riches + high_r * extra;
            f((trumps + a - r).abs());
            f((trumps - a + r).abs());
        }
    }
    (idiots, marks)
}

/// Evaluates a tarot hand (any number of cards; the special Sabaccs need exactly three).
pub fn tarot_hand(cards: &[Card], deck: DeckKind) -> TarotHand {
    let (mut best, mut over) = (-1i32, i32::MAX);
    let (idiots, marks) = each_value(cards, deck, |v| {
        if v <= 23 {
            best = best.max(v);
        } else {
            over = over.min(v);
        }
    });
    if best == 23 {
        return TarotHand { rank: GRAND_SABACC, value: 23 };
    }
    if cards.len() == 3 {
        let value = best.max(0) as u8;
        let has = |m: u8| marks & m == m;
        if deck.has_trumps() && has(TRUMP_21 | TRUMP_1) && idiots == 1 {
            return TarotHand { rank: PETIT_SABACC, value };
        }
        if idiots == 1 && has(TWO | THREE) {
            return TarotHand { rank: IDIOT_SABACC, value };
        }
        if idiots >= 2 {
            return TarotHand { rank: TRIPLE_IDIOT, value };
        }
    }
    if best >= 0 {
        TarotHand { rank: best as u8 + 1, value: best as u8 }
    } else {
        TarotHand { rank: LOSING, value: over.min(255) as u8 }
    }
}

/// The best tarot hand from the player's own cards and one communal card of their choice
/// (hold'em and stud); with no communal card, the own cards alone.
pub fn tarot_hand_with(own: &[Card], communal: &[Card], deck: DeckKind) -> TarotHand {
    if communal.is_empty() {
        return tarot_hand(own, deck);
    }
    let mut best = TarotHand { rank: LOSING, value: 255 };
    let mut cards = [Card::IDIOT; 12];
    let n = own.len().min(11);
    cards[..n].copy_from_slice(&own[..n]);
    for &c in communal {
        cards[n] = c;
        let h = tarot_hand(&cards[..=n], deck);
        if h.rank > best.rank || (h.rank == best.rank && h.value < best.value) {
            best = h;
        }
    }
    best
}

/// The canonical Idiot's Array: exactly the Idiot, a 2 and a 3 of the suits.
pub fn is_idiots_array(cards: &[Card]) -> bool {
    cards.len() == 3
        && cards.contains(&Card::IDIOT)
        && cards.iter().any(|c| c.is_canon_rank(2))
        && cards.iter().any(|c| c.is_canon_rank(3))
}

/// The canonical rank of a bombed-out hand (over 23, under −23, or 0).
pub const BOMB: u8 = 0;
/// The canonical rank of −23 (a pure Sabacc).
pub const MINUS_23: u8 = 45;
/// The canonical rank of +23.
pub const PLUS_23: u8 = 46;
/// The canonical rank of the Idiot's Array.
pub const IDIOTS_ARRAY: u8 = 47;

/// A canonical hand's evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CanonHand {
    /// The signed total.
    pub total: i32,
    /// 0 bomb-out; for |total| = k in 1–22, 2k for +k and 2k − 1 for −k (positive beats
    /// negative); 45 for −23, 46 for +23, 47 the Idiot's Array.
    pub rank: u8,
}

impl CanonHand {
    /// Whether the hand wins the Sabacc pot when it wins: a pure Sabacc or the Idiot's Array.
    pub fn is_sabacc(self) -> bool {
        self.rank >= MINUS_23
    }

    /// Whether the hand bombs out.
    pub fn bombs(self) -> bool {
        self.rank == BOMB
    }
}

/// Evaluates a canonical (Cloud City) hand with the rulebook's values (the default deck).
pub fn canon_hand(cards: &[Card]) -> CanonHand {
    canon_hand_in(cards, DeckKind::Canonical)
}

/// Evaluates a canonical (Cloud City) hand with `deck`'s values.
pub fn canon_hand_in(cards: &[Card], deck: DeckKind) -> CanonHand {
    let total: i32 = cards.iter().map(|c| c.value_in(deck)).sum();
    let rank = if is_idiots_array(cards) {
        IDIOTS_ARRAY
    } else if total == 23 {
        PLUS_23
    } else if total == -23 {
        MINUS_23
    } else if total == 0 || total.abs() > 23 {
        BOMB
    } else {
        (2 * total.abs() - i32::from(total < 0)) as u8
    };
    CanonHand { total, rank }
}

/// A hand of the seed's four-card theory game (`scoring=points`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointsHand {
    /// The sum of the cards.
    pub sum: i32,
    /// The score: the sum below 23; 23 for a pure Sabacc (23), an impure one (46) or the
    /// Idiot's combination; sum − 23 from 24 to 45; sum − 46 above 46.
    pub score: i32,
    /// Higher wins: pure Sabacc, then impure, then the combination, then the score; a hand
    /// over 46 always loses.
    pub rank: i32,
}

impl PointsHand {
    /// Whether the hand is over 46 (it loses whatever the others hold, and costs points).
    pub fn is_bust(self) -> bool {
        self.sum > 46
    }
}

/// Whether a theory hand wins the Sabacc pot when it wins (the money theory game): a pure
/// Sabacc or the Idiot's combination; an impure Sabacc (46) does not (rules §The four-card
/// theory game: the Sabacc pot "can be won only two ways").
pub fn points_sabacc(h: PointsHand) -> bool {
    h.rank == POINTS_PURE || h.rank == POINTS_COMBINATION
}

/// The rank of a pure Sabacc in the theory game.
pub const POINTS_PURE: i32 = 1000;
/// The rank of an impure Sabacc (46).
pub const POINTS_IMPURE: i32 = 999;
/// The rank of the Idiot's combination (Idiot, 1, 2, 3).
pub const POINTS_COMBINATION: i32 = 998;

/// Whether four cards are the Idiot's combination: the Idiot, a 1, a 2 and a 3.
pub fn is_idiots_combination(cards: &[Card]) -> bool {
    cards.len() == 4
        && cards.contains(&Card::IDIOT)
        && (1..=3).all(|r| cards.iter().any(|c| c.is_canon_rank(r)))
}

/// Evaluates a theory-game hand (rules §The four-card theory game) with the rulebook's
/// values (the theory deck, or the canonical deck).
pub fn points_hand(cards: &[Card]) -> PointsHand {
    points_hand_in(cards, DeckKind::Canonical)
}

/// Evaluates a theory-game hand with `deck`'s values.
pub fn points_hand_in(cards: &[Card], deck: DeckKind) -> PointsHand {
    let sum: i32 = cards.iter().map(|c| c.value_in(deck)).sum();
    let (score, rank) = if sum == 23 {
        (23, POINTS_PURE)
    } else if sum == 46 {
        (23, POINTS_IMPURE)
    } else if is_idiots_combination(cards) {
        (23, POINTS_COMBINATION)
    } else if sum > 46 {
        (sum - 46, i32::MIN / 2)
    } else if sum > 23 {
        (sum - 23, sum - 23)
    } else {
        (sum, sum)
    };
    PointsHand { sum, score, rank }
}
