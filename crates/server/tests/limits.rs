//! The server facing strangers (docs/server.md, "Limits"): half-sent requests and idle
//! connections are closed, a client that never reads costs a bounded amount, a seat whose
//! peer vanished without a word is disconnected (and a bot stands in), and one address can
//! hold only so many connections, sockets and tables, and send only so many messages.

mod common;

use std::time::{Duration, Instant};

use common::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tabula_server::Limits;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

/// Whether the server closes `s` within `within` (reading whatever it sends first).
async fn closed_within(s: &mut TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 4096];
    let deadline = Instant::now() + within;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, s.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => continue,
            Err(_) => return false,
        }
    }
}

fn quick() -> Limits {
    Limits {
        header_timeout: Duration::from_millis(600),
        body_timeout: Duration::from_millis(600),
        ping_every: Duration::from_millis(200),
        silent_limit: Duration::from_millis(1000),
        write_timeout: Duration::from_millis(1000),
        tables_per_minute_per_ip: 1000,
        ..Limits::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_requests_and_idle_connections_are_closed() {
    let (addr, _server) = server_limited(&db("slowloris"), quick()).await;
    // Headers never finished.
    let mut half = TcpStream::connect(addr).await.unwrap();
    half.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ").await.unwrap();
    assert!(closed_within(&mut half, Duration::from_secs(5)).await, "a half-sent header is cut off");
    // Nothing sent at all.
    let mut silent = TcpStream::connect(addr).await.unwrap();
    assert!(closed_within(&mut silent, Duration::from_secs(5)).await, "a silent connection is closed");
    // A kept-alive connection idle after its answer.
    let mut idle = TcpStream::connect(addr).await.unwrap();
    idle.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
    assert!(
        closed_within(&mut idle, Duration::from_secs(5)).await,
        "an idle kept-alive connection is closed"
    );
    // A body that never comes whole.
    let mut body = TcpStream::connect(addr).await.unwrap();
    body.write_all(
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"game\"",
    )
    .await
    .unwrap();
    let mut raw = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), body.read_to_end(&mut raw)).await;
    let text = String::from_utf8_lossy(&raw);
    assert!(text.starts_with("HTTP/1.1 408"), "a body too slow: {text}");
    assert!(text.contains("body_timeout"), "{text}");
    // The server still answers.
    let (status, games) = http(addr, "GET", "/api/games", None).await;
    assert_eq!(status, 200);
    assert!(games["games"].as_array().is_some_and(|g| !g.is_empty()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_only_so_many_connections_sockets_and_tables() {
    let limits = Limits {
        connections_per_ip: 6,
        sockets_per_table_per_ip: 3,
        tables_per_minute_per_ip: 3,
        header_timeout: Duration::from_secs(30),
        ..Limits::default()
    };
    let (addr, _server) = server_limited(&db("per-ip"), limits).await;
    // Tables: three a minute.
    let mut ids = Vec::new();
    for _ in 0..3 {
        let (status, t) =
            post(addr, "/api/tables", json!({"game": "abagio", "seats": ["human", "random"]})).await;
        assert_eq!(status, 200, "{t}");
        ids.push(t["table"].as_str().unwrap().to_owned());
    }
    let (status, e) = post(addr, "/api/tables", json!({"game": "abagio"})).await;
    assert_eq!((status, e["error"]["code"].as_str()), (429, Some("too_many_tables")), "{e}");
    assert!(e["error"]["message"].as_str().unwrap().contains("try again in"), "{e}");
    // Sockets: three to one table, more to another.
    let mut sockets = Vec::new();
    for _ in 0..3 {
        sockets.push(connect(addr, &ids[0], None).await);
    }
    let refused = tokio_tungstenite::connect_async(format!("ws://{addr}/api/tables/{}/ws", ids[0])).await;
    assert!(refused.as_ref().is_err_and(|e| e.to_string().contains("429")), "{:?}", refused.err());
    sockets.push(connect(addr, &ids[1], None).await);
    // Connections: six in all (four sockets and two idle); the seventh is closed at once.
    let _idle = TcpStream::connect(addr).await.unwrap();
    let _idle2 = TcpStream::connect(addr).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut seventh = TcpStream::connect(addr).await.unwrap();
    let _ = seventh.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n").await;
    assert!(closed_within(&mut seventh, Duration::from_secs(5)).await, "a seventh connection is refused");
    // A socket closed gives its place back.
    let mut first = sockets.remove(0);
    first.close(None).await.unwrap();
    while first.next().await.is_some() {}
    drop(first);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let again = tokio_tungstenite::connect_async(format!("ws://{addr}/api/tables/{}/ws", ids[0])).await;
    assert!(again.is_ok(), "{:?}", again.err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_s_messages_are_slowed_across_all_its_sockets() {
    let limits = Limits { messages_per_ip: 40, ..quick() };
    let (addr, _server) = server_limited(&db("messages"), limits).await;
    let (_, t) = post(addr, "/api/tables", json!({"game": "abagio", "seats": ["human", "random"]})).await;
    let id = t["table"].as_str().unwrap().to_owned();
    let start = Instant::now();
    let mut tasks = Vec::new();
    // Five sockets, each well under the per-socket rate, 160 messages in all.
    for _ in 0..5 {
        let mut ws = connect(addr, &id, None).await;
        tasks.push(tokio::spawn(async move {
            for _ in 0..32 {
                ws.send(Message::Text("{}".into())).await.unwrap();
            }
            let mut errors = 0;
            while errors < 32 {
                if next(&mut ws).await["type"] == "error" {
                    errors += 1;
                }
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    // 40 at once, then 40 a second: the last of 160 answered no sooner than 3 s.
    assert!(start.elapsed() >= Duration::from_millis(2500), "answered in {:?}", start.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_whose_peer_vanished_is_disconnected_and_a_bot_stands_in() {
    let mut config = tabula_server::Config::new("127.0.0.1:0".parse().unwrap(), db("silent"));
    config.limits = quick();
    config.grace = Duration::from_millis(500);
    let (addr, _server) = tabula_server::start(config).await.unwrap();
    let (_, t) =
        post(addr, "/api/tables", json!({"game": "abagio", "seats": ["human", "human"], "name": "ada"}))
            .await;
    let id = t["table"].as_str().unwrap().to_owned();
    let ada = t["token"].as_str().unwrap().to_owned();
    let (_, j) = post(addr, &format!("/api/tables/{id}/join"), json!({"name": "bo"})).await;
    let bo = j["token"].as_str().unwrap().to_owned();
    // Ada's socket opens, then her machine vanishes: it never reads, never answers a ping.
    let ada_ws = connect(addr, &id, Some(&ada)).await;
    let mut bo_ws = connect(addr, &id, Some(&bo)).await;
    let start = Instant::now();
    // Bo sees her disconnected, then a bot playing for her, and the game moving.
    let mut saw_gone = false;
    loop {
        let u = next_of(&mut bo_ws, "update").await;
        let seat = &u["seats"][0];
        if seat["connected"] == false {
            saw_gone = true;
        }
        if seat["bot"].is_string() {
            assert!(saw_gone);
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "no bot stood in: {u}");
    }
    // Disconnected after the silent limit, never before.
    assert!(start.elapsed() >= Duration::from_millis(900), "{:?}", start.elapsed());
    drop(ada_ws);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_that_never_read_cost_a_bounded_amount() {
    let limits = Limits { sockets_per_table_per_ip: 100, ..quick() };
    let (addr, _server) = server_limited(&db("non-reading"), limits).await;
    let (_, t) =
        post(addr, "/api/tables", json!({"game": "abagio", "seats": ["human", "random"], "name": "ada"}))
            .await;
    let id = t["table"].as_str().unwrap().to_owned();
    let token = t["token"].as_str().unwrap().to_owned();
    // Forty spectators that never read a byte.
    let mut lurkers = Vec::new();
    for _ in 0..40 {
        lurkers.push(connect(addr, &id, None).await);
    }
    let mut ws = connect(addr, &id, Some(&token)).await;
    let mut most = 0;
    let mut biggest = 0;
    let mut acted = None;
    let mut moves = 0;
    while moves < 150 {
        let u = next_of(&mut ws, "update").await;
        biggest = biggest.max(u.to_string().len());
        most = most.max(tabula_server::outbox::waiting_bytes());
        if u["status"] == "over" {
            break;
        }
        if u["turn"]["player"] == 0
            && acted != u["seq"].as_u64()
            && !u["legal"].as_array().unwrap().is_empty()
        {
            acted = u["seq"].as_u64();
            send(&mut ws, json!({"type": "act", "action": u["legal"][0], "seq": u["seq"]})).await;
            moves += 1;
        }
    }
    // At most the latest update waits for each lurker (and some for the player).
    assert!(most <= 42 * biggest, "{most} bytes waiting, updates of at most {biggest}");
    drop(lurkers);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_nobody_comes_to_expires() {
    let limits = Limits { open_table_ttl: Duration::from_millis(1500), ..quick() };
    let (addr, _server) = server_limited(&db("expiry"), limits).await;
    let (_, t) =
        post(addr, "/api/tables", json!({"game": "abagio", "seats": ["human", "human"], "name": "ada"}))
            .await;
    let waiting = t["table"].as_str().unwrap().to_owned();
    let (_, t) =
        post(addr, "/api/tables", json!({"game": "abagio", "seats": ["human", "human"], "name": "bo"})).await;
    let full = t["table"].as_str().unwrap().to_owned();
    let (status, _) = post(addr, &format!("/api/tables/{full}/join"), json!({"name": "cy"})).await;
    assert_eq!(status, 200);
    let mut watcher = connect(addr, &waiting, None).await;
    let (_, list) = http(addr, "GET", "/api/tables", None).await;
    assert_eq!(list["total"], 2, "{list}");
    // The watcher is told, then the socket closes.
    let told = next_of(&mut watcher, "error").await;
    assert_eq!(told["code"], "expired", "{told}");
    let end = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match watcher.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(end.is_ok(), "the socket of an expired table closes");
    let (_, info) = http(addr, "GET", &format!("/api/tables/{waiting}"), None).await;
    assert_eq!(info["status"], "expired", "{info}");
    let (status, e) = post(addr, &format!("/api/tables/{waiting}/join"), json!({"name": "dee"})).await;
    assert_eq!((status, e["error"]["code"].as_str()), (409, Some("expired")), "{e}");
    // The table whose seats were taken plays on.
    let (_, list) = http(addr, "GET", "/api/tables", None).await;
    assert_eq!(list["total"], 1, "{list}");
    assert_eq!(list["tables"][0]["table"], full.as_str());
    assert_eq!(list["tables"][0]["status"], "playing");
}

/// Nim whose moves wait at a gate the test holds closed: a game whose rules take long on
/// one action, as Fowers' Sabotage's deduction aid can. Its chance start takes a few
/// milliseconds of work, so that a table knows from it that these rules can be slow.
mod gated {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Condvar, Mutex, OnceLock};
    use std::time::Duration;

    use tabula_core::doc_example::{Nim, NimAction, NimState};
    use tabula_core::rand::Rng;
    use tabula_core::spec::GameSpec;
    use tabula_core::{Game, Illegal, Options, OptionsError, ParseActionError, SetupError, Turn};

    /// Whether moves wait, and how many wait now.
    static CLOSED: (Mutex<bool>, Condvar) = (Mutex::new(false), Condvar::new());
    pub static WAITING: AtomicUsize = AtomicUsize::new(0);
    /// How many moves the rules have played.
    pub static TAKES: AtomicUsize = AtomicUsize::new(0);
    /// The longest a move waits, should the test never open the gate.
    const LONGEST: Duration = Duration::from_secs(20);

    pub fn close(closed: bool) {
        *CLOSED.0.lock().unwrap() = closed;
        CLOSED.1.notify_all();
    }

    #[derive(Debug, Clone)]
    pub struct GatedNim;

    impl Game for GatedNim {
        type State = NimState;
        type Action = NimAction;
        type View = (usize, NimState);

        /// Nim's, under its own name.
        fn spec() -> &'static GameSpec {
            static SPEC: OnceLock<GameSpec> = OnceLock::new();
            SPEC.get_or_init(|| GameSpec { id: "gated-nim", name: "Gated Nim", ..*Nim::spec() })
        }
        fn new(_: &Options) -> Result<Self, OptionsError> {
            Ok(GatedNim)
        }
        fn options(&self) -> Options {
            Options::defaults(Self::spec())
        }
        fn num_players(&self) -> usize {
            2
        }
        fn num_distinct_actions(&self) -> usize {
            Nim.num_distinct_actions()
        }
        fn max_game_length(&self) -> usize {
            Nim.max_game_length()
        }
        fn initial_state(&self) -> NimState {
            Nim.initial_state()
        }
        fn turn(&self, s: &NimState) -> Turn {
            Nim.turn(s)
        }
        fn legal_actions(&self, s: &NimState, out: &mut Vec<NimAction>) {
            Nim.legal_actions(s, out)
        }
        fn chance_outcomes(&self, s: &NimState, out: &mut Vec<(NimAction, f64)>) {
            Nim.chance_outcomes(s, out)
        }
        fn check(&self, s: &NimState, a: NimAction) -> Result<(), Illegal> {
            Nim.check(s, a)
        }
        fn play_unchecked(&self, s: &mut NimState, a: NimAction) {
            if matches!(a, NimAction::Pile(_)) {
                // Work, not a sleep: the server counts the CPU time rules take.
                let start = std::time::Instant::now();
                while start.elapsed() < Duration::from_millis(5) {
                    std::hint::black_box(0);
                }
            } else {
                WAITING.fetch_add(1, Ordering::SeqCst);
                let closed = CLOSED.0.lock().unwrap();
                let _ = CLOSED.1.wait_timeout_while(closed, LONGEST, |closed| *closed).unwrap();
                WAITING.fetch_sub(1, Ordering::SeqCst);
                TAKES.fetch_add(1, Ordering::SeqCst);
            }
            Nim.play_unchecked(s, a)
        }
        fn returns_into(&self, s: &NimState, out: &mut [f64]) {
            Nim.returns_into(s, out)
        }
        fn view(&self, s: &NimState, player: usize) -> (usize, NimState) {
            Nim.view(s, player)
        }
        fn public_view(&self, s: &NimState) -> (usize, NimState) {
            Nim.public_view(s)
        }
        fn view_player(&self, view: &(usize, NimState)) -> usize {
            Nim.view_player(view)
        }
        fn determinize<R: Rng + ?Sized>(&self, view: &(usize, NimState), rng: &mut R) -> NimState {
            Nim.determinize(view, rng)
        }
        fn observation_shape(&self) -> Vec<usize> {
            Nim.observation_shape()
        }
        fn write_observation(&self, view: &(usize, NimState), out: &mut [f32]) {
            Nim.write_observation(view, out)
        }
        fn action_text(&self, a: NimAction) -> String {
            Nim.action_text(a)
        }
        fn parse_action(&self, text: &str) -> Result<NimAction, ParseActionError> {
            Nim.parse_action(text)
        }
        fn action_index(&self, a: NimAction) -> usize {
            Nim.action_index(a)
        }
        fn action_from_index(&self, i: usize) -> Option<NimAction> {
            Nim.action_from_index(i)
        }
        fn validate(&self, s: NimState) -> Result<NimState, SetupError> {
            Nim.validate(s)
        }
    }
}

/// A table of two people of `game`, both connected, once one is to move: the mover's socket
/// with the update that offers it moves, and the other's socket.
async fn two_people(addr: std::net::SocketAddr, game: &str) -> (Ws, serde_json::Value, Ws) {
    let (status, t) = post(addr, "/api/tables", json!({"game": game, "seats": ["human", "human"]})).await;
    assert_eq!(status, 200, "{t}");
    let id = t["table"].as_str().unwrap().to_owned();
    let (_, j) = post(addr, &format!("/api/tables/{id}/join"), json!({"seat": 1})).await;
    let mut ws = [
        connect(addr, &id, Some(t["token"].as_str().unwrap())).await,
        connect(addr, &id, Some(j["token"].as_str().unwrap())).await,
    ];
    // Seat 0's update that names the mover is the mover's own when seat 0 moves: no other
    // update need come.
    let mut u = loop {
        let u = next_of(&mut ws[0], "update").await;
        if u["turn"]["kind"] == "player" {
            break u;
        }
    };
    let [a, b] = ws;
    let (mut ws, other) = if u["turn"]["player"] == 0 { (a, b) } else { (b, a) };
    while u["legal"].as_array().unwrap().is_empty() {
        u = next_of(&mut ws, "update").await;
    }
    (ws, u, other)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_busy_with_slow_rules_stall_no_other_table_nor_replay_for_a_takeback() {
    use std::sync::atomic::Ordering;
    let mut registry = tabula_registry::registry();
    registry.register(tabula_core::GameEntry::of::<gated::GatedNim>(
        |_, _, _| Err("no bots here".to_owned()),
        &[],
    ));
    let mut config = tabula_server::Config::new("127.0.0.1:0".parse().unwrap(), db("busy"));
    config.registry = std::sync::Arc::new(registry);
    let (addr, _server) = tabula_server::start(config).await.unwrap();
    // Two tables whose next move takes long: as many as the runtime has workers.
    gated::close(true);
    let mut busy = Vec::new();
    for _ in 0..2 {
        let (mut ws, u, other) = two_people(addr, "gated-nim").await;
        send(&mut ws, json!({"type": "act", "action": u["legal"][0], "seq": u["seq"]})).await;
        busy.push((ws, u["seq"].as_u64().unwrap(), other));
    }
    let start = Instant::now();
    while gated::WAITING.load(Ordering::SeqCst) < 2 {
        assert!(start.elapsed() < Duration::from_secs(15), "both moves reach the rules");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // Meanwhile a table of another game is opened, joined and played on.
    let (mut ws, u, _) = two_people(addr, "abagio").await;
    send(&mut ws, json!({"type": "act", "action": u["legal"][0], "seq": u["seq"]})).await;
    past(&mut ws, u["seq"].as_u64().unwrap()).await;
    assert_eq!(
        gated::WAITING.load(Ordering::SeqCst),
        2,
        "the other table answered only once the busy tables' rules were done ({:?})",
        start.elapsed()
    );
    // The busy tables then finish their moves.
    gated::close(false);
    for (ws, seq, _) in &mut busy {
        past(ws, *seq).await;
    }
    // A takeback there goes back to a position the table kept: the rules play nothing again
    // (a replay would play both moves before the one taken back).
    let (m, seq, o) = &mut busy[0];
    let mut last = Value::Null;
    for (at, ws) in [(*seq + 1, &mut *o), (*seq + 2, &mut *m)] {
        let u = loop {
            let u = next_of(ws, "update").await;
            if u["seq"] == at && !u["legal"].as_array().unwrap().is_empty() {
                break u;
            }
        };
        send(ws, json!({"type": "act", "action": u["legal"][0], "seq": at})).await;
        past(ws, at).await;
        last = u;
    }
    let takes = gated::TAKES.load(Ordering::SeqCst);
    send(m, json!({"type": "takeback"})).await;
    while next_of(o, "update").await["takeback"].is_null() {}
    send(o, json!({"type": "takeback"})).await;
    while next_of(m, "update").await["seq"] != last["seq"] {}
    assert_eq!(gated::TAKES.load(Ordering::SeqCst), takes, "no move was played again");
}

/// Reads updates until one is past `seq` (a move was played).
async fn past(ws: &mut Ws, seq: u64) {
    while next_of(ws, "update").await["seq"].as_u64().unwrap() <= seq {}
}
