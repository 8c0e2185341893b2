//! The engine's one error type: a stable code for programs, a sentence for people, and
//! optional details (the refused action's number in a record, each problem of a position).
//!
//! Every code the engine can answer is built here, so the table in `docs/protocol.md`
//! and this file must change together.

use serde_json::{Map, Value, json};
use tabula_core::error::quote;
use tabula_core::{ActionError, ErrorCode, RecordError, SetupError};

/// A refused request: `{"code","message",...details}` in the response's `error` field.
#[derive(Debug, Clone, PartialEq)]
pub struct EngineError {
    /// The stable code, `area/what` (`action/illegal`).
    pub code: ErrorCode,
    /// What went wrong, for people.
    pub message: String,
    /// Extra fields for programs, merged into the error object.
    pub details: Map<String, Value>,
}

impl EngineError {
    /// An error with a code and a message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        EngineError { code, message: message.into(), details: Map::new() }
    }

    /// Adds a detail field.
    pub fn with(mut self, key: &str, value: Value) -> Self {
        self.details.insert(key.to_owned(), value);
        self
    }

    /// `protocol/json`: the line is not JSON (or not UTF-8, or empty).
    pub fn json(message: impl Into<String>) -> Self {
        EngineError::new(ErrorCode::Json, message)
    }

    /// `protocol/too_long`: the line is longer than the engine reads.
    pub fn too_long(length: usize, limit: usize) -> Self {
        EngineError::new(
            ErrorCode::TooLong,
            format!("the line has {length} bytes or more; the engine reads lines up to {limit} bytes"),
        )
        .with("limit", json!(limit))
    }

    /// `protocol/bad_request`: a field is missing, unknown or of the wrong type.
    pub fn bad_request(message: impl Into<String>) -> Self {
        EngineError::new(ErrorCode::BadRequest, message)
    }

    /// `protocol/unknown_cmd`: no such command.
    pub fn unknown_cmd(cmd: &str, known: &[&str]) -> Self {
        EngineError::new(
            ErrorCode::UnknownCommand,
            format!("unknown command `{cmd}`; commands: {}", known.join(", ")),
        )
    }

    /// `game/unknown`: no game with this id.
    pub fn unknown_game(id: &str, known: &[&str]) -> Self {
        EngineError::new(
            ErrorCode::UnknownGame,
            format!("unknown game `{}`; known games: {}", quote(id), known.join(", ")),
        )
    }

    /// `options/invalid`: the game refuses these options.
    pub fn options(message: impl Into<String>) -> Self {
        EngineError::new(ErrorCode::BadOptions, message)
    }

    /// `session/no_game`: the request needs a game and none is loaded.
    pub fn no_game() -> Self {
        EngineError::new(
            ErrorCode::NoGame,
            "no game is loaded: send {\"cmd\":\"new\",\"game\":...} or {\"cmd\":\"load\",\"record\":...} first",
        )
    }

    /// `seat/invalid`: no such seat.
    pub fn seat(message: impl Into<String>) -> Self {
        EngineError::new(ErrorCode::BadSeat, message)
    }

    /// `action/index`: an action index outside the game's index space.
    pub fn index(message: impl Into<String>) -> Self {
        EngineError::new(ErrorCode::ActionIndex, message)
    }

    /// `action/not_your_turn`: the request names a seat that is not to act.
    pub fn not_your_turn(message: impl Into<String>) -> Self {
        EngineError::new(ErrorCode::NotYourTurn, message)
    }

    /// `chance/not_chance`: a chance outcome was asked for where none is due.
    pub fn not_chance(message: impl Into<String>) -> Self {
        EngineError::new(ErrorCode::NotChance, message)
    }

    /// `bot/unknown`: no bot of that name for the game.
    pub fn unknown_bot(name: &str, game: &str, known: &[&str]) -> Self {
        EngineError::new(
            ErrorCode::UnknownBot,
            format!("unknown bot `{}` for {game}; bots: {}", quote(name), known.join(", ")),
        )
    }

    /// `bot/options`: the bot refuses its options.
    pub fn bot_options(message: impl Into<String>) -> Self {
        EngineError::new(ErrorCode::BadBotOptions, message)
    }

    /// `bot/no_player`: no player is to act, so a bot has nothing to choose.
    pub fn bot_no_player(message: impl Into<String>) -> Self {
        EngineError::new(ErrorCode::BotNoPlayer, message)
    }

    /// `engine/internal`: a bug in the engine or a game; the session is unchanged.
    pub fn internal(message: impl Into<String>) -> Self {
        EngineError::new(ErrorCode::EngineInternal, message)
    }

    /// The error object of a response.
    pub fn to_json(&self) -> Value {
        let mut object = Map::new();
        object.insert("code".to_owned(), json!(self.code));
        object.insert("message".to_owned(), json!(self.message));
        for (key, value) in &self.details {
            object.insert(key.clone(), value.clone());
        }
        Value::Object(object)
    }
}

impl From<ActionError> for EngineError {
    fn from(error: ActionError) -> Self {
        EngineError::new(error.code(), error.to_string())
    }
}

impl From<RecordError> for EngineError {
    fn from(error: RecordError) -> Self {
        let message = error.to_string();
        let mut out = EngineError::new(error.code(), message);
        if let RecordError::Action { number, text, error: cause } = &error {
            out = out
                .with("number", json!(number))
                .with("action", json!(text))
                .with("reason", json!(cause.code()));
        }
        out
    }
}

impl From<SetupError> for EngineError {
    fn from(error: SetupError) -> Self {
        EngineError::new(ErrorCode::BadState, error.to_string()).with("problems", json!(error.problems))
    }
}
