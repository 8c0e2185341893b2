//! The thin type-erased layer over every registered game, for the CLI, the engine
//! protocol, the server and Python: actions as text, views and states as JSON, and for
//! learning agents each seat's observation tensor and the legal action mask.
//!
//! An [`ErasedState`] is a game in progress: the generic state plus its history (every
//! action, and how each seat observed it), the seed and the seeded generator that samples
//! chance outcomes. It is the single place where views are made for other programs, so a
//! seat's JSON view never holds anything [`Game::view`] and [`Game::observe_action`] hide.

use std::any::Any;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use serde_json::{Value, json};

use crate::error::{ActionError, Illegal, OptionsError, ParseActionError, SetupError, quote};
use crate::game::{Game, Said, Turn, sample_chance};
use crate::options::Options;
use crate::record::Record;
use crate::spec::GameSpec;

/// A game with its options, type-erased.
pub trait DynGame: Send + Sync {
    /// What the game declares about itself.
    fn spec(&self) -> &'static GameSpec;
    /// The complete options.
    fn options(&self) -> Options;
    /// The canonical string, e.g. `sabotage-pipes(players=2,demontage=true,rounds=4)`.
    fn canonical(&self) -> String {
        self.options().canonical()
    }
    /// The number of seats.
    fn num_players(&self) -> usize;
    /// The size of the action index space.
    fn num_distinct_actions(&self) -> usize;
    /// An upper bound on the number of actions in a game.
    fn max_game_length(&self) -> usize;
    /// The unit of the returns with these options ([`Game::return_unit`]).
    fn return_unit(&self) -> f64;
    /// The shape of a seat's observation tensor ([`Game::observation_shape`]).
    fn observation_shape(&self) -> Vec<usize>;
    /// The private channel `seat` may talk on with its team-mates ([`Game::team_channel`]).
    fn team_channel(&self, seat: usize) -> Option<usize>;
    /// A new game at its initial state; `seed` seeds the chance generator.
    fn new_state(&self, seed: u64) -> Box<dyn DynState>;
    /// A game at the position given as state JSON, checked by the rules. The position has
    /// no history.
    ///
    /// # Errors
    /// JSON that is not a state of this game, or a state that breaks a rule (all listed).
    fn load_state(&self, state: &Value, seed: u64) -> Result<Box<dyn DynState>, SetupError>;
}

/// A game in progress, type-erased.
pub trait DynState: Send + Sync {
    /// A copy of this game in progress.
    fn clone_box(&self) -> Box<dyn DynState>;
    /// For bots: access to the concrete [`ErasedState`].
    fn as_any(&self) -> &dyn Any;
    /// The game.
    fn game(&self) -> &dyn DynGame;
    /// Who acts now.
    fn turn(&self) -> Turn;
    /// The legal actions in text notation (at a chance node, the outcomes).
    fn legal_actions(&self) -> Vec<String>;
    /// The indices of the legal actions.
    fn legal_indices(&self) -> Vec<usize>;
    /// At a chance node, each outcome's text and probability; otherwise empty.
    fn chance_outcomes(&self) -> Vec<(String, f64)>;
    /// Reads an action's text and returns its canonical text and index, without playing it.
    ///
    /// # Errors
    /// Unreadable text.
    fn parse(&self, text: &str) -> Result<(String, usize), ActionError>;
    /// The text of the action with this index.
    ///
    /// # Errors
    /// An index outside `0..num_distinct_actions`.
    fn index_text(&self, index: usize) -> Result<String, ActionError>;
    /// Applies an action given as text (at a chance node: forces that outcome) and returns
    /// its canonical text. A refused action changes nothing.
    ///
    /// # Errors
    /// Unreadable text, or an action the rules forbid now (the sentence names the rule).
    fn apply(&mut self, text: &str) -> Result<String, ActionError>;
    /// From now on, each action's history entry holds what it did in words for each seat
    /// and for a spectator (`"said"`: [`Game::narrate`]'s lines), as a table shows them. Off
    /// by default: it costs every seat's view at every action.
    fn narrate(&mut self);
    /// As [`DynState::apply`], by index.
    ///
    /// # Errors
    /// As [`DynState::apply`], or an index out of range.
    fn apply_index(&mut self, index: usize) -> Result<String, ActionError>;
    /// Samples the chance outcome from the seeded generator, applies it and returns its text.
    ///
    /// # Errors
    /// When the state is not a chance node.
    fn sample_chance(&mut self) -> Result<String, Illegal>;
    /// A full state sampled from seat `player`'s view alone ([`Game::determinize`]), drawn
    /// with `seed`, as a position without history (as [`DynGame::load_state`] gives one):
    /// what a search over hidden information plays on. What the seat does not see is
    /// invented by the sampling, never read from this state.
    ///
    /// # Errors
    /// A seat outside `0..num_players`.
    fn determinize(&self, player: usize, seed: u64) -> Result<Box<dyn DynState>, Illegal>;
    /// Writes seat `player`'s observation tensor, from its view ([`Game::write_observation`]),
    /// into `out`, whose length is the product of [`DynGame::observation_shape`].
    ///
    /// # Errors
    /// A seat outside `0..num_players`, or a buffer of another length.
    fn observation(&self, player: usize, out: &mut [f32]) -> Result<(), Illegal>;
    /// Writes the legal action mask into `out` (length [`DynGame::num_distinct_actions`]):
    /// true exactly at the indices of the legal actions of the seat to act; all false at a
    /// chance node or a terminal state ([`Game::legal_action_mask`]).
    ///
    /// # Errors
    /// A buffer of another length.
    fn legal_action_mask(&self, out: &mut [bool]) -> Result<(), Illegal>;
    /// Seat `player`'s view as JSON: `{"player", "view", "history"}`, where the history
    /// lists every action as that seat observed it.
    ///
    /// # Errors
    /// A seat outside `0..num_players`.
    fn view(&self, player: usize) -> Result<Value, Illegal>;
    /// What every seat sees, for a spectator: `{"view", "history"}`, the game's public view
    /// ([`Game::public_view`]) and the history where an action every seat observed alike
    /// shows that text and any other shows `null`.
    fn public_view(&self) -> Value;
    /// The public view alone, without the history (a server sending it after every action).
    fn spectator_view(&self) -> Value;
    /// Seat `player`'s view alone, without the history: `view(player)["view"]`, cheaper
    /// where the history is kept elsewhere (a server sending it after every action).
    ///
    /// # Errors
    /// A seat outside `0..num_players`.
    fn seat_view(&self, player: usize) -> Result<Value, Illegal>;
    /// Entry `index` of the history as `observer` saw it (`None`: the public entry, as
    /// [`DynState::public_view`] gives it); `None` past the end.
    fn history_entry(&self, index: usize, observer: Option<usize>) -> Option<Value>;
    /// The number of actions applied so far, chance outcomes included.
    fn history_len(&self) -> usize;
    /// The referee's view: the full state and the full history.
    fn referee_view(&self) -> Value;
    /// The full state as JSON (what [`DynGame::load_state`] reads).
    fn state_json(&self) -> Value;
    /// Each seat's return (final at a terminal state).
    fn returns(&self) -> Vec<f64>;
    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.turn() == Turn::Terminal
    }
    /// Every action applied so far, in canonical text.
    fn history(&self) -> Vec<String>;
    /// The seed of the chance generator.
    fn seed(&self) -> u64;
    /// The game record so far, with these seat names.
    fn record(&self, seats: Vec<String>) -> Record;
}

impl Clone for Box<dyn DynState> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// A concrete game behind [`DynGame`].
#[derive(Debug, Clone)]
pub struct ErasedGame<G: Game>(pub G);

impl<G: Game> ErasedGame<G> {
    /// Wraps a game.
    pub fn boxed(game: G) -> Box<dyn DynGame> {
        Box::new(ErasedGame(game))
    }

    /// Makes the game from options, for a registry entry.
    ///
    /// # Errors
    /// As [`Game::new`].
    pub fn make(options: &Options) -> Result<Box<dyn DynGame>, OptionsError> {
        Ok(Self::boxed(G::new(options)?))
    }
}

impl<G: Game> DynGame for ErasedGame<G> {
    fn spec(&self) -> &'static GameSpec {
        G::spec()
    }
    fn options(&self) -> Options {
        self.0.options()
    }
    fn num_players(&self) -> usize {
        self.0.num_players()
    }
    fn num_distinct_actions(&self) -> usize {
        self.0.num_distinct_actions()
    }
    fn max_game_length(&self) -> usize {
        self.0.max_game_length()
    }
    fn return_unit(&self) -> f64 {
        self.0.return_unit()
    }
    fn observation_shape(&self) -> Vec<usize> {
        self.0.observation_shape()
    }
    fn team_channel(&self, seat: usize) -> Option<usize> {
        self.0.team_channel(seat)
    }
    fn new_state(&self, seed: u64) -> Box<dyn DynState> {
        Box::new(ErasedState::new(self.0.clone(), seed))
    }
    fn load_state(&self, state: &Value, seed: u64) -> Result<Box<dyn DynState>, SetupError> {
        let state = read_position(&self.0, state)?;
        let mut erased = ErasedState::new(self.0.clone(), seed);
        erased.state = state;
        Ok(Box::new(erased))
    }
}

/// A position of `game` read from its JSON: strictly (a field the state does not have is
/// refused, never skipped), then checked by the rules ([`Game::validate`]).
///
/// # Errors
/// JSON that is not a position of the game, or a position the rules refuse (every problem).
pub fn read_position<G: Game>(game: &G, state: &Value) -> Result<G::State, SetupError> {
    let id = G::spec().id;
    let raw: G::State = serde_json::from_value(state.clone()).map_err(|e| {
        SetupError::one(format!("this is not a valid {id} position: {}", quote(&e.to_string())))
    })?;
    let unknown = crate::strict::unknown_fields(state, &to_json(&raw), 5);
    if !unknown.is_empty() {
        let problems = unknown.iter().map(|path| format!("a {id} position has no field `{path}`")).collect();
        return Err(SetupError { problems });
    }
    game.validate(raw)
}

/// One action in the history, with how each seat saw it.
#[derive(Debug, Clone)]
struct Entry<A> {
    actor: Turn,
    action: A,
    observed: Vec<String>,
    /// What it did in words for each seat, then for a spectator ([`Game::narrate`]), when
    /// the state narrates.
    said: Option<Vec<Vec<Said>>>,
}

/// A concrete game in progress behind [`DynState`].
#[derive(Debug, Clone)]
pub struct ErasedState<G: Game> {
    game: ErasedGame<G>,
    state: G::State,
    history: Vec<Entry<G::Action>>,
    seed: u64,
    /// Each seat's view, then the public one, as of now: kept while the state narrates.
    views: Option<Vec<G::View>>,
}

impl<G: Game> ErasedState<G> {
    /// A new game from the initial state.
    pub fn new(game: G, seed: u64) -> Self {
        let state = game.initial_state();
        ErasedState { game: ErasedGame(game), state, history: Vec::new(), seed, views: None }
    }

    /// Every seat's view, then the public view.
    fn all_views(&self) -> Vec<G::View> {
        let game = &self.game.0;
        let mut views: Vec<G::View> = (0..game.num_players()).map(|p| game.view(&self.state, p)).collect();
        views.push(game.public_view(&self.state));
        views
    }

    /// The concrete game.
    pub fn concrete_game(&self) -> &G {
        &self.game.0
    }

    /// The concrete state (for bots: use [`ErasedState::concrete_view`] instead).
    pub fn concrete_state(&self) -> &G::State {
        &self.state
    }

    /// Seat `player`'s concrete view.
    pub fn concrete_view(&self, player: usize) -> G::View {
        self.game.0.view(&self.state, player)
    }

    /// Applies a concrete action after checking it.
    ///
    /// # Errors
    /// As [`Game::check`]; the state is unchanged.
    pub fn apply_action(&mut self, action: G::Action) -> Result<String, Illegal> {
        let game = &self.game.0;
        game.check(&self.state, action)?;
        let actor = game.turn(&self.state);
        let observed: Vec<String> =
            (0..game.num_players()).map(|seat| game.observe_action(&self.state, action, seat)).collect();
        game.play_unchecked(&mut self.state, action);
        let said = match self.views.take() {
            None => None,
            Some(before) => {
                let after = self.all_views();
                // A spectator reads the step as a seat that was not shown it in full did
                // (`card ?`, `plan ?`): never more than some seat saw.
                let full = game.action_text(action);
                let public = observed
                    .first()
                    .filter(|t| observed.iter().all(|o| o == *t))
                    .or_else(|| observed.iter().find(|o| **o != full));
                let said = before
                    .iter()
                    .zip(&after)
                    .enumerate()
                    .map(|(o, (b, a))| {
                        let seen = observed.get(o).or(public).map(String::as_str);
                        self.game.0.narrate(b, a, actor, seen)
                    })
                    .collect();
                self.views = Some(after);
                Some(said)
            }
        };
        let game = &self.game.0;
        self.history.push(Entry { actor, action, observed, said });
        Ok(game.action_text(action))
    }

    fn history_json(&self, observer: Option<usize>) -> Vec<Value> {
        self.history
            .iter()
            .map(|e| {
                let action = match observer {
                    Some(seat) => e.observed[seat].clone(),
                    None => self.game.0.action_text(e.action),
                };
                json!({ "actor": actor_json(e.actor), "action": action })
            })
            .collect()
    }

    /// An entry as every seat saw it alike: the text all observed, else `null`.
    fn public_entry(e: &Entry<G::Action>) -> Value {
        let first = e.observed.first();
        let action = match first {
            Some(text) if e.observed.iter().all(|o| o == text) => Value::from(text.clone()),
            _ => Value::Null,
        };
        json!({ "actor": actor_json(e.actor), "action": action })
    }
}

fn actor_json(turn: Turn) -> Value {
    match turn {
        Turn::Player(p) => json!(p),
        Turn::Chance => json!("chance"),
        Turn::Terminal => json!(null),
    }
}

fn to_json<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("game types serialize to JSON")
}

impl<G: Game> DynState for ErasedState<G> {
    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn game(&self) -> &dyn DynGame {
        &self.game
    }
    fn turn(&self) -> Turn {
        self.game.0.turn(&self.state)
    }
    fn legal_actions(&self) -> Vec<String> {
        let mut actions = Vec::new();
        self.game.0.legal_actions(&self.state, &mut actions);
        actions.into_iter().map(|a| self.game.0.action_text(a)).collect()
    }
    fn legal_indices(&self) -> Vec<usize> {
        let mut actions = Vec::new();
        self.game.0.legal_actions(&self.state, &mut actions);
        actions.into_iter().map(|a| self.game.0.action_index(a)).collect()
    }
    fn chance_outcomes(&self) -> Vec<(String, f64)> {
        let mut outcomes = Vec::new();
        self.game.0.chance_outcomes(&self.state, &mut outcomes);
        outcomes.into_iter().map(|(a, p)| (self.game.0.action_text(a), p)).collect()
    }
    fn parse(&self, text: &str) -> Result<(String, usize), ActionError> {
        let action = self.game.0.parse_action(ParseActionError::screen(text)?)?;
        Ok((self.game.0.action_text(action), self.game.0.action_index(action)))
    }
    fn index_text(&self, index: usize) -> Result<String, ActionError> {
        let limit = self.game.0.num_distinct_actions();
        let action = self.game.0.action_from_index(index).ok_or(ActionError::BadIndex { index, limit })?;
        Ok(self.game.0.action_text(action))
    }
    fn apply(&mut self, text: &str) -> Result<String, ActionError> {
        let action = self.game.0.parse_action(ParseActionError::screen(text)?)?;
        Ok(self.apply_action(action)?)
    }
    fn narrate(&mut self) {
        if self.views.is_none() {
            self.views = Some(self.all_views());
        }
    }
    fn apply_index(&mut self, index: usize) -> Result<String, ActionError> {
        let limit = self.game.0.num_distinct_actions();
        let action = self.game.0.action_from_index(index).ok_or(ActionError::BadIndex { index, limit })?;
        Ok(self.apply_action(action)?)
    }
    fn sample_chance(&mut self) -> Result<String, Illegal> {
        if self.turn() != Turn::Chance {
            return Err(Illegal::new("no chance outcome is due: a player is to act or the game is over"));
        }
        // A fresh stream per position in the game: the outcome at action k depends only on
        // the seed and k, so a game loaded from its record samples what the original would.
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_stream(self.history.len() as u64);
        let mut buffer = Vec::new();
        let action = sample_chance(&self.game.0, &self.state, &mut buffer, &mut rng);
        self.apply_action(action)
    }
    fn determinize(&self, player: usize, seed: u64) -> Result<Box<dyn DynState>, Illegal> {
        let game = &self.game.0;
        let n = game.num_players();
        if player >= n {
            return Err(Illegal::new(format!("there is no seat {player}: seats are 0 to {}", n - 1)));
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut sampled = ErasedState::new(game.clone(), seed);
        sampled.state = game.determinize(&game.view(&self.state, player), &mut rng);
        Ok(Box::new(sampled))
    }
    fn observation(&self, player: usize, out: &mut [f32]) -> Result<(), Illegal> {
        let game = &self.game.0;
        let n = game.num_players();
        if player >= n {
            return Err(Illegal::new(format!("there is no seat {player}: seats are 0 to {}", n - 1)));
        }
        let len = crate::observation::shape_len(&game.observation_shape());
        if out.len() != len {
            return Err(Illegal::new(format!(
                "an observation of {} holds {len} values, not {}",
                G::spec().id,
                out.len()
            )));
        }
        game.write_observation(&game.view(&self.state, player), out);
        Ok(())
    }
    fn legal_action_mask(&self, out: &mut [bool]) -> Result<(), Illegal> {
        let game = &self.game.0;
        let len = game.num_distinct_actions();
        if out.len() != len {
            return Err(Illegal::new(format!(
                "the action mask of {} holds {len} entries, not {}",
                G::spec().id,
                out.len()
            )));
        }
        game.legal_action_mask(&self.state, &mut Vec::new(), out);
        Ok(())
    }
    fn public_view(&self) -> Value {
        let history: Vec<Value> = self.history.iter().map(Self::public_entry).collect();
        json!({ "view": to_json(&self.game.0.public_view(&self.state)), "history": history })
    }
    fn spectator_view(&self) -> Value {
        to_json(&self.game.0.public_view(&self.state))
    }
    fn seat_view(&self, player: usize) -> Result<Value, Illegal> {
        let n = self.game.0.num_players();
        if player >= n {
            return Err(Illegal::new(format!("there is no seat {player}: seats are 0 to {}", n - 1)));
        }
        Ok(to_json(&self.game.0.view(&self.state, player)))
    }
    fn history_entry(&self, index: usize, observer: Option<usize>) -> Option<Value> {
        let e = self.history.get(index)?;
        match observer {
            Some(seat) => {
                let action = e.observed.get(seat)?.clone();
                let mut entry = json!({ "actor": actor_json(e.actor), "action": action });
                if let Some(said) = e.said.as_ref().and_then(|s| s.get(seat)) {
                    entry["said"] = to_json(said);
                }
                Some(entry)
            }
            None => {
                let mut entry = Self::public_entry(e);
                if let Some(said) = e.said.as_ref().and_then(|s| s.last()) {
                    entry["said"] = to_json(said);
                }
                Some(entry)
            }
        }
    }
    fn history_len(&self) -> usize {
        self.history.len()
    }

    fn view(&self, player: usize) -> Result<Value, Illegal> {
        let n = self.game.0.num_players();
        if player >= n {
            return Err(Illegal::new(format!("there is no seat {player}: seats are 0 to {}", n - 1)));
        }
        Ok(json!({
            "player": player,
            "view": to_json(&self.game.0.view(&self.state, player)),
            "history": self.history_json(Some(player)),
        }))
    }
    fn referee_view(&self) -> Value {
        json!({ "state": self.state_json(), "history": self.history_json(None) })
    }
    fn state_json(&self) -> Value {
        to_json(&self.state)
    }
    fn returns(&self) -> Vec<f64> {
        self.game.0.returns(&self.state)
    }
    fn history(&self) -> Vec<String> {
        self.history.iter().map(|e| self.game.0.action_text(e.action)).collect()
    }
    fn seed(&self) -> u64 {
        self.seed
    }
    fn record(&self, seats: Vec<String>) -> Record {
        let terminal = self.is_terminal();
        Record {
            game: G::spec().id.to_owned(),
            options: self.game.0.options().to_json(),
            seed: Some(self.seed),
            seats,
            actions: self.history(),
            result: terminal.then(|| self.returns()),
            players: Vec::new(),
            ending: None,
        }
    }
}
