//! Drawing the play screen: the frame common to every game (title bar, command line,
//! status line, key hints, windows) around the game's own table.

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use tabula_sabotage_pipes::Phase;

use super::app::{App, Input};
use super::{abagio, abagio_screen, generic, overlay, sabacc, sabacc_screen, sabotage_screen};

/// The smallest terminal the screen is drawn in.
pub const MIN_WIDTH: u16 = 80;
/// The smallest terminal height the screen is drawn in.
pub const MIN_HEIGHT: u16 = 24;

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
    let [header, body, command, status, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(10),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    draw_header(frame, header, app);
    match app.session.sabotage_view() {
        Some(view) => sabotage_screen::draw(frame, body, app, &view),
        None if app.session.abagio_view().is_some() => abagio_screen::draw(frame, body, app),
        None if app.session.sabacc_view().is_some() => sabacc_screen::draw(frame, body, app),
        None => generic::draw(frame, body, app),
    }
    draw_command(frame, command, app);
    draw_status(frame, status, app);
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
        Span::raw("  seed ").fg(Color::DarkGray),
        Span::raw(app.session.seed().to_string()).bold(),
    ];
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
        Input::Keys => {
            let example = if app.session.sabotage_view().is_some() {
                "Ao own · Xr E · Wb A · sab opp E · dem E · discard Ao · end · draw"
            } else if app.session.abagio_view().is_some() {
                abagio::COMMAND_EXAMPLE
            } else if app.session.sabacc_view().is_some() {
                sabacc::COMMAND_EXAMPLE
            } else {
                "an action as listed, or its number"
            };
            Line::from(vec![
                Span::raw(" : ").fg(Color::Yellow),
                Span::raw(format!("type a move: {example}")).fg(Color::DarkGray),
            ])
        }
    };
    frame.render_widget(Paragraph::new(line), area);
}

fn draw_status(frame: &mut Frame, area: Rect, app: &App) {
    let style = if app.status.error {
        Style::new().fg(Color::LightRed).add_modifier(Modifier::BOLD)
    } else {
        Style::new().fg(Color::Green)
    };
    let text =
        if app.status.error { format!(" ✗ {}", app.status.text) } else { format!(" {}", app.status.text) };
    frame.render_widget(Paragraph::new(Line::from(Span::styled(text, style))), area);
}

/// The keys that do something now, as `(key, what)`.
pub fn key_hints(app: &App) -> Vec<(&'static str, &'static str)> {
    if let Input::Command(_) = app.input {
        return vec![("Enter", "play"), ("Esc", "cancel"), ("Backspace", "erase")];
    }
    if app.session.is_over() {
        return vec![("q/Enter", "quit"), ("?", "help")];
    }
    let mut hints = Vec::new();
    let mine = app.session.is_human_turn();
    match app.session.sabotage_view() {
        Some(view) => {
            if mine && view.phase == Phase::Consent {
                hints.extend([("a", "agree"), ("r", "refuse")]);
            } else {
                hints.push(("←/→ 1-9", "card"));
                if mine {
                    hints.extend([("↑/↓", "move"), ("Enter", "play"), ("x", "discard")]);
                }
                if mine && view.phase == Phase::Start {
                    hints.push(("e", "end round"));
                    if view.stock > 0 {
                        hints.push(("d", "draw"));
                    }
                }
            }
        }
        None if app.session.abagio_view().is_some() => hints.extend(abagio::key_hints(app)),
        None if app.session.sabacc_view().is_some() => hints.extend(sabacc::key_hints(app)),
        None => {
            if mine {
                hints.extend([("↑/↓", "move"), ("Enter", "play"), ("1-9", "by number")]);
            }
            hints.push(("PgUp/PgDn", "scroll view"));
        }
    }
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

/// A rectangle of at most `width`×`height` centred in `area`.
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect { x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width, height }
}

/// The style of a seat's name: the person's in bold yellow, the others' in cyan.
pub fn seat_style(app: &App, seat: usize) -> Style {
    if seat == app.session.human() {
        Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD)
    } else {
        Style::new().fg(Color::Cyan)
    }
}
