//! Seats over time, through real sockets: clocks and wins on time, resigning, leaving and
//! coming back, a bot standing in past the grace period, and derived undo.

mod common;

use std::time::Duration;

use common::*;
use serde_json::{Value, json};

/// Creates a table of `game` with `seats`, joins every other human seat, and connects
/// everyone: the sockets by seat (`None` for bots).
async fn table(addr: std::net::SocketAddr, body: Value) -> (String, Vec<Option<Ws>>, Vec<Option<String>>) {
    let (status, t) = post(addr, "/api/tables", body.clone()).await;
    assert_eq!(status, 200, "{body}: {t}");
    let id = t["table"].as_str().unwrap().to_owned();
    let kinds: Vec<String> =
        body["seats"].as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_owned()).collect();
    let mut tokens = vec![None; kinds.len()];
    tokens[t["seat"].as_u64().unwrap() as usize] = Some(t["token"].as_str().unwrap().to_owned());
    for (seat, kind) in kinds.iter().enumerate() {
        if kind == "human" && tokens[seat].is_none() {
            let (_, j) = post(addr, &format!("/api/tables/{id}/join"), json!({"seat": seat})).await;
            tokens[seat] = Some(j["token"].as_str().unwrap().to_owned());
        }
    }
    let mut sockets = Vec::new();
    for token in &tokens {
        sockets.push(match token {
            Some(t) => Some(connect(addr, &id, Some(t)).await),
            None => None,
        });
    }
    (id, sockets, tokens)
}

/// A table of two people, both connected, once one of them is to move: its id, the seat to
/// move, that seat's socket with its first update offering moves, and the other's socket.
async fn to_move(addr: std::net::SocketAddr, body: Value) -> (String, usize, Ws, Value, Ws) {
    let (id, mut ws, _) = table(addr, body).await;
    let (mut a, b) = (ws.remove(0).unwrap(), ws.remove(0).unwrap());
    let u = until(&mut a, |u| u["turn"]["kind"] == "player").await;
    let mover = u["turn"]["player"].as_u64().unwrap() as usize;
    let (mut m, o) = if mover == 0 { (a, b) } else { (b, a) };
    let u = until(&mut m, |u| !u["legal"].as_array().unwrap().is_empty()).await;
    (id, mover, m, u, o)
}

/// Reads updates until one satisfies `done`.
async fn until(ws: &mut Ws, done: impl Fn(&Value) -> bool) -> Value {
    loop {
        let u = next_of(ws, "update").await;
        if done(&u) {
            return u;
        }
    }
}

async fn record(addr: std::net::SocketAddr, id: &str) -> Value {
    let (status, r) = http(addr, "GET", &format!("/api/tables/{id}/record"), None).await;
    assert_eq!(status, 200, "{r}");
    r
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clocks_run_for_the_seat_to_act_and_the_opponent_claims_a_win_on_time() {
    let (addr, _server) = server(&db("clock")).await;
    for (clock, code) in [
        (json!({"initial_s": 0}), "bad_clock"),
        (json!({"initial_s": 60, "increment_s": -1}), "bad_clock"),
        (json!({"initial_s": 60, "delay_s": 1}), "bad_clock"),
        (json!(5), "bad_clock"),
    ] {
        let (status, e) = post(addr, "/api/tables", json!({"game": "abagio", "clock": clock})).await;
        assert_eq!((status, e["error"]["code"].as_str()), (400, Some(code)), "{clock}: {e}");
    }
    let body =
        json!({"game": "abagio", "seats": ["human", "human"], "clock": {"initial_s": 3, "increment_s": 2}});
    let (id, mut ws, _) = table(addr, body).await;
    let (mut a, mut b) = (ws.remove(0).unwrap(), ws.remove(0).unwrap());
    let u = until(&mut a, |u| u["turn"]["kind"] == "player").await;
    assert_eq!(u["clocks"].as_array().unwrap().len(), 2, "{u}");
    let mover = u["turn"]["player"].as_u64().unwrap() as usize;
    let clock = &u["clocks"][mover];
    assert_eq!(clock["running"], true);
    assert!(clock["ms"].as_i64().unwrap() <= 3000);
    assert_eq!(u["clocks"][1 - mover]["running"], false);
    let (mover_ws, other_ws) = if mover == 0 { (&mut a, &mut b) } else { (&mut b, &mut a) };
    // Claiming while the mover still has time is refused.
    send(other_ws, json!({"type": "claim"})).await;
    assert_eq!(next_of(other_ws, "error").await["code"], "claim_refused");
    // The mover thinks too long: its clock runs out, and the other claims.
    let flagged = until(other_ws, |u| u["clocks"][mover]["flagged"] == true).await;
    assert_eq!(flagged["clocks"][mover]["ms"], 0);
    assert_eq!(flagged["status"], "playing", "a win on time is claimed, not given");
    send(other_ws, json!({"type": "claim"})).await;
    let over = until(mover_ws, |u| u["status"] == "over").await;
    assert_eq!(over["ending"], json!({"kind": "time", "seat": mover}));
    let mut result = vec![1.0; 2];
    result[mover] = -1.0;
    assert_eq!(over["result"], json!(result));
    assert_eq!(over["legal"], json!([]));
    let r = record(addr, &id).await;
    assert_eq!(r["ending"], json!({"kind": "time", "seat": mover}));
    let record: tabula_core::Record = serde_json::from_value(r).unwrap();
    tabula_registry::registry().load_record(&record).expect("the engine loads the record");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_gains_its_increment_when_the_turn_passes_and_a_bot_claims_at_once() {
    let (addr, _server) = server(&db("clock-bot")).await;
    let body =
        json!({"game": "abagio", "seats": ["human", "random"], "clock": {"initial_s": 30, "increment_s": 5}});
    let (_, mut ws, _) = table(addr, body).await;
    let mut a = ws.remove(0).unwrap();
    // Play until seat 0 has moved once and the turn has come back.
    let u = until(&mut a, |u| u["turn"]["player"] == 0 && !u["legal"].as_array().unwrap().is_empty()).await;
    assert_eq!(u["clocks"][1], Value::Null, "a bot's seat has no clock");
    let before = u["clocks"][0]["ms"].as_i64().unwrap();
    let mut seq = u["seq"].as_u64().unwrap();
    send(&mut a, json!({"type": "act", "action": u["legal"][0], "seq": seq})).await;
    loop {
        let u = next_of(&mut a, "update").await;
        if u["turn"]["player"] != 0 {
            let after = u["clocks"][0]["ms"].as_i64().unwrap();
            assert!(after > before, "the increment: {before} then {after}");
            assert_eq!(u["clocks"][0]["running"], false);
            break;
        }
        if !u["legal"].as_array().unwrap().is_empty() {
            seq = u["seq"].as_u64().unwrap();
            send(&mut a, json!({"type": "act", "action": u["legal"][0], "seq": seq})).await;
        }
    }
    // A table whose person runs out of time against a bot ends at once.
    let body = json!({"game": "abagio", "seats": ["human", "random"], "clock": {"initial_s": 1}});
    let (_, mut ws, _) = table(addr, body).await;
    let mut a = ws.remove(0).unwrap();
    let over = until(&mut a, |u| u["status"] == "over").await;
    assert_eq!(over["ending"], json!({"kind": "time", "seat": 0}));
    assert_eq!(over["result"], json!([-1.0, 1.0]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resigning_ends_a_two_seat_game_and_hands_a_bigger_table_s_seat_to_a_bot() {
    let (addr, _server) = server(&db("resign")).await;
    let (id, mut ws, _) = table(addr, json!({"game": "abagio", "seats": ["human", "human"]})).await;
    let (mut a, mut b) = (ws.remove(0).unwrap(), ws.remove(0).unwrap());
    next_of(&mut a, "update").await;
    send(&mut b, json!({"type": "resign"})).await;
    let over = until(&mut a, |u| u["status"] == "over").await;
    assert_eq!(over["ending"], json!({"kind": "resign", "seat": 1}));
    assert_eq!(over["result"], json!([1.0, -1.0]));
    send(&mut a, json!({"type": "undo"})).await;
    assert_eq!(next_of(&mut a, "error").await["code"], "over");
    let (_, info) = http(addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(info["status"], "over");
    assert_eq!(record(addr, &id).await["ending"]["kind"], "resign");
    // Four seats: the one who resigns is replaced by a bot for good; the others finish.
    let body = json!({"game": "sabotage-pipes", "options": {"players": 4}, "seats": ["human", "human", "random", "random"]});
    let (id, mut ws, _) = table(addr, body).await;
    let (mut a, mut b) = (ws.remove(0).unwrap(), ws.remove(0).unwrap());
    send(&mut b, json!({"type": "resign"})).await;
    let u = until(&mut a, |u| u["seats"][1]["gone"] == true).await;
    assert_eq!(u["seats"][1]["bot"], "random");
    send(&mut b, json!({"type": "act", "action": "x", "seq": 0})).await;
    assert_eq!(next_of(&mut b, "error").await["code"], "gone");
    let end = play_out(&mut a, 0, Some(u)).await;
    assert_eq!(end["ending"], Value::Null, "the game ended by its rules");
    let r = record(addr, &id).await;
    let players: Vec<&str> = r["players"].as_array().unwrap().iter().map(|p| p.as_str().unwrap()).collect();
    assert!(players.contains(&"random for guest"), "{players:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_left_or_away_past_the_grace_period_is_played_by_a_bot_until_its_person_returns() {
    let (addr, _server) = server_with(&db("away"), Duration::from_millis(300)).await;
    let body = json!({"game": "abagio", "seats": ["human", "human"]});
    let (id, mut ws, tokens) = table(addr, body).await;
    let (mut a, b) = (ws.remove(0).unwrap(), ws.remove(0).unwrap());
    // Seat 1 disconnects: within the grace period its seat waits; past it, a bot plays it.
    drop(b);
    let u = until(&mut a, |u| u["seats"][1]["bot"] == "medium").await;
    assert_eq!(u["seats"][1]["connected"], false);
    // Seat 0 plays; the bot answers for seat 1.
    let mut u = u;
    let start = u["seq"].as_u64().unwrap();
    while u["seq"].as_u64().unwrap() < start + 6 && u["status"] != "over" {
        if u["turn"]["player"] == 0 && !u["legal"].as_array().unwrap().is_empty() {
            send(&mut a, json!({"type": "act", "action": u["legal"][0], "seq": u["seq"]})).await;
        }
        u = next_of(&mut a, "update").await;
    }
    // Seat 1 comes back on a new connection: the seat is its own again.
    let mut b = connect(addr, &id, tokens[1].as_deref()).await;
    let back = next_of(&mut b, "update").await;
    assert_eq!(back["seats"][1]["bot"], Value::Null, "{back}");
    assert_eq!(back["seats"][1]["connected"], true);
    // `leave` hands it to the bot at once; `return` takes it back.
    send(&mut b, json!({"type": "leave"})).await;
    until(&mut b, |u| u["seats"][1]["bot"] == "medium").await;
    send(&mut b, json!({"type": "return"})).await;
    until(&mut b, |u| u["seats"][1]["bot"].is_null()).await;
    send(&mut b, json!({"type": "return"})).await;
    assert_eq!(next_of(&mut b, "error").await["code"], "not_away");
    drop(a);
    drop(b);
    // Someone who leaves before the game begins frees the seat for another.
    let (_, t) = post(addr, "/api/tables", json!({"game": "abagio", "seats": ["human", "human"]})).await;
    let id = t["table"].as_str().unwrap();
    let mut a = connect(addr, id, t["token"].as_str()).await;
    send(&mut a, json!({"type": "leave"})).await;
    let u = until(&mut a, |u| u["seats"][0]["name"].is_null()).await;
    assert_eq!(u["seat"], Value::Null, "the connection now watches");
    let (status, j) = post(addr, &format!("/api/tables/{id}/join"), json!({"seat": 0})).await;
    assert_eq!((status, j["seat"].as_u64()), (200, Some(0)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_stands_in_only_for_someone_another_person_waits_for() {
    let grace = Duration::from_millis(300);
    let (addr, _server) = server_with(&db("waited"), grace).await;
    // Alone against bots: looking away (the lobby, another tab, a night's sleep) leaves the
    // game as it was; nobody waits, so no bot plays the person's seat.
    let (id, mut ws, tokens) = table(addr, json!({"game": "abagio", "seats": ["human", "random"]})).await;
    let mut a = ws.remove(0).unwrap();
    let first = next_of(&mut a, "update").await;
    assert_eq!(first["seats"][0]["grace_ms"], Value::Null, "{first}");
    let mut u = first;
    // Play until it is the person's turn (the bot may move first).
    while u["legal"].as_array().unwrap().is_empty() {
        u = next_of(&mut a, "update").await;
    }
    let seq = u["seq"].clone();
    drop(a);
    tokio::time::sleep(grace * 4).await;
    let mut a = connect(addr, &id, tokens[0].as_deref()).await;
    let back = next_of(&mut a, "update").await;
    assert_eq!(back["seats"][0]["bot"], Value::Null, "{back}");
    assert_eq!(back["seq"], seq, "nothing was played for the person while nobody waited: {back}");
    assert!(!back["legal"].as_array().unwrap().is_empty(), "still the person's move: {back}");
    drop(a);

    // Two people: the one still here sees the other's grace period run out.
    let (id, mut ws, tokens) = table(addr, json!({"game": "abagio", "seats": ["human", "human"]})).await;
    let (mut a, b) = (ws.remove(0).unwrap(), ws.remove(0).unwrap());
    drop(b);
    let u = until(&mut a, |u| u["seats"][1]["connected"] == false).await;
    let ms = u["seats"][1]["grace_ms"].as_u64().expect("the grace period shows while someone waits");
    assert!(ms <= grace.as_millis() as u64, "{u}");
    assert_eq!(u["seats"][1]["bot"], Value::Null);
    // Both gone: nobody waits, the grace period stops; the game waits for them.
    drop(a);
    tokio::time::sleep(grace * 3).await;
    let (_, info) = http(addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(info["seats"][1]["bot"], Value::Null, "{info}");
    assert_eq!(info["seats"][1]["grace_ms"], Value::Null, "{info}");
    // One comes back: the other's grace period starts again, and past it a bot plays.
    let mut a = connect(addr, &id, tokens[0].as_deref()).await;
    let u = next_of(&mut a, "update").await;
    assert!(u["seats"][1]["grace_ms"].as_u64().is_some(), "{u}");
    let u = until(&mut a, |u| u["seats"][1]["bot"] == "medium").await;
    assert_eq!(u["seats"][1]["grace_ms"], Value::Null, "{u}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_is_an_offer_the_other_seat_accepts_and_opens_one_table_for_both() {
    let (addr, _server) = server(&db("rematch")).await;
    let (_, t) =
        post(addr, "/api/tables", json!({"game": "abagio", "seats": ["human", "human"], "name": "ada"}))
            .await;
    let id = t["table"].as_str().unwrap().to_owned();
    let (_, j) = post(addr, &format!("/api/tables/{id}/join"), json!({"name": "bob"})).await;
    let mut a = connect(addr, &id, t["token"].as_str()).await;
    let mut b = connect(addr, &id, j["token"].as_str()).await;
    let mut watcher = connect(addr, &id, None).await;
    next_of(&mut a, "update").await;
    // Not before the game is over.
    send(&mut a, json!({"type": "rematch"})).await;
    assert_eq!(next_of(&mut a, "error").await["code"], "not_over");
    send(&mut b, json!({"type": "resign"})).await;
    let over = until(&mut a, |u| u["status"] == "over").await;
    assert_eq!(over["rematch"], json!({"offers": [], "table": null, "seat": null, "token": null}));
    // Ada offers: Bob sees the offer; a spectator is told nothing of it.
    send(&mut a, json!({"type": "rematch"})).await;
    let offered = until(&mut b, |u| u["rematch"]["offers"] == json!([0])).await;
    assert_eq!(offered["rematch"]["table"], Value::Null);
    let seen = until(&mut watcher, |u| u["status"] == "over").await;
    assert_eq!(seen["rematch"], Value::Null, "{seen}");
    // Bob (who resigned) accepts: one new table, each told their own place and token there,
    // the seats turned by one.
    send(&mut b, json!({"type": "rematch"})).await;
    let to_b = until(&mut b, |u| u["rematch"]["table"].is_string()).await;
    let to_a = until(&mut a, |u| u["rematch"]["table"].is_string()).await;
    assert_eq!(to_a["rematch"]["table"], to_b["rematch"]["table"]);
    assert_eq!((to_a["rematch"]["seat"].as_u64(), to_b["rematch"]["seat"].as_u64()), (Some(1), Some(0)));
    assert_ne!(to_a["rematch"]["token"], to_b["rematch"]["token"]);
    // Offering again changes nothing: still the one table.
    send(&mut a, json!({"type": "rematch"})).await;
    let again = next_of(&mut a, "update").await;
    assert_eq!(again["rematch"]["table"], to_a["rematch"]["table"]);
    let new = to_a["rematch"]["table"].as_str().unwrap();
    let mut a2 = connect(addr, new, to_a["rematch"]["token"].as_str()).await;
    let u = next_of(&mut a2, "update").await;
    assert_eq!(u["seat"], 1);
    assert_eq!(u["status"], "playing", "both people are seated: {u}");
    assert_eq!((u["seats"][0]["name"].as_str(), u["seats"][1]["name"].as_str()), (Some("bob"), Some("ada")));
    let (_, tables) = http(addr, "GET", "/api/tables", None).await;
    let count = tables["tables"].as_array().unwrap().iter().filter(|t| t["game"] == "abagio").count();
    assert_eq!(count, 1, "one rematch (the old table is over): {tables}");

    // Against a bot, the bot accepts at once.
    let (_, t) = post(addr, "/api/tables", json!({"game": "abagio", "seats": ["human", "random"]})).await;
    let id = t["table"].as_str().unwrap();
    let mut a = connect(addr, id, t["token"].as_str()).await;
    send(&mut a, json!({"type": "resign"})).await;
    until(&mut a, |u| u["status"] == "over").await;
    send(&mut a, json!({"type": "rematch"})).await;
    let to = until(&mut a, |u| u["rematch"]["table"].is_string()).await;
    assert_eq!(to["rematch"]["seat"], 1);
    let (_, info) =
        http(addr, "GET", &format!("/api/tables/{}", to["rematch"]["table"].as_str().unwrap()), None).await;
    assert_eq!(info["seats"][0]["kind"], "bot", "{info}");
    assert_eq!(info["seats"][1]["name"], "guest", "{info}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_takes_back_only_what_showed_the_other_seats_nothing() {
    let (addr, _server) = server(&db("undo")).await;
    let (id, mover, mut m, u, _other) =
        to_move(addr, json!({"game": "abagio", "seats": ["human", "human"]})).await;
    let m = &mut m;
    send(m, json!({"type": "undo"})).await;
    assert_eq!(next_of(m, "error").await["code"], "undo_refused", "nothing to take back yet that is mine");
    // Abagio has no hidden information: a leap is taken back while the turn goes on (the
    // second die still to play), since nobody could answer it yet.
    let seq = u["seq"].as_u64().unwrap();
    send(m, json!({"type": "act", "action": u["legal"][0], "seq": seq})).await;
    let after = until(m, |x| x["seq"] == seq + 1).await;
    assert_eq!(after["turn"]["player"], mover, "the second die is still to play");
    assert_eq!(after["undo"], true, "Undo is offered within the turn");
    send(m, json!({"type": "undo"})).await;
    let back = until(m, |x| x["seq"] == seq).await;
    assert_eq!(back["legal"], u["legal"], "the same choice again");
    assert_eq!(back["undo"], false, "the dice were rolled by chance: nothing of the mover's before");
    // Once the turn has passed, the other seat has seen it: refused.
    let mut x = back;
    while x["turn"]["player"] == mover && !x["legal"].as_array().unwrap().is_empty() {
        let s = x["seq"].clone();
        send(m, json!({"type": "act", "action": x["legal"][0], "seq": s})).await;
        x = until(m, |y| y["seq"] != s).await;
    }
    // (the next roll follows at once: the dice came since, and the other seat is to play)
    assert_ne!(x["turn"]["player"], mover);
    assert_eq!(x["undo"], false, "Undo is not offered once the turn has passed");
    send(m, json!({"type": "undo"})).await;
    assert_eq!(next_of(m, "error").await["code"], "undo_refused");
    let (_, info) = http(addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(info["seq"], x["seq"], "nothing was taken back");
    // A hidden plan step of Fowers' Sabotage shows the other team nothing: taken back.
    let body = json!({"game": "sabotage-spies", "options": {"players": 2, "intro": true}, "seats": ["human", "human"]});
    let (id, _, mut m, u, _other) = to_move(addr, body).await;
    let m = &mut m;
    let seq = u["seq"].as_u64().unwrap();
    send(m, json!({"type": "act", "action": u["legal"][0], "seq": seq})).await;
    let after = until(m, |u| u["seq"].as_u64().unwrap() == seq + 1).await;
    assert_eq!(after["undo"], true, "Undo is offered for a hidden plan step");
    send(m, json!({"type": "undo"})).await;
    let back = until(m, |u| u["seq"].as_u64().unwrap() == seq).await;
    assert_eq!(back["legal"], u["legal"]);
    let (_, info) = http(addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(info["seq"].as_u64().unwrap(), seq);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_is_asked_and_the_other_seat_accepts_or_declines_never_across_chance() {
    let (addr, _server) = server(&db("takeback")).await;
    let (id, mover, mut m, u, mut o) =
        to_move(addr, json!({"game": "abagio", "seats": ["human", "human"]})).await;
    let (m, o) = (&mut m, &mut o);
    let seq = u["seq"].as_u64().unwrap();
    // Nothing of the mover's yet: nothing to ask (the opening roll was chance).
    assert_eq!(u["takeback_ok"], false);
    send(m, json!({"type": "takeback"})).await;
    assert_eq!(next_of(m, "error").await["code"], "takeback_refused");
    // One leap (the second die still to play), then a takeback asked; the other declines.
    send(m, json!({"type": "act", "action": u["legal"][0], "seq": seq})).await;
    let after = until(m, |x| x["seq"] != seq).await;
    assert_eq!(after["seq"], seq + 1, "the second die is still to play");
    send(m, json!({"type": "takeback"})).await;
    let asked = until(o, |x| x["takeback"]["by"] == mover).await;
    assert_eq!(asked["seq"], seq + 1);
    send(o, json!({"type": "takeback", "decline": true})).await;
    let e = next_of(m, "error").await;
    assert_eq!(e["code"], "takeback_declined", "{e}");
    // Asked again, and accepted: the leap is taken back for everyone. The other seat first
    // sees the declined question withdrawn: an update of the first question read late
    // would otherwise send its acceptance before the new question reached the table.
    until(o, |x| x["takeback"].is_null()).await;
    send(m, json!({"type": "takeback"})).await;
    until(o, |x| x["takeback"]["by"] == mover).await;
    send(o, json!({"type": "takeback"})).await;
    let back = until(m, |x| x["seq"] == seq).await;
    assert_eq!(back["legal"], u["legal"], "the same choice again");
    assert_eq!(back["takeback"], Value::Null);
    let (_, info) = http(addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(info["seq"], seq);
    // Once the dice have rolled again, the turn cannot be taken back.
    let mut u = back;
    while u["turn"]["player"] == mover && !u["legal"].as_array().unwrap().is_empty() {
        let s = u["seq"].clone();
        send(m, json!({"type": "act", "action": u["legal"][0], "seq": s})).await;
        u = until(m, |x| x["seq"] != s).await;
    }
    let rolled = u;
    if rolled["history"].as_array().unwrap().last().unwrap()["actor"] == "chance" {
        send(m, json!({"type": "takeback"})).await;
        let e = next_of(m, "error").await;
        assert_eq!(e["code"], "takeback_refused");
        assert!(e["message"].as_str().unwrap().contains("Chance"), "{e}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_open_in_two_tabs_plays_from_either_and_both_follow() {
    let (addr, _server) = server(&db("tabs")).await;
    let (id, mut ws, tokens) = table(addr, json!({"game": "abagio", "seats": ["human", "random"]})).await;
    let mut first = ws.remove(0).unwrap();
    let mut second = connect(addr, &id, tokens[0].as_deref()).await;
    let u = until(&mut second, |u| !u["legal"].as_array().unwrap().is_empty()).await;
    let seq = u["seq"].as_u64().unwrap();
    send(&mut second, json!({"type": "act", "action": u["legal"][0], "seq": seq})).await;
    // The first tab sees the move made in the second, and the same position.
    let a = until(&mut first, |u| u["seq"].as_u64().unwrap() > seq).await;
    let b = until(&mut second, |u| u["seq"].as_u64().unwrap() > seq).await;
    assert_eq!(
        a["history"].as_array().unwrap()[seq as usize],
        b["history"].as_array().unwrap()[seq as usize]
    );
    // Closing one tab leaves the seat connected.
    drop(second);
    let (_, info) = http(addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(info["seats"][0]["name"], "guest");
    let after = until(&mut first, |u| u["seats"][0]["connected"] == true).await;
    assert_eq!(after["seats"][0]["bot"], Value::Null);
}

/// A bot that panics, one that cannot choose, and one whose move the rules refuse.
struct Faulty(&'static str);

impl tabula_core::DynBot for Faulty {
    fn name(&self) -> String {
        self.0.to_owned()
    }

    fn choose(&mut self, _: &dyn tabula_core::DynState) -> Result<String, String> {
        match self.0 {
            "panics" => panic!("a faulty bot"),
            "fails" => Err("it has nothing to say".to_owned()),
            _ => Ok("not a move".to_owned()),
        }
    }
}

fn faulty(bot: &str, _: &Value, _: u64) -> Result<Box<dyn tabula_core::DynBot>, String> {
    ["panics", "fails", "refused"]
        .into_iter()
        .find(|b| *b == bot)
        .map(|b| Box::new(Faulty(b)) as Box<dyn tabula_core::DynBot>)
        .ok_or_else(|| format!("no bot {bot}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_that_panics_fails_or_is_refused_never_stalls_its_table() {
    let mut registry = tabula_core::Registry::new();
    let mut abagio = *tabula_registry::registry().entry("abagio").unwrap();
    abagio.make_bot = faulty;
    abagio.bots = &["panics", "fails", "refused"];
    registry.register(abagio);
    let mut config = tabula_server::Config::new("127.0.0.1:0".parse().unwrap(), db("faulty"));
    config.registry = std::sync::Arc::new(registry);
    let (addr, _server) = tabula_server::start(config).await.unwrap();
    for bot in ["panics", "fails", "refused"] {
        // The person moves; a legal move is played for the faulty bot each time, to the end.
        let (_, mut ws, _) = table(addr, json!({"game": "abagio", "seats": ["human", bot]})).await;
        let mut a = ws.remove(0).unwrap();
        let over = tokio::time::timeout(Duration::from_secs(120), play_out(&mut a, 0, None))
            .await
            .unwrap_or_else(|_| panic!("the table of a bot that {bot} stalled"));
        assert_eq!(over["status"], "over", "{bot}");
        let turns = over["history"].as_array().map_or(0, Vec::len);
        assert!(turns > 10, "{bot}: {over}");
    }
}
