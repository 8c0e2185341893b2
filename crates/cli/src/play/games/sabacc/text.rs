//! `tabula replay --text` for Sabacc: every action, and at the end of each hand the table
//! as text (each seat's cards and what they make, who won, each seat's money); then each
//! seat's result over the session. A replay is after the fact: every card is shown.

use std::fmt::Write;

use tabula_core::Turn;
use tabula_sabacc::{Phase, Rules, Sabacc};

use super::table::{hand_words, result, signed};
use crate::play::generic;
use crate::play::screen::History;

/// The game as text.
pub fn render(history: &History) -> String {
    let mut out = String::new();
    let Some((game, states)) = history.of::<Sabacc>() else { return generic::ending(history) };
    let cfg = *game.config();
    for (i, action) in history.actions.iter().enumerate() {
        let (b, a) = (states[i], states[i + 1]);
        if i == 0 || states[i - 1].hand_no < b.hand_no {
            let _ = writeln!(
                out,
                "\nHand {} of {}, dealt by {}",
                b.hand_no + 1,
                cfg.hands,
                history.name(b.dealer as usize)
            );
        }
        let text = match history.actors[i] {
            Turn::Chance if b.phase == Phase::Roll => format!("{action} (dice)"),
            Turn::Chance => match (0..b.players()).find(|&p| a.seats[p].hand.len() > b.seats[p].hand.len()) {
                Some(p) if a.hand_no == b.hand_no => format!("{action} → {}", history.name(p)),
                _ => action.clone(),
            },
            _ => action.clone(),
        };
        let _ = writeln!(out, "{}", History::line(&(i + 1).to_string(), history.actor_name(i), &text));
        let ended = a.hand_no > b.hand_no || (a.phase == Phase::Over && b.phase != Phase::Over);
        let Some(rec) = a.showdown.filter(|r| ended && r.hand == b.hand_no) else { continue };
        let _ = writeln!(out, "\n         Hand {} is over.", b.hand_no + 1);
        let communal = if cfg.rules == Rules::Tarot { rec.communal().to_vec() } else { Vec::new() };
        if !communal.is_empty() {
            let cards: Vec<String> = communal.iter().map(ToString::to_string).collect();
            let _ = writeln!(out, "         communal: {}", cards.join(" "));
        }
        let winners = rec.settlement.winners;
        for (p, laid) in rec.seats().iter().enumerate() {
            let cards: Vec<String> = laid.cards().iter().map(ToString::to_string).collect();
            let showdown = cfg.points() || cfg.rules == Rules::BlackKnight || rec.contenders >> p & 1 == 1;
            let words = match hand_words(&cfg, laid.cards(), &communal) {
                _ if laid.cards().is_empty() => "no cards".to_owned(),
                _ if !showdown => "out: not in the showdown".to_owned(),
                Some(words) => words,
                None => "not shown".to_owned(),
            };
            let star = if winners >> p & 1 == 1 { "*" } else { " " };
            let amount = if cfg.points() {
                format!("points {}", a.seats[p].points)
            } else {
                format!("money {}", laid.stack)
            };
            let _ = writeln!(
                out,
                "         {star} {:<12} {:<24} {words}  ({amount})",
                history.name(p),
                cards.join(" ")
            );
        }
        let _ = writeln!(
            out,
            "         winners: {}; hand pot {}, Sabacc pot {}",
            (0..rec.seats().len())
                .filter(|p| winners >> p & 1 == 1)
                .map(|p| history.name(p))
                .collect::<Vec<_>>()
                .join(", "),
            rec.settlement.pot,
            rec.settlement.sabacc
        );
        out.push('\n');
    }
    let Some(last) = states.last() else { return out };
    if last.phase == Phase::Over {
        let parts: Vec<String> = (0..last.players())
            .map(|p| format!("{} {}", history.name(p), signed(result(&cfg, last, p) as i32)))
            .collect();
        let unit = if cfg.points() { "points" } else { "money won or lost" };
        let _ = writeln!(out, "Session over ({unit}): {}.", parts.join(", "));
    } else {
        out.push_str(&generic::ending(history));
    }
    out
}
