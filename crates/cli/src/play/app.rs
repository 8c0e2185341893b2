//! The play screen's state machine: keys in, moves out, bots and chance paced by a clock.
//! It knows nothing of the terminal, so tests drive it with [`App::on_key`] and
//! [`App::tick`] and render it into a buffer.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use tabula_sabotage_pipes::Card;

use super::abagio::{self, Picker};
use super::moves::{self, Choice};
use super::sabacc;
use super::session::{Applied, Session};

/// What is drawn over the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlay {
    /// The keys and the notation.
    Help,
    /// "Quit this game?"
    ConfirmQuit,
    /// A round of Sabotage has just ended (index into [`Session::round_ends`]).
    RoundOver(usize),
    /// A hand of Sabacc has just ended (index into [`Session::sabacc_hands`]).
    HandOver(usize),
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
    /// Where typed keys go.
    pub input: Input,
    /// What is drawn over the table.
    pub overlay: Option<Overlay>,
    /// The message under the table.
    pub status: Status,
    /// Sabotage: the selected card's position in the hand.
    pub card: usize,
    /// Abagio: the frog (square) chosen and its leap, or the Top Frog's square.
    pub abagio: Picker,
    /// Sabacc: the row chosen, the amount of a raise or bet, the cards marked.
    pub sabacc: sabacc::Picker,
    /// The selected row of the move list.
    pub choice: usize,
    /// Any other game: how far the view is scrolled down.
    pub scroll: u16,
    /// Where the record is written.
    pub record_out: Option<PathBuf>,
    /// Whether the record has been written, or why it could not be.
    pub saved: Option<Result<PathBuf, String>>,
    delay: Duration,
    bot_due: Option<Instant>,
    stalled: bool,
    quit: bool,
}

impl App {
    /// The screen for a session; bots wait `delay` before each move.
    pub fn new(session: Session, delay: Duration, record_out: Option<PathBuf>) -> App {
        let text = format!("You sit at seat {}. Press ? for help.", session.human());
        App {
            session,
            input: Input::Keys,
            overlay: None,
            status: Status { text, error: false },
            card: 0,
            abagio: Picker::default(),
            sabacc: sabacc::Picker::default(),
            choice: 0,
            scroll: 0,
            record_out,
            saved: None,
            delay,
            bot_due: None,
            stalled: false,
            quit: false,
        }
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
            let kept = self.selected_card();
            match self.session.auto_step() {
                Some(Ok(applied)) => {
                    self.after(&applied);
                    self.reselect(kept);
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

    /// Called after every action: opens the end-of-round window, saves the record at the
    /// end of the game, keeps the selection inside the hand.
    fn after(&mut self, applied: &Applied) {
        if let (Some(index), false) = (applied.round_end, self.session.is_over()) {
            self.overlay = Some(Overlay::RoundOver(index));
        }
        if let (Some(index), false) = (applied.hand_end, self.session.is_over()) {
            self.overlay = Some(Overlay::HandOver(index));
        }
        if self.session.is_over() && self.saved.is_none() {
            self.status = Status { text: "The game is over.".to_owned(), error: false };
            self.save_record();
        }
        self.clamp_selection();
    }

    /// Writes the record to `--record-out`, if given; remembers the outcome.
    pub fn save_record(&mut self) {
        let Some(path) = self.record_out.clone() else { return };
        let text = self.session.record().to_json_pretty() + "\n";
        self.saved = Some(match std::fs::write(&path, text) {
            Ok(()) => Ok(path),
            Err(e) => Err(format!("could not write the record to {}: {e}", path.display())),
        });
    }

    /// Sabotage: the person's hand, in order.
    pub fn hand(&self) -> Vec<Card> {
        self.session.sabotage_view().map(|v| moves::hand_cards(&v)).unwrap_or_default()
    }

    /// Sabotage: the selected card.
    pub fn selected_card(&self) -> Option<Card> {
        self.hand().get(self.card).copied()
    }

    /// The moves on the list now (empty when the person is not to act).
    pub fn choices(&self) -> Vec<Choice> {
        let legal = self.session.legal();
        match self.session.sabotage_view() {
            Some(view) => moves::sabotage_choices(&view, &legal, self.selected_card()),
            None => moves::generic_choices(legal),
        }
    }

    /// The first row of the list that plays the selected card (after `end`, `draw`…).
    fn first_card_choice(&self) -> usize {
        let choices = self.choices();
        choices.iter().position(|c| c.key.is_none() || c.key == Some('x')).unwrap_or(0)
    }

    /// After the hand changed: selects `card` again if it is still held (a card drawn
    /// moves the others), and its first move.
    fn reselect(&mut self, card: Option<Card>) {
        let hand = self.hand();
        if let Some(index) = card.and_then(|card| hand.iter().position(|&c| c == card)) {
            self.card = index;
        }
        self.choice = self.first_card_choice();
        self.clamp_selection();
    }

    fn clamp_selection(&mut self) {
        let cards = self.hand().len();
        if self.card >= cards {
            self.card = cards.saturating_sub(1);
        }
        let rows = self.choices().len();
        if self.choice >= rows {
            self.choice = self.first_card_choice().min(rows.saturating_sub(1));
        }
    }

    fn select_card(&mut self, index: usize) {
        let cards = self.hand().len();
        if cards == 0 {
            return;
        }
        self.card = index % cards;
        self.choice = self.first_card_choice();
    }

    /// Plays the person's move.
    fn play(&mut self, text: &str) {
        let kept = self.selected_card();
        match self.session.play(text) {
            Ok(applied) => {
                let text = match &applied.said {
                    Some(said) => format!("You {said}."),
                    None => format!("You played {}.", applied.text),
                };
                self.status = Status { text, error: false };
                self.after(&applied);
                self.reselect(kept);
            }
            Err(message) => self.status = Status { text: message, error: true },
        }
    }

    /// Abagio: lets the board's picker react (to a key or a typed line) and does what it
    /// asks. Returns whether it was handled (always false for other games).
    fn on_abagio(
        &mut self,
        react: impl FnOnce(&mut Picker, &tabula_abagio::View, &[String]) -> abagio::Outcome,
    ) -> bool {
        let Some(view) = self.session.abagio_view() else { return false };
        let legal = self.session.legal();
        match react(&mut self.abagio, &view, &legal) {
            abagio::Outcome::Ignored => return false,
            abagio::Outcome::Done => {}
            abagio::Outcome::Play(action) => self.play(&action),
            abagio::Outcome::Say(text, error) => self.status = Status { text, error },
            abagio::Outcome::Waiting => self.status = Status { text: self.waiting_text(), error: false },
        }
        true
    }

    /// Sabacc: lets the table's picker react (to a key or a typed line) and does what it
    /// asks. Returns whether it was handled (always false for other games).
    fn on_sabacc(
        &mut self,
        react: impl FnOnce(&mut sabacc::Picker, &sabacc::Table, &[String]) -> sabacc::Outcome,
    ) -> bool {
        let Some(table) = sabacc::Table::of(&self.session) else { return false };
        let legal = self.session.legal();
        match react(&mut self.sabacc, &table, &legal) {
            sabacc::Outcome::Ignored => return false,
            sabacc::Outcome::Done => {}
            sabacc::Outcome::Play(action) => self.play(&action),
            sabacc::Outcome::Say(text, error) => self.status = Status { text, error },
            sabacc::Outcome::Waiting => self.status = Status { text: self.waiting_text(), error: false },
        }
        true
    }

    /// Reads a line typed in the command line: a move, a number from the list, or
    /// `help` / `quit`.
    fn submit(&mut self, line: &str) {
        let line = line.trim();
        match line.to_ascii_lowercase().as_str() {
            "" => {}
            "q" | "quit" | "exit" => self.ask_quit(),
            "?" | "h" | "help" => self.overlay = Some(Overlay::Help),
            _ if self.session.abagio_view().is_some() => {
                self.on_abagio(|picker, view, legal| picker.on_line(view, legal, line));
            }
            _ if self.session.sabacc_view().is_some() => {
                self.on_sabacc(|picker, table, legal| picker.on_line(table, legal, line));
            }
            _ => {
                let choices = self.choices();
                match line.parse::<usize>() {
                    Ok(n) if (1..=choices.len()).contains(&n) => {
                        let action = choices[n - 1].action.clone();
                        self.play(&action);
                    }
                    Ok(n) if self.session.sabotage_view().is_none() => {
                        self.status = Status {
                            text: format!("there is no move {n}: the list has {}", choices.len()),
                            error: true,
                        };
                    }
                    _ => self.play(line),
                }
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
                KeyCode::Char('?') => self.overlay = Some(Overlay::Help),
                _ => {}
            }
            return;
        }
        if self.on_abagio(|picker, view, legal| picker.on_key(view, legal, key)) {
            return;
        }
        if self.on_sabacc(|picker, table, legal| picker.on_key(table, legal, key)) {
            return;
        }
        match key.code {
            KeyCode::Char('q') => self.ask_quit(),
            KeyCode::Char('?') => self.overlay = Some(Overlay::Help),
            KeyCode::Char(':') | KeyCode::Char('/') | KeyCode::Tab => {
                self.input = Input::Command(String::new())
            }
            KeyCode::Esc => self.status = Status { text: String::new(), error: false },
            KeyCode::Up | KeyCode::Char('k') => self.move_choice(-1),
            KeyCode::Down | KeyCode::Char('j') => self.move_choice(1),
            KeyCode::Enter | KeyCode::Char(' ') => self.play_choice(),
            _ if self.session.sabotage_view().is_some() => self.on_sabotage_key(key),
            _ => self.on_generic_key(key),
        }
    }

    fn on_overlay_key(&mut self, overlay: Overlay, key: KeyEvent) {
        match overlay {
            Overlay::Help => self.overlay = None,
            Overlay::ConfirmQuit => match key.code {
                KeyCode::Char('y') | KeyCode::Char('Y') | KeyCode::Char('q') | KeyCode::Enter => {
                    self.overlay = None;
                    self.quit = true;
                }
                _ => self.overlay = None,
            },
            Overlay::RoundOver(_) => match key.code {
                KeyCode::Char('q') => self.overlay = Some(Overlay::ConfirmQuit),
                KeyCode::Char('?') => self.overlay = Some(Overlay::Help),
                KeyCode::Enter | KeyCode::Char(' ') | KeyCode::Esc => {
                    self.overlay = None;
                    self.status =
                        Status { text: "Next round: the cards are dealt.".to_owned(), error: false };
                }
                _ => {}
            },
            Overlay::HandOver(_) => match key.code {
                KeyCode::Char('q') => self.overlay = Some(Overlay::ConfirmQuit),
                KeyCode::Char('?') => self.overlay = Some(Overlay::Help),
                KeyCode::Enter | KeyCode::Char(' ') | KeyCode::Esc => {
                    self.overlay = None;
                    self.status = Status { text: "Next hand: the cards are dealt.".to_owned(), error: false };
                }
                _ => {}
            },
        }
    }

    fn move_choice(&mut self, step: isize) {
        let rows = self.choices().len();
        if rows == 0 {
            return;
        }
        self.choice = (self.choice as isize + step).rem_euclid(rows as isize) as usize;
    }

    fn play_choice(&mut self) {
        if !self.session.is_human_turn() {
            self.status = Status { text: self.waiting_text(), error: false };
            return;
        }
        match self.choices().get(self.choice) {
            Some(choice) => {
                let action = choice.action.clone();
                self.play(&action);
            }
            None => {
                self.status =
                    Status { text: "Choose a card first (←/→ or 1-9).".to_owned(), error: true };
            }
        }
    }

    /// `Waiting for greedy…`, or why nobody can act.
    pub fn waiting_text(&self) -> String {
        match self.session.turn() {
            tabula_core::Turn::Player(seat) if seat != self.session.human() => {
                format!("Waiting for {}…", self.session.name(seat))
            }
            tabula_core::Turn::Terminal => "The game is over.".to_owned(),
            _ if self.stalled => "The game cannot go on (see the message above).".to_owned(),
            _ => "Dealing…".to_owned(),
        }
    }

    fn on_sabotage_key(&mut self, key: KeyEvent) {
        match key.code {
            KeyCode::Left | KeyCode::Char('h') => {
                let cards = self.hand().len().max(1);
                self.select_card(self.card + cards - 1);
            }
            KeyCode::Right | KeyCode::Char('l') => self.select_card(self.card + 1),
            KeyCode::Char(c @ '1'..='9') => {
                let index = c as usize - '1' as usize;
                if index < self.hand().len() {
                    self.select_card(index);
                } else {
                    self.status =
                        Status { text: format!("You hold {} cards.", self.hand().len()), error: true };
                }
            }
            KeyCode::Char('e') => self.play_word("end"),
            KeyCode::Char('d') => self.play_word("draw"),
            KeyCode::Char('a') => self.play_word("agree"),
            KeyCode::Char('r') => self.play_word("refuse"),
            KeyCode::Char('x') => match self.selected_card() {
                Some(card) => self.play_word(&format!("discard {card}")),
                None => self.status = Status { text: "You hold no card.".to_owned(), error: true },
            },
            _ => {}
        }
    }

    /// A shortcut key's move: refused with the rules' reason when it is not legal now.
    fn play_word(&mut self, action: &str) {
        if self.session.is_human_turn() {
            self.play(action);
        } else {
            self.status = Status { text: self.waiting_text(), error: false };
        }
    }

    fn on_generic_key(&mut self, key: KeyEvent) {
        match key.code {
            KeyCode::Char(c @ '0'..='9') => self.input = Input::Command(c.to_string()),
            KeyCode::PageDown => self.scroll = self.scroll.saturating_add(10),
            KeyCode::PageUp => self.scroll = self.scroll.saturating_sub(10),
            KeyCode::Home => self.scroll = 0,
            _ => {}
        }
    }
}
