//! What each seat sees (rules §What each seat sees): its team's side and everything public
//! — the shared pieces of the map, the tracks, the cubes held, the roll, the execution's
//! progress, the characters once revealed, the public devices and the public log. The other
//! team's rooms, plans, boards, cubes placed and undeclared devices never enter a view.

use serde::Serialize;

use crate::action::{Action, CharId};
use crate::config::Config;
use crate::data::Team;
use crate::map::{Rooms, Walls};
use crate::rules;
use crate::state::{Event, Outcome, Pending, Phase, Piece, Side, Stage, State, Token, slot_team, team_index};
use crate::tiles::NUM_TOKENS;

/// One seat's view.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct View {
    /// The seat.
    pub seat: usize,
    /// Its team.
    pub team: Team,
    /// Seats at the table (2 or 4).
    pub players: u8,
    /// Where the game stands.
    pub phase: Phase,
    /// Rounds begun.
    pub round: u16,
    /// The walls.
    pub walls: Walls,
    /// The Doomsday Machines and their cubes.
    pub machines: Vec<Piece>,
    /// The Generators and their cubes.
    pub generators: Vec<Piece>,
    /// Variable map: the team that placed first.
    pub starter: Option<Team>,
    /// Pairs of cubes left on the Hit track.
    pub hit_track: u8,
    /// Cubes left on the Hack track.
    pub hack_track: u8,
    /// Modify cubes held (Villains, Spies).
    pub modify: [u8; 2],
    /// Slide cubes the Spies hold.
    pub slide: u8,
    /// The roll.
    pub roll: [u8; 4],
    /// Each slot's character: the team's own at once, the others' once revealed.
    pub characters: [Option<CharId>; 4],
    /// The device tokens every seat sees in rooms (the Spies' Virus and Beacon are in
    /// their side).
    pub devices: [Option<Token>; NUM_TOKENS],
    /// Smoky rooms this round.
    pub smoke: Rooms,
    /// Frozen rooms this round.
    pub frozen: Rooms,
    /// Villains a scan has found this round.
    pub scanned: [bool; 2],
    /// Spies removed by a hit this round.
    pub removed: [bool; 4],
    /// Per Villain: dice fewer this round and next (Flashbang).
    pub penalty: [[u8; 2]; 2],
    /// Per Spy: unlock markers to place.
    pub markers: [u8; 2],
    /// The slot planning or choosing.
    pub slot: u8,
    /// Plan steps each slot has taken this round (public: every plan has nine).
    pub steps: [u8; 4],
    /// Execution order.
    pub order: [u8; 4],
    /// Execution stage.
    pub stage: Stage,
    /// The decision execution waits for.
    pub pending: Pending,
    /// Whether the acting Spy's window is due.
    pub window_due: bool,
    /// The seat's team's side: its characters' rooms, plans and boards.
    pub own: Side,
    /// The public log.
    pub log: Vec<Event>,
    /// The result, once over.
    pub outcome: Option<Outcome>,
}

/// Seat `seat`'s view of `state`.
pub fn view(state: &State, config: &Config, seat: usize) -> View {
    let team = config.team_of(seat).unwrap_or(Team::Villains);
    let characters =
        std::array::from_fn(|s| if state.revealed || slot_team(s) == team { state.ch(s).id } else { None });
    View {
        seat,
        team,
        players: config.players,
        phase: state.phase,
        round: state.round,
        walls: state.walls,
        machines: state.machines.clone(),
        generators: state.generators.clone(),
        starter: state.starter,
        hit_track: state.hit_track,
        hack_track: state.hack_track,
        modify: state.modify,
        slide: state.slide,
        roll: state.roll,
        characters,
        devices: state.devices,
        smoke: state.smoke,
        frozen: state.frozen,
        scanned: state.scanned,
        removed: state.removed,
        penalty: state.penalty,
        markers: state.markers,
        slot: state.slot,
        steps: std::array::from_fn(|s| state.ch(s).plan.steps()),
        order: state.order,
        stage: state.stage,
        pending: state.pending,
        window_due: state.window_due,
        own: state.sides[team_index(team)],
        log: state.log.clone(),
        outcome: state.outcome,
    }
}

/// How `action`, played in `state`, appears to seat `observer`: the other team's hidden
/// steps are masked (`character ?`, `start ?`, `plan ?`, `slide ?`, `unlock ?`).
pub fn observe(state: &State, config: &Config, action: Action, observer: usize) -> String {
    let Some(slot) = rules::deciding_slot(state) else { return action.to_string() };
    let same_team = config.team_of(observer) == Some(slot_team(slot));
    if same_team {
        return action.to_string();
    }
    let masked = match action {
        Action::Character(_) => "character ?",
        Action::Start(_) => "start ?",
        Action::Tile(_)
        | Action::TileAt(..)
        | Action::TileNone
        | Action::DieOn { .. }
        | Action::DieUnlock { .. }
        | Action::DieOff => "plan ?",
        Action::Slide(_) => "slide ?",
        Action::UnlockSwagger | Action::UnlockTier(_) | Action::UnlockNone => "unlock ?",
        _ => return action.to_string(),
    };
    masked.to_owned()
}
