//! The log in words ([`tabula_core::Game::narrate`]): each step of play told from a
//! reader's views, from the action as the reader saw it (`plan ?` for the other team's
//! hidden steps) and the public events it added to the view's log (declarations, rooms
//! targeted, answers, hits, hacks), the same in every client.
//!
//! A line about a character is about its seat, and names the character in brackets after
//! the seat's name: `easy (Chantico) declares Stun Gun, aimed down: c2 c3`.

use tabula_core::{Said as Line, Turn};

use crate::Config;
use crate::action::{Action, Landing, TileId};
use crate::data::Team;
use crate::map::Dir;
use crate::state::{DieUse, Event, Hidden, Outcome, Said, State, slot_team};
use crate::tiles::{self, Speech, table};
use crate::view::{View, known_state};

/// A reader's view with what the helpers below need of it.
struct Table<'a> {
    view: &'a View,
    cfg: &'a Config,
    known: State,
}

impl<'a> Table<'a> {
    fn new(view: &'a View, cfg: &'a Config) -> Table<'a> {
        Table { view, cfg, known: known_state(view) }
    }

    fn known(&self) -> &State {
        &self.known
    }

    /// Whether slot `slot` is one of the reader's team's characters (a spectator has none).
    fn mine(&self, slot: usize) -> bool {
        !self.view.public && slot_team(slot) == self.view.team
    }

    /// What the reader's team knows of its character in `slot`.
    fn own(&self, slot: usize) -> Option<&Hidden> {
        self.mine(slot).then(|| &self.view.own.chars[slot % 2])
    }

    /// The name of the character in `slot`, or `Villain 1` while the reader does not know it.
    fn slot_name(&self, slot: usize) -> String {
        match self.view.characters.get(slot).copied().flatten() {
            Some(c) => tiles::char_name(c).to_owned(),
            None => slot_label(slot),
        }
    }

    fn seat_of_slot(&self, slot: usize) -> usize {
        self.cfg.seat_of_slot(slot).unwrap_or(0)
    }

    fn deciding(&self) -> Option<usize> {
        crate::rules::deciding_slot(&self.known)
    }

    fn acting(&self) -> Option<usize> {
        crate::rules::acting(&self.known)
    }
}

/// `Villain 1`, `Spy 2`: a slot before its character is known.
pub fn slot_label(slot: usize) -> String {
    match slot {
        0 | 1 => format!("Villain {}", slot + 1),
        _ => format!("Spy {}", slot - 1),
    }
}

/// A tile's printed name (`Move & Scan`).
pub fn tile_name(t: TileId) -> &'static str {
    tiles::printed(t)
}

/// An arrow for a direction.
pub fn arrow(dir: Dir) -> char {
    match dir {
        Dir::Up => '↑',
        Dir::Right => '→',
        Dir::Down => '↓',
        Dir::Left => '←',
    }
}

/// The dice on a space of a plan, as `2` or `3+4`.
pub fn dice_text(dice: &[u8]) -> String {
    dice.iter().map(u8::to_string).collect::<Vec<_>>().join("+")
}

/// How a declared tile is named to a reader: its name for the own team, what it said to
/// the other (Move & Scan, Wall Run and Glide all say "scan").
pub fn said_name(tile: TileId, own: bool) -> String {
    if own {
        return tile_name(tile).to_owned();
    }
    match table().tile(tile).speech {
        Speech::Quote(q) => format!("\"{}\"", table().quote(q)),
        _ => tile_name(tile).to_owned(),
    }
}

/// Hits the Villains have made and need, hacks the Spies have made and need, as a view
/// shows them.
pub fn track_counts(view: &View, cfg: &Config) -> ((u8, u8), (u8, u8)) {
    let hits_need = cfg.hits_to_win();
    let hacks_need = cfg.hacks_to_win();
    let hits = hits_need.saturating_sub(view.hit_track + 1);
    let hacks = hacks_need.saturating_sub(view.hack_track + 1);
    let won = |team| view.outcome == Some(Outcome::Win(team));
    let hits = if won(Team::Villains) { hits_need } else { hits };
    let hacks = if won(Team::Spies) { hacks_need } else { hacks };
    ((hits, hits_need), (hacks, hacks_need))
}

/// Writes lines for one step of play.
struct Teller<'a> {
    after: &'a Table<'a>,
    lines: Vec<Line>,
    heard: Vec<(usize, String)>,
}

impl Teller<'_> {
    /// The seat of slot `slot`.
    fn seat(&self, slot: usize) -> usize {
        self.after.seat_of_slot(slot)
    }

    /// A line about the character in `slot`: `(Chantico) {text}`.
    fn say(&mut self, slot: usize, text: String) {
        let who = self.after.slot_name(slot);
        self.lines.push(Line::by(self.seat(slot), format!("({who}) {text}")));
    }

    /// A line about the character in `slot` that every seat hears (a declaration, an
    /// answer): also remembered as what the other team knows of it.
    fn public(&mut self, slot: usize, text: String) {
        self.heard.push((slot, text.clone()));
        self.say(slot, text);
    }

    /// A line of the table's (nobody's).
    fn table(&mut self, text: String) {
        self.lines.push(Line::table(text));
    }

    /// Adds `text` to the last line (and to what was heard, if it was public).
    fn append(&mut self, text: &str) {
        if let Some(last) = self.lines.last_mut() {
            if let Some(h) = self.heard.last_mut()
                && last.text.ends_with(&h.1)
            {
                h.1.push_str(text);
            }
            last.text.push_str(text);
        }
    }

    fn team_seat(&self, team: Team) -> usize {
        self.after.cfg.team_seat(team)
    }
}

/// What one step of play tells: the log's lines, and the public facts about each
/// character (slot, words) that the other team heard.
#[derive(Debug, Clone, Default)]
pub struct Told {
    /// The log's lines.
    pub lines: Vec<Line>,
    /// Public facts about characters, by slot.
    pub heard: Vec<(usize, String)>,
}

/// What one action did, told from the views `before` and `after` around it (a seat's, or
/// the public's), `text` the action as that reader saw it (`plan ?` for the other team's
/// hidden steps).
pub fn tell(cfg: &Config, before: &View, after: &View, actor: Turn, text: &str) -> Told {
    let (before, after) = (&Table::new(before, cfg), &Table::new(after, cfg));
    let mut t = Teller { after, lines: Vec::new(), heard: Vec::new() };
    let slot = before.deciding();
    let events = after.view.log.get(before.view.log.len()..).unwrap_or(&[]);
    let mut skip_first_rooms = false;
    let mut skip_landed = None;
    match (Action::parse(text), slot) {
        (Ok(action), _) if matches!(action, Action::Roll(_)) => {
            if let Action::Roll(d) = action {
                t.table(format!(
                    "round {}: the dice show {}",
                    after.view.round,
                    d.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
                ));
            }
        }
        (Ok(Action::Starter(team)), _) => t.table(format!("the {team} place the first map piece")),
        (Ok(Action::Wall(e)), _) => {
            let team = crate::rules::placer(before.known());
            let seat = t.team_seat(team);
            t.lines.push(Line::by(seat, format!("places a wall on {e}")));
        }
        (Ok(Action::Machine(r)), _) | (Ok(Action::Generator(r)), _) => {
            let team = crate::rules::placer(before.known());
            let seat = t.team_seat(team);
            let what = if text.starts_with("machine") { "a Doomsday Machine" } else { "a Generator" };
            t.lines.push(Line::by(seat, format!("places {what} in {r}")));
        }
        (Ok(Action::Character(c)), Some(s)) => {
            let who = slot_label(s);
            t.lines.push(Line::by(t.seat(s), format!("({who}) is {}", tiles::char_name(c))));
        }
        (Ok(Action::Start(r)), Some(s)) => {
            t.say(s, format!("starts in {r}"));
        }
        (Ok(Action::First(c)), _) => {
            let team = table().team_of(c);
            let seat = t.team_seat(team);
            t.lines.push(Line::by(seat, format!("decides: {} executes first", tiles::char_name(c))));
        }
        (Ok(Action::AimDir(d)), Some(s)) => {
            let tile = pending(before);
            t.public(s, format!("{} {tile} {} {d}", "aims", arrow(d)));
            skip_first_rooms = append_rooms(&mut t, events);
        }
        (Ok(Action::AimRoom(r)), Some(s)) => {
            let tile = pending(before);
            t.public(s, format!("{} {tile} at {r}", "aims"));
            skip_first_rooms = matches!(events.first(), Some(Event::Rooms(_)));
        }
        (Ok(Action::Build(r)), Some(s)) => {
            let tile = pending(before);
            t.public(s, format!("{} {tile} in {r}", "builds"));
            skip_first_rooms = matches!(events.first(), Some(Event::Rooms(_)));
        }
        (Ok(Action::BuildFrom { room: r, from }), Some(s)) => {
            let tile = pending(before);
            t.public(s, format!("{} {tile} in {r}, picked up from {from}", "builds"));
            skip_first_rooms = matches!(events.first(), Some(Event::Rooms(_)));
        }
        (Ok(Action::Scan(a)), Some(s)) => {
            t.public(s, format!("{} {a}", "scans"));
            skip_first_rooms = matches!(events.first(), Some(Event::Rooms(_)));
            let found = events
                .iter()
                .take_while(|e| !matches!(e, Event::Said { .. }))
                .any(|e| matches!(e, Event::Villain { .. } | Event::VillainDevice { .. }));
            if !found {
                t.append(": nothing there");
            }
        }
        (Ok(Action::Detect(a)), Some(s)) => {
            t.public(s, format!("{} {a}", "detects"));
            skip_first_rooms = matches!(events.first(), Some(Event::Rooms(_)));
        }
        (Ok(Action::Land(l)), Some(s)) => {
            let said = match l {
                Landing::Half(h) => h.name(),
                Landing::Beacon => "beacon",
            };
            t.public(s, format!("lands, declaring \"{said}\""));
            skip_landed = Some(s);
        }
        (Ok(Action::UnlockSwagger), Some(s)) => {
            let sw = after.own(s).map_or(0, |h| h.swagger);
            t.say(s, format!("{} an unlock marker on Swagger (now {sw})", "puts"));
        }
        (Ok(Action::UnlockTier(keep)), Some(s)) => {
            let kept = keep.map_or_else(String::new, |k| format!(", keeping {}", tile_name(k)));
            t.say(s, format!("{} an unlock marker on the tiers{kept}", "puts"));
        }
        (Ok(Action::UnlockNone), Some(s)) => {
            t.say(s, "has nowhere to put an unlock marker".to_owned());
        }
        (Ok(Action::Anywhere(rooms)), Some(s)) => {
            let named: Vec<String> = ["Virus", "Beacon"]
                .into_iter()
                .zip(rooms)
                .filter_map(|(what, r)| r.map(|r| format!("a {what} in {r}")))
                .collect();
            if !named.is_empty() {
                t.say(s, format!("{} to build, unseen, {}", "chooses", named.join(" and ")));
            }
        }
        (Ok(Action::Slide(sched)), Some(s)) => {
            if sched.len > 0 {
                let dirs: Vec<String> = sched.slides().map(|(_, d)| format!("{} {d}", arrow(d))).collect();
                t.say(s, format!("{} unseen: {}", "slides", dirs.join(", ")));
            }
        }
        (Ok(_), Some(s)) if before.view.phase == crate::state::Phase::Plan => {
            plan_done(&mut t, before, after, s);
        }
        (Err(_), Some(s)) => match text {
            "plan ?" => plan_done(&mut t, before, after, s),
            "character ?" => {
                let who = slot_label(s);
                t.lines.push(Line::by(t.seat(s), format!("({who}) chooses a character in secret")));
            }
            "start ?" => t.say(s, format!("{} a starting room in secret", "chooses")),
            "unlock ?" => t.say(s, format!("{} an unlock marker, unseen", "places")),
            "slide ?" => t.say(s, "may slide, unseen".to_owned()),
            // Asked at every window of the full game: it tells nothing, so says nothing.
            "anywhere ?" => {}
            other => t.say(s, other.to_owned()),
        },
        _ => t.lines.push(Line { seat: actor.player(), text: text.to_owned() }),
    }
    tell_events(&mut t, before, events, skip_first_rooms, skip_landed);
    tell_tracks(&mut t, before, after);
    Told { lines: t.lines, heard: t.heard }
}

/// The name of the tile whose target was awaited.
fn pending(before: &Table) -> String {
    match (before.view.pending, before.acting()) {
        (crate::state::Pending::Target(tile), Some(s)) => said_name(tile, before.mine(s)),
        _ => String::new(),
    }
}

/// Appends the first event's rooms to the last line, if it is a list of rooms.
fn append_rooms(t: &mut Teller, events: &[Event]) -> bool {
    match events.first() {
        Some(Event::Rooms(r)) => {
            t.append(&format!(": {r}"));
            true
        }
        _ => false,
    }
}

/// Tells a character's plan once its nine steps are taken: in full for the own team, as
/// a secret for the other.
fn plan_done(t: &mut Teller, before: &Table, after: &Table, s: usize) {
    let done = |tb: &Table| tb.view.steps[s] >= crate::state::PLAN_STEPS;
    if done(before) || !done(after) {
        return;
    }
    let Some(h) = after.own(s) else {
        t.say(s, format!("{} in secret", "plans"));
        return;
    };
    let plan = h.plan;
    let mut parts = Vec::new();
    for (i, p) in plan.planned() {
        let dice: Vec<u8> = plan.dice_on(i).collect();
        let mut part = format!("{} {}", i + 1, tile_name(p.tile));
        if let Some(r) = p.room {
            part.push_str(&format!(" {r}"));
        }
        if !dice.is_empty() {
            part.push_str(&format!(" [{}]", dice_text(&dice)));
        }
        parts.push(part);
    }
    for d in plan.dice {
        if let DieUse::Unlock { value } = d {
            parts.push(format!("unlock [{value}]"));
        }
    }
    let what = if parts.is_empty() { "nothing".to_owned() } else { parts.join(" · ") };
    t.say(s, format!("{}: {what}", "plans"));
}

/// Tells the public events of the step.
fn tell_events(
    t: &mut Teller,
    before: &Table,
    events: &[Event],
    skip_rooms: bool,
    skip_landed: Option<usize>,
) {
    // The character whose declaration the following events answer.
    let mut speaker = before.acting();
    for (i, e) in events.iter().enumerate() {
        match *e {
            Event::Characters(cs) => {
                let names: Vec<&str> = cs.iter().map(|&c| tiles::char_name(c)).collect();
                t.table(format!(
                    "the characters are revealed: Villains {} and {}, Spies {} and {}",
                    names[0], names[1], names[2], names[3]
                ));
            }
            Event::Said { slot, said } => {
                let s = usize::from(slot);
                speaker = Some(s);
                let words = match said {
                    Said::Name(tile) => format!("{} {}", "declares", tile_name(tile)),
                    Said::Quote(q) => format!("{} \"{}\"", "says", table().quote(q)),
                };
                t.public(s, words);
                if let Some(Event::Rooms(r)) = events.get(i + 1) {
                    t.append(&format!(": {r}"));
                }
            }
            Event::Rooms(r) => {
                let previous_said = i > 0 && matches!(events[i - 1], Event::Said { .. });
                if (i == 0 && skip_rooms) || previous_said {
                    continue;
                }
                match speaker {
                    Some(s) => t.say(s, format!("targets {r}")),
                    None => t.table(format!("rooms {r}")),
                }
            }
            Event::Villain { slot, room } => {
                let s = usize::from(slot);
                match room {
                    Some(r) => t.public(s, format!("is found in {r}")),
                    None => t.public(s, "is found (camouflaged: no room)".to_owned()),
                }
            }
            Event::VillainDevice { kind, room } => {
                t.table(format!("a Villain {} in {room} is found", kind.name()))
            }
            Event::Spy { slot, room, hit } => {
                let s = usize::from(slot);
                if hit {
                    t.public(s, format!("is HIT in {room} and leaves the map"));
                } else {
                    t.public(s, format!("is revealed in {room}"));
                }
            }
            Event::SpyDevice { kind, room } => t.table(format!("a Spy {} in {room} is found", kind.name())),
            Event::Reflected(r) => t.table(format!("a Reflector in {r} turns the attack away")),
            Event::Count(n) => {
                let text = match n {
                    0 => ": no Spy there".to_owned(),
                    1 => ": 1 Spy there".to_owned(),
                    n => format!(": {n} Spies there"),
                };
                // The count answers the detection told just before.
                t.append(&text);
            }
            Event::WallDown(e) => t.table(format!("the wall {e} is destroyed")),
            Event::Built { kind, room } => {
                let previous_build = t.lines.last().is_some_and(|l| l.text.contains(&format!("in {room}")));
                if !previous_build {
                    t.table(format!("a {} is built in {room}", kind.name()));
                }
            }
            Event::HoneyPot(r) => t.table(format!("the Spies say \"honey pot\": a Spy entered {r}")),
            Event::Tnt(r) => t.table(format!("the Spies say \"TNT\": the TNT in {r} explodes")),
            Event::Trip { room, entered } => t.table(format!(
                "Trip Laser in {room}: {}",
                if entered { "yes, a Spy entered this round" } else { "no Spy entered this round" }
            )),
            Event::Virus(r) => t.table(format!("the Virus hacks {r}")),
            Event::Landed(slot) => {
                let s = usize::from(slot);
                if skip_landed != Some(s) {
                    t.public(s, "lands".to_owned());
                }
            }
            Event::Powered(r) => t.table(format!("the Generator in {r} gets a cube")),
            Event::Win(team) => {
                let seat = t.team_seat(team);
                t.table(format!("the {team} win ({{{seat}}})!"));
            }
        }
    }
}

/// Tells the tracks and machines that changed: a hack, a hit.
fn tell_tracks(t: &mut Teller, before: &Table, after: &Table) {
    let (b, a) = (&before.view, &after.view);
    for m in &a.machines {
        if let Some(old) = b.machines.iter().find(|x| x.room == m.room)
            && old.cubes > m.cubes
        {
            t.table(format!("the Doomsday Machine in {} is hacked: {} cubes left", m.room, m.cubes));
        }
    }
    for g in &a.generators {
        if let Some(old) = b.generators.iter().find(|x| x.room == g.room)
            && old.cubes > g.cubes
        {
            t.table(format!("the Generator in {} loses a cube ({} left)", g.room, g.cubes));
        }
    }
    let ((hits, hits_need), (hacks, hacks_need)) = track_counts(after.view, after.cfg);
    let ((hits0, _), (hacks0, _)) = track_counts(before.view, before.cfg);
    if hits > hits0 {
        t.table(format!("hits {hits} of {hits_need}; the Spies take a modify and a slide cube"));
    }
    if hacks > hacks0 {
        t.table(format!("hacks {hacks} of {hacks_need}; the Villains take a modify cube"));
    }
}
