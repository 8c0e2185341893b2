//! The server facing strangers: the HTTP/1.1 connections it accepts (header and body
//! timeouts, idle keep-alive limits, TCP keepalive), and the limits it keeps per client
//! address (open connections, WebSockets per table, messages a second across all of an
//! address's WebSockets, tables opened a minute). docs/server.md, "Limits", lists them.
//!
//! The rate limits are `governor`'s (GCRA, keyed by address); the connection counts are
//! held by guards that give their place back when the connection ends, whatever ends it.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use governor::clock::{Clock, DefaultClock};
use governor::{Quota, RateLimiter};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tower_service::Service;

/// What the server allows each client, and how long it waits for one. The defaults are
/// well above what people at a friends' server ever do; a load test from one machine
/// needs them raised (`tabula serve --help`).
#[derive(Debug, Clone)]
pub struct Limits {
    /// The most connections (HTTP or WebSocket) open at once from one address.
    pub connections_per_ip: usize,
    /// The most WebSockets open at once from one address to one table.
    pub sockets_per_table_per_ip: usize,
    /// The messages one address may send a second, across all its WebSockets (past it,
    /// they are read more slowly: nothing is dropped, a flood waits).
    pub messages_per_ip: u32,
    /// The tables one address may open a minute (past it: `429 too_many_tables`).
    pub tables_per_minute_per_ip: u32,
    /// The sign-ins and new accounts one address may try a minute (past it:
    /// `429 too_many_tries`): a password is slow to check, on purpose.
    pub passwords_per_minute_per_ip: u32,
    /// How long a client has to send a request's headers; also how long a kept-alive
    /// connection may sit idle between requests.
    pub header_timeout: Duration,
    /// How long a client has to send a request's body.
    pub body_timeout: Duration,
    /// How often a WebSocket is pinged.
    pub ping_every: Duration,
    /// A WebSocket from which nothing (not even a pong) has come for this long is closed:
    /// its seat counts as disconnected, so the grace period and a bot standing in work for
    /// a peer that vanished without closing.
    pub silent_limit: Duration,
    /// How long a write to a WebSocket may take: a client that reads nothing for this long
    /// is closed (it would get only the latest state anyway, see [`crate::outbox`]).
    pub write_timeout: Duration,
    /// How long a table may wait for its seats to be taken before it expires.
    pub open_table_ttl: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            connections_per_ip: 256,
            sockets_per_table_per_ip: 16,
            messages_per_ip: 400,
            tables_per_minute_per_ip: 30,
            passwords_per_minute_per_ip: 20,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            ping_every: Duration::from_secs(15),
            silent_limit: Duration::from_secs(45),
            write_timeout: Duration::from_secs(20),
            open_table_ttl: Duration::from_secs(24 * 3600),
        }
    }
}

/// A keyed rate limiter (one bucket per address).
type Keyed = RateLimiter<IpAddr, governor::state::keyed::DefaultKeyedStateStore<IpAddr>, DefaultClock>;

/// The counts and rate limits kept per client address.
pub struct PerIp {
    limits: Limits,
    connections: Mutex<HashMap<IpAddr, usize>>,
    sockets: Mutex<HashMap<(IpAddr, String), usize>>,
    messages: Keyed,
    tables: Keyed,
    passwords: Keyed,
    /// The addresses of the other server processes on the same database: their
    /// connections carry many clients and are not counted.
    peers: std::sync::RwLock<std::collections::HashSet<IpAddr>>,
}

/// A place taken in one of [`PerIp`]'s counts, given back when dropped.
pub struct Place {
    per_ip: Arc<PerIp>,
    key: PlaceKey,
}

enum PlaceKey {
    Connection(IpAddr),
    Socket(IpAddr, String),
    Uncounted,
}

impl Drop for Place {
    fn drop(&mut self) {
        match &self.key {
            PlaceKey::Connection(ip) => release(&self.per_ip.connections, ip),
            PlaceKey::Socket(ip, table) => release(&self.per_ip.sockets, &(*ip, table.clone())),
            PlaceKey::Uncounted => {}
        }
    }
}

fn release<K: std::hash::Hash + Eq>(map: &Mutex<HashMap<K, usize>>, key: &K) {
    let mut map = map.lock().expect("a per-address count");
    if let Some(n) = map.get_mut(key) {
        *n -= 1;
        if *n == 0 {
            map.remove(key);
        }
    }
}

fn take<K: std::hash::Hash + Eq>(map: &Mutex<HashMap<K, usize>>, key: K, most: usize) -> bool {
    let mut map = map.lock().expect("a per-address count");
    let n = map.entry(key).or_insert(0);
    if *n >= most {
        return false;
    }
    *n += 1;
    true
}

fn quota(per: u32, every: Duration) -> Quota {
    let n = NonZeroU32::new(per.max(1)).expect("at least one");
    Quota::with_period(every / n.get()).expect("a period above zero").allow_burst(n)
}

impl PerIp {
    /// The counts for these limits, all empty.
    pub fn new(limits: Limits) -> Arc<PerIp> {
        Arc::new(PerIp {
            messages: RateLimiter::keyed(quota(limits.messages_per_ip, Duration::from_secs(1))),
            tables: RateLimiter::keyed(quota(limits.tables_per_minute_per_ip, Duration::from_secs(60))),
            passwords: RateLimiter::keyed(quota(limits.passwords_per_minute_per_ip, Duration::from_secs(60))),
            limits,
            connections: Mutex::new(HashMap::new()),
            sockets: Mutex::new(HashMap::new()),
            peers: std::sync::RwLock::default(),
        })
    }

    /// The limits kept.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// A connection from `ip`, if it has room for one more (another server process's
    /// always has).
    pub fn connection(self: &Arc<Self>, ip: IpAddr) -> Option<Place> {
        if self.peers.read().expect("the peers").contains(&ip) {
            return Some(Place { per_ip: Arc::clone(self), key: PlaceKey::Uncounted });
        }
        take(&self.connections, ip, self.limits.connections_per_ip)
            .then(|| Place { per_ip: Arc::clone(self), key: PlaceKey::Connection(ip) })
    }

    /// The addresses of the other server processes now.
    pub fn set_peers(&self, ips: std::collections::HashSet<IpAddr>) {
        *self.peers.write().expect("the peers") = ips;
    }

    /// A WebSocket from `ip` to `table`, if it has room for one more.
    pub fn socket(self: &Arc<Self>, ip: IpAddr, table: &str) -> Option<Place> {
        take(&self.sockets, (ip, table.to_owned()), self.limits.sockets_per_table_per_ip)
            .then(|| Place { per_ip: Arc::clone(self), key: PlaceKey::Socket(ip, table.to_owned()) })
    }

    /// Waits until `ip` may send one more message.
    pub async fn message(&self, ip: IpAddr) {
        while let Err(later) = self.messages.check_key(&ip) {
            tokio::time::sleep(later.wait_time_from(DefaultClock::default().now())).await;
        }
    }

    /// Whether `ip` may open a table now; if not, the seconds until it may.
    pub fn table(&self, ip: IpAddr) -> Result<(), u64> {
        self.tables
            .check_key(&ip)
            .map_err(|later| later.wait_time_from(DefaultClock::default().now()).as_secs().max(1))
    }

    /// Whether `ip` may try a password now; if not, the seconds until it may.
    pub fn password(&self, ip: IpAddr) -> Result<(), u64> {
        self.passwords
            .check_key(&ip)
            .map_err(|later| later.wait_time_from(DefaultClock::default().now()).as_secs().max(1))
    }

    /// Forgets the rate limits' addresses that are back to a full allowance (run now and
    /// then, so that the maps stay as small as the clients of the last minute).
    pub fn forget_idle(&self) {
        self.messages.retain_recent();
        self.tables.retain_recent();
        self.passwords.retain_recent();
        self.messages.shrink_to_fit();
        self.tables.shrink_to_fit();
        self.passwords.shrink_to_fit();
    }
}

/// The client's address, as the routes see it (an extension of every request).
#[derive(Debug, Clone, Copy)]
pub struct Peer(pub SocketAddr);

/// The connection a request came on: the WebSocket route keeps it for as long as its
/// socket lives, so an upgraded connection still counts against its address.
#[derive(Clone)]
pub struct ConnPlace(pub Arc<Place>);

/// Accepts connections for ever, each served by its own task: HTTP/1.1 with a timeout on
/// headers (and so on idle keep-alive), WebSocket upgrades, TCP keepalive; a connection
/// past its address's limit is closed at once.
pub async fn serve(listener: TcpListener, router: Router, per_ip: Arc<PerIp>) -> Result<(), String> {
    // The rate limiters forget quiet addresses now and then.
    let forget = Arc::clone(&per_ip);
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(60));
        loop {
            every.tick().await;
            forget.forget_idle();
        }
    });
    loop {
        let (tcp, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors, a connection reset before it was accepted: the
                // listener itself is fine; wait a moment rather than spin.
                tracing::warn!("accept: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Some(place) = per_ip.connection(peer.ip()) else {
            drop(tcp);
            continue;
        };
        let router = router.clone();
        let header_timeout = per_ip.limits.header_timeout;
        tokio::spawn(async move { connection(tcp, peer, router, Arc::new(place), header_timeout).await });
    }
}

/// TCP keepalive: a peer gone without a word (a cable pulled, a laptop closed) is noticed
/// by the kernel within about a minute even when nothing is being sent.
fn keepalive(tcp: &TcpStream) {
    let _ = tcp.set_nodelay(true);
    let params = socket2::TcpKeepalive::new()
        .with_time(Duration::from_secs(30))
        .with_interval(Duration::from_secs(10))
        .with_retries(3);
    let _ = socket2::SockRef::from(tcp).set_tcp_keepalive(&params);
}

async fn connection(
    tcp: TcpStream,
    peer: SocketAddr,
    router: Router,
    place: Arc<Place>,
    header_timeout: Duration,
) {
    keepalive(&tcp);
    let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
        req.extensions_mut().insert(Peer(peer));
        req.extensions_mut().insert(ConnPlace(Arc::clone(&place)));
        let mut router = router.clone();
        async move { router.call(req.map(axum::body::Body::new)).await }
    });
    let served = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout)
        .keep_alive(true)
        .serve_connection(TokioIo::new(tcp), service)
        .with_upgrades()
        .await;
    if let Err(e) = served {
        tracing::debug!("connection from {peer}: {e}");
    }
}
