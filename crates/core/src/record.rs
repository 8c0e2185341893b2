//! Game records: portable JSON that replays through the rules.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A game record: enough to replay the game exactly, chance outcomes included.
///
/// ```json
/// {"game":"sabotage-pipes","options":{"players":2},"seed":7,"seats":["ann","random"],
///  "actions":["Ao","Xr", "..."],"result":[1.0,-1.0]}
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The game id.
    pub game: String,
    /// The options (a JSON object; missing options take their defaults).
    #[serde(default)]
    pub options: Value,
    /// The seed of the chance generator, if the game was played with one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Who sat in each seat (names or bot names); may be empty.
    #[serde(default)]
    pub seats: Vec<String>,
    /// Every action in text notation, chance outcomes included.
    pub actions: Vec<String>,
    /// Each seat's return, when the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Vec<f64>>,
    /// Who played each action, where it was not always the seat's holder (a server's
    /// record: a bot standing in for a person who left is named so); empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<String>,
    /// How the game ended when not by the rules (a server's record: `{"kind":"resign",
    /// "seat":1}`, `{"kind":"time","seat":0}`); then `result` is that ending's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<Value>,
}

impl Record {
    /// Reads a record from JSON text.
    ///
    /// # Errors
    /// Text that is not a record, with serde's explanation.
    pub fn from_json_str(text: &str) -> Result<Self, crate::error::RecordError> {
        serde_json::from_str(text)
            .map_err(|e| crate::error::RecordError::Malformed(crate::error::quote(&e.to_string())))
    }

    /// Reads a record from a JSON value.
    ///
    /// # Errors
    /// A value that is not a record.
    pub fn from_json(value: &Value) -> Result<Self, crate::error::RecordError> {
        Record::deserialize(value)
            .map_err(|e| crate::error::RecordError::Malformed(crate::error::quote(&e.to_string())))
    }

    /// The record as pretty JSON.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("records serialize")
    }
}
