//! The moves offered to the person, read from the session's legal actions and grouped by
//! decision (the next action space's tile, the next die, a target, a slide window…), each
//! with what it does; what the move under the cursor will do in a few lines, and the rooms
//! it concerns (marked on the map); and the choosing of one by keys or number.
//!
//! Nothing here decides what is legal: every row is an action of `session.legal()`, in the
//! game's notation, and a typed line is handed to the rules as it is.

use crossterm::event::KeyEvent;
use tabula_sabotage_spies::action::{Action, Landing, RoomTile, Schedule, TileId};
use tabula_sabotage_spies::map::{Area, Half, Room, Rooms};
use tabula_sabotage_spies::plan;
use tabula_sabotage_spies::state::Pending;
use tabula_sabotage_spies::tiles::{self, Effect, Target, table};

use super::table::{
    Table, arrow, cost_of, cost_short, cost_words, face_direction, slot_label, speech_words, tile_name,
    tile_text,
};
use crate::play::picker::{self, GroupKeys, ListPicker};
use crate::play::screen::{Choice, Outcome};

/// The person's legal actions, read and grouped by decision.
pub type Offer = picker::Offer;

impl Offer {
    /// Reads the person's legal actions (`legal`, in notation) from their table.
    pub fn read(t: &Table, legal: &[String]) -> Offer {
        let mut offer = Offer::default();
        let slot = t.deciding();
        for text in legal {
            let Ok(action) = Action::parse(text) else { continue };
            if let Action::Slide(s) = action
                && s.len > 1
            {
                offer.unlisted += 1;
                continue;
            }
            let (title, label, effect) = words(t, slot, action);
            let choice = Choice { action: text.clone(), label, effect, key: None };
            offer.push(title, (), choice);
        }
        offer
    }
}

/// A move's group title, label and effect.
fn words(t: &Table, slot: Option<usize>, action: Action) -> (String, String, String) {
    let name = slot.map_or_else(String::new, |s| t.slot_name(s));
    let none = String::new;
    match action {
        Action::Character(c) => {
            let five = table().characters[usize::from(c.0)].1;
            (
                format!("{}: choose a character", slot.map_or_else(String::new, slot_label)),
                tiles::char_name(c).to_owned(),
                format!("tier 1: {}", tile_name(five[0])),
            )
        }
        Action::Wall(e) => ("Place a wall".to_owned(), format!("between {e}"), none()),
        Action::Machine(r) => ("Place a Doomsday Machine".to_owned(), format!("in {r}"), none()),
        Action::Generator(r) => ("Place a Generator".to_owned(), format!("in {r}"), none()),
        Action::Start(r) => (format!("{name}: starting room"), format!("start in {r}"), room_words(t, r)),
        Action::Tile(tile) => {
            let s = slot.and_then(|s| t.own(s)).map_or(0, |h| h.plan.tile_steps);
            let cost = slot.map_or(table().tile(tile).cost, |s| cost_of(t, s, tile));
            (
                format!("{name}: tile for space {}", s + 1),
                tile_name(tile).to_owned(),
                format!("{} · {}", cost_short(cost), speech_words(tile)),
            )
        }
        Action::TileAt(kind, room) => {
            let s = slot.and_then(|s| t.own(s)).map_or(0, |h| h.plan.tile_steps);
            let what = match kind {
                RoomTile::Parachute => format!("Parachute, land in {room}"),
                RoomTile::Virus => format!("Virus, built in {room}"),
                RoomTile::Beacon => format!("Beacon, built in {room}"),
            };
            let says = match kind {
                RoomTile::Parachute => {
                    let [a, b] = Half::of(room);
                    format!("says \"{}\" or \"{}\"", a.name(), b.name())
                }
                _ => speech_words(kind.tile()),
            };
            (format!("{name}: tile for space {}", s + 1), what, says)
        }
        Action::TileNone => {
            let s = slot.and_then(|s| t.own(s)).map_or(0, |h| h.plan.tile_steps);
            (
                format!("{name}: tile for space {}", s + 1),
                "no tile".to_owned(),
                "this space and the later ones stay empty".to_owned(),
            )
        }
        Action::DieOn { value, space } => {
            let (title, rolled) = die_title(t, slot);
            let tile = slot.and_then(|s| t.own(s)).and_then(|h| h.plan.tiles[usize::from(space - 1)]);
            let label = format!("show {value} on space {space}");
            let mut effect = Vec::new();
            if let Some(p) = tile {
                effect.push(tile_name(p.tile).to_owned());
            }
            if let (Some(p), Some(s)) = (tile, slot)
                && moves(p.tile)
            {
                effect.push(move_words(t, s, usize::from(space - 1), value));
            }
            let cubes = rolled.map_or(0, |r| plan::cubes(r, value));
            if cubes > 0 {
                effect.push(format!("+{cubes} cube{}", plural(cubes)));
            }
            (title, label, effect.join(" "))
        }
        Action::DieUnlock { value, keep } => {
            let (title, rolled) = die_title(t, slot);
            let cubes = rolled.map_or(0, |r| plan::cubes(r, value));
            let mut label = format!("unlock space {value}");
            if let Some(k) = keep {
                label.push_str(&format!(", keep {}", tile_name(k)));
            }
            let mut effect = vec!["marker to your tiers".to_owned()];
            if cubes > 0 {
                effect.push(format!("+{cubes} cube{}", plural(cubes)));
            }
            (title, label, effect.join(" "))
        }
        Action::DieOff => {
            let (title, _) = die_title(t, slot);
            (title, "leave it off".to_owned(), none())
        }
        Action::First(c) => {
            let team = table().team_of(c);
            (format!("The {team}: who executes first"), tiles::char_name(c).to_owned(), none())
        }
        Action::AimDir(d) => {
            let tile = pending_tile(t);
            let rooms = marks(t, action);
            (
                format!("{name}: aim {}", tile.map_or_else(String::new, |x| tile_name(x).to_owned())),
                format!("{} {d}", arrow(d)),
                rooms.to_string(),
            )
        }
        Action::AimRoom(r) => {
            let tile = pending_tile(t);
            (
                format!("{name}: target of {}", tile.map_or_else(String::new, |x| tile_name(x).to_owned())),
                format!("aim at {r}"),
                room_words(t, r),
            )
        }
        Action::Build(r) => {
            let tile = pending_tile(t);
            (
                format!("{name}: build {}", tile.map_or_else(String::new, |x| tile_name(x).to_owned())),
                format!("in {r}"),
                room_words(t, r),
            )
        }
        Action::BuildFrom { room: r, from } => {
            let tile = pending_tile(t);
            (
                format!("{name}: build {}", tile.map_or_else(String::new, |x| tile_name(x).to_owned())),
                format!("in {r}, from {from}"),
                format!("the token in {from} is picked up; {}", room_words(t, r)),
            )
        }
        Action::Scan(a) => (format!("{name}: scan an area"), format!("scan {a}"), a.rooms().to_string()),
        Action::Detect(a) => {
            (format!("{name}: Motion Detector area"), format!("detect {a}"), a.rooms().to_string())
        }
        Action::Land(l) => (
            format!("{name}: land, declaring"),
            match l {
                Landing::Half(h) => format!("\"{}\"", h.name()),
                Landing::Beacon => "\"beacon\"".to_owned(),
            },
            match l {
                Landing::Half(h) => Area::Half(h).rooms().to_string(),
                Landing::Beacon => "the Beacon goes back to you".to_owned(),
            },
        ),
        Action::UnlockSwagger => (
            format!("{name}: place an unlock marker"),
            "on the Swagger track".to_owned(),
            swagger_words(t, slot),
        ),
        Action::UnlockTier(keep) => (
            format!("{name}: place an unlock marker"),
            match keep {
                Some(k) => format!("on the tiers, keep {}", tile_name(k)),
                None => "on the tiers".to_owned(),
            },
            keep.map_or_else(String::new, |k| tile_text(k).to_owned()),
        ),
        Action::UnlockNone => (
            format!("{name}: place an unlock marker"),
            "nowhere (all full)".to_owned(),
            "it goes back".to_owned(),
        ),
        Action::Slide(s) => (
            format!("{name}: slide window ({} slide cube{} left)", slides_left(t), plural(slides_left(t))),
            slide_words(s),
            slide_effect(t, slot, s),
        ),
        Action::Anywhere(rooms) => (
            format!("{name}: Build Anywhere room, unseen (until your next window)"),
            anywhere_words(rooms),
            "unseen".to_owned(),
        ),
        Action::Roll(_) | Action::Starter(_) => ("Chance".to_owned(), action.to_string(), none()),
    }
}

/// `Virus in d3, Beacon in b2`, or that nothing is to be built.
fn anywhere_words(rooms: [Option<Room>; 2]) -> String {
    let named: Vec<String> = ["Virus", "Beacon"]
        .into_iter()
        .zip(rooms)
        .filter_map(|(what, r)| r.map(|r| format!("{what} in {r}")))
        .collect();
    if named.is_empty() { "nothing to build".to_owned() } else { named.join(", ") }
}

fn plural(n: u8) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn slides_left(t: &Table) -> u8 {
    t.view.slide.saturating_sub(t.view.own.slide_spent)
}

/// The next die's group title and rolled value.
fn die_title(t: &Table, slot: Option<usize>) -> (String, Option<u8>) {
    match slot.and_then(|s| t.next_die(s)) {
        Some((i, rolled)) => {
            let placed = slot.and_then(|s| t.own(s)).map_or(0, |h| h.plan.dice_placed());
            let limit = slot.map_or(0, |s| t.dice_limit(s));
            (
                format!(
                    "Die {} (rolled {rolled}): placed {placed} of {limit}, cubes {}",
                    i + 1,
                    t.cubes_left()
                ),
                Some(rolled),
            )
        }
        None => ("A die".to_owned(), None),
    }
}

/// Whether a tile's die gives its direction (a move, an Earpiece, a Backflip).
fn moves(tile: TileId) -> bool {
    let spec = table().tile(tile);
    spec.moves_self() || matches!(spec.effect, Effect::Earpiece | Effect::HackThenMove)
}

/// Where a die showing `value` on a move at space `space` takes the character.
fn move_words(t: &Table, slot: usize, space: usize, value: u8) -> String {
    let Some(dir) = face_direction(value) else { return "no direction".to_owned() };
    let tile = t.own(slot).and_then(|h| h.plan.tiles[space]).map(|p| p.tile);
    if tile.is_some_and(|x| table().tile(x).effect == Effect::Earpiece) {
        return format!("team-mate {} {dir}", arrow(dir));
    }
    let from = t.room_before(slot, space);
    let to = match (from, tile) {
        (Some(from), Some(x)) => plan::planned_move(t.known(), slot, table().tile(x), from, dir),
        _ => None,
    };
    match (from, to) {
        (Some(_), Some(to)) => format!("{} {to}", arrow(dir)),
        _ => format!("{} {dir}", arrow(dir)),
    }
}

/// What is in a room that matters: `Doomsday Machine (4)`, `Generator (1)`.
pub fn room_words(t: &Table, r: Room) -> String {
    let mut out = Vec::new();
    if let Some(m) = t.view.machines.iter().find(|m| m.room == r) {
        out.push(format!("Machine ({} cubes)", m.cubes));
    }
    if let Some(g) = t.view.generators.iter().find(|g| g.room == r) {
        out.push(format!("Generator ({} cubes)", g.cubes));
    }
    out.join(", ")
}

fn swagger_words(t: &Table, slot: Option<usize>) -> String {
    let sw = slot.and_then(|s| t.own(s)).map_or(0, |h| h.swagger);
    match sw + 1 {
        2 => "Swagger 2: place 3 dice".to_owned(),
        5 => "Swagger 5: place 4 dice".to_owned(),
        n => format!("Swagger {n}"),
    }
}

/// A slide schedule in words: `no slide`, `slide up`, `after 1 action, slide left`.
pub fn slide_words(s: Schedule) -> String {
    if s.len == 0 {
        return "no slide".to_owned();
    }
    let parts: Vec<String> = s
        .slides()
        .map(|(gap, dir)| match gap {
            0 => format!("slide {dir} {}", arrow(dir)),
            g => format!(
                "after {g} unseen action{}, slide {dir} {}",
                if g == 1 { "" } else { "s" },
                arrow(dir)
            ),
        })
        .collect();
    parts.join(", then ")
}

fn slide_effect(t: &Table, slot: Option<usize>, s: Schedule) -> String {
    if s.len == 0 {
        return "keep your slide cubes".to_owned();
    }
    let first = s.slides().next();
    match (slot.and_then(|x| t.own(x)).and_then(|h| h.loc.standing()), first) {
        (Some(from), Some((0, dir))) => match t.view.walls.neighbour(from, dir) {
            Some(to) => format!("{from} → {to}, unseen"),
            None => "blocked".to_owned(),
        },
        _ => "unseen".to_owned(),
    }
}

/// The tile whose target is awaited, if any.
fn pending_tile(t: &Table) -> Option<TileId> {
    match t.view.pending {
        Pending::Target(tile) => Some(tile),
        _ => None,
    }
}

/// The rooms a move concerns, marked on the map: a room chosen, the rooms an aim reaches,
/// a scanned area, the half a landing declares.
pub fn marks(t: &Table, action: Action) -> Rooms {
    let acting = t.acting().or(t.deciding());
    match action {
        Action::Start(r) | Action::Machine(r) | Action::Generator(r) => Rooms::one(r),
        Action::AimRoom(r) | Action::Build(r) => Rooms::one(r),
        Action::BuildFrom { room, from } => Rooms::one(room).with(from),
        Action::TileAt(_, r) => Rooms::one(r),
        Action::Anywhere(rooms) => rooms.into_iter().flatten().fold(Rooms::EMPTY, Rooms::with),
        Action::Wall(e) => {
            let (a, b) = e.rooms();
            Rooms::one(a).with(b)
        }
        Action::Scan(a) | Action::Detect(a) => a.rooms(),
        Action::Land(Landing::Half(h)) => Area::Half(h).rooms(),
        Action::AimDir(d) => {
            let (Some(tile), Some(slot)) = (pending_tile(t), acting) else { return Rooms::EMPTY };
            let Some(room) = t.room_of(slot) else { return Rooms::EMPTY };
            match table().tile(tile).target {
                Target::Pattern { pattern, through_walls, .. } => {
                    table().patterns[usize::from(pattern)].affected(room, d, t.view.walls, through_walls)
                }
                _ => Rooms::EMPTY,
            }
        }
        Action::DieOn { value, space } => {
            let Some(slot) = acting else { return Rooms::EMPTY };
            let s = usize::from(space - 1);
            let tile = t.own(slot).and_then(|h| h.plan.tiles[s]).map(|p| p.tile);
            match (tile, t.room_before(slot, s), face_direction(value)) {
                (Some(x), Some(from), Some(dir)) if table().tile(x).moves_self() => {
                    match plan::planned_move(t.known(), slot, table().tile(x), from, dir) {
                        Some(to) => Rooms::one(from).with(to),
                        None => Rooms::EMPTY,
                    }
                }
                _ => Rooms::EMPTY,
            }
        }
        Action::Slide(s) => {
            let Some(slot) = acting else { return Rooms::EMPTY };
            match (t.own(slot).and_then(|h| h.loc.standing()), s.slides().next()) {
                (Some(from), Some((0, dir))) => {
                    t.view.walls.neighbour(from, dir).map_or(Rooms::EMPTY, |to| Rooms::one(from).with(to))
                }
                _ => Rooms::EMPTY,
            }
        }
        _ => Rooms::EMPTY,
    }
}

/// What the move under the cursor will do, in a few sentences.
pub fn detail(t: &Table, action: Action) -> String {
    let slot = t.deciding();
    match action {
        Action::Tile(tile) => tile_detail(t, slot, tile),
        Action::TileAt(kind, _) => tile_detail(t, slot, kind.tile()),
        Action::TileNone => "Leave this space and every later one empty.".to_owned(),
        Action::DieOn { space, .. } => {
            let tile = slot.and_then(|s| t.own(s)).and_then(|h| h.plan.tiles[usize::from(space - 1)]);
            match tile {
                Some(p) => format!("{}: {}", tile_name(p.tile), tile_text(p.tile)),
                None => String::new(),
            }
        }
        Action::DieUnlock { value, keep } => {
            let mut s = format!(
                "The die goes on unlock space {value}; its marker moves to your tiers (tier 1, then 2, then 3) and a full tier unlocks a tile."
            );
            if let Some(k) = keep {
                s.push_str(&format!(" {}: {}", tile_name(k), tile_text(k)));
            }
            s
        }
        Action::DieOff => "This die is not placed this round.".to_owned(),
        Action::Character(c) => {
            let five = table().characters[usize::from(c.0)].1;
            let names: Vec<&str> = five.iter().map(|&x| tile_name(x)).collect();
            format!("{}'s tiles: {}.", tiles::char_name(c), names.join(", "))
        }
        Action::First(c) => format!("{} executes all its spaces first, then the other.", tiles::char_name(c)),
        Action::Slide(_) => "A slide moves your Spy one room without declaring it (one slide cube each, gone once used); `wait` lets the next unseen action happen first. Type longer schedules: slide up wait left.".to_owned(),
        Action::Anywhere(_) => "Build Anywhere chooses its room as it is executed: name it now for a Virus or a Beacon your Spy executes before its next window (at that window you may choose again). The Villains only learn that a window passed.".to_owned(),
        Action::UnlockSwagger => "Swagger 2 lets the Spy place 3 dice, Swagger 5 four; a reveal drops it to the red line (2 or 0).".to_owned(),
        Action::UnlockTier(Some(k)) => format!("{}: {}", tile_name(k), tile_text(k)),
        _ => {
            let rooms = marks(t, action);
            if rooms.is_empty() { String::new() } else { format!("Rooms: {rooms}.") }
        }
    }
}

/// A tile in a few sentences: what it does, its cost, what it says.
fn tile_detail(t: &Table, slot: Option<usize>, tile: TileId) -> String {
    let cost = slot.map_or(table().tile(tile).cost, |s| cost_of(t, s, tile));
    format!("{}: {} Costs {}; {}.", tile_name(tile), tile_text(tile), cost_words(cost), speech_words(tile))
}

// ---------------------------------------------------------------------------------------
// Choosing a move.

/// The keys between the list's groups: ← and →.
const GROUP_KEYS: GroupKeys = GroupKeys { tab: false, hint: ("←/→", "group") };

/// What the person is choosing: the shared list picker ([`ListPicker`]), started again on
/// the first row whenever the game moves on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Picker(pub ListPicker);

impl std::ops::Deref for Picker {
    type Target = ListPicker;
    fn deref(&self) -> &ListPicker {
        &self.0
    }
}

impl Picker {
    /// This choice as it stands after `steps` actions.
    pub fn synced(&self, steps: usize) -> Picker {
        Picker(self.0.synced(steps, || 0))
    }

    /// The selected move, if any.
    pub fn selected<'a>(&self, offer: &'a Offer) -> Option<&'a Choice> {
        offer.moves().get(self.0.row).copied()
    }

    /// Reacts to a key (the screen's common keys are [`Outcome::Ignored`]).
    pub fn on_key(&mut self, steps: usize, offer: &Offer, key: KeyEvent) -> Outcome {
        *self = self.synced(steps);
        self.0.on_key(offer, key, GROUP_KEYS)
    }

    /// Reads a typed line ([`ListPicker::on_line`]).
    pub fn on_line(&mut self, offer: &Offer, line: &str) -> Outcome {
        ListPicker::on_line(offer, line)
    }

    /// The keys that do something now.
    pub fn key_hints(&self, offer: &Offer) -> Vec<(&'static str, &'static str)> {
        self.0.key_hints(offer, GROUP_KEYS)
    }
}
