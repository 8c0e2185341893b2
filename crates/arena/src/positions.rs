//! The positions of an arena's games, for a value network to learn from (`tabula arena
//! --positions`, Python's `tabula.train`): every position before an action, chance or
//! player, seen by every seat, with that seat's return at the end of the game.

use std::collections::HashMap;

use tabula_core::Registry;

use crate::{Config, GameResult};

/// Positions, one row per position and seat.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Positions {
    /// The observation's length.
    pub inputs: usize,
    /// The observations, `inputs` values a row.
    pub observations: Vec<f32>,
    /// Each row's seat's return at the end of its game, divided by the game's return unit.
    pub returns: Vec<f32>,
    /// Each row's seat.
    pub seats: Vec<u16>,
    /// Each row's game (its index in the arena).
    pub games: Vec<u32>,
}

impl Positions {
    /// The number of rows.
    pub fn len(&self) -> usize {
        self.returns.len()
    }

    /// Whether there is no row.
    pub fn is_empty(&self) -> bool {
        self.returns.is_empty()
    }

    /// The rows as a safetensors file: `observations` (`[rows, inputs]`, f32), `returns`
    /// (`[rows]`, f32), `seats` and `games` (`[rows]`, i64), with `meta` as its metadata.
    ///
    /// # Errors
    /// safetensors refusing to write (it does not for these shapes).
    pub fn to_safetensors(&self, meta: HashMap<String, String>) -> Result<Vec<u8>, String> {
        use safetensors::tensor::{Dtype, TensorView};
        let rows = self.len();
        let obs: Vec<u8> = self.observations.iter().flat_map(|v| v.to_le_bytes()).collect();
        let ret: Vec<u8> = self.returns.iter().flat_map(|v| v.to_le_bytes()).collect();
        let seats: Vec<u8> = self.seats.iter().flat_map(|&v| i64::from(v).to_le_bytes()).collect();
        let games: Vec<u8> = self.games.iter().flat_map(|&v| i64::from(v).to_le_bytes()).collect();
        let err = |e: safetensors::SafeTensorError| e.to_string();
        let tensors = vec![
            ("observations", TensorView::new(Dtype::F32, vec![rows, self.inputs], &obs).map_err(err)?),
            ("returns", TensorView::new(Dtype::F32, vec![rows], &ret).map_err(err)?),
            ("seats", TensorView::new(Dtype::I64, vec![rows], &seats).map_err(err)?),
            ("games", TensorView::new(Dtype::I64, vec![rows], &games).map_err(err)?),
        ];
        safetensors::serialize(tensors, Some(meta)).map_err(err)
    }
}

/// Replays the arena's games from their records and gathers their positions: all of them,
/// or `per_game` of each game, evenly spaced (a game's positions are alike from one action
/// to the next: a few from many games teach more than all from a few).
///
/// # Errors
/// A record the rules refuse on replay (they never do for the arena's own games).
pub fn positions(
    registry: &Registry,
    config: &Config,
    results: &[GameResult],
    per_game: Option<usize>,
) -> Result<Positions, String> {
    let game = registry.make(&config.game, &config.options).map_err(|e| e.to_string())?;
    let inputs: usize = game.observation_shape().iter().product();
    let (seats, unit) = (game.num_players(), game.return_unit());
    let mut out = Positions { inputs, ..Positions::default() };
    let mut row = vec![0.0f32; inputs];
    for r in results {
        let mut state = game.new_state(r.seed);
        let returns = &r.outcome.returns;
        let n = r.record.actions.len();
        // Evenly spaced: positions j·n/k for j below k (every one where k ≥ n).
        let kept: Option<std::collections::BTreeSet<usize>> =
            per_game.map(|k| (0..k.min(n)).map(|j| j * n / k.min(n)).collect());
        for (i, text) in r.record.actions.iter().enumerate() {
            for seat in (0..seats).filter(|_| kept.as_ref().is_none_or(|k| k.contains(&i))) {
                state.observation(seat, &mut row).map_err(|e| e.to_string())?;
                out.observations.extend_from_slice(&row);
                out.returns.push((returns[seat] / unit) as f32);
                out.seats.push(seat as u16);
                out.games.push(r.index as u32);
            }
            state.apply(text).map_err(|e| format!("game {}: `{text}` refused on replay: {e}", r.index))?;
        }
    }
    Ok(out)
}
