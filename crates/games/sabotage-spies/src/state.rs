//! The state (rules §The state): what the table holds, split into what every seat sees
//! (the public part: the map's shared pieces, the tracks, the cubes held, the roll, the
//! execution's progress, the public log) and each team's **side**: what only that team
//! knows (its characters' rooms, plans, boards, its hidden devices, its cubes placed this
//! round). A team's view is the public part, its own side and the deduction aids.

use serde::{Deserialize, Serialize};

use crate::action::{CharId, Schedule, TileId};
use crate::data::Team;
use crate::map::{Edge, Room, Rooms, Walls};
use crate::tiles::{DeviceKind, NUM_TOKENS};

/// Character slots: 0 Villain 1, 1 Villain 2, 2 Spy 1, 3 Spy 2.
pub const NUM_SLOTS: usize = 4;
/// Action spaces on a player board (*invented*, rules §The player board).
pub const SPACES: usize = 5;
/// Dice per character.
pub const DICE: usize = 4;
/// Plan steps per character and round: five tile steps and four die steps (Interpretation 11).
pub const PLAN_STEPS: u8 = 9;

/// The team of a slot.
pub const fn slot_team(slot: usize) -> Team {
    if slot < 2 { Team::Villains } else { Team::Spies }
}

/// A team's index: 0 the Villains, 1 the Spies.
pub const fn team_index(team: Team) -> usize {
    match team {
        Team::Villains => 0,
        Team::Spies => 1,
    }
}

/// The other team.
pub const fn other(team: Team) -> Team {
    match team {
        Team::Villains => Team::Spies,
        Team::Spies => Team::Villains,
    }
}

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

/// Where a character is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Loc {
    /// Off the map (Spies before landing or after a hit).
    Off,
    /// Standing in a room.
    On(Room),
    /// Lying down on the landing room of a planned Parachute (immune).
    Lying(Room),
}

impl Loc {
    /// The room of a standing character.
    pub fn standing(self) -> Option<Room> {
        match self {
            Loc::On(r) => Some(r),
            _ => None,
        }
    }
}

/// What became of one die in the plan (the dice are taken in ascending order of the roll).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DieUse {
    /// Its step has not come.
    Unplaced,
    /// Not placed (the "+ die" spaces).
    Off,
    /// On action space `space` (0–4), showing `value` (modify cubes make up the difference).
    On {
        /// The space, 0-based.
        space: u8,
        /// The face shown.
        value: u8,
    },
    /// On the Villain's unlock space `value`.
    Unlock {
        /// The face shown.
        value: u8,
    },
}

/// A tile on an action space, with the room chosen when planned (Parachute, Virus, Beacon).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Planned {
    /// The tile.
    pub tile: TileId,
    /// The room chosen when planned.
    pub room: Option<Room>,
}

/// A character's plan for the round (rules §Phase II).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Plan {
    /// The five action spaces; `None` on a space whose tile step has come is `tile none`.
    pub tiles: [Option<Planned>; SPACES],
    /// Tile steps taken (0–5).
    pub tile_steps: u8,
    /// The four dice, in ascending order of the roll.
    pub dice: [DieUse; DICE],
    /// Die steps taken (0–4).
    pub die_steps: u8,
    /// Spaces executed (0–5).
    pub done: u8,
    /// The spaces whose action was executed (bit `k` space `k`): the cubes on their dice are
    /// spent; a space whose action could not be executed gives its cubes back.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub ran: u8,
    /// A deduction-aid world's plan, chosen as it is executed (never in a real game).
    pub lazy: bool,
    /// A deduction-aid world's plan steps taken without choosing them (never in a real
    /// game: the world chooses its tiles and dice when they are executed).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub skipped: u8,
    /// A deduction world's plan: per space, the direction its die must show, chosen when
    /// executed (0 any, 1–4 up, right, down, left as [`Dir::ALL`](crate::map::Dir::ALL),
    /// 5 a face with no direction); the dice themselves are left to the completion search.
    #[serde(default, skip_serializing_if = "no_want")]
    pub want: [u8; SPACES],
    /// A deduction world's plan **widened** past the aid's bound (never in a real game):
    /// it chooses its next tiles among every tile its hand and the plan rules allow, no
    /// longer judged on the side at plan time nor on the dice and cubes that must pay
    /// them (rules §The deduction aid, "Bounds").
    #[serde(default, skip_serializing_if = "is_false")]
    pub free: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn no_want(w: &[u8; SPACES]) -> bool {
    w.iter().all(|&x| x == 0)
}

/// Whether die face `v` meets want `w` (see [`Plan::want`]).
pub fn want_ok(w: u8, v: u8) -> bool {
    let dir = crate::tiles::table().direction(v);
    match w {
        0 => true,
        5 => dir.is_none(),
        w => dir == crate::map::Dir::ALL.get(usize::from(w) - 1).copied(),
    }
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl Default for Plan {
    fn default() -> Self {
        Plan {
            tiles: [None; SPACES],
            tile_steps: 0,
            dice: [DieUse::Unplaced; DICE],
            die_steps: 0,
            done: 0,
            ran: 0,
            lazy: false,
            skipped: 0,
            want: [0; SPACES],
            free: false,
        }
    }
}

impl Plan {
    /// Steps taken.
    pub fn steps(&self) -> u8 {
        self.tile_steps.saturating_add(self.die_steps).saturating_add(self.skipped)
    }

    /// The tiles planned, in space order.
    pub fn planned(&self) -> impl Iterator<Item = (usize, Planned)> + '_ {
        self.tiles.iter().enumerate().filter_map(|(i, p)| p.map(|p| (i, p)))
    }

    /// The dice values on space `space`.
    pub fn dice_on(&self, space: usize) -> impl Iterator<Item = u8> + '_ {
        self.dice.iter().filter_map(move |d| match *d {
            DieUse::On { space: s, value } if usize::from(s) == space => Some(value),
            _ => None,
        })
    }

    /// Dice placed (on spaces and unlock spaces).
    pub fn dice_placed(&self) -> u8 {
        self.dice.iter().filter(|d| matches!(d, DieUse::On { .. } | DieUse::Unlock { .. })).count() as u8
    }

    /// How many copies of `tile` the plan holds.
    pub fn count(&self, tile: TileId) -> u8 {
        self.tiles.iter().flatten().filter(|p| p.tile == tile).count() as u8
    }
}

/// What one team knows of one of its characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Hidden {
    /// The character chosen, once chosen.
    pub id: Option<CharId>,
    /// Where it is.
    pub loc: Loc,
    /// Swagger markers (Spies), 0–5.
    pub swagger: u8,
    /// Markers on the action tiers, 0–6 (tier 1: 1, tier 2: 2–3, tier 3: 4–6).
    pub tier: u8,
    /// The tiles kept from tiers 2 and 3.
    pub kept: [Option<TileId>; 2],
    /// Villains: the unlock spaces still holding a marker, bit `v − 1` for face `v`.
    pub unlock_spaces: u8,
    /// The plan of this round.
    pub plan: Plan,
    /// Whether a reveal has lowered its Swagger this round.
    pub lost_swagger: bool,
}

impl Default for Hidden {
    fn default() -> Self {
        Hidden {
            id: None,
            loc: Loc::Off,
            swagger: 0,
            tier: 0,
            kept: [None; 2],
            unlock_spaces: 0,
            plan: Plan::default(),
            lost_swagger: false,
        }
    }
}

/// A device token in a room.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Token {
    /// Its room.
    pub room: Room,
    /// The build number: the token placed longest ago is moved first (Interpretation 26).
    pub stamp: u16,
    /// The round it was built in (a Virus fires in the next one).
    pub round: u16,
}

/// What only one team knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Side {
    /// The team's two characters (slots 0–1 or 2–3).
    pub chars: [Hidden; 2],
    /// Modify cubes placed on dice this round. Those on a die whose action is executed (or
    /// on an unlock space) are spent at Clean Up; the others come back.
    pub modify_used: u8,
    /// Modify cubes spent in earlier rounds: out of the game (the publisher's FAQ), so the
    /// team has `modify - modify_spent - modify_used` left, a number the other team is not
    /// told (Interpretation 22).
    #[serde(default)]
    pub modify_spent: u8,
    /// Slide cubes spent so far this game (Spies): out of the game like modify cubes.
    pub slide_spent: u8,
    /// The team's undeclared devices on the map (Spies: the Virus and the Beacon).
    pub secret: [Option<Token>; 2],
    /// Rooms holding a Trip Laser that a standing Spy entered this round (Spies).
    pub tripped: Rooms,
    /// The acting Spy's slide schedule for the stretch since its last window.
    pub schedule: Schedule,
    /// The rooms the acting Spy named at its last window for its Virus and its Beacon
    /// (Spies; Build Anywhere chooses its room when executed).
    #[serde(default)]
    pub anywhere: [Option<Room>; 2],
    /// Undeclared actions done in the stretch.
    pub stretch: u8,
    /// Slides of the schedule done.
    pub slid: u8,
}

impl Default for Side {
    fn default() -> Self {
        Side {
            chars: [Hidden::default(); 2],
            modify_used: 0,
            modify_spent: 0,
            slide_spent: 0,
            secret: [None; 2],
            tripped: Rooms::EMPTY,
            schedule: Schedule::NONE,
            anywhere: [None; 2],
            stretch: 0,
            slid: 0,
        }
    }
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
    /// rules alone ([`Aids::unknown`](crate::aid::Aids::unknown)) plays the same game.
    /// Not part of the position: never written with it, and a position read without its
    /// history has none.
    #[serde(skip, default = "crate::aid::Aids::unknown")]
    pub aid: crate::aid::Aids,
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
