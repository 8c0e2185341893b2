//! `tabula replay --text` for Sabotage: each deal (every hand: a replay is after the
//! fact), each move in words, the roofs and scores at the end of each round, the result.

use std::fmt::Write;

use tabula_core::Turn;
use tabula_sabotage_pipes::{Action, Phase, SabotagePipes, State, round_score, view};

use super::cards::{ascii_roof, roofs_after};
use crate::play::generic;
use crate::play::screen::History;

/// A team's name: the seat's with two players, `ann & cid` with four.
fn team_name(history: &History, players: usize, team: usize) -> String {
    if players == 4 {
        format!("{} & {}", history.name(team), history.name(team + 2))
    } else {
        history.name(team).to_owned()
    }
}

fn line(out: &mut String, number: &str, who: &str, text: &str) {
    let _ = writeln!(out, "{}", History::line(number, who, text));
}

/// The game as text.
pub fn render(history: &History) -> String {
    let mut out = String::new();
    let Some((_, states)) = history.of::<SabotagePipes>() else { return out };
    let first = states[0];
    let len = history.actions.len();
    let players = first.players;
    let teams = [team_name(history, players as usize, 0), team_name(history, players as usize, 1)];
    let mut i = 0;
    while i < len {
        let before = states[i];
        if before.phase == Phase::Deal {
            let start = i;
            while i < len && states[i].phase == Phase::Deal {
                i += 1;
            }
            let _ = writeln!(
                out,
                "\nRound {} of {}, dealt by {}",
                before.round + 1,
                before.rounds,
                history.name(before.dealer() as usize)
            );
            line(
                &mut out,
                &format!("{}-{i}", start + 1),
                "deal",
                &format!("{} cards, one at a time", i - start),
            );
            let dealt = states[i];
            for seat in 0..players as usize {
                let cards: Vec<String> = dealt.hands[seat].to_vec().iter().map(ToString::to_string).collect();
                line(&mut out, "", history.name(seat), &format!("holds {}", cards.join(" ")));
            }
            continue;
        }
        let after = states[i + 1];
        let text = &history.actions[i];
        // The game's own words ([`tabula_sabotage_pipes::narrate`]) told to nobody in
        // particular, after the move's notation; the round's end is told below, in full.
        let said = tabula_sabotage_pipes::narrate::narrate(
            &view::view(before, 0),
            &view::view(after, 0),
            history.actors[i],
            Some(text),
        );
        let mut told = said.iter().filter(|s| s.seat.is_some());
        match told.next() {
            Some(first) => {
                let who = first.seat.map_or("", |s| history.name(s));
                let words = first.words(history.names, None);
                let shown =
                    if history.actors[i] == Turn::Chance { words } else { format!("{text:<12} {words}") };
                line(&mut out, &(i + 1).to_string(), who, &shown);
            }
            None => line(&mut out, &(i + 1).to_string(), history.actor_name(i), text),
        }
        if after.results.len() > before.results.len() {
            round_end(history, &teams, before, after, i, &mut out);
        }
        i += 1;
    }
    let Some(last) = states.last() else { return out };
    out.push('\n');
    if last.phase == Phase::Over {
        let totals = last.totals();
        let verdict = match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Greater => format!("{} won", teams[0]),
            std::cmp::Ordering::Less => format!("{} won", teams[1]),
            std::cmp::Ordering::Equal => "a tie".to_owned(),
        };
        let _ =
            writeln!(out, "Game over: {} {}, {} {}: {verdict}.", teams[0], totals[0], teams[1], totals[1]);
    } else {
        out.push_str(&generic::ending(history));
    }
    out
}

fn round_end(
    history: &History,
    teams: &[String; 2],
    before: &State,
    after: &State,
    i: usize,
    out: &mut String,
) {
    let Some(result) = after.results.as_slice().last() else { return };
    let roofs = match (history.actors[i], Action::parse(&history.actions[i])) {
        (Turn::Player(seat), Ok(action)) => roofs_after(&before.roofs, seat, action),
        _ => before.roofs,
    };
    let why = match result.closer {
        Some(seat) => format!("{} ended it (-1)", history.name(seat as usize)),
        None => "the cards ran out".to_owned(),
    };
    let _ = writeln!(out, "\n         Round {} over: {why}.", before.round + 1);
    let width = 28;
    let _ = writeln!(out, "         {:<width$}{}", teams[0], teams[1]);
    let grids = [ascii_roof(&roofs[0]), ascii_roof(&roofs[1])];
    for (a, b) in grids[0].iter().zip(&grids[1]) {
        let _ = writeln!(out, "         {a:<width$}{b}");
    }
    let score = |t: usize| {
        let (value, points) = (result.values[t], result.points[t]);
        let full = round_score(value);
        let unit = if points == 1 { "point" } else { "points" };
        if full == points {
            format!("value {value} -> {points} {unit}")
        } else {
            format!("value {value} -> {full} - 1 = {points} {unit}")
        }
    };
    let _ = writeln!(out, "         {:<width$}{}", score(0), score(1));
    let totals = after.totals();
    let _ = writeln!(out, "         totals: {} {}, {} {}", teams[0], totals[0], teams[1], totals[1]);
}
