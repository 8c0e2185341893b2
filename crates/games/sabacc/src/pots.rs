//! Side pots (rules §Side pots in `docs/rules/sabacc.md`): with table stakes a player who
//! has put all his money in the hand pot is *all in*; he stays in the hand and can win only
//! what he matched from each other seat, while the others go on betting into side pots.
//!
//! This module holds the pots as values ([`Pot`], [`Pots`]) and how the last hand was
//! settled ([`Settlement`]); paying them out from the table is `payout`.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::limits::MAX_PLAYERS;

/// The most pots a hand can have: one per distinct stake of the seats still in the hand.
pub const MAX_POTS: usize = MAX_PLAYERS;

/// One pot of the hand pot: its money, the seats it is open to, and who wins it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Pot {
    /// The money in it.
    pub amount: i32,
    /// The seats still in the hand that may win it (bit per seat).
    pub eligible: u32,
    /// The seats that win it (bit per seat); 0 when no hand can win it (it goes to the
    /// Sabacc pot).
    pub winners: u32,
}

/// The pots of a hand, main pot first: a fixed-capacity list written in JSON as a list.
/// Equality, hashing and debug output look at the pots in use only.
#[derive(Clone, Copy)]
pub struct Pots {
    len: u8,
    items: [Pot; MAX_POTS],
}

impl Default for Pots {
    fn default() -> Self {
        Pots::EMPTY
    }
}

impl PartialEq for Pots {
    fn eq(&self, other: &Pots) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Pots {}

impl std::hash::Hash for Pots {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.as_slice().hash(h);
    }
}

impl std::fmt::Debug for Pots {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Pots {
    /// No pot.
    pub const EMPTY: Pots = Pots { len: 0, items: [Pot { amount: 0, eligible: 0, winners: 0 }; MAX_POTS] };

    /// The pots, main pot first.
    pub fn as_slice(&self) -> &[Pot] {
        &self.items[..self.len as usize]
    }

    /// The pots, mutably.
    pub fn as_mut_slice(&mut self) -> &mut [Pot] {
        &mut self.items[..self.len as usize]
    }

    /// Makes these pots a copy of `src`, copying only the pots in use (the rest is never
    /// read): states are overwritten at every search iteration.
    pub fn copy_from(&mut self, src: &Pots) {
        let n = src.len as usize;
        self.len = src.len;
        self.items[..n].copy_from_slice(&src.items[..n]);
    }

    /// Empties the list (the pots past the length are never read).
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// How many pots.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether the hand pot was split: a main pot and at least one side pot.
    pub fn has_side_pots(&self) -> bool {
        self.len > 1
    }

    /// Adds a pot; there is room for one per seat, and the split makes at most one per
    /// distinct stake of the seats still in the hand, so it always fits.
    pub(crate) fn push(&mut self, pot: Pot) {
        self.items[self.len as usize] = pot;
        self.len += 1;
    }

    /// The money in all the pots.
    pub fn total(&self) -> i64 {
        self.as_slice().iter().map(|p| i64::from(p.amount)).sum()
    }
}

impl Serialize for Pots {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice())
    }
}

impl<'de> Deserialize<'de> for Pots {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Pots, D::Error> {
        let list = Vec::<Pot>::deserialize(d)?;
        if list.len() > MAX_POTS {
            return Err(serde::de::Error::custom(format!("at most {MAX_POTS} pots")));
        }
        let mut pots = Pots::default();
        for pot in list {
            pots.push(pot);
        }
        Ok(pots)
    }
}

/// How the last hand was settled (public).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Settlement {
    /// The seats that won the hand pot, or a part of it (bit per seat).
    pub winners: u32,
    /// The hand pot paid out to them.
    pub pot: i32,
    /// The Sabacc pot paid out.
    pub sabacc: i32,
    /// When the hand pot was split into side pots: each pot, main pot first, with who could
    /// win it and who did (rules §Side pots); empty otherwise.
    #[serde(default, skip_serializing_if = "Pots::is_empty")]
    pub pots: Pots,
}

impl Settlement {
    /// Makes this settlement a copy of `src`, copying only the pots in use.
    pub fn copy_from(&mut self, src: &Settlement) {
        let Settlement { winners, pot, sabacc, pots } = src;
        self.winners = *winners;
        self.pot = *pot;
        self.sabacc = *sabacc;
        self.pots.copy_from(pots);
    }

    /// Makes this settlement a copy of `src`, or the empty one when there is none, writing
    /// only what is read (the pots past those in use are not).
    pub fn copy_from_option(&mut self, src: Option<&Settlement>) {
        match src {
            Some(src) => self.copy_from(src),
            None => {
                self.winners = 0;
                self.pot = 0;
                self.sabacc = 0;
                self.pots.clear();
            }
        }
    }
}
