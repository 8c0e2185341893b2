//! `POST /api/games/{id}/position`: the position a list of actions reaches, as one seat
//! sees it. The guides draw their figures from it and the tutorials play through it: the
//! actions are the page's own (a made-up game), so the seat's view is all it is shown.

use serde_json::Value;
use tabula_core::registry::Registry;
use tabula_core::{ErrorCode, Turn};

use crate::error::ApiError;
use crate::protocol::{POSITION_ACTIONS, Position, PositionAsked};

/// The positions computed at once, across all clients.
pub static TURNS: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(1);

/// Plays `asked` in game `id`.
///
/// # Errors
/// An unknown game, bad options, a seat the game does not have, too many actions, or an
/// action the rules refuse (named by its number, with the rule's words).
pub fn position(registry: &Registry, id: &str, asked: PositionAsked) -> Result<Position, ApiError> {
    let Some(entry) = registry.entry(id) else {
        let shown: String = id.chars().take(40).collect();
        return Err(ApiError::not_found(format!("no game {shown:?}")));
    };
    let options = Value::Object(asked.options.unwrap_or_default());
    let game = registry
        .make(entry.spec.id, &options)
        .map_err(|e| ApiError::bad_request(ErrorCode::BadOptions, e.to_string()))?;
    let n = game.num_players();
    let seat = asked.seat.unwrap_or(0);
    if seat >= n {
        return Err(ApiError::bad_request(
            ErrorCode::BadSeat,
            format!("\"seat\" is a seat from 0 to {} with these options, not {seat}", n - 1),
        ));
    }
    let actions = asked.actions.unwrap_or_default();
    if actions.len() > POSITION_ACTIONS {
        return Err(ApiError::bad_request(
            ErrorCode::BadRecord,
            format!("a position is reached in at most {POSITION_ACTIONS} actions, not {}", actions.len()),
        ));
    }
    let seed = match asked.seed {
        Some(s) if s > i64::MAX as u64 => {
            return Err(ApiError::bad_request(
                ErrorCode::BadSeed,
                "\"seed\" is a whole number from 0 to 2^63 - 1".into(),
            ));
        }
        s => s.unwrap_or(0),
    };
    let mut state = game.new_state(seed);
    state.narrate();
    for (i, text) in actions.iter().enumerate() {
        state.apply(text).map_err(|e| {
            let shown: String = text.chars().take(60).collect();
            ApiError::bad_request(ErrorCode::BadRecord, format!("action {} `{shown}` is refused: {e}", i + 1))
        })?;
    }
    let turn = state.turn();
    Ok(Position {
        game: entry.spec.id.to_owned(),
        options: game.options().to_json(),
        seat,
        names: (0..n).map(|s| entry.spec.about.seat_name(n, s)).collect(),
        turn: turn.into(),
        view: state.seat_view(seat).map_err(|e| ApiError::internal(e.to_string()))?,
        legal: if turn == Turn::Player(seat) { state.legal_actions() } else { Vec::new() },
        history: (0..state.history_len()).filter_map(|i| state.history_entry(i, Some(seat))).collect(),
        result: state.is_terminal().then(|| state.returns()),
    })
}
