//! The play screen without a terminal: keys in, a test buffer out.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use serde_json::{Value, json};
use tabula_core::doc_example::Nim;
use tabula_core::{GameEntry, Registry, Turn};
use tabula_sabotage_pipes::{Card, Phase};

use super::app::{App, Input, Overlay};
use super::sabotage;
use super::session::{Config, Session};
use super::ui;

fn config(options: Value, seat: usize, bot: &str, seed: u64) -> Config {
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

fn app_with(config: &Config) -> App {
    let session = Session::new(&tabula_registry::registry(), config).expect("a valid session");
    App::new(session, Duration::ZERO, None)
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

pub(super) fn press(app: &mut App, code: KeyCode) {
    app.on_key(key(code));
}

/// Types `text` into the command line and presses Enter.
pub(super) fn type_command(app: &mut App, text: &str) {
    press(app, KeyCode::Char(':'));
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
    press(app, KeyCode::Enter);
}

/// The screen as plain text, one line per row.
pub(super) fn render(app: &App, width: u16, height: u16) -> String {
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

pub(super) fn tokens(text: &str) -> HashSet<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|t| !t.is_empty()).map(str::to_owned).collect()
}

/// Plays the person's seat with a greedy bot of its own (typing its moves), until the
/// person has played `turns` cards, stopping at the person's next card play.
fn play_turns(app: &mut App, turns: usize, seed: u64) {
    let registry = tabula_registry::registry();
    let mut me = registry.make_bot("sabotage-pipes", "greedy", &json!({}), seed).unwrap();
    let mut played = 0;
    for _ in 0..2000 {
        app.settle();
        if app.overlay.is_some() {
            press(app, KeyCode::Enter);
            continue;
        }
        let view = app.session.sabotage_view().unwrap();
        if view.is_over() || (played == turns && view.phase == Phase::Play) {
            return;
        }
        let action = me.choose(app.session.state()).unwrap();
        if view.phase == Phase::Play {
            played += 1;
        }
        type_command(app, &action);
        assert!(!app.status.error, "{action}: {}", app.status.text);
    }
    panic!("the game did not reach turn {turns}");
}

#[test]
fn mid_game_shows_roofs_hand_and_no_hidden_card() {
    let mut app = app_with(&config(json!({}), 0, "greedy", 11));
    play_turns(&mut app, 6, 5);
    let view = app.session.sabotage_view().unwrap();
    assert_eq!(view.round, 0, "still in the first round");
    let screen = render(&app, 100, 32);
    for text in ["Your roof", "greedy's roof", "Your hand (9)", "Round 1 of 4", "Stock", "Scores", "Log"] {
        assert!(screen.contains(text), "missing {text:?}:\n{screen}");
    }
    let words = tokens(&screen);
    for card in view.hand.distinct() {
        assert!(words.contains(&card.to_string()), "hand card {card} missing:\n{screen}");
    }
    for roof in &view.roofs {
        for card in roof.iter().flatten() {
            assert!(words.contains(&card.to_string()), "roof card {card} missing:\n{screen}");
        }
    }
    // Every card of the opponent's hand that the person cannot know of (not in their hand,
    // on a roof or in the discard pile) is nowhere on the screen.
    let erased = sabotage::erased(app.session.state()).unwrap();
    let theirs = erased.concrete_state().hands[1];
    let public: HashSet<Card> = view
        .hand
        .distinct()
        .chain(view.discards.distinct())
        .chain(view.roofs.iter().flatten().flatten().copied())
        .collect();
    let hidden: Vec<Card> = theirs.distinct().filter(|c| !public.contains(c)).collect();
    assert!(!hidden.is_empty(), "the test needs a hidden card");
    for card in hidden {
        assert!(!words.contains(&card.to_string()), "hidden card {card} leaked:\n{screen}");
    }
}

#[test]
fn the_selected_card_lists_its_targets() {
    let mut app = app_with(&config(json!({}), 0, "greedy", 11));
    play_turns(&mut app, 2, 5);
    let hand = app.hand();
    for (i, card) in hand.iter().enumerate() {
        press(&mut app, KeyCode::Char(char::from(b'1' + i as u8)));
        assert_eq!(app.selected_card(), Some(*card));
        let choices = app.choices();
        let discard = format!("discard {card}");
        assert_eq!(choices.last().map(|c| c.action.as_str()), Some(discard.as_str()));
        let legal = app.session.legal();
        for choice in &choices {
            assert!(legal.contains(&choice.action), "{} is not legal", choice.action);
        }
        let screen = render(&app, 100, 32);
        assert!(screen.contains(&discard), "{screen}");
    }
    // ← wraps around to the last card.
    press(&mut app, KeyCode::Char('1'));
    press(&mut app, KeyCode::Left);
    assert_eq!(app.card, hand.len() - 1);
}

#[test]
fn refused_moves_say_why() {
    let mut app = app_with(&config(json!({}), 0, "greedy", 11));
    play_turns(&mut app, 1, 5);
    let view = app.session.sabotage_view().unwrap();
    let missing = Card::all().find(|c| c.colour().is_some() && !view.hand.contains(*c)).unwrap();
    type_command(&mut app, &format!("discard {missing}"));
    assert!(app.status.error);
    assert!(app.status.text.contains("you have no"), "{}", app.status.text);
    type_command(&mut app, "Ao sideways");
    assert!(app.status.error);
    assert!(app.status.text.contains("own"), "{}", app.status.text);
    press(&mut app, KeyCode::Char('e'));
    assert!(app.status.error, "ending mid-turn is refused");
    let screen = render(&app, 100, 32);
    assert!(screen.contains("✗"), "{screen}");
    // Nothing was played.
    assert_eq!(app.session.sabotage_view().unwrap(), view);
}

#[test]
fn moves_out_of_turn_are_refused() {
    let mut app = app_with(&config(json!({}), 1, "greedy", 3));
    // Seat 1 waits for seat 0's first move; bots have not moved yet.
    let mut app_delay = {
        let session = Session::new(&tabula_registry::registry(), &config(json!({}), 1, "greedy", 3)).unwrap();
        App::new(session, Duration::from_millis(300), None)
    };
    let start = Instant::now();
    app_delay.tick(start);
    assert_eq!(app_delay.session.turn(), Turn::Player(0), "the bot waits for its delay");
    type_command(&mut app_delay, "discard Ao");
    assert!(app_delay.status.error);
    assert!(app_delay.status.text.contains("greedy's turn"), "{}", app_delay.status.text);
    app_delay.tick(start + Duration::from_millis(301));
    assert_ne!(app_delay.session.turn(), Turn::Player(0), "the bot has moved");
    app.settle();
    assert!(app.session.is_human_turn());
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
fn every_window_renders_at_every_size() {
    let mut app = app_with(&config(json!({"players": 4}), 2, "greedy", 13));
    play_turns(&mut app, 3, 1);
    let overlays = [None, Some(Overlay::Help), Some(Overlay::ConfirmQuit)];
    for overlay in overlays {
        app.overlay = overlay;
        for (w, h) in [(80, 24), (100, 32), (132, 43), (250, 70), (79, 23), (1, 1)] {
            render(&app, w, h);
        }
    }
}

#[test]
fn a_small_terminal_gets_a_message() {
    let app = app_with(&config(json!({}), 0, "random", 1));
    let screen = render(&app, 60, 20);
    assert!(screen.contains("too small"), "{screen}");
}

/// Plays a whole game with keys only: `d`/`e` at the start of a turn, `a`/`r` when the
/// partner asks, a card number and Enter otherwise; Enter closes each round's summary.
fn play_by_keys(app: &mut App) -> (usize, usize) {
    let (mut rounds_seen, mut consents) = (0, 0);
    for step in 0..20_000 {
        app.settle();
        if app.session.is_over() {
            return (rounds_seen, consents);
        }
        if let Some(Overlay::RoundOver(_)) = app.overlay {
            let screen = render(app, 100, 32);
            assert!(screen.contains("is over"), "{screen}");
            rounds_seen += 1;
            press(app, KeyCode::Enter);
            continue;
        }
        assert!(app.session.is_human_turn(), "{}", app.status.text);
        let view = app.session.sabotage_view().unwrap();
        match view.phase {
            Phase::Start if view.values[view.player as usize % 2] >= 7 => press(app, KeyCode::Char('e')),
            Phase::Start if view.stock > 0 => press(app, KeyCode::Char('d')),
            Phase::Consent => {
                consents += 1;
                let screen = render(app, 100, 32);
                assert!(screen.contains("Your partner asks to end the round"), "{screen}");
                assert!(screen.contains("[a] agree") && screen.contains("[r] refuse"), "{screen}");
                press(app, KeyCode::Char(if step % 2 == 0 { 'a' } else { 'r' }));
            }
            _ => {
                let cards = app.hand().len();
                press(app, KeyCode::Char(char::from(b'1' + (step % cards) as u8)));
                press(app, KeyCode::Down);
                press(app, KeyCode::Enter);
            }
        }
        assert!(!app.status.error, "{}", app.status.text);
    }
    panic!("the game did not end");
}

#[test]
fn a_whole_game_by_keys_reaches_the_final_screen() {
    let record = std::env::temp_dir().join(format!("tabula-play-test-{}.json", std::process::id()));
    let session = Session::new(&tabula_registry::registry(), &config(json!({}), 0, "random", 21)).unwrap();
    let mut app = App::new(session, Duration::ZERO, Some(record.clone()));
    let (rounds_seen, _) = play_by_keys(&mut app);
    assert_eq!(rounds_seen, 3, "a summary after each round but the last");
    let screen = render(&app, 100, 32);
    assert!(screen.contains("Game over"), "{screen}");
    assert!(screen.contains("last round's roofs"), "{screen}");
    assert!(screen.contains("Record saved to"), "{screen}");
    // The record replays to the same result.
    let text = std::fs::read_to_string(&record).unwrap();
    let loaded = tabula_core::Record::from_json_str(&text).unwrap();
    assert_eq!(loaded.seats, ["tester", "random"]);
    let state = tabula_registry::registry().load_record(&loaded).unwrap();
    assert_eq!(state.returns(), app.session.state().returns());
    std::fs::remove_file(&record).ok();
    // Each round's last roofs, as shown, have the values the round was scored with.
    for end in app.session.round_ends() {
        let values = end.roofs.map(|roof| tabula_sabotage_pipes::roof_value(&roof));
        assert_eq!(values, end.result.values);
    }
    press(&mut app, KeyCode::Enter);
    assert!(app.should_quit());
}

#[test]
fn four_players_with_a_partner() {
    let mut app = app_with(&config(json!({"players": 4}), 1, "greedy", 2));
    app.settle();
    let screen = render(&app, 100, 32);
    for text in ["Your team's roof", "Their roof", "greedy-3", "your team", "their team"] {
        assert!(screen.contains(text), "missing {text:?}:\n{screen}");
    }
    let (_, consents) = play_by_keys(&mut app);
    assert!(consents > 0, "the partner asked to end a round at least once");
    assert!(render(&app, 100, 32).contains("Game over"));
}

#[test]
fn round_summaries_match_the_scores() {
    let mut app = app_with(&config(json!({"rounds": 2}), 0, "greedy", 4));
    play_by_keys(&mut app);
    let view = app.session.sabotage_view().unwrap();
    assert_eq!(app.session.round_ends().len(), 2);
    for (end, result) in app.session.round_ends().iter().zip(view.results.as_slice()) {
        assert_eq!(end.result, *result);
    }
}

fn nim_registry() -> Registry {
    let mut registry = tabula_registry::registry();
    registry.register(GameEntry::of::<Nim>(tabula_ai::make_bot::<Nim>, tabula_ai::BOT_NAMES));
    registry
}

#[test]
fn another_game_gets_the_generic_screen() {
    let config = Config { game: "nim".to_owned(), options: json!({}), ..config(json!({}), 0, "random", 2) };
    let session = Session::new(&nim_registry(), &config).unwrap();
    let mut app = App::new(session, Duration::ZERO, None);
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

/// Writes `docs/play-screenshot.txt`: the play screen at 100×32 in the middle of a game.
/// Run with `cargo test -p tabula-cli -- --ignored write_play_screenshot`.
#[test]
#[ignore = "writes docs/play-screenshot.txt"]
fn write_play_screenshot() {
    let mut app = app_with(&config(json!({}), 0, "greedy", 2024));
    // A few turns in, once the hand holds a wrench to show its targets and their effects.
    let mut wrench = None;
    for _ in 0..30 {
        play_turns(&mut app, 1, 7);
        let cards = app.session.sabotage_view().unwrap().roofs.iter().flatten().flatten().count();
        wrench = app.hand().iter().position(|c| c.to_string().starts_with('W'));
        if wrench.is_some() && cards >= 9 {
            break;
        }
    }
    press(&mut app, KeyCode::Char(char::from(b'1' + wrench.unwrap_or(0) as u8)));
    press(&mut app, KeyCode::Down);
    app.status.text = "Your turn: choose a card, then where it goes.".to_owned();
    let screen = render(&app, 100, 32);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/play-screenshot.txt");
    std::fs::write(&path, screen).unwrap();
}

#[test]
fn explain_logs_what_a_searching_bot_weighed() {
    let config = Config {
        game: "nim".to_owned(),
        options: json!({}),
        explain: true,
        ..config(json!({}), 0, "mcts", 2)
    };
    let mut session = Session::new(&nim_registry(), &config).unwrap();
    while let Some(step) = session.auto_step() {
        step.unwrap();
    }
    session.play("take 1").unwrap();
    while let Some(step) = session.auto_step() {
        step.unwrap();
    }
    let line = session.log().iter().find(|l| l.seat == Some(1) && l.text.starts_with("weighed")).cloned();
    let line = line.unwrap_or_else(|| panic!("no explanation in {:?}", session.log()));
    assert!(line.text.contains("take") && line.text.contains('×'), "{}", line.text);
    // Without --explain the log says only what was played.
    let quiet = Config { explain: false, ..config };
    let mut session = Session::new(&nim_registry(), &quiet).unwrap();
    while let Some(step) = session.auto_step() {
        step.unwrap();
    }
    session.play("take 1").unwrap();
    while let Some(step) = session.auto_step() {
        step.unwrap();
    }
    assert!(session.log().iter().all(|l| !l.text.starts_with("weighed")));
}

#[test]
fn difficulty_levels_are_bots_to_play_against() {
    for level in ["easy", "medium", "hard"] {
        let session = Session::new(&tabula_registry::registry(), &config(json!({}), 0, level, 1));
        assert!(session.is_ok(), "{level}");
    }
}
