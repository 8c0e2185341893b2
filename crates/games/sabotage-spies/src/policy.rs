//! The beginner's policy and the heuristic (rules §Bots): a move chosen from the seat's
//! view alone by a few plain habits, and a quick estimate of a state for search cutoffs.
//!
//! The Spies go where the Doomsday Machines are, hack them and move on, scan areas that
//! hold more than their own room, and leave the Generators alone; the Villains attack and
//! detect where the deduction aid says the Spies may be, stand by the Generators and run
//! them, and unlock tiles when a die allows.

use rand::Rng;

use crate::action::{Action, RoomTile};
use crate::data::Team;
use crate::map::{Room, Rooms};
use crate::state::{DieUse, Loc, Phase, State, team_index};
use crate::tiles::{Effect, table};
use crate::view::View;

/// The rooms the other team may be in, by the view's deduction aid (every room where no
/// aid is kept).
fn suspects(view: &View) -> Rooms {
    let d = &view.deduction;
    if d.worlds == 0 {
        return Rooms::ALL;
    }
    let mut rooms = d.rooms[0];
    for r in d.rooms[1].iter() {
        rooms = rooms.with(r);
    }
    rooms
}

/// The rooms holding a Doomsday Machine with cubes, or a Generator with cubes (Spies hack
/// both; Villains guard both).
fn targets(view: &View) -> Rooms {
    let mut rooms = Rooms::EMPTY;
    for p in view.machines.iter().chain(&view.generators) {
        if p.cubes > 0 {
            rooms = rooms.with(p.room);
        }
    }
    rooms
}

/// The acting or planning character of the view's team, and its room.
fn my_room(view: &View) -> Option<Room> {
    let slot = usize::from(view.slot);
    let c = view.own.chars.get(slot % 2)?;
    match c.loc {
        Loc::On(r) | Loc::Lying(r) => Some(r),
        Loc::Off => None,
    }
}

/// How much a beginner likes `action` (higher is better; ties are broken at random).
fn score(view: &View, action: Action) -> f64 {
    let spies = view.team == Team::Spies;
    let here = my_room(view);
    let goals = targets(view);
    let seen = suspects(view);
    let on_goal = here.is_some_and(|r| goals.contains(r));
    match action {
        Action::Tile(t) => {
            let spec = table().tile(t);
            match (spies, spec.effect) {
                (true, _) if spec.hacks() => {
                    if on_goal {
                        6.0
                    } else {
                        1.0
                    }
                }
                (true, Effect::Move { .. } | Effect::MoveScan { .. }) => 4.0,
                (true, Effect::Scan) => 2.5,
                (true, Effect::Generator) => 0.0,
                (false, Effect::Attack) => {
                    if seen.is_empty() {
                        1.5
                    } else {
                        5.0
                    }
                }
                (false, Effect::Generator) => 4.5,
                (false, Effect::Detect) => 3.0,
                (false, Effect::Move { .. } | Effect::MoveScan { .. }) => 3.5,
                (false, Effect::Reveal) => 1.0,
                _ => 2.0,
            }
        }
        Action::TileAt(kind, room) => match kind {
            RoomTile::Parachute => {
                if goals.contains(room) {
                    5.0
                } else {
                    3.0
                }
            }
            // Never legal: a Virus's or a Beacon's room is named at a window.
            RoomTile::Virus | RoomTile::Beacon => 0.0,
        },
        Action::Anywhere(rooms) => {
            rooms.into_iter().flatten().map(|r| if goals.contains(r) { 2.0 } else { 1.0 }).sum()
        }
        Action::TileNone => 0.1,
        Action::DieOn { .. } => 3.0,
        Action::DieUnlock { .. } => 3.5,
        Action::DieOff => 0.5,
        Action::AimRoom(room) | Action::Build(room) | Action::BuildFrom { room, .. } => {
            let mut s = 1.0;
            if !spies && seen.contains(room) {
                s += 4.0;
            }
            if goals.contains(room) {
                s += 1.0;
            }
            s
        }
        Action::Scan(area) | Action::Detect(area) => {
            let rooms = area.rooms();
            if spies {
                // Scan where the Villains may be, but not only around yourself.
                rooms.len() as f64
            } else {
                rooms.iter().filter(|&r| seen.contains(r)).count() as f64
            }
        }
        Action::Start(room) if goals.contains(room) => 3.0,
        Action::UnlockTier(_) => 2.0,
        Action::UnlockSwagger => 1.5,
        Action::UnlockNone => 0.0,
        _ => 1.0,
    }
}

/// A beginner's move among `legal` (never empty), from the seat's view.
pub fn beginner_move<R: Rng + ?Sized>(view: &View, legal: &[Action], rng: &mut R) -> Action {
    let mut best = legal[0];
    let mut best_score = f64::NEG_INFINITY;
    for &a in legal {
        // Random tie-breaks among equals, and a little noise so a plan is not always the same.
        let s = score(view, a) + rng.random::<f64>() * 0.5;
        if s > best_score {
            best_score = s;
            best = a;
        }
    }
    best
}

/// How good `state` is for team `team`, in the units of the returns (−1 to 1): the share
/// of the winning hacks done against the share of the winning hits, and a little for the
/// dice the team's plans will use.
pub fn heuristic(state: &State, team: Team, intro: bool) -> f64 {
    if let Some(crate::state::Outcome::Win(w)) = state.outcome {
        return if w == team { 1.0 } else { -1.0 };
    }
    if state.phase == Phase::Over {
        return 0.0;
    }
    let (hits0, hacks0) = crate::rules::tracks(intro);
    let (hits0, hacks0) = (f64::from(hits0), f64::from(hacks0));
    let hit = (hits0 - f64::from(state.hit_track)) / (hits0 + 1.0);
    let hack = (hacks0 - f64::from(state.hack_track)) / (hacks0 + 1.0);
    let machines: f64 = state.machines.iter().map(|m| f64::from(m.cubes)).sum();
    let drained = 1.0 - machines / (4.0 * state.machines.len().max(1) as f64);
    let spies = 0.6 * (hack - hit) + 0.2 * drained;
    let dice: f64 = state.sides[team_index(team)]
        .chars
        .iter()
        .map(|c| c.plan.dice.iter().filter(|d| matches!(d, DieUse::On { .. })).count() as f64)
        .sum::<f64>()
        / 8.0;
    let v = if team == Team::Spies { spies } else { -spies };
    (0.95 * v + 0.05 * dice).clamp(-0.99, 0.99)
}
