//! Drawing the play screen: the frame common to every game (title bar, command line,
//! status line, key hints, windows) around the game's own table.

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::app::{App, Input};
use super::overlay;
use super::widgets::wrap;

/// The smallest terminal the screen is drawn in.
pub const MIN_WIDTH: u16 = 80;
/// The smallest terminal height the screen is drawn in.
pub const MIN_HEIGHT: u16 = 24;
/// The most lines a message under the table takes (a longer one is cut).
const STATUS_LINES: usize = 3;

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        let text = vec![
            Line::from("The terminal is too small for tabula play.".bold()),
            Line::from(format!(
                "It is {}×{}; make it at least {MIN_WIDTH}×{MIN_HEIGHT}. (q quits)",
                area.width, area.height
            )),
        ];
        frame.render_widget(Paragraph::new(text).alignment(Alignment::Center), area);
        return;
    }
    let status = status_lines(app, area.width as usize);
    let [header, body, command, status_area, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(10),
        Constraint::Length(1),
        Constraint::Length(status.len() as u16),
        Constraint::Length(1),
    ])
    .areas(area);
    draw_header(frame, header, app);
    app.screen.draw(frame, body, &app.ctx());
    draw_command(frame, command, app);
    frame.render_widget(Paragraph::new(status), status_area);
    draw_keys(frame, keys, app);
    overlay::draw(frame, area, app);
}

fn draw_header(frame: &mut Frame, area: Rect, app: &App) {
    let game = app.session.state().game();
    let right = "? help  q quit ";
    let mut spans = vec![
        Span::styled(" tabula ", Style::new().fg(Color::Black).bg(Color::Cyan).add_modifier(Modifier::BOLD)),
        Span::raw(" "),
        Span::raw(game.spec().name).bold(),
    ];
    if let Some(bot) = app.session.opponent() {
        spans.push(Span::raw("  vs ").fg(Color::DarkGray));
        spans.push(Span::raw(bot.to_owned()).bold());
    }
    spans.push(Span::raw("  seed ").fg(Color::DarkGray));
    spans.push(Span::raw(app.session.seed().to_string()).bold());
    let used: usize = spans.iter().map(|s| s.content.chars().count()).sum();
    let canonical = format!("  {}", game.canonical());
    if used + canonical.chars().count() + right.len() < area.width as usize {
        spans.push(Span::raw(canonical).fg(Color::DarkGray));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
    frame.render_widget(
        Paragraph::new(Span::raw(right).fg(Color::DarkGray)).alignment(Alignment::Right),
        area,
    );
}

fn draw_command(frame: &mut Frame, area: Rect, app: &App) {
    let line = match &app.input {
        Input::Command(text) => Line::from(vec![
            Span::raw(" move> ").fg(Color::Yellow).bold(),
            Span::raw(text.clone()),
            Span::raw("█").fg(Color::Yellow),
        ]),
        Input::Keys if app.session.is_over() => Line::raw(""),
        Input::Keys => Line::from(vec![
            Span::raw(" : ").fg(Color::Yellow),
            Span::raw(format!("type a move: {}", app.screen.command_example())).fg(Color::DarkGray),
        ]),
    };
    frame.render_widget(Paragraph::new(line), area);
}

/// The message under the table, wrapped to the screen's width (a refusal's reason is
/// never cut short), at most [`STATUS_LINES`] lines.
fn status_lines(app: &App, width: usize) -> Vec<Line<'static>> {
    let style = if app.status.error {
        Style::new().fg(Color::LightRed).add_modifier(Modifier::BOLD)
    } else {
        Style::new().fg(Color::Green)
    };
    let text =
        if app.status.error { format!(" ✗ {}", app.status.text) } else { format!(" {}", app.status.text) };
    let mut lines = wrap(&text, width.saturating_sub(1), 3);
    if let Some(first) = lines.first_mut() {
        first.insert(0, ' ');
    }
    if lines.len() > STATUS_LINES {
        lines.truncate(STATUS_LINES);
        if let Some(last) = lines.last_mut() {
            last.push('…');
        }
    }
    if lines.is_empty() {
        lines.push(String::new());
    }
    lines.into_iter().map(|line| Line::from(Span::styled(line, style))).collect()
}

/// The keys that do something now, as `(key, what)`.
pub fn key_hints(app: &App) -> Vec<(&'static str, &'static str)> {
    if let Input::Command(_) = app.input {
        return vec![("Enter", "play"), ("Esc", "cancel"), ("Backspace", "erase")];
    }
    if app.session.is_over() {
        return vec![("q/Enter", "quit"), ("?", "help")];
    }
    let mut hints = app.screen.key_hints(&app.session);
    hints.extend([(":", "type"), ("?", "help"), ("q", "quit")]);
    hints
}

fn draw_keys(frame: &mut Frame, area: Rect, app: &App) {
    let mut spans = vec![Span::raw(" ")];
    for (i, (key, what)) in key_hints(app).into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw("  "));
        }
        spans.push(Span::raw(key).fg(Color::Cyan).bold());
        spans.push(Span::raw(format!(" {what}")).fg(Color::DarkGray));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}
