//! The windows drawn over the table: help, "quit?", and the end of a round.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use super::app::{App, Overlay};
use super::sabotage_screen::{result_line, roofs_side_by_side};
use super::ui::centered;
use super::{abagio_screen, sabacc_screen};

/// Draws the open window, if any, over `area`.
pub fn draw(frame: &mut Frame, area: Rect, app: &App) {
    match app.overlay {
        None => {}
        Some(Overlay::Help) => help(frame, area, app),
        Some(Overlay::ConfirmQuit) => confirm_quit(frame, area, app),
        Some(Overlay::RoundOver(index)) => round_over(frame, area, app, index),
        Some(Overlay::HandOver(index)) => hand_over(frame, area, app, index),
    }
}

fn window(frame: &mut Frame, rect: Rect, title: &str, lines: Vec<Line<'static>>, colour: Color) {
    frame.render_widget(Clear, rect);
    let block =
        Block::bordered().title(Span::raw(format!(" {title} ")).bold()).border_style(Style::new().fg(colour));
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }).block(block), rect);
}

/// A section title in a window.
pub(super) fn heading(text: &str) -> Line<'static> {
    Line::from(Span::raw(text.to_owned()).fg(Color::Yellow).bold())
}

/// Keys and what they do, two pairs to a line, in columns.
pub(super) fn key_line(pairs: &[(&str, &str)]) -> Line<'static> {
    let mut spans = vec![Span::raw("  ")];
    for (key, what) in pairs {
        spans.push(Span::raw(format!("{key:<10}")).fg(Color::Cyan).bold());
        spans.push(Span::raw(format!("{what:<26}")));
    }
    Line::from(spans)
}

fn help(frame: &mut Frame, area: Rect, app: &App) {
    let mut lines = Vec::new();
    if app.session.sabotage_view().is_some() {
        lines.extend([
            heading("Sabotage"),
            Line::raw("  Each turn you draw a card, then play one: a letter card A-I on its square of"),
            Line::raw("  either roof (if empty); an X on an empty square of your roof; a wrench on any"),
            Line::raw("  square of your roof, replacing the card there; Sabotage removes a card from"),
            Line::raw("  either roof, Démontage from yours; or discard any card, face up."),
            Line::raw("  A line of three (row, column, diagonal) of one colour is worth 2, of related"),
            Line::raw("  colours (orange+red, blue+lilac) 1. At 5 or more you may end the round before"),
            Line::raw("  drawing (−1 point); each point above 5 counts double."),
            heading("Keys"),
            key_line(&[("←/→ 1-9", "choose a card"), ("↑/↓ Enter", "choose and play a move")]),
            key_line(&[("x", "discard the card"), ("e / d", "end the round / draw")]),
            key_line(&[("a / r", "agree / refuse to end"), (": or Tab", "type a move")]),
            key_line(&[("?", "this help"), ("q", "quit (asks first)")]),
            heading("Typing moves"),
            Line::raw("  Ao own, Ao opp  letter card on your / their roof   Xr E  X on square E"),
            Line::raw("  Wb A  wrench on A   sab opp E, sab own E  Sabotage   dem E  Démontage"),
            Line::raw("  discard Ao   end   draw   agree   refuse"),
        ]);
    } else if app.session.abagio_view().is_some() {
        lines.extend(abagio_screen::help_lines());
    } else if app.session.sabacc_view().is_some() {
        lines.extend(sabacc_screen::help_lines());
    } else {
        lines.extend([
            heading("Playing"),
            Line::raw("  When it is your turn the legal moves are listed on the right."),
            heading("Keys"),
            key_line(&[("↑/↓ Enter", "choose and play a move"), ("1-9", "type a move's number")]),
            key_line(&[(": or Tab", "type a move"), ("PgUp/PgDn", "scroll your view")]),
            key_line(&[("?", "this help"), ("q", "quit (asks first)")]),
        ]);
    }
    lines.push(Line::raw(""));
    lines.push(Line::from(Span::raw("Any key closes this window.").fg(Color::DarkGray)));
    let height = lines.len() as u16 + 2;
    window(frame, centered(area, 84, height), "Help", lines, Color::Cyan);
}

fn confirm_quit(frame: &mut Frame, area: Rect, app: &App) {
    let mut lines = vec![
        Line::from("Leave this game?".bold()),
        Line::raw(""),
        Line::from(vec![
            Span::raw("y").fg(Color::Cyan).bold(),
            Span::raw(" quit    "),
            Span::raw("any other key").fg(Color::Cyan).bold(),
            Span::raw(" play on"),
        ]),
    ];
    if let Some(path) = &app.record_out {
        lines.push(Line::from(
            Span::raw(format!("The game so far will be saved to {}.", path.display())).fg(Color::DarkGray),
        ));
    }
    window(frame, centered(area, 56, lines.len() as u16 + 2), "Quit", lines, Color::Yellow);
}

fn hand_over(frame: &mut Frame, area: Rect, app: &App, index: usize) {
    let Some(end) = app.session.sabacc_hands().get(index) else { return };
    let (title, lines) = sabacc_screen::hand_over_lines(app, end);
    window(frame, centered(area, 92, lines.len() as u16 + 2), &title, lines, Color::Yellow);
}

fn round_over(frame: &mut Frame, area: Rect, app: &App, index: usize) {
    let Some(end) = app.session.round_ends().get(index) else { return };
    let session = &app.session;
    let mut lines = vec![match end.result.closer {
        Some(seat) => Line::from(format!("{} ended the round (−1 point).", session.name(seat as usize))),
        None => Line::from("The cards ran out: nobody loses a point."),
    }];
    lines.push(Line::raw(""));
    let own = session.human() % 2;
    let order = [own, 1 - own];
    let titles = order.map(|t| session.team_name(t));
    let values = order.map(|t| result_line(end.result.values[t], end.result.points[t]));
    lines.extend(roofs_side_by_side(titles, &order.map(|t| end.roofs[t]), values));
    lines.push(Line::raw(""));
    lines.push(Line::from(format!(
        "Totals: {} {}  ·  {} {}",
        session.team_name(own),
        end.totals[own],
        session.team_name(1 - own),
        end.totals[1 - own]
    )));
    lines.push(Line::from(vec![
        Span::raw("Enter").fg(Color::Cyan).bold(),
        Span::raw(": deal the next round"),
    ]));
    let rounds = session.sabotage_view().map_or(0, |v| v.rounds);
    let title = format!("Round {} of {rounds} is over", end.round + 1);
    window(frame, centered(area, 64, lines.len() as u16 + 2), &title, lines, Color::Yellow);
}
