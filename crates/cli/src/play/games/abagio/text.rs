//! `tabula replay --text` for Abagio: each step in the log's words, the board as text at
//! the end of each turn, and the result.

use std::fmt::Write;

use tabula_abagio::{Abagio, Phase, State};
use tabula_core::Turn;

use super::table::{COLS, LAYOUT, Place, log_lines, place_at};
use crate::play::generic;
use crate::play::screen::{History, view_of};

/// The width of a column of the text board: the diamonds' column is narrower.
fn width(col: usize) -> usize {
    if col == 3 { 5 } else { 9 }
}

/// The board as plain text: each square's number (`r5` and `p5` for the safe sectors) and
/// its stack from the bottom up (`rrp`), `T` for the Top Frog; then the pond and the root.
pub fn board(state: &State) -> Vec<String> {
    let rule: String = (0..COLS).map(|col| format!("+{}", "-".repeat(width(col)))).collect::<String>() + "+";
    let mut lines = vec![rule.clone()];
    for (row, names) in LAYOUT.iter().enumerate() {
        let mut line = String::new();
        for (col, &name) in names.iter().enumerate() {
            let first = names.iter().position(|&n| n == name) == Some(col)
                && LAYOUT[..row].iter().all(|above| !above.contains(&name));
            let cell = match place_at(row, col) {
                Some(Place::Root) => format!("26 {}r{}p", state.root[0], state.root[1]),
                Some(Place::Square(square)) => {
                    let top = if state.top_frog == Some(square) { "T" } else { "" };
                    format!("{name} {}{top}", state.stack(square))
                }
                None if first && name == "pond" => "pond".to_owned(),
                None if first && name == "roots" => "(roots)".to_owned(),
                None => String::new(),
            };
            let w = width(col);
            let _ = write!(line, "|{:<w$}", cell.chars().take(w).collect::<String>());
        }
        lines.push(line + "|");
    }
    lines.push(rule);
    let top = match state.top_frog {
        Some(square) => format!(" · the Top Frog on {}", square.pip()),
        None => String::new(),
    };
    lines.push(format!(
        "pond: red {}, purple {} · root: red {}, purple {}{top}",
        state.pond[0], state.pond[1], state.root[0], state.root[1]
    ));
    lines
}

/// The game as text.
pub fn render(history: &History) -> String {
    let mut out = String::new();
    let names: Vec<String> = history.names.to_vec();
    // The log's sentences are told to nobody in particular: every seat in the third person.
    let nobody = usize::MAX;
    for (i, action) in history.actions.iter().enumerate() {
        let (Some(before), Some(after)) = (
            view_of::<Abagio>(history.states[i].as_ref(), 0),
            view_of::<Abagio>(history.states[i + 1].as_ref(), 0),
        ) else {
            continue;
        };
        history.write_step(
            &mut out,
            i,
            &log_lines(&before, &after, history.actors[i], action, nobody, &names),
        );
        let (b, a) = (&before.state, &after.state);
        let turn_over = matches!(history.actors[i], Turn::Player(_) | Turn::Chance)
            && b.phase != Phase::Opening
            && (a.to_move != b.to_move || a.phase == Phase::Over);
        if turn_over {
            History::write_block(&mut out, board(a));
        }
    }
    if let Some(last) = history.states.last().and_then(|s| view_of::<Abagio>(s.as_ref(), 0)) {
        let state = last.state;
        if state.phase == Phase::Over {
            let text = match state.winner {
                Some(winner) => {
                    let loser = winner.other();
                    format!(
                        "Game over: {} ({}) wins after {} turns; {} ({}) has {} frogs in the pond.",
                        history.name(winner.index()),
                        winner.name(),
                        state.turn,
                        history.name(loser.index()),
                        loser.name(),
                        state.pond[loser.index()]
                    )
                }
                None => format!("Game over: a draw at the turn limit ({} turns).", state.turn),
            };
            let _ = writeln!(out, "{text}");
            return out;
        }
    }
    out.push_str(&generic::ending(history));
    out
}

#[cfg(test)]
mod tests {
    use tabula_core::Game;

    use super::*;

    #[test]
    fn the_text_board_shows_every_square_and_stack() {
        let state: State = serde_json::from_str(
            r#"{"phase":"leap","to_move":"red","dice":[6,4],"root":[0,0],"pond":[3,0],
            "board":{"21":"rrrr","17":"p","15":"pp","11":"r","r5":"rrrr","p5":"ppppp","p4":"pppp"},
            "top_frog":null,"turn":9,"winner":null}"#,
        )
        .unwrap();
        let mut state = Abagio::with_defaults().validate(state).unwrap();
        state.top_frog = tabula_abagio::Square::shared(14);
        let text = board(&state).join("\n");
        for cell in
            ["|21 rrrr ", "|17 p ", "|r5 rrrr ", "|p5 ppppp", "|14 T ", "|26 0r0p", "pond: red 3, purple 0"]
        {
            assert!(text.contains(cell), "{cell:?} missing:\n{text}");
        }
        assert!(text.contains("the Top Frog on 14"), "{text}");
        let widths: Vec<usize> =
            text.lines().take(super::super::table::ROWS + 2).map(|l| l.chars().count()).collect();
        assert!(widths.windows(2).all(|w| w[0] == w[1]), "{text}");
    }
}
