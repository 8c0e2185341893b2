//! The storage against a real PostgreSQL: Debian's package, a throwaway cluster started
//! here (initdb, pg_ctl) on a free port. Skipped, saying so, only where PostgreSQL is not
//! installed (`.ci/run` installs it).

mod common;

use common::pg::Cluster;
use common::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_actions_seats_and_endings_are_kept_in_postgresql() {
    let (_cluster, url) = match Cluster::start() {
        Ok(c) => c,
        Err(why) => {
            eprintln!("SKIPPED: the PostgreSQL storage test needs PostgreSQL: {why}");
            return;
        }
    };
    let (addr, first) = server(&url).await;
    // A whole game against a bot; its record replays.
    let body = json!({"game": "abagio", "seats": ["human", "random"], "name": "ada"});
    let (_, t) = post(addr, "/api/tables", body).await;
    let id = t["table"].as_str().unwrap().to_owned();
    let mut ws = connect(addr, &id, t["token"].as_str()).await;
    let end = play_out(&mut ws, 0, None).await;
    let (_, record) = http(addr, "GET", &format!("/api/tables/{id}/record"), None).await;
    assert_eq!(record["seats"], json!(["ada", "random"]));
    let record: tabula_core::Record = serde_json::from_value(record).unwrap();
    let replayed = tabula_registry::registry().load_record(&record).unwrap();
    assert_eq!(json!(replayed.returns()), end["result"]);
    let (_, hist) = http(addr, "GET", "/api/history", None).await;
    assert_eq!(hist["games"][0]["table"], json!(id));
    // A resignation is stored as the ending.
    let (_, t2) = post(addr, "/api/tables", json!({"game": "abagio", "seats": ["human", "human"]})).await;
    let id2 = t2["table"].as_str().unwrap().to_owned();
    let (_, j2) = post(addr, &format!("/api/tables/{id2}/join"), json!({})).await;
    let mut b = connect(addr, &id2, j2["token"].as_str()).await;
    send(&mut b, json!({"type": "resign"})).await;
    loop {
        if next_of(&mut b, "update").await["status"] == "over" {
            break;
        }
    }
    // A game in progress with a clock and an undone action survives a restart.
    let body = json!({"game": "sabotage-spies", "options": {"players": 2, "intro": true},
        "seats": ["human", "human"], "clock": {"initial_s": 600, "increment_s": 1}});
    let (_, t3) = post(addr, "/api/tables", body).await;
    let id3 = t3["table"].as_str().unwrap().to_owned();
    let (_, j3) = post(addr, &format!("/api/tables/{id3}/join"), json!({})).await;
    let tokens = [t3["token"].as_str().unwrap().to_owned(), j3["token"].as_str().unwrap().to_owned()];
    let mut ws = [connect(addr, &id3, Some(&tokens[0])).await, connect(addr, &id3, Some(&tokens[1])).await];
    // The first update says whose turn it is; the mover's own update (the same one when
    // the mover is seat 0: no other update need follow) carries its legal actions.
    let mut u = next_of(&mut ws[0], "update").await;
    let mover = u["turn"]["player"].as_u64().unwrap() as usize;
    if mover != 0 {
        u = next_of(&mut ws[mover], "update").await;
    }
    while u["legal"].as_array().unwrap().is_empty() {
        u = next_of(&mut ws[mover], "update").await;
    }
    let seq = u["seq"].as_u64().unwrap();
    for k in 0..2 {
        send(&mut ws[mover], json!({"type": "act", "action": u["legal"][0], "seq": seq + k})).await;
        loop {
            let next = next_of(&mut ws[mover], "update").await;
            if next["seq"].as_u64().unwrap() == seq + k + 1 {
                u = next;
                break;
            }
        }
    }
    send(&mut ws[mover], json!({"type": "undo"})).await;
    let kept = loop {
        let next = next_of(&mut ws[mover], "update").await;
        if next["seq"].as_u64().unwrap() == seq + 1 {
            break next;
        }
    };
    drop(ws);
    first.abort();
    let _ = first.await;
    // Beside other processes (PostgreSQL), a table is taken over once its owner has been
    // silent for the stale limit.
    tokio::time::sleep(std::time::Duration::from_millis(3500)).await;
    let (addr, _second) = server(&url).await;
    let mut again = connect(addr, &id3, Some(&tokens[mover])).await;
    let resumed = next_of(&mut again, "update").await;
    assert_eq!(resumed["seq"], kept["seq"]);
    assert_eq!(resumed["history"], kept["history"]);
    assert_eq!(resumed["view"], kept["view"]);
    let left = resumed["clocks"][mover]["ms"].as_i64().unwrap();
    assert!(left > 590_000 && left <= 601_000, "the clock is restored: {left}");
    let (_, info) = http(addr, "GET", &format!("/api/tables/{id2}"), None).await;
    assert_eq!(info["ending"], json!({"kind": "resign", "seat": 1}));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_sessions_and_ratings_are_kept_in_postgresql() {
    let (_cluster, url) = match Cluster::start() {
        Ok(c) => c,
        Err(why) => {
            eprintln!("SKIPPED: the PostgreSQL accounts test needs PostgreSQL: {why}");
            return;
        }
    };
    let (addr, _server) = server(&url).await;
    let mut cookies = Vec::new();
    for name in ["Ada", "Bob"] {
        let body = json!({"name": name, "password": "a long password"}).to_string();
        let (status, me, cookie) = http_cookie(addr, "POST", "/api/accounts", Some(&body), None).await;
        assert_eq!((status, me["name"].as_str()), (200, Some(name)));
        cookies.push(cookie.unwrap());
    }
    let body = json!({"game": "abagio", "seats": ["human", "human"], "rated": true}).to_string();
    let (_, t, _) = http_cookie(addr, "POST", "/api/tables", Some(&body), Some(&cookies[0])).await;
    let id = t["table"].as_str().unwrap().to_owned();
    let (status, j, _) =
        http_cookie(addr, "POST", &format!("/api/tables/{id}/join"), Some("{}"), Some(&cookies[1])).await;
    assert_eq!(status, 200, "{j}");
    let mut b = connect(addr, &id, j["token"].as_str()).await;
    send(&mut b, json!({"type": "resign"})).await;
    while next_of(&mut b, "update").await["status"] != "over" {}
    for _ in 0..100 {
        let (_, page) = http(addr, "GET", "/api/players/ADA", None).await;
        if let Some(r) = page["ratings"][0]["rating"].as_i64() {
            assert!(r > 1500, "{page}");
            assert_eq!(page["history"][0]["table"], json!(id));
            assert_eq!(page["games"][0]["table"]["accounts"], json!([true, true]));
            let (_, mine, _) = http_cookie(addr, "GET", "/api/me/tables", None, Some(&cookies[1])).await;
            assert_eq!(mine["tables"][0]["seat"], 1, "{mine}");
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("Ada was never rated");
}
