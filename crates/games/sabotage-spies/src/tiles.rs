//! The tiles and devices of the data file compiled into a table the rules read without
//! looking anything up by name (rules §The data file): each tile's team, owner and tier, its
//! dice cost, its speech bubble, its target and its effect as one of the engine's fixed
//! vocabulary, and the patterns as small arrays of cells.

use std::sync::OnceLock;

use crate::action::{CharId, NUM_CHARACTERS, NUM_TILES, TileId};
use crate::data::{self, AreaKind, Cost, Data, Declare, Parent, TargetKind, Team, TileType, Which};
use crate::map::{Dir, Room, Rooms, Walls};

/// A device kind (rules §Devices), in the data file's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DeviceKind {
    /// Chantico's TNT.
    Tnt,
    /// Ophidian's Trip Laser.
    TripLaser,
    /// Count V's Honey Pot.
    HoneyPot,
    /// Hawk's Hologram.
    Hologram,
    /// Juicer's Reflector.
    Reflector,
    /// Acrobat's Virus.
    Virus,
    /// Hacker's Beacon.
    Beacon,
}

impl DeviceKind {
    /// The seven kinds in the data file's order.
    pub const ALL: [DeviceKind; 7] = [
        DeviceKind::Tnt,
        DeviceKind::TripLaser,
        DeviceKind::HoneyPot,
        DeviceKind::Hologram,
        DeviceKind::Reflector,
        DeviceKind::Virus,
        DeviceKind::Beacon,
    ];

    /// The data id: `tnt`, `trip-laser`, …
    pub const fn id(self) -> &'static str {
        ["tnt", "trip-laser", "honey-pot", "hologram", "reflector", "virus", "beacon"][self as usize]
    }

    /// The printed name: `TNT`, `Trip Laser`, …
    pub const fn name(self) -> &'static str {
        ["TNT", "Trip Laser", "Honey Pot", "Hologram", "Reflector", "Virus", "Beacon"][self as usize]
    }

    /// The team owning the kind.
    pub const fn team(self) -> Team {
        match self {
            DeviceKind::Tnt | DeviceKind::TripLaser | DeviceKind::HoneyPot => Team::Villains,
            _ => Team::Spies,
        }
    }

    /// The tokens of this kind: indices into the ten device slots (rules §Pieces: TNT,
    /// Trip Laser ×2, Honey Pot, Hologram ×2, Reflector ×2, Virus, Beacon).
    pub const fn tokens(self) -> std::ops::Range<usize> {
        match self {
            DeviceKind::Tnt => 0..1,
            DeviceKind::TripLaser => 1..3,
            DeviceKind::HoneyPot => 3..4,
            DeviceKind::Hologram => 4..6,
            DeviceKind::Reflector => 6..8,
            DeviceKind::Virus => 8..9,
            DeviceKind::Beacon => 9..10,
        }
    }

    /// The kind of device token `token` (0–9).
    pub const fn of_token(token: usize) -> DeviceKind {
        match token {
            0 => DeviceKind::Tnt,
            1 | 2 => DeviceKind::TripLaser,
            3 => DeviceKind::HoneyPot,
            4 | 5 => DeviceKind::Hologram,
            6 | 7 => DeviceKind::Reflector,
            8 => DeviceKind::Virus,
            _ => DeviceKind::Beacon,
        }
    }

    fn from_id(id: &str) -> Option<DeviceKind> {
        DeviceKind::ALL.into_iter().find(|k| k.id() == id)
    }
}

/// The number of device tokens (4 Villain + 6 Spy).
pub const NUM_TOKENS: usize = 10;

/// What a tile does, from the engine's fixed vocabulary (rules §The data file,
/// `effect.code`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Move `steps` rooms in the die's direction (`until_blocked`: as far as it goes, up to
    /// `steps`, at least one; otherwise the later steps only if open).
    Move {
        /// Rooms moved at most.
        steps: u8,
        /// Whether walls (not the board edge) may be crossed.
        through_walls: bool,
        /// Whether the wall crossed is destroyed (Shoulder Charge: plannable only into a wall).
        destroy_wall: bool,
        /// Whether the move goes on until blocked.
        until_blocked: bool,
    },
    /// Move, then scan an area containing the mover.
    MoveScan {
        /// Rooms moved at most (Glide: 2, the second only if open).
        steps: u8,
        /// Whether walls may be crossed (Wall Run).
        through_walls: bool,
    },
    /// Move the team-mate once in the die's direction, undeclared.
    Earpiece,
    /// Hack the targeted rooms `times` times.
    Hack {
        /// Hacks per room.
        times: u8,
    },
    /// Hack the own room, then move once in the direction the pair's number gives.
    HackThenMove,
    /// Build a device.
    Build(DeviceKind),
    /// Scan the targeted area.
    Scan,
    /// Reveal the targeted rooms.
    Reveal,
    /// Attack the targeted rooms.
    Attack,
    /// Count the Spies in an area.
    Detect,
    /// One cube on the Generator in the own room.
    Generator,
    /// Land the lying Spy.
    Parachute,
    /// Flashbang: Villains in the rooms are named; unlock markers; a die fewer next round.
    Flashbang {
        /// Markers gained when at least one Villain is hit.
        unlocks: u8,
        /// Dice fewer for each Villain hit, next round.
        dice_penalty: u8,
    },
    /// Smoke Bomb: moves into the rooms declare no scan this round.
    Smoke,
    /// Freeze Ray: the rooms are frozen this round.
    Freeze,
    /// Shockwave: Spies in the rooms pushed away.
    Shockwave,
    /// Passive: more dice.
    ExtraDice(u8),
    /// Passive: more dice per active Generator (instead of one).
    GeneratorDice(u8),
    /// Passive: the Hack tile costs any die.
    HackAnyDie,
    /// Passive: scans also find Villain devices.
    EagleEye,
    /// Passive: reveals do not lower Swagger.
    Tough,
    /// Passive: a scan finding this Villain gets his name, not his room.
    Camouflage,
    /// Passive: moves may cross walls.
    CrossWalls,
}

/// What a tile says when executed (rules §Declare Action).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Speech {
    /// Nothing.
    Silent,
    /// Its name (and every room it targets).
    Name,
    /// A quote; tiles with the same words share the quote's index (the first such tile).
    Quote(TileId),
}

/// What a tile targets (rules §The data file, `target.kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Nothing to target (a move).
    None,
    /// The actor's room.
    Own,
    /// A pattern around the actor (`rotate`: aimed with `aim <dir>`).
    Pattern {
        /// Index into [`Table::patterns`].
        pattern: u8,
        /// Whether it is aimed.
        rotate: bool,
        /// Whether its cells ignore walls.
        through_walls: bool,
    },
    /// A scan area: containing the actor (`own`) or any; `kinds` bit 0 rows, 1 columns,
    /// 2 quadrants.
    Area {
        /// Whether any area may be named.
        any: bool,
        /// The kinds allowed.
        kinds: u8,
    },
    /// One room up to `max` away in a straight line, the way open (Sniper).
    Line {
        /// The farthest.
        max: u8,
    },
    /// The own room or an adjacent one not across a wall.
    Adjacent,
    /// Any room (`plan_time`: chosen when planned, for undeclared tiles).
    Anywhere {
        /// Chosen when planned.
        plan_time: bool,
    },
    /// The team-mate.
    Teammate,
}

/// One tile, compiled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileSpec {
    /// The tile.
    pub id: TileId,
    /// Its team.
    pub team: Team,
    /// The character owning it (advanced tiles), or none (starting tiles).
    pub owner: Option<CharId>,
    /// Its tier 1–3 (advanced tiles), 0 for starting tiles.
    pub tier: u8,
    /// Copies in a starting hand (0 for advanced tiles).
    pub copies: u8,
    /// Its type.
    pub kind: TileType,
    /// Its dice cost (`None` cost for passives too).
    pub cost: Cost,
    /// Its speech bubble.
    pub speech: Speech,
    /// Its target.
    pub target: Target,
    /// Its effect.
    pub effect: Effect,
}

impl TileSpec {
    /// Whether the tile is a passive (never planned).
    pub fn passive(&self) -> bool {
        self.kind == TileType::Passive
    }

    /// Whether the tile lets its user hack (rules §Parachute: none with a Parachute).
    pub fn hacks(&self) -> bool {
        matches!(self.effect, Effect::Hack { .. } | Effect::HackThenMove)
    }

    /// Whether the tile moves its user (a die paying it shows the direction).
    pub fn moves_self(&self) -> bool {
        matches!(self.effect, Effect::Move { .. } | Effect::MoveScan { .. })
    }
}

/// A compiled pattern: cells as offsets pointing up, each with its parents (indices of
/// earlier cells, or the star when empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternSpec {
    /// Whether the star's room is affected.
    pub star_affected: bool,
    /// `(dx, dy, parents bitmask over earlier cells (0 = the star), affected)`.
    pub cells: Vec<(i8, i8, u16, bool)>,
}

impl PatternSpec {
    /// The rooms affected with the star on `star`, pointing `dir`, with these walls.
    pub fn affected(&self, star: Room, dir: Dir, walls: Walls, through_walls: bool) -> Rooms {
        let mut reached = [None::<Room>; 16];
        let mut out = if self.star_affected { Rooms::one(star) } else { Rooms::EMPTY };
        for (i, &(dx, dy, parents, affected)) in self.cells.iter().enumerate() {
            let (mut x, mut y) = (dx, dy);
            for _ in 0..dir.index() {
                (x, y) = (-y, x);
            }
            let Some(room) = star.offset(x, y) else { continue };
            let open = |p: Room| through_walls || walls.open_between(p, room);
            let ok = if parents == 0 {
                open(star)
            } else {
                (0..i).any(|j| parents >> j & 1 != 0 && reached[j].is_some_and(open))
            };
            if ok {
                reached[i] = Some(room);
                if affected {
                    out = out.with(room);
                }
            }
        }
        out
    }
}

/// Everything compiled from the data file.
#[derive(Debug, Clone)]
pub struct Table {
    /// The 48 tiles in notation order.
    pub tiles: Vec<TileSpec>,
    /// The patterns, indexed by [`Target::Pattern`]'s `pattern`.
    pub patterns: Vec<PatternSpec>,
    /// Each character's team and five tiles (tier 1, tier 2 ×2, tier 3 ×2).
    pub characters: [(Team, [TileId; 5]); NUM_CHARACTERS],
    /// The dice key: the direction of faces 1–6 (index 0–5).
    pub dice_key: [Option<Dir>; 6],
    /// The quotes' words, by the quote's tile.
    pub quotes: Vec<(TileId, String)>,
}

impl Table {
    /// The tile `t`.
    pub fn tile(&self, t: TileId) -> &TileSpec {
        &self.tiles[t.0 as usize]
    }

    /// The direction a die showing `face` gives, if any.
    pub fn direction(&self, face: u8) -> Option<Dir> {
        self.dice_key.get(usize::from(face).wrapping_sub(1)).copied().flatten()
    }

    /// The words of a quote.
    pub fn quote(&self, t: TileId) -> &str {
        self.quotes.iter().find(|(q, _)| *q == t).map_or("", |(_, s)| s.as_str())
    }

    /// Character `c`'s team.
    pub fn team_of(&self, c: CharId) -> Team {
        self.characters[c.0 as usize].0
    }

    /// The starting tiles of a team.
    pub fn starting(&self, team: Team) -> impl Iterator<Item = &TileSpec> {
        self.tiles.iter().filter(move |t| t.team == team && t.tier == 0)
    }
}

fn compile(data: &Data) -> Table {
    let pattern_names: Vec<&String> = data.patterns.keys().collect();
    let patterns = data
        .patterns
        .values()
        .map(|p| PatternSpec {
            star_affected: p.star_affected,
            cells: p
                .cells
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let parents = match &c.2 {
                        Parent::Star(_) => 0,
                        Parent::Cell(j) => 1u16 << j,
                        Parent::Any(js) => js.iter().fold(0, |m, j| m | 1u16 << j),
                    };
                    (c.0, c.1, parents, !p.unaffected.contains(&i))
                })
                .collect(),
        })
        .collect();
    let char_of = |id: &str| data.characters.iter().position(|c| c.id == id).map(|i| CharId(i as u8));
    let mut quotes: Vec<(TileId, String)> = Vec::new();
    let tiles = data
        .tiles
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let id = TileId(i as u8);
            let speech = match &t.declare {
                None | Some(Declare::None) => Speech::Silent,
                Some(Declare::Name) => Speech::Name,
                Some(Declare::Quote { text }) => match quotes.iter().find(|(_, q)| q == text) {
                    Some(&(q, _)) => Speech::Quote(q),
                    None => {
                        quotes.push((id, text.clone()));
                        Speech::Quote(id)
                    }
                },
            };
            let target = match &t.target {
                None => Target::None,
                Some(target) => match &target.kind {
                    TargetKind::Own => Target::Own,
                    TargetKind::Pattern { pattern, rotate, through_walls } => Target::Pattern {
                        pattern: pattern_names.iter().position(|n| *n == pattern).expect("validated") as u8,
                        rotate: *rotate,
                        through_walls: *through_walls,
                    },
                    TargetKind::Area { which, areas } => Target::Area {
                        any: *which == Which::Any,
                        kinds: areas.iter().fold(0, |m, k| {
                            m | match k {
                                AreaKind::Row => 1,
                                AreaKind::Col => 2,
                                AreaKind::Quad => 4,
                            }
                        }),
                    },
                    TargetKind::Line { max } => Target::Line { max: *max },
                    TargetKind::Adjacent => Target::Adjacent,
                    TargetKind::Anywhere => Target::Anywhere { plan_time: target.plan_time },
                    TargetKind::Teammate => Target::Teammate,
                },
            };
            let e = &t.effect;
            let int = |name: &str, default: i64| e.int(name).unwrap_or(default) as u8;
            let effect = match e.code.as_str() {
                "move" => Effect::Move {
                    steps: int("steps", 1),
                    through_walls: e.flag("through_walls"),
                    destroy_wall: e.flag("destroy_wall"),
                    until_blocked: e.flag("until_blocked"),
                },
                "move-scan" => {
                    Effect::MoveScan { steps: int("steps", 1), through_walls: e.flag("through_walls") }
                }
                "earpiece" => Effect::Earpiece,
                "hack" => Effect::Hack { times: int("times", 1) },
                "hack-then-move" => Effect::HackThenMove,
                "build" => Effect::Build(
                    e.str("device").and_then(DeviceKind::from_id).expect("validated: a known device"),
                ),
                "scan" => Effect::Scan,
                "reveal" => Effect::Reveal,
                "attack" => Effect::Attack,
                "detect" => Effect::Detect,
                "generator" => Effect::Generator,
                "parachute" => Effect::Parachute,
                "flashbang" => {
                    Effect::Flashbang { unlocks: int("unlocks", 3), dice_penalty: int("dice_penalty", 1) }
                }
                "smoke" => Effect::Smoke,
                "freeze" => Effect::Freeze,
                "shockwave" => Effect::Shockwave,
                "extra-dice" => Effect::ExtraDice(int("dice", 1)),
                "generator-dice" => Effect::GeneratorDice(int("per_generator", 2)),
                "hack-any-die" => Effect::HackAnyDie,
                "eagle-eye" => Effect::EagleEye,
                "tough" => Effect::Tough,
                "camouflage" => Effect::Camouflage,
                "cross-walls" => Effect::CrossWalls,
                other => unreachable!("validated effect code `{other}`"),
            };
            let copies = data.starting_tiles.of(t.team).iter().find(|s| s.id == t.id).map_or(0, |s| s.copies);
            TileSpec {
                id,
                team: t.team,
                owner: t.character.as_deref().and_then(char_of),
                tier: t.tier.unwrap_or(0),
                copies,
                kind: t.kind,
                cost: t.cost.unwrap_or(Cost::None),
                speech,
                target,
                effect,
            }
        })
        .collect::<Vec<_>>();
    assert_eq!(tiles.len(), NUM_TILES, "validated: 48 tiles");
    let mut characters = [(Team::Spies, [TileId(0); 5]); NUM_CHARACTERS];
    for (i, c) in data.characters.iter().enumerate() {
        let mut five = [TileId(0); 5];
        for (k, id) in c.tiles.iter().enumerate() {
            five[k] = TileId(data.tiles.iter().position(|t| &t.id == id).expect("validated") as u8);
        }
        characters[i] = (c.team, five);
    }
    let dice_key = std::array::from_fn(|f| data.dice_key.direction(f as u8 + 1));
    Table { tiles, patterns, characters, dice_key, quotes }
}

/// The shipped data file, compiled once.
pub fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| compile(data::data()))
}

/// A tile's printed name (`Move & Scan`).
pub fn printed(t: TileId) -> &'static str {
    data::data().tiles.get(usize::from(t.0)).map_or("?", |t| t.name.as_str())
}

/// A character's printed name (`Count V`).
pub fn char_name(c: CharId) -> &'static str {
    data::data().characters.get(usize::from(c.0)).map_or("?", |c| c.name.as_str())
}
