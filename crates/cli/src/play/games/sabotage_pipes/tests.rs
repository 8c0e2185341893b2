//! The Sabotage table in `tabula play`, without a terminal: keys in, a test buffer out.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use crossterm::event::KeyCode;
use serde_json::json;
use tabula_core::Turn;
use tabula_sabotage_pipes::{Card, Phase};

use super::SabotageScreen;
use crate::play::app::{App, Overlay};
use crate::play::games;
use crate::play::screen::erased;
use crate::play::session::{Config, Session};
use crate::play::tests::{config, press, render, screen_of, tokens, type_command};

fn app_with(config: &Config) -> App {
    crate::play::tests::app_with(config)
}

fn sabotage_view(app: &App) -> tabula_sabotage_pipes::View {
    SabotageScreen::view(&app.session).expect("a game of Sabotage")
}

fn sabotage(app: &App) -> &SabotageScreen {
    screen_of::<SabotageScreen>(app)
}

fn hand(app: &App) -> Vec<Card> {
    SabotageScreen::hand(&app.session)
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
        let view = sabotage_view(app);
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
    let view = sabotage_view(&app);
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
    let erased = erased::<tabula_sabotage_pipes::SabotagePipes>(app.session.state()).unwrap();
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
    let hand = hand(&app);
    for (i, card) in hand.iter().enumerate() {
        press(&mut app, KeyCode::Char(char::from(b'1' + i as u8)));
        assert_eq!(sabotage(&app).selected_card(&app.session), Some(*card));
        let choices = sabotage(&app).choices(&app.session);
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
    assert_eq!(sabotage(&app).card, hand.len() - 1);
}

#[test]
fn refused_moves_say_why() {
    let mut app = app_with(&config(json!({}), 0, "greedy", 11));
    play_turns(&mut app, 1, 5);
    let view = sabotage_view(&app);
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
    assert_eq!(sabotage_view(&app), view);
}

#[test]
fn moves_out_of_turn_are_refused() {
    let mut app = app_with(&config(json!({}), 1, "greedy", 3));
    // Seat 1 waits for seat 0's first move; bots have not moved yet.
    let mut app_delay = {
        let session = Session::new(&tabula_registry::registry(), &config(json!({}), 1, "greedy", 3)).unwrap();
        App::new(session, games::screen_for("sabotage-pipes"), Duration::from_millis(300))
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

/// Plays a whole game with keys only: `d`/`e` at the start of a turn, `a`/`r` when the
/// partner asks, a card number and Enter otherwise; Enter closes each round's summary.
fn play_by_keys(app: &mut App) -> (usize, usize) {
    let (mut rounds_seen, mut consents) = (0, 0);
    for step in 0..20_000 {
        app.settle();
        if app.session.is_over() {
            return (rounds_seen, consents);
        }
        if let Some(Overlay::Window(_)) = app.overlay {
            let screen = render(app, 100, 32);
            assert!(screen.contains("is over"), "{screen}");
            rounds_seen += 1;
            press(app, KeyCode::Enter);
            continue;
        }
        assert!(app.session.is_human_turn(), "{}", app.status.text);
        let view = sabotage_view(app);
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
                let cards = hand(app).len();
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
    let mut app = App::new(session, games::screen_for("sabotage-pipes"), Duration::ZERO);
    app.record_out = Some(record.clone());
    let (rounds_seen, _) = play_by_keys(&mut app);
    assert_eq!(rounds_seen, 3, "a summary after each round but the last");
    let screen = render(&app, 100, 32);
    assert!(screen.contains("Game over"), "{screen}");
    assert!(screen.contains("last round's roofs"), "{screen}");
    assert!(screen.contains("Saved to"), "{screen}");
    // The record replays to the same result.
    let text = std::fs::read_to_string(&record).unwrap();
    let loaded = tabula_core::Record::from_json_str(&text).unwrap();
    assert_eq!(loaded.seats, ["tester", "random"]);
    let state = tabula_registry::registry().load_record(&loaded).unwrap();
    assert_eq!(state.returns(), app.session.state().returns());
    std::fs::remove_file(&record).ok();
    // Each round's last roofs, as shown, have the values the round was scored with.
    for end in sabotage(&app).round_ends() {
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
    let view = sabotage_view(&app);
    assert_eq!(sabotage(&app).round_ends().len(), 2);
    for (end, result) in sabotage(&app).round_ends().iter().zip(view.results.as_slice()) {
        assert_eq!(end.result, *result);
    }
}

/// `docs/play-screenshot.txt` is what it says: the play screen at 100×32 in the middle of a game.
/// `TABULA_BLESS=1 cargo test -p tabula-cli docs_play_screenshot_is_current` rewrites it.
#[test]
fn docs_play_screenshot_is_current() {
    let mut app = app_with(&config(json!({}), 0, "greedy", 2024));
    // A few turns in, once the hand holds a wrench to show its targets and their effects.
    let mut wrench = None;
    for _ in 0..30 {
        play_turns(&mut app, 1, 7);
        let cards = sabotage_view(&app).roofs.iter().flatten().flatten().count();
        wrench = hand(&app).iter().position(|c| c.to_string().starts_with('W'));
        if wrench.is_some() && cards >= 9 {
            break;
        }
    }
    press(&mut app, KeyCode::Char(char::from(b'1' + wrench.unwrap_or(0) as u8)));
    press(&mut app, KeyCode::Down);
    app.status.text = "Your turn: choose a card, then where it goes.".to_owned();
    let screen = render(&app, 100, 32);
    crate::play::tests::golden_screen("docs/play-screenshot.txt", &screen);
}

#[test]
fn nine_cards_show_at_the_minimal_size() {
    // The seed of issue 11: the ninth card was hidden at 80×24.
    let mut app = app_with(&config(json!({}), 0, "greedy", 745142));
    play_turns(&mut app, 0, 5);
    let cards = hand(&app);
    assert_eq!(cards.len(), 9);
    let screen = render(&app, 80, 24);
    let row = screen.lines().skip_while(|l| !l.contains("Your hand (9)")).nth(1).expect("the hand's row");
    for (i, card) in cards.iter().enumerate() {
        let shown = row.contains(&format!("{}{card}", i + 1)) || row.contains(&format!("{}[{card}]", i + 1));
        assert!(shown, "card {} ({card}) missing at 80×24:\n{screen}", i + 1);
    }
}

#[test]
fn ending_with_a_weak_roof_says_why_in_full() {
    let mut app = app_with(&config(json!({}), 0, "greedy", 745142));
    play_turns(&mut app, 0, 5);
    assert!(sabotage_view(&app).values[0] < 5);
    press(&mut app, KeyCode::Char('e'));
    assert!(app.status.error);
    assert!(app.status.text.starts_with("your roof is worth 0"), "{}", app.status.text);
    // The whole reason shows at 80 columns, wrapped under the table.
    let screen = render(&app, 80, 24);
    assert!(screen.contains("(rules §Ending)"), "{screen}");
}
