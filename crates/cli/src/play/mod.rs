//! `tabula play`: a game in the terminal against bots.
//!
//! The screen is a state machine ([`app::App`]) fed with keys and a clock, drawn by
//! [`ui::draw`] into any ratatui backend: the terminal here, a test buffer in the tests.
//! Sabotage has its own table ([`sabotage_screen`]), Abagio its board ([`abagio_screen`]),
//! Sabacc its card table ([`sabacc_screen`]); any other game gets the generic screen
//! ([`generic`]): its view as JSON and the legal moves.

mod abagio;
mod abagio_screen;
mod app;
mod generic;
mod moves;
mod overlay;
mod sabacc;
mod sabacc_screen;
pub(crate) mod sabotage;
pub(crate) mod sabotage_screen;
mod session;
mod ui;

#[cfg(test)]
mod abagio_tests;
#[cfg(test)]
mod sabacc_tests;
#[cfg(test)]
mod tests;

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
    /// Your seat, from 0 (seat 0 plays first in the first round).
    #[arg(long, default_value_t = 0)]
    pub seat: usize,
    /// The bot in every other seat: a level (`easy`, `medium`, `hard`) or a bot
    /// (`random`, `greedy`, `heuristic`, `rollout`, `mcts`, `ismcts`).
    #[arg(long, default_value = "greedy")]
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
    /// Game options as a JSON object, e.g. '{"players":4}'.
    #[arg(long, default_value = "{}")]
    pub options: String,
    /// Write the game record (JSON) to this file when the game ends or you quit.
    #[arg(long, value_name = "FILE")]
    pub record_out: Option<PathBuf>,
    /// Pause before each bot move, in milliseconds, so you can follow the bots.
    #[arg(long, default_value_t = 300)]
    pub delay_ms: u64,
    /// Your name in the record (default: $USER, else `human`).
    #[arg(long)]
    pub name: Option<String>,
}

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

/// Reads the arguments into a session's configuration.
fn config(args: &Args) -> Result<Config, String> {
    let name = args
        .name
        .clone()
        .or_else(|| std::env::var("USER").ok())
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| "human".to_owned());
    Ok(Config {
        game: args.game.clone(),
        options: parse_json("--options", &args.options)?,
        seat: args.seat,
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
    let session = Session::new(&registry, &config(&args)?)?;
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err("`tabula play` needs a terminal: stdin and stdout must not be redirected. \
                    To drive a game from a program or a script, use `tabula engine` \
                    (JSON Lines on stdin/stdout; see docs/protocol.md)."
            .to_owned());
    }
    let mut app = App::new(session, Duration::from_millis(args.delay_ms), args.record_out.clone());
    let mut terminal = ratatui::try_init().map_err(|e| format!("cannot set up the terminal: {e}"))?;
    let result = event_loop(&mut terminal, &mut app);
    ratatui::restore();
    result?;
    if app.saved.is_none() || !app.session.is_over() {
        app.save_record();
    }
    let seed = app.session.seed();
    match (app.session.is_over(), app.session.sabotage_view()) {
        (true, Some(view)) => {
            let own = view.player as usize % 2;
            let (mine, theirs) = (view.totals[own], view.totals[1 - own]);
            let verdict = match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => "you win",
                std::cmp::Ordering::Less => "you lose",
                std::cmp::Ordering::Equal => "a tie",
            };
            println!("Game over: {mine} to {theirs}, {verdict}.");
        }
        (true, None) => match abagio::verdict(&app.session).or_else(|| sabacc::verdict(&app.session)) {
            Some(verdict) => println!("Game over: {verdict}."),
            None => println!("Game over: returns {:?}.", app.session.state().returns()),
        },
        (false, _) => println!("Game left after {} actions.", app.session.state().history().len()),
    }
    println!("Seed {seed}: `tabula play {} --seed {seed}` deals the same first hands.", args.game);
    match app.saved {
        Some(Ok(path)) => println!("Record saved to {}.", path.display()),
        Some(Err(message)) => return Err(message),
        None => {}
    }
    Ok(())
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
