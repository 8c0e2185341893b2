//! The rules of play, section by section (rules §Setup, §Phase III, the action types, the
//! devices, §Action Clarifications, §End of the Game), each played through the engine from
//! a scripted game. Positions the rulebook's own setup cannot reach quickly (a Spy already
//! on the map, a character with a tier unlocked, a track nearly empty) are set on the state
//! before the round's roll, as a position would be.

use tabula_core::Options;
use tabula_sabotage_spies::action::{Action, TileId};
use tabula_sabotage_spies::config::{Config, SPEC};
use tabula_sabotage_spies::data::Team;
use tabula_sabotage_spies::map::{Room, Rooms};
use tabula_sabotage_spies::rules;
use tabula_sabotage_spies::state::{Event, Loc, Outcome, Pending, Phase, Said, State};
use tabula_sabotage_spies::tiles::DeviceKind;

fn room(s: &str) -> Room {
    s.parse().unwrap()
}

fn rooms(s: &str) -> Rooms {
    s.split_whitespace().map(room).collect()
}

/// The id of the tile named `name`.
fn tile(name: &str) -> TileId {
    match format!("tile {name}").parse::<Action>() {
        Ok(Action::Tile(t)) => t,
        other => panic!("`{name}` is not a tile: {other:?}"),
    }
}

/// A scripted game.
struct G {
    s: State,
    cfg: Config,
}

impl G {
    /// A game with `options`, the four characters chosen in slot order, the Villains in
    /// `starts`; the Spies off the map, in the Roll phase of round 1.
    fn new(options: serde_json::Value, chars: [&str; 4], starts: [&str; 2]) -> G {
        let cfg = Config::from_options(&Options::from_json(&SPEC, &options).unwrap()).unwrap();
        let mut g = G { s: rules::initial(&cfg), cfg };
        for c in chars {
            g.act(&format!("character {c}"));
        }
        for r in starts {
            g.act(&format!("start {r}"));
        }
        assert_eq!(g.s.phase, Phase::Roll);
        g
    }

    /// A full game: Chantico, Count V (Villains), Hawk, Acrobat (Spies).
    fn full(starts: [&str; 2]) -> G {
        G::new(serde_json::json!({}), ["chantico", "count-v", "hawk", "acrobat"], starts)
    }

    fn act(&mut self, text: &str) {
        self.act_only(text);
        // A window of the full game asks for Build Anywhere rooms every time (so that its
        // timing tells nothing); with no Virus nor Beacon to come, `anywhere none` is the
        // only answer, which these tests leave implicit.
        while self.s.pending == Pending::Anywhere && self.legal() == ["anywhere none"] {
            self.act_only("anywhere none");
        }
    }

    /// Plays `text` and nothing more.
    fn act_only(&mut self, text: &str) {
        let action: Action = text.parse().unwrap_or_else(|e| panic!("`{text}`: {e}"));
        if let Err(e) = rules::check(&self.s, &self.cfg, action) {
            panic!("`{text}` refused: {e}");
        }
        rules::apply(&mut self.s, &self.cfg, action);
    }

    fn refused(&self, text: &str) -> String {
        let action: Action = text.parse().unwrap_or_else(|e| panic!("`{text}`: {e}"));
        rules::check(&self.s, &self.cfg, action).expect_err(text)
    }

    fn legal(&self) -> Vec<String> {
        let mut out = Vec::new();
        rules::legal(&self.s, &self.cfg, &mut out);
        out.iter().map(ToString::to_string).collect()
    }

    /// Puts the character in `slot` on `r` (a position set before the roll).
    fn put(&mut self, slot: usize, r: &str) {
        self.s.ch_mut(slot).loc = Loc::On(room(r));
    }

    /// Gives the character in `slot` its tiers filled to `tier`, keeping `kept`.
    fn unlock(&mut self, slot: usize, tier: u8, kept: [Option<&str>; 2]) {
        let ch = self.s.ch_mut(slot);
        ch.tier = tier;
        ch.kept = kept.map(|k| k.map(tile));
    }

    /// The planning character's plan: `steps`, then `die off` and `tile none` to nine.
    fn plan(&mut self, steps: &[&str]) {
        let slot = self.s.slot;
        assert_eq!(self.s.phase, Phase::Plan);
        for t in steps {
            self.act(t);
        }
        while self.s.phase == Phase::Plan && self.s.slot == slot {
            let legal = self.legal();
            let filler = ["die off", "tile none"].into_iter().find(|f| legal.iter().any(|l| l == f));
            let filler = filler.unwrap_or_else(|| panic!("no filler step among {legal:?}"));
            self.act(filler);
        }
    }

    /// Rolls `roll` and plans: each entry is a slot's steps (empty: plans nothing).
    fn round(&mut self, roll: &str, plans: [&[&str]; 4]) {
        self.act(roll);
        for p in plans {
            self.plan(p);
        }
        assert_eq!(self.s.phase, Phase::Execute);
    }

    /// The events logged since `from`.
    fn since(&self, from: usize) -> Vec<Event> {
        self.s.log[from..].to_vec()
    }
}

fn said(slot: u8, name: &str) -> Event {
    Event::Said { slot, said: Said::Name(tile(name)) }
}

fn scan_said(slot: u8) -> Event {
    Event::Said { slot, said: Said::Quote(tile("move-scan")) }
}

// ---------------------------------------------------------------------------------------
// Setup

#[test]
fn setup_full_game() {
    let g = G::full(["c2", "a1"]);
    let s = &g.s;
    assert_eq!(s.machines.iter().map(|m| m.cubes).collect::<Vec<_>>(), [4, 4, 4], "3 machines, 4 cubes each");
    assert_eq!(s.machines.iter().map(|m| m.room).collect::<Rooms>(), rooms("b1 d3 a4"));
    assert_eq!(s.generators.iter().map(|g| g.room).collect::<Rooms>(), rooms("d1 b3"));
    assert!(s.generators.iter().all(|g| g.cubes == 0));
    assert_eq!(s.hit_track, 4, "Hit track: 4 modify + 4 slide cubes");
    assert_eq!(s.hack_track, 7);
    assert_eq!(s.modify, [2, 2], "2 modify cubes a team");
    assert_eq!(s.slide, 0, "the Spies hold no slide cube at the start");
    assert_eq!(s.ch(0).unlock_spaces, 0b11_1111, "six unlock markers on each Villain's spaces");
    assert_eq!(s.ch(1).unlock_spaces, 0b11_1111);
    assert_eq!(s.ch(2).loc, Loc::Off, "the Spies start off the map");
    assert_eq!(s.ch(3).loc, Loc::Off);
    assert_eq!(s.ch(0).loc, Loc::On(room("c2")));
    assert_eq!(s.ch(1).loc, Loc::On(room("a1")));
    assert!(s.devices.iter().all(Option::is_none));
}

#[test]
fn setup_intro_game() {
    let g =
        G::new(serde_json::json!({"intro": true}), ["chantico", "count-v", "hawk", "acrobat"], ["c2", "c2"]);
    let s = &g.s;
    assert_eq!(s.hit_track, 3, "intro: Hit track 3 + 3");
    assert_eq!(s.hack_track, 4, "intro: Hack track 4");
    assert_eq!(s.ch(0).unlock_spaces, 0, "intro: Villains without unlock markers");
    assert_eq!(s.ch(0).loc, s.ch(1).loc, "Villains may start in the same room");
}

#[test]
fn villains_never_start_on_a_generator_and_characters_are_distinct() {
    let cfg = Config::from_options(&Options::from_json(&SPEC, &serde_json::json!({})).unwrap()).unwrap();
    let mut g = G { s: rules::initial(&cfg), cfg };
    g.act("character chantico");
    assert!(
        g.refused("character chantico").contains("chantico") || !g.refused("character chantico").is_empty()
    );
    g.act("character count-v");
    g.act("character hawk");
    g.act("character acrobat");
    let e = g.refused("start d1");
    assert!(e.contains("Generator"), "{e}");
    g.act("start b2");
}

// ---------------------------------------------------------------------------------------
// Execution: order, Scan, markers

#[test]
fn villains_go_first_then_spies_and_move_says_nothing() {
    let mut g = G::full(["c2", "a1"]);
    g.put(2, "c3");
    g.put(3, "a4");
    // Count V moves right (the 2): a1 → b1; Hawk moves up (the 1) from c3 and scans.
    g.round("roll 1 2 5 6", [&[], &["tile move", "die 2 on 1"], &["tile move-scan", "die 1 on 1"], &[]]);
    let from = g.s.log.len();
    assert!(g.legal().iter().any(|l| l == "first count-v"), "{:?}", g.legal());
    g.act("first count-v");
    assert_eq!(g.s.ch(1).loc, Loc::On(room("b1")));
    assert!(g.since(from).is_empty(), "a Villain's Move declares nothing: {:?}", g.since(from));
    // The Spies choose who goes first.
    g.act("first hawk");
    assert_eq!(g.s.ch(2).loc, Loc::On(room("c2")));
    assert_eq!(g.since(from), [scan_said(2)], "Move & Scan declares \"scan\" only");
    // Scan the Spy's own area only: row 2, column c or the NE quadrant.
    let e = g.refused("scan row 3");
    assert!(e.contains("row") || e.contains("area"), "{e}");
    g.act("scan col c");
    // The area is the public `scan col c` itself; the Villains answer with who is there.
    let events = g.since(from);
    assert_eq!(events[1..], [Event::Villain { slot: 0, room: Some(room("c2")) }], "Chantico found in c2");
    assert_eq!(g.s.markers, [1, 1], "a Villain found: each Spy gains an unlock marker");
}

#[test]
fn a_villain_found_twice_in_a_round_gives_markers_once() {
    let mut g = G::full(["c2", "a1"]);
    g.put(2, "c3");
    g.put(3, "a4");
    g.round(
        "roll 1 3 5 6",
        [&[], &[], &["tile move-scan", "tile move-scan", "die 1 on 1", "die 3 on 2"], &[]],
    );
    g.act("first chantico");
    g.act("first hawk");
    g.act("scan row 2");
    assert_eq!(g.s.markers, [1, 1]);
    g.act("unlock swagger");
    g.act("unlock swagger");
    assert_eq!(g.s.ch(2).swagger, 1);
    assert_eq!(g.s.ch(3).swagger, 1);
    // Back down to c3, scanning column c: Chantico is named again, but gives nothing.
    let from = g.s.log.len();
    g.act("scan col c");
    assert!(g.since(from).contains(&Event::Villain { slot: 0, room: Some(room("c2")) }));
    assert_eq!(g.s.markers, [0, 0], "a rescan of the same Villain this round gives no marker");
}

// ---------------------------------------------------------------------------------------
// Hack, Attack, the tracks and the end

#[test]
fn a_hack_takes_a_doomsday_cube_and_gives_the_villains_a_modify_cube() {
    let mut g = G::full(["c2", "a1"]);
    g.put(2, "b1");
    g.put(3, "a3");
    g.round("roll 1 3 5 6", [&[], &[], &["tile hack", "die 5 on 1"], &[]]);
    let from = g.s.log.len();
    g.act("first chantico");
    g.act("first hawk");
    assert_eq!(g.since(from)[..2], [said(2, "hack"), Event::Rooms(rooms("b1"))]);
    let b1 = g.s.machines.iter().find(|m| m.room == room("b1")).unwrap();
    assert_eq!(b1.cubes, 3);
    assert_eq!(g.s.hack_track, 6);
    assert_eq!(g.s.modify[0], 3, "the Hack track's cube goes to the Villains");
}

#[test]
fn the_eighth_hack_wins_for_the_spies() {
    let mut g = G::full(["c2", "a1"]);
    g.put(2, "b1");
    g.put(3, "a3");
    g.s.hack_track = 0;
    g.round("roll 1 3 5 6", [&[], &[], &["tile hack", "die 5 on 1"], &[]]);
    g.act("first chantico");
    g.act("first hawk");
    assert_eq!(g.s.outcome, Some(Outcome::Win(Team::Spies)));
    assert_eq!(g.s.phase, Phase::Over);
    assert!(g.legal().is_empty());
}

#[test]
fn a_hack_of_an_empty_machine_does_nothing() {
    let mut g = G::full(["c2", "a1"]);
    g.put(2, "b1");
    g.put(3, "a3");
    for m in &mut g.s.machines {
        if m.room == room("b1") {
            m.cubes = 0;
        }
    }
    g.round("roll 1 3 5 6", [&[], &[], &["tile hack", "die 5 on 1"], &[]]);
    g.act("first chantico");
    g.act("first hawk");
    assert_eq!(g.s.hack_track, 7);
    assert_eq!(g.s.modify[0], 2);
}

#[test]
fn an_attack_hits_a_spy_who_then_skips_the_round_and_parachutes_next() {
    let mut g = G::full(["c2", "a1"]);
    g.put(2, "c3");
    g.put(3, "a3");
    // Chantico's Stun Gun (1–3): c2 and one adjacent room, aimed down at c3.
    g.round("roll 1 3 5 6", [&["tile stun-gun", "die 1 on 1"], &[], &["tile move-scan", "die 3 on 1"], &[]]);
    g.act("first chantico");
    let from = g.s.log.len();
    g.act("aim down");
    assert_eq!(
        g.since(from),
        [Event::Rooms(rooms("c2 c3")), Event::Spy { slot: 2, room: room("c3"), hit: true }]
    );
    assert_eq!(g.s.ch(2).loc, Loc::Off, "a hit Spy leaves the map");
    assert_eq!(g.s.hit_track, 3);
    assert_eq!(g.s.modify[1], 3, "the Hit track's modify cube goes to the Spies");
    assert_eq!(g.s.slide, 1, "and its slide cube");
    // Acrobat alone goes; Hawk's Move & Scan is not executed.
    let from = g.s.log.len();
    assert!(!g.legal().iter().any(|l| l.starts_with("first")), "{:?}", g.legal());
    while g.s.phase == Phase::Execute {
        let l = g.legal();
        g.act(l.iter().find(|a| *a == "slide none").unwrap_or(&l[0]));
    }
    assert!(!g.since(from).contains(&scan_said(2)), "a removed Spy executes nothing");
    assert_eq!(g.s.round, 2);
    g.act("roll 1 3 5 6");
    g.plan(&[]);
    g.plan(&[]);
    let e = g.refused("tile move-scan");
    assert!(e.contains("Parachute"), "{e}");
    g.act("tile parachute d4");
    assert_eq!(g.s.ch(2).loc, Loc::Lying(room("d4")), "lying down on the landing room");
}

/// Plays on to the next round, each decision the first legal one (`slide none` where it
/// may).
fn to_next_round(g: &mut G) {
    let round = g.s.round;
    while g.s.round == round && g.s.phase == Phase::Execute {
        let l = g.legal();
        g.act(l.iter().find(|a| *a == "slide none").unwrap_or(&l[0]));
    }
}

/// The publisher's FAQ: modify cubes are "one time use resources" that leave the game once
/// used; a cube is used when the action its die pays is executed (Interpretation 22).
#[test]
fn a_modify_cube_on_an_executed_action_leaves_the_game() {
    let mut g = G::full(["c2", "a1"]);
    g.put(2, "b1");
    g.put(3, "a3");
    // The 3 shown as 4 pays the Hack (4–6): one cube.
    g.round("roll 1 3 5 6", [&[], &[], &["tile hack", "die off", "die 4 on 1"], &[]]);
    assert_eq!(g.s.sides[1].modify_used, 1);
    g.act("first chantico");
    g.act("first hawk");
    to_next_round(&mut g);
    assert_eq!(g.s.round, 2);
    assert_eq!((g.s.modify[1], g.s.sides[1].modify_spent, g.s.sides[1].modify_used), (2, 1, 0));
    // One cube left: a plan needing two is refused.
    g.act("roll 1 1 1 1");
    g.plan(&[]);
    g.plan(&[]);
    g.act("tile hack");
    let e = g.refused("die 4 on 1");
    assert!(e.contains("modify cubes"), "{e}");
    g.act("die 6 on 1");
}

/// A cube on the die of an action never executed (its Spy hit first) was not used: it is
/// the team's again at Clean Up.
#[test]
fn a_modify_cube_on_an_action_never_executed_comes_back() {
    let mut g = G::full(["c2", "a1"]);
    g.put(2, "c3");
    g.put(3, "a3");
    g.round(
        "roll 1 3 5 6",
        [&["tile stun-gun", "die 1 on 1"], &[], &["tile hack", "die off", "die 4 on 1"], &[]],
    );
    assert_eq!(g.s.sides[1].modify_used, 1);
    g.act("first chantico");
    g.act("aim down");
    assert_eq!(g.s.ch(2).loc, Loc::Off, "Hawk is hit before his Hack");
    to_next_round(&mut g);
    assert_eq!(g.s.round, 2);
    assert_eq!(g.s.sides[1].modify_spent, 0, "the Hack was never executed: its cube comes back");
    assert_eq!(g.s.modify[1], 3, "and the Hit track gave one more");
}

#[test]
fn the_fifth_hit_wins_for_the_villains() {
    let mut g = G::full(["c2", "a1"]);
    g.put(2, "c3");
    g.put(3, "a3");
    g.s.hit_track = 0;
    g.round("roll 1 3 5 6", [&["tile stun-gun", "die 1 on 1"], &[], &[], &[]]);
    g.act("first chantico");
    g.act("aim down");
    assert_eq!(g.s.outcome, Some(Outcome::Win(Team::Villains)));
}

#[test]
fn walls_fall_only_between_attacked_rooms() {
    // TNT explodes with `plus` destroying walls: b2|c2 lies between c2 and b2.
    let mut g = G::full(["a3", "a1"]);
    g.put(2, "c3");
    g.put(3, "d4");
    g.s.devices[0] = Some(tabula_sabotage_spies::state::Token {
        room: room("c2"),
        stamp: 1,
        round: 0,
        open: Default::default(),
    });
    g.s.builds = 1;
    let walls = g.s.walls;
    g.round("roll 1 3 5 6", [&[], &[], &["tile move-scan", "die 1 on 1"], &[]]);
    g.act("first chantico");
    g.act("first hawk");
    let log = g.since(0);
    assert!(log.contains(&Event::Tnt(room("c2"))), "{log:?}");
    assert!(log.contains(&Event::Spy { slot: 2, room: room("c2"), hit: true }));
    let down: Vec<_> = log.iter().filter(|e| matches!(e, Event::WallDown(_))).collect();
    assert_eq!(down.len(), 1, "only b2|c2 lies between two rooms of c2's plus: {down:?}");
    assert_eq!(walls.iter().count(), g.s.walls.iter().count() + 1);
    assert!(g.s.devices[0].is_none(), "the TNT returns to the Villains");
}

#[test]
fn a_reveal_drops_swagger_to_the_red_line_once_a_round() {
    let mut g = G::full(["c1", "c2"]);
    g.put(2, "c3");
    g.put(3, "a4");
    g.s.ch_mut(2).swagger = 5;
    // Chantico's Flashlight (tier 1, 1–3) aimed down from c1, then Count V's Bat Swarm
    // (tier 1, 4–6) around c2: both reveal Hawk in c3.
    g.unlock(0, 1, [None, None]);
    g.unlock(1, 1, [None, None]);
    g.round(
        "roll 1 3 5 6",
        [
            &["tile flashlight", "die 1 on 1"],
            &["tile bat-swarm", "die off", "die off", "die 5 on 1"],
            &[],
            &[],
        ],
    );
    let from = g.s.log.len();
    g.act("first chantico");
    g.act("aim down");
    let log = g.since(from);
    assert_eq!(log[..2], [said(0, "flashlight"), Event::Rooms(rooms("c2 c3 c4"))]);
    assert_eq!(log[2], Event::Spy { slot: 2, room: room("c3"), hit: false });
    // Count V goes next on his own: his Bat Swarm (no aim) reveals Hawk again.
    assert_eq!(log[3..5], [said(1, "bat-swarm"), Event::Rooms(rooms("c1 c2 d2 c3"))]);
    assert_eq!(log[5], Event::Spy { slot: 2, room: room("c3"), hit: false });
    assert_eq!(
        g.s.ch(2).swagger,
        2,
        "Swagger 5 drops to the red line after the second space, once per round"
    );
    assert_eq!(g.s.ch(3).swagger, 0);
}

#[test]
fn a_motion_detector_declares_only_the_count() {
    let mut g = G::full(["a1", "a2"]);
    g.put(2, "c3");
    g.put(3, "c4");
    g.round("roll 1 3 5 6", [&["tile motion-detector", "die off", "die off", "die 5 on 1"], &[], &[], &[]]);
    let from = g.s.log.len();
    g.act("first chantico");
    g.act("detect col c");
    assert_eq!(g.since(from), [said(0, "motion-detector"), Event::Count(2)]);
}

#[test]
fn a_generator_with_two_cubes_is_active_and_a_third_is_refused() {
    let mut g = G::full(["c1", "a1"]);
    g.put(0, "d1");
    g.put(2, "a3");
    g.put(3, "a4");
    g.round("roll 1 3 5 6", [&["tile generator", "die 1 on 1"], &[], &[], &[]]);
    g.act("first chantico");
    assert_eq!(g.s.generators.iter().find(|x| x.room == room("d1")).unwrap().cubes, 1);
    while g.s.phase == Phase::Execute {
        let l = g.legal();
        g.act(&l[0]);
    }
    g.act("roll 1 3 5 6");
    g.plan(&["tile generator", "die 1 on 1"]);
    g.plan(&[]);
    g.plan(&[]);
    g.plan(&[]);
    g.act("first chantico");
    assert_eq!(g.s.generators.iter().find(|x| x.room == room("d1")).unwrap().cubes, 2);
    assert_eq!(
        tabula_sabotage_spies::plan::dice_limit(&g.s, 0, false),
        3,
        "an active Generator: one more die"
    );
    while g.s.phase == Phase::Execute {
        let l = g.legal();
        g.act(&l[0]);
    }
    g.act("roll 1 3 5 6");
    // Its Generator is full: a third cube could not be executed, so it cannot be planned.
    let e = g.refused("tile generator");
    assert!(e.contains("Phase II"), "{e}");
}

// ---------------------------------------------------------------------------------------
// Action clarifications (seed §Action Clarifications)

#[test]
fn acrobat_virus_is_built_on_a_parachute_turn_and_fires_next_round() {
    let mut g = G::full(["a1", "a2"]);
    g.put(2, "c4");
    g.unlock(3, 3, [Some("virus"), None]);
    g.act("roll 1 3 5 6");
    g.plan(&[]);
    g.plan(&[]);
    g.plan(&[]);
    // Acrobat, off the map: Parachute first, then the Virus, but no hack. The Virus's
    // room is not planned (the publisher's FAQ: Build Anywhere chooses it when executing).
    g.act("tile parachute b3");
    let e = g.refused("tile virus d3");
    assert!(e.contains("when it is executed"), "{e}");
    g.act("tile virus");
    let e = g.refused("tile hack");
    assert!(e.contains("hack"), "{e}");
    g.plan(&["die off", "die off", "die 5 on 2"]);
    let from = g.s.log.len();
    g.act("first chantico");
    g.act("first acrobat");
    // The window before Acrobat's first action asks where a Virus executed before the
    // next window would go.
    assert_eq!(g.s.pending, Pending::Anywhere);
    assert_eq!(g.legal().len(), 16, "{:?}", g.legal());
    let e = g.refused("anywhere none");
    assert!(e.contains("virus is still to come"), "{e}");
    let e = g.refused("anywhere virus b2 beacon c3");
    assert!(e.contains("no beacon"), "{e}");
    g.act("anywhere virus b1");
    g.act("land left");
    // Landing is declared: a new window, where the choice is made again.
    assert_eq!(g.s.pending, Pending::Anywhere);
    g.act("anywhere virus d3");
    assert_eq!(g.since(from), [Event::Landed(3)], "the Virus is built undeclared");
    assert_eq!(g.s.sides[1].secret[0].map(|t| t.room), Some(room("d3")));
    while g.s.phase == Phase::Execute {
        let l = g.legal();
        g.act(&l[0]);
    }
    // Next round, after the Villains' execution, it hacks d3's machine.
    g.round("roll 1 3 5 6", [&[], &[], &[], &[]]);
    let from = g.s.log.len();
    g.act("first chantico");
    assert_eq!(g.since(from), [Event::Virus(room("d3"))]);
    assert_eq!(g.s.machines.iter().find(|m| m.room == room("d3")).unwrap().cubes, 3);
    assert_eq!(g.s.sides[1].secret[0], None, "the Virus returns to the Spies");
}

#[test]
fn backflip_hack_forbids_another_hack_tile() {
    let mut g = G::full(["a1", "a2"]);
    g.put(2, "c4");
    g.put(3, "b1");
    g.unlock(3, 3, [Some("backflip-hack"), None]);
    g.act("roll 1 1 5 6");
    g.plan(&[]);
    g.plan(&[]);
    g.plan(&[]);
    g.act("tile backflip-hack");
    let e = g.refused("tile hack");
    assert!(e.contains("hack"), "{e}");
    g.plan(&["die 1 on 1", "die 1 on 1"]);
    g.act("first chantico");
    g.act("first acrobat");
    assert_eq!(g.s.machines.iter().find(|m| m.room == room("b1")).unwrap().cubes, 3);
    // The pair of 1s points up: b1 is on the edge, so Acrobat stays.
    assert_eq!(g.s.ch(3).loc, Loc::On(room("b1")));
}

#[test]
fn flashbang_on_both_villains_gives_three_unlocks_not_six() {
    let mut g = G::new(serde_json::json!({}), ["chantico", "count-v", "hacker", "acrobat"], ["c2", "c2"]);
    g.put(2, "c3");
    g.put(3, "a4");
    g.unlock(2, 3, [Some("flashbang"), None]);
    g.round("roll 1 1 5 6", [&[], &[], &["tile flashbang", "die 1 on 1", "die 1 on 1"], &[]]);
    g.act("first chantico");
    let from = g.s.log.len();
    g.act("first hacker");
    let log = g.since(from);
    assert_eq!(log[0], said(2, "flashbang"));
    assert!(log.contains(&Event::Villain { slot: 0, room: Some(room("c2")) }), "{log:?}");
    assert!(log.contains(&Event::Villain { slot: 1, room: Some(room("c2")) }), "{log:?}");
    assert_eq!(g.s.markers, [3, 0], "3 unlock markers to the Hacker, not 6");
    for _ in 0..3 {
        g.act("unlock swagger");
    }
    assert_eq!(g.s.ch(2).swagger, 3);
    while g.s.phase == Phase::Execute {
        let l = g.legal();
        g.act(&l[0]);
    }
    g.act("roll 1 3 5 6");
    assert_eq!(
        tabula_sabotage_spies::plan::dice_limit(&g.s, 0, false),
        1,
        "a hit Villain places one die fewer"
    );
    assert_eq!(tabula_sabotage_spies::plan::dice_limit(&g.s, 1, false), 1);
}

#[test]
fn smoke_bomb_silences_a_move_and_scan_into_smoke_but_not_thermo() {
    let mut g = G::full(["a1", "a2"]);
    g.put(2, "c3");
    g.put(3, "c1");
    g.s.ch_mut(2).swagger = 2; // three dice
    g.unlock(2, 3, [Some("smoke-bomb"), None]);
    g.round(
        "roll 1 3 4 6",
        [
            &[],
            &[],
            &["tile smoke-bomb", "tile thermo", "die off", "die 3 on 1", "die 4 on 1", "die 6 on 2"],
            &["tile move-scan", "die off", "die 3 on 1"],
        ],
    );
    g.act("first chantico");
    let from = g.s.log.len();
    g.act("first hawk");
    // Thermo from the smoke still declares.
    assert_eq!(g.since(from), [said(2, "smoke-bomb"), Event::Rooms(rooms("c2 b3 c3 c4")), said(2, "thermo")]);
    assert_eq!(g.s.smoke, rooms("c2 b3 c3 c4"));
    g.act("scan row 1");
    // Acrobat moves down into c2's smoke: no "scan".
    let from = g.s.log.len();
    while g.s.phase == Phase::Execute && g.s.round == 1 {
        let l = g.legal();
        g.act(&l[0]);
    }
    assert!(!g.since(from).contains(&scan_said(3)), "{:?}", g.since(from));
    assert_eq!(g.s.ch(3).loc, Loc::On(room("c2")));
}

#[test]
fn camouflage_hides_nadesh_room_but_the_spies_still_gain_unlocks() {
    let mut g = G::new(serde_json::json!({}), ["chantico", "nadesh", "hawk", "acrobat"], ["a1", "c2"]);
    g.put(2, "c3");
    g.put(3, "a4");
    g.unlock(1, 1, [None, None]);
    g.round("roll 1 3 5 6", [&[], &[], &["tile move-scan", "die 1 on 1"], &[]]);
    g.act("first chantico");
    g.act("first hawk");
    let from = g.s.log.len();
    g.act("scan row 2");
    assert_eq!(g.since(from), [Event::Villain { slot: 1, room: None }], "his name, not his room");
    assert_eq!(g.s.markers, [1, 1]);
}

#[test]
fn trip_lasers_are_asked_about_one_by_one() {
    let mut g = G::new(serde_json::json!({}), ["chantico", "ophidian", "hawk", "acrobat"], ["a1", "a2"]);
    g.put(2, "c3");
    g.put(3, "a4");
    let mut lasers = DeviceKind::TripLaser.tokens();
    let token = |r: &str, stamp| {
        Some(tabula_sabotage_spies::state::Token { room: room(r), stamp, round: 0, open: Default::default() })
    };
    g.s.devices[lasers.next().unwrap()] = token("c2", 1);
    g.s.devices[lasers.next().unwrap()] = token("d4", 2);
    g.s.builds = 2;
    g.round("roll 1 3 5 6", [&[], &[], &["tile move-scan", "die 1 on 1"], &[]]);
    g.act("first chantico");
    g.act("first hawk");
    g.act("scan row 2");
    let from = g.s.log.len();
    while g.s.round == 1 {
        let l = g.legal();
        g.act(&l[0]);
    }
    let trips: Vec<_> = g.since(from).into_iter().filter(|e| matches!(e, Event::Trip { .. })).collect();
    assert_eq!(
        trips,
        [Event::Trip { room: room("c2"), entered: true }, Event::Trip { room: room("d4"), entered: false }]
    );
}

#[test]
fn freeze_ray_is_silent_holds_spies_and_villains_still_move_them() {
    let mut g = G::new(serde_json::json!({}), ["ophidian", "count-v", "hawk", "acrobat"], ["c1", "c1"]);
    g.put(2, "c2");
    g.put(3, "c4");
    g.s.slide = 1;
    g.unlock(0, 3, [Some("freeze-ray"), None]);
    g.unlock(1, 3, [Some("shockwave"), None]);
    g.round(
        "roll 1 1 3 4",
        [
            &["tile freeze-ray", "die 1 on 1", "die 1 on 1"],
            &["tile shockwave", "die 1 on 1", "die 1 on 1"],
            &["tile move-scan", "die 1 on 1"],
            &["tile move-scan", "tile move-scan", "die 1 on 1", "die 1 on 2"],
        ],
    );
    let from = g.s.log.len();
    g.act("first ophidian");
    g.act("aim down");
    let log = g.since(from);
    assert_eq!(log[..2], [said(0, "freeze-ray"), Event::Rooms(rooms("c2 c3"))], "no Spy declares");
    assert_eq!(log[2..], [said(1, "shockwave"), Event::Rooms(rooms("b1 d1 c2"))], "nor for the Shockwave");
    assert_eq!(g.s.frozen, rooms("c2 c3"));
    // Count V's Shockwave pushes Hawk from c2 down into c3: a Villain action moves a
    // frozen Spy.
    assert_eq!(g.s.ch(2).loc, Loc::On(room("c3")));
    g.act("first hawk");
    // Hawk's window: no slide out of a frozen room.
    let e = g.refused("slide up");
    assert!(e.contains("frozen") || e.contains("Freeze"), "{e}");
    g.act("slide none");
    // Its Move & Scan cannot move it out: the scan is done from c3 (rules §Executing
    // Actions: the part that can be done is done).
    assert_eq!(g.s.ch(2).loc, Loc::On(room("c3")));
    g.act("scan row 3");
    // Acrobat enters c3 and is frozen there: its second Move & Scan is skipped.
    while g.s.round == 1 {
        let l = g.legal();
        g.act(&l[0]);
    }
    assert_eq!(g.s.ch(3).loc, Loc::On(room("c3")));
}

// ---------------------------------------------------------------------------------------
// Earpiece, slides, Parachute

#[test]
fn an_earpiece_moves_the_team_mate_silently_and_stops_at_walls() {
    for (die, to) in [("2", "d2"), ("4", "c2")] {
        let mut g = G::full(["a1", "a2"]);
        g.put(2, "d4");
        g.put(3, "c2");
        // Hawk's Earpiece moves Acrobat: the 2 (right) to d2; the 4 (left) meets the
        // b2|c2 wall, and Acrobat stays.
        let steps = ["tile earpiece", "die off", &format!("die {die} on 1")];
        let steps: Vec<&str> = steps.iter().map(|s| &**s).collect();
        g.round("roll 1 2 4 6", [&[], &[], &steps, &[]]);
        g.act("first chantico");
        let from = g.s.log.len();
        g.act("first hawk");
        assert_eq!(g.s.ch(3).loc, Loc::On(room(to)), "die {die}");
        assert!(g.since(from).is_empty(), "an Earpiece declares nothing: {:?}", g.since(from));
    }
}

#[test]
fn slide_windows_move_a_spy_silently_and_spent_cubes_leave_the_game() {
    let mut g = G::full(["a1", "a2"]);
    g.put(2, "c3");
    g.put(3, "d4");
    g.s.slide = 1;
    g.round("roll 1 3 5 6", [&[], &[], &["tile move-scan", "die 1 on 1"], &[]]);
    g.act("first chantico");
    g.act("first hawk");
    assert!(g.legal().iter().any(|l| l == "slide left"), "{:?}", g.legal());
    let e = g.refused("slide up wait left");
    assert!(e.contains("slide cube"), "{e}");
    let from = g.s.log.len();
    g.act("slide left");
    // b3, then up to b2 by the Move & Scan: only "scan" is heard.
    assert_eq!(g.s.ch(2).loc, Loc::On(room("b2")));
    assert_eq!(g.since(from), [scan_said(2)]);
    assert_eq!(g.s.sides[1].slide_spent, 1);
    while g.s.round == 1 {
        let l = g.legal();
        g.act(l.iter().find(|a| *a == "slide none").unwrap_or(&l[0]));
    }
    // The publisher's FAQ: a slide cube is used once and leaves the game.
    assert_eq!(g.s.sides[1].slide_spent, 1, "a spent slide cube does not come back at Clean Up");
    assert_eq!(g.s.slide, 1);
    g.put(2, "c3");
    g.round("roll 1 3 5 6", [&[], &[], &["tile move-scan", "die 1 on 1"], &[]]);
    g.act("first chantico");
    g.act("first hawk");
    // The window still opens (its timing tells the Villains nothing), with nothing to slide.
    assert_eq!(g.legal(), ["slide none"]);
    assert!(g.refused("slide left").contains("slide cube"));
}

#[test]
fn a_spy_without_slide_cubes_gets_no_window() {
    let mut g = G::full(["a1", "a2"]);
    g.put(2, "c3");
    g.put(3, "d4");
    g.round("roll 1 3 5 6", [&[], &[], &["tile move-scan", "die 1 on 1"], &[]]);
    g.act("first chantico");
    g.act("first hawk");
    assert!(g.legal().iter().all(|l| l.starts_with("scan")), "{:?}", g.legal());
}

#[test]
fn a_lying_spy_is_immune_and_lands_declaring_a_half() {
    let mut g = G::full(["c2", "a1"]);
    g.put(3, "a4");
    g.act("roll 1 3 5 6");
    g.plan(&["tile stun-gun", "die 1 on 1"]);
    g.plan(&[]);
    g.plan(&["tile parachute c3"]);
    g.plan(&[]);
    assert_eq!(g.s.ch(2).loc, Loc::Lying(room("c3")));
    g.act("first chantico");
    let from = g.s.log.len();
    g.act("aim down");
    assert_eq!(g.since(from), [Event::Rooms(rooms("c2 c3"))], "a Spy lying down is not hit");
    g.act("first hawk");
    let e = g.refused("land left");
    assert!(e.contains("land bottom"), "{e}");
    let from = g.s.log.len();
    g.act("land bottom");
    assert_eq!(g.since(from), [Event::Landed(2)]);
    assert_eq!(g.s.ch(2).loc, Loc::On(room("c3")));
}

/// The publisher's FAQ and the rulebook: "If that device token is already on the map, you
/// can pick it up and place it again". With both Trip Lasers on the map, the builder names
/// the one picked up; with one still in the supply, it is the one placed.
#[test]
fn with_both_tokens_on_the_map_the_builder_chooses_which_to_pick_up() {
    let mut g = G::new(serde_json::json!({}), ["ophidian", "chantico", "hawk", "acrobat"], ["b2", "a4"]);
    g.put(2, "d4");
    g.put(3, "d1");
    g.unlock(0, 1, [None, None]);
    let mut lasers = DeviceKind::TripLaser.tokens();
    let (first, second) = (lasers.next().unwrap(), lasers.next().unwrap());
    let token = |r: &str, stamp| {
        Some(tabula_sabotage_spies::state::Token { room: room(r), stamp, round: 0, open: Default::default() })
    };
    g.s.devices[first] = token("a1", 1);
    g.s.devices[second] = token("c3", 2);
    g.s.builds = 2;
    g.round("roll 1 3 5 6", [&["tile trip-laser", "die 1 on 1"], &[], &[], &[]]);
    g.act("first ophidian");
    let legal = g.legal();
    assert!(
        legal.contains(&"build b2 from a1".to_owned()) && legal.contains(&"build b3 from c3".to_owned()),
        "{legal:?}"
    );
    assert!(!legal.iter().any(|a| a == "build b2"), "{legal:?}");
    let e = g.refused("build b2");
    assert!(
        e.contains("in a1 and c3") && e.contains("`build b2 from a1`") && e.contains("rules §Build"),
        "{e}"
    );
    // The newer token is picked up: the older one stays (the engine used to move the older).
    g.act("build a2 from c3");
    assert_eq!(g.s.devices[first].map(|d| d.room), Some(room("a1")));
    assert_eq!(g.s.devices[second].map(|d| d.room), Some(room("a2")));
    assert!(g.s.log.contains(&Event::Built { kind: DeviceKind::TripLaser, room: room("a2") }));
}

#[test]
fn with_a_token_in_the_supply_a_build_places_it_without_a_choice() {
    let mut g = G::new(serde_json::json!({}), ["ophidian", "chantico", "hawk", "acrobat"], ["b2", "a4"]);
    g.put(2, "d4");
    g.put(3, "d1");
    g.unlock(0, 1, [None, None]);
    let first = DeviceKind::TripLaser.tokens().next().unwrap();
    g.s.devices[first] = Some(tabula_sabotage_spies::state::Token {
        room: room("a1"),
        stamp: 1,
        round: 0,
        open: Default::default(),
    });
    g.s.builds = 1;
    g.round("roll 1 3 5 6", [&["tile trip-laser", "die 1 on 1"], &[], &[], &[]]);
    g.act("first ophidian");
    let legal = g.legal();
    assert!(legal.contains(&"build b2".to_owned()) && !legal.iter().any(|a| a.contains("from")), "{legal:?}");
    assert!(g.refused("build b2 from a1").contains("targets one of"));
}
