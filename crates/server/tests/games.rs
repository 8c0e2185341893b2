//! Every registered game through the server: whole games between people and between a
//! person and bots; non-interference (two tables that differ only in what seat K may not
//! see send K the same messages); and every client message type fuzzed.

mod common;

use common::*;
use futures_util::SinkExt;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use tabula_core::Turn;
use tokio_tungstenite::tungstenite::Message;

/// The options each game is played with here: two seats, and the quicker variant where a
/// game has one (random play makes long games).
fn options(game: &str) -> Value {
    match game {
        // Cut at 10 rounds (a draw there): random play may otherwise run to 100.
        "sabotage-spies" => json!({"players": 2, "intro": true, "round_limit": 10}),
        "sabotage-pipes" | "sabacc" => json!({"players": 2}),
        "abilene" => json!({"players": 3}),
        _ => json!({}),
    }
}

/// How many seats `game` has with [`options`].
fn seats(game: &str) -> usize {
    tabula_registry::registry().make(game, &options(game)).unwrap().num_players()
}

/// Every seat a person's: `["human", …]`.
fn humans(game: &str) -> Vec<&'static str> {
    vec!["human"; seats(game)]
}

/// Creates a table of people only and takes every seat: the table and each seat's token.
async fn full_table(addr: std::net::SocketAddr, body: Value) -> (String, Vec<String>) {
    let (status, t) = post(addr, "/api/tables", body.clone()).await;
    assert_eq!(status, 200, "{body}: {t}");
    let id = t["table"].as_str().unwrap().to_owned();
    let mut tokens = vec![t["token"].as_str().unwrap().to_owned()];
    for _ in 1..body["seats"].as_array().unwrap().len() {
        let (_, j) = post(addr, &format!("/api/tables/{id}/join"), json!({"name": "bob"})).await;
        tokens.push(j["token"].as_str().unwrap().to_owned());
    }
    (id, tokens)
}

fn game_ids() -> Vec<&'static str> {
    tabula_registry::registry().entries().iter().map(|e| e.spec.id).collect()
}

/// What a playing client reads of an update (the view and history are skipped unread:
/// a long game's history would otherwise be parsed again on every action).
#[derive(serde::Deserialize)]
struct Brief {
    r#type: String,
    #[serde(default)]
    seq: u64,
    #[serde(default)]
    turn: Value,
    #[serde(default)]
    legal: Vec<String>,
    #[serde(default)]
    status: String,
    #[serde(default)]
    result: Value,
    #[serde(default)]
    code: Value,
}

/// Plays seat `me` with random legal actions until the game is over; the last update's
/// result.
async fn play_random(ws: &mut Ws, me: usize, seed: u64) -> Value {
    use futures_util::StreamExt;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // The same position may be sent twice (a seat connecting is news to the others): act
    // once on each.
    let mut acted = None;
    loop {
        let msg = tokio::time::timeout(std::time::Duration::from_secs(120), ws.next())
            .await
            .expect("a message within two minutes")
            .expect("the socket is open")
            .unwrap();
        let Message::Text(text) = msg else { continue };
        let u: Brief = serde_json::from_str(&text).unwrap();
        assert_eq!(u.r#type, "update", "an unexpected message: {}", u.code);
        if u.status == "over" {
            return json!({"result": u.result, "status": u.status});
        }
        if u.turn["player"] == json!(me) && !u.legal.is_empty() && acted != Some(u.seq) {
            let action = u.legal[rng.random_range(0..u.legal.len())].clone();
            acted = Some(u.seq);
            send(ws, json!({"type": "act", "action": action, "seq": u.seq})).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_is_played_to_the_end_by_people_and_against_bots() {
    let (addr, _server) = server(&db("every-game")).await;
    for game in game_ids() {
        let started = std::time::Instant::now();
        // People only.
        let body = json!({"game": game, "options": options(game), "seats": humans(game)});
        let (id, tokens) = full_table(addr, body).await;
        let mut sockets = Vec::new();
        for token in &tokens {
            sockets.push(connect(addr, &id, Some(token)).await);
        }
        let ends = futures_util::future::join_all(
            sockets.iter_mut().enumerate().map(|(seat, ws)| play_random(ws, seat, seat as u64 + 1)),
        )
        .await;
        let ra = &ends[0];
        assert!(ends.iter().all(|e| e["result"] == ra["result"]), "{game}");
        let (_, record) = http(addr, "GET", &format!("/api/tables/{id}/record"), None).await;
        let record: tabula_core::Record = serde_json::from_value(record).unwrap();
        let replayed = tabula_registry::registry().load_record(&record).unwrap();
        assert_eq!(json!(replayed.returns()), ra["result"], "{game}: the record replays to the same end");
        // A person against a bot.
        let mut kinds = vec!["random"; seats(game)];
        kinds[1] = "human";
        let body = json!({"game": game, "options": options(game), "seats": kinds});
        let (status, t) = post(addr, "/api/tables", body).await;
        assert_eq!((status, t["seat"].as_u64()), (200, Some(1)), "{game}: {t}");
        let mut ws = connect(addr, t["table"].as_str().unwrap(), t["token"].as_str()).await;
        let end = play_random(&mut ws, 1, 3).await;
        assert_eq!(end["result"].as_array().unwrap().len(), seats(game), "{game}");
        eprintln!("{game}: two whole games in {:.1} s", started.elapsed().as_secs_f64());
    }
}

/// A playout of `game` and, where a chance outcome or another seat's action is hidden
/// from some seat, the same game with another outcome or action that seat cannot tell
/// apart: `(seat, actions a, actions b)`, both carried on with the same actions while the
/// seat still sees the same, ending where a seat is to act.
fn twin_positions(game: &str, seed: u64) -> Option<(usize, Vec<String>, Vec<String>)> {
    let registry = tabula_registry::registry();
    let g = registry.make(game, &options(game)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = g.new_state(seed);
    let mut actions = Vec::new();
    let choices = |s: &dyn tabula_core::DynState| -> Vec<String> {
        match s.turn() {
            Turn::Player(_) => s.legal_actions(),
            Turn::Chance => s.chance_outcomes().into_iter().map(|o| o.0).collect(),
            Turn::Terminal => Vec::new(),
        }
    };
    for _ in 0..400 {
        let options = choices(&*state);
        if options.is_empty() {
            return None;
        }
        let real = options[rng.random_range(0..options.len())].clone();
        let actor = match state.turn() {
            Turn::Player(p) => Some(p),
            _ => None,
        };
        for seat in (0..g.num_players()).filter(|&s| Some(s) != actor) {
            let mut a = state.clone_box();
            a.apply(&real).unwrap();
            let seen = a.view(seat).unwrap();
            for alt in options.iter().filter(|&o| *o != real).take(24) {
                let mut b = state.clone_box();
                b.apply(alt).unwrap();
                if b.view(seat).unwrap() != seen || b.state_json() == a.state_json() {
                    continue;
                }
                // Found: carry both on with the same actions (chance outcomes included)
                // while they stay legal in both and the seat sees the same; end where a
                // player is to act, so that the server draws nothing in either.
                let (mut xa, mut xb) = (actions.clone(), actions.clone());
                xa.push(real.clone());
                xb.push(alt.clone());
                let mut ends = Vec::new();
                for _ in 0..40 {
                    if let Turn::Player(_) = a.turn() {
                        ends.push(xa.len());
                    }
                    let options = choices(&*a);
                    if options.is_empty() {
                        break;
                    }
                    let next = options[rng.random_range(0..options.len())].clone();
                    let (mut a2, mut b2) = (a.clone_box(), b.clone_box());
                    if a2.apply(&next).is_err() || b2.apply(&next).is_err() || a2.is_terminal() {
                        break;
                    }
                    if a2.view(seat).unwrap() != b2.view(seat).unwrap() {
                        break;
                    }
                    xa.push(next.clone());
                    xb.push(next);
                    (a, b) = (a2, b2);
                }
                let Some(&end) = ends.last() else { continue };
                xa.truncate(end);
                xb.truncate(end);
                return Some((seat, xa, xb));
            }
        }
        state.apply(&real).unwrap();
        actions.push(real);
        if state.is_terminal() {
            return None;
        }
    }
    None
}

/// What a connection is sent first, with the table-specific parts left out.
async fn first_update(
    addr: std::net::SocketAddr,
    game: &str,
    seed: u64,
    actions: &[String],
    seat: usize,
) -> (Value, Value) {
    let body = json!({"game": game, "options": options(game), "seats": humans(game), "seed": seed, "actions": actions});
    let (id, tokens) = full_table(addr, body).await;
    let mut ws = connect(addr, &id, Some(&tokens[seat])).await;
    let mine = next_of(&mut ws, "update").await;
    let mut spectator = connect(addr, &id, None).await;
    let public = next_of(&mut spectator, "update").await;
    (untimed(mine), untimed(public))
}

/// An update with the grace periods' milliseconds left (time, not a hidden fact: they run
/// for the seats joined but not connected) kept only as whether one runs.
fn untimed(mut u: Value) -> Value {
    for seat in u["seats"].as_array_mut().into_iter().flatten() {
        let running = seat["grace_ms"].is_number();
        seat["grace_ms"] = json!(running);
    }
    u
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_tables_that_differ_only_in_what_a_seat_may_not_see_send_it_the_same() {
    let (addr, _server) = server(&db("interference")).await;
    let mut checked = Vec::new();
    for game in game_ids() {
        for seed in 0..6 {
            let Some((seat, a, b)) = twin_positions(game, seed) else { continue };
            assert_ne!(a, b);
            let (mine_a, public_a) = first_update(addr, game, seed, &a, seat).await;
            let (mine_b, public_b) = first_update(addr, game, seed, &b, seat).await;
            assert_eq!(mine_a, mine_b, "{game} seed {seed}: seat {seat} is sent different messages");
            assert_eq!(public_a, public_b, "{game} seed {seed}: a spectator is sent different messages");
            checked.push(game);
            break;
        }
    }
    for game in ["sabotage-pipes", "sabacc", "sabotage-spies", "abilene"] {
        assert!(checked.contains(&game), "{game} hides things from a seat: it must be checked ({checked:?})");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_client_message_type_is_fuzzed_and_the_server_keeps_serving() {
    let (addr, _server) = server(&db("fuzz")).await;
    let (_, t) = post(addr, "/api/tables", json!({"game": "abagio", "seats": ["human", "human"]})).await;
    let id = t["table"].as_str().unwrap().to_owned();
    let (_, j) = post(addr, &format!("/api/tables/{id}/join"), json!({})).await;
    let mut a = connect(addr, &id, t["token"].as_str()).await;
    let mut b = connect(addr, &id, j["token"].as_str()).await;
    let first = next_of(&mut a, "update").await;
    next_of(&mut b, "update").await;
    let seq = first["seq"].clone();
    let huge = "é".repeat(20_000);
    let mut bad: Vec<String> = vec![
        String::new(),
        "{".into(),
        "null".into(),
        "\"act\"".into(),
        "[{\"type\":\"act\"}]".into(),
        "1e999".into(),
        "{\"type\":null}".into(),
        "{\"type\":7}".into(),
        "{\"type\":[\"act\"]}".into(),
        format!("{{\"type\":\"{huge}\"}}"),
        "[".repeat(10_000),
        "{\"type\":\"act\",\"type\":\"undo\",\"x\":".to_owned() + &"1".repeat(1000) + "}",
    ];
    for kind in ["act", "undo", "resign", "leave", "return", "claim"] {
        for extra in [
            json!({}),
            json!({"action": 5, "seq": "x"}),
            json!({"action": null, "seq": -1}),
            json!({"action": huge, "seq": seq}),
            json!({"action": "\u{0}\u{1f}\u{202e}", "seq": seq}),
            json!({"action": "zzz", "seq": 1u64 << 60}),
            json!({"action": ["a"], "seq": 1.5}),
            json!({"action": {"text": "a"}, "seq": {}}),
        ] {
            let mut m = extra.as_object().unwrap().clone();
            m.insert("type".into(), json!(kind));
            bad.push(Value::Object(m).to_string());
        }
    }
    // Sent by the seat not to act: nothing it sends may change the game (a resign or a
    // leave by it is a legitimate move, so those two are sent by a spectator below).
    let to_act = first["turn"]["player"].as_u64();
    let idle = if to_act == Some(0) { &mut b } else { &mut a };
    let mut errors = 0;
    for msg in &bad {
        if msg.contains("\"resign\"") || msg.contains("\"leave\"") {
            continue;
        }
        idle.send(Message::Text(msg.clone().into())).await.unwrap();
        let answer = next_of(idle, "error").await;
        errors += 1;
        assert!(answer["message"].as_str().unwrap().len() < 400, "errors are short: {answer}");
    }
    assert!(errors > 40, "every bad message is answered with an error ({errors})");
    idle.send(Message::Binary(vec![0xff, 0x00].into())).await.unwrap();
    assert_eq!(next_of(idle, "error").await["code"], "protocol/bad_request");
    let mut spectator = connect(addr, &id, None).await;
    next_of(&mut spectator, "update").await;
    for msg in &bad {
        spectator.send(Message::Text(msg.clone().into())).await.unwrap();
        next_of(&mut spectator, "error").await;
    }
    // A frame past the limit closes that connection only.
    let too_big = "x".repeat(tabula_server::MAX_MESSAGE + 10);
    let _ = spectator.send(Message::Text(too_big.into())).await;
    // Bad tokens: refused, never a spectator.
    for token in ["x", "00000000000000000000000000000000", &"f".repeat(5000)] {
        let url = format!("ws://{addr}/api/tables/{id}/ws?token={token}");
        assert!(tokio_tungstenite::connect_async(url).await.is_err(), "{token:.40}");
    }
    // Nothing changed, and the game goes on.
    let (_, info) = http(addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(info["seq"], seq);
    assert_eq!(info["status"], "playing");
    // Both reconnect (an update on connecting) and play to the end.
    drop((a, b));
    let mut a = connect(addr, &id, t["token"].as_str()).await;
    let mut b = connect(addr, &id, j["token"].as_str()).await;
    let (ra, rb) = tokio::join!(play_random(&mut a, 0, 5), play_random(&mut b, 1, 6));
    assert_eq!(ra["result"], rb["result"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_can_start_from_a_record_s_actions_and_bad_ones_are_refused() {
    let (addr, _server) = server(&db("preset")).await;
    for (actions, code) in [
        (json!("roll"), "record/invalid"),
        (json!([1]), "record/invalid"),
        (json!(["fly away"]), "record/invalid"),
    ] {
        let (status, e) = post(addr, "/api/tables", json!({"game": "abagio", "actions": actions})).await;
        assert_eq!((status, e["error"]["code"].as_str()), (400, Some(code)), "{e}");
    }
    let (status, e) = post(addr, "/api/tables", json!({"game": "abagio", "seed": -3})).await;
    assert_eq!((status, e["error"]["code"].as_str()), (400, Some("bad_seed")));
    let (_, a) = twin_positions("sabacc", 0).map(|(s, a, _)| (s, a)).unwrap();
    let body = json!({"game": "sabacc", "options": options("sabacc"), "seats": ["human", "random"], "seed": 0, "actions": a});
    let (status, t) = post(addr, "/api/tables", body).await;
    assert_eq!(status, 200, "{t}");
    let id = t["table"].as_str().unwrap();
    let (_, info) = http(addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(info["preset"], true);
    assert!(info["seq"].as_u64().unwrap() >= a.len() as u64, "{info}");
    let mut ws = connect(addr, id, t["token"].as_str()).await;
    let end = play_random(&mut ws, 0, 9).await;
    assert_eq!(end["status"], "over");
}
