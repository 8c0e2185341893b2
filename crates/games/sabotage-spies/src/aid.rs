//! The deduction aid (rules §The deduction aid): for each team, the set of its possible
//! **sides** (rooms, devices, boards, the round's plan as far as it ran) as the other team
//! may know them, computed forward from what that team saw.
//!
//! A **world** is one possible side. Every action of the game is replayed on every world:
//! the real state with the hidden side replaced by the world's. A step the other team does
//! not see (`character ?`, `start ?`, `slide ?`, `unlock ?`) branches over every step the
//! world could have taken; a plan step (`plan ?`) is not chosen at all: the world's plan is
//! **lazy**, its tiles, dice, slides and unlocks chosen when execution reaches them
//! ([`Choice`]), judged on the facts the plans were made on ([`crate::state::PlanTime`]).
//! A world survives when its state then equals the real one in everything but the hidden
//! side, new public events included. Equal worlds merge.
//!
//! So a world is in the aid if and only if some hidden choices, legal by every rule, lead
//! to it and to what the other team saw: the aid is exact, and the real side is always in
//! it (at the end of each round exactly; within a round, up to the plan steps not yet
//! executed).

use std::collections::HashSet;
use std::sync::Arc;

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::action::{Action, RoomTile, TileId};
use crate::config::Config;
use crate::data::{Cost, Team};
use crate::map::{Dir, Room, Rooms};
use crate::plan;
use crate::rules;
use crate::state::{
    DICE, DieUse, Loc, Pending, Phase, Plan, Planned, SPACES, Side, State, slot_team, team_index,
};
use crate::tiles::Effect;
use crate::tiles::table;

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
}

/// The two aids: `worlds[0]` the Villains' possible sides (what the Spies may know),
/// `worlds[1]` the Spies' (the Villains' deduction aid).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Aids {
    /// Whether playing updates the aids (a determinized copy inside a search does not).
    pub tracking: bool,
    /// Each team's possible sides.
    pub worlds: [Arc<Vec<World>>; 2],
    /// Whether each set is exact: an aid thinned past [`CAP`] holds only possible sides,
    /// not every one.
    #[serde(default = "both")]
    pub exact: [bool; 2],
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
    /// The aids of a game that has not begun: each side as set up.
    pub fn of(sides: &[Side; 2]) -> Aids {
        Aids { tracking: true, worlds: sides.map(|s| Arc::new(vec![World::of(s)])), exact: both() }
    }
}

/// The most worlds each aid keeps: past it an aid is **thinned** to a sample of its worlds
/// and is no longer exact (rules §The deduction aid, "Bounds"). The Villains' hidden unlock
/// spaces, tiers and plans make their exact set grow past millions in the full game; the
/// Spies' hidden unlock markers past a hundred thousand.
pub const CAP: [usize; 2] = [1024, 4096];

fn cap(h: usize) -> usize {
    static C: std::sync::OnceLock<Option<usize>> = std::sync::OnceLock::new();
    C.get_or_init(|| std::env::var("AID_CAP").ok().and_then(|s| s.parse().ok())).unwrap_or(CAP[h])
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
    let mut seen: std::collections::HashMap<([Loc; 2], [Option<Room>; 2]), u32> = Default::default();
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
    out.push(Choice::End);
    if team == Team::Spies
        && let Loc::On(room) = state.ch(slot).loc
        && !state.frozen.contains(room)
        && state.slide > state.sides[1].slide_used
    {
        for dir in Dir::ALL {
            if state.walls.neighbour(room, dir).is_some() {
                out.push(Choice::Slide(dir));
            }
        }
    }
    let p = plan_time_state(state, start, ti);
    let left = plan::cubes_left(&p, slot);
    let roll = p.roll;
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
                    let mut q = p.clone();
                    plan::apply_gain(&mut q, slot, g);
                    q.ch_mut(slot).plan.dice[i] = DieUse::Unlock { value };
                    let c = plan::cubes(roll[i], value);
                    let mate_cubes = plan::min_cubes(&q, slot ^ 1, &q.ch(slot ^ 1).plan, intro, left - c);
                    let qp = q.ch(slot).plan;
                    if let Some(m) = mate_cubes
                        && plan::min_cubes(&q, slot, &qp, intro, left - c - m).is_some()
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
            plan::PARACHUTE | plan::VIRUS | plan::BEACON => {
                let kind = match tile {
                    plan::PARACHUTE => RoomTile::Parachute,
                    plan::VIRUS => RoomTile::Virus,
                    _ => RoomTile::Beacon,
                };
                steps.extend(Room::ALL.into_iter().map(|r| Action::TileAt(kind, r)));
            }
            _ => steps.push(Action::Tile(tile)),
        }
    }
    let mate = slot ^ 1;
    let budget = p.modify[ti].saturating_sub(p.sides[ti].modify_used);
    let mate_cubes = plan::min_cubes(&p, mate, &p.ch(mate).plan, intro, budget);
    let Some(mate_cubes) = mate_cubes else { return };
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
        for &want in wants {
            let mut q = np;
            q.want[k] = want;
            if plan::min_cubes(&p, slot, &q, intro, budget - mate_cubes).is_some() {
                out.push(Choice::Place { tile: planned.tile, room: planned.room, want });
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
                state.sides[1].slide_used += 1;
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
        log: _,
        outcome,
        plan_time,
        aid: _,
    } = a;
    *phase == b.phase
        && *round == b.round
        && *walls == b.walls
        && *machines == b.machines
        && *generators == b.generators
        && *starter == b.starter
        && *hit_track == b.hit_track
        && *hack_track == b.hack_track
        && *modify == b.modify
        && *slide == b.slide
        && *roll == b.roll
        && *revealed == b.revealed
        && *devices == b.devices
        && *builds == b.builds
        && *smoke == b.smoke
        && *frozen == b.frozen
        && *scanned == b.scanned
        && *removed == b.removed
        && *penalty == b.penalty
        && *markers == b.markers
        && *slot == b.slot
        && *order == b.order
        && *stage == b.stage
        && *pending == b.pending
        && *window_due == b.window_due
        && sides[1 - h] == b.sides[1 - h]
        && *outcome == b.outcome
        && *plan_time == b.plan_time
}

/// What of a world its future can depend on: worlds with equal keys have the same
/// choices, events and sides from now on, so one stands for all (rules §The deduction aid,
/// "equal worlds merge").
///
/// Within a round a lazy plan's executed spaces matter only through the tiles they used
/// (copies, and the Parachute, hack and Backflip rules), the dice and cubes that can pay
/// them ([`plan::prefix_pay`]) and where they took the character at plan time
/// ([`plan::walk`]), from which the rest of the path is judged. The key keeps exactly
/// that: the executed tiles as a sorted multiset, their directions dropped, the plan-time
/// room replaced by the walked one.
#[derive(PartialEq, Eq, Hash)]
struct Key {
    now: Side,
    start: Side,
    pay: [Option<[u8; 16]>; 2],
}

/// The plan-time state a world is judged on, with its side to be filled in ([`key`]).
fn key_base(post: &State) -> State {
    let mut base = post.clone();
    base.log.clear();
    post.plan_time.restore(&mut base);
    base
}

fn key(base: &mut State, h: usize, intro: bool, w: &World) -> Key {
    let mut now = w.now;
    let mut start = w.start;
    let mut pay = [None; 2];
    if base.phase == Phase::Execute {
        let mut side = w.start;
        for (c, n) in side.chars.iter_mut().zip(now.chars) {
            c.plan = n.plan;
        }
        base.sides[h] = side;
        for (c, pay) in pay.iter_mut().enumerate() {
            let slot = 2 * h + c;
            let plan = now.chars[c].plan;
            let upto = usize::from(plan.done).min(SPACES);
            if upto == 0 {
                continue;
            }
            let (Some(p), Some(at)) =
                (plan::prefix_pay(base, slot, &plan, upto), plan::walk(base, slot, &plan, upto))
            else {
                continue;
            };
            if !plan.lazy && plan.tiles[upto..].iter().all(Option::is_none) {
                // Its plan has ended and run: only the cubes it needs are left to matter
                // (its team-mate's plan must leave them).
                let limit = usize::from(plan::dice_limit(base, slot, intro));
                let placed = usize::from(plan.dice_placed());
                let least = (0..16usize)
                    .filter(|m| m.count_ones() as usize + placed <= limit)
                    .map(|m| p[m])
                    .min()
                    .unwrap_or(u8::MAX);
                now.chars[c].plan = Plan { dice: plan.dice, ..Plan::default() };
                start.chars[c].loc = Loc::Off;
                *pay = Some([least; 16]);
                continue;
            }
            let mut tiles: Vec<TileId> = plan.tiles[..upto].iter().flatten().map(|p| p.tile).collect();
            tiles.sort_unstable();
            let norm = &mut now.chars[c].plan;
            for s in 0..upto {
                norm.tiles[s] = tiles.get(s).map(|&tile| Planned { tile, room: None });
                norm.want[s] = 0;
            }
            start.chars[c].loc = at;
            *pay = Some(p);
        }
    }
    Key { now, start, pay }
}

/// Collects the surviving worlds, one per [`Key`], in a deterministic order.
struct Survivors {
    out: Vec<World>,
    seen: HashSet<Key>,
    base: State,
    h: usize,
    intro: bool,
    thinned: bool,
}

impl Survivors {
    fn new(post: &State, h: usize, intro: bool, capacity: usize) -> Survivors {
        Survivors {
            out: Vec::with_capacity(capacity),
            seen: HashSet::new(),
            base: key_base(post),
            h,
            intro,
            thinned: false,
        }
    }

    fn push(&mut self, w: World) {
        if self.seen.insert(key(&mut self.base, self.h, self.intro, &w)) {
            self.out.push(w);
        }
    }
}

/// The worlds still being settled after an action: states waiting on a lazy choice, merged
/// whenever two agree in their [`Key`] and their public part (so the branching of a long
/// unseen stretch stays as wide as the distinct situations, not the paths to them).
struct Frontier {
    items: Vec<(State, Side)>,
    buckets: std::collections::HashMap<(Key, usize), Vec<usize>>,
}

impl Frontier {
    fn new() -> Frontier {
        Frontier { items: Vec::new(), buckets: std::collections::HashMap::new() }
    }

    fn push(&mut self, out: &mut Survivors, t: State, start: Side) {
        let k = (key(&mut out.base, out.h, out.intro, &World { start, now: t.sides[out.h] }), t.log.len());
        let bucket = self.buckets.entry(k).or_default();
        if bucket.iter().any(|&i| public_eq(&self.items[i].0, &t, out.h) && self.items[i].0.log == t.log) {
            return;
        }
        bucket.push(self.items.len());
        self.items.push((t, start));
    }
}

/// Settles worlds after an action: their lazy choices are made every way that keeps their
/// public events a prefix of the real ones; a world survives if it then equals the real
/// state.
fn settle(first: Vec<(State, Side)>, post: &State, config: &Config, out: &mut Survivors) {
    let h = out.h;
    let mut level = first;
    let mut cs = Vec::new();
    while !level.is_empty() {
        let mut next = Frontier::new();
        for (t, start) in level {
            if !post.log.starts_with(&t.log) {
                continue;
            }
            if t.pending == Pending::Lazy && t.outcome.is_none() {
                choices(&t, config, &start, &mut cs);
                for &c in &cs {
                    let mut u = t.clone();
                    let mut st = start;
                    apply_choice(&mut u, config, &mut st, c);
                    // Only the choices whose events so far are the real ones count
                    // toward the level's bound.
                    if post.log.starts_with(&u.log) {
                        next.push(out, u, st);
                    }
                }
            } else if t.log.len() == post.log.len() && public_eq(&t, post, h) {
                out.push(World { start, now: t.sides[h] });
            }
        }
        level = next.items;
        if level.len() > cap(h) {
            out.thinned = true;
            thin_by(&mut level, cap(h), |(t, start)| World { start: *start, now: t.sides[h] });
        }
    }
}

/// Team `h`'s worlds after `action`, played from `pre` (log emptied) to `post` (its log
/// holding only the events the action caused).
fn update_one(
    pre: &State,
    post: &State,
    config: &Config,
    action: Action,
    h: usize,
    worlds: &[World],
    exact: &mut bool,
) -> Vec<World> {
    let prior = worlds;
    let by_hidden = rules::deciding_slot(pre).is_some_and(|s| team_index(slot_team(s)) == h);
    let masked = by_hidden && crate::view::masked(action).is_some();
    let mut out = Survivors::new(post, h, config.intro, worlds.len());
    let mut alts = Vec::new();
    let mut first = Vec::new();
    for w in worlds {
        let mut s = pre.clone();
        s.sides[h] = w.now;
        alts.clear();
        if masked {
            if matches!(action, Action::Slide(_)) {
                // The schedule is chosen slide by slide as the stretch runs (`Choice::Slide`).
                alts.push(Action::Slide(crate::action::Schedule::NONE));
            } else {
                rules::legal(&s, config, &mut alts);
            }
        } else {
            if by_hidden && rules::check(&s, config, action).is_err() {
                continue;
            }
            alts.push(action);
        }
        for &a in &alts {
            let mut t = s.clone();
            rules::apply(&mut t, config, a);
            first.push((t, w.start));
        }
    }
    settle(first, post, config, &mut out);
    if out.thinned {
        *exact = false;
    }
    let mut worlds = out.out;
    if worlds.is_empty() && !*exact {
        // A thinned aid lost every world it kept: it goes on, stale, from the last ones,
        // their plans as far along as the public step counts say (rules §The deduction
        // aid, "Bounds").
        let mut stale = prior.to_vec();
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
        return stale;
    }
    if worlds.len() > cap(h) {
        *exact = false;
        thin(&mut worlds, cap(h));
    }
    if post.phase == Phase::Plan && pre.phase == Phase::Roll {
        for w in &mut worlds {
            for c in &mut w.now.chars {
                c.plan.lazy = true;
            }
            w.start = w.now;
        }
    } else if !matches!(post.phase, Phase::Plan | Phase::Execute) {
        for w in &mut worlds {
            w.start = w.now;
        }
        let mut seen = HashSet::new();
        worlds.retain(|w| seen.insert(*w));
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
        for w in Arc::make_mut(&mut state.aid.worlds[slot / 2]) {
            w.now.chars[slot % 2].plan.skipped += 1;
        }
        return;
    }
    let mut log = std::mem::take(&mut state.log);
    let aids = std::mem::take(&mut state.aid);
    let pre = state.clone();
    rules::apply(state, config, action);
    let mut exact = aids.exact;
    let worlds = [0, 1].map(|h| {
        let t = std::time::Instant::now();
        let w = update_one(&pre, state, config, action, h, &aids.worlds[h], &mut exact[h]);
        if std::env::var("AID_TRACE").is_ok() && t.elapsed().as_secs_f64() > 0.05 {
            eprintln!("aid {h} round {} {:?} {action}: {} -> {} worlds, {:.3}s", pre.round, pre.stage, aids.worlds[h].len(), w.len(), t.elapsed().as_secs_f64());
        }
        Arc::new(w)
    });
    log.append(&mut state.log);
    state.log = log;
    state.aid = Aids { tracking: true, worlds, exact };
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
    /// Whether the set is exact (else a sample of it, thinned past [`CAP`] worlds).
    pub exact: bool,
}

impl Deduction {
    /// The summary of a set of worlds.
    pub fn of(worlds: &[World], exact: bool) -> Deduction {
        let mut d = Deduction {
            exact,
            worlds: worlds.len(),
            rooms: [Rooms::EMPTY; 2],
            away: [false; 2],
            devices: [Rooms::EMPTY; 2],
            supply: [false; 2],
        };
        for w in worlds {
            for (i, c) in w.now.chars.iter().enumerate() {
                match c.loc {
                    Loc::On(r) => d.rooms[i] = d.rooms[i].with(r),
                    _ => d.away[i] = true,
                }
            }
            for (i, t) in w.now.secret.iter().enumerate() {
                match t {
                    Some(t) => d.devices[i] = d.devices[i].with(t.room),
                    None => d.supply[i] = true,
                }
            }
        }
        d
    }
}

/// Whether the real side `truth` of team `h` agrees with some world: exactly where no plan
/// is under way, else in each character's room or absence.
pub fn contains(state: &State, h: usize) -> bool {
    let truth = state.sides[h];
    let worlds = &state.aid.worlds[h];
    if state.phase == Phase::Over {
        // A game over keeps its plans, which nothing reads any more (a determinized copy
        // shows only their step counts), and the modify cubes they used, which a lazy
        // world counts only as far as execution went: the rest of the side must be a
        // world's.
        let bare = |s: &Side| {
            let mut s = *s;
            for c in &mut s.chars {
                c.plan = Plan::default();
            }
            s.modify_used = 0;
            s
        };
        return worlds.iter().any(|w| bare(&w.now) == bare(&truth));
    }
    if !matches!(state.phase, Phase::Plan | Phase::Execute) {
        return worlds.iter().any(|w| w.now == truth);
    }
    let standing = |s: &Side| s.chars.map(|c| c.loc.standing());
    worlds.iter().any(|w| standing(&w.now) == standing(&truth) && w.now.secret == truth.secret)
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
