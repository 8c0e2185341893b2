//! Bot specs on the command line: `name` or `name:key=value;key=value`, e.g.
//! `mcts:iters=2000;c=1.4` or `greedy:samples=8`. Values are read as JSON where they can
//! be (numbers, `true`, `false`), else as strings. A list of bots separates specs with
//! commas: `mcts:iters=2000,greedy,random`.

use serde_json::{Map, Value};

/// One bot as written on the command line.
#[derive(Debug, Clone, PartialEq)]
pub struct BotSpec {
    /// The spec as written (its label in tables).
    pub label: String,
    /// The bot's name.
    pub name: String,
    /// Its options, as the JSON object `make_bot` reads.
    pub options: Value,
    /// Made by the arena's caller, not by the registry (a Python policy): `name` and
    /// `options` are not read, and the caller's maker makes it (`play_all_with`).
    pub external: bool,
}

impl BotSpec {
    /// A bot the arena's caller makes (see `external`), shown as `label`.
    pub fn external(label: &str) -> BotSpec {
        BotSpec { label: label.to_owned(), name: String::new(), options: Value::Null, external: true }
    }
}

/// Reads one spec.
///
/// # Errors
/// An empty name, or an option without `=`.
pub fn parse(text: &str) -> Result<BotSpec, String> {
    let text = text.trim();
    let (name, rest) = match text.split_once(':') {
        Some((name, rest)) => (name.trim(), Some(rest)),
        None => (text, None),
    };
    if name.is_empty() {
        return Err(format!("`{text}` names no bot: write e.g. `mcts:iters=2000` or `random`"));
    }
    let mut options = Map::new();
    for pair in rest.unwrap_or("").split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let Some((key, value)) = pair.split_once('=') else {
            return Err(format!("in `{text}`: `{pair}` is not `key=value`"));
        };
        let value = value.trim();
        let value = serde_json::from_str::<Value>(value)
            .ok()
            .filter(|v| !v.is_object() && !v.is_array())
            .unwrap_or_else(|| Value::String(value.to_owned()));
        options.insert(key.trim().to_owned(), value);
    }
    Ok(BotSpec {
        label: text.to_owned(),
        name: name.to_owned(),
        options: Value::Object(options),
        external: false,
    })
}

/// Reads a comma-separated list of specs.
///
/// # Errors
/// As [`parse`], or an empty list.
pub fn parse_list(text: &str) -> Result<Vec<BotSpec>, String> {
    let specs: Vec<BotSpec> =
        text.split(',').filter(|s| !s.trim().is_empty()).map(parse).collect::<Result<_, _>>()?;
    if specs.is_empty() {
        return Err("--bots names no bot: write e.g. `--bots mcts:iters=2000,greedy`".to_owned());
    }
    Ok(specs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn specs_read_names_and_typed_options() {
        let specs = parse_list("mcts:iters=2000;c=1.5;depth=40, greedy ,ismcts:ms=50;x=abc").unwrap();
        assert_eq!(specs.len(), 3);
        assert_eq!(specs[0].name, "mcts");
        assert_eq!(specs[0].options, json!({"iters": 2000, "c": 1.5, "depth": 40}));
        assert_eq!(specs[0].label, "mcts:iters=2000;c=1.5;depth=40");
        assert_eq!(specs[1].options, json!({}));
        assert_eq!(specs[2].options, json!({"ms": 50, "x": "abc"}));
    }

    #[test]
    fn bad_specs_are_explained() {
        assert!(parse("mcts:iters").unwrap_err().contains("not `key=value`"));
        assert!(parse(":x=1").unwrap_err().contains("names no bot"));
        assert!(parse_list(" , ").unwrap_err().contains("names no bot"));
    }
}
