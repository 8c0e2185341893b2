//! Figures for docs/performance.md ("The server facing strangers"), from `tabula serve` as a
//! process: its memory under clients that never read, and a restart with many unfinished
//! tables. Ignored (they measure, they do not test); run them in release:
//!
//! ```sh
//! cargo test --release -p tabula-cli --test serve_strangers -- --ignored --nocapture --test-threads 1
//! ```

#[path = "../../server/tests/common/mod.rs"]
mod common;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::Child;
use std::time::{Duration, Instant};

use common::*;
use serde_json::json;

/// `tabula serve` with limits a load from one address needs; the process, its address and
/// its log (stderr) lines as they come.
fn serve(db: &str) -> (Child, SocketAddr, std::sync::mpsc::Receiver<String>, Instant) {
    let started = Instant::now();
    let args = [
        "--db",
        db,
        "--max-connections-per-ip",
        "100000",
        "--max-sockets-per-table",
        "100000",
        "--max-tables-per-minute",
        "100000",
        "--max-messages-per-second",
        "100000",
    ];
    let (mut child, addr) = serve_process(env!("CARGO_BIN_EXE_tabula"), &args, true);
    let (tx, rx) = std::sync::mpsc::channel();
    let err = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for l in BufReader::new(err).lines().map_while(Result::ok) {
            let _ = tx.send(l);
        }
    });
    (child, addr, rx, started)
}

fn rss_mb(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap();
    kb / 1024.0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: run in release with --ignored --nocapture"]
async fn memory_under_spectators_that_never_read() {
    let (mut server, addr, _log, _) = serve(&db("strangers-memory"));
    let pid = server.id();
    println!("RSS at start: {:.1} MB", rss_mb(pid));
    let mut lurkers = Vec::new();
    for game in 1..=11 {
        let (_, t) = post(addr, "/api/tables", json!({"game": "abagio", "seats": ["human", "random"]})).await;
        let id = t["table"].as_str().unwrap().to_owned();
        for _ in 0..200 {
            lurkers.push(connect(addr, &id, None).await);
        }
        let mut ws = connect(addr, &id, Some(t["token"].as_str().unwrap())).await;
        let end = play_out(&mut ws, 0, None).await;
        println!(
            "after game {game} ({} actions, {} sockets that never read): RSS {:.1} MB",
            end["seq"],
            lurkers.len(),
            rss_mb(pid)
        );
    }
    tokio::time::sleep(Duration::from_secs(25)).await;
    println!("25 s later (writes blocked past 20 s are closed): RSS {:.1} MB", rss_mb(pid));
    server.kill().unwrap();
    server.wait().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: run in release with --ignored --nocapture"]
async fn restart_with_a_thousand_unfinished_tables() {
    let db = db("strangers-restart");
    let (mut first, addr, _log, _) = serve(&db);
    let registry = tabula_registry::registry();
    let game = registry.make("abagio", &json!({})).unwrap();
    let mut rng = 7u64;
    for i in 0..1000u64 {
        // Each table starts from forty actions of a random game.
        let mut state = game.new_state(i);
        let mut actions = Vec::new();
        while actions.len() < 40 && !state.is_terminal() {
            let legal = state.legal_actions();
            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let a = legal[(rng >> 33) as usize % legal.len()].clone();
            state.apply(&a).unwrap();
            actions.push(a);
        }
        let (status, t) = post(
            addr,
            "/api/tables",
            json!({"game": "abagio", "seats": ["human", "human"], "seed": i, "actions": actions}),
        )
        .await;
        assert_eq!(status, 200, "{t}");
    }
    first.kill().unwrap();
    first.wait().unwrap();
    let (mut second, addr, log, started) = serve(&db);
    println!("listening {:.3} s after the start", started.elapsed().as_secs_f64());
    let (status, _) = http(addr, "GET", "/api/games", None).await;
    assert_eq!(status, 200);
    let line = log.iter().find(|l| l.contains("unfinished tables live again")).expect("the restore's line");
    println!("every table live {:.3} s after the start: {line}", started.elapsed().as_secs_f64());
    let (_, list) = http(addr, "GET", "/api/tables?per_page=1", None).await;
    assert_eq!(list["total"], 1000);
    second.kill().unwrap();
    second.wait().unwrap();
}
