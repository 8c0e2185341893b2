//! The Abilene table as the person's seat sees it: the hex board with every cow (its herd
//! and number, in its owner's colour) and cowboy, Abilene in the middle; the ranchers'
//! money, debts, prison and cows; the dice of the turn; what the game waits for; the moves
//! offered; the log; the window at the end of each sale; the help. Drawn from the seat's
//! [`tabula_abilene::View`] and the session's log, never from the referee's state.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, ListItem, ListState, Paragraph, Wrap};
use tabula_abilene::board::{Field, Ranch, Space};
use tabula_abilene::cattle::Brand;
use tabula_abilene::rules::{self, Waiting};
use tabula_abilene::state::{BoyAt, CowAt, SaleRecord, Slot, Stage, State};
use tabula_abilene::{Action, CorralCard};

use super::moves::{Offer, Picker};
use super::table::{Table, cow_id, dollars, identity_words, ranch, seat_of, standings, waiting_words};
use crate::play::screen::Ctx;
use crate::play::session::Session;
use crate::play::widgets::{
    self, clip, heading, key_line, log_panel, move_list, move_row, plain, seat_style, wrap,
};

/// The rows of the board: rings −7 to 7.
pub const BOARD_ROWS: usize = 15;
/// The board's width with three characters a field (the rules' drawing).
pub const WIDE_WIDTH: usize = 59;
/// The board's width with one character a field.
pub const COMPACT_WIDTH: usize = 29;
/// The screen width from which the board is drawn with field names.
const WIDE_FROM: u16 = 112;

/// A ranch's colour: its rancher's pieces.
pub fn ranch_colour(r: Ranch) -> Color {
    match r {
        Ranch::A => Color::LightRed,
        Ranch::B => Color::LightGreen,
        Ranch::C => Color::LightYellow,
        Ranch::D => Color::LightBlue,
        Ranch::E => Color::LightMagenta,
        Ranch::F => Color::LightCyan,
    }
}

/// A ranch's empty fields: a dark shade of its colour; a free ranch's in grey.
fn pasture_colour(r: Ranch, used: bool) -> Color {
    if !used {
        return Color::Indexed(239);
    }
    Color::Indexed(match r {
        Ranch::A => 131,
        Ranch::B => 65,
        Ranch::C => 137,
        Ranch::D => 67,
        Ranch::E => 96,
        Ranch::F => 73,
    })
}

/// The style of a cowboy of ranch `r`: a coloured tile.
fn cowboy_style(r: Ranch) -> Style {
    Style::new().fg(Color::Black).bg(ranch_colour(r)).add_modifier(Modifier::BOLD)
}

/// The style of a cow owned by ranch `r`.
fn cow_style(r: Ranch) -> Style {
    Style::new().fg(ranch_colour(r)).add_modifier(Modifier::BOLD)
}

/// Where a hex is drawn: its row and its column in half-fields.
fn cell(q: i8, r: i8) -> (usize, usize) {
    ((r + 7) as usize, (2 * q + r + 14) as usize)
}

/// What the board marks: the piece chosen and where the chosen move ends, the pieces that
/// may move.
#[derive(Debug, Clone, Default)]
pub struct Marks {
    /// The chosen move's start.
    pub from: Option<Space>,
    /// The chosen move's end.
    pub to: Option<Space>,
    /// The pieces that may move, or the fields offered for a placement.
    pub movable: Vec<Space>,
}

/// The board as styled characters, row by row: `wide` with three characters a field
/// (names of empty fields, `B4` for a cow, `‹A›` for a cowboy), else one (`·`, `B`, `a`).
pub fn board_cells(table: &Table, wide: bool, marks: &Marks) -> Vec<Vec<(char, Style)>> {
    let state = table.state();
    let cfg = &table.cfg;
    let unit = if wide { 2 } else { 1 };
    let width = if wide { WIDE_WIDTH } else { COMPACT_WIDTH };
    let mut rows = vec![vec![(' ', Style::new()); width]; BOARD_ROWS];
    let put = |rows: &mut Vec<Vec<(char, Style)>>, row: usize, col: usize, text: &str, style: Style| {
        for (i, c) in text.chars().enumerate() {
            if let Some(cell) = rows.get_mut(row).and_then(|r| r.get_mut(col + i)) {
                *cell = (c, style);
            }
        }
    };
    for field in Field::all() {
        let hex = field.hex();
        let (row, half) = cell(hex.q, hex.r);
        let col = half * unit;
        let used = seat_of(cfg, field.ranch()).is_some();
        let (text, mut style) = if let Some(c) = state.cows.iter().position(|c| c.at == CowAt::Field(field)) {
            let owner = ranch(cfg, state.cows[c].owner as usize);
            let id = cow_id(cfg, c);
            let text = if wide { format!("{id:<3}") } else { owner.letter().to_string() };
            (text, cow_style(owner))
        } else if let Some(s) =
            state.ranchers.iter().position(|r| r.cowboys.iter().any(|b| b.at == BoyAt::Field(field)))
        {
            let r = ranch(cfg, s);
            let text = if wide {
                format!("‹{}›", r.letter())
            } else {
                r.letter().to_ascii_lowercase().to_string()
            };
            (text, cowboy_style(r))
        } else {
            let text = if wide { field.to_string() } else { "·".to_owned() };
            (text, Style::new().fg(pasture_colour(field.ranch(), used)))
        };
        let space = field.space();
        if marks.from == Some(space) {
            style = Style::new().fg(Color::Black).bg(Color::Yellow).add_modifier(Modifier::BOLD);
        } else if marks.to == Some(space) {
            style = Style::new().fg(Color::Black).bg(Color::Green).add_modifier(Modifier::BOLD);
        } else if marks.movable.contains(&space) {
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        put(&mut rows, row, col, &text, style);
    }
    // Abilene: the seven middle hexes; the cows brought there this turn above, the cowboys
    // there below.
    let town = Style::new().bg(Color::Indexed(58)).fg(Color::White);
    let (first, last) = if wide { (24, 34) } else { (12, 16) };
    for row in 6..=8 {
        let (a, b) = if row == 7 { (first, last) } else { (first + unit, last - unit) };
        for col in a..=b {
            put(&mut rows, row, col, " ", town);
        }
    }
    let centre = |text: &str, a: usize, b: usize| a + (b + 1 - a).saturating_sub(text.chars().count()) / 2;
    let name = if wide { "ABILENE" } else { "TOWN" };
    let town_mark = if marks.to == Some(Space::ABILENE) {
        Style::new().fg(Color::Black).bg(Color::Green).add_modifier(Modifier::BOLD)
    } else if marks.from == Some(Space::ABILENE) {
        Style::new().fg(Color::Black).bg(Color::Yellow).add_modifier(Modifier::BOLD)
    } else {
        town.add_modifier(Modifier::BOLD)
    };
    put(&mut rows, 7, centre(name, first, last), name, town_mark);
    let (a, b) = (first + unit, last - unit);
    let room = b + 1 - a;
    let mut col = a;
    for &c in state.town.as_slice() {
        let owner = ranch(cfg, state.cows[c as usize].owner as usize);
        let text = if wide { format!("{} ", cow_id(cfg, c as usize)) } else { owner.letter().to_string() };
        if col + text.chars().count().min(2) > a + room {
            break;
        }
        put(&mut rows, 6, col, &text, cow_style(owner).bg(Color::Indexed(58)));
        col += text.chars().count();
    }
    let mut col = a;
    for (s, r) in state.ranchers.iter().enumerate() {
        let n = r.cowboys.iter().filter(|b| b.at == BoyAt::Abilene).count();
        for _ in 0..n {
            if col > b {
                break;
            }
            let letter = ranch(cfg, s).letter();
            let text = if wide { letter.to_string() } else { letter.to_ascii_lowercase().to_string() };
            put(&mut rows, 8, col, &text, cowboy_style(ranch(cfg, s)));
            col += 1;
        }
    }
    if !wide {
        // A small legend in the empty upper-left corner.
        let me = ranch(cfg, table.me());
        let dim = Style::new().fg(Color::DarkGray);
        put(&mut rows, 0, 0, &me.letter().to_string(), cow_style(me));
        put(&mut rows, 0, 1, " cow", dim);
        put(&mut rows, 1, 0, &me.letter().to_ascii_lowercase().to_string(), cowboy_style(me));
        put(&mut rows, 1, 1, " boy", dim);
    }
    rows
}

/// The board as plain text lines (for `replay --text`): the wide drawing without colours.
pub fn board_text(table: &Table) -> Vec<String> {
    board_cells(table, true, &Marks::default())
        .into_iter()
        .map(|row| row.into_iter().map(|(c, _)| c).collect::<String>().trim_end().to_owned())
        .collect()
}

/// What the marks on the board mean (under the wide board).
fn legend(table: &Table, wide: bool) -> Line<'static> {
    let dim = Style::new().fg(Color::DarkGray);
    let me = ranch(&table.cfg, table.me());
    let (cow, boy) = if wide {
        (format!("{}1", me.letter()), format!("‹{}›", me.letter()))
    } else {
        (me.letter().to_string(), me.letter().to_ascii_lowercase().to_string())
    };
    Line::from(vec![
        Span::styled(cow, cow_style(me)),
        Span::styled(" cow  ", dim),
        Span::styled(boy, cowboy_style(me)),
        Span::styled(" cowboy  ", dim),
        Span::styled("from", Style::new().fg(Color::Black).bg(Color::Yellow)),
        Span::styled(" ", dim),
        Span::styled("to", Style::new().fg(Color::Black).bg(Color::Green)),
        Span::styled(" the move", dim),
    ])
}

/// Draws the table in `area`.
pub fn draw(frame: &mut Frame, area: Rect, ctx: &Ctx, picker: &Picker) {
    let session = ctx.session;
    let Some(table) = Table::of(session) else { return };
    let legal = session.legal();
    let offer = Offer::read(&table, &legal, session.names());
    let picker = picker.synced(session.seen().len(), &offer);
    let wide = area.width >= WIDE_FROM && area.height >= BOARD_ROWS as u16 + 3;
    let marks = marks(&table, &offer, &picker);
    let cells = board_cells(&table, wide, &marks);
    let board_width = if wide { WIDE_WIDTH as u16 + 2 } else { COMPACT_WIDTH as u16 + 2 };
    let [left, right] =
        Layout::horizontal([Constraint::Length(board_width.min(area.width)), Constraint::Min(0)]).areas(area);
    let board_height = if wide { BOARD_ROWS as u16 + 2 } else { BOARD_ROWS as u16 };
    let [board_area, legend_area, log_area] =
        Layout::vertical([Constraint::Length(board_height), Constraint::Length(1), Constraint::Min(0)])
            .areas(left);
    let lines: Vec<Line> = cells.iter().map(|row| crate::play::widgets::styled(row)).collect();
    if wide {
        let block = Block::bordered().title(" The range ".bold());
        frame.render_widget(Paragraph::new(lines).block(block), board_area);
    } else {
        let inner = Rect { x: board_area.x + 1, width: board_area.width.saturating_sub(1), ..board_area };
        frame.render_widget(Paragraph::new(lines), inner);
    }
    if wide {
        frame.render_widget(Paragraph::new(legend(&table, wide)), legend_area);
    }
    if log_area.height >= 6 {
        log_panel(frame, log_area, session, &plain);
    } else {
        short_log(frame, log_area, session);
    }
    let panel = panel_lines(session, &table, right.width.saturating_sub(2) as usize);
    let [top, bottom] =
        Layout::vertical([Constraint::Length(panel.len() as u16 + 2), Constraint::Min(0)]).areas(right);
    let state = table.state();
    let mut title = match state.stage {
        Stage::Setup => " Setting up".to_owned(),
        _ => format!(" Turn {} · {} cows sold", state.turns + 1, state.sold),
    };
    if table.cfg.short_game > 0 && state.stage != Stage::Setup {
        title.push_str(&format!(" of {}", table.cfg.short_game));
    }
    title.push(' ');
    frame.render_widget(Paragraph::new(panel).block(Block::bordered().title(title.bold())), top);
    if table.is_over() {
        final_panel(frame, bottom, ctx, &table);
    } else {
        moves_panel(frame, bottom, session, &table, &offer, &picker);
    }
}

/// The log's last lines, one row each, cut to the width: where a bordered log has no room.
fn short_log(frame: &mut Frame, area: Rect, session: &Session) {
    let rows = area.height as usize;
    let width = area.width.saturating_sub(1) as usize;
    let log = session.log();
    let lines: Vec<Line> = log[log.len().saturating_sub(rows)..]
        .iter()
        .map(|line| match line.seat {
            Some(seat) => {
                let name = session.name(seat).to_owned();
                let rest = clip(&line.text, width.saturating_sub(name.chars().count() + 1));
                Line::from(vec![Span::styled(name, seat_style(session, seat)), Span::raw(format!(" {rest}"))])
            }
            None => Line::styled(
                clip(&format!("— {}", line.text), width),
                Style::new().fg(Color::DarkGray).italic(),
            ),
        })
        .collect();
    let area = Rect { x: area.x + 1, width: area.width.saturating_sub(1), ..area };
    frame.render_widget(Paragraph::new(lines), area);
}

/// The marks for the chosen move.
fn marks(table: &Table, offer: &Offer, picker: &Picker) -> Marks {
    let mut marks = Marks { movable: offer.movable(), ..Marks::default() };
    if let Some(choice) = picker.selected(offer) {
        match Action::parse(&choice.action) {
            Ok(Action::Cow { from, to, .. }) => {
                marks.from = Some(from.space());
                marks.to = Some(to);
            }
            Ok(Action::Boy { from, to, .. }) => {
                marks.from = Some(from);
                marks.to = Some(to);
            }
            Ok(Action::Place(f)) => marks.to = Some(f.space()),
            Ok(Action::Herd(_)) => {
                // The next cow-head field of the person's ranch.
                let me = table.me();
                let placed = table
                    .state()
                    .cows
                    .iter()
                    .filter(|c| c.owner as usize == me && c.at != CowAt::Unplaced)
                    .count();
                marks.to =
                    ranch(&table.cfg, me).fields_of_kind(tabula_abilene::Kind::CowHead).iter().nth(placed);
            }
            _ => {}
        }
    }
    marks
}

/// The seat that acts now (the player whose turn it is while chance acts).
fn acting(state: &State) -> usize {
    match rules::waiting(state) {
        Waiting::Short { payer, .. } => payer as usize,
        Waiting::Answer(s) | Waiting::Place(s) | Waiting::Corral(s) => s as usize,
        _ => state.turn as usize,
    }
}

/// The dice of the turn: `[2]` to play, `(5)` used or lost.
fn dice_spans(state: &State) -> Vec<Span<'static>> {
    let mut spans = vec![Span::raw("Dice ").fg(Color::DarkGray)];
    if matches!(state.stage, Stage::Setup | Stage::Roll | Stage::Over) {
        spans.push(Span::raw("not rolled yet").fg(Color::DarkGray));
        return spans;
    }
    let die = |d: u8, used: bool, dark: bool| {
        if used {
            Span::styled(
                format!("({d})"),
                Style::new().fg(Color::DarkGray).add_modifier(Modifier::CROSSED_OUT),
            )
        } else if dark {
            Span::styled(format!("[{d}]"), Style::new().fg(Color::White).bg(Color::Indexed(94)).bold())
        } else {
            Span::styled(format!("[{d}]"), Style::new().fg(Color::Black).bg(Color::Gray).bold())
        }
    };
    spans.push(Span::raw("cows "));
    for (d, used) in state.dice.light.iter().zip(state.dice.light_used) {
        spans.push(die(*d, used, false));
        spans.push(Span::raw(" "));
    }
    spans.push(Span::raw(" cowboys "));
    for (d, used) in state.dice.dark.iter().zip(state.dice.dark_used) {
        spans.push(die(*d, used, true));
        spans.push(Span::raw(" "));
    }
    spans
}

/// The panel: what the game waits for, the dice, each rancher's money and pieces.
fn panel_lines(session: &Session, table: &Table, width: usize) -> Vec<Line<'static>> {
    let state = table.state();
    let mut lines = Vec::new();
    let waiting = waiting_words(table, session.names());
    let now = acting(state);
    let style = if now == table.me() && session.is_human_turn() {
        Style::new().fg(Color::Yellow).bold()
    } else {
        Style::new().fg(Color::Cyan)
    };
    for (i, text) in wrap(&format!("▶ {waiting}"), width, 2).into_iter().take(2).enumerate() {
        let _ = i;
        lines.push(Line::styled(text, style));
    }
    lines.push(Line::from(dice_spans(state)));
    let name_width = width.saturating_sub(34).clamp(6, 12);
    lines.push(Line::styled(
        format!("  {:<w$}      cash    debts prison cows", "rancher", w = name_width + 2),
        Style::new().fg(Color::DarkGray),
    ));
    for s in 0..state.num_players() {
        let r = &state.ranchers[s];
        let letter = ranch(&table.cfg, s);
        let marker = if s == now && !table.is_over() { "▶ " } else { "  " };
        let mut spans = vec![
            Span::raw(marker).fg(Color::Yellow),
            Span::styled(letter.letter().to_string(), cowboy_style(letter)),
            Span::raw(" "),
            Span::styled(
                format!("{:<name_width$}", clip(session.name(s), name_width)),
                seat_style(session, s),
            ),
        ];
        if r.bankrupt.is_some() {
            spans.push(Span::raw(format!("  {:>8}", "bankrupt")).fg(Color::LightRed).bold());
        } else {
            let debts: u32 = r.bank_debt + r.owes.iter().sum::<u32>();
            spans.push(Span::raw(format!(" {:>9}", dollars(i64::from(r.cash)))).bold());
            spans.push(
                Span::raw(format!(
                    " {:>8}",
                    if debts == 0 { "-".to_owned() } else { dollars(i64::from(debts)) }
                ))
                .fg(if debts == 0 { Color::DarkGray } else { Color::LightRed }),
            );
            let prison = r.in_prison();
            spans.push(
                Span::raw(format!(" {:>6}", if prison == 0 { "-".to_owned() } else { prison.to_string() }))
                    .fg(if prison == 0 { Color::DarkGray } else { Color::LightRed }),
            );
        }
        spans.push(Span::raw(format!(" {:>4}", state.cows_in_ranch(s))));
        lines.push(Line::from(spans));
    }
    if let Some(sale) = state.sale {
        let mut spans = vec![
            Span::raw(format!("Corral for {}: ", cow_id(&table.cfg, sale.cow as usize))).fg(Color::DarkGray),
        ];
        for s in 0..state.num_players() {
            if s == state.turn as usize || !state.ranchers[s].active() {
                continue;
            }
            let card = match sale.cards[s] {
                Slot::Empty => "…".to_owned(),
                Slot::Hidden => "played".to_owned(),
                Slot::Card(c) => c.word().to_owned(),
            };
            spans.push(Span::styled(
                format!("{} ", ranch(&table.cfg, s).letter()),
                cow_style(ranch(&table.cfg, s)),
            ));
            spans.push(Span::raw(format!("{card}  ")));
        }
        lines.push(Line::from(spans));
    }
    lines
}

/// The moves offered, grouped, or whom the game waits for.
fn moves_panel(
    frame: &mut Frame,
    area: Rect,
    session: &Session,
    table: &Table,
    offer: &Offer,
    picker: &Picker,
) {
    let title = if offer.is_empty() {
        " Moves ".to_owned()
    } else if offer.groups.len() > 1 && !offer.movable().is_empty() {
        format!(" Your move ({}): ↑/↓ Enter · Tab next piece ", offer.len())
    } else {
        " Your move: ↑/↓ then Enter, or its number ".to_owned()
    };
    let inner = widgets::moves_frame(frame, area, title, !offer.is_empty());
    if inner.height == 0 {
        return;
    }
    if offer.is_empty() {
        let mut lines = vec![Line::from(Span::raw(session.waiting_text()).fg(Color::Cyan))];
        let state = table.state();
        if let Some(rec) = state.last_sale {
            lines.push(Line::from(
                Span::raw(format!(
                    "Last sale: {} by {}.",
                    sale_cow_words(table, &rec),
                    session.name(rec.seller as usize)
                ))
                .fg(Color::DarkGray),
            ));
        }
        frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), inner);
        return;
    }
    let width = inner.width.saturating_sub(2) as usize;
    let mut items = Vec::new();
    let mut selected = None;
    let mut number = 0;
    let action_width = offer.moves().iter().map(|c| c.action.chars().count()).max().unwrap_or(0).min(17);
    for group in &offer.groups {
        items.push(ListItem::new(Line::from(
            Span::raw(clip(&group.title, width + 2)).fg(Color::LightCyan).bold(),
        )));
        for choice in &group.choices {
            if number == picker.row {
                selected = Some(items.len());
            }
            number += 1;
            let key = match choice.key {
                Some(k) => format!("{k}"),
                None => number.to_string(),
            };
            let head = format!("{key:>2} {:<action_width$}  {}", choice.action, choice.label);
            items.push(move_row(head, &choice.effect, width));
        }
    }
    let list = move_list(items);
    frame.render_stateful_widget(list, inner, &mut ListState::default().with_selected(selected));
}

/// A sold cow in words: `B4 ($600, brand B)`.
fn sale_cow_words(table: &Table, rec: &SaleRecord) -> String {
    let state = table.state();
    let id = state.cows[rec.cow as usize].id.0.map_or_else(|| "?".to_owned(), identity_words);
    format!("{} ({id})", cow_id(&table.cfg, rec.cow as usize))
}

/// The end: each rancher's final money, the winner, the seed and the record.
fn final_panel(frame: &mut Frame, area: Rect, ctx: &Ctx, table: &Table) {
    let session = ctx.session;
    let state = table.state();
    let verdict = super::table::ending_words(state, table.me(), session.names());
    let won = verdict.starts_with("you win");
    let colour = if won { Color::Green } else { Color::Yellow };
    let mut lines = vec![Line::from(Span::raw(format!("Game over: {verdict}.")).fg(colour).bold())];
    lines.push(Line::from(Span::raw("Final money (cash − debts + loans owed to him):").fg(Color::DarkGray)));
    for (rank, (s, money, bankrupt)) in standings(state).into_iter().enumerate() {
        let what = if bankrupt { "bankrupt".to_owned() } else { dollars(money) };
        lines.push(Line::from(vec![
            Span::raw(format!("{}. ", rank + 1)),
            Span::styled(session.name(s).to_owned(), seat_style(session, s)),
            Span::raw(format!("  {what}")),
        ]));
    }
    widgets::final_panel(frame, area, ctx, " Game over ", colour, lines);
}

/// The window at the end of a sale: the cow's brand and value, each card, the payments.
pub fn sale_window_lines(
    table_cfg: &tabula_abilene::Config,
    state: &State,
    rec: &SaleRecord,
    names: &[String],
    human: usize,
) -> (String, Vec<Line<'static>>) {
    let name = |s: usize| names.get(s).cloned().unwrap_or_else(|| format!("seat {s}"));
    let seller = rec.seller as usize;
    let seller_ranch = ranch(table_cfg, seller);
    let cow = rec.cow as usize;
    let id = state.cows[cow].id.0;
    let title = format!("Cow {} sold by {}", cow_id(table_cfg, cow), name(seller));
    let mut lines = Vec::new();
    let (words, truth) = match id {
        Some(id) => {
            let truth = tabula_abilene::corral::truth(seller_ranch, id);
            let kind = match id.brand {
                Brand::Of(r) if r == seller_ranch => "the seller's own brand".to_owned(),
                Brand::Of(r) => format!("another rancher's brand ({})", r.letter()),
                Brand::Unbranded => "no brand".to_owned(),
            };
            (format!("{}: {kind}.", identity_words(id)), Some(truth))
        }
        None => ("?".to_owned(), None),
    };
    lines.push(Line::from(vec![Span::raw("The cow: ").fg(Color::DarkGray), Span::raw(words).bold()]));
    lines.push(Line::from(vec![
        Span::raw("The bank pays the seller ").fg(Color::DarkGray),
        Span::raw(dollars(i64::from(rec.bank))).bold(),
        Span::raw(if rec.bank == 0 { " (a stolen cow, contested)" } else { "" }).fg(Color::DarkGray),
    ]));
    lines.push(Line::raw(""));
    for s in 0..state.num_players() {
        if s == seller {
            continue;
        }
        let (card, right) = match rec.cards[s] {
            Slot::Card(c) => (card_words(c), truth.map(|t| t == c)),
            _ => ("no card".to_owned(), None),
        };
        let t = rec.transfers[s];
        let money = match t {
            0 => "nothing".to_owned(),
            t if t > 0 => format!("receives {}", dollars(i64::from(t))),
            t => format!("pays {}", dollars(i64::from(-t))),
        };
        let mark = match right {
            Some(true) => Span::raw(" ✓ right").fg(Color::Green),
            Some(false) => Span::raw(" ✗ wrong").fg(Color::LightRed),
            None => Span::raw(""),
        };
        let who = format!("{:<12}", clip(&name(s), 12));
        let style =
            if s == human { Style::new().fg(Color::Yellow).bold() } else { Style::new().fg(Color::Cyan) };
        lines.push(Line::from(vec![
            Span::styled(who, style),
            Span::raw(format!("{card:<16}")),
            Span::raw(format!("{money:<16}")).bold(),
            mark,
        ]));
    }
    let gain = i64::from(rec.bank) - rec.transfers.iter().map(|&t| i64::from(t)).sum::<i64>();
    lines.push(Line::raw(""));
    lines.push(Line::from(vec![
        Span::raw(format!("{} ", name(seller))),
        Span::raw(if gain >= 0 { "gets " } else { "loses " }),
        Span::raw(dollars(gain.abs())).bold(),
        Span::raw(" in all from this sale."),
    ]));
    (title, lines)
}

/// A corral card as printed and in words: `OK (own brand)`.
fn card_words(card: CorralCard) -> String {
    match card {
        CorralCard::Own => "OK (own)".to_owned(),
        CorralCard::None => "– (none)".to_owned(),
        CorralCard::Other => "? (other)".to_owned(),
    }
}

/// The help window's lines for Abilene.
pub fn help_lines() -> Vec<Line<'static>> {
    vec![
        heading("Abilene"),
        Line::raw(
            "  Drive your nine cows from your ranch to Abilene, the town in the middle, and sell them \
             there; the richest rancher at the end wins. Each turn you roll two light dice (0-5) for \
             your cows and three dark dice (1-4) for your cowboys. A piece goes straight, and may turn \
             once (never back). Each light die moves a different cow up to its number of fields, \
             through empty fields and your own cowboys, inside your ranch or into Abilene; each dark \
             die must move a different cowboy exactly its number of fields, through empty fields only.",
        ),
        Line::raw(
            "  A cowboy ending on another rancher's cow steals it: it goes to your ranch, and you learn \
             its brand and value. Ending on another rancher's cowboy is a duel (no shooting in \
             Abilene). Three or more of your cowboys in prison may be released for $1,500 each; \
             prisoners cost fees every turn.",
        ),
        Line::raw(
            "  When a cow is sold, every other rancher plays a corral card face down: OK (it carries \
             the seller's brand), – (no brand) or ? (another brand: stolen). The bank pays the seller, \
             and the cards pay or are paid by how right they were; a window shows each sale.",
        ),
        heading("The board"),
        Line::raw(
            "  A cow shows its herd and number (B4) in its owner's colour (one letter on a small \
             screen); a cowboy is a coloured tile (‹A›, or a lower-case letter). Empty fields show \
             their names on a wide screen. A cow's brand and value are `?` unless you know it: your \
             own herd, cows you stole, cows sold. Cows in Abilene are drawn above ABILENE, cowboys \
             in town below it. The chosen move is marked from (yellow) to (green).",
        ),
        heading("Keys"),
        key_line(&[("↑/↓", "choose a move"), ("Enter", "play it")]),
        key_line(&[("Tab ←/→", "next/previous piece"), ("1-9", "a move by its number")]),
        key_line(&[(":", "type a move")]),
        key_line(&[("?", "this help"), ("q", "quit (asks first)")]),
        heading("Typing moves"),
        Line::raw(
            "  cow a52 a21 3 · cow a21 abilene 1 · boy a40 b52 4 · boy abilene c31 2 · \
             place a74 · release 2 · sell 1 · corral own|none|other · borrow 1000 · \
             ask 2 1000 1200 (seat 2 lends $1,000, repaid $1,200) · accept · refuse · bankrupt · \
             herd 600. Several moves separated by ; play in order. A move's number plays it.",
        ),
        heading("Opponents"),
        Line::raw("  tabula play abilene --vs easy|medium|hard picks the bots' level."),
    ]
}
