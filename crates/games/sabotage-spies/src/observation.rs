//! The observation tensor: a seat's [`View`] as `f32`s (see `tabula_core::observation` for
//! the conventions, `docs/python-observations.md` for every game).
//!
//! Shape `[len]`, one flat vector, for `n` seats (2 or 4). The teams are asymmetric, so slots
//! stay absolute (0–1 the Villains, 2–3 the Spies) and the seat's team is given; its own
//! side (the rooms, plans and boards only its team knows) has a section of its own. A
//! **room** is one-hot over the 16 rooms (`a1`…`d4` in [`Room::ALL`] order), a set of rooms
//! 16 flags, a wall set 24 flags by [`Edge`]; a **tile** one-hot over the 48 tiles, a
//! **character** over the 8; counts of cubes are divided by 8. A **token** (a device in a
//! room) is 19 values: present, its room, its build stamp (`ln(1 + s) / ln(1001)`), the round it
//! was built / the round limit.
//!
//! | section | values | what |
//! |---|---|---|
//! | `seat`, `team` | n + 2 | the seat one-hot; its team (Villains, Spies) |
//! | `phase` | 8 | characters, starter, map, starts, roll, plan, execute, over |
//! | `round` | 1 | rounds begun / the round limit |
//! | `map` | 24 + 3 × 18 + 2 × 18 + 2 | the walls; the Doomsday Machines and the Generators (present, room, cubes / 8); the team that placed first on a variable map |
//! | `tracks` | 5 | pairs of cubes on the Hit track, cubes on the Hack track, modify cubes held by each team, slide cubes held (/ 8) |
//! | `roll` | 4 × 7 | the round's dice, each one-hot 0–6 (0: not rolled) |
//! | `characters` | 4 × 8 | each slot's character (the team's own at once, the others' once revealed) |
//! | `devices` | 10 × 19 | the public device tokens (TNT, Trip Laser ×2, Honey Pot, Hologram ×2, Reflector ×2, …) |
//! | `round_state` | 16 + 16 + 2 + 4 + 4 + 2 | smoky rooms, frozen rooms, Villains scanned, Spies removed, each Villain's Flashbang penalty this round and next / 4, each Spy's unlock markers to place / 6 |
//! | `turn` | 5 + 4 + 16 + 8 + 53 + 1 | the slot planning or choosing (4: past the last); plan steps each slot has taken / 9; the execution order (4 × slot one-hot); the stage (Villains choose, Villain 1, Villain 2, Virus, Spies choose, Spy 1, Spy 2, Trip); the decision awaited (none, Villains first, Spies first, a target for tile 0–47, window, lazy); the slide window is due |
//! | `own` | 2 × 570 + 2 + 2 × 19 + 16 + 41 + 2 | the seat's team's side: per character (below); modify and slide cubes used this round / 8; its secret devices (the Virus, the Beacon) as tokens; rooms whose Trip Laser a Spy tripped; the acting Spy's slide schedule (length / 4, each slide's wait one-hot 0–5 and direction one-hot); undeclared actions in the stretch / 5, slides done / 4 |
//! | `outcome` | 3 + 1 + 1 | the result (Villains win, Spies win, draw; zeros: not over); the characters revealed; builds so far (`ln(1 + b) / ln(1001)`) |
//! | `plan_time` | 24 + 4 + 2 | what this round's plans were made on: the walls, the Generators' cubes / 8, the modify cubes held / 8 |
//! | `deduction` | 1 + 32 + 2 + 32 + 2 + 1 | the deduction aid of the other team: possible worlds (`ln(1 + w) / ln(4097)`), the rooms each of its characters may stand in, whether each may be away (off the map or lying down), the rooms the Virus and the Beacon may be in, whether each may be in the supply, whether the aid is exact |
//! | `log` | 32 × 172 | the last 32 events of the public log, oldest first (below) |
//!
//! Per character of the seat's team (570 values): its character (8); where it is (off the
//! map, standing in a room, lying down in a room: 1 + 16 + 16); Swagger / 5; tier markers / 6;
//! the two tiles kept (2 × 48); the unlock spaces still marked (6 flags); its plan: each of
//! the five action spaces (planned flag, tile, the room chosen: 5 × 65), tile steps / 5,
//! each of its four dice (unplaced, off, on a space, on an unlock space; the space one-hot
//! 5; the face one-hot 0–6: 4 × 16), die steps / 4, spaces executed / 5, lazy, skipped
//! steps / 9, each space's wanted direction one-hot 0–5 (5 × 6); its Swagger lowered this round.
//!
//! An event of the log (172 values): its kind one-hot (characters, said, rooms, villain,
//! villain device, spy, spy device, reflected, count, wall down, built, honey pot, TNT, trip,
//! virus, landed, powered, win: 18), a slot (4), said by name or by quote (2), a tile (48), a
//! set of rooms (16), a room (16), a device kind (TNT, Trip Laser, Honey Pot, Hologram,
//! Reflector, Virus, Beacon: 7), hit, entered, a count / 8, a wall (24), a team (2), the four
//! characters revealed (4 × 8). The parts an event does not have are zeros.
//!
//! **Deliberate loss**: the public log is unbounded; the tensor keeps its last 32 events
//! (this round's declarations and answers, and the end of the last), and
//! [`observation_view`] cuts the view's log to them. What older events told the seat about
//! the other team lives on in the deduction aid's summary.

use tabula_core::observation::{Writer, log_scaled};

use crate::action::{NUM_CHARACTERS, NUM_TILES, TileId};
use crate::aid::CAP;
use crate::data::Team;
use crate::map::{Dir, Edge, NUM_EDGES, NUM_ROOMS, Room, Rooms, Walls};
use crate::state::{
    DieUse, Event, Hidden, Loc, NUM_SLOTS, Outcome, PLAN_STEPS, Pending, Phase, Piece, SPACES, Said, Stage,
    Token, team_index,
};
use crate::tiles::{DeviceKind, NUM_TOKENS};
use crate::view::View;

/// The events of the log the tensor keeps, the last ones.
pub const LOG_EVENTS: usize = 32;
/// Values per event of the log.
pub const PER_EVENT: usize =
    18 + 4 + 2 + NUM_TILES + 16 + 16 + 7 + 2 + 1 + NUM_EDGES + 2 + 4 * NUM_CHARACTERS;
/// Values per character of the seat's team.
pub const PER_CHARACTER: usize = NUM_CHARACTERS
    + 1
    + 2 * NUM_ROOMS
    + 2
    + 2 * NUM_TILES
    + 6
    + SPACES * (1 + NUM_TILES + NUM_ROOMS)
    + 1
    + 4 * 16
    + 4
    + SPACES * 6
    + 1;
/// Values per token.
const PER_TOKEN: usize = 1 + NUM_ROOMS + 2;
/// Values per piece (a machine or a generator).
const PER_PIECE: usize = 1 + NUM_ROOMS + 1;
/// The most Doomsday Machines and Generators on the map.
const MACHINES: usize = 3;
const GENERATORS: usize = 2;
/// Stages of execution, and decisions awaited.
const STAGES: usize = 8;
const PENDINGS: usize = 3 + NUM_TILES + 2;
/// The seat's side, after its two characters.
const SIDE_TAIL: usize = 2 + 2 * PER_TOKEN + NUM_ROOMS + 1 + 4 * 6 + 4 * 4 + 2;
const CUBES: f64 = 8.0;
const STAMPS: f64 = 1000.0;

/// Where the big sections start, for `n` seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// Seats.
    pub players: usize,
    /// The characters of each slot.
    pub characters: usize,
    /// The seat's team's side.
    pub own: usize,
    /// The deduction aid.
    pub deduction: usize,
    /// The log.
    pub log: usize,
    /// The number of values.
    pub len: usize,
}

impl Layout {
    /// The layout for `n` seats.
    pub const fn new(n: usize) -> Layout {
        let map = n + 2 + 8 + 1;
        let tracks = map + NUM_EDGES + MACHINES * PER_PIECE + GENERATORS * PER_PIECE + 2;
        let roll = tracks + 5;
        let characters = roll + 4 * 7;
        let devices = characters + NUM_SLOTS * NUM_CHARACTERS;
        let round_state = devices + NUM_TOKENS * PER_TOKEN;
        let turn = round_state + 2 * NUM_ROOMS + 2 + 4 + 4 + 2;
        let own = turn + 5 + 4 + 16 + STAGES + PENDINGS + 1;
        let outcome = own + 2 * PER_CHARACTER + SIDE_TAIL;
        let plan_time = outcome + 5;
        let deduction = plan_time + NUM_EDGES + 4 + 2;
        let log = deduction + 1 + 2 * NUM_ROOMS + 2 + 2 * NUM_ROOMS + 2 + 1;
        let len = log + LOG_EVENTS * PER_EVENT;
        Layout { players: n, characters, own, deduction, log, len }
    }
}

fn rooms(w: &mut Writer, rooms: Rooms) {
    w.bits(u64::from(rooms.bits()), NUM_ROOMS);
}

fn walls(w: &mut Writer, walls: Walls) {
    w.bits(u64::from(walls.bits()), NUM_EDGES);
}

fn room(w: &mut Writer, room: Option<Room>) {
    w.one_hot_opt(room.map(Room::index), NUM_ROOMS);
}

fn tile(w: &mut Writer, tile: Option<TileId>) {
    w.one_hot_opt(tile.map(|t| usize::from(t.0)), NUM_TILES);
}

fn team(team: Team) -> usize {
    team_index(team)
}

fn kind(kind: DeviceKind) -> usize {
    DeviceKind::ALL.iter().position(|&k| k == kind).unwrap_or(0)
}

fn token(w: &mut Writer, t: Option<Token>, round_limit: f64) {
    match t {
        Some(t) => {
            w.flag(true);
            room(w, Some(t.room));
            w.value(log_scaled(f64::from(t.stamp), STAMPS) as f32);
            w.scaled(f64::from(t.round), round_limit);
        }
        None => w.skip(PER_TOKEN),
    }
}

fn pieces(w: &mut Writer, pieces: &[Piece], slots: usize) {
    for k in 0..slots {
        match pieces.get(k) {
            Some(p) => {
                w.flag(true);
                room(w, Some(p.room));
                w.scaled(f64::from(p.cubes), CUBES);
            }
            None => w.skip(PER_PIECE),
        }
    }
}

fn phase_index(phase: Phase) -> usize {
    match phase {
        Phase::Characters => 0,
        Phase::Starter => 1,
        Phase::Map => 2,
        Phase::Starts => 3,
        Phase::Roll => 4,
        Phase::Plan => 5,
        Phase::Execute => 6,
        Phase::Over => 7,
    }
}

fn stage_index(stage: Stage) -> usize {
    match stage {
        Stage::VillainsFirst => 0,
        Stage::Villain(k) => 1 + usize::from(k.min(1)),
        Stage::Virus => 3,
        Stage::SpiesFirst => 4,
        Stage::Spy(k) => 5 + usize::from(k.min(1)),
        Stage::Trip => 7,
    }
}

fn pending_index(pending: Pending) -> usize {
    match pending {
        Pending::None => 0,
        Pending::First(t) => 1 + team(t),
        Pending::Target(t) => 3 + usize::from(t.0),
        // The window's second question (Build Anywhere rooms) shares its index.
        Pending::Window | Pending::Anywhere => 3 + NUM_TILES,
        Pending::Lazy | Pending::Spend => 4 + NUM_TILES,
    }
}

fn character(w: &mut Writer, c: &Hidden) {
    w.one_hot_opt(c.id.map(|id| usize::from(id.0)), NUM_CHARACTERS);
    let loc = match c.loc {
        Loc::Off => 0,
        Loc::On(r) => 1 + r.index(),
        Loc::Lying(r) => 1 + NUM_ROOMS + r.index(),
    };
    w.one_hot(loc, 1 + 2 * NUM_ROOMS);
    w.scaled(f64::from(c.swagger), 5.0);
    w.scaled(f64::from(c.tier), 6.0);
    for kept in c.kept {
        tile(w, kept);
    }
    w.bits(u64::from(c.unlock_spaces), 6);
    let plan = &c.plan;
    for planned in plan.tiles {
        w.flag(planned.is_some());
        tile(w, planned.map(|p| p.tile));
        room(w, planned.and_then(|p| p.room));
    }
    w.scaled(f64::from(plan.tile_steps), SPACES as f64);
    for die in plan.dice {
        let (kind, space, value) = match die {
            DieUse::Unplaced => (0, None, None),
            DieUse::Off => (1, None, None),
            DieUse::On { space, value } => (2, Some(usize::from(space)), Some(usize::from(value))),
            DieUse::Unlock { value } => (3, None, Some(usize::from(value))),
        };
        w.one_hot(kind, 4);
        w.one_hot_opt(space, SPACES);
        w.one_hot_opt(value, 7);
    }
    w.scaled(f64::from(plan.die_steps), 4.0);
    w.scaled(f64::from(plan.done), SPACES as f64);
    w.flag(plan.lazy);
    w.scaled(f64::from(plan.skipped), f64::from(PLAN_STEPS));
    for want in plan.want {
        w.one_hot(usize::from(want), 6);
    }
    w.flag(c.lost_swagger);
}

fn event(w: &mut Writer, e: &Event) {
    // The parts of an event, in the order of the module's table; each written once.
    let mut kind_index = 0;
    let mut slot = None;
    let mut said = None;
    let mut said_tile = None;
    let mut set = Rooms::EMPTY;
    let mut at = None;
    let mut device = None;
    let (mut hit, mut entered) = (false, false);
    let mut count = 0u8;
    let mut edge: Option<Edge> = None;
    let mut winner = None;
    let mut chars = None;
    match *e {
        Event::Characters(c) => chars = Some(c),
        Event::Said { slot: s, said: words } => {
            kind_index = 1;
            slot = Some(s);
            let (k, t) = match words {
                Said::Name(t) => (0, t),
                Said::Quote(t) => (1, t),
            };
            said = Some(k);
            said_tile = Some(t);
        }
        Event::Rooms(r) => {
            kind_index = 2;
            set = r;
        }
        Event::Villain { slot: s, room: r } => {
            kind_index = 3;
            slot = Some(s);
            at = r;
        }
        Event::VillainDevice { kind: k, room: r } => {
            kind_index = 4;
            device = Some(k);
            at = Some(r);
        }
        Event::Spy { slot: s, room: r, hit: h } => {
            kind_index = 5;
            slot = Some(s);
            at = Some(r);
            hit = h;
        }
        Event::SpyDevice { kind: k, room: r } => {
            kind_index = 6;
            device = Some(k);
            at = Some(r);
        }
        Event::Reflected(r) => {
            kind_index = 7;
            at = Some(r);
        }
        Event::Count(c) => {
            kind_index = 8;
            count = c;
        }
        Event::WallDown(e) => {
            kind_index = 9;
            edge = Some(e);
        }
        Event::Built { kind: k, room: r } => {
            kind_index = 10;
            device = Some(k);
            at = Some(r);
        }
        Event::HoneyPot(r) => {
            kind_index = 11;
            at = Some(r);
        }
        Event::Tnt(r) => {
            kind_index = 12;
            at = Some(r);
        }
        Event::Trip { room: r, entered: x } => {
            kind_index = 13;
            at = Some(r);
            entered = x;
        }
        Event::Virus(r) => {
            kind_index = 14;
            at = Some(r);
        }
        Event::Landed(s) => {
            kind_index = 15;
            slot = Some(s);
        }
        Event::Powered(r) => {
            kind_index = 16;
            at = Some(r);
        }
        Event::Win(t) => {
            kind_index = 17;
            winner = Some(team(t));
        }
    }
    w.one_hot(kind_index, 18);
    w.one_hot_opt(slot.map(usize::from), NUM_SLOTS);
    w.one_hot_opt(said, 2);
    tile(w, said_tile);
    rooms(w, set);
    room(w, at);
    w.one_hot_opt(device.map(kind), DeviceKind::ALL.len());
    w.flag(hit);
    w.flag(entered);
    w.scaled(f64::from(count), 8.0);
    w.one_hot_opt(edge.map(Edge::index), NUM_EDGES);
    w.one_hot_opt(winner, 2);
    for s in 0..NUM_SLOTS {
        w.one_hot_opt(chars.map(|c| usize::from(c[s].0)), NUM_CHARACTERS);
    }
}

/// Writes `view` into `out` (length [`Layout::len`]); `round_limit` scales the rounds.
///
/// # Panics
/// If `out` has another length.
pub fn write(view: &View, round_limit: u32, out: &mut [f32]) {
    let n = view.players as usize;
    let layout = Layout::new(n);
    let limit = f64::from(round_limit);
    let mut w = Writer::new(out);
    w.one_hot(view.seat, n);
    w.one_hot(team(view.team), 2);
    w.one_hot(phase_index(view.phase), 8);
    w.scaled(f64::from(view.round), limit);
    walls(&mut w, view.walls);
    pieces(&mut w, &view.machines, MACHINES);
    pieces(&mut w, &view.generators, GENERATORS);
    w.one_hot_opt(view.starter.map(team), 2);
    w.scaled(f64::from(view.hit_track), CUBES);
    w.scaled(f64::from(view.hack_track), CUBES);
    for m in view.modify {
        w.scaled(f64::from(m), CUBES);
    }
    w.scaled(f64::from(view.slide), CUBES);
    for die in view.roll {
        w.one_hot(usize::from(die), 7);
    }
    debug_assert_eq!(w.position(), layout.characters);
    for c in view.characters {
        w.one_hot_opt(c.map(|c| usize::from(c.0)), NUM_CHARACTERS);
    }
    for t in view.devices {
        token(&mut w, t, limit);
    }
    rooms(&mut w, view.smoke);
    rooms(&mut w, view.frozen);
    for s in view.scanned {
        w.flag(s);
    }
    for r in view.removed {
        w.flag(r);
    }
    for p in view.penalty.iter().flatten() {
        w.scaled(f64::from(*p), 4.0);
    }
    for m in view.markers {
        w.scaled(f64::from(m), 6.0);
    }
    w.one_hot(usize::from(view.slot), NUM_SLOTS + 1);
    for s in view.steps {
        w.scaled(f64::from(s), f64::from(PLAN_STEPS));
    }
    for o in view.order {
        w.one_hot(usize::from(o), NUM_SLOTS);
    }
    w.one_hot(stage_index(view.stage), STAGES);
    w.one_hot(pending_index(view.pending), PENDINGS);
    w.flag(view.window_due);
    debug_assert_eq!(w.position(), layout.own);
    let own = &view.own;
    for c in &own.chars {
        character(&mut w, c);
    }
    // Modify cubes out of reach: placed this round or spent before (Interpretation 22).
    w.scaled(f64::from(own.modify_used) + f64::from(own.modify_spent), CUBES);
    w.scaled(f64::from(own.slide_spent), CUBES);
    for t in own.secret {
        token(&mut w, t, limit);
    }
    rooms(&mut w, own.tripped);
    let schedule = &own.schedule;
    w.scaled(f64::from(schedule.len), 4.0);
    for i in 0..4 {
        let live = i < usize::from(schedule.len);
        w.one_hot_opt(live.then(|| usize::from(schedule.gaps[i])), 6);
        w.one_hot_opt(live.then(|| Dir::ALL.iter().position(|&d| d == schedule.dirs[i]).unwrap_or(0)), 4);
    }
    w.scaled(f64::from(own.stretch), 5.0);
    w.scaled(f64::from(own.slid), 4.0);
    let outcome = view.outcome.map(|o| match o {
        Outcome::Win(t) => team(t),
        Outcome::Draw => 2,
    });
    w.one_hot_opt(outcome, 3);
    w.flag(view.revealed);
    w.value(log_scaled(f64::from(view.builds), STAMPS) as f32);
    walls(&mut w, view.plan_time.walls);
    for g in view.plan_time.generators {
        w.scaled(f64::from(g), CUBES);
    }
    for m in view.plan_time.modify {
        w.scaled(f64::from(m), CUBES);
    }
    debug_assert_eq!(w.position(), layout.deduction);
    let d = &view.deduction;
    w.value(log_scaled(d.worlds as f64, CAP[1] as f64) as f32);
    for r in d.rooms {
        rooms(&mut w, r);
    }
    for a in d.away {
        w.flag(a);
    }
    for r in d.devices {
        rooms(&mut w, r);
    }
    for s in d.supply {
        w.flag(s);
    }
    w.flag(d.exact);
    debug_assert_eq!(w.position(), layout.log);
    let kept = view.log.len().min(LOG_EVENTS);
    for e in &view.log[view.log.len() - kept..] {
        let mut ew = Writer::new(w.section(PER_EVENT));
        event(&mut ew, e);
        ew.finish();
    }
    w.skip((LOG_EVENTS - kept) * PER_EVENT);
    w.finish();
}

/// The part of `view` the tensor keeps: its log cut to the last [`LOG_EVENTS`] events.
pub fn observation_view(view: &View) -> View {
    let mut v = view.clone();
    let cut = v.log.len().saturating_sub(LOG_EVENTS);
    v.log.drain(..cut);
    v
}

#[cfg(test)]
mod tests {
    use tabula_core::Game;

    use super::*;
    use crate::SabotageSpies;

    #[test]
    fn a_chosen_character_shows_to_its_team_only() {
        let game = SabotageSpies::with_defaults();
        let layout = Layout::new(4);
        assert_eq!(game.observation_shape(), vec![layout.len]);
        let mut state = game.initial_state();
        let mut legal = Vec::new();
        game.legal_actions(&state, &mut legal);
        let pick = legal[0];
        let crate::action::Action::Character(id) = pick else { panic!("slot 0 chooses first: {pick:?}") };
        game.play(&mut state, pick).unwrap();
        let mut out = vec![0.0; layout.len];
        // Seat 1, the other Villain, sees slot 0's character, in the slots and in its side.
        game.write_observation(&game.view(&state, 1), &mut out);
        assert_eq!(out[1], 1.0);
        assert_eq!(out[4], 1.0, "Villains");
        assert_eq!(out[layout.characters + usize::from(id.0)], 1.0);
        assert_eq!(out[layout.own + usize::from(id.0)], 1.0);
        // Seat 2, a Spy, does not.
        game.write_observation(&game.view(&state, 2), &mut out);
        assert_eq!(out[5], 1.0, "Spies");
        assert!(out[layout.characters..layout.characters + NUM_CHARACTERS].iter().all(|&v| v == 0.0));
    }
}
