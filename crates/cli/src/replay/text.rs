//! `tabula replay --text`: the game step by step as plain text. Each action is numbered
//! as in the record and names who played it; Sabotage also shows each deal (every hand:
//! a replay is after the fact), the roofs and scores at the end of each round.

use std::fmt::Write;

use tabula_core::Turn;
use tabula_sabotage_pipes::{Action, Phase, State, round_score};

use super::timeline::{Frames, Timeline};
use crate::play::sabotage::{ascii_roof, describe};

/// The whole game as text.
pub fn render(timeline: &Timeline) -> String {
    let mut out = String::new();
    let record = &timeline.record;
    let _ = writeln!(out, "{}: {}", timeline.game_name, timeline.canonical);
    if let Some(seed) = record.seed {
        let _ = writeln!(out, "seed {seed}");
    }
    let seats: Vec<String> = (0..timeline.names.len())
        .map(|i| match record.seats.get(i) {
            Some(full) if *full != timeline.names[i] => format!("{i} {} ({full})", timeline.names[i]),
            _ => format!("{i} {}", timeline.names[i]),
        })
        .collect();
    let _ = writeln!(out, "seats: {}", seats.join(", "));
    let _ = writeln!(out, "{} actions", timeline.len());
    match &timeline.frames {
        Frames::Sabotage(states) => sabotage(timeline, states, &mut out),
        Frames::Generic(_) => generic(timeline, &mut out),
    }
    out
}

fn line(out: &mut String, number: &str, who: &str, text: &str) {
    let _ = writeln!(out, "{number:>9}  {who:<12} {text}");
}

fn generic(timeline: &Timeline, out: &mut String) {
    out.push('\n');
    for (i, action) in timeline.actions.iter().enumerate() {
        line(out, &(i + 1).to_string(), timeline.actor_name(i), action);
    }
    out.push('\n');
    ending(timeline, out);
}

fn ending(timeline: &Timeline, out: &mut String) {
    if timeline.terminal {
        let parts: Vec<String> =
            timeline.returns.iter().enumerate().map(|(s, r)| format!("{} {r}", timeline.name(s))).collect();
        let _ = writeln!(out, "Game over. Returns: {}.", parts.join(", "));
    } else {
        let _ = writeln!(out, "The record stops before the end of the game.");
    }
}

fn sabotage(timeline: &Timeline, states: &[State], out: &mut String) {
    let Some(first) = states.first() else { return };
    let players = first.players;
    let teams = [timeline.team_name(players as usize, 0), timeline.team_name(players as usize, 1)];
    let roof_name = |roof: usize| format!("{}'s roof", teams[roof]);
    let mut i = 0;
    while i < timeline.len() {
        let before = &states[i];
        if before.phase == Phase::Deal {
            let start = i;
            while i < timeline.len() && states[i].phase == Phase::Deal {
                i += 1;
            }
            let _ = writeln!(
                out,
                "\nRound {} of {}, dealt by {}",
                before.round + 1,
                before.rounds,
                timeline.name(before.dealer() as usize)
            );
            line(out, &format!("{}-{i}", start + 1), "deal", &format!("{} cards, one at a time", i - start));
            let dealt = &states[i];
            for seat in 0..players as usize {
                let cards: Vec<String> = dealt.hands[seat].to_vec().iter().map(ToString::to_string).collect();
                line(out, "", timeline.name(seat), &format!("holds {}", cards.join(" ")));
            }
            continue;
        }
        let after = &states[i + 1];
        let text = &timeline.actions[i];
        let action = Action::parse(text).ok();
        let said = match (timeline.actors[i], action) {
            (Turn::Chance, Some(Action::Deal(card))) => {
                format!("{} draws {card}", timeline.name(before.to_move as usize))
            }
            (Turn::Player(seat), Some(action)) => {
                let words = describe(&before.roofs, players as usize, seat, action, &roof_name, false);
                match words {
                    Some(words) if action != Action::Draw => format!("{text:<12} {words}"),
                    _ => text.clone(),
                }
            }
            _ => text.clone(),
        };
        line(out, &(i + 1).to_string(), timeline.actor_name(i), &said);
        if after.results.len() > before.results.len() {
            round_end(timeline, &teams, before, after, i, out);
        }
        i += 1;
    }
    let Some(last) = states.last() else { return };
    out.push('\n');
    if timeline.terminal {
        let totals = last.totals();
        let verdict = match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Greater => format!("{} won", teams[0]),
            std::cmp::Ordering::Less => format!("{} won", teams[1]),
            std::cmp::Ordering::Equal => "a tie".to_owned(),
        };
        let _ =
            writeln!(out, "Game over: {} {}, {} {}: {verdict}.", teams[0], totals[0], teams[1], totals[1]);
    } else {
        ending(timeline, out);
    }
}

fn round_end(
    timeline: &Timeline,
    teams: &[String; 2],
    before: &State,
    after: &State,
    i: usize,
    out: &mut String,
) {
    let Some(result) = after.results.as_slice().last() else { return };
    let roofs = match (timeline.actors[i], Action::parse(&timeline.actions[i])) {
        (Turn::Player(seat), Ok(action)) => crate::play::sabotage::roofs_after(&before.roofs, seat, action),
        _ => before.roofs,
    };
    let why = match result.closer {
        Some(seat) => format!("{} ended it (-1)", timeline.name(seat as usize)),
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
