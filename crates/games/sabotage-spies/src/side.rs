//! A team's **side** (rules §The state): what only that team knows — its characters'
//! rooms, plans and boards, its hidden devices, its cubes placed and spent — and the
//! numbers and slots every part of the game counts by. The state ([`crate::state`]) holds
//! one side per team; the deduction aid ([`crate::aid`]) holds sets of them.

use serde::{Deserialize, Serialize};

use crate::action::{CharId, Schedule, TileId};
use crate::data::Team;
use crate::map::{Room, Rooms};

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
    /// In a deduction world only (never in a game, never written): the rooms a hidden
    /// device built with its room left open may be in, the world standing for one world
    /// per room (rules §The deduction aid, "Devices"); empty where the room is `room`.
    /// While open, `room` is the first of them.
    #[serde(skip)]
    pub open: Rooms,
}

impl Token {
    /// A Virus or a Beacon built in a deduction world with its room left open: it may be
    /// in any room (Build Anywhere ignores walls).
    pub fn anywhere(round: u16) -> Token {
        Token { room: Room::ALL[0], stamp: 0, round, open: Rooms::ALL }
    }

    /// Whether the token may be in `room`.
    pub fn may_be_in(&self, room: Room) -> bool {
        if self.open.is_empty() { self.room == room } else { self.open.contains(room) }
    }

    /// The token known to be in `room` (where it may be), else unchanged.
    pub fn settled_in(self, room: Room) -> Token {
        if self.open.contains(room) { Token { room, open: Rooms::EMPTY, ..self } } else { self }
    }

    /// The token known not to be in `room`: an open room set loses it (one room left is
    /// the room).
    pub fn not_in(self, room: Room) -> Token {
        let open = self.open.without(room);
        match open.len() {
            0 => self,
            1 => Token { room: open.iter().next().unwrap_or(self.room), open: Rooms::EMPTY, ..self },
            _ => Token { room: open.iter().next().unwrap_or(self.room), open, ..self },
        }
    }
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
