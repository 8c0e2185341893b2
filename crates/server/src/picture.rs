//! A game's picture for the lobby: a position of its recommended preset, reached by random
//! play from a fixed seed, as the first seat sees it. The browser draws it with the game's
//! own renderer, so the picture is the board a player will meet, never a stale screenshot.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use serde_json::json;
use tabula_core::registry::Registry;
use tabula_core::{Options, Turn};

use crate::protocol::Picture;

/// The actions played before the picture is taken (fewer where the game would end sooner).
pub const ACTIONS: usize = 60;

/// The seed of the picture's game: every server shows the same picture.
const SEED: u64 = 2;

/// The pictures made so far, by game: each is made once per process.
fn made() -> &'static Mutex<HashMap<&'static str, Arc<Picture>>> {
    static MADE: OnceLock<Mutex<HashMap<&'static str, Arc<Picture>>>> = OnceLock::new();
    MADE.get_or_init(Mutex::default)
}

/// The picture of game `id` (`None`: no such game).
///
/// # Errors
/// A rule refusing the game's own moves (a defect of the game), in words.
pub fn picture(registry: &Registry, id: &str) -> Option<Result<Arc<Picture>, String>> {
    let entry = registry.entry(id)?;
    if let Some(p) = made().lock().expect("the pictures").get(entry.spec.id) {
        return Some(Ok(Arc::clone(p)));
    }
    Some(make(registry, entry.spec.id).map(|p| {
        let p = Arc::new(p);
        made().lock().expect("the pictures").insert(entry.spec.id, Arc::clone(&p));
        p
    }))
}

fn make(registry: &Registry, id: &'static str) -> Result<Picture, String> {
    let entry = registry.entry(id).ok_or("no such game")?;
    let spec = entry.spec;
    let preset = spec.presets.first();
    let options = match preset {
        Some(p) => Options::from_preset(spec, p).map_err(|e| e.to_string())?,
        None => Options::defaults(spec),
    };
    let game = (entry.make)(&options).map_err(|e| e.to_string())?;
    let n = game.num_players();
    let mut bots = (0..n)
        .map(|seat| registry.make_bot(id, "random", &json!({}), SEED + seat as u64))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    let mut state = game.new_state(SEED);
    // At least ACTIONS actions, then on to a player's move (a picture between a roll and
    // its move would show a board waiting on nothing).
    for played in 0.. {
        if played >= ACTIONS && matches!(state.turn(), Turn::Player(_)) {
            break;
        }
        let mut next = state.clone_box();
        match next.turn() {
            Turn::Chance => {
                next.sample_chance().map_err(|e| e.to_string())?;
            }
            Turn::Player(p) => {
                let action = bots[p].choose(next.as_ref())?;
                next.apply(&action).map_err(|e| e.to_string())?;
            }
            _ => break,
        }
        if next.is_terminal() {
            break;
        }
        state = next;
    }
    let names: Vec<String> = (0..n).map(|s| spec.about.seat_name(n, s)).collect();
    Ok(Picture {
        game: id.to_owned(),
        preset: preset.map(|p| p.name.to_owned()),
        options: options.to_json(),
        names,
        turn: state.turn().into(),
        view: state.seat_view(0).map_err(|e| e.to_string())?,
    })
}
