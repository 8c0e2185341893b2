//! The server through real sockets: HTTP requests and WebSockets against a server started
//! on a free port with its own SQLite file.

mod common;

use common::*;
use futures_util::SinkExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_are_listed_as_the_engine_lists_them() {
    let (addr, _server) = server(&db("games")).await;
    let (status, body) = http(addr, "GET", "/api/games", None).await;
    assert_eq!(status, 200);
    let ids: Vec<&str> =
        body["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
    for id in ["sabotage-pipes", "abagio", "sabacc", "abilene", "sabotage-spies"] {
        assert!(ids.contains(&id), "{ids:?}");
    }
    assert!(body["games"][0]["bots"].as_array().unwrap().iter().any(|b| b == "hard"));
    // What the lobby shows of a game comes with it: labels, presets, the seats' names.
    let spies = body["games"].as_array().unwrap().iter().find(|g| g["id"] == "sabotage-spies").unwrap();
    assert_eq!(spies["presets"][0]["name"], "Intro game");
    assert_eq!(spies["presets"][0]["options"][1], json!(["intro", true]));
    assert_eq!(spies["about"]["weight"], "heavy");
    assert_eq!(spies["about"]["seats"][0], json!({"players": 2, "names": ["Villains", "Spies"]}));
    assert_eq!(spies["options"][0]["label"], "Players");
    assert_eq!(spies["options"][0]["value_labels"][0], "2 players: one per team");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_tables_joins_and_tokens_are_refused_clearly() {
    let (addr, _server) = server(&db("bad")).await;
    for (body, code) in [
        (json!({"game": "chess"}), "game/unknown"),
        (json!({"game": "abagio", "options": {"colour": "red"}}), "options/invalid"),
        (json!({"game": "abagio", "seats": ["human"]}), "bad_seats"),
        (json!({"game": "abagio", "seats": ["human", "grandmaster"]}), "bad_seats"),
        (json!({"game": "abagio", "seats": ["random", "random"]}), "bad_seats"),
        (json!({"game": "abagio", "clock": {"initial_s": "soon"}}), "bad_clock"),
        (json!({"game": "abagio", "seats": ["human", "random"], "seat": 1}), "bad_seats"),
        (json!({"game": "abagio", "seat": 2}), "bad_seats"),
        (json!([1, 2]), "protocol/bad_request"),
    ] {
        let (status, answer) = post(addr, "/api/tables", body.clone()).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert_eq!(answer["error"]["code"], code, "{body}: {answer}");
        assert!(answer["error"]["message"].as_str().unwrap().len() > 10);
    }
    let (status, answer) = http(addr, "POST", "/api/tables", Some("{not json")).await;
    assert_eq!((status, answer["error"]["code"].as_str()), (400, Some("protocol/json")));
    // A table of one human and one bot is full once created.
    let (status, t) =
        post(addr, "/api/tables", json!({"game": "abagio", "seats": ["human", "random"]})).await;
    assert_eq!(status, 200, "{t}");
    let id = t["table"].as_str().unwrap();
    let (status, answer) = post(addr, &format!("/api/tables/{id}/join"), json!({})).await;
    assert_eq!((status, answer["error"]["code"].as_str()), (409, Some("table_full")));
    let (status, answer) = post(addr, &format!("/api/tables/{id}/join"), json!({"seat": 1})).await;
    assert_eq!(status, 409, "{answer}");
    let (status, _) = post(addr, "/api/tables/nothere/join", json!({})).await;
    assert_eq!(status, 404);
    // A bad token is refused, never served as a spectator.
    let url = format!("ws://{addr}/api/tables/{id}/ws?token=0123");
    let err = tokio_tungstenite::connect_async(url).await.unwrap_err();
    assert!(err.to_string().contains("401"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_a_whole_game_against_a_bot_and_the_record_replays() {
    let (addr, _server) = server(&db("bot")).await;
    let (_, t) =
        post(addr, "/api/tables", json!({"game": "abagio", "seats": ["human", "random"], "name": "ada"}))
            .await;
    let (id, token) = (t["table"].as_str().unwrap(), t["token"].as_str().unwrap());
    assert_eq!(t["seat"], 0);
    assert_eq!(token.len(), 32, "128 bits of hex");
    let mut ws = connect(addr, id, Some(token)).await;
    let end = play_out(&mut ws, 0, None).await;
    assert_eq!(end["result"].as_array().unwrap().len(), 2);
    let (status, record) = http(addr, "GET", &format!("/api/tables/{id}/record"), None).await;
    assert_eq!(status, 200, "{record}");
    assert_eq!(record["seats"], json!(["ada", "random"]));
    let record: tabula_core::Record = serde_json::from_value(record).unwrap();
    let replayed = tabula_registry::registry().load_record(&record).unwrap();
    assert!(replayed.is_terminal());
    assert_eq!(json!(replayed.returns()), end["result"]);
    let (_, hist) = http(addr, "GET", "/api/history", None).await;
    assert_eq!(hist["games"][0]["table"], id);
    assert_eq!(
        hist["games"][0]["names"],
        json!(["ada", "Sasha (random bot)"]),
        "who played, as people read it"
    );
    // The replay whole, and a window of it: the same steps where they overlap.
    let (_, whole) = http(addr, "GET", &format!("/api/tables/{id}/replay?seat=0"), None).await;
    let count = whole["step_count"].as_u64().unwrap() as usize;
    assert_eq!(count, record.actions.len() + 1);
    assert_eq!(whole["steps"].as_array().unwrap().len(), count);
    assert_eq!(whole["steps_from"], 0);
    let (_, part) = http(addr, "GET", &format!("/api/tables/{id}/replay?seat=0&at=5&around=2"), None).await;
    assert_eq!(part["steps_from"], 3);
    assert_eq!(part["steps"].as_array().unwrap()[..], whole["steps"].as_array().unwrap()[3..8]);
    assert_eq!(part["history"], whole["history"], "the log is always whole");
    let (_, end) = http(addr, "GET", &format!("/api/tables/{id}/replay?seat=0&around=1"), None).await;
    assert_eq!(end["steps_from"].as_u64().unwrap() as usize, count - 2, "the last steps by default");
    assert_eq!(end["steps"].as_array().unwrap().len(), 2);
    let (status, bad) = http(addr, "GET", &format!("/api/tables/{id}/replay?around=-1"), None).await;
    assert_eq!((status, bad["error"]["code"].as_str()), (400, Some("protocol/bad_request")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_and_a_spectator_and_bad_messages_change_nothing() {
    let (addr, _server) = server(&db("two")).await;
    let (_, t) =
        post(addr, "/api/tables", json!({"game": "sabotage-pipes", "seats": ["human", "human"]})).await;
    let id = t["table"].as_str().unwrap().to_owned();
    let (status, lobby) = http(addr, "GET", "/api/tables", None).await;
    assert_eq!(status, 200);
    assert!(
        lobby["tables"].as_array().unwrap().iter().any(|x| x["table"] == json!(id) && x["status"] == "open")
    );
    let (_, j) = post(addr, &format!("/api/tables/{id}/join"), json!({"name": "bob"})).await;
    assert_eq!(j["seat"], 1);
    let mut a = connect(addr, &id, t["token"].as_str()).await;
    let mut b = connect(addr, &id, j["token"].as_str()).await;
    let mut spectator = connect(addr, &id, None).await;
    let first = next_of(&mut spectator, "update").await;
    // A spectator gets the public view: the roofs, no hand.
    assert!(first["view"]["roofs"].is_array(), "a spectator sees the roofs: {}", first["view"]);
    assert_eq!(first["view"]["hand"], json!([]), "a spectator holds no hand");
    assert_eq!(first["legal"], json!([]));
    // Garbage, stale and out-of-turn messages are answered and change nothing.
    let u = next_of(&mut a, "update").await;
    let seq = u["seq"].clone();
    let to_act = u["turn"]["player"].as_u64().unwrap();
    let (actor, other) = if to_act == 0 { (&mut a, &mut b) } else { (&mut b, &mut a) };
    for (msg, code) in [
        ("not json".to_owned(), "protocol/json"),
        ("[1]".to_owned(), "protocol/bad_request"),
        (json!({"type": "fly"}).to_string(), "protocol/unknown_cmd"),
        (json!({"type": "act"}).to_string(), "protocol/bad_request"),
        (json!({"type": "act", "action": "x", "seq": 99_999}).to_string(), "stale"),
        (json!({"type": "act", "action": "zzz", "seq": seq}).to_string(), "action/parse"),
        (json!({"type": "act", "action": "x".repeat(5000), "seq": seq}).to_string(), "protocol/bad_request"),
    ] {
        actor.send(Message::Text(msg.clone().into())).await.unwrap();
        let e = next_of(actor, "error").await;
        assert_eq!(e["code"], code, "{msg}: {e}");
    }
    // A card the seat does not hold reads as an action but the rules refuse it.
    let legal: Vec<&str> = u["legal"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    let held = u["view"]["hand"].to_string();
    let foreign = ["Ao", "Bo", "Co", "Do", "Eo", "Fo", "Go", "Ho", "Io", "Ar", "Br", "Cr", "Dr", "Er"]
        .into_iter()
        .find(|c| !held.contains(c))
        .map(|c| format!("{c} own"))
        .expect("a card not in hand");
    assert!(!legal.contains(&foreign.as_str()));
    send(actor, json!({"type": "act", "action": foreign, "seq": seq})).await;
    let e = next_of(actor, "error").await;
    assert_eq!(e["code"], "action/illegal", "{foreign}: {e}");
    send(other, json!({"type": "act", "action": "anything", "seq": seq})).await;
    assert_eq!(next_of(other, "error").await["code"], "action/not_your_turn");
    send(&mut spectator, json!({"type": "act", "action": "anything", "seq": seq})).await;
    assert_eq!(next_of(&mut spectator, "error").await["code"], "spectator");
    let (_, info) = http(addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(info["seq"], seq, "nothing was played");
    // Both play to the end; the spectator sees it end too.
    let (ra, rb) = tokio::join!(play_out(&mut a, 0, Some(u)), play_out(&mut b, 1, None));
    assert_eq!(ra["result"], rb["result"]);
    loop {
        let u = next_of(&mut spectator, "update").await;
        if u["status"] == "over" {
            assert_eq!(u["result"], ra["result"]);
            let hidden = u["history"].as_array().unwrap().iter().filter(|e| e["action"].is_null()).count();
            assert!(hidden > 0, "the deal is hidden from a spectator");
            break;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_resumes_every_unfinished_table() {
    let db = db("restart");
    let (addr, server1) = server(&db).await;
    let (_, t) = post(addr, "/api/tables", json!({"game": "abagio", "seats": ["human", "random"]})).await;
    let (id, token) = (t["table"].as_str().unwrap().to_owned(), t["token"].as_str().unwrap().to_owned());
    let mut ws = connect(addr, &id, Some(&token)).await;
    let mut seq = 0;
    for _ in 0..3 {
        let u = loop {
            let u = next_of(&mut ws, "update").await;
            if u["turn"]["player"] == 0 && !u["legal"].as_array().unwrap().is_empty() {
                break u;
            }
        };
        seq = u["seq"].as_u64().unwrap();
        send(&mut ws, json!({"type": "act", "action": u["legal"][0], "seq": seq})).await;
    }
    // The third action is acknowledged, and the bot has answered: the table waits on us.
    let after = loop {
        let u = next_of(&mut ws, "update").await;
        if u["seq"].as_u64().unwrap() > seq && (u["turn"]["player"] == 0 || u["status"] == "over") {
            break u;
        }
    };
    drop(ws);
    server1.abort();
    let _ = server1.await;
    let (addr2, _server2) = server(&db).await;
    let mut ws = connect(addr2, &id, Some(&token)).await;
    let u = next_of(&mut ws, "update").await;
    assert!(u["seq"].as_u64().unwrap() >= after["seq"].as_u64().unwrap(), "{u} after {after}");
    assert_eq!(
        u["history"].as_array().unwrap()[..after["history"].as_array().unwrap().len()],
        after["history"].as_array().unwrap()[..]
    );
    let end = play_out(&mut ws, 0, Some(u)).await;
    assert_eq!(end["status"], "over");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_is_accepted_only_from_the_server_s_own_origins() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut config = tabula_server::Config::new("127.0.0.1:0".parse().unwrap(), db("origin"));
    config.public_origins = vec!["https://games.example.org/".to_owned()];
    let (addr, _server) = tabula_server::start(config).await.unwrap();
    let (_, t) = post(addr, "/api/tables", json!({"game": "abagio", "seats": ["human", "random"]})).await;
    let id = t["table"].as_str().unwrap();
    let url = format!("ws://{addr}/api/tables/{id}/ws");
    let port = addr.port();
    for (host, origin, ok) in [
        (addr.to_string(), format!("http://{addr}"), true),
        (format!("localhost:{port}"), format!("http://localhost:{port}"), true),
        ("games.example.org".to_owned(), "https://games.example.org".to_owned(), true),
        (addr.to_string(), "http://evil.example".to_owned(), false),
        // A page of another site whose name was pointed at this server (DNS rebinding)
        // names its own host in both headers: the Host a request names proves nothing.
        (format!("tabula.lan:{port}"), format!("http://tabula.lan:{port}"), false),
        (format!("tabula.lan:{port}"), "http://tabula.lan:1".to_owned(), false),
    ] {
        let mut req = url.as_str().into_client_request().unwrap();
        req.headers_mut().insert("host", host.parse().unwrap());
        req.headers_mut().insert("origin", origin.parse().unwrap());
        let answer = tokio_tungstenite::connect_async(req).await;
        assert_eq!(answer.is_ok(), ok, "{host} from {origin}: {:?}", answer.err());
        if let Err(e) = answer {
            assert!(e.to_string().contains("403"), "{e}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_is_json_from_an_allowed_origin_or_none() {
    let (addr, _server) = server(&db("csrf")).await;
    let body = r#"{"game":"abagio"}"#;
    let post_with = |headers: String| async move {
        let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
        let req = format!(
            "POST /api/tables HTTP/1.1\r\nHost: {addr}\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        tokio::io::AsyncWriteExt::write_all(&mut s, req.as_bytes()).await.unwrap();
        let mut raw = Vec::new();
        tokio::io::AsyncReadExt::read_to_end(&mut s, &mut raw).await.unwrap();
        let text = String::from_utf8_lossy(&raw).to_string();
        let status: u16 = text.split_whitespace().nth(1).unwrap().parse().unwrap();
        (status, text)
    };
    // What a page of another site may send without asking first: a form, or plain text.
    for kind in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
        let (status, text) =
            post_with(format!("Content-Type: {kind}\r\nOrigin: http://evil.example\r\n")).await;
        assert_eq!(status, 415, "{kind}: {text}");
        assert!(text.contains("bad_content_type"), "{text}");
    }
    let (status, text) = post_with(String::new()).await;
    assert_eq!(status, 415, "no type: {text}");
    let (status, text) =
        post_with("Content-Type: application/json\r\nOrigin: http://evil.example\r\n".to_owned()).await;
    assert_eq!(status, 403, "{text}");
    assert!(text.contains("bad_origin"), "{text}");
    let (status, text) =
        post_with(format!("Content-Type: application/json; charset=utf-8\r\nOrigin: http://{addr}\r\n"))
            .await;
    assert_eq!(status, 200, "{text}");
    // A client that is not a browser sends no Origin.
    let (status, text) = post_with("Content-Type: application/json\r\n".to_owned()).await;
    assert_eq!(status, 200, "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_client_s_files_go_gzipped_and_unchanged_ones_are_not_sent_again() {
    let (addr, _server) = server(&db("files")).await;
    let (status, head, body) = get_raw(addr, "/app/table.js", "Accept-Encoding: gzip\r\n").await;
    assert_eq!(status, 200, "{head}");
    assert!(head.contains("content-encoding: gzip"), "{head}");
    // A chunked body begins with its first chunk's size line.
    let start = if head.contains("transfer-encoding: chunked") {
        body.windows(2).position(|w| w == b"\r\n").unwrap() + 2
    } else {
        0
    };
    assert_eq!(body.get(start..start + 2), Some(&[0x1f, 0x8b][..]), "a gzip stream");
    let etag = head.lines().find_map(|l| l.strip_prefix("etag: ")).expect("an entity tag").to_owned();
    let (status, _, body) = get_raw(addr, "/app/table.js", &format!("If-None-Match: {etag}\r\n")).await;
    assert_eq!((status, body.len()), (304, 0), "the browser's copy is current");
    let (status, head, body) = get_raw(addr, "/app/table.js", "").await;
    assert_eq!(status, 200);
    assert!(!head.contains("content-encoding"), "{head}");
    assert!(String::from_utf8_lossy(&body).contains("export async function showTable"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_hold_no_control_or_direction_marks_and_are_kept_as_text() {
    let (addr, _server) = server(&db("names")).await;
    for bad in ["a\u{0}b", "line\nbreak", "\u{202E}evil", "x\u{2066}y", "bell\u{7}"] {
        let (status, e) = post(addr, "/api/tables", json!({"game": "abagio", "name": bad})).await;
        assert_eq!((status, e["error"]["code"].as_str()), (400, Some("bad_name")), "{bad:?}: {e}");
    }
    // Markup is a name like any other: stored and sent as text (the client shows it as text).
    let (status, t) = post(addr, "/api/tables", json!({"game": "abagio", "name": "<b>ada</b> & co"})).await;
    assert_eq!(status, 200, "{t}");
    let (_, info) = http(addr, "GET", &format!("/api/tables/{}", t["table"].as_str().unwrap()), None).await;
    assert_eq!(info["seats"][0]["name"], "<b>ada</b> & co");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_is_paged_newest_first() {
    let (addr, _server) = server(&db("paging")).await;
    let mut ids = Vec::new();
    for i in 0..5 {
        let seats = if i % 2 == 0 { json!(["human", "random"]) } else { json!(["human", "human"]) };
        let (_, t) = post(addr, "/api/tables", json!({"game": "abagio", "seats": seats})).await;
        ids.push(t["table"].as_str().unwrap().to_owned());
        // Tables are ordered by the second they were opened in, then by id.
        tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    }
    let (status, page) = http(addr, "GET", "/api/tables?per_page=2&page=1", None).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(
        (page["total"].as_u64(), page["page"].as_u64(), page["per_page"].as_u64()),
        (Some(5), Some(1), Some(2))
    );
    let shown: Vec<&str> =
        page["tables"].as_array().unwrap().iter().map(|t| t["table"].as_str().unwrap()).collect();
    assert_eq!(shown, [ids[2].as_str(), ids[1].as_str()], "newest first");
    let (_, open) = http(addr, "GET", "/api/tables?status=open", None).await;
    assert_eq!(open["total"], 2, "{open}");
    assert!(open["tables"].as_array().unwrap().iter().all(|t| t["status"] == "open"));
    let (_, playing) = http(addr, "GET", "/api/tables?status=playing&per_page=1000", None).await;
    assert_eq!((playing["total"].as_u64(), playing["per_page"].as_u64()), (Some(3), Some(100)));
    let (status, e) = http(addr, "GET", "/api/tables?status=over", None).await;
    assert_eq!((status, e["error"]["code"].as_str()), (400, Some("bad_status")), "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_creator_sits_where_they_choose() {
    let (addr, _server) = server(&db("choose")).await;
    // Purple against a bot playing red.
    let (status, t) =
        post(addr, "/api/tables", json!({"game": "abagio", "seats": ["random", "human"], "seat": 1})).await;
    assert_eq!((status, t["seat"].as_u64()), (200, Some(1)), "{t}");
    // The Spies, leaving the Villains' seat to a friend, who joins into it.
    let (_, t) = post(
        addr,
        "/api/tables",
        json!({"game": "sabotage-spies", "options": {"players": 2}, "seats": ["human", "human"], "seat": 1}),
    )
    .await;
    assert_eq!(t["seat"], 1, "{t}");
    let id = t["table"].as_str().unwrap();
    let (_, friend) = post(addr, &format!("/api/tables/{id}/join"), json!({"name": "bo"})).await;
    assert_eq!(friend["seat"], 0, "{friend}");
    let (_, e) =
        post(addr, "/api/tables", json!({"game": "abagio", "seats": ["random", "human"], "seat": 0})).await;
    let said = e["error"]["message"].as_str().unwrap();
    assert!(said.contains("\"seat\" is one of the \"human\" seats (1), not 0"), "{said}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_has_a_picture_for_the_lobby() {
    let (addr, _server) = server(&db("pictures")).await;
    for id in ["sabotage-pipes", "abagio", "sabacc", "abilene", "sabotage-spies"] {
        let (status, p) = http(addr, "GET", &format!("/api/games/{id}/picture"), None).await;
        assert_eq!(status, 200, "{id}: {p}");
        assert_eq!(p["game"], id);
        assert!(p["view"].is_object(), "{id}: a seat's view to draw: {p}");
        assert_eq!(p["turn"]["kind"], "player", "{id}: a position in play");
        // The same picture again (made once), and named seats.
        let (_, again) = http(addr, "GET", &format!("/api/games/{id}/picture"), None).await;
        assert_eq!(again, p);
    }
    let (_, p) = http(addr, "GET", "/api/games/sabotage-spies/picture", None).await;
    assert_eq!(p["names"], json!(["Villains", "Spies"]));
    assert_eq!(p["preset"], "Intro game");
    let (status, e) = http(addr, "GET", "/api/games/chess/picture", None).await;
    assert_eq!((status, e["error"]["code"].as_str()), (404, Some("not_found")), "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_position_is_what_its_actions_reach_as_one_seat_sees_it() {
    let (addr, _server) = server(&db("position")).await;
    // A game played here, then asked of the server action by action.
    let registry = tabula_registry::registry();
    let game = registry.make("sabacc", &json!({"players": 2})).unwrap();
    let mut state = game.new_state(9);
    let mut bot = registry.make_bot("sabacc", "random", &json!({}), 1).unwrap();
    let mut actions = Vec::new();
    while actions.len() < 30 && !state.is_terminal() {
        let text = match state.turn() {
            tabula_core::Turn::Chance => state.sample_chance().unwrap(),
            _ => {
                let a = bot.choose(state.as_ref()).unwrap();
                state.apply(&a).unwrap()
            }
        };
        actions.push(text);
    }
    for seat in [0, 1] {
        let (status, p) = post(
            addr,
            "/api/games/sabacc/position",
            json!({"options": {"players": 2}, "seed": 9, "actions": actions, "seat": seat}),
        )
        .await;
        assert_eq!(status, 200, "{p}");
        assert_eq!(p["view"], state.seat_view(seat).unwrap(), "seat {seat}'s view, nothing more");
        assert_eq!(p["history"].as_array().unwrap().len(), actions.len());
        let mine = matches!(state.turn(), tabula_core::Turn::Player(s) if s == seat);
        assert_eq!(p["legal"], json!(if mine { state.legal_actions() } else { vec![] }));
        assert_eq!(p["names"], json!(["Seat 1", "Seat 2"]));
    }
    // Bad asks change nothing and say why.
    for (body, code, words) in [
        (json!({"actions": ["fly away"]}), "record/invalid", "action 1 `fly away` is refused"),
        (json!({"seat": 2}), "seat/invalid", "\"seat\" is a seat from 0 to 1"),
        (json!({"options": {"players": 3}}), "options/invalid", "players"),
        (json!({"actions": vec!["x"; 501]}), "record/invalid", "at most 500 actions"),
        (json!({"moves": []}), "protocol/bad_request", "a position takes"),
    ] {
        let (status, e) = post(addr, "/api/games/abagio/position", body.clone()).await;
        assert_eq!((status, e["error"]["code"].as_str()), (400, Some(code)), "{body}: {e}");
        assert!(e["error"]["message"].as_str().unwrap().contains(words), "{body}: {e}");
    }
    let (status, _) = post(addr, "/api/games/chess/position", json!({})).await;
    assert_eq!(status, 404);
}
