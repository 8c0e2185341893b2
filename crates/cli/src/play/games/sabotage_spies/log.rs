//! The log's sentences: each step of play told from the person's seat, in the game's own
//! words ([`tabula_sabotage_spies::narrate`], the same as the browser's): the action as the
//! seat saw it (`plan ?` for the other team's hidden steps) and the public events it added
//! to the view's log (declarations, rooms targeted, answers, hits, hacks).

use tabula_core::Turn;

use super::table::Table;
use crate::play::session::{LogLine, told};

/// What one step of play tells: the log's lines, and the public facts about each
/// character (slot, words) that the other team heard.
#[derive(Debug, Clone, Default)]
pub struct Told {
    /// The log's lines.
    pub lines: Vec<LogLine>,
    /// Public facts about characters, by slot, in the third person.
    pub heard: Vec<(usize, String)>,
}

/// The log's lines for one action, told from `human`'s seat (none when `human` is no
/// seat): `before` and `after` are the seat's tables around it, `text` the action as the
/// seat saw it.
pub fn log_lines(
    before: &Table,
    after: &Table,
    actor: Turn,
    text: &str,
    human: usize,
    names: &[String],
) -> Told {
    let t = tabula_sabotage_spies::narrate::tell(&after.cfg, &before.view, &after.view, actor, text);
    Told { lines: told(&t.lines, names, human), heard: t.heard }
}
