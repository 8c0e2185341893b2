//! Drives the real `tabula engine` binary over its stdin/stdout, as a bot in another
//! language would: every command, a whole game, records, and bad input of every kind.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};

use serde_json::{Value, json};

/// A running `tabula engine`.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the tabula binary starts");
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
        Engine { child, stdin, stdout }
    }

    /// Sends raw bytes (a newline is added) and reads the one response line.
    fn send_bytes(&mut self, bytes: &[u8]) -> Value {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).expect("the engine reads");
        stdin.write_all(b"\n").expect("the engine reads");
        stdin.flush().expect("the engine reads");
        let mut line = String::new();
        let n = self.stdout.read_line(&mut line).expect("the engine writes");
        assert!(
            n > 0,
            "the engine closed its output after {}",
            String::from_utf8_lossy(&bytes[..bytes.len().min(200)])
        );
        assert!(line.ends_with('\n'), "a response is one whole line: {line}");
        let value: Value =
            serde_json::from_str(&line).unwrap_or_else(|e| panic!("response is not JSON ({e}): {line}"));
        assert!(value["ok"].is_boolean(), "every response has `ok`: {line}");
        value
    }

    fn send_line(&mut self, line: &str) -> Value {
        self.send_bytes(line.as_bytes())
    }

    fn send(&mut self, request: Value) -> Value {
        self.send_line(&request.to_string())
    }

    /// Sends a request that must succeed, and returns its response.
    fn ok(&mut self, request: Value) -> Value {
        let response = self.send(request.clone());
        assert_eq!(response["ok"], true, "{request} was refused: {response}");
        response
    }

    /// Sends a request that must be refused with `code`, and returns the error object.
    fn refused(&mut self, request: Value, code: &str) -> Value {
        self.refused_line(&request.to_string(), code)
    }

    fn refused_line(&mut self, line: &str, code: &str) -> Value {
        let response = self.send_line(line);
        let shown = &line[..line.len().min(120)];
        assert_eq!(response["ok"], false, "{shown} was accepted: {response}");
        assert_eq!(response["error"]["code"], code, "{shown}: {response}");
        let message = response["error"]["message"].as_str().unwrap_or_default();
        assert!(!message.is_empty(), "{shown}: an error has a message: {response}");
        response["error"].clone()
    }

    fn state(&mut self) -> Value {
        self.ok(json!({"cmd": "state"}))["state"].clone()
    }

    fn turn(&mut self) -> Value {
        self.ok(json!({"cmd": "turn"}))
    }

    /// Applies chance outcomes until a player is to act.
    fn deal(&mut self) -> usize {
        let mut n = 0;
        while self.turn()["kind"] == "chance" {
            self.ok(json!({"cmd": "chance"}));
            n += 1;
        }
        n
    }

    /// Closes stdin and waits for the engine to exit.
    fn finish(mut self) -> ExitStatus {
        drop(self.stdin.take());
        self.child.wait().expect("the engine exits")
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        drop(self.stdin.take());
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

fn new_game(engine: &mut Engine, seed: u64) -> Value {
    engine.ok(json!({"cmd": "new", "game": "sabotage-pipes", "options": {"players": 2}, "seed": seed}))
}

fn strings(value: &Value) -> Vec<String> {
    value.as_array().into_iter().flatten().filter_map(|v| v.as_str().map(str::to_owned)).collect()
}

#[test]
fn games_lists_every_game_with_its_options_and_bots() {
    let mut engine = Engine::start();
    let games = engine.ok(json!({"cmd": "games"}))["games"].clone();
    let pipes = games
        .as_array()
        .and_then(|list| list.iter().find(|g| g["id"] == "sabotage-pipes"))
        .expect("sabotage-pipes is listed")
        .clone();
    assert_eq!(pipes["min_players"], 2);
    assert_eq!(pipes["max_players"], 4);
    assert_eq!(pipes["teams"], true);
    assert_eq!(pipes["chance"], "explicit");
    assert_eq!(pipes["information"], "imperfect");
    assert_eq!(pipes["utility"], "zero-sum");
    assert_eq!(pipes["default"], "sabotage-pipes(players=2,demontage=true,rounds=4)");
    assert_eq!(strings(&pipes["bots"]), tabula_ai::BOT_NAMES);
    let players = pipes["options"]
        .as_array()
        .and_then(|o| o.iter().find(|o| o["name"] == "players"))
        .expect("every game has a `players` option")
        .clone();
    assert_eq!(players["type"], "int-choice");
    assert_eq!(players["values"], json!([2, 4]));
    assert_eq!(players["default"], 2);
    assert!(players["doc"].is_string());
    assert!(engine.finish().success());
}

#[test]
fn new_reports_the_game_and_a_refused_new_keeps_the_current_one() {
    let mut engine = Engine::start();
    engine.refused(json!({"cmd": "turn"}), "session/no_game");
    let game = new_game(&mut engine, 5);
    assert_eq!(game["game"], "sabotage-pipes");
    assert_eq!(game["canonical"], "sabotage-pipes(players=2,demontage=true,rounds=4)");
    assert_eq!(game["players"], 2);
    assert_eq!(game["seed"], 5);
    assert!(game["num_distinct_actions"].as_u64().is_some_and(|n| n > 0));
    assert_eq!(engine.ok(json!({"cmd": "info"})), game);
    engine.ok(json!({"cmd": "chance"}));
    let before = engine.state();

    let error = engine.refused(json!({"cmd": "new", "game": "chess"}), "game/unknown");
    assert!(error["message"].as_str().is_some_and(|m| m.contains("chess") && m.contains("sabotage-pipes")));
    let error = engine.refused(
        json!({"cmd": "new", "game": "sabotage-pipes", "options": {"players": 3}}),
        "options/invalid",
    );
    assert!(error["message"].as_str().is_some_and(|m| m.contains("players")), "{error}");
    let error = engine.refused(
        json!({"cmd": "new", "game": "sabotage-pipes", "options": {"colour": 1}}),
        "options/invalid",
    );
    assert!(error["message"].as_str().is_some_and(|m| m.contains("colour")), "{error}");
    engine.refused(json!({"cmd": "new", "game": "sabotage-pipes(players=5)"}), "options/invalid");
    engine.refused(
        json!({"cmd": "new", "game": "sabotage-pipes(players=4)", "options": {"players": 4}}),
        "protocol/bad_request",
    );
    engine.refused(json!({"cmd": "new"}), "protocol/bad_request");
    assert_eq!(engine.state(), before, "a refused `new` keeps the game");
    assert_eq!(engine.ok(json!({"cmd": "history"}))["actions"].as_array().map(Vec::len), Some(1));

    let four = engine.ok(json!({"cmd": "new", "game": "sabotage-pipes(players=4,rounds=1)"}));
    assert_eq!(four["canonical"], "sabotage-pipes(players=4,demontage=true,rounds=1)");
    assert_eq!(four["players"], 4);
    assert_eq!(four["seed"], 0, "the seed defaults to 0");
    assert!(engine.finish().success());
}

/// Plays a whole game: chance by the engine's generator, players by the `bot` command or
/// the first legal action. Returns the number of actions.
fn play_to_the_end(engine: &mut Engine) -> usize {
    let mut moves = 0;
    loop {
        let turn = engine.turn();
        let legal = engine.ok(json!({"cmd": "legal"}));
        let actions = strings(&legal["actions"]);
        assert_eq!(legal["indices"].as_array().map(Vec::len), Some(actions.len()));
        match turn["kind"].as_str() {
            Some("terminal") => {
                assert!(actions.is_empty(), "no action after the end: {legal}");
                return moves;
            }
            Some("chance") => {
                assert_eq!(legal["chance"], true);
                let total: f64 =
                    legal["outcomes"].as_array().into_iter().flatten().filter_map(|o| o["p"].as_f64()).sum();
                assert!((total - 1.0).abs() < 1e-9, "chance probabilities sum to 1: {total}");
                let applied = engine.ok(json!({"cmd": "chance"}));
                assert!(actions.iter().any(|a| *a == applied["action"]), "{applied} is an outcome");
            }
            Some("player") => {
                assert_eq!(legal["chance"], false);
                let seat = turn["player"].as_u64().expect("a player turn names the seat");
                let action = match moves % 3 {
                    0 => actions[0].clone(),
                    1 => engine.ok(json!({"cmd": "bot", "name": "random"}))["action"].as_str().unwrap_or("").to_owned(),
                    _ => engine.ok(json!({"cmd": "bot", "name": "greedy", "options": {"samples": 1}}))["action"]
                        .as_str()
                        .unwrap_or("")
                        .to_owned(),
                };
                assert!(actions.contains(&action), "the bot's {action} is legal");
                let applied = engine.ok(json!({"cmd": "apply", "action": action, "player": seat}));
                assert_eq!(applied["action"], action.as_str());
            }
            other => panic!("unknown turn kind {other:?}"),
        }
        moves += 1;
        assert!(moves < 3000, "the game ends");
    }
}

#[test]
fn a_whole_game_through_the_protocol_then_its_record_replays_it() {
    let mut engine = Engine::start();
    new_game(&mut engine, 2024);
    let moves = play_to_the_end(&mut engine);
    assert!(moves > 50, "a game of four rounds is long: {moves}");

    let returns = engine.ok(json!({"cmd": "returns"}));
    assert_eq!(returns["terminal"], true);
    let returns: Vec<f64> =
        returns["returns"].as_array().into_iter().flatten().filter_map(Value::as_f64).collect();
    assert_eq!(returns.len(), 2);
    assert!(returns.iter().sum::<f64>().abs() < 1e-9, "zero-sum: {returns:?}");
    engine.refused(json!({"cmd": "chance"}), "chance/not_chance");
    engine.refused(json!({"cmd": "bot", "name": "random"}), "bot/no_player");
    engine.refused(json!({"cmd": "apply", "index": 0}), "action/illegal");

    let record = engine.ok(json!({"cmd": "record", "seats": ["ann", "bob"]}))["record"].clone();
    assert_eq!(record["game"], "sabotage-pipes");
    assert_eq!(record["seed"], 2024);
    assert_eq!(record["seats"], json!(["ann", "bob"]));
    assert_eq!(record["actions"].as_array().map(Vec::len), Some(moves));
    assert_eq!(record["result"].as_array().map(Vec::len), Some(2));
    engine.refused(json!({"cmd": "record", "seats": ["ann"]}), "protocol/bad_request");
    let state = engine.state();
    let history = engine.ok(json!({"cmd": "history"}))["actions"].clone();
    assert_eq!(history, record["actions"]);

    // In a fresh engine, the record gives the same position and history.
    let mut other = Engine::start();
    let loaded = other.ok(json!({"cmd": "load", "record": record.clone()}));
    assert_eq!(loaded["moves"], moves);
    assert_eq!(loaded["turn"]["kind"], "terminal");
    assert_eq!(other.state(), state);
    assert_eq!(other.ok(json!({"cmd": "history"}))["actions"], history);
    // A record given as JSON text loads the same.
    new_game(&mut other, 1);
    other.ok(json!({"cmd": "load", "record": record.to_string()}));
    assert_eq!(other.state(), state);
    assert!(other.finish().success());
    assert!(engine.finish().success());
}

#[test]
fn garbage_is_answered_with_an_error_and_changes_nothing() {
    let mut engine = Engine::start();
    new_game(&mut engine, 9);
    engine.deal();
    let before = engine.state();
    let cases: &[(&str, &str)] = &[
        ("not json at all", "protocol/json"),
        ("", "protocol/json"),
        ("   ", "protocol/json"),
        ("{\"cmd\":\"turn\"", "protocol/json"),
        ("{\"cmd\":\"turn\"} {\"cmd\":\"turn\"}", "protocol/json"),
        ("[\"cmd\",\"turn\"]", "protocol/bad_request"),
        ("42", "protocol/bad_request"),
        ("null", "protocol/bad_request"),
        ("\"turn\"", "protocol/bad_request"),
        ("{}", "protocol/bad_request"),
        ("{\"id\":1}", "protocol/bad_request"),
        ("{\"cmd\":null}", "protocol/bad_request"),
        ("{\"cmd\":7}", "protocol/bad_request"),
        ("{\"cmd\":[\"apply\"]}", "protocol/bad_request"),
        ("{\"cmd\":\"fly\"}", "protocol/unknown_cmd"),
        ("{\"cmd\":\"TURN\"}", "protocol/unknown_cmd"),
        ("{\"cmd\":\"view\",\"palyer\":0}", "protocol/bad_request"),
        ("{\"cmd\":\"apply\"}", "protocol/bad_request"),
        ("{\"cmd\":\"apply\",\"action\":7}", "protocol/bad_request"),
        ("{\"cmd\":\"apply\",\"action\":null}", "protocol/bad_request"),
        ("{\"cmd\":\"apply\",\"action\":\"draw\",\"index\":1}", "protocol/bad_request"),
        ("{\"cmd\":\"apply\",\"index\":\"3\"}", "protocol/bad_request"),
        ("{\"cmd\":\"apply\",\"index\":1.5}", "protocol/bad_request"),
        ("{\"cmd\":\"apply\",\"index\":-1}", "action/index"),
        ("{\"cmd\":\"apply\",\"index\":18446744073709551615}", "action/index"),
        ("{\"cmd\":\"apply\",\"index\":100000000000000000000000}", "protocol/bad_request"),
        ("{\"cmd\":\"apply\",\"index\":1e400}", "protocol/json"),
        ("{\"cmd\":\"apply\",\"action\":\"\"}", "action/parse"),
        ("{\"cmd\":\"apply\",\"action\":\"fly to the moon\"}", "action/parse"),
        ("{\"cmd\":\"apply\",\"action\":\"draw\",\"player\":7}", "seat/invalid"),
        ("{\"cmd\":\"view\",\"player\":2}", "seat/invalid"),
        ("{\"cmd\":\"view\",\"player\":-1}", "seat/invalid"),
        ("{\"cmd\":\"view\",\"player\":18446744073709551615}", "seat/invalid"),
        ("{\"cmd\":\"view\",\"player\":1e30}", "protocol/bad_request"),
        ("{\"cmd\":\"view\",\"player\":\"0\"}", "protocol/bad_request"),
        ("{\"cmd\":\"view\",\"player\":null}", "protocol/bad_request"),
        ("{\"cmd\":\"apply\",\"action\":\"draw\",\"player\":null}", "protocol/bad_request"),
        ("{\"cmd\":\"new\",\"game\":\"sabotage-pipes(players=4,rounds=2,players=2)\"}", "options/invalid"),
        ("{\"cmd\":\"new\",\"game\":\"sabotage-pipes\",\"seed\":-1}", "protocol/bad_request"),
        (
            "{\"cmd\":\"new\",\"game\":\"sabotage-pipes\",\"seed\":18446744073709551616}",
            "protocol/bad_request",
        ),
        ("{\"cmd\":\"new\",\"game\":\"sabotage-pipes\",\"options\":[1]}", "protocol/bad_request"),
        (
            "{\"cmd\":\"new\",\"game\":\"sabotage-pipes\",\"options\":{\"rounds\":99999999999}}",
            "options/invalid",
        ),
        ("{\"cmd\":\"new\",\"game\":42}", "protocol/bad_request"),
        ("{\"cmd\":\"new\",\"game\":\"\"}", "game/unknown"),
        ("{\"cmd\":\"chance\"}", "chance/not_chance"),
        ("{\"cmd\":\"bot\"}", "protocol/bad_request"),
        ("{\"cmd\":\"bot\",\"name\":\"deep-blue\"}", "bot/unknown"),
        ("{\"cmd\":\"bot\",\"name\":\"greedy\",\"options\":{\"samples\":-5}}", "bot/options"),
        ("{\"cmd\":\"bot\",\"name\":\"random\",\"options\":{\"depth\":3}}", "bot/options"),
        ("{\"cmd\":\"load\"}", "protocol/bad_request"),
        ("{\"cmd\":\"load\",\"record\":5}", "protocol/bad_request"),
        ("{\"cmd\":\"load\",\"record\":\"{not a record\"}", "record/invalid"),
        ("{\"cmd\":\"load\",\"record\":{}}", "record/invalid"),
        ("{\"cmd\":\"set_state\",\"state\":{\"players\":2}}", "state/invalid"),
        ("{\"cmd\":\"set_state\",\"state\":[]}", "state/invalid"),
        ("{\"cmd\":\"record\",\"seats\":[1,2]}", "protocol/bad_request"),
        ("{\"cmd\":\"games\",\"extra\":true}", "protocol/bad_request"),
    ];
    for (line, code) in cases {
        engine.refused_line(line, code);
    }
    // Bytes that are not UTF-8, a very deep nest, long lines under and over the limit.
    engine.refused_line(&"[".repeat(100_000), "protocol/json");
    let reply = engine.send_bytes(b"{\"cmd\":\"turn\xff\"}");
    assert_eq!(reply["error"]["code"], "protocol/json", "{reply}");
    let long = format!("{{\"cmd\":\"apply\",\"action\":\"{}\"}}", "Ao".repeat(50_000));
    engine.refused_line(&long, "action/parse");
    let error = engine.refused_line(&"x".repeat(3 << 20), "protocol/too_long");
    assert!(error["limit"].as_u64().is_some(), "{error}");
    // A line ending in \r\n is read as the line.
    assert_eq!(engine.send_line("{\"cmd\":\"turn\"}\r")["ok"], true);

    assert_eq!(engine.state(), before, "no refused request changes the game");
    assert!(engine.finish().success(), "the engine exits 0 at the end of input");
}

#[test]
fn request_ids_are_echoed_even_on_errors() {
    let mut engine = Engine::start();
    let reply = engine.send(json!({"cmd": "turn", "id": "abc"}));
    assert_eq!(reply["id"], "abc");
    assert_eq!(reply["error"]["code"], "session/no_game");
    let reply = engine.send(json!({"cmd": "nope", "id": 12}));
    assert_eq!(reply["id"], 12);
    let reply = engine.send(json!({"cmd": "games", "id": {"n": [1, 2]}}));
    assert_eq!(reply["ok"], true);
    assert_eq!(reply["id"], json!({"n": [1, 2]}));
    let reply = engine.send(json!({"cmd": "games"}));
    assert!(reply.get("id").is_none(), "no id, none echoed");
}

#[test]
fn an_illegal_action_is_refused_with_the_rule_and_changes_nothing() {
    let mut engine = Engine::start();
    new_game(&mut engine, 1);
    engine.deal();
    let turn = engine.turn();
    assert_eq!(turn["kind"], "player");
    let seat = turn["player"].as_u64().unwrap_or(0);
    let before = engine.state();

    // The hands are dealt and the first player has drawn: `end` comes only before drawing.
    let error = engine.refused(json!({"cmd": "apply", "action": "end"}), "action/illegal");
    let message = error["message"].as_str().unwrap_or_default();
    assert!(message.contains("rules §"), "the reason names the rule: {message}");
    let error = engine.refused(json!({"cmd": "apply", "action": "card Ao"}), "action/illegal");
    assert!(error["message"].as_str().is_some_and(|m| !m.is_empty()));
    engine.refused(json!({"cmd": "apply", "action": "draw", "player": 1 - seat}), "action/not_your_turn");
    engine.refused(json!({"cmd": "apply", "index": 100_000}), "action/index");
    let error = engine.refused(json!({"cmd": "apply", "action": "Q9 sideways"}), "action/parse");
    assert!(error["message"].as_str().is_some_and(|m| m.contains("Q9 sideways")));
    assert_eq!(engine.state(), before);

    // The same action by index is accepted, and named by its text.
    let legal = engine.ok(json!({"cmd": "legal"}));
    let applied = engine.ok(json!({"cmd": "apply", "index": legal["indices"][0]}));
    assert_eq!(applied["action"], legal["actions"][0]);
    assert!(applied["turn"]["kind"].is_string());
}

/// Every string inside a JSON value.
fn all_strings(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) => out.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|v| all_strings(v, out)),
        Value::Object(map) => map.values().for_each(|v| all_strings(v, out)),
        _ => {}
    }
}

#[test]
fn a_seat_view_never_shows_another_hand() {
    let mut engine = Engine::start();
    new_game(&mut engine, 77);
    engine.deal();
    let referee = engine.ok(json!({"cmd": "view"}));
    let state = referee["state"].clone();
    assert_eq!(state, engine.state(), "the referee view holds the full state");
    assert_eq!(referee["history"].as_array().map(Vec::len), Some(17), "eight cards each and one drawn");
    assert!(referee["history"].as_array().into_iter().flatten().all(|h| h["actor"] == "chance"));

    for seat in 0..2 {
        let other = 1 - seat;
        let view = engine.ok(json!({"cmd": "view", "player": seat}));
        assert_eq!(view["player"], seat);
        assert_eq!(view["view"]["hand"], state["hands"][seat], "seat {seat} sees its own hand");
        assert!(view["view"].get("hands").is_none(), "no other hand in a view");
        let mine = strings(&state["hands"][seat]);
        let theirs: Vec<String> =
            strings(&state["hands"][other]).into_iter().filter(|c| !mine.contains(c)).collect();
        assert!(!theirs.is_empty(), "the hands differ");
        let mut seen = Vec::new();
        all_strings(&view, &mut seen);
        for card in &theirs {
            assert!(
                !seen.iter().any(|s| s == card || s.ends_with(&format!(" {card}"))),
                "seat {seat}'s view shows {card} from seat {other}'s hand: {view}"
            );
        }
        let history = view["history"].as_array().cloned().unwrap_or_default();
        assert_eq!(history.len(), 17);
        assert!(history.iter().any(|h| h["action"] == "card ?"), "hidden deals show as `card ?`");
        let shown: Vec<&str> =
            history.iter().filter_map(|h| h["action"].as_str()).filter(|a| *a != "card ?").collect();
        assert_eq!(shown.len(), mine.len(), "seat {seat} sees exactly the cards it was dealt: {shown:?}");
    }
}

#[test]
fn a_record_with_a_bad_action_is_refused_naming_its_number() {
    let mut engine = Engine::start();
    new_game(&mut engine, 3);
    engine.deal();
    let record = engine.ok(json!({"cmd": "record"}))["record"].clone();
    assert_eq!(record["seats"], json!([]));
    assert!(record.get("result").is_none(), "no result before the end");
    let before = engine.state();

    let mut bad = record.clone();
    bad["actions"][4] = json!("draw");
    let error = engine.refused(json!({"cmd": "load", "record": bad}), "record/invalid");
    assert_eq!(error["number"], 5, "{error}");
    assert!(error["message"].as_str().is_some_and(|m| m.contains("action 5")), "{error}");
    let mut unreadable = record.clone();
    unreadable["actions"][9] = json!("card Z9");
    let error = engine.refused(json!({"cmd": "load", "record": unreadable}), "record/invalid");
    assert_eq!(error["number"], 10, "{error}");
    assert_eq!(error["reason"], "action/parse", "{error}");
    let mut wrong_result = record.clone();
    wrong_result["result"] = json!([1.0, -1.0]);
    engine.refused(json!({"cmd": "load", "record": wrong_result}), "record/invalid");
    let mut unknown = record.clone();
    unknown["game"] = json!("go");
    engine.refused(json!({"cmd": "load", "record": unknown}), "game/unknown");
    let mut options = record.clone();
    options["options"] = json!({"players": 9});
    engine.refused(json!({"cmd": "load", "record": options}), "options/invalid");
    let mut extra = record.clone();
    extra["comment"] = json!("fields a record does not have");
    engine.refused(json!({"cmd": "load", "record": extra}), "record/invalid");
    assert_eq!(engine.state(), before, "a refused record keeps the game");

    engine.ok(json!({"cmd": "load", "record": record}));
    assert_eq!(engine.state(), before);
}

#[test]
fn set_state_takes_a_checked_position() {
    let mut engine = Engine::start();
    new_game(&mut engine, 8);
    engine.deal();
    let state = engine.state();
    let loaded = engine.ok(json!({"cmd": "set_state", "state": state.clone(), "seed": 99}));
    assert_eq!(loaded["seed"], 99);
    assert_eq!(loaded["moves"], 0, "a set position has no history");
    assert_eq!(engine.state(), state);

    let mut broken = state.clone();
    broken["players"] = json!(4);
    broken["hands"][0] = json!(["Ao", "Ao", "Ao", "Ao", "Ao"]);
    let error = engine.refused(json!({"cmd": "set_state", "state": broken}), "state/invalid");
    assert!(error["problems"].as_array().is_some_and(|p| !p.is_empty()), "{error}");
    assert_eq!(engine.state(), state);

    // A field the position does not have is refused, not ignored.
    let mut misspelt = state.clone();
    misspelt["to_mvoe"] = json!(1);
    let error = engine.refused(json!({"cmd": "set_state", "state": misspelt}), "state/invalid");
    assert!(error["message"].as_str().unwrap().contains("no field `to_mvoe`"), "{error}");
    assert_eq!(engine.state(), state);

    let mut engine = Engine::start();
    engine.refused(json!({"cmd": "set_state", "state": state}), "session/no_game");
}

#[test]
fn messages_quote_at_most_a_hundred_characters_of_the_request() {
    let mut engine = Engine::start();
    new_game(&mut engine, 3);
    let long = "Q".repeat(5000);
    let requests = [
        json!({"cmd": "apply", "action": long}),
        json!({"cmd": "new", "game": long}),
        json!({"cmd": "new", "game": format!("sabotage-pipes({long}=1)")}),
        json!({"cmd": "new", "game": "sabotage-pipes", "options": {"rounds": long}}),
        json!({"cmd": "new", "game": "sabotage-pipes", "options": {long.clone(): 1}}),
        json!({"cmd": "set_state", "state": {"players": long}}),
        json!({"cmd": "load", "record": {"game": long, "options": {}, "seats": [], "actions": []}}),
        json!({"cmd": "load", "record": {"game": "sabotage-pipes", "options": {}, "seats": [], "actions": [long]}}),
        json!({"cmd": "bot", "name": long}),
        json!({"cmd": "bot", "name": "greedy", "options": {"samples": long}}),
        json!({"cmd": "bot", "name": "mcts", "options": {long.clone(): 1}}),
        json!({"cmd": "record", "seats": [long]}),
        json!({"cmd": long}),
    ];
    for request in requests {
        let reply = engine.send(request.clone());
        assert_eq!(reply["ok"], false, "{reply}");
        let error = reply["error"].to_string();
        assert!(!error.contains(&"Q".repeat(101)), "{error}");
    }
}

#[test]
fn bot_answers_are_reproducible_and_not_applied() {
    let mut engine = Engine::start();
    new_game(&mut engine, 4);
    engine.refused(json!({"cmd": "bot", "name": "random"}), "bot/no_player");
    engine.deal();
    let before = engine.state();
    let legal = strings(&engine.ok(json!({"cmd": "legal"}))["actions"]);
    let first = engine.ok(json!({"cmd": "bot", "name": "greedy", "options": {"samples": 2}}));
    let again = engine.ok(json!({"cmd": "bot", "name": "greedy", "options": {"samples": 2}}));
    assert_eq!(first, again, "same position, same session: same answer");
    assert!(legal.iter().any(|a| *a == first["action"]));
    assert!(first["bot"].as_str().is_some_and(|b| b.starts_with("greedy")));
    let seeded = engine.ok(json!({"cmd": "bot", "name": "random", "seed": 12345}));
    assert_eq!(seeded["seed"], 12345);
    assert_eq!(seeded, engine.ok(json!({"cmd": "bot", "name": "random", "seed": 12345})));
    assert!(seeded.get("candidates").is_none(), "a random bot weighs nothing: {seeded}");
    assert_eq!(engine.state(), before, "asking a bot plays nothing");
}

#[test]
fn searching_bots_answer_with_the_candidates_they_weighed() {
    let mut engine = Engine::start();
    new_game(&mut engine, 4);
    engine.deal();
    let before = engine.state();
    let legal = strings(&engine.ok(json!({"cmd": "legal"}))["actions"]);
    let answer = engine.ok(json!({"cmd": "bot", "name": "mcts", "options": {"iters": 200}, "seed": 3}));
    let candidates = answer["candidates"].as_array().expect("mcts lists its candidates");
    assert!(!candidates.is_empty());
    let visits: Vec<u64> = candidates.iter().map(|c| c["visits"].as_u64().unwrap()).collect();
    assert!(visits.windows(2).all(|w| w[0] >= w[1]), "most visited first: {visits:?}");
    assert!(visits.iter().sum::<u64>() <= 200);
    for c in candidates {
        assert!(legal.iter().any(|a| *a == c["action"]), "{c} is a legal action");
        assert!(c["value"].as_f64().is_some_and(|v| (-1.0..=1.0).contains(&v)), "{c}");
    }
    assert_eq!(answer["action"], candidates[0]["action"], "the bot plays its most visited action");
    assert_eq!(engine.state(), before, "asking a bot plays nothing");
}

#[test]
fn quit_answers_then_exits_zero() {
    let mut engine = Engine::start();
    let reply = engine.send(json!({"cmd": "quit", "id": 1}));
    assert_eq!(reply, json!({"ok": true, "id": 1}));
    let mut rest = String::new();
    assert_eq!(engine.stdout.read_line(&mut rest).ok(), Some(0), "nothing after quit");
    assert!(engine.child.wait().is_ok_and(|s| s.success()));
}

#[test]
fn the_whole_protocol_in_one_session() {
    // The example session of docs/protocol.md, one request per command.
    let mut engine = Engine::start();
    engine.ok(json!({"cmd": "games"}));
    new_game(&mut engine, 42);
    assert_eq!(engine.turn(), json!({"ok": true, "kind": "chance"}));
    let legal = engine.ok(json!({"cmd": "legal"}));
    assert_eq!(legal["chance"], true);
    let first = legal["outcomes"][0]["action"].clone();
    let applied = engine.ok(json!({"cmd": "apply", "action": first}));
    assert_eq!(applied["action"], first, "applying an outcome at a chance node forces it");
    let drawn = engine.ok(json!({"cmd": "chance"}));
    assert!(drawn["action"].as_str().is_some_and(|a| a.starts_with("card ")));
    let view = engine.ok(json!({"cmd": "view", "player": 0}));
    assert_eq!(view["history"][0], json!({"actor": "chance", "action": first}));
    assert_eq!(view["history"][1], json!({"actor": "chance", "action": "card ?"}));
    let returns = engine.ok(json!({"cmd": "returns"}));
    assert_eq!(returns["terminal"], false);
    assert_eq!(engine.ok(json!({"cmd": "history"}))["actions"].as_array().map(Vec::len), Some(2));
    engine.ok(json!({"cmd": "record"}));
    engine.deal();
    let turn = engine.turn();
    assert_eq!(turn["kind"], "player");
    assert!(turn["player"].is_u64());
    engine.ok(json!({"cmd": "bot", "name": "random"}));
    engine.ok(json!({"cmd": "quit"}));
    assert!(engine.finish().success());
}
