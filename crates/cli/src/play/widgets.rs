//! Small pieces of drawing that every game's screen uses: seat names in their style, text
//! cut or wrapped to a width, the log panel, the panel at the end of a game, headings and
//! key tables for help windows.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, HighlightSpacing, List, ListItem, Paragraph, Wrap};

use super::screen::Ctx;
use super::session::Session;

/// The style of a seat's name: the person's in bold yellow, the others' in cyan.
pub fn seat_style(session: &Session, seat: usize) -> Style {
    if seat == session.human() {
        Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD)
    } else {
        Style::new().fg(Color::Cyan)
    }
}

/// `text` cut to at most `max` characters (an ellipsis marks the cut).
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_owned()
    } else {
        let mut cut: String = text.chars().take(max.saturating_sub(1)).collect();
        cut.push('…');
        cut
    }
}

/// `Text` with its first letter in capitals.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `text` cut into lines of at most `width` columns at spaces, the lines after the first
/// indented by `indent` spaces; a word longer than a line is clipped.
pub fn wrap(text: &str, width: usize, indent: usize) -> Vec<String> {
    let width = width.max(indent + 4);
    let mut lines = Vec::new();
    let mut current = String::new();
    let mut used = 0;
    let mut fresh = true;
    for word in text.split_whitespace() {
        let length = word.chars().count();
        if !fresh && used + 1 + length > width {
            lines.push(std::mem::replace(&mut current, " ".repeat(indent)));
            used = indent;
            fresh = true;
        }
        if !fresh {
            current.push(' ');
            used += 1;
        }
        let word = clip(word, width - used);
        used += word.chars().count();
        current.push_str(&word);
        fresh = false;
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

/// A styled line cut into lines of at most `width` columns at spaces, keeping each
/// character's style; the lines after the first keep the first line's leading spaces.
pub fn wrap_line(line: &Line<'static>, width: usize) -> Vec<Line<'static>> {
    let chars: Vec<(char, Style)> = line
        .spans
        .iter()
        .flat_map(|span| {
            let style = line.style.patch(span.style);
            span.content.chars().map(move |c| (c, style))
        })
        .collect();
    if chars.len() <= width || width < 8 {
        return vec![line.clone()];
    }
    let indent = chars.iter().take_while(|(c, _)| *c == ' ').count().min(width / 2);
    let mut out = Vec::new();
    let mut start = 0;
    let mut first = true;
    while start < chars.len() {
        let room = if first { width } else { width - indent };
        let rest = &chars[start..];
        let take = if rest.len() <= room {
            rest.len()
        } else {
            // The last space that fits, else a hard cut.
            match rest[..=room].iter().rposition(|(c, _)| *c == ' ') {
                Some(at) if at > 0 => at,
                _ => room,
            }
        };
        let mut piece: Vec<(char, Style)> = Vec::new();
        if !first {
            piece.extend(std::iter::repeat_n((' ', Style::new()), indent));
        }
        piece.extend_from_slice(&rest[..take]);
        out.push(styled(&piece));
        start += take;
        while start < chars.len() && chars[start].0 == ' ' {
            start += 1;
        }
        first = false;
    }
    out
}

/// Characters with styles, as a line of spans (a run of one style is one span).
pub fn styled(chars: &[(char, Style)]) -> Line<'static> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut text = String::new();
    let mut style = None;
    for &(c, s) in chars {
        if style != Some(s) {
            if let Some(previous) = style {
                spans.push(Span::styled(std::mem::take(&mut text), previous));
            }
            style = Some(s);
        }
        text.push(c);
    }
    if let Some(previous) = style {
        spans.push(Span::styled(text, previous));
    }
    Line::from(spans)
}

/// A section title in a window.
pub fn heading(text: &str) -> Line<'static> {
    Line::from(Span::raw(text.to_owned()).fg(Color::Yellow).bold())
}

/// Keys and what they do, two pairs to a line, in columns.
pub fn key_line(pairs: &[(&str, &str)]) -> Line<'static> {
    let mut spans = vec![Span::raw("  ")];
    for (key, what) in pairs {
        spans.push(Span::raw(format!("{key:<10}")).fg(Color::Cyan).bold());
        spans.push(Span::raw(format!("{what:<26}")));
    }
    Line::from(spans)
}

/// The panel at the end of a game (`title`: ` Game over `): the result's `lines`, then
/// where the game was saved and how to leave, framed in the result's `colour`.
pub fn final_panel(
    frame: &mut Frame,
    area: Rect,
    ctx: &Ctx,
    title: &str,
    colour: Color,
    mut lines: Vec<Line>,
) {
    lines.extend(ctx.saved_lines().into_iter().map(Line::from));
    lines.push(Line::from(Span::raw("q or Enter leaves.").fg(Color::DarkGray)));
    let block = Block::bordered().title(title.bold()).border_style(Style::new().fg(colour));
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }).block(block), area);
}

/// The frame of the moves panel, titled `title`, in yellow while the person has moves to
/// choose from (`yours`); answers the room inside it.
pub fn moves_frame(frame: &mut Frame, area: Rect, title: String, yours: bool) -> Rect {
    let style = if yours { Style::new().fg(Color::Yellow) } else { Style::new() };
    let block = Block::bordered().title(title.bold()).border_style(style);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    inner
}

/// A rectangle of at most `width`×`height` centred in `area`.
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect { x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width, height }
}

/// The log's last lines that fit in `area`, newest at the bottom; long lines wrap. `spans`
/// styles a line's text after the seat's name (card codes in colour, for instance).
pub fn log_panel(
    frame: &mut Frame,
    area: Rect,
    session: &Session,
    spans: &dyn Fn(&str, Style) -> Vec<Span<'static>>,
) {
    let rows = area.height.saturating_sub(2) as usize;
    let width = area.width.saturating_sub(2) as usize;
    let log = session.log();
    let mut lines: Vec<Line> = Vec::new();
    for line in &log[log.len().saturating_sub(rows)..] {
        match line.seat {
            Some(seat) => {
                let name = session.name(seat).to_owned();
                let wrapped = wrap(&format!("{name} {}", line.text), width, 2);
                for (i, text) in wrapped.into_iter().enumerate() {
                    let name_part = if i == 0 { text.get(..name.len()).unwrap_or("") } else { "" };
                    let mut parts = vec![Span::styled(name_part.to_owned(), seat_style(session, seat))];
                    parts.extend(spans(&text[name_part.len()..], Style::new()));
                    lines.push(Line::from(parts));
                }
            }
            None => {
                let dim = Style::new().fg(Color::DarkGray).add_modifier(Modifier::ITALIC);
                lines.extend(
                    wrap(&format!("— {}", line.text), width, 2).into_iter().map(|t| Line::styled(t, dim)),
                );
            }
        }
    }
    let lines = lines.split_off(lines.len().saturating_sub(rows));
    frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(" Log ".bold())), area);
}

/// Plain text as one span in `style`: for [`log_panel`] where nothing is coloured.
pub fn plain(text: &str, style: Style) -> Vec<Span<'static>> {
    vec![Span::styled(text.to_owned(), style)]
}

/// A list of moves with the highlight every screen uses for the move under the cursor.
pub fn move_list(items: Vec<ListItem<'static>>) -> List<'static> {
    List::new(items)
        .highlight_symbol("▶ ")
        .highlight_spacing(HighlightSpacing::Always)
        .highlight_style(Style::new().bg(Color::DarkGray).add_modifier(Modifier::BOLD))
}

/// One row of a move list at most `width` columns wide: `head` (its key and label), then
/// what the move does in green where there is room.
pub fn move_row(head: String, effect: &str, width: usize) -> ListItem<'static> {
    let used = head.chars().count();
    let mut spans = vec![Span::raw(clip(&head, width))];
    if !effect.is_empty() && used + 2 < width {
        spans.push(Span::raw(clip(&format!("  {effect}"), width - used)).fg(Color::Green));
    }
    ListItem::new(Line::from(spans))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_wraps_at_spaces() {
        assert_eq!(
            wrap("greedy leaps 24/21, hitting your frog", 18, 2),
            ["greedy leaps", "  24/21, hitting", "  your frog"]
        );
        assert_eq!(wrap("a verylongwordindeed", 8, 2), ["a", "  veryl…"]);
        assert_eq!(wrap("", 8, 2), Vec::<String>::new());
    }

    #[test]
    fn styled_lines_wrap_and_keep_their_styles() {
        let line = Line::from(vec![
            Span::raw("  Squares are numbered by their "),
            Span::raw("distance").bold(),
            Span::raw(" to the pond."),
        ]);
        let lines = wrap_line(&line, 24);
        let texts: Vec<String> =
            lines.iter().map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect()).collect();
        assert_eq!(texts, ["  Squares are numbered", "  by their distance to", "  the pond."]);
        assert!(lines.iter().all(|l| l.width() <= 24));
        let bold = lines[1].spans.iter().find(|s| s.content == "distance").expect("the bold word");
        assert!(bold.style.add_modifier.contains(Modifier::BOLD));
        assert_eq!(wrap_line(&Line::raw("short"), 24).len(), 1);
    }
}
