//! Cards and hands in words, for the log (`narrate`) and every client: a card's
//! label, what a hand makes and how (which tint adds, the aces counted high), signed
//! numbers with a true minus sign.

use crate::deck::{CanonSuit, Card, DeckKind, Kind};
use crate::hand::{self, TarotHand};
use crate::{Config, Rules, State};

/// The short names of the face cards in the table, in [`tabula_sabacc::deck::FACE_NAMES`]
/// order (the value follows them).
const FACE_SHORT: [&str; 14] = [
    "Queen", "Endur", "Bal", "Dem", "Mod", "Evil", "Star", "Smug", "Bounty", "JKnight", "JMaster", "DJedi",
    "Sith", "Rancor",
];

/// A card as drawn on the table: the notation for the tarot decks (`T21`, `10b`, `Nc`,
/// `idiot`); for the canonical decks its value and suit (`7sa`, `15co`) or a face card's
/// short name and value (`Demise−13` is `Dem−13`), since there the value is what counts.
/// A card the seat has not seen is `?` (the screen draws its back). `deck` gives the face
/// cards' values (the West End Games deck has its own).
pub fn card_label(card: Card, deck: DeckKind) -> String {
    if card.is_hidden() {
        return "?".to_owned();
    }
    match card.kind() {
        Kind::Canon(suit, rank) => {
            let suit = match suit {
                CanonSuit::Sabres => "sa",
                CanonSuit::Staves => "st",
                CanonSuit::Flasks => "fl",
                CanonSuit::Coins => "co",
            };
            format!("{rank}{suit}")
        }
        Kind::Face(i) => {
            format!("{}{}", FACE_SHORT[i as usize], signed(card.value_in(deck)).replace('+', ""))
        }
        _ => card.to_string(),
    }
}

/// `+7`, `−13`, `0`: a signed number with a true minus sign.
pub fn signed(n: i32) -> String {
    match n {
        0 => "0".to_owned(),
        n if n > 0 => format!("+{n}"),
        n => format!("−{}", -n),
    }
}

/// How a tarot hand makes its value: the evaluation, which tint adds (when it holds suit
/// cards), how many aces count high, and the communal card it plays (hold'em, stud).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TarotReading {
    /// The hand's evaluation.
    pub hand: TarotHand,
    /// `Some(true)` when the Armes add and the Richesses subtract, `Some(false)` the other
    /// way; `None` without suit cards.
    pub armes_add: Option<bool>,
    /// Aces of the Armes counted high (15, or 14 with 54 cards).
    pub arme_aces_high: u8,
    /// Aces of the Richesses counted high.
    pub riche_aces_high: u8,
    /// The communal card played.
    pub communal: Option<Card>,
}

/// The sums of a tarot hand: trumps, Armes, Richesses, and the aces of each tint.
fn tarot_sums(cards: &[Card], deck: DeckKind) -> (i32, i32, i32, i32, i32) {
    let (mut trumps, mut armes, mut riches, mut arme_aces, mut riche_aces) = (0, 0, 0, 0, 0);
    for &card in cards {
        match card.kind() {
            Kind::Trump(n) => trumps += i32::from(n),
            Kind::Suited(suit, rank) => {
                let value = deck.rank_value(rank);
                if suit.is_arme() {
                    armes += value;
                    arme_aces += i32::from(rank == 1);
                } else {
                    riches += value;
                    riche_aces += i32::from(rank == 1);
                }
            }
            _ => {}
        }
    }
    (trumps, armes, riches, arme_aces, riche_aces)
}

/// Reads a tarot hand: the player's own cards and, in hold'em and stud, the communal card
/// that makes it best (the engine's choice, [`hand::tarot_hand_with`]).
pub fn read_tarot(own: &[Card], communal: &[Card], deck: DeckKind) -> TarotReading {
    let mut best: Option<(TarotHand, Option<Card>)> = None;
    let options: Vec<Option<Card>> =
        if communal.is_empty() { vec![None] } else { communal.iter().copied().map(Some).collect() };
    for extra in options {
        let mut cards = own.to_vec();
        cards.extend(extra);
        let h = hand::tarot_hand(&cards, deck);
        let better = match best {
            None => true,
            Some((b, _)) => h.rank > b.rank || (h.rank == b.rank && h.value < b.value),
        };
        if better {
            best = Some((h, extra));
        }
    }
    let (hand, communal) = best.unwrap_or((hand::tarot_hand(own, deck), None));
    let mut cards = own.to_vec();
    cards.extend(communal);
    let (trumps, armes, riches, arme_aces, riche_aces) = tarot_sums(&cards, deck);
    let suits = cards.iter().any(|c| matches!(c.kind(), Kind::Suited(..)));
    let extra = deck.ace_high() - 1;
    // The choice that makes the value, a positive total first (the sign does not matter,
    // but a positive sum reads more easily).
    let mut way = None;
    for positive in [true, false] {
        for high_a in 0..=arme_aces {
            for high_r in 0..=riche_aces {
                let (a, r) = (armes + high_a * extra, riches + high_r * extra);
                for (armes_add, total) in [(true, trumps + a - r), (false, trumps - a + r)] {
                    let seen = if positive { total } else { total.abs() };
                    let fits = seen == i32::from(hand.value);
                    if fits && way.is_none() {
                        way = Some((armes_add, high_a as u8, high_r as u8));
                    }
                }
            }
        }
    }
    let (armes_add, arme_aces_high, riche_aces_high) = match way {
        Some((add, a, r)) => (suits.then_some(add), a, r),
        None => (None, 0, 0),
    };
    TarotReading { hand, armes_add, arme_aces_high, riche_aces_high, communal }
}

impl TarotReading {
    /// The hand in words: `22 — Armes add, Richesses subtract`, `grand Sabacc (23)`,
    /// `over 23 (27): it loses`, with the communal card played.
    pub fn words(&self, cards: &[Card]) -> String {
        let h = self.hand;
        let mut text = match h.rank {
            hand::LOSING => format!("over 23 ({}): it loses", h.value),
            hand::GRAND_SABACC => "grand Sabacc (23)".to_owned(),
            hand::PETIT_SABACC => "petit Sabacc".to_owned(),
            hand::IDIOT_SABACC => "the Idiot's Sabacc".to_owned(),
            hand::TRIPLE_IDIOT => "the triple Idiot's Sabacc".to_owned(),
            _ => h.value.to_string(),
        };
        let special = matches!(h.rank, hand::PETIT_SABACC | hand::IDIOT_SABACC | hand::TRIPLE_IDIOT);
        if let (Some(add), false, false) = (self.armes_add, h.rank == hand::LOSING, special) {
            let (arme, riche) =
                cards.iter().chain(self.communal.iter()).fold((false, false), |(a, r), c| match c.kind() {
                    Kind::Suited(suit, _) if suit.is_arme() => (true, r),
                    Kind::Suited(..) => (a, true),
                    _ => (a, r),
                });
            let (first, second) = if add { ("Armes", "Richesses") } else { ("Richesses", "Armes") };
            let tint = match (arme, riche) {
                (true, true) => format!("{first} add, {second} subtract"),
                (true, false) => format!("Armes {}", if add { "add" } else { "subtract" }),
                _ => format!("Richesses {}", if add { "subtract" } else { "add" }),
            };
            text.push_str(&format!(" — {tint}"));
            match self.arme_aces_high + self.riche_aces_high {
                0 => {}
                1 => text.push_str(", an ace as 15"),
                n => text.push_str(&format!(", {n} aces as 15")),
            }
        }
        if let Some(card) = self.communal {
            text.push_str(&format!(" · with the communal {card}"));
        }
        text
    }
}

/// A canonical (Cloud City) hand in words: `+17`, `−20`, `+25: bombs out`, `pure Sabacc (+23)`,
/// `the Idiot's Array`.
pub fn canon_words(cards: &[Card], deck: DeckKind) -> String {
    let h = hand::canon_hand_in(cards, deck);
    match h.rank {
        hand::IDIOTS_ARRAY => "the Idiot's Array".to_owned(),
        hand::PLUS_23 => "pure Sabacc (+23)".to_owned(),
        hand::MINUS_23 => "pure Sabacc (−23)".to_owned(),
        hand::BOMB => format!("{}: bombs out", signed(h.total)),
        _ => signed(h.total),
    }
}

/// A hand of the four-card points game in words: `19`, `34: scores 11`, `pure Sabacc (23)`.
pub fn points_words(cards: &[Card], deck: DeckKind) -> String {
    let h = hand::points_hand_in(cards, deck);
    match h.rank {
        hand::POINTS_PURE => "pure Sabacc (23)".to_owned(),
        hand::POINTS_IMPURE => "impure Sabacc (46): scores 23".to_owned(),
        hand::POINTS_COMBINATION => "the Idiot's combination: scores 23".to_owned(),
        _ if h.is_bust() => format!("{}: over 46, loses {}", h.sum, h.score),
        _ if h.sum > 23 => format!("{}: scores {}", h.sum, h.score),
        _ => h.sum.to_string(),
    }
}

/// What a hand makes under `cfg`'s rules, in words; `None` when a card of it is hidden.
pub fn hand_words(cfg: &Config, cards: &[Card], communal: &[Card]) -> Option<String> {
    if cards.is_empty() || cards.iter().any(|c| c.is_hidden()) {
        return None;
    }
    Some(match cfg.rules {
        Rules::Tarot => read_tarot(cards, communal, cfg.deck).words(cards),
        Rules::BlackKnight => read_tarot(cards, &[], cfg.deck).words(cards),
        Rules::Canonical if cfg.points() => points_words(cards, cfg.deck),
        Rules::Canonical => canon_words(cards, cfg.deck),
    })
}

/// Each of `own` cards' part in what the hand makes, signed, as the engine's best choice
/// counts it: trumps their number, suit cards plus or minus by their tint (an ace 1 or
/// 15), canonical cards their value.
pub fn card_values(cfg: &Config, own: &[Card], communal: &[Card]) -> Vec<i32> {
    if !matches!(cfg.rules, Rules::Tarot | Rules::BlackKnight) {
        return own.iter().map(|c| c.canonical_value()).collect();
    }
    let communal = if cfg.rules == Rules::Tarot { communal } else { &[] };
    let reading = read_tarot(own, communal, cfg.deck);
    let (mut high_a, mut high_r) = (reading.arme_aces_high, reading.riche_aces_high);
    own.iter()
        .map(|card| match card.kind() {
            Kind::Trump(n) => i32::from(n),
            Kind::Suited(suit, rank) => {
                let high = if suit.is_arme() { &mut high_a } else { &mut high_r };
                let value = if rank == 1 && *high > 0 {
                    *high -= 1;
                    cfg.deck.ace_high()
                } else {
                    cfg.deck.rank_value(rank)
                };
                let adds = reading.armes_add.is_none_or(|armes_add| suit.is_arme() == armes_add);
                if adds { value } else { -value }
            }
            _ => 0,
        })
        .collect()
}

/// What a hand makes, briefly, for the log: `20`, `grand Sabacc`, `over 23 (27)`, `+17`,
/// `bombs out (+25)`; `None` when a card of it is hidden.
pub fn hand_brief(cfg: &Config, cards: &[Card], communal: &[Card]) -> Option<String> {
    if cards.is_empty() || cards.iter().any(|c| c.is_hidden()) {
        return None;
    }
    let words = hand_words(cfg, cards, communal)?;
    Some(match cfg.rules {
        Rules::Tarot | Rules::BlackKnight => {
            let h = read_tarot(cards, if cfg.rules == Rules::Tarot { communal } else { &[] }, cfg.deck).hand;
            match h.rank {
                hand::LOSING => format!("over 23 ({})", h.value),
                hand::GRAND_SABACC => "a grand Sabacc".to_owned(),
                _ if h.is_sabacc() => words,
                _ => h.value.to_string(),
            }
        }
        Rules::Canonical if !cfg.points() && hand::canon_hand(cards).bombs() => {
            format!("a bomb-out ({})", signed(hand::canon_hand(cards).total))
        }
        Rules::Canonical => words,
    })
}

/// Whether a fully seen hand is a Sabacc of its rules (it would win the Sabacc pot).
pub fn is_sabacc(cfg: &Config, cards: &[Card], communal: &[Card]) -> bool {
    match cfg.rules {
        Rules::Tarot => read_tarot(cards, communal, cfg.deck).hand.is_sabacc(),
        Rules::BlackKnight => hand::tarot_hand(cards, cfg.deck).is_sabacc(),
        Rules::Canonical => hand::canon_hand(cards).is_sabacc(),
    }
}

/// A seat's result so far: money won or lost (money less the caves it brought), or points.
pub fn result(cfg: &Config, state: &State, seat: usize) -> i64 {
    let s = &state.seats[seat];
    if cfg.points() { i64::from(s.points) } else { i64::from(s.stack) - i64::from(s.bought) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace().map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn tarot_hands_say_which_tint_adds() {
        let h = cards("T12 Kd 7s");
        let reading = read_tarot(&h, &[], DeckKind::Tarot);
        assert_eq!(reading.hand.value, 19);
        assert_eq!(reading.words(&h), "19 — Richesses add, Armes subtract");
        let h = cards("T10 T13");
        assert_eq!(read_tarot(&h, &[], DeckKind::Tarot).words(&h), "grand Sabacc (23)");
        let h = cards("T21 T1 idiot");
        assert_eq!(read_tarot(&h, &[], DeckKind::Tarot).words(&h), "petit Sabacc");
        let h = cards("T20 T15");
        assert_eq!(read_tarot(&h, &[], DeckKind::Tarot).words(&h), "over 23 (35): it loses");
        // Hold'em: the communal card that makes the hand best.
        let own = cards("T20 2c");
        let reading = read_tarot(&own, &cards("Kc T5"), DeckKind::Tarot);
        assert_eq!(reading.communal, Some("T5".parse().unwrap()));
        assert_eq!(reading.hand.value, 23);
        let h = cards("T5 As");
        let reading = read_tarot(&h, &[], DeckKind::Tarot);
        assert_eq!(reading.words(&h), "20 — Armes add, an ace as 15");
    }

    #[test]
    fn canonical_and_points_hands_in_words() {
        assert_eq!(canon_words(&cards("7-sabres 10-coins"), DeckKind::Canonical), "+17");
        assert_eq!(canon_words(&cards("star demise"), DeckKind::Canonical), "−28: bombs out");
        assert_eq!(canon_words(&cards("star demise"), DeckKind::WestEnd), "−30: bombs out");
        assert_eq!(canon_words(&cards("idiot 2-coins 3-flasks"), DeckKind::Canonical), "the Idiot's Array");
        assert_eq!(canon_words(&cards("ace-coins 8-sabres"), DeckKind::Canonical), "pure Sabacc (+23)");
        assert_eq!(points_words(&cards("ace-coins 10-sabres 9-staves"), DeckKind::Theory), "34: scores 11");
        assert_eq!(card_label("commander-staves".parse().unwrap(), DeckKind::Canonical), "12st");
        assert_eq!(card_label("evil-one".parse().unwrap(), DeckKind::Canonical), "Evil−15");
        assert_eq!(card_label("demise".parse().unwrap(), DeckKind::Canonical), "Dem−11");
        assert_eq!(card_label("demise".parse().unwrap(), DeckKind::WestEnd), "Dem−13");
    }
}
