//! `tabula play`: a game in the terminal against bots.
//!
//! The screen is a state machine ([`app::App`]) fed with keys and a clock, drawn by
//! [`ui::draw`] into any ratatui backend: the terminal here, a test buffer in the tests.
//! The app and the [`session`] know games only through [`screen::GameScreen`]; each game's
//! screen is a folder of [`games`] (Sabotage's table, Abagio's board, Sabacc's card table),
//! and any other game gets the generic screen ([`generic`]): its view as JSON and the legal
//! moves. Every finished game is saved in the folder of past games ([`archive`]).

pub(crate) mod app;
pub(crate) mod archive;
pub(crate) mod games;
pub(crate) mod generic;
pub(crate) mod overlay;
pub(crate) mod picker;
pub(crate) mod screen;
pub(crate) mod session;
pub(crate) mod ui;
pub(crate) mod widgets;

#[cfg(test)]
pub(crate) mod tests;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crossterm::event::{self, Event, KeyEventKind};
use serde_json::Value;

use app::App;
use session::{Config, Session};

/// Arguments of `tabula play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game id, e.g. `sabotage-pipes`.
    pub game: String,
    /// Your seat, from 0 (seat 0 plays first in the first round; default 0, or the first
    /// seat of `--team`).
    #[arg(long)]
    pub seat: Option<usize>,
    /// Your team, in a game played in teams: `spies` or `villains` in sabotage-spies (you
    /// take the first seat of that team; with --seat, the seat must be of that team).
    #[arg(long)]
    pub team: Option<String>,
    /// The bot in every other seat: a level (`easy`, `medium`, `hard`, and `expert` in the
    /// games that have it: Abagio) or a bot (`random`, `greedy`, `heuristic`, `rollout`,
    /// `mcts`, `ismcts`).
    #[arg(long, default_value = DEFAULT_VS)]
    pub vs: String,
    /// The bots' options as a JSON object, e.g. '{"samples":8}' for greedy or
    /// '{"iters":5000}' for mcts.
    #[arg(long, default_value = "{}")]
    pub bot_options: String,
    /// After each bot move, show in the log the moves its search weighed most, with their
    /// visits and values (searching bots only: mcts, ismcts, medium, hard).
    #[arg(long)]
    pub explain: bool,
    /// Seed of the deal and the bots (default: from the clock; shown on screen so a game
    /// can be played again).
    #[arg(long)]
    pub seed: Option<u64>,
    /// A ready-made set of options, by its name or number (`--preset canonical`, `--preset
    /// 2`; the game's presets are listed when none matches); `--options` then changes some
    /// of them. Without it, the game's defaults.
    #[arg(long)]
    pub preset: Option<String>,
    /// Game options as a JSON object, e.g. '{"players":4}'.
    #[arg(long, default_value = "{}")]
    pub options: String,
    /// Also write the game record (JSON) to this file when the game ends or you quit
    /// (every finished game is saved anyway: see `tabula replay --list`).
    #[arg(long, value_name = "FILE")]
    pub record_out: Option<PathBuf>,
    /// Pause before each bot move, in milliseconds, so you can follow the bots.
    #[arg(long, default_value_t = 300)]
    pub delay_ms: u64,
    /// Your name in the record (default: $USER, else `human`).
    #[arg(long)]
    pub name: Option<String>,
}

/// The opponent when `--vs` is not given: a level a newcomer can beat, but not by chance.
const DEFAULT_VS: &str = "medium";

/// A seed from the clock, for games started without `--seed`.
fn clock_seed() -> u64 {
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    // Keep seeds short enough to read off the screen and type back.
    (nanos as u64 ^ (nanos >> 64) as u64) % 1_000_000
}

fn parse_json(flag: &str, text: &str) -> Result<Value, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("{flag} is not JSON: {e}"))?;
    if value.is_object() {
        Ok(value)
    } else {
        Err(format!("{flag} must be a JSON object, like '{{\"players\":4}}'"))
    }
}

/// The options of `--preset` (by number from 1, or the first preset whose name holds the
/// words given, in any case), with `options` (from `--options`) over them.
fn with_preset(game: &str, preset: Option<&str>, options: Value) -> Result<Value, String> {
    let Some(asked) = preset else { return Ok(options) };
    let registry = tabula_registry::registry();
    // An unknown game is refused, with the games named, when the session starts.
    let Some(entry) = registry.entry(game) else { return Ok(options) };
    let presets = entry.spec.presets;
    let wanted = asked.trim().to_lowercase();
    let found = wanted
        .parse::<usize>()
        .ok()
        .and_then(|n| n.checked_sub(1))
        .and_then(|i| presets.get(i))
        .or_else(|| presets.iter().find(|p| p.name.to_lowercase().contains(&wanted)));
    let Some(preset) = found else {
        let list: Vec<String> =
            presets.iter().enumerate().map(|(i, p)| format!("{}. {}", i + 1, p.name)).collect();
        return Err(format!("{game} has no preset {asked:?}; its presets: {}", list.join(", ")));
    };
    let mut merged =
        tabula_core::Options::from_preset(entry.spec, preset).map_err(|e| e.to_string())?.to_json();
    if let (Some(m), Value::Object(given)) = (merged.as_object_mut(), options) {
        m.extend(given);
    }
    Ok(merged)
}

/// Reads the arguments into a session's configuration.
fn config(args: &Args) -> Result<Config, String> {
    let name = args
        .name
        .clone()
        .or_else(|| std::env::var("USER").ok())
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| "human".to_owned());
    let options = with_preset(&args.game, args.preset.as_deref(), parse_json("--options", &args.options)?)?;
    let seat = match &args.team {
        Some(team) => games::team_seat(&args.game, &options, team, args.seat)?,
        None => args.seat.unwrap_or(0),
    };
    Ok(Config {
        game: args.game.clone(),
        options,
        seat,
        bot: args.vs.clone(),
        bot_options: parse_json("--bot-options", &args.bot_options)?,
        seed: args.seed.unwrap_or_else(clock_seed),
        name,
        explain: args.explain,
    })
}

/// Plays a game in the terminal.
///
/// # Errors
/// Bad arguments (unknown game or bot, bad options, a seat the game lacks), no terminal
/// (stdin or stdout redirected), a terminal error, or a record that cannot be written.
pub fn run(args: Args) -> Result<(), String> {
    let registry = tabula_registry::registry();
    let config = config(&args)?;
    let session = Session::new(&registry, &config)?;
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err("`tabula play` needs a terminal: stdin and stdout must not be redirected. \
                    To drive a game from a program or a script, use `tabula engine` \
                    (JSON Lines on stdin/stdout; see docs/protocol.md)."
            .to_owned());
    }
    let mut app = App::new(session, games::screen_for(&args.game), Duration::from_millis(args.delay_ms));
    app.record_out = args.record_out.clone();
    app.archive = archive::folder();
    app.status.text = welcome(&args.vs, config.seat, tabula_ai::level::levels(&config.game));
    let mut terminal = ratatui::try_init().map_err(|e| format!("cannot set up the terminal: {e}"))?;
    let result = event_loop(&mut terminal, &mut app);
    ratatui::restore();
    result?;
    if !app.session.is_over() {
        app.save_unfinished();
    }
    match app.screen.verdict(&app.session) {
        Some(verdict) if app.session.is_over() => println!("Game over: {verdict}."),
        _ if app.session.is_over() => println!("Game over."),
        _ => println!("Game left after {} actions.", app.session.state().history().len()),
    }
    println!("To play this game again from the same start: {}", again(&args, &config, &program_name()));
    match app.saved {
        Some(Ok(path)) => {
            println!("Saved to {}.", path.display());
            if app.session.is_over() {
                println!("See it again with `{} replay --last`.", program_name());
            }
        }
        Some(Err(message)) => return Err(message),
        None => {}
    }
    Ok(())
}

/// The first message under the table: who the opponents are and how to change them.
fn welcome(vs: &str, seat: usize, levels: &[&str]) -> String {
    let level = if vs == DEFAULT_VS { format!("{vs} (the default)") } else { vs.to_owned() };
    format!(
        "You sit at seat {seat} against {level}: --vs {} picks the level. Press ? for help.",
        levels.join("|")
    )
}

/// How to run this program again: `tabula` when that is what `tabula` on the PATH runs,
/// else the path it was started by (`target/release/tabula` under `cargo run`).
fn program_name() -> String {
    let invoked = std::env::args().next().unwrap_or_else(|| "tabula".to_owned());
    let me = std::env::current_exe().ok().and_then(|p| p.canonicalize().ok());
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .any(|dir| {
            let candidate = dir.join(if cfg!(windows) { "tabula.exe" } else { "tabula" });
            candidate.canonicalize().ok().is_some_and(|found| Some(found) == me)
        });
    if on_path { "tabula".to_owned() } else { invoked }
}

/// The command that plays the same game again: the same game, options, seat, opponents,
/// bot options and seed (chance gives the same cards and dice for the same moves).
fn again(args: &Args, config: &Config, program: &str) -> String {
    let quote = |value: &serde_json::Value| format!("'{}'", value.to_string().replace('\'', "'\\''"));
    let mut words = vec![program.to_owned(), "play".to_owned(), args.game.clone()];
    if let Some(team) = &args.team {
        words.push(format!("--team {team}"));
    }
    if args.seat.is_some() || (args.team.is_none() && config.seat != 0) {
        words.push(format!("--seat {}", config.seat));
    }
    words.push(format!("--vs {}", args.vs));
    if config.bot_options.as_object().is_some_and(|o| !o.is_empty()) {
        words.push(format!("--bot-options {}", quote(&config.bot_options)));
    }
    if config.options.as_object().is_some_and(|o| !o.is_empty()) {
        words.push(format!("--options {}", quote(&config.options)));
    }
    if args.explain {
        words.push("--explain".to_owned());
    }
    words.push(format!("--seed {}", config.seed));
    words.join(" ")
}

fn event_loop(terminal: &mut ratatui::DefaultTerminal, app: &mut App) -> Result<(), String> {
    let io = |e: std::io::Error| format!("terminal error: {e}");
    while !app.should_quit() {
        app.tick(Instant::now());
        terminal.draw(|frame| ui::draw(frame, app)).map_err(io)?;
        if event::poll(app.wait_hint(Instant::now())).map_err(io)? {
            if let Event::Key(key) = event::read().map_err(io)? {
                if key.kind != KeyEventKind::Release {
                    app.on_key(key);
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod run_tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    fn args(line: &[&str]) -> Args {
        Cli::parse_from(std::iter::once("play").chain(line.iter().copied())).args
    }

    #[test]
    fn the_default_opponent_is_medium() {
        assert_eq!(args(&["abagio"]).vs, "medium");
        let sabacc = welcome("medium", 0, tabula_ai::level::levels("sabacc"));
        assert!(sabacc.contains("--vs easy|medium|hard picks the level"), "{sabacc}");
        let abagio = welcome("medium", 0, tabula_ai::level::levels("abagio"));
        assert!(abagio.contains("--vs easy|medium|hard|expert picks the level"), "{abagio}");
    }

    #[test]
    fn team_picks_the_seat_and_must_agree_with_seat() {
        let a = args(&["sabotage-spies", "--team", "spies"]);
        assert_eq!(config(&a).unwrap().seat, 2, "four players by default: the Spies sit at 2 and 3");
        let a = args(&["sabotage-spies", "--team", "spies", "--options", "{\"players\":2}"]);
        assert_eq!(config(&a).unwrap().seat, 1);
        assert!(again(&a, &config(&a).unwrap(), "tabula").contains("--team spies"));
        let a = args(&["sabotage-spies", "--team", "villains", "--seat", "3"]);
        let err = config(&a).unwrap_err();
        assert!(err.contains("disagree") && err.contains("seat 3 plays the spies"), "{err}");
        let a = args(&["sabotage-spies", "--team", "aliens"]);
        assert!(config(&a).unwrap_err().contains("`spies` and `villains`"));
        let a = args(&["abagio", "--team", "spies"]);
        assert!(config(&a).unwrap_err().contains("games played in teams, and abagio is not"));
        assert_eq!(config(&args(&["abagio"])).unwrap().seat, 0);
    }

    #[test]
    fn a_preset_sets_the_options_and_options_change_some() {
        let a = args(&["sabotage-spies", "--preset", "intro"]);
        let options = config(&a).unwrap().options;
        assert_eq!((options["intro"].as_bool(), options["players"].as_i64()), (Some(true), Some(2)));
        let a = args(&["sabacc", "--preset", "2", "--options", "{\"hands\":3}"]);
        let options = config(&a).unwrap().options;
        assert_eq!((options["rules"].as_str(), options["hands"].as_i64()), (Some("canonical"), Some(3)));
        let a = args(&["sabotage-spies", "--preset", "Full game, 4", "--team", "spies"]);
        assert_eq!(config(&a).unwrap().seat, 2, "the preset's four players: the Spies sit at 2 and 3");
        let err = config(&args(&["abagio", "--preset", "speed"])).unwrap_err();
        assert_eq!(err, "abagio has no preset \"speed\"; its presets: 1. The rulebook's game");
        // Played again, the options say it all.
        let a = args(&["abilene", "--preset", "short", "--seed", "4"]);
        let command = again(&a, &config(&a).unwrap(), "tabula");
        assert!(command.contains("\"short_game\":16"), "{command}");
    }

    #[test]
    fn again_keeps_everything_that_made_the_game() {
        let a = args(&[
            "sabacc",
            "--seed",
            "135769",
            "--vs",
            "hard",
            "--seat",
            "2",
            "--options",
            "{\"hands\":3}",
        ]);
        let command = again(&a, &config(&a).unwrap(), "target/release/tabula");
        assert_eq!(
            command,
            "target/release/tabula play sabacc --seat 2 --vs hard --options '{\"hands\":3}' --seed 135769"
        );
        let a = args(&["abagio"]);
        let config = config(&a).unwrap();
        let command = again(&a, &config, "tabula");
        assert_eq!(command, format!("tabula play abagio --vs medium --seed {}", config.seed));
    }
}
