//! Sabotage's cards in the terminal: card colours, roof grids, hands, the score table, the
//! moves in words and the plain-text roofs of `tabula replay --text`. Every function here
//! draws what it is given (a seat's view, or the referee's state in a replay) and looks at
//! nothing else.

use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use tabula_sabotage_pipes::state::Results;
use tabula_sabotage_pipes::{Action, Card, Colour, PipeKind, Roof, Side, Square, State};

use crate::play::widgets::clip;

/// The colour of a pipe colour's text (on the terminal's background).
pub fn colour_fg(colour: Colour) -> Color {
    match colour {
        Colour::Orange => Color::Indexed(208),
        Colour::Red => Color::Red,
        Colour::Blue => Color::LightBlue,
        Colour::Lilac => Color::Magenta,
    }
}

/// The style of a card drawn as a tile: its colour as background.
pub fn card_style(card: Card) -> Style {
    let style = match card.colour() {
        Some(Colour::Orange) => Style::new().fg(Color::Black).bg(Color::Indexed(208)),
        Some(Colour::Red) => Style::new().fg(Color::White).bg(Color::Red),
        Some(Colour::Blue) => Style::new().fg(Color::White).bg(Color::Blue),
        Some(Colour::Lilac) => Style::new().fg(Color::Black).bg(Color::Magenta),
        None => Style::new().fg(Color::Black).bg(Color::Gray),
    };
    style.add_modifier(Modifier::BOLD)
}

/// A card as a small coloured tile, ` Ao ` or ` sab `.
pub fn card_tile(card: Card) -> Span<'static> {
    Span::styled(format!(" {card} "), card_style(card))
}

/// Free text with every card code in it (`Ao`, `Xr`, `sab`) coloured, for log lines.
pub fn text_spans(text: &str, base: Style) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    let mut plain = String::new();
    for (i, word) in text.split(' ').enumerate() {
        if i > 0 {
            plain.push(' ');
        }
        let core = word.trim_end_matches([',', '.', ')', ':']);
        let tail = &word[core.len()..];
        match core.parse::<Card>() {
            Ok(card) if core.len() <= 3 => {
                if !plain.is_empty() {
                    spans.push(Span::styled(std::mem::take(&mut plain), base));
                }
                let style = match card.colour() {
                    Some(colour) => base.fg(colour_fg(colour)).add_modifier(Modifier::BOLD),
                    None => base.add_modifier(Modifier::BOLD),
                };
                spans.push(Span::styled(core.to_owned(), style));
                plain.push_str(tail);
            }
            _ => plain.push_str(word),
        }
    }
    if !plain.is_empty() {
        spans.push(Span::styled(plain, base));
    }
    spans
}

/// A roof as a 3×3 grid of coloured cells, 7 lines of 22 columns; an empty square shows its letter dimmed; `marked` squares (what the last
/// moves changed) are framed by `›` and `‹`.
pub fn roof_grid(roof: &Roof, marked: [bool; Square::NUM]) -> Vec<Line<'static>> {
    let border = Style::new().fg(Color::DarkGray);
    let rule = |left: &str, mid: &str, right: &str| {
        Line::from(Span::styled(format!("{left}{0}{mid}{0}{mid}{0}{right}", "─".repeat(6)), border))
    };
    let mut lines = vec![rule("┌", "┬", "┐")];
    for row in 0..3 {
        let mut spans = vec![Span::styled("│", border)];
        for col in 0..3 {
            let square = row * 3 + col;
            let (open, close) = if marked[square] { ('›', '‹') } else { (' ', ' ') };
            let cell = match roof[square] {
                Some(card) => {
                    let style = if marked[square] {
                        card_style(card).add_modifier(Modifier::UNDERLINED)
                    } else {
                        card_style(card)
                    };
                    Span::styled(format!("{open} {card} {close}"), style)
                }
                None => {
                    let letter = Square::ALL[square].letter();
                    let style = if marked[square] {
                        Style::new().fg(Color::Yellow)
                    } else {
                        Style::new().fg(Color::DarkGray)
                    };
                    Span::styled(format!("{open} {letter}  {close}"), style)
                }
            };
            spans.push(cell);
            spans.push(Span::styled("│", border));
        }
        lines.push(Line::from(spans));
        lines.push(if row < 2 { rule("├", "┼", "┤") } else { rule("└", "┴", "┘") });
    }
    lines
}

/// `value 6 → scores 7`: a roof's value and what it would score if the round ended now;
/// the value is green from 5 on, when the round may be ended.
pub fn value_line(value: u8) -> Line<'static> {
    let score = tabula_sabotage_pipes::round_score(value);
    let number = Span::raw(value.to_string()).bold();
    Line::from(vec![
        Span::raw("value "),
        if value >= 5 { number.fg(Color::Green) } else { number },
        Span::raw(" → scores "),
        Span::raw(score.to_string()).bold(),
    ])
}

/// A hand as a row of tiles, each numbered from 1 when `numbered`; the `selected` card is
/// bracketed (`[Ao]`) and its number highlighted. When the tiles do not fit in `width`
/// columns they lose their padding (`1Ao 2Xr`), so that a full hand of nine still shows.
pub fn hand_line(cards: &[Card], selected: Option<usize>, numbered: bool, width: usize) -> Line<'static> {
    let number_width = |i: usize| if numbered { (i + 1).to_string().len() } else { 0 };
    let full: usize =
        cards.iter().enumerate().map(|(i, c)| number_width(i) + c.to_string().chars().count() + 3).sum();
    let compact = full > width;
    let mut spans = Vec::new();
    for (i, &card) in cards.iter().enumerate() {
        let chosen = selected == Some(i);
        if numbered {
            let number = Span::raw(format!("{}", i + 1));
            spans.push(if chosen { number.fg(Color::Yellow).bold() } else { number.fg(Color::DarkGray) });
        }
        if chosen {
            let style = card_style(card).add_modifier(Modifier::UNDERLINED);
            spans.push(Span::styled(format!("[{card}]"), style));
        } else if compact {
            spans.push(Span::styled(card.to_string(), card_style(card)));
        } else {
            spans.push(card_tile(card));
        }
        spans.push(Span::raw(" "));
    }
    if cards.is_empty() {
        spans.push(Span::raw("(no cards)").fg(Color::DarkGray));
    }
    Line::from(spans)
}

/// What a card does, in a short sentence, for the line under the hand.
pub fn card_help(card: Card) -> String {
    match card.as_pipe() {
        Some((PipeKind::Letter(l), _)) => {
            let letter = Square::ALL[l as usize].letter();
            format!("{}: empty square {letter} of either roof", card.name())
        }
        Some((PipeKind::X, _)) => format!("{}: any empty square of your roof", card.name()),
        Some((PipeKind::Wrench, _)) => format!("{}: any square of your roof, even a taken one", card.name()),
        None if card == Card::SABOTAGE => "Sabotage: removes a card from either roof".to_owned(),
        None => "Démontage: removes a card from your roof".to_owned(),
    }
}

/// The roof (team) index that `side` names for `seat`.
pub fn roof_index(seat: usize, side: Side) -> usize {
    let own = State::team(seat as u8);
    match side {
        Side::Own => own,
        Side::Opp => 1 - own,
    }
}

/// The roof square an action played by `seat` changes, as (roof, square).
pub fn touched_square(seat: usize, action: Action) -> Option<(usize, usize)> {
    let own = State::team(seat as u8);
    match action {
        Action::Letter { card, side } => match card.as_pipe() {
            Some((PipeKind::Letter(l), _)) => Some((roof_index(seat, side), l as usize)),
            _ => None,
        },
        Action::X { square, .. } | Action::Wrench { square, .. } | Action::Demontage { square } => {
            Some((own, square.index()))
        }
        Action::Sabotage { side, square } => Some((roof_index(seat, side), square.index())),
        _ => None,
    }
}

/// The roofs after `seat` plays `action` on them. The rules clear the roofs when a round
/// ends, so this is how the last position of a round is shown.
pub fn roofs_after(roofs: &[Roof; 2], seat: usize, action: Action) -> [Roof; 2] {
    let mut after = *roofs;
    if let Some((roof, square)) = touched_square(seat, action) {
        after[roof][square] = match action {
            Action::Sabotage { .. } | Action::Demontage { .. } => None,
            _ => action.card_played(),
        };
    }
    after
}

/// Each team's totals over the finished rounds.
pub fn totals(results: &Results) -> [i32; 2] {
    results.as_slice().iter().fold([0, 0], |t, r| [t[0] + r.points[0], t[1] + r.points[1]])
}

/// The score table: one row per round (points and the roof's value in brackets, `*` for
/// the team that ended the round), the round in play with what each roof would score
/// now, and the totals. `teams` names the teams (by team index); `order` says which team
/// has the first column.
pub fn score_lines(
    teams: [&str; 2],
    order: [usize; 2],
    results: &Results,
    rounds: usize,
    current: Option<(usize, [u8; 2])>,
) -> Vec<Line<'static>> {
    let width = 14;
    let head = Style::new().fg(Color::DarkGray);
    let row = |label: String, cells: [Span<'static>; 2]| {
        let [a, b] = cells;
        Line::from(vec![Span::raw(format!("{label:<7}")), a, b])
    };
    let pad = |text: String| format!("{text:<width$}");
    let mut lines = vec![Line::from(vec![
        Span::styled(format!("{:<7}", "round"), head),
        Span::styled(pad(clip(teams[order[0]], width - 1)), head.add_modifier(Modifier::BOLD)),
        Span::styled(pad(clip(teams[order[1]], width - 1)), head.add_modifier(Modifier::BOLD)),
    ])];
    for round in 0..rounds {
        let label = (round + 1).to_string();
        if let Some(r) = results.as_slice().get(round) {
            let cell = |team: usize| {
                let closer = r.closer.is_some_and(|seat| State::team(seat) == team);
                let text =
                    format!("{:>3} [{}]{}", r.points[team], r.values[team], if closer { "*" } else { "" });
                Span::raw(pad(text))
            };
            lines.push(row(label, order.map(cell)));
        } else if let Some((_, values)) = current.filter(|(now, _)| *now == round) {
            let cell = |team: usize| {
                let text =
                    format!("  [{}]→{}", values[team], tabula_sabotage_pipes::round_score(values[team]));
                Span::styled(pad(text), Style::new().fg(Color::Yellow))
            };
            lines.push(row(label, order.map(cell)));
        } else {
            lines.push(row(label, order.map(|_| Span::styled(pad("  ·".to_owned()), head))));
        }
    }
    let t = totals(results);
    let total = |team: usize| Span::raw(pad(format!("{:>3}", t[team]))).bold();
    lines.push(row("total".to_owned(), order.map(total)).bold());
    lines
}

/// A roof as a plain-text grid (seven lines): cards as `Ao`, empty squares as `.B`.
pub fn ascii_roof(roof: &Roof) -> Vec<String> {
    let rule = "+----+----+----+".to_owned();
    let mut lines = vec![rule.clone()];
    for row in 0..3 {
        let cells: Vec<String> = (0..3)
            .map(|col| {
                let square = row * 3 + col;
                match roof[square] {
                    Some(card) => format!(" {:<3}", card.to_string()),
                    None => format!(" .{} ", Square::ALL[square].letter()),
                }
            })
            .collect();
        lines.push(format!("|{}|", cells.join("|")));
        lines.push(rule.clone());
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn roofs_after_places_and_removes() {
        let mut roofs: [Roof; 2] = [[None; 9]; 2];
        roofs = roofs_after(&roofs, 1, Action::parse("Ao opp").unwrap());
        assert_eq!(roofs[0][0], Some(card("Ao")));
        roofs = roofs_after(&roofs, 0, Action::parse("Xr E").unwrap());
        assert_eq!(roofs[0][4], Some(card("Xr")));
        roofs = roofs_after(&roofs, 0, Action::parse("Wb E").unwrap());
        assert_eq!(roofs[0][4], Some(card("Wb")));
        roofs = roofs_after(&roofs, 1, Action::parse("sab opp A").unwrap());
        assert_eq!(roofs[0][0], None);
        roofs = roofs_after(&roofs, 2, Action::parse("dem E").unwrap());
        assert_eq!(roofs[0][4], None);
        let unchanged = roofs_after(&roofs, 0, Action::parse("discard Ao").unwrap());
        assert_eq!(unchanged, roofs);
    }

    #[test]
    fn ascii_roof_shows_cards_and_letters() {
        let mut roof: Roof = [None; 9];
        roof[0] = Some(card("Ao"));
        roof[8] = Some(card("sab"));
        let text = ascii_roof(&roof).join("\n");
        assert!(text.contains("| Ao | .B | .C |"), "{text}");
        assert!(text.contains(" sab|"), "{text}");
        assert_eq!(ascii_roof(&roof).len(), 7);
    }

    #[test]
    fn text_spans_colour_card_codes_only() {
        let spans = text_spans("greedy: Ao on your roof, Draw", Style::new());
        let coloured: Vec<&str> =
            spans.iter().filter(|s| s.style.fg.is_some()).map(|s| s.content.as_ref()).collect();
        assert_eq!(coloured, ["Ao"]);
        let all: String = spans.iter().map(|s| s.content.as_ref()).collect();
        assert_eq!(all, "greedy: Ao on your roof, Draw");
    }
}
