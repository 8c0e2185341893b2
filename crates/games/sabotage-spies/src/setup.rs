//! Positions (rules §The state, `set_state`): a state read from JSON is accepted only if it
//! breaks no rule the game keeps and the rules can play on from it.

use tabula_core::SetupError;

use crate::aid;
use crate::config::Config;
use crate::rules::{self, MAP_PIECES};
use crate::state::{Loc, Phase, State};

/// Checks a position; every problem is named, one sentence each.
///
/// # Errors
/// Every rule the position breaks.
pub fn validate(state: State, config: &Config) -> Result<State, SetupError> {
    let mut problems: Vec<String> = Vec::new();
    let mut bad = |p: String| problems.push(p);
    let (nw, nm, ng) = MAP_PIECES;
    let setting_up = matches!(state.phase, Phase::Characters | Phase::Starter | Phase::Map);
    if state.machines.len() > nm || (!setting_up && state.machines.len() != nm) {
        bad(format!("the map has {nm} Doomsday Machines, not {}", state.machines.len()));
    }
    if state.generators.len() > ng || (!setting_up && state.generators.len() != ng) {
        bad(format!("the map has {ng} Generators, not {}", state.generators.len()));
    }
    if state.phase == Phase::Map && state.walls.len() > nw {
        bad(format!("a variable map has {nw} walls, not {}", state.walls.len()));
    }
    for m in &state.machines {
        if m.cubes > 4 {
            bad(format!("the Doomsday Machine in {} holds {} cubes; each starts with 4", m.room, m.cubes));
        }
    }
    for g in &state.generators {
        if g.cubes > 2 {
            bad(format!(
                "the Generator in {} holds {} cubes; 2 make it active and it takes no more",
                g.room, g.cubes
            ));
        }
    }
    let hits = config.hits_to_win();
    let hacks = config.hacks_to_win();
    if state.hit_track >= hits {
        bad(format!("the Hit track holds {} cubes; it starts with {}", state.hit_track, hits - 1));
    }
    if state.hack_track >= hacks {
        bad(format!("the Hack track holds {} cubes; it starts with {}", state.hack_track, hacks - 1));
    }
    let machine_cubes: u8 = state.machines.iter().map(|m| m.cubes).sum();
    let hacked = hacks - 1 - state.hack_track.min(hacks - 1);
    if !setting_up && usize::from(machine_cubes) + usize::from(hacked) != 4 * nm {
        bad(format!(
            "the Doomsday Machines hold {machine_cubes} cubes and {hacked} were hacked: they must add up to {}",
            4 * nm
        ));
    }
    if state.slot > 4 {
        bad(format!("`slot` is {}, but the slots are 0 to 3", state.slot));
    }
    for s in 2..4 {
        if state.phase == Phase::Plan && state.ch(s).loc == Loc::Off && usize::from(state.slot) > s {
            let first = state.ch(s).plan.tiles[0].map(|p| p.tile);
            if first != Some(crate::plan::PARACHUTE) {
                bad(format!(
                    "Spy slot {s} is off the map without a Parachute planned first (rules §Parachute)"
                ));
            }
        }
    }
    if state.outcome.is_none() && state.phase == Phase::Over {
        bad("the game is over but has no result".into());
    }
    for (h, team) in [(0, "Villains"), (1, "Spies")] {
        if state.aid.worlds[h].is_empty() {
            bad(format!(
                "the deduction aid about the {team} holds no world: it must hold the sides the other team cannot rule out (rules §The deduction aid)"
            ));
        } else if state.aid.complete[h] && !aid::contains(&state, h) {
            bad(format!(
                "the {team}' side is not among the worlds of their deduction aid: the aid must hold every side the other team cannot rule out (rules §The deduction aid)"
            ));
        }
    }
    if !problems.is_empty() {
        return Err(SetupError { problems });
    }
    if state.outcome.is_none() && !matches!(state.phase, Phase::Roll | Phase::Starter) {
        let mut legal = Vec::new();
        rules::legal(&state, config, &mut legal);
        if legal.is_empty() {
            return Err(SetupError::one(
                "the rules cannot play on from this position: the seat to act has no legal action",
            ));
        }
    }
    Ok(state)
}
