//! The screen for a game without its own: the seat's view as JSON, the legal moves by
//! number, and the log.

#[cfg(test)]
use std::any::Any;
use std::fmt::Write;

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, List, ListItem, ListState, Paragraph};
use tabula_core::Turn;

use super::screen::{Ctx, GameScreen, History, Observed, Outcome};
use super::session::{Applied, LogLine, Session};
use super::widgets::{heading, key_line, log_panel, plain, seat_style};

/// The generic screen: the selected row of the moves and how far the view is scrolled.
#[derive(Debug, Default)]
pub struct GenericScreen {
    /// The selected row of the move list.
    pub choice: usize,
    /// How far the view is scrolled down.
    pub scroll: u16,
}

impl GameScreen for GenericScreen {
    #[cfg(test)]
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn observe(&mut self, session: &Session, applied: &Applied) -> Observed {
        let mut lines = vec![match applied.actor {
            Turn::Player(seat) => LogLine { seat: Some(seat), text: applied.seen.clone() },
            _ => LogLine { seat: None, text: format!("chance: {}", applied.seen) },
        }];
        if session.is_over() {
            let returns = session.state().returns();
            let parts: Vec<String> =
                returns.iter().enumerate().map(|(s, r)| format!("{} {r}", session.name(s))).collect();
            lines.push(LogLine { seat: None, text: format!("game over: {}", parts.join(", ")) });
        }
        self.choice = 0;
        Observed { lines, window: None, formality: None }
    }

    fn draw(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let session = ctx.session;
        let [left, right] =
            Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(area);
        let [moves, log] =
            Layout::vertical([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(right);
        let view = session.view_json();
        let text = serde_json::to_string_pretty(view.get("view").unwrap_or(&view)).unwrap_or_default();
        let title = format!(" Your view (seat {}) ", session.human());
        frame.render_widget(
            Paragraph::new(text).scroll((self.scroll, 0)).block(Block::bordered().title(title.bold())),
            left,
        );
        self.moves_panel(frame, moves, ctx);
        log_panel(frame, log, session, &plain);
    }

    fn on_key(&mut self, session: &Session, key: KeyEvent) -> Outcome {
        let rows = session.legal().len();
        match key.code {
            KeyCode::Up | KeyCode::Char('k') if rows > 0 => {
                self.choice = (self.choice + rows - 1) % rows;
                Outcome::Done
            }
            KeyCode::Down | KeyCode::Char('j') if rows > 0 => {
                self.choice = (self.choice + 1) % rows;
                Outcome::Done
            }
            KeyCode::Enter | KeyCode::Char(' ') => match session.legal().get(self.choice) {
                Some(action) => Outcome::Play(action.clone()),
                None => Outcome::Waiting,
            },
            KeyCode::Char(c @ '0'..='9') => Outcome::Command(c.to_string()),
            KeyCode::PageDown => {
                self.scroll = self.scroll.saturating_add(10);
                Outcome::Done
            }
            KeyCode::PageUp => {
                self.scroll = self.scroll.saturating_sub(10);
                Outcome::Done
            }
            KeyCode::Home => {
                self.scroll = 0;
                Outcome::Done
            }
            _ => Outcome::Ignored,
        }
    }

    fn on_line(&mut self, session: &Session, line: &str) -> Outcome {
        let legal = session.legal();
        match line.parse::<usize>() {
            Ok(n) if (1..=legal.len()).contains(&n) => Outcome::Play(legal[n - 1].clone()),
            Ok(n) => Outcome::Say(format!("there is no move {n}: the list has {}", legal.len()), true),
            Err(_) => Outcome::Play(line.to_owned()),
        }
    }

    fn key_hints(&self, session: &Session) -> Vec<(&'static str, &'static str)> {
        let mut hints = Vec::new();
        if session.is_human_turn() {
            hints.extend([("↑/↓", "move"), ("Enter", "play"), ("1-9", "by number")]);
        }
        hints.push(("PgUp/PgDn", "scroll view"));
        hints
    }

    fn command_example(&self) -> &'static str {
        "an action as listed, or its number"
    }

    fn help(&self) -> Vec<Line<'static>> {
        vec![
            heading("Playing"),
            Line::raw("  When it is your turn the legal moves are listed on the right."),
            heading("Keys"),
            key_line(&[("↑/↓ Enter", "choose and play a move"), ("1-9", "type a move's number")]),
            key_line(&[(": or Tab", "type a move"), ("PgUp/PgDn", "scroll your view")]),
            key_line(&[("?", "this help"), ("q", "quit (asks first)")]),
        ]
    }

    fn verdict(&self, session: &Session) -> Option<String> {
        session.is_over().then(|| {
            let parts: Vec<String> = session
                .state()
                .returns()
                .iter()
                .enumerate()
                .map(|(s, r)| format!("{} {r}", session.name(s)))
                .collect();
            format!("returns {}", parts.join(", "))
        })
    }

    fn replay_text(&self, history: &History) -> String {
        let mut out = String::from("\n");
        for (i, action) in history.actions.iter().enumerate() {
            let _ = writeln!(out, "{}", History::line(&(i + 1).to_string(), history.actor_name(i), action));
            if let Turn::Player(_) = history.actors[i] {
                let state = &history.states[i + 1];
                let json = serde_json::to_string(&state.state_json()).unwrap_or_default();
                let _ = writeln!(out, "{:>11}state {json}", "");
            }
        }
        out.push('\n');
        out.push_str(&ending(history));
        out
    }
}

impl GenericScreen {
    fn moves_panel(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let session = ctx.session;
        if session.is_over() {
            let returns = session.state().returns();
            let mut lines = vec![Line::from("The game is over.".bold())];
            for (seat, r) in returns.iter().enumerate() {
                lines.push(Line::from(vec![
                    Span::styled(session.name(seat).to_owned(), seat_style(session, seat)),
                    Span::raw(format!(": {r}")),
                ]));
            }
            lines.extend(ctx.saved_lines().into_iter().map(Line::from));
            frame.render_widget(
                Paragraph::new(lines).block(Block::bordered().title(" Game over ".bold())),
                area,
            );
            return;
        }
        if !session.is_human_turn() {
            let text = Line::from(Span::raw(session.waiting_text()).fg(Color::Cyan));
            frame.render_widget(Paragraph::new(text).block(Block::bordered().title(" Moves ".bold())), area);
            return;
        }
        let legal = session.legal();
        let items: Vec<ListItem> = legal
            .iter()
            .enumerate()
            .map(|(i, action)| {
                ListItem::new(Line::from(vec![
                    Span::raw(format!("{:>3}. ", i + 1)).fg(Color::DarkGray),
                    Span::raw(action.clone()),
                ]))
            })
            .collect();
        let list = List::new(items)
            .block(Block::bordered().title(" Your move: ↑/↓ Enter, or its number ".bold()))
            .highlight_symbol("▶ ")
            .highlight_style(Style::new().bg(Color::DarkGray).add_modifier(Modifier::BOLD));
        let selected = (!legal.is_empty()).then(|| self.choice.min(legal.len() - 1));
        frame.render_stateful_widget(list, area, &mut ListState::default().with_selected(selected));
    }
}

/// The last line of a printout: each seat's return, or that the record stops early.
pub fn ending(history: &History) -> String {
    match history.states.last() {
        Some(last) if last.is_terminal() => {
            let parts: Vec<String> =
                last.returns().iter().enumerate().map(|(s, r)| format!("{} {r}", history.name(s))).collect();
            format!("Game over. Returns: {}.\n", parts.join(", "))
        }
        _ => "The record stops before the end of the game.\n".to_owned(),
    }
}
