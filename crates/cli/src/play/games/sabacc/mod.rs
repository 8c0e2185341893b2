//! Sabacc in the terminal: [`table`] reads the person's view (cards and hands in words,
//! the log's sentences, how each hand ended), [`moves`] lists the moves offered and
//! chooses one (the amount of a raise, the cards to exchange), [`screen`] draws the
//! table, its hand-over window and the help, [`text`] prints a session for
//! `tabula replay --text`.

pub mod moves;
pub mod screen;
pub mod table;
mod text;

#[cfg(test)]
mod tests;

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::layout::Rect;

use crate::play::screen::{Ctx, GameScreen, Observed, Outcome, Window};
use crate::play::session::{Applied, Session};
use moves::Picker;
use table::{Before, Table, Tracker};

/// What the command line suggests typing.
pub const COMMAND_EXAMPLE: &str =
    "call · raise 4 · fold · block 2 · announce see · take · discard 3 · a row's number";

/// The Sabacc screen: what the log remembers of the session (each hand's end, the last
/// roll, each seat's last move) and what the person is choosing.
#[derive(Debug, Default)]
pub struct SabaccScreen {
    /// How each hand ended, the last roll, each seat's last move.
    pub tracker: Tracker,
    /// The row chosen, the amount of a raise or bet, the cards marked.
    pub picker: Picker,
}

impl GameScreen for SabaccScreen {
    fn observe(&mut self, session: &Session, applied: &Applied) -> Observed {
        let Some(before) = Before::capture(applied.before.as_ref(), session.human()) else {
            return Observed::default();
        };
        let noted = self.tracker.note(
            before,
            session.state(),
            applied.actor,
            &applied.seen,
            &applied.played,
            session.names(),
        );
        Observed { lines: noted.lines, window: noted.hand_end, formality: None }
    }

    fn draw(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        screen::draw(frame, area, &screen::Scene { session: ctx.session, screen: self, ctx });
    }

    fn on_key(&mut self, session: &Session, key: KeyEvent) -> Outcome {
        match Table::of(session) {
            Some(table) => self.picker.on_key(&table, &session.legal(), key),
            None => Outcome::Ignored,
        }
    }

    fn on_line(&mut self, session: &Session, line: &str) -> Outcome {
        match Table::of(session) {
            Some(table) => self.picker.on_line(&table, &session.legal(), line),
            None => Outcome::Play(line.to_owned()),
        }
    }

    fn key_hints(&self, session: &Session) -> Vec<(&'static str, &'static str)> {
        match Table::of(session) {
            Some(table) => self.picker.synced(&table).key_hints(&table, &session.legal()),
            None => Vec::new(),
        }
    }

    fn window(&self, ctx: &Ctx, index: usize, width: u16) -> Option<Window> {
        let end = self.tracker.hands().get(index)?;
        let width = width.min(96);
        let scene = screen::Scene { session: ctx.session, screen: self, ctx };
        let (title, lines) = screen::hand_over_lines(&scene, end, width as usize);
        Some(Window { title, lines, width })
    }

    fn verdict(&self, session: &Session) -> Option<String> {
        table::verdict(session)
    }

    screen_by_role!();
}
