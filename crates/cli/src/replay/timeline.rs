//! A record replayed once through the rules, kept step by step so that the text printout
//! and the viewer can look at any moment of the game.

use std::path::Path;

use serde_json::Value;
use tabula_core::{Record, Registry, Turn};
use tabula_sabotage_pipes::State;

use crate::play::sabotage;

/// The referee's state at every step: concrete for Sabotage, JSON for any other game.
pub enum Frames {
    /// Sabotage's states, from before the first action to after the last.
    Sabotage(Vec<State>),
    /// Any other game's states as JSON.
    Generic(Vec<Value>),
}

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
    /// The state before the first action and after each one (`actions.len() + 1`).
    pub frames: Frames,
    /// Each seat's return at the end (final when `terminal`).
    pub returns: Vec<f64>,
    /// Whether the record reaches the end of the game.
    pub terminal: bool,
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

    /// Replays a record.
    ///
    /// # Errors
    /// An unknown game, bad options, or the first action the rules refuse.
    pub fn replay(registry: &Registry, record: Record) -> Result<Timeline, String> {
        // Loading checks every action and the stated result, with the registry's messages.
        let end = registry.load_record(&record).map_err(|e| e.to_string())?;
        let game = registry.make(&record.game, &record.options).map_err(|e| e.to_string())?;
        let mut state = game.new_state(record.seed.unwrap_or(0));
        let players = game.num_players();
        let names = display_names(&record.seats, players);
        let is_sabotage = sabotage::erased(state.as_ref()).is_some();
        let mut sabotage_frames = Vec::new();
        let mut generic_frames = Vec::new();
        let mut snapshot = |state: &dyn tabula_core::DynState| match sabotage::erased(state) {
            Some(erased) if is_sabotage => sabotage_frames.push(erased.concrete_state().clone()),
            _ => generic_frames.push(state.state_json()),
        };
        snapshot(state.as_ref());
        let mut actions = Vec::with_capacity(record.actions.len());
        let mut actors = Vec::with_capacity(record.actions.len());
        for (i, text) in record.actions.iter().enumerate() {
            actors.push(state.turn());
            let canonical = state.apply(text).map_err(|e| format!("action {} (`{text}`): {e}", i + 1))?;
            actions.push(canonical);
            snapshot(state.as_ref());
        }
        let frames =
            if is_sabotage { Frames::Sabotage(sabotage_frames) } else { Frames::Generic(generic_frames) };
        Ok(Timeline {
            canonical: game.canonical(),
            game_name: game.spec().name,
            names,
            actions,
            actors,
            frames,
            returns: end.returns(),
            terminal: end.is_terminal(),
            record,
        })
    }

    /// The number of actions.
    pub fn len(&self) -> usize {
        self.actions.len()
    }

    /// A seat's name.
    pub fn name(&self, seat: usize) -> &str {
        self.names.get(seat).map_or("?", String::as_str)
    }

    /// Who played action `i` (from 0), as a word: a seat's name or `chance`.
    pub fn actor_name(&self, i: usize) -> &str {
        match self.actors.get(i) {
            Some(Turn::Player(seat)) => self.name(*seat),
            Some(Turn::Chance) => "chance",
            _ => "?",
        }
    }

    /// A team's name: the seat's with two players, `ann & cid` with four.
    pub fn team_name(&self, players: usize, team: usize) -> String {
        if players == 4 {
            format!("{} & {}", self.name(team), self.name(team + 2))
        } else {
            self.name(team).to_owned()
        }
    }
}
