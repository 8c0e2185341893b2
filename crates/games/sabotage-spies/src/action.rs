//! Actions, their text notation and their dense index (rules §Notation).
//!
//! Input is case-insensitive and free with spaces; [`Action`]'s `Display` writes the
//! canonical text, which [`Action::parse`] reads back to the same action.
//!
//! | text | action |
//! |---|---|
//! | `roll 1 3 3 6` | [`Action::Roll`]: chance, the four dice 1–6, sorted (any order and `roll 1336` accepted) |
//! | `starter villains`, `starter spies` | [`Action::Starter`]: chance, the team that places first on a variable map |
//! | `wall b2 c2` | [`Action::Wall`]: a wall between two adjacent rooms (either order; `b2\|c2` accepted) |
//! | `machine a4`, `generator d1` | [`Action::Machine`], [`Action::Generator`] |
//! | `character hawk` | [`Action::Character`] (`count-v`, `countv` and `count v` accepted) |
//! | `start c2` | [`Action::Start`] |
//! | `tile move-scan`, `tile none` | [`Action::Tile`], [`Action::TileNone`] |
//! | `tile parachute b3`, `tile virus c4`, `tile beacon a2` | [`Action::TileAt`] |
//! | `die 3 on 2`, `die off` | [`Action::DieOn`] (die 1–6 on action space 1–5), [`Action::DieOff`] |
//! | `die 5 unlock`, `die 5 unlock searchlight` | [`Action::DieUnlock`] (a Villain advanced tile kept) |
//! | `first chantico` | [`Action::First`] |
//! | `aim left`, `aim c3` | [`Action::AimDir`], [`Action::AimRoom`] |
//! | `build b2` | [`Action::Build`] |
//! | `build b2 from a1` | [`Action::BuildFrom`]: with both tokens of the kind on the map, the one picked up |
//! | `scan row 2`, `scan col c`, `scan quad ne` | [`Action::Scan`] (`column`, `quadrant` accepted) |
//! | `detect col b` | [`Action::Detect`] |
//! | `land top`, `bottom`, `left`, `right`, `land beacon` | [`Action::Land`] |
//! | `unlock swagger`, `unlock tier`, `unlock tier thermo`, `unlock none` | [`Action::UnlockSwagger`], [`Action::UnlockTier`], [`Action::UnlockNone`] |
//! | `slide none`, `slide up`, `slide up wait left` | [`Action::Slide`]: each `wait` delays the next slide by one undeclared action |
//! | `anywhere none`, `anywhere virus b2`, `anywhere beacon c3`, `anywhere virus b2 beacon c3` | [`Action::Anywhere`]: at a window, the rooms the acting Spy's Virus and Beacon are built in if executed before the next |
//!
//! Directions are `up right down left`, `u r d l` or `n e s w`. Tiles and characters are
//! named by their ids in the data file (`move-scan`, `count-v`); hyphens, spaces and case do
//! not matter on input. A `wait` after a schedule's last slide changes nothing and is not
//! written.
//!
//! **The dense index** ([`Action::index`], `0..`[`NUM_ACTIONS`]) is fixed. Rooms, edges,
//! directions and areas are numbered as in [`crate::map`]; characters and tiles as
//! [`CharId`] and [`TileId`].
//!
//! | actions | count | first index | index |
//! |---|---|---|---|
//! | `roll a b c d` | 126 | 0 | rank of the sorted dice in lexicographic order (`1 1 1 1` = 0 … `6 6 6 6` = 125) |
//! | `starter villains`, `starter spies` | 2 | 126 | in that order |
//! | `wall E` | 24 | 128 | E |
//! | `machine R` | 16 | 152 | R |
//! | `generator R` | 16 | 168 | R |
//! | `character C` | 8 | 184 | C |
//! | `start R` | 16 | 192 | R |
//! | `tile T` | 48 | 208 | T (`tile parachute` has an index but is never legal) |
//! | `tile parachute R`, `tile virus R`, `tile beacon R` | 48 | 256 | 16·k + R, k = 0, 1, 2 in that order (`tile virus R` and `tile beacon R` were legal until issue 29; never now) |
//! | `tile none` | 1 | 304 | — |
//! | `die V on S` | 30 | 305 | 5·(V − 1) + S − 1 |
//! | `die V unlock` | 6 | 335 | V − 1 |
//! | `die V unlock T`, T a Villain advanced tile | 120 | 341 | 20·(V − 1) + T − 28 |
//! | `die off` | 1 | 461 | — |
//! | `first C` | 8 | 462 | C |
//! | `aim D` | 4 | 470 | D |
//! | `aim R` | 16 | 474 | R |
//! | `build R` | 16 | 490 | R |
//! | `scan A` | 12 | 506 | A ([`Area::scan_index`]) |
//! | `detect A` | 12 | 518 | A |
//! | `land top`, `bottom`, `left`, `right`, `beacon` | 5 | 530 | in that order |
//! | `unlock swagger`, `unlock tier`, `unlock none` | 3 | 535 | in that order |
//! | `unlock tier T`, T a Spy advanced tile | 20 | 538 | T − 8 |
//! | `slide …` | 36,201 | 558 | the schedule's rank ([`Schedule::rank`]) |
//! | `build R from F` | 256 | 36,759 | 16·R + F |
//! | `anywhere …` | 289 | 37,015 | 17·v + b, v and b 0 for none, else 1 + the room of the Virus and of the Beacon |
//!
//! ```
//! use tabula_sabotage_spies::action::Action;
//!
//! let action = Action::parse("Slide  N wait W").unwrap();
//! assert_eq!(action.to_string(), "slide up wait left");
//! assert_eq!(Action::from_index(action.index()), Some(action));
//! assert_eq!(Action::parse("roll 6 3 3 1").unwrap().to_string(), "roll 1 3 3 6");
//! ```

use std::fmt;
use std::str::FromStr;

use tabula_core::ParseActionError;
use tabula_core::error::quote;

use crate::data::{Team, data};
use crate::map::{Area, Dir, Edge, Half, Room};

/// The number of distinct actions (rules §Notation: 558 + 36,201 + 256 + 289).
pub const NUM_ACTIONS: usize = 37_304;
/// Tiles in the notation (the 8 starting tiles, then 8 characters × 5).
pub const NUM_TILES: usize = 48;
/// Characters (Spies acrobat, hacker, hawk, juicer; Villains chantico, count-v, nadesh, ophidian).
pub const NUM_CHARACTERS: usize = 8;
/// The most slides in one schedule.
pub const MAX_SLIDES: usize = 4;
/// The most `wait`s before a slide (a stretch has at most 5 undeclared actions).
pub const MAX_GAP: u8 = 5;
/// The number of slide schedules (rules §Notation: Σₖ C(5 + k, k)·4ᵏ for k = 0–4).
pub const NUM_SCHEDULES: usize = 36_201;

/// A tile: its index in the data file's `tiles` (rules §Notation: 0–47).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileId(pub u8);

/// A character: 0–7 in the order acrobat, hacker, hawk, juicer, chantico, count-v, nadesh, ophidian.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CharId(pub u8);

/// The three tiles planned with a room (rules §Phase II).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RoomTile {
    /// `tile parachute R`: the landing room.
    Parachute,
    /// `tile virus R`: never legal since issue 29 (the room is chosen at a window).
    Virus,
    /// `tile beacon R`: never legal since issue 29 (the room is chosen at a window).
    Beacon,
}

/// What a Parachute declares when it lands (rules §Parachute).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Landing {
    /// A half of the map containing the landing room.
    Half(Half),
    /// `land beacon`: the landing room holds the Beacon.
    Beacon,
}

/// A slide window's schedule (rules §Slide windows): `len` slides, slide `i` in direction
/// `dirs[i]` after `gaps[i]` undeclared actions of the stretch (non-decreasing, 0..=5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Schedule {
    /// Slides in the schedule, 0..=4.
    pub len: u8,
    /// The `wait`s before each slide, counted from the window; entries past `len` are 0.
    pub gaps: [u8; MAX_SLIDES],
    /// Each slide's direction; entries past `len` are `Dir::Up`.
    pub dirs: [Dir; MAX_SLIDES],
}

/// A player action or a chance outcome (rules §Notation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// `roll 1 3 3 6`: chance, the four dice, sorted ascending.
    Roll([u8; 4]),
    /// `starter villains`: chance, the team that places first on a variable map.
    Starter(Team),
    /// `wall b2 c2`: variable map, a wall on an inner edge.
    Wall(Edge),
    /// `machine a4`.
    Machine(Room),
    /// `generator d1`.
    Generator(Room),
    /// `character hawk`: the next slot's character.
    Character(CharId),
    /// `start c2`: the next Villain's room.
    Start(Room),
    /// `tile move-scan`: the next action space's tile (never Parachute, Virus or Beacon).
    Tile(TileId),
    /// `tile parachute b3`, `tile virus c4`, `tile beacon a2`.
    TileAt(RoomTile, Room),
    /// `tile none`.
    TileNone,
    /// `die 3 on 2`: the next die, showing `value` (1–6), on action space `space` (1–5).
    DieOn {
        /// The die's value, 1–6.
        value: u8,
        /// The action space, 1–5.
        space: u8,
    },
    /// `die 5 unlock`, `die 5 unlock searchlight`: the next die on unlock space `value`,
    /// naming the tile kept when the marker fills tier 2 or 3 (a Villain advanced tile, 28–47).
    DieUnlock {
        /// The die's value, 1–6: the unlock space.
        value: u8,
        /// The Villain advanced tile kept, if named.
        keep: Option<TileId>,
    },
    /// `die off`.
    DieOff,
    /// `first chantico`.
    First(CharId),
    /// `aim left`.
    AimDir(Dir),
    /// `aim c3`.
    AimRoom(Room),
    /// `build b2`.
    Build(Room),
    /// `build b2 from a1`: a build while both tokens of the kind are on the map, in two
    /// rooms: the token picked up (the one in `from`) is placed in `room`.
    BuildFrom {
        /// Where the token is placed.
        room: Room,
        /// The room of the token picked up.
        from: Room,
    },
    /// `scan row 2` (rows, columns, quadrants only).
    Scan(Area),
    /// `detect col b`.
    Detect(Area),
    /// `land top`, `land beacon`.
    Land(Landing),
    /// `unlock swagger`.
    UnlockSwagger,
    /// `unlock tier`, `unlock tier thermo` (a Spy advanced tile, 8–27).
    UnlockTier(Option<TileId>),
    /// `unlock none`.
    UnlockNone,
    /// `slide none`, `slide up wait left`.
    Slide(Schedule),
    /// `anywhere virus b2 beacon c3`, `anywhere none`: at a window, the rooms the acting
    /// Spy's Virus (index 0) and Beacon (1) are built in, if executed before the next
    /// window (Build Anywhere: "you can choose the location when executing").
    Anywhere([Option<Room>; 2]),
}

/// The Spies' advanced tiles (acrobat's to juicer's), by [`TileId`].
const SPY_ADVANCED: std::ops::Range<u8> = 8..28;
/// The Villains' advanced tiles (chantico's to ophidian's), by [`TileId`].
const VILLAIN_ADVANCED: std::ops::Range<u8> = 28..48;

/// Letters, digits and nothing else, lowercase: how names are compared on input, so that
/// `Count V`, `count-v` and `countv` agree.
fn normalize(name: &str) -> String {
    name.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect()
}

impl TileId {
    /// The tile's id in the data file (`move-scan`), or `?` for an id past the 48 tiles.
    pub fn name(self) -> &'static str {
        data().tiles.get(usize::from(self.0)).map_or("?", |t| t.id.as_str())
    }

    /// The tile with this id (`move-scan`) or printed name (`Move & Scan`), ignoring case,
    /// spaces and punctuation.
    pub fn from_name(name: &str) -> Option<TileId> {
        let wanted = normalize(name);
        let tiles = &data().tiles;
        let i = tiles.iter().position(|t| normalize(&t.id) == wanted || normalize(&t.name) == wanted)?;
        u8::try_from(i).ok().map(TileId)
    }
}

impl fmt::Display for TileId {
    /// The tile's id, as [`TileId::name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl CharId {
    /// The character's id in the data file (`count-v`), or `?` for an id past the eight.
    pub fn name(self) -> &'static str {
        data().characters.get(usize::from(self.0)).map_or("?", |c| c.id.as_str())
    }

    /// The character with this id (`count-v`) or printed name (`Count V`), ignoring case,
    /// spaces and punctuation.
    pub fn from_name(name: &str) -> Option<CharId> {
        let wanted = normalize(name);
        let chars = &data().characters;
        let i = chars.iter().position(|c| normalize(&c.id) == wanted || normalize(&c.name) == wanted)?;
        u8::try_from(i).ok().map(CharId)
    }
}

impl fmt::Display for CharId {
    /// The character's id, as [`CharId::name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl RoomTile {
    /// The three in index order: parachute, virus, beacon.
    pub const ALL: [RoomTile; 3] = [RoomTile::Parachute, RoomTile::Virus, RoomTile::Beacon];

    /// The tile: Parachute 3, Virus 9, Beacon 15.
    pub const fn tile(self) -> TileId {
        match self {
            RoomTile::Parachute => TileId(3),
            RoomTile::Virus => TileId(9),
            RoomTile::Beacon => TileId(15),
        }
    }

    /// The room tile that `tile` is, if it is one.
    pub fn of(tile: TileId) -> Option<RoomTile> {
        RoomTile::ALL.into_iter().find(|r| r.tile() == tile)
    }

    /// The name: `parachute`, `virus`, `beacon`.
    pub const fn name(self) -> &'static str {
        match self {
            RoomTile::Parachute => "parachute",
            RoomTile::Virus => "virus",
            RoomTile::Beacon => "beacon",
        }
    }
}

impl fmt::Display for RoomTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Landing {
    /// The five in index order: top, bottom, left, right, beacon.
    pub const ALL: [Landing; 5] = [
        Landing::Half(Half::Top),
        Landing::Half(Half::Bottom),
        Landing::Half(Half::Left),
        Landing::Half(Half::Right),
        Landing::Beacon,
    ];

    /// `0..5`: top, bottom, left, right, beacon.
    pub const fn index(self) -> usize {
        match self {
            Landing::Half(h) => h as usize,
            Landing::Beacon => 4,
        }
    }

    /// The name: `top`, `bottom`, `left`, `right`, `beacon`.
    pub const fn name(self) -> &'static str {
        match self {
            Landing::Half(h) => h.name(),
            Landing::Beacon => "beacon",
        }
    }
}

impl fmt::Display for Landing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// C(n, k), for the small numbers of the index.
const fn binomial(n: usize, k: usize) -> usize {
    let mut result = 1;
    let mut i = 0;
    while i < k {
        // Exact at every step: the product of i + 1 consecutive integers is divisible by (i + 1)!.
        result = result * (n - i) / (i + 1);
        i += 1;
    }
    result
}

/// How many values a die or a gap takes: 1–6 as 0–5, or gaps 0–5.
const VALUES: usize = 6;

/// The non-decreasing sequences of `len` values out of [`VALUES`] that start at `from` or
/// above: C(VALUES − from + len − 1, len).
const fn sequences(from: usize, len: usize) -> usize {
    binomial(VALUES - from + len - 1, len)
}

/// The lexicographic rank of a non-decreasing sequence of values `0..VALUES` among those of
/// its length (values past the range count as the last one).
fn rank_sequence(seq: &[u8]) -> usize {
    let mut rank = 0;
    let mut low = 0;
    for (i, &x) in seq.iter().enumerate() {
        let x = usize::from(x).min(VALUES - 1);
        let rest = seq.len() - i - 1;
        rank += (low..x).map(|v| sequences(v, rest)).sum::<usize>();
        low = low.max(x);
    }
    rank
}

/// Fills `out` with the non-decreasing sequence of values `0..VALUES` of rank `rank`
/// (`rank < sequences(0, out.len())`).
fn unrank_sequence(mut rank: usize, out: &mut [u8]) {
    let len = out.len();
    let mut v = 0;
    for (i, slot) in out.iter_mut().enumerate() {
        let rest = len - i - 1;
        while v < VALUES - 1 && rank >= sequences(v, rest) {
            rank -= sequences(v, rest);
            v += 1;
        }
        *slot = v as u8;
    }
}

/// The schedules of `k` slides: C(5 + k, k) gap sequences times 4ᵏ direction sequences.
const fn schedules_of(k: usize) -> usize {
    sequences(0, k) * 4usize.pow(k as u32)
}

impl Schedule {
    /// No slide: `slide none`.
    pub const NONE: Schedule = Schedule { len: 0, gaps: [0; MAX_SLIDES], dirs: [Dir::Up; MAX_SLIDES] };

    /// The schedule of these `(gap, direction)` slides, in order, or `None` if there are more
    /// than [`MAX_SLIDES`], the gaps decrease or one is past [`MAX_GAP`].
    pub fn new(slides: &[(u8, Dir)]) -> Option<Schedule> {
        if slides.len() > MAX_SLIDES {
            return None;
        }
        let mut schedule = Schedule::NONE;
        let mut last = 0;
        for (i, &(gap, dir)) in slides.iter().enumerate() {
            if gap < last || gap > MAX_GAP {
                return None;
            }
            last = gap;
            schedule.gaps[i] = gap;
            schedule.dirs[i] = dir;
        }
        schedule.len = slides.len() as u8;
        Some(schedule)
    }

    /// The slides in order, each as `(gap, direction)`: the `wait`s before it, counted from
    /// the window, and where it goes.
    pub fn slides(&self) -> impl Iterator<Item = (u8, Dir)> + use<> {
        let Schedule { len, gaps, dirs } = *self;
        gaps.into_iter().zip(dirs).take(usize::from(len))
    }

    /// The rank in `0..NUM_SCHEDULES` (rules §Notation): by the number of slides, then the
    /// gaps (lexicographic), then the directions (lexicographic, up < right < down < left).
    /// `slide none` is 0.
    pub fn rank(&self) -> usize {
        let k = usize::from(self.len).min(MAX_SLIDES);
        let before: usize = (0..k).map(schedules_of).sum();
        let gaps = rank_sequence(&self.gaps[..k]);
        let dirs = self.dirs[..k].iter().fold(0, |acc, d| acc * 4 + d.index());
        before + gaps * 4usize.pow(k as u32) + dirs
    }

    /// The schedule of this rank, or `None` past [`NUM_SCHEDULES`].
    pub fn unrank(rank: usize) -> Option<Schedule> {
        let mut rest = rank;
        for k in 0..=MAX_SLIDES {
            let count = schedules_of(k);
            if rest >= count {
                rest -= count;
                continue;
            }
            let mut schedule = Schedule { len: k as u8, ..Schedule::NONE };
            let per_gaps = 4usize.pow(k as u32);
            unrank_sequence(rest / per_gaps, &mut schedule.gaps[..k]);
            let mut dirs = rest % per_gaps;
            for slot in schedule.dirs[..k].iter_mut().rev() {
                *slot = Dir::ALL[dirs % 4];
                dirs /= 4;
            }
            return Some(schedule);
        }
        None
    }
}

impl fmt::Display for Schedule {
    /// `none`, or the slides' directions with a `wait` for each undeclared action before
    /// them: `up wait left`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.len == 0 {
            return f.write_str("none");
        }
        let mut at = 0;
        for (i, (gap, dir)) in self.slides().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            for _ in at..gap {
                f.write_str("wait ")?;
            }
            at = at.max(gap);
            write!(f, "{dir}")?;
        }
        Ok(())
    }
}

// The first index of each kind of action (rules §Notation).
const ROLL: usize = 0;
const STARTER: usize = ROLL + 126;
const WALL: usize = STARTER + 2;
const MACHINE: usize = WALL + 24;
const GENERATOR: usize = MACHINE + 16;
const CHARACTER: usize = GENERATOR + 16;
const START: usize = CHARACTER + NUM_CHARACTERS;
const TILE: usize = START + 16;
const TILE_AT: usize = TILE + NUM_TILES;
const TILE_NONE: usize = TILE_AT + 3 * 16;
const DIE_ON: usize = TILE_NONE + 1;
const DIE_UNLOCK: usize = DIE_ON + 6 * 5;
const DIE_UNLOCK_KEEP: usize = DIE_UNLOCK + 6;
const DIE_OFF: usize = DIE_UNLOCK_KEEP + 6 * 20;
const FIRST: usize = DIE_OFF + 1;
const AIM_DIR: usize = FIRST + NUM_CHARACTERS;
const AIM_ROOM: usize = AIM_DIR + 4;
const BUILD: usize = AIM_ROOM + 16;
const SCAN: usize = BUILD + 16;
const DETECT: usize = SCAN + 12;
const LAND: usize = DETECT + 12;
const UNLOCK: usize = LAND + 5;
const UNLOCK_TIER: usize = UNLOCK + 3;
const SLIDE: usize = UNLOCK_TIER + 20;

const _: () = assert!(sequences(0, 4) == 126 && TILE_NONE == 304 && DIE_OFF == 461 && SLIDE == 558);
const _: () = assert!(
    schedules_of(0) + schedules_of(1) + schedules_of(2) + schedules_of(3) + schedules_of(4) == NUM_SCHEDULES
);
const BUILD_FROM: usize = SLIDE + NUM_SCHEDULES;
const ANYWHERE: usize = BUILD_FROM + 16 * 16;
const _: () = assert!(ANYWHERE + 17 * 17 == NUM_ACTIONS);

impl Action {
    /// How a hidden step of a team appears to the other team (`None`: as played).
    pub fn masked(self) -> Option<&'static str> {
        Some(match self {
            Action::Character(_) => "character ?",
            Action::Start(_) => "start ?",
            Action::Tile(_)
            | Action::TileAt(..)
            | Action::TileNone
            | Action::DieOn { .. }
            | Action::DieUnlock { .. }
            | Action::DieOff => "plan ?",
            Action::Slide(_) => "slide ?",
            Action::Anywhere(_) => "anywhere ?",
            Action::UnlockSwagger | Action::UnlockTier(_) | Action::UnlockNone => "unlock ?",
            _ => return None,
        })
    }

    /// The action's index in `0..NUM_ACTIONS` (the module's table).
    ///
    /// Meant for the actions that [`Action::parse`] and [`Action::from_index`] make; for
    /// one built by hand with a field out of range (a die of 7, a tile past 47) the index
    /// is meaningless, though it never panics.
    pub fn index(self) -> usize {
        match self {
            Action::Roll(dice) => {
                let mut sorted = dice.map(|d| d.saturating_sub(1));
                sorted.sort_unstable();
                ROLL + rank_sequence(&sorted)
            }
            Action::Starter(team) => STARTER + team as usize,
            Action::Wall(edge) => WALL + edge.index(),
            Action::Machine(room) => MACHINE + room.index(),
            Action::Generator(room) => GENERATOR + room.index(),
            Action::Character(c) => CHARACTER + usize::from(c.0),
            Action::Start(room) => START + room.index(),
            Action::Tile(tile) => TILE + usize::from(tile.0),
            Action::TileAt(kind, room) => TILE_AT + 16 * kind as usize + room.index(),
            Action::TileNone => TILE_NONE,
            Action::DieOn { value, space } => {
                DIE_ON + 5 * usize::from(value.saturating_sub(1)) + usize::from(space.saturating_sub(1))
            }
            Action::DieUnlock { value, keep: None } => DIE_UNLOCK + usize::from(value.saturating_sub(1)),
            Action::DieUnlock { value, keep: Some(tile) } => {
                DIE_UNLOCK_KEEP
                    + 20 * usize::from(value.saturating_sub(1))
                    + usize::from(tile.0.saturating_sub(VILLAIN_ADVANCED.start))
            }
            Action::DieOff => DIE_OFF,
            Action::First(c) => FIRST + usize::from(c.0),
            Action::AimDir(dir) => AIM_DIR + dir.index(),
            Action::AimRoom(room) => AIM_ROOM + room.index(),
            Action::Build(room) => BUILD + room.index(),
            Action::BuildFrom { room, from } => BUILD_FROM + 16 * room.index() + from.index(),
            Action::Scan(area) => SCAN + area.scan_index().unwrap_or(0),
            Action::Detect(area) => DETECT + area.scan_index().unwrap_or(0),
            Action::Land(landing) => LAND + landing.index(),
            Action::UnlockSwagger => UNLOCK,
            Action::UnlockTier(None) => UNLOCK + 1,
            Action::UnlockNone => UNLOCK + 2,
            Action::UnlockTier(Some(tile)) => {
                UNLOCK_TIER + usize::from(tile.0.saturating_sub(SPY_ADVANCED.start))
            }
            Action::Slide(schedule) => SLIDE + schedule.rank(),
            Action::Anywhere([v, b]) => {
                let code = |r: Option<Room>| r.map_or(0, |r| 1 + r.index());
                ANYWHERE + 17 * code(v) + code(b)
            }
        }
    }

    /// The action with this index, or `None` past [`NUM_ACTIONS`].
    pub fn from_index(index: usize) -> Option<Action> {
        let i = index;
        let room = |at: usize| Room::from_index(i - at);
        let char_id = |at: usize| CharId((i - at) as u8);
        Some(if i < STARTER {
            let mut dice = [0; 4];
            unrank_sequence(i - ROLL, &mut dice);
            Action::Roll(dice.map(|d| d + 1))
        } else if i < WALL {
            Action::Starter(if i == STARTER { Team::Villains } else { Team::Spies })
        } else if i < MACHINE {
            Action::Wall(Edge::from_index(i - WALL)?)
        } else if i < GENERATOR {
            Action::Machine(room(MACHINE)?)
        } else if i < CHARACTER {
            Action::Generator(room(GENERATOR)?)
        } else if i < START {
            Action::Character(char_id(CHARACTER))
        } else if i < TILE {
            Action::Start(room(START)?)
        } else if i < TILE_AT {
            Action::Tile(TileId((i - TILE) as u8))
        } else if i < TILE_NONE {
            let k = i - TILE_AT;
            Action::TileAt(RoomTile::ALL[k / 16], Room::from_index(k % 16)?)
        } else if i == TILE_NONE {
            Action::TileNone
        } else if i < DIE_UNLOCK {
            let k = (i - DIE_ON) as u8;
            Action::DieOn { value: k / 5 + 1, space: k % 5 + 1 }
        } else if i < DIE_UNLOCK_KEEP {
            Action::DieUnlock { value: (i - DIE_UNLOCK) as u8 + 1, keep: None }
        } else if i < DIE_OFF {
            let k = (i - DIE_UNLOCK_KEEP) as u8;
            Action::DieUnlock { value: k / 20 + 1, keep: Some(TileId(VILLAIN_ADVANCED.start + k % 20)) }
        } else if i == DIE_OFF {
            Action::DieOff
        } else if i < AIM_DIR {
            Action::First(char_id(FIRST))
        } else if i < AIM_ROOM {
            Action::AimDir(Dir::ALL[i - AIM_DIR])
        } else if i < BUILD {
            Action::AimRoom(room(AIM_ROOM)?)
        } else if i < SCAN {
            Action::Build(room(BUILD)?)
        } else if i < DETECT {
            Action::Scan(Area::SCAN[i - SCAN])
        } else if i < LAND {
            Action::Detect(Area::SCAN[i - DETECT])
        } else if i < UNLOCK {
            Action::Land(Landing::ALL[i - LAND])
        } else if i < UNLOCK_TIER {
            [Action::UnlockSwagger, Action::UnlockTier(None), Action::UnlockNone][i - UNLOCK]
        } else if i < SLIDE {
            Action::UnlockTier(Some(TileId(SPY_ADVANCED.start + (i - UNLOCK_TIER) as u8)))
        } else if i < BUILD_FROM {
            Action::Slide(Schedule::unrank(i - SLIDE)?)
        } else if i < ANYWHERE {
            let k = i - BUILD_FROM;
            Action::BuildFrom { room: Room::from_index(k / 16)?, from: Room::from_index(k % 16)? }
        } else if i < NUM_ACTIONS {
            let k = i - ANYWHERE;
            let room = |c: usize| if c == 0 { Some(None) } else { Room::from_index(c - 1).map(Some) };
            Action::Anywhere([room(k / 17)?, room(k % 17)?])
        } else {
            return None;
        })
    }

    /// Reads an action from its text (the module's table): case-insensitive, spaces free.
    ///
    /// # Errors
    /// Text that is no action, with the reason naming what was expected there.
    pub fn parse(text: &str) -> Result<Action, ParseActionError> {
        let lower = text.to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        parse_words(&words).map_err(|reason| ParseActionError::new(text, reason))
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    /// As [`Action::parse`].
    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        Action::parse(s)
    }
}

impl fmt::Display for Action {
    /// The canonical text (the module's table), which [`Action::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Roll(dice) => {
                let mut d = *dice;
                d.sort_unstable();
                write!(f, "roll {} {} {} {}", d[0], d[1], d[2], d[3])
            }
            Action::Starter(team) => write!(f, "starter {team}"),
            Action::Wall(edge) => {
                let (a, b) = edge.rooms();
                write!(f, "wall {a} {b}")
            }
            Action::Machine(room) => write!(f, "machine {room}"),
            Action::Generator(room) => write!(f, "generator {room}"),
            Action::Character(c) => write!(f, "character {c}"),
            Action::Start(room) => write!(f, "start {room}"),
            Action::Tile(tile) => write!(f, "tile {tile}"),
            Action::TileAt(kind, room) => write!(f, "tile {kind} {room}"),
            Action::TileNone => f.write_str("tile none"),
            Action::DieOn { value, space } => write!(f, "die {value} on {space}"),
            Action::DieUnlock { value, keep: None } => write!(f, "die {value} unlock"),
            Action::DieUnlock { value, keep: Some(tile) } => write!(f, "die {value} unlock {tile}"),
            Action::DieOff => f.write_str("die off"),
            Action::First(c) => write!(f, "first {c}"),
            Action::AimDir(dir) => write!(f, "aim {dir}"),
            Action::AimRoom(room) => write!(f, "aim {room}"),
            Action::Build(room) => write!(f, "build {room}"),
            Action::BuildFrom { room, from } => write!(f, "build {room} from {from}"),
            Action::Scan(area) => write!(f, "scan {area}"),
            Action::Detect(area) => write!(f, "detect {area}"),
            Action::Land(landing) => write!(f, "land {landing}"),
            Action::UnlockSwagger => f.write_str("unlock swagger"),
            Action::UnlockTier(None) => f.write_str("unlock tier"),
            Action::UnlockTier(Some(tile)) => write!(f, "unlock tier {tile}"),
            Action::UnlockNone => f.write_str("unlock none"),
            Action::Slide(schedule) => write!(f, "slide {schedule}"),
            Action::Anywhere([None, None]) => f.write_str("anywhere none"),
            Action::Anywhere([v, b]) => {
                f.write_str("anywhere")?;
                if let Some(r) = v {
                    write!(f, " virus {r}")?;
                }
                if let Some(r) = b {
                    write!(f, " beacon {r}")?;
                }
                Ok(())
            }
        }
    }
}

/// What a parse error says when the first word is no action.
const VERBS: &str = "an action starts with roll, starter, wall, machine, generator, character, start, tile, \
                     die, first, aim, build, scan, detect, land, unlock, slide or anywhere";
const ROLL_FORM: &str = "a roll is exactly four dice, each 1-6, like `roll 1 3 3 6` or `roll 1336`";
const ROOM_FORM: &str = "a room is a column a-d and a row 1-4, like `c2`";
const AREA_FORM: &str = "a row, a column or a quadrant, like `row 2`, `col c` or `quad ne`";
const DIE_FORM: &str =
    "write `die V on S` (a die 1-6 on action space 1-5), `die V unlock`, `die V unlock TILE` or `die off`";
const UNLOCK_FORM: &str = "write `unlock swagger`, `unlock tier`, `unlock tier TILE` or `unlock none`";
const SLIDE_FORM: &str = "a slide schedule is `none`, or up to 4 directions (up, right, down, left) with at most 5 \
                          `wait`s before them, like `slide up wait left`";

/// Parses lowercase words; the error is the reason, naming what was expected.
fn parse_words(words: &[&str]) -> Result<Action, String> {
    let Some((&verb, args)) = words.split_first() else {
        return Err(format!(
            "the text is empty: {VERBS}, like `roll 1 3 3 6`, `tile move-scan` or `slide up`"
        ));
    };
    Ok(match verb {
        "roll" => Action::Roll(parse_roll(args)?),
        "starter" => match args {
            ["villains" | "villain"] => Action::Starter(Team::Villains),
            ["spies" | "spy"] => Action::Starter(Team::Spies),
            _ => return Err("write `starter villains` or `starter spies`".to_owned()),
        },
        "wall" => Action::Wall(args.join(" ").parse::<Edge>().map_err(|e| {
            format!(
                "a wall goes between two adjacent rooms, like `wall b2 c2`, but {}",
                quote(&e.to_string())
            )
        })?),
        "machine" => Action::Machine(parse_room("machine", args)?),
        "generator" => Action::Generator(parse_room("generator", args)?),
        "character" => Action::Character(parse_character("character", args)?),
        "start" => Action::Start(parse_room("start", args)?),
        "tile" => parse_tile(args)?,
        "die" => parse_die(args)?,
        "first" => Action::First(parse_character("first", args)?),
        "aim" => match args {
            [word] => match (word.parse::<Dir>(), word.parse::<Room>()) {
                (Ok(dir), _) => Action::AimDir(dir),
                (_, Ok(room)) => Action::AimRoom(room),
                _ => {
                    return Err(format!(
                        "`{}` is neither a direction (up, right, down, left) nor a room: {ROOM_FORM}",
                        quote(word)
                    ));
                }
            },
            _ => return Err("`aim` takes a direction or a room, like `aim left` or `aim c3`".to_owned()),
        },
        "build" => match args {
            [room, "from", from] => Action::BuildFrom {
                room: parse_room("build", &[room])?,
                from: parse_room("build … from", &[from])?,
            },
            _ => Action::Build(parse_room("build", args).map_err(|e| {
                format!(
                    "{e}; with both tokens of the kind on the map, `build b2 from a1` names the one picked up"
                )
            })?),
        },
        "scan" => Action::Scan(parse_area("scan", args)?),
        "detect" => Action::Detect(parse_area("detect", args)?),
        "land" => match args {
            [word] => {
                Action::Land(Landing::ALL.into_iter().find(|l| l.name() == *word).ok_or_else(|| {
                    format!(
                        "`{}` is no landing: write `land top`, `bottom`, `left`, `right` or `beacon`",
                        quote(word)
                    )
                })?)
            }
            _ => {
                return Err(
                    "write `land top`, `land bottom`, `land left`, `land right` or `land beacon`".to_owned()
                );
            }
        },
        "unlock" => match args {
            ["swagger"] => Action::UnlockSwagger,
            ["none"] => Action::UnlockNone,
            ["tier"] => Action::UnlockTier(None),
            ["tier", name @ ..] => Action::UnlockTier(Some(parse_advanced(name, Team::Spies)?)),
            _ => return Err(UNLOCK_FORM.to_owned()),
        },
        "slide" => Action::Slide(parse_slide(args)?),
        "anywhere" => Action::Anywhere(parse_anywhere(args)?),
        _ => return Err(format!("`{}` is not an action: {VERBS}", quote(verb))),
    })
}

/// One die, `1`–`6`.
fn parse_die_value(word: &str) -> Result<u8, String> {
    match word.as_bytes() {
        [d @ b'1'..=b'6'] => Ok(d - b'0'),
        _ => Err(format!("`{}` is not a die: a die shows 1 to 6", quote(word))),
    }
}

/// `roll 1 3 3 6` or `roll 1336`: the dice sorted.
fn parse_roll(args: &[&str]) -> Result<[u8; 4], String> {
    let words: Vec<&str> = match args {
        [one] if one.chars().nth(1).is_some() => {
            one.char_indices().map(|(i, c)| &one[i..i + c.len_utf8()]).take(5).collect()
        }
        _ => args.to_vec(),
    };
    let [a, b, c, d] = words[..] else {
        let given = match words.len() {
            0 => "no die given".to_owned(),
            1 => "one die given".to_owned(),
            n if n > 4 => "more than four dice given".to_owned(),
            n => format!("{n} dice given"),
        };
        return Err(format!("{given}: {ROLL_FORM}"));
    };
    let mut dice = [parse_die_value(a)?, parse_die_value(b)?, parse_die_value(c)?, parse_die_value(d)?];
    dice.sort_unstable();
    Ok(dice)
}

/// A single room after `verb`.
fn parse_room(verb: &str, args: &[&str]) -> Result<Room, String> {
    match args {
        [word] => word.parse::<Room>().map_err(|_| format!("`{}` is not a room: {ROOM_FORM}", quote(word))),
        _ => Err(format!("`{verb}` takes one room: {ROOM_FORM}")),
    }
}

/// A character's name after `verb`, perhaps in several words (`count v`).
fn parse_character(verb: &str, args: &[&str]) -> Result<CharId, String> {
    let names = || data().characters.iter().map(|c| c.id.as_str()).collect::<Vec<_>>().join(", ");
    if args.is_empty() {
        return Err(format!("`{verb}` takes a character: one of {}", names()));
    }
    let name = args.join(" ");
    CharId::from_name(&name)
        .ok_or_else(|| format!("`{}` is not a character: the characters are {}", quote(&name), names()))
}

/// A tile's name in one or more words.
fn parse_tile_name(words: &[&str]) -> Result<TileId, String> {
    let name = words.join(" ");
    TileId::from_name(&name).ok_or_else(|| {
        format!(
            "`{}` is not a tile: name a tile by its id, like `move-scan`, `parachute`, `thermo` or `searchlight`",
            quote(&name)
        )
    })
}

/// A Spy's or a Villain's advanced tile, for an unlock.
fn parse_advanced(words: &[&str], team: Team) -> Result<TileId, String> {
    let tile = parse_tile_name(words)?;
    let (range, whose, example) = match team {
        Team::Spies => {
            (SPY_ADVANCED, "a Spy advanced tile (acrobat's, hacker's, hawk's or juicer's)", "thermo")
        }
        Team::Villains => (
            VILLAIN_ADVANCED,
            "a Villain advanced tile (chantico's, count-v's, nadesh's or ophidian's)",
            "searchlight",
        ),
    };
    if range.contains(&tile.0) {
        Ok(tile)
    } else {
        Err(format!("`{tile}` is not {whose}: the tile named on this unlock is one, like `{example}`"))
    }
}

/// `tile none`, `tile NAME`, `tile parachute|virus|beacon ROOM`.
fn parse_tile(args: &[&str]) -> Result<Action, String> {
    let (name, room) = match args {
        [] => {
            return Err(
                "`tile` takes a tile, like `tile move-scan`, `tile parachute b3` or `tile none`".to_owned()
            );
        }
        ["none"] => return Ok(Action::TileNone),
        [name @ .., last] if !name.is_empty() => (name, last.parse::<Room>().ok()),
        name => (name, None),
    };
    let Some(room) = room else {
        return Ok(Action::Tile(parse_tile_name(args)?));
    };
    let tile = parse_tile_name(name)?;
    let kind = RoomTile::of(tile).ok_or_else(|| {
        format!("`{tile}` takes no room: only parachute, virus and beacon are planned with one, like `tile virus c4`")
    })?;
    Ok(Action::TileAt(kind, room))
}

/// `die V on S`, `die V unlock [TILE]`, `die off`.
fn parse_die(args: &[&str]) -> Result<Action, String> {
    match args {
        ["off"] => Ok(Action::DieOff),
        [value, "on", space] => {
            let value = parse_die_value(value)?;
            let space = match space.as_bytes() {
                [s @ b'1'..=b'5'] => s - b'0',
                _ => return Err(format!("`{}` is not an action space: spaces are 1 to 5", quote(space))),
            };
            Ok(Action::DieOn { value, space })
        }
        [value, "unlock"] => Ok(Action::DieUnlock { value: parse_die_value(value)?, keep: None }),
        [value, "unlock", keep @ ..] => {
            let value = parse_die_value(value)?;
            Ok(Action::DieUnlock { value, keep: Some(parse_advanced(keep, Team::Villains)?) })
        }
        _ => Err(DIE_FORM.to_owned()),
    }
}

/// A scan area after `verb`: a row, a column or a quadrant, never a half.
fn parse_area(verb: &str, args: &[&str]) -> Result<Area, String> {
    if args.is_empty() {
        return Err(format!("`{verb}` takes an area: {AREA_FORM}"));
    }
    let text = args.join(" ");
    match text.parse::<Area>() {
        Ok(area) if area.scan_index().is_some() => Ok(area),
        Ok(area) => Err(format!("`{area}` is a half, not a scan area: {verb} {AREA_FORM}")),
        Err(_) => Err(format!("`{}` is not an area: {verb} {AREA_FORM}", quote(&text))),
    }
}

const ANYWHERE_FORM: &str =
    "write `anywhere none`, `anywhere virus b2`, `anywhere beacon c3` or `anywhere virus b2 beacon c3`";

/// `none`, or `virus R` and `beacon R` (each at most once, in either order).
fn parse_anywhere(args: &[&str]) -> Result<[Option<Room>; 2], String> {
    if args == ["none"] {
        return Ok([None, None]);
    }
    if args.is_empty() || args.len() % 2 == 1 || args.len() > 4 {
        return Err(ANYWHERE_FORM.to_owned());
    }
    let mut rooms = [None, None];
    for pair in args.chunks(2) {
        let which = match pair[0] {
            "virus" => 0,
            "beacon" => 1,
            other => {
                return Err(format!("`{}` is neither `virus` nor `beacon`: {ANYWHERE_FORM}", quote(other)));
            }
        };
        if rooms[which].is_some() {
            return Err(format!("the {} is named twice: {ANYWHERE_FORM}", pair[0]));
        }
        rooms[which] =
            Some(pair[1].parse::<Room>().map_err(|_| format!("`{}`: {ROOM_FORM}", quote(pair[1])))?);
    }
    Ok(rooms)
}

/// `none`, or directions and `wait`s.
fn parse_slide(args: &[&str]) -> Result<Schedule, String> {
    if args == ["none"] {
        return Ok(Schedule::NONE);
    }
    if args.is_empty() {
        return Err(format!("`slide` takes a schedule: {SLIDE_FORM}"));
    }
    let mut slides: Vec<(u8, Dir)> = Vec::with_capacity(MAX_SLIDES);
    let mut gap = 0;
    for word in args {
        if *word == "wait" {
            gap += 1;
            if gap > MAX_GAP {
                return Err(format!("more than {MAX_GAP} `wait`s: {SLIDE_FORM}"));
            }
        } else {
            let dir = word
                .parse::<Dir>()
                .map_err(|_| format!("`{}` is neither a direction nor `wait`: {SLIDE_FORM}", quote(word)))?;
            if slides.len() == MAX_SLIDES {
                return Err(format!("more than {MAX_SLIDES} slides: {SLIDE_FORM}"));
            }
            slides.push((gap, dir));
        }
    }
    Schedule::new(&slides).ok_or_else(|| SLIDE_FORM.to_owned())
}
