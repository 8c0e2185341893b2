//! The error codes of tabula's two protocols, in one set: the engine protocol (`tabula
//! engine`, docs/protocol.md) and the server's HTTP API and WebSockets (docs/server.md).
//!
//! A code is stable and meant for programs; the sentence beside it is for people. Where a
//! refusal means the same in both protocols it has one code in both: a message that is not
//! JSON is `protocol/json`, a request with a missing or mistyped field `protocol/bad_request`,
//! an action the rules forbid `action/illegal`, whether it came from a line of the engine
//! protocol or from a browser's WebSocket. The codes only the server answers (a table full, a
//! stale click…) are plain words (`table_full`, `stale`).

use std::fmt;

macro_rules! codes {
    ($( $(#[$doc:meta])* $variant:ident = $text:literal, )*) => {
        /// A stable error code of the engine protocol or the server (see the module's docs).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum ErrorCode {
            $( $(#[$doc])* $variant, )*
        }

        impl ErrorCode {
            /// Every code, in the order of the docs' tables.
            pub const ALL: &'static [ErrorCode] = &[$( ErrorCode::$variant, )*];

            /// The code as written on the wire (`action/illegal`, `table_full`).
            pub const fn as_str(self) -> &'static str {
                match self {
                    $( ErrorCode::$variant => $text, )*
                }
            }
        }
    };
}

codes! {
    // Both protocols.
    /// The message is not JSON (or empty, not UTF-8, nested too deep).
    Json = "protocol/json",
    /// The message is longer than the receiver reads.
    TooLong = "protocol/too_long",
    /// Not an object, a field missing, of the wrong type or unknown.
    BadRequest = "protocol/bad_request",
    /// No such command (the engine's `cmd`, a WebSocket message's `type`).
    UnknownCommand = "protocol/unknown_cmd",
    /// No game with this id.
    UnknownGame = "game/unknown",
    /// The game refuses these options.
    BadOptions = "options/invalid",
    /// The text is not an action of this game.
    ActionParse = "action/parse",
    /// The rules forbid the action now.
    Illegal = "action/illegal",
    /// An action index outside the game's range.
    ActionIndex = "action/index",
    /// It is another seat's turn.
    NotYourTurn = "action/not_your_turn",
    /// No such seat.
    BadSeat = "seat/invalid",
    /// Actions that are not a record of the game (one is refused, or the result differs).
    BadRecord = "record/invalid",

    // The engine protocol only.
    /// The command needs a game and none is loaded.
    NoGame = "session/no_game",
    /// No chance outcome is due.
    NotChance = "chance/not_chance",
    /// A position that is not a state of the game or breaks its rules.
    BadState = "state/invalid",
    /// No bot of that name for the game.
    UnknownBot = "bot/unknown",
    /// The bot refuses its options.
    BadBotOptions = "bot/options",
    /// No player is to act: a bot has nothing to choose.
    BotNoPlayer = "bot/no_player",
    /// A bug in the engine or a game; nothing changed.
    EngineInternal = "engine/internal",

    // The server only: HTTP.
    /// A table's seats are not `"human"` or a bot of the game, or not as many as its seats.
    BadSeats = "bad_seats",
    /// A clock that is not `{"initial_s","increment_s"}` within bounds.
    BadClock = "bad_clock",
    /// A seed that is not a whole number from 0 to 2^63 - 1.
    BadSeed = "bad_seed",
    /// A name that is empty, too long or holds hidden characters.
    BadName = "bad_name",
    /// A lobby filter that is not `open` or `playing`.
    BadStatus = "bad_status",
    /// A token that holds no seat.
    BadToken = "bad_token",
    /// A page from an origin the server does not know.
    BadOrigin = "bad_origin",
    /// A POST whose body is not sent as `application/json`.
    BadContentType = "bad_content_type",
    /// A body sent too slowly.
    BodyTimeout = "body_timeout",
    /// No such table.
    NotFound = "not_found",
    /// The seat asked for is taken.
    SeatTaken = "seat_taken",
    /// Every human seat is taken.
    TableFull = "table_full",
    /// The table waited too long for its players and closed.
    Expired = "expired",
    /// Too many tables opened from one address just now.
    TooManyTables = "too_many_tables",
    /// Too many WebSockets from one address to one table.
    TooManySockets = "too_many_sockets",
    /// A table that could not be brought back after a restart (yet).
    NotRestored = "not_restored",
    /// A table passing from one process to another: ask again in a moment.
    Moving = "moving",
    /// The process that keeps the table does not answer.
    OwnerUnreachable = "owner_unreachable",
    /// The server failed (its log says why); nothing changed.
    Internal = "internal",
    /// A rated table, or a page of one's own, needs an account signed in.
    SignInNeeded = "sign_in_needed",
    /// An account's name already taken (whatever its case).
    NameTaken = "name_taken",
    /// A password too short or too long.
    BadPassword = "bad_password",
    /// A name and password that match no account.
    WrongPassword = "wrong_password",
    /// Too many sign-ins or new accounts from one address just now.
    TooManyTries = "too_many_tries",
    /// No account of this name.
    UnknownPlayer = "unknown_player",

    // The server only: a table's WebSocket.
    /// A click on a position that has changed since: nothing was played.
    Stale = "stale",
    /// The game starts when every human seat is taken.
    NotStarted = "not_started",
    /// A spectator holds no seat to play.
    Spectator = "spectator",
    /// A bot plays this seat since its person left.
    Away = "away",
    /// The seat was given up: a bot plays it to the end.
    Gone = "gone",
    /// The game is over.
    Over = "over",
    /// `return` from a seat that is not away.
    NotAway = "not_away",
    /// The game is not over (a record, a rematch asked too early).
    NotOver = "not_over",
    /// The rules do not let this action be taken back.
    UndoRefused = "undo_refused",
    /// No win to claim: the other seat has time left.
    ClaimRefused = "claim_refused",
    /// No move of this seat can be taken back now.
    TakebackRefused = "takeback_refused",
    /// A takeback is already asked.
    TakebackAsked = "takeback_asked",
    /// The other seats declined this seat's takeback.
    TakebackDeclined = "takeback_declined",
    /// No takeback to answer.
    NoTakeback = "no_takeback",
    /// The rematch's table could not be opened.
    RematchFailed = "rematch_failed",
    /// A chat line that is empty, too long or holds hidden characters.
    BadChat = "bad_chat",
    /// No such channel for this seat.
    BadChannel = "bad_channel",
    /// Too many chat lines too fast.
    ChatTooFast = "chat_too_fast",
    /// The database failed: nothing was played.
    Storage = "storage",
    /// The table moved to another process: connect again.
    Moved = "moved",
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for ErrorCode {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for ErrorCode {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl std::str::FromStr for ErrorCode {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        ErrorCode::ALL
            .iter()
            .copied()
            .find(|c| c.as_str() == text)
            .ok_or_else(|| format!("unknown error code `{}`", crate::error::quote(text)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_written_once_and_read_back() {
        let mut seen = std::collections::HashSet::new();
        for &code in ErrorCode::ALL {
            assert!(seen.insert(code.as_str()), "{code} twice");
            assert_eq!(code.as_str().parse::<ErrorCode>(), Ok(code));
            let json = serde_json::to_string(&code).unwrap();
            assert_eq!(serde_json::from_str::<ErrorCode>(&json).unwrap(), code);
        }
        assert!("frobnicate".parse::<ErrorCode>().is_err());
    }
}
