//! Sabotage (Fowers & Krause) in the terminal: [`table`] reads the person's view (the
//! team's side, characters, tiles and costs in words, what the game waits for), [`moves`]
//! lists the legal moves grouped by decision with what each does, [`log`] tells each step
//! in sentences, [`screen`] draws the map, the deduction aid, the tracks, the plans, the
//! moves, the log and the help, and [`text`] prints a game for `tabula replay --text`.

pub mod log;
pub mod moves;
pub mod screen;
pub mod table;
mod text;

#[cfg(test)]
mod tests;

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::Frame;
use ratatui::layout::Rect;
use tabula_sabotage_spies::data::Team;
use tabula_sabotage_spies::state::slot_team;

use crate::play::screen::{Ctx, GameScreen, Observed, Outcome};
use crate::play::session::{Applied, Session};
use moves::{Offer, Picker};
use table::Table;

/// What the command line suggests typing.
pub const COMMAND_EXAMPLE: &str =
    "tile move-scan · die 3 on 1 · die off · aim left · scan row 2 · slide none · a move's number";

/// The Sabotage (F&K) screen: the move chosen, and what the other team has heard about each
/// character (its public declarations and the answers about it), oldest first.
#[derive(Debug, Default)]
pub struct SpiesScreen {
    /// The row chosen and the digits typed.
    pub picker: Picker,
    /// Per slot: what every seat heard about that character (round and words).
    pub heard: [Vec<String>; 4],
    /// Whether the log takes the place of the moves (`L` toggles it).
    pub log_view: bool,
}

impl SpiesScreen {
    fn offer(session: &Session) -> Option<Offer> {
        let t = Table::of(session)?;
        Some(Offer::read(&t, &session.legal()))
    }
}

/// The seat `--team` names: the first seat whose team it is (rules §Seats, teams and
/// characters), checked against `--seat` when both are given.
///
/// # Errors
/// Bad options, a team name that is not `spies` or `villains`, or a seat of the other team.
pub fn team_seat(options: &serde_json::Value, team: &str, seat: Option<usize>) -> Result<usize, String> {
    let game = <tabula_sabotage_spies::SabotageSpies as tabula_core::Game>::from_json(options)
        .map_err(|e| e.to_string())?;
    let wanted = match team.trim().to_ascii_lowercase().as_str() {
        "spies" | "spy" => Team::Spies,
        "villains" | "villain" => Team::Villains,
        other => {
            return Err(format!("--team {other}: the teams of sabotage-spies are `spies` and `villains`"));
        }
    };
    let cfg = game.config();
    let seats = usize::from(cfg.players);
    let first = (0..seats)
        .find(|&s| cfg.team_of(s) == Some(wanted))
        .ok_or_else(|| format!("no seat plays the {wanted}"))?;
    match seat {
        None => Ok(first),
        Some(s) if cfg.team_of(s) == Some(wanted) => Ok(s),
        Some(s) => {
            let theirs: Vec<String> =
                (0..seats).filter(|&x| cfg.team_of(x) == Some(wanted)).map(|x| x.to_string()).collect();
            let plays = match cfg.team_of(s) {
                Some(t) => format!("seat {s} plays the {t}"),
                None => format!("there is no seat {s} ({seats} players: seats 0 to {})", seats - 1),
            };
            Err(format!(
                "--team {wanted} and --seat {s} disagree: {plays}; the {wanted} sit at seat {} (give --team alone, or one of those seats)",
                theirs.join(" or ")
            ))
        }
    }
}

impl GameScreen for SpiesScreen {
    fn observe(&mut self, session: &Session, applied: &Applied) -> Observed {
        let human = session.human();
        let (Some(before), Some(after)) =
            (Table::of_state(applied.before.as_ref(), human), Table::of(session))
        else {
            return Observed::default();
        };
        let told = log::log_lines(&before, &after, applied.actor, &applied.seen, human, session.names());
        // What was heard, in the third person (it is shown after the character's mark).
        for (slot, words) in told.heard {
            if slot_team(slot) == Team::Spies
                && let Some(list) = self.heard.get_mut(slot)
            {
                list.push(format!("r{}: {words}", before.view.round.max(1)));
            }
        }
        // A window of the full game always asks for Build Anywhere rooms; with no Virus nor
        // Beacon to come the only answer is `anywhere none`, given for the person.
        let formality = (after.view.pending == tabula_sabotage_spies::state::Pending::Anywhere
            && session.legal() == ["anywhere none"])
        .then(|| "anywhere none".to_owned());
        Observed { lines: told.lines, window: None, formality }
    }

    fn draw(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        screen::draw(frame, area, ctx, &self.picker, &self.heard, self.log_view);
    }

    fn on_key(&mut self, session: &Session, key: KeyEvent) -> Outcome {
        if key.code == KeyCode::Char('L') {
            self.log_view = !self.log_view;
            let text = if self.log_view { "The log, larger: L shows the moves again." } else { "" };
            return Outcome::Say(text.to_owned(), false);
        }
        match SpiesScreen::offer(session) {
            Some(offer) => self.picker.on_key(session.seen().len(), &offer, key),
            None => Outcome::Ignored,
        }
    }

    fn on_line(&mut self, session: &Session, line: &str) -> Outcome {
        match SpiesScreen::offer(session) {
            Some(offer) => self.picker.on_line(&offer, line),
            None => Outcome::Play(line.to_owned()),
        }
    }

    fn key_hints(&self, session: &Session) -> Vec<(&'static str, &'static str)> {
        match SpiesScreen::offer(session) {
            Some(offer) => {
                let mut hints = self.picker.synced(session.seen().len()).key_hints(&offer);
                hints.push(("L", if self.log_view { "moves" } else { "log" }));
                hints
            }
            None => Vec::new(),
        }
    }

    fn verdict(&self, session: &Session) -> Option<String> {
        table::verdict(session)
    }

    screen_by_role!();
}
