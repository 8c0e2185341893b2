//! A crash: `tabula serve` as a process, killed with SIGKILL in the middle of a game and
//! started again on the same database. No acknowledged action is lost, and the game
//! finishes.

#[path = "../../server/tests/common/mod.rs"]
mod common;

use std::net::SocketAddr;
use std::process::Child;

use common::*;
use serde_json::json;

/// Starts `tabula serve` on a free port with `db`; the process and its address.
fn serve(db: &str) -> (Child, SocketAddr) {
    serve_process(env!("CARGO_BIN_EXE_tabula"), &["--db", db], false)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_mid_game_loses_no_acknowledged_action() {
    let db = db("crash");
    let (mut first, addr) = serve(&db);
    let (_, t) =
        post(addr, "/api/tables", json!({"game": "sabotage-pipes", "seats": ["human", "human"]})).await;
    let id = t["table"].as_str().unwrap().to_owned();
    let (_, j) = post(addr, &format!("/api/tables/{id}/join"), json!({})).await;
    let tokens = [t["token"].as_str().unwrap().to_owned(), j["token"].as_str().unwrap().to_owned()];
    let mut ws = [connect(addr, &id, Some(&tokens[0])).await, connect(addr, &id, Some(&tokens[1])).await];
    // Play 20 actions, each acknowledged (its update received) before the next.
    let mut u = next_of(&mut ws[0], "update").await;
    next_of(&mut ws[1], "update").await;
    for _ in 0..20 {
        let seat = u["turn"]["player"].as_u64().unwrap() as usize;
        let seq = u["seq"].as_u64().unwrap();
        let view = next_state(&mut ws, seat, seq, &u).await;
        u = view;
    }
    let acknowledged = u["seq"].as_u64().unwrap();
    let history = u["history"].clone();
    // SIGKILL, mid-game.
    first.kill().unwrap();
    first.wait().unwrap();
    drop(ws);
    let (mut second, addr) = serve(&db);
    let mut ws = [connect(addr, &id, Some(&tokens[0])).await, connect(addr, &id, Some(&tokens[1])).await];
    let resumed = next_of(&mut ws[0], "update").await;
    assert_eq!(resumed["seq"].as_u64().unwrap(), acknowledged, "every acknowledged action is there");
    assert_eq!(resumed["history"], history);
    // The game finishes.
    let (a, b) = {
        let [a, b] = &mut ws;
        tokio::join!(play_out(a, 0, Some(resumed)), play_out(b, 1, None))
    };
    assert_eq!(a["result"], b["result"]);
    let (status, record) = http(addr, "GET", &format!("/api/tables/{id}/record"), None).await;
    assert_eq!(status, 200);
    let record: tabula_core::Record = serde_json::from_value(record).unwrap();
    assert!(tabula_registry::registry().load_record(&record).unwrap().is_terminal());
    second.kill().unwrap();
    second.wait().unwrap();
}

/// Plays the first legal action for `seat` at `seq` and waits for seat 0's update after it.
async fn next_state(ws: &mut [Ws; 2], seat: usize, seq: u64, u: &serde_json::Value) -> serde_json::Value {
    let legal = if u["legal"].as_array().is_some_and(|l| !l.is_empty()) && seat == 0 {
        u["legal"].clone()
    } else {
        // Seat `seat`'s own update holds its legal actions.
        let mut mine = next_of(&mut ws[seat], "update").await;
        while mine["seq"].as_u64().unwrap() != seq {
            mine = next_of(&mut ws[seat], "update").await;
        }
        mine["legal"].clone()
    };
    send(&mut ws[seat], json!({"type": "act", "action": legal[0], "seq": seq})).await;
    loop {
        let next = next_of(&mut ws[0], "update").await;
        if next["seq"].as_u64().unwrap() > seq {
            return next;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_charges_the_time_thought_before_it_and_not_the_time_down() {
    let db = db("crash-clock");
    let (mut first, addr) = serve(&db);
    let body =
        json!({"game": "abagio", "seats": ["human", "human"], "clock": {"initial_s": 60, "increment_s": 0}});
    let (_, t) = post(addr, "/api/tables", body).await;
    let id = t["table"].as_str().unwrap().to_owned();
    let (_, j) = post(addr, &format!("/api/tables/{id}/join"), json!({})).await;
    let tokens = [t["token"].as_str().unwrap().to_owned(), j["token"].as_str().unwrap().to_owned()];
    let mut ws = connect(addr, &id, Some(&tokens[0])).await;
    let u = next_of(&mut ws, "update").await;
    let to_act = u["turn"]["player"].as_u64().unwrap() as usize;
    // The seat to act thinks 4.5 s, then the server dies and stays down 4 s.
    tokio::time::sleep(std::time::Duration::from_millis(4500)).await;
    first.kill().unwrap();
    first.wait().unwrap();
    drop(ws);
    tokio::time::sleep(std::time::Duration::from_secs(4)).await;
    let (mut second, addr) = serve(&db);
    let mut ws = connect(addr, &id, Some(&tokens[0])).await;
    let resumed = next_of(&mut ws, "update").await;
    let left = resumed["clocks"][to_act]["ms"].as_i64().unwrap();
    // Charged what it thought, to within the heartbeat (2 s); never the time down.
    assert!((54_800..=58_600).contains(&left), "{left} ms left: {}", resumed["clocks"]);
    assert_eq!(resumed["clocks"][to_act]["running"], true);
    second.kill().unwrap();
    second.wait().unwrap();
}
