//! `tabula replay`: a terminal viewer that steps through a record, drawing each moment with
//! the game's own play screen, as the seat it is seen from saw it (Tab: another seat), with
//! the end-of-round (or hand) windows where the game opened them.

use std::io::IsTerminal;
use std::time::Duration;

use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use tabula_core::{Registry, Turn};

use super::timeline::Timeline;
use crate::play::app::{App, Overlay};
use crate::play::games;
use crate::play::overlay;
use crate::play::screen::Ctx;
use crate::play::session::Session;

/// The viewer's state: a replayed record, the step shown and the seat it is seen from.
pub struct Viewer {
    timeline: Timeline,
    registry: Registry,
    /// How many actions have been applied at the step shown (`0..=len`).
    pub step: usize,
    /// The seat whose view is drawn.
    pub seat: usize,
    /// The game replayed up to `step`, drawn by the game's screen.
    app: App,
    /// The steps after which the game opened a window (a round or a hand ended).
    windows: Vec<usize>,
    quit: bool,
}

impl Viewer {
    /// A viewer at the start of the game, seen from seat 0.
    ///
    /// # Errors
    /// A game that cannot be made (the timeline was replayed, so this does not happen).
    pub fn new(timeline: Timeline) -> Result<Viewer, String> {
        let registry = tabula_registry::registry();
        let mut app = fresh(&registry, &timeline, 0)?;
        let mut windows = Vec::new();
        for (i, action) in timeline.actions.iter().enumerate() {
            let applied = app.session.apply_next(action)?;
            app.after(applied);
            if app.overlay.take().is_some() {
                windows.push(i + 1);
            }
        }
        let app = fresh(&registry, &timeline, 0)?;
        Ok(Viewer { timeline, registry, step: 0, seat: 0, app, windows, quit: false })
    }

    /// Whether the person has asked to leave.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Shows step `step`: plays on from the step shown, or from the start when going back.
    fn goto(&mut self, step: usize) {
        let step = step.min(self.timeline.len());
        if step < self.app.session.seen().len() {
            match fresh(&self.registry, &self.timeline, self.seat) {
                Ok(app) => self.app = app,
                Err(_) => return,
            }
        }
        while self.app.session.seen().len() < step {
            let i = self.app.session.seen().len();
            match self.app.session.apply_next(&self.timeline.actions[i]) {
                Ok(applied) => {
                    self.app.after(applied);
                }
                Err(_) => break,
            }
        }
        self.step = self.app.session.seen().len();
        // The window is shown at the step that opened it only.
        if !self.windows.contains(&self.step) {
            self.app.overlay = None;
        }
    }

    fn is_player_move(&self, step: usize) -> bool {
        step > 0 && matches!(self.timeline.actors.get(step - 1), Some(Turn::Player(_)))
    }

    /// The next (`forward`) or previous step where `stop` holds, or the end.
    fn seek(&self, forward: bool, stop: impl Fn(&Viewer, usize) -> bool) -> usize {
        let len = self.timeline.len();
        let mut step = self.step;
        loop {
            if forward && step < len {
                step += 1;
            } else if !forward && step > 0 {
                step -= 1;
            } else {
                return step;
            }
            if stop(self, step) {
                return step;
            }
        }
    }

    /// Reacts to a key.
    pub fn on_key(&mut self, key: KeyEvent) {
        let len = self.timeline.len();
        let target = match key.code {
            KeyCode::Char('q') | KeyCode::Esc => {
                self.quit = true;
                return;
            }
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                self.quit = true;
                return;
            }
            KeyCode::Tab | KeyCode::BackTab => {
                let players = self.timeline.players();
                self.seat = if key.code == KeyCode::Tab {
                    (self.seat + 1) % players
                } else {
                    (self.seat + players - 1) % players
                };
                let step = self.step;
                if let Ok(app) = fresh(&self.registry, &self.timeline, self.seat) {
                    self.app = app;
                }
                step
            }
            KeyCode::Right | KeyCode::Char('l') | KeyCode::Char(' ') | KeyCode::Enter => self.step + 1,
            KeyCode::Left | KeyCode::Char('h') | KeyCode::Backspace => self.step.saturating_sub(1),
            KeyCode::Char('n') => self.seek(true, |v, s| v.is_player_move(s)),
            KeyCode::Char('p') => self.seek(false, |v, s| v.is_player_move(s)),
            KeyCode::Char(']') => self.seek(true, |v, s| v.windows.contains(&s)),
            KeyCode::Char('[') => self.seek(false, |v, s| v.windows.contains(&s)),
            KeyCode::PageDown => self.step + 20,
            KeyCode::PageUp => self.step.saturating_sub(20),
            KeyCode::Home => 0,
            KeyCode::End => len,
            _ => return,
        };
        self.goto(target);
    }

    /// Draws the viewer: a title line, the game's play screen, the keys.
    pub fn draw(&self, frame: &mut Frame) {
        let area = frame.area();
        let [header, body, last, keys] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(10),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let t = &self.timeline;
        let title = Line::from(vec![
            Span::styled(
                " replay ",
                Style::new().fg(Color::Black).bg(Color::Magenta).add_modifier(Modifier::BOLD),
            ),
            Span::raw(format!(" {} ", t.game_name)).bold(),
            Span::raw(t.record.seed.map(|s| format!(" seed {s}")).unwrap_or_default()).fg(Color::DarkGray),
            Span::raw(format!("  step {} of {}", self.step, t.len())).bold(),
            Span::raw(format!("  seen from seat {} ({}): \"you\"", self.seat, t.name(self.seat)))
                .fg(Color::Yellow),
        ]);
        frame.render_widget(Paragraph::new(title), header);
        let ctx = Ctx { session: &self.app.session, saved: None };
        self.app.screen.draw(frame, body, &ctx);
        let said = match self.step.checked_sub(1) {
            Some(i) => {
                let who = match t.actors[i] {
                    Turn::Player(seat) => t.name(seat).to_owned(),
                    _ => "chance".to_owned(),
                };
                format!(" step {}: {who} {}", i + 1, t.actions[i])
            }
            None => " the start: → to step through the game".to_owned(),
        };
        frame.render_widget(Paragraph::new(Span::raw(said).fg(Color::Green)), last);
        let hints =
            "←/→ step  n/p next/previous move  [/] round ends  Tab seat  PgUp/PgDn 20  Home/End  q quit";
        frame.render_widget(Paragraph::new(Span::raw(format!(" {hints}")).fg(Color::DarkGray)), keys);
        if let Some(Overlay::Window(index)) = self.app.overlay {
            if let Some(window) = self.app.screen.window(&ctx, index, area.width) {
                overlay::show(frame, area, &window.title, window.lines, window.width, Color::Yellow);
            }
        }
    }
}

/// The record's game at its start, seen from `seat`, drawn by the game's play screen.
fn fresh(registry: &Registry, timeline: &Timeline, seat: usize) -> Result<App, String> {
    let session = Session::replay(registry, &timeline.record, seat, &timeline.names)?;
    Ok(App::new(session, games::screen_for(&timeline.record.game), Duration::ZERO))
}

/// Runs the viewer in the terminal.
///
/// # Errors
/// No terminal, or a terminal error.
pub fn run(timeline: Timeline) -> Result<(), String> {
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err("the replay viewer needs a terminal; use `tabula replay --text FILE` to print the game"
            .to_owned());
    }
    let mut viewer = Viewer::new(timeline)?;
    let mut terminal = ratatui::try_init().map_err(|e| format!("cannot set up the terminal: {e}"))?;
    let io = |e: std::io::Error| format!("terminal error: {e}");
    let result = (|| {
        while !viewer.should_quit() {
            terminal.draw(|frame| viewer.draw(frame)).map_err(io)?;
            if let Event::Key(key) = event::read().map_err(io)? {
                if key.kind != KeyEventKind::Release {
                    viewer.on_key(key);
                }
            }
        }
        Ok(())
    })();
    ratatui::restore();
    result
}
