//! The play screen's state machine: keys in, moves out, bots and chance paced by a clock.
//! It knows nothing of the terminal, so tests drive it with [`App::on_key`] and
//! [`App::tick`] and render it into a buffer; and it knows games only through their
//! [`GameScreen`].

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::archive;
use super::screen::{Ctx, GameScreen, Outcome};
use super::session::{Applied, Session};

/// What is drawn over the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlay {
    /// The keys and the notation.
    Help,
    /// "Quit this game?"
    ConfirmQuit,
    /// A round or a hand has just ended: the game's window for it (an index the game's
    /// screen gave, see [`GameScreen::window`]).
    Window(usize),
}

/// Where typed keys go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Keys are commands (select, play, help, quit).
    Keys,
    /// Keys are typed into the command line.
    Command(String),
}

/// The message under the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    /// The message.
    pub text: String,
    /// Whether it reports a refused move or another problem.
    pub error: bool,
}

/// The play screen.
pub struct App {
    /// The game.
    pub session: Session,
    /// The game's own screen.
    pub screen: Box<dyn GameScreen>,
    /// Where typed keys go.
    pub input: Input,
    /// What is drawn over the table.
    pub overlay: Option<Overlay>,
    /// How far the help window is scrolled down.
    pub help_scroll: u16,
    /// The message under the table.
    pub status: Status,
    /// Where the record is written when the game ends or the person quits (`--record-out`).
    pub record_out: Option<PathBuf>,
    /// The folder of past games, where every finished game is saved.
    pub archive: Option<PathBuf>,
    /// Whether the finished game's record has been written, or why it could not be.
    pub saved: Option<Result<PathBuf, String>>,
    delay: Duration,
    bot_due: Option<Instant>,
    stalled: bool,
    quit: bool,
}

impl App {
    /// The screen for a session, drawn by `screen`; bots wait `delay` before each move.
    pub fn new(session: Session, screen: Box<dyn GameScreen>, delay: Duration) -> App {
        let text = format!("You sit at seat {}. Press ? for help.", session.human());
        App {
            session,
            screen,
            input: Input::Keys,
            overlay: None,
            help_scroll: 0,
            status: Status { text, error: false },
            record_out: None,
            archive: None,
            saved: None,
            delay,
            bot_due: None,
            stalled: false,
            quit: false,
        }
    }

    /// What the game's screen draws from.
    pub fn ctx(&self) -> Ctx<'_> {
        Ctx { session: &self.session, saved: self.saved.as_ref() }
    }

    /// Whether the person has asked to leave.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Whether bots and chance wait: a window is open, the game is over, or a bot failed.
    fn paused(&self) -> bool {
        self.overlay.is_some() || self.stalled || self.session.is_over()
    }

    /// Plays what is due at time `now`: chance outcomes at once, a bot's move once it has
    /// waited the delay. Stops at the person's turn, at the end of a round (to show it) and
    /// at the end of the game.
    pub fn tick(&mut self, now: Instant) {
        while !self.paused() {
            match self.session.turn() {
                tabula_core::Turn::Player(seat) if seat != self.session.human() => {
                    let due = *self.bot_due.get_or_insert(now + self.delay);
                    if now < due {
                        return;
                    }
                    self.bot_due = None;
                }
                tabula_core::Turn::Chance => {}
                _ => return,
            }
            match self.session.auto_step() {
                Some(Ok(applied)) => {
                    self.after(applied);
                }
                Some(Err(message)) => {
                    self.stalled = true;
                    self.status = Status { text: message, error: true };
                }
                None => return,
            }
        }
    }

    /// How long the event loop may wait for a key before the next [`App::tick`] is due.
    pub fn wait_hint(&self, now: Instant) -> Duration {
        match self.bot_due {
            Some(due) if !self.paused() => due.saturating_duration_since(now),
            _ => Duration::from_millis(500),
        }
    }

    /// Plays everything due until the person is to act (or a window opens, or the game
    /// ends), ignoring the delay: for tests.
    #[cfg(test)]
    pub fn settle(&mut self) {
        let delay = std::mem::replace(&mut self.delay, Duration::ZERO);
        self.bot_due = None;
        self.tick(Instant::now());
        self.delay = delay;
    }

    /// Called after every action: the game's screen tells it in the log and may open its
    /// window; the record is saved at the end of the game. Returns what the actor's line
    /// of the log says, if it has one.
    pub fn after(&mut self, applied: Applied) -> Option<String> {
        let observed = self.screen.observe(&self.session, &applied);
        let said = observed
            .lines
            .iter()
            .find(|line| line.seat == applied.actor.player())
            .map(|line| line.text.clone());
        self.session.extend_log(observed.lines);
        self.session.extend_log(applied.explanation);
        let over = self.session.is_over();
        if let (Some(index), false) = (observed.window, over) {
            self.overlay = Some(Overlay::Window(index));
        }
        if over && self.saved.is_none() {
            self.status = Status { text: "The game is over.".to_owned(), error: false };
            self.save_finished();
        }
        if let Some(text) = observed.formality
            && !over
            && self.session.turn() == tabula_core::Turn::Player(self.session.human())
            && let Ok(applied) = self.session.play(&text)
        {
            self.after(applied);
        }
        said
    }

    /// Saves the finished game: in the folder of past games, and to `--record-out`.
    fn save_finished(&mut self) {
        let record = self.session.record();
        let mut saved = None;
        if let Some(folder) = &self.archive {
            saved = Some(archive::save(folder, &record));
        }
        if let Some(path) = self.record_out.clone() {
            saved = Some(write_record(&path, &record));
        }
        self.saved = saved;
    }

    /// Writes the game so far to `--record-out`, if given (when the person leaves before
    /// the end); remembers the outcome.
    pub fn save_unfinished(&mut self) {
        if let Some(path) = self.record_out.clone() {
            self.saved = Some(write_record(&path, &self.session.record()));
        }
    }

    /// Plays the person's move.
    fn play(&mut self, text: &str) {
        match self.session.play(text) {
            Ok(applied) => {
                let played = applied.played.clone();
                let said = self.after(applied);
                self.say_played(said, &played);
            }
            Err(message) => self.status = Status { text: message, error: true },
        }
    }

    /// Plays the person's moves, all or none (several leaps typed on one line).
    fn play_all(&mut self, texts: &[String]) {
        if let Err(message) = self.session.check_all(texts) {
            self.status = Status { text: message, error: true };
            return;
        }
        let mut said = Vec::new();
        for text in texts {
            match self.session.play(text) {
                Ok(applied) => {
                    let played = applied.played.clone();
                    said.push(self.after(applied).unwrap_or(played));
                }
                Err(message) => {
                    self.status = Status { text: message, error: true };
                    return;
                }
            }
        }
        self.status = Status { text: format!("You {}.", said.join("; ")), error: false };
    }

    fn say_played(&mut self, said: Option<String>, played: &str) {
        let text = match said {
            Some(said) => format!("You {said}."),
            None => format!("You played {played}."),
        };
        self.status = Status { text, error: false };
    }

    /// Does what the game's screen asks after a key or a typed line.
    fn follow(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Ignored | Outcome::Done => {}
            Outcome::Play(action) => self.play(&action),
            Outcome::PlayAll(actions) => self.play_all(&actions),
            Outcome::Say(text, error) => self.status = Status { text, error },
            Outcome::Waiting => self.status = Status { text: self.waiting_text(), error: false },
            Outcome::Command(text) => self.input = Input::Command(text),
        }
    }

    /// Reads a line typed in the command line: `help` / `quit`, else the game's.
    fn submit(&mut self, line: &str) {
        let line = line.trim();
        match line.to_ascii_lowercase().as_str() {
            "" => {}
            "q" | "quit" | "exit" => self.ask_quit(),
            "?" | "h" | "help" => self.open_help(),
            _ => {
                let outcome = self.screen.on_line(&self.session, line);
                self.follow(outcome);
            }
        }
    }

    fn ask_quit(&mut self) {
        if self.session.is_over() {
            self.quit = true;
        } else {
            self.overlay = Some(Overlay::ConfirmQuit);
        }
    }

    fn open_help(&mut self) {
        self.help_scroll = 0;
        self.overlay = Some(Overlay::Help);
    }

    /// Reacts to a key.
    pub fn on_key(&mut self, key: KeyEvent) {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('q')) {
            self.ask_quit();
            return;
        }
        if let Some(overlay) = self.overlay {
            self.on_overlay_key(overlay, key);
            return;
        }
        if let Input::Command(line) = &mut self.input {
            match key.code {
                KeyCode::Enter => {
                    let line = std::mem::take(line);
                    self.input = Input::Keys;
                    self.submit(&line);
                }
                KeyCode::Esc => self.input = Input::Keys,
                KeyCode::Backspace => {
                    line.pop();
                }
                KeyCode::Char('u') if ctrl => line.clear(),
                KeyCode::Char(c) if !ctrl => line.push(c),
                _ => {}
            }
            return;
        }
        if self.session.is_over() {
            match key.code {
                KeyCode::Char('q') | KeyCode::Esc | KeyCode::Enter => self.quit = true,
                KeyCode::Char('?') => self.open_help(),
                _ => {}
            }
            return;
        }
        let outcome = self.screen.on_key(&self.session, key);
        if outcome != Outcome::Ignored {
            self.follow(outcome);
            return;
        }
        match key.code {
            KeyCode::Char('q') => self.ask_quit(),
            KeyCode::Char('?') => self.open_help(),
            KeyCode::Char(':') | KeyCode::Char('/') | KeyCode::Tab => {
                self.input = Input::Command(String::new())
            }
            KeyCode::Esc => self.status = Status { text: String::new(), error: false },
            KeyCode::Enter | KeyCode::Char(' ') if !self.session.is_human_turn() => {
                self.status = Status { text: self.waiting_text(), error: false };
            }
            _ => {}
        }
    }

    fn on_overlay_key(&mut self, overlay: Overlay, key: KeyEvent) {
        match overlay {
            Overlay::Help => match key.code {
                KeyCode::Down | KeyCode::Char('j') => self.help_scroll = self.help_scroll.saturating_add(1),
                KeyCode::Up | KeyCode::Char('k') => self.help_scroll = self.help_scroll.saturating_sub(1),
                KeyCode::PageDown | KeyCode::Char(' ') => {
                    self.help_scroll = self.help_scroll.saturating_add(10)
                }
                KeyCode::PageUp => self.help_scroll = self.help_scroll.saturating_sub(10),
                KeyCode::Home => self.help_scroll = 0,
                _ => self.overlay = None,
            },
            Overlay::ConfirmQuit => match key.code {
                KeyCode::Char('y') | KeyCode::Char('Y') | KeyCode::Char('q') | KeyCode::Enter => {
                    self.overlay = None;
                    self.quit = true;
                }
                _ => self.overlay = None,
            },
            Overlay::Window(_) => match key.code {
                KeyCode::Char('q') => self.overlay = Some(Overlay::ConfirmQuit),
                KeyCode::Char('?') => self.open_help(),
                KeyCode::Enter | KeyCode::Char(' ') | KeyCode::Esc => {
                    self.overlay = None;
                    self.status = Status { text: "Play on.".to_owned(), error: false };
                }
                _ => {}
            },
        }
    }

    /// `Waiting for greedy…`, or why nobody can act.
    pub fn waiting_text(&self) -> String {
        if self.stalled {
            "The game cannot go on (see the message above).".to_owned()
        } else {
            self.session.waiting_text()
        }
    }
}

/// Writes a record as pretty JSON to `path`.
fn write_record(path: &std::path::Path, record: &tabula_core::Record) -> Result<PathBuf, String> {
    match std::fs::write(path, record.to_json_pretty() + "\n") {
        Ok(()) => Ok(path.to_path_buf()),
        Err(e) => Err(format!("could not write the record to {}: {e}", path.display())),
    }
}
