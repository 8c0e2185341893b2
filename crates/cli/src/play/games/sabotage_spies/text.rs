//! `tabula replay --text` for Sabotage (Fowers & Krause): each step in the log's words, told
//! from the acting team's side (a replay is after the fact: every plan, slide and unlock
//! shows), the map and where every character stood at the end of each round, and the
//! result.

use std::fmt::Write;

use tabula_core::Turn;
use tabula_sabotage_spies::state::{Loc, Phase, State};
use tabula_sabotage_spies::{SabotageSpies, view};

use super::log::log_lines;
use super::screen::map_text;
use super::table::{Table, ending_words, track_counts};
use crate::play::generic;
use crate::play::screen::History;

/// Where each character stands, in words: `Chantico c2 · Nadesh a1 · Hawk off the map`.
fn positions(state: &State, t: &Table) -> String {
    (0..4)
        .map(|slot| {
            let at = match state.ch(slot).loc {
                Loc::On(r) => r.to_string(),
                Loc::Lying(r) => format!("lying in {r}"),
                Loc::Off => "off the map".to_owned(),
            };
            format!("{} {at}", t.slot_name(slot))
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The game as text.
pub fn render(history: &History) -> String {
    let mut out = String::new();
    let Some((game, states)) = history.of::<SabotageSpies>() else { return generic::ending(history) };
    let cfg = *game.config();
    let names: Vec<String> = history.names.to_vec();
    // Told to nobody in particular: every seat in the third person.
    let nobody = usize::MAX;
    for (i, action) in history.actions.iter().enumerate() {
        let (Some(b), Some(a)) = (states.get(i), states.get(i + 1)) else { break };
        let seat = match history.actors.get(i) {
            Some(Turn::Player(s)) => *s,
            _ => 0,
        };
        let before = Table::of_view(view::view(b, &cfg, seat), cfg);
        let after = Table::of_view(view::view(a, &cfg, seat), cfg);
        let told = log_lines(&before, &after, history.actors[i], action, nobody, &names);
        history.write_step(&mut out, i, &told.lines);
        let round_over = (a.phase == Phase::Roll && b.phase != Phase::Roll && b.round > 0)
            || (a.phase == Phase::Over && b.phase != Phase::Over);
        if round_over {
            let t = Table::of_view(view::view(a, &cfg, 0), cfg);
            let ((hits, hn), (hacks, kn)) = track_counts(&t);
            let counts = [positions(a, &t), format!("hits {hits} of {hn} · hacks {hacks} of {kn}")];
            History::write_block(&mut out, map_text(&t).into_iter().chain(counts));
        }
    }
    match states.last() {
        Some(last) if last.phase == Phase::Over => {
            let t = Table::of_view(view::view(last, &cfg, 0), cfg);
            let words = ending_words(&t).replace("you win: ", "").replace("you lose: ", "");
            let _ = writeln!(out, "Game over after {} rounds: {words}.", last.round);
        }
        _ => out.push_str(&generic::ending(history)),
    }
    out
}
