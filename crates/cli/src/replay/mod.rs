//! `tabula replay`: step through a game record in the terminal, or print it as text.
//!
//! The record is replayed through the rules first, so a broken record is refused with the
//! number of the first action the rules refuse and why.

mod text;
mod timeline;
mod viewer;

use std::path::Path;

pub use timeline::Timeline;

/// Replays a record: prints it with `text`, else opens the viewer.
///
/// # Errors
/// A file that cannot be read or is not a record, a record the rules refuse (the message
/// names the action), or no terminal for the viewer.
pub fn run(record: &Path, text: bool) -> Result<(), String> {
    let registry = tabula_registry::registry();
    let timeline = Timeline::open(&registry, record)?;
    if text {
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
    fn the_viewer_steps_and_shows_every_hand() {
        let record = random_record(json!({}), 4);
        let len = record.actions.len();
        let timeline = Timeline::replay(&tabula_registry::registry(), record).unwrap();
        let mut viewer = Viewer::new(timeline);
        let key = |code| KeyEvent::new(code, KeyModifiers::NONE);
        let screen = render(&viewer);
        assert!(screen.contains("step 0 of"), "{screen}");
        viewer.on_key(key(KeyCode::Char('n')));
        assert!(viewer.step > 16, "the deal is skipped");
        let screen = render(&viewer);
        assert!(screen.contains("p0's roof") && screen.contains("p1's roof"), "{screen}");
        assert!(screen.contains("Hands"), "{screen}");
        viewer.on_key(key(KeyCode::Char(']')));
        let screen = render(&viewer);
        assert!(screen.contains("Round 1 is over"), "{screen}");
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
