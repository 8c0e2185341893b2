//! The Sabacc table as the person's seat sees it: every seat around the table in order of
//! play with its money, bet, what it is doing and its cards (the person's face up with
//! their values, the others' backs unless laid face up, blocked or shown), the communal
//! cards, the hand pot and the Sabacc pot, the dealer (or banker), the last roll, the
//! stakes, the person's hand in words; beside it the moves with their keys and the log;
//! after each hand a summary window; at the end each seat's money won or lost. Drawn from
//! the seat's [`View`] and the session's notes (made from the seat's views), never from
//! the referee's state.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, ListItem, ListState, Paragraph, Wrap};
use tabula_sabacc::{Card, DeckKind, Phase, Rules, State, Status, Table as Seating, View};

use super::SabaccScreen;
use super::moves::Offer;
use super::table::{self as sabacc, HandEnd, Table, card_label, hand_words, signed};
use crate::play::screen::Ctx;
use crate::play::session::Session;
use crate::play::widgets::{
    self, capitalised, clip, heading, key_line, log_panel, move_list, move_row, plain, seat_style,
};

/// What the panels draw from: the session, the screen's notes and choices, the record.
pub struct Scene<'a> {
    /// The game in progress.
    pub session: &'a Session,
    /// The Sabacc screen.
    pub screen: &'a SabaccScreen,
    /// Where the record was saved.
    pub ctx: &'a Ctx<'a>,
}

/// Draws the table in `area`.
pub fn draw(frame: &mut Frame, area: Rect, app: &Scene) {
    let Some(table) = Table::of(app.session) else { return };
    let left_width = (area.width * 58 / 100).max(46).min(area.width);
    let [left, right] = Layout::horizontal([Constraint::Length(left_width), Constraint::Min(0)]).areas(area);
    table_panel(frame, left, app, &table);
    let panel_height = if table.is_over() {
        (table.state().players() as u16 + 8).min(right.height * 2 / 3)
    } else {
        let legal = app.session.legal();
        let offer = Offer::read(&table.cfg, &legal);
        let rows = app.screen.picker.synced(&table).choices(&table, &offer).len() as u16;
        (rows.max(2) + 2).min(right.height / 2).max(5)
    };
    let [top, log] =
        Layout::vertical([Constraint::Length(panel_height.min(right.height)), Constraint::Min(0)])
            .areas(right);
    if table.is_over() {
        final_panel(frame, top, app, &table);
    } else {
        moves_panel(frame, top, app, &table);
    }
    log_panel(frame, log, app.session, &plain);
}

/// The style of a card the seat sees lying face up, blocked, or its own face down.
fn card_style(own: bool, up: bool) -> Style {
    if up {
        Style::new().fg(Color::White).add_modifier(Modifier::BOLD)
    } else if own {
        Style::new().fg(Color::Yellow)
    } else {
        Style::new().fg(Color::Gray)
    }
}

/// The mark after a blocked card (under a token, or in the interference field).
const BLOCKED: &str = "■";
/// The mark after one's own card lying face up.
const FACE_UP: &str = "↑";
/// A card's back.
const BACK: &str = "▒▒▒";

/// A hand's cards as spans, at most `width` columns: backs for the hidden ones, `■` after
/// a blocked card, `↑` after one's own card lying face up; `+3` when more do not fit.
fn hand_spans(state: &State, seat: usize, own: bool, width: usize, deck: DeckKind) -> Vec<Span<'static>> {
    let hand = &state.seats[seat].hand;
    let mut spans = Vec::new();
    let mut used = 0;
    for i in 0..hand.len() {
        let card = hand.card(i);
        let (up, blocked) = (hand.is_up(i), hand.is_blocked(i));
        let mark = if blocked {
            BLOCKED
        } else if up && own {
            FACE_UP
        } else {
            ""
        };
        let text = if card.is_hidden() { BACK.to_owned() } else { card_label(card, deck) };
        let cell = text.chars().count() + mark.chars().count() + 1;
        let left = hand.len() - i;
        // Room is kept for `+n` while more cards follow.
        let reserve = if left > 1 { 3 } else { 0 };
        if used + cell + reserve > width {
            if used + 3 <= width {
                spans.push(Span::raw(format!("+{left}")).fg(Color::DarkGray));
            }
            break;
        }
        let style = if card.is_hidden() {
            Style::new().fg(Color::DarkGray)
        } else {
            card_style(own, up || blocked || !own)
        };
        spans.push(Span::styled(text, style));
        if !mark.is_empty() {
            spans.push(Span::raw(mark).fg(if blocked { Color::Magenta } else { Color::Cyan }).bold());
        }
        spans.push(Span::raw(" "));
        used += cell;
    }
    spans
}

/// What a seat's row says it is doing: its last move while in the hand, else its status.
fn doing(app: &Scene, table: &Table, seat: usize) -> String {
    let status = sabacc::status_words(table, seat);
    let said = app.screen.tracker.said(seat);
    if status == "in" && !said.is_empty() { said.to_owned() } else { status }
}

/// The seats in the order they are listed: all of them when they fit in `rows`; else the
/// person, the seat to act, the dealer and as many others as fit, in seat order.
fn listed_seats(table: &Table, rows: usize) -> (Vec<usize>, usize) {
    let n = table.state().players();
    if n <= rows {
        return ((0..n).collect(), 0);
    }
    let keep = rows.saturating_sub(1).max(1);
    let mut chosen = vec![table.me()];
    for seat in [sabacc::actor(table), Some(table.state().dealer as usize)].into_iter().flatten() {
        if !chosen.contains(&seat) {
            chosen.push(seat);
        }
    }
    let state = table.state();
    let mut others: Vec<usize> = (0..n).filter(|p| !chosen.contains(p)).collect();
    others.sort_by_key(|&p| (state.seats[p].status != Status::Active, p));
    chosen.extend(others);
    chosen.truncate(keep);
    chosen.sort_unstable();
    (chosen, n - keep)
}

/// The table: the seats at the top, then the pots, communal cards, stakes and dice; the
/// person's hand at the bottom, drawn as cards when there is room.
fn table_panel(frame: &mut Frame, area: Rect, app: &Scene, table: &Table) {
    let state = table.state();
    let cfg = &table.cfg;
    let hand_no = (state.hand_no + 1).min(cfg.hands);
    let title = format!(" Hand {hand_no} of {} · {} ", cfg.hands, sabacc::phase_words(table));
    let block = Block::bordered().title(title.bold());
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let width = inner.width as usize;
    let height = inner.height as usize;
    let info = info_lines(app, table, width);
    let must = info.iter().filter(|(_, rank)| *rank == 0).count();
    let big = hand_lines(table, width, true);
    let small = hand_lines(table, width, false);
    let seats_rows = 1 + state.players();
    let hand = if seats_rows + must + big.len() <= height { big } else { small };
    let seat_room = height.saturating_sub(must + hand.len() + 1).max(2);
    let mut lines = seat_lines(app, table, width, seat_room);
    // The optional lines that fit, dropped from the least useful.
    let room = height.saturating_sub(lines.len() + hand.len());
    let mut info = info;
    while info.len() > room {
        match info.iter().enumerate().max_by_key(|(i, (_, rank))| (*rank, *i)) {
            Some((i, (_, rank))) if *rank > 0 => {
                info.remove(i);
            }
            _ => break,
        }
    }
    lines.extend(info.into_iter().map(|(line, _)| line));
    // What the last hand showed, in the room left between the table and the hand.
    let spare = height.saturating_sub(lines.len() + hand.len());
    let last = last_hand_lines(app, table, width);
    if spare > last.len() {
        lines.push(Line::raw(""));
        lines.extend(last);
    }
    let [top, bottom] =
        Layout::vertical([Constraint::Min(0), Constraint::Length(hand.len() as u16)]).areas(inner);
    frame.render_widget(Paragraph::new(lines), top);
    frame.render_widget(Paragraph::new(hand), bottom);
}

/// The seats' rows under a header, at most `rows` lines.
fn seat_lines(app: &Scene, table: &Table, width: usize, rows: usize) -> Vec<Line<'static>> {
    let state = table.state();
    let cfg = &table.cfg;
    let (seats, hidden) = listed_seats(table, rows.saturating_sub(1));
    let name_width =
        (0..state.players()).map(|p| app.session.name(p).chars().count()).max().unwrap_or(4).clamp(4, 12);
    let money = if cfg.points() { "points" } else { "money" };
    // The "doing" column gives way to the cards in a narrow table.
    let fixed = 3 + name_width + 1 + 6 + 2 + 4 + 2;
    let longest = state.seats.iter().map(|s| s.hand.len()).max().unwrap_or(0).max(3);
    let doing_width = width.saturating_sub(fixed + 4 * longest).clamp(7, 13);
    let mut lines = vec![Line::from(
        Span::raw(format!(
            "   {:<name_width$} {money:>6}  {:>4}  {:<doing_width$}cards",
            "seat", "bet", "doing"
        ))
        .fg(Color::DarkGray),
    )];
    let actor = sabacc::actor(table);
    // A hand's last card needs no space after it.
    let cards_width = width.saturating_sub(fixed + doing_width) + 1;
    for &seat in &seats {
        let s = &state.seats[seat];
        let mark = if actor == Some(seat) { "▶" } else { " " };
        let button = match (seat == state.dealer as usize, cfg.rules) {
            (true, Rules::BlackKnight) => Span::raw("B").fg(Color::Black).bg(Color::White).bold(),
            (true, _) => Span::raw("D").fg(Color::Black).bg(Color::White).bold(),
            (false, _) => Span::raw(" "),
        };
        let amount = if cfg.points() { s.points } else { s.stack };
        let bet = if s.bet > 0 { s.bet.to_string() } else { "·".to_owned() };
        let dim = s.status != Status::Active && state.phase != Phase::Over;
        let name = clip(app.session.name(seat), name_width);
        let mut spans = vec![
            Span::raw(mark).fg(Color::Yellow).bold(),
            button,
            Span::raw(" "),
            Span::styled(format!("{name:<name_width$}"), seat_style(app.session, seat)),
            Span::raw(format!(" {amount:>6}  {bet:>4}  ")),
            Span::raw(format!("{:<doing_width$}", clip(&doing(app, table, seat), doing_width - 1)))
                .fg(if dim { Color::DarkGray } else { Color::Gray }),
        ];
        spans.extend(hand_spans(state, seat, seat == table.me(), cards_width, table.cfg.deck));
        lines.push(Line::from(spans));
    }
    if hidden > 0 {
        lines.push(Line::from(Span::raw(format!("   … {hidden} more seats")).fg(Color::DarkGray)));
    }
    lines
}

/// The lines under the seats, each with a rank: 0 always shown (pots, communal cards),
/// higher dropped first when space runs out (the dice, the stakes, the legend, blank lines).
fn info_lines(app: &Scene, table: &Table, width: usize) -> Vec<(Line<'static>, u8)> {
    let state = table.state();
    let cfg = &table.cfg;
    let dim = Style::new().fg(Color::DarkGray);
    let mut lines = vec![(Line::raw(""), 4)];
    let pots = match cfg.rules {
        Rules::BlackKnight => vec![
            Span::styled("Bets on the table ", dim),
            Span::raw(state.hand_pot.to_string()).bold(),
            Span::styled("  · the bank pays even money", dim),
        ],
        Rules::Canonical if cfg.points() => {
            vec![Span::styled("Points game: ", dim), Span::raw("the best hand scores +10").bold()]
        }
        _ => vec![
            Span::styled("Hand pot ", dim),
            Span::raw(state.hand_pot.to_string()).fg(Color::LightGreen).bold(),
            Span::styled("   Sabacc pot ", dim),
            Span::raw(state.sabacc_pot.to_string()).fg(Color::LightMagenta).bold(),
        ],
    };
    lines.push((Line::from(pots), 0));
    let communal = table.communal();
    if !communal.is_empty() || (cfg.rules == Rules::Tarot && cfg.deal.communal()) {
        let mut spans = vec![Span::styled("Communal  ", dim)];
        for card in &communal {
            spans.push(Span::styled(card_label(*card, cfg.deck), card_style(false, true)));
            spans.push(Span::raw(" "));
        }
        if communal.is_empty() {
            spans.push(Span::styled("none yet", dim));
        }
        lines.push((Line::from(spans), 0));
    }
    if table.is_over() {
        return lines;
    }
    if let Some(line) = dice_line(app, table) {
        lines.push((Line::from(Span::styled(clip(&line, width), dim)), 1));
    }
    lines.push((Line::from(Span::styled(clip(&stakes(table), width), dim)), 2));
    let legend = match cfg.rules {
        Rules::BlackKnight => format!("{BACK} face down  B banker  ▶ to act"),
        Rules::Canonical => format!("{BACK} face down  {BLOCKED} in the field  D dealer  ▶ to act"),
        Rules::Tarot => format!("{BACK} face down  {BLOCKED} blocked  {FACE_UP} face up  D dealer  ▶ to act"),
    };
    lines.push((Line::from(Span::styled(clip(&legend, width), dim)), 3));
    lines
}

/// The last hand in a few lines: who won what, and the hands shown.
fn last_hand_lines(app: &Scene, table: &Table, width: usize) -> Vec<Line<'static>> {
    let Some(end) = app.screen.tracker.hands().last() else { return Vec::new() };
    let cfg = &table.cfg;
    let dim = Style::new().fg(Color::DarkGray);
    let (_, summary) = hand_over_lines(app, end, width);
    let headline = summary.first().map(|l| l.spans.iter().map(|s| s.content.to_string()).collect::<String>());
    let mut lines = vec![Line::from(vec![
        Span::styled(format!("Last hand ({}): ", end.hand + 1), dim),
        Span::raw(clip(&headline.unwrap_or_default(), width.saturating_sub(16))).fg(Color::Gray),
    ])];
    let rec = &end.record;
    let communal: Vec<Card> = if cfg.rules == Rules::Tarot { rec.communal().to_vec() } else { Vec::new() };
    for (p, laid) in rec.seats().iter().enumerate() {
        let cards = laid.cards();
        let Some(words) = sabacc::hand_brief(cfg, cards, &communal) else { continue };
        let words = if in_showdown(cfg, rec, p) { words } else { "out: not in the showdown".to_owned() };
        let text = format!("  {} {} — {words}", app.session.name(p), cards_text(cards, cfg.deck));
        lines.push(Line::from(Span::styled(clip(&text, width), dim)));
    }
    lines
}

/// The person's hand: its cards, drawn as cards (`big`) with their positions and the part
/// each plays in the value, or on one line; then what the hand makes.
fn hand_lines(table: &Table, width: usize, big: bool) -> Vec<Line<'static>> {
    let state = table.state();
    let cfg = &table.cfg;
    let me = table.me();
    let hand = &state.seats[me].hand;
    let dim = Style::new().fg(Color::DarkGray);
    if hand.is_empty() {
        let text = match state.seats[me].status {
            Status::Out => "You are out of the session: the others play on.",
            _ if state.phase == Phase::Over => "",
            _ => "Your hand: no cards yet.",
        };
        return vec![Line::from(Span::raw(text).fg(Color::Gray))];
    }
    let communal = if cfg.rules == Rules::Tarot { table.communal() } else { Vec::new() };
    let values = sabacc::card_values(cfg, hand.cards(), &communal);
    let cells: Vec<(String, String, &str)> = (0..hand.len())
        .map(|i| {
            let mark = if hand.is_blocked(i) {
                BLOCKED
            } else if hand.is_up(i) {
                FACE_UP
            } else {
                ""
            };
            (card_label(hand.card(i), cfg.deck), signed(values.get(i).copied().unwrap_or(0)), mark)
        })
        .collect();
    const CELL: usize = 8;
    let mut lines = vec![Line::from(Span::raw("Your hand").fg(Color::Yellow).bold())];
    // The canonical cards are drawn by value and suit: their names in the notation too.
    if big && cfg.rules == Rules::Canonical {
        let names: Vec<String> = hand.cards().iter().map(|c| c.to_string()).collect();
        let text = clip(&format!("  {}", names.join(" · ")), width.saturating_sub(9));
        lines[0].spans.push(Span::styled(text, dim));
    }
    if big && cells.len() * CELL <= width {
        let edge = Style::new().fg(Color::Yellow);
        let (mut top, mut name, mut value, mut bottom) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for (i, (label, part, mark)) in cells.iter().enumerate() {
            let up = hand.is_up(i) || hand.is_blocked(i);
            top.push(Span::styled(format!("╭{}─────╮", i + 1), edge));
            name.push(Span::styled("│", edge));
            name.push(Span::styled(format!("{:^6}", clip(label, 6)), card_style(true, up)));
            name.push(Span::styled("│", edge));
            value.push(Span::styled("│", edge));
            value.push(Span::raw(format!("{part:>4}")).fg(Color::Gray));
            value.push(
                Span::raw(format!(" {mark:<1}"))
                    .fg(if hand.is_blocked(i) { Color::Magenta } else { Color::Cyan })
                    .bold(),
            );
            value.push(Span::styled("│", edge));
            bottom.push(Span::styled("╰──────╯", edge));
        }
        lines.extend([top, name, value, bottom].map(Line::from));
    } else {
        let mut spans = Vec::new();
        for (i, (label, part, mark)) in cells.iter().enumerate() {
            spans.push(Span::styled(format!("{} ", i + 1), dim));
            spans.push(Span::styled(label.clone(), card_style(true, hand.is_up(i) || hand.is_blocked(i))));
            spans.push(
                Span::raw(mark.to_string())
                    .fg(if hand.is_blocked(i) { Color::Magenta } else { Color::Cyan })
                    .bold(),
            );
            spans.push(Span::styled(format!("({part})  "), dim));
        }
        lines[0].spans.push(Span::raw("  "));
        lines[0].spans.extend(spans);
    }
    if let Some(words) = hand_words(cfg, hand.cards(), &communal) {
        lines.push(Line::from(vec![
            Span::raw("makes ").fg(Color::DarkGray),
            Span::raw(clip(&words, width.saturating_sub(6))).fg(Color::LightGreen).bold(),
        ]));
    }
    lines
}

/// The stakes: minimum bet, mouche, the limit, raises so far.
fn stakes(table: &Table) -> String {
    let cfg = &table.cfg;
    let state = table.state();
    let limit = if cfg.no_limit {
        "no limit".to_owned()
    } else {
        format!("raise ≤ {}", i32::from(cfg.max_raise) * cfg.min_bet)
    };
    match cfg.rules {
        Rules::BlackKnight => format!(
            "Bets {} to {} · a Sabacc pays 3 to 2 · the banker stands on 20",
            cfg.min_bet,
            i32::from(cfg.steps()) * cfg.min_bet
        ),
        Rules::Canonical if cfg.points() => format!("Exchange up to {} cards · over 46 loses", cfg.exchange),
        Rules::Canonical => format!(
            "Ante {} · mouche {} · {limit} · raises {}/{} · tour {}/{} · call from tour 4",
            cfg.min_bet, cfg.mouche, state.raises, cfg.raises, state.tour, cfg.tours
        ),
        Rules::Tarot => {
            let mouche = if cfg.escalating { cfg.mouche * i32::from(state.tour) } else { cfg.mouche };
            format!(
                "Min bet {} · mouche {mouche} · {limit} · raises {}/{} · tour {}/{}",
                cfg.min_bet, state.raises, cfg.raises, state.tour, cfg.tours
            )
        }
    }
}

/// The dice: the last roll of this hand and what it did.
fn dice_line(app: &Scene, table: &Table) -> Option<String> {
    let cfg = &table.cfg;
    let state = table.state();
    // A roll of an earlier tour of the hand is not this tour's.
    let roll = app.screen.tracker.roll(state.hand_no).filter(|r| r.tour == state.tour);
    match cfg.rules {
        Rules::Tarot if !cfg.dice.rolls() => {
            Some("No change roll (dice=none): the cards never change".to_owned())
        }
        Rules::Tarot => Some(match roll {
            Some(r) if r.change => format!("Dice {}: rolled {}, the cards changed", dice_name(table), r.dice),
            Some(r) => format!(
                "Dice {}: rolled {} · the cards change on {}",
                dice_name(table),
                r.dice,
                cfg.dice.max()
            ),
            None => {
                format!("Dice {}: not rolled yet · the cards change on {}", dice_name(table), cfg.dice.max())
            }
        }),
        Rules::Canonical if !cfg.points() => Some(match roll {
            Some(r) if r.change => format!("Shift dice: rolled {}, a double: the shift", r.dice),
            Some(r) => format!("Shift dice: rolled {} · a double shifts the cards", r.dice),
            None => "Shift dice: not rolled yet · a double shifts the cards".to_owned(),
        }),
        _ => None,
    }
}

fn dice_name(table: &Table) -> &'static str {
    table.cfg.dice.name()
}

/// The moves: the list with keys and what each does, or whom the game waits for.
fn moves_panel(frame: &mut Frame, area: Rect, app: &Scene, table: &Table) {
    let legal = app.session.legal();
    let offer = Offer::read(&table.cfg, &legal);
    let picker = app.screen.picker.synced(table);
    let choices = picker.choices(table, &offer);
    if choices.is_empty() {
        let state = table.state();
        let mut lines = vec![Line::from(Span::raw(app.session.waiting_text()).fg(Color::Cyan))];
        if state.seats[table.me()].status != Status::Active && state.phase != Phase::Over {
            lines.push(Line::from(
                Span::raw("You are not in this hand; the others play on.").fg(Color::DarkGray),
            ));
        }
        let block = Block::bordered().title(" Moves ".bold());
        frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }).block(block), area);
        return;
    }
    let block = Block::bordered()
        .title(format!(" Your move: {} ", sabacc::phase_words(table)).bold())
        .border_style(Style::new().fg(Color::Yellow));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let width = inner.width.saturating_sub(2) as usize;
    let label_width = choices.iter().map(|c| c.label.chars().count()).max().unwrap_or(0).min(22);
    let items: Vec<ListItem> = choices
        .iter()
        .map(|choice| {
            let key = match choice.key {
                Some(k) => format!("[{k}] "),
                None => "    ".to_owned(),
            };
            move_row(format!("{key}{:<label_width$}", choice.label), &choice.effect, width)
        })
        .collect();
    let list = move_list(items);
    let selected = Some(picker.row.min(choices.len() - 1));
    frame.render_stateful_widget(list, inner, &mut ListState::default().with_selected(selected));
}

/// The end of the session: each seat's money won or lost.
fn final_panel(frame: &mut Frame, area: Rect, app: &Scene, table: &Table) {
    let session = app.session;
    let state = table.state();
    let cfg = &table.cfg;
    let verdict = sabacc::verdict(session).unwrap_or_default();
    let mine = sabacc::result(cfg, state, table.me());
    let colour = if mine > 0 {
        Color::Green
    } else if mine < 0 {
        Color::LightRed
    } else {
        Color::Yellow
    };
    let mut lines = vec![Line::from(Span::raw(format!("{}.", capitalised(&verdict))).fg(colour).bold())];
    let unit = if cfg.points() { "points" } else { "money" };
    let name_width =
        (0..state.players()).map(|p| session.name(p).chars().count()).max().unwrap_or(4).clamp(4, 12);
    lines.push(Line::from(
        Span::raw(format!("{:<name_width$} {:>7} {:>7}", "seat", unit, "result")).fg(Color::DarkGray),
    ));
    let mut order: Vec<usize> = (0..state.players()).collect();
    order.sort_by_key(|&p| std::cmp::Reverse(sabacc::result(cfg, state, p)));
    for p in order {
        let s = &state.seats[p];
        let amount = if cfg.points() { s.points } else { s.stack };
        let result = sabacc::result(cfg, state, p);
        let style = if result > 0 {
            Style::new().fg(Color::Green)
        } else if result < 0 {
            Style::new().fg(Color::LightRed)
        } else {
            Style::new()
        };
        let out = if s.status == Status::Out { " out" } else { "" };
        lines.push(Line::from(vec![
            Span::styled(
                format!("{:<name_width$}", clip(session.name(p), name_width)),
                seat_style(app.session, p),
            ),
            Span::raw(format!(" {amount:>7} ")),
            Span::styled(format!("{:>7}", signed(result as i32)), style.bold()),
            Span::raw(out).fg(Color::DarkGray),
        ]));
    }
    if let Some(last) = app.screen.tracker.hands().last() {
        let kept: i64 = (0..state.players())
            .map(|p| sabacc::result(cfg, state, p) - last.results.get(p).copied().unwrap_or(0))
            .sum();
        let note = match cfg.table {
            _ if cfg.points() || cfg.rules == Rules::BlackKnight => None,
            Seating::FriendlySingle if kept > 0 => {
                Some(format!("The Sabacc pot ({kept}) was shared at the end."))
            }
            Seating::FriendlyRegular if state.sabacc_pot > 0 => {
                Some(format!("The Sabacc pot ({}) is kept for the next session.", state.sabacc_pot))
            }
            Seating::Open if state.house_take > 0 => {
                Some(format!("The organizer keeps the Sabacc pot ({}).", state.house_take))
            }
            _ => None,
        };
        if let Some(note) = note {
            lines.push(Line::from(Span::raw(note).fg(Color::Gray)));
        }
    }
    widgets::final_panel(frame, area, app.ctx, " Session over ", colour, lines);
}

/// A list of names at the start of a sentence: `You`, but names as they are written.
fn sentence_start(who: &str) -> String {
    match who.strip_prefix("you") {
        Some(rest) => format!("You{rest}"),
        None => who.to_owned(),
    }
}

/// A hand's cards as text, `▒▒▒` for those not shown.
fn cards_text(cards: &[Card], deck: DeckKind) -> String {
    cards
        .iter()
        .map(|&c| if c.is_hidden() { BACK.to_owned() } else { card_label(c, deck) })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether seat `p` went to the showdown of a hand whose end is `rec` (a seat that folded,
/// or dropped out at the announce, did not: its hand beats nobody's). In the points game and
/// Black Knight every hand with cards is scored.
pub fn in_showdown(cfg: &tabula_sabacc::Config, rec: &tabula_sabacc::Showdown, p: usize) -> bool {
    cfg.points() || cfg.rules == Rules::BlackKnight || rec.contenders >> p & 1 == 1
}

/// The summary of a hand, for its window at most `width` columns wide: the title and the
/// lines.
pub fn hand_over_lines(app: &Scene, end: &HandEnd, width: usize) -> (String, Vec<Line<'static>>) {
    let session = app.session;
    let Some(cfg) = Table::of(session).map(|t| t.cfg) else { return (String::new(), Vec::new()) };
    let view: &View = &end.table;
    let state = &view.state;
    let rec = &end.record;
    let communal: Vec<Card> = rec.communal().to_vec();
    let winners = end.winners();
    let settlement = rec.settlement;
    let me = view.player as usize;
    let mut lines = Vec::new();
    let who = |seats: &[usize]| {
        let names: Vec<&str> = seats.iter().map(|&p| session.name(p)).collect();
        match names.as_slice() {
            [] => "nobody".to_owned(),
            [one] => (*one).to_owned(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
        }
    };
    let headline = match cfg.rules {
        Rules::BlackKnight => {
            let banker = rec.dealer as usize;
            match hand_words(&cfg, rec.seats()[banker].cards(), &[]) {
                Some(w) => format!("The banker, {}, has {w}.", session.name(banker)),
                None => "The hand is void: nobody bet.".to_owned(),
            }
        }
        Rules::Canonical if cfg.points() => format!("Best hand: {} (+10).", who(&winners)),
        _ if winners.is_empty() => {
            let why = if cfg.rules == Rules::Canonical {
                "every hand bombed out"
            } else {
                "every hand was over 23"
            };
            format!("Nobody wins: {why}; the bets go to the Sabacc pot.")
        }
        _ => {
            let verb = if winners.len() > 1 {
                "share"
            } else if winners == [me] {
                "win"
            } else {
                "wins"
            };
            let mut text =
                format!("{} {verb} the hand pot ({})", sentence_start(&who(&winners)), settlement.pot);
            if settlement.sabacc > 0 {
                text.push_str(&format!(" and the Sabacc pot ({})", settlement.sabacc));
            }
            text.push('.');
            text
        }
    };
    let good = winners.contains(&me);
    lines.push(Line::from(Span::raw(headline).fg(if good { Color::Green } else { Color::White }).bold()));
    for text in super::table::pot_sentences(&settlement, session.names()) {
        lines.push(Line::raw(format!("  {}", sentence_start(&text))));
    }
    lines.push(Line::raw(""));
    let name_width =
        (0..state.players()).map(|p| session.name(p).chars().count()).max().unwrap_or(4).clamp(4, 12);
    let unit = if cfg.points() { "points" } else { "money" };
    let cards_width = rec
        .seats()
        .iter()
        .map(|laid| cards_text(laid.cards(), cfg.deck).chars().count())
        .max()
        .unwrap_or(0)
        .clamp(5, 22);
    // The hand's words take what is left of the window's width (borders, name, columns).
    let words_width = width.saturating_sub(2 + name_width + 2 + cards_width + 1 + 14 + 1).clamp(8, 34);
    lines.push(Line::from(
        Span::raw(format!(
            "{:<name_width$}  {:<cards_width$} {:<words_width$} {:>6} {:>6}",
            "seat", "cards", "hand", "gain", unit
        ))
        .fg(Color::DarkGray),
    ));
    let mut paid = 0;
    for (p, laid) in rec.seats().iter().enumerate() {
        let s = &state.seats[p];
        if s.status == Status::Out && laid.cards().is_empty() && end.gains[p] == 0 {
            continue;
        }
        let cards = laid.cards();
        let table_cards = if cfg.rules == Rules::Tarot { communal.clone() } else { Vec::new() };
        let words = match hand_words(&cfg, cards, &table_cards) {
            _ if !cards.is_empty() && !in_showdown(&cfg, rec, p) => "out: not in the showdown".to_owned(),
            Some(w) => w,
            None if cards.is_empty() => "—".to_owned(),
            None => "not shown".to_owned(),
        };
        // The money as the table behind shows it: after the next hand's mouche or ante,
        // which the engine takes in the step that settles this one (said under the table).
        let amount = if cfg.points() { s.points } else { s.stack };
        if p == me && !cfg.points() {
            paid = laid.stack - s.stack;
        }
        let gain = end.gains[p];
        let style = if gain > 0 {
            Style::new().fg(Color::Green).bold()
        } else if gain < 0 {
            Style::new().fg(Color::LightRed)
        } else {
            Style::new()
        };
        let mark = if winners.contains(&p) { "★" } else { " " };
        lines.push(Line::from(vec![
            Span::styled(
                format!("{:<name_width$}", clip(session.name(p), name_width)),
                seat_style(app.session, p),
            ),
            Span::raw(mark).fg(Color::Yellow).bold(),
            Span::raw(format!(" {:<cards_width$} ", clip(&cards_text(cards, cfg.deck), cards_width))),
            Span::raw(format!("{:<words_width$}", clip(&words, words_width))).fg(Color::Gray),
            Span::styled(format!(" {:>6}", signed(gain as i32)), style),
            Span::raw(format!(" {amount:>6}")),
        ]));
    }
    if !communal.is_empty() {
        lines.push(Line::from(
            Span::raw(format!("Communal: {}", cards_text(&communal, cfg.deck))).fg(Color::Gray),
        ));
    }
    let tied = end.tied();
    if !tied.is_empty() {
        let tied: Vec<String> = tied
            .iter()
            .map(|&p| format!("{} {}", session.name(p), cards_text(rec.seats()[p].cards(), cfg.deck)))
            .collect();
        lines.push(Line::from(
            Span::raw(format!("Tied at the showdown: {}; sudden death decided it.", tied.join(", ")))
                .fg(Color::Gray),
        ));
    }
    if paid > 0 && state.phase != Phase::Over {
        let fee = if cfg.rules == Rules::Canonical { "ante" } else { "mouche" };
        lines.push(Line::from(
            Span::raw(format!(
                "The money is as on the table now: the next hand's {fee} ({paid} each) is already paid."
            ))
            .fg(Color::Gray),
        ));
    }
    lines.push(Line::raw(""));
    (format!("Hand {} of {} is over", end.hand + 1, cfg.hands), lines)
}

/// The help window's lines for Sabacc: paragraphs, which the window wraps.
pub fn help_lines() -> Vec<Line<'static>> {
    vec![
        heading("Sabacc"),
        Line::raw(
            "  Tarot: three cards; the hand nearest 23 without going over wins the hand pot. Trumps \
             add; of the suits, the Armes (swords, batons) add and the Richesses (cups, deniers) \
             subtract, or the other way round: the better is taken for you. A Sabacc (23; trump 21, \
             trump 1 and the Idiot; the Idiot, a 2 and a 3) wins the Sabacc pot too. Each tour: bets, \
             a roll (its maximum changes every card not blocked: block up to two first), the announce \
             (continue, see, fold, Sabacc), then a redeal.",
        ),
        Line::raw(
            "  Canonical: the total nearest ±23 wins; 0 or past ±23 bombs out. Black Knight: beat the \
             banker's hand without passing 23; a Sabacc pays 3 to 2.",
        ),
        heading("Cards"),
        Line::raw(
            "  T1 to T21 are the trumps, worth their number; idiot is the Idiot (the Excuse), worth 0. \
             A suit card is its rank then its suit: A (ace, 1 or 15), 2 to 10, J (valet, 11), \
             N (knight, the cavalier, 12), Q (queen, 13), K (king, 14); s swords and b batons are the \
             Armes, c cups and d deniers the Richesses. So Ns is the knight of swords, 10b the ten of \
             batons, T12 trump 12.",
        ),
        Line::raw(
            "  Canonical cards show their value and suit (7sa: 7 of sabres; st staves, fl flasks, co \
             coins), face cards a short name and their value (Dem−13: Demise). In the hand, a card's \
             part in the total is under it; ■ marks a blocked card, ↑ one of yours lying face up.",
        ),
        heading("Keys"),
        key_line(&[("↑/↓ Enter", "choose and play a move"), ("letters", "the key listed: c call…")]),
        key_line(&[("←/→", "the raise or bet amount"), ("1-9", "a card: block, discard…")]),
        key_line(&[(": or Tab", "type a move or row number"), ("?  q", "this help  quit")]),
        heading("Typing moves"),
        Line::raw(
            "  call  raise 4  raise max  fold  block 2  unblock 2  ready  announce continue  announce \
             see|fold|sabacc  take  decline  discard 3  show 1  field 2  draw  trade 1  stand  call hand \
             exchange 1 3  keep  bet 4  hit. Amounts are money; cards count from 1 in the order you got \
             them.",
        ),
        heading("Opponents"),
        Line::raw(
            "  tabula play sabacc --vs easy|medium|hard picks the bots' level (medium by default); \
             --options '{\"players\":4,\"hands\":3}' sets the table, '{\"rules\":\"canonical\"}' or \
             \"black-knight\" the rules.",
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::Game;
    use tabula_sabacc::state::{PUBLIC, Seats};

    #[test]
    fn hidden_cards_are_backs_and_long_hands_are_cut() {
        let mut state: State = tabula_sabacc::Sabacc::with_defaults().initial_state();
        state.seats = Seats::new(2, 100);
        for (i, text) in ["T21", "3c", "Ks", "T5", "idiot", "10b"].iter().enumerate() {
            let card: Card = text.parse().unwrap();
            // The face-up card and the blocked one lie on the table: everybody sees them.
            let known = if i == 1 || i == 2 { PUBLIC } else { 1 };
            state.seats[0].hand.push(card, known, i == 1);
        }
        state.seats[0].hand.blocked = 0b100;
        let mine: String =
            hand_spans(&state, 0, true, 80, DeckKind::Tarot).iter().map(|s| s.content.to_string()).collect();
        assert_eq!(mine.trim_end(), "T21 3c↑ Ks■ T5 idiot 10b");
        let masked = state.masked(1);
        let theirs: String = hand_spans(&masked, 0, false, 80, DeckKind::Tarot)
            .iter()
            .map(|s| s.content.to_string())
            .collect();
        assert_eq!(theirs.trim_end(), "▒▒▒ 3c Ks■ ▒▒▒ ▒▒▒ ▒▒▒");
        let cut: String =
            hand_spans(&state, 0, true, 14, DeckKind::Tarot).iter().map(|s| s.content.to_string()).collect();
        assert!(cut.starts_with("T21 3c↑ ") && cut.contains('+'), "{cut}");
        assert!(cut.chars().count() <= 14, "{cut}");
    }
}
