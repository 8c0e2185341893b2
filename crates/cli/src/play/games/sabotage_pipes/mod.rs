//! Sabotage (Robert Abbott's, pipes on a roof) in the terminal: the screen's state (the
//! card chosen in the hand, the row of its moves), the log's sentences, the end-of-round
//! window, the help and the `replay --text` printout. [`screen`] draws the table,
//! [`cards`] the cards and roofs, [`moves`] lists the moves of the chosen card.

pub mod cards;
pub mod moves;
pub mod screen;
mod text;

#[cfg(test)]
mod tests;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use tabula_core::Turn;
use tabula_sabotage_pipes::{Action, Card, Phase, Roof, RoundResult, SabotagePipes, Square, View};

use crate::play::screen::{Choice, Ctx, GameScreen, Observed, Outcome, Window, view_of};
use crate::play::session::{Applied, Session, told};

/// What the command line suggests typing.
pub const COMMAND_EXAMPLE: &str = "Ao own · Xr E · Wb A · sab opp E · dem E · discard Ao · end";

/// The end of a round, as everyone at the table saw it.
#[derive(Debug, Clone, PartialEq)]
pub struct RoundEnd {
    /// The round, from 0.
    pub round: usize,
    /// The roofs as they were when the round ended.
    pub roofs: [Roof; 2],
    /// The round's result.
    pub result: RoundResult,
    /// Each team's totals after it.
    pub totals: [i32; 2],
}

/// The Sabotage screen: the card chosen and its move, the rounds ended, the squares the
/// other seats changed since the person's last move.
#[derive(Debug, Default)]
pub struct SabotageScreen {
    /// The chosen card's position in the hand.
    pub card: usize,
    /// The selected row of the chosen card's moves.
    pub choice: usize,
    round_ends: Vec<RoundEnd>,
    marked: [[bool; Square::NUM]; 2],
}

/// A team's name on screen: the seat's name with two players, `your team` / `their team`
/// with four.
pub fn team_name(session: &Session, team: usize) -> String {
    if session.names().len() == 2 {
        session.name(team).to_owned()
    } else if team == session.human() % 2 {
        "your team".to_owned()
    } else {
        "their team".to_owned()
    }
}

impl SabotageScreen {
    /// The person's view, when the session is a game of Sabotage.
    pub fn view(session: &Session) -> Option<View> {
        view_of::<SabotagePipes>(session.state(), session.human())
    }

    /// Every round ended so far, as the table saw it when it ended.
    pub fn round_ends(&self) -> &[RoundEnd] {
        &self.round_ends
    }

    /// The squares changed by the other seats since the person's last move this round.
    pub fn marked(&self) -> [[bool; Square::NUM]; 2] {
        self.marked
    }

    /// The person's hand, in order.
    pub fn hand(session: &Session) -> Vec<Card> {
        SabotageScreen::view(session).map(|v| moves::hand_cards(&v)).unwrap_or_default()
    }

    /// The chosen card.
    pub fn selected_card(&self, session: &Session) -> Option<Card> {
        SabotageScreen::hand(session).get(self.card).copied()
    }

    /// The moves on the list now (empty when the person is not to act).
    pub fn choices(&self, session: &Session) -> Vec<Choice> {
        match SabotageScreen::view(session) {
            Some(view) => moves::sabotage_choices(&view, &session.legal(), self.selected_card(session)),
            None => Vec::new(),
        }
    }

    /// The first row of the list that plays the chosen card (after `end`, `draw`…).
    fn first_card_choice(&self, session: &Session) -> usize {
        let choices = self.choices(session);
        choices.iter().position(|c| c.key.is_none() || c.key == Some('x')).unwrap_or(0)
    }

    fn select_card(&mut self, session: &Session, index: usize) {
        let cards = SabotageScreen::hand(session).len();
        if cards == 0 {
            return;
        }
        self.card = index % cards;
        self.choice = self.first_card_choice(session);
    }

    /// After a step: chooses `kept` again if it is still held (a card drawn moves the
    /// others), and its first move.
    fn reselect(&mut self, session: &Session, kept: Option<Card>) {
        let hand = SabotageScreen::hand(session);
        if let Some(index) = kept.and_then(|card| hand.iter().position(|&c| c == card)) {
            self.card = index;
        }
        if self.card >= hand.len() {
            self.card = hand.len().saturating_sub(1);
        }
        let rows = self.choices(session).len();
        self.choice = self.first_card_choice(session).min(rows.saturating_sub(1));
    }

    /// A shortcut key's move: refused with the rules' reason when it is not legal now.
    fn word(session: &Session, action: &str) -> Outcome {
        if session.is_human_turn() { Outcome::Play(action.to_owned()) } else { Outcome::Waiting }
    }

    /// The log's lines for one step (the game's own words, [`tabula_sabotage_pipes::narrate`],
    /// the same as the browser's), the squares to mark, and the round it ended.
    fn narrate(&mut self, session: &Session, applied: &Applied, before: &View, after: &View) -> Observed {
        let said = tabula_sabotage_pipes::narrate::narrate(before, after, applied.actor, Some(&applied.seen));
        let lines = told(&said, session.names(), session.human());
        let action = Action::parse(&applied.seen).ok();
        if let Turn::Player(seat) = applied.actor {
            if seat == session.human() {
                self.marked = [[false; Square::NUM]; 2];
            } else if let Some((roof, square)) = action.and_then(|a| cards::touched_square(seat, a)) {
                self.marked[roof][square] = true;
            }
        }
        let mut window = None;
        if after.results.len() > before.results.len() {
            self.marked = [[false; Square::NUM]; 2];
            if let Some(&result) = after.results.as_slice().last() {
                let roofs = match (applied.actor, action) {
                    (Turn::Player(seat), Some(action)) => cards::roofs_after(&before.roofs, seat, action),
                    _ => before.roofs,
                };
                self.round_ends.push(RoundEnd {
                    round: before.round as usize,
                    roofs,
                    result,
                    totals: after.totals,
                });
                window = Some(self.round_ends.len() - 1);
            }
        }
        Observed { lines, window, formality: None }
    }
}

impl GameScreen for SabotageScreen {
    fn observe(&mut self, session: &Session, applied: &Applied) -> Observed {
        let human = session.human();
        let (Some(before), Some(after)) =
            (view_of::<SabotagePipes>(applied.before.as_ref(), human), SabotageScreen::view(session))
        else {
            return Observed::default();
        };
        let kept = moves::hand_cards(&before).get(self.card).copied();
        let observed = self.narrate(session, applied, &before, &after);
        self.reselect(session, kept);
        observed
    }

    fn draw(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        if let Some(view) = SabotageScreen::view(ctx.session) {
            screen::draw(frame, area, ctx, self, &view);
        }
    }

    fn on_key(&mut self, session: &Session, key: KeyEvent) -> Outcome {
        if key.modifiers.contains(KeyModifiers::CONTROL) || key.modifiers.contains(KeyModifiers::ALT) {
            return Outcome::Ignored;
        }
        let cards = SabotageScreen::hand(session).len();
        match key.code {
            KeyCode::Up | KeyCode::Char('k') | KeyCode::Down | KeyCode::Char('j') => {
                let rows = self.choices(session).len();
                if rows > 0 {
                    let step =
                        if matches!(key.code, KeyCode::Up | KeyCode::Char('k')) { rows - 1 } else { 1 };
                    self.choice = (self.choice + step) % rows;
                }
                Outcome::Done
            }
            KeyCode::Enter | KeyCode::Char(' ') => {
                if !session.is_human_turn() {
                    return Outcome::Waiting;
                }
                match self.choices(session).get(self.choice) {
                    Some(choice) => Outcome::Play(choice.action.clone()),
                    None => Outcome::Say("Choose a card first (←/→ or 1-9).".to_owned(), true),
                }
            }
            KeyCode::Left | KeyCode::Char('h') => {
                self.select_card(session, self.card + cards.max(1) - 1);
                Outcome::Done
            }
            KeyCode::Right | KeyCode::Char('l') => {
                self.select_card(session, self.card + 1);
                Outcome::Done
            }
            KeyCode::Char(c @ '1'..='9') => {
                let index = c as usize - '1' as usize;
                if index < cards {
                    self.select_card(session, index);
                    Outcome::Done
                } else {
                    Outcome::Say(format!("You hold {cards} cards."), true)
                }
            }
            KeyCode::Char('e') => SabotageScreen::word(session, "end"),
            KeyCode::Char('d') => SabotageScreen::word(session, "draw"),
            KeyCode::Char('a') => SabotageScreen::word(session, "agree"),
            KeyCode::Char('r') => SabotageScreen::word(session, "refuse"),
            KeyCode::Char('x') => match self.selected_card(session) {
                Some(card) => SabotageScreen::word(session, &format!("discard {card}")),
                None => Outcome::Say("You hold no card.".to_owned(), true),
            },
            _ => Outcome::Ignored,
        }
    }

    fn on_line(&mut self, session: &Session, line: &str) -> Outcome {
        let choices = self.choices(session);
        match line.parse::<usize>() {
            Ok(n) if (1..=choices.len()).contains(&n) => Outcome::Play(choices[n - 1].action.clone()),
            _ => Outcome::Play(line.to_owned()),
        }
    }

    fn key_hints(&self, session: &Session) -> Vec<(&'static str, &'static str)> {
        let Some(view) = SabotageScreen::view(session) else { return Vec::new() };
        let mine = session.is_human_turn();
        let mut hints = Vec::new();
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
        hints
    }

    fn window(&self, ctx: &Ctx, index: usize, _width: u16) -> Option<Window> {
        let end = self.round_ends.get(index)?;
        let session = ctx.session;
        let mut lines = vec![match end.result.closer {
            Some(seat) => Line::from(format!("{} ended the round (−1 point).", session.name(seat as usize))),
            None => Line::from("The cards ran out: nobody loses a point."),
        }];
        lines.push(Line::raw(""));
        let own = session.human() % 2;
        let order = [own, 1 - own];
        let titles = order.map(|t| team_name(session, t));
        let values = order.map(|t| screen::result_line(end.result.values[t], end.result.points[t]));
        lines.extend(screen::roofs_side_by_side(titles, &order.map(|t| end.roofs[t]), values));
        lines.push(Line::raw(""));
        lines.push(Line::from(format!(
            "Totals: {} {}  ·  {} {}",
            team_name(session, own),
            end.totals[own],
            team_name(session, 1 - own),
            end.totals[1 - own]
        )));
        let rounds = SabotageScreen::view(session).map_or(0, |v| v.rounds);
        Some(Window { title: format!("Round {} of {rounds} is over", end.round + 1), lines, width: 64 })
    }

    fn verdict(&self, session: &Session) -> Option<String> {
        let view = SabotageScreen::view(session).filter(View::is_over)?;
        let own = view.player as usize % 2;
        let (mine, theirs) = (view.totals[own], view.totals[1 - own]);
        let verdict = match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => "you win",
            std::cmp::Ordering::Less => "you lose",
            std::cmp::Ordering::Equal => "a tie",
        };
        Some(format!("{mine} to {theirs}, {verdict}"))
    }

    screen_by_role!();
}
