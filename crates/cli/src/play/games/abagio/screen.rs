//! The Abagio table as the person's seat sees it: the board with every stack in its
//! colours, the Top Frog, the pond and the root with their counts; the frogs that can leap
//! highlighted; the dice; the leaps of the chosen frog (or the Top Frog's squares) with
//! what each does; the log; and at the end, the winner. Drawn from the seat's [`View`]
//! and the session's log (made from the seat's history), never from the referee's state.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, ListItem, ListState, Paragraph, Wrap};
use tabula_abagio::{Abagio, Colour, Phase, Stack, View};

use super::moves::{Offer, Picker};
use super::table::{self as abagio, COLS, LAYOUT, Place, ROWS};
use crate::play::screen::{Ctx, view_of};
use crate::play::session::Session;
use crate::play::widgets::{
    self, capitalised, heading, key_line, log_panel, move_list, move_row, plain, seat_style, styled,
};

/// Inner widths of the board's columns: a to c, the diamonds' column, d to f.
const WIDTHS: [usize; COLS] = [8, 8, 8, 4, 8, 8, 8];
/// The board's width with its borders.
pub const BOARD_WIDTH: u16 = 60;
/// The body height from which each square gets two lines (its number, then its stack),
/// and a legend under the board.
const TALL_FROM: u16 = 26;

/// Draws the table in `area`.
pub fn draw(frame: &mut Frame, area: Rect, ctx: &Ctx, picker: &Picker) {
    let session = ctx.session;
    let Some(view) = view_of::<Abagio>(session.state(), session.human()) else { return };
    let legal = session.legal();
    let picker = picker.synced(&view, &legal);
    let offer = Offer::read(&view, &legal);
    let tall = area.height >= TALL_FROM;
    let board = BoardPicture {
        view: &view,
        cursor: (!is_over(&view)).then_some(picker.cursor),
        highlighted: offer.highlighted(),
        marked: abagio::last_moves(session, &view),
        tall,
    };
    let mut lines = board.lines();
    if tall {
        lines.push(legend(offer.topping()));
    }
    let [left, right] =
        Layout::horizontal([Constraint::Length(BOARD_WIDTH.min(area.width)), Constraint::Min(0)]).areas(area);
    let [board_area, panel] =
        Layout::vertical([Constraint::Length(lines.len() as u16), Constraint::Min(0)]).areas(left);
    frame.render_widget(Paragraph::new(lines), board_area);
    if is_over(&view) {
        final_panel(frame, panel, ctx, &view);
    } else {
        moves_panel(frame, panel, session, &view, &picker, &offer);
    }
    let turn_lines = turn_lines(session, &view);
    let wide = right.width >= 36;
    let turn_height = if wide { turn_lines.len() as u16 + 2 } else { turn_lines.len() as u16 * 2 + 2 };
    let [turn, log] =
        Layout::vertical([Constraint::Length(turn_height.min(right.height / 2)), Constraint::Min(3)])
            .areas(right);
    // The engine counts the turns begun; before a roll, the next one is about to begin.
    let number = match view.state.phase {
        Phase::Opening | Phase::Roll => view.state.turn + 1,
        _ => view.state.turn,
    };
    let block = Block::bordered().title(format!(" Turn {number} ").bold());
    frame.render_widget(Paragraph::new(turn_lines).wrap(Wrap { trim: false }).block(block), turn);
    log_panel(frame, log, session, &plain);
}

/// Whether the game is over.
fn is_over(view: &View) -> bool {
    view.state.phase == Phase::Over
}

/// The style of a frog of `colour`: a coloured tile.
fn frog_style(colour: Colour) -> Style {
    let bg = match colour {
        Colour::Red => Color::Red,
        Colour::Purple => Color::Magenta,
    };
    Style::new().fg(Color::White).bg(bg).add_modifier(Modifier::BOLD)
}

/// The text colour of a player's colour.
fn colour_fg(colour: Colour) -> Color {
    match colour {
        Colour::Red => Color::LightRed,
        Colour::Purple => Color::LightMagenta,
    }
}

/// A stack's frogs, bottom first, as coloured tiles `r` and `p`.
fn frog_spans(stack: Stack) -> Vec<Span<'static>> {
    stack.frogs().map(|frog| Span::styled(frog.code().to_string(), frog_style(frog))).collect()
}

/// `6r 6p`: a count of frogs of each colour.
fn count_spans(counts: [u8; 2]) -> Vec<Span<'static>> {
    vec![
        Span::styled(format!("{}r", counts[0]), Style::new().fg(colour_fg(Colour::Red)).bold()),
        Span::raw(" "),
        Span::styled(format!("{}p", counts[1]), Style::new().fg(colour_fg(Colour::Purple)).bold()),
    ]
}

/// The Top Frog's mark.
fn top_frog_style() -> Style {
    Style::new().fg(Color::Black).bg(Color::Green).add_modifier(Modifier::BOLD)
}

/// A character grid with a style per cell, for drawing the board's borders and regions.
struct Canvas {
    cells: Vec<Vec<(char, Style)>>,
}

impl Canvas {
    fn new(width: usize, height: usize) -> Canvas {
        Canvas { cells: vec![vec![(' ', Style::new()); width]; height] }
    }

    fn set(&mut self, x: usize, y: usize, c: char, style: Style) {
        if let Some(cell) = self.cells.get_mut(y).and_then(|row| row.get_mut(x)) {
            *cell = (c, cell.1.patch(style));
        }
    }

    /// Writes spans from `x`, stopping before `end`.
    fn spans(&mut self, x: usize, y: usize, end: usize, spans: &[Span<'static>]) {
        let mut at = x;
        for span in spans {
            for c in span.content.chars() {
                if at >= end {
                    return;
                }
                self.set(at, y, c, span.style);
                at += 1;
            }
        }
    }

    /// Writes spans centred between `x` and `end`.
    fn centred(&mut self, x: usize, y: usize, end: usize, spans: &[Span<'static>]) {
        let width: usize = spans.iter().map(|s| s.content.chars().count()).sum();
        let room = end.saturating_sub(x);
        self.spans(x + room.saturating_sub(width) / 2, y, end, spans);
    }

    fn lines(self) -> Vec<Line<'static>> {
        self.cells.iter().map(|row| styled(row)).collect()
    }
}

/// The region drawn at `row`, `col` (cells with one name are one region); `None` outside.
fn region(row: isize, col: isize) -> Option<&'static str> {
    if row < 0 || col < 0 {
        return None;
    }
    LAYOUT.get(row as usize).and_then(|cells| cells.get(col as usize)).copied()
}

/// The first column of the inside of board column `col` (`COLS`: the board's width).
fn col_x(col: usize) -> usize {
    1 + WIDTHS[..col].iter().map(|w| w + 1).sum::<usize>()
}

/// A box-drawing junction with lines going up, down, left and right.
fn junction(up: bool, down: bool, left: bool, right: bool) -> char {
    match (up, down, left, right) {
        (true, true, true, true) => '┼',
        (true, true, true, false) => '┤',
        (true, true, false, true) => '├',
        (true, false, true, true) => '┴',
        (false, true, true, true) => '┬',
        (false, true, false, true) => '┌',
        (false, true, true, false) => '┐',
        (true, false, false, true) => '└',
        (true, false, true, false) => '┘',
        (true, _, false, false) | (_, true, false, false) => '│',
        (false, false, _, _) if left || right => '─',
        _ => ' ',
    }
}

/// The board drawn from a view: what to draw and how.
struct BoardPicture<'a> {
    view: &'a View,
    /// The cursor's place, if shown.
    cursor: Option<Place>,
    /// Frogs that can leap, or squares that take the Top Frog.
    highlighted: Vec<Place>,
    /// Where the other player's last turn left and landed.
    marked: Vec<Place>,
    /// Two lines per square (its number, then its stack) rather than one.
    tall: bool,
}

impl BoardPicture<'_> {
    /// Lines per board row.
    fn row_height(&self) -> usize {
        if self.tall { 2 } else { 1 }
    }

    fn row_y(&self, row: usize) -> usize {
        1 + row * (self.row_height() + 1)
    }

    /// The board, `BOARD_WIDTH` columns wide.
    fn lines(&self) -> Vec<Line<'static>> {
        let h = self.row_height();
        let mut canvas = Canvas::new(col_x(COLS), self.row_y(ROWS));
        let border = Style::new().fg(Color::DarkGray);
        for r in 0..=ROWS as isize {
            for c in 0..=COLS as isize {
                let up = region(r - 1, c - 1) != region(r - 1, c) && r > 0;
                let down = region(r, c - 1) != region(r, c) && r < ROWS as isize;
                let left = region(r - 1, c - 1) != region(r, c - 1) && c > 0;
                let right = region(r - 1, c) != region(r, c) && c < COLS as isize;
                let (x, y) = (col_x(c as usize) - 1, self.row_y(r as usize) - 1);
                canvas.set(x, y, junction(up, down, left, right), border);
                if right {
                    for dx in 0..WIDTHS[c as usize] {
                        canvas.set(x + 1 + dx, y, '─', border);
                    }
                }
                if down {
                    for dy in 0..h {
                        canvas.set(x, y + 1 + dy, '│', border);
                    }
                }
            }
        }
        let mut done: Vec<&str> = Vec::new();
        for (row, cells) in LAYOUT.iter().enumerate() {
            for (col, &name) in cells.iter().enumerate() {
                if done.contains(&name) {
                    continue;
                }
                done.push(name);
                let (last_row, last_col) = (0..ROWS)
                    .flat_map(|r| (0..COLS).map(move |c| (r, c)))
                    .rfind(|&(r, c)| LAYOUT[r][c] == name)
                    .unwrap_or((row, col));
                let (x0, x1) = (col_x(col), col_x(last_col) + WIDTHS[last_col]);
                let (y0, y1) = (self.row_y(row), self.row_y(last_row) + h);
                self.region(&mut canvas, name, (x0, x1), (y0, y1));
            }
        }
        canvas.lines()
    }

    /// Draws the inside of one region.
    fn region(&self, canvas: &mut Canvas, name: &str, (x0, x1): (usize, usize), (y0, y1): (usize, usize)) {
        let state = &self.view.state;
        match name {
            "pond" => {
                let water = Style::new().fg(Color::LightBlue);
                let counts = vec![
                    Span::styled(
                        format!("red {}", state.pond[0]),
                        Style::new().fg(colour_fg(Colour::Red)).bold(),
                    ),
                    Span::raw(" · "),
                    Span::styled(
                        format!("purple {}", state.pond[1]),
                        Style::new().fg(colour_fg(Colour::Purple)).bold(),
                    ),
                ];
                let title = vec![Span::styled("≈≈  the pond  ≈≈", water.bold())];
                let first = y0 + (y1 - y0).saturating_sub(2) / 2;
                canvas.centred(x0, first, x1, &title);
                canvas.centred(x0, first + 1, x1, &counts);
                // Which safe sector is whose, on either side of the pond.
                let sector = |colour: Colour| Style::new().fg(colour_fg(colour));
                canvas.spans(x0, y1 - 1, x1, &[Span::styled("◀ red's", sector(Colour::Red))]);
                canvas.spans(x1 - 10, y1 - 1, x1, &[Span::styled("purple's ▶", sector(Colour::Purple))]);
            }
            "roots" => {
                let dim = Style::new().fg(Color::DarkGray).add_modifier(Modifier::ITALIC);
                canvas.centred(x0, y0, x1, &[Span::styled("◀ the root (26): start", dim)]);
                if self.tall {
                    canvas.centred(x0, y0 + 1, x1, &[Span::styled("tree roots", dim)]);
                }
            }
            "" => {}
            _ => {
                let place =
                    if name == "root" { Some(Place::Root) } else { name.parse().ok().map(Place::Square) };
                if let Some(place) = place {
                    self.place(canvas, place, (x0, x1), y0);
                }
            }
        }
    }

    /// Draws one square, or the root: its number with the cursor and highlight, its stack,
    /// the Top Frog and the maxed mark.
    fn place(&self, canvas: &mut Canvas, place: Place, (x0, x1): (usize, usize), y: usize) {
        let state = &self.view.state;
        let cursor = self.cursor == Some(place);
        let highlighted = self.highlighted.contains(&place);
        if cursor {
            for dy in 0..self.row_height() {
                for x in x0..x1 {
                    canvas.set(x, y + dy, ' ', Style::new().bg(Color::Indexed(237)));
                }
            }
        }
        let (stack, top_frog, maxed, base) = match place {
            Place::Root => (Stack::EMPTY, false, false, Style::new()),
            Place::Square(square) => {
                let stack = state.stack(square);
                let base = match square.owner() {
                    Some(owner) => Style::new().fg(colour_fg(owner)),
                    None if square.is_diamond() => Style::new().fg(Color::Green).bold(),
                    None => Style::new(),
                };
                (stack, state.top_frog == Some(square), stack.height() >= square.max_height(), base)
            }
        };
        let label_style = if cursor {
            Style::new().fg(Color::Black).bg(Color::Yellow).bold()
        } else if highlighted {
            Style::new().fg(Color::Yellow).bold()
        } else if self.marked.contains(&place) {
            base.fg(Color::LightCyan).underlined()
        } else {
            base
        };
        let number = match place {
            Place::Root => "root".to_owned(),
            Place::Square(square) if square.is_diamond() && self.tall => format!("◆{}", square.pip()),
            Place::Square(square) if square.pip() < 10 => format!(" {}", square.pip()),
            Place::Square(square) => square.pip().to_string(),
        };
        if self.tall {
            let mut first = vec![Span::raw(if cursor { "▶" } else { " " }).fg(Color::Yellow).bold()];
            first.push(Span::styled(number.trim_start().to_owned(), label_style));
            if highlighted {
                first.push(Span::raw("•").fg(Color::Yellow).bold());
            }
            canvas.spans(x0, y, x1, &first);
            let flag = if top_frog {
                Some(Span::styled("TOP", top_frog_style()))
            } else if maxed && x1 - x0 > 4 {
                Some(Span::raw("max").fg(Color::DarkGray).bold())
            } else {
                None
            };
            if let Some(flag) = flag {
                let width = flag.content.chars().count();
                canvas.spans(x1.saturating_sub(width), y, x1, &[flag]);
            }
            let mut second = vec![Span::raw(" ")];
            match place {
                Place::Root => second.extend(count_spans(state.root)),
                Place::Square(_) => second.extend(frog_spans(stack)),
            }
            canvas.spans(x0, y + 1, x1, &second);
        } else {
            let mut spans = match place {
                Place::Root => count_spans(state.root),
                Place::Square(_) => vec![Span::styled(number, label_style), Span::raw(" ")],
            };
            spans.extend(frog_spans(stack));
            if top_frog {
                spans.push(Span::styled("T", top_frog_style()));
            }
            canvas.spans(x0, y, x1, &spans);
        }
    }
}

/// What the marks on the board mean.
fn legend(topping: bool) -> Line<'static> {
    let dim = Style::new().fg(Color::DarkGray);
    Line::from(vec![
        Span::styled("r", frog_style(Colour::Red)),
        Span::styled("p", frog_style(Colour::Purple)),
        Span::styled(" bottom→top  ", dim),
        Span::styled("TOP", top_frog_style()),
        Span::styled(" Top Frog  ", dim),
        Span::raw("max").fg(Color::DarkGray).bold(),
        Span::styled(" maxed  ", dim),
        Span::raw("•").fg(Color::Yellow).bold(),
        Span::styled(if topping { " takes the Top Frog" } else { " can leap" }, dim),
    ])
}

/// One line about the place under the cursor: its stack, the Top Frog, maxed.
fn place_line(view: &View, place: Place) -> Line<'static> {
    let state = &view.state;
    let mut spans = vec![Span::raw(format!("{}: ", capitalised(&place.name()))).bold()];
    match place {
        Place::Root => {
            spans.push(Span::raw("the start, where hit frogs return: "));
            spans.extend(count_spans(state.root));
        }
        Place::Square(square) => {
            let stack = state.stack(square);
            let mut words = abagio::stack_words(stack);
            if let Some(rest) = words.strip_prefix(&stack.to_string()).filter(|_| stack.height() >= 2) {
                // The stack is drawn in its colours rather than written.
                spans.extend(frog_spans(stack));
                spans.push(Span::raw(" "));
                words = rest.trim_start().to_owned();
            }
            let mut notes = vec![words];
            if state.top_frog == Some(square) {
                notes.push("the Top Frog sits here".to_owned());
            }
            if !stack.is_empty() && stack.height() >= square.max_height() {
                notes.push("maxed".to_owned());
            }
            spans.push(Span::raw(notes.join("; ")).fg(Color::Gray));
        }
    }
    Line::from(spans)
}

/// The list of leaps of the chosen frog, or of the Top Frog's squares, with what the place
/// under the cursor holds.
fn moves_panel(
    frame: &mut Frame,
    area: Rect,
    session: &Session,
    view: &View,
    picker: &Picker,
    offer: &Offer,
) {
    let opponent = session.name(view.colour.other().index()).to_owned();
    let movable = offer.movable();
    let title = if offer.topping() {
        " The Top Frog: ↑/↓ then Enter, or p to pass ".to_owned()
    } else if offer.leaping() && movable.contains(&picker.cursor) {
        let keys = if picker.in_list { "↑/↓ then Enter" } else { "Enter to choose" };
        format!(" Leaps from {}: {keys} ", place_number(picker.cursor))
    } else if offer.leaping() {
        " Your leap: choose a frog ".to_owned()
    } else {
        " The board ".to_owned()
    };
    let inner = widgets::moves_frame(frame, area, title, offer.leaping() || offer.topping());
    if inner.height == 0 {
        return;
    }
    let [info, rest] = Layout::vertical([Constraint::Length(1), Constraint::Min(0)]).areas(inner);
    frame.render_widget(Paragraph::new(place_line(view, picker.cursor)), info);
    let choices = picker.choices(view, offer, &opponent);
    if choices.is_empty() {
        let mut lines = Vec::new();
        if offer.leaping() {
            lines.push(Line::from(
                Span::raw(format!("No leap from here: {}", super::moves::why_not(view, picker.cursor)))
                    .fg(Color::LightRed),
            ));
            lines.push(frogs_line(&movable));
        } else {
            lines.push(Line::from(Span::raw(session.waiting_text()).fg(Color::Cyan)));
            if !session.is_replay() {
                lines.push(Line::from(
                    Span::raw("Meanwhile, look at any square with the arrow keys.").fg(Color::DarkGray),
                ));
            }
        }
        frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), rest);
        return;
    }
    let mut rest = rest;
    if offer.leaping() && rest.height > choices.len() as u16 + 1 {
        let [list, footer] = Layout::vertical([Constraint::Min(0), Constraint::Length(1)]).areas(rest);
        frame.render_widget(Paragraph::new(frogs_line(&movable)), footer);
        rest = list;
    }
    let width = rest.width.saturating_sub(2) as usize;
    let items: Vec<ListItem> = choices
        .iter()
        .map(|choice| {
            let key = match choice.key {
                Some(k) => format!("[{k}] "),
                None => String::new(),
            };
            move_row(format!("{key}{:<10}{}", choice.action, choice.label), &choice.effect, width)
        })
        .collect();
    let list = move_list(items);
    let selected = picker.in_list.then(|| picker.row.min(choices.len() - 1));
    frame.render_stateful_widget(list, rest, &mut ListState::default().with_selected(selected));
}

/// `Frogs that can leap: root, 21, 17 (Tab)`.
fn frogs_line(movable: &[Place]) -> Line<'static> {
    let names: Vec<String> = movable.iter().map(|&p| place_number(p)).collect();
    Line::from(vec![
        Span::raw("Frogs that can leap: ").fg(Color::DarkGray),
        Span::raw(names.join(", ")).fg(Color::Yellow).bold(),
        Span::raw(" (Tab: the next)").fg(Color::DarkGray),
    ])
}

/// A place's number as typed: `26` is written `root`.
fn place_number(place: Place) -> String {
    match place {
        Place::Root => "root".to_owned(),
        Place::Square(square) => square.pip().to_string(),
    }
}

/// Who plays which colour, the opening roll, whose turn, the dice, the race.
fn turn_lines(session: &Session, view: &View) -> Vec<Line<'static>> {
    let state = &view.state;
    let seat_span = |seat: usize| Span::styled(session.name(seat).to_owned(), seat_style(session, seat));
    let mut lines = Vec::new();
    let mut players = Vec::new();
    for colour in Colour::ALL {
        if !players.is_empty() {
            players.push(Span::raw(" · "));
        }
        players.push(seat_span(colour.index()));
        players.push(Span::raw(" ("));
        players.push(Span::styled(colour.name().to_owned(), Style::new().fg(colour_fg(colour)).bold()));
        players.push(Span::raw(")"));
    }
    lines.push(Line::from(players));
    let mover = state.to_move.index();
    let mut now = vec![Span::raw("▶ ").fg(Color::Yellow)];
    match state.phase {
        Phase::Opening => now.push(Span::raw("the opening roll")),
        Phase::Roll => {
            now.push(seat_span(mover));
            now.push(Span::raw(format!(" {} the dice", session.verb(mover, "roll"))));
        }
        Phase::Leap | Phase::TopFrog => {
            now.push(seat_span(mover));
            let what =
                if state.phase == Phase::Leap { session.verb(mover, "leap") } else { "Top Frog?".to_owned() };
            now.push(Span::raw(format!(" {what} ")));
            for (die, used) in abagio::dice_of_turn(session, view) {
                let style = if used {
                    Style::new().fg(Color::DarkGray)
                } else {
                    Style::new().fg(Color::Black).bg(Color::White).bold()
                };
                now.push(Span::styled(if used { format!("({die})") } else { format!("[{die}]") }, style));
                now.push(Span::raw(" "));
            }
        }
        Phase::Over => {
            let verdict = abagio::verdict(session).unwrap_or_default();
            now.push(Span::raw(format!("game over: {verdict}")).bold());
        }
    }
    lines.push(Line::from(now));
    if state.phase == Phase::Leap {
        lines.push(Line::from(Span::raw(format!("  to play: {}", state.dice)).fg(Color::Gray)));
    } else if state.phase == Phase::TopFrog {
        lines.push(Line::from(Span::raw("  leaps done; place the Top Frog or pass").fg(Color::Gray)));
    }
    if let Some((red, purple)) = abagio::opening_roll(session) {
        lines.push(Line::from(
            Span::raw(format!("Opening roll: red {red}, purple {purple}")).fg(Color::DarkGray),
        ));
    }
    let me = view.colour;
    lines.push(Line::from(vec![
        Span::raw("Race to go: ").fg(Color::DarkGray),
        seat_span(me.index()),
        Span::raw(format!(" {} · ", state.pip_count(me))),
        seat_span(me.other().index()),
        Span::raw(format!(" {}", state.pip_count(me.other()))),
    ]));
    lines
}

/// The end: the winner, the pond's counts, the seed and the record.
fn final_panel(frame: &mut Frame, area: Rect, ctx: &Ctx, view: &View) {
    let session = ctx.session;
    let state = &view.state;
    let me = view.colour;
    let other = session.name(me.other().index()).to_owned();
    let (headline, colour) = match state.winner {
        Some(winner) if winner == me => {
            ("You win! All twelve of your frogs are in the pond.".to_owned(), Color::Green)
        }
        Some(_) => (format!("{other} wins: all twelve of its frogs reached the pond."), Color::LightRed),
        None => (format!("A draw: the turn limit is reached after {} turns.", state.turn), Color::Yellow),
    };
    let lines = vec![
        Line::from(Span::raw(headline).fg(colour).bold()),
        Line::from(format!(
            "In the pond: you {}, {other} {}; after {} turns.",
            state.pond[me.index()],
            state.pond[me.other().index()],
            state.turn
        )),
    ];
    widgets::final_panel(frame, area, ctx, " Game over ", colour, lines);
}

/// The help window's lines for Abagio: paragraphs, which the window wraps.
pub fn help_lines() -> Vec<Line<'static>> {
    vec![
        heading("Abagio"),
        Line::raw(
            "  Race your twelve frogs from the root (lower left) round the edge, past Eight into your \
             safe sector and into the pond. Roll two dice, leap one frog per number (a double: four \
             leaps). Land on a lone enemy frog to hit it back to the root, on two to cover them; never \
             on three (a heap), on five (maxed; two on Eight and One) or on the Top Frog. Only the top \
             frog of a stack leaps. With no frog at the root you may put the Top Frog on your frogs or \
             an empty outer square: it blocks it a turn.",
        ),
        Line::raw(
            "  Squares are numbered by their distance to the pond, along your own path: the root is 26, \
             the outer path runs from 25 down to 9, then comes Eight (8); 7 to 2 are your safe sector \
             (each player has their own, so red's 5 and purple's 5 are two squares); One (1) is the last \
             square before the pond.",
        ),
        heading("Keys"),
        key_line(&[("←↑↓→", "move over the board"), ("Tab", "next frog that can leap")]),
        key_line(&[("Enter", "its leaps, then play one"), ("Esc", "back to the board")]),
        key_line(&[("0-9 / r", "a square by number / root"), ("p", "pass (the Top Frog)")]),
        key_line(&[(":", "type a move"), ("q", "quit (asks first)")]),
        heading("Typing moves"),
        Line::raw(
            "  21/17   root/22   9/5 (past Eight into your sector)   3/pond   3/pond(5)   top 14   pass. \
             Several leaps on one line play in order: 20/14 14/8.",
        ),
        heading("Opponents"),
        Line::raw("  tabula play abagio --vs easy|medium|hard picks the bot's level (medium by default)."),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_is_as_wide_as_its_columns() {
        assert_eq!(col_x(COLS) as u16, BOARD_WIDTH);
    }
}
