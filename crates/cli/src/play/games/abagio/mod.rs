//! Abagio in the terminal: [`table`] reads the board (its places, the dice of a turn) and
//! tells the log's sentences, [`moves`] is what the person is choosing (a frog, then its
//! leap; or where the Top Frog goes), [`screen`] draws the board, [`text`] prints it for
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
use tabula_abagio::{Abagio, View};

use crate::play::screen::{Ctx, GameScreen, Observed, Outcome, view_of};
use crate::play::session::{Applied, Session};
use moves::Picker;

/// What the command line suggests typing.
pub const COMMAND_EXAMPLE: &str = "21/17 · 20/14 14/8 · root/22 · 3/pond · top 14 · pass · a square's number";

/// The Abagio screen: what the person is choosing on the board.
#[derive(Debug, Default)]
pub struct AbagioScreen {
    /// The square under the cursor, the list of its leaps, the digits typed.
    pub picker: Picker,
}

impl AbagioScreen {
    /// The person's view, when the session is a game of Abagio.
    pub fn view(session: &Session) -> Option<View> {
        view_of::<Abagio>(session.state(), session.human())
    }
}

impl GameScreen for AbagioScreen {
    fn observe(&mut self, session: &Session, applied: &Applied) -> Observed {
        let human = session.human();
        let (Some(before), Some(after)) =
            (view_of::<Abagio>(applied.before.as_ref(), human), AbagioScreen::view(session))
        else {
            return Observed::default();
        };
        let lines = table::log_lines(&before, &after, applied.actor, &applied.seen, human, session.names());
        Observed { lines, window: None, formality: None }
    }

    fn draw(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        screen::draw(frame, area, ctx, &self.picker);
    }

    fn on_key(&mut self, session: &Session, key: KeyEvent) -> Outcome {
        match AbagioScreen::view(session) {
            Some(view) => self.picker.on_key(&view, &session.legal(), key),
            None => Outcome::Ignored,
        }
    }

    fn on_line(&mut self, session: &Session, line: &str) -> Outcome {
        match AbagioScreen::view(session) {
            Some(view) => self.picker.on_line(&view, &session.legal(), line),
            None => Outcome::Play(line.to_owned()),
        }
    }

    fn key_hints(&self, session: &Session) -> Vec<(&'static str, &'static str)> {
        match AbagioScreen::view(session) {
            Some(view) => self.picker.key_hints(&view, &session.legal()),
            None => Vec::new(),
        }
    }

    fn verdict(&self, session: &Session) -> Option<String> {
        table::verdict(session)
    }

    screen_by_role!();
}
