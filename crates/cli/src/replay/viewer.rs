//! `tabula replay`: a terminal viewer that steps through a record, showing the referee's
//! view (both roofs and every hand for Sabotage, the state as JSON for other games).

use std::io::IsTerminal;

use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, List, ListItem, ListState, Paragraph};
use tabula_core::Turn;
use tabula_sabotage_pipes::{Action, Phase, Square, State};

use super::timeline::{Frames, Timeline};
use crate::play::sabotage::{self, card_tile, hand_line, roof_grid, score_lines, text_spans, value_line};
use crate::play::sabotage_screen::result_line;

/// The viewer's state: a replayed record and the step shown.
pub struct Viewer {
    timeline: Timeline,
    /// How many actions have been applied at the step shown (`0..=len`).
    pub step: usize,
    quit: bool,
}

impl Viewer {
    /// A viewer at the start of the game.
    pub fn new(timeline: Timeline) -> Viewer {
        Viewer { timeline, step: 0, quit: false }
    }

    /// Whether the person has asked to leave.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    fn is_round_end(&self, step: usize) -> bool {
        match &self.timeline.frames {
            Frames::Sabotage(states) => {
                step > 0 && step < states.len() && states[step].results.len() > states[step - 1].results.len()
            }
            Frames::Generic(_) => false,
        }
    }

    fn is_player_move(&self, step: usize) -> bool {
        step > 0 && matches!(self.timeline.actors.get(step - 1), Some(Turn::Player(_)))
    }

    /// Moves to the next (`forward`) or previous step where `stop` holds, or to the end.
    fn seek(&mut self, forward: bool, stop: impl Fn(&Viewer, usize) -> bool) {
        let len = self.timeline.len();
        let mut step = self.step;
        loop {
            if forward && step < len {
                step += 1;
            } else if !forward && step > 0 {
                step -= 1;
            } else {
                break;
            }
            if stop(self, step) {
                break;
            }
        }
        self.step = step;
    }

    /// Reacts to a key.
    pub fn on_key(&mut self, key: KeyEvent) {
        let len = self.timeline.len();
        match key.code {
            KeyCode::Char('q') | KeyCode::Esc => self.quit = true,
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => self.quit = true,
            KeyCode::Right | KeyCode::Char('l') | KeyCode::Char(' ') | KeyCode::Enter => {
                self.step = (self.step + 1).min(len)
            }
            KeyCode::Left | KeyCode::Char('h') | KeyCode::Backspace => {
                self.step = self.step.saturating_sub(1)
            }
            KeyCode::PageDown | KeyCode::Down => self.step = (self.step + 20).min(len),
            KeyCode::PageUp | KeyCode::Up => self.step = self.step.saturating_sub(20),
            KeyCode::Home | KeyCode::Char('g') => self.step = 0,
            KeyCode::End | KeyCode::Char('G') => self.step = len,
            KeyCode::Char('n') => self.seek(true, Viewer::is_player_move),
            KeyCode::Char('p') => self.seek(false, Viewer::is_player_move),
            KeyCode::Char(']') => self.seek(true, Viewer::is_round_end),
            KeyCode::Char('[') => self.seek(false, Viewer::is_round_end),
            _ => {}
        }
    }

    /// Draws the step shown.
    pub fn draw(&self, frame: &mut Frame) {
        let area = frame.area();
        let [header, body, keys] =
            Layout::vertical([Constraint::Length(1), Constraint::Min(10), Constraint::Length(1)]).areas(area);
        let t = &self.timeline;
        let title = Line::from(vec![
            Span::styled(
                " tabula replay ",
                Style::new().fg(Color::Black).bg(Color::Cyan).add_modifier(Modifier::BOLD),
            ),
            Span::raw(format!(" {} ", t.game_name)).bold(),
            Span::raw(t.record.seed.map(|s| format!(" seed {s}")).unwrap_or_default()).fg(Color::DarkGray),
            Span::raw(format!("  step {} of {}", self.step, t.len())).bold(),
        ]);
        frame.render_widget(Paragraph::new(title), header);
        let hints = "←/→ step  n/p next/previous move  [/] round ends  PgUp/PgDn 20  Home/End  q quit";
        frame.render_widget(Paragraph::new(Span::raw(format!(" {hints}")).fg(Color::DarkGray)), keys);
        let [left, right] =
            Layout::horizontal([Constraint::Percentage(58), Constraint::Percentage(42)]).areas(body);
        match &t.frames {
            Frames::Sabotage(states) => self.draw_sabotage(frame, left, right, states),
            Frames::Generic(states) => {
                let text = serde_json::to_string_pretty(&states[self.step]).unwrap_or_default();
                let block = Block::bordered().title(" State (referee) ".bold());
                frame.render_widget(Paragraph::new(text).block(block), left);
                self.draw_actions(frame, right);
            }
        }
    }

    fn draw_actions(&self, frame: &mut Frame, area: Rect) {
        let t = &self.timeline;
        // Sabotage: who receives each card dealt or drawn.
        let receiver = |i: usize| match &t.frames {
            Frames::Sabotage(states) => Some(t.name(states[i].to_move as usize)),
            Frames::Generic(_) => None,
        };
        let mut items = vec![ListItem::new(Line::from(Span::raw("      start").fg(Color::DarkGray)))];
        items.extend(t.actions.iter().enumerate().map(|(i, action)| {
            let style = match t.actors[i] {
                Turn::Chance => Style::new().fg(Color::DarkGray),
                _ => Style::new(),
            };
            let mut spans = vec![
                Span::raw(format!("{:>5} ", i + 1)).fg(Color::DarkGray),
                Span::styled(format!("{:<10} ", sabotage::clip(t.actor_name(i), 10)), style.fg(Color::Cyan)),
            ];
            spans.extend(text_spans(action, style));
            if let (Turn::Chance, Some(name)) = (t.actors[i], receiver(i)) {
                spans.push(Span::styled(format!(" → {name}"), style));
            }
            ListItem::new(Line::from(spans))
        }));
        if t.terminal {
            items.push(ListItem::new(Line::from(Span::raw("      game over").fg(Color::DarkGray))));
        }
        let list = List::new(items)
            .block(Block::bordered().title(" Actions ".bold()))
            .highlight_symbol("▶")
            .highlight_style(Style::new().bg(Color::DarkGray).add_modifier(Modifier::BOLD));
        let mut state = ListState::default().with_selected(Some(self.step));
        frame.render_stateful_widget(list, area, &mut state);
    }

    fn draw_sabotage(&self, frame: &mut Frame, left: Rect, right: Rect, states: &[State]) {
        let t = &self.timeline;
        let state = &states[self.step];
        let players = state.players as usize;
        let teams = [t.team_name(players, 0), t.team_name(players, 1)];
        // The rules clear the roofs when a round ends: show them as they were.
        let ended = self.is_round_end(self.step);
        let last = self.step.checked_sub(1).and_then(|i| {
            let seat = t.actors[i].player()?;
            Some((seat, Action::parse(&t.actions[i]).ok()?))
        });
        let roofs = match (ended, last) {
            (true, Some((seat, action))) => sabotage::roofs_after(&states[self.step - 1].roofs, seat, action),
            (true, None) => states[self.step - 1].roofs,
            (false, _) => state.roofs,
        };
        let mut marked = [[false; Square::NUM]; 2];
        if let Some((roof, square)) = last.and_then(|(seat, action)| sabotage::touched_square(seat, action)) {
            marked[roof][square] = true;
        }
        let hands_height = players as u16 + 2;
        let [roof_area, hands, info] =
            Layout::vertical([Constraint::Length(10), Constraint::Length(hands_height), Constraint::Min(3)])
                .areas(left);
        let [first, second] =
            Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(roof_area);
        for (roof, area) in [(0, first), (1, second)] {
            let mut lines = roof_grid(&roofs[roof], marked[roof]);
            let value = tabula_sabotage_pipes::roof_value(&roofs[roof]);
            lines.push(match (ended, states[self.step].results.as_slice().last()) {
                (true, Some(result)) => result_line(result.values[roof], result.points[roof]),
                _ => value_line(value),
            });
            let title = format!(" {}'s roof ", teams[roof]);
            let block = Block::bordered().title(title.bold());
            frame.render_widget(Paragraph::new(lines).alignment(Alignment::Center).block(block), area);
        }
        // At the end of a round, the hands as they were when it ended.
        let mut held = state.hands;
        if ended {
            held = states[self.step - 1].hands;
            if let Some((seat, card)) = last.and_then(|(seat, action)| Some((seat, action.card_played()?))) {
                held[seat].remove(card);
            }
        }
        let mover = match state.phase {
            _ if ended => None,
            Phase::Consent => Some(tabula_sabotage_pipes::rules::partner(state.to_move) as usize),
            Phase::Over => None,
            _ => Some(state.to_move as usize),
        };
        let width = (0..players).map(|s| t.name(s).chars().count()).max().unwrap_or(4).min(12);
        let hand_lines: Vec<Line> = (0..players)
            .map(|seat| {
                let cards = held[seat].to_vec();
                let marker = if mover == Some(seat) { "▶ " } else { "  " };
                let mut spans = vec![
                    Span::raw(marker).fg(Color::Yellow),
                    Span::raw(format!("{:<width$} ", sabotage::clip(t.name(seat), width))).fg(Color::Cyan),
                ];
                spans.extend(hand_line(&cards, None, false).spans);
                Line::from(spans)
            })
            .collect();
        frame.render_widget(
            Paragraph::new(hand_lines).block(Block::bordered().title(" Hands ".bold())),
            hands,
        );
        let mut lines = vec![];
        if let (true, Some(result)) = (ended, state.results.as_slice().last()) {
            let round = state.results.len();
            let why = match result.closer {
                Some(seat) => format!("{} ended it (−1).", t.name(seat as usize)),
                None => "the cards ran out.".to_owned(),
            };
            lines.push(Line::from(
                Span::raw(format!("Round {round} is over: {why}")).fg(Color::Yellow).bold(),
            ));
            let totals = state.totals();
            lines.push(Line::from(format!(
                "Points {} {}, {} {}  ·  totals {} {}, {} {}",
                teams[0],
                result.points[0],
                teams[1],
                result.points[1],
                teams[0],
                totals[0],
                teams[1],
                totals[1]
            )));
        }
        if state.phase == Phase::Over {
            let totals = state.totals();
            lines.push(Line::from(
                Span::raw(format!("Game over: {} {}, {} {}.", teams[0], totals[0], teams[1], totals[1]))
                    .fg(Color::Yellow)
                    .bold(),
            ));
        } else if !ended {
            lines.push(Line::from(format!(
                "Round {} of {}  ·  dealer {}  ·  {}",
                state.round + 1,
                state.rounds,
                t.name(state.dealer() as usize),
                phase_word(state.phase)
            )));
            let mut pile =
                vec![Span::raw(format!("Stock {}  ·  discards {}", state.stock_len(), state.discards.len()))];
            if let Some(top) = state.top_discard {
                pile.push(Span::raw(", top"));
                pile.push(card_tile(top));
            }
            lines.push(Line::from(pile));
            let mut pile = vec![Span::raw("Discarded: ").fg(Color::DarkGray)];
            for card in state.discards.to_vec() {
                pile.push(card_tile(card));
            }
            lines.push(Line::from(pile));
        }
        if self.step > 0 {
            let i = self.step - 1;
            let mut spans =
                vec![Span::raw("Last: ").fg(Color::DarkGray), Span::raw(format!("{} ", t.actor_name(i)))];
            spans.extend(text_spans(&t.actions[i], Style::new()));
            lines.push(Line::from(spans));
        }
        let table = Paragraph::new(lines).wrap(ratatui::widgets::Wrap { trim: false });
        frame.render_widget(table.block(Block::bordered().title(" Table ".bold())), info);
        let score_height = state.rounds as u16 + 4;
        let [scores, actions] =
            Layout::vertical([Constraint::Length(score_height), Constraint::Min(3)]).areas(right);
        let current = (state.phase != Phase::Over).then(|| (state.round as usize, state.values()));
        let lines =
            score_lines([&teams[0], &teams[1]], [0, 1], &state.results, state.rounds as usize, current);
        frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(" Scores ".bold())), scores);
        self.draw_actions(frame, actions);
    }
}

fn phase_word(phase: Phase) -> &'static str {
    match phase {
        Phase::Deal => "dealing",
        Phase::Start => "may end or draw",
        Phase::Draw => "drawing",
        Phase::Play => "playing a card",
        Phase::Consent => "partner answers",
        Phase::Over => "over",
    }
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
    let mut viewer = Viewer::new(timeline);
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
