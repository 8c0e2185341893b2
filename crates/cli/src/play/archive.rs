//! The folder of past games: every finished game's record, saved without being asked, for
//! `tabula replay --last` and `tabula replay --list`.
//!
//! The folder is `records/` in the user's data directory, as the platform names it
//! (`~/.local/share/tabula` on Linux, `~/Library/Application Support/tabula` on macOS,
//! `%APPDATA%\tabula\data` on Windows), or in `$TABULA_DATA_DIR` when that is set (tests set
//! it, so they never write into the real home). A file is named by the time the game ended
//! (UTC), its game and seed: `2025-03-14T09-26-53Z-abagio-seed-42.json`; its content is the
//! record as `--record-out` writes it.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use tabula_core::Record;

/// The environment variable that replaces the data directory.
pub const DATA_DIR_VAR: &str = "TABULA_DATA_DIR";

/// The folder of past games, if a data directory is known.
pub fn folder() -> Option<PathBuf> {
    let data = match std::env::var_os(DATA_DIR_VAR) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => directories::ProjectDirs::from("", "", "tabula")?.data_dir().to_path_buf(),
    };
    Some(data.join("records"))
}

/// A date and time (UTC) from seconds since 1970, as `2025-03-14T09-26-53Z` (no colons, so
/// that it is a file name everywhere).
pub fn stamp(seconds: u64) -> String {
    let days = (seconds / 86_400) as i64;
    let rest = seconds % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}-{m:02}-{d:02}T{:02}-{:02}-{:02}Z", rest / 3600, rest % 3600 / 60, rest % 60)
}

/// The calendar date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// Saves a finished game's record in `folder` (created if needed); returns its path.
///
/// # Errors
/// A folder or file that cannot be written.
pub fn save(folder: &Path, record: &Record) -> Result<PathBuf, String> {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let seed = record.seed.map(|s| format!("-seed-{s}")).unwrap_or_default();
    let base = format!("{}-{}{seed}", stamp(now), record.game);
    std::fs::create_dir_all(folder).map_err(|e| format!("could not create {}: {e}", folder.display()))?;
    // Two games ending in the same second get distinct names (`_2` sorts after `.json`).
    let mut path = folder.join(format!("{base}.json"));
    let mut n = 2;
    while path.exists() {
        path = folder.join(format!("{base}_{n}.json"));
        n += 1;
    }
    std::fs::write(&path, record.to_json_pretty() + "\n")
        .map_err(|e| format!("could not save the record to {}: {e}", path.display()))?;
    Ok(path)
}

/// One past game.
#[derive(Debug, Clone)]
pub struct Past {
    /// Its file.
    pub path: PathBuf,
    /// When it ended, as the file's name says (`2025-03-14 09:26:53 UTC`).
    pub date: String,
    /// Its record, or why the file is not one.
    pub record: Result<Record, String>,
}

/// The past games in `folder`, oldest first (by the time in their names).
///
/// # Errors
/// A folder that cannot be read (a missing folder is no games).
pub fn list(folder: &Path) -> Result<Vec<Past>, String> {
    let entries = match std::fs::read_dir(folder) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot read {}: {e}", folder.display())),
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    paths.sort();
    Ok(paths
        .into_iter()
        .map(|path| {
            let name = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            let date = date_of(&name).unwrap_or_else(|| "?".to_owned());
            let record = std::fs::read_to_string(&path)
                .map_err(|e| e.to_string())
                .and_then(|text| Record::from_json_str(&text).map_err(|e| e.to_string()));
            Past { path, date, record }
        })
        .collect())
}

/// The date in a file name made by [`save`]: `2025-03-14 09:26:53 UTC`.
fn date_of(name: &str) -> Option<String> {
    let stamp = name.get(..20)?;
    let (day, time) = stamp.split_once('T')?;
    let time = time.strip_suffix('Z')?;
    (day.len() == 10 && time.len() == 8).then(|| format!("{day} {} UTC", time.replace('-', ":")))
}

/// One line of `tabula replay --list`: date, game, the options that differ from the
/// game's `defaults` (a JSON object; none when unknown), seats, result.
pub fn summary(past: &Past, defaults: Option<&serde_json::Value>) -> String {
    let file = past.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    match &past.record {
        Ok(record) => {
            let changed: serde_json::Map<String, serde_json::Value> = match &record.options {
                serde_json::Value::Object(map) => map
                    .iter()
                    .filter(|(key, value)| defaults.and_then(|d| d.get(key.as_str())) != Some(*value))
                    .map(|(key, value)| (key.clone(), value.clone()))
                    .collect(),
                _ => serde_json::Map::new(),
            };
            let options = if changed.is_empty() {
                String::new()
            } else {
                format!(" {}", serde_json::Value::Object(changed))
            };
            let result = match &record.result {
                Some(result) => {
                    let parts: Vec<String> = record
                        .seats
                        .iter()
                        .zip(result)
                        .map(|(seat, r)| format!("{} {}", short_name(seat), number(*r)))
                        .collect();
                    parts.join(", ")
                }
                None => format!(
                    "unfinished: {}",
                    record.seats.iter().map(|s| short_name(s)).collect::<Vec<_>>().join(", ")
                ),
            };
            format!("{}  {}{options}  {result}  ({file})", past.date, record.game)
        }
        Err(e) => format!("{}  not a record: {e}  ({file})", past.date),
    }
}

/// A bot's name without its settings (`greedy` for `greedy:samples=4`).
fn short_name(seat: &str) -> &str {
    seat.split(':').next().unwrap_or(seat)
}

/// A return as people write it: `1`, `-1`, `0.5`, `+12` is `12`.
fn number(r: f64) -> String {
    if r.fract() == 0.0 { format!("{}", r as i64) } else { format!("{r}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_are_dates() {
        assert_eq!(stamp(0), "1970-01-01T00-00-00Z");
        assert_eq!(stamp(951_782_400), "2000-02-29T00-00-00Z");
        assert_eq!(stamp(1_741_944_413), "2025-03-14T09-26-53Z");
        assert_eq!(date_of("2025-03-14T09-26-53Z-abagio-seed-4"), Some("2025-03-14 09:26:53 UTC".to_owned()));
        assert_eq!(date_of("game"), None);
    }

    #[test]
    fn saved_games_are_listed_oldest_first() {
        let folder = std::env::temp_dir().join(format!("tabula-archive-test-{}", std::process::id()));
        std::fs::remove_dir_all(&folder).ok();
        assert!(list(&folder).unwrap().is_empty(), "no folder, no games");
        let record = Record {
            game: "abagio".to_owned(),
            options: serde_json::json!({}),
            seed: Some(7),
            seats: vec!["ann".to_owned(), "greedy:samples=4".to_owned()],
            actions: vec![],
            result: Some(vec![1.0, -1.0]),
            players: vec![],
            ending: None,
        };
        let first = save(&folder, &record).unwrap();
        let second = save(&folder, &record).unwrap();
        assert_ne!(first, second, "two games in one second get two files");
        std::fs::write(folder.join("0000-junk.json"), "{}").unwrap();
        let past = list(&folder).unwrap();
        assert_eq!(past.len(), 3);
        assert!(past[0].record.is_err(), "the junk sorts first");
        assert_eq!(past[2].path, second);
        let line = summary(&past[1], Some(&serde_json::json!({"players": 2})));
        assert!(line.contains("abagio  ann 1, greedy -1"), "{line}");
        assert!(line.contains(" UTC"), "{line}");
        std::fs::remove_dir_all(&folder).ok();
    }
}
