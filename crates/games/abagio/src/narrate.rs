//! The log in words ([`tabula_core::Game::narrate`]): each action with what it did — the
//! frogs a leap sent back to the root, a pair it covered, the dice no leap can use — told
//! from the views around it, the same in every client.

use tabula_core::Said;

use crate::Colour;
use crate::action::Action;
use crate::board::{ROOT, Square};
use crate::state::Phase;
use crate::view::View;

/// Where seat `seat`'s frog `pip` squares from the pond stands, in words: `the root`,
/// `24`, or `r3` in its own sector.
fn place(seat: usize, pip: u8) -> String {
    if pip == ROOT {
        return "the root".to_owned();
    }
    Colour::of_seat(seat).and_then(|c| Square::at(c, pip)).map_or_else(|| pip.to_string(), |s| s.to_string())
}

/// The lines for one action, from the observer's views `b` (before) and `a` (after).
pub fn narrate(b: &View, a: &View, seen: Option<&str>) -> Vec<Said> {
    let Some(action) = seen.and_then(|t| Action::parse(t).ok()) else { return Vec::new() };
    let (bs, st) = (&b.state, &a.state);
    let mover = bs.to_move.index();
    let mut lines = Vec::new();
    match action {
        Action::Opening { red, purple } => {
            let first = st.to_move.index();
            lines.push(Said::table(format!("opening roll: red {red}, purple {purple}")));
            lines.push(Said::by(
                first,
                format!("plays first ({})", if first == 0 { "red" } else { "purple" }),
            ));
        }
        Action::Roll(hi, lo) => {
            let mut line = if hi == lo {
                format!("rolls a double {hi}: four leaps of {hi}")
            } else {
                format!("rolls {hi} and {lo}")
            };
            if st.phase != Phase::Leap && st.phase != Phase::Over {
                line.push_str(", and no leap is possible");
            }
            lines.push(Said::by(mover, line));
        }
        Action::Leap { from, die } => {
            let opponent = 1 - mover;
            let to = if from > die {
                format!("to {}", place(mover, from - die))
            } else if from == die {
                "into the pond".to_owned()
            } else {
                format!("into the pond with a {die}")
            };
            let mut line = format!("leaps from {} {to}", place(mover, from));
            let hit = st.root[opponent].saturating_sub(bs.root[opponent]);
            if hit == 1 {
                line.push_str(&format!(", sending {{{opponent}}}'s frog back to the root"));
            } else if hit > 1 {
                line.push_str(&format!(", sending {hit} of {{{opponent}}}'s frogs back to the root"));
            } else if let Some(square) =
                from.checked_sub(die).filter(|&p| p > 0).and_then(|p| Square::at(bs.to_move, p))
            {
                let stack = bs.stack(square);
                if stack.top().is_some_and(|top| top.index() == opponent) && stack.top_run() == 2 {
                    line.push_str(&format!(", covering {{{opponent}}}'s pair"));
                }
            }
            if st.pond[mover] > bs.pond[mover] {
                line.push_str(&format!(" ({} of 12 in the pond)", st.pond[mover]));
            }
            let left = bs.dice.without(die);
            if !left.is_empty() && st.phase != Phase::Leap && st.phase != Phase::Over {
                line.push_str(&format!("; no leap is left for the {left}"));
            }
            lines.push(Said::by(mover, line));
        }
        Action::TopFrog(pip) => lines.push(Said::by(mover, format!("puts the Top Frog on {pip}"))),
        Action::Pass => lines.push(Said::by(mover, "sets the Top Frog aside")),
    }
    if st.phase == Phase::Over && bs.phase != Phase::Over {
        lines.push(match st.winner {
            Some(w) => Said::by(w.index(), "wins: all twelve frogs are in the pond"),
            None => Said::table(format!("a draw: the turn limit is reached after {} turns", st.turn)),
        });
    }
    lines
}
