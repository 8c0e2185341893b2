//! Actions, their text notation and their dense index.
//!
//! | text | action |
//! |---|---|
//! | `end` | end the round at the start of your turn (your roof is worth 5 or more) |
//! | `draw` | go on: draw a card (offered only when `end` is) |
//! | `agree` / `refuse` | four players: the partner's answer to `end` |
//! | `discard Ao` | discard a card face up |
//! | `Ao own` / `Ao opp` | a letter card on its square of your roof / your opponents' roof |
//! | `Xr E` | an X card on empty square E of your roof |
//! | `Wb E` | a wrench on square E of your roof, replacing what is there |
//! | `sab own E` / `sab opp E` | Sabotage: remove the card on square E of a roof |
//! | `dem E` | Démontage: remove the card on square E of your roof |
//! | `card Ao` | chance: the next card dealt or drawn is Ao |
//!
//! Roofs are named relative to the player acting (`own`, `opp`), so the same action means
//! the same thing whoever plays it, and its index is fixed.

use std::fmt;

use tabula_core::ParseActionError;

use crate::card::{Card, Colour, PipeKind, Square};

/// Which roof, relative to the player acting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The acting player's (team's) roof.
    Own,
    /// The opponents' roof.
    Opp,
}

impl Side {
    fn index(self) -> usize {
        self as usize
    }
    fn word(self) -> &'static str {
        match self {
            Side::Own => "own",
            Side::Opp => "opp",
        }
    }
    fn from_word(w: &str) -> Option<Side> {
        match w.to_ascii_lowercase().as_str() {
            "own" | "mine" | "me" => Some(Side::Own),
            "opp" | "theirs" | "them" => Some(Side::Opp),
            _ => None,
        }
    }
}

/// An action of Sabotage: a player's decision or a chance outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// End the round before drawing (rules §Ending).
    End,
    /// Go on with the turn: draw a card. Offered only when `End` is.
    Draw,
    /// Four players: the partner agrees to end the round.
    Agree,
    /// Four players: the partner refuses; the turn goes on.
    Refuse,
    /// Discard a card from the hand, face up.
    Discard(Card),
    /// A letter card (A–I) on its own square of a roof.
    Letter {
        /// The card; always a letter card.
        card: Card,
        /// Which roof.
        side: Side,
    },
    /// An X card on an empty square of your own roof.
    X {
        /// The card's colour.
        colour: Colour,
        /// The square.
        square: Square,
    },
    /// A wrench on a square of your own roof, replacing any card there.
    Wrench {
        /// The card's colour.
        colour: Colour,
        /// The square.
        square: Square,
    },
    /// Sabotage: removes the card on a square of either roof.
    Sabotage {
        /// Which roof.
        side: Side,
        /// The square.
        square: Square,
    },
    /// Démontage: removes the card on a square of your own roof.
    Demontage {
        /// The square.
        square: Square,
    },
    /// Chance: the next card dealt or drawn.
    Deal(Card),
}

const END: usize = 0;
const DRAW: usize = 1;
const AGREE: usize = 2;
const REFUSE: usize = 3;
const DISCARD: usize = 4;
const LETTER: usize = DISCARD + Card::NUM; // 50: 36 letter cards × 2 sides
const X: usize = LETTER + 72; // 122: 4 colours × 9 squares
const WRENCH: usize = X + 36; // 158
const SABOTAGE: usize = WRENCH + 36; // 194: 2 sides × 9 squares
const DEMONTAGE: usize = SABOTAGE + 18; // 212
const DEAL: usize = DEMONTAGE + 9; // 221
/// The size of the action index space.
pub const NUM_ACTIONS: usize = DEAL + Card::NUM; // 267

impl Action {
    /// The action's index in `0..NUM_ACTIONS`.
    pub fn index(self) -> usize {
        match self {
            Action::End => END,
            Action::Draw => DRAW,
            Action::Agree => AGREE,
            Action::Refuse => REFUSE,
            Action::Discard(card) => DISCARD + card.index(),
            Action::Letter { card, side } => LETTER + card.index() * 2 + side.index(),
            Action::X { colour, square } => X + colour.index() * 9 + square.index(),
            Action::Wrench { colour, square } => WRENCH + colour.index() * 9 + square.index(),
            Action::Sabotage { side, square } => SABOTAGE + side.index() * 9 + square.index(),
            Action::Demontage { square } => DEMONTAGE + square.index(),
            Action::Deal(card) => DEAL + card.index(),
        }
    }

    /// The action with this index.
    pub fn from_index(i: usize) -> Option<Action> {
        let side = |k: usize| if k == 0 { Side::Own } else { Side::Opp };
        let colour_square = |k: usize| (Colour::ALL[k / 9], Square::ALL[k % 9]);
        Some(match i {
            END => Action::End,
            DRAW => Action::Draw,
            AGREE => Action::Agree,
            REFUSE => Action::Refuse,
            _ if i < LETTER => Action::Discard(Card::from_index(i - DISCARD)?),
            _ if i < X => {
                let k = i - LETTER;
                Action::Letter { card: Card::from_index(k / 2)?, side: side(k % 2) }
            }
            _ if i < WRENCH => {
                let (colour, square) = colour_square(i - X);
                Action::X { colour, square }
            }
            _ if i < SABOTAGE => {
                let (colour, square) = colour_square(i - WRENCH);
                Action::Wrench { colour, square }
            }
            _ if i < DEMONTAGE => {
                let k = i - SABOTAGE;
                Action::Sabotage { side: side(k / 9), square: Square::ALL[k % 9] }
            }
            _ if i < DEAL => Action::Demontage { square: Square::ALL[i - DEMONTAGE] },
            _ => Action::Deal(Card::from_index(i - DEAL)?),
        })
    }

    /// The card that leaves the player's hand, for a card play.
    pub fn card_played(self) -> Option<Card> {
        match self {
            Action::Discard(card) | Action::Letter { card, .. } => Some(card),
            Action::X { colour, .. } => Some(Card::pipe(PipeKind::X, colour)),
            Action::Wrench { colour, .. } => Some(Card::pipe(PipeKind::Wrench, colour)),
            Action::Sabotage { .. } => Some(Card::SABOTAGE),
            Action::Demontage { .. } => Some(Card::DEMONTAGE),
            Action::End | Action::Draw | Action::Agree | Action::Refuse | Action::Deal(_) => None,
        }
    }

    /// Reads an action from its text notation (case-insensitive, extra spaces allowed).
    ///
    /// # Errors
    /// Text that is no action, saying what was expected.
    pub fn parse(text: &str) -> Result<Action, ParseActionError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let err = |why: String| ParseActionError::new(text, why);
        let card = |w: &str| w.parse::<Card>().map_err(|e| err(e.to_string()));
        let square = |w: &str| {
            let mut cs = w.chars();
            match (cs.next().and_then(Square::from_letter), cs.next()) {
                (Some(sq), None) => Ok(sq),
                _ => Err(err(format!("`{w}` is not a square: squares are A to I"))),
            }
        };
        let side = |w: &str| {
            Side::from_word(w).ok_or_else(|| err(format!("`{w}` is not a roof: write `own` or `opp`")))
        };
        let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
        let lower: Vec<&str> = lower.iter().map(String::as_str).collect();
        match lower.as_slice() {
            ["end"] => Ok(Action::End),
            ["draw"] => Ok(Action::Draw),
            ["agree"] | ["yes"] => Ok(Action::Agree),
            ["refuse"] | ["no"] => Ok(Action::Refuse),
            ["discard", c] => Ok(Action::Discard(card(c)?)),
            ["card", c] => Ok(Action::Deal(card(c)?)),
            [c, rest @ ..] => {
                let played = card(c)?;
                let args: Vec<&str> = rest.to_vec();
                match (played.as_pipe(), args.as_slice()) {
                    (Some((PipeKind::Letter(_), _)), [s]) => {
                        Ok(Action::Letter { card: played, side: side(s)? })
                    }
                    (Some((PipeKind::Letter(l), _)), [s, sq]) => {
                        let sq = square(sq)?;
                        if sq.index() != l as usize {
                            return Err(err(format!(
                                "a letter card goes only on its own square ({})",
                                played
                            )));
                        }
                        Ok(Action::Letter { card: played, side: side(s)? })
                    }
                    (Some((PipeKind::Letter(_), _)), _) => {
                        Err(err(format!("write `{played} own` or `{played} opp`")))
                    }
                    (Some((PipeKind::X, colour)), [sq] | ["own", sq]) => {
                        Ok(Action::X { colour, square: square(sq)? })
                    }
                    (Some((PipeKind::Wrench, colour)), [sq] | ["own", sq]) => {
                        Ok(Action::Wrench { colour, square: square(sq)? })
                    }
                    (Some((kind @ (PipeKind::X | PipeKind::Wrench), _)), _) => {
                        let what = if kind == PipeKind::X { "an X" } else { "a wrench" };
                        Err(err(format!("{what} goes on a square of your own roof: write `{played} E`")))
                    }
                    (None, [s, sq]) if played == Card::SABOTAGE => {
                        Ok(Action::Sabotage { side: side(s)?, square: square(sq)? })
                    }
                    (None, _) if played == Card::SABOTAGE => {
                        Err(err("write `sab own E` or `sab opp E` (or `discard sab`)".to_owned()))
                    }
                    (None, [sq] | ["own", sq]) => Ok(Action::Demontage { square: square(sq)? }),
                    (None, _) => Err(err("write `dem E` (or `discard dem`)".to_owned())),
                }
            }
            [] => Err(err("an empty line is not an action".to_owned())),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::End => f.write_str("end"),
            Action::Draw => f.write_str("draw"),
            Action::Agree => f.write_str("agree"),
            Action::Refuse => f.write_str("refuse"),
            Action::Discard(card) => write!(f, "discard {card}"),
            Action::Letter { card, side } => write!(f, "{card} {}", side.word()),
            Action::X { colour, square } => write!(f, "{} {square}", Card::pipe(PipeKind::X, *colour)),
            Action::Wrench { colour, square } => {
                write!(f, "{} {square}", Card::pipe(PipeKind::Wrench, *colour))
            }
            Action::Sabotage { side, square } => write!(f, "sab {} {square}", side.word()),
            Action::Demontage { square } => write!(f, "dem {square}"),
            Action::Deal(card) => write!(f, "card {card}"),
        }
    }
}
