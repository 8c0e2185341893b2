//! The play screen without a terminal: keys in, a test buffer out. The helpers here are
//! shared by each game's screen tests.

use std::collections::HashSet;
use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use serde_json::{Value, json};
use tabula_core::doc_example::Nim;
use tabula_core::{GameEntry, Registry};

use super::app::{App, Input, Overlay};
use super::games;
use super::session::{Config, Session};
use super::ui;

/// A Sabotage session's settings against `bot`, for the screen tests.
pub fn config(options: Value, seat: usize, bot: &str, seed: u64) -> Config {
    Config {
        game: "sabotage-pipes".to_owned(),
        options,
        seat,
        bot: bot.to_owned(),
        bot_options: json!({}),
        seed,
        name: "tester".to_owned(),
        explain: false,
    }
}

/// The play screen of a new session, bots moving without delay.
pub(crate) fn app_with(config: &Config) -> App {
    let session = Session::new(&tabula_registry::registry(), config).expect("a valid session");
    App::new(session, games::screen_for(&config.game), Duration::ZERO)
}

/// The game's own screen, as its type.
pub(crate) fn screen_of<T: 'static>(app: &App) -> &T {
    app.screen.as_any().downcast_ref::<T>().expect("the game's own screen")
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

pub(crate) fn press(app: &mut App, code: KeyCode) {
    app.on_key(key(code));
}

/// Types `text` into the command line and presses Enter.
pub(crate) fn type_command(app: &mut App, text: &str) {
    press(app, KeyCode::Char(':'));
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
    press(app, KeyCode::Enter);
}

/// The screen as plain text, one line per row.
pub(crate) fn render(app: &App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal.draw(|frame| ui::draw(frame, app)).expect("drawing into a buffer");
    let buffer = terminal.backend().buffer();
    let mut text = String::new();
    for y in 0..buffer.area.height {
        let row: String = (0..buffer.area.width).map(|x| buffer[(x, y)].symbol()).collect();
        text.push_str(row.trim_end());
        text.push('\n');
    }
    text
}

pub(crate) fn tokens(text: &str) -> HashSet<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|t| !t.is_empty()).map(str::to_owned).collect()
}

fn nim_registry() -> Registry {
    let mut registry = tabula_registry::registry();
    registry.register(GameEntry::of::<Nim>(tabula_ai::make_bot::<Nim>, tabula_ai::BOT_NAMES));
    registry
}

#[test]
fn quitting_asks_first() {
    let mut app = app_with(&config(json!({}), 0, "random", 1));
    app.settle();
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.overlay, Some(Overlay::ConfirmQuit));
    assert!(render(&app, 100, 32).contains("Leave this game?"));
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.overlay, None);
    assert!(!app.should_quit());
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.should_quit());
}

#[test]
fn help_and_command_line() {
    let mut app = app_with(&config(json!({}), 0, "random", 1));
    app.settle();
    press(&mut app, KeyCode::Char('?'));
    let screen = render(&app, 100, 32);
    assert!(screen.contains("Typing moves"), "{screen}");
    press(&mut app, KeyCode::Char('z'));
    assert_eq!(app.overlay, None);
    press(&mut app, KeyCode::Char(':'));
    for c in "Ao ow".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Backspace);
    assert_eq!(app.input, Input::Command("Ao o".to_owned()));
    assert!(render(&app, 100, 32).contains("move> Ao o"));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.input, Input::Keys);
}

#[test]
fn a_small_terminal_gets_a_message() {
    let app = app_with(&config(json!({}), 0, "random", 1));
    let screen = render(&app, 60, 20);
    assert!(screen.contains("too small"), "{screen}");
}

#[test]
fn another_game_gets_the_generic_screen() {
    let config = Config { game: "nim".to_owned(), options: json!({}), ..config(json!({}), 0, "random", 2) };
    let session = Session::new(&nim_registry(), &config).unwrap();
    let mut app = App::new(session, games::screen_for("nim"), Duration::ZERO);
    app.settle();
    let screen = render(&app, 100, 32);
    assert!(screen.contains("Your view (seat 0)"), "{screen}");
    assert!(screen.contains("1. take 1"), "{screen}");
    type_command(&mut app, "9");
    assert!(app.status.error, "no move 9");
    type_command(&mut app, "take 7");
    assert!(app.status.error, "a refused move");
    for _ in 0..20 {
        app.settle();
        if app.session.is_over() {
            break;
        }
        // By number, typed after pressing its digit.
        press(&mut app, KeyCode::Char('1'));
        press(&mut app, KeyCode::Enter);
        assert!(!app.status.error, "{}", app.status.text);
    }
    assert!(app.session.is_over());
    let screen = render(&app, 100, 32);
    assert!(screen.contains("The game is over"), "{screen}");
    assert!(screen.contains("game over: you"), "{screen}");
}

#[test]
fn bad_arguments_are_explained() {
    let registry = tabula_registry::registry();
    let err = |c: Config| Session::new(&registry, &c).err().unwrap();
    assert!(err(config(json!({}), 2, "greedy", 1)).contains("no seat 2"));
    assert!(err(config(json!({}), 0, "genius", 1)).contains("unknown bot"));
    assert!(err(config(json!({"players": 3}), 0, "greedy", 1)).contains("players"));
    let unknown = Config { game: "chess".to_owned(), ..config(json!({}), 0, "greedy", 1) };
    assert!(err(unknown).contains("unknown game"));
}

#[test]
fn explain_logs_what_a_searching_bot_weighed() {
    let config = Config {
        game: "nim".to_owned(),
        options: json!({}),
        explain: true,
        ..config(json!({}), 0, "mcts", 2)
    };
    let explained = |config: &Config| {
        let session = Session::new(&nim_registry(), config).unwrap();
        let mut app = App::new(session, games::screen_for("nim"), Duration::ZERO);
        app.settle();
        type_command(&mut app, "take 1");
        app.settle();
        app.session.log().to_vec()
    };
    let log = explained(&config);
    let at = log.iter().position(|l| l.seat == Some(1) && l.text.starts_with("weighed"));
    let at = at.unwrap_or_else(|| panic!("no explanation in {log:?}"));
    assert!(log[at].text.contains("take") && log[at].text.contains('×'), "{}", log[at].text);
    assert!(
        log[..at].iter().any(|l| l.seat == Some(1) && l.text.starts_with("take")),
        "after the move: {log:?}"
    );
    // Without --explain the log says only what was played.
    let quiet = Config { explain: false, ..config };
    assert!(explained(&quiet).iter().all(|l| !l.text.starts_with("weighed")));
}

#[test]
fn difficulty_levels_are_bots_to_play_against() {
    for level in ["easy", "medium", "hard"] {
        let session = Session::new(&tabula_registry::registry(), &config(json!({}), 0, level, 1));
        assert!(session.is_ok(), "{level}");
    }
}

/// Checks a screen shown in the docs (`path` from the repository root) against the screen
/// drawn now; `TABULA_BLESS=1` rewrites the file instead, to review like a golden file.
pub fn golden_screen(path: &str, screen: &str) {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(path);
    if std::env::var_os("TABULA_BLESS").is_some() {
        std::fs::write(&file, screen).unwrap();
        return;
    }
    let shown = std::fs::read_to_string(&file).unwrap_or_default();
    assert!(
        shown == screen,
        "{path} is not what the client draws now (TABULA_BLESS=1 rewrites it):\n{screen}"
    );
}
