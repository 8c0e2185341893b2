//! Phase II, Plan Actions (rules §Phase II): nine hidden steps per character — five tile
//! steps and four die steps — each offered only when some legal plan can still be made from
//! it: every tile's dice meet its cost, the dice placed stay within the character's limit,
//! the team's modify cubes suffice, and the character's own moves can be executed along its
//! path (rules §Phase II, "A plan is legal").

use crate::action::{Action, RoomTile, TileId};
use crate::data::{Cost, Team};
use crate::map::{Dir, Room};
use crate::state::{DICE, DieUse, Loc, Plan, Planned, SPACES, State, slot_team};
use crate::tiles::{Effect, Table, TileSpec, table};

/// The Parachute, Virus and Beacon tiles (planned with a room).
pub const PARACHUTE: TileId = TileId(3);
/// The Virus tile.
pub const VIRUS: TileId = TileId(9);
/// The Beacon tile.
pub const BEACON: TileId = TileId(15);
/// The Hack starting tile (Overclock makes it cost any die).
pub const HACK: TileId = TileId(2);
/// The Backflip Hack (no other hack in the same plan).
pub const BACKFLIP: TileId = TileId(10);

/// The tile of a room tile.
pub const fn room_tile(kind: RoomTile) -> TileId {
    match kind {
        RoomTile::Parachute => PARACHUTE,
        RoomTile::Virus => VIRUS,
        RoomTile::Beacon => BEACON,
    }
}

/// The modify cubes turning a rolled `rolled` into `shown`: the cyclic distance, 1 ↔ 6
/// wrapping (rules §Modify).
pub const fn cubes(rolled: u8, shown: u8) -> u8 {
    let d = rolled.abs_diff(shown);
    if d > 3 { 6 - d } else { d }
}

/// Whether the character in `slot` owns passive `effect`.
pub fn has_passive(state: &State, slot: usize, pred: impl Fn(Effect) -> bool) -> bool {
    owned_advanced(state, slot).any(|t| {
        let spec = table().tile(t);
        spec.passive() && pred(spec.effect)
    })
}

/// The advanced tiles the character in `slot` has unlocked.
pub fn owned_advanced(state: &State, slot: usize) -> impl Iterator<Item = TileId> + '_ {
    let ch = state.ch(slot);
    let five = ch.id.map(|c| table().characters[c.0 as usize].1);
    let tier = ch.tier;
    let kept = ch.kept;
    (0..3).filter_map(move |k| {
        let five = five?;
        match k {
            0 if tier >= 1 => Some(five[0]),
            1 if tier >= 3 => kept[0],
            2 if tier >= 6 => kept[1],
            _ => None,
        }
    })
}

/// How many copies of `tile` the character in `slot` has in hand (0 if none, passives
/// included: they are never planned, [`step_plan`] refuses them).
pub fn copies(state: &State, slot: usize, tile: TileId) -> u8 {
    let spec = table().tile(tile);
    if spec.team != slot_team(slot) {
        return 0;
    }
    if spec.tier == 0 { spec.copies } else { u8::from(owned_advanced(state, slot).any(|t| t == tile)) }
}

/// The number of dice the character in `slot` may place this round (rules §Phase II,
/// §Swagger, §Generator; Interpretation 18).
pub fn dice_limit(state: &State, slot: usize, intro: bool) -> u8 {
    let board = &crate::data::data().board;
    let ch = state.ch(slot);
    let mut limit = i16::from(board.base_dice);
    match slot_team(slot) {
        Team::Spies => {
            for &[space, dice] in &board.swagger_dice {
                if ch.swagger >= space {
                    limit = limit.max(i16::from(dice));
                }
            }
        }
        Team::Villains => {
            let active = state.generators.iter().filter(|g| g.cubes >= 2).count() as i16;
            let per = owned_advanced(state, slot)
                .find_map(|t| match table().tile(t).effect {
                    Effect::GeneratorDice(n) => Some(i16::from(n)),
                    _ => None,
                })
                .unwrap_or(1);
            limit += active * per;
            limit -= i16::from(state.penalty[slot][0]);
        }
    }
    if !intro {
        for t in owned_advanced(state, slot) {
            if let Effect::ExtraDice(n) = table().tile(t).effect {
                limit += i16::from(n);
            }
        }
    }
    limit.clamp(0, i16::from(crate::data::MAX_DICE)) as u8
}

/// A tile's cost for the character in `slot` (Overclock: the Hack tile costs any die).
pub fn cost_of(state: &State, slot: usize, spec: &TileSpec) -> Cost {
    if spec.id == HACK && has_passive(state, slot, |e| e == Effect::HackAnyDie) {
        Cost::Range { min: 1, max: 6 }
    } else {
        spec.cost
    }
}

/// Whether moves of this character may cross walls (Slither).
pub fn crosses_walls(state: &State, slot: usize) -> bool {
    has_passive(state, slot, |e| e == Effect::CrossWalls)
}

/// One step of a move from `from` in `dir`: the room reached, or `None` when blocked.
/// `through` lets it cross a wall (never the board edge).
pub fn step(state: &State, from: Room, dir: Dir, through: bool) -> Option<Room> {
    if through { from.step(dir) } else { state.walls.neighbour(from, dir) }
}

/// Where a move tile takes its user from `from` in `dir`, by the plan's rule ("you can only
/// plan an action that you could execute"): `None` if it cannot be executed.
pub fn planned_move(state: &State, slot: usize, spec: &TileSpec, from: Room, dir: Dir) -> Option<Room> {
    let slither = crosses_walls(state, slot);
    match spec.effect {
        Effect::Move { steps, through_walls, destroy_wall, until_blocked } => {
            if destroy_wall {
                // Shoulder Charge: only into a wall.
                let edge = from.edge(dir)?;
                return state.walls.contains(edge).then(|| from.step(dir)).flatten();
            }
            let through = through_walls || slither;
            let mut at = step(state, from, dir, through)?;
            for _ in 1..steps {
                match step(state, at, dir, through) {
                    Some(next) => at = next,
                    None => break,
                }
                if !until_blocked {
                    break;
                }
            }
            Some(at)
        }
        Effect::MoveScan { steps, through_walls } => {
            let through = through_walls || slither;
            let mut at = step(state, from, dir, through)?;
            for _ in 1..steps {
                match step(state, at, dir, through) {
                    Some(next) => at = next,
                    None => break,
                }
            }
            Some(at)
        }
        _ => Some(from),
    }
}

/// The die values assigned to each space in a completion attempt.
#[derive(Clone, Copy)]
struct Paid {
    values: [[u8; DICE]; SPACES],
    n: [u8; SPACES],
}

impl Paid {
    fn of(plan: &Plan) -> Paid {
        let mut p = Paid { values: [[0; DICE]; SPACES], n: [0; SPACES] };
        for d in plan.dice {
            if let DieUse::On { space, value } = d {
                let s = usize::from(space);
                p.values[s][usize::from(p.n[s])] = value;
                p.n[s] += 1;
            }
        }
        p
    }

    fn dice(&self, s: usize) -> &[u8] {
        &self.values[s][..usize::from(self.n[s])]
    }
}

/// Everything a completion needs, gathered once.
struct Ctx<'a> {
    state: &'a State,
    slot: usize,
    table: &'a Table,
    plan: Plan,
    limit: u8,
    costs: [Cost; SPACES],
}

impl<'a> Ctx<'a> {
    /// The context judging every tile of `plan` within the character's dice limit, with
    /// the dice it has placed; `None` when it has placed more than the limit.
    fn whole(state: &'a State, slot: usize, plan: &Plan, intro: bool) -> Option<(Ctx<'a>, u8)> {
        let table = table();
        let mut costs = [Cost::None; SPACES];
        for (s, p) in plan.planned() {
            costs[s] = cost_of(state, slot, table.tile(p.tile));
        }
        let ctx = Ctx { state, slot, table, plan: *plan, limit: dice_limit(state, slot, intro), costs };
        let placed = plan.dice_placed();
        (placed <= ctx.limit).then_some((ctx, placed))
    }

    /// Whether space `s`'s tile may take one more die showing `v` given `dice` already on it.
    fn accepts(&self, s: usize, dice: &[u8], v: u8) -> bool {
        if !crate::state::want_ok(self.plan.want[s], v) {
            return false;
        }
        match self.costs[s] {
            Cost::None => false,
            Cost::Direction => dice.is_empty() && self.table.direction(v).is_some(),
            Cost::Exact { value } => dice.is_empty() && v == value,
            Cost::Range { min, max } => dice.is_empty() && (min..=max).contains(&v),
            Cost::Pair => dice.is_empty() || (dice.len() == 1 && dice[0] == v),
            Cost::Sum { value } => dice.iter().sum::<u8>() + v <= value,
        }
    }

    fn complete(&self, s: usize, dice: &[u8]) -> bool {
        // The dice placed in earlier steps are judged here too: each must show a face the
        // cost takes (a Hack's 4–6), not only be there.
        match self.costs[s] {
            Cost::None => dice.is_empty(),
            Cost::Direction => dice.len() == 1 && self.table.direction(dice[0]).is_some(),
            Cost::Exact { value } => dice == [value],
            Cost::Range { min, max } => dice.len() == 1 && (min..=max).contains(&dice[0]),
            Cost::Pair => dice.len() == 2 && dice[0] == dice[1],
            Cost::Sum { value } => !dice.is_empty() && dice.iter().sum::<u8>() == value,
        }
    }

    /// The values worth trying for a die rolled `r` on space `s`: for a range or an exact
    /// cost the cheapest face will do; for a direction the cheapest face of each direction;
    /// pairs and sums every face.
    fn candidates(&self, s: usize, r: u8, out: &mut [u8; 6]) -> usize {
        let mut n = 0;
        match self.costs[s] {
            Cost::None => {}
            Cost::Exact { value } => {
                out[0] = value;
                n = 1;
            }
            Cost::Range { min, max } => {
                out[0] = (min..=max).min_by_key(|&v| cubes(r, v)).unwrap_or(min);
                n = 1;
            }
            Cost::Direction => {
                for dir in Dir::ALL {
                    let w = self.plan.want[s];
                    if w != 0 && Dir::ALL.get(usize::from(w) - 1) != Some(&dir) {
                        continue;
                    }
                    if let Some(v) =
                        (1..=6).filter(|&v| self.table.direction(v) == Some(dir)).min_by_key(|&v| cubes(r, v))
                    {
                        out[n] = v;
                        n += 1;
                    }
                }
            }
            Cost::Pair | Cost::Sum { .. } => {
                for v in 1..=6 {
                    out[n] = v;
                    n += 1;
                }
            }
        }
        n
    }

    /// Whether the plan's own moves (and Generator tiles) can be executed along its path.
    fn path_ok(&self, paid: &Paid) -> bool {
        let ch = self.state.ch(self.slot);
        let mut at = match ch.loc {
            Loc::On(r) | Loc::Lying(r) => Some(r),
            Loc::Off => None,
        };
        for (s, p) in self.plan.planned() {
            let spec = self.table.tile(p.tile);
            match spec.effect {
                Effect::Parachute => at = p.room,
                Effect::Move { .. } | Effect::MoveScan { .. } => {
                    let Some(from) = at else { return false };
                    let Some(&v) = paid.dice(s).first() else { return false };
                    let Some(dir) = self.table.direction(v) else { return false };
                    match planned_move(self.state, self.slot, spec, from, dir) {
                        Some(to) => at = Some(to),
                        None => return false,
                    }
                }
                Effect::HackThenMove => {
                    if let (Some(from), Some(&v)) = (at, paid.dice(s).first())
                        && let Some(dir) = self.table.direction(v)
                        && let Some(to) = step(self.state, from, dir, crosses_walls(self.state, self.slot))
                    {
                        at = Some(to);
                    }
                }
                Effect::Generator => {
                    let Some(room) = at else { return false };
                    // A full Generator takes no cube: the tile could not be executed
                    // (Villains execute before any Spy could hack a cube off).
                    if !self.state.generators.iter().any(|g| g.room == room && g.cubes < 2) {
                        return false;
                    }
                }
                _ => {}
            }
        }
        true
    }

    /// Depth-first over every way dice `i..` can be placed so that every tile is paid, any
    /// face a cost takes: per number of cubes on the spaces of `ran` (the actions executed),
    /// the fewest cubes placed in all (`u8::MAX` where none), within `max` placed.
    fn spends(&self, i: usize, paid: &mut Paid, dice: u8, cost: [u8; 2], max: u8, out: &mut [u8; 64]) {
        let [on_ran, placed] = cost;
        if i == DICE {
            if self.plan.planned().all(|(s, _)| self.complete(s, paid.dice(s))) && self.path_ok(paid) {
                let slot = &mut out[usize::from(on_ran.min(63))];
                *slot = (*slot).min(placed);
            }
            return;
        }
        self.spends(i + 1, paid, dice, cost, max, out);
        if self.plan.dice[i] != DieUse::Unplaced || dice >= self.limit {
            return;
        }
        let r = self.state.roll[i];
        for (s, _) in self.plan.planned() {
            for v in 1..=6 {
                let c = cubes(r, v);
                if placed + c > max || !self.accepts(s, paid.dice(s), v) {
                    continue;
                }
                let ran = u8::from(self.plan.ran >> s & 1 == 1);
                let k = usize::from(paid.n[s]);
                paid.values[s][k] = v;
                paid.n[s] += 1;
                self.spends(i + 1, paid, dice + 1, [on_ran + c * ran, placed + c], max, out);
                paid.n[s] -= 1;
            }
        }
    }

    /// Depth-first, branch and bound: the fewest cubes (below `best`, which it lowers) with
    /// which dice `i..` can be placed so that every tile is paid.
    fn least(&self, i: usize, paid: &mut Paid, placed: u8, spent: u8, best: &mut u8) {
        if spent >= *best {
            return;
        }
        if i == DICE {
            if self.plan.planned().all(|(s, _)| self.complete(s, paid.dice(s))) && self.path_ok(paid) {
                *best = spent;
            }
            return;
        }
        self.least(i + 1, paid, placed, spent, best);
        if self.plan.dice[i] != DieUse::Unplaced || placed >= self.limit {
            return;
        }
        let r = self.state.roll[i];
        for (s, _) in self.plan.planned() {
            let mut values = [0u8; 6];
            let n = self.candidates(s, r, &mut values);
            for &v in &values[..n] {
                let c = cubes(r, v);
                if spent + c >= *best || !self.accepts(s, paid.dice(s), v) {
                    continue;
                }
                let k = usize::from(paid.n[s]);
                paid.values[s][k] = v;
                paid.n[s] += 1;
                self.least(i + 1, paid, placed + 1, spent + c, best);
                paid.n[s] -= 1;
            }
        }
    }

    /// Depth-first: can dice `i..` be placed so that every tile is paid?
    fn search(&self, i: usize, paid: &mut Paid, placed: u8, cubes_left: u8) -> bool {
        if i == DICE {
            return self.plan.planned().all(|(s, _)| self.complete(s, paid.dice(s))) && self.path_ok(paid);
        }
        if self.plan.dice[i] != DieUse::Unplaced {
            return self.search(i + 1, paid, placed, cubes_left);
        }
        if self.search(i + 1, paid, placed, cubes_left) {
            return true;
        }
        if placed >= self.limit {
            return false;
        }
        let r = self.state.roll[i];
        for (s, _) in self.plan.planned() {
            let mut values = [0u8; 6];
            let n = self.candidates(s, r, &mut values);
            for &v in &values[..n] {
                let c = cubes(r, v);
                if c > cubes_left || !self.accepts(s, paid.dice(s), v) {
                    continue;
                }
                let k = usize::from(paid.n[s]);
                paid.values[s][k] = v;
                paid.n[s] += 1;
                let ok = self.search(i + 1, paid, placed + 1, cubes_left - c);
                paid.n[s] -= 1;
                if ok {
                    return true;
                }
            }
        }
        false
    }
}

/// What the dice not yet placed on `plan` can have spent: per number `n` of modify cubes on
/// the spaces whose action was executed ([`Plan::ran`]), the fewest cubes placed in all
/// (`u8::MAX` where no placement spends `n`), every tile placed paid with any face its cost
/// takes, within the dice limit and `max` cubes placed, the path executable. A deduction
/// world's plan, its tiles chosen as it ran and its dice left open, settles with it what
/// it spent: spent cubes leave the game (Interpretation 22).
pub fn spend_options(state: &State, slot: usize, plan: &Plan, intro: bool, max: u8) -> [u8; 64] {
    let mut out = [u8::MAX; 64];
    if let Some((ctx, placed)) = Ctx::whole(state, slot, plan, intro) {
        ctx.spends(0, &mut Paid::of(plan), placed, [0, 0], max.min(63), &mut out);
    }
    out
}

/// For a plan whose spaces before `upto` are all paid by dice still to come (a deduction
/// world's executed prefix): per set of unplaced dice (bit `i` die `i`), every number of
/// modify cubes (bit `n`: `n` cubes) with which exactly those dice pay those spaces, any
/// face each cost takes; 0 where they cannot. Spent cubes leave the game, so not only the
/// fewest matter. `None` when a die is already on a space (a real plan: nothing to
/// summarise).
pub fn prefix_totals(state: &State, slot: usize, plan: &Plan, upto: usize) -> Option<[u64; 16]> {
    if plan.dice.iter().any(|d| matches!(d, DieUse::On { .. })) {
        return None;
    }
    let table = table();
    let mut costs = [Cost::None; SPACES];
    for (s, p) in plan.planned().filter(|&(s, _)| s < upto) {
        costs[s] = cost_of(state, slot, table.tile(p.tile));
    }
    let ctx = Ctx { state, slot, table, plan: *plan, limit: DICE as u8, costs };
    let mut out = [0u64; 16];
    fn go(ctx: &Ctx, upto: usize, i: usize, mask: usize, paid: &mut Paid, spent: u8, out: &mut [u64; 16]) {
        if i == DICE {
            if ctx.plan.planned().filter(|&(s, _)| s < upto).all(|(s, _)| ctx.complete(s, paid.dice(s))) {
                out[mask] |= 1 << spent.min(63);
            }
            return;
        }
        go(ctx, upto, i + 1, mask, paid, spent, out);
        if ctx.plan.dice[i] != DieUse::Unplaced {
            return;
        }
        let r = ctx.state.roll[i];
        for (s, _) in ctx.plan.planned().filter(|&(s, _)| s < upto) {
            for v in 1..=6 {
                if !ctx.accepts(s, paid.dice(s), v) {
                    continue;
                }
                let k = usize::from(paid.n[s]);
                paid.values[s][k] = v;
                paid.n[s] += 1;
                go(ctx, upto, i + 1, mask | 1 << i, paid, spent + cubes(r, v), out);
                paid.n[s] -= 1;
            }
        }
    }
    let mut paid = Paid { values: [[0; DICE]; SPACES], n: [0; SPACES] };
    go(&ctx, upto, 0, 0, &mut paid, 0, &mut out);
    Some(out)
}

/// Where the plan's spaces before `upto` take the character in `slot` at plan time, their
/// moves going the way [`Plan::want`] names (a deduction world's executed prefix): `None`
/// where a move's direction is not named.
pub fn walk(state: &State, slot: usize, plan: &Plan, upto: usize) -> Option<Loc> {
    let table = table();
    let mut at = match state.ch(slot).loc {
        Loc::On(r) | Loc::Lying(r) => Some(r),
        Loc::Off => None,
    };
    let dir = |s: usize| match plan.want[s] {
        w @ 1..=4 => Some(Dir::ALL[usize::from(w) - 1]),
        _ => None,
    };
    for (s, p) in plan.planned().filter(|&(s, _)| s < upto) {
        let spec = table.tile(p.tile);
        match spec.effect {
            Effect::Parachute => at = p.room,
            Effect::Move { .. } | Effect::MoveScan { .. } => {
                at = Some(planned_move(state, slot, spec, at?, dir(s)?)?);
            }
            Effect::HackThenMove => {
                if let (Some(from), Some(d)) = (at, dir(s))
                    && let Some(to) = step(state, from, d, crosses_walls(state, slot))
                {
                    at = Some(to);
                }
            }
            _ => {}
        }
    }
    Some(at.map_or(Loc::Off, Loc::On))
}

/// The modify cubes the team of `slot` has left to place this round.
pub fn cubes_left(state: &State, slot: usize) -> u8 {
    let team = slot_team(slot);
    let t = crate::state::team_index(team);
    let side = &state.sides[t];
    state.modify[t].saturating_sub(side.modify_spent).saturating_sub(side.modify_used)
}

/// Whether `plan` (the character in `slot`'s plan after some steps) can still be completed
/// into a legal plan: the dice not yet placed can pay every tile placed, within the dice
/// limit and the cubes left, and the path is executable.
pub fn completable(state: &State, slot: usize, plan: &Plan, intro: bool, cubes_left: u8) -> bool {
    Ctx::whole(state, slot, plan, intro)
        .is_some_and(|(ctx, placed)| ctx.search(0, &mut Paid::of(plan), placed, cubes_left))
}

/// The fewest modify cubes with which `plan` can be completed, up to `max`.
pub fn min_cubes(state: &State, slot: usize, plan: &Plan, intro: bool, max: u8) -> Option<u8> {
    least_cubes(state, slot, plan, intro).filter(|&m| m <= max)
}

/// The fewest modify cubes with which `plan` can be completed, whatever the team holds
/// (`None` where no dice can pay its tiles along an executable path).
pub fn least_cubes(state: &State, slot: usize, plan: &Plan, intro: bool) -> Option<u8> {
    let (ctx, placed) = Ctx::whole(state, slot, plan, intro)?;
    let mut best = u8::MAX;
    ctx.least(0, &mut Paid::of(plan), placed, 0, &mut best);
    (best != u8::MAX).then_some(best)
}

/// Applies a plan step to a copy of the plan, checking the step's own rules; the cubes the
/// step uses are returned with the new plan. `Err` names the rule.
pub fn step_plan(
    state: &State,
    slot: usize,
    action: Action,
    intro: bool,
) -> Result<(Plan, u8, Option<UnlockGain>), String> {
    let table = table();
    let ch = state.ch(slot);
    let mut plan = ch.plan;
    let team = slot_team(slot);
    let tile_step = |plan: &Plan| -> Result<usize, String> {
        if plan.tile_steps as usize >= SPACES {
            return Err("all five action spaces have had their tile step this round (rules §Phase II)".into());
        }
        Ok(plan.tile_steps as usize)
    };
    // The next die without its step (in a real plan the dice are taken in order; a
    // deduction world's plan, completed after part of it ran, may have used later ones).
    let die_step = |plan: &Plan| -> Result<usize, String> {
        plan.dice
            .iter()
            .position(|d| *d == DieUse::Unplaced)
            .ok_or_else(|| "all four dice have had their step this round (rules §Phase II)".to_owned())
    };
    let ended = |plan: &Plan| (0..plan.tile_steps as usize).any(|s| plan.tiles[s].is_none());
    let mut gain = None;
    let mut used = 0;
    match action {
        Action::TileNone => {
            let s = tile_step(&plan)?;
            if s == 0 && ch.loc == Loc::Off && team == Team::Spies {
                return Err(
                    "a Spy off the map must plan Parachute as its first action (rules §Parachute)".into()
                );
            }
            plan.tile_steps += 1;
        }
        Action::Tile(_) | Action::TileAt(_, _) => {
            let (tile, room) = match action {
                Action::TileAt(kind, room) => (room_tile(kind), Some(room)),
                Action::Tile(t) => (t, None),
                _ => unreachable!("matched above"),
            };
            let s = tile_step(&plan)?;
            let spec = table.tile(tile);
            if room.is_none() && tile == PARACHUTE {
                return Err(format!(
                    "{} is planned with its room, as `tile {} b3` (rules §Phase II)",
                    crate::tiles::printed(tile),
                    tile.name()
                ));
            }
            if room.is_some() && matches!(tile, VIRUS | BEACON) {
                return Err(format!(
                    "{} chooses its room when it is executed, at the window before it, not when planned: plan `tile {}` (Build Anywhere, the publisher's FAQ)",
                    crate::tiles::printed(tile),
                    tile.name()
                ));
            }
            if spec.team != team {
                return Err(format!(
                    "{} is a {} tile (rules §Setup step 2)",
                    crate::tiles::printed(tile),
                    if spec.team == Team::Spies { "Spy" } else { "Villain" }
                ));
            }
            if ended(&plan) {
                return Err("a space was left empty, so the later spaces stay empty: tiles go on the action spaces from left to right (rules §Phase II)".into());
            }
            if spec.passive() {
                return Err(format!(
                    "{} is a passive tile: it always gives its effect and is never planned (rules §Passive)",
                    crate::tiles::printed(tile)
                ));
            }
            let have = copies(state, slot, tile);
            if have == 0 {
                return Err(format!(
                    "{} is not in this character's hand (rules §Unlocking Actions)",
                    crate::tiles::printed(tile)
                ));
            }
            if plan.count(tile) >= have {
                return Err(format!(
                    "every copy of {} is already planned this round (rules §Phase II)",
                    crate::tiles::printed(tile)
                ));
            }
            if team == Team::Spies {
                let off = ch.loc == Loc::Off;
                if s == 0 && off && tile != PARACHUTE {
                    return Err(
                        "a Spy off the map must plan Parachute as its first action (rules §Parachute)".into(),
                    );
                }
                if tile == PARACHUTE && !off {
                    return Err("a Spy on the map cannot plan Parachute (rules §Parachute)".into());
                }
                let parachute = tile == PARACHUTE || plan.count(PARACHUTE) > 0;
                let hack = spec.hacks() || plan.planned().any(|(_, p)| table.tile(p.tile).hacks());
                if parachute && hack {
                    return Err("with a Parachute planned you cannot also plan actions that let you hack this turn (rules §Parachute)".into());
                }
                let backflip = tile == BACKFLIP || plan.count(BACKFLIP) > 0;
                let hacks = plan.planned().filter(|(_, p)| table.tile(p.tile).hacks()).count()
                    + usize::from(spec.hacks());
                if backflip && hacks > 1 {
                    return Err(
                        "after a Backflip Hack you cannot hack again this turn (Backflip Hack's text)".into(),
                    );
                }
            }
            plan.tiles[s] = Some(Planned { tile, room });
            plan.tile_steps += 1;
        }
        Action::DieOff => {
            let i = die_step(&plan)?;
            plan.dice[i] = DieUse::Off;
            plan.die_steps += 1;
        }
        Action::DieOn { value, space } => {
            let i = die_step(&plan)?;
            let s = usize::from(space).wrapping_sub(1);
            if s >= SPACES || plan.tiles[s].is_none() || s >= plan.tile_steps as usize {
                return Err(format!(
                    "space {space} holds no tile yet: a die goes on a space once a tile is there (rules §Phase II)"
                ));
            }
            used = cubes(state.roll[i], value);
            plan.dice[i] = DieUse::On { space: s as u8, value };
            plan.die_steps += 1;
        }
        Action::DieUnlock { value, keep } => {
            let i = die_step(&plan)?;
            if team != Team::Villains {
                return Err("only Villains place dice on unlock spaces; Spies unlock with the markers scans earn (rules §Unlocking Actions)".into());
            }
            if intro {
                return Err(
                    "in the Intro Game the Villains do not use unlock markers (rules §Intro Game)".into()
                );
            }
            if ch.unlock_spaces >> (value - 1) & 1 == 0 {
                return Err(format!(
                    "unlock space {value} holds no unlock marker (rules §Unlocking Actions)"
                ));
            }
            let g = unlock_gain(state, slot, ch.tier, keep)?;
            gain = Some(g);
            used = cubes(state.roll[i], value);
            plan.dice[i] = DieUse::Unlock { value };
            plan.die_steps += 1;
        }
        _ => return Err("this is not a plan step (rules §Phase II)".into()),
    }
    Ok((plan, used, gain))
}

/// What a marker placed on the tiers does: the new fill and the tile it unlocks, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnlockGain {
    /// The tier fill after the marker.
    pub tier: u8,
    /// Which of `kept` the tile goes to (tier 2: 0, tier 3: 1), with the tile.
    pub kept: Option<(usize, TileId)>,
}

/// The tiers' effect of one more marker on a tier fill of `tier`, naming the tile kept
/// where a tier of two tiles fills (rules §Unlocking Actions: "tier 1 before 2 before 3").
pub fn unlock_gain(state: &State, slot: usize, tier: u8, keep: Option<TileId>) -> Result<UnlockGain, String> {
    let tiers = &crate::data::data().board.tiers;
    let total: u8 = tiers.iter().sum();
    if tier >= total {
        return Err("every action tier is full (rules §Unlocking Actions)".into());
    }
    let Some(id) = state.ch(slot).id else {
        return Err("the character is not chosen yet".into());
    };
    let five = table().characters[id.0 as usize].1;
    let new = tier + 1;
    // Tier k fills at the cumulative sum of the tier sizes.
    let mut acc = 0;
    let mut filled = None;
    for (k, &size) in tiers.iter().enumerate() {
        acc += size;
        if new == acc {
            filled = Some(k);
        }
    }
    let kept = match filled {
        None | Some(0) => {
            if let Some(t) = keep {
                return Err(format!(
                    "this marker fills no tier of two tiles, so no tile is chosen: write it without `{}` (rules §Unlocking Actions)",
                    t.name()
                ));
            }
            None
        }
        Some(k) => {
            let options = [five[2 * k - 1], five[2 * k]];
            match keep {
                Some(t) if options.contains(&t) => Some((k - 1, t)),
                Some(t) => {
                    return Err(format!(
                        "this marker fills tier {}, whose tiles are {} and {}, not {} (rules §Unlocking Actions)",
                        k + 1,
                        options[0].name(),
                        options[1].name(),
                        t.name()
                    ));
                }
                None => {
                    return Err(format!(
                        "this marker fills tier {}: name the tile you keep, {} or {} (rules §Unlocking Actions)",
                        k + 1,
                        options[0].name(),
                        options[1].name()
                    ));
                }
            }
        }
    };
    Ok(UnlockGain { tier: new, kept })
}

/// Checks a plan step fully: its own rules, then that a legal plan can still be made.
pub fn check_step(
    state: &State,
    slot: usize,
    action: Action,
    intro: bool,
) -> Result<(Plan, u8, Option<UnlockGain>), String> {
    let (plan, used, gain) = step_plan(state, slot, action, intro)?;
    let left = cubes_left(state, slot);
    if used > left {
        return Err(format!(
            "showing that face takes {used} modify cubes, and the team has {left} left this round (rules §Modify)"
        ));
    }
    let ok = if let Some(g) = gain {
        let mut s = state.clone();
        apply_gain(&mut s, slot, g);
        completable(&s, slot, &plan, intro, left - used)
    } else {
        completable(state, slot, &plan, intro, left - used)
    };
    if !ok {
        return Err(
            "no legal plan can be made after this step: every tile needs its dice (its cost), within the dice you may place and the modify cubes left, and a move must not run into a wall or the board edge (rules §Phase II)"
                .into(),
        );
    }
    Ok((plan, used, gain))
}

/// Puts an unlock marker's effect on the board: the tier fill and the tile kept.
pub fn apply_gain(state: &mut State, slot: usize, gain: UnlockGain) {
    let ch = state.ch_mut(slot);
    ch.tier = gain.tier;
    if let Some((k, t)) = gain.kept {
        ch.kept[k] = Some(t);
    }
}

/// Writes every legal plan step of the character in `slot` into `out`.
pub fn legal_steps(state: &State, slot: usize, intro: bool, out: &mut Vec<Action>) {
    let plan = state.ch(slot).plan;
    let try_push = |a: Action, out: &mut Vec<Action>| {
        if check_step(state, slot, a, intro).is_ok() {
            out.push(a);
        }
    };
    // Candidates that `check_step` would refuse for a reason seen here at once are not
    // tried (its refusals are sentences, costly to make by the thousand): no tile after a
    // space left empty, no die on a space without a tile.
    let ended = (0..plan.tile_steps as usize).any(|s| plan.tiles[s].is_none());
    if (plan.tile_steps as usize) < SPACES && !ended {
        for t in 0..crate::action::NUM_TILES as u8 {
            let tile = TileId(t);
            if tile == PARACHUTE || copies(state, slot, tile) == 0 {
                continue;
            }
            try_push(Action::Tile(tile), out);
        }
        if copies(state, slot, PARACHUTE) > 0 {
            for room in Room::ALL {
                try_push(Action::TileAt(RoomTile::Parachute, room), out);
            }
        }
    }
    if (plan.tile_steps as usize) < SPACES {
        try_push(Action::TileNone, out);
    }
    if plan.dice.contains(&DieUse::Unplaced) {
        for value in 1..=6 {
            for space in 1..=SPACES as u8 {
                let s = usize::from(space) - 1;
                if s >= usize::from(plan.tile_steps) || plan.tiles[s].is_none() {
                    continue;
                }
                try_push(Action::DieOn { value, space }, out);
            }
        }
        if slot_team(slot) == Team::Villains && !intro {
            let ch = state.ch(slot);
            for value in 1..=6u8 {
                if ch.unlock_spaces >> (value - 1) & 1 == 0 {
                    continue;
                }
                try_push(Action::DieUnlock { value, keep: None }, out);
                if let Some(id) = ch.id {
                    for t in table().characters[id.0 as usize].1 {
                        try_push(Action::DieUnlock { value, keep: Some(t) }, out);
                    }
                }
            }
        }
        try_push(Action::DieOff, out);
    }
}
