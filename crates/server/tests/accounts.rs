//! Accounts, ratings and games by correspondence (docs/server.md, "Accounts, ratings and
//! correspondence"): a seat that follows its account to another browser, a rated game that
//! moves both ratings once, a table that waits for its people across a restart.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::*;
use serde_json::{Value, json};

/// Creates an account (or signs in, when `new` is false): its session cookie.
async fn account(addr: SocketAddr, name: &str, new: bool) -> String {
    let path = if new { "/api/accounts" } else { "/api/session" };
    let body =
        json!({"name": name, "password": format!("{}'s long password", name.to_lowercase())}).to_string();
    let (status, me, cookie) = http_cookie(addr, "POST", path, Some(&body), None).await;
    assert_eq!(status, 200, "{me}");
    assert_eq!(me["name"].as_str().map(str::to_lowercase), Some(name.to_lowercase()));
    cookie.expect("a session cookie")
}

async fn as_account(
    addr: SocketAddr,
    cookie: &str,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let body = body.map(|b| b.to_string());
    let (status, answer, _) = http_cookie(addr, method, path, body.as_deref(), Some(cookie)).await;
    (status, answer)
}

/// A WebSocket to `seat` of `table` by the account of `cookie` (no token).
async fn connect_as(addr: SocketAddr, table: &str, seat: usize, cookie: Option<&str>) -> Result<Ws, u16> {
    connect_with_cookie(addr, table, &format!("seat={seat}"), cookie).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_s_seat_follows_it_to_another_browser() {
    let (addr, _server) = server(&db("accounts-follow")).await;
    let first = account(addr, "Ada", true).await;
    let (status, t) = as_account(
        addr,
        &first,
        "POST",
        "/api/tables",
        Some(json!({"game": "abagio", "seats": ["human", "human"], "name": "typed"})),
    )
    .await;
    assert_eq!(status, 200, "{t}");
    let table = t["table"].as_str().unwrap().to_owned();
    let (_, joined) = post(addr, &format!("/api/tables/{table}/join"), json!({"name": "guest bob"})).await;
    assert_eq!(joined["seat"], 1);
    // The seat is named for the account, not for what the page typed.
    let (_, info) = http(addr, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(info["seats"][0]["name"], "Ada");
    assert_eq!(info["seats"][0]["account"], true);
    assert_eq!(info["seats"][1]["account"], false);

    // Another browser: the same account signed in there sees the table and plays its seat.
    let second = account(addr, "ada", false).await;
    assert_ne!(first, second);
    let (status, mine) = as_account(addr, &second, "GET", "/api/me/tables", None).await;
    assert_eq!(status, 200, "{mine}");
    assert_eq!(mine["tables"].as_array().unwrap().len(), 1, "{mine}");
    assert_eq!(mine["tables"][0]["seat"], 0);
    assert_eq!(mine["tables"][0]["table"]["table"], table.as_str());
    let mut ws = connect_as(addr, &table, 0, Some(&second)).await.expect("the account's seat");
    let u = next_of(&mut ws, "update").await;
    assert_eq!(u["seat"], 0);
    // Not another seat, not without the cookie, not after signing out.
    assert_eq!(connect_as(addr, &table, 1, Some(&second)).await.err(), Some(401));
    assert_eq!(connect_as(addr, &table, 0, None).await.err(), Some(401));
    let (status, me) = as_account(addr, &second, "DELETE", "/api/session", None).await;
    assert_eq!((status, &me["name"]), (200, &Value::Null));
    assert_eq!(connect_as(addr, &table, 0, Some(&second)).await.err(), Some(401));
    let (status, _) = as_account(addr, &second, "GET", "/api/me/tables", None).await;
    assert_eq!(status, 401);
    // The first browser's session is still open.
    let (_, me) = as_account(addr, &first, "GET", "/api/me", None).await;
    assert_eq!(me["name"], "Ada");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_refuse_bad_names_passwords_and_guessing() {
    let mut limits =
        tabula_server::Limits { passwords_per_minute_per_ip: 5, ..tabula_server::Limits::default() };
    limits.tables_per_minute_per_ip = 1000;
    let (addr, _server) = server_limited(&db("accounts-refuse"), limits).await;
    let try_ = |path: &'static str, body: Value| async move { post(addr, path, body).await };
    let (s, e) = try_("/api/accounts", json!({"name": "Eve", "password": "short"})).await;
    assert_eq!((s, e["error"]["code"].as_str()), (400, Some("bad_password")));
    let (s, e) = try_("/api/accounts", json!({"name": "", "password": "long enough"})).await;
    assert_eq!((s, e["error"]["code"].as_str()), (400, Some("bad_name")));
    let (s, e) = try_("/api/accounts", json!({"name": "Eve", "password": 12345678})).await;
    assert_eq!((s, e["error"]["code"].as_str()), (400, Some("bad_password")));
    let (s, _) = try_("/api/accounts", json!({"name": "Eve", "password": "long enough"})).await;
    assert_eq!(s, 200);
    let (s, e) = try_("/api/session", json!({"name": "eve", "password": "long enougH"})).await;
    assert_eq!((s, e["error"]["code"].as_str()), (401, Some("wrong_password")));
    assert!(!e.to_string().contains("enoug"), "the password is never sent back: {e}");
    let (s, e) = try_("/api/session", json!({"name": "nobody", "password": "long enough"})).await;
    assert_eq!((s, e["error"]["code"].as_str()), (401, Some("wrong_password")));
    // Past the allowance: refused before any password is checked.
    let (s, e) = try_("/api/session", json!({"name": "eve", "password": "long enough"})).await;
    assert_eq!((s, e["error"]["code"].as_str()), (429, Some("too_many_tries")));
    let (s, e) = http(addr, "GET", "/api/players/nobody", None).await;
    assert_eq!((s, e["error"]["code"].as_str()), (404, Some("unknown_player")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_moves_both_ratings_once_and_only_accounts_sit() {
    let (addr, _server) = server(&db("accounts-rated")).await;
    let ada = account(addr, "Ada", true).await;
    let bob = account(addr, "Bob", true).await;
    let (status, e) = post(addr, "/api/tables", json!({"game": "abagio", "rated": true})).await;
    assert_eq!((status, e["error"]["code"].as_str()), (403, Some("sign_in_needed")));
    for cheat in [json!({"seed": 7}), json!({"actions": ["roll:3-4"]})] {
        let mut new = json!({"game": "abagio", "seats": ["human", "human"], "rated": true});
        new.as_object_mut().unwrap().extend(cheat.as_object().unwrap().clone());
        let (status, e) = as_account(addr, &ada, "POST", "/api/tables", Some(new)).await;
        assert_eq!((status, e["error"]["code"].as_str()), (400, Some("protocol/bad_request")), "{e}");
    }
    let new = json!({"game": "abagio", "seats": ["human", "human"], "rated": true});
    let (_, t) = as_account(addr, &ada, "POST", "/api/tables", Some(new)).await;
    let table = t["table"].as_str().unwrap().to_owned();
    let join = format!("/api/tables/{table}/join");
    let (status, e) = post(addr, &join, json!({"name": "guest"})).await;
    assert_eq!((status, e["error"]["code"].as_str()), (403, Some("sign_in_needed")));
    let (status, _) = as_account(addr, &ada, "POST", &join, Some(json!({}))).await;
    assert_eq!(status, 409, "one seat a table for an account");
    let (status, _) = as_account(addr, &bob, "POST", &join, Some(json!({}))).await;
    assert_eq!(status, 200);
    // Ada resigns: Bob wins.
    let mut ws = connect_as(addr, &table, 0, Some(&ada)).await.unwrap();
    next_of(&mut ws, "update").await;
    send(&mut ws, json!({"type": "resign"})).await;
    loop {
        if next_of(&mut ws, "update").await["status"] == "over" {
            break;
        }
    }
    // Settled on a task of its own, just after.
    let page = |name: &'static str| async move {
        for _ in 0..100 {
            let (_, p) = http(addr, "GET", &format!("/api/players/{name}"), None).await;
            if p["ratings"].as_array().is_some_and(|r| !r.is_empty()) {
                return p;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("{name} was never rated");
    };
    let (a, b) = (page("ada").await, page("bob").await);
    let (ra, rb) = (a["ratings"][0]["rating"].as_i64().unwrap(), b["ratings"][0]["rating"].as_i64().unwrap());
    assert!(ra < 1500 && rb > 1500 && (ra + rb - 3000).abs() <= 1, "{ra} {rb}");
    assert_eq!(a["ratings"][0]["games"], 1);
    assert_eq!(a["ratings"][0]["provisional"], true);
    assert_eq!(a["history"][0]["before"], 1500);
    assert_eq!(a["history"][0]["rating"], ra);
    assert_eq!(b["games"][0]["seat"], 1);
    assert_eq!(b["games"][0]["table"]["rated"], true);
    assert_eq!(b["games"][0]["table"]["names"], json!(["Ada", "Bob"]));
    assert_eq!(b["games"][0]["table"]["accounts"], json!([true, true]));
    let (_, me) = as_account(addr, &bob, "GET", "/api/me", None).await;
    assert_eq!(me["ratings"][0]["rating"], rb);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_against_a_bot_rates_the_account_against_the_level() {
    let (addr, _server) = server(&db("accounts-bot")).await;
    let ada = account(addr, "Ada", true).await;
    let new = json!({"game": "abagio", "seats": ["human", "easy"], "rated": true});
    let (_, t) = as_account(addr, &ada, "POST", "/api/tables", Some(new)).await;
    let table = t["table"].as_str().unwrap().to_owned();
    let (_, info) = http(addr, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(info["seats"][1]["rating"], 934, "easy's rating in Abagio, shown with its seat");
    let mut ws = connect_as(addr, &table, 0, Some(&ada)).await.unwrap();
    next_of(&mut ws, "update").await;
    send(&mut ws, json!({"type": "resign"})).await;
    while next_of(&mut ws, "update").await["status"] != "over" {}
    for _ in 0..100 {
        let (_, me) = as_account(addr, &ada, "GET", "/api/me", None).await;
        if let Some(r) = me["ratings"][0]["rating"].as_i64() {
            // Losing to a level rated 934 costs a newcomer more than losing to an equal.
            assert!(r < 1300, "{r}");
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("never rated");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_table_waits_for_its_people_across_a_restart() {
    let db = db("accounts-correspondence");
    // A short grace: at a table with a clock in minutes, a bot would stand in at once.
    let (addr, server1) = server_with(&db, Duration::from_millis(200)).await;
    let clock = json!({"initial_s": 3600, "correspondence": true});
    let (status, t) = post(
        addr,
        "/api/tables",
        json!({"game": "abagio", "seats": ["human", "human"], "clock": clock, "name": "ada"}),
    )
    .await;
    assert_eq!(status, 200, "{t}");
    let (table, ada) = (t["table"].as_str().unwrap().to_owned(), t["token"].as_str().unwrap().to_owned());
    let (_, b) = post(addr, &format!("/api/tables/{table}/join"), json!({"name": "bob"})).await;
    let bob = b["token"].as_str().unwrap().to_owned();
    let mut wa = connect(addr, &table, Some(&ada)).await;
    let mut u = next_of(&mut wa, "update").await;
    // Bob never connected: a clock in minutes would hand his seat to a bot after the grace.
    tokio::time::sleep(Duration::from_millis(600)).await;
    let (_, info) = http(addr, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(info["seats"][1]["bot"], Value::Null, "{info}");
    assert_eq!(info["seats"][1]["grace_ms"], Value::Null);
    // Ada plays her moves (if hers is the first turn), then the table waits for Bob.
    while u["turn"]["player"] == 0 {
        send(&mut wa, json!({"type": "act", "action": u["legal"][0], "seq": u["seq"]})).await;
        let seq = u["seq"].as_u64().unwrap();
        u = loop {
            let n = next_of(&mut wa, "update").await;
            if n["seq"].as_u64().unwrap() > seq {
                break n;
            }
        };
    }
    assert_eq!(u["turn"]["player"], 1);
    drop(wa);
    server1.abort();
    let _ = server1.await;

    let (addr, _server2) = server_with(&db, Duration::from_millis(200)).await;
    let mut wb = connect(addr, &table, Some(&bob)).await;
    let u = next_of(&mut wb, "update").await;
    assert_eq!(u["turn"]["player"], 1, "still Bob's turn");
    let clock = u["clocks"][1].clone();
    // Bob's turn has its whole day (less the moments it ran before the restart).
    assert!(clock["ms"].as_i64().unwrap() > 3_590_000, "{clock}");
    assert_eq!(clock["running"], true);
    tokio::time::sleep(Duration::from_millis(600)).await;
    let (_, info) = http(addr, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(info["seats"][0]["bot"], Value::Null, "Ada is away, and waited for: {info}");
    assert_eq!(info["clock"]["correspondence"], true);
    // Bob plays his turn: then Ada's, with a whole day again.
    let mut n = u;
    let mut acted = None;
    while n["turn"]["player"] != 0 {
        if n["turn"]["player"] == 1 && acted != n["seq"].as_u64() {
            acted = n["seq"].as_u64();
            send(&mut wb, json!({"type": "act", "action": n["legal"][0], "seq": n["seq"]})).await;
        }
        n = next_of(&mut wb, "update").await;
    }
    assert!(n["clocks"][0]["ms"].as_i64().unwrap() > 3_590_000, "{n}");
    assert_eq!(n["clocks"][0]["running"], true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_turn_whose_time_runs_out_is_lost() {
    let (addr, _server) = server(&db("accounts-correspondence-time")).await;
    let clock = json!({"initial_s": 1, "correspondence": true});
    let (_, t) =
        post(addr, "/api/tables", json!({"game": "abagio", "seats": ["human", "random"], "clock": clock}))
            .await;
    let (table, token) = (t["table"].as_str().unwrap().to_owned(), t["token"].as_str().unwrap().to_owned());
    let mut ws = connect(addr, &table, Some(&token)).await;
    let over = loop {
        let u = next_of(&mut ws, "update").await;
        if u["status"] == "over" {
            break u;
        }
    };
    assert_eq!(over["ending"], json!({"kind": "time", "seat": 0}));
    let (s, e) = post(
        addr,
        "/api/tables",
        json!({"game": "abagio", "clock": {"initial_s": 60, "increment_s": 5, "correspondence": true}}),
    )
    .await;
    assert_eq!((s, e["error"]["code"].as_str()), (400, Some("bad_clock")));
}
