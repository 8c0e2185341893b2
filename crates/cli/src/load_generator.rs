//! `tabula load`: a load generator for `tabula serve`. It keeps N games going at once, each
//! between two WebSocket clients that play random legal moves, starting a new game when one
//! ends, and reports the games held, the actions per second, the round trip of an action
//! (sent → its update received) at p50 and p99, and the errors.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

/// Arguments of `tabula load`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The server, as `tabula serve` printed it. Repeat it for several processes on one
    /// database: each game is opened on one, its second seat taken through the next, and
    /// each seat plays through a different one.
    #[arg(long = "url", default_value = "http://127.0.0.1:8080")]
    urls: Vec<String>,
    /// Games played at once (two WebSocket clients each).
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// How long to run, in seconds.
    #[arg(long, default_value_t = 30.0)]
    seconds: f64,
    /// The game played.
    #[arg(long, default_value = "abagio")]
    game: String,
    /// How long a client thinks before each move, in milliseconds, on average (drawn
    /// from half to one and a half times it; 0: at once, the most the server can take; a
    /// person takes seconds).
    #[arg(long, default_value_t = 0)]
    think_ms: u64,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Default)]
struct Stats {
    /// Round trips, in microseconds.
    trips: Vec<u64>,
    actions: u64,
    finished: u64,
    errors: u64,
    first_error: Option<String>,
}

impl Stats {
    fn error(&mut self, what: String) {
        self.errors += 1;
        self.first_error.get_or_insert(what);
    }
}

/// What a client reads of an update.
#[derive(serde::Deserialize)]
struct Brief {
    r#type: String,
    #[serde(default)]
    seq: u64,
    #[serde(default)]
    turn: Value,
    #[serde(default)]
    legal: Vec<String>,
    #[serde(default)]
    status: String,
    #[serde(default)]
    message: Value,
}

/// Runs the load.
///
/// # Errors
/// A URL that is not `http://HOST:PORT`, a server that cannot be reached.
pub fn run(args: Args) -> Result<(), String> {
    let hosts = args
        .urls
        .iter()
        .map(|url| {
            url.strip_prefix("http://")
                .map(|h| h.trim_end_matches('/').to_owned())
                .ok_or_else(|| format!("--url is http://HOST:PORT, not {url:?}"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if args.games == 0 || !(args.seconds > 0.0 && args.seconds.is_finite()) {
        return Err("--games and --seconds must be positive".into());
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start a runtime: {e}"))?;
    runtime.block_on(drive(args, hosts))
}

async fn drive(args: Args, hosts: Vec<String>) -> Result<(), String> {
    // One request first: a clear error if nothing listens there.
    for host in &hosts {
        http(host, "GET", "/api/games", "").await.map_err(|e| format!("http://{host}: {e}"))?;
    }
    let stats = Arc::new(Mutex::new(Stats::default()));
    let live = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let deadline = start + Duration::from_secs_f64(args.seconds);
    let mut tasks = Vec::new();
    let n = args.games as u64;
    for i in 0..args.games {
        // Game i is opened on process i, its second seat taken through the next one.
        let via: Vec<String> = (0..2).map(|k| hosts[(i + k) % hosts.len()].clone()).collect();
        let (game, stats, live) = (args.game.clone(), stats.clone(), live.clone());
        let think = Duration::from_millis(args.think_ms);
        tasks.push(tokio::spawn(async move {
            // Spread the starts over two seconds.
            tokio::time::sleep(Duration::from_micros(i as u64 * 2_000_000 / n)).await;
            let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
            while Instant::now() < deadline {
                live.fetch_add(1, Ordering::Relaxed);
                let outcome = one_game(&via, &game, &stats, &mut rng, deadline, think).await;
                live.fetch_sub(1, Ordering::Relaxed);
                if let Err(e) = outcome {
                    stats.lock().unwrap().error(e);
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        }));
    }
    // Sample how many games are being played, every 100 ms.
    let mut held = Vec::new();
    while Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
        held.push(live.load(Ordering::Relaxed));
    }
    let elapsed = start.elapsed().as_secs_f64();
    for t in &tasks {
        t.abort();
    }
    let mut s = stats.lock().unwrap();
    s.trips.sort_unstable();
    let pct = |p: f64| -> f64 {
        if s.trips.is_empty() {
            return 0.0;
        }
        let i = ((s.trips.len() - 1) as f64 * p).round() as usize;
        s.trips[i] as f64 / 1000.0
    };
    let settled: Vec<usize> = held.iter().skip(held.len() / 5).copied().collect();
    let mean_held = settled.iter().sum::<usize>() as f64 / settled.len().max(1) as f64;
    let report = json!({
        "game": args.game,
        "games": args.games,
        "think_ms": args.think_ms,
        "clients": args.games * 2,
        "seconds": elapsed,
        "games_held_mean": mean_held,
        "games_held_min": settled.iter().min().copied().unwrap_or(0),
        "games_finished": s.finished,
        "actions": s.actions,
        "actions_per_s": s.actions as f64 / elapsed,
        "round_trip_ms_p50": pct(0.50),
        "round_trip_ms_p99": pct(0.99),
        "round_trip_ms_max": pct(1.0),
        "errors": s.errors,
        "first_error": s.first_error,
    });
    if args.json {
        println!("{report}");
    } else {
        println!(
            "{} games of {} at once ({} clients) for {:.0} s: {:.0} games held on average (at least {}), {} finished\n\
             {} actions, {:.0} actions/s; round trip p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {} errors{}",
            args.games,
            args.game,
            args.games * 2,
            elapsed,
            mean_held,
            report["games_held_min"],
            s.finished,
            s.actions,
            s.actions as f64 / elapsed,
            pct(0.5),
            pct(0.99),
            pct(1.0),
            s.errors,
            s.first_error.as_deref().map(|e| format!(" (first: {e})")).unwrap_or_default(),
        );
    }
    Ok(())
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// Creates a table of two people, plays it to the end (or the deadline) from two sockets.
async fn one_game(
    via: &[String],
    game: &str,
    stats: &Mutex<Stats>,
    rng: &mut ChaCha8Rng,
    deadline: Instant,
    think: Duration,
) -> Result<(), String> {
    let body = json!({"game": game, "seats": ["human", "human"]}).to_string();
    let t = http(&via[0], "POST", "/api/tables", &body).await?;
    let id = t["table"].as_str().ok_or_else(|| format!("no table: {t}"))?.to_owned();
    let j = http(&via[1], "POST", &format!("/api/tables/{id}/join"), "{}").await?;
    let mut sockets = Vec::new();
    for (host, token) in via.iter().zip([&t["token"], &j["token"]]) {
        let token = token.as_str().ok_or("no token")?;
        let url = format!("ws://{host}/api/tables/{id}/ws?token={token}");
        let (ws, _) = tokio_tungstenite::connect_async(url).await.map_err(|e| format!("connect: {e}"))?;
        sockets.push(ws);
    }
    let b = sockets.pop().unwrap();
    let a = sockets.pop().unwrap();
    let (mut rng_a, mut rng_b) =
        (ChaCha8Rng::seed_from_u64(rng.random()), ChaCha8Rng::seed_from_u64(rng.random()));
    // Each seat reads its own socket: one thinking does not delay the other's reading.
    let (ra, rb) = tokio::join!(
        seat_loop(a, 0, stats, &mut rng_a, deadline, think),
        seat_loop(b, 1, stats, &mut rng_b, deadline, think)
    );
    if ra? {
        stats.lock().unwrap().finished += 1;
    }
    rb.map(|_| ())
}

/// Plays `seat` on its socket to the end of the game (true) or the deadline (false).
async fn seat_loop(
    mut ws: Ws,
    seat: usize,
    stats: &Mutex<Stats>,
    rng: &mut ChaCha8Rng,
    deadline: Instant,
    think: Duration,
) -> Result<bool, String> {
    // The seq it acted at, and when.
    let mut sent: Option<(u64, Instant)> = None;
    loop {
        let msg = tokio::select! {
            m = ws.next() => m,
            () = tokio::time::sleep_until(deadline.into()) => return Ok(false),
        };
        let text = match msg {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err(format!("socket: {e}")),
            None => return Err("the server closed a socket".into()),
        };
        let u: Brief = serde_json::from_str(&text).map_err(|e| format!("bad update: {e}"))?;
        if u.r#type == "error" {
            stats.lock().unwrap().error(format!("{}", u.message));
            continue;
        }
        if let Some((at, when)) = sent
            && u.seq > at
        {
            let mut s = stats.lock().unwrap();
            s.trips.push(when.elapsed().as_micros() as u64);
            s.actions += 1;
            sent = None;
        }
        if u.status == "over" {
            close(&mut ws).await;
            return Ok(true);
        }
        if u.turn["player"] == json!(seat) && !u.legal.is_empty() && sent.is_none_or(|(at, _)| at < u.seq) {
            if !think.is_zero() {
                // From half to one and a half times the think time: people do not move
                // in step.
                let ms = think.as_millis() as u64;
                tokio::time::sleep(Duration::from_millis(rng.random_range(ms / 2..=ms * 3 / 2))).await;
            }
            let action = &u.legal[rng.random_range(0..u.legal.len())];
            let msg = json!({"type": "act", "action": action, "seq": u.seq}).to_string();
            ws.send(Message::Text(msg.into())).await.map_err(|e| format!("send: {e}"))?;
            sent = Some((u.seq, Instant::now()));
        }
    }
}

async fn close(ws: &mut Ws) {
    let _ = ws.close(None).await;
}

/// One HTTP/1.1 request on its own connection; the JSON body.
async fn http(host: &str, method: &str, path: &str, body: &str) -> Result<Value, String> {
    let mut s = TcpStream::connect(host).await.map_err(|e| format!("connect: {e}"))?;
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.map_err(|e| e.to_string())?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await.map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&raw);
    let (head, rest) = text.split_once("\r\n\r\n").ok_or("a malformed HTTP answer")?;
    if !head.starts_with("HTTP/1.1 200") {
        return Err(format!("{method} {path}: {}", head.lines().next().unwrap_or("")));
    }
    let body = if head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        let mut out = String::new();
        let mut rest = rest;
        while let Some((size, tail)) = rest.split_once("\r\n") {
            let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            if n == 0 || tail.len() < n {
                break;
            }
            out.push_str(&tail[..n]);
            rest = tail[n..].strip_prefix("\r\n").unwrap_or("");
        }
        out
    } else {
        rest.to_owned()
    };
    serde_json::from_str(&body).map_err(|e| format!("{method} {path}: not JSON: {e}"))
}
