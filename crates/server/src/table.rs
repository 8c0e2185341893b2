//! One table: a task that alone owns the game in progress. It checks every action with the
//! rules, commits it to the store, then sends each connection what its seat may see; bots
//! think on blocking threads and send their moves back as messages. The task also keeps the
//! clocks, and hands a seat to a bot when its person leaves, stays away past the grace
//! period, resigns or runs out of time with more than two seats.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use serde_json::value::RawValue;
use serde_json::{Value, json};
use tabula_core::{DynBot, DynState, ErrorCode, Registry, Turn};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use crate::error::ApiError;
use crate::outbox::Outbox;
use crate::protocol::{
    self, ChatChannel, ChatLine, ClientMessage, ClockInfo, ClockState, EndingInfo, EndingKind, RematchInfo,
    SeatInfo, ServerMessage, TableInfo, TableStatus, TakebackInfo, Update,
};
use crate::store::{ActionRow, ChatRow, SeatRow, Store};
use crate::{hash_token, new_token, now};

/// A table's clock: Fischer increment, or a time per move (correspondence), kept by the
/// server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockSpec {
    /// Each person's time at the start, in milliseconds (by correspondence: at every turn).
    pub initial_ms: i64,
    /// The time added when a seat's turn passes to another, in milliseconds.
    pub increment_ms: i64,
    /// A game by correspondence: each turn has `initial_ms`, and nobody's absence hands a
    /// seat to a bot (only a turn's time running out does).
    pub correspondence: bool,
}

impl ClockSpec {
    /// A clock as a `POST /api/tables` body gives it (and as it is stored):
    /// `{"initial_s":N,"increment_s":M}`, `N` from 1 second to two weeks and `M` from 0 to
    /// an hour (fractions allowed); `"correspondence":true` makes `N` each move's time.
    ///
    /// # Errors
    /// A time out of bounds, with the reason.
    pub fn new(clock: ClockInfo) -> Result<ClockSpec, String> {
        let seconds = |key: &str, v: f64, least: f64, most: f64| -> Result<i64, String> {
            if !(least..=most).contains(&v) {
                return Err(format!("clock {key} must be from {least} to {most} seconds, not {v}"));
            }
            Ok((v * 1000.0).round() as i64)
        };
        let correspondence = clock.correspondence.unwrap_or(false);
        if correspondence && clock.increment_s.is_some_and(|i| i != 0.0) {
            return Err(
                "a game by correspondence gives each move its time afresh: it has no increment_s".into()
            );
        }
        Ok(ClockSpec {
            initial_ms: seconds("initial_s", clock.initial_s, 1.0, 14.0 * 86_400.0)?,
            increment_ms: seconds("increment_s", clock.increment_s.unwrap_or(0.0), 0.0, 3600.0)?,
            correspondence,
        })
    }

    /// The clock as stored and shown: `{"initial_s":N,"increment_s":M}`, with
    /// `"correspondence":true` for a game by correspondence.
    pub fn info(self) -> ClockInfo {
        ClockInfo {
            initial_s: self.initial_ms as f64 / 1000.0,
            increment_s: Some(self.increment_ms as f64 / 1000.0),
            correspondence: self.correspondence.then_some(true),
        }
    }

    /// The clock as stored: `{"initial_s":N,"increment_s":M}`.
    pub fn to_json(self) -> Value {
        serde_json::to_value(self.info()).expect("a clock is JSON")
    }
}

/// How a game ended when not by the rules.
#[derive(Debug, Clone, PartialEq)]
struct Ending {
    /// A resignation or a loss on time.
    kind: EndingKind,
    /// The seat that resigned or ran out of time.
    seat: usize,
    /// Each seat's result: −1 for that seat, +1 for the other.
    result: Vec<f64>,
}

impl Ending {
    fn info(&self) -> EndingInfo {
        EndingInfo { kind: self.kind, seat: self.seat }
    }
}

/// Who plays a seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatKind {
    /// A person, once someone joins.
    Human,
    /// A bot or level, by name.
    Bot(String),
}

impl SeatKind {
    /// Reads a seat of a `POST /api/tables` body.
    pub fn parse(text: &str) -> SeatKind {
        if text == "human" { SeatKind::Human } else { SeatKind::Bot(text.to_owned()) }
    }
}

/// A person holding a seat.
#[derive(Debug, Clone)]
struct Holder {
    hash: String,
    name: String,
    /// Open connections of this seat.
    connected: usize,
    /// A bot stands in: the person left, or stayed away past the grace period. Coming back
    /// (connecting again, or `return`) takes the seat back.
    away: bool,
    /// The person gave the seat up for good (resigned, or ran out of time with more than
    /// two seats): a bot plays it to the end.
    gone: bool,
    /// Counts connections and disconnections, so that a grace period that has been
    /// interrupted does nothing when it ends.
    epoch: u64,
    /// When the running grace period ends: set while the person is connected nowhere and
    /// another person at the table waits for them.
    grace_until: Option<Instant>,
    /// The account that took the seat (signed in): it may connect to it from anywhere.
    account: Option<String>,
}

/// A message to a table's task.
pub enum Cmd {
    /// Take a seat (`None`: the first free human seat): replies with the seat and its token.
    Join {
        /// The seat asked for.
        seat: Option<usize>,
        /// The person's name.
        name: String,
        /// The person's account, when signed in.
        account: Option<String>,
        /// The answer.
        reply: oneshot::Sender<Result<(usize, String), ApiError>>,
    },
    /// A WebSocket opens: with a token, for its seat; with a signed-in account, for the seat
    /// it took; without, a spectator.
    Connect {
        /// The token given, if any.
        token: Option<String>,
        /// The signed-in account and the seat it asks for, if any.
        account: Option<(String, usize)>,
        /// Where the table sends this connection's messages.
        out: Arc<Outbox>,
        /// The connection's number and seat.
        reply: oneshot::Sender<Result<(u64, Option<usize>), ApiError>>,
    },
    /// A WebSocket closed.
    Disconnect {
        /// The connection.
        conn: u64,
    },
    /// A message from a connection.
    Message {
        /// The connection.
        conn: u64,
        /// Its text.
        text: String,
    },
    /// A bot has chosen.
    BotMove {
        /// The seat.
        seat: usize,
        /// The number of actions when it began to think.
        seq: usize,
        /// The bot itself, given back.
        bot: Box<dyn DynBot>,
        /// Its choice.
        action: Result<String, String>,
    },
    /// The table as the lobby shows it.
    Info {
        /// The answer.
        reply: oneshot::Sender<TableInfo>,
    },
    /// The seat to act may have run out of time.
    Tick {
        /// The clock's arming this tick belongs to.
        epoch: u64,
    },
    /// The table has waited for its seats as long as it may: it expires if some are
    /// still free.
    Expire,
    /// Another process has taken the table over: this copy stops.
    Lost,
    /// A seat's grace period has ended.
    Grace {
        /// The seat.
        seat: usize,
        /// The holder's epoch when it began.
        epoch: u64,
    },
}

/// A rematch's table once opened: its id and each person's (seat, token) there.
pub type Opened = (String, Vec<(usize, String)>);

/// A table to open for a rematch, asked of the server by a table whose seats all accepted:
/// its people are seated at once (each given a new token).
pub struct NewTable {
    /// The game id.
    pub game: String,
    /// The options.
    pub options: Value,
    /// Each seat's kind: `"human"` or a bot.
    pub seats: Vec<String>,
    /// The clock, as stored (JSON text).
    pub clock: Option<String>,
    /// The people to seat: (seat, name, account).
    pub people: Vec<(usize, String, Option<String>)>,
    /// Rated, as the table it follows.
    pub rated: bool,
    /// The new table's id and each person's (seat, token), or why it could not be opened.
    pub reply: oneshot::Sender<Result<Opened, String>>,
}

/// The table a rematch opened, and where each seat of this one sits there.
struct Rematch {
    table: String,
    /// Per seat of this table: its seat at the new one and the token holding it.
    seats: Vec<Option<(usize, String)>>,
}

/// A live table's handle: where to send commands.
#[derive(Clone)]
pub struct Handle {
    /// The task's inbox.
    pub tx: mpsc::Sender<Cmd>,
}

/// The tables live in this process: each one's handle, and each unfinished one's line in
/// the lobby, kept up to date by the table itself (so the lobby asks no table anything).
#[derive(Default)]
pub struct Live {
    handles: RwLock<HashMap<String, Handle>>,
    lobby: RwLock<HashMap<String, TableInfo>>,
    /// The tables whose line changed since the lobby in the database was last written
    /// (several processes share it there).
    dirty: std::sync::Mutex<std::collections::HashSet<String>>,
}

impl Live {
    /// The live table `id`'s handle.
    pub fn get(&self, id: &str) -> Option<Handle> {
        self.handles.read().expect("the live tables").get(id).cloned()
    }

    /// Adds a table started here.
    pub fn insert(&self, id: String, h: Handle) {
        self.handles.write().expect("the live tables").insert(id, h);
    }

    /// The unfinished tables as the lobby lists them (`status`: only those), newest first:
    /// one page, and how many there are in all.
    pub fn page(&self, status: Option<TableStatus>, page: usize, per_page: usize) -> (Vec<TableInfo>, usize) {
        let lobby = self.lobby.read().expect("the lobby");
        let mut rows: Vec<&TableInfo> =
            lobby.values().filter(|v| status.is_none_or(|s| v.status == s)).collect();
        rows.sort_by(|a, b| b.created.cmp(&a.created).then_with(|| a.table.cmp(&b.table)));
        let total = rows.len();
        (rows.into_iter().skip(page * per_page).take(per_page).cloned().collect(), total)
    }

    /// The lines changed since the last call: each table and its line (`None`: gone from
    /// the lobby).
    pub fn changed(&self) -> Vec<(String, Option<TableInfo>)> {
        let ids: Vec<String> = self.dirty.lock().expect("the changed lines").drain().collect();
        let lobby = self.lobby.read().expect("the lobby");
        ids.into_iter()
            .map(|id| {
                let line = lobby.get(&id).cloned();
                (id, line)
            })
            .collect()
    }

    fn publish(&self, id: &str, info: Option<TableInfo>) {
        self.dirty.lock().expect("the changed lines").insert(id.to_owned());
        let mut lobby = self.lobby.write().expect("the lobby");
        match info {
            Some(v) => {
                lobby.insert(id.to_owned(), v);
            }
            None => {
                lobby.remove(id);
            }
        }
    }

    fn remove(&self, id: &str) {
        self.publish(id, None);
        self.handles.write().expect("the live tables").remove(id);
    }

    /// Removes table `id` if its live handle is still the one sending to `tx`.
    fn remove_if(&self, id: &str, tx: &mpsc::Sender<Cmd>) {
        let mut handles = self.handles.write().expect("the live tables");
        if handles.get(id).is_some_and(|h| h.tx.same_channel(tx)) {
            handles.remove(id);
            drop(handles);
            self.publish(id, None);
        }
    }
}

/// What a table's task starts from.
pub struct Setup {
    /// Its id.
    pub id: String,
    /// The game id.
    pub game: String,
    /// The options given.
    pub options: Value,
    /// Each seat's kind.
    pub seats: Vec<SeatKind>,
    /// The game in progress (replayed from the store on a restart).
    pub state: Box<dyn DynState>,
    /// Who played each action so far.
    pub players: Vec<String>,
    /// The seats already held.
    pub holders: Vec<SeatRow>,
    /// The clock, if any.
    pub clock: Option<ClockSpec>,
    /// Each seat's time left after the last action (a restored clocked table).
    pub clocks: Option<Vec<Option<i64>>>,
    /// How long a person may be away before a bot stands in.
    pub grace: Duration,
    /// Where a rematch's new table is asked for.
    pub lobby: mpsc::Sender<NewTable>,
    /// The last lines said at the table (at most [`CHAT_KEPT`]), in order.
    pub chat: Vec<ChatRow>,
    /// When the table was opened (seconds since the epoch).
    pub created: i64,
    /// How long it may wait for its seats to be taken before it expires.
    pub open_ttl: Duration,
    /// The live tables, where this one keeps its line in the lobby.
    pub live: Arc<Live>,
    /// What the seat to act had thought before the server stopped, in milliseconds (a
    /// restored clocked table charges it).
    pub thought_ms: i64,
    /// The seat that played the last action (chance outcomes aside), if any.
    pub last_seat: Option<usize>,
    /// Rated: its accounts' ratings change when it ends ([`crate::ratings`]).
    pub rated: bool,
    /// Whether one action of its rules took [`SLOW_RULES`] or more when it was replayed.
    pub slow_rules: bool,
}

struct Conn {
    seat: Option<usize>,
    out: Arc<Outbox>,
}

struct Table {
    id: String,
    game: String,
    options: Value,
    seats: Vec<SeatKind>,
    holders: Vec<Option<Holder>>,
    state: Box<dyn DynState>,
    players: Vec<String>,
    conns: HashMap<u64, Conn>,
    next_conn: u64,
    bots: Vec<Option<Box<dyn DynBot>>>,
    thinking: bool,
    /// Whether this game's rules have taken long on one action ([`SLOW_RULES`]): its rules
    /// work is then done off the runtime's workers ([`rules_work`]).
    slow_rules: bool,
    /// While the rules are slow, the game as it was after each of its last few lengths
    /// ([`KEPT_POSITIONS`]): an undo or a takeback goes back to one without a replay.
    kept: VecDeque<(usize, Box<dyn DynState>)>,
    store: Store,
    registry: Arc<Registry>,
    tx: mpsc::Sender<Cmd>,
    /// The bot that stands in for a person: the table's bots' level, else `medium`.
    level: String,
    grace: Duration,
    clock: Option<ClockSpec>,
    /// Each seat's time left, in milliseconds (`None`: a bot's seat, never clocked).
    clocks: Vec<Option<i64>>,
    /// The seats whose time ran out.
    flagged: Vec<bool>,
    /// Since when the seat to act has been thinking.
    since: Instant,
    /// Counts the clock's armings, so that a stale tick does nothing.
    clock_epoch: u64,
    ending: Option<Ending>,
    /// Each observer's history as JSON text, kept as actions come (seats, then the
    /// public), so that an update costs its view, not a walk through the whole game.
    hist: Vec<History>,
    lobby: mpsc::Sender<NewTable>,
    /// The seats that offered (or accepted) a rematch once the game was over.
    offers: Vec<bool>,
    /// The rematch's table, once every person accepted.
    next: Option<Rematch>,
    /// A takeback asked for: by which seat, at which `seq`, and the seats that accepted.
    takeback: Option<Takeback>,
    /// The last lines said (at most [`CHAT_KEPT`]).
    chat: VecDeque<ChatRow>,
    /// The next line's number.
    chat_next: i64,
    /// When each speaker's recent lines were said (a seat, a spectator's connection, all
    /// spectators together), for the rate limit.
    said: HashMap<Speaker, VecDeque<Instant>>,
    created: i64,
    live: Arc<Live>,
    /// The line last put in the lobby, so an unchanged table writes nothing.
    listed: Option<TableInfo>,
    /// Rated: its accounts' ratings change when it ends.
    rated: bool,
}

/// Who a line's rate limit counts against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Speaker {
    Seat(usize),
    Spectator(u64),
    Spectators,
}

/// The most lines a table keeps in memory, and sends a connection when it opens.
pub const CHAT_KEPT: usize = 200;
/// The longest line, in characters.
const CHAT_LEN: usize = 500;
/// How many lines one person may say in [`CHAT_WINDOW`].
const CHAT_BURST: usize = 5;
/// How many lines all the spectators together may say in [`CHAT_WINDOW`].
const SPECTATORS_BURST: usize = 20;
/// The window of the chat's rate limit.
const CHAT_WINDOW: Duration = Duration::from_secs(10);

/// A takeback request (docs/server.md, "Undo and takebacks").
struct Takeback {
    by: usize,
    seq: usize,
    accepted: Vec<usize>,
}

/// One observer's history: its entries' JSON joined by commas, and where each begins.
#[derive(Default)]
struct History {
    text: String,
    starts: Vec<usize>,
}

/// Starts a table's task.
pub fn spawn(setup: Setup, store: Store, registry: Arc<Registry>) -> Handle {
    let (tx, rx) = mpsc::channel(256);
    let n = setup.seats.len();
    let mut holders = vec![None; n];
    for h in setup.holders {
        if h.seat < n {
            holders[h.seat] = Some(Holder {
                hash: h.hash,
                name: h.name,
                connected: 0,
                away: false,
                gone: h.gone,
                epoch: 0,
                grace_until: None,
                account: h.account,
            });
        }
    }
    let level = setup
        .seats
        .iter()
        .find_map(|k| match k {
            SeatKind::Bot(name) => Some(name.clone()),
            SeatKind::Human => None,
        })
        .unwrap_or_else(|| "medium".to_owned());
    let clocks = match (setup.clock, setup.clocks) {
        (None, _) => vec![None; n],
        (Some(_), Some(saved)) if saved.len() == n => saved,
        (Some(c), _) => setup.seats.iter().map(|k| (*k == SeatKind::Human).then_some(c.initial_ms)).collect(),
    };
    let mut clocks = clocks;
    // By correspondence a turn has its whole time: the seat to act, if the last move was
    // not its own, begins its turn afresh.
    if let Some(c) = setup.clock
        && c.correspondence
        && let Turn::Player(p) = setup.state.turn()
        && setup.last_seat != Some(p)
        && let Some(Some(ms)) = clocks.get_mut(p)
    {
        *ms = c.initial_ms;
    }
    if setup.clock.is_some()
        && setup.thought_ms > 0
        && let Turn::Player(p) = setup.state.turn()
        && let Some(Some(ms)) = clocks.get_mut(p)
    {
        *ms = (*ms - setup.thought_ms).max(0);
    }
    let flagged = clocks.iter().map(|c| *c == Some(0)).collect();
    let table = Table {
        id: setup.id,
        game: setup.game,
        options: setup.options,
        seats: setup.seats,
        holders,
        state: setup.state,
        players: setup.players,
        conns: HashMap::new(),
        next_conn: 0,
        bots: (0..n).map(|_| None).collect(),
        thinking: false,
        slow_rules: setup.slow_rules,
        kept: VecDeque::new(),
        store,
        registry,
        tx: tx.clone(),
        level,
        grace: setup.grace,
        clock: setup.clock,
        clocks,
        flagged,
        since: Instant::now(),
        clock_epoch: 0,
        ending: None,
        hist: (0..=n).map(|_| History::default()).collect(),
        lobby: setup.lobby,
        offers: vec![false; n],
        next: None,
        takeback: None,
        chat_next: setup.chat.last().map_or(0, |c| c.n + 1),
        chat: setup.chat.into_iter().rev().take(CHAT_KEPT).rev().collect(),
        said: HashMap::new(),
        created: setup.created,
        live: setup.live,
        listed: None,
        rated: setup.rated,
    };
    // A table nobody came to sit at expires (docs/server.md, "Limits").
    let waited = Duration::from_secs((crate::now() - setup.created).max(0) as u64);
    let expire = tx.clone();
    let ttl = setup.open_ttl;
    tokio::spawn(async move {
        tokio::time::sleep(ttl.saturating_sub(waited)).await;
        let _ = expire.send(Cmd::Expire).await;
    });
    tokio::spawn(table.run(rx));
    Handle { tx }
}

/// The names bots are shown by, one per seat, so that three bots of one level at a table
/// stay apart ("Sasha (medium bot)").
const BOT_NAMES: [&str; 24] = [
    "Robin", "Sasha", "Kim", "Noor", "Jules", "Mika", "Ravi", "Lou", "Tess", "Omar", "Ines", "Yuki", "Pia",
    "Dara", "Eli", "Fay", "Gus", "Hana", "Ivo", "Juno", "Kai", "Lena", "Milo", "Nia",
];

/// How a bot playing `seat` at `level` is named to people.
pub fn bot_label(seat: usize, level: &str) -> String {
    format!("{} ({level} bot)", BOT_NAMES[seat % BOT_NAMES.len()])
}

/// What a client is told when the database fails: the database's own words go to the log,
/// never to a client.
const STORAGE_FAILED: &str = "The game could not be saved just now, so nothing changed: try again.";

/// Why a move cannot be taken back once a roll or a draw has come after it.
const CHANCE_SINCE: &str =
    "Chance has spoken since your move (a roll or a draw): it can no longer be taken back.";

/// Why nothing can be taken back at a table started from a given position.
const PRESET_START: &str = "This table started from this position: there is nothing of yours to take back.";

/// Logs a database error and gives the words a client is told instead.
fn storage_failed(table: &str, e: &str) -> String {
    tracing::error!(table = %table, "storage: {e}");
    STORAGE_FAILED.to_owned()
}

fn error_message(code: ErrorCode, message: &str) -> String {
    ServerMessage::error(code, message).to_text()
}

/// Whether `seat` (a spectator: `None`) hears a line: the table's channel every seat and
/// spectator, a team's its seats, the spectators' the spectators alone.
pub fn hears(game: &dyn tabula_core::DynGame, line: &ChatRow, seat: Option<usize>) -> bool {
    match line.channel.as_str() {
        "table" => true,
        "spectators" => seat.is_none(),
        team => seat.and_then(|s| game.team_channel(s)).is_some_and(|k| team == format!("team:{k}")),
    }
}

/// A line as sent: `{"n","channel":"table"|"team"|"spectators","seat","name","text","seq","at"}`.
pub fn chat_line(line: &ChatRow) -> ChatLine {
    let channel = match line.channel.as_str() {
        "table" => ChatChannel::Table,
        "spectators" => ChatChannel::Spectators,
        _ => ChatChannel::Team,
    };
    ChatLine {
        n: line.n,
        channel,
        seat: (line.seat >= 0).then_some(line.seat),
        name: line.name.clone(),
        text: line.text.clone(),
        seq: line.seq,
        at: line.at,
    }
}

impl Table {
    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        // A restored table may wait on a chance outcome or a bot; its people are away
        // until they reconnect.
        if let Err(e) = self.advance().await {
            tracing::error!(table = %self.id, "cannot resume: {e}");
        }
        self.sync_history();
        self.regrace();
        self.arm();
        self.wake_bot();
        self.publish();
        while let Some(cmd) = rx.recv().await {
            match cmd {
                Cmd::Join { seat, name, account, reply } => {
                    let _ = reply.send(self.join(seat, name, account).await);
                }
                Cmd::Connect { token, account, out, reply } => {
                    let answer = self.connect(token, account, out);
                    let ok = answer.as_ref().ok().copied();
                    let _ = reply.send(answer);
                    if let Some((conn, _)) = ok {
                        self.send_update(conn);
                        self.send_chat_backlog(conn);
                    }
                }
                Cmd::Disconnect { conn } => {
                    // A spectator's rate limit goes with its connection.
                    self.said.remove(&Speaker::Spectator(conn));
                    if let Some(c) = self.conns.remove(&conn)
                        && let Some(seat) = c.seat
                        && let Some(h) = self.holders[seat].as_mut()
                    {
                        h.connected = h.connected.saturating_sub(1);
                        h.epoch += 1;
                        self.regrace();
                        self.broadcast();
                    }
                }
                Cmd::Message { conn, text } => self.message(conn, &text).await,
                Cmd::BotMove { seat, seq, bot, action } => {
                    self.thinking = false;
                    // A bot that failed is not asked again: a new one is made for the next move.
                    if action.is_ok() {
                        self.bots[seat] = Some(bot);
                    }
                    // A move for a position that has changed, or for a seat its person has
                    // taken back, is dropped.
                    if seq == self.seq()
                        && self.turn() == Turn::Player(seat)
                        && self.controller(seat).is_some()
                    {
                        self.bot_plays(seat, action).await;
                    }
                }
                Cmd::Info { reply } => {
                    let _ = reply.send(self.info());
                }
                Cmd::Tick { epoch } => {
                    if epoch == self.clock_epoch {
                        self.charge();
                        if let Turn::Player(seat) = self.turn()
                            && self.clocks[seat] == Some(0)
                            && !self.flagged[seat]
                        {
                            self.flag(seat).await;
                        } else {
                            self.arm();
                        }
                    }
                }
                Cmd::Expire => {
                    if self.status() == TableStatus::Open && self.expire().await {
                        return;
                    }
                }
                Cmd::Lost => {}
                Cmd::Grace { seat, epoch } => {
                    let stands_in = !self.is_over() && self.waited(seat);
                    if let Some(h) = self.holders[seat].as_mut()
                        && h.epoch == epoch
                        && h.connected == 0
                        && !h.away
                    {
                        h.grace_until = None;
                        if stands_in {
                            h.away = true;
                            tracing::info!(table = %self.id, seat, "a bot stands in for a person away past the grace period");
                        }
                        self.broadcast();
                    }
                }
            }
            // A write refused because another process took the table over (or the
            // heartbeat found it so): this copy stops, and its clients reconnect to it there.
            if !self.store.holds(&self.id) {
                return self.lose();
            }
            self.wake_bot();
            self.publish();
        }
    }

    /// Stops this copy of a table another process now owns: its connections are told and
    /// closed (they reconnect and are served by the owner), and it leaves this process.
    fn lose(&mut self) {
        tracing::warn!(table = %self.id, "taken over by another process: this copy stops");
        self.close_all(
            ErrorCode::Moved,
            "This table is now kept by another server process: reconnect to go on.",
        );
        self.live.remove_if(&self.id, &self.tx);
    }

    /// Tells every connection why the table closes here (an error `code`), then closes each
    /// once what waits for it is sent.
    fn close_all(&self, code: ErrorCode, message: &str) {
        let told: Arc<str> = Arc::from(error_message(code, message));
        for c in self.conns.values() {
            c.out.send(Arc::clone(&told));
            c.out.close_after_sending();
        }
    }

    /// Keeps the table's line in the lobby as it stands (none once it is over).
    fn publish(&mut self) {
        let line = (!self.is_over()).then(|| TableInfo { created: Some(self.created), ..self.info() });
        if line != self.listed {
            self.live.publish(&self.id, line.clone());
            self.listed = line;
        }
    }

    /// Closes a table whose seats were never all taken: stored as `expired`, gone from the
    /// lobby, each connection told why and closed. `false` if it could not be stored (it
    /// stays, and will be tried again at the next start).
    async fn expire(&mut self) -> bool {
        if let Err(e) = self.store.set_status(&self.id, "expired", None, Some(now())).await {
            tracing::error!(table = %self.id, "cannot expire: {e}");
            return false;
        }
        tracing::info!(table = %self.id, "expired: its seats were not all taken in time");
        self.close_all(
            ErrorCode::Expired,
            "This table waited too long for its players and has closed: open a new one from the lobby.",
        );
        self.live.remove(&self.id);
        true
    }

    fn seq(&self) -> usize {
        self.players.len()
    }

    fn is_over(&self) -> bool {
        self.ending.is_some() || self.state.is_terminal()
    }

    /// Whose turn it is at the table: nobody's once the game has ended, by the rules or not.
    fn turn(&self) -> Turn {
        if self.ending.is_some() { Turn::Terminal } else { self.state.turn() }
    }

    fn result(&self) -> Option<Vec<f64>> {
        match &self.ending {
            Some(e) => Some(e.result.clone()),
            None => self.state.is_terminal().then(|| self.state.returns()),
        }
    }

    fn status(&self) -> TableStatus {
        if self.is_over() {
            TableStatus::Over
        } else if self.seats.iter().zip(&self.holders).any(|(k, h)| *k == SeatKind::Human && h.is_none()) {
            TableStatus::Open
        } else {
            TableStatus::Playing
        }
    }

    /// The bot playing `seat` now, if a bot does: the seat's own, or the one standing in
    /// for a person away or gone.
    fn controller(&self, seat: usize) -> Option<&str> {
        match (&self.seats[seat], &self.holders[seat]) {
            (SeatKind::Bot(name), _) => Some(name),
            (SeatKind::Human, Some(h)) if h.away || h.gone => Some(&self.level),
            (SeatKind::Human, _) => None,
        }
    }

    /// Who plays `seat`'s next move, as the record notes it.
    fn player_name(&self, seat: usize) -> String {
        match (&self.seats[seat], &self.holders[seat]) {
            (SeatKind::Bot(name), _) => name.clone(),
            (SeatKind::Human, Some(h)) if h.away || h.gone => format!("{} for {}", self.level, h.name),
            (SeatKind::Human, Some(h)) => h.name.clone(),
            (SeatKind::Human, None) => "human".to_owned(),
        }
    }

    fn seats_info(&self) -> Vec<SeatInfo> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, kind)| match (kind, &self.holders[i]) {
                (SeatKind::Bot(name), _) => SeatInfo::Bot {
                    seat: i,
                    name: name.clone(),
                    label: bot_label(i, name),
                    rating: tabula_ai::level::rating(&self.game, name).map(|r| r.round() as i32),
                },
                (SeatKind::Human, Some(h)) => SeatInfo::Human {
                    seat: i,
                    name: Some(h.name.clone()),
                    account: h.account.is_some(),
                    connected: h.connected > 0,
                    bot: (h.away || h.gone).then(|| self.level.clone()),
                    gone: h.gone,
                    // While someone waits for a person connected nowhere: the milliseconds
                    // before a bot plays for them.
                    grace_ms: h
                        .grace_until
                        .map(|t| t.saturating_duration_since(Instant::now()).as_millis() as u64),
                },
                (SeatKind::Human, None) => SeatInfo::Human {
                    seat: i,
                    name: None,
                    account: false,
                    connected: false,
                    bot: None,
                    gone: false,
                    grace_ms: None,
                },
            })
            .collect()
    }

    /// Each seat's clock as sent: time left now (the running one charged to this instant),
    /// whether it runs, whether it ran out; `null` for a bot's seat; `[]` without a clock.
    fn clocks_info(&self) -> Vec<Option<ClockState>> {
        if self.clock.is_none() {
            return Vec::new();
        }
        let running = match self.turn() {
            Turn::Player(p) if self.status() == TableStatus::Playing && !self.flagged[p] => Some(p),
            _ => None,
        };
        self.clocks
            .iter()
            .enumerate()
            .map(|(i, c)| match c {
                None => None,
                Some(ms) => {
                    let left = if running == Some(i) {
                        (*ms - self.since.elapsed().as_millis() as i64).max(0)
                    } else {
                        *ms
                    };
                    Some(ClockState {
                        seat: i,
                        ms: left,
                        running: running == Some(i),
                        flagged: self.flagged[i],
                    })
                }
            })
            .collect()
    }

    fn info(&self) -> TableInfo {
        TableInfo {
            table: self.id.clone(),
            game: self.game.clone(),
            options: self.options.clone(),
            canonical: self.state.game().canonical(),
            seats: self.seats_info(),
            status: self.status(),
            seq: self.seq(),
            turn: self.turn().into(),
            clock: self.clock.map(ClockSpec::info),
            // Started from given actions (a branch of a record): its chance outcomes so far
            // were chosen, not drawn.
            preset: self.players.first().is_some_and(|p| p == "preset"),
            result: self.result(),
            ending: self.ending.as_ref().map(Ending::info),
            rated: self.rated,
            created: None,
        }
    }

    async fn join(
        &mut self,
        seat: Option<usize>,
        name: String,
        account: Option<String>,
    ) -> Result<(usize, String), ApiError> {
        if self.rated && account.is_none() {
            return Err(ApiError::new(
                403,
                ErrorCode::SignInNeeded,
                "this table is rated: sign in (or create an account) to take a seat at it".into(),
            ));
        }
        if let Some(a) = &account
            && self.holders.iter().flatten().any(|h| h.account.as_ref() == Some(a))
        {
            return Err(ApiError::conflict(
                ErrorCode::SeatTaken,
                "you already have a seat at this table (signed in, one seat a table)".into(),
            ));
        }
        let free = |i: usize| self.seats[i] == SeatKind::Human && self.holders[i].is_none();
        let seat = match seat {
            Some(s) if s >= self.seats.len() => {
                return Err(ApiError::bad_request(
                    ErrorCode::BadSeat,
                    format!("this table has seats 0 to {}, not {s}", self.seats.len() - 1),
                ));
            }
            Some(s) if self.seats[s] != SeatKind::Human => {
                return Err(ApiError::conflict(ErrorCode::SeatTaken, format!("seat {s} is played by a bot")));
            }
            Some(s) if !free(s) => {
                return Err(ApiError::conflict(ErrorCode::SeatTaken, format!("seat {s} is already taken")));
            }
            Some(s) => s,
            None => (0..self.seats.len()).find(|&i| free(i)).ok_or_else(|| {
                ApiError::conflict(ErrorCode::TableFull, "every human seat of this table is taken".into())
            })?,
        };
        let token = new_token();
        let hash = hash_token(&token);
        self.store
            .take_seat(&self.id, seat, &hash, &name, account.as_deref())
            .await
            .map_err(ApiError::internal)?;
        self.holders[seat] = Some(Holder {
            hash,
            name,
            connected: 0,
            away: false,
            gone: false,
            epoch: 0,
            grace_until: None,
            account,
        });
        if self.status() == TableStatus::Playing {
            self.store.set_status(&self.id, "playing", None, None).await.map_err(ApiError::internal)?;
            self.store.set_started(&self.id, crate::now_ms()).await.map_err(ApiError::internal)?;
            // The clocks start with the game.
            self.since = Instant::now();
            self.arm();
        }
        // A seat taken but never connected is away after the grace period too.
        self.regrace();
        self.broadcast();
        Ok((seat, token))
    }

    fn connect(
        &mut self,
        token: Option<String>,
        account: Option<(String, usize)>,
        out: Arc<Outbox>,
    ) -> Result<(u64, Option<usize>), ApiError> {
        let seat = match (token, account) {
            (None, None) => None,
            (None, Some((account, seat))) => {
                let held = self
                    .holders
                    .get(seat)
                    .and_then(Option::as_ref)
                    .is_some_and(|h| h.account.as_deref() == Some(account.as_str()));
                if !held {
                    return Err(ApiError::unauthorized("your account holds no such seat at this table"));
                }
                Some(seat)
            }
            (Some(token), _) => {
                let hash = hash_token(&token);
                let seat = self
                    .holders
                    .iter()
                    .position(|h| h.as_ref().is_some_and(|h| h.hash == hash))
                    .ok_or_else(|| ApiError::unauthorized("this token holds no seat at this table"))?;
                Some(seat)
            }
        };
        let conn = self.next_conn;
        self.next_conn += 1;
        self.conns.insert(conn, Conn { seat, out });
        if let Some(seat) = seat
            && let Some(h) = self.holders[seat].as_mut()
        {
            h.connected += 1;
            h.epoch += 1;
            h.grace_until = None;
            // Coming back takes the seat back from a bot standing in.
            h.away = false;
            // Someone is here now: the people away keep them waiting no longer than the
            // grace period.
            self.regrace();
            // The others see the seat come back.
            let others: Vec<u64> = self.conns.keys().copied().filter(|&c| c != conn).collect();
            for c in others {
                self.send_update(c);
            }
        }
        Ok((conn, seat))
    }

    /// Whether another person at the table is here (connected, playing their own seat) and
    /// so waits for `seat`'s person: only then does a bot stand in for someone away. A person
    /// playing alone against bots, or everyone gone at once, finds the game as they left it.
    fn waited(&self, seat: usize) -> bool {
        self.holders.iter().enumerate().any(|(i, h)| {
            i != seat
                && self.seats[i] == SeatKind::Human
                && h.as_ref().is_some_and(|h| h.connected > 0 && !h.gone)
        })
    }

    /// Starts the grace period of every person connected nowhere for whom someone waits,
    /// and stops those for whom nobody waits any more (rules of the table: docs/server.md,
    /// "Leaving and coming back").
    fn regrace(&mut self) {
        let over = self.is_over();
        let correspondence = self.clock.is_some_and(|c| c.correspondence);
        for seat in 0..self.holders.len() {
            let waited = self.waited(seat);
            let Some(h) = self.holders[seat].as_mut() else { continue };
            // By correspondence the table waits for each person: nobody stands in for
            // someone away (only a turn's time running out hands the seat to a bot).
            let idle = h.connected == 0 && !h.away && !h.gone && !over && !correspondence;
            if idle && waited {
                if h.grace_until.is_none() {
                    h.grace_until = Some(Instant::now() + self.grace);
                    let (epoch, tx, grace) = (h.epoch, self.tx.clone(), self.grace);
                    tokio::spawn(async move {
                        tokio::time::sleep(grace).await;
                        let _ = tx.send(Cmd::Grace { seat, epoch }).await;
                    });
                }
            } else if h.grace_until.take().is_some() {
                // The running period is void: its end does nothing.
                h.epoch += 1;
            }
        }
    }

    /// Brings every observer's history up to the game's (or back, after an undo).
    fn sync_history(&mut self) {
        let len = self.state.history_len();
        let n = self.seats.len();
        for (o, h) in self.hist.iter_mut().enumerate() {
            if h.starts.len() > len {
                h.text.truncate(h.starts[len]);
                h.starts.truncate(len);
            }
            let observer = (o < n).then_some(o);
            while h.starts.len() < len {
                h.starts.push(h.text.len());
                if !h.text.is_empty() {
                    h.text.push(',');
                }
                let entry = self.state.history_entry(h.starts.len() - 1, observer).unwrap_or(Value::Null);
                h.text.push_str(&entry.to_string());
            }
        }
    }

    /// The update for `seat` (a spectator: `None`), as JSON text.
    fn update(&self, seat: Option<usize>) -> String {
        let turn = self.turn();
        let view = match seat {
            Some(s) => self.state.seat_view(s).unwrap_or(Value::Null),
            None => self.state.spectator_view(),
        };
        let history = &self.hist[seat.unwrap_or(self.seats.len())].text;
        let legal = match (seat, turn) {
            (Some(s), Turn::Player(p)) if s == p && self.controller(s).is_none() => {
                self.state.legal_actions()
            }
            _ => Vec::new(),
        };
        // The history's entries are kept as JSON text, each written once.
        let history = RawValue::from_string(format!("[{history}]")).expect("a history is JSON");
        ServerMessage::Update(Box::new(Update {
            seq: self.seq(),
            seat,
            turn: turn.into(),
            view,
            legal,
            clocks: self.clocks_info(),
            seats: self.seats_info(),
            status: self.status(),
            result: self.result(),
            ending: self.ending.as_ref().map(Ending::info),
            rematch: seat.map(|s| self.rematch_info(s)),
            undo: seat.is_some_and(|s| self.undo_shown(s)),
            takeback_ok: seat.is_some_and(|s| {
                !self.is_over() && self.controller(s).is_none() && self.takeback_point(s).is_ok()
            }),
            takeback: self
                .takeback
                .as_ref()
                .filter(|t| t.seq == self.seq())
                .map(|t| TakebackInfo { by: t.by, accepted: t.accepted.clone() }),
            team_chat: seat.is_some_and(|s| self.state.game().team_channel(s).is_some()),
            history,
        }))
        .to_text()
    }

    fn send_update(&self, conn: u64) {
        if let Some(c) = self.conns.get(&conn) {
            c.out.update(Arc::from(self.update(c.seat)));
        }
    }

    /// Sends every connection its update: built once per seat (and once for all the
    /// spectators), however many connections watch.
    fn broadcast(&self) {
        let mut built: HashMap<Option<usize>, Arc<str>> = HashMap::new();
        for c in self.conns.values() {
            let text = built.entry(c.seat).or_insert_with(|| Arc::from(self.update(c.seat)));
            c.out.update(Arc::clone(text));
        }
    }

    fn reply_error(&self, conn: u64, code: ErrorCode, message: &str) {
        if let Some(c) = self.conns.get(&conn) {
            c.out.send(Arc::from(error_message(code, message)));
        }
    }

    async fn message(&mut self, conn: u64, text: &str) {
        let Some(seat) = self.conns.get(&conn).map(|c| c.seat) else { return };
        let msg = match ClientMessage::parse(text) {
            Ok(msg) => msg,
            Err((code, message)) => return self.reply_error(conn, code, &message),
        };
        if let ClientMessage::Chat(chat) = msg {
            // Everyone at the table may talk, spectators and players who gave up included,
            // before, during and after the game.
            return match self.chat(conn, seat, chat).await {
                Ok(()) => {}
                Err((code, message)) => self.reply_error(conn, code, &message),
            };
        }
        let Some(seat) = seat else {
            return self.reply_error(
                conn,
                ErrorCode::Spectator,
                "a spectator watches: it holds no seat to play",
            );
        };
        if msg == ClientMessage::Rematch {
            // Whoever played, resigned included, may ask for another game.
            return self.rematch(conn, seat).await;
        }
        if self.holders[seat].as_ref().is_some_and(|h| h.gone) {
            return self.reply_error(
                conn,
                ErrorCode::Gone,
                "you gave this seat up: a bot plays it to the end of the game, and you may watch",
            );
        }
        if self.is_over() && !matches!(msg, ClientMessage::Act(_)) {
            return self.reply_error(conn, ErrorCode::Over, "the game is over");
        }
        match msg {
            ClientMessage::Act(act) => self.act(conn, seat, act).await,
            ClientMessage::Undo => match self.undo(seat).await {
                Ok(()) => {}
                Err(message) => self.reply_error(conn, ErrorCode::UndoRefused, &message),
            },
            ClientMessage::Takeback(t) => self.takeback(conn, seat, t.decline == Some(true)).await,
            ClientMessage::Resign => self.resign(conn, seat).await,
            ClientMessage::Leave => self.leave(conn, seat).await,
            ClientMessage::Return => {
                if let Some(h) = self.holders[seat].as_mut()
                    && h.away
                {
                    h.away = false;
                    self.broadcast();
                } else {
                    self.reply_error(
                        conn,
                        ErrorCode::NotAway,
                        "you hold your seat: there is nothing to return to",
                    );
                }
            }
            ClientMessage::Claim => self.claim(conn, seat).await,
            ClientMessage::Rematch | ClientMessage::Chat(_) => unreachable!("answered above"),
        }
    }

    /// Says a line at the table (docs/server.md, "Talking at the table"): a seat on the
    /// table's channel (every seat and the spectators hear it) or its team's (where the
    /// rules let team-mates confer: [`tabula_core::Game::team_channel`]), a spectator on the
    /// spectators' channel, which the seats never hear.
    async fn chat(
        &mut self,
        conn: u64,
        seat: Option<usize>,
        msg: protocol::Chat,
    ) -> Result<(), (ErrorCode, String)> {
        let text = msg.text.trim();
        if text.is_empty() {
            return Err((ErrorCode::BadChat, "there is nothing to say: the line is empty".into()));
        }
        if text.chars().count() > CHAT_LEN {
            return Err((ErrorCode::BadChat, format!("a line says at most {CHAT_LEN} characters")));
        }
        if text.chars().any(crate::hidden_char) {
            return Err((
                ErrorCode::BadChat,
                "a line may not hold control characters or marks that turn text around".into(),
            ));
        }
        let channel = match (seat, msg.channel.as_deref()) {
            (None, None | Some("spectators")) => "spectators".to_owned(),
            (None, Some(_)) => {
                return Err((
                    ErrorCode::BadChannel,
                    "a spectator talks with the other spectators only".into(),
                ));
            }
            (Some(_), None | Some("table")) => "table".to_owned(),
            (Some(s), Some("team")) => match self.state.game().team_channel(s) {
                Some(k) => format!("team:{k}"),
                None => {
                    return Err((
                        ErrorCode::BadChannel,
                        "this game has no private team talk: whatever you say, every seat hears".into(),
                    ));
                }
            },
            (Some(_), Some(other)) => {
                let shown: String = other.chars().take(40).collect();
                return Err((
                    ErrorCode::BadChannel,
                    format!("there is no channel {shown:?}: say \"table\" or \"team\""),
                ));
            }
        };
        let name = match seat {
            Some(s) => match &self.holders[s] {
                Some(h) => h.name.clone(),
                None => return Err((ErrorCode::BadRequest, "your seat is not taken".into())),
            },
            None => crate::clean_name(msg.name.as_deref(), "spectator")
                .map_err(|e| (ErrorCode::BadName, e.message))?,
        };
        if seat.is_some() && msg.name.is_some() {
            return Err((
                ErrorCode::BadRequest,
                "a seat talks under its own name: `name` is for spectators".into(),
            ));
        }
        // The rate limit: a person's recent lines, and all spectators' together.
        let now = Instant::now();
        let mut limits = vec![(
            match seat {
                Some(s) => Speaker::Seat(s),
                None => Speaker::Spectator(conn),
            },
            CHAT_BURST,
        )];
        if seat.is_none() {
            limits.push((Speaker::Spectators, SPECTATORS_BURST));
        }
        for (who, most) in &limits {
            let recent = self.said.entry(*who).or_default();
            while recent.front().is_some_and(|t| now.duration_since(*t) > CHAT_WINDOW) {
                recent.pop_front();
            }
            if recent.len() >= *most {
                return Err((
                    ErrorCode::ChatTooFast,
                    format!("slow down: at most {most} lines in {} seconds", CHAT_WINDOW.as_secs()),
                ));
            }
        }
        let line = ChatRow {
            n: self.chat_next,
            seq: self.seq() as i64,
            channel,
            seat: seat.map_or(-1, |s| s as i64),
            name,
            text: text.to_owned(),
            at: crate::now() * 1000,
        };
        if let Err(e) = self.store.add_chat(&self.id, &line).await {
            return Err((ErrorCode::Storage, storage_failed(&self.id, &e)));
        }
        for (who, _) in limits {
            self.said.entry(who).or_default().push_back(now);
        }
        self.chat_next += 1;
        let said: Arc<str> = Arc::from(ServerMessage::Chat { lines: vec![chat_line(&line)] }.to_text());
        for c in self.conns.values() {
            if hears(self.state.game(), &line, c.seat) {
                c.out.send(Arc::clone(&said));
            }
        }
        self.chat.push_back(line);
        if self.chat.len() > CHAT_KEPT {
            self.chat.pop_front();
        }
        Ok(())
    }

    /// Sends a connection that opens the lines said so far that it may hear.
    fn send_chat_backlog(&self, conn: u64) {
        let Some(c) = self.conns.get(&conn) else { return };
        let lines: Vec<ChatLine> =
            self.chat.iter().filter(|l| hears(self.state.game(), l, c.seat)).map(chat_line).collect();
        if !lines.is_empty() {
            c.out.send(Arc::from(ServerMessage::Chat { lines }.to_text()));
        }
    }

    async fn act(&mut self, conn: u64, seat: usize, protocol::Act { action, seq }: protocol::Act) {
        if action.len() > 1000 {
            return self.reply_error(
                conn,
                ErrorCode::BadRequest,
                "that action text is too long to be an action",
            );
        }
        if seq != self.seq() as u64 {
            return self.reply_error(
                conn,
                ErrorCode::Stale,
                &format!("the game has moved on: seq is {}, not {seq}; nothing was played", self.seq()),
            );
        }
        if self.turn() != Turn::Player(seat) {
            let msg = match self.turn() {
                Turn::Terminal => "the game is over".to_owned(),
                Turn::Player(p) => format!("it is seat {p}'s turn, not yours (seat {seat})"),
                Turn::Chance => "the game waits on a chance outcome".to_owned(),
            };
            return self.reply_error(conn, ErrorCode::NotYourTurn, &msg);
        }
        if self.status() == TableStatus::Open {
            return self.reply_error(
                conn,
                ErrorCode::NotStarted,
                "the game starts when every human seat is taken",
            );
        }
        if self.controller(seat).is_some() {
            return self.reply_error(
                conn,
                ErrorCode::Away,
                "a bot plays your seat since you left: send {\"type\":\"return\"} to take it back",
            );
        }
        let who = self.player_name(seat);
        if let Err((code, message)) = self.play(seat, &action, who).await {
            self.reply_error(conn, code, &message);
        }
    }

    /// Resigns `seat`: with two seats the game ends and the other seat wins; with more, a
    /// bot plays the seat to the end. Before the game begins it only frees the seat.
    async fn resign(&mut self, conn: u64, seat: usize) {
        if self.status() == TableStatus::Open {
            return self.leave(conn, seat).await;
        }
        if self.seats.len() == 2 {
            self.end(EndingKind::Resign, seat).await;
        } else {
            self.give_up(seat).await;
        }
    }

    /// A bot plays `seat` until its person comes back; before the game begins the seat is
    /// freed for someone else (the token no longer holds it).
    async fn leave(&mut self, conn: u64, seat: usize) {
        if self.status() == TableStatus::Open {
            if let Err(e) = self.store.release_seat(&self.id, seat).await {
                return self.reply_error(conn, ErrorCode::Storage, &storage_failed(&self.id, &e));
            }
            self.holders[seat] = None;
            for c in self.conns.values_mut() {
                if c.seat == Some(seat) {
                    c.seat = None;
                }
            }
            self.broadcast();
            return;
        }
        if let Some(h) = self.holders[seat].as_mut() {
            h.away = true;
        }
        self.broadcast();
    }

    /// What seat `seat` is told of a rematch: the seats that offered it, and once every
    /// person accepted, the new table with this seat's place and token there (sent to this
    /// seat alone; a spectator is told nothing).
    fn rematch_info(&self, seat: usize) -> RematchInfo {
        let offers: Vec<usize> = (0..self.offers.len()).filter(|&i| self.offers[i]).collect();
        let (table, at) = match &self.next {
            Some(r) => (Some(r.table.as_str()), r.seats[seat].as_ref()),
            None => (None, None),
        };
        RematchInfo {
            offers,
            table: table.map(str::to_owned),
            seat: at.map(|a| a.0),
            token: at.map(|a| a.1.clone()),
        }
    }

    /// Offers (or accepts) a rematch: once every person's seat has, a new table opens with
    /// the same game, options, clock and people, the seats turned by one (so sides and the
    /// first move change hands), bots accepting for themselves.
    async fn rematch(&mut self, conn: u64, seat: usize) {
        if !self.is_over() {
            return self.reply_error(conn, ErrorCode::NotOver, "a rematch is offered once the game is over");
        }
        if self.next.is_none() && !self.offers[seat] {
            self.offers[seat] = true;
            let everyone = (0..self.seats.len()).all(|i| self.seats[i] != SeatKind::Human || self.offers[i]);
            if everyone && let Err(e) = self.open_rematch().await {
                self.offers[seat] = false;
                tracing::error!(table = %self.id, "cannot open a rematch: {e}");
                return self.reply_error(
                    conn,
                    ErrorCode::RematchFailed,
                    "the rematch's table could not be opened: try again",
                );
            }
        }
        self.broadcast();
    }

    async fn open_rematch(&mut self) -> Result<(), String> {
        let n = self.seats.len();
        let mut kinds = vec![String::new(); n];
        let mut people = Vec::new();
        for i in 0..n {
            let j = (i + 1) % n;
            kinds[j] = match &self.seats[i] {
                SeatKind::Human => "human".to_owned(),
                SeatKind::Bot(name) => name.clone(),
            };
            if let (SeatKind::Human, Some(h)) = (&self.seats[i], &self.holders[i]) {
                people.push((j, h.name.clone(), h.account.clone()));
            }
        }
        let (reply, answer) = oneshot::channel();
        let ask = NewTable {
            game: self.game.clone(),
            options: self.options.clone(),
            seats: kinds,
            clock: self.clock.map(|c| c.to_json().to_string()),
            people,
            rated: self.rated,
            reply,
        };
        self.lobby.send(ask).await.map_err(|_| "the server is stopping".to_owned())?;
        let (table, tokens) = answer.await.map_err(|_| "the server is stopping".to_owned())??;
        let seats = (0..n).map(|i| tokens.iter().find(|(s, _)| *s == (i + 1) % n).cloned()).collect();
        tracing::info!(table = %self.id, rematch = %table, "a rematch opened");
        self.next = Some(Rematch { table, seats });
        Ok(())
    }

    /// Claims the win when the other seat of a two-seat game has run out of time.
    async fn claim(&mut self, conn: u64, seat: usize) {
        if self.seats.len() != 2 {
            return self.reply_error(
                conn,
                ErrorCode::ClaimRefused,
                "a win on time is claimed only in a two-seat game",
            );
        }
        let other = 1 - seat;
        self.charge();
        if !self.flagged[other] && self.clocks[other] == Some(0) {
            self.flag(other).await;
            if self.is_over() {
                return;
            }
        }
        if !self.flagged[other] {
            return self.reply_error(
                conn,
                ErrorCode::ClaimRefused,
                &format!("seat {other} still has time on its clock: there is no win to claim"),
            );
        }
        self.end(EndingKind::Time, other).await;
    }

    /// Ends the game now, `loser` having resigned or run out of time.
    async fn end(&mut self, kind: EndingKind, loser: usize) {
        let result = (0..self.seats.len()).map(|s| if s == loser { -1.0 } else { 1.0 }).collect();
        let ending = Ending { kind, seat: loser, result };
        let stored = async {
            self.store.set_ending(&self.id, &json!(ending.info()).to_string()).await?;
            self.store
                .set_status(&self.id, "over", Some(&json!(ending.result).to_string()), Some(now()))
                .await
        };
        if let Err(e) = stored.await {
            tracing::error!(table = %self.id, "cannot store the ending: {e}");
        }
        self.settle(ending.result.clone());
        self.ending = Some(ending);
        self.clock_epoch += 1;
        self.broadcast();
    }

    /// Once a rated game is over: each account's rating moves by its results against every
    /// other seat ([`crate::ratings::settle`]), on a task of its own; the table goes on.
    fn settle(&self, result: Vec<f64>) {
        if !self.rated {
            return;
        }
        let seats = (0..self.seats.len())
            .map(|i| match (&self.seats[i], &self.holders[i]) {
                (SeatKind::Bot(name), _) => crate::ratings::Rated::Bot(name.clone()),
                (SeatKind::Human, Some(Holder { account: Some(a), .. })) => {
                    crate::ratings::Rated::Account(a.clone())
                }
                (SeatKind::Human, _) => crate::ratings::Rated::Nobody,
            })
            .collect();
        let teams = self.registry.entry(&self.game).is_some_and(|e| e.spec.teams);
        let (store, table, game) = (self.store.clone(), self.id.clone(), self.game.clone());
        tokio::spawn(async move {
            if let Err(e) = crate::ratings::settle(&store, &table, &game, seats, &result, teams).await {
                tracing::error!(table = %table, "cannot settle the ratings: {e}");
            }
        });
    }

    /// `seat`'s person gives it up for good: a bot plays it to the end.
    async fn give_up(&mut self, seat: usize) {
        if let Err(e) = self.store.give_up_seat(&self.id, seat).await {
            tracing::error!(table = %self.id, "cannot store a seat given up: {e}");
        }
        if let Some(h) = self.holders[seat].as_mut() {
            h.gone = true;
        }
        self.broadcast();
    }

    /// `seat` has run out of time: with two seats the other may claim the win (a bot
    /// claims it at once); with more, a bot takes the seat over.
    async fn flag(&mut self, seat: usize) {
        self.flagged[seat] = true;
        self.clocks[seat] = Some(0);
        tracing::info!(table = %self.id, seat, "out of time");
        if self.seats.len() == 2 {
            if self.controller(1 - seat).is_some() {
                self.end(EndingKind::Time, seat).await;
            } else {
                self.broadcast();
            }
        } else {
            self.give_up(seat).await;
        }
        self.arm();
    }

    /// Charges the seat to act for the time since its turn began.
    fn charge(&mut self) {
        if self.clock.is_none() || self.status() != TableStatus::Playing {
            return;
        }
        let elapsed = self.since.elapsed().as_millis() as i64;
        self.since = Instant::now();
        if let Turn::Player(p) = self.turn()
            && !self.flagged[p]
            && let Some(ms) = self.clocks[p].as_mut()
        {
            *ms = (*ms - elapsed).max(0);
        }
    }

    /// Wakes the table when the seat to act would run out of time.
    fn arm(&mut self) {
        self.clock_epoch += 1;
        if self.clock.is_none() || self.status() != TableStatus::Playing {
            return;
        }
        let Turn::Player(p) = self.turn() else { return };
        let Some(ms) = self.clocks[p] else { return };
        if self.flagged[p] {
            return;
        }
        let due = self.since + Duration::from_millis(ms.max(0) as u64 + 1);
        let (epoch, tx) = (self.clock_epoch, self.tx.clone());
        tokio::spawn(async move {
            tokio::time::sleep_until(due).await;
            let _ = tx.send(Cmd::Tick { epoch }).await;
        });
    }

    /// Plays `action` for `seat`: checked on a copy, committed, then kept; then chance and
    /// the broadcast. A refusal changes nothing (the clock has run all the same).
    async fn play(&mut self, seat: usize, action: &str, who: String) -> Result<(), (ErrorCode, String)> {
        self.charge();
        // The rules check the action before anything changes: a refusal leaves the game
        // as it was. A commit that fails is undone by replaying the game without it.
        let len = self.state.history_len();
        self.keep_position();
        let text = rules_work(&self.id, &mut self.slow_rules, || self.state.apply(action))
            .map_err(|e| (e.code(), e.to_string()))?;
        let mut clocks = self.clocks.clone();
        if let Some(c) = self.clock
            && self.state.turn() != Turn::Player(seat)
            && !self.flagged[seat]
            && let Some(ms) = clocks[seat].as_mut()
        {
            *ms += c.increment_ms;
        }
        let row = ActionRow {
            seq: self.seq() as i64,
            seat: seat as i64,
            action: text,
            player: who.clone(),
            clocks: self.clock.map(|_| json!(clocks).to_string()),
            at: Some(crate::now_ms()),
        };
        if let Err(e) = self.store.append(&self.id, &row).await {
            self.rewind(len);
            return Err((ErrorCode::Storage, storage_failed(&self.id, &e)));
        }
        self.clocks = clocks;
        self.players.push(who);
        if let Err(e) = self.advance().await {
            tracing::error!(table = %self.id, "{e}");
        }
        // By correspondence each turn has its whole time.
        if let Some(c) = self.clock
            && c.correspondence
            && let Turn::Player(q) = self.turn()
            && q != seat
            && !self.flagged[q]
            && let Some(ms) = self.clocks[q].as_mut()
        {
            *ms = c.initial_ms;
        }
        self.sync_history();
        self.since = Instant::now();
        self.arm();
        self.broadcast();
        Ok(())
    }

    /// Samples and commits chance outcomes until a seat is to act; records the end.
    async fn advance(&mut self) -> Result<(), String> {
        while self.turn() == Turn::Chance {
            let len = self.state.history_len();
            self.keep_position();
            let text = rules_work(&self.id, &mut self.slow_rules, || self.state.sample_chance())
                .map_err(|e| e.to_string())?;
            let row = ActionRow {
                seq: self.seq() as i64,
                seat: -1,
                action: text,
                player: "chance".to_owned(),
                clocks: self.clock.map(|_| json!(self.clocks).to_string()),
                at: Some(crate::now_ms()),
            };
            if let Err(e) = self.store.append(&self.id, &row).await {
                self.rewind(len);
                return Err(e);
            }
            self.players.push("chance".to_owned());
        }
        if self.state.is_terminal() && self.ending.is_none() {
            let returns = self.state.returns();
            let result = json!(returns).to_string();
            self.store.set_status(&self.id, "over", Some(&result), Some(now())).await?;
            self.settle(returns);
        }
        Ok(())
    }

    /// Takes back `seat`'s last action when nobody else has acted since, no chance outcome
    /// came after it, and it showed the other seats nothing: whatever legal action `seat`
    /// had played in its place, every other seat's view and history would be the same (so
    /// they cannot tell which it was, and forgetting it hides nothing they learnt).
    async fn undo(&mut self, seat: usize) -> Result<(), String> {
        let history = self.state.history();
        if history.is_empty() {
            return Err("There is nothing to take back yet.".into());
        }
        let n = history.len();
        if self.players[n - 1] == "chance" {
            return Err(CHANCE_SINCE.into());
        }
        if self.players[n - 1] == "preset" {
            return Err(PRESET_START.into());
        }
        let replay = self.replayed(n - 1)?;
        if replay.turn() != Turn::Player(seat) {
            return Err("The last move is not yours: Undo takes back only your own last move.".into());
        }
        if self.within_turn(seat) {
            // Still this seat's turn, in a game where a move shows its player nothing new:
            // nobody could answer it yet, so it is taken back like a piece not yet let go.
            self.go_back(n - 1, replay).await?;
            self.broadcast();
            return Ok(());
        }
        let others: Vec<usize> = (0..self.seats.len()).filter(|&s| s != seat).collect();
        let seen: Vec<Value> = others.iter().map(|&o| self.state.view(o).unwrap_or(Value::Null)).collect();
        let saw = rules_work(&self.id, &mut true, || {
            for alt in replay.legal_actions() {
                let mut other = replay.clone_box();
                if other.apply(&alt).is_err() {
                    continue;
                }
                for (&o, seen) in others.iter().zip(&seen) {
                    if other.view(o).unwrap_or(Value::Null) != *seen {
                        return Some(o);
                    }
                }
            }
            None
        });
        if let Some(o) = saw {
            return Err(format!("{} already saw your move: ask for a takeback instead.", self.seat_label(o)));
        }
        self.go_back(n - 1, replay).await?;
        self.broadcast();
        Ok(())
    }

    /// How a seat is named in a sentence: its person, or its bot.
    fn seat_label(&self, seat: usize) -> String {
        match (&self.seats[seat], &self.holders[seat]) {
            (SeatKind::Bot(name), _) => bot_label(seat, name),
            (SeatKind::Human, Some(h)) => h.name.clone(),
            (SeatKind::Human, None) => format!("seat {}", seat + 1),
        }
    }

    /// Whether to offer `seat` Undo: its own last move, played by its person, no chance
    /// outcome since, and hidden from every other seat (a move another seat saw cannot be
    /// taken back by the derived rule: that is what a takeback is for). Undo itself checks
    /// the rule in full.
    fn undo_shown(&self, seat: usize) -> bool {
        let n = self.players.len();
        if n == 0 || self.is_over() || self.controller(seat).is_some() {
            return false;
        }
        if matches!(self.players[n - 1].as_str(), "chance" | "preset") {
            return false;
        }
        if self.within_turn(seat) {
            return true;
        }
        let Some(mine) = self.state.history_entry(n - 1, Some(seat)) else { return false };
        // Each other seat was shown the move hidden or masked, never as it was.
        mine["actor"] == json!(seat)
            && (0..self.seats.len()).filter(|&o| o != seat).all(|o| {
                self.state.history_entry(n - 1, Some(o)).is_some_and(|e| e["action"] != mine["action"])
            })
    }

    /// Whether `seat`'s last move may be taken back because its turn goes on (an Abagio turn
    /// of two leaps, before the second): the game has perfect information (a move shows its
    /// player nothing new), the last action is this seat's own move and this seat is still
    /// to act, so no other seat could answer it yet.
    fn within_turn(&self, seat: usize) -> bool {
        let n = self.players.len();
        n > 0
            && self.state.game().spec().information == tabula_core::InformationKind::Perfect
            && self.turn() == Turn::Player(seat)
            && !matches!(self.players[n - 1].as_str(), "chance" | "preset")
            && self.state.history_entry(n - 1, Some(seat)).is_some_and(|e| e["actor"] == json!(seat))
    }

    /// Where a takeback by `seat` would go back to: before its last move, with everything
    /// after it. Refused, in words, unless every move taken back was seen by everyone (never
    /// across a hidden reveal) and no chance outcome came since (nobody may replay knowing
    /// the dice or cards to come).
    fn takeback_point(&self, seat: usize) -> Result<usize, String> {
        let n = self.players.len();
        let mut k = n;
        while k > 0 {
            k -= 1;
            match self.players[k].as_str() {
                "chance" => return Err(CHANCE_SINCE.into()),
                "preset" => return Err(PRESET_START.into()),
                _ => {}
            }
            let public = self.state.history_entry(k, None);
            let mine = self.state.history_entry(k, Some(seat));
            if public.as_ref().is_none_or(|p| p["action"].is_null() || Some(p) != mine.as_ref()) {
                return Err(
                    "A move since holds something hidden: a takeback never goes back across it.".into()
                );
            }
            if mine.is_some_and(|e| e["actor"] == json!(seat)) {
                return Ok(k);
            }
        }
        Err("You have no move to take back yet.".into())
    }

    /// Asks for a takeback, accepts another seat's, or declines it (`"decline": true`).
    /// Bots accept at once; when every other person has accepted, the game goes back.
    async fn takeback(&mut self, conn: u64, seat: usize, decline: bool) {
        let seq = self.seq();
        let pending = self.takeback.as_ref().filter(|t| t.seq == seq).map(|t| t.by);
        if decline {
            match pending {
                Some(by) if by != seat => {
                    self.takeback = None;
                    self.broadcast();
                    // The asker is told, beside the button that asked.
                    let text = format!("{} declined the takeback.", self.seat_label(seat));
                    for (&c, k) in &self.conns {
                        if k.seat == Some(by) {
                            self.reply_error(c, ErrorCode::TakebackDeclined, &text);
                        }
                    }
                }
                _ => self.reply_error(conn, ErrorCode::NoTakeback, "No takeback was asked of you."),
            }
            return;
        }
        let by = match pending {
            Some(by) if by != seat => {
                let t = self.takeback.as_mut().expect("pending");
                if !t.accepted.contains(&seat) {
                    t.accepted.push(seat);
                }
                by
            }
            Some(_) => {
                return self.reply_error(
                    conn,
                    ErrorCode::TakebackAsked,
                    "You asked already: the others have to answer.",
                );
            }
            None => {
                if let Err(why) = self.takeback_point(seat) {
                    return self.reply_error(conn, ErrorCode::TakebackRefused, &why);
                }
                self.takeback = Some(Takeback { by: seat, seq, accepted: Vec::new() });
                seat
            }
        };
        let t = self.takeback.as_ref().expect("set above");
        let everyone = (0..self.seats.len()).all(|o| {
            o == by || self.controller(o).is_some() || self.holders[o].is_none() || t.accepted.contains(&o)
        });
        if everyone {
            self.takeback = None;
            let k = match self.takeback_point(by) {
                Ok(k) => k,
                Err(why) => return self.reply_error(conn, ErrorCode::TakebackRefused, &why),
            };
            let back = match self.replayed(k) {
                Ok(replay) => self.go_back(k, replay).await,
                Err(e) => Err(storage_failed(&self.id, &e)),
            };
            if let Err(why) = back {
                return self.reply_error(conn, ErrorCode::Storage, &why);
            }
        }
        self.broadcast();
    }

    /// Takes the game back to its first `len` actions, `replay` (an undo, a takeback): the
    /// stored actions past them are deleted. A database failure changes nothing and is told
    /// in a plain sentence.
    async fn go_back(&mut self, len: usize, replay: Box<dyn DynState>) -> Result<(), String> {
        self.charge();
        self.store.truncate(&self.id, len as i64).await.map_err(|e| storage_failed(&self.id, &e))?;
        self.state = replay;
        self.kept.retain(|(l, _)| *l <= len);
        self.players.truncate(len);
        self.sync_history();
        self.arm();
        Ok(())
    }

    /// Keeps the game as it is now, before an action or a chance outcome, while the rules are
    /// slow (the last [`KEPT_POSITIONS`] lengths).
    fn keep_position(&mut self) {
        let len = self.state.history_len();
        if !self.slow_rules || self.kept.back().is_some_and(|(l, _)| *l == len) {
            return;
        }
        if self.kept.len() == KEPT_POSITIONS {
            self.kept.pop_front();
        }
        self.kept.push_back((len, self.state.clone_box()));
    }

    /// The game as it was after its first `len` actions: a position kept, or replayed through
    /// the rules.
    fn replayed(&self, len: usize) -> Result<Box<dyn DynState>, String> {
        if let Some((_, kept)) = self.kept.iter().find(|(l, _)| *l == len) {
            return Ok(kept.clone_box());
        }
        rules_work(&self.id, &mut true, || {
            let mut replay = self.state.game().new_state(self.state.seed());
            replay.narrate();
            for a in self.state.history().iter().take(len) {
                replay.apply(a).map_err(|e| format!("cannot replay the game: {e}"))?;
            }
            Ok(replay)
        })
    }

    /// Goes back to the game after its first `len` actions (a commit failed).
    fn rewind(&mut self, len: usize) {
        match self.replayed(len) {
            Ok(state) => {
                self.state = state;
                self.kept.retain(|(l, _)| *l <= len);
            }
            Err(e) => tracing::error!(table = %self.id, "cannot rewind after a failed commit: {e}"),
        }
    }

    /// Plays a bot's choice for `seat`. A bot that could not choose (it failed) or chose a
    /// move the rules refuse must not stall the table: a legal move drawn for it is played
    /// instead, and the fault is logged.
    async fn bot_plays(&mut self, seat: usize, action: Result<String, String>) {
        let who = self.player_name(seat);
        let refused = match action {
            Ok(action) => match self.play(seat, &action, who.clone()).await {
                Ok(()) => return,
                // Only the refusal's kind: the move may be the seat's secret.
                Err(e) => format!("its move was refused ({})", e.0),
            },
            Err(e) => e,
        };
        self.bots[seat] = None;
        let legal = self.state.legal_actions();
        tracing::error!(table = %self.id, seat, "a bot could not move: {refused}; a legal move is played for it");
        if legal.is_empty() {
            return;
        }
        let k = (self.state.seed() ^ (self.seq() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            % legal.len() as u64;
        if let Err(e) = self.play(seat, &legal[k as usize], who).await {
            tracing::error!(table = %self.id, seat, "the move played for a bot was refused ({})", e.0);
        }
    }

    /// Starts the bot to act, if a bot plays the seat to act and none is thinking.
    fn wake_bot(&mut self) {
        let Turn::Player(seat) = self.turn() else { return };
        let Some(name) = self.controller(seat).map(str::to_owned) else { return };
        if self.thinking || self.status() != TableStatus::Playing {
            return;
        }
        let bot = match self.bots[seat].take() {
            Some(bot) => bot,
            None => {
                let seed = self.state.seed() ^ (seat as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                match self.registry.make_bot(&self.game, &name, &json!({}), seed) {
                    Ok(bot) => bot,
                    Err(e) => {
                        tracing::error!(table = %self.id, "cannot make bot {name}: {e}");
                        return;
                    }
                }
            }
        };
        self.thinking = true;
        let state = self.state.clone_box();
        let seq = self.seq();
        let tx = self.tx.clone();
        tokio::task::spawn_blocking(move || {
            let mut bot = bot;
            // A bot that panics gives its seat back rather than leave the table waiting.
            let action = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| bot.choose(&*state)))
                .unwrap_or_else(|panic| Err(format!("the bot failed: {}", panic_text(&*panic))));
            let _ = tx.blocking_send(Cmd::BotMove { seat, seq, bot, action });
        });
    }
}

/// How much CPU time one action's rules may take before a table's rules count as slow. Measured
/// (release build, this two-core machine, random games, narrated as the server narrates them):
/// the other four games' actions took at most 5–140 µs but for one Abilene action of 495 µs;
/// Fowers' Sabotage's sixth action already took 0.93–1.13 ms, its first execution (the 44th)
/// 0.36–2.6 s in the full game. Counting from 1 ms, a table learnt only there, after one
/// action held a worker for seconds.
pub const SLOW_RULES: Duration = Duration::from_micros(250);

/// How many earlier positions a table whose rules are slow keeps (an undo goes back one
/// action, a takeback a few: a replay of a long game of Fowers' Sabotage takes its deduction
/// aid's whole time again, tens of seconds in the full game).
const KEPT_POSITIONS: usize = 8;

/// Runs rules work on the table's own task. Work that may take long — an action of a game
/// whose rules were once `slow` (one action of Fowers' Sabotage's full game can cost seconds
/// of its deduction aid), the replay of a whole game for an undo — tells the runtime first,
/// so that its other tasks (the other tables, every socket) move to another worker meanwhile
/// rather than wait behind this table (docs/server.md, "Limits"). The games whose actions
/// take microseconds do not pay for that hand-over; a table learns its rules are slow from
/// the first action that takes [`SLOW_RULES`]. On a runtime of one thread, or on a blocking
/// thread already (a table restored after a restart), it simply runs.
pub(crate) fn rules_work<R>(table: &str, slow: &mut bool, work: impl FnOnce() -> R) -> R {
    use tokio::runtime::{Handle, RuntimeFlavor};
    let start = thread_cpu();
    let out = match Handle::try_current() {
        Ok(h) if *slow && h.runtime_flavor() == RuntimeFlavor::MultiThread => {
            tokio::task::block_in_place(work)
        }
        _ => work(),
    };
    let cost = thread_cpu().saturating_sub(start);
    if !*slow && cost >= SLOW_RULES {
        *slow = true;
        tracing::info!(
            table,
            "its rules took {cost:?} of CPU on one action: they run off the workers from now on"
        );
    }
    out
}

/// The CPU time this thread has used: what rules work costs, however busy the machine is
/// (wall time would count the waits of a thread the machine preempted: under load, every
/// table would soon count as slow). `block_in_place` runs its work on the calling thread.
#[cfg(unix)]
fn thread_cpu() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(t.tv_sec.max(0) as u64, t.tv_nsec.clamp(0, 999_999_999) as u32)
}

/// Wall time where no thread CPU clock is at hand.
#[cfg(not(unix))]
fn thread_cpu() -> Duration {
    static EPOCH: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    EPOCH.get_or_init(std::time::Instant::now).elapsed()
}

/// What a panic said, where it said it in words.
fn panic_text(panic: &(dyn std::any::Any + Send)) -> &str {
    panic
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| panic.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a panic")
}
