//! Talking at a table, through real sockets: who hears which channel (the table's, a
//! team's, the spectators'), the limits on a line, the lines kept across a restart and
//! with the finished game's replay.

mod common;

use common::*;
use serde_json::{Value, json};

/// Creates a table of people only, joins every seat and connects each, plus one spectator:
/// the table's id, the seats' sockets and the spectator's, and the seats' tokens.
async fn table(
    addr: std::net::SocketAddr,
    game: &str,
    options: Value,
    n: usize,
) -> (String, Vec<Ws>, Ws, Vec<String>) {
    let body = json!({"game": game, "options": options, "seats": vec!["human"; n], "name": "ada"});
    let (status, t) = post(addr, "/api/tables", body).await;
    assert_eq!(status, 200, "{t}");
    let id = t["table"].as_str().unwrap().to_owned();
    let mut tokens = vec![t["token"].as_str().unwrap().to_owned()];
    for seat in 1..n {
        let (status, j) =
            post(addr, &format!("/api/tables/{id}/join"), json!({"seat": seat, "name": format!("p{seat}")}))
                .await;
        assert_eq!(status, 200, "{j}");
        tokens.push(j["token"].as_str().unwrap().to_owned());
    }
    let mut seats = Vec::new();
    for token in &tokens {
        seats.push(connect(addr, &id, Some(token)).await);
    }
    let spectator = connect(addr, &id, None).await;
    (id, seats, spectator, tokens)
}

/// Reads every message up to the chat line saying `until`: the chat lines read on the way,
/// that one included.
async fn heard_until(ws: &mut Ws, until: &str) -> Vec<Value> {
    let mut heard = Vec::new();
    loop {
        let m = next(ws).await;
        assert!(m["type"] != "error", "an unexpected error: {m}");
        if m["type"] == "chat" {
            for line in m["lines"].as_array().unwrap() {
                heard.push(line.clone());
                if line["text"] == until {
                    return heard;
                }
            }
        }
    }
}

fn texts(lines: &[Value]) -> Vec<&str> {
    lines.iter().map(|l| l["text"].as_str().unwrap()).collect()
}

/// The next error's code.
async fn refused(ws: &mut Ws, msg: Value) -> String {
    send(ws, msg).await;
    next_of(ws, "error").await["code"].as_str().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn team_mates_talk_apart_and_spectators_among_themselves() {
    let (addr, _server) = server(&db("chat-teams")).await;
    let (_, mut seats, mut spectator, _) = table(addr, "sabotage-spies", json!({"players": 4}), 4).await;
    // Seat 0 (a Villain) says one line to the table and one to its team; seat 2 (a Spy)
    // tells its own team-mate; a spectator talks to the spectators; seat 3 ends. Each speaker
    // hears its own line before the next speaks, so the table hears them in this order.
    let mut heard: Vec<Vec<Value>> = vec![Vec::new(); 5];
    send(&mut seats[0], json!({"type": "chat", "text": "good luck all"})).await;
    send(&mut seats[0], json!({"type": "chat", "text": "the laser goes in b2", "channel": "team"})).await;
    heard[0].extend(heard_until(&mut seats[0], "the laser goes in b2").await);
    send(&mut seats[2], json!({"type": "chat", "text": "hack the east side", "channel": "team"})).await;
    heard[2].extend(heard_until(&mut seats[2], "hack the east side").await);
    send(&mut spectator, json!({"type": "chat", "text": "seat 2 will win", "name": "kibitzer"})).await;
    heard[4].extend(heard_until(&mut spectator, "seat 2 will win").await);
    send(&mut seats[3], json!({"type": "chat", "text": "that is all"})).await;
    for (i, ws) in seats.iter_mut().chain([&mut spectator]).enumerate() {
        heard[i].extend(heard_until(ws, "that is all").await);
    }
    assert_eq!(texts(&heard[0]), ["good luck all", "the laser goes in b2", "that is all"]);
    assert_eq!(texts(&heard[1]), ["good luck all", "the laser goes in b2", "that is all"]);
    assert_eq!(texts(&heard[2]), ["good luck all", "hack the east side", "that is all"]);
    assert_eq!(texts(&heard[3]), ["good luck all", "hack the east side", "that is all"]);
    // The spectators hear the table and themselves, never a team.
    assert_eq!(texts(&heard[4]), ["good luck all", "seat 2 will win", "that is all"]);
    assert_eq!(heard[4][1]["name"], "kibitzer");
    let laser = &heard[1][1];
    assert_eq!(
        (laser["channel"].as_str(), laser["seat"].as_u64(), laser["name"].as_str()),
        (Some("team"), Some(0), Some("ada"))
    );
    // A line's seat and name are the server's, never the sender's to choose.
    assert_eq!(
        refused(&mut seats[1], json!({"type": "chat", "text": "hi", "name": "ada"})).await,
        "protocol/bad_request"
    );
    // A spectator cannot speak on a team's channel, nor the table's.
    for channel in ["team", "table"] {
        let msg = json!({"type": "chat", "text": "hi", "channel": channel});
        assert_eq!(refused(&mut spectator, msg).await, "bad_channel");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_line_is_refused_with_its_reason_and_changes_nothing() {
    let (addr, _server) = server(&db("chat-limits")).await;
    let (_, mut seats, mut spectator, _) = table(addr, "abagio", json!({}), 2).await;
    let a = &mut seats[0];
    for (msg, code) in [
        (json!({"type": "chat"}), "protocol/bad_request"),
        (json!({"type": "chat", "text": 5}), "protocol/bad_request"),
        (json!({"type": "chat", "text": "   "}), "bad_chat"),
        (json!({"type": "chat", "text": "x".repeat(501)}), "bad_chat"),
        (json!({"type": "chat", "text": "a\u{0}b"}), "bad_chat"),
        (json!({"type": "chat", "text": "a\u{202E}b"}), "bad_chat"),
        (json!({"type": "chat", "text": "hi", "to": 1}), "protocol/bad_request"),
        (json!({"type": "chat", "text": "hi", "channel": "team"}), "bad_channel"),
        (json!({"type": "chat", "text": "hi", "channel": "lobby"}), "bad_channel"),
    ] {
        assert_eq!(refused(a, msg.clone()).await, code, "{msg}");
    }
    assert_eq!(
        refused(&mut spectator, json!({"type": "chat", "text": "hi", "name": "\u{200F}ada"})).await,
        "bad_name"
    );
    // Five lines in ten seconds, then a sixth is refused.
    for i in 0..5 {
        send(a, json!({"type": "chat", "text": format!("line {i}")})).await;
    }
    let heard = heard_until(a, "line 4").await;
    assert_eq!(texts(&heard), ["line 0", "line 1", "line 2", "line 3", "line 4"]);
    let markup = "<b>x</b> & <script>";
    assert_eq!(refused(a, json!({"type": "chat", "text": markup})).await, "chat_too_fast");
    // The other seat heard the five lines and nothing refused.
    let heard = heard_until(&mut seats[1], "line 4").await;
    assert_eq!(heard.len(), 5, "{heard:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_was_said_survives_a_restart_and_stays_with_the_replay() {
    let db = db("chat-kept");
    let (addr, server1) = server(&db).await;
    let (id, mut seats, mut spectator, tokens) = table(addr, "abagio", json!({}), 2).await;
    send(&mut seats[0], json!({"type": "chat", "text": "hello <b>bob</b>"})).await;
    let _ = heard_until(&mut spectator, "hello <b>bob</b>").await;
    send(&mut spectator, json!({"type": "chat", "text": "nice opening"})).await;
    let _ = heard_until(&mut spectator, "nice opening").await;
    drop((seats, spectator));
    server1.abort();
    let _ = server1.await;
    let (addr, _server2) = server(&db).await;
    // Whoever comes back is sent what was said, as they heard it.
    let mut watcher = connect(addr, &id, None).await;
    assert_eq!(texts(&heard_until(&mut watcher, "nice opening").await), ["hello <b>bob</b>", "nice opening"]);
    let mut a = connect(addr, &id, Some(&tokens[0])).await;
    assert_eq!(texts(&heard_until(&mut a, "hello <b>bob</b>").await), ["hello <b>bob</b>"]);
    send(&mut a, json!({"type": "chat", "text": "I give up"})).await;
    let _ = heard_until(&mut a, "I give up").await;
    send(&mut a, json!({"type": "resign"})).await;
    loop {
        let u = next_of(&mut a, "update").await;
        if u["status"] == "over" {
            break;
        }
    }
    // Talk goes on after the end, and the replay keeps what each seat heard.
    send(&mut a, json!({"type": "chat", "text": "good game"})).await;
    let _ = heard_until(&mut a, "good game").await;
    let (status, r) = http(addr, "GET", &format!("/api/tables/{id}/replay?seat=0"), None).await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(texts(r["chat"].as_array().unwrap()), ["hello <b>bob</b>", "I give up", "good game"]);
    assert_eq!(r["chat"][1]["seq"], r["chat"][0]["seq"], "nothing was played in between");
    let (_, r) = http(addr, "GET", &format!("/api/tables/{id}/replay"), None).await;
    assert_eq!(
        texts(r["chat"].as_array().unwrap()),
        ["hello <b>bob</b>", "nice opening", "I give up", "good game"]
    );
    assert_eq!(r["chat"][1]["channel"], "spectators");
    assert_eq!(r["chat"][1]["seat"], Value::Null);
}
