//! The Sabotage (Fowers & Krause) table as the person's seat sees it: the team's map (rooms
//! a1–d4, walls, Doomsday Machines and Generators with their cubes, devices, the team's
//! characters, and where the other team may be), the deduction summary, the tracks, the
//! roll, the cubes, the team's plans, the moves offered with what the chosen one will do,
//! the log, the final panel and the help. Drawn from the seat's [`View`] and the session's
//! log, never from the referee's state.
//!
//! [`View`]: tabula_sabotage_spies::View

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, ListItem, ListState, Paragraph, Wrap};
use tabula_sabotage_spies::action::Action;
use tabula_sabotage_spies::data::Team;
use tabula_sabotage_spies::map::{Edge, Room, Rooms};
use tabula_sabotage_spies::state::{DieUse, Loc, Phase, team_index};
use tabula_sabotage_spies::tiles::DeviceKind;

use super::moves::{Offer, Picker, detail, marks};
use super::table::{Table, dice_text, ending_words, short, tile_name, track_counts, waiting_words};
use crate::play::screen::Ctx;
use crate::play::session::Session;
use crate::play::widgets::{self, clip, heading, key_line, log_panel, move_list, move_row, plain, wrap};

/// A room's inside: columns and rows.
pub const ROOM_W: usize = 6;
/// Rows inside a room.
pub const ROOM_H: usize = 2;
/// The map's width: the row labels and four rooms with their edges.
pub const MAP_W: usize = 2 + 4 * (ROOM_W + 1) + 1;
/// The map's height: the column labels and four rooms with their edges.
pub const MAP_H: usize = 1 + 4 * (ROOM_H + 1) + 1;

/// What the map marks besides its pieces.
#[derive(Debug, Clone, Copy, Default)]
pub struct MapMarks {
    /// Rooms the chosen move concerns.
    pub chosen: Rooms,
    /// Per enemy character (the other team's slots in order): the rooms it may be in.
    pub enemy: [Rooms; 2],
}

/// The letter of a device on the map.
fn device_letter(kind: DeviceKind) -> char {
    match kind {
        DeviceKind::Tnt => 'T',
        DeviceKind::TripLaser => 'L',
        DeviceKind::HoneyPot => 'P',
        DeviceKind::Hologram => 'H',
        DeviceKind::Reflector => 'R',
        DeviceKind::Virus => 'V',
        DeviceKind::Beacon => 'B',
    }
}

fn device_style(kind: DeviceKind) -> Style {
    match kind.team() {
        Team::Villains => Style::new().fg(Color::LightRed).bold(),
        Team::Spies => Style::new().fg(Color::LightGreen).bold(),
    }
}

/// The style of the person's characters on the map.
fn own_style() -> Style {
    Style::new().fg(Color::Black).bg(Color::Yellow).add_modifier(Modifier::BOLD)
}

/// The style of the other team's possible rooms.
fn enemy_style() -> Style {
    Style::new().fg(Color::LightMagenta).add_modifier(Modifier::BOLD)
}

fn wall_style() -> Style {
    Style::new().fg(Color::LightRed).add_modifier(Modifier::BOLD)
}

fn edge_style() -> Style {
    Style::new().fg(Color::DarkGray)
}

/// The map's marks from the view: the other team's possible rooms.
pub fn enemy_rooms(t: &Table) -> [Rooms; 2] {
    if t.view.phase == Phase::Characters || t.view.phase == Phase::Map || t.view.phase == Phase::Starter {
        return [Rooms::EMPTY; 2];
    }
    t.view.deduction.rooms
}

/// The map as styled characters, row by row.
pub fn map_cells(t: &Table, marks: &MapMarks) -> Vec<Vec<(char, Style)>> {
    let mut rows = vec![vec![(' ', Style::new()); MAP_W]; MAP_H];
    let put = |rows: &mut Vec<Vec<(char, Style)>>, row: usize, col: usize, text: &str, style: Style| {
        for (i, c) in text.chars().enumerate() {
            if let Some(cell) = rows.get_mut(row).and_then(|r| r.get_mut(col + i)) {
                *cell = (c, style);
            }
        }
    };
    let dim = Style::new().fg(Color::DarkGray);
    for c in 0..4 {
        let x = 2 + c * (ROOM_W + 1) + 1 + ROOM_W / 2 - 1;
        put(&mut rows, 0, x, &((b'a' + c as u8) as char).to_string(), dim);
    }
    let walls = t.view.walls;
    // The grid: corners, edges and walls.
    for r in 0..=4 {
        let y = 1 + r * (ROOM_H + 1);
        for c in 0..=4 {
            let x = 2 + c * (ROOM_W + 1);
            put(&mut rows, y, x, "+", dim);
            if c < 4 {
                // The horizontal edge under row r − 1 (above row r).
                let wall = r > 0
                    && r < 4
                    && Room::at(c as i8, r as i8 - 1)
                        .zip(Room::at(c as i8, r as i8))
                        .and_then(|(a, b)| Edge::between(a, b))
                        .is_some_and(|e| walls.contains(e));
                let (s, style) = if wall { ("━", wall_style()) } else { ("─", edge_style()) };
                put(&mut rows, y, x + 1, &s.repeat(ROOM_W), style);
            }
        }
        if r < 4 {
            put(&mut rows, y + 1, 0, &(r + 1).to_string(), dim);
            for c in 0..=4 {
                let x = 2 + c * (ROOM_W + 1);
                let wall = c > 0
                    && c < 4
                    && Room::at(c as i8 - 1, r as i8)
                        .zip(Room::at(c as i8, r as i8))
                        .and_then(|(a, b)| Edge::between(a, b))
                        .is_some_and(|e| walls.contains(e));
                let (s, style) = if wall { ("┃", wall_style()) } else { ("│", edge_style()) };
                for k in 0..ROOM_H {
                    put(&mut rows, y + 1 + k, x, s, style);
                }
            }
        }
    }
    // The rooms' insides.
    for room in Room::ALL {
        let x = 2 + usize::from(room.col()) * (ROOM_W + 1) + 1;
        let y = 1 + usize::from(room.row()) * (ROOM_H + 1) + 1;
        let bg = if marks.chosen.contains(room) {
            Some(Color::Indexed(24))
        } else if t.view.frozen.contains(room) {
            Some(Color::Indexed(17))
        } else if t.view.smoke.contains(room) {
            Some(Color::Indexed(238))
        } else {
            None
        };
        let with_bg = |s: Style| match bg {
            Some(b) => s.bg(b),
            None => s,
        };
        if bg.is_some() {
            for k in 0..ROOM_H {
                put(&mut rows, y + k, x, &" ".repeat(ROOM_W), with_bg(Style::new()));
            }
        }
        // Line 1: the machine or generator with its cubes, then the devices.
        let mut line: Vec<(String, Style)> = Vec::new();
        if let Some(m) = t.view.machines.iter().find(|m| m.room == room) {
            line.push((format!("M{}", m.cubes), Style::new().fg(Color::Yellow).bold()));
        }
        if let Some(g) = t.view.generators.iter().find(|g| g.room == room) {
            let style = if g.cubes >= 2 {
                Style::new().fg(Color::LightCyan).bold()
            } else {
                Style::new().fg(Color::Cyan)
            };
            line.push((format!("G{}", g.cubes), style));
        }
        let mut devices = String::new();
        let mut dev_style = Style::new();
        for (i, d) in t.view.devices.iter().enumerate() {
            if let Some(tok) = d
                && tok.room == room
            {
                let kind = DeviceKind::of_token(i);
                devices.push(device_letter(kind));
                dev_style = device_style(kind);
            }
        }
        if t.team() == Team::Spies {
            for (i, tok) in t.view.own.secret.iter().enumerate() {
                if let Some(tok) = tok
                    && tok.room == room
                {
                    let kind = if i == 0 { DeviceKind::Virus } else { DeviceKind::Beacon };
                    devices.push(device_letter(kind));
                    dev_style = device_style(kind);
                }
            }
        }
        if !devices.is_empty() {
            line.push((devices, dev_style));
        }
        let mut col = x;
        for (i, (text, style)) in line.iter().enumerate() {
            if i > 0 {
                col += 1;
            }
            let room_left = (x + ROOM_W).saturating_sub(col);
            let text: String = text.chars().take(room_left).collect();
            put(&mut rows, y, col, &text, with_bg(*style));
            col += text.chars().count();
        }
        // Line 2: the team's characters here, then the other team's possible ones.
        let mut col = x;
        for slot in t.own_slots() {
            let here = match t.own(slot).map(|h| h.loc) {
                Some(Loc::On(r)) => r == room,
                Some(Loc::Lying(r)) => r == room,
                _ => false,
            };
            if here && col + 2 <= x + ROOM_W {
                let lying = matches!(t.own(slot).map(|h| h.loc), Some(Loc::Lying(_)));
                let style = if lying {
                    own_style().add_modifier(Modifier::ITALIC | Modifier::DIM)
                } else {
                    own_style()
                };
                put(&mut rows, y + 1, col, &short(t, slot), style);
                col += 2;
            }
        }
        let enemy: String =
            (0..2).filter(|&i| marks.enemy[i].contains(room)).map(|i| char::from(b'1' + i as u8)).collect();
        if !enemy.is_empty() {
            if col > x {
                col += 1;
            }
            let room_left = (x + ROOM_W).saturating_sub(col);
            let text: String = enemy.chars().take(room_left).collect();
            put(&mut rows, y + 1, col, &text, with_bg(enemy_style()));
        }
    }
    rows
}

/// The map as plain text lines (for `replay --text`).
pub fn map_text(t: &Table) -> Vec<String> {
    let marks = MapMarks { enemy: [Rooms::EMPTY; 2], ..MapMarks::default() };
    map_cells(t, &marks)
        .into_iter()
        .map(|row| row.into_iter().map(|(c, _)| c).collect::<String>().trim_end().to_owned())
        .collect()
}

/// Draws the table in `area`.
pub fn draw(
    frame: &mut Frame,
    area: Rect,
    ctx: &Ctx,
    picker: &Picker,
    heard: &[Vec<String>; 4],
    log_view: bool,
) {
    let session = ctx.session;
    let Some(t) = Table::of(session) else { return };
    let legal = session.legal();
    let offer = Offer::read(&t, &legal);
    let picker = picker.synced(session.seen().len());
    let selected = picker.selected(&offer).and_then(|c| Action::parse(&c.action).ok());
    let marks = MapMarks { chosen: selected.map_or(Rooms::EMPTY, |a| marks(&t, a)), enemy: enemy_rooms(&t) };
    let [left, right] =
        Layout::horizontal([Constraint::Length(MAP_W as u16 + 1), Constraint::Min(0)]).areas(area);
    let [map_area, aid_area] =
        Layout::vertical([Constraint::Length(MAP_H as u16), Constraint::Min(0)]).areas(left);
    let lines: Vec<Line> =
        map_cells(&t, &marks).iter().map(|row| crate::play::widgets::styled(row)).collect();
    frame.render_widget(Paragraph::new(lines), map_area);
    let aid = aid_lines(&t, heard, aid_area.width as usize);
    frame.render_widget(Paragraph::new(aid), aid_area);

    let width = right.width as usize;
    let info = info_lines(session, &t, width);
    let info_h = info.len() as u16;
    let rest = right.height.saturating_sub(info_h);
    let over = t.is_over();
    let moves_h = if over {
        rest.saturating_sub(5).max(rest / 2)
    } else if log_view || offer.is_empty() {
        3.min(rest)
    } else {
        let want = offer.len() as u16 + offer.groups.len() as u16 + 4;
        want.min(rest.saturating_sub(4)).max(rest.min(6))
    };
    let [info_area, moves_area, log_area] =
        Layout::vertical([Constraint::Length(info_h), Constraint::Length(moves_h), Constraint::Min(0)])
            .areas(right);
    frame.render_widget(Paragraph::new(info), info_area);
    if over {
        final_panel(frame, moves_area, ctx, &t);
    } else if log_view {
        let text = if offer.is_empty() {
            session.waiting_text()
        } else {
            format!("Your move: {} to choose from. L shows them.", offer.len())
        };
        let block = Block::bordered().title(" Moves (L) ".bold());
        frame.render_widget(
            Paragraph::new(Line::from(Span::raw(text).fg(Color::Cyan))).block(block),
            moves_area,
        );
    } else {
        moves_panel(frame, moves_area, session, &t, &offer, &picker);
    }
    if log_area.height >= 3 {
        log_panel(frame, log_area, session, &plain);
    }
}

/// The lines under the map: where the other team may be (the deduction aid), and for the
/// Spies what the Villains heard of them.
fn aid_lines(t: &Table, heard: &[Vec<String>; 4], width: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let d = &t.view.deduction;
    let dim = Style::new().fg(Color::DarkGray);
    if matches!(t.view.phase, Phase::Characters | Phase::Map | Phase::Starter) {
        let text = match t.view.phase {
            Phase::Characters => "The characters are chosen.",
            _ => "The map is set up.",
        };
        lines.push(Line::styled(text, dim));
        return lines;
    }
    let enemy = t.enemy_slots();
    // A sample of the possibilities (thinned) may miss where a character really is.
    let title = match (t.team(), d.complete) {
        (Team::Villains, true) => "Spies may be in",
        (Team::Villains, false) => "Spies likely in",
        (Team::Spies, true) => "Villains may be in",
        (Team::Spies, false) => "Villains likely in",
    };
    let exact = match (d.exact, d.complete) {
        (true, _) => "",
        (false, true) => " (widened)",
        (false, false) => " (sample)",
    };
    lines.push(Line::from(vec![Span::raw(clip(&format!("{title}{exact}"), width)).bold()]));
    for (i, &slot) in enemy.iter().enumerate() {
        let rooms = d.rooms[i];
        let mut text = match rooms.len() {
            0 => String::new(),
            n if n > 8 => {
                let others: Rooms = Room::ALL.into_iter().filter(|&r| !rooms.contains(r)).collect();
                format!("{n} rooms, not {others}")
            }
            _ => rooms.to_string(),
        };
        if d.away[i] {
            if !text.is_empty() {
                text.push_str(", ");
            }
            text.push_str("off map or landing");
        }
        let head = format!("{} {}: ", i + 1, short_name(t, slot));
        let mut spans = vec![Span::styled(head.clone(), enemy_style())];
        let body = wrap(&text, width.saturating_sub(head.chars().count()), 0);
        spans.push(Span::raw(body.first().cloned().unwrap_or_default()));
        lines.push(Line::from(spans));
        for more in body.iter().skip(1).take(1) {
            lines.push(Line::raw(format!("   {more}")));
        }
    }
    if t.team() == Team::Villains {
        for (k, name) in ["Virus", "Beacon"].iter().enumerate() {
            if !d.devices[k].is_empty() {
                lines.push(Line::raw(clip(&format!("{name}: {}", d.devices[k]), width)));
            }
        }
    }
    if !d.complete {
        lines.push(Line::styled(clip("a sample: they may be elsewhere", width), dim));
    } else if !d.exact && t.team() == Team::Villains {
        lines.push(Line::styled(clip("widened: some may be ruled out", width), dim));
    }
    if t.team() == Team::Spies {
        lines.push(Line::from(Span::raw("The Villains heard:").bold()));
        for slot in t.own_slots() {
            let last = heard[slot].last().cloned().unwrap_or_else(|| "nothing yet".to_owned());
            let head = format!("{} ", short(t, slot));
            let mut spans = vec![Span::styled(head.clone(), own_style())];
            spans.push(Span::raw(clip(&last, width.saturating_sub(head.chars().count()))));
            lines.push(Line::from(spans));
        }
    }
    lines
}

fn short_name(t: &Table, slot: usize) -> String {
    t.slot_name(slot)
}

/// The top of the right side: what the game waits for, the round and tracks, the roll and
/// cubes, the team's characters and plans.
fn info_lines(session: &Session, t: &Table, width: usize) -> Vec<Line<'static>> {
    let v = &t.view;
    let mut lines = Vec::new();
    let mine = session.is_human_turn();
    let style = if mine { Style::new().fg(Color::Yellow).bold() } else { Style::new().fg(Color::Cyan) };
    let waiting = if t.is_over() { ending_words(t) } else { waiting_words(t, session.names()) };
    for text in wrap(&format!("▶ {waiting}"), width, 2).into_iter().take(2) {
        lines.push(Line::styled(text, style));
    }
    let ((hits, hn), (hacks, kn)) = track_counts(t);
    let dim = Style::new().fg(Color::DarkGray);
    let round = if v.round == 0 { "setting up".to_owned() } else { format!("round {}", v.round) };
    lines.push(Line::from(vec![
        Span::styled(format!("{} ", t.team().name().to_uppercase()), Style::new().fg(Color::Yellow).bold()),
        Span::raw(round).bold(),
        Span::styled("  hits ", dim),
        Span::styled(format!("{hits}/{hn}"), Style::new().fg(Color::LightRed).bold()),
        Span::styled("  hacks ", dim),
        Span::styled(format!("{hacks}/{kn}"), Style::new().fg(Color::LightGreen).bold()),
    ]));
    let mut spans = Vec::new();
    if !v.roll.contains(&0) && matches!(v.phase, Phase::Plan | Phase::Execute) {
        spans.push(Span::styled("roll ", dim));
        for d in v.roll {
            spans.push(Span::styled(format!("{d}"), Style::new().fg(Color::Black).bg(Color::Gray).bold()));
            spans.push(Span::raw(" "));
        }
        spans.push(Span::raw(" "));
    }
    let me = team_index(t.team());
    // Spent cubes leave the game: a team sees what it has left of what it received, and
    // of the other team only what it received (its spending is not seen): "at most".
    spans.push(Span::styled("cubes ", dim));
    spans.push(Span::raw(format!("{}", t.cubes_left())).bold());
    spans.push(Span::styled(format!("/{}", v.modify[me]), dim));
    spans.push(Span::styled(format!("  them ≤{}", v.modify[1 - me]), dim));
    spans.push(Span::styled("  slide ", dim));
    if t.team() == Team::Spies {
        spans.push(Span::raw(format!("{}", v.slide.saturating_sub(v.own.slide_spent))).bold());
        spans.push(Span::styled(format!("/{}", v.slide), dim));
    } else {
        spans.push(Span::styled(format!("≤{}", v.slide), dim));
    }
    lines.push(Line::from(spans));
    for slot in t.own_slots() {
        lines.push(plan_line(t, slot, width));
    }
    lines
}

/// An own character's line: its mark, room, board and plan this round.
fn plan_line(t: &Table, slot: usize, width: usize) -> Line<'static> {
    let Some(h) = t.own(slot) else { return Line::raw("") };
    let dim = Style::new().fg(Color::DarkGray);
    let planning = t.view.phase == Phase::Plan && usize::from(t.view.slot) == slot;
    let acting = t.acting() == Some(slot);
    let mark = if planning || acting { "▶" } else { " " };
    let mut spans = vec![
        Span::styled(mark.to_owned(), Style::new().fg(Color::Yellow)),
        Span::styled(short(t, slot), own_style()),
        Span::raw(format!(" {:<4}", clip(&where_short(t, slot), 4))),
    ];
    if t.team() == Team::Spies {
        spans.push(Span::styled(format!("sw{} ", h.swagger), dim));
    }
    let plan = h.plan;
    if matches!(t.view.phase, Phase::Plan | Phase::Execute) && (plan.tile_steps > 0 || plan.die_steps > 0) {
        let mut parts = Vec::new();
        for s in 0..5 {
            let dice: Vec<u8> = plan.dice_on(s).collect();
            let text = match plan.tiles[s] {
                Some(p) => {
                    let name = abbreviated(tile_name(p.tile));
                    if dice.is_empty() { name } else { format!("{name}[{}]", dice_text(&dice)) }
                }
                None if s < usize::from(plan.tile_steps) => "–".to_owned(),
                None => "·".to_owned(),
            };
            let done = s < usize::from(plan.done);
            parts.push((text, done));
        }
        for (i, (text, done)) in parts.into_iter().enumerate() {
            if i > 0 {
                spans.push(Span::styled(" ", dim));
            }
            let style = if done { dim.add_modifier(Modifier::CROSSED_OUT) } else { Style::new() };
            spans.push(Span::styled(text, style));
        }
        let unlocks: Vec<String> = plan
            .dice
            .iter()
            .filter_map(|d| match d {
                DieUse::Unlock { value } => Some(value.to_string()),
                _ => None,
            })
            .collect();
        if !unlocks.is_empty() {
            spans.push(Span::styled(format!(" unlock[{}]", unlocks.join(",")), dim));
        }
    } else {
        let tiles: Vec<&str> = super::table::owned_tiles(t, slot);
        if !tiles.is_empty() {
            spans.push(Span::styled(format!("+{}", tiles.join(", ")), dim));
        }
    }
    // Cut to the width.
    let mut used = 0;
    let mut out = Vec::new();
    for s in spans {
        let n = s.content.chars().count();
        if used + n > width {
            out.push(Span::styled(clip(&s.content, width.saturating_sub(used)), s.style));
            break;
        }
        used += n;
        out.push(s);
    }
    Line::from(out)
}

/// A tile's name in at most 8 characters: `Stun Gun`, `M&S` (Move & Scan), `MD`.
fn abbreviated(name: &str) -> String {
    if name.chars().count() <= 8 {
        return name.to_owned();
    }
    name.split_whitespace().filter_map(|w| w.chars().next()).collect()
}

fn where_short(t: &Table, slot: usize) -> String {
    match t.own(slot).map(|h| h.loc) {
        Some(Loc::On(r)) => r.to_string(),
        Some(Loc::Lying(r)) => format!("↓{r}"),
        _ => "off".to_owned(),
    }
}

/// The moves offered, grouped, with what the chosen one will do; or whom the game waits for.
fn moves_panel(frame: &mut Frame, area: Rect, session: &Session, t: &Table, offer: &Offer, picker: &Picker) {
    let title = if offer.is_empty() {
        " Moves ".to_owned()
    } else {
        format!(" Your move ({}): ↑/↓ Enter, or its number ", offer.len())
    };
    let inner = widgets::moves_frame(frame, area, title, !offer.is_empty());
    if inner.height == 0 {
        return;
    }
    if offer.is_empty() {
        let line = Line::from(Span::raw(session.waiting_text()).fg(Color::Cyan));
        frame.render_widget(Paragraph::new(line).wrap(Wrap { trim: true }), inner);
        return;
    }
    let width = inner.width.saturating_sub(2) as usize;
    let selected_action = picker.selected(offer).and_then(|c| Action::parse(&c.action).ok());
    let about = match (picker.selected(offer), selected_action) {
        (Some(c), Some(a)) => format!("`{}` {}", c.action, detail(t, a)),
        _ => String::new(),
    };
    let about_lines =
        if about.is_empty() || inner.height < 6 { Vec::new() } else { wrap(&about, inner.width as usize, 2) };
    let about_h = (about_lines.len() as u16).min(inner.height / 3).min(2);
    let [list_area, about_area] =
        Layout::vertical([Constraint::Min(0), Constraint::Length(about_h)]).areas(inner);
    let mut items = Vec::new();
    let mut selected = None;
    let mut number = 0;
    // A narrow list shows the label alone; the notation is then in the line under the list.
    let narrow = width < 64;
    let action_width = if narrow {
        0
    } else {
        offer.moves().iter().map(|c| c.action.chars().count()).max().unwrap_or(0).min(18)
    };
    let label_width = offer.moves().iter().map(|c| c.label.chars().count()).max().unwrap_or(0).min(20);
    for group in &offer.groups {
        items.push(ListItem::new(Line::from(
            Span::raw(clip(&group.title, width + 2)).fg(Color::LightCyan).bold(),
        )));
        for choice in &group.choices {
            if number == picker.row {
                selected = Some(items.len());
            }
            number += 1;
            let head = if narrow {
                format!("{number:>2} {:<label_width$}", choice.label)
            } else {
                format!("{number:>2} {:<action_width$} {:<label_width$}", choice.action, choice.label)
            };
            items.push(move_row(head, &choice.effect, width));
        }
    }
    if offer.unlisted > 0 {
        items.push(ListItem::new(Line::from(
            Span::raw(format!(
                "   … and {} longer schedules: type them (slide up wait left)",
                offer.unlisted
            ))
            .fg(Color::DarkGray),
        )));
    }
    let list = move_list(items);
    frame.render_stateful_widget(list, list_area, &mut ListState::default().with_selected(selected));
    let about: Vec<Line> = about_lines
        .into_iter()
        .take(about_h as usize)
        .map(|l| Line::styled(l, Style::new().fg(Color::Gray).italic()))
        .collect();
    frame.render_widget(Paragraph::new(about), about_area);
}

/// The end: who won, the tracks, the seed and the record.
fn final_panel(frame: &mut Frame, area: Rect, ctx: &Ctx, t: &Table) {
    let verdict = ending_words(t);
    let won = verdict.starts_with("you win");
    let colour = if won { Color::Green } else { Color::Yellow };
    let ((hits, hn), (hacks, kn)) = track_counts(t);
    let lines = vec![
        Line::from(Span::raw(format!("Game over: {verdict}.")).fg(colour).bold()),
        Line::raw(format!("Hits {hits} of {hn}, hacks {hacks} of {kn}, after {} rounds.", t.view.round)),
    ];
    widgets::final_panel(frame, area, ctx, " Game over ", colour, lines);
}

/// The help window's lines.
pub fn help_lines() -> Vec<Line<'static>> {
    vec![
        heading("Sabotage (Fowers & Krause)"),
        Line::raw(
            "  Two Spies sneak through the Villains' fortress to hack three Doomsday Machines; two \
             Villains hunt them on a hidden map. The Spies win at 8 hacks (5 in the intro game), the \
             Villains at 5 hits (4). Each round: the dice are rolled (everyone's four dice show the \
             same numbers); every character plans in secret, placing tiles on five action spaces and \
             dice on them to pay their costs; then the Villains execute, then the Spies, space by \
             space, declaring what their tiles say.",
        ),
        heading("The map"),
        Line::raw(
            "  Rooms a1 (top left) to d4, a grid of 4×4. Thin grey lines are open ways; red heavy lines \
             (━ ┃) are walls. M4: a Doomsday Machine with 4 cubes; G1: a Generator with 1 cube (bright \
             when active, at 2). Devices: T TNT, L Trip Laser, P Honey Pot (red, the Villains'); \
             H Hologram, R Reflector, V Virus, B Beacon (green, the Spies'). Your characters are \
             yellow tiles (Ch, CV…; dim when lying down after a Parachute). Magenta digits 1 and 2 \
             mark where the other team's characters may be, from what you have seen and heard (the \
             deduction aid, listed under the map; \"widened\" means it holds every possibility and \
             some already ruled out, \"sample\" that it was thinned and is not every possibility). \
             The room of the move under the cursor is shaded blue; frozen rooms are \
             dark blue, smoky ones grey.",
        ),
        heading("Planning"),
        Line::raw(
            "  A plan is nine steps: a tile for each of the five spaces (or no tile) and a place for \
             each of your four dice, smallest first (on a space, on an unlock space for the Villains, \
             or off). A die may carry modify cubes: each turns it one up or down (6 and 1 wrap). \
             A move's die shows its direction: 1 up, 2 right, 3 down, 4 left. The list shows each \
             tile's cost (dir, 4-6, Σ9 a sum, pair, free) and what it declares; the line under the \
             list says what the chosen one does, and a move's room is marked. Only moves the rules \
             allow are listed.",
        ),
        heading("Keys"),
        key_line(&[("↑/↓", "choose a move"), ("Enter", "play it")]),
        key_line(&[("←/→", "previous/next group"), ("1-9", "a move by its number")]),
        key_line(&[(":", "type a move"), ("?", "this help")]),
        key_line(&[("L", "a larger log (again: the moves)"), ("q", "quit (asks first)")]),
        heading("Typing moves"),
        Line::raw(
            "  character hawk · start c2 · tile move-scan · tile parachute b3 · tile none · \
             die 3 on 2 · die 5 unlock · die 5 unlock searchlight · die off · first chantico · \
             aim left · aim c3 · build b2 · scan row 2 · detect col b · land top · unlock swagger · \
             unlock tier thermo · slide none · slide up wait left · wall b2 c2 · machine a4. Several \
             moves separated by ; play in order. A move's number plays it.",
        ),
        heading("Teams"),
        Line::raw(
            "  tabula play sabotage-spies --team spies|villains picks your team; --options \
             '{\"players\":4}' seats one character per player, '{\"intro\":true}' plays the intro game.",
        ),
    ]
}
