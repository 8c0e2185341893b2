//! `tabula play` from outside: what it says when it cannot start.

use std::process::{Command, Output, Stdio};

fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the tabula binary runs")
}

#[test]
fn without_a_terminal_it_points_to_the_engine() {
    let out = tabula(&["play", "sabotage-pipes", "--seed", "3"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("needs a terminal"), "{stderr}");
    assert!(stderr.contains("tabula engine"), "{stderr}");
}

#[test]
fn bad_arguments_are_explained_before_anything_starts() {
    let cases: [(&[&str], &str); 5] = [
        (&["play", "chess"], "unknown game"),
        (&["play", "sabotage-pipes", "--vs", "genius"], "unknown bot"),
        (&["play", "sabotage-pipes", "--seat", "3"], "no seat 3"),
        (&["play", "sabotage-pipes", "--options", "{players:4}"], "--options is not JSON"),
        (&["play", "sabotage-pipes", "--options", "{\"players\":3}"], "players"),
    ];
    for (args, expected) in cases {
        let out = tabula(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
}
