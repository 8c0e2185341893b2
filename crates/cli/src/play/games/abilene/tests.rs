//! The Abilene screen in `tabula play`, without a terminal: keys in, a test buffer out.

use crossterm::event::KeyCode;
use serde_json::{Value, json};
use tabula_abilene::state::{BoyAt, CowAt, Stage};

use super::AbileneScreen;
use super::moves::Offer;
use super::table::{Table, cow_id, dollars, ranch};
use crate::play::app::{App, Overlay};
use crate::play::session::Config;
use crate::play::tests::{press, render, screen_of, type_command};

fn config(options: Value, bot: &str, seed: u64) -> Config {
    Config {
        game: "abilene".to_owned(),
        options,
        seat: 0,
        bot: bot.to_owned(),
        seed,
        name: "tester".to_owned(),
        ..Config::default()
    }
}

/// A game of four with the herds dealt by chance, against `bot`.
fn app_with(options: Value, seed: u64) -> App {
    let mut app = crate::play::tests::app_with(&config(options, "greedy", seed));
    app.settle();
    app
}

fn table(app: &App) -> Table {
    Table::of(&app.session).expect("a game of Abilene")
}

fn offer(app: &App) -> Offer {
    Offer::read(&table(app), &app.session.legal(), app.session.names())
}

/// Plays the person's seat with a greedy bot of its own (typing its moves), closing the
/// sale windows, until `stop` holds (checked before each of the person's moves) or the
/// game ends; returns whether `stop` held.
fn play_until(app: &mut App, seed: u64, mut stop: impl FnMut(&App) -> bool) -> bool {
    let registry = tabula_registry::registry();
    let mut me = registry.make_bot("abilene", "greedy", &json!({}), seed).unwrap();
    for _ in 0..20_000 {
        app.settle();
        if let Some(Overlay::Window(_)) = app.overlay {
            if stop(app) {
                return true;
            }
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
        type_command(app, &action);
        assert!(!app.status.error, "{action}: {}", app.status.text);
    }
    panic!("the game went on too long");
}

/// A game with the herds dealt by chance, played on until the person moves cows.
fn at_cattle(seed: u64) -> App {
    let mut app = app_with(random_herds(), seed);
    let found = play_until(&mut app, seed, |app| {
        app.overlay.is_none() && app.session.is_human_turn() && table(app).state().stage == Stage::Cattle
    });
    assert!(found, "the person never moved cows");
    app
}

fn random_herds() -> Value {
    json!({"placement": "random"})
}

#[test]
fn the_small_screen_shows_the_board_the_money_and_the_moves() {
    let app = at_cattle(3);
    assert!(app.session.is_human_turn());
    let t = table(&app);
    let state = t.state();
    let screen = render(&app, 80, 24);
    for text in ["TOWN", "Turn ", "cash", "debts", "prison", "Dice", "Your move", "you move cows"] {
        assert!(screen.contains(text), "missing {text:?}:\n{screen}");
    }
    for s in 0..4 {
        assert!(screen.contains(app.session.name(s)), "seat {s}:\n{screen}");
    }
    for s in 0..4 {
        let cash = dollars(i64::from(state.ranchers[s].cash));
        assert!(screen.contains(&cash), "{cash}:\n{screen}");
    }
    // The dice of the turn.
    for d in state.dice.light.iter().chain(&state.dice.dark) {
        assert!(screen.contains(&format!("[{d}]")), "die {d}:\n{screen}");
    }
    // Each rancher's cows are his letter on the board, his cowboys its lower case (the
    // legend's two rows start with `A cow` and `a boy`: their first seven columns are skipped).
    let board: String = screen
        .lines()
        .skip(1)
        .take(15)
        .enumerate()
        .map(|(i, l)| l.chars().take(31).skip(if i < 2 { 7 } else { 0 }).collect::<String>())
        .collect();
    for s in 0..4 {
        let letter = ranch(&t.cfg, s).letter();
        assert_eq!(board.matches(letter).count(), state.cows_in_ranch(s), "{letter}:\n{screen}");
        let boys = state.ranchers[s].cowboys.iter().filter(|b| matches!(b.at, BoyAt::Field(_))).count();
        assert_eq!(board.matches(letter.to_ascii_lowercase()).count(), boys, "{letter}:\n{screen}");
    }
    // The list offers the legal cow moves, numbered, grouped under their cow.
    let offer = offer(&app);
    let first = offer.moves()[0].action.clone();
    assert!(screen.contains(&format!(" 1 {first}")), "{first}:\n{screen}");
    assert!(screen.contains("Cow A"), "{screen}");
    let legal = app.session.legal();
    assert_eq!(offer.len(), legal.len(), "every legal move is offered once");
    assert!(offer.moves().iter().all(|c| legal.contains(&c.action)));
}

#[test]
fn the_wide_screen_names_the_fields_and_shows_every_piece() {
    let app = app_with(random_herds(), 3);
    let t = table(&app);
    let state = t.state();
    let screen = render(&app, 120, 40);
    for text in ["ABILENE", "The range", "Log", "rancher"] {
        assert!(screen.contains(text), "missing {text:?}:\n{screen}");
    }
    for (i, cow) in state.cows.iter().enumerate() {
        if let CowAt::Field(_) = cow.at {
            assert!(screen.contains(&cow_id(&t.cfg, i)), "cow {}:\n{screen}", cow_id(&t.cfg, i));
        }
    }
    for s in 0..4 {
        let tile = format!("‹{}›", ranch(&t.cfg, s).letter());
        let boys = state.ranchers[s].cowboys.iter().filter(|b| matches!(b.at, BoyAt::Field(_))).count();
        let legend = usize::from(s == 0);
        assert_eq!(screen.matches(&tile).count(), boys + legend, "{tile}:\n{screen}");
    }
    // Empty fields show their names: the outer edge is empty at the start.
    for name in ["a70", "b76", "d73", "e70", "c74", "f71"] {
        assert!(screen.contains(name), "{name}:\n{screen}");
    }
    // Abilene's neighbours are in the drawing's places: a20 just above the town.
    let lines: Vec<&str> = screen.lines().collect();
    let row = lines.iter().position(|l| l.contains("ABILENE")).unwrap();
    assert!(lines[row - 2].contains("a20 a21"), "{screen}");
    assert!(lines[row + 2].contains("d21 d20"), "{screen}");
}

#[test]
fn keys_choose_and_play_the_cows_then_the_cowboys() {
    let mut app = at_cattle(3);
    let first = offer(&app);
    let history = app.session.state().history().len();
    // Tab goes to the next cow's moves; Enter plays the row chosen.
    press(&mut app, KeyCode::Tab);
    let row = screen_of::<AbileneScreen>(&app).picker.row;
    assert_eq!(row, first.first_row(1));
    let chosen = first.moves()[row].action.clone();
    press(&mut app, KeyCode::Enter);
    assert!(!app.status.error, "{}", app.status.text);
    assert!(
        app.status.text.starts_with("You move cow") || app.status.text.starts_with("You drive"),
        "{}",
        app.status.text
    );
    assert_eq!(app.session.state().history().len(), history + 1);
    assert_eq!(app.session.seen().last().unwrap().text, chosen);
    // The light dice must be used while a cow can move (no pass): Enter plays on until
    // the cowboys' turn.
    assert!(!offer(&app).moves().iter().any(|c| c.action == "pass"));
    while offer(&app).groups.iter().any(|g| !g.title.starts_with("Cowboy")) {
        press(&mut app, KeyCode::Enter);
        assert!(!app.status.error, "{}", app.status.text);
    }
    // Now the cowboys: each row says what the move does.
    let boys = offer(&app);
    assert!(boys.groups.iter().all(|g| g.title.starts_with("Cowboy")), "{:?}", boys.groups);
    let screen = render(&app, 120, 40);
    assert!(screen.contains("Cowboy on"), "{screen}");
    press(&mut app, KeyCode::Char('2'));
    if !screen_of::<AbileneScreen>(&app).picker.typed.is_empty() {
        press(&mut app, KeyCode::Enter);
    }
    assert_eq!(screen_of::<AbileneScreen>(&app).picker.row, 1, "{}", app.status.text);
    press(&mut app, KeyCode::Enter);
    assert!(app.status.text.starts_with("You move a cowboy"), "{}", app.status.text);
    // A refused move explains the rule.
    type_command(&mut app, "cow a51 a20 3");
    assert!(app.status.error);
    assert!(app.status.text.contains("rules"), "{}", app.status.text);
}

#[test]
fn a_hidden_cow_shows_a_question_mark_and_a_steal_is_offered() {
    let mut app = app_with(random_herds(), 5);
    let found = play_until(&mut app, 5, |app| {
        app.overlay.is_none()
            && offer(app).moves().iter().any(|c| c.effect.starts_with("steals") && c.effect.contains("(?)"))
    });
    assert!(found, "no steal of an unknown cow was offered");
    let offer = offer(&app);
    let row = offer.moves().iter().position(|c| c.effect.contains("(?)")).unwrap();
    for _ in 0..row {
        press(&mut app, KeyCode::Down);
    }
    let screen = render(&app, 120, 40);
    assert!(screen.contains("steals") && screen.contains("(?)"), "{screen}");
    // The person's own cows are known: their brand and value show.
    let t = table(&app);
    let mine = t.state().cows.iter().position(|c| c.owner == 0 && c.id.0.is_some()).unwrap();
    assert!(tabula_abilene::words::cow_words(&t.cfg, t.state(), mine).contains('$'));
    // Another herd's cow the person never owned is `?`.
    let theirs = t.state().cows.iter().position(|c| c.known & 1 == 0 && c.at != CowAt::Sold).unwrap();
    assert!(tabula_abilene::words::cow_words(&t.cfg, t.state(), theirs).ends_with("(?)"));
    press(&mut app, KeyCode::Enter);
    assert!(!app.status.error, "{}", app.status.text);
    assert!(app.status.text.contains("stealing greedy"), "{}", app.status.text);
}

#[test]
fn a_sale_opens_a_window_with_the_cards_and_the_payments() {
    let mut app = app_with(random_herds(), 7);
    let found = play_until(&mut app, 7, |app| matches!(app.overlay, Some(Overlay::Window(_))));
    assert!(found, "no sale in the game");
    let screen = render(&app, 100, 32);
    for text in ["sold by", "The cow:", "The bank pays the seller", "in all from this sale", "Enter"] {
        assert!(screen.contains(text), "missing {text:?}:\n{screen}");
    }
    assert!(
        screen.contains("OK (own)") || screen.contains("– (none)") || screen.contains("? (other)"),
        "{screen}"
    );
    let small = render(&app, 80, 24);
    assert!(small.contains("The bank pays the seller"), "{small}");
    // The log masks the other seats' cards until the reveal, then tells the sale.
    let log: Vec<String> = app.session.log().iter().map(|l| l.text.clone()).collect();
    assert!(log.iter().any(|l| l.starts_with("sell") && l.contains("the corral cards")), "{log:?}");
    assert!(!log.iter().any(|l| l.contains("corral hidden")), "{log:?}");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.overlay, None);
}

#[test]
fn the_herd_is_placed_cow_by_cow_and_hidden_from_the_others() {
    let mut app = app_with(json!({"first": 1}), 2);
    // Seat 1 places first: the log tells its herd placed, values hidden.
    let log: Vec<String> = app.session.log().iter().map(|l| l.text.clone()).collect();
    assert!(log.iter().any(|l| l.contains("(values hidden)")), "{log:?}");
    assert!(app.session.is_human_turn());
    let screen = render(&app, 80, 24);
    assert!(screen.contains("Your herd: the cow on a51"), "{screen}");
    assert!(screen.contains("herd 1000"), "{screen}");
    type_command(&mut app, "5");
    assert!(!app.status.error, "{}", app.status.text);
    assert!(app.status.text.contains("A1 ($1,000, brand A) on a51"), "{}", app.status.text);
}

#[test]
fn a_short_game_ends_with_the_standings() {
    let mut app = app_with(json!({"placement": "random", "short_game": 2}), 11);
    play_until(&mut app, 11, |_| false);
    assert!(app.session.is_over());
    let t = table(&app);
    assert_eq!(t.state().stage, Stage::Over);
    let screen = render(&app, 100, 32);
    assert!(screen.contains("Game over:"), "{screen}");
    assert!(screen.contains("Final money"), "{screen}");
    for s in 0..4 {
        assert!(screen.contains(&dollars(t.state().final_money(s))), "seat {s}:\n{screen}");
    }
    let verdict = app.screen.verdict(&app.session).unwrap();
    assert!(verdict.contains("win") || verdict.contains("tie"), "{verdict}");
    // The replay's text tells every step, with the board at the end of each turn.
    let registry = tabula_registry::registry();
    let timeline = crate::replay::Timeline::replay(&registry, app.session.record()).unwrap();
    let text = crate::play::games::screen_for("abilene").replay_text(&timeline.history());
    for needle in ["rolls light", "ABILENE", "a70", "the corral cards", "cash", "Game over after"] {
        assert!(text.contains(needle), "missing {needle:?}");
    }
    assert!(!text.contains("herd ?"), "a replay shows everything");
}

#[test]
fn help_explains_the_board_and_the_notation() {
    let mut app = app_with(random_herds(), 3);
    press(&mut app, KeyCode::Char('?'));
    let mut seen = String::new();
    for _ in 0..6 {
        seen.push_str(&render(&app, 100, 32));
        press(&mut app, KeyCode::PageDown);
    }
    for text in ["Abilene", "corral card", "Typing moves", "cow a52 a21 3", "borrow 1000"] {
        assert!(seen.contains(text), "missing {text:?}:\n{seen}");
    }
}

/// `docs/play-abilene-screenshot.txt` is the play screen at 120×40 a few turns into a game,
/// a cowboy's moves listed. `TABULA_BLESS=1 cargo test -p tabula-cli
/// docs_play_abilene_screenshot_is_current` rewrites it.
#[test]
fn docs_play_abilene_screenshot_is_current() {
    let mut app = app_with(random_herds(), 4);
    play_until(&mut app, 4, |app| {
        let t = table(app);
        app.overlay.is_none()
            && t.state().turns >= 12
            && t.state().stage == Stage::Cowboys
            && offer(app).groups.len() > 1
    });
    app.status.text =
        "Your turn: choose a cowboy's move with ↑/↓ (Tab: the next cowboy), then Enter.".to_owned();
    let screen = render(&app, 120, 40);
    crate::play::tests::golden_screen("docs/play-abilene-screenshot.txt", &screen);
}
