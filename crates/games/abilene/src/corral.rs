//! The corral (rules §5 Sales): what the bank pays for a cow sold, and how each other
//! rancher settles with the seller by the corral card he played.
//!
//! The bank pays the seller, v being the cow's value: $1,000 + v for a cow of the seller's
//! brand, $1,500 for an unbranded cow, $2,000 + v for a cow of another brand if nobody
//! played `other`, else nothing. Each other rancher settles by his card, from his side
//! (+ receives from the seller, − pays the seller):
//!
//! | card | seller's brand | unbranded | another brand |
//! |---|---|---|---|
//! | `own` | 0 | −v | −2v |
//! | `none` | −v | +v | −v |
//! | `other` | −2v | −v | +2v |
//!
//! Only `other` contests the bank's payment (rules Interpretation 26). The tables are read as
//! rules-notes §5(b)4 reads them (Interpretation 25).

pub use crate::action::CorralCard;
use crate::board::Ranch;
use crate::cattle::{Brand, Identity};

/// The bank's payment for a cow of the seller's brand is this plus its value.
pub const BANK_OWN_BASE: u32 = 1_000;
/// The bank's payment for an unbranded cow, whatever its value.
pub const BANK_UNBRANDED: u32 = 1_500;
/// The bank's payment for an uncontested cow of another brand is this plus its value.
pub const BANK_OTHER_BASE: u32 = 2_000;

/// The settlement table in multiples of v, from the card player's side: row the card
/// played, column the card that is right ([`CorralCard::index`] order both). Must change with
/// the module's table and rules §5 step 4.
const SETTLEMENT: [[i8; 3]; 3] = [
    // own: right, unbranded, another brand
    [0, -1, -2],
    // none
    [-1, 1, -1],
    // other
    [-2, -1, 2],
];

/// The card that is right about `cow` sold by the rancher of `seller`: `own` for the
/// seller's brand, `none` for no brand, `other` for another rancher's brand. The seller's
/// brand is his ranch's letter, whoever owned the cow before.
pub const fn truth(seller: Ranch, cow: Identity) -> CorralCard {
    match cow.brand {
        Brand::Unbranded => CorralCard::None,
        Brand::Of(r) if r as u8 == seller as u8 => CorralCard::Own,
        Brand::Of(_) => CorralCard::Other,
    }
}

/// What the bank pays the seller of ranch `seller` for `cow` (rules §5 step 3); `contested`
/// when some rancher played `other`. Never negative: the bank pays or pays nothing.
pub const fn bank_pays(seller: Ranch, cow: Identity, contested: bool) -> u32 {
    let v = cow.value as u32;
    match truth(seller, cow) {
        CorralCard::Own => BANK_OWN_BASE + v,
        CorralCard::None => BANK_UNBRANDED,
        CorralCard::Other if contested => 0,
        CorralCard::Other => BANK_OTHER_BASE + v,
    }
}

/// The settlement between the seller of ranch `seller` and a rancher who played `card` on
/// `cow` (rules §5 step 4), in dollars from the card player's side: positive when he
/// receives it from the seller, negative when he pays it to the seller. `own` on an
/// unbranded cow worth 500 is −500.
pub const fn settlement(card: CorralCard, seller: Ranch, cow: Identity) -> i32 {
    SETTLEMENT[card.index()][truth(seller, cow).index()] as i32 * cow.value as i32
}

/// Whether a card contests the bank's payment for a cow of another brand: only `other`
/// (rules Interpretation 26).
pub const fn contests(card: CorralCard) -> bool {
    matches!(card, CorralCard::Other)
}

/// A whole sale settled: the bank's payment and each seat's transfer with the seller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sale {
    /// What the bank pays the seller.
    pub bank: u32,
    /// Each seat's transfer with the seller, from the seat's side as in [`settlement`]: +
    /// the seat receives it from the seller, − the seat pays it to him. 0 for the seller,
    /// for a seat that played no card, and beyond the seats given.
    pub transfers: [i32; Ranch::NUM],
}

impl Sale {
    /// What the sale brings the seller in all: the bank's payment less the transfers. May be
    /// negative.
    pub fn seller_gain(&self) -> i64 {
        i64::from(self.bank) - self.transfers.iter().map(|&t| i64::from(t)).sum::<i64>()
    }
}

/// Settles the sale of `cow` by the rancher of ranch `seller`, `cards[s]` being the card seat
/// `s` played: `None` for the seller himself and for a bankrupt rancher. When nobody played
/// a card (every other rancher bankrupt) the bank pays as if nobody contested (rules §5).
/// The order of the payments (rules §5, Interpretation 27) is the caller's.
///
/// # Panics
///
/// If `cards` has more than six seats.
pub fn settle(seller: Ranch, cow: Identity, cards: &[Option<CorralCard>]) -> Sale {
    assert!(cards.len() <= Ranch::NUM, "at most six seats");
    let contested = cards.iter().flatten().any(|&c| contests(c));
    let mut transfers = [0; Ranch::NUM];
    for (t, card) in transfers.iter_mut().zip(cards) {
        if let Some(card) = *card {
            *t = settlement(card, seller, cow);
        }
    }
    Sale { bank: bank_pays(seller, cow, contested), transfers }
}
