//! A game in progress between one person and bots: the state, the bots in the other
//! seats, and the log of what the person's seat has seen.
//!
//! Everything the session tells the screen about other seats comes from the person's
//! view ([`DynState::view`], or the concrete view for Sabotage, Abagio and Sabacc): the
//! log's texts are the view's history entries, so another seat's card drawn reads `card ?`
//! here too.

use serde_json::Value;
use tabula_core::{Candidate, DynBot, DynState, Record, Registry, Turn};
use tabula_sabotage_pipes::{Action, Phase, Roof, RoundResult, View};

use super::{abagio, sabacc, sabotage};

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

/// One action as the person's seat observed it.
#[derive(Debug, Clone, PartialEq)]
pub struct Seen {
    /// Who acted.
    pub actor: Turn,
    /// The action's text as this seat saw it (another seat's card drawn is `card ?`).
    pub text: String,
    /// Sabotage: the round it was played in, from 0.
    pub round: Option<u8>,
}

/// The end of a round of Sabotage, as everyone at the table saw it.
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

/// What applying one action did.
#[derive(Debug, Clone, PartialEq)]
pub struct Applied {
    /// The action's canonical text.
    pub text: String,
    /// Sabotage: the action ended a round (index into [`Session::round_ends`]).
    pub round_end: Option<usize>,
    /// The log line that tells the move, after the player's name, if there is one.
    pub said: Option<String>,
    /// Sabacc: the action ended a hand (index into [`Session::sabacc_hands`]).
    pub hand_end: Option<usize>,
}

/// A game between one person and bots.
pub struct Session {
    state: Box<dyn DynState>,
    human: usize,
    bots: Vec<Option<Box<dyn DynBot>>>,
    names: Vec<String>,
    seats: Vec<String>,
    seen: Vec<Seen>,
    log: Vec<LogLine>,
    round_ends: Vec<RoundEnd>,
    explain: bool,
    sabacc: sabacc::Tracker,
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
            round_ends: Vec::new(),
            explain: config.explain,
            sabacc: sabacc::Tracker::default(),
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

    /// The person's view of Sabotage, when the game is Sabotage.
    pub fn sabotage_view(&self) -> Option<View> {
        sabotage::erased(self.state.as_ref()).map(|erased| erased.concrete_view(self.human))
    }

    /// The person's view of Abagio, when the game is Abagio.
    pub fn abagio_view(&self) -> Option<tabula_abagio::View> {
        abagio::erased(self.state.as_ref()).map(|erased| erased.concrete_view(self.human))
    }

    /// The person's view of Sabacc, when the game is Sabacc.
    pub fn sabacc_view(&self) -> Option<tabula_sabacc::View> {
        sabacc::erased(self.state.as_ref()).map(|erased| erased.concrete_view(self.human))
    }

    /// Sabacc: how each hand ended, the last roll, each seat's last move.
    pub fn sabacc_notes(&self) -> &sabacc::Tracker {
        &self.sabacc
    }

    /// Sabacc: every hand ended so far.
    pub fn sabacc_hands(&self) -> &[sabacc::HandEnd] {
        self.sabacc.hands()
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

    /// Sabotage: every finished round, as the table saw it when it ended.
    pub fn round_ends(&self) -> &[RoundEnd] {
        &self.round_ends
    }

    /// The game record so far, with the person's name and the bots' names.
    pub fn record(&self) -> Record {
        self.state.record(self.seats.clone())
    }

    /// Plays the person's move, given in text notation.
    ///
    /// # Errors
    /// When another seat is to act, or the rules refuse the move (the message says why).
    pub fn play(&mut self, text: &str) -> Result<Applied, String> {
        match self.turn() {
            Turn::Player(seat) if seat == self.human => {}
            Turn::Player(seat) => return Err(format!("it is {}'s turn, not yours", self.name(seat))),
            Turn::Chance => return Err("a card is being dealt or drawn: wait a moment".to_owned()),
            Turn::Terminal => return Err("the game is over".to_owned()),
        }
        let actor = self.turn();
        self.apply_with(actor, |state| state.apply(text).map_err(|e| e.to_string()))
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
                if applied.is_ok() && self.explain {
                    self.explain_move(seat);
                }
                Some(applied)
            }
        }
    }

    /// Logs the candidates the bot in `seat` weighed for its last move.
    fn explain_move(&mut self, seat: usize) {
        let Some(bot) = self.bots.get(seat).and_then(Option::as_ref) else { return };
        let text = match bot.last_explanation() {
            Some(candidates) => explanation_text(&candidates),
            None => "(this bot does not search: nothing to explain)".to_owned(),
        };
        self.log.push(LogLine { seat: Some(seat), text });
    }

    fn apply_with(
        &mut self,
        actor: Turn,
        apply: impl FnOnce(&mut dyn DynState) -> Result<String, String>,
    ) -> Result<Applied, String> {
        let before = self.sabotage_view();
        let abagio_before = self.abagio_view();
        let sabacc_before = sabacc::Before::capture(self.state.as_ref(), self.human);
        let logged = self.log.len();
        let canonical = apply(self.state.as_mut())?;
        let text = self.last_seen_text().unwrap_or_else(|| canonical.clone());
        let mut applied = Applied { text: canonical, round_end: None, said: None, hand_end: None };
        match before {
            Some(before) => {
                self.note_sabotage(actor, &text, &before, &mut applied);
                self.seen.push(Seen { actor, text, round: Some(before.round) });
            }
            None if abagio_before.is_some() => {
                if let (Some(before), Some(after)) = (abagio_before, self.abagio_view()) {
                    let lines = abagio::log_lines(&before, &after, actor, &text, self.human, &self.names);
                    self.log.extend(lines);
                }
                self.seen.push(Seen { actor, text, round: None });
            }
            None if sabacc_before.is_some() => {
                if let Some(before) = sabacc_before {
                    let noted = self.sabacc.note(
                        before,
                        self.state.as_ref(),
                        actor,
                        &text,
                        &applied.text,
                        &self.names,
                    );
                    self.log.extend(noted.lines);
                    applied.hand_end = noted.hand_end;
                }
                self.seen.push(Seen { actor, text, round: None });
            }
            None => {
                let line = match actor {
                    Turn::Player(seat) => LogLine { seat: Some(seat), text: text.clone() },
                    _ => LogLine { seat: None, text: format!("chance: {text}") },
                };
                self.log.push(line);
                if self.is_over() {
                    let returns = self.state.returns();
                    let parts: Vec<String> =
                        returns.iter().enumerate().map(|(s, r)| format!("{} {r}", self.name(s))).collect();
                    self.log.push(LogLine { seat: None, text: format!("game over: {}", parts.join(", ")) });
                }
                self.seen.push(Seen { actor, text, round: None });
            }
        }
        applied.said =
            self.log[logged..].iter().find(|line| line.seat == actor.player()).map(|line| line.text.clone());
        Ok(applied)
    }

    /// The last entry of the person's history: the action as this seat saw it.
    fn last_seen_text(&self) -> Option<String> {
        let view = self.state.view(self.human).ok()?;
        let last = view.get("history")?.as_array()?.last()?;
        last.get("action")?.as_str().map(str::to_owned)
    }

    /// Sabotage's log lines and round ends for an action seen as `text`, from the view
    /// before it and after it.
    fn note_sabotage(&mut self, actor: Turn, text: &str, before: &View, applied: &mut Applied) {
        let Some(after) = self.sabotage_view() else { return };
        let action = Action::parse(text).ok();
        match actor {
            Turn::Chance if before.phase == Phase::Deal => {
                if before.hand_sizes.iter().all(|&n| n == 0) {
                    let dealer = before.dealer as usize;
                    let line = format!(
                        "round {} of {}: {} {}",
                        before.round + 1,
                        before.rounds,
                        self.name(dealer),
                        self.verb(dealer, "deal")
                    );
                    self.log.push(LogLine { seat: None, text: line });
                }
            }
            Turn::Chance => {
                let line = match action {
                    Some(Action::Deal(card)) => {
                        format!("{} {card}", self.verb(before.to_move as usize, "draw"))
                    }
                    _ => format!("{} a card", self.verb(before.to_move as usize, "draw")),
                };
                self.log.push(LogLine { seat: Some(before.to_move as usize), text: line });
            }
            Turn::Player(seat) => {
                let human_team = self.human % 2;
                let roof_name =
                    |roof: usize| if roof == human_team { "your roof" } else { "their roof" }.to_owned();
                let players = before.players as usize;
                if let Some(line) = action.and_then(|a| {
                    sabotage::describe(&before.roofs, players, seat, a, &roof_name, seat == self.human)
                }) {
                    self.log.push(LogLine { seat: Some(seat), text: line });
                }
            }
            Turn::Terminal => {}
        }
        if after.results.len() > before.results.len() {
            let Some(&result) = after.results.as_slice().last() else { return };
            let roofs = match (actor, action) {
                (Turn::Player(seat), Some(action)) => sabotage::roofs_after(&before.roofs, seat, action),
                _ => before.roofs,
            };
            self.round_ends.push(RoundEnd {
                round: before.round as usize,
                roofs,
                result,
                totals: after.totals,
            });
            applied.round_end = Some(self.round_ends.len() - 1);
            let team_name = |team: usize| self.team_name(team);
            let closer = match result.closer {
                Some(seat) => format!("; {} ended it (−1)", self.name(seat as usize)),
                None => "; the cards ran out".to_owned(),
            };
            let (own, other) = (self.human % 2, 1 - self.human % 2);
            let line = format!(
                "round {} over: {} {}, {} {}{closer}",
                before.round + 1,
                team_name(own),
                result.points[own],
                team_name(other),
                result.points[other]
            );
            self.log.push(LogLine { seat: None, text: line });
        }
    }

    /// A verb for a seat: `draw` for the person (`you draw`), `draws` for the others.
    pub fn verb(&self, seat: usize, base: &str) -> String {
        if seat == self.human { base.to_owned() } else { format!("{base}s") }
    }

    /// A team's name on screen: the seat's name with two players, `your team` /
    /// `their team` with four.
    pub fn team_name(&self, team: usize) -> String {
        if self.names.len() == 2 {
            self.name(team).to_owned()
        } else if team == self.human % 2 {
            "your team".to_owned()
        } else {
            "their team".to_owned()
        }
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
