//! `tabula replay --text`: the game step by step as plain text, with the board or table
//! as text and the result, as each game's screen prints it
//! ([`crate::play::screen::GameScreen::replay_text`]).

use std::fmt::Write;

use super::timeline::Timeline;
use crate::play::games;

/// The whole game as text.
pub fn render(timeline: &Timeline) -> String {
    let mut out = String::new();
    let record = &timeline.record;
    let _ = writeln!(out, "{}: {}", timeline.game_name, timeline.canonical);
    if let Some(seed) = record.seed {
        let _ = writeln!(out, "seed {seed}");
    }
    let seats: Vec<String> = (0..timeline.players())
        .map(|i| match record.seats.get(i) {
            Some(full) if *full != timeline.names[i] => format!("{i} {} ({full})", timeline.names[i]),
            _ => format!("{i} {}", timeline.names[i]),
        })
        .collect();
    let _ = writeln!(out, "seats: {}", seats.join(", "));
    let _ = writeln!(out, "{} actions", timeline.len());
    out.push_str(&games::screen_for(&record.game).replay_text(&timeline.history()));
    out
}
