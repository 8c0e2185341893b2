//! One table: a task that alone owns the game in progress. It checks every action with the
//! rules, commits it to the store, then sends each connection what its seat may see; bots
//! think on blocking threads and send their moves back as messages.

use std::collections::HashMap;
use std::sync::Arc;

use serde_json::{Value, json};
use tabula_core::{DynBot, DynState, Registry, Turn};
use tokio::sync::{mpsc, oneshot};

use crate::error::ApiError;
use crate::store::{ActionRow, Store};
use crate::{hash_token, new_token, now};

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

    fn text(&self) -> &str {
        match self {
            SeatKind::Human => "human",
            SeatKind::Bot(name) => name,
        }
    }
}

/// A person holding a seat.
#[derive(Debug, Clone)]
struct Holder {
    hash: String,
    name: String,
    /// Open connections of this seat.
    connected: usize,
}

/// A message to a table's task.
pub enum Cmd {
    /// Take a seat (`None`: the first free human seat): replies with the seat and its token.
    Join {
        /// The seat asked for.
        seat: Option<usize>,
        /// The person's name.
        name: String,
        /// The answer.
        reply: oneshot::Sender<Result<(usize, String), ApiError>>,
    },
    /// A WebSocket opens: with a token, for its seat; without, a spectator.
    Connect {
        /// The token given, if any.
        token: Option<String>,
        /// Where the table sends this connection's messages.
        out: mpsc::UnboundedSender<String>,
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
        reply: oneshot::Sender<Value>,
    },
}

/// A live table's handle: where to send commands.
#[derive(Clone)]
pub struct Handle {
    /// The task's inbox.
    pub tx: mpsc::Sender<Cmd>,
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
    /// The seats already held: `(seat, token hash, name)`.
    pub holders: Vec<(usize, String, String)>,
}

struct Conn {
    seat: Option<usize>,
    out: mpsc::UnboundedSender<String>,
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
    store: Store,
    registry: Arc<Registry>,
    tx: mpsc::Sender<Cmd>,
}

/// Starts a table's task.
pub fn spawn(setup: Setup, store: Store, registry: Arc<Registry>) -> Handle {
    let (tx, rx) = mpsc::channel(256);
    let n = setup.seats.len();
    let mut holders = vec![None; n];
    for (seat, hash, name) in setup.holders {
        if seat < n {
            holders[seat] = Some(Holder { hash, name, connected: 0 });
        }
    }
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
        store,
        registry,
        tx: tx.clone(),
    };
    tokio::spawn(table.run(rx));
    Handle { tx }
}

fn error_message(code: &str, message: &str) -> String {
    json!({"type": "error", "code": code, "message": message}).to_string()
}

impl Table {
    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        // A restored table may wait on a chance outcome or a bot.
        if let Err(e) = self.advance().await {
            tracing::error!(table = %self.id, "cannot resume: {e}");
        }
        self.wake_bot();
        while let Some(cmd) = rx.recv().await {
            match cmd {
                Cmd::Join { seat, name, reply } => {
                    let _ = reply.send(self.join(seat, name).await);
                    self.wake_bot();
                }
                Cmd::Connect { token, out, reply } => {
                    let answer = self.connect(token, out);
                    let ok = answer.as_ref().ok().copied();
                    let _ = reply.send(answer);
                    if let Some((conn, _)) = ok {
                        self.send_update(conn);
                    }
                }
                Cmd::Disconnect { conn } => {
                    if let Some(c) = self.conns.remove(&conn)
                        && let Some(seat) = c.seat
                        && let Some(h) = self.holders[seat].as_mut()
                    {
                        h.connected = h.connected.saturating_sub(1);
                        self.broadcast();
                    }
                }
                Cmd::Message { conn, text } => self.message(conn, &text).await,
                Cmd::BotMove { seat, seq, bot, action } => {
                    self.thinking = false;
                    self.bots[seat] = Some(bot);
                    if seq == self.seq() && self.state.turn() == Turn::Player(seat) {
                        match action {
                            Ok(action) => {
                                let who = self.seats[seat].text().to_owned();
                                if let Err(e) = self.play(seat, &action, who).await {
                                    tracing::error!(table = %self.id, seat, "a bot's move was refused ({})", e.0);
                                }
                            }
                            Err(_) => tracing::error!(table = %self.id, seat, "a bot could not move"),
                        }
                    }
                    self.wake_bot();
                }
                Cmd::Info { reply } => {
                    let _ = reply.send(self.info());
                }
            }
        }
    }

    fn seq(&self) -> usize {
        self.players.len()
    }

    fn status(&self) -> &'static str {
        if self.state.is_terminal() {
            "over"
        } else if self.seats.iter().zip(&self.holders).any(|(k, h)| *k == SeatKind::Human && h.is_none()) {
            "open"
        } else {
            "playing"
        }
    }

    fn seats_json(&self) -> Value {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, kind)| match (kind, &self.holders[i]) {
                (SeatKind::Bot(name), _) => json!({"seat": i, "kind": "bot", "name": name}),
                (SeatKind::Human, Some(h)) => {
                    json!({"seat": i, "kind": "human", "name": h.name, "connected": h.connected > 0})
                }
                (SeatKind::Human, None) => {
                    json!({"seat": i, "kind": "human", "name": null, "connected": false})
                }
            })
            .collect()
    }

    fn info(&self) -> Value {
        json!({
            "table": self.id,
            "game": self.game,
            "options": self.options,
            "canonical": self.state.game().canonical(),
            "seats": self.seats_json(),
            "status": self.status(),
            "seq": self.seq(),
            "result": if self.state.is_terminal() { json!(self.state.returns()) } else { Value::Null },
        })
    }

    async fn join(&mut self, seat: Option<usize>, name: String) -> Result<(usize, String), ApiError> {
        let free = |i: usize| self.seats[i] == SeatKind::Human && self.holders[i].is_none();
        let seat = match seat {
            Some(s) if s >= self.seats.len() => {
                return Err(ApiError::bad_request(
                    "bad_seat",
                    format!("this table has seats 0 to {}, not {s}", self.seats.len() - 1),
                ));
            }
            Some(s) if self.seats[s] != SeatKind::Human => {
                return Err(ApiError::conflict("seat_taken", format!("seat {s} is played by a bot")));
            }
            Some(s) if !free(s) => {
                return Err(ApiError::conflict("seat_taken", format!("seat {s} is already taken")));
            }
            Some(s) => s,
            None => (0..self.seats.len()).find(|&i| free(i)).ok_or_else(|| {
                ApiError::conflict("table_full", "every human seat of this table is taken".into())
            })?,
        };
        let token = new_token();
        let hash = hash_token(&token);
        self.store.take_seat(&self.id, seat, &hash, &name).await.map_err(ApiError::internal)?;
        self.holders[seat] = Some(Holder { hash, name, connected: 0 });
        if self.status() == "playing" && !self.state.is_terminal() {
            self.store.set_status(&self.id, "playing", None, None).await.map_err(ApiError::internal)?;
        }
        self.broadcast();
        Ok((seat, token))
    }

    fn connect(
        &mut self,
        token: Option<String>,
        out: mpsc::UnboundedSender<String>,
    ) -> Result<(u64, Option<usize>), ApiError> {
        let seat = match token {
            None => None,
            Some(token) => {
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
            // The others see the seat come back.
            let others: Vec<u64> = self.conns.keys().copied().filter(|&c| c != conn).collect();
            for c in others {
                self.send_update(c);
            }
        }
        Ok((conn, seat))
    }

    fn update(&self, seat: Option<usize>) -> Value {
        let turn = self.state.turn();
        let turn_json = match turn {
            Turn::Player(p) => json!({"kind": "player", "player": p}),
            Turn::Chance => json!({"kind": "chance", "player": null}),
            Turn::Terminal => json!({"kind": "terminal", "player": null}),
        };
        let seen = match seat {
            Some(s) => self.state.view(s).unwrap_or(Value::Null),
            None => self.state.public_view(),
        };
        let legal = match (seat, turn) {
            (Some(s), Turn::Player(p)) if s == p => json!(self.state.legal_actions()),
            _ => json!([]),
        };
        json!({
            "type": "update",
            "seq": self.seq(),
            "seat": seat,
            "turn": turn_json,
            "view": seen.get("view").cloned().unwrap_or(Value::Null),
            "history": seen.get("history").cloned().unwrap_or(Value::Null),
            "legal": legal,
            "clocks": [],
            "seats": self.seats_json(),
            "status": self.status(),
            "result": if self.state.is_terminal() { json!(self.state.returns()) } else { Value::Null },
        })
    }

    fn send_update(&self, conn: u64) {
        if let Some(c) = self.conns.get(&conn) {
            let _ = c.out.send(self.update(c.seat).to_string());
        }
    }

    fn broadcast(&self) {
        for conn in self.conns.keys() {
            self.send_update(*conn);
        }
    }

    fn reply_error(&self, conn: u64, code: &str, message: &str) {
        if let Some(c) = self.conns.get(&conn) {
            let _ = c.out.send(error_message(code, message));
        }
    }

    async fn message(&mut self, conn: u64, text: &str) {
        let Some(seat) = self.conns.get(&conn).map(|c| c.seat) else { return };
        let msg: Value = match serde_json::from_str(text) {
            Ok(Value::Object(m)) => Value::Object(m),
            Ok(_) => {
                return self.reply_error(conn, "bad_message", "a message is a JSON object with a \"type\"");
            }
            Err(e) => return self.reply_error(conn, "bad_json", &format!("the message is not JSON: {e}")),
        };
        let kind = msg.get("type").and_then(Value::as_str).unwrap_or("");
        let Some(seat) = seat else {
            if ["act", "undo", "resign", "leave"].contains(&kind) {
                return self.reply_error(conn, "spectator", "a spectator watches: it holds no seat to play");
            }
            return self.reply_error(conn, "bad_type", &format!("unknown message type {:?}", kind));
        };
        match kind {
            "act" => {
                let Some(action) = msg.get("action").and_then(Value::as_str) else {
                    return self.reply_error(
                        conn,
                        "bad_message",
                        "`act` needs \"action\": the action's text",
                    );
                };
                let Some(seq) = msg.get("seq").and_then(Value::as_u64) else {
                    return self.reply_error(
                        conn,
                        "bad_message",
                        "`act` needs \"seq\": the number of actions played so far (the update's \"seq\")",
                    );
                };
                if action.len() > 1000 {
                    return self.reply_error(
                        conn,
                        "bad_message",
                        "that action text is too long to be an action",
                    );
                }
                if seq != self.seq() as u64 {
                    return self.reply_error(
                        conn,
                        "stale",
                        &format!(
                            "the game has moved on: seq is {}, not {seq}; nothing was played",
                            self.seq()
                        ),
                    );
                }
                if self.state.turn() != Turn::Player(seat) {
                    let msg = match self.state.turn() {
                        Turn::Terminal => "the game is over".to_owned(),
                        Turn::Player(p) => format!("it is seat {p}'s turn, not yours (seat {seat})"),
                        Turn::Chance => "the game waits on a chance outcome".to_owned(),
                    };
                    return self.reply_error(conn, "not_your_turn", &msg);
                }
                if self.status() == "open" {
                    return self.reply_error(
                        conn,
                        "not_started",
                        "the game starts when every human seat is taken",
                    );
                }
                let who = self.holders[seat].as_ref().map_or_else(|| "human".to_owned(), |h| h.name.clone());
                match self.play(seat, action, who).await {
                    Ok(()) => self.wake_bot(),
                    Err((code, message)) => self.reply_error(conn, &code, &message),
                }
            }
            "undo" => match self.undo(seat).await {
                Ok(()) => self.wake_bot(),
                Err(message) => self.reply_error(conn, "undo_refused", &message),
            },
            "resign" | "leave" => self.reply_error(
                conn,
                "unsupported",
                &format!("`{kind}` is not available on this server yet; close the connection to step away"),
            ),
            "" => self.reply_error(
                conn,
                "bad_message",
                "a message needs a \"type\": act, undo, resign or leave",
            ),
            other => self.reply_error(
                conn,
                "bad_type",
                &format!("unknown message type {other:?}: act, undo, resign or leave"),
            ),
        }
    }

    /// Plays `action` for `seat`: checked on a copy, committed, then kept; then chance and
    /// the broadcast. A refusal changes nothing.
    async fn play(&mut self, seat: usize, action: &str, who: String) -> Result<(), (String, String)> {
        let mut next = self.state.clone_box();
        let text = next.apply(action).map_err(|e| ("illegal".to_owned(), e.to_string()))?;
        let row = ActionRow { seq: self.seq() as i64, seat: seat as i64, action: text, player: who.clone() };
        self.store.append(&self.id, &row).await.map_err(|e| ("storage".to_owned(), e))?;
        self.state = next;
        self.players.push(who);
        if let Err(e) = self.advance().await {
            tracing::error!(table = %self.id, "{e}");
        }
        self.broadcast();
        Ok(())
    }

    /// Samples and commits chance outcomes until a seat is to act; records the end.
    async fn advance(&mut self) -> Result<(), String> {
        while self.state.turn() == Turn::Chance {
            let mut next = self.state.clone_box();
            let text = next.sample_chance().map_err(|e| e.to_string())?;
            let row =
                ActionRow { seq: self.seq() as i64, seat: -1, action: text, player: "chance".to_owned() };
            self.store.append(&self.id, &row).await?;
            self.state = next;
            self.players.push("chance".to_owned());
        }
        if self.state.is_terminal() {
            let result = json!(self.state.returns()).to_string();
            self.store.set_status(&self.id, "over", Some(&result), Some(now())).await?;
        }
        Ok(())
    }

    /// Takes back `seat`'s last action when nobody else has acted since, no chance outcome
    /// came after it, and it showed the other seats nothing: their views with and without
    /// it are the same, and none of them observed it as it was.
    async fn undo(&mut self, seat: usize) -> Result<(), String> {
        let history = self.state.history();
        let Some(last) = history.last() else { return Err("no action has been played yet".into()) };
        let n = history.len();
        if self.players[n - 1] == "chance" {
            return Err("a chance outcome came after your last action: it cannot be taken back".into());
        }
        let mut replay = self.state.game().new_state(self.state.seed());
        for a in &history[..n - 1] {
            replay.apply(a).map_err(|e| format!("cannot replay the game: {e}"))?;
        }
        if replay.turn() != Turn::Player(seat) {
            return Err("the last action is not yours: only your own last action can be taken back".into());
        }
        for other in (0..self.seats.len()).filter(|&s| s != seat) {
            let with = self.state.view(other).map_err(|e| e.to_string())?;
            let without = replay.view(other).map_err(|e| e.to_string())?;
            let seen = with["history"].as_array().and_then(|h| h.last()).map(|e| e["action"].clone());
            if with["view"] != without["view"] || seen == Some(Value::from(last.clone())) {
                return Err(format!(
                    "`{last}` showed seat {other} something (rules of the game): it cannot be taken back"
                ));
            }
        }
        self.store.truncate(&self.id, (n - 1) as i64).await?;
        self.state = replay;
        self.players.pop();
        self.broadcast();
        Ok(())
    }

    /// Starts the bot to act, if a bot seat is to act and none is thinking.
    fn wake_bot(&mut self) {
        let Turn::Player(seat) = self.state.turn() else { return };
        let SeatKind::Bot(name) = &self.seats[seat] else { return };
        if self.thinking || self.status() == "open" {
            return;
        }
        let bot = match self.bots[seat].take() {
            Some(bot) => bot,
            None => {
                let seed = self.state.seed() ^ (seat as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                match self.registry.make_bot(&self.game, name, &json!({}), seed) {
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
            let action = bot.choose(&*state);
            let _ = tx.blocking_send(Cmd::BotMove { seat, seq, bot, action });
        });
    }
}
