// The server's protocol as TypeScript types: generated from crates/server/src/protocol.rs
// by its test `typescript_types_are_current`; do not edit by hand
// (TABULA_BLESS=1 cargo test -p tabula-server --lib protocol rewrites it).

export type JsonValue = number | string | boolean | JsonValue[] | { [key in string]?: JsonValue } | null;

/**
 * Whether the game has chance nodes (dice, shuffles, draws).
 */
export type ChanceKind = "deterministic" | "explicit";

/**
 * Whether every seat sees the whole state.
 */
export type InformationKind = "perfect" | "imperfect";

/**
 * What the returns of a finished game add up to.
 */
export type UtilityKind = "zero-sum" | "constant-sum" | "general-sum";

/**
 * The type and allowed values of one option.
 */
export type OptionKind = { "type": "int", 
/**
 * Smallest allowed value.
 */
min: number, 
/**
 * Largest allowed value.
 */
max: number, } | { "type": "int-choice", 
/**
 * The allowed values.
 */
values: Array<number>, } | { "type": "bool" } | { "type": "choice", 
/**
 * The allowed values.
 */
values: Array<string>, };

/**
 * The default value of an option.
 */
export type OptionDefault = number | boolean | string;

/**
 * One option a game accepts.
 */
export type OptionSpec = { 
/**
 * The option's name, as written in JSON and canonical strings.
 */
name: string, 
/**
 * Its name for players, a few words ("Rule set"), shown by the lobby's form.
 */
label: string, 
/**
 * What the option does, in one sentence written for players (seats counted from 1).
 */
doc: string, 
/**
 * How players read each allowed value of a choice, in the order of its values
 * ("Tarot (La pratique)" for `tarot`); empty: the values as they are written.
 */
value_labels: Array<string>, 
/**
 * The value used when the option is not given.
 */
default: OptionDefault, } & ({ "type": "int", 
/**
 * Smallest allowed value.
 */
min: number, 
/**
 * Largest allowed value.
 */
max: number, } | { "type": "int-choice", 
/**
 * The allowed values.
 */
values: Array<number>, } | { "type": "bool" } | { "type": "choice", 
/**
 * The allowed values.
 */
values: Array<string>, });

/**
 * A ready-made set of options (Board Game Arena's presets): "Intro game", "Canonical".
 */
export type Preset = { 
/**
 * Its name for players.
 */
name: string, 
/**
 * What it is, in one sentence.
 */
doc: string, 
/**
 * The options it sets, as `[name, value]`; the others keep their defaults.
 */
options: Array<[string, OptionDefault]>, };

/**
 * How much there is to learn and weigh in a game (Board Game Geek's weight, in words).
 */
export type Weight = "light" | "medium" | "heavy";

/**
 * The seats' names for one number of seats.
 */
export type SeatNames = { 
/**
 * The number of seats.
 */
players: number, 
/**
 * Each seat's name, in seat order.
 */
names: Array<string>, };

/**
 * What the lobby says of a game to someone who has never heard of it.
 */
export type About = { 
/**
 * The game in one sentence.
 */
summary: string, 
/**
 * How long a game of the recommended preset takes between people, in minutes (least,
 * most): the box's figure where there is one, else tabula's estimate.
 */
minutes: [number, number], 
/**
 * How much there is to learn.
 */
weight: Weight, 
/**
 * The seats' names for players, per number of seats (`[players, names…]` rows); a
 * number of seats not listed names them "Seat 1", "Seat 2", …
 */
seats: Array<SeatNames>, };

/**
 * A game as other programs list it: its spec, its bots and its default options.
 */
export type GameListing = { 
/**
 * The bots and levels that play it.
 */
bots: Array<string>, 
/**
 * The game with its default options, as the engine writes it (`abagio()`).
 */
default: string, 
/**
 * The game id (`sabotage-pipes`).
 */
id: string, 
/**
 * The game's name for people.
 */
name: string, 
/**
 * Smallest number of seats.
 */
min_players: number, 
/**
 * Largest number of seats.
 */
max_players: number, 
/**
 * Whether seats play in teams (then each seat's return is its team's).
 */
teams: boolean, 
/**
 * Chance nodes or none.
 */
chance: ChanceKind, 
/**
 * Perfect or imperfect information.
 */
information: InformationKind, 
/**
 * What the returns add up to.
 */
utility: UtilityKind, 
/**
 * The smallest and largest return any seat can receive.
 */
min_return: number, 
/**
 * See `min_return`.
 */
max_return: number, 
/**
 * The options, in canonical order. Every game names its seat count `players`.
 */
options: Array<OptionSpec>, 
/**
 * Ready-made sets of options for people, the recommended one first (the lobby's
 * "Play now" starts it).
 */
presets: Array<Preset>, 
/**
 * What the lobby says of the game.
 */
about: About, };

export type ErrorCode = "protocol/json" | "protocol/too_long" | "protocol/bad_request" | "protocol/unknown_cmd" | "game/unknown" | "options/invalid" | "action/parse" | "action/illegal" | "action/index" | "action/not_your_turn" | "seat/invalid" | "record/invalid" | "session/no_game" | "chance/not_chance" | "state/invalid" | "bot/unknown" | "bot/options" | "bot/no_player" | "engine/internal" | "bad_seats" | "bad_clock" | "bad_seed" | "bad_name" | "bad_status" | "bad_token" | "bad_origin" | "bad_content_type" | "body_timeout" | "not_found" | "seat_taken" | "table_full" | "expired" | "too_many_tables" | "too_many_sockets" | "not_restored" | "moving" | "owner_unreachable" | "internal" | "sign_in_needed" | "name_taken" | "bad_password" | "wrong_password" | "too_many_tries" | "unknown_player" | "stale" | "not_started" | "spectator" | "away" | "gone" | "over" | "not_away" | "not_over" | "undo_refused" | "claim_refused" | "takeback_refused" | "takeback_asked" | "takeback_declined" | "no_takeback" | "rematch_failed" | "bad_chat" | "bad_channel" | "chat_too_fast" | "storage" | "moved";

/**
 * A code for programs and a sentence for people.
 */
export type ErrorInfo = { 
/**
 * Stable, shared with the engine protocol where it means the same.
 */
code: ErrorCode, 
/**
 * What went wrong, for a person.
 */
message: string, };

/**
 * An error of the HTTP API: `{"error":{"code","message"}}`.
 */
export type ErrorBody = { 
/**
 * The code and the sentence.
 */
error: ErrorInfo, };

/**
 * What the game waits on.
 */
export type TurnKind = "player" | "chance" | "terminal";

/**
 * Whose turn it is.
 */
export type TurnInfo = { 
/**
 * A player is to act, chance is, or the game is over.
 */
kind: TurnKind, 
/**
 * The seat to act, when a player is.
 */
player: number | null, };

/**
 * Where a table stands.
 */
export type TableStatus = "open" | "playing" | "over" | "expired";

/**
 * A table's clock: Fischer increment, or a time per move for a game by correspondence.
 */
export type ClockInfo = { 
/**
 * Each person's time at the start, in seconds (1 to two weeks); by correspondence, the
 * time for each move, given afresh at every turn.
 */
initial_s: number, 
/**
 * The time added after each of a seat's turns, in seconds (0 to an hour; default 0;
 * none by correspondence).
 */
increment_s?: number | null, 
/**
 * A game by correspondence: the table waits for each person (no bot stands in while
 * they are away) up to `initial_s` a move; lists it under "your turn" (default false).
 */
correspondence?: boolean | null, };

/**
 * One seat of a table.
 */
export type SeatInfo = { "kind": "bot", 
/**
 * The seat, from 0.
 */
seat: number, 
/**
 * The bot (`medium`, `mcts`).
 */
name: string, 
/**
 * How people see it (`Sasha (medium bot)`).
 */
label: string, 
/**
 * A level's fixed rating in this game, on the players' scale (docs/bots.md).
 */
rating: number | null, } | { "kind": "human", 
/**
 * The seat, from 0.
 */
seat: number, 
/**
 * The person's name, once someone took the seat.
 */
name: string | null, 
/**
 * The name is an account's (its page: `/players/{name}`).
 */
account: boolean, 
/**
 * Whether a connection of theirs is open.
 */
connected: boolean, 
/**
 * The bot standing in while they are away or gone.
 */
bot: string | null, 
/**
 * They gave the seat up: a bot plays it to the end.
 */
gone: boolean, 
/**
 * The milliseconds before a bot stands in for a person connected nowhere.
 */
grace_ms: number | null, };

/**
 * Why a game ended before its rules ended it.
 */
export type EndingKind = "resign" | "time";

/**
 * How a game ended when not by the rules.
 */
export type EndingInfo = { 
/**
 * A resignation, or a clock that ran out.
 */
kind: EndingKind, 
/**
 * The seat that resigned or ran out of time.
 */
seat: number, };

/**
 * A live table (`GET /api/tables/{id}`, the lobby's lines).
 */
export type TableInfo = { 
/**
 * The table's id.
 */
table: string, 
/**
 * The game's id.
 */
game: string, 
/**
 * The options as given.
 */
options: Record<string, JsonValue>, 
/**
 * The game with its options, as the engine writes it (`abagio(first=0)`).
 */
canonical: string, 
/**
 * Each seat.
 */
seats: Array<SeatInfo>, 
/**
 * Where it stands.
 */
status: TableStatus, 
/**
 * The number of actions played (chance outcomes included).
 */
seq: number, 
/**
 * Whose turn it is.
 */
turn: TurnInfo, 
/**
 * The clock, if the table has one.
 */
clock: ClockInfo | null, 
/**
 * Started from given actions: its chance outcomes so far were chosen, not drawn.
 */
preset: boolean, 
/**
 * Each seat's return, once over.
 */
result: Array<number> | null, 
/**
 * A resignation or a loss on time.
 */
ending: EndingInfo | null, 
/**
 * Rated: the accounts' ratings change when it ends (only accounts may sit).
 */
rated: boolean, 
/**
 * When it opened (Unix seconds): in the lobby's lines only.
 */
created?: number, };

/**
 * A table as the archive keeps it: a finished game (`GET /api/history`), or any table no
 * process plays (`GET /api/tables/{id}` of a finished or expired one).
 */
export type ArchivedTable = { 
/**
 * The table's id.
 */
table: string, 
/**
 * The game's id.
 */
game: string, 
/**
 * The options as given.
 */
options: Record<string, JsonValue>, 
/**
 * Each seat as opened: `"human"` or a bot's name.
 */
seats: Array<string>, 
/**
 * Each seat as people read it: the name its person gave, or its bot's label
 * (`Sasha (medium bot)`).
 */
names: Array<string>, 
/**
 * Where it stands.
 */
status: TableStatus, 
/**
 * The clock, if it had one.
 */
clock: ClockInfo | null, 
/**
 * Each seat's return, once over.
 */
result: Array<number> | null, 
/**
 * A resignation or a loss on time.
 */
ending: EndingInfo | null, 
/**
 * When it opened (Unix seconds).
 */
created: number, 
/**
 * When it ended (Unix seconds).
 */
finished: number | null, 
/**
 * Rated: its accounts' ratings changed when it ended.
 */
rated: boolean, 
/**
 * Whether each seat's name is an account's (its page: `/players/{name}`).
 */
accounts: Array<boolean>, };

/**
 * `GET /api/tables/{id}`: a live table, or the archive's line for one no longer played.
 */
export type TableAnswer = TableInfo | ArchivedTable;

/**
 * `GET /api/games`.
 */
export type GamesAnswer = { 
/**
 * Every game with its spec, bots and default options, as the engine's `games`.
 */
games: Array<GameListing>, 
/**
 * The bot levels' fixed ratings, on the players' scale (docs/bots.md).
 */
levels: Array<LevelRating>, };

/**
 * A bot level's fixed rating in one game.
 */
export type LevelRating = { 
/**
 * The game's id.
 */
game: string, 
/**
 * The level (`easy`, `medium`, `hard`) or bot (`heuristic`, the beginner policy).
 */
bot: string, 
/**
 * Its rating, rounded.
 */
rating: number, };

/**
 * `GET /api/games/{id}/picture`: a position of the game's recommended preset for the
 * lobby to draw with the game's renderer (random play from a fixed seed, the first seat's
 * view).
 */
export type Picture = { 
/**
 * The game's id.
 */
game: string, 
/**
 * The preset played, by its name.
 */
preset: string | null, 
/**
 * Its options.
 */
options: Record<string, JsonValue>, 
/**
 * Each seat's name for players.
 */
names: Array<string>, 
/**
 * Whose turn it is in the position.
 */
turn: TurnInfo, 
/**
 * The first seat's view of it.
 */
view: JsonValue, };

/**
 * `POST /api/games/{id}/position`: the position a list of actions reaches, as one seat sees
 * it (the guides' figures and the tutorials are drawn from it).
 */
export type PositionAsked = { 
/**
 * The game's options (its defaults where left out).
 */
options?: { [key in string]: JsonValue } | null, 
/**
 * The seed of the chance generator (0 by default: chance outcomes are best given).
 */
seed?: number | null, 
/**
 * The actions from the start, chance outcomes included (at most
 * [`POSITION_ACTIONS`]).
 */
actions?: Array<string> | null, 
/**
 * The seat whose view is drawn, from 0 (the first by default).
 */
seat?: number | null, };

/**
 * A position, as one seat sees it: its view, its moves if it is to play, and the game's
 * log as that seat was told it.
 */
export type Position = { 
/**
 * The game's id.
 */
game: string, 
/**
 * Its options, every one.
 */
options: Record<string, JsonValue>, 
/**
 * The seat drawn.
 */
seat: number, 
/**
 * Each seat's name for players.
 */
names: Array<string>, 
/**
 * Whose turn it is.
 */
turn: TurnInfo, 
/**
 * The seat's view.
 */
view: JsonValue, 
/**
 * The seat's moves, when it is to play.
 */
legal: Array<string>, 
/**
 * Each action as the seat saw it, with the game's words for it.
 */
history: Array<JsonValue>, 
/**
 * Each seat's return, once the game is over.
 */
result: Array<number> | null, };

/**
 * `POST /api/tables`: a new table.
 */
export type NewTable = { 
/**
 * The game's id (`GET /api/games` lists them).
 */
game: string, 
/**
 * The game's options (its defaults where left out).
 */
options?: { [key in string]: JsonValue } | null, 
/**
 * Each seat: `"human"` or a bot or level of the game (one human and `medium` bots by
 * default).
 */
seats?: Array<string> | null, 
/**
 * A clock (none by default).
 */
clock?: ClockInfo | null, 
/**
 * The creator's name (`guest` by default).
 */
name?: string | null, 
/**
 * The creator's seat, from 0: one of the `"human"` seats (the first by default).
 */
seat?: number | null, 
/**
 * The chance generator's seed (drawn by default).
 */
seed?: number | null, 
/**
 * A record's actions to start from, chance outcomes included.
 */
actions?: Array<string> | null, 
/**
 * Rated: the accounts' ratings change when it ends; only accounts may sit, the
 * creator signed in (default false).
 */
rated?: boolean | null, };

/**
 * `POST /api/tables/{id}/join`: a seat at a table (`{}` takes the first free one).
 */
export type Join = { 
/**
 * The seat wanted, from 0 (the first free human seat where left out).
 */
seat?: number | null, 
/**
 * The person's name (`guest` by default).
 */
name?: string | null, };

/**
 * `POST /api/accounts` (a new account) and `POST /api/session` (signing in).
 */
export type Credentials = { 
/**
 * The account's name: 1 to 40 characters, unique whatever its case.
 */
name: string, 
/**
 * Its password: 8 to 200 characters.
 */
password: string, };

/**
 * `GET /api/me`, and the answer to creating an account, signing in or out: who is signed
 * in on this browser.
 */
export type Me = { 
/**
 * The account's name, or `null` when nobody is signed in.
 */
name: string | null, 
/**
 * Its rating in each game it played rated.
 */
ratings: Array<RatingInfo>, };

/**
 * One game's rating of an account.
 */
export type RatingInfo = { 
/**
 * The game's id.
 */
game: string, 
/**
 * The rating, rounded (1500 at the start; the game's beginner policy is 1500).
 */
rating: number, 
/**
 * Its deviation, rounded: the true strength is within twice it, 95 times in 100.
 */
deviation: number, 
/**
 * Rated games played.
 */
games: number, 
/**
 * Still provisional: a deviation above 110 (few games yet).
 */
provisional: boolean, };

/**
 * An account's rating after one rated game.
 */
export type RatingPoint = { 
/**
 * The game's id.
 */
game: string, 
/**
 * The table.
 */
table: string, 
/**
 * When the game ended (Unix seconds).
 */
at: number, 
/**
 * The rating before, rounded.
 */
before: number, 
/**
 * The rating after, rounded.
 */
rating: number, };

/**
 * A table where the signed-in account holds a seat (`GET /api/me/tables`).
 */
export type MyTable = { 
/**
 * The account's seat, from 0.
 */
seat: number, 
/**
 * Whether the seat is to act now (a live table).
 */
your_turn: boolean, 
/**
 * The table: live, or as the archive keeps it.
 */
table: TableAnswer, };

/**
 * `GET /api/me/tables`: the signed-in account's tables, newest first.
 */
export type MyTables = { 
/**
 * The tables.
 */
tables: Array<MyTable>, };

/**
 * A game on a player's page: the table, and the player's seat at it.
 */
export type PlayedGame = { 
/**
 * The player's seat, from 0.
 */
seat: number, 
/**
 * The finished table.
 */
table: ArchivedTable, };

/**
 * `GET /api/players/{name}`: a player's page.
 */
export type PlayerPage = { 
/**
 * The account's name.
 */
name: string, 
/**
 * When it was created (Unix seconds).
 */
created: number, 
/**
 * Its rating in each game it played rated.
 */
ratings: Array<RatingInfo>, 
/**
 * Its rating after each rated game, oldest first (the last 500).
 */
history: Array<RatingPoint>, 
/**
 * Its finished games, newest first (the last 50).
 */
games: Array<PlayedGame>, };

/**
 * A seat taken (`POST /api/tables` and `…/join`): the token is the seat's key.
 */
export type Seated = { 
/**
 * The table's id.
 */
table: string, 
/**
 * The seat taken.
 */
seat: number, 
/**
 * The seat's token: its WebSocket's `?token=`.
 */
token: string, };

/**
 * `GET /api/tables`: the lobby, a page at a time, newest first.
 */
export type TablesPage = { 
/**
 * The page's tables, each with `created`.
 */
tables: Array<TableInfo>, 
/**
 * The page, from 0.
 */
page: number, 
/**
 * Tables a page.
 */
per_page: number, 
/**
 * The tables in all pages.
 */
total: number, };

/**
 * `GET /api/history`: finished games, newest first.
 */
export type HistoryPage = { 
/**
 * The page's games.
 */
games: Array<ArchivedTable>, 
/**
 * The page, from 0.
 */
page: number, 
/**
 * Games a page.
 */
per_page: number, };

/**
 * `GET /api/tables/{id}/record`: the game record the engine's `load` and `tabula replay`
 * read, with who played each action.
 */
export type RecordAnswer = { 
/**
 * The game's id.
 */
game: string, 
/**
 * The options as given.
 */
options: Record<string, JsonValue>, 
/**
 * The chance generator's seed.
 */
seed: number, 
/**
 * Who sat at each seat: a person's name or a bot's.
 */
seats: Array<string>, 
/**
 * Every action, chance outcomes included.
 */
actions: Array<string>, 
/**
 * Who played each action (a person, a bot, `chance`, `preset`).
 */
players: Array<string>, 
/**
 * Each seat's return.
 */
result: Array<number> | null, 
/**
 * A resignation or a loss on time.
 */
ending?: EndingInfo, };

/**
 * One step of a replay: whose turn and what the seat saw, after some actions.
 */
export type ReplayStep = { 
/**
 * Whose turn it was.
 */
turn: TurnInfo, 
/**
 * The seat's view (a spectator's without a seat), as the engine's `view`.
 */
view: JsonValue, };

/**
 * `GET /api/tables/{id}/replay?seat=K`: a finished game step by step from one viewpoint.
 */
export type ReplayAnswer = { 
/**
 * Each seat's person, or its bot's label.
 */
names: Array<string>, 
/**
 * The chance generator's seed.
 */
seed: number, 
/**
 * Every action, chance outcomes included.
 */
actions: Array<string>, 
/**
 * The viewpoint: a seat, or a spectator's.
 */
seat: number | null, 
/**
 * `steps[k]`: after `steps_from + k` actions (every step unless the request asked
 * for those `around` a step `at`), each a [`ReplayStep`] as JSON text.
 */
steps: Array<ReplayStep>, 
/**
 * The step `steps` begins at.
 */
steps_from: number, 
/**
 * The number of steps in the whole game (its actions, plus one).
 */
step_count: number, 
/**
 * `history[k]`: the `k`-th action as the viewpoint saw it.
 */
history: Array<HistoryEntry>, 
/**
 * What the viewpoint heard at the table.
 */
chat: Array<ChatLine>, 
/**
 * The table's id.
 */
table: string, 
/**
 * The game's id.
 */
game: string, 
/**
 * The options as given.
 */
options: Record<string, JsonValue>, 
/**
 * Each seat as opened: `"human"` or a bot's name.
 */
seats: Array<string>, 
/**
 * Each seat as people read it: the name its person gave, or its bot's label
 * (`Sasha (medium bot)`).
 */
names: Array<string>, 
/**
 * Where it stands.
 */
status: TableStatus, 
/**
 * The clock, if it had one.
 */
clock: ClockInfo | null, 
/**
 * Each seat's return, once over.
 */
result: Array<number> | null, 
/**
 * A resignation or a loss on time.
 */
ending: EndingInfo | null, 
/**
 * When it opened (Unix seconds).
 */
created: number, 
/**
 * When it ended (Unix seconds).
 */
finished: number | null, 
/**
 * Rated: its accounts' ratings changed when it ended.
 */
rated: boolean, 
/**
 * Whether each seat's name is an account's (its page: `/players/{name}`).
 */
accounts: Array<boolean>, };

/**
 * A line of a game's log: `{k}` stands for seat k's name.
 */
export type SaidLine = { 
/**
 * Whose name begins the line.
 */
seat: number | null, 
/**
 * The words.
 */
text: string, };

/**
 * One action of a history as a seat saw it (the engine's `history` entries): for the
 * generated types only; the server passes the engine's JSON on as it is.
 */
export type HistoryEntry = { 
/**
 * The seat that acted, or `"chance"`.
 */
actor: number | "chance", 
/**
 * The action as this seat may know it (`card ?` for a hidden card).
 */
action: string, 
/**
 * The game's own log lines for it.
 */
said?: Array<SaidLine>, };

/**
 * A message from a client to its table.
 */
export type ClientMessage = { "type": "act" } & Act | { "type": "undo" } | { "type": "takeback" } & Takeback | { "type": "resign" } | { "type": "leave" } | { "type": "return" } | { "type": "claim" } | { "type": "rematch" } | { "type": "chat" } & Chat;

/**
 * `{"type":"act","action":"root/22","seq":12}`.
 */
export type Act = { 
/**
 * The action's text, as `legal` lists it.
 */
action: string, 
/**
 * The number of actions played so far (the update's `seq`): a stale click never plays.
 */
seq: number, };

/**
 * `{"type":"takeback"}`, or `{"type":"takeback","decline":true}`.
 */
export type Takeback = { 
/**
 * Declines another seat's request instead of accepting it.
 */
decline?: boolean | null, };

/**
 * `{"type":"chat","text":"good luck"}`.
 */
export type Chat = { 
/**
 * What is said.
 */
text: string, 
/**
 * A seat's `table` (its default) or `team`; a spectator's `spectators`.
 */
channel?: string | null, 
/**
 * A spectator's name (a seat speaks under its own).
 */
name?: string | null, };

/**
 * A message from a table to a client.
 */
export type ServerMessage = { "type": "update" } & Update | { "type": "error" } & ErrorInfo | { "type": "chat", 
/**
 * The lines, oldest first.
 */
lines: Array<ChatLine>, };

/**
 * The table as one connection may see it.
 */
export type Update = { 
/**
 * The number of actions applied so far (chance outcomes included).
 */
seq: number, 
/**
 * This connection's seat; a spectator's is `null`.
 */
seat: number | null, 
/**
 * Whose turn it is.
 */
turn: TurnInfo, 
/**
 * The engine's `view` for this seat (a spectator's without a seat).
 */
view: JsonValue, 
/**
 * The actions this seat may play: only to the seat to act, while its person plays it.
 */
legal: Array<string>, 
/**
 * Each seat's clock (`null` for a bot's); `[]` without a clock.
 */
clocks: Array<ClockState | null>, 
/**
 * Each seat.
 */
seats: Array<SeatInfo>, 
/**
 * Where the table stands.
 */
status: TableStatus, 
/**
 * Each seat's return, once over.
 */
result: Array<number> | null, 
/**
 * A resignation or a loss on time.
 */
ending: EndingInfo | null, 
/**
 * A rematch's offers and table (a seat's update only).
 */
rematch: RematchInfo | null, 
/**
 * Whether Undo may take this seat's last action back.
 */
undo: boolean, 
/**
 * Whether this seat may ask the others to take its last move back.
 */
takeback_ok: boolean, 
/**
 * A takeback asked now.
 */
takeback: TakebackInfo | null, 
/**
 * Whether this seat has a private channel with its team-mates.
 */
team_chat: boolean, 
/**
 * Every action so far as this seat saw it, with the game's words for it.
 */
history: Array<HistoryEntry>, };

/**
 * A seat's clock now.
 */
export type ClockState = { 
/**
 * The seat.
 */
seat: number, 
/**
 * Its time left, in milliseconds (the running one charged to the moment sent).
 */
ms: number, 
/**
 * Whether it runs.
 */
running: boolean, 
/**
 * Whether it ran out.
 */
flagged: boolean, };

/**
 * A rematch as one seat is told of it.
 */
export type RematchInfo = { 
/**
 * The seats that offered it.
 */
offers: Array<number>, 
/**
 * The new table, once every person's seat accepted.
 */
table: string | null, 
/**
 * This seat's place there.
 */
seat: number | null, 
/**
 * This seat's token there.
 */
token: string | null, };

/**
 * A takeback asked.
 */
export type TakebackInfo = { 
/**
 * The seat that asked.
 */
by: number, 
/**
 * The seats that accepted so far.
 */
accepted: Array<number>, };

/**
 * Who hears a line.
 */
export type ChatChannel = "table" | "team" | "spectators";

/**
 * A line said at a table.
 */
export type ChatLine = { 
/**
 * Its number at the table, from 0.
 */
n: number, 
/**
 * Who hears it.
 */
channel: ChatChannel, 
/**
 * The seat that said it; a spectator's is `null`.
 */
seat: number | null, 
/**
 * The speaker's name.
 */
name: string, 
/**
 * What was said.
 */
text: string, 
/**
 * The number of actions played when it was said.
 */
seq: number, 
/**
 * When (Unix milliseconds).
 */
at: number, };
