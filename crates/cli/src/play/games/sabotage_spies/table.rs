//! Sabotage (Fowers & Krause) in the terminal, apart from the drawing: the person's view
//! and the game's options (the [`Table`]), characters, tiles and costs in words, what the
//! game waits for, and the verdict.
//!
//! Everything here reads the person's seat's [`View`]: the other team's rooms, plans and
//! boards are not in it, and the history shows their hidden steps as `plan ?`, `slide ?`,
//! `unlock ?`, `character ?` and `start ?`.

use tabula_core::DynState;
use tabula_sabotage_spies::action::{CharId, TileId};
use tabula_sabotage_spies::data::{Cost, Team};
use tabula_sabotage_spies::map::{Dir, Room};
use tabula_sabotage_spies::plan;
use tabula_sabotage_spies::state::{
    Hidden, Loc, Outcome, Pending, Phase, Stage, State, other, slot_team, team_index,
};
use tabula_sabotage_spies::tiles::{self, Speech, table};
use tabula_sabotage_spies::{Config, SabotageSpies, View};

pub use tabula_sabotage_spies::narrate::{arrow, dice_text, said_name, slot_label, tile_name};

use crate::play::screen::erased;
use crate::play::session::Session;

/// The person's view of the game and the game's options: everything the screen draws from.
#[derive(Debug, Clone)]
pub struct Table {
    /// The person's view.
    pub view: View,
    /// The game's options (public).
    pub cfg: Config,
    /// A state holding only what the view shows (the other team's side empty), for the
    /// game's plan helpers (dice limit, where a plan leads).
    known: State,
}

impl Table {
    /// Seat `seat`'s table of a type-erased state, when the game is Sabotage (F&K).
    pub fn of_state(state: &dyn DynState, seat: usize) -> Option<Table> {
        let erased = erased::<SabotageSpies>(state)?;
        Some(Table::of_view(erased.concrete_view(seat), *erased.concrete_game().config()))
    }

    /// The person's table, when the session is a game of Sabotage (F&K).
    pub fn of(session: &Session) -> Option<Table> {
        Table::of_state(session.state(), session.human())
    }

    /// The table of a view.
    pub fn of_view(view: View, cfg: Config) -> Table {
        let known = tabula_sabotage_spies::view::known_state(&view);
        Table { view, cfg, known }
    }

    /// The person's team.
    pub fn team(&self) -> Team {
        self.view.team
    }

    /// The state holding only what the view shows.
    pub fn known(&self) -> &State {
        &self.known
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.view.phase == Phase::Over || self.view.outcome.is_some()
    }

    /// Whether slot `slot` (0–3) is one of the person's team's characters.
    pub fn mine(&self, slot: usize) -> bool {
        slot_team(slot) == self.view.team
    }

    /// What the person's team knows of its character in `slot` (one of its own).
    pub fn own(&self, slot: usize) -> Option<&Hidden> {
        self.mine(slot).then(|| &self.view.own.chars[slot % 2])
    }

    /// The team's own slots.
    pub fn own_slots(&self) -> [usize; 2] {
        let base = 2 * team_index(self.view.team);
        [base, base + 1]
    }

    /// The other team's slots.
    pub fn enemy_slots(&self) -> [usize; 2] {
        let base = 2 * team_index(other(self.view.team));
        [base, base + 1]
    }

    /// The character in slot `slot`, when the seat knows it.
    pub fn character(&self, slot: usize) -> Option<CharId> {
        self.view.characters.get(slot).copied().flatten()
    }

    /// The name of the character in `slot` (`Count V`), or `Villain 1` / `Spy 2` while
    /// the seat does not know it.
    pub fn slot_name(&self, slot: usize) -> String {
        match self.character(slot) {
            Some(c) => tiles::char_name(c).to_owned(),
            None => slot_label(slot),
        }
    }

    /// The seat playing slot `slot`.
    pub fn seat_of_slot(&self, slot: usize) -> usize {
        self.cfg.seat_of_slot(slot).unwrap_or(0)
    }

    /// The slot deciding now, if a player decides.
    pub fn deciding(&self) -> Option<usize> {
        tabula_sabotage_spies::rules::deciding_slot(&self.known)
    }

    /// The slot executing now, if a character executes.
    pub fn acting(&self) -> Option<usize> {
        tabula_sabotage_spies::rules::acting(&self.known)
    }

    /// An own character's room, standing or lying.
    pub fn room_of(&self, slot: usize) -> Option<Room> {
        match self.own(slot)?.loc {
            Loc::On(r) | Loc::Lying(r) => Some(r),
            Loc::Off => None,
        }
    }

    /// The dice an own character may place this round.
    pub fn dice_limit(&self, slot: usize) -> u8 {
        plan::dice_limit(&self.known, slot, self.cfg.intro)
    }

    /// The modify cubes the person's team has left to place this round (those received, less
    /// those spent in earlier rounds and those placed this round).
    pub fn cubes_left(&self) -> u8 {
        let t = team_index(self.view.team);
        let own = &self.view.own;
        self.view.modify[t].saturating_sub(own.modify_spent).saturating_sub(own.modify_used)
    }

    /// The value of the next die of an own character's plan (dice go in ascending order).
    pub fn next_die(&self, slot: usize) -> Option<(usize, u8)> {
        let plan = self.own(slot)?.plan;
        let i = usize::from(plan.die_steps);
        (i < 4).then(|| (i, self.view.roll[i]))
    }

    /// Where an own character's plan takes it before space `upto` (0-based), following
    /// the directions its dice show.
    pub fn room_before(&self, slot: usize, upto: usize) -> Option<Room> {
        let mut p = self.own(slot)?.plan;
        for s in 0..upto {
            let dir = p.dice_on(s).next().and_then(|v| table().direction(v));
            if let Some(d) = dir {
                p.want[s] = Dir::ALL.iter().position(|x| *x == d).map_or(0, |i| i as u8 + 1);
            }
        }
        match plan::walk(&self.known, slot, &p, upto)? {
            Loc::On(r) | Loc::Lying(r) => Some(r),
            Loc::Off => None,
        }
    }
}

/// The two-letter mark of a character on the map (`Ch`, `CV`), or the slot's (`V1`, `S2`).
pub fn short(table: &Table, slot: usize) -> String {
    match table.character(slot) {
        Some(c) => {
            let name = tiles::char_name(c);
            let mut words = name.split_whitespace();
            match (words.next(), words.next()) {
                (Some(a), Some(b)) => format!("{}{}", initial(a), initial(b)),
                _ => name.chars().take(2).collect(),
            }
        }
        None => match slot {
            0 | 1 => format!("V{}", slot + 1),
            _ => format!("S{}", slot - 1),
        },
    }
}

fn initial(word: &str) -> char {
    word.chars().next().unwrap_or('?')
}

// ---------------------------------------------------------------------------------------
// Tiles in words.

/// A tile's text from the data file: what it does.
pub fn tile_text(t: TileId) -> &'static str {
    tabula_sabotage_spies::data::data().tiles.get(usize::from(t.0)).map_or("", |t| t.text.as_str())
}

/// A dice cost in words: `a die 4–6`, `a pair`, `dice summing to 9`, `a direction die`.
pub fn cost_words(cost: Cost) -> String {
    match cost {
        Cost::Direction => "a direction die (1 up, 2 right, 3 down, 4 left)".to_owned(),
        Cost::Exact { value } => format!("a {value}"),
        Cost::Range { min, max } if min == max => format!("a {min}"),
        Cost::Range { min: 1, max: 6 } => "any die".to_owned(),
        Cost::Range { min, max } => format!("a die {min}–{max}"),
        Cost::Sum { value } => format!("dice summing to {value}"),
        Cost::Pair => "a pair".to_owned(),
        Cost::None => "no die".to_owned(),
    }
}

/// A short cost: `dir`, `4-6`, `Σ9`, `pair`, `free`.
pub fn cost_short(cost: Cost) -> String {
    match cost {
        Cost::Direction => "dir".to_owned(),
        Cost::Exact { value } => value.to_string(),
        Cost::Range { min, max } if min == max => min.to_string(),
        Cost::Range { min, max } => format!("{min}-{max}"),
        Cost::Sum { value } => format!("Σ{value}"),
        Cost::Pair => "pair".to_owned(),
        Cost::None => "free".to_owned(),
    }
}

/// What a tile says when executed: `silent`, `declared`, `says "scan"`.
pub fn speech_words(t: TileId) -> String {
    match table().tile(t).speech {
        Speech::Silent => "silent".to_owned(),
        Speech::Name => "declared".to_owned(),
        Speech::Quote(q) => format!("says \"{}\"", table().quote(q)),
    }
}

/// A tile's cost for an own character (Overclock changes the Hack's).
pub fn cost_of(table_: &Table, slot: usize, t: TileId) -> Cost {
    plan::cost_of(table_.known(), slot, table().tile(t))
}

/// The direction a die face pays for, in words: `up`, or `no direction`.
pub fn face_direction(face: u8) -> Option<Dir> {
    table().direction(face)
}

// ---------------------------------------------------------------------------------------
// What the game waits for.

/// `you`, `easy`: a seat's name.
fn seat_name(names: &[String], seat: usize) -> String {
    names.get(seat).cloned().unwrap_or_else(|| format!("seat {seat}"))
}

/// What the game waits for, in words, with who.
pub fn waiting_words(t: &Table, names: &[String]) -> String {
    let v = &t.view;
    let who = |slot: usize| format!("{} ({})", t.slot_name(slot), seat_name(names, t.seat_of_slot(slot)));
    match v.phase {
        Phase::Over => ending_words(t),
        Phase::Characters => {
            let slot = usize::from(v.slot);
            if t.mine(slot) {
                format!("{} chooses a character", who(slot))
            } else {
                format!("{} chooses a character in secret", who(slot))
            }
        }
        Phase::Starter => "chance picks the team that places first".to_owned(),
        Phase::Map => {
            let team = tabula_sabotage_spies::rules::placer(&t.known);
            format!("the {team} place a wall, a Doomsday Machine or a Generator")
        }
        Phase::Starts => {
            let slot = usize::from(v.slot);
            if t.mine(slot) {
                format!("{} chooses a starting room (no Generator)", who(slot))
            } else {
                format!("{} chooses a starting room in secret", who(slot))
            }
        }
        Phase::Roll => "the dice are rolled".to_owned(),
        Phase::Plan => {
            let slot = usize::from(v.slot);
            let step = v.steps[slot] + 1;
            if t.mine(slot) {
                format!("{} plans: step {step} of 9", who(slot))
            } else {
                format!("{} plans in secret: step {step} of 9", who(slot))
            }
        }
        Phase::Execute => {
            if let Some(i) = v.markers.iter().position(|&m| m > 0) {
                return format!("{} places an unlock marker", who(2 + i));
            }
            match v.pending {
                Pending::First(team) => format!("the {team} choose who executes first"),
                Pending::Target(tile) => match t.acting() {
                    Some(slot) => format!("{} targets {}", who(slot), said_name(tile, t.mine(slot))),
                    None => "a target is chosen".to_owned(),
                },
                Pending::Window => match t.acting() {
                    Some(slot) => format!("{}: slide window (may slide, unseen)", who(slot)),
                    None => "a slide window".to_owned(),
                },
                Pending::Anywhere => match t.acting() {
                    Some(slot) => format!("{}: window (may choose where to build, unseen)", who(slot)),
                    None => "a window".to_owned(),
                },
                _ => match v.stage {
                    Stage::Trip => "the Trip Lasers are asked".to_owned(),
                    _ => "execution goes on".to_owned(),
                },
            }
        }
    }
}

/// The ending in words, from the person's team.
pub fn ending_words(t: &Table) -> String {
    match t.view.outcome {
        Some(Outcome::Win(team)) if team == t.team() => format!("you win: the {team} win"),
        Some(Outcome::Win(team)) => format!("you lose: the {team} win"),
        Some(Outcome::Draw) => format!("a draw: the round limit ({}) passed", t.cfg.round_limit),
        None => "the game is over".to_owned(),
    }
}

/// How the game ended, for the person, once it has.
pub fn verdict(session: &Session) -> Option<String> {
    let t = Table::of(session)?;
    t.is_over().then(|| ending_words(&t))
}

/// Hits the Villains have made and need, hacks the Spies have made and need.
pub fn track_counts(t: &Table) -> ((u8, u8), (u8, u8)) {
    tabula_sabotage_spies::narrate::track_counts(&t.view, &t.cfg)
}

/// The advanced tiles an own character has unlocked, by name.
pub fn owned_tiles(t: &Table, slot: usize) -> Vec<&'static str> {
    plan::owned_advanced(t.known(), slot).map(tile_name).collect()
}
