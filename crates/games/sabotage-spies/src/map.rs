//! The map (rules §Components, The map): the 16 rooms `a1`–`d4` of a 4×4 grid, the four
//! directions, the 24 inner edges and the walls on them, adjacency across the grid with
//! walls, the areas (rows, columns, quadrants, halves), and a layout of walls, Doomsday
//! Machines and Generators with the variable-setup rules it must obey.
//!
//! Rooms are numbered `a1` = 0 … `d1` = 3, `a2` = 4 … `d4` = 15 (4·row + column); edges
//! 0–11 join each room of columns a–c to its right neighbour (3·row + column), 12–23 each
//! room of rows 1–3 to the one below (12 + 4·row + column) (rules §Notation).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The grid's side: 4 rooms.
pub const SIDE: u8 = 4;
/// The number of rooms.
pub const NUM_ROOMS: usize = 16;
/// The number of inner edges, where walls may lie.
pub const NUM_EDGES: usize = 24;

/// A room, `a1` (top left) to `d4` (bottom right): column `a`–`d` left to right, row
/// `1`–`4` top to bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Room(u8);

impl Room {
    /// Every room in index order: `a1 b1 c1 d1 a2 … d4`.
    pub const ALL: [Room; NUM_ROOMS] = {
        let mut all = [Room(0); NUM_ROOMS];
        let mut i = 0;
        while i < NUM_ROOMS {
            all[i] = Room(i as u8);
            i += 1;
        }
        all
    };

    /// The room with this index (`0..16`), if any.
    pub const fn from_index(index: usize) -> Option<Room> {
        if index < NUM_ROOMS { Some(Room(index as u8)) } else { None }
    }

    /// The room in column `col` (0 = `a`) and row `row` (0 = row 1), if on the map.
    pub const fn at(col: i8, row: i8) -> Option<Room> {
        if col >= 0 && col < SIDE as i8 && row >= 0 && row < SIDE as i8 {
            Some(Room((row * SIDE as i8 + col) as u8))
        } else {
            None
        }
    }

    /// `0..16`: 4·row + column.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The column, 0 (`a`) to 3 (`d`).
    pub const fn col(self) -> u8 {
        self.0 % SIDE
    }

    /// The row, 0 (row 1, the top) to 3 (row 4).
    pub const fn row(self) -> u8 {
        self.0 / SIDE
    }

    /// The room one step in `dir`, or `None` past the board edge (walls not considered).
    pub const fn step(self, dir: Dir) -> Option<Room> {
        let (dx, dy) = dir.delta();
        Room::at(self.col() as i8 + dx, self.row() as i8 + dy)
    }

    /// The room reached by the offset `(dx, dy)` (dy < 0 is up), if on the map.
    pub const fn offset(self, dx: i8, dy: i8) -> Option<Room> {
        Room::at(self.col() as i8 + dx, self.row() as i8 + dy)
    }

    /// The edge between this room and its neighbour in `dir`, or `None` at the board edge.
    pub fn edge(self, dir: Dir) -> Option<Edge> {
        self.step(dir).and_then(|other| Edge::between(self, other))
    }
}

impl fmt::Display for Room {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col()) as char, self.row() + 1)
    }
}

/// Text that names no room, edge, direction or area.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseError {}

impl FromStr for Room {
    type Err = ParseError;

    /// `a1` to `d4`, case-insensitive.
    fn from_str(s: &str) -> Result<Room, ParseError> {
        let t = s.trim().to_ascii_lowercase();
        let b = t.as_bytes();
        if b.len() == 2 && (b'a'..=b'd').contains(&b[0]) && (b'1'..=b'4').contains(&b[1]) {
            Ok(Room((b[1] - b'1') * SIDE + (b[0] - b'a')))
        } else {
            Err(ParseError(format!("`{s}` is not a room: rooms are a1 to d4 (column a-d, row 1-4)")))
        }
    }
}

impl Serialize for Room {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Room {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Room, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

/// One of the four directions (rules §The map): `up` is towards row 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Towards row 1.
    Up,
    /// Towards column d.
    Right,
    /// Towards row 4.
    Down,
    /// Towards column a.
    Left,
}

impl Dir {
    /// The four directions in index order: up, right, down, left (0–3).
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Right, Dir::Down, Dir::Left];

    /// `0..4`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The step `(dx, dy)`; dy < 0 is up.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::Up => (0, -1),
            Dir::Right => (1, 0),
            Dir::Down => (0, 1),
            Dir::Left => (-1, 0),
        }
    }

    /// The direction `quarters` quarter turns clockwise from this one.
    pub const fn rotate(self, quarters: u8) -> Dir {
        Dir::ALL[(self as usize + quarters as usize) % 4]
    }

    /// The opposite direction.
    pub const fn reverse(self) -> Dir {
        self.rotate(2)
    }

    /// The name: `up`, `right`, `down`, `left`.
    pub const fn name(self) -> &'static str {
        ["up", "right", "down", "left"][self as usize]
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Dir {
    type Err = ParseError;

    /// `up right down left`, `u r d l` or `n e s w`, case-insensitive.
    fn from_str(s: &str) -> Result<Dir, ParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "up" | "u" | "n" | "north" => Ok(Dir::Up),
            "right" | "r" | "e" | "east" => Ok(Dir::Right),
            "down" | "d" | "s" | "south" => Ok(Dir::Down),
            "left" | "l" | "w" | "west" => Ok(Dir::Left),
            _ => Err(ParseError(format!("`{s}` is not a direction: up, right, down or left"))),
        }
    }
}

impl Serialize for Dir {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Dir {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Dir, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

/// An inner edge between two adjacent rooms, where a wall may lie (`b1|b2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge(u8);

impl Edge {
    /// Every inner edge in index order.
    pub const ALL: [Edge; NUM_EDGES] = {
        let mut all = [Edge(0); NUM_EDGES];
        let mut i = 0;
        while i < NUM_EDGES {
            all[i] = Edge(i as u8);
            i += 1;
        }
        all
    };

    /// The edge with this index (`0..24`), if any.
    pub const fn from_index(index: usize) -> Option<Edge> {
        if index < NUM_EDGES { Some(Edge(index as u8)) } else { None }
    }

    /// `0..24`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The edge between two rooms, if they are adjacent (in either order).
    pub const fn between(a: Room, b: Room) -> Option<Edge> {
        let (a, b) = if a.0 <= b.0 { (a, b) } else { (b, a) };
        if a.row() == b.row() && a.col() + 1 == b.col() {
            Some(Edge(3 * a.row() + a.col()))
        } else if a.col() == b.col() && a.row() + 1 == b.row() {
            Some(Edge(12 + SIDE * a.row() + a.col()))
        } else {
            None
        }
    }

    /// The two rooms, the left or upper one first.
    pub const fn rooms(self) -> (Room, Room) {
        if self.0 < 12 {
            let (row, col) = (self.0 / 3, self.0 % 3);
            let a = Room(row * SIDE + col);
            (a, Room(a.0 + 1))
        } else {
            let a = Room(self.0 - 12);
            (a, Room(a.0 + SIDE))
        }
    }

    /// Whether the edge is vertical (between a room and its right neighbour).
    pub const fn is_vertical(self) -> bool {
        self.0 < 12
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.rooms();
        write!(f, "{a}|{b}")
    }
}

impl FromStr for Edge {
    type Err = ParseError;

    /// Two adjacent rooms in either order, separated by `|`, a space or a comma: `b1|b2`,
    /// `b2 b1`.
    fn from_str(s: &str) -> Result<Edge, ParseError> {
        let parts: Vec<&str> = s.split(['|', ' ', ',']).filter(|p| !p.is_empty()).collect();
        let [a, b] = parts[..] else {
            return Err(ParseError(format!("`{s}` is not an edge: write two adjacent rooms, as `b1|b2`")));
        };
        let (a, b): (Room, Room) = (a.parse()?, b.parse()?);
        Edge::between(a, b)
            .ok_or_else(|| ParseError(format!("{a} and {b} are not adjacent: no edge joins them")))
    }
}

/// A set of rooms, one bit per room.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rooms(u16);

impl Rooms {
    /// No room.
    pub const EMPTY: Rooms = Rooms(0);
    /// All sixteen rooms.
    pub const ALL: Rooms = Rooms(u16::MAX);

    /// The set of one room.
    pub const fn one(room: Room) -> Rooms {
        Rooms(1 << room.0)
    }

    /// The set's bits, bit i for room i.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set with these bits.
    pub const fn from_bits(bits: u16) -> Rooms {
        Rooms(bits)
    }

    /// This set with `room` added.
    pub const fn with(self, room: Room) -> Rooms {
        Rooms(self.0 | 1 << room.0)
    }

    /// This set without `room`.
    pub const fn without(self, room: Room) -> Rooms {
        Rooms(self.0 & !(1 << room.0))
    }

    /// Whether `room` is in the set.
    pub const fn contains(self, room: Room) -> bool {
        self.0 >> room.0 & 1 != 0
    }

    /// The number of rooms.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The rooms in both sets.
    pub const fn and(self, other: Rooms) -> Rooms {
        Rooms(self.0 & other.0)
    }

    /// The rooms in either set.
    pub const fn or(self, other: Rooms) -> Rooms {
        Rooms(self.0 | other.0)
    }

    /// The rooms in index order.
    pub fn iter(self) -> impl Iterator<Item = Room> {
        Room::ALL.into_iter().filter(move |&r| self.contains(r))
    }
}

impl FromIterator<Room> for Rooms {
    fn from_iter<I: IntoIterator<Item = Room>>(iter: I) -> Rooms {
        iter.into_iter().fold(Rooms::EMPTY, Rooms::with)
    }
}

impl fmt::Display for Rooms {
    /// The rooms in index order, separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, room) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{room}")?;
        }
        Ok(())
    }
}

/// The walls: a set of inner edges, one bit per edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Walls(u32);

impl Walls {
    /// No wall.
    pub const EMPTY: Walls = Walls(0);

    /// The set's bits, bit i for edge i.
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// The walls with these bits, if they name inner edges only.
    pub const fn from_bits(bits: u32) -> Option<Walls> {
        if bits >> NUM_EDGES == 0 { Some(Walls(bits)) } else { None }
    }

    /// These walls and one on `edge`.
    pub const fn with(self, edge: Edge) -> Walls {
        Walls(self.0 | 1 << edge.0)
    }

    /// These walls without the one on `edge`.
    pub const fn without(self, edge: Edge) -> Walls {
        Walls(self.0 & !(1 << edge.0))
    }

    /// Whether a wall lies on `edge`.
    pub const fn contains(self, edge: Edge) -> bool {
        self.0 >> edge.0 & 1 != 0
    }

    /// The number of walls.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether there is no wall.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The walled edges in index order.
    pub fn iter(self) -> impl Iterator<Item = Edge> {
        Edge::ALL.into_iter().filter(move |&e| self.contains(e))
    }

    /// The room one step from `room` in `dir`, unless the board edge or a wall is in the way.
    pub fn neighbour(self, room: Room, dir: Dir) -> Option<Room> {
        let edge = room.edge(dir)?;
        if self.contains(edge) { None } else { room.step(dir) }
    }

    /// The rooms sharing an open edge with `room`.
    pub fn adjacent(self, room: Room) -> Rooms {
        Dir::ALL.into_iter().filter_map(|d| self.neighbour(room, d)).collect()
    }

    /// Whether `a` and `b` are adjacent with no wall between them.
    pub fn open_between(self, a: Room, b: Room) -> bool {
        Edge::between(a, b).is_some_and(|e| !self.contains(e))
    }

    /// The rooms reachable from `room` through open edges (itself included).
    pub fn reachable(self, room: Room) -> Rooms {
        let mut seen = Rooms::one(room);
        let mut frontier = seen;
        while !frontier.is_empty() {
            let mut next = Rooms::EMPTY;
            for r in frontier.iter() {
                next = next.or(self.adjacent(r));
            }
            frontier = Rooms(next.0 & !seen.0);
            seen = seen.or(next);
        }
        seen
    }

    /// Whether every room can be reached from every other.
    pub fn connected(self) -> bool {
        self.reachable(Room(0)) == Rooms::ALL
    }

    /// The rooms closed on all four sides by walls and the board edge.
    pub fn enclosed(self) -> Rooms {
        Room::ALL.into_iter().filter(|&r| self.adjacent(r).is_empty()).collect()
    }
}

impl fmt::Display for Walls {
    /// The walls in index order, as `b1|b2 b2|c2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, edge) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{edge}")?;
        }
        Ok(())
    }
}

/// A quadrant: one of the four 2×2 blocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Quad {
    /// a1 b1 a2 b2.
    Nw,
    /// c1 d1 c2 d2.
    Ne,
    /// a3 b3 a4 b4.
    Sw,
    /// c3 d3 c4 d4.
    Se,
}

impl Quad {
    /// The quadrants in index order: nw, ne, sw, se.
    pub const ALL: [Quad; 4] = [Quad::Nw, Quad::Ne, Quad::Sw, Quad::Se];

    /// The quadrant holding `room`.
    pub const fn of(room: Room) -> Quad {
        Quad::ALL[(room.row() / 2 * 2 + room.col() / 2) as usize]
    }

    /// The name: `nw`, `ne`, `sw`, `se`.
    pub const fn name(self) -> &'static str {
        ["nw", "ne", "sw", "se"][self as usize]
    }
}

/// A half of the map (Parachute only): two rows or two columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Half {
    /// Rows 1–2.
    Top,
    /// Rows 3–4.
    Bottom,
    /// Columns a–b.
    Left,
    /// Columns c–d.
    Right,
}

impl Half {
    /// The halves in index order: top, bottom, left, right.
    pub const ALL: [Half; 4] = [Half::Top, Half::Bottom, Half::Left, Half::Right];

    /// The two halves holding `room`: its top or bottom, and its left or right.
    pub const fn of(room: Room) -> [Half; 2] {
        [
            if room.row() < 2 { Half::Top } else { Half::Bottom },
            if room.col() < 2 { Half::Left } else { Half::Right },
        ]
    }

    /// The name: `top`, `bottom`, `left`, `right`.
    pub const fn name(self) -> &'static str {
        ["top", "bottom", "left", "right"][self as usize]
    }
}

/// An area of the map (rules §The map, Areas): a row, a column, a quadrant or a half.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Area {
    /// Row 1–4 (0–3 here, 0 the top).
    Row(u8),
    /// Column a–d (0–3 here).
    Col(u8),
    /// A quadrant.
    Quad(Quad),
    /// A half (Parachute only).
    Half(Half),
}

impl Area {
    /// The twelve areas a scan or a Motion Detector may name, in index order: rows 1–4,
    /// columns a–d, quadrants nw, ne, sw, se (0–11).
    pub const SCAN: [Area; 12] = [
        Area::Row(0),
        Area::Row(1),
        Area::Row(2),
        Area::Row(3),
        Area::Col(0),
        Area::Col(1),
        Area::Col(2),
        Area::Col(3),
        Area::Quad(Quad::Nw),
        Area::Quad(Quad::Ne),
        Area::Quad(Quad::Sw),
        Area::Quad(Quad::Se),
    ];

    /// The index among [`Area::SCAN`] (`0..12`), or `None` for a half.
    pub const fn scan_index(self) -> Option<usize> {
        match self {
            Area::Row(r) => Some(r as usize),
            Area::Col(c) => Some(4 + c as usize),
            Area::Quad(q) => Some(8 + q as usize),
            Area::Half(_) => None,
        }
    }

    /// The three scan areas holding `room`: its row, its column, its quadrant.
    pub const fn containing(room: Room) -> [Area; 3] {
        [Area::Row(room.row()), Area::Col(room.col()), Area::Quad(Quad::of(room))]
    }

    /// The area's rooms.
    pub fn rooms(self) -> Rooms {
        Room::ALL
            .into_iter()
            .filter(|&r| match self {
                Area::Row(row) => r.row() == row,
                Area::Col(col) => r.col() == col,
                Area::Quad(q) => Quad::of(r) == q,
                Area::Half(Half::Top) => r.row() < 2,
                Area::Half(Half::Bottom) => r.row() >= 2,
                Area::Half(Half::Left) => r.col() < 2,
                Area::Half(Half::Right) => r.col() >= 2,
            })
            .collect()
    }
}

impl fmt::Display for Area {
    /// `row 1`, `col a`, `quad nw`, `top`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Area::Row(r) => write!(f, "row {}", r + 1),
            Area::Col(c) => write!(f, "col {}", (b'a' + c) as char),
            Area::Quad(q) => write!(f, "quad {}", q.name()),
            Area::Half(h) => f.write_str(h.name()),
        }
    }
}

impl FromStr for Area {
    type Err = ParseError;

    /// `row 1`, `col a` (or `column a`), `quad nw` (or `quadrant nw`), `top`, `bottom`,
    /// `left`, `right`; case-insensitive, spaces free.
    fn from_str(s: &str) -> Result<Area, ParseError> {
        let t = s.trim().to_ascii_lowercase();
        let words: Vec<&str> = t.split_whitespace().collect();
        let bad = || {
            ParseError(format!(
                "`{s}` is not an area: `row 1`-`row 4`, `col a`-`col d`, `quad nw|ne|sw|se`, or a half \
                 `top|bottom|left|right`"
            ))
        };
        let area = match words[..] {
            [half] => match half {
                "top" => Area::Half(Half::Top),
                "bottom" => Area::Half(Half::Bottom),
                "left" => Area::Half(Half::Left),
                "right" => Area::Half(Half::Right),
                _ => return Err(bad()),
            },
            ["row", n] => match n.as_bytes() {
                [d @ b'1'..=b'4'] => Area::Row(d - b'1'),
                _ => return Err(bad()),
            },
            ["col" | "column", c] => match c.as_bytes() {
                [l @ b'a'..=b'd'] => Area::Col(l - b'a'),
                _ => return Err(bad()),
            },
            ["quad" | "quadrant", q] => match Quad::ALL.into_iter().find(|x| x.name() == q) {
                Some(q) => Area::Quad(q),
                None => return Err(bad()),
            },
            _ => return Err(bad()),
        };
        Ok(area)
    }
}

/// Where the walls, the three Doomsday Machines and the two Generators stand: the pieces
/// both maps share (rules §The map).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Layout {
    /// The walls.
    pub walls: Walls,
    /// The Doomsday Machines' rooms.
    pub machines: [Room; 3],
    /// The Generators' rooms.
    pub generators: [Room; 2],
}

impl Layout {
    /// Whether a machine and a generator in these rooms would break the variable-setup rule
    /// "not in the same room or adjacent, unless a wall separates them": the same room, or
    /// adjacent with no wall between them.
    pub fn too_close(walls: Walls, machine: Room, generator: Room) -> bool {
        machine == generator || walls.open_between(machine, generator)
    }

    /// Checks the variable-setup rules (rules §Variable Map Setup, Interpretation 5): no two
    /// pieces in one room, no machine sharing or touching a generator's room without a wall
    /// between, no room enclosed, every room reachable from every other.
    ///
    /// # Errors
    /// A sentence naming the rooms that break the rule.
    pub fn check(&self) -> Result<(), String> {
        let pieces: Vec<Room> = self.machines.iter().chain(&self.generators).copied().collect();
        for (i, a) in pieces.iter().enumerate() {
            if pieces[..i].contains(a) {
                return Err(format!("two pieces (machines or generators) share room {a}"));
            }
        }
        for &m in &self.machines {
            for &g in &self.generators {
                if Layout::too_close(self.walls, m, g) {
                    return Err(format!(
                        "the Doomsday Machine in {m} and the Generator in {g} are adjacent without a wall \
                         between them (rules §Variable Map Setup)"
                    ));
                }
            }
        }
        let enclosed = self.walls.enclosed();
        if !enclosed.is_empty() {
            return Err(format!(
                "room {enclosed} is surrounded by walls and the board edge (rules §Variable Map Setup)"
            ));
        }
        if !self.walls.connected() {
            let part = self.walls.reachable(Room(0));
            let small = if part.len() <= NUM_ROOMS / 2 { part } else { Rooms(!part.0) };
            return Err(format!(
                "the walls cut the map in two: {small} cannot be reached from the other rooms (rules, Interpretation 5)"
            ));
        }
        Ok(())
    }
}
