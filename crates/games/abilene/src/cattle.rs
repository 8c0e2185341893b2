//! The 54 cows (rules §Pieces, dice, cards, money): brands, values, the herd of each ranch,
//! and the cows a herd has left while its rancher places it (rules §Setup, step 4).
//!
//! | brand | $1,000 | $600 | $300 | $100 | $500 | cows |
//! |---|---|---|---|---|---|---|
//! | each of A–F | 1 | 3 | 2 | 1 | — | 7 per brand, $3,500 |
//! | none (unbranded) | — | — | — | — | 12 | 12 |
//!
//! A ranch's herd is the seven cows of its brand and two unbranded cows: nine cows worth
//! $4,500. The values a rancher names in `herd V` are [`HERD_VALUES`]; every value but 500
//! is a cow of his brand.

use std::fmt;

use crate::action::HERD_VALUES;
use crate::board::Ranch;

/// The cows of one herd: seven of its brand and two unbranded.
pub const HERD_SIZE: usize = 9;
/// The cows of the game: a herd for each of the six ranches (the herds of free ranches stay
/// in the box).
pub const NUM_COWS: usize = Ranch::NUM * HERD_SIZE;
/// The value of every unbranded cow, in dollars.
pub const UNBRANDED_VALUE: u16 = 500;
/// The worth of a herd, in dollars.
pub const HERD_WORTH: u32 = 4_500;

/// How many cows of each value of [`HERD_VALUES`] (100, 300, 500, 600, 1000) a herd holds.
/// Must change with the table above and [`HERD_WORTH`].
const HERD_COUNTS: [u8; 5] = [1, 2, 2, 3, 1];

const _: () = {
    let (mut cows, mut worth, mut i) = (0, 0, 0);
    while i < HERD_VALUES.len() {
        cows += HERD_COUNTS[i] as usize;
        worth += HERD_COUNTS[i] as u32 * HERD_VALUES[i] as u32;
        i += 1;
    }
    assert!(cows == HERD_SIZE && worth == HERD_WORTH, "the herd table adds up");
    assert!(HERD_VALUES[2] == UNBRANDED_VALUE, "500 is the unbranded value");
};

/// The brand under a cow: a ranch's letter, or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Brand {
    /// The brand of this ranch's rancher (rules Interpretation 7: a rancher's brand is his
    /// ranch's letter).
    Of(Ranch),
    /// No brand.
    Unbranded,
}

impl fmt::Display for Brand {
    /// `A` to `F`, or `-` for an unbranded cow.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Brand::Of(r) => write!(f, "{}", r.letter()),
            Brand::Unbranded => f.write_str("-"),
        }
    }
}

/// What the sticker under a cow says: its brand and its value in dollars. It never changes,
/// whoever owns the cow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Identity {
    /// The brand.
    pub brand: Brand,
    /// The value in dollars: 100, 300, 600 or 1,000 for a branded cow, 500 for an
    /// unbranded one.
    pub value: u16,
}

impl Identity {
    /// The cow that a rancher of `ranch` names with `herd value`: a cow of his brand, or for
    /// 500 an unbranded cow. `None` when `value` is not one of [`HERD_VALUES`].
    pub const fn in_herd(ranch: Ranch, value: u16) -> Option<Identity> {
        match value {
            UNBRANDED_VALUE => Some(Identity { brand: Brand::Unbranded, value }),
            100 | 300 | 600 | 1000 => Some(Identity { brand: Brand::Of(ranch), value }),
            _ => None,
        }
    }

    /// Whether the sticker is one of the game's: a ranch's brand with 100, 300, 600 or 1,000,
    /// or no brand with 500.
    pub const fn is_valid(self) -> bool {
        match self.brand {
            Brand::Of(_) => matches!(self.value, 100 | 300 | 600 | 1000),
            Brand::Unbranded => self.value == UNBRANDED_VALUE,
        }
    }
}

impl fmt::Display for Identity {
    /// `B 600`, `- 500`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.brand, self.value)
    }
}

/// The nine cows of `ranch`'s herd, most valuable first: its brand at 1,000, 600, 600, 600,
/// 300, 300 and 100, then two unbranded at 500.
pub const fn herd(ranch: Ranch) -> [Identity; HERD_SIZE] {
    const fn own(ranch: Ranch, value: u16) -> Identity {
        Identity { brand: Brand::Of(ranch), value }
    }
    let free = Identity { brand: Brand::Unbranded, value: UNBRANDED_VALUE };
    let (top, high, mid, low) = (own(ranch, 1000), own(ranch, 600), own(ranch, 300), own(ranch, 100));
    [top, high, high, high, mid, mid, low, free, free]
}

/// The 54 cows, herd by herd from ranch A to ranch F.
pub fn all_cows() -> [Identity; NUM_COWS] {
    std::array::from_fn(|i| herd(Ranch::ALL[i / HERD_SIZE])[i % HERD_SIZE])
}

/// How many cows worth `value` a full herd holds: 1 of 1,000, 3 of 600, 2 of 300, 1 of 100,
/// 2 of 500 (unbranded), 0 of any other value.
pub const fn count_in_herd(value: u16) -> u8 {
    match value_index(value) {
        Some(i) => HERD_COUNTS[i],
        None => 0,
    }
}

/// The place of `value` in [`HERD_VALUES`].
const fn value_index(value: u16) -> Option<usize> {
    let mut i = 0;
    while i < HERD_VALUES.len() {
        if HERD_VALUES[i] == value {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// The cows of a herd not yet placed, by value (rules §Setup, step 4). Brands follow from
/// the values: 500 is unbranded, every other value the herd's own brand, so counts are
/// enough. Also the unseen cows of a herd, for determinization (rules §What each seat sees).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HerdLeft {
    /// Cows left of each value of [`HERD_VALUES`], in its order.
    counts: [u8; 5],
}

impl HerdLeft {
    /// A whole herd: nothing placed yet.
    pub const FULL: HerdLeft = HerdLeft { counts: HERD_COUNTS };
    /// No cow left: the herd is placed.
    pub const EMPTY: HerdLeft = HerdLeft { counts: [0; 5] };

    /// The cows left worth `value` (0 for a value no cow has).
    pub const fn count(self, value: u16) -> u8 {
        match value_index(value) {
            Some(i) => self.counts[i],
            None => 0,
        }
    }

    /// The cows left in all.
    pub const fn len(self) -> u8 {
        let (mut n, mut i) = (0, 0);
        while i < self.counts.len() {
            n += self.counts[i];
            i += 1;
        }
        n
    }

    /// Whether no cow is left.
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The herd with one cow worth `value` placed. `None` when no cow of that value is left.
    pub const fn take(self, value: u16) -> Option<HerdLeft> {
        match value_index(value) {
            Some(i) if self.counts[i] > 0 => {
                let mut counts = self.counts;
                counts[i] -= 1;
                Some(HerdLeft { counts })
            }
            _ => None,
        }
    }

    /// The values a rancher may name in `herd V` now, in [`HERD_VALUES`] order: those with a
    /// cow left.
    pub fn values(self) -> impl Iterator<Item = u16> {
        HERD_VALUES.into_iter().filter(move |&v| self.count(v) > 0)
    }

    /// The one value every cow left has, if they all have one: then they are placed without
    /// a decision (rules §Setup, step 4). `None` when two values are left or none.
    pub fn only_value(self) -> Option<u16> {
        let mut values = self.values();
        match (values.next(), values.next()) {
            (Some(v), None) => Some(v),
            _ => None,
        }
    }

    /// The chance of `herd value` with `placement=random`: (cows of that value left) / (cows
    /// left). 0 for a value with no cow left, and for an empty herd.
    pub fn probability(self, value: u16) -> f64 {
        match self.len() {
            0 => 0.0,
            n => f64::from(self.count(value)) / f64::from(n),
        }
    }

    /// The chance outcomes of the next `herd V` with `placement=random`, as (value,
    /// probability), in [`HERD_VALUES`] order; their probabilities sum to 1.
    pub fn outcomes(self) -> impl Iterator<Item = (u16, f64)> {
        self.values().map(move |v| (v, self.probability(v)))
    }
}
