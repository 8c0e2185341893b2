//! `tabula`: play the games in the terminal, drive them over the engine protocol, replay
//! records, pit bots against each other and benchmark the rules and the search.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod arena;
mod bench;
mod engine;
mod load;
mod play;
mod replay;

/// tabula: five tabletop games, one engine.
#[derive(Parser)]
#[command(name = "tabula", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game in the terminal against bots.
    Play(play::Args),
    /// Speak the JSON Lines engine protocol on stdin/stdout (see docs/protocol.md).
    Engine,
    /// Step through a game record (or --last, the last game played) in the terminal,
    /// print it with --text, or --list the past games.
    Replay(replay::Args),
    /// Time random playouts or a bot in a release build; a table, or JSON with --json.
    Bench(bench::Args),
    /// Bots play many games against each other; a table of their strength.
    Arena(arena::Args),
    /// Serve tables over HTTP and WebSocket for people and bots (see docs/server.md).
    Serve(ServeArgs),
    /// A load generator for `tabula serve`: N games at once between WebSocket clients
    /// playing random moves; games held, actions per second, round trips, errors.
    Load(load::Args),
}

/// Arguments of `tabula serve`.
#[derive(clap::Args, Debug)]
struct ServeArgs {
    /// Where to listen, HOST:PORT (port 0 picks a free port; the line `listening on …`
    /// says which).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: std::net::SocketAddr,
    /// The database: `sqlite:PATH` or `postgres://USER@HOST/DB` (default: tabula.db in
    /// the user's data directory).
    #[arg(long)]
    db: Option<String>,
    /// Seconds a person may be disconnected, while another person at the table waits for
    /// them, before a bot of the table's level plays their seat (until they reconnect).
    #[arg(long, default_value_t = 60.0)]
    grace: f64,
}

fn serve(args: ServeArgs) -> Result<(), String> {
    let db = match args.db {
        Some(db) => db,
        None => tabula_server::default_db()?,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    if !(args.grace.is_finite() && args.grace >= 0.0 && args.grace <= 86_400.0) {
        return Err(format!("--grace is a number of seconds from 0 to 86400, not {}", args.grace));
    }
    let grace = std::time::Duration::from_secs_f64(args.grace);
    // What happens at the tables (a bot standing in, a clock run out, a storage error) goes
    // to stderr; no line names an action or anything a seat may not see.
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_max_level(tracing::Level::INFO)
        .with_target(false)
        .try_init();
    runtime.block_on(tabula_server::run(tabula_server::Config { addr: args.addr, db, grace }))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play(args) => play::run(args),
        Command::Engine => engine::run(),
        Command::Replay(args) => replay::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Arena(args) => arena::run(args),
        Command::Serve(args) => serve(args),
        Command::Load(args) => load::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tabula: {message}");
            ExitCode::FAILURE
        }
    }
}
