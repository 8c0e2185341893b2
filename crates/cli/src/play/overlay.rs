//! The windows drawn over the table: help, "quit?", and the game's end of a round or hand.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use super::app::{App, Overlay};
use super::widgets::{centered, wrap_line};

/// The widest a help window gets.
const HELP_WIDTH: u16 = 88;

/// Draws the open window, if any, over `area`.
pub fn draw(frame: &mut Frame, area: Rect, app: &App) {
    match app.overlay {
        None => {}
        Some(Overlay::Help) => {
            let lines = app.screen.help();
            help(frame, area, lines, app.help_scroll);
        }
        Some(Overlay::ConfirmQuit) => confirm_quit(frame, area, app),
        Some(Overlay::Window(index)) => {
            if let Some(window) = app.screen.window(&app.ctx(), index, area.width) {
                let mut lines = window.lines;
                lines.push(Line::from(vec![
                    Span::raw("Enter").fg(Color::Cyan).bold(),
                    Span::raw(": play on   "),
                    Span::raw("?").fg(Color::Cyan).bold(),
                    Span::raw(" help   "),
                    Span::raw("q").fg(Color::Cyan).bold(),
                    Span::raw(" quit"),
                ]));
                show(frame, area, &window.title, lines, window.width, Color::Yellow);
            }
        }
    }
}

/// A window of `lines` wrapped to `width` (at most the screen's), as tall as they need.
pub fn show(
    frame: &mut Frame,
    area: Rect,
    title: &str,
    lines: Vec<Line<'static>>,
    width: u16,
    colour: Color,
) {
    let width = width.min(area.width);
    let inner = width.saturating_sub(2) as usize;
    let lines: Vec<Line<'static>> = lines.iter().flat_map(|line| wrap_line(line, inner)).collect();
    let rect = centered(area, width, lines.len() as u16 + 2);
    window(frame, rect, title, lines, colour, 0);
}

fn window(frame: &mut Frame, rect: Rect, title: &str, lines: Vec<Line<'static>>, colour: Color, scroll: u16) {
    frame.render_widget(Clear, rect);
    let block =
        Block::bordered().title(Span::raw(format!(" {title} ")).bold()).border_style(Style::new().fg(colour));
    frame.render_widget(Paragraph::new(lines).scroll((scroll, 0)).block(block), rect);
}

/// The help window: the game's lines wrapped to the window's width, scrolled by `scroll`
/// lines when they do not fit (the scroll stops at the last page).
pub fn help(frame: &mut Frame, area: Rect, lines: Vec<Line<'static>>, scroll: u16) {
    let width = HELP_WIDTH.min(area.width);
    let inner = width.saturating_sub(2) as usize;
    let mut body: Vec<Line<'static>> = lines.iter().flat_map(|line| wrap_line(line, inner)).collect();
    body.push(Line::raw(""));
    let height = (body.len() as u16 + 3).min(area.height);
    let rows = height.saturating_sub(3);
    let last = (body.len() as u16).saturating_sub(rows);
    let scroll = scroll.min(last);
    let hint = if last == 0 {
        "Any key closes this window.".to_owned()
    } else {
        format!(
            "↑/↓ PgUp/PgDn scroll ({}-{} of {} lines) · any other key closes",
            scroll + 1,
            (scroll + rows).min(body.len() as u16),
            body.len()
        )
    };
    let shown: Vec<Line<'static>> = body.into_iter().skip(scroll as usize).take(rows as usize).collect();
    let mut all = shown;
    all.push(Line::from(Span::raw(hint).fg(Color::DarkGray)));
    window(frame, centered(area, width, height), "Help", all, Color::Cyan, 0);
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
    let note = match &app.record_out {
        Some(path) => format!("The game so far will be saved to {}.", path.display()),
        None => "A game left before its end is not saved (--record-out FILE saves it).".to_owned(),
    };
    lines.push(Line::from(Span::raw(note).fg(Color::DarkGray)));
    show(frame, area, "Quit", lines, 60, Color::Yellow);
}
