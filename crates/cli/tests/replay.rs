//! `tabula replay` as a user runs it: the binary on record files.

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::{Value, json};
use tabula_core::{Record, Turn};

/// A game of Sabotage played with arbitrary (but fixed) legal moves, as a record.
fn some_record(options: Value, seed: u64) -> Record {
    let seats: Vec<String> = (0..4).map(|s| format!("player{s}")).collect();
    let seats: Vec<&str> = seats.iter().map(String::as_str).collect();
    let players = options["players"].as_u64().unwrap_or(2) as usize;
    any_record("sabotage-pipes", options, seed, &seats[..players])
}

/// Writes `text` to a fresh file in the temporary directory.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("tabula-replay-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula")).args(args).output().expect("the tabula binary runs")
}

#[test]
fn text_prints_every_action_and_each_round_end() {
    let record = some_record(json!({}), 9);
    let path = temp_file("good.json", &record.to_json_pretty());
    let out = tabula(&["replay", path.to_str().unwrap(), "--text"]);
    std::fs::remove_file(&path).ok();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.starts_with("Sabotage"), "{stdout}");
    assert!(stdout.contains("seats: 0 player0, 1 player1"), "{stdout}");
    for round in 1..=4 {
        assert!(stdout.contains(&format!("Round {round} over")), "{stdout}");
    }
    assert!(stdout.contains("| "), "roofs as grids:\n{stdout}");
    assert!(stdout.contains("totals: player0"), "{stdout}");
    assert!(stdout.contains("Game over"), "{stdout}");
    // Player moves are numbered as in the record, with the actor's name.
    let n = record.actions.iter().position(|a| a.ends_with(" own") || a.ends_with(" opp")).unwrap();
    let numbered = format!("{:>9}  player", n + 1);
    assert!(stdout.lines().any(|l| l.starts_with(&numbered) && l.contains(&record.actions[n])), "{stdout}");
}

#[test]
fn a_corrupted_record_is_refused_with_the_action_number() {
    let mut record = some_record(json!({"players": 4, "rounds": 1}), 2);
    let n = record.actions.iter().position(|a| a.starts_with("discard")).unwrap();
    record.actions[n] = "end".to_owned();
    let path = temp_file("bad.json", &record.to_json_pretty());
    let out = tabula(&["replay", path.to_str().unwrap(), "--text"]);
    std::fs::remove_file(&path).ok();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains(&format!("action {} (`end`)", n + 1)), "{stderr}");
    assert!(out.stdout.is_empty());
}

#[test]
fn a_file_that_is_not_a_record_is_refused() {
    let path = temp_file("junk.json", "{\"game\": \"sabotage-pipes\", \"moves\": []}");
    let out = tabula(&["replay", path.to_str().unwrap(), "--text"]);
    std::fs::remove_file(&path).ok();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("malformed record"), "{stderr}");

    let out = tabula(&["replay", "/nonexistent/tabula/record.json", "--text"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
}

#[test]
fn the_viewer_needs_a_terminal() {
    let record = some_record(json!({"rounds": 1}), 1);
    let path = temp_file("viewer.json", &record.to_json_pretty());
    let out = tabula(&["replay", path.to_str().unwrap()]);
    std::fs::remove_file(&path).ok();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--text"));
}

/// A whole game of `game` with arbitrary (but fixed) legal moves, as a record.
fn any_record(game: &str, options: Value, seed: u64, seats: &[&str]) -> Record {
    let registry = tabula_registry::registry();
    let game = registry.make(game, &options).unwrap();
    let mut state = game.new_state(seed);
    let mut moves = 0usize;
    while !state.is_terminal() {
        if state.turn() == Turn::Chance {
            state.sample_chance().unwrap();
        } else {
            let legal = state.legal_actions();
            state.apply(&legal[moves * 7919 % legal.len()]).unwrap();
            moves += 1;
        }
    }
    state.record(seats.iter().map(|s| (*s).to_owned()).collect())
}

/// `tabula` with its data directory in a fresh temporary folder.
fn tabula_with_data(dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .env("TABULA_DATA_DIR", dir)
        .output()
        .expect("the tabula binary runs")
}

#[test]
fn past_games_are_listed_and_the_last_one_opens() {
    let dir = std::env::temp_dir().join(format!("tabula-replay-data-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    let out = tabula_with_data(&dir, &["replay", "--last", "--text"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no past game yet"));
    let records = dir.join("records");
    std::fs::create_dir_all(&records).unwrap();
    let older = any_record("sabotage-pipes", json!({"rounds": 1}), 3, &["ann", "greedy"]);
    let newer = any_record("abagio", json!({}), 4, &["bob", "medium:iters=300"]);
    std::fs::write(records.join("2025-01-02T10-00-00Z-sabotage-pipes-seed-3.json"), older.to_json_pretty())
        .unwrap();
    std::fs::write(records.join("2025-03-04T11-12-13Z-abagio-seed-4.json"), newer.to_json_pretty()).unwrap();
    let out = tabula_with_data(&dir, &["replay", "--list"]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(lines[0].starts_with("2025-01-02 10:00:00 UTC  sabotage-pipes {\"rounds\":1}  ann "), "{stdout}");
    assert!(lines[1].starts_with("2025-03-04 11:12:13 UTC  abagio  bob "), "{stdout}");
    assert!(lines[1].contains("medium "), "bot settings are left out: {stdout}");
    let out = tabula_with_data(&dir, &["replay", "--last", "--text"]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.starts_with("Abagio"), "the newest game: {stdout}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn text_prints_the_board_or_table_and_the_result_of_every_game() {
    let cases = [
        ("abagio", json!({}), ["pond: red", "|21 ", "Game over: ", "wins after"]),
        (
            "sabacc",
            json!({"hands": 2, "players": 3}),
            ["Hand 1 is over", "winners:", "money ", "Session over"],
        ),
    ];
    for (game, options, expected) in cases {
        let seats: &[&str] = &["ann", "bob", "cid"];
        let players = if game == "abagio" { 2 } else { 3 };
        let record = any_record(game, options, 5, &seats[..players]);
        let path = temp_file(&format!("{game}.json"), &record.to_json_pretty());
        let out = tabula(&["replay", path.to_str().unwrap(), "--text"]);
        std::fs::remove_file(&path).ok();
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        for text in expected {
            assert!(stdout.contains(text), "{game}: {text:?} missing:\n{stdout}");
        }
    }
}

#[test]
fn help_lists_every_command_with_a_line_each() {
    let out = tabula(&["--help"]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    for command in ["play", "engine", "replay", "bench", "arena"] {
        let line = stdout.lines().find(|l| l.trim_start().starts_with(&format!("{command} ")));
        let line = line.unwrap_or_else(|| panic!("{command} missing:\n{stdout}"));
        assert!(
            line.trim_start()[command.len()..].trim().len() > 10,
            "{command} has no description:\n{stdout}"
        );
    }
    let out = tabula(&["replay", "--help"]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    for flag in ["--last", "--list", "--text"] {
        assert!(stdout.contains(flag), "{flag}:\n{stdout}");
    }
}
