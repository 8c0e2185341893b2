//! The Sabacc table in `tabula play`, without a terminal: keys in, a test buffer out.

use std::time::Duration;

use crossterm::event::KeyCode;
use serde_json::{Value, json};
use tabula_core::{DynBot, Turn};
use tabula_sabacc::{Action, Card, Phase, State};

use super::SabaccScreen;
use super::moves::Offer;
use super::table::{self as sabacc, Table, card_label};
use crate::play::app::{App, Overlay};
use crate::play::games;
use crate::play::session::{Config, Session};
use crate::play::tests::{press, render, screen_of, tokens, type_command};

fn config(options: Value, seat: usize, bot: &str, seed: u64) -> Config {
    Config {
        game: "sabacc".to_owned(),
        options,
        seat,
        bot: bot.to_owned(),
        seed,
        name: "tester".to_owned(),
        // No bot options (null), and whatever else a session may be given, as by default.
        ..Config::default()
    }
}

fn app_with(options: Value, seat: usize, bot: &str, seed: u64) -> App {
    crate::play::tests::app_with(&config(options, seat, bot, seed))
}

fn sabacc_screen(app: &App) -> &SabaccScreen {
    screen_of::<SabaccScreen>(app)
}

fn sabacc_view(app: &App) -> tabula_sabacc::View {
    Table::of(&app.session).expect("a game of Sabacc").view
}

/// The referee's state: for the tests' checks only, never for the screen.
fn referee(app: &App) -> State {
    crate::play::screen::erased::<tabula_sabacc::Sabacc>(app.session.state())
        .expect("a Sabacc game")
        .concrete_state()
        .clone()
}

/// The cards in other seats' hands that the person's seat cannot see now.
fn hidden_cards(app: &App) -> Vec<(usize, Card)> {
    let state = referee(app);
    let me = app.session.human();
    let view = sabacc_view(app);
    let mut hidden = Vec::new();
    for p in (0..state.players()).filter(|&p| p != me) {
        for (i, &card) in state.seats[p].hand.cards().iter().enumerate() {
            if view.state.seats[p].hand.card(i).is_hidden() {
                hidden.push((p, card));
            }
        }
    }
    hidden
}

/// Closes a hand's summary window (after drawing it), returning whether one was open.
fn close_summary(app: &mut App) -> bool {
    match app.overlay {
        Some(Overlay::Window(index)) => {
            let screen = render(app, 100, 32);
            let end = &sabacc_screen(app).tracker.hands()[index];
            let title = format!("Hand {} of", end.hand + 1);
            assert!(screen.contains(&title), "{screen}");
            assert!(screen.contains("Enter: play on"), "{screen}");
            press(app, KeyCode::Enter);
            assert!(app.overlay.is_none());
            true
        }
        _ => false,
    }
}

/// Plays the bot's `action` with keys: its hotkey, the arrows and Enter, or typing it.
fn play_with_keys(app: &mut App, action: &str, step: usize) {
    let table = Table::of(&app.session).unwrap();
    let legal = app.session.legal();
    let offer = Offer::read(&table.cfg, &legal);
    let picker = sabacc_screen(app).picker.synced(&table);
    let rows = picker.choices(&table, &offer);
    let parsed = Action::parse(action, table.cfg.min_bet).unwrap();
    match parsed {
        // Raises and bets: the chooser, stepped to the amount with the arrows.
        Action::Raise(k) | Action::Bet(k) => {
            let steps = if offer.raises.is_empty() { &offer.bets } else { &offer.raises };
            let at = steps.iter().position(|&s| s == k).expect("a legal amount");
            for _ in 0..at {
                press(app, KeyCode::Right);
            }
            let key = if matches!(parsed, Action::Raise(_)) { 'r' } else { 'b' };
            if step % 2 == 0 {
                press(app, KeyCode::Char(key));
            } else {
                press(app, KeyCode::Enter);
            }
        }
        // The exchange: the cards marked with digits, then `e`.
        Action::Exchange(mask) if mask != 0 => {
            for i in 0..4u8 {
                if mask >> i & 1 == 1 {
                    press(app, KeyCode::Char((b'1' + i) as char));
                }
            }
            press(app, KeyCode::Char('e'));
        }
        _ => {
            let row = rows.iter().position(|r| r.action == action).unwrap_or_else(|| {
                panic!("`{action}` is not listed: {:?}", rows.iter().map(|r| &r.action).collect::<Vec<_>>())
            });
            match (step % 3, rows[row].key) {
                (0, Some(key)) => press(app, KeyCode::Char(key)),
                (1, _) => {
                    for _ in 0..row {
                        press(app, KeyCode::Down);
                    }
                    press(app, KeyCode::Enter);
                }
                _ => type_command(app, &(row + 1).to_string()),
            }
        }
    }
}

/// Plays the person's seat with a bot of its own, by keys, until the session ends or
/// `stop` says so; checks at every decision that other seats' hidden cards stay off the
/// table. Returns the number of the person's moves.
fn play_session(app: &mut App, bot: &str, seed: u64, stop: impl Fn(&App) -> bool) -> usize {
    let registry = tabula_registry::registry();
    let mut me: Box<dyn DynBot> = registry.make_bot("sabacc", bot, &json!({}), seed).unwrap();
    let mut moves = 0;
    for step in 0..20_000usize {
        app.settle();
        if close_summary(app) {
            continue;
        }
        if app.session.is_over() || stop(app) {
            return moves;
        }
        assert!(app.session.is_human_turn(), "{}", app.status.text);
        if step % 7 == 0 {
            check_table_hides_cards(app);
        }
        if step % 40 == 0 {
            render(app, 80, 24);
        }
        let action = me.choose(app.session.state()).unwrap();
        let history = app.session.state().history().len();
        play_with_keys(app, &action, step);
        assert!(!app.status.error, "{action}: {}", app.status.text);
        assert_eq!(app.session.state().history().len(), history + 1, "`{action}` was played");
        moves += 1;
    }
    panic!("the session did not end");
}

/// Each other seat's row on the table shows a card back for each card the person cannot
/// see, and none of those cards.
fn check_table_hides_cards(app: &App) {
    let screen = render(app, 120, 40);
    let state = referee(app);
    let me = app.session.human();
    let hidden = hidden_cards(app);
    for p in (0..state.players()).filter(|&p| p != me) {
        let name = app.session.name(p);
        let Some(row) = screen.lines().find(|l| l.starts_with('│') && l.contains(&format!(" {name} ")))
        else {
            continue;
        };
        let table_part: String = row.chars().take(70).collect();
        let words = tokens(&table_part);
        let theirs: Vec<Card> = hidden.iter().filter(|(q, _)| *q == p).map(|&(_, c)| c).collect();
        for card in &theirs {
            assert!(
                !words.contains(&card_label(*card, tabula_sabacc::DeckKind::Tarot)),
                "{name}'s hidden {card} shows:\n{screen}"
            );
        }
        assert_eq!(table_part.matches("▒▒▒").count(), theirs.len(), "{name}'s backs:\n{screen}");
    }
}

#[test]
fn mid_hand_shows_the_table_and_no_hidden_card() {
    // Seat 1 answers seat 0's forced opening bet.
    let mut app = app_with(json!({}), 1, "greedy", 3);
    app.settle();
    assert!(app.session.is_human_turn());
    let screen = render(&app, 100, 32);
    let words = tokens(&screen);
    for text in
        ["Hand 1 of 10", "Hand pot", "Sabacc pot", "Your hand", "makes", "greedy-0", "greedy-3", "Log"]
    {
        assert!(screen.contains(text), "missing {text:?}:\n{screen}");
    }
    let table = Table::of(&app.session).unwrap();
    let state = table.state();
    let pot = format!("Hand pot {}   Sabacc pot {}", state.hand_pot, state.sabacc_pot);
    assert!(screen.contains(&pot), "missing {pot:?}:\n{screen}");
    for card in state.seats[1].hand.cards() {
        assert!(
            words.contains(&card_label(*card, tabula_sabacc::DeckKind::Tarot)),
            "your {card} missing:\n{screen}"
        );
    }
    let value = sabacc::hand_words(&table.cfg, state.seats[1].hand.cards(), &[]).unwrap();
    assert!(screen.contains(&value), "missing {value:?}:\n{screen}");
    // The dealer's button, the seat to act, the moves with their keys.
    assert!(screen.contains(" D greedy-3"), "{screen}");
    assert!(screen.contains("▶  you"), "{screen}");
    assert!(screen.contains("opens 2"), "{screen}");
    assert!(screen.contains("[c] call") && screen.contains("[f] fold"), "{screen}");
    // Another seat's hidden cards appear nowhere: only their backs.
    let hidden = hidden_cards(&app);
    assert_eq!(hidden.len(), 9, "three hidden cards for each of three bots");
    for (seat, card) in hidden {
        assert!(
            !words.contains(&card_label(card, tabula_sabacc::DeckKind::Tarot)),
            "seat {seat}'s hidden {card} leaked:\n{screen}"
        );
    }
    assert_eq!(screen.matches("▒▒▒").count(), 9 + 1, "nine backs and the legend's:\n{screen}");
}

#[test]
fn a_whole_session_by_keys_against_random_reaches_the_final_screen() {
    let record = std::env::temp_dir().join(format!("tabula-sabacc-test-{}.json", std::process::id()));
    let options = json!({"hands": 3, "players": 3});
    let session = Session::new(&tabula_registry::registry(), &config(options, 1, "random", 21)).unwrap();
    let mut app = App::new(session, games::screen_for("sabacc"), Duration::ZERO);
    app.record_out = Some(record.clone());
    let moves = play_session(&mut app, "greedy", 5, |_| false);
    assert!(moves > 3, "the person played");
    assert!(app.session.is_over());
    let hands = sabacc_screen(&app).tracker.hands();
    assert_eq!(hands.len(), 3, "a summary for each hand");
    let screen = render(&app, 100, 32);
    for text in ["Session over", "Saved to", "result", "random-0", "random-2", "you"] {
        assert!(screen.contains(text), "missing {text:?}:\n{screen}");
    }
    let view = sabacc_view(&app);
    let mine = i64::from(view.state.seats[1].stack) - i64::from(view.state.seats[1].bought);
    let verdict = sabacc::verdict(&app.session).unwrap();
    match mine {
        0 => assert_eq!(verdict, "you broke even"),
        n if n > 0 => assert_eq!(verdict, format!("you won {n}")),
        n => assert_eq!(verdict, format!("you lost {}", -n)),
    }
    // Money is conserved: the results add up to nothing in a friendly single game.
    let total: i64 = view.state.seats.iter().map(|s| i64::from(s.stack) - i64::from(s.bought)).sum();
    assert_eq!(total, 0);
    let log = app.session.log();
    assert!(log.iter().any(|l| l.text.contains("hand 1 of 3")), "{log:?}");
    assert!(log.iter().any(|l| l.text.starts_with("the session is over")), "{log:?}");
    // The record replays to the same result.
    let text = std::fs::read_to_string(&record).unwrap();
    let loaded = tabula_core::Record::from_json_str(&text).unwrap();
    assert_eq!(loaded.seats[1], "tester");
    let state = tabula_registry::registry().load_record(&loaded).unwrap();
    assert_eq!(state.returns(), app.session.state().returns());
    std::fs::remove_file(&record).ok();
    render(&app, 80, 24);
    press(&mut app, KeyCode::Enter);
    assert!(app.should_quit());
}

#[test]
fn every_rule_set_plays_to_the_end_by_keys() {
    let games = [
        (json!({"hands": 2, "deal": "holdem"}), "greedy"),
        (json!({"hands": 2, "deal": "stud", "players": 3}), "heuristic"),
        (json!({"hands": 2, "deal": "decouverte", "limit": "no-limit"}), "random"),
        (json!({"hands": 2, "rules": "canonical", "players": 3}), "greedy"),
        (json!({"hands": 2, "rules": "canonical", "scoring": "points"}), "random"),
        (json!({"hands": 3, "rules": "black-knight", "players": 3}), "greedy"),
        (json!({"hands": 2, "deck": "54", "table": "open", "house": 10}), "random"),
    ];
    for (i, (options, bot)) in games.into_iter().enumerate() {
        let mut app = app_with(options.clone(), 0, bot, 30 + i as u64);
        play_session(&mut app, "greedy", 7 + i as u64, |_| false);
        let screen = render(&app, 100, 32);
        assert!(screen.contains("Session over"), "{options}:\n{screen}");
        let hands = options["hands"].as_u64().unwrap() as usize;
        assert!(sabacc_screen(&app).tracker.hands().len() <= hands, "{options}");
        assert!(!sabacc_screen(&app).tracker.hands().is_empty(), "{options}");
    }
}

#[test]
fn the_raise_chooser_and_hotkeys() {
    // Seat 1 answers seat 0's forced opening bet; play on until the person may raise.
    let mut app = app_with(json!({"players": 3}), 1, "greedy", 4);
    for _ in 0..200 {
        app.settle();
        if close_summary(&mut app) {
            continue;
        }
        let table = Table::of(&app.session).unwrap();
        if Offer::read(&table.cfg, &app.session.legal()).raises.len() >= 2 {
            break;
        }
        let legal = app.session.legal();
        let first = legal.first().expect("a move").clone();
        type_command(&mut app, &first);
    }
    let table = Table::of(&app.session).unwrap();
    let offer = Offer::read(&table.cfg, &app.session.legal());
    assert!(offer.raises.len() >= 2, "a choice of raises");
    let screen = render(&app, 100, 32);
    assert!(screen.contains("raise ◀ 2 ▶"), "{screen}");
    press(&mut app, KeyCode::Right);
    let screen = render(&app, 100, 32);
    assert!(screen.contains("raise ◀ 4 ▶"), "{screen}");
    let level = table.state().level;
    press(&mut app, KeyCode::Char('r'));
    assert!(!app.status.error, "{}", app.status.text);
    assert_eq!(app.status.text, format!("You raise by 4 (bet {}, mouche 1).", level + 4));
    assert!(app.session.log().iter().any(|l| l.seat == Some(1) && l.text.starts_with("raise by 4")));
}

#[test]
fn refused_moves_say_why() {
    let mut app = app_with(json!({}), 1, "greedy", 3);
    app.settle();
    let history = app.session.state().history().len();
    type_command(&mut app, "raise 100");
    assert!(app.status.error);
    assert!(app.status.text.contains("multiples of the minimum bet"), "{}", app.status.text);
    type_command(&mut app, "raise 10");
    assert!(app.status.error);
    assert!(app.status.text.contains("at most 8"), "{}", app.status.text);
    type_command(&mut app, "block 2");
    assert!(app.status.error);
    assert!(app.status.text.contains("betting round"), "{}", app.status.text);
    type_command(&mut app, "announce sabacc");
    assert!(app.status.error);
    type_command(&mut app, "9");
    assert!(app.status.error);
    assert!(app.status.text.contains("no move 9"), "{}", app.status.text);
    press(&mut app, KeyCode::Char('t'));
    assert!(app.status.error, "t takes nothing in the betting");
    assert!(app.status.text.contains("`t` plays nothing now"), "{}", app.status.text);
    type_command(&mut app, "hello");
    assert!(app.status.error);
    assert!(app.status.text.contains("expected call, fold"), "{}", app.status.text);
    let screen = render(&app, 100, 32);
    assert!(screen.contains("✗"), "{screen}");
    assert_eq!(app.session.state().history().len(), history, "nothing was played");
    // Blocking: a digit toggles a card; a card that is not there is refused with the reason.
    for _ in 0..200 {
        app.settle();
        if close_summary(&mut app) {
            continue;
        }
        if sabacc_view(&app).state.phase == Phase::Window && app.session.is_human_turn() {
            break;
        }
        let legal = app.session.legal();
        let keep_on = ["call", "announce continue", "decline", "ready"];
        let action = legal.iter().find(|a| keep_on.contains(&a.as_str())).unwrap_or(&legal[0]).clone();
        type_command(&mut app, &action);
    }
    assert_eq!(sabacc_view(&app).state.phase, Phase::Window);
    press(&mut app, KeyCode::Char('2'));
    assert!(!app.status.error, "{}", app.status.text);
    let view = sabacc_view(&app);
    assert!(view.state.seats[1].hand.is_blocked(1), "card 2 is blocked");
    let screen = render(&app, 100, 32);
    assert!(
        screen.contains(&format!(
            "{}■",
            card_label(view.state.seats[1].hand.card(1), tabula_sabacc::DeckKind::Tarot)
        )),
        "{screen}"
    );
    press(&mut app, KeyCode::Char('2'));
    assert!(app.status.error, "the same card twice before a roll");
    assert!(app.status.text.contains("cannot be unblocked again"), "{}", app.status.text);
    press(&mut app, KeyCode::Char('7'));
    assert!(app.status.error);
    assert!(app.status.text.contains("not a card position") || app.status.text.contains("no card 7"));
    press(&mut app, KeyCode::Char('r'));
    assert!(!app.status.error, "{}", app.status.text);
    // Out of turn, keys say whom the game waits for.
    if !app.session.is_human_turn() && !app.session.is_over() {
        press(&mut app, KeyCode::Enter);
        assert!(app.status.text.starts_with("Waiting for") || app.status.text == "Dealing…");
    }
}

#[test]
fn hand_ends_show_only_what_the_rules_reveal() {
    let mut app = app_with(json!({"hands": 6}), 0, "greedy", 12);
    play_session(&mut app, "random", 3, |_| false);
    let hands = sabacc_screen(&app).tracker.hands();
    assert_eq!(hands.len(), 6);
    let mut showdowns = 0;
    let mut hidden = 0;
    for end in hands {
        let rec = &end.record;
        let winners = end.winners();
        let settlement = rec.settlement;
        let gains: i64 = end.gains.iter().sum();
        // The hand's gains and losses add up to what went into or came out of the Sabacc pot.
        assert!(gains <= 0 || settlement.sabacc > 0, "{gains} {settlement:?}");
        for (p, laid) in rec.seats().iter().enumerate() {
            let shown = laid.cards().iter().all(|c| !c.is_hidden());
            if p == 0 {
                assert!(shown, "the person sees their own cards");
            } else {
                // Another seat's card is seen only when it was laid on the table.
                for (i, c) in laid.cards().iter().enumerate() {
                    assert_eq!(c.is_hidden(), !laid.is_shown(i), "seat {p} card {i}: {laid:?}");
                }
                if rec.contenders >> p & 1 == 0 && !shown {
                    hidden += 1;
                }
            }
        }
        // A showdown winner's hand is on the table.
        if winners.len() == 1 && rec.contenders.count_ones() >= 2 && rec.seats()[winners[0]].fully_shown() {
            showdowns += 1;
        }
    }
    assert!(showdowns > 0, "some hand went to a showdown");
    assert!(hidden > 0, "some folded hand stayed hidden");
}

#[test]
fn a_hand_summary_shows_no_card_the_rules_keep_hidden() {
    // The summary is drawn from the view's record; the referee's record says which cards of
    // the other seats were never laid down: none of them is on the screen.
    let mut app = app_with(json!({"hands": 4, "players": 3, "deal": "holdem"}), 0, "random", 9);
    let registry = tabula_registry::registry();
    let mut me: Box<dyn DynBot> = registry.make_bot("sabacc", "greedy", &json!({}), 2).unwrap();
    let mut checked = 0;
    for _ in 0..20_000 {
        app.settle();
        if let Some(Overlay::Window(index)) = app.overlay {
            let screen = render(&app, 120, 40);
            let truth = referee(&app).showdown.expect("the referee's record");
            let end = &sabacc_screen(&app).tracker.hands()[index];
            assert_eq!(truth.hand, end.hand);
            for (p, laid) in truth.seats().iter().enumerate().filter(|&(p, _)| p != 0) {
                let name = app.session.name(p);
                let row = screen
                    .lines()
                    .find(|l| l.contains(&format!("│{name} ")) || l.contains(&format!(" {name} ")));
                let Some(row) = row else { continue };
                let words = tokens(row);
                let public: Vec<Card> =
                    (0..laid.cards().len()).filter(|&i| laid.is_shown(i)).map(|i| laid.cards()[i]).collect();
                for (i, &card) in laid.cards().iter().enumerate() {
                    if !laid.is_shown(i) && !public.contains(&card) && !truth.communal().contains(&card) {
                        assert!(
                            !words.contains(&card_label(card, tabula_sabacc::DeckKind::Tarot)),
                            "{name}'s unshown {card} shows:\n{screen}"
                        );
                    }
                }
                checked += 1;
            }
            press(&mut app, KeyCode::Enter);
            continue;
        }
        if app.session.is_over() {
            break;
        }
        let action = me.choose(app.session.state()).unwrap();
        type_command(&mut app, &action);
    }
    assert!(checked > 0, "some summaries were checked");
}

#[test]
fn many_seats_fit_and_every_window_renders_at_every_size() {
    for options in [json!({"players": 12}), json!({"players": 24, "decks": 2}), json!({})] {
        let mut app = app_with(options.clone(), 0, "random", 5);
        app.settle();
        let screen = render(&app, 80, 24);
        assert!(screen.contains("you"), "{options}:\n{screen}");
        assert!(screen.contains("Hand pot"), "{options}:\n{screen}");
        if options["players"] == 24 {
            assert!(screen.contains("more seats"), "{screen}");
        }
        let screen = render(&app, 120, 50);
        assert!(screen.contains("Your hand"), "{options}:\n{screen}");
        for overlay in [None, Some(Overlay::Help), Some(Overlay::ConfirmQuit)] {
            app.overlay = overlay;
            for (w, h) in [(80, 24), (100, 32), (132, 43), (250, 70), (79, 23), (20, 5), (1, 1)] {
                render(&app, w, h);
            }
        }
        app.overlay = None;
    }
    // A hand's summary at every size.
    let mut app = app_with(json!({"players": 3}), 0, "greedy", 5);
    for _ in 0..500 {
        app.settle();
        if matches!(app.overlay, Some(Overlay::Window(_))) {
            break;
        }
        let legal = app.session.legal();
        type_command(&mut app, legal.iter().find(|a| *a == "fold").unwrap_or(&legal[0]));
    }
    assert!(matches!(app.overlay, Some(Overlay::Window(_))));
    for (w, h) in [(80, 24), (100, 32), (132, 43), (250, 70), (79, 23), (1, 1)] {
        render(&app, w, h);
    }
    let screen = render(&app, 100, 32);
    assert!(screen.contains("Hand 1 of 10 is over"), "{screen}");
    app.overlay = Some(Overlay::Help);
    let help = render(&app, 100, 32);
    assert!(help.contains("Typing moves") && help.contains("announce continue"), "{help}");
}

#[test]
fn the_log_tells_the_hand_in_words() {
    let mut app = app_with(json!({"players": 3, "hands": 2}), 0, "greedy", 8);
    play_session(&mut app, "greedy", 2, |_| false);
    let log: Vec<String> = app
        .session
        .log()
        .iter()
        .map(|l| match l.seat {
            Some(seat) => format!("{} {}", app.session.name(seat), l.text),
            None => l.text.clone(),
        })
        .collect();
    let text = log.join("\n");
    for phrase in
        ["hand 1 of 2", "are dealt", "opens the betting with 2 (forced)", "rolls", "the session is over"]
    {
        assert!(text.contains(phrase), "missing {phrase:?}:\n{text}");
    }
    // The history's hidden cards stay hidden in the log: no `card ?`, no card of another
    // seat dealt face down.
    assert!(!text.contains("card ?"), "{text}");
    assert_eq!(app.session.turn(), Turn::Terminal);
}

/// `docs/play-sabacc-screenshot.txt` is what it says: the play screen at 100×32 in the middle of a
/// hand, a card blocked before the change roll. Run with
/// `TABULA_BLESS=1 cargo test -p tabula-cli docs_play_sabacc_screenshot_is_current` rewrites it.
#[test]
fn docs_play_sabacc_screenshot_is_current() {
    let mut app = app_with(json!({}), 0, "greedy", 3);
    // The second hand, at the blocking window.
    play_session(&mut app, "greedy", 5, |app| {
        let view = sabacc_view(app);
        view.state.hand_no >= 1 && view.state.phase == Phase::Window
    });
    press(&mut app, KeyCode::Char('1'));
    app.status.text = "Block the cards to keep through a change, then r: ready.".to_owned();
    let screen = render(&app, 100, 32);
    crate::play::tests::golden_screen("docs/play-sabacc-screenshot.txt", &screen);
}

#[test]
fn a_tie_goes_to_sudden_death_and_the_summary_shows_the_tied_hands() {
    // The first seed whose session ties at a showdown (the bots' draws decide it).
    let (app, index) = (1..60u64)
        .find_map(|seed| {
            let mut app = app_with(json!({"hands": 4}), 0, "random", seed);
            play_session(&mut app, "random", seed, |_| false);
            let index = sabacc_screen(&app).tracker.hands().iter().position(|h| !h.tied().is_empty())?;
            Some((app, index))
        })
        .expect("a tie in some session");
    let mut app = app;
    let hands = sabacc_screen(&app).tracker.hands();
    let tied = hands[index].tied();
    let rec = hands[index].record;
    assert!(tied.len() >= 2);
    for &p in &tied {
        let cards = rec.seats()[p].cards();
        assert!(!cards.is_empty() && cards.iter().all(|c| !c.is_hidden()), "the tied hands are shown");
    }
    let log: Vec<&str> = app.session.log().iter().map(|l| l.text.as_str()).collect();
    assert!(log.iter().any(|t| t.contains("tie with") && t.contains("sudden death")), "{log:?}");
    assert!(log.iter().filter(|t| t.ends_with("(sudden death)")).count() >= 3 * tied.len(), "{log:?}");
    app.overlay = Some(Overlay::Window(index));
    let screen = render(&app, 100, 32);
    assert!(screen.contains("Tied at the showdown"), "{screen}");
    for &p in &tied {
        let first = rec.seats()[p].cards()[0];
        assert!(screen.contains(&card_label(first, tabula_sabacc::DeckKind::Tarot)), "{screen}");
    }
}

#[test]
fn any_keys_never_panic() {
    let keys = [
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Tab,
        KeyCode::Backspace,
        KeyCode::Char(' '),
        KeyCode::Char(':'),
        KeyCode::Char('?'),
        KeyCode::Char('1'),
        KeyCode::Char('2'),
        KeyCode::Char('5'),
        KeyCode::Char('9'),
        KeyCode::Char('a'),
        KeyCode::Char('b'),
        KeyCode::Char('c'),
        KeyCode::Char('d'),
        KeyCode::Char('e'),
        KeyCode::Char('f'),
        KeyCode::Char('h'),
        KeyCode::Char('k'),
        KeyCode::Char('m'),
        KeyCode::Char('r'),
        KeyCode::Char('s'),
        KeyCode::Char('t'),
        KeyCode::Char('x'),
        KeyCode::Char('Z'),
    ];
    let rule_sets = [
        json!({"hands": 2}),
        json!({"hands": 2, "rules": "canonical", "players": 3}),
        json!({"hands": 2, "rules": "canonical", "scoring": "points", "players": 2}),
        json!({"hands": 2, "rules": "black-knight"}),
        json!({"hands": 2, "deal": "stud", "limit": "no-limit", "circuit_change": true}),
    ];
    for (n, options) in rule_sets.into_iter().enumerate() {
        let mut app = app_with(options, n % 2, "random", 40 + n as u64);
        let mut seed = 0x2545_F491_4F6C_DD1Du64 ^ n as u64;
        for step in 0..3000 {
            app.settle();
            if app.should_quit() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Never the quit keys: the walk goes on until the session ends.
            press(&mut app, keys[(seed % keys.len() as u64) as usize]);
            if app.overlay == Some(Overlay::ConfirmQuit) {
                press(&mut app, KeyCode::Esc);
            }
            if step % 300 == 0 {
                render(&app, 100, 32);
                render(&app, 80, 24);
            }
        }
        render(&app, 100, 32);
        let played = app.session.state().history().len();
        let over = app.session.is_over();
        assert!(
            over || played > 100,
            "the keys played the game on: {played} actions\n{}",
            render(&app, 100, 32)
        );
    }
}

#[test]
fn help_explains_the_card_names_and_the_levels() {
    let mut app = app_with(json!({}), 0, "greedy", 3);
    app.settle();
    press(&mut app, KeyCode::Char('?'));
    let mut seen = String::new();
    for _ in 0..6 {
        seen.push_str(&render(&app, 100, 32));
        press(&mut app, KeyCode::PageDown);
    }
    for text in ["T1 to T21", "knight", "Ns is the", "swords", "--vs easy|medium|hard"] {
        assert!(seen.contains(text), "{text:?} missing:\n{seen}");
    }
}

#[test]
fn hand_windows_say_out_and_agree_with_the_table() {
    // The seed of issue 11: a seat that said `see` while two went on was listed as if it
    // had played.
    let mut app = app_with(json!({"hands": 4}), 0, "greedy", 135769);
    let mut outs = 0;
    let mut windows = 0;
    let registry = tabula_registry::registry();
    let mut me: Box<dyn DynBot> = registry.make_bot("sabacc", "greedy", &json!({}), 1).unwrap();
    for _ in 0..5000 {
        app.settle();
        if let Some(Overlay::Window(index)) = app.overlay {
            windows += 1;
            let screen = render(&app, 80, 24);
            let end = &sabacc_screen(&app).tracker.hands()[index];
            let cfg = Table::of(&app.session).unwrap().cfg;
            let view = sabacc_view(&app);
            for (p, laid) in end.record.seats().iter().enumerate() {
                let name = app.session.name(p);
                let mut rows = screen.lines().skip_while(|l| !l.contains("seat      cards")).skip(1);
                let row =
                    rows.find(|l| l.starts_with(&format!("│{name} ")) || l.starts_with(&format!("│{name}★")));
                let Some(row) = row else { continue };
                if !laid.cards().is_empty() && !super::screen::in_showdown(&cfg, &end.record, p) {
                    assert!(row.contains("out: not in the showdown"), "{row}\n{screen}");
                    outs += 1;
                }
                // The money column is the table's money behind the window.
                let money = view.state.seats[p].stack.to_string();
                assert!(row.trim_end_matches('│').trim_end().ends_with(&money), "{money}: {row}\n{screen}");
            }
            press(&mut app, KeyCode::Enter);
            continue;
        }
        if app.session.is_over() {
            break;
        }
        let action = me.choose(app.session.state()).unwrap();
        type_command(&mut app, &action);
    }
    assert!(windows >= 3, "the hands' windows were seen");
    assert!(outs > 0, "some seat was out of a showdown");
}

#[test]
fn the_dice_line_shows_this_tours_roll_only() {
    let mut checked = 0;
    for seed in 1..6u64 {
        let mut app = app_with(json!({"hands": 2}), 0, "greedy", seed);
        play_session(&mut app, "greedy", seed, |app| {
            let state = sabacc_view(app).state;
            state.tour >= 2 && state.phase == Phase::Bet
        });
        if app.session.is_over() {
            continue;
        }
        let screen = render(&app, 100, 32);
        let dice = screen.lines().find(|l| l.contains("Dice ")).expect("the dice line");
        assert!(dice.contains("not rolled yet"), "tour 2 before its roll:\n{screen}");
        checked += 1;
    }
    assert!(checked > 0, "some hand reached a second tour");
}

#[test]
fn side_pots_are_told_one_by_one() {
    let settlement: tabula_sabacc::Settlement = serde_json::from_value(json!({
        "winners": 3, "pot": 30, "sabacc": 0,
        "pots": [
            {"amount": 12, "eligible": 7, "winners": 1},
            {"amount": 14, "eligible": 6, "winners": 2},
            {"amount": 4, "eligible": 4, "winners": 0}
        ]
    }))
    .unwrap();
    let names = ["you".to_owned(), "medium-1".to_owned(), "medium-2".to_owned()];
    let told = sabacc::pot_sentences(&settlement, &names);
    assert_eq!(
        told,
        [
            "main pot (12, open to you, medium-1 and medium-2): you",
            "side pot 1 (14, open to medium-1 and medium-2): medium-1",
            "side pot 2 (4, open to medium-2): no hand can win it, to the Sabacc pot",
        ]
    );
    let one: tabula_sabacc::Settlement =
        serde_json::from_value(json!({"winners": 1, "pot": 30, "sabacc": 0})).unwrap();
    assert!(sabacc::pot_sentences(&one, &names).is_empty(), "one pot needs no detail");
}
