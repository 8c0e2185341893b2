//! `tabula bench`: its JSON, the bots it times, and clear errors for bad arguments.

use std::process::Output;

use serde_json::Value;

fn tabula(args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("the tabula binary runs")
}

fn json(args: &[&str]) -> Value {
    let args = [args, &["--json"]].concat();
    let args = args.as_slice();
    let out = tabula(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

fn error(args: &[&str]) -> String {
    let out = tabula(args);
    assert!(!out.status.success(), "{args:?} should fail");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn playouts_count_actions_and_chance() {
    let v =
        json(&["bench", "--game", "sabacc", "--options", r#"{"players":2,"hands":1}"#, "--playouts", "20"]);
    assert_eq!(v["playouts"], 20);
    let (actions, chance) = (v["actions"].as_u64().unwrap(), v["chance_actions"].as_u64().unwrap());
    assert!(actions > 20 * 6 && chance > 20 * 3 && chance < actions, "{v}");
    assert!(v["actions_per_s"].as_f64().unwrap() > 0.0);
}

#[test]
fn a_searching_bot_reports_iterations_and_the_actions_left() {
    for bot in ["mcts", "ismcts", "rollout"] {
        let v = json(&[
            "bench",
            "--game",
            "sabacc",
            "--options",
            r#"{"players":2,"hands":1}"#,
            "--bot",
            bot,
            "--iterations",
            "30",
            "--positions",
            "3",
        ]);
        assert_eq!(v["positions"], 3, "{bot}");
        assert_eq!(v["iterations"], 90, "{bot}");
        assert!(v["iterations_per_s"].as_f64().unwrap() > 0.0, "{bot}");
        // Positions are decisions with a choice, so the hand is not over there.
        let left = v["remaining_actions"].as_f64().unwrap();
        assert!((1.0..40.0).contains(&left), "{bot}: {left}");
    }
}

#[test]
fn levels_and_simple_bots_report_their_time_per_move() {
    for bot in ["random", "greedy", "heuristic", "easy", "hard"] {
        let v = json(&["bench", "--game", "abagio", "--bot", bot, "--positions", "2"]);
        assert_eq!(v["positions"], 2, "{bot}");
        assert!(v["iterations"].is_null() && v["iterations_per_s"].is_null(), "{bot}: {v}");
        assert!(
            v["moves_per_s"].as_f64().unwrap() > 0.0 && v["ms_per_search"].as_f64().unwrap() >= 0.0,
            "{bot}"
        );
    }
}

#[test]
fn without_json_a_table_is_printed() {
    let out = tabula(&["bench", "--game", "abagio", "--playouts", "5"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("abagio(") && text.contains("actions per second"), "{text}");
    assert!(serde_json::from_str::<Value>(&text).is_err(), "a table, not JSON: {text}");
}

#[test]
fn bad_arguments_are_refused_clearly() {
    let e = error(&["bench", "--game", "abagio", "--bot", "hard", "--iterations", "10"]);
    assert!(
        e.contains("--iterations sets the budget of a searching bot") && e.contains("`hard` keeps its own"),
        "{e}"
    );
    let e = error(&["bench", "--game", "abagio", "--bot", "nonsense"]);
    assert!(e.contains("unknown bot `nonsense`"), "{e}");
    let e = error(&["bench", "--game", "abagio", "--bot", "mcts", "--iterations", "0"]);
    assert!(e.contains("at least 1"), "{e}");
    let e = error(&["bench", "--game", "abagio", "--bot", "mcts", "--bot-options", "[1]"]);
    assert!(e.contains("JSON object"), "{e}");
    let e = error(&["bench", "--game", "nope"]);
    assert!(e.contains("unknown game `nope`"), "{e}");
    let e = error(&["bench", "--game", "abagio", "--playouts", "0"]);
    assert!(e.contains("at least 1"), "{e}");
}
