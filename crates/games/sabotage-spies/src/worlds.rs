//! The deduction aid's sets (rules §The deduction aid): a **world** is one possible side of
//! a team, a [`Worlds`] the set of them kept as disjoint products ([`Block`]), [`Aids`] the
//! two sets a game tracks, and [`Deduction`] what a screen shows of one. How the sets are
//! computed, action by action, is [`crate::aid`].

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::map::{Dir, Rooms, Walls};
use crate::side::{Hidden, Loc, Side, Token};

/// One possible side of a team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct World {
    /// The side when this round's plans were made (what a lazy plan is judged on).
    pub start: Side,
    /// The side now; its plans are lazy within a round.
    pub now: Side,
}

impl World {
    /// A world that is `side` now and at plan time.
    pub fn of(side: Side) -> World {
        World { start: side, now: side }
    }

    /// The world's part shared by the team (cubes, devices, slides), its characters
    /// cleared, and each character's part. The shared part at plan time is never read
    /// again (a plan is judged on its character, the public facts and the cubes used now),
    /// so it is taken as the part now: worlds that differ only there are one.
    pub fn split(&self) -> (World, [Pair; 2]) {
        let chars = [0, 1].map(|c| [self.start.chars[c], self.now.chars[c]]);
        let mut shared = *self;
        shared.start = shared.now;
        shared.start.chars = [Hidden::default(); 2];
        shared.now.chars = [Hidden::default(); 2];
        (shared, chars)
    }

    /// How many worlds this one stands for: one per room each hidden device left open
    /// ([`Token::open`](crate::side::Token::open)) may be in.
    pub fn multiplicity(&self) -> usize {
        self.now.secret.iter().flatten().map(|t| t.open.len().max(1)).product()
    }

    /// The `k`-th (`k < multiplicity()`) of the worlds this one stands for: each device
    /// left open put in one of its rooms.
    pub fn concrete(&self, mut k: usize) -> World {
        let mut w = *self;
        for i in 0..2 {
            let Some(t) = self.now.secret[i].filter(|t| !t.open.is_empty()) else { continue };
            let n = t.open.len();
            let room = t.open.iter().nth(k % n).unwrap_or(t.room);
            k /= n;
            let one = Token { room, open: Rooms::EMPTY, ..t };
            w.now.secret[i] = Some(one);
            if self.start.secret[i] == Some(t) {
                w.start.secret[i] = Some(one);
            }
        }
        w
    }

    /// The world made of a shared part and the two characters' parts.
    pub fn join(shared: &World, chars: [&Pair; 2]) -> World {
        let mut w = *shared;
        for (c, part) in chars.into_iter().enumerate() {
            w.start.chars[c] = part[0];
            w.now.chars[c] = part[1];
        }
        w
    }
}

/// One character's part of a world: what it was when the round's plans were made, and
/// what it is now.
pub type Pair = [Hidden; 2];

/// A set of worlds that is a product: one shared part, and every pairing of a first
/// character's part with a second's (rules §The deduction aid, "Factoring").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Block {
    /// The part the characters share (its `chars` are cleared).
    pub shared: World,
    /// Each character's possible parts.
    pub chars: [Vec<Pair>; 2],
}

impl Block {
    /// The number of worlds (a hidden device left open counting once per room).
    pub fn len(&self) -> usize {
        self.pairs() * self.shared.multiplicity()
    }

    /// The number of pairings of the two characters' parts (what the block costs to
    /// replay: a device left open is replayed once for all its rooms).
    pub fn pairs(&self) -> usize {
        self.chars[0].len() * self.chars[1].len()
    }

    /// Whether it holds no world.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The world pairing the `i`-th first character's part with the `j`-th second's.
    pub fn world(&self, i: usize, j: usize) -> World {
        World::join(&self.shared, [&self.chars[0][i], &self.chars[1][j]])
    }
}

/// A team's possible sides: a union of disjoint [`Block`]s (no world is in two).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Worlds {
    pub(crate) blocks: Vec<Block>,
}

impl Worlds {
    /// The set holding these worlds, one block each.
    pub fn of(worlds: impl IntoIterator<Item = World>) -> Worlds {
        let blocks = worlds
            .into_iter()
            .map(|w| {
                let (shared, [a, b]) = w.split();
                Block { shared, chars: [vec![a], vec![b]] }
            })
            .collect();
        Worlds { blocks }
    }

    /// The blocks.
    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }

    /// The number of worlds.
    pub fn len(&self) -> usize {
        self.blocks.iter().map(Block::len).sum()
    }

    /// Whether there is no world.
    pub fn is_empty(&self) -> bool {
        self.blocks.iter().all(Block::is_empty)
    }

    /// The number of characters' parts held (what the set costs to keep and update).
    pub fn parts(&self) -> usize {
        self.blocks.iter().map(|b| b.chars[0].len() + b.chars[1].len()).sum()
    }

    /// The number of pairings held, a device left open counted once (what the set costs to
    /// replay; the aid's bounds count these).
    pub fn pairs(&self) -> usize {
        self.blocks.iter().map(Block::pairs).sum()
    }

    /// The `i`-th world (`i < len()`), blocks in order, each row by row and then room by
    /// room of its devices left open: every world counted by [`Worlds::len`] once, its
    /// devices in rooms (a uniform index draws a world uniformly).
    pub fn get(&self, mut i: usize) -> World {
        for b in &self.blocks {
            if i < b.len() {
                let (n, p) = (b.chars[1].len(), b.pairs());
                let k = i % p;
                return b.world(k / n, k % n).concrete(i / p);
            }
            i -= b.len();
        }
        panic!("world index out of range")
    }

    /// The `i`-th pairing (`i < pairs()`), blocks in order, each row by row, its devices
    /// left open as they are.
    pub fn pairing(&self, mut i: usize) -> World {
        for b in &self.blocks {
            if i < b.pairs() {
                let n = b.chars[1].len();
                return b.world(i / n, i % n);
            }
            i -= b.pairs();
        }
        panic!("pairing index out of range")
    }

    /// Every pairing, in the order of [`Worlds::pairing`], devices left open as they are.
    pub fn iter(&self) -> impl Iterator<Item = World> + '_ {
        self.blocks.iter().flat_map(|b| {
            (0..b.chars[0].len()).flat_map(move |i| (0..b.chars[1].len()).map(move |j| b.world(i, j)))
        })
    }
}

/// The two aids: `worlds[0]` the Villains' possible sides (what the Spies may know),
/// `worlds[1]` the Spies' (the Villains' deduction aid).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Aids {
    /// Whether playing updates the aids (a determinized copy inside a search does not).
    pub tracking: bool,
    /// Each team's possible sides.
    pub worlds: [Arc<Worlds>; 2],
    /// Whether each set is exact: every possible side and no other. An aid widened past
    /// [`EXACT`](crate::aid::EXACT) holds every possible side and some impossible ones; one thinned past
    /// [`CAP`](crate::aid::CAP) only possible sides, not every one.
    #[serde(default = "both")]
    pub exact: [bool; 2],
    /// Whether each set holds every possible side (exact or widened, never thinned): the
    /// real side is then always in it.
    #[serde(default = "both")]
    pub complete: [bool; 2],
    /// What a world being updated does with a team-mate it leaves open (never in a real
    /// game).
    #[serde(skip)]
    pub probe: Probe,
    /// Set in a state that is a deduction world being replayed (never in a real game): its
    /// round ends on [`Pending::Spend`](crate::state::Pending::Spend).
    #[serde(skip)]
    pub replay: bool,
}

/// An Earpiece move made on a team-mate whose room a world leaves open, with what it
/// depended on then.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MateMove {
    /// The direction.
    pub dir: Dir,
    /// The frozen rooms then.
    pub frozen: Rooms,
    /// The walls then.
    pub walls: Walls,
}

/// Set while a world is replayed with its acting character's team-mate standing for a
/// whole class of team-mates that differ only in their rooms (rules §The deduction aid,
/// "Factoring"): the rules record what they do to the team-mate's room, or mark that they
/// read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Probe {
    /// The slot of the team-mate left open.
    pub mate: Option<u8>,
    /// Whether a rule read its room (an attack, a reveal, a count, a TNT, an Earpiece into
    /// a room with a device): the world must then be replayed with each team-mate.
    pub read: bool,
    /// The Earpiece moves made on it, in order.
    pub moves: [Option<MateMove>; 2],
    /// Where the round ended: what the acting character's plan could have spent (per number
    /// of cubes spent, the fewest placed; `u8::MAX` where none) and the cubes the team had
    /// left. The spending reads both plans, so each team-mate's is added afterwards.
    pub spend: Option<([u8; 64], u8)>,
}

impl Probe {
    /// Records an Earpiece move on the open team-mate.
    pub fn record(&mut self, m: MateMove) {
        match self.moves.iter_mut().find(|x| x.is_none()) {
            Some(slot) => *slot = Some(m),
            None => self.read = true,
        }
    }
}

fn both() -> [bool; 2] {
    [true; 2]
}

impl Default for Aids {
    fn default() -> Self {
        Aids::of(&[Side::default(), Side::default()])
    }
}

impl Aids {
    /// No aid kept: a state keeping the rules alone ([`Game::rules_only`](tabula_core::Game::rules_only)),
    /// or a position read without its history. Its views hold no world (`deduction.worlds`
    /// 0, neither exact nor complete) and determinization draws the other team's side from
    /// what is public ([`crate::view::determinize`]).
    pub fn unknown() -> Aids {
        Aids {
            tracking: false,
            worlds: [Arc::new(Worlds::default()), Arc::new(Worlds::default())],
            exact: [false; 2],
            complete: [false; 2],
            probe: Probe::default(),
            replay: false,
        }
    }

    /// The aids of a game that has not begun: each side as set up.
    pub fn of(sides: &[Side; 2]) -> Aids {
        Aids {
            tracking: true,
            worlds: sides.map(|s| Arc::new(Worlds::of([World::of(s)]))),
            exact: both(),
            complete: both(),
            probe: Probe::default(),
            replay: false,
        }
    }
}

/// What an aid says, as the screens show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Deduction {
    /// How many possible sides remain.
    pub worlds: usize,
    /// Per character of the team: the rooms it may stand in.
    pub rooms: [Rooms; 2],
    /// Per character: whether it may be off the map or lying down.
    pub away: [bool; 2],
    /// The rooms the Virus and the Beacon may be in (Spies).
    pub devices: [Rooms; 2],
    /// Whether the Virus and the Beacon may be in the supply (Spies).
    pub supply: [bool; 2],
    /// Whether the set is exact: every possible side and no other.
    pub exact: bool,
    /// Whether the set holds every possible side (exact, or widened past [`EXACT`](crate::aid::EXACT)
    /// worlds: then some impossible ones too); `false` once thinned to a sample.
    pub complete: bool,
}

impl Deduction {
    /// The summary of a set of worlds.
    pub fn of(worlds: &Worlds, exact: bool, complete: bool) -> Deduction {
        let mut d = Deduction {
            exact,
            complete,
            worlds: worlds.len(),
            rooms: [Rooms::EMPTY; 2],
            away: [false; 2],
            devices: [Rooms::EMPTY; 2],
            supply: [false; 2],
        };
        for b in worlds.blocks.iter().filter(|b| !b.is_empty()) {
            for (i, parts) in b.chars.iter().enumerate() {
                for p in parts {
                    match p[1].loc {
                        Loc::On(r) => d.rooms[i] = d.rooms[i].with(r),
                        _ => d.away[i] = true,
                    }
                }
            }
            for (i, t) in b.shared.now.secret.iter().enumerate() {
                match t {
                    Some(t) if !t.open.is_empty() => d.devices[i] = d.devices[i].or(t.open),
                    Some(t) => d.devices[i] = d.devices[i].with(t.room),
                    None => d.supply[i] = true,
                }
            }
        }
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Room;

    fn room(name: &str) -> Room {
        Room::ALL.into_iter().find(|r| r.to_string() == name).expect("a room")
    }

    /// A world whose Virus and Beacon are left open stands for one world per pair of
    /// rooms: counted so, drawn so (each once by its index), summarized by their union.
    #[test]
    fn a_device_left_open_counts_one_world_per_room() {
        let mut side = Side::default();
        let virus = Token::anywhere(1).not_in(room("a1")).not_in(room("a2"));
        let virus = Rooms::ALL
            .iter()
            .filter(|&r| !["b1", "c1", "d1"].contains(&r.to_string().as_str()))
            .fold(virus, Token::not_in);
        side.secret = [
            Some(virus),
            Some(Token {
                room: room("b2"),
                stamp: 0,
                round: 1,
                open: Rooms::one(room("b2")).with(room("c3")),
            }),
        ];
        let mut other = side;
        other.chars[0].swagger = 1;
        let worlds = Worlds::of([World::of(side), World::of(other)]);
        assert_eq!(virus.open.len(), 3, "b1, c1, d1 left");
        assert_eq!(worlds.pairs(), 2);
        assert_eq!(worlds.len(), 2 * 3 * 2);
        let all: std::collections::HashSet<World> = (0..worlds.len()).map(|i| worlds.get(i)).collect();
        assert_eq!(all.len(), 12, "every index a different world");
        for w in &all {
            assert!(
                w.now.secret.iter().flatten().all(|t| t.open.is_empty()),
                "a drawn world has its devices in rooms"
            );
            assert!(["b1", "c1", "d1"].contains(&w.now.secret[0].unwrap().room.to_string().as_str()));
        }
        let d = Deduction::of(&worlds, true, true);
        assert_eq!(d.devices[0], Rooms::one(room("b1")).with(room("c1")).with(room("d1")));
        assert_eq!(d.devices[1], Rooms::one(room("b2")).with(room("c3")));
        assert_eq!(d.worlds, 12);
        // Settled in a room it may be in, it is there; not in a room, one room fewer.
        assert_eq!(
            virus.settled_in(room("c1")),
            Token { room: room("c1"), stamp: 0, round: 1, open: Rooms::EMPTY }
        );
        assert_eq!(virus.settled_in(room("a4")), virus, "not a room it may be in: unchanged");
        let two = virus.not_in(room("b1"));
        assert_eq!((two.open.len(), two.room), (2, room("c1")));
        assert_eq!(
            two.not_in(room("c1")),
            Token { room: room("d1"), stamp: 0, round: 1, open: Rooms::EMPTY }
        );
        assert!(virus.may_be_in(room("d1")) && !virus.may_be_in(room("a1")));
    }
}
