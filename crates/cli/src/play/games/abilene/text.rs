//! `tabula replay --text` for Abilene: each step in the log's words, the board and the
//! ranchers' money at the end of each turn, each sale's settlement, and the result. A replay
//! is after the fact: every cow's brand and value and every card are shown.

use std::fmt::Write;

use tabula_abilene::state::{Slot, Stage};
use tabula_abilene::{Abilene, View};

use super::screen::board_text;
use super::table::{Table, dollars, ending_words, log_lines, ranch};
use crate::play::generic;
use crate::play::screen::History;

/// The ranchers' money and pieces, one line each.
fn ranchers(table: &Table, history: &History) -> Vec<String> {
    let state = table.state();
    (0..state.num_players())
        .map(|s| {
            let r = &state.ranchers[s];
            let who = format!("{} {}", ranch(&table.cfg, s).letter(), history.name(s));
            if r.bankrupt.is_some() {
                return format!("{who:<14} bankrupt");
            }
            let debts: u32 = r.bank_debt + r.owes.iter().sum::<u32>();
            format!(
                "{who:<14} cash {:>8}  debts {:>7}  in prison {}  cows in ranch {}",
                dollars(i64::from(r.cash)),
                dollars(i64::from(debts)),
                r.in_prison(),
                state.cows_in_ranch(s)
            )
        })
        .collect()
}

/// The game as text.
pub fn render(history: &History) -> String {
    let mut out = String::new();
    let Some((game, states)) = history.of::<Abilene>() else { return generic::ending(history) };
    let cfg = *game.config();
    let names: Vec<String> = history.names.to_vec();
    // Told to nobody in particular: every seat in the third person.
    let nobody = usize::MAX;
    for (i, action) in history.actions.iter().enumerate() {
        let (Some(b), Some(a)) = (states.get(i), states.get(i + 1)) else { break };
        history.write_step(&mut out, i, &log_lines(&cfg, b, a, history.actors[i], action, nobody, &names));
        if let Some(rec) = a.last_sale.filter(|r| Some(*r) != b.last_sale) {
            for s in 0..a.num_players() {
                if let Slot::Card(card) = rec.cards[s] {
                    let t = rec.transfers[s];
                    let money = match t {
                        0 => "nothing".to_owned(),
                        t if t > 0 => format!("receives {}", dollars(i64::from(t))),
                        t => format!("pays {}", dollars(i64::from(-t))),
                    };
                    let _ = writeln!(
                        out,
                        "{}",
                        History::line("", "", &format!("  {} played {card}: {money}", history.name(s)))
                    );
                }
            }
        }
        let turn_over = (a.stage == Stage::Roll && b.stage != Stage::Roll)
            || (a.stage == Stage::Over && b.stage != Stage::Over);
        if turn_over {
            let table = Table { view: View { player: 0, state: (*a).clone() }, cfg };
            History::write_block(&mut out, board_text(&table).into_iter().chain(ranchers(&table, history)));
        }
    }
    match states.last() {
        Some(last) if last.stage == Stage::Over => {
            let _ = writeln!(
                out,
                "Game over after {} turns: {}.",
                last.turns,
                ending_words(last, nobody, &names)
            );
        }
        _ => out.push_str(&generic::ending(history)),
    }
    out
}
