//! Actions, their text notation and their dense index.
//!
//! | text | action |
//! |---|---|
//! | `21/17` | leap the top frog on 21 four squares, to 17 (uses a 4) |
//! | `root/22` | leap a frog from the root to 22 (uses a 4) |
//! | `9/5` | from 9 over Eight into your own safe sector, square 5 |
//! | `3/pond` | final leap from 3 into the pond with an exact 3 |
//! | `3/pond(5)` | final leap from 3 with a larger number, 5 (farthest frog only) |
//! | `top 14` | place the Top Frog on 14 |
//! | `pass` | set the Top Frog aside |
//! | `roll 6-4` | chance: the two dice show 6 and 4 |
//! | `open r5 p3` | chance: the opening roll, red 5 and purple 3 |
//!
//! Squares are numbered by their distance to the pond (the root is 26, the pond 0), and
//! sector squares 7 to 2 are always the acting player's own, so an action's text and index
//! mean the same whoever plays it.

use std::fmt;

use tabula_core::ParseActionError;

use crate::board::{OUTER_FIRST, OUTER_LAST, OUTER_SQUARES, ROOT};

/// An action of Abagio: a player's decision or a chance outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Leap the top frog on square `from` (`ROOT` = 26: a frog at the root) by `die`
    /// squares; a leap reaching 0 or beyond ends in the pond (a final leap).
    Leap {
        /// The square left, as its distance to the pond (26 for the root).
        from: u8,
        /// The die used, 1 to 6.
        die: u8,
    },
    /// Place the Top Frog on this outer square (as its distance to the pond).
    TopFrog(u8),
    /// Do not play the Top Frog: it is set aside.
    Pass,
    /// Chance: the two dice of a turn, larger first.
    Roll(u8, u8),
    /// Chance: the opening roll, one die each; never a tie (a tie is rolled again).
    Opening {
        /// Red's die.
        red: u8,
        /// Purple's die.
        purple: u8,
    },
}

const LEAP: usize = 0;
const TOP: usize = LEAP + ROOT as usize * 6; // 156: 26 squares × 6 dice
const PASS: usize = TOP + OUTER_SQUARES as usize; // 173: 17 outer squares
const ROLL: usize = PASS + 1; // 174
const OPEN: usize = ROLL + 21; // 195: 21 unordered rolls
/// The size of the action index space.
pub const NUM_ACTIONS: usize = OPEN + 30; // 225: 30 unequal opening rolls

impl Action {
    /// Whether the action's numbers are in range (every action made by [`Action::parse`]
    /// or [`Action::from_index`] is).
    pub fn is_well_formed(self) -> bool {
        match self {
            Action::Leap { from, die } => (1..=ROOT).contains(&from) && (1..=6).contains(&die),
            Action::TopFrog(pip) => (OUTER_LAST..=OUTER_FIRST).contains(&pip),
            Action::Pass => true,
            Action::Roll(hi, lo) => (1..=6).contains(&lo) && (lo..=6).contains(&hi),
            Action::Opening { red, purple } => {
                (1..=6).contains(&red) && (1..=6).contains(&purple) && red != purple
            }
        }
    }

    /// The action's index in `0..NUM_ACTIONS`.
    ///
    /// # Panics
    /// If the action is not well formed.
    pub fn index(self) -> usize {
        assert!(self.is_well_formed(), "{self:?} is not an action of Abagio");
        match self {
            Action::Leap { from, die } => LEAP + (ROOT - from) as usize * 6 + (die - 1) as usize,
            Action::TopFrog(pip) => TOP + (OUTER_FIRST - pip) as usize,
            Action::Pass => PASS,
            Action::Roll(hi, lo) => ROLL + (hi as usize * (hi as usize - 1)) / 2 + (lo - 1) as usize,
            Action::Opening { red, purple } => {
                OPEN + (red - 1) as usize * 5 + (purple - 1) as usize - usize::from(purple > red)
            }
        }
    }

    /// The action with this index.
    pub fn from_index(i: usize) -> Option<Action> {
        Some(match i {
            _ if i < TOP => Action::Leap { from: ROOT - (i / 6) as u8, die: (i % 6) as u8 + 1 },
            _ if i < PASS => Action::TopFrog(OUTER_FIRST - (i - TOP) as u8),
            PASS => Action::Pass,
            _ if i < OPEN => {
                let k = i - ROLL;
                let hi = (1..=6).find(|&h| k < h * (h + 1) / 2).expect("21 rolls");
                Action::Roll(hi as u8, (k - hi * (hi - 1) / 2) as u8 + 1)
            }
            _ if i < NUM_ACTIONS => {
                let k = i - OPEN;
                let red = (k / 5) as u8 + 1;
                let p = (k % 5) as u8 + 1;
                Action::Opening { red, purple: if p >= red { p + 1 } else { p } }
            }
            _ => return None,
        })
    }

    /// Reads an action from its text notation (case-insensitive, spaces allowed around the
    /// parts; `start` for `root`, `off` for `pond`, `roll 4-6` and `roll 46` are accepted).
    ///
    /// # Errors
    /// Text that is no action, saying what was expected.
    pub fn parse(text: &str) -> Result<Action, ParseActionError> {
        let lower = text.trim().to_ascii_lowercase();
        let err = |why: String| ParseActionError::new(text, why);
        let words: Vec<&str> = lower.split_whitespace().collect();
        match words.as_slice() {
            [] => Err(err("an empty line is not an action".to_owned())),
            ["pass"] => Ok(Action::Pass),
            ["top", square] | ["topfrog", square] => {
                let pip: u8 = square.parse().map_err(|_| {
                    err(format!(
                        "`{square}` is not a square: write `top N` with N from {OUTER_LAST} to {OUTER_FIRST}"
                    ))
                })?;
                if (OUTER_LAST..=OUTER_FIRST).contains(&pip) {
                    Ok(Action::TopFrog(pip))
                } else {
                    Err(err(format!(
                        "the Top Frog goes only on the outer path, squares {OUTER_LAST} to {OUTER_FIRST} \
                         (rules §The Top Frog)"
                    )))
                }
            }
            ["top"] | ["topfrog"] => Err(err("write `top N` with the square N for the Top Frog".to_owned())),
            ["roll", rest @ ..] => {
                let digits: Vec<u8> = rest.concat().split('-').flat_map(|part| part.bytes()).collect();
                match digits.as_slice() {
                    [a @ b'1'..=b'6', b @ b'1'..=b'6'] => {
                        let (a, b) = (a - b'0', b - b'0');
                        Ok(Action::Roll(a.max(b), a.min(b)))
                    }
                    _ => Err(err("write the two dice as `roll 6-4`".to_owned())),
                }
            }
            ["open", rest @ ..] => parse_opening(&rest.concat()).ok_or_else(|| {
                err("write the opening roll as `open r5 p3` (red's die, purple's die, not equal: a tie is \
                     rolled again)"
                    .to_owned())
            }),
            _ => parse_leap(&words.concat()).map_err(err),
        }
    }
}

/// `r5p3` or `5-3` (red first), the two dice different.
fn parse_opening(text: &str) -> Option<Action> {
    let digits: Vec<u8> = match text.split_once('p') {
        Some((r, p)) => [r.strip_prefix('r')?, p].iter().map(|s| s.parse().ok()).collect::<Option<_>>()?,
        None => text.split('-').map(|s| s.parse().ok()).collect::<Option<_>>()?,
    };
    let [red, purple] = digits[..] else { return None };
    let action = Action::Opening { red, purple };
    action.is_well_formed().then_some(action)
}

/// `FROM/TO`, `FROM/pond`, `FROM/pond(D)`; FROM is a number or `root`.
fn parse_leap(text: &str) -> Result<Action, String> {
    let Some((from_text, to_text)) = text.split_once('/') else {
        return Err(
            "write a leap as `21/17` (from/to), `root/22`, `3/pond`, or `3/pond(5)` to use a larger \
                    number for a final leap; or `top N`, `pass`"
                .to_owned(),
        );
    };
    let from = match from_text {
        "root" | "start" => ROOT,
        n => match n.parse::<u8>() {
            Ok(n) if (1..=ROOT).contains(&n) => n,
            _ => {
                return Err(format!(
                    "`{from_text}` is not a square to leap from: squares are 1 to {OUTER_FIRST}, and `root`"
                ));
            }
        },
    };
    let pond = |rest: &str| -> Result<u8, String> {
        match rest {
            "" => Ok(from),
            _ => {
                let die = rest
                    .strip_prefix('(')
                    .and_then(|r| r.strip_suffix(')'))
                    .and_then(|d| d.parse::<u8>().ok())
                    .filter(|d| (1..=6).contains(d))
                    .ok_or_else(|| format!("write the number used as `{from}/pond(5)`"))?;
                if die < from {
                    return Err(format!(
                        "a {die} takes the frog on {from} only to {}, not into the pond",
                        from - die
                    ));
                }
                Ok(die)
            }
        }
    };
    let die = if let Some(rest) = to_text.strip_prefix("pond").or_else(|| to_text.strip_prefix("off")) {
        pond(rest)?
    } else {
        let to: u8 = to_text.parse().map_err(|_| {
            format!("`{to_text}` is not a square to land on: write a number, or `pond` for a final leap")
        })?;
        if to >= from {
            return Err(format!(
                "frogs leap forward, toward the pond: from {from} to a lower number, not {to}"
            ));
        }
        if to == 0 {
            return pond("").map(|die| Action::Leap { from, die }).and_then(check_die);
        }
        from - to
    };
    check_die(Action::Leap { from, die })
}

fn check_die(action: Action) -> Result<Action, String> {
    match action {
        Action::Leap { from, die } if die > 6 => {
            Err(format!("one leap uses one die: from {from} it reaches at most {}", from.saturating_sub(6)))
        }
        _ => Ok(action),
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Leap { from, die } => {
                if from == ROOT {
                    f.write_str("root")?;
                } else {
                    write!(f, "{from}")?;
                }
                match from.cmp(&die) {
                    std::cmp::Ordering::Greater => write!(f, "/{}", from - die),
                    std::cmp::Ordering::Equal => f.write_str("/pond"),
                    std::cmp::Ordering::Less => write!(f, "/pond({die})"),
                }
            }
            Action::TopFrog(pip) => write!(f, "top {pip}"),
            Action::Pass => f.write_str("pass"),
            Action::Roll(hi, lo) => write!(f, "roll {hi}-{lo}"),
            Action::Opening { red, purple } => write!(f, "open r{red} p{purple}"),
        }
    }
}
