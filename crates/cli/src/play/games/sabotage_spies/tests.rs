//! The Sabotage (Fowers & Krause) screen in `tabula play`, without a terminal: keys in, a
//! test buffer out.

use crossterm::event::KeyCode;
use serde_json::{Value, json};
use tabula_sabotage_spies::data::Team;
use tabula_sabotage_spies::state::{Loc, Phase};

use super::SpiesScreen;
use super::moves::Offer;
use super::table::{Table, short};
use crate::play::app::{App, Overlay};
use crate::play::session::Config;
use crate::play::tests::{press, render, screen_of, type_command};

fn config(options: Value, seat: usize, seed: u64) -> Config {
    Config {
        game: "sabotage-spies".to_owned(),
        options,
        seat,
        bot: "easy".to_owned(),
        seed,
        name: "tester".to_owned(),
        ..Config::default()
    }
}

fn app_with(options: Value, seat: usize, seed: u64) -> App {
    let mut app = crate::play::tests::app_with(&config(options, seat, seed));
    app.settle();
    app
}

fn table(app: &App) -> Table {
    Table::of(&app.session).expect("a game of sabotage-spies")
}

fn offer(app: &App) -> Offer {
    Offer::read(&table(app), &app.session.legal())
}

/// Plays the person's seat with an easy bot of its own, through the screen: a move the
/// list offers is played by its number, any other (a long slide schedule) typed in
/// notation. Stops when `stop` holds (checked before each of the person's moves) or the
/// game ends; returns whether `stop` held.
fn play_until(app: &mut App, seed: u64, mut stop: impl FnMut(&App) -> bool) -> bool {
    let registry = tabula_registry::registry();
    let mut me = registry.make_bot("sabotage-spies", "easy", &json!({}), seed).unwrap();
    for _ in 0..20_000 {
        app.settle();
        if let Some(Overlay::Window(_)) = app.overlay {
            press(app, KeyCode::Enter);
            continue;
        }
        if app.session.is_over() {
            return false;
        }
        if stop(app) {
            return true;
        }
        let action = me.choose(app.session.state()).unwrap();
        let offer = offer(app);
        match offer.moves().iter().position(|c| c.action == action) {
            Some(row) => type_command(app, &(row + 1).to_string()),
            None => type_command(app, &action),
        }
        assert!(!app.status.error, "{action}: {}", app.status.text);
        // A forced `anywhere none` at the window that may follow is answered for the person.
        let seen: Vec<&str> = app.session.seen().iter().rev().map(|s| s.text.as_str()).collect();
        let formalities = seen.iter().take_while(|&&s| s == "anywhere none" && s != action).count();
        assert_eq!(seen.get(formalities), Some(&action.as_str()), "{seen:?}");
    }
    panic!("the game went on too long");
}

fn in_plan(app: &App) -> bool {
    let t = table(app);
    app.session.is_human_turn() && t.view.phase == Phase::Plan
}

#[test]
fn the_villains_see_their_map_their_plans_and_the_moves_at_80_by_24() {
    let mut app = app_with(json!({"players": 2}), 0, 3);
    // Setup: the character is chosen from the list.
    let screen = render(&app, 80, 24);
    assert!(screen.contains("Villain 1: choose a character"), "{screen}");
    assert!(screen.contains("Chantico") && screen.contains("tier 1: Flashlight"), "{screen}");
    assert!(play_until(&mut app, 3, in_plan), "the Villains never planned");
    let t = table(&app);
    let screen = render(&app, 80, 24);
    // The map: column and row labels, the three machines with their cubes, the generators,
    // the walls of the default map (heavy lines), the Villains' marks.
    for text in ["a", "d", "M4", "G0", "━", "┃", "VILLAINS", "round 1", "hits 0/5", "hacks 0/8", "roll"] {
        assert!(screen.contains(text), "missing {text:?}:\n{screen}");
    }
    for slot in t.own_slots() {
        assert!(screen.contains(&short(&t, slot)), "{}:\n{screen}", short(&t, slot));
        assert!(matches!(t.own(slot).unwrap().loc, Loc::On(_)));
    }
    assert!(screen.contains("Spies may be in"), "{screen}");
    // The moves are the legal actions, grouped by decision.
    let offer = offer(&app);
    let legal = app.session.legal();
    assert_eq!(offer.len(), legal.len(), "every legal plan step is offered once");
    assert!(offer.moves().iter().all(|c| legal.contains(&c.action)));
    assert!(offer.groups.iter().any(|g| g.title.contains("tile for space 1")), "{:?}", offer.groups);
    // At 80 columns a row shows its label; the notation of the row under the cursor is
    // under the list.
    assert!(screen.contains(&format!(" 1 {}", offer.moves()[0].label)), "{screen}");
    assert!(screen.contains(&format!("`{}`", offer.moves()[0].action)), "{screen}");
    assert!(render(&app, 120, 40).contains(&format!(" 1 {}", offer.moves()[0].action)));
    assert!(screen.contains("Your move"), "{screen}");
}

#[test]
fn choosing_a_tile_says_what_it_does_and_a_die_shows_where_it_moves() {
    let mut app = app_with(json!({"players": 2}), 0, 5);
    assert!(play_until(&mut app, 5, in_plan));
    let o = offer(&app);
    let row = o.moves().iter().position(|c| c.action == "tile move").expect("Move is offered");
    for _ in 0..row {
        press(&mut app, KeyCode::Down);
    }
    assert_eq!(screen_of::<SpiesScreen>(&app).picker.row, row);
    let screen = render(&app, 100, 32);
    assert!(screen.contains("Move once in the direction of the die"), "{screen}");
    press(&mut app, KeyCode::Enter);
    assert!(!app.status.error, "{}", app.status.text);
    assert_eq!(app.session.seen().last().unwrap().text, "tile move");
    // The plan line shows the tile on space 1; a die for it says where the move goes.
    let screen = render(&app, 80, 24);
    assert!(screen.contains("Move"), "{screen}");
    let o = offer(&app);
    let die = o.moves().into_iter().find(|c| c.action.ends_with(" on 1"));
    if let Some(die) = die {
        assert!(die.effect.starts_with("Move"), "{die:?}");
        assert!(die.effect.contains(['↑', '→', '↓', '←']) || die.effect.contains("no direction"), "{die:?}");
    }
    // A refused move explains the rule.
    type_command(&mut app, "tile parachute a1");
    assert!(app.status.error);
    assert!(app.status.text.contains("rules"), "{}", app.status.text);
    // A number out of the list is refused in words.
    type_command(&mut app, "999");
    assert!(app.status.error && app.status.text.contains("no move 999"), "{}", app.status.text);
}

#[test]
fn the_spies_land_hear_what_the_villains_heard_and_never_see_the_villains_plans() {
    let mut app = app_with(json!({"players": 2}), 1, 7);
    assert_eq!(table(&app).team(), Team::Spies);
    // The first plan: off the map, a Spy must plan a Parachute first.
    assert!(play_until(&mut app, 7, in_plan));
    let o = offer(&app);
    let tiles: Vec<&str> =
        o.moves().iter().map(|c| c.action.as_str()).filter(|a| a.starts_with("tile")).collect();
    assert!(!tiles.is_empty() && tiles.iter().all(|a| a.starts_with("tile parachute")), "{tiles:?}");
    let screen = render(&app, 80, 24);
    assert!(screen.contains("SPIES") && screen.contains("Villains may be in"), "{screen}");
    // Play on into the second round: the Spies have landed and declared a half.
    let found = play_until(&mut app, 7, |app| table(app).view.round >= 3 && in_plan(app));
    assert!(found, "the game ended early");
    let log: Vec<String> = app.session.log().iter().map(|l| l.text.clone()).collect();
    assert!(log.iter().any(|l| l.contains("declar") && l.contains('"')), "{log:?}");
    assert!(log.iter().any(|l| l.contains("plans in secret")), "{log:?}");
    // The Villains' plans are never told to the Spies; their own are.
    let t = table(&app);
    for slot in t.enemy_slots() {
        let name = format!("({})", t.slot_name(slot));
        assert!(!log.iter().any(|l| l.starts_with(&name) && l.contains("plans:")), "{log:?}");
    }
    assert!(log.iter().any(|l| l.contains("plan:")), "{log:?}");
    let screen = render(&app, 80, 24);
    assert!(screen.contains("The Villains heard"), "{screen}");
    let heard = &screen_of::<SpiesScreen>(&app).heard;
    assert!(heard[2].iter().chain(&heard[3]).any(|h| h.contains("land")), "{heard:?}");
}

#[test]
fn the_villains_log_masks_the_spies_and_shows_the_aid() {
    let mut app = app_with(json!({"players": 2}), 0, 11);
    let found = play_until(&mut app, 11, |app| table(app).view.round >= 3 && in_plan(app));
    assert!(found);
    let t = table(&app);
    let log: Vec<String> = app.session.log().iter().map(|l| l.text.clone()).collect();
    for slot in t.enemy_slots() {
        let name = format!("({})", t.slot_name(slot));
        assert!(log.iter().any(|l| l.starts_with(&name) && l.contains("plans in secret")), "{log:?}");
        assert!(!log.iter().any(|l| l.starts_with(&name) && l.contains("plans:")), "{log:?}");
    }
    // The aid under the map lists each Spy's possible rooms, as the view's summary has them.
    let screen = render(&app, 80, 24);
    let d = &t.view.deduction;
    for (i, slot) in t.enemy_slots().into_iter().enumerate() {
        let head = format!("{} {}:", i + 1, t.slot_name(slot));
        assert!(screen.contains(&head), "{head}:\n{screen}");
        let line = screen.lines().find(|l| l.contains(&head)).unwrap();
        // Up to eight rooms are listed; more are counted, the others named.
        match d.rooms[i].len() {
            0 => {}
            n if n > 8 => assert!(line.contains(&format!("{n} rooms, not")), "{n} rooms:\n{screen}"),
            _ => {
                let room = d.rooms[i].iter().next().unwrap();
                assert!(line.contains(&room.to_string()), "{room}:\n{screen}");
            }
        }
    }
}

#[test]
fn four_players_show_the_team_mate_and_the_intro_game_plays_to_the_end() {
    // Four players, the person a Spy: the team-mate is a bot whose plan the person sees.
    let mut app = app_with(json!({"players": 4, "intro": true, "round_limit": 10}), 2, 13);
    assert_eq!(table(&app).team(), Team::Spies);
    let ended = !play_until(&mut app, 13, |_| false);
    assert!(ended && app.session.is_over());
    let t = table(&app);
    let screen = render(&app, 80, 24);
    assert!(screen.contains("Game over:"), "{screen}");
    let verdict = app.screen.verdict(&app.session).unwrap();
    assert!(verdict.contains("win") || verdict.contains("lose") || verdict.contains("draw"), "{verdict}");
    assert!(t.is_over());
    let log: Vec<String> = app.session.log().iter().map(|l| l.text.clone()).collect();
    let mate = t.slot_name(3);
    assert!(log.iter().any(|l| l.starts_with(&format!("({mate}) plans:"))), "{log:?}");
    // The replay's text tells every step, with the map and positions after each round.
    let registry = tabula_registry::registry();
    let timeline = crate::replay::Timeline::replay(&registry, app.session.record()).unwrap();
    let text = crate::play::games::screen_for("sabotage-spies").replay_text(&timeline.history());
    for needle in ["the dice show", "M4", "hits ", "Game over after"] {
        assert!(text.contains(needle), "missing {needle:?}:\n{text}");
    }
    assert!(!text.contains("plan ?"), "a replay shows everything");
}

#[test]
fn help_explains_the_map_and_the_notation() {
    let mut app = app_with(json!({"players": 2}), 0, 3);
    press(&mut app, KeyCode::Char('?'));
    let mut seen = String::new();
    for _ in 0..8 {
        seen.push_str(&render(&app, 100, 32));
        press(&mut app, KeyCode::Down);
        press(&mut app, KeyCode::Down);
        press(&mut app, KeyCode::Down);
    }
    for text in ["Sabotage", "walls", "Typing moves", "tile move-scan", "unlock swagger", "--team"] {
        assert!(seen.contains(text), "missing {text:?}:\n{seen}");
    }
}

#[test]
fn team_names_a_seat_and_disagreements_are_refused() {
    let two = json!({"players": 2});
    let four = json!({"players": 4});
    assert_eq!(super::team_seat(&two, "villains", None), Ok(0));
    assert_eq!(super::team_seat(&two, "Spies", None), Ok(1));
    assert_eq!(super::team_seat(&four, "spies", None), Ok(2));
    assert_eq!(super::team_seat(&four, "spies", Some(3)), Ok(3));
    let err = super::team_seat(&four, "spies", Some(0)).unwrap_err();
    assert!(err.contains("seat 0 plays the villains") && err.contains("seat 2 or 3"), "{err}");
    let err = super::team_seat(&two, "pirates", None).unwrap_err();
    assert!(err.contains("`spies` and `villains`"), "{err}");
    let err = crate::play::games::team_seat("abagio", &json!({}), "spies", None).unwrap_err();
    assert!(err.contains("not") && err.contains("--seat"), "{err}");
    let err = crate::play::games::team_seat("sabotage-pipes", &json!({}), "spies", None).unwrap_err();
    assert!(err.contains("--seat"), "{err}");
}

/// `docs/play-sabotage-spies-screenshot.txt` is the Villains' play screen at 80×24 while
/// they plan the third round. `TABULA_BLESS=1 cargo test -p tabula-cli
/// docs_play_sabotage_spies_screenshot_is_current` rewrites it.
#[test]
fn docs_play_sabotage_spies_screenshot_is_current() {
    let mut app = app_with(json!({"players": 2}), 0, 4);
    assert!(play_until(&mut app, 4, |app| in_plan(app) && table(app).view.round >= 3));
    app.status.text = "Your turn: ↑/↓ and Enter, or type a move in notation after `:`.".to_owned();
    let screen = render(&app, 80, 24);
    crate::play::tests::golden_screen("docs/play-sabotage-spies-screenshot.txt", &screen);
}
