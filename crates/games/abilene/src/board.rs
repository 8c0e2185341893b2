//! The board as data (rules §The board): axial hexes and the six directions, the town of
//! Abilene, the 162 fields in six ranches, their names, numbers and kinds, the ranches in
//! play for each player count, and the neighbours of every space.
//!
//! **The layout is ours** (rules, Interpretations 3 to 6): the printed board is lost. Every
//! choice it makes is one of the constants or the one function marked *invented* below, so
//! that the real map can replace them without touching the rules. Every other table of this
//! module is built from them at compile time.

use std::fmt;
use std::str::FromStr;

use crate::spaces::Spaces;

// ---------------------------------------------------------------------------------------
// The table (*invented*, rules Interpretations 3 to 6): the town over rings 0 and 1, the
// fields on rings 2 to 7, ranch i's field (k, j) at (k − j)·Di + j·D(i+1), the kinds of
// field by ring and position (`Kind::of`), and the ranches used for each player count
// (`ranches_in_play`, from §Préparation). A change here must go with docs/rules/abilene.md.
// ---------------------------------------------------------------------------------------

/// The town's radius: Abilene covers the hexes of rings 0 to `TOWN_RADIUS` (*invented*).
pub const TOWN_RADIUS: u8 = 1;
/// The innermost ring of fields: the fields that border Abilene.
pub const FIRST_RING: u8 = TOWN_RADIUS + 1;
/// The outermost ring of fields: the outer edge (*invented*, Interpretation 5).
pub const LAST_RING: u8 = 7;
pub use crate::spaces::{NUM_FIELDS, NUM_SPACES, Space};

const _: () = assert!(NUM_FIELDS == 6 * Field::PER_RANCH as usize, "27 fields in each of the six ranches");

const _: () = assert!(FIRST_RING == 2 && LAST_RING == 7, "the field names carry one digit per ring");

/// One of the six directions on the hex grid, clockwise from the upper left (rules
/// §Coordinates). `D0` is ranch A's outward direction, `Di` ranch `i`'s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// North-west, (dq, dr) = (0, −1).
    D0,
    /// North-east, (+1, −1).
    D1,
    /// East, (+1, 0).
    D2,
    /// South-east, (0, +1).
    D3,
    /// South-west, (−1, +1).
    D4,
    /// West, (−1, 0).
    D5,
}

impl Dir {
    /// The six directions, `D0` to `D5`.
    pub const ALL: [Dir; 6] = [Dir::D0, Dir::D1, Dir::D2, Dir::D3, Dir::D4, Dir::D5];
    /// The number of directions.
    pub const NUM: usize = 6;

    /// `0..6`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction `Di`, `i` taken modulo 6.
    pub const fn from_index(i: usize) -> Dir {
        Dir::ALL[i % 6]
    }

    /// The step (dq, dr) in axial coordinates.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::D0 => (0, -1),
            Dir::D1 => (1, -1),
            Dir::D2 => (1, 0),
            Dir::D3 => (0, 1),
            Dir::D4 => (-1, 1),
            Dir::D5 => (-1, 0),
        }
    }

    /// The compass name: `NW`, `NE`, `E`, `SE`, `SW`, `W`.
    pub const fn name(self) -> &'static str {
        ["NW", "NE", "E", "SE", "SW", "W"][self as usize]
    }

    /// The direction `n` sixths of a turn clockwise from this one (`n` may be negative).
    pub const fn rotate(self, n: i32) -> Dir {
        Dir::from_index((self as i32 + n).rem_euclid(6) as usize)
    }

    /// The opposite direction.
    pub const fn reverse(self) -> Dir {
        self.rotate(3)
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of directions, one bit per direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Dirs(u8);

impl Dirs {
    /// No direction.
    pub const EMPTY: Dirs = Dirs(0);

    /// This set with `dir` added.
    pub const fn with(self, dir: Dir) -> Dirs {
        Dirs(self.0 | 1 << dir as u8)
    }

    /// Whether `dir` is in the set.
    pub const fn contains(self, dir: Dir) -> bool {
        self.0 >> dir as u8 & 1 != 0
    }

    /// How many directions the set holds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The directions of the set, `D0` first.
    pub fn iter(self) -> impl Iterator<Item = Dir> {
        Dir::ALL.into_iter().filter(move |&d| self.contains(d))
    }
}

/// A hexagon in axial coordinates `(q, r)`, pointy-top: drawn at x = √3·(q + r/2),
/// y = 1.5·r, y pointing down (rules §Coordinates).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hex {
    /// The q coordinate (grows to the east).
    pub q: i8,
    /// The r coordinate (grows to the south).
    pub r: i8,
}

impl Hex {
    /// The hex `(q, r)`.
    pub const fn new(q: i8, r: i8) -> Hex {
        Hex { q, r }
    }

    /// The distance from the centre (0, 0): max(|q|, |r|, |q + r|).
    pub const fn ring(self) -> u8 {
        let (q, r, s) = (self.q.unsigned_abs(), self.r.unsigned_abs(), (self.q + self.r).unsigned_abs());
        let m = if q > r { q } else { r };
        if m > s { m } else { s }
    }

    /// The next hex in direction `dir` (no bound check: the board lies far inside `i8`).
    pub const fn step(self, dir: Dir) -> Hex {
        let (dq, dr) = dir.delta();
        Hex { q: self.q + dq, r: self.r + dr }
    }

    /// The hex `n` steps from this one in direction `dir`.
    pub const fn steps(self, dir: Dir, n: i8) -> Hex {
        let (dq, dr) = dir.delta();
        Hex { q: self.q + n * dq, r: self.r + n * dr }
    }

    /// The direction from this hex to an adjacent one, or `None` when they are not adjacent.
    pub const fn dir_to(self, other: Hex) -> Option<Dir> {
        let mut i = 0;
        while i < 6 {
            let h = self.step(Dir::ALL[i]);
            if h.q == other.q && h.r == other.r {
                return Some(Dir::ALL[i]);
            }
            i += 1;
        }
        None
    }

    /// The space on this hex: a field, Abilene (rings 0 to [`TOWN_RADIUS`]), or `None` off
    /// the board.
    pub const fn space(self) -> Option<Space> {
        let ring = self.ring();
        if ring <= TOWN_RADIUS {
            return Some(Space::ABILENE);
        }
        if ring > LAST_RING {
            return None;
        }
        Some(Space(TABLES.hex_field[(self.q + 7) as usize][(self.r + 7) as usize]))
    }
}

/// One of the six ranches, `A` to `F`, clockwise from the top (rules §Fields). Ranch `i`
/// lies in the wedge between the rays `Di` and `D(i+1)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ranch {
    /// Ranch A, at the top (`D0` and `D1`).
    A,
    /// Ranch B, upper right.
    B,
    /// Ranch C, right.
    C,
    /// Ranch D, at the bottom.
    D,
    /// Ranch E, lower left.
    E,
    /// Ranch F, upper left.
    F,
}

impl Ranch {
    /// The six ranches, clockwise from the top.
    pub const ALL: [Ranch; 6] = [Ranch::A, Ranch::B, Ranch::C, Ranch::D, Ranch::E, Ranch::F];
    /// The number of ranches.
    pub const NUM: usize = 6;

    /// `0..6`, A = 0.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The ranch of index `i`, `None` from 6 on.
    pub const fn from_index(i: usize) -> Option<Ranch> {
        if i < 6 { Some(Ranch::ALL[i]) } else { None }
    }

    /// The upper-case letter, `A` to `F` (also the brand of the rancher who owns it).
    pub const fn letter(self) -> char {
        (b'A' + self as u8) as char
    }

    /// The ranch of a letter, either case.
    pub const fn from_letter(c: char) -> Option<Ranch> {
        match c.to_ascii_uppercase() {
            'A' => Some(Ranch::A),
            'B' => Some(Ranch::B),
            'C' => Some(Ranch::C),
            'D' => Some(Ranch::D),
            'E' => Some(Ranch::E),
            'F' => Some(Ranch::F),
            _ => None,
        }
    }

    /// The ranch's outward direction `Di`: its position-0 fields lie on the ray k·Di.
    pub const fn dir(self) -> Dir {
        Dir::ALL[self as usize]
    }

    /// The ranch's 27 fields.
    pub const fn fields(self) -> Spaces {
        KIND_FIELDS[self as usize][Kind::ALL.len()]
    }

    /// The ranch's fields of one kind, in field order (the order the cows are placed in at
    /// setup, for the cow heads).
    pub const fn fields_of_kind(self, kind: Kind) -> Spaces {
        KIND_FIELDS[self as usize][kind as usize]
    }

    /// The ranch's two fields that border Abilene (ring 2).
    pub const fn bordering(self) -> [Field; 2] {
        [Field::new(self, FIRST_RING, 0), Field::new(self, FIRST_RING, 1)]
    }
}

impl fmt::Display for Ranch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The ranches in play for `players` ranchers, seat 0's first, clockwise (rules §Ranches in
/// play: one free ranch for 5, two opposite for 4, every other one for 3); `None` outside
/// 3–6. The choice of which ranches stay free is ours (Interpretation 7).
pub const fn ranches_in_play(players: usize) -> Option<&'static [Ranch]> {
    use Ranch::*;
    match players {
        3 => Some(&[A, C, E]),
        4 => Some(&[A, B, D, E]),
        5 => Some(&[A, B, C, D, E]),
        6 => Some(&[A, B, C, D, E, F]),
        _ => None,
    }
}

/// The kind of a field (rules §Kinds of field).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// A boot field: cowboys start here; released cowboys and duel losers may be put here.
    Boot,
    /// A cow-head field: cows start here; stolen cows are put here.
    CowHead,
    /// A field of the outer edge ("bord extérieur du Ranch"), ring 7.
    OuterEdge,
    /// Any other field.
    Plain,
}

impl Kind {
    /// The four kinds.
    pub const ALL: [Kind; 4] = [Kind::Boot, Kind::CowHead, Kind::OuterEdge, Kind::Plain];

    /// The kind of the field of ring `ring` and position `pos`, the same in every ranch
    /// (*invented*, Interpretation 6): boots on ring 4 and ring 3 position 1; cow heads on
    /// ring 5 positions 1–3 and ring 6; the outer edge on ring 7; the rest plain.
    pub const fn of(ring: u8, pos: u8) -> Kind {
        match (ring, pos) {
            (4, _) | (3, 1) => Kind::Boot,
            (5, 1..=3) | (6, _) => Kind::CowHead,
            (7, _) => Kind::OuterEdge,
            _ => Kind::Plain,
        }
    }

    /// The letter of the rules' kind diagram: `B`, `C`, `o`, `.`.
    pub const fn symbol(self) -> char {
        match self {
            Kind::Boot => 'B',
            Kind::CowHead => 'C',
            Kind::OuterEdge => 'o',
            Kind::Plain => '.',
        }
    }
}

/// A field: one of the 162 hexes of rings 2 to 7, numbered 0–161 as rules §Notation does:
/// `27·i + k(k−1)/2 − 1 + j` for the field of ring `k`, position `j` of ranch `i`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Field(u8);

impl Field {
    /// The number of fields of a ranch: 2 + 3 + 4 + 5 + 6 + 7.
    pub const PER_RANCH: u8 = 27;

    /// The field of ranch `ranch`, ring `ring` (2–7) and position `pos` (0 to ring − 1).
    ///
    /// # Panics
    /// If the ring or position is out of range.
    pub const fn new(ranch: Ranch, ring: u8, pos: u8) -> Field {
        assert!(ring >= FIRST_RING && ring <= LAST_RING && pos < ring, "no such field");
        Field(ranch as u8 * Field::PER_RANCH + ring * (ring - 1) / 2 - 1 + pos)
    }

    /// The field of ranch `ranch` with number `n` (0–26) inside it.
    pub const fn of_ranch(ranch: Ranch, n: u8) -> Field {
        assert!(n < Field::PER_RANCH, "no such field");
        Field(ranch as u8 * Field::PER_RANCH + n)
    }

    /// The field numbered `i` (0–161), `None` beyond.
    pub const fn from_index(i: usize) -> Option<Field> {
        if i < NUM_FIELDS { Some(Field(i as u8)) } else { None }
    }

    /// Every field, in number order.
    pub fn all() -> impl Iterator<Item = Field> {
        (0..NUM_FIELDS as u8).map(Field)
    }

    /// The number, 0–161.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The space this field is.
    pub const fn space(self) -> Space {
        Space(self.0)
    }

    /// The ranch the field lies in.
    pub const fn ranch(self) -> Ranch {
        Ranch::ALL[(self.0 / Field::PER_RANCH) as usize]
    }

    /// The field's number inside its ranch, 0–26.
    pub const fn in_ranch(self) -> u8 {
        self.0 % Field::PER_RANCH
    }

    /// The ring, 2–7: the distance from the centre of the board.
    pub const fn ring(self) -> u8 {
        RING_POS[self.in_ranch() as usize].0
    }

    /// The position on the ring inside the ranch, 0 to ring − 1.
    pub const fn pos(self) -> u8 {
        RING_POS[self.in_ranch() as usize].1
    }

    /// The hex: (k − j)·Di + j·D(i+1) for ring k, position j of ranch i.
    pub const fn hex(self) -> Hex {
        TABLES.field_hex[self.0 as usize]
    }

    /// The field's kind.
    pub const fn kind(self) -> Kind {
        Kind::of(self.ring(), self.pos())
    }

    /// Whether the field borders Abilene (ring 2).
    pub const fn borders_abilene(self) -> bool {
        self.ring() == FIRST_RING
    }

    /// The headings that lead **away from Abilene** from this field: the directions whose
    /// next field is in ring 3 (rules §Paths, out of Abilene). Three for a ring-2 field at
    /// position 0 (its ranch's D(i−1), Di, D(i+1)), two at position 1 (Di, D(i+1)), none
    /// for a field that does not border Abilene.
    pub const fn away(self) -> Dirs {
        TABLES.away[self.0 as usize]
    }

    /// The field's neighbour in direction `dir`: a field, Abilene, or `None` off the board.
    pub const fn neighbour(self, dir: Dir) -> Option<Space> {
        let s = TABLES.neighbour[self.0 as usize][dir as usize];
        if s == NONE { None } else { Some(Space(s)) }
    }
}

impl fmt::Display for Field {
    /// The field's name: the ranch's lower-case letter, the ring, the position (`a20`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.ranch().letter().to_ascii_lowercase(), self.ring(), self.pos())
    }
}

/// Why a field or space name could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSpaceError(pub String);

impl fmt::Display for ParseSpaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a space: a field is a ranch letter a–f, a ring 2–7 and a position below \
             the ring (a20, c54, f76), and the town is `abilene`",
            tabula_core::error::quote(&self.0)
        )
    }
}

impl std::error::Error for ParseSpaceError {}

impl FromStr for Field {
    type Err = ParseSpaceError;

    /// Reads a field's name, either case: `a20`, `C54`.
    fn from_str(s: &str) -> Result<Field, ParseSpaceError> {
        let err = || ParseSpaceError(s.to_string());
        let &[l, k, j] = s.as_bytes() else { return Err(err()) };
        let ranch = Ranch::from_letter(l as char).ok_or_else(err)?;
        let (k, j) = (k.wrapping_sub(b'0'), j.wrapping_sub(b'0'));
        if !(FIRST_RING..=LAST_RING).contains(&k) || j >= k {
            return Err(err());
        }
        Ok(Field::new(ranch, k, j))
    }
}

impl Space {
    /// The field, or `None` for Abilene.
    pub const fn field(self) -> Option<Field> {
        if self.is_abilene() { None } else { Some(Field(self.0)) }
    }

    /// The spaces one step away: a field's (up to six) neighbours, Abilene among them for a
    /// field of ring 2; Abilene's are its 12 bordering fields.
    pub const fn neighbours(self) -> Spaces {
        TABLES.neighbours[self.0 as usize]
    }

    /// Whether `other` is one step away.
    pub const fn is_adjacent(self, other: Space) -> bool {
        self.neighbours().contains(other)
    }
}

impl From<Field> for Space {
    fn from(f: Field) -> Space {
        f.space()
    }
}

impl fmt::Display for Space {
    /// A field's name, or `abilene`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.field() {
            Some(field) => field.fmt(f),
            None => f.write_str("abilene"),
        }
    }
}

impl FromStr for Space {
    type Err = ParseSpaceError;

    /// Reads a field's name or `abilene` (`town` accepted), either case.
    fn from_str(s: &str) -> Result<Space, ParseSpaceError> {
        if s.eq_ignore_ascii_case("abilene") || s.eq_ignore_ascii_case("town") {
            return Ok(Space::ABILENE);
        }
        s.parse::<Field>().map(Field::space)
    }
}

/// The 12 fields that border Abilene (ring 2), ranch A's first.
pub const ABILENE_BORDER: [Field; 12] = {
    let mut out = [Field(0); 12];
    let mut i = 0;
    while i < 6 {
        let [f0, f1] = Ranch::ALL[i].bordering();
        out[2 * i] = f0;
        out[2 * i + 1] = f1;
        i += 1;
    }
    out
};

// ---------------------------------------------------------------------------------------
// Tables built at compile time from the constants above.
// ---------------------------------------------------------------------------------------

const NONE: u8 = u8::MAX;

/// (ring, position) of each field number inside a ranch.
const RING_POS: [(u8, u8); Field::PER_RANCH as usize] = {
    let mut out = [(0, 0); Field::PER_RANCH as usize];
    let mut k = FIRST_RING;
    while k <= LAST_RING {
        let mut j = 0;
        while j < k {
            out[(k * (k - 1) / 2 - 1 + j) as usize] = (k, j);
            j += 1;
        }
        k += 1;
    }
    out
};

/// Each ranch's fields of each kind (in `Kind::ALL` order), then all its fields.
const KIND_FIELDS: [[Spaces; Kind::ALL.len() + 1]; Ranch::NUM] = {
    let mut out = [[Spaces::EMPTY; Kind::ALL.len() + 1]; Ranch::NUM];
    let mut f = 0;
    while f < NUM_FIELDS {
        let field = Field(f as u8);
        let (i, k) = (field.ranch() as usize, field.kind() as usize);
        out[i][k] = out[i][k].with(field.space());
        out[i][Kind::ALL.len()] = out[i][Kind::ALL.len()].with(field.space());
        f += 1;
    }
    out
};

struct Tables {
    field_hex: [Hex; NUM_FIELDS],
    /// The field on hex (q, r) at `[q + 7][r + 7]`, `NONE` for the town and off the board.
    hex_field: [[u8; 15]; 15],
    /// Each field's neighbour in each direction (`NONE` off the board).
    neighbour: [[u8; 6]; NUM_FIELDS],
    neighbours: [Spaces; NUM_SPACES],
    away: [Dirs; NUM_FIELDS],
}

const TABLES: Tables = {
    let mut t = Tables {
        field_hex: [Hex::new(0, 0); NUM_FIELDS],
        hex_field: [[NONE; 15]; 15],
        neighbour: [[NONE; 6]; NUM_FIELDS],
        neighbours: [Spaces::EMPTY; NUM_SPACES],
        away: [Dirs::EMPTY; NUM_FIELDS],
    };
    let mut f = 0;
    while f < NUM_FIELDS {
        let i = f / Field::PER_RANCH as usize;
        let (k, j) = RING_POS[f % Field::PER_RANCH as usize];
        let h =
            Hex::new(0, 0).steps(Dir::from_index(i), (k - j) as i8).steps(Dir::from_index(i + 1), j as i8);
        assert!(h.ring() == k, "the ranch formula keeps a field on its ring");
        assert!(t.hex_field[(h.q + 7) as usize][(h.r + 7) as usize] == NONE, "one field per hex");
        t.field_hex[f] = h;
        t.hex_field[(h.q + 7) as usize][(h.r + 7) as usize] = f as u8;
        f += 1;
    }
    let mut f = 0;
    while f < NUM_FIELDS {
        let h = t.field_hex[f];
        let mut d = 0;
        while d < 6 {
            let n = h.step(Dir::ALL[d]);
            let ring = n.ring();
            let s = if ring <= TOWN_RADIUS {
                Space::ABILENE.0
            } else if ring <= LAST_RING {
                t.hex_field[(n.q + 7) as usize][(n.r + 7) as usize]
            } else {
                NONE
            };
            t.neighbour[f][d] = s;
            if s != NONE {
                t.neighbours[f] = t.neighbours[f].with(Space(s));
                if s == Space::ABILENE.0 {
                    t.neighbours[NUM_FIELDS] = t.neighbours[NUM_FIELDS].with(Space(f as u8));
                }
            }
            if h.ring() == FIRST_RING && ring == FIRST_RING + 1 {
                t.away[f] = t.away[f].with(Dir::ALL[d]);
            }
            d += 1;
        }
        f += 1;
    }
    t
};
