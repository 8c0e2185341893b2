//! Abilene in the terminal: [`table`] reads the person's view (pieces and money in words,
//! the log's sentences), [`moves`] lists the moves offered grouped by piece and chooses
//! one, [`screen`] draws
//! the hex board, the ranchers' panel, the moves, the window at the end of each sale and
//! the help, [`text`] prints a game for `tabula replay --text`.

pub mod moves;
pub mod screen;
pub mod table;
mod text;

#[cfg(test)]
mod tests;

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::layout::Rect;
use tabula_abilene::state::{SaleRecord, State};

use crate::play::screen::{Ctx, GameScreen, Observed, Outcome, Window};
use crate::play::session::{Applied, Session};
use moves::{Offer, Picker};
use table::Table;

/// What the command line suggests typing.
pub const COMMAND_EXAMPLE: &str =
    "cow a52 a21 3 · boy a40 b52 4 · place a74 · corral own · borrow 1000 · a move's number";

/// One sale as it ended: the record and the person's view of the state just after it.
#[derive(Debug, Clone)]
pub struct SaleEnd {
    /// The sale's record.
    pub record: SaleRecord,
    /// The person's view of the state after the reveal (the cow's brand and value known).
    pub state: State,
}

/// The Abilene screen: the move chosen, and the sales seen so far (for their windows).
#[derive(Debug, Default)]
pub struct AbileneScreen {
    /// The row chosen and the digits typed.
    pub picker: Picker,
    /// Every sale ended so far, in order.
    pub sales: Vec<SaleEnd>,
}

impl AbileneScreen {
    /// The offer and the steps seen, when the session is a game of Abilene.
    fn offer(session: &Session) -> Option<(Table, Offer)> {
        let table = Table::of(session)?;
        let offer = Offer::read(&table, &session.legal(), session.names());
        Some((table, offer))
    }
}

impl GameScreen for AbileneScreen {
    fn observe(&mut self, session: &Session, applied: &Applied) -> Observed {
        let human = session.human();
        let (Some(before), Some(after)) =
            (Table::of_state(applied.before.as_ref(), human), Table::of(session))
        else {
            return Observed::default();
        };
        let (b, a) = (before.state(), after.state());
        let lines = table::log_lines(&after.cfg, b, a, applied.actor, &applied.seen, human, session.names());
        let mut window = None;
        if let Some(record) = a.last_sale.filter(|r| Some(*r) != b.last_sale) {
            self.sales.push(SaleEnd { record, state: a.clone() });
            window = Some(self.sales.len() - 1);
        }
        Observed { lines, window, formality: None }
    }

    fn draw(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        screen::draw(frame, area, ctx, &self.picker);
    }

    fn on_key(&mut self, session: &Session, key: KeyEvent) -> Outcome {
        match AbileneScreen::offer(session) {
            Some((_, offer)) => self.picker.on_key(session.seen().len(), &offer, key),
            None => Outcome::Ignored,
        }
    }

    fn on_line(&mut self, session: &Session, line: &str) -> Outcome {
        match AbileneScreen::offer(session) {
            Some((_, offer)) => self.picker.on_line(&offer, line),
            None => Outcome::Play(line.to_owned()),
        }
    }

    fn key_hints(&self, session: &Session) -> Vec<(&'static str, &'static str)> {
        match AbileneScreen::offer(session) {
            Some((_, offer)) => self.picker.synced(session.seen().len(), &offer).key_hints(&offer),
            None => Vec::new(),
        }
    }

    fn window(&self, ctx: &Ctx, index: usize, width: u16) -> Option<Window> {
        let sale = self.sales.get(index)?;
        let table = Table::of(ctx.session)?;
        let (title, lines) = screen::sale_window_lines(
            &table.cfg,
            &sale.state,
            &sale.record,
            ctx.session.names(),
            ctx.session.human(),
        );
        Some(Window { title, lines, width: width.min(72) })
    }

    fn verdict(&self, session: &Session) -> Option<String> {
        table::verdict(session)
    }

    screen_by_role!();
}
