//! Errors are values with a stable code and a sentence for people. Parse errors (the text
//! could not be read) are kept apart from legality errors (the rules forbid it).

use std::fmt;

use crate::ErrorCode;
use thiserror::Error;

/// The most characters of a client's text that a message quotes.
pub const QUOTE_LIMIT: usize = 100;

/// Text a client sent, cut to [`QUOTE_LIMIT`] characters (with `…`) for a message, so
/// that a huge or hostile input never comes back whole in an error.
pub fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        None => text.to_owned(),
        Some((cut, _)) => format!("{}…", &text[..cut]),
    }
}

/// Text that could not be read as an action of the game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("could not read `{text}` as an action: {reason}")]
pub struct ParseActionError {
    /// The text as given, cut to [`QUOTE_LIMIT`] characters.
    pub text: String,
    /// Why it could not be read, and what was expected.
    pub reason: String,
}

/// The most characters an action's text may have: the longest action of every game is far
/// shorter, and longer text is refused before any game reads it.
pub const ACTION_TEXT_LIMIT: usize = 200;

impl ParseActionError {
    /// A parse error for `text` (kept to [`QUOTE_LIMIT`] characters). The reason is cut
    /// too, so that a word of the text it quotes never comes back whole.
    pub fn new(text: &str, reason: impl Into<String>) -> Self {
        let reason = reason.into();
        let reason = match reason.char_indices().nth(3 * QUOTE_LIMIT) {
            None => reason,
            Some((cut, _)) => format!("{}…", &reason[..cut]),
        };
        ParseActionError { text: quote(text), reason }
    }

    /// Refuses text that no game reads as an action, before any game reads it: longer than
    /// [`ACTION_TEXT_LIMIT`] characters, or holding a control character (a NUL, a line
    /// break). Tabs are read as spaces.
    ///
    /// # Errors
    /// The text is too long or holds a control character.
    pub fn screen(text: &str) -> Result<&str, ParseActionError> {
        if text.chars().nth(ACTION_TEXT_LIMIT).is_some() {
            return Err(ParseActionError::new(
                text,
                format!("an action is at most {ACTION_TEXT_LIMIT} characters"),
            ));
        }
        if let Some(c) = text.chars().find(|&c| c.is_control() && c != '\t') {
            return Err(ParseActionError::new(
                &text.replace(|c: char| c.is_control(), "\u{fffd}"),
                format!("it holds the control character U+{:04X}; an action is plain text", u32::from(c)),
            ));
        }
        Ok(text)
    }
}

/// An action the rules forbid in this state. The sentence names the rule.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{reason}")]
pub struct Illegal {
    /// Why it is illegal, for the player, naming the rule (`rules §Wrench`).
    pub reason: String,
}

impl Illegal {
    /// An illegal-action error with this explanation.
    pub fn new(reason: impl Into<String>) -> Self {
        Illegal { reason: reason.into() }
    }
}

/// A refused action, from the type-erased layer: unreadable text or a forbidden action.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ActionError {
    /// The text is not an action of this game.
    #[error(transparent)]
    Parse(#[from] ParseActionError),
    /// The action is not legal now.
    #[error(transparent)]
    Illegal(#[from] Illegal),
    /// The action index is outside `0..num_distinct_actions`.
    #[error("action index {index} is outside 0..{limit}")]
    BadIndex {
        /// The index given.
        index: usize,
        /// `num_distinct_actions`.
        limit: usize,
    },
}

impl ActionError {
    /// The stable error code (`action/parse`, `action/illegal`, `action/index`).
    pub fn code(&self) -> ErrorCode {
        match self {
            ActionError::Parse(_) => ErrorCode::ActionParse,
            ActionError::Illegal(_) => ErrorCode::Illegal,
            ActionError::BadIndex { .. } => ErrorCode::ActionIndex,
        }
    }
}

/// Options refused for a game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{game}: {reason}")]
pub struct OptionsError {
    /// The game id.
    pub game: String,
    /// What is wrong, naming the option.
    pub reason: String,
}

impl OptionsError {
    /// An options error for game `game`.
    pub fn new(game: &str, reason: impl Into<String>) -> Self {
        OptionsError { game: game.to_owned(), reason: reason.into() }
    }
}

/// A position (state JSON) that breaks the rules: every problem found is listed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct SetupError {
    /// Each problem, one sentence each.
    pub problems: Vec<String>,
}

impl SetupError {
    /// A setup error with one problem.
    pub fn one(problem: impl Into<String>) -> Self {
        SetupError { problems: vec![problem.into()] }
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid position: {}", self.problems.join("; "))
    }
}

/// A game record that could not be loaded.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum RecordError {
    /// The JSON is not a record.
    #[error("malformed record: {0}")]
    Malformed(String),
    /// The game id is not registered.
    #[error("unknown game `{0}`")]
    UnknownGame(String),
    /// The options are invalid for the game.
    #[error(transparent)]
    Options(#[from] OptionsError),
    /// Action number `number` (1-based) was refused.
    #[error("action {number} (`{text}`): {error}")]
    Action {
        /// 1-based position of the action in the record.
        number: usize,
        /// The action's text.
        text: String,
        /// Why it was refused.
        error: ActionError,
    },
    /// The record's stated result disagrees with the replayed game.
    #[error("the record says the result is {} but {}", quote(&returns_text(stated)), replayed_text(actual.as_deref()))]
    Result {
        /// The result written in the record.
        stated: Vec<f64>,
        /// The returns after replaying.
        actual: Option<Vec<f64>>,
    },
}

/// Returns as people write them: `1, -1`.
fn returns_text(returns: &[f64]) -> String {
    let parts: Vec<String> = returns.iter().map(|r| format!("{r}")).collect();
    format!("[{}]", parts.join(", "))
}

/// What replaying a record gave: its returns, or that the game is not over.
fn replayed_text(actual: Option<&[f64]>) -> String {
    match actual {
        Some(returns) => format!("replaying it gives {}", returns_text(returns)),
        None => "the game it replays is not over".to_owned(),
    }
}

impl RecordError {
    /// The stable error code.
    pub fn code(&self) -> ErrorCode {
        match self {
            RecordError::UnknownGame(_) => ErrorCode::UnknownGame,
            RecordError::Options(_) => ErrorCode::BadOptions,
            _ => ErrorCode::BadRecord,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrong_result_reads_as_a_sentence() {
        let unfinished = RecordError::Result { stated: vec![1.0, -1.0], actual: None };
        assert_eq!(
            unfinished.to_string(),
            "the record says the result is [1, -1] but the game it replays is not over"
        );
        let other = RecordError::Result { stated: vec![1.0, -1.0], actual: Some(vec![-1.0, 0.5]) };
        assert_eq!(
            other.to_string(),
            "the record says the result is [1, -1] but replaying it gives [-1, 0.5]"
        );
    }
}
