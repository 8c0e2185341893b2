//! The Abagio board in `tabula play`, without a terminal: keys in, a test buffer out.

use std::time::{Duration, Instant};

use crossterm::event::KeyCode;
use serde_json::json;
use tabula_abagio::{Phase, Square};
use tabula_core::Turn;

use super::AbagioScreen;
use super::moves::{Offer, Picker};
use super::table::{self as abagio, Place};
use crate::play::app::{App, Overlay};
use crate::play::games;
use crate::play::session::{Config, Session};
use crate::play::tests::{press, render, screen_of, tokens, type_command};

fn config(seat: usize, bot: &str, seed: u64) -> Config {
    Config {
        game: "abagio".to_owned(),
        options: json!({}),
        seat,
        bot: bot.to_owned(),
        seed,
        name: "tester".to_owned(),
        // No bot options (null), and whatever else a session may be given, as by default.
        ..Config::default()
    }
}

fn app_with(seat: usize, bot: &str, seed: u64) -> App {
    crate::play::tests::app_with(&config(seat, bot, seed))
}

fn abagio_view(app: &App) -> tabula_abagio::View {
    AbagioScreen::view(&app.session).expect("a game of Abagio")
}

fn chooser(app: &App) -> &Picker {
    &screen_of::<AbagioScreen>(app).picker
}

fn offer(app: &App) -> Offer {
    Offer::read(&abagio_view(app), &app.session.legal())
}

/// Plays the person's seat with a greedy bot of its own (typing its moves in the command
/// line) until the person has begun `turns` turns, stopping when they are to leap.
fn play_turns(app: &mut App, turns: usize, seed: u64) {
    let registry = tabula_registry::registry();
    let mut me = registry.make_bot("abagio", "greedy", &json!({}), seed).unwrap();
    let mut started = 0;
    let mut last_turn = None;
    for _ in 0..5000 {
        app.settle();
        let view = abagio_view(app);
        assert!(!app.session.is_over(), "the game ended before turn {turns}");
        if view.state.phase == Phase::Leap && last_turn != Some(view.state.turn) {
            last_turn = Some(view.state.turn);
            started += 1;
            if started > turns {
                return;
            }
        }
        let action = me.choose(app.session.state()).unwrap();
        type_command(app, &action);
        assert!(!app.status.error, "{action}: {}", app.status.text);
    }
    panic!("the game did not reach turn {turns}");
}

/// Plays on until the person may leap and some leap hits a frog; returns that frog's place.
fn until_a_hit(app: &mut App, seed: u64) -> Place {
    for _ in 0..200 {
        play_turns(app, 1, seed);
        let view = abagio_view(app);
        let offer = offer(app);
        for place in offer.movable() {
            let mut picker = chooser(app).synced(&view, &app.session.legal());
            picker.cursor = place;
            if picker.choices(&view, &offer, "greedy").iter().any(|c| c.effect.contains("hits")) {
                return place;
            }
        }
    }
    panic!("no hit offered in 200 turns");
}

/// Chooses `place` by typing its number, which opens the list of its leaps.
fn choose_by_number(app: &mut App, place: Place) {
    for c in place.number().chars() {
        press(app, KeyCode::Char(c));
    }
    if !chooser(app).typed.is_empty() {
        press(app, KeyCode::Enter);
    }
    assert!(!app.status.error, "{}", app.status.text);
    assert_eq!(chooser(app).cursor, place);
    assert!(chooser(app).in_list);
}

#[test]
fn mid_game_shows_stacks_pond_root_and_dice() {
    let mut app = app_with(0, "greedy", 3);
    play_turns(&mut app, 8, 5);
    let view = abagio_view(&app);
    let state = view.state;
    let screen = render(&app, 100, 32);
    let words = tokens(&screen);
    for text in ["the pond", "Log", "Turn", "Race to go", "Opening roll", "to play", "root"] {
        assert!(screen.contains(text), "missing {text:?}:\n{screen}");
    }
    let pond = format!("red {} · purple {}", state.pond[0], state.pond[1]);
    assert!(screen.contains(&pond), "missing {pond:?}:\n{screen}");
    let root = format!("{}r {}p", state.root[0], state.root[1]);
    assert!(screen.contains(&root), "missing {root:?}:\n{screen}");
    for die in state.dice.as_slice() {
        assert!(screen.contains(&format!("[{die}]")), "die {die} missing:\n{screen}");
    }
    // Every stack, bottom to top, stands on its square: its number on the line above.
    let lines: Vec<&str> = screen.lines().collect();
    for square in Square::all() {
        let stack = state.stack(square);
        if stack.is_empty() {
            continue;
        }
        assert!(words.contains(&stack.to_string()), "stack {stack} of {square} missing:\n{screen}");
        let found = lines.windows(2).any(|pair| {
            let (above, line): (Vec<char>, Vec<char>) =
                (pair[0].chars().collect(), pair[1].chars().collect());
            let frogs: Vec<char> = format!("│ {stack} ").chars().collect();
            line.windows(frogs.len()).enumerate().any(|(i, window)| {
                let label: String = above.iter().skip(i).take(6).collect();
                window == frogs.as_slice() && tokens(&label).contains(&square.pip().to_string())
            })
        });
        assert!(found, "{square} does not show {stack}:\n{screen}");
    }
    // The frogs that can leap are marked, and the list shows the chosen frog's leaps.
    let marked = screen.matches('•').count();
    assert!(marked >= offer(&app).movable().len(), "{screen}");
    assert!(screen.contains("Leaps from"), "{screen}");
    // The log tells the rolls and the leaps in notation.
    assert!(screen.contains("greedy rolls") || screen.contains("you roll"), "{screen}");
}

#[test]
fn a_frog_then_its_leap_by_keys() {
    let mut app = app_with(0, "greedy", 3);
    let place = until_a_hit(&mut app, 5);
    let before = app.session.state().history().len();
    choose_by_number(&mut app, place);
    let view = abagio_view(&app);
    let choices = chooser(&app).choices(&view, &offer(&app), "greedy");
    let row = choices.iter().position(|c| c.effect.contains("hits")).unwrap();
    let screen = render(&app, 100, 32);
    assert!(screen.contains(&format!("{}  ", choices[row].action)), "{screen}");
    assert!(screen.contains("hits greedy's frog"), "{screen}");
    for _ in 0..row {
        press(&mut app, KeyCode::Down);
    }
    let root_before = view.state.root[1];
    press(&mut app, KeyCode::Enter);
    assert!(!app.status.error, "{}", app.status.text);
    assert!(app.status.text.contains("sending greedy's frog back to the root"), "{}", app.status.text);
    assert_eq!(app.session.state().history().len(), before + 1);
    assert_eq!(abagio_view(&app).state.root[1], root_before + 1, "back to the root");
    // Esc leaves the list; the arrows then move over the board.
    if offer(&app).leaping() {
        press(&mut app, KeyCode::Enter);
        assert!(chooser(&app).in_list);
        press(&mut app, KeyCode::Esc);
        assert!(!chooser(&app).in_list);
        let from = chooser(&app).cursor;
        let (_, col) = abagio::position(from);
        press(&mut app, if col + 1 < abagio::COLS { KeyCode::Right } else { KeyCode::Left });
        assert_ne!(chooser(&app).cursor, from);
    }
}

#[test]
fn typed_moves_and_refusals_with_the_rules_reason() {
    let mut app = app_with(0, "greedy", 3);
    play_turns(&mut app, 2, 5);
    let history = app.session.state().history().len();
    type_command(&mut app, "pass");
    assert!(app.status.error);
    assert!(app.status.text.contains("leaps to make"), "{}", app.status.text);
    type_command(&mut app, "top 30");
    assert!(app.status.error);
    assert!(app.status.text.contains("outer path"), "{}", app.status.text);
    type_command(&mut app, "21/30");
    assert!(app.status.error);
    assert!(app.status.text.contains("forward"), "{}", app.status.text);
    press(&mut app, KeyCode::Char('p'));
    assert!(app.status.error, "pass by key is refused too");
    assert!(render(&app, 100, 32).contains("✗"));
    assert_eq!(app.session.state().history().len(), history, "nothing was played");
    // A square with no frog of the person's: the cursor goes there and says why.
    let view = abagio_view(&app);
    let empty =
        Square::outer().find(|&sq| view.state.stack(sq).is_empty() && view.state.top_frog != Some(sq));
    let empty = empty.expect("an empty outer square");
    type_command(&mut app, &empty.pip().to_string());
    assert!(app.status.error);
    assert!(app.status.text.contains("no frog on"), "{}", app.status.text);
    assert_eq!(chooser(&app).cursor, Place::Square(empty));
    assert!(render(&app, 100, 32).contains("No leap from here"));
    // A legal leap typed in notation is played.
    let leap = app.session.legal()[0].clone();
    type_command(&mut app, &leap);
    assert!(!app.status.error, "{}", app.status.text);
    assert!(app.status.text.starts_with("You leap"), "{}", app.status.text);
}

/// Plays a whole game with keys only, in turn by Tab, by typing a square's number, and by
/// the frog the cursor starts on; for the Top Frog, `p`, the list, or a square's number.
fn play_by_keys(app: &mut App) -> usize {
    let mut tops = 0;
    for step in 0..50_000usize {
        app.settle();
        if app.session.is_over() {
            return tops;
        }
        assert!(app.session.is_human_turn(), "{}", app.status.text);
        let history = app.session.state().history().len();
        let offer = offer(app);
        if offer.topping() {
            tops += 1;
            match step % 3 {
                0 => press(app, KeyCode::Char('p')),
                1 => {
                    for _ in 0..step % 5 {
                        press(app, KeyCode::Down);
                    }
                    press(app, KeyCode::Enter);
                }
                _ => {
                    let square = offer.tops[step % offer.tops.len()];
                    for c in square.pip().to_string().chars() {
                        press(app, KeyCode::Char(c));
                    }
                    if !chooser(app).typed.is_empty() {
                        press(app, KeyCode::Enter);
                    }
                    assert_eq!(chooser(app).cursor, Place::Square(square));
                    press(app, KeyCode::Enter);
                }
            }
        } else {
            match step % 3 {
                0 => {
                    for _ in 0..step % 4 {
                        press(app, KeyCode::Tab);
                    }
                    press(app, KeyCode::Enter);
                    for _ in 0..step % 2 {
                        press(app, KeyCode::Down);
                    }
                }
                1 => {
                    let movable = offer.movable();
                    choose_by_number(app, movable[step % movable.len()]);
                }
                _ => press(app, KeyCode::Enter),
            }
            assert!(chooser(app).in_list, "{}", app.status.text);
            if step % 50 == 0 {
                render(app, 100, 32);
                render(app, 80, 24);
            }
            press(app, KeyCode::Enter);
        }
        assert!(!app.status.error, "{}", app.status.text);
        assert_eq!(app.session.state().history().len(), history + 1, "a move was played");
    }
    panic!("the game did not end");
}

#[test]
fn a_whole_game_by_keys_against_random_reaches_the_final_screen() {
    let record = std::env::temp_dir().join(format!("tabula-abagio-test-{}.json", std::process::id()));
    let session = Session::new(&tabula_registry::registry(), &config(0, "random", 21)).unwrap();
    let mut app = App::new(session, games::screen_for("abagio"), Duration::ZERO);
    app.record_out = Some(record.clone());
    let tops = play_by_keys(&mut app);
    assert!(tops > 0, "the Top Frog was offered");
    let view = abagio_view(&app);
    assert_eq!(view.state.phase, Phase::Over);
    let screen = render(&app, 100, 32);
    assert!(screen.contains("Game over"), "{screen}");
    assert!(screen.contains("Saved to"), "{screen}");
    let winner = view.state.winner.expect("a winner long before the turn limit");
    let headline = if winner == view.colour { "You win!" } else { "random wins" };
    assert!(screen.contains(headline), "{screen}");
    assert!(screen.contains(&format!("red {} · purple {}", view.state.pond[0], view.state.pond[1])));
    let log = app.session.log();
    assert!(log.iter().any(|l| l.text.starts_with("opening roll")), "{log:?}");
    assert!(log.last().is_some_and(|l| l.text.contains("all twelve frogs are in the pond")), "{log:?}");
    // The record replays to the same result.
    let text = std::fs::read_to_string(&record).unwrap();
    let loaded = tabula_core::Record::from_json_str(&text).unwrap();
    assert_eq!(loaded.seats, ["tester", "random"]);
    let state = tabula_registry::registry().load_record(&loaded).unwrap();
    assert_eq!(state.returns(), app.session.state().returns());
    std::fs::remove_file(&record).ok();
    render(&app, 80, 24);
    press(&mut app, KeyCode::Enter);
    assert!(app.should_quit());
}

#[test]
fn a_whole_game_by_keys_against_greedy_as_purple() {
    let mut app = app_with(1, "greedy", 8);
    play_by_keys(&mut app);
    let view = abagio_view(&app);
    assert_eq!(view.colour, tabula_abagio::Colour::Purple);
    let screen = render(&app, 100, 32);
    assert!(screen.contains("Game over"), "{screen}");
    let log = app.session.log();
    assert!(log.iter().any(|l| l.seat == Some(0) && l.text.starts_with("leaps")), "greedy leaps: {log:?}");
    assert!(log.iter().any(|l| l.seat == Some(1) && l.text.starts_with("leap ")), "you leap: {log:?}");
}

#[test]
fn bots_wait_for_the_delay() {
    let session = Session::new(&tabula_registry::registry(), &config(0, "greedy", 3)).unwrap();
    let mut app = App::new(session, games::screen_for("abagio"), Duration::from_millis(300));
    let mut now = Instant::now();
    for _ in 0..200 {
        app.tick(now);
        if app.session.turn() == Turn::Player(1) {
            break;
        }
        // The person's turn: let greedy of our own play it.
        let mut me = tabula_registry::registry().make_bot("abagio", "greedy", &json!({}), 1).unwrap();
        let action = me.choose(app.session.state()).unwrap();
        type_command(&mut app, &action);
    }
    assert_eq!(app.session.turn(), Turn::Player(1), "greedy's turn comes");
    let history = app.session.state().history().len();
    app.tick(now);
    assert_eq!(app.session.state().history().len(), history, "greedy waits for its delay");
    press(&mut app, KeyCode::Enter);
    assert!(app.status.text.contains("Waiting for greedy"), "{}", app.status.text);
    now += Duration::from_millis(301);
    app.tick(now);
    assert!(app.session.state().history().len() > history, "greedy has moved");
}

#[test]
fn the_top_frog_is_offered_as_choices() {
    let mut app = app_with(0, "greedy", 3);
    let registry = tabula_registry::registry();
    let mut me = registry.make_bot("abagio", "greedy", &json!({}), 9).unwrap();
    for _ in 0..5000 {
        app.settle();
        assert!(!app.session.is_over(), "no Top Frog decision came");
        if offer(&app).topping() {
            break;
        }
        let action = me.choose(app.session.state()).unwrap();
        type_command(&mut app, &action);
    }
    let screen = render(&app, 100, 32);
    assert!(screen.contains("The Top Frog"), "{screen}");
    assert!(screen.contains("[p] pass"), "{screen}");
    assert!(screen.contains("takes the Top Frog"), "{screen}");
    press(&mut app, KeyCode::Down);
    let Place::Square(square) = chooser(&app).cursor else { panic!("the cursor is on a square") };
    press(&mut app, KeyCode::Enter);
    assert!(!app.status.error, "{}", app.status.text);
    assert_eq!(app.status.text, format!("You put the Top Frog on {}.", square.pip()));
    app.settle();
    let view = abagio_view(&app);
    if view.state.phase == Phase::Leap && view.state.to_move == view.colour.other() {
        assert_eq!(view.state.top_frog, Some(square));
    }
    let screen = render(&app, 100, 32);
    assert!(screen.contains("TOP") || view.state.top_frog.is_none(), "{screen}");
}

#[test]
fn every_window_renders_at_every_size() {
    let mut app = app_with(0, "greedy", 3);
    play_turns(&mut app, 5, 5);
    press(&mut app, KeyCode::Enter);
    let overlays = [None, Some(Overlay::Help), Some(Overlay::ConfirmQuit)];
    for overlay in overlays {
        app.overlay = overlay;
        for (w, h) in [(80, 24), (100, 32), (132, 43), (250, 70), (79, 23), (1, 1)] {
            render(&app, w, h);
        }
    }
    app.overlay = Some(Overlay::Help);
    let help = render(&app, 100, 32);
    assert!(help.contains("Typing moves") && help.contains("root/22"), "{help}");
}

#[test]
fn the_minimal_size_shows_the_whole_board() {
    let mut app = app_with(0, "greedy", 3);
    play_turns(&mut app, 6, 5);
    let view = abagio_view(&app);
    let screen = render(&app, 80, 24);
    let words = tokens(&screen);
    for square in Square::all() {
        let number = square.pip().to_string();
        assert!(words.contains(&number), "{square} missing:\n{screen}");
        let stack = view.state.stack(square);
        if !stack.is_empty() {
            assert!(screen.contains(&format!("{number} {stack}")), "{square}: {stack} missing:\n{screen}");
        }
    }
    for text in ["the pond", "Leaps from", "Log", "Tab"] {
        assert!(screen.contains(text), "missing {text:?}:\n{screen}");
    }
    assert!(screen.contains(&format!("{}r {}p", view.state.root[0], view.state.root[1])), "{screen}");
}

/// `docs/play-abagio-screenshot.txt` is what it says: the play screen at 100×32 in the middle of a
/// game, a frog chosen and a hit among its leaps. Run with
/// `TABULA_BLESS=1 cargo test -p tabula-cli docs_play_abagio_screenshot_is_current` rewrites it.
#[test]
fn docs_play_abagio_screenshot_is_current() {
    // Late in a game (turn 191 of 4 against greedy): frogs in both ponds, stacks, the Top
    // Frog on the board.
    let mut app = app_with(0, "greedy", 4);
    play_turns(&mut app, 95, 5);
    let place = until_a_hit(&mut app, 5);
    choose_by_number(&mut app, place);
    app.status.text = "Your turn: choose a frog (Tab, arrows or its number), then its leap.".to_owned();
    let screen = render(&app, 100, 32);
    crate::play::tests::golden_screen("docs/play-abagio-screenshot.txt", &screen);
}

#[test]
fn help_wraps_and_scrolls_at_every_size() {
    let mut app = app_with(0, "greedy", 3);
    app.settle();
    for (w, h) in [(80, 24), (100, 32), (132, 43)] {
        press(&mut app, KeyCode::Char('?'));
        let mut seen = String::new();
        for _ in 0..6 {
            seen.push_str(&render(&app, w, h));
            press(&mut app, KeyCode::PageDown);
        }
        // The sentence that explains how squares are numbered, wrapped, is all there.
        let words: Vec<&str> = seen.split_whitespace().collect();
        let text = words.join(" ").replace("│ │", " ").replace('│', "");
        for phrase in ["Squares are numbered by their distance", "7 to 2 are your safe sector", "20/14 14/8"]
        {
            let found = phrase.split(' ').all(|word| text.contains(word));
            assert!(found, "{w}×{h}: {phrase:?} missing:\n{seen}");
        }
        assert!(seen.contains("the last square before"), "{w}×{h}:\n{seen}");
        press(&mut app, KeyCode::Char('z'));
        assert_eq!(app.overlay, None);
    }
}

#[test]
fn several_leaps_on_one_line_play_in_order_or_not_at_all() {
    let mut app = app_with(0, "greedy", 3);
    play_turns(&mut app, 2, 5);
    // Two leaps that follow each other, found on a copy of the game.
    let legal = app.session.legal();
    let pair = legal.iter().find_map(|first| {
        let mut copy = app.session.state().clone_box();
        copy.apply(first).ok()?;
        let second = copy.legal_actions().into_iter().find(|a| a.contains('/'))?;
        Some((first.clone(), second))
    });
    let (first, second) = pair.expect("a turn of two leaps");
    let history = app.session.state().history().len();
    type_command(&mut app, &format!("{first} 25/30"));
    assert!(app.status.error);
    assert!(app.status.text.starts_with("25/30: "), "the failing leap's reason: {}", app.status.text);
    assert_eq!(app.session.state().history().len(), history, "nothing was played");
    type_command(&mut app, &format!("{first} {second}"));
    assert!(!app.status.error, "{}", app.status.text);
    assert_eq!(app.session.state().history().len(), history + 2);
    let log: Vec<&str> = app.session.log().iter().rev().take(3).map(|l| l.text.as_str()).collect();
    let to = second.split_once('/').map_or("", |(_, to)| to);
    assert!(log.iter().any(|t| t.starts_with("leap from") && t.contains(&format!(" to {to}"))), "{log:?}");
    assert!(!log.iter().any(|t| t.contains("no leap is left") && t.contains(&first)), "{log:?}");
}
