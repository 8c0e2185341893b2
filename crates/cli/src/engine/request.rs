//! Requests, client to engine: one JSON object per line, read by [`parse`] into a
//! [`ClientIn`]. Every field is checked here (type, range, unknown names), so the session
//! only ever sees well-formed requests.

use serde_json::{Map, Value};

use super::error::EngineError;
use super::strict_json::Strict;

/// Every command, with the fields it takes (besides `cmd` and `id`).
const COMMANDS: &[(&str, &[&str])] = &[
    ("games", &[]),
    ("new", &["game", "options", "seed"]),
    ("info", &[]),
    ("turn", &[]),
    ("legal", &[]),
    ("apply", &["action", "index", "player"]),
    ("chance", &[]),
    ("view", &["player"]),
    ("returns", &[]),
    ("state", &[]),
    ("set_state", &["state", "seed"]),
    ("history", &[]),
    ("record", &["seats"]),
    ("load", &["record"]),
    ("bot", &["name", "options", "seed"]),
    ("quit", &[]),
];

/// The names of every command, for error messages.
pub fn command_names() -> Vec<&'static str> {
    COMMANDS.iter().map(|(name, _)| *name).collect()
}

/// An action named by its text or by its index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActionRef {
    /// The action's text notation.
    Text(String),
    /// The action's index in `0..num_distinct_actions`.
    Index(usize),
}

/// A request, checked.
#[derive(Debug, Clone, PartialEq)]
pub enum ClientIn {
    /// Every registered game, its options and bots.
    Games,
    /// Starts a game: an id (or canonical string), options and a seed.
    New {
        /// The game id, or a canonical string `id(name=value,...)`.
        game: String,
        /// The options object (`null` when not given).
        options: Value,
        /// The seed of the chance generator.
        seed: u64,
    },
    /// The current game's description (as `new` answers).
    Info,
    /// Who acts now.
    Turn,
    /// The legal actions (at a chance node, the outcomes with probabilities).
    Legal,
    /// Applies an action, optionally only if `player` is the seat to act.
    Apply {
        /// The action.
        action: ActionRef,
        /// The seat that claims to act.
        player: Option<usize>,
    },
    /// Samples and applies the chance outcome.
    Chance,
    /// Seat `player`'s view, or the referee view.
    View {
        /// The seat; `None` for the referee view.
        player: Option<usize>,
    },
    /// Each seat's return.
    Returns,
    /// The full state JSON.
    State,
    /// Replaces the position with a checked state JSON.
    SetState {
        /// The state JSON.
        state: Value,
        /// A new seed for the chance generator.
        seed: Option<u64>,
    },
    /// Every action so far.
    History,
    /// The game record so far.
    Record {
        /// Who sat in each seat.
        seats: Option<Vec<String>>,
    },
    /// Replays a record and makes it the current game.
    Load {
        /// The record, as an object or as JSON text.
        record: Value,
    },
    /// The move a bot would play now (not applied).
    Bot {
        /// The bot's name.
        name: String,
        /// The bot's options object.
        options: Value,
        /// The bot's seed; derived from the session when not given.
        seed: Option<u64>,
    },
    /// Ends the session.
    Quit,
}

/// Reads one request line. Returns the request's `id` (echoed in the response, even when
/// the rest of the request is refused) and the request or why it is refused.
pub fn parse(line: &str) -> (Option<Value>, Result<ClientIn, EngineError>) {
    if line.trim().is_empty() {
        return (None, Err(EngineError::json("the line is empty; each line must hold one JSON object")));
    }
    let value: Value = match serde_json::from_str::<Strict>(line) {
        Ok(Strict(value)) => value,
        // JSON whose meaning is ambiguous (a key given twice) is a bad request, not bad JSON.
        Err(e) if e.classify() == serde_json::error::Category::Data => {
            return (None, Err(EngineError::bad_request(format!("the request is ambiguous: {e}"))));
        }
        Err(e) => return (None, Err(EngineError::json(format!("the line is not JSON: {e}")))),
    };
    let Value::Object(map) = value else {
        let found = kind_of(&value);
        return (
            None,
            Err(EngineError::bad_request(format!("a request is a JSON object with a `cmd`, not {found}"))),
        );
    };
    let id = map.get("id").cloned();
    (id, parse_object(&map))
}

fn parse_object(map: &Map<String, Value>) -> Result<ClientIn, EngineError> {
    let cmd = match map.get("cmd") {
        Some(Value::String(cmd)) => cmd.as_str(),
        Some(other) => {
            return Err(EngineError::bad_request(format!("`cmd` must be a string, not {}", kind_of(other))));
        }
        None => return Err(EngineError::bad_request("the request has no `cmd` field")),
    };
    let Some((cmd, fields)) = COMMANDS.iter().find(|(name, _)| *name == cmd) else {
        return Err(EngineError::unknown_cmd(&shorten(cmd), &command_names()));
    };
    if let Some(key) = map.keys().find(|k| *k != "cmd" && *k != "id" && !fields.contains(&k.as_str())) {
        let takes = if fields.is_empty() { "no fields".to_owned() } else { fields.join(", ") };
        return Err(EngineError::bad_request(format!(
            "`{cmd}` has no field `{}`; it takes {takes}",
            shorten(key)
        )));
    }
    let fields = Fields { cmd, map };
    Ok(match *cmd {
        "games" => ClientIn::Games,
        "new" => ClientIn::New {
            game: fields.string("game")?,
            options: fields.object_or_null("options")?,
            seed: fields.opt_u64("seed")?.unwrap_or(0),
        },
        "info" => ClientIn::Info,
        "turn" => ClientIn::Turn,
        "legal" => ClientIn::Legal,
        "apply" => {
            let action = match (map.get("action"), map.get("index")) {
                (Some(_), Some(_)) => {
                    return Err(EngineError::bad_request("`apply` takes `action` or `index`, not both"));
                }
                (Some(_), None) => ActionRef::Text(fields.string("action")?),
                (None, Some(index)) => ActionRef::Index(action_index(index)?),
                (None, None) => {
                    return Err(EngineError::bad_request(
                        "`apply` needs `action` (its text) or `index` (its number)",
                    ));
                }
            };
            ClientIn::Apply { action, player: fields.opt_seat("player")? }
        }
        "chance" => ClientIn::Chance,
        "view" => ClientIn::View { player: fields.opt_seat("player")? },
        "returns" => ClientIn::Returns,
        "state" => ClientIn::State,
        "set_state" => {
            ClientIn::SetState { state: fields.required("state")?.clone(), seed: fields.opt_u64("seed")? }
        }
        "history" => ClientIn::History,
        "record" => ClientIn::Record { seats: fields.opt_strings("seats")? },
        "load" => {
            let record = fields.required("record")?;
            if !record.is_object() && !record.is_string() {
                return Err(EngineError::bad_request(format!(
                    "`record` must be a record object (or its JSON text), not {}",
                    kind_of(record)
                )));
            }
            ClientIn::Load { record: record.clone() }
        }
        "bot" => ClientIn::Bot {
            name: fields.string("name")?,
            options: fields.object_or_null("options")?,
            seed: fields.opt_u64("seed")?,
        },
        _ => ClientIn::Quit,
    })
}

/// A request's fields, read with messages that name the command and the field.
struct Fields<'a> {
    cmd: &'a str,
    map: &'a Map<String, Value>,
}

impl Fields<'_> {
    fn required(&self, name: &str) -> Result<&Value, EngineError> {
        self.map
            .get(name)
            .ok_or_else(|| EngineError::bad_request(format!("`{}` needs the field `{name}`", self.cmd)))
    }

    fn string(&self, name: &str) -> Result<String, EngineError> {
        match self.required(name)? {
            Value::String(s) => Ok(s.clone()),
            other => Err(self.wrong(name, "a string", other)),
        }
    }

    fn object_or_null(&self, name: &str) -> Result<Value, EngineError> {
        match self.map.get(name) {
            None | Some(Value::Null) => Ok(Value::Null),
            Some(value @ Value::Object(_)) => Ok(value.clone()),
            Some(other) => Err(self.wrong(name, "a JSON object", other)),
        }
    }

    fn opt_u64(&self, name: &str) -> Result<Option<u64>, EngineError> {
        match self.map.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(value) => match value.as_u64() {
                Some(n) => Ok(Some(n)),
                None => Err(self.wrong(name, &format!("an integer from 0 to {}", u64::MAX), value)),
            },
        }
    }

    /// A seat, or `None` when the field is left out. `null` is refused like a misspelt
    /// field: a client that meant a seat must not get the referee's view.
    fn opt_seat(&self, name: &str) -> Result<Option<usize>, EngineError> {
        match self.map.get(name) {
            None => Ok(None),
            Some(Value::Null) => Err(EngineError::bad_request(format!(
                "`{}`: `{name}` must be a seat number (an integer from 0), not null; leave the field out {}",
                self.cmd,
                if self.cmd == "view" { "for the referee view" } else { "when no seat is claimed" }
            ))),
            Some(value) => match value {
                Value::Number(n) if n.is_i64() || n.is_u64() => match n.as_u64().map(usize::try_from) {
                    Some(Ok(seat)) => Ok(Some(seat)),
                    _ => Err(EngineError::seat(format!("there is no seat {n}: seats are numbered from 0"))),
                },
                other => Err(self.wrong(name, "a seat number (an integer from 0)", other)),
            },
        }
    }

    fn opt_strings(&self, name: &str) -> Result<Option<Vec<String>>, EngineError> {
        match self.map.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Array(items)) => items
                .iter()
                .map(|item| match item {
                    Value::String(s) => Ok(s.clone()),
                    other => Err(self.wrong(name, "a list of strings", other)),
                })
                .collect::<Result<Vec<_>, _>>()
                .map(Some),
            Some(other) => Err(self.wrong(name, "a list of strings", other)),
        }
    }

    fn wrong(&self, name: &str, expected: &str, found: &Value) -> EngineError {
        EngineError::bad_request(format!(
            "`{}`: `{name}` must be {expected}, not {}",
            self.cmd,
            kind_of(found)
        ))
    }
}

/// An action index: any integer is read (so that `-1` or `10^18` is an index error that
/// names the range), anything else is a bad request.
fn action_index(value: &Value) -> Result<usize, EngineError> {
    match value {
        Value::Number(n) if n.is_i64() || n.is_u64() => match n.as_u64().map(usize::try_from) {
            Some(Ok(index)) => Ok(index),
            _ => Err(EngineError::index(format!("action index {n} is negative or too large"))),
        },
        other => Err(EngineError::bad_request(format!(
            "`apply`: `index` must be an integer, not {}",
            kind_of(other)
        ))),
    }
}

/// A short description of a JSON value for messages: its type, and the value when short.
fn kind_of(value: &Value) -> String {
    let text = value.to_string();
    let kind = match value {
        Value::Null => return "null".to_owned(),
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    };
    if text.chars().count() <= 40 { format!("{kind} ({text})") } else { kind.to_owned() }
}

/// Text from the client, cut short for a message.
fn shorten(text: &str) -> String {
    const MAX: usize = 40;
    if text.chars().count() <= MAX {
        text.to_owned()
    } else {
        let cut: String = text.chars().take(MAX).collect();
        format!("{cut}…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_parses_with_its_fields() {
        let (id, request) = parse(r#"{"cmd":"apply","index":3,"player":1,"id":"a"}"#);
        assert_eq!(id, Some(Value::from("a")));
        assert_eq!(request, Ok(ClientIn::Apply { action: ActionRef::Index(3), player: Some(1) }));
        assert_eq!(
            parse(r#"{"cmd":"new","game":"g"}"#).1.map(|r| matches!(r, ClientIn::New { seed: 0, .. })),
            Ok(true)
        );
    }

    #[test]
    fn refusals_carry_their_codes() {
        let code = |line: &str| parse(line).1.err().map(|e| e.code.as_str());
        assert_eq!(code("not json"), Some("protocol/json"));
        assert_eq!(code(""), Some("protocol/json"));
        assert_eq!(code("[1,2]"), Some("protocol/bad_request"));
        assert_eq!(code(r#"{"cmd":1}"#), Some("protocol/bad_request"));
        assert_eq!(code(r#"{"cmd":"fly"}"#), Some("protocol/unknown_cmd"));
        assert_eq!(code(r#"{"cmd":"view","palyer":1}"#), Some("protocol/bad_request"));
        assert_eq!(code(r#"{"cmd":"view","player":-1}"#), Some("seat/invalid"));
        assert_eq!(code(r#"{"cmd":"view","player":1.5}"#), Some("protocol/bad_request"));
        assert_eq!(code(r#"{"cmd":"view","player":null}"#), Some("protocol/bad_request"));
        assert_eq!(code(r#"{"cmd":"view","player":1,"player":0}"#), Some("protocol/bad_request"));
        assert_eq!(
            code(r#"{"cmd":"new","game":"g","options":{"players":4,"players":2}}"#),
            Some("protocol/bad_request")
        );
        assert_eq!(code(r#"{"cmd":"apply","index":0,"player":null}"#), Some("protocol/bad_request"));
        assert_eq!(code(r#"{"cmd":"apply","index":-1}"#), Some("action/index"));
        assert_eq!(code(r#"{"cmd":"new","game":"g","seed":-1}"#), Some("protocol/bad_request"));
        assert_eq!(code(r#"{"cmd":"new","game":"g","seed":1e300}"#), Some("protocol/bad_request"));
    }
}
