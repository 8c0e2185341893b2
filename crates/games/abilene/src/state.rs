//! The state of a game of Abilene: the cows, the cowboys, the ranchers' money and loans,
//! the dice, and where the turn stands. Small arrays and small integers, no heap; it
//! serializes to JSON and reads back (positions go through `setup::validate`).
//!
//! A view (`view`) is the same state with what a seat may not see written `?`:
//! a cow's brand and value, and another seat's corral card before the reveal.

use std::fmt;

use serde::de::{self, Deserializer};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

use crate::action::CorralCard;
use crate::board::{Field, Kind, Ranch, Space};
use crate::cattle::{Brand, HERD_SIZE, HerdLeft, Identity, NUM_COWS};
use crate::money::COWBOYS;
use crate::spaces::Spaces;

/// The most seats.
pub const MAX_SEATS: usize = 6;
/// The money each rancher starts with.
pub const START_CASH: u32 = 10_000;
/// The most payments waiting at once: a release of five (five payments, five placements,
/// the fees), or a sale's payments (five ranchers paying the seller, the seller paying
/// five).
pub const MAX_TASKS: usize = 12;

// ---------------------------------------------------------------------------------------
// Where pieces are
// ---------------------------------------------------------------------------------------

/// Where a cow is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CowAt {
    /// Not on the board yet: its rancher has not placed it (setup).
    Unplaced,
    /// On a field of its owner's ranch.
    Field(Field),
    /// In Abilene, brought there this turn to be sold.
    Abilene,
    /// Stolen, waiting for its thief to put it on a field of his ranch.
    Held,
    /// Sold: out of the game, its brand and value public.
    Sold,
    /// Out of the game unrevealed (a bankrupt rancher's cow that found no field: rules
    /// §Money).
    Gone,
}

impl CowAt {
    /// The field it stands on, if any.
    pub fn field(self) -> Option<Field> {
        match self {
            CowAt::Field(f) => Some(f),
            _ => None,
        }
    }

    /// Whether it is on the board or in Abilene, still in the game.
    pub fn in_play(self) -> bool {
        matches!(self, CowAt::Field(_) | CowAt::Abilene | CowAt::Held)
    }
}

impl fmt::Display for CowAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CowAt::Unplaced => f.write_str("unplaced"),
            CowAt::Field(field) => field.fmt(f),
            CowAt::Abilene => f.write_str("abilene"),
            CowAt::Held => f.write_str("held"),
            CowAt::Sold => f.write_str("sold"),
            CowAt::Gone => f.write_str("gone"),
        }
    }
}

impl std::str::FromStr for CowAt {
    type Err = String;
    fn from_str(s: &str) -> Result<CowAt, String> {
        Ok(match s {
            "unplaced" => CowAt::Unplaced,
            "abilene" => CowAt::Abilene,
            "held" => CowAt::Held,
            "sold" => CowAt::Sold,
            "gone" => CowAt::Gone,
            _ => CowAt::Field(s.parse::<Field>().map_err(|_| {
                format!(
                    "a cow is on a field (`a52`), `abilene`, `held`, `unplaced`, `sold` or `gone`, not `{}`",
                    tabula_core::error::quote(s)
                )
            })?),
        })
    }
}

/// Where a cowboy is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoyAt {
    /// On a field.
    Field(Field),
    /// In Abilene.
    Abilene,
    /// In prison.
    Prison,
    /// Off the board, waiting to be put on a field (released, or a duel's loser).
    Held,
    /// Back in the box: his rancher went bankrupt.
    Box,
}

impl BoyAt {
    /// The space he stands on, if he is on the board or in Abilene.
    pub fn space(self) -> Option<Space> {
        match self {
            BoyAt::Field(f) => Some(f.space()),
            BoyAt::Abilene => Some(Space::ABILENE),
            _ => None,
        }
    }
}

impl fmt::Display for BoyAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoyAt::Field(field) => field.fmt(f),
            BoyAt::Abilene => f.write_str("abilene"),
            BoyAt::Prison => f.write_str("prison"),
            BoyAt::Held => f.write_str("held"),
            BoyAt::Box => f.write_str("box"),
        }
    }
}

impl std::str::FromStr for BoyAt {
    type Err = String;
    fn from_str(s: &str) -> Result<BoyAt, String> {
        Ok(match s {
            "abilene" => BoyAt::Abilene,
            "prison" => BoyAt::Prison,
            "held" => BoyAt::Held,
            "box" => BoyAt::Box,
            _ => BoyAt::Field(s.parse::<Field>().map_err(|_| {
                format!(
                    "a cowboy is on a field (`a40`), `abilene`, `prison`, `held` or `box`, not `{}`",
                    tabula_core::error::quote(s)
                )
            })?),
        })
    }
}

/// Serializes a value by its `Display` text and reads it back by `FromStr`.
macro_rules! serde_as_text {
    ($t:ty) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = String::deserialize(d)?;
                text.parse().map_err(de::Error::custom)
            }
        }
    };
}

serde_as_text!(CowAt);
serde_as_text!(BoyAt);
serde_as_text!(Sticker);
serde_as_text!(Slot);
serde_as_text!(Field);

/// What is known of a cow's sticker: its brand and value, or `?`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Sticker(pub Option<Identity>);

impl fmt::Display for Sticker {
    /// `B 600`, `- 500`, or `?`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(id) => id.fmt(f),
            None => f.write_str("?"),
        }
    }
}

impl std::str::FromStr for Sticker {
    type Err = String;
    fn from_str(s: &str) -> Result<Sticker, String> {
        if s == "?" {
            return Ok(Sticker(None));
        }
        let bad = || {
            format!(
                "a cow's sticker is a brand and a value (`B 600`, `- 500`) or `?`, not `{}`",
                tabula_core::error::quote(s)
            )
        };
        let (brand, value) = s.split_once(' ').ok_or_else(bad)?;
        let brand = match brand {
            "-" => Brand::Unbranded,
            b if b.len() == 1 => Brand::Of(Ranch::from_letter(b.chars().next().unwrap()).ok_or_else(bad)?),
            _ => return Err(bad()),
        };
        let value: u16 = value.parse().map_err(|_| bad())?;
        let id = Identity { brand, value };
        if !id.is_valid() {
            return Err(format!(
                "no cow is {id}: a branded cow is worth 100, 300, 600 or 1000, an unbranded one 500"
            ));
        }
        Ok(Sticker(Some(id)))
    }
}

/// One rancher's corral card in the sale in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Slot {
    /// No card (not committed yet, the seller, or a bankrupt rancher).
    #[default]
    Empty,
    /// A card committed face down, which this view may not see.
    Hidden,
    /// A card committed.
    Card(CorralCard),
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Slot::Empty => f.write_str("-"),
            Slot::Hidden => f.write_str("?"),
            Slot::Card(c) => c.fmt(f),
        }
    }
}

impl std::str::FromStr for Slot {
    type Err = String;
    fn from_str(s: &str) -> Result<Slot, String> {
        match s {
            "-" => Ok(Slot::Empty),
            "?" => Ok(Slot::Hidden),
            "own" => Ok(Slot::Card(CorralCard::Own)),
            "none" => Ok(Slot::Card(CorralCard::None)),
            "other" => Ok(Slot::Card(CorralCard::Other)),
            _ => Err(format!(
                "a corral slot is `-` (no card), `?`, `own`, `none` or `other`, not `{}`",
                tabula_core::error::quote(s)
            )),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Pieces and ranchers
// ---------------------------------------------------------------------------------------

/// One cow. Its public id is its herd's letter and its number 1–9 (`B4`), from its index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cow {
    /// Where it is.
    pub at: CowAt,
    /// The seat that owns it now (its herd's rancher, or the last to steal it).
    pub owner: u8,
    /// Its brand and value, `?` where the view's seat does not know them (and, in the full
    /// state, for a cow not placed yet: its value is chosen when it is placed).
    pub id: Sticker,
    /// The seats that know its brand and value, as bits (public: it follows from who has
    /// owned it).
    pub known: u8,
    /// Whether it moved this turn (cattle phase).
    pub moved: bool,
}

impl Cow {
    /// A cow of seat `owner`'s herd not placed yet.
    pub const fn unplaced(owner: u8) -> Cow {
        Cow { at: CowAt::Unplaced, owner, id: Sticker(None), known: 1 << owner, moved: false }
    }
}

/// One cowboy. A rancher's cowboys are alike: only where they are matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Boy {
    /// Where he is.
    pub at: BoyAt,
    /// Whether he moved this turn (cowboy phase).
    pub moved: bool,
}

/// One rancher: his money, his loans, his cowboys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rancher {
    /// Cash in hand, dollars.
    pub cash: u32,
    /// What he owes the bank at the end of the game: his bank loans with their interest.
    pub bank_debt: u32,
    /// What he owes each seat at the end of the game (loans between players).
    pub owes: [u32; MAX_SEATS],
    /// The order of his bankruptcy (0 the first), if he went bankrupt.
    pub bankrupt: Option<u8>,
    /// His five cowboys.
    pub cowboys: [Boy; COWBOYS as usize],
}

impl Rancher {
    /// Whether he is still in the game.
    pub fn active(&self) -> bool {
        self.bankrupt.is_none()
    }

    /// His cowboys in prison.
    pub fn in_prison(&self) -> u8 {
        self.cowboys.iter().filter(|b| b.at == BoyAt::Prison).count() as u8
    }
}

// ---------------------------------------------------------------------------------------
// The turn
// ---------------------------------------------------------------------------------------

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// Setup: who starts (chance), then the herds, seat by seat.
    Setup,
    /// A turn begins: the roll (chance).
    Roll,
    /// §1 Prison: the release decision, then its payments and placements, then the fees.
    Prison,
    /// §2 Cattle: the light dice.
    Cattle,
    /// §3 Cowboys: the dark dice, with rustling and duels.
    Cowboys,
    /// §5 Sales.
    Sales,
    /// The game is over.
    Over,
}

/// The five dice of the turn and which have been used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dice {
    /// The light cattle dice, 0–5, ascending.
    pub light: [u8; 2],
    /// Which light dice are used or given up.
    pub light_used: [bool; 2],
    /// The dark cowboy dice, 1–4, ascending.
    pub dark: [u8; 3],
    /// Which dark dice are used or lost.
    pub dark_used: [bool; 3],
}

/// Where a cowboy waiting to be placed may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BoyPlace {
    /// Released from prison: a free boot or outer-edge field of his own ranch.
    Release,
    /// Lost a duel in his own ranch: a free outer-edge field of it.
    OuterEdge,
    /// Lost a duel in another ranch: a free boot field of his ranch, else a free outer-edge
    /// field.
    Boot,
}

/// Something waiting to be done, in order: a payment, or a piece to place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "task", deny_unknown_fields)]
pub enum Task {
    /// `payer` pays `amount` to seat `to`, or to the bank when `to` is `None`.
    Pay {
        /// Who pays.
        payer: u8,
        /// Who is paid; `None`: the bank.
        to: Option<u8>,
        /// How much.
        amount: u32,
    },
    /// Seat `by` puts a held cowboy of seat `owner` on a field.
    PlaceBoy {
        /// The cowboy's rancher.
        owner: u8,
        /// Who places him: himself after a release, the winner after a duel.
        by: u8,
        /// Where he may go.
        place: BoyPlace,
    },
    /// The thief puts the held cow (index 0–53) on a field of his ranch.
    PlaceCow {
        /// The cow's index.
        cow: u8,
    },
}

/// A duel waiting for its dice (a chance node).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Duel {
    /// The field where the two cowboys stand.
    pub field: Field,
    /// The mover's seat.
    pub attacker: u8,
    /// The seat of the cowboy he ended on.
    pub defender: u8,
}

/// A loan asked of another seat, waiting for the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Asked {
    /// The seat asked.
    pub seat: u8,
    /// The loan.
    pub amount: u32,
    /// What is to be repaid at the end.
    pub repay: u32,
}

/// The sale in progress: the cow, and the corral cards committed so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sale {
    /// The cow sold (index 0–53).
    pub cow: u8,
    /// Each seat's corral card.
    pub cards: [Slot; MAX_SEATS],
}

/// The record of the last sale, public once revealed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaleRecord {
    /// The seller.
    pub seller: u8,
    /// The cow sold (index 0–53); its brand and value are in the cow.
    pub cow: u8,
    /// Each seat's card (`-` for the seller and bankrupt ranchers).
    pub cards: [Slot; MAX_SEATS],
    /// What the bank paid the seller.
    pub bank: u32,
    /// Each seat's settlement with the seller, from the seat's side (+ received).
    pub transfers: [i32; MAX_SEATS],
}

/// The whole state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct State {
    /// The number of seats.
    pub players: u8,
    /// Where the game stands.
    pub stage: Stage,
    /// The seat whose turn it is (during setup, the seat placing its herd).
    pub turn: u8,
    /// The seat that started, once drawn.
    pub first: Option<u8>,
    /// Turns played so far.
    pub turns: u32,
    /// The dice of the turn.
    pub dice: Dice,
    /// The ranchers, by seat.
    pub ranchers: Fixed<Rancher, MAX_SEATS>,
    /// The cows, herd by herd: seat s's herd is cows 9s to 9s + 8, numbered 1–9.
    pub cows: Fixed<Cow, NUM_COWS>,
    /// Cows brought to Abilene this turn, in the order they entered.
    pub town: TownCows,
    /// Whether the order of this turn's two sales is chosen.
    pub order_chosen: bool,
    /// A duel waiting for its dice.
    pub duel: Option<Duel>,
    /// The sale in progress.
    pub sale: Option<Sale>,
    /// The last sale, revealed.
    pub last_sale: Option<SaleRecord>,
    /// Whether the player has decided on releases this turn.
    pub released: bool,
    /// Payments and placements waiting, first first.
    pub tasks: Tasks,
    /// The loan asked for the payment at the head of `tasks`, waiting for an answer.
    pub asked: Option<Asked>,
    /// The seats already asked for that payment, as bits.
    pub asked_before: u8,
    /// Cows sold in all.
    pub sold: u8,
    /// Bankruptcies so far.
    pub bankruptcies: u8,
}

/// A small list of cow indices (at most two).
#[derive(Clone, Copy, Default)]
pub struct TownCows {
    len: u8,
    cows: [u8; 2],
}

impl TownCows {
    /// The cows, in entry order.
    pub fn as_slice(&self) -> &[u8] {
        &self.cows[..self.len as usize]
    }
    /// Adds a cow.
    pub fn push(&mut self, cow: u8) {
        self.cows[self.len as usize] = cow;
        self.len += 1;
    }
    /// Removes a cow, keeping the order of the other.
    pub fn remove(&mut self, cow: u8) {
        if let Some(i) = self.as_slice().iter().position(|&c| c == cow) {
            if i == 0 {
                self.cows[0] = self.cows[1];
            }
            self.len -= 1;
        }
    }
    /// Swaps the two cows.
    pub fn swap(&mut self) {
        self.cows.swap(0, 1);
    }
    /// The number of cows.
    pub fn len(&self) -> usize {
        self.len as usize
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Empties it.
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl Serialize for TownCows {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

impl<'de> Deserialize<'de> for TownCows {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<u8>::deserialize(d)?;
        if v.len() > 2 {
            return Err(de::Error::custom("at most two cows reach Abilene in a turn (two light dice)"));
        }
        let mut t = TownCows::default();
        for c in v {
            t.push(c);
        }
        Ok(t)
    }
}

/// A small queue of tasks.
#[derive(Clone, Copy)]
pub struct Tasks {
    len: u8,
    items: [Task; MAX_TASKS],
}

impl Default for Tasks {
    fn default() -> Self {
        Tasks { len: 0, items: [Task::PlaceCow { cow: 0 }; MAX_TASKS] }
    }
}

impl Tasks {
    /// The tasks, first first.
    pub fn as_slice(&self) -> &[Task] {
        &self.items[..self.len as usize]
    }
    /// The first task.
    pub fn head(&self) -> Option<Task> {
        self.as_slice().first().copied()
    }
    /// Adds a task at the end.
    ///
    /// # Panics
    /// If the queue is full: [`MAX_TASKS`] is the most one turn's rules queue at once.
    pub fn push(&mut self, task: Task) {
        assert!((self.len as usize) < MAX_TASKS, "MAX_TASKS bounds the tasks queued at once");
        self.items[self.len as usize] = task;
        self.len += 1;
    }
    /// Removes the first task.
    pub fn pop(&mut self) {
        if self.len > 0 {
            self.items.copy_within(1..self.len as usize, 0);
            self.len -= 1;
        }
    }
    /// Keeps the tasks for which `keep` holds.
    pub fn retain(&mut self, mut keep: impl FnMut(&Task) -> bool) {
        let mut n = 0;
        for i in 0..self.len as usize {
            if keep(&self.items[i]) {
                self.items[n] = self.items[i];
                n += 1;
            }
        }
        self.len = n as u8;
    }
    /// Empties the queue.
    pub fn clear(&mut self) {
        self.len = 0;
    }
    /// Whether no task waits.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Serialize for Tasks {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Tasks {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<Task>::deserialize(d)?;
        if v.len() > MAX_TASKS {
            return Err(de::Error::custom(format!("at most {MAX_TASKS} tasks wait at once")));
        }
        let mut t = Tasks::default();
        for task in v {
            t.push(task);
        }
        Ok(t)
    }
}

/// At most `N` values in an array, serialized as a list: no heap.
#[derive(Clone, Copy)]
pub struct Fixed<T, const N: usize> {
    len: u8,
    items: [T; N],
}

impl<T: Copy, const N: usize> Fixed<T, N> {
    /// `len` copies of `value` (at most `N`).
    pub fn new(len: usize, value: T) -> Self {
        assert!(len <= N, "at most N values");
        Fixed { len: len as u8, items: [value; N] }
    }
}

impl<T, const N: usize> std::ops::Deref for Fixed<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
}

impl<T, const N: usize> std::ops::DerefMut for Fixed<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..self.len as usize]
    }
}

impl<T: Serialize, const N: usize> Serialize for Fixed<T, N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(s)
    }
}

impl<'de, T: Deserialize<'de> + Copy, const N: usize> Deserialize<'de> for Fixed<T, N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<T>::deserialize(d)?;
        if v.is_empty() || v.len() > N {
            return Err(de::Error::custom(format!("a list of 1 to {N} entries, not {}", v.len())));
        }
        let mut out = Fixed { len: v.len() as u8, items: [v[0]; N] };
        out.items[..v.len()].copy_from_slice(&v);
        Ok(out)
    }
}

// ---------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------

/// The public id of cow `i`: its herd's letter (the ranch of seat i / 9) and its number.
pub fn cow_name(ranches: &[Ranch], i: usize) -> String {
    format!("{}{}", ranches[i / HERD_SIZE].letter(), i % HERD_SIZE + 1)
}

/// What stands on a space.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece {
    /// A cow (its index).
    Cow(u8),
    /// A cowboy of this seat.
    Boy(u8),
}

/// Which pieces stand where: built from the state when needed.
#[derive(Debug, Clone, Copy)]
pub struct Board {
    /// Fields with any piece.
    pub occupied: Spaces,
    /// Fields with a cowboy, per seat.
    pub boys: [Spaces; MAX_SEATS],
    /// Fields with a cow, per owner.
    pub cows: [Spaces; MAX_SEATS],
}

impl State {
    /// The number of seats.
    pub fn num_players(&self) -> usize {
        self.players as usize
    }

    /// The seats still in the game.
    pub fn active_seats(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.num_players()).filter(|&s| self.ranchers[s].active())
    }

    /// The cows of seat `s`'s herd (its indices).
    pub fn herd_range(s: usize) -> std::ops::Range<usize> {
        s * HERD_SIZE..(s + 1) * HERD_SIZE
    }

    /// The cows of seat `s`'s herd not placed yet, by value.
    pub fn herd_left(&self, s: usize) -> HerdLeft {
        let mut left = HerdLeft::FULL;
        for c in &self.cows[State::herd_range(s)] {
            if c.at != CowAt::Unplaced
                && let Some(id) = c.id.0
                && let Some(l) = left.take(id.value)
            {
                left = l;
            }
        }
        left
    }

    /// Where every piece stands.
    pub fn board(&self) -> Board {
        // Built on raw words: this runs at every step of a playout.
        let mut boys = [[0u64; 3]; MAX_SEATS];
        let mut cows = [[0u64; 3]; MAX_SEATS];
        for c in self.cows.iter() {
            if let CowAt::Field(f) = c.at {
                let i = f.index();
                cows[c.owner as usize % MAX_SEATS][i >> 6] |= 1 << (i & 63);
            }
        }
        for (s, r) in self.ranchers.iter().enumerate() {
            for boy in &r.cowboys {
                if let BoyAt::Field(f) = boy.at {
                    let i = f.index();
                    boys[s][i >> 6] |= 1 << (i & 63);
                }
            }
        }
        let mut occupied = [0u64; 3];
        for s in 0..MAX_SEATS {
            for w in 0..3 {
                occupied[w] |= boys[s][w] | cows[s][w];
            }
        }
        Board {
            occupied: Spaces::from_words(occupied),
            boys: boys.map(Spaces::from_words),
            cows: cows.map(Spaces::from_words),
        }
    }

    /// The piece on a field (a cow first, during a duel two cowboys share one).
    pub fn piece_at(&self, field: Field) -> Option<Piece> {
        for (i, c) in self.cows.iter().enumerate() {
            if c.at == CowAt::Field(field) {
                return Some(Piece::Cow(i as u8));
            }
        }
        for (s, r) in self.ranchers.iter().enumerate() {
            if r.cowboys.iter().any(|b| b.at == BoyAt::Field(field)) {
                return Some(Piece::Boy(s as u8));
            }
        }
        None
    }

    /// Seat `s`'s cows on the board (in his ranch).
    pub fn cows_in_ranch(&self, s: usize) -> usize {
        self.cows.iter().filter(|c| c.owner as usize == s && matches!(c.at, CowAt::Field(_))).count()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.stage == Stage::Over
    }

    /// What seat `s` would have at the end now: cash, less debts, plus what others owe him.
    pub fn final_money(&self, s: usize) -> i64 {
        let r = &self.ranchers[s];
        let owed: i64 = (0..self.num_players()).map(|o| i64::from(self.ranchers[o].owes[s])).sum();
        i64::from(r.cash) - i64::from(r.bank_debt) - r.owes.iter().map(|&x| i64::from(x)).sum::<i64>() + owed
    }

    /// The free fields of seat `s`'s ranch of a kind.
    pub fn free_of_kind(&self, board: &Board, ranch: Ranch, kind: Kind) -> Spaces {
        ranch.fields_of_kind(kind) - board.occupied
    }
}

/// Equality, hashing and debugging of the small lists look at their entries only.
macro_rules! by_slice {
    ($t:ty, $($g:tt)*) => {
        impl<$($g)*> PartialEq for $t {
            fn eq(&self, other: &Self) -> bool {
                self.as_slice() == other.as_slice()
            }
        }
        impl<$($g)*> Eq for $t {}
        impl<$($g)*> std::hash::Hash for $t {
            fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
                self.as_slice().hash(h)
            }
        }
        impl<$($g)*> fmt::Debug for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_list().entries(self.as_slice()).finish()
            }
        }
    };
}

by_slice!(TownCows,);
by_slice!(Tasks,);

impl<T, const N: usize> Fixed<T, N> {
    /// The entries.
    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
}

impl<T: PartialEq, const N: usize> PartialEq for Fixed<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}
impl<T: Eq, const N: usize> Eq for Fixed<T, N> {}
impl<T: std::hash::Hash, const N: usize> std::hash::Hash for Fixed<T, N> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.as_slice().hash(h)
    }
}
impl<T: fmt::Debug, const N: usize> fmt::Debug for Fixed<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}
