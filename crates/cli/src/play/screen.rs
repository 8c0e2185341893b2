//! What the play screen asks of a game: [`GameScreen`]. The app ([`super::app`]) and the
//! session ([`super::session`]) know games only through it; each game's screen lives in
//! its own folder under [`super::games`], and [`super::games::screen_for`] is the one list
//! of them.

#[cfg(test)]
use std::any::Any;
use std::fmt::{Display, Write};
use std::path::PathBuf;

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use tabula_core::{DynState, ErasedState, Game, Turn};

use super::session::{Applied, LogLine, Session};

/// One move on a list of moves.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// The action in text notation, as played (empty for a row that plays nothing yet).
    pub action: String,
    /// What it does, in words.
    pub label: String,
    /// Its effect (`you 6→8`, `hits greedy's frog`), if any.
    pub effect: String,
    /// The key that plays it directly, if any.
    pub key: Option<char>,
}

/// What a key or a typed line asks the app to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Not the game's key: the app's common keys apply (`q`, `?`, `:`…).
    Ignored,
    /// Handled; nothing more to do.
    Done,
    /// Play this action (text notation).
    Play(String),
    /// Play these actions in order, all or none: refused whole, with the failing one's
    /// reason, if one of them is refused.
    PlayAll(Vec<String>),
    /// Show this message in the status line (an error when the flag is set).
    Say(String, bool),
    /// The person cannot act now: say whom the game waits for.
    Waiting,
    /// Open the command line with this text typed.
    Command(String),
}

/// What a game makes of one step of play, for the session's log and the app's windows.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Observed {
    /// The log's new lines.
    pub lines: Vec<LogLine>,
    /// The step ended a round (or a hand): the index of its window, for
    /// [`GameScreen::window`].
    pub window: Option<usize>,
    /// A formality the game answers for the person at once: their only move, one that
    /// only exists so that the other players cannot tell when it matters (Fowers'
    /// Sabotage's `anywhere none` at a window with nothing to build).
    pub formality: Option<String>,
}

/// A window drawn over the table: the end of a round or a hand.
#[derive(Debug, Clone)]
pub struct Window {
    /// Its title.
    pub title: String,
    /// Its lines.
    pub lines: Vec<Line<'static>>,
    /// Its width, borders included (at most the terminal's).
    pub width: u16,
}

/// What a screen draws from: the session, and where the record was saved.
pub struct Ctx<'a> {
    /// The game in progress, from the person's seat.
    pub session: &'a Session,
    /// Where the finished game's record was written, or why it could not be; `None` while
    /// it is not written (and in the replay viewer).
    pub saved: Option<&'a Result<PathBuf, String>>,
}

impl Ctx<'_> {
    /// The lines that end a final panel: the seed and where the record was saved.
    pub fn saved_lines(&self) -> Vec<String> {
        let seed = format!("Seed {}.", self.session.seed());
        match self.saved {
            Some(Ok(path)) => vec![
                format!("{seed} Saved to {}.", path.display()),
                "See it again with `tabula replay --last`.".to_owned(),
            ],
            Some(Err(message)) => vec![seed, message.clone()],
            None => vec![seed],
        }
    }
}

/// A recorded game, step by step, for `tabula replay --text`.
pub struct History<'a> {
    /// The referee's state before the first action and after each one.
    pub states: &'a [Box<dyn DynState>],
    /// Every action in canonical text.
    pub actions: &'a [String],
    /// Who played each action.
    pub actors: &'a [Turn],
    /// Each seat's name.
    pub names: &'a [String],
}

impl<'a> History<'a> {
    /// A seat's name.
    pub fn name(&self, seat: usize) -> &str {
        self.names.get(seat).map_or("?", String::as_str)
    }

    /// Who played action `i` (from 0), as a word: a seat's name or `chance`.
    pub fn actor_name(&self, i: usize) -> &str {
        match self.actors.get(i) {
            Some(Turn::Player(seat)) => self.name(*seat),
            Some(Turn::Chance) => "chance",
            _ => "?",
        }
    }

    /// A numbered line of the printout: `   12  greedy       Ao own`.
    pub fn line(number: &str, who: &str, text: &str) -> String {
        format!("{number:>9}  {who:<12} {text}")
    }

    /// The record as game `G`'s rules and states (before the first action and after each
    /// one); none when it is a record of another game.
    pub fn of<G: Game>(&self) -> Option<(&'a G, Vec<&'a G::State>)> {
        let game = erased::<G>(self.states.first()?.as_ref())?.concrete_game();
        let states = self.states.iter().filter_map(|s| erased::<G>(s.as_ref()).map(|e| e.concrete_state()));
        Some((game, states.collect()))
    }

    /// Writes action `i`'s sentences in the log's words, the first numbered, each after the
    /// name of the seat it is about; the action's notation when the log says nothing.
    pub fn write_step(&self, out: &mut String, i: usize, lines: &[LogLine]) {
        let number = (i + 1).to_string();
        if lines.is_empty() {
            let action = self.actions.get(i).map_or("", String::as_str);
            let _ = writeln!(out, "{}", History::line(&number, self.actor_name(i), action));
        }
        for (k, line) in lines.iter().enumerate() {
            let number = if k == 0 { number.as_str() } else { "" };
            let who = line.seat.map_or("", |s| self.name(s));
            let _ = writeln!(out, "{}", History::line(number, who, &line.text));
        }
    }

    /// Writes a drawing (the board, the table, a line of counts) under the numbered lines,
    /// indented past their numbers, between blank lines.
    pub fn write_block<T: Display>(out: &mut String, lines: impl IntoIterator<Item = T>) {
        out.push('\n');
        for line in lines {
            let _ = writeln!(out, "           {line}");
        }
        out.push('\n');
    }
}

/// Game `G`'s own state behind a type-erased one, when it is a game of `G`.
pub fn erased<G: Game>(state: &dyn DynState) -> Option<&ErasedState<G>> {
    state.as_any().downcast_ref::<ErasedState<G>>()
}

/// Seat `seat`'s view of a game of `G`, when `state` is one.
pub fn view_of<G: Game>(state: &dyn DynState, seat: usize) -> Option<G::View> {
    erased::<G>(state).map(|e| e.concrete_view(seat))
}

/// A game's screen: everything the play screen (and the replay viewer) asks of a game.
///
/// A screen keeps what the person is choosing (the card, the frog, the row of a list) and
/// what the game's log needs to remember between steps (the rounds or hands ended); it
/// draws from the person's seat's view alone, never from the referee's state.
pub trait GameScreen {
    /// The screen as [`Any`], for tests that look at a game's own screen.
    #[cfg(test)]
    fn as_any(&self) -> &dyn Any;

    /// Tells one step of play (`applied`, already applied to `session`'s state) in the
    /// log's words; says whether it ended a round or a hand (the app opens its window).
    fn observe(&mut self, session: &Session, applied: &Applied) -> Observed;

    /// Draws the table in `area` (the whole screen but the title, command, status and key
    /// lines).
    fn draw(&self, frame: &mut Frame, area: Rect, ctx: &Ctx);

    /// Reacts to a key; [`Outcome::Ignored`] leaves it to the app's common keys.
    fn on_key(&mut self, session: &Session, key: KeyEvent) -> Outcome;

    /// Reads a line typed in the command line (not `help` or `quit`, which the app reads).
    fn on_line(&mut self, session: &Session, line: &str) -> Outcome;

    /// The keys that do something now, for the key bar (the app adds `:`, `?` and `q`).
    fn key_hints(&self, session: &Session) -> Vec<(&'static str, &'static str)>;

    /// What the command line suggests typing.
    fn command_example(&self) -> &'static str;

    /// The help window's lines: paragraphs (the window wraps them) and key tables.
    fn help(&self) -> Vec<Line<'static>>;

    /// The window of the round or hand ended at `index` (see [`Observed::window`]), for a
    /// screen `width` columns wide; none by default, for a game with no rounds or hands to
    /// sum up.
    fn window(&self, ctx: &Ctx, index: usize, width: u16) -> Option<Window> {
        let _ = (ctx, index, width);
        None
    }

    /// How the game ended, for the person, in a few words (`you win`, `you lost 12`);
    /// `None` while it is not over.
    fn verdict(&self, session: &Session) -> Option<String>;

    /// The whole game as plain text, step by step with the board or table, and the result,
    /// for `tabula replay --text` (after the header the replay writes).
    fn replay_text(&self, history: &History) -> String;
}
