//! `tabula replay` (being written).

use std::path::Path;

/// Replays a record.
pub fn run(_record: &Path, _text: bool) -> Result<(), String> {
    Err("replay is being written".to_owned())
}
