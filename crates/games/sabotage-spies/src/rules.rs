//! The round (rules §A round, §Actions): setup, the roll, planning, execution with every
//! action type, the devices, the unlock markers, slides, clean up and the end.
//!
//! The state always waits on a decision, a chance outcome or nothing: [`advance`] plays
//! everything automatic (executing undeclared actions, answering declarations, firing
//! devices) until then.

use crate::action::{Action, CharId, Landing, Schedule, TileId};
use crate::config::{Config, MapSetup};
use crate::data::Team;
use crate::map::{Area, Dir, Edge, Half, Layout, Room, Rooms, Walls};
use crate::plan;
use crate::state::{
    DieUse, Event, Loc, Outcome, Pending, Phase, Piece, Plan, Said, Side, Stage, State, Token, slot_team,
    team_index,
};
use crate::tiles::{DeviceKind, Effect, Speech, Target, TileSpec, table};

/// Walls, machines and generators of a variable map.
pub const MAP_PIECES: (usize, usize, usize) = (5, 3, 2);

/// The cubes set on the Hit track (pairs) and the Hack track at setup (rules §Setup; the
/// Intro Game's 3 + 3 and 4).
pub const fn tracks(intro: bool) -> (u8, u8) {
    if intro { (3, 4) } else { (4, 7) }
}

/// The state before the first action (rules §Setup).
pub fn initial(config: &Config) -> State {
    let intro = config.intro;
    let (walls, machines, generators) = match config.map {
        MapSetup::Default => {
            let l = Layout::default_map();
            (
                l.walls,
                l.machines.iter().map(|&room| Piece { room, cubes: 4 }).collect(),
                l.generators.iter().map(|&room| Piece { room, cubes: 0 }).collect(),
            )
        }
        MapSetup::Variable => (Walls::EMPTY, Vec::new(), Vec::new()),
    };
    let mut sides = [Side::default(), Side::default()];
    if !intro {
        for ch in &mut sides[0].chars {
            ch.unlock_spaces = 0b11_1111;
        }
    }
    State {
        phase: Phase::Characters,
        round: 0,
        walls,
        machines,
        generators,
        starter: None,
        hit_track: tracks(intro).0,
        hack_track: tracks(intro).1,
        modify: [2, 2],
        slide: 0,
        roll: [1; 4],
        revealed: false,
        devices: [None; crate::tiles::NUM_TOKENS],
        builds: 0,
        smoke: Rooms::EMPTY,
        frozen: Rooms::EMPTY,
        scanned: [false; 2],
        removed: [false; 4],
        penalty: [[0; 2]; 2],
        markers: [0; 2],
        slot: 0,
        order: [0, 1, 2, 3],
        stage: Stage::VillainsFirst,
        pending: Pending::None,
        window_due: false,
        sides,
        log: Vec::new(),
        outcome: None,
        plan_time: crate::state::PlanTime::default(),
        aid: crate::worlds::Aids::of(&sides),
    }
}

/// The slot acting in execution, if a character acts.
pub fn acting(state: &State) -> Option<usize> {
    match state.stage {
        Stage::Villain(i) => Some(usize::from(state.order[usize::from(i)])),
        Stage::Spy(i) => Some(usize::from(state.order[2 + usize::from(i)])),
        _ => None,
    }
}

/// The team placing the next variable-map piece.
pub fn placer(state: &State) -> Team {
    let placed = state.walls.len() + state.machines.len() + state.generators.len();
    let first = state.starter.unwrap_or(Team::Villains);
    if placed % 2 == 0 { first } else { crate::state::other(first) }
}

/// The slot deciding now, if a player decides: the seat is the config's seat of that slot
/// (team decisions are the team's first slot's).
pub fn deciding_slot(state: &State) -> Option<usize> {
    if state.outcome.is_some() {
        return None;
    }
    match state.phase {
        Phase::Characters | Phase::Starts | Phase::Plan => Some(usize::from(state.slot)),
        Phase::Map => Some(if placer(state) == Team::Villains { 0 } else { 2 }),
        Phase::Starter | Phase::Roll | Phase::Over => None,
        Phase::Execute => {
            if let Some(i) = state.markers.iter().position(|&m| m > 0) {
                return Some(2 + i);
            }
            match state.pending {
                Pending::First(Team::Villains) => Some(0),
                Pending::First(Team::Spies) => Some(2),
                Pending::Target(_) | Pending::Window | Pending::Anywhere | Pending::Lazy => acting(state),
                Pending::Spend | Pending::None => None,
            }
        }
    }
}

/// Marks that the rooms of both characters of the team whose slots begin at `first` are
/// read, for a deduction world that leaves one of them open ([`crate::worlds::Probe`]).
fn touch(state: &mut State, first: u8) {
    if state.aid.probe.mate.is_some_and(|m| m / 2 == first / 2) {
        state.aid.probe.read = true;
    }
}

fn emit(state: &mut State, event: Event) {
    state.log.push(event);
}

fn win(state: &mut State, team: Team) {
    if state.outcome.is_none() {
        emit(state, Event::Win(team));
        state.outcome = Some(Outcome::Win(team));
        state.phase = Phase::Over;
    }
}

// ---------------------------------------------------------------------------------------
// Setup

/// Whether the remaining machines and generators can still be placed (walls can always be:
/// five walls never cut a 4×4 grid, Interpretation 5), walls only ever being added.
fn can_finish(walls: Walls, machines: &[Room], generators: &[Room]) -> bool {
    let (_, nm, ng) = MAP_PIECES;
    if machines.len() == nm && generators.len() == ng {
        return true;
    }
    let place_machine = machines.len() < nm;
    for room in Room::ALL {
        if machines.contains(&room) || generators.contains(&room) {
            continue;
        }
        if place_machine {
            if generators.iter().any(|&g| Layout::too_close(walls, room, g)) {
                continue;
            }
            let mut m = machines.to_vec();
            m.push(room);
            if can_finish(walls, &m, generators) {
                return true;
            }
        } else {
            if machines.iter().any(|&m| Layout::too_close(walls, m, room)) {
                continue;
            }
            let mut g = generators.to_vec();
            g.push(room);
            if can_finish(walls, machines, &g) {
                return true;
            }
        }
    }
    false
}

fn check_placement(state: &State, action: Action) -> Result<(), String> {
    let (nw, nm, ng) = MAP_PIECES;
    let machines: Vec<Room> = state.machines.iter().map(|p| p.room).collect();
    let generators: Vec<Room> = state.generators.iter().map(|p| p.room).collect();
    let taken = |r: Room| machines.contains(&r) || generators.contains(&r);
    match action {
        Action::Wall(edge) => {
            if state.walls.len() >= nw {
                return Err(format!("all {nw} walls are placed (rules §Variable Map Setup)"));
            }
            if state.walls.contains(edge) {
                return Err(format!("a wall already lies on {edge} (rules §Variable Map Setup)"));
            }
            let walls = state.walls.with(edge);
            let enclosed = walls.enclosed();
            if !enclosed.is_empty() {
                return Err(format!(
                    "a wall on {edge} would surround room {enclosed}: walls cannot be placed to surround a room, map edges included (rules §Variable Map Setup)"
                ));
            }
            if !walls.connected() {
                return Err(format!(
                    "a wall on {edge} would cut the map in two, leaving rooms no one can reach (rules §Variable Map Setup, Interpretation 5)"
                ));
            }
            if !can_finish(walls, &machines, &generators) {
                return Err("after that wall the machines and generators left could not all be placed (rules §Variable Map Setup)".into());
            }
        }
        Action::Machine(room) | Action::Generator(room) => {
            let machine = matches!(action, Action::Machine(_));
            let (have, most, what) =
                if machine { (machines.len(), nm, "Doomsday Machines") } else { (generators.len(), ng, "Generators") };
            if have >= most {
                return Err(format!("all {most} {what} are placed (rules §Variable Map Setup)"));
            }
            if taken(room) {
                return Err(format!("room {room} already holds a machine or a generator (rules §Variable Map Setup)"));
            }
            let others = if machine { &generators } else { &machines };
            if let Some(o) = others.iter().find(|&&o| Layout::too_close(state.walls, room, o)) {
                return Err(format!(
                    "Doomsday Machines and Generators cannot be in adjacent rooms unless a wall separates them, and {room} touches {o} (rules §Variable Map Setup)"
                ));
            }
            let (mut m, mut g) = (machines.clone(), generators.clone());
            if machine {
                m.push(room);
            } else {
                g.push(room);
            }
            if !can_finish(state.walls, &m, &g) {
                return Err(format!("after a piece in {room} the pieces left could not all be placed (rules §Variable Map Setup)"));
            }
        }
        _ => return Err("the map is being set up: place a wall, a Doomsday Machine or a Generator (rules §Variable Map Setup)".into()),
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Legal actions and checks

/// Checks `action` in `state`; `Err` names the rule.
pub fn check(state: &State, config: &Config, action: Action) -> Result<(), String> {
    if state.outcome.is_some() {
        return Err("the game is over (rules §End of the game)".into());
    }
    match state.phase {
        Phase::Starter => match action {
            Action::Starter(_) => Ok(()),
            _ => Err(
                "a chance node: the team that places first is drawn (`starter villains` or `starter spies`)"
                    .into(),
            ),
        },
        Phase::Roll => match action {
            Action::Roll(d) if d.iter().all(|v| (1..=6).contains(v)) => Ok(()),
            _ => Err("a chance node: the dice are rolled (`roll 1 3 3 6`) (rules §Phase I)".into()),
        },
        Phase::Characters => {
            let Action::Character(c) = action else {
                return Err(
                    "each character is chosen first, in turn: `character hawk` (rules §Setup step 3)".into(),
                );
            };
            let slot = usize::from(state.slot);
            let team = slot_team(slot);
            if table().team_of(c) != team {
                return Err(format!(
                    "{} is not a {} character (rules §Setup step 3)",
                    crate::tiles::char_name(c),
                    if team == Team::Spies { "Spy" } else { "Villain" }
                ));
            }
            if slot % 2 == 1 && state.ch(slot - 1).id == Some(c) {
                return Err(format!(
                    "your team-mate already chose {}: each character has one miniature (rules §Setup step 3)",
                    crate::tiles::char_name(c)
                ));
            }
            Ok(())
        }
        Phase::Map => check_placement(state, action),
        Phase::Starts => {
            let Action::Start(room) = action else {
                return Err(
                    "each Villain chooses a room to start in: `start c2` (rules §Setup step 12)".into()
                );
            };
            if state.generators.iter().any(|g| g.room == room) {
                return Err(format!(
                    "{room} holds a Generator: a Villain starts in any room without one (rules §Setup step 12)"
                ));
            }
            Ok(())
        }
        Phase::Plan => {
            let slot = usize::from(state.slot);
            plan::check_step(state, slot, action, config.intro).map(|_| ())
        }
        Phase::Execute => check_execute(state, config, action),
        Phase::Over => Err("the game is over (rules §End of the game)".into()),
    }
}

fn check_execute(state: &State, config: &Config, action: Action) -> Result<(), String> {
    if let Some(i) = state.markers.iter().position(|&m| m > 0) {
        return check_unlock(state, config, 2 + i, action);
    }
    match state.pending {
        Pending::First(team) => {
            let Action::First(c) = action else {
                return Err(format!(
                    "the {} choose who goes first: `first {}` (rules §Phase III)",
                    if team == Team::Spies { "Spies" } else { "Villains" },
                    state.ch(if team == Team::Spies { 2 } else { 0 }).id.map_or("?", |c| c.name())
                ));
            };
            let base = if team == Team::Spies { 2 } else { 0 };
            if (base..base + 2).any(|s| state.ch(s).id == Some(c) && !state.removed[s]) {
                Ok(())
            } else {
                Err(format!(
                    "{} is not a character of this team who can act this round (rules §Phase III)",
                    crate::tiles::char_name(c)
                ))
            }
        }
        Pending::Target(tile) => {
            let slot = acting(state).expect("a target waits for an acting character");
            let mut options = Vec::new();
            targets(state, slot, tile, &mut options);
            if options.contains(&action) {
                Ok(())
            } else if let Action::Build(r) = action
                && let Some(Action::BuildFrom { from, .. }) =
                    options.iter().find(|a| matches!(a, Action::BuildFrom { room, .. } if *room == r))
            {
                let other = options
                    .iter()
                    .find_map(|a| match a {
                        Action::BuildFrom { room, from: f } if *room == r && f != from => Some(*f),
                        _ => None,
                    })
                    .unwrap_or(*from);
                Err(format!(
                    "both tokens of this device are on the map, in {from} and {other}: name the one you pick up, \
                     `build {r} from {from}` or `build {r} from {other}` (rules §Build)"
                ))
            } else if options.is_empty() {
                Err("nothing to target".into())
            } else {
                Err(format!(
                    "{} targets one of: {} (rules §Target Action)",
                    crate::tiles::printed(tile),
                    options.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
                ))
            }
        }
        Pending::Window => {
            let Action::Slide(schedule) = action else {
                return Err("a slide window: `slide none`, or directions and `wait`s, as `slide up wait left` (rules §Slide)".into());
            };
            check_window(state, config, schedule)
        }
        Pending::Anywhere => {
            let Action::Anywhere(rooms) = action else {
                return Err("a window: name the rooms of your Virus and Beacon still to come, as `anywhere virus b2`, or `anywhere none` (Build Anywhere: the room is chosen when executed)".into());
            };
            check_anywhere(state, rooms)
        }
        Pending::Lazy => Err("a deduction world waits for its next tile".into()),
        Pending::Spend => Err("a deduction world settles its spent cubes".into()),
        Pending::None => Err("nothing to decide now".into()),
    }
}

fn check_unlock(state: &State, config: &Config, slot: usize, action: Action) -> Result<(), String> {
    let ch = state.ch(slot);
    let total: u8 = crate::data::data().board.tiers.iter().sum();
    let max_swagger = crate::data::data().board.swagger_spaces;
    let tiers_full = config.intro || ch.tier >= total;
    match action {
        Action::UnlockSwagger if ch.swagger < max_swagger => Ok(()),
        Action::UnlockSwagger => Err("the Swagger track is full (rules §Swagger)".into()),
        Action::UnlockTier(keep) => {
            if config.intro {
                return Err("in the Intro Game the Spies only use unlock markers to increase Swagger (rules §Intro Game)".into());
            }
            plan::unlock_gain(state, slot, ch.tier, keep).map(|_| ())
        }
        Action::UnlockNone if ch.swagger >= max_swagger && tiers_full => Ok(()),
        Action::UnlockNone => Err("the marker must go on the Swagger track or an action tier while either has room (rules §Scan step 3)".into()),
        _ => Err(format!(
            "{} places an unlock marker first: `unlock swagger` or `unlock tier` (rules §Scan step 3)",
            ch.id.map_or("the Spy", crate::tiles::char_name)
        )),
    }
}

/// Writes the legal actions (or chance outcomes) into `out`.
pub fn legal(state: &State, config: &Config, out: &mut Vec<Action>) {
    out.clear();
    if state.outcome.is_some() {
        return;
    }
    match state.phase {
        Phase::Starter => out.extend([Action::Starter(Team::Villains), Action::Starter(Team::Spies)]),
        Phase::Roll => out.extend(rolls().map(|(r, _)| Action::Roll(r))),
        Phase::Characters => {
            for c in 0..8u8 {
                let a = Action::Character(CharId(c));
                if check(state, config, a).is_ok() {
                    out.push(a);
                }
            }
        }
        Phase::Map => {
            let candidates = crate::map::Edge::ALL
                .into_iter()
                .map(Action::Wall)
                .chain(Room::ALL.into_iter().map(Action::Machine))
                .chain(Room::ALL.into_iter().map(Action::Generator));
            for a in candidates {
                if check_placement(state, a).is_ok() {
                    out.push(a);
                }
            }
        }
        Phase::Starts => {
            for room in Room::ALL {
                if check(state, config, Action::Start(room)).is_ok() {
                    out.push(Action::Start(room));
                }
            }
        }
        Phase::Plan => plan::legal_steps(state, usize::from(state.slot), config.intro, out),
        Phase::Execute => legal_execute(state, config, out),
        Phase::Over => {}
    }
}

fn legal_execute(state: &State, config: &Config, out: &mut Vec<Action>) {
    if let Some(i) = state.markers.iter().position(|&m| m > 0) {
        let slot = 2 + i;
        let mut cands = vec![Action::UnlockSwagger, Action::UnlockTier(None), Action::UnlockNone];
        if let Some(id) = state.ch(slot).id {
            cands.extend(table().characters[id.0 as usize].1.iter().map(|&t| Action::UnlockTier(Some(t))));
        }
        for a in cands {
            if check_unlock(state, config, slot, a).is_ok() {
                out.push(a);
            }
        }
        return;
    }
    match state.pending {
        Pending::First(team) => {
            let base = if team == Team::Spies { 2 } else { 0 };
            for s in base..base + 2 {
                if let Some(c) = state.ch(s).id
                    && !state.removed[s]
                {
                    out.push(Action::First(c));
                }
            }
        }
        Pending::Target(tile) => {
            let slot = acting(state).expect("a target waits for an acting character");
            targets(state, slot, tile, out);
        }
        Pending::Window => legal_windows(state, config, out),
        Pending::Anywhere => {
            let [v, b] =
                anywhere_due(state).map(|due| if due { Room::ALL.map(Some).to_vec() } else { vec![None] });
            for &rv in &v {
                for &rb in &b {
                    out.push(Action::Anywhere([rv, rb]));
                }
            }
        }
        Pending::Lazy | Pending::Spend | Pending::None => {}
    }
}

/// The 126 rolls with their probabilities (rules §Phase I), computed once.
pub fn rolls() -> impl Iterator<Item = ([u8; 4], f64)> {
    static ROLLS: std::sync::OnceLock<Vec<([u8; 4], f64)>> = std::sync::OnceLock::new();
    ROLLS
        .get_or_init(|| {
            let mut all = Vec::with_capacity(126);
            for a in 1..=6u8 {
                for b in a..=6 {
                    for c in b..=6 {
                        for d in c..=6 {
                            let dice = [a, b, c, d];
                            let mut counts = [0u32; 7];
                            for v in dice {
                                counts[usize::from(v)] += 1;
                            }
                            let fact = |n: u32| (1..=n).product::<u32>().max(1);
                            let ways = 24 / counts.iter().map(|&k| fact(k)).product::<u32>();
                            all.push((dice, f64::from(ways) / 1296.0));
                        }
                    }
                }
            }
            all
        })
        .iter()
        .copied()
}

// ---------------------------------------------------------------------------------------
// Targets

/// The rooms a pattern target affects from `star`, aimed `dir`.
fn pattern_rooms(state: &State, pattern: u8, star: Room, dir: Dir, through: bool) -> Rooms {
    table().patterns[usize::from(pattern)].affected(star, dir, state.walls, through)
}

/// The room of a character on the map (a Villain always; a Spy standing).
fn room_of(state: &State, slot: usize) -> Option<Room> {
    state.ch(slot).loc.standing()
}

/// Writes the choices of the target of `tile` for the character in `slot` into `out`.
pub fn targets(state: &State, slot: usize, tile: TileId, out: &mut Vec<Action>) {
    let spec = table().tile(tile);
    let Some(room) = room_of(state, slot).or(match state.ch(slot).loc {
        Loc::Lying(r) => Some(r),
        _ => None,
    }) else {
        return;
    };
    match spec.target {
        Target::Pattern { pattern, rotate: true, through_walls } => {
            for dir in Dir::ALL {
                if !pattern_rooms(state, pattern, room, dir, through_walls).is_empty() {
                    out.push(Action::AimDir(dir));
                }
            }
        }
        Target::Area { any, kinds } => {
            for area in Area::SCAN {
                let kind = match area {
                    Area::Row(_) => 1,
                    Area::Col(_) => 2,
                    _ => 4,
                };
                if kinds & kind == 0 || (!any && !area.rooms().contains(room)) {
                    continue;
                }
                out.push(if spec.effect == Effect::Detect {
                    Action::Detect(area)
                } else {
                    Action::Scan(area)
                });
            }
        }
        Target::Line { max } => {
            for dir in Dir::ALL {
                let mut at = room;
                for _ in 0..max {
                    match state.walls.neighbour(at, dir) {
                        Some(next) => {
                            at = next;
                            out.push(Action::AimRoom(at));
                        }
                        None => break,
                    }
                }
            }
            out.sort_by_key(|a| a.index());
        }
        Target::Adjacent => {
            let rooms = state.walls.adjacent(room).with(room);
            out.extend(rooms.iter().map(Action::Build));
        }
        Target::Anywhere { plan_time: false } => out.extend(Room::ALL.into_iter().map(Action::Build)),
        _ if spec.effect == Effect::Parachute => {
            for half in Half::of(room) {
                out.push(Action::Land(Landing::Half(half)));
            }
            if state.secret(1).is_some_and(|t| t.may_be_in(room)) {
                out.push(Action::Land(Landing::Beacon));
            }
            out.sort_by_key(|a| a.index());
        }
        _ => {}
    }
    with_pickup(state, spec, room, out);
}

/// The rooms of the two tokens of a kind when both are on the map in different rooms: a
/// build then picks one of them up, the builder's choice (rules §Build: "If that device
/// token is already on the map, you can pick it up and place it again").
pub fn pickup_choice(state: &State, kind: DeviceKind) -> Option<[Room; 2]> {
    let mut rooms = kind.tokens().map(|t| state.devices.get(t).copied().flatten().map(|d| d.room));
    match (rooms.next()??, rooms.next()??, rooms.next()) {
        (a, b, None) if a != b => Some([a.min(b), a.max(b)]),
        _ => None,
    }
}

/// With [`pickup_choice`], each build target (the builder's own `room` for a plain Build)
/// becomes one per token picked up.
fn with_pickup(state: &State, spec: &TileSpec, room: Room, out: &mut Vec<Action>) {
    let Effect::Build(kind) = spec.effect else { return };
    let Some(from) = pickup_choice(state, kind) else { return };
    let rooms: Vec<Room> = if spec.target == Target::Own {
        vec![room]
    } else {
        out.iter().filter_map(|a| if let Action::Build(r) = a { Some(*r) } else { None }).collect()
    };
    out.clear();
    for room in rooms {
        out.extend(from.map(|from| Action::BuildFrom { room, from }));
    }
}

/// Whether a declared tile with a choice of target needs the player now.
fn needs_target(state: &State, spec: &TileSpec) -> bool {
    if let Effect::Build(kind) = spec.effect
        && pickup_choice(state, kind).is_some()
    {
        return true;
    }
    spec.effect == Effect::Parachute
        || matches!(
            spec.target,
            Target::Pattern { rotate: true, .. }
                | Target::Line { .. }
                | Target::Adjacent
                | Target::Anywhere { plan_time: false }
        )
        || matches!(spec.target, Target::Area { any: true, .. })
        || matches!(spec.target, Target::Area { any: false, kinds } if kinds.count_ones() > 1)
}

// ---------------------------------------------------------------------------------------
// Applying

/// Applies a legal action and plays on to the next decision.
pub fn apply(state: &mut State, config: &Config, action: Action) {
    match state.phase {
        Phase::Starter => {
            if let Action::Starter(team) = action {
                state.starter = Some(team);
                state.phase = Phase::Map;
            }
        }
        Phase::Map => {
            match action {
                Action::Wall(e) => state.walls = state.walls.with(e),
                Action::Machine(room) => state.machines.push(Piece { room, cubes: 4 }),
                Action::Generator(room) => state.generators.push(Piece { room, cubes: 0 }),
                _ => {}
            }
            let (nw, nm, ng) = MAP_PIECES;
            if state.walls.len() == nw && state.machines.len() == nm && state.generators.len() == ng {
                state.machines.sort_by_key(|p| p.room);
                state.generators.sort_by_key(|p| p.room);
                state.phase = Phase::Starts;
                state.slot = 0;
            }
        }
        Phase::Characters => {
            if let Action::Character(c) = action {
                let slot = usize::from(state.slot);
                state.ch_mut(slot).id = Some(c);
                state.slot += 1;
                if state.slot == 4 {
                    let ids = [0, 1, 2, 3].map(|s| state.ch(s).id.unwrap_or(CharId(0)));
                    state.revealed = true;
                    emit(state, Event::Characters(ids));
                    state.slot = 0;
                    state.phase = match config.map {
                        MapSetup::Default => Phase::Starts,
                        MapSetup::Variable => Phase::Starter,
                    };
                }
            }
        }
        Phase::Starts => {
            if let Action::Start(room) = action {
                let slot = usize::from(state.slot);
                state.ch_mut(slot).loc = Loc::On(room);
                state.slot += 1;
                if state.slot == 2 {
                    state.phase = Phase::Roll;
                    state.round = 1;
                }
            }
        }
        Phase::Roll => {
            if let Action::Roll(mut dice) = action {
                dice.sort_unstable();
                state.roll = dice;
                state.plan_time = crate::state::PlanTime::of(state);
                state.phase = Phase::Plan;
                state.slot = 0;
            }
        }
        Phase::Plan => {
            let slot = usize::from(state.slot);
            if apply_plan_step(state, slot, action, config.intro)
                && state.ch(slot).plan.steps() == crate::state::PLAN_STEPS
            {
                state.slot += 1;
                if state.slot == 4 {
                    start_execution(state);
                }
            }
        }
        Phase::Execute => apply_execute(state, config, action),
        Phase::Over => {}
    }
    advance(state, config);
}

/// Applies one plan step of `slot` with its effects (cubes, an unlock, a Parachute's
/// landing room); `false` if the step breaks a rule of its own.
pub fn apply_plan_step(state: &mut State, slot: usize, action: Action, intro: bool) -> bool {
    let Ok((new_plan, used, gain)) = plan::step_plan(state, slot, action, intro) else { return false };
    let team = team_index(slot_team(slot));
    state.sides[team].modify_used += used;
    if let Some(g) = gain {
        plan::apply_gain(state, slot, g);
        if let Action::DieUnlock { value, .. } = action {
            state.ch_mut(slot).unlock_spaces &= !(1 << (value - 1));
        }
    }
    if let Some(p) = new_plan.tiles[0]
        && p.tile == plan::PARACHUTE
        && state.ch(slot).loc == Loc::Off
    {
        state.ch_mut(slot).loc = Loc::Lying(p.room.expect("a Parachute has its room"));
    }
    state.ch_mut(slot).plan = new_plan;
    true
}

/// A deduction world's plan step taken without choosing it (the other team's `plan ?`):
/// the world chooses its tiles and dice when they are executed.
pub fn skip_plan_step(state: &mut State, config: &Config) {
    let slot = usize::from(state.slot);
    let plan = &mut state.ch_mut(slot).plan;
    plan.skipped += 1;
    if plan.steps() == crate::state::PLAN_STEPS {
        state.slot += 1;
        if state.slot == 4 {
            start_execution(state);
        }
    }
    advance(state, config);
}

fn start_execution(state: &mut State) {
    state.phase = Phase::Execute;
    state.stage = Stage::VillainsFirst;
    state.pending = Pending::First(Team::Villains);
}

fn apply_execute(state: &mut State, config: &Config, action: Action) {
    if let Some(i) = state.markers.iter().position(|&m| m > 0) {
        let slot = 2 + i;
        state.markers[i] -= 1;
        match action {
            Action::UnlockSwagger => state.ch_mut(slot).swagger += 1,
            Action::UnlockTier(keep) => {
                let tier = state.ch(slot).tier;
                if let Ok(g) = plan::unlock_gain(state, slot, tier, keep) {
                    plan::apply_gain(state, slot, g);
                }
            }
            _ => {}
        }
        return;
    }
    match (state.pending, action) {
        (Pending::First(team), Action::First(c)) => {
            let base = if team == Team::Spies { 2 } else { 0 };
            let first = if state.ch(base).id == Some(c) { base } else { base + 1 };
            let second = if first == base { base + 1 } else { base };
            state.order[base] = first as u8;
            state.order[base + 1] = second as u8;
            state.pending = Pending::None;
            state.stage = if team == Team::Spies { Stage::Spy(0) } else { Stage::Villain(0) };
            if team == Team::Spies {
                begin_spy(state);
            }
        }
        (Pending::Target(tile), target) => {
            let slot = acting(state).expect("a target waits for an acting character");
            state.pending = Pending::None;
            resolve(state, config, slot, tile, Some(target));
            finish_action(state, slot, true);
        }
        (Pending::Window, Action::Slide(schedule)) => {
            state.pending = Pending::None;
            state.window_due = false;
            let side = state.side_mut(Team::Spies);
            side.schedule = schedule;
            side.stretch = 0;
            side.slid = 0;
            if anywhere_window(config) {
                state.pending = Pending::Anywhere;
            }
        }
        (Pending::Anywhere, Action::Anywhere(rooms)) => {
            state.pending = Pending::None;
            state.sides[1].anywhere = rooms;
        }
        _ => {}
    }
}

/// After an action of `slot`: the space is done; a declared action of a Spy opens a window.
fn finish_action(state: &mut State, slot: usize, declared: bool) {
    let ch = state.ch_mut(slot);
    ch.plan.done += 1;
    if slot_team(slot) == Team::Spies && !state.removed[slot] {
        if declared {
            state.window_due = true;
        } else {
            state.sides[1].stretch += 1;
        }
    }
}

fn begin_spy(state: &mut State) {
    state.window_due = true;
    let side = state.side_mut(Team::Spies);
    side.anywhere = [None; 2];
    side.schedule = Schedule::NONE;
    side.stretch = 0;
    side.slid = 0;
}

/// Plays everything automatic until a decision, a chance node or the end.
pub fn advance(state: &mut State, config: &Config) {
    for _ in 0..10_000 {
        if state.outcome.is_some() {
            state.phase = Phase::Over;
            return;
        }
        if state.phase != Phase::Execute {
            return;
        }
        if state.markers.iter().any(|&m| m > 0) {
            if config.intro {
                auto_swagger(state);
                continue;
            }
            return;
        }
        if state.pending != Pending::None {
            return;
        }
        match state.stage {
            Stage::VillainsFirst => {
                state.pending = Pending::First(Team::Villains);
                return;
            }
            Stage::Villain(i) => {
                let slot = usize::from(state.order[usize::from(i)]);
                if !step_character(state, config, slot) {
                    state.stage = if i == 0 { Stage::Villain(1) } else { Stage::Virus };
                }
            }
            Stage::Virus => {
                fire_virus(state, config);
                state.stage = Stage::SpiesFirst;
            }
            Stage::SpiesFirst => {
                let able: Vec<usize> = (2..4).filter(|&s| !state.removed[s]).collect();
                match able[..] {
                    [_, _] => {
                        state.pending = Pending::First(Team::Spies);
                        return;
                    }
                    [one] => {
                        state.order[2] = one as u8;
                        state.order[3] = (5 - one) as u8;
                        state.stage = Stage::Spy(0);
                        begin_spy(state);
                    }
                    _ => state.stage = Stage::Trip,
                }
            }
            Stage::Spy(i) => {
                let slot = usize::from(state.order[2 + usize::from(i)]);
                if !step_spy(state, config, slot) {
                    // Slides left at the end of the plan happen now.
                    if i == 0 && !state.removed[usize::from(state.order[3])] {
                        state.stage = Stage::Spy(1);
                        begin_spy(state);
                    } else {
                        state.stage = Stage::Trip;
                    }
                }
            }
            Stage::Trip => {
                ask_trip_lasers(state);
                if state.aid.replay {
                    // A deduction world's plans were chosen as they ran, their dice left
                    // open: the aid settles what they spent before the cubes leave the
                    // game ([`end_round`]).
                    state.pending = Pending::Spend;
                    return;
                }
                clean_up(state, config);
                return;
            }
        }
    }
}

fn auto_swagger(state: &mut State) {
    let max = crate::data::data().board.swagger_spaces;
    for i in 0..2 {
        while state.markers[i] > 0 {
            state.markers[i] -= 1;
            let ch = state.ch_mut(2 + i);
            if ch.swagger < max {
                ch.swagger += 1;
            }
        }
    }
}

/// One step of a Spy's execution: a window, the slides due, or its next action. `false`
/// when the Spy is done.
fn step_spy(state: &mut State, config: &Config, slot: usize) -> bool {
    if state.removed[slot] {
        return false;
    }
    if state.window_due {
        if state.slide > 0 {
            state.pending = Pending::Window;
            return true;
        }
        state.window_due = false;
        let side = state.side_mut(Team::Spies);
        side.schedule = Schedule::NONE;
        side.stretch = 0;
        side.slid = 0;
        if anywhere_window(config) {
            state.pending = Pending::Anywhere;
            return true;
        }
    }
    do_slides(state, slot);
    if state.removed[slot] || state.outcome.is_some() {
        return false;
    }
    step_character(state, config, slot)
}

/// The slides of the schedule due now (their gap is the stretch so far).
fn do_slides(state: &mut State, slot: usize) {
    loop {
        let side = state.side(Team::Spies);
        let Some((gap, dir)) = side.schedule.slides().nth(usize::from(side.slid)) else { return };
        if gap > side.stretch {
            return;
        }
        state.sides[1].slid += 1;
        if state.removed[slot] || state.outcome.is_some() {
            return;
        }
        let Some(from) = room_of(state, slot) else { return };
        if state.frozen.contains(from) {
            continue;
        }
        let Some(to) = state.walls.neighbour(from, dir) else { continue };
        state.sides[1].slide_spent += 1;
        move_spy(state, slot, to);
    }
}

/// Executes the next space of `slot`; `false` when its plan is done.
fn step_character(state: &mut State, config: &Config, slot: usize) -> bool {
    let plan = state.ch(slot).plan;
    let k = usize::from(plan.done);
    if state.removed[slot] {
        return false;
    }
    // A deduction world chooses its next tile (or its slides, or the plan's end) now.
    if plan.lazy && k >= usize::from(plan.tile_steps) {
        state.pending = Pending::Lazy;
        return true;
    }
    if k >= crate::state::SPACES {
        return false;
    }
    let Some(p) = plan.tiles[k] else { return false };
    let spec = *table().tile(p.tile);
    execute(state, config, slot, &spec, k);
    true
}

/// The direction paid by the die on space `k` (a move's, an Earpiece's, a Backflip's pair).
fn die_direction(plan: &Plan, k: usize) -> Option<Dir> {
    match plan.dice_on(k).next() {
        Some(v) => table().direction(v),
        // A deduction world's plan names the direction, not the die.
        None => match plan.want.get(k).copied().unwrap_or(0) {
            w @ 1..=4 => Some(Dir::ALL[usize::from(w) - 1]),
            _ => None,
        },
    }
}

/// Whether any part of the tile can be done now (else it is skipped, undeclared:
/// Interpretation 15).
fn possible(state: &State, slot: usize, spec: &TileSpec, k: usize) -> bool {
    let Some(room) = room_of(state, slot) else {
        return spec.effect == Effect::Parachute;
    };
    match spec.effect {
        Effect::Move { destroy_wall, through_walls, .. } => {
            let Some(dir) = die_direction(&state.ch(slot).plan, k) else { return false };
            if slot_team(slot) == Team::Spies && state.frozen.contains(room) {
                return false;
            }
            let through = through_walls || destroy_wall || plan::crosses_walls(state, slot);
            plan::step(state, room, dir, through).is_some()
        }
        Effect::Generator => state.generators.iter().any(|g| g.room == room && g.cubes < 2),
        Effect::Parachute => false,
        _ => {
            if let Target::Pattern { pattern, rotate, through_walls } = spec.target {
                let dirs: &[Dir] = if rotate { &Dir::ALL } else { &[Dir::Up] };
                return dirs
                    .iter()
                    .any(|&d| !pattern_rooms(state, pattern, room, d, through_walls).is_empty());
            }
            if let Target::Line { .. } = spec.target {
                return Dir::ALL.into_iter().any(|d| state.walls.neighbour(room, d).is_some());
            }
            true
        }
    }
}

fn say(state: &mut State, slot: usize, spec: &TileSpec) {
    let said = match spec.speech {
        Speech::Silent => return,
        Speech::Name => Said::Name(spec.id),
        Speech::Quote(q) => Said::Quote(q),
    };
    emit(state, Event::Said { slot: slot as u8, said });
}

/// Executes the tile on space `k` of `slot`: declare, target, resolve (rules §Executing
/// Actions).
fn execute(state: &mut State, config: &Config, slot: usize, spec: &TileSpec, k: usize) {
    let plan = state.ch(slot).plan;
    let planned = plan.tiles[k].expect("a tile on the space");
    if spec.effect == Effect::Parachute {
        // Stand up, then declare a half (the `land` decision).
        state.ch_mut(slot).plan.ran |= 1 << k;
        state.pending = Pending::Target(spec.id);
        return;
    }
    if !possible(state, slot, spec, k) {
        // Not executed: the cubes on its dice come back at Clean Up.
        finish_action(state, slot, false);
        return;
    }
    // Executed: the cubes on its dice are spent (Interpretation 22).
    state.ch_mut(slot).plan.ran |= 1 << k;
    let spy = slot_team(slot) == Team::Spies;
    match spec.effect {
        Effect::Move { steps, through_walls, destroy_wall, until_blocked } => {
            let dir = die_direction(&plan, k).expect("possible");
            say(state, slot, spec);
            let declared = spec.speech != Speech::Silent;
            let through = through_walls || plan::crosses_walls(state, slot);
            for i in 0..steps {
                if state.removed[slot] || state.outcome.is_some() {
                    break;
                }
                let Some(from) = room_of(state, slot) else { break };
                if i > 0 && spy && state.frozen.contains(from) {
                    break;
                }
                let Some(edge) = from.edge(dir) else { break };
                let to = from.step(dir).expect("an edge leads somewhere");
                if state.walls.contains(edge) {
                    if destroy_wall && i == 0 {
                        state.walls = state.walls.without(edge);
                        emit(state, Event::WallDown(edge));
                    } else if !through {
                        break;
                    }
                }
                relocate(state, slot, to);
                if !until_blocked && i + 1 >= steps {
                    break;
                }
            }
            finish_action(state, slot, declared);
        }
        Effect::MoveScan { steps, through_walls } => {
            let through = through_walls || plan::crosses_walls(state, slot);
            let mut smoky = false;
            if let Some(dir) = die_direction(&plan, k) {
                for _ in 0..steps {
                    if state.removed[slot] {
                        break;
                    }
                    let Some(from) = room_of(state, slot) else { break };
                    if state.frozen.contains(from) {
                        break;
                    }
                    let Some(to) = plan::step(state, from, dir, through) else { break };
                    smoky = state.smoke.contains(to);
                    move_spy(state, slot, to);
                }
            }
            if state.removed[slot] || state.outcome.is_some() {
                return;
            }
            if smoky {
                // A Spy moving into smoke does not declare "scan" (Smoke Bomb).
                finish_action(state, slot, false);
                return;
            }
            say(state, slot, spec);
            // The quote's tile, not this one: the tiles sharing the quote are told apart by
            // no seat of the other team (rules §Declare Action).
            let shown = match spec.speech {
                Speech::Quote(q) => q,
                _ => spec.id,
            };
            state.pending = Pending::Target(shown);
        }
        Effect::Earpiece => {
            let mate = if slot == 2 { 3 } else { 2 };
            if state.aid.probe.mate == Some(mate as u8) {
                // A deduction world whose team-mate's room is left open: the move is
                // recorded, to be made in every room the team-mate may be in.
                if let Some(dir) = die_direction(&plan, k) {
                    let entered_matters = [DeviceKind::TripLaser, DeviceKind::HoneyPot, DeviceKind::Tnt]
                        .into_iter()
                        .any(|kind| kind.tokens().any(|t| state.devices[t].is_some()));
                    let (frozen, walls) = (state.frozen, state.walls);
                    let probe = &mut state.aid.probe;
                    if entered_matters {
                        probe.read = true;
                    } else {
                        probe.record(crate::worlds::MateMove { dir, frozen, walls });
                    }
                }
            } else if let Some(dir) = die_direction(&plan, k)
                && let Some(from) = room_of(state, mate)
                && !state.frozen.contains(from)
                && let Some(to) = state.walls.neighbour(from, dir)
            {
                move_spy(state, mate, to);
            }
            finish_action(state, slot, false);
        }
        Effect::Build(kind) if matches!(spec.target, Target::Anywhere { plan_time: true }) => {
            // The room named at the window before it (a deduction world's lazy plan chose
            // it with the tile).
            let which = usize::from(kind == DeviceKind::Beacon);
            match planned.room.or(state.sides[1].anywhere[which]) {
                Some(room) => build(state, kind, room, None),
                // A deduction world leaves the room open: nothing reads it until a rule
                // looks for the device in a room (rules §The deduction aid, "Devices").
                None if state.aid.replay => state.sides[1].secret[which] = Some(Token::anywhere(state.round)),
                None => {
                    // A determinized copy whose window named nothing: not executed.
                    state.ch_mut(slot).plan.ran &= !(1 << k);
                }
            }
            finish_action(state, slot, spec.speech != Speech::Silent);
        }
        _ => {
            say(state, slot, spec);
            if needs_target(state, spec) {
                state.pending = Pending::Target(spec.id);
            } else {
                resolve(state, config, slot, spec.id, None);
                finish_action(state, slot, true);
            }
        }
    }
}

/// Moves a character (any team) to `to`; a Spy entering a room triggers the devices there.
fn relocate(state: &mut State, slot: usize, to: Room) {
    if slot_team(slot) == Team::Spies {
        move_spy(state, slot, to);
    } else {
        state.ch_mut(slot).loc = Loc::On(to);
    }
}

/// A standing Spy enters `to`: Honey Pots declare, Trip Lasers remember, TNT explodes.
pub(crate) fn move_spy(state: &mut State, slot: usize, to: Room) {
    state.ch_mut(slot).loc = Loc::On(to);
    enter(state, to);
}

fn enter(state: &mut State, room: Room) {
    let here = |state: &State, kind: DeviceKind| {
        kind.tokens().any(|t| state.devices[t].is_some_and(|d| d.room == room))
    };
    if here(state, DeviceKind::TripLaser) {
        state.sides[1].tripped = state.sides[1].tripped.with(room);
    }
    if here(state, DeviceKind::HoneyPot) {
        emit(state, Event::HoneyPot(room));
    }
    if here(state, DeviceKind::Tnt) {
        emit(state, Event::Tnt(room));
        for t in DeviceKind::Tnt.tokens() {
            if state.devices[t].is_some_and(|d| d.room == room) {
                state.devices[t] = None;
            }
        }
        let plus = pattern_by_name("plus");
        let rooms = table().patterns[plus].affected(room, Dir::Up, state.walls, true);
        emit(state, Event::Rooms(rooms));
        destroy_walls_between(state, rooms);
        attack(state, rooms);
    }
}

fn pattern_by_name(name: &str) -> usize {
    crate::data::data().patterns.keys().position(|k| k == name).expect("the data file names the pattern")
}

fn destroy_walls_between(state: &mut State, rooms: Rooms) {
    for edge in Edge::ALL {
        let (a, b) = edge.rooms();
        if state.walls.contains(edge) && rooms.contains(a) && rooms.contains(b) {
            state.walls = state.walls.without(edge);
            emit(state, Event::WallDown(edge));
        }
    }
}

/// Places a device of `kind` in `room`, moving the oldest token if all are on the map
/// (rules §Build, Interpretation 26).
fn build(state: &mut State, kind: DeviceKind, room: Room, from: Option<Room>) {
    // A secret token's build is not counted: the count is public (every public token
    // carries it), and the Virus and the Beacon are built undeclared.
    let secret = Token { room, stamp: 0, round: state.round, open: Rooms::EMPTY };
    match kind {
        DeviceKind::Virus => state.sides[1].secret[0] = Some(secret),
        DeviceKind::Beacon => state.sides[1].secret[1] = Some(secret),
        _ => {
            state.builds += 1;
            let token = Token { room, stamp: state.builds, round: state.round, open: Rooms::EMPTY };
            let tokens = kind.tokens();
            let slot = tokens
                .clone()
                .find(|&t| from.is_some_and(|f| state.devices[t].is_some_and(|d| d.room == f)))
                .or_else(|| tokens.clone().find(|&t| state.devices[t].is_none()))
                .or_else(|| tokens.min_by_key(|&t| state.devices[t].map_or(0, |d| d.stamp)))
                .expect("a kind has a token");
            state.devices[slot] = Some(token);
            emit(state, Event::Built { kind, room });
        }
    }
}

/// The rooms a declared tile targets, given the decision taken (if any).
fn target_rooms(state: &State, slot: usize, spec: &TileSpec, target: Option<Action>) -> Rooms {
    let Some(room) = room_of(state, slot) else { return Rooms::EMPTY };
    match (spec.target, target) {
        (Target::Own, _) => Rooms::one(room),
        (Target::Pattern { pattern, through_walls, .. }, Some(Action::AimDir(d))) => {
            pattern_rooms(state, pattern, room, d, through_walls)
        }
        (Target::Pattern { pattern, through_walls, .. }, _) => {
            pattern_rooms(state, pattern, room, Dir::Up, through_walls)
        }
        (Target::Area { .. }, Some(Action::Scan(a) | Action::Detect(a))) => a.rooms(),
        (Target::Area { kinds, .. }, None) => {
            let area = Area::containing(room)
                .into_iter()
                .find(|a| {
                    let k = match a {
                        Area::Row(_) => 1,
                        Area::Col(_) => 2,
                        _ => 4,
                    };
                    kinds & k != 0
                })
                .unwrap_or(Area::Row(room.row()));
            area.rooms()
        }
        (Target::Line { .. }, Some(Action::AimRoom(r))) => Rooms::one(r),
        (_, Some(Action::Build(r))) => Rooms::one(r),
        _ => Rooms::one(room),
    }
}

/// Resolves a declared tile once its target is known.
fn resolve(state: &mut State, config: &Config, slot: usize, tile: TileId, target: Option<Action>) {
    let spec = *table().tile(tile);
    if spec.effect == Effect::Parachute {
        let Loc::Lying(room) = state.ch(slot).loc else { return };
        if target == Some(Action::Land(Landing::Beacon)) {
            state.sides[1].secret[1] = None;
        }
        emit(state, Event::Landed(slot as u8));
        move_spy(state, slot, room);
        return;
    }
    let rooms = target_rooms(state, slot, &spec, target);
    let Some(room) = room_of(state, slot) else { return };
    match spec.effect {
        Effect::MoveScan { .. } | Effect::Scan => {
            if let Some(Action::Scan(area)) = target {
                scan(state, config, area.rooms());
            } else {
                scan(state, config, rooms);
            }
        }
        Effect::Hack { times } => {
            emit(state, Event::Rooms(rooms));
            for r in rooms.iter() {
                for _ in 0..times {
                    hack(state, r);
                }
            }
        }
        Effect::HackThenMove => {
            emit(state, Event::Rooms(Rooms::one(room)));
            hack(state, room);
            let plan = state.ch(slot).plan;
            if state.outcome.is_none()
                && let Some(dir) = die_direction(&plan, usize::from(plan.done))
                && !state.frozen.contains(room)
                && let Some(to) = plan::step(state, room, dir, false)
            {
                move_spy(state, slot, to);
            }
        }
        Effect::Build(kind) => match target {
            Some(Action::Build(r)) => build(state, kind, r, None),
            Some(Action::BuildFrom { room: r, from }) => build(state, kind, r, Some(from)),
            _ => build(state, kind, room, None),
        },
        Effect::Reveal => {
            emit(state, Event::Rooms(rooms));
            reveal(state, rooms);
        }
        Effect::Attack => {
            emit(state, Event::Rooms(rooms));
            attack(state, rooms);
        }
        Effect::Detect => {
            touch(state, 2);
            let area = match target {
                Some(Action::Detect(a)) => a.rooms(),
                _ => rooms,
            };
            let holo = hologram_rooms(state);
            let n = (2..4)
                .filter(|&s| room_of(state, s).is_some_and(|r| area.contains(r) && !holo.contains(r)))
                .count();
            emit(state, Event::Count(n as u8));
        }
        Effect::Generator => {
            emit(state, Event::Powered(room));
            if let Some(g) = state.generators.iter_mut().find(|g| g.room == room && g.cubes < 2) {
                g.cubes += 1;
            }
        }
        Effect::Flashbang { unlocks, dice_penalty } => {
            touch(state, 0);
            emit(state, Event::Rooms(rooms));
            let mut hit = false;
            for v in 0..2 {
                if let Some(r) = room_of(state, v)
                    && rooms.contains(r)
                {
                    emit(state, Event::Villain { slot: v as u8, room: Some(r) });
                    state.penalty[v][1] += dice_penalty;
                    hit = true;
                }
            }
            if hit {
                state.markers[slot - 2] += unlocks;
            }
        }
        Effect::Smoke => {
            emit(state, Event::Rooms(rooms));
            state.smoke = state.smoke.or(rooms);
        }
        Effect::Freeze => {
            emit(state, Event::Rooms(rooms));
            state.frozen = state.frozen.or(rooms);
        }
        Effect::Shockwave => {
            touch(state, 2);
            emit(state, Event::Rooms(rooms));
            for s in 2..4 {
                let Some(r) = room_of(state, s) else { continue };
                if !rooms.contains(r) {
                    continue;
                }
                let Some(dir) = Dir::ALL.into_iter().find(|&d| room.step(d) == Some(r)) else { continue };
                if let Some(to) = state.walls.neighbour(r, dir) {
                    move_spy(state, s, to);
                }
            }
        }
        _ => {}
    }
}

fn hologram_rooms(state: &State) -> Rooms {
    DeviceKind::Hologram.tokens().filter_map(|t| state.devices[t].map(|d| d.room)).collect()
}

/// A scan of `rooms` (rules §Scan): Villains and (Eagle Eye) their devices are named;
/// Villains not yet scanned this round give both Spies a marker.
fn scan(state: &mut State, config: &Config, rooms: Rooms) {
    touch(state, 0);
    let eagle = (2..4).any(|s| plan::has_passive(state, s, |e| e == Effect::EagleEye)) && !config.intro;
    for v in 0..2 {
        let Some(r) = room_of(state, v) else { continue };
        if !rooms.contains(r) {
            continue;
        }
        let camo = !config.intro && plan::has_passive(state, v, |e| e == Effect::Camouflage);
        emit(state, Event::Villain { slot: v as u8, room: if camo { None } else { Some(r) } });
        if !state.scanned[v] {
            state.scanned[v] = true;
            state.markers[0] += 1;
            state.markers[1] += 1;
        }
    }
    if eagle {
        for t in 0..4 {
            if let Some(d) = state.devices[t]
                && rooms.contains(d.room)
            {
                emit(state, Event::VillainDevice { kind: DeviceKind::of_token(t), room: d.room });
            }
        }
    }
}

/// One hack of `room` (rules §Hack).
fn hack(state: &mut State, room: Room) {
    if state.outcome.is_some() {
        return;
    }
    for t in 0..4 {
        if state.devices[t].is_some_and(|d| d.room == room) {
            emit(state, Event::VillainDevice { kind: DeviceKind::of_token(t), room });
            state.devices[t] = None;
        }
    }
    if let Some(g) = state.generators.iter_mut().find(|g| g.room == room) {
        g.cubes = g.cubes.saturating_sub(1);
    }
    if let Some(i) = state.machines.iter().position(|m| m.room == room && m.cubes > 0) {
        state.machines[i].cubes -= 1;
        if state.hack_track == 0 {
            win(state, Team::Spies);
        } else {
            state.hack_track -= 1;
            state.modify[0] += 1;
        }
    }
}

/// An attack on `rooms` (rules §Attack).
fn attack(state: &mut State, rooms: Rooms) {
    touch(state, 2);
    for room in rooms.iter() {
        if state.outcome.is_some() {
            return;
        }
        if let Some(t) =
            DeviceKind::Reflector.tokens().find(|&t| state.devices[t].is_some_and(|d| d.room == room))
        {
            state.devices[t] = None;
            emit(state, Event::Reflected(room));
            continue;
        }
        for s in 2..4 {
            if room_of(state, s) == Some(room) {
                emit(state, Event::Spy { slot: s as u8, room, hit: true });
                state.ch_mut(s).loc = Loc::Off;
                state.removed[s] = true;
                if state.hit_track == 0 {
                    win(state, Team::Villains);
                    return;
                }
                state.hit_track -= 1;
                state.modify[1] += 1;
                state.slide += 1;
            }
        }
        spy_devices(state, room, true);
    }
}

/// Spy devices in `room` are named (and returned when attacked).
fn spy_devices(state: &mut State, room: Room, remove: bool) {
    for t in 4..8 {
        if state.devices[t].is_some_and(|d| d.room == room) {
            emit(state, Event::SpyDevice { kind: DeviceKind::of_token(t), room });
            if remove {
                state.devices[t] = None;
            }
        }
    }
    for (i, kind) in [DeviceKind::Virus, DeviceKind::Beacon].into_iter().enumerate() {
        if let Some(t) = state.sides[1].secret[i]
            && !t.open.is_empty()
        {
            // A deduction world's device left open: the aid settled it in the room where
            // the other team heard of it before replaying, so it is in none of the others.
            state.sides[1].secret[i] = Some(t.not_in(room));
            continue;
        }
        if state.sides[1].secret[i].is_some_and(|d| d.room == room) {
            emit(state, Event::SpyDevice { kind, room });
            if remove {
                state.sides[1].secret[i] = None;
            }
        }
    }
}

/// A reveal of `rooms` (rules §Reveal, §Swagger).
fn reveal(state: &mut State, rooms: Rooms) {
    touch(state, 2);
    let holo = hologram_rooms(state);
    for s in 2..4 {
        let Some(r) = room_of(state, s) else { continue };
        if !rooms.contains(r) || holo.contains(r) {
            continue;
        }
        emit(state, Event::Spy { slot: s as u8, room: r, hit: false });
        let tough = plan::has_passive(state, s, |e| e == Effect::Tough);
        let ch = state.ch_mut(s);
        if !ch.lost_swagger && !tough {
            let lines = &crate::data::data().board.swagger_red_lines;
            let line = lines.iter().copied().filter(|&l| l < ch.swagger).max().unwrap_or(0);
            if line < ch.swagger {
                ch.swagger = line;
                ch.lost_swagger = true;
            }
        }
    }
    for r in rooms.iter() {
        spy_devices(state, r, false);
    }
}

fn fire_virus(state: &mut State, _config: &Config) {
    if let Some(t) = state.sides[1].secret[0]
        && t.round < state.round
    {
        state.sides[1].secret[0] = None;
        emit(state, Event::Virus(t.room));
        hack(state, t.room);
    }
}

fn ask_trip_lasers(state: &mut State) {
    let rooms: Rooms =
        DeviceKind::TripLaser.tokens().filter_map(|t| state.devices[t].map(|d| d.room)).collect();
    for room in rooms.iter() {
        let entered = state.sides[1].tripped.contains(room);
        emit(state, Event::Trip { room, entered });
    }
}

/// Phase IV (rules §Phase IV): tiles, dice and cubes go back; the round's effects end.
/// Ends the round of a deduction world waiting on [`Pending::Spend`], its spent cubes
/// settled (Clean Up).
pub fn end_round(state: &mut State, config: &Config) {
    state.pending = Pending::None;
    clean_up(state, config);
}

/// The modify cubes team `t`'s plans spend this round: those on unlock spaces and on the
/// dice of the actions executed (Interpretation 22).
pub fn round_spend(state: &State, t: usize) -> u8 {
    let mut spent = 0u8;
    for ch in &state.sides[t].chars {
        for (i, d) in ch.plan.dice.iter().enumerate() {
            let value = match *d {
                DieUse::On { space, value } if ch.plan.ran >> space & 1 == 1 => value,
                DieUse::Unlock { value } => value,
                _ => continue,
            };
            spent = spent.saturating_add(plan::cubes(state.roll[i], value));
        }
    }
    spent
}

fn clean_up(state: &mut State, config: &Config) {
    for t in 0..2 {
        let spent = round_spend(state, t);
        let side = &mut state.sides[t];
        side.modify_spent = side.modify_spent.saturating_add(spent);
        side.modify_used = 0;
    }
    for slot in 0..4 {
        let ch = state.ch_mut(slot);
        ch.plan = Plan::default();
        ch.lost_swagger = false;
        if let Loc::Lying(r) = ch.loc {
            ch.loc = Loc::On(r);
        }
    }
    // Spent modify and slide cubes stay spent: they leave the game (the publisher's FAQ).
    for side in &mut state.sides {
        side.anywhere = [None; 2];
        side.tripped = Rooms::EMPTY;
        side.schedule = Schedule::NONE;
        side.stretch = 0;
        side.slid = 0;
    }
    state.smoke = Rooms::EMPTY;
    state.frozen = Rooms::EMPTY;
    state.scanned = [false; 2];
    state.removed = [false; 4];
    for p in &mut state.penalty {
        *p = [p[1], 0];
    }
    state.window_due = false;
    state.pending = Pending::None;
    state.stage = Stage::VillainsFirst;
    state.order = [0, 1, 2, 3];
    if u32::from(state.round) >= config.round_limit {
        state.outcome = Some(Outcome::Draw);
        state.phase = Phase::Over;
    } else {
        state.round += 1;
        state.phase = Phase::Roll;
    }
}

// ---------------------------------------------------------------------------------------
// Slide windows

/// Whether the Spies' windows ask for Build Anywhere rooms: in the full game, where a Spy
/// may have unlocked the Virus or the Beacon (unseen), at every window, so that the
/// Villains learn nothing from when it is asked.
fn anywhere_window(config: &Config) -> bool {
    !config.intro
}

/// Whether the acting Spy's plan still holds its Virus and its Beacon on spaces not yet
/// executed: those a window must name a room for.
fn anywhere_due(state: &State) -> [bool; 2] {
    let Some(slot) = acting(state) else { return [false; 2] };
    let plan = state.ch(slot).plan;
    let ahead = |tile: TileId| {
        plan.tiles[usize::from(plan.done).min(crate::state::SPACES)..]
            .iter()
            .flatten()
            .any(|p| p.tile == tile)
    };
    [ahead(plan::VIRUS), ahead(plan::BEACON)]
}

/// Checks the rooms named at a window: one for each of the Virus and the Beacon still to
/// come in the acting Spy's plan, none for the others (Build Anywhere).
fn check_anywhere(state: &State, rooms: [Option<Room>; 2]) -> Result<(), String> {
    for (which, (due, named)) in anywhere_due(state).into_iter().zip(rooms).enumerate() {
        let name = if which == 0 { "virus" } else { "beacon" };
        match (due, named) {
            (true, None) => {
                return Err(format!(
                    "your {name} is still to come this round: name the room it is built in if it is executed before your next window, as `anywhere {name} b2` (Build Anywhere chooses its room when executed)"
                ));
            }
            (false, Some(_)) => {
                return Err(format!(
                    "there is no {name} still to come in this Spy's plan: leave it out of `anywhere`"
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

/// Checks a window's schedule by playing the stretch on a copy: each slide must be a legal
/// move when it comes, within the slide cubes left, after no more undeclared actions than
/// the stretch holds (rules §Slide, Interpretation 12).
pub fn check_window(state: &State, config: &Config, schedule: Schedule) -> Result<(), String> {
    let left = state.slide.saturating_sub(state.sides[1].slide_spent);
    if schedule.len > left {
        return Err(format!(
            "that is {} slides, and the Spies have {left} slide cubes left this round (rules §Slide)",
            schedule.len
        ));
    }
    if schedule.len == 0 {
        return Ok(());
    }
    let slot = acting(state).expect("a window belongs to an acting Spy");
    let mut copy = state.clone();
    copy.pending = Pending::None;
    copy.window_due = false;
    copy.log.clear();
    {
        let side = copy.side_mut(Team::Spies);
        side.schedule = Schedule::NONE;
        side.stretch = 0;
        side.slid = 0;
    }
    for (n, (gap, dir)) in schedule.slides().enumerate() {
        // Play undeclared actions until the stretch reaches the gap.
        while copy.sides[1].stretch < gap {
            if copy.removed[slot] || copy.outcome.is_some() {
                return Ok(());
            }
            let before = copy.ch(slot).plan.done;
            let next = copy.ch(slot).plan.tiles.get(usize::from(before)).copied().flatten();
            let Some(p) = next else {
                return Err(format!(
                    "slide {} waits for {gap} actions, and the stretch holds fewer before its end (rules §Slide)",
                    n + 1
                ));
            };
            let spec = *table().tile(p.tile);
            if !would_be_silent(&copy, slot, &spec, usize::from(before)) {
                return Err(format!(
                    "slide {} waits for {gap} actions, but an action the Villains hear comes first: slide in the window after it (rules §Slide)",
                    n + 1
                ));
            }
            execute(&mut copy, config, slot, &spec, usize::from(before));
            if copy.pending != Pending::None {
                return Err(format!("slide {} comes after a declared action (rules §Slide)", n + 1));
            }
        }
        if copy.removed[slot] || copy.outcome.is_some() {
            return Ok(());
        }
        let Some(from) = room_of(&copy, slot) else {
            return Err("only a Spy standing on the map may slide (rules §Slide)".into());
        };
        if copy.frozen.contains(from) {
            return Err(format!(
                "{from} is frozen: a Spy there cannot choose to move out (Freeze Ray, rules §Action Clarifications)"
            ));
        }
        let Some(to) = copy.walls.neighbour(from, dir) else {
            return Err(format!(
                "slide {} goes {dir} from {from} into a wall or the board edge (rules §Move)",
                n + 1
            ));
        };
        move_spy(&mut copy, slot, to);
    }
    Ok(())
}

/// Whether the tile on space `k` would execute without a declaration now.
fn would_be_silent(state: &State, slot: usize, spec: &TileSpec, k: usize) -> bool {
    if !possible(state, slot, spec, k) {
        return true;
    }
    match spec.effect {
        Effect::MoveScan { steps, through_walls } => {
            let Some(dir) = die_direction(&state.ch(slot).plan, k) else { return false };
            let Some(mut at) = room_of(state, slot) else { return false };
            if state.frozen.contains(at) {
                return false;
            }
            let through = through_walls || plan::crosses_walls(state, slot);
            let mut smoky = false;
            for _ in 0..steps {
                match plan::step(state, at, dir, through) {
                    Some(to) => {
                        smoky = state.smoke.contains(to);
                        at = to;
                    }
                    None => break,
                }
            }
            smoky
        }
        Effect::Build(_) if matches!(spec.target, Target::Anywhere { plan_time: true }) => {
            spec.speech == Speech::Silent
        }
        _ => spec.speech == Speech::Silent && spec.effect != Effect::Parachute,
    }
}

/// Every legal schedule of the window (rules §Slide).
fn legal_windows(state: &State, config: &Config, out: &mut Vec<Action>) {
    out.push(Action::Slide(Schedule::NONE));
    let left = state.slide.saturating_sub(state.sides[1].slide_spent).min(4);
    if left == 0 {
        return;
    }
    let mut slides: Vec<(u8, Dir)> = Vec::new();
    grow(state, config, left, &mut slides, out);
    out.sort_by_key(|a| a.index());
}

fn grow(state: &State, config: &Config, left: u8, slides: &mut Vec<(u8, Dir)>, out: &mut Vec<Action>) {
    if slides.len() as u8 >= left {
        return;
    }
    let min_gap = slides.last().map_or(0, |&(g, _)| g);
    for gap in min_gap..=crate::action::MAX_GAP {
        let mut any_gap_ok = false;
        for dir in Dir::ALL {
            slides.push((gap, dir));
            if let Some(s) = Schedule::new(slides)
                && check_window(state, config, s).is_ok()
            {
                any_gap_ok = true;
                out.push(Action::Slide(s));
                grow(state, config, left, slides, out);
            }
            slides.pop();
        }
        // A gap longer than the stretch fails for every direction, and so do longer ones.
        if !any_gap_ok && !stretch_has(state, config, gap) {
            break;
        }
    }
}

/// Whether the stretch holds at least `gap` undeclared actions.
fn stretch_has(state: &State, config: &Config, gap: u8) -> bool {
    let Some(slot) = acting(state) else { return false };
    let mut copy = state.clone();
    copy.pending = Pending::None;
    copy.log.clear();
    copy.sides[1].schedule = Schedule::NONE;
    copy.sides[1].stretch = 0;
    while copy.sides[1].stretch < gap {
        let k = copy.ch(slot).plan.done;
        let Some(p) = copy.ch(slot).plan.tiles.get(usize::from(k)).copied().flatten() else { return false };
        let spec = *table().tile(p.tile);
        if !would_be_silent(&copy, slot, &spec, usize::from(k)) || copy.removed[slot] {
            return false;
        }
        execute(&mut copy, config, slot, &spec, usize::from(k));
    }
    true
}
