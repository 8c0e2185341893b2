//! A game in progress between one person and bots: the state, the bots in the other
//! seats, what the person's seat has seen, and the log.
//!
//! The session knows no game: it applies actions and keeps the log that the game's screen
//! ([`super::screen::GameScreen::observe`]) writes from the person's views. Everything it
//! tells of other seats comes from the person's view: an action's text is the view's
//! history entry, so another seat's card drawn reads `card ?` here too.

use serde_json::Value;
use tabula_core::{Candidate, DynBot, DynState, Record, Registry, Turn};

/// What a session is made from: the command's arguments, read.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// The game id.
    pub game: String,
    /// The game options (a JSON object).
    pub options: Value,
    /// The person's seat.
    pub seat: usize,
    /// The bot in every other seat.
    pub bot: String,
    /// The bot's options (a JSON object).
    pub bot_options: Value,
    /// The seed of the chance generator; the bots' seeds derive from it.
    pub seed: u64,
    /// The person's name in the record.
    pub name: String,
    /// Whether to log, after each bot move, the candidates its search weighed.
    pub explain: bool,
}

/// One line of the log.
#[derive(Debug, Clone, PartialEq)]
pub struct LogLine {
    /// The seat the line is about (its name starts the line), or none for the table's events.
    pub seat: Option<usize>,
    /// The text after the seat's name.
    pub text: String,
}

/// The log's lines for a game's own telling of an action ([`tabula_core::Game::narrate`]),
/// told to the person at seat `human` (none when `human` is no seat: a text replay).
pub fn told(said: &[tabula_core::Said], names: &[String], human: usize) -> Vec<LogLine> {
    let you = (human < names.len()).then_some(human);
    said.iter().map(|s| LogLine { seat: s.seat, text: s.words(names, you) }).collect()
}

/// One action as the person's seat observed it.
#[derive(Debug, Clone, PartialEq)]
pub struct Seen {
    /// Who acted.
    pub actor: Turn,
    /// The action's text as this seat saw it (another seat's card drawn is `card ?`).
    pub text: String,
}

/// One action applied: what the game's screen needs to tell it.
pub struct Applied {
    /// The state before the action (the screen reads the person's view of it, never more).
    pub before: Box<dyn DynState>,
    /// Who acted.
    pub actor: Turn,
    /// The action as the person's seat saw it.
    pub seen: String,
    /// The action's canonical text.
    pub played: String,
    /// With `--explain`, after a bot's move: the moves its search weighed.
    pub explanation: Option<LogLine>,
}

/// A game between one person and bots (or, in the replay viewer, a record replayed from
/// one seat).
pub struct Session {
    state: Box<dyn DynState>,
    human: usize,
    bots: Vec<Option<Box<dyn DynBot>>>,
    names: Vec<String>,
    seats: Vec<String>,
    seen: Vec<Seen>,
    log: Vec<LogLine>,
    explain: bool,
    opponent: Option<String>,
    /// A record replayed in the viewer rather than a game being played: nobody waits.
    replay: bool,
}

/// Each bot's seed: distinct per seat, fixed by the session's seed.
fn bot_seed(seed: u64, seat: usize) -> u64 {
    seed ^ 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(seat as u64 + 1)
}

impl Session {
    /// A new game: the person at `config.seat`, the bot everywhere else.
    ///
    /// # Errors
    /// An unknown game or bot, bad options, or a seat the game does not have.
    pub fn new(registry: &Registry, config: &Config) -> Result<Session, String> {
        let game = registry.make(&config.game, &config.options).map_err(|e| e.to_string())?;
        let players = game.num_players();
        if config.seat >= players {
            return Err(format!(
                "there is no seat {}: {} has seats 0 to {}",
                config.seat,
                game.canonical(),
                players - 1
            ));
        }
        let mut bots = Vec::with_capacity(players);
        let mut names = Vec::with_capacity(players);
        let mut seats = Vec::with_capacity(players);
        for seat in 0..players {
            if seat == config.seat {
                bots.push(None);
                names.push("you".to_owned());
                seats.push(config.name.clone());
            } else {
                let bot = registry.make_bot(
                    &config.game,
                    &config.bot,
                    &config.bot_options,
                    bot_seed(config.seed, seat),
                )?;
                names.push(if players == 2 { config.bot.clone() } else { format!("{}-{seat}", config.bot) });
                seats.push(bot.name());
                bots.push(Some(bot));
            }
        }
        Ok(Session {
            state: game.new_state(config.seed),
            human: config.seat,
            bots,
            names,
            seats,
            seen: Vec::new(),
            log: Vec::new(),
            explain: config.explain,
            opponent: Some(config.bot.clone()),
            replay: false,
        })
    }

    /// A record's game at its start, seen from `seat` (called `you`, the other seats by
    /// `names`), with no bots: [`Session::apply_next`] plays the record's actions.
    ///
    /// # Errors
    /// An unknown game, bad options, or a seat the game does not have.
    pub fn replay(
        registry: &Registry,
        record: &Record,
        seat: usize,
        names: &[String],
    ) -> Result<Session, String> {
        let game = registry.make(&record.game, &record.options).map_err(|e| e.to_string())?;
        let players = game.num_players();
        if seat >= players {
            return Err(format!(
                "there is no seat {seat}: {} has seats 0 to {}",
                game.canonical(),
                players - 1
            ));
        }
        let names = (0..players)
            .map(|p| {
                if p == seat {
                    "you".to_owned()
                } else {
                    names.get(p).cloned().unwrap_or_else(|| format!("seat {p}"))
                }
            })
            .collect();
        Ok(Session {
            state: game.new_state(record.seed.unwrap_or(0)),
            human: seat,
            bots: (0..players).map(|_| None).collect(),
            names,
            seats: record.seats.clone(),
            seen: Vec::new(),
            log: Vec::new(),
            explain: false,
            opponent: None,
            replay: true,
        })
    }

    /// The game in progress (for what the person may see, use the views).
    pub fn state(&self) -> &dyn DynState {
        self.state.as_ref()
    }

    /// The person's seat.
    pub fn human(&self) -> usize {
        self.human
    }

    /// A seat's name on screen.
    pub fn name(&self, seat: usize) -> &str {
        self.names.get(seat).map_or("?", String::as_str)
    }

    /// The bot (or level) in the other seats, as the person chose it; `None` in a replay.
    pub fn opponent(&self) -> Option<&str> {
        self.opponent.as_deref()
    }

    /// Every seat's name on screen.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The seed of the chance generator.
    pub fn seed(&self) -> u64 {
        self.state.seed()
    }

    /// Who acts now.
    pub fn turn(&self) -> Turn {
        self.state.turn()
    }

    /// Whether the person is to act.
    pub fn is_human_turn(&self) -> bool {
        self.turn() == Turn::Player(self.human)
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.state.is_terminal()
    }

    /// The person's legal actions (empty when another seat or chance is to act).
    pub fn legal(&self) -> Vec<String> {
        if self.is_human_turn() { self.state.legal_actions() } else { Vec::new() }
    }

    /// The person's view as JSON (`{"player","view","history"}`).
    pub fn view_json(&self) -> Value {
        self.state.view(self.human).unwrap_or(Value::Null)
    }

    /// Every action so far, as the person's seat saw it.
    pub fn seen(&self) -> &[Seen] {
        &self.seen
    }

    /// The log, oldest first.
    pub fn log(&self) -> &[LogLine] {
        &self.log
    }

    /// Adds lines to the log.
    pub fn extend_log(&mut self, lines: impl IntoIterator<Item = LogLine>) {
        self.log.extend(lines);
    }

    /// The game record so far, with the person's name and the bots' names.
    pub fn record(&self) -> Record {
        self.state.record(self.seats.clone())
    }

    /// Whether this is a record replayed in the viewer (nobody is waited for).
    pub fn is_replay(&self) -> bool {
        self.replay
    }

    /// `Waiting for greedy…`, or why nobody can act; in a replay, who plays next.
    pub fn waiting_text(&self) -> String {
        if self.replay {
            return match self.turn() {
                Turn::Player(seat) => {
                    format!("Next: {} to play (→ shows the move).", self.name(seat))
                }
                Turn::Chance => "Next: chance, a roll or a card (→ shows it).".to_owned(),
                Turn::Terminal => "The game is over.".to_owned(),
            };
        }
        match self.turn() {
            Turn::Player(seat) if seat != self.human => format!("Waiting for {}…", self.name(seat)),
            Turn::Terminal => "The game is over.".to_owned(),
            _ => "Dealing…".to_owned(),
        }
    }

    /// A verb for a seat: `draw` for the person (`you draw`), `draws` for the others.
    pub fn verb(&self, seat: usize, base: &str) -> String {
        if seat == self.human { base.to_owned() } else { format!("{base}s") }
    }

    /// Plays the person's move, given in text notation.
    ///
    /// # Errors
    /// When another seat is to act, or the rules refuse the move (the message says why).
    pub fn play(&mut self, text: &str) -> Result<Applied, String> {
        self.check_turn()?;
        let actor = self.turn();
        self.apply_with(actor, |state| state.apply(text).map_err(|e| e.to_string()))
    }

    /// Checks the person's moves in order, all or none, on a copy of the game: `Ok` when
    /// the rules accept each one after the ones before it (then [`Session::play`] plays
    /// them one by one).
    ///
    /// # Errors
    /// When another seat is to act, or the rules refuse one of the moves (the message
    /// starts with it: `14/8: ...`), or the turn passes to another seat before the last one.
    pub fn check_all(&self, texts: &[String]) -> Result<(), String> {
        self.check_turn()?;
        let mut trial = self.state.clone_box();
        for (i, text) in texts.iter().enumerate() {
            if i > 0 && trial.turn() != Turn::Player(self.human) {
                let played: Vec<&str> = texts[..i].iter().map(String::as_str).collect();
                return Err(format!("after {} your turn is over: `{text}` cannot follow", played.join(" ")));
            }
            trial.apply(text).map_err(|e| format!("{text}: {e}"))?;
        }
        Ok(())
    }

    fn check_turn(&self) -> Result<(), String> {
        match self.turn() {
            Turn::Player(seat) if seat == self.human => Ok(()),
            Turn::Player(seat) => Err(format!("it is {}'s turn, not yours", self.name(seat))),
            Turn::Chance => Err("a card is being dealt or the dice rolled: wait a moment".to_owned()),
            Turn::Terminal => Err("the game is over".to_owned()),
        }
    }

    /// Plays what is due when the person is not to act: a chance outcome from the seeded
    /// generator, or a bot's move. Returns `None` when the person is to act or the game
    /// is over.
    ///
    /// # Errors
    /// A bot that cannot choose, or a move of a bot that the rules refuse.
    pub fn auto_step(&mut self) -> Option<Result<Applied, String>> {
        let actor = self.turn();
        match actor {
            Turn::Terminal => None,
            Turn::Player(seat) if seat == self.human => None,
            Turn::Chance => {
                Some(self.apply_with(actor, |state| state.sample_chance().map_err(|e| e.to_string())))
            }
            Turn::Player(seat) => {
                let name = self.name(seat).to_owned();
                let choice = match self.bots.get_mut(seat).and_then(Option::as_mut) {
                    Some(bot) => bot.choose(self.state.as_ref()),
                    None => Err(format!("no bot sits at seat {seat}")),
                };
                let applied = match choice {
                    Ok(text) => self.apply_with(actor, |state| {
                        state
                            .apply(&text)
                            .map_err(|e| format!("{name} tried `{text}`, which was refused: {e}"))
                    }),
                    Err(e) => Err(format!("{name} could not choose a move: {e}")),
                };
                Some(applied.map(|mut applied| {
                    if self.explain {
                        applied.explanation = Some(self.explanation(seat));
                    }
                    applied
                }))
            }
        }
    }

    /// Applies the next action of a record, whoever is to act (the replay viewer).
    ///
    /// # Errors
    /// An action the rules refuse.
    pub fn apply_next(&mut self, text: &str) -> Result<Applied, String> {
        let actor = self.turn();
        self.apply_with(actor, |state| state.apply(text).map_err(|e| e.to_string()))
    }

    /// The candidates the bot in `seat` weighed for its last move, as a log line.
    fn explanation(&self, seat: usize) -> LogLine {
        let text = match self.bots.get(seat).and_then(Option::as_ref).and_then(|bot| bot.last_explanation()) {
            Some(candidates) => explanation_text(&candidates),
            None => "(this bot does not search: nothing to explain)".to_owned(),
        };
        LogLine { seat: Some(seat), text }
    }

    fn apply_with(
        &mut self,
        actor: Turn,
        apply: impl FnOnce(&mut dyn DynState) -> Result<String, String>,
    ) -> Result<Applied, String> {
        let before = self.state.clone_box();
        let played = apply(self.state.as_mut())?;
        let seen = self.last_seen_text().unwrap_or_else(|| played.clone());
        self.seen.push(Seen { actor, text: seen.clone() });
        Ok(Applied { before, actor, seen, played, explanation: None })
    }

    /// The last entry of the person's history: the action as this seat saw it.
    fn last_seen_text(&self) -> Option<String> {
        let view = self.state.view(self.human).ok()?;
        let last = view.get("history")?.as_array()?.last()?;
        last.get("action")?.as_str().map(str::to_owned)
    }
}

/// The top candidates of a search, as one log line: `weighed draw 812× +0.31 · end 188× −0.12`.
pub fn explanation_text(candidates: &[Candidate]) -> String {
    if candidates.len() == 1 && candidates[0].visits == 0 {
        return format!("weighed nothing: `{}` was the only move", candidates[0].action);
    }
    let parts: Vec<String> = candidates
        .iter()
        .take(4)
        .map(|c| format!("{} {}× {}", c.action, c.visits, format!("{:+.2}", c.value).replace('-', "−")))
        .collect();
    format!("weighed {}", parts.join(" · "))
}
