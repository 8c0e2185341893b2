//! The deduction aid (rules §The deduction aid): for each team, the set of its possible
//! **sides** (rooms, devices, boards, the round's plan as far as it ran) as the other team
//! may know them, computed forward from what that team saw.
//!
//! A **world** is one possible side. Every action of the game is replayed on every world:
//! the real state with the hidden side replaced by the world's. A step the other team does
//! not see (`character ?`, `start ?`, `slide ?`, `anywhere ?`, `unlock ?`) branches over every step the
//! world could have taken; a plan step (`plan ?`) is not chosen at all: the world's plan is
//! **lazy**, its tiles, dice, slides and unlocks chosen when execution reaches them
//! ([`Choice`]), judged on the facts the plans were made on ([`crate::state::PlanTime`]).
//! A world survives when its state then equals the real one in everything but the hidden
//! side, new public events included. Equal worlds merge.
//!
//! So a world is in the aid if and only if some hidden choices, legal by every rule, lead
//! to it and to what the other team saw: the aid is exact, and the real side is always in
//! it (at the end of each round exactly; within a round, up to the plan steps not yet
//! executed). In the full game, past [`EXACT`] worlds within a round the plans are
//! **widened** ([`Plan::free`]): judged no longer at plan time, they keep every choice and
//! merge, so the aid holds every possible side and some impossible ones; past [`CAP`]
//! worlds it is **thinned** to a sample ([`Aids::complete`]).
//!
//! **Factoring** ([`Worlds`]): the set is kept as disjoint blocks, each a shared part (cubes,
//! slides, hidden devices) with every pairing of a first character's possible parts with a
//! second's. While one character executes, each of its parts is replayed once per shared
//! part and *class* of team-mates (team-mates that differ only in their rooms), the
//! team-mate left open ([`Probe`]): an Earpiece on it is recorded and made afterwards in
//! each of its rooms; a rule that reads its room (an attack, a reveal, a count, a TNT) sends
//! that replay back to whole worlds. When the team-mate's turn comes within the same
//! action, the roles swap. The blocks are then put in a canonical form (per shared part,
//! first characters grouped by the set of second characters they pair with), so the set is
//! the same as replaying every whole world (`tests/aid.rs` compares the two).

use std::collections::HashMap as StdMap;
use std::hash::BuildHasherDefault;
use std::sync::Arc;

use rand::Rng;

use crate::action::{Action, RoomTile, TileId};
use crate::config::Config;
use crate::data::{Cost, Team};
use crate::map::{Dir, Room, Walls};
use crate::plan;
use crate::rules;
use crate::state::{
    DICE, DieUse, Hidden, Loc, Pending, Phase, Plan, Planned, SPACES, Side, State, slot_team, team_index,
};
use crate::tiles::Effect;
use crate::tiles::table;
pub use crate::worlds::{Aids, Block, Deduction, MateMove, Pair, Probe, World, Worlds};

/// A fast hash for the aid's own tables (keys of worlds and parts, never adversarial).
#[derive(Default, Clone, Copy)]
struct Fx(u64);

impl Fx {
    fn add(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl std::hash::Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(b));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type HashMap<K, V> = StdMap<K, V, BuildHasherDefault<Fx>>;

/// The most worlds the full game's aids replay one by one: past it an aid is **thinned**
/// to a sample of its worlds, which holds only possible sides and may miss the real one
/// (rules §The deduction aid, "Bounds"). The Villains' hidden unlock spaces, tiers and
/// plans make their exact set grow past millions in the full game; the Spies' hidden
/// unlock markers past a hundred thousand. The intro game's aids are never thinned.
pub const CAP: [usize; 2] = [1024, 4096];

/// The most worlds the full game's aids replay exactly within a round: past it the
/// round's plans are **widened** ([`Plan::free`]: no longer judged at plan time nor on the
/// cubes, so that worlds with the same future merge). A widened aid still holds every
/// possible side, and some impossible ones, until the round ends. Never in the intro game.
pub const EXACT: [usize; 2] = [256, 1024];

fn widen_at(h: usize, intro: bool) -> usize {
    if WIDEN.with(std::cell::Cell::get) {
        0
    } else if intro {
        usize::MAX
    } else {
        BOUND.with(std::cell::Cell::get).unwrap_or(EXACT[h])
    }
}

thread_local! {
    static WIDEN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    static BOUND: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
}

/// Replaces the full game's bounds ([`EXACT`], [`CAP`]) by `bound` worlds on this thread, or
/// restores them (`None`): tests compare exact sets past the usual bounds.
#[doc(hidden)]
pub fn force_bound(bound: Option<usize>) {
    BOUND.with(|b| b.set(bound));
}

/// Widens every world's plans as soon as they are executed, in every game, on this thread
/// (tests check that a widened aid still holds the real side).
#[doc(hidden)]
pub fn force_widen(on: bool) {
    WIDEN.with(|w| w.set(on));
}

fn thin_at(h: usize, intro: bool) -> usize {
    if intro { usize::MAX } else { BOUND.with(std::cell::Cell::get).unwrap_or(CAP[h]) }
}

/// Keeps `n` of `worlds`: at least one for each placement of the characters and hidden
/// devices while there is room, then the others by a fixed hash. The choice never depends
/// on the real side, so a thinned set still depends only on what the other team knows.
fn thin(worlds: &mut Vec<World>, n: usize) {
    thin_by(worlds, n, |w| *w);
}

/// Keeps `n` of `items` (in their order) as [`thin`] says.
fn thin_by<T>(items: &mut Vec<T>, n: usize, world: impl Fn(&T) -> World) {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    let hasher = BuildHasherDefault::<DefaultHasher>::default();
    // Rank within each placement, then hash: the first of every placement come first.
    let mut seen: HashMap<([Loc; 2], [Option<Room>; 2]), u32> = Default::default();
    let mut order: Vec<(u32, u64, usize)> = Vec::with_capacity(items.len());
    let mut hashed: Vec<(u64, usize)> =
        items.iter().enumerate().map(|(i, t)| (hasher.hash_one(world(t)), i)).collect();
    hashed.sort_unstable();
    for (hash, i) in hashed {
        let w = world(&items[i]);
        let placement = (w.now.chars.map(|c| c.loc), w.now.secret.map(|t| t.map(|t| t.room)));
        let rank = seen.entry(placement).or_default();
        order.push((*rank, hash, i));
        *rank += 1;
    }
    order.sort_unstable();
    let mut keep = vec![false; items.len()];
    for &(_, _, i) in order.iter().take(n) {
        keep[i] = true;
    }
    let mut i = 0;
    items.retain(|_| {
        i += 1;
        keep[i - 1]
    });
}

/// A lazy plan's next choice, made when execution reaches it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Choice {
    /// The plan ends here: the spaces left are empty.
    End,
    /// A slide now (a Spy: the window's schedule, chosen as it runs).
    Slide(Dir),
    /// A Villain's die on an unlock space (a plan step whose effect is needed now).
    Unlock {
        /// The die's index in the roll.
        die: u8,
        /// The face shown.
        value: u8,
        /// The tile kept, where the marker fills a tier of two.
        keep: Option<TileId>,
    },
    /// The tile on the next space, with the direction its die must show (its dice are
    /// left to the completion: only the direction is ever seen).
    Place {
        /// The tile.
        tile: TileId,
        /// Its plan-time room (Parachute, Virus, Beacon).
        room: Option<Room>,
        /// The direction wanted ([`Plan::want`]).
        want: u8,
    },
}

/// The state judged as at plan time for a world: the plan-time walls, Generators and
/// modify cubes, the world's side at plan time with its plans and cubes as they are now.
fn plan_time_state(state: &State, start: &Side, team: usize) -> State {
    let mut p = state.clone();
    p.log.clear();
    state.plan_time.restore(&mut p);
    let now = state.sides[team];
    let mut side = *start;
    for (c, n) in side.chars.iter_mut().zip(now.chars) {
        c.plan = n.plan;
    }
    side.modify_used = now.modify_used;
    side.modify_spent = now.modify_spent;
    p.sides[team] = side;
    p
}

/// Whether choosing dice `chosen` (indices) skips an equal die of a lower index: dice
/// showing the same roll are interchangeable, so only the lowest free ones are tried.
fn canonical(plan: &Plan, roll: &[u8; DICE], chosen: &[usize]) -> bool {
    chosen.iter().all(|&j| {
        (0..j).all(|i| plan.dice[i] != DieUse::Unplaced || roll[i] != roll[j] || chosen.contains(&i))
    })
}

/// What [`plan::min_cubes`] reads: the character (its plan given apart), the roll, the
/// walls, the Generators, the dice penalties, the game and the bound.
type CubesKey = (u8, Hidden, Plan, [u8; DICE], Walls, [Option<crate::state::Piece>; 4], [[u8; 2]; 2], bool);

thread_local! {
    static CUBES: std::cell::RefCell<HashMap<CubesKey, Option<u8>>> = std::cell::RefCell::new(HashMap::default());
}

/// [`plan::min_cubes`], remembered: worlds replayed in an update ask it again and again.
fn min_cubes(state: &State, slot: usize, plan: &Plan, intro: bool, max: u8) -> Option<u8> {
    let mut generators = [None; 4];
    for (g, p) in generators.iter_mut().zip(&state.generators) {
        *g = Some(*p);
    }
    let k = (slot as u8, *state.ch(slot), *plan, state.roll, state.walls, generators, state.penalty, intro);
    if let Some(r) = CUBES.with(|c| c.borrow().get(&k).copied()) {
        return r.filter(|&m| m <= max);
    }
    let r = plan::least_cubes(state, slot, plan, intro);
    CUBES.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() > 1 << 18 {
            c.clear();
        }
        c.insert(k, r);
    });
    r.filter(|&m| m <= max)
}

/// What [`plan::prefix_totals`] reads: the slot, the character with its plan, the roll and
/// the spaces executed.
type TotalsKey = (u8, Hidden, [u8; DICE], u8);

thread_local! {
    static TOTALS: std::cell::RefCell<HashMap<TotalsKey, Option<[u64; 16]>>> =
        std::cell::RefCell::new(HashMap::default());
}

/// [`plan::prefix_totals`], remembered: it reads only the character (its hand and plan)
/// and the roll.
fn prefix_totals(state: &State, slot: usize, plan: &Plan, upto: usize) -> Option<[u64; 16]> {
    let mut ch = *state.ch(slot);
    ch.plan = *plan;
    ch.loc = Loc::Off;
    let k = (slot as u8, ch, state.roll, upto as u8);
    if let Some(r) = TOTALS.with(|c| c.borrow().get(&k).copied()) {
        return r;
    }
    let r = plan::prefix_totals(state, slot, plan, upto);
    TOTALS.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() > 1 << 16 {
            c.clear();
        }
        c.insert(k, r);
    });
    r
}

/// Every room, as a Build Anywhere may choose it (worlds that name each room apart:
/// [`force_explicit_devices`]).
const ANY_ROOM: [Option<Room>; 16] = {
    let mut out = [None; 16];
    let mut i = 0;
    while i < 16 {
        out[i] = Some(Room::ALL[i]);
        i += 1;
    }
    out
};

thread_local! {
    static EXPLICIT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Makes a world building the Virus or the Beacon choose its room there and then, one
/// world per room, rather than leave it open ([`crate::side::Token::open`]), on this
/// thread (tests compare the two).
#[doc(hidden)]
pub fn force_explicit_devices(on: bool) {
    EXPLICIT.with(|e| e.set(on));
}

/// Every choice a lazy world's acting character may make now (rules §Phase II, judged at
/// plan time; §Slide).
pub fn choices(state: &State, config: &Config, start: &Side, out: &mut Vec<Choice>) {
    out.clear();
    let Some(slot) = rules::acting(state) else { return };
    let team = slot_team(slot);
    let ti = team_index(team);
    let plan = state.ch(slot).plan;
    let k = usize::from(plan.done);
    let intro = config.intro;
    // A widened plan is judged on the character as it is now, without the cubes.
    let free = plan.free;
    out.push(Choice::End);
    if team == Team::Spies
        && let Loc::On(room) = state.ch(slot).loc
        && !state.frozen.contains(room)
        && state.slide > state.sides[1].slide_spent
    {
        for dir in Dir::ALL {
            if state.walls.neighbour(room, dir).is_some() {
                out.push(Choice::Slide(dir));
            }
        }
    }
    let mut judged = *start;
    if free {
        judged.chars[slot % 2] = *state.ch(slot);
    }
    let p = plan_time_state(state, &judged, ti);
    let left = plan::cubes_left(&p, slot);
    let roll = p.roll;
    // The cubes the team-mate's plan needs (none where it is widened).
    let mate_need = |q: &State, max: u8| {
        if q.ch(slot ^ 1).plan.free {
            Some(0)
        } else {
            min_cubes(q, slot ^ 1, &q.ch(slot ^ 1).plan, intro, max)
        }
    };
    // A Villain's unlock dice were placed while planning, so their tiles (and passives)
    // hold from its first space: a world chooses them all before it, in the order of the
    // dice.
    let first = plan.tile_steps == 0 && plan.done == 0;
    if team == Team::Villains && !intro && first {
        let ch = *p.ch(slot);
        let after = plan.dice.iter().rposition(|d| matches!(d, DieUse::Unlock { .. })).map_or(0, |i| i + 1);
        let mut keeps = vec![None];
        if let Some(id) = ch.id {
            keeps.extend(table().characters[id.0 as usize].1.iter().copied().map(Some));
        }
        for i in after..DICE {
            if plan.dice[i] != DieUse::Unplaced || !canonical(&plan, &roll, &[i]) {
                continue;
            }
            for value in 1..=6u8 {
                if ch.unlock_spaces >> (value - 1) & 1 == 0 || plan::cubes(roll[i], value) > left {
                    continue;
                }
                for &keep in &keeps {
                    let Ok(g) = plan::unlock_gain(&p, slot, ch.tier, keep) else { continue };
                    if free {
                        out.push(Choice::Unlock { die: i as u8, value, keep });
                        continue;
                    }
                    let mut q = p.clone();
                    plan::apply_gain(&mut q, slot, g);
                    q.ch_mut(slot).plan.dice[i] = DieUse::Unlock { value };
                    let c = plan::cubes(roll[i], value);
                    let mate_cubes = mate_need(&q, left - c);
                    let qp = q.ch(slot).plan;
                    if let Some(m) = mate_cubes
                        && min_cubes(&q, slot, &qp, intro, left - c - m).is_some()
                    {
                        out.push(Choice::Unlock { die: i as u8, value, keep });
                    }
                }
            }
        }
    }
    if k >= SPACES || usize::from(plan.tile_steps) != k {
        return;
    }
    let mut steps = Vec::new();
    for t in 0..crate::action::NUM_TILES as u8 {
        let tile = TileId(t);
        if plan::copies(&p, slot, tile) == 0 {
            continue;
        }
        match tile {
            plan::PARACHUTE => {
                steps.extend(Room::ALL.into_iter().map(|r| Action::TileAt(RoomTile::Parachute, r)))
            }
            _ => steps.push(Action::Tile(tile)),
        }
    }
    let budget = plan::cubes_left(&p, slot);
    let mate_cubes = if free {
        0
    } else {
        match mate_need(&p, budget) {
            Some(m) => m,
            None => return,
        }
    };
    for a in steps {
        let Ok((np, _, _)) = plan::step_plan(&p, slot, a, intro) else { continue };
        let Some(planned) = np.tiles[k] else { continue };
        let spec = table().tile(planned.tile);
        let wants: &[u8] = match (spec.effect, plan::cost_of(&p, slot, spec)) {
            (Effect::HackThenMove, _) => &[1, 2, 3, 4, 5],
            (Effect::Move { .. } | Effect::MoveScan { .. } | Effect::Earpiece, Cost::Direction) => {
                &[1, 2, 3, 4]
            }
            _ => &[0],
        };
        // A Virus or a Beacon is built in a room chosen as it runs (named at the window
        // before it): the world leaves it open (`Token::open`) until a rule looks for it.
        let rooms: &[Option<Room>] = match planned.tile {
            plan::VIRUS | plan::BEACON if EXPLICIT.with(std::cell::Cell::get) => &ANY_ROOM,
            plan::VIRUS | plan::BEACON => &[None],
            _ => &[planned.room],
        };
        for &want in wants {
            let mut q = np;
            q.want[k] = want;
            if free || min_cubes(&p, slot, &q, intro, budget - mate_cubes).is_some() {
                out.extend(rooms.iter().map(|&room| Choice::Place { tile: planned.tile, room, want }));
            }
        }
    }
}

/// Makes choice `c` in a lazy world waiting on it, then plays on.
pub fn apply_choice(state: &mut State, config: &Config, start: &mut Side, c: Choice) {
    let Some(slot) = rules::acting(state) else { return };
    let ti = team_index(slot_team(slot));
    state.pending = Pending::None;
    let k = usize::from(state.ch(slot).plan.done);
    match c {
        Choice::End => {
            let plan = &mut state.ch_mut(slot).plan;
            for s in k.min(SPACES)..SPACES {
                plan.tiles[s] = None;
            }
            plan.tile_steps = SPACES as u8;
            plan.lazy = false;
        }
        Choice::Slide(dir) => {
            if let Loc::On(from) = state.ch(slot).loc
                && let Some(to) = state.walls.neighbour(from, dir)
            {
                state.sides[1].slide_spent += 1;
                rules::move_spy(state, slot, to);
            }
        }
        Choice::Unlock { die, value, keep } => {
            let i = usize::from(die);
            let tier = state.ch(slot).tier;
            if let Ok(g) = plan::unlock_gain(state, slot, tier, keep) {
                plan::apply_gain(state, slot, g);
            }
            let used = plan::cubes(state.roll[i], value);
            state.sides[ti].modify_used += used;
            let ch = state.ch_mut(slot);
            ch.unlock_spaces &= !(1 << (value - 1));
            ch.plan.dice[i] = DieUse::Unlock { value };
            let now = *ch;
            let s = &mut start.chars[slot % 2];
            s.tier = now.tier;
            s.kept = now.kept;
            s.unlock_spaces = now.unlock_spaces;
        }
        Choice::Place { tile, room, want } => {
            let ch = state.ch_mut(slot);
            ch.plan.tiles[k] = Some(Planned { tile, room });
            ch.plan.tile_steps = k as u8 + 1;
            ch.plan.want[k] = want;
            if tile == plan::PARACHUTE
                && let Some(r) = room
            {
                ch.loc = Loc::Lying(r);
            }
        }
    }
    rules::advance(state, config);
}

/// Whether `a` and `b` agree in everything but team `h`'s side, the log and the aids.
fn public_eq(a: &State, b: &State, h: usize) -> bool {
    a.agrees(b, false, Some(h))
}

/// What of a world its future can depend on: worlds with equal keys have the same
/// choices, events and sides from now on, so one stands for all (rules §The deduction aid,
/// "equal worlds merge").
///
/// Within a round a lazy plan's executed spaces matter only through the tiles they used
/// (copies, and the Parachute, hack and Backflip rules), the dice and cubes that can pay
/// them, with every number of cubes they can spend ([`plan::prefix_totals`]: spent
/// cubes leave the game), and where they took the character at plan time
/// ([`plan::walk`]), from which the rest of the path is judged. The key keeps exactly
/// that: the executed tiles as a sorted multiset, their directions dropped, the plan-time
/// room replaced by the walked one. It is the shared part and each character's part
/// ([`CharKey`]), computed apart.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    shared: World,
    chars: [CharKey; 2],
}

/// One character's part of a [`Key`].
#[derive(Clone, PartialEq, Eq, Hash)]
struct CharKey {
    now: Hidden,
    start: Hidden,
    pay: Option<[u64; 16]>,
}

/// The plan-time state a world is judged on, with its side to be filled in ([`key`]).
fn key_base(post: &State) -> State {
    let mut base = post.clone();
    base.log.clear();
    post.plan_time.restore(&mut base);
    base
}

fn key(base: &mut State, h: usize, intro: bool, w: &World) -> Key {
    let (shared, chars) = w.split();
    Key { chars: [0, 1].map(|c| char_key(base, h, intro, c, &chars[c])), shared }
}

/// Character `c`'s part of the key of a world with shared part `shared`.
fn char_key(base: &mut State, h: usize, intro: bool, c: usize, pair: &Pair) -> CharKey {
    let [mut start, mut now] = *pair;
    let mut pay = None;
    if now.plan.free {
        // A widened part: only what it is now matters, its executed tiles as a multiset
        // (their copies, the Parachute, hack and Backflip rules).
        let upto = usize::from(now.plan.done).min(SPACES);
        let mut tiles: Vec<TileId> = now.plan.tiles[..upto].iter().flatten().map(|p| p.tile).collect();
        tiles.sort_unstable();
        for s in 0..upto {
            now.plan.tiles[s] = tiles.get(s).map(|&tile| Planned { tile, room: None });
            now.plan.want[s] = 0;
        }
        return CharKey { now, start: Hidden::default(), pay };
    }
    if base.phase != Phase::Execute {
        return CharKey { now, start, pay };
    }
    let plan = now.plan;
    let upto = usize::from(plan.done).min(SPACES);
    if upto == 0 {
        return CharKey { now, start, pay };
    }
    // A space that did not run gives its cubes back while the others spend theirs: which
    // tile it was matters to what the round spends, so such a part is kept whole.
    let executed = plan.tiles[..upto].iter().enumerate().filter(|(_, p)| p.is_some()).map(|(s, _)| 1u8 << s);
    if executed.fold(0, |a, b| a | b) & !plan.ran != 0 {
        return CharKey { now, start, pay };
    }
    // Only the character itself is read.
    let mut side = Side::default();
    side.chars[c] = start;
    side.chars[c].plan = plan;
    base.sides[h] = side;
    let slot = 2 * h + c;
    let (Some(p), Some(at)) = (prefix_totals(base, slot, &plan, upto), plan::walk(base, slot, &plan, upto))
    else {
        return CharKey { now, start, pay };
    };
    if !plan.lazy && plan.tiles[upto..].iter().all(Option::is_none) {
        // Its plan has ended and run: only the cubes it can need are left to matter (its
        // team-mate's plan must leave them, and all of them are spent).
        let limit = usize::from(plan::dice_limit(base, slot, intro));
        let placed = usize::from(plan.dice_placed());
        let totals =
            (0..16usize).filter(|m| m.count_ones() as usize + placed <= limit).fold(0, |a, m| a | p[m]);
        now.plan = Plan { dice: plan.dice, ..Plan::default() };
        start.loc = Loc::Off;
        pay = Some([totals; 16]);
        return CharKey { now, start, pay };
    }
    let mut tiles: Vec<TileId> = plan.tiles[..upto].iter().flatten().map(|p| p.tile).collect();
    tiles.sort_unstable();
    for s in 0..upto {
        now.plan.tiles[s] = tiles.get(s).map(|&tile| Planned { tile, room: None });
        now.plan.want[s] = 0;
    }
    start.loc = at;
    pay = Some(p);
    CharKey { now, start, pay }
}

/// A room left open: only whether the character stands, lies or is away is kept.
fn open_loc(loc: Loc) -> Loc {
    match loc {
        Loc::On(_) => Loc::On(Room::ALL[0]),
        Loc::Lying(_) => Loc::Lying(Room::ALL[0]),
        Loc::Off => Loc::Off,
    }
}

/// The class of a team-mate's part that the acting character's replay may depend on: its
/// key without its room now, nor its plan-time room while its plan has no tile (the plan
/// is then judged without it).
fn class_key(mut k: CharKey) -> CharKey {
    k.now.loc = open_loc(k.now.loc);
    if k.now.plan.tiles.iter().all(Option::is_none) {
        k.start.loc = open_loc(k.start.loc);
    }
    k
}

/// The class of a team-mate's part that a **widened** acting character's replay may depend
/// on: its class ([`class_key`]) without its plan and plan-time part. A widened plan
/// chooses its steps without asking what the team-mate's plan needs ([`choices`]), and
/// what the replay does to the team-mate's plan (Clean Up's reset) is done to each
/// team-mate apart ([`transfer`]); a rule that reads more (the round's spending) sends the
/// replay back to whole worlds.
fn loose_class_key(k: CharKey) -> CharKey {
    let mut k = class_key(k);
    k.now.plan = Plan::default();
    k.start = Hidden::default();
    k.pay = None;
    k
}

/// A world being settled: a state waiting on a lazy choice, its plan-time side, and the
/// class of team-mates it stands for (see [`Probe`]).
struct Item {
    t: State,
    start: Side,
    tags: Vec<u32>,
}

/// A surviving world, with the class it stands for and what was done to its open
/// team-mate.
struct Found {
    world: World,
    tags: Vec<u32>,
    probe: Probe,
}

/// Collects the surviving worlds, one per [`Key`], in a deterministic order; and the worlds
/// that reached their open team-mate's turn (`cross`).
struct Survivors {
    found: Vec<Found>,
    cross: Vec<Item>,
    seen: HashMap<(Key, Probe), usize>,
    base: State,
    h: usize,
    intro: bool,
    thinned: bool,
    widened: bool,
}

impl Survivors {
    fn new(post: &State, h: usize, intro: bool) -> Survivors {
        Survivors {
            found: Vec::new(),
            cross: Vec::new(),
            seen: HashMap::default(),
            base: key_base(post),
            h,
            intro,
            thinned: false,
            widened: false,
        }
    }

    fn push(&mut self, t: &State, start: Side, tags: &[u32]) {
        let world = World { start, now: t.sides[self.h] };
        let probe = t.aid.probe;
        let k = (key(&mut self.base, self.h, self.intro, &world), probe);
        match self.seen.get(&k) {
            Some(&i) => union(&mut self.found[i].tags, tags),
            None => {
                self.seen.insert(k, self.found.len());
                self.found.push(Found { world, tags: tags.to_vec(), probe });
            }
        }
    }
}

/// The worlds still being settled after an action: states waiting on a lazy choice, merged
/// whenever two agree in their [`Key`] and their public part (so the branching of a long
/// unseen stretch stays as wide as the distinct situations, not the paths to them).
struct Frontier {
    items: Vec<Item>,
    buckets: HashMap<(Key, usize, Probe), Vec<usize>>,
}

impl Frontier {
    fn new() -> Frontier {
        Frontier { items: Vec::new(), buckets: HashMap::default() }
    }

    fn push(&mut self, out: &mut Survivors, it: Item) {
        let w = World { start: it.start, now: it.t.sides[out.h] };
        let k = (key(&mut out.base, out.h, out.intro, &w), it.t.log.len(), it.t.aid.probe);
        let bucket = self.buckets.entry(k).or_default();
        if let Some(&i) = bucket
            .iter()
            .find(|&&i| public_eq(&self.items[i].t, &it.t, out.h) && self.items[i].t.log == it.t.log)
        {
            // The same future: one item stands for the team-mates of both.
            union(&mut self.items[i].tags, &it.tags);
            return;
        }
        bucket.push(self.items.len());
        self.items.push(it);
    }
}

/// Settles worlds after an action: their lazy choices are made every way that keeps their
/// public events a prefix of the real ones; a world survives if it then equals the real
/// state. A world whose open team-mate is to choose stops there (`cross`).
fn settle(first: Vec<Item>, post: &State, config: &Config, out: &mut Survivors) {
    let h = out.h;
    let mut level = first;
    let mut cs = Vec::new();
    while !level.is_empty() {
        let mut next = Frontier::new();
        for it in level {
            if !post.log.starts_with(&it.t.log) {
                continue;
            }
            if it.t.pending == Pending::Spend && it.t.outcome.is_none() {
                if let Some(m) = it.t.aid.probe.mate {
                    // What the round spent reads both characters' plans: the acting one's
                    // options now, each team-mate's when the replay is lifted back to
                    // them ([`run_blocks`]); the round ends, the spent cubes added then.
                    let p = plan_time_state(&it.t, &it.start, h);
                    let budget = plan::cubes_left(&p, 2 * h).min(63);
                    let acting = usize::from(m) ^ 1;
                    let options = spend_options(&p, acting, config.intro, budget, &mut out.widened);
                    let mut u = it.t.clone();
                    u.aid.probe.spend = Some((options, budget));
                    rules::end_round(&mut u, config);
                    next.push(out, Item { t: u, start: it.start, tags: it.tags.clone() });
                    continue;
                }
                let spent = spend_totals(&it.t, config, &it.start, h, &mut out.widened);
                for e in (0..64u8).filter(|&e| spent >> e & 1 == 1) {
                    let mut u = it.t.clone();
                    u.sides[h].modify_spent += e;
                    rules::end_round(&mut u, config);
                    next.push(out, Item { t: u, start: it.start, tags: it.tags.clone() });
                }
                continue;
            }
            if it.t.pending == Pending::Lazy && it.t.outcome.is_none() {
                if let Some(m) = it.t.aid.probe.mate
                    && rules::acting(&it.t) == Some(usize::from(m))
                {
                    out.cross.push(it);
                    continue;
                }
                choices(&it.t, config, &it.start, &mut cs);
                for &c in &cs {
                    let mut u = it.t.clone();
                    let mut st = it.start;
                    apply_choice(&mut u, config, &mut st, c);
                    // Only the choices whose events so far are the real ones count
                    // toward the level's bound.
                    if post.log.starts_with(&u.log) {
                        next.push(out, Item { t: u, start: st, tags: it.tags.clone() });
                    }
                }
            } else if it.t.log.len() == post.log.len() && public_eq(&it.t, post, h) {
                out.push(&it.t, it.start, &it.tags);
            }
        }
        level = next.items;
        if level.len() > widen_at(h, out.intro) && level.iter().any(|it| !widened(&it.t, h)) {
            // Past the bound the plans are widened, and worlds that then have the same
            // future merge: a superset of the exact worlds, never one without the truth.
            out.widened = true;
            let mut again = Frontier::new();
            for mut it in level {
                widen(&mut it.t, &mut it.start, h);
                again.push(out, it);
            }
            level = again.items;
        }
        if level.len() > thin_at(h, out.intro) {
            out.thinned = true;
            thin_by(&mut level, thin_at(h, out.intro), |it| World { start: it.start, now: it.t.sides[h] });
        }
    }
}

/// The modify cubes team `h`'s lazy plans in world `t` (at its round's end, `start` its side
/// at plan time) spent on the actions they executed (bit `n`: `n` cubes), their dice left
/// open: per character, every way its tiles can be paid, judged at plan time, the two
/// together placing no more cubes than the team had left. Exact: the spaces a plan cut
/// short (its character removed) never chose were not executed and spent nothing. A
/// widened plan was not judged on its dice: every number up to the cubes left is kept, a
/// superset (`widened` is set).
fn spend_totals(t: &State, config: &Config, start: &Side, h: usize, widened: &mut bool) -> u64 {
    let p = plan_time_state(t, start, h);
    let budget = plan::cubes_left(&p, 2 * h).min(63);
    let [a, b] = [0, 1].map(|c| spend_options(&p, 2 * h + c, config.intro, budget, widened));
    spend_sums(&a, &b, budget)
}

/// What the plan of the character in `slot` of `p` (judged at plan time) could have spent:
/// per number of cubes spent, the fewest placed ([`plan::spend_options`]); a widened plan
/// every number up to `budget` (`widened` is set).
fn spend_options(p: &State, slot: usize, intro: bool, budget: u8, widened: &mut bool) -> [u8; 64] {
    let plan = p.ch(slot).plan;
    if !plan.free {
        return plan::spend_options(p, slot, &plan, intro, budget);
    }
    *widened = true;
    let mut o = [u8::MAX; 64];
    for (n, x) in o.iter_mut().enumerate().take(usize::from(budget) + 1) {
        *x = n as u8;
    }
    o
}

/// The totals two characters' plans could have spent together (bit `n`: `n` cubes), placing
/// no more cubes than `budget`.
fn spend_sums(a: &[u8; 64], b: &[u8; 64], budget: u8) -> u64 {
    let mut out = 0u64;
    for (i, &pa) in a.iter().enumerate().filter(|(_, p)| **p != u8::MAX) {
        for (j, &pb) in b.iter().enumerate().filter(|(_, p)| **p != u8::MAX) {
            if u16::from(pa) + u16::from(pb) <= u16::from(budget) && i + j < 64 {
                out |= 1 << (i + j);
            }
        }
    }
    out
}

/// Whether `t` has nothing left to widen for team `h` ([`widen`]).
fn widened(t: &State, h: usize) -> bool {
    t.phase != Phase::Execute
        || (0..2).all(|c| t.aid.probe.mate == Some((2 * h + c) as u8) || t.sides[h].chars[c].plan.free)
}

/// Widens the round's plans of team `h`'s characters in `t` that its probe does not leave
/// open: they choose their next steps among all the plan rules allow, no longer judged at
/// plan time ([`Plan::free`]); their part at plan time becomes the part now. A world past
/// the round's end has no plan left to widen.
fn widen(t: &mut State, start: &mut Side, h: usize) {
    if t.phase != Phase::Execute {
        return;
    }
    for c in 0..2 {
        if t.aid.probe.mate == Some((2 * h + c) as u8) {
            continue;
        }
        t.sides[h].chars[c].plan.free = true;
        start.chars[c] = t.sides[h].chars[c];
    }
}

/// One action to replay on a team's worlds.
struct Update<'a> {
    pre: &'a State,
    post: &'a State,
    config: &'a Config,
    action: Action,
    h: usize,
    masked: bool,
    by_hidden: bool,
}

impl Update<'_> {
    /// The states that world `w` reaches by the action itself (every hidden step a masked
    /// one may be), its team-mate left open as `probe` says.
    fn first(&self, w: &World, probe: Probe, tag: u32, alts: &mut Vec<Action>, out: &mut Vec<Item>) {
        let mut s = self.pre.clone();
        s.sides[self.h] = w.now;
        settle_devices(&mut s.sides[self.h], &self.post.log);
        s.aid.probe = probe;
        s.aid.replay = true;
        alts.clear();
        if self.masked {
            if matches!(self.action, Action::Slide(_)) {
                // The schedule is chosen slide by slide as the stretch runs (`Choice::Slide`).
                alts.push(Action::Slide(crate::action::Schedule::NONE));
            } else if matches!(self.action, Action::Anywhere(_)) {
                // A Build Anywhere's room is chosen with its tile as it runs (`Choice::Place`).
                alts.push(Action::Anywhere([None, None]));
            } else {
                rules::legal(&s, self.config, alts);
            }
        } else {
            if self.by_hidden && rules::check(&s, self.config, self.action).is_err() {
                return;
            }
            alts.push(self.action);
        }
        for &a in alts.iter() {
            let mut t = s.clone();
            rules::apply(&mut t, self.config, a);
            out.push(Item { t, start: w.start, tags: vec![tag] });
        }
    }

    /// The character of team `h` whose turn the action is taken in, if factoring applies:
    /// it is replayed for each of its parts while its team-mate is left open.
    fn acting(&self) -> Option<usize> {
        if FLAT.with(std::cell::Cell::get) || self.pre.phase != Phase::Execute {
            return None;
        }
        let h = self.h;
        let slot = match (self.pre.pending, self.action) {
            (Pending::First(team), Action::First(_)) if team_index(team) == h => 2 * h,
            _ => rules::acting(self.pre).filter(|s| s / 2 == h)?,
        };
        match rules::deciding_slot(self.pre) {
            // The team-mate decides (an unlock marker): replay whole worlds.
            Some(d) if d / 2 == h && d != slot && !matches!(self.pre.pending, Pending::First(_)) => None,
            _ => Some(slot),
        }
    }
}

/// Settles a world's hidden devices left open where the other team heard of them in
/// `events` (those the action caused): the Virus firing in a room, a Virus or a Beacon found
/// by an attack or a reveal. Then the world stands only for the worlds that heard the same,
/// and a device still open was in none of the rooms looked in ([`rules`]' `spy_devices`).
fn settle_devices(side: &mut Side, events: &[crate::state::Event]) {
    use crate::state::Event;
    use crate::tiles::DeviceKind;
    for e in events {
        let (which, room) = match *e {
            Event::Virus(room) | Event::SpyDevice { kind: DeviceKind::Virus, room } => (0, room),
            Event::SpyDevice { kind: DeviceKind::Beacon, room } => (1, room),
            _ => continue,
        };
        if let Some(t) = &mut side.secret[which] {
            *t = t.settled_in(room);
        }
    }
}

thread_local! {
    static FLAT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Replays whole worlds, never factored, on this thread (tests compare the two).
#[doc(hidden)]
pub fn force_flat(on: bool) {
    FLAT.with(|f| f.set(on));
}

/// What became of a team-mate's part `b` of a class whose representative `rep` became
/// `after` while left open, with the Earpiece moves `moves` made on it: `None` where that
/// cannot be told without replaying `b` itself.
fn transfer(b: &Pair, rep: &Pair, after: &Pair, moves: &[Option<MateMove>; 2]) -> Option<Pair> {
    let mut out = *b;
    for i in 0..2 {
        let (r, a, o) = (&rep[i], &after[i], &mut out[i]);
        if a.plan != r.plan {
            if a.plan != Plan::default() {
                return None;
            }
            o.plan = a.plan;
        }
        if a.id != r.id || a.swagger != r.swagger || a.tier != r.tier || a.kept != r.kept {
            (o.id, o.swagger, o.tier, o.kept) = (a.id, a.swagger, a.tier, a.kept);
        }
        if a.unlock_spaces != r.unlock_spaces || a.lost_swagger != r.lost_swagger {
            (o.unlock_spaces, o.lost_swagger) = (a.unlock_spaces, a.lost_swagger);
        }
    }
    if after[0].loc != rep[0].loc {
        return None;
    }
    let mut loc = b[1].loc;
    for m in moves.iter().flatten() {
        if let Loc::On(from) = loc
            && !m.frozen.contains(from)
            && let Some(to) = m.walls.neighbour(from, m.dir)
        {
            loc = Loc::On(to);
        }
    }
    match (rep[1].loc, after[1].loc) {
        (x, y) if x == y => {}
        // Clean Up stands a lying Spy up.
        (Loc::Lying(x), Loc::On(y)) if x == y => {
            if let Loc::Lying(r) = loc {
                loc = Loc::On(r);
            }
        }
        _ => return None,
    }
    out[1].loc = loc;
    Some(out)
}

/// The characters' keys of an update, each computed once per part.
struct Keys {
    base: State,
    h: usize,
    intro: bool,
    by_part: [HashMap<Pair, u32>; 2],
    keys: Vec<CharKey>,
    ids: HashMap<CharKey, u32>,
}

impl Keys {
    fn new(post: &State, h: usize, intro: bool) -> Keys {
        Keys {
            base: key_base(post),
            h,
            intro,
            by_part: Default::default(),
            keys: Vec::new(),
            ids: HashMap::default(),
        }
    }

    /// The number of character `c`'s part `pair`'s key.
    fn id(&mut self, c: usize, pair: &Pair) -> u32 {
        if let Some(&id) = self.by_part[c].get(pair) {
            return id;
        }
        let k = char_key(&mut self.base, self.h, self.intro, c, pair);
        let n = self.keys.len() as u32;
        let id = *self.ids.entry(k.clone()).or_insert(n);
        if id == n {
            self.keys.push(k);
        }
        self.by_part[c].insert(*pair, id);
        id
    }
}

/// Makes the first states of a world (its team-mate left open as the probe says) into the
/// list, each with the tag.
type Seed<'a> = &'a dyn Fn(&World, Probe, u32, &mut Vec<Item>);

/// Replays `blocks` with character `c` of team `h` acting: each of its parts once per
/// shared part and class of team-mates ([`class_key`]) it pairs with, the team-mate left
/// open ([`Probe`]); where the replay read the team-mate's room, pair by pair. `seed`
/// makes the first states of a world. Worlds that reach the team-mate's turn go to
/// `cross` (none may where it is `None`).
fn run_blocks(
    u: &Update,
    blocks: &[Block],
    c: usize,
    seed: Seed,
    rects: &mut Vec<Block>,
    mut cross: Option<&mut Vec<(State, Block)>>,
    loss: &mut Loss,
) {
    struct Unit {
        shared: World,
        part: Pair,
        rep: Pair,
        mates: Vec<Pair>,
    }
    let (h, m) = (u.h, 1 - c);
    let intro = u.config.intro;
    // The parts are judged as they are before the action (mid-round).
    let mut keys = Keys::new(u.pre, h, intro);
    let mut units: Vec<Unit> = Vec::new();
    let mut index: HashMap<(u32, u32, u32), usize> = HashMap::default();
    let mut shared_ids: HashMap<World, u32> = HashMap::default();
    let mut class_ids: HashMap<(bool, CharKey), u32> = HashMap::default();
    // Per loose (a widened acting part) or not: each class and its team-mates.
    let mut classes: [Vec<(u32, Vec<usize>)>; 2] = Default::default();
    // One team-mate stands for each class everywhere, so that replays of different parts
    // whose futures meet merge.
    let mut class_rep: Vec<Pair> = Vec::new();
    for b in blocks {
        let n = shared_ids.len() as u32;
        let sid = *shared_ids.entry(b.shared).or_insert(n);
        for (loose, classes) in classes.iter_mut().enumerate() {
            classes.clear();
            for (j, pair) in b.chars[m].iter().enumerate() {
                let kid = keys.id(m, pair);
                let k = keys.keys[kid as usize].clone();
                let ck = if loose == 1 { loose_class_key(k) } else { class_key(k) };
                let n = class_ids.len() as u32;
                let cid = *class_ids.entry((loose == 1, ck)).or_insert(n);
                if cid == n {
                    class_rep.push(*pair);
                }
                match classes.iter_mut().find(|(x, _)| *x == cid) {
                    Some((_, js)) => js.push(j),
                    None => classes.push((cid, vec![j])),
                }
            }
        }
        for part in &b.chars[c] {
            let pid = keys.id(c, part);
            for (cid, js) in &classes[usize::from(part[1].plan.free)] {
                let i = *index.entry((sid, pid, *cid)).or_insert_with(|| {
                    units.push(Unit {
                        shared: b.shared,
                        part: *part,
                        rep: class_rep[*cid as usize],
                        mates: Vec::new(),
                    });
                    units.len() - 1
                });
                units[i].mates.extend(js.iter().map(|&j| b.chars[m][j]));
            }
        }
    }
    let join = |shared: &World, x: &Pair, y: &Pair| {
        let mut chars = [x, y];
        if c == 1 {
            chars.swap(0, 1);
        }
        World::join(shared, chars)
    };
    let open = Probe { mate: Some((2 * h + m) as u8), ..Probe::default() };
    let mut first = Vec::new();
    for (tag, unit) in units.iter().enumerate() {
        seed(&join(&unit.shared, &unit.part, &unit.rep), open, tag as u32, &mut first);
    }
    let mut out = Survivors::new(u.post, h, intro);
    settle(first, u.post, u.config, &mut out);
    loss.add(&out);
    let mut bad = vec![false; units.len()];
    let mut found: Vec<Vec<Block>> = vec![Vec::new(); units.len()];
    let mut crossed: Vec<Vec<(State, Block)>> = (0..units.len()).map(|_| Vec::new()).collect();
    let mut widened = false;
    let mut lift = |world: &World, probe: &Probe, tag: usize, bad: &mut [bool]| -> Option<Vec<Block>> {
        if bad[tag] || probe.read {
            bad[tag] = true;
            return None;
        }
        let unit = &units[tag];
        let (shared, parts) = world.split();
        let mut mates = Vec::with_capacity(unit.mates.len());
        for b in &unit.mates {
            match transfer(b, &unit.rep, &parts[m], &probe.moves) {
                Some(p) => mates.push(p),
                None => {
                    bad[tag] = true;
                    return None;
                }
            }
        }
        let block = |shared: World, mates: Vec<Pair>| {
            let mut chars = [vec![parts[c]], mates];
            if c == 1 {
                chars.swap(0, 1);
            }
            Block { shared, chars }
        };
        let Some((options, budget)) = probe.spend else { return Some(vec![block(shared, mates)]) };
        // The round ended: each team-mate's plan (as it was before the action, judged at
        // plan time) with the acting one's gives the cubes spent, one block per total.
        let mut by_total: Vec<Vec<Pair>> = vec![Vec::new(); 64];
        for (b, after) in unit.mates.iter().zip(mates) {
            let w = join(&unit.shared, &unit.part, b);
            let mut s = u.pre.clone();
            s.sides[h] = w.now;
            let p = plan_time_state(&s, &w.start, h);
            let mine = spend_options(&p, 2 * h + m, intro, budget, &mut widened);
            let sums = spend_sums(&options, &mine, budget);
            for (e, mates) in by_total.iter_mut().enumerate() {
                if sums >> e & 1 == 1 {
                    mates.push(after);
                }
            }
        }
        let blocks = by_total
            .into_iter()
            .enumerate()
            .filter(|(_, mates)| !mates.is_empty())
            .map(|(e, mates)| {
                let mut shared = shared;
                shared.now.modify_spent = shared.now.modify_spent.saturating_add(e as u8);
                shared.start = shared.now;
                block(shared, mates)
            })
            .collect();
        Some(blocks)
    };
    for f in &out.found {
        for &tag in &f.tags {
            let tag = tag as usize;
            if let Some(blocks) = lift(&f.world, &f.probe, tag, &mut bad) {
                found[tag].extend(blocks);
            }
        }
    }
    for it in std::mem::take(&mut out.cross) {
        for &tag in &it.tags {
            let tag = tag as usize;
            if cross.is_none() {
                bad[tag] = true;
                continue;
            }
            let world = World { start: it.start, now: it.t.sides[h] };
            if let Some(blocks) = lift(&world, &it.t.aid.probe, tag, &mut bad) {
                for block in blocks {
                    let mut t = it.t.clone();
                    t.aid.probe = Probe::default();
                    crossed[tag].push((t, block));
                }
            }
        }
    }
    loss.widened |= widened;
    let mut fallback = Vec::new();
    for (tag, unit) in units.iter().enumerate() {
        if bad[tag] {
            for b in &unit.mates {
                seed(&join(&unit.shared, &unit.part, b), Probe::default(), 0, &mut fallback);
            }
        } else {
            rects.append(&mut found[tag]);
            if let Some(cross) = cross.as_deref_mut() {
                cross.append(&mut crossed[tag]);
            }
        }
    }
    if !fallback.is_empty() {
        let mut out = Survivors::new(u.post, h, intro);
        settle(fallback, u.post, u.config, &mut out);
        loss.add(&out);
        rects.extend(out.found.iter().map(|f| single(&f.world)));
    }
}

/// What an update gave up of exactness: worlds widened (the set a superset of the exact
/// one) or thinned (a subset).
#[derive(Default)]
struct Loss {
    thinned: bool,
    widened: bool,
}

impl Loss {
    fn add(&mut self, out: &Survivors) {
        self.thinned |= out.thinned;
        self.widened |= out.widened;
    }
}

/// Adds the tags of `more` to the sorted `tags`.
fn union(tags: &mut Vec<u32>, more: &[u32]) {
    tags.extend_from_slice(more);
    tags.sort_unstable();
    tags.dedup();
}

/// The block of one world.
fn single(w: &World) -> Block {
    let (shared, [a, b]) = w.split();
    Block { shared, chars: [vec![a], vec![b]] }
}

/// The worlds of `rects` (which may overlap), one per [`Key`], as disjoint blocks: per
/// shared part, the first characters' parts grouped by the set of second characters' parts
/// each pairs with. The form depends only on the set (and the order the parts came in).
fn canon(rects: Vec<Block>, keys: &mut Keys) -> Worlds {
    struct Group {
        shared: World,
        parts: [Vec<Pair>; 2],
        ids: [HashMap<u32, u32>; 2],
        rows: Vec<Vec<u32>>,
    }
    let mut groups: Vec<Group> = Vec::new();
    let mut by_shared: HashMap<World, usize> = HashMap::default();
    let mut ids = [Vec::new(), Vec::new()];
    for r in rects {
        let g = *by_shared.entry(r.shared).or_insert_with(|| {
            groups.push(Group {
                shared: r.shared,
                parts: Default::default(),
                ids: Default::default(),
                rows: Vec::new(),
            });
            groups.len() - 1
        });
        let group = &mut groups[g];
        for (c, ids) in ids.iter_mut().enumerate() {
            ids.clear();
            for p in &r.chars[c] {
                let k = keys.id(c, p);
                let n = group.ids[c].len() as u32;
                let id = *group.ids[c].entry(k).or_insert(n);
                if id == n {
                    group.parts[c].push(*p);
                    if c == 0 {
                        group.rows.push(Vec::new());
                    }
                }
                ids.push(id);
            }
        }
        for &a in &ids[0] {
            group.rows[a as usize].extend_from_slice(&ids[1]);
        }
    }
    let mut blocks: Vec<Block> = Vec::new();
    for g in groups {
        let mut by_cols: HashMap<Vec<u32>, usize> = HashMap::default();
        let first = blocks.len();
        for (a, mut cols) in g.rows.into_iter().enumerate() {
            cols.sort_unstable();
            cols.dedup();
            if cols.is_empty() {
                continue;
            }
            let part = g.parts[0][a];
            match by_cols.get(&cols) {
                Some(&i) => blocks[first + i].chars[0].push(part),
                None => {
                    by_cols.insert(cols.clone(), blocks.len() - first);
                    let mates = cols.iter().map(|&j| g.parts[1][j as usize]).collect();
                    blocks.push(Block { shared: g.shared, chars: [vec![part], mates] });
                }
            }
        }
    }
    Worlds { blocks }
}

/// Up to about `n` of the worlds, chosen without regard to the real side ([`thin`]);
/// `true` when some were left out.
fn sample(worlds: &Worlds, n: usize) -> (Vec<World>, bool) {
    let len = worlds.pairs();
    if len <= n {
        return (worlds.iter().collect(), false);
    }
    let take = n.saturating_mul(8).min(len);
    let mut out: Vec<World> = (0..take).map(|i| worlds.pairing(i * len / take)).collect();
    thin(&mut out, n);
    (out, true)
}

/// What an aid still is ([`Aids::exact`], [`Aids::complete`]).
struct Quality {
    exact: bool,
    complete: bool,
}

/// Team `h`'s worlds after `action`, played from `pre` (log emptied) to `post` (its log
/// holding only the events the action caused).
fn update_one(
    pre: &State,
    post: &State,
    config: &Config,
    action: Action,
    h: usize,
    worlds: &Worlds,
    quality: &mut Quality,
) -> Worlds {
    let Quality { exact, complete } = quality;
    let by_hidden = rules::deciding_slot(pre).is_some_and(|s| team_index(slot_team(s)) == h);
    let masked = by_hidden && action.masked().is_some();
    let u = Update { pre, post, config, action, h, masked, by_hidden };
    let intro = config.intro;
    let mut rects = Vec::new();
    let mut loss = Loss::default();
    let mut alts = Vec::new();
    let seed_pre = |w: &World, probe: Probe, tag: u32, out: &mut Vec<Item>| {
        let mut alts = Vec::new();
        u.first(w, probe, tag, &mut alts, out);
    };
    match u.acting() {
        Some(slot) => {
            let c = slot % 2;
            let mut cross = Vec::new();
            run_blocks(&u, &worlds.blocks, c, &seed_pre, &mut rects, Some(&mut cross), &mut loss);
            // Worlds that reached the team-mate's turn: the team-mate acts, the first
            // character (its plan run) left open.
            let mut groups: Vec<(State, Vec<Block>)> = Vec::new();
            for (t, block) in cross {
                match groups.iter_mut().find(|(g, _)| g.log == t.log && public_eq(g, &t, h)) {
                    Some((_, blocks)) => blocks.push(block),
                    None => groups.push((t, vec![block])),
                }
            }
            let mut keys = Keys::new(pre, h, intro);
            for (template, blocks) in groups {
                let blocks = canon(blocks, &mut keys);
                let seed = |w: &World, probe: Probe, tag: u32, out: &mut Vec<Item>| {
                    let mut t = template.clone();
                    t.sides[h] = w.now;
                    t.aid.probe = probe;
                    out.push(Item { t, start: w.start, tags: vec![tag] });
                };
                run_blocks(&u, &blocks.blocks, 1 - c, &seed, &mut rects, None, &mut loss);
            }
        }
        None => {
            let (all, t) = sample(worlds, thin_at(h, intro));
            loss.thinned |= t;
            let mut first = Vec::new();
            for w in &all {
                u.first(w, Probe::default(), 0, &mut alts, &mut first);
            }
            let mut out = Survivors::new(post, h, intro);
            settle(first, post, config, &mut out);
            loss.add(&out);
            rects.extend(out.found.iter().map(|f| single(&f.world)));
        }
    }
    if loss.widened {
        *exact = false;
    }
    if loss.thinned {
        *exact = false;
        *complete = false;
    }
    if rects.is_empty() && !*complete {
        // A thinned aid lost every world it kept: it goes on, stale, from the last ones,
        // their plans as far along as the public step counts say (rules §The deduction
        // aid, "Bounds").
        let (mut stale, _) = sample(worlds, thin_at(h, intro));
        for w in &mut stale {
            for c in 0..2 {
                let target = post.ch(2 * h + c).plan.steps();
                let plan = &mut w.now.chars[c].plan;
                if !matches!(post.phase, Phase::Plan | Phase::Execute) {
                    *plan = Plan::default();
                } else if plan.steps() != target {
                    *plan = Plan { lazy: true, skipped: target, ..Plan::default() };
                }
            }
            if !matches!(post.phase, Phase::Plan | Phase::Execute) {
                w.start = w.now;
            }
        }
        return Worlds::of(stale);
    }
    let round_begins = post.phase == Phase::Plan && pre.phase == Phase::Roll;
    if round_begins || !matches!(post.phase, Phase::Plan | Phase::Execute) {
        for r in &mut rects {
            for part in r.chars.iter_mut().flatten() {
                if round_begins {
                    part[1].plan.lazy = true;
                }
                part[0] = part[1];
            }
            r.shared.start = r.shared.now;
        }
    }
    let mut keys = Keys::new(post, h, intro);
    let mut worlds = canon(rects, &mut keys);
    if worlds.pairs() > widen_at(h, intro) && post.phase == Phase::Execute {
        // Mid-round, past the bound, the plans are widened (see [`settle`]).
        let mut rects = worlds.blocks;
        let mut any = false;
        for r in &mut rects {
            for part in r.chars.iter_mut().flatten() {
                any |= !part[1].plan.free;
                part[1].plan.free = true;
                part[0] = part[1];
            }
        }
        if any {
            *exact = false;
        }
        worlds = canon(rects, &mut keys);
    }
    if worlds.pairs() > thin_at(h, intro) {
        *exact = false;
        *complete = false;
        let (kept, _) = sample(&worlds, thin_at(h, intro));
        worlds = canon(kept.iter().map(single).collect(), &mut keys);
    }
    worlds
}

/// Plays `action` (legal) and updates the aids.
pub fn play(state: &mut State, config: &Config, action: Action) {
    if !state.aid.tracking {
        rules::apply(state, config, action);
        return;
    }
    if state.phase == Phase::Plan {
        // A plan step changes nothing the other team sees but whose turn it is: the
        // planner's worlds count it, the other aid stays.
        let slot = usize::from(state.slot);
        rules::apply(state, config, action);
        for b in &mut Arc::make_mut(&mut state.aid.worlds[slot / 2]).blocks {
            for part in &mut b.chars[slot % 2] {
                part[1].plan.skipped += 1;
            }
        }
        return;
    }
    let mut log = std::mem::take(&mut state.log);
    let aids = std::mem::take(&mut state.aid);
    let pre = state.clone();
    rules::apply(state, config, action);
    let mut quality = [0, 1].map(|h| Quality { exact: aids.exact[h], complete: aids.complete[h] });
    let worlds = [0, 1]
        .map(|h| Arc::new(update_one(&pre, state, config, action, h, &aids.worlds[h], &mut quality[h])));
    let exact = quality.each_ref().map(|q| q.exact);
    let complete = quality.each_ref().map(|q| q.complete);
    log.append(&mut state.log);
    state.log = log;
    state.aid = Aids { tracking: true, worlds, exact, complete, probe: Probe::default(), replay: false };
}

/// Whether the real side `truth` of team `h` agrees with some world: exactly where no plan
/// is under way, else in each character's room or absence.
pub fn contains(state: &State, h: usize) -> bool {
    let truth = state.sides[h];
    let (tshared, tparts) = World::of(truth).split();
    let worlds = &state.aid.worlds[h];
    // A world's device left open stands for the one in the real device's room.
    let fit = |w: &World| {
        let mut w = *w;
        for (d, t) in w.now.secret.iter_mut().zip(truth.secret) {
            if let (Some(d), Some(t)) = (d, t) {
                *d = d.settled_in(t.room);
            }
        }
        w
    };
    let any = |f: &dyn Fn(&World) -> bool, g: &dyn Fn(&Hidden, &Hidden) -> bool| {
        worlds
            .blocks
            .iter()
            .any(|b| f(&fit(&b.shared)) && (0..2).all(|c| b.chars[c].iter().any(|p| g(&p[1], &tparts[c][1]))))
    };
    if state.phase == Phase::Over {
        // A game over keeps its plans, which nothing reads any more (a determinized copy
        // shows only their step counts), and the modify cubes they used, which a lazy
        // world counts only as far as execution went: the rest of the side must be a
        // world's.
        // A Spy laid down by a Parachute planned on its first space and not yet executed
        // is where a lazy world, which chooses it only then, has it: off the map.
        let bare = |h: &Hidden| {
            let unjumped = h.plan.done == 0 && h.plan.tiles[0].is_some_and(|p| p.tile == plan::PARACHUTE);
            let loc = if unjumped && matches!(h.loc, Loc::Lying(_)) { Loc::Off } else { h.loc };
            Hidden { plan: Plan::default(), loc, ..*h }
        };
        return any(
            &|s| Side { modify_used: 0, ..s.now } == Side { modify_used: 0, ..tshared.now },
            &|a, b| bare(a) == bare(b),
        );
    }
    if !matches!(state.phase, Phase::Plan | Phase::Execute) {
        return any(&|s| s.now == tshared.now, &|a, b| a == b);
    }
    any(&|s| s.now.secret == truth.secret, &|a, b| a.loc.standing() == b.loc.standing())
}

/// Completes the lazy plans of team `h` in `state` (a determinized state built from a
/// world) with random legal steps, so that every plan has the steps the view shows; `false`
/// where the world cannot (a stale world of a thinned aid): the steps missing are then
/// counted as skipped, planning nothing.
pub fn complete_plans<R: Rng + ?Sized>(
    state: &mut State,
    config: &Config,
    start: &Side,
    h: usize,
    steps: [u8; 4],
    rng: &mut R,
) -> bool {
    let mut complete = true;
    let mut legal = Vec::new();
    for c in 0..2 {
        let slot = 2 * h + c;
        let plan = state.ch(slot).plan;
        let target = steps[slot];
        let lazy = plan.lazy || plan.skipped > 0;
        if !lazy && plan.steps() == target {
            continue;
        }
        // Judge the completion at plan time; copy its effects back.
        let mut p =
            if state.phase == Phase::Execute { plan_time_state(state, start, h) } else { state.clone() };
        let mut fresh = plan;
        fresh.lazy = false;
        fresh.skipped = 0;
        fresh.die_steps = fresh.dice.iter().filter(|d| **d != DieUse::Unplaced).count() as u8;
        if state.phase != Phase::Execute {
            fresh = Plan::default();
        }
        p.ch_mut(slot).plan = fresh;
        let before = *p.ch(slot);
        let want = if state.phase == Phase::Execute { crate::state::PLAN_STEPS } else { target };
        while p.ch(slot).plan.steps() < want {
            legal.clear();
            plan::legal_steps(&p, slot, config.intro, &mut legal);
            // Leave the team-mate the modify cubes its own tiles need.
            let mate = slot ^ 1;
            legal.retain(|&a| {
                let mut q = p.clone();
                rules::apply_plan_step(&mut q, slot, a, config.intro)
                    && plan::min_cubes(&q, mate, &q.ch(mate).plan, config.intro, plan::cubes_left(&q, mate))
                        .is_some()
            });
            if legal.is_empty() {
                break;
            }
            let a = legal[rng.random_range(0..legal.len())];
            rules::apply_plan_step(&mut p, slot, a, config.intro);
        }
        let mut after = *p.ch(slot);
        if after.plan.steps() < want {
            complete = false;
            after.plan.skipped = want - after.plan.steps();
        }
        let ch = state.ch_mut(slot);
        ch.plan = after.plan;
        if h == 0 {
            // A Villain's tiers change only by its plan's unlock dice.
            ch.tier = after.tier;
            ch.kept = after.kept;
            ch.unlock_spaces = after.unlock_spaces;
        }
        // A Parachute completed into the plan lays the Spy down, unless execution has
        // already passed it: then the world's room is where the Spy is.
        if before.loc != after.loc && plan.done == 0 {
            ch.loc = after.loc;
        }
        state.sides[h].modify_used = p.sides[h].modify_used;
    }
    complete
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    /// A game that ends during execution: the real side has placed dice and used modify
    /// cubes; the lazy world that stands for it has counted neither. It still holds the
    /// truth.
    #[test]
    fn a_game_over_mid_round_holds_the_truth_whatever_cubes_were_used() {
        let config = Config::default();
        let mut state = rules::initial(&config);
        let mut world = state.sides[1];
        world.chars[0].plan.lazy = true;
        state.aid = Aids::of(&[state.sides[0], world]);
        state.phase = Phase::Over;
        state.sides[1].modify_used = 2;
        state.sides[1].chars[0].plan.tile_steps = 5;
        assert!(contains(&state, 1));
        state.sides[1].chars[0].loc = Loc::Lying(Room::ALL[3]);
        assert!(!contains(&state, 1), "a Spy lying where no world has it is not in the aid");
    }
}
