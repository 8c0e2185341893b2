//! A record replayed once through the rules, kept step by step so that the text printout
//! and the viewer can look at any moment of the game.

use std::path::Path;

use tabula_core::{DynState, Record, Registry, Turn};

use crate::play::screen::History;

/// Short names for the seats: a bot's name without its settings (`greedy` for
/// `greedy:samples=4`), numbered by seat when two seats would read the same, and
/// `seat K` for a seat without a name.
pub fn display_names(seats: &[String], players: usize) -> Vec<String> {
    let short: Vec<String> = (0..players)
        .map(|seat| match seats.get(seat).map(|s| s.trim()) {
            Some(name) if !name.is_empty() => name.split(':').next().unwrap_or(name).to_owned(),
            _ => format!("seat {seat}"),
        })
        .collect();
    short
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            if short.iter().filter(|other| *other == name).count() > 1 {
                format!("{name}-{seat}")
            } else {
                name.clone()
            }
        })
        .collect()
}

/// A replayed record.
pub struct Timeline {
    /// The record as read.
    pub record: Record,
    /// The game's canonical string, e.g. `sabotage-pipes(players=2,...)`.
    pub canonical: String,
    /// The game's name.
    pub game_name: &'static str,
    /// Each seat's short name (see [`display_names`]).
    pub names: Vec<String>,
    /// Every action in canonical text.
    pub actions: Vec<String>,
    /// Who played each action.
    pub actors: Vec<Turn>,
    /// The referee's state before the first action and after each one (`actions.len() + 1`).
    pub states: Vec<Box<dyn DynState>>,
}

impl Timeline {
    /// Reads a record file and replays it.
    ///
    /// # Errors
    /// A file that cannot be read, is not a record, or holds an action the rules refuse
    /// (`action 12 (`Ao own`): ...`).
    pub fn open(registry: &Registry, path: &Path) -> Result<Timeline, String> {
        let text =
            std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let record = Record::from_json_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        Timeline::replay(registry, record).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Reads record number `n` (from 0) of a JSON Lines file of records, as `tabula arena
    /// --records` writes them, and replays it.
    ///
    /// # Errors
    /// A file that cannot be read, fewer than `n + 1` records, or a record the rules refuse.
    pub fn open_line(registry: &Registry, path: &Path, n: usize) -> Result<Timeline, String> {
        let text =
            std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let line = lines.get(n).ok_or_else(|| {
            format!(
                "{} holds {} records (games 0 to {}), not game {n}",
                path.display(),
                lines.len(),
                lines.len().saturating_sub(1)
            )
        })?;
        let record = Record::from_json_str(line).map_err(|e| format!("{} game {n}: {e}", path.display()))?;
        Timeline::replay(registry, record).map_err(|e| format!("{} game {n}: {e}", path.display()))
    }

    /// Replays a record.
    ///
    /// # Errors
    /// An unknown game, bad options, or the first action the rules refuse.
    pub fn replay(registry: &Registry, record: Record) -> Result<Timeline, String> {
        // Loading checks every action and the stated result, with the registry's messages.
        registry.load_record(&record).map_err(|e| e.to_string())?;
        let game = registry.make(&record.game, &record.options).map_err(|e| e.to_string())?;
        let mut state = game.new_state(record.seed.unwrap_or(0));
        let names = display_names(&record.seats, game.num_players());
        let mut states = vec![state.clone_box()];
        let mut actions = Vec::with_capacity(record.actions.len());
        let mut actors = Vec::with_capacity(record.actions.len());
        for (i, text) in record.actions.iter().enumerate() {
            actors.push(state.turn());
            let canonical = state.apply(text).map_err(|e| format!("action {} (`{text}`): {e}", i + 1))?;
            actions.push(canonical);
            states.push(state.clone_box());
        }
        Ok(Timeline {
            canonical: game.canonical(),
            game_name: game.spec().name,
            names,
            actions,
            actors,
            states,
            record,
        })
    }

    /// The number of actions.
    pub fn len(&self) -> usize {
        self.actions.len()
    }

    /// The number of seats.
    pub fn players(&self) -> usize {
        self.names.len()
    }

    /// A seat's name.
    pub fn name(&self, seat: usize) -> &str {
        self.names.get(seat).map_or("?", String::as_str)
    }

    /// The game step by step, for a game's printout.
    pub fn history(&self) -> History<'_> {
        History { states: &self.states, actions: &self.actions, actors: &self.actors, names: &self.names }
    }
}
