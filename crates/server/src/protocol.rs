//! The server's protocol as types: every HTTP body and WebSocket message, each way
//! (docs/server.md). The handlers build these and nothing else, so a field is named in one
//! place; the browser client's types (`web/types/protocol.d.ts`) are generated from them by
//! a test, and `tsc` checks the client against them.
//!
//! Requests are read in two steps, so that a refusal names the field and the code that
//! goes with it: the message must be JSON (`protocol/json`), then an object of a known
//! kind (`protocol/bad_request`, `protocol/unknown_cmd`), then each field of the right type
//! ([`read`], the field's own code where it has one: `bad_clock`, `bad_name`…).
//!
//! A request's optional field is an `Option`: left out or `null`, it reads as none, and
//! its TypeScript type may leave it out (`ts(optional_fields = nullable)`).

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use tabula_core::ErrorCode;
use tabula_core::registry::GameListing;

#[cfg(test)]
use ts_rs::TS;

// ---------------------------------------------------------------------------------------
// Shared pieces.

/// Whose turn it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(TS))]
pub struct TurnInfo {
    /// A player is to act, chance is, or the game is over.
    pub kind: TurnKind,
    /// The seat to act, when a player is.
    pub player: Option<usize>,
}

/// What the game waits on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(test, derive(TS))]
pub enum TurnKind {
    /// A seat's move.
    Player,
    /// A chance outcome (dice, a card), drawn by the server.
    Chance,
    /// Nothing: the game is over.
    Terminal,
}

impl From<tabula_core::Turn> for TurnInfo {
    fn from(turn: tabula_core::Turn) -> TurnInfo {
        match turn {
            tabula_core::Turn::Player(p) => TurnInfo { kind: TurnKind::Player, player: Some(p) },
            tabula_core::Turn::Chance => TurnInfo { kind: TurnKind::Chance, player: None },
            tabula_core::Turn::Terminal => TurnInfo { kind: TurnKind::Terminal, player: None },
        }
    }
}

/// Where a table stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(test, derive(TS))]
pub enum TableStatus {
    /// Waiting for people to take its human seats.
    Open,
    /// Being played.
    Playing,
    /// Finished.
    Over,
    /// Closed after waiting too long for its players.
    Expired,
}

impl TableStatus {
    /// The status as stored and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            TableStatus::Open => "open",
            TableStatus::Playing => "playing",
            TableStatus::Over => "over",
            TableStatus::Expired => "expired",
        }
    }

    /// A stored status (an unknown one reads as over: it is not played on).
    pub fn parse(text: &str) -> TableStatus {
        match text {
            "open" => TableStatus::Open,
            "playing" => TableStatus::Playing,
            "expired" => TableStatus::Expired,
            _ => TableStatus::Over,
        }
    }
}

/// A table's clock: Fischer increment, or a time per move for a game by correspondence.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(TS), ts(optional_fields = nullable))]
pub struct ClockInfo {
    /// Each person's time at the start, in seconds (1 to two weeks); by correspondence, the
    /// time for each move, given afresh at every turn.
    pub initial_s: f64,
    /// The time added after each of a seat's turns, in seconds (0 to an hour; default 0;
    /// none by correspondence).
    pub increment_s: Option<f64>,
    /// A game by correspondence: the table waits for each person (no bot stands in while
    /// they are away) up to `initial_s` a move; lists it under "your turn" (default false).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub correspondence: Option<bool>,
}

/// One seat of a table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(test, derive(TS))]
pub enum SeatInfo {
    /// A bot's seat.
    Bot {
        /// The seat, from 0.
        seat: usize,
        /// The bot (`medium`, `mcts`).
        name: String,
        /// How people see it (`Sasha (medium bot)`).
        label: String,
        /// A level's fixed rating in this game, on the players' scale (docs/bots.md).
        rating: Option<i32>,
    },
    /// A person's seat.
    Human {
        /// The seat, from 0.
        seat: usize,
        /// The person's name, once someone took the seat.
        name: Option<String>,
        /// The name is an account's (its page: `/players/{name}`).
        account: bool,
        /// Whether a connection of theirs is open.
        connected: bool,
        /// The bot standing in while they are away or gone.
        bot: Option<String>,
        /// They gave the seat up: a bot plays it to the end.
        gone: bool,
        /// The milliseconds before a bot stands in for a person connected nowhere.
        grace_ms: Option<u64>,
    },
}

/// How a game ended when not by the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(TS))]
pub struct EndingInfo {
    /// A resignation, or a clock that ran out.
    pub kind: EndingKind,
    /// The seat that resigned or ran out of time.
    pub seat: usize,
}

/// Why a game ended before its rules ended it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(test, derive(TS))]
pub enum EndingKind {
    /// A seat resigned.
    Resign,
    /// A seat's clock ran out.
    Time,
}

/// A live table (`GET /api/tables/{id}`, the lobby's lines).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(TS))]
pub struct TableInfo {
    /// The table's id.
    pub table: String,
    /// The game's id.
    pub game: String,
    /// The options as given.
    #[cfg_attr(test, ts(type = "Record<string, JsonValue>"))]
    pub options: Value,
    /// The game with its options, as the engine writes it (`abagio(first=0)`).
    pub canonical: String,
    /// Each seat.
    pub seats: Vec<SeatInfo>,
    /// Where it stands.
    pub status: TableStatus,
    /// The number of actions played (chance outcomes included).
    pub seq: usize,
    /// Whose turn it is.
    pub turn: TurnInfo,
    /// The clock, if the table has one.
    pub clock: Option<ClockInfo>,
    /// Started from given actions: its chance outcomes so far were chosen, not drawn.
    pub preset: bool,
    /// Each seat's return, once over.
    pub result: Option<Vec<f64>>,
    /// A resignation or a loss on time.
    pub ending: Option<EndingInfo>,
    /// Rated: the accounts' ratings change when it ends (only accounts may sit).
    pub rated: bool,
    /// When it opened (Unix seconds): in the lobby's lines only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub created: Option<i64>,
}

/// A table as the archive keeps it: a finished game (`GET /api/history`), or any table no
/// process plays (`GET /api/tables/{id}` of a finished or expired one).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct ArchivedTable {
    /// The table's id.
    pub table: String,
    /// The game's id.
    pub game: String,
    /// The options as given.
    #[cfg_attr(test, ts(type = "Record<string, JsonValue>"))]
    pub options: Value,
    /// Each seat as opened: `"human"` or a bot's name.
    pub seats: Vec<String>,
    /// Each seat as people read it: the name its person gave, or its bot's label
    /// (`Sasha (medium bot)`).
    pub names: Vec<String>,
    /// Where it stands.
    pub status: TableStatus,
    /// The clock, if it had one.
    pub clock: Option<ClockInfo>,
    /// Each seat's return, once over.
    pub result: Option<Vec<f64>>,
    /// A resignation or a loss on time.
    pub ending: Option<EndingInfo>,
    /// When it opened (Unix seconds).
    pub created: i64,
    /// When it ended (Unix seconds).
    pub finished: Option<i64>,
    /// Rated: its accounts' ratings changed when it ended.
    pub rated: bool,
    /// Whether each seat's name is an account's (its page: `/players/{name}`).
    pub accounts: Vec<bool>,
}

/// `GET /api/tables/{id}`: a live table, or the archive's line for one no longer played.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
#[cfg_attr(test, derive(TS))]
pub enum TableAnswer {
    /// A table being played (or waiting for players).
    Live(Box<TableInfo>),
    /// A finished or expired table.
    Archived(Box<ArchivedTable>),
}

// ---------------------------------------------------------------------------------------
// HTTP.

/// An error of the HTTP API: `{"error":{"code","message"}}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(TS))]
pub struct ErrorBody {
    /// The code and the sentence.
    pub error: ErrorInfo,
}

/// A code for programs and a sentence for people.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(TS))]
pub struct ErrorInfo {
    /// Stable, shared with the engine protocol where it means the same.
    #[cfg_attr(test, ts(as = "ErrorCodeTs"))]
    pub code: ErrorCode,
    /// What went wrong, for a person.
    pub message: String,
}

/// `GET /api/games`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct GamesAnswer {
    /// Every game with its spec, bots and default options, as the engine's `games`.
    pub games: Vec<GameListing>,
    /// The bot levels' fixed ratings, on the players' scale (docs/bots.md).
    pub levels: Vec<LevelRating>,
}

/// A bot level's fixed rating in one game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(TS))]
pub struct LevelRating {
    /// The game's id.
    pub game: String,
    /// The level (`easy`, `medium`, `hard`) or bot (`heuristic`, the beginner policy).
    pub bot: String,
    /// Its rating, rounded.
    pub rating: i32,
}

/// `GET /api/games/{id}/picture`: a position of the game's recommended preset for the
/// lobby to draw with the game's renderer (random play from a fixed seed, the first seat's
/// view).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct Picture {
    /// The game's id.
    pub game: String,
    /// The preset played, by its name.
    pub preset: Option<String>,
    /// Its options.
    #[cfg_attr(test, ts(type = "Record<string, JsonValue>"))]
    pub options: Value,
    /// Each seat's name for players.
    pub names: Vec<String>,
    /// Whose turn it is in the position.
    pub turn: TurnInfo,
    /// The first seat's view of it.
    #[cfg_attr(test, ts(type = "JsonValue"))]
    pub view: Value,
}

/// `POST /api/games/{id}/position`: the position a list of actions reaches, as one seat sees
/// it (the guides' figures and the tutorials are drawn from it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(TS), ts(optional_fields = nullable))]
pub struct PositionAsked {
    /// The game's options (its defaults where left out).
    pub options: Option<Map<String, Value>>,
    /// The seed of the chance generator (0 by default: chance outcomes are best given).
    pub seed: Option<u64>,
    /// The actions from the start, chance outcomes included (at most
    /// [`POSITION_ACTIONS`]).
    pub actions: Option<Vec<String>>,
    /// The seat whose view is drawn, from 0 (the first by default).
    pub seat: Option<usize>,
}

/// The most actions `POST /api/games/{id}/position` plays.
pub const POSITION_ACTIONS: usize = 500;

impl Fields for PositionAsked {
    const WHAT: &'static str = "a position";
    const HELP: &'static str = "a position takes, all optional, options, seed, actions and seat";

    fn field(name: &str) -> Option<(ErrorCode, &'static str)> {
        Some(match name {
            "options" => (ErrorCode::BadOptions, "\"options\" is a JSON object"),
            "seed" => (ErrorCode::BadSeed, "\"seed\" is a whole number from 0 to 2^63 - 1"),
            "actions" => (ErrorCode::BadRecord, "\"actions\" is a list of action texts"),
            "seat" => (ErrorCode::BadSeat, "\"seat\" is a seat's number, from 0"),
            _ => return None,
        })
    }
}

/// A position, as one seat sees it: its view, its moves if it is to play, and the game's
/// log as that seat was told it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct Position {
    /// The game's id.
    pub game: String,
    /// Its options, every one.
    #[cfg_attr(test, ts(type = "Record<string, JsonValue>"))]
    pub options: Value,
    /// The seat drawn.
    pub seat: usize,
    /// Each seat's name for players.
    pub names: Vec<String>,
    /// Whose turn it is.
    pub turn: TurnInfo,
    /// The seat's view.
    #[cfg_attr(test, ts(type = "JsonValue"))]
    pub view: Value,
    /// The seat's moves, when it is to play.
    pub legal: Vec<String>,
    /// Each action as the seat saw it, with the game's words for it.
    #[cfg_attr(test, ts(type = "Array<JsonValue>"))]
    pub history: Vec<Value>,
    /// Each seat's return, once the game is over.
    pub result: Option<Vec<f64>>,
}

/// `POST /api/tables`: a new table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(TS), ts(optional_fields = nullable))]
pub struct NewTable {
    /// The game's id (`GET /api/games` lists them).
    pub game: String,
    /// The game's options (its defaults where left out).
    pub options: Option<Map<String, Value>>,
    /// Each seat: `"human"` or a bot or level of the game (one human and `medium` bots by
    /// default).
    pub seats: Option<Vec<String>>,
    /// A clock (none by default).
    pub clock: Option<ClockInfo>,
    /// The creator's name (`guest` by default).
    pub name: Option<String>,
    /// The creator's seat, from 0: one of the `"human"` seats (the first by default).
    pub seat: Option<usize>,
    /// The chance generator's seed (drawn by default).
    pub seed: Option<u64>,
    /// A record's actions to start from, chance outcomes included.
    pub actions: Option<Vec<String>>,
    /// Rated: the accounts' ratings change when it ends; only accounts may sit, the
    /// creator signed in (default false).
    pub rated: Option<bool>,
}

impl Fields for NewTable {
    const WHAT: &'static str = "a new table";
    const HELP: &'static str =
        "a table takes game, and optionally options, seats, clock, name, seat, seed, actions and rated";

    fn field(name: &str) -> Option<(ErrorCode, &'static str)> {
        Some(match name {
            "game" => (ErrorCode::BadRequest, "\"game\" names a game (GET /api/games lists them)"),
            "options" => (ErrorCode::BadOptions, "\"options\" is a JSON object"),
            "seats" => (ErrorCode::BadSeats, "\"seats\" lists strings: \"human\" or a bot"),
            "clock" => (
                ErrorCode::BadClock,
                "\"clock\" is {\"initial_s\":N,\"increment_s\":M}, in seconds, or {\"initial_s\":N,\"correspondence\":true}",
            ),
            "name" => (ErrorCode::BadName, NAME_HELP),
            "seat" => (ErrorCode::BadSeats, "\"seat\" is the number (from 0) of one of the \"human\" seats"),
            "seed" => (ErrorCode::BadSeed, "\"seed\" is a whole number from 0 to 2^63 - 1"),
            "actions" => (ErrorCode::BadRecord, "\"actions\" is a list of action texts"),
            "rated" => (ErrorCode::BadRequest, "\"rated\" is true or false"),
            _ => return None,
        })
    }
}

/// `POST /api/tables/{id}/join`: a seat at a table (`{}` takes the first free one).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(TS), ts(optional_fields = nullable))]
pub struct Join {
    /// The seat wanted, from 0 (the first free human seat where left out).
    pub seat: Option<usize>,
    /// The person's name (`guest` by default).
    pub name: Option<String>,
}

impl Fields for Join {
    const WHAT: &'static str = "a join";
    const HELP: &'static str = "a join takes seat and name, both optional";

    fn field(name: &str) -> Option<(ErrorCode, &'static str)> {
        Some(match name {
            "seat" => (ErrorCode::BadSeat, "\"seat\" is a seat number from 0"),
            "name" => (ErrorCode::BadName, NAME_HELP),
            _ => return None,
        })
    }
}

/// `POST /api/accounts` (a new account) and `POST /api/session` (signing in).
#[derive(Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(TS))]
pub struct Credentials {
    /// The account's name: 1 to 40 characters, unique whatever its case.
    pub name: String,
    /// Its password: 8 to 200 characters.
    pub password: String,
}

impl std::fmt::Debug for Credentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Credentials").field("name", &self.name).finish_non_exhaustive()
    }
}

impl Fields for Credentials {
    const WHAT: &'static str = "an account's name and password";
    const HELP: &'static str = "it takes name and password";

    fn field(name: &str) -> Option<(ErrorCode, &'static str)> {
        Some(match name {
            "name" => (ErrorCode::BadName, NAME_HELP),
            "password" => (ErrorCode::BadPassword, "\"password\" is a string of 8 to 200 characters"),
            _ => return None,
        })
    }
}

/// `GET /api/me`, and the answer to creating an account, signing in or out: who is signed
/// in on this browser.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct Me {
    /// The account's name, or `null` when nobody is signed in.
    pub name: Option<String>,
    /// Its rating in each game it played rated.
    pub ratings: Vec<RatingInfo>,
}

/// One game's rating of an account.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct RatingInfo {
    /// The game's id.
    pub game: String,
    /// The rating, rounded (1500 at the start; the game's beginner policy is 1500).
    pub rating: i32,
    /// Its deviation, rounded: the true strength is within twice it, 95 times in 100.
    pub deviation: i32,
    /// Rated games played.
    pub games: i64,
    /// Still provisional: a deviation above 110 (few games yet).
    pub provisional: bool,
}

/// An account's rating after one rated game.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct RatingPoint {
    /// The game's id.
    pub game: String,
    /// The table.
    pub table: String,
    /// When the game ended (Unix seconds).
    pub at: i64,
    /// The rating before, rounded.
    pub before: i32,
    /// The rating after, rounded.
    pub rating: i32,
}

/// A table where the signed-in account holds a seat (`GET /api/me/tables`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct MyTable {
    /// The account's seat, from 0.
    pub seat: usize,
    /// Whether the seat is to act now (a live table).
    pub your_turn: bool,
    /// The table: live, or as the archive keeps it.
    pub table: TableAnswer,
}

/// `GET /api/me/tables`: the signed-in account's tables, newest first.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct MyTables {
    /// The tables.
    pub tables: Vec<MyTable>,
}

/// A game on a player's page: the table, and the player's seat at it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct PlayedGame {
    /// The player's seat, from 0.
    pub seat: usize,
    /// The finished table.
    pub table: ArchivedTable,
}

/// `GET /api/players/{name}`: a player's page.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct PlayerPage {
    /// The account's name.
    pub name: String,
    /// When it was created (Unix seconds).
    pub created: i64,
    /// Its rating in each game it played rated.
    pub ratings: Vec<RatingInfo>,
    /// Its rating after each rated game, oldest first (the last 500).
    pub history: Vec<RatingPoint>,
    /// Its finished games, newest first (the last 50).
    pub games: Vec<PlayedGame>,
}

/// What a name must be (a person's, given when taking a seat or talking as a spectator).
const NAME_HELP: &str = "\"name\" is a string of 1 to 40 characters";

/// A seat taken (`POST /api/tables` and `…/join`): the token is the seat's key.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(TS))]
pub struct Seated {
    /// The table's id.
    pub table: String,
    /// The seat taken.
    pub seat: usize,
    /// The seat's token: its WebSocket's `?token=`.
    pub token: String,
}

/// `GET /api/tables`: the lobby, a page at a time, newest first.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct TablesPage {
    /// The page's tables, each with `created`.
    pub tables: Vec<TableInfo>,
    /// The page, from 0.
    pub page: usize,
    /// Tables a page.
    pub per_page: usize,
    /// The tables in all pages.
    pub total: usize,
}

/// `GET /api/history`: finished games, newest first.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct HistoryPage {
    /// The page's games.
    pub games: Vec<ArchivedTable>,
    /// The page, from 0.
    pub page: usize,
    /// Games a page.
    pub per_page: usize,
}

/// `GET /api/tables/{id}/record`: the game record the engine's `load` and `tabula replay`
/// read, with who played each action.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct RecordAnswer {
    /// The game's id.
    pub game: String,
    /// The options as given.
    #[cfg_attr(test, ts(type = "Record<string, JsonValue>"))]
    pub options: Value,
    /// The chance generator's seed.
    #[cfg_attr(test, ts(type = "number"))]
    pub seed: i64,
    /// Who sat at each seat: a person's name or a bot's.
    pub seats: Vec<String>,
    /// Every action, chance outcomes included.
    pub actions: Vec<String>,
    /// Who played each action (a person, a bot, `chance`, `preset`).
    pub players: Vec<String>,
    /// Each seat's return.
    pub result: Option<Vec<f64>>,
    /// A resignation or a loss on time.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub ending: Option<EndingInfo>,
}

/// One step of a replay: whose turn and what the seat saw, after some actions.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct ReplayStep {
    /// Whose turn it was.
    pub turn: TurnInfo,
    /// The seat's view (a spectator's without a seat), as the engine's `view`.
    pub view: Value,
}

/// `GET /api/tables/{id}/replay?seat=K`: a finished game step by step from one viewpoint.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct ReplayAnswer {
    /// The table as the archive keeps it.
    #[serde(flatten)]
    pub table: ArchivedTable,
    /// Each seat's person, or its bot's label.
    pub names: Vec<String>,
    /// The chance generator's seed.
    #[cfg_attr(test, ts(type = "number"))]
    pub seed: i64,
    /// Every action, chance outcomes included.
    pub actions: Vec<String>,
    /// The viewpoint: a seat, or a spectator's.
    pub seat: Option<usize>,
    /// `steps[k]`: after `steps_from + k` actions (every step unless the request asked
    /// for those `around` a step `at`), each a [`ReplayStep`] as JSON text.
    #[cfg_attr(test, ts(as = "Vec<ReplayStep>"))]
    pub steps: Vec<std::sync::Arc<RawValue>>,
    /// The step `steps` begins at.
    pub steps_from: usize,
    /// The number of steps in the whole game (its actions, plus one).
    pub step_count: usize,
    /// `history[k]`: the `k`-th action as the viewpoint saw it.
    #[cfg_attr(test, ts(as = "Vec<HistoryEntry>"))]
    pub history: Vec<std::sync::Arc<RawValue>>,
    /// What the viewpoint heard at the table.
    pub chat: Vec<ChatLine>,
}

// ---------------------------------------------------------------------------------------
// A table's WebSocket.

/// A message from a client to its table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(test, derive(TS))]
pub enum ClientMessage {
    /// Plays an action.
    Act(Act),
    /// Takes this seat's last action back, where the rules allow it.
    Undo,
    /// Asks the others to let this seat take its last move back, or answers such a request.
    Takeback(Takeback),
    /// Resigns.
    Resign,
    /// A bot plays the seat until `return`.
    Leave,
    /// Takes the seat back from the bot standing in.
    Return,
    /// Claims the win when the other seat is out of time.
    Claim,
    /// Offers or accepts a rematch once the game is over.
    Rematch,
    /// Says a line at the table.
    Chat(Chat),
}

impl ClientMessage {
    /// Every message type, as the `type` field names it.
    pub const TYPES: &'static [&'static str] =
        &["act", "undo", "takeback", "resign", "leave", "return", "claim", "rematch", "chat"];

    /// Reads a message's text: JSON (`protocol/json`), an object with a known `type`
    /// (`protocol/bad_request`, `protocol/unknown_cmd`), then its fields (see [`read`]).
    ///
    /// # Errors
    /// The code and a sentence naming what is wrong.
    pub fn parse(text: &str) -> Result<ClientMessage, (ErrorCode, String)> {
        let msg = match serde_json::from_str::<Value>(text) {
            Ok(Value::Object(m)) => m,
            Ok(_) => {
                return Err((ErrorCode::BadRequest, "a message is a JSON object with a \"type\"".into()));
            }
            Err(e) => return Err((ErrorCode::Json, format!("the message is not JSON: {e}"))),
        };
        let list = "act, undo, takeback, resign, leave, return, claim, rematch or chat";
        let kind = match msg.get("type") {
            None => return Err((ErrorCode::BadRequest, format!("a message needs a \"type\": {list}"))),
            Some(Value::String(kind)) => kind.clone(),
            Some(_) => return Err((ErrorCode::BadRequest, format!("\"type\" is a string: {list}"))),
        };
        let mut body = msg;
        body.remove("type");
        let body = Value::Object(body);
        Ok(match kind.as_str() {
            "act" => ClientMessage::Act(read(body)?),
            "takeback" => ClientMessage::Takeback(read(body)?),
            "chat" => ClientMessage::Chat(read(body)?),
            "undo" => ClientMessage::Undo,
            "resign" => ClientMessage::Resign,
            "leave" => ClientMessage::Leave,
            "return" => ClientMessage::Return,
            "claim" => ClientMessage::Claim,
            "rematch" => ClientMessage::Rematch,
            other => {
                let shown: String = other.chars().take(40).collect();
                return Err((ErrorCode::UnknownCommand, format!("unknown message type {shown:?}: {list}")));
            }
        })
    }
}

/// `{"type":"act","action":"root/22","seq":12}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(TS))]
pub struct Act {
    /// The action's text, as `legal` lists it.
    pub action: String,
    /// The number of actions played so far (the update's `seq`): a stale click never plays.
    pub seq: u64,
}

impl Fields for Act {
    const WHAT: &'static str = "`act`";
    const HELP: &'static str = "`act` takes \"action\" (the action's text) and \"seq\" (the number of actions played so far, the update's \"seq\")";

    fn field(name: &str) -> Option<(ErrorCode, &'static str)> {
        Some(match name {
            "action" => (ErrorCode::BadRequest, "\"action\" is the action's text"),
            "seq" => (
                ErrorCode::BadRequest,
                "\"seq\" is the number of actions played so far (the update's \"seq\")",
            ),
            _ => return None,
        })
    }
}

/// `{"type":"takeback"}`, or `{"type":"takeback","decline":true}`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(TS), ts(optional_fields = nullable))]
pub struct Takeback {
    /// Declines another seat's request instead of accepting it.
    pub decline: Option<bool>,
}

impl Fields for Takeback {
    const WHAT: &'static str = "`takeback`";
    const HELP: &'static str =
        "`takeback` takes \"decline\" (true to decline another seat's request), or nothing";

    fn field(name: &str) -> Option<(ErrorCode, &'static str)> {
        (name == "decline").then_some((ErrorCode::BadRequest, "\"decline\" is true or false"))
    }
}

/// `{"type":"chat","text":"good luck"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(TS), ts(optional_fields = nullable))]
pub struct Chat {
    /// What is said.
    pub text: String,
    /// A seat's `table` (its default) or `team`; a spectator's `spectators`.
    pub channel: Option<String>,
    /// A spectator's name (a seat speaks under its own).
    pub name: Option<String>,
}

impl Fields for Chat {
    const WHAT: &'static str = "`chat`";
    const HELP: &'static str = "`chat` takes text, and channel or name";

    fn field(name: &str) -> Option<(ErrorCode, &'static str)> {
        Some(match name {
            "text" => (ErrorCode::BadRequest, "\"text\" is what you say"),
            "channel" => (ErrorCode::BadChannel, "\"channel\" is \"table\" or \"team\""),
            "name" => (ErrorCode::BadName, NAME_HELP),
            _ => return None,
        })
    }
}

/// A message from a table to a client.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(test, derive(TS))]
pub enum ServerMessage {
    /// The table as this connection may see it: on connecting and after every change.
    Update(Box<Update>),
    /// A refused message (nothing changed), or why the table closes this connection.
    Error(ErrorInfo),
    /// Lines said at the table that this connection hears.
    Chat {
        /// The lines, oldest first.
        lines: Vec<ChatLine>,
    },
}

impl ServerMessage {
    /// The message as sent.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("a server message is JSON")
    }

    /// An error message.
    pub fn error(code: ErrorCode, message: impl Into<String>) -> ServerMessage {
        ServerMessage::Error(ErrorInfo { code, message: message.into() })
    }
}

/// The table as one connection may see it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct Update {
    /// The number of actions applied so far (chance outcomes included).
    pub seq: usize,
    /// This connection's seat; a spectator's is `null`.
    pub seat: Option<usize>,
    /// Whose turn it is.
    pub turn: TurnInfo,
    /// The engine's `view` for this seat (a spectator's without a seat).
    pub view: Value,
    /// The actions this seat may play: only to the seat to act, while its person plays it.
    pub legal: Vec<String>,
    /// Each seat's clock (`null` for a bot's); `[]` without a clock.
    pub clocks: Vec<Option<ClockState>>,
    /// Each seat.
    pub seats: Vec<SeatInfo>,
    /// Where the table stands.
    pub status: TableStatus,
    /// Each seat's return, once over.
    pub result: Option<Vec<f64>>,
    /// A resignation or a loss on time.
    pub ending: Option<EndingInfo>,
    /// A rematch's offers and table (a seat's update only).
    pub rematch: Option<RematchInfo>,
    /// Whether Undo may take this seat's last action back.
    pub undo: bool,
    /// Whether this seat may ask the others to take its last move back.
    pub takeback_ok: bool,
    /// A takeback asked now.
    pub takeback: Option<TakebackInfo>,
    /// Whether this seat has a private channel with its team-mates.
    pub team_chat: bool,
    /// Every action so far as this seat saw it, with the game's words for it.
    #[cfg_attr(test, ts(as = "Vec<HistoryEntry>"))]
    pub history: Box<RawValue>,
}

/// A seat's clock now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(TS))]
pub struct ClockState {
    /// The seat.
    pub seat: usize,
    /// Its time left, in milliseconds (the running one charged to the moment sent).
    #[cfg_attr(test, ts(type = "number"))]
    pub ms: i64,
    /// Whether it runs.
    pub running: bool,
    /// Whether it ran out.
    pub flagged: bool,
}

/// A rematch as one seat is told of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(TS))]
pub struct RematchInfo {
    /// The seats that offered it.
    pub offers: Vec<usize>,
    /// The new table, once every person's seat accepted.
    pub table: Option<String>,
    /// This seat's place there.
    pub seat: Option<usize>,
    /// This seat's token there.
    pub token: Option<String>,
}

/// A takeback asked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(TS))]
pub struct TakebackInfo {
    /// The seat that asked.
    pub by: usize,
    /// The seats that accepted so far.
    pub accepted: Vec<usize>,
}

/// Who hears a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(test, derive(TS))]
pub enum ChatChannel {
    /// Every seat and every spectator.
    Table,
    /// The speaker's team-mates.
    Team,
    /// The spectators only.
    Spectators,
}

/// A line said at a table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(TS))]
pub struct ChatLine {
    /// Its number at the table, from 0.
    #[cfg_attr(test, ts(type = "number"))]
    pub n: i64,
    /// Who hears it.
    pub channel: ChatChannel,
    /// The seat that said it; a spectator's is `null`.
    #[cfg_attr(test, ts(type = "number | null"))]
    pub seat: Option<i64>,
    /// The speaker's name.
    pub name: String,
    /// What was said.
    pub text: String,
    /// The number of actions played when it was said.
    #[cfg_attr(test, ts(type = "number"))]
    pub seq: i64,
    /// When (Unix milliseconds).
    #[cfg_attr(test, ts(type = "number"))]
    pub at: i64,
}

/// One action of a history as a seat saw it (the engine's `history` entries): for the
/// generated types only; the server passes the engine's JSON on as it is.
#[cfg(test)]
#[derive(TS)]
#[allow(dead_code)]
struct HistoryEntry {
    /// The seat that acted, or `"chance"`.
    #[ts(type = "number | \"chance\"")]
    actor: Value,
    /// The action as this seat may know it (`card ?` for a hidden card).
    action: String,
    /// The game's own log lines for it.
    #[ts(optional)]
    said: Option<Vec<SaidLine>>,
}

/// A line of a game's log: `{k}` stands for seat k's name.
#[cfg(test)]
#[derive(TS)]
#[allow(dead_code)]
struct SaidLine {
    /// Whose name begins the line.
    seat: Option<usize>,
    /// The words.
    text: String,
}

/// Every error code, for the generated types.
#[cfg(test)]
struct ErrorCodeTs;

#[cfg(test)]
impl TS for ErrorCodeTs {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;

    fn name(_: &ts_rs::Config) -> String {
        "ErrorCode".into()
    }

    fn inline(cfg: &ts_rs::Config) -> String {
        Self::name(cfg)
    }

    fn decl(_: &ts_rs::Config) -> String {
        let codes: Vec<String> = ErrorCode::ALL.iter().map(|c| format!("{:?}", c.as_str())).collect();
        format!("type ErrorCode = {};", codes.join(" | "))
    }

    fn decl_concrete(cfg: &ts_rs::Config) -> String {
        Self::decl(cfg)
    }
}

// ---------------------------------------------------------------------------------------
// Reading a request's fields.

/// A request body read field by field: what it is, what it takes, and each field's code
/// and sentence.
pub trait Fields: DeserializeOwned {
    /// The request, as a sentence names it (`` `act` ``, "a new table").
    const WHAT: &'static str;
    /// What it takes, for a field that is missing or unknown.
    const HELP: &'static str;
    /// A field's code and what it must be.
    fn field(name: &str) -> Option<(ErrorCode, &'static str)>;
}

/// Reads a request's fields: a field of the wrong type is refused with its own code and a
/// sentence naming it; a missing or unknown field with `protocol/bad_request`.
///
/// # Errors
/// The code and the sentence.
pub fn read<T: Fields>(body: Value) -> Result<T, (ErrorCode, String)> {
    serde_path_to_error::deserialize::<_, T>(body).map_err(|e| {
        let path = e.path().to_string();
        // serde's words may quote what was sent: a long value is cut short.
        let mut inner = e.into_inner().to_string();
        if inner.chars().count() > 160 {
            inner = inner.chars().take(160).collect::<String>() + "…";
        }
        let top = path.split(['.', '[']).next().unwrap_or_default();
        match T::field(top) {
            Some((code, what)) if path != "." => {
                let at = if path == top { String::new() } else { format!(" (at `{path}`)") };
                (code, format!("{what}: {inner}{at}"))
            }
            _ => (ErrorCode::BadRequest, format!("{}: {inner}", T::HELP)),
        }
    })
}

/// Reads an HTTP body (text) as `T`.
///
/// # Errors
/// Not JSON (`protocol/json`), not an object (`protocol/bad_request`), or as [`read`].
pub fn read_body<T: Fields>(text: &str) -> Result<T, (ErrorCode, String)> {
    match serde_json::from_str::<Value>(text) {
        Ok(v @ Value::Object(_)) => read(v),
        Ok(_) => Err((ErrorCode::BadRequest, format!("{} is a JSON object: {}", T::WHAT, T::HELP))),
        Err(e) => Err((ErrorCode::Json, format!("the body is not JSON: {e}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The browser client's types, generated from the ones above.
    fn typescript() -> String {
        let cfg = ts_rs::Config::new().with_large_int("number");
        let mut out = String::from(
            "// The server's protocol as TypeScript types: generated from crates/server/src/protocol.rs\n\
             // by its test `typescript_types_are_current`; do not edit by hand\n\
             // (TABULA_BLESS=1 cargo test -p tabula-server --lib protocol rewrites it).\n\n\
             export type JsonValue = number | string | boolean | JsonValue[] | { [key in string]?: JsonValue } | null;\n",
        );
        macro_rules! emit {
            ($($t:ty),* $(,)?) => {$(
                out.push('\n');
                if let Some(docs) = <$t as TS>::docs() {
                    out.push_str(&docs);
                }
                out.push_str("export ");
                out.push_str(&<$t as TS>::decl(&cfg));
                out.push('\n');
            )*};
        }
        use tabula_core::spec::{
            About, ChanceKind, InformationKind, OptionDefault, OptionKind, OptionSpec, Preset, SeatNames,
            UtilityKind, Weight,
        };
        emit!(
            ChanceKind,
            InformationKind,
            UtilityKind,
            OptionKind,
            OptionDefault,
            OptionSpec,
            Preset,
            Weight,
            SeatNames,
            About,
            GameListing,
            ErrorCodeTs,
            ErrorInfo,
            ErrorBody,
            TurnKind,
            TurnInfo,
            TableStatus,
            ClockInfo,
            SeatInfo,
            EndingKind,
            EndingInfo,
            TableInfo,
            ArchivedTable,
            TableAnswer,
            GamesAnswer,
            LevelRating,
            Picture,
            PositionAsked,
            Position,
            NewTable,
            Join,
            Credentials,
            Me,
            RatingInfo,
            RatingPoint,
            MyTable,
            MyTables,
            PlayedGame,
            PlayerPage,
            Seated,
            TablesPage,
            HistoryPage,
            RecordAnswer,
            ReplayStep,
            ReplayAnswer,
            SaidLine,
            HistoryEntry,
            ClientMessage,
            Act,
            Takeback,
            Chat,
            ServerMessage,
            Update,
            ClockState,
            RematchInfo,
            TakebackInfo,
            ChatChannel,
            ChatLine,
        );
        out
    }

    #[test]
    fn typescript_types_are_current() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/types/protocol.d.ts");
        let now = typescript();
        if std::env::var_os("TABULA_BLESS").is_some() {
            std::fs::write(&path, &now).expect("write web/types/protocol.d.ts");
        }
        let kept = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            kept == now,
            "web/types/protocol.d.ts is not what the protocol's types give: \
             TABULA_BLESS=1 cargo test -p tabula-server --lib protocol, then review and commit it"
        );
    }

    #[test]
    fn every_error_code_is_documented() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs");
        let docs = std::fs::read_to_string(root.join("server.md")).unwrap()
            + &std::fs::read_to_string(root.join("protocol.md")).unwrap();
        let missing: Vec<&str> =
            ErrorCode::ALL.iter().map(|c| c.as_str()).filter(|c| !docs.contains(&format!("`{c}`"))).collect();
        assert!(missing.is_empty(), "codes docs/server.md and docs/protocol.md do not name: {missing:?}");
    }

    #[test]
    fn messages_read_with_their_codes() {
        let code = |text: &str| ClientMessage::parse(text).err().map(|e| e.0);
        assert_eq!(code("nope"), Some(ErrorCode::Json));
        assert_eq!(code("[1]"), Some(ErrorCode::BadRequest));
        assert_eq!(code("{}"), Some(ErrorCode::BadRequest));
        assert_eq!(code(r#"{"type":5}"#), Some(ErrorCode::BadRequest));
        assert_eq!(code(r#"{"type":"fly"}"#), Some(ErrorCode::UnknownCommand));
        assert_eq!(code(r#"{"type":"act","seq":1}"#), Some(ErrorCode::BadRequest));
        assert_eq!(code(r#"{"type":"chat","text":"hi","name":7}"#), Some(ErrorCode::BadName));
        assert_eq!(code(r#"{"type":"chat","text":"hi","channel":[]}"#), Some(ErrorCode::BadChannel));
        assert_eq!(code(r#"{"type":"chat","text":"hi","x":1}"#), Some(ErrorCode::BadRequest));
        assert_eq!(
            ClientMessage::parse(r#"{"type":"act","action":"root/22","seq":3}"#),
            Ok(ClientMessage::Act(Act { action: "root/22".into(), seq: 3 }))
        );
        assert_eq!(ClientMessage::parse(r#"{"type":"undo"}"#), Ok(ClientMessage::Undo));
        let (_, said) = ClientMessage::parse(r#"{"type":"act","action":5,"seq":3}"#).unwrap_err();
        assert!(said.starts_with("\"action\" is the action's text: invalid type: integer `5`"), "{said}");
        // Each message type reads back what it writes.
        for m in [
            ClientMessage::Act(Act { action: "x".into(), seq: 0 }),
            ClientMessage::Takeback(Takeback { decline: Some(true) }),
            ClientMessage::Chat(Chat { text: "hi".into(), channel: Some("team".into()), name: None }),
            ClientMessage::Rematch,
        ] {
            let text = serde_json::to_string(&m).unwrap();
            assert_eq!(ClientMessage::parse(&text), Ok(m.clone()), "{text}");
            assert_eq!(serde_json::from_str::<ClientMessage>(&text).unwrap(), m);
        }
        assert_eq!(ClientMessage::TYPES.len(), 9);
    }

    #[test]
    fn bodies_read_with_their_codes() {
        let code = |text: &str| read_body::<NewTable>(text).err().map(|e| e.0);
        assert_eq!(code("{"), Some(ErrorCode::Json));
        assert_eq!(code("3"), Some(ErrorCode::BadRequest));
        assert_eq!(code("{}"), Some(ErrorCode::BadRequest));
        assert_eq!(code(r#"{"game":"abagio","clock":{"initial_s":"soon"}}"#), Some(ErrorCode::BadClock));
        assert_eq!(code(r#"{"game":"abagio","clock":{"initial":1}}"#), Some(ErrorCode::BadClock));
        assert_eq!(code(r#"{"game":"abagio","seats":"human"}"#), Some(ErrorCode::BadSeats));
        assert_eq!(code(r#"{"game":"abagio","seed":-1}"#), Some(ErrorCode::BadSeed));
        assert_eq!(code(r#"{"game":"abagio","options":[]}"#), Some(ErrorCode::BadOptions));
        assert_eq!(code(r#"{"game":"abagio","actions":[1]}"#), Some(ErrorCode::BadRecord));
        assert_eq!(code(r#"{"game":"abagio","colour":"red"}"#), Some(ErrorCode::BadRequest));
        let (_, said) =
            read_body::<NewTable>(r#"{"game":"abagio","clock":{"initial_s":"soon"}}"#).unwrap_err();
        assert!(said.contains("(at `clock.initial_s`)"), "{said}");
        assert_eq!(read_body::<Join>(r#"{"seat":-1}"#).err().map(|e| e.0), Some(ErrorCode::BadSeat));
        assert_eq!(read_body::<Join>("{}"), Ok(Join::default()));
    }
}
