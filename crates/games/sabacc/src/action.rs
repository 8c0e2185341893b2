//! Actions, their text notation and their dense index (rules §Notation).
//!
//! | text | action |
//! |---|---|
//! | `call` / `fold` | betting: match the bet / give up the hand (pays the mouche) |
//! | `raise 4` | betting: raise by 4 (a multiple of the minimum bet, 1 to `max_raise` of them; no-limit: 1 to 20) |
//! | `raise max` | no-limit: raise by as much as the poorest player in the hand can still call |
//! | `block 2` / `unblock 2` / `ready` | before a roll: block or unblock your 2nd card; done |
//! | `announce continue` / `see` / `fold` / `sabacc` | the announce |
//! | `take` / `decline` | the redeal: take the offered card or not |
//! | `discard 4` | the redeal: discard your 4th card (under the deck) |
//! | `show 1` | the redeal: turn your 1st card face up in place of the face-up card discarded |
//! | `field 2` | canonical: put your 2nd card in the interference field |
//! | `draw` / `trade 2` / `stand` / `call hand` | canonical draw phase |
//! | `exchange 1 3` / `keep` | points game: exchange cards 1 and 3 / none |
//! | `bet 6` / `hit` / `stand` | Black Knight |
//! | `card T21` | chance: the next card dealt is trump 21 |
//! | `roll 12` | chance: the tarot change dice total 12 |
//! | `roll 3-3` | chance: the canonical shift dice show 3 and 3 |
//!
//! Card positions are 1-based in text and 0-based in values. Money amounts in text are in
//! money (`raise 4` with a minimum bet of 2 is two steps), so parsing and printing need the
//! game's minimum bet.

use tabula_core::ParseActionError;

use crate::config::MAX_STEPS;
use crate::deck::Card;
use crate::state::{Announce, MAX_HAND};

/// An action of Sabacc: a player's decision or a chance outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Betting: match the highest bet.
    Call,
    /// Betting: give up the hand (paying the mouche).
    Fold,
    /// No-limit betting: raise by the most the poorest player in the hand can call.
    RaiseMax,
    /// Betting: raise by this many minimum bets (1–20).
    Raise(u8),
    /// Before a roll: block the card at this position (0-based; tarot hands hold 3 at most).
    Block(u8),
    /// Before a roll: unblock the card at this position.
    Unblock(u8),
    /// Before a roll: done blocking.
    Ready,
    /// The tarot announce.
    Announce(Announce),
    /// Redeal: take the offered card.
    Take,
    /// Redeal: decline the offered card.
    Decline,
    /// Redeal: discard the card at this position (0–3).
    Discard(u8),
    /// Redeal: turn the card at this position (0–2) face up.
    Show(u8),
    /// Canonical: put the card at this position in the interference field.
    Field(u8),
    /// Canonical: draw a card.
    Draw,
    /// Canonical: discard the card at this position and draw one.
    Trade(u8),
    /// Canonical draw phase, or Black Knight: take no card.
    Stand,
    /// Canonical: call the hand.
    CallHand,
    /// Points game: exchange the cards whose positions are the set bits (0 = keep all).
    Exchange(u8),
    /// Black Knight: bet this many minimum bets (1–20).
    Bet(u8),
    /// Black Knight: take a card.
    Hit,
    /// Chance: the next card dealt or drawn.
    Card(Card),
    /// Chance: the tarot change dice total (1–20).
    Roll(u8),
    /// Chance: the canonical shift dice, the smaller first (1–6 each).
    Dice(u8, u8),
}

const CALL: usize = 0;
const FOLD: usize = 1;
const RAISE_MAX: usize = 2;
const RAISE: usize = 3;
const BLOCK: usize = RAISE + MAX_STEPS as usize; // 23
const UNBLOCK: usize = BLOCK + 3;
const READY: usize = UNBLOCK + 3;
const ANNOUNCE: usize = READY + 1;
const TAKE: usize = ANNOUNCE + 4;
const DECLINE: usize = TAKE + 1;
const DISCARD: usize = DECLINE + 1;
const SHOW: usize = DISCARD + 4;
const FIELD: usize = SHOW + 3;
const DRAW: usize = FIELD + MAX_HAND;
const TRADE: usize = DRAW + 1;
const STAND: usize = TRADE + MAX_HAND;
const CALL_HAND: usize = STAND + 1;
const EXCHANGE: usize = CALL_HAND + 1;
const BET: usize = EXCHANGE + 16;
const HIT: usize = BET + MAX_STEPS as usize;
const CARD: usize = HIT + 1;
const ROLL: usize = CARD + Card::NUM;
const DICE: usize = ROLL + 20;
/// The size of the action index space.
pub const NUM_ACTIONS: usize = DICE + 21;

/// The index of the unordered pair `a <= b` of dice faces among the 21 pairs.
fn pair_index(a: u8, b: u8) -> usize {
    let (a, b) = (a as usize - 1, b as usize - 1);
    // Pairs with first face below `a` come first: 6 + 5 + … for each.
    (0..a).map(|k| 6 - k).sum::<usize>() + (b - a)
}

fn pair_from_index(i: usize) -> (u8, u8) {
    let mut i = i;
    for a in 0..6 {
        let row = 6 - a;
        if i < row {
            return (a as u8 + 1, (a + i) as u8 + 1);
        }
        i -= row;
    }
    unreachable!("pair index below 21")
}

impl Action {
    /// The action's index in `0..NUM_ACTIONS`.
    pub fn index(self) -> usize {
        match self {
            Action::Call => CALL,
            Action::Fold => FOLD,
            Action::RaiseMax => RAISE_MAX,
            Action::Raise(k) => RAISE + k as usize - 1,
            Action::Block(i) => BLOCK + i as usize,
            Action::Unblock(i) => UNBLOCK + i as usize,
            Action::Ready => READY,
            Action::Announce(a) => ANNOUNCE + a as usize,
            Action::Take => TAKE,
            Action::Decline => DECLINE,
            Action::Discard(i) => DISCARD + i as usize,
            Action::Show(i) => SHOW + i as usize,
            Action::Field(i) => FIELD + i as usize,
            Action::Draw => DRAW,
            Action::Trade(i) => TRADE + i as usize,
            Action::Stand => STAND,
            Action::CallHand => CALL_HAND,
            Action::Exchange(m) => EXCHANGE + m as usize,
            Action::Bet(k) => BET + k as usize - 1,
            Action::Hit => HIT,
            Action::Card(c) => CARD + c.index(),
            Action::Roll(n) => ROLL + n as usize - 1,
            Action::Dice(a, b) => DICE + pair_index(a, b),
        }
    }

    /// The action with this index.
    pub fn from_index(i: usize) -> Option<Action> {
        Some(match i {
            CALL => Action::Call,
            FOLD => Action::Fold,
            RAISE_MAX => Action::RaiseMax,
            _ if i < BLOCK => Action::Raise((i - RAISE + 1) as u8),
            _ if i < UNBLOCK => Action::Block((i - BLOCK) as u8),
            _ if i < READY => Action::Unblock((i - UNBLOCK) as u8),
            READY => Action::Ready,
            _ if i < TAKE => Action::Announce(Announce::ALL[i - ANNOUNCE]),
            TAKE => Action::Take,
            DECLINE => Action::Decline,
            _ if i < SHOW => Action::Discard((i - DISCARD) as u8),
            _ if i < FIELD => Action::Show((i - SHOW) as u8),
            _ if i < DRAW => Action::Field((i - FIELD) as u8),
            DRAW => Action::Draw,
            _ if i < STAND => Action::Trade((i - TRADE) as u8),
            STAND => Action::Stand,
            CALL_HAND => Action::CallHand,
            _ if i < BET => Action::Exchange((i - EXCHANGE) as u8),
            _ if i < HIT => Action::Bet((i - BET + 1) as u8),
            HIT => Action::Hit,
            _ if i < ROLL => Action::Card(Card::from_index(i - CARD)?),
            _ if i < DICE => Action::Roll((i - ROLL + 1) as u8),
            _ if i < NUM_ACTIONS => {
                let (a, b) = pair_from_index(i - DICE);
                Action::Dice(a, b)
            }
            _ => return None,
        })
    }

    /// The action's text; amounts are written in money, `min_bet` per step.
    pub fn text(self, min_bet: i32) -> String {
        let money = |k: u8| i32::from(k) * min_bet;
        match self {
            Action::Call => "call".to_owned(),
            Action::Fold => "fold".to_owned(),
            Action::RaiseMax => "raise max".to_owned(),
            Action::Raise(k) => format!("raise {}", money(k)),
            Action::Block(i) => format!("block {}", i + 1),
            Action::Unblock(i) => format!("unblock {}", i + 1),
            Action::Ready => "ready".to_owned(),
            Action::Announce(a) => format!("announce {}", a.word()),
            Action::Take => "take".to_owned(),
            Action::Decline => "decline".to_owned(),
            Action::Discard(i) => format!("discard {}", i + 1),
            Action::Show(i) => format!("show {}", i + 1),
            Action::Field(i) => format!("field {}", i + 1),
            Action::Draw => "draw".to_owned(),
            Action::Trade(i) => format!("trade {}", i + 1),
            Action::Stand => "stand".to_owned(),
            Action::CallHand => "call hand".to_owned(),
            Action::Exchange(0) => "keep".to_owned(),
            Action::Exchange(m) => {
                let list: Vec<String> =
                    (0..4).filter(|b| m >> b & 1 == 1).map(|b| (b + 1).to_string()).collect();
                format!("exchange {}", list.join(" "))
            }
            Action::Bet(k) => format!("bet {}", money(k)),
            Action::Hit => "hit".to_owned(),
            Action::Card(c) => format!("card {c}"),
            Action::Roll(n) => format!("roll {n}"),
            Action::Dice(a, b) => format!("roll {a}-{b}"),
        }
    }

    /// Reads an action (case-insensitive, extra spaces allowed); amounts are in money,
    /// multiples of `min_bet`.
    ///
    /// # Errors
    /// Text that is no action, saying what was expected.
    pub fn parse(text: &str, min_bet: i32) -> Result<Action, ParseActionError> {
        let err = |why: String| ParseActionError::new(text, why);
        let lower = text.to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let position = |w: &str, max: usize| -> Result<u8, ParseActionError> {
            match w.parse::<usize>() {
                Ok(n) if (1..=max).contains(&n) => Ok((n - 1) as u8),
                _ => Err(err(format!("`{w}` is not a card position: write 1 to {max}"))),
            }
        };
        let steps = |w: &str, what: &str| -> Result<u8, ParseActionError> {
            let amount: i64 =
                w.parse().map_err(|_| err(format!("`{w}` is not an amount: write `{what} {min_bet}`")))?;
            let max = i64::from(MAX_STEPS) * i64::from(min_bet);
            if amount <= 0 || amount % i64::from(min_bet) != 0 || amount > max {
                return Err(err(format!(
                    "{what} amounts are multiples of the minimum bet {min_bet}, from {min_bet} to {max}"
                )));
            }
            Ok((amount / i64::from(min_bet)) as u8)
        };
        match words.as_slice() {
            ["call"] => Ok(Action::Call),
            ["fold"] => Ok(Action::Fold),
            ["raise", "max"] => Ok(Action::RaiseMax),
            ["raise", n] => Ok(Action::Raise(steps(n, "raise")?)),
            ["block", i] => Ok(Action::Block(position(i, 3)?)),
            ["unblock", i] => Ok(Action::Unblock(position(i, 3)?)),
            ["ready"] => Ok(Action::Ready),
            ["announce", a] => Announce::ALL
                .into_iter()
                .find(|x| x.word() == *a)
                .map(Action::Announce)
                .ok_or_else(|| err(format!("`{a}` is no announcement: continue, see, fold or sabacc"))),
            ["take"] => Ok(Action::Take),
            ["decline"] => Ok(Action::Decline),
            ["discard", i] => Ok(Action::Discard(position(i, 4)?)),
            ["show", i] => Ok(Action::Show(position(i, 3)?)),
            ["field", i] => Ok(Action::Field(position(i, MAX_HAND)?)),
            ["draw"] => Ok(Action::Draw),
            ["trade", i] => Ok(Action::Trade(position(i, MAX_HAND)?)),
            ["stand"] => Ok(Action::Stand),
            ["call", "hand"] => Ok(Action::CallHand),
            ["keep"] => Ok(Action::Exchange(0)),
            ["exchange", rest @ ..] if !rest.is_empty() => {
                let mut mask = 0u8;
                for w in rest {
                    let i = position(w, 4)?;
                    if mask >> i & 1 == 1 {
                        return Err(err(format!("position {} is named twice", i + 1)));
                    }
                    mask |= 1 << i;
                }
                Ok(Action::Exchange(mask))
            }
            ["bet", n] => Ok(Action::Bet(steps(n, "bet")?)),
            ["hit"] => Ok(Action::Hit),
            ["card", "?"] => Err(err("`?` stands for a card you cannot see; name the card dealt".to_owned())),
            ["card", c] => c.parse().map(Action::Card).map_err(|e: crate::deck::ParseCardError| err(e.to_string())),
            ["roll", r] => {
                if let Some((a, b)) = r.split_once('-') {
                    match (a.parse::<u8>(), b.parse::<u8>()) {
                        (Ok(a), Ok(b)) if (1..=6).contains(&a) && (1..=6).contains(&b) => {
                            Ok(Action::Dice(a.min(b), a.max(b)))
                        }
                        _ => Err(err("a shift roll is two dice faces, e.g. `roll 3-5`".to_owned())),
                    }
                } else {
                    match r.parse::<u8>() {
                        Ok(n) if (1..=20).contains(&n) => Ok(Action::Roll(n)),
                        _ => Err(err("a change roll is a total from 1 to 20, e.g. `roll 12`".to_owned())),
                    }
                }
            }
            [] => Err(err("an empty line is not an action".to_owned())),
            _ => Err(err(
                "expected call, fold, raise N, block N, unblock N, ready, announce …, take, decline, discard N, \
                 show N, field N, draw, trade N, stand, call hand, exchange …, keep, bet N, hit, card X or roll N"
                    .to_owned(),
            )),
        }
    }
}
