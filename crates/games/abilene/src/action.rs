//! Actions, their text notation and their dense index (rules §Notation).
//!
//! | text | action |
//! |---|---|
//! | `first 2` | chance: seat 2 starts |
//! | `herd 600` | setup: a $600 cow on the next cow-head field (`herd 500`: an unbranded cow) |
//! | `roll 2 5 1 1 3` | chance: light dice 2 and 5, dark dice 1, 1 and 3 |
//! | `release 2` | release two cowboys from prison |
//! | `place a74` | put the piece waiting to be placed on a74 |
//! | `cow a52 a21 3` | move the cow on a52 to a21 with the light die showing 3 |
//! | `pass` | give up the light dice not yet used: never legal, as the cows must move while one can (rules Interpretation 16) |
//! | `boy a40 b52 4` | move the cowboy on a40 to b52 with the dark die showing 4 |
//! | `duel 3 1` | chance: the attacker's die 3, the defender's 1 |
//! | `sell 2` | sell first the cow that entered Abilene second |
//! | `corral own`, `corral none`, `corral other` | a corral card |
//! | `borrow 1000` | a bank loan of $1,000 |
//! | `ask 2 1000 1200` | ask seat 2 to lend $1,000, repaid $1,200 at the end |
//! | `accept`, `refuse`, `bankrupt` | the answer to `ask`; declaring bankruptcy |
//!
//! Input is case-insensitive; `roll 25 113` (each group in any order), `town` for `abilene`,
//! `corral ok`, `corral -`, `corral ?` and amounts written `$1,000` are accepted. The index
//! (`0..NUM_ACTIONS`) is the table of rules §Notation; a change to either must go with the
//! other.

use std::fmt;
use std::str::FromStr;

use tabula_core::ParseActionError;

use crate::board::{Field, NUM_FIELDS, NUM_SPACES, Space};

/// The most seats a game has (six ranches).
const MAX_SEATS: u8 = 6;
/// The most cowboys a rancher has, so the most he can release at once.
const MAX_RELEASE: u8 = 5;
/// The cow values of `herd V`, in index order: four of a rancher's brand and 500, unbranded.
pub const HERD_VALUES: [u16; 5] = [100, 300, 500, 600, 1000];
/// The largest bank loan, in dollars (*invented*, rules Interpretation 29).
pub const MAX_BANK_LOAN: u16 = 10_000;
/// The largest loan asked of another rancher, in dollars (*invented*, Interpretation 30).
pub const MAX_PLAYER_LOAN: u16 = 2_000;
/// The most a repayment may exceed the loan, in dollars (*invented*, Interpretation 30).
pub const MAX_INTEREST: u16 = 1_000;

/// A corral card (rules §Corral cards): what a rancher says the cow sold carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CorralCard {
    /// "OK": the seller's brand.
    Own,
    /// "–": no brand.
    None,
    /// "?": another rancher's brand.
    Other,
}

impl CorralCard {
    /// The three cards, in index order.
    pub const ALL: [CorralCard; 3] = [CorralCard::Own, CorralCard::None, CorralCard::Other];

    /// `0..3`, in the order own, none, other.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The notation's word: `own`, `none`, `other`.
    pub const fn word(self) -> &'static str {
        match self {
            CorralCard::Own => "own",
            CorralCard::None => "none",
            CorralCard::Other => "other",
        }
    }

    /// The card of a word, lower case: `own`/`ok`, `none`/`-`, `other`/`?`.
    fn from_word(w: &str) -> Option<CorralCard> {
        match w {
            "own" | "ok" => Some(CorralCard::Own),
            "none" | "-" | "–" => Some(CorralCard::None),
            "other" | "?" => Some(CorralCard::Other),
            _ => None,
        }
    }
}

impl fmt::Display for CorralCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// An action of Abilene: a player's decision or a chance outcome. Amounts are in dollars.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Chance: this seat (0–5) starts.
    First(u8),
    /// Setup: a cow of this value (one of [`HERD_VALUES`]) on the next cow-head field.
    Herd(u16),
    /// Chance: the five dice of a turn, each group in ascending order.
    Roll {
        /// The two light cattle dice, 0–5, ascending.
        light: [u8; 2],
        /// The three dark cowboy dice, 1–4, ascending.
        dark: [u8; 3],
    },
    /// Release this many cowboys (0–5) from prison.
    Release(u8),
    /// Put the piece waiting to be placed on this field.
    Place(Field),
    /// Give up the light dice not yet used. Kept in the notation and the index, but never
    /// legal: the cows must move while one can, and the cattle phase ends by itself when
    /// none can (rules §2 Cattle, Interpretation 16).
    Pass,
    /// Move the cow on `from` to `to` (a field of the same ranch, or Abilene) with the light
    /// die showing `die` (1–5).
    Cow {
        /// The field the cow stands on.
        from: Field,
        /// Where it ends: a field of `from`'s ranch, or Abilene.
        to: Space,
        /// The light die spent, 1–5.
        die: u8,
    },
    /// Move the cowboy on `from` (a field, or Abilene) to `to` with the dark die showing
    /// `die` (1–4).
    Boy {
        /// The space the cowboy stands on.
        from: Space,
        /// Where he ends.
        to: Space,
        /// The dark die spent, 1–4.
        die: u8,
    },
    /// Chance: a duel's dice, the attacker's then the defender's, 1–4 and not equal.
    Duel {
        /// The mover's die.
        attacker: u8,
        /// The die of the cowboy he ended on.
        defender: u8,
    },
    /// Sell first the cow that entered Abilene `n`-th this turn (1 or 2).
    Sell(u8),
    /// Commit this corral card to the sale in progress.
    Corral(CorralCard),
    /// A bank loan of this amount (a multiple of $100, $100 to [`MAX_BANK_LOAN`]).
    Borrow(u16),
    /// Ask `seat` to lend `amount` now, repaid `repay` at the end of the game.
    Ask {
        /// The seat asked, 0–5.
        seat: u8,
        /// The loan, a multiple of $100 from $100 to [`MAX_PLAYER_LOAN`].
        amount: u16,
        /// The repayment, a multiple of $100 from `amount` to `amount` + [`MAX_INTEREST`].
        repay: u16,
    },
    /// Lend what was asked.
    Accept,
    /// Refuse the loan asked.
    Refuse,
    /// Declare bankruptcy.
    Bankrupt,
}

// The first index of each kind (rules §Notation's index table).
const FIRST: usize = 0;
const HERD: usize = FIRST + MAX_SEATS as usize; // 6
const ROLL: usize = HERD + HERD_VALUES.len(); // 11
const LIGHT_PAIRS: usize = 21;
const DARK_TRIPLES: usize = 20;
const RELEASE: usize = ROLL + LIGHT_PAIRS * DARK_TRIPLES; // 431
const PLACE: usize = RELEASE + MAX_RELEASE as usize + 1; // 437
const PASS: usize = PLACE + NUM_FIELDS; // 599
const COW: usize = PASS + 1; // 600
/// A cow's end: its ranch's 27 fields and Abilene.
const COW_ENDS: usize = Field::PER_RANCH as usize + 1;
const LIGHT_MOVES: usize = 5; // a light die 1–5 (a 0 moves nothing)
const BOY: usize = COW + NUM_FIELDS * COW_ENDS * LIGHT_MOVES; // 23,280
const DARK_FACES: usize = 4;
const DUEL: usize = BOY + NUM_SPACES * NUM_SPACES * DARK_FACES; // 129,556
const SELL: usize = DUEL + DARK_FACES * (DARK_FACES - 1); // 129,568
const CORRAL: usize = SELL + 2; // 129,570
const BORROW: usize = CORRAL + CorralCard::ALL.len(); // 129,573
const ASK: usize = BORROW + (MAX_BANK_LOAN / 100) as usize; // 129,673
const ASK_AMOUNTS: usize = (MAX_PLAYER_LOAN / 100) as usize;
const ASK_REPAYS: usize = (MAX_INTEREST / 100) as usize + 1;
const ACCEPT: usize = ASK + MAX_SEATS as usize * ASK_AMOUNTS * ASK_REPAYS; // 130,993
const REFUSE: usize = ACCEPT + 1;
const BANKRUPT: usize = REFUSE + 1;
/// The size of the action index space: 130,996 (rules §Notation).
pub const NUM_ACTIONS: usize = BANKRUPT + 1;

const _: () = assert!(NUM_ACTIONS == 130_996, "rules §Notation fixes the index");

/// The index of the light pair `a ≤ b` among 0-0, 0-1, …, 0-5, 1-1, …, 5-5.
const fn pair_index(a: u8, b: u8) -> usize {
    let (a, b) = (a as usize, b as usize);
    // Pairs starting below a: 6 + 5 + … + (6 − a + 1).
    a * (13 - a) / 2 + (b - a)
}

/// The index of the dark triple `a ≤ b ≤ c` among 1-1-1, 1-1-2, …, 4-4-4.
fn triple_index(dice: [u8; 3]) -> usize {
    TRIPLES.iter().position(|&t| t == dice).expect("a well-formed triple")
}

/// The 20 dark triples in index order.
const TRIPLES: [[u8; 3]; DARK_TRIPLES] = {
    let mut out = [[0; 3]; DARK_TRIPLES];
    let mut n = 0;
    let mut a = 1;
    while a <= 4 {
        let mut b = a;
        while b <= 4 {
            let mut c = b;
            while c <= 4 {
                out[n] = [a, b, c];
                n += 1;
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
};

/// The 21 light pairs in index order.
const PAIRS: [[u8; 2]; LIGHT_PAIRS] = {
    let mut out = [[0; 2]; LIGHT_PAIRS];
    let mut n = 0;
    let mut a = 0;
    while a <= 5 {
        let mut b = a;
        while b <= 5 {
            out[n] = [a, b];
            n += 1;
            b += 1;
        }
        a += 1;
    }
    out
};

impl Action {
    /// The roll of these dice, each group put in ascending order.
    pub fn roll(mut light: [u8; 2], mut dark: [u8; 3]) -> Action {
        light.sort_unstable();
        dark.sort_unstable();
        Action::Roll { light, dark }
    }

    /// Whether the action's numbers are in range and in canonical form (every action made
    /// by [`Action::parse`] or [`Action::from_index`] is).
    pub fn is_well_formed(self) -> bool {
        let amount = |n: u16, max: u16| n % 100 == 0 && (100..=max).contains(&n);
        match self {
            Action::First(seat) => seat < MAX_SEATS,
            Action::Herd(v) => HERD_VALUES.contains(&v),
            Action::Roll { light, dark } => {
                light[0] <= light[1]
                    && light[1] <= 5
                    && dark[0] >= 1
                    && dark[0] <= dark[1]
                    && dark[1] <= dark[2]
                    && dark[2] <= 4
            }
            Action::Release(k) => k <= MAX_RELEASE,
            Action::Place(_) | Action::Pass => true,
            Action::Cow { from, to, die } => {
                (1..=5).contains(&die) && to.field().is_none_or(|t| t.ranch() == from.ranch())
            }
            Action::Boy { die, .. } => (1..=4).contains(&die),
            Action::Duel { attacker, defender } => {
                (1..=4).contains(&attacker) && (1..=4).contains(&defender) && attacker != defender
            }
            Action::Sell(n) => n == 1 || n == 2,
            Action::Corral(_) => true,
            Action::Borrow(n) => amount(n, MAX_BANK_LOAN),
            Action::Ask { seat, amount: n, repay } => {
                seat < MAX_SEATS
                    && amount(n, MAX_PLAYER_LOAN)
                    && repay % 100 == 0
                    && repay >= n
                    && repay - n <= MAX_INTEREST
            }
            Action::Accept | Action::Refuse | Action::Bankrupt => true,
        }
    }

    /// The action's index in `0..NUM_ACTIONS` (rules §Notation's table).
    ///
    /// # Panics
    /// If the action is not well formed ([`Action::is_well_formed`]).
    pub fn index(self) -> usize {
        assert!(self.is_well_formed(), "{self:?} is not an action of Abilene");
        match self {
            Action::First(seat) => FIRST + seat as usize,
            Action::Herd(v) => HERD + HERD_VALUES.iter().position(|&h| h == v).expect("a herd value"),
            Action::Roll { light, dark } => {
                ROLL + DARK_TRIPLES * pair_index(light[0], light[1]) + triple_index(dark)
            }
            Action::Release(k) => RELEASE + k as usize,
            Action::Place(field) => PLACE + field.index(),
            Action::Pass => PASS,
            Action::Cow { from, to, die } => {
                let g = to.field().map_or(Field::PER_RANCH, Field::in_ranch) as usize;
                COW + (COW_ENDS * from.index() + g) * LIGHT_MOVES + die as usize - 1
            }
            Action::Boy { from, to, die } => {
                BOY + (NUM_SPACES * from.index() + to.index()) * DARK_FACES + die as usize - 1
            }
            Action::Duel { attacker, defender } => {
                let (a, d) = (attacker as usize - 1, defender as usize - 1);
                DUEL + a * (DARK_FACES - 1) + d - usize::from(d > a)
            }
            Action::Sell(n) => SELL + n as usize - 1,
            Action::Corral(card) => CORRAL + card.index(),
            Action::Borrow(n) => BORROW + (n / 100) as usize - 1,
            Action::Ask { seat, amount, repay } => {
                let row = ASK_AMOUNTS * seat as usize + (amount / 100) as usize - 1;
                ASK + row * ASK_REPAYS + ((repay - amount) / 100) as usize
            }
            Action::Accept => ACCEPT,
            Action::Refuse => REFUSE,
            Action::Bankrupt => BANKRUPT,
        }
    }

    /// The action with this index, `None` from [`NUM_ACTIONS`] on.
    pub fn from_index(i: usize) -> Option<Action> {
        Some(match i {
            _ if i < HERD => Action::First((i - FIRST) as u8),
            _ if i < ROLL => Action::Herd(HERD_VALUES[i - HERD]),
            _ if i < RELEASE => {
                let k = i - ROLL;
                Action::Roll { light: PAIRS[k / DARK_TRIPLES], dark: TRIPLES[k % DARK_TRIPLES] }
            }
            _ if i < PLACE => Action::Release((i - RELEASE) as u8),
            _ if i < PASS => Action::Place(Field::from_index(i - PLACE)?),
            PASS => Action::Pass,
            _ if i < BOY => {
                let k = i - COW;
                let die = (k % LIGHT_MOVES) as u8 + 1;
                let (f, g) = (k / LIGHT_MOVES / COW_ENDS, k / LIGHT_MOVES % COW_ENDS);
                let from = Field::from_index(f)?;
                let to = match Field::PER_RANCH as usize {
                    n if g < n => Field::of_ranch(from.ranch(), g as u8).space(),
                    _ => Space::ABILENE,
                };
                Action::Cow { from, to, die }
            }
            _ if i < DUEL => {
                let k = i - BOY;
                let die = (k % DARK_FACES) as u8 + 1;
                let (f, t) = (k / DARK_FACES / NUM_SPACES, k / DARK_FACES % NUM_SPACES);
                Action::Boy { from: Space::from_index(f), to: Space::from_index(t), die }
            }
            _ if i < SELL => {
                let k = i - DUEL;
                let attacker = (k / (DARK_FACES - 1)) as u8 + 1;
                let d = (k % (DARK_FACES - 1)) as u8 + 1;
                Action::Duel { attacker, defender: if d >= attacker { d + 1 } else { d } }
            }
            _ if i < CORRAL => Action::Sell((i - SELL) as u8 + 1),
            _ if i < BORROW => Action::Corral(CorralCard::ALL[i - CORRAL]),
            _ if i < ASK => Action::Borrow(((i - BORROW) as u16 + 1) * 100),
            _ if i < ACCEPT => {
                let k = i - ASK;
                let (row, extra) = (k / ASK_REPAYS, (k % ASK_REPAYS) as u16 * 100);
                let amount = ((row % ASK_AMOUNTS) as u16 + 1) * 100;
                Action::Ask { seat: (row / ASK_AMOUNTS) as u8, amount, repay: amount + extra }
            }
            ACCEPT => Action::Accept,
            REFUSE => Action::Refuse,
            BANKRUPT => Action::Bankrupt,
            _ => return None,
        })
    }

    /// Reads an action from its text notation (rules §Notation): case-insensitive, words
    /// separated by spaces; `roll 25 113` with each group in any order, `town` for
    /// `abilene`, `corral ok`/`-`/`?`, and amounts written `$1,000` are accepted.
    ///
    /// # Errors
    /// Text that is no action of Abilene, with a sentence saying what was expected: an
    /// unknown word, a field that does not exist, a die or an amount out of range, a duel
    /// with equal dice, a repayment below the loan or more than $1,000 above it, a cow move
    /// ending in another ranch.
    ///
    /// ```
    /// use tabula_abilene::{Action, Space};
    ///
    /// let a = Action::parse("COW a21 town 1").unwrap();
    /// assert_eq!(a.to_string(), "cow a21 abilene 1");
    /// assert!(matches!(a, Action::Cow { to: Space::ABILENE, die: 1, .. }));
    /// assert_eq!(Action::from_index(a.index()), Some(a));
    /// let e = Action::parse("cow a20 f21 1").unwrap_err();
    /// assert!(e.reason.contains("a cow never leaves its ranch (rules §Cattle)"));
    /// ```
    pub fn parse(text: &str) -> Result<Action, ParseActionError> {
        let lower = text.trim().to_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        parse_words(&words).map_err(|why| ParseActionError::new(text, why))
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        Action::parse(s)
    }
}

const KINDS: &str = "`first`, `herd`, `roll`, `release`, `place`, `pass`, `cow`, `boy`, `duel`, `sell`, \
                     `corral`, `borrow`, `ask`, `accept`, `refuse` or `bankrupt`";

/// The usage line of each kind of action, for the messages.
fn usage(kind: &str) -> &'static str {
    match kind {
        "first" => "write `first S` with the seat S, 0 to 5",
        "herd" => "write `herd V` with the cow's value V: 100, 300, 500, 600 or 1000",
        "roll" => {
            "write `roll L L D D D` with two light dice 0 to 5 and three dark dice 1 to 4 (`roll 2 5 1 1 3` \
             or `roll 25 113`)"
        }
        "release" => "write `release K` with the number of cowboys K, 0 to 5",
        "place" => "write `place F` with a field F (`place a74`)",
        "cow" => {
            "write `cow FROM TO DIE`: the cow's field, its end (a field or `abilene`), a light die 1 to 5 \
                  (`cow a52 a21 3`)"
        }
        "boy" => {
            "write `boy FROM TO DIE`: two spaces (fields or `abilene`) and a dark die 1 to 4 (`boy a40 b52 4`)"
        }
        "duel" => {
            "write `duel X Y`: the attacker's die then the defender's, 1 to 4 and not equal (`duel 3 1`)"
        }
        "sell" => "write `sell 1` or `sell 2`: the cow that entered Abilene first or second",
        "corral" => "write `corral own`, `corral none` or `corral other` (`ok`, `-`, `?`)",
        "borrow" => "write `borrow N` with an amount N from 100 to 10000 in hundreds (`borrow 1000`)",
        "ask" => {
            "write `ask S N R`: a seat 0 to 5, an amount N from 100 to 2000 and a repayment R from N to \
                  N + 1000, in hundreds (`ask 2 1000 1200`)"
        }
        _ => "see docs/rules/abilene.md §Notation",
    }
}

fn parse_words(words: &[&str]) -> Result<Action, String> {
    let Some((&kind, args)) = words.split_first() else {
        return Err(format!("an empty line is not an action: expected {KINDS}"));
    };
    let wrong = || usage(kind).to_owned();
    let simple = match kind {
        "pass" => Some(Action::Pass),
        "accept" => Some(Action::Accept),
        "refuse" => Some(Action::Refuse),
        "bankrupt" => Some(Action::Bankrupt),
        _ => None,
    };
    if let Some(action) = simple {
        return if args.is_empty() { Ok(action) } else { Err(format!("`{kind}` takes nothing after it")) };
    }
    match (kind, args) {
        ("first", &[s]) => Ok(Action::First(seat(s)?)),
        ("herd", &[v]) => {
            let v = amount(v, "a cow's value")?;
            match HERD_VALUES.iter().find(|&&h| u32::from(h) == v) {
                Some(&v) => Ok(Action::Herd(v)),
                None => Err(format!(
                    "no cow is worth ${v}: the values are 100, 300, 500, 600 and 1000 (rules §Cows)"
                )),
            }
        }
        ("roll", _) => parse_roll(args).ok_or_else(wrong)?,
        ("release", &[k]) => match k.parse::<u8>() {
            Ok(k) if k <= MAX_RELEASE => Ok(Action::Release(k)),
            _ => Err(format!("`{k}` is not a number of cowboys to release: a rancher has 0 to 5 in prison")),
        },
        ("place", &[f]) => match space(f)?.field() {
            Some(field) => Ok(Action::Place(field)),
            None => Err("a piece is placed on a field, never in Abilene (rules §Prison, §Duels, §Rustling)"
                .to_owned()),
        },
        ("cow", &[f, t, d]) => {
            let Some(from) = space(f)?.field() else {
                return Err(
                    "a cow in Abilene stays there to be sold: a cow moves from a field of its ranch \
                            (rules §Cattle)"
                        .to_owned(),
                );
            };
            let to = space(t)?;
            let die = die(d, "light", 0, 5)?;
            if die == 0 {
                return Err(
                    "a light die showing 0 moves nothing: a cow moves with a die 1 to 5 (rules §Cattle)"
                        .to_owned(),
                );
            }
            if to.field().is_some_and(|t| t.ranch() != from.ranch()) {
                return Err(format!(
                    "`{to}` is not in ranch {}: a cow never leaves its ranch (rules §Cattle)",
                    from.ranch()
                ));
            }
            Ok(Action::Cow { from, to, die })
        }
        ("boy", &[f, t, d]) => Ok(Action::Boy { from: space(f)?, to: space(t)?, die: die(d, "dark", 1, 4)? }),
        ("duel", &[x, y]) => {
            let (attacker, defender) = (die(x, "dark", 1, 4)?, die(y, "dark", 1, 4)?);
            if attacker == defender {
                return Err(format!(
                    "`duel {attacker} {defender}` is a tie, and a tie is rolled again: the two dice differ \
                     (rules §Duels)"
                ));
            }
            Ok(Action::Duel { attacker, defender })
        }
        ("sell", &[n]) => match n {
            "1" => Ok(Action::Sell(1)),
            "2" => Ok(Action::Sell(2)),
            _ => Err(format!("`{n}` is not a cow to sell: {}", usage("sell"))),
        },
        ("corral", &[c]) => CorralCard::from_word(c)
            .map(Action::Corral)
            .ok_or_else(|| format!("`{c}` is not a corral card: {}", usage("corral"))),
        ("borrow", &[n]) => {
            let n = amount(n, "a loan")?;
            if (100..=u32::from(MAX_BANK_LOAN)).contains(&n) {
                Ok(Action::Borrow(n as u16))
            } else {
                Err(format!("the bank lends $100 to $10,000 a loan, not ${n} (rules §Money)"))
            }
        }
        ("ask", &[s, n, r]) => {
            let seat = seat(s)?;
            let amount_ = amount(n, "a loan")?;
            let repay = amount(r, "a repayment")?;
            if !(100..=u32::from(MAX_PLAYER_LOAN)).contains(&amount_) {
                return Err(format!(
                    "a rancher may be asked for $100 to $2,000, not ${amount_} (rules §Money)"
                ));
            }
            if repay < amount_ {
                return Err(format!(
                    "the repayment ${repay} is below the loan ${amount_}: it is at least the loan (rules §Money)"
                ));
            }
            if repay - amount_ > u32::from(MAX_INTEREST) {
                return Err(format!(
                    "the repayment ${repay} is more than $1,000 above the loan ${amount_} (rules §Money)"
                ));
            }
            Ok(Action::Ask { seat, amount: amount_ as u16, repay: repay as u16 })
        }
        (
            "first" | "herd" | "release" | "place" | "cow" | "boy" | "duel" | "sell" | "corral" | "borrow"
            | "ask",
            _,
        ) => Err(wrong()),
        _ => Err(format!("unknown word `{kind}`: an action starts with {KINDS}")),
    }
}

/// A seat, 0–5.
fn seat(text: &str) -> Result<u8, String> {
    match text.parse::<u8>() {
        Ok(s) if s < MAX_SEATS => Ok(s),
        _ => Err(format!("`{text}` is not a seat: seats are 0 to 5")),
    }
}

/// A space: a field's name, `abilene` or `town`.
fn space(text: &str) -> Result<Space, String> {
    text.parse::<Space>().map_err(|e| e.to_string())
}

/// A die of the `colour` group with faces `lo..=hi`.
fn die(text: &str, colour: &str, lo: u8, hi: u8) -> Result<u8, String> {
    match text.parse::<u8>() {
        Ok(d) if (lo..=hi).contains(&d) => Ok(d),
        _ => Err(format!("`{text}` is not a {colour} die: a {colour} die shows {lo} to {hi}")),
    }
}

/// An amount in dollars, a multiple of 100: `1000`, `$1000`, `1,000`, `$1,000`. The caller
/// checks its bounds.
fn amount(text: &str, what: &str) -> Result<u32, String> {
    let err = || {
        format!("`{text}` is not {what}: write an amount in dollars, a multiple of 100 (`1000` or `$1,000`)")
    };
    let digits = text.strip_prefix('$').unwrap_or(text);
    let mut groups = digits.split(',');
    let head = groups.next().unwrap_or_default();
    let head_max = if digits.contains(',') { 3 } else { 9 };
    let well_formed = (1..=head_max).contains(&head.len())
        && groups.all(|g| g.len() == 3)
        && digits.bytes().all(|b| b.is_ascii_digit() || b == b',');
    if !well_formed {
        return Err(err());
    }
    let value: u32 = digits.replace(',', "").parse().map_err(|_| err())?;
    if value % 100 != 0 {
        return Err(format!(
            "${value} is not a multiple of $100: every amount in the game is (rules §Money)"
        ));
    }
    Ok(value)
}

/// `roll L L D D D` or `roll LL DDD`, each group in any order.
fn parse_roll(args: &[&str]) -> Option<Result<Action, String>> {
    let digits: Vec<u8> = match args {
        [l, d] if l.len() == 2 && d.len() == 3 => l.bytes().chain(d.bytes()).collect(),
        [_, _, _, _, _] if args.iter().all(|a| a.len() == 1) => {
            args.iter().map(|a| a.as_bytes()[0]).collect()
        }
        _ => return None,
    };
    if !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let v: Vec<u8> = digits.iter().map(|b| b - b'0').collect();
    if let Some(&bad) = v[..2].iter().find(|&&d| d > 5) {
        return Some(Err(format!("{bad} is not a light die: a light die shows 0 to 5")));
    }
    if let Some(&bad) = v[2..].iter().find(|&&d| !(1..=4).contains(&d)) {
        return Some(Err(format!("{bad} is not a dark die: a dark die shows 1 to 4")));
    }
    Some(Ok(Action::roll([v[0], v[1]], [v[2], v[3], v[4]])))
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::First(seat) => write!(f, "first {seat}"),
            Action::Herd(v) => write!(f, "herd {v}"),
            Action::Roll { light: [a, b], dark: [c, d, e] } => write!(f, "roll {a} {b} {c} {d} {e}"),
            Action::Release(k) => write!(f, "release {k}"),
            Action::Place(field) => write!(f, "place {field}"),
            Action::Pass => f.write_str("pass"),
            Action::Cow { from, to, die } => write!(f, "cow {from} {to} {die}"),
            Action::Boy { from, to, die } => write!(f, "boy {from} {to} {die}"),
            Action::Duel { attacker, defender } => write!(f, "duel {attacker} {defender}"),
            Action::Sell(n) => write!(f, "sell {n}"),
            Action::Corral(card) => write!(f, "corral {card}"),
            Action::Borrow(n) => write!(f, "borrow {n}"),
            Action::Ask { seat, amount, repay } => write!(f, "ask {seat} {amount} {repay}"),
            Action::Accept => f.write_str("accept"),
            Action::Refuse => f.write_str("refuse"),
            Action::Bankrupt => f.write_str("bankrupt"),
        }
    }
}
