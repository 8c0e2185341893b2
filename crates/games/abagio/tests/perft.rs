//! Perft: the number of distinct legal turn sequences (every roll, leap and Top Frog
//! decision until the turn passes or the game ends) and of distinct positions they lead
//! to, from the positions in `tests/data/perft.txt`. Each leaping position's leap
//! sequences are also checked against the brute-force reading of the forced-move rules.

mod common;

use std::collections::HashSet;
use std::path::Path;

use common::{engine_sequences, game, reference_sequences, turn_sequences};
use tabula_abagio::{Phase, State};
use tabula_core::Game;

struct Case {
    line: usize,
    name: String,
    state: State,
    sequences: usize,
    positions: usize,
}

fn cases() -> Vec<Case> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft.txt");
    let text = std::fs::read_to_string(&path).expect("tests/data/perft.txt");
    let g = game();
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [name, json, sequences, positions] = fields[..] else {
            panic!("perft.txt line {}: expected `name | state JSON | sequences | positions`", i + 1)
        };
        let state: State = serde_json::from_str(json).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let state = g.validate(state).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        cases.push(Case {
            line: i + 1,
            name: name.to_owned(),
            state,
            sequences: sequences.parse().expect("a count"),
            positions: positions.parse().expect("a count"),
        });
    }
    cases
}

/// The end position of a turn sequence.
fn end_of(state: &State, sequence: &[tabula_abagio::Action]) -> State {
    let g = game();
    let mut s = *state;
    for &a in sequence {
        g.play(&mut s, a).unwrap();
    }
    s
}

#[test]
fn perft() {
    let g = game();
    let cases = cases();
    assert!(cases.len() >= 8);
    let mut wrong = Vec::new();
    for case in &cases {
        let sequences = turn_sequences(&case.state);
        let positions: HashSet<State> = sequences.iter().map(|seq| end_of(&case.state, seq)).collect();
        if (sequences.len(), positions.len()) != (case.sequences, case.positions) {
            wrong.push(format!(
                "line {} `{}`: {} sequences and {} positions, expected {} and {}",
                case.line,
                case.name,
                sequences.len(),
                positions.len(),
                case.sequences,
                case.positions
            ));
        }
        // The leaps of every roll against the brute-force reading of the rules.
        let mut leaping = Vec::new();
        if case.state.phase == Phase::Roll {
            let mut rolls = Vec::new();
            g.legal_actions(&case.state, &mut rolls);
            for roll in rolls {
                let mut s = case.state;
                g.play(&mut s, roll).unwrap();
                leaping.push(s);
            }
        } else {
            leaping.push(case.state);
        }
        for s in leaping.iter().filter(|s| s.phase == Phase::Leap) {
            assert_eq!(engine_sequences(s), reference_sequences(s), "line {} `{}`", case.line, case.name);
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
