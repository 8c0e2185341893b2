//! `tabula replay`: step through a game record in the terminal, or print it as text; list
//! the past games (every finished game of `tabula play` is saved) and open the last one.
//!
//! The record is replayed through the rules first, so a broken record is refused with the
//! number of the first action the rules refuse and why.

mod text;
mod timeline;
mod viewer;

use std::path::PathBuf;

pub use timeline::Timeline;

use crate::play::archive;

/// Arguments of `tabula replay`.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("which").required(true).args(["record", "last", "list"])))]
pub struct Args {
    /// The record (JSON), as `tabula play` saves it or `--record-out` writes it.
    pub record: Option<PathBuf>,
    /// Open the last game played (the newest in the folder of past games).
    #[arg(long)]
    pub last: bool,
    /// List the past games: date, game, options, seats, result (and each file).
    #[arg(long)]
    pub list: bool,
    /// Print the game as text (every step, the board or table, the result) instead of
    /// opening the viewer.
    #[arg(long)]
    pub text: bool,
    /// In a file of records, one per line (`tabula arena --records`), the game with this
    /// number (from 0, as the arena numbers them).
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
}

/// Replays a record: prints it with `--text`, else opens the viewer; or lists the past
/// games.
///
/// # Errors
/// A file that cannot be read or is not a record, a record the rules refuse (the message
/// names the action), no past game for `--last`, or no terminal for the viewer.
pub fn run(args: Args) -> Result<(), String> {
    let folder = || archive::folder().ok_or("no data directory is known here: set TABULA_DATA_DIR");
    if args.list {
        let folder = folder()?;
        let past = archive::list(&folder)?;
        if past.is_empty() {
            println!(
                "No past games in {}: every game `tabula play` finishes is saved there.",
                folder.display()
            );
        }
        let registry = tabula_registry::registry();
        // Each game's default options, so that a line shows only the options chosen.
        let defaults = |id: &str| {
            let game = registry.make(id, &serde_json::json!({})).ok()?;
            Some(game.new_state(0).record(Vec::new()).options)
        };
        for game in &past {
            let id = game.record.as_ref().map(|r| r.game.as_str()).unwrap_or_default();
            println!("{}", archive::summary(game, defaults(id).as_ref()));
        }
        return Ok(());
    }
    let path = match args.record {
        Some(path) => path,
        None => {
            let folder = folder()?;
            archive::list(&folder)?.pop().map(|past| past.path).ok_or_else(|| {
                format!("no past game yet in {}: play one with `tabula play`", folder.display())
            })?
        }
    };
    let registry = tabula_registry::registry();
    let timeline = match args.game {
        None => Timeline::open(&registry, &path)?,
        Some(n) => Timeline::open_line(&registry, &path, n)?,
    };
    if args.text {
        print!("{}", text::render(&timeline));
        Ok(())
    } else {
        viewer::run(timeline)
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use serde_json::json;
    use tabula_core::{Record, Turn};

    use super::timeline::Timeline;
    use super::viewer::Viewer;

    /// A whole game of random moves, as a record.
    fn random_record(options: serde_json::Value, seed: u64) -> Record {
        let registry = tabula_registry::registry();
        let game = registry.make("sabotage-pipes", &options).unwrap();
        let mut state = game.new_state(seed);
        let mut i = 0usize;
        while !state.is_terminal() {
            if state.turn() == Turn::Chance {
                state.sample_chance().unwrap();
            } else {
                let legal = state.legal_actions();
                state.apply(&legal[(i * 7919) % legal.len()]).unwrap();
                i += 1;
            }
        }
        let seats = (0..game.num_players()).map(|s| format!("p{s}")).collect();
        state.record(seats)
    }

    fn render(viewer: &Viewer) -> String {
        let mut terminal = Terminal::new(TestBackend::new(110, 34)).unwrap();
        terminal.draw(|frame| viewer.draw(frame)).unwrap();
        let buffer = terminal.backend().buffer();
        (0..buffer.area.height)
            .map(|y| (0..buffer.area.width).map(|x| buffer[(x, y)].symbol()).collect::<String>() + "\n")
            .collect()
    }

    #[test]
    fn text_shows_rounds_roofs_and_the_result() {
        let record = random_record(json!({}), 3);
        let timeline = Timeline::replay(&tabula_registry::registry(), record.clone()).unwrap();
        let text = super::text::render(&timeline);
        for round in 1..=4 {
            assert!(text.contains(&format!("Round {round} of 4, dealt by")), "{text}");
            assert!(text.contains(&format!("Round {round} over")), "{text}");
        }
        assert!(text.contains("+----+----+----+"), "{text}");
        assert!(text.contains("Game over: p0"), "{text}");
        assert!(text.contains(&format!("{} actions", record.actions.len())), "{text}");
        // Every player action is on a numbered line with its actor.
        let last = record.actions.len();
        assert!(text.lines().any(|l| l.trim_start().starts_with(&format!("{last} "))), "{text}");
    }

    #[test]
    fn four_player_text_names_teams() {
        let record = random_record(json!({"players": 4, "rounds": 1}), 5);
        let timeline = Timeline::replay(&tabula_registry::registry(), record).unwrap();
        let text = super::text::render(&timeline);
        assert!(text.contains("p0 & p2"), "{text}");
    }

    #[test]
    fn the_viewer_draws_the_play_screen_from_each_seat() {
        let record = random_record(json!({}), 4);
        let len = record.actions.len();
        let timeline = Timeline::replay(&tabula_registry::registry(), record).unwrap();
        let mut viewer = Viewer::new(timeline).unwrap();
        let key = |code| KeyEvent::new(code, KeyModifiers::NONE);
        let screen = render(&viewer);
        assert!(screen.contains("step 0 of"), "{screen}");
        viewer.on_key(key(KeyCode::Char('n')));
        assert!(viewer.step > 16, "the deal is skipped");
        let screen = render(&viewer);
        assert!(screen.contains("Your roof") && screen.contains("p1's roof"), "{screen}");
        assert!(screen.contains("Your hand ("), "{screen}");
        assert!(screen.contains("seen from seat 0 (p0)"), "{screen}");
        // Nobody is waited for in a replay: the screen says who plays next and how to see it.
        assert!(!screen.contains("Waiting for"), "{screen}");
        assert!(screen.contains("Next: chance, a roll or a card (→ shows it)."), "{screen}");
        viewer.on_key(key(KeyCode::Tab));
        assert_eq!(viewer.seat, 1);
        let screen = render(&viewer);
        assert!(screen.contains("seen from seat 1 (p1)") && screen.contains("p0's roof"), "{screen}");
        viewer.on_key(key(KeyCode::Char(']')));
        let screen = render(&viewer);
        assert!(screen.contains("Round 1 of 4 is over"), "{screen}");
        viewer.on_key(key(KeyCode::Right));
        assert!(!render(&viewer).contains("Round 1 of 4 is over"), "the window goes with its step");
        viewer.on_key(key(KeyCode::End));
        assert_eq!(viewer.step, len);
        assert!(render(&viewer).contains("Game over"));
        viewer.on_key(key(KeyCode::Right));
        assert_eq!(viewer.step, len);
        viewer.on_key(key(KeyCode::Home));
        viewer.on_key(key(KeyCode::Left));
        assert_eq!(viewer.step, 0);
        viewer.on_key(key(KeyCode::Char('q')));
        assert!(viewer.should_quit());
    }

    #[test]
    fn a_refused_action_is_named() {
        let mut record = random_record(json!({}), 6);
        // A player's move replaced by a chance outcome, which the rules refuse.
        let index = record.actions.iter().position(|a| a.ends_with(" own")).unwrap();
        record.actions[index] = "card Ao".to_owned();
        let err = Timeline::replay(&tabula_registry::registry(), record).err().unwrap();
        assert!(err.starts_with(&format!("action {} (`card Ao`)", index + 1)), "{err}");
    }
}
