//! The engine's session: the registry, the game in progress, and one answer per request.
//!
//! Requests that change the game work on a copy that replaces the game only when they
//! succeed, so a refused request — or a panic in a game's code, caught here — leaves the
//! game exactly as it was.

use std::panic::{AssertUnwindSafe, catch_unwind};

use serde_json::{Map, Value, json};
use tabula_core::{DynGame, DynState, Record, Registry, Turn};

use super::error::EngineError;
use super::request::{ActionRef, ClientIn, parse};

/// The body of a successful answer (its fields besides `ok` and `id`).
type Body = Map<String, Value>;

/// A response, engine to client: `{"ok":true,...}` or `{"ok":false,"error":{...}}`, with
/// the request's `id` when it had one.
#[derive(Debug, Clone, PartialEq)]
pub struct ClientOut {
    /// The request's `id`, echoed.
    pub id: Option<Value>,
    /// The answer's fields, or the error.
    pub result: Result<Body, EngineError>,
    /// Whether the engine stops after this answer (`quit`).
    pub quit: bool,
}

impl ClientOut {
    /// An error answer to a request whose `id` could not be read.
    pub fn error(error: EngineError) -> Self {
        ClientOut { id: None, result: Err(error), quit: false }
    }

    /// The answer as one line of JSON (no newline): `ok` first, then `id`, then the rest.
    pub fn to_line(&self) -> String {
        let mut line = String::from("{\"ok\":");
        line.push_str(if self.result.is_ok() { "true" } else { "false" });
        if let Some(id) = &self.id {
            line.push_str(",\"id\":");
            line.push_str(&id.to_string());
        }
        let mut push = |key: &str, value: &Value| {
            line.push(',');
            line.push_str(&Value::from(key).to_string());
            line.push(':');
            line.push_str(&value.to_string());
        };
        match &self.result {
            Ok(body) => body.iter().for_each(|(k, v)| push(k, v)),
            Err(error) => push("error", &error.to_json()),
        }
        line.push('}');
        line
    }
}

/// The engine: a registry and at most one game in progress.
pub struct Engine {
    registry: Registry,
    game: Option<Box<dyn DynState>>,
}

impl Engine {
    /// An engine over these games, with no game loaded.
    pub fn new(registry: Registry) -> Self {
        Engine { registry, game: None }
    }

    /// Answers one request line.
    pub fn handle(&mut self, line: &str) -> ClientOut {
        let (id, request) = parse(line);
        let request = match request {
            Ok(request) => request,
            Err(error) => return ClientOut { id, result: Err(error), quit: false },
        };
        let quit = request == ClientIn::Quit;
        let result = catch_unwind(AssertUnwindSafe(|| self.answer(&request))).unwrap_or_else(|_| {
            Err(EngineError::internal(
                "the engine failed on this request (a bug, reported on stderr); the game is unchanged",
            ))
        });
        ClientOut { id, result, quit }
    }

    fn answer(&mut self, request: &ClientIn) -> Result<Body, EngineError> {
        match request {
            ClientIn::Apply { .. } | ClientIn::Chance => {
                let mut next = self.state()?.clone_box();
                let body = Self::play(&mut *next, request)?;
                self.game = Some(next);
                Ok(body)
            }
            ClientIn::Games => Ok(self.games()),
            ClientIn::New { game, options, seed } => {
                let made = self.make_game(game, options)?;
                self.game = Some(made.new_state(*seed));
                self.info()
            }
            ClientIn::Info => self.info(),
            ClientIn::Turn => Ok(turn_body(self.state()?.turn())),
            ClientIn::Legal => Ok(legal(self.state()?)),
            ClientIn::View { player } => {
                let state = self.state()?;
                let view = match player {
                    Some(seat) => state.view(*seat).map_err(|e| EngineError::seat(e.reason))?,
                    None => state.referee_view(),
                };
                Ok(object(view))
            }
            ClientIn::Returns => {
                let state = self.state()?;
                Ok(body([("terminal", json!(state.is_terminal())), ("returns", json!(state.returns()))]))
            }
            ClientIn::State => Ok(body([("state", self.state()?.state_json())])),
            ClientIn::SetState { state, seed } => {
                let current = self.state()?;
                let seed = seed.unwrap_or_else(|| current.seed());
                let loaded = current.game().load_state(state, seed)?;
                self.game = Some(loaded);
                self.info()
            }
            ClientIn::History => Ok(body([("actions", json!(self.state()?.history()))])),
            ClientIn::Record { seats } => {
                let state = self.state()?;
                let seats = seats.clone().unwrap_or_default();
                let n = state.game().num_players();
                if !seats.is_empty() && seats.len() != n {
                    return Err(EngineError::bad_request(format!(
                        "`record`: `seats` names {} seats but the game has {n}",
                        seats.len()
                    )));
                }
                Ok(body([("record", json!(state.record(seats)))]))
            }
            ClientIn::Load { record } => {
                let record = match record {
                    Value::String(text) => Record::from_json_str(text)?,
                    other => Record::from_json(other)?,
                };
                let loaded = self.registry.load_record(&record)?;
                self.game = Some(loaded);
                self.info()
            }
            ClientIn::Bot { name, options, seed } => self.bot(name, options, *seed),
            ClientIn::Quit => Ok(Body::new()),
        }
    }

    /// Applies a mutating request to `state`.
    fn play(state: &mut dyn DynState, request: &ClientIn) -> Result<Body, EngineError> {
        let text = match request {
            ClientIn::Apply { action, player } => {
                if let Some(seat) = player {
                    check_seat(state, *seat)?;
                }
                match action {
                    ActionRef::Text(text) => state.apply(text)?,
                    ActionRef::Index(index) => state.apply_index(*index)?,
                }
            }
            _ => state.sample_chance().map_err(|e| EngineError::not_chance(e.reason))?,
        };
        Ok(body([("action", json!(text)), ("turn", Value::Object(turn_body(state.turn())))]))
    }

    fn state(&self) -> Result<&dyn DynState, EngineError> {
        self.game.as_deref().ok_or_else(EngineError::no_game)
    }

    fn known_games(&self) -> Vec<&'static str> {
        self.registry.entries().iter().map(|e| e.spec.id).collect()
    }

    fn make_game(&self, game: &str, options: &Value) -> Result<Box<dyn DynGame>, EngineError> {
        let canonical = game.contains('(');
        let id = game.split('(').next().unwrap_or("").trim();
        if self.registry.entry(id).is_none() {
            return Err(EngineError::unknown_game(id, &self.known_games()));
        }
        let made = if canonical {
            if !options.is_null() {
                return Err(EngineError::bad_request(
                    "`new`: give the options in the game string or in `options`, not both",
                ));
            }
            self.registry.make_canonical(game)
        } else {
            self.registry.make(id, options)
        };
        made.map_err(|e| EngineError::options(e.to_string()))
    }

    fn games(&self) -> Body {
        body([("games", Value::Array(self.registry.games_json()))])
    }

    fn info(&self) -> Result<Body, EngineError> {
        let state = self.state()?;
        let game = state.game();
        Ok(body([
            ("game", json!(game.spec().id)),
            ("canonical", json!(game.canonical())),
            ("options", game.options().to_json()),
            ("players", json!(game.num_players())),
            ("num_distinct_actions", json!(game.num_distinct_actions())),
            ("max_game_length", json!(game.max_game_length())),
            ("seed", json!(state.seed())),
            ("moves", json!(state.history().len())),
            ("turn", Value::Object(turn_body(state.turn()))),
        ]))
    }

    fn bot(&self, name: &str, options: &Value, seed: Option<u64>) -> Result<Body, EngineError> {
        let state = self.state()?;
        let id = state.game().spec().id;
        let bots = self.registry.entry(id).map(|e| e.bots).unwrap_or_default();
        if !bots.contains(&name) {
            return Err(EngineError::unknown_bot(name, id, bots));
        }
        let seed = seed.unwrap_or_else(|| bot_seed(state.seed(), state.history().len()));
        let mut bot = self.registry.make_bot(id, name, options, seed).map_err(EngineError::bot_options)?;
        if state.turn().player().is_none() {
            let why = if state.is_terminal() { "the game is over" } else { "a chance outcome is due" };
            return Err(EngineError::bot_no_player(format!(
                "no player is to act ({why}): the bot has nothing to choose"
            )));
        }
        let action = bot.choose(state).map_err(EngineError::internal)?;
        let mut answer = body([("action", json!(action)), ("bot", json!(bot.name())), ("seed", json!(seed))]);
        if let Some(candidates) = bot.last_explanation() {
            let list: Vec<Value> = candidates
                .iter()
                .map(|c| json!({"action": c.action, "visits": c.visits, "value": c.value}))
                .collect();
            answer.insert("candidates".into(), Value::Array(list));
        }
        Ok(answer)
    }
}

/// Checks that `seat` is the seat to act.
fn check_seat(state: &dyn DynState, seat: usize) -> Result<(), EngineError> {
    let n = state.game().num_players();
    if seat >= n {
        return Err(EngineError::seat(format!("there is no seat {seat}: seats are 0 to {}", n - 1)));
    }
    match state.turn() {
        Turn::Player(p) if p == seat => Ok(()),
        Turn::Player(p) => Err(EngineError::not_your_turn(format!("seat {seat} is not to act: seat {p} is"))),
        Turn::Chance => {
            Err(EngineError::not_your_turn(format!("seat {seat} is not to act: a chance outcome is due")))
        }
        Turn::Terminal => Err(EngineError::not_your_turn("the game is over")),
    }
}

/// The bot's seed when the request gives none: a mix of the session seed and the number of
/// actions played, so the same position in the same session always gets the same answer.
/// Kept below 2^53 so that clients whose numbers are doubles (JavaScript) read it exactly.
fn bot_seed(session_seed: u64, moves: usize) -> u64 {
    splitmix64(session_seed ^ splitmix64(moves as u64)) >> 11
}

/// SplitMix64's output function: a well-spread 64-bit mix.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn turn_body(turn: Turn) -> Body {
    object(json!(turn))
}

fn legal(state: &dyn DynState) -> Body {
    let mut out =
        body([("actions", json!(state.legal_actions())), ("indices", json!(state.legal_indices()))]);
    let chance = state.turn() == Turn::Chance;
    out.insert("chance".to_owned(), json!(chance));
    if chance {
        let outcomes: Vec<Value> = state
            .chance_outcomes()
            .into_iter()
            .map(|(action, p)| json!({"action": action, "p": p}))
            .collect();
        out.insert("outcomes".to_owned(), Value::Array(outcomes));
    }
    out
}

fn body<const N: usize>(fields: [(&str, Value); N]) -> Body {
    fields.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()
}

/// The fields of a JSON object (the erased layer's views and turns are objects).
fn object(value: Value) -> Body {
    match value {
        Value::Object(map) => map,
        other => body([("value", other)]),
    }
}
