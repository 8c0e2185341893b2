//! Positions (rules §The state, `set_state`): a state read from JSON is accepted only if it
//! breaks no rule the game keeps and the rules can play on from it.

use tabula_core::SetupError;

use crate::aid;
use crate::config::Config;
use crate::map::Layout;
use crate::rules::{self, MAP_PIECES};
use crate::state::{Loc, Phase, State};

/// Checks a position; every problem is named, one sentence each.
///
/// # Errors
/// Every rule the position breaks.
pub fn validate(state: State, config: &Config) -> Result<State, SetupError> {
    let mut problems: Vec<String> = Vec::new();
    let mut bad = |p: String| problems.push(p);
    let (nw, nm, ng) = MAP_PIECES;
    let setting_up = config.map == crate::config::MapSetup::Variable
        && matches!(state.phase, Phase::Characters | Phase::Starter | Phase::Map);
    if config.map == crate::config::MapSetup::Default {
        let d = Layout::default_map();
        let mut machines: Vec<_> = state.machines.iter().map(|p| p.room).collect();
        let mut generators: Vec<_> = state.generators.iter().map(|p| p.room).collect();
        machines.sort_unstable();
        generators.sort_unstable();
        let (mut dm, mut dg) = (d.machines.to_vec(), d.generators.to_vec());
        dm.sort_unstable();
        dg.sort_unstable();
        if machines != dm || generators != dg {
            bad("the default map's Doomsday Machines and Generators stand in its own rooms (option `map`)"
                .into());
        }
        if state.walls.bits() & !d.walls.bits() != 0 {
            bad("the default map has walls only where it starts with them (attacks may destroy some) (option `map`)".into());
        }
    }
    if state.machines.len() > nm || (!setting_up && state.machines.len() != nm) {
        bad(format!("the map has {nm} Doomsday Machines, not {}", state.machines.len()));
    }
    if state.generators.len() > ng || (!setting_up && state.generators.len() != ng) {
        bad(format!("the map has {ng} Generators, not {}", state.generators.len()));
    }
    if state.phase == Phase::Map && state.walls.len() > nw {
        bad(format!("a variable map has {nw} walls, not {}", state.walls.len()));
    }
    for m in &state.machines {
        if m.cubes > 4 {
            bad(format!("the Doomsday Machine in {} holds {} cubes; each starts with 4", m.room, m.cubes));
        }
    }
    for g in &state.generators {
        if g.cubes > 2 {
            bad(format!(
                "the Generator in {} holds {} cubes; 2 make it active and it takes no more",
                g.room, g.cubes
            ));
        }
    }
    let hits = config.hits_to_win();
    let hacks = config.hacks_to_win();
    if state.hit_track >= hits {
        bad(format!("the Hit track holds {} cubes; it starts with {}", state.hit_track, hits - 1));
    }
    if state.hack_track >= hacks {
        bad(format!("the Hack track holds {} cubes; it starts with {}", state.hack_track, hacks - 1));
    }
    let machine_cubes: usize = state.machines.iter().map(|m| usize::from(m.cubes)).sum();
    let hacked = hacks - 1 - state.hack_track.min(hacks - 1);
    if !setting_up && machine_cubes + usize::from(hacked) != 4 * nm {
        bad(format!(
            "the Doomsday Machines hold {machine_cubes} cubes and {hacked} were hacked: they must add up to {}",
            4 * nm
        ));
    }
    let slot_max = match state.phase {
        // Characters, Villains' rooms and plans are taken slot by slot, 0 to 3 (the Villains'
        // rooms 0 and 1 only); other phases leave the last slot there.
        Phase::Characters | Phase::Plan => 3,
        Phase::Starts => 1,
        _ => 4,
    };
    if state.slot > slot_max {
        bad(format!("`slot` is {}, but in this phase it is 0 to {slot_max}", state.slot));
    }
    let (mut villains, mut spies) = ([state.order[0], state.order[1]], [state.order[2], state.order[3]]);
    villains.sort_unstable();
    spies.sort_unstable();
    if villains != [0, 1] || spies != [2, 3] {
        bad(format!(
            "the execution order is {:?}: the Villains' slots 0 and 1, then the Spies' 2 and 3, each pair in the order its team chose (rules §Phase III)",
            state.order
        ));
    }
    if let crate::state::Stage::Villain(i) | crate::state::Stage::Spy(i) = state.stage
        && i > 1
    {
        bad(format!("the execution stage names character {i} of a team, which has 2 (0 and 1)"));
    }
    pieces(&state, setting_up, &mut bad);
    cubes(&state, config, &mut bad);
    characters(&state, config, &mut bad);
    plans(&state, &mut bad);
    if matches!(state.phase, Phase::Plan | Phase::Execute)
        && (state.roll.iter().any(|&d| !(1..=6).contains(&d)) || !state.roll.is_sorted())
    {
        bad(format!(
            "the roll is {:?}: four dice showing 1 to 6, in ascending order (rules §Phase I)",
            state.roll
        ));
    }
    for s in 2..4 {
        if state.phase == Phase::Plan && state.ch(s).loc == Loc::Off && usize::from(state.slot) > s {
            let first = state.ch(s).plan.tiles[0].map(|p| p.tile);
            if first != Some(crate::plan::PARACHUTE) {
                bad(format!(
                    "Spy slot {s} is off the map without a Parachute planned first (rules §Parachute)"
                ));
            }
        }
    }
    if state.sides[0].anywhere != [None, None] {
        bad("the Villains have no Build Anywhere rooms to name (the Virus and the Beacon are the Spies')"
            .into());
    }
    if config.intro
        && (state.pending == crate::state::Pending::Anywhere || state.sides[1].anywhere != [None, None])
    {
        bad("the intro game has no Virus nor Beacon: its windows name no Build Anywhere room".into());
    }
    for s in 0..4 {
        // (A determinized copy keeps the room its world chose for one already executed.)
        let plan = state.ch(s).plan;
        let ahead = plan.tiles.into_iter().skip(usize::from(plan.done)).flatten();
        if ahead
            .filter(|p| matches!(p.tile, crate::plan::VIRUS | crate::plan::BEACON))
            .any(|p| p.room.is_some())
        {
            bad(format!(
                "slot {s} planned a Virus or a Beacon with its room: Build Anywhere chooses its room when executed, at a window"
            ));
        }
    }
    if state.outcome.is_none() && state.phase == Phase::Over {
        bad("the game is over but has no result".into());
    }
    for (h, team) in [(0, "Villains"), (1, "Spies")].into_iter().filter(|_| state.aid.tracking) {
        if state.aid.worlds[h].is_empty() {
            bad(format!(
                "the deduction aid about the {team} holds no world: it must hold the sides the other team cannot rule out (rules §The deduction aid)"
            ));
        } else if state.aid.complete[h] && !aid::contains(&state, h) {
            bad(format!(
                "the {team}' side is not among the worlds of their deduction aid: the aid must hold every side the other team cannot rule out (rules §The deduction aid)"
            ));
        }
    }
    if !problems.is_empty() {
        return Err(SetupError { problems });
    }
    plan_completable(&state, config)?;
    if state.outcome.is_none() && !matches!(state.phase, Phase::Roll | Phase::Starter) {
        let mut legal = Vec::new();
        rules::legal(&state, config, &mut legal);
        if legal.is_empty() {
            return Err(SetupError::one(
                "the rules cannot play on from this position: the seat to act has no legal action",
            ));
        }
    }
    Ok(state)
}

/// The map's pieces: no Generator sharing or touching a Doomsday Machine's room without a
/// wall between them, no two pieces in one room, no room enclosed (rules §Variable Map Setup).
fn pieces(state: &State, setting_up: bool, bad: &mut impl FnMut(String)) {
    let rooms: Vec<_> = state.machines.iter().chain(&state.generators).map(|p| p.room).collect();
    for (i, a) in rooms.iter().enumerate() {
        if rooms[..i].contains(a) {
            bad(format!("two pieces (Doomsday Machines or Generators) share room {a}"));
        }
    }
    // Attacks may destroy the walls between them later: judged before the first round.
    for m in state.machines.iter().filter(|_| state.round == 0) {
        for g in &state.generators {
            if m.room != g.room && Layout::too_close(state.walls, m.room, g.room) {
                bad(format!(
                    "the Doomsday Machine in {} and the Generator in {} are adjacent without a wall between them (rules §Variable Map Setup)",
                    m.room, g.room
                ));
            }
        }
    }
    let enclosed = state.walls.enclosed();
    if !enclosed.is_empty() {
        bad(format!("room {enclosed} is surrounded by walls and the board edge (rules §Variable Map Setup)"));
    }
    if !setting_up && !state.walls.connected() {
        bad("the walls cut the map in two: every room must be reachable (rules, Interpretation 5)".into());
    }
}

/// The cubes: the teams hold what the tracks gave them (each team starts with 2 modify
/// cubes; each hack gives the Villains one, each hit the Spies a modify and a slide cube,
/// Interpretation 22), and no team places and spends more than it received.
fn cubes(state: &State, config: &Config, bad: &mut impl FnMut(String)) {
    let (hit_start, hack_start) = rules::tracks(config.intro);
    let hits = hit_start.saturating_sub(state.hit_track);
    let hacks = hack_start.saturating_sub(state.hack_track);
    let want = [2 + hacks, 2 + hits];
    for (t, team) in [(0, "Villains"), (1, "Spies")] {
        if state.modify[t] != want[t] {
            bad(format!(
                "the {team} hold {} modify cubes, but they start with 2 and gain one per {} ({} so far): {}",
                state.modify[t],
                if t == 0 { "Doomsday Machine hacked" } else { "Spy hit" },
                if t == 0 { hacks } else { hits },
                want[t]
            ));
        }
        let side = &state.sides[t];
        if u16::from(side.modify_used) + u16::from(side.modify_spent) > u16::from(state.modify[t]) {
            bad(format!(
                "the {team} placed {} modify cubes this round and spent {} before, but received {} (Interpretation 22)",
                side.modify_used, side.modify_spent, state.modify[t]
            ));
        }
    }
    if state.slide != hits {
        bad(format!(
            "the Spies hold {} slide cubes, but they gain one per Spy hit ({hits} so far) (rules §Slide)",
            state.slide
        ));
    }
    if state.sides[1].slide_spent > state.slide {
        bad(format!(
            "the Spies spent {} slide cubes but received {}",
            state.sides[1].slide_spent, state.slide
        ));
    }
    if state.sides[0].slide_spent > 0 {
        bad("the Villains have no slide cubes (rules §Slide)".into());
    }
}

/// The characters: each slot's character is of its team, no two alike; Swagger, tiers and
/// unlock spaces within the player board.
fn characters(state: &State, config: &Config, bad: &mut impl FnMut(String)) {
    let chosen = if state.phase == Phase::Characters { usize::from(state.slot).min(4) } else { 4 };
    let data = crate::data::data();
    for s in 0..4 {
        let ch = state.ch(s);
        let team = crate::state::slot_team(s);
        match ch.id {
            None if s < chosen => bad(format!("slot {s} has no character, but characters are chosen")),
            Some(_) if s >= chosen => {
                bad(format!("slot {s} has a character before its turn to choose one (rules §Setup)"))
            }
            Some(id) => match data.characters.get(usize::from(id.0)) {
                None => bad(format!("slot {s}'s character does not exist")),
                Some(c) if c.team != team => {
                    bad(format!("slot {s} is a {team:?} seat, but {} is a {:?} character", c.name, c.team))
                }
                Some(c) if (0..s).any(|o| state.ch(o).id == Some(id)) => {
                    bad(format!("{} is chosen twice: each character is played once", c.name))
                }
                Some(_) => {}
            },
            None => {}
        }
        if ch.swagger > 5 {
            bad(format!("slot {s} has {} Swagger markers; the track holds 5", ch.swagger));
        }
        if team == crate::data::Team::Villains && ch.swagger > 0 {
            bad(format!("slot {s} is a Villain: only Spies have Swagger"));
        }
        if ch.tier > 6 {
            bad(format!("slot {s} has {} markers on its action tiers; they hold 6", ch.tier));
        }
        if config.intro && ch.tier > 0 {
            bad(format!("slot {s} has tier markers, but the intro game has no advanced tiles"));
        }
        let spaces_allowed = if team == crate::data::Team::Villains && !config.intro { 0b11_1111 } else { 0 };
        if ch.unlock_spaces & !spaces_allowed != 0 {
            bad(format!(
                "slot {s}'s unlock spaces are {:#08b}: {}",
                ch.unlock_spaces,
                if spaces_allowed == 0 {
                    "only Villains of the full game have unlock markers on their board"
                } else {
                    "a Villain's board has six, one per die face"
                }
            ));
        }
        let markers_used = 6u8.saturating_sub(ch.unlock_spaces.count_ones() as u8);
        if team == crate::data::Team::Villains && !config.intro && markers_used != ch.tier {
            bad(format!(
                "slot {s} took {markers_used} unlock markers from its board but has {} on its tiers",
                ch.tier
            ));
        }
    }
}

/// The plans: what a round's planning can have made by now (rules §Phase II). Every plan has
/// nine steps (five tiles, four dice); the characters before the planner have made theirs,
/// the ones after it none; the planner's can still be completed.
fn plans(state: &State, bad: &mut impl FnMut(String)) {
    use crate::state::{DICE, DieUse, PLAN_STEPS, SPACES};
    for s in 0..4 {
        let p = state.ch(s).plan;
        // A deduction world's lazy plan waits for its tiles to be chosen as it runs: the
        // rules cannot play it. What else a determinized copy's completed plan keeps of its
        // world (steps counted as skipped, directions wanted, widened) the rules never read.
        if p.lazy {
            bad(format!("slot {s}'s plan is a deduction world's (lazy), never a game's"));
            continue;
        }
        if usize::from(p.tile_steps) > SPACES
            || usize::from(p.die_steps) > DICE
            || usize::from(p.done) > SPACES
            || p.skipped > PLAN_STEPS
        {
            bad(format!(
                "slot {s}'s plan has {} tile steps, {} die steps and {} spaces done: a plan has 5 spaces and 4 dice",
                p.tile_steps, p.die_steps, p.done
            ));
            continue;
        }
        if p.tiles[usize::from(p.tile_steps)..].iter().any(Option::is_some) {
            bad(format!("slot {s}'s plan has a tile on a space its steps have not reached"));
        }
        // Planning places the dice in the roll's order; once execution has begun, a plan
        // (a determinized copy's, completed as it ran) may hold them in any order.
        let (placed, unplaced) = p.dice.split_at(usize::from(p.die_steps));
        if state.phase == Phase::Plan
            && (placed.contains(&DieUse::Unplaced) || unplaced.iter().any(|d| *d != DieUse::Unplaced))
        {
            bad(format!("slot {s}'s plan places its first {} dice, and only those", p.die_steps));
        }
        for d in &p.dice {
            match *d {
                DieUse::On { space, value } => {
                    if usize::from(space) >= SPACES || !(1..=6).contains(&value) {
                        bad(format!("slot {s}'s plan has a die showing {value} on space {space}"));
                    } else if p.tiles[usize::from(space)].is_none() {
                        bad(format!("slot {s}'s plan has a die on space {space}, which holds no tile"));
                    }
                }
                DieUse::Unlock { value } if !(1..=6).contains(&value) => {
                    bad(format!("slot {s}'s plan has a die showing {value} on an unlock space"));
                }
                _ => {}
            }
        }
        let want = match state.phase {
            Phase::Plan if s < usize::from(state.slot) => Some(PLAN_STEPS),
            Phase::Plan if s > usize::from(state.slot) => Some(0),
            Phase::Plan => None,
            Phase::Execute | Phase::Over => None,
            _ => Some(0),
        };
        if let Some(w) = want
            && p.steps() != w
        {
            bad(format!("slot {s}'s plan has {} steps; in this phase it has {w}", p.steps()));
        }
        if state.phase == Phase::Execute && p.steps() != PLAN_STEPS {
            bad(format!(
                "slot {s}'s plan has {} steps; every plan has {PLAN_STEPS} when execution begins",
                p.steps()
            ));
        }
        if state.phase != Phase::Execute && state.phase != Phase::Over && p.done > 0 {
            bad(format!("slot {s}'s plan has spaces done outside execution"));
        }
    }
}

/// Whether the planner's plan can still be completed (rules §Phase II); judged once the
/// position breaks no other rule (the search reads the roll, the board and the cubes).
fn plan_completable(state: &State, config: &Config) -> Result<(), SetupError> {
    use crate::state::PLAN_STEPS;
    if state.phase == Phase::Plan && state.slot < 4 {
        let s = usize::from(state.slot);
        let p = state.ch(s).plan;
        if p.steps() < PLAN_STEPS
            && !crate::plan::completable(state, s, &p, config.intro, crate::plan::cubes_left(state, s))
        {
            return Err(SetupError::one(format!(
                "slot {s}'s plan cannot be completed: no dice and modify cubes left can pay its tiles (rules §Phase II)"
            )));
        }
    }
    Ok(())
}
