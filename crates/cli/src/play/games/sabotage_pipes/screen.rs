//! The Sabotage table as the person's seat sees it: both roofs, the hand, the moves, the
//! table's counts, the scores and the log. Drawn from the seat's [`View`] and the
//! session's log (itself made from the seat's history), never from the referee's state.

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, List, ListItem, ListState, Paragraph, Wrap};
use tabula_sabotage_pipes::rules::partner;
use tabula_sabotage_pipes::{Phase, Roof, View};

use super::cards::{self, card_tile, roof_grid, text_spans, value_line};
use super::{SabotageScreen, moves, team_name};
use crate::play::screen::Ctx;
use crate::play::session::Session;
use crate::play::widgets::{clip, heading, key_line, log_panel, seat_style};

/// What the panels draw from: the session and the screen's choices.
struct Scene<'a> {
    session: &'a Session,
    screen: &'a SabotageScreen,
}

/// Draws the table in `area`.
pub fn draw(frame: &mut Frame, area: Rect, ctx: &Ctx, screen: &SabotageScreen, view: &View) {
    let app = &Scene { session: ctx.session, screen };
    if view.is_over() {
        final_screen(frame, area, app, ctx, view);
        return;
    }
    let left_width = (area.width * 58 / 100).clamp(50, 60).min(area.width);
    let [left, right] = Layout::horizontal([Constraint::Length(left_width), Constraint::Min(20)]).areas(area);
    let [roofs, hand, moves] =
        Layout::vertical([Constraint::Length(11), Constraint::Length(4), Constraint::Min(3)]).areas(left);
    let [first, second] =
        Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(roofs);
    let marked = screen.marked();
    let own = view.player as usize % 2;
    roof_panel(frame, first, app, view, own, marked[own]);
    roof_panel(frame, second, app, view, 1 - own, marked[1 - own]);
    hand_panel(frame, hand, app, view);
    moves_panel(frame, moves, app, view);
    // In a short terminal the legend under the scores gives its line to the log.
    let legend = right.height >= 26;
    let score_height = view.rounds as u16 + if legend { 5 } else { 4 };
    let [table, scores, log] =
        Layout::vertical([Constraint::Length(7), Constraint::Length(score_height), Constraint::Min(3)])
            .areas(right);
    table_panel(frame, table, app, view);
    scores_panel(frame, scores, app, view, legend);
    log_panel(frame, log, app.session, &text_spans);
}

/// The seats of a team (roof): `t`, and `t + 2` with four players.
fn members(view: &View, team: usize) -> Vec<usize> {
    (0..view.players as usize).filter(|seat| seat % 2 == team).collect()
}

/// The seat whose decision the table waits for, if a player's.
fn acting_seat(view: &View) -> Option<usize> {
    match view.phase {
        Phase::Start | Phase::Play | Phase::Draw => Some(view.to_move as usize),
        Phase::Consent => Some(partner(view.to_move) as usize),
        Phase::Deal | Phase::Over => None,
    }
}

fn roof_panel(frame: &mut Frame, area: Rect, app: &Scene, view: &View, roof: usize, marked: [bool; 9]) {
    let own = roof == view.player as usize % 2;
    let title = match (own, view.players) {
        (true, 4) => " Your team's roof ".to_owned(),
        (true, _) => " Your roof ".to_owned(),
        (false, 4) => " Their roof ".to_owned(),
        (false, _) => format!(" {}'s roof ", app.session.name(1 - view.player as usize)),
    };
    let mut names = Vec::new();
    for (i, seat) in members(view, roof).into_iter().enumerate() {
        if i > 0 {
            names.push(Span::raw(" + "));
        }
        names.push(Span::styled(app.session.name(seat).to_owned(), seat_style(app.session, seat)));
    }
    if acting_seat(view).is_some_and(|seat| seat % 2 == roof) {
        names.push(Span::raw("  ◆ to play").fg(Color::Yellow));
    }
    let mut lines = vec![Line::from(names)];
    lines.extend(roof_grid(&view.roofs[roof], marked));
    lines.push(value_line(view.values[roof]));
    let border = if own { Style::new().fg(Color::Yellow) } else { Style::new().fg(Color::Gray) };
    let block = Block::bordered()
        .title(Span::styled(title, border.add_modifier(Modifier::BOLD)))
        .border_style(border);
    let text = Paragraph::new(lines).alignment(Alignment::Center).wrap(Wrap { trim: false });
    frame.render_widget(text.block(block), area);
}

fn hand_panel(frame: &mut Frame, area: Rect, app: &Scene, view: &View) {
    let cards = moves::hand_cards(view);
    let selected = (!cards.is_empty()).then(|| app.screen.card.min(cards.len() - 1));
    let help = match selected {
        Some(i) => cards::card_help(cards[i]),
        None => "Your hand is empty.".to_owned(),
    };
    let width = area.width.saturating_sub(2) as usize;
    let lines = vec![
        cards::hand_line(&cards, selected, true, width),
        Line::from(Span::raw(clip(&help, width)).fg(Color::DarkGray)),
    ];
    let title = format!(" Your hand ({}) ", cards.len());
    let block = Block::bordered().title(title.bold());
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

fn moves_panel(frame: &mut Frame, area: Rect, app: &Scene, view: &View) {
    let mine = app.session.is_human_turn();
    let title = format!(" {} ", moves::sabotage_prompt(view, mine, app.screen.selected_card(app.session)));
    let block = Block::bordered().title(title.bold());
    if !mine {
        let mut lines = vec![Line::from(Span::raw(app.session.waiting_text()).fg(Color::Cyan))];
        if view.phase == Phase::Consent && partner(view.to_move) != view.player {
            lines.push(Line::from(format!(
                "{} asks {} to end the round.",
                app.session.name(view.to_move as usize),
                app.session.name(partner(view.to_move) as usize)
            )));
        }
        lines.push(Line::from(
            Span::raw("Meanwhile, choose a card with ←/→ to see what it does.").fg(Color::DarkGray),
        ));
        frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }).block(block), area);
        return;
    }
    let choices = app.screen.choices(app.session);
    let width = area.width.saturating_sub(4) as usize;
    let items: Vec<ListItem> = choices
        .iter()
        .map(|choice| {
            let key = match choice.key {
                Some(k) => format!("[{k}] "),
                None => "    ".to_owned(),
            };
            let mut spans = vec![
                Span::raw(key).fg(Color::Cyan),
                Span::raw(format!("{:<12}", choice.action)).fg(Color::DarkGray),
                Span::raw(choice.label.clone()),
            ];
            if !choice.effect.is_empty() {
                spans.push(Span::raw(format!("  {}", choice.effect)).fg(Color::Green));
            }
            let used: usize = spans.iter().map(|s| s.content.chars().count()).sum();
            if used > width {
                let label = clip(&choice.label, choice.label.chars().count().saturating_sub(used - width));
                spans[2] = Span::raw(label);
            }
            ListItem::new(Line::from(spans))
        })
        .collect();
    if items.is_empty() {
        let text = "Choose a card with ←/→ or 1-9.";
        frame.render_widget(Paragraph::new(text).block(block), area);
        return;
    }
    let list = List::new(items)
        .block(block)
        .highlight_symbol("▶ ")
        .highlight_style(Style::new().bg(Color::DarkGray).add_modifier(Modifier::BOLD));
    let mut state = ListState::default().with_selected(Some(app.screen.choice.min(choices.len() - 1)));
    frame.render_stateful_widget(list, area, &mut state);
}

fn turn_line(app: &Scene, view: &View) -> Line<'static> {
    let session = &app.session;
    let (seat, what) = match view.phase {
        Phase::Deal => (view.dealer, session.verb(view.dealer as usize, "deal")),
        Phase::Start => (view.to_move, "may end the round, or draw".to_owned()),
        Phase::Draw => (view.to_move, session.verb(view.to_move as usize, "draw")),
        Phase::Play => (view.to_move, format!("{} a card", session.verb(view.to_move as usize, "play"))),
        Phase::Consent => {
            let answers = partner(view.to_move);
            (answers, format!("{}: end the round?", session.verb(answers as usize, "answer")))
        }
        Phase::Over => return Line::from("The game is over."),
    };
    Line::from(vec![
        Span::raw("▶ ").fg(Color::Yellow),
        Span::styled(session.name(seat as usize).to_owned(), seat_style(app.session, seat as usize)),
        Span::raw(format!(" {what}")),
    ])
}

fn table_panel(frame: &mut Frame, area: Rect, app: &Scene, view: &View) {
    let mut discard = vec![Span::raw(format!("Stock {}  ·  discards {}", view.stock, view.discards.len()))];
    if let Some(top) = view.top_discard {
        discard.push(Span::raw(", top"));
        discard.push(card_tile(top));
    }
    let mut hands = vec![Span::raw("Hands: ").fg(Color::DarkGray)];
    for (seat, &size) in view.hand_sizes.iter().enumerate() {
        if seat == view.player as usize {
            continue;
        }
        if hands.len() > 1 {
            hands.push(Span::raw("  "));
        }
        // A no-break space keeps a name with its count when the line wraps.
        hands.push(Span::styled(app.session.name(seat).to_owned(), seat_style(app.session, seat)));
        hands.push(Span::raw(format!("\u{a0}{size}")));
    }
    let mut lines = vec![
        Line::from(vec![
            Span::raw(format!("Round {} of {}", view.round + 1, view.rounds)).bold(),
            Span::raw("  ·  dealer "),
            Span::styled(
                app.session.name(view.dealer as usize).to_owned(),
                seat_style(app.session, view.dealer as usize),
            ),
        ]),
        turn_line(app, view),
        Line::from(discard),
        Line::from(hands),
    ];
    if view.refused {
        lines.push(Line::from(Span::raw("The partner refused to end the round.").fg(Color::DarkGray)));
    }
    let block = Block::bordered().title(" Table ".bold());
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }).block(block), area);
}

fn scores_panel(frame: &mut Frame, area: Rect, app: &Scene, view: &View, legend: bool) {
    let teams = [team_name(app.session, 0), team_name(app.session, 1)];
    let own = view.player as usize % 2;
    let mut lines = cards::score_lines(
        [&teams[0], &teams[1]],
        [own, 1 - own],
        &view.results,
        view.rounds as usize,
        Some((view.round as usize, view.values)),
    );
    if legend {
        lines.push(Line::from(Span::raw("[roof value]  * ended it (−1)").fg(Color::DarkGray)));
    }
    let block = Block::bordered().title(" Scores ".bold());
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// Two roofs side by side with a title and a value line each, as lines of equal width
/// (so that they can be centred together).
pub fn roofs_side_by_side(
    titles: [String; 2],
    roofs: &[Roof; 2],
    values: [Line<'static>; 2],
) -> Vec<Line<'static>> {
    let column = 30;
    let pad = |mut line: Line<'static>, width: usize| {
        let used: usize = line.spans.iter().map(|s| s.content.chars().count()).sum();
        line.spans.push(Span::raw(" ".repeat(width.saturating_sub(used))));
        line
    };
    let pair = |a: Line<'static>, b: Line<'static>| {
        let mut line = pad(a, column);
        line.spans.extend(b.spans);
        pad(line, 2 * column)
    };
    let grids = [roof_grid(&roofs[0], [false; 9]), roof_grid(&roofs[1], [false; 9])];
    let [title0, title1] = titles.map(|t| Line::from(Span::raw(t).bold()));
    let mut lines = vec![pair(title0, title1)];
    for (a, b) in grids[0].iter().zip(&grids[1]) {
        lines.push(pair(a.clone(), b.clone()));
    }
    let [v0, v1] = values;
    lines.push(pair(v0, v1));
    lines
}

/// `value 7 → 9 points`, or with the closing penalty `value 7 → 9 − 1 = 8 points`.
pub fn result_line(value: u8, points: i32) -> Line<'static> {
    let score = tabula_sabotage_pipes::round_score(value);
    let unit = if points == 1 { "point" } else { "points" };
    let text = if score == points {
        format!("value {value} → {points} {unit}")
    } else {
        format!("value {value} → {score} − 1 = {points} {unit}")
    };
    Line::from(text)
}

fn final_screen(frame: &mut Frame, area: Rect, app: &Scene, ctx: &Ctx, view: &View) {
    let own = view.player as usize % 2;
    let (mine, theirs) = (view.totals[own], view.totals[1 - own]);
    let (headline, colour) = match (mine.cmp(&theirs), view.players) {
        (std::cmp::Ordering::Greater, 4) => (format!("Your team wins, {mine} to {theirs}!"), Color::Green),
        (std::cmp::Ordering::Greater, _) => (format!("You win, {mine} to {theirs}!"), Color::Green),
        (std::cmp::Ordering::Less, 4) => (format!("Their team wins, {theirs} to {mine}."), Color::LightRed),
        (std::cmp::Ordering::Less, _) => (
            format!("{} wins, {theirs} to {mine}.", app.session.name(1 - view.player as usize)),
            Color::LightRed,
        ),
        (std::cmp::Ordering::Equal, _) => (format!("A tie, {mine} to {theirs}."), Color::Yellow),
    };
    let teams = [team_name(app.session, 0), team_name(app.session, 1)];
    let mut lines = vec![Line::from(Span::raw(headline).fg(colour).bold()), Line::raw("")];
    let order = [own, 1 - own];
    lines.extend(cards::score_lines(
        [&teams[0], &teams[1]],
        order,
        &view.results,
        view.rounds as usize,
        None,
    ));
    lines.push(Line::from(Span::raw("[roof value]  * ended the round (−1)").fg(Color::DarkGray)));
    lines.push(Line::raw(""));
    lines.extend(ctx.saved_lines().into_iter().map(Line::from));
    if let Some(last) = app.screen.round_ends().last() {
        lines.push(Line::raw(""));
        lines.push(
            Line::from(format!("The last round's roofs (round {}):", last.round + 1)).fg(Color::DarkGray),
        );
        let titles = order.map(|t| teams[t].clone());
        let values = order.map(|t| result_line(last.result.values[t], last.result.points[t]));
        lines.extend(roofs_side_by_side(titles, &order.map(|t| last.roofs[t]), values));
    }
    let block = Block::bordered().title(" Game over ".bold()).border_style(Style::new().fg(colour));
    let text = Paragraph::new(lines).alignment(Alignment::Center).wrap(Wrap { trim: false });
    frame.render_widget(text.block(block), area);
}

/// The help window's lines for Sabotage: paragraphs, which the window wraps.
pub fn help_lines() -> Vec<Line<'static>> {
    vec![
        heading("Sabotage"),
        Line::raw(
            "  Each turn you draw a card, then play one: a letter card A-I on its square of either \
             roof (if empty); an X on an empty square of your roof; a wrench on any square of your \
             roof, replacing the card there; Sabotage removes a card from either roof, Démontage \
             from yours; or discard any card, face up.",
        ),
        Line::raw(
            "  A line of three (row, column, diagonal) of one colour is worth 2, of related colours \
             (orange+red, blue+lilac) 1. When your roof is worth 5 or more you may end the round at \
             the start of your turn, before drawing (−1 point); each point above 5 counts double.",
        ),
        Line::raw(
            "  Cards: a letter and a colour (Ao: A orange; o orange, r red, b blue, l lilac), Xr an \
             X, Wb a wrench, sab Sabotage, dem Démontage. The squares are A-I, row by row.",
        ),
        heading("Keys"),
        key_line(&[("←/→ 1-9", "choose a card"), ("↑/↓ Enter", "choose and play a move")]),
        key_line(&[("x", "discard the card"), ("e / d", "end the round / draw")]),
        key_line(&[("a / r", "agree / refuse to end"), (": or Tab", "type a move")]),
        key_line(&[("?", "this help"), ("q", "quit (asks first)")]),
        heading("Typing moves"),
        Line::raw("  Ao own, Ao opp  letter card on your / their roof   Xr E  X on square E"),
        Line::raw("  Wb A  wrench on A   sab opp E, sab own E  Sabotage   dem E  Démontage"),
        Line::raw("  discard Ao   end   draw   agree   refuse"),
        heading("Opponents"),
        Line::raw(
            "  tabula play sabotage-pipes --vs easy|medium|hard picks the bots' level (medium by \
             default); --options '{\"players\":4}' plays in two teams.",
        ),
    ]
}
