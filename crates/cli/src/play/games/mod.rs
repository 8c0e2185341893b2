//! Each game's screen, one folder per game, and the one list of them.
//!
//! A game's folder holds its screen (a [`GameScreen`]: drawing, keys, the moves it offers,
//! the log's sentences, its windows, its help and its `replay --text` printout) and the
//! screen's tests, in the same files by role in every game: `mod.rs` the screen, `table.rs`
//! the view in words (the log's sentences, the verdict), `moves.rs` the moves offered and
//! the choosing of one, `screen.rs` the drawing and the help, `text.rs` the printout,
//! `tests.rs` the tests. Abbott's Sabotage, whose view needs few words, reads it in
//! `mod.rs` and has `cards.rs` for its cards and roofs drawn; Fowers' Sabotage keeps the
//! log's sentences (what each team hears) apart in `log.rs`. A game with no folder here
//! gets the generic screen ([`super::generic::GenericScreen`]): its view as JSON and its
//! legal moves by number.

/// The [`GameScreen`] methods a game's folder gives by role, the same in every game: the
/// command line's example (`COMMAND_EXAMPLE` in `mod.rs`), the help window
/// (`screen::help_lines`), the `replay --text` printout (`text::render`) and, for tests, the
/// screen as `Any`. Written inside the game's `impl GameScreen`, after its own methods.
macro_rules! screen_by_role {
    () => {
        #[cfg(test)]
        fn as_any(&self) -> &dyn std::any::Any {
            self
        }

        fn command_example(&self) -> &'static str {
            COMMAND_EXAMPLE
        }

        fn help(&self) -> Vec<ratatui::text::Line<'static>> {
            screen::help_lines()
        }

        fn replay_text(&self, history: &crate::play::screen::History) -> String {
            text::render(history)
        }
    };
}

pub mod abagio;
pub mod abilene;
pub mod sabacc;
pub mod sabotage_pipes;
pub mod sabotage_spies;

use super::generic::GenericScreen;
use super::screen::GameScreen;

/// Makes a game's screen.
type MakeScreen = fn() -> Box<dyn GameScreen>;

/// Every game with a screen of its own: its id and how to make the screen. A new game's
/// screen adds its folder and one line here.
const SCREENS: &[(&str, MakeScreen)] = &[
    ("sabotage-pipes", || Box::<sabotage_pipes::SabotageScreen>::default()),
    ("abagio", || Box::<abagio::AbagioScreen>::default()),
    ("sabacc", || Box::<sabacc::SabaccScreen>::default()),
    ("abilene", || Box::<abilene::AbileneScreen>::default()),
    ("sabotage-spies", || Box::<sabotage_spies::SpiesScreen>::default()),
];

/// The seat that `--team` names in game `id` (checked against `--seat` when given).
///
/// # Errors
/// A game not played in teams, a team the game does not have, or a seat of another team.
pub fn team_seat(
    id: &str,
    options: &serde_json::Value,
    team: &str,
    seat: Option<usize>,
) -> Result<usize, String> {
    if id == "sabotage-spies" {
        return sabotage_spies::team_seat(options, team, seat);
    }
    let registry = tabula_registry::registry();
    match registry.entry(id) {
        None => Err(format!("unknown game `{id}`")),
        Some(entry) if !entry.spec.teams => {
            Err(format!("--team is for games played in teams, and {id} is not: pick your seat with --seat"))
        }
        Some(_) => Err(format!(
            "--team names the teams of sabotage-spies (spies, villains); {id}'s teams have no names: pick your seat with --seat"
        )),
    }
}

/// The screen for game `id`: its own, else the generic one.
pub fn screen_for(id: &str) -> Box<dyn GameScreen> {
    match SCREENS.iter().find(|(game, _)| *game == id) {
        Some((_, make)) => make(),
        None => Box::<GenericScreen>::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_game_with_a_screen_is_known() {
        let registry = tabula_registry::registry();
        for (id, _) in SCREENS {
            assert!(registry.entry(id).is_some(), "{id} has a screen but is not registered");
        }
        assert!(screen_for("nim").as_any().is::<GenericScreen>());
        assert!(screen_for("abagio").as_any().is::<abagio::AbagioScreen>());
    }
}
