//! The state (rules §The state): what the table holds, split into what every seat sees
//! (the public part: the map's shared pieces, the tracks, the cubes held, the roll, the
//! execution's progress, the public log) and each team's **side**: what only that team
//! knows (its characters' rooms, plans, boards, its hidden devices, its cubes placed this
//! round). A team's view is the public part, its own side and the deduction aids. The
//! side's types are in [`crate::side`].

use serde::{Deserialize, Serialize};

use crate::action::{CharId, TileId};
use crate::data::Team;
use crate::map::{Edge, Room, Rooms, Walls};
use crate::tiles::{DeviceKind, NUM_TOKENS};

// A team's side and the counts of slots, spaces and dice, kept here too under their old paths.
pub use crate::side::{
    DICE, DieUse, Hidden, Loc, NUM_SLOTS, PLAN_STEPS, Plan, Planned, SPACES, Side, Token, other, slot_team,
    team_index, want_ok,
};

/// Where the game stands (rules §Setup, §A round).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Setup step 3: the characters are chosen, slot by slot.
    Characters,
    /// Variable map: the chance node picking the team that places first.
    Starter,
    /// Variable map: the teams place walls, machines and generators in turn.
    Map,
    /// Setup step 12: each Villain chooses a room.
    Starts,
    /// Phase I: the chance node of the roll.
    Roll,
    /// Phase II: the characters plan, one after the other.
    Plan,
    /// Phase III: execution.
    Execute,
    /// The game is over.
    Over,
}

/// One Doomsday Machine or Generator with its cubes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// Its room.
    pub room: Room,
    /// Its cubes.
    pub cubes: u8,
}

/// What execution waits for (rules §Phase III).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// The Villains choose who goes first.
    VillainsFirst,
    /// The `n`-th Villain (0 or 1 in `order`) executes.
    Villain(u8),
    /// The Viruses built last round fire.
    Virus,
    /// The Spies choose who goes first.
    SpiesFirst,
    /// The `n`-th Spy executes.
    Spy(u8),
    /// The Trip Lasers are asked.
    Trip,
}

/// A decision execution waits for, besides unlock markers (rules §Phase III).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pending {
    /// Nothing: execution goes on by itself.
    None,
    /// A team chooses the character that goes first.
    First(Team),
    /// The acting character chooses the target of its declared tile.
    Target(TileId),
    /// The acting Spy chooses its slide schedule.
    Window,
    /// The acting Spy names, at its window, the rooms of its Virus and Beacon (Build
    /// Anywhere) should they be executed before the next window.
    Anywhere,
    /// A deduction-aid world chooses the acting character's next tile (never in a real game).
    Lazy,
    /// A deduction-aid world, its round executed, settles how many modify cubes its lazy
    /// plans spent: they leave the game, so the number matters next round (never in a real
    /// game).
    Spend,
}

/// What a declared action says: its name or its quote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Said {
    /// The tile's name.
    Name(TileId),
    /// The quote of the tiles sharing it (by the first such tile).
    Quote(TileId),
}

/// A public event: a declaration or an answer the rules make aloud (rules §Phase III).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Event {
    /// The four characters, revealed together (setup step 3).
    Characters([CharId; 4]),
    /// A character declares an action.
    Said {
        /// The slot.
        slot: u8,
        /// The words.
        said: Said,
    },
    /// The rooms an action targets, declared.
    Rooms(Rooms),
    /// A Villain found by a scan or a Flashbang (no room: Camouflage).
    Villain {
        /// The Villain's slot.
        slot: u8,
        /// Its room, unless camouflaged.
        room: Option<Room>,
    },
    /// A Villain device found (Eagle Eye) or returned by a hack.
    VillainDevice {
        /// The kind.
        kind: DeviceKind,
        /// The room.
        room: Room,
    },
    /// A Spy found by a reveal or hit by an attack.
    Spy {
        /// The Spy's slot.
        slot: u8,
        /// Its room.
        room: Room,
        /// Whether it was hit (an attack) rather than found (a reveal).
        hit: bool,
    },
    /// A Spy device found by a reveal or an attack (returned when attacked).
    SpyDevice {
        /// The kind.
        kind: DeviceKind,
        /// The room.
        room: Room,
    },
    /// A Reflector turned an attack away from its room.
    Reflected(Room),
    /// A Motion Detector's count.
    Count(u8),
    /// A wall destroyed.
    WallDown(Edge),
    /// A device built where every seat sees it.
    Built {
        /// The kind.
        kind: DeviceKind,
        /// The room.
        room: Room,
    },
    /// A Spy entered the Honey Pot's room ("honey pot").
    HoneyPot(Room),
    /// A Spy entered the TNT's room ("TNT"): it explodes.
    Tnt(Room),
    /// A Trip Laser's answer: whether a Spy entered its room this round.
    Trip {
        /// The room.
        room: Room,
        /// The answer.
        entered: bool,
    },
    /// The Virus hacks its room.
    Virus(Room),
    /// A Spy lands (the half or the Beacon is the `land` action).
    Landed(u8),
    /// A Generator gets a cube.
    Powered(Room),
    /// A team wins.
    Win(Team),
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// A team won.
    Win(Team),
    /// The round limit passed.
    Draw,
}

/// The full (referee) state. Two states are equal when the rules see them alike: the
/// deduction aids kept beside the rules ([`State::aid`]) are not part of the position.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct State {
    /// Where the game stands.
    pub phase: Phase,
    /// Rounds begun (0 during setup).
    pub round: u16,
    /// The walls.
    pub walls: Walls,
    /// The Doomsday Machines with their cubes (none yet on a variable map being set up).
    pub machines: Vec<Piece>,
    /// The Generators with their cubes.
    pub generators: Vec<Piece>,
    /// Variable map: the team that placed first.
    pub starter: Option<Team>,
    /// Pairs of cubes (modify + slide) left on the Hit track.
    pub hit_track: u8,
    /// Modify cubes left on the Hack track.
    pub hack_track: u8,
    /// Modify cubes each team has received (Villains, Spies), spent ones included: a public
    /// count (the tracks are public); what is left is this less the side's `modify_spent`.
    pub modify: [u8; 2],
    /// Slide cubes the Spies have received, spent ones included.
    pub slide: u8,
    /// The round's roll, ascending.
    pub roll: [u8; 4],
    /// Whether the characters have been revealed to everyone.
    pub revealed: bool,
    /// The public device tokens in rooms (index: TNT, Trip Laser ×2, Honey Pot, Hologram
    /// ×2, Reflector ×2; the Virus and the Beacon are the Spies' secret).
    pub devices: [Option<Token>; NUM_TOKENS],
    /// Builds so far (the next token's stamp).
    pub builds: u16,
    /// Smoky rooms this round.
    pub smoke: Rooms,
    /// Frozen rooms this round.
    pub frozen: Rooms,
    /// Villain slots a scan has found this round.
    pub scanned: [bool; 2],
    /// Per slot: removed by a hit this round.
    pub removed: [bool; NUM_SLOTS],
    /// Per Villain slot: dice fewer this round (Flashbang) and next round.
    pub penalty: [[u8; 2]; 2],
    /// Per Spy slot: unlock markers gained and not yet placed.
    pub markers: [u8; 2],
    /// The slot planning (Phase II) or choosing (setup).
    pub slot: u8,
    /// Execution: the characters in execution order (the Villains', then the Spies').
    pub order: [u8; NUM_SLOTS],
    /// Execution: where it stands.
    pub stage: Stage,
    /// Execution: the decision it waits for.
    pub pending: Pending,
    /// Execution: the acting Spy's next slide window is due.
    pub window_due: bool,
    /// Each team's side: Villains, Spies.
    pub sides: [Side; 2],
    /// The public log.
    pub log: Vec<Event>,
    /// The result, once over.
    pub outcome: Option<Outcome>,
    /// What the plans of this round were made on (public; set by the roll).
    #[serde(default)]
    pub plan_time: PlanTime,
    /// The deduction aids kept beside the rules: each team's possible sides as the other
    /// team may know them, for the views. The rules never read them; a state keeping the
    /// rules alone ([`Aids::unknown`](crate::worlds::Aids::unknown)) plays the same game.
    /// Not part of the position: never written with it, and a position read without its
    /// history has none.
    #[serde(skip, default = "crate::worlds::Aids::unknown")]
    pub aid: crate::worlds::Aids,
}

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.agrees(other, true, None)
    }
}

impl State {
    /// Whether `self` and `other` agree in every field the rules read, the public log only
    /// where `log` is true, and each team's side except team `hidden`'s (0 the Villains, 1
    /// the Spies) where one is given. The aids are never compared: they are not part of
    /// the position.
    pub fn agrees(&self, other: &State, log: bool, hidden: Option<usize>) -> bool {
        // Every field named, so that a new field cannot be forgotten here.
        let State {
            phase,
            round,
            walls,
            machines,
            generators,
            starter,
            hit_track,
            hack_track,
            modify,
            slide,
            roll,
            revealed,
            devices,
            builds,
            smoke,
            frozen,
            scanned,
            removed,
            penalty,
            markers,
            slot,
            order,
            stage,
            pending,
            window_due,
            sides,
            log: events,
            outcome,
            plan_time,
            aid: _,
        } = self;
        *phase == other.phase
            && *round == other.round
            && *walls == other.walls
            && *machines == other.machines
            && *generators == other.generators
            && *starter == other.starter
            && *hit_track == other.hit_track
            && *hack_track == other.hack_track
            && *modify == other.modify
            && *slide == other.slide
            && *roll == other.roll
            && *revealed == other.revealed
            && *devices == other.devices
            && *builds == other.builds
            && *smoke == other.smoke
            && *frozen == other.frozen
            && *scanned == other.scanned
            && *removed == other.removed
            && *penalty == other.penalty
            && *markers == other.markers
            && *slot == other.slot
            && *order == other.order
            && *stage == other.stage
            && *pending == other.pending
            && *window_due == other.window_due
            && (0..2).all(|t| hidden == Some(t) || sides[t] == other.sides[t])
            && (!log || *events == other.log)
            && *outcome == other.outcome
            && *plan_time == other.plan_time
    }
}

/// The public facts a plan is judged on (rules §Phase II): the walls, the Generators' cubes
/// and the modify cubes held when the round's plans were made. Execution may change them;
/// a deduction world choosing its plan as it executes judges it on these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct PlanTime {
    /// The walls.
    pub walls: Walls,
    /// Each Generator's cubes, in the order of `generators`.
    pub generators: [u8; 4],
    /// Modify cubes received (Villains, Spies).
    pub modify: [u8; 2],
}

impl PlanTime {
    /// The plan-time facts of `state` now.
    pub fn of(state: &State) -> PlanTime {
        let mut generators = [0; 4];
        for (g, p) in generators.iter_mut().zip(&state.generators) {
            *g = p.cubes;
        }
        PlanTime { walls: state.walls, generators, modify: state.modify }
    }

    /// Puts these facts back into `state` (a copy judged as at plan time).
    pub fn restore(&self, state: &mut State) {
        state.walls = self.walls;
        state.modify = self.modify;
        for (p, &g) in state.generators.iter_mut().zip(&self.generators) {
            p.cubes = g;
        }
    }
}

impl State {
    /// The side of a team.
    pub fn side(&self, team: Team) -> &Side {
        &self.sides[team_index(team)]
    }

    /// The side of a team, to change.
    pub fn side_mut(&mut self, team: Team) -> &mut Side {
        &mut self.sides[team_index(team)]
    }

    /// What a slot's team knows of it.
    pub fn ch(&self, slot: usize) -> &Hidden {
        &self.sides[slot / 2].chars[slot % 2]
    }

    /// The same, to change.
    pub fn ch_mut(&mut self, slot: usize) -> &mut Hidden {
        &mut self.sides[slot / 2].chars[slot % 2]
    }

    /// The Virus (`which` 0) or the Beacon (1) of the Spies, if on the map.
    pub fn secret(&self, which: usize) -> Option<Token> {
        self.sides[1].secret[which]
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
}
