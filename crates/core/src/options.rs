//! Game options: checked against a [`GameSpec`], defaults filled in, and written as a
//! canonical string such as `sabotage-pipes(players=4,demontage=false,rounds=4)`.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::{OptionsError, quote};
use crate::spec::{GameSpec, OptionDefault, OptionKind, OptionSpec, Preset};

/// The value of one option.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OptionValue {
    /// An integer.
    Int(i64),
    /// A boolean.
    Bool(bool),
    /// A string.
    Str(String),
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Int(v) => write!(f, "{v}"),
            OptionValue::Bool(v) => write!(f, "{v}"),
            OptionValue::Str(v) => f.write_str(v),
        }
    }
}

impl From<OptionDefault> for OptionValue {
    fn from(d: OptionDefault) -> Self {
        match d {
            OptionDefault::Int(v) => OptionValue::Int(v),
            OptionDefault::Bool(v) => OptionValue::Bool(v),
            OptionDefault::Str(v) => OptionValue::Str(v.to_owned()),
        }
    }
}

/// A complete, checked set of options for one game: every option of the spec has a value.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    spec: &'static GameSpec,
    values: BTreeMap<&'static str, OptionValue>,
}

impl Options {
    /// Every option at its default.
    pub fn defaults(spec: &'static GameSpec) -> Self {
        let values = spec.options.iter().map(|o| (o.name, o.default.into())).collect();
        Options { spec, values }
    }

    /// Reads options from a JSON object (or `null` for all defaults).
    ///
    /// # Errors
    /// An unknown option name, a value of the wrong type or outside the allowed values:
    /// the error names the option and what it allows.
    pub fn from_json(spec: &'static GameSpec, json: &Value) -> Result<Self, OptionsError> {
        let mut options = Options::defaults(spec);
        match json {
            Value::Null => {}
            Value::Object(map) => {
                for (name, value) in map {
                    options.set_json(name, value)?;
                }
            }
            other => {
                return Err(OptionsError::new(
                    spec.id,
                    format!("options must be a JSON object, not {}", quote(&other.to_string())),
                ));
            }
        }
        Ok(options)
    }

    /// The options of one of the spec's presets: its values over the defaults.
    ///
    /// # Errors
    /// A preset naming an option the game does not have or a value it refuses (a mistake
    /// in the game's spec: the registry's tests try every preset).
    pub fn from_preset(spec: &'static GameSpec, preset: &Preset) -> Result<Self, OptionsError> {
        let mut options = Options::defaults(spec);
        for &(name, value) in preset.options {
            let value = match value {
                OptionDefault::Int(v) => Value::from(v),
                OptionDefault::Bool(v) => Value::from(v),
                OptionDefault::Str(v) => Value::from(v),
            };
            options.set_json(name, &value)?;
        }
        Ok(options)
    }

    /// Reads a canonical string (`id(name=value,...)`, or just `id`) for this spec.
    ///
    /// # Errors
    /// A different game id, malformed text, or an invalid option.
    pub fn from_canonical(spec: &'static GameSpec, text: &str) -> Result<Self, OptionsError> {
        let text = text.trim();
        let (id, rest) = match text.find('(') {
            Some(i) => (&text[..i], Some(&text[i + 1..])),
            None => (text, None),
        };
        if id != spec.id {
            return Err(OptionsError::new(
                spec.id,
                format!("`{}` is not a {} game string", quote(text), spec.id),
            ));
        }
        let mut options = Options::defaults(spec);
        if let Some(rest) = rest {
            let inner = rest.strip_suffix(')').ok_or_else(|| {
                OptionsError::new(spec.id, format!("`{}` is missing its closing parenthesis", quote(text)))
            })?;
            let mut given: Vec<&str> = Vec::new();
            for pair in inner.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                let (name, value) = pair.split_once('=').ok_or_else(|| {
                    OptionsError::new(spec.id, format!("`{}` should be written name=value", quote(pair)))
                })?;
                let name = name.trim();
                if given.contains(&name) {
                    return Err(OptionsError::new(
                        spec.id,
                        format!("option `{}` is given twice in `{}`", quote(name), quote(text)),
                    ));
                }
                given.push(name);
                let value = value.trim();
                let json = if let Ok(i) = value.parse::<i64>() {
                    Value::from(i)
                } else if let Ok(b) = value.parse::<bool>() {
                    Value::from(b)
                } else {
                    Value::from(value)
                };
                options.set_json(name, &json)?;
            }
        }
        Ok(options)
    }

    fn set_json(&mut self, name: &str, value: &Value) -> Result<(), OptionsError> {
        let spec = self.spec;
        let Some(option) = spec.option(name) else {
            let known: Vec<&str> = spec.options.iter().map(|o| o.name).collect();
            return Err(OptionsError::new(
                spec.id,
                format!("unknown option `{}`; {} takes {}", quote(name), spec.id, known.join(", ")),
            ));
        };
        let parsed = check_value(option, value).map_err(|why| OptionsError::new(spec.id, why))?;
        self.values.insert(option.name, parsed);
        Ok(())
    }

    /// The spec these options belong to.
    pub fn spec(&self) -> &'static GameSpec {
        self.spec
    }

    /// Checks that these are options of the game `spec` describes: a game's `new` reads
    /// only its own.
    ///
    /// # Errors
    /// Options of another game, naming it.
    pub fn expect_game(&self, spec: &GameSpec) -> Result<(), OptionsError> {
        if self.spec.id == spec.id {
            Ok(())
        } else {
            Err(OptionsError::new(spec.id, format!("these are options of {}", self.spec.id)))
        }
    }

    /// A string option read as one of `values` (each with what it stands for in the game,
    /// usually an enum's variant).
    ///
    /// # Errors
    /// A value not in `values` (the spec's own list of choices refuses it first; this is
    /// for a game whose list is narrower than the spec's), naming the values allowed.
    pub fn choice<T: Copy>(&self, name: &str, values: &[(&str, T)]) -> Result<T, OptionsError> {
        let given = self.str(name);
        values.iter().find(|(text, _)| *text == given).map(|&(_, v)| v).ok_or_else(|| {
            let allowed: Vec<&str> = values.iter().map(|(t, _)| *t).collect();
            OptionsError::new(
                self.spec.id,
                format!("option `{name}` cannot be `{given}`: it is one of {}", allowed.join(", ")),
            )
        })
    }

    /// The value of an option.
    ///
    /// # Panics
    /// If the spec has no option of that name (a programming error in the game crate).
    pub fn get(&self, name: &str) -> &OptionValue {
        self.values.get(name).unwrap_or_else(|| panic!("{} declares no option `{name}`", self.spec.id))
    }

    /// An integer option.
    ///
    /// # Panics
    /// If the option is not an integer option of the spec.
    pub fn int(&self, name: &str) -> i64 {
        match self.get(name) {
            OptionValue::Int(v) => *v,
            other => panic!("option `{name}` is {other}, not an integer"),
        }
    }

    /// A boolean option.
    ///
    /// # Panics
    /// If the option is not a boolean option of the spec.
    pub fn bool(&self, name: &str) -> bool {
        match self.get(name) {
            OptionValue::Bool(v) => *v,
            other => panic!("option `{name}` is {other}, not a boolean"),
        }
    }

    /// A string option.
    ///
    /// # Panics
    /// If the option is not a string option of the spec.
    pub fn str(&self, name: &str) -> &str {
        match self.get(name) {
            OptionValue::Str(v) => v,
            other => panic!("option `{name}` is {other}, not a string"),
        }
    }

    /// Sets an option from a JSON value, checked against the spec.
    ///
    /// # Errors
    /// As [`Options::from_json`].
    pub fn set(&mut self, name: &str, value: impl Into<Value>) -> Result<(), OptionsError> {
        self.set_json(name, &value.into())
    }

    /// The options as a JSON object, in canonical order.
    pub fn to_json(&self) -> Value {
        let mut map = serde_json::Map::new();
        for option in self.spec.options {
            let v = serde_json::to_value(&self.values[option.name]).expect("option values are JSON");
            map.insert(option.name.to_owned(), v);
        }
        Value::Object(map)
    }

    /// The canonical string: `id(name=value,...)` with every option in spec order.
    pub fn canonical(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(", self.spec.id)?;
        for (i, option) in self.spec.options.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}={}", option.name, self.values[option.name])?;
        }
        f.write_str(")")
    }
}

fn check_value(option: &OptionSpec, json: &Value) -> Result<OptionValue, String> {
    let name = option.name;
    let value = quote(&json.to_string());
    match option.kind {
        OptionKind::Int { min, max } => match json.as_i64() {
            Some(v) if (min..=max).contains(&v) => Ok(OptionValue::Int(v)),
            _ => Err(format!("option `{name}` must be an integer from {min} to {max}, not {value}")),
        },
        OptionKind::IntChoice { values } => match json.as_i64() {
            Some(v) if values.contains(&v) => Ok(OptionValue::Int(v)),
            _ => {
                let allowed: Vec<String> = values.iter().map(i64::to_string).collect();
                Err(format!("option `{name}` must be one of {}, not {value}", allowed.join(", ")))
            }
        },
        OptionKind::Bool => match json.as_bool() {
            Some(v) => Ok(OptionValue::Bool(v)),
            None => Err(format!("option `{name}` must be true or false, not {value}")),
        },
        // A choice may list numbers among its words (`first`: `random`, `0`, `1`, …): the
        // number is read as its word, as a canonical string writes it.
        OptionKind::Choice { values } => {
            match json.as_str().map(str::to_owned).or_else(|| json.as_i64().map(|n| n.to_string())) {
                Some(v) if values.contains(&v.as_str()) => Ok(OptionValue::Str(v)),
                _ => Err(format!("option `{name}` must be one of {}, not {value}", values.join(", "))),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::spec::{About, ChanceKind, InformationKind, UtilityKind};

    /// A game with one option of three values, of which the game plays two.
    const SPEC: GameSpec = GameSpec {
        id: "pick",
        name: "Pick",
        min_players: 2,
        max_players: 2,
        teams: false,
        chance: ChanceKind::Deterministic,
        information: InformationKind::Perfect,
        utility: UtilityKind::ZeroSum,
        min_return: -1.0,
        max_return: 1.0,
        options: &[OptionSpec {
            name: "board",
            label: "Board",
            doc: "The board.",
            kind: OptionKind::Choice { values: &["small", "large", "huge"] },
            value_labels: &[],
            default: OptionDefault::Str("small"),
        }],
        presets: &[
            Preset {
                name: "Large",
                doc: "The large board.",
                options: &[("board", OptionDefault::Str("large"))],
            },
            Preset { name: "Wrong", doc: "A mistake.", options: &[("board", OptionDefault::Int(3))] },
        ],
        about: About::NONE,
    };

    #[test]
    fn a_preset_sets_its_options_over_the_defaults() {
        let options = Options::from_preset(&SPEC, &SPEC.presets[0]).unwrap();
        assert_eq!(options.str("board"), "large");
        let err = Options::from_preset(&SPEC, &SPEC.presets[1]).unwrap_err().to_string();
        assert!(err.contains("board"), "{err}");
    }

    #[test]
    fn options_of_another_game_are_refused_naming_it() {
        let options = Options::defaults(&SPEC);
        assert_eq!(options.expect_game(&SPEC), Ok(()));
        // Another game with the same option.
        static OTHER: GameSpec = GameSpec { id: "nim", name: "Nim", ..SPEC };
        let err = Options::defaults(&OTHER).expect_game(&SPEC).unwrap_err().to_string();
        assert!(err.contains("these are options of nim"), "{err}");
    }

    #[test]
    fn a_choice_reads_its_value_or_names_the_values_allowed() {
        let values = [("small", 1), ("large", 2)];
        let options = Options::from_json(&SPEC, &json!({"board": "large"})).unwrap();
        assert_eq!(options.choice("board", &values), Ok(2));
        let options = Options::from_json(&SPEC, &json!({"board": "huge"})).unwrap();
        let err = options.choice("board", &values).unwrap_err().to_string();
        assert!(err.contains("option `board` cannot be `huge`: it is one of small, large"), "{err}");
    }
}
