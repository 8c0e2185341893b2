//! The screen for a game without its own table: the seat's view as JSON, the legal moves
//! by number, and the log.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, List, ListItem, ListState, Paragraph};

use super::app::App;
use super::ui::seat_style;

/// Draws the view, the moves and the log in `area`.
pub fn draw(frame: &mut Frame, area: Rect, app: &App) {
    let [left, right] =
        Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(area);
    let [moves, log] =
        Layout::vertical([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(right);
    let view = app.session.view_json();
    let text = serde_json::to_string_pretty(view.get("view").unwrap_or(&view)).unwrap_or_default();
    let title = format!(" Your view (seat {}) ", app.session.human());
    frame.render_widget(
        Paragraph::new(text).scroll((app.scroll, 0)).block(Block::bordered().title(title.bold())),
        left,
    );
    moves_panel(frame, moves, app);
    log_panel(frame, log, app);
}

fn moves_panel(frame: &mut Frame, area: Rect, app: &App) {
    if app.session.is_over() {
        let returns = app.session.state().returns();
        let mut lines = vec![Line::from("The game is over.".bold())];
        for (seat, r) in returns.iter().enumerate() {
            lines.push(Line::from(vec![
                Span::styled(app.session.name(seat).to_owned(), seat_style(app, seat)),
                Span::raw(format!(": {r}")),
            ]));
        }
        if let Some(Ok(path)) = &app.saved {
            lines.push(Line::from(format!("Record saved to {}.", path.display())));
        }
        frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(" Game over ".bold())), area);
        return;
    }
    if !app.session.is_human_turn() {
        let text = Line::from(Span::raw(app.waiting_text()).fg(Color::Cyan));
        frame.render_widget(Paragraph::new(text).block(Block::bordered().title(" Moves ".bold())), area);
        return;
    }
    let choices = app.choices();
    let items: Vec<ListItem> = choices
        .iter()
        .enumerate()
        .map(|(i, choice)| {
            ListItem::new(Line::from(vec![
                Span::raw(format!("{:>3}. ", i + 1)).fg(Color::DarkGray),
                Span::raw(choice.label.clone()),
            ]))
        })
        .collect();
    let list = List::new(items)
        .block(Block::bordered().title(" Your move: ↑/↓ Enter, or its number ".bold()))
        .highlight_symbol("▶ ")
        .highlight_style(Style::new().bg(Color::DarkGray).add_modifier(Modifier::BOLD));
    let selected = (!choices.is_empty()).then(|| app.choice.min(choices.len() - 1));
    frame.render_stateful_widget(list, area, &mut ListState::default().with_selected(selected));
}

fn log_panel(frame: &mut Frame, area: Rect, app: &App) {
    let rows = area.height.saturating_sub(2) as usize;
    let log = app.session.log();
    let lines: Vec<Line> = log[log.len().saturating_sub(rows)..]
        .iter()
        .map(|line| match line.seat {
            Some(seat) => Line::from(vec![
                Span::styled(app.session.name(seat).to_owned(), seat_style(app, seat)),
                Span::raw(format!(" {}", line.text)),
            ]),
            None => Line::from(Span::raw(line.text.clone()).fg(Color::DarkGray)),
        })
        .collect();
    frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(" Log ".bold())), area);
}
