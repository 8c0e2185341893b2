//! Several `tabula serve` processes on one PostgreSQL database (docs/server.md, "Several
//! processes"): any process serves any client, each table is kept by one process at a time,
//! and when its process dies or is paused another takes it over with every acknowledged
//! action; a paused process that wakes up writes nothing more (fencing). Real processes,
//! SIGKILL and SIGSTOP, a throwaway PostgreSQL cluster (skipped, saying so, without
//! PostgreSQL).

#[path = "../../server/tests/common/mod.rs"]
mod common;

use std::net::SocketAddr;
use std::process::{Child, Command};
use std::time::Duration;

use common::pg::Cluster;
use common::*;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};

/// Seconds after which a silent process's tables are taken over, in these tests.
const STALE: &str = "4";

struct Process {
    child: Child,
    addr: SocketAddr,
}

impl Process {
    fn start(db: &str) -> Process {
        Process::with(&["--db", db, "--stale-after", STALE])
    }

    fn with(args: &[&str]) -> Process {
        let (child, addr) = serve_process(env!("CARGO_BIN_EXE_tabula"), args, false);
        Process { child, addr }
    }

    fn signal(&self, sig: &str) {
        let ok = Command::new("kill").args([sig, &self.child.id().to_string()]).status().unwrap().success();
        assert!(ok, "kill {sig}");
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.signal_quietly();
        self.kill();
    }
}

impl Process {
    fn signal_quietly(&self) {
        let _ = Command::new("kill").args(["-CONT", &self.child.id().to_string()]).status();
    }
}

fn cluster() -> Option<(Cluster, String)> {
    match Cluster::start() {
        Ok(c) => Some(c),
        Err(why) => {
            eprintln!("SKIPPED: the several-processes test needs PostgreSQL: {why}");
            None
        }
    }
}

/// The seat's update at `seq` or later, reconnecting through `procs` (in turn from
/// `first`) whenever a socket fails.
async fn connect_any(procs: &[SocketAddr], first: usize, table: &str, token: &str) -> (Ws, Value) {
    for attempt in 0..60 {
        let addr = procs[(first + attempt) % procs.len()];
        let url = format!("ws://{addr}/api/tables/{table}/ws?token={token}");
        if let Ok(Ok((mut ws, _))) =
            tokio::time::timeout(Duration::from_secs(5), tokio_tungstenite::connect_async(url)).await
            && let Ok(u) = tokio::time::timeout(Duration::from_secs(5), next_of(&mut ws, "update")).await
        {
            return (ws, u);
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    panic!("no process serves table {table}");
}

/// Plays one action for the seat to act (through `ws`, whose last update is `u`) and waits
/// for the update after it; `None` if the socket failed on the way (the action may or may
/// not have been accepted: it was not acknowledged).
async fn act(ws: &mut Ws, u: &Value, pick: usize) -> Option<Value> {
    let legal = u["legal"].as_array()?;
    let action = legal.get(pick % legal.len().max(1))?.clone();
    let seq = u["seq"].as_u64()?;
    send_quiet(ws, json!({"type": "act", "action": action, "seq": seq})).await?;
    loop {
        let m = tokio::time::timeout(Duration::from_secs(8), next_quiet(ws)).await.ok()??;
        if m["type"] == "update" && m["seq"].as_u64()? > seq {
            return Some(m);
        }
        if m["type"] == "error" {
            return None;
        }
    }
}

async fn send_quiet(ws: &mut Ws, msg: Value) -> Option<()> {
    use futures_util::SinkExt;
    ws.send(tokio_tungstenite::tungstenite::Message::Text(msg.to_string().into())).await.ok()
}

async fn next_quiet(ws: &mut Ws) -> Option<Value> {
    use futures_util::StreamExt;
    loop {
        match ws.next().await? {
            Ok(tokio_tungstenite::tungstenite::Message::Text(t)) => return serde_json::from_str(&t).ok(),
            Ok(_) => {}
            Err(_) => return None,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_serve_one_game_and_a_paused_owner_is_fenced() {
    let Some((_cluster, db)) = cluster() else { return };
    let a = Process::start(&db);
    let b = Process::start(&db);
    // A table opened on A, its second seat taken through B.
    let (_, t) =
        post(a.addr, "/api/tables", json!({"game": "abagio", "seats": ["human", "human"], "name": "ada"}))
            .await;
    let id = t["table"].as_str().unwrap().to_owned();
    let (status, j) = post(b.addr, &format!("/api/tables/{id}/join"), json!({"name": "bo"})).await;
    assert_eq!(status, 200, "joined through B: {j}");
    let tokens = [t["token"].as_str().unwrap().to_owned(), j["token"].as_str().unwrap().to_owned()];
    let (_, info) = http(b.addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(info["status"], "playing", "{info}");
    // The lobby is shared: B lists A's table (within a heartbeat).
    let mut listed = Value::Null;
    for _ in 0..20 {
        listed = http(b.addr, "GET", "/api/tables", None).await.1;
        if listed["tables"].as_array().is_some_and(|t| t.iter().any(|t| t["table"] == id.as_str())) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    assert_eq!(listed["total"], 1, "{listed}");
    assert_eq!(listed["tables"][0]["status"], "playing", "{listed}");
    // Seat 0 plays through A, seat 1 through B: one game, whichever process a move comes
    // through.
    let via = [a.addr, b.addr];
    let mut acknowledged = Value::Null;
    for k in 0..12 {
        let (_, info) = http(a.addr, "GET", &format!("/api/tables/{id}"), None).await;
        let seat = info["turn"]["player"].as_u64().unwrap() as usize;
        let (mut w, mine) = connect_any(&[via[seat]], 0, &id, &tokens[seat]).await;
        let u = act(&mut w, &mine, k).await.expect("an acknowledged move");
        acknowledged = u["history"].clone();
    }
    let (_, on_a) = connect_any(&[a.addr], 0, &id, &tokens[0]).await;
    let (_, on_b) = connect_any(&[b.addr], 0, &id, &tokens[0]).await;
    assert_eq!(on_a["history"], acknowledged);
    assert_eq!(on_b["history"], acknowledged, "both processes show one game");
    // An undo through B, of a table A keeps (a hidden plan step of Fowers' Sabotage shows
    // the other team nothing): taken back once, and both processes agree.
    let body = json!({"game": "sabotage-spies", "options": {"players": 2, "intro": true}, "seats": ["human", "human"]});
    let (_, t2) = post(a.addr, "/api/tables", body).await;
    let id2 = t2["table"].as_str().unwrap().to_owned();
    let (_, j2) = post(b.addr, &format!("/api/tables/{id2}/join"), json!({})).await;
    let tokens2 = [t2["token"].as_str().unwrap().to_owned(), j2["token"].as_str().unwrap().to_owned()];
    let (_, info) = http(b.addr, "GET", &format!("/api/tables/{id2}"), None).await;
    let seat = info["turn"]["player"].as_u64().unwrap() as usize;
    let (mut w, mine) = connect_any(&[b.addr], 0, &id2, &tokens2[seat]).await;
    let seq = mine["seq"].as_u64().unwrap();
    let played = act(&mut w, &mine, 0).await.expect("a hidden plan step through B");
    assert_eq!(played["undo"], true, "{played}");
    send(&mut w, json!({"type": "undo"})).await;
    let back = loop {
        let m = next_of(&mut w, "update").await;
        if m["seq"].as_u64() == Some(seq) {
            break m;
        }
    };
    assert_eq!(back["legal"], mine["legal"]);
    for p in [a.addr, b.addr] {
        let (_, info) = http(p, "GET", &format!("/api/tables/{id2}"), None).await;
        assert_eq!(info["seq"].as_u64(), Some(seq), "{info}");
    }
    // A, which keeps the table, is paused: B takes it over once A is silent, with every
    // acknowledged action.
    a.signal("-STOP");
    tokio::time::sleep(Duration::from_secs(6)).await;
    let (w0, u0) = connect_any(&[b.addr], 0, &id, &tokens[0]).await;
    let n = acknowledged.as_array().unwrap().len();
    assert_eq!(
        u0["history"].as_array().unwrap()[..n],
        acknowledged.as_array().unwrap()[..],
        "nothing acknowledged lost"
    );
    // Play on through B, then wake A: A writes nothing more, and serves the table through B.
    let mut u = u0;
    for k in 0..4 {
        let seat = u["turn"]["player"].as_u64().unwrap() as usize;
        let (mut w, mine) = connect_any(&[b.addr], 0, &id, &tokens[seat]).await;
        u = act(&mut w, &mine, k).await.expect("an acknowledged move on B");
    }
    let before_wake = u["history"].clone();
    a.signal("-CONT");
    tokio::time::sleep(Duration::from_secs(3)).await;
    let (_, through_a) = connect_any(&[a.addr], 0, &id, &tokens[0]).await;
    assert_eq!(through_a["history"], before_wake, "A serves B's game, not its own stale copy");
    let (_, info_a) = http(a.addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(info_a["seq"], u["seq"], "{info_a}");
    drop(w0);
    // The game ends the same wherever it is watched, and its record replays.
    let mut ws = [connect(a.addr, &id, Some(&tokens[0])).await, connect(b.addr, &id, Some(&tokens[1])).await];
    let (x, y) = {
        let [x, y] = &mut ws;
        tokio::join!(play_out(x, 0, None), play_out(y, 1, None))
    };
    assert_eq!(x["result"], y["result"]);
    let (status, record) = http(a.addr, "GET", &format!("/api/tables/{id}/record"), None).await;
    assert_eq!(status, 200, "{record}");
    let record: tabula_core::Record = serde_json::from_value(record).unwrap();
    assert!(tabula_registry::registry().load_record(&record).unwrap().is_terminal());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_processes_lose_nothing_acknowledged_under_kills_and_pauses() {
    let Some((_cluster, db)) = cluster() else { return };
    let mut procs = vec![Process::start(&db), Process::start(&db), Process::start(&db)];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(30);
    // Three games, every seat a person, opened on random processes.
    let mut tables = Vec::new();
    for game in ["abagio", "sabotage-pipes", "abagio"] {
        let opts = json!({});
        let at = procs[rng.random_range(0..3)].addr;
        let (status, t) =
            post(at, "/api/tables", json!({"game": game, "options": opts, "seats": ["human", "human"]}))
                .await;
        assert_eq!(status, 200, "{t}");
        let id = t["table"].as_str().unwrap().to_owned();
        let at = procs[rng.random_range(0..3)].addr;
        let (status, j) = post(at, &format!("/api/tables/{id}/join"), json!({})).await;
        assert_eq!(status, 200, "{j}");
        let tokens = [t["token"].as_str().unwrap().to_owned(), j["token"].as_str().unwrap().to_owned()];
        // What each seat was last acknowledged (its history as it sees it).
        tables.push((id, tokens, [Value::Null, Value::Null]));
    }
    for round in 0..6 {
        // Some moves in every game, each through a random process.
        for (id, tokens, acknowledged) in tables.iter_mut() {
            for _ in 0..5 {
                let addrs: Vec<SocketAddr> = procs.iter().map(|p| p.addr).collect();
                let (_, any) = connect_any(&addrs, rng.random_range(0..3), id, &tokens[0]).await;
                if any["status"] == "over" {
                    break;
                }
                let seat = any["turn"]["player"].as_u64().unwrap_or(0) as usize;
                let (mut ws, u) = connect_any(&addrs, rng.random_range(0..3), id, &tokens[seat]).await;
                if let Some(done) = act(&mut ws, &u, rng.random_range(0..100)).await {
                    acknowledged[seat] = done["history"].clone();
                }
            }
        }
        // Then one process is killed (and started again) or paused past the take-over.
        let victim = rng.random_range(0..3);
        if round % 2 == 0 {
            procs[victim].kill();
            procs[victim] = Process::start(&db);
        } else {
            procs[victim].signal("-STOP");
            tokio::time::sleep(Duration::from_secs(6)).await;
            procs[victim].signal("-CONT");
        }
        // Every acknowledged action is still there, whichever process is asked.
        for (id, tokens, acknowledged) in &tables {
            for seat in 0..2 {
                let Some(ack) = acknowledged[seat].as_array() else { continue };
                for p in &procs {
                    let (_, u) = connect_any(&[p.addr], 0, id, &tokens[seat]).await;
                    let h = u["history"].as_array().unwrap();
                    assert!(h.len() >= ack.len(), "round {round}: table {id} lost actions");
                    assert_eq!(h[..ack.len()], ack[..], "round {round}: table {id} forked");
                }
            }
        }
    }
}

/// A figure for docs/performance.md: how long a killed process's tables take to be kept
/// again by another (the default `--stale-after`). Ignored (it measures); run in release:
/// `cargo test --release -p tabula-cli --test serve_processes -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: run in release with --ignored --nocapture"]
async fn time_to_take_over_a_killed_process_s_tables() {
    let Some((_cluster, db)) = cluster() else { return };
    let start = |db: &str| Process::with(&["--db", db, "--max-tables-per-minute", "100000"]);
    let mut a = start(&db);
    let b = start(&db);
    let mut ids = Vec::new();
    for _ in 0..200 {
        let (_, t) =
            post(a.addr, "/api/tables", json!({"game": "abagio", "seats": ["human", "random"]})).await;
        ids.push(t["table"].as_str().unwrap().to_owned());
    }
    let killed = std::time::Instant::now();
    a.kill();
    // B takes them over (its heartbeat, or at once when one is asked for): wait until every
    // table answers through B again.
    let mut waiting = ids.clone();
    while !waiting.is_empty() {
        let mut still = Vec::new();
        for id in waiting {
            let (status, _) = http(b.addr, "GET", &format!("/api/tables/{id}"), None).await;
            if status != 200 {
                still.push(id);
            }
        }
        waiting = still;
        if !waiting.is_empty() {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    println!(
        "200 tables of a killed process answering through another {:.2} s after the kill",
        killed.elapsed().as_secs_f64()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_plays_its_seat_through_another_process() {
    let Some((_cluster, db)) = cluster() else { return };
    let a = Process::start(&db);
    let b = Process::start(&db);
    let body = json!({"name": "Ada", "password": "a long password"}).to_string();
    let (status, _, on_a) = http_cookie(a.addr, "POST", "/api/accounts", Some(&body), None).await;
    assert_eq!(status, 200);
    // Signed in on B too: one database, one account.
    let (status, _, on_b) = http_cookie(b.addr, "POST", "/api/session", Some(&body), None).await;
    assert_eq!(status, 200);
    let (on_a, on_b) = (on_a.unwrap(), on_b.unwrap());
    let new = json!({"game": "abagio", "seats": ["human", "human"]}).to_string();
    let (_, t, _) = http_cookie(a.addr, "POST", "/api/tables", Some(&new), Some(&on_a)).await;
    let id = t["table"].as_str().unwrap().to_owned();
    let (status, _) = post(b.addr, &format!("/api/tables/{id}/join"), json!({"name": "bo"})).await;
    assert_eq!(status, 200);
    // B lists it among Ada's tables (from the line A writes for the lobby, within a heartbeat).
    let mut mine = Value::Null;
    for _ in 0..30 {
        mine = http_cookie(b.addr, "GET", "/api/me/tables", None, Some(&on_b)).await.1;
        if mine["tables"][0]["table"]["status"] == "playing" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    assert_eq!(mine["tables"][0]["seat"], 0, "{mine}");
    assert_eq!(mine["tables"][0]["table"]["status"], "playing", "{mine}");
    // Ada's seat through B (piped to A, which keeps the table, naming the account).
    let mut ws = connect_with_cookie(b.addr, &id, "seat=0", Some(&on_b)).await.expect("Ada's seat through B");
    let u = next_of(&mut ws, "update").await;
    assert_eq!(u["seat"], 0, "{u}");
    // Nobody else's seat, and no account named by a client.
    assert!(connect_with_cookie(b.addr, &id, "seat=1", Some(&on_b)).await.is_err());
    assert!(connect_with_cookie(b.addr, &id, "seat=0", None).await.is_err());
    let forged = "seat=0&account=anything";
    assert!(connect_with_cookie(a.addr, &id, forged, None).await.is_err());
}
