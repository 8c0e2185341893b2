//! `tabula serve`: the game server. Tables with seats for people and bots, each owned by
//! one task that checks every action with the rules, commits it to the database, then
//! sends each connection only what its seat may see (a spectator: what every seat sees).
//! The API is JSON over HTTP and WebSocket; `docs/server.md` describes it.
//!
//! - [`store`]: the database (SQLite by default, PostgreSQL by URL), migrations included;
//! - [`table`]: one table's task (the authority), its bots and its messages;
//! - this module: the HTTP routes, the WebSocket, tokens, and the start (restoring every
//!   unfinished table by replaying its actions).

pub mod accounts;
pub mod error;
pub mod net;
pub mod outbox;
pub mod peers;
pub mod picture;
pub mod players;
pub mod position;
pub mod protocol;
pub mod ratings;
pub mod store;
pub mod table;
pub mod web;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::Extension;
use axum::extract::rejection::StringRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::value::RawValue;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use tabula_core::Registry;
use tokio::net::TcpListener;
use tokio::sync::{mpsc, oneshot};

use error::ApiError;
pub use net::Limits;
use net::{ConnPlace, Peer, PerIp};
use outbox::{Next, Outbox};
use protocol::{
    ArchivedTable, ChatLine, GamesAnswer, HistoryPage, Join, NewTable, Position, PositionAsked, RecordAnswer,
    ReplayAnswer, ReplayStep, Seated, TableAnswer, TableStatus, TablesPage,
};
use store::{Store, TableRow};
use table::{ClockSpec, Cmd, Handle, SeatKind, Setup};
use tabula_core::ErrorCode;

/// The largest message a client may send (HTTP body or WebSocket frame), in bytes.
pub const MAX_MESSAGE: usize = 64 * 1024;

/// The messages a connection may send each second; past it the server reads it slower.
pub const MAX_RATE: u32 = 200;

/// How the server starts.
#[derive(Debug, Clone)]
pub struct Config {
    /// Where to listen (`127.0.0.1:8080`; port 0 picks a free one).
    pub addr: SocketAddr,
    /// The database URL (`sqlite:PATH` or `postgres://…`).
    pub db: String,
    /// How long a person may be disconnected before a bot stands in for them.
    pub grace: Duration,
    /// What each client is allowed, and how long the server waits for one.
    pub limits: Limits,
    /// The origins (`https://games.example.org`) pages may come from besides the listen
    /// address itself: where the server is reached by a name, or behind a proxy.
    pub public_origins: Vec<String>,
    /// How other processes on the same database reach this one (`http://10.0.0.5:8080`);
    /// by default the listen address (`127.0.0.1` for an address on every interface).
    pub peer_url: Option<String>,
    /// A process silent this long has lost its tables: another takes them over.
    pub stale_after: Duration,
    /// The games and bots served: by default every game of `tabula_registry`.
    pub registry: Arc<Registry>,
}

impl Config {
    /// A server on `addr` with database `db`, the default grace period and limits.
    pub fn new(addr: SocketAddr, db: String) -> Config {
        Config {
            addr,
            db,
            grace: GRACE,
            limits: Limits::default(),
            public_origins: Vec::new(),
            peer_url: None,
            stale_after: STALE_AFTER,
            registry: Arc::new(tabula_registry::registry()),
        }
    }
}

/// The default grace period: a minute.
pub const GRACE: Duration = Duration::from_secs(60);

/// The default database: `tabula.db` in the user's data directory
/// (`$XDG_DATA_HOME/tabula`, else `~/.local/share/tabula`), created if needed.
///
/// # Errors
/// No home directory, or a directory that cannot be created.
pub fn default_db() -> Result<String, String> {
    let dir = match std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        Some(d) => std::path::PathBuf::from(d).join("tabula"),
        None => {
            let home = std::env::var_os("HOME").ok_or("no home directory: give --db sqlite:PATH")?;
            std::path::PathBuf::from(home).join(".local/share/tabula")
        }
    };
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    Ok(format!("sqlite:{}", dir.join("tabula.db").display()))
}

/// A table being brought back after a start: replayed once by whoever asks first.
type Restoring = Arc<tokio::sync::OnceCell<Option<Handle>>>;

/// The shared state of the routes.
#[derive(Clone)]
struct App {
    registry: Arc<Registry>,
    store: Store,
    live: Arc<table::Live>,
    /// How other processes reach this one.
    url: Arc<str>,
    /// The secret this process names itself by when it forwards a client to another.
    key: Arc<str>,
    /// Alone on its database (SQLite): every table is this process's at its start.
    alone: bool,
    /// A process silent this long has lost its tables.
    stale: Duration,
    /// Tables this process has just taken over: its connections piped to their old owner
    /// close, so their clients reconnect here.
    taken: tokio::sync::broadcast::Sender<String>,
    /// The unfinished tables not yet replayed since the start.
    pending: Arc<Mutex<HashMap<String, Restoring>>>,
    /// Where pages that may open a WebSocket or send a POST come from ([`Origins`]).
    origins: Arc<Origins>,
    /// The limits per client address, and their counts.
    per_ip: Arc<PerIp>,
    grace: Duration,
    /// Where tables ask for their rematch's table ([`serve_rematches`]).
    lobby: mpsc::Sender<table::NewTable>,
    /// The replays computed last ([`replay`]).
    replays: Arc<Mutex<Replays>>,
}

/// A finished game's steps and history from one viewpoint, each as JSON text.
type Replayed = Arc<(Vec<Arc<RawValue>>, Vec<Arc<RawValue>>)>;

/// The replays computed last, by table and viewpoint: a finished game never changes, and a
/// replay is fetched a window at a time while it is stepped through, so each is computed
/// once. At most [`REPLAYS_KEPT`], the oldest forgotten first.
#[derive(Default)]
struct Replays(std::collections::VecDeque<((String, Option<usize>), Replayed)>);

/// How many replays the server keeps computed.
const REPLAYS_KEPT: usize = 8;

impl Replays {
    fn get(&mut self, key: &(String, Option<usize>)) -> Option<Replayed> {
        let at = self.0.iter().position(|(k, _)| k == key)?;
        let entry = self.0.remove(at)?;
        let found = Arc::clone(&entry.1);
        self.0.push_back(entry);
        Some(found)
    }

    fn put(&mut self, key: (String, Option<usize>), replayed: Replayed) {
        self.0.retain(|(k, _)| *k != key);
        if self.0.len() >= REPLAYS_KEPT {
            self.0.pop_front();
        }
        self.0.push_back((key, replayed));
    }
}

/// Seconds since the Unix epoch.
pub fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// How often the server notes in the database that it is alive (so that a restart knows
/// when it went down), checks that it still owns its tables, and looks for tables whose
/// owner has gone silent.
pub const HEARTBEAT: Duration = Duration::from_secs(2);

/// A process silent this long (no heartbeat) has lost its tables: another takes them over.
pub const STALE_AFTER: Duration = Duration::from_secs(6);

/// A new seat token: 128 random bits, as hex.
pub fn new_token() -> String {
    let bits: u128 = rand::random();
    format!("{bits:032x}")
}

/// How a token is stored: its SHA-256, as hex.
pub fn hash_token(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

fn new_table_id() -> String {
    let bits: u64 = rand::random();
    format!("{bits:016x}")
}

/// Starts the server: opens the database, restores unfinished tables, listens, prints
/// `listening on http://HOST:PORT` and serves until the process is stopped.
///
/// # Errors
/// A database that cannot be opened, a table that cannot be restored, an address in use.
pub async fn run(config: Config) -> Result<(), String> {
    let (addr, served) = start(config).await?;
    println!("listening on http://{addr}");
    use std::io::Write;
    let _ = std::io::stdout().flush();
    served.await.map_err(|e| format!("the server stopped: {e}"))?
}

/// Opens the database, restores unfinished tables and starts serving on a task; returns
/// the address it listens on (the real port) and the task.
///
/// # Errors
/// As [`run`].
pub async fn start(
    config: Config,
) -> Result<(SocketAddr, tokio::task::JoinHandle<Result<(), String>>), String> {
    let store = Store::open(&config.db).await?;
    let listener =
        TcpListener::bind(config.addr).await.map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let url = match &config.peer_url {
        Some(u) => u.trim_end_matches('/').to_owned(),
        None if addr.ip().is_unspecified() => format!("http://127.0.0.1:{}", addr.port()),
        None => format!("http://{addr}"),
    };
    let key = new_token();
    store.beat(&url, &key, now_ms()).await?;
    let (lobby, asks) = mpsc::channel(64);
    let app = App {
        registry: Arc::clone(&config.registry),
        alone: config.db.starts_with("sqlite:"),
        store,
        url: Arc::from(url),
        key: Arc::from(key),
        stale: config.stale_after,
        taken: tokio::sync::broadcast::channel(256).0,
        live: Arc::new(table::Live::default()),
        pending: Arc::new(Mutex::new(HashMap::new())),
        replays: Arc::new(Mutex::new(Replays::default())),
        origins: Arc::new(Origins::new(addr, &config.public_origins)?),
        per_ip: PerIp::new(config.limits),
        grace: config.grace,
        lobby,
    };
    tokio::spawn(serve_rematches(app.clone(), asks));
    // Listening at once; the unfinished tables this process may own come back in the
    // background: alone on its database, all of them; beside other processes, those whose
    // owner has gone silent (the heartbeat takes over more as owners die).
    let orphans = app.store.orphans(app.stale_before()).await?;
    app.pending
        .lock()
        .expect("the tables to restore")
        .extend(orphans.into_iter().map(|id| (id, Arc::new(tokio::sync::OnceCell::new()))));
    tokio::spawn(restore(app.clone()));
    let per_ip = Arc::clone(&app.per_ip);
    // The heartbeat lives as long as the server serves.
    let (alive, serving) = tokio::sync::watch::channel(());
    tokio::spawn(heartbeat(app.clone(), serving));
    let served = tokio::spawn(async move {
        let _alive = alive;
        net::serve(listener, router(app), per_ip).await
    });
    Ok((addr, served))
}

impl App {
    /// Heartbeats before this instant (milliseconds) are too old: their process has lost
    /// its tables. Alone on its database, every other process is gone.
    fn stale_before(&self) -> i64 {
        if self.alone { i64::MAX } else { now_ms() - self.stale.as_millis() as i64 }
    }
}

fn router(app: App) -> Router {
    let body_timeout = app.per_ip.limits().body_timeout;
    Router::new()
        .route("/api/games", get(games))
        .route("/api/games/{id}/picture", get(game_picture))
        .route("/api/games/{id}/position", post(game_position))
        .route("/api/games/{id}/tutorial", get(game_tutorial))
        .route("/api/tables", get(list_tables).post(create_table))
        .route("/api/tables/{id}", get(table_info))
        .route("/api/tables/{id}/join", post(join))
        .route("/api/tables/{id}/ws", get(ws))
        .route("/api/tables/{id}/record", get(record))
        .route("/api/tables/{id}/replay", get(replay))
        .route("/api/history", get(history))
        .route("/api/accounts", post(players::create_account))
        .route("/api/session", post(players::sign_in).delete(players::sign_out))
        .route("/api/me", get(players::me))
        .route("/api/me/tables", get(players::my_tables))
        .route("/api/players/{name}", get(players::player))
        .route("/players/{name}", get(web::index))
        .route("/", get(web::index))
        .route("/table/{id}", get(web::index))
        .route("/replay/{id}", get(web::index))
        .route("/app/{*path}", get(web::asset))
        .route("/rules/{id}", get(web::rules))
        .route("/learn/{id}", get(web::learn))
        .route("/learn/{id}/tutorial", get(web::index))
        .route("/favicon.ico", get(web::icon))
        .layer(DefaultBodyLimit::max(MAX_MESSAGE))
        // A body sent a byte at a time is cut off (408) rather than held open.
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(body_timeout))
        // Pages, scripts and JSON go gzipped to a browser that accepts it (a finished
        // table's replay shrinks about 60 times).
        .layer(tower_http::compression::CompressionLayer::new())
        .with_state(app)
}

/// Every [`HEARTBEAT`], while the server serves: notes in the database that this process
/// is alive, stops the tables another process has taken over meanwhile (this one was
/// paused or cut off), and takes over the tables whose owner has gone silent.
async fn heartbeat(app: App, mut serving: tokio::sync::watch::Receiver<()>) {
    let mut every = tokio::time::interval(HEARTBEAT);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = serving.changed() => return,
        }
        if let Err(e) = app.store.beat(&app.url, &app.key, now_ms()).await {
            tracing::warn!("heartbeat: {e}");
            continue;
        }
        // The other processes' connections are not counted against their address.
        if let Ok(urls) = app.store.peer_urls(app.stale_before()).await {
            app.per_ip.set_peers(urls.iter().filter_map(|u| peer_ip(u)).collect());
        }
        match app.store.lost().await {
            Ok(lost) => {
                for id in lost {
                    if let Some(h) = app.live.get(&id) {
                        let _ = h.tx.send(Cmd::Lost).await;
                    }
                }
            }
            Err(e) => tracing::warn!("heartbeat: {e}"),
        }
        if app.alone {
            // Alone, the lobby is read from memory: nothing to write.
            app.live.changed();
            continue;
        }
        match app.store.orphans(app.stale_before()).await {
            Ok(orphans) => {
                for id in orphans {
                    app.pending.lock().expect("the tables to restore").entry(id.clone()).or_default();
                    if restore_one(&app, &id).await.is_some() {
                        tracing::info!(table = %id, "taken over from a silent process");
                    }
                }
            }
            Err(e) => tracing::warn!("heartbeat: {e}"),
        }
        // The lobby every process shows, from this process's tables.
        let lines: Vec<(String, Option<String>)> = app
            .live
            .changed()
            .into_iter()
            .map(|(id, line)| (id, line.map(|l| serde_json::to_string(&l).expect("a lobby line is JSON"))))
            .collect();
        if let Err(e) = app.store.save_summaries(&lines).await {
            tracing::warn!("lobby: {e}");
        }
        let _ = app.store.forget_processes(now_ms() - 3_600_000).await;
    }
}

/// Every unfinished table this process may own is live again soon after a start: replayed
/// in the background, one after another, while the server already answers; a table asked
/// for before its turn is replayed at once ([`live`]). Logs how long it took.
async fn restore(app: App) {
    let started = std::time::Instant::now();
    let ids: Vec<String> = app.pending.lock().expect("the tables to restore").keys().cloned().collect();
    let mut failed = 0;
    for id in &ids {
        if restore_one(&app, id).await.is_none() {
            failed += 1;
        }
    }
    if !ids.is_empty() {
        tracing::info!(
            "{} unfinished tables live again in {:.2} s ({failed} could not be restored)",
            ids.len(),
            started.elapsed().as_secs_f64()
        );
    }
}

/// Replays the unfinished table `id` once (whoever asks first does it; the others wait
/// for it). `None` if it is not waiting to be restored or could not be.
async fn restore_one(app: &App, id: &str) -> Option<Handle> {
    if let Some(h) = app.live.get(id) {
        // Already kept here (opened here, or restored by another caller).
        app.pending.lock().expect("the tables to restore").remove(id);
        return Some(h);
    }
    let cell = app.pending.lock().expect("the tables to restore").get(id).cloned()?;
    let restored = cell
        .get_or_init(|| async {
            let row = match app.store.table(id).await {
                Ok(Some(row)) => row,
                Ok(None) => return None,
                Err(e) => {
                    // The database failed just now: the next request tries again.
                    tracing::error!(table = %id, "cannot restore: {e}");
                    app.pending.lock().expect("the tables to restore").remove(id);
                    return None;
                }
            };
            // Its last owner's last sign of life: when the table went down.
            let down = match app.store.owner(id).await {
                Ok(Some((_, _, beat))) => Some(beat),
                _ => None,
            };
            match app.store.claim(id, app.stale_before()).await {
                Ok(Some(_)) => {}
                Ok(None) => {
                    // A live process holds it: not this one's to restore.
                    app.pending.lock().expect("the tables to restore").remove(id);
                    return None;
                }
                Err(e) => {
                    tracing::error!(table = %id, "cannot take the table: {e}");
                    app.pending.lock().expect("the tables to restore").remove(id);
                    return None;
                }
            }
            match start_table(app, row, down).await {
                Ok(h) => {
                    app.live.insert(id.to_owned(), h.clone());
                    let _ = app.taken.send(id.to_owned());
                    Some(h)
                }
                Err(e) => {
                    tracing::error!(table = %id, "cannot restore: {e}");
                    None
                }
            }
        })
        .await
        .clone();
    if restored.is_some() {
        // One that could not be restored stays, answering why.
        app.pending.lock().expect("the tables to restore").remove(id);
    }
    restored
}

/// Builds a table's game from its row and actions (replayed on a blocking thread, never on
/// the runtime), and starts its task.
async fn start_table(app: &App, row: TableRow, down: Option<i64>) -> Result<Handle, String> {
    let options: Value = serde_json::from_str(&row.options).map_err(|e| e.to_string())?;
    let seats: Vec<String> = serde_json::from_str(&row.seats).map_err(|e| e.to_string())?;
    let game = app.registry.make(&row.game, &options).map_err(|e| e.to_string())?;
    let clock = match &row.clock {
        Some(text) => Some(ClockSpec::new(serde_json::from_str(text).map_err(|e| e.to_string())?)?),
        None => None,
    };
    let actions = app.store.actions(&row.id).await?;
    let seed = row.seed as u64;
    let id = row.id.clone();
    let (state, actions, slow_rules) = tokio::task::spawn_blocking(move || {
        let mut state = game.new_state(seed);
        // Each action told in words, with its effects, as each seat saw it (the log).
        state.narrate();
        let mut slow = false;
        for a in &actions {
            table::rules_work(&id, &mut slow, || state.apply(&a.action))
                .map_err(|e| format!("action {} `{}`: {e}", a.seq, a.action))?;
        }
        Ok::<_, String>((state, actions, slow))
    })
    .await
    .map_err(|e| e.to_string())??;
    let players = actions.iter().map(|a| a.player.clone()).collect();
    let clocks = actions.last().and_then(|a| a.clocks.as_deref()).and_then(|c| serde_json::from_str(c).ok());
    let holders = app.store.seats(&row.id).await?;
    let chat = app.store.chat(&row.id, table::CHAT_KEPT as i64).await?;
    // The turn of the seat to act began with the last action, or with play itself.
    let turn_began = match actions.last() {
        Some(a) => a.at,
        None => app.store.started(&row.id).await?,
    };
    let last_seat = actions.iter().rev().find(|a| a.seat >= 0).map(|a| a.seat as usize);
    let thought_ms = match (turn_began, down) {
        (Some(began), Some(down)) => (down - began).max(0),
        _ => 0,
    };
    let setup = Setup {
        id: row.id,
        game: row.game,
        options,
        seats: seats.iter().map(|s| SeatKind::parse(s)).collect(),
        state,
        players,
        holders,
        clock,
        clocks,
        grace: app.grace,
        lobby: app.lobby.clone(),
        chat,
        created: row.created,
        open_ttl: app.per_ip.limits().open_table_ttl,
        live: Arc::clone(&app.live),
        thought_ms,
        last_seat,
        rated: row.rated != 0,
        slow_rules,
    };
    Ok(table::spawn(setup, app.store.clone(), Arc::clone(&app.registry)))
}

/// Where a table is kept: here, or by another live process (its URL).
enum Kept {
    Here(Handle),
    There(String),
}

/// The live table `id`: restored first if it is waiting to be, or taken over if its owner
/// has gone silent; or the other live process that keeps it.
async fn locate(app: &App, id: &str) -> Result<Kept, ApiError> {
    if let Some(h) = app.live.get(id) {
        return Ok(Kept::Here(h));
    }
    let waiting = app.pending.lock().expect("the tables to restore").contains_key(id);
    if !waiting {
        match app.store.table(id).await.map_err(ApiError::internal)? {
            Some(row) if row.status != "over" && row.status != "expired" => {
                if let Some((owner, url, beat)) = app.store.owner(id).await.map_err(ApiError::internal)?
                    && owner != app.store.me()
                    && beat >= app.stale_before()
                {
                    return Ok(Kept::There(url));
                }
                // Its owner is silent: this process takes it over.
                app.pending.lock().expect("the tables to restore").entry(id.to_owned()).or_default();
            }
            _ => return Err(ApiError::not_found(format!("no table {id:?} is being played here"))),
        }
    }
    match restore_one(app, id).await {
        Some(h) => Ok(Kept::Here(h)),
        None if waiting => Err(ApiError::new(
            503,
            ErrorCode::NotRestored,
            "this table could not be brought back after the server restarted (the cause is in its log)"
                .into(),
        )),
        None => Err(ApiError::new(
            503,
            ErrorCode::NotRestored,
            "this table is being taken over by another server process: try again in a moment".into(),
        )),
    }
}

/// The client a request comes from: the one a forwarding process names (when its key is
/// a live process's), else the connection's peer; and whether it was forwarded.
async fn client_of(app: &App, headers: &HeaderMap, peer: SocketAddr) -> (std::net::IpAddr, bool) {
    let Some(key) = headers.get(peers::PEER_KEY).and_then(|k| k.to_str().ok()) else {
        return (peer.ip(), false);
    };
    match app.store.is_peer_key(key, app.stale_before()).await {
        Ok(true) => {
            let ip = headers
                .get(peers::PEER_CLIENT)
                .and_then(|c| c.to_str().ok())
                .and_then(|c| c.parse().ok())
                .unwrap_or(peer.ip());
            (ip, true)
        }
        _ => (peer.ip(), false),
    }
}

/// The address in a process's URL, if it is written as one.
fn peer_ip(url: &str) -> Option<std::net::IpAddr> {
    Origins::parse(url.trim_end_matches('/')).and_then(|(host, _)| ip_literal(host))
}

/// A host written as an IP address (`10.0.0.5`, `[::1]`), not a name.
fn ip_literal(host: &str) -> Option<std::net::IpAddr> {
    host.trim_start_matches('[').trim_end_matches(']').parse().ok()
}

async fn ask<T>(h: &Handle, make: impl FnOnce(oneshot::Sender<T>) -> Cmd) -> Result<T, ApiError> {
    let (tx, rx) = oneshot::channel();
    h.tx.send(make(tx)).await.map_err(|_| ApiError::internal("the table has stopped".into()))?;
    rx.await.map_err(|_| ApiError::internal("the table has stopped".into()))
}

async fn games(State(app): State<App>) -> Json<GamesAnswer> {
    let levels = tabula_ai::level::ratings()
        .map(|(game, bot, r)| protocol::LevelRating {
            game: game.to_owned(),
            bot: bot.to_owned(),
            rating: r.round() as i32,
        })
        .collect();
    Json(GamesAnswer { games: app.registry.games(), levels })
}

/// `GET /api/games/{id}/picture`: a position of the game for the lobby's card, made once.
async fn game_picture(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let registry = Arc::clone(&app.registry);
    let made = tokio::task::spawn_blocking(move || picture::picture(&registry, &id).ok_or(id))
        .await
        .map_err(|e| ApiError::internal(e.to_string()))?;
    match made {
        Ok(Ok(p)) => Ok(Json(p.as_ref().clone()).into_response()),
        Ok(Err(e)) => Err(ApiError::internal(e)),
        Err(id) => {
            let shown: String = id.chars().take(40).collect();
            Err(ApiError::not_found(format!("no game {shown:?}")))
        }
    }
}

/// `GET /api/games/{id}/tutorial`: the game's interactive tutorial, as data.
async fn game_tutorial(Path(id): Path<String>) -> Result<Json<web::Tutorial>, ApiError> {
    match web::tutorial(&id) {
        Some(Ok(t)) => Ok(Json(t)),
        Some(Err(e)) => Err(ApiError::internal(e)),
        None => {
            let shown: String = id.chars().take(40).collect();
            Err(ApiError::not_found(format!(
                "no tutorial for {shown:?}: the games with one are {}",
                web::tutorial_ids().join(", ")
            )))
        }
    }
}

/// `POST /api/games/{id}/position`: the position some actions reach, as one seat sees it.
async fn game_position(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<String, StringRejection>,
) -> Result<Json<Position>, ApiError> {
    guard_post(&app, &headers)?;
    let body = body_text(body)?;
    let asked: PositionAsked = protocol::read_body(&body).map_err(ApiError::from_read)?;
    let registry = Arc::clone(&app.registry);
    // A position is replayed from the start (a long game of Fowers' Sabotage takes a
    // while): one at a time, so that strangers asking for many never take more than one
    // core from the tables being played.
    let _turn = position::TURNS.acquire().await.map_err(|e| ApiError::internal(e.to_string()))?;
    tokio::task::spawn_blocking(move || position::position(&registry, &id, asked))
        .await
        .map_err(|e| ApiError::internal(e.to_string()))?
        .map(Json)
}

/// A request's body as text, or why it could not be read, in the API's words: too slow
/// (408), too long (413), not UTF-8 (400).
fn body_text(body: Result<String, StringRejection>) -> Result<String, ApiError> {
    let rejection = match body {
        Ok(text) => return Ok(text),
        Err(r) => r,
    };
    let mut cause: Option<&dyn std::error::Error> = Some(&rejection);
    while let Some(e) = cause {
        if e.is::<tower_http::timeout::TimeoutError>() {
            return Err(ApiError::new(
                408,
                ErrorCode::BodyTimeout,
                "the body came too slowly: send it again at once".into(),
            ));
        }
        cause = e.source();
    }
    if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        return Err(ApiError::new(
            413,
            ErrorCode::TooLong,
            format!("a body holds at most {} KB", MAX_MESSAGE / 1024),
        ));
    }
    Err(ApiError::bad_request(ErrorCode::BadRequest, "the body must be JSON text (UTF-8)".into()))
}

/// A person's name as given (`fallback` when none is), trimmed; refused when empty, longer
/// than 40 characters, or holding characters that hide or turn text around.
pub(crate) fn clean_name(name: Option<&str>, fallback: &str) -> Result<String, ApiError> {
    match name {
        None => Ok(fallback.to_owned()),
        Some(s) if s.chars().any(hidden_char) => Err(ApiError::bad_request(
            ErrorCode::BadName,
            "a name may not hold control characters or marks that turn text around".into(),
        )),
        Some(s) if !s.trim().is_empty() && s.chars().count() <= 40 => Ok(s.trim().to_owned()),
        Some(_) => Err(ApiError::bad_request(
            ErrorCode::BadName,
            "\"name\" must be a string of 1 to 40 characters".into(),
        )),
    }
}

/// A character a name may not hold: a control character (NUL, a newline…) or a mark that
/// changes the direction of the text around it (a name could make another line read
/// backwards).
pub(crate) fn hidden_char(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

async fn create_table(
    State(app): State<App>,
    Extension(Peer(peer)): Extension<Peer>,
    headers: HeaderMap,
    body: Result<String, StringRejection>,
) -> Result<Json<Seated>, ApiError> {
    guard_post(&app, &headers)?;
    let body = body_text(body)?;
    let body: NewTable = protocol::read_body(&body).map_err(ApiError::from_read)?;
    let game_id = body.game.as_str();
    let Some(entry) = app.registry.entry(game_id) else {
        let known: Vec<&str> = app.registry.entries().iter().map(|e| e.spec.id).collect();
        let shown: String = game_id.chars().take(40).collect();
        return Err(ApiError::bad_request(
            ErrorCode::UnknownGame,
            format!("unknown game {shown:?}: the games are {}", known.join(", ")),
        ));
    };
    let options = Value::Object(body.options.unwrap_or_default());
    let game = app
        .registry
        .make(game_id, &options)
        .map_err(|e| ApiError::bad_request(ErrorCode::BadOptions, e.to_string()))?;
    let n = game.num_players();
    let seats: Vec<String> = body.seats.unwrap_or_else(|| {
        let mut s = vec!["human".to_owned()];
        s.extend((1..n).map(|_| "medium".to_owned()));
        s
    });
    if seats.len() != n {
        return Err(ApiError::bad_request(
            ErrorCode::BadSeats,
            format!(
                "{game_id} has {n} seats with these options; \"seats\" lists {} (the option `players` sets how many seats there are, where the game has it)",
                seats.len()
            ),
        ));
    }
    for s in &seats {
        if s != "human" && !entry.bots.contains(&s.as_str()) {
            let shown: String = s.chars().take(40).collect();
            return Err(ApiError::bad_request(
                ErrorCode::BadSeats,
                format!("a seat is \"human\" or a bot ({}), not {shown:?}", entry.bots.join(", ")),
            ));
        }
    }
    if !seats.iter().any(|s| s == "human") {
        return Err(ApiError::bad_request(
            ErrorCode::BadSeats,
            "a table needs at least one \"human\" seat".into(),
        ));
    }
    if let Some(k) = body.seat
        && seats.get(k).is_none_or(|s| s != "human")
    {
        let humans: Vec<String> =
            seats.iter().enumerate().filter(|(_, s)| *s == "human").map(|(i, _)| i.to_string()).collect();
        return Err(ApiError::bad_request(
            ErrorCode::BadSeats,
            format!("\"seat\" is one of the \"human\" seats ({}), not {k}", humans.join(", ")),
        ));
    }
    let clock = match body.clock {
        None => None,
        Some(c) => Some(
            ClockSpec::new(c)
                .map_err(|e| ApiError::bad_request(ErrorCode::BadClock, e))?
                .to_json()
                .to_string(),
        ),
    };
    let account = accounts::signed_in(&app.store, &headers).await?;
    let rated = body.rated.unwrap_or(false);
    if rated && account.is_none() {
        return Err(ApiError::new(
            403,
            ErrorCode::SignInNeeded,
            "a rated table is for accounts: sign in (or create an account) first".into(),
        ));
    }
    if rated && (body.seed.is_some() || body.actions.is_some()) {
        // A seed chosen, or a position given, would let the creator know what chance has
        // in store, or start from a position that favours them.
        return Err(ApiError::bad_request(
            ErrorCode::BadRequest,
            "a rated game starts from the beginning with chance drawn by the server: no \"seed\" nor \"actions\"".into(),
        ));
    }
    let name = match &account {
        Some(a) => a.name.clone(),
        None => clean_name(body.name.as_deref(), "guest")?,
    };
    let seed: u64 = match body.seed {
        None => rand::random::<u64>() >> 1,
        Some(s) if s <= i64::MAX as u64 => s,
        Some(_) => {
            return Err(ApiError::bad_request(
                ErrorCode::BadSeed,
                "\"seed\" is a whole number from 0 to 2^63 - 1".into(),
            ));
        }
    };
    // A table may start from a position: the actions of a record (chance outcomes
    // included), played through the rules before anyone sits down.
    let mut preset = Vec::new();
    if let Some(list) = body.actions {
        let mut state = game.new_state(seed);
        for (i, text) in list.iter().enumerate() {
            let seat = match state.turn() {
                tabula_core::Turn::Player(p) => p as i64,
                _ => -1,
            };
            let text = state.apply(text).map_err(|e| {
                let shown: String = text.chars().take(60).collect();
                ApiError::bad_request(
                    ErrorCode::BadRecord,
                    format!("action {} `{shown}` is refused: {e}", i + 1),
                )
            })?;
            preset.push((seat, text));
        }
        if state.is_terminal() {
            return Err(ApiError::bad_request(
                ErrorCode::BadRecord,
                "these actions end the game: a table needs something left to play".into(),
            ));
        }
    }
    if let Err(wait) = app.per_ip.table(peer.ip()) {
        return Err(ApiError::new(
            429,
            ErrorCode::TooManyTables,
            format!("many tables were opened from your address just now: try again in {wait} s"),
        ));
    }
    let (id, h) = open_table(&app, game_id, &options, &seats, clock, seed, preset, rated).await?;
    let account = account.map(|a| a.id);
    let (seat, token) = ask(&h, |reply| Cmd::Join { seat: body.seat, name, account, reply }).await??;
    Ok(Json(Seated { table: id, seat, token }))
}

/// Stores a new table (with the actions it starts from) and starts its task.
#[allow(clippy::too_many_arguments)]
async fn open_table(
    app: &App,
    game_id: &str,
    options: &Value,
    seats: &[String],
    clock: Option<String>,
    seed: u64,
    preset: Vec<(i64, String)>,
    rated: bool,
) -> Result<(String, Handle), ApiError> {
    let row = TableRow {
        id: new_table_id(),
        game: game_id.to_owned(),
        options: options.to_string(),
        seats: json!(seats).to_string(),
        seed: seed as i64,
        clock,
        status: "open".to_owned(),
        result: None,
        created: now(),
        finished: None,
        ending: None,
        rated: i64::from(rated),
    };
    app.store.create_table(&row).await.map_err(ApiError::internal)?;
    for (seq, (seat, action)) in preset.into_iter().enumerate() {
        let a = store::ActionRow {
            seq: seq as i64,
            seat,
            action,
            player: "preset".to_owned(),
            clocks: None,
            at: None,
        };
        app.store.append(&row.id, &a).await.map_err(ApiError::internal)?;
    }
    let id = row.id.clone();
    let h = start_table(app, row, None).await.map_err(ApiError::internal)?;
    app.live.insert(id.clone(), h.clone());
    Ok((id, h))
}

/// Opens the tables rematches ask for, seating their people.
async fn serve_rematches(app: App, mut asks: mpsc::Receiver<table::NewTable>) {
    while let Some(t) = asks.recv().await {
        let opened = async {
            let seed = rand::random::<u64>() >> 1;
            let (id, h) = open_table(&app, &t.game, &t.options, &t.seats, t.clock, seed, Vec::new(), t.rated)
                .await
                .map_err(|e| e.message)?;
            let mut tokens = Vec::new();
            for (seat, name, account) in t.people {
                let (seat, token) = ask(&h, |reply| Cmd::Join { seat: Some(seat), name, account, reply })
                    .await
                    .map_err(|e| e.message)?
                    .map_err(|e| e.message)?;
                tokens.push((seat, token));
            }
            Ok::<_, String>((id, tokens))
        }
        .await;
        let _ = t.reply.send(opened);
    }
}

async fn join(
    State(app): State<App>,
    Path(id): Path<String>,
    Extension(Peer(peer)): Extension<Peer>,
    headers: HeaderMap,
    body: Result<String, StringRejection>,
) -> Result<Response, ApiError> {
    guard_post(&app, &headers)?;
    let body = body_text(body)?;
    let h = match locate(&app, &id).await {
        Ok(Kept::Here(h)) => h,
        Ok(Kept::There(url)) => {
            let (client, forwarded) = client_of(&app, &headers, peer).await;
            if forwarded {
                return Err(moving());
            }
            return peers::forward(
                &url,
                axum::http::Method::POST,
                &format!("/api/tables/{id}/join"),
                &headers,
                body,
                &app.key,
                client,
            )
            .await;
        }
        Err(e) if e.status == 404 => {
            return Err(match app.store.table(&id).await.map_err(ApiError::internal)? {
                Some(row) if row.status == "expired" => ApiError::conflict(
                    ErrorCode::Expired,
                    "this table waited too long for its players and has closed: open a new one from the lobby".into(),
                ),
                Some(_) => ApiError::conflict(ErrorCode::Over, "this game is over: there is no seat left to take".into()),
                None => e,
            });
        }
        Err(e) => return Err(e),
    };
    let body: Join = if body.trim().is_empty() {
        Join::default()
    } else {
        protocol::read_body(&body).map_err(ApiError::from_read)?
    };
    let account = accounts::signed_in(&app.store, &headers).await?;
    let name = match &account {
        Some(a) => a.name.clone(),
        None => clean_name(body.name.as_deref(), "guest")?,
    };
    let account = account.map(|a| a.id);
    let (seat, token) = ask(&h, |reply| Cmd::Join { seat: body.seat, name, account, reply }).await??;
    Ok(Json(Seated { table: id, seat, token }).into_response())
}

async fn table_info(
    State(app): State<App>,
    Path(id): Path<String>,
    Extension(Peer(peer)): Extension<Peer>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    match locate(&app, &id).await {
        Ok(Kept::Here(h)) => {
            let info = ask(&h, |reply| Cmd::Info { reply }).await?;
            Ok(Json(TableAnswer::Live(Box::new(info))).into_response())
        }
        Ok(Kept::There(url)) => {
            let (client, forwarded) = client_of(&app, &headers, peer).await;
            if forwarded {
                return Err(moving());
            }
            peers::forward(
                &url,
                axum::http::Method::GET,
                &format!("/api/tables/{id}"),
                &headers,
                String::new(),
                &app.key,
                client,
            )
            .await
        }
        Err(e) => match app.store.table(&id).await.map_err(ApiError::internal)? {
            Some(row) => {
                Ok(Json(TableAnswer::Archived(Box::new(archived(&app, &row).await?))).into_response())
            }
            None => Err(e),
        },
    }
}

/// What a process answers a request forwarded to it for a table it does not keep (the two
/// disagree for a moment while a table changes hands): never forwarded on again.
fn moving() -> ApiError {
    ApiError::new(
        503,
        ErrorCode::Moving,
        "this table is changing server process just now: try again in a moment".into(),
    )
}

/// A table as the archive keeps it (what it stores it wrote itself: a field it cannot read
/// is left empty rather than failing the page), its seats named as people read them.
async fn archived(app: &App, row: &TableRow) -> Result<ArchivedTable, ApiError> {
    let holders = app.store.seats(&row.id).await.map_err(ApiError::internal)?;
    let names = seat_labels(row, &holders, true);
    let accounts =
        (0..names.len()).map(|i| holders.iter().any(|h| h.seat == i && h.account.is_some())).collect();
    Ok(ArchivedTable {
        table: row.id.clone(),
        game: row.game.clone(),
        options: serde_json::from_str::<Value>(&row.options).unwrap_or(Value::Null),
        seats: serde_json::from_str(&row.seats).unwrap_or_default(),
        names,
        status: TableStatus::parse(&row.status),
        clock: row.clock.as_deref().and_then(|c| serde_json::from_str(c).ok()),
        result: row.result.as_deref().and_then(|r| serde_json::from_str(r).ok()),
        ending: row.ending.as_deref().and_then(|e| serde_json::from_str(e).ok()),
        created: row.created,
        finished: row.finished,
        rated: row.rated != 0,
        accounts,
    })
}

/// The unfinished tables, newest first, a page at a time:
/// `GET /api/tables?status=open|playing&page=0&per_page=50`.
async fn list_tables(
    State(app): State<App>,
    Query(q): Query<TablesQuery>,
) -> Result<Json<TablesPage>, ApiError> {
    let status = match q.status.as_deref() {
        None | Some("" | "all") => None,
        Some("open") => Some(TableStatus::Open),
        Some("playing") => Some(TableStatus::Playing),
        Some(other) => {
            let shown: String = other.chars().take(40).collect();
            return Err(ApiError::bad_request(
                ErrorCode::BadStatus,
                format!("\"status\" is open or playing, not {shown:?} (finished games: GET /api/history)"),
            ));
        }
    };
    let per = q.per_page.unwrap_or(50).clamp(1, 100) as usize;
    let page = q.page.unwrap_or(0).max(0) as usize;
    // Alone on its database, the lobby is this process's tables as they are now; beside
    // other processes, the one they all write in the database (at most a heartbeat old).
    let (tables, total) = if app.alone {
        app.live.page(status, page, per)
    } else {
        let (lines, total) = app
            .store
            .lobby(status.map(TableStatus::as_str), per as i64, (page * per) as i64)
            .await
            .map_err(ApiError::internal)?;
        (lines.iter().filter_map(|l| serde_json::from_str(l).ok()).collect(), total as usize)
    };
    Ok(Json(TablesPage { tables, page, per_page: per, total }))
}

#[derive(serde::Deserialize)]
struct TablesQuery {
    status: Option<String>,
    page: Option<i64>,
    per_page: Option<i64>,
}

#[derive(serde::Deserialize)]
struct Page {
    page: Option<i64>,
    per_page: Option<i64>,
}

async fn history(State(app): State<App>, Query(p): Query<Page>) -> Result<Json<HistoryPage>, ApiError> {
    let per = p.per_page.unwrap_or(20).clamp(1, 100);
    let page = p.page.unwrap_or(0).max(0);
    let rows = app.store.tables(Some("over"), per, page * per).await.map_err(ApiError::internal)?;
    let mut games = Vec::with_capacity(rows.len());
    for row in &rows {
        games.push(archived(&app, row).await?);
    }
    Ok(Json(HistoryPage { games, page: page as usize, per_page: per as usize }))
}

async fn record(State(app): State<App>, Path(id): Path<String>) -> Result<Json<RecordAnswer>, ApiError> {
    let row = app
        .store
        .table(&id)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| ApiError::not_found(format!("no table {id:?}")))?;
    if row.status != "over" {
        return Err(ApiError::conflict(
            ErrorCode::NotOver,
            "the record is given once the game is over".into(),
        ));
    }
    let actions = app.store.actions(&id).await.map_err(ApiError::internal)?;
    let seats = seat_names(&app, &row, false).await?;
    let table = archived(&app, &row).await?;
    Ok(Json(RecordAnswer {
        game: table.game,
        options: table.options,
        seed: row.seed,
        seats,
        actions: actions.iter().map(|a| a.action.clone()).collect(),
        players: actions.iter().map(|a| a.player.clone()).collect(),
        result: table.result,
        ending: table.ending,
    }))
}

/// Who sat at each seat of a table: the person's name, or the bot's.
/// Each seat's person, or its bot: by the bot's name for a record (`random`), by its label
/// for people (`Sasha (random bot)`) where `labels`.
async fn seat_names(app: &App, row: &TableRow, labels: bool) -> Result<Vec<String>, ApiError> {
    let holders = app.store.seats(&row.id).await.map_err(ApiError::internal)?;
    Ok(seat_labels(row, &holders, labels))
}

/// Each seat's person, else (with `labels`) how people see a bot or an empty seat, else
/// the seat's kind.
fn seat_labels(row: &TableRow, holders: &[store::SeatRow], labels: bool) -> Vec<String> {
    let kinds: Vec<String> = serde_json::from_str(&row.seats).unwrap_or_default();
    kinds
        .iter()
        .enumerate()
        .map(|(i, k)| match holders.iter().find(|h| h.seat == i) {
            Some(h) => h.name.clone(),
            None if labels && k == "human" => format!("seat {} (nobody came)", i + 1),
            None if labels => table::bot_label(i, k),
            None => k.clone(),
        })
        .collect()
}

#[derive(serde::Deserialize)]
struct ReplayQuery {
    seat: Option<String>,
    at: Option<String>,
    around: Option<String>,
}

/// A whole number from a query, or a clear refusal naming the parameter.
fn query_number(value: Option<&str>, name: &str) -> Result<Option<usize>, ApiError> {
    match value {
        None | Some("") => Ok(None),
        Some(v) => v.parse::<usize>().map(Some).map_err(|_| {
            let shown: String = v.chars().take(40).collect();
            ApiError::bad_request(
                ErrorCode::BadRequest,
                format!("\"{name}\" is a whole number from 0, not {shown:?}"),
            )
        }),
    }
}

/// A finished game step by step from one seat's viewpoint (or a spectator's, without
/// `seat`): `steps[k]` is who acts and the seat's view after `k` actions, `history[k]` the
/// `k`-th action as that seat saw it. Only once the game is over.
async fn replay(
    State(app): State<App>,
    Path(id): Path<String>,
    Query(q): Query<ReplayQuery>,
) -> Result<Json<ReplayAnswer>, ApiError> {
    let row = app
        .store
        .table(&id)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| ApiError::not_found(format!("no table {id:?}")))?;
    if row.status != "over" {
        return Err(ApiError::conflict(ErrorCode::NotOver, "a game is replayed once it is over".into()));
    }
    let options: Value = serde_json::from_str(&row.options).map_err(|e| ApiError::internal(e.to_string()))?;
    let game = app.registry.make(&row.game, &options).map_err(|e| ApiError::internal(e.to_string()))?;
    let n = game.num_players();
    let seat = match q.seat.as_deref() {
        None | Some("" | "spectator") => None,
        Some(s) => Some(s.parse::<usize>().ok().filter(|s| *s < n).ok_or_else(|| {
            ApiError::bad_request(
                ErrorCode::BadSeat,
                format!("\"seat\" is a seat from 0 to {}, or absent for a spectator", n - 1),
            )
        })?),
    };
    let at = query_number(q.at.as_deref(), "at")?;
    let around = query_number(q.around.as_deref(), "around")?;
    let actions = app.store.actions(&id).await.map_err(ApiError::internal)?;
    // The steps whose views are sent: all of them, or `around` on each side of `at` (the
    // last step by default), so that a long game's replay opens without its every view.
    let count = actions.len() + 1;
    let window = match around {
        None => 0..count,
        Some(k) => {
            let at = at.unwrap_or(count - 1).min(count - 1);
            at.saturating_sub(k)..(at + k + 1).min(count)
        }
    };
    let steps_from = window.start;
    // What was said at the table, as this seat (or a spectator) heard it.
    let chat: Vec<ChatLine> = app
        .store
        .chat(&id, i64::MAX)
        .await
        .map_err(ApiError::internal)?
        .iter()
        .filter(|line| table::hears(game.as_ref(), line, seat))
        .map(table::chat_line)
        .collect();
    let seed = row.seed as u64;
    let actions_text: Vec<String> = actions.iter().map(|a| a.action.clone()).collect();
    let key = (id.clone(), seat);
    let cached = app.replays.lock().expect("the replays").get(&key);
    let replayed = match cached {
        Some(r) => r,
        None => {
            let r: Replayed = tokio::task::spawn_blocking(move || -> Result<Replayed, String> {
                let raw = |text: String| -> Arc<RawValue> {
                    Arc::from(RawValue::from_string(text).expect("a step is JSON"))
                };
                let mut state = game.new_state(seed);
                state.narrate();
                let frame = |state: &dyn tabula_core::DynState| {
                    let step = ReplayStep {
                        turn: state.turn().into(),
                        view: match seat {
                            Some(s) => state.seat_view(s).unwrap_or(Value::Null),
                            None => state.spectator_view(),
                        },
                    };
                    raw(serde_json::to_string(&step).expect("a step is JSON"))
                };
                let mut steps = vec![frame(state.as_ref())];
                let mut history = Vec::with_capacity(actions.len());
                for (i, a) in actions.iter().enumerate() {
                    state.apply(&a.action).map_err(|e| format!("action {} `{}`: {e}", a.seq, a.action))?;
                    history.push(raw(state.history_entry(i, seat).unwrap_or(Value::Null).to_string()));
                    steps.push(frame(state.as_ref()));
                }
                Ok(Arc::new((steps, history)))
            })
            .await
            .map_err(|e| ApiError::internal(e.to_string()))?
            .map_err(ApiError::internal)?;
            app.replays.lock().expect("the replays").put(key, Arc::clone(&r));
            r
        }
    };
    let table = archived(&app, &row).await?;
    Ok(Json(ReplayAnswer {
        names: table.names.clone(),
        table,
        seed: row.seed,
        actions: actions_text,
        seat,
        steps: replayed.0[window.clone()].to_vec(),
        steps_from,
        step_count: count,
        history: replayed.1.clone(),
        chat,
    }))
}

#[derive(serde::Deserialize)]
struct WsQuery {
    token: Option<String>,
    /// The seat of a signed-in account (its cookie says whose), instead of a token.
    seat: Option<usize>,
    /// The account, named by the process that forwards the connection (and by no one else).
    account: Option<String>,
}

#[allow(clippy::too_many_arguments)]
async fn ws(
    State(app): State<App>,
    Path(id): Path<String>,
    Query(q): Query<WsQuery>,
    Extension(Peer(peer)): Extension<Peer>,
    Extension(place): Extension<ConnPlace>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    // A page may open a WebSocket only from an allowed origin (the server's own address,
    // or one it was told of).
    if let Err(e) = check_origin(&app, &headers) {
        return e.into_response();
    }
    let (client, forwarded) = client_of(&app, &headers, peer).await;
    let h = match locate(&app, &id).await {
        Ok(Kept::Here(h)) => h,
        Ok(Kept::There(_)) if forwarded => return moving().into_response(),
        Ok(Kept::There(url)) => {
            // Served through the process that keeps the table.
            let Some(socket_place) = app.per_ip.socket(client, &id) else {
                return too_many_sockets(&app).into_response();
            };
            let path = match (&q.token, q.seat) {
                (Some(t), _) => format!("/api/tables/{id}/ws?token={}", urlencode(t)),
                (None, Some(seat)) => match accounts::signed_in(&app.store, &headers).await {
                    Ok(Some(a)) => format!("/api/tables/{id}/ws?seat={seat}&account={}", urlencode(&a.id)),
                    Ok(None) => return sign_in_to_play().into_response(),
                    Err(e) => return e.into_response(),
                },
                (None, None) => format!("/api/tables/{id}/ws"),
            };
            let owner = match peers::open(&url, &path, &app.key, client).await {
                Ok(owner) => owner,
                Err(e) => return e.into_response(),
            };
            let limits = app.per_ip.limits().clone();
            let mut taken = app.taken.subscribe();
            let table = id.clone();
            return upgrade
                .max_message_size(MAX_MESSAGE)
                .read_buffer_size(16 * 1024)
                .write_buffer_size(0)
                .on_upgrade(move |socket| async move {
                    let _places = (place, socket_place);
                    // Piped until either side closes, or this process takes the table over.
                    tokio::select! {
                        _ = peers::pipe(socket, owner, &limits) => {}
                        _ = async { while taken.recv().await.is_ok_and(|t| t != table) {} } => {}
                    }
                });
        }
        Err(e) => return e.into_response(),
    };
    let peer = SocketAddr::new(client, peer.port());
    let Some(socket_place) = app.per_ip.socket(peer.ip(), &id) else {
        return too_many_sockets(&app).into_response();
    };
    let out = Outbox::new();
    let token = q.token.filter(|t| !t.is_empty());
    // A seat by account: the account signed in here, or the one a forwarding process named.
    let account = match (token.is_none(), q.seat) {
        (true, Some(seat)) if forwarded => q.account.map(|a| (a, seat)),
        (true, Some(seat)) => match accounts::signed_in(&app.store, &headers).await {
            Ok(Some(a)) => Some((a.id, seat)),
            Ok(None) => return sign_in_to_play().into_response(),
            Err(e) => return e.into_response(),
        },
        _ => None,
    };
    let conn = match ask(&h, |reply| Cmd::Connect { token, account, out: Arc::clone(&out), reply }).await {
        Ok(Ok((conn, _seat))) => conn,
        Ok(Err(e)) | Err(e) => return e.into_response(),
    };
    let link =
        Link { h, conn, out, ip: peer.ip(), per_ip: Arc::clone(&app.per_ip), _places: (place, socket_place) };
    upgrade
        .max_message_size(MAX_MESSAGE)
        // Small buffers: a connection costs little while idle or slow (the client's
        // messages are small; an update is written at once, not gathered).
        .read_buffer_size(16 * 1024)
        .write_buffer_size(0)
        .max_write_buffer_size(outbox::MAX_BYTES * 2)
        .on_upgrade(move |socket| serve_socket(socket, link))
}

/// A seat asked for by account, with nobody signed in.
fn sign_in_to_play() -> ApiError {
    ApiError::new(401, ErrorCode::SignInNeeded, "sign in to play your seat from this browser".into())
}

fn too_many_sockets(app: &App) -> ApiError {
    ApiError::new(
        429,
        ErrorCode::TooManySockets,
        format!(
            "{} connections to this table are open from your address already: close one first",
            app.per_ip.limits().sockets_per_table_per_ip
        ),
    )
}

/// A token as it may stand in a query (tokens are hex; anything else is escaped).
fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// A WebSocket's ends: its table and connection there, its outbox, and the places it
/// holds in its address's counts (given back when it closes).
struct Link {
    h: Handle,
    conn: u64,
    out: Arc<Outbox>,
    ip: std::net::IpAddr,
    per_ip: Arc<PerIp>,
    _places: (ConnPlace, net::Place),
}

/// Sends one message, in at most `limit`: `false` if it failed or took longer.
async fn write(socket: &mut WebSocket, limit: Duration, msg: Message) -> bool {
    matches!(tokio::time::timeout(limit, socket.send(msg)).await, Ok(Ok(())))
}

/// Why a socket was closed by the server.
fn close_frame(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(axum::extract::ws::CloseFrame { code, reason: reason.into() }))
}

/// Pumps one WebSocket: the table's messages out (bounded: [`outbox`]; a write that takes
/// too long closes it), the client's in (bounded in size, and in rate by reading slower,
/// per socket and across every socket of its address), a ping now and then, and a close
/// when nothing at all, not even a pong, has come for too long.
async fn serve_socket(mut socket: WebSocket, link: Link) {
    let limits = link.per_ip.limits().clone();
    let mut window = tokio::time::Instant::now();
    let mut count = 0u32;
    let mut heard = tokio::time::Instant::now();
    let mut pings = tokio::time::interval_at(heard + limits.ping_every, limits.ping_every);
    pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            next = link.out.next() => match next {
                Next::Send(text) => {
                    if !write(&mut socket, limits.write_timeout, Message::Text(text.as_ref().into())).await {
                        break;
                    }
                }
                Next::Behind => {
                    let _ = write(&mut socket, limits.write_timeout, close_frame(1008, "too far behind: reconnect for the latest state")).await;
                    break;
                }
                Next::Ended => {
                    let _ = write(&mut socket, limits.write_timeout, close_frame(1000, "the table has closed")).await;
                    break;
                }
            },
            _ = pings.tick() => {
                if heard.elapsed() >= limits.silent_limit {
                    let _ = write(&mut socket, limits.write_timeout, close_frame(1001, "nothing heard from you: reconnect")).await;
                    break;
                }
                if !write(&mut socket, limits.write_timeout, Message::Ping(Default::default())).await {
                    break;
                }
            }
            incoming = socket.recv() => {
                heard = tokio::time::Instant::now();
                match incoming {
                    Some(Ok(Message::Text(text))) => {
                        if window.elapsed() > std::time::Duration::from_secs(1) {
                            window = tokio::time::Instant::now();
                            count = 0;
                        }
                        count += 1;
                        if count > MAX_RATE {
                            // Past the rate, the connection is read more slowly: nothing is
                            // dropped, a flood only waits.
                            tokio::time::sleep_until(window + std::time::Duration::from_secs(1)).await;
                            window = tokio::time::Instant::now();
                            count = 1;
                        }
                        // And so is every socket of an address sending too much in all.
                        link.per_ip.message(link.ip).await;
                        if link.h.tx.send(Cmd::Message { conn: link.conn, text: text.to_string() }).await.is_err() {
                            break;
                        }
                    }
                    Some(Ok(Message::Binary(_))) => {
                        let err = protocol::ServerMessage::error(
                            ErrorCode::BadRequest,
                            "messages are JSON text, not binary",
                        );
                        link.out.send(Arc::from(err.to_text()));
                    }
                    Some(Ok(_)) => {}
                    Some(Err(_)) | None => break,
                }
            }
        }
    }
    link.out.close();
    let _ = link.h.tx.send(Cmd::Disconnect { conn: link.conn }).await;
}

/// Where the pages that may open a WebSocket or send a POST come from. A page's `Origin`
/// is compared with these, never with the `Host` the request names (a page of another
/// site whose name was pointed at this server, DNS rebinding, names its own host there).
#[derive(Debug)]
pub struct Origins {
    /// Allowed as they are: the listen address, `localhost` and the loopback addresses on
    /// its port, and each `--public-origin`.
    exact: Vec<String>,
    /// Listening on every interface (`0.0.0.0`, `::`): a page from any IP address on this
    /// port, so a friend on the network reaches it by address (an address cannot be
    /// rebound as a name can).
    any_ip_on: Option<u16>,
}

impl Origins {
    /// The origins of a server listening on `addr`, with `public` besides.
    ///
    /// # Errors
    /// A public origin that is not `http://HOST[:PORT]` or `https://HOST[:PORT]`.
    pub fn new(addr: SocketAddr, public: &[String]) -> Result<Origins, String> {
        let port = addr.port();
        let mut exact = vec![
            format!("http://localhost:{port}"),
            format!("http://127.0.0.1:{port}"),
            format!("http://[::1]:{port}"),
        ];
        if !addr.ip().is_unspecified() {
            exact.push(format!("http://{addr}"));
        }
        for o in public {
            let trimmed = o.trim().trim_end_matches('/').to_ascii_lowercase();
            if Origins::parse(&trimmed).is_none() {
                return Err(format!(
                    "--public-origin {o:?} is not an origin: write it as a browser does, http://HOST[:PORT] or https://HOST[:PORT], without a path"
                ));
            }
            exact.push(trimmed);
        }
        Ok(Origins { exact, any_ip_on: addr.ip().is_unspecified().then_some(port) })
    }

    /// An origin's host and port (the scheme's default port where none is written).
    fn parse(origin: &str) -> Option<(&str, u16)> {
        let (rest, default) = match origin.split_once("://") {
            Some(("http", rest)) => (rest, 80),
            Some(("https", rest)) => (rest, 443),
            _ => return None,
        };
        if rest.is_empty() || rest.contains(['/', '?', '#', '@', ' ']) {
            return None;
        }
        let (host, port) = match rest.rsplit_once(':') {
            Some((h, p)) if !h.is_empty() && (!h.contains(':') || h.ends_with(']')) => (h, p.parse().ok()?),
            _ => (rest, default),
        };
        Some((host, port))
    }

    /// Whether a page from `origin` may talk to this server.
    pub fn allows(&self, origin: &str) -> bool {
        let origin = origin.to_ascii_lowercase();
        if self.exact.contains(&origin) {
            return true;
        }
        match (self.any_ip_on, Origins::parse(&origin)) {
            (Some(port), Some((host, p))) => p == port && ip_literal(host).is_some(),
            _ => false,
        }
    }
}

/// A request that changes something (a POST) must come as JSON, which a page of another
/// site cannot send without asking first (a form or a `text/plain` body can), and, from a
/// browser, from an allowed origin.
fn guard_post(app: &App, headers: &HeaderMap) -> Result<(), ApiError> {
    let kind = headers.get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("");
    let essence = kind.split(';').next().unwrap_or("").trim();
    if !essence.eq_ignore_ascii_case("application/json") {
        return Err(ApiError::new(
            415,
            ErrorCode::BadContentType,
            "send the body as JSON, with the header Content-Type: application/json".into(),
        ));
    }
    check_origin(app, headers)
}

/// A browser's page must come from an allowed origin; clients that are not browsers send
/// no `Origin`.
fn check_origin(app: &App, headers: &HeaderMap) -> Result<(), ApiError> {
    match headers.get("origin").map(|o| o.to_str()) {
        None => Ok(()),
        Some(Ok(origin)) if app.origins.allows(origin) => Ok(()),
        Some(origin) => {
            let shown: String = origin.unwrap_or("?").chars().take(100).collect();
            Err(ApiError::forbidden(
                ErrorCode::BadOrigin,
                format!(
                    "pages from {shown} may not use this server (start it with --public-origin {shown} to allow them)"
                ),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Origins, REPLAYS_KEPT, Replayed, Replays, peer_ip};
    use std::sync::Arc;

    #[test]
    fn the_replays_kept_are_the_last_used() {
        let mut kept = Replays::default();
        let one = |n: usize| -> Replayed {
            Arc::new((
                Vec::new(),
                vec![Arc::from(serde_json::value::RawValue::from_string(n.to_string()).unwrap())],
            ))
        };
        for n in 0..REPLAYS_KEPT {
            kept.put((format!("t{n}"), None), one(n));
        }
        assert!(kept.get(&("t0".into(), None)).is_some(), "t0 used again: kept");
        kept.put(("new".into(), Some(1)), one(99));
        assert!(kept.get(&("t1".into(), None)).is_none(), "the least recently used went");
        assert!(kept.get(&("t0".into(), None)).is_some());
        assert!(kept.get(&("t0".into(), Some(0))).is_none(), "a viewpoint is its own replay");
        assert_eq!(kept.0.len(), REPLAYS_KEPT);
    }

    #[test]
    fn a_peer_s_address_is_read_from_its_url_only_when_written_as_one() {
        assert_eq!(peer_ip("http://10.0.0.5:8081/"), Some("10.0.0.5".parse().unwrap()));
        assert_eq!(peer_ip("http://[::1]:8081"), Some("::1".parse().unwrap()));
        assert_eq!(peer_ip("http://tabula.lan:8081"), None);
    }

    #[test]
    fn origins_are_the_listen_address_loopback_and_those_given_never_a_name_by_default() {
        let local = Origins::new("127.0.0.1:8080".parse().unwrap(), &[]).unwrap();
        for ok in
            ["http://127.0.0.1:8080", "http://localhost:8080", "http://[::1]:8080", "HTTP://LOCALHOST:8080"]
        {
            assert!(local.allows(ok), "{ok}");
        }
        for bad in
            ["http://127.0.0.1:9090", "http://evil.example:8080", "http://192.168.1.5:8080", "null", ""]
        {
            assert!(!local.allows(bad), "{bad}");
        }
        // On every interface: any address on the port (a friend on the network), never a
        // name unless given.
        let all = Origins::new("0.0.0.0:8080".parse().unwrap(), &["https://games.example.org/".to_owned()])
            .unwrap();
        for ok in ["http://192.168.1.5:8080", "http://[fe80::1]:8080", "https://games.example.org"] {
            assert!(all.allows(ok), "{ok}");
        }
        for bad in ["http://tabula.lan:8080", "http://192.168.1.5:80", "https://games.example.org:8443"] {
            assert!(!all.allows(bad), "{bad}");
        }
        for wrong in ["games.example.org", "ftp://x", "https://x/path", "https://"] {
            assert!(Origins::new("0.0.0.0:8080".parse().unwrap(), &[wrong.to_owned()]).is_err(), "{wrong}");
        }
    }
}
