//! What each seat sees (rules §What each seat sees): its team's side and everything public
//! — the shared pieces of the map, the tracks, the cubes held, the roll, the execution's
//! progress, the characters once revealed, the public devices and the public log. The other
//! team's rooms, plans, boards, cubes placed and undeclared devices never enter a view.

use std::sync::Arc;

use rand::Rng;
use serde::Serialize;

use crate::worlds::{Aids, Deduction, World, Worlds};

use crate::action::{Action, CharId};
use crate::config::Config;
use crate::data::Team;
use crate::map::{Rooms, Walls};
use crate::rules;
use crate::state::{
    Event, Outcome, Pending, Phase, Piece, PlanTime, Side, Stage, State, Token, slot_team, team_index,
};
use crate::tiles::NUM_TOKENS;

/// One seat's view.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct View {
    /// The seat.
    pub seat: usize,
    /// A spectator's view (what every seat sees), not a seat's: `seat` and `team` then
    /// mean nothing, and `own` is empty. Sent only when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub public: bool,
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
    /// Whether the characters have been revealed.
    pub revealed: bool,
    /// Declared builds so far (each public token's stamp).
    pub builds: u16,
    /// What this round's plans were made on.
    pub plan_time: PlanTime,
    /// The deduction aid of the other team: what it may be (rules §The deduction aid).
    pub deduction: Deduction,
    /// The aid's worlds themselves (for determinization; summarized by `deduction`).
    #[serde(skip)]
    pub worlds: Arc<Worlds>,
}

/// Seat `seat`'s view of `state`.
pub fn view(state: &State, config: &Config, seat: usize) -> View {
    let team = config.team_of(seat).unwrap_or(Team::Villains);
    let characters =
        std::array::from_fn(|s| if state.revealed || slot_team(s) == team { state.ch(s).id } else { None });
    View {
        public: false,
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
        revealed: state.revealed,
        builds: state.builds,
        plan_time: state.plan_time,
        deduction: Deduction::of(
            &state.aid.worlds[1 - team_index(team)],
            state.aid.exact[1 - team_index(team)],
            state.aid.complete[1 - team_index(team)],
        ),
        worlds: Arc::clone(&state.aid.worlds[1 - team_index(team)]),
    }
}

/// What every seat sees (a spectator's view): seat 0's view without its team's side, the
/// characters not yet revealed, nor any deduction aid (an aid is computed with its team's
/// own hidden side).
pub fn public(state: &State, config: &Config) -> View {
    let mut v = view(state, config, 0);
    v.public = true;
    v.own = Side::default();
    v.characters = std::array::from_fn(|s| if state.revealed { state.ch(s).id } else { None });
    let none = Arc::new(Worlds::default());
    v.deduction = Deduction::of(&none, false, false);
    v.worlds = none;
    v
}

/// A state the seat of `view` cannot tell from the real one (rules §Determinization): the
/// other team's side is a world drawn uniformly from the aid, its plans completed with
/// random legal steps as far as the view shows them taken. The copy does not track aids.
pub fn determinize<R: Rng + ?Sized>(view: &View, config: &Config, rng: &mut R) -> State {
    // A world of a thinned aid may be stale (rules §The deduction aid, "Bounds"): a few
    // draws look for one whose plans complete.
    let mut state = draw(view, config, rng).0;
    for _ in 0..8 {
        let (s, complete) = draw(view, config, rng);
        if complete {
            return s;
        }
        state = s;
    }
    state
}

/// A state holding what `view` shows and nothing else: the other team's side is empty, the
/// log and the aids too (a screen judges its own team's plans on it; [`determinize`] fills
/// in a world).
pub fn known_state(view: &View) -> State {
    let mut sides = [Side::default(); 2];
    sides[team_index(view.team)] = view.own;
    State {
        phase: view.phase,
        round: view.round,
        walls: view.walls,
        machines: view.machines.clone(),
        generators: view.generators.clone(),
        starter: view.starter,
        hit_track: view.hit_track,
        hack_track: view.hack_track,
        modify: view.modify,
        slide: view.slide,
        roll: view.roll,
        revealed: view.revealed,
        devices: view.devices,
        builds: view.builds,
        smoke: view.smoke,
        frozen: view.frozen,
        scanned: view.scanned,
        removed: view.removed,
        penalty: view.penalty,
        markers: view.markers,
        slot: view.slot,
        order: view.order,
        stage: view.stage,
        pending: view.pending,
        window_due: view.window_due,
        sides,
        log: Vec::new(),
        outcome: view.outcome,
        plan_time: view.plan_time,
        aid: Aids::default(),
    }
}

fn draw<R: Rng + ?Sized>(view: &View, config: &Config, rng: &mut R) -> (State, bool) {
    let own = team_index(view.team);
    let h = 1 - own;
    let world = match view.worlds.len() {
        0 => World::of(public_side(view, config, rng)),
        n => view.worlds.get(rng.random_range(0..n)),
    };
    let mut sides = [Side::default(); 2];
    sides[own] = view.own;
    sides[h] = world.now;
    let mut aid = Aids::of(&sides);
    aid.tracking = false;
    aid.worlds[h] = Arc::clone(&view.worlds);
    aid.exact[h] = view.deduction.exact;
    aid.complete[h] = view.deduction.complete;
    let mut state = known_state(view);
    state.sides = sides;
    state.log = view.log.clone();
    state.aid = aid;
    if state.phase == Phase::Over {
        // A game that ended mid-execution keeps its plans, of which the view shows only
        // the step counts: the world's lazy plans stand in, as far along as those.
        for c in 0..2 {
            let slot = 2 * h + c;
            state.ch_mut(slot).plan = crate::state::Plan { skipped: view.steps[slot], ..Default::default() };
        }
    }
    let complete = !matches!(state.phase, Phase::Plan | Phase::Execute)
        || crate::aid::complete_plans(&mut state, config, &world.start, h, view.steps, rng);
    (state, complete)
}

/// How `action`, played in `state`, appears to seat `observer`: the other team's hidden
/// steps are masked (`character ?`, `start ?`, `plan ?`, `slide ?`, `anywhere ?`, `unlock ?`).
pub fn observe(state: &State, config: &Config, action: Action, observer: usize) -> String {
    let Some(slot) = rules::deciding_slot(state) else { return action.to_string() };
    let same_team = config.team_of(observer) == Some(slot_team(slot));
    if same_team {
        return action.to_string();
    }
    action.masked().map_or_else(|| action.to_string(), str::to_owned)
}

/// Where no aid is kept (a position read without its history, a state keeping the rules
/// alone): a side of the other team drawn from what is public alone. Its characters are
/// the revealed ones (or drawn among their team's, none alike), each in a room drawn
/// uniformly (a Villain in a room without a Generator before the first round; a Spy off
/// the map before landing or after a hit), with blank boards and no hidden device.
fn public_side<R: Rng + ?Sized>(view: &View, config: &Config, rng: &mut R) -> Side {
    use crate::map::Room;
    use crate::state::{Hidden, Loc};
    let own = team_index(view.team);
    let h = 1 - own;
    let team = if h == 0 { Team::Villains } else { Team::Spies };
    let data = crate::data::data();
    let mut side = Side::default();
    let chosen = match view.phase {
        Phase::Characters => usize::from(view.slot),
        _ => 4,
    };
    let mut taken: Vec<CharId> = view.characters.iter().flatten().copied().collect();
    let generators: Vec<Room> = view.generators.iter().map(|g| g.room).collect();
    let any_room = |rng: &mut R, avoid: &[Room]| {
        let rooms: Vec<Room> = Room::ALL.into_iter().filter(|r| !avoid.contains(r)).collect();
        rooms[rng.random_range(0..rooms.len())]
    };
    for c in 0..2 {
        let slot = 2 * h + c;
        let mut ch = Hidden::default();
        if h == 0 && !config.intro {
            // A full game's Villain starts with a marker on every unlock space.
            ch.unlock_spaces = 0b11_1111;
        }
        ch.id = match view.characters[slot] {
            Some(id) => Some(id),
            None if slot < chosen => {
                let free: Vec<CharId> = (0..data.characters.len())
                    .filter(|&i| data.characters[i].team == team)
                    .map(|i| CharId(i as u8))
                    .filter(|id| !taken.contains(id))
                    .collect();
                let id = free.get(rng.random_range(0..free.len().max(1))).copied();
                taken.extend(id);
                id
            }
            None => None,
        };
        ch.loc = if h == 0 {
            let placed = match view.phase {
                Phase::Characters | Phase::Starter | Phase::Map => false,
                Phase::Starts => slot < usize::from(view.slot),
                _ => true,
            };
            if placed {
                Loc::On(any_room(rng, if view.round == 0 { &generators } else { &[] }))
            } else {
                Loc::Off
            }
        } else {
            let landed = view.log.iter().any(|e| matches!(e, Event::Landed(s) if usize::from(*s) == slot));
            if landed && !view.removed[slot] { Loc::On(any_room(rng, &[])) } else { Loc::Off }
        };
        side.chars[c] = ch;
    }
    side
}
