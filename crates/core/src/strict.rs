//! Reading a position strictly: serde skips fields a type does not know, so a misspelt
//! field (`"bett"` for `"bet"`) would be read as if it were absent. The JSON sent is
//! compared with the JSON of what was read: anything sent that the type does not write
//! back is a field it does not have.

use serde_json::Value;

use crate::error::quote;

/// The paths (`seats[1].bett`) of fields in `sent` that `read` (the same value written
/// back by its type) does not have, at most `limit` of them.
pub fn unknown_fields(sent: &Value, read: &Value, limit: usize) -> Vec<String> {
    let mut found = Vec::new();
    walk(sent, read, &mut String::new(), &mut found, limit);
    found
}

fn walk(sent: &Value, read: &Value, path: &mut String, found: &mut Vec<String>, limit: usize) {
    match (sent, read) {
        (Value::Object(sent), Value::Object(read)) => {
            for (key, value) in sent {
                if found.len() >= limit {
                    return;
                }
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(&quote(key));
                match read.get(key) {
                    Some(back) => walk(value, back, path, found, limit),
                    // A type may leave out a field that is empty (`skip_serializing_if`):
                    // an empty value sent for it changes nothing either way.
                    None if is_empty(value) => {}
                    None => found.push(path.clone()),
                }
                path.truncate(len);
            }
        }
        (Value::Array(sent), Value::Array(read)) => {
            for (i, (value, back)) in sent.iter().zip(read).enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                walk(value, back, path, found, limit);
                path.truncate(len);
            }
        }
        _ => {}
    }
}

/// `null`, `[]` or `{}`.
fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Array(items) => items.is_empty(),
        Value::Object(map) => map.is_empty(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn names_each_field_the_type_does_not_write_back() {
        let sent = json!({"a": 1, "b": [{"c": 2, "x": 3}], "y": 0, "pots": [], "z": null});
        let read = json!({"a": 1, "b": [{"c": 2}]});
        assert_eq!(unknown_fields(&sent, &read, 10), ["b[0].x", "y"], "empty values may be left out");
        assert_eq!(unknown_fields(&sent, &read, 1), ["b[0].x"]);
        assert!(unknown_fields(&read, &read, 10).is_empty());
    }
}
