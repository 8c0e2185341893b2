//! The data file (rules §The data file): every component the rulebook names without
//! printing it — the default map, the dice→direction key, the player board's geometry, the
//! eight starting tiles, the eight characters with their five advanced tiles each, the
//! patterns and the seven device kinds — typed, embedded with `include_str!`, parsed once
//! and **validated** against every constraint the rules state.
//!
//! Every entry carries its provenance: `"source"` for what the seed or rules-notes give,
//! `"invented": true` with a `"why"` for ours (rules, Interpretation 40). [`load`] reads and
//! validates any text, so that a test can feed broken copies and read the refusals; each
//! refusal is a sentence naming the entry.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::OnceLock;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::map::{Dir, Edge, Layout, Room, Walls};

/// The shipped data file's text.
pub const SHIPPED: &str = include_str!("../data/sabotage-spies.json");

/// The data file format this crate reads.
pub const VERSION: u32 = 1;

/// Starting tiles in each character's hand (seed §Setup step 2).
pub const STARTING_TILES: u32 = 6;
/// Unlock markers in the Spies' supply (seed §Components: 34 = 12 + 22).
pub const SPY_UNLOCK_MARKERS: u32 = 22;
/// Device tokens per team in one set (seed §Setup step 7: 4 Villain + 6 Spy).
pub const DEVICE_TOKENS: [(Team, u32); 2] = [(Team::Villains, 4), (Team::Spies, 6)];
/// The most dice one character may place (seed §Phase II, §Swagger).
pub const MAX_DICE: u8 = 4;

/// A refusal of the data: a sentence naming the entry and the broken rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataError(pub String);

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sabotage-spies data: {}", self.0)
    }
}

impl std::error::Error for DataError {}

macro_rules! refuse {
    ($($arg:tt)*) => { return Err(DataError(format!($($arg)*))) };
}

/// The two teams.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Team {
    /// Seats 0–1 (4 players) or seat 0 (2 players).
    Villains,
    /// Seats 2–3 (4 players) or seat 1 (2 players).
    Spies,
}

impl Team {
    /// `villains` or `spies`.
    pub const fn name(self) -> &'static str {
        match self {
            Team::Villains => "villains",
            Team::Spies => "spies",
        }
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where an entry's values come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Provenance<'a> {
    /// The seed's section or rules-notes' paragraph, for given values.
    pub source: Option<&'a str>,
    /// Whether (part of) the entry is ours.
    pub invented: bool,
    /// Why, for an invented entry.
    pub why: Option<&'a str>,
}

fn check_provenance(
    what: &str,
    source: &Option<String>,
    invented: bool,
    why: &Option<String>,
) -> Result<(), DataError> {
    let blank = |s: &Option<String>| s.as_deref().is_none_or(|s| s.trim().is_empty());
    if invented && blank(why) {
        refuse!("{what} is marked invented but says no `why`");
    }
    if !invented && why.is_some() {
        refuse!("{what} has a `why` but is not marked `\"invented\": true`");
    }
    if !invented && blank(source) {
        refuse!("{what} has neither a `source` nor `\"invented\": true` with a `why`");
    }
    Ok(())
}

macro_rules! provenance {
    ($t:ty) => {
        impl $t {
            /// Where this entry's values come from.
            pub fn provenance(&self) -> Provenance<'_> {
                Provenance {
                    source: self.source.as_deref(),
                    invented: self.invented,
                    why: self.why.as_deref(),
                }
            }
        }
    };
}

/// The default map (rules §The default map, *invented*).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapData {
    /// The Doomsday Machines' rooms.
    pub machines: Vec<Room>,
    /// The Generators' rooms.
    pub generators: Vec<Room>,
    /// The walls, each as the two rooms it separates.
    pub walls: Vec<[Room; 2]>,
    /// The source.
    pub source: Option<String>,
    /// Whether ours.
    #[serde(default)]
    pub invented: bool,
    /// Why ours.
    pub why: Option<String>,
}
provenance!(MapData);

impl MapData {
    /// The layout (valid once the data is validated).
    pub fn layout(&self) -> Layout {
        let walls =
            self.walls.iter().filter_map(|[a, b]| Edge::between(*a, *b)).fold(Walls::EMPTY, Walls::with);
        let mut machines = [Room::ALL[0]; 3];
        let mut generators = [Room::ALL[0]; 2];
        for (slot, room) in machines.iter_mut().zip(&self.machines) {
            *slot = *room;
        }
        for (slot, room) in generators.iter_mut().zip(&self.generators) {
            *slot = *room;
        }
        Layout { walls, machines, generators }
    }
}

/// The dice→direction key (rules §The dice key, *invented*): the direction each face pays
/// for, or none.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceKey {
    #[serde(rename = "1")]
    one: Option<Dir>,
    #[serde(rename = "2")]
    two: Option<Dir>,
    #[serde(rename = "3")]
    three: Option<Dir>,
    #[serde(rename = "4")]
    four: Option<Dir>,
    #[serde(rename = "5")]
    five: Option<Dir>,
    #[serde(rename = "6")]
    six: Option<Dir>,
    /// The source.
    pub source: Option<String>,
    /// Whether ours.
    #[serde(default)]
    pub invented: bool,
    /// Why ours.
    pub why: Option<String>,
}
provenance!(DiceKey);

impl DiceKey {
    /// The direction a die showing `face` (1–6) pays for, if any.
    pub fn direction(&self, face: u8) -> Option<Dir> {
        match face {
            1 => self.one,
            2 => self.two,
            3 => self.three,
            4 => self.four,
            5 => self.five,
            6 => self.six,
            _ => None,
        }
    }
}

/// The player board's geometry (rules §The player board, *invented*).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// Action spaces, filled left to right.
    pub action_spaces: u8,
    /// The spaces of tiers 1, 2 and 3.
    pub tiers: Vec<u8>,
    /// The Spies' Swagger track's spaces.
    pub swagger_spaces: u8,
    /// The red lines: after this many spaces (0 is the start).
    pub swagger_red_lines: Vec<u8>,
    /// `[spaces filled, dice]`: from this Swagger on, the Spy places this many dice.
    pub swagger_dice: Vec<[u8; 2]>,
    /// The die faces of the Villains' unlock spaces, one marker on each at the start.
    pub unlock_spaces: Vec<u8>,
    /// The dice every character may place (seed §Phase II: 2).
    pub base_dice: u8,
    /// The source.
    pub source: Option<String>,
    /// Whether ours.
    #[serde(default)]
    pub invented: bool,
    /// Why ours.
    pub why: Option<String>,
}
provenance!(Board);

/// One starting tile in a team's hand, with its copies.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartingTile {
    /// The tile's id.
    pub id: String,
    /// How many copies each character holds.
    pub copies: u8,
}

/// The teams' starting hands (seed §Setup step 2).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartingTiles {
    /// The Spies' hand.
    pub spies: Vec<StartingTile>,
    /// The Villains' hand.
    pub villains: Vec<StartingTile>,
    /// The source.
    pub source: Option<String>,
    /// Whether ours.
    #[serde(default)]
    pub invented: bool,
    /// Why ours.
    pub why: Option<String>,
}
provenance!(StartingTiles);

impl StartingTiles {
    /// A team's hand.
    pub fn of(&self, team: Team) -> &[StartingTile] {
        match team {
            Team::Villains => &self.villains,
            Team::Spies => &self.spies,
        }
    }
}

/// An action tile's type (§Resolve Action's types and the starting actions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TileType {
    /// A move.
    Move,
    /// A move, then a scan.
    MoveScan,
    /// A build.
    Build,
    /// A passive: never planned.
    Passive,
    /// A scan.
    Scan,
    /// A hack.
    Hack,
    /// An attack.
    Attack,
    /// A reveal.
    Reveal,
    /// A Motion Detector.
    Detect,
    /// The Earpiece.
    Earpiece,
    /// The Generator action.
    Generator,
    /// The Parachute.
    Parachute,
    /// An effect of its own.
    Special,
}

/// A tile's dice cost (§Phase II).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Cost {
    /// One die whose face the dice key turns into the direction of the move.
    Direction,
    /// One die showing exactly `value`.
    Exact {
        /// The face.
        value: u8,
    },
    /// One die showing `min`–`max`.
    Range {
        /// The lowest face.
        min: u8,
        /// The highest face.
        max: u8,
    },
    /// One or more dice summing to exactly `value`.
    Sum {
        /// The sum.
        value: u8,
    },
    /// Exactly two dice showing the same number.
    Pair,
    /// No die.
    None,
}

/// A tile's speech bubble (§Declare Action).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Declare {
    /// "Do Not Declare This Action".
    None,
    /// "Declare The Name Of This Action", and every room it targets.
    Name,
    /// "Declare exactly what is written in the quotes", and nothing else.
    Quote {
        /// The quote.
        text: String,
    },
}

/// Which scan areas an `area` target may name, or which one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Which {
    /// An area containing the actor.
    Own,
    /// Any area.
    Any,
}

/// A kind of scan area.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AreaKind {
    /// A row.
    Row,
    /// A column.
    Col,
    /// A quadrant.
    Quad,
}

fn all_area_kinds() -> Vec<AreaKind> {
    vec![AreaKind::Row, AreaKind::Col, AreaKind::Quad]
}

/// What a tile targets (rules §The data file, `target.kind`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum TargetKind {
    /// The actor's room.
    #[serde(rename = "self")]
    Own,
    /// A named pattern around the actor.
    Pattern {
        /// The pattern's name.
        pattern: String,
        /// Whether it turns in steps of 90° (`aim <dir>`).
        #[serde(default)]
        rotate: bool,
        /// Whether its cells ignore walls.
        #[serde(default)]
        through_walls: bool,
    },
    /// A row, column or quadrant.
    Area {
        /// Containing the actor, or any.
        which: Which,
        /// The kinds of area allowed (all three when absent).
        #[serde(default = "all_area_kinds")]
        areas: Vec<AreaKind>,
    },
    /// One room chosen along a straight line, the path to it open.
    Line {
        /// The farthest room, 1–3 away.
        max: u8,
    },
    /// The actor's room or an adjacent one not across a wall (Build Adjacent).
    Adjacent,
    /// Any room (Build Anywhere).
    Anywhere,
    /// The actor's team-mate.
    Teammate,
}

/// A tile's target and when it is chosen.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Target {
    /// What is targeted.
    #[serde(flatten)]
    pub kind: TargetKind,
    /// Whether the choice is made when the tile is planned (undeclared tiles,
    /// Interpretation 13).
    #[serde(default)]
    pub plan_time: bool,
}

impl Target {
    /// Whether the target asks the player for a choice (a room, a direction, an area).
    pub fn has_choice(&self) -> bool {
        match &self.kind {
            TargetKind::Own | TargetKind::Teammate => false,
            TargetKind::Pattern { rotate, .. } => *rotate,
            TargetKind::Area { which, areas } => *which == Which::Any || areas.len() > 1,
            TargetKind::Line { .. } | TargetKind::Adjacent | TargetKind::Anywhere => true,
        }
    }
}

/// A tile's effect: a rule of the engine's fixed vocabulary with its parameters.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Effect {
    /// The rule's name.
    pub code: String,
    /// Its parameters.
    #[serde(flatten)]
    pub params: BTreeMap<String, Value>,
}

impl Effect {
    /// An integer parameter, if given.
    pub fn int(&self, name: &str) -> Option<i64> {
        self.params.get(name).and_then(Value::as_i64)
    }

    /// A boolean parameter (false when absent).
    pub fn flag(&self, name: &str) -> bool {
        self.params.get(name).and_then(Value::as_bool).unwrap_or(false)
    }

    /// A string parameter, if given.
    pub fn str(&self, name: &str) -> Option<&str> {
        self.params.get(name).and_then(Value::as_str)
    }
}

#[derive(Clone, Copy)]
enum Param {
    Int(i64, i64),
    Bool,
    Device,
}

/// An effect code, whether it is a passive's, and its parameters.
type EffectSpec = (&'static str, bool, &'static [(&'static str, Param)]);

/// The effect vocabulary.
const EFFECTS: &[EffectSpec] = &[
    (
        "move",
        false,
        &[
            ("steps", Param::Int(1, 3)),
            ("through_walls", Param::Bool),
            ("destroy_wall", Param::Bool),
            ("until_blocked", Param::Bool),
        ],
    ),
    ("move-scan", false, &[("steps", Param::Int(1, 3)), ("through_walls", Param::Bool)]),
    ("earpiece", false, &[]),
    ("hack", false, &[("times", Param::Int(1, 3))]),
    ("hack-then-move", false, &[]),
    ("build", false, &[("device", Param::Device)]),
    ("scan", false, &[]),
    ("reveal", false, &[]),
    ("attack", false, &[("destroy_walls", Param::Bool)]),
    ("detect", false, &[]),
    ("generator", false, &[]),
    ("parachute", false, &[]),
    ("flashbang", false, &[("unlocks", Param::Int(1, 6)), ("dice_penalty", Param::Int(0, 2))]),
    ("smoke", false, &[]),
    ("freeze", false, &[]),
    ("shockwave", false, &[]),
    ("extra-dice", true, &[("dice", Param::Int(1, 2))]),
    ("generator-dice", true, &[("per_generator", Param::Int(1, 2))]),
    ("hack-any-die", true, &[]),
    ("eagle-eye", true, &[]),
    ("tough", true, &[]),
    ("camouflage", true, &[]),
    ("cross-walls", true, &[]),
];

/// The effect codes that move the actor or a team-mate (those a `direction` cost may pay).
const MOVING_EFFECTS: &[&str] = &["move", "move-scan", "earpiece"];

/// The device effects the engine implements.
pub const DEVICE_EFFECTS: &[&str] =
    &["tnt", "trip-laser", "honey-pot", "hologram", "reflector", "virus", "beacon"];

/// An action tile.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tile {
    /// The id (`move-scan`).
    pub id: String,
    /// The printed name (`Move & Scan`).
    pub name: String,
    /// The team that uses it.
    pub team: Team,
    /// The character it belongs to (advanced tiles), or none (starting tiles).
    pub character: Option<String>,
    /// Its tier, 1–3 (advanced tiles).
    pub tier: Option<u8>,
    /// Its type.
    #[serde(rename = "type")]
    pub kind: TileType,
    /// Its dice cost (none for a passive).
    pub cost: Option<Cost>,
    /// Its speech bubble (none for a passive).
    pub declare: Option<Declare>,
    /// Its target, if it has one.
    pub target: Option<Target>,
    /// Its effect.
    pub effect: Effect,
    /// The tile's text, for people.
    pub text: String,
    /// The source.
    pub source: Option<String>,
    /// Whether ours.
    #[serde(default)]
    pub invented: bool,
    /// Why ours.
    pub why: Option<String>,
}
provenance!(Tile);

/// The cell a pattern cell's effect comes from.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum Parent {
    /// `"star"`: the actor's room.
    Star(String),
    /// The index of an earlier cell.
    Cell(usize),
    /// Earlier cells, any one of which will do.
    Any(Vec<usize>),
}

/// A pattern cell: `[dx, dy, parent]` for the pattern pointing up (dy < 0 is up).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Cell(pub i8, pub i8, pub Parent);

/// A target pattern (rules §Patterns, *invented*).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pattern {
    /// Whether the star (the actor's room) is affected: the seed's coloured star.
    pub star_affected: bool,
    /// The cells, pointing up.
    pub cells: Vec<Cell>,
    /// Cells that only carry the path and are not affected themselves.
    #[serde(default)]
    pub unaffected: Vec<usize>,
    /// The source.
    pub source: Option<String>,
    /// Whether ours.
    #[serde(default)]
    pub invented: bool,
    /// Why ours.
    pub why: Option<String>,
}
provenance!(Pattern);

impl Pattern {
    /// The rooms affected with the star on `star`, pointing `dir` (clockwise from up), with
    /// these walls: a cell is reached when it is on the map and one of its parents is
    /// reached (or is the star) with no wall between them (any wall when `through_walls`);
    /// it is affected when reached and not among `unaffected`.
    pub fn affected(&self, star: Room, dir: Dir, walls: Walls, through_walls: bool) -> crate::map::Rooms {
        let turn = |dx: i8, dy: i8| -> (i8, i8) {
            let (mut x, mut y) = (dx, dy);
            for _ in 0..dir.index() {
                (x, y) = (-y, x);
            }
            (x, y)
        };
        let mut reached: Vec<Option<Room>> = Vec::with_capacity(self.cells.len());
        let mut out =
            if self.star_affected { crate::map::Rooms::one(star) } else { crate::map::Rooms::EMPTY };
        for (i, Cell(dx, dy, parent)) in self.cells.iter().enumerate() {
            let (x, y) = turn(*dx, *dy);
            let room = star.offset(x, y);
            let from = |p: Option<Room>| match (p, room) {
                (Some(p), Some(r)) => through_walls || walls.open_between(p, r),
                _ => false,
            };
            let ok = match parent {
                Parent::Star(_) => from(Some(star)),
                Parent::Cell(j) => from(reached.get(*j).copied().flatten()),
                Parent::Any(js) => js.iter().any(|j| from(reached.get(*j).copied().flatten())),
            };
            let cell = if ok { room } else { None };
            reached.push(cell);
            if let Some(r) = cell
                && !self.unaffected.contains(&i)
            {
                out = out.with(r);
            }
        }
        out
    }
}

/// A character and its five advanced tiles.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Character {
    /// The id (`count-v`).
    pub id: String,
    /// The name (`Count V`).
    pub name: String,
    /// Its team.
    pub team: Team,
    /// Its advanced tiles: tier 1, tier 2 (two), tier 3 (two).
    pub tiles: Vec<String>,
    /// The source.
    pub source: Option<String>,
    /// Whether ours.
    #[serde(default)]
    pub invented: bool,
    /// Why ours.
    pub why: Option<String>,
}
provenance!(Character);

/// A device kind.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Device {
    /// The id (`trip-laser`).
    pub id: String,
    /// The name (`Trip Laser`).
    pub name: String,
    /// The team that builds it.
    pub team: Team,
    /// Its tokens in one team's set.
    pub tokens: u8,
    /// Its effect, one of [`DEVICE_EFFECTS`].
    pub effect: String,
    /// The source.
    pub source: Option<String>,
    /// Whether ours.
    #[serde(default)]
    pub invented: bool,
    /// Why ours.
    pub why: Option<String>,
}
provenance!(Device);

/// The whole data file, validated.
#[derive(Debug, Clone, PartialEq)]
pub struct Data {
    /// The format version, [`VERSION`].
    pub version: u32,
    /// The default map.
    pub map: MapData,
    /// The dice key.
    pub dice_key: DiceKey,
    /// The player board.
    pub board: Board,
    /// The starting hands.
    pub starting_tiles: StartingTiles,
    /// Every tile: the starting tiles, then each character's five in character order and
    /// tier order; a tile's position is its index in the notation (rules §Notation).
    pub tiles: Vec<Tile>,
    /// The patterns by name.
    pub patterns: BTreeMap<String, Pattern>,
    /// The eight characters: the Spies, then the Villains.
    pub characters: Vec<Character>,
    /// The device kinds.
    pub devices: Vec<Device>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    version: Value,
    map: Value,
    dice_key: Value,
    board: Value,
    starting_tiles: Value,
    tiles: Vec<Value>,
    patterns: serde_json::Map<String, Value>,
    characters: Vec<Value>,
    devices: Vec<Value>,
}

fn entry<T: DeserializeOwned>(what: &str, value: &Value) -> Result<T, DataError> {
    T::deserialize(value).map_err(|e| DataError(format!("{what}: {e}")))
}

fn named(kind: &str, i: usize, value: &Value) -> String {
    match value.get("id").and_then(Value::as_str) {
        Some(id) => format!("{kind} `{id}`"),
        None => format!("{kind} #{} (no `id`)", i + 1),
    }
}

/// Reads and validates a data file.
///
/// # Errors
/// Text that is not the schema's JSON, or data breaking a rule of the document: a sentence
/// naming the entry.
pub fn load(text: &str) -> Result<Data, DataError> {
    let raw: Raw = serde_json::from_str(text)
        .map_err(|e| DataError(format!("the file is not the schema's JSON: {e}")))?;
    let version: u32 = entry("`version`", &raw.version)?;
    let data = Data {
        version,
        map: entry("the map", &raw.map)?,
        dice_key: entry("the dice key", &raw.dice_key)?,
        board: entry("the board", &raw.board)?,
        starting_tiles: entry("the starting tiles", &raw.starting_tiles)?,
        tiles: raw
            .tiles
            .iter()
            .enumerate()
            .map(|(i, v)| entry(&named("tile", i, v), v))
            .collect::<Result<_, _>>()?,
        patterns: raw
            .patterns
            .iter()
            .map(|(k, v)| Ok((k.clone(), entry(&format!("pattern `{k}`"), v)?)))
            .collect::<Result<_, DataError>>()?,
        characters: raw
            .characters
            .iter()
            .enumerate()
            .map(|(i, v)| entry(&named("character", i, v), v))
            .collect::<Result<_, _>>()?,
        devices: raw
            .devices
            .iter()
            .enumerate()
            .map(|(i, v)| entry(&named("device", i, v), v))
            .collect::<Result<_, _>>()?,
    };
    data.validate()?;
    Ok(data)
}

/// The shipped data file, parsed and validated once.
///
/// # Errors
/// The shipped file's refusal (a unit test keeps it valid).
pub fn shipped() -> Result<&'static Data, DataError> {
    static DATA: OnceLock<Result<Data, DataError>> = OnceLock::new();
    DATA.get_or_init(|| load(SHIPPED)).as_ref().map_err(Clone::clone)
}

/// The shipped data file.
///
/// # Panics
/// If the shipped file is invalid, which its tests rule out.
pub fn data() -> &'static Data {
    shipped().expect("the shipped data file validates (tests/data.rs)")
}

fn unique<'a>(kind: &str, what: &str, items: impl Iterator<Item = &'a str>) -> Result<(), DataError> {
    let mut seen = BTreeSet::new();
    for item in items {
        if item.trim().is_empty() {
            refuse!("a {kind} has an empty {what}");
        }
        if !seen.insert(item) {
            refuse!("two {kind}s have the {what} `{item}`: {what}s must be unique");
        }
    }
    Ok(())
}

impl Data {
    /// The tile with this id.
    pub fn tile(&self, id: &str) -> Option<&Tile> {
        self.tiles.iter().find(|t| t.id == id)
    }

    /// The index of the tile with this id (its place in the notation's tile numbering).
    pub fn tile_index(&self, id: &str) -> Option<usize> {
        self.tiles.iter().position(|t| t.id == id)
    }

    /// The character with this id.
    pub fn character(&self, id: &str) -> Option<&Character> {
        self.characters.iter().find(|c| c.id == id)
    }

    /// The device kind with this id.
    pub fn device(&self, id: &str) -> Option<&Device> {
        self.devices.iter().find(|d| d.id == id)
    }

    /// The pattern with this name.
    pub fn pattern(&self, name: &str) -> Option<&Pattern> {
        self.patterns.get(name)
    }

    /// Checks every constraint of rules §The data file.
    ///
    /// # Errors
    /// The first broken rule, in a sentence naming the entry.
    pub fn validate(&self) -> Result<(), DataError> {
        if self.version != VERSION {
            refuse!("`version` is {}, but this crate reads version {VERSION}", self.version);
        }
        self.validate_map()?;
        self.validate_dice_key()?;
        self.validate_board()?;
        self.validate_patterns()?;
        self.validate_devices()?;
        self.validate_roster()?;
        self.validate_tiles()?;
        self.validate_starting_tiles()?;
        self.validate_characters()?;
        self.validate_tile_order()
    }

    fn validate_map(&self) -> Result<(), DataError> {
        let m = &self.map;
        check_provenance("the map", &m.source, m.invented, &m.why)?;
        if m.machines.len() != 3 || m.generators.len() != 2 || m.walls.len() != 5 {
            refuse!(
                "the map has {} Doomsday Machines, {} Generators and {} walls; it needs 3, 2 and 5 (seed §Setup)",
                m.machines.len(),
                m.generators.len(),
                m.walls.len()
            );
        }
        let mut walls = Walls::EMPTY;
        for [a, b] in &m.walls {
            let Some(edge) = Edge::between(*a, *b) else {
                refuse!("the map's wall {a}|{b} is not on an inner edge: {a} and {b} are not adjacent rooms");
            };
            if walls.contains(edge) {
                refuse!("the map lists the wall {edge} twice");
            }
            walls = walls.with(edge);
        }
        m.layout().check().map_err(|why| DataError(format!("the map breaks the variable-setup rules: {why}")))
    }

    fn validate_dice_key(&self) -> Result<(), DataError> {
        let k = &self.dice_key;
        check_provenance("the dice key", &k.source, k.invented, &k.why)?;
        for dir in Dir::ALL {
            if !(1..=6).any(|face| k.direction(face) == Some(dir)) {
                refuse!(
                    "the dice key gives no face to `{dir}`: each of the four directions needs at least one"
                );
            }
        }
        Ok(())
    }

    fn validate_board(&self) -> Result<(), DataError> {
        let b = &self.board;
        check_provenance("the board", &b.source, b.invented, &b.why)?;
        if b.action_spaces != 5 {
            refuse!(
                "the board has {} action spaces; the notation (`die V on S`, S = 1-5) needs 5: four dice and \
                 Parachute's free space",
                b.action_spaces
            );
        }
        if b.tiers.len() != 3 || b.tiers.contains(&0) {
            refuse!("the board's tiers are {:?}; it needs three tiers of at least one space each", b.tiers);
        }
        let tier_spaces: u32 = b.tiers.iter().map(|&t| u32::from(t)).sum();
        let faces: BTreeSet<u8> = b.unlock_spaces.iter().copied().collect();
        if faces.len() != b.unlock_spaces.len() || faces.iter().any(|f| !(1..=6).contains(f)) {
            refuse!("the board's unlock spaces {:?} must be distinct die faces 1-6", b.unlock_spaces);
        }
        if tier_spaces != b.unlock_spaces.len() as u32 {
            refuse!(
                "the board's tiers hold {tier_spaces} spaces but a Villain has {} unlock markers: they must fill the \
                 tiers exactly (rules, Interpretation 42)",
                b.unlock_spaces.len()
            );
        }
        if b.swagger_spaces == 0 || 2 * (u32::from(b.swagger_spaces) + tier_spaces) != SPY_UNLOCK_MARKERS {
            refuse!(
                "the board's Swagger track ({} spaces) and tiers ({tier_spaces} spaces) do not use the Spies' \
                 {SPY_UNLOCK_MARKERS} unlock markers: 2 × (Swagger + tiers) must be {SPY_UNLOCK_MARKERS}",
                b.swagger_spaces
            );
        }
        let lines = &b.swagger_red_lines;
        if lines.first() != Some(&0)
            || lines.windows(2).any(|w| w[0] >= w[1])
            || lines.iter().any(|&l| l > b.swagger_spaces)
        {
            refuse!(
                "the board's Swagger red lines {lines:?} must start at 0, rise, and stay within the {} spaces",
                b.swagger_spaces
            );
        }
        if !(1..=MAX_DICE).contains(&b.base_dice) {
            refuse!("the board's base dice are {}; a character places 1 to {MAX_DICE}", b.base_dice);
        }
        let mut last = (0, b.base_dice);
        for &[at, dice] in &b.swagger_dice {
            if at <= last.0 || at > b.swagger_spaces || dice <= last.1 || dice > MAX_DICE {
                refuse!(
                    "the board's Swagger dice {:?} must rise in both Swagger (1 to {}) and dice (above {}, at most \
                     {MAX_DICE})",
                    b.swagger_dice,
                    b.swagger_spaces,
                    b.base_dice
                );
            }
            last = (at, dice);
        }
        Ok(())
    }

    fn validate_patterns(&self) -> Result<(), DataError> {
        for (name, p) in &self.patterns {
            let what = format!("pattern `{name}`");
            check_provenance(&what, &p.source, p.invented, &p.why)?;
            if p.cells.is_empty() {
                refuse!("{what} has no cells");
            }
            let mut seen = BTreeSet::new();
            for (i, Cell(dx, dy, parent)) in p.cells.iter().enumerate() {
                if (*dx, *dy) == (0, 0) {
                    refuse!("{what}: cell {i} is the star [0, 0]; the star is not a cell");
                }
                if dx.abs() > 3 || dy.abs() > 3 {
                    refuse!("{what}: cell {i} [{dx}, {dy}] lies outside the 4×4 grid from any room");
                }
                if !seen.insert((*dx, *dy)) {
                    refuse!("{what}: cell {i} [{dx}, {dy}] repeats an earlier cell");
                }
                let adjacent = |(x, y): (i8, i8)| (x - dx).abs() + (y - dy).abs() == 1;
                let parents: Vec<usize> = match parent {
                    Parent::Star(s) if s == "star" => {
                        if !adjacent((0, 0)) {
                            refuse!(
                                "{what}: cell {i} [{dx}, {dy}] has the star as parent but does not touch it"
                            );
                        }
                        continue;
                    }
                    Parent::Star(s) => {
                        refuse!(
                            "{what}: cell {i} has the parent `{s}`; a parent is `\"star\"` or an earlier cell's index"
                        )
                    }
                    Parent::Cell(j) => vec![*j],
                    Parent::Any(js) if js.is_empty() => refuse!("{what}: cell {i} has an empty parent list"),
                    Parent::Any(js) => js.clone(),
                };
                for j in parents {
                    if j >= i {
                        refuse!(
                            "{what}: cell {i}'s parent {j} is not an earlier cell, so it does not lead to the star"
                        );
                    }
                    let Cell(px, py, _) = &p.cells[j];
                    if !adjacent((*px, *py)) {
                        refuse!("{what}: cell {i} [{dx}, {dy}] does not touch its parent {j} [{px}, {py}]");
                    }
                }
            }
            if let Some(&u) = p.unaffected.iter().find(|&&u| u >= p.cells.len()) {
                refuse!("{what}: `unaffected` names cell {u}, which it does not have");
            }
        }
        Ok(())
    }

    fn validate_devices(&self) -> Result<(), DataError> {
        unique("device", "id", self.devices.iter().map(|d| d.id.as_str()))?;
        unique("device", "name", self.devices.iter().map(|d| d.name.as_str()))?;
        for d in &self.devices {
            let what = format!("device `{}`", d.id);
            check_provenance(&what, &d.source, d.invented, &d.why)?;
            if d.tokens == 0 {
                refuse!("{what} has no tokens");
            }
            if !DEVICE_EFFECTS.contains(&d.effect.as_str()) {
                refuse!(
                    "{what} has the unknown effect `{}`; the engine knows {}",
                    d.effect,
                    DEVICE_EFFECTS.join(", ")
                );
            }
        }
        for (team, tokens) in DEVICE_TOKENS {
            let n: u32 = self.devices.iter().filter(|d| d.team == team).map(|d| u32::from(d.tokens)).sum();
            if n != tokens {
                refuse!("the {team}' devices have {n} tokens; a set holds {tokens} (seed §Setup step 7)");
            }
        }
        Ok(())
    }

    fn validate_tiles(&self) -> Result<(), DataError> {
        unique("tile", "id", self.tiles.iter().map(|t| t.id.as_str()))?;
        unique("tile", "name", self.tiles.iter().map(|t| t.name.as_str()))?;
        for t in &self.tiles {
            self.validate_tile(t)?;
        }
        Ok(())
    }

    fn validate_tile(&self, t: &Tile) -> Result<(), DataError> {
        let what = format!("tile `{}`", t.id);
        check_provenance(&what, &t.source, t.invented, &t.why)?;
        match (&t.character, t.tier) {
            (None, None) => {}
            (Some(c), Some(1..=3)) => match self.character(c) {
                None => refuse!("{what} belongs to the unknown character `{c}`"),
                Some(ch) if ch.team != t.team => {
                    refuse!("{what} is a {} tile but its character `{c}` is on the {}", t.team, ch.team)
                }
                Some(_) => {}
            },
            (Some(_), Some(tier)) => refuse!("{what} has tier {tier}; tiers are 1, 2 and 3"),
            (Some(_), None) => refuse!("{what} belongs to a character but has no tier"),
            (None, Some(_)) => refuse!("{what} has a tier but no character; starting tiles have no tier"),
        }
        let Some(&(_, passive, params)) = EFFECTS.iter().find(|(code, ..)| *code == t.effect.code) else {
            let known: Vec<&str> = EFFECTS.iter().map(|(c, ..)| *c).collect();
            refuse!(
                "{what} has the unknown effect code `{}`; the engine knows {}",
                t.effect.code,
                known.join(", ")
            );
        };
        for (name, value) in &t.effect.params {
            let Some(&(_, kind)) = params.iter().find(|(p, _)| p == name) else {
                refuse!("{what}: the effect `{}` takes no parameter `{name}`", t.effect.code);
            };
            match kind {
                Param::Int(lo, hi) => match value.as_i64() {
                    Some(v) if (lo..=hi).contains(&v) => {}
                    _ => refuse!(
                        "{what}: the effect's `{name}` must be an integer from {lo} to {hi}, not {value}"
                    ),
                },
                Param::Bool if value.is_boolean() => {}
                Param::Bool => refuse!("{what}: the effect's `{name}` must be true or false, not {value}"),
                Param::Device => match value.as_str().and_then(|d| self.device(d)) {
                    Some(d) if d.team == t.team => {}
                    Some(d) => refuse!("{what} builds `{}`, a device of the {}", d.id, d.team),
                    None => refuse!("{what} builds the unknown device {value}"),
                },
            }
        }
        if t.effect.code == "build" && t.effect.str("device").is_none() {
            refuse!("{what}: a build names its `device`");
        }
        if passive != (t.kind == TileType::Passive) {
            refuse!(
                "{what} is of type `{:?}` but its effect `{}` is {}",
                t.kind,
                t.effect.code,
                if passive { "a passive's" } else { "not a passive's" }
            );
        }
        if passive {
            if t.cost.is_some() || t.declare.is_some() || t.target.is_some() {
                refuse!("{what} is passive: it is never planned, so it has no cost, declaration or target");
            }
            return Ok(());
        }
        let (Some(cost), Some(declare)) = (&t.cost, &t.declare) else {
            refuse!("{what} needs a `cost` and a `declare`");
        };
        match *cost {
            Cost::Direction if !MOVING_EFFECTS.contains(&t.effect.code.as_str()) => {
                refuse!("{what} has a `direction` cost but its effect `{}` does not move", t.effect.code)
            }
            Cost::Exact { value } if !(1..=6).contains(&value) => {
                refuse!("{what}: an `exact` cost of {value} is not a die face 1-6")
            }
            Cost::Range { min, max } if !(1 <= min && min <= max && max <= 6) => {
                refuse!("{what}: a `range` cost {min}-{max} must lie within the die faces 1-6, min ≤ max")
            }
            Cost::Sum { value } if !(1..=6 * MAX_DICE).contains(&value) => {
                refuse!("{what}: a `sum` cost of {value} is beyond what 1 to {MAX_DICE} dice can show")
            }
            _ => {}
        }
        if let Declare::Quote { text } = declare
            && text.trim().is_empty()
        {
            refuse!("{what}: a `quote` declaration needs its `text`");
        }
        if let Some(target) = &t.target {
            match &target.kind {
                TargetKind::Pattern { pattern, .. } if self.pattern(pattern).is_none() => {
                    refuse!("{what} targets the unknown pattern `{pattern}`")
                }
                TargetKind::Line { max } if !(1..=3).contains(max) => {
                    refuse!("{what}: a `line` target reaches 1 to 3 rooms, not {max}")
                }
                TargetKind::Area { areas, .. } if areas.is_empty() => {
                    refuse!("{what}: an `area` target needs at least one kind of area")
                }
                _ => {}
            }
            let undeclared = *declare == Declare::None;
            if undeclared && target.has_choice() && !target.plan_time {
                refuse!(
                    "{what} is undeclared and its target has a choice: it must be chosen when planned, `\"plan_time\": \
                     true` (Interpretation 13)"
                );
            }
        }
        Ok(())
    }

    fn validate_starting_tiles(&self) -> Result<(), DataError> {
        let s = &self.starting_tiles;
        check_provenance("the starting tiles", &s.source, s.invented, &s.why)?;
        let mut listed = BTreeSet::new();
        for team in [Team::Spies, Team::Villains] {
            let mut copies = 0u32;
            for st in s.of(team) {
                let what = format!("the {team}' starting tile `{}`", st.id);
                match self.tile(&st.id) {
                    None => refuse!("{what} is not in `tiles`"),
                    Some(t) if t.character.is_some() => refuse!("{what} is an advanced tile"),
                    Some(t) if t.team != team => refuse!("{what} is a {} tile", t.team),
                    Some(_) => {}
                }
                if st.copies == 0 {
                    refuse!("{what} has no copies");
                }
                if !listed.insert(st.id.as_str()) {
                    refuse!("{what} is listed twice");
                }
                copies += u32::from(st.copies);
            }
            if copies != STARTING_TILES {
                refuse!(
                    "the {team}' starting hand holds {copies} tiles; seed §Setup step 2 gives {STARTING_TILES}"
                );
            }
        }
        if let Some(t) = self.tiles.iter().find(|t| t.character.is_none() && !listed.contains(t.id.as_str()))
        {
            refuse!("tile `{}` has no character and is in no starting hand", t.id);
        }
        Ok(())
    }

    fn validate_roster(&self) -> Result<(), DataError> {
        unique("character", "id", self.characters.iter().map(|c| c.id.as_str()))?;
        unique("character", "name", self.characters.iter().map(|c| c.name.as_str()))?;
        for team in [Team::Spies, Team::Villains] {
            let n = self.characters.iter().filter(|c| c.team == team).count();
            if n != 4 {
                refuse!("the {team} have {n} characters; each team has four");
            }
        }
        if let Some(c) =
            self.characters.windows(2).find(|w| w[0].team == Team::Villains && w[1].team == Team::Spies)
        {
            refuse!("character `{}` (a Spy) follows a Villain: the Spies are listed first", c[1].id);
        }
        Ok(())
    }

    fn validate_characters(&self) -> Result<(), DataError> {
        for c in &self.characters {
            let what = format!("character `{}`", c.id);
            check_provenance(&what, &c.source, c.invented, &c.why)?;
            let mut tiers = Vec::new();
            for id in &c.tiles {
                match self.tile(id) {
                    None => refuse!("{what} lists the unknown tile `{id}`"),
                    Some(t) if t.character.as_deref() != Some(c.id.as_str()) => {
                        refuse!(
                            "{what} lists tile `{id}`, which belongs to {}",
                            t.character.as_deref().unwrap_or("no character")
                        )
                    }
                    Some(t) => tiers.push(t.tier.unwrap_or(0)),
                }
            }
            if tiers != [1, 2, 2, 3, 3] {
                refuse!(
                    "{what} has tiles of tiers {tiers:?}; a character has exactly one tier-1, two tier-2 and two tier-3 \
                     tiles, listed in that order"
                );
            }
        }
        if let Some(t) = self.tiles.iter().find(|t| {
            t.character
                .as_deref()
                .is_some_and(|c| self.character(c).is_some_and(|ch| !ch.tiles.contains(&t.id)))
        }) {
            refuse!(
                "tile `{}` names character `{}`, which does not list it",
                t.id,
                t.character.as_deref().unwrap_or("")
            );
        }
        Ok(())
    }

    fn validate_tile_order(&self) -> Result<(), DataError> {
        let expected = self
            .starting_tiles
            .spies
            .iter()
            .chain(&self.starting_tiles.villains)
            .map(|s| s.id.as_str())
            .chain(self.characters.iter().flat_map(|c| c.tiles.iter().map(String::as_str)));
        for (i, (tile, id)) in self.tiles.iter().zip(expected).enumerate() {
            if tile.id != id {
                refuse!(
                    "tile `{}` is at position {i} where `{id}` belongs: tiles are listed as the starting hands, then \
                     each character's five in order (the notation's tile index)",
                    tile.id
                );
            }
        }
        if let Some(d) = self.devices.iter().find(|d| {
            !self.tiles.iter().any(|t| t.effect.code == "build" && t.effect.str("device") == Some(&d.id))
        }) {
            refuse!("device `{}` is built by no tile", d.id);
        }
        Ok(())
    }
}

impl Layout {
    /// The default map of the data file (*invented*, rules §The default map).
    pub fn default_map() -> Layout {
        data().map.layout()
    }
}
