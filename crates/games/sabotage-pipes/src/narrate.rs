//! The log in words ([`tabula_core::Game::narrate`]): each card played with what it did —
//! the card it replaced or removed, the roof's new value — each draw (the card itself only
//! to the seat that drew it), each round's deal and its end with the points, told from the
//! views around it, the same in every client.

use tabula_core::{Said, Turn};

use crate::action::{Action, Side};
use crate::card::Square;
use crate::state::{Phase, State};
use crate::view::View;

/// The roof of team `team` (0 or 1) in words: `{0}'s roof`, or with four players `{0}'s
/// team's roof`.
fn roof_name(players: u8, team: usize) -> String {
    if players == 4 { format!("{{{team}}}'s team's roof") } else { format!("{{{team}}}'s roof") }
}

/// A team in words: `{0}`, or with four players `{0} and {2}`.
fn team_name(players: u8, team: usize) -> String {
    if players == 4 { format!("{{{team}}} and {{{}}}", team + 2) } else { format!("{{{team}}}") }
}

/// The roof a seat's card goes on.
fn roof_of(seat: usize, side: Side) -> usize {
    let own = State::team(seat as u8);
    match side {
        Side::Own => own,
        Side::Opp => 1 - own,
    }
}

/// The lines for one action, from the observer's views `b` (before) and `a` (after).
pub fn narrate(b: &View, a: &View, actor: Turn, seen: Option<&str>) -> Vec<Said> {
    let action = seen.and_then(|t| Action::parse(t).ok());
    let mut lines = Vec::new();
    match actor {
        Turn::Chance if b.phase == Phase::Deal => {
            if b.hand_sizes.iter().all(|&n| n == 0) {
                lines.push(Said::by(
                    b.dealer as usize,
                    format!("deals round {} of {}", b.round + 1, b.rounds),
                ));
            }
        }
        Turn::Chance => {
            let drawer = b.to_move as usize;
            lines.push(Said::by(
                drawer,
                match action {
                    Some(Action::Deal(card)) => format!("draws {card}"),
                    _ => "draws a card".to_owned(),
                },
            ));
        }
        Turn::Player(seat) => {
            if let Some(text) = action.and_then(|act| card_words(b, a, seat, act)) {
                lines.push(Said::by(seat, text));
            }
        }
        Turn::Terminal => {}
    }
    if a.results.len() > b.results.len()
        && let Some(result) = a.results.as_slice().last()
    {
        let closer = match result.closer {
            Some(seat) => format!("; {{{seat}}} ended it (−1)"),
            None => "; the cards ran out".to_owned(),
        };
        lines.push(Said::table(format!(
            "round {} is over: {} {}, {} {}{closer}",
            b.round + 1,
            team_name(b.players, 0),
            result.points[0],
            team_name(b.players, 1),
            result.points[1]
        )));
    }
    lines
}

/// A move in words after the player's name: `plays Ao on {0}'s roof A (value 4→6)`,
/// `plays sab on {1}'s roof E, removing Bo (value 7→5)`. `None` for `draw` (the card drawn
/// is told instead).
fn card_words(b: &View, a: &View, seat: usize, action: Action) -> Option<String> {
    let own = State::team(seat as u8);
    let there = |roof: usize, square: Square| b.roofs[roof][square.index()];
    let value = |roof: usize| {
        let (was, now) = (b.values[roof], a.values[roof]);
        if was == now { String::new() } else { format!(" (value {was}→{now})") }
    };
    let name = |roof: usize| roof_name(b.players, roof);
    Some(match action {
        Action::End if b.players == 4 => "asks to end the round".to_owned(),
        Action::End => "ends the round".to_owned(),
        Action::Agree => "agrees to end the round".to_owned(),
        Action::Refuse => "refuses to end the round".to_owned(),
        Action::Discard(card) => format!("discards {card}"),
        Action::Letter { card, side } => {
            let roof = roof_of(seat, side);
            let square = card.as_pipe().and_then(|(k, _)| match k {
                crate::card::PipeKind::Letter(l) => Square::ALL.get(l as usize).copied(),
                _ => None,
            });
            let replaced = square
                .and_then(|s| there(roof, s))
                .map(|old| format!(", replacing {old}"))
                .unwrap_or_default();
            let at = square.map(|s| format!(" {s}")).unwrap_or_default();
            format!("plays {card} on {}{at}{replaced}{}", name(roof), value(roof))
        }
        Action::X { square, .. } | Action::Wrench { square, .. } => {
            let card = action.card_played()?;
            let replaced = there(own, square).map(|old| format!(", replacing {old}")).unwrap_or_default();
            format!("plays {card} on {} {square}{replaced}{}", name(own), value(own))
        }
        Action::Sabotage { side, square } => {
            let roof = roof_of(seat, side);
            let removed = there(roof, square).map(|old| format!(", removing {old}")).unwrap_or_default();
            format!("plays sab on {} {square}{removed}{}", name(roof), value(roof))
        }
        Action::Demontage { square } => {
            let removed = there(own, square).map(|old| format!(", removing {old}")).unwrap_or_default();
            format!("plays dem on {} {square}{removed}{}", name(own), value(own))
        }
        Action::Draw | Action::Deal(_) => return None,
    })
}
