//! `tabula`: play the games in the terminal, drive them over the engine protocol, replay
//! records, pit bots against each other and benchmark the rules and the search.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod arena;
mod bench;
mod engine;
mod load_generator;
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
    Load(load_generator::Args),
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
    /// An origin (as a browser writes it: `https://games.example.org`) whose pages may
    /// use this server besides its own address; repeat for several. Needed where people
    /// reach the server by a name, or through a proxy.
    #[arg(long = "public-origin", value_name = "ORIGIN")]
    public_origins: Vec<String>,
    /// The most connections open at once from one address.
    #[arg(long, default_value_t = tabula_server::Limits::default().connections_per_ip)]
    max_connections_per_ip: usize,
    /// The most WebSockets open at once from one address to one table.
    #[arg(long, default_value_t = tabula_server::Limits::default().sockets_per_table_per_ip)]
    max_sockets_per_table: usize,
    /// The messages one address may send a second, across all its WebSockets.
    #[arg(long, default_value_t = tabula_server::Limits::default().messages_per_ip)]
    max_messages_per_second: u32,
    /// The tables one address may open a minute.
    #[arg(long, default_value_t = tabula_server::Limits::default().tables_per_minute_per_ip)]
    max_tables_per_minute: u32,
    /// The passwords one address may try a minute (new accounts and sign-ins together).
    #[arg(long, default_value_t = tabula_server::Limits::default().passwords_per_minute_per_ip)]
    max_passwords_per_minute: u32,
    /// Hours a table may wait for its seats to be taken before it expires.
    #[arg(long, default_value_t = 24.0)]
    open_table_hours: f64,
    /// How the other processes on the same PostgreSQL database reach this one
    /// (`http://10.0.0.5:8080`; default: the listen address).
    #[arg(long, value_name = "URL")]
    peer_url: Option<String>,
    /// Seconds after which a silent process's tables are taken over by another.
    #[arg(long, default_value_t = tabula_server::STALE_AFTER.as_secs_f64())]
    stale_after: f64,
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
    if !(args.open_table_hours.is_finite()
        && args.open_table_hours > 0.0
        && args.open_table_hours <= 24.0 * 365.0)
    {
        return Err(format!(
            "--open-table-hours is a number of hours above 0, at most a year, not {}",
            args.open_table_hours
        ));
    }
    let positive = |name: &str, n: u64| {
        if n == 0 { Err(format!("--{name} is at least 1")) } else { Ok(()) }
    };
    positive("max-connections-per-ip", args.max_connections_per_ip as u64)?;
    positive("max-sockets-per-table", args.max_sockets_per_table as u64)?;
    positive("max-messages-per-second", args.max_messages_per_second.into())?;
    positive("max-tables-per-minute", args.max_tables_per_minute.into())?;
    positive("max-passwords-per-minute", args.max_passwords_per_minute.into())?;
    let mut config = tabula_server::Config::new(args.addr, db);
    config.grace = grace;
    config.public_origins = args.public_origins;
    config.peer_url = args.peer_url;
    if !(args.stale_after.is_finite() && (3.0..=3600.0).contains(&args.stale_after)) {
        return Err(format!(
            "--stale-after is a number of seconds from 3 (above the 2 s heartbeat) to 3600, not {}",
            args.stale_after
        ));
    }
    config.stale_after = std::time::Duration::from_secs_f64(args.stale_after);
    config.limits.connections_per_ip = args.max_connections_per_ip;
    config.limits.sockets_per_table_per_ip = args.max_sockets_per_table;
    config.limits.messages_per_ip = args.max_messages_per_second;
    config.limits.tables_per_minute_per_ip = args.max_tables_per_minute;
    config.limits.passwords_per_minute_per_ip = args.max_passwords_per_minute;
    config.limits.open_table_ttl = std::time::Duration::from_secs_f64(args.open_table_hours * 3600.0);
    // What happens at the tables (a bot standing in, a clock run out, a storage error) goes
    // to stderr; no line names an action or anything a seat may not see.
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_max_level(tracing::Level::INFO)
        .with_target(false)
        .try_init();
    runtime.block_on(tabula_server::run(config))
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
        Command::Load(args) => load_generator::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tabula: {message}");
            ExitCode::FAILURE
        }
    }
}
