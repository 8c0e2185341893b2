//! Abilene in the terminal, apart from the drawing and the moves offered: the person's
//! view and the game's options (the [`Table`]), pieces and money in words, what the game
//! waits for, the log's sentences and the verdict.
//!
//! Everything here reads the person's seat's [`View`]: a cow whose brand and value the seat
//! does not know is `?`, another seat's corral card is face down until the reveal, and the
//! history shows another seat's herd placement as `herd ?` and its card as
//! `corral hidden`.

use tabula_abilene::rules::{self, Waiting};
use tabula_abilene::state::{Stage, Task};
use tabula_abilene::{Abilene, Config, Ranch, State, View};
use tabula_core::{DynState, Turn};

use crate::play::screen::erased;
use crate::play::session::{LogLine, Session, told};

/// The person's view of the game and the game's options: everything the screen draws from.
#[derive(Debug, Clone)]
pub struct Table {
    /// The person's view.
    pub view: View,
    /// The game's options (public).
    pub cfg: Config,
}

impl Table {
    /// Seat `seat`'s table of a type-erased state, when the game is Abilene.
    pub fn of_state(state: &dyn DynState, seat: usize) -> Option<Table> {
        let erased = erased::<Abilene>(state)?;
        Some(Table { view: erased.concrete_view(seat), cfg: *erased.concrete_game().config() })
    }

    /// The person's table, when the session is a game of Abilene.
    pub fn of(session: &Session) -> Option<Table> {
        Table::of_state(session.state(), session.human())
    }

    /// The state as the person sees it.
    pub fn state(&self) -> &State {
        &self.view.state
    }

    /// The person's seat.
    pub fn me(&self) -> usize {
        self.view.player as usize
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.view.state.stage == Stage::Over
    }
}

// ---------------------------------------------------------------------------------------
// Pieces and money in words.

/// The ranch of seat `seat`.
pub fn ranch(cfg: &Config, seat: usize) -> Ranch {
    cfg.ranches()[seat]
}

/// The seat whose ranch is `r`, if it is in play.
pub fn seat_of(cfg: &Config, r: Ranch) -> Option<usize> {
    cfg.ranches().iter().position(|&x| x == r)
}

pub use tabula_abilene::narrate::standings;
pub use tabula_abilene::words::{cow_id, dollars, identity_words};

/// `your`, `greedy-1's`.
pub(super) fn whose(names: &[String], human: usize, seat: usize) -> String {
    if seat == human { "your".to_owned() } else { format!("{}'s", name(names, seat)) }
}

pub(super) fn name(names: &[String], seat: usize) -> String {
    names.get(seat).map_or_else(|| format!("seat {seat}"), String::clone)
}

/// `move` for the person, `moves` for the others.
fn verb(human: usize, seat: usize, base: &str) -> String {
    if seat == human {
        base.to_owned()
    } else if base.ends_with('s') || base.ends_with("sh") {
        format!("{base}es")
    } else {
        format!("{base}s")
    }
}

/// What the game waits for, in words, with who: `you move cows with the light dice`.
pub fn waiting_words(table: &Table, names: &[String]) -> String {
    let state = table.state();
    let me = table.me();
    let n = |s: u8| name(names, s as usize);
    let v = |s: u8, base: &str| verb(me, s as usize, base);
    let t = state.turn;
    match rules::waiting(state) {
        Waiting::Over => "the game is over".to_owned(),
        Waiting::First => "who starts is drawn".to_owned(),
        Waiting::Herd => format!("{} {} the herd, cow by cow", n(t), v(t, "place")),
        Waiting::Roll => format!("{} {} the five dice", n(t), v(t, "roll")),
        Waiting::Duel => "a duel: the dice are rolled".to_owned(),
        Waiting::Short { payer, shortfall } => {
            let (to, amount) = match state.tasks.head() {
                Some(Task::Pay { to, amount, .. }) => (to, amount),
                _ => (None, 0),
            };
            let to = match to {
                Some(s) if s as usize == me => "you".to_owned(),
                Some(s) => n(s),
                None => "the bank".to_owned(),
            };
            format!(
                "{} {} {} to {to} and {} {} short: borrow, ask for a loan, or go bankrupt",
                n(payer),
                v(payer, "owe"),
                dollars(i64::from(amount)),
                if payer as usize == me { "are" } else { "is" },
                dollars(i64::from(shortfall))
            )
        }
        Waiting::Answer(s) => match state.asked {
            Some(a) => format!(
                "{} {} whether to lend {} {} (repaid {})",
                n(s),
                v(s, "decide"),
                n(state.tasks.head().map_or(t, |task| match task {
                    Task::Pay { payer, .. } => payer,
                    _ => t,
                })),
                dollars(i64::from(a.amount)),
                dollars(i64::from(a.repay))
            ),
            None => format!("{} {} a loan asked", n(s), v(s, "answer")),
        },
        Waiting::Place(s) => {
            let what = match state.tasks.head() {
                Some(Task::PlaceCow { cow }) => {
                    format!("the stolen cow {}", cow_id(&table.cfg, cow as usize))
                }
                Some(Task::PlaceBoy { owner, by, .. }) if owner == by => format!(
                    "{} released cowboy",
                    if owner as usize == me { "your".to_owned() } else { "a".to_owned() }
                ),
                Some(Task::PlaceBoy { owner, .. }) => {
                    format!("{} cowboy who lost the duel", whose(names, me, owner as usize))
                }
                _ => "a piece".to_owned(),
            };
            format!("{} {} {what} on a field", n(s), v(s, "put"))
        }
        Waiting::Release => format!("{} {} how many cowboys to release from prison", n(t), v(t, "decide")),
        Waiting::Cattle => format!("{} {} cows with the light dice", n(t), v(t, "move")),
        Waiting::Cowboys => format!("{} {} cowboys with the dark dice", n(t), v(t, "move")),
        Waiting::Sell => format!("{} {} which cow is sold first", n(t), v(t, "choose")),
        Waiting::Corral(s) => {
            let cow = state.sale.map(|sale| cow_id(&table.cfg, sale.cow as usize)).unwrap_or_default();
            format!("{} {} a corral card for the sale of {cow}", n(s), v(s, "play"))
        }
    }
}

// ---------------------------------------------------------------------------------------
// The log's sentences.

/// The log's lines for one action, told from `human`'s seat: `b` and `a` are the states
/// (the person's views, or in a replay the full states) around it, `text` the action as
/// the seat saw it (`herd ?`, `corral hidden` for what it may not see). The words are the
/// game's own ([`tabula_abilene::narrate`]), the same as the browser's.
pub fn log_lines(
    cfg: &Config,
    b: &State,
    a: &State,
    actor: Turn,
    text: &str,
    human: usize,
    names: &[String],
) -> Vec<LogLine> {
    told(&tabula_abilene::narrate::narrate(cfg, b, a, actor, Some(text)), names, human)
}

/// Who won, in words: `you win with $14,300`, `greedy-2 wins with $12,000`, `a tie: …`.
pub fn ending_words(state: &State, human: usize, names: &[String]) -> String {
    let you = (human < names.len()).then_some(human);
    tabula_abilene::narrate::ending(state).told(names, you)
}

/// How the game ended, for the person: `you win`, `greedy-2 wins`; `None` while not over.
pub fn verdict(session: &Session) -> Option<String> {
    let table = Table::of(session).filter(Table::is_over)?;
    Some(ending_words(table.state(), session.human(), session.names()))
}
